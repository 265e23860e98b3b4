//! Counting one root move at a time, for what one call of the library
//! cannot give: the root moves done on the progress line, each divide line
//! as soon as its move is counted, and the root moves finished when the run
//! is interrupted.
//!
//! Each root move is counted by the library with every thread and the
//! table (`Perft::count_u128` of the position after the move, one ply
//! shallower), in the order of `Perft::divide`, so the counts and their
//! order are the divide's.
//!
//! Interrupted (SIGINT, SIGTERM, SIGHUP), the hook clears the progress
//! line and, for a divide, ends what was printed with a blank line and
//! `partial: N of M root moves (interrupted by SIGINT)` (or prints the JSON
//! of the finished moves with `"partial": true`); `interrupt` then exits
//! with status 130 (143, 129).

use super::interrupt::{self, HookGuard, lock};
use super::output::Failure;
use super::progress::Progress;
use magicboard::{Board, Move, Perft};
use serde_json::json;
use std::io::Write;
use std::sync::{Arc, Mutex};

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

/// The root moves finished, shared with the interrupt hook.
struct Done {
    total: usize,
    moves: Vec<(String, u128)>,
    /// Every root move is counted: an interruption now prints nothing.
    complete: bool,
}

impl Done {
    /// What an interrupted run prints on stdout.
    fn print_partial(&self, partial: &Partial, signal: &str) {
        match partial {
            Partial::Nothing => {}
            Partial::DivideText => {
                outln!();
                outln!(
                    "partial: {} of {} root moves (interrupted by {signal})",
                    self.moves.len(),
                    self.total
                );
            }
            Partial::DivideJson(base) => {
                let mut value = base.clone();
                value["partial"] = json!(true);
                value["interrupted"] = json!(signal);
                value["root_moves"] = json!(self.total);
                value["divide"] = self
                    .moves
                    .iter()
                    .map(|(mv, n)| json!({"move": mv, "nodes": n}))
                    .collect();
                super::output::print_json(&value);
            }
        }
        let _ = std::io::stdout().flush();
    }
}

/// The counts below each root move of `board`, each counted by `perft`
/// (set to one ply less than the divide's depth), in the order of the
/// library's `divide`; `progress` moves on a root move as each is
/// counted. `each` is called as each move is counted (its UCI and count),
/// with the progress line cleared and the interrupt hook held off. The
/// returned guard keeps the hook (with `partial`) until the caller has
/// printed its result.
pub fn divide(
    board: &Board,
    perft: &Perft<'_>,
    progress: &Progress,
    partial: Partial,
    mut each: impl FnMut(&str, u128),
) -> Result<(Vec<(Move, u128)>, HookGuard), Failure> {
    let moves = board.legal_moves();
    let done = Arc::new(Mutex::new(Done {
        total: moves.len(),
        moves: Vec::with_capacity(moves.len()),
        complete: false,
    }));
    let hook = {
        let done = Arc::clone(&done);
        let stop_progress = progress.stopper();
        interrupt::on_interrupt(move |signal| {
            stop_progress();
            let done = lock(&done);
            if !done.complete {
                done.print_partial(&partial, signal);
            }
            // Held until the process exits: no divide line follows what
            // was just printed.
            std::mem::forget(done);
        })
    };
    let mut split = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let n = perft.count_u128(&board.play_unchecked(mv))?;
        split.push((mv, n));
        let uci = board.to_uci(mv).to_string();
        let mut done = lock(&done);
        progress.around(|| each(&uci, n));
        progress.step(None);
        done.moves.push((uci, n));
    }
    lock(&done).complete = true;
    Ok((split, hook))
}
