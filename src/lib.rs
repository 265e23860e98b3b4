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
//! assert_eq!(perft(&board, 2), 2039);
//! ```
//!
//! ## Layers
//!
//! The crate reads top to bottom. **The rule: a module uses only modules of
//! its own layer or of the layers listed above it** (doc links excepted);
//! `tests/layers.rs` reads this list and checks every `crate::` path in
//! `src/` against it.
//!
//! 1. [`geometry`]: slow ray walks and castling's destination squares on
//!    plain indices, shared with `build.rs` and the tests (it uses nothing
//!    else from the crate).
//! 2. [`square`], [`bitboard`](mod@bitboard), [`color`], [`piece`],
//!    [`castling`], [`moves`]: the vocabulary (squares, sets, pieces,
//!    castling rights, moves and move lists).
//! 3. [`attacks`], [`zobrist`]: the tables (attack lookups built on magic
//!    bitboards, and the Polyglot hash keys).
//! 4. [`board`](mod@board): the position, its attack queries, FEN text,
//!    the unchecked make/unmake primitive with incremental hashing, null
//!    moves, move facts (`is_capture`, `captured`), `hash_after` and the
//!    piece deltas of incremental evaluation.
//! 5. [`movegen`], [`tactics`], [`see`], [`uci`]: legal generation (all,
//!    captures, quiets, masked), the make/unmake reference filter, the
//!    one-move legality tests and checked make; tactical queries
//!    (`gives_check`, attackers, attack maps); static exchange evaluation;
//!    UCI move parsing.
//! 6. [`perft`](mod@perft): counting the move tree (one entry point,
//!    [`Perft`]; its children are the walks, the transposition table,
//!    threads, splitting a run into independent pieces, and perft suites).
//! 7. [`san`], [`outcome`], [`game`]: SAN move text, how a game stands
//!    (mate, stalemate, draws), and a game with its history (undo,
//!    repetitions).
//! 8. `serde_impls` (feature `serde`): the serde formats.
//! 9. [`diverge`], `strategy` (feature `proptest`), `arbitrary_impls`
//!    (feature `arbitrary`) and `playout`, the games those two generate:
//!    for testing other generators (where one first disagrees with
//!    magicboard; random positions, games and moves for property tests and
//!    fuzzing).
//!
//! ## Cargo features
//!
//! - `std` (default): the crate itself is `#![no_std]` and needs only
//!   `alloc` (for FEN strings and [`Perft::divide`]'s list). With `std`, perft on
//!   x86-64 checks the CPU once for the `popcnt` instruction and then runs a
//!   copy of its walk compiled with it (the portable x86-64 baseline lacks
//!   it; it makes bulk counting ~25% faster); serde gets its `std` support.
//!   Build with `default-features = false` for bare-metal targets.
//! - `serde`: `Serialize`/`Deserialize` for [`Square`], [`Move`] and
//!   [`Board`]; the formats are described in the `serde_impls` module.
//! - `parallel`: `Perft::threads`, counting on a rayon thread pool.
//! - `cli`: the `perft` command-line tool (pulls in clap); libraries need not.
//! - `arbitrary`: `arbitrary::Arbitrary` for [`Board`], [`Game`], [`Square`]
//!   and [`Move`], for fuzzing (boards and games reached by legal play; see
//!   `arbitrary_impls`). Needs no `std` feature of ours, though the
//!   `arbitrary` crate itself links the standard library.
//! - `proptest`: proptest strategies in `strategy` (boards, Chess960
//!   boards, games and legal moves that shrink toward short games); turns
//!   on `std`.
//!
//! The minimum supported Rust version is 1.86 (`rust-version` in
//! Cargo.toml): perft's CPU-specific walks are safe functions with
//! `#[target_feature]`, stable since 1.86; edition 2024, `rand` (the build
//! script's) and `clap` (feature `cli`) need 1.85.
//!
//! ## Stability
//!
//! These are part of the semver contract: they change only with a breaking
//! release (while the version is `0.y.z`, a new `y`), and the changelog
//! says so when they do.
//!
//! - [`Board::hash`] values: Polyglot's keys, so opening books keep working
//!   (the start position is `0x463b96181691fc9c`).
//! - The move encoding of [`Move::to_bits`] / [`Move::from_bits`] (bits 0-5
//!   from, 6-11 to, 12-14 promotion, 15 castling), for transposition tables.
//! - Square, file, rank and piece-kind indices (`a1` = 0, `h8` = 63).
//! - FEN and UCI output: [`Board::to_fen`] (standard `KQkq`, X-FEN on
//!   Chess960 boards), [`Board::to_shredder_fen`], UCI move text.
//! - The serde formats (feature `serde`).
//!
//! Not promised: the order in which moves are generated (and so the order
//! of [`Perft::divide`]'s list), the `Debug` and diagram formats, the wording of
//! error messages (the error enums are `#[non_exhaustive]`: new variants
//! may come in minor releases), the magic numbers and table layout. Raising
//! the MSRV is done in a minor release, never in a patch release.

#![no_std]
#![warn(missing_docs)]
// `unsafe` only on x86-64, for CPU features: perft's run-time dispatch to
// its `popcnt`/BMI2 walk and the `cpuid` behind it (`perft/walk.rs`), and
// the BMI2 `pext`/`pdep` of the slider lookups (`attacks.rs`). Each block
// says why it is sound; everything else is safe code.
#![deny(unsafe_code)]

extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

// 1. Geometry (shared with build.rs; public only through `reference`).
#[cfg_attr(not(any(test, feature = "reference")), allow(dead_code))]
mod geometry;

// 2. Vocabulary.
pub mod square;
pub mod bitboard;
pub mod color;
pub mod piece;
pub mod castling;
pub mod moves;

// 3. Tables.
pub mod attacks;
pub mod zobrist;

// 4. The position: FEN, queries, make/unmake.
pub mod board;

// 5. Legal moves.
pub mod movegen;
pub mod see;
pub mod tactics;
pub mod uci;
#[cfg(feature = "reference")]
pub mod reference;

// 6. Counting the tree.
pub mod perft;

// 7. Game-level rules and notation.
pub mod san;
pub mod outcome;
pub mod game;

// 8. Optional: serde formats.
#[cfg(feature = "serde")]
pub mod serde_impls;

// 9. Random games for fuzzing (the test kit crate builds on `playout`).
#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
#[cfg(feature = "arbitrary")]
pub mod playout;

pub use bitboard::{Bitboard, BitboardIter};
pub use board::{Board, FenError, NullUndo, PieceDelta, Undo};
pub use castling::{CastlingMode, CastlingRights, CastlingSide};
pub use color::Color;
pub use game::Game;
pub use moves::{MAX_MOVES, Move, MoveError, MoveList, Uci};
pub use outcome::Status;
#[cfg(target_has_atomic = "64")]
pub use perft::table::PerftTable;
pub use perft::{Perft, perft};
pub use piece::{Piece, PieceKind};
pub use san::SanError;
pub use square::{File, ParseSquareError, Rank, Square};
