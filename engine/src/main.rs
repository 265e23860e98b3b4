//! A small UCI chess engine on magicboard's public API, written to be read.
//!
//! It is not strong; it shows each engine-facing call of the crate in the
//! place a real engine uses it:
//!
//! | technique | magicboard API |
//! | --- | --- |
//! | iterative deepening, alpha-beta with principal-variation search | `legal_moves`, `make_move_delta` / `unmake_move` |
//! | quiescence search over the noisy moves, losing captures pruned | `captures`, `see_ge` |
//! | transposition table, its move checked before it is trusted | `hash`, `Move::to_bits` / `from_bits`, `is_legal` |
//! | null-move pruning | `make_null_move` / `unmake_null_move` |
//! | killer moves, MVV-LVA ordering | `captured`, `moved`, `is_capture` |
//! | piece-square evaluation kept up to date move by move | `PieceDelta` (`removed`, `added`) |
//! | draws by repetition and the fifty-move rule | `hash`, `halfmove_clock`, `has_legal_moves` |
//! | UCI move text, standard and Chess960 castling | `parse_uci`, `uci`, `from_fen_chess960` |
//! | Syzygy endgame tables at the root: the move that wins fastest under the fifty-move rule | magicboard-syzygy's `Tablebase::root_moves` |
//!
//! Run it and type UCI commands, or give it to a GUI:
//!
//! ```text
//! cargo run --release -p magicboard-engine
//! uci
//! setoption name SyzygyPath value /path/to/syzygy
//! position startpos moves e2e4
//! go depth 6
//! ```
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name Hash value <MiB>`,
//! `setoption name UCI_Chess960 value true|false`,
//! `setoption name SyzygyPath value <directories>` (separated as in `PATH`;
//! `<empty>` for none),
//! `position (startpos | fen <FEN>) [moves ...]`,
//! `go [depth N] [movetime ms] [wtime ms btime ms [winc ms] [binc ms] [movestogo N]] [nodes N] [infinite]`,
//! `stop`, `quit`. A thread reads standard input while the engine thinks,
//! so `stop`, `quit` and `isready` are answered during a search.

use magicboard::{Board, Color, Move, MoveList, Piece, PieceDelta, PieceKind, Square};
use magicboard_syzygy::{Tablebase, Wdl};
use std::io::{self, BufRead};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

// Shared with the library's `uci_engine` example.
#[path = "../../examples/shared/position.rs"]
mod position;
/// The deepest the search goes (plies from the root, quiescence included).
const MAX_PLY: usize = 96;
const INFINITY: i32 = 32_000;
/// A mate `n` plies from the root scores `MATE - n`.
const MATE: i32 = 31_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

// ---------------------------------------------------------------------------
// Evaluation: material and piece-square tables, kept incrementally.
// ---------------------------------------------------------------------------

/// Piece values by `PieceKind::index()` (pawn ... king).
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];
/// How much each piece counts towards the middlegame (24 = all on board).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// Square bonuses, drawn as White sees the board (rank 8 on top), from the
/// Chess Programming Wiki's "Simplified Evaluation Function". The king's
/// table is for the middlegame; the endgame has its own (below).
#[rustfmt::skip]
const PST: [[i32; 64]; 6] = [
    [ // pawn (middlegame)
      0,  0,  0,  0,  0,  0,  0,  0,
     50, 50, 50, 50, 50, 50, 50, 50,
     10, 10, 20, 30, 30, 20, 10, 10,
      5,  5, 10, 25, 25, 10,  5,  5,
      0,  0,  0, 20, 20,  0,  0,  0,
      5, -5,-10,  0,  0,-10, -5,  5,
      5, 10, 10,-20,-20, 10, 10,  5,
      0,  0,  0,  0,  0,  0,  0,  0],
    [ // knight
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50],
    [ // bishop
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20],
    [ // rook
      0,  0,  0,  0,  0,  0,  0,  0,
      5, 10, 10, 10, 10, 10, 10,  5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
      0,  0,  0,  5,  5,  0,  0,  0],
    [ // queen
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20],
    [ // king (middlegame): stay behind the pawns
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20],
];

/// In the endgame a pawn is worth more the nearer it is to promoting (by
/// rank counted from its own side).
const PAWN_ENDGAME: [i32; 8] = [0, 0, 10, 20, 40, 60, 90, 0];

#[rustfmt::skip]
const KING_ENDGAME: [i32; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50];

/// The evaluation's running sums. A move changes a few pieces, and
/// `make_move_delta` says which: the sums are updated from that, never
/// recomputed from the whole board during the search.
#[derive(Clone, Copy, Default)]
struct Eval {
    /// Middlegame and endgame scores by colour (material included).
    middlegame: [i32; 2],
    endgame: [i32; 2],
    /// 24 with every piece on the board, 0 with pawns and kings only.
    phase: i32,
}

impl Eval {
    fn new(board: &Board) -> Eval {
        let mut eval = Eval::default();
        for sq in board.occupied() {
            eval.change(board.piece_on(sq).expect("occupied"), sq, 1);
        }
        eval
    }

    /// The tables are drawn with a8 first; White's a1 is row 7.
    fn table_index(piece: Piece, sq: Square) -> usize {
        match piece.color {
            Color::White => sq.index() ^ 56,
            Color::Black => sq.index(),
        }
    }

    /// Adds (`sign` 1) or removes (-1) a piece's value and square bonus.
    fn change(&mut self, piece: Piece, sq: Square, sign: i32) {
        let (kind, i) = (piece.kind.index(), Eval::table_index(piece, sq));
        let endgame_square = match piece.kind {
            PieceKind::Pawn => PAWN_ENDGAME[sq.rank().relative_to(piece.color).index()],
            PieceKind::King => KING_ENDGAME[i],
            _ => PST[kind][i],
        };
        let side = piece.color.index();
        self.middlegame[side] += sign * (VALUE[kind] + PST[kind][i]);
        self.endgame[side] += sign * (VALUE[kind] + endgame_square);
        self.phase += sign * PHASE[kind];
    }

    /// The board after a move, from the pieces it removed and added.
    fn apply(&mut self, delta: &PieceDelta) {
        for &(piece, sq) in delta.removed() {
            self.change(piece, sq, -1);
        }
        for &(piece, sq) in delta.added() {
            self.change(piece, sq, 1);
        }
    }

    /// The score for `side`: middlegame and endgame blended by the phase.
    fn score(&self, side: Color) -> i32 {
        let (us, them) = (side.index(), (!side).index());
        let phase = self.phase.min(24);
        let middlegame = self.middlegame[us] - self.middlegame[them];
        let endgame = self.endgame[us] - self.endgame[them];
        (middlegame * phase + endgame * (24 - phase)) / 24
    }
}

// ---------------------------------------------------------------------------
// The transposition table: what earlier searches found, by position key.
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    /// The score is exact (a principal-variation node).
    Exact,
    /// The true score is at least this (the node failed high: a cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    /// The full Zobrist key: the index uses only its low bits.
    key: u64,
    /// `Move::to_bits` of the best move found, 0 for none.
    best: u16,
    score: i16,
    depth: i8,
    bound: Bound,
}

struct Table {
    entries: Vec<Entry>,
}

impl Table {
    fn new(mib: usize) -> Table {
        let count = (mib.max(1) << 20) / std::mem::size_of::<Entry>();
        // A power of two, so that `key & (len - 1)` is the index.
        let count = 1 << (usize::BITS - 1 - count.leading_zeros());
        let empty = Entry {
            key: 0,
            best: 0,
            score: 0,
            depth: -1,
            bound: Bound::Upper,
        };
        Table {
            entries: vec![empty; count],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.entries[self.slot(key)];
        (entry.key == key && entry.depth >= 0).then_some(entry)
    }

    /// Always replaces: simple, and good enough for an example.
    fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Move) {
        let slot = self.slot(key);
        self.entries[slot] = Entry {
            key,
            best: best.to_bits(),
            score: score as i16,
            depth: depth.clamp(0, 127) as i8,
            bound,
        };
    }
}

/// Mate scores count plies from the root; the table stores them counted
/// from the node (`plies` = ply to store, -ply to load), so that an entry
/// is right wherever the position recurs.
fn mate_from_node(score: i32, plies: i32) -> i32 {
    match score {
        s if s > MATE_BOUND => s + plies,
        s if s < -MATE_BOUND => s - plies,
        s => s,
    }
}

// ---------------------------------------------------------------------------
// The search.
// ---------------------------------------------------------------------------

/// When to stop thinking, from the `go` command.
#[derive(Default)]
struct Limits {
    depth: Option<i32>,
    nodes: Option<u64>,
    /// Do not start another iteration after this.
    soft: Option<Duration>,
    /// Abandon the search at this (checked every 1,024 nodes).
    hard: Option<Duration>,
    /// `go infinite`: search until `stop`, and only then answer.
    infinite: bool,
}

struct Search<'a> {
    board: Board,
    eval: Eval,
    /// The keys of the game's positions, then those of the line being
    /// searched: for repetitions.
    keys: Vec<u64>,
    table: &'a mut Table,
    /// Two quiet moves per ply that caused a cut-off in a sibling node.
    killers: [[Move; 2]; MAX_PLY],
    /// The principal variation, a triangle: `pv[ply]` is the best line
    /// found from the node at `ply`.
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    nodes: u64,
    start: Instant,
    limits: Limits,
    stopped: bool,
    /// Commands that arrive while searching (read by the stdin thread).
    input: &'a Receiver<String>,
    /// Commands to handle after the search; `quit` is noted here too.
    later: Vec<String>,
}

impl Search<'_> {
    /// Every 1,024 nodes: out of time or nodes? A command waiting?
    fn check_stop(&mut self) {
        if self.nodes % 1024 != 0 {
            return;
        }
        let elapsed = self.start.elapsed();
        if self.limits.hard.is_some_and(|hard| elapsed >= hard)
            || self.limits.nodes.is_some_and(|nodes| self.nodes >= nodes)
        {
            self.stopped = true;
        }
        loop {
            match self.input.try_recv() {
                Ok(line) => self.command_during_search(line),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.stopped = true;
                    self.later.push("quit".into());
                    break;
                }
            }
        }
    }

    fn command_during_search(&mut self, line: String) {
        match line.trim() {
            "stop" => self.stopped = true,
            "isready" => println!("readyok"),
            "ponderhit" => {}
            "quit" => {
                self.stopped = true;
                self.later.push(line);
            }
            _ => self.later.push(line),
        }
    }

    /// A draw by the fifty-move rule, or a repetition: once inside the
    /// search is enough (the side that could win would not allow it).
    /// Only positions since the last capture or pawn move can repeat, and
    /// only those with the same side to move (every second one).
    fn is_draw(&self) -> bool {
        if self.board.halfmove_clock() >= 100 {
            // Unless the hundredth half-move gave mate: mate comes first.
            return !self.board.in_check() || self.board.has_legal_moves();
        }
        let key = self.board.hash();
        let n = self.keys.len();
        let reversible = (self.board.halfmove_clock() as usize).min(n - 1);
        (4..=reversible)
            .step_by(2)
            .any(|back| self.keys[n - 1 - back] == key)
    }

    /// Makes `mv`, updating the evaluation from its piece delta and
    /// recording the new key; returns what `unmake` needs.
    fn make(&mut self, mv: Move) -> (magicboard::Undo, Eval) {
        let before = self.eval;
        let (undo, delta) = self.board.make_move_delta(mv);
        self.eval.apply(&delta);
        self.keys.push(self.board.hash());
        (undo, before)
    }

    fn unmake(&mut self, mv: Move, (undo, eval): (magicboard::Undo, Eval)) {
        self.keys.pop();
        self.board.unmake_move(mv, undo);
        self.eval = eval;
    }

    /// Move ordering: the table's move, then captures (most valuable
    /// victim first, least valuable attacker first), promotions, the two
    /// killers, and the remaining quiet moves.
    fn order(&self, mv: Move, table_move: Move, ply: usize) -> i32 {
        if mv == table_move {
            return 1_000_000;
        }
        if let Some(victim) = self.board.captured(mv) {
            let attacker = self.board.moved(mv).map_or(0, PieceKind::index);
            return 100_000 + 10 * VALUE[victim.index()] - attacker as i32;
        }
        if mv.is_promotion() {
            return 90_000;
        }
        if mv == self.killers[ply][0] {
            return 80_000;
        }
        if mv == self.killers[ply][1] {
            return 70_000;
        }
        0
    }

    /// Takes the best-ordered move left in `moves[i..]` to `moves[i]`.
    fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) -> Move {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
        moves[i]
    }

    /// Alpha-beta negamax with principal-variation search: the first move
    /// gets the full window, the others a null window that only proves
    /// they are no better, and a re-search if one is.
    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32, null_ok: bool) -> i32 {
        self.pv_len[ply] = ply;
        if ply > 0 && self.is_draw() {
            return 0;
        }
        let in_check = self.board.in_check();
        // Check extension: a side in check gets one more ply to answer.
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(ply, alpha, beta);
        }
        self.nodes += 1;
        self.check_stop();
        if self.stopped {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let key = self.board.hash();

        // 1. The transposition table. Its move is only a hint: another
        // position can share the index (or, rarely, the key), so the move
        // is checked with `is_legal`, which answers any 16-bit value.
        let mut table_move = Move::NULL;
        if let Some(entry) = self.table.probe(key) {
            let stored = Move::from_bits(entry.best);
            if self.board.is_legal(stored) {
                table_move = stored;
            }
            let score = mate_from_node(i32::from(entry.score), -(ply as i32));
            if !pv_node && i32::from(entry.depth) >= depth {
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        // 2. Null-move pruning: if passing the turn still leaves us above
        // beta after a reduced search, a real move would too. Not in check
        // (`make_null_move` refuses then), not twice in a row, and not with
        // pawns alone (zugzwang is common there).
        let us = self.board.side_to_move();
        let pieces = self.board.colored(us)
            & !self.board.pieces(PieceKind::Pawn)
            & !self.board.pieces(PieceKind::King);
        if !pv_node && null_ok && depth >= 3 && !pieces.is_empty() && self.eval.score(us) >= beta {
            if let Some(undo) = self.board.make_null_move() {
                self.keys.push(self.board.hash());
                let reduction = 2 + depth / 4;
                let score = -self.negamax(depth - 1 - reduction, ply + 1, -beta, -beta + 1, false);
                self.keys.pop();
                self.board.unmake_null_move(undo);
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score > MATE_BOUND { beta } else { score };
                }
            }
        }

        // 3. The moves, best-looking first.
        let mut moves: MoveList = self.board.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let mut scores = [0; magicboard::MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = self.order(mv, table_move, ply);
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = moves[0];
        for i in 0..moves.len() {
            let mv = Search::pick(&mut moves, &mut scores[..], i);
            let quiet = !self.board.is_capture(mv) && !mv.is_promotion();
            let undo = self.make(mv);
            let score = if i == 0 {
                -self.negamax(depth - 1, ply + 1, -beta, -alpha, true)
            } else {
                let probe = -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha, true);
                if probe > alpha && probe < beta {
                    -self.negamax(depth - 1, ply + 1, -beta, -alpha, true)
                } else {
                    probe
                }
            };
            self.unmake(mv, undo);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        // A cut-off: remember a quiet refutation for siblings.
                        if quiet && self.killers[ply][0] != mv {
                            self.killers[ply][1] = self.killers[ply][0];
                            self.killers[ply][0] = mv;
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored = mate_from_node(best_score, ply as i32);
        self.table.store(key, depth, stored, bound, best_move);
        best_score
    }

    /// The line from `ply` is `mv`, then the best line found below it.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let below = self.pv_len[ply + 1].max(ply + 1);
        let (this, next) = self.pv.split_at_mut(ply + 1);
        this[ply][ply] = mv;
        this[ply][ply + 1..below].copy_from_slice(&next[0][ply + 1..below]);
        self.pv_len[ply] = below;
    }

    /// Quiescence: at the horizon, play on the captures and promotions
    /// (`captures()`) until the position is quiet, so that the evaluation
    /// is never taken in the middle of an exchange. The side to move may
    /// "stand pat" on the static evaluation; captures that the static
    /// exchange evaluation says lose material are not tried.
    fn quiesce(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.check_stop();
        if self.stopped {
            return 0;
        }
        let stand_pat = self.eval.score(self.board.side_to_move());
        if stand_pat >= beta || ply >= MAX_PLY - 1 {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;

        let mut moves = self.board.captures();
        let mut scores = [0; magicboard::MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = self.order(mv, Move::NULL, ply);
        }
        for i in 0..moves.len() {
            let mv = Search::pick(&mut moves, &mut scores[..], i);
            if !self.board.see_ge(mv, 0) {
                continue;
            }
            let undo = self.make(mv);
            let score = -self.quiesce(ply + 1, -beta, -alpha);
            self.unmake(mv, undo);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Iterative deepening: depth 1, 2, 3, ... each iteration ordered by
    /// the last one's table entries, until a limit says stop. Prints a UCI
    /// `info` line per finished iteration and returns the best move.
    fn run(&mut self) -> Move {
        let legal = self.board.legal_moves();
        let Some(&first) = legal.first() else {
            return Move::NULL;
        };
        let mut best = first;
        let max_depth = self.limits.depth.unwrap_or(MAX_PLY as i32 - 1);
        for depth in 1..=max_depth {
            let score = self.negamax(depth, 0, -INFINITY, INFINITY, false);
            if self.stopped {
                break; // an unfinished iteration's result is not trusted
            }
            best = self.pv[0][0];
            self.print_info(depth, score);
            let elapsed = self.start.elapsed();
            if self.limits.soft.is_some_and(|soft| elapsed >= soft)
                || (score.abs() > MATE_BOUND && !self.limits.infinite)
            {
                break;
            }
        }
        best
    }

    fn print_info(&self, depth: i32, score: i32) {
        let elapsed = self.start.elapsed();
        let score = if score > MATE_BOUND {
            format!("mate {}", (MATE - score + 1) / 2)
        } else if score < -MATE_BOUND {
            format!("mate -{}", (MATE + score) / 2)
        } else {
            format!("cp {score}")
        };
        let nps = (self.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
        let mut line = format!(
            "info depth {depth} score {score} nodes {} nps {nps} time {} pv",
            self.nodes,
            elapsed.as_millis()
        );
        // The moves are printed from the positions they are played in.
        let mut board = self.board.clone();
        for &mv in &self.pv[0][..self.pv_len[0]] {
            line += &format!(" {}", board.to_uci(mv));
            board.make_move(mv);
        }
        println!("{line}");
    }
}

// ---------------------------------------------------------------------------
// The UCI side: commands, the position, the clock.
// ---------------------------------------------------------------------------

struct Engine {
    board: Board,
    /// Keys of the game's positions, for repetitions across the game.
    keys: Vec<u64>,
    table: Table,
    chess960: bool,
    /// Syzygy tables (`SyzygyPath`), probed at the root.
    tables: Tablebase,
}

/// Scores of tablebase results: beyond any evaluation, below mates.
const TB_WIN: i32 = 20_000;

impl Engine {
    fn new() -> Engine {
        let board = Board::startpos();
        Engine {
            keys: vec![board.hash()],
            board,
            table: Table::new(16),
            chess960: false,
            tables: Tablebase::new(),
        }
    }

    /// `setoption name SyzygyPath value <directories>`: the tables in
    /// each directory (separated as in `PATH`), none for `<empty>`.
    fn set_syzygy_path(&mut self, value: &str) {
        self.tables = Tablebase::new();
        if value.is_empty() || value == "<empty>" {
            return;
        }
        let mut found = 0;
        for dir in std::env::split_paths(value) {
            match self.tables.add_directory(&dir) {
                Ok(n) => found += n,
                Err(err) => println!("info string error: {err}"),
            }
        }
        println!(
            "info string syzygy: {found} table files, up to {} pieces",
            self.tables.max_pieces()
        );
    }

    /// The tables' move at the root, when the position is in them: the
    /// first of `root_moves` (the fastest win the fifty-move rule allows,
    /// the longest resistance, or a drawing move), with an `info` line.
    /// `None` (the search decides) outside the tables or when a table is
    /// missing or unreadable.
    fn tablebase_move(&self) -> Option<Move> {
        let board = &self.board;
        if board.occupied().count() > self.tables.max_pieces()
            || !board.castling_rights().is_empty()
        {
            return None;
        }
        let best = match self.tables.best_move(board) {
            Ok(best) => best?,
            Err(err) => {
                println!("info string syzygy: {err}");
                return None;
            }
        };
        let dtz = best.dtz.map_or(0, |d| d.0.abs());
        let score = match best.wdl {
            Wdl::Win => TB_WIN - dtz,
            Wdl::CursedWin => 1,
            Wdl::Draw => 0,
            Wdl::BlessedLoss => -1,
            Wdl::Loss => -TB_WIN + dtz,
        };
        println!("info string syzygy: {}, DTZ {dtz}", best.wdl);
        println!(
            "info depth 1 score cp {score} nodes 0 tbhits 1 pv {}",
            board.to_uci(best.mv)
        );
        Some(best.mv)
    }

    /// `position (startpos | fen <FEN>) [moves ...]`.
    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        let boards = position::parse_position(words, self.chess960)?;
        self.keys = boards.iter().map(Board::hash).collect();
        self.board = boards.last().cloned().unwrap_or_else(Board::startpos);
        Ok(())
    }

    /// The limits of `go ...`.
    fn limits(&self, words: &[&str]) -> Limits {
        let number = |name: &str| {
            let i = words.iter().position(|&w| w == name)?;
            words.get(i + 1)?.parse::<u64>().ok()
        };
        let mut limits = Limits {
            depth: number("depth").map(|d| d.clamp(1, MAX_PLY as u64 - 1) as i32),
            nodes: number("nodes"),
            infinite: words.contains(&"infinite"),
            ..Limits::default()
        };
        if let Some(ms) = number("movetime") {
            limits.hard = Some(Duration::from_millis(ms));
            limits.soft = limits.hard;
        }
        let (time, increment) = match self.board.side_to_move() {
            Color::White => (number("wtime"), number("winc")),
            Color::Black => (number("btime"), number("binc")),
        };
        if let Some(time) = time {
            // A share of the clock, plus most of the increment; never more
            // than a third of what is left, less a margin for the GUI.
            let moves_to_go = number("movestogo").unwrap_or(30).max(1);
            let share = time / moves_to_go + increment.unwrap_or(0) * 3 / 4;
            let hard = (share * 2).min(time / 3).max(1);
            limits.hard = Some(Duration::from_millis(hard));
            limits.soft = Some(Duration::from_millis(share.min(hard) / 2));
        }
        if limits.infinite {
            limits.hard = None;
            limits.soft = None;
        }
        limits
    }

    /// Searches and answers `bestmove`; returns the commands that came in
    /// meanwhile, to handle next.
    fn go(&mut self, words: &[&str], input: &Receiver<String>) -> Vec<String> {
        let limits = self.limits(words);
        let infinite = limits.infinite;
        let tablebase_move = self.tablebase_move();
        let mut search = Search {
            eval: Eval::new(&self.board),
            board: self.board.clone(),
            keys: self.keys.clone(),
            table: &mut self.table,
            killers: [[Move::NULL; 2]; MAX_PLY],
            pv: vec![[Move::NULL; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            nodes: 0,
            start: Instant::now(),
            limits,
            stopped: false,
            input,
            later: Vec::new(),
        };
        let best = match tablebase_move {
            Some(mv) => mv,
            None => search.run(),
        };
        // `go infinite` answers only after `stop`, even when done early.
        while infinite && !search.stopped {
            match input.recv() {
                Ok(line) => search.command_during_search(line),
                Err(_) => break,
            }
        }
        println!("bestmove {}", self.board.to_uci(best));
        search.later
    }

    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str, input: &Receiver<String>, queue: &mut Vec<String>) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                println!("id name magicboard example engine");
                println!("id author the magicboard developers");
                println!("option name Hash type spin default 16 min 1 max 1024");
                println!("option name UCI_Chess960 type check default false");
                println!("option name SyzygyPath type string default <empty>");
                println!("uciok");
            }
            Some("isready") => println!("readyok"),
            Some("ucinewgame") => {
                let mib = (self.table.entries.len() * std::mem::size_of::<Entry>()) >> 20;
                self.table = Table::new(mib);
            }
            // The path may hold spaces: all that follows `value`.
            Some("setoption")
                if words
                    .get(2)
                    .is_some_and(|w| w.eq_ignore_ascii_case("SyzygyPath")) =>
            {
                let value = line.split_once(" value ").map_or("", |(_, v)| v.trim());
                self.set_syzygy_path(value);
            }
            Some("setoption") => match words[1..] {
                ["name", "Hash", "value", mib] => {
                    self.table = Table::new(mib.parse().unwrap_or(16).min(1024));
                }
                ["name", name, "value", value] if name.eq_ignore_ascii_case("UCI_Chess960") => {
                    self.chess960 = value == "true";
                }
                _ => {}
            },
            Some("position") => {
                if let Err(message) = self.position(&words[1..]) {
                    println!("info string error: {message}");
                }
            }
            Some("go") => {
                let later = self.go(&words[1..], input);
                queue.extend(later);
            }
            Some("quit") => return false,
            _ => {} // unknown commands are ignored, as UCI asks
        }
        true
    }
}

fn main() {
    // A thread reads standard input, so that commands reach the search
    // while it runs (it polls the channel every 1,024 nodes).
    let (sender, input) = mpsc::channel();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let mut engine = Engine::new();
    // Commands that arrived during a search come first, in order.
    let mut queue: Vec<String> = Vec::new();
    loop {
        let line = if queue.is_empty() {
            match input.recv() {
                Ok(line) => line,
                Err(_) => break, // standard input closed
            }
        } else {
            queue.remove(0)
        };
        if !engine.command(&line, &input, &mut queue) {
            break;
        }
    }
}
