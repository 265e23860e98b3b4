//! UCI's `position` command, read one way for both example engines
//! (`engine.rs` and `uci_engine.rs` include this file).

use magicboard::{Board, CastlingMode};

/// The start position's FEN.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The boards a `position (startpos | fen <FEN>) [moves ...]` command
/// describes (its words after `position`): the set-up position, then the
/// position after each move, the last one current. FENs are read as
/// Chess960 when `chess960` (UCI's `UCI_Chess960`).
pub fn parse_position(words: &[&str], chess960: bool) -> Result<Vec<Board>, String> {
    let (setup, moves) = match words.iter().position(|&w| w == "moves") {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mode = CastlingMode::from_chess960(chess960);
    let board = match setup {
        ["startpos"] => Board::from_fen_with(STARTPOS, mode),
        ["fen", fen @ ..] => Board::from_fen_with(&fen.join(" "), mode),
        _ => return Err("expected `position startpos` or `position fen <FEN>`".into()),
    }
    .map_err(|e| format!("bad FEN: {e}"))?;
    let mut boards = vec![board];
    for text in moves {
        let current = boards.last().expect("at least the set-up position");
        let mv = current
            .parse_uci(text)
            .map_err(|e| format!("move {text}: {e}"))?;
        let next = current.play_unchecked(mv);
        boards.push(next);
    }
    Ok(boards)
}
