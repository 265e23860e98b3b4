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
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyTuple};

/// For each byte value, the eight bytes 0 or 1 of its bits, lowest bit
/// first, as a little-endian `u64`.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[byte] |= ((byte as u64 >> bit) & 1) << (8 * bit);
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The twelve planes of `bitboards` as 768 bytes, plane by plane, square
/// by square: eight squares at a time, from a table.
fn plane_bytes(bitboards: &[u64; 12], out: &mut [u8; 768]) {
    for (plane, bb) in out.chunks_exact_mut(64).zip(bitboards) {
        for (rank, row) in plane.chunks_exact_mut(8).enumerate() {
            let byte = (bb >> (8 * rank)) as u8;
            row.copy_from_slice(&SPREAD[usize::from(byte)].to_le_bytes());
        }
    }
}

/// NumPy's `ndarray` type, the `uint8` and `uint64` dtypes and the two
/// shapes, looked up and made once; an `ImportError` that says how to get
/// NumPy when it is missing.
struct Numpy {
    ndarray: Py<PyAny>,
    uint8: Py<PyAny>,
    uint64: Py<PyAny>,
    planes: Py<PyTuple>,
    bitboards: Py<PyTuple>,
}

fn numpy(py: Python<'_>) -> PyResult<&Numpy> {
    static NUMPY: PyOnceLock<Numpy> = PyOnceLock::new();
    NUMPY.get_or_try_init(py, || {
        let np = py.import("numpy").map_err(|_| {
            pyo3::exceptions::PyImportError::new_err(
                "planes and bitboards are NumPy arrays: pip install numpy",
            )
        })?;
        Ok(Numpy {
            ndarray: np.getattr("ndarray")?.unbind(),
            uint8: np.getattr("uint8")?.unbind(),
            uint64: np.getattr("uint64")?.unbind(),
            planes: PyTuple::new(py, [12, 8, 8])?.unbind(),
            bitboards: PyTuple::new(py, [12])?.unbind(),
        })
    })
}

/// A writable NumPy array over a copy of `bytes`: twelve planes of 8 × 8
/// `uint8`, or (`wide`) twelve `uint64`. One call, `ndarray(shape, dtype,
/// buffer)`, where `frombuffer(...).reshape(...)` made two and cost a
/// third more.
fn array<'py>(py: Python<'py>, bytes: &[u8], wide: bool) -> PyResult<Bound<'py, PyAny>> {
    let np = numpy(py)?;
    let (dtype, shape) = if wide {
        (&np.uint64, &np.bitboards)
    } else {
        (&np.uint8, &np.planes)
    };
    let buffer = PyByteArray::new(py, bytes);
    np.ndarray
        .bind(py)
        .call1((shape.bind(py), dtype.bind(py), buffer))
}

/// One board's planes, `(12, 8, 8)` `uint8`.
pub fn planes<'py>(
    py: Python<'py>,
    board: &lib::Board,
    oriented: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let mut bytes = [0u8; 768];
    plane_bytes(&lib::piece_bitboards(board, oriented), &mut bytes);
    array(py, &bytes, false)
}

/// One board's bitboards, `(12,)` `uint64`.
pub fn bitboards<'py>(
    py: Python<'py>,
    board: &lib::Board,
    oriented: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let bbs = lib::piece_bitboards(board, oriented);
    let mut bytes = [0u8; 96];
    for (chunk, bb) in bytes.chunks_exact_mut(8).zip(bbs) {
        chunk.copy_from_slice(&bb.to_ne_bytes());
    }
    array(py, &bytes, true)
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
    positions_batch(py, positions, oriented, chess960, threads, false)
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
    positions_batch(py, positions, oriented, chess960, threads, true)
}

/// The two batch functions over boards and FENs: the bitboards first (96
/// bytes a position, on `threads` threads), then the planes (or, `wide`,
/// the bitboards) written straight into the new bytearray: one pass over
/// the big buffer, not a copy per step.
fn positions_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    oriented: bool,
    chess960: bool,
    threads: usize,
    wide: bool,
) -> PyResult<Bound<'py, PyByteArray>> {
    let items = self::positions(positions)?;
    let boards = run(py, items, chess960, threads, |board| {
        lib::piece_bitboards(board, oriented)
    })?;
    batch_bytes(py, &boards, wide)
}

/// The batch functions' result: each position's planes (768 bytes) or,
/// `wide`, its bitboards (96 bytes of native-endian `uint64`), written
/// straight into a new `bytearray` without the GIL.
fn batch_bytes<'py>(
    py: Python<'py>,
    boards: &[[u64; 12]],
    wide: bool,
) -> PyResult<Bound<'py, PyByteArray>> {
    let size = if wide { 96 } else { 768 };
    PyByteArray::new_with(py, size * boards.len(), |buffer| {
        py.detach(|| {
            for (chunk, bitboards) in buffer.chunks_exact_mut(size).zip(boards) {
                if let Ok(chunk) = <&mut [u8; 768]>::try_from(&mut *chunk) {
                    plane_bytes(bitboards, chunk);
                } else {
                    for (bytes, bb) in chunk.chunks_exact_mut(8).zip(bitboards) {
                        bytes.copy_from_slice(&bb.to_ne_bytes());
                    }
                }
            }
        });
        Ok(())
    })
}

/// The planes (or, `wide`, the bitboards) of positions given as square
/// codes, 64 bytes a position: 0 for an empty square, 1 to 6 for White's
/// pawn, knight, bishop, rook, queen and king, 7 to 12 for Black's
/// (`magicboard.pgn.read_positions`' `pieces`). With `turns` (a byte a
/// position, 0 when Black is to move) and `oriented`, the positions with
/// Black to move are mirrored as `Board.planes(oriented=True)` mirrors
/// them. The first bad code is named: `(position, square, code)`.
fn from_codes(
    pieces: &[u8],
    turns: Option<&[u8]>,
    oriented: bool,
) -> Result<Vec<[u64; 12]>, (usize, usize, u8)> {
    pieces
        .chunks_exact(64)
        .enumerate()
        .map(|(row, squares)| {
            let flip = oriented && turns.is_some_and(|t| t.get(row) == Some(&0));
            let mut bitboards = [0u64; 12];
            for (square, &code) in squares.iter().enumerate() {
                if code == 0 {
                    continue;
                }
                if code > 12 {
                    return Err((row, square, code));
                }
                let (plane, square) = if flip {
                    ((usize::from(code) + 5) % 12, square ^ 56)
                } else {
                    (usize::from(code) - 1, square)
                };
                bitboards[plane] |= 1 << square;
            }
            Ok(bitboards)
        })
        .collect()
}

/// _codes_batch(pieces, turns, oriented, wide)
///
/// ``planes_batch`` and ``bitboards_batch`` over a batch of
/// ``magicboard.pgn.read_positions``: ``pieces`` the bytes of its ``(n,
/// 64)`` ``uint8`` square codes, ``turns`` those of its ``turn`` column (or
/// ``None``). One ``bytearray`` of ``768 * n`` bytes of planes (``wide``:
/// ``96 * n`` of native-endian ``uint64``), made without the GIL. Raises
/// ``ValueError`` for a code above 12 or columns of different lengths.
#[pyfunction]
pub fn _codes_batch<'py>(
    py: Python<'py>,
    pieces: &[u8],
    turns: Option<&[u8]>,
    oriented: bool,
    wide: bool,
) -> PyResult<Bound<'py, PyByteArray>> {
    let n = pieces.len() / 64;
    if pieces.len() % 64 != 0 {
        return Err(PyValueError::new_err(format!(
            "pieces holds {} bytes, not 64 a position",
            pieces.len()
        )));
    }
    if let Some(turns) = turns {
        if turns.len() != n {
            return Err(PyValueError::new_err(format!(
                "{} positions but {} turns",
                n,
                turns.len()
            )));
        }
    }
    let boards =
        py.detach(|| from_codes(pieces, turns, oriented))
            .map_err(|(row, square, code)| {
                PyValueError::new_err(format!(
                    "position {row}: square {square} holds {code}, not a piece code (0 to 12)"
                ))
            })?;
    batch_bytes(py, &boards, wide)
}
