//! The position: where the pieces stand, whose move it is, castling rights,
//! the en-passant square, the clocks and the Zobrist hash.
//!
//! [`Board`]'s fields are private to this module and its children, which
//! are the only code that writes them:
//!
//! * [`fen`]: the starting position, and reading and writing FEN (the
//!   checked ways in);
//! * `query`: reading the pieces, side to move, castling rights,
//!   en-passant square, clocks and hash;
//! * `make`: [`Board::make_move`] and [`Board::unmake_move`], the unchecked
//!   make/unmake primitive, with incremental hashing;
//! * `hash`: the Zobrist hash from scratch, and piece placement that keeps
//!   it in step;
//! * `validate`: [`Board::is_consistent`], the invariants below as code;
//! * `transform`: the position mirrored ([`Board::mirror`]), flipped or
//!   turned.
//!
//! Everything else in the crate (move generation, perft, SAN, games) reads
//! a board through methods. Perft's leaves (`src/perft/leaf.rs`), which
//! write a move's effect into a lean copy, get the raw piece sets, rights,
//! en-passant square and side through two crate-private accessors,
//! `Board::sets` and `Board::fields`.
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

// The order of these children is the order of `Board`'s method groups in
// rustdoc (each group is an `impl Board` block with a heading; a module's
// children come before its own blocks).
pub mod fen;
mod builder;
mod query;
mod make;
mod facts;
mod hash;
mod delta;
mod validate;
mod effect;
mod transform;

pub use builder::{BoardBuilder, PositionError};
pub use delta::PieceDelta;
pub(crate) use effect::Change;
#[cfg(test)]
pub(crate) use effect::Effect;
pub use fen::FenError;
#[cfg(feature = "perft")]
pub(crate) use make::lose_castling_rights;
pub use make::{NullUndo, Undo};

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::castling::CastlingRights;
use crate::color::Color;
use crate::piece::PieceKind;
use crate::square::{File, Rank, Square};
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
#[derive(PartialEq, Eq)]
pub struct Board {
    by_kind: [Bitboard; 6],
    by_color: [Bitboard; 2],
    mailbox: [Option<PieceKind>; 64],
    state: State,
}

/// Everything but the pieces, in one block: make saves it into the
/// [`Undo`] and unmake restores it with a few wide copies, not a load and
/// a store per field (docs/performance.md, "Decisions that shaped the code").
/// `chess960`, which no move changes, fills the block's last byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    hash: u64,
    halfmove: u32,
    fullmove: u32,
    castling: CastlingRights,
    ep: Option<Square>,
    side: Color,
    chess960: bool,
}

impl State {
    /// An empty board's: White to move, no rights, move 1.
    const EMPTY: State = State {
        hash: 0,
        halfmove: 0,
        fullmove: 1,
        castling: CastlingRights::NONE,
        ep: None,
        side: Color::White,
        chess960: false,
    };
}

/// # Check, pins and attacks
///
/// Which pieces attack a square, which give check, which are pinned. More
/// questions of this kind (under another occupancy, every square a side
/// attacks, whether a move gives check) are under *Tactical queries*
/// below.
impl Board {
    /// A board with no pieces, White to move: only a starting point for the
    /// checked constructors, never handed out.
    pub(crate) fn empty() -> Board {
        Board {
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [None; 64],
            state: State::EMPTY,
        }
    }

    // ----- attacks ---------------------------------------------------------

    /// Pieces of `by` that attack `sq` when `occupied` are the occupied
    /// squares: sliders see through squares left out of `occupied`, which
    /// is how exchanges (SEE) and x-ray questions are asked. Pieces of `by`
    /// that are not in `occupied` still count; mask them out if they left.
    ///
    /// ```
    /// use magicboard::{Board, Color, Square};
    /// // A rook on e1 behind a rook on e2: only e2 attacks e5, until it leaves.
    /// let board = Board::from_fen("4k3/8/8/4p3/8/8/4R3/K3R3 w - - 0 1").unwrap();
    /// let occupied = board.occupied();
    /// assert_eq!(board.attackers_to_with(Square::E5, Color::White, occupied), Square::E2.bitboard());
    /// let without_e2 = occupied.without(Square::E2);
    /// let attackers = board.attackers_to_with(Square::E5, Color::White, without_e2);
    /// assert!(attackers.contains(Square::E1));
    /// ```
    #[inline(always)]
    pub fn attackers_to_with(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
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
        self.attackers_to_with(sq, by, self.occupied())
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
        let us = self.state.side;
        let them = !us;
        let king = self.king(us);
        let theirs = self.colored(them);
        // No king: one beside ours would leave the side not to move in
        // check, which no board allows.
        let mut checkers = (attacks::pawn_attacks(us, king) & self.pieces(PieceKind::Pawn)
            | attacks::knight_attacks(king) & self.pieces(PieceKind::Knight))
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
    #[doc(alias = "is_check")]
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
        let us = self.state.side;
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

/// A board's raw parts that a move changes, borrowed for writing: what
/// perft's leaves (`src/perft/leaf.rs`) write a move's effect into, in a
/// scratch board or a lean copy of their own.
#[cfg(feature = "perft")]
pub(crate) struct Fields<'a> {
    pub(crate) by_kind: &'a mut [Bitboard; 6],
    pub(crate) by_color: &'a mut [Bitboard; 2],
    pub(crate) castling: &'a mut CastlingRights,
    pub(crate) ep: &'a mut Option<Square>,
    pub(crate) side: &'a mut Color,
}

/// # Raw parts (crate-internal, for perft's leaves)
#[cfg(feature = "perft")]
impl Board {
    /// The piece sets by kind and by colour, as stored.
    #[inline(always)]
    pub(crate) fn sets(&self) -> (&[Bitboard; 6], &[Bitboard; 2]) {
        (&self.by_kind, &self.by_color)
    }

    /// A board with these piece sets, rights and side to move, no
    /// en-passant square, an empty mailbox and the other state empty:
    /// what perft's counter of a child given as sets (`src/perft/walk.rs`)
    /// runs the generator on, which reads nothing else. Built as a local
    /// value inside that counter, whose mailbox and clocks the compiler
    /// then drops.
    #[cfg(feature = "fast-perft")]
    #[inline(always)]
    pub(crate) fn from_sets(
        by_kind: [Bitboard; 6],
        by_color: [Bitboard; 2],
        castling: CastlingRights,
        side: Color,
    ) -> Board {
        Board {
            by_kind,
            by_color,
            mailbox: [None; 64],
            state: State {
                castling,
                side,
                ..State::EMPTY
            },
        }
    }

    /// The parts a move changes, for writing; the mailbox, clocks and hash
    /// are left as they are, so the board is consistent again only once
    /// the writer has put back what it changed (perft's scratch boards,
    /// which never leave the walk).
    #[inline(always)]
    pub(crate) fn fields(&mut self) -> Fields<'_> {
        Fields {
            by_kind: &mut self.by_kind,
            by_color: &mut self.by_color,
            castling: &mut self.state.castling,
            ep: &mut self.state.ep,
            side: &mut self.state.side,
        }
    }
}

impl Clone for Board {
    /// The pieces, then the state. Copied as one block of 152 bytes, the
    /// board was a call to `memcpy` in perft's copy-make; in two parts, 128
    /// and 24 bytes, both are inline.
    #[inline]
    fn clone(&self) -> Board {
        let mut board = Board {
            by_kind: self.by_kind,
            by_color: self.by_color,
            mailbox: self.mailbox,
            state: State::EMPTY,
        };
        board.state = self.state;
        board
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
        self.write_fen(f, false)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `Board("<FEN>")`: a FEN has nothing `{:?}` would escape.
        f.write_str("Board(\"")?;
        self.write_fen(f, false)?;
        f.write_str("\")")
    }
}
