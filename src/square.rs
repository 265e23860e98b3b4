//! Squares, files and ranks.

use crate::color::Color;
use core::fmt;
use core::str::FromStr;

/// A file (column), `a` to `h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row), `1` to `8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, `a` to `h`.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// Index `0..8` (`a` = 0).
    ///
    /// ```
    /// use magicboard::{File, Square};
    /// assert_eq!(File::A.index(), 0);
    /// assert_eq!(File::E.index(), 4);
    /// assert_eq!(File::H.index(), 7);
    /// // A square's file index is its own index modulo 8.
    /// assert_eq!(Square::E4.file().index(), Square::E4.index() % 8);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file with index `i & 7`.
    ///
    /// ```
    /// use magicboard::File;
    /// assert_eq!(File::from_index(0), File::A);
    /// assert_eq!(File::from_index(4), File::E);
    /// // Only the low three bits count: 8 is a again.
    /// assert_eq!(File::from_index(8), File::A);
    /// assert!(File::ALL.iter().all(|&f| File::from_index(f.index()) == f));
    /// ```
    #[inline]
    pub const fn from_index(i: usize) -> File {
        File::ALL[i & 7]
    }

    /// Lower-case letter `a`..`h`.
    ///
    /// ```
    /// use magicboard::File;
    /// assert_eq!(File::A.to_char(), 'a');
    /// assert_eq!(File::E.to_char(), 'e');
    /// let letters: String = File::ALL.iter().map(|f| f.to_char()).collect();
    /// assert_eq!(letters, "abcdefgh");
    /// ```
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Parses `a`..`h` (lower case only).
    ///
    /// ```
    /// use magicboard::File;
    /// assert_eq!(File::from_char('e'), Some(File::E));
    /// assert_eq!(File::from_char('h'), Some(File::H));
    /// // Upper case is not a file, nor is a letter past h.
    /// assert_eq!(File::from_char('E'), None);
    /// assert_eq!(File::from_char('i'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::from_index(c as usize - 'a' as usize)),
            _ => None,
        }
    }
}

impl Rank {
    /// All ranks, `1` to `8`.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// Index `0..8` (rank 1 = 0).
    ///
    /// ```
    /// use magicboard::{Rank, Square};
    /// assert_eq!(Rank::First.index(), 0);
    /// assert_eq!(Rank::Fourth.index(), 3);
    /// assert_eq!(Rank::Eighth.index(), 7);
    /// // A square's rank index is its own index divided by 8.
    /// assert_eq!(Square::E4.rank().index(), Square::E4.index() / 8);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with index `i & 7`.
    ///
    /// ```
    /// use magicboard::Rank;
    /// assert_eq!(Rank::from_index(0), Rank::First);
    /// assert_eq!(Rank::from_index(3), Rank::Fourth);
    /// // Only the low three bits count: 8 is rank 1 again.
    /// assert_eq!(Rank::from_index(8), Rank::First);
    /// assert!(Rank::ALL.iter().all(|&r| Rank::from_index(r.index()) == r));
    /// ```
    #[inline]
    pub const fn from_index(i: usize) -> Rank {
        Rank::ALL[i & 7]
    }

    /// Digit `1`..`8`.
    ///
    /// ```
    /// use magicboard::Rank;
    /// assert_eq!(Rank::First.to_char(), '1');
    /// assert_eq!(Rank::Fourth.to_char(), '4');
    /// let digits: String = Rank::ALL.iter().map(|r| r.to_char()).collect();
    /// assert_eq!(digits, "12345678");
    /// ```
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Parses `1`..`8`.
    ///
    /// ```
    /// use magicboard::Rank;
    /// assert_eq!(Rank::from_char('1'), Some(Rank::First));
    /// assert_eq!(Rank::from_char('8'), Some(Rank::Eighth));
    /// assert_eq!(Rank::from_char('0'), None);
    /// assert_eq!(Rank::from_char('9'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::from_index(c as usize - '1' as usize)),
            _ => None,
        }
    }

    /// The same rank seen from Black's side (rank 1 <-> rank 8).
    ///
    /// ```
    /// use magicboard::Rank;
    /// assert_eq!(Rank::First.flip(), Rank::Eighth);
    /// assert_eq!(Rank::Fourth.flip(), Rank::Fifth);
    /// assert!(Rank::ALL.iter().all(|r| r.flip().flip() == *r));
    /// ```
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::from_index(7 - self as usize)
    }

    /// This rank as counted from `color`'s side of the board: unchanged
    /// for White, flipped for Black (Black's first rank is rank 8). Write
    /// a rule once for both sides: a pawn starts on
    /// `Rank::Second.relative_to(color)` and promotes on
    /// `Rank::Eighth.relative_to(color)`.
    ///
    /// ```
    /// use magicboard::{Color, Rank};
    /// assert_eq!(Rank::Second.relative_to(Color::White), Rank::Second);
    /// assert_eq!(Rank::Second.relative_to(Color::Black), Rank::Seventh);
    /// assert_eq!(Rank::Eighth.relative_to(Color::Black), Rank::First);
    /// ```
    #[inline(always)]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => self.flip(),
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A square of the board, `a1` (index 0) to `h8` (index 63), rank by rank.
///
/// ```
/// use magicboard::{File, Rank, Square};
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::E4);
/// assert_eq!(e4, Square::new(File::E, Rank::Fourth));
/// assert_eq!(e4.index(), 28);
/// assert_eq!(e4.to_string(), "e4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $i:expr),* $(,)?) => {
        $(#[allow(missing_docs)] pub const $name: Square = Square($i);)*
    };
}

impl Square {
    square_consts! {
        A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
        A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
        A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
        A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
        A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
        A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
        A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
        A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
    }

    /// The square on `file` and `rank`.
    ///
    /// ```
    /// use magicboard::{Bitboard, File, Rank, Square};
    /// assert_eq!(Square::new(File::E, Rank::Fourth), Square::E4);
    /// assert_eq!(Square::new(File::A, Rank::First), Square::A1);
    /// assert_eq!(Square::new(File::H, Rank::Eighth), Square::H8);
    /// // The one square where the file and the rank cross.
    /// let cross = Bitboard::file(File::C) & Bitboard::rank(Rank::Sixth);
    /// assert_eq!(cross, Square::new(File::C, Rank::Sixth).bitboard());
    /// ```
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square((rank as u8) << 3 | file as u8)
    }

    /// The square with index `index` (`0..64`), or `None` when out of range.
    ///
    /// ```
    /// use magicboard::Square;
    /// assert_eq!(Square::from_index(0), Some(Square::A1));
    /// assert_eq!(Square::from_index(7), Some(Square::H1));
    /// assert_eq!(Square::from_index(8), Some(Square::A2));
    /// assert_eq!(Square::from_index(63), Some(Square::H8));
    /// assert_eq!(Square::from_index(64), None);
    /// ```
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with index `index & 63`: never fails, for hot paths that
    /// already know the index is in range.
    #[inline(always)]
    pub(crate) const fn from_index_masked(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// Index `0..64`: `8 * rank + file`, so `a1` is 0, `h1` 7, `a2` 8 and
    /// `h8` 63.
    ///
    /// ```
    /// use magicboard::Square;
    /// assert_eq!(Square::A1.index(), 0);
    /// assert_eq!(Square::H1.index(), 7);
    /// assert_eq!(Square::A2.index(), 8);
    /// assert_eq!(Square::E4.index(), 3 * 8 + 4);
    /// assert_eq!(Square::H8.index(), 63);
    /// ```
    #[inline(always)]
    pub const fn index(self) -> usize {
        // Always < 64; the mask lets the compiler drop bounds checks on
        // 64-entry tables.
        (self.0 & 63) as usize
    }

    /// The file of the square.
    ///
    /// ```
    /// use magicboard::{File, Square};
    /// assert_eq!(Square::E4.file(), File::E);
    /// assert_eq!(Square::A8.file(), File::A);
    /// assert_eq!(Square::H1.file(), File::H);
    /// ```
    #[inline]
    pub const fn file(self) -> File {
        File::from_index(self.0 as usize & 7)
    }

    /// The rank of the square.
    ///
    /// ```
    /// use magicboard::{Rank, Square};
    /// assert_eq!(Square::E4.rank(), Rank::Fourth);
    /// assert_eq!(Square::A8.rank(), Rank::Eighth);
    /// assert_eq!(Square::H1.rank(), Rank::First);
    /// ```
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::from_index(self.0 as usize >> 3)
    }

    /// The same square seen from the other side (`a1` <-> `a8`).
    ///
    /// ```
    /// use magicboard::Square;
    /// assert_eq!(Square::E2.flip_rank(), Square::E7);
    /// ```
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    ///
    /// ```
    /// use magicboard::Square;
    /// assert_eq!(Square::E4.offset(1, 2), Some(Square::F6));
    /// assert_eq!(Square::H1.offset(1, 0), None);
    /// ```
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        // Widened: `7 + 127` overflows an i8 (a panic in debug builds).
        let file = (self.0 & 7) as i16 + df as i16;
        let rank = (self.0 >> 3) as i16 + dr as i16;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The text was not a square name such as `e4`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a square such as e4 (file a-h, rank 1-8)")
    }
}

impl core::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(f), Some(r)) => Ok(Square::new(f, r)),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}
