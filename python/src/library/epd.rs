//! EPD lines: the library's reader, and SAN for the operands python-chess
//! reads as moves.

use super::{Board, CastlingMode};
pub use magicboard::epd::{Epd, EpdError, Operand};

/// The EPD line read in `board`'s castling notation (Chess960 or not).
pub fn parse_epd(line: &str, chess960: bool) -> Result<Epd, EpdError> {
    Epd::parse_with(line, CastlingMode::from_chess960(chess960))
}

/// The position and operations of a line read by [`parse_epd`].
pub fn epd_parts(epd: Epd) -> (Board, Vec<(String, Operand)>) {
    let operations = epd
        .operations()
        .map(|(op, operand)| (op.to_owned(), operand.clone()))
        .collect();
    (epd.into_board(), operations)
}

/// Why a line was refused, in words.
pub fn epd_error_message(err: &EpdError) -> String {
    err.to_string()
}

/// The board after the legal move `mv` (`None` when it is not legal).
pub fn play_move(board: &Board, mv: super::Move) -> Option<Board> {
    board.play(mv).ok()
}
