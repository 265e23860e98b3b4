//! The check of the structured fuzz target `game`: its input is decoded by
//! magicboard's `arbitrary` feature into a [`Game`] (legal play from the
//! standard or a Chess960 start, weighted toward en passant, castling,
//! promotions, captures and checks) and a raw [`Move`] value.
//!
//! The cargo-fuzz target `game` (`fuzz/fuzz_targets/game.rs`) calls
//! [`game`]; `tests/it/fuzz_drivers.rs` calls [`from_bytes`] with random
//! bytes (with the crate's `arbitrary` feature), so CI runs the same check
//! on stable.

// Each user calls one of these.
#![allow(dead_code)]

use super::common::check_board;
use arbitrary::{Arbitrary, Unstructured};
use magicboard::{Game, Move, MoveError};

/// Decodes `data` as the target does, and checks it; returns the number of
/// plies the game had.
pub fn from_bytes(data: &[u8]) -> usize {
    match <(Game, Move)>::arbitrary_take_rest(Unstructured::new(data)) {
        Ok((game, mv)) => {
            let plies = game.moves().len();
            self::game(game, mv);
            plies
        }
        Err(_) => 0,
    }
}

/// Every position of `game` passes [`check_board`]; on the last, the raw
/// move is legal exactly when the generator lists it, and `try_make_move`
/// agrees; every move is then taken back, and the game comes back to its
/// start exactly.
pub fn game(mut game: Game, raw: Move) {
    let mut board = game.start().clone();
    check_board(&board);
    for &mv in game.moves() {
        assert!(board.is_legal(mv), "{mv:?} on {board:?}");
        board = board.play_unchecked(mv);
        check_board(&board);
    }
    assert!(board == *game.board());
    let _ = game.status();

    let listed = board.legal_moves().contains(&raw);
    assert_eq!(board.is_legal(raw), listed, "{raw:?} on {board:?}");
    let mut after = board.clone();
    match after.try_make_move(raw) {
        Ok(undo) => {
            assert!(listed);
            after.unmake_move(raw, undo);
            assert!(after == board);
        }
        Err(e) => {
            assert_eq!(e, MoveError::Illegal);
            assert!(!listed && after == board);
        }
    }

    let start = game.start().clone();
    let played = game.moves().len();
    for _ in 0..played {
        assert!(game.pop().is_some());
    }
    assert!(game.pop().is_none());
    assert!(*game.board() == start);
    assert_eq!(game.board().hash(), start.hash());
}
