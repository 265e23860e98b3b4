//! Counts and divides of single positions: the published counts, Stockfish's
//! divide format, Chess960, and bad input on one line with status 2.

use super::*;
use pretty_assertions::assert_eq;

#[test]
fn start_position_depth_3() {
    let out = ok(&["--depth", "3"]);
    assert_eq!(out, "Nodes searched: 8902\n");
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
