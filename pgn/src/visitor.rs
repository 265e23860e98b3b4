//! What the [`Reader`](crate::Reader) tells a [`Visitor`]: the tags, the
//! movetext's tokens, and where the game starts.
//!
//! The reader calls, for each game:
//!
//! 1. [`Visitor::begin_game`], then [`Visitor::tag`] for each tag pair and
//!    [`Visitor::end_tags`];
//! 2. for the movetext, in order: [`Visitor::san`] (moves, null moves
//!    included), [`Visitor::nag`], [`Visitor::comment`],
//!    [`Visitor::begin_variation`] / [`Visitor::end_variation`] and
//!    [`Visitor::result`];
//! 3. [`Visitor::end_game`], whose value [`Reader::read_game`](crate::Reader::read_game)
//!    returns.
//!
//! Every method but the first and the last returns a [`Control`]:
//! [`Control::Skip`] skips the rest of what is being read, cheaply (the
//! tokens are still lexed, to find the end, but not reported): the game's
//! movetext after [`Visitor::end_tags`] or after a mainline token, the
//! variation itself after [`Visitor::begin_variation`], the rest of the
//! variation after a token inside it. [`Visitor::end_variation`] is called
//! once for each [`Visitor::begin_variation`] that returned
//! [`Control::Continue`] and whose `)` the game has (a game may end with
//! variations left open; the next [`Visitor::begin_game`] is the place to
//! reset).

use core::fmt;
use magicboard::{Board, File, Move, PieceKind, Rank, San, SanError, Square};
use std::borrow::Cow;

/// What to do next, returned by the [`Visitor`]'s methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Control {
    /// Go on reading and reporting.
    #[default]
    Continue,
    /// Skip the rest of the current unit: the variation being read, or, in
    /// the mainline and the tags, the rest of the game. See the
    /// [module documentation](self).
    Skip,
}

/// Where a game starts in the input, given to [`Visitor::begin_game`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameStart {
    /// The game's number in the input, from 1 (every game counts, bad ones
    /// included).
    pub number: u64,
    /// The line of its first byte, from 1.
    pub line: u64,
    /// The byte offset of its first byte (after a byte-order mark, blank
    /// lines and `%` lines before it).
    pub offset: u64,
}

/// A tag pair's value as it stands between the quotes, escapes included.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawTag<'a>(pub &'a [u8]);

impl<'a> RawTag<'a> {
    /// The bytes between the quotes, `\"` and `\\` escapes not undone.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The value with its escapes undone (`\"` to `"`, `\\` to `\`), as
    /// UTF-8 (invalid sequences replaced by U+FFFD). Borrows when there is
    /// nothing to change.
    ///
    /// ```
    /// use magicboard_pgn::RawTag;
    /// assert_eq!(RawTag(br#"Fischer, R."#).decode(), "Fischer, R.");
    /// assert_eq!(RawTag(br#"The \"Immortal\" \\o/"#).decode(), r#"The "Immortal" \o/"#);
    /// ```
    pub fn decode(&self) -> Cow<'a, str> {
        if !self.0.contains(&b'\\') {
            return String::from_utf8_lossy(self.0);
        }
        let mut out = Vec::with_capacity(self.0.len());
        let mut bytes = self.0.iter();
        while let Some(&b) = bytes.next() {
            if b == b'\\' {
                match bytes.as_slice().first() {
                    Some(&next @ (b'"' | b'\\')) => {
                        out.push(next);
                        bytes.next();
                    }
                    _ => out.push(b),
                }
            } else {
                out.push(b);
            }
        }
        Cow::Owned(String::from_utf8_lossy(&out).into_owned())
    }
}

impl fmt::Debug for RawTag<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawTag({:?})", self.decode())
    }
}

/// A comment's text: between `{` and `}`, as it stands (line breaks and
/// surrounding spaces included).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawComment<'a>(pub &'a [u8]);

impl<'a> RawComment<'a> {
    /// The bytes between the braces.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The text as UTF-8 (invalid sequences replaced by U+FFFD).
    ///
    /// ```
    /// use magicboard_pgn::RawComment;
    /// assert_eq!(RawComment(b" [%clk 0:05:00] ").to_str_lossy(), " [%clk 0:05:00] ");
    /// ```
    pub fn to_str_lossy(&self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.0)
    }
}

impl fmt::Debug for RawComment<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawComment({:?})", self.to_str_lossy())
    }
}

/// A move token of the movetext, not yet read as SAN, and the line it is
/// on. Two are equal when their bytes and lines are.
#[derive(Clone, Copy)]
pub struct RawSan<'a> {
    bytes: &'a [u8],
    line: u64,
    /// The SAN, when the reader read it while finding the token's end
    /// (what [`San::from_ascii`] gives for these bytes).
    parsed: Option<San>,
    /// The same SAN in one word when it has one of the commonest shapes
    /// ([`Shape`]), else 0. Read first: the reader writes this word
    /// whole, where it writes a [`San`] a field at a time, and a load of
    /// the fields together waits until those writes are done.
    shape: u32,
}

/// The commonest shapes of SAN, as the reader packs them in a word: the
/// shape in the low byte (a piece's move: one for each kind), the
/// destination square in the next, then the from-file (a pawn's capture)
/// or whether `x` was written (a piece's move).
pub(crate) struct Shape;

impl Shape {
    /// `e4`: a pawn's push.
    pub(crate) const PUSH: u32 = 1;
    /// `exd5`: a pawn's capture, with its file.
    pub(crate) const PAWN_CAPTURE: u32 = 2;
    /// `Nf3`, `Nxe5`: a knight's move without a from-file or from-rank;
    /// a bishop's, rook's, queen's and king's are the next four.
    pub(crate) const KNIGHT: u32 = 3;

    /// The word of a pawn's push to `to`.
    #[inline(always)]
    pub(crate) fn push(to: Square) -> u32 {
        Shape::PUSH | (to.index() as u32) << 8
    }

    /// The word of a capture by the pawn on `file` on `to`.
    #[inline(always)]
    pub(crate) fn pawn_capture(file: File, to: Square) -> u32 {
        Shape::PAWN_CAPTURE | (to.index() as u32) << 8 | (file.index() as u32) << 16
    }

    /// The word of a move of a piece of `kind` to `to`.
    #[inline(always)]
    pub(crate) fn piece(kind: PieceKind, capture: bool, to: Square) -> u32 {
        debug_assert_ne!(kind, PieceKind::Pawn);
        (Shape::KNIGHT - 1 + kind.index() as u32)
            | (to.index() as u32) << 8
            | u32::from(capture) << 24
    }

    /// The SAN of a word (`None` for 0).
    #[inline(always)]
    pub(crate) fn san(word: u32) -> Option<San> {
        let byte = |shift: u32| (word >> shift) as usize & 0xff;
        let to = Square::new(
            File::from_index(byte(8) & 7),
            Rank::from_index(byte(8) >> 3 & 7),
        );
        let normal = |piece, from_file, capture| San::Normal {
            piece,
            from_file,
            from_rank: None,
            capture,
            to,
            promotion: None,
        };
        match word & 0xff {
            Shape::PUSH => Some(normal(None, None, false)),
            Shape::PAWN_CAPTURE => Some(normal(None, Some(File::from_index(byte(16) & 7)), true)),
            shape @ 3..=7 => Some(normal(
                PieceKind::from_index(shape as usize - 2),
                None,
                byte(24) != 0,
            )),
            _ => None,
        }
    }
}

impl PartialEq for RawSan<'_> {
    fn eq(&self, other: &Self) -> bool {
        (self.bytes, self.line) == (other.bytes, other.line)
    }
}

impl Eq for RawSan<'_> {}

impl core::hash::Hash for RawSan<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.bytes, self.line).hash(state);
    }
}

impl<'a> RawSan<'a> {
    /// A token and its line (for visitors' tests; the reader makes these).
    pub fn new(bytes: &'a [u8], line: u64) -> RawSan<'a> {
        RawSan {
            bytes,
            line,
            parsed: None,
            shape: 0,
        }
    }

    /// A token the reader read as `san` already.
    #[inline(always)]
    pub(crate) fn read(bytes: &'a [u8], line: u64, san: San, shape: u32) -> RawSan<'a> {
        debug_assert_eq!(
            San::from_ascii(bytes),
            Ok(san),
            "{:?}",
            String::from_utf8_lossy(bytes)
        );
        debug_assert!(
            shape == 0 || Shape::san(shape) == Some(san),
            "{san:?} {shape:x}"
        );
        RawSan {
            bytes,
            line,
            parsed: Some(san),
            shape,
        }
    }

    /// The token's bytes (annotation glyphs `!` and `?` after it are
    /// reported apart, as [`Nag`]s).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The line the token is on, from 1.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// True for the null-move tokens `--`, `Z0`, `0000` and `@@@@` (a move
    /// that passes the turn, used in analysis).
    ///
    /// ```
    /// use magicboard_pgn::RawSan;
    /// assert!(RawSan::new(b"--", 1).is_null());
    /// assert!(!RawSan::new(b"e4", 1).is_null());
    /// ```
    pub fn is_null(&self) -> bool {
        matches!(self.bytes, b"--" | b"Z0" | b"0000" | b"@@@@")
    }

    /// The token read as SAN ([`San::from_ascii`]), without a board.
    ///
    /// # Errors
    ///
    /// [`SanError::Syntax`] when the token is not SAN (a null move is not).
    #[inline]
    pub fn san(&self) -> Result<San, SanError> {
        if let Some(san) = Shape::san(self.shape) {
            return Ok(san);
        }
        match self.parsed {
            Some(san) => Ok(san),
            None => read_san(self.bytes),
        }
    }

    /// [`San::to_move`] on `board` for a token of one of the commonest
    /// shapes, `None` for the others (the SAN of its word, for tests).
    #[cfg(test)]
    pub(crate) fn shaped_move(&self, board: &Board) -> Option<Result<Move, SanError>> {
        Some(Shape::san(self.shape)?.to_move(board))
    }

    /// [`San::make`] on `board` for a token of one of the commonest
    /// shapes, `None` for the others: the shape chosen once, each arm
    /// with a [`San`] of that shape, which [`San::make`] (inlined)
    /// resolves and makes by the shape's own code, the piece known,
    /// without a second choice.
    #[inline(always)]
    pub(crate) fn shaped_make(&self, board: &mut Board) -> Option<Result<Move, SanError>> {
        let word = self.shape;
        let byte = |shift: u32| (word >> shift) as usize & 0xff;
        let to = Square::new(
            File::from_index(byte(8) & 7),
            Rank::from_index(byte(8) >> 3 & 7),
        );
        let normal = |piece, from_file, capture| San::Normal {
            piece,
            from_file,
            from_rank: None,
            capture,
            to,
            promotion: None,
        };
        Some(match word & 0xff {
            Shape::PUSH => normal(None, None, false).make(board),
            Shape::PAWN_CAPTURE => {
                normal(None, Some(File::from_index(byte(16) & 7)), true).make(board)
            }
            // A piece's move, its kind a constant in each arm.
            3 => normal(Some(PieceKind::Knight), None, byte(24) != 0).make(board),
            4 => normal(Some(PieceKind::Bishop), None, byte(24) != 0).make(board),
            5 => normal(Some(PieceKind::Rook), None, byte(24) != 0).make(board),
            6 => normal(Some(PieceKind::Queen), None, byte(24) != 0).make(board),
            7 => normal(Some(PieceKind::King), None, byte(24) != 0).make(board),
            _ => return None,
        })
    }

    /// The token as text (lossy UTF-8), for messages.
    pub fn to_str_lossy(&self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.bytes)
    }
}

/// [`San::from_ascii`] for the tokens the reader did not read: kept out of
/// the visitors' loops, where inlined it costs the common tokens time.
#[cold]
#[inline(never)]
fn read_san(bytes: &[u8]) -> Result<San, SanError> {
    San::from_ascii(bytes)
}

impl fmt::Debug for RawSan<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawSan({:?}, line {})", self.to_str_lossy(), self.line)
    }
}

/// A Numeric Annotation Glyph: `$1` ... `$255`, or one of the glyphs `!`,
/// `?`, `!!`, `??`, `!?`, `?!` (`$1` to `$6`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

impl Nag {
    /// `!` (`$1`).
    pub const GOOD_MOVE: Nag = Nag(1);
    /// `?` (`$2`).
    pub const MISTAKE: Nag = Nag(2);
    /// `!!` (`$3`).
    pub const BRILLIANT_MOVE: Nag = Nag(3);
    /// `??` (`$4`).
    pub const BLUNDER: Nag = Nag(4);
    /// `!?` (`$5`).
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// `?!` (`$6`).
    pub const DUBIOUS_MOVE: Nag = Nag(6);

    /// The NAG of an annotation glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    ///
    /// ```
    /// use magicboard_pgn::Nag;
    /// assert_eq!(Nag::from_glyph(b"?!"), Some(Nag::DUBIOUS_MOVE));
    /// assert_eq!(Nag::from_glyph(b"!!!"), None);
    /// ```
    pub fn from_glyph(glyph: &[u8]) -> Option<Nag> {
        Some(match glyph {
            b"!" => Nag::GOOD_MOVE,
            b"?" => Nag::MISTAKE,
            b"!!" => Nag::BRILLIANT_MOVE,
            b"??" => Nag::BLUNDER,
            b"!?" => Nag::SPECULATIVE_MOVE,
            b"?!" => Nag::DUBIOUS_MOVE,
            _ => return None,
        })
    }
}

impl fmt::Display for Nag {
    /// `$n`, as PGN exports write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// A game's result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished, unknown or abandoned.
    Unknown,
}

impl GameResult {
    /// The result of a token, `None` for anything else.
    ///
    /// ```
    /// use magicboard_pgn::GameResult;
    /// assert_eq!(GameResult::from_token(b"1/2-1/2"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::from_token(b"1-1"), None);
    /// ```
    pub fn from_token(token: &[u8]) -> Option<GameResult> {
        Some(match token {
            b"1-0" => GameResult::WhiteWins,
            b"0-1" => GameResult::BlackWins,
            b"1/2-1/2" => GameResult::Draw,
            b"*" => GameResult::Unknown,
            _ => return None,
        })
    }

    /// The PGN token.
    ///
    /// ```
    /// use magicboard_pgn::GameResult;
    /// assert_eq!(GameResult::BlackWins.as_str(), "0-1");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The receiver of a game's parts, in the order the
/// [module documentation](self) gives. Every method but
/// [`Visitor::end_game`] has a default that ignores its part and goes on.
pub trait Visitor {
    /// What [`Visitor::end_game`] makes of a game.
    type Output;

    /// A game begins (its tags, if any, follow).
    fn begin_game(&mut self, start: GameStart) {
        let _ = start;
    }

    /// A tag pair `[Name "value"]`.
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Control {
        let _ = (name, value);
        Control::Continue
    }

    /// The tags are over; [`Control::Skip`] skips the movetext.
    fn end_tags(&mut self) -> Control {
        Control::Continue
    }

    /// A move (SAN as written, or a null move: [`RawSan::is_null`]).
    fn san(&mut self, san: RawSan<'_>) -> Control {
        let _ = san;
        Control::Continue
    }

    /// A NAG after a move (`$n`, or a glyph like `!?`).
    fn nag(&mut self, nag: Nag) -> Control {
        let _ = nag;
        Control::Continue
    }

    /// A `{comment}`. One longer than the reader's token limit comes in
    /// parts (consecutive calls), each cut at a UTF-8 boundary.
    fn comment(&mut self, comment: RawComment<'_>) -> Control {
        let _ = comment;
        Control::Continue
    }

    /// A `(` opens a variation: an alternative to the last move.
    /// [`Control::Skip`] skips it (to its `)`).
    fn begin_variation(&mut self) -> Control {
        Control::Skip
    }

    /// The `)` of a variation that [`Visitor::begin_variation`] entered.
    fn end_variation(&mut self) -> Control {
        Control::Continue
    }

    /// A result token (`1-0`, `0-1`, `1/2-1/2`, `*`).
    fn result(&mut self, result: GameResult) -> Control {
        let _ = result;
        Control::Continue
    }

    /// The game is over: its value.
    fn end_game(&mut self) -> Self::Output;
}
