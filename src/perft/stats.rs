//! Perft statistics: the columns of the Chess Programming Wiki's "Perft
//! Results" tables, counted over the leaf moves ([`PerftStats`] defines
//! each).
//!
//! The counting walk does not make its leaf moves: the generator's
//! destination sets are classified in bulk (the squares from which each
//! piece kind checks, the pieces whose leaving their line uncovers a
//! slider), and only the moves that give check are made, to ask whether
//! the opponent has a legal move.

use crate::attacks::{between, bishop_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::movegen::{Sink, behind};
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::square::Square;
use core::ops::{Add, AddAssign};

/// The perft statistics of a position and depth: the leaf moves counted by
/// kind.
///
/// Each column counts **leaf moves** (the moves made at the last ply), as
/// the published tables do:
///
/// * `nodes`: every leaf move.
/// * `captures`: moves that take a piece, en passant included.
/// * `en_passant`: en-passant captures.
/// * `castles`: castling moves (in Chess960 too, however the king and rook
///   stand).
/// * `promotions`: promotion moves, each piece a move (four per pawn
///   reaching the last rank, captures included).
/// * `checks`: moves after which the opponent is in check, checkmates
///   included.
/// * `discovered_checks`: moves after which exactly one piece gives check,
///   and not one the move put on the board: a slider uncovered by the piece
///   that left its line, or by the pawn taken en passant.
/// * `double_checks`: moves after which two pieces give check (the moved
///   piece and an uncovered one, or two uncovered by an en-passant capture).
/// * `checkmates`: moves after which the opponent is in check and has no
///   legal move.
///
/// The corner cases, decided as the published tables count them:
///
/// * a castling move whose rook gives check is a check, not a discovered
///   one: the rook is a piece the move put on the board;
/// * an en-passant capture that uncovers a slider along the rank or a
///   diagonal (the capturing pawn leaves one square, the taken pawn another)
///   is a discovered check, or a double check when the capturing pawn gives
///   check too, or two sliders are uncovered;
/// * a promotion checks with the promoted piece: a direct check, or double
///   with an uncovered slider; a promotion to a knight that checks counts
///   like any other.
///
/// ```
/// use magicboard::{Board, Perft};
/// let stats = Perft::new(4).stats(&Board::startpos())?;
/// // Published (CPW "Perft Results"): start position, depth 4.
/// assert_eq!(stats.nodes, 197_281);
/// assert_eq!(stats.captures, 1576);
/// assert_eq!(stats.checks, 469);
/// assert_eq!(stats.checkmates, 8);
/// # Ok::<(), magicboard::perft::CountOverflow>(())
/// ```
///
/// More statistics may come in a minor release (the struct is
/// `#[non_exhaustive]`): build one from [`PerftStats::default`] and set its
/// fields, or with [`PerftStats::from_columns`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PerftStats {
    /// Leaf moves (the perft count).
    pub nodes: u128,
    /// Captures, en passant included.
    pub captures: u128,
    /// En-passant captures.
    pub en_passant: u128,
    /// Castling moves.
    pub castles: u128,
    /// Promotions (each piece a move).
    pub promotions: u128,
    /// Moves that give check (checkmates included).
    pub checks: u128,
    /// Moves after which one piece gives check, not one the move placed.
    pub discovered_checks: u128,
    /// Moves after which two pieces give check.
    pub double_checks: u128,
    /// Moves that checkmate.
    pub checkmates: u128,
}

impl PerftStats {
    /// The columns' names, in the order of [`PerftStats::columns`] (as
    /// the perft tool's JSON names them).
    pub const NAMES: [&'static str; 9] = [
        "nodes",
        "captures",
        "en_passant",
        "castles",
        "promotions",
        "checks",
        "discovered_checks",
        "double_checks",
        "checkmates",
    ];

    /// The columns in the published tables' order: nodes, captures, en
    /// passant, castles, promotions, checks, discovered checks, double
    /// checks, checkmates.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// let stats = Perft::new(1).stats(&Board::startpos())?;
    /// assert_eq!(stats.columns(), [20, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// # Ok::<(), magicboard::perft::CountOverflow>(())
    /// ```
    pub const fn columns(&self) -> [u128; 9] {
        [
            self.nodes,
            self.captures,
            self.en_passant,
            self.castles,
            self.promotions,
            self.checks,
            self.discovered_checks,
            self.double_checks,
            self.checkmates,
        ]
    }

    /// The statistics with these columns (in [`PerftStats::columns`]'s
    /// order).
    ///
    /// ```
    /// use magicboard::perft::PerftStats;
    /// let stats = PerftStats::from_columns([400, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// assert_eq!(stats.nodes, 400);
    /// assert_eq!(PerftStats::from_columns(stats.columns()), stats);
    /// ```
    pub const fn from_columns(c: [u128; 9]) -> PerftStats {
        PerftStats {
            nodes: c[0],
            captures: c[1],
            en_passant: c[2],
            castles: c[3],
            promotions: c[4],
            checks: c[5],
            discovered_checks: c[6],
            double_checks: c[7],
            checkmates: c[8],
        }
    }

    /// The column-by-column sum, or `None` if a column would pass
    /// `u128::MAX`.
    ///
    /// ```
    /// use magicboard::perft::PerftStats;
    /// let mut one = PerftStats::default();
    /// one.nodes = 1;
    /// assert_eq!(one.checked_add(one).map(|s| s.nodes), Some(2));
    /// let mut full = PerftStats::default();
    /// full.nodes = u128::MAX;
    /// assert_eq!(full.checked_add(one), None);
    /// ```
    pub fn checked_add(self, other: PerftStats) -> Option<PerftStats> {
        let (a, b) = (self.columns(), other.columns());
        let mut sum = [0u128; 9];
        for i in 0..9 {
            sum[i] = a[i].checked_add(b[i])?;
        }
        Some(PerftStats::from_columns(sum))
    }

    /// Every column times `factor` (a split position's multiplicity), or
    /// `None` past `u128::MAX`.
    ///
    /// ```
    /// use magicboard::perft::PerftStats;
    /// let mut one = PerftStats::default();
    /// (one.nodes, one.checks) = (3, 1);
    /// assert_eq!(one.checked_mul(2).map(|s| (s.nodes, s.checks)), Some((6, 2)));
    /// ```
    pub fn checked_mul(self, factor: u64) -> Option<PerftStats> {
        let mut c = self.columns();
        for column in &mut c {
            *column = column.checked_mul(u128::from(factor))?;
        }
        Some(PerftStats::from_columns(c))
    }
}

#[cfg(feature = "reference")]
#[cfg_attr(docsrs, doc(cfg(feature = "reference")))]
impl PerftStats {
    /// Perft statistics by the rules' definitions, slowly (feature
    /// `reference`): every move from
    /// [`Board::legal_moves_by_make_unmake`] made and taken back, every leaf
    /// made and asked who checks ([`Board::checkers`]) and whether the
    /// opponent has a legal move (again by make/unmake). The fast count,
    /// [`Perft::stats`](crate::perft::Perft::stats), answers the same questions
    /// without making its leaves, and the tests check that the two agree.
    ///
    /// ```
    /// use magicboard::{perft::PerftStats, Board, Perft};
    /// let kiwipete = Board::from_fen(
    ///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    /// )?;
    /// assert_eq!(PerftStats::by_make_unmake(&kiwipete, 2), Perft::new(2).stats(&kiwipete)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn by_make_unmake(board: &Board, depth: u32) -> PerftStats {
        let mut board = board.clone();
        let mut stats = PerftStats::default();
        if depth == 0 {
            stats.nodes = 1;
        } else {
            Self::reference_walk(&mut board, depth, &mut stats);
        }
        stats
    }

    /// The slow walk of [`PerftStats::by_make_unmake`].
    fn reference_walk(board: &mut Board, depth: u32, stats: &mut PerftStats) {
        for mv in board.legal_moves_by_make_unmake() {
            let capture = board.is_capture(mv);
            let en_passant = board.is_en_passant(mv);
            let undo = board.make_move(mv);
            if depth > 1 {
                Self::reference_walk(board, depth - 1, stats);
            } else {
                stats.nodes += 1;
                stats.captures += u128::from(capture);
                stats.en_passant += u128::from(en_passant);
                stats.castles += u128::from(mv.is_castle());
                stats.promotions += u128::from(mv.is_promotion());
                let checkers = board.checkers();
                if !checkers.is_empty() {
                    // The squares the move put its pieces on.
                    let placed = if mv.is_castle() {
                        let (king, rook) = mv.castle_destinations();
                        Bitboard::EMPTY.with(king).with(rook)
                    } else {
                        Bitboard::EMPTY.with(mv.to())
                    };
                    stats.checks += 1;
                    if checkers.count() > 1 {
                        stats.double_checks += 1;
                    } else if (checkers & placed).is_empty() {
                        stats.discovered_checks += 1;
                    }
                    if board.legal_moves_by_make_unmake().is_empty() {
                        stats.checkmates += 1;
                    }
                }
            }
            board.unmake_move(mv, undo);
        }
    }
}

/// Column by column.
///
/// # Panics
///
/// When a column passes `u128::MAX` (use [`PerftStats::checked_add`]).
impl Add for PerftStats {
    type Output = PerftStats;

    fn add(self, other: PerftStats) -> PerftStats {
        self.checked_add(other)
            .expect("perft statistics past 2^128 - 1")
    }
}

/// Column by column, as [`Add`].
impl AddAssign for PerftStats {
    fn add_assign(&mut self, other: PerftStats) {
        *self = *self + other;
    }
}

/// Column by column, as [`Add`].
impl core::iter::Sum for PerftStats {
    fn sum<I: Iterator<Item = PerftStats>>(iter: I) -> PerftStats {
        iter.fold(PerftStats::default(), Add::add)
    }
}

/// The statistics of a subtree small enough for `u64` columns (at most
/// [`WALK_DEPTH`](super::tree::WALK_DEPTH) plies).
#[derive(Clone, Copy, Default)]
struct Small([u64; 9]);

impl Small {
    #[inline]
    fn add(&mut self, other: &Small) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }

    fn wide(&self) -> PerftStats {
        PerftStats::from_columns(self.0.map(u128::from))
    }
}

/// The statistics `depth` plies below `board` (at most
/// [`WALK_DEPTH`](super::tree::WALK_DEPTH) plies).
pub(super) fn leaves(board: &Board, depth: u32) -> PerftStats {
    walk(board, depth).wide()
}

fn walk(board: &Board, depth: u32) -> Small {
    match depth {
        0 => {
            let mut one = Small::default();
            one.0[0] = 1;
            one
        }
        1 => leaf_moves(board),
        _ => {
            let mut sum = Small::default();
            for mv in board.legal_moves() {
                let mut child = board.clone();
                child.make_move_unhashed(mv);
                sum.add(&walk(&child, depth - 1));
            }
            sum
        }
    }
}

/// The statistics of `board`'s legal moves, each a leaf: the generator's
/// destination sets classified in bulk ([`LeafSink`]), single moves only for
/// the rare kinds.
fn leaf_moves(board: &Board) -> Small {
    let mut sink = LeafSink::new(board);
    board.generate_legal(&mut sink);
    Small(sink.stats)
}

/// The statistics of the legal move `mv` as a leaf: one node, counted in
/// each column it belongs to (for `divide_stats`, which needs `alloc`).
#[cfg(feature = "alloc")]
pub(super) fn leaf_move(board: &Board, mv: Move) -> PerftStats {
    let mut s = [0u64; 9];
    leaf(board, mv, &mut s);
    Small(s).wide()
}

/// Adds the legal move `mv` as a leaf to `s`, asking who checks after it
/// from the bitboards ([`Board::checkers_after`]): for the moves the bulk
/// classification leaves to it (promotions, en passant, castling).
fn leaf(board: &Board, mv: Move, s: &mut [u64; 9]) {
    s[0] += 1;
    if board.is_capture(mv) {
        s[1] += 1;
        s[2] += u64::from(board.is_en_passant(mv));
    }
    s[3] += u64::from(mv.is_castle());
    s[4] += u64::from(mv.is_promotion());
    let (checkers, placed) = board
        .checkers_after(mv)
        .unwrap_or((Bitboard::EMPTY, Bitboard::EMPTY));
    if !checkers.is_empty() {
        s[5] += 1;
        if checkers.count() >= 2 {
            s[7] += 1;
        } else if (checkers & placed) == Bitboard::EMPTY {
            s[6] += 1;
        }
        s[8] += u64::from(mates(board, mv));
    }
}

/// True when the checking move `mv` leaves the opponent no legal move.
#[inline]
fn mates(board: &Board, mv: Move) -> bool {
    let mut child = board.clone();
    child.make_move_unhashed(mv);
    !child.has_legal_moves()
}

/// A generator sink that classifies the leaf moves of one board in bulk,
/// from what the board says once: the squares from which each piece kind
/// would check the opponent's king, and the pieces whose leaving their line
/// uncovers one of our sliders.
struct LeafSink<'b> {
    board: &'b Board,
    /// The statistics so far ([`PerftStats::columns`] order).
    stats: [u64; 9],
    their_king: Square,
    /// The opponent's pieces (what a move to them captures).
    theirs: Bitboard,
    /// By piece kind: the squares from which such a piece of ours checks.
    checks_from: [Bitboard; 6],
    /// Our pieces standing alone between one of our sliders and their king.
    discoverers: Bitboard,
}

impl<'b> LeafSink<'b> {
    fn new(board: &'b Board) -> LeafSink<'b> {
        let us = board.side_to_move();
        let them = !us;
        let their_king = board.king(them);
        let occupied = board.occupied();
        let diagonal = bishop_attacks(their_king, occupied);
        let straight = rook_attacks(their_king, occupied);
        let checks_from = [
            pawn_attacks(them, their_king),
            knight_attacks(their_king),
            diagonal,
            straight,
            diagonal | straight,
            Bitboard::EMPTY,
        ];
        let ours = board.colored(us);
        let snipers = (bishop_attacks(their_king, Bitboard::EMPTY) & board.diagonal_sliders(us))
            | (rook_attacks(their_king, Bitboard::EMPTY) & board.straight_sliders(us));
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(sniper, their_king) & occupied;
            if blockers.count() == 1 {
                discoverers |= blockers & ours;
            }
        }
        LeafSink {
            board,
            stats: [0; 9],
            their_king,
            theirs: board.colored(them),
            checks_from,
            discoverers,
        }
    }

    /// Counts the moves to `targets` of a piece of `kind` from `from`
    /// (none of them a promotion, en passant or castling).
    #[inline(always)]
    fn moves(&mut self, kind: PieceKind, from: Square, targets: Bitboard) {
        let s = &mut self.stats;
        s[0] += u64::from(targets.count());
        s[1] += u64::from((targets & self.theirs).count());
        let direct = targets & self.checks_from[kind.index()];
        let uncovered = if self.discoverers.contains(from) {
            targets & !line(from, self.their_king)
        } else {
            Bitboard::EMPTY
        };
        let checking = direct | uncovered;
        if checking.is_empty() {
            return;
        }
        s[5] += u64::from(checking.count());
        s[6] += u64::from((uncovered & !direct).count());
        s[7] += u64::from((direct & uncovered).count());
        for to in checking {
            s[8] += u64::from(mates(self.board, Move::new(from, to, None)));
        }
    }
}

impl Sink for LeafSink<'_> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        let kind = self.board.kind_on(from).unwrap_or(PieceKind::King);
        self.moves(kind, from, targets);
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32) {
        let s = &mut self.stats;
        s[0] += u64::from(targets.count());
        s[1] += u64::from((targets & self.theirs).count());
        // Pawns that check directly or uncover a slider, one by one (only
        // those that check when no piece can uncover one).
        let direct = targets & self.checks_from[PieceKind::Pawn.index()];
        let candidates = if self.discoverers.is_empty() {
            direct
        } else {
            targets
        };
        for to in candidates {
            let from = behind(to, delta);
            let uncovered =
                self.discoverers.contains(from) && !line(from, self.their_king).contains(to);
            let direct = direct.contains(to);
            if direct || uncovered {
                self.stats[5] += 1;
                self.stats[6] += u64::from(uncovered && !direct);
                self.stats[7] += u64::from(uncovered && direct);
                self.stats[8] += u64::from(mates(self.board, Move::new(from, to, None)));
            }
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = behind(to, delta);
            for kind in PieceKind::PROMOTIONS {
                leaf(self.board, Move::new(from, to, Some(kind)), &mut self.stats);
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        leaf(self.board, mv, &mut self.stats);
    }
}
