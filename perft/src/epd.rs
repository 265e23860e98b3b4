//! `perft --epd FILE`: run a perft suite in the `<FEN> ;D1 20 ;D2 400` format
//! with a progress line (the checks done, and an estimate from the
//! expected counts of the checks left) and a summary.

use super::interrupt;
use super::output::{Failure, print_json};
use super::progress::{self, Progress, Speed};
use super::settings::{Global, MAX_DEPTH, counter};
use magicboard::perft::suite::{SuiteEntry, parse_suite};
use magicboard::perft::{PerftMeter, PerftStats};
use serde_json::json;
use std::path::Path;
use std::sync::Arc;

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
    let entries = parse_suite(&text, global.castling_mode())
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
    /// Deeper depths of failed positions, not run.
    skipped: usize,
    failures: Vec<Mismatch>,
    /// The nodes counted, visited, the table's hits and the time.
    speed: Speed,
    threads: usize,
}

/// The progress line over the suite's `checks`, and the share of the
/// work done after `expected` nodes of the `planned` total are counted.
fn progress_over(
    checks: usize,
    planned: u128,
    meter: &Arc<PerftMeter>,
    global: &Global,
) -> (Progress, impl Fn(u128) -> f64) {
    let show = progress::wanted(global);
    let progress = Progress::start(show, Arc::clone(meter), "checks", checks, global.hash > 0);
    let share = move |expected: u128| expected as f64 / planned.max(1) as f64;
    (progress, share)
}

/// Counts every check of the suite, a progress line meanwhile; a position
/// that fails is not counted deeper, and the first failure is divided.
fn check_all(entries: &[SuiteEntry], bulk: bool, global: &Global) -> Result<Outcome, Failure> {
    let planned: u128 = entries
        .iter()
        .flat_map(|e| e.counts.iter().map(|&(_, n)| n))
        .fold(0, u128::saturating_add);
    let checks = entries.iter().map(|e| e.counts.len()).sum();
    let threads = global.threads_or(None);
    let table = global.table()?;
    let meter = Arc::new(PerftMeter::new());
    let (progress, share) = progress_over(checks, planned, &meter, global);
    // Interrupted, the line goes before `interrupt` reports it.
    let _hook = {
        let stop_progress = progress.stopper();
        interrupt::on_interrupt(move |_| stop_progress())
    };
    let mut outcome = Outcome {
        passed: 0,
        skipped: 0,
        failures: Vec::new(),
        speed: progress.speed(0),
        threads,
    };
    let (mut nodes, mut expected_done) = (0u128, 0u128);
    for entry in entries {
        for (i, &(depth, expected)) in entry.counts.iter().enumerate() {
            let perft = counter(depth, bulk, threads, table.as_ref(), &meter);
            let at_line = |e: magicboard::perft::CountOverflow| {
                Failure::input(format!("line {}: {e}", entry.line))
            };
            let got = perft.count_u128(&entry.board).map_err(at_line)?;
            nodes = nodes.saturating_add(got);
            expected_done = expected_done.saturating_add(expected);
            progress.step(Some(share(expected_done)));
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
            for &(_, n) in rest {
                expected_done = expected_done.saturating_add(n);
                progress.step(Some(share(expected_done)));
            }
            break;
        }
    }
    outcome.speed = progress.speed(nodes);
    progress.end(&outcome.speed);
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
        skipped,
        speed,
        threads,
        ..
    } = *outcome;
    let mut value = json!({
        "file": path.display().to_string(), "positions": entries.len(), "checks": checks,
        "passed": passed, "failed": outcome.failures.len(), "skipped": skipped,
        "nodes": speed.nodes, "threads": threads, "hash_mb": global.hash, "failures": failed,
    });
    speed.add_to(&mut value);
    print_json(&value);
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
    let speed = &outcome.speed;
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
    print_speed(speed, outcome.threads, global);
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

/// Compares the published columns (`None`: not given) with `got`; each
/// that differs is added to `failures` (`AT, COLUMN: expected N, got M`).
/// Returns the number of figures compared.
fn compare_columns(
    at: &str,
    published: &[Option<u128>; 9],
    got: &PerftStats,
    failures: &mut Vec<String>,
) -> usize {
    let mut figures = 0;
    for (column, (expected, got)) in published.iter().zip(got.columns()).enumerate() {
        let Some(expected) = *expected else { continue };
        figures += 1;
        if expected != got {
            let name = PerftStats::NAMES[column];
            failures.push(format!("{at}, {name}: expected {expected}, got {got}"));
        }
    }
    figures
}

/// The suite's figures: `Nodes:` counted, `Visited:` by the generator
/// (and the table's hits), `Time:` with the speed of the visited leaves.
fn print_speed(speed: &Speed, threads: usize, global: &Global) {
    outln!("Nodes:     {}", speed.nodes);
    if global.hash > 0 {
        outln!(
            "Visited:   {} ({} table hits)",
            speed.visited,
            speed.table_hits
        );
    } else {
        outln!("Visited:   {}", speed.visited);
    }
    outln!(
        "Time:      {:.3} s ({:.1} Mnps, {threads} threads, hash {} MiB)",
        speed.seconds,
        speed.mnps(),
        global.hash
    );
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
    let listed = entries.iter().map(|e| e.stats.len()).sum();
    let meter = Arc::new(PerftMeter::new());
    let show = progress::wanted(global);
    let progress = Progress::start(show, Arc::clone(&meter), "rows", listed, table.is_some());
    let _hook = {
        let stop_progress = progress.stopper();
        interrupt::on_interrupt(move |_| stop_progress())
    };
    for entry in entries {
        for &(depth, published) in &entry.stats {
            let too_many = match (published[0], max_nodes) {
                (Some(n), Some(max)) => n > max,
                _ => false,
            };
            if max_depth.is_some_and(|max| depth > max) || too_many {
                progress.step(None);
                continue;
            }
            global.check_depth(depth)?;
            let got = counter(depth, true, threads, table.as_ref(), &meter)
                .stats(&entry.board)
                .map_err(|e| Failure::input(format!("line {}: {e}", entry.line)))?;
            progress.step(None);
            rows += 1;
            nodes = nodes.saturating_add(got.nodes);
            let at = format!("line {}, depth {depth}", entry.line);
            figures += compare_columns(&at, &published, &got, &mut failures);
        }
    }
    if rows == 0 {
        return Err(Failure::input(format!(
            "{}: no ;Sn statistics to check (within the filters)",
            path.display()
        )));
    }
    let speed = progress.speed(nodes);
    progress.end(&speed);
    if global.json {
        let mut value = json!({
            "file": path.display().to_string(), "positions": entries.len(), "rows": rows,
            "figures": figures, "failed": failures.len(), "failures": failures,
            "nodes": nodes, "threads": threads, "hash_mb": global.hash,
        });
        speed.add_to(&mut value);
        print_json(&value);
    } else {
        outln!("Suite:     {} (statistics)", path.display());
        outln!("Rows:      {rows} (a position at a depth)");
        outln!("Figures:   {figures}");
        outln!("Failed:    {}", failures.len());
        print_speed(&speed, threads, global);
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
