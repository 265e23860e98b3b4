//! Perft's leaves: the position after a move, as the piece sets, castling
//! rights, en-passant square and side to move only.
//!
//! A full perft makes every leaf but never looks at one again, so a leaf
//! needs neither mailbox, clocks, hash nor undo record:
//! [`Board::write_leaf_after`] builds it from the parent by copy, with a
//! few exclusive-ors, in a fraction of what [`Board::make_move`] and [`Board::unmake_move`] cost.
//! Its fields are those [`Board`] itself has, computed by the same rules
//! (the castling rule is the board's `lose_castling_rights`, the en-passant
//! rule `Board::en_passant_after_double`); a test in `src/perft/walk.rs`
//! checks, move by move, that they agree with the board `make_move` gives.
//!
//! The same rule writes the children of perft's last-but-one ply into a
//! scratch board, whose mailbox, clocks and hash then stay the parent's:
//! the leaf counter reads none of them, and the same test checks that it
//! counts each such child right. Perft writes a node's children (and a
//! full walk's leaves) into one target that holds the fields all of them
//! share (`Board::write_rest`): each child's move is applied, the child
//! visited, and the move taken back (`Board::visit_piece_child` and its
//! siblings), rather than every field copied for each child.

//!
//! The board lends its raw parts to this module through two crate-private
//! accessors, [`Board::sets`] (read) and [`Board::fields`] (write): the
//! only perft code that sees them.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::board::{Fields, lose_castling_rights};
use crate::castling::{CastlingRights, CastlingSide};
use crate::color::Color;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::square::Square;

/// Where a move's leaf is written: a [`Leaf`], or a scratch [`Board`]
/// whose other fields (mailbox, clocks, hash) stay as they were.
pub(crate) trait WriteTarget {
    /// The fields a leaf is made of.
    fn fields(&mut self) -> Fields<'_>;
}

impl WriteTarget for Board {
    #[inline(always)]
    fn fields(&mut self) -> Fields<'_> {
        Board::fields(self)
    }
}

impl WriteTarget for Leaf {
    #[inline(always)]
    fn fields(&mut self) -> Fields<'_> {
        Fields {
            by_kind: &mut self.by_kind,
            by_color: &mut self.by_color,
            castling: &mut self.castling,
            ep: &mut self.ep,
            side: &mut self.side,
        }
    }
}

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
    // Perft's move-list walk calls it (without `fast-perft`, and its
    // fallback on x86-64 CPUs without `popcnt`); elsewhere only the tests do.
    #[cfg_attr(
        not(any(
            test,
            not(feature = "fast-perft"),
            all(popcnt_dispatch, not(target_feature = "popcnt"))
        )),
        allow(dead_code)
    )]
    #[inline(always)]
    pub(crate) fn write_leaf_after(&self, mv: Move, leaf: &mut Leaf) {
        self.write_leaf_after_with(mv, leaf, self.castling_touch());
    }

    /// [`Board::write_leaf_after`] with this board's
    /// [`Board::castling_touch`] computed once for all its moves.
    #[inline(always)]
    pub(crate) fn write_leaf_after_with(&self, mv: Move, leaf: &mut Leaf, touch: Bitboard) {
        self.write_after(mv, touch, leaf.fields());
    }

    /// The squares a (non-castling) move must start or end on to lose a
    /// castling right: the rook square of each right left, and the square
    /// of each king with a right left. The same for every move of a
    /// position, so perft computes it once per node: testing a move
    /// against it is cheaper than against each right.
    #[inline(always)]
    pub(crate) fn castling_touch(&self) -> Bitboard {
        let mut touch = Bitboard::EMPTY;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(rook) = self.castling_rights().rook_square(color, side) {
                    touch |= rook.bitboard() | self.king(color).bitboard();
                }
            }
        }
        touch
    }

    /// The body of [`Board::write_leaf_after`] and
    /// `Board::visit_child`, on the fields they write; `touch` is
    /// [`Board::castling_touch`].
    #[inline(always)]
    fn write_after(&self, mv: Move, touch: Bitboard, mut f: Fields<'_>) {
        let us = self.side_to_move();
        let (from, to) = (mv.from(), mv.to());
        self.write_unmoved(&mut f);
        let kind = self.kind_on(from).unwrap_or(PieceKind::Pawn);
        if mv.is_castle() {
            // The four squares toggled as one set is right even when a
            // destination is the king's or the rook's own square (Chess960).
            let (king_to, rook_to) = mv.castle_destinations();
            let king = from.bitboard() ^ king_to.bitboard();
            let rook = to.bitboard() ^ rook_to.bitboard();
            f.by_kind[PieceKind::King.index()] ^= king;
            f.by_kind[PieceKind::Rook.index()] ^= rook;
            f.by_color[us.index()] ^= king ^ rook;
            for side in CastlingSide::ALL {
                f.castling.set(us, side, None);
            }
            return;
        }
        let captured = self.kind_on(to);
        self.write_moved(kind, from, to, captured, &mut f);
        if kind == PieceKind::Pawn {
            if Some(to) == self.en_passant() && captured.is_none() {
                let victim = Square::new(to.file(), from.rank()).bitboard();
                f.by_kind[PieceKind::Pawn.index()] ^= victim;
                f.by_color[(!us).index()] ^= victim;
            } else if mv.is_double_push(PieceKind::Pawn) {
                *f.ep = self.en_passant_after_double(us, from, to);
            } else if let Some(promo) = mv.promotion() {
                promote(promo, to, &mut f);
            }
        }
        self.lose_rights_touched(kind, from, to, touch, &mut f);
    }

    /// The parent's fields with the other side to move and no en-passant
    /// square: where every child's writing starts.
    #[inline(always)]
    fn write_unmoved(&self, f: &mut Fields<'_>) {
        let (by_kind, by_color) = self.sets();
        *f.by_kind = *by_kind;
        *f.by_color = *by_color;
        *f.castling = self.castling_rights();
        *f.ep = None;
        *f.side = !self.side_to_move();
    }

    /// The pieces after `kind` moves from `from` to `to` taking `captured`
    /// (what stands on `to`), on the parent's fields already written
    /// (`write_unmoved`): a move that neither castles, takes en
    /// passant nor promotes, as far as the pieces go.
    #[inline(always)]
    fn write_moved(
        &self,
        kind: PieceKind,
        from: Square,
        to: Square,
        captured: Option<PieceKind>,
        f: &mut Fields<'_>,
    ) {
        let us = self.side_to_move();
        let moved = from.bitboard() | to.bitboard();
        f.by_kind[kind.index()] ^= moved;
        f.by_color[us.index()] ^= moved;
        if let Some(captured) = captured {
            f.by_kind[captured.index()] ^= to.bitboard();
            f.by_color[(!us).index()] ^= to.bitboard();
        }
    }

    /// The castling rights a (non-castling) move of `kind` from `from` to
    /// `to` loses: a king move starts on its king's square, and a move that
    /// takes a right's rook (or moves it) starts or ends on its square,
    /// all in `touch` ([`Board::castling_touch`]).
    #[inline(always)]
    fn lose_rights_touched(
        &self,
        kind: PieceKind,
        from: Square,
        to: Square,
        touch: Bitboard,
        f: &mut Fields<'_>,
    ) -> bool {
        let touched = !((from.bitboard() | to.bitboard()) & touch).is_empty();
        if touched {
            lose_castling_rights(f.castling, kind, self.side_to_move(), from, to, |_, _| {});
        }
        touched
    }

    /// Writes into `child` the fields every child of this board shares
    /// (`write_unmoved`): the rest state the `visit_*_child` functions
    /// start from and leave behind.
    #[cfg(feature = "fast-perft")]
    #[inline(always)]
    pub(crate) fn write_rest(&self, child: &mut impl WriteTarget) {
        self.write_unmoved(&mut child.fields());
    }

    /// Calls `visit` on the child after the move of the piece on `from`
    /// (`kind`, read once for all its moves) to `to`, taking `captured`
    /// (what stands on `to`): a piece's destination from the set the
    /// generator hands over, or a pawn's capture (no castling, en passant
    /// or promotion), written into `child`, which holds this board's rest
    /// state ([`Board::write_rest`]) and holds it again on return: the
    /// pieces' changes are exclusive-ors, which a second application takes
    /// back, and the castling rights, when the move touched them, are
    /// copied back. Cheaper than writing every field for each child.
    ///
    /// Perft's sink splits a piece's destinations into empty squares
    /// (`captured` a constant `None`) and captures: tested move by move,
    /// whether a move captures is a branch that is often mispredicted
    /// (docs/performance.md, "Decisions that shaped the code").
    #[cfg(feature = "fast-perft")]
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn visit_piece_child<T: WriteTarget>(
        &self,
        kind: PieceKind,
        from: Square,
        to: Square,
        captured: Option<PieceKind>,
        child: &mut T,
        touch: Bitboard,
        visit: impl FnOnce(&mut T) -> u64,
    ) -> u64 {
        debug_assert!(self.kind_on(from) == Some(kind));
        debug_assert!(self.kind_on(to) == captured);
        let touched = {
            let mut f = child.fields();
            self.write_moved(kind, from, to, captured, &mut f);
            self.lose_rights_touched(kind, from, to, touch, &mut f)
        };
        let nodes = visit(child);
        let mut f = child.fields();
        self.write_moved(kind, from, to, captured, &mut f);
        if touched {
            *f.castling = self.castling_rights();
        }
        nodes
    }

    /// [`Board::visit_piece_child`] for a pawn's push from `from` to the
    /// empty square `to`, one step or (`double`) two.
    #[cfg(feature = "fast-perft")]
    #[inline(always)]
    pub(crate) fn visit_push_child<T: WriteTarget>(
        &self,
        from: Square,
        to: Square,
        double: bool,
        child: &mut T,
        visit: impl FnOnce(&T) -> u64,
    ) -> u64 {
        debug_assert!(self.kind_on(to).is_none());
        // A push starts on a pawn and ends on an empty square: on no
        // king's or castling rook's square.
        {
            let mut f = child.fields();
            self.write_moved(PieceKind::Pawn, from, to, None, &mut f);
            if double {
                *f.ep = self.en_passant_after_double(self.side_to_move(), from, to);
            }
        }
        let nodes = visit(child);
        let mut f = child.fields();
        self.write_moved(PieceKind::Pawn, from, to, None, &mut f);
        if double {
            *f.ep = None;
        }
        nodes
    }

    /// [`Board::visit_piece_child`] for the four promotions (knight,
    /// bishop, rook, queen, in that order: [`PieceKind::PROMOTIONS`]) of
    /// the pawn on `from` onto `to`, capturing or not: the pawn's move is
    /// written once for the four, and only the promoted piece changes
    /// between them. Returns the sum of the four visits.
    #[cfg(feature = "fast-perft")]
    #[inline(always)]
    pub(crate) fn visit_promotion_children<T: WriteTarget>(
        &self,
        from: Square,
        to: Square,
        child: &mut T,
        touch: Bitboard,
        visit: &mut impl FnMut(&T) -> u64,
    ) -> u64 {
        // The pawn's move as any pawn capture's (or push's: nothing on
        // `to`), its promotion toggled around each visit.
        let captured = self.kind_on(to);
        self.visit_piece_child(PieceKind::Pawn, from, to, captured, child, touch, |child| {
            let mut nodes = 0;
            for kind in PieceKind::PROMOTIONS {
                promote(kind, to, &mut child.fields());
                nodes += visit(child);
                promote(kind, to, &mut child.fields());
            }
            nodes
        })
    }

    /// [`Board::visit_piece_child`] for any legal move: written by the
    /// general writer, then the rest state written back whole (for
    /// castling and en passant, the rare moves).
    #[cfg(feature = "fast-perft")]
    #[inline(always)]
    pub(crate) fn visit_child<T: WriteTarget>(
        &self,
        mv: Move,
        child: &mut T,
        touch: Bitboard,
        visit: impl FnOnce(&T) -> u64,
    ) -> u64 {
        self.write_after(mv, touch, child.fields());
        let nodes = visit(child);
        self.write_rest(child);
        nodes
    }

    /// This board's [`Leaf`] fields.
    pub(crate) fn as_leaf(&self) -> Leaf {
        let (by_kind, by_color) = self.sets();
        Leaf {
            by_kind: *by_kind,
            by_color: *by_color,
            castling: self.castling_rights(),
            ep: self.en_passant(),
            side: self.side_to_move(),
        }
    }
}

/// The pawn that reached `to` becomes a `promo`: an exclusive-or, so the
/// same call takes it back.
#[inline(always)]
fn promote(promo: PieceKind, to: Square, f: &mut Fields<'_>) {
    f.by_kind[PieceKind::Pawn.index()] ^= to.bitboard();
    f.by_kind[promo.index()] ^= to.bitboard();
}
