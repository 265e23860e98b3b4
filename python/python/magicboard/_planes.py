"""Batches of boards as NumPy arrays: ``planes_batch`` and
``bitboards_batch`` (one board: ``Board.planes()`` and
``Board.bitboards()``)."""

from __future__ import annotations

from typing import Any, Iterable, List, Union

from ._magicboard import Board, _bitboards_batch, _planes_batch


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError("planes and bitboards are NumPy arrays: pip install numpy") from None
    return numpy


def planes_batch(
    positions: Iterable[Union[Board, str]],
    *,
    oriented: bool = False,
    chess960: bool = False,
    threads: int = 1,
) -> Any:
    """The piece planes of many positions as one NumPy array of shape
    ``(n, 12, 8, 8)`` and dtype ``uint8`` (each as ``Board.planes()``
    gives it, in the order of ``positions``).

    ``positions`` holds ``Board`` objects (their current position; any
    iterable of boards, such as a game's positions, works) and FEN strings
    (read in Chess960 mode when ``chess960``). ``oriented=True`` mirrors the
    boards with Black to move, so that the first six planes are always the
    side to move's. The planes are made without the GIL, on ``threads``
    threads (0: one per core). Raises ``ValueError`` naming the first FEN
    that cannot be read.
    """
    numpy = _numpy()
    items: List[Union[Board, str]] = list(positions)
    buffer = _planes_batch(items, oriented, chess960, threads)
    return numpy.frombuffer(buffer, dtype=numpy.uint8).reshape(len(items), 12, 8, 8)


def bitboards_batch(
    positions: Iterable[Union[Board, str]],
    *,
    oriented: bool = False,
    chess960: bool = False,
    threads: int = 1,
) -> Any:
    """The twelve piece bitboards of many positions as one NumPy array of
    shape ``(n, 12)`` and dtype ``uint64`` (each row as ``Board.bitboards()``
    gives it). The arguments are ``planes_batch``'s."""
    numpy = _numpy()
    items: List[Union[Board, str]] = list(positions)
    buffer = _bitboards_batch(items, oriented, chess960, threads)
    return numpy.frombuffer(buffer, dtype=numpy.uint64).reshape(len(items), 12)
