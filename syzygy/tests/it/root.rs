//! Root move ranking: the best move keeps the result, and playing the
//! tables' moves for both sides wins every won position before the
//! fifty-move rule can draw it (checked by the game rules, not the
//! tables).

use crate::common::{have_all_tables, random_board, tables};
use magicboard::{Board, Status};
use magicboard_syzygy::{Tablebase, Wdl};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// Materials with wins of every kind: mates with each piece, pawn races,
/// promotions, and wins against material.
const WINNING: [&str; 12] = [
    "KQvK", "KRvK", "KPvK", "KBNvK", "KBBvK", "KQvKR", "KQvKN", "KRvKP", "KPvKP", "KPPvK", "KQvKP",
    "KRvKN",
];

#[test]
fn the_best_move_keeps_the_result() {
    if !have_all_tables("root::the_best_move_keeps_the_result") {
        return;
    }
    let tables = tables();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for material in WINNING.iter().chain(&["KRvKR", "KBvKN", "KNNvK"]) {
        for _ in 0..40 {
            let board = random_board(&mut rng, material);
            let wdl = tables.probe_wdl(&board).unwrap();
            let moves = tables.root_moves(&board).unwrap();
            assert_eq!(moves.len(), board.legal_moves().len(), "{}", board.to_fen());
            let Some(best) = moves.first() else {
                continue; // mate or stalemate
            };
            assert_eq!(
                best.wdl,
                wdl,
                "{}: best move {}",
                board.to_fen(),
                board.to_uci(best.mv)
            );
            let after = board.play_unchecked(best.mv);
            let child = tables.probe_wdl(&after).unwrap();
            // A win stays a win for us (the opponent loses), and so on.
            assert_eq!(-child >= Wdl::Draw, wdl >= Wdl::Draw, "{}", board.to_fen());
            assert!(moves.windows(2).all(|w| w[0].rank >= w[1].rank));
            assert_eq!(tables.best_move(&board).unwrap(), Some(*best));
        }
    }
}

/// Plays the tables' best moves for both sides from `board` until the game
/// ends; returns the final position and the plies played.
fn play_out(tables: &Tablebase, mut board: Board) -> (Board, usize) {
    for ply in 0..600 {
        if board.status() != Status::Ongoing && !matches!(board.status(), Status::FiftyMoves) {
            return (board, ply);
        }
        assert!(
            board.halfmove_clock() < 100,
            "the fifty-move rule would draw {} (ply {ply})",
            board.to_fen()
        );
        let best = tables.best_move(&board).unwrap().expect("a legal move");
        board.make_move(best.mv);
    }
    panic!("no end after 600 plies: {}", board.to_fen());
}

#[test]
fn the_tables_win_every_won_position_in_time() {
    if !have_all_tables("root::the_tables_win_every_won_position_in_time") {
        return;
    }
    let tables = tables();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(50);
    let mut games = 0;
    for material in WINNING {
        let mut won = 0;
        while won < 4 {
            let board = random_board(&mut rng, material);
            if tables.probe_wdl(&board).unwrap() != Wdl::Win {
                continue;
            }
            won += 1;
            let winner = board.side_to_move();
            let (end, plies) = play_out(&tables, board.clone());
            // Decided by the rules of the game alone.
            assert_eq!(
                end.status(),
                Status::Checkmate { winner },
                "{} played out to {} in {plies} plies",
                board.to_fen(),
                end.to_fen()
            );
            games += 1;
        }
    }
    assert_eq!(games, 4 * WINNING.len());
}

#[test]
fn drawn_positions_stay_drawn_and_lost_ones_resist() {
    if !have_all_tables("root::drawn_positions_stay_drawn_and_lost_ones_resist") {
        return;
    }
    let tables = tables();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut checked = 0;
    while checked < 100 {
        let board = random_board(&mut rng, ["KRvKB", "KQvKQ", "KRvKR", "KBvKP"][checked % 4]);
        let wdl = tables.probe_wdl(&board).unwrap();
        let Some(best) = tables.best_move(&board).unwrap() else {
            continue;
        };
        checked += 1;
        let after = board.play_unchecked(best.mv);
        let dtz = tables.probe_dtz(&board).unwrap();
        match wdl {
            Wdl::Draw => assert_eq!(
                tables.probe_wdl(&after).unwrap(),
                Wdl::Draw,
                "{}",
                board.to_fen()
            ),
            Wdl::Loss => {
                // The longest resistance: no move reaches a zeroing move later.
                let moves = tables.root_moves(&board).unwrap();
                let longest = moves
                    .iter()
                    .filter_map(|m| m.dtz)
                    .map(|d| d.0)
                    .min()
                    .unwrap();
                assert_eq!(best.dtz.unwrap().0, longest, "{}", board.to_fen());
                assert!(dtz.0 < 0);
            }
            _ => {}
        }
    }
}
