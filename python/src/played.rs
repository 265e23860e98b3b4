//! The game behind a Python `Board`, and the legal moves it last listed:
//! `push` of one of those, in the position they were listed in, plays it
//! without testing its legality again (the test is a good part of a
//! `push`; docs/python-performance.md measures it).

use crate::library as lib;

/// No listing remembered.
const NONE: usize = usize::MAX;

/// A game and the plain moves (neither castling nor promotions) last listed
/// in one of its positions.
///
/// The listing belongs to the position at ply `listed_ply` (the number of
/// moves played when it was made). That position stays the same while the
/// game only moves up and down from it: a move played on it and taken back
/// leaves it as it was. So the listing is forgotten when a move below it
/// is taken back and when the game is replaced; the fields are private so
/// that nothing else changes the game.
pub struct Played {
    game: lib::Game,
    listed_ply: usize,
    /// For each destination square, the from-squares of the listed moves
    /// to it (64 × 64 bits: cleared and filled by a short loop).
    from: [u64; 64],
}

impl Played {
    /// `game`, with nothing listed.
    pub fn new(game: lib::Game) -> Played {
        Played {
            game,
            listed_ply: NONE,
            from: [0; 64],
        }
    }

    /// The game.
    pub fn game(&self) -> &lib::Game {
        &self.game
    }

    /// Replaces the game (the listing is forgotten).
    pub fn set(&mut self, game: lib::Game) {
        self.game = game;
        self.listed_ply = NONE;
    }

    /// The number of moves played.
    fn ply(&self) -> usize {
        lib::moves(&self.game).len()
    }

    /// Remembers `moves`, legal moves of the current position (all of them
    /// or some), for `play_listed`.
    pub fn remember(&mut self, moves: &[lib::Move]) {
        self.from = [0; 64];
        for &mv in moves {
            if let Some((from, to)) = lib::plain_squares(mv) {
                self.from[usize::from(to & 63)] |= 1 << (from & 63);
            }
        }
        self.listed_ply = self.ply();
    }

    /// Plays the move from `from` to `to` promoting to `promotion` (0 for
    /// none; python-chess's squares and piece type) and returns true when
    /// it is one of the moves remembered for the current position; false,
    /// and nothing changed, otherwise.
    #[inline(always)]
    pub fn play_listed(&mut self, from: u8, to: u8, promotion: u8) -> bool {
        if self.listed_ply != self.ply() || promotion != 0 {
            return false;
        }
        if (self.from[usize::from(to & 63)] >> (from & 63)) & 1 == 0 {
            return false;
        }
        lib::play_plain(&mut self.game, from, to).is_ok()
    }

    /// Plays `mv` if it is legal (the listing is kept: it is of a position
    /// at or below this one).
    pub fn play(&mut self, mv: lib::Move) -> Result<(), lib::MoveError> {
        lib::play(&mut self.game, mv)
    }

    /// Takes back the last move (forgetting the listing when it was of the
    /// position the move was played in or a later one).
    #[inline]
    pub fn undo(&mut self) -> Option<lib::Move> {
        let mv = lib::undo(&mut self.game)?;
        if self.ply() < self.listed_ply {
            self.listed_ply = NONE;
        }
        Some(mv)
    }
}
