//! Each command lists and takes only its own options; `--help` says what the
//! tool does and each default.

use super::*;
use pretty_assertions::assert_eq;

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
                "progress",
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
                "progress",
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
    let split = split_of(START, 2, 1);
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
            if command == "run-shard" && name == "json" {
                // A summary: the result goes to a file.
                args.extend(["--out", s(&out)]);
            }
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
