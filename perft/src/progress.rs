//! What a long count shows on stderr while it runs, and the figures of
//! its speed, in the same words in every mode.
//!
//! * **Progress**: on a terminal (and without `--json`), or anywhere with
//!   `--progress`, a count, divide, suite or shard that has run for a
//!   second shows one line on stderr:
//!
//!   ```text
//!   perft: 7/20 root moves, 1234567890 visited, 12345 table hits, 12 s, 98.7 Mnps, ETA 18 s
//!   ```
//!
//!   the units done of the total (root moves, checks, positions), the
//!   leaves the generator counted so far (`visited`, read from the
//!   library's [`PerftMeter`], which the counting threads feed now and
//!   then, so it grows while a root move is still counting), the table's
//!   hits (with `--hash`), the time, the speed (millions of visited leaves
//!   a second) and an estimate of the time left once a unit is done. On a
//!   terminal the line is redrawn four times a second and cleared when
//!   the count ends or before anything else is printed; elsewhere (with
//!   `--progress`) a line is written every [`LINE_EVERY`].
//! * **Speed**: [`Speed`] is what every mode reports at the end: the
//!   nodes counted, the leaves visited, the table's hits, the seconds, and
//!   the rate of the visited leaves, `Mnps` (with a table the count holds
//!   leaves no generator visited, so a rate of counted nodes would mean
//!   nothing).

use super::interrupt::lock;
use super::settings::Global;
use magicboard::perft::PerftMeter;
use serde_json::json;
use std::io::{IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// No progress line before this: short counts print nothing.
const QUIET: Duration = Duration::from_secs(1);

/// How often the line is redrawn on a terminal.
const TICK: Duration = Duration::from_millis(250);

/// How often a line is written where stderr is not a terminal.
pub const LINE_EVERY: Duration = Duration::from_secs(2);

/// How progress is shown, if at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// Nothing.
    Off,
    /// One line, redrawn in place (a terminal).
    Redraw,
    /// A line every [`LINE_EVERY`] (`--progress` where stderr is not a
    /// terminal: a log).
    Lines,
}

/// How this run shows its progress: `--progress` shows it anywhere; else
/// a terminal shows it unless the output is JSON.
pub fn wanted(global: &Global) -> Show {
    let terminal = std::io::stderr().is_terminal();
    match (global.progress, terminal) {
        (true, true) => Show::Redraw,
        (true, false) => Show::Lines,
        (false, true) if !global.json => Show::Redraw,
        _ => Show::Off,
    }
}

/// What a finished count did, and how fast.
#[derive(Clone, Copy, Debug)]
pub struct Speed {
    /// The nodes counted (the perft count).
    pub nodes: u128,
    /// The leaves the generator counted: the nodes less what the table
    /// gave.
    pub visited: u64,
    /// The subtrees the table gave.
    pub table_hits: u64,
    pub seconds: f64,
}

impl Speed {
    /// The figures of a count that `meter` watched, `start` its start.
    pub fn of(nodes: u128, meter: &PerftMeter, start: Instant) -> Speed {
        Speed {
            nodes,
            visited: meter.visited(),
            table_hits: meter.table_hits(),
            seconds: start.elapsed().as_secs_f64(),
        }
    }

    /// Millions of visited leaves a second.
    pub fn mnps(&self) -> f64 {
        mnps(self.visited, self.seconds)
    }

    /// Adds `visited`, `table_hits`, `seconds` and `visited_mnps` to a
    /// JSON object.
    pub fn add_to(&self, value: &mut serde_json::Value) {
        value["visited"] = json!(self.visited);
        value["table_hits"] = json!(self.table_hits);
        value["seconds"] = json!(self.seconds);
        value["visited_mnps"] = json!(self.mnps());
    }

    /// `1234 visited, 56 table hits, 0.031 s, 39.8 Mnps` (the hits only
    /// with a table).
    pub fn text(&self, table: bool) -> String {
        let hits = if table {
            format!(", {} table hits", self.table_hits)
        } else {
            String::new()
        };
        format!(
            "{} visited{hits}, {:.3} s, {:.1} Mnps",
            self.visited,
            self.seconds,
            self.mnps()
        )
    }
}

/// Millions of `visited` leaves a second.
pub fn mnps(visited: u64, seconds: f64) -> f64 {
    visited as f64 / seconds.max(1e-9) / 1e6
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

/// The line's state, shared by the counting thread, the painter and the
/// interrupt hook.
struct Line {
    show: Show,
    /// What is counted in units: `root moves`, `checks`, `positions`.
    unit: &'static str,
    done: usize,
    total: usize,
    /// The share of the work done, for the estimate (the units done over
    /// the total, or the expected nodes of the checks done over all).
    fraction: f64,
    /// When the last unit was done.
    last: Option<Instant>,
    start: Instant,
    table: bool,
    /// A line is on stderr (a terminal: to be cleared).
    painted: bool,
    /// The count is over: nothing more is drawn.
    ended: bool,
}

impl Line {
    fn text(&self, meter: &PerftMeter) -> String {
        let elapsed = self.start.elapsed().as_secs_f64();
        let visited = meter.visited();
        let hits = if self.table {
            format!(", {} table hits", meter.table_hits())
        } else {
            String::new()
        };
        let eta = match self.last {
            Some(last) if self.fraction > 0.0 => {
                // The time the units done took, for the rest, less the
                // time since the last one.
                let so_far = (last - self.start).as_secs_f64();
                let left =
                    so_far / self.fraction * (1.0 - self.fraction) - last.elapsed().as_secs_f64();
                duration(left.max(0.0))
            }
            _ => "?".to_string(),
        };
        let rate = format!(
            "{visited} visited{hits}, {}, {:.1} Mnps",
            duration(elapsed),
            mnps(visited, elapsed)
        );
        if self.total == 0 {
            // One count with no units to show (the statistics).
            return format!("perft: {rate}");
        }
        format!(
            "perft: {}/{} {}, {rate}, ETA {eta}",
            self.done, self.total, self.unit
        )
    }

    fn clear(&mut self) {
        if self.painted && self.show == Show::Redraw {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
        self.painted = false;
    }

    fn paint(&mut self, meter: &PerftMeter) {
        let text = self.text(meter);
        let mut err = std::io::stderr().lock();
        let _ = match self.show {
            Show::Redraw => write!(err, "\r\x1b[2K{text}"),
            _ => writeln!(err, "{text}"),
        };
        let _ = err.flush();
        self.painted = true;
    }
}

/// A progress line over a count that `meter` watches: drawn by a thread of
/// its own while the count runs; [`Progress::step`] moves it on a unit.
/// Dropping it (or [`Progress::end`]) clears it.
pub struct Progress {
    line: Arc<Mutex<Line>>,
    meter: Arc<PerftMeter>,
    stop: Option<mpsc::Sender<()>>,
    painter: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts the line over `total` units (`unit` names them) as `show`
    /// says; `table` adds the table's hits to it.
    pub fn start(
        show: Show,
        meter: Arc<PerftMeter>,
        unit: &'static str,
        total: usize,
        table: bool,
    ) -> Progress {
        let line = Arc::new(Mutex::new(Line {
            show,
            unit,
            done: 0,
            total,
            fraction: 0.0,
            last: None,
            start: Instant::now(),
            table,
            painted: false,
            ended: false,
        }));
        let (stop, stopped) = mpsc::channel::<()>();
        let painter = (show != Show::Off).then(|| {
            let line = Arc::clone(&line);
            let meter = Arc::clone(&meter);
            let every = if show == Show::Redraw {
                TICK
            } else {
                LINE_EVERY
            };
            std::thread::spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                    let mut line = lock(&line);
                    if line.start.elapsed() >= QUIET && !line.ended {
                        line.paint(&meter);
                    }
                }
            })
        });
        Progress {
            line,
            meter,
            stop: Some(stop),
            painter,
        }
    }

    /// One more unit done; `fraction` is the share of the work done now
    /// (`None`: the units done over the total).
    pub fn step(&self, fraction: Option<f64>) {
        let mut line = lock(&self.line);
        line.done += 1;
        line.fraction = fraction.unwrap_or(line.done as f64 / line.total.max(1) as f64);
        line.last = Some(Instant::now());
    }

    /// Runs `print` with the line cleared (and not redrawn meanwhile):
    /// for what the count prints as it goes.
    pub fn around<R>(&self, print: impl FnOnce() -> R) -> R {
        let mut line = lock(&self.line);
        line.clear();
        print()
    }

    /// A handle that clears the line for good: for the interrupt hook.
    pub fn stopper(&self) -> impl Fn() + Send + 'static {
        let line = Arc::clone(&self.line);
        move || {
            let mut line = lock(&line);
            line.clear();
            line.ended = true;
        }
    }

    /// The figures of the count so far.
    pub fn speed(&self, nodes: u128) -> Speed {
        let start = lock(&self.line).start;
        Speed::of(nodes, &self.meter, start)
    }

    /// Stops and clears the line; prints the count's closing line on
    /// stderr (`perft: N nodes, V visited, ...`) where progress was shown.
    pub fn end(mut self, speed: &Speed) {
        let show = self.finish();
        if show != Show::Off {
            let table = lock(&self.line).table;
            eprintln!("perft: {} nodes, {}", speed.nodes, speed.text(table));
        }
    }

    /// Stops the painter and clears the line.
    fn finish(&mut self) -> Show {
        drop(self.stop.take());
        if let Some(painter) = self.painter.take() {
            let _ = painter.join();
        }
        let mut line = lock(&self.line);
        line.clear();
        line.ended = true;
        line.show
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
