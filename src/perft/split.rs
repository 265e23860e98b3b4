//! Splitting a perft run into independent pieces: the distinct positions a
//! few plies below the root, each with the number of move sequences that
//! reach it.
//!
//! `perft(root, d) = Σ multiplicity(p) · perft(p, d − k)` over the distinct
//! positions `p` that are `k` plies below the root. The pieces can be counted
//! on different machines (the `perft split` / `run-shard` / `merge`
//! commands; [`Perft::count_split`](crate::perft::Perft::count_split) adds them
//! up) and, since transpositions are merged, the total work is less than
//! that of the plain tree.

use crate::board::Board;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

/// The distinct positions `plies` plies below `board`, with how many move
/// sequences lead to each, in the order they are first reached.
///
/// Positions are the same when pieces, side to move, castling rights and
/// en-passant square agree (the move clocks do not change a perft count); the
/// board kept is the first one reached. Boards are compared in full, not only
/// by hash. For `plies == 0` the result is the root with multiplicity 1.
///
/// ```
/// use magicboard::perft::split::split_positions;
/// use magicboard::{perft, Board};
/// let split = split_positions(&Board::startpos(), 2);
/// assert_eq!(split.len(), 400); // no transpositions after two plies
/// let total: u64 = split.iter().map(|(b, m)| m * perft(b, 2)).sum();
/// assert_eq!(total, 197_281); // perft(start, 4)
///
/// // After three plies, 8902 move sequences reach 5362 distinct positions
/// // (OEIS A083276).
/// let split = split_positions(&Board::startpos(), 3);
/// assert_eq!(split.len(), 5362);
/// assert_eq!(split.iter().map(|(_, m)| m).sum::<u64>(), 8902);
/// ```
pub fn split_positions(board: &Board, plies: u32) -> Vec<(Board, u64)> {
    let mut out = Splitter {
        positions: Vec::new(),
        next_same_key: Vec::new(),
        first_by_key: BTreeMap::new(),
    };
    let mut board = board.clone();
    out.walk(&mut board, plies);
    out.positions
}

struct Splitter {
    positions: Vec<(Board, u64)>,
    /// For each position, the next one with the same key (hash chain).
    next_same_key: Vec<Option<usize>>,
    first_by_key: BTreeMap<u64, usize>,
}

impl Splitter {
    fn walk(&mut self, board: &mut Board, plies: u32) {
        if plies == 0 {
            self.add(board);
            return;
        }
        for mv in board.legal_moves() {
            let undo = board.make_move(mv);
            self.walk(board, plies - 1);
            board.unmake_move(mv, undo);
        }
    }

    fn add(&mut self, board: &Board) {
        let key = board.hash();
        let mut at = self.first_by_key.get(&key).copied();
        let mut last = None;
        while let Some(i) = at {
            if self.positions[i].0.same_position(board) {
                self.positions[i].1 += 1;
                return;
            }
            last = Some(i);
            at = self.next_same_key[i];
        }
        let index = self.positions.len();
        self.positions.push((board.clone(), 1));
        self.next_same_key.push(None);
        match last {
            Some(i) => self.next_same_key[i] = Some(index),
            None => {
                self.first_by_key.insert(key, index);
            }
        }
    }
}
