//! Perft suites: files of positions with their published counts, one
//! position a line, in the EPD-like format most engines ship
//! (`<FEN> ;D1 20 ;D2 400 ;D3 8902`). `;Dn N` says that perft(n) of the
//! position is `N`.
//!
//! A line may also give the statistics of the published tables:
//! `;Sn nodes captures en-passant castles promotions checks discovered
//! double checkmates`, nine columns in that order (the Chess Programming
//! Wiki's), each a count or `-` where the source gives none, so
//! `;S5 4865609 82719 258 0 0 27351 6 0 347`. Its node count serves as the
//! perft count of that depth too (agreeing with a `;Dn` of the same depth,
//! if there is one). See [`PerftStats`](super::PerftStats) for the columns.
//!
//! The reader is strict, so that a typo in a suite cannot silently drop a
//! check: blank lines and lines starting with `#` are skipped, whitespace
//! around the separators is free (`;D1 20`, `; D1 20`, `;D1  20`) and `\r`
//! is ignored, but a field that is not `Dn count`, a depth of 0 or one
//! given twice, a line without counts and a bad FEN are errors naming the
//! line. The `perft --epd` tool and this crate's own tests use this
//! reader.
//!
//! ```
//! use magicboard::perft::suite::parse_suite;
//! use magicboard::{perft, CastlingMode};
//!
//! let text = "\
//! ## CPW positions 1 and 3
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
//! 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - ;D1 14 ;D2 191
//! ";
//! let suite = parse_suite(text, CastlingMode::Standard)?;
//! assert_eq!(suite.len(), 2);
//! assert_eq!(suite[1].line, 3);
//! for entry in &suite {
//!     for &(depth, expected) in &entry.counts {
//!         assert_eq!(u128::from(perft(&entry.board, depth)), expected);
//!     }
//! }
//! # Ok::<(), magicboard::perft::suite::SuiteError>(())
//! ```

use crate::board::{Board, FenError};
use crate::castling::CastlingMode;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// One position of a suite with its published counts, as
/// [`parse_suite`] reads it. Its fields may grow in a minor release
/// (`#[non_exhaustive]`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SuiteEntry {
    /// The line of the file (1-based).
    pub line: usize,
    /// The FEN (or four-field EPD position) as written in the file.
    pub fen: String,
    /// The position, read with [`Board::from_fen_with`] in the suite's
    /// castling mode.
    pub board: Board,
    /// `(depth, expected leaves)`, in the order of the file (from the
    /// `;Dn` fields, and the node column of `;Sn` fields).
    pub counts: Vec<(u32, u128)>,
    /// `(depth, expected statistics)` from the `;Sn` fields, in the order of
    /// the file: the nine columns of [`PerftStats::columns`](super::PerftStats::columns),
    /// `None` where the file gives `-`.
    pub stats: Vec<(u32, [Option<u128>; 9])>,
}

impl SuiteEntry {
    /// The expected count at `depth`, if the line gives one.
    ///
    /// ```
    /// use magicboard::perft::suite::parse_suite;
    /// use magicboard::CastlingMode;
    /// let suite = parse_suite("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66", CastlingMode::Standard)?;
    /// assert_eq!(suite[0].count(2), Some(66));
    /// assert_eq!(suite[0].count(3), None);
    /// # Ok::<(), magicboard::perft::suite::SuiteError>(())
    /// ```
    pub fn count(&self, depth: u32) -> Option<u128> {
        self.counts
            .iter()
            .find(|&&(d, _)| d == depth)
            .map(|&(_, n)| n)
    }
}

/// A line of a suite that could not be read: where, and why. Its fields may
/// grow in a minor release (`#[non_exhaustive]`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SuiteError {
    /// The line of the file (1-based).
    pub line: usize,
    /// What is wrong with it.
    pub kind: SuiteErrorKind,
}

/// What is wrong with a suite line.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SuiteErrorKind {
    /// The position before the first `;` is not a valid FEN.
    Fen(FenError),
    /// A field after a `;` is not `D<depth> <count>` or `S<depth>` and
    /// nine columns (the field's text).
    BadField(String),
    /// A depth of 0, which perft suites do not list.
    ZeroDepth,
    /// The same depth twice on one line.
    RepeatedDepth(u32),
    /// A position without any `;Dn count`.
    NoCounts,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            SuiteErrorKind::Fen(e) => write!(f, "invalid FEN: {e}"),
            SuiteErrorKind::BadField(field) => write!(
                f,
                "expected `;D<depth> <count>` or `;S<depth>` and nine columns, found `;{field}`"
            ),
            SuiteErrorKind::ZeroDepth => f.write_str("depth 0 in a count"),
            SuiteErrorKind::RepeatedDepth(d) => write!(f, "depth {d} given twice"),
            SuiteErrorKind::NoCounts => f.write_str("no expected counts (`;D1 20 ...`)"),
        }
    }
}

impl core::error::Error for SuiteError {}

/// Reads a whole suite; the first bad line is the error. Positions are
/// read with [`Board::from_fen_with`] in `mode`: [`CastlingMode::Standard`]
/// for files like Ethereal's `standard.epd` (a Chess960 position is still
/// recognised by its castling rights), [`CastlingMode::Chess960`] for
/// Chess960 suites, so that moves print king-takes-rook.
///
/// # Errors
///
/// A [`SuiteError`] for the first bad line, with its line number and
/// [`SuiteErrorKind`]: [`Fen`](SuiteErrorKind::Fen) when the position is
/// not a valid FEN, [`BadField`](SuiteErrorKind::BadField) when a field
/// after a `;` is not `D<depth> <count>`, [`ZeroDepth`](SuiteErrorKind::ZeroDepth)
/// for a depth of 0, [`RepeatedDepth`](SuiteErrorKind::RepeatedDepth) for
/// a depth given twice on one line, [`NoCounts`](SuiteErrorKind::NoCounts)
/// for a position without counts.
///
/// ```
/// use magicboard::perft::suite::{parse_suite, SuiteErrorKind};
/// use magicboard::CastlingMode;
/// let bad = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D1 5";
/// let error = parse_suite(bad, CastlingMode::Standard).unwrap_err();
/// assert_eq!((error.line, error.kind), (1, SuiteErrorKind::RepeatedDepth(1)));
///
/// let fischer = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528";
/// let suite = parse_suite(fischer, CastlingMode::Chess960).unwrap();
/// assert!(suite[0].board.is_chess960());
/// ```
pub fn parse_suite(text: &str, mode: CastlingMode) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut entries = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let at = |kind| SuiteError { line, kind };
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let mut parts = raw.split(';');
        let fen = parts.next().unwrap_or("").trim();
        let board = Board::from_fen_with(fen, mode).map_err(|e| at(SuiteErrorKind::Fen(e)))?;
        let mut counts: Vec<(u32, u128)> = Vec::new();
        let mut stats: Vec<(u32, [Option<u128>; 9])> = Vec::new();
        for part in parts.map(str::trim).filter(|p| !p.is_empty()) {
            let bad = || at(SuiteErrorKind::BadField(part.to_string()));
            let (kind, rest) = part.split_at(1);
            let mut words = rest.split_whitespace();
            let depth: u32 = words.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
            if depth == 0 {
                return Err(at(SuiteErrorKind::ZeroDepth));
            }
            match kind {
                "D" => {
                    let (Some(nodes), None) = (words.next(), words.next()) else {
                        return Err(bad());
                    };
                    let nodes: u128 = nodes.parse().map_err(|_| bad())?;
                    if counts.iter().any(|&(d, _)| d == depth) {
                        return Err(at(SuiteErrorKind::RepeatedDepth(depth)));
                    }
                    counts.push((depth, nodes));
                }
                "S" => {
                    let columns: Vec<Option<u128>> = words
                        .map(|w| match w {
                            "-" => Ok(None),
                            w => w.parse().map(Some).map_err(|_| bad()),
                        })
                        .collect::<Result<_, _>>()?;
                    let columns: [Option<u128>; 9] = columns.try_into().map_err(|_| bad())?;
                    if stats.iter().any(|&(d, _)| d == depth) {
                        return Err(at(SuiteErrorKind::RepeatedDepth(depth)));
                    }
                    stats.push((depth, columns));
                }
                _ => return Err(bad()),
            }
        }
        // A statistics line's node count is that depth's perft count too.
        for &(depth, columns) in &stats {
            let Some(nodes) = columns[0] else { continue };
            match counts.iter().find(|&&(d, _)| d == depth) {
                Some(&(_, n)) if n != nodes => {
                    return Err(at(SuiteErrorKind::RepeatedDepth(depth)));
                }
                Some(_) => {}
                None => counts.push((depth, nodes)),
            }
        }
        if counts.is_empty() {
            return Err(at(SuiteErrorKind::NoCounts));
        }
        entries.push(SuiteEntry {
            line,
            fen: fen.to_string(),
            board,
            counts,
            stats,
        });
    }
    Ok(entries)
}
