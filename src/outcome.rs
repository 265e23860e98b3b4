//! How a game stands: checkmate, stalemate, draws by rule, or still going.
//!
//! [`Board::status`] reports what the position alone decides; a
//! [`Game`](crate::game::Game), which also knows the positions that came before,
//! adds the repetition rules in [`Game::status`](crate::game::Game::status). Both
//! answer with a [`Status`].
//!
//! ## Which draws end the game
//!
//! The FIDE Laws separate draws that happen by themselves from draws a
//! player must claim, and [`Status`] keeps that distinction:
//!
//! | rule | variant | ends the game |
//! | --- | --- | --- |
//! | checkmate | [`Status::Checkmate`] | yes (the mating side wins) |
//! | stalemate | [`Status::Stalemate`] | yes |
//! | insufficient material | [`Status::InsufficientMaterial`] | yes (a dead position) |
//! | 75 moves without capture or pawn move | [`Status::SeventyFiveMoves`] | yes |
//! | fivefold repetition | [`Status::FivefoldRepetition`] (`Game` only) | yes |
//! | threefold repetition | [`Status::ThreefoldRepetition`] (`Game` only) | only if claimed |
//! | 50 moves without capture or pawn move | [`Status::FiftyMoves`] | only if claimed |
//!
//! [`Status::is_game_over`] is true for the first group and
//! [`Status::is_claimable_draw`] for the last two. Programs that treat the
//! fifty-move rule as automatic (as engine matches usually do) test
//! [`Status::is_draw`], which covers both groups.
//!
//! A checkmate or stalemate takes precedence over the move-count rules: a
//! mate delivered with the hundredth (or hundred-and-fiftieth) half-move
//! still wins.
//!
//! ## Insufficient material
//!
//! [`Board::is_insufficient_material`] is true exactly for the material
//! with which no sequence of legal moves can end in checkmate, whatever
//! the placement: king against king, king and one minor piece against
//! king, and any number of bishops (of either side) all standing on squares
//! of one colour, with no other pieces. These are the textbook dead
//! positions of FIDE article 5.2.2. Material that *can* mate with help is
//! not insufficient, even if no one could force it: K+N+N v K, K+N v K+N,
//! K+B v K+N and K+B v K+B with bishops on opposite colours all have
//! (cooperative) mates, so the game goes on. Dead positions that depend on
//! the placement (blocked pawn chains) are not detected.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::color::Color;
use crate::piece::PieceKind;

/// The state of a game: over (and how), drawn on a claim, or going on.
///
/// See the [module documentation](self) for which draws end the game and
/// which must be claimed.
///
/// ```
/// use magicboard::{Board, Color, Status};
/// // Fool's mate: 1. f3 e5 2. g4 Qh4#
/// let board = Board::from_fen(
///     "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
/// ).unwrap();
/// let status = board.status();
/// assert_eq!(status, Status::Checkmate { winner: Color::Black });
/// assert!(status.is_game_over());
/// assert_eq!(status.winner(), Some(Color::Black));
/// assert_eq!(Board::startpos().status(), Status::Ongoing);
/// ```
///
/// A new outcome (a rule FIDE adds, a variant's) may come in a minor
/// release: the enum is `#[non_exhaustive]`, so a `match` on it needs a
/// `_` arm; [`Status::is_game_over`], [`Status::winner`] and
/// [`Status::is_draw`] answer for every outcome, new ones included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// The game goes on: no rule ends it and no draw can be claimed.
    Ongoing,
    /// The side to move is checkmated; `winner` is the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Neither side can ever mate (see the [module documentation](self)):
    /// a draw.
    InsufficientMaterial,
    /// At least 150 half-moves (75 moves each) without a capture or a pawn
    /// move, and the side to move is not mated or stalemated: an automatic
    /// draw (FIDE 9.6.2).
    SeventyFiveMoves,
    /// The current position has appeared five times: an automatic draw
    /// (FIDE 9.6.1). Reported only by [`Game::status`](crate::game::Game::status).
    FivefoldRepetition,
    /// The current position has appeared three times: either player may
    /// claim a draw (FIDE 9.2). Reported only by
    /// [`Game::status`](crate::game::Game::status).
    ThreefoldRepetition,
    /// At least 100 half-moves (50 moves each) without a capture or a pawn
    /// move, and the side to move is not mated or stalemated: either player
    /// may claim a draw (FIDE 9.3).
    FiftyMoves,
}

impl Status {
    /// True when the game goes on and no draw can be claimed.
    ///
    /// ```
    /// use magicboard::{Board, Status};
    /// assert!(Board::startpos().status().is_ongoing());
    /// // A claimable draw is not "ongoing", though the game has not ended.
    /// assert!(!Status::FiftyMoves.is_ongoing());
    /// assert!(!Status::FiftyMoves.is_game_over());
    /// ```
    pub const fn is_ongoing(self) -> bool {
        matches!(self, Status::Ongoing)
    }

    /// True when the game has ended by rule, with no claim needed:
    /// checkmate, stalemate, insufficient material, the 75-move rule or
    /// fivefold repetition.
    ///
    /// ```
    /// use magicboard::Status;
    /// assert!(Status::SeventyFiveMoves.is_game_over());
    /// assert!(!Status::FiftyMoves.is_game_over());
    /// ```
    pub const fn is_game_over(self) -> bool {
        matches!(
            self,
            Status::Checkmate { .. }
                | Status::Stalemate
                | Status::InsufficientMaterial
                | Status::SeventyFiveMoves
                | Status::FivefoldRepetition
        )
    }

    /// True for the draws a player may claim but that do not end the game
    /// by themselves: the fifty-move rule and threefold repetition.
    ///
    /// ```
    /// use magicboard::{Board, Status};
    /// assert!(Status::ThreefoldRepetition.is_claimable_draw());
    /// assert!(!Status::FivefoldRepetition.is_claimable_draw()); // automatic
    /// // A hundred half-moves without a capture or a pawn move.
    /// let board = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 100 80").unwrap();
    /// assert!(board.status().is_claimable_draw());
    /// ```
    pub const fn is_claimable_draw(self) -> bool {
        matches!(self, Status::FiftyMoves | Status::ThreefoldRepetition)
    }

    /// True for every draw, automatic or claimable (everything but
    /// [`Status::Ongoing`] and [`Status::Checkmate`]).
    ///
    /// ```
    /// use magicboard::{Color, Status};
    /// assert!(Status::Stalemate.is_draw());
    /// assert!(Status::FiftyMoves.is_draw());
    /// assert!(!Status::Checkmate { winner: Color::White }.is_draw());
    /// assert!(!Status::Ongoing.is_draw());
    /// ```
    pub const fn is_draw(self) -> bool {
        !matches!(self, Status::Ongoing | Status::Checkmate { .. })
    }

    /// The winner, for a checkmate.
    ///
    /// ```
    /// use magicboard::{Board, Color, Status};
    /// // Scholar's mate: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#
    /// let mate = Board::from_fen(
    ///     "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    /// ).unwrap();
    /// assert_eq!(mate.status().winner(), Some(Color::White));
    /// assert_eq!(Status::Stalemate.winner(), None);
    /// ```
    pub const fn winner(self) -> Option<Color> {
        match self {
            Status::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

impl core::fmt::Display for Status {
    /// A short English description, e.g. `checkmate, White wins`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Checkmate {
                winner: Color::White,
            } => f.write_str("checkmate, White wins"),
            Status::Checkmate {
                winner: Color::Black,
            } => f.write_str("checkmate, Black wins"),
            Status::Stalemate => f.write_str("stalemate"),
            Status::InsufficientMaterial => f.write_str("draw by insufficient material"),
            Status::SeventyFiveMoves => f.write_str("draw by the 75-move rule"),
            Status::FivefoldRepetition => f.write_str("draw by fivefold repetition"),
            Status::ThreefoldRepetition => f.write_str("threefold repetition (draw claimable)"),
            Status::FiftyMoves => f.write_str("fifty-move rule (draw claimable)"),
        }
    }
}

/// # Game status
///
/// How the game stands as far as this position decides it: checkmate,
/// stalemate, the draws by rule. Repetitions need the moves that came
/// before: see [`Game`](crate::game::Game).
impl Board {
    /// The status of the game as far as this position decides it: in order
    /// of precedence checkmate, stalemate, insufficient material, the
    /// 75-move rule, the fifty-move rule, else [`Status::Ongoing`].
    /// Repetitions need the game's history: see
    /// [`Game::status`](crate::game::Game::status).
    ///
    /// ```
    /// use magicboard::{Board, Status};
    /// let stalemate = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert_eq!(stalemate.status(), Status::Stalemate);
    /// let bare_kings = Board::from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1").unwrap();
    /// assert_eq!(bare_kings.status(), Status::InsufficientMaterial);
    /// let fifty = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 100 80").unwrap();
    /// assert_eq!(fifty.status(), Status::FiftyMoves);
    /// ```
    pub fn status(&self) -> Status {
        if !self.has_legal_moves() {
            return if self.in_check() {
                Status::Checkmate {
                    winner: !self.side_to_move(),
                }
            } else {
                Status::Stalemate
            };
        }
        if self.is_insufficient_material() {
            Status::InsufficientMaterial
        } else if self.halfmove_clock() >= 150 {
            Status::SeventyFiveMoves
        } else if self.halfmove_clock() >= 100 {
            Status::FiftyMoves
        } else {
            Status::Ongoing
        }
    }

    /// True when the side to move is in check and has no legal move.
    ///
    /// ```
    /// use magicboard::Board;
    /// let mate = Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1").unwrap();
    /// assert!(mate.is_checkmate());
    /// assert!(!Board::startpos().is_checkmate());
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_moves()
    }

    /// True when the side to move is not in check and has no legal move.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert!(board.is_stalemate());
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && !self.has_legal_moves()
    }

    /// True when neither side can ever give mate, by material alone: K v K,
    /// K+minor v K, or bishops only, all on squares of one colour. See the
    /// [module documentation](self) for the cases deliberately left out
    /// (K+N+N v K and other material that can mate with help).
    ///
    /// ```
    /// use magicboard::Board;
    /// // Both bishops on dark squares (c1 and f8): no mate is possible.
    /// let same = Board::from_fen("5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1").unwrap();
    /// assert!(same.is_insufficient_material());
    /// // Opposite colours (c1 dark, c8 light): a mate exists.
    /// let opposite = Board::from_fen("2b5/8/4k3/8/8/3K4/8/2B5 w - - 0 1").unwrap();
    /// assert!(!opposite.is_insufficient_material());
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.pieces(PieceKind::Pawn)
            | self.pieces(PieceKind::Rook)
            | self.pieces(PieceKind::Queen);
        if !heavy.is_empty() {
            return false;
        }
        let knights = self.pieces(PieceKind::Knight);
        let bishops = self.pieces(PieceKind::Bishop);
        if (knights | bishops).count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    /// True when at least 100 half-moves have passed without a capture or a
    /// pawn move and the side to move has a legal move (a mate or stalemate
    /// takes precedence). Under FIDE rules either player may then claim a
    /// draw; the game does not end by itself.
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 100 80").unwrap();
    /// assert!(board.is_fifty_moves());
    /// ```
    pub fn is_fifty_moves(&self) -> bool {
        self.halfmove_clock() >= 100 && self.has_legal_moves()
    }

    /// True when the side to move may claim a draw under the fifty-move
    /// rule (FIDE 9.3): [`Board::is_fifty_moves`] now, or the half-move
    /// clock is 99 and a legal move that is neither a capture nor a pawn
    /// move would reach 100 with the opponent not mated or stalemated (the
    /// player then claims by writing that move down, 9.3.1).
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 99 80").unwrap();
    /// assert!(!board.is_fifty_moves());
    /// assert!(board.can_claim_fifty_moves());
    /// let earlier = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 98 80").unwrap();
    /// assert!(!earlier.can_claim_fifty_moves());
    /// ```
    pub fn can_claim_fifty_moves(&self) -> bool {
        if self.is_fifty_moves() {
            return true;
        }
        self.halfmove_clock() >= 99
            && self.legal_moves().iter().any(|&mv| {
                !self.is_capture(mv)
                    && self.moved(mv) != Some(PieceKind::Pawn)
                    && self.play_unchecked(mv).has_legal_moves()
            })
    }

    /// True when at least 150 half-moves have passed without a capture or a
    /// pawn move and the side to move has a legal move: the game is drawn
    /// automatically (FIDE 9.6.2).
    ///
    /// ```
    /// use magicboard::Board;
    /// let board = Board::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 150 100").unwrap();
    /// assert!(board.is_seventy_five_moves());
    /// ```
    pub fn is_seventy_five_moves(&self) -> bool {
        self.halfmove_clock() >= 150 && self.has_legal_moves()
    }
}
