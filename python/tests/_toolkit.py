"""Helpers for the toolkit's tests (transforms, planes, EPD, Polyglot
books): seeded random positions played by python-chess, and the data files
of python-chess's source distribution."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Iterator, List, Optional, Tuple

import pytest

chess = pytest.importorskip("chess")


def random_positions(seed: int, games: int, chess960: bool = False) -> Iterator[Tuple[str, bool]]:
    """(FEN, chess960) of every position of ``games`` random games played by
    python-chess from the start (a Chess960 start when ``chess960``), with a
    preference for captures, so that endings and promotions turn up."""
    rng = random.Random(seed)
    for _ in range(games):
        if chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            board = chess.Board()
        for _ in range(rng.randint(20, 300)):
            yield board.fen(), chess960
            moves = list(board.legal_moves)
            if not moves:
                break
            captures = [m for m in moves if board.is_capture(m) or m.promotion]
            pool = captures if captures and rng.random() < 0.5 else moves
            board.push(rng.choice(pool))


_SDIST: List[Optional[Path]] = []


def sdist_data() -> Optional[Path]:
    """The ``data/`` directory of python-chess's source distribution, for
    the installed version: from ``CHESS_SDIST_DATA`` if set, else from
    ``target/chess-sdist/`` (where ``.ci/toolkit-check.sh`` fetches it), else
    downloaded once with ``pip download --no-binary :all: --no-deps`` into a
    temporary directory; ``None`` when none works (no network)."""
    if _SDIST:
        return _SDIST[0]
    found: Optional[Path] = None
    given = os.environ.get("CHESS_SDIST_DATA")
    # .ci/toolkit-check.sh leaves it in the repository's target/.
    fetched = Path(__file__).resolve().parents[2] / "target" / "chess-sdist" / f"chess-{chess.__version__}" / "data"
    if given and Path(given).is_dir():
        found = Path(given)
    elif fetched.is_dir():
        found = fetched
    else:
        target = Path(tempfile.mkdtemp(prefix="chess-sdist-"))
        try:
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", ":all:",
                 "--no-deps", f"chess=={chess.__version__}", "-d", str(target)],
                check=True, capture_output=True, timeout=120,
            )
            archive = next(target.glob("chess-*.tar.gz"))
            with tarfile.open(archive) as tar:
                members = [m for m in tar.getmembers() if "/data/" in m.name]
                tar.extractall(target, members=members)
            found = next(target.glob("chess-*/data"))
        except (subprocess.SubprocessError, OSError, StopIteration, tarfile.TarError):
            found = None
    _SDIST.append(found)
    return found
