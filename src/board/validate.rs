//! The board's invariants as code.

use super::Board;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::piece::PieceKind;

/// # Checking the invariants
///
/// For code that drives a board hard: fuzzers, property tests, and engines
/// playing moves from their own tables with the unchecked make.
impl Board {
    /// True when the board's internal invariants hold: the piece bitboards
    /// are disjoint and agree with the square-by-square table, each side has
    /// exactly one king, and [`Board::hash`] equals
    /// [`Board::hash_from_scratch`]. This is what move generation relies on
    /// (see the [module documentation](crate::board)).
    ///
    /// Every way to build or change a `Board` keeps these invariants, so
    /// this is always true; the method is there for checking code that
    /// drives a board hard: an engine's search that plays moves from its
    /// own tables with the unchecked [`Board::make_move`], a fuzzer, or a
    /// property test, where `debug_assert!(board.is_consistent())` after
    /// each step catches a bug at once. Debug builds of this crate assert it
    /// after every make and unmake. It is not a legality test: a board made
    /// by an illegal unchecked move is consistent but need not be a legal
    /// position (FEN parsing is what checks legality).
    ///
    /// ```
    /// use magicboard::{Board, Color, Move, Piece, PieceKind, Square};
    /// let mut board = Board::startpos();
    ///
    /// // An illegal move through the unchecked primitive: the queen jumps
    /// // over its own pawn and takes on d7. Meaningless, but consistent.
    /// let wild = Move::new(Square::D1, Square::D7, None);
    /// let undo = board.make_move(wild);
    /// assert!(board.is_consistent());
    /// assert_eq!(board.piece_on(Square::D7), Some(Piece::new(Color::White, PieceKind::Queen)));
    /// board.unmake_move(wild, undo);
    /// assert!(board.is_consistent());
    /// assert_eq!(board, Board::startpos());
    ///
    /// // After every legal move and its unmake, two plies deep.
    /// for first in board.legal_moves() {
    ///     let undo = board.make_move(first);
    ///     for reply in board.legal_moves() {
    ///         let reply_undo = board.make_move(reply);
    ///         assert!(board.is_consistent());
    ///         board.unmake_move(reply, reply_undo);
    ///     }
    ///     board.unmake_move(first, undo);
    ///     assert!(board.is_consistent());
    /// }
    /// ```
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
            && self.state.hash == self.hash_from_scratch()
    }
}
