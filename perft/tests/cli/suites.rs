//! Threads and tables, perft suites (`--epd`), the perftree interface and JSON
//! output.

use super::*;
use pretty_assertions::assert_eq;

#[test]
fn divide_output_is_unchanged_with_threads_and_hash() {
    let plain = perft(&["--depth", "3", "--divide", "--threads", "1"]);
    assert_eq!(plain.status, 0);
    let lines: Vec<&str> = plain.stdout.lines().collect();
    assert_eq!(lines.len(), 20 + 3);
    assert!(lines[..20].iter().all(|l| l.contains(": ")), "{lines:?}");
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 8902");
    assert_eq!(lines[22], "");
    for args in [
        &["--depth", "3", "--divide", "--threads", "2"][..],
        &["--depth", "3", "--divide", "--hash", "1"],
    ] {
        let run = perft(args);
        assert_eq!(run.status, 0);
        assert_eq!(run.stdout.lines().collect::<Vec<_>>(), lines);
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
