//! `perft --divide`: the count below each root move (`e2e4: 20`), a blank
//! line, then the total, as Stockfish's `go perft` prints it.

use super::count::{print_total, summary};
use super::{Failure, Global, counter, print_json};
use magicboard::Board;
use serde_json::json;
use std::time::Instant;

/// Divides and prints.
pub fn run(board: &Board, depth: u32, bulk: bool, global: &Global) -> Result<(), Failure> {
    let threads = global.threads_or(None);
    let table = global.table()?;
    let start = Instant::now();
    let split = counter(depth, bulk, threads, table.as_ref()).divide(board);
    let seconds = start.elapsed().as_secs_f64();
    // perft(0) is the root itself, though it has no root moves to list.
    let nodes = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    if global.json {
        let mut value = summary(board, depth, bulk, threads, global, nodes, seconds);
        value["divide"] = split
            .iter()
            .map(|(mv, n)| json!({"move": board.uci(*mv).to_string(), "nodes": n}))
            .collect();
        print_json(&value);
        return Ok(());
    }
    for (mv, n) in &split {
        println!("{}: {n}", board.uci(*mv));
    }
    println!();
    print_total(nodes, seconds);
    Ok(())
}
