//! What can go wrong: a directory that cannot be read, a position the
//! tables cannot answer, a table file that is missing, truncated or
//! corrupt.

use crate::material::Material;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The two kinds of table: win/draw/loss (`.rtbw`) and distance to zeroing
/// (`.rtbz`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// A WDL table, `.rtbw`.
    Wdl,
    /// A DTZ table, `.rtbz`.
    Dtz,
}

impl TableKind {
    /// The file name extension, with its dot.
    ///
    /// ```
    /// use magicboard_syzygy::TableKind;
    /// assert_eq!(TableKind::Wdl.extension(), ".rtbw");
    /// assert_eq!(TableKind::Dtz.extension(), ".rtbz");
    /// ```
    pub const fn extension(self) -> &'static str {
        match self {
            TableKind::Wdl => ".rtbw",
            TableKind::Dtz => ".rtbz",
        }
    }

    /// The magic number a table of this kind starts with (little-endian).
    pub(crate) const fn magic(self) -> [u8; 4] {
        match self {
            TableKind::Wdl => [0x71, 0xe8, 0x23, 0x5d],
            TableKind::Dtz => [0xd7, 0x66, 0x0c, 0xa5],
        }
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableKind::Wdl => "WDL",
            TableKind::Dtz => "DTZ",
        })
    }
}

/// What is wrong with a table file: [`TableError::problem`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum TableProblem {
    /// The file could not be opened or mapped into memory.
    Io(Arc<io::Error>),
    /// The file's length is not a complete table's (every Syzygy file is
    /// 16 bytes longer than a multiple of 64): truncated or padded.
    Size {
        /// The file's length in bytes.
        len: u64,
    },
    /// The file does not start with the magic number of its kind of table.
    Magic {
        /// The first four bytes.
        found: [u8; 4],
    },
    /// The header or the compressed data is inconsistent: what was found
    /// out of range.
    Corrupt(&'static str),
}

impl fmt::Display for TableProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableProblem::Io(err) => write!(f, "cannot be read: {err}"),
            TableProblem::Size { len } => write!(
                f,
                "is truncated or padded: {len} bytes, where a table is 16 more than a multiple of 64"
            ),
            TableProblem::Magic { found } => {
                write!(
                    f,
                    "is not a Syzygy table of its kind: it starts with bytes {found:02x?}"
                )
            }
            TableProblem::Corrupt(what) => write!(f, "is corrupt: {what}"),
        }
    }
}

/// A table file that cannot be used, with its path and the problem.
///
/// Found when the table is first probed (tables are opened lazily), and
/// from then on returned by every probe that needs it.
///
/// ```
/// use magicboard::Board;
/// use magicboard_syzygy::{ProbeError, TableProblem, Tablebase};
/// # if !std::path::Path::new("tests/data/regular/KRvK.rtbz").is_file() { return; }
/// // A copy of KRvK.rtbw cut short.
/// let dir = std::env::temp_dir().join(format!("syzygy-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let bytes = std::fs::read("tests/data/regular/KRvK.rtbw").unwrap();
/// std::fs::write(dir.join("KRvK.rtbw"), &bytes[..100]).unwrap();
/// let tables = Tablebase::open(&dir).unwrap();
/// let board = Board::from_fen("8/8/8/8/8/8/2k5/K2R4 w - - 0 1").unwrap();
/// let Err(ProbeError::Table(err)) = tables.probe_wdl(&board) else { panic!() };
/// assert!(err.path().ends_with("KRvK.rtbw"));
/// assert!(matches!(err.problem(), TableProblem::Size { len: 100 }));
/// assert!(err.to_string().contains("is truncated or padded: 100 bytes"));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Clone, Debug)]
pub struct TableError {
    path: Arc<Path>,
    problem: TableProblem,
}

impl TableError {
    pub(crate) fn new(path: Arc<Path>, problem: TableProblem) -> TableError {
        TableError { path, problem }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What is wrong with it.
    pub fn problem(&self) -> &TableProblem {
        &self.problem
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "table {} {}", self.path.display(), self.problem)
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            TableProblem::Io(err) => Some(&**err),
            _ => None,
        }
    }
}

/// A position the tables cannot answer, and why.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum ProbeError {
    /// The position has castling rights; Syzygy tables hold positions
    /// without them.
    CastlingRights,
    /// More pieces than the largest table added (kings included).
    TooManyPieces {
        /// Pieces on the board.
        pieces: u32,
        /// The most pieces of any table added ([`Tablebase::max_pieces`](crate::Tablebase::max_pieces)).
        max: u32,
    },
    /// No table of this material and kind was added. Probing a position
    /// also needs the tables of what its captures and promotions lead to.
    MissingTable {
        /// The material, as the table's file name spells it (`KQvKR`).
        material: Material,
        /// WDL or DTZ.
        kind: TableKind,
    },
    /// The table file exists but cannot be used.
    Table(TableError),
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::CastlingRights => {
                f.write_str("Syzygy tables hold no positions with castling rights")
            }
            ProbeError::TooManyPieces { pieces, max } => {
                write!(
                    f,
                    "{pieces} pieces on the board; the tables added hold at most {max}"
                )
            }
            ProbeError::MissingTable { material, kind } => {
                write!(f, "missing {kind} table {material}{}", kind.extension())
            }
            ProbeError::Table(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for ProbeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ProbeError::Table(err) => Some(err),
            _ => None,
        }
    }
}

impl From<TableError> for ProbeError {
    fn from(err: TableError) -> ProbeError {
        ProbeError::Table(err)
    }
}

/// A directory of tables that cannot be listed.
///
/// ```
/// use magicboard_syzygy::Tablebase;
/// let err = Tablebase::open("/no/such/tables").err().unwrap();
/// assert_eq!(err.path(), std::path::Path::new("/no/such/tables"));
/// ```
#[derive(Debug)]
pub struct OpenError {
    path: PathBuf,
    source: io::Error,
}

impl OpenError {
    pub(crate) fn new(path: PathBuf, source: io::Error) -> OpenError {
        OpenError { path, source }
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read the table directory {}: {}",
            self.path.display(),
            self.source
        )
    }
}

impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}
