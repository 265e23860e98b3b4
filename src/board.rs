//! The position: where the pieces stand, whose move it is, castling rights,
//! the en-passant square, the clocks and the Zobrist hash.
//!
//! A [`Board`] is always a valid position: the only ways to build one are
//! [`Board::startpos`], the checked FEN parsers and playing moves, so move
//! generation never meets a board without kings or with pawns on the back
//! rank. Parsing and printing FEN live in [`crate::fen`].
//!
//! The en-passant square is kept only when a pawn of the side to move stands
//! beside the pawn that just advanced two squares (the capture is then at
//! least pseudo-legal). This is Polyglot's rule for hashing, so boards that
//! are the same position compare equal and hash alike whatever FEN they came
//! from.

use crate::attacks;
use crate::zobrist;
use crate::{Bitboard, CastlingRights, CastlingSide, Color, File, Piece, PieceKind, Rank, Square};
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
    pub(crate) by_kind: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) mailbox: [Option<PieceKind>; 64],
    pub(crate) castling: CastlingRights,
    pub(crate) side: Color,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    pub(crate) chess960: bool,
}

impl Board {
    /// The standard starting position.
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
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Every piece of `kind`, both colours.
    #[inline(always)]
    pub fn pieces(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Every piece of `color`.
    #[inline(always)]
    pub fn colored(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The pieces of `color` and `kind`.
    #[inline(always)]
    pub fn colored_pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The piece on `sq`, if any.
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
    #[inline(always)]
    pub fn kind_on(&self, sq: Square) -> Option<PieceKind> {
        self.mailbox[sq.index()]
    }

    /// The square of `color`'s king.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        let kings = self.colored_pieces(color, PieceKind::King);
        Square::from_index_masked(kings.0.trailing_zeros())
    }

    /// The castling rights.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant target square (the square a pawn skipped with its
    /// double step), kept only when a pawn of the side to move stands beside
    /// the double-stepped pawn; see the [module documentation](self).
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.ep
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and increasing after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// True when the board plays Chess960 castling: it was parsed as a
    /// Chess960 position or its castling rights are not the standard ones.
    /// Affects UCI castling notation and the FEN castling field.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The Polyglot-compatible Zobrist hash, kept up to date incrementally by
    /// [`Board::make_move`]. See [`crate::zobrist`].
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch from the pieces and state.
    /// Always equal to [`Board::hash`]; it exists so that tests can check
    /// the incremental updates.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for sq in self.occupied() {
            if let Some(p) = self.piece_on(sq) {
                hash ^= zobrist::piece_key(p.color, p.kind, sq);
            }
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.castling.has(color, side) {
                    hash ^= zobrist::castling_key(color, side);
                }
            }
        }
        if let Some(ep) = self.ep {
            hash ^= zobrist::en_passant_key(ep.file());
        }
        if self.side == Color::White {
            hash ^= zobrist::WHITE_TO_MOVE_KEY;
        }
        hash
    }

    // ----- attacks ---------------------------------------------------------

    /// Pieces of `by` that attack `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub(crate) fn attackers_with(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.colored(by);
        let queens = self.pieces(PieceKind::Queen);
        let diagonal = (self.pieces(PieceKind::Bishop) | queens) & theirs;
        let straight = (self.pieces(PieceKind::Rook) | queens) & theirs;
        (attacks::pawn_attacks(!by, sq) & self.pieces(PieceKind::Pawn) & theirs)
            | (attacks::knight_attacks(sq) & self.pieces(PieceKind::Knight) & theirs)
            | (attacks::king_attacks(sq) & self.pieces(PieceKind::King) & theirs)
            | (attacks::bishop_attacks(sq, occupied) & diagonal)
            | (attacks::rook_attacks(sq, occupied) & straight)
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
    #[inline]
    pub fn is_square_attacked(&self, sq: Square, by: Color) -> bool {
        !self.attackers_to(sq, by).is_empty()
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king(self.side), !self.side)
    }

    /// True when the side to move is in check.
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
        let queens = self.pieces(PieceKind::Queen);
        let straight = (self.pieces(PieceKind::Rook) | queens) & theirs & attacks::rook_rays(king);
        let diagonal =
            (self.pieces(PieceKind::Bishop) | queens) & theirs & attacks::bishop_rays(king);
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

    // ----- piece placement (keeps bitboards, mailbox and hash in step) -----

    #[inline(always)]
    pub(crate) fn put_piece(&mut self, color: Color, kind: PieceKind, sq: Square) {
        self.put_piece_unhashed(color, kind, sq);
        self.hash ^= zobrist::piece_key(color, kind, sq);
    }

    // The `_unhashed` forms leave the hash alone: unmake restores it whole,
    // and perft's make does not keep it.

    #[inline(always)]
    pub(crate) fn put_piece_unhashed(&mut self, color: Color, kind: PieceKind, sq: Square) {
        let bb = sq.bitboard();
        self.by_kind[kind.index()] |= bb;
        self.by_color[color.index()] |= bb;
        self.mailbox[sq.index()] = Some(kind);
    }

    #[inline(always)]
    pub(crate) fn remove_piece_unhashed(&mut self, color: Color, kind: PieceKind, sq: Square) {
        let bb = sq.bitboard();
        self.by_kind[kind.index()] &= !bb;
        self.by_color[color.index()] &= !bb;
        self.mailbox[sq.index()] = None;
    }

    #[inline(always)]
    pub(crate) fn move_piece_unhashed(
        &mut self,
        color: Color,
        kind: PieceKind,
        from: Square,
        to: Square,
    ) {
        let bb = from.bitboard() | to.bitboard();
        self.by_kind[kind.index()] ^= bb;
        self.by_color[color.index()] ^= bb;
        self.mailbox[from.index()] = None;
        self.mailbox[to.index()] = Some(kind);
    }

    /// Checks every invariant the rest of the crate relies on: bitboards
    /// disjoint and agreeing with the mailbox, one king per side, the hash
    /// equal to a fresh computation. Used by debug assertions and tests.
    pub fn is_consistent(&self) -> bool {
        let mut union = Bitboard::EMPTY;
        for (i, bb) in self.by_kind.iter().enumerate() {
            if !(union & *bb).is_empty() {
                return false;
            }
            union |= *bb;
            for sq in *bb {
                if self.mailbox[sq.index()] != PieceKind::from_index(i) {
                    return false;
                }
            }
        }
        let colors = self.by_color[0] | self.by_color[1];
        (self.by_color[0] & self.by_color[1]).is_empty()
            && union == colors
            && (0..64).all(|i| self.mailbox[i].is_some() == (union.0 >> i & 1 != 0))
            && self.colored_pieces(Color::White, PieceKind::King).count() == 1
            && self.colored_pieces(Color::Black, PieceKind::King).count() == 1
            && self.hash == self.hash_from_scratch()
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
