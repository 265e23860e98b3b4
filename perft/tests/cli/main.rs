//! The `perft` command-line tool, run as a process: counts, divide,
//! Chess960, bad input, the suite runner, perftree mode, sharded runs and
//! JSON output (`cargo test --all-features -p magicboard-perft`). Expected
//! counts come from the repository's `tests/data/` (published suites, read
//! with the library's suite reader) or from the CPW pages cited at each
//! test.

#[path = "../../../tests/it/common.rs"]
mod common;
mod shards;
mod stats;

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

#[test]
fn start_position_depth_3() {
    let out = ok(&["--depth", "3"]);
    assert!(out.lines().any(|l| l == "Nodes searched: 8902"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("Time: ")), "{out}");
}

#[test]
fn kiwipete_depth_3() {
    assert_eq!(nodes(&ok(&["--fen", KIWIPETE, "--depth", "3"])), 97_862);
    // The same without bulk counting.
    assert_eq!(
        nodes(&ok(&["--fen", KIWIPETE, "--depth", "3", "--no-bulk"])),
        97_862
    );
}

#[test]
fn chess960_position_from_fischer_epd() {
    // fischer.epd line 1: D3 12189.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert_eq!(
        nodes(&ok(&["--chess960", "--fen", fen, "--depth", "3"])),
        12_189
    );
}

#[test]
fn divide_at_depth_2_gives_20_replies_to_each_first_move() {
    // After any of White's 20 first moves Black has 20 replies.
    let out = ok(&["--divide", "--depth", "2"]);
    let lines = divide_lines(&out);
    assert_eq!(lines.len(), 20);
    assert!(lines.iter().all(|(_, n)| *n == 20), "{out}");
    assert_eq!(nodes(&out), 400);
}

#[test]
fn divide_at_depth_3_lists_20_moves_summing_to_the_total() {
    let out = ok(&["--divide", "--depth", "3"]);
    let lines = divide_lines(&out);
    assert_eq!(lines.len(), 20);
    let mut moves: Vec<&str> = lines.iter().map(|(m, _)| m.as_str()).collect();
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), 20, "no move twice");
    assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), 8902);
    assert_eq!(nodes(&out), 8902);
    // Stockfish's format: the divide lines, a blank line, then the total.
    assert!(out.contains("\n\nNodes searched: 8902\n"), "{out}");
}

/// Stockfish's `go perft 5` from the start position, as published on the
/// Chess Programming Wiki's "Perft" page (section "Divide",
/// https://www.chessprogramming.org/Perft).
#[test]
fn divide_at_depth_5_matches_the_published_split() {
    let published: [(&str, u64); 20] = [
        ("a2a3", 181046),
        ("b2b3", 215255),
        ("c2c3", 222861),
        ("d2d3", 328511),
        ("e2e3", 402988),
        ("f2f3", 178889),
        ("g2g3", 217210),
        ("h2h3", 181044),
        ("a2a4", 217832),
        ("b2b4", 216145),
        ("c2c4", 240082),
        ("d2d4", 361790),
        ("e2e4", 405385),
        ("f2f4", 198473),
        ("g2g4", 214048),
        ("h2h4", 218829),
        ("b1a3", 198572),
        ("b1c3", 234656),
        ("g1f3", 233491),
        ("g1h3", 198502),
    ];
    let out = ok(&["--divide", "--depth", "5"]);
    let mut got = divide_lines(&out);
    got.sort();
    let mut expected: Vec<(String, u64)> =
        published.iter().map(|&(m, n)| (m.to_string(), n)).collect();
    expected.sort();
    assert_eq!(got, expected);
    assert_eq!(nodes(&out), 4_865_609);
}

/// Bad input: one line on standard error, nothing on standard output, exit
/// status 2.
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

#[test]
fn bad_fen_is_one_line_and_status_2() {
    assert_usage_error(&["--fen", "not a fen", "--depth", "1"]);
    assert_usage_error(&["--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0", "--depth", "1"]);
    assert_usage_error(&["--fen", "4k3/8/8/8/8/8/8/4K2é w - - 0 1"]);
    assert_usage_error(&["--fen", ""]);
    let run = perft(&["--fen", "4k3/8/8/8/8/8/8/8 w - - 0 1"]);
    assert!(run.stderr.contains("king"), "{}", run.stderr);
}

#[test]
fn bad_depth_is_one_line_and_status_2() {
    assert_usage_error(&["--depth", "x"]);
    assert_usage_error(&["--depth", "-1"]);
    assert_usage_error(&["--depth", "99999999999"]);
    assert_usage_error(&["--depth", ""]);
    assert_usage_error(&["--depth"]);
    assert_usage_error(&["--no-such-flag"]);
}

// ----- threads, hash, suites, perftree, shards, JSON -------------------------

#[test]
fn divide_output_is_unchanged_with_threads_and_hash() {
    let plain = perft(&["--depth", "3", "--divide", "--threads", "1"]);
    assert_eq!(plain.status, 0);
    let lines: Vec<&str> = plain.stdout.lines().collect();
    assert_eq!(lines.len(), 20 + 3);
    assert!(lines[..20].iter().all(|l| l.contains(": ")), "{lines:?}");
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 8902");
    assert!(lines[22].starts_with("Time: "));
    for args in [
        &["--depth", "3", "--divide", "--threads", "2"][..],
        &["--depth", "3", "--divide", "--hash", "1"],
    ] {
        let run = perft(args);
        assert_eq!(run.status, 0);
        assert_eq!(
            run.stdout.lines().take(22).collect::<Vec<_>>(),
            lines[..22].to_vec()
        );
    }
}

#[test]
fn counts_with_threads_and_hash_match_published() {
    let line = &cpw_suite()[1];
    for args in [
        &["--threads", "1"][..],
        &["--threads", "2"],
        &["--hash", "1"],
        &["--hash", "16", "--threads", "2"],
    ] {
        let mut all = vec!["--fen", &line.fen, "--depth", "4"];
        all.extend_from_slice(args);
        let run = perft(&all);
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert!(
            run.stdout
                .contains(&format!("Nodes searched: {}\n", published(line, 4)))
        );
    }
}

#[test]
fn bad_input_is_one_line_and_status_two() {
    for args in [
        &["--fen", "8/8 w - - 0 1"][..],
        &["--depth", "x"],
        &["--threads", "0"],
        &["--depth", "3", "merge", "x"],
        &["perftree", "2", START, "e2e5"],
        &["--epd", "/nonexistent/suite.epd"],
    ] {
        let run = perft(args);
        assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("perft: "));
    }
}

#[test]
fn suite_runner_passes_a_correct_suite() {
    let path = temp("good.epd");
    let all = data("standard.epd");
    let text: Vec<&str> = all.lines().take(6).collect();
    std::fs::write(&path, text.join("\n")).unwrap();
    let run = perft(&["--epd", s(&path), "--max-depth", "4"]);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("Positions: 6\n"), "{}", run.stdout);
    assert!(run.stdout.contains("Checks:    24\n"), "{}", run.stdout);
    assert!(run.stdout.contains("Passed:    24\n"), "{}", run.stdout);
    assert!(run.stdout.contains("Failed:    0\n"), "{}", run.stdout);

    // --max-nodes drops the large checks.
    let run = perft(&["--epd", s(&path), "--max-nodes", "10000", "--hash", "1"]);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    let expected_checks = standard_suite()[..6]
        .iter()
        .flat_map(|l| l.counts.iter())
        .filter(|&&(_, n)| n <= 10_000)
        .count();
    assert!(
        run.stdout
            .contains(&format!("Passed:    {expected_checks}\n"))
    );
}

#[test]
fn suite_runner_refuses_to_check_nothing() {
    let empty = temp("empty.epd");
    let comments = temp("comments.epd");
    std::fs::write(&empty, "").unwrap();
    std::fs::write(&comments, "# nothing here\n\n").unwrap();
    for path in [&empty, &comments] {
        let msg = usage_error(&["--epd", s(path)]);
        assert!(msg.contains("no positions"), "{msg}");
        assert!(msg.contains("nothing to check"), "{msg}");
    }
    let six = temp("six.epd");
    let all = data("standard.epd");
    std::fs::write(&six, all.lines().take(6).collect::<Vec<_>>().join("\n")).unwrap();
    let msg = usage_error(&["--epd", s(&six), "--max-depth", "0"]);
    assert!(
        msg.ends_with(
            "--max-depth 0 filters out every check (the shallowest depth listed is 1, \
             the smallest count 5): nothing to check"
        ),
        "{msg}"
    );
    let msg = usage_error(&["--epd", s(&six), "--max-nodes", "4"]);
    assert!(
        msg.contains("--max-nodes 4 filters out every check"),
        "{msg}"
    );
    let msg = usage_error(&["--epd", s(&six), "--max-depth", "3", "--max-nodes", "4"]);
    assert!(
        msg.contains("--max-depth 3 and --max-nodes 4 filter out every check"),
        "{msg}"
    );
    // One check left is enough.
    let run = perft(&["--epd", s(&six), "--max-depth", "1", "--max-nodes", "5"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Checks:    2\n"), "{}", run.stdout);
}

#[test]
fn suite_runner_reads_shredder_fen() {
    let path = temp("fischer.epd");
    let all = data("fischer.epd");
    let text: Vec<&str> = all.lines().take(4).collect();
    std::fs::write(&path, text.join("\n")).unwrap();
    let run = perft(&["--epd", s(&path), "--max-depth", "4", "--json"]);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    let v = json(&run.stdout);
    assert_eq!(v["positions"], 4);
    assert_eq!(v["passed"], 16);
    assert_eq!(v["failed"], 0);
}

#[test]
fn suite_runner_fails_on_a_corrupted_count() {
    let path = temp("bad.epd");
    let lines: Vec<String> = data("standard.epd")
        .lines()
        .take(4)
        .map(String::from)
        .collect();
    // Line 3: `4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197 ...`:
    // add one to its depth-3 count.
    let line = &standard_suite()[2];
    let d3 = published(line, 3);
    let mut corrupted = lines.clone();
    corrupted[2] = lines[2].replace(&format!(";D3 {d3} "), &format!(";D3 {} ", d3 + 1));
    assert_ne!(corrupted[2], lines[2]);
    std::fs::write(&path, corrupted.join("\n")).unwrap();

    let run = perft(&["--epd", s(&path), "--max-depth", "4"]);
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("Failed:    1\n"), "{}", run.stdout);
    assert!(
        run.stdout.contains(&format!(
            "First mismatch: line 3, depth 3: expected {}, got {d3} (-1)",
            d3 + 1
        )),
        "{}",
        run.stdout
    );
    // The divide of the failing check: one line per root move, adding
    // up to the real count.
    let board = &line.board;
    for (mv, n) in magicboard::Perft::new(3).divide(board) {
        assert!(
            run.stdout
                .contains(&format!("\n{}: {n}\n", board.to_uci(mv)))
        );
    }
    // The deeper check of that line is skipped, not run.
    assert!(run.stdout.contains("Skipped:   1"), "{}", run.stdout);

    let run = perft(&["--epd", s(&path), "--max-depth", "4", "--json"]);
    assert_eq!(run.status, 1);
    let v = json(&run.stdout);
    assert_eq!(v["failed"], 1);
    assert_eq!(v["failures"][0]["line"], 3);
    assert_eq!(v["failures"][0]["got"], d3);
    assert_eq!(v["failures"][0]["divide"].as_array().unwrap().len(), 15);
}

#[test]
fn perftree_interface() {
    let line = &cpw_suite()[0];
    // No moves, the empty moves argument perftree passes, and moves.
    for args in [
        vec!["perftree", "3", START],
        vec!["perftree", "3", START, ""],
    ] {
        let run = perft(&args);
        assert_eq!(run.status, 0, "{}", run.stderr);
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), 22);
        let divide = perft(&["--depth", "3", "--divide"]);
        let expected: Vec<String> = divide
            .stdout
            .lines()
            .take(20)
            .map(|l| l.replace(": ", " "))
            .collect();
        assert_eq!(lines[..20].to_vec(), expected);
        assert_eq!(lines[20], "");
        assert_eq!(lines[21], published(line, 3).to_string());
    }
    // Moves as one argument (perftree's way) or several.
    let after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let direct = perft(&["perftree", "2", after]);
    let one = perft(&["perftree", "2", START, "e2e4 e7e5"]);
    let many = perft(&["perftree", "2", START, "e2e4", "e7e5"]);
    assert_eq!(direct.status, 0);
    assert_eq!(one.stdout, direct.stdout);
    assert_eq!(many.stdout, direct.stdout);
    assert!(direct.stdout.lines().all(|l| l.is_empty()
        || l.chars().all(|c| c.is_ascii_digit())
        || l.split(' ').count() == 2 && l.split(' ').nth(1).unwrap().parse::<u64>().is_ok()));
}

#[test]
fn json_output_parses() {
    let run = perft(&["--depth", "3", "--divide", "--json"]);
    assert_eq!(run.status, 0);
    let v = json(&run.stdout);
    assert_eq!(v["nodes"], 8902);
    assert_eq!(v["depth"], 3);
    assert_eq!(v["divide"].as_array().unwrap().len(), 20);
    assert_eq!(v["divide"][0]["nodes"].as_u64().unwrap() > 0, true);

    let run = perft(&["--depth", "4", "--json", "--hash", "4", "--threads", "2"]);
    let v = json(&run.stdout);
    assert_eq!(v["nodes"], 197_281);
    assert_eq!(v["threads"], 2);
    assert_eq!(v["hash_mb"], 4);

    let split = temp("split.txt");
    // Options that every mode takes follow the subcommand.
    let run = perft(&[
        "split",
        "--json",
        "--depth",
        "3",
        "--split-depth",
        "1",
        "--out",
        s(&split),
    ]);
    let v = json(&run.stdout);
    assert_eq!(v["positions"], 20);
    let r = temp("r.txt");
    let run = perft(&[
        "run-shard",
        s(&split),
        "--shard",
        "1/1",
        "--json",
        "--out",
        s(&r),
    ]);
    let v = json(&run.stdout);
    assert_eq!(v["nodes"], 8902);
    let run = perft(&["merge", s(&r), "--json"]);
    let v = json(&run.stdout);
    assert_eq!(v["nodes"], 8902);
    assert_eq!(v["depth"], 3);
}

// ----- perft diverge ---------------------------------------------------------
//
// The other generators: the tool's own perftree mode, and
// `testkit/examples/broken_generator.rs` (magicboard with a planted bug at chosen
// plies) through the perftree convention and through UCI; misbehaving
// programs are small shell scripts.

/// `testkit/examples/broken_generator.rs`, built once with the cargo that runs
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

/// An executable shell script in the scratch directory.
#[cfg(unix)]
fn script(name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = temp(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Runs `perft diverge` with `args` plus `--json`; the status and report.
fn diverge_json(args: &[&str]) -> (i32, serde_json::Value) {
    let mut all = vec!["diverge", "--json"];
    all.extend_from_slice(args);
    let run = perft(&all);
    assert!(
        run.status == 0 || run.status == 1,
        "perft {all:?}: status {}: {}",
        run.status,
        run.stderr
    );
    (run.status, json(&run.stdout))
}

/// A misbehaving run: status 2 and one stderr line, which is returned.
fn diverge_fails(args: &[&str]) -> String {
    let mut all = vec!["diverge"];
    all.extend_from_slice(args);
    let run = perft(&all);
    assert_eq!(run.status, 2, "perft {all:?}: {}{}", run.stdout, run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    run.stderr.trim_end().to_string()
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// The board `path` (UCI) leads to from `fen`, checked to be the FEN the
/// report names.
fn replay(fen: &str, chess960: bool, divergence: &serde_json::Value) -> magicboard::Board {
    let mut board = common::parse(fen, chess960);
    for mv in strings(&divergence["path"]) {
        board = board.play(board.parse_uci(&mv).unwrap()).unwrap();
    }
    assert_eq!(divergence["fen"], board.to_fen());
    board
}

#[test]
fn diverge_agrees_with_perft_perftree() {
    let own = format!("{} perftree", env!("CARGO_BIN_EXE_perft"));
    let kiwipete = &cpw_suite()[1];
    let (status, v) = diverge_json(&["--cmd", &own, "--fen", &kiwipete.fen, "--depth", "3"]);
    assert_eq!(status, 0);
    assert_eq!(v["agree"], true);
    assert_eq!(v["nodes"]["magicboard"], published(kiwipete, 3));
    assert_eq!(v["nodes"]["other"], published(kiwipete, 3));
    assert_eq!(v["calls"], 1);
    assert!(v["divergence"].is_null());

    // Chess960: perftree mode prints king takes rook too.
    let line = &fischer_suite()[0];
    let own960 = format!("{} perftree --chess960", env!("CARGO_BIN_EXE_perft"));
    let (status, v) = diverge_json(&[
        "--chess960",
        "--cmd",
        &own960,
        "--fen",
        &line.fen,
        "--depth",
        "3",
    ]);
    assert_eq!(status, 0);
    assert_eq!(v["nodes"]["other"], published(line, 3));

    // The text report.
    let run = perft(&["diverge", "--cmd", &own, "--depth", "3"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "agree: 8902 nodes at depth 3 (1 divide call)\n");
}

#[test]
fn diverge_finds_a_planted_bug_through_the_perftree_convention() {
    let cpw3 = &cpw_suite()[2];
    let cmd = format!("{} --bug en-passant --plies 3", broken_generator());
    let (status, v) = diverge_json(&["--cmd", &cmd, "--fen", &cpw3.fen, "--depth", "5"]);
    assert_eq!(status, 1);
    assert_eq!(v["agree"], false);
    assert_eq!(v["nodes"]["magicboard"], published(cpw3, 5));
    let d = &v["divergence"];
    assert_eq!(d["kind"], "moves");
    assert_eq!(d["path"].as_array().unwrap().len(), 3);
    assert_eq!(v["calls"], 4);
    assert_eq!(d["depth"], 2);
    let board = replay(&cpw3.fen, false, d);
    let mut en_passant: Vec<String> = board
        .legal_moves()
        .into_iter()
        .filter(|mv| {
            board.en_passant() == Some(mv.to())
                && board.kind_on(mv.from()) == Some(magicboard::PieceKind::Pawn)
        })
        .map(|mv| board.to_uci(mv).to_string())
        .collect();
    en_passant.sort();
    assert_eq!(strings(&d["only_magicboard"]), en_passant);
    assert!(strings(&d["only_other"]).is_empty());
    // Each count on the way differs, the magicboard side's summing up.
    let counts = d["counts"].as_array().unwrap();
    for (ply, c) in counts.iter().take(3).enumerate() {
        assert_eq!(c["ply"], ply);
        assert_eq!(c["move"], d["path"][ply]);
        assert_ne!(c["magicboard"], c["other"]);
    }

    // The text report, and the line on stderr.
    let run = perft(&["diverge", "--cmd", &cmd, "--fen", &cpw3.fen, "--depth", "5"]);
    assert_eq!(run.status, 1);
    let path = strings(&d["path"]).join(" ");
    assert!(run.stdout.starts_with("diverge: the move lists differ\n"));
    assert!(
        run.stdout.contains(&format!("path:     {path}\n")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains(&format!("only magicboard: {}\n", en_passant.join(" ")))
    );
    assert_eq!(
        run.stderr,
        format!("perft: `{cmd}` disagrees with magicboard after {path}\n")
    );
}

#[test]
fn diverge_drives_a_uci_engine() {
    let b = broken_generator();
    // Underpromotions forgotten at ply 1 (White's promotions).
    let promotions = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
    let entry = standard_suite()
        .into_iter()
        .find(|e| e.fen == promotions)
        .unwrap();
    let uci = format!("{b} --uci --bug underpromotion --plies 1");
    let (status, v) = diverge_json(&["--uci", &uci, "--fen", promotions, "--depth", "3"]);
    assert_eq!(status, 1);
    assert_eq!(v["nodes"]["magicboard"], published(&entry, 3));
    let d = &v["divergence"];
    assert_eq!(d["path"].as_array().unwrap().len(), 1);
    let board = replay(promotions, false, d);
    let mut under: Vec<String> = board
        .legal_moves()
        .into_iter()
        .filter(|mv| matches!(mv.promotion(), Some(k) if k != magicboard::PieceKind::Queen))
        .map(|mv| board.to_uci(mv).to_string())
        .collect();
    under.sort();
    assert!(!under.is_empty());
    assert_eq!(strings(&d["only_magicboard"]), under);

    // Without the bug it agrees, on a Chess960 board too (UCI_Chess960).
    let line = &fischer_suite()[3];
    let plain = format!("{b} --uci");
    let (status, v) = diverge_json(&[
        "--chess960",
        "--uci",
        &plain,
        "--fen",
        &line.fen,
        "--depth",
        "3",
    ]);
    assert_eq!(status, 0, "{v}");
    assert_eq!(v["nodes"]["other"], published(line, 3));

    // Castling through check on a standard board, written e1g1/e1c1.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let uci = format!("{b} --uci --bug castling-through-check --plies 2");
    let (status, v) = diverge_json(&["--uci", &uci, "--fen", fen, "--depth", "3"]);
    assert_eq!(status, 1);
    let d = &v["divergence"];
    let board = replay(fen, false, d);
    let extra = strings(&d["only_other"]);
    assert!(!extra.is_empty() && strings(&d["only_magicboard"]).is_empty());
    for text in extra {
        assert!(text == "e1g1" || text == "e1c1", "{text}");
        assert!(board.parse_uci(&text).is_err(), "{text} is legal");
    }
}

#[test]
#[cfg(unix)]
fn diverge_names_a_program_that_misbehaves() {
    let start = START;
    let quoted = format!("'{start}'");
    // Garbage: the line is named.
    let garbage = script("garbage.sh", "echo 'e2e4 20'\necho 'hello world'");
    let msg = diverge_fails(&["--cmd", s(&garbage), "--depth", "2"]);
    assert!(
        msg.starts_with(&format!("perft: `{} 2 {quoted}`", s(&garbage))),
        "{msg}"
    );
    assert!(msg.contains("line 2 'hello world'"), "{msg}");
    // A total that is not the sum.
    let total = script("total.sh", "echo 'e2e4 20'\necho\necho 21");
    let msg = diverge_fails(&["--cmd", s(&total), "--depth", "2"]);
    assert!(msg.contains("total 21") && msg.contains("20"), "{msg}");
    // A crash: the status and the last line on stderr.
    let crash = script("crash.sh", "echo 'bad things' >&2\nexit 3");
    let msg = diverge_fails(&["--cmd", s(&crash), "--depth", "2"]);
    assert!(msg.contains("exited with status 3"), "{msg}");
    assert!(
        msg.ends_with("its last line on stderr: bad things"),
        "{msg}"
    );
    // A hang: killed after --timeout.
    let hang = script("hang.sh", "exec sleep 30");
    let started = std::time::Instant::now();
    let msg = diverge_fails(&["--cmd", s(&hang), "--depth", "2", "--timeout", "0.5"]);
    assert!(msg.contains("did not answer within 0.5 s"), "{msg}");
    assert!(started.elapsed().as_secs() < 10);
    // No such program.
    let msg = diverge_fails(&["--cmd", "/nonexistent/engine --flag", "--depth", "2"]);
    assert!(
        msg.contains("cannot run `/nonexistent/engine --flag 2"),
        "{msg}"
    );

    // UCI: garbage after go perft, a hang before uciok, a crash.
    let uci_garbage = script(
        "uci-garbage.sh",
        "while read line; do\n  case \"$line\" in\n    uci) echo uciok;;\n    isready) echo readyok;;\n    go*) echo 'e2e4: 20'; echo 'this is not perft';;\n  esac\ndone",
    );
    let msg = diverge_fails(&["--uci", s(&uci_garbage), "--depth", "2"]);
    assert!(
        msg.contains("printed 'this is not perft' after 'position fen"),
        "{msg}"
    );
    assert!(msg.contains(&format!("`{}`", s(&uci_garbage))), "{msg}");
    let uci_hang = script("uci-hang.sh", "exec sleep 30");
    let msg = diverge_fails(&["--uci", s(&uci_hang), "--depth", "2", "--timeout", "0.5"]);
    assert!(msg.contains("did not answer 'uciok' within 0.5 s"), "{msg}");
    let uci_crash = script(
        "uci-crash.sh",
        "read line\necho uciok\nread line\necho 'segfault' >&2\nexit 3",
    );
    let msg = diverge_fails(&["--uci", s(&uci_crash), "--depth", "2"]);
    assert!(
        msg.contains("exited with status 3 before it answered 'readyok'"),
        "{msg}"
    );
    assert!(msg.ends_with("segfault"), "{msg}");
}

// ----- nothing outlives perft diverge ----------------------------------------

/// True while process `pid` runs: its `/proc` entry is there and it is not
/// a zombie (a killed process whose reaper, here PID 1, may be slow to reap).
#[cfg(target_os = "linux")]
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => false,
    }
}

/// Asserts that none of `pids` is running, allowing a second for SIGKILL
/// to take effect.
#[cfg(target_os = "linux")]
fn assert_all_gone(pids: &[u32], what: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
    while pids.iter().any(|&p| running(p)) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let left: Vec<u32> = pids.iter().copied().filter(|&p| running(p)).collect();
    // Do not leave them behind for the next test run.
    for pid in &left {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
    }
    assert!(left.is_empty(), "{what}: processes {left:?} outlived perft");
}

/// A script that starts `sleep 30` in the background, writes its own PID
/// and the sleep's to a file, then runs `rest`; the script and the file.
#[cfg(target_os = "linux")]
fn wrapper(name: &str, rest: &str) -> (PathBuf, PathBuf) {
    let pids = temp("pids");
    let body = format!(
        "sleep 30 </dev/null >/dev/null 2>&1 &\necho $$ $! > '{}.tmp'\nmv '{0}.tmp' '{0}'\n{rest}",
        s(&pids)
    );
    (script(name, &body), pids)
}

/// The PIDs a `wrapper` script wrote, waiting up to ten seconds for them.
#[cfg(target_os = "linux")]
fn wrapper_pids(path: &Path) -> Vec<u32> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            return text
                .split_whitespace()
                .map(|p| p.parse().unwrap())
                .collect();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{} was not written",
            path.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

#[test]
#[cfg(target_os = "linux")]
fn diverge_kills_the_whole_group_on_a_timeout() {
    for flag in ["--cmd", "--uci"] {
        let (hang, pids) = wrapper("hang.sh", "wait");
        let msg = diverge_fails(&[flag, s(&hang), "--depth", "2", "--timeout", "0.5"]);
        assert!(msg.contains("within 0.5 s (--timeout); killed"), "{msg}");
        assert_all_gone(&wrapper_pids(&pids), flag);
    }
}

#[test]
#[cfg(target_os = "linux")]
fn diverge_kills_the_whole_group_on_garbage_and_on_a_normal_exit() {
    // Garbage, the program exiting by itself.
    let (garbage, pids) = wrapper("garbage.sh", "echo 'hello world'");
    let msg = diverge_fails(&["--cmd", s(&garbage), "--depth", "2"]);
    assert!(msg.contains("'hello world'"), "{msg}");
    assert_all_gone(&wrapper_pids(&pids), "garbage");

    // Garbage from a UCI engine that stays up.
    let (uci_garbage, pids) = wrapper(
        "uci-garbage.sh",
        "while read line; do\n  case \"$line\" in\n    uci) echo uciok;;\n    isready) echo readyok;;\n    go*) echo 'not perft';;\n  esac\ndone",
    );
    let msg = diverge_fails(&["--uci", s(&uci_garbage), "--depth", "2"]);
    assert!(msg.contains("'not perft'"), "{msg}");
    assert_all_gone(&wrapper_pids(&pids), "UCI garbage");

    // A program that answers well and leaves a process behind: agreement,
    // and the process is gone all the same.
    let own = format!("exec {} perftree \"$@\"", env!("CARGO_BIN_EXE_perft"));
    let (good, pids) = wrapper("good.sh", &own);
    let (status, v) = diverge_json(&["--cmd", s(&good), "--depth", "2"]);
    assert_eq!((status, &v["agree"]), (0, &serde_json::json!(true)));
    assert_all_gone(&wrapper_pids(&pids), "perftree program");

    // A UCI engine that quits when asked, after a divergence.
    let engine = format!(
        "exec {} --uci --bug underpromotion --plies 1",
        broken_generator()
    );
    let (uci, pids) = wrapper("uci.sh", &engine);
    let fen = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
    let (status, _) = diverge_json(&["--uci", s(&uci), "--fen", fen, "--depth", "2"]);
    assert_eq!(status, 1);
    assert_all_gone(&wrapper_pids(&pids), "UCI engine");
}

#[test]
#[cfg(target_os = "linux")]
fn diverge_interrupted_kills_the_whole_group() {
    for (signal, status) in [("TERM", 143), ("INT", 130)] {
        for flag in ["--cmd", "--uci"] {
            let (hang, pids) = wrapper("hang.sh", "wait");
            let child = Command::new(env!("CARGO_BIN_EXE_perft"))
                .args(["diverge", flag, s(&hang), "--depth", "2"])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            let started = wrapper_pids(&pids);
            let kill = Command::new("kill")
                .args([&format!("-{signal}"), &child.id().to_string()])
                .status()
                .unwrap();
            assert!(kill.success());
            let out = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(status),
                "SIG{signal} {flag}: {stderr}"
            );
            assert_eq!(stderr, format!("perft: interrupted by SIG{signal}\n"));
            assert!(out.stdout.is_empty());
            assert_all_gone(&started, &format!("SIG{signal} {flag}"));
        }
    }
}

#[test]
#[cfg(unix)]
fn diverge_names_where_it_looked_for_a_program() {
    let run = |flag: &str, program: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_perft"))
            .args(["diverge", flag, program, "--depth", "1"])
            .env("PATH", "/nonexistent/bin:/usr/bin")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        stderr
    };
    for flag in ["--uci", "--cmd"] {
        let msg = run(flag, "no-such-engine-here --threads 2");
        assert!(
            msg.contains(
                "no program `no-such-engine-here` in the PATH directories \
                 (/nonexistent/bin, /usr/bin)"
            ),
            "{msg}"
        );
        assert!(!msg.contains("/usr/games"), "{msg}");
        // Debian's stockfish package puts it in /usr/games.
        let msg = run(flag, "stockfish");
        assert!(msg.contains("/usr/games/stockfish"), "{msg}");
        assert!(msg.contains("pass the full path"), "{msg}");
    }
}

#[test]
fn diverge_bad_input_is_status_2() {
    let own = format!("{} perftree", env!("CARGO_BIN_EXE_perft"));
    let cases: &[(&[&str], &str)] = &[
        (
            &["--cmd", &own, "--depth", "0"],
            "--depth must be at least 1",
        ),
        (&["--depth", "3"], "required"),
        (
            &["--cmd", &own, "--uci", &own, "--depth", "3"],
            "cannot be used with",
        ),
        (
            &["--cmd", &own, "--depth", "3", "--timeout", "0"],
            "seconds above 0",
        ),
        (&["--cmd", "'unclosed", "--depth", "3"], "is not closed"),
        (
            &["--cmd", &own, "--depth", "3", "--fen", "8/8 w - - 0 1"],
            "invalid FEN",
        ),
        (
            &["--cmd", &own, "--depth", "3", "--threads", "2"],
            "unexpected argument '--threads'",
        ),
        (
            &["--cmd", &own, "--depth", "3", "--hash", "16"],
            "unexpected argument '--hash'",
        ),
    ];
    for (args, expected) in cases {
        let msg = diverge_fails(args);
        assert!(msg.contains(expected), "{args:?}: {msg}");
    }
}

// ----- each command's options ------------------------------------------------

/// The options `perft ARGS --help` lists, each with whether it takes a
/// value (`--depth <DEPTH>`).
fn listed_options(args: &[&str]) -> Vec<(String, bool)> {
    let mut all = args.to_vec();
    all.push("--help");
    let help = ok(&all);
    let options = help
        .split_once("\nOptions:\n")
        .unwrap_or_else(|| panic!("no options in {help}"))
        .1;
    options
        .lines()
        .take_while(|l| l.is_empty() || l.starts_with(' '))
        .filter(|l| l.trim_start().starts_with('-'))
        .filter_map(|l| {
            let mut words = l.split_whitespace().skip_while(|w| !w.starts_with("--"));
            let name = words.next()?.trim_start_matches("--").to_string();
            Some((name, words.next().is_some_and(|w| w.starts_with('<'))))
        })
        .collect()
}

#[test]
fn each_command_lists_and_takes_only_its_own_options() {
    let commands: [(&str, &[&str]); 7] = [
        (
            "",
            &[
                "fen",
                "depth",
                "divide",
                "no-bulk",
                "stats",
                "bench",
                "epd",
                "max-depth",
                "max-nodes",
                "chess960",
                "threads",
                "hash",
                "seed",
                "json",
                "allow-deep",
                "help",
                "version",
            ],
        ),
        (
            "perftree",
            &["chess960", "threads", "hash", "seed", "allow-deep", "help"],
        ),
        (
            "split",
            &[
                "fen",
                "depth",
                "split-depth",
                "out",
                "chess960",
                "json",
                "allow-deep",
                "help",
            ],
        ),
        (
            "run-shard",
            &[
                "depth",
                "shard",
                "only",
                "out",
                "stats",
                "threads",
                "hash",
                "seed",
                "json",
                "allow-deep",
                "help",
            ],
        ),
        ("merge", &["partial", "json", "help"]),
        ("compare", &["with", "split", "json", "help"]),
        (
            "diverge",
            &[
                "cmd",
                "uci",
                "fen",
                "depth",
                "timeout",
                "chess960",
                "json",
                "allow-deep",
                "help",
            ],
        ),
    ];
    let prefix = |command: &'static str| -> Vec<&'static str> {
        if command.is_empty() {
            vec![]
        } else {
            vec![command]
        }
    };
    // What each --help lists.
    let mut every = std::collections::BTreeMap::new();
    for (command, expected) in commands {
        let listed = listed_options(&prefix(command));
        let mut names: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
        names.sort();
        let mut expected = expected.to_vec();
        expected.sort();
        assert_eq!(names, expected, "perft {command} --help");
        every.extend(listed);
    }
    // Every option that a command does not list is refused, not ignored.
    for (command, expected) in commands {
        for (name, takes_value) in &every {
            if expected.contains(&name.as_str()) {
                continue;
            }
            let flag = format!("--{name}");
            let mut args = prefix(command);
            args.push(&flag);
            if *takes_value {
                args.push("1");
            }
            let msg = usage_error(&args);
            assert!(
                msg.contains(&format!("unexpected argument '--{name}'")),
                "perft {args:?}: {msg}"
            );
        }
    }
    // A command does something with every option it lists: a run with it
    // succeeds.
    let split = temp("split.txt");
    ok(&[
        "split",
        "--depth",
        "2",
        "--split-depth",
        "1",
        "--out",
        s(&split),
    ]);
    let result = temp("result.txt");
    ok(&[
        "run-shard",
        s(&split),
        "--shard",
        "1/1",
        "--out",
        s(&result),
    ]);
    let own = format!("{} perftree", env!("CARGO_BIN_EXE_perft"));
    let engine = format!("{} --uci", broken_generator());
    let out = temp("out.txt");
    let split_out = temp("split-out.txt");
    let bases: [(&str, Vec<&str>); 6] = [
        ("perftree", vec!["perftree", "2", START]),
        (
            "split",
            vec![
                "split",
                "--depth",
                "2",
                "--split-depth",
                "1",
                "--out",
                s(&split_out),
            ],
        ),
        ("run-shard", vec!["run-shard", s(&split), "--shard", "1/1"]),
        ("merge", vec!["merge", s(&result)]),
        ("compare", vec!["compare", s(&result), "--with", s(&result)]),
        ("diverge", vec!["diverge", "--depth", "1"]),
    ];
    for (command, base) in bases {
        let expected = commands.iter().find(|c| c.0 == command).unwrap().1;
        for &name in expected {
            let flag = format!("--{name}");
            if name == "help" || base.contains(&flag.as_str()) {
                continue;
            }
            let mut args = base.clone();
            if command == "diverge" && name != "cmd" && name != "uci" {
                args.extend(["--cmd", own.as_str()]);
            }
            if name == "only" {
                // Instead of --shard.
                args.truncate(2);
            }
            args.push(&flag);
            match name {
                "fen" => args.push(START),
                "depth" | "threads" | "hash" => args.push("1"),
                "seed" => args.extend(["1", "--hash", "1"]),
                "only" => args.push("0"),
                "split" => args.push(s(&split)),
                "timeout" => args.push("10"),
                "out" => args.push(s(&out)),
                "cmd" => args.push(&own),
                "uci" => args.push(&engine),
                _ => assert!(!every[name], "no value given for --{name}"),
            }
            let run = perft(&args);
            assert_eq!(run.status, 0, "perft {args:?}: {}", run.stderr);
        }
    }
}

#[test]
fn merge_refuses_threads_and_hash() {
    let msg = usage_error(&["merge", "a.txt", "--threads", "7", "--hash", "999"]);
    assert!(msg.contains("unexpected argument '--threads'"), "{msg}");
    let msg = usage_error(&["merge", "a.txt", "--hash", "999"]);
    assert!(msg.contains("unexpected argument '--hash'"), "{msg}");
}

#[test]
fn help_says_what_the_tool_does_and_each_default() {
    let help = ok(&["--help"]);
    assert!(
        help.starts_with("Count the legal-move tree of a chess position (perft): "),
        "{help}"
    );
    assert!(
        help.contains("[default: all cores; 1 for --bench]"),
        "{help}"
    );
    for command in ["perftree", "run-shard"] {
        let help = ok(&[command, "--help"]);
        assert!(help.contains("[default: all cores]"), "{help}");
        assert!(!help.contains("--bench"), "{help}");
    }
    // The top level's options that mean nothing for --bench are refused.
    for extra in [
        &["--chess960"][..],
        &["--fen", START],
        &["--depth", "3"],
        &["--allow-deep"],
    ] {
        let mut args = vec!["--bench"];
        args.extend_from_slice(extra);
        let msg = usage_error(&args);
        assert!(msg.contains("cannot be used with"), "{msg}");
    }
}

// ----- depths beyond the bound ----------------------------------------------

#[test]
fn depths_beyond_12_are_refused_without_allow_deep() {
    let bare = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
    let split = temp("split.txt");
    ok(&[
        "split",
        "--depth",
        "2",
        "--split-depth",
        "1",
        "--out",
        s(&split),
    ]);
    let deep_split = temp("deep.txt");
    let deep_epd = temp("deep.epd");
    std::fs::write(&deep_epd, format!("{START} ;D1 20 ;D13 1\n")).unwrap();
    let cases: [&[&str]; 8] = [
        &["--depth", "300"],
        &["--depth", "99", "--fen", bare],
        &["--depth", "13", "--divide", "--threads", "1"],
        &["perftree", "13", bare],
        &[
            "split",
            "--depth",
            "13",
            "--split-depth",
            "1",
            "--out",
            s(&deep_split),
        ],
        &["run-shard", s(&split), "--shard", "1/1", "--depth", "13"],
        &["diverge", "--cmd", "true", "--depth", "13"],
        &["--epd", s(&deep_epd)],
    ];
    for args in cases {
        let started = std::time::Instant::now();
        let msg = usage_error(args);
        assert!(
            msg.contains(
                "depth 13 is beyond 12 plies, which from a typical position would run for \
                 decades at any speed; pass --allow-deep to run it anyway"
            ) || msg.contains("depth 300 is beyond 12 plies")
                || msg.contains("depth 99 is beyond 12 plies"),
            "perft {args:?}: {msg}"
        );
        assert!(started.elapsed().as_secs() < 5, "perft {args:?} was slow");
    }
    assert!(!deep_split.exists());
    let msg = usage_error(&["--epd", s(&deep_epd)]);
    assert!(msg.contains(":1: depth 13 is beyond"), "{msg}");
    assert!(msg.ends_with("; or skip it with --max-depth"), "{msg}");
    // The suite's other depths still run with --max-depth.
    let run = perft(&["--epd", s(&deep_epd), "--max-depth", "12"]);
    assert_eq!(run.status, 0, "{}", run.stderr);

    // With --allow-deep they run: after fool's mate there is nothing to count.
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let out = ok(&["--depth", "13", "--fen", mated, "--allow-deep"]);
    assert_eq!(nodes(&out), 0);
    let out = ok(&["--depth", "12", "--fen", mated]);
    assert_eq!(nodes(&out), 0);
    let out = ok(&["perftree", "13", mated, "--allow-deep"]);
    assert_eq!(out, "\n0\n");
    std::fs::write(&deep_epd, format!("{mated} ;D1 0 ;D13 0\n")).unwrap();
    let run = perft(&["--epd", s(&deep_epd), "--allow-deep"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Passed:    2\n"), "{}", run.stdout);
}

// ----- long runs: progress and interruption ----------------------------------

/// Starts `perft args` with its output piped; its stdout lines arrive on
/// the returned channel as they are printed.
#[cfg(unix)]
fn start_piped(
    args: &[&str],
) -> (
    std::process::Child,
    std::sync::mpsc::Receiver<String>,
    std::thread::JoinHandle<String>,
) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (send, lines) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        for line in stdout.lines() {
            let line = line.unwrap();
            all.push_str(&line);
            all.push('\n');
            let _ = send.send(line);
        }
        all
    });
    (child, lines, reader)
}

/// Sends `signal` (`INT`, `TERM`) to process `pid`.
#[cfg(unix)]
fn signal(pid: u32, signal: &str) {
    let kill = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
}

#[test]
#[cfg(unix)]
fn an_interrupted_divide_prints_the_root_moves_finished_and_says_it_is_partial() {
    use std::time::Duration;
    // Depth 7 from the start position: several seconds on one thread.
    let (mut child, lines, reader) = start_piped(&["--divide", "--depth", "7", "--threads", "1"]);
    let first = lines
        .recv_timeout(Duration::from_secs(30))
        .expect("a first divide line");
    signal(child.id(), "INT");
    let status = child.wait().unwrap();
    let stdout = reader.join().unwrap();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert_eq!(status.code(), Some(130), "{stdout}{stderr}");
    assert_eq!(stderr, "perft: interrupted by SIGINT\n");
    assert!(stdout.starts_with(&format!("{first}\n")), "{stdout}");
    // The finished lines (the published counts), a blank line, the marker.
    let done = divide_lines(&stdout);
    assert!(!done.is_empty() && done.len() < 20, "{stdout}");
    // In the divide's order, the first count right.
    let start = magicboard::Board::startpos();
    let order: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    let names: Vec<&String> = done.iter().map(|(mv, _)| mv).collect();
    assert_eq!(names, order.iter().take(done.len()).collect::<Vec<_>>());
    let first_move = start.parse_uci(&done[0].0).unwrap();
    assert_eq!(
        done[0].1,
        magicboard::Perft::new(6).count(&start.play_unchecked(first_move))
    );
    assert!(
        stdout.ends_with(&format!(
            "\n\npartial: {} of 20 root moves (interrupted by SIGINT)\n",
            done.len()
        )),
        "{stdout}"
    );
    assert!(!stdout.contains("Nodes searched"), "{stdout}");

    // The same as JSON, on SIGTERM: the moves finished, marked partial.
    let (mut child, _, reader) =
        start_piped(&["--divide", "--depth", "8", "--threads", "1", "--json"]);
    std::thread::sleep(Duration::from_millis(500));
    signal(child.id(), "TERM");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143));
    let v = json(&reader.join().unwrap());
    assert_eq!(v["partial"], true);
    assert_eq!(v["interrupted"], "SIGTERM");
    assert_eq!(v["root_moves"], 20);
    assert_eq!(v["depth"], 8);
    assert!(v["divide"].as_array().unwrap().len() < 20);
    assert!(v.get("nodes").is_none());
}

#[test]
#[cfg(target_os = "linux")]
fn a_long_count_on_a_terminal_shows_progress() {
    use std::io::Read;
    use std::time::{Duration, Instant};
    if Command::new("script").arg("--version").output().is_err() {
        println!("skipped: no `script` (util-linux) to run perft on a terminal");
        return;
    }
    // `script` runs perft on a pseudo-terminal and copies what it shows;
    // the count takes many seconds and is interrupted at the first
    // progress line.
    let command = format!(
        "exec {} --depth 7 --threads 1 --no-bulk",
        env!("CARGO_BIN_EXE_perft")
    );
    let mut script = Command::new("script")
        .args(["-qc", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut screen = script.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n @ 1..) = screen.read(&mut buffer) {
            if send.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut shown = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !String::from_utf8_lossy(&shown).contains(" Mnps), ETA ") && Instant::now() < deadline {
        if let Ok(bytes) = receive.recv_timeout(Duration::from_millis(100)) {
            shown.extend(bytes);
        }
    }
    // perft is script's child: interrupt it, then script ends.
    let children = std::fs::read_to_string(format!("/proc/{0}/task/{0}/children", script.id()))
        .unwrap_or_default();
    for pid in children.split_whitespace() {
        signal(pid.parse().unwrap(), "TERM");
    }
    script.wait().unwrap();
    while let Ok(bytes) = receive.recv_timeout(Duration::from_millis(500)) {
        shown.extend(bytes);
    }
    let shown = String::from_utf8_lossy(&shown);
    let line = shown
        .split('\r')
        .map(|l| l.trim_start_matches("\x1b[2K"))
        .find(|l| l.starts_with("perft: ") && l.contains("root moves"))
        .unwrap_or_else(|| panic!("no progress line in {shown:?}"));
    // `perft: 3/20 root moves, 440000000 nodes in 1 s (400.1 Mnps), ETA 4 s`
    let (done, rest) = line["perft: ".len()..]
        .split_once("/20 root moves, ")
        .unwrap();
    assert!(done.parse::<u32>().unwrap() < 20, "{line}");
    let (nodes, rest) = rest.split_once(" nodes in ").unwrap();
    nodes.parse::<u64>().unwrap();
    assert!(rest.contains(" Mnps), ETA "), "{line}");
    // The line is cleared before the interruption is reported.
    assert!(
        shown.contains("\r\x1b[2Kperft: interrupted by SIGTERM"),
        "{shown:?}"
    );

    // Not on a terminal: nothing on stderr, whatever the time taken.
    let run = perft(&["--depth", "6", "--no-bulk", "--threads", "1"]);
    assert_eq!(run.status, 0);
    assert_eq!(run.stderr, "");
}

/// `perft --hash N` with N beyond memory prints an error and exits with
/// status 2 (bad input), like a bad FEN.
#[test]
fn perft_cli_refuses_an_impossible_hash_size() {
    for size in ["18446744073709551615", "1099511627776"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_perft"))
            .args(["--depth", "1", "--hash", size])
            .output()
            .expect("the perft binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--hash {size}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stderr.contains("--hash"), "{stderr}");
    }
}

#[test]
#[cfg(unix)]
fn a_closed_stdout_ends_the_tool_quietly() {
    use std::io::{BufRead, BufReader};
    // `perft --divide | head -1`: the reader goes after one line, while the
    // tool still has root moves to print (one thread, depth 7: seconds).
    let mut child = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(["--depth", "7", "--divide", "--threads", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains(": "), "{first}");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(141), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
#[cfg(target_os = "linux")]
fn a_failing_stdout_is_an_error_not_a_panic() {
    let out = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(["--depth", "3", "--divide"])
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        "perft: cannot write to stdout: No space left on device (os error 28)\n"
    );
}
