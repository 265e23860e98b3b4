//! Depths beyond 12 plies are refused without `--allow-deep`.

use super::*;
use pretty_assertions::assert_eq;

#[test]
fn depths_beyond_12_are_refused_without_allow_deep() {
    let bare = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
    let split = split_of(START, 2, 1);
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
