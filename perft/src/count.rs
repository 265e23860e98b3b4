//! `perft [--fen FEN] --depth D`: the count, as Stockfish prints it.
//!
//! On a terminal a count shows its progress on stderr after a second
//! (`rootwise`); elsewhere, and with `--json`, it prints only its result.

use super::rootwise::{self, Partial};
use super::{Failure, Global, counter, mnps, print_json};
use magicboard::Board;
use serde_json::json;
use std::io::IsTerminal;
use std::time::Instant;

/// True when a long count should show its progress: stderr is a terminal
/// and the output is not JSON (which asks for silence).
pub fn progress_wanted(global: &Global) -> bool {
    !global.json && std::io::stderr().is_terminal()
}

/// Counts and prints `Nodes searched: N` and the time (or JSON).
pub fn run(board: &Board, depth: u32, bulk: bool, global: &Global) -> Result<(), Failure> {
    let threads = global.threads_or(None);
    let table = global.table()?;
    let start = Instant::now();
    if global.stats {
        let stats = counter(depth, bulk, threads, table.as_ref())
            .stats(board)
            .map_err(overflow)?;
        let seconds = start.elapsed().as_secs_f64();
        if global.json {
            let mut value = summary(board, depth, bulk, threads, global, stats.nodes, seconds);
            value["stats"] = super::stats::json(&stats);
            print_json(&value);
        } else {
            super::stats::print_lines(&stats);
            outln!(
                "Time: {seconds:.3} s ({:.1} Mnps)",
                mnps(stats.nodes, seconds)
            );
        }
        return Ok(());
    }
    let nodes = if depth > 0 && progress_wanted(global) {
        // Root move by root move, to show how far it is.
        let below = counter(depth - 1, bulk, threads, table.as_ref());
        let (split, _hook) = rootwise::divide(board, &below, true, Partial::Nothing, |_, _| {})?;
        total(&split)?
    } else {
        counter(depth, bulk, threads, table.as_ref())
            .count_u128(board)
            .map_err(overflow)?
    };
    let seconds = start.elapsed().as_secs_f64();
    if global.json {
        print_json(&summary(
            board, depth, bulk, threads, global, nodes, seconds,
        ));
    } else {
        print_total(nodes, seconds);
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
    nodes: u128,
    seconds: f64,
) -> serde_json::Value {
    let mut value = json!({
        "fen": board.to_fen(), "depth": depth, "nodes": nodes, "seconds": seconds,
        "mnps": mnps(nodes, seconds), "threads": threads, "hash_mb": global.hash, "bulk": bulk,
    });
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

/// A count past 2^128 - 1 as the tool reports it: bad input (a depth
/// beyond what can be counted).
pub fn overflow(error: magicboard::perft::CountOverflow) -> Failure {
    Failure::input(error.to_string())
}

/// The total and time lines.
pub fn print_total(nodes: u128, seconds: f64) {
    outln!("Nodes searched: {nodes}");
    outln!("Time: {seconds:.3} s ({:.1} Mnps)", mnps(nodes, seconds));
}
