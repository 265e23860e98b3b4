#!/usr/bin/env python3
"""magicboard's toolkit against python-chess, side by side: boards as NumPy
planes, and Polyglot book look-ups.

    python python/bench_toolkit.py                  # the full run (a minute or two)
    python python/bench_toolkit.py --quick          # fewer positions and runs
    python python/bench_toolkit.py --book some.bin  # another book

Planes: the (n, 12, 8, 8) uint8 array of n positions from seeded random
games, built by python-chess in two ways (a loop over ``piece_map()``, and
NumPy's ``unpackbits`` over the twelve ``pieces_mask`` values of each
board) and by magicboard in two (``Board.planes()`` for each board and
``numpy.stack``, and ``planes_batch`` on one thread). Book look-ups:
``find_all`` (every entry, as a list) and ``get`` on the positions
``performance.bin`` reaches from the start (breadth first) and as many
positions of random games (mostly not in the book), with python-chess's
``chess.polyglot`` and ``magicboard.polyglot``. The book is python-chess's
``data/polyglot/performance.bin`` from its source distribution (fetched
with pip unless ``--book`` names one).

Each figure is the median over several runs of the time per operation, in
the thread's CPU time (which other processes on a shared machine disturb
less than wall time); the runs of the two packages alternate and the
speed-up is the median of the pairs' ratios. The machine, date, commit and
command are printed with the table.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import subprocess
import sys
import tarfile
import statistics
import tempfile
import time
from pathlib import Path
from typing import Callable, List, Tuple

import chess
import chess.polyglot
import numpy as np

import magicboard
import magicboard.polyglot
from bench import commit, cpu_name, random_positions


def performance_book() -> Path:
    target = Path(tempfile.mkdtemp(prefix="chess-sdist-"))
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", ":all:", "--no-deps",
         f"chess=={chess.__version__}", "-d", str(target)],
        check=True,
    )
    with tarfile.open(next(target.glob("chess-*.tar.gz"))) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("polyglot/performance.bin"))
        tar.extractall(target, members=[member])
    return next(target.glob("chess-*/data/polyglot/performance.bin"))


def book_positions(path: Path, limit: int) -> List[str]:
    seen, queue, out = set(), [chess.Board()], []
    with chess.polyglot.open_reader(path) as reader:
        while queue and len(out) < limit:
            board = queue.pop(0)
            if board.fen() in seen:
                continue
            seen.add(board.fen())
            out.append(board.fen())
            for entry in reader.find_all(board):
                child = board.copy(stack=False)
                child.push(entry.move)
                queue.append(child)
    return out


def planes_piece_map(boards: List[chess.Board]) -> np.ndarray:
    out = np.zeros((len(boards), 12, 8, 8), dtype=np.uint8)
    for i, board in enumerate(boards):
        for square, piece in board.piece_map().items():
            plane = (0 if piece.color else 6) + piece.piece_type - 1
            out[i, plane, square >> 3, square & 7] = 1
    return out


def planes_unpackbits(boards: List[chess.Board]) -> np.ndarray:
    out = np.empty((len(boards), 12, 8, 8), dtype=np.uint8)
    for i, board in enumerate(boards):
        masks = np.array(
            [board.pieces_mask(pt, color) for color in (True, False) for pt in range(1, 7)],
            dtype="<u8",
        )
        out[i] = np.unpackbits(masks.view(np.uint8), bitorder="little").reshape(12, 8, 8)
    return out


def measure(work: Callable[[], int], min_time: float) -> float:
    """Seconds of this thread's CPU time per operation, `work` (which
    returns its number of operations) repeated for at least `min_time`
    seconds of it. CPU time, not wall time: other processes on a shared
    machine disturb it less."""
    ops = 0
    start = time.thread_time()
    while True:
        ops += work()
        elapsed = time.thread_time() - start
        if elapsed >= min_time:
            return elapsed / ops


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions and runs")
    parser.add_argument("--runs", type=int, help="runs per figure (default 7, quick 3)")
    parser.add_argument("--min-time", type=float, default=0.2, help="seconds per run at least")
    parser.add_argument("--book", type=Path, help="a Polyglot book (default: python-chess's performance.bin)")
    args = parser.parse_args()
    runs = args.runs or (3 if args.quick else 7)
    count = 300 if args.quick else 1000

    fens = [fen for fen, _ in random_positions(count, 2024)]
    theirs = [chess.Board(fen) for fen in fens]
    ours = [magicboard.Board(fen) for fen in fens]
    expected = planes_piece_map(theirs)
    assert (planes_unpackbits(theirs) == expected).all()
    assert (np.stack([b.planes() for b in ours]) == expected).all()
    assert (magicboard.planes_batch(ours) == expected).all()

    book = args.book or performance_book()
    in_book = book_positions(book, count)
    lookups = in_book + fens[: len(in_book)]
    their_lookups = [chess.Board(f) for f in lookups]
    our_lookups = [magicboard.Board(f) for f in lookups]
    their_reader = chess.polyglot.open_reader(book)
    our_reader = magicboard.polyglot.open_reader(book)
    for a, b in zip(their_lookups, our_lookups):
        want = [(e.raw_move, e.weight) for e in their_reader.find_all(a)]
        assert [(e.raw_move, e.weight) for e in our_reader.find_all(b)] == want

    def each(items, f) -> Callable[[], int]:
        def work() -> int:
            for item in items:
                f(item)
            return len(items)
        return work

    rows: List[Tuple[str, str, Callable[[], int], Callable[[], int]]] = [
        ("planes, python-chess `piece_map()` loop vs `Board.planes()` each", "position",
         lambda: (planes_piece_map(theirs), len(theirs))[1],
         lambda: (np.stack([b.planes() for b in ours]), len(ours))[1]),
        ("planes, python-chess `piece_map()` loop vs `planes_batch`", "position",
         lambda: (planes_piece_map(theirs), len(theirs))[1],
         lambda: (magicboard.planes_batch(ours), len(ours))[1]),
        ("planes, python-chess `unpackbits` per board vs `planes_batch`", "position",
         lambda: (planes_unpackbits(theirs), len(theirs))[1],
         lambda: (magicboard.planes_batch(ours), len(ours))[1]),
        ("book `list(find_all(board))`", "look-up",
         each(their_lookups, lambda b: list(their_reader.find_all(b))),
         each(our_lookups, lambda b: list(our_reader.find_all(b)))),
        ("book `get(board)`", "look-up",
         each(their_lookups, their_reader.get),
         each(our_lookups, our_reader.get)),
    ]

    print(f"# {datetime.date.today()}, {cpu_name()}, CPython {platform.python_version()}, "
          f"python-chess {chess.__version__}, numpy {np.__version__}, commit {commit()}")
    print(f"# {' '.join(sys.argv)}: {len(fens)} positions for the planes, {len(lookups)} "
          f"look-ups ({len(in_book)} in the book) in {book.name}, median of {runs} runs")
    print()
    print("| workload | per | python-chess | magicboard | speed-up |")
    print("| --- | --- | ---: | ---: | ---: |")
    medians = []
    for name, per, theirs_work, ours_work in rows:
        theirs_work()  # warm up
        ours_work()
        # Paired: each run of one package is followed by a run of the
        # other; the speed-up is the median of the pairs' ratios.
        t, o = [], []
        for _ in range(runs):
            t.append(measure(theirs_work, args.min_time))
            o.append(measure(ours_work, args.min_time))
        tm, om = statistics.median(t), statistics.median(o)
        ratio = statistics.median(a / b for a, b in zip(t, o))
        medians.append((tm, om))
        print(f"| {name} | {per} | {fmt(tm)} | {fmt(om)} | {ratio:,.0f}× |")
    print()
    tm, om = medians[3]
    print(f"`find_all` look-ups per second: python-chess {1 / tm:,.0f}, magicboard {1 / om:,.0f}")


def fmt(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.0f} ns"


if __name__ == "__main__":
    main()
