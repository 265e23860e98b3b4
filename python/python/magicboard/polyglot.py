"""Polyglot opening books, as python-chess's ``chess.polyglot``.

``open_reader(path)`` reads a ``.bin`` book (into memory: the file is read
once and checked to be a whole number of entries sorted by key); the reader
finds a position's entries by its Zobrist hash, which is Polyglot's::

    import magicboard as chess
    import magicboard.polyglot

    board = chess.Board()
    with chess.polyglot.open_reader("performance.bin") as reader:
        for entry in reader.find_all(board):
            print(entry.move, entry.weight, entry.learn)

``find_all``, ``find``, ``get``, ``choice`` and ``weighted_choice`` take a
``Board`` or a key and answer as python-chess's do (the same entries in the
same order; ``choice`` and ``weighted_choice`` draw from ``random`` as
python-chess's do, so a seeded ``random.Random`` picks the same entry).
Looking up a ``Board`` decodes each entry's move on it and skips those that
are not legal there; castling is then the move as the board writes it
(``e1g1`` on standard boards).
"""

from __future__ import annotations

import random as _random
from types import TracebackType
from typing import Any, Container, Iterator, NamedTuple, Optional, Type, Union

from ._magicboard import Board, Move, _Book, zobrist_hash

__all__ = ["Entry", "MemoryMappedReader", "Reader", "open_reader", "zobrist_hash"]


class Entry(NamedTuple):
    """An entry of a Polyglot opening book."""

    key: int
    """The Zobrist hash of the position."""

    raw_move: int
    """The move as the book packs it; use ``move`` instead."""

    weight: int
    """How often to play the move, relative to the position's other entries."""

    learn: int
    """Extra information some books keep; most leave 0."""

    move: Move
    """The move."""


def _raw_move(raw_move: int) -> Move:
    """The move a raw entry names, not adjusted to a board (castling is the
    king taking its rook, ``e1h1``)."""
    to_square = raw_move & 0x3F
    from_square = (raw_move >> 6) & 0x3F
    promotion_part = (raw_move >> 12) & 0x7
    promotion = promotion_part + 1 if 1 <= promotion_part <= 4 else None
    return Move(from_square, to_square, promotion)


def _randint(rng: Optional[_random.Random], a: int, b: int) -> int:
    return _random.randint(a, b) if rng is None else rng.randint(a, b)


class Reader:
    """A Polyglot opening book read into memory (python-chess's
    ``MemoryMappedReader``, which maps the file instead; the answers are the
    same). ``open_reader`` makes one; it is a context manager that closes the
    book on exit."""

    def __init__(self, filename: Any) -> None:
        self._book = _Book(filename)

    def __enter__(self) -> "Reader":
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc_value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._book)

    def __getitem__(self, index: int) -> Entry:
        if index < 0:
            index = len(self) + index
        if index < 0:
            raise IndexError("book entry index out of range")
        key, raw_move, weight, learn = self._book.entry(index)
        return Entry(key, raw_move, weight, learn, _raw_move(raw_move))

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, entry: Entry) -> bool:
        return any(
            current == entry for current in self.find_all(entry.key, minimum_weight=entry.weight)
        )

    def find_all(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Iterator[Entry]:
        """The entries of a position (a ``Board`` or a Zobrist key), in the
        book's order, with a weight of at least ``minimum_weight`` and a move
        not in ``exclude_moves``. For a board, only entries whose move is
        legal there, that move as the board writes it. (The entries are
        looked up at once, not as the iterator advances.)"""
        if isinstance(board, Board):
            found = [Entry(*item) for item in self._book.moves(board)]
        else:
            found = [
                Entry(key, raw_move, weight, learn, _raw_move(raw_move))
                for key, raw_move, weight, learn in self._book.entries(int(board))
            ]
        return iter([
            entry
            for entry in found
            if entry.weight >= minimum_weight
            and not (exclude_moves and entry.move in exclude_moves)
        ])

    def find(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Entry:
        """The main entry of a position: the first with the highest weight.
        Raises ``IndexError`` when there is none (``get`` returns a default
        instead)."""
        entries = self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        try:
            return max(entries, key=lambda entry: entry.weight)
        except ValueError:
            raise IndexError("no book entry for the position") from None

    def get(
        self,
        board: Union[Board, int],
        default: Optional[Entry] = None,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Optional[Entry]:
        """``find``, or ``default`` when there is no entry."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
        random: Optional[_random.Random] = None,
    ) -> Entry:
        """An entry drawn uniformly. Raises ``IndexError`` when there is
        none."""
        chosen: Optional[Entry] = None
        entries = self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        for i, entry in enumerate(entries):
            if chosen is None or _randint(random, 0, i) == i:
                chosen = entry
        if chosen is None:
            raise IndexError("no book entry for the position")
        return chosen

    def weighted_choice(
        self,
        board: Union[Board, int],
        *,
        exclude_moves: Container[Move] = (),
        random: Optional[_random.Random] = None,
    ) -> Entry:
        """An entry drawn with probability proportional to its weight.
        Raises ``IndexError`` when there is none."""
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(entry.weight for entry in entries)
        if not total:
            raise IndexError("no book entry for the position")
        choice = _randint(random, 0, total - 1)
        current = 0
        for entry in entries:
            current += entry.weight
            if current > choice:
                return entry
        raise AssertionError("unreachable: the weights add up to the total")

    def close(self) -> None:
        """Lets the book go; later look-ups raise ``ValueError``."""
        self._book.close()


MemoryMappedReader = Reader
"""python-chess's name for the reader (this one reads the book into memory)."""


def open_reader(path: Any) -> Reader:
    """A reader for the Polyglot book at ``path``. Raises
    ``FileNotFoundError`` (or another ``OSError``) when the file cannot be
    read, and ``OSError`` when it is not a Polyglot book."""
    return Reader(path)
