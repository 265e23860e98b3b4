//! The board's invariants as code.

use super::Board;
use crate::{Bitboard, Color, PieceKind};

impl Board {
    /// Checks every invariant the rest of the crate relies on: bitboards
    /// disjoint and agreeing with the mailbox, one king per side, the hash
    /// equal to a fresh computation. Used by debug assertions and tests.
    pub fn is_consistent(&self) -> bool {
        let mut union = Bitboard::EMPTY;
        for (i, bb) in self.by_kind.iter().enumerate() {
            if !(union & *bb).is_empty() {
                return false;
            }
            union |= *bb;
            for sq in *bb {
                if self.mailbox[sq.index()] != PieceKind::from_index(i) {
                    return false;
                }
            }
        }
        let colors = self.by_color[0] | self.by_color[1];
        (self.by_color[0] & self.by_color[1]).is_empty()
            && union == colors
            && (0..64).all(|i| self.mailbox[i].is_some() == (union.0 >> i & 1 != 0))
            && self.colored_pieces(Color::White, PieceKind::King).count() == 1
            && self.colored_pieces(Color::Black, PieceKind::King).count() == 1
            && self.hash == self.hash_from_scratch()
    }
}
