//! `make_move` and perft's leaf against the statement of what a move
//! changes (`board/effect.rs`), on every legal move of the published
//! suites and of positions two plies below. (Here, in the perft layer,
//! because it checks perft's leaf too.)

use crate::board::Board;
use crate::board::Effect;
use crate::castling::CastlingMode;
use crate::color::Color;
use crate::piece::{Piece, PieceKind};
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
            for kind in PieceKind::ALL {
                assert_eq!(
                    leaf.by_kind[kind.index()],
                    made.pieces(kind),
                    "{mv:?} on {board:?}"
                );
            }
            for color in Color::ALL {
                assert_eq!(
                    leaf.by_color[color.index()],
                    made.colored(color),
                    "{mv:?} on {board:?}"
                );
            }
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
