//! `perft --divide`: the count below each root move (`e2e4: 20`), a blank
//! line, `Nodes searched: N` and a blank line, byte for byte what
//! Stockfish's `go perft` prints. The time and speed go to stderr where
//! progress is shown (a terminal, or `--progress`) and into the JSON.
//!
//! The root moves are counted one at a time (`rootwise`): each line is
//! printed as soon as its move is counted, the progress line counts the
//! root moves done, and an interrupted divide ends with `partial: N of M
//! root moves (interrupted by SIGINT)` after the lines finished (exit
//! status 130 for SIGINT, 143 for SIGTERM).

use super::count::{summary, total};
use super::output::{Failure, print_json};
use super::progress::{self, Progress};
use super::rootwise::{self, Partial};
use super::settings::{Global, counter};
use super::stats;
use magicboard::Board;
use magicboard::perft::{PerftMeter, PerftStats};
use serde_json::json;
use std::sync::Arc;

/// Divides and prints.
pub fn run(board: &Board, depth: u32, bulk: bool, global: &Global) -> Result<(), Failure> {
    if global.stats {
        return run_stats(board, depth, bulk, global);
    }
    let threads = global.threads_or(None);
    let table = global.table()?;
    let meter = Arc::new(PerftMeter::new());
    let root_moves = if depth == 0 {
        0
    } else {
        board.legal_moves().len()
    };
    let show = progress::wanted(global);
    let progress = Progress::start(
        show,
        Arc::clone(&meter),
        "root moves",
        root_moves,
        table.is_some(),
    );
    // perft(0) is the root itself, though it has no root moves to list.
    let (split, _hook) = if depth == 0 {
        (Vec::new(), None)
    } else {
        let partial = if global.json {
            let mut base = json!({
                "fen": board.to_fen(), "depth": depth, "threads": threads,
                "hash_mb": global.hash, "bulk": bulk,
            });
            if global.hash > 0 {
                base["seed"] = json!(global.seed);
            }
            Partial::DivideJson(base)
        } else {
            Partial::DivideText
        };
        let below = counter(depth - 1, bulk, threads, table.as_ref(), &meter);
        let (split, hook) = rootwise::divide(board, &below, &progress, partial, |mv, n| {
            if !global.json {
                outln!("{mv}: {n}");
            }
        })?;
        (split, Some(hook))
    };
    let nodes = if depth == 0 { 1 } else { total(&split)? };
    let speed = progress.speed(nodes);
    progress.end(&speed);
    if global.json {
        let mut value = summary(board, depth, bulk, threads, global, &speed);
        value["divide"] = split
            .iter()
            .map(|(mv, n)| json!({"move": board.to_uci(*mv).to_string(), "nodes": n}))
            .collect();
        print_json(&value);
        return Ok(());
    }
    outln!();
    outln!("Nodes searched: {nodes}");
    outln!();
    Ok(())
}

/// `--divide --stats`: each root move's statistics (`e2e4: 600
/// captures=0 ...`), a blank line, then the totals.
fn run_stats(board: &Board, depth: u32, bulk: bool, global: &Global) -> Result<(), Failure> {
    let threads = global.threads_or(None);
    let table = global.table()?;
    let meter = Arc::new(PerftMeter::new());
    let progress = Progress::start(
        progress::wanted(global),
        Arc::clone(&meter),
        "",
        0,
        table.is_some(),
    );
    let perft = counter(depth, bulk, threads, table.as_ref(), &meter);
    let split = perft.divide_stats(board)?;
    let total = if depth == 0 {
        perft.stats(board)?
    } else {
        split
            .iter()
            .try_fold(PerftStats::default(), |sum, (_, s)| sum.checked_add(*s))
            .ok_or_else(|| Failure::input("the total exceeds 2^128 - 1"))?
    };
    let speed = progress.speed(total.nodes);
    progress.end(&speed);
    if global.json {
        let mut value = summary(board, depth, bulk, threads, global, &speed);
        value["stats"] = stats::json(&total);
        value["divide"] = split
            .iter()
            .map(|(mv, s)| {
                let mut row = stats::json(s);
                row["move"] = json!(board.to_uci(*mv).to_string());
                row
            })
            .collect();
        print_json(&value);
        return Ok(());
    }
    for (mv, s) in &split {
        outln!("{}", stats::divide_line(&board.to_uci(*mv).to_string(), s));
    }
    outln!();
    stats::print_lines(&total);
    Ok(())
}
