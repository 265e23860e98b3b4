#!/usr/bin/env python3
"""magicboard.pgn against python-chess's chess.pgn, side by side on the same
PGN files: every game read with its mainline moves.

    python python/bench_pgn.py FILE.pgn [FILE.pgn ...]   # 5 rounds
    python python/bench_pgn.py --rounds 9 --json out.json FILE.pgn

Readers, each over the whole file from the start:

- ``python-chess read_game``: ``chess.pgn.read_game(handle)`` in a loop,
  ``list(game.mainline_moves())`` for each game (the baseline);
- ``magicboard read_game``: the same loop with ``magicboard.pgn.read_game``;
- ``magicboard read_games``: ``magicboard.pgn.read_games(path)``, each game's
  headers (a dict) and mainline moves (a list of Move);
- ``magicboard read_games, headers=False``: the moves alone;
- ``magicboard read_games, threads=2``: on two threads;
- ``bulletchess PGNFile``: bulletchess's reader (C; wheels for CPython
  3.13 only), ``PGNFile.open(path)`` and ``next_game()`` in a loop, each
  game's ``moves`` (its mainline, replayed): left out, and named, where
  bulletchess does not import.

Each round runs every reader once, in turn; the figures are the medians
over the rounds of the time and of the ratio to python-chess within the
round (paired: the same load for both). The machine, date, commit and
command are printed with the table.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import logging
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, List, Tuple

import chess
import chess.pgn

import magicboard
import magicboard.pgn
from bench import commit, cpu_name


def loop(module, path: Path) -> Tuple[int, int]:
    """read_game in a loop, the mainline of each game listed."""
    games = plies = 0
    with open(path, encoding="utf-8", errors="replace") as handle:
        while True:
            game = module.pgn.read_game(handle)
            if game is None:
                return games, plies
            games += 1
            plies += len(list(game.mainline_moves()))


def fast(path: Path, **options) -> Tuple[int, int]:
    games = plies = 0
    for _headers, moves in magicboard.pgn.read_games(path, errors="skip", **options):
        games += 1
        plies += len(moves)
    return games, plies


def bullet(path: Path) -> Tuple[int, int]:
    import bulletchess.pgn

    games = plies = 0
    with bulletchess.pgn.PGNFile.open(str(path)) as pgn:
        while True:
            game = pgn.next_game()
            if game is None:
                return games, plies
            games += 1
            plies += len(game.moves)


READERS: List[Tuple[str, Callable[[Path], Tuple[int, int]]]] = [
    ("python-chess read_game", lambda p: loop(chess, p)),
    ("magicboard read_game", lambda p: loop(magicboard, p)),
    ("magicboard read_games", lambda p: fast(p)),
    ("magicboard read_games, headers=False", lambda p: fast(p, headers=False)),
    ("magicboard read_games, threads=2", lambda p: fast(p, threads=2)),
]
try:
    import bulletchess.pgn  # noqa: F401

    READERS.append(("bulletchess PGNFile", bullet))
except ImportError:
    print("bulletchess: not installed here (wheels for CPython 3.13 only); left out")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)  # both libraries log bad games

    print(f"CPU: {cpu_name()}; Python {platform.python_version()}; python-chess {chess.__version__}; "
          f"magicboard {getattr(magicboard, '__version__', '?')} at commit {commit()}; "
          f"{datetime.date.today()}; command: {' '.join(sys.argv)}")
    results = []
    for path in args.files:
        size = path.stat().st_size
        counts = [reader(path) for _, reader in READERS]
        for (name, _), count in zip(READERS, counts):
            if count != counts[0] and "magicboard read_games" not in name:
                raise SystemExit(f"{name} read {count} (games, plies), python-chess {counts[0]}")
        times: List[List[float]] = [[] for _ in READERS]
        for _ in range(args.rounds):
            for i, (_, reader) in enumerate(READERS):
                start = time.perf_counter()
                reader(path)
                times[i].append(time.perf_counter() - start)
        print(f"\n{path.name}: {size / 1e6:.2f} MB, {counts[0][0]} games, {counts[0][1]} plies; "
              f"medians of {args.rounds} rounds")
        print(f"| reader | MB/s | games/s | × python-chess |")
        print(f"| --- | ---: | ---: | ---: |")
        for i, (name, _) in enumerate(READERS):
            median = statistics.median(times[i])
            ratio = statistics.median(t0 / t for t0, t in zip(times[0], times[i]))
            games = counts[i][0]
            print(f"| {name} | {size / median / 1e6:.2f} | {games / median:,.0f} | {ratio:.1f} |")
            results.append({"file": path.name, "reader": name, "seconds": median, "ratio": ratio,
                            "games": games, "plies": counts[i][1]})
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
