//! The count below one board, on one thread, in 128 bits: what each task
//! of the root split ([`super::roots`]) runs. It owns the table's part of
//! the walk and the plies too deep for the fast walk's `u64`, and hands
//! every subtree it can to the leaves (`walk` for counts, `stats` for
//! statistics).
//!
//! * With a table, every node at least two plies above the leaves is
//!   looked up and stored; depth-2 nodes that miss are counted by the fast
//!   walk.
//! * Without a table, the fast walk counts subtrees of at most
//!   [`WALK_DEPTH`] plies in `u64` ([`METER_WALK_DEPTH`] with a meter, so
//!   that the meter moves while a deep count runs); above that the tree
//!   sums children in `u128`.
//!
//! Every sum is checked: a count past `u128::MAX` is a [`CountOverflow`]
//! naming the subtree, never a wrapped number. What is counted (a leaf
//! count or [`PerftStats`]) is a [`Tally`].
//!
//! The leaves the walk counted and the table's hits are added up in the
//! task's own counters and handed to the [`PerftMeter`], if any, now and
//! then (every [`FLUSH_EVERY`] leaves or hits, and when the task ends):
//! never a shared atomic per node.

use super::stats::{self, PerftStats};
use super::table::PerftTable;
use super::walk;
use crate::board::Board;
use crate::moves::MAX_MOVES;
#[cfg(feature = "alloc")]
use alloc::boxed::Box;

/// The board a [`CountOverflow`] names: boxed where there is a heap, so
/// that the error stays small beside the counts it replaces. (Without
/// `alloc` it is held inline: no count without a table comes near 2^128.)
#[cfg(feature = "alloc")]
pub(super) type OverflowBoard = Box<Board>;
#[cfg(not(feature = "alloc"))]
pub(super) type OverflowBoard = Board;

/// `board` as a [`CountOverflow`] holds it.
#[cfg(feature = "alloc")]
pub(super) fn overflow_board(board: &Board) -> OverflowBoard {
    Box::new(board.clone())
}

/// `board` as a [`CountOverflow`] holds it.
#[cfg(not(feature = "alloc"))]
pub(super) fn overflow_board(board: &Board) -> OverflowBoard {
    board.clone()
}

/// The deepest subtree the fast walk counts in one call. A position has at
/// most [`MAX_MOVES`] (256) legal moves, so such a subtree has at most
/// `256⁷ = 2⁵⁶` leaves, well within its `u64`.
pub(super) const WALK_DEPTH: u32 = 7;

const _: () = assert!((MAX_MOVES as u128).pow(WALK_DEPTH) <= u64::MAX as u128);

/// The deepest subtree the fast walk counts in one call when a meter
/// watches: a few million leaves, some milliseconds, so the meter's
/// figures grow while a deep count runs. The plies above cost the tree's
/// sums, a few thousandths of the walk (`perft --bench` measures the
/// tool's counts with a meter: docs/performance.md).
pub(super) const METER_WALK_DEPTH: u32 = 4;

/// The task's counters go to the meter once either reaches this.
pub(super) const FLUSH_EVERY: u64 = 1 << 20;

/// A count, or where it overflowed.
pub(super) type Count<T = u128> = Result<T, CountOverflow>;

/// A perft count past `2¹²⁸ − 1`: the subtree whose count overflowed,
/// `depth` plies below [`board`](CountOverflow::board). Only a table makes
/// such a count reachable (a deep endgame whose positions recur at every
/// depth); without one, counting 2¹²⁸ leaves would take longer than the
/// universe has existed.
///
/// ```
/// use magicboard::{Board, Perft, PerftTable};
/// // Two bare kings, 50 plies: past 2^128 leaves.
/// let board = Board::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1")?;
/// let table = PerftTable::new(16);
/// let error = Perft::new(50).table(&table).count_u128(&board).unwrap_err();
/// assert!(error.depth() <= 50);
/// assert!(error.to_string().contains("exceeds 2^128 - 1"));
/// # Ok::<(), magicboard::FenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountOverflow {
    pub(super) board: OverflowBoard,
    pub(super) depth: u32,
}

impl CountOverflow {
    /// The root of the subtree whose count overflowed.
    ///
    /// ```
    /// # use magicboard::{Board, Perft, PerftTable};
    /// # let board = Board::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1")?;
    /// # let table = PerftTable::new(16);
    /// let error = Perft::new(50).table(&table).count_u128(&board).unwrap_err();
    /// assert_eq!(error.board().occupied().count(), 2);
    /// # Ok::<(), magicboard::FenError>(())
    /// ```
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The depth of the subtree whose count overflowed.
    ///
    /// ```
    /// # use magicboard::{Board, Perft, PerftTable};
    /// # let board = Board::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1")?;
    /// # let table = PerftTable::new(16);
    /// let error = Perft::new(50).table(&table).count_u128(&board).unwrap_err();
    /// assert!(error.depth() > 24 && error.depth() <= 50);
    /// # Ok::<(), magicboard::FenError>(())
    /// ```
    pub fn depth(&self) -> u32 {
        self.depth
    }
}

impl core::fmt::Display for CountOverflow {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "the perft count {} plies below ", self.depth)?;
        self.board.write_fen(f, false)?;
        f.write_str(" exceeds 2^128 - 1")
    }
}

impl core::error::Error for CountOverflow {}

/// What a perft has done so far, readable from another thread while it
/// counts ([`Perft::meter`](super::Perft::meter)): the leaves the move
/// generator counted (`visited`), and the subtrees the table answered
/// (`table_hits`). The counting threads add their own counts to it now
/// and then (every million leaves or so, and when each piece of the work
/// ends), so reading it costs the count nothing measurable.
///
/// Without a table, `visited` ends equal to the count; with one, the
/// count includes every leaf below each hit, which no generator visited,
/// so `visited` is the work done and `visited / seconds` the honest speed.
///
/// ```
/// use magicboard::perft::PerftMeter;
/// use magicboard::{Board, Perft, PerftTable};
/// let start = Board::startpos();
/// let meter = PerftMeter::new();
/// assert_eq!(Perft::new(5).meter(&meter).count(&start), 4_865_609);
/// assert_eq!(meter.visited(), 4_865_609);
///
/// // With a table, fewer leaves are visited than counted.
/// let table = PerftTable::new(16);
/// let meter = PerftMeter::new();
/// assert_eq!(Perft::new(6).table(&table).meter(&meter).count(&start), 119_060_324);
/// assert!(meter.visited() < 119_060_324 / 2);
/// assert!(meter.table_hits() > 0);
/// ```
#[derive(Debug, Default)]
pub struct PerftMeter {
    visited: counter::Counter,
    hits: counter::Counter,
}

impl PerftMeter {
    /// A meter at zero.
    ///
    /// ```
    /// let meter = magicboard::perft::PerftMeter::new();
    /// assert_eq!((meter.visited(), meter.table_hits()), (0, 0));
    /// ```
    pub const fn new() -> PerftMeter {
        PerftMeter {
            visited: counter::Counter::new(),
            hits: counter::Counter::new(),
        }
    }

    /// The leaves the move generator counted so far (counted in bulk or
    /// made, as the [`Perft`](super::Perft) says), across threads.
    ///
    /// ```
    /// use magicboard::perft::PerftMeter;
    /// use magicboard::{Board, Perft};
    /// let meter = PerftMeter::new();
    /// Perft::new(3).full().meter(&meter).count(&Board::startpos());
    /// assert_eq!(meter.visited(), 8902);
    /// ```
    pub fn visited(&self) -> u64 {
        self.visited.get()
    }

    /// The subtrees whose count the table gave, so far, across threads.
    ///
    /// ```
    /// use magicboard::perft::PerftMeter;
    /// use magicboard::{Board, Perft, PerftTable};
    /// let table = PerftTable::new(1);
    /// let meter = PerftMeter::new();
    /// Perft::new(5).table(&table).meter(&meter).count(&Board::startpos());
    /// // Transpositions three plies in (1. e3 e6 2. d3 and 1. d3 e6 2. e3
    /// // ...), two plies above the leaves, where the table keeps counts.
    /// assert!(meter.table_hits() > 0);
    /// ```
    pub fn table_hits(&self) -> u64 {
        self.hits.get()
    }
}

/// The meter's two figures: a 64-bit atomic where the target has one, a
/// pointer-sized one elsewhere (the figure then wraps at `2^32`, which a
/// 32-bit target would take hours to reach), nothing without atomic
/// addition. The only place that depends on the target's atomics.
mod counter {
    #[cfg(target_has_atomic = "ptr")]
    use core::sync::atomic::Ordering::Relaxed;

    /// A figure that threads add to without locks.
    #[derive(Debug, Default)]
    pub(super) struct Counter(#[cfg(target_has_atomic = "ptr")] Atomic);

    #[cfg(target_has_atomic = "64")]
    type Atomic = core::sync::atomic::AtomicU64;

    #[cfg(target_has_atomic = "64")]
    impl Counter {
        pub(super) const fn new() -> Counter {
            Counter(Atomic::new(0))
        }

        pub(super) fn add(&self, value: u64) {
            self.0.fetch_add(value, Relaxed);
        }

        pub(super) fn get(&self) -> u64 {
            self.0.load(Relaxed)
        }
    }

    #[cfg(all(not(target_has_atomic = "64"), target_has_atomic = "ptr"))]
    type Atomic = core::sync::atomic::AtomicUsize;

    #[cfg(all(not(target_has_atomic = "64"), target_has_atomic = "ptr"))]
    impl Counter {
        pub(super) const fn new() -> Counter {
            Counter(Atomic::new(0))
        }

        pub(super) fn add(&self, value: u64) {
            // Wraps: a pointer-sized figure (see above).
            self.0.fetch_add(value as usize, Relaxed);
        }

        pub(super) fn get(&self) -> u64 {
            self.0.load(Relaxed) as u64
        }
    }

    #[cfg(not(target_has_atomic = "ptr"))]
    impl Counter {
        pub(super) const fn new() -> Counter {
            Counter()
        }

        pub(super) fn add(&self, _value: u64) {}

        pub(super) fn get(&self) -> u64 {
            0
        }
    }
}

/// What a walk adds up: a leaf count (`u128`) or [`PerftStats`].
pub(super) trait Tally: Copy + Default + Send + Sync {
    /// The tally of the subtree `depth` plies below `board`, by the fast
    /// walk (`depth` at most [`WALK_DEPTH`]).
    fn leaves(board: &Board, depth: u32, bulk: bool) -> Self;

    /// The leaves counted (the count, or the statistics' nodes).
    fn nodes(&self) -> u128;

    /// The sum, or `None` past `u128::MAX`.
    fn plus(self, other: Self) -> Option<Self>;

    /// The sum `count × factor`, or `None` past `u128::MAX` (for splits,
    /// which need `alloc`).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    fn times(self, factor: u64) -> Option<Self>;

    /// The tally stored under `key`, if any.
    fn get(table: &PerftTable, key: u128) -> Option<Self>;

    /// Stores `self` under `key`.
    fn put(self, table: &PerftTable, key: u128);
}

impl Tally for u128 {
    #[inline]
    fn leaves(board: &Board, depth: u32, bulk: bool) -> u128 {
        u128::from(walk::leaves(board, depth, bulk))
    }

    #[inline]
    fn nodes(&self) -> u128 {
        *self
    }

    #[inline]
    fn plus(self, other: u128) -> Option<u128> {
        self.checked_add(other)
    }

    fn times(self, factor: u64) -> Option<u128> {
        self.checked_mul(u128::from(factor))
    }

    #[inline]
    fn get(table: &PerftTable, key: u128) -> Option<u128> {
        table.get_key(key)
    }

    #[inline]
    fn put(self, table: &PerftTable, key: u128) {
        table.put_key(key, self);
    }
}

impl Tally for PerftStats {
    fn leaves(board: &Board, depth: u32, _bulk: bool) -> PerftStats {
        stats::leaves(board, depth)
    }

    fn nodes(&self) -> u128 {
        self.nodes
    }

    fn plus(self, other: PerftStats) -> Option<PerftStats> {
        self.checked_add(other)
    }

    fn times(self, factor: u64) -> Option<PerftStats> {
        self.checked_mul(factor)
    }

    fn get(table: &PerftTable, key: u128) -> Option<PerftStats> {
        table.get_stats(key).map(PerftStats::from_columns)
    }

    fn put(self, table: &PerftTable, key: u128) {
        table.put_stats(key, &self.columns());
    }
}

/// How each task counts: bulk or full, the table and the meter if any.
#[derive(Clone, Copy)]
pub(super) struct Counting<'t> {
    pub(super) bulk: bool,
    pub(super) table: Option<&'t PerftTable>,
    pub(super) meter: Option<&'t PerftMeter>,
}

impl Counting<'_> {
    /// The tally `depth` plies below `board`, on this thread: one task of
    /// the root split.
    pub(super) fn count<T: Tally>(self, board: &Board, depth: u32) -> Count<T> {
        let walk_depth = match self.meter {
            Some(_) => METER_WALK_DEPTH,
            None => WALK_DEPTH,
        };
        let mut tree = Tree {
            bulk: self.bulk,
            meter: self.meter,
            walk_depth,
            visited: 0,
            hits: 0,
        };
        let tally = match self.table {
            Some(table) if depth >= 2 => tree.hashed(board, depth, table),
            _ => tree.plain(board, depth),
        };
        tree.flush();
        tally
    }
}

/// One task's walk: the settings it reads at every node, and its own
/// counts for the meter since they were last handed over.
struct Tree<'t> {
    bulk: bool,
    meter: Option<&'t PerftMeter>,
    walk_depth: u32,
    visited: u64,
    hits: u64,
}

impl Tree<'_> {
    /// The tally `depth` plies below `board` without a table.
    fn plain<T: Tally>(&mut self, board: &Board, depth: u32) -> Count<T> {
        if depth <= self.walk_depth {
            return Ok(self.leaves(board, depth));
        }
        let mut sum = T::default();
        for mv in board.legal_moves() {
            let child = board.play_unchecked(mv);
            let below = self.plain(&child, depth - 1)?;
            sum = add(sum, below, board, depth)?;
        }
        Ok(sum)
    }

    /// The tally below a node at least two plies above the leaves, looked
    /// up in the table and stored there.
    fn hashed<T: Tally>(&mut self, board: &Board, depth: u32, table: &PerftTable) -> Count<T> {
        let key = table.key(board, depth);
        if let Some(tally) = T::get(table, key) {
            self.hits += 1;
            if self.hits >= FLUSH_EVERY {
                self.flush();
            }
            return Ok(tally);
        }
        let tally = if depth == 2 {
            self.leaves(board, 2)
        } else {
            let mut sum = T::default();
            for mv in board.legal_moves() {
                let child = board.play_unchecked(mv);
                let below = self.hashed(&child, depth - 1, table)?;
                sum = add(sum, below, board, depth)?;
            }
            sum
        };
        tally.put(table, key);
        Ok(tally)
    }

    /// The fast walk's tally `depth` plies below `board`, its leaves
    /// added to the task's counts.
    #[inline]
    fn leaves<T: Tally>(&mut self, board: &Board, depth: u32) -> T {
        let tally = T::leaves(board, depth, self.bulk);
        // At most 2^56 leaves (`WALK_DEPTH`).
        self.visited += tally.nodes() as u64;
        if self.visited >= FLUSH_EVERY {
            self.flush();
        }
        tally
    }

    /// Hands the task's counts to the meter.
    fn flush(&mut self) {
        if let Some(meter) = self.meter {
            meter.visited.add(self.visited);
            meter.hits.add(self.hits);
        }
        self.visited = 0;
        self.hits = 0;
    }
}

/// `sum + below`, or the overflow of the subtree `depth` plies below
/// `board`.
#[inline]
fn add<T: Tally>(sum: T, below: T, board: &Board, depth: u32) -> Count<T> {
    sum.plus(below).ok_or_else(|| CountOverflow {
        board: overflow_board(board),
        depth,
    })
}
