//! The root split: how a count is cut into tasks near the root, counted
//! (on a [`rayon`] pool with the feature `parallel` and more than one
//! thread, else in order on the calling thread), and added up.
//!
//! The flow is one way. A call names its *owners*: the root for a count,
//! each root move's position for a divide, each board of a list. The
//! owners are the first tasks; with several threads they are expanded a
//! ply at a time (at most [`SPLIT_PLIES`] plies, never below
//! [`MIN_SPLIT_DEPTH`] plies from the leaves) until there are
//! [`TASKS_PER_THREAD`] tasks a thread, so that the threads stay busy
//! when the root has few moves or one move has a much larger subtree than
//! the others (rayon's work stealing balances the rest). Each task is
//! counted by the tree ([`super::tree`]) on one thread, and the results
//! come back up once: each task's count is added to its owner's, in
//! 128 bits, checked. Addition does not care which thread counted what,
//! so the counts are those of one thread.
//!
//! Each call builds its own pool of the requested size, so runs with
//! different thread counts can be compared in one process; should the
//! operating system refuse to start threads, the count is made on the
//! calling thread.

//!
//! Without `alloc` there is no split (nor threads: `parallel` needs
//! `alloc`): [`total`] hands the root to the tree on the calling thread.

// Without `alloc`, only `total` and `each` are built: the split's pieces go
// unused.
#![cfg_attr(not(feature = "alloc"), allow(dead_code))]
use super::tree::{Count, CountOverflow, Counting, Tally};
use crate::board::Board;
#[cfg(feature = "alloc")]
use crate::moves::Move;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;
#[cfg(feature = "parallel")]
use rayon::prelude::*;

/// Tasks are expanded at most this many plies below their owners.
pub(super) const SPLIT_PLIES: u32 = 3;

/// Tasks with fewer plies than this left to the leaves are not expanded:
/// their subtrees are too small to be worth splitting.
pub(super) const MIN_SPLIT_DEPTH: u32 = 4;

/// Tasks are expanded until there are this many for each thread.
pub(super) const TASKS_PER_THREAD: usize = 16;

/// A count's depth, threads, and how each task counts.
#[derive(Clone, Copy)]
pub(super) struct Job<'t> {
    pub(super) depth: u32,
    /// `0`: rayon's default (one per core, or `RAYON_NUM_THREADS`).
    pub(super) threads: usize,
    pub(super) counting: Counting<'t>,
}

/// A board to count `depth` plies below, for `owner` (an index into the
/// call's owners).
struct Task {
    owner: usize,
    board: Board,
    depth: u32,
}

/// The tally `job.depth` plies below `board`.
#[cfg(feature = "alloc")]
pub(super) fn total<T: Tally>(job: &Job<'_>, board: &Board) -> Count<T> {
    let owners = [Task {
        owner: 0,
        board: board.clone(),
        depth: job.depth,
    }];
    let [tally] = run(job, &owners)?[..] else {
        unreachable!("one owner, one tally")
    };
    Ok(tally)
}

/// The tally `job.depth` plies below `board`, counted by the tree on this
/// thread (no `alloc`, so no split and no threads).
#[cfg(not(feature = "alloc"))]
pub(super) fn total<T: Tally>(job: &Job<'_>, board: &Board) -> Count<T> {
    job.counting.count(board, job.depth)
}

/// The tallies below each root move of `board` (`job.depth - 1` plies
/// after the move), in the order of `legal_moves`; none for depth 0.
#[cfg(feature = "alloc")]
pub(super) fn divide<T: Tally>(
    job: &Job<'_>,
    board: &Board,
) -> Result<Vec<(Move, T)>, CountOverflow> {
    if job.depth == 0 {
        return Ok(Vec::new());
    }
    let moves = board.legal_moves();
    let mut owners = Vec::with_capacity(moves.len());
    for (owner, &mv) in moves.iter().enumerate() {
        let board = board.play_unchecked(mv);
        owners.push(Task {
            owner,
            board,
            depth: job.depth - 1,
        });
    }
    let tallies = run(job, &owners)?;
    Ok(moves.iter().copied().zip(tallies).collect())
}

/// The sum of `multiplicity × count` over `positions`, each `job.depth`
/// plies deep.
#[cfg(feature = "alloc")]
pub(super) fn weighted_sum(job: &Job<'_>, positions: &[(Board, u64)]) -> Count {
    let owners: Vec<Task> = positions
        .iter()
        .enumerate()
        .map(|(owner, (board, _))| Task {
            owner,
            board: board.clone(),
            depth: job.depth,
        })
        .collect();
    let mut total = 0u128;
    for (tally, (board, multiplicity)) in run::<u128>(job, &owners)?.into_iter().zip(positions) {
        total = tally
            .times(*multiplicity)
            .and_then(|share| total.plus(share))
            .ok_or_else(|| CountOverflow {
                board: super::tree::overflow_board(board),
                depth: job.depth,
            })?;
    }
    Ok(total)
}

/// Counts each of `boards` (one task each, `job.depth` plies deep) and
/// calls `each(index, tally)` as each is finished, from the thread that
/// counted it. Stops at the first overflow.
pub(super) fn each<T: Tally>(
    job: &Job<'_>,
    boards: &[Board],
    each: impl Fn(usize, T) + Sync + Send,
) -> Result<(), CountOverflow> {
    let one = |(index, board): (usize, &Board)| {
        each(index, job.counting.count(board, job.depth)?);
        Ok(())
    };
    on_threads(job.threads, |threads| {
        #[cfg(feature = "parallel")]
        if threads > 1 {
            // One position a task: positions are few and large.
            return boards
                .par_iter()
                .enumerate()
                .with_max_len(1)
                .try_for_each(one);
        }
        let _ = threads;
        boards.iter().enumerate().try_for_each(one)
    })
}

/// The tally of each owner: its tasks counted and added up.
#[cfg(feature = "alloc")]
fn run<T: Tally>(job: &Job<'_>, owners: &[Task]) -> Result<Vec<T>, CountOverflow> {
    on_threads(job.threads, |threads| {
        let expanded = expand(owners, threads);
        let tasks = expanded.as_deref().unwrap_or(owners);
        let one = |task: &Task| job.counting.count(&task.board, task.depth);
        #[cfg(feature = "parallel")]
        if threads > 1 {
            let counts: Vec<Count<T>> = tasks.par_iter().map(one).collect();
            return add_up(owners, tasks, counts);
        }
        add_up(owners, tasks, tasks.iter().map(one))
    })
}

/// The owners' tasks a ply at a time deeper, while there are fewer than
/// [`TASKS_PER_THREAD`] a thread; `None` when the owners are the tasks.
#[cfg(feature = "alloc")]
fn expand(owners: &[Task], threads: usize) -> Option<Vec<Task>> {
    let mut tasks: Option<Vec<Task>> = None;
    for _ in 0..SPLIT_PLIES {
        let now = tasks.as_deref().unwrap_or(owners);
        let shallow = now.iter().any(|task| task.depth < MIN_SPLIT_DEPTH);
        if threads <= 1 || shallow || now.len() >= TASKS_PER_THREAD * threads {
            break;
        }
        let children = now.iter().flat_map(|task| {
            let moves = task.board.legal_moves();
            moves.into_iter().map(move |mv| Task {
                owner: task.owner,
                board: task.board.play_unchecked(mv),
                depth: task.depth - 1,
            })
        });
        tasks = Some(children.collect());
    }
    tasks
}

/// Each owner's tally: the counts of its tasks added up, checked (an
/// overflow names the owner's subtree).
#[cfg(feature = "alloc")]
fn add_up<T: Tally>(
    owners: &[Task],
    tasks: &[Task],
    counts: impl IntoIterator<Item = Count<T>>,
) -> Result<Vec<T>, CountOverflow> {
    let mut sums = alloc::vec![T::default(); owners.len()];
    for (task, count) in tasks.iter().zip(counts) {
        let owner = &owners[task.owner];
        let sum = &mut sums[task.owner];
        *sum = sum.plus(count?).ok_or_else(|| CountOverflow {
            board: super::tree::overflow_board(&owner.board),
            depth: owner.depth,
        })?;
    }
    Ok(sums)
}

/// `work(threads)` on a pool of `threads` threads (`0`: rayon's
/// default), given the pool's size; on this thread, given 1, for one
/// thread, without the feature `parallel`, or when the operating system
/// refuses threads.
fn on_threads<R: Send>(threads: usize, work: impl FnOnce(usize) -> R + Send) -> R {
    #[cfg(feature = "parallel")]
    if threads != 1 {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        if let Ok(pool) = pool {
            return pool.install(|| work(pool.current_num_threads()));
        }
    }
    let _ = threads;
    work(1)
}
