//! Batches for machine learning: the legal moves of many positions in one
//! call, without the GIL, on one thread or several.

use crate::board::Position;
use crate::errors::fen_error;
use crate::library as lib;
use crate::moves::Move;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList};
use rayon::prelude::*;

/// The positions of a batch (an iterable of `Board`s and FEN strings),
/// copied under the GIL.
pub(crate) fn positions(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Position>> {
    obj.try_iter()?
        .map(|item| Position::extract(&item?))
        .collect()
}

/// `f` of each position, in order, on `threads` threads (0: one per core),
/// without the GIL. A FEN the library refuses is an error naming the
/// entry.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    items: Vec<Position>,
    chess960: bool,
    threads: usize,
    f: impl Fn(&lib::Board) -> T + Sync + Send,
) -> PyResult<Vec<T>> {
    let one = |item: &Position| match item {
        Position::Board(board) => Ok(f(board)),
        Position::Fen(fen) => lib::board_from_fen(fen, chess960).map(|b| f(&b)),
    };
    let results: Vec<Result<T, lib::FenError>> = py.detach(|| {
        if threads == 1 || items.len() < 2 {
            return items.iter().map(one).collect();
        }
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| items.par_iter().map(one).collect()),
            Err(_) => items.iter().map(one).collect(),
        }
    });
    let mut out = Vec::with_capacity(results.len());
    for (i, result) in results.into_iter().enumerate() {
        match result {
            Ok(value) => out.push(value),
            Err(err) => {
                let fen = match &items[i] {
                    Position::Fen(fen) => fen.as_str(),
                    Position::Board(_) => "",
                };
                let inner = fen_error(fen, &err);
                return Err(PyValueError::new_err(format!(
                    "position {i}: {}",
                    inner.value(py)
                )));
            }
        }
    }
    Ok(out)
}

/// _legal_move_masks(positions, chess960=False, threads=1, mutable=False)
///
/// The legal moves of each position as a 64 × 64 mask of bytes: byte
/// ``4096 * i + 64 * from_square + to_square`` is 1 when position ``i`` has a
/// legal move from ``from_square`` to ``to_square`` (castling as in UCI; the
/// promotions of one pawn move share a byte), else 0. A ``bytearray`` when
/// ``mutable``, else ``bytes``. ``magicboard.legal_move_masks`` wraps it.
#[pyfunction]
#[pyo3(signature = (positions, chess960 = false, threads = 1, mutable = false))]
pub fn _legal_move_masks<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    chess960: bool,
    threads: usize,
    mutable: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let items = self::positions(positions)?;
    let masks = run(py, items, chess960, threads, |board| {
        let mut mask = [0u8; 4096];
        for mv in lib::legal_moves(board) {
            let (from, to, _) = lib::move_parts(board, mv);
            mask[usize::from(from) * 64 + usize::from(to)] = 1;
        }
        mask
    })?;
    let bytes = masks.concat();
    Ok(if mutable {
        PyByteArray::new(py, &bytes).into_any()
    } else {
        PyBytes::new(py, &bytes).into_any()
    })
}

/// legal_moves_uci(positions, *, chess960=False, threads=1)
///
/// The legal moves of each position as UCI strings (in each board's
/// castling notation): a list of lists, in the order of ``positions`` (an
/// iterable of ``Board`` objects and FEN strings; FENs are read in Chess960
/// mode when ``chess960``). ``threads`` works on that many threads (0: one
/// per core). Releases the GIL while it works. Raises ``ValueError``
/// naming the first bad FEN.
#[pyfunction]
#[pyo3(signature = (positions, *, chess960 = false, threads = 1))]
pub fn legal_moves_uci<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    chess960: bool,
    threads: usize,
) -> PyResult<Bound<'py, PyList>> {
    let items = self::positions(positions)?;
    let lists = run(py, items, chess960, threads, |board| {
        let chess960 = lib::is_chess960(board);
        lib::legal_moves(board)
            .iter()
            .map(|&mv| lib::uci(mv, chess960))
            .collect::<Vec<String>>()
    })?;
    PyList::new(py, lists)
}

/// legal_moves_batch(positions, *, chess960=False, threads=1)
///
/// The legal moves of each position as ``Move`` objects: a list of lists,
/// in the order of ``positions`` (``Board`` objects and FEN strings).
/// Generation runs without the GIL; see ``legal_moves_uci``.
#[pyfunction]
#[pyo3(signature = (positions, *, chess960 = false, threads = 1))]
pub fn legal_moves_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    chess960: bool,
    threads: usize,
) -> PyResult<Bound<'py, PyList>> {
    let items = self::positions(positions)?;
    let lists = run(py, items, chess960, threads, |board| {
        lib::legal_moves(board)
            .iter()
            .map(|&mv| Move::of(board, mv))
            .collect::<Vec<Move>>()
    })?;
    let out = PyList::empty(py);
    for moves in lists {
        let objects = moves
            .into_iter()
            .map(|m| m.to_py(py))
            .collect::<PyResult<Vec<_>>>()?;
        out.append(PyList::new(py, objects)?)?;
    }
    Ok(out)
}
