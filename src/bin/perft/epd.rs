//! `perft --epd FILE`: run a perft suite in the `<FEN> ;D1 20 ;D2 400` format
//! with a progress bar and a summary.

use super::{Failure, Global, mnps, parse_position, print_json};
use indicatif::{ProgressBar, ProgressStyle};
use magicboard::{Board, divide_parallel, perft_parallel, perft_parallel_with_table};
use serde_json::json;
use std::path::Path;
use std::time::{Duration, Instant};

/// One line of a suite: the position and its expected counts by depth.
struct Entry {
    line: usize,
    fen: String,
    board: Board,
    expected: Vec<(u32, u64)>,
}

/// A check that failed: the position, depth, counts, and (for the first
/// failure only) the divide at that depth.
struct Mismatch {
    line: usize,
    fen: String,
    depth: u32,
    expected: u64,
    got: u64,
    divide: Vec<(String, u64)>,
}

fn parse_suite(text: &str, chess960: bool) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let mut parts = raw.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let board =
            parse_position(&fen, chess960).map_err(|e| format!("line {line}: {}", e.message))?;
        let mut expected = Vec::new();
        for part in parts {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let bad = || format!("line {line}: expected `;D<depth> <count>`, found `;{part}`");
            let (tag, count) = part.split_once(char::is_whitespace).ok_or_else(bad)?;
            let depth = tag
                .strip_prefix('D')
                .and_then(|d| d.parse::<u32>().ok())
                .ok_or_else(bad)?;
            let count = count.trim().parse::<u64>().map_err(|_| bad())?;
            expected.push((depth, count));
        }
        if expected.is_empty() {
            return Err(format!("line {line}: no expected counts (`;D1 20 ...`)"));
        }
        entries.push(Entry {
            line,
            fen,
            board,
            expected,
        });
    }
    Ok(entries)
}

/// Runs the suite; `Err` with status 1 when a count differs, 2 on bad input.
pub fn run_suite(
    path: &Path,
    max_depth: Option<u32>,
    max_nodes: Option<u64>,
    global: &Global,
) -> Result<(), Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::input(format!("cannot read {}: {e}", path.display())))?;
    let mut entries = parse_suite(&text, global.chess960)
        .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    for entry in &mut entries {
        entry.expected.retain(|&(depth, count)| {
            max_depth.is_none_or(|max| depth <= max) && max_nodes.is_none_or(|max| count <= max)
        });
    }
    let checks: usize = entries.iter().map(|e| e.expected.len()).sum();
    let planned: u64 = entries
        .iter()
        .flat_map(|e| e.expected.iter().map(|&(_, n)| n))
        .sum();
    let threads = global.threads();
    let table = global.table()?;

    let bar = if global.json {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(planned)
    };
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% {msg} (ETA {eta})",
    ) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(250));

    let (mut passed, mut nodes, mut skipped) = (0usize, 0u64, 0usize);
    let mut failures: Vec<Mismatch> = Vec::new();
    let start = Instant::now();
    for entry in &entries {
        for (i, &(depth, expected)) in entry.expected.iter().enumerate() {
            bar.set_message(format!(
                "line {} D{depth} | {passed} passed, {} failed",
                entry.line,
                failures.len()
            ));
            let got = match &table {
                Some(table) => perft_parallel_with_table(&entry.board, depth, threads, table),
                None => perft_parallel(&entry.board, depth, threads),
            };
            nodes += got;
            bar.inc(expected);
            if got == expected {
                passed += 1;
                continue;
            }
            // The divide of the first mismatch only: it is what one needs to
            // start bisecting, and deeper divides cost as much as the count.
            let divide = if failures.is_empty() {
                divide_parallel(&entry.board, depth, threads, table.as_ref())
                    .into_iter()
                    .map(|(mv, n)| (entry.board.uci(mv).to_string(), n))
                    .collect()
            } else {
                Vec::new()
            };
            failures.push(Mismatch {
                line: entry.line,
                fen: entry.fen.clone(),
                depth,
                expected,
                got,
                divide,
            });
            // Deeper depths of a position that already failed would fail
            // too and cost the most: skip them.
            let rest = &entry.expected[i + 1..];
            skipped += rest.len();
            bar.inc(rest.iter().map(|&(_, n)| n).sum());
            break;
        }
    }
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();

    if global.json {
        let failed: Vec<_> = failures
            .iter()
            .map(|f| {
                let mut value = json!({
                    "line": f.line, "fen": f.fen, "depth": f.depth,
                    "expected": f.expected, "got": f.got,
                });
                if !f.divide.is_empty() {
                    value["divide"] = f
                        .divide
                        .iter()
                        .map(|(mv, n)| json!({"move": mv, "nodes": n}))
                        .collect();
                }
                value
            })
            .collect();
        print_json(&json!({
            "file": path.display().to_string(), "positions": entries.len(), "checks": checks,
            "passed": passed, "failed": failures.len(), "skipped": skipped, "nodes": nodes,
            "seconds": seconds, "mnps": mnps(nodes, seconds), "threads": threads,
            "hash_mb": global.hash, "failures": failed,
        }));
    } else {
        println!("Suite:     {}", path.display());
        println!("Positions: {}", entries.len());
        println!("Checks:    {checks}");
        println!("Passed:    {passed}");
        println!("Failed:    {}", failures.len());
        if skipped > 0 {
            println!("Skipped:   {skipped} (deeper depths of failed positions)");
        }
        println!("Nodes:     {nodes}");
        println!(
            "Time:      {seconds:.3} s ({:.1} Mnps, {threads} threads, hash {} MiB)",
            mnps(nodes, seconds),
            global.hash
        );
        if let Some(first) = failures.first() {
            println!();
            println!(
                "First mismatch: line {}, depth {}: expected {}, got {} ({:+})",
                first.line,
                first.depth,
                first.expected,
                first.got,
                i128::from(first.got) - i128::from(first.expected)
            );
            println!("FEN: {}", first.fen);
            println!("Divide at depth {}:", first.depth);
            for (mv, n) in &first.divide {
                println!("{mv}: {n}");
            }
            println!("total {} vs expected {}", first.got, first.expected);
            for f in &failures[1..] {
                println!(
                    "mismatch: line {}, depth {}: expected {}, got {}",
                    f.line, f.depth, f.expected, f.got
                );
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(Failure::check(format!(
            "{} of {checks} checks failed",
            failures.len()
        )))
    }
}
