"""magicboard.pgn against python-chess's chess.pgn, an independent
implementation, on PGN files no one here wrote.

The files: the lichess samples committed in pgn/tests/data (CC0, see the
README there) and, when MAGICBOARD_PGN_DATA names a folder (CI's
.ci/pgn-check.sh fetches them), pgn-reader's lichess and TWIC samples and
the PGN files of python-chess's source distribution (Chess960, a UTF-8
byte-order mark, empty lines among the tags, comments and variations,
crazyhouse and antichess games).

Game for game, ``read_game`` must give what python-chess's gives: the
headers, the mainline, the errors, the text written back (one line and 80
columns), and the handle's position after each game; ``read_headers`` and
``skip_game`` too. The fast path (``read_games``, ``read_positions``) must
give python-chess's mainlines and positions. The tree's API is driven by
the same random edits on both sides and written back after each.
"""

from __future__ import annotations

import gzip
import io
import logging
import os
import random
import threading
from pathlib import Path
from typing import Any, List, Optional, Tuple

import pytest

chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402
import chess.polyglot  # noqa: E402

import magicboard  # noqa: E402
import magicboard.pgn  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
COMMITTED = sorted((REPO / "pgn" / "tests" / "data").glob("*.pgn"))
FETCHED_DIR = os.environ.get("MAGICBOARD_PGN_DATA")
# The fetched files up to 200 kB: python-chess takes half a minute on each
# of the 1 MB samples, whose mainlines .ci/pgn-check.sh compares already
# (MAGICBOARD_PGN_ALL=1 reads them here too).
FETCHED = sorted(
    path
    for path in (Path(FETCHED_DIR).glob("*.pgn") if FETCHED_DIR else [])
    if os.environ.get("MAGICBOARD_PGN_ALL") or path.stat().st_size <= 200_000
)
FILES = COMMITTED + FETCHED
LICHESS = REPO / "pgn" / "tests" / "data" / "lichess_db_100k.pgn"

# Variants python-chess plays and magicboard does not: their games are
# errors here, with no moves.
UNSUPPORTED_VARIANTS = {"crazyhouse", "antichess"}


@pytest.fixture(autouse=True)
def quiet_logs():
    """Both libraries log every bad game; the tests look at the errors."""
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


def file_id(path: Path) -> str:
    return path.name


def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def uci_line(moves) -> List[str]:
    return [move.uci() for move in moves]


def unsupported(game) -> bool:
    return game.headers.get("Variant", "").lower() in UNSUPPORTED_VARIANTS


# ----- read_game, read_headers, skip_game: game for game --------------------


def test_there_are_files():
    assert len(COMMITTED) >= 2, COMMITTED
    if os.environ.get("CI") and FETCHED_DIR is None:
        pytest.skip("MAGICBOARD_PGN_DATA not set: only the committed samples are read")


@pytest.mark.parametrize("path", FILES, ids=file_id)
def test_read_game_as_python_chess(path: Path):
    text = text_of(path)
    ours, theirs = io.StringIO(text), io.StringIO(text)
    games = 0
    while True:
        a = magicboard.pgn.read_game(ours)
        b = chess.pgn.read_game(theirs)
        assert (a is None) == (b is None), f"game {games + 1}: one reader is at the end"
        assert ours.tell() == theirs.tell(), f"game {games + 1}: read up to a different line"
        if a is None:
            break
        games += 1
        where = f"{path.name}, game {games}"
        if unsupported(b):
            assert a.errors and isinstance(a.errors[0], ValueError), where
            assert not a.variations, where
            assert dict(a.headers).items() - {("Result", "*")} <= dict(b.headers).items(), where
            continue
        assert list(a.headers.items()) == list(b.headers.items()), where
        assert uci_line(a.mainline_moves()) == uci_line(b.mainline_moves()), where
        assert [type(e).__name__ for e in a.errors] == [type(e).__name__ for e in b.errors], where
        assert str(a) == str(b), where
        assert a.accept(magicboard.pgn.StringExporter()) == b.accept(chess.pgn.StringExporter()), where
        assert a.end().board().fen() == b.end().board().fen(), where
        assert a.comment == b.comment, where
    assert games > 0


@pytest.mark.parametrize("path", FILES, ids=file_id)
def test_read_headers_and_skip_game_as_python_chess(path: Path):
    text = text_of(path)
    ours, theirs = io.StringIO(text), io.StringIO(text)
    n = 0
    while True:
        a = magicboard.pgn.read_headers(ours)
        b = chess.pgn.read_headers(theirs)
        assert (a is None) == (b is None)
        assert ours.tell() == theirs.tell(), f"headers of game {n + 1}"
        if a is None:
            break
        assert list(a.items()) == list(b.items())
        n += 1
        # Every other game skipped.
        skipped = magicboard.pgn.skip_game(ours)
        assert skipped == chess.pgn.skip_game(theirs)
        assert ours.tell() == theirs.tell(), f"skipping game {n + 1}"
        if not skipped:
            break
    assert n > 0


def test_seek_and_tell_between_games():
    """python-chess's own idiom: offsets from read_headers, games read there."""
    with open(LICHESS, encoding="utf-8") as handle:
        offsets = []
        while True:
            offset = handle.tell()
            headers = magicboard.pgn.read_headers(handle)
            if headers is None:
                break
            if headers.get("Result") == "0-1":
                offsets.append((offset, headers["Site"]))
        assert len(offsets) > 5
        for offset, site in offsets:
            handle.seek(offset)
            game = magicboard.pgn.read_game(handle)
            assert game is not None and game.headers["Site"] == site


def test_binary_handles_and_a_byte_order_mark():
    pgn = "\ufeff[Event \"x\"]\n\n1. e4 e5 *\n\n1. d4 *\n"
    for handle in [io.StringIO(pgn), io.BytesIO(pgn.encode("utf-8"))]:
        game = magicboard.pgn.read_game(handle)
        assert game is not None and game.headers["Event"] == "x"
        assert uci_line(game.mainline_moves()) == ["e2e4", "e7e5"]
        assert uci_line(magicboard.pgn.read_game(handle).mainline_moves()) == ["d2d4"]
        assert magicboard.pgn.read_game(handle) is None


EDGE_CASES = [
    "1. e4 e5 2. Nf3 *",
    "[White \"A\"]\n\n{ a comment\n\nover a blank line } 1. e4 (1. d4 { x } d5) e5 $1 !? 2. Nf3 ?? *\n",
    "[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. O-O-O Ke7 2. Rd7+ *\n",
    "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n"
    "9. g3 cxd3 *\n",
    "1. e4 e5 2. Ke3 Nf6 3. d4 *\n",
    "1. e4 -- 2. d4 -- 3. c4 *\n",
    "1. e4 e5\n% an escaped line\n2. Nf3 ; a rest-of-line comment {\n2... Nc6 *\n",
    "[Event \"a\"]\n[Site \"b\"]\n\n[Round \"c\"]\n\n1. e4 *\n",
    "[FEN \"not a fen\"]\n\n1. e4 e5 *\n",
    "[Result \"1-0\"]\n\n1. e4 0-1\n",
    "1. e4 { one } { two } e5 { three } ( { four } 1... c5 { five } ) *",
    "1. f3 e5 2. g4 Qh4# 0-1",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 Bg4 7. dxe5 Qxd1 8. Rxd1 *",
    "1. e4 Nf6 2. e5 Nd5 3. c4 Nb6 4. c5 Nd5 5. Bc4 e6 6. Nc3 d6 7. Nxd5 exd5 8. Bxd5 *",
    "1. d4 e5 2. dxe5 d5 3. exd6 e.p. Bxd6 *",
    "1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Nd5 Nxd5 5. exd5 Nd4 6. Nxd4 exd4 7. Qe2+ Qe7 8. Qxe7+ Bxe7 9. b3 Bf6 *",
    "[SetUp \"1\"]\n[FEN \"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1\"]\n\n1. b8=Q+ Kd7 2. Qb5+ Kd6 3. Kf2 g1=N *",
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ng5 Nh6 5. Nxf7 Nxf7 6. Bxf7+ Kxf7 7. Qh5+ g6 8. Qxe5 Nxe5 *",
    "\n\n; leading comment\n%escape\n\n[Event \"x\"]\n1. e4 *\n",
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\n\n\n\n1. d4 *",
    "1. e4 $14 $1 $2 e5 $146 *",
    "1. Nf3 Nf6 2. Nc3 Nc6 3. Nb5 Nb4 4. Nbd4 Nbd5 5. Nb3 Nb6 6. Nfd4 Nfd5 *",
    "garbage words here\n\n1. e4 *",
    "1. e4 (1. d4 (1. c4) 1... d5) (1. Nf3 Nf6 (1... d5 2. g3)) 1... e5 *",
    "1. e4 e5 ) ) 2. Nf3 ( 2. Nc3 ) *",
    "{ only a comment }",
    "[Event \"only tags\"]\n",
]


@pytest.mark.parametrize("pgn", EDGE_CASES)
def test_edge_cases_as_python_chess(pgn: str):
    ours, theirs = io.StringIO(pgn), io.StringIO(pgn)
    while True:
        a = magicboard.pgn.read_game(ours)
        b = chess.pgn.read_game(theirs)
        assert (a is None) == (b is None)
        assert ours.tell() == theirs.tell()
        if a is None:
            break
        assert list(a.headers.items()) == list(b.headers.items())
        assert uci_line(a.mainline_moves()) == uci_line(b.mainline_moves())
        assert [type(e).__name__ for e in a.errors] == [type(e).__name__ for e in b.errors]
        if any(type(e) is ValueError for e in b.errors):
            # A FEN that is no position: python-chess cannot write the game;
            # here it is written without moves.
            with pytest.raises(ValueError):
                str(b)
            tags = "\n".join(f'[{name} "{value}"]' for name, value in b.headers.items())
            assert str(a) == tags + "\n\n" + b.headers["Result"]
            continue
        assert str(a) == str(b)
        for columns in (None, 20, 80):
            for flags in [(True, True, True), (False, True, True), (True, False, True), (True, True, False)]:
                headers, comments, variations = flags
                kwargs = dict(columns=columns, headers=headers, comments=comments, variations=variations)
                assert a.accept(magicboard.pgn.StringExporter(**kwargs)) == b.accept(
                    chess.pgn.StringExporter(**kwargs)
                ), kwargs
        compare_trees(a, b)


def test_a_bad_move_in_a_variation():
    """python-chess 1.11 fails on this one (IndexError): the variation of the
    bad move is dropped, the rest is read."""
    pgn = "1. e4 e5 (2. Nf3) (1... c5 2. Nf3 (2. Nc3) d6) (1... e6) 2. Nf3 Nc6 1/2-1/2\n"
    game = magicboard.pgn.read_game(io.StringIO(pgn))
    assert [type(e).__name__ for e in game.errors] == ["IllegalMoveError"]
    expected = "1. e4 e5 ( 1... c5 2. Nf3 ( 2. Nc3 ) 2... d6 ) ( 1... e6 ) 2. Nf3 Nc6 1/2-1/2"
    assert game.accept(magicboard.pgn.StringExporter(headers=False, columns=None)) == expected


def test_errors_are_python_chess_exception_types():
    game = magicboard.pgn.read_game(io.StringIO("1. e4 e5 2. Ke3 *\n"))
    assert uci_line(game.mainline_moves()) == ["e2e4", "e7e5"]
    (error,) = game.errors
    assert isinstance(error, magicboard.IllegalMoveError) and "Ke3" in str(error)
    game = magicboard.pgn.read_game(io.StringIO("[FEN \"8/8/8/8/8/8/8/R3K2R w - - 0 1\"]\n\n1. Rd1 *"))
    assert isinstance(game.errors[0], ValueError) and not game.variations
    game = magicboard.pgn.read_game(io.StringIO("1. Nf3 e5 2. d3 e4 3. Nd2 *"))
    assert isinstance(game.errors[0], magicboard.AmbiguousMoveError)


# ----- the tree, node for node, and its API ---------------------------------


def compare_trees(a, b) -> None:
    """The same nodes, moves, comments and NAGs, and the same answers of
    each node's methods."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        assert (x.move.uci() if x.move is not None else None) == (y.move.uci() if y.move is not None else None)
        assert x.comment == y.comment and x.starting_comment == y.starting_comment
        assert x.nags == y.nags
        assert len(x.variations) == len(y.variations)
        assert x.is_end() == y.is_end() and x.is_mainline() == y.is_mainline()
        assert x.starts_variation() == y.starts_variation()
        assert x.is_main_variation() == y.is_main_variation()
        assert x.ply() == y.ply() and x.turn() == y.turn()
        if x.parent is not None:
            assert x.san() == y.san() and x.uci() == y.uci()
            if x.move:
                assert x.board().fen() == y.board().fen()
        stack.extend(zip(x.variations, y.variations))


def random_edits(seed: int, steps: int) -> None:
    """The same random edits on a magicboard and a python-chess game; after
    each, both written the same way."""
    rng = random.Random(seed)
    a, b = magicboard.pgn.Game(), chess.pgn.Game()
    a.headers["White"] = b.headers["White"] = "Random"
    pairs: List[Tuple[Any, Any]] = [(a, b)]
    for step in range(steps):
        x, y = rng.choice(pairs)
        action = rng.random()
        board = y.board()
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        if action < 0.45 and moves:
            move = rng.choice(moves)
            if any(v.move == move for v in y.variations):
                continue
            comment = rng.choice(["", "", "good", "a { brace }", "[%clk 0:01:02]"])
            nags = rng.sample([1, 2, 3, 4, 5, 6, 14, 146], rng.randint(0, 2))
            starting = rng.choice(["", "", "start"])
            main = rng.random() < 0.2
            if main:
                nx = x.add_main_variation(magicboard.Move.from_uci(move.uci()), comment=comment, nags=nags)
                ny = y.add_main_variation(move, comment=comment, nags=nags)
            else:
                nx = x.add_variation(
                    magicboard.Move.from_uci(move.uci()), comment=comment, starting_comment=starting, nags=nags
                )
                ny = y.add_variation(move, comment=comment, starting_comment=starting, nags=nags)
            pairs.append((nx, ny))
        elif action < 0.55 and moves:
            line = []
            scratch = board.copy()
            for _ in range(rng.randint(1, 4)):
                legal = sorted(scratch.legal_moves, key=lambda m: m.uci())
                if not legal:
                    break
                line.append(rng.choice(legal))
                scratch.push(line[-1])
            if not line or any(v.move == line[0] for v in y.variations):
                continue
            nx = x.add_line([magicboard.Move.from_uci(m.uci()) for m in line], comment="end", nags=[7])
            ny = y.add_line(line, comment="end", nags=[7])
            pairs.append((nx, ny))
        elif action < 0.65 and y.variations:
            i = rng.randrange(len(y.variations))
            op = rng.choice(["promote", "demote", "promote_to_main"])
            getattr(x, op)(i)
            getattr(y, op)(i)
        elif action < 0.7 and y.variations and y.parent is not None:
            i = rng.randrange(len(y.variations))
            removed = {id(n) for n in _subtree(y.variations[i])}
            x.remove_variation(x.variations[i])
            y.remove_variation(y.variations[i])
            pairs = [(p, q) for p, q in pairs if id(q) not in removed]
        elif action < 0.8:
            text = rng.choice(["", "note", "[%clk 1:00:00] left"])
            x.comment = y.comment = text
        elif action < 0.9 and y.parent is not None:
            seconds = rng.choice([None, 0, 59.5, 3725.25])
            x.set_clock(seconds)
            y.set_clock(seconds)
            assert x.clock() == y.clock() and x.comment == y.comment
            x.set_emt(seconds)
            y.set_emt(seconds)
            assert x.emt() == y.emt() and x.comment == y.comment
        assert str(a) == str(b), f"seed {seed}, step {step}, action {action:.2f}:\n{a}\n{b}"
    compare_trees(a, b)
    for columns in (None, 40, 80):
        assert a.accept(magicboard.pgn.StringExporter(columns=columns)) == b.accept(
            chess.pgn.StringExporter(columns=columns)
        )
    assert str(a.mainline()) == str(b.mainline())
    assert uci_line(reversed(a.mainline_moves())) == uci_line(reversed(b.mainline_moves()))
    assert bool(a.mainline()) == bool(b.mainline())
    # Read back what was written: what python-chess reads back (a starting
    # comment on a main continuation is read as the comment before it).
    again = magicboard.pgn.read_game(io.StringIO(str(a)))
    assert str(again) == str(chess.pgn.read_game(io.StringIO(str(b))))


def _subtree(node) -> List[Any]:
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(n.variations)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_random_edits_as_python_chess(seed: int):
    random_edits(seed, 120)


def test_node_lookup_and_navigation():
    game = magicboard.pgn.read_game(io.StringIO("1. e4 (1. d4 d5) 1... e5 2. Nf3 *"))
    e4 = game.variations[0]
    d4 = game[magicboard.Move.from_uci("d2d4")]
    assert game[1] is d4 and game[d4] is d4 and game.variation(0) is e4
    assert magicboard.Move.from_uci("e2e4") in game and game.has_variation(d4)
    assert magicboard.Move.from_uci("c2c4") not in game and 7 not in game
    with pytest.raises(KeyError):
        game[magicboard.Move.from_uci("c2c4")]
    assert game.next() is e4 and game.end().san() == "Nf3" and d4.end().san() == "d5"
    assert d4.starts_variation() and not e4.starts_variation() and not d4.is_mainline()
    assert d4.variations[0].root() is game and d4.variations[0].game() is game
    assert [n.san() for n in game.mainline()] == ["e4", "e5", "Nf3"]
    assert repr(e4).endswith("(1. e4 ...)>") and repr(d4.variations[0]).endswith("(1... d5 ...)>")
    assert "vs." in repr(game)
    theirs = chess.pgn.read_game(io.StringIO("1. e4 (1. d4 d5) 1... e5 2. Nf3 *"))
    assert str(e4) == str(theirs.variations[0]) and str(d4) == str(theirs.variations[1])


def test_headers_as_python_chess():
    for data in [None, {}, {"White": "A", "Foo": "b", "Event": "E"}, [("Black", "B"), ("Annotator", "x")]]:
        a, b = magicboard.pgn.Headers(data), chess.pgn.Headers(data)
        assert list(a.items()) == list(b.items()) and repr(a) == repr(b) and len(a) == len(b)
        a["Zed"] = b["Zed"] = "z"
        a["Event"] = b["Event"] = "e"
        del a["Zed"], b["Zed"]
        assert list(a.copy().items()) == list(b.copy().items())
    headers = magicboard.pgn.Headers()
    for bad_name in ["", "a b", "_x", "[x]"]:
        with pytest.raises(ValueError):
            headers[bad_name] = "v"
    with pytest.raises(ValueError):
        headers["Annotator"] = "two\nlines"
    assert magicboard.pgn.Headers({"Variant": "Chess960"}).is_chess960()
    assert magicboard.pgn.Headers({"Variant": "wild/5"}).is_wild()
    with pytest.raises(ValueError, match="variant"):
        magicboard.pgn.Headers({"Variant": "Atomic"}).board()
    fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    board = magicboard.pgn.Headers({"Variant": "Chess960", "FEN": fen}).board()
    assert board.chess960 and board.fen() == chess.pgn.Headers({"Variant": "Chess960", "FEN": fen}).board().fen()


def test_game_from_board_and_setup_as_python_chess():
    moves = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
    a, b = magicboard.Board(), chess.Board()
    for uci in moves:
        a.push_uci(uci)
        b.push_uci(uci)
    ga, gb = magicboard.pgn.Game.from_board(a), chess.pgn.Game.from_board(b)
    assert str(ga) == str(gb) and ga.headers["Result"] == "1-0"
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    a, b = magicboard.Board(fen), chess.Board(fen)
    a.push_uci("e1g1")
    b.push_uci("e1g1")
    assert str(magicboard.pgn.Game.from_board(a)) == str(chess.pgn.Game.from_board(b))
    board = magicboard.Board.from_chess960_pos(518 + 1)
    ga, gb = magicboard.pgn.Game(), chess.pgn.Game()
    ga.setup(board)
    gb.setup(chess.Board.from_chess960_pos(519))
    assert list(ga.headers.items()) == list(gb.headers.items())
    ga.setup(magicboard.STARTING_FEN)
    gb.setup(chess.STARTING_FEN)
    assert list(ga.headers.items()) == list(gb.headers.items())
    assert not magicboard.pgn.Game.without_tag_roster().headers
    assert str(magicboard.pgn.Game()) == str(chess.pgn.Game())


def test_visitors():
    pgn = text_of(LICHESS)
    ours, theirs = io.StringIO(pgn), io.StringIO(pgn)
    for _ in range(5):
        a = magicboard.pgn.read_game(ours, Visitor=magicboard.pgn.BoardBuilder)
        b = chess.pgn.read_game(theirs, Visitor=chess.pgn.BoardBuilder)
        assert a.fen() == b.fen()
    headers = magicboard.pgn.read_game(io.StringIO(pgn), Visitor=magicboard.pgn.HeadersBuilder)
    assert headers["Site"] == chess.pgn.read_headers(io.StringIO(pgn))["Site"]
    assert magicboard.pgn.read_game(io.StringIO(pgn), Visitor=magicboard.pgn.SkipVisitor) is True

    class Custom(magicboard.pgn.Game):
        pass

    game = magicboard.pgn.read_game(io.StringIO(pgn), Visitor=Custom.builder)
    assert type(game) is Custom and len(list(game.mainline_moves())) > 10

    class Sans(magicboard.pgn.BaseVisitor[List[str]]):
        def begin_game(self):
            self.sans: List[str] = []
            self.errors: List[Exception] = []

        def visit_move(self, board, move):
            self.sans.append(board.san(move))

        def begin_variation(self):
            return magicboard.pgn.SKIP

        def handle_error(self, error):
            self.errors.append(error)

        def result(self):
            return self.sans

    sans = magicboard.pgn.read_game(io.StringIO("1. e4 (1. d4) 1... e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"), Visitor=Sans)
    assert sans == ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    # A game copied through GameBuilder.
    game = magicboard.pgn.read_game(io.StringIO(EDGE_CASES[10]))
    assert str(game.accept(magicboard.pgn.GameBuilder())) == str(game)


def test_file_exporter_as_python_chess(tmp_path):
    text = text_of(LICHESS)
    ours, theirs = io.StringIO(text), io.StringIO(text)
    out_a, out_b = io.StringIO(), io.StringIO()
    written = []
    for _ in range(10):
        a, b = magicboard.pgn.read_game(ours), chess.pgn.read_game(theirs)
        written.append(
            (a.accept(magicboard.pgn.FileExporter(out_a)), b.accept(chess.pgn.FileExporter(out_b)))
        )
        print(a, file=out_a, end="\n\n")
        print(b, file=out_b, end="\n\n")
    assert out_a.getvalue() == out_b.getvalue()
    assert all(x == y for x, y in written)


def test_null_moves():
    pgn = "1. e4 -- 2. d4 Nf6 3. -- e5 *"
    a, b = magicboard.pgn.read_game(io.StringIO(pgn)), chess.pgn.read_game(io.StringIO(pgn))
    assert str(a) == str(b)
    assert uci_line(a.mainline_moves()) == uci_line(b.mainline_moves())
    assert a.end().board().fen() == b.end().board().fen()
    compare_trees(a, b)


# ----- the fast path: whole files --------------------------------------------


def python_chess_games(path: Path) -> List[Tuple[Optional[List[str]], dict]]:
    """Each game's mainline (None for a game python-chess reports an error
    in, or of a variant magicboard does not play) and headers."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                return out
            ok = not game.errors and not unsupported(game)
            out.append((uci_line(game.mainline_moves()) if ok else None, dict(game.headers)))


@pytest.mark.parametrize("path", FILES, ids=file_id)
def test_read_games_as_python_chess(path: Path):
    expected = python_chess_games(path)
    games = magicboard.pgn.read_games(path, errors="skip")
    got = [(uci_line(moves), headers) for headers, moves in games]
    assert len(got) + len(games.skipped) == len(expected)
    good = [(moves, headers) for moves, headers in expected if moves is not None]
    assert [moves for moves, _ in got] == [moves for moves, _ in good]
    for (_, ours), (_, theirs) in zip(got, good):
        assert ours.items() <= theirs.items()
    # The same from a file object, on two threads, and without headers.
    with open(path, "rb") as handle:
        again = [uci_line(moves) for _, moves in magicboard.pgn.read_games(handle, errors="skip", threads=2)]
    assert again == [moves for moves, _ in got]
    bare = list(magicboard.pgn.read_games(str(path), headers=False, errors="skip"))
    assert all(headers == {} for headers, _ in bare) and len(bare) == len(got)


def test_read_games_compressed(tmp_path):
    raw = LICHESS.read_bytes()
    expected = [uci_line(m) for _, m in magicboard.pgn.read_games(LICHESS)]
    assert len(expected) == 47
    gz = tmp_path / "games.pgn.gz"
    gz.write_bytes(gzip.compress(raw))
    assert [uci_line(m) for _, m in magicboard.pgn.read_games(gz)] == expected
    assert [uci_line(m) for _, m in magicboard.pgn.read_games(io.BytesIO(gzip.compress(raw)))] == expected
    assert [uci_line(m) for _, m in magicboard.pgn.read_games(io.StringIO(raw.decode()))] == expected
    zstandard = pytest.importorskip("zstandard")
    zst = tmp_path / "games.pgn.zst"
    zst.write_bytes(zstandard.ZstdCompressor().compress(raw))
    assert [uci_line(m) for _, m in magicboard.pgn.read_games(zst, threads=2)] == expected


def test_read_games_errors():
    pgn = b"1. e4 e5 *\n\n[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 *\n"
    games = magicboard.pgn.read_games(io.BytesIO(pgn))
    assert uci_line(next(games)[1]) == ["e2e4", "e7e5"]
    with pytest.raises(magicboard.pgn.PgnError, match="Ke3") as info:
        next(games)
    assert isinstance(info.value, ValueError)
    assert (info.value.game, info.value.line) == (2, 5)
    assert uci_line(next(games)[1]) == ["d2d4"]  # and the reader goes on
    with pytest.raises(StopIteration):
        next(games)
    games = magicboard.pgn.read_games(io.BytesIO(pgn), errors="skip")
    assert [uci_line(m) for _, m in games] == [["e2e4", "e7e5"], ["d2d4"]]
    assert [e.game for e in games.skipped] == [2]
    with pytest.raises(ValueError, match="errors"):
        magicboard.pgn.read_games(io.BytesIO(pgn), errors="ignore")
    with pytest.raises(OSError):
        magicboard.pgn.read_games("/nonexistent/games.pgn")
    with pytest.raises(ValueError):
        magicboard.pgn.read_games(42)


def test_read_positions_as_python_chess():
    numpy = pytest.importorskip("numpy")
    batches = list(magicboard.pgn.read_positions(LICHESS, batch_size=1000))
    assert [len(b["turn"]) for b in batches[:-1]] == [1000] * (len(batches) - 1)
    columns = {name: numpy.concatenate([b[name] for b in batches]) for name in batches[0]}
    assert columns["pieces"].shape == (len(columns["turn"]), 64)
    row = 0
    results = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}
    with open(LICHESS, encoding="utf-8") as handle:
        number = 0
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            number += 1
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                pieces = [0] * 64
                for square, piece in board.piece_map().items():
                    pieces[square] = piece.piece_type + (0 if piece.color else 6)
                assert columns["pieces"][row].tolist() == pieces
                assert bool(columns["turn"][row]) == board.turn
                assert int(columns["castling_rights"][row]) == board.castling_rights
                ep = board.ep_square if board.has_legal_en_passant() else None
                assert int(columns["ep_square"][row]) == (-1 if ep is None else ep)
                assert int(columns["halfmove_clock"][row]) == board.halfmove_clock
                assert int(columns["fullmove_number"][row]) == board.fullmove_number
                assert int(columns["zobrist"][row]) == chess.polyglot.zobrist_hash(board)
                assert int(columns["from_square"][row]) == move.from_square
                assert int(columns["to_square"][row]) == move.to_square
                assert int(columns["promotion"][row]) == (move.promotion or 0)
                assert int(columns["game"][row]) == number
                assert int(columns["ply"][row]) == ply
                assert int(columns["result"][row]) == results.get(game.headers["Result"], 2)
                board.push(move)
                row += 1
    assert row == len(columns["turn"]) > 2500
    # Two threads, one batch: the same rows.
    (whole,) = magicboard.pgn.read_positions(LICHESS, batch_size=10**6, threads=2)
    for name in columns:
        assert (whole[name] == columns[name]).all(), name
    whole["turn"][0] = not whole["turn"][0]  # writable


def test_read_positions_errors():
    pytest.importorskip("numpy")
    pgn = b"1. e4 e5 *\n\n1. e4 e5 2. Ke3 *\n\n1. d4 *\n"
    batches = magicboard.pgn.read_positions(io.BytesIO(pgn))
    assert len(next(batches)["ply"]) == 2
    with pytest.raises(magicboard.pgn.PgnError):
        next(batches)
    positions = magicboard.pgn.read_positions(io.BytesIO(pgn), errors="skip")
    assert sum(len(b["ply"]) for b in positions) == 3
    assert [e.game for e in positions.skipped] == [2]
    with pytest.raises(ValueError):
        magicboard.pgn.read_positions(io.BytesIO(pgn), batch_size=0)


def test_reading_releases_the_gil(tmp_path):
    """While one call reads a whole file, another thread runs Python code.

    With a long switch interval a thread that holds the GIL keeps it: the
    other thread can run during the call only if the call releases it."""
    pytest.importorskip("numpy")
    import sys

    path = tmp_path / "games.pgn"
    path.write_bytes(LICHESS.read_bytes() * 10)
    ticks: List[int] = []
    running = threading.Event()
    done = threading.Event()

    def tick():
        running.set()
        while not done.is_set():
            ticks.append(1)

    interval = sys.getswitchinterval()
    thread = threading.Thread(target=tick)
    thread.start()
    try:
        running.wait()
        sys.setswitchinterval(2.0)
        batches = magicboard.pgn.read_positions(path, batch_size=10**7)
        before = len(ticks)
        (batch,) = batches  # one call that reads the whole file
        during = len(ticks) - before
    finally:
        done.set()
        sys.setswitchinterval(interval)
        thread.join()
    assert len(batch["ply"]) > 25_000
    assert during > 0


def test_a_read_game_makes_its_nodes_when_first_asked():
    """Read games keep their moves in Rust until the nodes are wanted: the
    mainline's moves come without them, and everything else is the same as
    python-chess's, before and after the nodes are made, and once edited."""
    import copy
    import pickle

    pgn = text_of(LICHESS)
    a, b = magicboard.pgn.read_game(io.StringIO(pgn)), chess.pgn.read_game(io.StringIO(pgn))
    moves_a, moves_b = a.mainline_moves(), b.mainline_moves()
    assert bool(moves_a) and uci_line(moves_a) == uci_line(moves_b)
    assert uci_line(reversed(moves_a)) == uci_line(reversed(moves_b))
    assert a.comment == b.comment and a.variations[0].comment == b.variations[0].comment
    a.variations[0].add_variation(magicboard.Move.from_uci("d7d5"))
    b.variations[0].add_variation(chess.Move.from_uci("d7d5"))
    a.variations[0].promote_to_main(1)
    b.variations[0].promote_to_main(1)
    assert uci_line(moves_a) == uci_line(moves_b) and str(a) == str(b)
    fresh = magicboard.pgn.read_game(io.StringIO(pgn))
    for copied in (copy.deepcopy(fresh), pickle.loads(pickle.dumps(fresh))):
        assert str(copied) == str(chess.pgn.read_game(io.StringIO(pgn)))
    empty = magicboard.pgn.read_game(io.StringIO("[Event \"x\"]\n\n*\n"))
    assert not empty.mainline_moves() and empty.variations == [] and empty.end() is empty


def test_the_pages_python_examples_run(capsys):
    """The Python blocks of docs/pgn.md (and any of the README's that uses
    magicboard.pgn) run, from the repository's root, as the pages' paths
    are written."""
    import re

    pytest.importorskip("numpy")
    blocks = []
    for page in [REPO / "docs" / "pgn.md", REPO / "README.md"]:
        text = page.read_text(encoding="utf-8")
        blocks += [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "magicboard.pgn" in b]
    assert blocks
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        for block in blocks:
            exec(compile(block, "page", "exec"), {})
    finally:
        os.chdir(cwd)
    assert "alanbrito4 0-1" in capsys.readouterr().out
