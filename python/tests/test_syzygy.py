"""magicboard.syzygy against python-chess's chess.syzygy, on python-chess's
own tables and endgame.epd (the repository's syzygy/tests/data): the same
values, the same exceptions, the same API."""

import random
import shutil
from pathlib import Path

import pytest

import magicboard
import magicboard.syzygy

chess = pytest.importorskip("chess")
import chess.syzygy  # noqa: E402
import chess.variant  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "syzygy" / "tests" / "data"
TABLES = DATA / "regular"

pytestmark = pytest.mark.skipif(
    not (TABLES / "KRvKP.rtbz").is_file(),
    reason="the 3- and 4-piece tables of the repository's syzygy/tests/data are not here",
)


@pytest.fixture(scope="module")
def ours():
    with magicboard.syzygy.open_tablebase(TABLES) as tables:
        yield tables


@pytest.fixture(scope="module")
def theirs():
    with chess.syzygy.open_tablebase(str(TABLES)) as tables:
        yield tables


def random_board(rng, name):
    """A random valid python-chess board of the material ``name``."""
    white, black = name.split("v")
    while True:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, len(white) + len(black))
        for color, side in ((chess.WHITE, white), (chess.BLACK, black)):
            for letter in side:
                board.set_piece_at(squares.pop(), chess.Piece.from_symbol(letter if color else letter.lower()))
        board.turn = rng.choice((chess.WHITE, chess.BLACK))
        if board.is_valid():
            return board


def test_endgame_epd_agrees(ours, theirs):
    lines = [line for line in (DATA / "endgame.epd").read_text().splitlines() if line.strip()]
    assert len(lines) == 200
    for line in lines:
        board, ops = chess.Board.from_epd(line)
        mine = magicboard.Board(board.fen())
        assert ours.probe_wdl(mine) == ops["wdl"] == theirs.probe_wdl(board), line
        assert ours.probe_dtz(mine) == ops["dtz"] == theirs.probe_dtz(board), line


def test_random_positions_agree(ours, theirs):
    rng = random.Random(47)
    names = ["KQvK", "KRvK", "KPvK", "KBNvK", "KQvKR", "KRvKP", "KPvKP", "KPPvK", "KNvKP", "KBvKP", "KRvKB"]
    for i in range(600):
        board = random_board(rng, names[i % len(names)])
        expected = (theirs.probe_wdl(board), theirs.probe_dtz(board))
        # A magicboard.Board, and the python-chess board itself.
        assert (ours.probe_wdl(magicboard.Board(board.fen())), ours.probe_dtz(magicboard.Board(board.fen()))) == expected
        assert (ours.probe_wdl(board), ours.probe_dtz(board)) == expected, board.fen()


def test_en_passant(ours, theirs):
    for fen in ["8/8/8/8/1pP5/1K6/8/1k6 b - c3 0 1", "6K1/8/8/5pP1/8/8/1k6/8 w - f6 0 1"]:
        board = chess.Board(fen)
        assert ours.probe_wdl(board) == theirs.probe_wdl(board)
        assert ours.probe_dtz(board) == theirs.probe_dtz(board)


def test_what_cannot_be_answered_raises_key_error(ours, theirs):
    castling = chess.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    five = chess.Board("4k3/8/8/8/8/8/8/RRR1K3 b - - 0 1")
    for board in (castling, five):
        for tables in (ours, theirs):
            with pytest.raises(KeyError):
                tables.probe_wdl(board)
            assert tables.get_wdl(board) is None
            assert tables.get_dtz(board, "none") == "none"
    with pytest.raises(magicboard.syzygy.MissingTableError, match="KRRRvK"):
        ours.probe_dtz(five)
    assert issubclass(magicboard.syzygy.MissingTableError, KeyError)
    # Bare kings need no table.
    assert ours.probe_wdl(magicboard.Board("8/8/8/3k4/8/8/8/4K3 w - - 0 1")) == 0


def test_directories_files_and_close(tmp_path):
    tables = magicboard.syzygy.Tablebase()
    assert tables.add_directory(TABLES) == 70 and tables.max_pieces() == 4
    wdl_only = magicboard.syzygy.open_tablebase(TABLES, load_dtz=False)
    board = magicboard.Board("8/8/8/8/8/8/2k5/K2R4 w - - 0 1")
    assert wdl_only.probe_wdl(board) == 2
    with pytest.raises(magicboard.syzygy.MissingTableError):
        wdl_only.probe_dtz(board)
    assert wdl_only.add_file(TABLES / "KRvK.rtbz") == 1
    assert wdl_only.add_file(TABLES / "SOURCE.txt") == 0
    assert wdl_only.probe_dtz(board) == 25
    with magicboard.syzygy.open_tablebase(TABLES) as scoped:
        assert scoped.probe_wdl(board) == 2
    # Closed: the tables are gone, as in python-chess.
    with pytest.raises(magicboard.syzygy.MissingTableError):
        scoped.probe_wdl(board)
    with pytest.raises(OSError, match="no-such-directory"):
        magicboard.syzygy.open_tablebase(tmp_path / "no-such-directory")
    with pytest.raises(ValueError):
        magicboard.syzygy.Tablebase(VariantBoard=chess.variant.AtomicBoard)


def test_a_corrupt_table_raises_os_error_naming_it(tmp_path):
    for name in ("KRvK.rtbw", "KRvK.rtbz"):
        shutil.copy(TABLES / name, tmp_path / name)
    data = (tmp_path / "KRvK.rtbw").read_bytes()
    (tmp_path / "KRvK.rtbw").write_bytes(data[: len(data) - 7])
    tables = magicboard.syzygy.open_tablebase(tmp_path)
    with pytest.raises(OSError, match="KRvK.rtbw.*truncated"):
        tables.probe_wdl(magicboard.Board("8/8/8/8/8/8/2k5/K2R4 w - - 0 1"))


def test_best_move(ours):
    board = magicboard.Board("8/8/8/8/8/8/2k5/K2R4 w - - 0 1")
    assert board.san(ours.best_move(board)) == "Rd8"
    assert ours.best_move(magicboard.Board("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")) is None


def test_the_module_is_typed(tmp_path):
    """A program using magicboard.syzygy passes mypy --strict."""
    pytest.importorskip("mypy")
    import subprocess
    import sys

    program = tmp_path / "uses_syzygy.py"
    program.write_text(
        "import magicboard\n"
        "import magicboard.syzygy\n"
        f"with magicboard.syzygy.open_tablebase({str(TABLES)!r}) as tables:\n"
        "    board = magicboard.Board('8/8/8/8/8/8/2k5/K2R4 w - - 0 1')\n"
        "    wdl: int = tables.probe_wdl(board)\n"
        "    dtz: int = tables.probe_dtz(board)\n"
        "    best = tables.best_move(board)\n"
        "    count: int = tables.add_directory('.')\n"
    )
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(program)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
