//! Boards as NumPy arrays: twelve piece planes of 8 × 8 bytes, or twelve
//! 64-bit bitboards; for one board (`Board.planes()`, `Board.bitboards()`,
//! whose methods in `board.rs` call these) or a batch without the GIL.
//!
//! The order of the planes: White's pawns, knights, bishops, rooks, queens,
//! king, then Black's (python-chess's piece types 1 to 6, White first).
//! Plane `k` is indexed `[rank, file]`, rank 0 being the first rank, so
//! `planes[k].reshape(64)[square]` is python-chess's square numbering (a1
//! = 0 ... h8 = 63), and printed as is the array shows rank 1 at the top.

use crate::batch::{positions, run};
use crate::library as lib;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyByteArray;

/// The twelve planes of `bitboards` as 768 bytes, plane by plane, square
/// by square.
fn plane_bytes(bitboards: &[u64; 12], out: &mut [u8]) {
    for (k, bb) in bitboards.iter().enumerate() {
        for sq in 0..64 {
            out[64 * k + sq] = (bb >> sq & 1) as u8;
        }
    }
}

/// NumPy's `frombuffer`, `uint8` and `uint64`, imported once; an
/// `ImportError` that says how to get NumPy when it is missing.
fn numpy(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    static NUMPY: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    NUMPY
        .get_or_try_init(py, || {
            py.import("numpy").map(Bound::unbind).map_err(|_| {
                pyo3::exceptions::PyImportError::new_err(
                    "planes and bitboards are NumPy arrays: pip install numpy",
                )
            })
        })
        .map(|m| m.bind(py).clone())
}

/// A writable NumPy array over `bytes` with `dtype` and `shape`.
fn array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let np = numpy(py)?;
    let buffer = PyByteArray::new(py, bytes);
    np.getattr("frombuffer")?
        .call1((buffer, np.getattr(dtype)?))?
        .call_method1("reshape", (shape.to_vec(),))
}

/// One board's planes, `(12, 8, 8)` `uint8`.
pub fn planes<'py>(
    py: Python<'py>,
    board: &lib::Board,
    oriented: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let mut bytes = [0u8; 768];
    plane_bytes(&lib::piece_bitboards(board, oriented), &mut bytes);
    array(py, &bytes, "uint8", &[12, 8, 8])
}

/// One board's bitboards, `(12,)` `uint64`.
pub fn bitboards<'py>(
    py: Python<'py>,
    board: &lib::Board,
    oriented: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let bbs = lib::piece_bitboards(board, oriented);
    let bytes: Vec<u8> = bbs.iter().flat_map(|b| b.to_ne_bytes()).collect();
    array(py, &bytes, "uint64", &[12])
}

/// _planes_batch(positions, oriented=False, chess960=False, threads=1)
///
/// The planes of each position (``Board`` objects and FEN strings) as one
/// ``bytearray`` of ``768 * n`` bytes, made without the GIL on ``threads``
/// threads; ``magicboard.planes_batch`` shapes it ``(n, 12, 8, 8)``.
#[pyfunction]
#[pyo3(signature = (positions, oriented = false, chess960 = false, threads = 1))]
pub fn _planes_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    oriented: bool,
    chess960: bool,
    threads: usize,
) -> PyResult<Bound<'py, PyByteArray>> {
    let items = self::positions(positions)?;
    let planes = run(py, items, chess960, threads, |board| {
        let mut bytes = [0u8; 768];
        plane_bytes(&lib::piece_bitboards(board, oriented), &mut bytes);
        bytes
    })?;
    Ok(PyByteArray::new(py, planes.as_flattened()))
}

/// _bitboards_batch(positions, oriented=False, chess960=False, threads=1)
///
/// The bitboards of each position as one ``bytearray`` of ``96 * n``
/// bytes (native-endian ``uint64``), made without the GIL;
/// ``magicboard.bitboards_batch`` shapes it ``(n, 12)``.
#[pyfunction]
#[pyo3(signature = (positions, oriented = false, chess960 = false, threads = 1))]
pub fn _bitboards_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    oriented: bool,
    chess960: bool,
    threads: usize,
) -> PyResult<Bound<'py, PyByteArray>> {
    let items = self::positions(positions)?;
    let boards = run(py, items, chess960, threads, |board| {
        lib::piece_bitboards(board, oriented)
    })?;
    let bytes: Vec<u8> = boards
        .iter()
        .flatten()
        .flat_map(|b| b.to_ne_bytes())
        .collect();
    Ok(PyByteArray::new(py, &bytes))
}
