//! "What attacks this square?": draws the board and marks every piece that
//! attacks a square, using [`Board::attackers_to`].
//!
//! ```text
//! cargo run --example attacks -- d5
//! cargo run --example attacks -- d5 "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
//! ```
//!
//! Arguments: a square (default d5), then a FEN (default: Kiwipete, CPW
//! perft position 2).
//! In the diagram, attackers are in brackets (`[N]`), the square itself in
//! angle brackets (`<p>`, or `<.>` when empty).

use magicboard::{Board, Color, Square};
use std::process::ExitCode;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let target = match args.next().map(|s| s.parse::<Square>()) {
        None => Square::D5,
        Some(Ok(square)) => square,
        Some(Err(e)) => {
            eprintln!("{e}\nusage: attacks [<square> [FEN]]   (for example: attacks e5)");
            return ExitCode::from(2);
        }
    };
    let fen: Vec<String> = args.collect();
    let fen = if fen.is_empty() {
        KIWIPETE.to_string()
    } else {
        fen.join(" ")
    };
    let board = match Board::from_fen(&fen) {
        Ok(board) => board,
        Err(e) => {
            eprintln!("FEN: {e}");
            return ExitCode::from(2);
        }
    };

    let white = board.attackers_to(target, Color::White);
    let black = board.attackers_to(target, Color::Black);
    let attackers = white | black;

    for rank in (0..8).rev() {
        print!("{} ", rank + 1);
        for file in 0..8 {
            let sq = Square::from_index(rank * 8 + file).unwrap_or(Square::A1);
            let piece = board.piece_on(sq).map_or('.', |p| p.to_char());
            if sq == target {
                print!("<{piece}>");
            } else if attackers.contains(sq) {
                print!("[{piece}]");
            } else {
                print!(" {piece} ");
            }
        }
        println!();
    }
    println!("   a  b  c  d  e  f  g  h");
    println!();
    for (color, set) in [(Color::White, white), (Color::Black, black)] {
        let names: Vec<String> = set
            .into_iter()
            .filter_map(|sq| board.piece_on(sq).map(|p| format!("{}{sq}", p.to_char())))
            .collect();
        println!(
            "{color} attacks {target} {} time(s): {}",
            set.count(),
            if names.is_empty() {
                "-".to_string()
            } else {
                names.join(" ")
            }
        );
    }
    ExitCode::SUCCESS
}
