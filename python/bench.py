#!/usr/bin/env python3
"""magicboard against python-chess, side by side on the same positions.

    python python/bench.py                 # the full run (a few minutes)
    python python/bench.py --quick         # fewer positions and runs
    python python/bench.py --json out.json # also write the figures as JSON

Each workload runs on both packages over the same positions (the CPW perft
positions and positions from seeded random games, standard and Chess960);
the figure is the median over several runs of the time per operation, each
run repeated until it lasts at least --min-time seconds. The machine, date,
commit and command are printed with the table.

Workloads: listing the legal moves as Move objects (``list(board.legal_moves)``),
``push`` + ``pop`` of every legal move (also once a child's moves were listed
after the position's own, as a search lists them), ``san`` of every legal move,
``is_checkmate()``, and perft (python-chess by ``push``/``pop`` with the last
ply counted by ``legal_moves.count()``, magicboard by ``Board.perft`` on one
thread).
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Sequence, Tuple

import chess

import magicboard

CPW = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


def cpu_name() -> str:
    """Vendor, family, model and model name, from /proc/cpuinfo."""
    fields: Dict[str, str] = {}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            key = key.strip()
            if key in ("vendor_id", "cpu family", "model", "model name") and key not in fields:
                fields[key] = value.strip()
            if not line.strip() and fields:
                break
    except OSError:
        return platform.processor() or platform.machine()
    return (
        f"{fields.get('model name', '?')} ({fields.get('vendor_id', '?')}, "
        f"family {fields.get('cpu family', '?')}, model {fields.get('model', '?')})"
    )


def commit() -> str:
    try:
        here = Path(__file__).resolve().parent
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True, text=True, check=True
        )
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=here, capture_output=True, text=True)
        return out.stdout.strip() + (" (with local changes)" if dirty.stdout.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def random_positions(count: int, seed: int) -> List[Tuple[str, bool]]:
    """FENs (and their Chess960 flag) from seeded random games, a few
    plies into each game up to the middle game."""
    rng = random.Random(seed)
    out: List[Tuple[str, bool]] = []
    while len(out) < count:
        chess960 = len(out) % 4 == 3
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        for _ in range(rng.randrange(10, 70)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            out.append((board.fen(), chess960))
    return out


def measure(work: Callable[[], int], runs: int, min_time: float) -> Tuple[float, int]:
    """Median seconds per operation over `runs` runs; each run repeats
    `work` (which returns its number of operations) for at least
    `min_time` seconds."""
    work()  # warm up
    per_op: List[float] = []
    ops_per_run = 0
    for _ in range(runs):
        ops = 0
        start = time.perf_counter()
        while True:
            ops += work()
            elapsed = time.perf_counter() - start
            if elapsed >= min_time:
                break
        per_op.append(elapsed / ops)
        ops_per_run = ops
    return statistics.median(per_op), ops_per_run


def python_chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += python_chess_perft(board, depth - 1)
        board.pop()
    return nodes


def workloads(
    theirs: Sequence[chess.Board], ours: Sequence[magicboard.Board], perft_depth: int
) -> List[Tuple[str, str, Callable[[], int], Callable[[], int]]]:
    their_moves = [list(b.legal_moves) for b in theirs]
    our_moves = [list(b.legal_moves) for b in ours]
    # The same positions where a child's moves were listed after the
    # position's own, as in a search: the board keeps each ply's listing.
    theirs_deeper = [chess.Board(b.fen(), chess960=b.chess960) for b in theirs]
    ours_deeper = [magicboard.Board(b.fen(), chess960=b.chess960) for b in ours]
    their_moves_deeper = [list(b.legal_moves) for b in theirs_deeper]
    our_moves_deeper = [list(b.legal_moves) for b in ours_deeper]
    for boards, lists in ((theirs_deeper, their_moves_deeper), (ours_deeper, our_moves_deeper)):
        for b, moves in zip(boards, lists):
            if moves:
                b.push(moves[0])
                list(b.legal_moves)
                b.pop()
    perft_theirs = [chess.Board(fen) for fen in CPW]
    perft_ours = [magicboard.Board(fen) for fen in CPW]

    def list_theirs() -> int:
        for b in theirs:
            list(b.legal_moves)
        return len(theirs)

    def list_ours() -> int:
        for b in ours:
            list(b.legal_moves)
        return len(ours)

    def push_pop(boards: Sequence[Any], lists: Sequence[Sequence[Any]]) -> Callable[[], int]:
        def work() -> int:
            n = 0
            for b, moves in zip(boards, lists):
                for m in moves:
                    b.push(m)
                    b.pop()
                n += len(moves)
            return n

        return work

    def san_theirs() -> int:
        n = 0
        for b, moves in zip(theirs, their_moves):
            for m in moves:
                b.san(m)
            n += len(moves)
        return n

    def san_ours() -> int:
        n = 0
        for b, moves in zip(ours, our_moves):
            for m in moves:
                b.san(m)
            n += len(moves)
        return n

    def mate_theirs() -> int:
        for b in theirs:
            b.is_checkmate()
        return len(theirs)

    def mate_ours() -> int:
        for b in ours:
            b.is_checkmate()
        return len(ours)

    def perft_theirs_work() -> int:
        return sum(python_chess_perft(b, perft_depth) for b in perft_theirs)

    def perft_ours_work() -> int:
        return sum(b.perft(perft_depth) for b in perft_ours)

    return [
        ("legal moves, listed as Move objects", "position", list_theirs, list_ours),
        ("push + pop", "move", push_pop(theirs, their_moves), push_pop(ours, our_moves)),
        (
            "push + pop, a child listed after the position",
            "move",
            push_pop(theirs_deeper, their_moves_deeper),
            push_pop(ours_deeper, our_moves_deeper),
        ),
        ("san", "move", san_theirs, san_ours),
        ("is_checkmate()", "position", mate_theirs, mate_ours),
        (f"perft {perft_depth} (6 CPW positions)", "leaf", perft_theirs_work, perft_ours_work),
    ]


def fmt(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.1f} ns"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=300, help="random positions (default 300)")
    parser.add_argument("--runs", type=int, default=7, help="runs per workload; the median is reported")
    parser.add_argument("--min-time", type=float, default=0.2, help="seconds each run lasts at least")
    parser.add_argument("--perft-depth", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="60 positions, 3 runs of 0.05 s")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.runs, args.min_time = 60, 3, 0.05

    positions = [(fen, False) for fen in CPW] + random_positions(args.positions, seed=2027)
    theirs = [chess.Board(fen, chess960=c) for fen, c in positions]
    ours = [magicboard.Board(fen, chess960=c) for fen, c in positions]
    for t, o in zip(theirs, ours):
        assert sorted(m.uci() for m in t.legal_moves) == sorted(m.uci() for m in o.legal_moves), t.fen()
    moves = sum(b.legal_moves.count() for b in theirs)

    header = {
        "date": datetime.date.today().isoformat(),
        "cpu": cpu_name(),
        "commit": commit(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "python-chess": chess.__version__,
        "magicboard": magicboard.__version__,
        "command": " ".join([Path(sys.executable).name] + sys.argv),
        "positions": f"{len(positions)} ({len(CPW)} CPW, {args.positions} from seeded random games, "
        f"a quarter Chess960; {moves} legal moves)",
        "runs": f"median of {args.runs} runs, each at least {args.min_time} s",
    }
    for key, value in header.items():
        print(f"{key}: {value}")
    print()
    print(f"| workload | per | python-chess | magicboard | speed-up |")
    print(f"| --- | --- | ---: | ---: | ---: |")
    rows: List[Dict[str, Any]] = []
    for name, unit, theirs_work, ours_work in workloads(theirs, ours, args.perft_depth):
        t, _ = measure(theirs_work, args.runs, args.min_time)
        o, _ = measure(ours_work, args.runs, args.min_time)
        print(f"| {name} | {unit} | {fmt(t)} | {fmt(o)} | {t / o:,.0f}× |", flush=True)
        rows.append({"workload": name, "per": unit, "python_chess_s": t, "magicboard_s": o, "speedup": t / o})
    if args.json:
        args.json.write_text(json.dumps({"header": header, "rows": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
