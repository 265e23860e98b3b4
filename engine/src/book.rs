//! The opening book of the UCI option `BookFile`: a Polyglot book read by
//! the library (`magicboard::polyglot::Book`), and the random numbers its
//! weighted choice draws from.

use magicboard::polyglot::Book;
use magicboard::{Board, Move};

/// The book set by `setoption name BookFile value <path>`, if any, and a
/// small random number generator (xorshift64*, seeded from the clock) for
/// picking among its moves by weight.
pub struct OpeningBook {
    book: Option<Book>,
    state: u64,
}

impl OpeningBook {
    /// No book; the generator seeded from the clock.
    pub fn new() -> OpeningBook {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        OpeningBook {
            book: None,
            state: nanos | 1,
        }
    }

    /// `setoption name BookFile value <path>`: the book at `path` (none for
    /// `<empty>` or an empty value), with an `info string` saying how many
    /// entries it holds or why it could not be read.
    pub fn set_file(&mut self, value: &str) {
        self.book = None;
        if value.is_empty() || value == "<empty>" {
            return;
        }
        match Book::open(value) {
            Ok(book) => {
                println!("info string book: {} entries in {value}", book.len());
                self.book = Some(book);
            }
            Err(err) => println!("info string error: {err}"),
        }
    }

    /// A book move for `board`, each with probability proportional to its
    /// weight, with an `info string` naming it; `None` out of the book.
    pub fn pick(&mut self, board: &Board) -> Option<Move> {
        let book = self.book.as_ref()?;
        let state = &mut self.state;
        let chosen = book.weighted_choice(board, |total| next(state) % total)?;
        let total: u32 = book.moves(board).iter().map(|m| u32::from(m.weight)).sum();
        println!(
            "info string book move {} (weight {} of {total})",
            board.to_uci(chosen.mv),
            chosen.weight
        );
        Some(chosen.mv)
    }
}

/// xorshift64* (Vigna): the next number of the sequence in `state`.
fn next(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_f491_4f6c_dd1d)
}
