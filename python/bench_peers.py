#!/usr/bin/env python3
"""magicboard against python-chess and the compiled Python chess packages.

    python python/bench_peers.py             # the full run (several minutes)
    python python/bench_peers.py --quick     # fewer positions and rounds
    python python/bench_peers.py --json out.json

Every package that imports is measured in the same process on the same
positions (from seeded random games played with python-chess); one that
does not import is named and skipped. The packages and how each is called,
the fastest way its own documentation shows:

- python-chess (``chess``): ``list(board.legal_moves)``, ``push``/``pop``;
  perft written in Python (the last ply counted by ``legal_moves.count()``).
- magicboard: the same calls (python-chess's names), ``Board.perft``.
- bulletchess (C, Python >= 3.13): ``board.legal_moves()``,
  ``apply``/``undo``, ``bulletchess.utils.perft``.
- cozy-chess-py (``cozy_chess``, Rust): ``board.generate_moves()``; it has no
  undo, so a move is played on a copy (``copy`` + ``play_unchecked``), as
  cozy-chess itself does; perft in Python by copy and play.
- rust-chess (``rust_chess``, Rust): boards without repetition detection
  (its faster mode); ``list(board.generate_legal_moves())`` (after
  ``reset_move_generator()``, which the generator needs to list the moves
  again); no undo: ``make_move_new(move, check_legality=False)``; perft in
  Python by ``make_move_new``.
- fastchess (C): ``board.legal_moves_uci()`` (it has no move objects); no
  undo: ``copy()`` + ``push_uci``; perft in Python by copy and push.

Workloads: listing the legal moves of each position; playing and taking
back every legal move of each position (push + pop, or the package's copy +
play); perft from Kiwipete (depth 4 for the packages that count in compiled
code, 3 for the ones counted by Python code: the figure is per leaf); and,
in a fresh interpreter for each package that has perft, the first call of
``perft(3)`` from Kiwipete after import against a later one.

Each round runs every package once on a workload, in turn (so a burst of
load on a shared machine falls on all of them); the figure is the median of
the rounds. One thread. The CPU, Python, package versions, commit and
command are printed with the tables.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import chess

from bench import commit, cpu_name

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
KIWIPETE_PERFT = {3: 97862, 4: 4085603}


def version(distribution: str) -> str:
    try:
        from importlib.metadata import version as v

        return v(distribution)
    except Exception:  # noqa: BLE001 - any failure: unknown
        return "?"


def random_positions(count: int, seed: int) -> List[str]:
    """FENs from seeded random games (standard chess: not every package
    here plays Chess960), 10 to 70 plies in, games not over."""
    rng = random.Random(seed)
    out: List[str] = []
    while len(out) < count:
        board = chess.Board()
        for _ in range(rng.randrange(10, 70)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            out.append(board.fen())
    return out


# ----- the packages ---------------------------------------------------------
#
# Each adapter: `boards(fens)` makes the package's boards; `moves(boards)`
# lists each board's moves (what push + pop plays); `listing(boards)`,
# `push_pop(boards, moves)` return how many operations they did; `perft`
# counts from a FEN; `perft_native` says whether that count runs in
# compiled code (depth 4) or in Python (depth 3); `count(board)` is the
# number of legal moves (checked equal across packages before timing).


class Peer:
    name = ""
    module = ""
    distribution = ""
    perft_native = False

    def __init__(self, mod: Any) -> None:
        self.m = mod

    def boards(self, fens: Sequence[str]) -> List[Any]:
        raise NotImplementedError

    def moves(self, boards: Sequence[Any]) -> List[List[Any]]:
        raise NotImplementedError

    def listing(self, boards: Sequence[Any]) -> int:
        raise NotImplementedError

    def push_pop(self, boards: Sequence[Any], moves: Sequence[Sequence[Any]]) -> int:
        raise NotImplementedError

    def perft(self, fen: str, depth: int) -> int:
        raise NotImplementedError

    # The source of a fresh process's first and later perft(3) calls, or
    # None when the package has no perft of its own.
    first_call_source: Optional[str] = None


class PythonChess(Peer):
    name, module, distribution = "python-chess", "chess", "chess"

    def boards(self, fens: Sequence[str]) -> List[Any]:
        return [self.m.Board(f) for f in fens]

    def moves(self, boards: Sequence[Any]) -> List[List[Any]]:
        return [list(b.legal_moves) for b in boards]

    def listing(self, boards: Sequence[Any]) -> int:
        for b in boards:
            list(b.legal_moves)
        return len(boards)

    def push_pop(self, boards: Sequence[Any], moves: Sequence[Sequence[Any]]) -> int:
        n = 0
        for b, ms in zip(boards, moves):
            push, pop = b.push, b.pop
            for m in ms:
                push(m)
                pop()
            n += len(ms)
        return n

    def perft(self, fen: str, depth: int) -> int:
        def walk(b: Any, d: int) -> int:
            if d == 1:
                return b.legal_moves.count()
            nodes = 0
            for m in list(b.legal_moves):
                b.push(m)
                nodes += walk(b, d - 1)
                b.pop()
            return nodes

        return walk(self.m.Board(fen), depth)


class Magicboard(PythonChess):
    name, module, distribution = "magicboard", "magicboard", "magicboard"
    perft_native = True
    first_call_source = "import magicboard as m\nb = lambda: m.Board(KIWIPETE)\nperft = lambda b: b.perft(3)\n"

    def perft(self, fen: str, depth: int) -> int:
        return self.m.Board(fen).perft(depth)


class Bulletchess(Peer):
    name, module, distribution = "bulletchess", "bulletchess", "bulletchess"
    perft_native = True
    first_call_source = (
        "import bulletchess as m, bulletchess.utils as u\n"
        "b = lambda: m.Board.from_fen(KIWIPETE)\nperft = lambda b: u.perft(b, 3)\n"
    )

    def __init__(self, mod: Any) -> None:
        super().__init__(mod)
        self.utils = importlib.import_module("bulletchess.utils")

    def boards(self, fens: Sequence[str]) -> List[Any]:
        return [self.m.Board.from_fen(f) for f in fens]

    def moves(self, boards: Sequence[Any]) -> List[List[Any]]:
        return [b.legal_moves() for b in boards]

    def listing(self, boards: Sequence[Any]) -> int:
        for b in boards:
            b.legal_moves()
        return len(boards)

    def push_pop(self, boards: Sequence[Any], moves: Sequence[Sequence[Any]]) -> int:
        n = 0
        for b, ms in zip(boards, moves):
            apply, undo = b.apply, b.undo
            for m in ms:
                apply(m)
                undo()
            n += len(ms)
        return n

    def perft(self, fen: str, depth: int) -> int:
        return self.utils.perft(self.m.Board.from_fen(fen), depth)


class CozyChess(Peer):
    name, module, distribution = "cozy-chess-py", "cozy_chess", "cozy-chess-py"

    def boards(self, fens: Sequence[str]) -> List[Any]:
        return [self.m.Board.from_fen(f) for f in fens]

    def moves(self, boards: Sequence[Any]) -> List[List[Any]]:
        return [b.generate_moves() for b in boards]

    def listing(self, boards: Sequence[Any]) -> int:
        for b in boards:
            b.generate_moves()
        return len(boards)

    def push_pop(self, boards: Sequence[Any], moves: Sequence[Sequence[Any]]) -> int:
        n = 0
        for b, ms in zip(boards, moves):
            copy = b.__copy__
            for m in ms:
                copy().play_unchecked(m)
            n += len(ms)
        return n

    def perft(self, fen: str, depth: int) -> int:
        def walk(b: Any, d: int) -> int:
            moves = b.generate_moves()
            if d == 1:
                return len(moves)
            nodes = 0
            for m in moves:
                c = b.__copy__()
                c.play_unchecked(m)
                nodes += walk(c, d - 1)
            return nodes

        return walk(self.m.Board.from_fen(fen), depth)


class RustChess(Peer):
    name, module, distribution = "rust-chess", "rust_chess", "rust-chess"

    def board(self, fen: str) -> Any:
        # Without repetition detection, its faster mode; with it (FULL, the
        # default), rust-chess 0.4.3 panics in `make_move_new` on a board
        # read from a FEN whose halfmove clock is not 0.
        return self.m.Board.from_fen(fen, self.m.RepetitionDetectionMode.NONE)

    def boards(self, fens: Sequence[str]) -> List[Any]:
        return [self.board(f) for f in fens]

    def moves(self, boards: Sequence[Any]) -> List[List[Any]]:
        out = []
        for b in boards:
            b.reset_move_generator()
            out.append(list(b.generate_legal_moves()))
        return out

    def listing(self, boards: Sequence[Any]) -> int:
        for b in boards:
            b.reset_move_generator()
            list(b.generate_legal_moves())
        return len(boards)

    def push_pop(self, boards: Sequence[Any], moves: Sequence[Sequence[Any]]) -> int:
        n = 0
        for b, ms in zip(boards, moves):
            make = b.make_move_new
            for m in ms:
                make(m, check_legality=False)
            n += len(ms)
        return n

    def perft(self, fen: str, depth: int) -> int:
        def walk(b: Any, d: int) -> int:
            moves = list(b.generate_legal_moves())
            if d == 1:
                return len(moves)
            nodes = 0
            for m in moves:
                nodes += walk(b.make_move_new(m, check_legality=False), d - 1)
            return nodes

        return walk(self.board(fen), depth)


class Fastchess(Peer):
    name, module, distribution = "fastchess", "fastchess", "fastchess"

    def boards(self, fens: Sequence[str]) -> List[Any]:
        return [self.m.Board(f) for f in fens]

    def moves(self, boards: Sequence[Any]) -> List[List[Any]]:
        return [b.legal_moves_uci() for b in boards]

    def listing(self, boards: Sequence[Any]) -> int:
        for b in boards:
            b.legal_moves_uci()
        return len(boards)

    def push_pop(self, boards: Sequence[Any], moves: Sequence[Sequence[Any]]) -> int:
        n = 0
        for b, ms in zip(boards, moves):
            copy = b.copy
            for m in ms:
                copy().push_uci(m)
            n += len(ms)
        return n

    def perft(self, fen: str, depth: int) -> int:
        def walk(b: Any, d: int) -> int:
            moves = b.legal_moves_uci()
            if d == 1:
                return len(moves)
            nodes = 0
            for m in moves:
                c = b.copy()
                c.push_uci(m)
                nodes += walk(c, d - 1)
            return nodes

        return walk(self.m.Board(fen), depth)


PEERS = [Magicboard, PythonChess, Bulletchess, CozyChess, RustChess, Fastchess]


def load() -> Tuple[List[Peer], List[str]]:
    loaded: List[Peer] = []
    skipped: List[str] = []
    for cls in PEERS:
        try:
            loaded.append(cls(importlib.import_module(cls.module)))
        except Exception as e:  # noqa: BLE001 - any failure to import: skipped and named
            skipped.append(f"{cls.name} ({type(e).__name__}: {e})")
    return loaded, skipped


# ----- timing ---------------------------------------------------------------


def rounds(works: Dict[str, Callable[[], int]], count: int) -> Dict[str, Tuple[float, float]]:
    """Median and best seconds per operation of each work, over `count`
    rounds in which every work runs once, in turn (after one untimed
    warm-up run)."""
    for work in works.values():
        work()
    times: Dict[str, List[float]] = {name: [] for name in works}
    for _ in range(count):
        for name, work in works.items():
            start = time.perf_counter()
            ops = work()
            times[name].append((time.perf_counter() - start) / ops)
    return {name: (statistics.median(t), min(t)) for name, t in times.items()}


FIRST_CALL = """
import sys, time
KIWIPETE = {fen!r}
t0 = time.perf_counter()
{source}
t1 = time.perf_counter()
board = b()
t2 = time.perf_counter()
perft(board)
t3 = time.perf_counter()
later = []
for _ in range(20):
    board = b()
    s = time.perf_counter()
    perft(board)
    later.append(time.perf_counter() - s)
later.sort()
print(t1 - t0, t3 - t2, later[len(later) // 2])
"""


def first_call(peer: Peer, processes: int) -> Optional[Tuple[float, float, float]]:
    """Import time, the first perft(3)'s time and a later one's (median of
    20), each the median over `processes` fresh interpreters."""
    if peer.first_call_source is None:
        return None
    code = FIRST_CALL.format(fen=KIWIPETE, source=peer.first_call_source)
    runs = []
    for _ in range(processes):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        runs.append(tuple(float(x) for x in out.stdout.split()))
    return tuple(statistics.median(r[i] for r in runs) for i in range(3))  # type: ignore[return-value]


def fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.1f} ns"


def table(
    title: str,
    unit: str,
    figures: Dict[str, Tuple[float, float]],
    notes: Dict[str, str],
    out: List[Dict[str, Any]],
) -> None:
    base, base_best = figures["magicboard"]
    print(f"\n{title}\n")
    print(f"| package | per {unit}, median | best | magicboard is ... × faster (median; best) |")
    print("| --- | ---: | ---: | ---: |")
    for name, (t, best) in sorted(figures.items(), key=lambda kv: kv[1][0]):
        note = f" ({notes[name]})" if name in notes else ""
        ratio = "—" if name == "magicboard" else f"{t / base:.2f}; {best / base_best:.2f}"
        print(f"| {name}{note} | {fmt(t)} | {fmt(best)} | {ratio} |")
        out.append({"workload": title, "package": name, "median_s": t, "best_s": best, "note": notes.get(name, "")})
    compiled = {n: t for n, t in figures.items() if n not in ("magicboard", "python-chess")}
    if compiled:
        fastest = min(compiled, key=lambda n: compiled[n][0])
        print(f"\nfastest compiled peer: {fastest}; magicboard {compiled[fastest][0] / base:.2f}× it (medians)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=2000, help="random positions (default 2000)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds per workload (the median is reported)")
    parser.add_argument("--processes", type=int, default=9, help="fresh interpreters for the first call")
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--quick", action="store_true", help="300 positions, 3 rounds, 3 processes")
    parser.add_argument("--only", help="comma-separated workloads: list,pushpop,perft,first")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.rounds, args.processes = 300, 3, 3
    only = set(args.only.split(",")) if args.only else {"list", "pushpop", "perft", "first"}

    peers, skipped = load()
    if not any(p.name == "magicboard" for p in peers):
        print("magicboard does not import: " + "; ".join(skipped))
        return 1
    fens = random_positions(args.positions, args.seed)
    boards = {p.name: p.boards(fens) for p in peers}
    moves = {p.name: p.moves(boards[p.name]) for p in peers}
    counts = [len(ms) for ms in moves["python-chess"]] if "python-chess" in moves else None
    for p in peers:
        mine = [len(ms) for ms in moves[p.name]]
        assert counts is None or mine == counts, f"{p.name} lists other move counts than python-chess"
    total = sum(len(ms) for ms in moves["magicboard"])

    header = {
        "date": datetime.date.today().isoformat(),
        "cpu": cpu_name(),
        "commit": commit(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "packages": ", ".join(f"{p.name} {version(p.distribution)}" for p in peers),
        "skipped (do not import)": "; ".join(skipped) or "none",
        "command": " ".join([Path(sys.executable).name] + sys.argv),
        "positions": f"{len(fens)} from seeded random games (seed {args.seed}; {total} legal moves)",
        "rounds": f"median of {args.rounds} rounds, every package once a round, in turn; one thread",
    }
    for key, value in header.items():
        print(f"{key}: {value}")
    rows: List[Dict[str, Any]] = []

    if "list" in only:
        works = {p.name: (lambda p=p: p.listing(boards[p.name])) for p in peers}
        notes = {"fastchess": "UCI strings"}
        table("Listing the legal moves", "position", rounds(works, args.rounds), notes, rows)

    if "pushpop" in only:
        works = {p.name: (lambda p=p: p.push_pop(boards[p.name], moves[p.name])) for p in peers}
        notes = {
            "cozy-chess-py": "copy + play_unchecked",
            "rust-chess": "make_move_new",
            "fastchess": "copy + push_uci",
        }
        table("Playing and taking back every legal move (push + pop)", "move", rounds(works, args.rounds), notes, rows)

    if "perft" in only:
        works = {}
        notes = {}
        for p in peers:
            depth = 4 if p.perft_native else 3

            def work(p: Peer = p, depth: int = depth) -> int:
                nodes = p.perft(KIWIPETE, depth)
                assert nodes == KIWIPETE_PERFT[depth], (p.name, nodes)
                return nodes

            works[p.name] = work
            notes[p.name] = f"depth {depth}" + ("" if p.perft_native else ", in Python")
        table("Perft from Kiwipete", "leaf", rounds(works, max(3, args.rounds // 3)), notes, rows)

    if "first" in only:
        print(f"\nFirst call in a fresh process: Board(kiwipete).perft(3) (median of {args.processes} processes)\n")
        print("| package | import | first call | later call (median of 20) | first / later |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for p in peers:
            got = first_call(p, args.processes)
            if got is None:
                continue
            imp, first, later = got
            print(f"| {p.name} | {fmt(imp)} | {fmt(first)} | {fmt(later)} | {first / later:.2f} |")
            rows.append({"workload": "first call", "package": p.name, "import_s": imp, "first_s": first, "later_s": later})

    if args.json:
        args.json.write_text(json.dumps({"header": header, "rows": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
