//! `BoardBuilder` and `PositionError`: every suite position comes back
//! unchanged through the builder and equals what FEN reading gives; every
//! `PositionError` is reachable both from the builder and from FEN text;
//! random placements never panic and, when accepted, are sound boards.

use crate::common::{cpw_suite, fischer_suite, parse, standard_suite};
use arbitrary::{Arbitrary, Unstructured};
use magicboard::{
    Board, BoardBuilder, CastlingMode, CastlingSide, Color, FenError, File, Piece, PieceKind,
    PositionError, Square,
};
use pretty_assertions::assert_eq;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The builder filled square by square from `board`'s queries (not with
/// `from_board`), as a position editor would.
fn rebuilt(board: &Board) -> BoardBuilder {
    let mut builder = BoardBuilder::new();
    for index in 0..64 {
        let sq = Square::from_index(index).unwrap();
        if let Some(piece) = board.piece_on(sq) {
            builder = builder.piece(sq, piece);
        }
    }
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if let Some(file) = board.castling_rights().rook_file(color, side) {
                builder = builder.castling(color, side, file);
            }
        }
    }
    builder
        .side_to_move(board.side_to_move())
        .castling_mode(magicboard::CastlingMode::from_chess960(board.is_chess960()))
        .en_passant(board.en_passant())
        .halfmove_clock(board.halfmove_clock())
        .fullmove_number(board.fullmove_number())
}

/// The builder as its documentation promises it.
#[test]
fn the_documented_builder_calls_work() {
    let board: Result<Board, PositionError> = BoardBuilder::new()
        .piece(Square::E1, Piece::new(Color::White, PieceKind::King))
        .piece(Square::H1, Piece::new(Color::White, PieceKind::Rook))
        .piece(Square::E8, Piece::new(Color::Black, PieceKind::King))
        .side_to_move(Color::Black)
        .castling(Color::White, CastlingSide::KingSide, File::H)
        .castling_mode(CastlingMode::Standard)
        .en_passant(None)
        .halfmove_clock(0)
        .fullmove_number(1)
        .build();
    let board = board.unwrap();
    assert_eq!(
        board,
        Board::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 0 1").unwrap()
    );
    let again = BoardBuilder::from_board(&board);
    assert_eq!(again.build(), Ok(board));
}

#[test]
fn every_suite_position_round_trips_through_the_builder() {
    let suites = [
        (standard_suite(), false),
        (fischer_suite(), true),
        (cpw_suite(), false),
    ];
    let mut checked = 0;
    for (suite, chess960) in suites {
        for entry in suite {
            let board = parse(&entry.fen, chess960);
            assert_eq!(
                BoardBuilder::from_board(&board).build(),
                Ok(board.clone()),
                "{}",
                entry.fen
            );
            let built = rebuilt(&board).build().unwrap();
            assert_eq!(built, board, "{}", entry.fen);
            assert_eq!(built.hash(), board.hash(), "{}", entry.fen);
            checked += 1;
        }
    }
    assert_eq!(checked, 128 + 960 + 7);
}

#[test]
fn positions_reached_by_play_round_trip_through_the_builder() {
    // En-passant squares and lost rights come from play, not the suites.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(20);
    for game in 0..200 {
        let mut board = if game % 4 == 0 {
            Board::chess960_startpos(rng.random_range(0..960)).unwrap()
        } else {
            Board::startpos()
        };
        for _ in 0..rng.random_range(1..80) {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.make_move(moves[rng.random_range(0..moves.len())]);
            assert_eq!(BoardBuilder::from_board(&board).build(), Ok(board.clone()));
            assert_eq!(rebuilt(&board).build(), Ok(board.clone()));
        }
    }
}

fn king(color: Color) -> Piece {
    Piece::new(color, PieceKind::King)
}

fn piece(color: Color, kind: PieceKind) -> Piece {
    Piece::new(color, kind)
}

/// Every `PositionError`, each from the builder and from the FEN of the
/// same position.
#[test]
fn every_position_error_is_reachable_from_the_builder_and_from_fen() {
    use Color::{Black, White};
    let kings = BoardBuilder::new()
        .piece(Square::E1, king(White))
        .piece(Square::E8, king(Black));
    let cases: Vec<(BoardBuilder, &str, PositionError)> = vec![
        (
            BoardBuilder::new().piece(Square::E8, king(Black)),
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            PositionError::KingCount {
                color: White,
                count: 0,
            },
        ),
        (
            kings.clone().piece(Square::A8, king(Black)),
            "k3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            PositionError::KingCount {
                color: Black,
                count: 2,
            },
        ),
        (
            kings
                .clone()
                .piece(Square::A1, piece(White, PieceKind::Pawn)),
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            PositionError::PawnOnBackRank(Square::A1),
        ),
        (
            (0..9).fold(kings.clone(), |b, i| {
                let sq = Square::from_index(16 + i).unwrap();
                b.piece(sq, piece(White, PieceKind::Pawn))
            }),
            "4k3/8/8/8/8/1P6/PPPPPPPP/4K3 w - - 0 1",
            PositionError::TooMuchMaterial(White),
        ),
        (
            kings
                .clone()
                .castling(White, CastlingSide::KingSide, File::H),
            "4k3/8/8/8/8/8/8/4K3 w H - 0 1",
            PositionError::BadCastlingRights {
                color: White,
                side: CastlingSide::KingSide,
                file: Some(File::H),
            },
        ),
        (
            kings
                .clone()
                .piece(Square::D5, piece(Black, PieceKind::Pawn))
                .en_passant(Some(Square::D5)),
            "4k3/8/8/3p4/8/8/8/4K3 w - d5 0 1",
            PositionError::EnPassantWrongRank(Square::D5),
        ),
        (
            kings.clone().en_passant(Some(Square::D6)),
            "4k3/8/8/8/8/8/8/4K3 w - d6 0 1",
            PositionError::EnPassantWithoutPawn(Square::D6),
        ),
        (
            kings
                .clone()
                .piece(Square::E4, piece(White, PieceKind::Rook)),
            "4k3/8/8/8/4R3/8/8/4K3 w - - 0 1",
            PositionError::OppositeCheck,
        ),
        (
            kings
                .clone()
                .side_to_move(Black)
                .piece(Square::E4, piece(White, PieceKind::Rook))
                .piece(Square::A4, piece(White, PieceKind::Bishop))
                .piece(Square::F6, piece(White, PieceKind::Knight)),
            "4k3/8/5N2/8/B3R3/8/8/4K3 b - - 0 1",
            PositionError::TooManyCheckers,
        ),
    ];
    for (builder, fen, expected) in cases {
        assert_eq!(builder.build(), Err(expected), "builder for {fen}");
        assert_eq!(
            Board::from_fen(fen),
            Err(FenError::Position(expected)),
            "{fen}"
        );
        assert!(!expected.to_string().is_empty());
        // The FEN error's source is the position error.
        let err = FenError::Position(expected);
        let source = std::error::Error::source(&err).map(|e| e.to_string());
        assert_eq!(source, Some(expected.to_string()));
    }
}

#[test]
fn the_builder_and_fen_agree_on_the_castling_mode() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let built = BoardBuilder::from_board(&Board::startpos())
        .castling_mode(CastlingMode::Chess960)
        .build()
        .unwrap();
    assert_eq!(
        built,
        Board::from_fen_with(fen, magicboard::CastlingMode::Chess960).unwrap()
    );
}

/// A few kilobytes of bytes from a seeded generator.
fn bytes(rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    (0..rng.random_range(16..400))
        .map(|_| rng.random::<u8>())
        .collect()
}

#[test]
fn random_placements_never_panic_and_accepted_ones_are_sound() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xb0a2d);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..3000 {
        let data = bytes(&mut rng);
        let builder = BoardBuilder::arbitrary(&mut Unstructured::new(&data)).unwrap();
        let Ok(board) = builder.build() else {
            refused += 1;
            continue;
        };
        accepted += 1;
        assert!(board.is_consistent(), "{board:?}");
        // Text and builder agree, and the board comes back unchanged.
        let fen = board.to_shredder_fen();
        assert_eq!(
            Board::from_fen_with(&fen, magicboard::CastlingMode::Chess960)
                .map(|b| b.to_shredder_fen()),
            Ok(fen.clone())
        );
        assert_eq!(BoardBuilder::from_board(&board).build(), Ok(board.clone()));
        // The fast generator agrees with the make/unmake reference.
        let mut fast = board.legal_moves();
        let mut reference = board.legal_moves_by_make_unmake();
        fast.sort();
        reference.sort();
        assert_eq!(fast, reference, "{fen}");
    }
    // About a third is accepted (most refusals: the side not to move in check).
    assert!(accepted > 600, "{accepted} accepted, {refused} refused");
    assert!(refused > 0);
}

#[test]
fn anything_placed_gives_an_error_or_a_board_never_a_panic() {
    // Whole boards of one piece, ten kings, forty pawns, rights with no
    // rook, en passant with no pawn: each only an error.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for _ in 0..2000 {
        let mut builder = BoardBuilder::new();
        for _ in 0..rng.random_range(0..70) {
            let sq = Square::from_index(rng.random_range(0..64)).unwrap();
            let color = if rng.random::<bool>() {
                Color::White
            } else {
                Color::Black
            };
            let kind = PieceKind::ALL[rng.random_range(0..6)];
            builder = builder.piece(sq, Piece::new(color, kind));
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if rng.random_range(0..3) == 0 {
                    let file = File::from_index(rng.random_range(0..8));
                    builder = builder.castling(color, side, file);
                }
            }
        }
        if rng.random::<bool>() {
            builder = builder.en_passant(Square::from_index(rng.random_range(0..64)));
        }
        if let Ok(board) = builder.build() {
            assert!(board.is_consistent());
        }
    }
}
