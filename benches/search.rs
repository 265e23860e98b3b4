//! An engine's workload, the same on every crate: one fixed alpha-beta
//! search, written once and generic over [`Backend`], run on magicboard,
//! cozy-chess 0.3.4 and chess 3.2.0 (both MIT, dev-dependencies only).
//!
//! The search (`negamax` + `quiesce` below):
//!
//! * negamax alpha-beta (fail-soft) to a fixed depth, no transposition
//!   table, no time checks, no extensions; no legal move: mate or stalemate;
//! * at depth 0, quiescence over captures (en passant included) and
//!   promotions, with stand-pat on a material-only evaluation (P 100, N
//!   300, B 300, R 500, Q 900), kept incrementally from the moves'
//!   ordering facts as engines keep theirs (so every crate has the same
//!   value; the differential check compares it with each crate's own
//!   count at every quiescence node); a side in check does not stand pat
//!   and searches every evasion;
//! * one move order, defined here once ([`order_key`]) and fed only
//!   neutral facts by each crate (from, to, promotion, victim, mover):
//!   captures by MVV-LVA, then promotions (queen first), then quiet moves
//!   by the canonical key (from, to, promotion), where castling's `to` is
//!   the castling rook's square on every back end (magicboard and
//!   cozy-chess encode castling king-takes-rook already; chess's
//!   king-two-squares move is normalised). Ties are impossible: (from, to,
//!   promotion) names one move;
//! * staged generation, as engines do: a node's captures and promotions
//!   first, its quiet moves only if none of those cut off (the stages'
//!   keys do not overlap, so this is the same order).
//!
//! So the visited tree is identical whatever order a crate generates moves
//! in, and the node count (every position the search enters, quiescence
//! included) and the score must be equal on every crate: that is asserted
//! for every position before anything is timed, which makes this also a
//! differential test of capture generation, legality and check detection.
//!
//! Each back end is written the way that crate is meant to be used, and
//! the faster of the forms tried. What each choice measured, and the forms
//! measured and not kept, are in docs/performance.md ("Decisions that
//! shaped the code", "Ideas measured and not kept").
//!
//! * magicboard: targeted generation, `for_each_capture` then
//!   `for_each_quiet` (the callback forms of `captures()` and `quiets()`,
//!   which initialise and return no 512-byte list); `kind_on` of the
//!   from- and to-squares for the ordering facts (the generator's noisy
//!   moves need none of the guards of `moved` and `captured`, which
//!   answer for any move value); `in_check`;
//!   `make_move_unchecked`/`unmake_move` (no guards: the moves come from
//!   the generator);
//! * cozy-chess: `generate_moves`, its `PieceMoves` masked to the enemy
//!   pieces (plus en passant and the promotion rank for pawns) for the
//!   noisy stage and kept, unmasked, for the quiet stage (no second
//!   generation); in quiescence nodes not in check (no quiet stage),
//!   `generate_moves_for` with the king and the pawns that can neither
//!   capture nor promote left out of the mask, then the king's captures
//!   (`get_king_moves(king) & enemies`) tried with `is_legal`, as a public
//!   cozy-chess engine does (masking the full generation computes the
//!   king's whole legal set, with a safety test on every empty neighbour
//!   and castling, which such a node never uses); `checkers()`;
//!   `clone` + `play_unchecked` (the crate has no unmake);
//! * chess: `MoveGen::new_legal`, built in place in the scratch (not moved,
//!   18 entries, by value into and out of an `Option`), with
//!   `set_iterator_mask` (enemy pieces and the en-passant square, then the
//!   empty promotion squares), the same generator then iterated for the
//!   quiet stage, whose keys need no `piece_on` (the king's square tells
//!   castling); `checkers()`; `make_move_new` (the crate's copy-make).
//!
//! Timing: each round runs every position on every crate (the crates'
//! order rotating from round to round), timed by the benchmark thread's CPU
//! time on Linux (`common::Clock`, as in `benches/peers.rs`;
//! `BENCH_CLOCK=wall` for wall time). The table gives, per position, the
//! median over the rounds, and for the whole set the median of the rounds'
//! totals; ratios are the peer's time over magicboard's (> 1: magicboard
//! is faster).
//!
//! Run: `cargo bench --bench search` (7 rounds), `-- --rounds N`,
//! `-- --check` (the differential check alone, printing each position's
//! nodes and score; `cargo test --all-features --bench search` runs the same,
//! as CI does), `-- --only magicboard|cozy-chess|chess --rounds N` (one
//! crate, nothing checked: for profilers such as callgrind; add
//! `--position NAME` for one position of the table).
//! `benches/compare-builds.sh` runs it, with `benches/peers.rs`, over
//! several builds of the same commit and prints the median and spread.

mod common;

use common::{CPW_EPD, Clock, STANDARD_EPD, epd_fens};
use std::hint::black_box;

// --- The search, written once ----------------------------------------------

/// Material values by piece index (pawn, knight, bishop, rook, queen).
const VALUES: [i32; 5] = [100, 300, 300, 500, 900];
const MATE: i32 = 30_000;
const INFINITY: i32 = 32_000;
/// Plies of move buffers: the fixed depth plus the longest quiescence line
/// (bounded: every quiescence move but an evasion takes material or
/// promotes).
const MAX_PLY: usize = 128;

/// What the search needs from a chess crate.
trait Backend {
    const NAME: &'static str;
    type Board: Clone;
    type Move: Copy;
    /// What a node's noisy stage may keep for its quiet stage (say, the
    /// generated moves not yet handed over).
    type Scratch: Default;

    /// A placeholder to fill move buffers with.
    fn no_move() -> Self::Move;
    fn board(fen: &str) -> Self::Board;
    fn in_check(board: &Self::Board) -> bool;
    /// Material balance from the side to move's point of view ([`VALUES`]).
    fn material(board: &Self::Board) -> i32;
    /// The legal captures (en passant included) and promotions, with
    /// their ordering facts ([`Moves::push`]). `quiets_follow`: the quiet
    /// stage may be asked for next, with the same `scratch`.
    fn noisy_moves(
        board: &Self::Board,
        out: &mut Moves<Self::Move>,
        scratch: &mut Self::Scratch,
        quiets_follow: bool,
    );
    /// The other legal moves (castling among them), after `noisy_moves`.
    fn quiet_moves(board: &Self::Board, out: &mut Moves<Self::Move>, scratch: &mut Self::Scratch);
    /// Plays `mv` and calls `then` on the position after it; the board is
    /// as before afterwards (make/unmake or copy-make: the crate's choice).
    fn play<R>(
        board: &mut Self::Board,
        mv: Self::Move,
        then: impl FnOnce(&mut Self::Board) -> R,
    ) -> R;
}

/// A move buffer: each move with its ordering key, smallest searched first.
struct Moves<M> {
    items: [(u32, M); 256],
    len: usize,
}

/// One ply's buffers, allocated once per search stack.
struct Ply<B: Backend> {
    moves: Moves<B::Move>,
    scratch: B::Scratch,
}

/// The move order, the one place it is defined. `from` and `to` are square
/// indices (a1 = 0, h8 = 63; castling: `to` is the rook's square),
/// `promotion` 0 for none or the piece index (1 knight ... 4 queen),
/// `victim` 0 for a non-capture or the captured piece's index + 1 (1 pawn
/// ... 5 queen), `mover` the moving piece's index (0 pawn ... 5 king).
#[inline(always)]
fn order_key(from: u32, to: u32, promotion: u32, victim: u32, mover: u32) -> u32 {
    let canonical = (from << 9) | (to << 3) | promotion;
    if victim != 0 {
        // MVV-LVA: the most valuable victim first, then the least valuable mover.
        ((5 - victim) << 24) | (mover << 20) | canonical
    } else if promotion != 0 {
        (1 << 28) | ((4 - promotion) << 24) | canonical
    } else {
        (2 << 28) | canonical
    }
}

impl<M: Copy> Moves<M> {
    fn new(filler: M) -> Moves<M> {
        Moves {
            items: [(0, filler); 256],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: M, from: u32, to: u32, promotion: u32, victim: u32, mover: u32) {
        self.items[self.len] = (order_key(from, to, promotion, victim, mover), mv);
        self.len += 1;
    }

    /// The next move in order, with its key (selection: most nodes cut
    /// off after a few).
    #[inline(always)]
    fn pick(&mut self, done: usize) -> (u32, M) {
        let rest = &mut self.items[done..self.len];
        let mut best = 0;
        for i in 1..rest.len() {
            if rest[i].0 < rest[best].0 {
                best = i;
            }
        }
        rest.swap(0, best);
        rest[0]
    }
}

/// The material a move wins for its side, read back from its key: the
/// victim's value, and a promotion's piece less the pawn. The search keeps
/// the evaluation incrementally with it, as engines do (every back end's
/// [`Backend::material`] is compared with it in the differential check).
#[inline(always)]
fn gain(key: u32) -> i32 {
    let mut gain = 0;
    if key >> 28 == 0 {
        gain += VALUES[(4 - ((key >> 24) & 0xf)) as usize];
    }
    let promotion = key & 7;
    if promotion != 0 {
        gain += VALUES[promotion as usize] - VALUES[0];
    }
    gain
}

/// The result of one search: what is compared across crates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Outcome {
    score: i32,
    nodes: u64,
}

/// Searches `board` to `depth`. With `CHECK`, every quiescence node also
/// compares the incremental material with the back end's own count.
fn search<B: Backend, const CHECK: bool>(
    board: &B::Board,
    depth: u32,
    stack: &mut [Ply<B>],
) -> Outcome {
    let mut board = board.clone();
    let mut nodes = 0;
    let material = B::material(&board);
    let window = (-INFINITY, INFINITY);
    let score = negamax::<B, CHECK>(&mut board, depth, 0, window, material, stack, &mut nodes);
    Outcome { score, nodes }
}

/// Generates one stage of a node's moves into `moves`, in search order: the
/// noisy moves (captures and promotions: few, so picked one at a time, as
/// most nodes cut off after one or two) or the quiet ones (sorted once).
/// The stages' keys do not overlap, so searching noisy then quiet is the
/// order of [`order_key`] over all moves.
#[inline(always)]
fn generate<B: Backend>(board: &B::Board, ply: &mut Ply<B>, noisy: bool, quiets_follow: bool) {
    let moves = &mut ply.moves;
    moves.len = 0;
    if noisy {
        B::noisy_moves(board, moves, &mut ply.scratch, quiets_follow);
    } else {
        B::quiet_moves(board, moves, &mut ply.scratch);
        moves.items[..moves.len].sort_unstable_by_key(|item| item.0);
    }
}

/// Negamax alpha-beta, fail-soft. `material` is the side to move's balance.
fn negamax<B: Backend, const CHECK: bool>(
    board: &mut B::Board,
    depth: u32,
    ply: i32,
    (mut alpha, beta): (i32, i32),
    material: i32,
    stack: &mut [Ply<B>],
    nodes: &mut u64,
) -> i32 {
    if depth == 0 {
        return quiesce::<B, CHECK>(board, ply, (alpha, beta), material, stack, nodes);
    }
    *nodes += 1;
    let (this, deeper) = stack.split_first_mut().expect("MAX_PLY is enough");
    let mut best = -INFINITY;
    let mut searched = 0;
    // Staged, as engines do: the quiet moves are generated only when no
    // capture or promotion cut off.
    for noisy in [true, false] {
        generate::<B>(board, this, noisy, true);
        let moves = &mut this.moves;
        for i in 0..moves.len {
            let (key, mv) = if noisy { moves.pick(i) } else { moves.items[i] };
            searched += 1;
            let after = -(material + gain(key));
            let score = -B::play(board, mv, |child| {
                let window = (-beta, -alpha);
                negamax::<B, CHECK>(child, depth - 1, ply + 1, window, after, deeper, nodes)
            });
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
    }
    if searched == 0 {
        return if B::in_check(board) { ply - MATE } else { 0 };
    }
    best
}

/// Quiescence: captures and promotions after standing pat on `material`;
/// in check, every evasion and no standing pat.
fn quiesce<B: Backend, const CHECK: bool>(
    board: &mut B::Board,
    ply: i32,
    (mut alpha, beta): (i32, i32),
    material: i32,
    stack: &mut [Ply<B>],
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if CHECK {
        assert_eq!(
            material,
            B::material(board),
            "{}: incremental material",
            B::NAME
        );
    }
    let (this, deeper) = stack.split_first_mut().expect("MAX_PLY is enough");
    let in_check = B::in_check(board);
    let mut best = -INFINITY;
    if !in_check {
        best = material;
        if best >= beta {
            return best;
        }
        alpha = alpha.max(best);
    }
    let mut searched = 0;
    for noisy in [true, false] {
        if !noisy && !in_check {
            break;
        }
        generate::<B>(board, this, noisy, in_check);
        let moves = &mut this.moves;
        for i in 0..moves.len {
            let (key, mv) = if noisy { moves.pick(i) } else { moves.items[i] };
            searched += 1;
            let after = -(material + gain(key));
            let score = -B::play(board, mv, |child| {
                quiesce::<B, CHECK>(child, ply + 1, (-beta, -alpha), after, deeper, nodes)
            });
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
    }
    if in_check && searched == 0 {
        return ply - MATE;
    }
    best
}

// --- The back ends -----------------------------------------------------------

struct Magicboard;

impl Backend for Magicboard {
    const NAME: &'static str = "magicboard";
    type Board = magicboard::Board;
    type Move = magicboard::Move;
    type Scratch = ();

    fn no_move() -> magicboard::Move {
        magicboard::Move::NULL
    }

    fn board(fen: &str) -> magicboard::Board {
        magicboard::Board::from_fen(fen).expect("valid FEN")
    }

    #[inline(always)]
    fn in_check(board: &magicboard::Board) -> bool {
        board.in_check()
    }

    #[inline(always)]
    fn material(board: &magicboard::Board) -> i32 {
        use magicboard::PieceKind::*;
        let us = board.side_to_move();
        let mut score = 0;
        for (kind, value) in [Pawn, Knight, Bishop, Rook, Queen].into_iter().zip(VALUES) {
            let ours = board.colored_pieces(us, kind).count() as i32;
            let theirs = board.colored_pieces(!us, kind).count() as i32;
            score += value * (ours - theirs);
        }
        score
    }

    #[inline(always)]
    fn noisy_moves(
        board: &magicboard::Board,
        out: &mut Moves<magicboard::Move>,
        _: &mut (),
        _quiets_follow: bool,
    ) {
        // Targeted generation, straight into our buffer. Its moves are
        // captures, en passant and promotions: the mailbox (`kind_on`)
        // answers for mover and victim, without the guards `moved` and
        // `captured` keep for arbitrary moves.
        board.for_each_capture(|mv| {
            let (from, to) = (mv.from(), mv.to());
            let mover = board.kind_on(from).map_or(0, |kind| kind.index() as u32);
            // Onto an empty square, a pawn changing file takes en passant.
            let pawn = magicboard::PieceKind::Pawn.index() as u32;
            let en_passant = mover == pawn && from.file() != to.file();
            let victim = match board.kind_on(to) {
                Some(kind) => kind.index() as u32 + 1,
                None => u32::from(en_passant),
            };
            let promotion = mv.promotion().map_or(0, |kind| kind.index() as u32);
            let (from, to) = (from.index() as u32, to.index() as u32);
            out.push(mv, from, to, promotion, victim, mover);
            true
        });
    }

    #[inline(always)]
    fn quiet_moves(board: &magicboard::Board, out: &mut Moves<magicboard::Move>, _: &mut ()) {
        // Castling's `to` is the rook's square already.
        board.for_each_quiet(|mv| {
            out.push(
                mv,
                mv.from().index() as u32,
                mv.to().index() as u32,
                0,
                0,
                0,
            );
            true
        });
    }

    #[inline(always)]
    fn play<R>(
        board: &mut magicboard::Board,
        mv: magicboard::Move,
        then: impl FnOnce(&mut magicboard::Board) -> R,
    ) -> R {
        // The moves come from the generator: no guards needed.
        let undo = board.make_move_unchecked(mv);
        let result = then(board);
        board.unmake_move(mv, undo);
        result
    }
}

struct Cozy;

/// The noisy stage's `PieceMoves`, unmasked, for the quiet stage.
struct CozyScratch {
    pieces: [cozy_chess::PieceMoves; 32],
    len: usize,
}

impl Default for CozyScratch {
    fn default() -> CozyScratch {
        let none = cozy_chess::PieceMoves {
            piece: cozy_chess::Piece::Pawn,
            from: cozy_chess::Square::A1,
            to: cozy_chess::BitBoard::EMPTY,
        };
        CozyScratch {
            pieces: [none; 32],
            len: 0,
        }
    }
}

/// Where a piece's noisy moves go.
struct CozyMasks {
    theirs: cozy_chess::BitBoard,
    /// The en-passant destination square, if any.
    ep: cozy_chess::BitBoard,
    promotion_rank: cozy_chess::BitBoard,
}

impl CozyMasks {
    #[inline(always)]
    fn new(board: &cozy_chess::Board) -> CozyMasks {
        use cozy_chess::{BitBoard, Rank, Square};
        let us = board.side_to_move();
        let ep = match board.en_passant() {
            Some(file) => Square::new(file, Rank::Sixth.relative_to(us)).bitboard(),
            None => BitBoard::EMPTY,
        };
        CozyMasks {
            theirs: board.colors(!us),
            ep,
            promotion_rank: Rank::Eighth.relative_to(us).bitboard(),
        }
    }

    /// Enemy pieces, and for pawns also en passant and promotion squares.
    #[inline(always)]
    fn noisy(&self, piece: cozy_chess::Piece) -> cozy_chess::BitBoard {
        if piece == cozy_chess::Piece::Pawn {
            self.theirs | self.ep | self.promotion_rank
        } else {
            self.theirs
        }
    }
}

impl Cozy {
    #[inline(always)]
    fn push_noisy(
        board: &cozy_chess::Board,
        moves: cozy_chess::PieceMoves,
        theirs: cozy_chess::BitBoard,
        ep: cozy_chess::BitBoard,
        out: &mut Moves<cozy_chess::Move>,
    ) {
        let pawn = moves.piece == cozy_chess::Piece::Pawn;
        let mover = moves.piece as u32;
        for mv in moves {
            let victim = if theirs.has(mv.to) {
                board.piece_on(mv.to).map_or(0, |piece| piece as u32 + 1)
            } else if pawn && ep.has(mv.to) {
                1
            } else {
                0
            };
            let promotion = mv.promotion.map_or(0, |piece| piece as u32);
            out.push(mv, mv.from as u32, mv.to as u32, promotion, victim, mover);
        }
    }
}

impl Backend for Cozy {
    const NAME: &'static str = "cozy-chess";
    type Board = cozy_chess::Board;
    type Move = cozy_chess::Move;
    type Scratch = CozyScratch;

    fn no_move() -> cozy_chess::Move {
        cozy_chess::Move {
            from: cozy_chess::Square::A1,
            to: cozy_chess::Square::A1,
            promotion: None,
        }
    }

    fn board(fen: &str) -> cozy_chess::Board {
        cozy_chess::Board::from_fen(fen, false).expect("valid FEN for cozy-chess")
    }

    #[inline(always)]
    fn in_check(board: &cozy_chess::Board) -> bool {
        !board.checkers().is_empty()
    }

    #[inline(always)]
    fn material(board: &cozy_chess::Board) -> i32 {
        use cozy_chess::Piece::*;
        let us = board.side_to_move();
        let mut score = 0;
        for (piece, value) in [Pawn, Knight, Bishop, Rook, Queen].into_iter().zip(VALUES) {
            let ours = board.colored_pieces(us, piece).len() as i32;
            let theirs = board.colored_pieces(!us, piece).len() as i32;
            score += value * (ours - theirs);
        }
        score
    }

    #[inline(always)]
    fn noisy_moves(
        board: &cozy_chess::Board,
        out: &mut Moves<cozy_chess::Move>,
        scratch: &mut CozyScratch,
        quiets_follow: bool,
    ) {
        let masks = CozyMasks::new(board);
        if !quiets_follow {
            // Quiescence, not in check: only the noisy moves are wanted, so
            // `generate_moves_for` gets a mask without what cannot make one:
            // - the king: its full legal set (a safety test on every empty
            //   neighbour, and castling) is not generated; its captures are
            //   tried with `is_legal` instead;
            // - the pawns that neither attack an enemy piece or the
            //   en-passant square nor stand on the seventh rank (two shifts).
            // (Both measured: docs/performance.md, "Decisions that shaped
            // the code".)
            let us = board.side_to_move();
            let king = board.king(us);
            let targets = (masks.theirs | masks.ep).0;
            const NOT_A: u64 = !0x0101_0101_0101_0101;
            const NOT_H: u64 = !0x8080_8080_8080_8080;
            let attackers = match us {
                cozy_chess::Color::White => ((targets >> 7) & NOT_A) | ((targets >> 9) & NOT_H),
                cozy_chess::Color::Black => ((targets << 7) & NOT_H) | ((targets << 9) & NOT_A),
            };
            let seventh = cozy_chess::Rank::Seventh.relative_to(us).bitboard();
            let pawns = board.pieces(cozy_chess::Piece::Pawn);
            let skip = king.bitboard() | (pawns & !(seventh | cozy_chess::BitBoard(attackers)));
            board.generate_moves_for(!skip, |mut moves| {
                moves.to &= masks.noisy(moves.piece);
                Self::push_noisy(board, moves, masks.theirs, masks.ep, out);
                false
            });
            for to in cozy_chess::get_king_moves(king) & masks.theirs {
                let mv = cozy_chess::Move {
                    from: king,
                    to,
                    promotion: None,
                };
                if board.is_legal(mv) {
                    let victim = board.piece_on(to).map_or(0, |piece| piece as u32 + 1);
                    out.push(mv, king as u32, to as u32, 0, victim, 5);
                }
            }
            return;
        }
        scratch.len = 0;
        board.generate_moves(|mut moves| {
            if quiets_follow {
                // PieceMoves are small values: keep them for the quiet stage.
                scratch.pieces[scratch.len] = moves;
                scratch.len += 1;
            }
            moves.to &= masks.noisy(moves.piece);
            Self::push_noisy(board, moves, masks.theirs, masks.ep, out);
            false
        });
    }

    #[inline(always)]
    fn quiet_moves(
        _board: &cozy_chess::Board,
        out: &mut Moves<cozy_chess::Move>,
        scratch: &mut CozyScratch,
    ) {
        let masks = CozyMasks::new(_board);
        for &moves in &scratch.pieces[..scratch.len] {
            // The complement of the noisy mask. Castling is the king taking
            // its own rook: kept, and its `to` is the rook's square.
            let mut moves = moves;
            moves.to &= !masks.noisy(moves.piece);
            for mv in moves {
                out.push(mv, mv.from as u32, mv.to as u32, 0, 0, 0);
            }
        }
    }

    #[inline(always)]
    fn play<R>(
        board: &mut cozy_chess::Board,
        mv: cozy_chess::Move,
        then: impl FnOnce(&mut cozy_chess::Board) -> R,
    ) -> R {
        let mut child = board.clone();
        child.play_unchecked(mv);
        then(&mut child)
    }
}

/// The `chess` crate (its author's name keeps it apart from the word).
struct Jordan;

/// The noisy stage's generator (its iterated moves removed), and the quiet
/// moves the noisy stage's masks let through, for the quiet stage.
struct JordanScratch {
    moves: chess::MoveGen,
    deferred: Deferred,
}

/// The quiet moves the noisy stage's masks let through.
struct Deferred {
    moves: [chess::ChessMove; 64],
    len: usize,
}

impl Default for JordanScratch {
    fn default() -> JordanScratch {
        JordanScratch {
            moves: chess::MoveGen::new_legal(&chess::Board::default()),
            deferred: Deferred {
                moves: [chess::ChessMove::default(); 64],
                len: 0,
            },
        }
    }
}

impl Deferred {
    #[inline(always)]
    fn defer(&mut self, mv: chess::ChessMove, keep: bool) {
        if keep {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }
}

impl Jordan {
    #[inline(always)]
    fn push(
        board: &chess::Board,
        mv: chess::ChessMove,
        theirs: chess::BitBoard,
        ep: Option<chess::Square>,
        out: &mut Moves<chess::ChessMove>,
    ) {
        use chess::Piece;
        let (from, mut to) = (mv.get_source(), mv.get_dest());
        let piece = board.piece_on(from).expect("a legal move's piece");
        let victim = if theirs & chess::BitBoard::from_square(to) != chess::EMPTY {
            board.piece_on(to).map_or(0, |p| p.to_index() as u32 + 1)
        } else if piece == Piece::Pawn && ep == Some(to) {
            1
        } else {
            0
        };
        if piece == Piece::King && from.to_index().abs_diff(to.to_index()) == 2 {
            // Castling (king two squares): the canonical key names the rook.
            to = Self::castling_rook(to);
        }
        let promotion = mv.get_promotion().map_or(0, |p| p.to_index() as u32);
        out.push(
            mv,
            from.to_index() as u32,
            to.to_index() as u32,
            promotion,
            victim,
            piece.to_index() as u32,
        );
    }

    /// The castling rook's square for a king's two-square castling move
    /// to `to` (the canonical key's destination for castling).
    #[inline(always)]
    fn castling_rook(to: chess::Square) -> chess::Square {
        use chess::{File, Square};
        let rook_file = if to.get_file() == File::G {
            File::H
        } else {
            File::A
        };
        Square::make_square(to.get_rank(), rook_file)
    }

    /// A quiet move: no victim, and no mover needed for its key (which
    /// the king's square tells for castling).
    #[inline(always)]
    fn push_quiet(king: chess::Square, mv: chess::ChessMove, out: &mut Moves<chess::ChessMove>) {
        let (from, mut to) = (mv.get_source(), mv.get_dest());
        if from == king && from.to_index().abs_diff(to.to_index()) == 2 {
            // Castling (king two squares): the canonical key names the rook.
            to = Self::castling_rook(to);
        }
        let promotion = mv.get_promotion().map_or(0, |p| p.to_index() as u32);
        out.push(
            mv,
            from.to_index() as u32,
            to.to_index() as u32,
            promotion,
            0,
            0,
        );
    }

    /// The en-passant destination (chess stores the square of the pawn
    /// that may be taken).
    #[inline(always)]
    fn en_passant(board: &chess::Board) -> Option<chess::Square> {
        board
            .en_passant()
            .map(|sq| sq.uforward(board.side_to_move()))
    }
}

impl Backend for Jordan {
    const NAME: &'static str = "chess";
    type Board = chess::Board;
    type Move = chess::ChessMove;
    type Scratch = JordanScratch;

    fn no_move() -> chess::ChessMove {
        chess::ChessMove::default()
    }

    fn board(fen: &str) -> chess::Board {
        std::str::FromStr::from_str(fen).expect("valid FEN for chess")
    }

    #[inline(always)]
    fn in_check(board: &chess::Board) -> bool {
        *board.checkers() != chess::EMPTY
    }

    #[inline(always)]
    fn material(board: &chess::Board) -> i32 {
        use chess::Piece::*;
        let us = *board.color_combined(board.side_to_move());
        let them = *board.color_combined(!board.side_to_move());
        let mut score = 0;
        for (piece, value) in [Pawn, Knight, Bishop, Rook, Queen].into_iter().zip(VALUES) {
            let kind = *board.pieces(piece);
            score += value * ((kind & us).popcnt() as i32 - (kind & them).popcnt() as i32);
        }
        score
    }

    #[inline(always)]
    fn noisy_moves(
        board: &chess::Board,
        out: &mut Moves<chess::ChessMove>,
        scratch: &mut JordanScratch,
        quiets_follow: bool,
    ) {
        use chess::{BitBoard, EMPTY, MoveGen, Piece, Rank, get_rank};
        let us = board.side_to_move();
        let theirs = *board.color_combined(!us);
        let ep = Self::en_passant(board);
        let ep_bb = ep.map_or(EMPTY, BitBoard::from_square);
        let JordanScratch { moves, deferred } = scratch;
        deferred.len = 0;
        // Built in place in the scratch: moving the generator (18 entries)
        // by value into and out of an `Option` there costs a copy each way
        // (measured: docs/performance.md, "Decisions that shaped the code").
        *moves = MoveGen::new_legal(board);
        // Captures: destinations on enemy pieces or the en-passant square
        // (where only a pawn's move is a capture). An iterated move leaves
        // the generator, so a quiet one met here is kept for later.
        moves.set_iterator_mask(theirs | ep_bb);
        for mv in &mut *moves {
            if ep == Some(mv.get_dest()) && board.piece_on(mv.get_source()) != Some(Piece::Pawn) {
                deferred.defer(mv, quiets_follow);
            } else {
                Self::push(board, mv, theirs, ep, out);
            }
        }
        // Promotions without capture, when a pawn is one step away.
        let (seventh, last) = match us {
            chess::Color::White => (get_rank(Rank::Seventh), get_rank(Rank::Eighth)),
            chess::Color::Black => (get_rank(Rank::Second), get_rank(Rank::First)),
        };
        let pawns = *board.pieces(Piece::Pawn) & *board.color_combined(us);
        if pawns & seventh != EMPTY {
            moves.set_iterator_mask(last & !*board.combined());
            for mv in &mut *moves {
                if mv.get_promotion().is_some() {
                    Self::push(board, mv, theirs, ep, out);
                } else {
                    deferred.defer(mv, quiets_follow);
                }
            }
        }
    }

    #[inline(always)]
    fn quiet_moves(
        board: &chess::Board,
        out: &mut Moves<chess::ChessMove>,
        scratch: &mut JordanScratch,
    ) {
        let king = board.king_square(board.side_to_move());
        let moves = &mut scratch.moves;
        // What the noisy stage left: every other move.
        moves.set_iterator_mask(!chess::EMPTY);
        for mv in &mut *moves {
            Self::push_quiet(king, mv, out);
        }
        for &mv in &scratch.deferred.moves[..scratch.deferred.len] {
            Self::push_quiet(king, mv, out);
        }
    }

    #[inline(always)]
    fn play<R>(
        board: &mut chess::Board,
        mv: chess::ChessMove,
        then: impl FnOnce(&mut chess::Board) -> R,
    ) -> R {
        let mut child = board.make_move_new(mv);
        then(&mut child)
    }
}

// --- The positions -------------------------------------------------------------

/// The five CPW positions, CPW's sixth (a quiet middlegame), and 20
/// positions of Ethereal's standard suite (castling, minor and major piece
/// endings, pawn endings and promotion races), each with its search depth
/// (chosen so each takes a few to a few tens of milliseconds on magicboard).
const POSITIONS: &[(&str, &str, u32)] = &[
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        7,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    ("cpw3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 8),
    (
        "cpw4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        6,
    ),
    (
        "cpw5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        6,
    ),
    (
        "cpw6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        5,
    ),
    ("rooks-castle-w", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 7),
    ("rooks-castle-b", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 7),
    ("rooks-b1", "r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 0 1", 7),
    ("knights", "8/1n4N1/2k5/8/8/5K2/1N4n1/8 w - - 0 1", 9),
    ("knights-centre", "8/8/4k3/3Nn3/3nN3/4K3/8/8 w - - 0 1", 9),
    ("bishops", "B6b/8/8/8/2K5/4k3/8/b6B w - - 0 1", 8),
    ("bishops-2", "8/8/1B6/7b/7k/8/2B1b3/7K w - - 0 1", 7),
    ("rooks", "7k/RR6/8/8/8/8/rr6/7K w - - 0 1", 7),
    ("rooks-2", "R6r/8/8/2K5/5k2/8/8/r6R w - - 0 1", 7),
    ("queens", "K7/8/8/3Q4/4q3/8/8/7k w - - 0 1", 7),
    ("pawns-blocked", "8/2k1p3/3pP3/3P2K1/8/8/8/8 w - - 0 1", 11),
    (
        "pawns-blocked-b",
        "8/2k1p3/3pP3/3P2K1/8/8/8/8 b - - 0 1",
        11,
    ),
    ("pawns-d", "8/8/3k4/3p4/3P4/3K4/8/8 w - - 0 1", 12),
    ("pawns-two", "k7/8/8/3p4/4p3/8/8/7K w - - 0 1", 11),
    ("pawns-four", "3k4/3pp3/8/8/8/8/3PP3/3K4 w - - 0 1", 10),
    ("pawns-four-b", "3k4/3pp3/8/8/8/8/3PP3/3K4 b - - 0 1", 10),
    ("promotion", "n1n5/1Pk5/8/8/8/8/5Kp1/5N1N w - - 0 1", 8),
    ("promotion-3", "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1", 7),
    ("promotion-3n", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", 6),
    (
        "promotion-3n-b",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        6,
    ),
];

// --- Running and timing ----------------------------------------------------------

/// One crate's boards and move stack, ready to search.
struct Runner<B: Backend> {
    boards: Vec<B::Board>,
    stack: Vec<Ply<B>>,
}

impl<B: Backend> Runner<B> {
    fn new() -> Runner<B> {
        Runner {
            boards: POSITIONS.iter().map(|p| B::board(p.1)).collect(),
            stack: (0..MAX_PLY)
                .map(|_| Ply {
                    moves: Moves::new(B::no_move()),
                    scratch: B::Scratch::default(),
                })
                .collect(),
        }
    }

    fn run(&mut self, index: usize) -> Outcome {
        search::<B, false>(
            black_box(&self.boards[index]),
            POSITIONS[index].2,
            &mut self.stack,
        )
    }

    /// [`Runner::run`], also checking the incremental evaluation.
    fn check(&mut self, index: usize) -> Outcome {
        search::<B, true>(&self.boards[index], POSITIONS[index].2, &mut self.stack)
    }

    /// CPU (or wall) nanoseconds of one search, and its outcome.
    fn timed(&mut self, clock: &Clock, index: usize) -> (u64, Outcome) {
        let start = clock.now_ns();
        let outcome = black_box(self.run(index));
        (clock.now_ns() - start, outcome)
    }
}

fn median(values: &mut [u64]) -> f64 {
    values.sort_unstable();
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2] as f64
    } else {
        (values[n / 2 - 1] + values[n / 2]) as f64 / 2.0
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo bench` passes `--bench`; `cargo test --bench search` does not,
    // and then only the differential check runs (as criterion benches do).
    let has = |flag: &str| args.iter().any(|a| a == flag);
    // The word after `flag`, if any.
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
    };
    let check_only = has("--check") || !(has("--bench") || has("--rounds"));
    let rounds = value("--rounds").map_or(7, |n| n.parse().expect("--rounds N"));

    // Every non-CPW position must come from the standard suite.
    let suite = epd_fens(STANDARD_EPD);
    let cpw = epd_fens(CPW_EPD);
    for (name, fen, _) in POSITIONS {
        assert!(
            suite.iter().chain(&cpw).any(|f| f == fen),
            "{name} is not in tests/data"
        );
    }

    let mut ours = Runner::<Magicboard>::new();
    let mut cozy = Runner::<Cozy>::new();
    let mut jordan = Runner::<Jordan>::new();

    // `--only NAME --rounds N`: search with one crate only (for profilers).
    if let Some(name) = value("--only") {
        // `--position NAME`: that position only.
        let only_position = value("--position");
        if let Some(wanted) = only_position {
            assert!(
                POSITIONS.iter().any(|(name, _, _)| name == wanted),
                "--position {wanted}: no such position; the names are {:?}",
                POSITIONS
                    .iter()
                    .map(|(name, _, _)| name)
                    .collect::<Vec<_>>()
            );
        }
        for _ in 0..rounds {
            for (i, (position, _, _)) in POSITIONS.iter().enumerate() {
                if only_position.is_some_and(|p| p != position) {
                    continue;
                }
                match name.as_str() {
                    "magicboard" => black_box(ours.run(i)),
                    "cozy-chess" => black_box(cozy.run(i)),
                    "chess" => black_box(jordan.run(i)),
                    _ => panic!("--only magicboard|cozy-chess|chess"),
                };
            }
        }
        return;
    }
    // The differential check: the same tree everywhere.
    let mut outcomes = Vec::new();
    for (i, (name, _, depth)) in POSITIONS.iter().enumerate() {
        let expected = ours.check(i);
        assert_eq!(
            cozy.check(i),
            expected,
            "{name} depth {depth}: cozy-chess vs magicboard"
        );
        assert_eq!(
            jordan.check(i),
            expected,
            "{name} depth {depth}: chess vs magicboard"
        );
        outcomes.push(expected);
    }
    let total_nodes: u64 = outcomes.iter().map(|o| o.nodes).sum();
    println!(
        "search: {} positions, node counts and scores equal on {}, {} and {} ({total_nodes} nodes each)",
        POSITIONS.len(),
        Magicboard::NAME,
        Cozy::NAME,
        Jordan::NAME
    );
    if check_only {
        for ((name, _, depth), o) in POSITIONS.iter().zip(&outcomes) {
            println!(
                "{name:>16} depth {depth:>2}: {:>9} nodes, score {}",
                o.nodes, o.score
            );
        }
        return;
    }

    let clock = Clock::from_env();
    let n = POSITIONS.len();
    // times[crate][position][round], totals[crate][round]
    let mut times = vec![vec![Vec::new(); n]; 3];
    let mut totals: [Vec<u64>; 3] = Default::default();
    eprintln!("timing with {}, {rounds} rounds", clock.name());
    for round in 0..rounds {
        let mut total = [0u64; 3];
        for (i, expected) in outcomes.iter().enumerate() {
            for k in 0..3 {
                let which = (k + round) % 3; // rotate who goes first
                let (ns, outcome) = match which {
                    0 => ours.timed(&clock, i),
                    1 => cozy.timed(&clock, i),
                    _ => jordan.timed(&clock, i),
                };
                assert_eq!(outcome, *expected);
                times[which][i].push(ns);
                total[which] += ns;
            }
        }
        eprintln!(
            "round {}: magicboard {:.3} s, cozy-chess {:.3} s, chess {:.3} s",
            round + 1,
            total[0] as f64 / 1e9,
            total[1] as f64 / 1e9,
            total[2] as f64 / 1e9
        );
        for k in 0..3 {
            totals[k].push(total[k]);
        }
    }

    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    println!(
        "CPU: {cpu}; clock: {}; median of {rounds} rounds",
        clock.name()
    );
    println!();
    println!(
        "| position | depth | nodes | magicboard ms | cozy-chess ms | chess ms | magicboard Mnps | cozy-chess Mnps | chess Mnps | cozy / mb | chess / mb |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let row = |name: &str, depth: String, nodes: u64, t: [f64; 3]| {
        let mnps = |ns: f64| nodes as f64 / ns * 1e3;
        println!(
            "| {name} | {depth} | {nodes} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            t[0] / 1e6,
            t[1] / 1e6,
            t[2] / 1e6,
            mnps(t[0]),
            mnps(t[1]),
            mnps(t[2]),
            t[1] / t[0],
            t[2] / t[0]
        );
    };
    for (i, (name, _, depth)) in POSITIONS.iter().enumerate() {
        let t = [0, 1, 2].map(|k| median(&mut times[k][i]));
        row(name, depth.to_string(), outcomes[i].nodes, t);
    }
    let t = [0, 1, 2].map(|k| median(&mut totals[k]));
    row("**all**", String::new(), total_nodes, t);
}
