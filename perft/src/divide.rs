//! `perft --divide`: the count below each root move (`e2e4: 20`), a blank
//! line, then the total, as Stockfish's `go perft` prints it.
//!
//! The root moves are counted one at a time (`rootwise`): each line is
//! printed as soon as its move is counted, a terminal shows progress, and
//! an interrupted divide ends with `partial: N of M root moves
//! (interrupted by SIGINT)` after the lines finished (exit status 130 for
//! SIGINT, 143 for SIGTERM).

use super::count::{print_total, progress_wanted, summary, total};
use super::rootwise::{self, Partial};
use super::stats;
use super::{Failure, Global, counter, mnps, print_json};
use magicboard::Board;
use magicboard::perft::PerftStats;
use serde_json::json;
use std::time::Instant;

/// Divides and prints.
pub fn run(board: &Board, depth: u32, bulk: bool, global: &Global) -> Result<(), Failure> {
    let threads = global.threads_or(None);
    let table = global.table()?;
    let start = Instant::now();
    if global.stats {
        return run_stats(board, depth, bulk, global);
    }
    // perft(0) is the root itself, though it has no root moves to list.
    let (split, _hook) = if depth == 0 {
        (Vec::new(), None)
    } else {
        let partial = if global.json {
            let mut base = summary(board, depth, bulk, threads, global, 0, 0.0);
            if let Some(object) = base.as_object_mut() {
                for key in ["nodes", "seconds", "mnps"] {
                    object.remove(key);
                }
            }
            Partial::DivideJson(base)
        } else {
            Partial::DivideText
        };
        let below = counter(depth - 1, bulk, threads, table.as_ref());
        let (split, hook) =
            rootwise::divide(board, &below, progress_wanted(global), partial, |mv, n| {
                if !global.json {
                    outln!("{mv}: {n}");
                }
            })?;
        (split, Some(hook))
    };
    let seconds = start.elapsed().as_secs_f64();
    let nodes = if depth == 0 { 1 } else { total(&split)? };
    if global.json {
        let mut value = summary(board, depth, bulk, threads, global, nodes, seconds);
        value["divide"] = split
            .iter()
            .map(|(mv, n)| json!({"move": board.to_uci(*mv).to_string(), "nodes": n}))
            .collect();
        print_json(&value);
        return Ok(());
    }
    outln!();
    print_total(nodes, seconds);
    Ok(())
}

/// `--divide --stats`: each root move's statistics (`e2e4: 600
/// captures=0 ...`), a blank line, then the totals.
fn run_stats(board: &Board, depth: u32, bulk: bool, global: &Global) -> Result<(), Failure> {
    let threads = global.threads_or(None);
    let table = global.table()?;
    let start = Instant::now();
    let perft = counter(depth, bulk, threads, table.as_ref());
    let split = perft.divide_stats(board).map_err(super::count::overflow)?;
    let total = if depth == 0 {
        perft.stats(board).map_err(super::count::overflow)?
    } else {
        split
            .iter()
            .try_fold(PerftStats::default(), |sum, (_, s)| sum.checked_add(*s))
            .ok_or_else(|| Failure::input("the total exceeds 2^128 - 1"))?
    };
    let seconds = start.elapsed().as_secs_f64();
    if global.json {
        let mut value = summary(board, depth, bulk, threads, global, total.nodes, seconds);
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
    outln!(
        "Time: {seconds:.3} s ({:.1} Mnps)",
        mnps(total.nodes, seconds)
    );
    Ok(())
}
