//! # magicboard-syzygy
//!
//! Syzygy endgame tablebase probing on [magicboard]'s
//! [`Board`]: win/draw/loss (WDL, `.rtbw` files) and distance to zeroing
//! (DTZ, `.rtbz`), up to seven pieces, with root move ranking for engines.
//! Tables are memory-mapped and opened on first use; a [`Tablebase`] is
//! `Send + Sync`, so search threads share one.
//!
//! ```
//! use magicboard::Board;
//! use magicboard_syzygy::{Dtz, Tablebase, Wdl};
//!
//! # if !std::path::Path::new("tests/data/regular/KRvK.rtbz").is_file() { return Ok(()); }
//! let tables = Tablebase::open("tests/data/regular")?;   // a directory of .rtbw/.rtbz files
//! assert!(tables.max_pieces() >= 3);                   // 3 in the package, 4 in the repository
//!
//! // The rook on d1 is attacked: White must move it, and still wins.
//! let board = Board::from_fen("8/8/8/8/8/8/2k5/K2R4 w - - 0 1")?;
//! assert_eq!(tables.probe_wdl(&board)?, Wdl::Win);
//! assert_eq!(tables.probe_dtz(&board)?, Dtz(25));     // plies to mate (the next zeroing move)
//! let best = tables.best_move(&board)?.expect("a legal move");
//! assert_eq!(board.to_san(best.mv), "Rd8");            // the fastest win
//! assert_eq!(best.wdl, Wdl::Win);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The values
//!
//! As python-chess's `chess.syzygy` and the format's author define them,
//! for the side to move, assuming the position was reached by a capture or
//! pawn move (the fifty-move counter at zero):
//!
//! - [`Wdl`]: [`Wdl::Win`] and [`Wdl::Loss`]; [`Wdl::CursedWin`] and
//!   [`Wdl::BlessedLoss`] where mate can be forced but the fifty-move rule
//!   draws first; [`Wdl::Draw`].
//! - [`Dtz`]: plies to the next capture or pawn move (the one that keeps
//!   the result), positive when winning, negative when losing, 0 for a
//!   draw; beyond ±100 for cursed wins and blessed losses. A value `n` can
//!   mean `n + 1` (the tables round where it cannot change the result):
//!   see [`Tablebase::probe_dtz`].
//!
//! Positions with castling rights are not in the tables
//! ([`ProbeError::CastlingRights`]); en passant is resolved by search, as
//! the tables store positions without en passant rights.
//!
//! ## For engines
//!
//! Probe [`Tablebase::probe_wdl`] in the search once a position has at
//! most [`Tablebase::max_pieces`] pieces, right after a capture or pawn
//! move; at the root, [`Tablebase::root_moves`] ranks every legal move by
//! DTZ and the fifty-move counter (Fathom's `tb_probe_root`, Stockfish's
//! root ranking), and [`Tablebase::best_move`] picks the one that wins
//! fastest, loses slowest, or keeps the draw.
//!
//! ## Errors
//!
//! No probe panics or reads outside a file: a missing table is
//! [`ProbeError::MissingTable`] (naming the material and the kind), a
//! table that is truncated, has the wrong magic number or whose contents
//! are out of range is [`ProbeError::Table`] with a [`TableError`] naming
//! the file and the [`TableProblem`].
//!
//! ## The command line
//!
//! The package's `syzygy-probe` binary (`cargo install magicboard-syzygy`,
//! or `cargo run --release -p magicboard-syzygy -- --path DIR FEN`)
//! answers a FEN with WDL, DTZ, the best move and every move ranked, like
//! Fathom's `fathom`; `--batch` reads FENs from standard input, one a line.
//! A dependent of the library compiles no part of it.

#![warn(missing_docs)]
#![deny(unsafe_code)]

mod encoding;
mod error;
mod material;
mod probe;
mod root;
mod table;

pub use error::{OpenError, ProbeError, TableError, TableKind, TableProblem};
pub use material::{Material, ParseMaterialError};
pub use root::RootMove;

use magicboard::Board;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Neg;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use table::Table;

/// The most pieces a Syzygy table holds, kings included.
pub const MAX_PIECES: u32 = encoding::MAX_PIECES as u32;

/// Win, draw or loss for the side to move, the fifty-move rule taken into
/// account.
///
/// Ordered from the side to move's worst to best; `-wdl` is the other
/// side's view. [`Wdl::value`] gives python-chess's integer (-2 to 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// Lost, whatever the fifty-move counter (if it is zero now).
    Loss,
    /// Lost with best play, but the fifty-move rule draws first.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won with best play, but the fifty-move rule draws first.
    CursedWin,
    /// Won, whatever the fifty-move counter (if it is zero now).
    Win,
}

impl Wdl {
    /// python-chess's number: -2 loss, -1 blessed loss, 0 draw, 1 cursed
    /// win, 2 win.
    ///
    /// ```
    /// use magicboard_syzygy::Wdl;
    /// assert_eq!(Wdl::CursedWin.value(), 1);
    /// assert_eq!((-Wdl::Win).value(), -2);
    /// ```
    pub const fn value(self) -> i32 {
        self as i32 - 2
    }

    /// The WDL for python-chess's number; `None` outside -2 to 2.
    ///
    /// ```
    /// use magicboard_syzygy::Wdl;
    /// assert_eq!(Wdl::from_value(-1), Some(Wdl::BlessedLoss));
    /// assert_eq!(Wdl::from_value(3), None);
    /// ```
    pub const fn from_value(value: i32) -> Option<Wdl> {
        match value {
            -2 => Some(Wdl::Loss),
            -1 => Some(Wdl::BlessedLoss),
            0 => Some(Wdl::Draw),
            1 => Some(Wdl::CursedWin),
            2 => Some(Wdl::Win),
            _ => None,
        }
    }

    /// What a DTZ value means with `halfmove_clock` plies already on the
    /// fifty-move counter: a win (or loss) whose zeroing move comes within
    /// the hundred plies is a [`Wdl::Win`] (or [`Wdl::Loss`]), a later one
    /// is cursed (blessed). As Fathom's root probe reports it.
    ///
    /// ```
    /// use magicboard_syzygy::{Dtz, Wdl};
    /// assert_eq!(Wdl::from_dtz(Dtz(12), 0), Wdl::Win);
    /// assert_eq!(Wdl::from_dtz(Dtz(12), 90), Wdl::CursedWin);
    /// assert_eq!(Wdl::from_dtz(Dtz(-101), 0), Wdl::BlessedLoss);
    /// assert_eq!(Wdl::from_dtz(Dtz(0), 40), Wdl::Draw);
    /// ```
    pub const fn from_dtz(dtz: Dtz, halfmove_clock: u32) -> Wdl {
        let clock = if halfmove_clock > 1000 {
            1000
        } else {
            halfmove_clock as i32
        };
        let d = dtz.0;
        if d > 0 {
            if d + clock <= 100 {
                Wdl::Win
            } else {
                Wdl::CursedWin
            }
        } else if d < 0 {
            if -d + clock <= 100 {
                Wdl::Loss
            } else {
                Wdl::BlessedLoss
            }
        } else {
            Wdl::Draw
        }
    }

    fn from_i8(v: i8) -> Wdl {
        match v {
            i8::MIN..=-2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            2..=i8::MAX => Wdl::Win,
        }
    }
}

impl Neg for Wdl {
    type Output = Wdl;

    fn neg(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Loss => "loss",
            Wdl::BlessedLoss => "blessed loss",
            Wdl::Draw => "draw",
            Wdl::CursedWin => "cursed win",
            Wdl::Win => "win",
        })
    }
}

/// Distance to zeroing: plies to the next capture or pawn move that keeps
/// the result, positive when the side to move wins, negative when it
/// loses, 0 for a draw; see [`Tablebase::probe_dtz`] for the exact
/// meaning and the rounding.
///
/// ```
/// use magicboard_syzygy::{Dtz, Wdl};
/// let dtz = Dtz(-53);
/// assert_eq!(-dtz, Dtz(53));
/// assert_eq!(Wdl::from_dtz(dtz, 0), Wdl::Loss);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Dtz(pub i32);

impl fmt::Display for Dtz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Neg for Dtz {
    type Output = Dtz;

    fn neg(self) -> Dtz {
        Dtz(-self.0)
    }
}

/// A set of tables, opened lazily: see the [crate documentation](crate).
///
/// Adding a directory only lists its file names; a table is mapped and
/// its header checked when a probe first needs it. Probing takes `&self`
/// and the type is `Send + Sync`: share one between search threads (an
/// `Arc<Tablebase>` or a reference).
#[derive(Default)]
pub struct Tablebase {
    entries: Vec<Entry>,
    /// Material key (either orientation) to `entries` index.
    index: HashMap<u64, usize, BuildHasherDefault<KeyHasher>>,
    max_pieces: u32,
}

/// The tables of one material.
struct Entry {
    wdl: Slot,
    dtz: Slot,
}

/// One file: its path, and the table once opened (or why it cannot be).
#[derive(Default)]
struct Slot {
    file: Option<(Arc<Path>, Material)>,
    table: OnceLock<Result<Table, TableError>>,
}

impl Slot {
    /// The opened table; `None` when there is no file.
    #[inline]
    fn table(&self, kind: TableKind) -> Option<Result<&Table, TableError>> {
        let (path, material) = self.file.as_ref()?;
        let table = self
            .table
            .get_or_init(|| Table::open(path.clone(), kind, *material));
        Some(table.as_ref().map_err(Clone::clone))
    }
}

/// Hashes material keys (counts in nibbles: the multiply spreads them).
#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        let x = (n ^ self.0).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = x ^ (x >> 29);
    }
}

impl fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let files = |kind: fn(&Entry) -> &Slot| {
            self.entries
                .iter()
                .filter(|e| kind(e).file.is_some())
                .count()
        };
        f.debug_struct("Tablebase")
            .field("wdl_tables", &files(|e| &e.wdl))
            .field("dtz_tables", &files(|e| &e.dtz))
            .field("max_pieces", &self.max_pieces)
            .finish()
    }
}

impl Tablebase {
    /// A tablebase with no tables (add them with
    /// [`Tablebase::add_directory`]). Only two bare kings can be probed.
    ///
    /// ```
    /// use magicboard::Board;
    /// use magicboard_syzygy::{Tablebase, Wdl};
    /// let tables = Tablebase::new();
    /// assert_eq!(tables.max_pieces(), 0);
    /// let kings = Board::from_fen("8/8/8/3k4/8/8/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(tables.probe_wdl(&kings).unwrap(), Wdl::Draw);
    /// ```
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// A tablebase with the tables of `directory`
    /// ([`Tablebase::add_directory`]).
    ///
    /// # Errors
    ///
    /// [`OpenError`] when the directory cannot be listed.
    ///
    /// ```
    /// use magicboard_syzygy::Tablebase;
    /// let err = Tablebase::open("no/such/directory").err().unwrap();
    /// assert!(err.to_string().contains("no/such/directory"));
    /// ```
    pub fn open(directory: impl AsRef<Path>) -> Result<Tablebase, OpenError> {
        let mut tables = Tablebase::new();
        tables.add_directory(directory)?;
        Ok(tables)
    }

    /// Adds the tables in `directory` (not its subdirectories): every
    /// file named as a table (`KQvKR.rtbw`, `KRPvKR.rtbz`, ...), up to
    /// seven pieces. Returns how many files were added. A file that
    /// replaces one added before (same material and kind) takes its place.
    ///
    /// Nothing is read from the files yet: a bad one is reported by the
    /// first probe that needs it.
    ///
    /// # Errors
    ///
    /// [`OpenError`] when the directory cannot be listed.
    ///
    /// ```
    /// use magicboard_syzygy::Tablebase;
    /// # if !std::path::Path::new("tests/data/regular/KRvK.rtbz").is_file() { return; }
    /// let mut tables = Tablebase::new();
    /// assert!(tables.add_directory("tests/data/regular").unwrap() >= 10);
    /// assert!(tables.max_pieces() >= 3);
    /// ```
    pub fn add_directory(&mut self, directory: impl AsRef<Path>) -> Result<usize, OpenError> {
        let directory = directory.as_ref();
        let fail = |err| OpenError::new(directory.to_path_buf(), err);
        let mut files: Vec<PathBuf> = Vec::new();
        for item in std::fs::read_dir(directory).map_err(fail)? {
            files.push(item.map_err(fail)?.path());
        }
        files.sort();
        Ok(files.into_iter().filter(|path| self.add_file(path)).count())
    }

    /// Adds one table file, if `path` is a file named as a table
    /// (`KQvKR.rtbw`, `KRPvKR.rtbz`, ...): returns whether it was added. As
    /// with [`Tablebase::add_directory`], nothing is read from it yet, and a
    /// file of the same material and kind added before is replaced.
    ///
    /// ```
    /// use magicboard_syzygy::Tablebase;
    /// # if !std::path::Path::new("tests/data/regular/KRvK.rtbz").is_file() { return; }
    /// let mut tables = Tablebase::new();
    /// assert!(tables.add_file("tests/data/regular/KRvK.rtbw"));
    /// assert!(!tables.add_file("tests/data/README.md"));
    /// assert_eq!(tables.max_pieces(), 3);
    /// ```
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> bool {
        let path = path.as_ref();
        let (Some(stem), Some(ext)) = (path.file_stem(), path.extension()) else {
            return false;
        };
        let kind = match ext.to_str() {
            Some("rtbw") => TableKind::Wdl,
            Some("rtbz") => TableKind::Dtz,
            _ => return false,
        };
        let Some(material) = stem.to_str().and_then(|s| s.parse::<Material>().ok()) else {
            return false;
        };
        if !path.is_file() {
            return false;
        }
        self.insert(path.into(), kind, material);
        true
    }

    fn insert(&mut self, path: Arc<Path>, kind: TableKind, material: Material) {
        let key = material.key();
        let i = match self.index.get(&key) {
            Some(&i) => i,
            None => {
                self.entries.push(Entry {
                    wdl: Slot::default(),
                    dtz: Slot::default(),
                });
                let i = self.entries.len() - 1;
                self.index.insert(key, i);
                self.index.insert(material.flipped().key(), i);
                i
            }
        };
        let slot = Slot {
            file: Some((path, material)),
            table: OnceLock::new(),
        };
        match kind {
            TableKind::Wdl => {
                self.entries[i].wdl = slot;
                self.max_pieces = self.max_pieces.max(material.pieces());
            }
            TableKind::Dtz => self.entries[i].dtz = slot,
        }
    }

    #[inline]
    fn entry(&self, key: u64) -> Option<&Entry> {
        self.index.get(&key).map(|&i| &self.entries[i])
    }

    /// The most pieces of any WDL table added (0 with none): positions
    /// with more cannot be probed (except that a probe resolves captures
    /// first, so one with a winning capture into the tables can).
    ///
    /// ```
    /// use magicboard::Board;
    /// use magicboard_syzygy::Tablebase;
    /// # if !std::path::Path::new("tests/data/regular/KRvK.rtbz").is_file() { return; }
    /// let tables = Tablebase::open("tests/data/regular").unwrap();
    /// let board = Board::from_fen("8/8/8/8/8/8/2k5/K2R4 w - - 0 1").unwrap();
    /// // The search's guard: probe only what the tables can hold.
    /// assert!(board.occupied().count() <= tables.max_pieces());
    /// ```
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Checks what every probe needs of the position.
    fn check(&self, board: &Board) -> Result<(), ProbeError> {
        if !board.castling_rights().is_empty() {
            return Err(ProbeError::CastlingRights);
        }
        let pieces = board.occupied().count();
        // As python-chess: one more than the largest table, for captures.
        if pieces > MAX_PIECES + 1 {
            return Err(ProbeError::TooManyPieces {
                pieces,
                max: MAX_PIECES,
            });
        }
        Ok(())
    }

    /// Win, draw or loss for the side to move, assuming the position was
    /// reached by a capture or pawn move (the fifty-move counter at zero:
    /// `board`'s own counter is not read). Captures, en passant included,
    /// are searched before the table is read; the tables of the positions
    /// they lead to are needed too.
    ///
    /// # Errors
    ///
    /// [`ProbeError::CastlingRights`]; [`ProbeError::TooManyPieces`] above
    /// eight pieces; [`ProbeError::MissingTable`] when a WDL table is
    /// needed and was not added; [`ProbeError::Table`] when it cannot be
    /// read.
    ///
    /// ```
    /// use magicboard::Board;
    /// use magicboard_syzygy::{ProbeError, Tablebase, Wdl};
    /// # if !std::path::Path::new("tests/data/regular/KRvK.rtbz").is_file() { return; }
    /// let tables = Tablebase::open("tests/data/regular").unwrap();
    /// // Black to move takes the rook: a draw.
    /// let board = Board::from_fen("8/8/8/8/8/8/2kR4/K7 b - - 0 1").unwrap();
    /// assert_eq!(tables.probe_wdl(&board).unwrap(), Wdl::Draw);
    /// let castling = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert!(matches!(tables.probe_wdl(&castling), Err(ProbeError::CastlingRights)));
    /// ```
    pub fn probe_wdl(&self, board: &Board) -> Result<Wdl, ProbeError> {
        self.check(board)?;
        Ok(Wdl::from_i8(self.wdl(board)?))
    }

    /// Distance to zeroing, DTZ50'' with rounding as python-chess's
    /// `probe_dtz` gives it, assuming the position was reached by a
    /// capture or pawn move:
    ///
    /// | WDL | DTZ | |
    /// | --- | --- | --- |
    /// | -2 | -100 ≤ n ≤ -1 | a loss: the opponent can force a zeroing move in -n plies |
    /// | -1 | n < -100 | a loss drawn by the fifty-move rule |
    /// | 0 | 0 | a draw |
    /// | 1 | 100 < n | a win drawn by the fifty-move rule |
    /// | 2 | 1 ≤ n ≤ 100 | a win: a zeroing move can be forced in n plies |
    ///
    /// A value `n` can mean `n + 1` plies (`-n`, `-n - 1`): the tables round
    /// where the rounding cannot change the result, so lines may waste a
    /// ply. A player who wastes one more near the hundred-ply limit may
    /// lose the win: follow [`Tablebase::root_moves`] near the edge.
    /// Probing DTZ needs the WDL tables as well as the DTZ table, and
    /// those of the positions captures and pawn moves lead to.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_wdl`], for the DTZ tables too.
    ///
    /// ```
    /// use magicboard::Board;
    /// use magicboard_syzygy::{Dtz, Tablebase};
    /// # if !std::path::Path::new("tests/data/regular/KRvK.rtbz").is_file() { return; }
    /// let tables = Tablebase::open("tests/data/regular").unwrap();
    /// // Mated: python-chess gives -1 too.
    /// let mated = Board::from_fen("8/8/8/8/8/1K6/8/k6R b - - 0 1").unwrap();
    /// assert_eq!(tables.probe_dtz(&mated).unwrap(), Dtz(-1));
    /// ```
    pub fn probe_dtz(&self, board: &Board) -> Result<Dtz, ProbeError> {
        self.check(board)?;
        Ok(Dtz(self.dtz(board)?))
    }
}

// The package README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

// A probe on one thread while another opens tables: the type must stay
// shareable (a compile-time check).
const _: fn() = || {
    fn shareable<T: Send + Sync>() {}
    shareable::<Tablebase>();
};
