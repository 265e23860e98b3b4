//! A transposition table for perft: subtree counts keyed by position and
//! depth, shared safely between threads without locks and without `unsafe`.
//!
//! The same position is reached by many move orders (1.e4 e5 2.Nf3 and
//! 1.Nf3 e5 2.e4), and its subtree has the same number of leaves each time.
//! [`Perft::table`](crate::Perft::table) stores the count of every node at
//! least two plies from the leaves and looks it up before walking a
//! subtree again. Depth-1
//! nodes are not stored: counting their moves in bulk is faster than a
//! probe, which is usually a cache miss.
//!
//! # Lockless hashing
//!
//! Each entry is two [`AtomicU64`] words: `check = key ^ data` and `data`
//! (the count shifted left by eight bits, the depth in the low byte). A
//! writer stores both words; a reader loads both and accepts the entry only
//! when `check ^ data == key` and the depth matches. When two threads write
//! the same entry at once a reader can see the check word of one write and
//! the data word of the other; the XOR test then fails and the probe is a
//! miss, so a torn entry is never used (R. Hyatt and T. Mann, "A lock-less
//! transposition table implementation for parallel search chess engines",
//! ICGA Journal 2002). The atomics only make the word-sized loads and stores
//! well defined in Rust; `Relaxed` ordering is enough for the XOR check.
//!
//! # Limits
//!
//! * **Key collisions.** The key is the 64-bit Zobrist hash
//!   ([`Board::hash`]), mixed with the castling rook files on Chess960
//!   boards (whose Polyglot hash does not distinguish them). Two different
//!   positions with the same 64-bit key would share an entry and the count
//!   would be wrong. With random keys the chance that a run storing `n`
//!   positions meets such a pair is about `n² / 2⁶⁵`: below 10⁻⁴ for a
//!   billion stored positions. The table verifies what it can (torn writes,
//!   depth) but cannot rule this out; for a count you publish, confirm it
//!   with plain [`perft`](crate::perft()) or with a second run.
//! * Counts of `2⁵⁶` or more are not stored (the data word keeps 56 bits of
//!   count); such subtrees are recomputed, never truncated.
//! * Depths above 255 are not stored either.
//!
//! # Layout and replacement
//!
//! The table is a power-of-two number of 32-byte buckets, each holding two
//! entries, indexed by the low bits of the key. The first entry keeps the
//! deepest subtree seen (replaced only by one at least as deep), the second
//! takes everything else, so deep, expensive counts survive while shallow
//! ones still find room.

use crate::Board;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU64, Ordering};

/// One bucket: two entries of two words (`check`, `data`), 32 bytes.
#[derive(Default)]
#[repr(align(32))]
struct Bucket {
    words: [AtomicU64; 4],
}

/// Counts at or above this bound do not fit in the data word.
const MAX_COUNT: u64 = 1 << 56;

/// A fixed-size, thread-safe perft transposition table.
/// See the [module documentation](self).
///
/// ```
/// use magicboard::{Board, Perft, PerftTable};
///
/// let table = PerftTable::new(1); // 1 MiB
/// let board = Board::startpos();
/// assert_eq!(Perft::new(4).table(&table).count(&board), 197_281);
/// // The table may be reused: a second run finds the root count at once.
/// assert_eq!(Perft::new(4).table(&table).count(&board), 197_281);
/// ```
pub struct PerftTable {
    buckets: Vec<Bucket>,
    mask: u64,
}

impl PerftTable {
    /// Bytes per bucket (two entries).
    pub const BUCKET_BYTES: usize = core::mem::size_of::<Bucket>();

    /// A table of at most `size_mb` mebibytes: the largest power-of-two
    /// number of buckets that fits, and at least one bucket (so
    /// `PerftTable::new(0)` is a valid, if useless, one-bucket table).
    ///
    /// Like any allocation, a size the machine cannot provide aborts the
    /// process; use [`PerftTable::try_new`] for sizes given by users.
    ///
    /// # Panics
    ///
    /// When the table would take more than `isize::MAX` bytes ("capacity
    /// overflow"): a `size_mb` of `1 << 43` or more on 64-bit targets, of
    /// 2048 or more on 32-bit ones.
    ///
    /// ```
    /// use magicboard::PerftTable;
    /// // 1 MiB of 32-byte buckets; 3 MiB rounds down to 2 MiB.
    /// assert_eq!(PerftTable::new(1).buckets(), 1 << 15);
    /// assert_eq!(PerftTable::new(3).size_bytes(), 2 << 20);
    /// assert_eq!(PerftTable::new(0).buckets(), 1);
    /// ```
    pub fn new(size_mb: usize) -> PerftTable {
        PerftTable::with_buckets(Self::buckets_for(size_mb))
    }

    /// Like [`PerftTable::new`], but `None` instead of a panic or an abort
    /// when the memory cannot be allocated.
    ///
    /// ```
    /// use magicboard::PerftTable;
    /// assert!(PerftTable::try_new(16).is_some());
    /// assert!(PerftTable::try_new(usize::MAX).is_none());
    /// ```
    pub fn try_new(size_mb: usize) -> Option<PerftTable> {
        let count = Self::buckets_for(size_mb);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).ok()?;
        buckets.resize_with(count, Bucket::default);
        Some(PerftTable {
            buckets,
            mask: count as u64 - 1,
        })
    }

    /// The largest power-of-two number of buckets within `size_mb` MiB, at
    /// least one.
    fn buckets_for(size_mb: usize) -> usize {
        let bytes = size_mb.saturating_mul(1 << 20);
        let buckets = (bytes / Self::BUCKET_BYTES).max(1);
        1 << (usize::BITS - 1 - buckets.leading_zeros())
    }

    /// A table of `count` buckets (rounded up to a power of two, at least
    /// one), for sizing by entries rather than by MiB: each bucket holds two
    /// entries in [`PerftTable::BUCKET_BYTES`] bytes. Tiny tables are
    /// useful to test replacement: the counts stay exact, only slower.
    ///
    /// # Panics
    ///
    /// When the table would take more than `isize::MAX` bytes ("capacity
    /// overflow"): a `count` over `1 << 57` on 64-bit targets, over
    /// `1 << 25` on 32-bit ones. (Over `1 << 63`, rounding up overflows:
    /// builds without overflow checks then panic at the table's first use
    /// instead.) A size the machine cannot provide aborts the process, as in
    /// [`PerftTable::new`].
    ///
    /// ```
    /// use magicboard::{Board, Perft, PerftTable};
    /// let table = PerftTable::with_buckets(5);
    /// assert_eq!(table.buckets(), 8);
    /// assert_eq!(table.size_bytes(), 8 * PerftTable::BUCKET_BYTES);
    /// assert_eq!(Perft::new(4).table(&table).count(&Board::startpos()), 197_281);
    /// ```
    pub fn with_buckets(count: usize) -> PerftTable {
        let count = count.max(1).next_power_of_two();
        let mut buckets = Vec::with_capacity(count);
        buckets.resize_with(count, Bucket::default);
        PerftTable {
            buckets,
            mask: count as u64 - 1,
        }
    }

    /// Number of buckets (each holds two entries).
    ///
    /// ```
    /// assert_eq!(magicboard::PerftTable::with_buckets(100).buckets(), 128);
    /// ```
    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// Size of the table in bytes.
    ///
    /// ```
    /// assert_eq!(magicboard::PerftTable::new(4).size_bytes(), 4 << 20);
    /// ```
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * Self::BUCKET_BYTES
    }

    /// Empties the table.
    ///
    /// ```
    /// use magicboard::PerftTable;
    /// let mut table = PerftTable::new(1);
    /// table.store(0x1234, 3, 8902);
    /// table.clear();
    /// assert_eq!(table.probe(0x1234, 3), None);
    /// ```
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
    }

    /// The key under which `board`'s counts are stored: the Zobrist hash,
    /// mixed with the castling rook files on Chess960 boards (whose
    /// Polyglot hash does not say which rook a right belongs to).
    ///
    /// ```
    /// use magicboard::{Board, PerftTable};
    /// let start = Board::startpos();
    /// assert_eq!(PerftTable::key(&start), start.hash());
    /// // Same pieces; the white king-side right is with the g- or h-rook.
    /// let g = Board::from_fen_chess960("4k3/8/8/8/8/8/8/4K1RR w G - 0 1").unwrap();
    /// let h = Board::from_fen_chess960("4k3/8/8/8/8/8/8/4K1RR w H - 0 1").unwrap();
    /// assert_eq!(g.hash(), h.hash());
    /// assert_ne!(PerftTable::key(&g), PerftTable::key(&h));
    /// ```
    #[inline]
    pub fn key(board: &Board) -> u64 {
        if !board.is_chess960() {
            return board.hash();
        }
        let rights = board.castling_rights();
        let mut files = 0u64;
        for color in crate::Color::ALL {
            for side in crate::CastlingSide::ALL {
                let code = rights
                    .rook_file(color, side)
                    .map_or(0, |f| f.index() as u64 + 1);
                files = (files << 4) | code;
            }
        }
        // A splitmix64 finaliser spreads the 16 bits over the whole word;
        // `files == 0` (no rights) leaves the Polyglot hash unchanged.
        let mut z = files.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        board.hash() ^ (z ^ (z >> 31))
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        // `mask < buckets.len()`, so the index is in bounds.
        &self.buckets[(key & self.mask) as usize]
    }

    /// The stored leaf count of the position with `key` at `depth`, if an
    /// intact entry for exactly that key and depth is present.
    ///
    /// ```
    /// use magicboard::{Board, PerftTable};
    /// let table = PerftTable::new(1);
    /// let key = PerftTable::key(&Board::startpos());
    /// assert_eq!(table.probe(key, 3), None);
    /// table.store(key, 3, 8902);
    /// assert_eq!(table.probe(key, 3), Some(8902));
    /// assert_eq!(table.probe(key, 4), None, "the depth is part of the entry");
    /// ```
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let bucket = self.bucket(key);
        for slot in 0..2 {
            let check = bucket.words[2 * slot].load(Ordering::Relaxed);
            let data = bucket.words[2 * slot + 1].load(Ordering::Relaxed);
            if check ^ data == key && data & 0xff == u64::from(depth) && depth != 0 {
                return Some(data >> 8);
            }
        }
        None
    }

    /// Stores `count` leaves for the position with `key` at `depth`.
    /// Counts of `2⁵⁶` or more and depths 0 or above 255 are not stored
    /// (they are recomputed, never truncated). Takes `&self`: threads share
    /// one table.
    ///
    /// ```
    /// use magicboard::PerftTable;
    /// let table = PerftTable::new(1);
    /// table.store(42, 5, 4_865_609);
    /// assert_eq!(table.probe(42, 5), Some(4_865_609));
    /// table.store(43, 5, 1 << 56);
    /// assert_eq!(table.probe(43, 5), None);
    /// ```
    #[inline]
    pub fn store(&self, key: u64, depth: u32, count: u64) {
        if count >= MAX_COUNT || depth == 0 || depth > 0xff {
            return;
        }
        let data = (count << 8) | u64::from(depth);
        let bucket = self.bucket(key);
        // The first slot keeps the deepest subtree; a torn read of its depth
        // only makes this choice less good, never wrong.
        let deep_depth = bucket.words[1].load(Ordering::Relaxed) & 0xff;
        let slot = if u64::from(depth) >= deep_depth { 0 } else { 1 };
        bucket.words[2 * slot].store(key ^ data, Ordering::Relaxed);
        bucket.words[2 * slot + 1].store(data, Ordering::Relaxed);
    }
}

impl core::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PerftTable")
            .field("buckets", &self.buckets.len())
            .field("bytes", &self.size_bytes())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_powers_of_two() {
        assert_eq!(PerftTable::BUCKET_BYTES, 32);
        assert_eq!(PerftTable::new(0).buckets(), 1);
        assert_eq!(PerftTable::new(1).buckets(), 1 << 15);
        assert_eq!(PerftTable::new(3).size_bytes(), 2 << 20);
        assert_eq!(PerftTable::with_buckets(5).buckets(), 8);
    }

    #[test]
    fn probe_finds_only_what_was_stored() {
        let table = PerftTable::with_buckets(4);
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(table.probe(key, 3), None);
        table.store(key, 3, 97_862);
        assert_eq!(table.probe(key, 3), Some(97_862));
        assert_eq!(table.probe(key, 4), None, "depth is part of the entry");
        assert_eq!(
            table.probe(key ^ 1 << 40, 3),
            None,
            "same bucket, other key"
        );
        // A shallower entry goes to the second slot and keeps the first.
        table.store(key ^ 1 << 40, 2, 2039);
        assert_eq!(table.probe(key, 3), Some(97_862));
        assert_eq!(table.probe(key ^ 1 << 40, 2), Some(2039));
        // Too large to store: recomputed, never truncated.
        table.store(key ^ 1 << 41, 9, MAX_COUNT);
        assert_eq!(table.probe(key ^ 1 << 41, 9), None);
    }

    #[test]
    fn torn_entry_is_rejected() {
        let table = PerftTable::with_buckets(1);
        let (a, b) = (0xaaaa_0000_0000_0000u64, 0x5555_0000_0000_0000u64);
        table.store(a, 5, 1000);
        // Simulate a torn write: the check word of `b`'s entry with the data
        // word of `a`'s.
        let data_b = (2000u64 << 8) | 5;
        table.buckets[0].words[0].store(b ^ data_b, Ordering::Relaxed);
        assert_eq!(table.probe(a, 5), None);
        assert_eq!(table.probe(b, 5), None);
    }

    #[test]
    fn chess960_key_depends_on_rook_files() {
        // Same pieces; the white king-side right is with the g- or h-rook.
        let g = Board::from_fen_chess960("4k3/8/8/8/8/8/8/4K1RR w G - 0 1").unwrap();
        let h = Board::from_fen_chess960("4k3/8/8/8/8/8/8/4K1RR w H - 0 1").unwrap();
        assert_eq!(g.hash(), h.hash(), "Polyglot hash ignores the rook file");
        assert_ne!(PerftTable::key(&g), PerftTable::key(&h));
        let standard = Board::startpos();
        assert_eq!(PerftTable::key(&standard), standard.hash());
    }

    #[test]
    fn tiny_tables_give_exact_counts() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let board = Board::from_fen(fen).unwrap();
        // Published count (CPW "Perft Results", position 2, depth 4).
        let expected = 4_085_603;
        for buckets in [1, 2, 64, 4096] {
            let table = PerftTable::with_buckets(buckets);
            for bulk in [true, false] {
                let hashed = crate::Perft::new(4).bulk(bulk).table(&table);
                assert_eq!(hashed.count(&board), expected);
                // Warm table, second run.
                assert_eq!(hashed.count(&board), expected);
            }
        }
    }
}
