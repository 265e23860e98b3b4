//! Polyglot opening books: the reader behind `magicboard.polyglot`
//! (`python/magicboard/polyglot.py` wraps it in python-chess's
//! `open_reader`, `Entry`, `find_all`, `find`, `get`, `choice` and
//! `weighted_choice`).

use crate::board::Board;
use crate::library as lib;
use crate::moves::Move;
use pyo3::exceptions::{
    PyFileNotFoundError, PyIndexError, PyOSError, PyPermissionError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::path::PathBuf;

/// An entry as a tuple: key, raw move, weight, learn.
type RawEntry = (u64, u16, u16, u32);

fn raw(e: &lib::Entry) -> RawEntry {
    (e.key, e.raw_move, e.weight, e.learn)
}

/// A Polyglot book read into memory and checked (sorted keys, whole
/// entries). ``magicboard.polyglot.open_reader`` is the way to open one.
#[pyclass(module = "magicboard.polyglot", name = "_Book")]
pub struct Book {
    book: Option<lib::Book>,
}

impl Book {
    fn open(&self) -> PyResult<&lib::Book> {
        self.book
            .as_ref()
            .ok_or_else(|| PyValueError::new_err("the opening book is closed"))
    }
}

#[pymethods]
impl Book {
    /// Reads the book at ``path``. Raises ``FileNotFoundError``,
    /// ``PermissionError`` or ``OSError`` when it cannot be read, and
    /// ``OSError`` for a file that is not a Polyglot book.
    #[new]
    fn new(path: PathBuf) -> PyResult<Book> {
        let book = lib::open_book(&path).map_err(|e| {
            let message = e.to_string();
            match &e {
                lib::BookError::Io { error, .. } => match error.kind() {
                    std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
                    std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
                    _ => PyOSError::new_err(message),
                },
                _ => PyOSError::new_err(format!(
                    "invalid file size or order: ensure {} is a valid polyglot opening book ({message})",
                    path.display()
                )),
            }
        })?;
        Ok(Book { book: Some(book) })
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.book.as_ref().map_or(0, lib::book_len))
    }

    /// Entry ``index`` in file order: ``(key, raw_move, weight, learn)``.
    fn entry(&self, index: usize) -> PyResult<RawEntry> {
        lib::book_entry(self.open()?, index)
            .map(|e| raw(&e))
            .ok_or_else(|| PyIndexError::new_err("book entry index out of range"))
    }

    /// The entries stored under ``key``, in file order.
    fn entries(&self, key: u64) -> PyResult<Vec<RawEntry>> {
        Ok(lib::book_entries(self.open()?, key)
            .iter()
            .map(raw)
            .collect())
    }

    /// The entries for ``board`` (its current position) whose move is
    /// legal there, in file order, with that move:
    /// ``(key, raw_move, weight, learn, Move)``.
    fn moves<'py>(&self, py: Python<'py>, board: PyRef<'_, Board>) -> PyResult<Bound<'py, PyList>> {
        let position = board.current();
        let items = lib::book_moves(self.open()?, position)
            .into_iter()
            .map(|(e, mv)| {
                let m = Move::of(position, mv).to_py(py)?;
                Ok((e.key, e.raw_move, e.weight, e.learn, m))
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    /// Lets the book's memory go; later look-ups raise ``ValueError``.
    fn close(&mut self) {
        self.book = None;
    }
}
