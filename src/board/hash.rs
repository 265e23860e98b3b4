//! The Zobrist hash: computed from scratch, and kept in step by piece
//! placement (the keys themselves are [`crate::zobrist`]).

use super::Board;
use crate::zobrist;
use crate::{CastlingSide, Color, PieceKind, Square};

impl Board {
    /// The Zobrist hash computed from scratch from the pieces and state.
    /// Always equal to [`Board::hash`]; it exists so that tests can check
    /// the incremental updates.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for sq in self.occupied() {
            if let Some(p) = self.piece_on(sq) {
                hash ^= zobrist::piece_key(p.color, p.kind, sq);
            }
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.castling.has(color, side) {
                    hash ^= zobrist::castling_key(color, side);
                }
            }
        }
        if let Some(ep) = self.ep {
            hash ^= zobrist::en_passant_key(ep.file());
        }
        if self.side == Color::White {
            hash ^= zobrist::WHITE_TO_MOVE_KEY;
        }
        hash
    }

    #[inline(always)]
    pub(crate) fn put_piece(&mut self, color: Color, kind: PieceKind, sq: Square) {
        self.put_piece_unhashed(color, kind, sq);
        self.hash ^= zobrist::piece_key(color, kind, sq);
    }

    // The `_unhashed` forms leave the hash alone: unmake restores it whole,
    // and perft's make does not keep it.

    #[inline(always)]
    pub(crate) fn put_piece_unhashed(&mut self, color: Color, kind: PieceKind, sq: Square) {
        let bb = sq.bitboard();
        self.by_kind[kind.index()] |= bb;
        self.by_color[color.index()] |= bb;
        self.mailbox[sq.index()] = Some(kind);
    }

    #[inline(always)]
    pub(crate) fn remove_piece_unhashed(&mut self, color: Color, kind: PieceKind, sq: Square) {
        let bb = sq.bitboard();
        self.by_kind[kind.index()] &= !bb;
        self.by_color[color.index()] &= !bb;
        self.mailbox[sq.index()] = None;
    }

    #[inline(always)]
    pub(crate) fn move_piece_unhashed(
        &mut self,
        color: Color,
        kind: PieceKind,
        from: Square,
        to: Square,
    ) {
        let bb = from.bitboard() | to.bitboard();
        self.by_kind[kind.index()] ^= bb;
        self.by_color[color.index()] ^= bb;
        self.mailbox[from.index()] = None;
        self.mailbox[to.index()] = Some(kind);
    }
}
