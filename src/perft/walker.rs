//! The sequential count below one board, in 128 bits: the walker that
//! owns the hashed walk and the plies too deep for the fast walk's `u64`,
//! and hands every subtree it can to the fast walk (`walk` for counts,
//! `stats` for statistics).
//!
//! * With a table, every node at least two plies above the leaves is
//!   looked up and stored; depth-2 nodes that miss are counted by the fast
//!   walk.
//! * Without a table, the fast walk counts subtrees of at most
//!   [`WALK_DEPTH`] plies in `u64`; above that the walker sums children in
//!   `u128`.
//!
//! Every sum above the fast walk is checked: a count past `u128::MAX` is a
//! [`CountOverflow`] naming the subtree, never a wrapped number. What is
//! counted (a leaf count or [`PerftStats`]) is a [`Tally`].

use super::table::PerftTable;
use super::{CountOverflow, PerftStats, stats, walk};
use crate::{Board, MAX_MOVES};

/// The deepest subtree the fast walk counts in one call. A position has at
/// most [`MAX_MOVES`] (256) legal moves, so such a subtree has at most
/// `256⁷ = 2⁵⁶` leaves, well within its `u64`.
pub(super) const WALK_DEPTH: u32 = 7;

const _: () = assert!((MAX_MOVES as u128).pow(WALK_DEPTH) <= u64::MAX as u128);

/// A count, or where it overflowed.
pub(super) type Count<T = u128> = Result<T, CountOverflow>;

/// The overflow error for the subtree `depth` plies below `board`.
#[cold]
pub(super) fn overflow(board: &Board, depth: u32) -> CountOverflow {
    CountOverflow {
        board: super::overflow_board(board),
        depth,
    }
}

/// What a walk adds up: a leaf count (`u128`) or [`PerftStats`].
pub(super) trait Tally: Copy + Default + Send + Sync {
    /// The tally of the subtree `depth` plies below `board`, by the fast
    /// walk (`depth` at most [`WALK_DEPTH`]).
    fn leaves(board: &Board, depth: u32, bulk: bool) -> Self;

    /// The sum, or `None` past `u128::MAX`.
    fn checked_add(self, other: Self) -> Option<Self>;

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
    fn checked_add(self, other: u128) -> Option<u128> {
        u128::checked_add(self, other)
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

    fn checked_add(self, other: PerftStats) -> Option<PerftStats> {
        PerftStats::checked_add(self, other)
    }

    fn get(table: &PerftTable, key: u128) -> Option<PerftStats> {
        table.get_stats(key).map(PerftStats::from_columns)
    }

    fn put(self, table: &PerftTable, key: u128) {
        table.put_stats(key, &self.columns());
    }
}

/// How one thread counts: bulk or full, and the table if any.
#[derive(Clone, Copy)]
pub(super) struct Walker<'t> {
    pub(super) bulk: bool,
    pub(super) table: Option<&'t PerftTable>,
}

impl Walker<'_> {
    /// The tally `depth` plies below `board`.
    pub(super) fn count<T: Tally>(&self, board: &Board, depth: u32) -> Count<T> {
        match self.table {
            Some(table) if depth >= 2 => self.hashed(board, depth, table),
            _ if depth <= WALK_DEPTH => Ok(T::leaves(board, depth, self.bulk)),
            _ => self.sum_children(board, depth, |child| self.count(child, depth - 1)),
        }
    }

    /// The stored tally of `board` at `depth`, if there is a table and it
    /// holds one (for the parallel split, which stores its nodes too).
    #[cfg(feature = "parallel")]
    pub(super) fn get<T: Tally>(&self, board: &Board, depth: u32) -> Option<T> {
        let table = self.table?;
        T::get(table, table.key(board, depth))
    }

    /// Stores `tally` for `board` at `depth`, if there is a table.
    #[cfg(feature = "parallel")]
    pub(super) fn put<T: Tally>(&self, board: &Board, depth: u32, tally: T) {
        if let Some(table) = self.table {
            tally.put(table, table.key(board, depth));
        }
    }

    /// The hashed walk below a node at least two plies above the leaves.
    fn hashed<T: Tally>(&self, board: &Board, depth: u32, table: &PerftTable) -> Count<T> {
        let key = table.key(board, depth);
        if let Some(tally) = T::get(table, key) {
            return Ok(tally);
        }
        let tally = if depth == 2 {
            T::leaves(board, 2, self.bulk)
        } else {
            self.sum_children(board, depth, |child| self.hashed(child, depth - 1, table))?
        };
        tally.put(table, key);
        Ok(tally)
    }

    /// The sum of `count` over the children of `board`, a node `depth`
    /// plies above the leaves.
    #[inline]
    fn sum_children<T: Tally>(
        &self,
        board: &Board,
        depth: u32,
        count: impl Fn(&Board) -> Count<T>,
    ) -> Count<T> {
        let mut sum = T::default();
        for mv in board.legal_moves() {
            let mut child = board.clone();
            child.make_move_unchecked(mv);
            sum = sum
                .checked_add(count(&child)?)
                .ok_or_else(|| overflow(board, depth))?;
        }
        Ok(sum)
    }
}
