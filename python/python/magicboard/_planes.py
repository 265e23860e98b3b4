"""Batches of boards as NumPy arrays: ``planes_batch`` and
``bitboards_batch`` (one board: ``Board.planes()`` and
``Board.bitboards()``)."""

from __future__ import annotations

from typing import Any, Iterable, List, Mapping, Tuple, Union

from ._magicboard import Board, _bitboards_batch, _codes_batch, _planes_batch


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError("planes and bitboards are NumPy arrays: pip install numpy") from None
    return numpy


def _codes(numpy: Any, batch: Mapping[str, Any], oriented: bool, wide: bool) -> Tuple[bytearray, int]:
    """``_codes_batch`` over a ``magicboard.pgn.read_positions`` batch: its
    ``pieces`` (and, oriented, its ``turn``) as bytes."""
    pieces = numpy.asarray(batch["pieces"])
    if pieces.ndim != 2 or pieces.shape[1] != 64:
        raise ValueError(f"pieces has shape {pieces.shape}, not (n, 64)")
    if pieces.dtype != numpy.uint8 and pieces.size and not 0 <= pieces.min() <= pieces.max() <= 12:
        raise ValueError("pieces holds values outside 0 to 12, which are no piece codes")
    turns = None
    if oriented:
        if "turn" not in batch:
            raise ValueError("oriented=True needs the batch's turn column")
        turns = numpy.ascontiguousarray(batch["turn"], dtype=numpy.uint8).tobytes()
    codes = numpy.ascontiguousarray(pieces, dtype=numpy.uint8).tobytes()
    return _codes_batch(codes, turns, oriented, wide), len(pieces)


def planes_batch(
    positions: Union[Iterable[Union[Board, str]], Mapping[str, Any]],
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
    (read in Chess960 mode when ``chess960``); or it is a batch of
    ``magicboard.pgn.read_positions`` (a mapping whose ``pieces`` are ``(n,
    64)`` square codes, and whose ``turn`` orients them). ``oriented=True``
    mirrors the boards with Black to move, so that the first six planes are
    always the side to move's. The planes are made without the GIL, on
    ``threads`` threads (0: one per core). Raises ``ValueError`` naming the
    first FEN that cannot be read.
    """
    numpy = _numpy()
    if isinstance(positions, Mapping):
        buffer, n = _codes(numpy, positions, oriented, wide=False)
        return numpy.frombuffer(buffer, dtype=numpy.uint8).reshape(n, 12, 8, 8)
    items: List[Union[Board, str]] = list(positions)
    buffer = _planes_batch(items, oriented, chess960, threads)
    return numpy.frombuffer(buffer, dtype=numpy.uint8).reshape(len(items), 12, 8, 8)


def bitboards_batch(
    positions: Union[Iterable[Union[Board, str]], Mapping[str, Any]],
    *,
    oriented: bool = False,
    chess960: bool = False,
    threads: int = 1,
) -> Any:
    """The twelve piece bitboards of many positions as one NumPy array of
    shape ``(n, 12)`` and dtype ``uint64`` (each row as ``Board.bitboards()``
    gives it). The arguments are ``planes_batch``'s."""
    numpy = _numpy()
    if isinstance(positions, Mapping):
        buffer, n = _codes(numpy, positions, oriented, wide=True)
        return numpy.frombuffer(buffer, dtype=numpy.uint64).reshape(n, 12)
    items: List[Union[Board, str]] = list(positions)
    buffer = _bitboards_batch(items, oriented, chess960, threads)
    return numpy.frombuffer(buffer, dtype=numpy.uint64).reshape(len(items), 12)
