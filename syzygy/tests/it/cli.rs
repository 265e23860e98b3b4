//! The syzygy-probe command: one FEN (tags, moves by result, the line),
//! batches, and its exit statuses.

use crate::common::tables_dir;
use std::io::Write;
use std::process::{Command, Stdio};

fn probe(args: &[&str], input: Option<&str>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_syzygy-probe"));
    cmd.args(args)
        .env_remove("TB_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("syzygy-probe starts");
    if let Some(input) = input {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn one_position() {
    let dir = tables_dir();
    let (code, out, err) = probe(
        &[
            "--path",
            dir.to_str().unwrap(),
            "8/8/8/8/8/8/2k5/K2R4 w - - 0 1",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    // python-chess: WDL 2, DTZ 25. The rook must move off d1 (Black's
    // king takes it otherwise): the king move and the checks that let
    // Black take it draw.
    assert!(
        out.contains("[WDL \"Win\"]\n[DTZ \"25\"]\n[BestMove \"Rd8\"]\n"),
        "{out}"
    );
    assert!(
        out.contains("[DrawingMoves \"Ka2 Rc1+ Rd2+ Rd3\"]"),
        "{out}"
    );
    assert!(out.contains("[LosingMoves \"\"]"), "{out}");
    // The line ends in mate, White winning.
    let line = out.lines().last().unwrap();
    assert!(
        line.starts_with("1. Rd8 ") && line.ends_with("# 1-0"),
        "{line}"
    );
}

#[test]
fn batches_answer_each_line() {
    let dir = tables_dir();
    let input = "8/8/8/8/8/8/2k5/K2R4 w - - 0 1\n\n8/8/8/8/8/8/2kR4/K7 b - - 0 1\nnot a fen\n";
    let (code, out, _) = probe(&["--path", dir.to_str().unwrap(), "--batch"], Some(input));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..2], ["2 25", "0 0"]);
    assert!(lines[2].starts_with("error: bad FEN"), "{out}");
    assert_eq!(code, 1, "a line that cannot be answered makes the status 1");
}

#[test]
fn exit_statuses() {
    let dir = tables_dir();
    let dir = dir.to_str().unwrap();
    // Bad command lines and FENs: 2.
    assert_eq!(probe(&[], None).0, 2);
    assert_eq!(probe(&["--path", dir], None).0, 2);
    assert_eq!(probe(&["--path", dir, "8/8/8/8"], None).0, 2);
    assert_eq!(
        probe(
            &["--path", "/no/such/dir", "8/8/8/8/8/8/2k5/K2R4 w - - 0 1"],
            None
        )
        .0,
        2
    );
    // A position the tables cannot answer: 1, and why.
    let (code, _, err) = probe(&["--path", dir, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"], None);
    assert_eq!(code, 1);
    assert!(err.contains("castling"), "{err}");
    let (code, out, _) = probe(&["--help"], None);
    assert_eq!(code, 0);
    assert!(out.starts_with("usage: syzygy-probe"));
}
