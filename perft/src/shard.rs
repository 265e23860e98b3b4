//! Sharded runs: `perft split`, `perft run-shard`, `perft merge`.
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
//! lines: it names the split in every shard result (so `merge` refuses
//! results of different splits) and lets `run-shard` detect a damaged file.
//!
//! A shard result is one line, `magicboard-shard id=<id> shard=<i>/<n>
//! depth=<d> split-depth=<k> positions=<m> nodes=<N> seconds=<s>`, or the
//! same fields as a JSON object with `--json`.

use super::{Failure, Global, counter, mnps, print_json};
use magicboard::perft::split::split_positions;
use magicboard::{Board, CastlingMode};
use serde_json::json;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Parses `i/n` with `1 <= i <= n`.
pub fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let (i, n) = text
        .split_once('/')
        .ok_or_else(|| format!("expected i/n, found '{text}'"))?;
    let i: u32 = i
        .trim()
        .parse()
        .map_err(|_| format!("bad shard index '{i}'"))?;
    let n: u32 = n
        .trim()
        .parse()
        .map_err(|_| format!("bad shard count '{n}'"))?;
    if n == 0 || i == 0 || i > n {
        return Err(format!("shard '{text}': need 1 <= i <= n"));
    }
    Ok((i, n))
}

/// 64-bit FNV-1a.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, text: &str) {
        for byte in text.bytes().chain([b'\n']) {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

fn split_id(root: &str, depth: u32, split_depth: u32, body: &[String]) -> String {
    let mut fnv = Fnv::new();
    fnv.add(root);
    fnv.add(&format!("{depth} {split_depth}"));
    for line in body {
        fnv.add(line);
    }
    format!("{:016x}", fnv.0)
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

/// One shard result, as written by `run-shard` and read by `merge`.
#[derive(Debug, Clone, PartialEq)]
struct ShardResult {
    id: String,
    shard: u32,
    shards: u32,
    depth: u32,
    split_depth: u32,
    positions: u64,
    nodes: u64,
    seconds: f64,
}

impl ShardResult {
    fn line(&self) -> String {
        format!(
            "magicboard-shard id={} shard={}/{} depth={} split-depth={} positions={} nodes={} seconds={:.3}",
            self.id,
            self.shard,
            self.shards,
            self.depth,
            self.split_depth,
            self.positions,
            self.nodes,
            self.seconds
        )
    }

    fn json(&self) -> serde_json::Value {
        json!({
            "id": self.id, "shard": self.shard, "shards": self.shards, "depth": self.depth,
            "split_depth": self.split_depth, "positions": self.positions, "nodes": self.nodes,
            "seconds": self.seconds,
        })
    }

    fn parse(line: &str) -> Option<ShardResult> {
        if line.starts_with('{') {
            let v: serde_json::Value = serde_json::from_str(line).ok()?;
            let int = |k: &str| v.get(k).and_then(|x| x.as_u64());
            let (shard, shards) = (int("shard")?, int("shards")?);
            if shard == 0 || shard > shards {
                return None;
            }
            return Some(ShardResult {
                id: v.get("id")?.as_str()?.to_string(),
                shard: u32::try_from(shard).ok()?,
                shards: u32::try_from(shards).ok()?,
                depth: u32::try_from(int("depth")?).ok()?,
                split_depth: u32::try_from(int("split_depth")?).ok()?,
                positions: int("positions")?,
                nodes: int("nodes")?,
                seconds: v.get("seconds").and_then(|x| x.as_f64()).unwrap_or(0.0),
            });
        }
        let mut words = line.split_whitespace();
        if words.next()? != "magicboard-shard" {
            return None;
        }
        let fields: BTreeMap<&str, &str> = words.filter_map(|w| w.split_once('=')).collect();
        let (shard, shards) = parse_shard(fields.get("shard")?).ok()?;
        Some(ShardResult {
            id: fields.get("id")?.to_string(),
            shard,
            shards,
            depth: fields.get("depth")?.parse().ok()?,
            split_depth: fields.get("split-depth")?.parse().ok()?,
            positions: fields.get("positions")?.parse().ok()?,
            nodes: fields.get("nodes")?.parse().ok()?,
            seconds: fields
                .get("seconds")
                .and_then(|s| s.parse().ok())
                .unwrap_or(0.0),
        })
    }
}

/// `perft run-shard`.
pub fn run_shard(
    path: &Path,
    depth: Option<u32>,
    (shard, shards): (u32, u32),
    out: Option<&Path>,
    global: &Global,
) -> Result<(), Failure> {
    let split = read_split(path)?;
    let depth = depth.unwrap_or(split.depth - split.split_depth);
    global.check_depth(depth)?;
    let mut mine = Vec::new();
    for (i, (line, fen, count)) in split.positions.iter().enumerate() {
        if i as u64 % u64::from(shards) == u64::from(shard - 1) {
            let mode = CastlingMode::from_chess960(split.chess960);
            let board = Board::from_fen_with(fen, mode).map_err(|e| {
                Failure::input(format!("{}:{line}: invalid FEN: {e}", path.display()))
            })?;
            mine.push((board, *count));
        }
    }
    let table = global.table()?;
    let start = Instant::now();
    // Many independent positions: the library counts them in parallel,
    // each on one thread. `None` on overflow: a total beyond 2^64 - 1
    // (perft(14) and up).
    let nodes = counter(depth, true, global.threads_or(None), table.as_ref())
        .count_split(&mine)
        .ok_or_else(|| Failure::input("the shard's count exceeds 2^64 - 1"))?;
    let result = ShardResult {
        id: split.id,
        shard,
        shards,
        depth,
        split_depth: split.split_depth,
        positions: mine.len() as u64,
        nodes,
        seconds: start.elapsed().as_secs_f64(),
    };
    let text = if global.json {
        result.json().to_string()
    } else {
        result.line()
    };
    if let Some(out) = out {
        std::fs::write(out, format!("{text}\n"))
            .map_err(|e| Failure::input(format!("cannot write {}: {e}", out.display())))?;
    }
    outln!("{text}");
    Ok(())
}

/// `perft merge`.
pub fn merge(files: &[PathBuf], global: &Global) -> Result<(), Failure> {
    let mut results = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Failure::input(format!("cannot read {}: {e}", path.display())))?;
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let result = ShardResult::parse(line).ok_or_else(|| {
                Failure::input(format!(
                    "{}:{}: not a shard result line",
                    path.display(),
                    index + 1
                ))
            })?;
            results.push(result);
        }
    }
    let first = results
        .first()
        .cloned()
        .ok_or_else(|| Failure::input("no shard results in the given files"))?;
    let mut seen = std::collections::BTreeSet::new();
    for r in &results {
        if (&r.id, r.shards, r.depth, r.split_depth)
            != (&first.id, first.shards, first.depth, first.split_depth)
        {
            return Err(Failure::check(format!(
                "results of different runs: split {} shards={} depth={} vs split {} shards={} depth={}",
                first.id, first.shards, first.depth, r.id, r.shards, r.depth
            )));
        }
        if !seen.insert(r.shard) {
            return Err(Failure::check(format!(
                "shard {}/{} appears more than once",
                r.shard, r.shards
            )));
        }
    }
    if seen.len() != first.shards as usize {
        let missing: Vec<String> = (1..=first.shards)
            .filter(|i| !seen.contains(i))
            .take(20)
            .map(|i| i.to_string())
            .collect();
        return Err(Failure::check(format!(
            "incomplete: {} of {} shards missing (first: {})",
            first.shards as usize - seen.len(),
            first.shards,
            missing.join(", ")
        )));
    }
    let nodes = results
        .iter()
        .try_fold(0u64, |sum, r| sum.checked_add(r.nodes))
        .ok_or_else(|| Failure::input("the total exceeds 2^64 - 1"))?;
    let positions: u64 = results.iter().map(|r| r.positions).sum();
    let seconds: f64 = results.iter().map(|r| r.seconds).sum();
    let total_depth = first.split_depth + first.depth;
    if global.json {
        print_json(&json!({
            "id": first.id, "shards": first.shards, "depth": total_depth,
            "split_depth": first.split_depth, "positions": positions, "nodes": nodes,
            "shard_seconds": seconds,
        }));
    } else {
        outln!(
            "Shards: {n} of {n} (split {}, depth {total_depth} = {} + {}, {positions} positions)",
            first.id,
            first.split_depth,
            first.depth,
            n = first.shards
        );
        outln!("Nodes searched: {nodes}");
        outln!(
            "Shard time: {seconds:.3} s in total ({:.1} Mnps per shard-second)",
            mnps(nodes, seconds)
        );
    }
    Ok(())
}
