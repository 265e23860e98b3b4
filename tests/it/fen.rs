//! FEN parsing: each rule's error, round trips, and random mutations of
//! valid FENs (which must never panic, and must either be rejected or give
//! a board that prints and re-parses to itself).

use crate::common;

use crate::common::{cpw_suite, fischer_suite, standard_suite};
use magicboard::{Board, CastlingSide, Color, FenError, File, PositionError, Rank, Square, perft};
use pretty_assertions::assert_eq;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn err(fen: &str) -> FenError {
    match Board::from_fen(fen) {
        Ok(b) => panic!("{fen:?} was accepted as {b:?}"),
        Err(e) => e,
    }
}

/// Each case is a FEN that is valid but for one rule, and the error that
/// rule gives.
#[track_caller]
fn assert_rejects(cases: &[(&str, FenError)]) {
    for (fen, expected) in cases {
        assert_eq!(&err(fen), expected, "error for {fen:?}");
        // The error names the problem in text too.
        assert!(!expected.to_string().is_empty());
    }
}

#[test]
fn the_fens_the_error_cases_are_made_from_are_valid() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
    ] {
        Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen:?}: {e}"));
    }
}

#[test]
fn wrong_field_count() {
    assert_rejects(&[
        ("", FenError::WrongFieldCount(0)),
        ("   ", FenError::WrongFieldCount(0)),
        ("4k3/8/8/8/8/8/8/4K3", FenError::WrongFieldCount(1)),
        ("4k3/8/8/8/8/8/8/4K3 w -", FenError::WrongFieldCount(3)),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0", FenError::WrongFieldCount(5)),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",
            FenError::WrongFieldCount(7),
        ),
    ]);
}

#[test]
fn wrong_rank_count() {
    assert_rejects(&[
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", FenError::WrongRankCount(7)),
        (
            "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::WrongRankCount(9),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3/ w - - 0 1",
            FenError::WrongRankCount(9),
        ),
    ]);
}

#[test]
fn rank_not_summing_to_8() {
    let eighth = FenError::BadRankLength { rank: Rank::Eighth };
    let first = FenError::BadRankLength { rank: Rank::First };
    assert_rejects(&[
        ("4k2/8/8/8/8/8/8/4K3 w - - 0 1", eighth.clone()),
        ("4k4/8/8/8/8/8/8/4K3 w - - 0 1", eighth.clone()),
        ("44k3/8/8/8/8/8/8/4K3 w - - 0 1", eighth),
        ("4k3/8/8/8/8/8/8/4K3p w - - 0 1", first.clone()),
        ("4k3/8/8/8/8/8/8/ w - - 0 1", first),
        (
            "4k3/8/8/8/8/8/7/4K3 w - - 0 1",
            FenError::BadRankLength { rank: Rank::Second },
        ),
    ]);
}

#[test]
fn unknown_character() {
    assert_rejects(&[
        (
            "4k3/8/8/8/8/8/8/4K2x w - - 0 1",
            FenError::UnknownCharacter('x'),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
                .replace("K3", "K2é")
                .as_str(),
            FenError::UnknownCharacter('é'),
        ),
        (
            "4k3/8/8/9/8/8/8/4K3 w - - 0 1",
            FenError::UnknownCharacter('9'),
        ),
        (
            "4k3/8/8/08/8/8/8/4K3 w - - 0 1",
            FenError::UnknownCharacter('0'),
        ),
        (
            "4k3/8/8/8/8/8/8/4K2🦀 w - - 0 1",
            FenError::UnknownCharacter('🦀'),
        ),
    ]);
}

#[test]
fn bad_side_to_move() {
    for side in ["W", "B", "x", "white", "-", "é"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 {side} - - 0 1");
        assert_eq!(err(&fen), FenError::BadSideToMove, "{fen:?}");
    }
}

#[test]
fn king_count() {
    assert_rejects(&[
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            FenError::Position(PositionError::KingCount {
                color: Color::White,
                count: 0,
            }),
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            FenError::Position(PositionError::KingCount {
                color: Color::White,
                count: 2,
            }),
        ),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::Position(PositionError::KingCount {
                color: Color::Black,
                count: 0,
            }),
        ),
        (
            "k6k/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::Position(PositionError::KingCount {
                color: Color::Black,
                count: 2,
            }),
        ),
    ]);
}

#[test]
fn pawn_on_first_or_last_rank() {
    assert_rejects(&[
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            FenError::Position(PositionError::PawnOnBackRank(Square::A1)),
        ),
        (
            "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::Position(PositionError::PawnOnBackRank(Square::H8)),
        ),
        (
            "p3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::Position(PositionError::PawnOnBackRank(Square::A8)),
        ),
        (
            "4k3/8/8/8/8/8/8/4K2p w - - 0 1",
            FenError::Position(PositionError::PawnOnBackRank(Square::H1)),
        ),
    ]);
}

#[test]
fn too_much_material() {
    assert_rejects(&[
        // Nine pawns.
        (
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            FenError::Position(PositionError::TooMuchMaterial(Color::White)),
        ),
        // Eight pawns and a second queen: no pawn left to have promoted.
        (
            "3qkq2/pppppppp/8/8/8/8/8/4K3 w - - 0 1",
            FenError::Position(PositionError::TooMuchMaterial(Color::Black)),
        ),
    ]);
}

#[test]
fn side_not_to_move_in_check() {
    assert_rejects(&[
        // White to move, Black's king on e8 attacked by the e1 rook.
        (
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            FenError::Position(PositionError::OppositeCheck),
        ),
        // Black to move, White's king attacked by a knight.
        (
            "4k3/8/8/8/8/5n2/8/4K3 b - - 0 1",
            FenError::Position(PositionError::OppositeCheck),
        ),
    ]);
}

#[test]
fn too_many_checkers() {
    // Rook e8, knight d3 and bishop b4 all attack the white king on e1.
    assert_rejects(&[(
        "k3r3/8/8/8/1b6/3n4/8/4K3 w - - 0 1",
        FenError::Position(PositionError::TooManyCheckers),
    )]);
    // Two checkers are possible (a discovered double check).
    Board::from_fen("k3r3/8/8/8/8/3n4/8/4K3 w - - 0 1").unwrap();
}

#[test]
fn en_passant_square_not_a_square() {
    for ep in ["e9", "i6", "e", "e66", "E6", "é6", "66"] {
        let fen = format!("4k3/8/8/3pP3/8/8/8/4K3 w - {ep} 0 1");
        assert_eq!(err(&fen), FenError::BadEnPassant, "{fen:?}");
    }
}

#[test]
fn en_passant_square_on_the_wrong_rank() {
    assert_rejects(&[
        // White to move: the square must be on the sixth rank.
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1",
            FenError::Position(PositionError::EnPassantWrongRank(Square::D3)),
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1",
            FenError::Position(PositionError::EnPassantWrongRank(Square::D5)),
        ),
        // Black to move: on the third.
        (
            "4k3/8/8/8/3Pp3/8/8/4K3 b - d6 0 1",
            FenError::Position(PositionError::EnPassantWrongRank(Square::D6)),
        ),
    ]);
}

#[test]
fn en_passant_square_without_the_double_pushed_pawn() {
    assert_rejects(&[
        // No black pawn on d5.
        (
            "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1",
            FenError::Position(PositionError::EnPassantWithoutPawn(Square::D6)),
        ),
        // A white pawn on d5, not a black one.
        (
            "4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1",
            FenError::Position(PositionError::EnPassantWithoutPawn(Square::D6)),
        ),
        // The skipped square d6 is occupied.
        (
            "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1",
            FenError::Position(PositionError::EnPassantWithoutPawn(Square::D6)),
        ),
        // The pawn's origin d7 is occupied.
        (
            "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1",
            FenError::Position(PositionError::EnPassantWithoutPawn(Square::D6)),
        ),
        // Black to move, no white pawn on d4.
        (
            "4k3/8/8/8/4p3/8/8/4K3 b - d3 0 1",
            FenError::Position(PositionError::EnPassantWithoutPawn(Square::D3)),
        ),
    ]);
}

#[test]
fn castling_rights_without_king_or_rook() {
    let bad = |color, side, file| {
        FenError::Position(PositionError::BadCastlingRights { color, side, file })
    };
    let (white, black) = (Color::White, Color::Black);
    let (king_side, queen_side) = (CastlingSide::KingSide, CastlingSide::QueenSide);
    assert_rejects(&[
        // No rook at all.
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", bad(white, king_side, None)),
        (
            "4k3/8/8/8/8/8/8/4K3 w q - 0 1",
            bad(black, queen_side, None),
        ),
        // A rook, but on the other side of the king.
        (
            "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
            bad(white, king_side, None),
        ),
        (
            "4k2r/8/8/8/8/8/8/4K3 w q - 0 1",
            bad(black, queen_side, None),
        ),
        // The king off its first rank.
        (
            "4k3/8/8/8/8/8/4K3/R6R w K - 0 1",
            bad(white, king_side, Some(File::H)),
        ),
        (
            "r6r/4k3/8/8/8/8/8/4K3 w q - 0 1",
            bad(black, queen_side, Some(File::A)),
        ),
        // Shredder-FEN: no rook on the named file.
        (
            "4k3/8/8/8/8/8/8/4K2R w G - 0 1",
            bad(white, king_side, Some(File::G)),
        ),
        (
            "r3k3/8/8/8/8/8/8/4K3 w b - 0 1",
            bad(black, queen_side, Some(File::B)),
        ),
    ]);
    // The same right twice.
    assert_rejects(&[
        (
            "4k3/8/8/8/8/8/8/4K2R w KK - 0 1",
            FenError::DuplicateCastlingRight {
                color: white,
                right: 'K',
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w KH - 0 1",
            FenError::DuplicateCastlingRight {
                color: white,
                right: 'H',
            },
        ),
    ]);
    assert_rejects(&[
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkqx - 0 1",
            FenError::BadCastlingCharacter('x'),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w K1 - 0 1",
            FenError::BadCastlingCharacter('1'),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w Ké - 0 1",
            FenError::BadCastlingCharacter('é'),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w -- - 0 1",
            FenError::BadCastlingCharacter('-'),
        ),
    ]);
}

#[test]
fn bad_clocks() {
    for clock in [
        "-1",
        "x",
        "4294967296",
        "99999999999999999999",
        "1.5",
        "0x10",
        "½",
    ] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - {clock} 1");
        assert_eq!(err(&fen), FenError::BadHalfmoveClock, "{fen:?}");
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {clock}");
        assert_eq!(err(&fen), FenError::BadFullmoveNumber, "{fen:?}");
    }
    // The largest values fit.
    let b = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295").unwrap();
    assert_eq!(b.halfmove_clock(), u32::MAX);
    assert_eq!(b.fullmove_number(), u32::MAX);
}

// ----- round trips -------------------------------------------------------------

#[test]
fn good_fens_round_trip() {
    for fen in [
        START,
        KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 250",
    ] {
        let b = Board::from_fen(fen).unwrap();
        assert_eq!(b.to_fen(), fen);
        assert_eq!(fen.parse::<Board>(), Ok(b.clone()));
        assert_eq!(Board::from_fen(&b.to_fen()), Ok(b));
    }
    assert_eq!(Board::from_fen(START), Ok(Board::startpos()));
    assert_eq!(Board::default(), Board::startpos());
}

#[test]
fn four_field_epd_form_gets_default_clocks() {
    let b = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
        .unwrap();
    assert_eq!(b.to_fen(), KIWIPETE);
    assert_eq!((b.halfmove_clock(), b.fullmove_number()), (0, 1));
    // Extra whitespace between fields is accepted.
    assert_eq!(
        Board::from_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -\t0 1 \n"),
        Ok(Board::startpos())
    );
}

#[test]
fn en_passant_square_is_kept_only_when_a_pawn_can_capture() {
    // After 1. e4 no black pawn stands beside e4: the square is dropped
    // (Polyglot's rule) and the FEN prints '-'.
    let b = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(b.en_passant(), None);
    assert_eq!(
        b.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let b = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!(b.en_passant(), Some(Square::D6));
}

#[test]
fn move_number_zero_reads_as_one() {
    let b = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0").unwrap();
    assert_eq!(b.fullmove_number(), 1);
}

/// Every suite position prints back as written (standard FEN for
/// standard.epd and cpw.epd, Shredder-FEN for fischer.epd), but for
/// en-passant squares no pawn can use, which are dropped.
#[test]
fn suite_positions_round_trip() {
    let mut checked = 0;
    for (suite, chess960) in [
        (standard_suite(), false),
        (cpw_suite(), false),
        (fischer_suite(), true),
    ] {
        for e in suite {
            let b = common::parse(&e.fen, chess960);
            let printed = if chess960 {
                b.to_shredder_fen()
            } else {
                b.to_fen()
            };
            let mut fields: Vec<&str> = e.fen.split_ascii_whitespace().collect();
            if b.en_passant().is_none() {
                fields[3] = "-";
            }
            assert_eq!(printed, fields.join(" "), "line {}", e.line);
            let again = if chess960 {
                Board::from_fen_with(&b.to_fen(), magicboard::CastlingMode::Chess960)
            } else {
                Board::from_fen(&b.to_fen())
            };
            assert_eq!(again, Ok(b));
            checked += 1;
        }
    }
    assert_eq!(checked, 128 + 7 + 960);
}

#[test]
fn chess960_castling_prints_as_x_fen_and_shredder_fen() {
    // White may castle with the b1 rook, which is not the outermost rook
    // on its side (a1 is): X-FEN names its file, B. Black's g8 rook is the
    // outermost on the king side: X-FEN writes k.
    let b = Board::from_fen_with(
        "1r3kr1/8/8/8/8/8/8/RR3KR1 w Bg - 0 1",
        magicboard::CastlingMode::Chess960,
    )
    .unwrap();
    assert!(b.is_chess960());
    assert_eq!(b.to_shredder_fen(), "1r3kr1/8/8/8/8/8/8/RR3KR1 w Bg - 0 1");
    assert_eq!(b.to_fen(), "1r3kr1/8/8/8/8/8/8/RR3KR1 w Bk - 0 1");
    assert_eq!(
        Board::from_fen_with(&b.to_fen(), magicboard::CastlingMode::Chess960),
        Ok(b.clone())
    );
    // Non-standard rights make a board Chess960 even through from_fen.
    assert_eq!(Board::from_fen(&b.to_fen()), Ok(b));
}

// ----- random mutations ----------------------------------------------------------

/// Characters worth inserting: the FEN alphabet, near misses, whitespace,
/// control characters and multi-byte UTF-8.
const ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '4', '5', '6', '7',
    '8', '9', '0', '/', ' ', '-', 'w', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'x', 'W', '+', '\t',
    '\n', '\0', 'é', 'ß', '½', '♔', '😀', '🦀', '\u{feff}', '\u{a0}',
];

fn mutate(fen: &str, rng: &mut Xoshiro256PlusPlus) -> String {
    if rng.random_range(0..4) == 0 {
        // Byte-level: any byte anywhere, then lossy UTF-8 (invalid
        // sequences become U+FFFD).
        let mut bytes = fen.as_bytes().to_vec();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..=bytes.len());
            match rng.random_range(0..3) {
                0 => bytes.insert(i, rng.random::<u8>()),
                1 if i < bytes.len() => {
                    bytes.remove(i);
                }
                _ if i < bytes.len() => bytes[i] = rng.random::<u8>(),
                _ => {}
            }
        }
        return String::from_utf8_lossy(&bytes).into_owned();
    }
    let mut chars: Vec<char> = fen.chars().collect();
    for _ in 0..rng.random_range(1..4) {
        let i = rng.random_range(0..=chars.len());
        let c = ALPHABET[rng.random_range(0..ALPHABET.len())];
        match rng.random_range(0..3) {
            0 => chars.insert(i, c),
            1 if i < chars.len() => {
                chars.remove(i);
            }
            _ if i < chars.len() => chars[i] = c,
            _ => {}
        }
    }
    chars.into_iter().collect()
}

const MUTATIONS: usize = if cfg!(debug_assertions) {
    10_000
} else {
    100_000
};

#[test]
fn random_mutations_never_panic_and_accepted_ones_round_trip() {
    // Standard and Chess960 FENs; each mutation is read both ways.
    let mut seeds: Vec<String> = vec![START.into(), KIWIPETE.into()];
    seeds.extend(standard_suite().into_iter().map(|e| e.fen));
    seeds.extend(cpw_suite().into_iter().map(|e| e.fen));
    seeds.extend(fischer_suite().into_iter().take(100).map(|e| e.fen));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xfe9);
    let (mut accepted, mut rejected) = (0usize, 0usize);
    for _ in 0..MUTATIONS {
        let seed = &seeds[rng.random_range(0..seeds.len())];
        let text = mutate(seed, &mut rng);
        for as960 in [false, true] {
            let parsed = if as960 {
                Board::from_fen_with(&text, magicboard::CastlingMode::Chess960)
            } else {
                Board::from_fen(&text)
            };
            let b = match parsed {
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    rejected += 1;
                    continue;
                }
                Ok(b) => b,
            };
            accepted += 1;
            assert!(b.is_consistent(), "{text:?} gave an inconsistent board");
            let fen = b.to_fen();
            let again = if b.is_chess960() {
                Board::from_fen_with(&fen, magicboard::CastlingMode::Chess960)
            } else {
                Board::from_fen(&fen)
            };
            assert_eq!(again, Ok(b.clone()), "{text:?} printed as {fen:?}");
            let shredder = b.to_shredder_fen();
            let again = if b.is_chess960() {
                Board::from_fen_with(&shredder, magicboard::CastlingMode::Chess960)
            } else {
                Board::from_fen(&shredder)
            };
            assert_eq!(again, Ok(b.clone()), "{text:?} printed as {shredder:?}");
            // Odd but valid positions are good tests for the generators.
            #[cfg(feature = "reference")]
            {
                let mut fast = b.legal_moves().to_vec();
                let mut reference = b.legal_moves_by_make_unmake().to_vec();
                fast.sort_unstable();
                reference.sort_unstable();
                assert_eq!(
                    fast, reference,
                    "generators disagree on {b:?} (from {text:?})"
                );
            }
            let copy = b.clone();
            assert_eq!(
                perft(&copy, 2),
                magicboard::Perft::new(2).full().count(&copy)
            );
            assert_eq!(copy, b);
        }
    }
    eprintln!("{MUTATIONS} mutations read twice: {accepted} accepted, {rejected} rejected");
    assert!(
        accepted > MUTATIONS / 100,
        "only {accepted} mutations parsed"
    );
    assert!(
        rejected > MUTATIONS / 2,
        "only {rejected} mutations rejected"
    );
}
