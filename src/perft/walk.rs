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
//! * on x86-64 the walk is compiled three times, and the CPU picks one at
//!   run time: the portable baseline has no `popcnt` (its software fallback
//!   costs a quarter of the time), and BMI2's `pext` looks sliding attacks
//!   up faster than magics where it is fast (Intel since Haswell, AMD since
//!   Zen 3; Zen 1 and 2 run it in microcode and keep the magics). This
//!   needs the `std` feature, for the CPU check. A build whose target has
//!   `popcnt` already compiles the walk once, with `pext` when the target
//!   has a fast BMI2 (`pext_direct`, see `build.rs`).
//!
#[cfg(popcnt_dispatch)]
use crate::attacks::Magics;
use crate::attacks::{Native, Sliders};
use crate::board::Leaf;
use crate::movegen::{Counter, EachMove};
use crate::{Board, Move};

/// The leaves `depth` plies below `board`: the last ply counted in bulk
/// (`bulk`), or every leaf made. Picks the walk the CPU runs fastest (see
/// the module docs).
#[inline]
pub(super) fn leaves(board: &Board, depth: u32, bulk: bool) -> u64 {
    #[cfg(popcnt_dispatch)]
    match dispatch::walk() {
        // SAFETY: the `with_pext` functions require `popcnt`, BMI1 and
        // BMI2, which `dispatch::walk` saw the CPU support. (The unit test
        // `every_walk_gives_the_published_counts` checks each walk the CPU
        // can run against the published counts.)
        #[allow(unsafe_code)]
        dispatch::Walk::Pext => {
            return unsafe {
                if bulk {
                    with_pext::perft(board, depth)
                } else {
                    with_pext::perft_full(board, depth)
                }
            };
        }
        // SAFETY: the `with_popcnt` functions only require the `popcnt`
        // instruction, which `dispatch::walk` saw the CPU support.
        #[allow(unsafe_code)]
        dispatch::Walk::Popcnt => {
            return unsafe {
                if bulk {
                    with_popcnt::perft(board, depth)
                } else {
                    with_popcnt::perft_full(board, depth)
                }
            };
        }
        dispatch::Walk::Portable => {}
    }
    portable(board, depth, bulk)
}

/// Which walk this CPU runs, found once.
#[cfg(popcnt_dispatch)]
mod dispatch {
    use core::sync::atomic::{AtomicU8, Ordering};

    /// The walks of [`super::leaves`].
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub(super) enum Walk {
        Portable = 1,
        Popcnt = 2,
        Pext = 3,
    }

    static WALK: AtomicU8 = AtomicU8::new(0);

    /// The fastest walk this CPU can run (cached after the first call).
    #[inline]
    pub(super) fn walk() -> Walk {
        match WALK.load(Ordering::Relaxed) {
            1 => Walk::Portable,
            2 => Walk::Popcnt,
            3 => Walk::Pext,
            _ => {
                let walk = detect();
                WALK.store(walk as u8, Ordering::Relaxed);
                walk
            }
        }
    }

    fn detect() -> Walk {
        let popcnt = std::is_x86_feature_detected!("popcnt");
        let bmi = std::is_x86_feature_detected!("bmi1") && std::is_x86_feature_detected!("bmi2");
        match (popcnt, bmi && !slow_pext()) {
            (true, true) => Walk::Pext,
            (true, false) => Walk::Popcnt,
            _ => Walk::Portable,
        }
    }

    /// True on AMD's family 0x17 (Zen 1 and 2), whose `pext` is microcode
    /// taking tens of cycles.
    fn slow_pext() -> bool {
        use core::arch::x86_64::__cpuid;
        #[allow(unused_unsafe)]
        // SAFETY: `cpuid` exists on every x86-64 CPU.
        #[allow(unsafe_code)]
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
        let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
        let base = (signature.eax >> 8) & 0xf;
        let family = if base == 0xf {
            base + ((signature.eax >> 20) & 0xff)
        } else {
            base
        };
        amd && family == 0x17
    }
}

/// The walks without run-time CPU dispatch (the portable build, or the
/// only one when the target has `popcnt`).
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
    ($inline:expr, $sliders:ty, $(#[$attr:meta])*) => {
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
            let mut counter = Counter(0);
            board.generate_legal_with::<$sliders, _>(&mut counter);
            counter.0
        }

        $(#[$attr])*
        #[inline(never)]
        fn count_children(board: &Board) -> u64 {
            sum_children::<$sliders, { $inline }>(board, |child| count(child))
        }

        $(#[$attr])*
        #[inline(never)]
        fn make_leaves(board: &Board) -> u64 {
            let mut leaves = MakeLeaves {
                parent: board,
                leaf: board.as_leaf(),
                nodes: 0,
            };
            board.generate_legal_with::<$sliders, _>(&mut leaves);
            leaves.nodes
        }
    };
}

// The walk that runs gets the inlined (fast, large) child expansion; the
// fallback of the dispatching build gets the compact one, to keep the
// crate quick to compile.
mod plain {
    use super::*;
    walks!(cfg!(not(popcnt_dispatch)), Native,);
}

#[cfg(popcnt_dispatch)]
mod with_popcnt {
    use super::*;
    walks!(true, Magics, #[target_feature(enable = "popcnt")]);
}

#[cfg(popcnt_dispatch)]
mod with_pext {
    use super::*;
    use crate::attacks::Pext;
    walks!(true, Pext, #[target_feature(enable = "popcnt,bmi1,bmi2")]);
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
        self.scratch.restore_unhashed(mv, undo);
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
fn sum_children<L: Sliders, const INLINE: bool>(
    board: &Board,
    visit: impl FnMut(&Board) -> u64,
) -> u64 {
    let mut each = EachChild::<_, INLINE> {
        scratch: board.clone(),
        nodes: 0,
        visit,
    };
    board.generate_legal_with::<L, _>(&mut each);
    each.nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingMode;
    use crate::perft::suite::parse_suite;
    use alloc::format;

    /// Every walk this CPU can run (the portable one, the `popcnt` one,
    /// the BMI2 one, and the one [`leaves`] dispatches to) gives the
    /// published counts of the CPW positions (`tests/data/cpw.epd`, see
    /// `tests/data/README.md`).
    #[test]
    fn every_walk_gives_the_published_counts() {
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
        type Walk = fn(&Board, u32, bool) -> u64;
        #[allow(unused_mut)]
        let mut walks: alloc::vec::Vec<(&str, Walk)> =
            alloc::vec![("portable", portable), ("dispatched", leaves)];
        #[cfg(popcnt_dispatch)]
        {
            #[allow(unsafe_code)]
            fn popcnt(board: &Board, depth: u32, bulk: bool) -> u64 {
                // SAFETY: pushed below only when the CPU has `popcnt`.
                unsafe {
                    if bulk {
                        with_popcnt::perft(board, depth)
                    } else {
                        with_popcnt::perft_full(board, depth)
                    }
                }
            }
            #[allow(unsafe_code)]
            fn pext(board: &Board, depth: u32, bulk: bool) -> u64 {
                // SAFETY: pushed below only when the CPU has `popcnt`,
                // BMI1 and BMI2.
                unsafe {
                    if bulk {
                        with_pext::perft(board, depth)
                    } else {
                        with_pext::perft_full(board, depth)
                    }
                }
            }
            if std::is_x86_feature_detected!("popcnt") {
                walks.push(("popcnt", popcnt));
                if std::is_x86_feature_detected!("bmi1") && std::is_x86_feature_detected!("bmi2") {
                    walks.push(("pext", pext));
                }
            }
        }
        let mut checked = 0;
        for entry in &suite {
            for &(depth, expected) in &entry.counts {
                if expected > budget {
                    continue;
                }
                for bulk in [true, false] {
                    for (name, walk) in &walks {
                        let what = format!("{name}, bulk={bulk}: {} depth {depth}", entry.fen);
                        assert_eq!(walk(&entry.board, depth, bulk), expected, "{what}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 60, "only {checked} checks");
    }

    /// Every legal move of every position three plies deep from the CPW
    /// positions, and two from the first 40 Chess960 positions of the
    /// suite, gives the leaf `make_move` gives.
    #[test]
    fn leaves_agree_with_make_move() {
        let mut suites = parse_suite(
            include_str!("../../tests/data/cpw.epd"),
            CastlingMode::Standard,
        )
        .unwrap();
        let fischer = parse_suite(
            include_str!("../../tests/data/fischer.epd"),
            CastlingMode::Chess960,
        )
        .unwrap();
        suites.extend(fischer.into_iter().take(40));
        let mut checked = 0u64;
        fn walk(board: &Board, depth: u32, checked: &mut u64) {
            for mv in board.legal_moves() {
                let mut child = board.clone();
                child.make_move(mv);
                assert_eq!(board.leaf_after(mv), child.as_leaf(), "{board:?} {mv:?}");
                *checked += 1;
                if depth > 1 {
                    walk(&child, depth - 1, checked);
                }
            }
        }
        for entry in &suites {
            // Three plies from the CPW positions, two from the Chess960 ones.
            let depth = if entry.board.is_chess960() { 2 } else { 3 };
            walk(&entry.board, depth, &mut checked);
        }
        assert!(checked > 250_000, "only {checked} moves checked");
    }
}
