//! The files a shard writes: the journal it keeps while it counts, and the
//! result it leaves when it is done.
//!
//! Both are text. Each starts with a header naming the run (split id,
//! depths, the shard, the table's seed), and lists split positions, one a
//! line:
//!
//! ```text
//! <index> <multiplicity> <count> <seconds> <unix-ms> <check>
//! ```
//!
//! `index` is the position's place in the split file (0-based),
//! `multiplicity` how many move sequences reach it, `count` its perft to
//! the run's depth (with `--stats`, the nine columns of the statistics,
//! comma-separated, nodes first), `seconds` the time its count took,
//! `unix-ms` when it finished, and `check` 16 hex digits of a 64-bit FNV-1a
//! digest of the split id and the other fields, so that an edited,
//! truncated or misplaced line is refused, never added.
//!
//! * The **journal** (`<out>.journal`) starts with `#magicboard-journal 1
//!   id=... depth=... split-depth=... split-positions=... shard=i/n
//!   seed=...` (and `stats=1` for statistics). A line is appended (one `write`) as each position is
//!   counted, and the file is synced to disk at least once a second. A
//!   shard started again reads it and counts only what it lacks.
//! * The **result** (`<out>`) is written once, whole: to a temporary name,
//!   synced, then renamed. Its first line is `magicboard-shard 2` with the
//!   same fields plus `positions=`, `nodes=` (the shard's total, `Σ
//!   multiplicity × count`), `cpu_seconds=` (the time its positions took,
//!   summed over threads and restarts: thread time, what a CPU-hour
//!   budget is charged) and `wall_seconds=` (the time during which the
//!   shard was counting: the union of its positions' counting spans, over
//!   restarts); then one line per position, in index order; then `#end
//!   <digest of everything above>`. A result of perft 0.4, whose first
//!   line has `seconds=` (the same figure as `cpu_seconds=`) and no
//!   `wall_seconds=`, is read as such, its wall time computed from its
//!   lines.

use super::output::Failure;
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// 64-bit FNV-1a.
pub struct Fnv(u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    /// Adds `text` and a newline.
    pub fn add(&mut self, text: &str) {
        for byte in text.bytes().chain([b'\n']) {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// Which positions of a split a run counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Shard `i` of `n` (1-based): the positions whose index is `i - 1`
    /// modulo `n`.
    Shard(u32, u32),
    /// A recount of the listed positions.
    Only(Vec<usize>),
}

impl Part {
    /// True when position `index` is part of this run.
    pub fn holds(&self, index: usize) -> bool {
        match self {
            &Part::Shard(i, n) => index % n as usize == (i - 1) as usize,
            Part::Only(list) => list.contains(&index),
        }
    }

    /// `shard=i/n` or `only=a,b,c`.
    fn field(&self) -> String {
        match self {
            Part::Shard(i, n) => format!("shard={i}/{n}"),
            Part::Only(list) => {
                let list: Vec<String> = list.iter().map(usize::to_string).collect();
                format!("only={}", list.join(","))
            }
        }
    }

    /// How a person names it: `shard 2/4` or `the recount of 3 positions`.
    pub fn name(&self) -> String {
        match self {
            Part::Shard(i, n) => format!("shard {i}/{n}"),
            Part::Only(list) => format!("the recount of positions {}", list_text(list)),
        }
    }
}

/// `1, 2, 3` (the first 20, then `...`).
pub fn list_text(list: &[usize]) -> String {
    let mut text: Vec<String> = list.iter().take(20).map(usize::to_string).collect();
    if list.len() > 20 {
        text.push(format!("... ({} in all)", list.len()));
    }
    text.join(", ")
}

/// What a journal or result belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The split file's id.
    pub id: String,
    /// Plies counted below each split position.
    pub depth: u32,
    pub split_depth: u32,
    /// Positions in the whole split.
    pub split_positions: usize,
    pub part: Part,
    /// The table's seed; `None` without a table.
    pub seed: Option<u64>,
    /// Statistics (`--stats`) rather than counts.
    pub stats: bool,
}

impl Run {
    /// The header's fields, space-separated.
    fn fields(&self) -> String {
        let seed = self.seed.map_or("-".to_string(), |s| s.to_string());
        let stats = if self.stats { " stats=1" } else { "" };
        format!(
            "id={} depth={} split-depth={} split-positions={} {} seed={seed}{stats}",
            self.id,
            self.depth,
            self.split_depth,
            self.split_positions,
            self.part.field()
        )
    }

    /// Reads the fields of a header line (after its first two words).
    fn parse(fields: &Fields<'_>) -> Option<Run> {
        let part = match (fields.get("shard"), fields.get("only")) {
            (Some(shard), None) => {
                let (i, n) = super::scheduler::parse_shard(shard).ok()?;
                Part::Shard(i, n)
            }
            (None, Some(list)) => Part::Only(parse_list(list).ok()?),
            _ => return None,
        };
        let seed = match fields.get("seed")? {
            "-" => None,
            seed => Some(seed.parse().ok()?),
        };
        Some(Run {
            id: fields.get("id")?.to_string(),
            depth: fields.get("depth")?.parse().ok()?,
            split_depth: fields.get("split-depth")?.parse().ok()?,
            split_positions: fields.get("split-positions")?.parse().ok()?,
            part,
            seed,
            stats: fields.get("stats") == Some("1"),
        })
    }

    /// Why `other` (a file found on disk) cannot be resumed or merged as
    /// part of this run, if it cannot.
    pub fn mismatch(&self, other: &Run) -> Option<String> {
        if other.id != self.id {
            return Some(format!(
                "is of split {}, not of this split ({})",
                other.id, self.id
            ));
        }
        if other.depth != self.depth || other.split_depth != self.split_depth {
            return Some(format!(
                "counts {} plies below a split {} plies deep, not {} below {}",
                other.depth, other.split_depth, self.depth, self.split_depth
            ));
        }
        if other.stats != self.stats {
            let what = |stats: bool| if stats { "statistics" } else { "plain counts" };
            return Some(format!(
                "holds {}, this run counts {}",
                what(other.stats),
                what(self.stats)
            ));
        }
        if other.part != self.part {
            return Some(format!(
                "is of {}, not {}",
                other.part.name(),
                self.part.name()
            ));
        }
        match (self.seed, other.seed) {
            (Some(a), Some(b)) if a != b => Some(format!(
                "was counted with --seed {b}, this run has --seed {a} (a second seed is a \
                 second run: give it another --out)"
            )),
            _ => None,
        }
    }
}

/// `key=value` words.
struct Fields<'a>(Vec<(&'a str, &'a str)>);

impl<'a> Fields<'a> {
    fn new(words: impl Iterator<Item = &'a str>) -> Fields<'a> {
        Fields(words.filter_map(|w| w.split_once('=')).collect())
    }

    fn get(&self, key: &str) -> Option<&'a str> {
        self.0.iter().find(|(k, _)| *k == key).map(|&(_, v)| v)
    }
}

/// Position indices given on the command line (`--only 1,5,17`).
#[derive(Clone, Debug)]
pub struct IndexList(pub Vec<usize>);

/// Reads `--only`'s list.
pub fn parse_index_list(text: &str) -> Result<IndexList, String> {
    parse_list(text).map(IndexList)
}

/// Reads `1,5,17` (0-based position indices).
pub fn parse_list(text: &str) -> Result<Vec<usize>, String> {
    let mut list: Vec<usize> = text
        .split(',')
        .map(|w| {
            w.trim()
                .parse()
                .map_err(|_| format!("bad position index '{w}' (expected a list like 3,17,230)"))
        })
        .collect::<Result<_, _>>()?;
    list.sort_unstable();
    list.dedup();
    Ok(list)
}

/// One counted split position.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub index: usize,
    pub multiplicity: u64,
    /// The count, or the nine columns of the statistics (nodes first).
    pub counts: Vec<u128>,
    pub seconds: f64,
    pub unix_ms: u64,
}

impl Record {
    /// A record of a position just counted.
    pub fn now(index: usize, multiplicity: u64, counts: Vec<u128>, seconds: f64) -> Record {
        let unix_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        Record {
            index,
            multiplicity,
            counts,
            seconds,
            unix_ms,
        }
    }

    /// The position's perft count (the first column).
    pub fn count(&self) -> u128 {
        self.counts[0]
    }

    /// `multiplicity × count`, or `None` past 2^128 - 1.
    pub fn nodes(&self) -> Option<u128> {
        self.count().checked_mul(u128::from(self.multiplicity))
    }

    /// Each column times the multiplicity, or `None` past 2^128 - 1.
    pub fn weighted(&self) -> Option<Vec<u128>> {
        self.counts
            .iter()
            .map(|c| c.checked_mul(u128::from(self.multiplicity)))
            .collect()
    }

    /// The line, with its check and newline.
    fn line(&self, id: &str) -> String {
        let counts: Vec<String> = self.counts.iter().map(u128::to_string).collect();
        let fields = format!(
            "{} {} {} {:.3} {}",
            self.index,
            self.multiplicity,
            counts.join(","),
            self.seconds,
            self.unix_ms
        );
        format!("{fields} {}\n", check(id, &fields))
    }

    /// Reads a line written by [`Record::line`] (without its newline), or
    /// says why it is refused.
    fn parse(line: &str, id: &str) -> Result<Record, &'static str> {
        let (fields, digest) = line.rsplit_once(' ').ok_or("not a journal line")?;
        if digest != check(id, fields) {
            return Err("its check does not match (edited, truncated, or of another split)");
        }
        let words: Vec<&str> = fields.split(' ').collect();
        let [index, multiplicity, count, seconds, unix_ms] = words[..] else {
            return Err("not a journal line");
        };
        let bad = "not a journal line";
        Ok(Record {
            index: index.parse().map_err(|_| bad)?,
            multiplicity: multiplicity.parse().map_err(|_| bad)?,
            counts: count
                .split(',')
                .map(|c| c.parse().map_err(|_| bad))
                .collect::<Result<_, _>>()?,
            seconds: seconds.parse().map_err(|_| bad)?,
            unix_ms: unix_ms.parse().map_err(|_| bad)?,
        })
    }
}

/// The check of a record line: FNV-1a of the split id and the fields.
fn check(id: &str, fields: &str) -> String {
    let mut fnv = Fnv::new();
    fnv.add(id);
    fnv.add(fields);
    fnv.hex()
}

/// The journal's first word.
const JOURNAL_MAGIC: &str = "#magicboard-journal";

/// The result's first word.
const RESULT_MAGIC: &str = "magicboard-shard";

/// The journal beside `out`.
pub fn journal_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".journal");
    PathBuf::from(name)
}

/// A journal open for appending.
pub struct Journal {
    file: File,
    id: String,
    /// Lines written since the last sync.
    dirty: bool,
    last_sync: Instant,
}

/// How often a journal is synced to disk at least.
pub const SYNC_EVERY: Duration = Duration::from_secs(1);

impl Journal {
    /// Opens the journal at `path` for `run`: a new one, or the one a
    /// earlier start of the same run left, whose records are returned.
    pub fn open(path: &Path, run: &Run) -> Result<(Journal, Vec<Record>), Failure> {
        let name = path.display();
        let records = match std::fs::read_to_string(path) {
            Ok(text) if !text.is_empty() => {
                let (found, records) = parse_journal(&text, &name.to_string())?;
                if let Some(why) = run.mismatch(&found) {
                    return Err(Failure::input(format!(
                        "{name}: this journal {why}; remove it or give another --out"
                    )));
                }
                let stray = records
                    .iter()
                    .find(|r| !run.part.holds(r.index) || r.index >= run.split_positions);
                if let Some(stray) = stray {
                    return Err(Failure::input(format!(
                        "{name}: position {} is not part of {}",
                        stray.index,
                        run.part.name()
                    )));
                }
                Some(records)
            }
            Ok(_) => None,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(Failure::input(format!("cannot read {name}: {e}"))),
        };
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| Failure::input(format!("cannot write {name}: {e}")))?;
        if records.is_none() {
            writeln!(file, "{JOURNAL_MAGIC} 1 {}", run.fields())
                .and_then(|()| file.sync_data())
                .map_err(|e| Failure::input(format!("cannot write {name}: {e}")))?;
        }
        let journal = Journal {
            file,
            id: run.id.clone(),
            dirty: false,
            last_sync: Instant::now(),
        };
        Ok((journal, records.unwrap_or_default()))
    }

    /// Appends `record` in one write; syncs when the last sync is a second
    /// old.
    pub fn record(&mut self, record: &Record) -> std::io::Result<()> {
        self.file.write_all(record.line(&self.id).as_bytes())?;
        self.dirty = true;
        if self.last_sync.elapsed() >= SYNC_EVERY {
            self.sync()?;
        }
        Ok(())
    }

    /// Syncs what was written to disk, if anything.
    pub fn sync(&mut self) -> std::io::Result<()> {
        if self.dirty {
            self.file.sync_data()?;
            self.dirty = false;
        }
        self.last_sync = Instant::now();
        Ok(())
    }
}

/// Reads a journal's text: its run and records. Every line must be whole
/// and intact.
fn parse_journal(text: &str, name: &str) -> Result<(Run, Vec<Record>), Failure> {
    let mut lines = text.split_inclusive('\n').enumerate();
    let header = lines.next().map(|(_, l)| l).unwrap_or_default();
    let mut words = header.split_whitespace();
    let run = (words.next() == Some(JOURNAL_MAGIC) && words.next() == Some("1"))
        .then(|| Run::parse(&Fields::new(words)))
        .flatten()
        .ok_or_else(|| Failure::input(format!("{name}: not a perft journal (bad first line)")))?;
    let mut records = Vec::new();
    for (number, line) in lines {
        let refused = |why: &str| {
            Failure::input(format!(
                "{name}:{}: {why}; delete this line to count its position again",
                number + 1
            ))
        };
        let Some(line) = line.strip_suffix('\n') else {
            return Err(refused(
                "an unfinished line (no newline at the end of the file)",
            ));
        };
        records.push(Record::parse(line, &run.id).map_err(refused)?);
    }
    Ok((run, records))
}

/// The time during which the positions of `records` were being counted:
/// the length of the union of their spans (each ends at its `unix_ms`
/// and lasted its `seconds`), so that threads counting side by side, and
/// shards running at once, count once, and the pauses between restarts
/// not at all.
pub fn wall_seconds<'a>(records: impl IntoIterator<Item = &'a Record>) -> f64 {
    let mut spans: Vec<(f64, f64)> = records
        .into_iter()
        .map(|r| {
            let end = r.unix_ms as f64 / 1000.0;
            (end - r.seconds, end)
        })
        .collect();
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (mut total, mut reach) = (0.0, f64::NEG_INFINITY);
    for (start, end) in spans {
        let from = start.max(reach);
        if end > from {
            total += end - from;
            reach = end;
        }
    }
    total
}

/// A finished shard: its run, its positions in index order, and the
/// totals.
#[derive(Clone, Debug)]
pub struct ShardResult {
    pub run: Run,
    pub records: Vec<Record>,
    pub nodes: u128,
    /// The time its positions took, summed over threads and restarts.
    pub cpu_seconds: f64,
    /// The time during which it was counting ([`wall_seconds`]).
    pub wall_seconds: f64,
}

impl ShardResult {
    /// The result of a run and its records, in index order.
    pub fn new(run: Run, records: Vec<Record>, nodes: u128) -> ShardResult {
        ShardResult {
            run,
            cpu_seconds: records.iter().map(|r| r.seconds).sum(),
            wall_seconds: wall_seconds(&records),
            records,
            nodes,
        }
    }

    /// The summary line (the file's first).
    pub fn summary(&self) -> String {
        format!(
            "{RESULT_MAGIC} 2 {} positions={} nodes={} cpu_seconds={:.3} wall_seconds={:.3}",
            self.run.fields(),
            self.records.len(),
            self.nodes,
            self.cpu_seconds,
            self.wall_seconds
        )
    }

    /// The file's text: what `write` writes, and what `run-shard` without
    /// `--out` prints.
    pub fn text(&self) -> String {
        let mut text = self.summary();
        text.push('\n');
        for record in &self.records {
            text.push_str(&record.line(&self.run.id));
        }
        // The digest of every line above `#end`, as `parse_result` reads
        // them (the last newline is `Fnv::add`'s).
        let mut fnv = Fnv::new();
        fnv.add(text.strip_suffix('\n').unwrap_or(&text));
        let _ = writeln!(text, "#end {}", fnv.hex());
        text
    }

    /// Writes the result to `path` whole or not at all: a temporary file
    /// beside it, synced, then renamed over `path`.
    pub fn write(&self, path: &Path) -> Result<(), Failure> {
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(format!(".tmp-{}", std::process::id()));
        let temporary = PathBuf::from(temporary);
        let written = (|| {
            let mut file = File::create(&temporary)?;
            file.write_all(self.text().as_bytes())?;
            file.sync_all()?;
            std::fs::rename(&temporary, path)
        })();
        written.map_err(|e| {
            let _ = std::fs::remove_file(&temporary);
            Failure::input(format!("cannot write {}: {e}", path.display()))
        })
    }
}

/// What a file given to `merge` or `compare` holds.
pub enum Found {
    Result(ShardResult),
    /// A journal: a shard not finished (or killed).
    Journal(Run, Vec<Record>),
}

/// Reads a result or a journal.
pub fn read(path: &Path) -> Result<Found, Failure> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::input(format!("cannot read {name}: {e}")))?;
    if text.starts_with(JOURNAL_MAGIC) {
        let (run, records) = parse_journal(&text, &name)?;
        return Ok(Found::Journal(run, records));
    }
    parse_result(&text, &name).map(Found::Result)
}

/// Reads a result file's text, checking its digest and totals.
fn parse_result(text: &str, name: &str) -> Result<ShardResult, Failure> {
    let bad = |why: &str| Failure::input(format!("{name}: {why}"));
    let first = text.lines().next().unwrap_or_default();
    let mut words = first.split_whitespace();
    if words.next() != Some(RESULT_MAGIC) {
        return Err(bad("not a shard result (nor a journal)"));
    }
    if words.next() != Some("2") {
        return Err(bad(
            "a shard result of an older perft, without its positions' counts: count the shard \
             again",
        ));
    }
    let fields = Fields::new(words);
    let run = Run::parse(&fields).ok_or_else(|| bad("bad first line"))?;
    let (body, end) = text
        .trim_end_matches('\n')
        .rsplit_once('\n')
        .ok_or_else(|| bad("truncated (no #end line)"))?;
    let mut fnv = Fnv::new();
    fnv.add(body);
    if end.strip_prefix("#end ") != Some(fnv.hex().as_str()) {
        return Err(bad("damaged (its #end digest does not match its contents)"));
    }
    let mut records = Vec::new();
    for (number, line) in body.lines().enumerate().skip(1) {
        let record = Record::parse(line, &run.id)
            .map_err(|why| bad(&format!("line {}: {why}", number + 1)))?;
        if !run.part.holds(record.index) || record.index >= run.split_positions {
            return Err(bad(&format!(
                "line {}: position {} is not part of {}",
                number + 1,
                record.index,
                run.part.name()
            )));
        }
        records.push(record);
    }
    let nodes = records
        .iter()
        .try_fold(0u128, |sum, r| sum.checked_add(r.nodes()?))
        .ok_or_else(|| bad("its total exceeds 2^128 - 1"))?;
    let stated: Option<u128> = fields.get("nodes").and_then(|n| n.parse().ok());
    let positions: Option<usize> = fields.get("positions").and_then(|n| n.parse().ok());
    if stated != Some(nodes) || positions != Some(records.len()) {
        return Err(bad("its totals do not match its positions"));
    }
    // perft 0.4 named the CPU time `seconds` and had no wall time.
    let seconds = |key: &str| fields.get(key).and_then(|s| s.parse::<f64>().ok());
    let cpu_seconds = seconds("cpu_seconds")
        .or_else(|| seconds("seconds"))
        .unwrap_or(0.0);
    let wall_seconds = seconds("wall_seconds").unwrap_or_else(|| wall_seconds(&records));
    Ok(ShardResult {
        run,
        records,
        nodes,
        cpu_seconds,
        wall_seconds,
    })
}
