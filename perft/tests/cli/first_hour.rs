//! What a new user meets in the first hour, one test each: a shard printed
//! to stdout merges, long work shows that it is alive, the speed counts
//! what was visited, the count and the divide print Stockfish's format
//! and nothing else on stdout, and bad depths and shard times say what
//! they are. (The fifth, docs that drift, is `docs.rs`.) Expected counts
//! are the CPW tables' (`tests/data/cpw.epd`, `cpw-stats.epd`).

use super::*;
use pretty_assertions::assert_eq;

/// `perft split --depth 5 --split-depth 2`, each shard's result printed
/// to stdout and saved as a shell's `> FILE` would: `merge` reads them and
/// finds the published count, plain and with `--stats`.
#[test]
fn shards_printed_to_stdout_merge_to_the_published_count() {
    let split = split_of(START, 5, 2);
    for stats in [false, true] {
        let mut files = Vec::new();
        for shard in ["1/2", "2/2"] {
            let mut args = vec!["run-shard", s(&split), "--shard", shard];
            if stats {
                args.push("--stats");
            }
            let out = ok(&args);
            assert!(out.starts_with("magicboard-shard 2 "), "{out}");
            assert!(out.lines().last().unwrap().starts_with("#end "), "{out}");
            let file = temp("stdout-shard.txt");
            std::fs::write(&file, out).unwrap();
            files.push(file);
        }
        let mut args = vec!["merge", s(&files[0]), s(&files[1])];
        let merged = ok(&args);
        assert_eq!(nodes(&merged), published(&cpw_suite()[0], 5), "{merged}");
        if stats {
            args.push("--json");
            let v = json(&ok(&args));
            let suite = common::load_suite("cpw-stats.epd");
            let (_, columns) = suite[0].stats.iter().find(|&&(d, _)| d == 5).unwrap();
            for (name, column) in magicboard::perft::PerftStats::NAMES.iter().zip(columns) {
                assert_eq!(v["stats"][name].to_string(), column.unwrap().to_string());
            }
        }
    }
    // Without --out there is no journal, and the help says so; JSON,
    // a summary, is refused there (it would lose the result).
    let help = ok(&["run-shard", "--help"]);
    assert!(help.contains("no journal"), "{help}");
    let message = usage_error(&["run-shard", s(&split), "--shard", "1/2", "--json"]);
    assert!(message.contains("give --out FILE"), "{message}");
}

/// A deep count with `--progress` (stderr a pipe here) writes a line every
/// two seconds whose visited leaves grow while the first root move is
/// still being counted (perft 8 below one move of the start position:
/// minutes on one thread).
#[test]
#[cfg(unix)]
fn long_work_shows_the_leaves_visited_growing() {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(["--depth", "9", "--threads", "1", "--progress"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let mut shown = Vec::new();
    while shown.len() < 2 {
        shown.push(lines.next().expect("a progress line").unwrap());
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // `perft: 0/20 root moves, 660000000 visited, 2 s, 330.2 Mnps, ETA ?`
    let visited: Vec<u64> = shown
        .iter()
        .map(|line| {
            let rest = line
                .strip_prefix("perft: 0/20 root moves, ")
                .unwrap_or_else(|| panic!("{line}"));
            let (visited, rest) = rest.split_once(" visited, ").unwrap();
            assert!(rest.contains(" Mnps, ETA ?"), "{line}");
            visited.parse().unwrap()
        })
        .collect();
    assert!(0 < visited[0] && visited[0] < visited[1], "{shown:?}");
}

/// With a table, the count holds leaves no generator visited: the rate is
/// of the visited ones, named so in the JSON and on the closing line, and
/// both totals are shown (two bare kings, 24 plies: past 2^64 counted, a
/// few thousand visited).
#[test]
fn the_speed_is_of_the_leaves_visited() {
    let kings = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
    let args = [
        "--fen",
        kings,
        "--depth",
        "24",
        "--hash",
        "16",
        "--allow-deep",
    ];
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&ok(&with_json));
    let counted: u128 = v["nodes"].to_string().parse().unwrap();
    let visited = v["visited"].as_u64().unwrap();
    let seconds = v["seconds"].as_f64().unwrap();
    let rate = v["visited_mnps"].as_f64().unwrap();
    assert!(counted > u128::from(u64::MAX), "{v}");
    assert!(0 < visited && visited < 1_000_000_000, "{v}");
    assert!(v["table_hits"].as_u64().unwrap() > 0, "{v}");
    assert!(v.get("mnps").is_none(), "{v}");
    let expected = visited as f64 / seconds / 1e6;
    assert!((rate - expected).abs() <= expected * 1e-6 + 1e-9, "{v}");
    // The closing line on stderr (shown with --progress): both totals.
    let mut shown = args.to_vec();
    shown.push("--progress");
    let run = perft(&shown);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let line = run.stderr.trim_end();
    let rest = line
        .strip_prefix(&format!("perft: {counted} nodes, "))
        .unwrap_or_else(|| panic!("{line}"));
    let (visited, rest) = rest.split_once(" visited, ").unwrap();
    let (hits, rest) = rest.split_once(" table hits, ").unwrap();
    let (seconds, rate) = rest.split_once(" s, ").unwrap();
    let visited: f64 = visited.parse().unwrap();
    hits.parse::<u64>().unwrap();
    let rate: f64 = rate.strip_suffix(" Mnps").unwrap().parse().unwrap();
    let seconds: f64 = seconds.parse().unwrap();
    // Rounded to 0.1 Mnps and 1 ms in the text.
    let expected = visited / seconds.max(0.001) / 1e6;
    assert!(rate < 10_000.0, "{line}");
    assert!((rate - expected).abs() <= expected * 0.5 + 0.1, "{line}");
}

/// Stdout holds what Stockfish's `go perft` prints and nothing else: the
/// divide's `move: count` lines, a blank line, `Nodes searched: N` and a
/// blank line; the plain count its total line alone. Stderr is empty where
/// it is not a terminal.
#[test]
fn stdout_is_stockfish_s_format_exactly() {
    let run = perft(&["--depth", "2", "--divide"]);
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    let (moves, total) = run.stdout.split_once("\n\n").unwrap();
    let lines = divide_lines(&format!("{moves}\n"));
    assert_eq!(lines.len(), 20);
    assert!(lines.iter().all(|(_, n)| *n == 20), "{moves}");
    assert_eq!(total, "Nodes searched: 400\n\n");
    let run = perft(&["--depth", "2"]);
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    assert_eq!(run.stdout, "Nodes searched: 400\n");
}

/// A negative or non-numeric depth gets one line that says what a depth
/// is, whichever option or command takes it.
#[test]
fn a_bad_depth_says_what_a_depth_is() {
    for (args, option) in [
        (&["--depth", "-1"][..], "--depth"),
        (&["--depth", "five"], "--depth"),
        (&["-d", "-3", "--divide"], "--depth"),
        (&["--epd", "x.epd", "--max-depth", "-2"], "--max-depth"),
        (&["perftree", "-1", START], "DEPTH"),
        (
            &["split", "--depth", "5", "--split-depth", "-1", "--out", "x"],
            "--split-depth",
        ),
        (&["diverge", "--cmd", "x", "--depth", "-1"], "--depth"),
    ] {
        let message = usage_error(args);
        assert!(
            message.ends_with(&format!(
                "{option} takes a whole number of plies, 0 or more"
            )),
            "perft {args:?}: {message}"
        );
    }
}

/// A shard's result names its times for what they are, `cpu_seconds`
/// (summed over threads) and `wall_seconds`; `merge` and `compare` read
/// them, and a result of perft 0.4 (`seconds=`, no wall time) too.
#[test]
fn shard_times_name_their_units_and_old_results_still_merge() {
    let split = split_of(START, 4, 1);
    let result = temp("units.txt");
    ok(&[
        "run-shard",
        s(&split),
        "--shard",
        "1/1",
        "--threads",
        "2",
        "--out",
        s(&result),
    ]);
    let text = std::fs::read_to_string(&result).unwrap();
    let header = text.lines().next().unwrap();
    let field = |name: &str| -> f64 {
        header
            .split(' ')
            .find_map(|w| w.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {header}"))
            .parse()
            .unwrap()
    };
    let (cpu, wall) = (field("cpu_seconds="), field("wall_seconds="));
    assert!(!header.contains(" seconds="), "{header}");
    assert!(cpu >= 0.0 && wall >= 0.0, "{header}");
    // The same result as perft 0.4 wrote it: `seconds=` for the CPU time.
    let old_header = header
        .split(' ')
        .filter(|w| !w.starts_with("wall_seconds="))
        .map(|w| w.replace("cpu_seconds=", "seconds="))
        .collect::<Vec<_>>()
        .join(" ");
    let body: Vec<&str> = text
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("#end"))
        .collect();
    let mut old = format!("{old_header}\n{}", body.join("\n"));
    let digest = shards::fnv(&[&old]);
    old.push_str(&format!("\n#end {digest}\n"));
    let old_file = temp("old.txt");
    std::fs::write(&old_file, &old).unwrap();
    for file in [&result, &old_file] {
        let v = json(&ok(&["merge", s(file), "--json"]));
        assert_eq!(v["nodes"], 197_281, "{v}");
        assert!(
            (v["cpu_seconds"].as_f64().unwrap() - cpu).abs() < 0.01,
            "{v}"
        );
        assert!(v["wall_seconds"].as_f64().unwrap() >= 0.0, "{v}");
        assert!(v.get("shard_seconds").is_none(), "{v}");
    }
    let merged = ok(&["merge", s(&old_file)]);
    assert!(
        merged.contains("s of CPU over all threads and shards"),
        "{merged}"
    );
    let compared = ok(&["compare", s(&result), "--with", s(&old_file)]);
    assert!(
        compared.contains("Every position compared has the same count"),
        "{compared}"
    );
}
