//! The reference generator: [`Board::pseudo_legal_moves`] lists every
//! move the pieces can make by their movement rules (castling already
//! refuses to start in, pass through or land on an attacked square), and
//! [`Board::legal_moves_by_make_unmake`] keeps those that, once made, do not
//! leave the mover's king attacked. This is the definition of legality,
//! written to be obviously right rather than fast; every faster path must
//! agree with it.

use crate::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::board::Board;
use crate::castling::CastlingSide;
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::square::{Rank, Square};

/// # Reference generation
///
/// The definition of legality, written to be obviously right rather than
/// fast: every move the pieces can make by their movement rules, kept when,
/// once made, it does not leave the mover's king attacked. Slow; the fast
/// generator is tested against it.
impl Board {
    /// Every pseudo-legal move: each piece's moves by its movement rules,
    /// ignoring whether the mover's own king is left attacked. Castling is
    /// included only when the squares between are empty and the king is not
    /// in check, does not pass through and does not land on an attacked
    /// square.
    ///
    /// ```
    /// use magicboard::Board;
    /// // The bishop on e2 is pinned: its 9 moves are pseudo-legal, not legal.
    /// let board = Board::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
    /// assert_eq!(board.pseudo_legal_moves().len(), 4 + 9);
    /// assert_eq!(board.legal_moves().len(), 4);
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "reference")))]
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let us = self.side_to_move();
        let ours = self.colored(us);
        let occupied = self.occupied();
        for from in ours {
            let Some(kind) = self.kind_on(from) else {
                continue;
            };
            let targets = match kind {
                PieceKind::Pawn => {
                    self.pseudo_legal_pawn_moves(&mut list, from);
                    continue;
                }
                PieceKind::Knight => knight_attacks(from),
                PieceKind::Bishop => bishop_attacks(from, occupied),
                PieceKind::Rook => rook_attacks(from, occupied),
                PieceKind::Queen => queen_attacks(from, occupied),
                PieceKind::King => king_attacks(from),
            };
            for to in targets & !ours {
                list.push(Move::new(from, to, None));
            }
        }
        if !self.in_check() {
            for side in CastlingSide::ALL {
                if let Some(mv) = self.castling_move(side, occupied, None) {
                    list.push(mv);
                }
            }
        }
        list
    }

    fn pseudo_legal_pawn_moves(&self, list: &mut MoveList, from: Square) {
        let us = self.side_to_move();
        let forward = us.forward();
        let start_rank = Rank::Second.relative_to(us);
        let last_rank = Rank::Eighth.relative_to(us);
        let occupied = self.occupied();
        let mut add = |to: Square| {
            if to.rank() == last_rank {
                for kind in PieceKind::PROMOTIONS {
                    list.push(Move::new(from, to, Some(kind)));
                }
            } else {
                list.push(Move::new(from, to, None));
            }
        };
        if let Some(one) = from.offset(0, forward).filter(|s| !occupied.contains(*s)) {
            add(one);
            if from.rank() == start_rank {
                if let Some(two) = one.offset(0, forward).filter(|s| !occupied.contains(*s)) {
                    add(two);
                }
            }
        }
        for to in pawn_attacks(us, from) {
            if self.colored(!us).contains(to) || self.en_passant() == Some(to) {
                add(to);
            }
        }
    }

    /// The legal moves by the reference definition: each pseudo-legal move
    /// is made, kept if the mover's king is then not attacked, and unmade.
    /// Slower than [`Board::legal_moves`], which must agree with it.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
    /// let mut fast = board.legal_moves();
    /// let mut reference = board.legal_moves_by_make_unmake();
    /// fast.sort();
    /// reference.sort();
    /// assert_eq!(fast, reference);
    /// // The pinned bishop cannot move: only the king's 4 moves are legal.
    /// assert_eq!(board.pseudo_legal_moves().len(), 4 + 9);
    /// assert_eq!(reference.len(), 4);
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "reference")))]
    pub fn legal_moves_by_make_unmake(&self) -> MoveList {
        let us = self.side_to_move();
        let mut scratch = self.clone();
        let mut legal = self.pseudo_legal_moves();
        legal.retain(|mv| {
            let undo = scratch.make_move(mv);
            let safe = !scratch.is_square_attacked(scratch.king(us), !us);
            scratch.unmake_move(mv, undo);
            safe
        });
        legal
    }
}
