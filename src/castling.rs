//! Castling rights, stored by the file of the castling rook so that
//! standard chess and Chess960 share one representation.

use crate::color::Color;
use crate::geometry;
use crate::square::{File, Rank, Square};

/// Which way a king castles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: the king ends on g1/g8, the rook on f1/f8 (`O-O`).
    KingSide,
    /// Towards the a-file: the king ends on c1/c8, the rook on d1/d8 (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// `0` for the king side, `1` for the queen side.
    ///
    /// ```
    /// use magicboard::CastlingSide;
    /// assert_eq!(CastlingSide::KingSide.index(), 0);
    /// assert_eq!(CastlingSide::QueenSide.index(), 1);
    /// // The position in `ALL`.
    /// assert_eq!(CastlingSide::ALL[CastlingSide::QueenSide.index()], CastlingSide::QueenSide);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side a king on `king` castles on with its rook on `rook` (on
    /// the same rank): the king side when the rook stands towards the
    /// h-file, Chess960 included.
    ///
    /// ```
    /// use magicboard::{CastlingSide, Square};
    /// assert_eq!(CastlingSide::of(Square::E1, Square::H1), CastlingSide::KingSide);
    /// assert_eq!(CastlingSide::of(Square::E8, Square::A8), CastlingSide::QueenSide);
    /// // Chess960: king b1, rook a1.
    /// assert_eq!(CastlingSide::of(Square::B1, Square::A1), CastlingSide::QueenSide);
    /// ```
    #[inline]
    pub const fn of(king: Square, rook: Square) -> CastlingSide {
        match geometry::castling_side_index(king.index(), rook.index()) {
            0 => CastlingSide::KingSide,
            _ => CastlingSide::QueenSide,
        }
    }

    /// The file the king ends on: g or c (from the one table of castling
    /// destinations that the tables' generator shares, as for every castling
    /// fact).
    ///
    /// ```
    /// use magicboard::{CastlingSide, File};
    /// assert_eq!(CastlingSide::KingSide.king_destination_file(), File::G);
    /// assert_eq!(CastlingSide::QueenSide.king_destination_file(), File::C);
    /// ```
    #[inline]
    pub const fn king_destination_file(self) -> File {
        File::from_index(geometry::CASTLING_DESTINATION_FILES[self.index()].0)
    }

    /// The file the rook ends on: f or d.
    ///
    /// ```
    /// use magicboard::{CastlingSide, File};
    /// assert_eq!(CastlingSide::KingSide.rook_destination_file(), File::F);
    /// assert_eq!(CastlingSide::QueenSide.rook_destination_file(), File::D);
    /// ```
    #[inline]
    pub const fn rook_destination_file(self) -> File {
        File::from_index(geometry::CASTLING_DESTINATION_FILES[self.index()].1)
    }
}

/// The castling rights of both sides: for each colour and side, the file of
/// the rook that may still castle, if any.
///
/// ```
/// use magicboard::{Board, CastlingSide, Color, File};
/// let rights = Board::startpos().castling_rights();
/// assert_eq!(rights.rook_file(Color::White, CastlingSide::KingSide), Some(File::H));
/// assert_eq!(rights.rook_file(Color::Black, CastlingSide::QueenSide), Some(File::A));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    rooks: [[Option<File>; 2]; 2],
}

impl CastlingRights {
    /// No rights at all.
    pub const NONE: CastlingRights = CastlingRights {
        rooks: [[None; 2]; 2],
    };

    /// The rights of the standard start position (rooks on a and h files).
    pub const STANDARD: CastlingRights = CastlingRights {
        rooks: [
            [Some(File::H), Some(File::A)],
            [Some(File::H), Some(File::A)],
        ],
    };

    /// The file of the rook `color` may castle with on `side`, if any.
    ///
    /// In Chess960 the rooks need not start on a and h. This position of
    /// the Chess960 suite in `tests/data/fischer.epd` (a start arrangement
    /// a few moves in) has White's king on f1 between rooks on e1 and g1;
    /// its Shredder-FEN rights `GE` name their files. Black has castled
    /// (king g8, rook f8) and has no rights left:
    ///
    /// ```
    /// use magicboard::{Board, CastlingSide, Color, File};
    /// let board = Board::from_fen("b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9").unwrap();
    /// let rights = board.castling_rights();
    /// assert_eq!(rights.rook_file(Color::White, CastlingSide::KingSide), Some(File::G));
    /// assert_eq!(rights.rook_file(Color::White, CastlingSide::QueenSide), Some(File::E));
    /// assert_eq!(rights.rook_file(Color::Black, CastlingSide::KingSide), None);
    /// ```
    #[inline]
    pub const fn rook_file(&self, color: Color, side: CastlingSide) -> Option<File> {
        self.rooks[color as usize][side as usize]
    }

    /// True when `color` may still castle on `side`.
    ///
    /// ```
    /// use magicboard::{Board, CastlingSide, Color, Move, Square};
    /// let mut board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// assert!(board.castling_rights().has(Color::White, CastlingSide::QueenSide));
    /// // A king that moves loses both its rights; the other side keeps its own.
    /// board.make_move(Move::new(Square::E1, Square::F1, None));
    /// let rights = board.castling_rights();
    /// assert!(!rights.has(Color::White, CastlingSide::KingSide));
    /// assert!(!rights.has(Color::White, CastlingSide::QueenSide));
    /// assert!(rights.has(Color::Black, CastlingSide::KingSide));
    /// assert!(rights.has(Color::Black, CastlingSide::QueenSide));
    /// ```
    #[inline]
    pub const fn has(&self, color: Color, side: CastlingSide) -> bool {
        self.rooks[color as usize][side as usize].is_some()
    }

    /// True when nobody may castle.
    ///
    /// ```
    /// use magicboard::{Board, CastlingRights};
    /// assert!(CastlingRights::NONE.is_empty());
    /// assert!(!CastlingRights::STANDARD.is_empty());
    /// // `-` in the FEN's castling field: no rights.
    /// let bare = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    /// assert!(bare.castling_rights().is_empty());
    /// // One right is enough to be non-empty.
    /// let one = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w q - 0 1").unwrap();
    /// assert!(!one.castling_rights().is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        matches!(self.rooks, [[None, None], [None, None]])
    }

    /// The square of the castling rook of `color` on `side`, if any.
    ///
    /// ```
    /// use magicboard::{Board, CastlingSide, Color, Square};
    /// let board = Board::from_fen("1r2k3/8/8/8/8/8/8/4K2R w Kb - 0 1").unwrap();
    /// let rights = board.castling_rights();
    /// assert_eq!(rights.rook_square(Color::White, CastlingSide::KingSide), Some(Square::H1));
    /// assert_eq!(rights.rook_square(Color::Black, CastlingSide::QueenSide), Some(Square::B8));
    /// assert_eq!(rights.rook_square(Color::White, CastlingSide::QueenSide), None);
    /// ```
    #[inline]
    pub fn rook_square(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.rook_file(color, side)
            .map(|f| Square::new(f, back_rank(color)))
    }

    pub(crate) fn set(&mut self, color: Color, side: CastlingSide, file: Option<File>) {
        self.rooks[color.index()][side.index()] = file;
    }
}

/// The first rank of `color`: rank 1 for White, rank 8 for Black.
///
/// ```
/// use magicboard::{castling::back_rank, Color, Rank};
/// assert_eq!(back_rank(Color::Black), Rank::Eighth);
/// ```
#[inline(always)]
pub const fn back_rank(color: Color) -> Rank {
    Rank::First.relative_to(color)
}

/// How castling is written in UCI and FEN text: the one choice between
/// standard chess and Chess960 notation, passed where a `bool` would not
/// say which is which.
///
/// ```
/// use magicboard::{Board, CastlingMode, Move, Square};
/// let castle = Move::castle(Square::E1, Square::H1);
/// assert_eq!(castle.to_uci(CastlingMode::Standard).to_string(), "e1g1");
/// assert_eq!(castle.to_uci(CastlingMode::Chess960).to_string(), "e1h1");
/// assert_eq!(CastlingMode::from_chess960(Board::startpos().is_chess960()), CastlingMode::Standard);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: castling is the king's two-square step (`e1g1`) and
    /// FEN rights are `KQkq` (X-FEN letters for inner rooks).
    #[default]
    Standard,
    /// Chess960: castling is the king taking its own rook (`e1h1`), as UCI
    /// engines in `UCI_Chess960` mode expect.
    Chess960,
}

impl CastlingMode {
    /// [`CastlingMode::Chess960`] when `chess960`, else
    /// [`CastlingMode::Standard`].
    ///
    /// ```
    /// use magicboard::CastlingMode;
    /// assert_eq!(CastlingMode::from_chess960(true), CastlingMode::Chess960);
    /// ```
    #[inline]
    pub const fn from_chess960(chess960: bool) -> CastlingMode {
        if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    /// True for [`CastlingMode::Chess960`].
    ///
    /// ```
    /// assert!(magicboard::CastlingMode::Chess960.is_chess960());
    /// ```
    #[inline]
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }
}
