//! Transforms: python-chess's bitboard functions (`flip_vertical`,
//! `flip_horizontal`, `flip_diagonal`, `flip_anti_diagonal`, `shift_*`) and
//! what `Board.mirror()` and `Board.transform(f)` do (their methods, in
//! `board.rs`, call these).

use crate::board::Board;
use crate::library as lib;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = FILE_A << 1;
const FILE_G: u64 = FILE_A << 6;
const FILE_H: u64 = FILE_A << 7;

/// The board flipped vertically (rank 1 <-> rank 8), as python-chess's
/// ``chess.flip_vertical``.
#[pyfunction]
pub fn flip_vertical(bb: u64) -> u64 {
    lib::flip_vertical(bb)
}

/// The board flipped horizontally (a-file <-> h-file), as python-chess's
/// ``chess.flip_horizontal``.
#[pyfunction]
pub fn flip_horizontal(bb: u64) -> u64 {
    lib::flip_horizontal(bb)
}

/// The board flipped about the a1-h8 diagonal, as python-chess's
/// ``chess.flip_diagonal``.
#[pyfunction]
pub fn flip_diagonal(bb: u64) -> u64 {
    lib::flip_diagonal(bb)
}

/// The board flipped about the a8-h1 diagonal, as python-chess's
/// ``chess.flip_anti_diagonal``.
#[pyfunction]
pub fn flip_anti_diagonal(bb: u64) -> u64 {
    lib::flip_anti_diagonal(bb)
}

/// Every square one rank down (rank 1 falls off).
#[pyfunction]
pub fn shift_down(b: u64) -> u64 {
    b >> 8
}

/// Every square two ranks down.
#[pyfunction]
pub fn shift_2_down(b: u64) -> u64 {
    b >> 16
}

/// Every square one rank up (rank 8 falls off).
#[pyfunction]
pub fn shift_up(b: u64) -> u64 {
    b << 8
}

/// Every square two ranks up.
#[pyfunction]
pub fn shift_2_up(b: u64) -> u64 {
    b << 16
}

/// Every square one file right, towards the h-file (the h-file falls off).
#[pyfunction]
pub fn shift_right(b: u64) -> u64 {
    (b << 1) & !FILE_A
}

/// Every square two files right.
#[pyfunction]
pub fn shift_2_right(b: u64) -> u64 {
    (b << 2) & !FILE_A & !FILE_B
}

/// Every square one file left, towards the a-file (the a-file falls off).
#[pyfunction]
pub fn shift_left(b: u64) -> u64 {
    (b >> 1) & !FILE_H
}

/// Every square two files left.
#[pyfunction]
pub fn shift_2_left(b: u64) -> u64 {
    (b >> 2) & !FILE_G & !FILE_H
}

/// Every square one rank up and one file left.
#[pyfunction]
pub fn shift_up_left(b: u64) -> u64 {
    (b << 7) & !FILE_H
}

/// Every square one rank up and one file right.
#[pyfunction]
pub fn shift_up_right(b: u64) -> u64 {
    (b << 9) & !FILE_A
}

/// Every square one rank down and one file left.
#[pyfunction]
pub fn shift_down_left(b: u64) -> u64 {
    (b >> 9) & !FILE_H
}

/// Every square one rank down and one file right.
#[pyfunction]
pub fn shift_down_right(b: u64) -> u64 {
    (b >> 7) & !FILE_A
}

/// The functions above, added to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(flip_vertical, m)?)?;
    m.add_function(wrap_pyfunction!(flip_horizontal, m)?)?;
    m.add_function(wrap_pyfunction!(flip_diagonal, m)?)?;
    m.add_function(wrap_pyfunction!(flip_anti_diagonal, m)?)?;
    m.add_function(wrap_pyfunction!(shift_down, m)?)?;
    m.add_function(wrap_pyfunction!(shift_2_down, m)?)?;
    m.add_function(wrap_pyfunction!(shift_up, m)?)?;
    m.add_function(wrap_pyfunction!(shift_2_up, m)?)?;
    m.add_function(wrap_pyfunction!(shift_right, m)?)?;
    m.add_function(wrap_pyfunction!(shift_2_right, m)?)?;
    m.add_function(wrap_pyfunction!(shift_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_2_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_up_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_up_right, m)?)?;
    m.add_function(wrap_pyfunction!(shift_down_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_down_right, m)?)?;
    Ok(())
}

/// `board`'s position mirrored, without its move stack.
pub fn mirror(board: &Board) -> Board {
    Board::from_lib(lib::mirror(board.current()))
}

/// `board`'s position with `f` applied to each of its masks (the piece
/// kinds, the colours, the castling rooks, the en-passant square), as
/// python-chess's `Board.transform(f)`; a `ValueError` when the result is
/// not a position.
pub fn transform(board: &Board, f: &Bound<'_, PyAny>) -> PyResult<Board> {
    let current = board.current();
    let masks = lib::masks(current);
    let all = u64::MAX;
    let apply = |mask: u64| -> PyResult<u64> { f.call1((mask,))?.bitand(all)?.extract() };
    let mut out = lib::Masks {
        kinds: [0; 6],
        colors: [0; 2],
        castling: apply(masks.castling)?,
        ep: if masks.ep == 0 { 0 } else { apply(masks.ep)? },
    };
    for (slot, mask) in out.kinds.iter_mut().zip(masks.kinds) {
        *slot = apply(mask)?;
    }
    for (slot, mask) in out.colors.iter_mut().zip(masks.colors) {
        *slot = apply(mask)?;
    }
    lib::from_masks(current, &out)
        .map(Board::from_lib)
        .map_err(|e| PyValueError::new_err(format!("the transformed board is not a position: {e}")))
}
