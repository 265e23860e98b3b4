//! `Board`: python-chess's board over the library's `Game` (a position and
//! the moves that led to it), and the move generators its `legal_moves`
//! and `pseudo_legal_moves` return.

use crate::errors::{fen_error, illegal_move, quote, san_error, uci_error};
use crate::library as lib;
use crate::moves::{Move, Piece};
use crate::played::Played;
use crate::squareset::{SquareSet, mask_of, square_index};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyIterator, PyList, PyTuple, PyType};
use pyo3::{IntoPyObjectExt, intern};

/// The FEN of the standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess board with its move stack, as python-chess's ``chess.Board``:
/// the position (``fen()``, ``piece_at``, ``turn``, ...), its moves
/// (``legal_moves``, ``push``, ``pop``, ``san``, ...) and the game's end
/// (``is_checkmate()``, ``outcome()``, repetitions, ...). Moves are generated
/// in Rust, by magicboard.
///
/// ``Board(fen=STARTING_FEN, *, chess960=False)`` reads a FEN (or the EPD
/// form without clocks; X-FEN and Shredder-FEN castling). With
/// ``chess960=True`` castling is written king-takes-rook in UCI; a board
/// whose castling rights cannot be standard chess's is a Chess960 board
/// whatever the flag.
///
/// Where python-chess behaves otherwise:
///
/// - Every board is a legal position: a FEN with no king, a pawn on the
///   back rank, the side not to move in check, impossible castling rights,
///   ... raises ``ValueError`` naming the problem (python-chess builds such
///   a board and reports it through ``is_valid()``), and ``Board(None)``
///   (the empty board) is refused the same way.
/// - ``push`` checks the move and raises ``IllegalMoveError`` for an
///   illegal one (python-chess plays any pseudo-legal move unchecked); null
///   moves and drops are not supported.
/// - ``turn``, ``castling_rights``, ``ep_square`` and the clocks are read-only:
///   use ``set_fen`` for a new position.
/// - ``ep_square`` is set only when a pawn of the side to move stands
///   beside the pawn that just advanced two squares (python-chess sets it
///   after every two-square advance); ``fen()`` writes it, as
///   python-chess's does, only when the capture is legal.
/// - ``legal_moves`` lists the same moves in another order.
#[pyclass(module = "magicboard")]
pub struct Board {
    /// The start position, the moves since, the current position, and the
    /// moves listed in the positions of the current line.
    played: Played,
}

/// A square from a Python integer (python-chess raises `IndexError` for
/// one out of range, and so do we).
fn square(index: i64) -> PyResult<lib::Square> {
    u8::try_from(index)
        .ok()
        .and_then(lib::square)
        .ok_or_else(|| crate::errors::bad_square(index))
}

/// A colour from python-chess's `WHITE` (True) / `BLACK` (False), or
/// anything truthy or falsy.
fn white(color: &Bound<'_, PyAny>) -> PyResult<bool> {
    color.is_truthy()
}

/// A piece kind from python-chess's piece type (1 to 6).
fn kind(piece_type: i64) -> PyResult<lib::PieceKind> {
    u8::try_from(piece_type)
        .ok()
        .and_then(lib::piece_kind)
        .ok_or_else(|| crate::errors::bad_piece_type(piece_type))
}

/// A library move on a board, converted to its shared Python `Move`
/// (`Move::to_py`) as a list is filled: no vector of objects in between.
struct Interned<'b>(&'b lib::Board, lib::Move);

impl<'py> IntoPyObject<'py> for Interned<'_> {
    type Target = Move;
    type Output = Bound<'py, Move>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        Move::of(self.0, self.1).to_py(py)
    }
}

/// The Python `Move`s of library moves on `board`, as a list.
pub fn move_list<'py>(
    py: Python<'py>,
    board: &lib::Board,
    moves: &[lib::Move],
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, moves.iter().map(|&mv| Interned(board, mv)))
}

/// A game whose history is the last `n` moves of `game` (python-chess's
/// `copy(stack=n)`).
fn last_moves(game: &lib::Game, n: usize) -> lib::Game {
    let moves = lib::moves(game).to_vec();
    let keep = n.min(moves.len());
    let mut before = game.clone();
    for _ in 0..keep {
        lib::undo(&mut before);
    }
    let mut out = lib::new_game(lib::current(&before).clone());
    for &mv in &moves[moves.len() - keep..] {
        // Moves of the same game: legal where they were played.
        let _ = lib::play(&mut out, mv);
    }
    out
}

/// The same game with its boards in the given castling notation.
fn game_with_chess960(game: &lib::Game, chess960: bool) -> lib::Game {
    let mut out = lib::new_game(lib::with_chess960(lib::start(game), chess960));
    for &mv in lib::moves(game) {
        let _ = lib::play(&mut out, mv);
    }
    out
}

/// python-chess's `Termination` member named `name`, and its `Outcome`
/// class (`magicboard/_outcome.py`).
fn outcome_object<'py>(
    py: Python<'py>,
    termination: &str,
    winner: Option<bool>,
) -> PyResult<Bound<'py, PyAny>> {
    static TERMINATION: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static OUTCOME: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let member = TERMINATION
        .import(py, "magicboard._outcome", "Termination")?
        .getattr(termination)?;
    OUTCOME
        .import(py, "magicboard._outcome", "Outcome")?
        .call1((member, winner))
}

impl Board {
    /// A board with no history from a library board.
    pub fn from_lib(board: lib::Board) -> Board {
        Board::from_game(lib::new_game(board))
    }

    /// Plays `m` if it is one of the moves `legal_moves` listed in this
    /// position (no legality test: `Played`); false, and the board
    /// unchanged, otherwise.
    #[inline(always)]
    pub fn push_listed(&mut self, m: &Move) -> bool {
        self.played.play_listed(m.from, m.to, m.promotion)
    }

    /// Takes back the last move and returns it; `None` when the stack is
    /// empty.
    #[inline]
    pub fn pop_move(&mut self) -> Option<Move> {
        let mv = self.played.undo()?;
        Some(Move::of(self.current(), mv))
    }

    /// A board over `game`.
    fn from_game(game: lib::Game) -> Board {
        Board {
            played: Played::new(game),
        }
    }

    /// The game: the start position, the moves since, the current position.
    pub fn game(&self) -> &lib::Game {
        self.played.game()
    }

    /// The current position.
    pub fn current(&self) -> &lib::Board {
        lib::current(self.game())
    }

    /// python-chess's FEN of the current position (for messages).
    fn fen_now(&self) -> String {
        lib::fen(self.current(), false, true)
    }

    /// The legal library move `mv` names here, or `IllegalMoveError`.
    fn legal(&self, mv: &Bound<'_, PyAny>) -> PyResult<lib::Move> {
        let m = Move::extract(mv)?;
        m.legal_on(self.current()).ok_or_else(|| {
            if m == Move::NULL {
                crate::errors::IllegalMoveError::new_err(format!(
                    "null moves are not supported (in {})",
                    self.fen_now()
                ))
            } else {
                illegal_move(&m.uci_text(), &self.fen_now())
            }
        })
    }

    /// The library move `mv` names here, legal or not (`None` for the null
    /// move and promotions to a pawn or king).
    fn named(&self, mv: &Bound<'_, PyAny>) -> PyResult<Option<lib::Move>> {
        Ok(Move::extract(mv)?.named_on(self.current()))
    }

    /// How the game has ended, python-chess's way: the termination's name
    /// and the winner. The order of the tests is python-chess's
    /// (`Board.outcome`).
    fn outcome_parts(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        let board = self.current();
        if lib::is_checkmate(board) {
            return Some(("CHECKMATE", Some(!lib::white_to_move(board))));
        }
        if lib::is_insufficient_material(board) {
            return Some(("INSUFFICIENT_MATERIAL", None));
        }
        if !lib::has_legal_moves(board) {
            return Some(("STALEMATE", None));
        }
        if lib::is_seventy_five_moves(board) {
            return Some(("SEVENTYFIVE_MOVES", None));
        }
        if lib::repetitions(self.game()) >= 5 {
            return Some(("FIVEFOLD_REPETITION", None));
        }
        if claim_draw {
            if lib::can_claim_fifty_moves(board) {
                return Some(("FIFTY_MOVES", None));
            }
            if lib::can_claim_threefold_repetition(self.game()) {
                return Some(("THREEFOLD_REPETITION", None));
            }
        }
        None
    }

    /// The position's FEN with python-chess's `en_passant` option.
    pub(crate) fn fen_with(&self, shredder: bool, en_passant: &str) -> PyResult<String> {
        let legal_only = match en_passant {
            "legal" => true,
            "xfen" => false,
            "fen" => {
                return Err(PyValueError::new_err(
                    "en_passant='fen' is not supported: the board keeps the en-passant square \
                     only when a pawn can take, as en_passant='xfen' writes it",
                ));
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "en_passant must be 'legal' or 'xfen', not {}",
                    quote(other)
                )));
            }
        };
        Ok(lib::fen(self.current(), shredder, legal_only))
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen = Some(STARTING_FEN), *, chess960 = false),
           text_signature = "(fen=STARTING_FEN, *, chess960=False)")]
    fn py_new(fen: Option<&str>, chess960: bool) -> PyResult<Board> {
        let Some(fen) = fen else {
            return Err(PyValueError::new_err(
                "empty boards (fen=None) are not supported: every board is a legal position",
            ));
        };
        let board = lib::board_from_fen(fen, chess960).map_err(|e| fen_error(fen, &e))?;
        Ok(Board::from_lib(board))
    }

    /// The Chess960 starting position number ``scharnagl`` (0 to 959;
    /// 518 is the standard arrangement), as a Chess960 board. Raises
    /// ``ValueError`` for another number.
    #[classmethod]
    fn from_chess960_pos(_cls: &Bound<'_, PyType>, scharnagl: i64) -> PyResult<Board> {
        let board = u16::try_from(scharnagl)
            .ok()
            .and_then(lib::chess960_startpos)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "chess960 position index not 0 <= {scharnagl} <= 959"
                ))
            })?;
        Ok(Board::from_lib(board))
    }

    /// Rebuilds a board from its start, mode and moves (for pickling).
    #[classmethod]
    fn _from_moves(
        _cls: &Bound<'_, PyType>,
        start_fen: &str,
        chess960: bool,
        moves: Vec<String>,
    ) -> PyResult<Board> {
        let start =
            lib::board_from_fen(start_fen, chess960).map_err(|e| fen_error(start_fen, &e))?;
        let mut board = Board::from_lib(start);
        for text in moves {
            let mv = lib::parse_uci(board.current(), &text)
                .map_err(|e| uci_error(&text, e, &board.fen_now()))?;
            let _ = board.played.play(mv);
        }
        Ok(board)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let start = lib::start(this.game());
        let chess960 = lib::is_chess960(start);
        let moves: Vec<String> = lib::moves(this.game())
            .iter()
            .map(|&mv| lib::uci(mv, chess960))
            .collect();
        let constructor = slf.get_type().getattr(intern!(py, "_from_moves"))?;
        let args = (lib::fen(start, true, false), chess960, moves).into_bound_py_any(py)?;
        PyTuple::new(py, [constructor, args])
    }

    // ----- the position -----------------------------------------------------

    /// The side to move: ``WHITE`` (True) or ``BLACK`` (False).
    #[getter]
    fn turn(&self) -> bool {
        lib::white_to_move(self.current())
    }

    /// The rooks that keep a castling right, as a mask of their squares
    /// (``BB_H1 | BB_A1 | ...``), as python-chess's ``castling_rights``.
    #[getter]
    fn castling_rights(&self) -> u64 {
        lib::castling_rooks(self.current())
    }

    /// The en-passant square, or None. Set only when a pawn of the side to
    /// move stands beside the pawn that just advanced two squares (the
    /// capture is then pseudo-legal); python-chess sets it after every
    /// two-square advance.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        lib::en_passant(self.current())
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        lib::halfmove_clock(self.current())
    }

    /// The move number: 1 at the start, increased after Black's move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        lib::fullmove_number(self.current())
    }

    /// True on a Chess960 board (UCI castling king-takes-rook, X-FEN).
    /// Settable, as in python-chess; a board whose castling rights cannot
    /// be standard chess's stays a Chess960 board.
    #[getter]
    fn chess960(&self) -> bool {
        lib::is_chess960(self.current())
    }

    #[setter(chess960)]
    fn set_chess960(&mut self, chess960: bool) {
        if chess960 != lib::is_chess960(self.current()) {
            self.played.set(game_with_chess960(self.game(), chess960));
        }
    }

    /// The moves played since the board was set up, oldest first (a new
    /// list on each access: changing it changes nothing).
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.current(), lib::moves(self.game()))
    }

    /// Occupied squares, as a mask.
    #[getter]
    fn occupied(&self) -> u64 {
        lib::occupied(self.current())
    }

    /// Each side's occupied squares: ``occupied_co[WHITE]``,
    /// ``occupied_co[BLACK]``.
    #[getter]
    fn occupied_co(&self) -> (u64, u64) {
        let board = self.current();
        (lib::color_mask(board, false), lib::color_mask(board, true))
    }

    /// Squares of pawns (both colours), as a mask.
    #[getter]
    fn pawns(&self) -> u64 {
        lib::kind_mask(self.current(), lib::PieceKind::Pawn)
    }

    /// Squares of knights (both colours), as a mask.
    #[getter]
    fn knights(&self) -> u64 {
        lib::kind_mask(self.current(), lib::PieceKind::Knight)
    }

    /// Squares of bishops (both colours), as a mask.
    #[getter]
    fn bishops(&self) -> u64 {
        lib::kind_mask(self.current(), lib::PieceKind::Bishop)
    }

    /// Squares of rooks (both colours), as a mask.
    #[getter]
    fn rooks(&self) -> u64 {
        lib::kind_mask(self.current(), lib::PieceKind::Rook)
    }

    /// Squares of queens (both colours), as a mask.
    #[getter]
    fn queens(&self) -> u64 {
        lib::kind_mask(self.current(), lib::PieceKind::Queen)
    }

    /// Squares of kings (both colours), as a mask.
    #[getter]
    fn kings(&self) -> u64 {
        lib::kind_mask(self.current(), lib::PieceKind::King)
    }

    /// Always 0: promoted pieces are only tracked in crazyhouse.
    #[getter]
    fn promoted(&self) -> u64 {
        0
    }

    /// The position as FEN. ``shredder=True`` writes castling as rook
    /// files (``HAha``); ``en_passant='legal'`` (the default) writes the
    /// en-passant square only when the capture is legal, ``'xfen'`` when it
    /// is pseudo-legal. python-chess's ``'fen'`` (after every two-square
    /// advance) is not supported. ``promoted`` is ignored.
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None))]
    fn fen(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let _ = promoted;
        self.fen_with(shredder, en_passant)
    }

    /// The position as Shredder-FEN (castling as rook files, ``HAha``).
    #[pyo3(signature = (*, en_passant = "legal", promoted = None))]
    fn shredder_fen(
        &self,
        en_passant: &str,
        promoted: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let _ = promoted;
        self.fen_with(true, en_passant)
    }

    /// The piece placement part of the FEN.
    #[pyo3(signature = (*, promoted = None))]
    fn board_fen(&self, promoted: Option<&Bound<'_, PyAny>>) -> String {
        let _ = promoted;
        let fen = lib::fen(self.current(), false, false);
        fen.split(' ').next().unwrap_or_default().to_owned()
    }

    /// Sets up the position of ``fen`` (in this board's castling notation),
    /// clearing the move stack. Raises ``ValueError`` for a bad FEN; the
    /// board is then unchanged.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let chess960 = lib::is_chess960(self.current());
        let board = lib::board_from_fen(fen, chess960).map_err(|e| fen_error(fen, &e))?;
        self.played.set(lib::new_game(board));
        Ok(())
    }

    /// Restores the standard starting position and clears the move stack.
    fn reset(&mut self) {
        let chess960 = lib::is_chess960(self.current());
        self.played.set(lib::new_game(lib::with_chess960(
            &lib::startpos(),
            chess960,
        )));
    }

    /// Clears the move stack, keeping the position.
    fn clear_stack(&mut self) {
        self.played.set(lib::new_game(self.current().clone()));
    }

    /// The board as it was before the first move of the stack (a new board).
    fn root(&self) -> Board {
        Board::from_lib(lib::start(self.game()).clone())
    }

    /// A copy of the board. ``stack=True`` (the default) copies the move
    /// stack, ``False`` none of it, an integer ``n`` the last ``n`` moves.
    #[pyo3(signature = (*, stack = None), text_signature = "($self, *, stack=True)")]
    fn copy(&self, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let game = match stack {
            None => self.game().clone(),
            Some(s) if s.is_instance_of::<PyBool>() => {
                if s.is_truthy()? {
                    self.game().clone()
                } else {
                    lib::new_game(self.current().clone())
                }
            }
            Some(s) => {
                let n: i64 = s.extract()?;
                last_moves(self.game(), usize::try_from(n).unwrap_or(0))
            }
        };
        Ok(Board::from_game(game))
    }

    fn __copy__(&self) -> Board {
        Board::from_game(self.game().clone())
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.__copy__()
    }

    /// The number of half-moves since the start of the game, from the move
    /// number: ``2 * (fullmove_number - 1) + (turn == BLACK)``.
    fn ply(&self) -> u32 {
        let board = self.current();
        2 * lib::fullmove_number(board).saturating_sub(1) + u32::from(!lib::white_to_move(board))
    }

    /// The piece on ``square``, or None.
    fn piece_at<'py>(&self, py: Python<'py>, square: i64) -> PyResult<Option<Bound<'py, Piece>>> {
        let sq = self::square(square)?;
        lib::piece_at(self.current(), sq)
            .map(|(piece_type, white)| Piece { piece_type, white }.to_py(py))
            .transpose()
    }

    /// The type of the piece on ``square`` (``PAWN`` ... ``KING``), or None.
    fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        Ok(lib::piece_at(self.current(), self::square(square)?).map(|(t, _)| t))
    }

    /// The colour of the piece on ``square``, or None.
    fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        Ok(lib::piece_at(self.current(), self::square(square)?).map(|(_, w)| w))
    }

    /// The square of ``color``'s king (every board has both kings, so
    /// never None).
    fn king(&self, color: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(lib::king(self.current(), white(color)?))
    }

    /// The squares of ``color``'s pieces of ``piece_type``, as a SquareSet.
    fn pieces(&self, piece_type: i64, color: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: lib::pieces_mask(self.current(), kind(piece_type)?, white(color)?),
        })
    }

    /// The squares of ``color``'s pieces of ``piece_type``, as a mask.
    fn pieces_mask(&self, piece_type: i64, color: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(lib::pieces_mask(
            self.current(),
            kind(piece_type)?,
            white(color)?,
        ))
    }

    /// Every piece, as a dict from square to Piece (restricted to the
    /// squares of ``mask``).
    #[pyo3(signature = (*, mask = u64::MAX))]
    fn piece_map<'py>(&self, py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyDict>> {
        let board = self.current();
        let map = PyDict::new(py);
        for sq in lib::squares_of(lib::occupied(board) & mask) {
            if let Some((piece_type, white)) = lib::square(sq).and_then(|s| lib::piece_at(board, s))
            {
                map.set_item(sq, Piece { piece_type, white }.to_py(py)?)?;
            }
        }
        Ok(map)
    }

    /// The pieces giving check to the side to move, as a SquareSet.
    fn checkers(&self) -> SquareSet {
        SquareSet {
            mask: lib::checkers(self.current()),
        }
    }

    /// The pieces giving check to the side to move, as a mask.
    fn checkers_mask(&self) -> u64 {
        lib::checkers(self.current())
    }

    /// True when the side to move is in check.
    fn is_check(&self) -> bool {
        lib::in_check(self.current())
    }

    /// True when a piece of ``color`` attacks ``square``.
    fn is_attacked_by(&self, color: &Bound<'_, PyAny>, square: i64) -> PyResult<bool> {
        Ok(lib::is_attacked_by(
            self.current(),
            white(color)?,
            self::square(square)?,
        ))
    }

    /// The pieces of ``color`` attacking ``square``, as a SquareSet.
    fn attackers(&self, color: &Bound<'_, PyAny>, square: i64) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.attackers_mask(color, square)?,
        })
    }

    /// The pieces of ``color`` attacking ``square``, as a mask.
    fn attackers_mask(&self, color: &Bound<'_, PyAny>, square: i64) -> PyResult<u64> {
        Ok(lib::attackers(
            self.current(),
            white(color)?,
            self::square(square)?,
        ))
    }

    /// The squares the piece on ``square`` attacks (empty if there is none),
    /// as a SquareSet.
    fn attacks(&self, square: i64) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.attacks_mask(square)?,
        })
    }

    /// The squares the piece on ``square`` attacks, as a mask.
    fn attacks_mask(&self, square: i64) -> PyResult<u64> {
        Ok(lib::attacks_from(self.current(), self::square(square)?))
    }

    /// True when ``color`` keeps a castling right on either side.
    fn has_castling_rights(&self, color: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(lib::has_castling_right(self.current(), white(color)?, None))
    }

    /// True when ``color`` keeps the right to castle on the king's side
    /// (the h-side in Chess960).
    fn has_kingside_castling_rights(&self, color: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(lib::has_castling_right(
            self.current(),
            white(color)?,
            Some(true),
        ))
    }

    /// True when ``color`` keeps the right to castle on the queen's side
    /// (the a-side in Chess960).
    fn has_queenside_castling_rights(&self, color: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(lib::has_castling_right(
            self.current(),
            white(color)?,
            Some(false),
        ))
    }

    /// True when a legal en-passant capture exists.
    fn has_legal_en_passant(&self) -> bool {
        lib::has_legal_en_passant(self.current())
    }

    /// True when a pseudo-legal en-passant capture exists (``ep_square`` is
    /// set).
    fn has_pseudo_legal_en_passant(&self) -> bool {
        lib::en_passant(self.current()).is_some()
    }

    /// Always True: every board here is a legal position (see the class
    /// documentation).
    fn is_valid(&self) -> bool {
        true
    }

    // ----- moves ------------------------------------------------------------

    /// The legal moves: iterate over it (``Move`` objects), ``len()`` or
    /// ``.count()`` them, ask ``move in board.legal_moves``. It reads the
    /// board when used, so it follows ``push`` and ``pop``.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> LegalMoveGenerator {
        LegalMoveGenerator {
            board: slf.clone().unbind(),
        }
    }

    /// The pseudo-legal moves (legal but for leaving the mover's own king
    /// attacked; castling is only generated when legal), like
    /// ``legal_moves``.
    #[getter]
    fn pseudo_legal_moves(slf: &Bound<'_, Self>) -> PseudoLegalMoveGenerator {
        PseudoLegalMoveGenerator {
            board: slf.clone().unbind(),
        }
    }

    /// An iterator over the legal moves from squares of ``from_mask`` to
    /// squares of ``to_mask`` (for castling, the rook's square).
    #[pyo3(signature = (from_mask = None, to_mask = None),
           text_signature = "($self, from_mask=BB_ALL, to_mask=BB_ALL)")]
    fn generate_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: Option<&Bound<'py, PyAny>>,
        to_mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let mask = |m: Option<&Bound<'py, PyAny>>| m.map_or(Ok(u64::MAX), mask_of);
        let board = self.current();
        let moves = lib::legal_moves_masked(board, mask(from_mask)?, mask(to_mask)?);
        move_list(py, board, moves.as_slice())?.try_iter()
    }

    /// Plays ``move`` (a legal ``Move``; python-chess's ``chess.Move`` is
    /// accepted too) and puts it on the move stack. Raises
    /// ``IllegalMoveError`` for a move that is not legal here (python-chess
    /// does not check); the board is then unchanged.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        // The move as the library names it, checked once (by `play`); the
        // error, when it is not legal, as `legal` words it.
        let m = Move::extract(r#move)?;
        // One of the moves `legal_moves` listed in this position: no
        // legality test (`Played`).
        if self.push_listed(&m) {
            return Ok(());
        }
        match m.named_on(self.current()) {
            Some(mv) if self.played.play(mv).is_ok() => Ok(()),
            _ => self
                .legal(r#move)
                .and_then(|mv| Err(illegal_move(&lib::uci(mv, false), &self.fen_now()))),
        }
    }

    /// Takes back the last move and returns it. Raises ``IndexError`` when
    /// the move stack is empty.
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        self.pop_move()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?
            .to_py(py)
    }

    /// The last move played. Raises ``IndexError`` when the move stack is
    /// empty.
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        let mv = lib::moves(self.game())
            .last()
            .copied()
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))?;
        Move::of(self.current(), mv).to_py(py)
    }

    /// The legal move named by UCI text (``e2e4``, ``e7e8q``; castling as
    /// ``e1g1`` or ``e1h1`` on standard boards, king takes rook only on
    /// Chess960 boards, where python-chess also reads ``e1g1`` when the king
    /// stands on e1). Raises ``InvalidMoveError`` for text that is not UCI
    /// and ``IllegalMoveError`` for a move that is not legal here (the null
    /// move ``0000`` included: python-chess returns it).
    fn parse_uci<'py>(&self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, Move>> {
        let board = self.current();
        let mv = lib::parse_uci(board, uci).map_err(|e| uci_error(uci, e, &self.fen_now()))?;
        Move::of(board, mv).to_py(py)
    }

    /// Parses UCI text as ``parse_uci`` does, plays the move and returns it.
    fn push_uci<'py>(&mut self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, Move>> {
        let board = self.current();
        let mv = lib::parse_uci(board, uci).map_err(|e| uci_error(uci, e, &self.fen_now()))?;
        let out = Move::of(board, mv);
        self.played
            .play(mv)
            .map_err(|e| uci_error(uci, e, &self.fen_now()))?;
        out.to_py(py)
    }

    /// The legal move named by SAN text (``Nf3``, ``exd5``, ``e8=Q``,
    /// ``O-O``; also ``0-0``, ``e8Q``, needless disambiguation and trailing
    /// ``+ # ! ?``). Raises ``InvalidMoveError`` for text that is not SAN,
    /// ``IllegalMoveError`` when no legal move matches and
    /// ``AmbiguousMoveError`` when several do.
    fn parse_san<'py>(&self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, Move>> {
        let board = self.current();
        let mv = lib::parse_san(board, san).map_err(|e| san_error(san, e, &self.fen_now()))?;
        Move::of(board, mv).to_py(py)
    }

    /// Parses SAN text as ``parse_san`` does, plays the move and returns it.
    fn push_san<'py>(&mut self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, Move>> {
        let board = self.current();
        let mv = lib::parse_san(board, san).map_err(|e| san_error(san, e, &self.fen_now()))?;
        let out = Move::of(board, mv);
        self.played
            .play(mv)
            .map_err(|e| uci_error(&out.uci_text(), e, &self.fen_now()))?;
        out.to_py(py)
    }

    /// The SAN of ``move`` (``Nf3``, ``exd5``, ``O-O``, ``e8=Q+``, ``Qh4#``);
    /// ``--`` for the null move. Raises ``IllegalMoveError`` for a move that
    /// is not legal here.
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        if Move::extract(r#move)? == Move::NULL {
            return Ok("--".to_owned());
        }
        let mv = self.legal(r#move)?;
        Ok(lib::san(self.current(), mv))
    }

    /// The UCI text of ``move`` in this board's notation (castling
    /// king-takes-rook on Chess960 boards), or in the one ``chess960``
    /// asks for.
    #[pyo3(signature = (r#move, *, chess960 = None))]
    fn uci(&self, r#move: &Bound<'_, PyAny>, chess960: Option<bool>) -> PyResult<String> {
        let m = Move::extract(r#move)?;
        let board = self.current();
        Ok(match m.named_on(board) {
            Some(mv) => lib::uci(mv, chess960.unwrap_or_else(|| lib::is_chess960(board))),
            None => m.uci_text(),
        })
    }

    /// True when ``move`` is legal here.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(Move::extract(r#move)?.legal_on(self.current()).is_some())
    }

    /// True when ``move`` is pseudo-legal here: legal but for leaving the
    /// mover's own king attacked.
    fn is_pseudo_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .named(r#move)?
            .is_some_and(|mv| lib::is_pseudo_legal(self.current(), mv)))
    }

    /// True when the legal ``move`` gives check. For a move that is not
    /// legal here, False (python-chess answers for pseudo-legal moves too).
    fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let board = self.current();
        Ok(Move::extract(r#move)?
            .legal_on(board)
            .is_some_and(|mv| lib::gives_check(board, mv)))
    }

    /// True when ``move`` captures (en passant included, castling not).
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .named(r#move)?
            .is_some_and(|mv| lib::is_capture(self.current(), mv)))
    }

    /// True when ``move`` is an en-passant capture.
    fn is_en_passant(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .named(r#move)?
            .is_some_and(|mv| lib::is_en_passant(self.current(), mv)))
    }

    /// True when ``move`` is castling (``e1g1`` or ``e1h1`` on a standard
    /// board with the right; king takes own rook on a Chess960 board).
    /// python-chess judges by the squares alone, so it also says True for
    /// a king's two-square step the castling rights do not allow.
    fn is_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.named(r#move)?.and_then(lib::castling_side).is_some())
    }

    /// True when ``move`` castles on the king's side (the h-side).
    fn is_kingside_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.named(r#move)?.and_then(lib::castling_side) == Some(true))
    }

    /// True when ``move`` castles on the queen's side (the a-side).
    fn is_queenside_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.named(r#move)?.and_then(lib::castling_side) == Some(false))
    }

    /// True when ``move`` moves a pawn or captures (it resets the half-move
    /// clock).
    fn is_zeroing(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .named(r#move)?
            .is_some_and(|mv| lib::is_zeroing(self.current(), mv)))
    }

    // ----- the end of the game ----------------------------------------------

    /// True when the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        lib::is_checkmate(self.current())
    }

    /// True when the side to move is stalemated.
    fn is_stalemate(&self) -> bool {
        lib::is_stalemate(self.current())
    }

    /// True when neither side can ever mate: K v K, K and one minor piece v
    /// K, or only bishops all on squares of one colour.
    fn is_insufficient_material(&self) -> bool {
        lib::is_insufficient_material(self.current())
    }

    /// True when 100 half-moves have passed without a capture or pawn move
    /// and the side to move has a legal move (a draw may be claimed).
    fn is_fifty_moves(&self) -> bool {
        lib::is_fifty_moves(self.current())
    }

    /// True when 150 half-moves have passed without a capture or pawn move
    /// and the side to move has a legal move (the game is drawn).
    fn is_seventyfive_moves(&self) -> bool {
        lib::is_seventy_five_moves(self.current())
    }

    /// True when the current position has appeared ``count`` times in the
    /// move stack's positions, itself included (the same side to move,
    /// pieces, castling rights and legal en-passant capture).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: i64) -> bool {
        lib::repetitions(self.game()) as i64 >= count
    }

    /// True when the current position has appeared five times (the game
    /// is drawn).
    fn is_fivefold_repetition(&self) -> bool {
        lib::repetitions(self.game()) >= 5
    }

    /// True when the side to move may claim a draw by threefold
    /// repetition: now, or with a move that would repeat a position the
    /// third time.
    fn can_claim_threefold_repetition(&self) -> bool {
        lib::can_claim_threefold_repetition(self.game())
    }

    /// True when the side to move may claim a draw under the fifty-move
    /// rule: now, or with a move that makes it the hundredth half-move.
    fn can_claim_fifty_moves(&self) -> bool {
        lib::can_claim_fifty_moves(self.current())
    }

    /// True when the side to move may claim a draw (fifty moves or
    /// threefold repetition).
    fn can_claim_draw(&self) -> bool {
        lib::can_claim_draw(self.game())
    }

    /// How the game ended, as ``Outcome(termination, winner)``, or None
    /// while it goes on. Checked in python-chess's order: checkmate,
    /// insufficient material, stalemate, the 75-move rule, fivefold
    /// repetition, and with ``claim_draw=True`` the fifty-move rule and
    /// threefold repetition.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome<'py>(
        &self,
        py: Python<'py>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.outcome_parts(claim_draw)
            .map(|(termination, winner)| outcome_object(py, termination, winner))
            .transpose()
    }

    /// True when ``outcome()`` is not None.
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome_parts(claim_draw).is_some()
    }

    /// The result: ``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` while the game goes
    /// on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        match self.outcome_parts(claim_draw) {
            None => "*",
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
        }
    }

    // ----- not in python-chess ----------------------------------------------

    /// Perft: the number of move sequences ``depth`` plies long from this
    /// position (the leaves of the legal move tree). ``threads`` counts on
    /// that many threads (0: one per core). Releases the GIL while it
    /// counts.
    #[pyo3(signature = (depth, *, threads = 1))]
    fn perft(slf: &Bound<'_, Self>, depth: u32, threads: usize) -> u64 {
        let board = slf.borrow().current().clone();
        slf.py().detach(move || lib::perft(&board, depth, threads))
    }

    /// Perft split by the first move: a dict from each legal move to the
    /// number of sequences ``depth`` plies long that start with it (empty for
    /// depth 0). Releases the GIL while it counts.
    #[pyo3(signature = (depth, *, threads = 1))]
    fn divide<'py>(
        slf: &Bound<'py, Self>,
        depth: u32,
        threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let board = slf.borrow().current().clone();
        let counts = {
            let board = board.clone();
            py.detach(move || lib::divide(&board, depth, threads))
        };
        let out = PyDict::new(py);
        for (mv, n) in counts {
            out.set_item(Move::of(&board, mv).to_py(py)?, n)?;
        }
        Ok(out)
    }

    /// The static exchange evaluation of ``move`` in centipawns (pawn 100,
    /// knight and bishop 300, rook 500, queen 900): the material it wins
    /// when both sides go on capturing on its to-square while it pays.
    /// Raises ``IllegalMoveError`` for a move that is not legal here.
    fn see(&self, r#move: &Bound<'_, PyAny>) -> PyResult<i32> {
        let mv = self.legal(r#move)?;
        Ok(lib::see(self.current(), mv))
    }

    // ----- Python protocol --------------------------------------------------

    // ----- the toolkit: transforms, planes, EPD (the work is in
    // transform.rs, planes.rs and epd.rs) -----------------------------------

    /// A mirrored copy of the board, without its move stack: flipped
    /// vertically with the colours, the side to move, the castling rights
    /// and the en-passant square swapped, so that the position is the same
    /// up to colour (python-chess's ``mirror``).
    fn mirror(&self) -> Board {
        crate::transform::mirror(self)
    }

    /// Mirrors the board in place and clears the move stack.
    fn apply_mirror(&mut self) {
        *self = crate::transform::mirror(self);
    }

    /// A copy of the board, without its move stack, with the bitboard
    /// function ``f`` applied to each piece mask, the castling rooks and the
    /// en-passant square (``chess.flip_vertical``, ``flip_horizontal``,
    /// ``flip_diagonal``, ``flip_anti_diagonal``, ``shift_down``, ...), as
    /// python-chess's ``transform``. The side to move and the clocks are
    /// kept; castling rights are kept where python-chess's
    /// ``clean_castling_rights`` keeps them, the en-passant square where it
    /// still is one. Raises ``ValueError`` when the result is not a legal
    /// position (python-chess returns a board whose ``is_valid()`` is
    /// false).
    fn transform(&self, f: &Bound<'_, PyAny>) -> PyResult<Board> {
        crate::transform::transform(self, f)
    }

    /// Transforms the board in place (see ``transform``) and clears the
    /// move stack; on ``ValueError`` the board is unchanged.
    fn apply_transform(&mut self, f: &Bound<'_, PyAny>) -> PyResult<()> {
        *self = crate::transform::transform(self, f)?;
        Ok(())
    }

    /// The pieces as a NumPy array of shape ``(12, 8, 8)`` and dtype
    /// ``uint8``: planes for White's pawns, knights, bishops, rooks, queens
    /// and king, then Black's; plane ``k`` is indexed ``[rank, file]`` with
    /// rank 0 the first rank, so ``planes[k].reshape(64)[square]`` follows
    /// the square numbering (``A1`` = 0). With ``oriented=True`` a board
    /// with Black to move is mirrored first (see ``mirror``): the first six
    /// planes are then the side to move's, moving up the board. Needs
    /// NumPy.
    #[pyo3(signature = (*, oriented = false))]
    fn planes<'py>(&self, py: Python<'py>, oriented: bool) -> PyResult<Bound<'py, PyAny>> {
        crate::planes::planes(py, self.current(), oriented)
    }

    /// The same twelve piece sets as ``planes`` as a NumPy array of shape
    /// ``(12,)`` and dtype ``uint64`` (python-chess's masks: bit ``i`` for
    /// square ``i``). Needs NumPy.
    #[pyo3(signature = (*, oriented = false))]
    fn bitboards<'py>(&self, py: Python<'py>, oriented: bool) -> PyResult<Bound<'py, PyAny>> {
        crate::planes::bitboards(py, self.current(), oriented)
    }

    /// The position as EPD, with the operations given as keyword
    /// arguments, as python-chess's ``epd``: ``None`` (the opcode alone),
    /// strings (quoted), integers and finite floats, legal moves (in SAN),
    /// a list of moves for ``pv`` (a variation) and for ``am`` and ``bm``
    /// (sorted). ``shredder`` and ``en_passant`` are as in ``fen``;
    /// ``promoted`` is ignored.
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None, **operations))]
    fn epd(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<&Bound<'_, PyAny>>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let _ = promoted;
        crate::epd::epd(self, shredder, en_passant, operations)
    }

    /// Sets up the position of an EPD line (in this board's castling
    /// notation; the clocks from ``hmvc`` and ``fmvn``, else 0 and 1),
    /// clears the move stack, and returns the operations as python-chess's
    /// ``set_epd`` does: a dict from opcode to ``None``, a string, an
    /// integer, a float, a ``Move`` or a list of moves (``pv``, ``am``,
    /// ``bm``). Raises ``ValueError`` (or a move error) naming the problem;
    /// the board is then unchanged.
    fn set_epd<'py>(&mut self, py: Python<'py>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
        let (board, operations) = crate::epd::read(py, epd, lib::is_chess960(self.current()))?;
        self.played.set(lib::new_game(board));
        Ok(operations)
    }

    /// A board from an EPD line and its operations, as python-chess's
    /// ``Board.from_epd``: ``(board, operations)``.
    #[classmethod]
    #[pyo3(signature = (epd, *, chess960 = false))]
    fn from_epd<'py>(
        _cls: &Bound<'py, PyType>,
        py: Python<'py>,
        epd: &str,
        chess960: bool,
    ) -> PyResult<(Board, Bound<'py, PyDict>)> {
        let (board, operations) = crate::epd::read(py, epd, chess960)?;
        Ok((Board::from_lib(board), operations))
    }

    fn __eq__(&self, other: PyRef<'_, Board>) -> bool {
        self.current() == other.current()
    }

    fn __str__(&self) -> String {
        lib::board_diagram(self.current())
    }

    fn __repr__(&self) -> PyResult<String> {
        let fen = quote(&self.fen_with(false, "legal")?);
        Ok(if lib::is_chess960(self.current()) {
            format!("Board({fen}, chess960=True)")
        } else {
            format!("Board({fen})")
        })
    }
}

/// Borrows the board behind a move generator.
fn borrow<'py>(board: &'py Bound<'py, Board>) -> PyResult<PyRef<'py, Board>> {
    board
        .try_borrow()
        .map_err(|_| PyRuntimeError::new_err("the board is being changed"))
}

/// ``board.legal_moves``: the legal moves of a board, read when used.
/// Iterable (``Move`` objects), ``len()`` and ``count()``, ``in``, and
/// true when there is a legal move.
#[pyclass(module = "magicboard", frozen)]
pub struct LegalMoveGenerator {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoveGenerator {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let bound = self.board.bind(py);
        // The board remembers the moves for `push` (`Played`), unless it
        // is borrowed elsewhere.
        if let Ok(mut this) = bound.try_borrow_mut() {
            let moves = lib::legal_moves(this.current());
            this.played.remember(moves.as_slice());
            return move_list(py, this.current(), moves.as_slice())?.try_iter();
        }
        let this = borrow(bound)?;
        let board = this.current();
        move_list(py, board, lib::legal_moves(board).as_slice())?.try_iter()
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(lib::count_legal_moves(borrow(self.board.bind(py))?.current()) as usize)
    }

    /// The number of legal moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(lib::has_legal_moves(borrow(self.board.bind(py))?.current()))
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(m) = Move::extract(r#move) else {
            return Ok(false);
        };
        Ok(m.legal_on(borrow(self.board.bind(py))?.current()).is_some())
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let bound = slf.get().board.bind(py);
        let this = borrow(bound)?;
        let board = this.current();
        let sans: Vec<String> = lib::legal_moves(board)
            .iter()
            .map(|&mv| lib::san(board, mv))
            .collect();
        Ok(format!(
            "<LegalMoveGenerator at {:#x} ({})>",
            slf.as_ptr() as usize,
            sans.join(", ")
        ))
    }
}

/// ``board.pseudo_legal_moves``: like ``legal_moves``, with the moves that
/// would leave the mover's own king attacked.
#[pyclass(module = "magicboard", frozen)]
pub struct PseudoLegalMoveGenerator {
    board: Py<Board>,
}

#[pymethods]
impl PseudoLegalMoveGenerator {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let bound = self.board.bind(py);
        let this = borrow(bound)?;
        let board = this.current();
        move_list(py, board, lib::pseudo_legal_moves(board).as_slice())?.try_iter()
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(lib::pseudo_legal_moves(borrow(self.board.bind(py))?.current()).len())
    }

    /// The number of pseudo-legal moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.__len__(py)? > 0)
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(m) = Move::extract(r#move) else {
            return Ok(false);
        };
        let bound = self.board.bind(py);
        let this = borrow(bound)?;
        let board = this.current();
        Ok(m.named_on(board)
            .is_some_and(|mv| lib::is_pseudo_legal(board, mv)))
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let bound = slf.get().board.bind(py);
        let this = borrow(bound)?;
        let board = this.current();
        let texts: Vec<String> = lib::pseudo_legal_moves(board)
            .iter()
            .map(|&mv| {
                if lib::is_legal(board, mv) {
                    lib::san(board, mv)
                } else {
                    lib::uci(mv, lib::is_chess960(board))
                }
            })
            .collect();
        Ok(format!(
            "<PseudoLegalMoveGenerator at {:#x} ({})>",
            slf.as_ptr() as usize,
            texts.join(", ")
        ))
    }
}

/// The board of a batch entry: a `Board` (its current position) or FEN
/// text (read in `chess960` mode).
pub enum Position {
    /// A board's current position, copied.
    Board(lib::Board),
    /// A FEN, read later (without the GIL).
    Fen(String),
}

impl Position {
    /// A batch entry from a `Board` or a `str`.
    pub fn extract(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
        if let Ok(board) = obj.cast::<Board>() {
            return Ok(Position::Board(board.borrow().current().clone()));
        }
        match obj.extract::<String>() {
            Ok(fen) => Ok(Position::Fen(fen)),
            Err(_) => Err(PyTypeError::new_err(format!(
                "expected a Board or a FEN str, got {}",
                obj.get_type().name()?
            ))),
        }
    }
}

/// A square index from a Python object (for the module's square helpers).
pub fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<lib::Square> {
    let i = square_index(obj)?;
    square(i64::from(i))
}
