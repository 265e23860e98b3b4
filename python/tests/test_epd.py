"""EPD against python-chess: ``Board.epd(**operations)`` writes what
python-chess writes, and ``set_epd``/``from_epd`` read back what
python-chess reads, on the positions of seeded random games with random
operations of every kind, and on the EPD files of python-chess's source
distribution (skipped when it cannot be had)."""

from __future__ import annotations

import random

import pytest

chess = pytest.importorskip("chess")

import magicboard  # noqa: E402
from _toolkit import random_positions, sdist_data  # noqa: E402


def plain(value):
    """An operand with moves as UCI text, for comparing the two packages."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if hasattr(value, "from_square"):
        return value.uci()
    return value


def random_operations(rng: random.Random, board: "chess.Board") -> dict:
    moves = list(board.legal_moves)
    ops: dict = {}
    if moves:
        ops["bm"] = rng.sample(moves, rng.randint(1, min(3, len(moves))))
        ops["am"] = [rng.choice(moves)]
        ops["sm"] = rng.choice(moves)
        line, b = [], board.copy()
        for _ in range(rng.randint(1, 6)):
            legal = list(b.legal_moves)
            if not legal:
                break
            mv = rng.choice(legal)
            line.append(mv)
            b.push(mv)
        ops["pv"] = line
    ops["id"] = rng.choice(["WAC.001", 'quote " and \\ back', "tab\there", "line\nbreak", ""])
    ops["ce"] = rng.randint(-32000, 32000)
    ops["acd"] = rng.randint(0, 60)
    ops["fz"] = rng.choice([0.5, -3.25, 1e-07, 12345.0, 2.5e20])
    ops["noop"] = None
    ops["c0"] = "comment " + str(rng.random())
    ops["D1"] = len(moves)
    keys = list(ops)
    rng.shuffle(keys)
    return {k: ops[k] for k in keys}


def test_write_and_read_back_like_python_chess():
    rng = random.Random(1080)
    n = 0
    for i, (fen, chess960) in enumerate(random_positions(35, 10)):
        if i % 4:
            continue
        theirs = chess.Board(fen)
        ours = magicboard.Board(fen)
        ops = random_operations(rng, theirs)
        our_ops = {k: ([magicboard.Move.from_uci(m.uci()) for m in v] if isinstance(v, list)
                       else magicboard.Move.from_uci(v.uci()) if isinstance(v, chess.Move) else v)
                   for k, v in ops.items()}
        expected = theirs.epd(**ops)
        written = ours.epd(**our_ops)
        assert written == expected, fen
        # Read back, with and without the clocks.
        for line in (expected, theirs.epd(hmvc=theirs.halfmove_clock, fmvn=theirs.fullmove_number, **ops)):
            board, got = magicboard.Board.from_epd(line)
            their_board, want = chess.Board.from_epd(line)
            assert board.fen() == their_board.fen(), line
            assert {k: plain(v) for k, v in got.items()} == {k: plain(v) for k, v in want.items()}, line
            assert list(got) == list(want)
            copy = magicboard.Board()
            assert {k: plain(v) for k, v in copy.set_epd(line).items()} == {k: plain(v) for k, v in want.items()}
            assert copy.fen() == their_board.fen()
        n += 1
    assert n > 100


def test_python_chess_example_and_errors():
    board = magicboard.Board()
    assert board.epd(hmvc=board.halfmove_clock, fmvn=board.fullmove_number) == \
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;"
    assert board.epd() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
    for bad in ["", "-", "9x", "a b"]:
        with pytest.raises(ValueError):
            board.epd(**{bad: 1})
    with pytest.raises(ValueError):
        board.epd(ce=float("nan"))
    with pytest.raises(magicboard.IllegalMoveError):
        board.epd(bm=magicboard.Move.from_uci("e2e5"))
    with pytest.raises(magicboard.IllegalMoveError):
        magicboard.Board.from_epd("4k3/8/8/8/8/8/8/4K3 w - - bm Qd8;")
    with pytest.raises(magicboard.AmbiguousMoveError):
        magicboard.Board.from_epd("4k3/8/8/8/8/8/8/1N2KN2 w - - bm Nd2;")
    with pytest.raises(ValueError):
        magicboard.Board.from_epd("4k3/8/8 w - - bm Kd2;")
    before = board.fen()
    with pytest.raises(ValueError):
        board.set_epd("4k3/8/8/8/8/8/8/4K3 w - - 9x 1;")
    assert board.fen() == before
    # python-chess's board from the four fields alone, and the Chess960 mode.
    b, ops = magicboard.Board.from_epd("4k3/8/8/8/8/8/8/4K3 b - -")
    assert ops == {} and b.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    b, ops = magicboard.Board.from_epd("4k3/8/8/8/8/8/8/R3K3 w A - bm O-O-O;", chess960=True)
    assert b.chess960 and ops["bm"][0].uci() == "e1a1"


def test_sdist_epd_files():
    data = sdist_data()
    if data is None:
        pytest.skip("python-chess's source distribution could not be downloaded")
    checked = 0
    for path in sorted(data.glob("*.epd")):
        if path.name.startswith("suicide"):
            continue  # a variant
        for line in path.read_text().splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            their_board, want = chess.Board.from_epd(line)
            if not their_board.is_valid():
                with pytest.raises(ValueError):
                    magicboard.Board.from_epd(line)
                continue
            board, got = magicboard.Board.from_epd(line)
            assert board.fen() == their_board.fen(), line
            assert {k: plain(v) for k, v in got.items()} == {k: plain(v) for k, v in want.items()}, line
            assert board.epd(**got) == their_board.epd(**want), line
            checked += 1
    assert checked > 200, checked
