//! `perft diverge`: the other generators are the tool's own perftree mode and
//! `examples/broken_generator.rs` (magicboard with a planted bug),
//! through the perftree convention and UCI; misbehaving programs are small
//! shell scripts. And nothing the tool starts outlives it.

use super::*;
use pretty_assertions::assert_eq;

//
// The other generators: the tool's own perftree mode, and
// `examples/broken_generator.rs` (magicboard with a planted bug at chosen
// plies) through the perftree convention and through UCI; misbehaving
// programs are small shell scripts.

/// An executable shell script in the scratch directory.
#[cfg(unix)]
fn script(name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = temp(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Runs `perft diverge` with `args` plus `--json`; the status and report.
fn diverge_json(args: &[&str]) -> (i32, serde_json::Value) {
    let mut all = vec!["diverge", "--json"];
    all.extend_from_slice(args);
    let run = perft(&all);
    assert!(
        run.status == 0 || run.status == 1,
        "perft {all:?}: status {}: {}",
        run.status,
        run.stderr
    );
    (run.status, json(&run.stdout))
}

/// A misbehaving run: status 2 and one stderr line, which is returned.
fn diverge_fails(args: &[&str]) -> String {
    let mut all = vec!["diverge"];
    all.extend_from_slice(args);
    let run = perft(&all);
    assert_eq!(run.status, 2, "perft {all:?}: {}{}", run.stdout, run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    run.stderr.trim_end().to_string()
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// The board `path` (UCI) leads to from `fen`, checked to be the FEN the
/// report names.
fn replay(fen: &str, chess960: bool, divergence: &serde_json::Value) -> magicboard::Board {
    let mut board = common::parse(fen, chess960);
    for mv in strings(&divergence["path"]) {
        board = board.play(board.parse_uci(&mv).unwrap()).unwrap();
    }
    assert_eq!(divergence["fen"], board.to_fen());
    board
}

#[test]
fn diverge_agrees_with_perft_perftree() {
    let own = format!("{} perftree", env!("CARGO_BIN_EXE_perft"));
    let kiwipete = &cpw_suite()[1];
    let (status, v) = diverge_json(&["--cmd", &own, "--fen", &kiwipete.fen, "--depth", "3"]);
    assert_eq!(status, 0);
    assert_eq!(v["agree"], true);
    assert_eq!(v["nodes"]["magicboard"], published(kiwipete, 3));
    assert_eq!(v["nodes"]["other"], published(kiwipete, 3));
    assert_eq!(v["calls"], 1);
    assert!(v["divergence"].is_null());

    // Chess960: perftree mode prints king takes rook too.
    let line = &fischer_suite()[0];
    let own960 = format!("{} perftree --chess960", env!("CARGO_BIN_EXE_perft"));
    let (status, v) = diverge_json(&[
        "--chess960",
        "--cmd",
        &own960,
        "--fen",
        &line.fen,
        "--depth",
        "3",
    ]);
    assert_eq!(status, 0);
    assert_eq!(v["nodes"]["other"], published(line, 3));

    // The text report.
    let run = perft(&["diverge", "--cmd", &own, "--depth", "3"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "agree: 8902 nodes at depth 3 (1 divide call)\n");
}

#[test]
fn diverge_finds_a_planted_bug_through_the_perftree_convention() {
    let cpw3 = &cpw_suite()[2];
    let cmd = format!("{} --bug en-passant --plies 3", broken_generator());
    let (status, v) = diverge_json(&["--cmd", &cmd, "--fen", &cpw3.fen, "--depth", "5"]);
    assert_eq!(status, 1);
    assert_eq!(v["agree"], false);
    assert_eq!(v["nodes"]["magicboard"], published(cpw3, 5));
    let d = &v["divergence"];
    assert_eq!(d["kind"], "moves");
    assert_eq!(d["path"].as_array().unwrap().len(), 3);
    assert_eq!(v["calls"], 4);
    assert_eq!(d["depth"], 2);
    let board = replay(&cpw3.fen, false, d);
    let mut en_passant: Vec<String> = board
        .legal_moves()
        .into_iter()
        .filter(|mv| {
            board.en_passant() == Some(mv.to())
                && board.kind_on(mv.from()) == Some(magicboard::PieceKind::Pawn)
        })
        .map(|mv| board.to_uci(mv).to_string())
        .collect();
    en_passant.sort();
    assert_eq!(strings(&d["only_magicboard"]), en_passant);
    assert!(strings(&d["only_other"]).is_empty());
    // Each count on the way differs, the magicboard side's summing up.
    let counts = d["counts"].as_array().unwrap();
    for (ply, c) in counts.iter().take(3).enumerate() {
        assert_eq!(c["ply"], ply);
        assert_eq!(c["move"], d["path"][ply]);
        assert_ne!(c["magicboard"], c["other"]);
    }

    // The text report, and the line on stderr.
    let run = perft(&["diverge", "--cmd", &cmd, "--fen", &cpw3.fen, "--depth", "5"]);
    assert_eq!(run.status, 1);
    let path = strings(&d["path"]).join(" ");
    assert!(run.stdout.starts_with("diverge: the move lists differ\n"));
    assert!(
        run.stdout.contains(&format!("path:     {path}\n")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains(&format!("only magicboard: {}\n", en_passant.join(" ")))
    );
    assert_eq!(
        run.stderr,
        format!("perft: `{cmd}` disagrees with magicboard after {path}\n")
    );
}

#[test]
fn diverge_drives_a_uci_engine() {
    let b = broken_generator();
    // Underpromotions forgotten at ply 1 (White's promotions).
    let promotions = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
    let entry = standard_suite()
        .into_iter()
        .find(|e| e.fen == promotions)
        .unwrap();
    let uci = format!("{b} --uci --bug underpromotion --plies 1");
    let (status, v) = diverge_json(&["--uci", &uci, "--fen", promotions, "--depth", "3"]);
    assert_eq!(status, 1);
    assert_eq!(v["nodes"]["magicboard"], published(&entry, 3));
    let d = &v["divergence"];
    assert_eq!(d["path"].as_array().unwrap().len(), 1);
    let board = replay(promotions, false, d);
    let mut under: Vec<String> = board
        .legal_moves()
        .into_iter()
        .filter(|mv| matches!(mv.promotion(), Some(k) if k != magicboard::PieceKind::Queen))
        .map(|mv| board.to_uci(mv).to_string())
        .collect();
    under.sort();
    assert!(!under.is_empty());
    assert_eq!(strings(&d["only_magicboard"]), under);

    // Without the bug it agrees, on a Chess960 board too (UCI_Chess960).
    let line = &fischer_suite()[3];
    let plain = format!("{b} --uci");
    let (status, v) = diverge_json(&[
        "--chess960",
        "--uci",
        &plain,
        "--fen",
        &line.fen,
        "--depth",
        "3",
    ]);
    assert_eq!(status, 0, "{v}");
    assert_eq!(v["nodes"]["other"], published(line, 3));

    // Castling through check on a standard board, written e1g1/e1c1.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let uci = format!("{b} --uci --bug castling-through-check --plies 2");
    let (status, v) = diverge_json(&["--uci", &uci, "--fen", fen, "--depth", "3"]);
    assert_eq!(status, 1);
    let d = &v["divergence"];
    let board = replay(fen, false, d);
    let extra = strings(&d["only_other"]);
    assert!(!extra.is_empty() && strings(&d["only_magicboard"]).is_empty());
    for text in extra {
        assert!(text == "e1g1" || text == "e1c1", "{text}");
        assert!(board.parse_uci(&text).is_err(), "{text} is legal");
    }
}

#[test]
#[cfg(unix)]
fn diverge_names_a_program_that_misbehaves() {
    let start = START;
    let quoted = format!("'{start}'");
    // Garbage: the line is named.
    let garbage = script("garbage.sh", "echo 'e2e4 20'\necho 'hello world'");
    let msg = diverge_fails(&["--cmd", s(&garbage), "--depth", "2"]);
    assert!(
        msg.starts_with(&format!("perft: `{} 2 {quoted}`", s(&garbage))),
        "{msg}"
    );
    assert!(msg.contains("line 2 'hello world'"), "{msg}");
    // A total that is not the sum.
    let total = script("total.sh", "echo 'e2e4 20'\necho\necho 21");
    let msg = diverge_fails(&["--cmd", s(&total), "--depth", "2"]);
    assert!(msg.contains("total 21") && msg.contains("20"), "{msg}");
    // A crash: the status and the last line on stderr.
    let crash = script("crash.sh", "echo 'bad things' >&2\nexit 3");
    let msg = diverge_fails(&["--cmd", s(&crash), "--depth", "2"]);
    assert!(msg.contains("exited with status 3"), "{msg}");
    assert!(
        msg.ends_with("its last line on stderr: bad things"),
        "{msg}"
    );
    // A hang: killed after --timeout.
    let hang = script("hang.sh", "exec sleep 30");
    let started = std::time::Instant::now();
    let msg = diverge_fails(&["--cmd", s(&hang), "--depth", "2", "--timeout", "0.5"]);
    assert!(msg.contains("did not answer within 0.5 s"), "{msg}");
    assert!(started.elapsed().as_secs() < 10);
    // No such program.
    let msg = diverge_fails(&["--cmd", "/nonexistent/engine --flag", "--depth", "2"]);
    assert!(
        msg.contains("cannot run `/nonexistent/engine --flag 2"),
        "{msg}"
    );

    // UCI: garbage after go perft, a hang before uciok, a crash.
    let uci_garbage = script(
        "uci-garbage.sh",
        "while read line; do\n  case \"$line\" in\n    uci) echo uciok;;\n    isready) echo readyok;;\n    go*) echo 'e2e4: 20'; echo 'this is not perft';;\n  esac\ndone",
    );
    let msg = diverge_fails(&["--uci", s(&uci_garbage), "--depth", "2"]);
    assert!(
        msg.contains("printed 'this is not perft' after 'position fen"),
        "{msg}"
    );
    assert!(msg.contains(&format!("`{}`", s(&uci_garbage))), "{msg}");
    let uci_hang = script("uci-hang.sh", "exec sleep 30");
    let msg = diverge_fails(&["--uci", s(&uci_hang), "--depth", "2", "--timeout", "0.5"]);
    assert!(msg.contains("did not answer 'uciok' within 0.5 s"), "{msg}");
    let uci_crash = script(
        "uci-crash.sh",
        "read line\necho uciok\nread line\necho 'segfault' >&2\nexit 3",
    );
    let msg = diverge_fails(&["--uci", s(&uci_crash), "--depth", "2"]);
    assert!(
        msg.contains("exited with status 3 before it answered 'readyok'"),
        "{msg}"
    );
    assert!(msg.ends_with("segfault"), "{msg}");
}

// ----- nothing outlives perft diverge ----------------------------------------

/// True while process `pid` runs: its `/proc` entry is there and it is not
/// a zombie (a killed process whose reaper, here PID 1, may be slow to reap).
#[cfg(target_os = "linux")]
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => false,
    }
}

/// Asserts that none of `pids` is running, allowing a second for SIGKILL
/// to take effect.
#[cfg(target_os = "linux")]
fn assert_all_gone(pids: &[u32], what: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
    while pids.iter().any(|&p| running(p)) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let left: Vec<u32> = pids.iter().copied().filter(|&p| running(p)).collect();
    // Do not leave them behind for the next test run.
    for pid in &left {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
    }
    assert!(left.is_empty(), "{what}: processes {left:?} outlived perft");
}

/// A script that starts `sleep 30` in the background, writes its own PID
/// and the sleep's to a file, then runs `rest`; the script and the file.
#[cfg(target_os = "linux")]
fn wrapper(name: &str, rest: &str) -> (PathBuf, PathBuf) {
    let pids = temp("pids");
    let body = format!(
        "sleep 30 </dev/null >/dev/null 2>&1 &\necho $$ $! > '{}.tmp'\nmv '{0}.tmp' '{0}'\n{rest}",
        s(&pids)
    );
    (script(name, &body), pids)
}

/// The PIDs a `wrapper` script wrote, waiting up to ten seconds for them.
#[cfg(target_os = "linux")]
fn wrapper_pids(path: &Path) -> Vec<u32> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            return text
                .split_whitespace()
                .map(|p| p.parse().unwrap())
                .collect();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{} was not written",
            path.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

#[test]
#[cfg(target_os = "linux")]
fn diverge_kills_the_whole_group_on_a_timeout() {
    for flag in ["--cmd", "--uci"] {
        let (hang, pids) = wrapper("hang.sh", "wait");
        let msg = diverge_fails(&[flag, s(&hang), "--depth", "2", "--timeout", "0.5"]);
        assert!(msg.contains("within 0.5 s (--timeout); killed"), "{msg}");
        assert_all_gone(&wrapper_pids(&pids), flag);
    }
}

#[test]
#[cfg(target_os = "linux")]
fn diverge_kills_the_whole_group_on_garbage_and_on_a_normal_exit() {
    // Garbage, the program exiting by itself.
    let (garbage, pids) = wrapper("garbage.sh", "echo 'hello world'");
    let msg = diverge_fails(&["--cmd", s(&garbage), "--depth", "2"]);
    assert!(msg.contains("'hello world'"), "{msg}");
    assert_all_gone(&wrapper_pids(&pids), "garbage");

    // Garbage from a UCI engine that stays up.
    let (uci_garbage, pids) = wrapper(
        "uci-garbage.sh",
        "while read line; do\n  case \"$line\" in\n    uci) echo uciok;;\n    isready) echo readyok;;\n    go*) echo 'not perft';;\n  esac\ndone",
    );
    let msg = diverge_fails(&["--uci", s(&uci_garbage), "--depth", "2"]);
    assert!(msg.contains("'not perft'"), "{msg}");
    assert_all_gone(&wrapper_pids(&pids), "UCI garbage");

    // A program that answers well and leaves a process behind: agreement,
    // and the process is gone all the same.
    let own = format!("exec {} perftree \"$@\"", env!("CARGO_BIN_EXE_perft"));
    let (good, pids) = wrapper("good.sh", &own);
    let (status, v) = diverge_json(&["--cmd", s(&good), "--depth", "2"]);
    assert_eq!((status, &v["agree"]), (0, &serde_json::json!(true)));
    assert_all_gone(&wrapper_pids(&pids), "perftree program");

    // A UCI engine that quits when asked, after a divergence.
    let engine = format!(
        "exec {} --uci --bug underpromotion --plies 1",
        broken_generator()
    );
    let (uci, pids) = wrapper("uci.sh", &engine);
    let fen = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
    let (status, _) = diverge_json(&["--uci", s(&uci), "--fen", fen, "--depth", "2"]);
    assert_eq!(status, 1);
    assert_all_gone(&wrapper_pids(&pids), "UCI engine");
}

#[test]
#[cfg(target_os = "linux")]
fn diverge_interrupted_kills_the_whole_group() {
    for (signal, status) in [("TERM", 143), ("INT", 130)] {
        for flag in ["--cmd", "--uci"] {
            let (hang, pids) = wrapper("hang.sh", "wait");
            let child = Command::new(env!("CARGO_BIN_EXE_perft"))
                .args(["diverge", flag, s(&hang), "--depth", "2"])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            let started = wrapper_pids(&pids);
            let kill = Command::new("kill")
                .args([&format!("-{signal}"), &child.id().to_string()])
                .status()
                .unwrap();
            assert!(kill.success());
            let out = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(status),
                "SIG{signal} {flag}: {stderr}"
            );
            assert_eq!(stderr, format!("perft: interrupted by SIG{signal}\n"));
            assert!(out.stdout.is_empty());
            assert_all_gone(&started, &format!("SIG{signal} {flag}"));
        }
    }
}

#[test]
#[cfg(unix)]
fn diverge_names_where_it_looked_for_a_program() {
    let run = |flag: &str, program: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_perft"))
            .args(["diverge", flag, program, "--depth", "1"])
            .env("PATH", "/nonexistent/bin:/usr/bin")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        stderr
    };
    for flag in ["--uci", "--cmd"] {
        let msg = run(flag, "no-such-engine-here --threads 2");
        assert!(
            msg.contains(
                "no program `no-such-engine-here` in the PATH directories \
                 (/nonexistent/bin, /usr/bin)"
            ),
            "{msg}"
        );
        assert!(!msg.contains("/usr/games"), "{msg}");
        // Debian's stockfish package puts it in /usr/games.
        let msg = run(flag, "stockfish");
        assert!(msg.contains("/usr/games/stockfish"), "{msg}");
        assert!(msg.contains("pass the full path"), "{msg}");
    }
}

#[test]
fn diverge_bad_input_is_status_2() {
    let own = format!("{} perftree", env!("CARGO_BIN_EXE_perft"));
    let cases: &[(&[&str], &str)] = &[
        (
            &["--cmd", &own, "--depth", "0"],
            "--depth must be at least 1",
        ),
        (&["--depth", "3"], "required"),
        (
            &["--cmd", &own, "--uci", &own, "--depth", "3"],
            "cannot be used with",
        ),
        (
            &["--cmd", &own, "--depth", "3", "--timeout", "0"],
            "seconds above 0",
        ),
        (&["--cmd", "'unclosed", "--depth", "3"], "is not closed"),
        (
            &["--cmd", &own, "--depth", "3", "--fen", "8/8 w - - 0 1"],
            "invalid FEN",
        ),
        (
            &["--cmd", &own, "--depth", "3", "--threads", "2"],
            "unexpected argument '--threads'",
        ),
        (
            &["--cmd", &own, "--depth", "3", "--hash", "16"],
            "unexpected argument '--hash'",
        ),
    ];
    for (args, expected) in cases {
        let msg = diverge_fails(args);
        assert!(msg.contains(expected), "{args:?}: {msg}");
    }
}
