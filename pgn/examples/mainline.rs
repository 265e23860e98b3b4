//! Prints each game's mainline in UCI, one game a line (`-` before a bad
//! game's error): the format `.ci/pgn-check.sh` compares with python-chess.
//!
//! `cargo run -p magicboard-pgn --example mainline -- FILE`
use magicboard_pgn::{Error, Games};
use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: mainline FILE")?;
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for game in Games::new(std::fs::File::open(path)?) {
        match game {
            Ok(game) => {
                let board = game.start.clone();
                let moves: Vec<String> = game
                    .moves
                    .iter()
                    .map(|&mv| {
                        if mv == magicboard::Move::NULL {
                            "0000".to_string()
                        } else {
                            board.to_uci(mv).to_string()
                        }
                    })
                    .collect();
                writeln!(out, "{}", moves.join(" "))?;
            }
            Err(Error::Game(e)) => writeln!(out, "- {e}")?,
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}
