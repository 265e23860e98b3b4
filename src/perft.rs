//! Perft: counting the leaves of the legal-move tree, the standard test and
//! benchmark of a move generator.
//!
//! How the walk is fast (each step measured on the CPW positions):
//!
//! * the last ply is counted, not played: [`Board::count_legal_moves`] adds
//!   up the popcounts of each piece's destination set;
//! * the last two plies (and the leaves of [`perft_full`]) are expanded
//!   through a generator sink that makes, visits and unmakes each move on
//!   one scratch board: no move list, no board copy per child;
//! * higher plies copy the board for each child (copy-make: the board is
//!   about 150 bytes, and copying measured faster than unmaking);
//! * perft's make skips the Zobrist hash, which counting does not need
//!   (the public [`Board::make_move`] keeps it);
//! * on x86-64 the walk is compiled twice, and the copy using the `popcnt`
//!   instruction is chosen at run time when the CPU has it (the portable
//!   baseline lacks it, and its software fallback costs a quarter of the
//!   time). This needs the `std` feature, for the CPU check.
//!
//! The functions take `&mut Board` so that any strategy fits the same
//! signature; the board is left as it was.

use crate::movegen::EachMove;
use crate::{Board, Move};
use alloc::vec::Vec;

/// The number of leaf nodes of the legal-move tree `depth` plies deep.
///
/// The last ply is counted in bulk (the number of legal moves, without
/// making them). The board is left as it was.
///
/// ```
/// use magicboard::{perft, Board};
/// let mut board = Board::startpos();
/// assert_eq!(perft(&mut board, 3), 8902);
/// ```
pub fn perft(board: &mut Board, depth: u32) -> u64 {
    #[cfg(popcnt_dispatch)]
    if std::is_x86_feature_detected!("popcnt") {
        // SAFETY: `walk_popcnt` only requires the `popcnt` instruction,
        // which the CPU was just seen to support. (`tests/perft_paths.rs`
        // checks both walks against the published counts.)
        #[allow(unsafe_code)]
        return unsafe { walk_popcnt::perft(board, depth) };
    }
    walk::perft(board, depth)
}

/// Like [`perft`], but every leaf move is made and unmade instead of
/// counted in bulk: measures make/unmake as well as generation.
///
/// ```
/// use magicboard::{perft, perft_full, Board};
/// let mut board = Board::startpos();
/// assert_eq!(perft_full(&mut board, 3), 8902);
/// assert_eq!(perft_full(&mut board, 3), perft(&mut board, 3));
/// ```
pub fn perft_full(board: &mut Board, depth: u32) -> u64 {
    #[cfg(popcnt_dispatch)]
    if std::is_x86_feature_detected!("popcnt") {
        // SAFETY: as in `perft`: the CPU supports `popcnt`.
        #[allow(unsafe_code)]
        return unsafe { walk_popcnt::perft_full(board, depth) };
    }
    walk::perft_full(board, depth)
}

/// The perft walks without runtime CPU dispatch (the portable build), for
/// tests that compare them with the dispatched ones.
#[doc(hidden)]
pub fn perft_portable(board: &mut Board, depth: u32, bulk: bool) -> u64 {
    if bulk {
        walk::perft(board, depth)
    } else {
        walk::perft_full(board, depth)
    }
}

/// The two walks, written once and compiled twice: plain, and (on x86-64
/// with `std`, when the build does not already assume it) with the
/// `popcnt` instruction enabled, chosen at run time. Counting moves is
/// mostly population counts, and the portable x86-64 baseline has no
/// `popcnt`: its software fallback costs a quarter of the bulk walk.
macro_rules! walks {
    ($inline:expr, $(#[$attr:meta])*) => {
        /// The number of leaves `depth` plies below `board`, last ply counted in bulk.
        $(#[$attr])*
        pub(super) fn perft(board: &Board, depth: u32) -> u64 {
            match depth {
                0 => 1,
                1 => count(board),
                2 => count_children(board),
                _ => {
                    let mut nodes = 0;
                    for mv in board.legal_moves() {
                        let mut child = board.clone();
                        child.make_move_unhashed(mv);
                        nodes += perft(&child, depth - 1);
                    }
                    nodes
                }
            }
        }

        /// The number of leaves `depth` plies below `board`, every leaf made.
        $(#[$attr])*
        pub(super) fn perft_full(board: &Board, depth: u32) -> u64 {
            match depth {
                0 => 1,
                1 => make_leaves(board),
                _ => {
                    let mut nodes = 0;
                    for mv in board.legal_moves() {
                        let mut child = board.clone();
                        child.make_move_unhashed(mv);
                        nodes += perft_full(&child, depth - 1);
                    }
                    nodes
                }
            }
        }

        // One inlined copy of the generator per job (and per colour): the
        // counter, the counter run on each child, and the leaf maker.

        $(#[$attr])*
        #[inline(never)]
        fn count(board: &Board) -> u64 {
            board.count_legal_inline()
        }

        $(#[$attr])*
        #[inline(never)]
        fn count_children(board: &Board) -> u64 {
            sum_children::<{ $inline }>(board, |child| count(child))
        }

        $(#[$attr])*
        #[inline(never)]
        fn make_leaves(board: &Board) -> u64 {
            // Every leaf is made; `black_box` keeps the compiler from
            // dropping a move whose result nothing reads.
            sum_children::<{ $inline }>(board, |child| {
                core::hint::black_box(child);
                1
            })
        }
    };
}

// The walk that runs gets the inlined (fast, large) child expansion; the
// fallback of the dispatching build gets the compact one, to keep the
// crate quick to compile.
mod walk {
    use super::*;
    walks!(cfg!(not(popcnt_dispatch)),);
}

#[cfg(popcnt_dispatch)]
mod walk_popcnt {
    use super::*;
    walks!(true, #[target_feature(enable = "popcnt")]);
}

/// Perft split by root move: each legal move with the leaf count below it
/// (`depth - 1` plies after the move), in generation order. The counts sum
/// to `perft(board, depth)`. For `depth == 0` the list is empty.
///
/// ```
/// use magicboard::{divide, Board};
/// let mut board = Board::startpos();
/// let split = divide(&mut board, 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, n)| n == 20));
/// ```
pub fn divide(board: &mut Board, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    board
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let undo = board.make_move(mv);
            let nodes = perft(board, depth - 1);
            board.unmake_move(mv, undo);
            (mv, nodes)
        })
        .collect()
}

/// Expands a node without a move list: each move the generator produces
/// is made on one scratch board, `visit`ed, and taken back. Used for the
/// last plies of both walks (no list, no board copy per child).
///
/// With `INLINE`, making and unmaking are inlined at each of the
/// generator's call sites, where they specialise (a knight move needs no
/// promotion or castling branch): fast but large. Without, one shared copy.
struct EachChild<F, const INLINE: bool> {
    scratch: Board,
    nodes: u64,
    visit: F,
}

impl<F: FnMut(&Board) -> u64, const INLINE: bool> EachChild<F, INLINE> {
    #[inline(always)]
    fn play(&mut self, mv: Move) {
        if INLINE {
            self.play_here(mv);
        } else {
            self.play_shared(mv);
        }
    }

    #[inline(always)]
    fn play_here(&mut self, mv: Move) {
        let undo = self.scratch.make_move_unhashed(mv);
        self.nodes += (self.visit)(&self.scratch);
        self.scratch.restore(mv, undo);
    }

    #[inline(never)]
    fn play_shared(&mut self, mv: Move) {
        self.play_here(mv);
    }
}

impl<F: FnMut(&Board) -> u64, const INLINE: bool> EachMove for EachChild<F, INLINE> {
    #[inline(always)]
    fn each(&mut self, mv: Move) {
        self.play(mv);
    }
}

/// The sum of `visit` over the children of `board`.
#[inline(always)]
fn sum_children<const INLINE: bool>(board: &Board, visit: impl FnMut(&Board) -> u64) -> u64 {
    let mut each = EachChild::<_, INLINE> {
        scratch: board.clone(),
        nodes: 0,
        visit,
    };
    board.generate_legal(&mut each);
    each.nodes
}
