"""NumPy planes and bitboards against arrays built from python-chess's
boards, on the positions of seeded random games; the batch forms against
the single-board ones."""

from __future__ import annotations

import threading
import time

import pytest

chess = pytest.importorskip("chess")
np = pytest.importorskip("numpy")

import magicboard  # noqa: E402
from _toolkit import random_positions  # noqa: E402


def reference_planes(board: "chess.Board", oriented: bool) -> "np.ndarray":
    """The documented layout, built from python-chess: plane
    ``6 * (colour is Black) + piece_type - 1``, indexed ``[rank, file]``;
    oriented: python-chess's ``mirror()`` when Black is to move."""
    if oriented and board.turn == chess.BLACK:
        board = board.mirror()
    out = np.zeros((12, 8, 8), dtype=np.uint8)
    for square, piece in board.piece_map().items():
        plane = (0 if piece.color == chess.WHITE else 6) + piece.piece_type - 1
        out[plane, chess.square_rank(square), chess.square_file(square)] = 1
    return out


def reference_bitboards(board: "chess.Board", oriented: bool) -> "np.ndarray":
    if oriented and board.turn == chess.BLACK:
        board = board.mirror()
    masks = [board.pieces_mask(pt, color) for color in (chess.WHITE, chess.BLACK)
             for pt in chess.PIECE_TYPES]
    return np.array(masks, dtype=np.uint64)


def positions():
    yield from random_positions(155, 10)
    yield from random_positions(156, 4, chess960=True)


@pytest.mark.parametrize("oriented", [False, True])
def test_planes_and_bitboards_match_python_chess(oriented):
    boards, fens = [], []
    for fen, chess960 in positions():
        ours, theirs = magicboard.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
        planes = ours.planes(oriented=oriented)
        assert planes.shape == (12, 8, 8) and planes.dtype == np.uint8
        assert (planes == reference_planes(theirs, oriented)).all(), fen
        bitboards = ours.bitboards(oriented=oriented)
        assert bitboards.shape == (12,) and bitboards.dtype == np.uint64
        assert (bitboards == reference_bitboards(theirs, oriented)).all(), fen
        # The two forms agree square by square.
        bits = (bitboards[:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)
        assert (bits.astype(np.uint8) == planes.reshape(12, 64)).all()
        boards.append(ours)
        fens.append(fen if not chess960 else ours)
    assert len(boards) > 1000
    batch = magicboard.planes_batch(boards, oriented=oriented)
    assert batch.shape == (len(boards), 12, 8, 8) and batch.dtype == np.uint8
    assert batch.flags.writeable
    single = np.stack([b.planes(oriented=oriented) for b in boards])
    assert (batch == single).all()
    assert (magicboard.planes_batch(fens, oriented=oriented, threads=2) == single).all()
    bitboard_batch = magicboard.bitboards_batch(iter(boards), oriented=oriented, threads=0)
    assert bitboard_batch.shape == (len(boards), 12)
    assert (bitboard_batch == np.stack([b.bitboards(oriented=oriented) for b in boards])).all()


def test_the_documented_layout():
    planes = magicboard.Board().planes()
    # White's pawns on the second rank, Black's king on e8.
    assert planes[0, 1].tolist() == [1] * 8
    assert planes[11, 7, 4] == 1 and planes[11].sum() == 1
    assert planes.reshape(12, 64)[5, magicboard.E1] == 1
    # Oriented: Black to move sees its pieces as the first six planes, from the bottom.
    board = magicboard.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    oriented = board.planes(oriented=True)
    assert oriented[0, 1].tolist() == [1] * 8  # Black's pawns, on its second rank
    assert oriented[6, 4, 4] == 1  # White's pawn on e4, seen from Black: on e5


def test_batch_errors_and_empty():
    assert magicboard.planes_batch([]).shape == (0, 12, 8, 8)
    with pytest.raises(ValueError, match="position 1"):
        magicboard.planes_batch([magicboard.STARTING_FEN, "not a fen"])
    with pytest.raises(TypeError):
        magicboard.planes_batch([42])


def test_batch_releases_the_gil():
    boards = [magicboard.Board()] * 400_000
    done = threading.Event()

    def run():
        magicboard.planes_batch(boards)
        done.set()

    worker = threading.Thread(target=run)
    worker.start()
    spins = 0
    started = time.perf_counter()
    while not done.is_set():
        spins += 1
    worker.join()
    assert spins > 1000, (spins, time.perf_counter() - started)


def codes_batch(boards: "list[chess.Board]") -> dict:
    """A batch as ``magicboard.pgn.read_positions`` documents it (``pieces``:
    ``(n, 64)`` ``uint8``, 0 empty, 1-6 White's pawn ... king, 7-12 Black's;
    ``turn``: ``bool``), built from python-chess's boards."""
    pieces = np.zeros((len(boards), 64), dtype=np.uint8)
    for row, board in enumerate(boards):
        for square, piece in board.piece_map().items():
            pieces[row, square] = piece.piece_type + (0 if piece.color == chess.WHITE else 6)
    return {"pieces": pieces, "turn": np.array([b.turn for b in boards], dtype=bool)}


@pytest.mark.parametrize("oriented", [False, True])
def test_batches_of_read_positions(oriented):
    boards = [chess.Board(fen, chess960=c) for fen, c in random_positions(157, 4)]
    assert len(boards) > 200
    batch = codes_batch(boards)
    planes = magicboard.planes_batch(batch, oriented=oriented)
    assert planes.shape == (len(boards), 12, 8, 8) and planes.dtype == np.uint8
    assert (planes == np.stack([reference_planes(b, oriented) for b in boards])).all()
    bitboards = magicboard.bitboards_batch(batch, oriented=oriented)
    assert bitboards.shape == (len(boards), 12) and bitboards.dtype == np.uint64
    assert (bitboards == np.stack([reference_bitboards(b, oriented) for b in boards])).all()
    # A non-contiguous or wider-typed column is taken too.
    wide = {"pieces": batch["pieces"].astype(np.int64)[::2], "turn": batch["turn"][::2]}
    assert (magicboard.planes_batch(wide, oriented=oriented) == planes[::2]).all()


def test_batches_of_read_positions_errors():
    batch = codes_batch([chess.Board()])
    assert magicboard.planes_batch({"pieces": np.zeros((0, 64), np.uint8)}).shape == (0, 12, 8, 8)
    with pytest.raises(ValueError, match="turn"):
        magicboard.planes_batch({"pieces": batch["pieces"]}, oriented=True)
    with pytest.raises(ValueError, match="shape"):
        magicboard.planes_batch({"pieces": batch["pieces"].reshape(8, 8)})
    bad = batch["pieces"].copy()
    bad[0, 20] = 13
    with pytest.raises(ValueError, match="position 0: square 20 holds 13"):
        magicboard.planes_batch({"pieces": bad})
    with pytest.raises(ValueError, match="outside 0 to 12"):
        magicboard.planes_batch({"pieces": batch["pieces"].astype(np.int16) + 256})
    with pytest.raises(ValueError, match="turns"):
        magicboard.planes_batch({"pieces": batch["pieces"], "turn": np.ones(2, bool)}, oriented=True)


@pytest.mark.parametrize("oriented", [False, True])
def test_planes_of_a_real_pgn_file(oriented):
    """``read_positions`` on a lichess sample (pgn/tests/data) straight into
    planes and bitboards, against python-chess replaying the same games."""
    import chess.pgn
    import magicboard.pgn
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "pgn" / "tests" / "data" / "lichess_db_10k.pgn"
    if not path.is_file():
        pytest.skip(f"{path} is not here (the package as downloaded)")
    batches = list(magicboard.pgn.read_positions(path, batch_size=100))
    planes = np.concatenate([magicboard.planes_batch(b, oriented=oriented) for b in batches])
    bitboards = np.concatenate([magicboard.bitboards_batch(b, oriented=oriented) for b in batches])
    expected_planes, expected_bitboards = [], []
    with open(path, encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                expected_planes.append(reference_planes(board, oriented))
                expected_bitboards.append(reference_bitboards(board, oriented))
                board.push(move)
    assert len(batches) > 1 and planes.shape == (len(expected_planes), 12, 8, 8)
    assert (planes == np.stack(expected_planes)).all()
    assert (bitboards == np.stack(expected_bitboards)).all()
