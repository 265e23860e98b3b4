//! Long runs: an interrupted divide, progress on a terminal, impossible table
//! sizes, and a closed or failing stdout.

use super::*;
use pretty_assertions::assert_eq;

/// Starts `perft args` with its output piped; its stdout lines arrive on
/// the returned channel as they are printed.
#[cfg(unix)]
fn start_piped(
    args: &[&str],
) -> (
    std::process::Child,
    std::sync::mpsc::Receiver<String>,
    std::thread::JoinHandle<String>,
) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (send, lines) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        for line in stdout.lines() {
            let line = line.unwrap();
            all.push_str(&line);
            all.push('\n');
            let _ = send.send(line);
        }
        all
    });
    (child, lines, reader)
}

/// Sends `signal` (`INT`, `TERM`) to process `pid`.
#[cfg(unix)]
fn signal(pid: u32, signal: &str) {
    let kill = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
}

#[test]
#[cfg(unix)]
fn an_interrupted_divide_prints_the_root_moves_finished_and_says_it_is_partial() {
    use std::time::Duration;
    // Depth 7 from the start position: several seconds on one thread.
    let (mut child, lines, reader) = start_piped(&["--divide", "--depth", "7", "--threads", "1"]);
    let first = lines
        .recv_timeout(Duration::from_secs(30))
        .expect("a first divide line");
    signal(child.id(), "INT");
    let status = child.wait().unwrap();
    let stdout = reader.join().unwrap();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert_eq!(status.code(), Some(130), "{stdout}{stderr}");
    assert_eq!(stderr, "perft: interrupted by SIGINT\n");
    assert!(stdout.starts_with(&format!("{first}\n")), "{stdout}");
    // The finished lines (the published counts), a blank line, the marker.
    let done = divide_lines(&stdout);
    assert!(!done.is_empty() && done.len() < 20, "{stdout}");
    // In the divide's order, the first count right.
    let start = magicboard::Board::startpos();
    let order: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    let names: Vec<&String> = done.iter().map(|(mv, _)| mv).collect();
    assert_eq!(names, order.iter().take(done.len()).collect::<Vec<_>>());
    let first_move = start.parse_uci(&done[0].0).unwrap();
    assert_eq!(
        done[0].1,
        magicboard::Perft::new(6).count(&start.play_unchecked(first_move))
    );
    assert!(
        stdout.ends_with(&format!(
            "\n\npartial: {} of 20 root moves (interrupted by SIGINT)\n",
            done.len()
        )),
        "{stdout}"
    );
    assert!(!stdout.contains("Nodes searched"), "{stdout}");

    // The same as JSON, on SIGTERM: the moves finished, marked partial.
    let (mut child, _, reader) =
        start_piped(&["--divide", "--depth", "8", "--threads", "1", "--json"]);
    std::thread::sleep(Duration::from_millis(500));
    signal(child.id(), "TERM");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143));
    let v = json(&reader.join().unwrap());
    assert_eq!(v["partial"], true);
    assert_eq!(v["interrupted"], "SIGTERM");
    assert_eq!(v["root_moves"], 20);
    assert_eq!(v["depth"], 8);
    assert!(v["divide"].as_array().unwrap().len() < 20);
    assert!(v.get("nodes").is_none());
}

#[test]
#[cfg(target_os = "linux")]
fn a_long_count_on_a_terminal_shows_progress() {
    use std::io::Read;
    use std::time::{Duration, Instant};
    if Command::new("script").arg("--version").output().is_err() {
        println!("skipped: no `script` (util-linux) to run perft on a terminal");
        return;
    }
    // `script` runs perft on a pseudo-terminal and copies what it shows;
    // the count takes many seconds and is interrupted at the first
    // progress line.
    let command = format!(
        "exec {} --depth 7 --threads 1 --no-bulk",
        env!("CARGO_BIN_EXE_perft")
    );
    let mut script = Command::new("script")
        .args(["-qc", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut screen = script.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n @ 1..) = screen.read(&mut buffer) {
            if send.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut shown = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !String::from_utf8_lossy(&shown).contains(" Mnps, ETA ") && Instant::now() < deadline {
        if let Ok(bytes) = receive.recv_timeout(Duration::from_millis(100)) {
            shown.extend(bytes);
        }
    }
    // perft is script's child: interrupt it, then script ends.
    let children = std::fs::read_to_string(format!("/proc/{0}/task/{0}/children", script.id()))
        .unwrap_or_default();
    for pid in children.split_whitespace() {
        signal(pid.parse().unwrap(), "TERM");
    }
    script.wait().unwrap();
    while let Ok(bytes) = receive.recv_timeout(Duration::from_millis(500)) {
        shown.extend(bytes);
    }
    let shown = String::from_utf8_lossy(&shown);
    let line = shown
        .split('\r')
        .map(|l| l.trim_start_matches("\x1b[2K"))
        .find(|l| l.starts_with("perft: ") && l.contains("root moves"))
        .unwrap_or_else(|| panic!("no progress line in {shown:?}"));
    // `perft: 3/20 root moves, 440000000 visited, 1 s, 400.1 Mnps, ETA 4 s`
    let (done, rest) = line["perft: ".len()..]
        .split_once("/20 root moves, ")
        .unwrap();
    assert!(done.parse::<u32>().unwrap() < 20, "{line}");
    let (visited, rest) = rest.split_once(" visited, ").unwrap();
    visited.parse::<u64>().unwrap();
    assert!(rest.contains(" Mnps, ETA "), "{line}");
    // The line is cleared before the interruption is reported.
    assert!(
        shown.contains("\r\x1b[2Kperft: interrupted by SIGTERM"),
        "{shown:?}"
    );

    // Not on a terminal: nothing on stderr, whatever the time taken.
    let run = perft(&["--depth", "6", "--no-bulk", "--threads", "1"]);
    assert_eq!(run.status, 0);
    assert_eq!(run.stderr, "");
}

/// `perft --hash N` with N beyond memory prints an error and exits with
/// status 2 (bad input), like a bad FEN.
#[test]
fn perft_cli_refuses_an_impossible_hash_size() {
    for size in ["18446744073709551615", "1099511627776"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_perft"))
            .args(["--depth", "1", "--hash", size])
            .output()
            .expect("the perft binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--hash {size}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stderr.contains("--hash"), "{stderr}");
    }
}

#[test]
#[cfg(unix)]
fn a_closed_stdout_ends_the_tool_quietly() {
    use std::io::{BufRead, BufReader};
    // `perft --divide | head -1`: the reader goes after one line, while the
    // tool still has root moves to print (one thread, depth 7: seconds).
    let mut child = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(["--depth", "7", "--divide", "--threads", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains(": "), "{first}");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(141), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
#[cfg(target_os = "linux")]
fn a_failing_stdout_is_an_error_not_a_panic() {
    let out = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(["--depth", "3", "--divide"])
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        "perft: cannot write to stdout: No space left on device (os error 28)\n"
    );
}
