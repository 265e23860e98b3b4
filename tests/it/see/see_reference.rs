//! A slow, obviously correct static exchange evaluation, the reference for
//! `Board::see`: it plays the exchange on real boards, choosing each
//! capture among the legal moves `legal_moves` generates.
//!
//! The definition (the same as `magicboard::see`'s documentation): the move
//! is made; then, in turn, each side may capture on the destination square
//! with its least valuable piece that can legally do so (kind order pawn,
//! knight, bishop, rook, queen, king; the lowest square among pieces of one
//! kind), a pawn promoting to a queen, or stop. Each side stops when
//! capturing would lose.

use magicboard::{Board, Move, PieceKind, Square};

/// What the capture `mv` (or the first move) gains: the piece taken plus,
/// for a promotion, the new piece's value less a pawn's.
fn gain(board: &Board, mv: Move, values: &[i32; 6]) -> i32 {
    let taken = board.captured(mv).map_or(0, |k| values[k.index()]);
    let promotion = mv
        .promotion()
        .map_or(0, |p| values[p.index()] - values[PieceKind::Pawn.index()]);
    taken + promotion
}

/// The best the side to move can make of capturing on `target` (0 when
/// it has no legal capture or prefers to stop).
fn best_recapture(board: &Board, target: Square, values: &[i32; 6]) -> i32 {
    let capture = board
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| mv.to() == target && !mv.is_castle())
        .filter(|mv| matches!(mv.promotion(), None | Some(PieceKind::Queen)))
        .min_by_key(|&mv| (board.moved(mv).unwrap().index(), mv.from().index()));
    let Some(mv) = capture else {
        return 0;
    };
    let after = board.play(mv).expect("a legal move");
    (gain(board, mv, values) - best_recapture(&after, target, values)).max(0)
}

/// The static exchange evaluation of the legal move `mv`.
pub fn see(board: &Board, mv: Move, values: &[i32; 6]) -> i32 {
    if mv.is_castle() {
        return 0;
    }
    let after = board.play(mv).expect("a legal move");
    gain(board, mv, values) - best_recapture(&after, mv.to(), values)
}
