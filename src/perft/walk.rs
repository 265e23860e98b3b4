//! The sequential walks below the part of the tree that [`super::Perft`]
//! splits, hashes or divides: the fast walk (feature `fast-perft`) and the
//! move-list walk (`simple`), the only one without the feature.
//!
//! How the fast walk is fast (each step measured on the CPW positions):
//!
//! * the last ply is counted, not played: `Board::count_legal_moves` adds
//!   up the popcounts of each piece's destination set;
//! * the last two plies (and the leaves of a full walk) are expanded
//!   through a generator sink, without a move list: each child of the
//!   last-but-one ply is written into one scratch board as the parent's
//!   piece sets, rights and en-passant square changed by the move (the
//!   counter reads nothing else, and the mailbox stays the parent's), each
//!   leaf of a full walk likewise into a lean `Leaf`; the target holds the
//!   fields the children share, and each move is applied and taken back
//!   around its visit (`Board::visit_piece_child` and its siblings) rather
//!   than every field copied for each child;
//! * where no right is Chess960's, the last-but-one ply hands most
//!   children to the counter as six sets, in registers
//!   (`src/perft/sets.rs`): the counter then reads no child back from
//!   memory just written, which measured faster than the scratch board
//!   (docs/performance.md, "Decisions that shaped the code"); children
//!   with an en-passant square, castling and en passant keep the scratch
//!   board;
//! * the counter is compiled per castling case (no rights, standard
//!   chess's rights only, any), found once at the walk's root
//!   ([`castling_of`]), so that where no right is left it has no
//!   castling code at all, and standard chess's has constant squares;
//!   these cases also test the few squares the king may step to or cross
//!   one by one rather than build the opponent's attack map
//!   (`ASKED_ONE_BY_ONE` in `src/movegen/fast.rs`);
//! * higher plies copy the board for each child (copy-make: the board is
//!   about 150 bytes, and copying measured faster than unmaking);
//! * perft's make skips the Zobrist hash, which counting does not need
//!   (the public `Board::make_move` keeps it);
//! * on x86-64 the walk is compiled twice, and the CPU picks one at run
//!   time: the portable baseline has no `popcnt` (its software fallback
//!   is slow), so a `modern` copy is compiled with
//!   `popcnt`, BMI1 and BMI2 for the CPUs that have them (Intel since
//!   Haswell, AMD since Zen 1). Its slider lookups use BMI2's `pext`,
//!   faster than magics, except on Zen 1 and 2, which run `pext` in
//!   microcode and keep the magics. The other CPUs get a plain walk over
//!   the library's move lists. This needs the `std` feature, for the CPU
//!   check. A build whose target has both `popcnt` and BMI2 compiles the
//!   walk once, with `pext` unless the target CPU is Zen 1 or 2
//!   (`pext_direct`, see `build.rs`). A target with `popcnt` but without
//!   BMI2 (`-C target-cpu=x86-64-v2`, say) dispatches too, and its
//!   fallback for CPUs without BMI2 is the full walk with magics rather
//!   than the move-list walk (with `popcnt` assumed, the full walk is the
//!   fast one there).
//!
#[cfg(feature = "fast-perft")]
use crate::attacks::Sliders;
#[cfg(feature = "fast-perft")]
use crate::bitboard::Bitboard;
use crate::board::Board;
#[cfg(feature = "fast-perft")]
use crate::color::Color;
#[cfg(feature = "fast-perft")]
use crate::movegen::{
    ALL, ANY_CASTLING, Castling, Counter, NO_CASTLING, STANDARD_CASTLING, Sink, behind,
};
#[cfg(feature = "fast-perft")]
use crate::moves::Move;
#[cfg(feature = "fast-perft")]
use crate::perft::leaf::{Leaf, WriteTarget};
#[cfg(feature = "fast-perft")]
use crate::perft::sets::{Sets, SetsEach};
#[cfg(feature = "fast-perft")]
use crate::piece::PieceKind;
#[cfg(feature = "fast-perft")]
use crate::square::Square;

/// The leaves `depth` plies below `board`: the last ply counted in bulk
/// (`bulk`), or every leaf made. Picks the walk the CPU runs fastest (see
/// the module docs).
#[inline]
pub(super) fn leaves(board: &Board, depth: u32, bulk: bool) -> u64 {
    #[cfg(popcnt_dispatch)]
    if dispatch::modern() {
        // SAFETY: the `modern` functions require `popcnt`, BMI1 and BMI2,
        // which `dispatch::modern` saw the CPU support. (The unit test
        // `every_walk_gives_the_published_counts` checks each walk the CPU
        // can run against the published counts.)
        #[allow(unsafe_code)]
        return unsafe {
            if bulk {
                modern::perft(board, depth)
            } else {
                modern::perft_full(board, depth)
            }
        };
    }
    portable(board, depth, bulk)
}

/// What this CPU runs, found once: whether it has `popcnt`, BMI1 and BMI2
/// (the `modern` walk), and whether its `pext` is fast.
#[cfg(popcnt_dispatch)]
mod dispatch {
    use core::sync::atomic::{AtomicU8, Ordering};

    /// 0 before the first look; then bit 7 set, bit 0 for `popcnt` with
    /// BMI1 and BMI2, bit 1 for a fast `pext`.
    static CPU: AtomicU8 = AtomicU8::new(0);

    #[inline]
    fn cpu() -> u8 {
        match CPU.load(Ordering::Relaxed) {
            0 => {
                let found = detect();
                CPU.store(found, Ordering::Relaxed);
                found
            }
            found => found,
        }
    }

    /// True when the CPU can run the `modern` walk.
    #[inline]
    pub(super) fn modern() -> bool {
        cpu() & 1 != 0
    }

    /// True when the CPU's `pext` is fast (read after [`modern`]).
    #[inline(always)]
    pub(super) fn fast_pext() -> bool {
        CPU.load(Ordering::Relaxed) & 2 != 0
    }

    fn detect() -> u8 {
        let modern = std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2");
        let fast_pext = modern && !slow_pext() && !magics_forced();
        0x80 | u8::from(modern) | (u8::from(fast_pext) << 1)
    }

    /// True when the environment variable `MAGICBOARD_FORCE_MAGICS` is
    /// `1`: the walk then looks sliders up with the magics, as on a CPU
    /// whose `pext` is slow, so that the path AMD Zen 1 and 2 run (and,
    /// but for the `popcnt` dispatch, every CPU without BMI2) can be
    /// measured on any CPU. Read once, with the CPU check: the walk reads
    /// the same bit as before, so the switch costs it nothing.
    fn magics_forced() -> bool {
        std::env::var_os("MAGICBOARD_FORCE_MAGICS").is_some_and(|v| v == "1")
    }

    /// Sets whether the `modern` walk uses `pext` (tests only: the walk
    /// gives the same counts either way, so other tests running meanwhile
    /// are unaffected). Returns the previous setting.
    #[cfg(test)]
    pub(super) fn set_fast_pext(fast: bool) -> bool {
        let before = cpu();
        CPU.store((before & !2) | (u8::from(fast) << 1), Ordering::Relaxed);
        before & 2 != 0
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

/// The walks without run-time CPU dispatch: the build's only walk when
/// the target has `popcnt` (or is not x86-64), else the fallback.
fn portable(board: &Board, depth: u32, bulk: bool) -> u64 {
    if bulk {
        plain::perft(board, depth)
    } else {
        plain::perft_full(board, depth)
    }
}

/// The castling case of the walk below `board`, for its leaf counter (a
/// const parameter of the generator): no rights, standard chess's rights
/// only, or any (Chess960). Moves only ever take rights away, and a king
/// that moves loses its own, so what holds of a board holds of every
/// board below it: the walk finds it once, at its root, and switches to
/// `NO_CASTLING` where the last right goes.
#[cfg(feature = "fast-perft")]
fn castling_of(board: &Board) -> Castling {
    if board.castling_rights().is_empty() {
        NO_CASTLING
    } else if board.castling_is_standard() {
        STANDARD_CASTLING
    } else {
        ANY_CASTLING
    }
}

/// The two walks (bulk and full), written once for the build's one walk
/// (`plain`, when the target has `popcnt` or is not x86-64) and its
/// `modern` copy (`popcnt`, BMI1 and BMI2 enabled, chosen at run time).
/// Each module defines `count`, which counts the last ply,
/// `count_children`, which counts the last two, and `make_leaves`, which
/// makes the full walk's leaves.
#[cfg(feature = "fast-perft")]
macro_rules! walks {
    ($(#[$attr:meta])*) => {
        /// The number of leaves `depth` plies below `board`, last ply counted in bulk.
        $(#[$attr])*
        pub(super) fn perft(board: &Board, depth: u32) -> u64 {
            perft_in(board, depth, castling_of(board))
        }

        /// [`perft`] below a board whose castling case is `case` (see
        /// [`castling_of`]).
        $(#[$attr])*
        fn perft_in(board: &Board, depth: u32, case: Castling) -> u64 {
            match depth {
                0 => 1,
                1 => count(board, case),
                2 => count_children(board, case),
                _ => {
                    let mut nodes = 0;
                    for mv in board.legal_moves() {
                        let mut child = board.clone();
                        child.make_move_unhashed(mv);
                        let case = if child.castling_rights().is_empty() {
                            NO_CASTLING
                        } else {
                            case
                        };
                        nodes += perft_in(&child, depth - 1, case);
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

        // One inlined copy of the generator per job: the counter, the
        // counter run on each child (a copy per lookup scheme), and the
        // leaf maker. The side to move is a run-time value in each, except
        // in the counter (the last ply, most of the bulk walk's time),
        // which has a copy per colour, castling case and lookup scheme.

        /// The legal moves of `board`, counted with the lookups of `L`,
        /// castling found as `C` says.
        $(#[$attr])*
        #[inline(never)]
        fn count_with<L: Sliders, const C: Castling>(board: &Board) -> u64 {
            let mut counter = Counter(0);
            board.generate_per_colour::<L, _, ALL, C>(&mut counter);
            counter.0
        }

        /// The legal moves of `board`, counted with the lookups of `L`,
        /// castling found as `case` says.
        $(#[$attr])*
        #[inline]
        fn count_in<L: Sliders>(board: &Board, case: Castling) -> u64 {
            match case {
                NO_CASTLING => count_with::<L, NO_CASTLING>(board),
                STANDARD_CASTLING => count_with::<L, STANDARD_CASTLING>(board),
                _ => count_with::<L, ANY_CASTLING>(board),
            }
        }

        /// The sum of the legal moves of `board`'s children, each counted
        /// with the lookups of `L`, `board`'s castling case `case`. The
        /// children are generated with `L` too: one copy per lookup
        /// scheme, rather than one that picks the scheme at each lookup.
        $(#[$attr])*
        #[inline(never)]
        fn count_children_with<L: Sliders>(board: &Board, case: Castling) -> u64 {
            if Sets::fit(board, case) {
                let white = board.side_to_move() == Color::White;
                let lean = case == NO_CASTLING && Sets::lean(board);
                match (case, white, lean) {
                    (NO_CASTLING, true, true) => {
                        count_children_sets::<L, NO_CASTLING, true, false, true>(board)
                    }
                    (NO_CASTLING, false, true) => {
                        count_children_sets::<L, NO_CASTLING, false, true, true>(board)
                    }
                    (NO_CASTLING, true, _) => {
                        count_children_sets::<L, NO_CASTLING, true, false, false>(board)
                    }
                    (NO_CASTLING, false, _) => {
                        count_children_sets::<L, NO_CASTLING, false, true, false>(board)
                    }
                    (_, true, _) => {
                        count_children_sets::<L, STANDARD_CASTLING, true, false, false>(board)
                    }
                    (_, false, _) => {
                        count_children_sets::<L, STANDARD_CASTLING, false, true, false>(board)
                    }
                }
            } else {
                sum_children::<L>(board, |child| count_in::<L>(child, case))
            }
        }

        /// [`count_children_with`] on the sets path (`src/perft/sets.rs`):
        /// `board`'s castling case `C` (not Chess960's), White to move in
        /// it when `PW`, in its children when `CW` (`!PW`), and when
        /// `LEAN` neither it nor any child has a knight, bishop or queen
        /// ([`Sets::lean`]), so that the children are counted by
        /// [`count_sets_lean`].
        $(#[$attr])*
        #[inline(never)]
        fn count_children_sets<
            L: Sliders,
            const C: Castling,
            const PW: bool,
            const CW: bool,
            const LEAN: bool,
        >(
            board: &Board,
        ) -> u64 {
            let mut scratch = board.clone();
            board.write_rest(&mut scratch);
            let mut each = SetsEach::<_, _, C>::new(
                board,
                &mut scratch,
                |c: Sets| {
                    if LEAN {
                        count_sets_lean::<L, C, CW>(c.them, c.us, c.pawns, c.straight)
                    } else {
                        count_sets::<L, C, CW>(c.them, c.us, c.pawns, c.knights, c.diagonal, c.straight)
                    }
                },
                |b: &Board| count_with::<L, C>(b),
            );
            board.generate_as::<L, _, ALL, C>(PW, &mut each);
            each.nodes
        }

        /// The legal moves of the child whose side to move (White when
        /// `WHITE`) has the pieces `us` and its opponent `them`, with
        /// `pawns`, `knights`, `diagonal` and `straight` the sets of
        /// [`Sets`], counted with the lookups of `L`, castling as `C`
        /// says: six arguments, passed in registers.
        $(#[$attr])*
        #[inline(never)]
        fn count_sets<L: Sliders, const C: Castling, const WHITE: bool>(
            us: u64,
            them: u64,
            pawns: u64,
            knights: u64,
            diagonal: u64,
            straight: u64,
        ) -> u64 {
            Sets { us, them, pawns, knights, diagonal, straight }.count::<L, C>(WHITE)
        }

        /// [`count_sets`] for a child without knights, bishops and queens
        /// ([`Sets::lean`]): those sets are constants, so the counter's
        /// steps for them fold away.
        $(#[$attr])*
        #[inline(never)]
        fn count_sets_lean<L: Sliders, const C: Castling, const WHITE: bool>(
            us: u64,
            them: u64,
            pawns: u64,
            straight: u64,
        ) -> u64 {
            let (knights, diagonal) = (0, 0);
            Sets { us, them, pawns, knights, diagonal, straight }.count::<L, C>(WHITE)
        }

        /// Every leaf below `board` made as a [`Leaf`] (the position
        /// after the move, without mailbox, clocks or hash: see
        /// `Board::leaf_after`; `black_box` keeps the compiler from
        /// dropping a leaf nothing reads), with the lookups of `L`.
        $(#[$attr])*
        #[inline(never)]
        fn make_leaves_with<L: Sliders>(board: &Board) -> u64 {
            visit_each::<L, _>(board, &mut board.as_leaf(), |leaf: &Leaf| {
                core::hint::black_box(leaf);
                1
            })
        }
    };
}

// Each module says how its last two plies are counted (`count` and
// `count_children`) and how the full walk's leaves are made
// (`make_leaves`), the bulk of the work: the modern walk has a copy of
// each for each lookup scheme and picks one per node, so that their
// lookups need no branch there (one copy picking at each lookup ran more
// instructions: docs/performance.md, "Decisions that shaped the code").
// Above
// them, the library's own move lists (`legal_moves`, magics or `pext` as
// the build's target says) produce the children.
#[cfg(all(
    feature = "fast-perft",
    any(not(popcnt_dispatch), target_feature = "popcnt")
))]
mod plain {
    use super::*;
    use crate::attacks::Native;
    walks!();

    #[inline(always)]
    fn count(board: &Board, case: Castling) -> u64 {
        count_in::<Native>(board, case)
    }

    #[inline(always)]
    fn count_children(board: &Board, case: Castling) -> u64 {
        count_children_with::<Native>(board, case)
    }

    #[inline(always)]
    fn make_leaves(board: &Board) -> u64 {
        make_leaves_with::<Native>(board)
    }
}

/// The walk through the library's own move list and counter: the only
/// walk without the `fast-perft` feature, and the fallback of the
/// dispatching build, for x86-64 CPUs without `popcnt` or BMI2 (Intel
/// before Haswell, some Pentiums and Celerons), where it costs the crate's
/// compile next to nothing (a third specialised walk would cost much of
/// it).
#[cfg(any(
    test,
    not(feature = "fast-perft"),
    all(popcnt_dispatch, not(target_feature = "popcnt"))
))]
mod simple {
    use super::*;

    pub(super) fn perft(board: &Board, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => board.count_legal_moves(),
            _ => children(board, depth, perft),
        }
    }

    pub(super) fn perft_full(board: &Board, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => {
                let moves = board.legal_moves();
                let mut leaf = board.as_leaf();
                for &mv in &moves {
                    board.write_leaf_after(mv, &mut leaf);
                    core::hint::black_box(&leaf);
                }
                moves.len() as u64
            }
            _ => children(board, depth, perft_full),
        }
    }

    fn children(board: &Board, depth: u32, walk: fn(&Board, u32) -> u64) -> u64 {
        let mut nodes = 0;
        for mv in board.legal_moves() {
            let mut child = board.clone();
            child.make_move_unhashed(mv);
            nodes += walk(&child, depth - 1);
        }
        nodes
    }
}

#[cfg(any(
    not(feature = "fast-perft"),
    all(popcnt_dispatch, not(target_feature = "popcnt"))
))]
use simple as plain;

#[cfg(popcnt_dispatch)]
mod modern {
    use super::*;
    use crate::attacks::{Magics, Pext};
    walks!(#[target_feature(enable = "popcnt,bmi1,bmi2")]);

    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn count(board: &Board, case: Castling) -> u64 {
        if dispatch::fast_pext() {
            count_in::<Pext>(board, case)
        } else {
            count_in::<Magics>(board, case)
        }
    }

    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn count_children(board: &Board, case: Castling) -> u64 {
        if dispatch::fast_pext() {
            count_children_with::<Pext>(board, case)
        } else {
            count_children_with::<Magics>(board, case)
        }
    }

    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn make_leaves(board: &Board) -> u64 {
        if dispatch::fast_pext() {
            make_leaves_with::<Pext>(board)
        } else {
            make_leaves_with::<Magics>(board)
        }
    }
}

/// Expands a node without a move list: each move the generator produces
/// is written into one target and `visit`ed. The target is a scratch board
/// for the last plies of the bulk walk (piece sets, rights, en passant and
/// side to move: the parent's changed by the move; the mailbox stays the
/// parent's), whose counter
/// reads only those fields (no list, no make and unmake per child), or a
/// [`Leaf`] for the full walk's leaves.
///
/// The target lives outside the struct, so that the full walk's
/// `black_box` sees only the leaf: with it inside, the count and the
/// parent had to live in memory too, reloaded and stored for every leaf.
///
/// Each kind of set the generator hands over has a writer of its own: a
/// piece's destinations with its kind read once (the empty squares, then
/// the captures, in loops of their own), pawn pushes and pawn
/// captures without the tests for castling, en passant and promotion; a
/// pawn's four promotions with its move written once; the single moves
/// (castling, en passant) through the general writer. The target holds
/// the parent's rest state (`Board::write_rest`) before and after each
/// visit: each writer applies its move, visits, and takes the move back
/// (`Board::visit_piece_child`).
#[cfg(feature = "fast-perft")]
struct WriteEach<'a, T, F> {
    parent: &'a Board,
    target: &'a mut T,
    nodes: u64,
    visit: F,
    /// `parent.castling_touch()`.
    touch: Bitboard,
}

#[cfg(feature = "fast-perft")]
impl<T: WriteTarget, F: FnMut(&T) -> u64> WriteEach<'_, T, F> {
    /// Visits the child after the piece on `from` (`kind`) moves to `to`,
    /// taking `captured` (what stands there), the castling rights tested
    /// against `touch` ([`Board::visit_piece_child`]).
    #[inline(always)]
    fn child(
        &mut self,
        kind: PieceKind,
        from: Square,
        to: Square,
        captured: Option<PieceKind>,
        touch: Bitboard,
    ) {
        let visit = &mut self.visit;
        self.nodes +=
            self.parent
                .visit_piece_child(kind, from, to, captured, self.target, touch, |c| visit(c));
    }

    /// The children after the piece on `from` (`kind`) moves to each of
    /// the empty squares `quiet`, the castling rights tested against
    /// `touch` (inlined: the empty set folds the test away).
    #[inline(always)]
    fn quiet_children(&mut self, kind: PieceKind, from: Square, quiet: Bitboard, touch: Bitboard) {
        for to in quiet {
            self.child(kind, from, to, None, touch);
        }
    }
}

#[cfg(feature = "fast-perft")]
impl<T: WriteTarget, F: FnMut(&T) -> u64> Sink for WriteEach<'_, T, F> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        let parent = self.parent;
        // The generator hands pawns over as `pawns` and `promotions` only.
        let kind = parent.kind_on(from).unwrap_or(PieceKind::King);
        let theirs = parent.colored(!parent.side_to_move());
        // A move onto an empty square loses a castling right only by
        // starting on its king's or rook's square (`touch` holds
        // occupied squares only): the other pieces' such moves are
        // written with no test for it.
        let quiet = targets & !theirs;
        if self.touch.contains(from) {
            self.quiet_children(kind, from, quiet, self.touch);
        } else {
            self.quiet_children(kind, from, quiet, Bitboard::EMPTY);
        }
        for to in targets & theirs {
            self.child(kind, from, to, parent.kind_on(to), self.touch);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32) {
        let parent = self.parent;
        // Captures step diagonally (7 or 9 squares), pushes by 8 or 16.
        if delta % 8 != 0 {
            // Not en passant, not promoting: a pawn takes the piece on `to`.
            for to in targets {
                let from = behind(to, delta);
                self.child(PieceKind::Pawn, from, to, parent.kind_on(to), self.touch);
            }
        } else {
            let double = delta.abs() == 16;
            for to in targets {
                let visit = &mut self.visit;
                self.nodes +=
                    parent.visit_push_child(behind(to, delta), to, double, self.target, visit);
            }
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        let parent = self.parent;
        for to in targets {
            let from = behind(to, delta);
            let visit = &mut self.visit;
            self.nodes += parent.visit_promotion_children(from, to, self.target, self.touch, visit);
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        let visit = &mut self.visit;
        self.nodes += self.parent.visit_child(mv, self.target, self.touch, visit);
    }
}

/// The sum of `visit` over the children of `board`.
#[cfg(feature = "fast-perft")]
#[inline(always)]
fn sum_children<L: Sliders>(board: &Board, visit: impl FnMut(&Board) -> u64) -> u64 {
    let mut scratch = board.clone();
    visit_each::<L, _>(board, &mut scratch, visit)
}

/// Generates `board`'s legal moves (with the lookups of `L`) into a
/// [`WriteEach`] over `target`, which is first set to `board`'s rest state
/// and is back at it on return: the sum of `visit` over the children.
#[cfg(feature = "fast-perft")]
#[inline(always)]
fn visit_each<L: Sliders, T: WriteTarget>(
    board: &Board,
    target: &mut T,
    visit: impl FnMut(&T) -> u64,
) -> u64 {
    board.write_rest(target);
    let mut each = WriteEach {
        parent: board,
        target,
        nodes: 0,
        visit,
        touch: board.castling_touch(),
    };
    board.generate_legal_with::<L, _, ANY_CASTLING>(&mut each);
    each.nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::castling::CastlingMode;
    use crate::perft::suite::parse_suite;
    use alloc::format;
    use alloc::vec::Vec;

    /// The published counts of the CPW positions (`tests/data/cpw.epd`,
    /// see `tests/data/README.md`) and of the first Chess960 positions of
    /// `tests/data/fischer.epd` within this build's budget: `(board,
    /// depth, nodes)`. Between them they take each castling case of the
    /// walk ([`castling_of`]): standard rights (the start position,
    /// Kiwipete), none (CPW position 3, and subtrees where the last right
    /// goes), and Chess960 rights.
    fn cpw_checks() -> Vec<(Board, u32, u64)> {
        let budget = if cfg!(debug_assertions) {
            20_000
        } else {
            2_000_000
        };
        let mut suite = parse_suite(
            include_str!("../../tests/data/cpw.epd"),
            CastlingMode::Standard,
        )
        .unwrap();
        let fischer = parse_suite(
            include_str!("../../tests/data/fischer.epd"),
            CastlingMode::Chess960,
        )
        .unwrap();
        suite.extend(fischer.into_iter().take(6));
        // The castling cases are the fast walk's (`fast-perft`).
        #[cfg(feature = "fast-perft")]
        {
            let cases: Vec<Castling> = suite.iter().map(|e| castling_of(&e.board)).collect();
            for case in [NO_CASTLING, STANDARD_CASTLING, ANY_CASTLING] {
                assert!(
                    cases.contains(&case),
                    "no position for castling case {case}"
                );
            }
        }
        suite
            .into_iter()
            .flat_map(|entry| {
                let board = entry.board;
                entry
                    .counts
                    .into_iter()
                    .filter_map(move |(depth, expected)| {
                        let expected = u64::try_from(expected).ok()?;
                        (expected <= budget).then(|| (board.clone(), depth, expected))
                    })
            })
            .collect()
    }

    /// The `modern` walk, bulk or full. Callers first check
    /// `dispatch::modern()`.
    #[cfg(popcnt_dispatch)]
    #[allow(unsafe_code)]
    fn modern_walk(board: &Board, depth: u32, bulk: bool) -> u64 {
        debug_assert!(dispatch::modern());
        // SAFETY: only called when the CPU has `popcnt`, BMI1 and BMI2
        // (each caller checks `dispatch::modern()`).
        unsafe {
            if bulk {
                modern::perft(board, depth)
            } else {
                modern::perft_full(board, depth)
            }
        }
    }

    /// The move-list walk (`simple`), bulk or full.
    fn simple_walk(board: &Board, depth: u32, bulk: bool) -> u64 {
        if bulk {
            simple::perft(board, depth)
        } else {
            simple::perft_full(board, depth)
        }
    }

    /// Every walk this CPU can run (the move-list one, the portable one,
    /// the `popcnt` and BMI2 one, and the one [`leaves`] dispatches to)
    /// gives the published counts of the CPW positions
    /// (`tests/data/cpw.epd`, see `tests/data/README.md`).
    #[test]
    fn every_walk_gives_the_published_counts() {
        type Walk = fn(&Board, u32, bool) -> u64;
        #[allow(unused_mut)]
        let mut walks: alloc::vec::Vec<(&str, Walk)> = alloc::vec![
            ("simple", simple_walk),
            ("portable", portable),
            ("dispatched", leaves)
        ];
        #[cfg(popcnt_dispatch)]
        if dispatch::modern() {
            walks.push(("modern", modern_walk));
        }
        let mut checked = 0;
        for (board, depth, expected) in cpw_checks() {
            for bulk in [true, false] {
                for (name, walk) in &walks {
                    let what = format!("{name}, bulk={bulk}: {board:?} depth {depth}");
                    assert_eq!(walk(&board, depth, bulk), expected, "{what}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 60, "only {checked} checks");
    }

    /// The `modern` walk with its lookups forced to the magics (what AMD
    /// Zen 1 and 2 run, and what `MAGICBOARD_FORCE_MAGICS=1` measures)
    /// and forced to `pext`, whatever this CPU's `pext` is, gives the
    /// published counts.
    #[cfg(popcnt_dispatch)]
    #[test]
    fn the_modern_walk_with_either_lookup_gives_the_published_counts() {
        if !dispatch::modern() {
            return;
        }
        let checks = cpw_checks();
        let mut checked = 0;
        for fast_pext in [false, true] {
            let before = dispatch::set_fast_pext(fast_pext);
            for (board, depth, expected) in &checks {
                for bulk in [true, false] {
                    let got = modern_walk(board, *depth, bulk);
                    let what = format!("pext={fast_pext} bulk={bulk}: {board:?} {depth}");
                    assert_eq!(got, *expected, "{what}");
                    checked += 1;
                }
            }
            dispatch::set_fast_pext(before);
        }
        assert!(checked >= 40, "only {checked} checks");
    }

    /// Every legal move of every position three plies deep from the CPW
    /// positions, and two from the first 40 Chess960 positions of the
    /// suite, gives the leaf `make_move` gives.
    ///
    /// The full walk never reads its leaves, so the published counts
    /// would not notice a wrong one: this test is what checks them. (Long:
    /// a reference walk of its own, written out beside the checks.)
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
            // The sink of the last-but-one ply and of the full walk's
            // leaves, which writes each kind of move with its own writer
            // (`WriteEach`): child by child, the fields `make_move` leaves.
            // The sink visits a piece's moves before its captures, so the
            // children are compared in an order of their own.
            #[cfg(feature = "fast-perft")]
            {
                // Two children of a node differ in their pieces.
                fn sorted<T>(mut children: Vec<T>, leaf: fn(&T) -> &Leaf) -> Vec<T> {
                    children
                        .sort_unstable_by_key(|child| (leaf(child).by_kind, leaf(child).by_color));
                    children
                }
                fn pair(child: &(Leaf, u64)) -> &Leaf {
                    &child.0
                }
                let made: Vec<(Leaf, u64)> = sorted(
                    board
                        .legal_moves()
                        .iter()
                        .map(|&mv| {
                            let mut child = board.clone();
                            child.make_move(mv);
                            (child.as_leaf(), child.count_legal_moves())
                        })
                        .collect(),
                    pair,
                );
                // Into a scratch board, as the last-but-one ply: each child
                // with the counter's count (it reads nothing else), and the
                // scratch back at the rest state afterwards.
                let mut scratch = board.clone();
                let mut written = Vec::new();
                let nodes = visit_each::<crate::attacks::Native, _>(
                    board,
                    &mut scratch,
                    |child: &Board| {
                        written.push((child.as_leaf(), child.count_legal_moves()));
                        1
                    },
                );
                assert_eq!(nodes, made.len() as u64, "{board:?}");
                assert_eq!(sorted(written, pair), made, "{board:?}");
                // The scratch is back at the parent's rest state.
                let mut rest = board.as_leaf();
                board.write_rest(&mut rest);
                assert_eq!(scratch.as_leaf(), rest, "{board:?}");
                // The same sink writing the full walk's leaves.
                let mut leaf = board.as_leaf();
                let mut leaves = Vec::new();
                visit_each::<crate::attacks::Native, _>(board, &mut leaf, |leaf: &Leaf| {
                    leaves.push(*leaf);
                    1
                });
                let made_leaves: Vec<Leaf> = made.iter().map(|(leaf, _)| *leaf).collect();
                assert_eq!(sorted(leaves, |leaf| leaf), made_leaves, "{board:?}");
                assert_eq!(leaf, rest, "{board:?}");
                // The sets path (`src/perft/sets.rs`), where it applies:
                // each child as six sets (rights on their corners), or
                // through the scratch board, and what the counter makes of
                // it.
                let case = castling_of(board);
                if Sets::fit(board, case) {
                    let children = match case {
                        NO_CASTLING => sets_children::<NO_CASTLING>(board),
                        _ => sets_children::<STANDARD_CASTLING>(board),
                    };
                    assert_eq!(sorted(children, pair), made, "{board:?}");
                }
            }
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
        // Promotions that take a rook with a castling right (none of the
        // suites' positions has one within these depths): the right goes,
        // and must come back for the next child. With two such pawns, and
        // no castling of the mover's own to follow (castling and en
        // passant write every field), a right not given back shows.
        for fen in [
            "r3k2r/1P4P1/8/8/8/8/8/4K3 w kq - 0 1",
            "4k3/8/8/8/8/8/1p4p1/R3K2R b KQ - 0 1",
        ] {
            walk(&Board::from_fen(fen).unwrap(), 2, &mut checked);
        }
        assert!(checked > 250_000, "only {checked} moves checked");
    }

    /// The children of `board` (castling case `C`) as the sets path
    /// produces them, each with the count its counter gives: the sets
    /// turned into a board as `count_sets` does, or the scratch board.
    #[cfg(feature = "fast-perft")]
    fn sets_children<const C: Castling>(board: &Board) -> Vec<(Leaf, u64)> {
        use crate::attacks::Native;
        let white = board.side_to_move() == Color::White;
        let mut scratch = board.clone();
        board.write_rest(&mut scratch);
        let (mut by_sets, mut by_board) = (Vec::new(), Vec::new());
        let mut each = SetsEach::<_, _, C>::new(
            board,
            &mut scratch,
            |c: Sets| {
                let child = Sets {
                    us: c.them,
                    them: c.us,
                    ..c
                };
                let count = child.count::<Native, C>(!white);
                by_sets.push((child.board::<C>(!white).as_leaf(), count));
                1
            },
            |child: &Board| {
                by_board.push((child.as_leaf(), child.count_legal_moves()));
                1
            },
        );
        board.generate_as::<Native, _, ALL, C>(white, &mut each);
        let nodes = each.nodes;
        // The scratch is back at the parent's rest state.
        let mut rest = board.as_leaf();
        board.write_rest(&mut rest);
        assert_eq!(scratch.as_leaf(), rest, "{board:?}");
        by_sets.extend(by_board);
        assert_eq!(nodes, by_sets.len() as u64);
        by_sets
    }
}
