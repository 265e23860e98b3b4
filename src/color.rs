//! The two sides.

use core::fmt;
use core::ops::Not;

/// A side: White or Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `0` for White, `1` for Black: the index of per-side tables.
    ///
    /// ```
    /// use magicboard::Color;
    /// assert_eq!(Color::White.index(), 0);
    /// assert_eq!(Color::Black.index(), 1);
    /// // A per-side table, looked up by colour.
    /// let pawn_rank = ['2', '7'];
    /// assert_eq!(pawn_rank[Color::Black.index()], '7');
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of the side to move: `w` or `b`.
    ///
    /// ```
    /// use magicboard::{Board, Color};
    /// assert_eq!(Color::White.to_char(), 'w');
    /// assert_eq!(Color::Black.to_char(), 'b');
    /// // The second field of a FEN.
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    /// assert_eq!(board.side_to_move().to_char(), 'b');
    /// ```
    pub const fn to_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The direction this side's pawns advance in, as a rank step: `1` for
    /// White (up the board), `-1` for Black.
    ///
    /// ```
    /// use magicboard::{Color, Square};
    /// assert_eq!(Square::E2.offset(0, Color::White.forward()), Some(Square::E3));
    /// assert_eq!(Square::E7.offset(0, Color::Black.forward()), Some(Square::E6));
    /// ```
    #[inline(always)]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The lower-case letter `lower` in this side's case, as FEN writes
    /// pieces and castling rights: upper case for White, lower for Black.
    #[inline]
    pub(crate) const fn fen_case(self, lower: char) -> char {
        match self {
            Color::White => lower.to_ascii_uppercase(),
            Color::Black => lower,
        }
    }

    /// The side a FEN letter belongs to by its case: White for upper case.
    #[inline]
    pub(crate) const fn of_fen_case(c: char) -> Color {
        if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        }
    }
}

impl Not for Color {
    type Output = Color;

    /// The other side.
    ///
    /// ```
    /// use magicboard::Color;
    /// assert_eq!(!Color::White, Color::Black);
    /// ```
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}
