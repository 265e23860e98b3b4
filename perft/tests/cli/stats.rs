//! `--stats`: the leaf moves counted by kind, in a count, a divide, JSON, a
//! suite, the benchmark and sharded runs. Expected figures come from the
//! CPW tables in `tests/data/cpw-stats.epd`.

use super::*;
use pretty_assertions::assert_eq;

/// The published columns of the CPW table's line for `fen` at `depth`.
fn published_stats(fen: &str, depth: u32) -> Vec<String> {
    let suite = common::load_suite("cpw-stats.epd");
    let entry = suite.iter().find(|e| e.fen == fen).unwrap();
    let (_, columns) = entry.stats.iter().find(|&&(d, _)| d == depth).unwrap();
    columns.iter().map(|c| c.unwrap().to_string()).collect()
}

/// The values of the `Label: value` lines, in order.
fn stats_lines(text: &str) -> Vec<String> {
    let labels = [
        "Nodes searched",
        "Captures",
        "En passant",
        "Castles",
        "Promotions",
        "Checks",
        "Discovered checks",
        "Double checks",
        "Checkmates",
    ];
    labels
        .iter()
        .map(|label| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("{label}: ")))
                .unwrap_or_else(|| panic!("no {label} line in {text}"))
                .to_string()
        })
        .collect()
}

#[test]
fn a_count_prints_the_published_line() {
    for (fen, depth) in [(START, 5), (KIWIPETE, 4)] {
        let out = ok(&["--fen", fen, "--depth", &depth.to_string(), "--stats"]);
        assert_eq!(stats_lines(&out), published_stats(fen, depth), "{fen}");
        let v = json(&ok(&[
            "--fen",
            fen,
            "--depth",
            &depth.to_string(),
            "--stats",
            "--json",
        ]));
        // The JSON fields are the library's column names.
        let names = magicboard::perft::PerftStats::NAMES;
        let got: Vec<String> = names.iter().map(|n| v["stats"][n].to_string()).collect();
        assert_eq!(got, published_stats(fen, depth));
    }
}

#[test]
fn a_divide_adds_up_to_the_published_line() {
    let out = ok(&[
        "--fen", KIWIPETE, "--depth", "3", "--stats", "--divide", "--hash", "8",
    ]);
    let rows: Vec<&str> = out.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), 48);
    let mut sums = [0u128; 9];
    for row in &rows {
        let (_, rest) = row.split_once(": ").unwrap();
        let mut words = rest.split(' ');
        sums[0] += words.next().unwrap().parse::<u128>().unwrap();
        for (i, word) in words.enumerate() {
            sums[i + 1] += word.split_once('=').unwrap().1.parse::<u128>().unwrap();
        }
    }
    let sums: Vec<String> = sums.iter().map(u128::to_string).collect();
    assert_eq!(sums, published_stats(KIWIPETE, 3));
    assert_eq!(stats_lines(&out), published_stats(KIWIPETE, 3));
    // Depth 1: the root moves are the leaves.
    let out = ok(&["--fen", KIWIPETE, "--depth", "1", "--stats", "--divide"]);
    assert_eq!(stats_lines(&out), published_stats(KIWIPETE, 1));
    assert!(
        out.contains("\ne1g1: 1 captures=0 en_passant=0 castles=1 "),
        "{out}"
    );
}

#[test]
fn a_suite_checks_every_column() {
    let run = perft(&[
        "--epd",
        s(&common::data_path("cpw-stats.epd")),
        "--stats",
        "--max-nodes",
        "5000000",
    ]);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("Failed:    0"), "{}", run.stdout);
    // A wrong figure is named.
    let epd = temp("wrong.epd");
    std::fs::write(&epd, format!("{START} ;S3 8902 34 0 0 0 13 0 0 -\n")).unwrap();
    let run = perft(&["--epd", s(&epd), "--stats"]);
    assert_eq!(run.status, 1);
    assert!(
        run.stdout
            .contains("mismatch: line 1, depth 3, checks: expected 13, got 12"),
        "{}",
        run.stdout
    );
    // Without --stats, ;Sn lines are plain counts.
    let run = perft(&["--epd", s(&epd)]);
    assert_eq!(run.status, 0, "{}", run.stderr);
}

#[test]
fn shards_add_up_every_column() {
    let split = temp("split.txt");
    ok(&[
        "split",
        "--depth",
        "5",
        "--split-depth",
        "2",
        "--out",
        s(&split),
    ]);
    let (a, b) = (temp("a.txt"), temp("b.txt"));
    ok(&[
        "run-shard",
        s(&split),
        "--shard",
        "1/2",
        "--stats",
        "--out",
        s(&a),
    ]);
    ok(&[
        "run-shard",
        s(&split),
        "--shard",
        "2/2",
        "--stats",
        "--hash",
        "4",
        "--out",
        s(&b),
    ]);
    let merged = ok(&["merge", s(&a), s(&b)]);
    assert_eq!(stats_lines(&merged), published_stats(START, 5));
    // A count and statistics do not mix.
    let plain = temp("plain.txt");
    ok(&["run-shard", s(&split), "--shard", "2/2", "--out", s(&plain)]);
    let run = perft(&["merge", s(&a), s(&plain)]);
    assert_ne!(run.status, 0);
    let run = perft(&[
        "run-shard",
        s(&split),
        "--shard",
        "2/2",
        "--stats",
        "--out",
        s(&plain),
    ]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("holds plain counts"), "{}", run.stderr);
}

#[test]
fn the_benchmark_counts_statistics_too() {
    let v = json(&ok(&["--bench", "--stats", "--json", "--threads", "2"]));
    assert_eq!(v["mode"], "stats");
    assert_eq!(v["ok"], true);
}
