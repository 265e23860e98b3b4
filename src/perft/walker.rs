//! The sequential count below one board, in 128 bits: the walker that
//! owns the hashed walk and the plies too deep for the fast walk's `u64`,
//! and hands every subtree it can to [`walk::leaves`].
//!
//! * With a table, every node at least two plies above the leaves is
//!   looked up and stored ([`PerftTable::get`]/[`PerftTable::put`] by key);
//!   depth-2 nodes that miss are counted by the fast walk.
//! * Without a table, the fast walk counts subtrees of at most
//!   [`WALK_DEPTH`] plies in `u64`; above that the walker sums children in
//!   `u128`.
//!
//! Every sum above the fast walk is checked: a count past `u128::MAX` is a
//! [`CountOverflow`] naming the subtree, never a wrapped number.

use super::{CountOverflow, walk};
use crate::{Board, MAX_MOVES, PerftTable};
use alloc::boxed::Box;

/// The deepest subtree the fast walk counts in one call. A position has at
/// most [`MAX_MOVES`] (256) legal moves, so such a subtree has at most
/// `256⁷ = 2⁵⁶` leaves, well within its `u64`.
pub(super) const WALK_DEPTH: u32 = 7;

const _: () = assert!((MAX_MOVES as u128).pow(WALK_DEPTH) <= u64::MAX as u128);

/// A count, or where it overflowed.
pub(super) type Count = Result<u128, CountOverflow>;

/// The overflow error for the subtree `depth` plies below `board`.
#[cold]
pub(super) fn overflow(board: &Board, depth: u32) -> CountOverflow {
    CountOverflow {
        board: Box::new(board.clone()),
        depth,
    }
}

/// How one thread counts: bulk or full, and the table if any.
#[derive(Clone, Copy)]
pub(super) struct Walker<'t> {
    pub(super) bulk: bool,
    pub(super) table: Option<&'t PerftTable>,
}

impl Walker<'_> {
    /// The number of leaves `depth` plies below `board`.
    pub(super) fn count(&self, board: &Board, depth: u32) -> Count {
        match self.table {
            Some(table) if depth >= 2 => self.hashed(board, depth, table),
            _ if depth <= WALK_DEPTH => Ok(u128::from(walk::leaves(board, depth, self.bulk))),
            _ => self.sum_children(board, depth, |child| self.count(child, depth - 1)),
        }
    }

    /// The stored count of `board` at `depth`, if there is a table and it
    /// holds one (for the parallel split, which stores its nodes too).
    #[cfg(feature = "parallel")]
    pub(super) fn get(&self, board: &Board, depth: u32) -> Option<u128> {
        self.table?.get(board, depth)
    }

    /// Stores `nodes` as the count of `board` at `depth`, if there is a
    /// table.
    #[cfg(feature = "parallel")]
    pub(super) fn put(&self, board: &Board, depth: u32, nodes: u128) {
        if let Some(table) = self.table {
            table.put(board, depth, nodes);
        }
    }

    /// The hashed walk below a node at least two plies above the leaves.
    fn hashed(&self, board: &Board, depth: u32, table: &PerftTable) -> Count {
        let key = table.key(board, depth);
        if let Some(nodes) = table.get_key(key) {
            return Ok(nodes);
        }
        let nodes = if depth == 2 {
            u128::from(walk::leaves(board, 2, self.bulk))
        } else {
            self.sum_children(board, depth, |child| self.hashed(child, depth - 1, table))?
        };
        table.put_key(key, nodes);
        Ok(nodes)
    }

    /// The sum of `count` over the children of `board`, a node `depth`
    /// plies above the leaves.
    #[inline]
    fn sum_children(&self, board: &Board, depth: u32, count: impl Fn(&Board) -> Count) -> Count {
        let mut nodes = 0u128;
        for mv in board.legal_moves() {
            let mut child = board.clone();
            child.make_move_unchecked(mv);
            nodes = nodes
                .checked_add(count(&child)?)
                .ok_or_else(|| overflow(board, depth))?;
        }
        Ok(nodes)
    }
}
