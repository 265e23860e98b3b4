//! # magicboard
//!
//! Correct, fast legal move generation for chess (standard and Chess960),
//! built on magic bitboards whose tables the build script searches and emits
//! at compile time.
//!
//! ## Quick start
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
//! ## Where to go
//!
//! - **Generate moves**: [`Board::legal_moves`] (or [`Board::for_each_legal`],
//!   which builds no list); read positions with [`Board::from_fen`] and the
//!   queries of [`Board`] ([`Board::piece_on`], [`Board::side_to_move`],
//!   [`Board::in_check`], ...).
//! - **Write an engine**: [`Board::make_move`] / [`Board::unmake_move`]
//!   (unchecked, with an [`Undo`]) and [`Board::make_null_move`];
//!   [`Board::captures`] and [`Board::quiets`] (or [`Board::for_each_capture`]
//!   and [`Board::for_each_quiet`]) for staged generation; [`Board::is_legal`]
//!   for a move from a transposition table or a killer slot;
//!   [`Board::gives_check`]; static exchange evaluation ([`Board::see`],
//!   [`Board::see_ge`], defined in [`see`]); the Polyglot hash
//!   [`Board::hash`] and [`Board::hash_after`]; [`Board::piece_delta`] and
//!   [`Board::make_move_delta`] for incremental evaluation.
//! - **Play a game** with SAN or UCI text and the draw rules: [`Game`]
//!   ([`Game::play_san`], [`Game::play_uci`], [`Game::undo`],
//!   [`Game::status`]). For a single position: [`Board::parse_san`],
//!   [`Board::to_san`], [`Board::parse_uci`], [`Board::uci`],
//!   [`Board::status`].
//! - **Mirror, flip, read suites and books**: [`Board::mirror`] and the
//!   other symmetries ([`transform`], [`Transform`]); EPD lines with their
//!   operations ([`epd::Epd`]); Polyglot opening books ([`polyglot::Book`]);
//!   positions no game reaches, as perft suites have them
//!   ([`Board::from_fen_lenient`], [`BoardBuilder::lenient`]).
//! - **Count** the move tree (feature `perft`, on by default):
//!   [`perft`][perft-fn] for the common case, [`Perft`] for everything
//!   else (every leaf made, threads, a [`PerftTable`], [`Perft::divide`]);
//!   perft suites are read by [`perft::suite`].
//! - **Test your own generator**: the test kit crate `magicboard-testkit`
//!   (its `diverge` module finds the first position where another
//!   generator disagrees with magicboard; its `strategy` module has
//!   proptest strategies for boards, Chess960 boards, games and legal moves
//!   that shrink toward short games), and the `arbitrary` feature, for
//!   fuzzing.
//! - **Reference oracles**: `magicboard::reference` (feature `reference`):
//!   the make/unmake legality filter, pseudo-legal generation and slow ray
//!   walks, written to be obviously right rather than fast.
//! - **The vocabulary**: [`Square`], [`File`], [`Rank`], [`Bitboard`],
//!   [`Color`], [`Piece`], [`Move`], [`MoveList`], [`CastlingRights`];
//!   attack tables in [`attacks`], hash keys in [`zobrist`].
//!
//! ## Cargo features
//!
//! - `std` (default): the crate itself is `#![no_std]`. `std` adds
//!   `polyglot::Book::open`, which reads a book from a file. With `std`, the
//!   fast perft walk (`fast-perft`) on x86-64 checks the CPU once for
//!   `popcnt`, BMI1 and BMI2 and then runs a copy of itself compiled with
//!   them (the portable x86-64 baseline lacks them); serde gets its `std`
//!   support. Turns on `alloc`.
//! - `alloc` (default): what needs a heap: FEN and SAN as `String`s
//!   (`Board::to_fen`, `Board::to_san`), `Game` (its move history),
//!   `Perft::divide`'s lists, the transposition table (`PerftTable`), perft
//!   suites and splits, EPD lines (`epd`) and opening books (`polyglot`).
//!   Without it (`default-features = false`, for targets
//!   with no allocator) the crate allocates nothing and still has [`Board`]
//!   (FEN, UCI and SAN parsing, FEN in `Display`), move generation,
//!   make/unmake, the attack lookups, and with `perft`, `perft()` and
//!   `Perft`'s counts and statistics without a table. Build with
//!   `default-features = false, features = ["alloc"]` for a `no_std` target
//!   with an allocator.
//! - `perft` (default): the `perft` module, `perft()`, `Perft` and
//!   `PerftTable`: counting the move tree, with tables, statistics,
//!   splits and suites. A program that only generates moves turns the
//!   default features off (`default-features = false, features =
//!   ["std"]`) and compiles this crate in about half the time (the
//!   repository's docs/performance.md, "Build time of a dependent").
//! - `fast-perft` (turns on `perft`): `perft()` and `Perft` count with a walk specialised
//!   per castling case, side to move and lookup scheme (faster in bulk, as
//!   the perft tool runs it), for a longer compile of this crate; what it
//!   costs and gains is measured in the repository's docs/performance.md
//!   ("Decisions that shaped the code"). Without it they count through the
//!   move lists: the same counts.
//! - `serde`: `Serialize`/`Deserialize` for [`Square`], [`Move`] and
//!   [`Board`]: square names, UCI-like move text and FEN in human-readable
//!   formats (JSON, TOML, ...); a `u8` square index, the `u16` of
//!   [`Move::to_bits`] and FEN again in compact ones. Deserialising checks
//!   its input. Each type's `Serialize` implementation describes its format.
//! - `parallel` (turns on `perft`): `Perft::threads`, counting on a rayon
//!   thread pool (rayon links the standard library).
//! - `arbitrary`: `arbitrary::Arbitrary` for [`Board`], [`Game`], [`Square`]
//!   and [`Move`], for fuzzing (boards and games reached by legal play), and
//!   the public `playout` module, the random legal games behind them. Needs
//!   `alloc` but no `std` feature of ours, though the `arbitrary` crate
//!   itself links the standard library.
//! - `reference`: the `reference` module of slow, obviously correct oracles
//!   (see above), for testing.
//!
//! The command-line perft tool is a crate of its own, `magicboard-perft`;
//! the proptest strategies are in `magicboard-testkit`.
//!
//! The minimum supported Rust version is 1.86 (`rust-version` in
//! Cargo.toml): perft's CPU-specific walks are safe functions with
//! `#[target_feature]`, stable since 1.86; edition 2024 needs 1.85.
//!
//! ## Stability
//!
//! These are part of the semver contract: they change only with a breaking
//! release (while the version is `0.y.z`, a new `y`), and CHANGELOG.md
//! lists every such change.
//!
//! - [`Board::hash`] values: Polyglot-compatible Zobrist keys (the start
//!   position hashes to `0x463b96181691fc9c`), so opening books keep
//!   working.
//! - The 16-bit move encoding of [`Move::to_bits`] / [`Move::from_bits`],
//!   for transposition tables: bits 0-5 from-square, 6-11 to-square (the
//!   rook's square for castling), 12-14 promotion piece index (0 none, 1
//!   knight ... 4 queen), bit 15 castling.
//! - Indices: squares `a1` = 0 ... `h8` = 63 rank by rank; files, ranks,
//!   colours and piece kinds (pawn = 0 ... king = 5) as numbered today.
//! - Text: FEN from [`Board::to_fen`] (standard `KQkq` castling field,
//!   X-FEN on Chess960 boards) and [`Board::to_shredder_fen`]; UCI move
//!   text (`Display`, [`Move::to_uci`], [`Board::uci`]); square names.
//! - The serde formats (feature `serde`): squares as `"e4"` / `u8`, moves
//!   as UCI text with castling written `"e1h1c"` / `u16` bits, boards as
//!   FEN (Shredder-FEN for Chess960).
//!
//! Not promised: the order in which moves are generated (and so the order
//! of [`Perft::divide`]'s list), the `Debug` and diagram formats, the
//! wording of error messages (the error enums are `#[non_exhaustive]` and
//! may gain variants in a minor release), the magic numbers and the
//! attack-table layout ([`attacks::TABLE_BYTES`]).
//!
//! The minimum supported Rust version may be raised in a minor release,
//! never in a patch release.
//!
// The perft items the text above names: their pages with the feature, the
// features' list without it.
#![cfg_attr(
    feature = "perft",
    doc = "\n[perft-fn]: fn@crate::perft\n[`Perft`]: crate::perft::Perft\n\
           [`PerftTable`]: crate::perft::table::PerftTable\n\
           [`Perft::divide`]: crate::perft::Perft::divide\n[`perft::suite`]: crate::perft::suite"
)]
#![cfg_attr(
    not(feature = "perft"),
    doc = "\n[perft-fn]: #cargo-features\n[`Perft`]: #cargo-features\n\
           [`PerftTable`]: #cargo-features\n[`Perft::divide`]: #cargo-features\n\
           [`perft::suite`]: #cargo-features"
)]
#![no_std]
#![warn(missing_docs)]
// docs.rs (`--cfg docsrs`, nightly) marks each feature-gated item with the
// feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]
// `unsafe` for CPU features on x86-64: perft's run-time dispatch to its
// `popcnt`/BMI2 walk (feature `fast-perft`) and the `cpuid` behind it
// (`perft/walk.rs`), and the BMI2 `pext` of the slider lookups (`attacks.rs`); and on every
// target the magics' table read without a bounds check (`attacks.rs`,
// proved in bounds at compile time). Each block says why it is sound;
// everything else is safe code.
#![deny(unsafe_code)]
// Without `alloc`, some items' docs link to items that need it (absent, or
// the private stand-in of perft's table), and perft's overflow error holds
// its board inline (no box).
#![cfg_attr(
    not(feature = "alloc"),
    allow(
        rustdoc::broken_intra_doc_links,
        rustdoc::private_intra_doc_links,
        clippy::result_large_err
    )
)]

#[cfg(any(test, feature = "alloc"))]
extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

// The modules in layer order. The layers, and the rule that a module uses
// only its own layer and those above it, are written in docs/design.md
// ("Layers"), which tests/it/layers.rs reads to check every file.

// `geometry` is shared with build.rs (a `#[path]` include),
// public only through `reference`.
#[cfg_attr(not(feature = "reference"), allow(dead_code))]
mod geometry;

pub mod square;
pub mod bitboard;
pub mod color;
pub mod piece;
pub mod castling;
pub mod moves;
pub mod transform;

pub mod attacks;
pub mod zobrist;

pub mod board;

mod movegen;
pub mod see;
mod tactics;
mod uci;
#[cfg(feature = "reference")]
#[cfg_attr(docsrs, doc(cfg(feature = "reference")))]
pub mod reference;

#[cfg(feature = "perft")]
#[cfg_attr(docsrs, doc(cfg(feature = "perft")))]
pub mod perft;

pub mod san;
pub mod outcome;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod game;

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod epd;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod polyglot;

#[cfg(feature = "serde")]
mod serde_impls;

// The test kit crate builds its strategies on `playout`.
#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
#[cfg(feature = "arbitrary")]
#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
pub mod playout;

pub use bitboard::{Bitboard, BitboardIter};
pub use board::{Board, BoardBuilder, FenError, NullUndo, PieceDelta, PositionError, Undo};
pub use castling::{CastlingMode, CastlingRights, CastlingSide};
pub use color::Color;
#[cfg(feature = "alloc")]
pub use game::Game;
pub use moves::{MAX_MOVES, Move, MoveError, MoveList, Uci};
pub use outcome::Status;
#[cfg(all(feature = "perft", feature = "alloc"))]
pub use perft::table::PerftTable;
#[cfg(feature = "perft")]
pub use perft::{Perft, perft};
pub use piece::{Piece, PieceKind};
pub use san::{San, SanError};
pub use square::{File, ParseSquareError, Rank, Square};
pub use transform::Transform;
