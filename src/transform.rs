//! The board's symmetries: flipping and rotating squares and sets of
//! squares.
//!
//! A chessboard has eight symmetries (the dihedral group of the square):
//! doing nothing, the flips about its four axes, and the rotations by a
//! quarter, half and three-quarter turn. Chess itself has fewer: pawns
//! move up the board for White and down for Black, so only a **vertical
//! flip that also swaps the colours** ([`Board::mirror`](crate::Board::mirror))
//! keeps every position and its moves the same (up to colour), and the
//! **horizontal flip** keeps them when no side may castle (castling's
//! destination squares, the g- and c-files, do not mirror). The other flips
//! and the rotations turn a position into another one, which may not be a
//! position at all (a pawn on the first rank, a check no pawn could give).
//!
//! [`Transform`] names the ones chess programs use, as python-chess's
//! bitboard functions (`flip_vertical`, `flip_horizontal`, `flip_diagonal`,
//! `flip_anti_diagonal`) do, plus the half turn. Each is its own inverse.
//! The same maps are methods of [`Square`] and [`Bitboard`] (with the bit
//! tricks of the Chess Programming Wiki's "Flipping Mirroring and
//! Rotating"), and of [`Board`](crate::Board) (`src/board/transform.rs`).
//!
//! ```
//! use magicboard::{Bitboard, Square, Transform};
//!
//! let e2 = Square::E2;
//! assert_eq!(e2.flip_vertical(), Square::E7);
//! assert_eq!(e2.flip_horizontal(), Square::D2);
//! assert_eq!(e2.flip_diagonal(), Square::B5);      // a1-h8: file and rank swap
//! assert_eq!(e2.flip_anti_diagonal(), Square::G4); // a8-h1
//! assert_eq!(e2.rotate_180(), Square::D7);
//!
//! // On sets, square by square.
//! let set = Square::A1.bitboard() | Square::E2.bitboard();
//! assert_eq!(set.flip_vertical(), Square::A8.bitboard() | Square::E7.bitboard());
//! for t in Transform::ALL {
//!     assert_eq!(t.apply(t.apply(set)), set); // each is its own inverse
//! }
//! ```

use crate::bitboard::Bitboard;
use crate::square::Square;

/// One of the board's symmetries that chess programs use: the flips about
/// the board's four axes and the half turn. See the
/// [module documentation](self).
///
/// ```
/// use magicboard::{Square, Transform};
/// assert_eq!(Transform::FlipDiagonal.square(Square::H1), Square::A8);
/// assert_eq!(Transform::Rotate180.square(Square::A1), Square::H8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Transform {
    /// Rank 1 <-> rank 8 (`e2` <-> `e7`).
    FlipVertical,
    /// The a-file <-> the h-file (`e2` <-> `d2`).
    FlipHorizontal,
    /// About the a1-h8 diagonal: a square's file and rank trade places
    /// (`e2` <-> `b5`).
    FlipDiagonal,
    /// About the a8-h1 diagonal (`e2` <-> `g4`).
    FlipAntiDiagonal,
    /// A half turn: both flips, vertical and horizontal (`a1` <-> `h8`).
    Rotate180,
}

impl Transform {
    /// The five transforms, in declaration order.
    ///
    /// ```
    /// use magicboard::{Bitboard, Transform};
    /// // Each keeps the corners as a set.
    /// let corners = Bitboard(0x8100_0000_0000_0081);
    /// assert!(Transform::ALL.iter().all(|t| t.apply(corners) == corners));
    /// ```
    pub const ALL: [Transform; 5] = [
        Transform::FlipVertical,
        Transform::FlipHorizontal,
        Transform::FlipDiagonal,
        Transform::FlipAntiDiagonal,
        Transform::Rotate180,
    ];

    /// Where this transform takes `sq`.
    ///
    /// ```
    /// use magicboard::{Square, Transform};
    /// assert_eq!(Transform::FlipVertical.square(Square::B3), Square::B6);
    /// assert_eq!(Transform::FlipAntiDiagonal.square(Square::A1), Square::H8);
    /// ```
    #[inline]
    pub const fn square(self, sq: Square) -> Square {
        match self {
            Transform::FlipVertical => sq.flip_vertical(),
            Transform::FlipHorizontal => sq.flip_horizontal(),
            Transform::FlipDiagonal => sq.flip_diagonal(),
            Transform::FlipAntiDiagonal => sq.flip_anti_diagonal(),
            Transform::Rotate180 => sq.rotate_180(),
        }
    }

    /// The set of the squares of `bb`, each transformed.
    ///
    /// ```
    /// use magicboard::{Bitboard, Rank, File, Transform};
    /// assert_eq!(Transform::FlipDiagonal.apply(Bitboard::rank(Rank::First)), Bitboard::file(File::A));
    /// ```
    #[inline]
    pub const fn apply(self, bb: Bitboard) -> Bitboard {
        match self {
            Transform::FlipVertical => bb.flip_vertical(),
            Transform::FlipHorizontal => bb.flip_horizontal(),
            Transform::FlipDiagonal => bb.flip_diagonal(),
            Transform::FlipAntiDiagonal => bb.flip_anti_diagonal(),
            Transform::Rotate180 => bb.rotate_180(),
        }
    }
}

/// # Symmetries
///
/// The board's flips and half turn, square by square (see
/// [`Transform`]).
impl Square {
    /// Rank 1 <-> rank 8, the file kept (`e2` <-> `e7`); the same as
    /// [`Square::flip_rank`]. python-chess's `square_mirror`.
    ///
    /// ```
    /// use magicboard::Square;
    /// assert_eq!(Square::E2.flip_vertical(), Square::E7);
    /// assert_eq!(Square::H8.flip_vertical(), Square::H1);
    /// ```
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::from_index_masked(self.index() as u32 ^ 56)
    }

    /// The a-file <-> the h-file, the rank kept (`e2` <-> `d2`).
    ///
    /// ```
    /// use magicboard::Square;
    /// assert_eq!(Square::E2.flip_horizontal(), Square::D2);
    /// assert_eq!(Square::A8.flip_horizontal(), Square::H8);
    /// ```
    #[inline]
    pub const fn flip_horizontal(self) -> Square {
        Square::from_index_masked(self.index() as u32 ^ 7)
    }

    /// About the a1-h8 diagonal: file and rank trade places (`e2` <-> `b5`).
    ///
    /// ```
    /// use magicboard::Square;
    /// assert_eq!(Square::E2.flip_diagonal(), Square::B5);
    /// assert_eq!(Square::D4.flip_diagonal(), Square::D4);
    /// ```
    #[inline]
    pub const fn flip_diagonal(self) -> Square {
        let i = self.index() as u32;
        Square::from_index_masked((i >> 3) | ((i & 7) << 3))
    }

    /// About the a8-h1 diagonal (`e2` <-> `g4`).
    ///
    /// ```
    /// use magicboard::Square;
    /// assert_eq!(Square::E2.flip_anti_diagonal(), Square::G4);
    /// assert_eq!(Square::A8.flip_anti_diagonal(), Square::A8);
    /// ```
    #[inline]
    pub const fn flip_anti_diagonal(self) -> Square {
        Square::from_index_masked(63 - self.flip_diagonal().index() as u32)
    }

    /// A half turn (`a1` <-> `h8`, `e2` <-> `d7`).
    ///
    /// ```
    /// use magicboard::Square;
    /// assert_eq!(Square::E2.rotate_180(), Square::D7);
    /// assert_eq!(Square::A1.rotate_180(), Square::H8);
    /// ```
    #[inline]
    pub const fn rotate_180(self) -> Square {
        Square::from_index_masked(63 - self.index() as u32)
    }
}

/// # Symmetries
///
/// The board's flips and half turn applied to every square of the set,
/// with a few word operations each (see [`Transform`]). The results equal
/// python-chess's functions of the same names on the set's `u64`.
impl Bitboard {
    /// Rank 1 <-> rank 8 (a byte swap).
    ///
    /// ```
    /// use magicboard::{bitboard, Bitboard, Board, Color};
    /// let white = Board::startpos().colored(Color::White);
    /// assert_eq!(white.flip_vertical(), Board::startpos().colored(Color::Black));
    /// assert_eq!(bitboard! {
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . X . . . . . .
    ///     X . . . . . . .
    /// }.flip_vertical(), bitboard! {
    ///     X . . . . . . .
    ///     . X . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    ///     . . . . . . . .
    /// });
    /// ```
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The a-file <-> the h-file.
    ///
    /// ```
    /// use magicboard::{Bitboard, File};
    /// assert_eq!(Bitboard::file(File::B).flip_horizontal(), Bitboard::file(File::G));
    /// assert_eq!(Bitboard(0x0f).flip_horizontal(), Bitboard(0xf0));
    /// ```
    #[inline]
    pub const fn flip_horizontal(self) -> Bitboard {
        let mut b = self.0;
        b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
        b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
        b = ((b >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((b & 0x0f0f_0f0f_0f0f_0f0f) << 4);
        Bitboard(b)
    }

    /// About the a1-h8 diagonal: the first rank becomes the a-file.
    ///
    /// ```
    /// use magicboard::{Bitboard, File, Rank};
    /// assert_eq!(Bitboard::rank(Rank::First).flip_diagonal(), Bitboard::file(File::A));
    /// assert_eq!(Bitboard::rank(Rank::Eighth).flip_diagonal(), Bitboard::file(File::H));
    /// ```
    #[inline]
    pub const fn flip_diagonal(self) -> Bitboard {
        let mut b = self.0;
        let mut t = (b ^ (b << 28)) & 0x0f0f_0f0f_0000_0000;
        b ^= t ^ (t >> 28);
        t = (b ^ (b << 14)) & 0x3333_0000_3333_0000;
        b ^= t ^ (t >> 14);
        t = (b ^ (b << 7)) & 0x5500_5500_5500_5500;
        b ^= t ^ (t >> 7);
        Bitboard(b)
    }

    /// About the a8-h1 diagonal: the first rank becomes the h-file.
    ///
    /// ```
    /// use magicboard::{Bitboard, File, Rank};
    /// assert_eq!(Bitboard::rank(Rank::First).flip_anti_diagonal(), Bitboard::file(File::H));
    /// assert_eq!(Bitboard::file(File::A).flip_anti_diagonal(), Bitboard::rank(Rank::Eighth));
    /// ```
    #[inline]
    pub const fn flip_anti_diagonal(self) -> Bitboard {
        let mut b = self.0;
        let mut t = b ^ (b << 36);
        b ^= (t ^ (b >> 36)) & 0xf0f0_f0f0_0f0f_0f0f;
        t = (b ^ (b << 18)) & 0xcccc_0000_cccc_0000;
        b ^= t ^ (t >> 18);
        t = (b ^ (b << 9)) & 0xaa00_aa00_aa00_aa00;
        b ^= t ^ (t >> 9);
        Bitboard(b)
    }

    /// A half turn: `a1` <-> `h8` (the bits in reverse order).
    ///
    /// ```
    /// use magicboard::{Bitboard, Square};
    /// assert_eq!(Square::B1.bitboard().rotate_180(), Square::G8.bitboard());
    /// assert_eq!(Bitboard::LIGHT_SQUARES.rotate_180(), Bitboard::LIGHT_SQUARES);
    /// ```
    #[inline]
    pub const fn rotate_180(self) -> Bitboard {
        Bitboard(self.0.reverse_bits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each set map moves each square as the square map does, on every
    /// square (the bit tricks against the arithmetic).
    #[test]
    fn set_maps_agree_with_square_maps() {
        for t in Transform::ALL {
            for i in 0..64 {
                let sq = Square::from_index(i).unwrap();
                assert_eq!(
                    t.apply(sq.bitboard()),
                    t.square(sq).bitboard(),
                    "{t:?} {sq}"
                );
                assert_eq!(t.square(t.square(sq)), sq, "{t:?} is not an involution");
            }
        }
    }

    /// The compositions the group promises: two flips about perpendicular
    /// axes make the half turn.
    #[test]
    fn compositions() {
        let b = Bitboard(0x0123_4567_89ab_cdef);
        assert_eq!(b.flip_vertical().flip_horizontal(), b.rotate_180());
        assert_eq!(b.flip_diagonal().flip_anti_diagonal(), b.rotate_180());
    }
}
