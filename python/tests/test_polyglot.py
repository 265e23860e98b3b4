"""Polyglot books against python-chess's ``chess.polyglot``, entry for
entry, on the books of python-chess's source distribution
(``data/polyglot/``; downloaded with pip, or skipped when that cannot be
done): every entry in file order, and for the positions the books reach
and those of random games, ``find_all``, ``find``, ``get``, ``choice`` and
``weighted_choice`` (with the same seeded ``random.Random``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

chess = pytest.importorskip("chess")
import chess.polyglot  # noqa: E402

import magicboard  # noqa: E402
import magicboard.polyglot  # noqa: E402
from _toolkit import random_positions, sdist_data  # noqa: E402


@pytest.fixture(scope="module")
def books():
    data = sdist_data()
    if data is None:
        pytest.skip("python-chess's source distribution could not be downloaded")
    found = sorted((data / "polyglot").glob("*.bin"))
    assert found, f"no books in {data / 'polyglot'}"
    return found


def entries(found):
    return [(e.key, e.raw_move, e.weight, e.learn, e.move.uci()) for e in found]


def book_positions(reader, limit: int):
    """FENs breadth first from the start along the book's moves (python-chess's)."""
    seen, queue, out = set(), [chess.Board()], []
    while queue and len(out) < limit:
        board = queue.pop(0)
        if board.fen() in seen:
            continue
        seen.add(board.fen())
        out.append(board.fen())
        for entry in reader.find_all(board, minimum_weight=0):
            child = board.copy(stack=False)
            child.push(entry.move)
            queue.append(child)
    return out


def test_every_entry_in_file_order(books):
    for path in books:
        with chess.polyglot.open_reader(path) as theirs, magicboard.polyglot.open_reader(path) as ours:
            assert len(ours) == len(theirs)
            assert entries(ours) == entries(theirs), path.name
            assert entries([ours[-1]]) == entries([theirs[-1]])
            for i in range(0, len(ours), max(1, len(ours) // 50)):
                assert entries([ours[i]]) == entries([theirs[i]])
                assert (ours[i] in ours) == (theirs[i] in theirs)


# The Lasker Trap (Albin Countergambit), which lasker-trap.bin holds Black's
# moves of, and two positions python-chess's own tests look up.
LASKER_TRAP = "d4 d5 c4 e5 dxe5 d4 e3 Bb4+ Bd2 dxe3 Bxb4 exf2+ Ke2 fxg1=N+".split()
MORE = [
    "r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R w KQ - 5 10",
    "r3k1nr/1pp1q1pp/p1pb1p2/4p3/3PP1b1/2P1BN2/PP1N1PPP/R2Q1RK1 b kq - 4 9",
]


def line_positions():
    board, out = chess.Board(), []
    for san in LASKER_TRAP:
        out.append(board.fen())
        board.push_san(san)
    return out + MORE


def test_lookups(books):
    for path in books:
        with chess.polyglot.open_reader(path) as theirs, magicboard.polyglot.open_reader(path) as ours:
            fens = book_positions(theirs, 1500) + line_positions()
            fens += [fen for i, (fen, _) in enumerate(random_positions(76, 4)) if i % 5 == 0]
            hits = 0
            for fen in fens:
                tb, ob = chess.Board(fen), magicboard.Board(fen)
                for weight in (0, 1, 2):
                    want = entries(theirs.find_all(tb, minimum_weight=weight))
                    assert entries(ours.find_all(ob, minimum_weight=weight)) == want, (path.name, fen)
                key = chess.polyglot.zobrist_hash(tb)
                assert entries(ours.find_all(key)) == entries(theirs.find_all(key))
                found = theirs.get(tb)
                got = ours.get(ob)
                assert (got is None) == (found is None)
                if found is None:
                    with pytest.raises(IndexError):
                        ours.find(ob)
                    with pytest.raises(IndexError):
                        ours.weighted_choice(ob)
                    continue
                hits += 1
                assert entries([got]) == entries([found])
                exclude = [found.move]
                assert entries(ours.find_all(ob, exclude_moves=[magicboard.Move.from_uci(found.move.uci())])) == \
                    entries(theirs.find_all(tb, exclude_moves=exclude))
                for seed in range(3):
                    a, b = random.Random(seed), random.Random(seed)
                    assert entries([ours.choice(ob, random=a)]) == entries([theirs.choice(tb, random=b)])
                    assert entries([ours.weighted_choice(ob, random=a)]) == \
                        entries([theirs.weighted_choice(tb, random=b)])
            assert hits > 0, path.name


def test_reader_errors_and_closing(tmp_path: Path, books):
    with pytest.raises(FileNotFoundError):
        magicboard.polyglot.open_reader(tmp_path / "missing.bin")
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\0" * 17)
    with pytest.raises(OSError, match="polyglot"):
        magicboard.polyglot.open_reader(bad)
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with magicboard.polyglot.open_reader(empty) as reader:
        assert len(reader) == 0
        assert reader.get(magicboard.Board()) is None
    reader = magicboard.polyglot.open_reader(books[0])
    with reader:
        assert len(reader) > 0
    with pytest.raises(ValueError, match="closed"):
        reader.find(magicboard.Board())
    assert magicboard.polyglot.MemoryMappedReader is magicboard.polyglot.Reader
    assert magicboard.polyglot.zobrist_hash(magicboard.Board()) == 0x463B96181691FC9C
