//! A game: a board plus every move played on it since its start, so that
//! moves can be taken back and repetitions counted.
//!
//! [`Board`] is a single position and never allocates; [`Game`] keeps the
//! history on the heap: the moves, the [`Undo`]s that take them back, and a
//! repetition key for each position reached. With it come the rules that
//! need the past:
//!
//! * **threefold repetition** ([`Game::is_threefold_repetition`]): the
//!   current position has appeared at least three times; a draw either
//!   player may claim (FIDE 9.2), reported as
//!   [`Status::ThreefoldRepetition`];
//! * **fivefold repetition** ([`Game::is_fivefold_repetition`]): at least
//!   five times; the game is drawn automatically (FIDE 9.6.1), reported as
//!   [`Status::FivefoldRepetition`];
//! * the **75-move rule** (automatic) and **fifty-move rule** (claimable)
//!   come from the board's half-move clock, see [`Board::status`].
//!
//! ## When two positions are the same
//!
//! As in FIDE 9.2.3: the same side to move, the same pieces on the same
//! squares, the same castling rights, and the same possible en-passant
//! capture. Positions are compared by their Polyglot hash, which covers all
//! of these, except that an en-passant square is ignored when no *legal*
//! en-passant capture exists (the capturing pawn is pinned, for example),
//! since the possible moves are then the same as without it. Only the
//! positions since the last capture or pawn move are compared: no earlier
//! position can come back.
//!
//! A claim may also be made with the move that would repeat the position
//! or reach the hundredth half-move, written down but not played (FIDE
//! 9.2.1.1, 9.3.1): [`Game::can_claim_threefold_repetition`],
//! [`Board::can_claim_fifty_moves`] and [`Game::can_claim_draw`] count
//! those too (python-chess's methods of the same names agree).

use crate::board::{Board, Undo};
use crate::moves::{Move, MoveError};
use crate::outcome::Status;
use crate::san::SanError;
use crate::zobrist;
use alloc::vec::Vec;

/// A board and the moves played on it since the start.
///
/// ```
/// use magicboard::{Game, Status};
/// let mut game = Game::startpos();
/// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
///     game.push_san(san).unwrap();
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.status(), Status::ThreefoldRepetition);
/// assert!(game.status().is_claimable_draw());
///
/// let last = game.pop().unwrap();
/// assert_eq!(last.to_string(), "f6g8");
/// assert_eq!(game.status(), Status::Ongoing);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    start: Board,
    board: Board,
    moves: Vec<Move>,
    /// What takes each move back, and the repetition key of the position
    /// it reached: as long as `moves` (one vector, one push per move).
    steps: Vec<Step>,
    /// The repetition key of the start position.
    start_key: u64,
}

/// A move's [`Undo`] and the repetition key of the position after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    undo: Undo,
    key: u64,
}

impl Game {
    /// A game starting from `board`.
    ///
    /// ```
    /// use magicboard::{Board, Game};
    /// let board = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 0 1").unwrap();
    /// let game = Game::new(board.clone());
    /// assert_eq!(game.board(), &board);
    /// assert!(game.moves().is_empty());
    /// ```
    pub fn new(board: Board) -> Game {
        let key = repetition_key(&board);
        Game {
            start: board.clone(),
            board,
            moves: Vec::new(),
            steps: Vec::new(),
            start_key: key,
        }
    }

    /// A game from the standard starting position.
    ///
    /// ```
    /// use magicboard::{Board, Game, Status};
    /// let game = Game::startpos();
    /// assert_eq!(game.board(), &Board::startpos());
    /// assert!(game.moves().is_empty());
    /// assert_eq!(game.status(), Status::Ongoing);
    /// ```
    pub fn startpos() -> Game {
        Game::new(Board::startpos())
    }

    /// The current position.
    ///
    /// ```
    /// use magicboard::{Color, Game, Piece, PieceKind, Square};
    /// let mut game = Game::startpos();
    /// game.push_san("e4").unwrap();
    /// let board = game.board();
    /// assert_eq!(board.side_to_move(), Color::Black);
    /// assert_eq!(board.piece_on(Square::E4), Some(Piece::new(Color::White, PieceKind::Pawn)));
    /// assert_eq!(board.piece_on(Square::E2), None);
    /// ```
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position the game started from.
    ///
    /// ```
    /// use magicboard::{Board, Game};
    /// let mut game = Game::startpos();
    /// game.push_san("d4").unwrap();
    /// assert_eq!(game.start(), &Board::startpos());
    /// assert_ne!(game.board(), game.start());
    /// ```
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The moves played since the start, in order.
    ///
    /// ```
    /// use magicboard::Game;
    /// let mut game = Game::startpos();
    /// for san in ["e4", "e5", "Nf3"] {
    ///     game.push_san(san).unwrap();
    /// }
    /// let uci: Vec<String> = game.moves().iter().map(|mv| mv.to_string()).collect();
    /// assert_eq!(uci, ["e2e4", "e7e5", "g1f3"]);
    /// ```
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Makes `mv` in place if it is legal in the current position (python-chess's
    /// `push`); otherwise returns
    /// [`MoveError::Illegal`] and changes nothing. Moves may still be
    /// played after the game has ended by rule: check [`Game::status`].
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] when `mv` is not legal in the current
    /// position; the game is then unchanged.
    ///
    /// ```
    /// use magicboard::{Game, Move, MoveError, Square};
    /// let mut game = Game::startpos();
    /// assert_eq!(game.push(Move::new(Square::E2, Square::E5, None)), Err(MoveError::Illegal));
    /// assert_eq!(game.push(Move::new(Square::E2, Square::E4, None)), Ok(()));
    /// assert_eq!(game.moves().len(), 1);
    /// ```
    #[doc(alias = "play_move")]
    pub fn push(&mut self, mv: Move) -> Result<(), MoveError> {
        // `try_make_move` spelled out: its `Result<Undo, _>` went through
        // memory, and the copy of the `Undo` out of it stalled on the bytes
        // just written (docs/python-performance.md measures the difference).
        if !self.board.is_legal(mv) {
            return Err(MoveError::Illegal);
        }
        let undo = self.board.make_move(mv);
        self.moves.push(mv);
        self.steps.push(Step {
            undo,
            key: repetition_key(&self.board),
        });
        Ok(())
    }

    /// [`Game::push`] without the legality test, for a move known to be
    /// legal here (one of this position's [`Board::legal_moves`]): a
    /// binding that remembers the moves it listed plays them this way.
    ///
    /// A move that is not legal but that the board can play (a piece of
    /// the side to move on its from-square, the destination not holding
    /// a piece of its own side or a king, and so on: what [`Board::make_move`]
    /// checks) is played as it is, even when it leaves the mover's king
    /// attacked, and the game's later answers are then unspecified (never
    /// undefined behaviour; debug builds assert that the move is legal).
    /// Any other move changes nothing.
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] when [`Board::make_move`] refuses the move;
    /// the game is then unchanged.
    ///
    /// ```
    /// use magicboard::Game;
    /// let mut game = Game::startpos();
    /// let moves = game.board().legal_moves();
    /// for &mv in moves.as_slice() {
    ///     game.push_unchecked(mv).unwrap();
    ///     game.pop();
    /// }
    /// assert_eq!(game, Game::startpos());
    /// ```
    #[inline]
    pub fn push_unchecked(&mut self, mv: Move) -> Result<(), MoveError> {
        debug_assert!(self.board.is_legal(mv), "push_unchecked of {mv:?}");
        let undo = self.board.make_move(mv);
        if !undo.was_applied() {
            return Err(MoveError::Illegal);
        }
        self.moves.push(mv);
        self.steps.push(Step {
            undo,
            key: repetition_key(&self.board),
        });
        Ok(())
    }

    /// Parses `text` as SAN in the current position and pushes it.
    ///
    /// # Errors
    ///
    /// Those of [`Board::parse_san`] ([`SanError::Syntax`],
    /// [`SanError::Illegal`], [`SanError::Ambiguous`]); the game is then
    /// unchanged.
    ///
    /// ```
    /// use magicboard::{Game, SanError};
    /// let mut game = Game::startpos();
    /// let mv = game.push_san("e4").unwrap();
    /// assert_eq!(mv.to_string(), "e2e4");
    /// assert_eq!(game.push_san("e4"), Err(SanError::Illegal));
    /// ```
    pub fn push_san(&mut self, text: &str) -> Result<Move, SanError> {
        let mv = self.board.parse_san(text)?;
        self.push(mv).map_err(|_| SanError::Illegal)?;
        Ok(mv)
    }

    /// Parses `text` as UCI in the current position and pushes it.
    ///
    /// # Errors
    ///
    /// Those of [`Board::parse_uci`]: [`MoveError::BadUci`] when `text` is
    /// not UCI, [`MoveError::Illegal`] when the move is not legal here; the
    /// game is then unchanged.
    ///
    /// ```
    /// use magicboard::{Game, MoveError};
    /// let mut game = Game::startpos();
    /// assert!(game.push_uci("g1f3").is_ok());
    /// assert_eq!(game.push_uci("g1f3"), Err(MoveError::Illegal));
    /// ```
    pub fn push_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.board.parse_uci(text)?;
        self.push(mv)?;
        Ok(mv)
    }

    /// Takes back the last move and returns it (python-chess's `pop`); `None`
    /// at the start.
    ///
    /// ```
    /// use magicboard::{Board, Game};
    /// let mut game = Game::startpos();
    /// game.push_san("d4").unwrap();
    /// assert_eq!(game.pop().map(|m| m.to_string()), Some("d2d4".to_string()));
    /// assert_eq!(game.board(), &Board::startpos());
    /// assert_eq!(game.pop(), None);
    /// ```
    #[inline]
    pub fn pop(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        if let Some(step) = self.steps.pop() {
            self.board.unmake_move(mv, step.undo);
        }
        Some(mv)
    }

    /// The repetition key of the position after `ply` moves (0: the start).
    fn key(&self, ply: usize) -> u64 {
        match ply.checked_sub(1) {
            None => self.start_key,
            Some(i) => self.steps.get(i).map_or(self.start_key, |step| step.key),
        }
    }

    /// How many times the current position has appeared in this game,
    /// counting itself (so at least 1). See the
    /// [module documentation](self) for when positions are the same.
    ///
    /// ```
    /// use magicboard::Game;
    /// let mut game = Game::startpos();
    /// assert_eq!(game.repetitions(), 1);
    /// // The knights go out and back: the start position again.
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
    ///     game.push_san(san).unwrap();
    /// }
    /// assert_eq!(game.repetitions(), 2);
    /// // Another move, another position.
    /// game.push_san("Nc3").unwrap();
    /// assert_eq!(game.repetitions(), 1);
    /// ```
    pub fn repetitions(&self) -> usize {
        let n = self.moves.len();
        let current = self.key(n);
        // Positions before the last capture or pawn move cannot recur.
        let window = n.min(self.board.halfmove_clock() as usize);
        let oldest = n - window;
        let mut count = 1;
        let mut i = n;
        while i >= oldest + 2 {
            i -= 2;
            if self.key(i) == current {
                count += 1;
            }
        }
        count
    }

    /// True when the current position has appeared at least three times: a
    /// draw either player may claim.
    ///
    /// ```
    /// use magicboard::Game;
    /// let mut game = Game::startpos();
    /// let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    /// for san in shuffle {
    ///     game.push_san(san).unwrap();
    /// }
    /// assert!(!game.is_threefold_repetition()); // twice so far
    /// for san in shuffle {
    ///     game.push_san(san).unwrap();
    /// }
    /// assert!(game.is_threefold_repetition());
    /// ```
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetitions() >= 3
    }

    /// True when the current position has appeared at least five times: the
    /// game is drawn automatically.
    ///
    /// ```
    /// use magicboard::{Game, Status};
    /// let mut game = Game::startpos();
    /// for _ in 0..4 {
    ///     for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
    ///         game.push_san(san).unwrap();
    ///     }
    /// }
    /// // The start position, then four more times.
    /// assert_eq!(game.repetitions(), 5);
    /// assert!(game.is_fivefold_repetition());
    /// assert_eq!(game.status(), Status::FivefoldRepetition);
    /// ```
    pub fn is_fivefold_repetition(&self) -> bool {
        self.repetitions() >= 5
    }

    /// True when the side to move may claim a draw by threefold repetition
    /// (FIDE 9.2): the current position has appeared three times
    /// ([`Game::is_threefold_repetition`]), or a legal move would make the
    /// position after it appear the third time (the player then claims by
    /// writing that move down instead of playing it, 9.2.1.1).
    ///
    /// ```
    /// use magicboard::Game;
    /// let mut game = Game::startpos();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
    ///     game.push_san(san).unwrap();
    /// }
    /// // ...Ng8 would bring the start position back the third time.
    /// assert_eq!(game.repetitions(), 2);
    /// assert!(!game.is_threefold_repetition());
    /// assert!(game.can_claim_threefold_repetition());
    /// ```
    pub fn can_claim_threefold_repetition(&self) -> bool {
        if self.is_threefold_repetition() {
            return true;
        }
        // The position after a move recurs only among the positions with
        // the same side to move since the last capture or pawn move: those
        // an odd number of plies back. It needs two of them.
        let n = self.moves.len();
        let oldest = n - n.min(self.board.halfmove_clock() as usize);
        let earlier: Vec<u64> = (oldest..n).rev().step_by(2).map(|i| self.key(i)).collect();
        if earlier.len() < 2 {
            return false;
        }
        let board = &self.board;
        board.legal_moves().iter().any(|&mv| {
            // A capture or a pawn move makes a position never seen before.
            if board.is_capture(mv) || board.moved(mv) == Some(crate::piece::PieceKind::Pawn) {
                return false;
            }
            let key = repetition_key(&board.play_unchecked(mv));
            earlier.iter().filter(|&&k| k == key).count() >= 2
        })
    }

    /// True when the side to move may claim a draw: by the fifty-move rule
    /// ([`Board::can_claim_fifty_moves`]) or by threefold repetition
    /// ([`Game::can_claim_threefold_repetition`]), now or with the next
    /// move.
    ///
    /// ```
    /// use magicboard::{Board, Game};
    /// assert!(!Game::startpos().can_claim_draw());
    /// let board = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 99 80").unwrap();
    /// assert!(Game::new(board).can_claim_draw()); // any rook move is the 100th
    /// ```
    pub fn can_claim_draw(&self) -> bool {
        self.board.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// True when the 75-move rule has drawn the game: see
    /// [`Board::is_seventy_five_moves`].
    ///
    /// ```
    /// use magicboard::{Board, Game};
    /// let board = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 149 100").unwrap();
    /// let mut game = Game::new(board);
    /// assert!(!game.is_seventy_five_moves());
    /// game.push_san("Ra2").unwrap(); // the 150th half-move without capture or pawn move
    /// assert!(game.is_seventy_five_moves());
    /// ```
    pub fn is_seventy_five_moves(&self) -> bool {
        self.board.is_seventy_five_moves()
    }

    /// The status of the game, repetitions included. In order of
    /// precedence: checkmate, stalemate, insufficient material, fivefold
    /// repetition, the 75-move rule (these end the game), threefold
    /// repetition, the fifty-move rule (these may be claimed), ongoing.
    ///
    /// ```
    /// use magicboard::{Board, Game, Status};
    /// let board = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 149 100").unwrap();
    /// let mut game = Game::new(board);
    /// assert_eq!(game.status(), Status::FiftyMoves);
    /// game.push_san("Ra2").unwrap();
    /// assert_eq!(game.status(), Status::SeventyFiveMoves);
    /// assert!(game.status().is_game_over());
    /// ```
    pub fn status(&self) -> Status {
        let status = self.board.status();
        match status {
            Status::Checkmate { .. } | Status::Stalemate | Status::InsufficientMaterial => status,
            _ => {
                let repetitions = self.repetitions();
                if repetitions >= 5 {
                    Status::FivefoldRepetition
                } else if status == Status::SeventyFiveMoves {
                    status
                } else if repetitions >= 3 {
                    Status::ThreefoldRepetition
                } else {
                    status
                }
            }
        }
    }
}

impl Default for Game {
    /// A game from the standard starting position.
    fn default() -> Game {
        Game::startpos()
    }
}

impl From<Board> for Game {
    fn from(board: Board) -> Game {
        Game::new(board)
    }
}

/// The key positions are compared by: the Polyglot hash, less the
/// en-passant key when no legal en-passant capture exists.
fn repetition_key(board: &Board) -> u64 {
    match board.en_passant() {
        Some(ep) if !board.has_legal_en_passant() => {
            board.hash() ^ zobrist::en_passant_key(ep.file())
        }
        _ => board.hash(),
    }
}

/// # Old names
///
/// The names of 0.3, kept for one release.
impl Game {
    /// Old name of [`Game::push`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let mut game = magicboard::Game::startpos();
    /// let e4 = game.board().parse_uci("e2e4").unwrap();
    /// assert_eq!(game.play(e4), Ok(()));
    /// ```
    #[deprecated(since = "0.4.0", note = "use Game::push")]
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.push(mv)
    }

    /// Old name of [`Game::push_san`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let mut game = magicboard::Game::startpos();
    /// assert!(game.play_san("e4").is_ok());
    /// ```
    #[deprecated(since = "0.4.0", note = "use Game::push_san")]
    pub fn play_san(&mut self, text: &str) -> Result<Move, SanError> {
        self.push_san(text)
    }

    /// Old name of [`Game::push_uci`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let mut game = magicboard::Game::startpos();
    /// assert!(game.play_uci("e2e4").is_ok());
    /// ```
    #[deprecated(since = "0.4.0", note = "use Game::push_uci")]
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        self.push_uci(text)
    }

    /// Old name of [`Game::pop`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let mut game = magicboard::Game::startpos();
    /// assert_eq!(game.undo(), None);
    /// ```
    #[deprecated(since = "0.4.0", note = "use Game::pop")]
    pub fn undo(&mut self) -> Option<Move> {
        self.pop()
    }
}
