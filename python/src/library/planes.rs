//! A board's pieces as twelve bitboards, for NumPy planes.

use super::{Board, Color, PieceKind};
use std::borrow::Cow;

/// The twelve piece bitboards of `board`: White's pawns, knights, bishops,
/// rooks, queens and king, then Black's. With `oriented`, a board with
/// Black to move is mirrored first (the library's `Board::mirror`), so the
/// first six are the side to move's and its pieces start at the bottom.
pub fn piece_bitboards(board: &Board, oriented: bool) -> [u64; 12] {
    let board = if oriented && board.side_to_move() == Color::Black {
        Cow::Owned(board.mirror())
    } else {
        Cow::Borrowed(board)
    };
    let mut out = [0; 12];
    for (c, color) in Color::ALL.into_iter().enumerate() {
        for (k, kind) in PieceKind::ALL.into_iter().enumerate() {
            out[6 * c + k] = board.colored_pieces(color, kind).0;
        }
    }
    out
}
