//! Move generation.
//!
//! Two generators live here:
//!
//! * the **reference** (`reference.rs`): `Board::pseudo_legal_moves` (feature `reference`)
//!   lists every move the pieces can make by their movement rules, and
//!   `Board::legal_moves_by_make_unmake` keeps those that, once made, do
//!   not leave the mover's king attacked. This is the definition of
//!   legality, written to be obviously right rather than fast;
//! * the **fast path** (`fast.rs`): [`Board::legal_moves`] and its targeted
//!   forms produce legal moves directly from a check mask, pin lines and the
//!   squares the opponent attacks (see that file).
//!
//! What an engine asks for, each generated directly (not generated in full
//! and filtered):
//!
//! * [`Board::captures`]: captures, en passant included, and every
//!   promotion: the "noisy" moves of quiescence search;
//!   [`Board::quiets`]: every other legal move;
//! * [`Board::legal_moves_masked`]: moves from some squares to some squares;
//! * [`Board::for_each_legal`], [`Board::for_each_capture`],
//!   [`Board::for_each_quiet`]: the same as callbacks, stopping when asked
//!   (no list to fill and return);
//! * [`Board::is_legal`] and [`Board::is_pseudo_legal`] (`legality.rs`):
//!   one move from a transposition table or killer slot, decided without a
//!   move list.
//!
//! The tests compare the fast paths with the reference on every position of
//! the perft suites and on many random positions. Everything generates into
//! a fixed-capacity [`MoveList`] on the stack or a callback; nothing
//! allocates.

mod fast;
mod legality;
#[cfg(any(test, feature = "reference"))]
mod reference;
mod sink;
#[cfg(test)]
mod castling_tests;

// What perft's fast walk uses.
#[cfg(feature = "fast-perft")]
pub(crate) use fast::{ALL, ANY_CASTLING, Castling, NO_CASTLING, STANDARD_CASTLING};
#[cfg(feature = "fast-perft")]
pub(crate) use sink::Counter;
#[cfg(feature = "perft")]
pub(crate) use sink::{Sink, behind};
