//! Tactical questions a search asks about a position and a move, answered
//! from the bitboards without making the move: does it give check, who
//! attacks a square under a given occupancy, what does a side attack.
//! Static exchange evaluation, the other question, is [`crate::see`].

use crate::attacks::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::board::Change;
use crate::color::Color;
use crate::moves::Move;
use crate::piece::PieceKind;

/// # Tactical queries
///
/// Questions a search asks about a position and a move, answered from the
/// bitboards without making the move: does it give check, which pieces
/// attack a square under a given occupancy, what does a side attack.
impl Board {
    /// Every square `color` attacks (its pieces' attack sets together,
    /// whether or not a square holds a piece, own pieces included).
    ///
    /// ```
    /// use magicboard::{bitboard, Board, Color};
    /// let board = Board::startpos();
    /// assert_eq!(board.attacks_by(Color::White), bitboard! {
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     X X X X X X X X
    ///     X X X X X X X X
    ///     . X X X X X X .
    /// });
    /// ```
    #[inline]
    pub fn attacks_by(&self, color: Color) -> Bitboard {
        self.attacks_by_with(color, self.occupied())
    }

    /// True when the legal move `mv` gives check, decided without making
    /// it: direct checks (by the moved or promoted piece, or the castling
    /// rook), discovered checks (a slider behind the from-square, or behind
    /// the pawn taken en passant). For a move that is not legal the answer
    /// is unspecified (but there is no panic).
    ///
    /// ```
    /// use magicboard::Board;
    /// // Rook e1 behind the bishop on e4: moving the bishop uncovers check.
    /// let board = Board::from_fen("4k3/8/8/8/4B3/8/8/K3R3 w - - 0 1").unwrap();
    /// assert!(board.gives_check(board.parse_uci("e4d5").unwrap()));
    /// assert!(!board.gives_check(board.parse_uci("a1a2").unwrap()));
    /// // Castling long puts the rook on d1, checking the king on d8.
    /// let castle = Board::from_fen("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    /// assert!(castle.gives_check(castle.parse_uci("e1c1").unwrap()));
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        self.checkers_after(mv)
            .is_some_and(|(checkers, _)| !checkers.is_empty())
    }

    /// The pieces that give check after the legal move `mv`, on their
    /// squares after it, and the squares the move puts its pieces on (the
    /// destination, or the king's and the rook's for castling), decided
    /// without making the move; `None` when no piece of the side to move
    /// stands on the from-square.
    #[inline(always)]
    pub(crate) fn checkers_after(&self, mv: Move) -> Option<(Bitboard, Bitboard)> {
        let us = self.side_to_move();
        let them = !us;
        let target = self.king(them);
        let mut pawns = self.colored_pieces(us, PieceKind::Pawn);
        let mut knights = self.colored_pieces(us, PieceKind::Knight);
        let mut diagonal = self.diagonal_sliders(us);
        let mut straight = self.straight_sliders(us);
        let mut occupied = self.occupied();
        let mut placed = Bitboard::EMPTY;
        // What the move takes off and puts on is read from the statement
        // of its effect (`board/effect.rs`).
        self.placement(mv, |change| match change {
            Change::Off(_, at) => {
                // A captured piece is in none of the mover's sets.
                let gone = !at.bitboard();
                occupied &= gone;
                pawns &= gone;
                knights &= gone;
                diagonal &= gone;
                straight &= gone;
            }
            Change::On(piece, at) => {
                occupied = occupied.with(at);
                placed = placed.with(at);
                match piece.kind {
                    PieceKind::Pawn => pawns = pawns.with(at),
                    PieceKind::Knight => knights = knights.with(at),
                    PieceKind::Bishop => diagonal = diagonal.with(at),
                    PieceKind::Rook => straight = straight.with(at),
                    PieceKind::Queen => {
                        diagonal = diagonal.with(at);
                        straight = straight.with(at);
                    }
                    PieceKind::King => {}
                }
            }
        })?;
        let checkers = (pawn_attacks(them, target) & pawns)
            | (knight_attacks(target) & knights)
            | (bishop_attacks(target, occupied) & diagonal)
            | (rook_attacks(target, occupied) & straight);
        Some((checkers, placed))
    }
}
