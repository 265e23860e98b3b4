//! `Move` and `Piece`: python-chess's value types, and their conversion to
//! and from the library's moves.

use crate::errors::{InvalidMoveError, bad_piece_type, bad_square, quote};
use crate::library as lib;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyTuple, PyType};
use pyo3::{IntoPyObjectExt, intern};

/// A move from a square to a square, with an optional promotion piece,
/// as python-chess's ``chess.Move``: ``from_square``, ``to_square``,
/// ``promotion`` (a piece type or None) and ``drop`` (always None).
///
/// Moves are values: equal when their squares and promotion are equal,
/// hashable, and immutable (python-chess's are mutable dataclasses; ours
/// cannot be changed after they are made). A move says nothing about
/// whether it is legal on some board. Castling is written as in UCI: the
/// king's two-square step (``e1g1``) on standard boards and king takes
/// rook (``e1h1``) on Chess960 boards; ``Board.push`` accepts either on a
/// standard board.
///
/// The null move (``Move.null()``, ``0000``) is false in a boolean context;
/// no board here plays it. Drops (crazyhouse) are not supported.
#[pyclass(module = "magicboard", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// From-square index (0 to 63).
    pub from: u8,
    /// To-square index (0 to 63).
    pub to: u8,
    /// Promotion piece type (1 = pawn ... 6 = king), 0 for none.
    pub promotion: u8,
}

impl Move {
    /// The null move, `0000`.
    pub const NULL: Move = Move {
        from: 0,
        to: 0,
        promotion: 0,
    };

    /// The move's UCI text: `e2e4`, `e7e8q`, `0000` for the null move.
    pub fn uci_text(&self) -> String {
        let (bytes, len) = self.uci_bytes();
        String::from_utf8_lossy(&bytes[..len]).into_owned()
    }

    /// The move's UCI text in a buffer (no allocation): the bytes and how
    /// many of them are used.
    fn uci_bytes(&self) -> ([u8; 5], usize) {
        let mut out = *b"0000 ";
        if *self == Move::NULL {
            return (out, 4);
        }
        let (Some(from), Some(to)) = (
            lib::square_name_bytes(self.from),
            lib::square_name_bytes(self.to),
        ) else {
            return (out, 4);
        };
        out[..2].copy_from_slice(&from);
        out[2..4].copy_from_slice(&to);
        match lib::piece_symbol(self.promotion, false) {
            Some(c) => {
                out[4] = c as u8;
                (out, 5)
            }
            None => (out, 4),
        }
    }

    /// The move's UCI text as a `&str` in `buffer`.
    fn uci_str(buffer: &([u8; 5], usize)) -> &str {
        std::str::from_utf8(&buffer.0[..buffer.1]).unwrap_or("0000")
    }

    /// The move python-chess writes for the library move `mv` on `board`.
    pub fn of(board: &lib::Board, mv: lib::Move) -> Move {
        let (from, to, promotion) = lib::move_parts(board, mv);
        Move {
            from,
            to,
            promotion,
        }
    }

    /// The legal library move this move names on `board`, if there is one
    /// (castling in either notation on standard boards).
    pub fn legal_on(&self, board: &lib::Board) -> Option<lib::Move> {
        match lib::plain_move(board, self.from, self.to, self.promotion) {
            Some(mv) => lib::is_legal(board, mv).then_some(mv),
            None => lib::parse_uci(board, Move::uci_str(&self.uci_bytes())).ok(),
        }
    }

    /// The library move this move names on `board`, legal or not; `None`
    /// for the null move and promotions to a pawn or king.
    pub fn named_on(&self, board: &lib::Board) -> Option<lib::Move> {
        lib::plain_move(board, self.from, self.to, self.promotion)
            .or_else(|| lib::uci_move(board, Move::uci_str(&self.uci_bytes())).ok())
    }

    /// A `Move` from any object with python-chess's move attributes: ours,
    /// python-chess's `chess.Move`, or another with `from_square`,
    /// `to_square` and `promotion`.
    pub fn extract(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
        // `Move` has no subclasses (no `subclass` in its `pyclass`): the
        // exact type test is the whole test, and the cheaper one.
        if let Ok(ours) = obj.cast_exact::<Move>() {
            return Ok(*ours.get());
        }
        let py = obj.py();
        let attrs = (
            obj.getattr(intern!(py, "from_square")),
            obj.getattr(intern!(py, "to_square")),
            obj.getattr(intern!(py, "promotion")),
        );
        let (Ok(from), Ok(to), Ok(promotion)) = attrs else {
            return Err(PyTypeError::new_err(format!(
                "expected a Move, got {}",
                obj.get_type().name()?
            )));
        };
        if let Ok(drop) = obj.getattr(intern!(py, "drop")) {
            if !drop.is_none() {
                return Err(PyValueError::new_err("drops are not supported"));
            }
        }
        let promotion: Option<i64> = promotion.extract()?;
        Move::checked(from.extract()?, to.extract()?, promotion)
    }

    /// A move from python-chess's integers, checked for range.
    pub fn checked(from: i64, to: i64, promotion: Option<i64>) -> PyResult<Move> {
        let square = |i: i64| {
            u8::try_from(i)
                .ok()
                .filter(|&i| i < 64)
                .ok_or_else(|| bad_square(i))
        };
        let promotion = match promotion {
            None => 0,
            Some(p) => u8::try_from(p)
                .ok()
                .filter(|&p| (1..=6).contains(&p))
                .ok_or_else(|| bad_piece_type(p))?,
        };
        Ok(Move {
            from: square(from)?,
            to: square(to)?,
            promotion,
        })
    }

    /// The shared Python object for this move (one per distinct move, made
    /// on first use): listing moves hands out references, not new objects.
    #[inline]
    pub fn to_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        match self.interned(py) {
            Some(interned) => Ok(interned.bind(py).clone()),
            None => self.to_py_slow(py),
        }
    }

    /// `to_py` as a new reference, for a move without promotion whose
    /// shared object exists (`None` otherwise: then `to_py`).
    #[inline]
    pub fn interned_ptr(self, py: Python<'_>) -> Option<*mut pyo3::ffi::PyObject> {
        self.interned(py).map(|m| m.clone_ref(py).into_ptr())
    }

    /// The shared object of a move without promotion, once made: the
    /// common case, found without bounds checks (squares are below 64) or
    /// a branch on the promotions' table.
    #[inline(always)]
    fn interned(self, py: Python<'_>) -> Option<&'static Py<Move>> {
        if self.promotion != 0 {
            return None;
        }
        let squares = usize::from(self.from & 63) * 64 + usize::from(self.to & 63);
        INTERNED[squares].get(py)
    }

    /// `to_py` of a move whose object is not made yet, or a promotion.
    #[inline(never)]
    fn to_py_slow<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        let squares = usize::from(self.from) * 64 + usize::from(self.to);
        let slot = match self.promotion {
            0 => INTERNED.get(squares),
            p => PROMOTIONS.get(squares * 6 + usize::from(p) - 1),
        };
        match slot {
            Some(slot) => match slot.get(py) {
                Some(interned) => Ok(interned.bind(py).clone()),
                None => Ok(slot
                    .get_or_try_init(py, || Py::new(py, self))?
                    .bind(py)
                    .clone()),
            },
            None => Bound::new(py, self),
        }
    }
}

/// The moves without promotion, one slot per (from, to): 64 × 64 slots
/// side by side (64 KiB, so the moves of a game share cache lines), in the
/// extension's static data: no allocation, no lazy initialisation on the
/// way to a slot.
static INTERNED: [PyOnceLock<Py<Move>>; 64 * 64] = [const { PyOnceLock::new() }; 64 * 64];

/// The promotions, one slot per (from, to, piece type 1 to 6).
static PROMOTIONS: [PyOnceLock<Py<Move>>; 64 * 64 * 6] = [const { PyOnceLock::new() }; 64 * 64 * 6];

#[pymethods]
impl Move {
    /// Move(from_square, to_square, promotion=None, drop=None)
    ///
    /// Squares are indices 0 (a1) to 63 (h8), the promotion a piece type
    /// (``KNIGHT`` ... ``QUEEN``). Raises ``IndexError`` for a square out of
    /// range and ``ValueError`` for a bad piece type or a drop.
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None))]
    fn py_new(
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
        drop: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Move> {
        if drop.is_some_and(|d| !d.is_none()) {
            return Err(PyValueError::new_err("drops are not supported"));
        }
        Move::checked(from_square, to_square, promotion)
    }

    /// The from-square (0 = a1 ... 63 = h8).
    #[getter(from_square)]
    fn get_from_square(&self) -> u8 {
        self.from
    }

    /// The to-square (0 = a1 ... 63 = h8); for castling the king's
    /// destination on standard boards, the rook's square on Chess960 boards.
    #[getter(to_square)]
    fn get_to_square(&self) -> u8 {
        self.to
    }

    /// The promotion piece type, or None.
    #[getter]
    fn promotion(&self) -> Option<u8> {
        (self.promotion != 0).then_some(self.promotion)
    }

    /// Always None: drops (crazyhouse) are not supported.
    #[getter]
    fn drop(&self) -> Option<u8> {
        None
    }

    /// The UCI text of the move: ``e2e4``, ``e7e8q``, ``0000`` for the null
    /// move. Castling is written as the move holds it; ``Board.uci`` writes a
    /// move in a board's own notation.
    fn uci(&self) -> String {
        self.uci_text()
    }

    /// The move in XBoard notation: UCI, with ``@@@@`` for the null move.
    fn xboard(&self) -> String {
        if *self == Move::NULL {
            "@@@@".to_owned()
        } else {
            self.uci_text()
        }
    }

    /// Parses UCI text (``e2e4``, ``e7e8q``, ``0000`` for the null move)
    /// without a board. Raises ``InvalidMoveError`` (a ``ValueError``) for
    /// anything else, drops included.
    #[classmethod]
    fn from_uci(_cls: &Bound<'_, PyType>, uci: &str) -> PyResult<Move> {
        if uci == "0000" {
            return Ok(Move::NULL);
        }
        if uci.len() == 4 && uci.as_bytes()[1] == b'@' {
            return Err(InvalidMoveError::new_err(format!(
                "drops are not supported: {}",
                quote(uci)
            )));
        }
        if !(4..=5).contains(&uci.len()) || !uci.is_ascii() {
            return Err(InvalidMoveError::new_err(format!(
                "expected uci string to be of length 4 or 5: {}",
                quote(uci)
            )));
        }
        let invalid = || InvalidMoveError::new_err(format!("invalid uci: {}", quote(uci)));
        let from = lib::parse_square(&uci[0..2]).ok_or_else(invalid)?;
        let to = lib::parse_square(&uci[2..4]).ok_or_else(invalid)?;
        let promotion = match uci[4..].chars().next() {
            None => 0,
            Some(c) if c.is_ascii_lowercase() => lib::piece_from_symbol(c).ok_or_else(invalid)?.0,
            Some(_) => return Err(invalid()),
        };
        if from == to {
            return Err(InvalidMoveError::new_err(format!(
                "invalid uci (use 0000 for null moves): {}",
                quote(uci)
            )));
        }
        Ok(Move {
            from,
            to,
            promotion,
        })
    }

    /// The null move, ``0000`` (false in a boolean context). Not played by
    /// any board here.
    #[classmethod]
    fn null(_cls: &Bound<'_, PyType>) -> Move {
        Move::NULL
    }

    fn __bool__(&self) -> bool {
        *self != Move::NULL
    }

    fn __str__(&self) -> String {
        self.uci_text()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci({})", quote(&self.uci_text()))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let m = slf.get();
        let args = (m.from, m.to, Move::promotion(m)).into_bound_py_any(py)?;
        PyTuple::new(py, [slf.get_type().into_any(), args])
    }
}

/// A piece of a colour, as python-chess's ``chess.Piece``: ``piece_type``
/// (``PAWN`` = 1 ... ``KING`` = 6) and ``color`` (``WHITE`` = True). Immutable
/// and hashable.
#[pyclass(module = "magicboard", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// 1 = pawn ... 6 = king.
    pub piece_type: u8,
    /// True for White.
    pub white: bool,
}

impl Piece {
    /// The shared Python object for this piece (twelve in all).
    pub fn to_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, Piece>> {
        static PIECES: [PyOnceLock<Py<Piece>>; 12] = [const { PyOnceLock::new() }; 12];
        let index = usize::from(self.piece_type.saturating_sub(1)) * 2 + usize::from(self.white);
        match PIECES.get(index) {
            Some(slot) => Ok(slot
                .get_or_try_init(py, || Py::new(py, self))?
                .bind(py)
                .clone()),
            None => Bound::new(py, self),
        }
    }

    fn symbol_char(&self) -> char {
        lib::piece_symbol(self.piece_type, self.white).unwrap_or('?')
    }
}

#[pymethods]
impl Piece {
    /// Piece(piece_type, color)
    ///
    /// Raises ``ValueError`` for a piece type outside 1 to 6.
    #[new]
    fn py_new(piece_type: i64, color: &Bound<'_, PyAny>) -> PyResult<Piece> {
        let piece_type = u8::try_from(piece_type)
            .ok()
            .filter(|&p| (1..=6).contains(&p))
            .ok_or_else(|| bad_piece_type(piece_type))?;
        Ok(Piece {
            piece_type,
            white: color.is_truthy()?,
        })
    }

    /// The piece type (``PAWN`` = 1 ... ``KING`` = 6).
    #[getter]
    fn piece_type(&self) -> u8 {
        self.piece_type
    }

    /// The colour: ``WHITE`` (True) or ``BLACK`` (False).
    #[getter]
    fn color(&self) -> bool {
        self.white
    }

    /// The FEN letter: upper case for White (``P``, ``N``, ...), lower case
    /// for Black.
    fn symbol(&self) -> String {
        self.symbol_char().to_string()
    }

    /// The Unicode chess symbol (``♙``, ``♞``, ...); with
    /// ``invert_color=True``, the other colour's.
    #[pyo3(signature = (*, invert_color = false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let white = self.white != invert_color;
        let symbols = if white {
            ['♙', '♘', '♗', '♖', '♕', '♔']
        } else {
            ['♟', '♞', '♝', '♜', '♛', '♚']
        };
        symbols[usize::from(self.piece_type - 1)].to_string()
    }

    /// The piece of a FEN letter (``P``, ``n``, ...). Raises ``ValueError``
    /// for any other text.
    #[classmethod]
    fn from_symbol(_cls: &Bound<'_, PyType>, symbol: &str) -> PyResult<Piece> {
        let mut chars = symbol.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => lib::piece_from_symbol(c)
                .map(|(piece_type, white)| Piece { piece_type, white })
                .ok_or_else(|| {
                    PyValueError::new_err(format!("invalid piece symbol: {}", quote(symbol)))
                }),
            _ => Err(PyValueError::new_err(format!(
                "invalid piece symbol: {}",
                quote(symbol)
            ))),
        }
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol_char())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let p = slf.get();
        let args = (p.piece_type, p.white).into_bound_py_any(py)?;
        PyTuple::new(py, [slf.get_type().into_any(), args])
    }
}
