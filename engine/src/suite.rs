//! `magicboard-engine epd FILE [--depth N] [--movetime MS] [--nodes N]`:
//! runs a test suite of EPD lines (WAC, ERET, STS, ...), searching each
//! position with the limits given (one second a position by default) and
//! checking the move against the line's `bm` (best moves: the move must be
//! one of them) and `am` (moves to avoid: it must be none of them). Prints
//! a line per position and the score, `score: S of T`.
//!
//! The lines are read by the library (`magicboard::epd::Epd`), which
//! resolves their SAN; a line it refuses is reported and counted as
//! missed, a line without `bm` or `am` is skipped.

use super::{Engine, Limits};
use magicboard::epd::Epd;
use magicboard::{Board, Move};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

/// The limits from the arguments after the file, or the reason they are
/// not limits.
fn limits(args: &[String]) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut given = false;
    for pair in args.chunks(2) {
        let [name, value] = pair else {
            return Err(format!("{} needs a value", pair[0]));
        };
        let number: u64 = value
            .parse()
            .map_err(|_| format!("{name} takes a whole number, not {value:?}"))?;
        match name.as_str() {
            "--depth" => limits.depth = Some(number.clamp(1, 90) as i32),
            "--movetime" => {
                limits.hard = Some(Duration::from_millis(number));
                limits.soft = limits.hard;
            }
            "--nodes" => limits.nodes = Some(number),
            other => return Err(format!("unknown option {other:?}")),
        }
        given = true;
    }
    if !given {
        limits.hard = Some(Duration::from_secs(1));
        limits.soft = limits.hard;
    }
    Ok(limits)
}

/// SAN of each of `moves` on `board`, separated by spaces.
fn sans(board: &Board, moves: &[Move]) -> String {
    let sans: Vec<String> = moves.iter().map(|&mv| board.to_san(mv)).collect();
    sans.join(" ")
}

/// Runs the suite in `args[0]` with the limits of the rest; exit status 2
/// for bad arguments or an unreadable file, else 0 (the score is the
/// result, not a failure).
pub fn run(args: &[String]) -> ExitCode {
    let usage = "usage: magicboard-engine epd FILE [--depth N] [--movetime MS] [--nodes N]";
    let Some(path) = args.first() else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let limits_of = || limits(&args[1..]);
    if let Err(message) = limits_of() {
        eprintln!("magicboard-engine: {message}\n{usage}");
        return ExitCode::from(2);
    }
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("magicboard-engine: cannot read {path}: {err}");
            return ExitCode::from(2);
        }
    };
    // No command comes in while a position is searched, and the channel
    // stays open (a closed one would stop the search).
    let (_sender, input) = mpsc::channel::<String>();
    let mut engine = Engine::new();
    let (mut solved, mut total) = (0, 0);
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let epd = match Epd::parse(line) {
            Ok(epd) => epd,
            Err(err) => {
                println!("line {}: {err}: missed", index + 1);
                total += 1;
                continue;
            }
        };
        let (bm, am) = (epd.best_moves(), epd.avoid_moves());
        let name = epd
            .id()
            .map_or_else(|| format!("line {}", index + 1), str::to_owned);
        if bm.is_empty() && am.is_empty() {
            println!("{name}: no bm or am: skipped");
            continue;
        }
        let board = epd.board();
        let mv = engine.search_quietly(board, limits_of().unwrap_or_default(), &input);
        let ok = mv != Move::NULL && (bm.is_empty() || bm.contains(&mv)) && !am.contains(&mv);
        total += 1;
        solved += usize::from(ok);
        let mut expected = String::new();
        if !bm.is_empty() {
            expected += &format!("bm {}", sans(board, bm));
        }
        if !am.is_empty() {
            expected += &format!(
                "{}am {}",
                if bm.is_empty() { "" } else { "; " },
                sans(board, am)
            );
        }
        let verdict = if ok { "solved" } else { "missed" };
        println!("{name}: {} {verdict} ({expected})", board.to_san(mv));
    }
    println!("score: {solved} of {total}");
    ExitCode::SUCCESS
}
