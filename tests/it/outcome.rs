//! Game status: checkmate, stalemate, insufficient material, the fifty- and
//! 75-move rules and their precedence. Every expected value is written by
//! hand from the FIDE Laws (articles 5 and 9) and the material definition
//! documented in `src/outcome.rs`.

use magicboard::{Board, Color, Status};
use pretty_assertions::assert_eq;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn status(fen: &str) -> Status {
    board(fen).status()
}

// ----- checkmate and stalemate ----------------------------------------------

#[test]
fn fools_mate_is_a_black_win() {
    // 1. f3 e5 2. g4 Qh4#
    let b = board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(
        b.status(),
        Status::Checkmate {
            winner: Color::Black
        }
    );
    assert!(b.is_checkmate());
    assert!(!b.is_stalemate());
    assert!(!b.has_legal_moves());
}

#[test]
fn back_rank_mate_is_a_white_win() {
    let b = board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
    assert_eq!(
        b.status(),
        Status::Checkmate {
            winner: Color::White
        }
    );
    assert_eq!(b.status().winner(), Some(Color::White));
}

#[test]
fn check_with_an_escape_is_not_mate() {
    // As above but h7 is empty: the king escapes to h7.
    let b = board("R5k1/5pp1/8/8/8/8/8/6K1 b - - 1 1");
    assert!(b.in_check());
    assert!(!b.is_checkmate());
    assert_eq!(b.status(), Status::Ongoing);
}

#[test]
fn queen_stalemate() {
    // Black king h8: g8, g7 and h7 are covered, and it is not in check.
    let b = board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(b.status(), Status::Stalemate);
    assert!(b.is_stalemate());
    assert!(!b.is_checkmate());
    assert!(!b.has_legal_moves());
}

#[test]
fn stalemate_with_blocked_pawns() {
    // Black king a8: b8 is covered by the pawn a7, a7 and b7 by the king
    // b6 (so the pawn cannot be taken); the pawn h7 is blocked by h6.
    let b = board("k7/P6p/1K5P/8/8/8/8/8 b - - 0 1");
    assert_eq!(b.status(), Status::Stalemate);
}

#[test]
fn start_position_is_ongoing() {
    let b = Board::startpos();
    assert_eq!(b.status(), Status::Ongoing);
    assert!(b.has_legal_moves());
    assert!(!b.is_checkmate());
    assert!(!b.is_stalemate());
    assert!(!b.is_insufficient_material());
    assert!(!b.is_fifty_moves());
}

// ----- insufficient material ------------------------------------------------

#[test]
fn insufficient_material_cases() {
    let cases = [
        ("K v K", "8/8/4k3/8/8/3K4/8/8 w - - 0 1"),
        ("K+N v K", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1"),
        ("K+B v K", "8/8/4k3/8/8/3K4/8/2B5 w - - 0 1"),
        ("K v K+N", "8/8/4k3/5n2/8/3K4/8/8 w - - 0 1"),
        ("K v K+B", "8/8/4k3/8/8/3K4/8/6b1 w - - 0 1"),
        // c1 and f8 are both dark squares.
        (
            "K+B v K+B, same colour",
            "5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1",
        ),
        // c1 and e3 are both dark squares.
        ("K+B+B v K, same colour", "8/8/4k3/8/8/3KB3/8/2B5 w - - 0 1"),
        // a8, b1 and d1 are all light squares.
        (
            "K+B+B v K+B, all light",
            "b6k/8/8/8/8/8/8/1B1B2K1 w - - 0 1",
        ),
    ];
    for (name, fen) in cases {
        let b = board(fen);
        assert!(b.is_insufficient_material(), "{name}: {fen}");
        assert_eq!(b.status(), Status::InsufficientMaterial, "{name}: {fen}");
        assert!(b.status().is_game_over(), "{name}");
        assert!(b.status().is_draw(), "{name}");
    }
}

#[test]
fn sufficient_material_near_misses() {
    let cases = [
        // c1 dark, c8 light: a (helped) mate exists.
        (
            "K+B v K+B, opposite colours",
            "2b5/8/4k3/8/8/3K4/8/2B5 w - - 0 1",
        ),
        // Two knights cannot force mate, but a mate exists if the defender
        // blunders, so the position is not dead (FIDE 5.2.2) and play goes on.
        ("K+N+N v K", "8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1"),
        ("K+N v K+N", "6n1/8/4k3/8/8/3K4/8/1N6 w - - 0 1"),
        ("K+B v K+N", "6n1/8/4k3/8/8/3K4/8/2B5 w - - 0 1"),
        // c1 dark, d1 light.
        (
            "K+B+B v K, opposite colours",
            "8/8/4k3/8/8/3K4/8/2BB4 w - - 0 1",
        ),
        ("K+B+N v K", "8/8/4k3/8/8/3K4/8/1NB5 w - - 0 1"),
        ("K+P v K", "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1"),
        ("K+R v K", "8/8/4k3/8/8/3K4/8/R7 w - - 0 1"),
        ("K+Q v K", "8/8/4k3/8/8/3K4/8/Q7 w - - 0 1"),
        ("K v K+P", "8/8/4k3/4p3/8/3K4/8/8 w - - 0 1"),
    ];
    for (name, fen) in cases {
        let b = board(fen);
        assert!(!b.is_insufficient_material(), "{name}: {fen}");
        assert_eq!(b.status(), Status::Ongoing, "{name}: {fen}");
    }
}

// ----- fifty-move and 75-move rules -----------------------------------------

#[test]
fn move_count_thresholds() {
    // A rook keeps the material sufficient; the kings are far apart.
    let fen = |clock: u32| format!("8/8/4k3/8/8/3K4/8/R7 w - - {clock} 100");
    assert_eq!(status(&fen(0)), Status::Ongoing);
    assert_eq!(status(&fen(99)), Status::Ongoing);
    assert_eq!(status(&fen(100)), Status::FiftyMoves);
    assert_eq!(status(&fen(149)), Status::FiftyMoves);
    assert_eq!(status(&fen(150)), Status::SeventyFiveMoves);
    assert_eq!(status(&fen(4000)), Status::SeventyFiveMoves);

    assert!(!board(&fen(99)).is_fifty_moves());
    assert!(board(&fen(100)).is_fifty_moves());
    assert!(!board(&fen(149)).is_seventy_five_moves());
    assert!(board(&fen(150)).is_seventy_five_moves());
}

#[test]
fn fifty_moves_is_claimable_and_seventy_five_is_automatic() {
    assert!(Status::FiftyMoves.is_claimable_draw());
    assert!(!Status::FiftyMoves.is_game_over());
    assert!(Status::FiftyMoves.is_draw());
    assert!(!Status::SeventyFiveMoves.is_claimable_draw());
    assert!(Status::SeventyFiveMoves.is_game_over());
    assert!(Status::SeventyFiveMoves.is_draw());
}

#[test]
fn mate_on_the_hundredth_half_move_still_wins() {
    // Ra8# is the 100th half-move without capture or pawn move.
    let mut b = board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    assert_eq!(b.status(), Status::Ongoing);
    let mate = b.parse_san("Ra8#").unwrap();
    b.make_move(mate);
    assert_eq!(b.halfmove_clock(), 100);
    assert_eq!(
        b.status(),
        Status::Checkmate {
            winner: Color::White
        }
    );
    assert!(!b.is_fifty_moves());
}

#[test]
fn mate_on_the_hundred_and_fiftieth_half_move_still_wins() {
    let mut b = board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80");
    let mate = b.parse_san("Ra8").unwrap();
    b.make_move(mate);
    assert_eq!(b.halfmove_clock(), 150);
    assert_eq!(
        b.status(),
        Status::Checkmate {
            winner: Color::White
        }
    );
    assert!(!b.is_seventy_five_moves());
}

#[test]
fn stalemate_takes_precedence_over_move_counts() {
    assert_eq!(
        status("7k/5Q2/6K1/8/8/8/8/8 b - - 100 100"),
        Status::Stalemate
    );
    assert_eq!(
        status("7k/5Q2/6K1/8/8/8/8/8 b - - 150 100"),
        Status::Stalemate
    );
    assert!(!board("7k/5Q2/6K1/8/8/8/8/8 b - - 150 100").is_seventy_five_moves());
}

#[test]
fn insufficient_material_takes_precedence_over_move_counts() {
    assert_eq!(
        status("8/8/4k3/8/8/3K4/8/8 w - - 120 100"),
        Status::InsufficientMaterial
    );
}

// ----- Status helpers ---------------------------------------------------------

#[test]
fn status_classification_table() {
    let white_mates = Status::Checkmate {
        winner: Color::White,
    };
    // (status, ongoing, game over, claimable, draw, winner)
    let table = [
        (Status::Ongoing, true, false, false, false, None),
        (white_mates, false, true, false, false, Some(Color::White)),
        (Status::Stalemate, false, true, false, true, None),
        (Status::InsufficientMaterial, false, true, false, true, None),
        (Status::SeventyFiveMoves, false, true, false, true, None),
        (Status::FivefoldRepetition, false, true, false, true, None),
        (Status::ThreefoldRepetition, false, false, true, true, None),
        (Status::FiftyMoves, false, false, true, true, None),
    ];
    for (status, ongoing, over, claimable, draw, winner) in table {
        assert_eq!(status.is_ongoing(), ongoing, "{status:?}");
        assert_eq!(status.is_game_over(), over, "{status:?}");
        assert_eq!(status.is_claimable_draw(), claimable, "{status:?}");
        assert_eq!(status.is_draw(), draw, "{status:?}");
        assert_eq!(status.winner(), winner, "{status:?}");
        assert!(!status.to_string().is_empty());
    }
    assert_eq!(white_mates.to_string(), "checkmate, White wins");
}

// ----- random games -----------------------------------------------------------

/// Along random games, the status agrees with its definition in terms of
/// the legal move list, and random play reaches mates and stalemates.
#[test]
fn status_agrees_with_the_move_list_in_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x7c03e);
    let games = if cfg!(debug_assertions) { 60 } else { 400 };
    let (mut mates, mut stalemates, mut insufficient) = (0, 0, 0);
    for _ in 0..games {
        let mut b = Board::startpos();
        for _ in 0..400 {
            let moves = b.legal_moves();
            let status = b.status();
            assert_eq!(b.has_legal_moves(), !moves.is_empty(), "{b:?}");
            assert_eq!(b.is_checkmate(), moves.is_empty() && b.in_check(), "{b:?}");
            assert_eq!(b.is_stalemate(), moves.is_empty() && !b.in_check(), "{b:?}");
            if moves.is_empty() {
                if b.in_check() {
                    mates += 1;
                    assert_eq!(
                        status,
                        Status::Checkmate {
                            winner: !b.side_to_move()
                        }
                    );
                } else {
                    stalemates += 1;
                    assert_eq!(status, Status::Stalemate);
                }
                break;
            }
            if b.is_insufficient_material() {
                insufficient += 1;
                assert_eq!(status, Status::InsufficientMaterial);
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            b.make_move(mv);
        }
    }
    assert!(
        mates > 0 && stalemates > 0 && insufficient > 0,
        "{mates} {stalemates} {insufficient}"
    );
}
