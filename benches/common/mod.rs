//! Positions and published perft counts shared by the benchmarks.
//!
//! Every expected count is read from `tests/data/` (the Chess Programming
//! Wiki's "Perft Results" page and Ethereal's standard suite), never from
//! our own code.

#![allow(dead_code)] // each bench uses its own subset

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use magicboard::CastlingMode;
use magicboard::perft::suite::{SuiteEntry, parse_suite};
use std::time::Duration;

/// The Chess Programming Wiki's perft positions, one per line with counts.
pub const CPW_EPD: &str = include_str!("../../tests/data/cpw.epd");
/// Ethereal's standard perft suite.
pub const STANDARD_EPD: &str = include_str!("../../tests/data/standard.epd");

/// One benchmark position: a short name, its FEN, and the depths used in
/// bulk mode (last ply counted) and full mode (every leaf made). The depths
/// are chosen so one iteration takes roughly 5-200 ms of CPU time for every
/// crate on a 2024 x86-64 core (a deeper ply would cost 20-40 times more).
pub struct BenchPosition {
    pub name: &'static str,
    pub fen: &'static str,
    pub bulk_depth: u32,
    pub full_depth: u32,
}

/// The five CPW positions (start, Kiwipete, 3, 4, 5).
pub const CPW5: [BenchPosition; 5] = [
    BenchPosition {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        bulk_depth: 5,
        full_depth: 5,
    },
    BenchPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        bulk_depth: 4,
        full_depth: 4,
    },
    BenchPosition {
        name: "position3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        bulk_depth: 6,
        full_depth: 5,
    },
    BenchPosition {
        name: "position4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        bulk_depth: 5,
        full_depth: 4,
    },
    BenchPosition {
        name: "position5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        bulk_depth: 5,
        full_depth: 4,
    },
];

/// The positions of an EPD perft suite, read with the library's reader.
pub fn suite(epd: &str) -> Vec<SuiteEntry> {
    parse_suite(epd, CastlingMode::Standard).expect("the suites in tests/data are valid")
}

/// The FENs of an EPD file, in order.
pub fn epd_fens(epd: &str) -> Vec<String> {
    suite(epd).into_iter().map(|e| e.fen).collect()
}

/// The published perft(depth) of `fen`, looked up in cpw.epd.
pub fn published_count(fen: &str, depth: u32) -> u64 {
    let entry = suite(CPW_EPD)
        .into_iter()
        .find(|e| e.fen == fen)
        .unwrap_or_else(|| panic!("{fen} is not in cpw.epd"));
    let count = entry
        .count(depth)
        .unwrap_or_else(|| panic!("cpw.epd has no depth {depth} for {fen}"));
    u64::try_from(count).expect("the CPW counts fit in u64")
}

/// The positions for the move generation benches: all of cpw.epd and every
/// `stride`-th position of standard.epd (castling, minor-piece, pawn and
/// promotion endings), without duplicates.
pub fn movegen_fens(stride: usize) -> Vec<String> {
    let mut fens = epd_fens(CPW_EPD);
    for fen in epd_fens(STANDARD_EPD).into_iter().step_by(stride) {
        if !fens.contains(&fen) {
            fens.push(fen);
        }
    }
    fens
}

/// What the benchmarks time: on Linux the benchmark thread's CPU time by
/// default, so that other processes on a shared machine (which take the CPU
/// away from us for a while) inflate the figures much less than they do wall
/// time; `BENCH_CLOCK=wall` selects wall time. Elsewhere always wall time.
/// Values are nanoseconds and print like criterion's own wall time.
pub struct Clock {
    cpu: bool,
}

impl Clock {
    pub fn from_env() -> Clock {
        let wall = std::env::var("BENCH_CLOCK").is_ok_and(|v| v == "wall");
        Clock {
            cpu: !wall && cfg!(target_os = "linux"),
        }
    }

    pub fn name(&self) -> &'static str {
        if self.cpu {
            "thread CPU time"
        } else {
            "wall time"
        }
    }

    /// The clock's reading in nanoseconds (from an arbitrary origin): for
    /// benchmarks that time themselves (`benches/search.rs`).
    #[cfg(target_os = "linux")]
    pub fn now_ns(&self) -> u64 {
        use rustix::time::{ClockId, clock_gettime};
        let id = if self.cpu {
            ClockId::ThreadCPUTime
        } else {
            ClockId::Monotonic
        };
        let t = clock_gettime(id);
        t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
    }

    /// The clock's reading in nanoseconds (from an arbitrary origin).
    #[cfg(not(target_os = "linux"))]
    pub fn now_ns(&self) -> u64 {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_nanos() as u64
    }
}

impl Measurement for Clock {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        self.now_ns()
    }
    fn end(&self, start: u64) -> u64 {
        self.now_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, like criterion's wall time: reuse its formatter.
        static WALL: WallTime = WallTime;
        WALL.formatter()
    }
}

/// Criterion timed by [`Clock`].
pub type Criterion = criterion::Criterion<Clock>;

/// Criterion settings that keep a full run short on a shared 2-core
/// machine: few samples of long iterations, timed by [`Clock`].
pub fn quick_config() -> Criterion {
    let clock = Clock::from_env();
    eprintln!("timing with {}", clock.name());
    criterion::Criterion::default()
        .with_measurement(clock)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .without_plots()
}
