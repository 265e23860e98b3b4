//! What a move does, stated once: [`Board::placement`] names the pieces a
//! move takes off the board and puts on it, and [`Effect`] adds the
//! castling rights left after it and the en-passant square it creates.
//!
//! The queries that describe a move without making it read it here:
//! [`Board::hash_after`] and [`Board::piece_delta`] (the effect), and
//! [`Board::gives_check`] (the placement only). The two hot paths that
//! make moves, `make_move` (`make.rs`) and perft's lean leaf (`leaf.rs`),
//! keep their own straight-line code for speed, and a test checks them
//! against this statement move by move (in `movegen/effect_tests.rs`: it
//! needs legal moves, a layer up).

use super::Board;
use super::make::lose_castling_rights;
use crate::castling::{CastlingRights, CastlingSide};
use crate::moves::Move;
use crate::piece::{Piece, PieceKind};
use crate::square::Square;

/// One piece a move takes off the board or puts on it (see
/// [`Board::placement`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Change {
    /// The piece is taken off the square.
    Off(Piece, Square),
    /// The piece is put on the square.
    On(Piece, Square),
}

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
    /// The pieces `mv` takes off the board and puts on it, passed to
    /// `change` in order: taken off, the mover (the king for castling),
    /// then the captured piece or the castling rook; put on, the mover or
    /// the promotion piece on its destination (the king for castling),
    /// then the castling rook. Returns the mover's kind, or `None`, with
    /// no call, when no piece of the side to move stands on the
    /// from-square. Meant for legal moves (for other values it describes
    /// the same pieces moving, without checking them).
    ///
    /// A callback rather than a list, so that each caller's code is
    /// specialised on the castling and capture branches, and a caller
    /// that ignores the victim's kind does not read it (a returned list
    /// cost `gives_check` many more instructions).
    #[inline(always)]
    pub(crate) fn placement(&self, mv: Move, mut change: impl FnMut(Change)) -> Option<PieceKind> {
        let us = self.state.side;
        let kind = self.moved(mv)?;
        let (from, to) = (mv.from(), mv.to());
        if mv.is_castle() {
            let (king_to, rook_to) = mv.castle_destinations();
            let (king, rook) = (
                Piece::new(us, PieceKind::King),
                Piece::new(us, PieceKind::Rook),
            );
            change(Change::Off(king, from));
            change(Change::Off(rook, to));
            change(Change::On(king, king_to));
            change(Change::On(rook, rook_to));
            return Some(kind);
        }
        change(Change::Off(Piece::new(us, kind), from));
        if let Some(at) = self.capture_square(mv) {
            // The square a capture empties always holds an enemy piece
            // (the pawn beside the destination for en passant).
            let victim = self.mailbox[at.index()];
            debug_assert!(victim.is_some(), "a capture square holds a piece");
            change(Change::Off(
                Piece::new(!us, victim.unwrap_or(PieceKind::Pawn)),
                at,
            ));
        }
        change(Change::On(Piece::new(us, mv.placed_kind(kind)), to));
        Some(kind)
    }

    /// What `mv` does on this board: its [`placement`](Board::placement), the castling
    /// rights left and the en-passant square created; `None` when no piece
    /// of the side to move stands on its from-square.
    #[inline(always)]
    pub(crate) fn effect(&self, mv: Move) -> Option<Effect> {
        let us = self.state.side;
        let (mut removed, mut added) = ([None; 2], [None; 2]);
        let (mut taken, mut put) = (0, 0);
        let kind = self.placement(mv, |change| match change {
            Change::Off(piece, at) => {
                removed[taken] = Some((piece, at));
                taken += 1;
            }
            Change::On(piece, at) => {
                added[put] = Some((piece, at));
                put += 1;
            }
        })?;
        let (from, to) = (mv.from(), mv.to());
        let mut rights = self.state.castling;
        let mut en_passant = None;
        if mv.is_castle() {
            for side in CastlingSide::ALL {
                rights.set(us, side, None);
            }
        } else {
            lose_castling_rights(&mut rights, kind, us, from, to, |_, _| {});
            if mv.is_double_push(kind) {
                en_passant = self.en_passant_after_double(us, from, to);
            }
        }
        Some(Effect {
            removed,
            added,
            rights,
            en_passant,
        })
    }
}
