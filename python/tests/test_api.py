"""The Python API: python-chess's names, errors, and what magicboard adds."""

from __future__ import annotations

import copy
import pickle
import sys
import threading
import time

import pytest

import magicboard
from magicboard import (
    AmbiguousMoveError,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Piece,
    SquareSet,
)

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_readme_example():
    board = magicboard.Board()
    assert board.legal_moves.count() == 20
    board.push_san("e4")
    assert board.san(board.parse_uci("e7e5")) == "e5"
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert magicboard.Board().perft(4) == 197_281


# ----- constants and helpers ---------------------------------------------------


def test_square_constants_and_helpers():
    assert magicboard.E4 == 28
    assert magicboard.A1 == 0 and magicboard.H8 == 63
    assert magicboard.SQUARES == list(range(64))
    assert magicboard.SQUARE_NAMES[magicboard.E4] == "e4"
    assert magicboard.square_name(magicboard.E4) == "e4"
    assert magicboard.parse_square("e4") == magicboard.E4
    assert magicboard.square(4, 3) == magicboard.E4
    assert magicboard.square_file(magicboard.E4) == 4
    assert magicboard.square_rank(magicboard.E4) == 3
    assert magicboard.square_mirror(magicboard.E2) == magicboard.E7
    assert magicboard.BB_SQUARES[magicboard.E4] == magicboard.BB_E4 == 1 << 28
    assert magicboard.BB_FILE_E & magicboard.BB_RANK_4 == magicboard.BB_E4
    assert magicboard.BB_ALL == (1 << 64) - 1
    assert magicboard.BB_LIGHT_SQUARES | magicboard.BB_DARK_SQUARES == magicboard.BB_ALL
    with pytest.raises(ValueError, match="e9"):
        magicboard.parse_square("e9")
    with pytest.raises(IndexError):
        magicboard.square_name(64)
    with pytest.raises(IndexError):
        magicboard.square(8, 0)


def test_piece_and_color_constants():
    assert (magicboard.PAWN, magicboard.KING) == (1, 6)
    assert magicboard.PIECE_TYPES == [1, 2, 3, 4, 5, 6]
    assert magicboard.WHITE is True and magicboard.BLACK is False
    assert magicboard.piece_symbol(magicboard.KNIGHT) == "n"
    assert magicboard.piece_name(magicboard.QUEEN) == "queen"
    assert magicboard.STARTING_BOARD_FEN == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def test_every_public_name_is_documented():
    missing = []
    for name in magicboard.__all__:
        value = getattr(magicboard, name)
        if callable(value) and not (value.__doc__ or "").strip():
            missing.append(name)
        if isinstance(value, type):
            for member, attr in vars(value).items():
                if member.startswith("_") or not (callable(attr) or isinstance(attr, property) or hasattr(attr, "__get__")):
                    continue
                if not (getattr(attr, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{member}")
    assert magicboard.__doc__ and magicboard.polyglot.__doc__
    assert not missing, missing


def test_stubs_and_py_typed_are_installed():
    from importlib import resources

    files = resources.files("magicboard")
    assert files.joinpath("py.typed").is_file()
    assert files.joinpath("_magicboard.pyi").is_file()


def test_version_and_licence_are_the_packages():
    """``__version__`` is the installed distribution's, which is the crate's
    (python/Cargo.toml, the version maturin builds), and the distribution
    carries the licence: its SPDX expression and LICENSE's text."""
    import re
    from importlib import metadata
    from pathlib import Path

    cargo = Path(__file__).resolve().parents[1] / "Cargo.toml"
    crate_version = re.search(r'^version = "([^"]+)"', cargo.read_text(), re.M)
    assert crate_version is not None
    assert magicboard.__version__ == metadata.version("magicboard") == crate_version.group(1)

    meta = metadata.metadata("magicboard")
    assert meta["License-Expression"] == "MIT"
    files = [f for f in metadata.files("magicboard") or [] if f.name == "LICENSE"]
    assert files, "no LICENSE in the installed distribution"
    repo_licence = Path(__file__).resolve().parents[2] / "LICENSE"
    assert files[0].read_text() == repo_licence.read_text()
    urls = meta.get_all("Project-URL") or []
    assert any(u.startswith("Repository, https://github.com/magicboard-rs/magicboard") for u in urls), urls


# ----- Move and Piece ----------------------------------------------------------


def test_move():
    move = Move.from_uci("e7e8q")
    assert (move.from_square, move.to_square, move.promotion, move.drop) == (
        magicboard.E7,
        magicboard.E8,
        magicboard.QUEEN,
        None,
    )
    assert move.uci() == str(move) == "e7e8q"
    assert repr(move) == "Move.from_uci('e7e8q')"
    assert move == Move(magicboard.E7, magicboard.E8, magicboard.QUEEN)
    assert move != Move(magicboard.E7, magicboard.E8, magicboard.KNIGHT)
    assert len({move, Move.from_uci("e7e8q"), Move.from_uci("e2e4")}) == 2
    assert not Move.null() and Move.null().uci() == "0000" and Move.from_uci("0000") == Move.null()
    assert Move.null().xboard() == "@@@@"
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.deepcopy(move) == move
    with pytest.raises(AttributeError):
        move.from_square = 3  # type: ignore[misc]


@pytest.mark.parametrize("text", ["", "e2", "e2e4qq", "e2e2", "E2E4", "e2e9", "e7e8Q", "P@e4", "e2e4x"])
def test_move_from_uci_rejects(text):
    with pytest.raises(InvalidMoveError):
        Move.from_uci(text)
    assert issubclass(InvalidMoveError, ValueError)


def test_move_constructor_checks():
    with pytest.raises(IndexError):
        Move(64, 0)
    with pytest.raises(ValueError):
        Move(0, 8, 7)
    with pytest.raises(ValueError, match="drops"):
        Move(0, 8, drop=magicboard.PAWN)


def test_piece():
    knight = Piece.from_symbol("N")
    assert (knight.piece_type, knight.color) == (magicboard.KNIGHT, magicboard.WHITE)
    assert knight.symbol() == str(knight) == "N"
    assert repr(knight) == "Piece.from_symbol('N')"
    assert knight.unicode_symbol() == "♘"
    assert knight.unicode_symbol(invert_color=True) == "♞"
    assert knight == Piece(magicboard.KNIGHT, magicboard.WHITE)
    assert len({knight, Piece.from_symbol("n"), Piece(2, True)}) == 2
    assert pickle.loads(pickle.dumps(knight)) == knight
    with pytest.raises(ValueError):
        Piece.from_symbol("x")
    with pytest.raises(ValueError):
        Piece(0, True)


# ----- SquareSet --------------------------------------------------------------


def test_squareset():
    s = SquareSet([magicboard.A1, magicboard.E4, magicboard.H8])
    assert list(s) == [0, 28, 63]
    assert list(reversed(s)) == [63, 28, 0]
    assert len(s) == 3 and magicboard.E4 in s and magicboard.E5 not in s
    assert int(s) == s.mask == 1 | 1 << 28 | 1 << 63
    assert s == int(s) and s == SquareSet(int(s)) and s != 0
    assert hash(s) == hash(int(s))
    assert (s & magicboard.BB_RANK_1) == SquareSet([magicboard.A1])
    assert (magicboard.BB_RANK_1 & s) == SquareSet([magicboard.A1])
    assert (s | magicboard.BB_E5) == SquareSet([0, 28, 36, 63])
    assert (s - [magicboard.A1]) == SquareSet([28, 63])
    assert len(~s) == 61
    assert s.issubset(magicboard.BB_ALL) and not s.issuperset(magicboard.BB_ALL)
    assert s.mirror() == SquareSet([magicboard.A8, magicboard.E5, magicboard.H1])
    assert bool(SquareSet()) is False
    assert repr(SquareSet(magicboard.BB_E4)) == "SquareSet(0x0000000010000000)"
    assert str(SquareSet(magicboard.BB_A8)).splitlines()[0] == "1 . . . . . . ."
    assert SquareSet.between(magicboard.A1, magicboard.D4) == SquareSet([magicboard.B2, magicboard.C3])
    assert magicboard.H8 in SquareSet.ray(magicboard.A1, magicboard.B2)
    assert SquareSet(~0) == magicboard.BB_ALL  # a negative mask keeps its low 64 bits
    assert s.tolist()[28] is True and sum(s.tolist()) == 3
    assert pickle.loads(pickle.dumps(s)) == s


# ----- Board: reading and writing positions ------------------------------------


def test_fen_round_trip_and_fields():
    board = Board(KIWIPETE)
    assert board.fen() == KIWIPETE
    assert board.turn == magicboard.WHITE
    assert board.castling_rights == magicboard.BB_A1 | magicboard.BB_H1 | magicboard.BB_A8 | magicboard.BB_H8
    assert board.has_kingside_castling_rights(magicboard.BLACK)
    assert (board.halfmove_clock, board.fullmove_number, board.ep_square) == (0, 1, None)
    assert board.piece_at(magicboard.E1) == Piece(magicboard.KING, magicboard.WHITE)
    assert board.piece_at(magicboard.E3) is None
    assert board.piece_type_at(magicboard.F3) == magicboard.QUEEN
    assert board.color_at(magicboard.A8) == magicboard.BLACK
    assert board.king(magicboard.BLACK) == magicboard.E8
    assert len(board.pieces(magicboard.PAWN, magicboard.WHITE)) == 8
    assert board.pieces_mask(magicboard.ROOK, magicboard.BLACK) == magicboard.BB_A8 | magicboard.BB_H8
    assert len(board.piece_map()) == 32
    assert board.occupied_co[magicboard.WHITE] | board.occupied_co[magicboard.BLACK] == board.occupied
    assert board.board_fen() == KIWIPETE.split()[0]
    assert board.shredder_fen().split()[2] == "HAha"
    assert str(Board()).splitlines()[0] == "r n b q k b n r"
    assert repr(Board()) == f"Board('{magicboard.STARTING_FEN}')"
    assert Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").fen() == magicboard.STARTING_FEN


@pytest.mark.parametrize(
    "fen, words",
    [
        ("", "fields"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "'X'"),
        ("8/8/8/8/8/8/8/K7 w - - 0 1", "king"),
        ("8/8/8/8/8/8/8/Kk6 w - - 0 1", "check"),
    ],
)
def test_bad_fen_raises_value_error_naming_the_problem(fen, words):
    with pytest.raises(ValueError, match="invalid fen") as info:
        Board(fen)
    assert words in str(info.value)


def test_no_empty_board():
    with pytest.raises(ValueError, match="empty"):
        Board(None)


def test_en_passant_square_and_fen_options():
    board = Board()
    board.push_uci("e2e4")
    assert board.ep_square is None  # no black pawn beside e4 (python-chess: E3)
    board = Board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
    assert board.ep_square == magicboard.D6 and board.has_legal_en_passant()
    pinned = Board("4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
    assert pinned.ep_square == magicboard.D6 and not pinned.has_legal_en_passant()
    assert pinned.fen().split()[3] == "-"
    assert pinned.fen(en_passant="xfen").split()[3] == "d6"
    with pytest.raises(ValueError):
        pinned.fen(en_passant="fen")


def test_chess960():
    board = Board.from_chess960_pos(518)
    assert board.chess960 and board.fen() == magicboard.STARTING_FEN
    board = Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    castle = board.parse_san("O-O")
    assert castle == Move.from_uci("e1g1") and board.is_castling(castle)
    assert board.uci(castle) == "e1g1" and board.uci(castle, chess960=True) == "e1h1"
    board.chess960 = True
    castle = board.parse_san("O-O")
    assert castle == Move.from_uci("e1h1") and board.is_castling(castle)
    assert board.uci(castle) == "e1h1" and board.uci(castle, chess960=False) == "e1g1"
    # On a Chess960 board castling is king-takes-rook only.
    assert not board.is_legal(Move.from_uci("e1g1"))
    with pytest.raises(ValueError, match="959"):
        Board.from_chess960_pos(960)
    inner = Board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1")
    assert inner.chess960 and inner.fen().split()[2] == "KQkq"


# ----- Board: moves -------------------------------------------------------------


def test_push_pop_peek_move_stack():
    board = Board()
    for san in ["e4", "e5", "Nf3"]:
        board.push_san(san)
    assert [m.uci() for m in board.move_stack] == ["e2e4", "e7e5", "g1f3"]
    assert board.peek() == Move.from_uci("g1f3")
    assert board.pop() == Move.from_uci("g1f3")
    board.push(Move.from_uci("b1c3"))
    assert board.root() == Board()
    board.move_stack.clear()  # a copy: the board keeps its stack
    assert len(board.move_stack) == 3
    while board.move_stack:
        board.pop()
    assert board == Board()
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_push_checks_the_move():
    board = Board()
    with pytest.raises(IllegalMoveError, match="e2e5"):
        board.push(Move.from_uci("e2e5"))
    with pytest.raises(IllegalMoveError, match="null"):
        board.push(Move.null())
    with pytest.raises(TypeError):
        board.push("e2e4")  # type: ignore[arg-type]
    assert board == Board() and not board.move_stack


def test_push_and_pop_calls():
    # push and pop are CPython methods of their own for their common case;
    # every other call behaves as python-chess's (and PyO3's method) does.
    board = Board()
    first = next(iter(board.legal_moves))
    assert board.push(move=first) is None
    assert board.pop() == first
    assert Board.push(board, first) is None and Board.pop(board) == first
    with pytest.raises(TypeError):
        Board.push(1, first)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        board.push()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        board.push(first, first)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        board.push(mover=first)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        board.pop(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        board.pop(move=first)  # type: ignore[call-arg]
    with pytest.raises(IndexError, match="empty"):
        board.pop()
    assert board == Board() and not board.move_stack
    assert "move" in (Board.push.__text_signature__ or "")
    assert Board.push.__doc__ and Board.pop.__doc__
    # push's None and pop's Move are new references: the counts balance
    # (`None`'s count is constant from CPython 3.12 on: immortal).
    nones, firsts = sys.getrefcount(None), sys.getrefcount(first)
    for _ in range(10_000):
        board.push(first)
        board.pop()
    assert abs(sys.getrefcount(None) - nones) < 100
    assert sys.getrefcount(first) == firsts


def refused(board: Board, uci: str) -> None:
    """`push` of `uci` raises IllegalMoveError and leaves the board as it was."""
    fen, stack = board.fen(), list(board.move_stack)
    with pytest.raises(IllegalMoveError, match=uci):
        board.push(Move.from_uci(uci))
    assert board.fen() == fen and board.move_stack == stack


def test_push_of_a_listed_move_once_the_position_changed():
    # `push` plays a move that `legal_moves` listed without testing it
    # again, while the board stands in the position it was listed in; in any
    # other position (even at the same ply) the move is tested, and refused
    # when illegal, with the board unchanged.
    # Another position at the same ply: set_fen, set_epd, clear_stack. (In
    # check from the rook on h1, White has a pawn on e2 that could move but
    # must not.)
    board = Board()
    assert Move.from_uci("e2e4") in list(board.legal_moves)
    board.set_fen("4k3/8/8/8/8/8/4P3/4K2r w - - 0 1")
    refused(board, "e2e4")
    board = Board()
    list(board.legal_moves)
    board.set_epd("4k3/8/8/8/8/8/4P3/4K2r w - -")
    refused(board, "e2e4")
    board = Board()
    list(board.legal_moves)
    board.push_san("e4")
    board.clear_stack()  # ply 0 again, Black to move
    refused(board, "d2d4")
    # Taken back below the listed position, and another one at its ply.
    board = Board()
    board.push_san("e4")
    board.push_san("e5")
    assert Move.from_uci("f1c4") in list(board.legal_moves)
    board.pop()
    board.pop()
    board.push_san("d4")
    board.push_san("d5")
    refused(board, "f1c4")
    # Played and taken back above it: the listed position again.
    board = Board()
    board.push_san("e4")
    board.push_san("e5")
    listed = list(board.legal_moves)
    for move in listed:
        board.push(move)
        assert list(board.legal_moves)  # a listing of the next position
        board.push(next(iter(board.legal_moves)))
        board.pop()
        assert board.pop() == move
    refused(board, "e1g1")


def test_moves_listed_at_each_ply_of_the_line_are_kept():
    # Each position of the current line keeps its own listing, so a walk
    # that lists the moves of every position it visits (a search, a
    # recursive perft) pushes them without the legality test at every
    # depth; it must count what CPW publishes. A listing goes when the move
    # below it is taken back (the test above), and the oldest go when the
    # line is longer than the listings kept.
    def walk(board: Board, depth: int) -> int:
        if depth == 0:
            return 1
        nodes = 0
        for move in list(board.legal_moves):
            board.push(move)
            nodes += walk(board, depth - 1)
            board.pop()
        return nodes

    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    board = Board(kiwipete)
    assert walk(board, 3) == 97862  # CPW's count
    assert board.fen() == kiwipete and not board.move_stack

    # Listed at plies 0 and 2; deeper listings come and go; the ply-2
    # listing serves until the move below it is taken back, and a position
    # at its ply reached by other moves does not use it.
    board = Board()
    list(board.legal_moves)
    board.push_san("e4")
    board.push_san("e5")
    assert Move.from_uci("f1c4") in list(board.legal_moves)
    board.push_san("Nf3")
    list(board.legal_moves)
    board.pop()
    board.push(Move.from_uci("f1c4"))
    assert board.peek() == Move.from_uci("f1c4")
    board.pop()
    board.pop()
    board.pop()
    board.push_san("d4")
    board.push_san("d5")
    refused(board, "f1c4")

    # A line longer than the listings remembered: the oldest go, and every
    # push stays right.
    board = Board()
    line = []
    for _ in range(40):
        moves = [m for m in board.legal_moves if not board.is_capture(m)]
        if not moves:
            break
        board.push(moves[len(line) % len(moves)])
        line.append(board.peek())
    while board.move_stack:
        assert board.pop() == line.pop()
        for move in list(board.legal_moves):
            board.push(move)
            board.pop()
    assert board.fen() == Board().fen()


def test_parse_errors_are_python_chess_types():
    board = Board()
    with pytest.raises(InvalidMoveError):
        board.parse_uci("e2")
    with pytest.raises(IllegalMoveError):
        board.parse_uci("e2e5")
    with pytest.raises(InvalidMoveError):
        board.parse_san("Xe4")
    with pytest.raises(IllegalMoveError, match="Nf4"):
        board.push_san("Nf4")
    knights = Board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(AmbiguousMoveError, match="Nd2"):
        knights.parse_san("Nd2")
    assert knights.parse_san("Nbd2") == Move.from_uci("b1d2")
    for error in (IllegalMoveError, InvalidMoveError, AmbiguousMoveError):
        assert issubclass(error, ValueError)


def test_legal_moves_object():
    board = Board(KIWIPETE)
    moves = board.legal_moves
    assert len(moves) == moves.count() == 48 == len(list(moves))
    assert Move.from_uci("e1g1") in moves and Move.from_uci("e1h1") in moves
    assert Move.from_uci("e2e4") not in moves and "e2e4" not in moves
    assert bool(moves)
    assert repr(moves).startswith("<LegalMoveGenerator at 0x") and ", O-O, " in repr(moves)
    king_moves = sorted(m.uci() for m in board.generate_legal_moves(magicboard.BB_E1))
    assert king_moves == ["e1c1", "e1d1", "e1f1", "e1g1"]
    # Castling is masked by its rook's square, as in python-chess.
    assert list(board.generate_legal_moves(magicboard.BB_E1, magicboard.BB_H1)) == [Move.from_uci("e1g1")]
    assert len(board.pseudo_legal_moves) == 48
    board.push_san("O-O")  # the generator follows the board
    assert Move.from_uci("e1g1") not in moves
    assert Move.from_uci("e8g8") in moves
    mate = Board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1")
    assert not mate.legal_moves and len(mate.legal_moves) == 0


def test_move_facts():
    board = Board("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2")
    assert board.is_en_passant(Move.from_uci("e5d6")) and board.is_capture(Move.from_uci("e5d6"))
    assert board.is_capture(Move.from_uci("a1a8"))
    assert board.gives_check(Move.from_uci("a1a8"))
    assert board.is_castling(Move.from_uci("e1g1")) and board.is_kingside_castling(Move.from_uci("e1g1"))
    assert board.is_queenside_castling(Move.from_uci("e1c1"))
    assert not board.is_castling(Move.from_uci("e1f1"))
    assert board.is_zeroing(Move.from_uci("e5e6")) and not board.is_zeroing(Move.from_uci("e1f1"))
    assert board.is_legal(Move.from_uci("e1g1")) and not board.is_legal(Move.from_uci("e1e3"))
    assert board.san(Move.from_uci("a1a8")) == "Rxa8+"
    assert board.san(Move.null()) == "--"
    with pytest.raises(IllegalMoveError):
        board.san(Move.from_uci("e1e3"))


def test_python_chess_moves_are_accepted():
    chess = pytest.importorskip("chess")
    board = Board()
    board.push(chess.Move.from_uci("g1f3"))
    assert chess.Move.from_uci("e7e5") in board.legal_moves
    assert board.san(chess.Move.from_uci("e7e5")) == "e5"
    assert board.peek() == Move.from_uci("g1f3")


def test_copy_root_reset_set_fen():
    board = Board()
    for san in ["d4", "d5", "c4"]:
        board.push_san(san)
    full = board.copy()
    assert full.move_stack == board.move_stack and full == board and full is not board
    full.pop()
    assert len(board.move_stack) == 3
    assert board.copy(stack=False).move_stack == []
    last = board.copy(stack=1)
    assert [m.uci() for m in last.move_stack] == ["c2c4"] and last == board
    assert last.root().fen() == "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"
    assert copy.copy(board) == board and copy.deepcopy(board) == board
    restored = pickle.loads(pickle.dumps(board))
    assert restored == board and restored.move_stack == board.move_stack
    board.set_fen(KIWIPETE)
    assert board.fen() == KIWIPETE and board.move_stack == []
    with pytest.raises(ValueError):
        board.set_fen("nonsense")
    assert board.fen() == KIWIPETE
    board.reset()
    assert board == Board()
    with pytest.raises(TypeError):
        hash(board)


# ----- Board: the end of the game ---------------------------------------------


def test_outcomes():
    fools = Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    outcome = fools.outcome()
    assert outcome is not None
    assert outcome.termination == magicboard.Termination.CHECKMATE
    assert outcome.winner == magicboard.BLACK and outcome.result() == "0-1" == fools.result()
    assert fools.is_checkmate() and fools.is_game_over()
    stalemate = Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.outcome().termination == magicboard.Termination.STALEMATE
    assert stalemate.result() == "1/2-1/2"
    # python-chess's order: insufficient material before stalemate.
    bare = Board("7k/5B2/6K1/8/8/8/8/8 b - - 0 1")
    assert bare.is_stalemate() and bare.outcome().termination == magicboard.Termination.INSUFFICIENT_MATERIAL
    fifty = Board("8/8/4k3/8/8/3K4/8/R7 w - - 99 80")
    assert fifty.outcome() is None and not fifty.is_fifty_moves() and fifty.can_claim_fifty_moves()
    assert fifty.outcome(claim_draw=True).termination == magicboard.Termination.FIFTY_MOVES
    assert Board().result() == "*"


def test_repetitions():
    board = Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]:
        board.push_san(san)
    assert board.is_repetition(2) and not board.is_repetition(3)
    assert board.can_claim_threefold_repetition() and board.can_claim_draw()
    board.push_san("Ng8")
    assert board.is_repetition() and board.outcome() is None
    assert board.outcome(claim_draw=True).termination == magicboard.Termination.THREEFOLD_REPETITION
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"] * 2:
        board.push_san(san)
    assert board.is_fivefold_repetition()
    assert board.outcome().termination == magicboard.Termination.FIVEFOLD_REPETITION


# ----- beyond python-chess ----------------------------------------------------


def test_perft_divide_see():
    assert Board().perft(0) == 1
    assert Board(KIWIPETE).perft(3) == 97_862
    assert Board().perft(5, threads=2) == 4_865_609
    divide = Board(KIWIPETE).divide(2)
    assert len(divide) == 48 and sum(divide.values()) == 2039
    assert all(isinstance(m, Move) for m in divide)
    assert Board().divide(0) == {}
    board = Board("4k3/8/3p4/4p3/8/8/8/K3R3 w - - 0 1")
    assert board.see(Move.from_uci("e1e5")) == -400
    with pytest.raises(IllegalMoveError):
        board.see(Move.from_uci("e1e8"))


def test_perft_releases_the_gil():
    board = Board(KIWIPETE)
    done = threading.Event()
    result = []

    def count():
        result.append(board.perft(5))
        done.set()

    worker = threading.Thread(target=count)
    started = time.perf_counter()
    worker.start()
    spins = 0
    while not done.is_set():
        spins += 1
    worker.join()
    elapsed = time.perf_counter() - started
    assert result == [193_690_690]
    # Python ran here while Rust counted: with the GIL held, the loop
    # would have stalled for the whole count.
    assert spins > 1000, (spins, elapsed)


def test_batches():
    fens = [magicboard.STARTING_FEN, KIWIPETE, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"]
    boards = [Board(f) for f in fens]
    raw = magicboard.legal_move_masks(fens, as_numpy=False)
    assert isinstance(raw, bytes) and len(raw) == 3 * 4096
    for i, board in enumerate(boards):
        expected = {(m.from_square, m.to_square) for m in board.legal_moves}
        got = {(f, t) for f in range(64) for t in range(64) if raw[4096 * i + 64 * f + t]}
        assert got == expected
    assert magicboard.legal_move_masks(boards, as_numpy=False, threads=2) == raw
    assert magicboard.legal_moves_uci(fens) == [[m.uci() for m in b.legal_moves] for b in boards]
    assert magicboard.legal_moves_batch(boards, threads=0) == [list(b.legal_moves) for b in boards]
    with pytest.raises(ValueError, match="position 1"):
        magicboard.legal_moves_uci([magicboard.STARTING_FEN, "bad fen"])
    with pytest.raises(TypeError):
        magicboard.legal_moves_uci([42])
    assert magicboard.legal_moves_uci([]) == []


def test_batch_as_numpy():
    numpy = pytest.importorskip("numpy")
    masks = magicboard.legal_move_masks([magicboard.STARTING_FEN, KIWIPETE])
    assert isinstance(masks, numpy.ndarray)
    assert masks.shape == (2, 64, 64) and masks.dtype == numpy.uint8
    assert int(masks[0].sum()) == 20 and int(masks[1].sum()) == 48
    assert masks[0, magicboard.E2, magicboard.E4] == 1
    masks[0, 0, 0] = 1  # writable


def test_a_rust_panic_is_a_python_exception():
    with pytest.raises(BaseException, match="on purpose") as info:
        magicboard._magicboard._panic_for_tests()
    assert type(info.value).__name__ == "PanicException"
    assert Board().legal_moves.count() == 20  # and the interpreter goes on


def test_stubs_match_the_module(tmp_path):
    """The type stubs against the compiled module (mypy's stubtest), and a
    typed program using the package."""
    pytest.importorskip("mypy")
    import subprocess
    import sys
    from pathlib import Path

    allowlist = Path(__file__).with_name("stubtest-allowlist.txt")
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "magicboard._magicboard", "--allowlist", str(allowlist)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    program = tmp_path / "uses_magicboard.py"
    program.write_text(
        "import magicboard\n"
        "board = magicboard.Board()\n"
        "moves: list[magicboard.Move] = list(board.legal_moves)\n"
        "board.push(moves[0])\n"
        "san: str = board.san(board.parse_uci('e7e5'))\n"
        "outcome = board.outcome()\n"
        "winner = outcome.winner if outcome is not None else None\n"
        "count: int = board.perft(2)\n"
        "squares: list[int] = list(board.pieces(magicboard.PAWN, magicboard.WHITE))\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(program)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout + run.stderr
