"""Transforms against python-chess: the bitboard functions on random
masks, and ``Board.mirror()`` and ``Board.transform(f)`` on the positions
of seeded random games (standard and Chess960)."""

from __future__ import annotations

import random

import pytest

chess = pytest.importorskip("chess")
import chess.polyglot  # noqa: E402

import magicboard  # noqa: E402
from _toolkit import random_positions  # noqa: E402

FUNCTIONS = [
    "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal",
    "shift_down", "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right",
    "shift_left", "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left",
    "shift_down_right",
]


def positions():
    yield from random_positions(55, 12)
    yield from random_positions(56, 6, chess960=True)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_bitboard_functions(name):
    rng = random.Random(name)
    ours, theirs = getattr(magicboard, name), getattr(chess, name)
    masks = [0, chess.BB_ALL, chess.BB_RANK_1, chess.BB_FILE_A, chess.BB_LIGHT_SQUARES]
    masks += [rng.getrandbits(64) for _ in range(2000)]
    for mask in masks:
        assert ours(mask) == theirs(mask), hex(mask)


def test_mirror():
    n = 0
    for fen, chess960 in positions():
        ours, theirs = magicboard.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
        mirrored, expected = ours.mirror(), theirs.mirror()
        assert mirrored.fen() == expected.fen(), fen
        assert magicboard.zobrist_hash(mirrored) == chess.polyglot.zobrist_hash(expected), fen
        assert mirrored.mirror() == ours, fen
        assert mirrored.move_stack == []
        copy = ours.copy()
        copy.apply_mirror()
        assert copy == mirrored
        n += 1
    assert n > 1000
    # The same counts, for the colour-swapped position.
    board = magicboard.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert board.mirror().perft(3) == board.perft(3) == 97862


def test_transform():
    """Each transform: python-chess's board when that is a position (the
    same FEN, and the same hash when python-chess's board is valid), else a
    ValueError where python-chess's board is not valid."""
    built = refused = 0
    for i, (fen, chess960) in enumerate(positions()):
        if i % 3:
            continue
        ours, theirs = magicboard.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
        for name in FUNCTIONS:
            f = getattr(chess, name)
            expected = theirs.transform(f)
            try:
                got = ours.transform(getattr(magicboard, name))
            except ValueError:
                assert not expected.is_valid(), (name, fen, expected.fen())
                refused += 1
                continue
            assert got.fen() == expected.fen(), (name, fen)
            assert got.turn == expected.turn
            if expected.is_valid():
                # (python-chess hashes an en-passant square a shift put
                # where none can be, which its is_valid() refuses.)
                hashed = chess.polyglot.zobrist_hash(expected)
                assert magicboard.zobrist_hash(got) == hashed, (name, fen)
            built += 1
    assert built > 1000 and refused > 100, (built, refused)


def test_transform_takes_any_function_and_leaves_the_board_on_error():
    board = magicboard.Board("4k3/8/8/8/8/8/8/R3K2R w K - 0 1")
    assert board.transform(lambda bb: bb).fen() == board.fen()
    with pytest.raises(ValueError, match="not a position"):
        board.transform(lambda bb: 0)  # no kings
    with pytest.raises(ValueError, match="not a position"):
        board.transform(lambda bb: 1)  # every piece on a1
    with pytest.raises(ZeroDivisionError):
        board.transform(lambda bb: 1 // 0)
    before = board.fen()
    with pytest.raises(ValueError):
        board.apply_transform(magicboard.shift_up)
    assert board.fen() == before
    board.apply_transform(magicboard.flip_horizontal)
    assert board.fen() == chess.Board(before).transform(chess.flip_horizontal).fen()
