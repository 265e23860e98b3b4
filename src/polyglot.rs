//! Polyglot opening books: the `.bin` files of moves by position that
//! engines and GUIs play from.
//!
//! A Polyglot book is a sorted array of 16-byte big-endian entries: the
//! position's Zobrist key (64 bits), a move (16 bits), a weight (16 bits)
//! and a "learn" value (32 bits, which most books leave at 0). The keys are
//! Polyglot's, which are this crate's ([`Board::hash`], see
//! [`crate::zobrist`]), so a position's entries are found by a binary
//! search on its hash. A move is packed as to-square (bits 0-5), from-square
//! (bits 6-11) and promotion (bits 12-14: 1 knight, 2 bishop, 3 rook, 4
//! queen), castling as the king taking its own rook (`e1h1`).
//!
//! [`Book`] reads any bytes that hold a book ([`Book::from_bytes`]: a
//! `Vec<u8>`, a `&[u8]`, or a memory map from the `memmap2` crate), or a
//! file (`Book::open`, feature `std`, which reads it into memory).
//! [`Book::moves`] gives a position's moves, the heaviest first, each
//! checked to be legal there; [`Book::weighted_choice`] picks one with
//! probability proportional to its weight, from a random number the caller
//! draws (the crate has no random number generator). The answers are
//! python-chess's `chess.polyglot` (`find_all`, `find`, `weighted_choice`),
//! which the tests check entry for entry on its books.
//!
//! ```
//! use magicboard::polyglot::Book;
//! use magicboard::Board;
//!
//! // A book of two entries for the start position: 1. e4 (weight 3), 1. d4 (weight 1).
//! let start = Board::startpos().hash();
//! let mut bytes = Vec::new();
//! for (raw_move, weight) in [(0x031c_u16, 3_u16), (0x02db, 1)] {
//!     bytes.extend(start.to_be_bytes());
//!     bytes.extend(raw_move.to_be_bytes());
//!     bytes.extend(weight.to_be_bytes());
//!     bytes.extend(0_u32.to_be_bytes());
//! }
//! let book = Book::from_bytes(bytes)?;
//!
//! let moves = book.moves(&Board::startpos());
//! let uci: Vec<String> = moves.iter().map(|m| m.mv.to_string()).collect();
//! assert_eq!(uci, ["e2e4", "d2d4"]);
//! assert_eq!(moves[0].weight, 3);
//!
//! // Weighted: a number below the total weight, 4, picks the move.
//! let pick = |r| book.weighted_choice(&Board::startpos(), |total| { assert_eq!(total, 4); r });
//! assert_eq!(pick(2).unwrap().mv.to_string(), "e2e4");
//! assert_eq!(pick(3).unwrap().mv.to_string(), "d2d4");
//! # Ok::<(), magicboard::polyglot::BookError>(())
//! ```

use crate::board::Board;
use crate::moves::Move;
use crate::square::Square;
use alloc::vec::Vec;
use core::fmt;

/// The size of an entry in bytes.
const ENTRY_BYTES: usize = 16;

/// A Polyglot opening book over bytes `B` (a `Vec<u8>`, a `&[u8]`, a
/// memory map: anything that is `AsRef<[u8]>`). See the
/// [module documentation](self).
///
/// ```
/// use magicboard::polyglot::Book;
/// let empty = Book::from_bytes(&[][..])?;
/// assert!(empty.is_empty());
/// assert!(empty.moves(&magicboard::Board::startpos()).is_empty());
/// # Ok::<(), magicboard::polyglot::BookError>(())
/// ```
#[derive(Clone)]
pub struct Book<B = Vec<u8>> {
    bytes: B,
}

/// One entry of a book, as stored: for [`Book::iter`] and [`Book::entries`],
/// which do not decode the move against a position.
///
/// ```
/// use magicboard::polyglot::Entry;
/// let entry = Entry { key: 0x463b96181691fc9c, raw_move: 0x031c, weight: 1, learn: 0 };
/// assert_eq!(entry.raw_move & 0x3f, 28); // to e4
/// assert_eq!(entry.raw_move >> 6 & 0x3f, 12); // from e2
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The position's Polyglot key ([`Board::hash`]).
    pub key: u64,
    /// The move, packed (see the [module documentation](self)).
    pub raw_move: u16,
    /// The move's weight: how often to play it, relative to the others.
    pub weight: u16,
    /// Extra information some books keep (learning data); most leave 0.
    pub learn: u32,
}

impl Entry {
    /// The legal move this entry names on `board`, if any: castling as
    /// king takes rook (or, as python-chess also reads it, the king's
    /// two-square step on a standard board); `None` for a move that is not
    /// legal there or is not a move at all.
    ///
    /// ```
    /// use magicboard::polyglot::Entry;
    /// use magicboard::{Board, Move, Square};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let entry = |raw_move| Entry { key: board.hash(), raw_move, weight: 1, learn: 0 };
    /// // e1h1: from e1 (4 << 6), to h1 (7)
    /// assert_eq!(entry(4 << 6 | 7).move_on(&board), Some(Move::castle(Square::E1, Square::H1)));
    /// // e1e3 is no king move.
    /// assert_eq!(entry(4 << 6 | 20).move_on(&board), None);
    /// ```
    pub fn move_on(&self, board: &Board) -> Option<Move> {
        let raw_move = self.raw_move;
        let square = |bits: u16| Square::from_index(usize::from(bits & 63));
        let (to, from) = (square(raw_move)?, square(raw_move >> 6)?);
        if from == to {
            return None;
        }
        let mut text = [0u8; 5];
        text[0] = from.file().to_char() as u8;
        text[1] = from.rank().to_char() as u8;
        text[2] = to.file().to_char() as u8;
        text[3] = to.rank().to_char() as u8;
        let len = match raw_move >> 12 & 7 {
            0 => 4,
            promo @ 1..=4 => {
                text[4] = b"nbrq"[usize::from(promo) - 1];
                5
            }
            _ => return None,
        };
        let text = core::str::from_utf8(&text[..len]).ok()?;
        board.uci_move(text).ok().filter(|&mv| board.is_legal(mv))
    }
}

impl<B> fmt::Debug for Book<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Book { .. }")
    }
}

/// A book move for a position: the legal move an entry names there, with
/// the entry's weight and learn value.
///
/// ```
/// use magicboard::polyglot::BookMove;
/// use magicboard::{Move, Square};
/// let m = BookMove { mv: Move::new(Square::E2, Square::E4, None), weight: 10, learn: 0 };
/// assert_eq!(m.mv.to_string(), "e2e4");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The move, legal in the position it was looked up for.
    pub mv: Move,
    /// Its weight.
    pub weight: u16,
    /// Its learn value.
    pub learn: u32,
}

/// Why a book could not be read.
///
/// ```
/// use magicboard::polyglot::{Book, BookError};
/// assert_eq!(Book::from_bytes(vec![0; 17]).unwrap_err(), BookError::Length(17));
/// ```
#[derive(Debug)]
#[cfg_attr(not(feature = "std"), derive(Clone, PartialEq, Eq))]
#[non_exhaustive]
pub enum BookError {
    /// The size in bytes is not a multiple of 16, the size of an entry: not
    /// a Polyglot book, or a truncated one.
    Length(usize),
    /// The keys are not in increasing order, which the lookup's binary
    /// search needs: the entry at this index has a smaller key than the
    /// one before it.
    Unsorted {
        /// The index of the first entry out of order.
        index: usize,
    },
    /// The file could not be read (feature `std`).
    #[cfg(feature = "std")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
}

#[cfg(feature = "std")]
impl PartialEq for BookError {
    /// Equal variants and fields; two I/O errors are equal when their paths
    /// and [`std::io::ErrorKind`]s are.
    fn eq(&self, other: &BookError) -> bool {
        match (self, other) {
            (BookError::Length(a), BookError::Length(b)) => a == b,
            (BookError::Unsorted { index: a }, BookError::Unsorted { index: b }) => a == b,
            (BookError::Io { path: a, error: e }, BookError::Io { path: b, error: f }) => {
                a == b && e.kind() == f.kind()
            }
            _ => false,
        }
    }
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Length(n) => write!(
                f,
                "not a Polyglot book: {n} bytes is not a whole number of 16-byte entries"
            ),
            BookError::Unsorted { index } => write!(
                f,
                "not a Polyglot book: entry {index} has a smaller key than the entry before it \
                 (a book is sorted by key)"
            ),
            #[cfg(feature = "std")]
            BookError::Io { path, error } => {
                write!(f, "cannot read the book {}: {error}", path.display())
            }
        }
    }
}

impl core::error::Error for BookError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            #[cfg(feature = "std")]
            BookError::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}

#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
impl Book<Vec<u8>> {
    /// Reads the book at `path` into memory and checks it (a book of
    /// several hundred megabytes is better memory-mapped: pass the map to
    /// [`Book::from_bytes`]).
    ///
    /// # Errors
    ///
    /// [`BookError::Io`] when the file cannot be read, and
    /// [`Book::from_bytes`]'s errors for one that is not a book.
    ///
    /// ```
    /// use magicboard::polyglot::{Book, BookError};
    /// let err = Book::open("no/such/book.bin").unwrap_err();
    /// assert!(matches!(err, BookError::Io { .. }));
    /// assert!(err.to_string().starts_with("cannot read the book no/such/book.bin: "));
    /// ```
    pub fn open(path: impl AsRef<std::path::Path>) -> Result<Book<Vec<u8>>, BookError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|error| BookError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        Book::from_bytes(bytes)
    }
}

/// # Reading a book
impl<B: AsRef<[u8]>> Book<B> {
    /// The book held in `bytes`, once checked: a whole number of entries,
    /// sorted by key (one pass over the keys).
    ///
    /// # Errors
    ///
    /// [`BookError::Length`] when the size is not a multiple of 16 bytes,
    /// [`BookError::Unsorted`] when a key is smaller than the one before.
    ///
    /// ```
    /// use magicboard::polyglot::{Book, BookError};
    /// let mut bytes = vec![0u8; 32];
    /// bytes[0] = 1; // the first key is 1 << 56, the second 0
    /// assert_eq!(Book::from_bytes(bytes).unwrap_err(), BookError::Unsorted { index: 1 });
    /// ```
    pub fn from_bytes(bytes: B) -> Result<Book<B>, BookError> {
        let data = bytes.as_ref();
        if data.len() % ENTRY_BYTES != 0 {
            return Err(BookError::Length(data.len()));
        }
        let book = Book { bytes };
        let mut previous = 0;
        for index in 0..book.len() {
            let key = book.key(index);
            if key < previous {
                return Err(BookError::Unsorted { index });
            }
            previous = key;
        }
        Ok(book)
    }

    /// The bytes the book was made from.
    ///
    /// ```
    /// use magicboard::polyglot::Book;
    /// let book = Book::from_bytes(vec![0u8; 16])?;
    /// assert_eq!(book.into_inner().len(), 16);
    /// # Ok::<(), magicboard::polyglot::BookError>(())
    /// ```
    pub fn into_inner(self) -> B {
        self.bytes
    }

    /// The number of entries.
    ///
    /// ```
    /// use magicboard::polyglot::Book;
    /// assert_eq!(Book::from_bytes(vec![0u8; 48])?.len(), 3);
    /// # Ok::<(), magicboard::polyglot::BookError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.bytes.as_ref().len() / ENTRY_BYTES
    }

    /// True when the book has no entries.
    ///
    /// ```
    /// use magicboard::polyglot::Book;
    /// assert!(Book::from_bytes(Vec::new())?.is_empty());
    /// # Ok::<(), magicboard::polyglot::BookError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of entry `index` (in range).
    fn raw(&self, index: usize) -> &[u8] {
        let start = index * ENTRY_BYTES;
        self.bytes
            .as_ref()
            .get(start..start + ENTRY_BYTES)
            .unwrap_or(&[0; ENTRY_BYTES])
    }

    /// The key of entry `index` (in range).
    fn key(&self, index: usize) -> u64 {
        let raw = self.raw(index);
        let mut key = [0; 8];
        key.copy_from_slice(&raw[..8]);
        u64::from_be_bytes(key)
    }

    /// Entry `index`, in file order, if there is one.
    ///
    /// ```
    /// use magicboard::polyglot::{Book, Entry};
    /// let mut bytes = vec![0u8; 16];
    /// bytes[11] = 7; // the weight
    /// let book = Book::from_bytes(bytes)?;
    /// assert_eq!(book.entry(0), Some(Entry { key: 0, raw_move: 0, weight: 7, learn: 0 }));
    /// assert_eq!(book.entry(1), None);
    /// # Ok::<(), magicboard::polyglot::BookError>(())
    /// ```
    pub fn entry(&self, index: usize) -> Option<Entry> {
        (index < self.len()).then(|| self.entry_at(index))
    }

    /// Entry `index` (in range).
    fn entry_at(&self, index: usize) -> Entry {
        let raw = self.raw(index);
        Entry {
            key: self.key(index),
            raw_move: u16::from_be_bytes([raw[8], raw[9]]),
            weight: u16::from_be_bytes([raw[10], raw[11]]),
            learn: u32::from_be_bytes([raw[12], raw[13], raw[14], raw[15]]),
        }
    }

    /// Every entry, in file order (by key).
    ///
    /// ```
    /// use magicboard::polyglot::Book;
    /// let book = Book::from_bytes(vec![0u8; 32])?;
    /// assert_eq!(book.iter().count(), 2);
    /// # Ok::<(), magicboard::polyglot::BookError>(())
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Entry> + '_ {
        (0..self.len()).map(|i| self.entry_at(i))
    }

    /// The entries stored under `key`, in file order, as they are (moves
    /// not decoded, weights of 0 included): python-chess's `find_all` with
    /// a key.
    ///
    /// ```
    /// use magicboard::polyglot::Book;
    /// let book = Book::from_bytes(vec![0u8; 32])?;
    /// assert_eq!(book.entries(0).count(), 2);
    /// assert_eq!(book.entries(1).count(), 0);
    /// # Ok::<(), magicboard::polyglot::BookError>(())
    /// ```
    pub fn entries(&self, key: u64) -> impl Iterator<Item = Entry> + '_ {
        // The first entry whose key is not below `key`.
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.key(mid) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        (lo..self.len())
            .map(move |i| self.entry_at(i))
            .take_while(move |e| e.key == key)
    }

    /// The book's moves for `board`, the heaviest first (file order among
    /// equal weights): the entries under its key whose move is legal
    /// there, without those of weight 0 (which books use to delete an
    /// entry). The first is python-chess's `find`; in file order they are
    /// its `find_all`.
    ///
    /// ```
    /// use magicboard::polyglot::Book;
    /// use magicboard::Board;
    /// let book = Book::from_bytes(Vec::new())?;
    /// assert_eq!(book.moves(&Board::startpos()), []);
    /// # Ok::<(), magicboard::polyglot::BookError>(())
    /// ```
    pub fn moves(&self, board: &Board) -> Vec<BookMove> {
        let mut moves: Vec<BookMove> = self.moves_in_file_order(board).collect();
        moves.sort_by_key(|m| core::cmp::Reverse(m.weight));
        moves
    }

    /// `board`'s book moves (weight 1 or more, legal) in file order.
    fn moves_in_file_order<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = BookMove> + 'a {
        self.entries(board.hash()).filter_map(|e| {
            if e.weight == 0 {
                return None;
            }
            let mv = e.move_on(board)?;
            Some(BookMove {
                mv,
                weight: e.weight,
                learn: e.learn,
            })
        })
    }

    /// A book move for `board`, each with probability proportional to its
    /// weight; `None` when the book has none. `random(total)` is asked for
    /// a uniformly random number below `total`, the sum of the weights
    /// (`|total| rng.random_range(0..total)` with the `rand` crate); a
    /// larger answer is taken modulo `total`. Given the same number,
    /// python-chess's `weighted_choice` picks the same move (its
    /// `random.randint(0, total - 1)`).
    ///
    /// ```
    /// use magicboard::polyglot::Book;
    /// use magicboard::Board;
    /// let book = Book::from_bytes(Vec::new())?;
    /// assert_eq!(book.weighted_choice(&Board::startpos(), |_| 0), None);
    /// # Ok::<(), magicboard::polyglot::BookError>(())
    /// ```
    pub fn weighted_choice(
        &self,
        board: &Board,
        random: impl FnOnce(u64) -> u64,
    ) -> Option<BookMove> {
        let total: u64 = self
            .moves_in_file_order(board)
            .map(|m| u64::from(m.weight))
            .sum();
        if total == 0 {
            return None;
        }
        let choice = random(total) % total;
        let mut sum = 0;
        self.moves_in_file_order(board).find(|m| {
            sum += u64::from(m.weight);
            sum > choice
        })
    }
}
