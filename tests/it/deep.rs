//! Deep counts: past `u64::MAX` and up to `u128::MAX`, with the table,
//! against an independent count.
//!
//! The independent count is cozy-chess's (MIT, its own move generator):
//! every position reachable from an endgame, found by walking its moves
//! (positions compared in full, not by hash), and perft by dynamic
//! programming over that graph, `perft(p, d) = Σ perft(child, d − 1)` in
//! checked `u128`. It shares nothing with magicboard's table, keys or walk,
//! and reaches depths no tree walk could.

#![cfg(feature = "parallel")]

use cozy_chess as cozy;
use magicboard::{Board, Perft, PerftTable, perft};
use pretty_assertions::assert_eq;
use std::collections::HashMap;

/// Two bare kings: few positions, a tree past 2^64 leaves at 24 plies and
/// past 2^128 near 48.
const KINGS: &str = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";

/// King and queen against king: 375,676 positions, captures, mates and
/// stalemates; past 2^64 leaves at 20 plies.
const QUEEN: &str = "3k4/8/8/8/8/8/8/2Q1K3 w - - 0 1";

/// The positions reachable from `fen` (the root first) and the children of
/// each, by cozy-chess.
fn graph(fen: &str) -> Vec<Vec<u32>> {
    let root = cozy::Board::from_fen(fen, false).expect("cozy-chess reads the FEN");
    let mut boards = vec![root.clone()];
    let mut by_hash: HashMap<u64, Vec<u32>> = HashMap::from([(root.hash(), vec![0])]);
    let mut children: Vec<Vec<u32>> = Vec::new();
    let mut next = 0;
    while next < boards.len() {
        let board = boards[next].clone();
        let mut mine = Vec::new();
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                let same = by_hash.entry(child.hash()).or_default();
                let index = match same
                    .iter()
                    .find(|&&i| boards[i as usize].same_position(&child))
                {
                    Some(&i) => i,
                    None => {
                        let i = boards.len() as u32;
                        same.push(i);
                        boards.push(child);
                        i
                    }
                };
                mine.push(index);
            }
            false
        });
        children.push(mine);
        next += 1;
    }
    children
}

/// perft of the graph's root at depths `0..=max`, or `None` from the first
/// depth whose count exceeds `u128::MAX`.
fn counts_by_depth(children: &[Vec<u32>], max: u32) -> Vec<Option<u128>> {
    let mut at: Vec<Option<u128>> = vec![Some(1); children.len()];
    let mut root = vec![Some(1)];
    for _ in 1..=max {
        at = children
            .iter()
            .map(|kids| {
                kids.iter()
                    .try_fold(0u128, |sum, &k| sum.checked_add(at[k as usize]?))
            })
            .collect();
        root.push(at[0]);
    }
    root
}

#[test]
fn bare_kings_to_u128_max() {
    let children = graph(KINGS);
    let expected = counts_by_depth(&children, 60);
    let board = Board::from_fen(KINGS).unwrap();
    let table = PerftTable::new(16);
    let first_past = expected.iter().position(Option::is_none).unwrap() as u32;
    assert!(
        expected[24].unwrap() > u128::from(u64::MAX),
        "the test needs counts past 2^64"
    );
    for depth in 0..=first_past + 2 {
        let got = Perft::new(depth).table(&table).count_u128(&board).ok();
        assert_eq!(got, expected[depth as usize], "depth {depth}");
    }
    // The plain walk (no table) agrees where it can go.
    for depth in 0..=8 {
        assert_eq!(
            Some(u128::from(perft(&board, depth))),
            expected[depth as usize]
        );
    }
    // Past u64::MAX, `count` panics rather than wrap.
    let wrapped = std::panic::catch_unwind(|| Perft::new(24).table(&table).count(&board));
    assert!(wrapped.is_err(), "count must not return a wrapped number");
    assert!(Perft::new(24).table(&table).divide_u128(&board).is_ok());
}

#[test]
fn queen_endgame_past_u64_with_every_seed_and_thread_count() {
    let children = graph(QUEEN);
    assert_eq!(children.len(), 375_676, "positions reachable (cozy-chess)");
    let expected = counts_by_depth(&children, 21);
    assert!(expected[20].unwrap() > u128::from(u64::MAX));
    let board = Board::from_fen(QUEEN).unwrap();
    for (seed, threads) in [(PerftTable::DEFAULT_SEED, 1), (1, 2), (0xdead_beef, 2)] {
        let table = PerftTable::new(512).with_seed(seed);
        for depth in [1, 5, 9, 13, 14, 17, 20, 21] {
            let got = Perft::new(depth)
                .threads(threads)
                .table(&table)
                .count_u128(&board);
            assert_eq!(
                got.ok(),
                expected[depth as usize],
                "depth {depth}, seed {seed}"
            );
        }
        // Each root move, and the total, past 2^64.
        let split = Perft::new(21)
            .threads(threads)
            .table(&table)
            .divide_u128(&board);
        let total: u128 = split.unwrap().iter().map(|&(_, n)| n).sum();
        assert_eq!(Some(total), expected[21]);
    }
}
