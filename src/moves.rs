//! Moves and fixed-capacity move lists.

use crate::castling::{CastlingMode, CastlingSide};
use crate::geometry;
use crate::piece::PieceKind;
use crate::square::Square;
use core::fmt;

/// A move, packed in 16 bits: from-square, to-square, promotion piece and a
/// castling flag.
///
/// Castling is stored as "the king takes its own rook": `from` is the king's
/// square and `to` the castling rook's square. One encoding serves standard
/// chess and Chess960 alike. [`Display`](fmt::Display) writes standard UCI
/// (`e2e4`, `e7e8q`, castling as the king's two-square step `e1g1`);
/// [`Move::to_uci`] writes Chess960 UCI (king takes rook, `e1h1`) when asked.
///
/// Moves are plain values: a `Move` says nothing about whether it is legal on
/// a given board. Get them from [`Board::legal_moves`](crate::board::Board::legal_moves),
/// or check them with [`Board::is_legal`](crate::board::Board::is_legal).
///
/// ```
/// use magicboard::{Move, PieceKind, Square};
/// let m = Move::new(Square::E7, Square::E8, Some(PieceKind::Queen));
/// assert_eq!(m.to_string(), "e7e8q");
/// assert_eq!(Move::castle(Square::E1, Square::H1).to_string(), "e1g1");
/// assert_eq!(Move::castle(Square::E1, Square::H1).to_uci(magicboard::CastlingMode::Chess960).to_string(), "e1h1");
/// assert_eq!(core::mem::size_of::<Move>(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move(u16);

const TO_SHIFT: u32 = 6;
const PROMO_SHIFT: u32 = 12;
const CASTLE_FLAG: u16 = 1 << 15;
/// The promotion code of a pawn (never legal; see [`Move::new`]).
const PAWN_PROMOTION: u16 = 6;

impl Move {
    /// The null move (`a1a1`, printed `0000`): a placeholder, never legal.
    pub const NULL: Move = Move(0);

    /// A normal move, capture, en-passant capture or promotion.
    ///
    /// `promotion` must be a knight, bishop, rook or queen for a promotion to
    /// be legal; anything else makes a move that no board accepts.
    /// Castling is not a `Move::new`: see [`Move::castle`].
    ///
    /// ```
    /// use magicboard::{Board, Move, PieceKind, Square};
    /// let e4 = Move::new(Square::E2, Square::E4, None);
    /// assert_eq!(e4.to_string(), "e2e4");
    /// assert!(Board::startpos().is_legal(e4));
    ///
    /// let board = Board::from_fen("8/1P2k3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// assert!(board.is_legal(Move::new(Square::B7, Square::B8, Some(PieceKind::Knight))));
    /// // A promotion must name its piece, and a pawn cannot promote to a king.
    /// assert!(!board.is_legal(Move::new(Square::B7, Square::B8, None)));
    /// assert!(!board.is_legal(Move::new(Square::B7, Square::B8, Some(PieceKind::King))));
    /// ```
    #[inline(always)]
    pub const fn new(from: Square, to: Square, promotion: Option<PieceKind>) -> Move {
        let promo = match promotion {
            // Pawn has index 0, which means "no promotion": give it a code
            // of its own so that the move stays distinct (and illegal).
            Some(PieceKind::Pawn) => PAWN_PROMOTION,
            Some(kind) => kind as u16,
            None => 0,
        };
        Move(from.index() as u16 | (to.index() as u16) << TO_SHIFT | promo << PROMO_SHIFT)
    }

    /// A castling move: the king on `king` castles with the rook on `rook`
    /// ("king takes own rook", one encoding for standard chess and Chess960).
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let short = Move::castle(Square::E1, Square::H1);
    /// assert!(board.is_legal(short));
    /// assert_eq!(short.to_string(), "e1g1");
    /// // The king's two-square step is not castling: no king moves that way.
    /// assert!(!board.is_legal(Move::new(Square::E1, Square::G1, None)));
    ///
    /// let after = board.play(short).unwrap();
    /// assert_eq!(after.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    /// ```
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move(king.index() as u16 | (rook.index() as u16) << TO_SHIFT | CASTLE_FLAG)
    }

    /// The square the moving piece leaves (the king's square when castling).
    ///
    /// ```
    /// use magicboard::{Move, Square};
    /// assert_eq!(Move::new(Square::G1, Square::F3, None).from(), Square::G1);
    /// assert_eq!(Move::castle(Square::E8, Square::A8).from(), Square::E8);
    /// ```
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index_masked(self.0 as u32)
    }

    /// The destination square; for castling, the castling rook's square
    /// (see [`Move::king_destination`] for where the king goes).
    ///
    /// ```
    /// use magicboard::{Move, Square};
    /// assert_eq!(Move::new(Square::G1, Square::F3, None).to(), Square::F3);
    /// assert_eq!(Move::castle(Square::E8, Square::A8).to(), Square::A8);
    /// ```
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_masked((self.0 >> TO_SHIFT) as u32)
    }

    /// The piece a pawn promotes to, if this is a promotion.
    ///
    /// ```
    /// use magicboard::{Board, PieceKind};
    /// let board = Board::from_fen("8/1P2k3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(board.parse_uci("b7b8q").unwrap().promotion(), Some(PieceKind::Queen));
    /// assert_eq!(board.parse_uci("e1d2").unwrap().promotion(), None);
    /// // Four promotions from b7, and five king moves.
    /// let promotions = board.legal_moves().iter().filter(|mv| mv.promotion().is_some()).count();
    /// assert_eq!(promotions, 4);
    /// assert_eq!(board.legal_moves().len(), 9);
    /// ```
    #[inline(always)]
    pub const fn promotion(self) -> Option<PieceKind> {
        match (self.0 >> PROMO_SHIFT) & 7 {
            0 => None,
            PAWN_PROMOTION => Some(PieceKind::Pawn),
            k => PieceKind::from_index(k as usize),
        }
    }

    /// True for promotions ([`Move::promotion`] is `Some`).
    ///
    /// ```
    /// use magicboard::{Move, PieceKind, Square};
    /// assert!(Move::new(Square::B7, Square::B8, Some(PieceKind::Knight)).is_promotion());
    /// assert!(!Move::new(Square::B6, Square::B7, None).is_promotion());
    /// ```
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.promotion().is_some()
    }

    /// True for castling moves.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// assert!(board.parse_uci("e1c1").unwrap().is_castle());
    /// assert!(!board.parse_uci("e1d1").unwrap().is_castle());
    /// // Both castlings, among 26 legal moves (5 king steps, 10 + 9 rook moves).
    /// assert_eq!(board.legal_moves().iter().filter(|mv| mv.is_castle()).count(), 2);
    /// assert_eq!(board.legal_moves().len(), 26);
    /// ```
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.0 & CASTLE_FLAG != 0
    }

    /// The square the king ends on: `to()` for every move but castling,
    /// where it is the g- or c-file square of the king's rank.
    ///
    /// ```
    /// use magicboard::{Move, Square};
    /// assert_eq!(Move::castle(Square::E1, Square::H1).king_destination(), Square::G1);
    /// assert_eq!(Move::castle(Square::E8, Square::A8).king_destination(), Square::C8);
    /// // Chess960: king b1, rook a1; the king still ends on c1.
    /// assert_eq!(Move::castle(Square::B1, Square::A1).king_destination(), Square::C1);
    /// assert_eq!(Move::new(Square::E1, Square::F2, None).king_destination(), Square::F2);
    /// ```
    #[inline]
    pub const fn king_destination(self) -> Square {
        if self.is_castle() {
            self.castle_destinations().0
        } else {
            self.to()
        }
    }

    /// For a castling move (the king taking its own rook), the side it
    /// castles on; `None` for every other move.
    ///
    /// ```
    /// use magicboard::{CastlingSide, Move, Square};
    /// assert_eq!(Move::castle(Square::E1, Square::H1).castling_side(), Some(CastlingSide::KingSide));
    /// assert_eq!(Move::castle(Square::B8, Square::A8).castling_side(), Some(CastlingSide::QueenSide));
    /// assert_eq!(Move::new(Square::E1, Square::G1, None).castling_side(), None);
    /// ```
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        if self.is_castle() {
            Some(CastlingSide::of(self.from(), self.to()))
        } else {
            None
        }
    }

    /// The kind of piece that stands on the to-square after this move, when
    /// it moves a piece of kind `moved`: the promotion piece for a pawn's
    /// promotion, else `moved` (a promotion field on another piece's move
    /// means nothing). The one statement of that rule.
    ///
    /// ```
    /// use magicboard::{Move, PieceKind, Square};
    /// let promote = Move::new(Square::A7, Square::A8, Some(PieceKind::Knight));
    /// assert_eq!(promote.placed_kind(PieceKind::Pawn), PieceKind::Knight);
    /// assert_eq!(Move::new(Square::G1, Square::F3, None).placed_kind(PieceKind::Knight), PieceKind::Knight);
    /// ```
    #[inline(always)]
    pub const fn placed_kind(self, moved: PieceKind) -> PieceKind {
        match self.promotion() {
            Some(promotion) if matches!(moved, PieceKind::Pawn) => promotion,
            _ => moved,
        }
    }

    /// True when this move, moving a piece of kind `moved`, is a pawn's
    /// double step (two ranks straight ahead from its first rank).
    ///
    /// ```
    /// use magicboard::{Move, PieceKind, Square};
    /// assert!(Move::new(Square::E2, Square::E4, None).is_double_push(PieceKind::Pawn));
    /// assert!(!Move::new(Square::E2, Square::E3, None).is_double_push(PieceKind::Pawn));
    /// assert!(!Move::new(Square::E1, Square::E3, None).is_double_push(PieceKind::Rook));
    /// ```
    #[inline(always)]
    pub const fn is_double_push(self, moved: PieceKind) -> bool {
        matches!(moved, PieceKind::Pawn) && self.to().index().abs_diff(self.from().index()) == 16
    }

    /// For a castling move, where the king and the rook end up: the g- and
    /// f-file squares (king side) or the c- and d-file squares (queen side)
    /// of the king's rank, from the same statement as
    /// [`Move::castling_side`].
    #[inline]
    pub(crate) const fn castle_destinations(self) -> (Square, Square) {
        let (king, rook) = geometry::castling_destinations(self.from().index(), self.to().index());
        (
            Square::from_index_masked(king as u32),
            Square::from_index_masked(rook as u32),
        )
    }

    /// The move as UCI text. In [`CastlingMode::Chess960`], castling is
    /// written as the king taking its rook (`e1h1`), as UCI engines in
    /// Chess960 mode expect; in [`CastlingMode::Standard`] as the king's
    /// destination (`e1g1`), like `Display`.
    /// [`Board::uci`](crate::board::Board::uci) picks the board's own mode.
    ///
    /// ```
    /// use magicboard::{CastlingMode, Move, Square};
    /// let castle = Move::castle(Square::E8, Square::A8);
    /// assert_eq!(castle.to_uci(CastlingMode::Standard).to_string(), "e8c8");
    /// assert_eq!(castle.to_uci(CastlingMode::Chess960).to_string(), "e8a8");
    /// ```
    pub const fn to_uci(self, mode: CastlingMode) -> Uci {
        Uci { mv: self, mode }
    }

    /// The raw 16-bit encoding: bits 0-5 from, 6-11 to, 12-14 promotion
    /// piece index (0 for none, 6 for a pawn), bit 15 castling. Stable within a major
    /// version, for transposition tables.
    ///
    /// ```
    /// use magicboard::{Move, PieceKind, Square};
    /// let mv = Move::new(Square::E7, Square::E8, Some(PieceKind::Queen));
    /// assert_eq!(mv.to_bits(), 52 | 60 << 6 | 4 << 12);
    /// assert_eq!(Move::from_bits(mv.to_bits()), mv);
    /// assert_eq!(Move::castle(Square::E1, Square::H1).to_bits(), 4 | 7 << 6 | 1 << 15);
    /// ```
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The move with a raw encoding from [`Move::to_bits`]. Any value gives
    /// some move; check it with [`Board::is_legal`](crate::board::Board::is_legal)
    /// before playing it.
    ///
    /// ```
    /// use magicboard::{Board, Move};
    /// let board = Board::startpos();
    /// for mv in board.legal_moves() {
    ///     assert_eq!(Move::from_bits(mv.to_bits()), mv);
    /// }
    /// // A value from a hash table may be stale: test it before playing it.
    /// let stored = Move::from_bits(0xffff);
    /// assert!(!board.is_legal(stored));
    /// ```
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

/// A move formatted as UCI text; see [`Move::to_uci`].
#[derive(Clone, Copy, Debug)]
pub struct Uci {
    mv: Move,
    mode: CastlingMode,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = self.mv;
        if mv == Move::NULL {
            return f.write_str("0000");
        }
        let to = if self.mode.is_chess960() {
            mv.to()
        } else {
            mv.king_destination()
        };
        write!(f, "{}{}", mv.from(), to)?;
        if let Some(p) = mv.promotion() {
            write!(f, "{}", p.to_char())?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_uci(CastlingMode::Standard), f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_castle() {
            write!(f, "Move({}{} castle)", self.from(), self.to())
        } else {
            write!(f, "Move({self})")
        }
    }
}

/// Capacity of a [`MoveList`]: more than the 218 legal moves of the richest
/// known position.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack, with room for [`MAX_MOVES`] moves. Move
/// generation fills it without allocating.
///
/// It dereferences to a slice, so `len`, `iter`, `contains`, indexing and
/// sorting all work as on `[Move]`.
///
/// ```
/// use magicboard::Board;
/// let moves = Board::startpos().legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.iter().any(|m| m.to_string() == "e2e4"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    ///
    /// ```
    /// use magicboard::MoveList;
    /// let list = MoveList::new();
    /// assert!(list.is_empty());
    /// assert_eq!(list, MoveList::default());
    /// ```
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. A full list ignores further moves (generation never
    /// produces more than [`MAX_MOVES`] for a position `Board` accepts);
    /// debug builds of this crate assert instead, to catch the mistake.
    ///
    /// ```
    /// use magicboard::{Move, MoveList, Square};
    /// let mut list = MoveList::new();
    /// list.push(Move::new(Square::E2, Square::E4, None));
    /// list.push(Move::new(Square::D2, Square::D4, None));
    /// assert_eq!(list.len(), 2);
    /// assert_eq!(list[1].to_string(), "d2d4");
    /// ```
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        debug_assert!(self.len < MAX_MOVES, "MoveList overflow");
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// Removes every move, keeping the list for reuse.
    ///
    /// ```
    /// use magicboard::Board;
    /// let mut moves = Board::startpos().legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// moves.clear();
    /// assert!(moves.is_empty());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` returns true, in order.
    ///
    /// ```
    /// use magicboard::Board;
    /// let mut moves = Board::startpos().legal_moves();
    /// moves.retain(|mv| mv.to().rank() == magicboard::Rank::Fourth);
    /// assert_eq!(moves.len(), 8);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// The moves as a slice (the list also dereferences to it).
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// // White's king on h1 has one legal move: the rook covers g1 and g2.
    /// let board = Board::from_fen("k5r1/8/8/8/8/8/8/7K w - - 0 1").unwrap();
    /// let moves = board.legal_moves();
    /// assert_eq!(moves.as_slice(), &[Move::new(Square::H1, Square::H2, None)]);
    /// ```
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for sorting, say).
    ///
    /// ```
    /// use magicboard::Board;
    /// let mut moves = Board::startpos().legal_moves();
    /// moves.as_mut_slice().sort_by_key(|mv| mv.to_string());
    /// assert_eq!(moves[0].to_string(), "a2a3");
    /// assert_eq!(moves[19].to_string(), "h2h4");
    /// ```
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(iter);
        list
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The owning iterator of a [`MoveList`].
#[derive(Clone)]
pub struct MoveListIntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let mv = self.list.as_slice().get(self.next).copied();
        self.next += 1;
        mv
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.len.saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;
    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter {
            list: self,
            next: 0,
        }
    }
}

/// Why a move was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move in UCI notation (`e2e4`, `e7e8q`, `0000`).
    BadUci,
    /// The move is well-formed but not legal on this board.
    Illegal,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::BadUci => "not a UCI move (expected e.g. e2e4 or e7e8q)",
            MoveError::Illegal => "illegal move in this position",
        })
    }
}

impl core::error::Error for MoveError {}
