//! Move generation.
//!
//! Two generators live here:
//!
//! * the **reference**: [`Board::pseudo_legal_moves`] lists every move the
//!   pieces can make by their movement rules (castling already refuses to
//!   start in, pass through or land on an attacked square), and
//!   [`Board::legal_moves_by_make_unmake`] keeps those that, once made, do
//!   not leave the mover's king attacked. This is the definition of
//!   legality, written to be obviously right rather than fast;
//! * the **fast path**: [`Board::legal_moves`] produces legal moves directly
//!   from a check mask (when in check, only moves that capture the checker
//!   or block it), pin lines (a pinned piece moves only along the line to
//!   its king) and the squares the opponent attacks with the king lifted off
//!   the board (for king moves). Only en passant, which can uncover a rank
//!   attack on the king by removing two pawns at once, is checked by
//!   recomputing slider attacks on the king.
//!
//! The tests compare the two on every position of the perft suites and on
//! thousands of random positions. Both generate into a fixed-capacity
//! [`MoveList`] on the stack; nothing allocates.

use crate::attacks::{
    between, bishop_attacks, castling_squares, king_attacks, knight_attacks, line, pawn_attacks,
    queen_attacks, rook_attacks,
};
use crate::castling::back_rank;
use crate::{
    Bitboard, Board, CastlingSide, Color, Move, MoveError, MoveList, PieceKind, Rank, Square, Undo,
};

/// Receives generated moves in bulk: a counting sink adds up popcounts, a
/// list sink expands them into [`Move`]s.
pub(crate) trait Sink {
    /// Moves of the (non-pawn) piece on `from` to each square of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Non-promoting pawn moves to each square of `targets`, each from the
    /// square `delta` indices behind it.
    fn pawns(&mut self, targets: Bitboard, delta: i32);
    /// Promotions to each square of `targets` (four moves each), each from
    /// the square `delta` indices behind it.
    fn promotions(&mut self, targets: Bitboard, delta: i32);
    /// One special move (en passant, castling).
    fn single(&mut self, mv: Move);
}

/// Counts moves without building them.
pub(crate) struct Counter(pub(crate) u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i32) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _delta: i32) {
        self.0 += 4 * u64::from(targets.count());
    }
    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

#[inline(always)]
fn behind(to: Square, delta: i32) -> Square {
    Square::from_index_masked((to.index() as i32 - delta) as u32)
}

/// A sink that takes moves one at a time: the bulk calls of [`Sink`]
/// expanded into single moves (promotions into all four pieces).
pub(crate) trait EachMove {
    /// One generated move.
    fn each(&mut self, mv: Move);
}

impl<T: EachMove> Sink for T {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.each(Move::new(from, to, None));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            self.each(Move::new(behind(to, delta), to, None));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = behind(to, delta);
            for kind in PieceKind::PROMOTIONS {
                self.each(Move::new(from, to, Some(kind)));
            }
        }
    }
    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.each(mv);
    }
}

impl EachMove for MoveList {
    #[inline(always)]
    fn each(&mut self, mv: Move) {
        self.push(mv);
    }
}

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// Pawn geometry for one colour, resolved at compile time.
trait PawnDir {
    const COLOR: Color;
    /// Index step of a single push.
    const PUSH: i32;
    /// Rank a single push lands on when the pawn may then push again.
    const DOUBLE_RANK: u64;
    /// Rank where pawns promote.
    const PROMO_RANK: u64;
    fn push(b: u64) -> u64;
    /// Captures towards the a-file and their index step.
    fn west(b: u64) -> u64;
    const WEST: i32;
    /// Captures towards the h-file and their index step.
    fn east(b: u64) -> u64;
    const EAST: i32;
}

struct WhitePawns;
struct BlackPawns;

impl PawnDir for WhitePawns {
    const COLOR: Color = Color::White;
    const PUSH: i32 = 8;
    const DOUBLE_RANK: u64 = 0xff << 16;
    const PROMO_RANK: u64 = 0xff << 56;
    #[inline(always)]
    fn push(b: u64) -> u64 {
        b << 8
    }
    #[inline(always)]
    fn west(b: u64) -> u64 {
        (b & NOT_FILE_A) << 7
    }
    const WEST: i32 = 7;
    #[inline(always)]
    fn east(b: u64) -> u64 {
        (b & NOT_FILE_H) << 9
    }
    const EAST: i32 = 9;
}

impl PawnDir for BlackPawns {
    const COLOR: Color = Color::Black;
    const PUSH: i32 = -8;
    const DOUBLE_RANK: u64 = 0xff << 40;
    const PROMO_RANK: u64 = 0xff;
    #[inline(always)]
    fn push(b: u64) -> u64 {
        b >> 8
    }
    #[inline(always)]
    fn west(b: u64) -> u64 {
        (b & NOT_FILE_A) >> 9
    }
    const WEST: i32 = -9;
    #[inline(always)]
    fn east(b: u64) -> u64 {
        (b & NOT_FILE_H) >> 7
    }
    const EAST: i32 = -7;
}

/// Pushes, double pushes, captures and promotions of `pawns`, restricted
/// to destinations in `allowed`. En passant is handled by the caller.
#[inline(always)]
fn pawn_moves<D: PawnDir, S: Sink>(
    sink: &mut S,
    pawns: Bitboard,
    occupied: Bitboard,
    theirs: Bitboard,
    allowed: Bitboard,
) {
    let empty = !occupied.0;
    let single = D::push(pawns.0) & empty;
    let double = D::push(single & D::DOUBLE_RANK) & empty & allowed.0;
    let single = single & allowed.0;
    let promo = D::PROMO_RANK;
    sink.pawns(Bitboard(single & !promo), D::PUSH);
    sink.pawns(Bitboard(double), 2 * D::PUSH);
    let west = D::west(pawns.0) & theirs.0 & allowed.0;
    let east = D::east(pawns.0) & theirs.0 & allowed.0;
    sink.pawns(Bitboard(west & !promo), D::WEST);
    sink.pawns(Bitboard(east & !promo), D::EAST);
    if (single | west | east) & promo != 0 {
        sink.promotions(Bitboard(single & promo), D::PUSH);
        sink.promotions(Bitboard(west & promo), D::WEST);
        sink.promotions(Bitboard(east & promo), D::EAST);
    }
}

impl Board {
    /// Squares attacked by `color`'s pieces with `occupied` as blockers.
    #[inline(always)]
    pub(crate) fn attacked_by(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.colored(color);
        let pawns = self.pieces(PieceKind::Pawn).0 & theirs.0;
        let mut attacked = Bitboard(match color {
            Color::White => WhitePawns::west(pawns) | WhitePawns::east(pawns),
            Color::Black => BlackPawns::west(pawns) | BlackPawns::east(pawns),
        });
        for sq in self.pieces(PieceKind::Knight) & theirs {
            attacked |= knight_attacks(sq);
        }
        for sq in self.diagonal_sliders(color) {
            attacked |= bishop_attacks(sq, occupied);
        }
        for sq in self.straight_sliders(color) {
            attacked |= rook_attacks(sq, occupied);
        }
        attacked | king_attacks(self.king(color))
    }

    /// The legal-move generator (fast path); see the module docs.
    #[inline(always)]
    pub(crate) fn generate_legal<S: Sink>(&self, sink: &mut S) {
        match self.side_to_move() {
            Color::White => self.generate_legal_for::<WhitePawns, S>(sink),
            Color::Black => self.generate_legal_for::<BlackPawns, S>(sink),
        }
    }

    #[inline(always)]
    fn generate_legal_for<D: PawnDir, S: Sink>(&self, sink: &mut S) {
        let us = D::COLOR;
        let them = !us;
        let ours = self.colored(us);
        let theirs = self.colored(them);
        let occupied = ours | theirs;
        let king = self.king(us);
        let (checkers, pinned) = self.checkers_and_pinned(us, king, occupied);

        // King moves: to squares the opponent does not attack once the king
        // has left its square (so it cannot step back along a checking ray).
        // The map is built only when the king has somewhere to go (or may
        // castle: the path is checked against it too).
        let mut king_targets = king_attacks(king) & !ours;
        let may_castle = checkers.is_empty() && self.may_castle(us);
        let attacked = if king_targets.is_empty() && !may_castle {
            Bitboard::EMPTY
        } else {
            self.attacked_by(them, occupied.without(king))
        };
        king_targets &= !attacked;
        sink.piece(king, king_targets);
        if checkers.has_more_than_one() {
            return;
        }

        // In check, other pieces must capture the checker or block its ray.
        let check_mask = match checkers.first() {
            None => Bitboard::FULL,
            Some(checker) => between(king, checker).with(checker),
        };
        let targets = !ours & check_mask;

        for from in self.pieces(PieceKind::Knight) & ours & !pinned {
            sink.piece(from, knight_attacks(from) & targets);
        }
        for from in self.diagonal_sliders(us) {
            let mut to = bishop_attacks(from, occupied) & targets;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            sink.piece(from, to);
        }
        for from in self.straight_sliders(us) {
            let mut to = rook_attacks(from, occupied) & targets;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            sink.piece(from, to);
        }

        let pawns = self.pieces(PieceKind::Pawn) & ours;
        pawn_moves::<D, S>(sink, pawns & !pinned, occupied, theirs, check_mask);
        for from in pawns & pinned {
            let allowed = check_mask & line(king, from);
            pawn_moves::<D, S>(sink, from.bitboard(), occupied, theirs, allowed);
        }

        if let Some(ep) = self.en_passant() {
            self.en_passant_moves(sink, ep, king, occupied, check_mask);
        }
        if may_castle {
            for side in CastlingSide::ALL {
                if let Some(mv) = self.castling_move(side, occupied, Some(attacked)) {
                    sink.single(mv);
                }
            }
        }
    }

    /// True when `color` still has a castling right.
    #[inline(always)]
    fn may_castle(&self, color: Color) -> bool {
        self.castling_rights().has(color, CastlingSide::KingSide)
            || self.castling_rights().has(color, CastlingSide::QueenSide)
    }

    /// En-passant captures onto `ep`, each verified by recomputing the
    /// slider attacks on the king with both pawns gone.
    #[inline(always)]
    fn en_passant_moves<S: Sink>(
        &self,
        sink: &mut S,
        ep: Square,
        king: Square,
        occupied: Bitboard,
        check_mask: Bitboard,
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
        for from in pawn_attacks(them, ep) & self.colored_pieces(us, PieceKind::Pawn) {
            let after = (occupied ^ from.bitboard() ^ captured.bitboard()) | ep.bitboard();
            if (rook_attacks(king, after) & straight).is_empty()
                && (bishop_attacks(king, after) & diagonal).is_empty()
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
    #[inline]
    fn castling_move(
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
            .all(|sq| self.attackers_with(sq, !us, without).is_empty());
        safe.then_some(Move::castle(king, rook))
    }

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
        self.count_legal_inline()
    }

    /// [`Board::count_legal_moves`], always inlined (so that perft's
    /// `popcnt` copy compiles it with that instruction).
    #[inline(always)]
    pub(crate) fn count_legal_inline(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate_legal(&mut counter);
        counter.0
    }

    /// True when `mv` is legal on this board. Accepts any `Move` value
    /// (from a GUI, a book, a hash table) and never panics.
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// let board = Board::startpos();
    /// assert!(board.is_legal(Move::new(Square::E2, Square::E4, None)));
    /// assert!(!board.is_legal(Move::new(Square::E2, Square::E5, None)));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        // Cheap rejections first; the move list decides the rest.
        if !self.colored(self.side_to_move()).contains(mv.from()) {
            return false;
        }
        self.legal_moves().contains(&mv)
    }

    // ----- checked make --------------------------------------------------

    /// Plays `mv` if it is legal, else returns an error and leaves the board
    /// unchanged. The checked form of [`Board::make_move`], for moves from
    /// outside.
    ///
    /// ```
    /// use magicboard::{Board, Move, Square};
    /// let mut board = Board::startpos();
    /// assert!(board.try_make_move(Move::new(Square::E2, Square::E5, None)).is_err());
    /// assert!(board.try_make_move(Move::new(Square::E2, Square::E4, None)).is_ok());
    /// ```
    pub fn try_make_move(&mut self, mv: Move) -> Result<Undo, MoveError> {
        if self.is_legal(mv) {
            Ok(self.make_move(mv))
        } else {
            Err(MoveError::Illegal)
        }
    }

    /// The board after `mv`, leaving `self` unchanged, or
    /// [`MoveError::Illegal`] when `mv` is not legal here. The checked
    /// form of [`Board::play_unchecked`], like [`Game::play`](crate::Game::play).
    ///
    /// ```
    /// use magicboard::{Board, Move, MoveError, Square};
    /// let start = Board::startpos();
    /// let after = start.play(start.parse_uci("g1f3").unwrap()).unwrap();
    /// assert_eq!(after.to_fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    /// assert_eq!(start.play(Move::new(Square::G1, Square::G3, None)), Err(MoveError::Illegal));
    /// ```
    pub fn play(&self, mv: Move) -> Result<Board, MoveError> {
        if self.is_legal(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(MoveError::Illegal)
        }
    }

    /// The board after `mv`, which must be legal (a move from
    /// [`Board::legal_moves`] or a checked parser), leaving `self`
    /// unchanged. Unchecked like [`Board::make_move`]: an illegal move
    /// gives a consistent board that need not be a legal position.
    ///
    /// ```
    /// use magicboard::Board;
    /// let start = Board::startpos();
    /// let after = start.play_unchecked(start.legal_moves()[0]);
    /// assert_eq!(after.side_to_move(), magicboard::Color::Black);
    /// assert_eq!(start, Board::startpos());
    /// ```
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Board {
        let mut next = self.clone();
        next.make_move(mv);
        next
    }

    // ----- the reference generator -----------------------------------------

    /// Every pseudo-legal move: each piece's moves by its movement rules,
    /// ignoring whether the mover's own king is left attacked. Castling is
    /// included only when the squares between are empty and the king is not
    /// in check, does not pass through and does not land on an attacked
    /// square.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let us = self.side_to_move();
        let ours = self.colored(us);
        let occupied = self.occupied();
        for from in ours {
            let Some(kind) = self.kind_on(from) else {
                continue;
            };
            let targets = match kind {
                PieceKind::Pawn => {
                    self.pseudo_legal_pawn_moves(&mut list, from);
                    continue;
                }
                PieceKind::Knight => knight_attacks(from),
                PieceKind::Bishop => bishop_attacks(from, occupied),
                PieceKind::Rook => rook_attacks(from, occupied),
                PieceKind::Queen => queen_attacks(from, occupied),
                PieceKind::King => king_attacks(from),
            };
            for to in targets & !ours {
                list.push(Move::new(from, to, None));
            }
        }
        if !self.in_check() {
            for side in CastlingSide::ALL {
                if let Some(mv) = self.castling_move(side, occupied, None) {
                    list.push(mv);
                }
            }
        }
        list
    }

    fn pseudo_legal_pawn_moves(&self, list: &mut MoveList, from: Square) {
        let us = self.side_to_move();
        let forward = us.forward();
        let start_rank = Rank::Second.relative_to(us);
        let last_rank = Rank::Eighth.relative_to(us);
        let occupied = self.occupied();
        let mut add = |to: Square| {
            if to.rank() == last_rank {
                for kind in PieceKind::PROMOTIONS {
                    list.push(Move::new(from, to, Some(kind)));
                }
            } else {
                list.push(Move::new(from, to, None));
            }
        };
        if let Some(one) = from.offset(0, forward).filter(|s| !occupied.contains(*s)) {
            add(one);
            if from.rank() == start_rank {
                if let Some(two) = one.offset(0, forward).filter(|s| !occupied.contains(*s)) {
                    add(two);
                }
            }
        }
        for to in pawn_attacks(us, from) {
            if self.colored(!us).contains(to) || self.en_passant() == Some(to) {
                add(to);
            }
        }
    }

    /// The legal moves by the reference definition: each pseudo-legal move
    /// is made, kept if the mover's king is then not attacked, and unmade.
    /// Slower than [`Board::legal_moves`], which must agree with it.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
    /// let mut fast = board.legal_moves();
    /// let mut reference = board.legal_moves_by_make_unmake();
    /// fast.sort();
    /// reference.sort();
    /// assert_eq!(fast, reference);
    /// // The pinned bishop cannot move: only the king's 4 moves are legal.
    /// assert_eq!(board.pseudo_legal_moves().len(), 4 + 9);
    /// assert_eq!(reference.len(), 4);
    /// ```
    pub fn legal_moves_by_make_unmake(&self) -> MoveList {
        let us = self.side_to_move();
        let mut scratch = self.clone();
        let mut legal = self.pseudo_legal_moves();
        legal.retain(|mv| {
            let undo = scratch.make_move(mv);
            let safe = !scratch.is_square_attacked(scratch.king(us), !us);
            scratch.unmake_move(mv, undo);
            safe
        });
        legal
    }
}
