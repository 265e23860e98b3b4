//! A file's games replayed on every core (feature `parallel`), with the
//! same results as [`Games`](crate::Games), in input order.
//!
//! One thread cuts the input into pieces of whole games with the reader
//! itself ([`Reader::copy_game`]: the lexer finds each game's end, so a
//! piece ends where the sequential reader ends a game), rayon's pool
//! replays the pieces, and the iterator hands the games back in order.

use crate::game::{Error, Game, MainlineBuilder};
use crate::reader::Reader;
use rayon::prelude::*;
use std::collections::VecDeque;
use std::io::Read;

/// Bytes of games in one piece.
const PIECE: usize = 1 << 20;

/// The games of a PGN input replayed in parallel: the items of
/// [`Games`](crate::Games), in the same order.
///
/// ```
/// let pgn = "1. e4 e5 *\n\n1. d4 Ke7 *\n\n1. c4 *\n".repeat(1000);
/// let parallel: Vec<_> = magicboard_pgn::parallel::Games::new(pgn.as_bytes())
///     .map(|game| game.map(|g| g.moves).map_err(|e| e.to_string()))
///     .collect();
/// let sequential: Vec<_> = magicboard_pgn::Games::new(pgn.as_bytes())
///     .map(|game| game.map(|g| g.moves).map_err(|e| e.to_string()))
///     .collect();
/// assert_eq!(parallel, sequential);
/// ```
#[derive(Debug)]
pub struct Games<R> {
    reader: Reader<R>,
    keep_tags: bool,
    ready: VecDeque<Result<Game, Error>>,
    done: bool,
}

impl<R: Read> Games<R> {
    /// The games of `input`, with their tags.
    pub fn new(input: R) -> Games<R> {
        Games {
            reader: Reader::new(input),
            keep_tags: true,
            ready: VecDeque::new(),
            done: false,
        }
    }

    /// Whether to keep each game's tags (default true).
    pub fn tags(mut self, keep: bool) -> Games<R> {
        self.keep_tags = keep;
        self
    }

    /// Reads pieces for every thread, replays them, queues the games.
    fn refill(&mut self) {
        let wanted = rayon::current_num_threads().max(1) * 4;
        let mut pieces: Vec<(u64, u64, Vec<u8>)> = Vec::with_capacity(wanted);
        let mut failed = None;
        'pieces: while pieces.len() < wanted {
            let mut bytes = Vec::with_capacity(PIECE + PIECE / 4);
            let mut first = None;
            while bytes.len() < PIECE {
                let before = (self.reader.games(), self.reader.line());
                match self.reader.copy_game(&mut bytes) {
                    Ok(Some(_)) => {
                        first.get_or_insert(before);
                    }
                    Ok(None) => {
                        self.done = true;
                        if let Some((number, line)) = first {
                            pieces.push((number, line, bytes));
                        }
                        break 'pieces;
                    }
                    Err(e) => {
                        self.done = true;
                        failed = Some(e);
                        if let Some((number, line)) = first {
                            pieces.push((number, line, bytes));
                        }
                        break 'pieces;
                    }
                }
            }
            if let Some((number, line)) = first {
                pieces.push((number, line, bytes));
            }
        }
        let keep_tags = self.keep_tags;
        let replayed: Vec<Vec<Result<Game, Error>>> = pieces
            .par_iter()
            .map(|(number, line, bytes)| {
                let reader = Reader::new(&bytes[..]).starting_at(*number, *line);
                let mut builder = MainlineBuilder::new(keep_tags);
                let mut reader = reader;
                let mut games = Vec::new();
                while let Ok(Some(game)) = reader.read_game(&mut builder) {
                    games.push(game.map_err(Error::Game));
                }
                games
            })
            .collect();
        self.ready.extend(replayed.into_iter().flatten());
        if let Some(e) = failed {
            self.ready.push_back(Err(Error::Io(e)));
        }
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = Result<Game, Error>;

    fn next(&mut self) -> Option<Result<Game, Error>> {
        while self.ready.is_empty() && !self.done {
            self.refill();
        }
        self.ready.pop_front()
    }
}
