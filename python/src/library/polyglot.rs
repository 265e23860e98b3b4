//! Polyglot opening books: the library's reader.

use super::Board;
pub use magicboard::polyglot::{Book, BookError, Entry};

/// The book at `path`, read into memory and checked.
pub fn open_book(path: &std::path::Path) -> Result<Book, BookError> {
    Book::open(path)
}

/// The entries stored under `key`, in file order.
pub fn book_entries(book: &Book, key: u64) -> Vec<Entry> {
    book.entries(key).collect()
}

/// Entry `index` of the book, in file order.
pub fn book_entry(book: &Book, index: usize) -> Option<Entry> {
    book.entry(index)
}

/// The number of entries.
pub fn book_len(book: &Book) -> usize {
    book.len()
}

/// The entries for `board` whose move is legal there, in file order, with
/// that move.
pub fn book_moves(book: &Book, board: &Board) -> Vec<(Entry, super::Move)> {
    book.entries(board.hash())
        .filter_map(|e| e.move_on(board).map(|mv| (e, mv)))
        .collect()
}
