//! A minimal UCI engine that plays a random legal move: enough to plug
//! magicboard into a chess GUI (or `cutechess-cli`) and watch it play.
//!
//! ```text
//! cargo run --release --example uci_engine
//! uci
//! position startpos moves e2e4
//! go
//! ```
//!
//! Understood commands: `uci`, `isready`, `ucinewgame`,
//! `setoption name UCI_Chess960 value true|false`,
//! `position (startpos | fen <FEN>) [moves <m1> <m2> ...]`, `go ...`
//! (answered at once with `bestmove`, or `bestmove 0000` when there is no
//! legal move), `stop`, `d` (prints the board: not UCI, for people) and
//! `quit`. Anything else is ignored, as the protocol asks. Problems (a bad
//! FEN, an illegal move) are reported as `info string` lines and leave the
//! previous position in place.

use magicboard::{Board, Move};
use std::io::{self, BufRead, Write};
use std::time::{SystemTime, UNIX_EPOCH};

#[path = "shared/position.rs"]
mod position;

struct Engine {
    board: Board,
    chess960: bool,
    rng: u64,
}

impl Engine {
    fn new() -> Engine {
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Engine {
            board: Board::startpos(),
            chess960: false,
            rng: seed | 1,
        }
    }

    /// xorshift64*: plenty for picking a move.
    fn random(&mut self) -> u64 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Handles one command; returns false on `quit`.
    fn command(&mut self, line: &str, out: &mut impl Write) -> io::Result<bool> {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("uci") => {
                writeln!(out, "id name magicboard random mover")?;
                writeln!(out, "id author the magicboard developers")?;
                writeln!(out, "option name UCI_Chess960 type check default false")?;
                writeln!(out, "uciok")?;
            }
            Some("isready") => writeln!(out, "readyok")?,
            Some("ucinewgame") => self.board = self.position(&["startpos"]).unwrap_or_default(),
            Some("setoption") => {
                // setoption name UCI_Chess960 value true
                let words: Vec<&str> = words.collect();
                if let ["name", name, "value", value] = words[..] {
                    if name.eq_ignore_ascii_case("UCI_Chess960") {
                        self.chess960 = value == "true";
                    }
                }
            }
            Some("position") => {
                let words: Vec<&str> = words.collect();
                match self.position(&words) {
                    Ok(board) => self.board = board,
                    Err(message) => writeln!(out, "info string error: {message}")?,
                }
            }
            Some("go") => {
                let moves = self.board.legal_moves();
                let best = if moves.is_empty() {
                    Move::NULL
                } else {
                    moves[(self.random() % moves.len() as u64) as usize]
                };
                writeln!(out, "bestmove {}", self.board.to_uci(best))?;
            }
            Some("d") => writeln!(out, "{}", self.board)?,
            Some("quit") => return Ok(false),
            _ => {}
        }
        Ok(true)
    }

    /// The board a `position` command describes (its words after `position`).
    fn position(&self, words: &[&str]) -> Result<Board, String> {
        let boards = position::parse_position(words, self.chess960)?;
        Ok(boards.last().cloned().unwrap_or_else(Board::startpos))
    }
}

fn main() -> io::Result<()> {
    let mut engine = Engine::new();
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let keep_going = engine.command(&line?, &mut out)?;
        out.flush()?;
        if !keep_going {
            break;
        }
    }
    Ok(())
}
