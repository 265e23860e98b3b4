"""Property tests over boards reached by legal play, drawn by the package's
own Hypothesis strategies (magicboard.strategies)."""

from __future__ import annotations

import pickle

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import magicboard  # noqa: E402
from magicboard import Board, strategies  # noqa: E402

settings.register_profile("magicboard", max_examples=150, deadline=None)
settings.load_profile("magicboard")

any_board = strategies.boards(max_plies=120, chess960=None)


@given(any_board)
def test_strategy_boards_are_reached_by_legal_play(board: Board):
    replay = board.root()
    for move in board.move_stack:
        assert move in replay.legal_moves
        replay.push(move)
    assert replay == board


@given(strategies.chess960_boards(max_plies=10))
def test_chess960_strategy(board: Board):
    assert board.chess960


@given(st.data())
def test_push_pop_restores_everything(data):
    board = data.draw(any_board)
    if board.is_game_over():
        return
    move = data.draw(strategies.legal_moves(board))
    before = (board.fen(), magicboard.zobrist_hash(board), list(board.move_stack), board.can_claim_draw())
    board.push(move)
    assert board.peek() == move
    assert board.pop() == move
    after = (board.fen(), magicboard.zobrist_hash(board), list(board.move_stack), board.can_claim_draw())
    assert after == before


@given(any_board)
def test_fen_round_trip(board: Board):
    again = Board(board.fen(), chess960=board.chess960)
    assert again.fen() == board.fen()
    assert Board(board.fen(shredder=True), chess960=board.chess960).fen() == board.fen()
    assert magicboard.zobrist_hash(again) == magicboard.zobrist_hash(board)


@given(any_board)
def test_notation_round_trips(board: Board):
    for move in board.legal_moves:
        assert board.parse_san(board.san(move)) == move
        assert board.parse_uci(board.uci(move)) == move
        assert magicboard.Move.from_uci(move.uci()) == move
        assert board.is_legal(move) and board.is_pseudo_legal(move)


@given(any_board)
def test_counts_agree(board: Board):
    moves = list(board.legal_moves)
    assert len(board.legal_moves) == len(moves) == board.perft(1)
    assert bool(board.legal_moves) == bool(moves)
    assert sum(board.divide(2).values()) == board.perft(2)
    assert set(board.legal_moves).issubset(set(board.pseudo_legal_moves))
    if not moves:
        assert board.is_checkmate() or board.is_stalemate()
        assert board.is_game_over()


@given(st.lists(any_board, max_size=6))
def test_batches_agree_with_boards(boards):
    masks = magicboard.legal_move_masks(boards, as_numpy=False)
    assert len(masks) == 4096 * len(boards)
    for i, board in enumerate(boards):
        squares = {(m.from_square, m.to_square) for m in board.legal_moves}
        assert sum(masks[4096 * i : 4096 * (i + 1)]) == len(squares)
        for f, t in squares:
            assert masks[4096 * i + 64 * f + t] == 1
    # FENs read in Chess960 mode: castling written king-takes-rook.
    assert magicboard.legal_moves_uci([b.fen() for b in boards], chess960=True) == [
        [b.uci(m, chess960=True) for m in b.legal_moves] for b in boards
    ]
    assert magicboard.legal_moves_batch(boards) == [list(b.legal_moves) for b in boards]


@given(any_board)
def test_copies_and_pickles_are_independent(board: Board):
    twin = pickle.loads(pickle.dumps(board))
    assert twin == board and twin.move_stack == board.move_stack
    assert twin.chess960 == board.chess960
    assert twin.is_repetition(2) == board.is_repetition(2)
    assert twin.can_claim_draw() == board.can_claim_draw()
    copy = board.copy()
    if copy.move_stack:
        copy.pop()
        assert len(copy.move_stack) == len(board.move_stack) - 1


@given(any_board)
def test_zobrist_hash_is_python_chess_polyglot_hash(board: Board):
    chess = pytest.importorskip("chess")
    import chess.polyglot

    theirs = chess.Board(board.fen(), chess960=board.chess960)
    assert magicboard.zobrist_hash(board) == chess.polyglot.zobrist_hash(theirs)
