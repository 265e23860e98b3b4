//! # magicboard
//!
//! Correct, fast legal move generation for chess (standard and Chess960),
//! built on magic bitboards whose tables the build script searches and emits
//! at compile time.
//!
//! ```
//! use magicboard::{perft, Board};
//!
//! let mut board = Board::from_fen(
//!     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
//! ).unwrap();
//! assert_eq!(board.legal_moves().len(), 48);
//!
//! // Play a move and take it back.
//! let mv = board.legal_moves()[0];
//! let undo = board.make_move(mv);
//! board.unmake_move(mv, undo);
//!
//! assert_eq!(perft(&mut board, 2), 2039);
//! ```
//!
//! ## Layers
//!
//! The crate reads top to bottom, each layer using only those above it:
//!
//! 1. [`square`], [`bitboard`], [`color`], [`piece`]: the vocabulary.
//! 2. [`geometry`]: slow ray walks, shared with `build.rs` and the tests.
//! 3. [`attacks`]: table lookups (magic bitboards for sliders).
//! 4. [`board`] and [`fen`]: the position, its attack queries, FEN text.
//! 5. [`moves`], [`movegen`] and [`uci`]: moves, move lists, legal generation,
//!    UCI move text.
//! 6. [`make`]: make/unmake with incremental hashing ([`zobrist`]).
//! 7. [`perft`](mod@perft): counting the move tree; [`tt`]: its
//!    transposition table; [`split`]: cutting a run into independent pieces;
//!    `perft_parallel` (feature `parallel`): counting on several threads.
//! 8. [`san`], [`outcome`] and [`game`]: SAN move text, how a game stands
//!    (mate, stalemate, draws), and a game with its history (undo,
//!    repetitions).

#![no_std]
#![warn(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(test)]
extern crate std;

// 1. Vocabulary.
pub mod square;
pub mod bitboard;
pub mod color;
pub mod piece;
pub mod castling;

// 2-3. Geometry (shared with build.rs) and the table lookups built from it.
pub mod geometry;
pub mod attacks;

// 4. The position and its text form.
pub mod board;
pub mod fen;
pub mod zobrist;

// 5. Moves and their generation.
pub mod moves;
pub mod movegen;
pub mod uci;

// 6. Making and unmaking moves.
pub mod make;

// 7. Counting the tree.
pub mod perft;
#[cfg(target_has_atomic = "64")]
pub mod tt;
pub mod split;
#[cfg(feature = "parallel")]
pub mod perft_parallel;

// 8. Game-level rules and notation.
pub mod san;
pub mod outcome;
pub mod game;

pub use bitboard::{Bitboard, BitboardIter};
pub use board::Board;
pub use castling::{CastlingRights, CastlingSide};
pub use color::Color;
pub use fen::FenError;
pub use game::Game;
pub use make::Undo;
pub use moves::{MAX_MOVES, Move, MoveError, MoveList, Uci};
pub use outcome::Status;
pub use perft::{divide, perft, perft_full};
#[cfg(feature = "parallel")]
pub use perft_parallel::{
    divide_parallel, perft_parallel, perft_parallel_hashed, perft_parallel_with_table,
};
pub use piece::{Piece, PieceKind};
pub use san::SanError;
pub use split::split_positions;
pub use square::{File, ParseSquareError, Rank, Square};
#[cfg(target_has_atomic = "64")]
pub use tt::{PerftTable, perft_hashed, perft_with_table};

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
