//! The `perft` command-line tool, run as a process: counts, divide,
//! Chess960, bad input, the suite runner, perftree mode, sharded runs and
//! JSON output (`cargo test --all-features -p magicboard-perft`). Expected
//! counts come from the repository's `tests/data/` (published suites, read
//! with the library's suite reader) or from the CPW pages cited at each
//! test.

// `common.rs` and `../data` are symbolic links to the library's
// `tests/it/common.rs` and `tests/data` (the published package holds
// copies of them).
mod common;
mod counts;
mod diverge;
#[cfg(unix)]
mod console;
#[cfg(unix)]
mod docs;
mod first_hour;
mod lenient;
mod limits;
mod long_runs;
mod options;
mod shards;
mod stats;
mod suites;

use common::{cpw_suite, fischer_suite, standard_suite};
use magicboard::perft::suite::SuiteEntry;
use pretty_assertions::assert_eq;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// What a run of the tool printed, and how it exited.
struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

/// The one way the tests run the tool.
fn perft(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .output()
        .expect("the perft binary runs");
    Run {
        status: out.status.code().expect("exited"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 output"),
    }
}

/// Runs a command expected to succeed and returns its standard output.
fn ok(args: &[&str]) -> String {
    let run = perft(args);
    assert_eq!(run.status, 0, "perft {args:?} failed: {}", run.stderr);
    run.stdout
}

/// The published count of `entry` at `depth`.
fn published(entry: &SuiteEntry, depth: u32) -> u64 {
    let count = entry.count(depth).expect("the suite lists that depth");
    u64::try_from(count).expect("published counts so far fit in u64")
}

/// A fresh path under the target's scratch directory.
fn temp(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-{}-{n}-{name}", std::process::id()))
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The text of `tests/data/<name>`.
fn data(name: &str) -> String {
    std::fs::read_to_string(common::data_path(name)).unwrap()
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// The `Nodes searched: N` figure.
fn nodes(text: &str) -> u64 {
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .unwrap_or_else(|| panic!("no 'Nodes searched' line in {text:?}"));
    line.parse().expect("a node count")
}

/// The `move: count` lines of `--divide` output, in order.
fn divide_lines(text: &str) -> Vec<(String, u64)> {
    text.lines()
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let (mv, n) = l
                .split_once(": ")
                .unwrap_or_else(|| panic!("not a divide line: {l:?}"));
            let b = mv.as_bytes();
            assert!(
                (4..=5).contains(&b.len())
                    && (b'a'..=b'h').contains(&b[0])
                    && (b'1'..=b'8').contains(&b[1])
                    && (b'a'..=b'h').contains(&b[2])
                    && (b'1'..=b'8').contains(&b[3])
                    && (b.len() == 4 || b"qrbn".contains(&b[4])),
                "not a UCI move: {l:?}"
            );
            (mv.to_string(), n.parse().expect("a count"))
        })
        .collect()
}

fn assert_usage_error(args: &[&str]) {
    usage_error(args);
}

/// The one stderr line of a run that is bad input (checked as in
/// `assert_usage_error`).
fn usage_error(args: &[&str]) -> String {
    let run = perft(args);
    assert_eq!(run.status, 2, "exit status of perft {args:?}");
    let err = &run.stderr;
    assert_eq!(
        err.lines().count(),
        1,
        "perft {args:?} should print one line on stderr, printed {err:?}"
    );
    assert!(err.starts_with("perft: "), "{err:?}");
    assert_eq!(run.stdout, "", "perft {args:?} printed on stdout");
    err.trim_end().to_string()
}

/// `examples/broken_generator.rs`, built once with the cargo that runs
/// these tests, in the same profile and with the same features (so usually
/// already built by `cargo test`).
fn broken_generator() -> &'static str {
    static PATH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        common::example_binary("broken_generator")
            .to_string_lossy()
            .into_owned()
    })
}

/// Writes a split of `fen` and returns its path.
fn split_of(fen: &str, depth: u32, split_depth: u32) -> PathBuf {
    let path = temp("split.txt");
    ok(&[
        "split",
        "--fen",
        fen,
        "--depth",
        &depth.to_string(),
        "--split-depth",
        &split_depth.to_string(),
        "--out",
        s(&path),
    ]);
    path
}
