//! The sequential walks below the part of the tree that [`super::Perft`]
//! splits, hashes or divides.
//!
//! How the walk is fast (each step measured on the CPW positions):
//!
//! * the last ply is counted, not played: `Board::count_legal_moves` adds
//!   up the popcounts of each piece's destination set;
//! * the last two plies (and the leaves of a full walk) are expanded
//!   through a generator sink that makes, visits and unmakes each move on
//!   one scratch board: no move list, no board copy per child;
//! * higher plies copy the board for each child (copy-make: the board is
//!   about 150 bytes, and copying measured faster than unmaking);
//! * perft's make skips the Zobrist hash, which counting does not need
//!   (the public `Board::make_move` keeps it);
//! * on x86-64 the walk is compiled twice, and the copy using the `popcnt`
//!   instruction is chosen at run time when the CPU has it (the portable
//!   baseline lacks it, and its software fallback costs a quarter of the
//!   time). This needs the `std` feature, for the CPU check.
//!
use crate::movegen::EachMove;
use crate::board::Leaf;
use crate::{Board, Move};

/// The leaves `depth` plies below `board`: the last ply counted in bulk
/// (`bulk`), or every leaf made. Picks the `popcnt` walk when the CPU has
/// the instruction (see the module docs).
#[inline]
pub(super) fn leaves(board: &Board, depth: u32, bulk: bool) -> u64 {
    #[cfg(popcnt_dispatch)]
    if std::is_x86_feature_detected!("popcnt") {
        // SAFETY: the `with_popcnt` functions only require the `popcnt`
        // instruction, which the CPU was just seen to support. (The unit
        // test `both_walks_give_the_published_counts` checks both walks
        // against the published counts.)
        #[allow(unsafe_code)]
        return unsafe {
            if bulk {
                with_popcnt::perft(board, depth)
            } else {
                with_popcnt::perft_full(board, depth)
            }
        };
    }
    portable(board, depth, bulk)
}

/// The walks without run-time CPU dispatch (the portable build).
fn portable(board: &Board, depth: u32, bulk: bool) -> u64 {
    if bulk {
        plain::perft(board, depth)
    } else {
        plain::perft_full(board, depth)
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
            let mut leaves = MakeLeaves {
                parent: board,
                leaf: board.as_leaf(),
                nodes: 0,
            };
            board.generate_legal(&mut leaves);
            leaves.nodes
        }
    };
}

// The walk that runs gets the inlined (fast, large) child expansion; the
// fallback of the dispatching build gets the compact one, to keep the
// crate quick to compile.
mod plain {
    use super::*;
    walks!(cfg!(not(popcnt_dispatch)),);
}

#[cfg(popcnt_dispatch)]
mod with_popcnt {
    use super::*;
    walks!(true, #[target_feature(enable = "popcnt")]);
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

/// Makes each leaf below `parent` as a [`Leaf`] (the position after the
/// move, without mailbox, clocks or hash: see `Board::leaf_after`);
/// `black_box` keeps the compiler from dropping a leaf nothing reads.
struct MakeLeaves<'a> {
    parent: &'a Board,
    leaf: Leaf,
    nodes: u64,
}

impl EachMove for MakeLeaves<'_> {
    #[inline(always)]
    fn each(&mut self, mv: Move) {
        self.parent.write_leaf_after(mv, &mut self.leaf);
        core::hint::black_box(&self.leaf);
        self.nodes += 1;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;
    use crate::perft::suite::parse_suite;
    use alloc::format;

    /// Both walks (the portable one and the one [`leaves`] dispatches to)
    /// give the published counts of the CPW positions
    /// (`tests/data/cpw.epd`, see `tests/data/README.md`).
    #[test]
    fn both_walks_give_the_published_counts() {
        let budget = if cfg!(debug_assertions) {
            20_000
        } else {
            2_000_000
        };
        let suite = parse_suite(
            include_str!("../../tests/data/cpw.epd"),
            CastlingMode::Standard,
        )
        .unwrap();
        let mut checked = 0;
        for entry in &suite {
            for &(depth, expected) in &entry.counts {
                if expected > budget {
                    continue;
                }
                for bulk in [true, false] {
                    let what = format!("bulk={bulk}: {} depth {depth}", entry.fen);
                    assert_eq!(
                        portable(&entry.board, depth, bulk),
                        expected,
                        "portable, {what}"
                    );
                    assert_eq!(
                        leaves(&entry.board, depth, bulk),
                        expected,
                        "dispatched, {what}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked >= 30, "only {checked} checks");
    }
}
