//! Perft: counting the leaves of the legal-move tree, the standard test and
//! benchmark of a move generator.
//!
//! One entry point: [`perft`] for the common case, and the [`Perft`]
//! options value for everything else: the last ply counted in bulk or every
//! leaf made, threads (feature `parallel`), a transposition table, and a
//! split by root move ([`Perft::divide`]).
//!
//! ```
//! use magicboard::{perft, Board, Perft};
//!
//! let kiwipete = Board::from_fen(
//!     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
//! )?;
//! assert_eq!(perft(&kiwipete, 3), 97_862);
//!
//! // Every leaf made and unmade (measures make/unmake too): same count.
//! assert_eq!(Perft::new(3).full().count(&kiwipete), 97_862);
//!
//! // The count below each root move.
//! let split = Perft::new(2).divide(&kiwipete);
//! assert_eq!(split.len(), 48);
//! assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 2039);
//! # Ok::<(), magicboard::FenError>(())
//! ```
//!
//! The children: `walk` (the sequential walks, with their run-time
//! `popcnt` dispatch), [`table`] (the transposition table), `parallel`
//! (the thread pool, feature `parallel`), [`split`] (cutting a run into
//! independent positions) and [`suite`] (reading perft suites).

mod walk;

#[cfg(feature = "parallel")]
mod parallel;
pub mod split;
pub mod suite;
#[cfg(target_has_atomic = "64")]
pub mod table;

#[cfg(target_has_atomic = "64")]
use self::table::PerftTable;
use crate::{Board, Move};
use alloc::vec::Vec;
use core::marker::PhantomData;

/// The number of leaf nodes of the legal-move tree `depth` plies below
/// `board`, on one thread, the last ply counted in bulk (the number of
/// legal moves, without making them). `perft(board, 0)` is 1.
///
/// The same as `Perft::new(depth).count(board)`; see [`Perft`] for the
/// other ways of counting. The feature `fast-perft` makes it about 1.6×
/// faster in bulk, for more compile time (see the crate's features).
///
/// ```
/// use magicboard::{perft, Board};
/// let start = Board::startpos();
/// // Published counts (Chess Programming Wiki, "Perft Results").
/// assert_eq!(perft(&start, 1), 20);
/// assert_eq!(perft(&start, 3), 8902);
/// assert_eq!(perft(&start, 4), 197_281);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    Perft::new(depth).count(board)
}

/// How to count a perft: depth, bulk or full, threads, a transposition
/// table. Build it, then [`count`](Perft::count), [`divide`](Perft::divide)
/// or [`count_split`](Perft::count_split). Every combination gives the
/// same counts (the table barring a 64-bit key collision: see
/// [`table`]).
///
/// ```
/// use magicboard::{Board, Perft, PerftTable};
/// let start = Board::startpos();
/// let table = PerftTable::new(16); // MiB
/// let deep = Perft::new(5).table(&table);
/// assert_eq!(deep.count(&start), 4_865_609);
/// // The table may be reused: the root count is found at once now.
/// assert_eq!(deep.count(&start), 4_865_609);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Perft<'t> {
    depth: u32,
    bulk: bool,
    // Read only by the thread pool (feature `parallel`).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    threads: usize,
    #[cfg(target_has_atomic = "64")]
    table: Option<&'t PerftTable>,
    table_lifetime: PhantomData<&'t ()>,
}

/// # Setting up a count
impl Perft<'static> {
    /// Perft to `depth` plies: one thread, no table, the last ply counted in
    /// bulk.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// assert_eq!(Perft::new(2).count(&Board::startpos()), 400);
    /// assert_eq!(Perft::new(0).count(&Board::startpos()), 1);
    /// ```
    pub const fn new(depth: u32) -> Perft<'static> {
        Perft {
            depth,
            bulk: true,
            threads: 1,
            #[cfg(target_has_atomic = "64")]
            table: None,
            table_lifetime: PhantomData,
        }
    }
}

/// # Options
///
/// Each returns the changed options, so they chain:
/// `Perft::new(6).full().table(&table)`.
impl<'t> Perft<'t> {
    /// Makes every leaf move (and takes it back) instead of counting the
    /// last ply in bulk: the same count, but measures make/unmake as well
    /// as generation (`perft --no-bulk`).
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// let start = Board::startpos();
    /// assert_eq!(Perft::new(3).full().count(&start), 8902);
    /// assert!(!Perft::new(3).full().is_bulk());
    /// ```
    pub const fn full(self) -> Perft<'t> {
        self.bulk(false)
    }

    /// Counts the last ply in bulk (`true`, the default) or makes every
    /// leaf (`false`, the same as [`Perft::full`]).
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// let board = Board::startpos();
    /// for bulk in [true, false] {
    ///     assert_eq!(Perft::new(3).bulk(bulk).count(&board), 8902);
    /// }
    /// ```
    pub const fn bulk(mut self, bulk: bool) -> Perft<'t> {
        self.bulk = bulk;
        self
    }

    /// Counts on `threads` threads (feature `parallel`); `0` means one per
    /// core (rayon's default, or `RAYON_NUM_THREADS`). The default is 1.
    ///
    /// The tree is split a few plies below the root, each piece a task on a
    /// pool built for the call; should the operating system refuse to start
    /// threads, the count is made on the calling thread.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// assert_eq!(Perft::new(5).threads(2).count(&Board::startpos()), 4_865_609);
    /// ```
    #[cfg(feature = "parallel")]
    pub const fn threads(mut self, threads: usize) -> Perft<'t> {
        self.threads = threads;
        self
    }

    /// Stores and looks up subtree counts in `table`, which may be shared
    /// by threads and reused across calls and root positions. Deep counts
    /// get much faster (the tree has many transpositions); see [`table`]
    /// for the (tiny) risk of a key collision.
    ///
    /// ```
    /// use magicboard::{Board, Perft, PerftTable};
    /// let table = PerftTable::new(4);
    /// let board = Board::startpos();
    /// assert_eq!(Perft::new(4).table(&table).count(&board), 197_281);
    /// assert_eq!(Perft::new(4).full().table(&table).count(&board), 197_281);
    /// ```
    #[cfg(target_has_atomic = "64")]
    pub const fn table<'u>(self, table: &'u PerftTable) -> Perft<'u> {
        Perft {
            depth: self.depth,
            bulk: self.bulk,
            threads: self.threads,
            table: Some(table),
            table_lifetime: PhantomData,
        }
    }

    /// The depth in plies.
    ///
    /// ```
    /// assert_eq!(magicboard::Perft::new(6).depth(), 6);
    /// ```
    pub const fn depth(&self) -> u32 {
        self.depth
    }

    /// True when the last ply is counted in bulk (see [`Perft::full`]).
    ///
    /// ```
    /// assert!(magicboard::Perft::new(6).is_bulk());
    /// ```
    pub const fn is_bulk(&self) -> bool {
        self.bulk
    }
}

/// # Counting
impl<'t> Perft<'t> {
    /// The number of leaves `depth` plies below `board`.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// // CPW position 3, published counts.
    /// let board = Board::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
    /// assert_eq!(Perft::new(4).count(&board), 43_238);
    /// assert_eq!(Perft::new(4).full().count(&board), 43_238);
    /// ```
    pub fn count(&self, board: &Board) -> u64 {
        #[cfg(feature = "parallel")]
        if self.threads != 1 {
            return parallel::count(self, board);
        }
        self.sequential(board, self.depth)
    }

    /// The count split by root move: each legal move with the number of
    /// leaves below it (`depth - 1` plies after the move), in generation
    /// order (which is not part of the semver promise). The counts sum to
    /// [`Perft::count`]; for depth 0 the list is empty. This is perft's
    /// "divide", the first step of finding where two generators disagree.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// let start = Board::startpos();
    /// let split = Perft::new(3).divide(&start);
    /// assert_eq!(split.len(), 20);
    /// let e2e4 = start.parse_uci("e2e4").unwrap();
    /// assert_eq!(split.iter().find(|&&(mv, _)| mv == e2e4).unwrap().1, 600);
    /// assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 8902);
    /// assert!(Perft::new(0).divide(&start).is_empty());
    /// ```
    pub fn divide(&self, board: &Board) -> Vec<(Move, u64)> {
        if self.depth == 0 {
            return Vec::new();
        }
        #[cfg(feature = "parallel")]
        if self.threads != 1 {
            return parallel::divide(self, board);
        }
        board
            .legal_moves()
            .iter()
            .map(|&mv| {
                (
                    mv,
                    self.sequential(&board.play_unchecked(mv), self.depth - 1),
                )
            })
            .collect()
    }

    /// The total over a split ([`split::split_positions`]): the sum of
    /// `multiplicity × count(position)`, with `depth` plies below each
    /// position. With several threads, the positions are counted in
    /// parallel, each on one thread. `None` when the total exceeds
    /// `u64::MAX` (perft 14 and deeper).
    ///
    /// ```
    /// use magicboard::perft::split::split_positions;
    /// use magicboard::{Board, Perft};
    /// // perft(start, 5) = the sum over the 5362 positions three plies in
    /// // of their multiplicity times their perft(2).
    /// let split = split_positions(&Board::startpos(), 3);
    /// assert_eq!(Perft::new(2).count_split(&split), Some(4_865_609));
    /// ```
    pub fn count_split(&self, positions: &[(Board, u64)]) -> Option<u64> {
        #[cfg(feature = "parallel")]
        if self.threads != 1 {
            return parallel::count_split(self, positions);
        }
        positions.iter().try_fold(0u64, |sum, (board, m)| {
            sum.checked_add(self.sequential(board, self.depth).checked_mul(*m)?)
        })
    }

    /// The count `depth` plies below `board` on this thread, with the table
    /// when there is one.
    fn sequential(&self, board: &Board, depth: u32) -> u64 {
        #[cfg(target_has_atomic = "64")]
        if let Some(table) = self.table {
            return self.hashed(&mut board.clone(), depth, table);
        }
        walk::leaves(board, depth, self.bulk)
    }

    /// The hashed walk: every node at least two plies above the leaves is
    /// looked up and stored (counting depth-1 nodes is faster than a probe,
    /// which is usually a cache miss). Makes moves with the hash kept, as
    /// the keys need.
    #[cfg(target_has_atomic = "64")]
    fn hashed(&self, board: &mut Board, depth: u32, table: &PerftTable) -> u64 {
        if depth <= 1 {
            return walk::leaves(board, depth, self.bulk);
        }
        let key = PerftTable::key(board);
        if let Some(nodes) = table.probe(key, depth) {
            return nodes;
        }
        let mut nodes = 0;
        for mv in board.legal_moves() {
            let undo = board.make_move(mv);
            nodes += self.hashed(board, depth - 1, table);
            board.unmake_move(mv, undo);
        }
        table.store(key, depth, nodes);
        nodes
    }

    /// The stored count of `board` at `depth`, when there is a table and it
    /// has one (for the parallel split, which hashes its nodes too).
    #[cfg(feature = "parallel")]
    fn lookup(&self, board: &Board, depth: u32) -> Option<u64> {
        #[cfg(target_has_atomic = "64")]
        if let Some(table) = self.table {
            return table.probe(PerftTable::key(board), depth);
        }
        let _ = (board, depth);
        None
    }

    /// Stores `nodes` as the count of `board` at `depth`, when there is a
    /// table.
    #[cfg(feature = "parallel")]
    fn remember(&self, board: &Board, depth: u32, nodes: u64) {
        #[cfg(target_has_atomic = "64")]
        if let Some(table) = self.table {
            table.store(PerftTable::key(board), depth, nodes);
        }
        let _ = (board, depth, nodes);
    }
}
