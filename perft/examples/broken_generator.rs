//! A move generator with a planted bug, to try `perft diverge` on (and the
//! test double of its tests): magicboard's legal moves, less en-passant
//! captures, or plus castling through check, or less underpromotions, at
//! the plies you choose. Its perft counts are consistently wrong, as a real
//! buggy generator's are.
//!
//! It speaks the perftree convention (`DEPTH FEN [MOVES]`, printing `move
//! count` lines, a blank line and the total), or with `--uci` a UCI engine's
//! `go perft`:
//!
//! ```text
//! cargo build --release --bin perft --example broken_generator
//! B=target/release/examples/broken_generator
//! $B --bug en-passant --plies 3 4 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
//! target/release/perft diverge --cmd "$B --bug en-passant --plies 3" --depth 5 \
//!     --fen "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
//! target/release/perft diverge --uci "$B --uci --bug underpromotion" --depth 4 \
//!     --fen "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"
//! ```
//!
//! Options: `--bug en-passant | castling-through-check | underpromotion |
//! none`; `--plies 2,3` (plies counted from the FEN, 0 being its side to
//! move's first; default every ply); `--castling king-rook | king-square`
//! (how it writes castling; default the board's own notation);
//! `--chess960` (read the FEN as Chess960); `--uci`; `--help` (the options
//! and the bugs, from [`help`]).

use magicboard::{Board, CastlingMode, CastlingSide, Move, PieceKind, Square};
use std::io::BufRead;
use std::process::ExitCode;

/// The planted bug.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    /// No bug: magicboard itself.
    None,
    /// En-passant captures are missing.
    EnPassant,
    /// Castling is allowed when a square the king passes is attacked.
    CastlingThroughCheck,
    /// Promotions to knight, bishop and rook are missing.
    Underpromotion,
}

impl Bug {
    /// Every bug: its `--bug` name and what it does.
    pub const ALL: [(Bug, &'static str, &'static str); 4] = [
        (Bug::None, "none", "no bug: magicboard itself"),
        (
            Bug::EnPassant,
            "en-passant",
            "en-passant captures are missing",
        ),
        (
            Bug::CastlingThroughCheck,
            "castling-through-check",
            "castling is allowed when a square the king passes is attacked",
        ),
        (
            Bug::Underpromotion,
            "underpromotion",
            "promotions to knight, bishop and rook are missing",
        ),
    ];

    /// The bug named `name` on the command line.
    pub fn from_name(name: &str) -> Option<Bug> {
        Bug::ALL
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|(bug, _, _)| *bug)
    }
}

/// The text of `--help`: the usage, the options and every bug.
pub fn help() -> String {
    let mut text = String::from(
        "broken_generator: magicboard's legal moves with a planted bug, to try `perft diverge` on\n\n\
         usage: broken_generator [options] DEPTH FEN [MOVES]\n\
         \x20      (perftree: prints `move count` lines, a blank line and the total)\n\
         \x20      broken_generator --uci [options]\n\
         \x20      (a UCI engine: answers `position` and `go perft DEPTH`)\n\n\
         options:\n\
         \x20 --bug NAME         the planted bug (default none):\n",
    );
    for (_, name, what) in Bug::ALL {
        text.push_str(&format!("      {name:<24}{what}\n"));
    }
    text.push_str(
        "  --plies 2,3        the plies where the bug bites, counted from the FEN (0: its side\n\
         \x20                    to move's first move); default every ply\n\
         \x20 --castling king-rook|king-square\n\
         \x20                    how castling is written (default the board's own notation)\n\
         \x20 --chess960         read the FEN as Chess960\n\
         \x20 --uci              speak UCI instead of the perftree convention\n\
         \x20 -h, --help         print this text\n",
    );
    text
}

/// The broken generator: the bug, the plies it bites at, and how castling
/// is written.
#[derive(Clone, Debug)]
pub struct Broken {
    pub bug: Bug,
    /// `None`: every ply.
    pub plies: Option<Vec<usize>>,
    /// `None`: the board's own notation.
    pub castling: Option<CastlingMode>,
}

impl Broken {
    pub fn new(bug: Bug, plies: Option<&[usize]>) -> Broken {
        Broken {
            bug,
            plies: plies.map(<[usize]>::to_vec),
            castling: None,
        }
    }

    fn bites(&self, ply: usize) -> bool {
        self.plies.as_ref().is_none_or(|p| p.contains(&ply))
    }

    /// The moves it generates on `board`, `ply` plies from its root.
    pub fn moves(&self, board: &Board, ply: usize) -> Vec<Move> {
        let mut moves: Vec<Move> = board.legal_moves().to_vec();
        if !self.bites(ply) {
            return moves;
        }
        match self.bug {
            Bug::None => {}
            Bug::EnPassant => moves.retain(|&mv| !is_en_passant(board, mv)),
            Bug::Underpromotion => {
                moves.retain(|mv| matches!(mv.promotion(), None | Some(PieceKind::Queen)))
            }
            Bug::CastlingThroughCheck => moves.extend(castling_through_check(board)),
        }
        moves
    }

    /// Its perft.
    pub fn perft(&self, board: &Board, depth: u32, ply: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves(board, ply);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| self.perft(&board.play_unchecked(mv), depth - 1, ply + 1))
            .sum()
    }

    /// How it writes `mv`.
    pub fn text(&self, board: &Board, mv: Move) -> String {
        mv.to_uci(
            self.castling
                .unwrap_or(magicboard::CastlingMode::from_chess960(board.is_chess960())),
        )
        .to_string()
    }

    /// Its divide: each move as it writes it, with its count.
    pub fn divide(&self, board: &Board, depth: u32, ply: usize) -> Vec<(String, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.moves(board, ply)
            .into_iter()
            .map(|mv| {
                let n = self.perft(&board.play_unchecked(mv), depth - 1, ply + 1);
                (self.text(board, mv), n)
            })
            .collect()
    }

    /// Reads one of its own moves on `board` (its notation, or any UCI
    /// text magicboard reads).
    pub fn parse(&self, board: &Board, ply: usize, text: &str) -> Option<Move> {
        let ours = self.moves(board, ply);
        ours.iter()
            .copied()
            .find(|&mv| self.text(board, mv) == text)
            .or_else(|| board.parse_uci(text).ok().filter(|mv| ours.contains(mv)))
    }
}

fn is_en_passant(board: &Board, mv: Move) -> bool {
    board.kind_on(mv.from()) == Some(PieceKind::Pawn) && board.en_passant() == Some(mv.to())
}

/// Castling moves that are illegal only because a square the king passes
/// (not the one it leaves or lands on) is attacked.
fn castling_through_check(board: &Board) -> Vec<Move> {
    let us = board.side_to_move();
    let king = board.king(us);
    if board.in_check() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for side in CastlingSide::ALL {
        let Some(rook) = board.castling_rights().rook_square(us, side) else {
            continue;
        };
        let mv = Move::castle(king, rook);
        let king_to = mv.king_destination();
        let rook_to = Square::new(side.rook_destination_file(), king.rank());
        let span = |a: Square, b: Square| {
            let (lo, hi) = (
                a.file().index().min(b.file().index()),
                a.file().index().max(b.file().index()),
            );
            (lo..=hi).map(move |f| Square::new(magicboard::File::from_index(f), a.rank()))
        };
        let blocked = span(king, king_to)
            .chain(span(rook, rook_to))
            .any(|sq| sq != king && sq != rook && board.piece_on(sq).is_some());
        let passes_attacked = span(king, king_to)
            .any(|sq| sq != king && sq != king_to && board.is_square_attacked(sq, !us));
        if !board.is_legal(mv)
            && !blocked
            && passes_attacked
            && !board.is_square_attacked(king_to, !us)
        {
            moves.push(mv);
        }
    }
    moves
}

/// The options, from the command line.
struct Options {
    broken: Broken,
    chess960: bool,
    uci: bool,
    help: bool,
    positional: Vec<String>,
}

fn options() -> Result<Options, String> {
    let mut broken = Broken::new(Bug::None, None);
    let mut chess960 = false;
    let mut uci = false;
    let mut help = false;
    let mut positional = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--bug" => {
                let name = value("--bug")?;
                broken.bug = Bug::from_name(&name).ok_or(format!(
                    "unknown bug '{name}' (broken_generator --help lists them)"
                ))?;
            }
            "--plies" => {
                let list = value("--plies")?;
                let plies: Result<Vec<usize>, _> = list.split(',').map(str::parse).collect();
                broken.plies = Some(plies.map_err(|_| format!("bad --plies '{list}'"))?);
            }
            "--castling" => {
                broken.castling = Some(match value("--castling")?.as_str() {
                    "king-rook" => CastlingMode::Chess960,
                    "king-square" => CastlingMode::Standard,
                    other => return Err(format!("unknown castling notation '{other}'")),
                })
            }
            "--chess960" => chess960 = true,
            "--uci" => uci = true,
            "-h" | "--help" => help = true,
            _ => positional.push(arg),
        }
    }
    Ok(Options {
        broken,
        chess960,
        uci,
        help,
        positional,
    })
}

/// The position `moves` (space-separated) after `fen`, and its ply.
fn position(
    broken: &Broken,
    fen: &str,
    chess960: bool,
    moves: &str,
) -> Result<(Board, usize), String> {
    let mut board = Board::from_fen_with(fen, CastlingMode::from_chess960(chess960))
        .map_err(|e| format!("bad FEN '{fen}': {e}"))?;
    let mut ply = 0;
    for text in moves.split_whitespace() {
        let mv = broken
            .parse(&board, ply, text)
            .ok_or(format!("illegal move '{text}'"))?;
        board = board.play_unchecked(mv);
        ply += 1;
    }
    Ok((board, ply))
}

fn perftree(o: &Options) -> Result<(), String> {
    let [depth, fen, rest @ ..] = &o.positional[..] else {
        return Err("usage: broken_generator [options] DEPTH FEN [MOVES] (--help for more)".into());
    };
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth '{depth}'"))?;
    let (board, ply) = position(&o.broken, fen, o.chess960, &rest.join(" "))?;
    let split = o.broken.divide(&board, depth, ply);
    for (mv, n) in &split {
        println!("{mv} {n}");
    }
    println!();
    println!("{}", split.iter().map(|(_, n)| n).sum::<u64>());
    Ok(())
}

fn uci(mut o: Options) -> Result<(), String> {
    let mut board_at = (Board::startpos(), 0);
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            ["uci"] => println!("id name broken_generator\nid author magicboard\nuciok"),
            ["isready"] => println!("readyok"),
            ["setoption", "name", "UCI_Chess960", "value", v] => o.chess960 = v == "true",
            ["quit"] => break,
            ["position", "fen", ref rest @ ..] => {
                let (fen, moves) = match rest.iter().position(|&w| w == "moves") {
                    Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
                    None => (rest.join(" "), String::new()),
                };
                board_at = position(&o.broken, &fen, o.chess960, &moves)?;
            }
            ["go", "perft", depth] => {
                let depth: u32 = depth.parse().map_err(|_| format!("bad depth '{depth}'"))?;
                let split = o.broken.divide(&board_at.0, depth, board_at.1);
                for (mv, n) in &split {
                    println!("{mv}: {n}");
                }
                println!();
                println!(
                    "Nodes searched: {}",
                    split.iter().map(|(_, n)| n).sum::<u64>()
                );
                println!();
            }
            _ => {}
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let result = options().and_then(|o| {
        if o.help {
            print!("{}", help());
            Ok(())
        } else if o.uci {
            uci(o)
        } else {
            perftree(&o)
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("broken_generator: {message}");
            ExitCode::from(2)
        }
    }
}
