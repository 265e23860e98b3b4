//! Perft: counting the leaves of the legal-move tree, the standard test and
//! benchmark of a move generator.
//!
//! One entry point: [`perft`] for the common case, and the [`Perft`]
//! options value for everything else: the last ply counted in bulk or every
//! leaf made, threads (feature `parallel`), a transposition table, a split
//! by root move ([`Perft::divide`]), and counts past `u64::MAX`
//! ([`Perft::count_u128`]).
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
//! Counts flow one way, and their results come back up once: [`Perft`]
//! (this file: the options and the entry points) hands a count to `roots`
//! (the root split: the root, or each root move, cut into tasks near the
//! root and counted on a thread pool with the feature `parallel`), each
//! task to `tree` (the count below one board in 128 bits, with the
//! [`table`] and the [`PerftMeter`]), and each subtree it can to the
//! leaves: `walk` (the fast `u64` walks, with their run-time CPU dispatch,
//! writing leaves through `leaf`) or `stats` for [`PerftStats`]. Beside
//! them: [`split`] (cutting a run into independent positions) and
//! [`suite`] (reading perft suites).
//!
//! # Counts past `u64::MAX`
//!
//! Perft 14 of the start position is 61,885,021,521,585,529,237, more than
//! `u64::MAX`. Every sum above the fast walk is made in `u128` and checked,
//! so [`Perft::count_u128`], [`Perft::divide_u128`],
//! [`Perft::count_split`] and [`Perft::count_each`] are exact up to
//! `2¹²⁸ − 1` and return a [`CountOverflow`] naming the subtree beyond it
//! (which only a table makes reachable: a deep endgame). [`Perft::count`]
//! and [`Perft::divide`] keep the `u64` of the common case and panic past
//! it, never wrapping.

#[cfg(test)]
mod effect_tests;
mod leaf;
mod roots;
#[cfg(feature = "fast-perft")]
mod sets;
mod stats;
mod tree;
mod walk;

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod split;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod suite;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod table;
/// Without `alloc` there is no table: an uninhabited stand-in, so that the
/// tree's table code compiles unchanged and is never reached.
#[cfg(not(feature = "alloc"))]
mod table {
    use crate::board::Board;

    /// No value exists: `Perft::table` needs `alloc`.
    #[derive(Debug)]
    pub enum PerftTable {}

    impl PerftTable {
        pub(crate) fn key(&self, _: &Board, _: u32) -> u128 {
            match *self {}
        }
        pub(crate) fn get_key(&self, _: u128) -> Option<u128> {
            match *self {}
        }
        pub(crate) fn put_key(&self, _: u128, _: u128) {
            match *self {}
        }
        pub(crate) fn get_stats(&self, _: u128) -> Option<[u128; 9]> {
            match *self {}
        }
        pub(crate) fn put_stats(&self, _: u128, _: &[u128; 9]) {
            match *self {}
        }
    }
}

use self::roots::Job;
pub use self::stats::PerftStats;
use self::table::PerftTable;
use self::tree::Counting;
pub use self::tree::{CountOverflow, PerftMeter};
use crate::board::Board;
#[cfg(feature = "alloc")]
use crate::moves::Move;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// The number of leaf nodes of the legal-move tree `depth` plies below
/// `board`, on one thread, the last ply counted in bulk (the number of
/// legal moves, without making them). `perft(board, 0)` is 1.
///
/// The same as `Perft::new(depth).count(board)`; see [`Perft`] for the
/// other ways of counting, and [`Perft::count_u128`] for counts past
/// `u64::MAX`. The feature `fast-perft` makes it faster in bulk, for more
/// compile time (see the crate's features).
///
/// # Panics
///
/// When the count exceeds `u64::MAX`, as [`Perft::count`] does.
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
/// table. Build it, then [`count`](Perft::count), [`divide`](Perft::divide),
/// [`count_split`](Perft::count_split) or [`count_each`](Perft::count_each).
/// Every combination gives the same counts (the table barring a 128-bit key
/// collision: see [`table`]).
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
    threads: usize,
    table: Option<&'t PerftTable>,
    meter: Option<&'t PerftMeter>,
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
            table: None,
            meter: None,
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
    #[cfg_attr(docsrs, doc(cfg(feature = "parallel")))]
    pub const fn threads(mut self, threads: usize) -> Perft<'t> {
        self.threads = threads;
        self
    }

    /// Stores and looks up subtree counts in `table`, which may be shared
    /// by threads and reused across calls and root positions. Deep counts
    /// get much faster (the tree has many transpositions); see [`table`]
    /// for its keys, and for checking a count with a second seed.
    ///
    /// ```
    /// use magicboard::{Board, Perft, PerftTable};
    /// let table = PerftTable::new(4);
    /// let board = Board::startpos();
    /// assert_eq!(Perft::new(4).table(&table).count(&board), 197_281);
    /// assert_eq!(Perft::new(4).full().table(&table).count(&board), 197_281);
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub const fn table<'u>(self, table: &'u PerftTable) -> Perft<'u>
    where
        't: 'u,
    {
        Perft {
            depth: self.depth,
            bulk: self.bulk,
            threads: self.threads,
            table: Some(table),
            meter: self.meter,
        }
    }

    /// Adds what the count visits to `meter` as it goes: the leaves the
    /// generator counted and the table's hits, which another thread may
    /// read while the count runs (the perft tool's progress line and its
    /// speed figures). The counting threads hand their figures over now
    /// and then, so a meter costs the count nothing measurable.
    ///
    /// ```
    /// use magicboard::perft::PerftMeter;
    /// use magicboard::{Board, Perft};
    /// let meter = PerftMeter::new();
    /// let nodes = Perft::new(4).meter(&meter).count(&Board::startpos());
    /// assert_eq!(meter.visited(), nodes);
    /// ```
    pub const fn meter<'u>(self, meter: &'u PerftMeter) -> Perft<'u>
    where
        't: 'u,
    {
        Perft {
            depth: self.depth,
            bulk: self.bulk,
            threads: self.threads,
            table: self.table,
            meter: Some(meter),
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
impl Perft<'_> {
    /// The number of leaves `depth` plies below `board`.
    ///
    /// # Panics
    ///
    /// When the count exceeds `u64::MAX` (perft 14 of the start position and
    /// deeper, or a deep endgame with a table), rather than return a wrapped
    /// number: use [`Perft::count_u128`] for such counts.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// // CPW position 3, published counts.
    /// let board = Board::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
    /// assert_eq!(Perft::new(4).count(&board), 43_238);
    /// assert_eq!(Perft::new(4).full().count(&board), 43_238);
    /// ```
    pub fn count(&self, board: &Board) -> u64 {
        narrow(self.count_u128(board))
    }

    /// The number of leaves `depth` plies below `board`, exact up to
    /// `2¹²⁸ − 1`.
    ///
    /// # Errors
    ///
    /// [`CountOverflow`] when a subtree's count exceeds `2¹²⁸ − 1`.
    ///
    /// ```
    /// use magicboard::{Board, Perft, PerftTable};
    /// // Two bare kings: their 24-ply tree has more than 2^64 leaves, but
    /// // few distinct positions, which the table counts once each.
    /// let board = Board::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1")?;
    /// let table = PerftTable::new(16);
    /// let nodes = Perft::new(24).table(&table).count_u128(&board)?;
    /// assert!(nodes > u128::from(u64::MAX));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_u128(&self, board: &Board) -> Result<u128, CountOverflow> {
        roots::total(&self.job(), board)
    }

    /// The perft statistics `depth` plies below `board`: the leaf moves
    /// counted by kind (captures, en passant, castles, promotions, checks,
    /// discovered and double checks, checkmates), as the Chess Programming
    /// Wiki's "Perft Results" tables give them; see [`PerftStats`] for the
    /// definitions. Threads and a table work as for counts (the table keeps
    /// statistics apart from counts); [`Perft::full`] makes no difference.
    ///
    /// # Errors
    ///
    /// [`CountOverflow`] when a column exceeds `2¹²⁸ − 1`.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// // Published (CPW "Perft Results"): Kiwipete, depth 3.
    /// let kiwipete = Board::from_fen(
    ///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    /// )?;
    /// let stats = Perft::new(3).stats(&kiwipete)?;
    /// assert_eq!(stats.columns(), [97862, 17102, 45, 3162, 0, 993, 0, 0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self, board: &Board) -> Result<PerftStats, CountOverflow> {
        roots::total(&self.job(), board)
    }

    /// [`Perft::stats`] split by root move, as [`Perft::divide`] splits the
    /// count: the statistics of the leaf moves below each root move (at
    /// depth 1, of the root move itself), which add up to
    /// [`Perft::stats`].
    ///
    /// # Errors
    ///
    /// [`CountOverflow`] when a column exceeds `2¹²⁸ − 1`.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// let start = Board::startpos();
    /// let split = Perft::new(3).divide_stats(&start)?;
    /// assert_eq!(split.len(), 20);
    /// let total: magicboard::perft::PerftStats = split.iter().map(|&(_, s)| s).sum();
    /// assert_eq!(total, Perft::new(3).stats(&start)?);
    /// # Ok::<(), magicboard::perft::CountOverflow>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn divide_stats(&self, board: &Board) -> Result<Vec<(Move, PerftStats)>, CountOverflow> {
        if self.depth == 1 {
            // The root moves are the leaves.
            let moves = board.legal_moves();
            return Ok(moves
                .iter()
                .map(|&mv| (mv, stats::leaf_move(board, mv)))
                .collect());
        }
        roots::divide(&self.job(), board)
    }

    /// [`Perft::count_each`] for statistics: calls `each(index, stats)` as
    /// each board's statistics are finished.
    ///
    /// # Errors
    ///
    /// [`CountOverflow`] when a column exceeds `2¹²⁸ − 1`.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// use std::sync::Mutex;
    /// let boards = [Board::startpos()];
    /// let found = Mutex::new(None);
    /// Perft::new(4).stats_each(&boards, |_, s| *found.lock().unwrap() = Some(s))?;
    /// assert_eq!(found.into_inner().unwrap().map(|s| s.checkmates), Some(8));
    /// # Ok::<(), magicboard::perft::CountOverflow>(())
    /// ```
    pub fn stats_each(
        &self,
        boards: &[Board],
        each: impl Fn(usize, PerftStats) + Sync + Send,
    ) -> Result<(), CountOverflow> {
        roots::each(&self.job(), boards, each)
    }

    /// The count split by root move: each legal move with the number of
    /// leaves below it (`depth - 1` plies after the move), in generation
    /// order (which is not part of the semver promise). The counts sum to
    /// [`Perft::count`]; for depth 0 the list is empty. This is perft's
    /// "divide", the first step of finding where two generators disagree.
    ///
    /// # Panics
    ///
    /// When a root move's count exceeds `u64::MAX`: use
    /// [`Perft::divide_u128`] for such counts.
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
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn divide(&self, board: &Board) -> Vec<(Move, u64)> {
        let split = self.divide_u128(board).unwrap_or_else(|e| panic!("{e}"));
        let narrow = |(mv, nodes): (Move, u128)| match u64::try_from(nodes) {
            Ok(nodes) => (mv, nodes),
            Err(_) => panic!("perft count {nodes} exceeds u64::MAX: use Perft::divide_u128"),
        };
        split.into_iter().map(narrow).collect()
    }

    /// [`Perft::divide`] with each root move's count exact up to
    /// `2¹²⁸ − 1`.
    ///
    /// # Errors
    ///
    /// [`CountOverflow`] when a subtree's count exceeds `2¹²⁸ − 1`.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// let start = Board::startpos();
    /// let split = Perft::new(3).divide_u128(&start)?;
    /// assert_eq!(split.iter().map(|&(_, n)| n).sum::<u128>(), 8902);
    /// # Ok::<(), magicboard::perft::CountOverflow>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn divide_u128(&self, board: &Board) -> Result<Vec<(Move, u128)>, CountOverflow> {
        roots::divide(&self.job(), board)
    }

    /// The total over a split ([`split::split_positions`]): the sum of
    /// `multiplicity × count(position)`, with `depth` plies below each
    /// position, exact up to `2¹²⁸ − 1`. With several threads, the positions
    /// are counted in parallel, each on one thread.
    ///
    /// # Errors
    ///
    /// [`CountOverflow`] when the total exceeds `2¹²⁸ − 1`, naming the
    /// position whose share overflowed it.
    ///
    /// ```
    /// use magicboard::perft::split::split_positions;
    /// use magicboard::{Board, Perft};
    /// // perft(start, 5) = the sum over the 5362 positions three plies in
    /// // of their multiplicity times their perft(2).
    /// let split = split_positions(&Board::startpos(), 3);
    /// assert_eq!(Perft::new(2).count_split(&split), Ok(4_865_609));
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn count_split(&self, positions: &[(Board, u64)]) -> Result<u128, CountOverflow> {
        roots::weighted_sum(&self.job(), positions)
    }

    /// Counts each of `boards` (`depth` plies below it) and calls
    /// `each(index, count)` as each count is finished, from the thread that
    /// counted it: on several threads, in no particular order. For runs
    /// that record their progress (the perft tool's shards journal each
    /// position as it is counted). Stops at the first overflow.
    ///
    /// # Errors
    ///
    /// [`CountOverflow`] when a count exceeds `2¹²⁸ − 1`.
    ///
    /// ```
    /// use magicboard::{Board, Perft};
    /// use std::sync::Mutex;
    /// let boards = [
    ///     Board::startpos(),
    ///     Board::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")?,
    /// ];
    /// let counts = Mutex::new(Vec::new());
    /// Perft::new(3).count_each(&boards, |i, n| counts.lock().unwrap().push((i, n)))?;
    /// let mut counts = counts.into_inner().unwrap();
    /// counts.sort();
    /// // Published (CPW "Perft Results"): the start position and position 3.
    /// assert_eq!(counts, [(0, 8902), (1, 2812)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_each(
        &self,
        boards: &[Board],
        each: impl Fn(usize, u128) + Sync + Send,
    ) -> Result<(), CountOverflow> {
        roots::each(&self.job(), boards, each)
    }

    /// The root split's job for these options.
    fn job(&self) -> Job<'_> {
        Job {
            depth: self.depth,
            threads: self.threads,
            counting: Counting {
                bulk: self.bulk,
                table: self.table,
                meter: self.meter,
            },
        }
    }
}

/// `u64` of a count for the `u64` entry points, which panic rather than
/// wrap.
fn narrow(count: Result<u128, CountOverflow>) -> u64 {
    match count {
        Ok(nodes) => u64::try_from(nodes).unwrap_or_else(|_| {
            panic!("perft count {nodes} exceeds u64::MAX: use Perft::count_u128 or divide_u128")
        }),
        Err(e) => panic!("{e}"),
    }
}
