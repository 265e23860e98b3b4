//! The perft tool: parallel and hashed counts equal the plain ones, and the
//! `perft` binary's suite runner, perftree mode, sharded runs and JSON output
//! behave as documented.
//!
//! Library tests need the feature `parallel`; the binary tests (module
//! `cli`) need `cli`. Expected counts come from `tests/data/` (published
//! suites) or from plain single-thread [`perft`].

#![cfg(feature = "parallel")]

use magicboard::{
    Board, PerftTable, divide, divide_parallel, perft, perft_hashed, perft_parallel,
    perft_parallel_hashed, perft_parallel_with_table, perft_with_table, split_positions,
};
use pretty_assertions::assert_eq;

/// One suite line: FEN and the published counts by depth.
struct Line {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite(name: &str) -> Vec<Line> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').unwrap();
                    (d[1..].parse().unwrap(), n.trim().parse().unwrap())
                })
                .collect();
            Line { fen, counts }
        })
        .collect()
}

fn board_of(line: &Line) -> Board {
    let castling = line.fen.split(' ').nth(2).unwrap();
    if castling.chars().any(|c| !"KQkq-".contains(c)) {
        Board::from_fen_chess960(&line.fen).unwrap()
    } else {
        Board::from_fen(&line.fen).unwrap()
    }
}

/// The published count of `line` at `depth`.
fn published(line: &Line, depth: u32) -> u64 {
    line.counts.iter().find(|&&(d, _)| d == depth).unwrap().1
}

#[test]
fn parallel_counts_equal_single_thread_counts() {
    // All CPW positions: the start position, Kiwipete, position 3 (few
    // pieces), position 4 (six root moves: the split goes deeper) and its
    // mirror, position 5.
    for line in suite("cpw.epd") {
        let mut board = board_of(&line);
        for depth in 0..=4 {
            let expected = perft(&mut board, depth);
            if let Some(&(_, n)) = line.counts.iter().find(|&&(d, _)| d == depth) {
                assert_eq!(expected, n, "{} depth {depth}", line.fen);
            }
            for threads in [1, 2, 3, 8] {
                assert_eq!(
                    perft_parallel(&board, depth, threads),
                    expected,
                    "{} depth {depth}, {threads} threads",
                    line.fen
                );
            }
        }
    }
}

#[test]
fn parallel_counts_at_depth_five() {
    let cpw = suite("cpw.epd");
    for line in &cpw[..2] {
        let board = board_of(line);
        for threads in [2, 4] {
            assert_eq!(perft_parallel(&board, 5, threads), published(line, 5));
        }
    }
}

#[test]
fn parallel_divide_equals_divide() {
    for line in suite("cpw.epd") {
        let mut board = board_of(&line);
        for threads in [1, 2, 4] {
            assert_eq!(
                divide_parallel(&board, 3, threads, None),
                divide(&mut board, 3)
            );
            let table = PerftTable::new(1);
            assert_eq!(
                divide_parallel(&board, 4, threads, Some(&table)),
                divide(&mut board, 4)
            );
        }
        assert!(divide_parallel(&board, 0, 2, None).is_empty());
    }
}

#[test]
fn hashed_counts_equal_plain_counts() {
    for line in suite("cpw.epd") {
        let mut board = board_of(&line);
        let depth = 4;
        let expected = perft(&mut board, depth);
        assert_eq!(expected, published(&line, depth));
        // A 1 MiB table (heavy replacement at these depths) and a normal one.
        for mb in [1, 64] {
            assert_eq!(perft_hashed(&board, depth, mb), expected, "{}", line.fen);
            for threads in [1, 2, 4] {
                assert_eq!(
                    perft_parallel_hashed(&board, depth, threads, mb),
                    expected,
                    "{}: {mb} MiB, {threads} threads",
                    line.fen
                );
            }
        }
        assert_eq!(perft_hashed(&board, depth, 0), expected, "0 MiB: no table");
    }
}

#[test]
fn hashed_counts_at_depth_five_with_tiny_and_normal_tables() {
    let cpw = suite("cpw.epd");
    for line in &cpw[..2] {
        let board = board_of(line);
        for mb in [1, 32] {
            assert_eq!(
                perft_parallel_hashed(&board, 5, 2, mb),
                published(line, 5),
                "{}: {mb} MiB",
                line.fen
            );
        }
    }
}

#[test]
fn contended_tiny_table_stays_exact() {
    // Sixteen buckets shared by four threads: entries are overwritten while
    // being read all the time; torn entries must be rejected, not used.
    let line = &suite("cpw.epd")[1];
    let board = board_of(line);
    for buckets in [1, 16] {
        let table = PerftTable::with_buckets(buckets);
        for _ in 0..2 {
            assert_eq!(
                perft_parallel_with_table(&board, 4, 4, &table),
                published(line, 4)
            );
        }
    }
}

#[test]
fn one_table_serves_many_chess960_roots() {
    // The Polyglot hash ignores which rook a Chess960 right belongs to; the
    // table key does not. Reuse one table across twenty different starts.
    let table = PerftTable::new(8);
    for line in suite("fischer.epd").iter().take(20) {
        let mut board = board_of(line);
        assert!(board.is_chess960(), "{}", line.fen);
        for depth in 1..=3 {
            assert_eq!(
                perft_with_table(&mut board, depth, &table),
                published(line, depth),
                "{} depth {depth}",
                line.fen
            );
        }
        assert_eq!(
            perft_parallel_with_table(&board, 4, 2, &table),
            published(line, 4)
        );
    }
}

#[test]
fn split_positions_recombine_to_the_count() {
    for line in &suite("cpw.epd")[..4] {
        let root = board_of(line);
        for plies in 0..=3 {
            let split = split_positions(&root, plies);
            let total: u64 = split
                .iter()
                .map(|(board, m)| m * perft(&mut board.clone(), 4 - plies))
                .sum();
            assert_eq!(total, published(line, 4), "{} split {plies}", line.fen);
            let sequences: u64 = split.iter().map(|(_, m)| m).sum();
            assert_eq!(
                sequences,
                perft(&mut root.clone(), plies),
                "multiplicities add up to the number of move sequences"
            );
        }
    }
}

#[cfg(feature = "cli")]
mod cli {
    use super::{published, suite};
    use pretty_assertions::assert_eq;
    use std::path::PathBuf;
    use std::process::Command;
    use std::sync::atomic::{AtomicUsize, Ordering};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    struct Run {
        status: i32,
        stdout: String,
        stderr: String,
    }

    fn perft(args: &[&str]) -> Run {
        let out = Command::new(env!("CARGO_BIN_EXE_perft"))
            .args(args)
            .output()
            .expect("the perft binary runs");
        Run {
            status: out.status.code().expect("exited"),
            stdout: String::from_utf8(out.stdout).unwrap(),
            stderr: String::from_utf8(out.stderr).unwrap(),
        }
    }

    /// A fresh path under the target's scratch directory.
    fn temp(name: &str) -> PathBuf {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("perft_tool-{}-{n}-{name}", std::process::id()))
    }

    fn s(path: &std::path::Path) -> &str {
        path.to_str().unwrap()
    }

    fn data(name: &str) -> String {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    }

    fn json(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
    }

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
        let line = &suite("cpw.epd")[1];
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
        let expected_checks = suite("standard.epd")[..6]
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
        let line = &suite("standard.epd")[2];
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
        let mut board = super::board_of(line);
        for (mv, n) in magicboard::divide(&mut board, 3) {
            assert!(run.stdout.contains(&format!("\n{}: {n}\n", board.uci(mv))));
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
        let line = &suite("cpw.epd")[0];
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

    /// split + `shards` run-shard runs + merge; returns merge's stdout.
    fn sharded(fen: &str, depth: u32, split_depth: u32, shards: u32, json_results: bool) -> String {
        let split = temp("split.txt");
        let (d, k) = (depth.to_string(), split_depth.to_string());
        let run = perft(&[
            "split",
            "--fen",
            fen,
            "--depth",
            &d,
            "--split-depth",
            &k,
            "--out",
            s(&split),
        ]);
        assert_eq!(run.status, 0, "{}", run.stderr);
        let mut results = Vec::new();
        for i in 1..=shards {
            let out = temp("result.txt");
            let shard = format!("{i}/{shards}");
            let mut args = vec!["run-shard", s(&split), "--shard", &shard, "--out", s(&out)];
            if json_results {
                args.push("--json");
            }
            let run = perft(&args);
            assert_eq!(run.status, 0, "{}", run.stderr);
            results.push(out);
        }
        let mut args = vec!["merge"];
        args.extend(results.iter().map(|p| s(p)));
        let run = perft(&args);
        assert_eq!(run.status, 0, "{}", run.stderr);
        run.stdout
    }

    #[test]
    fn split_shards_merge_equal_the_direct_count() {
        for line in &suite("cpw.epd")[..2] {
            let expected = published(line, 5);
            let stdout = sharded(&line.fen, 5, 2, 3, false);
            assert!(
                stdout.contains(&format!("\nNodes searched: {expected}\n")),
                "{}: {stdout}",
                line.fen
            );
            assert!(stdout.starts_with("Shards: 3 of 3"), "{stdout}");
        }
        // JSON result lines merge the same way; more shards than needed is fine.
        let line = &suite("cpw.epd")[0];
        let stdout = sharded(&line.fen, 4, 1, 7, true);
        assert!(stdout.contains(&format!("Nodes searched: {}\n", published(line, 4))));
    }

    #[test]
    fn split_of_a_chess960_position() {
        let line = &suite("fischer.epd")[0];
        let stdout = sharded(&line.fen, 4, 2, 2, false);
        assert!(stdout.contains(&format!("Nodes searched: {}\n", published(line, 4))));
    }

    #[test]
    fn merge_refuses_missing_duplicate_and_foreign_shards() {
        let split = temp("split.txt");
        let other = temp("other.txt");
        for (path, fen) in [(&split, START), (&other, &*suite("cpw.epd")[1].fen)] {
            let run = perft(&[
                "split",
                "--fen",
                fen,
                "--depth",
                "4",
                "--split-depth",
                "2",
                "--out",
                s(path),
            ]);
            assert_eq!(run.status, 0);
        }
        let result = |path: &PathBuf, shard: &str| {
            let out = temp("r.txt");
            let run = perft(&["run-shard", s(path), "--shard", shard, "--out", s(&out)]);
            assert_eq!(run.status, 0, "{}", run.stderr);
            out
        };
        let (r1, r2, r3) = (
            result(&split, "1/3"),
            result(&split, "2/3"),
            result(&split, "3/3"),
        );
        let foreign = result(&other, "3/3");

        let run = perft(&["merge", s(&r1), s(&r3)]);
        assert_eq!(run.status, 1);
        assert!(run.stderr.contains("missing"), "{}", run.stderr);
        let run = perft(&["merge", s(&r1), s(&r2), s(&r2), s(&r3)]);
        assert_eq!(run.status, 1);
        assert!(run.stderr.contains("more than once"), "{}", run.stderr);
        let run = perft(&["merge", s(&r1), s(&r2), s(&foreign)]);
        assert_eq!(run.status, 1);
        assert!(run.stderr.contains("different runs"), "{}", run.stderr);

        // A damaged split file is refused before counting.
        let text = std::fs::read_to_string(&split).unwrap();
        let damaged = temp("damaged.txt");
        std::fs::write(&damaged, text.replacen("\t1\n", "\t2\n", 1)).unwrap();
        let run = perft(&["run-shard", s(&damaged), "--shard", "1/1"]);
        assert_eq!(run.status, 2);
        assert!(run.stderr.contains("damaged"), "{}", run.stderr);
        // Bad shard specs.
        for spec in ["0/3", "4/3", "1/0", "x"] {
            assert_eq!(perft(&["run-shard", s(&split), "--shard", spec]).status, 2);
        }
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
        let run = perft(&[
            "--json",
            "split",
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
}
