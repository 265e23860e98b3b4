//! Piece kinds and coloured pieces.

use crate::color::Color;
use core::fmt;

/// The kind of a piece, regardless of colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[doc(alias = "PieceType")]
#[doc(alias = "Role")]
pub enum PieceKind {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl PieceKind {
    /// All kinds, pawn to king.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The kinds a pawn may promote to, strongest first.
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];

    /// Index `0..6`, pawn first: for tables indexed by piece kind.
    ///
    /// ```
    /// use magicboard::PieceKind;
    /// const VALUE: [u32; 6] = [1, 3, 3, 5, 9, 0];
    /// assert_eq!(VALUE[PieceKind::Rook.index()], 5);
    /// assert_eq!(PieceKind::Pawn.index(), 0);
    /// assert_eq!(PieceKind::King.index(), 5);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with the given index `0..6`, if any: the inverse of
    /// [`PieceKind::index`].
    ///
    /// ```
    /// use magicboard::PieceKind;
    /// assert_eq!(PieceKind::from_index(4), Some(PieceKind::Queen));
    /// assert_eq!(PieceKind::from_index(6), None);
    /// for kind in PieceKind::ALL {
    ///     assert_eq!(PieceKind::from_index(kind.index()), Some(kind));
    /// }
    /// ```
    #[inline]
    pub const fn from_index(index: usize) -> Option<PieceKind> {
        match index {
            0 => Some(PieceKind::Pawn),
            1 => Some(PieceKind::Knight),
            2 => Some(PieceKind::Bishop),
            3 => Some(PieceKind::Rook),
            4 => Some(PieceKind::Queen),
            5 => Some(PieceKind::King),
            _ => None,
        }
    }

    /// Lower-case letter as in UCI promotions and black FEN pieces: `p n b r q k`.
    ///
    /// ```
    /// use magicboard::PieceKind;
    /// assert_eq!(PieceKind::Knight.to_char(), 'n');
    /// ```
    pub const fn to_char(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
        }
    }

    /// Parses a letter in either case (`'N'` or `'n'` is a knight).
    ///
    /// ```
    /// use magicboard::PieceKind;
    /// assert_eq!(PieceKind::from_char('N'), Some(PieceKind::Knight));
    /// assert_eq!(PieceKind::from_char('n'), Some(PieceKind::Knight));
    /// assert_eq!(PieceKind::from_char('x'), None);
    /// for kind in PieceKind::ALL {
    ///     assert_eq!(PieceKind::from_char(kind.to_char()), Some(kind));
    /// }
    /// ```
    pub const fn from_char(c: char) -> Option<PieceKind> {
        match c.to_ascii_lowercase() {
            'p' => Some(PieceKind::Pawn),
            'n' => Some(PieceKind::Knight),
            'b' => Some(PieceKind::Bishop),
            'r' => Some(PieceKind::Rook),
            'q' => Some(PieceKind::Queen),
            'k' => Some(PieceKind::King),
            _ => None,
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A piece of a given colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    ///
    /// ```
    /// use magicboard::{Board, Color, Piece, PieceKind, Square};
    /// let white_knight = Piece::new(Color::White, PieceKind::Knight);
    /// assert_eq!(Board::startpos().piece_on(Square::G1), Some(white_knight));
    /// assert_eq!(white_knight.to_char(), 'N');
    /// ```
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// FEN letter: upper case for White, lower case for Black.
    ///
    /// ```
    /// use magicboard::{Color, Piece, PieceKind};
    /// assert_eq!(Piece::new(Color::White, PieceKind::Queen).to_char(), 'Q');
    /// assert_eq!(Piece::new(Color::Black, PieceKind::Queen).to_char(), 'q');
    /// ```
    pub const fn to_char(self) -> char {
        self.color.fen_case(self.kind.to_char())
    }

    /// Parses a FEN letter (`'K'` white king, `'p'` black pawn).
    ///
    /// ```
    /// use magicboard::{Color, Piece, PieceKind};
    /// assert_eq!(Piece::from_char('K'), Some(Piece::new(Color::White, PieceKind::King)));
    /// assert_eq!(Piece::from_char('p').map(|p| p.to_char()), Some('p'));
    /// assert_eq!(Piece::from_char('x'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = Color::of_fen_case(c);
        match PieceKind::from_char(c) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}
