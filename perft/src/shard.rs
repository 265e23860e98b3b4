//! Sharded runs: `perft split`, `perft run-shard`, `perft merge` and
//! `perft compare`.
//!
//! A split file is text. Header lines start with `#`; every other line is a
//! position and the number of move sequences reaching it, separated by a
//! tab:
//!
//! ```text
//! #magicboard-split 1
//! #root rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! #depth 5
//! #split-depth 2
//! #chess960 false
//! #positions 400
//! #sequences 400
//! #id 3f2a...
//! r1bqkbnr/pppppppp/n7/8/8/N7/PPPPPPPP/R1BQKBNR w KQkq - 2 2<TAB>1
//! ...
//! ```
//!
//! `id` is a 64-bit FNV-1a digest of the root, the depths and the position
//! lines: it names the split in every journal and result (so `merge`
//! refuses results of different splits) and lets `run-shard` detect a
//! damaged file. A position's index is its place among the position lines,
//! from 0.
//!
//! `run-shard` counts its positions (shard `i` of `n` holds the indices
//! `i - 1`, `i - 1 + n`, ...), journaling each as it is counted and
//! resuming from the journal when started again; its result lists every
//! position's count (the formats are in `journal`). `merge` checks that
//! every position of the split was counted exactly once and adds them up in
//! 128 bits; `compare` names the positions whose counts two runs disagree
//! on.

use super::interrupt::{self, lock};
use super::journal::{self, Fnv, Found, Journal, Part, Record, Run, ShardResult};
use super::output::{Failure, print_json};
use super::progress::{self, Progress, Speed, duration};
use super::scheduler::{self, ShardArg};
use super::settings::{Global, counter};
use magicboard::perft::split::split_positions;
use magicboard::perft::{PerftMeter, PerftStats};
use magicboard::{Board, CastlingMode};
use serde_json::json;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

fn split_id(root: &str, depth: u32, split_depth: u32, body: &[String]) -> String {
    let mut fnv = Fnv::new();
    fnv.add(root);
    fnv.add(&format!("{depth} {split_depth}"));
    for line in body {
        fnv.add(line);
    }
    fnv.hex()
}

fn fen_of(board: &Board) -> String {
    if board.is_chess960() {
        board.to_shredder_fen()
    } else {
        board.to_fen()
    }
}

/// `perft split`.
pub fn split(
    fen: &str,
    depth: u32,
    split_depth: u32,
    out: &Path,
    global: &Global,
) -> Result<(), Failure> {
    if split_depth > depth {
        return Err(Failure::input(format!(
            "--split-depth {split_depth} is deeper than --depth {depth}"
        )));
    }
    global.check_depth(depth)?;
    let root = global.read_fen(fen)?;
    let positions = split_positions(&root, split_depth);
    let body: Vec<String> = positions
        .iter()
        .map(|(board, count)| format!("{}\t{count}", fen_of(board)))
        .collect();
    let sequences: u64 = positions.iter().map(|(_, n)| n).sum();
    let root_fen = fen_of(&root);
    let id = split_id(&root_fen, depth, split_depth, &body);
    let mut text = String::new();
    let _ = writeln!(text, "#magicboard-split 1");
    let _ = writeln!(text, "#root {root_fen}");
    let _ = writeln!(text, "#depth {depth}");
    let _ = writeln!(text, "#split-depth {split_depth}");
    let _ = writeln!(text, "#chess960 {}", root.is_chess960());
    let _ = writeln!(text, "#positions {}", body.len());
    let _ = writeln!(text, "#sequences {sequences}");
    let _ = writeln!(text, "#id {id}");
    for line in &body {
        text.push_str(line);
        text.push('\n');
    }
    std::fs::write(out, text)
        .map_err(|e| Failure::input(format!("cannot write {}: {e}", out.display())))?;
    if global.json {
        print_json(&json!({
            "out": out.display().to_string(), "id": id, "root": root_fen, "depth": depth,
            "split_depth": split_depth, "positions": body.len(), "sequences": sequences,
        }));
    } else {
        outln!(
            "Wrote {} distinct positions ({sequences} move sequences) {split_depth} plies below the root to {}",
            body.len(),
            out.display()
        );
        outln!(
            "Split id {id}; count each shard with: perft run-shard {} --shard i/n  (depth {})",
            out.display(),
            depth - split_depth
        );
    }
    Ok(())
}

/// A split file, read back and checked.
struct SplitFile {
    id: String,
    depth: u32,
    split_depth: u32,
    chess960: bool,
    /// (line number, FEN, multiplicity)
    positions: Vec<(usize, String, u64)>,
}

fn read_split(path: &Path) -> Result<SplitFile, Failure> {
    let name = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::input(format!("cannot read {name}: {e}")))?;
    let mut header = BTreeMap::new();
    let mut body = Vec::new();
    let mut positions = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(rest) = line.strip_prefix('#') {
            let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
            header.insert(key.to_string(), value.to_string());
        } else if !line.trim().is_empty() {
            let (fen, count) = line.split_once('\t').ok_or_else(|| {
                Failure::input(format!(
                    "{name}:{}: expected `<FEN><tab><count>`",
                    index + 1
                ))
            })?;
            let count: u64 = count.trim().parse().map_err(|_| {
                Failure::input(format!("{name}:{}: bad count '{count}'", index + 1))
            })?;
            positions.push((index + 1, fen.to_string(), count));
            body.push(line.to_string());
        }
    }
    let field = |key: &str| {
        header
            .get(key)
            .ok_or_else(|| Failure::input(format!("{name}: not a split file (no #{key} line)")))
    };
    let number = |key: &str| -> Result<u32, Failure> {
        field(key)?
            .parse()
            .map_err(|_| Failure::input(format!("{name}: bad #{key} line")))
    };
    field("magicboard-split")?;
    let (depth, split_depth) = (number("depth")?, number("split-depth")?);
    if split_depth > depth {
        return Err(Failure::input(format!(
            "{name}: #split-depth {split_depth} is deeper than #depth {depth}"
        )));
    }
    let root = field("root")?;
    let id = field("id")?.clone();
    if number("positions")? as usize != positions.len()
        || split_id(root, depth, split_depth, &body) != id
    {
        return Err(Failure::input(format!(
            "{name}: damaged split file (positions or id do not match its contents)"
        )));
    }
    Ok(SplitFile {
        id,
        depth,
        split_depth,
        chess960: field("chess960")? == "true",
        positions,
    })
}

/// `perft run-shard`: counts the positions of one shard (or the listed
/// ones), journaling each, and writes the result.
pub fn run_shard(
    path: &Path,
    depth: Option<u32>,
    part: Part,
    out: Option<&Path>,
    global: &Global,
) -> Result<(), Failure> {
    let split = read_split(path)?;
    let run = run_of(&split, depth, part, global)?;
    if let Some(out) = out {
        if let Some(done) = finished(out, &run)? {
            // Counted already (a task run again after it finished).
            return report(&done, None, Some(out), global);
        }
    }
    let (journal, mut records) = open_journal(out, &run, &split)?;
    let todo = not_yet_counted(path, &split, &run.part, &records)?;
    let held = records.len() + todo.len();
    let (counted, speed) = count_journaled(&todo, (records.len(), held), journal, &run, global)?;
    records.extend(counted);
    records.sort_by_key(|r| r.index);
    records.dedup_by_key(|r| r.index);
    let nodes = records
        .iter()
        .try_fold(0u128, |sum, r| sum.checked_add(r.nodes()?))
        .ok_or_else(|| Failure::input("the shard's total exceeds 2^128 - 1"))?;
    let result = ShardResult::new(run, records, nodes);
    if let Some(out) = out {
        result.write(out)?;
        // The result holds everything the journal did.
        let _ = std::fs::remove_file(journal::journal_path(out));
    }
    report(&result, Some(&speed), out, global)
}

/// The run a `run-shard` makes of `split`: its depth (the split's rest by
/// default), its positions and table; refused when the depth is too deep,
/// `--only` names a position the split lacks, or `--stats` has nothing to
/// count.
fn run_of(
    split: &SplitFile,
    depth: Option<u32>,
    part: Part,
    global: &Global,
) -> Result<Run, Failure> {
    let depth = depth.unwrap_or(split.depth - split.split_depth);
    global.check_depth(depth)?;
    let stray = match &part {
        Part::Only(list) => list.iter().find(|&&i| i >= split.positions.len()),
        Part::Shard(..) => None,
    };
    if let Some(&stray) = stray {
        return Err(Failure::input(format!(
            "--only {stray}: the split has {} positions, numbered from 0",
            split.positions.len()
        )));
    }
    if global.stats && depth == 0 {
        return Err(Failure::input(
            "--stats counts the moves below each split position: give --depth 1 or more",
        ));
    }
    Ok(Run {
        id: split.id.clone(),
        depth,
        split_depth: split.split_depth,
        split_positions: split.positions.len(),
        part,
        seed: (global.hash > 0).then_some(global.seed),
        stats: global.stats,
    })
}

/// The journal beside `out` and what it holds (a run started again
/// resumes from it); no journal without `--out`.
fn open_journal(
    out: Option<&Path>,
    run: &Run,
    split: &SplitFile,
) -> Result<(Option<Journal>, Vec<Record>), Failure> {
    let Some(out) = out else {
        return Ok((None, Vec::new()));
    };
    let path = journal::journal_path(out);
    let (journal, records) = Journal::open(&path, run)?;
    if !records.is_empty() {
        let held = (0..split.positions.len())
            .filter(|&i| run.part.holds(i))
            .count();
        eprintln!(
            "perft: resuming from {}: {} of {held} positions already counted",
            path.display(),
            records.len()
        );
    }
    Ok((Some(journal), records))
}

/// The positions of `part` that `records` lack: index, multiplicity and
/// board.
fn not_yet_counted(
    path: &Path,
    split: &SplitFile,
    part: &Part,
    records: &[Record],
) -> Result<Vec<(usize, u64, Board)>, Failure> {
    let recorded: std::collections::BTreeSet<usize> = records.iter().map(|r| r.index).collect();
    let mode = CastlingMode::from_chess960(split.chess960);
    let mut todo = Vec::new();
    for (index, (line, fen, multiplicity)) in split.positions.iter().enumerate() {
        if part.holds(index) && !recorded.contains(&index) {
            let board = Board::from_fen_with(fen, mode).map_err(|e| {
                Failure::input(format!("{}:{line}: invalid FEN: {e}", path.display()))
            })?;
            todo.push((index, *multiplicity, board));
        }
    }
    Ok(todo)
}

/// The result already at `out` for `run`, if the run is finished; an error
/// when `out` holds something else.
fn finished(out: &Path, run: &Run) -> Result<Option<ShardResult>, Failure> {
    if !out.exists() {
        return Ok(None);
    }
    let name = out.display();
    match journal::read(out)? {
        Found::Result(result) => match run.mismatch(&result.run) {
            None => Ok(Some(result)),
            Some(why) => Err(Failure::input(format!(
                "{name}: this result {why}; give another --out"
            ))),
        },
        Found::Journal(..) => Err(Failure::input(format!(
            "{name} is a journal, not a result: give --out the result's name (the journal is \
             kept beside it as {name}.journal)"
        ))),
    }
}

/// Counts `todo`, appending a record to the journal as each position is
/// counted, a progress line meanwhile over the shard's positions
/// (`progress`: those counted before, of all it holds); a SIGINT or
/// SIGTERM syncs the journal before the tool exits. Returns the records
/// and what this start counted.
fn count_journaled(
    todo: &[(usize, u64, Board)],
    progress: (usize, usize),
    journal: Option<Journal>,
    run: &Run,
    global: &Global,
) -> Result<(Vec<Record>, Speed), Failure> {
    let table = global.table()?;
    let meter = Arc::new(PerftMeter::new());
    let show = progress::wanted(global);
    let (before, held) = progress;
    let progress = Progress::start(show, Arc::clone(&meter), "positions", held, table.is_some());
    for _ in 0..before {
        progress.step(None);
    }
    let journal = Arc::new(Mutex::new(journal));
    let _hook = {
        let journal = Arc::clone(&journal);
        let stop_progress = progress.stopper();
        interrupt::on_interrupt(move |_| {
            stop_progress();
            if let Some(journal) = lock(&journal).as_mut() {
                let _ = journal.sync();
            }
        })
    };
    let syncer = Syncer::start(Arc::clone(&journal));
    let boards: Vec<Board> = todo.iter().map(|(_, _, board)| board.clone()).collect();
    let records = Mutex::new(Vec::with_capacity(todo.len()));
    let failed = Mutex::new(None);
    let start = Instant::now();
    thread_local! {
        /// When this thread finished its last position: the next one's
        /// count took the time since.
        static LAST: std::cell::Cell<Option<Instant>> = const { std::cell::Cell::new(None) };
    }
    let done = |i: usize, counts: Vec<u128>| {
        let now = Instant::now();
        let since = LAST.with(|last| last.replace(Some(now))).unwrap_or(start);
        let (index, multiplicity, _) = todo[i];
        let record = Record::now(index, multiplicity, counts, (now - since).as_secs_f64());
        let written = lock(&journal).as_mut().map(|j| j.record(&record));
        if let Some(Err(e)) = written {
            lock(&failed).get_or_insert(e);
        }
        lock(&records).push(record);
        progress.step(None);
    };
    let perft = counter(
        run.depth,
        true,
        global.threads_or(None),
        table.as_ref(),
        &meter,
    );
    let counted = if run.stats {
        perft.stats_each(&boards, |i, stats| done(i, stats.columns().to_vec()))
    } else {
        perft.count_each(&boards, |i, count| done(i, vec![count]))
    };
    syncer.stop();
    if let Some(journal) = lock(&journal).as_mut() {
        journal
            .sync()
            .map_err(|e| Failure::input(format!("cannot write the journal: {e}")))?;
    }
    counted?;
    if let Some(e) = failed.into_inner().unwrap_or_else(PoisonError::into_inner) {
        return Err(Failure::input(format!("cannot write the journal: {e}")));
    }
    let records = records.into_inner().unwrap_or_else(PoisonError::into_inner);
    let counted: u128 = records.iter().filter_map(Record::nodes).sum();
    let speed = progress.speed(counted);
    progress.end(&speed);
    Ok((records, speed))
}

/// A thread that syncs the journal once a second, positions finishing or
/// not.
struct Syncer {
    stop: mpsc::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

impl Syncer {
    fn start(journal: Arc<Mutex<Option<Journal>>>) -> Syncer {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            while let Err(mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(journal::SYNC_EVERY)
            {
                if let Some(journal) = lock(&journal).as_mut() {
                    let _ = journal.sync();
                }
            }
        });
        Syncer { stop, thread }
    }

    fn stop(self) {
        drop(self.stop);
        let _ = self.thread.join();
    }
}

/// Prints a shard's result: without `--out`, the whole result (what
/// `merge` and `compare` read, so that `> FILE` saves it); with `--out`,
/// its first line; or JSON. `speed` is what this start counted (`None`:
/// the shard was finished before).
fn report(
    result: &ShardResult,
    speed: Option<&Speed>,
    out: Option<&Path>,
    global: &Global,
) -> Result<(), Failure> {
    if global.json {
        let (i, n) = match result.run.part {
            Part::Shard(i, n) => (Some(i), Some(n)),
            Part::Only(_) => (None, None),
        };
        let mut value = json!({
            "id": result.run.id, "shard": i, "shards": n, "depth": result.run.depth,
            "split_depth": result.run.split_depth, "positions": result.records.len(),
            "nodes": result.nodes, "cpu_seconds": result.cpu_seconds,
            "wall_seconds": result.wall_seconds, "seed": result.run.seed,
            "already_counted": speed.is_none(),
            "stats": stats_of(&result.records)?.map(|s| super::stats::json(&s)),
        });
        if let Some(speed) = speed {
            value["this_start"] = json!({});
            speed.add_to(&mut value["this_start"]);
            value["this_start"]["nodes"] = json!(speed.nodes);
        }
        print_json(&value);
    } else if out.is_some() {
        outln!("{}", result.summary());
    } else {
        out!("{}", result.text());
    }
    Ok(())
}

/// The shard `--shard` names, reading the scheduler's variables for `auto`.
pub fn resolve_shard(arg: ShardArg) -> Result<Part, Failure> {
    let (i, n) =
        scheduler::resolve(arg, |name| std::env::var(name).ok()).map_err(Failure::input)?;
    Ok(Part::Shard(i, n))
}

/// The counted positions of a set of result and journal files, checked to
/// belong to one split.
struct Collected {
    /// The run of the first file (split, depths, positions).
    run: Run,
    /// Each position's records, with the file each came from.
    records: BTreeMap<usize, Vec<(Record, usize, bool)>>,
    files: Vec<PathBuf>,
    seeds: std::collections::BTreeSet<Option<u64>>,
    /// Journals among the files (shards not finished).
    journals: usize,
    /// The number of shards, when every file is a shard of one scheme.
    shards: Option<u32>,
}

/// Reads `files` (results; journals too when `partial`).
fn collect(files: &[PathBuf], partial: bool) -> Result<Collected, Failure> {
    let mut collected: Option<Collected> = None;
    for (number, path) in files.iter().enumerate() {
        let (run, records, journal) = match journal::read(path)? {
            Found::Result(result) => (result.run, result.records, false),
            Found::Journal(..) if !partial => {
                return Err(Failure::input(format!(
                    "{} is the journal of a shard not finished; merge --partial shows a run in \
                     progress",
                    path.display()
                )));
            }
            Found::Journal(run, records) => (run, records, true),
        };
        let all = collected.get_or_insert_with(|| Collected {
            run: run.clone(),
            records: BTreeMap::new(),
            files: Vec::new(),
            seeds: Default::default(),
            journals: 0,
            shards: match run.part {
                Part::Shard(_, n) => Some(n),
                Part::Only(_) => None,
            },
        });
        if run.stats != all.run.stats {
            return Err(Failure::check(format!(
                "results of different runs: {} and {} are not both statistics (--stats)",
                all.files[0].display(),
                path.display()
            )));
        }
        if (&run.id, run.depth, run.split_depth)
            != (&all.run.id, all.run.depth, all.run.split_depth)
        {
            return Err(Failure::check(format!(
                "results of different runs: {} is of split {} (depth {} + {}), {} of split {} \
                 (depth {} + {})",
                all.files[0].display(),
                all.run.id,
                all.run.split_depth,
                all.run.depth,
                path.display(),
                run.id,
                run.split_depth,
                run.depth
            )));
        }
        let recount = matches!(run.part, Part::Only(_));
        if !matches!(run.part, Part::Shard(_, n) if Some(n) == all.shards) {
            all.shards = None;
        }
        for record in records {
            all.records
                .entry(record.index)
                .or_default()
                .push((record, number, recount));
        }
        all.files.push(path.clone());
        all.seeds.insert(run.seed);
        all.journals += usize::from(journal);
    }
    collected.ok_or_else(|| Failure::input("no files given"))
}

/// Each position's count, after the checks: a recount replaces the
/// position's other counts; otherwise a position counted twice is an
/// error, unless `partial` and the counts agree (a journal beside its
/// result).
fn per_position(all: &Collected, partial: bool) -> Result<BTreeMap<usize, Record>, Failure> {
    let mut counts = BTreeMap::new();
    let mut doubled = Vec::new();
    for (&index, found) in &all.records {
        let recounts: Vec<_> = found.iter().filter(|(_, _, recount)| *recount).collect();
        let chosen: Vec<_> = if recounts.is_empty() {
            found.iter().collect()
        } else {
            recounts
        };
        let (first, _, _) = chosen[0];
        let agree = chosen.iter().all(|(r, _, _)| r.counts == first.counts);
        if chosen.len() > 1 && !(partial && agree) {
            let names: Vec<String> = chosen
                .iter()
                .map(|(_, file, _)| all.files[*file].display().to_string())
                .collect();
            doubled.push(format!("position {index} ({})", names.join(", ")));
        }
        counts.insert(index, first.clone());
    }
    if !doubled.is_empty() {
        return Err(Failure::check(format!(
            "{} positions counted more than once: {}{}",
            doubled.len(),
            doubled[..doubled.len().min(5)].join("; "),
            if doubled.len() > 5 { "; ..." } else { "" }
        )));
    }
    Ok(counts)
}

/// The positions of `0..total` not in `counts`, as ranges (`3-5, 9`).
fn missing(counts: &BTreeMap<usize, Record>, total: usize) -> (usize, String) {
    let mut ranges: Vec<String> = Vec::new();
    let mut count = 0;
    let mut index = 0;
    while index < total {
        if counts.contains_key(&index) {
            index += 1;
            continue;
        }
        let first = index;
        while index < total && !counts.contains_key(&index) {
            index += 1;
        }
        count += index - first;
        if ranges.len() < 10 {
            ranges.push(if index - first == 1 {
                first.to_string()
            } else {
                format!("{first}-{}", index - 1)
            });
        }
    }
    (count, ranges.join(", "))
}

/// `perft merge`.
pub fn merge(files: &[PathBuf], partial: bool, global: &Global) -> Result<(), Failure> {
    let all = collect(files, partial)?;
    let counts = per_position(&all, partial)?;
    let total = all.run.split_positions;
    let (lacking, ranges) = missing(&counts, total);
    if lacking > 0 && !partial {
        let shards = missing_shards(&all, &counts);
        return Err(Failure::check(format!(
            "incomplete: {lacking} of {total} positions missing (positions {ranges}){shards}"
        )));
    }
    let nodes = counts
        .values()
        .try_fold(0u128, |sum, r| sum.checked_add(r.nodes()?))
        .ok_or_else(|| Failure::input("the total exceeds 2^128 - 1"))?;
    let seeds: Vec<String> = all
        .seeds
        .iter()
        .map(|s| s.map_or("no table".to_string(), |s| format!("seed {s}")))
        .collect();
    let total_depth = all.run.split_depth + all.run.depth;
    if partial {
        return progress(&all, &counts, nodes, global);
    }
    let stats = if all.run.stats {
        stats_of(counts.values())?
    } else {
        None
    };
    // From the positions' own lines: the time each took on its thread,
    // and the spans during which they were counted.
    let cpu_seconds: f64 = counts.values().map(|r| r.seconds).sum();
    let wall_seconds = journal::wall_seconds(counts.values());
    if global.json {
        let mut value = json!({
            "id": all.run.id, "files": all.files.len(), "depth": total_depth,
            "split_depth": all.run.split_depth, "positions": total, "nodes": nodes,
            "cpu_seconds": cpu_seconds, "wall_seconds": wall_seconds,
            "seeds": all.seeds.iter().collect::<Vec<_>>(),
        });
        if let Some(stats) = &stats {
            value["stats"] = super::stats::json(stats);
        }
        print_json(&value);
    } else {
        let what = match all.shards {
            Some(n) if all.files.len() == n as usize => format!("Shards: {n} of {n}"),
            _ => format!("Files: {}", all.files.len()),
        };
        outln!(
            "{what} (split {}, depth {total_depth} = {} + {}, {total} positions each counted \
             once; {})",
            all.run.id,
            all.run.split_depth,
            all.run.depth,
            seeds.join(", ")
        );
        match &stats {
            Some(stats) => super::stats::print_lines(stats),
            None => outln!("Nodes searched: {nodes}"),
        }
        outln!(
            "Time: {cpu_seconds:.3} s of CPU over all threads and shards, {wall_seconds:.3} s of \
             wall time while any shard counted"
        );
    }
    Ok(())
}

/// `; shards missing: 2/4, 3/4` when the files are shards of one scheme
/// and whole shards lack.
fn missing_shards(all: &Collected, counts: &BTreeMap<usize, Record>) -> String {
    let Some(n) = all.shards else {
        return String::new();
    };
    let absent: Vec<String> = (1..=n)
        .filter(|&i| {
            let part = Part::Shard(i, n);
            let mut held = (0..all.run.split_positions).filter(|&x| part.holds(x));
            held.all(|x| !counts.contains_key(&x))
        })
        .map(|i| format!("{i}/{n}"))
        .take(20)
        .collect();
    match absent.len() {
        0 => String::new(),
        _ => format!("; shards missing: {}", absent.join(", ")),
    }
}

/// `merge --partial`: how far a run is.
fn progress(
    all: &Collected,
    counts: &BTreeMap<usize, Record>,
    nodes: u128,
    global: &Global,
) -> Result<(), Failure> {
    let total = all.run.split_positions;
    let done = counts.len();
    let eta = estimate(counts, total - done);
    if global.json {
        print_json(&json!({
            "id": all.run.id, "positions": total, "done": done, "nodes_so_far": nodes,
            "journals": all.journals, "eta_seconds": eta,
        }));
    } else {
        outln!(
            "Positions: {done} of {total} counted ({:.1}%; {} files, {} of them journals of \
             shards still running or stopped)",
            100.0 * done as f64 / total.max(1) as f64,
            all.files.len(),
            all.journals
        );
        outln!("Nodes so far: {nodes}");
        match eta {
            Some(seconds) if done < total => outln!(
                "Estimate: {} left at the rate of the last ten minutes",
                duration(seconds)
            ),
            _ if done < total => outln!("Estimate: not yet (too few positions counted)"),
            _ => outln!("Every position is counted: merge without --partial"),
        }
    }
    Ok(())
}

/// Seconds left for `left` positions at the rate positions were finished
/// in the ten minutes before the last one (across all shards).
fn estimate(counts: &BTreeMap<usize, Record>, left: usize) -> Option<f64> {
    const WINDOW_MS: u64 = 600_000;
    let newest = counts.values().map(|r| r.unix_ms).max()?;
    let recent: Vec<u64> = counts
        .values()
        .map(|r| r.unix_ms)
        .filter(|&t| t + WINDOW_MS >= newest)
        .collect();
    let oldest = recent.iter().copied().min()?;
    let span = (newest - oldest) as f64 / 1000.0;
    if recent.len() < 2 || span <= 0.0 {
        return None;
    }
    Some(left as f64 * span / (recent.len() - 1) as f64)
}

/// The FENs of the split file at `path`, which must be split `id`.
fn split_fens(path: &Path, id: &str) -> Result<Vec<String>, Failure> {
    let split = read_split(path)?;
    if split.id != id {
        return Err(Failure::input(format!(
            "{}: split {}, not the runs' split {id}",
            path.display(),
            split.id,
        )));
    }
    Ok(split.positions.into_iter().map(|(_, fen, _)| fen).collect())
}

/// `perft compare`: the positions two runs of one split count differently.
pub fn compare(
    files: &[PathBuf],
    with: &[PathBuf],
    split: Option<&Path>,
    global: &Global,
) -> Result<(), Failure> {
    let (a, b) = (collect(files, true)?, collect(with, true)?);
    if (&a.run.id, a.run.depth) != (&b.run.id, b.run.depth) {
        return Err(Failure::input(format!(
            "the two runs are of different splits or depths: split {} depth {} vs split {} \
             depth {}",
            a.run.id, a.run.depth, b.run.id, b.run.depth
        )));
    }
    let (ca, cb) = (per_position(&a, true)?, per_position(&b, true)?);
    let fens = match split {
        Some(path) => split_fens(path, &a.run.id)?,
        None => Vec::new(),
    };
    let both: Vec<usize> = ca.keys().filter(|i| cb.contains_key(i)).copied().collect();
    let differ: Vec<usize> = both
        .iter()
        .copied()
        .filter(|i| ca[i].counts != cb[i].counts)
        .collect();
    let only = ca.len() + cb.len() - 2 * both.len();
    if global.json {
        let list: Vec<_> = differ
            .iter()
            .map(|&i| {
                json!({"index": i, "fen": fens.get(i), "count": counts_json(&ca[&i]),
                       "with": counts_json(&cb[&i])})
            })
            .collect();
        print_json(&json!({
            "id": a.run.id, "compared": both.len(), "differ": list, "not_compared": only,
        }));
    } else {
        outln!(
            "Compared {} positions of split {} ({} counted by one run only)",
            both.len(),
            a.run.id,
            only
        );
        for &i in &differ {
            let fen = fens.get(i).map_or(String::new(), |f| format!(" {f}"));
            outln!(
                "position {i}{fen}: {} vs {}",
                counts_text(&ca[&i]),
                counts_text(&cb[&i])
            );
        }
        if differ.is_empty() {
            outln!("Every position compared has the same count");
        } else {
            let list: Vec<String> = differ.iter().map(usize::to_string).collect();
            outln!(
                "Count them again without a table: perft run-shard SPLIT --only {} --out \
                 recount.txt",
                list.join(",")
            );
        }
    }
    if differ.is_empty() {
        Ok(())
    } else {
        Err(Failure::check(format!(
            "{} of {} positions differ",
            differ.len(),
            both.len()
        )))
    }
}

/// A record's count, or its statistics' columns (`nodes,captures,...`).
fn counts_text(record: &Record) -> String {
    let counts: Vec<String> = record.counts.iter().map(u128::to_string).collect();
    counts.join(",")
}

/// A record's count as a JSON number, or its statistics as an object.
fn counts_json(record: &Record) -> serde_json::Value {
    match record.counts[..] {
        [count] => json!(count),
        _ => {
            let columns: [u128; 9] =
                core::array::from_fn(|i| record.counts.get(i).copied().unwrap_or(0));
            super::stats::json(&PerftStats::from_columns(columns))
        }
    }
}

/// The statistics of a set of records (each weighted by its
/// multiplicity), or `None` when they hold plain counts.
fn stats_of<'a>(
    records: impl IntoIterator<Item = &'a Record>,
) -> Result<Option<PerftStats>, Failure> {
    let mut sum = [0u128; 9];
    for record in records {
        if record.counts.len() != 9 {
            return Ok(None);
        }
        let weighted = record
            .weighted()
            .ok_or_else(|| Failure::input("the total exceeds 2^128 - 1"))?;
        for (total, value) in sum.iter_mut().zip(weighted) {
            *total = total
                .checked_add(value)
                .ok_or_else(|| Failure::input("the total exceeds 2^128 - 1"))?;
        }
    }
    Ok(Some(PerftStats::from_columns(sum)))
}
