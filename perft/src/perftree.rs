//! `perft perftree DEPTH FEN [MOVES]`: the interface of the perftree
//! debugging tool (<https://github.com/agausmann/perftree>): `e2e4 20` per
//! root move, a blank line, then the total.

use super::output::Failure;
use super::settings::{Global, counter};
use magicboard::perft::PerftMeter;

/// Plays `moves` from `fen`, divides and prints.
pub fn run(depth: u32, fen: &str, moves: &[String], global: &Global) -> Result<(), Failure> {
    global.check_depth(depth)?;
    let mut board = global.read_fen(fen)?;
    for text in moves.iter().flat_map(|m| m.split_whitespace()) {
        let mv = board
            .parse_uci(text)
            .map_err(|e| Failure::input(format!("invalid move '{text}': {e}")))?;
        board.make_move(mv);
    }
    let table = global.table()?;
    let meter = PerftMeter::new();
    let split = counter(depth, true, global.threads_or(None), table.as_ref(), &meter)
        .divide_u128(&board)?;
    for (mv, n) in &split {
        outln!("{} {n}", board.to_uci(*mv));
    }
    outln!();
    let total = if depth == 0 {
        1
    } else {
        super::count::total(&split)?
    };
    outln!("{total}");
    Ok(())
}
