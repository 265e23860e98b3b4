//! Perft's leaves: the position after a move, as the piece sets, castling
//! rights, en-passant square and side to move only.
//!
//! A full perft makes every leaf but never looks at one again, so a leaf
//! needs neither mailbox, clocks, hash nor undo record:
//! [`Board::write_leaf_after`] builds it from the parent by copy, with a
//! few exclusive-ors, in a fraction of what [`Board::make_move`] and [`Board::unmake_move`] cost.
//! Its fields are those [`Board`] itself has, computed by the same rules
//! (the castling rule is [`super::make`]'s, the en-passant rule
//! [`Board::en_passant_after_double`]); a test in `src/perft/walk.rs`
//! checks, move by move, that they agree with the board `make_move` gives.

use super::Board;
use super::make::lose_castling_rights;
use crate::{Bitboard, CastlingRights, CastlingSide, Color, Move, PieceKind, Square};

/// A position reduced to what perft's leaves need. See the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Leaf {
    pub(crate) by_kind: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) castling: CastlingRights,
    pub(crate) ep: Option<Square>,
    pub(crate) side: Color,
}

/// # Perft's leaves (crate-internal)
impl Board {
    /// [`Board::write_leaf_after`] into a fresh leaf (for tests).
    #[cfg(test)]
    pub(crate) fn leaf_after(&self, mv: Move) -> Leaf {
        let mut leaf = self.as_leaf();
        self.write_leaf_after(mv, &mut leaf);
        leaf
    }

    /// The leaf after `mv`, a legal move on this board (from the
    /// generator), written into `leaf` in place (whatever it held): the
    /// same piece sets, rights, en-passant square and side to move as
    /// `make_move` would leave. In place, because a leaf built in a temporary and then
    /// copied out stalled on store forwarding (its eight-byte updates read
    /// back by wider copies): slower than make and unmake, for fewer
    /// instructions.
    #[inline(always)]
    pub(crate) fn write_leaf_after(&self, mv: Move, leaf: &mut Leaf) {
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        leaf.by_kind = self.by_kind;
        leaf.by_color = self.by_color;
        leaf.castling = self.castling;
        leaf.ep = None;
        leaf.side = them;
        let kind = self.mailbox[from.index()].unwrap_or(PieceKind::Pawn);
        if mv.is_castle() {
            // The four squares toggled as one set is right even when a
            // destination is the king's or the rook's own square (Chess960).
            let (king_to, rook_to) = mv.castle_destinations();
            let king = from.bitboard() ^ king_to.bitboard();
            let rook = to.bitboard() ^ rook_to.bitboard();
            leaf.by_kind[PieceKind::King.index()] ^= king;
            leaf.by_kind[PieceKind::Rook.index()] ^= rook;
            leaf.by_color[us.index()] ^= king ^ rook;
            for side in CastlingSide::ALL {
                leaf.castling.set(us, side, None);
            }
            return;
        }
        let moved = from.bitboard() | to.bitboard();
        leaf.by_kind[kind.index()] ^= moved;
        leaf.by_color[us.index()] ^= moved;
        let captured = self.mailbox[to.index()];
        if let Some(captured) = captured {
            leaf.by_kind[captured.index()] ^= to.bitboard();
            leaf.by_color[them.index()] ^= to.bitboard();
        }
        if kind == PieceKind::Pawn {
            if Some(to) == self.ep && captured.is_none() {
                let victim = Square::new(to.file(), from.rank()).bitboard();
                leaf.by_kind[PieceKind::Pawn.index()] ^= victim;
                leaf.by_color[them.index()] ^= victim;
            } else if mv.is_double_push(PieceKind::Pawn) {
                leaf.ep = self.en_passant_after_double(us, from, to);
            } else if let Some(promo) = mv.promotion() {
                leaf.by_kind[PieceKind::Pawn.index()] ^= to.bitboard();
                leaf.by_kind[promo.index()] ^= to.bitboard();
            }
        }
        if !leaf.castling.is_empty()
            && (kind == PieceKind::King || !(moved & Bitboard::BACK_RANKS).is_empty())
        {
            lose_castling_rights(&mut leaf.castling, kind, us, from, to, |_, _| {});
        }
    }

    /// This board's [`Leaf`] fields.
    pub(crate) fn as_leaf(&self) -> Leaf {
        Leaf {
            by_kind: self.by_kind,
            by_color: self.by_color,
            castling: self.castling,
            ep: self.ep,
            side: self.side,
        }
    }
}
