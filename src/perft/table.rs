//! A transposition table for perft: subtree counts keyed by position and
//! depth, with 128-bit keys from a seed, shared between threads without
//! locks and without `unsafe`.
//!
//! The same position is reached by many move orders (1.e4 e5 2.Nf3 and
//! 1.Nf3 e5 2.e4), and its subtree has the same number of leaves each time.
//! [`Perft::table`](crate::perft::Perft::table) stores the count of every node at
//! least two plies from the leaves and looks it up before walking a subtree
//! again. Depth-1 nodes are not stored: counting their moves in bulk is
//! faster than a probe, which is usually a cache miss.
//!
//! # Keys
//!
//! Each entry is keyed by a 128-bit key of the pair (position, depth):
//! Zobrist hashing with keys of its own, drawn from a seed
//! ([`PerftTable::with_seed`]) rather than the fixed 64-bit Polyglot keys of
//! [`Board::hash`]. A key is the XOR of one random 128-bit number per piece
//! on its square, one for the side to move, one per castling right and its
//! rook's file (so Chess960 rights with different rooks differ), one for the
//! en-passant file, one for Chess960 boards, and one for the depth. So:
//!
//! * **A position is stored at each depth it is counted at.** The depth is
//!   part of the key, and the key chooses the slot: the counts of one
//!   position at depths 5, 7 and 9 go to three unrelated slots instead of
//!   competing for one.
//! * **An entry is accepted only when all 128 bits of its key agree.** Two
//!   different pairs get the same key with probability 2⁻¹²⁸ (they differ in
//!   at least one feature, so their keys differ by the XOR of at least one
//!   random number), and a run that stores `n` entries meets such a pair
//!   with probability about `n² / 2¹²⁹`: below 10⁻¹⁸ for 10¹⁰ entries. A
//!   64-bit key, such as the Polyglot hash, would have about 3 chances in
//!   1000 of a wrong count there.
//! * **Another seed is an independent check.** Tables with different seeds
//!   share no key, so a count confirmed under a second seed was confirmed
//!   by a second, independent set of keys: a false match in one run is not
//!   repeated in the other. The keys are computed with integer arithmetic
//!   only, so a seed gives the same keys and counts on every machine,
//!   whatever its word size or endianness.
//!
//! # Counts of any size
//!
//! An entry holds the whole 128-bit count, so deep counts (past `2⁶⁴` and
//! up to `2¹²⁸ − 1`) are stored and reused like small ones.
//!
//! # Lockless sharing
//!
//! An entry is four 64-bit words: `k0 ^ lo`, `k1 ^ hi ^ lo`, `lo` and `hi`,
//! where `(k0, k1)` is the key and `(lo, hi)` the count. A writer stores the
//! four words; a reader loads them and accepts the entry only when both key
//! words it recovers equal its own key. When two threads write one slot at
//! once, a reader can see words of both writes; the recovered key then
//! differs from its own unless 64 random key bits happen to coincide, so a
//! torn entry is a miss, never a wrong count (after R. Hyatt and T. Mann, "A
//! lock-less transposition table implementation for parallel search chess
//! engines", ICGA Journal 2002). Writes of one key always carry the same
//! count (a subtree's count is a fact), so mixing two of them is harmless.
//! The words are atomics only to make plain loads and stores well defined;
//! `Relaxed` ordering is enough. On targets without 64-bit atomics each word
//! is two 32-bit atomics, whose tearing the same check catches; on targets
//! with neither, the table stores nothing (counts stay exact).
//!
//! # Layout and replacement
//!
//! The table is a power-of-two number of 64-byte buckets (one cache line),
//! each holding two entries, chosen by the low bits of the key. The first
//! entry keeps the largest count seen (the most work to redo: it is
//! replaced only by one at least as large), the second takes everything
//! else, so expensive counts survive while cheap ones still find room.

use crate::board::Board;
use crate::castling::CastlingSide;
use crate::color::Color;
use crate::piece::PieceKind;
use alloc::boxed::Box;
use alloc::vec::Vec;

/// One word of an entry: a 64-bit atomic where the target has one, else
/// two 32-bit atomics, else nothing (see the module documentation). The
/// only place that depends on the target's atomics.
mod word {
    #[cfg(target_has_atomic = "64")]
    use core::sync::atomic::{AtomicU64, Ordering};

    /// A 64-bit word that threads load and store without locks.
    #[cfg(target_has_atomic = "64")]
    #[derive(Default)]
    pub(super) struct Word(AtomicU64);

    #[cfg(target_has_atomic = "64")]
    impl Word {
        #[inline(always)]
        pub(super) fn load(&self) -> u64 {
            self.0.load(Ordering::Relaxed)
        }

        #[inline(always)]
        pub(super) fn store(&self, value: u64) {
            self.0.store(value, Ordering::Relaxed);
        }
    }

    #[cfg(all(not(target_has_atomic = "64"), target_has_atomic = "32"))]
    use core::sync::atomic::{AtomicU32, Ordering};

    /// A 64-bit word as two 32-bit atomics: a reader may see halves of two
    /// writes, which the entry's key check rejects like any torn entry.
    #[cfg(all(not(target_has_atomic = "64"), target_has_atomic = "32"))]
    #[derive(Default)]
    pub(super) struct Word([AtomicU32; 2]);

    #[cfg(all(not(target_has_atomic = "64"), target_has_atomic = "32"))]
    impl Word {
        #[inline(always)]
        pub(super) fn load(&self) -> u64 {
            let lo = self.0[0].load(Ordering::Relaxed);
            let hi = self.0[1].load(Ordering::Relaxed);
            u64::from(lo) | u64::from(hi) << 32
        }

        #[inline(always)]
        pub(super) fn store(&self, value: u64) {
            self.0[0].store(value as u32, Ordering::Relaxed);
            self.0[1].store((value >> 32) as u32, Ordering::Relaxed);
        }
    }

    /// No atomics: a word that keeps nothing, so every probe misses.
    #[cfg(not(any(target_has_atomic = "64", target_has_atomic = "32")))]
    #[derive(Default)]
    pub(super) struct Word;

    #[cfg(not(any(target_has_atomic = "64", target_has_atomic = "32")))]
    impl Word {
        #[inline(always)]
        pub(super) fn load(&self) -> u64 {
            0
        }

        #[inline(always)]
        pub(super) fn store(&self, _value: u64) {}
    }
}

use word::Word;

/// One bucket: two entries of four words, one cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    words: [Word; 8],
}

/// The random numbers a table's keys are made of, drawn from its seed.
struct Keys {
    /// By `color * 6 + kind`, then square.
    piece: [[u128; 64]; 12],
    /// By `color * 2 + side`, then the rook's file.
    castling: [[u128; 8]; 4],
    /// By the en-passant square's file.
    en_passant: [u128; 8],
    /// Black to move.
    black: u128,
    /// Chess960 boards (whose castling moves are written another way, so
    /// they are not compared with standard boards).
    chess960: u128,
    /// Statistics entries (kept apart from counts of the same position and
    /// depth).
    stats: u128,
    /// By depth, for the depths below [`DEPTH_KEYS`]; deeper ones are drawn
    /// from `deep`.
    depth: [u128; DEPTH_KEYS],
    /// The start of the stream that draws the keys of deep depths.
    deep: u64,
}

/// Depth keys kept in a table; deeper depths' keys are computed.
const DEPTH_KEYS: usize = 64;

/// splitmix64's output function: a bijection of `u64` that spreads every
/// input bit over the whole word.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The increment of the splitmix64 stream.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// A splitmix64 stream of random words.
struct Stream(u64);

impl Stream {
    /// The stream of `seed`. The seed is mixed first, so that seeds one
    /// step apart do not give the same stream shifted by one.
    fn new(seed: u64) -> Stream {
        Stream(mix(seed ^ 0x6a09_e667_f3bc_c908))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        mix(self.0)
    }

    fn key(&mut self) -> u128 {
        u128::from(self.next()) << 64 | u128::from(self.next())
    }
}

impl Keys {
    fn new(seed: u64) -> Box<Keys> {
        let mut stream = Stream::new(seed);
        let mut keys = Box::new(Keys {
            piece: [[0; 64]; 12],
            castling: [[0; 8]; 4],
            en_passant: [0; 8],
            black: 0,
            chess960: 0,
            stats: 0,
            depth: [0; DEPTH_KEYS],
            deep: 0,
        });
        for square in keys.piece.iter_mut().flatten() {
            *square = stream.key();
        }
        for file in keys.castling.iter_mut().flatten() {
            *file = stream.key();
        }
        for file in &mut keys.en_passant {
            *file = stream.key();
        }
        keys.black = stream.key();
        keys.chess960 = stream.key();
        for depth in &mut keys.depth {
            *depth = stream.key();
        }
        keys.deep = stream.next();
        // Drawn last, so that adding it left every other key as it was.
        keys.stats = stream.key();
        keys
    }

    /// The key of `board`'s position (without the depth).
    #[inline]
    fn position(&self, board: &Board) -> u128 {
        let mut key = 0;
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let squares = &self.piece[color.index() * 6 + kind.index()];
                for square in board.colored_pieces(color, kind) {
                    key ^= squares[square.index()];
                }
            }
        }
        if board.side_to_move() == Color::Black {
            key ^= self.black;
        }
        if let Some(square) = board.en_passant() {
            key ^= self.en_passant[square.file().index()];
        }
        let rights = board.castling_rights();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(file) = rights.rook_file(color, side) {
                    key ^= self.castling[color.index() * 2 + side.index()][file.index()];
                }
            }
        }
        if board.is_chess960() {
            key ^= self.chess960;
        }
        key
    }

    /// The key of `depth`.
    #[inline]
    fn depth(&self, depth: u32) -> u128 {
        match self.depth.get(depth as usize) {
            Some(&key) => key,
            None => {
                // Two words of the stream `deep` at position `depth`.
                let at = self
                    .deep
                    .wrapping_add(u64::from(depth).wrapping_mul(GAMMA.wrapping_mul(2)));
                u128::from(mix(at)) << 64 | u128::from(mix(at.wrapping_add(GAMMA)))
            }
        }
    }
}

/// A fixed-size, thread-safe perft transposition table with seeded 128-bit
/// keys. See the [module documentation](self).
///
/// ```
/// use magicboard::{Board, Perft, PerftTable};
///
/// let table = PerftTable::new(1); // 1 MiB
/// let board = Board::startpos();
/// assert_eq!(Perft::new(4).table(&table).count(&board), 197_281);
/// // The table may be reused: a second run finds the root count at once.
/// assert_eq!(Perft::new(4).table(&table).count(&board), 197_281);
/// // A second run with other keys checks the first independently.
/// let other = PerftTable::new(1).with_seed(2);
/// assert_eq!(Perft::new(4).table(&other).count(&board), 197_281);
/// ```
pub struct PerftTable {
    buckets: Vec<Bucket>,
    mask: u64,
    seed: u64,
    keys: Box<Keys>,
    /// How many key words an entry must match (tests only: 1 shows what a
    /// 64-bit check would let through).
    #[cfg(test)]
    checked_words: u32,
}

impl PerftTable {
    /// The seed of [`PerftTable::new`] and the other constructors. Every
    /// machine draws the same keys from it.
    pub const DEFAULT_SEED: u64 = 0;

    /// Bytes per bucket (two entries of 32 bytes).
    pub const BUCKET_BYTES: usize = core::mem::size_of::<Bucket>();

    /// A table of at most `size_mb` mebibytes: the largest power-of-two
    /// number of buckets that fits, and at least one bucket (so
    /// `PerftTable::new(0)` is a valid, if useless, one-bucket table). The
    /// keys come from [`PerftTable::DEFAULT_SEED`].
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
    /// // 1 MiB of 64-byte buckets; 3 MiB rounds down to 2 MiB.
    /// assert_eq!(PerftTable::new(1).buckets(), 1 << 14);
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
        Some(PerftTable::from_buckets(buckets))
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
    /// overflow"): a `count` over `1 << 56` on 64-bit targets, over
    /// `1 << 24` on 32-bit ones. (Over `1 << 63`, rounding up overflows:
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
        PerftTable::from_buckets(buckets)
    }

    fn from_buckets(buckets: Vec<Bucket>) -> PerftTable {
        PerftTable {
            mask: buckets.len() as u64 - 1,
            buckets,
            seed: Self::DEFAULT_SEED,
            keys: Keys::new(Self::DEFAULT_SEED),
            #[cfg(test)]
            checked_words: 2,
        }
    }

    /// The same table with keys drawn from `seed`, and empty (entries
    /// stored under other keys could not be found again). Two tables with
    /// different seeds share no key, so a second count with another seed
    /// is an independent check of the first (see the [module
    /// documentation](self)). A seed gives the same keys on every machine.
    ///
    /// ```
    /// use magicboard::{Board, PerftTable};
    /// let table = PerftTable::new(1).with_seed(7);
    /// assert_eq!(table.seed(), 7);
    /// let start = Board::startpos();
    /// assert_ne!(table.key(&start, 3), PerftTable::new(1).key(&start, 3));
    /// ```
    pub fn with_seed(mut self, seed: u64) -> PerftTable {
        self.clear();
        self.seed = seed;
        self.keys = Keys::new(seed);
        self
    }

    /// The seed the keys are drawn from ([`PerftTable::DEFAULT_SEED`]
    /// unless [`PerftTable::with_seed`] said otherwise).
    ///
    /// ```
    /// use magicboard::PerftTable;
    /// assert_eq!(PerftTable::new(1).seed(), PerftTable::DEFAULT_SEED);
    /// ```
    pub fn seed(&self) -> u64 {
        self.seed
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

    /// Empties the table (the keys stay).
    ///
    /// ```
    /// use magicboard::{Board, PerftTable};
    /// let mut table = PerftTable::new(1);
    /// let start = Board::startpos();
    /// table.put(&start, 3, 8902);
    /// table.clear();
    /// assert_eq!(table.get(&start, 3), None);
    /// ```
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
    }

    /// The 128-bit key under which the count of `board` at `depth` is
    /// stored: the position's pieces, side to move, castling rights (with
    /// their rooks' files), en-passant file and Chess960 flag, and the
    /// depth, hashed with this table's keys (see the [module
    /// documentation](self)). The move clocks do not count.
    ///
    /// ```
    /// use magicboard::{Board, PerftTable};
    /// let table = PerftTable::new(1);
    /// let start = Board::startpos();
    /// assert_ne!(table.key(&start, 3), table.key(&start, 4));
    /// // Same pieces; the white king-side right is with the g- or h-rook.
    /// let g = Board::from_fen_with("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", magicboard::CastlingMode::Chess960)?;
    /// let h = Board::from_fen_with("4k3/8/8/8/8/8/8/4K1RR w H - 0 1", magicboard::CastlingMode::Chess960)?;
    /// assert_eq!(g.hash(), h.hash()); // Polyglot's key does not tell them apart
    /// assert_ne!(table.key(&g, 3), table.key(&h, 3));
    /// # Ok::<(), magicboard::FenError>(())
    /// ```
    #[inline]
    pub fn key(&self, board: &Board, depth: u32) -> u128 {
        self.keys.position(board) ^ self.keys.depth(depth)
    }

    /// The stored count of `board` at `depth`, if an intact entry with
    /// exactly its key is present.
    ///
    /// ```
    /// use magicboard::{Board, PerftTable};
    /// let table = PerftTable::new(1);
    /// let start = Board::startpos();
    /// assert_eq!(table.get(&start, 3), None);
    /// table.put(&start, 3, 8902);
    /// assert_eq!(table.get(&start, 3), Some(8902));
    /// assert_eq!(table.get(&start, 4), None, "the depth is part of the key");
    /// ```
    #[inline]
    pub fn get(&self, board: &Board, depth: u32) -> Option<u128> {
        self.get_key(self.key(board, depth))
    }

    /// Stores `count` as the number of leaves `depth` plies below `board`.
    /// Counts of any size are kept. Takes `&self`: threads share one table.
    ///
    /// ```
    /// use magicboard::{Board, PerftTable};
    /// let table = PerftTable::new(1);
    /// let start = Board::startpos();
    /// table.put(&start, 14, 61_885_021_521_585_529_237);
    /// assert_eq!(table.get(&start, 14), Some(61_885_021_521_585_529_237));
    /// ```
    #[inline]
    pub fn put(&self, board: &Board, depth: u32, count: u128) {
        self.put_key(self.key(board, depth), count);
    }

    #[inline(always)]
    fn bucket(&self, key: u128) -> &Bucket {
        // `mask < buckets.len()`, so the index is in bounds.
        &self.buckets[(key as u64 & self.mask) as usize]
    }

    /// The count stored under `key` (from [`PerftTable::key`]).
    #[inline]
    pub(crate) fn get_key(&self, key: u128) -> Option<u128> {
        let (k0, k1) = (key as u64, (key >> 64) as u64);
        let bucket = self.bucket(key);
        for entry in bucket.words.chunks_exact(4) {
            let lo = entry[2].load();
            let hi = entry[3].load();
            let found0 = entry[0].load() ^ lo;
            let found1 = entry[1].load() ^ hi ^ lo;
            if found0 == k0 && (found1 == k1 || self.checks_one_word()) {
                return Some(u128::from(lo) | u128::from(hi) << 64);
            }
        }
        None
    }

    /// Stores `count` under `key`.
    #[inline]
    pub(crate) fn put_key(&self, key: u128, count: u128) {
        let (k0, k1) = (key as u64, (key >> 64) as u64);
        let (lo, hi) = (count as u64, (count >> 64) as u64);
        let bucket = self.bucket(key);
        // The first entry keeps the largest count; a torn read of it only
        // makes this choice less good, never wrong.
        let first = u128::from(bucket.words[2].load()) | u128::from(bucket.words[3].load()) << 64;
        let entry = if count >= first {
            &bucket.words[..4]
        } else {
            &bucket.words[4..]
        };
        entry[0].store(k0 ^ lo);
        entry[1].store(k1 ^ hi ^ lo);
        entry[2].store(lo);
        entry[3].store(hi);
    }

    /// The statistics stored under `key` (from [`PerftTable::key`]), as
    /// [`PerftStats::columns`](super::PerftStats::columns).
    ///
    /// A statistics entry takes four buckets (256 bytes): two key words and
    /// nine 128-bit columns, the key words stored XORed with two digests of
    /// the columns, so that an entry torn by two writers (or overwritten in
    /// part by count entries) fails the key check. Tables of fewer than four
    /// buckets keep no statistics.
    pub(crate) fn get_stats(&self, key: u128) -> Option<[u128; 9]> {
        let words = self.stats_words(key)?;
        let mut data = [0u64; 18];
        for (value, word) in data.iter_mut().zip(&words[2..20]) {
            *value = word.load();
        }
        let (d0, d1) = digests(&data);
        let found = u128::from(words[0].load() ^ d0) | u128::from(words[1].load() ^ d1) << 64;
        (found == key ^ self.keys.stats).then(|| {
            core::array::from_fn(|i| u128::from(data[2 * i]) | u128::from(data[2 * i + 1]) << 64)
        })
    }

    /// Stores statistics under `key`, replacing what was there.
    pub(crate) fn put_stats(&self, key: u128, columns: &[u128; 9]) {
        let Some(words) = self.stats_words(key) else {
            return;
        };
        let data: [u64; 18] = core::array::from_fn(|i| (columns[i / 2] >> (64 * (i % 2))) as u64);
        let (d0, d1) = digests(&data);
        let key = key ^ self.keys.stats;
        words[0].store(key as u64 ^ d0);
        words[1].store((key >> 64) as u64 ^ d1);
        for (word, value) in words[2..20].iter().zip(data) {
            word.store(value);
        }
    }

    /// The 20 words of the statistics entry for `key`: four buckets from a
    /// multiple of four.
    fn stats_words(&self, key: u128) -> Option<[&Word; 20]> {
        if self.buckets.len() < 4 {
            return None;
        }
        let first = ((key as u64 & self.mask) & !3) as usize;
        let group = &self.buckets[first..first + 4];
        Some(core::array::from_fn(|i| &group[i / 8].words[i % 8]))
    }

    /// True when a probe compares only the first key word (tests only).
    #[inline(always)]
    fn checks_one_word(&self) -> bool {
        #[cfg(test)]
        return self.checked_words == 1;
        #[cfg(not(test))]
        false
    }
}

/// Two 64-bit digests of a statistics entry's columns (multiply-rotate
/// chains with different constants), for its key check.
fn digests(data: &[u64; 18]) -> (u64, u64) {
    let (mut a, mut b) = (0x243f_6a88_85a3_08d3u64, 0x1319_8a2e_0370_7344u64);
    for &word in data {
        a = (a ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
        b = (b ^ word)
            .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            .rotate_left(31);
    }
    (mix(a), mix(b))
}

impl core::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PerftTable")
            .field("buckets", &self.buckets.len())
            .field("bytes", &self.size_bytes())
            .field("seed", &self.seed)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::Perft;
    use alloc::collections::BTreeSet;

    #[test]
    fn sizes_are_powers_of_two() {
        assert_eq!(PerftTable::BUCKET_BYTES, 64);
        assert_eq!(PerftTable::new(0).buckets(), 1);
        assert_eq!(PerftTable::new(1).buckets(), 1 << 14);
        assert_eq!(PerftTable::new(3).size_bytes(), 2 << 20);
        assert_eq!(PerftTable::with_buckets(5).buckets(), 8);
    }

    #[test]
    fn get_finds_only_what_was_put() {
        let table = PerftTable::with_buckets(1);
        let key = 0x1234_5678_9abc_def0_0fed_cba9_8765_4321;
        assert_eq!(table.get_key(key), None);
        table.put_key(key, 97_862);
        assert_eq!(table.get_key(key), Some(97_862));
        assert_eq!(table.get_key(key ^ 1 << 100), None, "other high word");
        assert_eq!(table.get_key(key ^ 1 << 40), None, "other low word");
        // A smaller count goes to the second entry and keeps the first.
        table.put_key(key ^ 1 << 40, 2039);
        assert_eq!(table.get_key(key), Some(97_862));
        assert_eq!(table.get_key(key ^ 1 << 40), Some(2039));
        // Counts of any size.
        table.put_key(key ^ 1 << 41, u128::MAX);
        assert_eq!(table.get_key(key ^ 1 << 41), Some(u128::MAX));
        assert_eq!(table.get_key(key), None, "replaced by a larger count");
    }

    #[test]
    fn torn_entry_is_rejected() {
        let table = PerftTable::with_buckets(1);
        let a = 0xaaaa_0000_0000_0001_aaaa_0000_0000_0001u128;
        let b = 0x5555_0000_0000_0002_5555_0000_0000_0002u128;
        table.put_key(b, 2000);
        table.put_key(a, 1000 << 64 | 1000);
        // The words of `a`'s entry with each one of `b`'s (written as they
        // would be) in its place: every mixture is a miss.
        let b_words = [2 ^ (b as u64), 2000 ^ (b >> 64) as u64 ^ 2000, 2000, 0];
        let words = &table.buckets[0].words;
        for torn in 0..4 {
            let before = words[torn].load();
            words[torn].store(b_words[torn]);
            assert_eq!(table.get_key(a), None, "torn word {torn}");
            assert_eq!(table.get_key(b), None, "torn word {torn}");
            words[torn].store(before);
        }
        assert_eq!(table.get_key(a), Some(1000 << 64 | 1000));
    }

    #[test]
    fn keys_depend_on_the_seed_only() {
        let start = Board::startpos();
        let a = PerftTable::new(0);
        let b = PerftTable::with_buckets(8);
        assert_eq!(a.key(&start, 5), b.key(&start, 5), "same seed, same key");
        let c = PerftTable::new(0).with_seed(1);
        assert_ne!(a.key(&start, 5), c.key(&start, 5));
    }

    /// The keys of the default seed and of seed 1, pinned: every machine
    /// draws the same (CI runs this on a big-endian target too), and a
    /// change here changes every key, which users comparing runs across
    /// versions must be told of.
    #[test]
    fn keys_are_the_same_on_every_machine() {
        let start = Board::startpos();
        let table = PerftTable::new(0);
        assert_eq!(table.key(&start, 1), 0x7bf681581f9e3a63f0e77402ed3ceb79);
        assert_eq!(table.key(&start, 100), 0x28ed236e914445081f50910c4abb6638);
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let kiwipete = Board::from_fen(fen).unwrap();
        assert_eq!(table.key(&kiwipete, 3), 0xe1d125dec37e5edf9e8fbe0fbbb83b7b);
        let seed1 = PerftTable::new(0).with_seed(1);
        assert_eq!(seed1.key(&start, 1), 0x153d01b917beae9c293cb8b43f3d8fbb);
    }

    #[test]
    fn different_seeds_share_no_key() {
        let all = |seed: u64| {
            let keys = Keys::new(seed);
            let mut set: BTreeSet<u128> = keys.piece.iter().flatten().copied().collect();
            set.extend(keys.castling.iter().flatten());
            set.extend(keys.en_passant);
            set.extend([keys.black, keys.chess960]);
            set.extend((0..200).map(|d| keys.depth(d)));
            set
        };
        let mut seen = BTreeSet::new();
        for seed in [0, 1, 2, 3, GAMMA, u64::MAX, 0x6a09_e667_f3bc_c908] {
            let keys = all(seed);
            assert_eq!(keys.len(), 12 * 64 + 32 + 8 + 2 + 200, "seed {seed}");
            assert!(keys.is_disjoint(&seen), "seed {seed} repeats a key");
            seen.extend(keys);
        }
    }

    #[test]
    fn deep_depths_have_keys_of_their_own() {
        let keys = Keys::new(0);
        let depths: BTreeSet<u128> = (0..10_000).map(|d| keys.depth(d)).collect();
        assert_eq!(depths.len(), 10_000);
    }

    #[test]
    fn chess960_key_depends_on_rook_files() {
        let table = PerftTable::new(0);
        // Same pieces; the white king-side right is with the g- or h-rook.
        let g = Board::from_fen_with(
            "4k3/8/8/8/8/8/8/4K1RR w G - 0 1",
            crate::castling::CastlingMode::Chess960,
        )
        .unwrap();
        let h = Board::from_fen_with(
            "4k3/8/8/8/8/8/8/4K1RR w H - 0 1",
            crate::castling::CastlingMode::Chess960,
        )
        .unwrap();
        assert_eq!(g.hash(), h.hash(), "Polyglot hash ignores the rook file");
        assert_ne!(table.key(&g, 2), table.key(&h, 2));
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
                let hashed = Perft::new(4).bulk(bulk).table(&table);
                assert_eq!(hashed.count(&board), expected);
                // Warm table, second run.
                assert_eq!(hashed.count(&board), expected);
            }
        }
    }

    /// Keys whose first word keeps only `bits` random bits: positions then
    /// share first words all the time, as they would share whole 64-bit keys
    /// in a run billions of times larger.
    fn weakened(table: PerftTable, bits: u32) -> PerftTable {
        let mut table = table;
        let weak = |key: &mut u128| *key &= !(u128::from(u64::MAX) ^ ((1u128 << bits) - 1));
        table.keys.piece.iter_mut().flatten().for_each(weak);
        table.keys.castling.iter_mut().flatten().for_each(weak);
        table.keys.en_passant.iter_mut().for_each(weak);
        weak(&mut table.keys.black);
        weak(&mut table.keys.chess960);
        table.keys.depth.iter_mut().for_each(weak);
        table
    }

    /// A false match caught: with the keys' first words cut to a few bits, a
    /// table that compared only 64 bits of key returns a wrong count, and
    /// this one, comparing all 128, the right one.
    #[test]
    fn a_false_match_is_caught() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let board = Board::from_fen(fen).unwrap();
        // Published count (CPW "Perft Results", position 2, depth 4).
        let expected = 4_085_603;
        let mut weak = weakened(PerftTable::with_buckets(1 << 12), 4);
        weak.checked_words = 1;
        let wrong = Perft::new(4).table(&weak).count(&board);
        assert_ne!(wrong, expected, "a 64-bit check lets false matches through");
        let mut weak = weakened(PerftTable::with_buckets(1 << 12), 4);
        weak.checked_words = 2;
        assert_eq!(Perft::new(4).table(&weak).count(&board), expected);
        assert_eq!(Perft::new(4).table(&weak).count(&board), expected, "warm");
    }
}
