//! The `pgn` command (feature `cli`), run as a user runs it.

#![cfg(feature = "cli")]

use std::process::Command;

fn pgn(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn temp(name: &str, text: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("magicboard-pgn-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn validate_good_and_bad_files() {
    let (code, out, _) = pgn(&["validate", &data("lichess_db_100k.pgn")]);
    assert_eq!((code, out.as_str()), (0, "ok: 47 games, 2770 plies\n"));
    let bad = temp(
        "bad.pgn",
        "1. e4 *\n\n[Event \"2\"]\n\n1. e4 e5\n2. Ke3 *\n\n1. d4 Qxd4 *\n",
    );
    let (code, out, _) = pgn(&["validate", &bad]);
    assert_eq!(code, 1);
    assert!(out.ends_with("game 2, line 6: 2. Ke3: no legal move in this position matches the SAN (rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)\n"), "{out}");
    let (code, out, _) = pgn(&["validate", "--all", "--threads", "1", &bad]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(out.ends_with("2 bad games of 3\n"));
    std::fs::remove_file(bad).unwrap();
}

#[test]
fn stats_counts() {
    let (code, out, _) = pgn(&["stats", "--threads", "2", &data("lichess_db_100k.pgn")]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("games: 47\nbad games: 0\nplies: 2770\n"),
        "{out}"
    );
}

#[test]
fn positions_as_fen_and_epd() {
    let file = temp("pos.pgn", "1. e4 e5 *\n");
    let (code, out, _) = pgn(&["positions", "--epd", &file]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n\
         rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n\
         rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -\n"
    );
    let (_, out, _) = pgn(&["positions", "--skip-plies", "2", &file]);
    assert_eq!(
        out,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
    );
    std::fs::remove_file(file).unwrap();
}

#[test]
fn a_missing_file_is_exit_2() {
    let (code, _, err) = pgn(&["validate", "/nonexistent/file.pgn"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("pgn: /nonexistent/file.pgn: "), "{err}");
}
