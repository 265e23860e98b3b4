//! magicboard for Python: the extension module `magicboard._magicboard`.
//!
//! python-chess's names (`Board`, `Move`, `Piece`, `SquareSet`, the move
//! errors, the square helpers) over the magicboard library, plus what
//! python-chess lacks: perft, divide, static exchange evaluation and
//! batches of positions for machine learning. The Python package around
//! it (`python/magicboard/`) re-exports these names, adds the constants,
//! `Outcome` and `Termination`, and the Hypothesis strategies.
//!
//! This crate holds no chess of its own: `src/library.rs` (and its children
//! in `src/library/`) is the one module that calls the library (and
//! `src/syzygy.rs` the one that calls magicboard-syzygy, for
//! `magicboard.syzygy`), and the rest converts values, maps errors to
//! python-chess's exception types and releases the GIL for long calls. A
//! Rust panic reaches Python as `pyo3_runtime.PanicException` (the crate
//! must not be built with `panic = "abort"`).

#![warn(missing_docs)]

mod batch;
mod board;
mod epd;
mod errors;
mod fast;
mod library;
mod moves;
mod planes;
mod polyglot;
mod pgn;
mod played;
mod squareset;
mod syzygy;
mod transform;

use crate::library as lib;
use pyo3::prelude::*;

/// The name of a square (``square_name(E4) == "e4"``). Raises
/// ``IndexError`` for an index outside 0 to 63.
#[pyfunction]
fn square_name(square: &Bound<'_, PyAny>) -> PyResult<String> {
    let sq = board::square_arg(square)?;
    Ok(lib::square_name(lib::square_index(sq)).unwrap_or_default())
}

/// The square named by ``name`` (``parse_square("e4") == E4``). Raises
/// ``ValueError`` for anything else.
#[pyfunction]
fn parse_square(name: &str) -> PyResult<u8> {
    lib::parse_square(name).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "invalid square name: {}",
            errors::quote(name)
        ))
    })
}

/// The square on file ``file_index`` and rank ``rank_index`` (0 to 7
/// each): ``square(4, 3) == E4``.
#[pyfunction]
fn square(file_index: i64, rank_index: i64) -> PyResult<u8> {
    let bad = || {
        pyo3::exceptions::PyIndexError::new_err(format!(
            "file and rank indices must be 0 to 7, got ({file_index}, {rank_index})"
        ))
    };
    let file = u8::try_from(file_index).map_err(|_| bad())?;
    let rank = u8::try_from(rank_index).map_err(|_| bad())?;
    lib::square_at(file, rank)
        .map(lib::square_index)
        .ok_or_else(bad)
}

/// The file index of a square (a = 0 ... h = 7).
#[pyfunction]
fn square_file(square: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(lib::square_file(board::square_arg(square)?))
}

/// The rank index of a square (first rank = 0 ... eighth = 7).
#[pyfunction]
fn square_rank(square: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(lib::square_rank(board::square_arg(square)?))
}

/// The square with its rank mirrored (a1 <-> a8).
#[pyfunction]
fn square_mirror(square: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(lib::square_index(lib::square_mirror(board::square_arg(
        square,
    )?)))
}

/// The Polyglot Zobrist hash of a board's position, as
/// ``chess.polyglot.zobrist_hash`` computes it (the start position is
/// ``0x463b96181691fc9c``).
#[pyfunction]
fn zobrist_hash(board: PyRef<'_, board::Board>) -> u64 {
    lib::zobrist_hash(board.current())
}

/// Panics in Rust: for the tests, which check that a panic reaches Python
/// as an exception (``pyo3_runtime.PanicException``) and does not abort
/// the interpreter.
#[pyfunction]
fn _panic_for_tests() {
    panic!("a panic raised on purpose by magicboard._magicboard._panic_for_tests");
}

/// The extension module: classes, functions and exceptions.
#[pymodule]
fn _magicboard(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // The first call in a process as fast as the next (within 2×): the
    // tables and code paged in now, not by the user's first call.
    library::warm_up();
    m.add_class::<board::Board>()?;
    fast::install(&m.py().get_type::<board::Board>())?;
    m.add_class::<board::LegalMoveGenerator>()?;
    m.add_class::<board::PseudoLegalMoveGenerator>()?;
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::Piece>()?;
    m.add_class::<squareset::SquareSet>()?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    m.add("STARTING_FEN", board::STARTING_FEN)?;
    m.add("BB_LIGHT_SQUARES", lib::LIGHT_SQUARES)?;
    m.add("BB_DARK_SQUARES", lib::DARK_SQUARES)?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(square, m)?)?;
    m.add_function(wrap_pyfunction!(square_file, m)?)?;
    m.add_function(wrap_pyfunction!(square_rank, m)?)?;
    m.add_function(wrap_pyfunction!(square_mirror, m)?)?;
    m.add_function(wrap_pyfunction!(zobrist_hash, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_legal_move_masks, m)?)?;
    m.add_function(wrap_pyfunction!(batch::legal_moves_uci, m)?)?;
    m.add_function(wrap_pyfunction!(batch::legal_moves_batch, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    // The toolkit: bitboard transforms, planes, Polyglot books.
    transform::register(m)?;
    m.add_function(wrap_pyfunction!(planes::_planes_batch, m)?)?;
    m.add_function(wrap_pyfunction!(planes::_bitboards_batch, m)?)?;
    m.add_function(wrap_pyfunction!(planes::_codes_batch, m)?)?;
    m.add_class::<polyglot::Book>()?;
    pgn::register(m)?;
    m.add_class::<syzygy::Tablebase>()?;
    m.add(
        "MissingTableError",
        py.get_type::<syzygy::MissingTableError>(),
    )?;
    Ok(())
}
