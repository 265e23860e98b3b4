//! `perft --bench`: the five positions of the Chess Programming Wiki's
//! "Perft Results" page at fixed depths, each count checked against the
//! published one, the speed of each and in total: `Mnps`, millions of
//! leaves visited a second (with `--hash`, the table's hits are not
//! visited; without, every node counted is).
//!
//! Each count is made as every mode makes it, the library's meter
//! counting what it visits.

use super::output::{Failure, print_json};
use super::progress::Speed;
use super::settings::{Global, STARTPOS, counter};
use magicboard::Board;
use magicboard::perft::PerftMeter;
use serde_json::json;
use std::time::Instant;

/// Name, FEN, depth and published count.
const POSITIONS: [(&str, &str, u32, u64); 5] = [
    ("startpos", STARTPOS, 6, 119_060_324),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        7,
        178_633_661,
    ),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
];

/// Runs the benchmark; a count that differs from the published one fails
/// it (status 1).
pub fn run(bulk: bool, global: &Global) -> Result<(), Failure> {
    let threads = global.threads_or(Some(1));
    let table = global.table()?;
    let mode = if global.stats {
        "statistics (every leaf move counted by kind)"
    } else if bulk {
        "bulk"
    } else {
        "full (every leaf made)"
    };
    if !global.json {
        outln!(
            "perft benchmark, {threads} thread(s), {mode}; Mnps: millions of leaves visited a second"
        );
    }
    let mut total = Speed {
        nodes: 0,
        visited: 0,
        table_hits: 0,
        seconds: 0.0,
    };
    let mut ok = true;
    let mut rows = Vec::new();
    for (name, fen, depth, expected) in POSITIONS {
        let board = Board::from_fen(fen).map_err(|e| Failure::input(format!("{name}: {e}")))?;
        let meter = PerftMeter::new();
        let perft = counter(depth, bulk, threads, table.as_ref(), &meter);
        let start = Instant::now();
        let n = if global.stats {
            perft.stats(&board)?.nodes
        } else {
            perft.count_u128(&board)?
        };
        let speed = Speed::of(n, &meter, start);
        let right = n == u128::from(expected);
        ok &= right;
        let mut row = json!({
            "name": name, "fen": fen, "depth": depth, "nodes": n, "expected": expected,
            "ok": right,
        });
        speed.add_to(&mut row);
        rows.push(row);
        total.nodes += n;
        total.visited += speed.visited;
        total.table_hits += speed.table_hits;
        total.seconds += speed.seconds;
        if !global.json {
            let verdict = if right { "ok" } else { "WRONG" };
            print_row(&format!("{name:<10} depth {depth}"), &speed, verdict);
        }
    }
    if global.json {
        let mut value = json!({
            "mode": if global.stats { "stats" } else if bulk { "bulk" } else { "full" },
            "threads": threads, "hash_mb": global.hash, "positions": rows,
            "nodes": total.nodes, "ok": ok,
        });
        total.add_to(&mut value);
        print_json(&value);
    } else {
        print_row(&format!("{:<18}", "total"), &total, "");
    }
    if !ok {
        return Err(Failure::check(
            "benchmark count differs from the published one",
        ));
    }
    Ok(())
}

/// One line of the table: what, nodes, seconds, Mnps, verdict.
fn print_row(what: &str, speed: &Speed, verdict: &str) {
    let line = format!(
        "{what}  {:>11} nodes  {:>7.3} s  {:>7.1} Mnps  {verdict}",
        speed.nodes,
        speed.seconds,
        speed.mnps()
    );
    outln!("{}", line.trim_end());
}
