//! Helpers shared by the integration tests: the perft suites of
//! `tests/data/` (read with the library's reader, `magicboard::perft::suite`)
//! and move-list formatting. The perft tool's and the test kit's tests use
//! this file too, through symbolic links (`perft/tests/cli/common.rs`,
//! `testkit/tests/it/common.rs`, and `tests/data` beside them), so that each
//! published package holds a copy of what its tests read.

// Each test binary uses a different subset of these helpers.
#![allow(dead_code)]

pub use magicboard::perft::suite::SuiteEntry;
use magicboard::perft::suite::parse_suite;
use magicboard::{Board, CastlingMode, Move};
use std::path::PathBuf;

/// Path of a file in `tests/data` of the package under test (the
/// library's, or the perft tool's or the test kit's link to it).
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

/// Reads every position of `tests/data/<name>` with the library's suite
/// reader (Chess960 castling for `fischer.epd`); panics naming the line
/// of a malformed one.
pub fn load_suite(name: &str) -> Vec<SuiteEntry> {
    let path = data_path(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mode = CastlingMode::from_chess960(name == "fischer.epd");
    parse_suite(&text, mode).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The standard suite (`KQkq` castling): 128 lines, 127 distinct positions
/// (`6KQ/8/8/8/8/8/8/7k b - - 0 1` appears twice, as in Ethereal's file).
pub fn standard_suite() -> Vec<SuiteEntry> {
    let suite = load_suite("standard.epd");
    assert_eq!(suite.len(), 128, "standard.epd should hold 128 lines");
    let mut fens: Vec<&str> = suite.iter().map(|e| e.fen.as_str()).collect();
    fens.sort();
    fens.dedup();
    assert_eq!(
        fens.len(),
        127,
        "standard.epd should hold 127 distinct positions"
    );
    suite
}

/// The Chess960 suite (960 positions, Shredder-FEN castling).
pub fn fischer_suite() -> Vec<SuiteEntry> {
    let suite = load_suite("fischer.epd");
    assert_eq!(suite.len(), 960, "fischer.epd should hold 960 positions");
    suite
}

/// The Chess Programming Wiki's tables with their statistics columns
/// (`;Sn`): the seven positions of `cpw.epd`.
pub fn cpw_stats_suite() -> Vec<SuiteEntry> {
    let suite = load_suite("cpw-stats.epd");
    assert_eq!(suite.len(), 7, "cpw-stats.epd should hold 7 positions");
    suite
}

/// The Chess Programming Wiki positions (start, 2, 3, 4, 4 mirrored, 5, 6).
pub fn cpw_suite() -> Vec<SuiteEntry> {
    let suite = load_suite("cpw.epd");
    assert_eq!(suite.len(), 7, "cpw.epd should hold 7 positions");
    suite
}

/// Parses a suite FEN, Chess960 or not; panics naming the FEN on error.
pub fn parse(fen: &str, chess960: bool) -> Board {
    Board::from_fen_with(fen, CastlingMode::from_chess960(chess960))
        .unwrap_or_else(|e| panic!("suite FEN {fen:?} rejected: {e}"))
}

/// The moves as sorted UCI strings in the board's own notation, for
/// comparisons with a readable diff.
pub fn sorted_uci(board: &Board, moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|&m| board.to_uci(m).to_string()).collect();
    v.sort();
    v
}

/// The moves as sorted standard UCI strings (`e1g1` castling).
pub fn sorted_strings(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// The workspace's root directory: the nearest directory whose
/// `Cargo.toml` declares `[workspace]`, or the package's own directory
/// where there is none (a package unpacked from its `.crate` file).
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .find(|dir| {
            std::fs::read_to_string(dir.join("Cargo.toml"))
                .is_ok_and(|text| text.lines().any(|line| line.trim() == "[workspace]"))
        })
        .unwrap_or(&manifest)
        .to_path_buf()
}

/// `cargo <subcommand> --example <name>` (an example of any workspace
/// member) with the cargo that runs the tests, in the same profile and
/// with every feature, as the README's test command builds them, so that
/// the example `cargo test` has already built is reused, not rebuilt.
pub fn cargo_example(subcommand: &str, name: &str) -> std::process::Command {
    let manifest = workspace_root().join("Cargo.toml");
    let mut cargo = std::process::Command::new(env!("CARGO"));
    cargo.args([subcommand, "--quiet", "--example", name, "--all-features"]);
    cargo.arg("--manifest-path").arg(manifest);
    // The profile of this test binary, from where it lies: `target/release`
    // for `cargo test --release`, else `target/debug` (`cargo test`'s own
    // profile, the README's command).
    let exe = std::env::current_exe().unwrap_or_default();
    let release = exe
        .parent()
        .and_then(|deps| deps.parent())
        .is_some_and(|dir| dir.ends_with("release"));
    cargo.args(["--profile", if release { "release" } else { "test" }]);
    cargo
}

/// The executable of the example `name` (of any workspace member), built
/// once per test binary with the cargo that runs the tests (see
/// [`cargo_example`]), before any test starts a clock on it.
pub fn example_binary(name: &str) -> PathBuf {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static BUILT: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let mut built = BUILT.get_or_init(Default::default).lock().unwrap();
    if let Some(path) = built.get(name) {
        return path.clone();
    }
    let out = cargo_example("build", name)
        .arg("--message-format=json")
        .output()
        .unwrap_or_else(|e| panic!("cargo build --example {name}: {e}"));
    assert!(
        out.status.success(),
        "cargo build --example {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Cargo's JSON messages: the artifact of target `name` names its
    // executable (read without a JSON parser: the path has no quotes).
    let stdout = String::from_utf8(out.stdout).unwrap();
    let path = stdout
        .lines()
        .filter(|l| l.contains(&format!("\"name\":\"{name}\"")))
        .find_map(|l| {
            let start = l.find("\"executable\":\"")? + "\"executable\":\"".len();
            let len = l[start..].find('"')?;
            Some(PathBuf::from(&l[start..start + len]))
        })
        .unwrap_or_else(|| panic!("cargo names no executable for example {name}"));
    built.insert(name.to_string(), path.clone());
    path
}
