//! Sets of squares as 64-bit integers.

use crate::square::{File, Rank, Square};
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A square's own set: here rather than in `square.rs`, so that squares
/// know nothing of bitboards (bitboards are sets of squares).
impl Square {
    /// The bitboard with only this square.
    ///
    /// ```
    /// use magicboard::{bitboard, Square};
    /// assert_eq!(Square::E4.bitboard(), bitboard! {
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . X . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    /// });
    /// assert_eq!(Square::E4.bitboard().count(), 1);
    /// // Bit `i` is the square with index `i`.
    /// assert_eq!(Square::A1.bitboard().0, 1);
    /// assert_eq!(Square::H8.bitboard().0, 1 << 63);
    /// ```
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self.index())
    }
}

/// A set of squares: bit `i` is the square with index `i` (`a1` = bit 0).
///
/// ```
/// use magicboard::{Bitboard, Square};
/// let bb = Square::E4.bitboard() | Square::D5.bitboard();
/// assert_eq!(bb.count(), 2);
/// assert!(bb.contains(Square::E4));
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), [Square::E4, Square::D5]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The first and last ranks: where the kings and castling rooks start,
    /// where pawns promote and where no pawn may stand.
    ///
    /// ```
    /// use magicboard::{Bitboard, Rank};
    /// assert_eq!(Bitboard::BACK_RANKS, Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth));
    /// ```
    pub const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);
    /// The light squares (`h1` is light).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares (`a1` is dark).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    /// Every square of `file`.
    ///
    /// ```
    /// use magicboard::{bitboard, Bitboard, File};
    /// assert_eq!(Bitboard::file(File::C), bitboard! {
    ///     . . X . . . . .
    ///     . . X . . . . .
    ///     . . X . . . . .
    ///     . . X . . . . .
    ///     . . X . . . . .
    ///     . . X . . . . .
    ///     . . X . . . . .
    ///     . . X . . . . .
    /// });
    /// ```
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u32)
    }

    /// Every square of `rank`.
    ///
    /// ```
    /// use magicboard::{Bitboard, Board, Color, Rank};
    /// // White's pawns start on the second rank, and fill it.
    /// let white_pawns = Board::startpos().colored_pieces(Color::White, magicboard::PieceKind::Pawn);
    /// assert_eq!(white_pawns, Bitboard::rank(Rank::Second));
    /// ```
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// True when no square is set.
    ///
    /// ```
    /// use magicboard::{Bitboard, Board, Rank};
    /// assert!(Bitboard::EMPTY.is_empty());
    /// // Nothing stands on the third or sixth rank at the start.
    /// let ranks = Bitboard::rank(Rank::Third) | Bitboard::rank(Rank::Sixth);
    /// assert!((Board::startpos().occupied() & ranks).is_empty());
    /// assert!(!Board::startpos().occupied().is_empty());
    /// ```
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `sq` is in the set.
    ///
    /// ```
    /// use magicboard::{Bitboard, File, Square};
    /// let e_file = Bitboard::file(File::E);
    /// assert!(e_file.contains(Square::E4));
    /// assert!(!e_file.contains(Square::D4));
    /// assert!(Bitboard::DARK_SQUARES.contains(Square::A1));
    /// ```
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// The number of squares in the set.
    ///
    /// ```
    /// use magicboard::{Bitboard, Board};
    /// assert_eq!(Board::startpos().occupied().count(), 32);
    /// assert_eq!(Bitboard::FULL.count(), 64);
    /// assert_eq!(Bitboard::LIGHT_SQUARES.count(), 32);
    /// assert_eq!(Bitboard::EMPTY.count(), 0);
    /// ```
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set holds two squares or more: cheaper than
    /// `count() > 1`. Engines ask it of the checkers, since in double check
    /// only the king can move.
    ///
    /// ```
    /// use magicboard::{Board, Square};
    /// // Black is in double check: the knight on d6 and the rook on e1.
    /// let board = Board::from_fen("4k3/8/3N4/8/8/8/8/4R2K b - - 0 1").unwrap();
    /// assert!(board.checkers().has_more_than_one());
    /// let moves = board.legal_moves();
    /// assert_eq!(moves.len(), 3); // Kd8, Kd7, Kf8
    /// assert!(moves.iter().all(|mv| mv.from() == Square::E8));
    ///
    /// assert!(!Square::E4.bitboard().has_more_than_one());
    /// assert!(!magicboard::Bitboard::EMPTY.has_more_than_one());
    /// ```
    #[inline(always)]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square in the set (`a1` first, `h8` last), if any.
    ///
    /// ```
    /// use magicboard::{Bitboard, Board, Color, PieceKind, Rank, Square};
    /// let knights = Board::startpos().colored_pieces(Color::Black, PieceKind::Knight);
    /// assert_eq!(knights.first(), Some(Square::B8));
    /// assert_eq!(Bitboard::rank(Rank::Eighth).first(), Some(Square::A8));
    /// assert_eq!(Bitboard::EMPTY.first(), None);
    /// ```
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(self.0.trailing_zeros()))
        }
    }

    /// The set with `sq` added (no change if it was already there).
    ///
    /// ```
    /// use magicboard::{bitboard, Bitboard, Square};
    /// let center = Bitboard::EMPTY
    ///     .with(Square::D4)
    ///     .with(Square::E4)
    ///     .with(Square::D5)
    ///     .with(Square::E5)
    ///     .with(Square::E5);
    /// assert_eq!(center, bitboard! {
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . X X . . .
    ///     . . . X X . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    /// });
    /// ```
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    /// The set with `sq` removed (no change if it was not there).
    ///
    /// ```
    /// use magicboard::{bitboard, Bitboard, Rank, Square};
    /// let rank = Bitboard::rank(Rank::First).without(Square::E1).without(Square::E2);
    /// assert_eq!(rank, bitboard! {
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     X X X X . X X X
    /// });
    /// ```
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// The set shifted one rank towards rank 8 (squares on rank 8 fall off):
    /// where White's pawns push to.
    ///
    /// ```
    /// use magicboard::{bitboard, Bitboard, Board, Color, PieceKind, Rank};
    /// let board = Board::from_fen("4k3/8/8/8/8/2n5/PPP2PPP/4K3 w - - 0 1").unwrap();
    /// let pawns = board.colored_pieces(Color::White, PieceKind::Pawn);
    /// // One-square pushes: the squares in front of the pawns that are empty.
    /// assert_eq!(pawns.north() & !board.occupied(), bitboard! {
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     X X . . . X X X
    ///     . . . . . . . .
    ///     . . . . . . . .
    /// });
    /// assert_eq!(Bitboard::rank(Rank::Eighth).north(), Bitboard::EMPTY);
    /// ```
    #[inline(always)]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// The set shifted one rank towards rank 1 (squares on rank 1 fall off):
    /// where Black's pawns push to.
    ///
    /// ```
    /// use magicboard::{Bitboard, Board, Color, PieceKind, Rank};
    /// let pawns = Board::startpos().colored_pieces(Color::Black, PieceKind::Pawn);
    /// assert_eq!(pawns.south(), Bitboard::rank(Rank::Sixth));
    /// assert_eq!(pawns.south().south(), Bitboard::rank(Rank::Fifth));
    /// assert_eq!(Bitboard::rank(Rank::First).south(), Bitboard::EMPTY);
    /// ```
    #[inline(always)]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Builds a set from an 8x8 diagram (rank 8 first, `X` or `x` marks a
    /// square, `.` an empty one, whitespace ignored). Used by [`bitboard!`](crate::bitboard!).
    ///
    /// # Panics
    ///
    /// When the diagram does not have exactly 64 squares, or has a
    /// character other than `X`, `x`, `.` and whitespace. In a constant, as
    /// in [`bitboard!`](crate::bitboard!), that is a compile-time error.
    ///
    /// ```
    /// use magicboard::{Bitboard, Square};
    /// const CORNERS: Bitboard = Bitboard::from_diagram(
    ///     "X . . . . . . X
    ///      . . . . . . . .
    ///      . . . . . . . .
    ///      . . . . . . . .
    ///      . . . . . . . .
    ///      . . . . . . . .
    ///      . . . . . . . .
    ///      X . . . . . . X",
    /// );
    /// let corners: Bitboard = [Square::A1, Square::H1, Square::A8, Square::H8].into_iter().collect();
    /// assert_eq!(CORNERS, corners);
    /// ```
    ///
    /// A diagram without exactly 64 squares is refused:
    ///
    /// ```should_panic
    /// magicboard::Bitboard::from_diagram("X . X");
    /// ```
    pub const fn from_diagram(diagram: &str) -> Bitboard {
        let bytes = diagram.as_bytes();
        let mut bits = 0u64;
        let mut n = 0;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            i += 1;
            if c == b' ' || c == b'\n' || c == b'\t' || c == b'\r' {
                continue;
            }
            assert!(n < 64, "bitboard diagram has more than 64 squares");
            let sq = (7 - n / 8) * 8 + n % 8;
            match c {
                b'X' | b'x' => bits |= 1 << sq,
                b'.' => {}
                _ => panic!("bitboard diagram squares must be `X` or `.`"),
            }
            n += 1;
        }
        assert!(n == 64, "bitboard diagram needs exactly 64 squares");
        Bitboard(bits)
    }
}

/// A [`Bitboard`] drawn as a board, rank 8 at the top, `X` for a member
/// square and `.` for the others. The diagram is checked at compile time.
///
/// ```
/// use magicboard::{bitboard, Bitboard, Square};
/// let bb = bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . X . . .
///     . . . . . . . .
///     . . . . . . . .
///     X . . . . . . .
/// };
/// assert_eq!(bb, Square::A1.bitboard() | Square::E4.bitboard());
/// ```
#[macro_export]
macro_rules! bitboard {
    ($($square:tt)*) => {{
        const BB: $crate::bitboard::Bitboard = $crate::bitboard::Bitboard::from_diagram(stringify!($($square)*));
        BB
    }};
}

/// Iterates over the squares of a [`Bitboard`], lowest index first.
#[derive(Debug, Clone)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_masked(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}
impl core::iter::FusedIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    #[inline(always)]
    fn into_iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        sq.bitboard()
    }
}

macro_rules! impl_bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

impl_bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
impl_bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
impl_bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// The diagram form that [`bitboard!`](crate::bitboard!) reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Bitboard {
    /// Rank 8 first, `X` for members and `.` for the rest.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let mark = if self.contains(Square::new(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                if file != File::A {
                    f.write_str(" ")?;
                }
                write!(f, "{mark}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
