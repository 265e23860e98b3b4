//! What a move does, stated once: [`Effect`] lists the pieces a move
//! takes off the board and puts on it, the castling rights left after it
//! and the en-passant square it creates.
//!
//! The queries that describe a move without making it read it here:
//! [`Board::hash_after`] and [`Board::piece_delta`]. The two hot paths that
//! make moves, `make_move` (`make.rs`) and perft's lean leaf (`leaf.rs`),
//! keep their own straight-line code for speed, and the tests below check
//! them against this statement move by move.

use super::Board;
use super::make::lose_castling_rights;
use crate::{CastlingRights, CastlingSide, Move, Piece, PieceKind, Square};

/// What a move changes (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Effect {
    /// The pieces taken off, in order: the mover (the king for castling),
    /// then the captured piece or the castling rook.
    pub(crate) removed: [Option<(Piece, Square)>; 2],
    /// The pieces put on: the mover, or the promotion piece, on its
    /// destination (the king for castling), then the castling rook.
    pub(crate) added: [Option<(Piece, Square)>; 2],
    /// The castling rights after the move.
    pub(crate) rights: CastlingRights,
    /// The en-passant square after the move: the square a double step
    /// skipped, kept only when an enemy pawn could take there.
    pub(crate) en_passant: Option<Square>,
}

impl Board {
    /// What `mv` does on this board; `None` when no piece of the side to
    /// move stands on its from-square. Meant for legal moves (for other
    /// values it describes the same pieces moving, without checking them).
    #[inline(always)]
    pub(crate) fn effect(&self, mv: Move) -> Option<Effect> {
        let us = self.side;
        let kind = self.moved(mv)?;
        let (from, to) = (mv.from(), mv.to());
        let mut rights = self.castling;
        if mv.is_castle() {
            let (king_to, rook_to) = mv.castle_destinations();
            let (king, rook) = (
                Piece::new(us, PieceKind::King),
                Piece::new(us, PieceKind::Rook),
            );
            for side in CastlingSide::ALL {
                rights.set(us, side, None);
            }
            return Some(Effect {
                removed: [Some((king, from)), Some((rook, to))],
                added: [Some((king, king_to)), Some((rook, rook_to))],
                rights,
                en_passant: None,
            });
        }
        let victim = self
            .capture_square(mv)
            .and_then(|at| Some((Piece::new(!us, self.mailbox[at.index()]?), at)));
        lose_castling_rights(&mut rights, kind, us, from, to, |_, _| {});
        let en_passant = if mv.is_double_push(kind) {
            self.en_passant_after_double(us, from, to)
        } else {
            None
        };
        Some(Effect {
            removed: [Some((Piece::new(us, kind), from)), victim],
            added: [Some((Piece::new(us, mv.placed_kind(kind)), to)), None],
            rights,
            en_passant,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;
    use alloc::vec::Vec;

    /// The positions of the published suites (the library's copy in
    /// `tests/data`), in their castling notation.
    fn suite_boards() -> Vec<Board> {
        let suites = [
            (include_str!("../../tests/data/standard.epd"), false),
            (include_str!("../../tests/data/cpw.epd"), false),
            (include_str!("../../tests/data/fischer.epd"), true),
        ];
        let mut boards = Vec::new();
        for (text, chess960) in suites {
            let mode = CastlingMode::from_chess960(chess960);
            for line in text.lines().map(str::trim) {
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let fen = line.split(';').next().unwrap_or("").trim();
                boards.push(Board::from_fen_with(fen, mode).unwrap());
            }
        }
        boards
    }

    /// The board with `effect` applied by hand, as the statement says: the
    /// removed pieces off, the added ones on, rights and en passant set.
    fn pieces_after(board: &Board, effect: &Effect) -> [Option<Piece>; 64] {
        let mut squares = [None; 64];
        for sq in board.occupied() {
            squares[sq.index()] = board.piece_on(sq);
        }
        for &(_, sq) in effect.removed.iter().flatten() {
            squares[sq.index()] = None;
        }
        for &(piece, sq) in effect.added.iter().flatten() {
            squares[sq.index()] = Some(piece);
        }
        squares
    }

    fn pieces_of(board: &Board) -> [Option<Piece>; 64] {
        let mut squares = [None; 64];
        for sq in board.occupied() {
            squares[sq.index()] = board.piece_on(sq);
        }
        squares
    }

    /// Every legal move of every suite position and of the positions two
    /// plies below the first ones: `make_move` and perft's leaf do what the
    /// effect says, and the queries that read it agree with `make_move`.
    #[test]
    fn make_and_the_perft_leaf_do_what_the_effect_says() {
        let mut boards = suite_boards();
        let children: Vec<Board> = boards
            .iter()
            .take(40)
            .flat_map(|b| {
                b.legal_moves()
                    .into_iter()
                    .flat_map(|m| {
                        let after = b.play_unchecked(m);
                        after
                            .legal_moves()
                            .into_iter()
                            .map(move |n| after.play_unchecked(n))
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        boards.extend(children);
        let mut moves = 0;
        for board in &boards {
            for mv in board.legal_moves() {
                let effect = board.effect(mv).expect("a legal move moves a piece");
                let mut made = board.clone();
                made.make_move(mv);
                assert_eq!(
                    pieces_of(&made),
                    pieces_after(board, &effect),
                    "{mv:?} on {board:?}"
                );
                assert_eq!(made.castling_rights(), effect.rights, "{mv:?} on {board:?}");
                assert_eq!(made.en_passant(), effect.en_passant, "{mv:?} on {board:?}");

                let leaf = board.leaf_after(mv);
                assert_eq!(leaf.by_kind, made.by_kind, "{mv:?} on {board:?}");
                assert_eq!(leaf.by_color, made.by_color, "{mv:?} on {board:?}");
                assert_eq!(leaf.castling, effect.rights, "{mv:?} on {board:?}");
                assert_eq!(leaf.ep, effect.en_passant, "{mv:?} on {board:?}");

                assert_eq!(board.hash_after(mv), made.hash(), "{mv:?} on {board:?}");
                let delta = board.piece_delta(mv);
                let removed: Vec<_> = effect.removed.iter().flatten().copied().collect();
                let added: Vec<_> = effect.added.iter().flatten().copied().collect();
                assert_eq!(delta.removed(), removed.as_slice());
                assert_eq!(delta.added(), added.as_slice());
                moves += 1;
            }
        }
        assert!(moves > 100_000, "{moves}");
    }
}
