//! `syzygy-probe`: a FEN's WDL, DTZ and best move from Syzygy tables, like
//! Fathom's command line.
//!
//! ```text
//! syzygy-probe --path DIR [--path DIR ...] FEN
//! syzygy-probe --path DIR --batch < fens.txt
//! ```
//!
//! With a FEN it prints PGN tags (the WDL for the side to move, with the
//! FEN's fifty-move counter counted as Fathom counts it, the DTZ, the best
//! move, the winning, drawing and losing moves in SAN) and the line
//! the tables recommend, to mate or to the next capture or pawn move.
//! With `--batch` it reads one FEN a line and answers each with python-chess's
//! two numbers, `WDL DTZ` (or `error: ...`). `--path` takes a directory or
//! a list of them separated as `PATH` is (`:` on Unix); without it the
//! `TB_PATH` environment variable is read, as Fathom does.
//!
//! Exit status: 0 when answered, 1 when the tables cannot answer, 2 for a
//! bad command line or FEN.

use magicboard::{Board, Status};
use magicboard_syzygy::{ProbeError, Tablebase, Wdl};
use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: syzygy-probe --path DIR [--path DIR ...] (FEN | --batch)

  FEN        a position: prints its WDL (the FEN's halfmove clock counted),
             DTZ, best move, the moves by result, and the tables' line
             (PGN tags and moves)
  --batch    reads FENs from standard input, one a line, and prints for each
             `WDL DTZ` as python-chess's probe_wdl and probe_dtz give them
  --path     a table directory (.rtbw/.rtbz files), or several separated as in
             PATH; repeatable; TB_PATH is read when no --path is given

exit status: 0 answered, 1 the tables cannot answer, 2 bad command line or FEN";

fn main() -> ExitCode {
    let mut paths: Vec<OsString> = Vec::new();
    let mut batch = false;
    let mut fen: Option<String> = None;
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        match arg.to_str() {
            Some("--path") => match args.next() {
                Some(p) => paths.push(p),
                None => return usage("--path needs a directory"),
            },
            Some("--batch") => batch = true,
            Some("-h" | "--help") => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            Some(text) if !text.starts_with("--") && fen.is_none() => fen = Some(text.to_string()),
            _ => return usage(&format!("unexpected argument {arg:?}")),
        }
    }
    if paths.is_empty() {
        match std::env::var_os("TB_PATH") {
            Some(p) => paths.push(p),
            None => return usage("no table directory: give --path DIR or set TB_PATH"),
        }
    }
    let mut tables = Tablebase::new();
    for list in &paths {
        for dir in std::env::split_paths(list) {
            if let Err(err) = tables.add_directory(&dir) {
                eprintln!("syzygy-probe: {err}");
                return ExitCode::from(2);
            }
        }
    }
    if tables.max_pieces() == 0 {
        eprintln!("syzygy-probe: no table files (.rtbw) in {paths:?}");
        return ExitCode::from(2);
    }
    match (batch, fen) {
        (true, None) => run_batch(&tables),
        (false, Some(fen)) => run_one(&tables, &fen),
        (true, Some(_)) => usage("give a FEN or --batch, not both"),
        (false, None) => usage("give a FEN or --batch"),
    }
}

fn usage(problem: &str) -> ExitCode {
    eprintln!("syzygy-probe: {problem}\n\n{USAGE}");
    ExitCode::from(2)
}

/// One FEN a line in, `WDL DTZ` out.
fn run_batch(tables: &Tablebase) -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut failed = false;
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            eprintln!("syzygy-probe: standard input is not text");
            return ExitCode::from(2);
        };
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let answer = match Board::from_fen(fen) {
            Err(err) => Err(format!("bad FEN: {err}")),
            Ok(board) => tables
                .probe_wdl(&board)
                .and_then(|wdl| Ok((wdl, tables.probe_dtz(&board)?)))
                .map_err(|err| err.to_string()),
        };
        let written = match answer {
            Ok((wdl, dtz)) => writeln!(out, "{} {}", wdl.value(), dtz),
            Err(err) => {
                failed = true;
                writeln!(out, "error: {err}")
            }
        };
        if written.is_err() {
            return ExitCode::from(1);
        }
    }
    if out.flush().is_err() || failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// A FEN's WDL, DTZ, moves by result and the tables' line.
fn run_one(tables: &Tablebase, fen: &str) -> ExitCode {
    let board = match Board::from_fen(fen) {
        Ok(board) => board,
        Err(err) => {
            eprintln!("syzygy-probe: bad FEN {fen:?}: {err}");
            return ExitCode::from(2);
        }
    };
    match describe(tables, &board) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("syzygy-probe: {err}");
            ExitCode::from(1)
        }
    }
}

fn describe(tables: &Tablebase, board: &Board) -> Result<String, ProbeError> {
    tables.probe_wdl(board)?;
    let dtz = tables.probe_dtz(board)?;
    // As Fathom reports it: the result with the counter as it stands.
    let wdl = Wdl::from_dtz(dtz, board.halfmove_clock());
    let moves = tables.root_moves(board)?;
    let name = |wdl: Wdl| match wdl {
        Wdl::Loss => "Loss",
        Wdl::BlessedLoss => "BlessedLoss",
        Wdl::Draw => "Draw",
        Wdl::CursedWin => "CursedWin",
        Wdl::Win => "Win",
    };
    let san = |board: &Board, mv| board.to_san(mv);
    let list = |keep: &dyn Fn(Wdl) -> bool| -> String {
        let picked: Vec<String> = moves
            .iter()
            .filter(|m| keep(m.wdl))
            .map(|m| san(board, m.mv))
            .collect();
        picked.join(" ")
    };
    let mut text = String::new();
    let mut tag = |name: &str, value: &str| text.push_str(&format!("[{name} \"{value}\"]\n"));
    tag("FEN", &board.to_fen());
    tag("WDL", name(wdl));
    tag("DTZ", &dtz.to_string());
    match moves.first() {
        Some(best) => tag("BestMove", &san(board, best.mv)),
        None => tag("BestMove", "-"),
    }
    tag("WinningMoves", &list(&|w| w == Wdl::Win));
    tag(
        "DrawingMoves",
        &list(&|w| matches!(w, Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss)),
    );
    tag("LosingMoves", &list(&|w| w == Wdl::Loss));
    text.push('\n');
    text.push_str(&line(tables, board)?);
    text.push('\n');
    Ok(text)
}

/// The tables' line from `board`: best moves until mate, a draw, or (for
/// a drawn start) the first move; in SAN with move numbers.
fn line(tables: &Tablebase, start: &Board) -> Result<String, ProbeError> {
    let mut board = start.clone();
    let mut words = Vec::new();
    let drawn = Wdl::from_dtz(tables.probe_dtz(start)?, start.halfmove_clock()) == Wdl::Draw;
    for ply in 0..400 {
        let Some(best) = tables.best_move(&board)? else {
            break;
        };
        let number = board.fullmove_number();
        if board.side_to_move() == magicboard::Color::White {
            words.push(format!("{number}."));
        } else if ply == 0 {
            words.push(format!("{number}..."));
        }
        words.push(board.to_san(best.mv));
        board.make_move(best.mv);
        if drawn || !matches!(board.status(), Status::Ongoing | Status::FiftyMoves) {
            break;
        }
    }
    let result = match board.status() {
        Status::Checkmate {
            winner: magicboard::Color::White,
        } => "1-0",
        Status::Checkmate { .. } => "0-1",
        Status::Ongoing => "*",
        _ => "1/2-1/2",
    };
    words.push(result.to_string());
    Ok(words.join(" "))
}
