//! Multi-threaded perft on a [`rayon`] thread pool (feature `parallel`).
//!
//! The tree is split near the root: every node fewer than
//! [`SPLIT_PLIES`] plies below the root and at least [`MIN_SPLIT_DEPTH`]
//! plies above the leaves hands its moves to the pool as separate tasks, each
//! on its own copy of the board; below that each task walks its subtree with
//! plain [`perft`] (or [`perft_with_table`]). Splitting a few plies deep,
//! not only at the root, keeps the threads busy when the root has few moves
//! or one root move has a much larger subtree than the others; rayon's work
//! stealing balances the rest. The counts are those of [`perft`]: addition
//! does not care which thread counted what.
//!
//! Each call builds its own pool of the requested size, so runs with
//! different thread counts can be compared in one process. Should the
//! operating system refuse to start threads, the count is computed on the
//! calling thread instead.

use crate::perft::perft;
use crate::tt::{PerftTable, perft_with_table};
use crate::{Board, Move};
use alloc::vec::Vec;
use rayon::prelude::*;

/// Nodes this many plies or more below the root are not split further.
pub const SPLIT_PLIES: u32 = 3;

/// Nodes with fewer plies than this left to the leaves are not split: their
/// subtrees are too small to be worth a task.
pub const MIN_SPLIT_DEPTH: u32 = 4;

/// The number of leaves `depth` plies deep, counted on `threads` threads
/// (`0`: rayon's default, one per core or `RAYON_NUM_THREADS`). Equal to
/// [`perft`].
///
/// ```
/// use magicboard::{perft_parallel, Board};
/// assert_eq!(perft_parallel(&Board::startpos(), 5, 2), 4_865_609);
/// ```
pub fn perft_parallel(board: &Board, depth: u32, threads: usize) -> u64 {
    count_on_pool(board, depth, threads, None)
}

/// Like [`perft_parallel`], with a shared transposition table of
/// `table_mb` mebibytes (`0`: no table). Equal to [`perft`] barring a 64-bit
/// key collision: see [`crate::tt`].
///
/// ```
/// use magicboard::{perft_parallel_hashed, Board};
/// assert_eq!(perft_parallel_hashed(&Board::startpos(), 5, 2, 16), 4_865_609);
/// ```
pub fn perft_parallel_hashed(board: &Board, depth: u32, threads: usize, table_mb: usize) -> u64 {
    if table_mb == 0 {
        return perft_parallel(board, depth, threads);
    }
    let table = PerftTable::new(table_mb);
    count_on_pool(board, depth, threads, Some(&table))
}

/// Like [`perft_parallel`], with a caller-owned transposition table (which
/// may be reused across calls and root positions).
pub fn perft_parallel_with_table(
    board: &Board,
    depth: u32,
    threads: usize,
    table: &PerftTable,
) -> u64 {
    count_on_pool(board, depth, threads, Some(table))
}

/// [`divide`](crate::divide()) on `threads` threads, optionally with a
/// transposition table: each legal move with the leaf count below it, in
/// generation order. Empty for `depth == 0`.
///
/// ```
/// use magicboard::{divide_parallel, Board};
/// let split = divide_parallel(&Board::startpos(), 3, 2, None);
/// assert_eq!(split.len(), 20);
/// assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 8902);
/// ```
pub fn divide_parallel(
    board: &Board,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = board.legal_moves();
    // Outside a pool of our own `count` would use rayon's global pool, so
    // the one-thread path stays sequential all the way down.
    let one_thread = |&mv: &Move| (mv, sequential(&board.play_unchecked(mv), depth - 1, table));
    if threads == 1 {
        return moves.iter().map(one_thread).collect();
    }
    let count_move = |&mv: &Move| (mv, count(&board.play_unchecked(mv), depth - 1, 1, table));
    match pool(threads) {
        Some(pool) => pool.install(|| moves.par_iter().map(count_move).collect()),
        None => moves.iter().map(one_thread).collect(),
    }
}

fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .ok()
}

fn count_on_pool(board: &Board, depth: u32, threads: usize, table: Option<&PerftTable>) -> u64 {
    if threads == 1 {
        return sequential(board, depth, table);
    }
    match pool(threads) {
        Some(pool) => pool.install(|| count(board, depth, 0, table)),
        None => sequential(board, depth, table),
    }
}

fn sequential(board: &Board, depth: u32, table: Option<&PerftTable>) -> u64 {
    let mut board = board.clone();
    match table {
        Some(table) => perft_with_table(&mut board, depth, table),
        None => perft(&mut board, depth),
    }
}

/// The count below `board`, which is `ply` plies below the root; splits
/// into tasks near the root, runs sequentially below.
fn count(board: &Board, depth: u32, ply: u32, table: Option<&PerftTable>) -> u64 {
    if ply >= SPLIT_PLIES || depth < MIN_SPLIT_DEPTH {
        return sequential(board, depth, table);
    }
    let key = PerftTable::key(board);
    if let Some(nodes) = table.and_then(|t| t.probe(key, depth)) {
        return nodes;
    }
    let nodes = board
        .legal_moves()
        .par_iter()
        .map(|&mv| count(&board.play_unchecked(mv), depth - 1, ply + 1, table))
        .sum();
    if let Some(table) = table {
        table.store(key, depth, nodes);
    }
    nodes
}
