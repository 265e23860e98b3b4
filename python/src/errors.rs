//! python-chess's exception types, and the library's errors turned into
//! them with messages as clear as the Rust ones.

use crate::library as lib;
use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyValueError};

create_exception!(
    magicboard,
    InvalidMoveError,
    PyValueError,
    "Raised when move notation is not syntactically valid (a subclass of ValueError, as in python-chess)."
);
create_exception!(
    magicboard,
    IllegalMoveError,
    PyValueError,
    "Raised when the attempted move is illegal in the current position (a subclass of ValueError, as in python-chess)."
);
create_exception!(
    magicboard,
    AmbiguousMoveError,
    PyValueError,
    "Raised when the attempted move is ambiguous in the current position (a subclass of ValueError, as in python-chess)."
);

/// A FEN the library refused: `ValueError` naming the problem and the text.
pub fn fen_error(fen: &str, err: &lib::FenError) -> PyErr {
    PyValueError::new_err(format!(
        "invalid fen: {} ({})",
        lib::fen_error_message(err),
        quote(fen)
    ))
}

/// UCI text that is not a move, or a move that is not legal here.
pub fn uci_error(text: &str, err: lib::MoveError, fen: &str) -> PyErr {
    match err {
        lib::MoveError::Illegal => {
            IllegalMoveError::new_err(format!("illegal uci: {} in {fen}", quote(text)))
        }
        other => InvalidMoveError::new_err(format!("invalid uci: {} ({other})", quote(text))),
    }
}

/// SAN text that is not a move, names no legal move, or names several.
pub fn san_error(text: &str, err: lib::SanError, fen: &str) -> PyErr {
    match err {
        lib::SanError::Ambiguous => {
            AmbiguousMoveError::new_err(format!("ambiguous san: {} in {fen} ({err})", quote(text)))
        }
        lib::SanError::Illegal => {
            IllegalMoveError::new_err(format!("illegal san: {} in {fen} ({err})", quote(text)))
        }
        _ => InvalidMoveError::new_err(format!("invalid san: {} ({err})", quote(text))),
    }
}

/// A move that is not legal in this position.
pub fn illegal_move(uci: &str, fen: &str) -> PyErr {
    IllegalMoveError::new_err(format!("illegal move: {uci} in {fen}"))
}

/// A square index outside 0..=63, as python-chess's tables raise it.
pub fn bad_square(index: i64) -> PyErr {
    PyIndexError::new_err(format!(
        "square index out of range: {index} (squares are 0 = a1 to 63 = h8)"
    ))
}

/// A piece type outside 1..=6.
pub fn bad_piece_type(piece_type: i64) -> PyErr {
    PyValueError::new_err(format!(
        "invalid piece type: {piece_type} (PAWN = 1 ... KING = 6)"
    ))
}

/// `text` in single quotes, as Python's `repr` writes a string.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push_str(&c.escape_unicode().to_string()),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}
