"""magicboard: fast legal chess move generation under python-chess's names.

The board, moves and rules are python-chess's API; the work is done in Rust
by the magicboard library. Moving code over is mostly changing the import::

    import magicboard as chess

    board = chess.Board()
    print(board.legal_moves.count())        # 20
    board.push_san("e4")
    print(board.san(board.parse_uci("e7e5")))  # e5
    print(chess.Board().perft(4))           # 197281 (not in python-chess)

What python-chess has that is covered, and what behaves otherwise, is listed
in the package's README (python/README.md in the repository) and in each
docstring. Beyond python-chess: ``Board.perft``, ``Board.divide``,
``Board.see``, NumPy planes (``Board.planes()``, ``planes_batch``), the batch
helpers ``legal_move_masks``, ``legal_moves_uci`` and ``legal_moves_batch``
for machine learning, and Hypothesis strategies in
``magicboard.strategies``. Polyglot opening books are in
``magicboard.polyglot``.
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Union

from . import polyglot
from ._magicboard import (
    AmbiguousMoveError,
    BB_DARK_SQUARES,
    BB_LIGHT_SQUARES,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    Piece,
    PseudoLegalMoveGenerator,
    STARTING_FEN,
    SquareSet,
    _legal_move_masks,
    flip_anti_diagonal,
    flip_diagonal,
    flip_horizontal,
    flip_vertical,
    legal_moves_batch,
    legal_moves_uci,
    parse_square,
    square,
    square_file,
    square_mirror,
    square_name,
    square_rank,
    shift_2_down,
    shift_2_left,
    shift_2_right,
    shift_2_up,
    shift_down,
    shift_down_left,
    shift_down_right,
    shift_left,
    shift_right,
    shift_up,
    shift_up_left,
    shift_up_right,
    zobrist_hash,
)
from ._outcome import Outcome, Termination
from ._planes import bitboards_batch, planes_batch

__version__: str


def __getattr__(name: str) -> Any:
    """``__version__``, the installed package's own version (python/Cargo.toml's,
    through maturin: never out of step with what was built), read when first
    asked for: importing ``importlib.metadata`` took most of ``import
    magicboard`` (tens of milliseconds)."""
    if name == "__version__":
        from importlib import metadata

        global __version__
        try:
            __version__ = metadata.version("magicboard")
        except metadata.PackageNotFoundError:  # imported from a tree never installed
            __version__ = "0+unknown"
        return __version__
    raise AttributeError(f"module 'magicboard' has no attribute {name!r}")

Color = bool
"""A colour: ``WHITE`` (True) or ``BLACK`` (False)."""
WHITE: Color = True
BLACK: Color = False
COLORS: List[Color] = [WHITE, BLACK]
COLOR_NAMES: List[str] = ["black", "white"]

PieceType = int
"""A piece type: ``PAWN`` (1) ... ``KING`` (6)."""
PAWN: PieceType = 1
KNIGHT: PieceType = 2
BISHOP: PieceType = 3
ROOK: PieceType = 4
QUEEN: PieceType = 5
KING: PieceType = 6
PIECE_TYPES: List[PieceType] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS: List[Optional[str]] = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES: List[Optional[str]] = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]


def piece_symbol(piece_type: PieceType) -> str:
    """The lower-case letter of a piece type (``piece_symbol(KNIGHT) == "n"``)."""
    return PIECE_SYMBOLS[piece_type]  # type: ignore[return-value]


def piece_name(piece_type: PieceType) -> str:
    """The name of a piece type (``piece_name(KNIGHT) == "knight"``)."""
    return PIECE_NAMES[piece_type]  # type: ignore[return-value]


Square = int
"""A square: 0 (``A1``) to 63 (``H8``), rank by rank."""
FILE_NAMES: List[str] = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES: List[str] = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARES: List[Square]
SQUARES = [
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
] = list(range(64))
SQUARE_NAMES: List[str] = [square_name(sq) for sq in SQUARES]

STARTING_BOARD_FEN: str = STARTING_FEN.split(" ")[0]

Bitboard = int
"""A set of squares as a 64-bit mask: bit ``i`` for square ``i``."""
BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES: List[Bitboard]
BB_SQUARES = [
    BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1,
    BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2,
    BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3,
    BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4,
    BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5,
    BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6,
    BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7,
    BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8,
] = [1 << sq for sq in SQUARES]
BB_FILES: List[Bitboard]
BB_FILES = [
    BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H,
] = [0x0101_0101_0101_0101 << i for i in range(8)]
BB_RANKS: List[Bitboard]
BB_RANKS = [
    BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8,
] = [0xFF << (8 * i) for i in range(8)]
BB_CORNERS: Bitboard = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_BACKRANKS: Bitboard = BB_RANK_1 | BB_RANK_8


def legal_move_masks(
    positions: Iterable[Union[Board, str]],
    *,
    chess960: bool = False,
    threads: int = 1,
    as_numpy: Optional[bool] = None,
) -> Any:
    """The legal moves of many positions as from-square/to-square masks.

    ``positions`` holds ``Board`` objects (their current position) and FEN
    strings (read in Chess960 mode when ``chess960``). For position ``i``,
    entry ``[i, from_square, to_square]`` is 1 when a legal move goes from
    ``from_square`` to ``to_square`` and 0 otherwise; castling is entered as
    in UCI (``e1g1`` on standard boards, king takes rook on Chess960 boards),
    and the four promotions of one pawn move share an entry.

    Returns a writable NumPy array of shape ``(n, 64, 64)`` and dtype
    ``uint8`` when NumPy is installed (``as_numpy=None``, the default) or
    asked for (``as_numpy=True``); otherwise ``bytes`` of length
    ``n * 4096``, entry ``[i, f, t]`` at byte ``4096 * i + 64 * f + t``.

    The moves are generated without the GIL, on ``threads`` threads (0: one
    per core). Raises ``ValueError`` naming the first FEN that cannot be read.
    """
    items = list(positions)
    if as_numpy is None:
        try:
            import numpy
        except ImportError:
            as_numpy = False
        else:
            as_numpy = True
    if not as_numpy:
        return _legal_move_masks(items, chess960, threads, False)
    import numpy

    buffer = _legal_move_masks(items, chess960, threads, True)
    return numpy.frombuffer(buffer, dtype=numpy.uint8).reshape(len(items), 64, 64)


__all__ = [
    "AmbiguousMoveError", "BB_ALL", "BB_BACKRANKS", "BB_CORNERS", "BB_DARK_SQUARES",
    "BB_EMPTY", "BB_FILES", "BB_LIGHT_SQUARES", "BB_RANKS", "BB_SQUARES", "BISHOP", "BLACK",
    "Bitboard", "Board", "COLORS", "COLOR_NAMES", "Color", "FILE_NAMES", "IllegalMoveError",
    "InvalidMoveError", "KING", "KNIGHT", "LegalMoveGenerator", "Move", "Outcome", "PAWN",
    "PIECE_NAMES", "PIECE_SYMBOLS", "PIECE_TYPES", "Piece", "PieceType",
    "PseudoLegalMoveGenerator", "QUEEN", "RANK_NAMES", "ROOK", "SQUARES", "SQUARE_NAMES",
    "STARTING_BOARD_FEN", "STARTING_FEN", "Square", "SquareSet", "Termination", "WHITE",
    "legal_move_masks", "legal_moves_batch", "legal_moves_uci", "parse_square", "piece_name",
    "piece_symbol", "polyglot", "square", "square_file", "square_mirror", "square_name",
    "square_rank", "zobrist_hash",
    # Transforms and planes.
    "bitboards_batch", "flip_anti_diagonal", "flip_diagonal", "flip_horizontal",
    "flip_vertical", "planes_batch", "shift_2_down", "shift_2_left", "shift_2_right",
    "shift_2_up", "shift_down", "shift_down_left", "shift_down_right", "shift_left",
    "shift_right", "shift_up", "shift_up_left", "shift_up_right",
    # The squares and their masks.
    "A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "A2", "B2", "C2", "D2", "E2", "F2", "G2",
    "H2", "A3", "B3", "C3", "D3", "E3", "F3", "G3", "H3", "A4", "B4", "C4", "D4", "E4", "F4",
    "G4", "H4", "A5", "B5", "C5", "D5", "E5", "F5", "G5", "H5", "A6", "B6", "C6", "D6", "E6",
    "F6", "G6", "H6", "A7", "B7", "C7", "D7", "E7", "F7", "G7", "H7", "A8", "B8", "C8", "D8",
    "E8", "F8", "G8", "H8",
    "BB_A1", "BB_B1", "BB_C1", "BB_D1", "BB_E1", "BB_F1", "BB_G1", "BB_H1", "BB_A2", "BB_B2",
    "BB_C2", "BB_D2", "BB_E2", "BB_F2", "BB_G2", "BB_H2", "BB_A3", "BB_B3", "BB_C3", "BB_D3",
    "BB_E3", "BB_F3", "BB_G3", "BB_H3", "BB_A4", "BB_B4", "BB_C4", "BB_D4", "BB_E4", "BB_F4",
    "BB_G4", "BB_H4", "BB_A5", "BB_B5", "BB_C5", "BB_D5", "BB_E5", "BB_F5", "BB_G5", "BB_H5",
    "BB_A6", "BB_B6", "BB_C6", "BB_D6", "BB_E6", "BB_F6", "BB_G6", "BB_H6", "BB_A7", "BB_B7",
    "BB_C7", "BB_D7", "BB_E7", "BB_F7", "BB_G7", "BB_H7", "BB_A8", "BB_B8", "BB_C8", "BB_D8",
    "BB_E8", "BB_F8", "BB_G8", "BB_H8",
    "BB_FILE_A", "BB_FILE_B", "BB_FILE_C", "BB_FILE_D", "BB_FILE_E", "BB_FILE_F", "BB_FILE_G",
    "BB_FILE_H", "BB_RANK_1", "BB_RANK_2", "BB_RANK_3", "BB_RANK_4", "BB_RANK_5", "BB_RANK_6",
    "BB_RANK_7", "BB_RANK_8",
]
