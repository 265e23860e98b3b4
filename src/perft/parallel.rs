//! Counting on a [`rayon`] thread pool (feature `parallel`): the bodies of
//! [`Perft::count`], [`Perft::divide`] and [`Perft::count_split`] when
//! more than one thread is asked for.
//!
//! The tree is split near the root: every node fewer than [`SPLIT_PLIES`]
//! plies below the root and at least [`MIN_SPLIT_DEPTH`] plies above the
//! leaves hands its moves to the pool as separate tasks, each on its own
//! copy of the board; below that each task walks its subtree sequentially
//! (with the table, if any). Splitting a few plies deep, not only at the
//! root, keeps the threads busy when the root has few moves or one root
//! move has a much larger subtree than the others; rayon's work stealing
//! balances the rest. Addition does not care which thread counted what, so
//! the counts are those of one thread.
//!
//! Each call builds its own pool of the requested size, so runs with
//! different thread counts can be compared in one process. Should the
//! operating system refuse to start threads, the count is made on the
//! calling thread instead.

use super::Perft;
use crate::{Board, Move};
use alloc::vec::Vec;
use rayon::prelude::*;

/// Nodes this many plies or more below the root are not split further.
const SPLIT_PLIES: u32 = 3;

/// Nodes with fewer plies than this left to the leaves are not split: their
/// subtrees are too small to be worth a task.
const MIN_SPLIT_DEPTH: u32 = 4;

/// A pool of `threads` threads (`0`: rayon's default), or `None` when the
/// operating system refuses.
fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .ok()
}

/// [`Perft::count`] on the pool.
pub(super) fn count(perft: &Perft<'_>, board: &Board) -> u64 {
    match pool(perft.threads) {
        Some(pool) => pool.install(|| split(perft, board, perft.depth, 0)),
        None => perft.sequential(board, perft.depth),
    }
}

/// [`Perft::divide`] on the pool: the root moves are tasks, and each
/// splits further.
pub(super) fn divide(perft: &Perft<'_>, board: &Board) -> Vec<(Move, u64)> {
    let depth = perft.depth - 1;
    let moves = board.legal_moves();
    match pool(perft.threads) {
        Some(pool) => pool.install(|| {
            moves
                .par_iter()
                .map(|&mv| (mv, split(perft, &board.play_unchecked(mv), depth, 1)))
                .collect()
        }),
        None => moves
            .iter()
            .map(|&mv| (mv, perft.sequential(&board.play_unchecked(mv), depth)))
            .collect(),
    }
}

/// [`Perft::count_split`] on the pool: many independent positions, each
/// counted on one thread.
pub(super) fn count_split(perft: &Perft<'_>, positions: &[(Board, u64)]) -> Option<u64> {
    let one = |(board, m): &(Board, u64)| perft.sequential(board, perft.depth).checked_mul(*m);
    let add = |a: Option<u64>, b: Option<u64>| a?.checked_add(b?);
    match pool(perft.threads) {
        Some(pool) => pool.install(|| positions.par_iter().map(one).reduce(|| Some(0), add)),
        None => positions.iter().map(one).fold(Some(0), add),
    }
}

/// The count `depth` plies below `board`, which is `ply` plies below the
/// root: split into tasks near the root, sequential below.
fn split(perft: &Perft<'_>, board: &Board, depth: u32, ply: u32) -> u64 {
    if ply >= SPLIT_PLIES || depth < MIN_SPLIT_DEPTH {
        return perft.sequential(board, depth);
    }
    if let Some(nodes) = perft.lookup(board, depth) {
        return nodes;
    }
    let nodes = board
        .legal_moves()
        .par_iter()
        .map(|&mv| split(perft, &board.play_unchecked(mv), depth - 1, ply + 1))
        .sum();
    perft.remember(board, depth, nodes);
    nodes
}
