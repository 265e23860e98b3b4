//! The reference oracles (feature `reference`): slow, obviously correct
//! statements of the rules that the fast paths are tested against.
//!
//! - **Legality by make/unmake.** [`Board::pseudo_legal_moves`] lists the
//!   moves each piece can make by its movement rules, and
//!   [`Board::legal_moves_by_make_unmake`] keeps those that, once made, do
//!   not leave the mover's king attacked: the definition of a legal move.
//!   [`Board::legal_moves`] must agree with it on every position, and the
//!   tests check that it does (the perft suites, random games, fuzzing).
//! - **Attacks by walking rays.** The functions below compute attack sets
//!   square by square on plain indices (`a1` = 0 ... `h8` = 63) and `u64`
//!   sets. `build.rs` checks every entry of the magic tables against them
//!   before writing the tables, and the tests check [`crate::attacks`]
//!   against them again. They are far too slow for move generation.
//!
//! ```
//! use magicboard::{attacks, reference, Board, Square};
//!
//! let board = Board::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
//! let mut fast = board.legal_moves();
//! let mut slow = board.legal_moves_by_make_unmake();
//! fast.sort();
//! slow.sort();
//! assert_eq!(fast, slow);
//!
//! let occupied = board.occupied();
//! assert_eq!(
//!     reference::rook_attacks(Square::E7.index(), occupied.0),
//!     attacks::rook_attacks(Square::E7, occupied).0,
//! );
//! ```
//!
//! [`Board::pseudo_legal_moves`]: crate::board::Board::pseudo_legal_moves
//! [`Board::legal_moves_by_make_unmake`]: crate::board::Board::legal_moves_by_make_unmake
//! [`Board::legal_moves`]: crate::board::Board::legal_moves

pub use crate::geometry::{
    BISHOP_DIRECTIONS, CASTLING_DESTINATION_FILES, KING_STEPS, KNIGHT_JUMPS, ROOK_DIRECTIONS,
    between, bishop_attacks, castling_destinations, castling_paths, king_attacks, knight_attacks,
    line, offset, pawn_attacks, relevant_mask, rook_attacks, sliding_attacks, step_attacks,
};
