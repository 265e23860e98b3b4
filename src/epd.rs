//! EPD (Extended Position Description): a position and its operations, one
//! line each, as engine test suites (WAC, ERET, STS) and perft suites
//! write them.
//!
//! An EPD line is the first four fields of a FEN (placement, side to move,
//! castling, en passant) followed by **operations**: an opcode, an operand
//! and a semicolon each.
//!
//! ```text
//! r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id "mate in one";
//! ```
//!
//! [`Epd::parse`] reads a line into its [`Board`] and its operations, in
//! order. Operands come in kinds ([`Operand`]):
//!
//! * **moves**, for the opcodes that hold them: `bm` (best moves) and `am`
//!   (moves to avoid), `pm` (predicted move) and `sm` (supplied move), all
//!   from this position; `pv` (predicted variation) and `sv` (supplied
//!   variation), a line of moves played one after the other. Their SAN is
//!   resolved to legal [`Move`]s when the line is read, and written back as
//!   SAN;
//! * **numbers**: `ce` (centipawn evaluation), `acd` (analysis depth), `dm`
//!   (direct mate in so many moves), `hmvc` and `fmvn` (the clocks, which
//!   also set the board's), perft suites' `D1`, `D2`, ...: an operand that
//!   starts like a number (`+-.0-9`) and is one is an integer, or a float
//!   when it has a `.`, `e` or `E`;
//! * **strings** in double quotes: `id`, the comments `c0` to `c9`
//!   (backslash escapes `\"`, `\\`, `\t`, `\r`, `\n`);
//! * **none**: an opcode alone (`noop;`);
//! * anything else is kept as **text**, as written.
//!
//! The accessors name the usual ones ([`Epd::best_moves`],
//! [`Epd::avoid_moves`], [`Epd::id`], [`Epd::pv`], [`Epd::centipawns`],
//! [`Epd::depth`], [`Epd::mate`], [`Epd::comment`], [`Epd::perft`]);
//! [`Epd::get`] reaches any opcode. `Display` writes the line back, the
//! operations in their order, as python-chess writes them (`bm e4; id
//! "x";`). The reading follows python-chess's `Board.set_epd` (opcodes, the
//! string escapes, the clocks), except that operands of opcodes that hold
//! no moves stay text where python-chess would read SAN.
//!
//! ```
//! use magicboard::epd::{Epd, Operand};
//!
//! let line = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"back rank\"; ce +32000; acd 5;";
//! let epd: Epd = line.parse()?;
//! let ra8 = epd.board().parse_san("Ra8").unwrap();
//! assert_eq!(epd.best_moves(), [ra8]);
//! assert_eq!(epd.id(), Some("back rank"));
//! assert_eq!(epd.centipawns(), Some(32000));
//! assert_eq!(epd.depth(), Some(5));
//! assert_eq!(epd.get("acd"), Some(&Operand::Integer(5)));
//! assert_eq!(epd.to_string(), "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"back rank\"; ce 32000; acd 5;");
//! # Ok::<(), magicboard::epd::EpdError>(())
//! ```

use crate::board::{Board, BoardBuilder, FenError};
use crate::castling::CastlingMode;
use crate::moves::Move;
use crate::san::SanError;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// An EPD line: a position and its operations, in order. See the
/// [module documentation](self).
///
/// ```
/// use magicboard::epd::{Epd, Operand};
/// use magicboard::Board;
///
/// // Build one: a position, then operations.
/// let mut epd = Epd::new(Board::startpos());
/// let e4 = epd.board().parse_uci("e2e4").unwrap();
/// epd.set("bm", Operand::Moves(vec![e4]))?;
/// epd.set("id", Operand::String("start".into()))?;
/// assert_eq!(epd.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";");
/// # Ok::<(), magicboard::epd::EpdError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Epd {
    board: Board,
    operations: Vec<(String, Operand)>,
}

/// The operand of one EPD operation. See the
/// [module documentation](self) for which opcodes hold which kind.
///
/// ```
/// use magicboard::epd::{Epd, Operand};
/// let epd: Epd = "4k3/8/8/8/8/8/8/4K3 w - - noop; c0 \"a \\\"quoted\\\" word\"; xyz foo bar; ce -1.5;".parse()?;
/// assert_eq!(epd.get("noop"), Some(&Operand::None));
/// assert_eq!(epd.comment(0), Some("a \"quoted\" word"));
/// assert_eq!(epd.get("xyz"), Some(&Operand::Text("foo bar".into())));
/// assert_eq!(epd.get("ce"), Some(&Operand::Float(-1.5)));
/// # Ok::<(), magicboard::epd::EpdError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Operand {
    /// No operand: the opcode alone (`noop;`).
    None,
    /// Legal moves: from the position for `bm`, `am`, `pm`, `sm`; played in
    /// sequence from it for `pv` and `sv`. Written as SAN.
    Moves(Vec<Move>),
    /// A whole number (`ce 32`, `acd 12`, `D3 8902`).
    Integer(i64),
    /// A finite number with a `.`, `e` or `E` (`ce 1.5`).
    Float(f64),
    /// A string in double quotes (`id "WAC.001"`), without its quotes and
    /// escapes.
    String(String),
    /// Anything else, as written (an unquoted operand of an opcode that
    /// holds no moves, which is not a number).
    Text(String),
}

/// Why an EPD line was rejected.
///
/// ```
/// use magicboard::epd::{Epd, EpdError};
/// use magicboard::SanError;
/// let err = "4k3/8/8/8/8/8/8/4K3 w - - bm Qd8;".parse::<Epd>().unwrap_err();
/// assert_eq!(
///     err,
///     EpdError::Move { opcode: "bm".into(), san: "Qd8".into(), error: SanError::Illegal },
/// );
/// assert_eq!(err.to_string(), "EPD operation bm: \"Qd8\": no legal move in this position matches the SAN");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EpdError {
    /// The four position fields are not a position (fewer than four fields
    /// is [`FenError::WrongFieldCount`]).
    Fen(FenError),
    /// An opcode that does not start with a letter, or (given to
    /// [`Epd::set`]) holds whitespace.
    BadOpcode(String),
    /// A move operand that is not a legal move here (for `pv` and `sv`:
    /// after the moves before it).
    Move {
        /// The operation's opcode.
        opcode: String,
        /// The move as written (SAN), or the move given to [`Epd::set`]
        /// (UCI).
        san: String,
        /// Why it is not one.
        error: SanError,
    },
    /// `hmvc` or `fmvn` is not a whole number from 0 to 4294967295.
    BadClock(String),
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::Fen(e) => write!(f, "EPD position: {e}"),
            EpdError::BadOpcode(op) => write!(
                f,
                "EPD opcode {op:?}: an opcode starts with a letter and holds no whitespace"
            ),
            EpdError::Move { opcode, san, error } => {
                write!(f, "EPD operation {opcode}: {san:?}: {error}")
            }
            EpdError::BadClock(op) => write!(
                f,
                "EPD operation {op}: the clock is not a whole number from 0 to 4294967295"
            ),
        }
    }
}

impl core::error::Error for EpdError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            EpdError::Fen(e) => Some(e),
            EpdError::Move { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl From<FenError> for EpdError {
    fn from(e: FenError) -> EpdError {
        EpdError::Fen(e)
    }
}

/// The opcodes whose operands are moves from the position.
const MOVE_SETS: [&str; 4] = ["am", "bm", "pm", "sm"];
/// The opcodes whose operands are lines of moves played in turn.
const MOVE_LINES: [&str; 2] = ["pv", "sv"];

/// True when `opcode` holds moves.
fn holds_moves(opcode: &str) -> bool {
    MOVE_SETS.contains(&opcode) || MOVE_LINES.contains(&opcode)
}

/// python-chess's rule: not empty, not `-`, a letter first, no whitespace.
fn valid_opcode(opcode: &str) -> bool {
    opcode.chars().next().is_some_and(char::is_alphabetic)
        && !opcode
            .chars()
            .any(|c| matches!(c, ' ' | '\t' | '\r' | '\n'))
}

/// # Reading and writing
impl Epd {
    /// A line with `board` and no operations.
    ///
    /// ```
    /// use magicboard::{epd::Epd, Board};
    /// let epd = Epd::new(Board::startpos());
    /// assert_eq!(epd.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    /// ```
    pub fn new(board: Board) -> Epd {
        Epd {
            board,
            operations: Vec::new(),
        }
    }

    /// Reads an EPD line (also `str::parse`). Castling rights are read as
    /// by [`Board::from_fen`]; the clocks come from `hmvc` and `fmvn` when
    /// present, else 0 and 1.
    ///
    /// # Errors
    ///
    /// An [`EpdError`] naming the first problem: the position, an opcode,
    /// a move operand that is not a legal move, a clock out of range.
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - hmvc 12; fmvn 40;")?;
    /// assert_eq!(epd.board().halfmove_clock(), 12);
    /// assert_eq!(epd.board().fullmove_number(), 40);
    /// assert!(Epd::parse("4k3/8/8 w - -").is_err());
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn parse(line: &str) -> Result<Epd, EpdError> {
        Epd::parse_with(line, CastlingMode::Standard)
    }

    /// Reads an EPD line in a given castling mode, as
    /// [`Board::from_fen_with`] reads a FEN (a Chess960 suite's lines with
    /// [`CastlingMode::Chess960`]).
    ///
    /// # Errors
    ///
    /// As [`Epd::parse`].
    ///
    /// ```
    /// use magicboard::{epd::Epd, CastlingMode};
    /// let line = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - bm O-O;";
    /// let epd = Epd::parse_with(line, CastlingMode::Chess960)?;
    /// assert!(epd.board().is_chess960());
    /// assert!(epd.best_moves()[0].is_castle());
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn parse_with(line: &str, mode: CastlingMode) -> Result<Epd, EpdError> {
        let line = line.trim();
        // The four position fields, then the operations.
        let mut rest = line;
        let mut fields: [&str; 4] = [""; 4];
        for (i, field) in fields.iter_mut().enumerate() {
            rest = rest.trim_start();
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            if end == 0 {
                return Err(FenError::WrongFieldCount(i).into());
            }
            *field = &rest[..end];
            rest = &rest[end..];
        }
        let fen = alloc::format!(
            "{} {} {} {} 0 1",
            fields[0],
            fields[1],
            fields[2],
            fields[3]
        );
        let board = Board::from_fen_with(&fen, mode)?;
        let raw = parse_operations(rest)?;

        let mut epd = Epd::new(board);
        for (opcode, operand) in raw {
            let operand = match operand {
                RawOperand::None => Operand::None,
                RawOperand::String(s) => Operand::String(s),
                RawOperand::Unquoted(text) => epd.resolve(&opcode, text)?,
            };
            epd.insert(opcode, operand);
        }
        let mut clocks = (epd.board.halfmove_clock(), epd.board.fullmove_number());
        for (opcode, slot) in [("hmvc", &mut clocks.0), ("fmvn", &mut clocks.1)] {
            match epd.get(opcode) {
                None => {}
                Some(Operand::Integer(n)) => {
                    *slot = u32::try_from(*n).map_err(|_| EpdError::BadClock(opcode.into()))?
                }
                Some(_) => return Err(EpdError::BadClock(opcode.into())),
            }
        }
        if clocks != (epd.board.halfmove_clock(), epd.board.fullmove_number()) {
            epd.board = BoardBuilder::from_board(&epd.board)
                .halfmove_clock(clocks.0)
                .fullmove_number(clocks.1)
                .build()
                .map_err(FenError::Position)?;
        }
        Ok(epd)
    }

    /// An unquoted operand of `opcode`: moves for the opcodes that hold
    /// them, else a number if it reads as one, else text.
    fn resolve(&self, opcode: &str, text: String) -> Result<Operand, EpdError> {
        if holds_moves(opcode) {
            let line = MOVE_LINES.contains(&opcode);
            let mut board = self.board.clone();
            let mut moves = Vec::new();
            for san in text.split_ascii_whitespace() {
                let mv = board.parse_san(san).map_err(|error| EpdError::Move {
                    opcode: opcode.into(),
                    san: san.into(),
                    error,
                })?;
                moves.push(mv);
                if line {
                    board = board.play_unchecked(mv);
                }
            }
            return Ok(Operand::Moves(moves));
        }
        if text.starts_with(|c: char| matches!(c, '+' | '-' | '.' | '0'..='9')) {
            if text.contains(['.', 'e', 'E']) {
                if let Ok(x) = text.parse::<f64>() {
                    if x.is_finite() {
                        return Ok(Operand::Float(x));
                    }
                }
            } else if let Ok(n) = text.parse::<i64>() {
                return Ok(Operand::Integer(n));
            }
        }
        Ok(Operand::Text(text))
    }

    /// Replaces `opcode`'s operand where it stands, or appends it.
    fn insert(&mut self, opcode: String, operand: Operand) {
        match self.operations.iter_mut().find(|(op, _)| *op == opcode) {
            Some(slot) => slot.1 = operand,
            None => self.operations.push((opcode, operand)),
        }
    }
}

/// # The position and its operations
impl Epd {
    /// The position (its clocks from `hmvc` and `fmvn`, else 0 and 1).
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// let epd: Epd = "4k3/8/8/8/8/8/8/4K3 b - -".parse()?;
    /// assert_eq!(epd.board().to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position, keeping nothing else.
    ///
    /// ```
    /// use magicboard::{epd::Epd, Board};
    /// let epd: Epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";".parse()?;
    /// assert_eq!(epd.into_board(), Board::startpos());
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn into_board(self) -> Board {
        self.board
    }

    /// The operations, in order: opcode and operand.
    ///
    /// ```
    /// use magicboard::epd::{Epd, Operand};
    /// let epd: Epd = "4k3/8/8/8/8/8/8/4K3 w - - D1 5; D2 25;".parse()?;
    /// let ops: Vec<(&str, &Operand)> = epd.operations().collect();
    /// assert_eq!(ops, [("D1", &Operand::Integer(5)), ("D2", &Operand::Integer(25))]);
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn operations(&self) -> impl ExactSizeIterator<Item = (&str, &Operand)> + '_ {
        self.operations
            .iter()
            .map(|(op, operand)| (op.as_str(), operand))
    }

    /// The operand of `opcode`, if the line has it.
    ///
    /// ```
    /// use magicboard::epd::{Epd, Operand};
    /// let epd: Epd = "4k3/8/8/8/8/8/8/4K3 w - - acn 123456;".parse()?;
    /// assert_eq!(epd.get("acn"), Some(&Operand::Integer(123456)));
    /// assert_eq!(epd.get("acs"), None);
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn get(&self, opcode: &str) -> Option<&Operand> {
        self.operations
            .iter()
            .find(|(op, _)| op == opcode)
            .map(|(_, operand)| operand)
    }

    /// Sets `opcode`'s operand, in its place if the line has it, else at
    /// the end. Moves are checked: for `pv` and `sv` each must be legal
    /// after those before it, for any other opcode legal in the position.
    ///
    /// # Errors
    ///
    /// [`EpdError::BadOpcode`] for an opcode that does not start with a
    /// letter or holds whitespace, [`EpdError::Move`] for a move that is not
    /// legal; the line is then unchanged.
    ///
    /// ```
    /// use magicboard::epd::{Epd, EpdError, Operand};
    /// use magicboard::{Board, Move, Square};
    /// let mut epd = Epd::new(Board::startpos());
    /// let mut board = Board::startpos();
    /// let mut pv = Vec::new();
    /// for uci in ["e2e4", "e7e5", "g1f3"] {
    ///     let mv = board.parse_uci(uci).unwrap();
    ///     board.make_move(mv);
    ///     pv.push(mv);
    /// }
    /// epd.set("pv", Operand::Moves(pv))?;
    /// epd.set("ce", Operand::Integer(35))?;
    /// assert_eq!(epd.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e5 Nf3; ce 35;");
    /// let illegal = Operand::Moves(vec![Move::new(Square::E2, Square::E5, None)]);
    /// assert!(matches!(epd.set("bm", illegal), Err(EpdError::Move { .. })));
    /// assert!(matches!(epd.set("9x", Operand::None), Err(EpdError::BadOpcode(_))));
    /// # Ok::<(), EpdError>(())
    /// ```
    pub fn set(&mut self, opcode: &str, operand: Operand) -> Result<&mut Epd, EpdError> {
        if !valid_opcode(opcode) {
            return Err(EpdError::BadOpcode(opcode.into()));
        }
        if let Operand::Moves(moves) = &operand {
            let line = MOVE_LINES.contains(&opcode);
            let mut board = self.board.clone();
            for &mv in moves {
                let next = board.play(mv).map_err(|_| EpdError::Move {
                    opcode: opcode.into(),
                    san: board.to_uci(mv).to_string(),
                    error: SanError::Illegal,
                })?;
                if line {
                    board = next;
                }
            }
        }
        self.insert(opcode.into(), operand);
        Ok(self)
    }

    /// Removes `opcode`'s operation, returning its operand.
    ///
    /// ```
    /// use magicboard::epd::{Epd, Operand};
    /// let mut epd: Epd = "4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; ce 0;".parse()?;
    /// assert_eq!(epd.remove("id"), Some(Operand::String("x".into())));
    /// assert_eq!(epd.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - ce 0;");
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn remove(&mut self, opcode: &str) -> Option<Operand> {
        let i = self.operations.iter().position(|(op, _)| op == opcode)?;
        Some(self.operations.remove(i).1)
    }
}

/// # The usual operations
///
/// Typed access to the opcodes engine test suites use; each is
/// [`Epd::get`] with the operand's kind checked (an operand of another
/// kind reads as absent).
impl Epd {
    /// The moves of `opcode` (empty when absent or not moves).
    fn moves(&self, opcode: &str) -> &[Move] {
        match self.get(opcode) {
            Some(Operand::Moves(moves)) => moves,
            _ => &[],
        }
    }

    /// The integer operand of `opcode`.
    fn integer(&self, opcode: &str) -> Option<i64> {
        match self.get(opcode) {
            Some(Operand::Integer(n)) => Some(*n),
            _ => None,
        }
    }

    /// The string operand of `opcode`.
    fn string(&self, opcode: &str) -> Option<&str> {
        match self.get(opcode) {
            Some(Operand::String(s)) => Some(s),
            _ => None,
        }
    }

    /// `bm`: the best moves, any of which solves a test position.
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// // WAC.001 (Win at Chess, Fred Reinfeld)
    /// let epd: Epd = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";".parse()?;
    /// assert_eq!(epd.best_moves().len(), 1);
    /// assert_eq!(epd.board().to_san(epd.best_moves()[0]), "Qg6");
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn best_moves(&self) -> &[Move] {
        self.moves("bm")
    }

    /// `am`: the moves to avoid.
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// let epd: Epd = "4k3/8/8/8/8/8/3q4/R3K3 w Q - am Kf1 Kxd2;".parse()?;
    /// assert_eq!(epd.avoid_moves().len(), 2);
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn avoid_moves(&self) -> &[Move] {
        self.moves("am")
    }

    /// `pv`: the predicted variation, moves played in turn from the
    /// position.
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// let epd: Epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e5 Nf3 Nc6;".parse()?;
    /// let uci: Vec<String> = epd.pv().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(uci, ["e2e4", "e7e5", "g1f3", "b8c6"]);
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn pv(&self) -> &[Move] {
        self.moves("pv")
    }

    /// `id`: the position's name in its suite.
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// let epd: Epd = "4k3/8/8/8/8/8/8/4K3 w - - id \"ERET 001 - Relief\";".parse()?;
    /// assert_eq!(epd.id(), Some("ERET 001 - Relief"));
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn id(&self) -> Option<&str> {
        self.string("id")
    }

    /// `ce`: the centipawn evaluation, from the side to move.
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// let epd: Epd = "4k3/8/8/8/8/8/8/4K3 w - - ce -15;".parse()?;
    /// assert_eq!(epd.centipawns(), Some(-15));
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn centipawns(&self) -> Option<i64> {
        self.integer("ce")
    }

    /// `acd`: the analysis depth, in plies.
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// let epd: Epd = "4k3/8/8/8/8/8/8/4K3 w - - acd 18;".parse()?;
    /// assert_eq!(epd.depth(), Some(18));
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn depth(&self) -> Option<i64> {
        self.integer("acd")
    }

    /// `dm`: direct mate in this many moves.
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// let epd: Epd = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; dm 1;".parse()?;
    /// assert_eq!(epd.mate(), Some(1));
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn mate(&self) -> Option<i64> {
        self.integer("dm")
    }

    /// `c0` to `c9`: the comments (`None` for `n` above 9).
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// let epd: Epd = "4k3/8/8/8/8/8/8/4K3 w - - c0 \"first\"; c7 \"eighth\";".parse()?;
    /// assert_eq!(epd.comment(0), Some("first"));
    /// assert_eq!(epd.comment(7), Some("eighth"));
    /// assert_eq!(epd.comment(1), None);
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn comment(&self, n: u8) -> Option<&str> {
        if n > 9 {
            return None;
        }
        let opcode = [b'c', b'0' + n];
        self.string(core::str::from_utf8(&opcode).ok()?)
    }

    /// `D1`, `D2`, ...: the perft count at `depth`, as perft suites write
    /// them (`D1 20; D2 400;`).
    ///
    /// ```
    /// use magicboard::{epd::Epd, perft};
    /// let epd: Epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - D1 20; D2 400; D3 8902;".parse()?;
    /// for depth in 1..=3 {
    ///     assert_eq!(epd.perft(depth), Some(perft(epd.board(), depth)));
    /// }
    /// assert_eq!(epd.perft(4), None);
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    pub fn perft(&self, depth: u32) -> Option<u64> {
        let opcode = alloc::format!("D{depth}");
        self.integer(&opcode).and_then(|n| u64::try_from(n).ok())
    }
}

impl FromStr for Epd {
    type Err = EpdError;

    /// Same as [`Epd::parse`].
    fn from_str(s: &str) -> Result<Epd, EpdError> {
        Epd::parse(s)
    }
}

impl fmt::Display for Epd {
    /// The line: the FEN's first four fields, then each operation as
    /// python-chess writes it (`opcode operand;`, separated by spaces):
    /// moves in SAN, numbers as numbers, strings quoted and escaped, text
    /// as it was.
    ///
    /// ```
    /// use magicboard::epd::Epd;
    /// let line = "4k3/8/8/8/8/8/8/4K3 w - - c0 \"tab\\there\"; noop; ce 1.5;";
    /// assert_eq!(line.parse::<Epd>()?.to_string(), line);
    /// # Ok::<(), magicboard::epd::EpdError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.board.to_fen();
        let mut fields = fen.split(' ');
        for i in 0..4 {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(fields.next().unwrap_or("-"))?;
        }
        for (opcode, operand) in &self.operations {
            write!(f, " {opcode}")?;
            match operand {
                Operand::None => {}
                Operand::Moves(moves) => {
                    let line = MOVE_LINES.contains(&opcode.as_str());
                    let mut board = self.board.clone();
                    for &mv in moves {
                        write!(f, " {}", board.to_san(mv))?;
                        if line && board.is_legal(mv) {
                            board = board.play_unchecked(mv);
                        }
                    }
                }
                Operand::Integer(n) => write!(f, " {n}")?,
                Operand::Float(x) => write!(f, " {x:?}")?,
                Operand::String(s) => {
                    f.write_str(" \"")?;
                    for c in s.chars() {
                        match c {
                            '\\' => f.write_str("\\\\")?,
                            '\t' => f.write_str("\\t")?,
                            '\r' => f.write_str("\\r")?,
                            '\n' => f.write_str("\\n")?,
                            '"' => f.write_str("\\\"")?,
                            c => write!(f, "{c}")?,
                        }
                    }
                    f.write_str("\"")?;
                }
                Operand::Text(text) => write!(f, " {text}")?,
            }
            f.write_str(";")?;
        }
        Ok(())
    }
}

/// An operand as read, before it is resolved against the position.
enum RawOperand {
    None,
    String(String),
    Unquoted(String),
}

/// The operations part of a line, read as python-chess reads it: an
/// opcode, then a quoted string or anything up to the next `;`.
fn parse_operations(text: &str) -> Result<Vec<(String, RawOperand)>, EpdError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        // The opcode, up to whitespace or `;`.
        while chars.next_if(|c| c.is_whitespace() || *c == ';').is_some() {}
        let mut opcode = String::new();
        while let Some(c) = chars.next_if(|c| !c.is_whitespace() && *c != ';') {
            opcode.push(c);
        }
        if opcode.is_empty() {
            return Ok(out);
        }
        if opcode == "-" {
            continue;
        }
        if !valid_opcode(&opcode) {
            return Err(EpdError::BadOpcode(opcode));
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let operand = match chars.peek() {
            None | Some(';') => {
                chars.next();
                RawOperand::None
            }
            Some('"') => {
                chars.next();
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some('t') => s.push('\t'),
                            Some('r') => s.push('\r'),
                            Some('n') => s.push('\n'),
                            Some(c) => s.push(c),
                            None => break,
                        },
                        c => s.push(c),
                    }
                }
                RawOperand::String(s)
            }
            Some(_) => {
                let mut s = String::new();
                while let Some(c) = chars.next_if(|c| *c != ';') {
                    s.push(c);
                }
                chars.next();
                RawOperand::Unquoted(s.trim_end().to_string())
            }
        };
        out.push((opcode, operand));
    }
}
