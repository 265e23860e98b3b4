//! Chess960 castling by hand, X-FEN and Shredder-FEN, and UCI castling
//! notation. Expected castling moves and the positions after them are
//! written from the Chess960 castling rule: the king ends on the g- or
//! c-file and the rook on the f- or d-file, every square either crosses or
//! lands on is empty but for those two pieces, and no square the king
//! stands on, crosses or lands on is attacked once both have moved.

use magicboard::{Board, CastlingSide, Color, File, Move, MoveError, PieceKind, SanError, Square};
use pretty_assertions::assert_eq;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

fn board960(fen: &str) -> Board {
    Board::from_fen_with(fen, magicboard::CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The castling moves of `board` as Chess960 UCI text, sorted.
fn castles(board: &Board) -> Vec<String> {
    let mut out: Vec<String> = board
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| board.to_uci(*m).to_string())
        .collect();
    out.sort();
    out
}

/// Checks that `fen` has exactly the castling moves `expected`, each given
/// as (UCI, SAN, FEN after the move), and that both notations parse back.
fn check_castling(fen: &str, expected: &[(&str, &str, &str)]) {
    let board = board960(fen);
    assert!(board.is_chess960());
    let mut want: Vec<String> = expected.iter().map(|(u, _, _)| u.to_string()).collect();
    want.sort();
    assert_eq!(castles(&board), want, "{fen}");
    for (uci, san, after) in expected {
        let mv = board
            .parse_uci(uci)
            .unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
        assert!(mv.is_castle(), "{fen} {uci}");
        assert_eq!(board.to_uci(mv).to_string(), *uci);
        assert_eq!(board.to_san(mv), *san, "{fen} {uci}");
        assert_eq!(board.parse_san(san), Ok(mv), "{fen} {san}");
        assert_eq!(board.play_unchecked(mv).to_fen(), *after, "{fen} {uci}");
    }
    // The castling that is not in the list is refused in SAN.
    for (san, side) in [
        ("O-O", CastlingSide::KingSide),
        ("O-O-O", CastlingSide::QueenSide),
    ] {
        if !expected.iter().any(|(_, s, _)| s == &san) {
            assert_eq!(board.parse_san(san), Err(SanError::Illegal), "{fen} {san}");
            if let Some(rook) = board
                .castling_rights()
                .rook_square(board.side_to_move(), side)
            {
                let mv = Move::castle(board.king(board.side_to_move()), rook);
                assert!(!board.is_legal(mv), "{fen} {san}");
                let uci = mv.to_uci(magicboard::CastlingMode::Chess960).to_string();
                assert_eq!(
                    board.parse_uci(&uci),
                    Err(MoveError::Illegal),
                    "{fen} {uci}"
                );
            }
        }
    }
}

#[test]
fn castling_rook_shielding_the_king_from_a_queen() {
    // qR1K1R2: after O-O-O the rook leaves b1 for d1 and the queen on a1
    // would attack the king on c1, so queen-side castling is illegal;
    // king-side castling is fine.
    check_castling(
        "4k3/8/8/8/8/8/8/qR1K1R2 w FB - 0 1",
        &[("d1f1", "O-O", "4k3/8/8/8/8/8/8/qR3RK1 b - - 1 1")],
    );
    // Without the queen both castlings are legal.
    check_castling(
        "4k3/8/8/8/8/8/8/1R1K1R2 w FB - 0 1",
        &[
            ("d1f1", "O-O", "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1"),
            ("d1b1", "O-O-O", "4k3/8/8/8/8/8/8/2KR1R2 b - - 1 1"),
        ],
    );
}

#[test]
fn square_attacked_only_once_the_rook_has_moved() {
    // The rook g1 blocks the black rook h1; after O-O the rook stands on f1
    // and the king on g1 would be attacked from h1.
    check_castling("4k3/8/8/8/8/8/8/4K1Rr w G - 0 1", &[]);
}

#[test]
fn king_already_on_its_destination() {
    // King g1: O-O only moves the rook h1 to f1.
    check_castling(
        "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
        &[
            ("g1h1", "O-O", "1r4kr/8/8/8/8/8/8/1R3RK1 b kq - 1 1"),
            ("g1b1", "O-O-O", "1r4kr/8/8/8/8/8/8/2KR3R b kq - 1 1"),
        ],
    );
}

#[test]
fn rook_already_on_its_destination() {
    // Rook f1: O-O only moves the king from e1 to g1 (through f1).
    check_castling(
        "4k3/8/8/8/8/8/8/R3KR2 w FA - 0 1",
        &[
            ("e1f1", "O-O", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"),
            ("e1a1", "O-O-O", "4k3/8/8/8/8/8/8/2KR1R2 b - - 1 1"),
        ],
    );
}

#[test]
fn king_on_b1_castles_queen_side_to_the_right() {
    // O-O-O takes the king from b1 to c1 while the rook jumps from a1 over
    // it to d1.
    check_castling(
        "4k3/8/8/8/8/8/8/RK5R w HA - 0 1",
        &[
            ("b1a1", "O-O-O", "4k3/8/8/8/8/8/8/2KR3R b - - 1 1"),
            ("b1h1", "O-O", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"),
        ],
    );
}

#[test]
fn king_and_rook_swap_squares() {
    // King d1, rook c1: after O-O-O the king is on c1 and the rook on d1.
    check_castling(
        "4k3/8/8/8/8/8/8/2RK4 w C - 0 1",
        &[("d1c1", "O-O-O", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1")],
    );
}

#[test]
fn destination_occupied_by_the_other_rook_or_a_piece() {
    // Rooks a1 and c1, king b1: O-O-O would put the king on c1, where the
    // other castling rook stands. O-O is fine (c1 rook to f1, king to g1).
    check_castling(
        "4k3/8/8/8/8/8/8/RKR5 w CA - 0 1",
        &[("b1c1", "O-O", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1")],
    );
    // King g1, rook h1, knight f1: the rook's destination is occupied.
    check_castling("4k3/8/8/8/8/8/8/5NKR w H - 0 1", &[]);
}

#[test]
fn no_castling_out_of_check_even_without_moving_the_king() {
    // King g1 in check from the rook g8: O-O would leave the king on g1,
    // but castling out of check is illegal.
    check_castling("4k1r1/8/8/8/8/8/8/1R4KR w HB - 0 1", &[]);
}

#[test]
fn black_castles_in_chess960() {
    check_castling(
        "rk5r/8/8/8/8/8/8/4K3 b ha - 0 1",
        &[
            ("b8h8", "O-O", "r4rk1/8/8/8/8/8/8/4K3 w - - 1 2"),
            ("b8a8", "O-O-O", "2kr3r/8/8/8/8/8/8/4K3 w - - 1 2"),
        ],
    );
}

// ----- X-FEN and Shredder-FEN -------------------------------------------------

/// The same positions in X-FEN and Shredder-FEN. The first three are the
/// first three lines of `tests/data/fischer.epd`, with their castling
/// fields rewritten in X-FEN by hand (every castling rook is the outermost
/// one on its side, so `KQkq`); the last has inner rooks with rights (the
/// g1 rook beside the h1 rook, the c8 rook beside the b8 rook).
const SAME_POSITIONS: [(&str, &str); 4] = [
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ),
    (
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w KQkq - 1 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    ),
    (
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w KQ - 1 9",
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    ),
    (
        "1rr1k3/8/8/8/8/8/8/R3K1RR w GQc - 0 1",
        "1rr1k3/8/8/8/8/8/8/R3K1RR w GAc - 0 1",
    ),
];

#[test]
fn x_fen_and_shredder_fen_give_equal_boards() {
    for (xfen, shredder) in SAME_POSITIONS {
        let a = board960(xfen);
        let b = board960(shredder);
        assert_eq!(a, b, "{xfen} vs {shredder}");
        assert_eq!(a.hash(), b.hash());
        // Not standard castling: detected without the Chess960 constructor.
        let auto_x = Board::from_fen(xfen).unwrap();
        let auto_s = Board::from_fen(shredder).unwrap();
        assert!(auto_x.is_chess960() && auto_s.is_chess960(), "{xfen}");
        assert_eq!(auto_x, auto_s);
        assert_eq!(auto_x, a);
    }
}

#[test]
fn fen_writers_produce_x_fen_and_shredder_fen() {
    for (xfen, shredder) in SAME_POSITIONS {
        let board = board960(shredder);
        assert_eq!(board.to_fen(), xfen);
        assert_eq!(board.to_shredder_fen(), shredder);
    }
}

#[test]
fn x_fen_writes_a_file_letter_for_an_inner_rook() {
    // Rooks g1 and h1 on the king side; only the inner g1 rook may castle.
    let board = board960("4k3/8/8/8/8/8/8/R3K1RR w G - 0 1");
    assert_eq!(
        board
            .castling_rights()
            .rook_file(Color::White, CastlingSide::KingSide),
        Some(File::G)
    );
    assert_eq!(board.to_fen(), "4k3/8/8/8/8/8/8/R3K1RR w G - 0 1");
    // `K` would name the outermost rook, h1.
    let outer = board960("4k3/8/8/8/8/8/8/R3K1RR w K - 0 1");
    assert_eq!(
        outer
            .castling_rights()
            .rook_file(Color::White, CastlingSide::KingSide),
        Some(File::H)
    );
    assert_eq!(outer.to_fen(), "4k3/8/8/8/8/8/8/R3K1RR w K - 0 1");
    assert_eq!(outer.to_shredder_fen(), "4k3/8/8/8/8/8/8/R3K1RR w H - 0 1");
    // Castling with the inner rook: king e1 to g1 over... the rook g1 to f1.
    let mv = board.parse_san("O-O").unwrap();
    assert_eq!(board.to_uci(mv).to_string(), "e1g1");
    assert_eq!(
        board.play_unchecked(mv).to_fen(),
        "4k3/8/8/8/8/8/8/R4RKR b - - 1 1"
    );
}

#[test]
fn every_fischer_position_round_trips_through_both_fen_forms() {
    for line in include_str!("../data/fischer.epd").lines() {
        let Some(fen) = line.split(" ;").next().filter(|f| !f.trim().is_empty()) else {
            continue;
        };
        let board = board960(fen);
        // The published text is Shredder-FEN: the writer reproduces it.
        assert_eq!(board.to_shredder_fen(), fen.trim());
        assert_eq!(board960(&board.to_fen()), board, "{fen}");
        assert_eq!(
            Board::from_fen(&board.to_fen()).unwrap().to_fen(),
            board.to_fen()
        );
    }
}

// ----- standard boards ----------------------------------------------------------

#[test]
fn standard_castling_in_both_uci_notations() {
    let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert!(!board.is_chess960());
    let short = board.parse_uci("e1g1").unwrap();
    let long = board.parse_uci("e1c1").unwrap();
    assert_eq!(board.parse_uci("e1h1"), Ok(short));
    assert_eq!(board.parse_uci("e1a1"), Ok(long));
    assert_eq!(board.to_uci(short).to_string(), "e1g1");
    assert_eq!(board.to_uci(long).to_string(), "e1c1");
    assert_eq!(board.to_san(short), "O-O");
    assert_eq!(board.to_san(long), "O-O-O");

    // The same position in Chess960 mode writes king-takes-rook, and the
    // two-square step is then a plain (illegal) king move.
    let c960 = board960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(c960.is_chess960());
    assert_eq!(
        c960.to_shredder_fen(),
        "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"
    );
    assert_eq!(c960.to_uci(short).to_string(), "e1h1");
    assert_eq!(c960.parse_uci("e1h1"), Ok(short));
    assert_eq!(c960.parse_uci("e1g1"), Err(MoveError::Illegal));
}

// ----- random Chess960 games --------------------------------------------------

/// In random games from Chess960 starts, every castling move puts the king
/// on the g- or c-file and the rook on the f- or d-file of its first rank,
/// and takes away both of the mover's rights.
#[test]
fn castling_in_random_games_follows_the_rule() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(960);
    let fens: Vec<&str> = include_str!("../data/fischer.epd")
        .lines()
        .filter_map(|l| l.split(" ;").next())
        .filter(|f| !f.trim().is_empty())
        .collect();
    let step = if cfg!(debug_assertions) { 16 } else { 3 };
    let mut castled = 0;
    for fen in fens.iter().step_by(step) {
        let mut board = board960(fen);
        for _ in 0..120 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Castle whenever possible, else play at random.
            let mv = match moves.iter().find(|m| m.is_castle()) {
                Some(castle) if rng.random_range(0..2) == 0 => *castle,
                _ => moves[rng.random_range(0..moves.len())],
            };
            let us = board.side_to_move();
            let before = board.clone();
            board.make_move(mv);
            if mv.is_castle() {
                castled += 1;
                let side = if mv.to().file() > mv.from().file() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let rank = mv.from().rank();
                let king_to = Square::new(side.king_destination_file(), rank);
                let rook_to = Square::new(side.rook_destination_file(), rank);
                assert_eq!(board.king(us), king_to, "{before:?} {mv:?}");
                assert_eq!(
                    board.piece_on(rook_to).map(|p| (p.color, p.kind)),
                    Some((us, PieceKind::Rook)),
                    "{before:?} {mv:?}"
                );
                assert!(!board.castling_rights().has(us, CastlingSide::KingSide));
                assert!(!board.castling_rights().has(us, CastlingSide::QueenSide));
                assert_eq!(
                    before.to_san(mv).trim_end_matches(['+', '#']),
                    match side {
                        CastlingSide::KingSide => "O-O",
                        CastlingSide::QueenSide => "O-O-O",
                    }
                );
            }
        }
    }
    assert!(castled > 50, "only {castled} castling moves played");
}
