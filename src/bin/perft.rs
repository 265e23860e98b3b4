//! `perft`: count the legal-move tree of a position, split it by root move,
//! or benchmark the generator. Built with `--features cli`.
//!
//! ```text
//! perft --depth 6                       # start position
//! perft --fen "<FEN>" --depth 5 --divide
//! perft --bench                         # the five CPW positions, Mnps each
//! ```
//!
//! All chess logic is the library's; this file only parses arguments and prints.

use clap::Parser;
use magicboard::{Board, divide, perft, perft_full};
use std::process::ExitCode;
use std::time::Instant;

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The five positions of the Chess Programming Wiki's "Perft Results" page
/// used for benchmarks, with their published counts at the depth used.
const BENCH: [(&str, &str, u32, u64); 5] = [
    ("startpos", STARTPOS, 6, 119_060_324),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        7,
        178_633_661,
    ),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
];

/// Count the leaves of the legal-move tree (perft).
#[derive(Parser, Debug)]
#[command(name = "perft", version, about)]
struct Cli {
    /// Position as FEN (six fields, or four as in EPD); default: the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies.
    #[arg(long, short, default_value_t = 5)]
    depth: u32,
    /// Print the count below each root move (`e2e4: 20`) before the total.
    #[arg(long)]
    divide: bool,
    /// Read the FEN as Chess960 (castling printed king-takes-rook, `e1h1`).
    #[arg(long)]
    chess960: bool,
    /// Make every leaf move instead of counting the last ply in bulk.
    #[arg(long)]
    no_bulk: bool,
    /// Benchmark: the five CPW positions at fixed depths, Mnps each.
    #[arg(long)]
    bench: bool,
}

fn count(board: &mut Board, depth: u32, bulk: bool) -> u64 {
    if bulk {
        perft(board, depth)
    } else {
        perft_full(board, depth)
    }
}

fn mnps(nodes: u64, seconds: f64) -> f64 {
    nodes as f64 / seconds.max(1e-9) / 1e6
}

fn run_bench(bulk: bool) -> ExitCode {
    let mode = if bulk {
        "bulk"
    } else {
        "full (every leaf made)"
    };
    println!("perft benchmark, single thread, {mode}");
    let (mut nodes, mut seconds, mut ok) = (0u64, 0f64, true);
    for (name, fen, depth, expected) in BENCH {
        let mut board = Board::from_fen(fen).expect("benchmark FENs are valid");
        let start = Instant::now();
        let n = count(&mut board, depth, bulk);
        let s = start.elapsed().as_secs_f64();
        let verdict = if n == expected { "ok" } else { "WRONG" };
        ok &= n == expected;
        println!(
            "{name:<10} depth {depth}  {n:>11} nodes  {s:>7.3} s  {:>7.1} Mnps  {verdict}",
            mnps(n, s)
        );
        nodes += n;
        seconds += s;
    }
    println!(
        "{:<10}          {nodes:>11} nodes  {seconds:>7.3} s  {:>7.1} Mnps",
        "total",
        mnps(nodes, seconds)
    );
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            eprintln!("perft: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    if cli.bench {
        return run_bench(!cli.no_bulk);
    }
    let fen = cli.fen.as_deref().unwrap_or(STARTPOS);
    let parsed = if cli.chess960 {
        Board::from_fen_chess960(fen)
    } else {
        Board::from_fen(fen)
    };
    let mut board = match parsed {
        Ok(board) => board,
        Err(e) => {
            eprintln!("perft: invalid FEN: {e}");
            return ExitCode::from(2);
        }
    };
    let bulk = !cli.no_bulk;
    let start = Instant::now();
    let nodes = if cli.divide {
        let split = if bulk || cli.depth == 0 {
            divide(&mut board, cli.depth)
        } else {
            board
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let undo = board.make_move(mv);
                    let n = perft_full(&mut board, cli.depth - 1);
                    board.unmake_move(mv, undo);
                    (mv, n)
                })
                .collect()
        };
        for (mv, n) in &split {
            println!("{}: {n}", board.uci(*mv));
        }
        println!();
        if cli.depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        }
    } else {
        count(&mut board, cli.depth, bulk)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    println!("Time: {seconds:.3} s ({:.1} Mnps)", mnps(nodes, seconds));
    ExitCode::SUCCESS
}
