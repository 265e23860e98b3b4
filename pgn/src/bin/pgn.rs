//! The `pgn` command: check, count and unpack PGN files (feature `cli`).
//!
//! ```text
//! pgn validate FILE...       first bad game (number, line, move), exit 1
//! pgn stats FILE...          games, plies, results, errors
//! pgn positions FILE...      one FEN (or --epd) per position
//! ```
//!
//! Files may be plain, `.zst` or `.gz` (told by their first bytes), `-`
//! for standard input. Exit status: 0 all good, 1 a bad game, 2 bad usage
//! or an unreadable file.

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use magicboard_pgn::{Error, Game, GameResult};
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Parser)]
#[command(
    name = "pgn",
    version,
    about = "Check, count and unpack PGN files (plain, .zst or .gz)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replays every game; reports the first bad one (its number, line and
    /// move) and exits 1, or prints the counts and exits 0.
    Validate {
        /// PGN files (`-`: standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Report every bad game, not only the first.
        #[arg(long)]
        all: bool,
        /// Threads (0: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    /// Games, plies, results and bad games; a progress bar on a terminal.
    Stats {
        /// PGN files (`-`: standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Threads (0: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    /// Every position of every good game, one FEN a line (the start
    /// position and the one after each move); bad games are reported on
    /// standard error and make the exit status 1.
    Positions {
        /// PGN files (`-`: standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// EPD (the FEN's first four fields) instead of FEN.
        #[arg(long)]
        epd: bool,
        /// Leave out the positions of the first N plies of each game.
        #[arg(long, default_value_t = 0)]
        skip_plies: usize,
    },
}

/// Counts of a run.
#[derive(Default)]
struct Stats {
    games: u64,
    bad: u64,
    plies: u64,
    white: u64,
    black: u64,
    draw: u64,
    unknown: u64,
    none: u64,
}

impl Stats {
    fn add(&mut self, game: &Game) {
        self.games += 1;
        self.plies += game.moves.len() as u64;
        match game.result {
            Some(GameResult::WhiteWins) => self.white += 1,
            Some(GameResult::BlackWins) => self.black += 1,
            Some(GameResult::Draw) => self.draw += 1,
            Some(GameResult::Unknown) => self.unknown += 1,
            None => self.none += 1,
        }
    }
}

/// A reader that counts the bytes read (the file's, before
/// decompression), for the progress bar.
struct Counted<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Opens a file for reading games: decompressed, its bytes counted.
fn open(path: &PathBuf, read: &Arc<AtomicU64>) -> io::Result<Box<dyn Read + Send>> {
    let raw: Box<dyn Read + Send> = if path.as_os_str() == "-" {
        Box::new(io::stdin())
    } else {
        Box::new(std::fs::File::open(path)?)
    };
    magicboard_pgn::open::decompress(Box::new(Counted {
        inner: raw,
        read: Arc::clone(read),
    }))
}

/// A progress bar over the files' bytes, shown only on a terminal.
fn progress(files: &[PathBuf]) -> ProgressBar {
    let total: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if !io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Runs `each` on every game of `files` (replayed on `threads` threads),
/// in input order. `each` returns false to stop.
fn for_each_game(
    files: &[PathBuf],
    threads: usize,
    bar: Option<&ProgressBar>,
    mut each: impl FnMut(&PathBuf, Result<Game, Error>) -> bool,
) -> Result<(), String> {
    // The pool the parallel reader replays on (once per process).
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global();
    let read = Arc::new(AtomicU64::new(0));
    (|| {
        for path in files {
            let input = open(path, &read).map_err(|e| format!("{}: {e}", path.display()))?;
            let games: Box<dyn Iterator<Item = Result<Game, Error>>> =
                if rayon::current_num_threads() > 1 {
                    Box::new(magicboard_pgn::parallel::Games::new(input).tags(false))
                } else {
                    Box::new(magicboard_pgn::Games::new(input).tags(false))
                };
            for game in games {
                if let Some(bar) = bar {
                    bar.set_position(read.load(Ordering::Relaxed));
                }
                if let Err(Error::Io(e)) = &game {
                    return Err(format!("{}: {e}", path.display()));
                }
                if !each(path, game) {
                    return Ok(());
                }
            }
        }
        Ok(())
    })()
}

fn validate(files: &[PathBuf], all: bool, threads: usize) -> Result<ExitCode, String> {
    let mut stats = Stats::default();
    let bar = progress(files);
    let mut first_bad = None;
    for_each_game(files, threads, Some(&bar), |path, game| match game {
        Ok(game) => {
            stats.add(&game);
            true
        }
        Err(e) => {
            stats.bad += 1;
            bar.suspend(|| println!("{}: {e}", path.display()));
            first_bad.get_or_insert(());
            all
        }
    })?;
    bar.finish_and_clear();
    if first_bad.is_some() {
        if all {
            println!("{} bad games of {}", stats.bad, stats.games + stats.bad);
        }
        return Ok(ExitCode::from(1));
    }
    println!("ok: {} games, {} plies", stats.games, stats.plies);
    Ok(ExitCode::SUCCESS)
}

fn stats(files: &[PathBuf], threads: usize) -> Result<ExitCode, String> {
    let mut stats = Stats::default();
    let bar = progress(files);
    let started = std::time::Instant::now();
    for_each_game(files, threads, Some(&bar), |_, game| {
        match game {
            Ok(game) => stats.add(&game),
            Err(_) => stats.bad += 1,
        }
        true
    })?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    println!("games: {}", stats.games + stats.bad);
    println!("bad games: {}", stats.bad);
    println!("plies: {}", stats.plies);
    println!("1-0: {}", stats.white);
    println!("0-1: {}", stats.black);
    println!("1/2-1/2: {}", stats.draw);
    println!("*: {}", stats.unknown);
    println!("no result: {}", stats.none);
    eprintln!(
        "{:.2} s, {:.0} games/s",
        seconds,
        (stats.games + stats.bad) as f64 / seconds.max(1e-9)
    );
    Ok(if stats.bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn positions(files: &[PathBuf], epd: bool, skip_plies: usize) -> Result<ExitCode, String> {
    let out = io::stdout();
    let mut out = io::BufWriter::new(out.lock());
    let mut bad = 0u64;
    let mut failed = None;
    for_each_game(files, 1, None, |path, game| {
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                bad += 1;
                eprintln!("{}: {e}", path.display());
                return true;
            }
        };
        let mut write = |board: &magicboard::Board| {
            let fen = board.to_fen();
            let text = if epd {
                fen.splitn(5, ' ').take(4).collect::<Vec<_>>().join(" ")
            } else {
                fen
            };
            writeln!(out, "{text}")
        };
        let mut result = Ok(());
        for (ply, (board, _)) in game.positions().enumerate() {
            if ply >= skip_plies {
                result = result.and_then(|()| write(&board));
            }
        }
        if game.moves.len() >= skip_plies {
            result = result.and_then(|()| write(&game.end()));
        }
        if let Err(e) = result {
            failed = Some(e);
            return false;
        }
        true
    })?;
    if let Some(e) = failed.or_else(|| out.flush().err()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            return Ok(ExitCode::SUCCESS);
        }
        return Err(e.to_string());
    }
    Ok(if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Validate {
            files,
            all,
            threads,
        } => validate(files, *all, *threads),
        Command::Stats { files, threads } => stats(files, *threads),
        Command::Positions {
            files,
            epd,
            skip_plies,
        } => positions(files, *epd, *skip_plies),
    };
    result.unwrap_or_else(|e| {
        eprintln!("pgn: {e}");
        ExitCode::from(2)
    })
}
