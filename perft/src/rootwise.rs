//! Counting one root move at a time, for what one call of the library
//! cannot give: progress on a terminal, and the root moves finished so far
//! when the run is interrupted.
//!
//! Each root move is counted by the library with every thread and the
//! table (`Perft::count` of the position after the move, one ply
//! shallower), in the order of `Perft::divide`, so the counts and their
//! order are the divide's.
//!
//! * Progress: when asked (stderr is a terminal and no `--json`), a line on
//!   stderr from the first second on, redrawn four times a second: root
//!   moves done of total, nodes so far, time, speed (millions of nodes a second) and an ETA from the
//!   moves done so far. It is cleared before anything else is printed and
//!   when the count ends.
//! * Interruption (SIGINT, SIGTERM, SIGHUP): the hook clears the progress
//!   line and, for a divide, ends what was printed with a blank line and
//!   `partial: N of M root moves (interrupted by SIGINT)` (or prints the
//!   JSON of the finished moves with `"partial": true`); `interrupt` then
//!   exits with status 130 (143, 129).

use super::Failure;
use super::interrupt::{self, HookGuard, lock};
use magicboard::{Board, Move, Perft};
use serde_json::json;
use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// No progress line before this: short counts print nothing.
const QUIET: Duration = Duration::from_secs(1);

/// How often the progress line is redrawn.
const TICK: Duration = Duration::from_millis(250);

/// What an interrupted run prints besides `interrupt`'s stderr line.
pub enum Partial {
    /// Nothing (a plain count: a partial sum means nothing).
    Nothing,
    /// A text divide, whose finished lines are already out: the marker.
    DivideText,
    /// A JSON divide: this object with `partial`, `root_moves`,
    /// `interrupted` and the finished moves' `divide` added.
    DivideJson(serde_json::Value),
}

/// What the counting thread, the progress painter and the interrupt hook
/// share.
struct State {
    total: usize,
    done: Vec<(String, u128)>,
    nodes: u128,
    start: Instant,
    /// The time from `start` to the end of the last root move counted.
    last: Duration,
    /// A progress line is on stderr.
    painted: bool,
    /// Every root move is counted.
    complete: bool,
}

impl State {
    fn clear(&mut self) {
        if self.painted {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            self.painted = false;
        }
    }

    fn paint(&mut self) {
        let line = self.line();
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{line}");
        let _ = err.flush();
        self.painted = true;
    }

    /// `perft: 7/20 root moves, 1234567890 nodes in 12 s (<speed>), ETA 18 s`
    fn line(&self) -> String {
        let done = self.done.len();
        let elapsed = self.start.elapsed();
        let seconds = self.last.as_secs_f64();
        let eta = if done == 0 {
            "?".to_string()
        } else {
            // The mean time of a root move so far, for the moves left, less
            // the time the current one has run.
            let per_move = seconds / done as f64;
            let left = per_move * (self.total - done) as f64
                - (elapsed.as_secs_f64() - seconds).min(per_move);
            duration(left.max(0.0))
        };
        format!(
            "perft: {done}/{} root moves, {} nodes in {} ({:.1} Mnps), ETA {eta}",
            self.total,
            self.nodes,
            duration(elapsed.as_secs_f64()),
            super::mnps(self.nodes, seconds),
        )
    }

    /// What an interrupted run prints on stdout.
    fn print_partial(&self, partial: &Partial, signal: &str) {
        match partial {
            Partial::Nothing => {}
            Partial::DivideText => {
                outln!();
                outln!(
                    "partial: {} of {} root moves (interrupted by {signal})",
                    self.done.len(),
                    self.total
                );
            }
            Partial::DivideJson(base) => {
                let mut value = base.clone();
                value["partial"] = json!(true);
                value["interrupted"] = json!(signal);
                value["root_moves"] = json!(self.total);
                value["divide"] = self
                    .done
                    .iter()
                    .map(|(mv, n)| json!({"move": mv, "nodes": n}))
                    .collect();
                super::print_json(&value);
            }
        }
        let _ = std::io::stdout().flush();
    }
}

/// `seconds` as `42 s`, `3 min 05 s`, `2 h 03 min` or `4 d 02 h`.
pub fn duration(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        3600..86400 => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
        _ => format!("{} d {:02} h", s / 86400, s % 86400 / 3600),
    }
}

/// The counts below each root move of `board`, each counted by `perft`
/// (set to one ply less than the divide's depth), in the order of the
/// library's `divide`. `each`
/// is called as each move is counted (its UCI and count), with the
/// progress line cleared and the interrupt hook held off. The returned
/// guard keeps the hook (with `partial`) until the caller has printed its
/// result.
pub fn divide(
    board: &Board,
    perft: &Perft<'_>,
    progress: bool,
    partial: Partial,
    mut each: impl FnMut(&str, u128),
) -> Result<(Vec<(Move, u128)>, HookGuard), Failure> {
    let moves = board.legal_moves();
    let state = Arc::new(Mutex::new(State {
        total: moves.len(),
        done: Vec::with_capacity(moves.len()),
        nodes: 0,
        start: Instant::now(),
        last: Duration::ZERO,
        painted: false,
        complete: false,
    }));
    let hook = {
        let state = Arc::clone(&state);
        interrupt::on_interrupt(move |signal| {
            let mut state = lock(&state);
            state.clear();
            if !state.complete {
                state.print_partial(&partial, signal);
            }
            // Held until the process exits: neither a divide line nor the
            // progress line follows what was just printed.
            std::mem::forget(state);
        })
    };
    let (stop, stopped) = mpsc::channel::<()>();
    let painter = progress.then(|| {
        let state = Arc::clone(&state);
        thread::spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                let mut state = lock(&state);
                if state.start.elapsed() >= QUIET && !state.complete {
                    state.paint();
                }
            }
        })
    });
    let mut split = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let n = perft
            .count_u128(&board.play_unchecked(mv))
            .map_err(super::count::overflow)?;
        split.push((mv, n));
        let uci = board.to_uci(mv).to_string();
        let mut state = lock(&state);
        state.clear();
        each(&uci, n);
        state.nodes = state.nodes.saturating_add(n);
        state.last = state.start.elapsed();
        state.done.push((uci, n));
    }
    drop(stop);
    if let Some(painter) = painter {
        let _ = painter.join();
    }
    let mut state = lock(&state);
    state.clear();
    state.complete = true;
    drop(state);
    Ok((split, hook))
}
