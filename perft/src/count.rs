//! `perft [--fen FEN] --depth D`: the count, as Stockfish prints its
//! total: `Nodes searched: N` alone on stdout (with `--stats`, one line a
//! column). The time and speed go to stderr where progress is shown (a
//! terminal, or `--progress`) and into the JSON.
//!
//! Where progress is shown the count goes root move by root move
//! (`rootwise`), so that the line can say how many are done; elsewhere it
//! is one call of the library.

use super::output::{Failure, print_json};
use super::progress::{self, Progress, Speed};
use super::rootwise::{self, Partial};
use super::settings::{Global, counter};
use magicboard::Board;
use magicboard::perft::PerftMeter;
use serde_json::json;
use std::sync::Arc;

/// Counts and prints `Nodes searched: N` (or JSON).
pub fn run(board: &Board, depth: u32, bulk: bool, global: &Global) -> Result<(), Failure> {
    let threads = global.threads_or(None);
    let table = global.table()?;
    let meter = Arc::new(PerftMeter::new());
    let perft = counter(depth, bulk, threads, table.as_ref(), &meter);
    let show = progress::wanted(global);
    if global.stats {
        let progress = Progress::start(show, Arc::clone(&meter), "", 0, table.is_some());
        let stats = perft.stats(board)?;
        let speed = progress.speed(stats.nodes);
        progress.end(&speed);
        if global.json {
            let mut value = summary(board, depth, bulk, threads, global, &speed);
            value["stats"] = super::stats::json(&stats);
            print_json(&value);
        } else {
            super::stats::print_lines(&stats);
        }
        return Ok(());
    }
    let root_moves = board.legal_moves().len();
    let progress = Progress::start(
        show,
        Arc::clone(&meter),
        "root moves",
        root_moves,
        table.is_some(),
    );
    let nodes = if depth > 0 && show != progress::Show::Off {
        // Root move by root move, to show how many are done.
        let below = counter(depth - 1, bulk, threads, table.as_ref(), &meter);
        let (split, _hook) =
            rootwise::divide(board, &below, &progress, Partial::Nothing, |_, _| {})?;
        total(&split)?
    } else {
        perft.count_u128(board)?
    };
    let speed = progress.speed(nodes);
    progress.end(&speed);
    if global.json {
        print_json(&summary(board, depth, bulk, threads, global, &speed));
    } else {
        outln!("Nodes searched: {nodes}");
    }
    Ok(())
}

/// The JSON object of a count (the divide adds its list to it).
pub fn summary(
    board: &Board,
    depth: u32,
    bulk: bool,
    threads: usize,
    global: &Global,
    speed: &Speed,
) -> serde_json::Value {
    let mut value = json!({
        "fen": board.to_fen(), "depth": depth, "nodes": speed.nodes, "threads": threads,
        "hash_mb": global.hash, "bulk": bulk,
    });
    speed.add_to(&mut value);
    if global.hash > 0 {
        value["seed"] = json!(global.seed);
    }
    value
}

/// The sum of a divide's counts, checked.
pub fn total<M>(split: &[(M, u128)]) -> Result<u128, Failure> {
    split
        .iter()
        .try_fold(0u128, |sum, (_, n)| sum.checked_add(*n))
        .ok_or_else(|| Failure::input("the total exceeds 2^128 - 1"))
}
