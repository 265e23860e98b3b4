"""``tests/data/lenient.epd`` (the library's lenient perft counts, written
by ``tests/data/lenient.py``) against python-chess, so that a change to
either is caught: the positions' counts computed again by python-chess
(depths 1-3 of all, depth 4 of a quarter, to keep CI short).
The library's own test (``tests/it/lenient.rs``) compares its perft with
the same file."""

from __future__ import annotations

from pathlib import Path

import pytest

chess = pytest.importorskip("chess")

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "lenient.epd"


def perft(board: "chess.Board", depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def test_lenient_counts_are_python_chess_counts():
    if not DATA.exists():
        pytest.skip(f"{DATA} is not here (run from the repository)")
    lines = [l for l in DATA.read_text().splitlines() if l.strip() and not l.startswith("#")]
    assert len(lines) >= 60
    checked = 0
    for i, line in enumerate(lines):
        fen, *fields = [part.strip() for part in line.split(";")]
        board = chess.Board(fen)
        for depth, field in enumerate(fields, 1):
            name, count = field.split()
            assert name == f"D{depth}"
            # Depth 4 (most of the time) for the six chosen positions and
            # every fourth random one; the library's test reads them all.
            if depth == 4 and i >= 6 and i % 4:
                continue
            assert perft(board, depth) == int(count), (fen, depth)
            checked += 1
    assert checked > 200, checked
