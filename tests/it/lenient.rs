//! Lenient boards: positions no game reaches (pawns on a back rank, more
//! material than a game has, three checkers), counted as python-chess
//! counts them. The expected counts are python-chess's, in
//! `tests/data/lenient.epd` (written by `tests/data/lenient.py`: three
//! positions from public perft suites' bug reports, three written for the
//! first-rank pawn's rules, and random lenient positions with a fixed
//! seed); python/tests re-checks the file against python-chess when CI has
//! it.

use crate::common::data_path;
use magicboard::{
    Board, BoardBuilder, CastlingMode, Color, FenError, Move, Perft, PerftTable, Piece, PieceKind,
    PositionError, Square, perft,
};

/// The positions of `tests/data/lenient.epd` with their counts by depth.
fn suite() -> Vec<(String, Vec<u64>)> {
    let path = data_path("lenient.epd");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        let counts = parts
            .enumerate()
            .map(|(i, field)| {
                let (depth, n) = field.trim().split_once(' ').unwrap();
                assert_eq!(depth, format!("D{}", i + 1), "{line}");
                n.parse().unwrap()
            })
            .collect();
        out.push((fen, counts));
    }
    assert!(out.len() >= 60, "lenient.epd holds {} positions", out.len());
    out
}

fn lenient(fen: &str) -> Board {
    Board::from_fen_lenient(fen, CastlingMode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn perft_counts_are_python_chess_counts() {
    let mut checked = 0;
    for (fen, counts) in suite() {
        let board = lenient(&fen);
        for (i, &expected) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(perft(&board, depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    assert!(checked > 200);
}

/// Every way to count agrees on lenient boards: every leaf made (full),
/// through a table (twice, so the second run reads what the first wrote),
/// divided, and on the mirrored board.
#[test]
fn every_walk_and_the_mirror_agree() {
    let table = PerftTable::new(4);
    for (fen, counts) in suite() {
        let board = lenient(&fen);
        let depth = counts.len().min(3) as u32;
        let expected = counts[depth as usize - 1];
        assert_eq!(
            Perft::new(depth).full().count(&board),
            expected,
            "full {fen}"
        );
        for _ in 0..2 {
            assert_eq!(
                Perft::new(depth).table(&table).count(&board),
                expected,
                "table {fen}"
            );
        }
        let divided: u64 = Perft::new(depth)
            .divide(&board)
            .iter()
            .map(|(_, n)| n)
            .sum();
        assert_eq!(divided, expected, "divide {fen}");
        assert_eq!(perft(&board.mirror(), depth), expected, "mirror {fen}");
    }
}

/// The fast generator against the reference (make/unmake) filter, and the
/// one-move tests against the list, on each position and its children;
/// every move keeps the board consistent and unmakes exactly.
#[test]
fn generators_and_move_tests_agree_two_plies_down() {
    for (fen, _) in suite() {
        let root = lenient(&fen);
        let mut boards = vec![root.clone()];
        for mv in root.legal_moves() {
            boards.push(root.play(mv).unwrap());
        }
        for board in boards {
            let fast = board.legal_moves();
            #[cfg(feature = "reference")]
            {
                let mut fast = fast.clone();
                let mut slow = board.legal_moves_by_make_unmake();
                fast.sort();
                slow.sort();
                assert_eq!(fast, slow, "{}", board.to_fen());
            }
            assert!(fast.len() < magicboard::MAX_MOVES);
            assert_eq!(board.count_legal_moves(), fast.len() as u64);
            for bits in (0..=u16::MAX).step_by(7) {
                let mv = Move::from_bits(bits);
                assert_eq!(
                    board.is_legal(mv),
                    fast.contains(&mv),
                    "{mv:?} {}",
                    board.to_fen()
                );
            }
            let mut scratch = board.clone();
            for &mv in fast.iter() {
                assert!(board.is_pseudo_legal(mv));
                let undo = scratch.make_move(mv);
                assert!(scratch.is_consistent(), "{mv} on {}", board.to_fen());
                assert_eq!(scratch.hash(), board.hash_after(mv));
                scratch.unmake_move(mv, undo);
                assert!(scratch == board);
                let san = board.to_san(mv);
                assert_eq!(board.parse_san(&san), Ok(mv), "{san} on {}", board.to_fen());
            }
            // FEN round trip through the lenient parser.
            assert_eq!(lenient(&board.to_fen()), board);
        }
    }
}

/// A pawn on its first rank double-steps as from its second, but leaves no
/// en-passant square (python-chess's rule), so the pawn beside it cannot
/// take en passant.
#[test]
fn a_first_rank_double_step_makes_no_en_passant_square() {
    let board = lenient("4k3/8/8/8/8/1p6/8/P3K3 w - - 0 1");
    let a1a3 = board.parse_uci("a1a3").unwrap();
    let after = board.play(a1a3).unwrap();
    assert_eq!(after.en_passant(), None);
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/Pp6/8/4K3 b - - 0 1");
    assert!(after.parse_uci("b3a2").is_err());
    // The ordinary double step beside the same pawn makes one.
    let normal = Board::from_fen("4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1").unwrap();
    let after = normal.play(normal.parse_uci("a2a4").unwrap()).unwrap();
    assert_eq!(after.en_passant(), Some(Square::A3));
}

/// What stays refused: a missing king, the side not to move in check, and
/// material a move list has no room for; everything a strict build refuses
/// for reachability is accepted.
#[test]
fn what_lenient_still_refuses() {
    let refuse = |fen: &str, expected: PositionError| {
        assert_eq!(
            Board::from_fen_lenient(fen, CastlingMode::Standard),
            Err(FenError::Position(expected)),
            "{fen}"
        );
    };
    refuse(
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        PositionError::KingCount {
            color: Color::Black,
            count: 0,
        },
    );
    refuse(
        "4k3/8/8/8/8/8/8/4QK2 w - - 0 1",
        PositionError::OppositeCheck,
    );
    refuse(
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        PositionError::BadCastlingRights {
            color: Color::White,
            side: magicboard::CastlingSide::KingSide,
            file: None,
        },
    );
    refuse(
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        PositionError::EnPassantWrongRank(Square::E3),
    );

    // Nine queens and a king: 10 + 9 * 27 = 253 moves at most, accepted;
    // ten queens, 280, refused.
    let queens = |n: usize| {
        let mut builder = BoardBuilder::new()
            .piece(Square::A1, Piece::new(Color::White, PieceKind::King))
            .piece(Square::H8, Piece::new(Color::Black, PieceKind::King))
            .lenient(true);
        // None on a line to h8.
        let squares = [
            Square::B1,
            Square::C1,
            Square::D1,
            Square::E1,
            Square::F1,
            Square::G1,
            Square::A2,
            Square::C2,
            Square::D2,
            Square::E2,
        ];
        for &sq in &squares[..n] {
            builder = builder.piece(sq, Piece::new(Color::White, PieceKind::Queen));
        }
        builder.build()
    };
    let nine = queens(9).unwrap();
    assert!(nine.legal_moves().len() <= 253);
    assert_eq!(
        queens(10),
        Err(PositionError::TooMuchMaterial(Color::White))
    );
    assert_eq!(
        queens(9).unwrap().legal_moves().len() as u64,
        perft(&nine, 1)
    );

    // Each of the relaxed rules, refused strictly and accepted leniently.
    for (fen, strict) in [
        (
            "3Pk3/8/8/8/8/8/8/4K3 w - - 0 1",
            PositionError::PawnOnBackRank(Square::D8),
        ),
        (
            "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1",
            PositionError::TooMuchMaterial(Color::Black),
        ),
        (
            "4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1",
            PositionError::TooManyCheckers,
        ),
    ] {
        assert_eq!(
            Board::from_fen(fen),
            Err(FenError::Position(strict)),
            "{fen}"
        );
        let board = lenient(fen);
        assert_eq!(
            BoardBuilder::from_board(&board).build(),
            Ok(board.clone()),
            "{fen}"
        );
    }
    // Three checkers: only the king moves.
    let triple = lenient("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1");
    assert!(triple.legal_moves().iter().all(|m| m.from() == Square::E1));
}

/// Random lenient placements, crowded ones too (up to 60 pieces, queens by
/// the dozen, pawns on every rank, both kings in check): each gives a board
/// or an error, never a panic; each board's moves fit the list, the fast
/// generator agrees with the reference, every move makes and unmakes
/// exactly, the walks agree two plies down, and its FEN reads back through
/// the lenient parser.
#[test]
fn random_lenient_placements_give_a_board_or_an_error() {
    use magicboard::CastlingSide;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(154);
    let (mut built, mut refused) = (0, 0);
    for _ in 0..6000 {
        let mut builder = BoardBuilder::new().lenient(true);
        let crowd = if rng.random_bool(0.2) { 60 } else { 14 };
        for _ in 0..rng.random_range(0..crowd) {
            let sq = Square::from_index(rng.random_range(0..64)).unwrap();
            let color = if rng.random::<bool>() {
                Color::White
            } else {
                Color::Black
            };
            let kind = PieceKind::ALL[rng.random_range(0..5)];
            builder = builder.piece(sq, Piece::new(color, kind));
        }
        // Two kings (last, so that no piece replaces them) most of the
        // time, so that many placements are boards.
        if rng.random_range(0..8) != 0 {
            for color in Color::ALL {
                let sq = Square::from_index(rng.random_range(0..64)).unwrap();
                builder = builder.piece(sq, Piece::new(color, PieceKind::King));
            }
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if rng.random_range(0..16) == 0 {
                    let file = magicboard::File::from_index(rng.random_range(0..8));
                    builder = builder.castling(color, side, file);
                }
            }
        }
        if rng.random_range(0..16) == 0 {
            builder = builder.en_passant(Square::from_index(rng.random_range(0..64)));
        }
        if rng.random::<bool>() {
            builder = builder.side_to_move(Color::Black);
        }
        let Ok(board) = builder.build() else {
            refused += 1;
            continue;
        };
        built += 1;
        assert!(board.is_consistent());
        let fast = board.legal_moves();
        assert!(fast.len() < magicboard::MAX_MOVES, "{}", board.to_fen());
        #[cfg(feature = "reference")]
        {
            let mut fast = fast.clone();
            let mut slow = board.legal_moves_by_make_unmake();
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "{}", board.to_fen());
        }
        let mut scratch = board.clone();
        for &mv in fast.iter() {
            let undo = scratch.make_move(mv);
            assert!(scratch.is_consistent(), "{mv} on {}", board.to_fen());
            assert_eq!(scratch.hash(), board.hash_after(mv));
            scratch.unmake_move(mv, undo);
            assert!(scratch == board, "{mv} on {}", board.to_fen());
        }
        assert_eq!(
            Perft::new(2).full().count(&board),
            perft(&board, 2),
            "{}",
            board.to_fen()
        );
        let mode = CastlingMode::from_chess960(board.is_chess960());
        assert_eq!(
            Board::from_fen_lenient(&board.to_fen(), mode).as_ref(),
            Ok(&board),
            "{}",
            board.to_fen()
        );
    }
    assert!(
        built > 1500 && refused > 1000,
        "{built} built, {refused} refused"
    );
}
