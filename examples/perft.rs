//! Perft with the library: the leaf count of the legal-move tree, split by
//! root move (as Stockfish's `go perft` prints it).
//!
//! ```text
//! cargo run --release --example perft -- 5
//! cargo run --release --example perft -- 4 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//! ```
//!
//! Arguments: depth (default 4), then a FEN (default: the start position).
//! For the full tool with Chess960 and benchmarks, see the `magicboard-perft`
//! crate (`cargo run --release --bin perft -- --help`).

use magicboard::{Board, Perft};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let depth = match args.next().map(|d| d.parse::<u32>()) {
        None => 4,
        Some(Ok(depth)) => depth,
        Some(Err(e)) => {
            eprintln!("depth: {e}");
            return ExitCode::from(2);
        }
    };
    let fen: Vec<String> = args.collect();
    let board = if fen.is_empty() {
        Ok(Board::startpos())
    } else {
        Board::from_fen(&fen.join(" "))
    };
    let board = match board {
        Ok(board) => board,
        Err(e) => {
            eprintln!("FEN: {e}");
            return ExitCode::from(2);
        }
    };

    let start = Instant::now();
    let split = Perft::new(depth).divide(&board);
    let seconds = start.elapsed().as_secs_f64();
    for (mv, nodes) in &split {
        println!("{}: {nodes}", board.to_uci(*mv));
    }
    let total: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|&(_, n)| n).sum()
    };
    println!();
    println!("Nodes searched: {total}");
    eprintln!(
        "{:.3} s, {:.1} Mnps",
        seconds,
        total as f64 / seconds.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}
