//! The fast legal-move generator: legal moves directly from a check mask
//! (when in check, only moves that capture the checker or block it), pin
//! lines (a pinned piece moves only along the line to its king) and the
//! squares the opponent attacks with the king lifted off the board (for
//! king moves). Only en passant, which can uncover a rank attack on the
//! king by removing two pawns at once, is checked by recomputing slider
//! attacks on the king.
//!
//! One generator serves every request: a [`Stage`] (everything, the noisy
//! moves of quiescence search, or the quiet rest) chosen at compile time,
//! and from/to masks. Perft asks for everything with full masks, which
//! fold away. The side to move is a run-time value (its pawn geometry, a
//! [`PawnDir`], comes from a table), so one copy serves both sides; only
//! perft's leaf counter and the search's callback forms
//! (`for_each_capture`, `for_each_quiet`) ask for a copy per colour
//! ([`Board::generate_per_colour`]), and the counter one per castling
//! case too ([`Castling`]).

use super::sink::{Any, Counter, ForEach, Sink};
use crate::attacks::{
    Native, Sliders, between, bishop_rays, castling_squares, king_attacks, knight_attacks, line,
    pawn_attacks, rook_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::castling::CastlingSide;
use crate::castling::back_rank;
use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::square::{Rank, Square};

/// Which moves a generation produces (a const parameter, so each is its
/// own specialised copy of the generator).
pub(crate) type Stage = u8;
/// Every legal move.
pub(crate) const ALL: Stage = 0;
/// Captures (en passant included) and promotions: quiescence search's moves.
pub(crate) const NOISY: Stage = 1;
/// Every other legal move: non-capturing, non-promoting moves and castling.
pub(crate) const QUIET: Stage = 2;

/// The castling case of a position, for a generator compiled once per
/// case (a const parameter): perft's walk knows it for a whole subtree,
/// and its leaf counter then skips the general case. Every other caller
/// asks for [`ANY_CASTLING`].
pub(crate) type Castling = u8;
/// Any rights, on any files (Chess960 included): each right's squares
/// read from tables, and the x-ray test of a rook shielding its king.
pub(crate) const ANY_CASTLING: Castling = 0;
/// Only rights standard chess can have ([`Board::castling_is_standard`]:
/// a king with a right on the e-file, its rooks on the a- and h-files),
/// or none: constant squares, and no x-ray test (nothing stands beyond a
/// corner rook). A position's moves keep this true of every position
/// below it: rights are only ever lost, and a king that moves loses its
/// own.
pub(crate) const STANDARD_CASTLING: Castling = 1;
/// No castling right for either side (so none below either): no castling
/// code at all.
pub(crate) const NO_CASTLING: Castling = 2;

/// Up to how many squares perft's leaf counter (the castling cases other
/// than [`ANY_CASTLING`]) tests one by one for the king's moves and
/// castling (`Board::attacked_among`), and only when they are fewer than
/// the enemy pieces the whole attack map would look up (its knights and
/// sliders); otherwise it builds the map. The tests' branches and lookups
/// depend on each square, which costs time the instruction counts do not
/// show, so the bound is small, chosen by time rather than instructions;
/// without the second condition, endgames with few enemy pieces (CPW
/// position 3) would test their king's squares one by one at most nodes,
/// slower than the map. The other callers keep the map. The figures behind
/// each choice: docs/performance.md, "Decisions that shaped the code".
const ASKED_ONE_BY_ONE: u32 = 2;

/// Standard chess's castlings, by colour and side ([`CastlingSide::index`]):
/// the squares that must be empty, the king's squares that must not be
/// attacked, and the rook's square (the move's destination). The same as
/// `castling_squares` gives for these files (a unit test checks).
pub(super) const STANDARD_CASTLES: [[(Bitboard, Bitboard, Square); 2]; 2] = {
    const fn squares(list: &[Square]) -> Bitboard {
        let mut set = 0;
        let mut i = 0;
        while i < list.len() {
            set |= 1 << list[i].index();
            i += 1;
        }
        Bitboard(set)
    }
    use Square as S;
    [
        [
            (
                squares(&[S::F1, S::G1]),
                squares(&[S::E1, S::F1, S::G1]),
                S::H1,
            ),
            (
                squares(&[S::B1, S::C1, S::D1]),
                squares(&[S::C1, S::D1, S::E1]),
                S::A1,
            ),
        ],
        [
            (
                squares(&[S::F8, S::G8]),
                squares(&[S::E8, S::F8, S::G8]),
                S::H8,
            ),
            (
                squares(&[S::B8, S::C8, S::D8]),
                squares(&[S::C8, S::D8, S::E8]),
                S::A8,
            ),
        ],
    ]
};

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// Pawn geometry for one colour, picked at run time from a two-entry table
/// (so one copy of the generator serves both sides). A push is
/// `(b << left) >> right`: (8, 0) for White, (0, 8) for Black, with plain
/// shifts (no rotates), so pawns of a garbage-but-consistent board on their
/// last rank drop off the board exactly as with constant shifts.
#[derive(Clone, Copy)]
struct PawnDir {
    color: Color,
    left: u32,
    right: u32,
    /// Index step of a single push.
    push: i32,
    /// Ranks a single push lands on when the pawn may then push again: the
    /// third (from the second rank) and, on a lenient board, the second
    /// (from the first rank, as python-chess moves such a pawn). A legal
    /// position has no pawn on the first rank, so the mask costs nothing
    /// there.
    double_rank: u64,
    /// Rank where pawns promote.
    promo_rank: u64,
}

const PAWN_DIRS: [PawnDir; 2] = [
    PawnDir {
        color: Color::White,
        left: 8,
        right: 0,
        push: 8,
        double_rank: 0xffff << 8,
        promo_rank: 0xff << 56,
    },
    PawnDir {
        color: Color::Black,
        left: 0,
        right: 8,
        push: -8,
        double_rank: 0xffff << 40,
        promo_rank: 0xff,
    },
];

impl PawnDir {
    #[inline(always)]
    fn of(color: Color) -> PawnDir {
        PAWN_DIRS[color.index()]
    }
    #[inline(always)]
    fn push(self, b: u64) -> u64 {
        (b << self.left) >> self.right
    }
    /// Captures towards the a-file of the pawns whose pushes are
    /// `pushed` (`push(pawns)`, not masked by occupancy): one file west,
    /// dropping what wraps onto the h-file. Same bits as `(pawns &
    /// !FILE_A) << 7` for White and `>> 9` for Black.
    #[inline(always)]
    fn west(pushed: u64) -> u64 {
        (pushed >> 1) & NOT_FILE_H
    }
    /// Index step of a capture towards the a-file.
    #[inline(always)]
    fn west_delta(self) -> i32 {
        self.push - 1
    }
    /// Captures towards the h-file (see [`PawnDir::west`]).
    #[inline(always)]
    fn east(pushed: u64) -> u64 {
        (pushed << 1) & NOT_FILE_A
    }
    /// Index step of a capture towards the h-file.
    #[inline(always)]
    fn east_delta(self) -> i32 {
        self.push + 1
    }
}

/// Pushes, double pushes, captures and promotions of `pawns` that belong
/// to `STAGE`, restricted to destinations in `allowed`. En passant is
/// handled by the caller.
#[inline(always)]
fn pawn_moves<S: Sink, const STAGE: Stage>(
    d: PawnDir,
    sink: &mut S,
    pawns: Bitboard,
    occupied: Bitboard,
    theirs: Bitboard,
    allowed: Bitboard,
) {
    let empty = !occupied.0;
    let pushed = d.push(pawns.0);
    let single = pushed & empty;
    let promo = d.promo_rank;
    if STAGE != NOISY {
        let double = d.push(single & d.double_rank) & empty & allowed.0;
        sink.pawns(Bitboard(single & allowed.0 & !promo), d.push);
        sink.pawns(Bitboard(double), 2 * d.push);
    }
    if STAGE == QUIET {
        return;
    }
    let single = single & allowed.0;
    let west = PawnDir::west(pushed) & theirs.0 & allowed.0;
    let east = PawnDir::east(pushed) & theirs.0 & allowed.0;
    sink.pawns(Bitboard(west & !promo), d.west_delta());
    sink.pawns(Bitboard(east & !promo), d.east_delta());
    if (single | west | east) & promo != 0 {
        sink.promotions(Bitboard(single & promo), d.push);
        sink.promotions(Bitboard(west & promo), d.west_delta());
        sink.promotions(Bitboard(east & promo), d.east_delta());
    }
}

/// What `Board::generate_for`'s steps read of the position: the sides'
/// pieces, both kings' squares, the pinned pieces of the side to move,
/// and the squares moves may start from.
struct Pieces {
    ours: Bitboard,
    theirs: Bitboard,
    occupied: Bitboard,
    king: Square,
    /// The other side's king, when the caller had it (else read where
    /// needed: [`Board::their_king`]).
    their_king: Option<Square>,
    pinned: Bitboard,
    from_mask: Bitboard,
}

/// # Legal moves
///
/// Every generator here produces legal moves directly (from a check mask,
/// pin lines and the squares the opponent attacks), into a fixed-capacity
/// [`MoveList`] on the stack or a callback: nothing allocates. What an
/// engine asks for is generated directly too, not filtered from the full
/// list: [`Board::captures`] (captures, en passant included, and every
/// promotion: the moves of quiescence search) and [`Board::quiets`] (the
/// others); [`Board::legal_moves_masked`] (from some squares to some
/// squares); and the `for_each_` forms, callbacks that stop when asked.
impl Board {
    /// The legal moves of the side to move.
    ///
    /// ```
    /// use magicboard::Board;
    /// // A king in check from a rook on the e-file; the knight can only block on e2.
    /// let board = Board::from_fen("4r1k1/8/8/8/8/8/8/2N1K3 w - - 0 1").unwrap();
    /// let mut moves: Vec<String> = board.legal_moves().iter().map(|m| m.to_string()).collect();
    /// moves.sort();
    /// assert_eq!(moves, ["c1e2", "e1d1", "e1d2", "e1f1", "e1f2"]);
    /// ```
    #[doc(alias = "generate_moves")]
    #[doc(alias = "generate_legal_moves")]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// The number of legal moves, counted without building them.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::startpos();
    /// assert_eq!(board.count_legal_moves(), 20);
    /// assert_eq!(board.count_legal_moves(), board.legal_moves().len() as u64);
    /// ```
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate_legal(&mut counter);
        counter.0
    }

    /// The legal moves whose from-square is in `from` and whose to-square
    /// is in `to` ([`Move::to`]: for castling, the rook's square, as
    /// castling is encoded king-takes-rook). Generated directly: pieces
    /// outside `from` are not looked at, destinations outside `to` not
    /// produced.
    ///
    /// ```
    /// use magicboard::{Board, Square};
    /// let start = Board::startpos();
    /// // The knight on g1's moves, and the moves onto e4.
    /// let knight = start.legal_moves_masked(Square::G1.bitboard(), magicboard::Bitboard::FULL);
    /// assert_eq!(knight.len(), 2);
    /// let onto_e4 = start.legal_moves_masked(magicboard::Bitboard::FULL, Square::E4.bitboard());
    /// assert_eq!(onto_e4.len(), 1);
    /// ```
    pub fn legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, ALL>(&mut list, from, to);
        list
    }

    /// Every legal capture (en passant included; castling, encoded
    /// king-takes-rook, is not one) and every promotion, capturing or not:
    /// the "noisy" moves of quiescence search. With [`Board::quiets`] they
    /// make up [`Board::legal_moves`], with no move in both.
    ///
    /// ```
    /// use magicboard::{Board, PieceKind};
    /// // White: Nc3 can take on d5, e4xd5, e4xf5, and b7 promotes 4 ways on b8.
    /// let board = Board::from_fen("4k3/1P6/8/3p1p2/4P3/2N5/8/4K3 w - - 0 1").unwrap();
    /// let noisy = board.captures();
    /// assert_eq!(noisy.len(), 3 + 4);
    /// assert!(noisy.iter().all(|&mv| board.is_capture(mv) || mv.is_promotion()));
    /// assert_eq!(noisy.len() + board.quiets().len(), board.legal_moves().len());
    /// ```
    pub fn captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, NOISY>(&mut list, Bitboard::FULL, Bitboard::FULL);
        list
    }

    /// Every legal move that is neither a capture nor a promotion: quiet
    /// piece and pawn moves and castling. See [`Board::captures`].
    ///
    /// ```
    /// use magicboard::Board;
    /// let start = Board::startpos();
    /// assert_eq!(start.quiets().len(), 20);
    /// assert!(start.captures().is_empty());
    /// // Kiwipete: 48 legal moves, 8 of them captures (CPW "Perft Results").
    /// let kiwipete = Board::from_fen(
    ///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    /// ).unwrap();
    /// assert_eq!(kiwipete.captures().len(), 8);
    /// assert_eq!(kiwipete.quiets().len(), 40);
    /// ```
    pub fn quiets(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, QUIET>(&mut list, Bitboard::FULL, Bitboard::FULL);
        list
    }

    /// Calls `f` on each legal move, in generation order, until `f` returns
    /// `false`. Returns `false` when `f` stopped it, `true` when every move
    /// was visited. Nothing is allocated, and generation itself stops soon
    /// after `f` does.
    ///
    /// ```
    /// use magicboard::Board;
    /// let start = Board::startpos();
    /// let mut seen = 0;
    /// assert!(start.for_each_legal(|_| { seen += 1; true }));
    /// assert_eq!(seen, 20);
    /// // Stop at the first knight move.
    /// let mut first = None;
    /// let finished = start.for_each_legal(|mv| {
    ///     if start.moved(mv) == Some(magicboard::PieceKind::Knight) {
    ///         first = Some(mv);
    ///         return false;
    ///     }
    ///     true
    /// });
    /// assert!(!finished && first.is_some());
    /// ```
    pub fn for_each_legal(&self, f: impl FnMut(Move) -> bool) -> bool {
        let mut each = ForEach { f, stopped: false };
        self.generate_legal(&mut each);
        !each.stopped
    }

    /// [`Board::captures`] as a callback: calls `f` on each legal capture
    /// and promotion, in the order `captures` lists them, until `f`
    /// returns `false`; returns `false` when `f` stopped it. No list is
    /// built (a [`MoveList`] is 512 bytes to initialise and to return), so
    /// a search that scores moves into buffers of its own loses nothing
    /// (the list forms cost a search a large share of its instructions:
    /// docs/performance.md, "Decisions that shaped the code").
    ///
    /// ```
    /// use magicboard::Board;
    /// // Nc3xd5, e4xd5, e4xf5, and b7-b8 promoting four ways.
    /// let board = Board::from_fen("4k3/1P6/8/3p1p2/4P3/2N5/8/4K3 w - - 0 1").unwrap();
    /// let mut noisy = Vec::new();
    /// assert!(board.for_each_capture(|mv| {
    ///     noisy.push(mv);
    ///     true
    /// }));
    /// assert_eq!(noisy, board.captures().as_slice());
    /// assert_eq!(noisy.len(), 7);
    /// // Stop at the first promotion.
    /// assert!(!board.for_each_capture(|mv| !mv.is_promotion()));
    /// ```
    // Always inlined, as `for_each_quiet`: the caller's callback and the
    // generator compile as one function, at the cost of a copy of the
    // generator at each call site (measured: docs/performance.md,
    // "Decisions that shaped the code").
    #[inline(always)]
    pub fn for_each_capture(&self, f: impl FnMut(Move) -> bool) -> bool {
        let mut each = ForEach { f, stopped: false };
        self.generate_per_colour::<Native, _, NOISY, ANY_CASTLING>(&mut each);
        !each.stopped
    }

    /// [`Board::quiets`] as a callback, like [`Board::for_each_capture`]:
    /// each legal move that neither captures nor promotes (castling
    /// included), in the order `quiets` lists them, until `f` returns
    /// `false`.
    ///
    /// ```
    /// use magicboard::Board;
    /// let start = Board::startpos();
    /// let mut quiet = Vec::new();
    /// assert!(start.for_each_quiet(|mv| {
    ///     quiet.push(mv);
    ///     true
    /// }));
    /// assert_eq!(quiet, start.quiets().as_slice());
    /// assert_eq!(quiet.len(), 20);
    /// let mut calls = 0;
    /// assert!(!start.for_each_quiet(|_| {
    ///     calls += 1;
    ///     calls < 3
    /// }));
    /// assert_eq!(calls, 3);
    /// ```
    #[inline(always)]
    pub fn for_each_quiet(&self, f: impl FnMut(Move) -> bool) -> bool {
        let mut each = ForEach { f, stopped: false };
        self.generate_per_colour::<Native, _, QUIET, ANY_CASTLING>(&mut each);
        !each.stopped
    }

    /// True when the side to move has a legal move; stops at the first.
    ///
    /// ```
    /// use magicboard::Board;
    /// assert!(Board::startpos().has_legal_moves());
    /// // Stalemate: the black king on a8 has no move.
    /// let stalemate = Board::from_fen("k7/8/1Q6/8/8/8/8/7K b - - 0 1").unwrap();
    /// assert!(!stalemate.has_legal_moves());
    /// ```
    pub fn has_legal_moves(&self) -> bool {
        let mut any = Any(false);
        self.generate_legal(&mut any);
        any.0
    }
}

/// # The generator (crate-internal)
impl Board {
    /// Squares attacked by `color`'s pieces with `occupied` as blockers.
    #[inline(always)]
    pub(crate) fn attacks_by_with(&self, color: Color, occupied: Bitboard) -> Bitboard {
        self.attacks_by_with_sliders::<Native>(color, self.king(color), occupied)
    }

    /// [`Board::attacks_by_with`] with the slider lookups of `L`, `color`'s
    /// king on `king`.
    #[inline(always)]
    fn attacks_by_with_sliders<L: Sliders>(
        &self,
        color: Color,
        king: Square,
        occupied: Bitboard,
    ) -> Bitboard {
        let theirs = self.colored(color);
        let pawns = self.pieces(PieceKind::Pawn).0 & theirs.0;
        let pushed = PawnDir::of(color).push(pawns);
        let mut attacked = Bitboard(PawnDir::west(pushed) | PawnDir::east(pushed));
        for sq in self.pieces(PieceKind::Knight) & theirs {
            attacked |= knight_attacks(sq);
        }
        for sq in self.diagonal_sliders(color) {
            attacked |= L::bishop(sq, occupied);
        }
        for sq in self.straight_sliders(color) {
            attacked |= L::rook(sq, occupied);
        }
        attacked | king_attacks(king)
    }

    /// The squares of `squares` that `color`'s pieces attack with
    /// `occupied` as blockers: each square asked which pieces could reach
    /// it (steppers by table; sliders only when one of `color`'s stands on
    /// the square's lines on an empty board, usually none). Cheaper than
    /// [`Board::attacks_by_with_sliders`] for the few squares a king can
    /// step to: that map looks up every enemy piece. `color`'s king is on
    /// `king`.
    #[inline(always)]
    fn attacked_among<L: Sliders>(
        &self,
        color: Color,
        king: Square,
        squares: Bitboard,
        occupied: Bitboard,
    ) -> Bitboard {
        let theirs = self.colored(color);
        let pawns = self.pieces(PieceKind::Pawn) & theirs;
        let knights = self.pieces(PieceKind::Knight) & theirs;
        let king = king.bitboard();
        let straight = self.straight_sliders(color);
        let diagonal = self.diagonal_sliders(color);
        let mut attacked = Bitboard::EMPTY;
        for sq in squares {
            let steppers = (pawn_attacks(!color, sq) & pawns)
                | (knight_attacks(sq) & knights)
                | (king_attacks(sq) & king);
            let hit = !steppers.is_empty()
                || (!(rook_rays(sq) & straight).is_empty()
                    && !(L::rook(sq, occupied) & straight).is_empty())
                || (!(bishop_rays(sq) & diagonal).is_empty()
                    && !(L::bishop(sq, occupied) & diagonal).is_empty());
            if hit {
                attacked = attacked.with(sq);
            }
        }
        attacked
    }

    /// Every legal move into `sink` (the fast path; see the module docs).
    #[inline(always)]
    pub(crate) fn generate_legal<S: Sink>(&self, sink: &mut S) {
        self.generate_legal_with::<Native, S, ANY_CASTLING>(sink);
    }

    /// [`Board::generate_legal`] with the slider lookups of `L` (perft's
    /// BMI2 copy asks for [`crate::attacks::Pext`]) and castling found as
    /// `CASTLING` says (which must hold of this board).
    #[inline(always)]
    pub(crate) fn generate_legal_with<L: Sliders, S: Sink, const CASTLING: Castling>(
        &self,
        sink: &mut S,
    ) {
        self.generate_for::<L, S, ALL, CASTLING>(
            PawnDir::of(self.side_to_move()),
            sink,
            Bitboard::FULL,
            Bitboard::FULL,
        );
    }

    /// The legal moves of `STAGE` whose from-square is in `from_mask` and
    /// whose to-square ([`Move::to`], the rook's square for castling) is in
    /// `to_mask`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink, const STAGE: Stage>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) {
        self.generate_with::<Native, S, STAGE>(sink, from_mask, to_mask);
    }

    /// [`Board::generate`] with the slider lookups of `L`.
    #[inline(always)]
    fn generate_with<L: Sliders, S: Sink, const STAGE: Stage>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) {
        self.generate_for::<L, S, STAGE, ANY_CASTLING>(
            PawnDir::of(self.side_to_move()),
            sink,
            from_mask,
            to_mask,
        );
    }

    /// The legal moves of `STAGE` compiled once per colour: the side and
    /// its pawn geometry are constants in each copy. Twice the code, for
    /// the callers where the time goes: perft's leaf counter and the
    /// callback forms a search calls at every node (one copy for both sides
    /// measured slower in both: docs/performance.md, "Decisions that shaped
    /// the code").
    #[inline(always)]
    pub(crate) fn generate_per_colour<
        L: Sliders,
        S: Sink,
        const STAGE: Stage,
        const CASTLING: Castling,
    >(
        &self,
        sink: &mut S,
    ) {
        let (from, to) = (Bitboard::FULL, Bitboard::FULL);
        match self.side_to_move() {
            Color::White => {
                self.generate_for::<L, S, STAGE, CASTLING>(PAWN_DIRS[0], sink, from, to)
            }
            Color::Black => {
                self.generate_for::<L, S, STAGE, CASTLING>(PAWN_DIRS[1], sink, from, to)
            }
        }
    }

    /// [`Board::generate_per_colour`] for a caller that knows the side to
    /// move at compile time (`white`, a constant there), so that only its
    /// copy is compiled: perft's sets path (`src/perft/sets.rs`).
    #[cfg(feature = "fast-perft")]
    #[inline(always)]
    pub(crate) fn generate_as<L: Sliders, S: Sink, const STAGE: Stage, const CASTLING: Castling>(
        &self,
        white: bool,
        sink: &mut S,
    ) {
        let us = self.side_to_move();
        self.generate_as_from::<L, S, STAGE, CASTLING>(
            white,
            (self.king(us), self.king(!us)),
            sink,
        );
    }

    /// [`Board::generate_as`] with the kings on `kings` (the side to
    /// move's first).
    #[cfg(feature = "fast-perft")]
    #[inline(always)]
    pub(crate) fn generate_as_from<
        L: Sliders,
        S: Sink,
        const STAGE: Stage,
        const CASTLING: Castling,
    >(
        &self,
        white: bool,
        kings: (Square, Square),
        sink: &mut S,
    ) {
        debug_assert_eq!(white, self.side_to_move() == Color::White);
        let d = PAWN_DIRS[usize::from(!white)];
        let kings = (kings.0, Some(kings.1));
        self.generate_from::<L, S, STAGE, CASTLING>(d, sink, Bitboard::FULL, Bitboard::FULL, kings);
    }

    /// [`Board::generate_with`] for the side whose pawns go `d` (the side
    /// to move), castling found as `CASTLING` says: legal generation read
    /// top to bottom as the rules are, one step each (the king's moves and
    /// the squares the opponent attacks; out of double check, the other
    /// pieces, the pawns and en passant, castling). Always inlined into a
    /// copy per sink, stage, castling case and colour, steps included:
    /// they cost nothing over one body (`perft --bench`,
    /// docs/performance.md).
    #[inline(always)]
    fn generate_for<L: Sliders, S: Sink, const STAGE: Stage, const CASTLING: Castling>(
        &self,
        d: PawnDir,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
    ) {
        let kings = (self.king(d.color), None);
        self.generate_from::<L, S, STAGE, CASTLING>(d, sink, from_mask, to_mask, kings);
    }

    /// [`Board::generate_for`] with the side to move's king and (when
    /// given) the other side's on `kings`, for a caller that has their
    /// squares already.
    #[inline(always)]
    fn generate_from<L: Sliders, S: Sink, const STAGE: Stage, const CASTLING: Castling>(
        &self,
        d: PawnDir,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
        (king, their_king): (Square, Option<Square>),
    ) {
        debug_assert_eq!(king, self.king(d.color));
        debug_assert!(their_king.is_none_or(|k| k == self.king(!d.color)));
        let us = d.color;
        let ours = self.colored(us);
        let theirs = self.colored(!us);
        let occupied = ours | theirs;
        let (checkers, pinned) = self.checkers_and_pinned(us, king, occupied);
        // Where this stage's moves may go.
        let stage = match STAGE {
            NOISY => theirs,
            QUIET => !occupied,
            _ => !ours,
        } & to_mask;
        let pieces = Pieces {
            ours,
            theirs,
            occupied,
            king,
            their_king,
            pinned,
            from_mask,
        };
        let (may_castle, attacked) =
            self.king_moves::<L, S, STAGE, CASTLING>(us, sink, &pieces, checkers, stage);
        if checkers.has_more_than_one() || sink.stopped() {
            return;
        }
        // In check, other pieces must capture the checker or block its ray.
        let check_mask = match checkers.first() {
            None => Bitboard::FULL,
            Some(checker) => between(king, checker).with(checker),
        };
        if self.piece_moves::<L, S>(us, sink, &pieces, stage & check_mask) {
            return;
        }
        self.pawn_moves_of::<L, S, STAGE>(d, sink, &pieces, check_mask, to_mask);
        if may_castle {
            self.castling_moves::<S, CASTLING>(us, sink, occupied, attacked, to_mask);
        }
    }

    /// The king's moves (to `stage` squares the opponent does not attack
    /// once the king has left its square, so that it cannot step back
    /// along a checking ray), and whether it may castle, with the squares
    /// the opponent attacks that castling reads.
    ///
    /// The attack map is built only when the king has somewhere to go (or
    /// may castle: the path is checked against it too). The general case
    /// asks the whole map whenever the king may move or castle; perft's
    /// leaf counter asks only about the squares the king may step to or
    /// cross when castling, one by one when they are few (see
    /// `ASKED_ONE_BY_ONE`). The map returned is right on those squares
    /// only, all that is read of it.
    #[inline(always)]
    fn king_moves<L: Sliders, S: Sink, const STAGE: Stage, const CASTLING: Castling>(
        &self,
        us: Color,
        sink: &mut S,
        p: &Pieces,
        checkers: Bitboard,
        stage: Bitboard,
    ) -> (bool, Bitboard) {
        let them = !us;
        let (king, occupied) = (p.king, p.occupied);
        let king_moves = p.from_mask.contains(king);
        let mut king_targets = if king_moves {
            king_attacks(king) & stage
        } else {
            Bitboard::EMPTY
        };
        debug_assert!(CASTLING != STANDARD_CASTLING || self.castling_is_standard());
        debug_assert!(CASTLING != NO_CASTLING || self.castling_rights().is_empty());
        let (may_castle, attacked) = if CASTLING == ANY_CASTLING {
            let may_castle = STAGE != NOISY
                && king_moves
                && checkers.is_empty()
                && self.may_castle(us, king, occupied);
            let attacked = if king_targets.is_empty() && !may_castle {
                Bitboard::EMPTY
            } else {
                let their_king = self.their_king(p, them);
                self.attacks_by_with_sliders::<L>(them, their_king, occupied.without(king))
            };
            (may_castle, attacked)
        } else {
            let castle_path = if CASTLING == STANDARD_CASTLING
                && STAGE != NOISY
                && king_moves
                && checkers.is_empty()
            {
                self.castle_path_standard(us, occupied)
            } else {
                Bitboard::EMPTY
            };
            let asked = (king_targets | castle_path).without(king);
            (
                !castle_path.is_empty(),
                self.attacked_of::<L>(them, p, asked),
            )
        };
        king_targets &= !attacked;
        sink.piece(king, king_targets);
        (may_castle, attacked)
    }

    /// The king of the side not to move: the caller's square, or read
    /// here, only where a step needs it.
    #[inline(always)]
    fn their_king(&self, p: &Pieces, them: Color) -> Square {
        p.their_king.unwrap_or_else(|| self.king(them))
    }

    /// Which of the `asked` squares `them` attacks, the king of the other
    /// side lifted off the board: one by one reads a few tables per square;
    /// the map looks up each enemy knight and slider (the pawns are one
    /// set, the king one read). So one by one only for fewer squares than
    /// those pieces: the enemy's pieces but its pawns, less its king (the
    /// `+ 1`).
    #[inline(always)]
    fn attacked_of<L: Sliders>(&self, them: Color, p: &Pieces, asked: Bitboard) -> Bitboard {
        let occupied = p.occupied.without(p.king);
        let asked_count = asked.count();
        let pieces = (p.theirs & !self.pieces(PieceKind::Pawn)).count();
        if asked.is_empty() {
            Bitboard::EMPTY
        } else if asked_count <= ASKED_ONE_BY_ONE && asked_count + 1 < pieces {
            self.attacked_among::<L>(them, self.their_king(p, them), asked, occupied)
        } else {
            self.attacks_by_with_sliders::<L>(them, self.their_king(p, them), occupied)
        }
    }

    /// The knights' and sliders' moves to `targets` (pinned sliders along
    /// their pin, in loops of their own, so that the others need no test;
    /// pinned knights cannot move). True when the sink has stopped.
    #[inline(always)]
    fn piece_moves<L: Sliders, S: Sink>(
        &self,
        us: Color,
        sink: &mut S,
        p: &Pieces,
        targets: Bitboard,
    ) -> bool {
        for from in self.pieces(PieceKind::Knight) & p.ours & !p.pinned & p.from_mask {
            sink.piece(from, knight_attacks(from) & targets);
        }
        let diagonal = self.diagonal_sliders(us) & p.from_mask;
        for from in diagonal & !p.pinned {
            sink.piece(from, L::bishop(from, p.occupied) & targets);
        }
        for from in diagonal & p.pinned {
            sink.piece(
                from,
                L::bishop(from, p.occupied) & targets & line(p.king, from),
            );
        }
        if sink.stopped() {
            return true;
        }
        let straight = self.straight_sliders(us) & p.from_mask;
        for from in straight & !p.pinned {
            sink.piece(from, L::rook(from, p.occupied) & targets);
        }
        for from in straight & p.pinned {
            sink.piece(
                from,
                L::rook(from, p.occupied) & targets & line(p.king, from),
            );
        }
        sink.stopped()
    }

    /// The pawns' moves (pinned pawns along their pin) and en passant, to
    /// `check_mask & to_mask`.
    #[inline(always)]
    fn pawn_moves_of<L: Sliders, S: Sink, const STAGE: Stage>(
        &self,
        d: PawnDir,
        sink: &mut S,
        p: &Pieces,
        check_mask: Bitboard,
        to_mask: Bitboard,
    ) {
        let theirs = p.theirs;
        let pawns = self.pieces(PieceKind::Pawn) & p.ours & p.from_mask;
        let allowed = check_mask & to_mask;
        pawn_moves::<S, STAGE>(d, sink, pawns & !p.pinned, p.occupied, theirs, allowed);
        for from in pawns & p.pinned {
            let allowed = allowed & line(p.king, from);
            pawn_moves::<S, STAGE>(d, sink, from.bitboard(), p.occupied, theirs, allowed);
        }
        if STAGE != QUIET {
            if let Some(ep) = self.en_passant().filter(|&ep| to_mask.contains(ep)) {
                let (king, occupied, from_mask) = (p.king, p.occupied, p.from_mask);
                self.en_passant_moves::<L, S>(sink, ep, king, occupied, check_mask, from_mask);
            }
        }
    }

    /// The castling moves of `us` that land in `to_mask`, its king not in
    /// check and allowed to castle ([`Board::king_moves`]), `attacked`
    /// right on the squares its king crosses.
    #[inline(always)]
    fn castling_moves<S: Sink, const CASTLING: Castling>(
        &self,
        us: Color,
        sink: &mut S,
        occupied: Bitboard,
        attacked: Bitboard,
        to_mask: Bitboard,
    ) {
        let king = self.king(us);
        for side in CastlingSide::ALL {
            let mv = if CASTLING == STANDARD_CASTLING {
                self.standard_castling_move(us, king, side, occupied, attacked)
            } else {
                self.castling_move(side, occupied, Some(attacked))
            };
            if let Some(mv) = mv {
                if to_mask.contains(mv.to()) {
                    sink.single(mv);
                }
            }
        }
    }

    /// The king's squares (its own, the one it crosses and its
    /// destination) of each castling `color` may make now as far as its
    /// rights and the empty squares go, on a board whose rights are
    /// standard (see [`STANDARD_CASTLING`]); empty when it may not castle.
    /// A right whose path is blocked needs no square tested for attacks
    /// (often the case with pieces still home).
    #[inline(always)]
    fn castle_path_standard(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let mut path = Bitboard::EMPTY;
        for side in CastlingSide::ALL {
            let (must_be_empty, king_squares, _) = STANDARD_CASTLES[color.index()][side.index()];
            if self.castling_rights().has(color, side) && (must_be_empty & occupied).is_empty() {
                path |= king_squares;
            }
        }
        path
    }

    /// [`Board::castling_move`] for a board whose rights are standard (see
    /// [`STANDARD_CASTLING`]), `us` to move, its king on `king` (not in
    /// check), `attacked` the squares the opponent attacks with the king
    /// lifted off the board: right on the squares the king crosses and
    /// lands on, whatever it holds elsewhere.
    #[inline(always)]
    fn standard_castling_move(
        &self,
        us: Color,
        king: Square,
        side: CastlingSide,
        occupied: Bitboard,
        attacked: Bitboard,
    ) -> Option<Move> {
        let (must_be_empty, king_squares, rook) = STANDARD_CASTLES[us.index()][side.index()];
        let may = self.castling_rights().has(us, side)
            && (must_be_empty & occupied).is_empty()
            && (king_squares & attacked).is_empty();
        may.then(|| Move::castle(king, rook))
    }

    /// True when `color` still has a castling right whose path (the squares
    /// king and rook cross or land on) is empty.
    #[inline(always)]
    fn may_castle(&self, color: Color, king: Square, occupied: Bitboard) -> bool {
        // A right whose path is blocked cannot castle now: no need for the
        // opponent's attack map (often the case with pieces still home).
        CastlingSide::ALL.into_iter().any(|side| {
            self.castling_rights()
                .rook_file(color, side)
                .is_some_and(|rook_file| {
                    let (must_be_empty, _) = castling_squares(color, king.file(), rook_file);
                    (must_be_empty & occupied).is_empty()
                })
        })
    }

    /// En-passant captures onto `ep` by pawns in `from`, each verified by
    /// recomputing the slider attacks on the king with both pawns gone.
    #[inline(always)]
    fn en_passant_moves<L: Sliders, S: Sink>(
        &self,
        sink: &mut S,
        ep: Square,
        king: Square,
        occupied: Bitboard,
        check_mask: Bitboard,
        from_mask: Bitboard,
    ) {
        let us = self.side_to_move();
        let them = !us;
        // The pawn that just advanced two squares stands beside ours.
        let captured = Square::new(ep.file(), Rank::Fifth.relative_to(us));
        if (check_mask & (ep.bitboard() | captured.bitboard())).is_empty() {
            return;
        }
        let straight = self.straight_sliders(them);
        let diagonal = self.diagonal_sliders(them);
        for from in pawn_attacks(them, ep) & self.colored_pieces(us, PieceKind::Pawn) & from_mask {
            let after = (occupied ^ from.bitboard() ^ captured.bitboard()) | ep.bitboard();
            if (L::rook(king, after) & straight).is_empty()
                && (L::bishop(king, after) & diagonal).is_empty()
            {
                sink.single(Move::new(from, ep, None));
            }
        }
    }

    /// The castling move on `side` if the side to move may castle there
    /// now: it has the right; every square the king and rook cross or land
    /// on is empty (but for themselves); and no square from the king's
    /// square to its destination is attacked once king and rook have left
    /// their squares (which also catches a castling rook that was shielding
    /// the king along the first rank). Shared by both generators.
    ///
    /// `attacked`, when given, holds the squares the opponent attacks with
    /// the king lifted off the board (the fast generator has it already).
    /// It answers for every square of the king's path, except when lifting
    /// the rook too would open a rank attack through the rook's square (a
    /// Chess960 rook between the king and an enemy rook or queen); only then
    /// is each square tested again.
    #[inline(always)]
    pub(super) fn castling_move(
        &self,
        side: CastlingSide,
        occupied: Bitboard,
        attacked: Option<Bitboard>,
    ) -> Option<Move> {
        let us = self.side_to_move();
        let rook_file = self.castling_rights().rook_file(us, side)?;
        let king = self.king(us);
        let rank = back_rank(us);
        let rook = Square::new(rook_file, rank);
        let (must_be_empty, squares) = castling_squares(us, king.file(), rook_file);
        if !(must_be_empty & occupied).is_empty() {
            return None;
        }
        if let Some(attacked) = attacked {
            if !(squares & attacked).is_empty() {
                return None;
            }
            // An x-ray needs an enemy rook or queen on our first rank.
            let straight = self.straight_sliders(!us) & Bitboard::rank(rank);
            if straight.is_empty() || (rook_attacks(rook, occupied) & straight).is_empty() {
                return Some(Move::castle(king, rook));
            }
        }
        let movers = king.bitboard() | rook.bitboard();
        let without = occupied & !movers;
        let safe = squares
            .into_iter()
            .all(|sq| self.attackers_to_with(sq, !us, without).is_empty());
        safe.then_some(Move::castle(king, rook))
    }
}
