//! Reading the position: the pieces, the side to move, castling rights,
//! the en-passant square, the clocks and the hash.

use super::Board;
use crate::bitboard::Bitboard;
use crate::castling::{CastlingMode, CastlingRights};
use crate::color::Color;
use crate::piece::{Piece, PieceKind};
use crate::square::Square;

/// # Reading the position
///
/// Where the pieces stand (as [`Bitboard`]s or square by square), whose
/// move it is, the castling rights, the en-passant square, the clocks and
/// the Polyglot hash: each a field or a few bit operations.
impl Board {
    /// The side to move.
    ///
    /// ```
    /// use magicboard::{Board, Color};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    /// assert_eq!(board.side_to_move(), Color::Black);
    /// ```
    #[inline(always)]
    #[doc(alias = "turn")]
    pub fn side_to_move(&self) -> Color {
        self.state.side
    }

    /// Every piece of `kind`, both colours.
    ///
    /// ```
    /// use magicboard::{Board, PieceKind, Square};
    /// let kings = Board::startpos().pieces(PieceKind::King);
    /// assert_eq!(kings, Square::E1.bitboard() | Square::E8.bitboard());
    /// ```
    #[inline(always)]
    pub fn pieces(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Every piece of `color`.
    ///
    /// ```
    /// use magicboard::{bitboard, Board, Color};
    /// assert_eq!(Board::startpos().colored(Color::Black), bitboard! {
    ///     X X X X X X X X
    ///     X X X X X X X X
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    /// });
    /// ```
    #[inline(always)]
    pub fn colored(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The pieces of `color` and `kind`.
    ///
    /// ```
    /// use magicboard::{Board, Color, PieceKind, Square};
    /// let knights = Board::startpos().colored_pieces(Color::White, PieceKind::Knight);
    /// assert_eq!(knights, Square::B1.bitboard() | Square::G1.bitboard());
    /// ```
    #[inline(always)]
    pub fn colored_pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// `color`'s rooks and queens: the pieces that attack along ranks and
    /// files.
    ///
    /// ```
    /// use magicboard::{Board, Color, Square};
    /// let board = Board::startpos();
    /// assert_eq!(
    ///     board.straight_sliders(Color::Black),
    ///     Square::A8.bitboard() | Square::D8.bitboard() | Square::H8.bitboard()
    /// );
    /// ```
    #[inline(always)]
    pub fn straight_sliders(&self, color: Color) -> Bitboard {
        (self.pieces(PieceKind::Rook) | self.pieces(PieceKind::Queen)) & self.colored(color)
    }

    /// `color`'s bishops and queens: the pieces that attack along
    /// diagonals.
    ///
    /// ```
    /// use magicboard::{Board, Color, Square};
    /// let board = Board::startpos();
    /// assert_eq!(
    ///     board.diagonal_sliders(Color::White),
    ///     Square::C1.bitboard() | Square::D1.bitboard() | Square::F1.bitboard()
    /// );
    /// ```
    #[inline(always)]
    pub fn diagonal_sliders(&self, color: Color) -> Bitboard {
        (self.pieces(PieceKind::Bishop) | self.pieces(PieceKind::Queen)) & self.colored(color)
    }

    /// Every occupied square.
    ///
    /// ```
    /// use magicboard::{Board, Square};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(board.occupied(), Square::E1.bitboard() | Square::E8.bitboard());
    /// ```
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use magicboard::{Board, Color, Piece, PieceKind, Square};
    /// let start = Board::startpos();
    /// assert_eq!(start.piece_on(Square::D8), Some(Piece::new(Color::Black, PieceKind::Queen)));
    /// assert_eq!(start.piece_on(Square::D4), None);
    /// ```
    #[inline]
    #[doc(alias = "piece_at")]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        let kind = self.mailbox[sq.index()]?;
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }

    /// The kind of the piece on `sq`, if any.
    ///
    /// ```
    /// use magicboard::{Board, PieceKind, Square};
    /// assert_eq!(Board::startpos().kind_on(Square::G8), Some(PieceKind::Knight));
    /// assert_eq!(Board::startpos().kind_on(Square::E4), None);
    /// ```
    #[inline(always)]
    pub fn kind_on(&self, sq: Square) -> Option<PieceKind> {
        self.mailbox[sq.index()]
    }

    /// The square of `color`'s king.
    ///
    /// ```
    /// use magicboard::{Board, Color, Square};
    /// let board = Board::from_fen("6k1/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
    /// assert_eq!((board.king(Color::White), board.king(Color::Black)), (Square::A1, Square::G8));
    /// ```
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        let kings = self.colored_pieces(color, PieceKind::King);
        Square::from_index_masked(kings.0.trailing_zeros())
    }

    /// The castling rights.
    ///
    /// ```
    /// use magicboard::{Board, CastlingRights, CastlingSide, Color};
    /// assert_eq!(Board::startpos().castling_rights(), CastlingRights::STANDARD);
    /// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1").unwrap();
    /// assert!(board.castling_rights().has(Color::White, CastlingSide::KingSide));
    /// assert!(!board.castling_rights().has(Color::White, CastlingSide::QueenSide));
    /// ```
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.state.castling
    }

    /// The en-passant target square (the square a pawn skipped with its
    /// double step), kept only when a pawn of the side to move stands beside
    /// the double-stepped pawn; see the [module documentation](crate::board).
    ///
    /// ```
    /// use magicboard::{Board, Square};
    /// // After 1. e4 no black pawn can take on e3: no square is kept.
    /// let mut board = Board::startpos();
    /// board.make_move(board.parse_uci("e2e4").unwrap());
    /// assert_eq!(board.en_passant(), None);
    /// let board = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// assert_eq!(board.en_passant(), Some(Square::D6));
    /// ```
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.state.ep
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 12 40").unwrap();
    /// assert_eq!(board.halfmove_clock(), 12);
    /// ```
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.state.halfmove
    }

    /// The move number, starting at 1 and increasing after each Black move.
    ///
    /// ```
    /// use magicboard::Board;
    /// let mut board = Board::startpos();
    /// board.make_move(board.parse_uci("e2e4").unwrap());
    /// assert_eq!(board.fullmove_number(), 1);
    /// board.make_move(board.parse_uci("e7e5").unwrap());
    /// assert_eq!(board.fullmove_number(), 2);
    /// ```
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.state.fullmove
    }

    /// True when the board plays Chess960 castling: it was parsed as a
    /// Chess960 position or its castling rights are not the standard ones.
    /// Affects UCI castling notation and the FEN castling field.
    ///
    /// ```
    /// use magicboard::Board;
    /// assert!(!Board::startpos().is_chess960());
    /// // The king on b1 cannot castle in standard chess.
    /// assert!(Board::from_fen("1k5r/8/8/8/8/8/8/1K5R w Hh - 0 1").unwrap().is_chess960());
    /// ```
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.state.chess960
    }

    /// The notation this board writes castling in: [`CastlingMode::Chess960`]
    /// when [`Board::is_chess960`], else [`CastlingMode::Standard`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use magicboard::{Board, CastlingMode};
    /// let fen = "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1";
    /// assert_eq!(Board::from_fen(fen).unwrap().castling_mode(), CastlingMode::Chess960);
    /// ```
    #[deprecated(
        since = "0.4.0",
        note = "use Board::is_chess960 (and CastlingMode::from_chess960 for a mode)"
    )]
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        CastlingMode::from_chess960(self.state.chess960)
    }

    /// True when `self` and `other` are the same position: the same pieces
    /// on the same squares, side to move, castling rights, en-passant square
    /// and castling notation. Unlike `==`, the move clocks are ignored, as
    /// repetition and perft transpositions need.
    ///
    /// ```
    /// use magicboard::Board;
    /// let a = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// let b = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 12 40").unwrap();
    /// assert!(a.same_position(&b));
    /// assert_ne!(a, b);
    /// ```
    pub fn same_position(&self, other: &Board) -> bool {
        self.by_kind == other.by_kind
            && self.by_color == other.by_color
            && self.state.side == other.state.side
            && self.state.castling == other.state.castling
            && self.state.ep == other.state.ep
            && self.state.chess960 == other.state.chess960
    }

    /// The Polyglot-compatible Zobrist hash, kept up to date incrementally by
    /// [`Board::make_move`]. See [`crate::zobrist`].
    ///
    /// ```
    /// use magicboard::Board;
    /// assert_eq!(Board::startpos().hash(), 0x463b96181691fc9c); // Polyglot's key
    /// ```
    #[inline(always)]
    #[doc(alias = "zobrist_hash")]
    pub fn hash(&self) -> u64 {
        self.state.hash
    }
}
