//! UCI move text: parsing moves from GUIs and other engines.
//!
//! Writing is [`Move::to_uci`] and `Display`; this module reads. The parser
//! accepts castling in both notations on standard boards (`e1g1`, the
//! king's two-square step, and `e1h1`, king takes rook) and king-takes-rook
//! on Chess960 boards, and returns only legal moves.

use crate::board::Board;
use crate::castling::CastlingMode;
use crate::moves::{Move, MoveError};
use crate::piece::PieceKind;
use crate::square::{File, Square};

/// # UCI notation
///
/// Reading moves from GUIs and other engines, and writing them in the
/// board's castling notation. The reader accepts castling in both notations
/// on standard boards (`e1g1`, the king's two-square step, and `e1h1`,
/// king takes rook) and king-takes-rook on Chess960 boards, and returns
/// only legal moves. Without a board, [`Move::to_uci`] and `Display` write
/// a move.
impl Board {
    /// Parses a move in UCI notation and checks that it is legal here.
    ///
    /// # Errors
    ///
    /// * [`MoveError::BadUci`] when `text` is not a move in UCI notation:
    ///   four or five ASCII characters, two squares and an optional
    ///   lower-case promotion letter (`n`, `b`, `r`, `q`). The null move
    ///   `0000` is refused this way too.
    /// * [`MoveError::Illegal`] when the move it names is not legal on this
    ///   board.
    ///
    /// ```
    /// use magicboard::{Board, MoveError};
    /// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let castle = board.parse_uci("e1g1").unwrap();
    /// assert!(castle.is_castle());
    /// assert_eq!(board.parse_uci("e1h1"), Ok(castle));
    /// assert_eq!(board.parse_uci("e1e3"), Err(MoveError::Illegal));
    /// assert_eq!(board.parse_uci("e1"), Err(MoveError::BadUci));
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let mv = self.uci_move(text)?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal)
        }
    }

    /// The move UCI text names on this board, legal or not: what
    /// [`Board::parse_uci`] reads before it checks legality. Castling is
    /// recognised in both notations as there (a king taking its own rook,
    /// and on standard boards the king's two-square step from the e-file
    /// when the side has the right on that side); anything else is
    /// [`Move::new`]. For asking about a move that need not be legal
    /// ([`Board::is_pseudo_legal`], [`Board::is_capture`], ...).
    ///
    /// # Errors
    ///
    /// [`MoveError::BadUci`] when `text` is not a move in UCI notation, as
    /// for [`Board::parse_uci`]. Never [`MoveError::Illegal`].
    ///
    /// ```
    /// use magicboard::{Board, Move, MoveError, Square};
    /// // The bishop on e2 is pinned: its move is named, but not legal.
    /// let board = Board::from_fen("4k3/4r3/8/8/8/8/4B3/4K2R w K - 0 1").unwrap();
    /// let pinned = board.uci_move("e2d3").unwrap();
    /// assert_eq!(pinned, Move::new(Square::E2, Square::D3, None));
    /// assert!(board.is_pseudo_legal(pinned) && !board.is_legal(pinned));
    /// assert_eq!(board.parse_uci("e2d3"), Err(MoveError::Illegal));
    /// assert!(board.uci_move("e1g1").unwrap().is_castle());
    /// assert_eq!(board.uci_move("e2"), Err(MoveError::BadUci));
    /// ```
    pub fn uci_move(&self, text: &str) -> Result<Move, MoveError> {
        let bytes = text.as_bytes();
        if !(4..=5).contains(&bytes.len()) || !text.is_ascii() {
            return Err(MoveError::BadUci);
        }
        let from: Square = text[0..2].parse().map_err(|_| MoveError::BadUci)?;
        let to: Square = text[2..4].parse().map_err(|_| MoveError::BadUci)?;
        let promotion = match bytes.get(4) {
            None => None,
            Some(&c) => match PieceKind::from_char(c as char) {
                Some(kind) if c.is_ascii_lowercase() && PieceKind::PROMOTIONS.contains(&kind) => {
                    Some(kind)
                }
                _ => return Err(MoveError::BadUci),
            },
        };
        let us = self.side_to_move();
        let is_our = |sq: Square, kind| self.colored_pieces(us, kind).contains(sq);
        if promotion.is_none() && is_our(from, PieceKind::King) {
            if is_our(to, PieceKind::Rook) {
                return Ok(Move::castle(from, to));
            }
            // The king's two-square step from the e-file, on standard boards.
            let side = crate::castling::CastlingSide::ALL
                .into_iter()
                .find(|side| side.king_destination_file() == to.file());
            if let Some(side) = side.filter(|_| {
                !self.is_chess960() && from.file() == File::E && from.rank() == to.rank()
            }) {
                if let Some(rook) = self.castling_rights().rook_square(us, side) {
                    return Ok(Move::castle(from, rook));
                }
            }
        }
        Ok(Move::new(from, to, promotion))
    }

    /// The UCI text of `mv` for this board: king takes rook for castling on
    /// Chess960 boards, the king's two-square step on standard ones.
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    /// let castle = Move::castle(Square::E1, Square::H1);
    /// assert_eq!(Board::from_fen(fen).unwrap().to_uci(castle).to_string(), "e1g1");
    /// assert_eq!(Board::from_fen_with(fen, magicboard::CastlingMode::Chess960).unwrap().to_uci(castle).to_string(), "e1h1");
    /// ```
    pub fn to_uci(&self, mv: Move) -> crate::moves::Uci {
        mv.to_uci(CastlingMode::from_chess960(self.is_chess960()))
    }
}

/// # Old names
///
/// The names of 0.3, kept for one release.
impl Board {
    /// Old name of [`Board::to_uci`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let board = magicboard::Board::startpos();
    /// let mv = board.parse_uci("e2e4").unwrap();
    /// assert_eq!(board.uci(mv).to_string(), "e2e4");
    /// ```
    #[deprecated(since = "0.4.0", note = "use Board::to_uci")]
    pub fn uci(&self, mv: Move) -> crate::moves::Uci {
        self.to_uci(mv)
    }
}
