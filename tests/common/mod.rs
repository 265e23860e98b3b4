//! Helpers shared by the integration tests: the EPD perft-suite reader and
//! move-list formatting.

// Each test binary uses a different subset of these helpers.
#![allow(dead_code)]

use magicboard::{Board, Move};
use std::path::PathBuf;

/// One position of a perft suite with its published counts.
#[derive(Debug, Clone)]
pub struct SuiteEntry {
    /// Line number in the file (1-based), for messages.
    pub line: usize,
    /// The FEN (or four-field EPD position) as written in the file.
    pub fen: String,
    /// `(depth, expected nodes)`, in the order of the file.
    pub counts: Vec<(u32, u64)>,
}

/// Why an EPD line could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EpdError(pub String);

/// A parsed EPD line: the FEN and its `(depth, nodes)` counts.
pub type EpdLine = (String, Vec<(u32, u64)>);

/// Parses one line of a perft EPD file: `FEN ;D1 n ;D2 n ...`.
///
/// Returns `Ok(None)` for blank lines and `#` comments. Whitespace around
/// the separators is free (`;D1 20`, `; D1 20`, `;D1  20`), `\r` is
/// ignored, and fields that are not `Dn` counts are an error rather than
/// skipped, so a typo in the data cannot silently drop a check.
pub fn parse_epd_line(text: &str) -> Result<Option<EpdLine>, EpdError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let mut parts = text.split(';');
    let fen = parts.next().unwrap_or("").trim();
    if fen.split_ascii_whitespace().count() < 4 {
        return Err(EpdError(format!("no FEN before the first ';': {text:?}")));
    }
    let mut counts = Vec::new();
    for part in parts {
        let part = part.trim();
        if part.is_empty() {
            continue; // a trailing ';'
        }
        let rest = part
            .strip_prefix('D')
            .ok_or_else(|| EpdError(format!("field {part:?} is not `Dn count`")))?;
        let mut words = rest.split_ascii_whitespace();
        let (Some(depth), Some(nodes), None) = (words.next(), words.next(), words.next()) else {
            return Err(EpdError(format!("field {part:?} is not `Dn count`")));
        };
        let depth: u32 = depth
            .parse()
            .map_err(|_| EpdError(format!("bad depth in {part:?}")))?;
        let nodes: u64 = nodes
            .parse()
            .map_err(|_| EpdError(format!("bad node count in {part:?}")))?;
        if depth == 0 || counts.iter().any(|&(d, _)| d == depth) {
            return Err(EpdError(format!(
                "depth {depth} zero or repeated in {text:?}"
            )));
        }
        counts.push((depth, nodes));
    }
    if counts.is_empty() {
        return Err(EpdError(format!("no counts on line {text:?}")));
    }
    Ok(Some((fen.to_string(), counts)))
}

/// Path of a file in `tests/data`.
pub fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

/// Reads every position of `tests/data/<name>`; panics with the line number
/// on a malformed line.
pub fn load_suite(name: &str) -> Vec<SuiteEntry> {
    let path = data_path(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_epd_line(line) {
            Ok(Some((fen, counts))) => entries.push(SuiteEntry {
                line: i + 1,
                fen,
                counts,
            }),
            Ok(None) => {}
            Err(EpdError(msg)) => panic!("{name}:{}: {msg}", i + 1),
        }
    }
    entries
}

/// The standard suite (`KQkq` castling): 128 lines, 127 distinct positions
/// (`6KQ/8/8/8/8/8/8/7k b - - 0 1` appears twice, as in Ethereal's file).
pub fn standard_suite() -> Vec<SuiteEntry> {
    let suite = load_suite("standard.epd");
    assert_eq!(suite.len(), 128, "standard.epd should hold 128 lines");
    let mut fens: Vec<&str> = suite.iter().map(|e| e.fen.as_str()).collect();
    fens.sort();
    fens.dedup();
    assert_eq!(
        fens.len(),
        127,
        "standard.epd should hold 127 distinct positions"
    );
    suite
}

/// The Chess960 suite (960 positions, Shredder-FEN castling).
pub fn fischer_suite() -> Vec<SuiteEntry> {
    let suite = load_suite("fischer.epd");
    assert_eq!(suite.len(), 960, "fischer.epd should hold 960 positions");
    suite
}

/// The Chess Programming Wiki positions (start, 2, 3, 4, 4 mirrored, 5, 6).
pub fn cpw_suite() -> Vec<SuiteEntry> {
    let suite = load_suite("cpw.epd");
    assert_eq!(suite.len(), 7, "cpw.epd should hold 7 positions");
    suite
}

/// Parses a suite FEN, Chess960 or not; panics naming the FEN on error.
pub fn parse(fen: &str, chess960: bool) -> Board {
    let parsed = if chess960 {
        Board::from_fen_chess960(fen)
    } else {
        Board::from_fen(fen)
    };
    parsed.unwrap_or_else(|e| panic!("suite FEN {fen:?} rejected: {e}"))
}

/// The moves as sorted UCI strings in the board's own notation, for
/// comparisons with a readable diff.
pub fn sorted_uci(board: &Board, moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|&m| board.uci(m).to_string()).collect();
    v.sort();
    v
}

/// The moves as sorted standard UCI strings (`e1g1` castling).
pub fn sorted_strings(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}
