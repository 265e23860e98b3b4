//! The game behind a Python `Board`, and the legal moves it listed in the
//! positions of its current line: `push` of one of those, in the position
//! they were listed in, plays it without testing its legality again (the
//! test is a good part of a `push`; docs/python-performance.md measures
//! it).

use crate::library as lib;

/// At most this many listings are remembered, the latest: a search's line
/// rarely goes deeper, and each takes 520 bytes.
const MAX_LISTINGS: usize = 32;

/// No listing.
const NONE: usize = usize::MAX;

/// The plain moves (neither castling nor promotions) listed in the position
/// at ply `ply` (the number of moves played when it was made; `NONE` for no
/// listing): for each destination square, the from-squares of the listed
/// moves to it (64 × 64 bits: cleared and filled by a short loop).
struct Listing {
    ply: usize,
    from: [u64; 64],
}

/// A game and the legal moves listed in the positions of its current line:
/// one listing per ply, so that a walk that lists the moves of each
/// position it visits (a search, a recursive perft) plays each of them
/// through `play_listed` however deep it went in between.
///
/// A listing belongs to the position at its ply. That position stays the
/// same while the game only moves up and down from it: a move played on it
/// and taken back leaves it as it was. So a listing is forgotten when a
/// move below its ply is taken back, when its ply is listed again, and
/// when the game is replaced; the fields are private so that nothing else
/// changes the game.
///
/// The latest listing is kept in the struct itself, which `play_listed`
/// reads (in the Python object, beside the game: measured faster than a
/// listing on the heap), the earlier ones on a stack.
pub struct Played {
    game: lib::Game,
    /// The listing of the deepest listed position of the line.
    top: Listing,
    /// The listings of shallower positions of the line, by increasing ply.
    below: Vec<Listing>,
}

impl Played {
    /// `game`, with nothing listed.
    pub fn new(game: lib::Game) -> Played {
        Played {
            game,
            top: Listing {
                ply: NONE,
                from: [0; 64],
            },
            below: Vec::new(),
        }
    }

    /// The game.
    pub fn game(&self) -> &lib::Game {
        &self.game
    }

    /// Replaces the game (every listing is forgotten).
    pub fn set(&mut self, game: lib::Game) {
        self.game = game;
        self.top.ply = NONE;
        self.below.clear();
    }

    /// The number of moves played.
    fn ply(&self) -> usize {
        lib::moves(&self.game).len()
    }

    /// Remembers `moves`, legal moves of the current position (all of them
    /// or some), for `play_listed`, in place of an earlier listing of this
    /// position; when `MAX_LISTINGS` are remembered already, the oldest
    /// goes.
    pub fn remember(&mut self, moves: &[lib::Move]) {
        let ply = self.ply();
        // The latest listing is of this position or a shallower one (those
        // of deeper ones went when their moves were taken back).
        if self.top.ply != NONE && self.top.ply < ply {
            if self.below.len() + 1 == MAX_LISTINGS {
                self.below.remove(0);
            }
            self.below.push(Listing {
                ply: self.top.ply,
                from: self.top.from,
            });
        }
        self.top.ply = ply;
        self.top.from = [0; 64];
        for &mv in moves {
            if let Some((from, to)) = lib::plain_squares(mv) {
                self.top.from[usize::from(to & 63)] |= 1 << (from & 63);
            }
        }
    }

    /// Plays the move from `from` to `to` promoting to `promotion` (0 for
    /// none; python-chess's squares and piece type) and returns true when
    /// it is one of the moves remembered for the current position; false,
    /// and nothing changed, otherwise.
    #[inline(always)]
    pub fn play_listed(&mut self, from: u8, to: u8, promotion: u8) -> bool {
        if self.top.ply != self.ply() || promotion != 0 {
            return false;
        }
        if (self.top.from[usize::from(to & 63)] >> (from & 63)) & 1 == 0 {
            return false;
        }
        lib::play_plain(&mut self.game, from, to).is_ok()
    }

    /// Plays `mv` if it is legal (the listings are kept: they are of
    /// positions at or below this one).
    pub fn play(&mut self, mv: lib::Move) -> Result<(), lib::MoveError> {
        lib::play(&mut self.game, mv)
    }

    /// Takes back the last move, forgetting the listing of the position
    /// after it (the only one deeper than the position now).
    #[inline]
    pub fn undo(&mut self) -> Option<lib::Move> {
        let mv = lib::undo(&mut self.game)?;
        if self.top.ply != NONE && self.top.ply > self.ply() {
            match self.below.pop() {
                Some(listing) => self.top = listing,
                None => self.top.ply = NONE,
            }
        }
        Some(mv)
    }
}
