//! Counting on a [`rayon`] thread pool (feature `parallel`): the bodies of
//! [`Perft`]'s counts and statistics when more than one thread is asked
//! for. Each
//! returns `None` when there is nothing to do in parallel (one thread) or no
//! pool can be had, and the caller counts on its own thread; the pool's
//! tasks count through the [`Walker`], never back through [`Perft`].
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
//! different thread counts can be compared in one process.

use super::walker::{Count, Tally, Walker, overflow};
use super::{CountOverflow, Perft};
use crate::{Board, Move};
use alloc::vec::Vec;
use rayon::prelude::*;

/// Nodes this many plies or more below the root are not split further.
const SPLIT_PLIES: u32 = 3;

/// Nodes with fewer plies than this left to the leaves are not split: their
/// subtrees are too small to be worth a task.
const MIN_SPLIT_DEPTH: u32 = 4;

/// A pool of `threads` threads (`0`: rayon's default), or `None` for one
/// thread or when the operating system refuses.
fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    if threads == 1 {
        return None;
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .ok()
}

/// [`Perft::count_u128`] and [`Perft::stats`] on the pool.
pub(super) fn count<T: Tally>(perft: &Perft<'_>, board: &Board) -> Option<Count<T>> {
    let walker = perft.walker();
    let pool = pool(perft.threads)?;
    Some(pool.install(|| split(&walker, board, perft.depth, 0)))
}

/// The tallies by root move, or where one overflowed.
type Split<T> = Result<Vec<(Move, T)>, CountOverflow>;

/// [`Perft::divide_u128`] and [`Perft::divide_stats`] on the pool: the root
/// moves are tasks, and each splits further.
pub(super) fn divide<T: Tally>(perft: &Perft<'_>, board: &Board) -> Option<Split<T>> {
    let walker = perft.walker();
    let depth = perft.depth - 1;
    let moves = board.legal_moves();
    let pool = pool(perft.threads)?;
    Some(pool.install(|| {
        moves
            .par_iter()
            .map(|&mv| Ok((mv, split(&walker, &board.play_unchecked(mv), depth, 1)?)))
            .collect()
    }))
}

/// The checked sum of `share` over `positions` on the pool, each position
/// counted on one thread ([`Perft::count_split`]).
pub(super) fn sum<T: Sync>(
    threads: usize,
    depth: u32,
    positions: &[(Board, T)],
    share: impl Fn(&(Board, T)) -> Count + Sync + Send,
) -> Option<Count> {
    let pool = pool(threads)?;
    Some(pool.install(|| {
        positions
            .par_iter()
            .map(|position| share(position).map(|n| (n, position)))
            .try_reduce_with(|(a, _), (b, at)| {
                Ok((a.checked_add(b).ok_or_else(|| overflow(&at.0, depth))?, at))
            })
            .map_or(Ok(0), |total| total.map(|(n, _)| n))
    }))
}

/// `one(index, board)` for each of `boards` on the pool
/// ([`Perft::count_each`], [`Perft::stats_each`]).
pub(super) fn for_each<T: Tally>(
    threads: usize,
    boards: &[Board],
    one: impl Fn(usize, &Board) -> Count<T> + Sync + Send,
) -> Option<Result<(), CountOverflow>> {
    let pool = pool(threads)?;
    Some(pool.install(|| {
        boards
            .par_iter()
            .enumerate()
            // One position a task: positions are few and large.
            .with_max_len(1)
            .try_for_each(|(index, board)| one(index, board).map(|_| ()))
    }))
}

/// The tally `depth` plies below `board`, which is `ply` plies below the
/// root: split into tasks near the root, sequential below.
fn split<T: Tally>(walker: &Walker<'_>, board: &Board, depth: u32, ply: u32) -> Count<T> {
    if ply >= SPLIT_PLIES || depth < MIN_SPLIT_DEPTH {
        return walker.count(board, depth);
    }
    if let Some(tally) = walker.get(board, depth) {
        return Ok(tally);
    }
    let tally = board
        .legal_moves()
        .par_iter()
        .map(|&mv| split(walker, &board.play_unchecked(mv), depth - 1, ply + 1))
        .try_reduce(T::default, |a, b| {
            a.checked_add(b).ok_or_else(|| overflow(board, depth))
        })?;
    walker.put(board, depth, tally);
    Ok(tally)
}
