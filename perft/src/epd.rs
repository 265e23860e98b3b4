//! `perft --epd FILE`: run a perft suite in the `<FEN> ;D1 20 ;D2 400` format
//! with a progress bar and a summary.

use super::interrupt;
use super::{Failure, Global, MAX_DEPTH, counter, mnps, print_json};
use indicatif::{ProgressBar, ProgressStyle};
use magicboard::perft::PerftStats;
use magicboard::perft::suite::{SuiteEntry, parse_suite, parse_suite_lenient};
use serde_json::json;
use std::path::Path;
use std::time::{Duration, Instant};

/// A check that failed: the position, depth, counts, and (for the first
/// failure only) the divide at that depth.
struct Mismatch {
    line: usize,
    fen: String,
    depth: u32,
    expected: u128,
    got: u128,
    divide: Vec<(String, u128)>,
}

/// Runs the suite; `Err` with status 1 when a count differs, 2 on bad input
/// (a suite with no check to run included: no positions, or every check
/// filtered out).
pub fn run(
    path: &Path,
    max_depth: Option<u32>,
    max_nodes: Option<u128>,
    bulk: bool,
    global: &Global,
) -> Result<(), Failure> {
    let mut entries = load(path, global)?;
    if global.stats {
        return run_stats(path, &entries, max_depth, max_nodes, global);
    }
    let checks = filter(path, &mut entries, max_depth, max_nodes, global)?;
    let outcome = check_all(&entries, bulk, global)?;
    if global.json {
        print_json_report(path, &entries, checks, &outcome, global);
    } else {
        print_report(path, &entries, checks, &outcome, global);
    }
    if outcome.failures.is_empty() {
        Ok(())
    } else {
        Err(Failure::check(format!(
            "{} of {checks} checks failed",
            outcome.failures.len()
        )))
    }
}

/// The suite's positions; no position at all is bad input.
fn load(path: &Path, global: &Global) -> Result<Vec<SuiteEntry>, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::input(format!("cannot read {}: {e}", path.display())))?;
    let read = if global.lenient {
        parse_suite_lenient
    } else {
        parse_suite
    };
    let entries = read(&text, global.castling_mode())
        .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    if entries.is_empty() {
        return Err(Failure::input(format!(
            "{}: no positions (only blank or # lines): nothing to check",
            path.display()
        )));
    }
    Ok(entries)
}

/// Keeps the checks the filters allow and returns how many there are;
/// none left, or a depth beyond the bound without `--allow-deep`, is bad
/// input.
fn filter(
    path: &Path,
    entries: &mut [SuiteEntry],
    max_depth: Option<u32>,
    max_nodes: Option<u128>,
    global: &Global,
) -> Result<usize, Failure> {
    let listed = |entries: &[SuiteEntry]| -> Vec<(u32, u128)> {
        entries
            .iter()
            .flat_map(|e| e.counts.iter().copied())
            .collect()
    };
    let all = listed(entries);
    let shallowest = all.iter().map(|&(depth, _)| depth).min().unwrap_or(0);
    let smallest = all.iter().map(|&(_, count)| count).min().unwrap_or(0);
    for entry in entries.iter_mut() {
        entry.counts.retain(|&(depth, count)| {
            max_depth.is_none_or(|max| depth <= max) && max_nodes.is_none_or(|max| count <= max)
        });
    }
    let checks: usize = entries.iter().map(|e| e.counts.len()).sum();
    if checks == 0 {
        let filters: Vec<String> = [
            max_depth.map(|d| format!("--max-depth {d}")),
            max_nodes.map(|n| format!("--max-nodes {n}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        return Err(Failure::input(format!(
            "{}: {} {} out every check (the shallowest depth listed is {shallowest}, \
             the smallest count {smallest}): nothing to check",
            path.display(),
            filters.join(" and "),
            if filters.len() == 1 {
                "filters"
            } else {
                "filter"
            },
        )));
    }
    if !global.allow_deep {
        let deep = entries.iter().find_map(|e| {
            let &(depth, _) = e.counts.iter().find(|&&(d, _)| d > MAX_DEPTH)?;
            Some((e.line, depth))
        });
        if let Some((line, depth)) = deep {
            let refused = global.check_depth(depth).err().map(|f| f.message);
            return Err(Failure::input(format!(
                "{}:{line}: {}; or skip it with --max-depth",
                path.display(),
                refused.unwrap_or_default()
            )));
        }
    }
    Ok(checks)
}

/// What a run of the suite found.
struct Outcome {
    passed: usize,
    nodes: u128,
    /// Deeper depths of failed positions, not run.
    skipped: usize,
    failures: Vec<Mismatch>,
    seconds: f64,
    threads: usize,
}

/// A progress bar over `planned` nodes (hidden with `--json`), and how
/// many of its units a count of nodes is: the bar counts in units of 2^k
/// nodes, so that its u64 holds any total.
fn progress_bar(planned: u128, json: bool) -> (ProgressBar, impl Fn(u128) -> u64) {
    let shift = 64u32.saturating_sub(planned.leading_zeros());
    let units = move |nodes: u128| u64::try_from(nodes >> shift).unwrap_or(u64::MAX);
    let bar = if json {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(units(planned))
    };
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% {msg} (ETA {eta})",
    ) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(250));
    (bar, units)
}

/// Counts every check of the suite, a progress bar meanwhile; a position
/// that fails is not counted deeper, and the first failure is divided.
fn check_all(entries: &[SuiteEntry], bulk: bool, global: &Global) -> Result<Outcome, Failure> {
    let planned: u128 = entries
        .iter()
        .flat_map(|e| e.counts.iter().map(|&(_, n)| n))
        .fold(0, u128::saturating_add);
    let threads = global.threads_or(None);
    let table = global.table()?;
    let (bar, units) = progress_bar(planned, global.json);
    // Interrupted, the bar goes before `interrupt` reports it.
    let _hook = {
        let bar = bar.clone();
        interrupt::on_interrupt(move |_| bar.finish_and_clear())
    };
    let mut outcome = Outcome {
        passed: 0,
        nodes: 0,
        skipped: 0,
        failures: Vec::new(),
        seconds: 0.0,
        threads,
    };
    let start = Instant::now();
    for entry in entries {
        for (i, &(depth, expected)) in entry.counts.iter().enumerate() {
            bar.set_message(format!(
                "line {} D{depth} | {} passed, {} failed",
                entry.line,
                outcome.passed,
                outcome.failures.len()
            ));
            let perft = counter(depth, bulk, threads, table.as_ref());
            let at_line = |e: magicboard::perft::CountOverflow| {
                Failure::input(format!("line {}: {e}", entry.line))
            };
            let got = perft.count_u128(&entry.board).map_err(at_line)?;
            outcome.nodes = outcome.nodes.saturating_add(got);
            bar.inc(units(expected));
            if got == expected {
                outcome.passed += 1;
                continue;
            }
            // The divide of the first mismatch only: it is what one needs to
            // start bisecting, and deeper divides cost as much as the count.
            let divide = if outcome.failures.is_empty() {
                let split = perft.divide_u128(&entry.board).map_err(at_line)?;
                split
                    .into_iter()
                    .map(|(mv, n)| (entry.board.to_uci(mv).to_string(), n))
                    .collect()
            } else {
                Vec::new()
            };
            outcome.failures.push(Mismatch {
                line: entry.line,
                fen: entry.fen.clone(),
                depth,
                expected,
                got,
                divide,
            });
            // Deeper depths of a position that already failed would fail
            // too and cost the most: skip them.
            let rest = &entry.counts[i + 1..];
            outcome.skipped += rest.len();
            bar.inc(units(
                rest.iter().map(|&(_, n)| n).fold(0, u128::saturating_add),
            ));
            break;
        }
    }
    bar.finish_and_clear();
    outcome.seconds = start.elapsed().as_secs_f64();
    Ok(outcome)
}

/// The suite's result as JSON.
fn print_json_report(
    path: &Path,
    entries: &[SuiteEntry],
    checks: usize,
    outcome: &Outcome,
    global: &Global,
) {
    let failed: Vec<_> = outcome
        .failures
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
    let Outcome {
        passed,
        nodes,
        skipped,
        seconds,
        threads,
        ..
    } = *outcome;
    print_json(&json!({
        "file": path.display().to_string(), "positions": entries.len(), "checks": checks,
        "passed": passed, "failed": outcome.failures.len(), "skipped": skipped,
        "nodes": nodes, "seconds": seconds, "mnps": mnps(nodes, seconds),
        "threads": threads, "hash_mb": global.hash, "failures": failed,
    }));
}

/// The suite's result as text: the summary, then the first mismatch with
/// its divide and the others one a line.
fn print_report(
    path: &Path,
    entries: &[SuiteEntry],
    checks: usize,
    outcome: &Outcome,
    global: &Global,
) {
    let (nodes, seconds) = (outcome.nodes, outcome.seconds);
    outln!("Suite:     {}", path.display());
    outln!("Positions: {}", entries.len());
    outln!("Checks:    {checks}");
    outln!("Passed:    {}", outcome.passed);
    outln!("Failed:    {}", outcome.failures.len());
    if outcome.skipped > 0 {
        outln!(
            "Skipped:   {} (deeper depths of failed positions)",
            outcome.skipped
        );
    }
    outln!("Nodes:     {nodes}");
    outln!(
        "Time:      {seconds:.3} s ({:.1} Mnps, {} threads, hash {} MiB)",
        mnps(nodes, seconds),
        outcome.threads,
        global.hash
    );
    let Some(first) = outcome.failures.first() else {
        return;
    };
    outln!();
    let difference = if first.got >= first.expected {
        format!("+{}", first.got - first.expected)
    } else {
        format!("-{}", first.expected - first.got)
    };
    outln!(
        "First mismatch: line {}, depth {}: expected {}, got {} ({difference})",
        first.line,
        first.depth,
        first.expected,
        first.got,
    );
    outln!("FEN: {}", first.fen);
    outln!("Divide at depth {}:", first.depth);
    for (mv, n) in &first.divide {
        outln!("{mv}: {n}");
    }
    outln!("total {} vs expected {}", first.got, first.expected);
    for f in &outcome.failures[1..] {
        outln!(
            "mismatch: line {}, depth {}: expected {}, got {}",
            f.line,
            f.depth,
            f.expected,
            f.got
        );
    }
}

/// `--epd FILE --stats`: every column of every `;Sn` field checked (`-`
/// columns skipped); a line without `;Sn` fields has nothing to check.
fn run_stats(
    path: &Path,
    entries: &[SuiteEntry],
    max_depth: Option<u32>,
    max_nodes: Option<u128>,
    global: &Global,
) -> Result<(), Failure> {
    let threads = global.threads_or(None);
    let table = global.table()?;
    let (mut figures, mut rows, mut nodes) = (0usize, 0usize, 0u128);
    let mut failures: Vec<String> = Vec::new();
    let start = Instant::now();
    for entry in entries {
        for &(depth, published) in &entry.stats {
            let too_many = match (published[0], max_nodes) {
                (Some(n), Some(max)) => n > max,
                _ => false,
            };
            if max_depth.is_some_and(|max| depth > max) || too_many {
                continue;
            }
            global.check_depth(depth)?;
            let got = counter(depth, true, threads, table.as_ref())
                .stats(&entry.board)
                .map_err(|e| Failure::input(format!("line {}: {e}", entry.line)))?;
            rows += 1;
            nodes = nodes.saturating_add(got.nodes);
            for (column, (expected, got)) in published.iter().zip(got.columns()).enumerate() {
                let Some(expected) = *expected else { continue };
                figures += 1;
                if expected != got {
                    failures.push(format!(
                        "line {}, depth {depth}, {}: expected {expected}, got {got}",
                        entry.line,
                        PerftStats::NAMES[column]
                    ));
                }
            }
        }
    }
    if rows == 0 {
        return Err(Failure::input(format!(
            "{}: no ;Sn statistics to check (within the filters)",
            path.display()
        )));
    }
    let seconds = start.elapsed().as_secs_f64();
    if global.json {
        print_json(&json!({
            "file": path.display().to_string(), "positions": entries.len(), "rows": rows,
            "figures": figures, "failed": failures.len(), "failures": failures, "nodes": nodes,
            "seconds": seconds, "mnps": mnps(nodes, seconds), "threads": threads,
            "hash_mb": global.hash,
        }));
    } else {
        outln!("Suite:     {} (statistics)", path.display());
        outln!("Rows:      {rows} (a position at a depth)");
        outln!("Figures:   {figures}");
        outln!("Failed:    {}", failures.len());
        outln!("Nodes:     {nodes}");
        outln!(
            "Time:      {seconds:.3} s ({:.1} Mnps, {threads} threads, hash {} MiB)",
            mnps(nodes, seconds),
            global.hash
        );
        for failure in &failures {
            outln!("mismatch: {failure}");
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(Failure::check(format!(
            "{} of {figures} figures differ",
            failures.len()
        )))
    }
}
