//! Helpers shared by the modules.

use magicboard_pgn::{Error, Game, Games};

/// A file of tests/data.
pub fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every game of `pgn`: its mainline in UCI, or `- ` and the error, one
/// line a game (the format of the `.uci` files python-chess wrote).
pub fn mainlines(pgn: &[u8]) -> Vec<String> {
    Games::new(pgn).map(|game| line(&game)).collect()
}

/// One game's line in the `.uci` format.
pub fn line(game: &Result<Game, Error>) -> String {
    match game {
        Ok(game) => game
            .moves
            .iter()
            .map(|&mv| {
                if mv == magicboard::Move::NULL {
                    "0000".to_string()
                } else {
                    game.start.to_uci(mv).to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" "),
        Err(e) => format!("- {e}"),
    }
}

/// The games of `pgn`, which must all be good.
pub fn games(pgn: &[u8]) -> Vec<Game> {
    Games::new(pgn)
        .map(|g| g.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}
