//! The position: where the pieces stand, whose move it is, castling rights,
//! the en-passant square, the clocks and the Zobrist hash.
//!
//! [`Board`]'s fields are private to this module and its children, which
//! are the only code that writes them:
//!
//! * [`fen`]: reading and writing FEN (the checked way in);
//! * `make`: [`Board::make_move`] and [`Board::unmake_move`], the unchecked
//!   make/unmake primitive, with incremental hashing;
//! * `leaf`: perft's leaves, the position after a move without mailbox,
//!   clocks or hash (built from the parent, never made in place);
//! * `hash`: the Zobrist hash from scratch, and piece placement that keeps
//!   it in step;
//! * `validate`: [`Board::is_consistent`], the invariants below as code.
//!
//! Everything else in the crate (move generation, perft, SAN, games) reads
//! a board through methods.
//!
//! # What a `Board` guarantees
//!
//! Every `Board` is **consistent**, whatever was done to it: the piece
//! bitboards are disjoint and agree with the mailbox, each side has exactly
//! one king, and [`Board::hash`] equals [`Board::hash_from_scratch`].
//! [`Board::is_consistent`] checks exactly this, and debug builds assert it
//! after every make and unmake. Move generation relies on nothing more.
//!
//! A board is also a **legal position** (the side not to move is not in
//! check, no pawns on a back rank, castling rights match kings and rooks,
//! at most 16 pieces a side, ...) when it came from [`Board::startpos`], a
//! checked FEN parser, or legal moves. [`Board::make_move`] is unchecked: a
//! move value that is not legal on the board gives a consistent board that
//! need not be a legal position (or is refused and changes nothing); use
//! [`Board::try_make_move`] for moves from outside.
//!
//! The en-passant square is kept only when a pawn of the side to move stands
//! beside the pawn that just advanced two squares (the capture is then at
//! least pseudo-legal). This is Polyglot's rule for hashing, so boards that
//! are the same position compare equal and hash alike whatever FEN they came
//! from.

mod delta;
mod facts;
pub mod fen;
mod hash;
mod leaf;
mod make;
mod validate;

pub use delta::PieceDelta;
pub use fen::FenError;
pub(crate) use leaf::Leaf;
pub use make::{NullUndo, Undo};

use crate::attacks;
use crate::{Bitboard, CastlingMode, CastlingRights, Color, File, Piece, PieceKind, Rank, Square};
use core::fmt;

/// A chess position. See the [module documentation](self).
///
/// ```
/// use magicboard::{Board, Color, Square};
/// let board = Board::startpos();
/// assert_eq!(board.side_to_move(), Color::White);
/// assert_eq!(board.legal_moves().len(), 20);
/// assert_eq!(board.hash(), 0x463b96181691fc9c);
/// assert!(!board.is_square_attacked(Square::E4, Color::Black));
/// assert!(board.is_square_attacked(Square::F6, Color::Black));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    by_kind: [Bitboard; 6],
    by_color: [Bitboard; 2],
    mailbox: [Option<PieceKind>; 64],
    castling: CastlingRights,
    side: Color,
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    chess960: bool,
}

impl Board {
    /// The standard starting position.
    ///
    /// ```
    /// use magicboard::Board;
    /// let start = Board::startpos();
    /// assert_eq!(start.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// assert_eq!(start.occupied().count(), 32);
    /// ```
    pub fn startpos() -> Board {
        let mut board = Board::empty();
        let back = [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ];
        for (file, kind) in File::ALL.into_iter().zip(back) {
            board.put_piece(Color::White, kind, Square::new(file, Rank::First));
            board.put_piece(
                Color::White,
                PieceKind::Pawn,
                Square::new(file, Rank::Second),
            );
            board.put_piece(
                Color::Black,
                PieceKind::Pawn,
                Square::new(file, Rank::Seventh),
            );
            board.put_piece(Color::Black, kind, Square::new(file, Rank::Eighth));
        }
        board.castling = CastlingRights::STANDARD;
        board.hash = board.hash_from_scratch();
        board
    }

    /// A board with no pieces, White to move: only a starting point for the
    /// checked constructors, never handed out.
    pub(crate) fn empty() -> Board {
        Board {
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [None; 64],
            castling: CastlingRights::NONE,
            side: Color::White,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            chess960: false,
        }
    }

    // ----- queries ---------------------------------------------------------

    /// The side to move.
    ///
    /// ```
    /// use magicboard::{Board, Color};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    /// assert_eq!(board.side_to_move(), Color::Black);
    /// ```
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
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
        self.castling
    }

    /// The en-passant target square (the square a pawn skipped with its
    /// double step), kept only when a pawn of the side to move stands beside
    /// the double-stepped pawn; see the [module documentation](self).
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
        self.ep
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
        self.halfmove
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
        self.fullmove
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
        self.chess960
    }

    /// The notation this board writes castling in: [`CastlingMode::Chess960`]
    /// when [`Board::is_chess960`], else [`CastlingMode::Standard`].
    ///
    /// ```
    /// use magicboard::{Board, CastlingMode};
    /// let fen = "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1";
    /// assert_eq!(Board::from_fen(fen).unwrap().castling_mode(), CastlingMode::Chess960);
    /// ```
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        CastlingMode::from_chess960(self.chess960)
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
            && self.side == other.side
            && self.castling == other.castling
            && self.ep == other.ep
            && self.chess960 == other.chess960
    }

    /// The Polyglot-compatible Zobrist hash, kept up to date incrementally by
    /// [`Board::make_move`]. See [`crate::zobrist`].
    ///
    /// ```
    /// use magicboard::Board;
    /// assert_eq!(Board::startpos().hash(), 0x463b96181691fc9c); // Polyglot's key
    /// ```
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    // ----- attacks ---------------------------------------------------------

    /// Pieces of `by` that attack `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub(crate) fn attackers_with(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.colored(by);
        (attacks::pawn_attacks(!by, sq) & self.pieces(PieceKind::Pawn) & theirs)
            | (attacks::knight_attacks(sq) & self.pieces(PieceKind::Knight) & theirs)
            | (attacks::king_attacks(sq) & self.pieces(PieceKind::King) & theirs)
            | (attacks::bishop_attacks(sq, occupied) & self.diagonal_sliders(by))
            | (attacks::rook_attacks(sq, occupied) & self.straight_sliders(by))
    }

    /// Pieces of `by` that attack `sq`.
    ///
    /// ```
    /// use magicboard::{Board, Color, Square};
    /// let board = Board::startpos();
    /// let defenders = board.attackers_to(Square::F3, Color::White);
    /// assert_eq!(defenders, Square::E2.bitboard() | Square::G2.bitboard() | Square::G1.bitboard());
    /// ```
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color) -> Bitboard {
        self.attackers_with(sq, by, self.occupied())
    }

    /// True when a piece of `by` attacks `sq`: from `sq`, each piece kind's
    /// attack set is intersected with `by`'s pieces of that kind (a pawn's
    /// attacks are taken from `sq` as if it were a pawn of the other colour).
    ///
    /// ```
    /// use magicboard::{Board, Color, Square};
    /// let start = Board::startpos();
    /// assert!(start.is_square_attacked(Square::F3, Color::White));
    /// assert!(!start.is_square_attacked(Square::E4, Color::White));
    /// ```
    #[inline]
    pub fn is_square_attacked(&self, sq: Square, by: Color) -> bool {
        !self.attackers_to(sq, by).is_empty()
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use magicboard::{Board, Square};
    /// // Double check from the rook on e8 and the knight on f3.
    /// let board = Board::from_fen("4r1k1/8/8/8/8/5n2/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(board.checkers(), Square::E8.bitboard() | Square::F3.bitboard());
    /// ```
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        // Steppers by table; of the sliders only those on the king's lines
        // (on an empty board) can check, and the squares between decide:
        // usually no slider lookup at all.
        let us = self.side;
        let them = !us;
        let king = self.king(us);
        let theirs = self.colored(them);
        let mut checkers = (attacks::pawn_attacks(us, king) & self.pieces(PieceKind::Pawn)
            | attacks::knight_attacks(king) & self.pieces(PieceKind::Knight)
            | attacks::king_attacks(king) & self.pieces(PieceKind::King))
            & theirs;
        let occupied = self.occupied();
        let sliders = (self.straight_sliders(them) & attacks::rook_rays(king))
            | (self.diagonal_sliders(them) & attacks::bishop_rays(king));
        for slider in sliders {
            if (attacks::between(king, slider) & occupied).is_empty() {
                checkers = checkers.with(slider);
            }
        }
        checkers
    }

    /// True when the side to move is in check.
    ///
    /// ```
    /// use magicboard::Board;
    /// assert!(!Board::startpos().in_check());
    /// assert!(Board::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap().in_check());
    /// ```
    #[inline]
    pub fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// Pieces of the side to move pinned to their own king (moving them off
    /// the line to the pinning piece would expose the king).
    ///
    /// ```
    /// use magicboard::{Board, Square};
    /// // The bishop on e2 is pinned by the rook on e7; the rook on a1 gives check.
    /// let board = Board::from_fen("4k3/4r3/8/8/8/8/4B3/r3K3 w - - 0 1").unwrap();
    /// assert_eq!(board.pinned(), Square::E2.bitboard());
    /// assert_eq!(board.checkers(), Square::A1.bitboard());
    /// assert!(board.in_check());
    /// ```
    pub fn pinned(&self) -> Bitboard {
        let us = self.side;
        self.checkers_and_pinned(us, self.king(us), self.occupied())
            .1
    }

    /// The pieces checking `us`'s king on `king`, and `us`'s pieces pinned
    /// to it. Only enemy sliders on one of the king's lines (on an empty
    /// board) can check or pin from afar: for each, the squares between it
    /// and the king decide (none: a check; one of ours: a pin). No slider
    /// lookup is needed.
    #[inline(always)]
    pub(crate) fn checkers_and_pinned(
        &self,
        us: Color,
        king: Square,
        occupied: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let theirs = self.colored(!us);
        let straight = self.straight_sliders(!us) & attacks::rook_rays(king);
        let diagonal = self.diagonal_sliders(!us) & attacks::bishop_rays(king);
        let mut checkers =
            (attacks::pawn_attacks(us, king) & self.pieces(PieceKind::Pawn) & theirs)
                | (attacks::knight_attacks(king) & self.pieces(PieceKind::Knight) & theirs);
        let mut pinned = Bitboard::EMPTY;
        for slider in straight | diagonal {
            let blockers = attacks::between(king, slider) & occupied;
            if blockers.is_empty() {
                checkers = checkers.with(slider);
            } else if !blockers.has_more_than_one() {
                pinned |= blockers & self.colored(us);
            }
        }
        (checkers, pinned)
    }
}

impl Default for Board {
    /// The standard starting position.
    fn default() -> Board {
        Board::startpos()
    }
}

impl fmt::Display for Board {
    /// A diagram, rank 8 at the top, White's pieces in upper case, followed
    /// by the FEN.
    ///
    /// ```
    /// let text = magicboard::Board::startpos().to_string();
    /// assert!(text.starts_with("8 r n b q k b n r"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{}", rank.to_char())?;
            for file in File::ALL {
                let c = self
                    .piece_on(Square::new(file, *rank))
                    .map_or('.', |p| p.to_char());
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  a b c d e f g h")?;
        write!(f, "{}", self.to_fen())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.to_fen())
    }
}
