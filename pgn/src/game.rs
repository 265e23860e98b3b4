//! The plain way in: [`Games`] iterates a file's games as [`Game`]s (tags,
//! start position, the mainline's [`Move`]s, the result), every move
//! checked; a bad game is a [`GameError`] and the next game follows.

use crate::reader::Reader;
use crate::replay::{play_san, start_position};
use crate::visitor::{Control, GameResult, GameStart, RawSan, RawTag, Visitor};
use core::fmt;
use magicboard::{Board, FenError, Move, SanError};
use std::io::{self, Read};

/// A game's tag pairs, in the order read (names are case-sensitive).
///
/// Held in one string with the pairs' offsets: reading a game's tags costs
/// two allocations, not two per tag.
#[derive(Clone, Default)]
pub struct Tags {
    /// The names and values, one after the other.
    text: String,
    /// For each pair: where its name starts, where its value starts, where
    /// its value ends, in `text`.
    spans: Vec<(u32, u32, u32)>,
}

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    /// The pair at `span`.
    #[inline]
    fn pair(&self, span: (u32, u32, u32)) -> (&str, &str) {
        let (name, value, end) = (span.0 as usize, span.1 as usize, span.2 as usize);
        (&self.text[name..value], &self.text[value..end])
    }

    /// Where the tag `name` is among the spans.
    fn position(&self, name: &str) -> Option<usize> {
        self.spans.iter().position(|&(n, v, _)| {
            (v - n) as usize == name.len() && &self.text[n as usize..v as usize] == name
        })
    }

    /// The value of the tag `name`, if the game has it.
    ///
    /// ```
    /// let game = magicboard_pgn::Games::new(&b"[White \"Tal\"]\n\n1. e4 *"[..]).next().unwrap()?;
    /// assert_eq!(game.tags.get("White"), Some("Tal"));
    /// assert_eq!(game.tags.get("Black"), None);
    /// # Ok::<(), magicboard_pgn::Error>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.position(name).map(|i| self.pair(self.spans[i]).1)
    }

    /// Sets the tag `name` (in its place if the game has it, else last).
    ///
    /// # Panics
    ///
    /// When the tags' text would pass 4 GiB.
    pub fn set(&mut self, name: &str, value: &str) {
        match self.position(name) {
            None => self.push(name, value),
            Some(i) => {
                // Rebuilt with the new value in its place (rare: a tag
                // given twice, or changed by the user).
                let mut tags = Tags::new();
                for (j, &span) in self.spans.iter().enumerate() {
                    let (n, v) = self.pair(span);
                    tags.push(n, if j == i { value } else { v });
                }
                *self = tags;
            }
        }
    }

    /// Appends a pair whose name is not among the tags.
    fn push(&mut self, name: &str, value: &str) {
        let offset = |len: usize| u32::try_from(len).expect("tags of less than 4 GiB");
        let n = offset(self.text.len());
        self.text.push_str(name);
        let v = offset(self.text.len());
        self.text.push_str(value);
        self.spans.push((n, v, offset(self.text.len())));
    }

    /// Removes the tag `name`, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.position(name)?;
        let value = self.pair(self.spans[i]).1.to_string();
        let mut tags = Tags::new();
        for (j, &span) in self.spans.iter().enumerate() {
            if j != i {
                let (n, v) = self.pair(span);
                tags.push(n, v);
            }
        }
        *self = tags;
        Some(value)
    }

    /// The tags as (name, value) pairs, in order.
    pub fn iter(&self) -> TagsIter<'_> {
        TagsIter {
            tags: self,
            spans: self.spans.iter(),
        }
    }

    /// The number of tags.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Removes every tag (keeping the memory).
    pub fn clear(&mut self) {
        self.text.clear();
        self.spans.clear();
    }

    /// Empty tags with room for about as many as `like` holds.
    pub(crate) fn with_room_of(like: &Tags) -> Tags {
        Tags {
            text: String::with_capacity(like.text.len()),
            spans: Vec::with_capacity(like.spans.len()),
        }
    }

    /// Adds a tag as the reader gives it (a later tag of the same name
    /// replaces the earlier one, as in python-chess).
    pub(crate) fn push_raw(&mut self, name: &[u8], value: RawTag<'_>) {
        let name = String::from_utf8_lossy(name);
        let value = value.decode();
        match self.position(&name) {
            None => self.push(&name, &value),
            Some(_) => self.set(&name, &value),
        }
    }
}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl PartialEq for Tags {
    /// The same pairs in the same order.
    fn eq(&self, other: &Tags) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Tags {}

impl core::hash::Hash for Tags {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.len().hash(state);
        for pair in self {
            pair.hash(state);
        }
    }
}

/// The pairs of [`Tags`], in order: see [`Tags::iter`].
#[derive(Debug, Clone)]
pub struct TagsIter<'a> {
    tags: &'a Tags,
    spans: std::slice::Iter<'a, (u32, u32, u32)>,
}

impl<'a> Iterator for TagsIter<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        let span = *self.spans.next()?;
        Some(self.tags.pair(span))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.spans.size_hint()
    }
}

impl ExactSizeIterator for TagsIter<'_> {}

impl<'a> DoubleEndedIterator for TagsIter<'a> {
    fn next_back(&mut self) -> Option<(&'a str, &'a str)> {
        let span = *self.spans.next_back()?;
        Some(self.tags.pair(span))
    }
}

impl<'a> IntoIterator for &'a Tags {
    type Item = (&'a str, &'a str);
    type IntoIter = TagsIter<'a>;
    fn into_iter(self) -> TagsIter<'a> {
        self.iter()
    }
}

impl FromIterator<(String, String)> for Tags {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(iter: I) -> Tags {
        let mut tags = Tags::new();
        for (name, value) in iter {
            tags.set(&name, &value);
        }
        tags
    }
}

/// What is wrong with a game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A mainline token that is not a legal move in its position: not SAN,
    /// illegal, or ambiguous (a null move while in check is illegal).
    Move {
        /// The moves played before it.
        ply: u32,
        /// The token as written.
        san: String,
        /// Why it was rejected.
        error: SanError,
        /// The position it was read in.
        fen: String,
    },
    /// The `[FEN]` tag is not a position.
    Fen {
        /// The tag's value.
        fen: String,
        /// Why it was rejected.
        error: FenError,
    },
    /// The `[Variant]` tag names a variant other than standard chess or
    /// Chess960.
    Variant(String),
}

/// A bad game: its number and line, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameError {
    /// The game's number in the input, from 1.
    pub game: u64,
    /// The line of the bad token (of the game's first byte for a bad tag).
    pub line: u64,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, line {}: ", self.game, self.line)?;
        match &self.kind {
            ErrorKind::Move {
                ply,
                san,
                error,
                fen,
            } => {
                let number = ply / 2 + 1;
                let dots = if ply % 2 == 0 { "." } else { "..." };
                write!(f, "{number}{dots} {san}: {error} ({fen})")
            }
            ErrorKind::Fen { fen, error } => write!(f, "bad FEN tag {fen:?}: {error}"),
            ErrorKind::Variant(name) => write!(
                f,
                "variant {name:?} is not supported (standard chess and Chess960 are)"
            ),
        }
    }
}

impl std::error::Error for GameError {}

/// An error of [`Games`]: a bad game (the iterator goes on with the next)
/// or the input's I/O error (the iterator ends).
#[derive(Debug)]
pub enum Error {
    /// A game that cannot be replayed.
    Game(GameError),
    /// Reading the input failed.
    Io(io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Game(e) => e.fmt(f),
            Error::Io(e) => write!(f, "reading PGN: {e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Game(e) => Some(e),
            Error::Io(e) => Some(e),
        }
    }
}

impl From<GameError> for Error {
    fn from(e: GameError) -> Error {
        Error::Game(e)
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Io(e)
    }
}

/// A game with its mainline replayed: every move legal in its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The game's number in the input, from 1.
    pub number: u64,
    /// The line of its first byte.
    pub line: u64,
    /// Its tags (empty when [`Games::tags`] is off).
    pub tags: Tags,
    /// The start position: the standard one, or the `[FEN]` tag's
    /// (Chess960 with `[Variant "Chess960"]` or Chess960 castling rights).
    pub start: Board,
    /// The mainline's moves ([`Move::NULL`] for a null move).
    pub moves: Vec<Move>,
    /// The movetext's result token, if it has one.
    pub result: Option<GameResult>,
}

impl Game {
    /// A game of `moves` from `start`, numbered 1, without tags.
    ///
    /// # Errors
    ///
    /// The first move that is not legal in its position, as a
    /// [`GameError`] (line 0).
    pub fn from_moves(start: Board, moves: &[Move]) -> Result<Game, GameError> {
        let mut board = start.clone();
        for (ply, &mv) in moves.iter().enumerate() {
            let ok = if mv == Move::NULL {
                board.make_null_move().is_some()
            } else {
                board.try_make_move(mv).is_ok()
            };
            if !ok {
                return Err(GameError {
                    game: 1,
                    line: 0,
                    kind: ErrorKind::Move {
                        ply: ply as u32,
                        san: mv.to_string(),
                        error: SanError::Illegal,
                        fen: board.to_fen(),
                    },
                });
            }
        }
        Ok(Game {
            number: 1,
            line: 0,
            tags: Tags::new(),
            start,
            moves: moves.to_vec(),
            result: None,
        })
    }

    /// Each position with the move played from it, in order: the start
    /// position and `moves[0]`, and so on (the position after the last
    /// move is [`Game::end`]).
    ///
    /// ```
    /// let game = magicboard_pgn::Games::new(&b"1. e4 e5 *"[..]).next().unwrap()?;
    /// let fens: Vec<String> = game.positions().map(|(board, _)| board.to_fen()).collect();
    /// assert_eq!(fens[1], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert_eq!(game.end().to_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    /// # Ok::<(), magicboard_pgn::Error>(())
    /// ```
    pub fn positions(&self) -> Positions<'_> {
        Positions {
            board: self.start.clone(),
            moves: self.moves.iter(),
        }
    }

    /// The position after the last move.
    pub fn end(&self) -> Board {
        let mut board = self.start.clone();
        for &mv in &self.moves {
            play(&mut board, mv);
        }
        board
    }
}

/// Plays a move of a replayed game (a null move too).
fn play(board: &mut Board, mv: Move) {
    if mv == Move::NULL {
        let _ = board.make_null_move();
    } else {
        board.make_move_unchecked(mv);
    }
}

/// The positions of a [`Game`], each with the move played from it: see
/// [`Game::positions`].
#[derive(Debug, Clone)]
pub struct Positions<'a> {
    board: Board,
    moves: std::slice::Iter<'a, Move>,
}

impl Iterator for Positions<'_> {
    type Item = (Board, Move);

    fn next(&mut self) -> Option<(Board, Move)> {
        let mv = *self.moves.next()?;
        let before = self.board.clone();
        play(&mut self.board, mv);
        Some((before, mv))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl ExactSizeIterator for Positions<'_> {}

/// The visitor behind [`Games`]: replays the mainline, skips variations.
#[derive(Debug, Clone)]
pub(crate) struct MainlineBuilder {
    pub(crate) keep_tags: bool,
    start: GameStart,
    tags: Tags,
    fen: Option<String>,
    variant: Option<String>,
    board: Board,
    game_start: Board,
    moves: Vec<Move>,
    result: Option<GameResult>,
    error: Option<GameError>,
}

impl MainlineBuilder {
    pub(crate) fn new(keep_tags: bool) -> MainlineBuilder {
        MainlineBuilder {
            keep_tags,
            start: GameStart {
                number: 0,
                line: 0,
                offset: 0,
            },
            tags: Tags::new(),
            fen: None,
            variant: None,
            board: Board::startpos(),
            game_start: Board::startpos(),
            moves: Vec::new(),
            result: None,
            error: None,
        }
    }
}

impl Visitor for MainlineBuilder {
    type Output = Result<Game, GameError>;

    fn begin_game(&mut self, start: GameStart) {
        self.start = start;
        self.tags.clear();
        self.fen = None;
        self.variant = None;
        self.moves.clear();
        self.result = None;
        self.error = None;
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Control {
        match name {
            b"FEN" => self.fen = Some(value.decode().into_owned()),
            b"Variant" => self.variant = Some(value.decode().into_owned()),
            _ => {}
        }
        if self.keep_tags {
            self.tags.push_raw(name, value);
        }
        Control::Continue
    }

    fn end_tags(&mut self) -> Control {
        match start_position(self.fen.as_deref(), self.variant.as_deref()) {
            Ok(board) => {
                self.game_start = board.clone();
                self.board = board;
                Control::Continue
            }
            Err(kind) => {
                self.error = Some(GameError {
                    game: self.start.number,
                    line: self.start.line,
                    kind,
                });
                Control::Skip
            }
        }
    }

    #[inline]
    fn san(&mut self, san: RawSan<'_>) -> Control {
        match play_san(&mut self.board, san) {
            Ok(mv) => {
                self.moves.push(mv);
                Control::Continue
            }
            Err(error) => {
                self.error = Some(GameError {
                    game: self.start.number,
                    line: san.line(),
                    kind: ErrorKind::Move {
                        ply: self.moves.len() as u32,
                        san: san.to_str_lossy().into_owned(),
                        error,
                        fen: self.board.to_fen(),
                    },
                });
                Control::Skip
            }
        }
    }

    fn result(&mut self, result: GameResult) -> Control {
        self.result = Some(result);
        Control::Continue
    }

    fn end_game(&mut self) -> Result<Game, GameError> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        // The next game's tags and moves get room for as many as these.
        let room = Tags::with_room_of(&self.tags);
        let tags = std::mem::replace(&mut self.tags, room);
        let room = self.moves.len().max(16);
        let moves = std::mem::replace(&mut self.moves, Vec::with_capacity(room));
        Ok(Game {
            number: self.start.number,
            line: self.start.line,
            tags,
            start: self.game_start.clone(),
            moves,
            result: self.result,
        })
    }
}

/// The games of a PGN input, each replayed: an iterator of
/// `Result<Game, Error>`. A bad game is an [`Error::Game`] naming its
/// number, line and move, and the next game follows; an I/O error is the
/// last item.
///
/// ```
/// use magicboard_pgn::{Error, Games};
/// let pgn = "[Event \"A\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Event \"B\"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 *\n";
/// let games: Vec<_> = Games::new(pgn.as_bytes()).collect();
/// assert_eq!(games.len(), 3);
/// assert_eq!(games[0].as_ref().unwrap().moves.len(), 3);
/// let Err(Error::Game(bad)) = &games[1] else { panic!() };
/// assert_eq!((bad.game, bad.line), (2, 7));
/// assert!(bad.to_string().starts_with("game 2, line 7: 2. Ke3: no legal move"));
/// assert_eq!(games[2].as_ref().unwrap().moves[0].to_string(), "d2d4");
/// ```
#[derive(Debug)]
pub struct Games<R> {
    reader: Reader<R>,
    builder: MainlineBuilder,
    done: bool,
}

impl<R: Read> Games<R> {
    /// The games of `input`, with their tags.
    pub fn new(input: R) -> Games<R> {
        Games::from_reader(Reader::new(input))
    }

    /// The games a [`Reader`] reads (set up with its options).
    pub fn from_reader(reader: Reader<R>) -> Games<R> {
        Games {
            reader,
            builder: MainlineBuilder::new(true),
            done: false,
        }
    }

    /// Whether to keep each game's tags (default true; without them a game
    /// allocates only its move list).
    pub fn tags(mut self, keep: bool) -> Games<R> {
        self.builder.keep_tags = keep;
        self
    }

    /// The reader underneath (its line, offset and game count).
    pub fn reader(&self) -> &Reader<R> {
        &self.reader
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = Result<Game, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.reader.read_game(&mut self.builder) {
            Ok(Some(game)) => Some(game.map_err(Error::Game)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(Error::Io(e)))
            }
        }
    }
}
