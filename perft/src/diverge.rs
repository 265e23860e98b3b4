//! `perft diverge`: find where another move generator first disagrees with
//! magicboard, by driving it as a program.
//!
//! * `--cmd "PROGRAM ARGS"`: a program of the perftree convention, run once
//!   per question as `PROGRAM ARGS DEPTH FEN [MOVES]` (the moves from FEN,
//!   one space-separated argument, left out at the root), printing `move
//!   count` lines, a blank line and the total.
//! * `--uci "PROGRAM ARGS"`: a UCI engine with Stockfish's `go perft`,
//!   started once and asked `position fen FEN moves ...` then `go perft
//!   DEPTH`; it prints `move: count` lines and `Nodes searched: N`.
//!
//! The walk is the library's ([`magicboard_testkit::diverge::find`]); this file
//! runs the programs, reads their answers strictly (a line that is not of
//! the convention is an error naming the command and the line), and
//! prints the report. Exit status 0 when the counts agree, 1 on a
//! divergence, 2 on bad input or a program that fails: cannot start, exits
//! with an error, does not answer within `--timeout`, prints garbage.
//!
//! Each program runs in a process group of its own ([`interrupt::spawn`]),
//! and the whole group is killed once the program has answered (a perftree
//! program), when it times out or misbehaves, when the walk ends (a UCI
//! engine gets `quit` and two seconds first) and when perft is interrupted
//! (SIGINT, SIGTERM: exit status 130, 143): no process it started, nor any
//! they started, outlives the tool.

use super::interrupt::{self, Group};
use super::output::{Failure, print_json};
use super::settings::{Chess960Arg, Deep, Global, JsonArg, STARTPOS};
use magicboard_testkit::diverge::{self, Divider, Query, Report};
use serde_json::json;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The options of `perft diverge`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("other").required(true).args(["cmd", "uci"])))]
pub struct Args {
    /// The other generator as a program of the perftree convention, called
    /// as `PROGRAM ARGS DEPTH FEN [MOVES]` (quote words with '' or "").
    #[arg(long, value_name = "PROGRAM ARGS")]
    cmd: Option<String>,
    /// The other generator as a UCI engine with `go perft` (Stockfish's).
    #[arg(long, value_name = "PROGRAM ARGS")]
    uci: Option<String>,
    /// Root position as FEN; default: the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies (at least 1).
    #[arg(long, short, value_name = "PLIES", allow_negative_numbers = true,
          value_parser = super::settings::plies("--depth"))]
    depth: u32,
    /// Seconds the program may take to answer one question (then it is
    /// killed).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_timeout)]
    timeout: f64,
    #[command(flatten)]
    chess960: Chess960Arg,
    #[command(flatten)]
    json: JsonArg,
    #[command(flatten)]
    deep: Deep,
}

fn parse_timeout(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s < 1e9 => Ok(s),
        _ => Err(format!(
            "'{text}' is not a number of seconds above 0 (e.g. 60 or 0.5)"
        )),
    }
}

/// Runs the walk against the program and prints the report.
pub fn run(args: &Args) -> Result<(), Failure> {
    // magicboard's side divides on one thread, without a table: no
    // --threads or --hash here.
    let global = &Global {
        chess960: args.chess960.chess960,
        json: args.json.json,
        allow_deep: args.deep.allow_deep,
        ..Global::default()
    };
    if args.depth == 0 {
        return Err(Failure::input("--depth must be at least 1"));
    }
    global.check_depth(args.depth)?;
    let fen = args.fen.as_deref().unwrap_or(STARTPOS);
    let board = global.read_fen(fen)?;
    let timeout = Duration::from_secs_f64(args.timeout);
    let (report, name) = match (&args.cmd, &args.uci) {
        (Some(cmd), _) => {
            let mut program = Perftree::new(cmd, fen, timeout)?;
            (walk(&board, args.depth, &mut program)?, cmd)
        }
        (None, Some(uci)) => {
            let mut engine = UciEngine::start(uci, fen, global.chess960, timeout)?;
            let report = walk(&board, args.depth, &mut engine)?;
            engine.quit();
            (report, uci)
        }
        (None, None) => return Err(Failure::input("one of --cmd and --uci is needed")),
    };
    if global.json {
        print_json(&to_json(&report, fen, name));
    } else {
        out!("{report}");
    }
    match &report.divergence {
        None => Ok(()),
        Some(d) => {
            let path = d.path_uci();
            let at = if path.is_empty() {
                "at the root".to_string()
            } else {
                format!("after {}", path.join(" "))
            };
            Err(Failure::check(format!(
                "`{name}` disagrees with magicboard {at}"
            )))
        }
    }
}

fn walk<D: Divider<Error = String>>(
    board: &magicboard::Board,
    depth: u32,
    other: &mut D,
) -> Result<Report, Failure> {
    diverge::find(board, depth, other).map_err(|e| match e {
        diverge::Error::Other(message) => Failure::input(message),
        e => Failure::input(e.to_string()),
    })
}

/// The report as JSON.
fn to_json(report: &Report, fen: &str, other: &str) -> serde_json::Value {
    let divergence = report.divergence.as_ref().map(|d| {
        json!({
            "kind": d.kind.name(),
            "path": d.path_uci(),
            "fen": d.fen(),
            "depth": d.depth,
            "only_magicboard": d.only_magicboard,
            "only_other": d.only_other,
            "repeated": d.repeated,
            "counts": d.counts.iter().map(|c| json!({
                "ply": c.ply, "move": c.uci, "depth": c.depth,
                "magicboard": c.magicboard, "other": c.other,
            })).collect::<Vec<_>>(),
        })
    });
    json!({
        "fen": fen, "depth": report.depth, "other": other, "agree": report.agrees(),
        "nodes": {"magicboard": report.nodes, "other": report.other_nodes},
        "calls": report.calls, "divergence": divergence,
    })
}

/// Splits `PROGRAM ARGS` into words, as a shell would for plain words,
/// `'single'` and `"double"` quotes and backslash escapes (no variables,
/// globs or redirections).
fn split_words(text: &str) -> Result<Vec<String>, Failure> {
    let bad = |why: &str| Failure::input(format!("cannot read the command `{text}`: {why}"));
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(bad("a ' is not closed")),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err(bad("a \" is not closed")),
                        },
                        Some(c) => w.push(c),
                        None => return Err(bad("a \" is not closed")),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err(bad("it ends with a backslash")),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    if words.is_empty() {
        return Err(bad("no program named"));
    }
    Ok(words)
}

/// `words` as one line a shell would read back (for messages).
fn shell_line(words: &[String]) -> String {
    let quote = |w: &String| {
        let plain = !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
        if plain {
            w.clone()
        } else {
            format!("'{}'", w.replace('\'', r"'\''"))
        }
    };
    words.iter().map(quote).collect::<Vec<_>>().join(" ")
}

/// The message for a program that cannot be started. For a bare name
/// that no PATH directory holds: the directories searched, and a hint when
/// it is in /usr/games, where Debian installs games such as Stockfish
/// (outside root's PATH).
fn cannot_run(program: &str, line: &str, e: &std::io::Error) -> String {
    if e.kind() != std::io::ErrorKind::NotFound || program.contains('/') {
        return format!("cannot run `{line}`: {e}");
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .map(|d| {
            if d.as_os_str().is_empty() {
                ".".into()
            } else {
                d
            }
        })
        .collect();
    if dirs.iter().any(|d| d.join(program).is_file()) {
        // There, but not runnable as it is (a bad #! line, say).
        return format!("cannot run `{line}`: {e}");
    }
    let searched = if dirs.is_empty() {
        "(PATH is empty or not set)".to_string()
    } else {
        let dirs: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        format!("in the PATH directories ({})", dirs.join(", "))
    };
    let games = Path::new("/usr/games").join(program);
    let hint = if games.is_file() {
        format!(
            "; {} exists (Debian installs games there, outside root's PATH): pass the full path",
            games.display()
        )
    } else if program.to_ascii_lowercase().contains("stockfish") {
        "; Debian's stockfish package installs /usr/games/stockfish: pass the full path".into()
    } else {
        String::new()
    };
    format!("cannot run `{line}`: no program `{program}` {searched}{hint}")
}

/// The last non-empty line of a program's standard error, for messages.
fn last_line(stderr: &str) -> String {
    match stderr.lines().rev().find(|l| !l.trim().is_empty()) {
        Some(line) => format!("; its last line on stderr: {}", line.trim()),
        None => String::new(),
    }
}

fn describe(status: ExitStatus) -> String {
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("was killed ({status})"),
    }
}

/// Reads all of `from` on a thread of its own (so that a full pipe never
/// blocks the program).
fn collect(mut from: impl Read + Send + 'static) -> Receiver<Vec<u8>> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        let _ = send.send(bytes);
    });
    receive
}

/// A program of the perftree convention, started once per question.
struct Perftree {
    words: Vec<String>,
    fen: String,
    timeout: Duration,
}

impl Perftree {
    fn new(cmd: &str, fen: &str, timeout: Duration) -> Result<Perftree, Failure> {
        Ok(Perftree {
            words: split_words(cmd)?,
            fen: fen.to_string(),
            timeout,
        })
    }

    /// Runs the program with `args` after its own words; its standard
    /// output, or a message naming the command line.
    fn output(&self, args: &[String]) -> Result<String, String> {
        let mut all = self.words.clone();
        all.extend_from_slice(args);
        let line = shell_line(&all);
        let mut program = interrupt::spawn(
            Command::new(&all[0])
                .args(&all[1..])
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        )
        .map_err(|e| cannot_run(&all[0], &line, &e))?;
        let child = program.child();
        let stdout = collect(child.stdout.take().expect("piped"));
        let stderr = collect(child.stderr.take().expect("piped"));
        let deadline = Instant::now() + self.timeout;
        loop {
            match program.has_exited() {
                Ok(true) => break,
                Ok(false) if Instant::now() >= deadline => {
                    let _ = program.end();
                    return Err(format!(
                        "`{line}` did not answer within {} s (--timeout); killed",
                        self.timeout.as_secs_f64()
                    ));
                }
                Ok(false) => thread::sleep(Duration::from_millis(2)),
                Err(e) => return Err(format!("cannot wait for `{line}`: {e}")),
            }
        }
        // It has exited: whatever it started goes with its group.
        let status = program
            .end()
            .map_err(|e| format!("cannot wait for `{line}`: {e}"))?;
        // The pipes close when the program exits and its group is killed
        // (should a process outside the group hold them, wait a little,
        // then go on without them).
        let grace = Duration::from_secs(1);
        let out = stdout.recv_timeout(grace).unwrap_or_default();
        let err = stderr.recv_timeout(grace).unwrap_or_default();
        let err = String::from_utf8_lossy(&err);
        if !status.success() {
            return Err(format!("`{line}` {}{}", describe(status), last_line(&err)));
        }
        String::from_utf8(out).map_err(|_| format!("`{line}` printed text that is not UTF-8"))
    }
}

impl Divider for Perftree {
    type Error = String;

    fn divide(&mut self, query: &Query<'_>) -> Result<Vec<(String, u64)>, String> {
        let mut args = vec![query.depth.to_string(), self.fen.clone()];
        if !query.path.is_empty() {
            args.push(query.moves_text());
        }
        let out = self.output(&args)?;
        let mut all = self.words.clone();
        all.extend(args);
        parse_perftree(&out).map_err(|e| format!("`{}` {e}", shell_line(&all)))
    }
}

/// Reads perftree output: `move count` lines, a blank line, the total
/// (which must be their sum).
fn parse_perftree(out: &str) -> Result<Vec<(String, u64)>, String> {
    let mut lines = out.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
    let mut moves = Vec::new();
    let mut sum: u64 = 0;
    loop {
        let Some((n, line)) = lines.next() else {
            return Err("ended before the blank line and the total".into());
        };
        if line.is_empty() {
            break;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let count = match fields[..] {
            [mv, count] if looks_like_uci(mv) => count.parse::<u64>().ok().map(|c| (mv, c)),
            _ => None,
        };
        let Some((mv, count)) = count else {
            return Err(format!(
                "printed line {n} '{line}', not `move count` (e.g. `e2e4 20`)"
            ));
        };
        sum = sum.saturating_add(count);
        moves.push((mv.to_string(), count));
    }
    let Some((n, line)) = lines.find(|(_, l)| !l.is_empty()) else {
        return Err("ended after the blank line, without the total".into());
    };
    match line.trim().parse::<u64>() {
        Ok(total) if total == sum => {}
        Ok(total) => {
            return Err(format!(
                "printed the total {total} (line {n}), not the sum of its counts, {sum}"
            ));
        }
        Err(_) => return Err(format!("printed line {n} '{line}', not the total")),
    }
    if let Some((n, line)) = lines.find(|(_, l)| !l.is_empty()) {
        return Err(format!("printed line {n} '{line}' after the total"));
    }
    Ok(moves)
}

/// Text shaped like a UCI move: two squares and an optional promotion
/// letter (either case). Whether it is legal is the comparison's business.
fn looks_like_uci(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    (b.len() == 4 || b.len() == 5 && b"nbrqNBRQ".contains(&b[4]))
        && square(b[0], b[1])
        && square(b[2], b[3])
}

/// A UCI engine with `go perft`, started once.
struct UciEngine {
    engine: Group,
    stdin: ChildStdin,
    lines: Receiver<std::io::Result<String>>,
    stderr: Receiver<Vec<u8>>,
    line: String,
    fen: String,
    timeout: Duration,
}

impl UciEngine {
    fn start(
        cmd: &str,
        fen: &str,
        chess960: bool,
        timeout: Duration,
    ) -> Result<UciEngine, Failure> {
        let words = split_words(cmd)?;
        let line = shell_line(&words);
        let mut engine = interrupt::spawn(
            Command::new(&words[0])
                .args(&words[1..])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        )
        .map_err(|e| Failure::input(cannot_run(&words[0], &line, &e)))?;
        let child = engine.child();
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let stderr = collect(child.stderr.take().expect("piped"));
        let (send, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines() {
                let end = line.is_err();
                if send.send(line).is_err() || end {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            engine,
            stdin,
            lines,
            stderr,
            line,
            fen: fen.to_string(),
            timeout,
        };
        let ready = |engine: &mut UciEngine| -> Result<(), String> {
            let deadline = Instant::now() + engine.timeout;
            engine.send("uci")?;
            engine.wait_for("uciok", deadline)?;
            if chess960 {
                engine.send("setoption name UCI_Chess960 value true")?;
            }
            engine.send("isready")?;
            engine.wait_for("readyok", deadline)
        };
        match ready(&mut engine) {
            Ok(()) => Ok(engine),
            Err(message) => {
                engine.kill();
                Err(Failure::input(message))
            }
        }
    }

    fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.gone(&format!("while sent '{command}'")))
    }

    /// The message for an engine that closed its output or its input.
    fn gone(&mut self, when: &str) -> String {
        // It usually exits at once; one that closed its pipes and goes on
        // is killed after a second.
        self.exited_within(Duration::from_secs(1));
        let status = self.engine.end().map(describe).unwrap_or_default();
        let err = self
            .stderr
            .recv_timeout(Duration::from_secs(1))
            .unwrap_or_default();
        format!(
            "`{}` {status} {when}{}",
            self.line,
            last_line(&String::from_utf8_lossy(&err))
        )
    }

    /// The next line of output, by `deadline`.
    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Ok(line)) => Ok(line.trim_end().to_string()),
            Ok(Err(_)) => Err(format!("`{}` printed text that is not UTF-8", self.line)),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(format!(
                    "`{}` did not answer '{waiting_for}' within {} s (--timeout); killed",
                    self.line,
                    self.timeout.as_secs_f64()
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(self.gone(&format!("before it answered '{waiting_for}'")))
            }
        }
    }

    fn wait_for(&mut self, word: &str, deadline: Instant) -> Result<(), String> {
        while self.next_line(deadline, word)?.trim() != word {}
        Ok(())
    }

    /// Kills the engine's process group (the engine and whatever it
    /// started).
    fn kill(&mut self) {
        let _ = self.engine.end();
    }

    /// True when the engine exits within `time`.
    fn exited_within(&mut self, time: Duration) -> bool {
        let deadline = Instant::now() + time;
        loop {
            match self.engine.has_exited() {
                Ok(false) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                Ok(exited) => return exited,
                Err(_) => return false,
            }
        }
    }

    /// Asks the engine to quit, waits for it up to two seconds, then ends
    /// its process group (whatever it left running goes too). Dropping the
    /// engine without `quit`, on an error, ends the group at once.
    fn quit(mut self) {
        let _ = self.send("quit");
        self.exited_within(Duration::from_secs(2));
        self.kill();
    }
}

impl Divider for UciEngine {
    type Error = String;

    fn divide(&mut self, query: &Query<'_>) -> Result<Vec<(String, u64)>, String> {
        let mut position = format!("position fen {}", self.fen);
        if !query.path.is_empty() {
            position.push_str(" moves ");
            position.push_str(&query.moves_text());
        }
        let go = format!("go perft {}", query.depth);
        self.send(&position)?;
        self.send(&go)?;
        let deadline = Instant::now() + self.timeout;
        let mut moves = Vec::new();
        let mut sum: u64 = 0;
        loop {
            let line = self.next_line(deadline, &go)?;
            let text = line.trim();
            if text.is_empty() || text.starts_with("info") {
                continue;
            }
            if let Some(total) = text.strip_prefix("Nodes searched:") {
                return match total.trim().parse::<u64>() {
                    Ok(total) if total == sum => Ok(moves),
                    Ok(total) => Err(format!(
                        "`{}` printed 'Nodes searched: {total}' after '{position}' and '{go}', \
                         not the sum of its counts, {sum}",
                        self.line
                    )),
                    Err(_) => Err(format!("`{}` printed '{text}', not a count", self.line)),
                };
            }
            let entry = text.split_once(':').and_then(|(mv, count)| {
                let mv = mv.trim();
                let count = count.trim().parse::<u64>().ok()?;
                looks_like_uci(mv).then(|| (mv.to_string(), count))
            });
            match entry {
                Some((mv, count)) => {
                    sum = sum.saturating_add(count);
                    moves.push((mv, count));
                }
                None => {
                    return Err(format!(
                        "`{}` printed '{text}' after '{position}' and '{go}', \
                         not `move: count` (e.g. `e2e4: 20`)",
                        self.line
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_a_shell() {
        let w = |t: &str| split_words(t).map_err(|f| f.message);
        assert_eq!(w("a b  c").unwrap(), ["a", "b", "c"]);
        assert_eq!(
            w(r#"sh -c 'echo "x y"' z"#).unwrap(),
            ["sh", "-c", r#"echo "x y""#, "z"]
        );
        assert_eq!(w(r#""a b"c d\ e"#).unwrap(), ["a bc", "d e"]);
        assert_eq!(w("''").unwrap(), [""]);
        assert!(w("'open").is_err());
        assert!(w("   ").is_err());
        let words = ["a", "b c", "it's"].map(String::from);
        assert_eq!(shell_line(&words), r"a 'b c' 'it'\''s'");
    }

    #[test]
    fn perftree_output_is_read_strictly() {
        assert_eq!(
            parse_perftree("e2e4 1\na7b8Q 2\n\n3\n").unwrap(),
            [("e2e4".to_string(), 1), ("a7b8Q".to_string(), 2)]
        );
        assert_eq!(parse_perftree("\n0\n").unwrap(), []);
        let err = |t: &str| parse_perftree(t).unwrap_err();
        assert!(err("hello world\n").contains("line 1 'hello world'"));
        assert!(err("e2e4 1\n").contains("before the blank line"));
        assert!(err("e2e4 1\n\n").contains("without the total"));
        assert!(err("e2e4 1\n\n2\n").contains("not the sum"));
        assert!(err("e2e4 1\n\n1\nmore\n").contains("after the total"));
        assert!(err("e2e4: 1\n\n1\n").contains("not `move count`"));
        assert!(err("e2e4 -1\n\n1\n").contains("line 1"));
    }
}
