//! The pages' commands, run as they are shown: the ```` ```console ````
//! blocks of a crate's pages, read as docs/testing.md ("Commands in the
//! pages") describes. Shared by the perft tool's tests and magicboard-pgn's
//! (a symbolic link there; the package holds a copy).
//!
//! * `$ COMMAND` starts a command (a line ending in `\` goes on to the
//!   next); the lines after it, up to the next `$` or the block's end, are
//!   what it prints, stdout then stderr, compared line by line: a line
//!   `...` stands for any lines, `[..]` within a line for any text.
//!   Trailing blank lines are not compared.
//! * `? N` right after the command: the exit status it must end with (0
//!   without).
//! * A command whose comment says `(not run by the tests: WHY)` is left
//!   out, and the test prints it with its reason.
//!
//! The commands run with `sh -c` in a fresh directory per page that the
//! crate's test lays out (its binaries in `bin/`, first on `PATH`). A page
//! that is not there (a package as downloaded holds only its own README)
//! is skipped, saying so.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$` command of a page and what the page shows it printing.
struct Shown {
    line: usize,
    command: String,
    /// Why the page leaves it out of the tests, if it does.
    skipped: Option<String>,
    status: i32,
    output: Vec<String>,
}

/// The `$` commands of the page's console blocks.
fn commands(text: &str) -> Vec<Shown> {
    let mut found: Vec<Shown> = Vec::new();
    let mut in_console = false;
    let mut lines = text.lines().enumerate();
    while let Some((number, line)) = lines.next() {
        if let Some(info) = line.strip_prefix("```") {
            in_console = !in_console && info.trim().starts_with("console");
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(first) = line.strip_prefix("$ ") {
            let mut command = first.to_string();
            while command.ends_with('\\') {
                command.pop();
                let (_, next) = lines.next().expect("a command goes on");
                command.push_str(next.trim_start());
            }
            let (command, comment) = split_comment(&command);
            let skipped = comment
                .split_once("(not run by the tests: ")
                .map(|(_, why)| why.trim_end_matches(')').to_string());
            found.push(Shown {
                line: number + 1,
                command,
                skipped,
                status: 0,
                output: Vec::new(),
            });
        } else if let Some(shown) = found.last_mut() {
            match line.strip_prefix("? ") {
                Some(status) if shown.output.is_empty() => {
                    shown.status = status.trim().parse().expect("`? N`: a number")
                }
                _ => shown.output.push(line.to_string()),
            }
        }
    }
    found
}

/// The command and its comment (from a `#` that starts a word outside
/// quotes).
fn split_comment(line: &str) -> (String, String) {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => {
                return (line[..i].trim().to_string(), line[i..].to_string());
            }
            _ => {}
        }
        previous = c;
    }
    (line.trim().to_string(), String::new())
}

/// True when `got` is what `shown` shows (`...` for any lines, `[..]` for
/// any text in a line).
fn matches(shown: &[String], got: &[&str]) -> bool {
    match shown.split_first() {
        None => got.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=got.len()).any(|skip| matches(rest, &got[skip..]))
        }
        Some((first, rest)) => got
            .split_first()
            .is_some_and(|(line, others)| line_matches(first, line) && matches(rest, others)),
    }
}

/// One line against a shown one with `[..]` wildcards.
fn line_matches(shown: &str, got: &str) -> bool {
    let mut parts = shown.split("[..]");
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = got.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Without its trailing blank lines, and each line's trailing spaces.
fn trimmed(lines: &[&str]) -> Vec<String> {
    let mut lines: Vec<String> = lines.iter().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// Runs one shown command in `dir` with `dir/bin` first on `PATH`: its
/// stdout then its stderr, and its exit status.
fn run_in(dir: &Path, command: &str) -> (i32, String) {
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .args(["-c", command])
        .current_dir(dir)
        .env("PATH", path)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("sh runs");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap_or(-1), text)
}

/// Runs every command of `pages` (paths from `root`) and fails naming each
/// one that did not print what its page shows. `workplace(page, text)`
/// lays out a fresh directory for a page's commands; `rewrite` turns a
/// command as the page shows it into what runs there. Returns how many
/// commands ran.
pub fn check_pages(
    root: &Path,
    pages: &[&str],
    workplace: impl Fn(&str, &str) -> PathBuf,
    rewrite: impl Fn(&str) -> String,
) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for page in pages {
        let Ok(text) = std::fs::read_to_string(root.join(page)) else {
            println!(
                "skipped: {page} is not here (the package as downloaded); the repository's \
                 tests run its commands"
            );
            continue;
        };
        let shown = commands(&text);
        if shown.is_empty() {
            continue;
        }
        let dir = workplace(page, &text);
        for command in shown {
            let name = format!("{page}:{}: $ {}", command.line, command.command);
            if let Some(why) = &command.skipped {
                println!("skipped: {name} ({why})");
                continue;
            }
            let (status, got) = run_in(&dir, &rewrite(&command.command));
            let got_lines: Vec<&str> = got.lines().collect();
            let got_lines = trimmed(&got_lines);
            let got_refs: Vec<&str> = got_lines.iter().map(String::as_str).collect();
            let shown_refs: Vec<&str> = command.output.iter().map(String::as_str).collect();
            if status != command.status || !matches(&trimmed(&shown_refs), &got_refs) {
                failures.push(format!(
                    "{name}\n  exit status {status} (the page shows {})\n  the page shows:\n    \
                     {}\n  it printed:\n    {}",
                    command.status,
                    command.output.join("\n    "),
                    got_lines.join("\n    ")
                ));
            }
            checked += 1;
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    println!("{checked} commands of the pages ran and printed what the pages show");
    checked
}

#[test]
fn the_page_format_is_read_as_documented() {
    let page = "text\n```console\n$ perft --depth 1   # the root's moves\nNodes searched: 20\n\
                $ perft --depth -1\n? 2\nperft: [..] 0 or more\n$ perft --depth 9 \\\n  --threads 1   \
                # (not run by the tests: minutes)\n```\n```sh\n$ not a console block\n```\n";
    let shown = commands(page);
    assert_eq!(shown.len(), 3);
    assert_eq!(shown[0].command, "perft --depth 1");
    assert_eq!(shown[0].output, ["Nodes searched: 20"]);
    assert_eq!((shown[1].status, shown[1].line), (2, 5));
    assert_eq!(shown[2].command, "perft --depth 9 --threads 1");
    assert_eq!(shown[2].skipped.as_deref(), Some("minutes"));
    let shown: Vec<String> = ["a", "...", "x [..] z", "[..]!"].map(String::from).to_vec();
    assert!(matches(&shown, &["a", "b", "c", "x y z", "wow!"]));
    assert!(matches(&shown, &["a", "x  z", "!"]));
    assert!(!matches(&shown, &["a", "x y", "wow!"]));
    assert!(!matches(&shown, &["b", "x y z", "!"]));
    assert_eq!(
        split_comment(r#"perft --fen "8/8 # w" --depth 2  # two"#),
        (
            r#"perft --fen "8/8 # w" --depth 2"#.to_string(),
            "# two".to_string()
        )
    );
}
