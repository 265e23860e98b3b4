//! `perft --bench`: the five positions of the Chess Programming Wiki's
//! "Perft Results" page at fixed depths, each count checked against the
//! published one, the speed of each and in total (millions of nodes a second).

use super::{Failure, Global, STARTPOS, counter, mnps, print_json};
use magicboard::Board;
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
        outln!("perft benchmark, {threads} thread(s), {mode}");
    }
    let (mut nodes, mut seconds, mut ok) = (0u64, 0f64, true);
    let mut rows = Vec::new();
    for (name, fen, depth, expected) in POSITIONS {
        let board = Board::from_fen(fen).map_err(|e| Failure::input(format!("{name}: {e}")))?;
        let start = Instant::now();
        let perft = counter(depth, bulk, threads, table.as_ref());
        let n = if global.stats {
            let stats = perft.stats(&board).map_err(super::count::overflow)?;
            u64::try_from(stats.nodes).unwrap_or(u64::MAX)
        } else {
            perft.count(&board)
        };
        let s = start.elapsed().as_secs_f64();
        let verdict = if n == expected { "ok" } else { "WRONG" };
        ok &= n == expected;
        if !global.json {
            outln!(
                "{name:<10} depth {depth}  {n:>11} nodes  {s:>7.3} s  {:>7.1} Mnps  {verdict}",
                mnps(n.into(), s)
            );
        }
        rows.push(json!({
            "name": name, "fen": fen, "depth": depth, "nodes": n, "expected": expected,
            "ok": n == expected, "seconds": s, "mnps": mnps(n.into(), s),
        }));
        nodes += n;
        seconds += s;
    }
    if global.json {
        print_json(&json!({
            "mode": if global.stats { "stats" } else if bulk { "bulk" } else { "full" },
            "threads": threads,
            "hash_mb": global.hash, "positions": rows, "nodes": nodes, "seconds": seconds,
            "mnps": mnps(nodes.into(), seconds), "ok": ok,
        }));
    } else {
        outln!(
            "{:<10}          {nodes:>11} nodes  {seconds:>7.3} s  {:>7.1} Mnps",
            "total",
            mnps(nodes.into(), seconds)
        );
    }
    if ok {
        Ok(())
    } else {
        Err(Failure::check(
            "benchmark count differs from the published one",
        ))
    }
}
