//! What a move does, stated once: [`Effect`] lists the pieces a move
//! takes off the board and puts on it, the castling rights left after it
//! and the en-passant square it creates.
//!
//! The queries that describe a move without making it read it here:
//! [`Board::hash_after`] and [`Board::piece_delta`]. The two hot paths that
//! make moves, `make_move` (`make.rs`) and perft's lean leaf (`leaf.rs`),
//! keep their own straight-line code for speed, and a test checks them
//! against this statement move by move (in `movegen/effect_tests.rs`: it
//! needs legal moves, a layer up).

use super::Board;
use super::make::lose_castling_rights;
use crate::{CastlingRights, CastlingSide, Move, Piece, PieceKind, Square};

/// What a move changes (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Effect {
    /// The pieces taken off, in order: the mover (the king for castling),
    /// then the captured piece or the castling rook.
    pub(crate) removed: [Option<(Piece, Square)>; 2],
    /// The pieces put on: the mover, or the promotion piece, on its
    /// destination (the king for castling), then the castling rook.
    pub(crate) added: [Option<(Piece, Square)>; 2],
    /// The castling rights after the move.
    pub(crate) rights: CastlingRights,
    /// The en-passant square after the move: the square a double step
    /// skipped, kept only when an enemy pawn could take there.
    pub(crate) en_passant: Option<Square>,
}

impl Board {
    /// What `mv` does on this board; `None` when no piece of the side to
    /// move stands on its from-square. Meant for legal moves (for other
    /// values it describes the same pieces moving, without checking them).
    #[inline(always)]
    pub(crate) fn effect(&self, mv: Move) -> Option<Effect> {
        let us = self.side;
        let kind = self.moved(mv)?;
        let (from, to) = (mv.from(), mv.to());
        let mut rights = self.castling;
        if mv.is_castle() {
            let (king_to, rook_to) = mv.castle_destinations();
            let (king, rook) = (
                Piece::new(us, PieceKind::King),
                Piece::new(us, PieceKind::Rook),
            );
            for side in CastlingSide::ALL {
                rights.set(us, side, None);
            }
            return Some(Effect {
                removed: [Some((king, from)), Some((rook, to))],
                added: [Some((king, king_to)), Some((rook, rook_to))],
                rights,
                en_passant: None,
            });
        }
        let victim = self
            .capture_square(mv)
            .and_then(|at| Some((Piece::new(!us, self.mailbox[at.index()]?), at)));
        lose_castling_rights(&mut rights, kind, us, from, to, |_, _| {});
        let en_passant = if mv.is_double_push(kind) {
            self.en_passant_after_double(us, from, to)
        } else {
            None
        };
        Some(Effect {
            removed: [Some((Piece::new(us, kind), from)), victim],
            added: [Some((Piece::new(us, mv.placed_kind(kind)), to)), None],
            rights,
            en_passant,
        })
    }
}
