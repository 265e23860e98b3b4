//! What a move changes on the board, piece by piece: the input of
//! incremental evaluation (NNUE accumulators, piece-square tables), which
//! would otherwise have to diff two boards.

use super::Board;
use crate::board::make::Undo;
use crate::color::Color;
use crate::moves::Move;
use crate::piece::{Piece, PieceKind};
use crate::square::Square;

/// The pieces a move removes and adds, at most two of each: removing first,
/// then adding, turns the board before the move into the board after it.
///
/// | move | removed | added |
/// | --- | --- | --- |
/// | quiet move | the mover on `from` | the mover on `to` |
/// | capture | the mover, the victim on `to` | the mover on `to` |
/// | en passant | the pawn, the pawn beside `to` | the pawn on `to` |
/// | promotion (with capture) | the pawn (, the victim) | the new piece on `to` |
/// | castling | king and rook | king and rook on their new squares |
///
/// ```
/// use magicboard::{Board, Color, Piece, PieceKind, Square};
/// let mut board = Board::from_fen("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1").unwrap();
/// let mv = board.parse_uci("b7a8q").unwrap();
/// let (_undo, delta) = board.make_move_delta(mv);
/// let pawn = Piece::new(Color::White, PieceKind::Pawn);
/// let rook = Piece::new(Color::Black, PieceKind::Rook);
/// let queen = Piece::new(Color::White, PieceKind::Queen);
/// assert_eq!(delta.removed(), [(pawn, Square::B7), (rook, Square::A8)]);
/// assert_eq!(delta.added(), [(queen, Square::A8)]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceDelta {
    removed: [(Piece, Square); 2],
    added: [(Piece, Square); 2],
    removed_len: u8,
    added_len: u8,
}

/// Filler for the unused slots.
const NOTHING: (Piece, Square) = (Piece::new(Color::White, PieceKind::Pawn), Square::A1);

impl PieceDelta {
    /// No change (a move that was refused).
    ///
    /// ```
    /// let none = magicboard::PieceDelta::EMPTY;
    /// assert!(none.removed().is_empty() && none.added().is_empty());
    /// ```
    pub const EMPTY: PieceDelta = PieceDelta {
        removed: [NOTHING; 2],
        added: [NOTHING; 2],
        removed_len: 0,
        added_len: 0,
    };

    /// The pieces removed, each with the square it stood on, in order.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::startpos();
    /// let delta = board.piece_delta(board.parse_uci("g1f3").unwrap());
    /// assert_eq!(delta.removed().len(), 1);
    /// ```
    #[inline]
    pub fn removed(&self) -> &[(Piece, Square)] {
        &self.removed[..usize::from(self.removed_len)]
    }

    /// The pieces added, each with its square, in order.
    ///
    /// ```
    /// use magicboard::{Board, Color, Piece, PieceKind, Square};
    /// let board = Board::startpos();
    /// let delta = board.piece_delta(board.parse_uci("g1f3").unwrap());
    /// assert_eq!(delta.added(), [(Piece::new(Color::White, PieceKind::Knight), Square::F3)]);
    /// ```
    #[inline]
    pub fn added(&self) -> &[(Piece, Square)] {
        &self.added[..usize::from(self.added_len)]
    }

    #[inline(always)]
    fn remove(&mut self, piece: Piece, sq: Square) {
        self.removed[usize::from(self.removed_len & 1)] = (piece, sq);
        self.removed_len += 1;
    }

    #[inline(always)]
    fn add(&mut self, piece: Piece, sq: Square) {
        self.added[usize::from(self.added_len & 1)] = (piece, sq);
        self.added_len += 1;
    }
}

/// # Incremental evaluation
///
/// What a move changes, piece by piece ([`PieceDelta`]), for evaluations
/// (NNUE accumulators, piece-square tables) that update instead of
/// recomputing.
impl Board {
    /// What `mv` would change, without making it. `mv` should be legal
    /// (for a move [`Board::make_move`] would refuse the result is
    /// [`PieceDelta::EMPTY`]; for other illegal values it describes what
    /// `make_move` would do).
    ///
    /// ```
    /// use magicboard::{Board, Color, Piece, PieceKind, Square};
    /// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let delta = board.piece_delta(board.parse_uci("e1c1").unwrap());
    /// let (king, rook) = (Piece::new(Color::White, PieceKind::King), Piece::new(Color::White, PieceKind::Rook));
    /// assert_eq!(delta.removed(), [(king, Square::E1), (rook, Square::A1)]);
    /// assert_eq!(delta.added(), [(king, Square::C1), (rook, Square::D1)]);
    /// ```
    pub fn piece_delta(&self, mv: Move) -> PieceDelta {
        let mut delta = PieceDelta::EMPTY;
        if let Some(effect) = self.effect(mv) {
            for &(piece, sq) in effect.removed.iter().flatten() {
                delta.remove(piece, sq);
            }
            for &(piece, sq) in effect.added.iter().flatten() {
                delta.add(piece, sq);
            }
        }
        delta
    }

    /// [`Board::make_move`], also returning what the move changed (see
    /// [`PieceDelta`]): an incremental evaluation applies the delta
    /// instead of comparing boards. Same contract as `make_move`.
    ///
    /// ```
    /// use magicboard::{Board, Color, Piece, PieceKind, Square};
    /// let mut board = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// let mv = board.parse_uci("e5d6").unwrap();
    /// let (undo, delta) = board.make_move_delta(mv);
    /// let (white, black) = (Piece::new(Color::White, PieceKind::Pawn), Piece::new(Color::Black, PieceKind::Pawn));
    /// assert_eq!(delta.removed(), [(white, Square::E5), (black, Square::D5)]);
    /// assert_eq!(delta.added(), [(white, Square::D6)]);
    /// board.unmake_move(mv, undo);
    /// ```
    pub fn make_move_delta(&mut self, mv: Move) -> (Undo, PieceDelta) {
        let delta = self.piece_delta(mv);
        let undo = self.make_move(mv);
        if undo.was_applied() {
            (undo, delta)
        } else {
            (undo, PieceDelta::EMPTY)
        }
    }
}
