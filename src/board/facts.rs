//! Facts about a move on this board, read without making it: what moves,
//! what it takes, whether it is en passant. Castling is encoded
//! king-takes-own-rook, so the piece on `to` is not always a victim, and en
//! passant takes a pawn that is not on `to`: these answer correctly.

use super::Board;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::square::Square;

/// # What a move does
///
/// Facts about a move on this board, read without making it: the piece it
/// moves and the piece it captures. Castling is encoded king-takes-own-rook
/// and en passant takes a pawn that is not on the destination square;
/// these answer correctly for both.
impl Board {
    /// The kind of the piece `mv` moves (the king for castling), or `None`
    /// when no piece of the side to move stands on its from-square.
    ///
    /// ```
    /// use magicboard::{Board, PieceKind};
    /// let start = Board::startpos();
    /// assert_eq!(start.moved(start.parse_uci("g1f3").unwrap()), Some(PieceKind::Knight));
    /// assert_eq!(start.moved(start.parse_uci("e2e4").unwrap()), Some(PieceKind::Pawn));
    /// ```
    #[inline]
    pub fn moved(&self, mv: Move) -> Option<PieceKind> {
        if !self.colored(self.state.side).contains(mv.from()) {
            return None;
        }
        self.mailbox[mv.from().index()]
    }

    /// True when `mv` is an en-passant capture: a pawn of the side to move
    /// going to the en-passant square (which is always empty).
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// assert!(board.is_en_passant(board.parse_uci("e5d6").unwrap()));
    /// assert!(!board.is_en_passant(board.parse_uci("e5e6").unwrap()));
    /// ```
    #[inline]
    pub fn is_en_passant(&self, mv: Move) -> bool {
        self.state.ep == Some(mv.to())
            && !mv.is_castle()
            && self.moved(mv) == Some(PieceKind::Pawn)
            && mv.from().file() != mv.to().file()
    }

    /// The kind of the piece `mv` captures: the enemy piece on its
    /// to-square, or the pawn taken en passant. `None` for castling (the
    /// king "takes" its own rook only in the encoding) and non-captures.
    ///
    /// ```
    /// use magicboard::{Board, PieceKind};
    /// let board = Board::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2").unwrap();
    /// assert_eq!(board.captured(board.parse_uci("e5d6").unwrap()), Some(PieceKind::Pawn));
    /// assert_eq!(board.captured(board.parse_uci("a1a8").unwrap()), Some(PieceKind::Rook));
    /// assert_eq!(board.captured(board.parse_uci("e1g1").unwrap()), None);
    /// assert_eq!(board.captured(board.parse_uci("a1a7").unwrap()), None);
    /// ```
    #[inline]
    pub fn captured(&self, mv: Move) -> Option<PieceKind> {
        if mv.is_castle() {
            return None;
        }
        if self.colored(!self.state.side).contains(mv.to()) {
            return self.mailbox[mv.to().index()];
        }
        self.is_en_passant(mv).then_some(PieceKind::Pawn)
    }

    /// True when `mv` captures: en passant counts, castling does not.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2").unwrap();
    /// assert!(board.is_capture(board.parse_uci("e5d6").unwrap()));
    /// assert!(board.is_capture(board.parse_uci("a1a8").unwrap()));
    /// assert!(!board.is_capture(board.parse_uci("e1c1").unwrap()));
    /// ```
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.captured(mv).is_some()
    }

    /// The square of the piece `mv` captures (beside `to` for en passant),
    /// if it captures.
    #[inline]
    pub(crate) fn capture_square(&self, mv: Move) -> Option<Square> {
        if self.is_en_passant(mv) {
            Some(Square::new(mv.to().file(), mv.from().rank()))
        } else if !mv.is_castle() && self.colored(!self.state.side).contains(mv.to()) {
            Some(mv.to())
        } else {
            None
        }
    }
}
