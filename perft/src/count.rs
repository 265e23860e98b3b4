//! `perft [--fen FEN] --depth D`: the count, as Stockfish prints it.

use super::{Failure, Global, counter, mnps, print_json};
use magicboard::Board;
use serde_json::json;
use std::time::Instant;

/// Counts and prints `Nodes searched: N` and the time (or JSON).
pub fn run(board: &Board, depth: u32, bulk: bool, global: &Global) -> Result<(), Failure> {
    let threads = global.threads_or(None);
    let table = global.table()?;
    let start = Instant::now();
    let nodes = counter(depth, bulk, threads, table.as_ref()).count(board);
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
    nodes: u64,
    seconds: f64,
) -> serde_json::Value {
    json!({
        "fen": board.to_fen(), "depth": depth, "nodes": nodes, "seconds": seconds,
        "mnps": mnps(nodes, seconds), "threads": threads, "hash_mb": global.hash, "bulk": bulk,
    })
}

/// The total and time lines.
pub fn print_total(nodes: u64, seconds: f64) {
    println!("Nodes searched: {nodes}");
    println!("Time: {seconds:.3} s ({:.1} Mnps)", mnps(nodes, seconds));
}
