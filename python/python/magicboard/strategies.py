"""Hypothesis strategies for property tests of chess code.

Boards reached by legal play from the standard start or a Chess960 start,
with their move stacks (so repetitions and ``pop`` work), and legal moves of
a board::

    from hypothesis import given
    from magicboard import strategies

    @given(strategies.boards(max_plies=80))
    def test_my_move_generator(board):
        assert sorted(my_legal_moves(board.fen())) == sorted(
            m.uci() for m in board.legal_moves
        )

Moves are drawn with a preference for the ones where move generators go
wrong (captures, en passant, castling, promotions, checks); a failing
example shrinks toward a shorter game and earlier moves. Needs Hypothesis
(``pip install hypothesis``).
"""

from __future__ import annotations

from typing import Optional

from hypothesis import strategies as st

from ._magicboard import Board, Move

__all__ = ["boards", "chess960_boards", "fens", "legal_moves"]


def _special(board: Board, move: Move) -> bool:
    return bool(
        move.promotion
        or board.is_capture(move)
        or board.is_castling(move)
        or board.gives_check(move)
    )


@st.composite
def _boards(draw: st.DrawFn, min_plies: int, max_plies: int, chess960: Optional[bool]) -> Board:
    if chess960 is None:
        chess960 = draw(st.booleans())
    if chess960:
        board = Board.from_chess960_pos(draw(st.integers(0, 959)))
    else:
        board = Board()
    plies = draw(st.integers(min_plies, max_plies))
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        # Prefer the moves where generators go wrong, one ply in three.
        special = [m for m in moves if _special(board, m)]
        if special and draw(st.integers(0, 2)) == 2:
            moves = special
        board.push(moves[draw(st.integers(0, len(moves) - 1))])
    return board


def boards(
    *, min_plies: int = 0, max_plies: int = 100, chess960: Optional[bool] = False
) -> st.SearchStrategy[Board]:
    """Boards reached by ``min_plies`` to ``max_plies`` legal moves (fewer
    when the game ends first) from the standard starting position
    (``chess960=False``), a random Chess960 starting position (``True``), or
    either (``None``). The moves are on the board's move stack."""
    if min_plies < 0 or max_plies < min_plies:
        raise ValueError(f"need 0 <= min_plies <= max_plies, got {min_plies}, {max_plies}")
    return _boards(min_plies, max_plies, chess960)


def chess960_boards(*, min_plies: int = 0, max_plies: int = 100) -> st.SearchStrategy[Board]:
    """``boards(chess960=True)``: boards from a random Chess960 start."""
    return boards(min_plies=min_plies, max_plies=max_plies, chess960=True)


def fens(
    *, min_plies: int = 0, max_plies: int = 100, chess960: Optional[bool] = False
) -> st.SearchStrategy[str]:
    """The FENs of ``boards(...)``."""
    return boards(min_plies=min_plies, max_plies=max_plies, chess960=chess960).map(
        lambda board: board.fen()
    )


def legal_moves(board: Board) -> st.SearchStrategy[Move]:
    """One of the board's legal moves (shrinking toward the first one).
    The board must have a legal move."""
    moves = list(board.legal_moves)
    if not moves:
        raise ValueError(f"no legal move in {board.fen()}")
    return st.sampled_from(moves)
