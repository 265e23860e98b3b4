//! # magicboard-testkit
//!
//! Tools for testing a chess move generator against
//! [magicboard], whose legal moves agree with every published
//! perft suite:
//!
//! - [`diverge`]: where another generator first disagrees with magicboard.
//!   It divides both at the root, follows a move whose counts differ, and
//!   stops where the move lists differ, naming the missing or extra moves.
//!   The `perft diverge` command of the `magicboard-perft` tool drives it
//!   for another program (a perftree-style script or a UCI engine with
//!   `go perft`).
//! - [`strategy`]: [proptest] strategies for boards, Chess960
//!   boards, games and legal moves, reached by legal play and shrinking
//!   toward short games.
//!
//! For fuzzing, the library's `arbitrary` feature gives `Arbitrary` impls
//! for `Board`, `Game`, `Square` and `Move` (the same games, from
//! [`magicboard::playout`]).
//!
//! ```
//! use magicboard_testkit::strategy;
//! use proptest::prelude::*;
//! use proptest::test_runner::TestRunner;
//!
//! // Every board reached by play survives a FEN round trip.
//! let mut runner = TestRunner::default();
//! runner
//!     .run(&strategy::board(0..=30), |board| {
//!         prop_assert_eq!(magicboard::Board::from_fen(&board.to_fen()).unwrap(), board);
//!         Ok(())
//!     })
//!     .unwrap();
//! ```

extern crate alloc;

pub mod diverge;
pub mod strategy;
