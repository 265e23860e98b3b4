//! EPD: `Board.epd(**operations)`, `Board.set_epd(line)` and
//! `Board.from_epd(line)` (their methods, in `board.rs`, call these), with
//! python-chess's operands: `None`, strings, integers, floats, moves, and
//! lists of moves for `pv`, `am` and `bm`.

use crate::board::Board;
use crate::errors::{fen_error, illegal_move, quote, san_error};
use crate::library as lib;
use crate::moves::Move;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};

/// python-chess's `_validate_epd_opcode`.
fn check_opcode(opcode: &str) -> PyResult<()> {
    if opcode.is_empty() {
        return Err(PyValueError::new_err(
            "empty string is not a valid epd opcode",
        ));
    }
    if opcode == "-" {
        return Err(PyValueError::new_err("dash (-) is not a valid epd opcode"));
    }
    if !opcode.chars().next().is_some_and(char::is_alphabetic) {
        return Err(PyValueError::new_err(format!(
            "expected epd opcode to start with a letter, got: {}",
            quote(opcode)
        )));
    }
    if let Some(c) = opcode
        .chars()
        .find(|c| matches!(c, ' ' | '\n' | '\t' | '\r'))
    {
        return Err(PyValueError::new_err(format!(
            "invalid character {} in epd opcode: {}",
            quote(&c.to_string()),
            quote(opcode)
        )));
    }
    Ok(())
}

/// The legal library move `mv` (any move object) names on `board`.
fn legal(board: &lib::Board, mv: &Bound<'_, PyAny>) -> PyResult<lib::Move> {
    let m = Move::extract(mv)?;
    m.legal_on(board)
        .ok_or_else(|| illegal_move(&m.uci_text(), &lib::fen(board, false, true)))
}

/// True for an object python-chess treats as a move (ours, or one with
/// python-chess's move attributes).
fn is_move(obj: &Bound<'_, PyAny>) -> bool {
    obj.cast::<Move>().is_ok()
        || (obj.hasattr("from_square").unwrap_or(false)
            && obj.hasattr("to_square").unwrap_or(false))
}

/// `board`'s EPD: the FEN's first four fields (python-chess's `shredder`
/// and `en_passant` options) and the operations, written as python-chess
/// writes them.
pub fn epd(
    board: &Board,
    shredder: bool,
    en_passant: &str,
    operations: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let fen = board.fen_with(shredder, en_passant)?;
    let mut out: String = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
    let Some(operations) = operations.filter(|ops| !ops.is_empty()) else {
        return Ok(out);
    };
    let position = board.current();
    out.push(' ');
    for (i, (opcode, operand)) in operations.iter().enumerate() {
        let opcode: String = opcode.extract()?;
        check_opcode(&opcode)?;
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&opcode);
        let iterable = !operand.is_instance_of::<PyString>() && operand.try_iter().is_ok();
        if operand.is_none() {
            out.push(';');
        } else if is_move(&operand) {
            let mv = legal(position, &operand)?;
            out.push(' ');
            out.push_str(&lib::san(position, mv));
            out.push(';');
        } else if operand.is_instance_of::<PyInt>() || operand.is_instance_of::<PyBool>() {
            out.push_str(&format!(" {};", operand.str()?));
        } else if operand.is_instance_of::<PyFloat>() {
            let x: f64 = operand.extract()?;
            if !x.is_finite() {
                return Err(PyValueError::new_err(format!(
                    "expected numeric epd operand to be finite, got: {}",
                    operand.repr()?
                )));
            }
            out.push_str(&format!(" {};", operand.str()?));
        } else if opcode == "pv" && iterable {
            let mut at = position.clone();
            for mv in operand.try_iter()? {
                let mv = legal(&at, &mv?)?;
                out.push(' ');
                out.push_str(&lib::san(&at, mv));
                at = lib::play_move(&at, mv).unwrap_or(at);
            }
            out.push(';');
        } else if (opcode == "am" || opcode == "bm") && iterable {
            let mut sans = operand
                .try_iter()?
                .map(|mv| Ok(lib::san(position, legal(position, &mv?)?)))
                .collect::<PyResult<Vec<String>>>()?;
            sans.sort();
            for san in sans {
                out.push(' ');
                out.push_str(&san);
            }
            out.push(';');
        } else {
            let text: String = operand.str()?.extract()?;
            out.push_str(" \"");
            for c in text.chars() {
                match c {
                    '\\' => out.push_str("\\\\"),
                    '\t' => out.push_str("\\t"),
                    '\r' => out.push_str("\\r"),
                    '\n' => out.push_str("\\n"),
                    '"' => out.push_str("\\\""),
                    c => out.push(c),
                }
            }
            out.push_str("\";");
        }
    }
    Ok(out)
}

/// Reads `line` in `chess960` notation: the position and python-chess's
/// dictionary of operations.
pub fn read<'py>(
    py: Python<'py>,
    line: &str,
    chess960: bool,
) -> PyResult<(lib::Board, Bound<'py, PyDict>)> {
    let line = line.trim().trim_end_matches(';');
    let epd = lib::parse_epd(line, chess960).map_err(|e| match &e {
        lib::EpdError::Fen(err) => fen_error(line, err),
        lib::EpdError::Move { san, error, .. } => {
            // The position's FEN, for the message.
            let fen = line
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ");
            san_error(san, *error, &fen)
        }
        other => PyValueError::new_err(format!(
            "invalid epd: {} ({})",
            lib::epd_error_message(other),
            quote(line)
        )),
    })?;
    let (board, operations) = lib::epd_parts(epd);
    let dict = PyDict::new(py);
    let fen = lib::fen(&board, false, true);
    for (opcode, operand) in operations {
        let lists = matches!(opcode.as_str(), "pv" | "am" | "bm");
        let value: Bound<'py, PyAny> = match operand {
            lib::Operand::None if lists => PyList::empty(py).into_any(),
            lib::Operand::None => py.None().into_bound(py),
            lib::Operand::Moves(moves) if lists => {
                let items = moves
                    .iter()
                    .map(|&mv| Move::of(&board, mv).to_py(py))
                    .collect::<PyResult<Vec<_>>>()?;
                PyList::new(py, items)?.into_any()
            }
            lib::Operand::Moves(moves) => match moves.as_slice() {
                [mv] => Move::of(&board, *mv).to_py(py)?.into_any(),
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "epd operation {opcode} holds {} moves, where python-chess reads one",
                        moves.len()
                    )));
                }
            },
            lib::Operand::Integer(n) => n.into_pyobject(py)?.into_any(),
            lib::Operand::Float(x) => x.into_pyobject(py)?.into_any(),
            lib::Operand::String(s) => s.into_pyobject(py)?.into_any(),
            // python-chess reads any other unquoted operand as a move.
            lib::Operand::Text(text) => {
                let mv = lib::parse_san(&board, &text).map_err(|e| san_error(&text, e, &fen))?;
                Move::of(&board, mv).to_py(py)?.into_any()
            }
            _ => py.None().into_bound(py),
        };
        dict.set_item(opcode, value)?;
    }
    Ok((board, dict))
}
