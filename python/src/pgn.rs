//! `magicboard.pgn`'s Rust half: reading PGN with magicboard-pgn.
//!
//! Two ways in, both called by `python/magicboard/pgn.py`:
//!
//! - [`_read_game`] reads the next game of a text handle line by line,
//!   consuming exactly the lines python-chess's `read_game` consumes (so
//!   `tell()`/`seek()` between games work as they do there), and returns
//!   the game's tags as written and its tree (moves, variations, comments,
//!   NAGs, errors) as flat lists that `pgn.py` turns into `Game` and
//!   `ChildNode` objects;
//! - [`Games`] and [`Positions`] iterate a whole file (a path, plain,
//!   `.zst` or `.gz`, or a file object) without the GIL, on one thread or
//!   several: each game's tags and mainline moves, or batches of positions
//!   as columns of bytes that `pgn.py` views as NumPy arrays.
//!
//! This file and `library.rs` are the ones that call magicboard's crates:
//! here magicboard-pgn, and the library through `library.rs`.

use crate::errors::{fen_error, san_error};
use crate::library as lib;
use crate::moves::Move;
use magicboard_pgn as pgn;
use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString, PyTuple};
use pyo3::{IntoPyObjectExt, intern};
use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::Mutex;

create_exception!(
    magicboard.pgn,
    PgnError,
    PyValueError,
    "A game of a PGN file that cannot be replayed (a subclass of ValueError): \
     its message names the game's number, its line and the move; the attributes \
     ``game`` and ``line`` hold the numbers."
);

// ----- one game from a text handle, line by line, as python-chess reads it ---

/// What `_read_game` reads.
const FULL: u8 = 0;
/// The tags only (the movetext is skipped).
const HEADERS: u8 = 1;
/// Nothing: the game is skipped.
const SKIP: u8 = 2;

/// White space as Python's `str.isspace` and `re`'s `\s` see it.
fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

/// Python's `line.isspace()`: not empty, and white space only.
fn is_blank(line: &str) -> bool {
    !line.is_empty() && line.chars().all(is_space)
}

/// A tag pair line as python-chess's `TAG_REGEX` reads it:
/// `[Name "value"]`, the name a letter or digit then letters, digits and
/// `_+#=:-`, white space before the quote, anything but a carriage return
/// up to the last `"]` (no escapes undone), white space after.
fn tag_pair(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix('[')?;
    let name_len = rest
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || b"_+#=:-".contains(&b)))
        .unwrap_or(rest.len());
    let name = &rest[..name_len];
    if !name.bytes().next()?.is_ascii_alphanumeric() {
        return None;
    }
    let rest = &rest[name_len..];
    let value = rest.trim_start_matches(is_space);
    if value.len() == rest.len() {
        return None; // no white space between the name and the value
    }
    let value = value.strip_prefix('"')?;
    let value = value.trim_end_matches(is_space).strip_suffix("\"]")?;
    (!value.contains('\r')).then_some((name, value))
}

/// A text handle's lines, by its `readline` (bytes are read as UTF-8).
struct Lines<'py> {
    readline: Bound<'py, PyAny>,
}

impl<'py> Lines<'py> {
    fn new(handle: &Bound<'py, PyAny>) -> PyResult<Lines<'py>> {
        Ok(Lines {
            readline: handle.getattr(intern!(handle.py(), "readline"))?,
        })
    }

    /// The next line with its line end; empty at the end of the input.
    fn next(&mut self) -> PyResult<String> {
        let line = self.readline.call0()?;
        if let Ok(text) = line.cast::<PyString>() {
            return Ok(text.to_cow()?.into_owned());
        }
        if let Ok(bytes) = line.cast::<PyBytes>() {
            return Ok(String::from_utf8_lossy(bytes.as_bytes()).into_owned());
        }
        Err(PyValueError::new_err(format!(
            "readline() returned {}, not str",
            line.get_type().name()?
        )))
    }
}

/// Where a `{` opens a comment that the line does not close, scanning
/// `line` from `from` as python-chess's movetext loop does (`;` ends the
/// line's tokens, a `{ ... }` on the line is passed over).
fn open_comment(line: &str, from: usize) -> Option<usize> {
    let mut at = from;
    loop {
        let next = at + line[at..].find(['{', ';'])?;
        if line.as_bytes()[next] == b';' {
            return None;
        }
        match line[next + 1..].find('}') {
            Some(close) => at = next + 1 + close + 1,
            None => return Some(next),
        }
    }
}

/// The movetext's lines from `line` on, as python-chess's `read_game`
/// reads them: up to a blank line (consumed, not kept) or the end of the
/// input; `%` and `;` lines at a line's start are left out; a `{` comment
/// goes on over lines, blank ones included, and the rest of the line that
/// closes it is read on.
fn movetext(lines: &mut Lines<'_>, mut line: String) -> PyResult<String> {
    let mut text = String::new();
    while !line.is_empty() {
        if line.starts_with('%') || line.starts_with(';') {
            line = lines.next()?;
            continue;
        }
        if is_blank(&line) {
            break;
        }
        text.push_str(&line);
        let mut open = open_comment(&line, 0).is_some();
        while open {
            line = lines.next()?;
            if line.is_empty() {
                return Ok(text);
            }
            text.push_str(&line);
            if let Some(close) = line.find('}') {
                open = open_comment(&line, close + 1).is_some();
            }
        }
        line = lines.next()?;
    }
    Ok(text)
}

/// Passes over a movetext from `line` on, as python-chess's fast path for
/// a skipped game does (a blank line outside a comment ends it).
fn skip_movetext(lines: &mut Lines<'_>, mut line: String) -> PyResult<()> {
    let mut in_comment = false;
    while !line.is_empty() {
        if !in_comment {
            if is_blank(&line) {
                return Ok(());
            }
            if line.starts_with('%') {
                line = lines.next()?;
                continue;
            }
        }
        for c in line.chars() {
            match c {
                '{' => in_comment = true,
                ';' if !in_comment => break,
                '}' => in_comment = false,
                _ => {}
            }
        }
        line = lines.next()?;
    }
    Ok(())
}

/// The `[Variant]` names python-chess plays on a standard board
/// (`wild/0` ... `wild/8a`, FICS's).
fn is_wild(variant: &str) -> bool {
    let name = variant.to_ascii_lowercase();
    name.strip_prefix("wild/").is_some_and(|n| {
        matches!(
            n,
            "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "8a"
        )
    })
}

/// True when python-chess's tokenizer finds a move in a token: a square
/// (`e4`, as in `Nf3`, `exd5`, `N@f3`), castling, or a null move. Words
/// without one (`garbage`, `Zz9`) it passes over without an error, and so
/// does `read_game` here.
fn python_chess_sees_a_move(token: &[u8]) -> bool {
    let square = token
        .windows(2)
        .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]));
    square
        || [&b"--"[..], b"Z0", b"0000", b"@@@@", b"O-O", b"0-0"]
            .iter()
            .any(|m| token.windows(m.len()).any(|w| w == *m))
}

/// A tag value with `\` and `"` escaped, for the reader to undo.
fn escaped(value: &str) -> Vec<u8> {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .into_bytes()
}

/// A [`pgn::TreeBuilder`] started from the `[FEN]` and `[Variant]` tags
/// read apart (the movetext alone goes through the reader).
struct Started<'a> {
    inner: pgn::TreeBuilder,
    fen: Option<&'a str>,
    variant: Option<&'a str>,
}

impl pgn::Visitor for Started<'_> {
    type Output = pgn::GameTree;
    fn begin_game(&mut self, start: pgn::GameStart) {
        self.inner.begin_game(start);
    }
    fn end_tags(&mut self) -> pgn::Control {
        if let Some(fen) = self.fen {
            self.inner.tag(b"FEN", pgn::RawTag(&escaped(fen)));
        }
        if let Some(variant) = self.variant {
            self.inner.tag(b"Variant", pgn::RawTag(&escaped(variant)));
        }
        self.inner.end_tags()
    }
    fn san(&mut self, san: pgn::RawSan<'_>) -> pgn::Control {
        if python_chess_sees_a_move(san.as_bytes()) {
            self.inner.san(san)
        } else {
            pgn::Control::Continue
        }
    }
    fn nag(&mut self, nag: pgn::Nag) -> pgn::Control {
        self.inner.nag(nag)
    }
    fn comment(&mut self, comment: pgn::RawComment<'_>) -> pgn::Control {
        self.inner.comment(comment)
    }
    fn begin_variation(&mut self) -> pgn::Control {
        self.inner.begin_variation()
    }
    fn end_variation(&mut self) -> pgn::Control {
        self.inner.end_variation()
    }
    fn result(&mut self, result: pgn::GameResult) -> pgn::Control {
        self.inner.result(result)
    }
    fn end_game(&mut self) -> pgn::GameTree {
        self.inner.end_game()
    }
}

/// The Python exception for a game's error: python-chess's move errors for
/// a move, `ValueError` for a bad FEN or variant.
fn game_error(py: Python<'_>, error: &pgn::GameError) -> Py<PyAny> {
    let err = match &error.kind {
        pgn::ErrorKind::Move {
            san, error, fen, ..
        } => san_error(san, *error, fen),
        pgn::ErrorKind::Fen { fen, error } => fen_error(fen, error),
        pgn::ErrorKind::Variant(name) => PyValueError::new_err(format!(
            "unsupported variant: {} (standard chess and Chess960 are)",
            crate::errors::quote(name)
        )),
        _ => PyValueError::new_err(error.to_string()),
    };
    err.into_value(py).into_any()
}

/// The Python `Move` of a tree's or game's move (`Move.null()` for a null
/// move).
fn py_move(chess960_of: &lib::Board, mv: lib::Move) -> Move {
    if mv == lib::Move::NULL {
        Move::NULL
    } else {
        Move::of(chess960_of, mv)
    }
}

/// _read_game(handle, what)
///
/// Reads the next game of a text handle, consuming the lines python-chess's
/// ``read_game`` consumes. ``what``: 0 for the whole game, 1 for its tags
/// only, 2 to skip it. Returns ``None`` at the end of the input; the list
/// of ``(name, value)`` tags for 1; ``True`` for 2; for 0 the tuple
/// ``(tags, errors, result, comment, tree)``: the exceptions met, the
/// movetext's result token or ``None``, the comment before the first move,
/// and the moves as a ``Tree`` (``None`` when the start position could not
/// be set up).
#[pyfunction]
pub fn _read_game<'py>(
    py: Python<'py>,
    handle: &Bound<'py, PyAny>,
    what: u8,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let mut lines = Lines::new(handle)?;
    let mut line = lines.next()?;
    if let Some(rest) = line.strip_prefix('\u{feff}') {
        line = rest.to_string();
    }
    while is_blank(&line) || line.starts_with('%') || line.starts_with(';') {
        line = lines.next()?;
    }
    // The tags: up to one blank line between two of them.
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut found = false;
    let mut blank = false;
    while !line.is_empty() {
        if line.starts_with('%') || line.starts_with(';') {
            line = lines.next()?;
            continue;
        }
        if !blank && is_blank(&line) {
            blank = true;
            line = lines.next()?;
            continue;
        }
        found = true;
        if !line.starts_with('[') {
            break;
        }
        blank = false;
        if what != SKIP {
            if let Some((name, value)) = tag_pair(&line) {
                match tags.iter_mut().find(|(n, _)| n == name) {
                    Some(slot) => slot.1 = value.to_string(),
                    None => tags.push((name.to_string(), value.to_string())),
                }
            }
        }
        line = lines.next()?;
    }
    if !found {
        return Ok(None);
    }
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let variant = tag("Variant").filter(|v| !is_wild(v));
    let start = (what == FULL).then(|| pgn::replay::start_position(tag("FEN"), variant));
    let tag_list = || -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, tags.iter().map(|(n, v)| (n.as_str(), v.as_str())))
    };
    let board = match start {
        Some(Ok(board)) => board,
        Some(Err(kind)) => {
            skip_movetext(&mut lines, line)?;
            let error = game_error(
                py,
                &pgn::GameError {
                    game: 1,
                    line: 1,
                    kind,
                },
            );
            return Ok(Some(
                (
                    tag_list()?,
                    PyList::new(py, [error])?,
                    py.None(),
                    "",
                    py.None(),
                )
                    .into_bound_py_any(py)?,
            ));
        }
        None => {
            skip_movetext(&mut lines, line)?;
            return match what {
                HEADERS => Ok(Some(tag_list()?.into_any())),
                _ => Ok(Some(true.into_bound_py_any(py)?)),
            };
        }
    };
    let text = movetext(&mut lines, line)?;
    let mut builder = Started {
        inner: pgn::TreeBuilder::new(),
        fen: tag("FEN"),
        variant,
    };
    let tree = pgn::Reader::new(text.as_bytes())
        .read_game(&mut builder)?
        .unwrap_or_else(|| pgn::GameTree::new(board));
    let errors = PyList::new(py, tree.errors.iter().map(|e| game_error(py, e)))?;
    let result = tree.result.map(|r| r.as_str());
    let comment = tree.node(pgn::NodeId::ROOT).comment.clone();
    let tree = Bound::new(py, Tree { tree })?;
    (tag_list()?, errors, result, comment, tree)
        .into_bound_py_any(py)
        .map(Some)
}

/// A game's tree as `_read_game` read it, kept in Rust until Python asks
/// for its nodes: ``mainline_moves()`` lists the mainline's moves without
/// making any node, ``nodes()`` gives every node as flat lists.
#[pyclass(module = "magicboard.pgn", frozen)]
pub struct Tree {
    tree: pgn::GameTree,
}

#[pymethods]
impl Tree {
    /// The mainline's moves, as ``Move`` objects.
    fn mainline_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let tree = &self.tree;
        let moves = tree
            .mainline()
            .map(|id| py_move(&tree.start, tree.node(id).mv).to_py(py))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, moves)
    }

    /// Every node but the root: ``(parents, moves, comments,
    /// starting_comments, nags)``. Node ``i + 1`` is ``moves[i]`` played
    /// from node ``parents[i]`` (0 is the root), in the order the movetext
    /// gives them; ``comments``, ``starting_comments`` and ``nags`` are
    /// ``(node, value)`` pairs for the nodes that have one (the root's
    /// comment included).
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let tree = &self.tree;
        let n = tree.len();
        let mut parents = Vec::with_capacity(n.saturating_sub(1));
        let mut moves = Vec::with_capacity(n.saturating_sub(1));
        let comments = PyList::empty(py);
        let starting = PyList::empty(py);
        let nags = PyList::empty(py);
        for i in 0..n {
            let node = tree.node(pgn::NodeId(i as u32));
            if let Some(parent) = node.parent {
                parents.push(parent.0);
                moves.push(py_move(&tree.start, node.mv).to_py(py)?);
            }
            if !node.comment.is_empty() {
                comments.append((i, node.comment.as_str()))?;
            }
            if !node.starting_comment.is_empty() {
                starting.append((i, node.starting_comment.as_str()))?;
            }
            if !node.nags.is_empty() {
                let values: Vec<u8> = node.nags.iter().map(|nag| nag.0).collect();
                nags.append((i, PyTuple::new(py, values)?))?;
            }
        }
        PyTuple::new(
            py,
            [
                PyList::new(py, parents)?.into_any(),
                PyList::new(py, moves)?.into_any(),
                comments.into_any(),
                starting.into_any(),
                nags.into_any(),
            ],
        )
    }

    /// The number of moves (nodes but the root).
    fn __len__(&self) -> usize {
        self.tree.len() - 1
    }
}

// ----- whole files, without the GIL ------------------------------------------

/// A Python file object as a `Read`: its `read(n)`, called with the GIL
/// (bytes as they are, text as UTF-8).
struct PyRead {
    file: Py<PyAny>,
    /// Text read but not yet handed out (a `str`'s UTF-8 may be longer
    /// than asked for).
    pending: Vec<u8>,
    at: usize,
}

impl Read for PyRead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            self.pending.clear();
            self.at = 0;
            let want = buf.len().max(1 << 16);
            Python::attach(|py| -> PyResult<()> {
                let data = self
                    .file
                    .bind(py)
                    .call_method1(intern!(py, "read"), (want,))?;
                if let Ok(bytes) = data.cast::<PyBytes>() {
                    self.pending.extend_from_slice(bytes.as_bytes());
                } else if let Ok(text) = data.cast::<PyString>() {
                    self.pending.extend_from_slice(text.to_cow()?.as_bytes());
                } else if let Ok(bytes) = data.cast::<PyByteArray>() {
                    self.pending.extend_from_slice(&bytes.to_vec());
                } else if !data.is_none() {
                    return Err(PyValueError::new_err(format!(
                        "read() returned {}, not bytes or str",
                        data.get_type().name()?
                    )));
                }
                Ok(())
            })
            .map_err(io::Error::other)?;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The input of `Games` and `Positions`: a path (opened and decompressed
/// by magicboard-pgn) or a file object.
fn open_source(source: &Bound<'_, PyAny>) -> PyResult<Box<dyn Read + Send>> {
    if let Ok(path) = source.extract::<std::path::PathBuf>() {
        return pgn::open::open(&path)
            .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", path.display())));
    }
    if !source.hasattr(intern!(source.py(), "read"))? {
        return Err(PyValueError::new_err(
            "expected a path or a file object with read()",
        ));
    }
    let file = PyRead {
        file: source.clone().unbind(),
        pending: Vec::new(),
        at: 0,
    };
    pgn::open::decompress(Box::new(file)).map_err(|e| PyOSError::new_err(e.to_string()))
}

type Input = Box<dyn Read + Send>;

/// A file's games, read on one thread or on a pool.
enum Source {
    One(Box<pgn::Games<Input>>),
    Pool(pgn::parallel::Games<Input>, rayon::ThreadPool),
}

impl Source {
    fn new(input: Input, tags: bool, threads: usize) -> PyResult<Source> {
        if threads == 1 {
            return Ok(Source::One(Box::new(pgn::Games::new(input).tags(tags))));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| PyOSError::new_err(e.to_string()))?;
        Ok(Source::Pool(
            pgn::parallel::Games::new(input).tags(tags),
            pool,
        ))
    }

    /// Up to `n` more games into `ready`; false at the end of the input.
    fn read_ahead(
        &mut self,
        ready: &mut VecDeque<Result<pgn::Game, pgn::Error>>,
        n: usize,
    ) -> bool {
        let mut more = |games: &mut dyn Iterator<Item = Result<pgn::Game, pgn::Error>>| {
            for _ in 0..n {
                match games.next() {
                    Some(item) => ready.push_back(item),
                    None => return false,
                }
            }
            true
        };
        match self {
            Source::One(games) => more(games.as_mut()),
            // Into the pool once for the batch (a crossing per game costs
            // more than a game).
            Source::Pool(games, pool) => pool.install(|| more(games)),
        }
    }
}

/// The `PgnError` for a bad game, with its `game` and `line` attributes.
fn pgn_error(py: Python<'_>, error: &pgn::GameError) -> PyErr {
    let err = PgnError::new_err(error.to_string());
    let value = err.value(py);
    let _ = value.setattr("game", error.game);
    let _ = value.setattr("line", error.line);
    err
}

/// Games read ahead without the GIL, handed out one by one.
const AHEAD: usize = 64;

/// What `Games` and `Positions` share: the source, the games read ahead,
/// what to do with a bad game.
struct Stream {
    source: Source,
    ready: VecDeque<Result<pgn::Game, pgn::Error>>,
    done: bool,
    skip_errors: bool,
}

impl Stream {
    fn new(
        source: &Bound<'_, PyAny>,
        tags: bool,
        errors: &str,
        threads: usize,
    ) -> PyResult<Stream> {
        let skip_errors = match errors {
            "raise" => false,
            "skip" => true,
            other => {
                return Err(PyValueError::new_err(format!(
                    "errors must be 'raise' or 'skip', not {}",
                    crate::errors::quote(other)
                )));
            }
        };
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
        Ok(Stream {
            source: Source::new(open_source(source)?, tags, threads)?,
            ready: VecDeque::new(),
            done: false,
            skip_errors,
        })
    }

    /// The next good game (bad ones raised, or listed in `skipped`), `None`
    /// at the end. Call without the GIL: errors come back as values.
    fn next_game(&mut self) -> Option<Result<pgn::Game, pgn::Error>> {
        if self.ready.is_empty() && !self.done {
            let ahead = match self.source {
                Source::One(_) => AHEAD,
                Source::Pool(..) => AHEAD * 16,
            };
            self.done = !self.source.read_ahead(&mut self.ready, ahead);
        }
        self.ready.pop_front()
    }
}

/// An error of the stream as a Python exception (`PgnError` or `OSError`).
fn stream_error(py: Python<'_>, error: pgn::Error) -> PyErr {
    match error {
        pgn::Error::Game(e) => pgn_error(py, &e),
        pgn::Error::Io(e) => PyOSError::new_err(format!("reading PGN: {e}")),
    }
}

/// The games of a PGN file: ``(headers, moves)`` for each, ``headers`` a
/// ``dict`` of the tags (empty when not asked for), ``moves`` the
/// mainline's ``Move`` list. Made by ``magicboard.pgn.read_games``.
///
/// A bad game raises ``PgnError`` (``errors="raise"``) and the next
/// ``next()`` goes on with the game after it, or is passed over and kept
/// in ``skipped`` (``errors="skip"``).
#[pyclass(module = "magicboard.pgn")]
pub struct Games {
    stream: Mutex<Stream>,
    skipped: Py<PyList>,
}

#[pymethods]
impl Games {
    /// Games(source, headers=True, errors="raise", threads=1)
    #[new]
    #[pyo3(signature = (source, headers = true, errors = "raise", threads = 1))]
    fn py_new(
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        headers: bool,
        errors: &str,
        threads: usize,
    ) -> PyResult<Games> {
        Ok(Games {
            stream: Mutex::new(Stream::new(source, headers, errors, threads)?),
            skipped: PyList::empty(py).unbind(),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let mut stream = self
            .stream
            .try_lock()
            .map_err(|_| PyValueError::new_err("the iterator is in use by another thread"))?;
        loop {
            let stream_ref: &mut Stream = &mut stream;
            let item = py.detach(|| stream_ref.next_game());
            match item {
                None => return Ok(None),
                Some(Ok(game)) => return game_to_py(py, &game).map(Some),
                Some(Err(pgn::Error::Game(e))) if stream.skip_errors => {
                    self.skipped
                        .bind(py)
                        .append(pgn_error(py, &e).into_value(py))?;
                }
                Some(Err(e)) => return Err(stream_error(py, e)),
            }
        }
    }

    /// The ``PgnError`` of each bad game passed over (``errors="skip"``).
    #[getter]
    fn skipped(&self, py: Python<'_>) -> Py<PyList> {
        self.skipped.clone_ref(py)
    }
}

/// `(headers, moves)` of a game.
fn game_to_py<'py>(py: Python<'py>, game: &pgn::Game) -> PyResult<Bound<'py, PyTuple>> {
    let headers = PyDict::new(py);
    for (name, value) in &game.tags {
        headers.set_item(name, value)?;
    }
    let moves = game
        .moves
        .iter()
        .map(|&mv| py_move(&game.start, mv).to_py(py))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, [headers.into_any(), PyList::new(py, moves)?.into_any()])
}

/// The columns of a batch of positions (one row per position with the
/// move played from it), each as the bytes of its NumPy array (numbers in
/// the machine's byte order).
struct Columns {
    rows: usize,
    pieces: Vec<u8>,
    turn: Vec<u8>,
    castling_rights: Vec<u8>,
    ep_square: Vec<u8>,
    halfmove_clock: Vec<u8>,
    fullmove_number: Vec<u8>,
    zobrist: Vec<u8>,
    from_square: Vec<u8>,
    to_square: Vec<u8>,
    promotion: Vec<u8>,
    game: Vec<u8>,
    ply: Vec<u8>,
    result: Vec<u8>,
}

/// The `result` column's value for a game: 1 White won, -1 Black won, 0 a
/// draw, 2 unknown (the `Result` tag's, else the movetext's).
fn result_code(game: &pgn::Game) -> i8 {
    let result = game
        .tags
        .get("Result")
        .and_then(|r| pgn::GameResult::from_token(r.trim().as_bytes()))
        .filter(|r| *r != pgn::GameResult::Unknown)
        .or(game.result);
    match result {
        Some(pgn::GameResult::WhiteWins) => 1,
        Some(pgn::GameResult::BlackWins) => -1,
        Some(pgn::GameResult::Draw) => 0,
        _ => 2,
    }
}

/// A number narrowed to 16 bits (the largest value when it does not fit).
fn u16_saturating(n: u64) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

impl Columns {
    /// Empty columns with room for `rows` rows.
    fn with_room(rows: usize) -> Columns {
        Columns {
            rows: 0,
            pieces: Vec::with_capacity(rows * 64),
            turn: Vec::with_capacity(rows),
            castling_rights: Vec::with_capacity(rows * 8),
            ep_square: Vec::with_capacity(rows),
            halfmove_clock: Vec::with_capacity(rows * 2),
            fullmove_number: Vec::with_capacity(rows * 2),
            zobrist: Vec::with_capacity(rows * 8),
            from_square: Vec::with_capacity(rows),
            to_square: Vec::with_capacity(rows),
            promotion: Vec::with_capacity(rows),
            game: Vec::with_capacity(rows * 8),
            ply: Vec::with_capacity(rows * 2),
            result: Vec::with_capacity(rows),
        }
    }

    /// One row: `board` and the move `mv` played from it.
    fn push(&mut self, board: &lib::Board, mv: lib::Move, game: u64, ply: usize, result: i8) {
        self.rows += 1;
        let mut squares = [0u8; 64];
        for piece_type in 1..=6u8 {
            let Some(kind) = lib::piece_kind(piece_type) else {
                continue;
            };
            for (white, code) in [(true, piece_type), (false, piece_type + 6)] {
                for sq in lib::squares_of(lib::pieces_mask(board, kind, white)) {
                    squares[usize::from(sq)] = code;
                }
            }
        }
        self.pieces.extend_from_slice(&squares);
        self.turn.push(u8::from(lib::white_to_move(board)));
        self.castling_rights
            .extend_from_slice(&lib::castling_rooks(board).to_ne_bytes());
        let ep = lib::en_passant(board).map_or(-1, |sq| sq as i8);
        self.ep_square.extend_from_slice(&ep.to_ne_bytes());
        self.halfmove_clock.extend_from_slice(
            &u16_saturating(u64::from(lib::halfmove_clock(board))).to_ne_bytes(),
        );
        self.fullmove_number.extend_from_slice(
            &u16_saturating(u64::from(lib::fullmove_number(board))).to_ne_bytes(),
        );
        self.zobrist
            .extend_from_slice(&lib::zobrist_hash(board).to_ne_bytes());
        let m = py_move(board, mv);
        self.from_square.push(m.from);
        self.to_square.push(m.to);
        self.promotion.push(m.promotion);
        self.game.extend_from_slice(&game.to_ne_bytes());
        self.ply
            .extend_from_slice(&u16_saturating(ply as u64).to_ne_bytes());
        self.result.extend_from_slice(&result.to_ne_bytes());
    }

    /// The columns in the order of [`COLUMNS`].
    fn parts(&self) -> [&[u8]; 13] {
        [
            &self.pieces,
            &self.turn,
            &self.castling_rights,
            &self.ep_square,
            &self.halfmove_clock,
            &self.fullmove_number,
            &self.zobrist,
            &self.from_square,
            &self.to_square,
            &self.promotion,
            &self.game,
            &self.ply,
            &self.result,
        ]
    }
}

/// A game whose positions are being cut into batches.
struct Cursor {
    game: pgn::Game,
    board: lib::Board,
    ply: usize,
    result: i8,
}

/// Batches of positions of a PGN file's games: made by
/// ``magicboard.pgn.read_positions``, which turns each batch's columns of
/// bytes into NumPy arrays.
#[pyclass(module = "magicboard.pgn")]
pub struct Positions {
    state: Mutex<(Stream, Option<Cursor>, Option<pgn::Error>)>,
    batch_size: usize,
    skipped: Py<PyList>,
}

/// The names of a batch's columns, in the order `Positions` returns them.
const COLUMNS: [&str; 13] = [
    "pieces",
    "turn",
    "castling_rights",
    "ep_square",
    "halfmove_clock",
    "fullmove_number",
    "zobrist",
    "from_square",
    "to_square",
    "promotion",
    "game",
    "ply",
    "result",
];

#[pymethods]
impl Positions {
    /// Positions(source, batch_size=65536, errors="raise", threads=1)
    #[new]
    #[pyo3(signature = (source, batch_size = 65536, errors = "raise", threads = 1))]
    fn py_new(
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        batch_size: usize,
        errors: &str,
        threads: usize,
    ) -> PyResult<Positions> {
        if batch_size == 0 {
            return Err(PyValueError::new_err("batch_size must be at least 1"));
        }
        Ok(Positions {
            state: Mutex::new((Stream::new(source, true, errors, threads)?, None, None)),
            batch_size,
            skipped: PyList::empty(py).unbind(),
        })
    }

    /// The names of the columns, in the order ``__next__`` returns them.
    #[classattr]
    fn columns() -> Vec<&'static str> {
        COLUMNS.to_vec()
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next batch: ``(rows, columns)``, ``columns`` a tuple of
    /// ``bytearray`` in the order of ``Positions.columns``.
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let mut state = self
            .state
            .try_lock()
            .map_err(|_| PyValueError::new_err("the iterator is in use by another thread"))?;
        let (stream, cursor, failed) = &mut *state;
        if let Some(error) = failed.take() {
            return Err(stream_error(py, error));
        }
        let batch_size = self.batch_size;
        let mut skipped = Vec::new();
        let columns = py.detach(|| {
            let mut columns = Columns::with_room(batch_size.min(1 << 16));
            while columns.rows < batch_size {
                let Some(at) = cursor.as_mut() else {
                    match stream.next_game() {
                        None => break,
                        Some(Ok(game)) => {
                            *cursor = Some(Cursor {
                                board: game.start.clone(),
                                result: result_code(&game),
                                game,
                                ply: 0,
                            });
                        }
                        Some(Err(pgn::Error::Game(e))) if stream.skip_errors => skipped.push(e),
                        Some(Err(e)) => {
                            *failed = Some(e);
                            break;
                        }
                    }
                    continue;
                };
                while at.ply < at.game.moves.len() && columns.rows < batch_size {
                    let mv = at.game.moves[at.ply];
                    columns.push(&at.board, mv, at.game.number, at.ply, at.result);
                    if mv == lib::Move::NULL {
                        let _ = at.board.make_null_move();
                    } else {
                        at.board.make_move_unchecked(mv);
                    }
                    at.ply += 1;
                }
                if at.ply == at.game.moves.len() {
                    *cursor = None;
                }
            }
            columns
        });
        for e in &skipped {
            self.skipped
                .bind(py)
                .append(pgn_error(py, e).into_value(py))?;
        }
        if columns.rows == 0 {
            return match failed.take() {
                Some(error) => Err(stream_error(py, error)),
                None => Ok(None),
            };
        }
        let data = columns.parts().map(|bytes| PyByteArray::new(py, bytes));
        PyTuple::new(
            py,
            [
                columns.rows.into_bound_py_any(py)?,
                PyTuple::new(py, data)?.into_any(),
            ],
        )
        .map(Some)
    }

    /// The ``PgnError`` of each bad game passed over (``errors="skip"``).
    #[getter]
    fn skipped(&self, py: Python<'_>) -> Py<PyList> {
        self.skipped.clone_ref(py)
    }
}

/// Adds the PGN functions and classes to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_read_game, m)?)?;
    m.add_class::<Games>()?;
    m.add_class::<Positions>()?;
    m.add_class::<Tree>()?;
    m.add("PgnError", m.py().get_type::<PgnError>())?;
    Ok(())
}
