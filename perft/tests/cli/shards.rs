//! Sharded runs: `split`, `run-shard` (the journal, resuming, signals, the
//! scheduler's shard), `merge` (every position once, 128-bit sums) and
//! `compare`. The expected totals are published counts from `tests/data/`
//! (and, past 2^64, their products with the multiplicities of a split
//! written by hand).

use super::*;
use pretty_assertions::assert_eq;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// Rooks and kings (`standard.epd`, line 56): its depth-6 count, 525 million
/// nodes, takes a second or two to count.
const ROOKS: &str = "R6r/8/8/2K5/5k2/8/8/r6R w - - 0 1";

/// The published count of the standard suite's line with `fen` at `depth`.
fn published_of(fen: &str, depth: u32) -> u128 {
    let line = standard_suite().into_iter().find(|e| e.fen == fen).unwrap();
    line.count(depth).unwrap()
}

/// The journal beside a result path.
fn journal_of(out: &Path) -> PathBuf {
    PathBuf::from(format!("{}.journal", out.display()))
}

/// `perft ARGS` started in the background.
fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the perft binary starts")
}

/// The journal's record lines (0 when there is no journal).
fn journaled(out: &Path) -> usize {
    std::fs::read_to_string(journal_of(out)).map_or(0, |t| t.lines().count().saturating_sub(1))
}

/// Waits until `out`'s journal holds a record, or the run ended.
fn wait_for_records(child: &mut Child, out: &Path) {
    let started = Instant::now();
    while journaled(out) == 0 && child.try_wait().unwrap().is_none() {
        assert!(started.elapsed() < Duration::from_secs(60), "no record");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// 64-bit FNV-1a of `parts`, each followed by a newline, as the tool's
/// files are checked (the format is documented in `perft/src/journal.rs`).
pub(super) fn fnv(parts: &[&str]) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for part in parts {
        for byte in part.bytes().chain([b'\n']) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// A result file's text with the count of its record for position `index`
/// changed to `count`, its checks made anew (a run whose table gave a wrong
/// count, as a false match would).
fn with_count(result: &str, index: usize, count: u128) -> String {
    let id = result
        .split_whitespace()
        .find_map(|w| w.strip_prefix("id="))
        .unwrap()
        .to_string();
    let mut lines: Vec<String> = result.lines().map(str::to_string).collect();
    lines.pop(); // #end
    for line in &mut lines[1..] {
        let words: Vec<&str> = line.split(' ').collect();
        if words[0] == index.to_string() {
            let fields = format!(
                "{} {} {count} {} {}",
                words[0], words[1], words[3], words[4]
            );
            *line = format!("{fields} {}", fnv(&[&id, &fields]));
        }
    }
    // The header's total, anew.
    let total: u128 = lines[1..]
        .iter()
        .map(|l| {
            let words: Vec<&str> = l.split(' ').collect();
            words[1].parse::<u128>().unwrap() * words[2].parse::<u128>().unwrap()
        })
        .sum();
    lines[0] = lines[0]
        .split(' ')
        .map(|w| match w.strip_prefix("nodes=") {
            Some(_) => format!("nodes={total}"),
            None => w.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    let body = lines.join("\n");
    format!("{body}\n#end {}\n", fnv(&[&body]))
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
    for line in &cpw_suite()[..2] {
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
    let line = &cpw_suite()[0];
    let stdout = sharded(&line.fen, 4, 1, 7, true);
    assert!(stdout.contains(&format!("Nodes searched: {}\n", published(line, 4))));
}

#[test]
fn split_of_a_chess960_position() {
    let line = &fischer_suite()[0];
    let stdout = sharded(&line.fen, 4, 2, 2, false);
    assert!(stdout.contains(&format!("Nodes searched: {}\n", published(line, 4))));
}

#[test]
fn merge_refuses_missing_duplicate_and_foreign_shards() {
    let split = temp("split.txt");
    let other = temp("other.txt");
    for (path, fen) in [(&split, START), (&other, &*cpw_suite()[1].fen)] {
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
fn killed_at_random_moments_and_restarted_merges_to_the_published_count() {
    // Perft 7 of the start position on one thread: seconds of work, in 400
    // positions, so that every kill lands mid-run whatever the machine.
    let split = split_of(START, 7, 2);
    let out = temp("killed.txt");
    let args = [
        "run-shard",
        s(&split),
        "--shard",
        "1/1",
        "--threads",
        "1",
        "--out",
        s(&out),
    ];
    // Pseudo-random kill moments, 0-40 ms after the first record, until 20
    // kills have landed mid-run (the whole run takes a second or more).
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut kills_mid_run = 0;
    for _ in 0..40 {
        let mut child = spawn(&args);
        wait_for_records(&mut child, &out);
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        std::thread::sleep(Duration::from_micros(state % 40_000));
        child.kill().unwrap(); // SIGKILL
        let status = child.wait().unwrap();
        if !status.success() && !out.exists() {
            kills_mid_run += 1;
        }
        if kills_mid_run == 20 {
            break;
        }
    }
    assert!(
        kills_mid_run >= 20,
        "only {kills_mid_run} kills landed mid-run"
    );
    // Whatever the kills left, the journal reads and the run completes.
    let summary = ok(&args);
    assert!(summary.starts_with("magicboard-shard 2 "), "{summary}");
    assert!(
        !journal_of(&out).exists(),
        "the result replaces the journal"
    );
    let merged = ok(&["merge", s(&out)]);
    // Published (CPW "Perft Results"; tests/data/cpw-stats.epd).
    let published = common::load_suite("cpw-stats.epd")[0].count(7).unwrap();
    assert!(
        merged.contains(&format!("\nNodes searched: {published}\n")),
        "{merged}"
    );
}

#[test]
fn sigterm_and_sigint_end_a_shard_within_a_second_with_its_journal() {
    let split = split_of(ROOKS, 6, 2);
    for (signal, status) in [("TERM", 143), ("INT", 130)] {
        let out = temp("signalled.txt");
        let args = [
            "run-shard",
            s(&split),
            "--shard",
            "1/2",
            "--threads",
            "2",
            "--out",
            s(&out),
        ];
        let mut child = spawn(&args);
        wait_for_records(&mut child, &out);
        let sent = Instant::now();
        let kill = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        let exit = child.wait().unwrap();
        assert!(
            sent.elapsed() < Duration::from_secs(1),
            "SIG{signal}: too slow"
        );
        assert_eq!(exit.code(), Some(status), "SIG{signal}");
        assert!(!out.exists());
        let records = journaled(&out);
        assert!(records > 0, "the journal keeps what was counted");
        // Started again, it goes on from the journal.
        ok(&args);
        let other = temp("other-half.txt");
        ok(&["run-shard", s(&split), "--shard", "2/2", "--out", s(&other)]);
        let merged = ok(&["merge", s(&out), s(&other)]);
        assert!(merged.contains(&format!("\nNodes searched: {}\n", published_of(ROOKS, 6))));
    }
}

#[test]
fn files_of_other_runs_and_damaged_journals_are_refused() {
    let split = split_of(START, 5, 2);
    let other = split_of(KIWIPETE, 5, 2);
    // A real journal: a shard killed once it has records.
    let journal_text = |split: &Path, shard: &str, extra: &[&str]| {
        let out = temp("j.txt");
        let mut args = vec!["run-shard", s(split), "--shard", shard, "--threads", "1"];
        args.extend_from_slice(extra);
        args.extend(["--out", s(&out)]);
        // Counted to the end, then made a journal again: the header and
        // the records of the result (the same line format).
        ok(&args);
        let result = std::fs::read_to_string(&out).unwrap();
        let header = result.lines().next().unwrap();
        let fields: Vec<&str> = header
            .split(' ')
            .skip(2)
            .filter(|w| !w.starts_with("positions=") && !w.starts_with("nodes="))
            .filter(|w| !w.ends_with("seconds=") && !w.contains("_seconds="))
            .collect();
        let mut text = format!("#magicboard-journal 1 {}\n", fields.join(" "));
        let records: Vec<&str> = result
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with('#'))
            .collect();
        for line in &records[..records.len() / 2] {
            text.push_str(line);
            text.push('\n');
        }
        text
    };
    let mine = journal_text(&split, "1/2", &[]);
    let cases: Vec<(String, &str, Vec<&str>)> = vec![
        (
            journal_text(&other, "1/2", &[]),
            "of split",
            vec!["--shard", "1/2"],
        ),
        (
            journal_text(&split, "1/2", &["--depth", "2"]),
            "plies",
            vec!["--shard", "1/2"],
        ),
        (
            mine.clone(),
            "is of shard 1/2, not shard 2/2",
            vec!["--shard", "2/2"],
        ),
        (
            journal_text(&split, "1/2", &["--hash", "1", "--seed", "7"]),
            "--seed 7",
            vec!["--shard", "1/2", "--hash", "1"],
        ),
        // The last line cut in two.
        (
            mine[..mine.len() - 9].to_string(),
            "unfinished line",
            vec!["--shard", "1/2"],
        ),
        // A count edited: its check no longer matches.
        (
            edit_count(&mine),
            "check does not match",
            vec!["--shard", "1/2"],
        ),
        // Another line's check.
        (
            swap_checks(&mine),
            "check does not match",
            vec!["--shard", "1/2"],
        ),
        (
            "garbage\n".to_string(),
            "not a perft journal",
            vec!["--shard", "1/2"],
        ),
    ];
    for (text, message, shard) in cases {
        let out = temp("refused.txt");
        std::fs::write(journal_of(&out), &text).unwrap();
        let mut args = vec!["run-shard", s(&split)];
        args.extend(shard);
        args.extend(["--out", s(&out)]);
        let run = perft(&args);
        assert_eq!(run.status, 2, "{message}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(run.stderr.contains(message), "{message}: {}", run.stderr);
        assert!(!out.exists(), "{message}: no result may be written");
    }
    // A result of another split where the result goes.
    let foreign = temp("foreign.txt");
    ok(&[
        "run-shard",
        s(&other),
        "--shard",
        "1/1",
        "--out",
        s(&foreign),
    ]);
    let run = perft(&[
        "run-shard",
        s(&split),
        "--shard",
        "1/1",
        "--out",
        s(&foreign),
    ]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("of split"), "{}", run.stderr);
    // Shards and positions that do not exist.
    for args in [
        &["--shard", "3/2"][..],
        &["--shard", "0/2"],
        &["--only", "400"],
        &["--only", "1,x"],
    ] {
        let mut all = vec!["run-shard", s(&split)];
        all.extend_from_slice(args);
        let run = perft(&all);
        assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
    }
    // The good journal resumes, and the total is the published one.
    let out = temp("resumed.txt");
    std::fs::write(journal_of(&out), &mine).unwrap();
    ok(&["run-shard", s(&split), "--shard", "1/2", "--out", s(&out)]);
    let rest = temp("rest.txt");
    ok(&["run-shard", s(&split), "--shard", "2/2", "--out", s(&rest)]);
    let merged = ok(&["merge", s(&out), s(&rest)]);
    assert!(merged.contains("\nNodes searched: 4865609\n"), "{merged}");
}

/// `text` with the count of its last record changed.
fn edit_count(text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let last = lines.last_mut().unwrap();
    let mut words: Vec<String> = last.split(' ').map(str::to_string).collect();
    words[2] = format!("{}", words[2].parse::<u128>().unwrap() + 1);
    *last = words.join(" ");
    lines.join("\n") + "\n"
}

/// `text` with the checks of its first two records swapped.
fn swap_checks(text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let check = |l: &str| l.rsplit_once(' ').unwrap().1.to_string();
    let (a, b) = (check(&lines[1]), check(&lines[2]));
    lines[1] = format!("{} {b}", lines[1].rsplit_once(' ').unwrap().0);
    lines[2] = format!("{} {a}", lines[2].rsplit_once(' ').unwrap().0);
    lines.join("\n") + "\n"
}

#[test]
fn a_finished_shard_started_again_reports_its_result() {
    let split = split_of(START, 4, 1);
    let out = temp("done.txt");
    let args = ["run-shard", s(&split), "--shard", "1/1", "--out", s(&out)];
    let first = ok(&args);
    let written = std::fs::read_to_string(&out).unwrap();
    let again = ok(&args);
    assert_eq!(again, first);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), written);
    let v = json(&ok(&[&args[..], &["--json"]].concat()));
    assert_eq!(v["already_counted"], true);
    assert_eq!(v["nodes"], 197_281);
}

#[test]
fn merge_names_missing_and_doubled_positions_and_shows_progress() {
    let split = split_of(START, 5, 2);
    let result = |shard: &str| {
        let out = temp("r.txt");
        ok(&["run-shard", s(&split), "--shard", shard, "--out", s(&out)]);
        out
    };
    let (r1, r2, r3) = (result("1/3"), result("2/3"), result("3/3"));
    let run = perft(&["merge", s(&r1), s(&r3)]);
    assert_eq!(run.status, 1);
    assert!(
        run.stderr
            .contains("133 of 400 positions missing (positions 1, 4, 7,"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("shards missing: 2/3"), "{}", run.stderr);
    // The same positions counted by two shard schemes.
    let half = temp("half.txt");
    ok(&["run-shard", s(&split), "--shard", "1/2", "--out", s(&half)]);
    let run = perft(&["merge", s(&r1), s(&r2), s(&r3), s(&half)]);
    assert_eq!(run.status, 1);
    assert!(
        run.stderr
            .contains("positions counted more than once: position 0 ("),
        "{}",
        run.stderr
    );
    // Progress of a run in progress: a journal and a finished shard.
    let running = temp("running.txt");
    let mut journal = std::fs::read_to_string(&r2).unwrap();
    journal = journal.replacen("magicboard-shard 2 ", "#magicboard-journal 1 ", 1);
    let kept: Vec<&str> = journal
        .lines()
        .filter(|l| !l.starts_with("#end"))
        .take(41)
        .collect();
    std::fs::write(journal_of(&running), kept.join("\n") + "\n").unwrap();
    let run = perft(&["merge", s(&r1), s(&journal_of(&running))]);
    assert_eq!(run.status, 2, "a journal is not a result");
    assert!(run.stderr.contains("merge --partial"), "{}", run.stderr);
    let progress = ok(&["merge", "--partial", s(&r1), s(&journal_of(&running))]);
    assert!(
        progress.starts_with("Positions: 174 of 400 counted (43.5%"),
        "{progress}"
    );
    assert!(progress.contains("\nNodes so far: "), "{progress}");
    assert!(progress.contains("\nEstimate: "), "{progress}");
}

/// A split written by hand: the start position's 20 children, each reached
/// by 2^62 move sequences (the format is documented in
/// `perft/src/shard.rs`; the id is its FNV-1a digest).
fn split_with_huge_multiplicities() -> PathBuf {
    let first = split_of(START, 2, 1);
    let text = std::fs::read_to_string(&first).unwrap();
    let body: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{}\t{}", l.split('\t').next().unwrap(), 1u64 << 62))
        .collect();
    let mut parts = vec![START.to_string(), "4 1".to_string()];
    parts.extend(body.iter().cloned());
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    let id = fnv(&parts);
    let header = format!(
        "#magicboard-split 1\n#root {START}\n#depth 4\n#split-depth 1\n#chess960 false\n\
         #positions 20\n#sequences {}\n#id {id}\n",
        20u128 << 62
    );
    let path = temp("huge.split");
    std::fs::write(&path, header + &body.join("\n") + "\n").unwrap();
    path
}

#[test]
fn totals_past_2_to_the_64_are_exact_in_results_merge_and_json() {
    let split = split_with_huge_multiplicities();
    let (a, b) = (temp("a.txt"), temp("b.txt"));
    ok(&["run-shard", s(&split), "--shard", "1/2", "--out", s(&a)]);
    ok(&[
        "run-shard",
        s(&split),
        "--shard",
        "2/2",
        "--out",
        s(&b),
        "--hash",
        "1",
    ]);
    // Every child's perft(3) times 2^62: perft(start, 4) (published) times 2^62.
    let expected = published_of(START, 4) << 62;
    assert!(expected > u128::from(u64::MAX));
    let merged = ok(&["merge", s(&a), s(&b)]);
    assert!(
        merged.contains(&format!("\nNodes searched: {expected}\n")),
        "{merged}"
    );
    let v = json(&ok(&["merge", s(&a), s(&b), "--json"]));
    assert_eq!(v["nodes"].to_string(), expected.to_string());
    // And a count past 2^64 in the plain count's output and JSON: two bare
    // kings, 24 plies (the library's tests check this count against an
    // independent one); the tool prints the library's count.
    let kings = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
    let board = magicboard::Board::from_fen(kings).unwrap();
    let table = magicboard::PerftTable::new(16);
    let count = magicboard::Perft::new(24)
        .table(&table)
        .count_u128(&board)
        .unwrap();
    assert!(count > u128::from(u64::MAX));
    let args = [
        "--fen",
        kings,
        "--depth",
        "24",
        "--hash",
        "16",
        "--allow-deep",
    ];
    assert!(ok(&args).contains(&format!("Nodes searched: {count}\n")));
    let v = json(&ok(&[&args[..], &["--json"]].concat()));
    assert_eq!(v["nodes"].to_string(), count.to_string());
    let divide = ok(&[&args[..], &["--divide"]].concat());
    assert!(
        divide.contains(&format!("\nNodes searched: {count}\n")),
        "{divide}"
    );
}

#[test]
fn compare_names_the_positions_two_runs_disagree_on() {
    let split = split_of(START, 5, 2);
    let (a, b) = (temp("seed0.txt"), temp("seed1.txt"));
    ok(&[
        "run-shard",
        s(&split),
        "--shard",
        "1/1",
        "--hash",
        "1",
        "--out",
        s(&a),
    ]);
    let args = [
        "run-shard",
        s(&split),
        "--shard",
        "1/1",
        "--hash",
        "1",
        "--seed",
        "1",
    ];
    ok(&[&args[..], &["--out", s(&b)]].concat());
    let same = ok(&["compare", s(&a), "--with", s(&b)]);
    assert!(same.contains("Compared 400 positions"), "{same}");
    assert!(
        same.contains("Every position compared has the same count"),
        "{same}"
    );
    // A run whose count of position 17 is wrong (as a false match would
    // make it): compare names it, a recount settles it.
    let text = std::fs::read_to_string(&a).unwrap();
    std::fs::write(&a, with_count(&text, 17, 12345)).unwrap();
    let run = perft(&["compare", s(&a), "--with", s(&b), "--split", s(&split)]);
    assert_eq!(run.status, 1);
    assert!(run.stdout.contains("\nposition 17 "), "{}", run.stdout);
    assert!(run.stdout.contains(": 12345 vs "), "{}", run.stdout);
    assert!(run.stdout.contains("--only 17 "), "{}", run.stdout);
    let wrong = ok(&["merge", s(&a)]);
    assert!(!wrong.contains("\nNodes searched: 4865609\n"), "{wrong}");
    let recount = temp("recount.txt");
    ok(&["run-shard", s(&split), "--only", "17", "--out", s(&recount)]);
    let fixed = ok(&["merge", s(&a), s(&recount)]);
    assert!(fixed.contains("\nNodes searched: 4865609\n"), "{fixed}");
}

#[test]
fn shard_auto_reads_slurm_and_kubernetes() {
    let split = split_of(START, 3, 1);
    let variables = [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_COUNT",
        "JOB_COMPLETION_INDEX",
    ];
    let run = |shard: &str, vars: &[(&str, &str)]| {
        let out = temp("auto.txt");
        let mut command = Command::new(env!("CARGO_BIN_EXE_perft"));
        command.args(["run-shard", s(&split), "--shard", shard, "--out", s(&out)]);
        for name in variables {
            command.env_remove(name);
        }
        command.envs(vars.iter().copied());
        let output = command.output().unwrap();
        let header = std::fs::read_to_string(&out).unwrap_or_default();
        let stderr = String::from_utf8(output.stderr).unwrap();
        (output.status.code(), header, stderr)
    };
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "2"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_MAX", "4"),
    ];
    let (status, header, _) = run("auto", &slurm);
    assert_eq!(status, Some(0));
    assert!(header.contains(" shard=2/4 "), "{header}");
    // Resubmitted alone: bounds 2..2.
    let alone = [
        ("SLURM_ARRAY_TASK_ID", "2"),
        ("SLURM_ARRAY_TASK_MIN", "2"),
        ("SLURM_ARRAY_TASK_MAX", "2"),
    ];
    let (status, _, stderr) = run("auto", &alone);
    assert_eq!(status, Some(2));
    assert!(stderr.contains("--shard auto/N"), "{stderr}");
    let (status, header, _) = run("auto/4", &alone);
    assert_eq!(status, Some(0));
    assert!(header.contains(" shard=2/4 "), "{header}");
    let (status, header, _) = run("auto/4", &[("JOB_COMPLETION_INDEX", "0")]);
    assert_eq!(status, Some(0));
    assert!(header.contains(" shard=1/4 "), "{header}");
    let (status, _, stderr) = run("auto", &[]);
    assert_eq!(status, Some(2));
    assert!(
        stderr.contains("SLURM_ARRAY_TASK_ID") && stderr.contains("JOB_COMPLETION_INDEX"),
        "{stderr}"
    );
    assert!(stderr.contains("--shard i/n"), "{stderr}");
}
