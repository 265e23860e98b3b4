//! `magicboard.syzygy`: Syzygy tablebases under python-chess's
//! `chess.syzygy` names, over the magicboard-syzygy crate.
//!
//! Like `library.rs` for the move generator, this is the one file that
//! calls magicboard-syzygy; it decides nothing of its own but how errors
//! and boards cross into Python.

use crate::board::Board;
use crate::library as lib;
use crate::moves::Move;
use magicboard_syzygy as tb;
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;

create_exception!(
    magicboard.syzygy,
    MissingTableError,
    PyKeyError,
    "Raised when a table a probe needs was not added (a subclass of KeyError, as in python-chess)."
);

/// A set of Syzygy tables, as python-chess's ``chess.syzygy.Tablebase``:
/// ``add_directory``, ``probe_wdl``, ``probe_dtz``, ``get_wdl``,
/// ``get_dtz``, ``close``, and a context manager.
///
/// Tables are memory-mapped when a probe first needs them; ``max_fds`` is
/// accepted for python-chess's signature and not needed (a mapped table
/// keeps no file open). Only standard chess: ``VariantBoard`` must be
/// ``None`` or a board class of standard chess. Probes release the GIL, so
/// threads probe in parallel.
///
/// Where python-chess behaves otherwise: a table that is truncated or
/// corrupt raises ``OSError`` naming the file and the problem (python-chess
/// leaves that undefined), and boards may be ``magicboard.Board`` or any
/// board with a ``fen()`` method (a ``chess.Board``). Not in python-chess:
/// ``max_pieces()``, ``best_move(board)``.
#[pyclass(module = "magicboard.syzygy")]
pub struct Tablebase {
    tables: tb::Tablebase,
}

/// The library board a Python board stands for: a `magicboard.Board`'s,
/// or the position of anything with a `fen()` method.
fn board_of(board: &Bound<'_, PyAny>) -> PyResult<lib::Board> {
    if let Ok(ours) = board.cast::<Board>() {
        return Ok(ours.borrow().current().clone());
    }
    let fen: String = board
        .call_method0("fen")
        .map_err(|_| {
            PyValueError::new_err("expected a board: magicboard.Board or anything with fen()")
        })?
        .extract()?;
    lib::Board::from_fen(&fen).map_err(|err| crate::errors::fen_error(&fen, &err))
}

/// python-chess's exception for each probe error.
fn probe_error(err: tb::ProbeError, board: &lib::Board) -> PyErr {
    let fen = board.to_fen();
    match err {
        tb::ProbeError::CastlingRights => PyKeyError::new_err(format!(
            "syzygy tables do not contain positions with castling rights: {fen}"
        )),
        tb::ProbeError::TooManyPieces { pieces, max } => PyKeyError::new_err(format!(
            "syzygy tables support up to {max} pieces, not {pieces}: {fen}"
        )),
        err @ tb::ProbeError::MissingTable { .. } => {
            MissingTableError::new_err(format!("{err} (for {fen})"))
        }
        err @ tb::ProbeError::Table(_) => PyOSError::new_err(err.to_string()),
        other => PyKeyError::new_err(format!("{other}: {fen}")),
    }
}

impl Tablebase {
    /// Runs `probe` on the board without the GIL; Python's errors for the
    /// library's.
    fn probe<T: Send>(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        probe: impl FnOnce(&tb::Tablebase, &lib::Board) -> Result<T, tb::ProbeError> + Send,
    ) -> PyResult<T> {
        let board = board_of(board)?;
        let tables = &self.tables;
        py.detach(|| probe(tables, &board))
            .map_err(|err| probe_error(err, &board))
    }
}

#[pymethods]
impl Tablebase {
    #[new]
    #[pyo3(signature = (*, max_fds = Some(128), VariantBoard = None))]
    #[allow(non_snake_case)]
    fn new(max_fds: Option<i64>, VariantBoard: Option<&Bound<'_, PyAny>>) -> PyResult<Tablebase> {
        let _ = max_fds;
        if let Some(variant) = VariantBoard {
            if !variant.is_none() {
                let name: String = variant
                    .getattr("uci_variant")
                    .and_then(|v| v.extract())
                    .unwrap_or_else(|_| "chess".to_string());
                if name != "chess" {
                    return Err(PyValueError::new_err(format!(
                        "only standard chess tables are supported, not {name}"
                    )));
                }
            }
        }
        Ok(Tablebase {
            tables: tb::Tablebase::new(),
        })
    }

    /// Adds the tables in ``directory`` (files named as tables, like
    /// ``KQvKR.rtbw``; ``load_wdl``/``load_dtz`` choose the kinds) and
    /// returns how many were added. Nothing is read until a probe needs
    /// it. Raises ``OSError`` when the directory cannot be listed.
    #[pyo3(signature = (directory, *, load_wdl = true, load_dtz = true))]
    fn add_directory(
        &mut self,
        directory: PathBuf,
        load_wdl: bool,
        load_dtz: bool,
    ) -> PyResult<usize> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&directory)
            .and_then(|entries| entries.map(|e| e.map(|e| e.path())).collect())
            .map_err(|err| {
                PyOSError::new_err(format!(
                    "cannot read the table directory {}: {err}",
                    directory.display()
                ))
            })?;
        paths.sort();
        Ok(paths
            .into_iter()
            .filter(|p| self.add_one(p, load_wdl, load_dtz))
            .count())
    }

    /// Adds one table file, if ``path`` is named as a table of a kind
    /// asked for; returns 1 if it was added, else 0.
    #[pyo3(signature = (path, *, load_wdl = true, load_dtz = true))]
    fn add_file(&mut self, path: PathBuf, load_wdl: bool, load_dtz: bool) -> usize {
        usize::from(self.add_one(&path, load_wdl, load_dtz))
    }

    /// The WDL of the position for the side to move, assuming it was
    /// reached by a capture or pawn move: 2 win, 1 win that the fifty-move
    /// rule draws, 0 draw, -1 loss that the rule saves, -2 loss. Raises
    /// ``KeyError`` (``MissingTableError`` for a missing table) when the
    /// tables cannot answer.
    fn probe_wdl(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        self.probe(py, board, |t, b| t.probe_wdl(b).map(|w| w.value()))
    }

    /// ``probe_wdl``, or ``default`` where it raises ``KeyError``.
    #[pyo3(signature = (board, default = None))]
    fn get_wdl(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        match self.probe_wdl(py, board) {
            Ok(v) => Ok(v.into_pyobject(py)?.into_any().unbind()),
            Err(err) if err.is_instance_of::<PyKeyError>(py) => {
                Ok(default.unwrap_or_else(|| py.None()))
            }
            Err(err) => Err(err),
        }
    }

    /// The DTZ of the position, python-chess's DTZ50'' with rounding:
    /// plies to the next capture or pawn move with best play, positive when
    /// the side to move wins, negative when it loses, 0 for a draw, beyond
    /// ±100 when the fifty-move rule draws; may be one ply too high in
    /// magnitude. Raises ``KeyError`` as ``probe_wdl`` does.
    fn probe_dtz(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        self.probe(py, board, |t, b| t.probe_dtz(b).map(|d| d.0))
    }

    /// ``probe_dtz``, or ``default`` where it raises ``KeyError``.
    #[pyo3(signature = (board, default = None))]
    fn get_dtz(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        default: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        match self.probe_dtz(py, board) {
            Ok(v) => Ok(v.into_pyobject(py)?.into_any().unbind()),
            Err(err) if err.is_instance_of::<PyKeyError>(py) => {
                Ok(default.unwrap_or_else(|| py.None()))
            }
            Err(err) => Err(err),
        }
    }

    /// The move the tables recommend (the fastest win the fifty-move rule
    /// allows, counting the board's halfmove clock; the longest
    /// resistance; or a move that keeps the draw), ``None`` with no legal
    /// move. Not in python-chess.
    fn best_move(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
        let position = board_of(board)?;
        let best = self.probe(py, board, |t, b| t.best_move(b))?;
        best.map(|m| {
            Move::of(&position, m.mv)
                .to_py(py)
                .map(|o| o.into_any().unbind())
        })
        .transpose()
    }

    /// The most pieces of any WDL table added (0 with none). Not in
    /// python-chess.
    fn max_pieces(&self) -> u32 {
        self.tables.max_pieces()
    }

    /// Closes every table (unmapping it) and forgets them: probes then
    /// raise ``MissingTableError`` until tables are added again.
    fn close(&mut self) {
        self.tables = tb::Tablebase::new();
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&mut self, _args: &Bound<'_, pyo3::types::PyTuple>) -> bool {
        self.close();
        false
    }

    fn __repr__(&self) -> String {
        format!(
            "<magicboard.syzygy.Tablebase max_pieces={}>",
            self.tables.max_pieces()
        )
    }
}

impl Tablebase {
    /// Adds `path` if it is a table of a kind asked for.
    fn add_one(&mut self, path: &std::path::Path, load_wdl: bool, load_dtz: bool) -> bool {
        let wanted = match path.extension().and_then(|e| e.to_str()) {
            Some("rtbw") => load_wdl,
            Some("rtbz") => load_dtz,
            _ => false,
        };
        wanted && self.tables.add_file(path)
    }
}
