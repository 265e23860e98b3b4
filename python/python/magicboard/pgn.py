"""Reading and writing PGN under python-chess's ``chess.pgn`` names.

Games are read by magicboard-pgn in Rust and replayed on magicboard's
boards; the tree that comes back (``Game``, ``ChildNode``, their
``variations``, ``comment``, ``starting_comment`` and ``nags``) is
python-chess's, so code moves over by changing the import::

    import magicboard.pgn

    with open("games.pgn", encoding="utf-8") as handle:
        game = magicboard.pgn.read_game(handle)
    board = game.board()
    for move in game.mainline_moves():
        board.push(move)
    print(game.headers["White"], board.fen())
    print(game)                       # the game in PGN, as python-chess writes it

``read_game`` consumes from the handle exactly the lines python-chess's
does, so ``tell()`` and ``seek()`` between games work the same way.

For whole files there is a faster path that python-chess lacks:
``read_games(path)`` yields ``(headers, moves)`` for each game and
``read_positions(path)`` yields batches of positions as NumPy arrays; both
read plain, ``.zst`` (the lichess database) and ``.gz`` files, release the
GIL while they read, and can use several threads.

Where this module differs from python-chess:

- Only standard chess and Chess960 are read; a game of another variant
  (a ``Variant`` tag python-chess would give a variant board) is a
  ``ValueError`` in ``Game.errors`` and its moves are skipped.
- Boards are magicboard's: ``node.board()`` holds only legal positions, so
  a node whose move is not legal where it stands raises
  ``IllegalMoveError`` there (python-chess plays any pseudo-legal move).
  A null move (``--``) is read and written; the boards after it are built
  from the position (their ``move_stack`` starts after the null move).
- ``eval()``, ``set_eval()``, ``arrows()``, ``set_arrows()`` and
  ``Game.time_control()`` (which need ``chess.engine`` and ``chess.svg``)
  are not here; ``clock()``, ``set_clock()``, ``emt()`` and ``set_emt()``
  are.
- ``read_game(handle, Visitor=...)`` with a visitor other than the ones
  here reads the game first, then walks it with the visitor (as
  ``Game.accept`` does, plus ``begin_headers`` and ``handle_error`` for each
  error); the visitor's ``parse_san`` and ``begin_parse_san`` are not called.
"""

from __future__ import annotations

import enum
import logging
import os
import re
from typing import (
    Any,
    Callable,
    Dict,
    Generic,
    Iterable,
    Iterator,
    List,
    Mapping,
    MutableMapping,
    Optional,
    Set,
    TextIO,
    Tuple,
    Type,
    TypeVar,
    Union,
)

from ._magicboard import (
    STARTING_FEN,
    Board,
    Games as _Games,
    Move,
    PgnError,
    Positions as _Positions,
    _read_game,
)

LOGGER = logging.getLogger(__name__)

# ----- NAGs: numeric annotation glyphs (the PGN standard's numbers) ----------

NAG_NULL = 0
NAG_GOOD_MOVE = 1
"""``!``"""
NAG_MISTAKE = 2
"""``?``"""
NAG_BRILLIANT_MOVE = 3
"""``!!``"""
NAG_BLUNDER = 4
"""``??``"""
NAG_SPECULATIVE_MOVE = 5
"""``!?``"""
NAG_DUBIOUS_MOVE = 6
"""``?!``"""
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
"""The Seven Tag Roster, in the order PGN writes it."""

_TAG_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")

# The [Variant] names played on a standard board, compared without case.
_STANDARD_VARIANTS = frozenset(
    ["standard", "chess", "classical", "normal", "illegal", "from position", "fromposition"]
)
_CHESS960_VARIANTS = frozenset(
    ["chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"]
)
_WILD_VARIANTS = frozenset(
    ["wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7", "wild/8", "wild/8a"]
)


class SkipType(enum.Enum):
    """The value a visitor's method returns to skip what it was called for."""

    SKIP = None


SKIP = SkipType.SKIP

ResultT = TypeVar("ResultT")
GameT = TypeVar("GameT", bound="Game")
HeadersT = TypeVar("HeadersT", bound="Headers")
MapT = TypeVar("MapT")


def _null_move_played(board: Board) -> Board:
    """The position after a null move on ``board``: the other side to move,
    no en-passant square, the clocks advanced (a board without history)."""
    placement, turn, castling, _, halfmove, fullmove = board.fen().split(" ")
    after_white = turn == "w"
    fen = " ".join(
        [
            placement,
            "b" if after_white else "w",
            castling,
            "-",
            str(int(halfmove) + 1),
            fullmove if after_white else str(int(fullmove) + 1),
        ]
    )
    return Board(fen, chess960=board.chess960)


def _played(board: Board, move: Move) -> Board:
    """``board`` with ``move`` pushed (a new board for a null move)."""
    if not move:
        return _null_move_played(board)
    board.push(move)
    return board


def _san(board: Board, move: Move) -> str:
    """The SAN of ``move`` on ``board``; ``--`` for a null move."""
    return board.san(move) if move else "--"


# ----- headers ----------------------------------------------------------------


_ROSTER_DEFAULTS = {
    "Event": "?",
    "Site": "?",
    "Date": "????.??.??",
    "Round": "?",
    "White": "?",
    "Black": "?",
    "Result": "*",
}


class Headers(MutableMapping[str, str]):
    """A game's tag pairs: a mapping that lists the Seven Tag Roster first,
    in its order, then the other tags in the order they were set.

    ``Headers()`` holds the roster's defaults (``Event="?"`` ...
    ``Result="*"``); ``Headers({})`` is empty. Names must be PGN tag names
    (``ValueError`` otherwise) and values must not hold a line break.
    """

    def __init__(
        self,
        data: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None,
        **kwargs: str,
    ) -> None:
        self._tag_roster: Dict[str, str] = {}
        self._others: Dict[str, str] = {}
        if data is None:
            self._tag_roster.update(_ROSTER_DEFAULTS)
        else:
            self.update(data)
        if kwargs:
            self.update(kwargs)

    def is_chess960(self) -> bool:
        """True when the ``Variant`` tag names Chess960."""
        return self.get("Variant", "").lower() in _CHESS960_VARIANTS

    def is_wild(self) -> bool:
        """True when the ``Variant`` tag is one of FICS's ``wild/N``."""
        return self.get("Variant", "").lower() in _WILD_VARIANTS

    def variant(self) -> Type[Board]:
        """The board class for the ``Variant`` tag: ``Board`` for standard
        chess and Chess960. Raises ``ValueError`` for other variants (not
        supported here)."""
        name = self.get("Variant")
        if name is None or self.is_chess960() or self.is_wild():
            return Board
        if name.lower() in _STANDARD_VARIANTS:
            return Board
        raise ValueError(f"unsupported variant: {name!r} (standard chess and Chess960 are)")

    def board(self) -> Board:
        """The start position: the ``FEN`` tag's, or the standard one."""
        variant = self.variant()
        return variant(self.get("FEN", STARTING_FEN), chess960=self.is_chess960())

    def __setitem__(self, key: str, value: str) -> None:
        if key in TAG_ROSTER:
            self._tag_roster[key] = value
        elif not _TAG_NAME.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        else:
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        if key in TAG_ROSTER:
            return self._tag_roster[key]
        return self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in TAG_ROSTER:
            del self._tag_roster[key]
        else:
            del self._others[key]

    def __iter__(self) -> Iterator[str]:
        roster = self._tag_roster
        for key in TAG_ROSTER:
            if key in roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._tag_roster) + len(self._others)

    def copy(self: HeadersT) -> HeadersT:
        """A copy (of the same class)."""
        return type(self)(self)

    def __copy__(self: HeadersT) -> HeadersT:
        return self.copy()

    def __repr__(self) -> str:
        pairs = ", ".join(f"{key}={value!r}" for key, value in self.items())
        return f"{type(self).__name__}({pairs})"

    @classmethod
    def builder(cls: Type[HeadersT]) -> HeadersBuilder[HeadersT]:
        """A visitor that collects headers of this class."""
        return HeadersBuilder(Headers=cls)

    def _fill(self, tags: Iterable[Tuple[str, str]]) -> None:
        """Sets tags read from a file (their names are valid PGN names)."""
        roster, others = self._tag_roster, self._others
        for key, value in tags:
            if key in TAG_ROSTER:
                roster[key] = value
            else:
                others[key] = value


# ----- the tree ----------------------------------------------------------------

_CLOCK = re.compile(
    r"(?P<prefix>\s?)\[%clk\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)"
)
_EMT = re.compile(
    r"(?P<prefix>\s?)\[%emt\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)"
)


def _seconds(match: "re.Match[str]") -> float:
    return int(match.group("hours")) * 3600 + int(match.group("minutes")) * 60 + float(match.group("seconds"))


def _time_command(name: str, seconds: float) -> str:
    """``[%clk h:mm:ss]`` (or ``%emt``), seconds to the millisecond, without
    trailing zeros."""
    seconds = max(0.0, seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, rest = divmod(rest, 60)
    text = f"{rest:06.3f}".rstrip("0").rstrip(".")
    return f"[%{name} {int(hours):d}:{int(minutes):02d}:{text}]"


def _set_command(comment: str, pattern: "re.Pattern[str]", command: str) -> str:
    """``comment`` with its first command of ``pattern`` replaced by
    ``command`` (removed when ``command`` is empty), or ``command`` added."""
    found = pattern.search(comment)
    if found is None:
        if not command:
            return comment
        if comment and not comment.endswith((" ", "\n")):
            comment += " "
        return comment + command
    prefix, suffix = found.group("prefix"), found.group("suffix")
    if command:
        middle = prefix + command + suffix
    else:
        # One of the white space characters around it stays, when there
        # are two.
        middle = suffix if prefix else ""
    return comment[: found.start()] + middle + comment[found.end() :]


class GameNode:
    """A position of a game: the root (``Game``) or a ``ChildNode``.

    ``variations`` lists the continuations, the main one first; ``comment``
    is the text after the move that reached this node (at the root, before
    the first move); ``starting_comment`` the text before a variation's
    first move; ``nags`` a set of NAG numbers.
    """

    parent: Optional[GameNode]
    move: Optional[Move]
    variations: List[ChildNode]
    comment: str
    starting_comment: str
    nags: Set[int]

    def __init__(self, *, comment: str = "") -> None:
        self.parent = None
        self.move = None
        self.variations = []
        self.comment = comment
        self.starting_comment = ""
        self.nags = set()

    def board(self) -> Board:
        """A new board with this node's position, its moves from the start
        in the move stack. O(n)."""
        raise NotImplementedError

    def ply(self) -> int:
        """The number of half-moves to this node, counted from the start of
        the game (as the start position's move number tells it)."""
        raise NotImplementedError

    def turn(self) -> bool:
        """The side to move at this node (``True`` for White)."""
        return self.ply() % 2 == 0

    def root(self) -> GameNode:
        """The first node: the game."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def game(self) -> Game:
        """The game this node belongs to."""
        root = self.root()
        if not isinstance(root, Game):
            raise ValueError("the node is not part of a Game")
        return root

    def end(self) -> GameNode:
        """The last node of the main continuation from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        """True when no move follows."""
        return not self.variations

    def starts_variation(self) -> bool:
        """True when this node is a continuation other than its parent's
        first (and can have a starting comment)."""
        parent = self.parent
        if parent is None or not parent.variations:
            return False
        return parent.variations[0] is not self

    def is_mainline(self) -> bool:
        """True when the node is on the game's mainline."""
        node = self
        while node.parent is not None:
            siblings = node.parent.variations
            if not siblings or siblings[0] is not node:
                return False
            node = node.parent
        return True

    def is_main_variation(self) -> bool:
        """True when the node is its parent's first continuation (the root
        is too)."""
        parent = self.parent
        if parent is None:
            return True
        return not parent.variations or parent.variations[0] is self

    def __getitem__(self, move: Union[int, Move, GameNode]) -> ChildNode:
        if isinstance(move, int):
            return self.variations[move]
        for variation in self.variations:
            if variation is move or variation.move == move:
                return variation
        raise KeyError(move)

    def __contains__(self, move: object) -> bool:
        try:
            self[move]  # type: ignore[index]
        except (KeyError, IndexError):
            return False
        return True

    def variation(self, move: Union[int, Move, GameNode]) -> ChildNode:
        """The continuation by index, move or node (``KeyError`` or
        ``IndexError`` when there is none)."""
        return self[move]

    def has_variation(self, move: Union[int, Move, GameNode]) -> bool:
        """True when there is such a continuation."""
        return move in self

    def promote_to_main(self, move: Union[int, Move, GameNode]) -> None:
        """Makes a continuation the main one."""
        variation = self[move]
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move: Union[int, Move, GameNode]) -> None:
        """Moves a continuation one place up."""
        variation = self[move]
        i = self.variations.index(variation)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: Union[int, Move, GameNode]) -> None:
        """Moves a continuation one place down."""
        variation = self[move]
        i = self.variations.index(variation)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, move: Union[int, Move, GameNode]) -> None:
        """Removes a continuation and everything after it."""
        self.variations.remove(self[move])

    def add_variation(
        self, move: Move, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> ChildNode:
        """Adds ``move`` as the last continuation and returns its node."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move: Move, *, comment: str = "", nags: Iterable[int] = ()) -> ChildNode:
        """Adds ``move`` as the main continuation and returns its node."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def next(self) -> Optional[ChildNode]:
        """The main continuation, or ``None``."""
        return self.variations[0] if self.variations else None

    def mainline(self) -> Mainline[ChildNode]:
        """The nodes of the main continuation after this node."""
        return Mainline(self, _node)

    def mainline_moves(self) -> Mainline[Move]:
        """The moves of the main continuation after this node."""
        return Mainline(self, _move_of)

    def add_line(
        self, moves: Iterable[Move], *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> GameNode:
        """Adds ``moves`` one after the other from here; the comment and NAGs
        go to the last node, which is returned."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = f"{node.comment} {comment}" if node.comment else comment
        node.nags.update(nags)
        return node

    def clock(self) -> Optional[float]:
        """The remaining time in seconds of a ``[%clk h:mm:ss]`` in the
        comment, or ``None``."""
        found = _CLOCK.search(self.comment)
        return None if found is None else _seconds(found)

    def set_clock(self, seconds: Optional[float]) -> None:
        """Replaces (or adds, or with ``None`` removes) the comment's
        ``[%clk ...]``."""
        command = "" if seconds is None else _time_command("clk", seconds)
        self.comment = _set_command(self.comment, _CLOCK, command)

    def emt(self) -> Optional[float]:
        """The elapsed move time in seconds of an ``[%emt h:mm:ss]`` in the
        comment, or ``None``."""
        found = _EMT.search(self.comment)
        return None if found is None else _seconds(found)

    def set_emt(self, seconds: Optional[float]) -> None:
        """Replaces (or adds, or with ``None`` removes) the comment's
        ``[%emt ...]``."""
        command = "" if seconds is None else _time_command("emt", seconds)
        self.comment = _set_command(self.comment, _EMT, command)

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the nodes in PGN order with ``visitor``; its result."""
        raise NotImplementedError

    def accept_subgame(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the game as if it started at this node (its position in
        ``FEN``/``SetUp`` tags); the visitor's result."""
        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            setup = Game.without_tag_roster()
            setup.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in setup.headers:
                    visitor.visit_header(name, value)
            for name, value in setup.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    _walk(self.variations[0], board, visitor, sidelines=True)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))


def _node(node: ChildNode) -> ChildNode:
    return node


def _move_of(node: ChildNode) -> Move:
    return node.move


class ChildNode(GameNode):
    """A node reached by a move: ``parent``, ``move`` and the rest of
    ``GameNode``. ``ChildNode(parent, move, ...)`` appends itself to
    ``parent.variations``."""

    parent: GameNode
    move: Move

    def __init__(
        self,
        parent: GameNode,
        move: Move,
        *,
        comment: str = "",
        starting_comment: str = "",
        nags: Iterable[int] = (),
    ) -> None:
        super().__init__(comment=comment)
        self.parent = parent
        self.move = move
        parent.variations.append(self)
        self.nags.update(nags)
        self.starting_comment = starting_comment

    def board(self) -> Board:
        moves: List[Move] = []
        node: GameNode = self
        while node.parent is not None:
            moves.append(node.move)  # type: ignore[arg-type]
            node = node.parent
        board = node.game().board()
        for move in reversed(moves):
            board = _played(board, move)
        return board

    def ply(self) -> int:
        depth = 0
        node: GameNode = self
        while node.parent is not None:
            depth += 1
            node = node.parent
        return node.game().ply() + depth

    def san(self) -> str:
        """The SAN of the move that reached this node."""
        return _san(self.parent.board(), self.move)

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        """The UCI text of the move that reached this node."""
        if not self.move:
            return "0000"
        return self.parent.board().uci(self.move, chess960=chess960)

    def end(self) -> ChildNode:
        node: ChildNode = self
        while node.variations:
            node = node.variations[0]
        return node

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        _walk(self, self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            board = self.parent.board()
            text = "{}{} {}".format(board.fullmove_number, "." if board.turn else "...", _san(board, self.move))
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        return f"<{type(self).__name__} at {id(self):#x} ({text} ...)>"


def _child(parent: GameNode, move: Move) -> ChildNode:
    """A node for a move read from a file (no ``__init__``: the fast way)."""
    node = ChildNode.__new__(ChildNode)
    node.__dict__ = {
        "parent": parent,
        "move": move,
        "variations": [],
        "comment": "",
        "starting_comment": "",
        "nags": set(),
    }
    parent.variations.append(node)
    return node


class Game(GameNode):
    """A game: the root node, with ``headers`` (a ``Headers``, the Seven
    Tag Roster's defaults unless given) and ``errors`` (the problems met
    while reading it, as exceptions)."""

    headers: Headers
    errors: List[Exception]

    def __init__(self, headers: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None) -> None:
        super().__init__()
        self.headers = Headers(headers)
        self.errors = []

    # A game read by ``read_game`` keeps its moves in Rust (``_pending``)
    # until its nodes are first asked for: ``mainline_moves()`` alone makes
    # none.
    @property
    def variations(self) -> List[ChildNode]:
        """The continuations from the start position, the main one first."""
        if "_pending" in self.__dict__:
            self._materialize()
        return self.__dict__["_variations"]  # type: ignore[no-any-return]

    @variations.setter
    def variations(self, value: List[ChildNode]) -> None:
        self.__dict__.pop("_pending", None)
        self.__dict__["_variations"] = value

    def _materialize(self) -> None:
        """Makes the nodes of a game read from a file."""
        tree = self.__dict__.pop("_pending")
        parents, moves, comments, starting_comments, nags = tree.nodes()
        nodes: List[GameNode] = [self]
        add = nodes.append
        for parent, move in zip(parents, moves):
            add(_child(nodes[parent], move))
        for i, text in comments:
            nodes[i].comment = text
        for i, text in starting_comments:
            nodes[i].starting_comment = text
        for i, values in nags:
            nodes[i].nags.update(values)

    def __getstate__(self) -> Dict[str, Any]:
        if "_pending" in self.__dict__:
            self._materialize()
        return self.__dict__

    def board(self) -> Board:
        return self.headers.board()

    def ply(self) -> int:
        return self.board().ply() if "FEN" in self.headers else 0

    def setup(self, board: Union[Board, str]) -> None:
        """Sets the start position (a board or a FEN): the ``FEN``,
        ``SetUp`` and ``Variant`` tags."""
        setup = Board(board) if isinstance(board, str) else board
        fen = setup.fen()
        if fen == STARTING_FEN:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        if setup.chess960:
            self.headers["Variant"] = "Chess960"
        else:
            self.headers.pop("Variant", None)

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                try:
                    board: Optional[Board] = self.board()
                except ValueError:
                    # A game of a variant not supported here: without moves,
                    # it is written all the same.
                    if self.variations:
                        raise
                    board = None
                if board is not None:
                    visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.variations and board is not None:
                    _walk(self.variations[0], board, visitor, sidelines=True)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    @classmethod
    def from_board(cls: Type[GameT], board: Board) -> GameT:
        """A game of a board's moves: from its root position, the
        ``Result`` tag its position's result."""
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls: Type[GameT]) -> GameT:
        """A game without tags."""
        return cls(headers={})

    @classmethod
    def builder(cls: Type[GameT]) -> GameBuilder[GameT]:
        """A visitor that builds games of this class."""
        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        headers = self.headers
        errors = f", {len(self.errors)} errors" if self.errors else ""
        return "<{} at {:#x} ({!r} vs. {!r}, {!r} at {!r}{})>".format(
            type(self).__name__,
            id(self),
            headers.get("White", "?"),
            headers.get("Black", "?"),
            headers.get("Date", "????.??.??"),
            headers.get("Site", "?"),
            errors,
        )


class Mainline(Generic[MapT]):
    """The main continuation after a node, as nodes or moves: iterable
    (also reversed), true when not empty; ``str()`` is its PGN."""

    def __init__(self, start: GameNode, f: Callable[[ChildNode], MapT]) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        pending = self.start.__dict__.get("_pending")
        if pending is not None:
            return len(pending) > 0
        return bool(self.start.variations)

    def __iter__(self) -> Iterator[MapT]:
        pending = self.start.__dict__.get("_pending")
        if pending is not None and self.f is _move_of:
            # A game read from a file, whose nodes are not made yet.
            return iter(pending.mainline_moves())
        return self._walk()

    def _walk(self) -> Iterator[MapT]:
        node = self.start
        f = self.f
        while node.variations:
            node = node.variations[0]
            yield f(node)

    def __reversed__(self) -> Iterator[MapT]:
        node = self.start.end()
        while node.parent is not None and node is not self.start:
            yield self.f(node)  # type: ignore[arg-type]
            node = node.parent

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Walks the main continuation's nodes (no variations) with
        ``visitor``; its result."""
        node = self.start
        board = node.board()
        while node.variations:
            node = node.variations[0]
            board = _visit_node(node, board, visitor)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self.accept(StringExporter(columns=None, comments=False))})>"


def _visit_node(node: ChildNode, board: Board, visitor: BaseVisitor[Any]) -> Board:
    """Visits one node played from ``board``: its starting comment, its
    move, the position after it, its NAGs and comment. Returns the board
    after the move (``board`` itself, pushed, but after a null move)."""
    if node.starting_comment:
        visitor.visit_comment(node.starting_comment)
    visitor.visit_move(board, node.move)
    after = _played(board, node.move)
    visitor.visit_board(after)
    for nag in sorted(node.nags):
        visitor.visit_nag(nag)
    if node.comment:
        visitor.visit_comment(node.comment)
    return after


def _walk(node: ChildNode, board: Board, visitor: BaseVisitor[Any], *, sidelines: bool) -> None:
    """Visits the line that starts at ``node`` (played from ``board``) in
    PGN order: each node, then the alternatives to it (its later siblings,
    when ``sidelines``), then its main continuation. ``board`` is left as
    it was."""
    pushed = 0  # moves pushed on ``board`` itself
    current = board
    while True:
        after = _visit_node(node, current, visitor)
        if after is current:
            current.pop()
        if sidelines:
            for sibling in node.parent.variations[1:]:
                if visitor.begin_variation() is not SKIP:
                    _walk(sibling, current, visitor, sidelines=False)
                visitor.end_variation()
        if not node.variations:
            break
        after = _played(current, node.move)
        if after is board:
            pushed += 1
        current = after
        node = node.variations[0]
        sidelines = True
    for _ in range(pushed):
        board.pop()


# ----- visitors ----------------------------------------------------------------


class BaseVisitor(Generic[ResultT]):
    """What walks a game (``Game.accept``) or reads one (``read_game``)
    calls, in PGN order. Every method but ``result`` does nothing by
    default; ``begin_game``, ``end_headers`` and ``begin_variation`` may
    return ``SKIP``."""

    def begin_game(self) -> Optional[SkipType]:
        """A game starts."""
        return None

    def begin_headers(self) -> Optional[Headers]:
        """The headers start."""
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """One tag pair."""

    def end_headers(self) -> Optional[SkipType]:
        """The headers are over."""
        return None

    def begin_parse_san(self, board: Board, san: str) -> Optional[SkipType]:
        """Not called here (python-chess's parser calls it before each SAN)."""
        return None

    def parse_san(self, board: Board, san: str) -> Move:
        """The move ``san`` names on ``board``."""
        return board.parse_san(san)

    def visit_move(self, board: Board, move: Move) -> None:
        """A move, with the board before it (leave it as it is)."""

    def visit_board(self, board: Board) -> None:
        """The start position, and the position after each move (leave it as
        it is)."""

    def visit_comment(self, comment: str) -> None:
        """A comment."""

    def visit_nag(self, nag: int) -> None:
        """A NAG."""

    def begin_variation(self) -> Optional[SkipType]:
        """A variation starts (not called for the mainline)."""
        return None

    def end_variation(self) -> None:
        """A variation ends."""

    def visit_result(self, result: str) -> None:
        """The game's result (its ``Result`` tag)."""

    def end_game(self) -> None:
        """The game is over."""

    def result(self) -> ResultT:
        """What the visitor made."""
        raise NotImplementedError

    def handle_error(self, error: Exception) -> None:
        """A problem met while reading; raises it by default."""
        raise error


class GameBuilder(BaseVisitor[GameT]):
    """Builds a ``Game`` (or the class given as ``Game``): what
    ``read_game`` returns, and a way to copy a game
    (``game.accept(GameBuilder())``). Errors are logged and listed in
    ``Game.errors``."""

    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game: GameT = self.Game()
        self.variation_stack: List[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        if parent is None:
            raise ValueError("a variation needs a move to be an alternative to")
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        top = self.variation_stack[-1]
        if self.in_variation or (top.parent is None and top.is_end()):
            top.comment = " ".join(filter(None, [top.comment, comment]))
        else:
            self.starting_comment = " ".join(filter(None, [self.starting_comment, comment]))

    def visit_move(self, board: Board, move: Move) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self) -> GameT:
        return self.game


class HeadersBuilder(BaseVisitor[HeadersT]):
    """Collects a game's headers (``read_headers``'s visitor)."""

    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> HeadersT:
        self.headers: HeadersT = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> HeadersT:
        return self.headers


class BoardBuilder(BaseVisitor[Board]):
    """The position at the end of the mainline."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Board) -> None:
        if not self.skip_variation_depth:
            self.board = board.copy()

    def result(self) -> Board:
        return self.board


class SkipVisitor(BaseVisitor[bool]):
    """Skips every game (``skip_game``'s visitor)."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> bool:
        return True


class _Exporter:
    """What ``StringExporter`` and ``FileExporter`` share: python-chess's
    layout (tags one a line, a blank line, the movetext wrapped at
    ``columns``, ``{ comments }``, ``$n`` NAGs, ``( variations )``, move
    numbers again after a comment or a variation, the result)."""

    def __init__(
        self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True
    ) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines: List[str] = []
        self.current_line = ""
        self.variation_depth = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token: str) -> None:
        if self.columns is not None and len(self.current_line) + len(token) > self.columns:
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self) -> None:
        self.write_line()

    def begin_headers(self) -> None:
        self.found_headers = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self.found_headers = True
            self.write_line(f'[{tagname} "{tagvalue}"]')

    def end_headers(self) -> None:
        if self.found_headers:
            self.write_line()

    def begin_variation(self) -> Optional[SkipType]:
        self.variation_depth += 1
        if not self.variations:
            return SKIP
        self.write_token("( ")
        self.force_movenumber = True
        return None

    def end_variation(self) -> None:
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def _annotations_shown(self) -> bool:
        return self.comments and (self.variations or not self.variation_depth)

    def visit_comment(self, comment: str) -> None:
        if self._annotations_shown():
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        if self._annotations_shown():
            self.write_token(f"${nag} ")

    def visit_move(self, board: Board, move: Move) -> None:
        if self.variations or not self.variation_depth:
            if board.turn:
                self.write_token(f"{board.fullmove_number}. ")
            elif self.force_movenumber:
                self.write_token(f"{board.fullmove_number}... ")
            self.write_token(_san(board, move) + " ")
            self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        self.write_token(result + " ")


class StringExporter(_Exporter, BaseVisitor[str]):
    """Writes games as PGN text: ``game.accept(StringExporter())``.
    ``columns=None`` keeps the movetext on one line; ``headers``,
    ``comments`` and ``variations`` may be left out. No line end after the
    last line."""

    def result(self) -> str:
        lines = self.lines + [self.current_line.rstrip()] if self.current_line else self.lines
        return "\n".join(lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(_Exporter, BaseVisitor[int]):
    """Writes games as PGN to a text file (a blank line after each game);
    ``accept`` returns the number of characters written for the game."""

    def __init__(
        self,
        handle: TextIO,
        *,
        columns: Optional[int] = 80,
        headers: bool = True,
        comments: bool = True,
        variations: bool = True,
    ) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle
        self.written = 0

    def begin_game(self) -> None:
        self.written = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip() + "\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip() + "\n")

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


# ----- reading -----------------------------------------------------------------

_GameData = Tuple[List[Tuple[str, str]], List[Exception], Optional[str], str, Any]


def _build(data: _GameData, game_class: Callable[[], GameT]) -> GameT:
    """A game from ``_read_game``'s answer; its nodes are made when first
    asked for (``Game.variations``)."""
    tags, errors, result, comment, tree = data
    game = game_class()
    game.headers._fill(tags)
    game.comment = comment
    if tree is not None and len(tree):
        game.__dict__["_pending"] = tree
    if result is not None and game.headers.get("Result", "*") == "*":
        game.headers["Result"] = result
    for error in errors:
        LOGGER.error("%s while parsing %r", error, game)
        game.errors.append(error)
    return game


def _drive(game: Game, visitor: BaseVisitor[ResultT]) -> ResultT:
    """Walks a game read with a visitor of the caller's: as ``Game.accept``,
    with ``begin_headers`` and ``handle_error`` for each error."""
    if visitor.begin_game() is not SKIP:
        visitor.begin_headers()
        for name, value in game.headers.items():
            visitor.visit_header(name, value)
        for error in game.errors:
            visitor.handle_error(error)
        if visitor.end_headers() is not SKIP:
            try:
                board = game.board()
            except ValueError:
                board = None
            if board is not None:
                visitor.visit_board(board)
                if game.comment:
                    visitor.visit_comment(game.comment)
                if game.variations:
                    _walk(game.variations[0], board, visitor, sidelines=True)
                visitor.visit_result(game.headers.get("Result", "*"))
    visitor.end_game()
    return visitor.result()


def read_game(handle: TextIO, *, Visitor: Any = GameBuilder) -> Any:
    """Reads the next game of a file opened in text mode; ``None`` at its
    end.

    The game ends at a blank line (outside a comment) or at the end of the
    file; exactly its lines are read from ``handle``, as python-chess reads
    them. Moves that cannot be read (not SAN, illegal, ambiguous) are
    logged and listed in ``Game.errors``, and the rest of their variation
    is skipped.
    """
    if Visitor is GameBuilder:
        data = _read_game(handle, 0)
        return None if data is None else _build(data, Game)
    if Visitor is HeadersBuilder:
        tags = _read_game(handle, 1)
        return None if tags is None else Headers(tags)
    if Visitor is SkipVisitor:
        return _read_game(handle, 2)
    visitor = Visitor()
    if type(visitor) is GameBuilder:
        data = _read_game(handle, 0)
        return None if data is None else _build(data, visitor.Game)
    if type(visitor) is HeadersBuilder:
        tags = _read_game(handle, 1)
        return None if tags is None else visitor.Headers(tags)
    data = _read_game(handle, 0)
    if data is None:
        return None
    return _drive(_build(data, Game), visitor)


def read_headers(handle: TextIO) -> Optional[Headers]:
    """Reads the next game's headers and skips its moves (much faster than
    ``read_game``); ``None`` at the end of the file."""
    tags = _read_game(handle, 1)
    return None if tags is None else Headers(tags)


def skip_game(handle: TextIO) -> bool:
    """Skips the next game; ``False`` at the end of the file."""
    return bool(_read_game(handle, 2))


# ----- whole files, fast -------------------------------------------------------

PathOrFile = Union[str, "os.PathLike[str]", Any]


def _source(source: PathOrFile) -> Any:
    return os.fspath(source) if isinstance(source, (str, os.PathLike)) else source


def read_games(
    source: PathOrFile, *, headers: bool = True, errors: str = "raise", threads: int = 1
) -> Iterator[Tuple[Dict[str, str], List[Move]]]:
    """The games of a whole PGN file: ``(headers, moves)`` for each.

    ``source`` is a path (plain, zstd- or gzip-compressed: told by the
    file's first bytes) or a file object (binary or text; compressed input
    too). ``headers`` is a ``dict`` of the game's tags (empty with
    ``headers=False``, which is faster); ``moves`` the mainline's ``Move``
    list (variations are skipped), every move replayed and checked. The
    file is read and the games replayed without the GIL, on ``threads``
    threads (0: one per core), in the file's order.

    A game that cannot be replayed raises ``PgnError`` naming its number,
    line and move (``errors="raise"``; calling ``next()`` again goes on with
    the next game), or is passed over (``errors="skip"``; the iterator's
    ``skipped`` lists them).
    """
    return _Games(_source(source), headers, errors, threads)


def read_positions(
    source: PathOrFile, *, batch_size: int = 65536, errors: str = "raise", threads: int = 1
) -> Iterator[Dict[str, Any]]:
    """The positions of a whole PGN file's games, in batches of NumPy
    arrays (for training sets).

    Each row is a position of a game's mainline with the move played from
    it (the position after the last move is left out). A batch is a
    ``dict`` of arrays of ``batch_size`` rows (the last one fewer):

    - ``pieces``: ``uint8``, shape ``(n, 64)``: square ``a1 = 0`` ... ``h8 = 63``
      holds 0 (empty), 1 to 6 (a White pawn, knight, bishop, rook, queen,
      king) or 7 to 12 (the same for Black);
    - ``turn``: ``bool``, True when White is to move;
    - ``castling_rights``: ``uint64``, the rooks with castling rights as a
      square mask (python-chess's ``castling_rights``);
    - ``ep_square``: ``int8``, the en-passant square or -1;
    - ``halfmove_clock``, ``fullmove_number``: ``uint16``;
    - ``zobrist``: ``uint64``, the Polyglot hash of the position;
    - ``from_square``, ``to_square``, ``promotion``: ``uint8``, the move
      played (as ``Move``; ``promotion`` 0 for none, castling as in UCI);
    - ``game``: ``uint64``, the game's number in the file (from 1);
    - ``ply``: ``uint16``, the move's index in the game (from 0);
    - ``result``: ``int8``, 1 when White won, -1 when Black won, 0 for a
      draw, 2 when unknown (the ``Result`` tag, else the movetext's result).

    ``source``, ``errors`` and ``threads`` as for ``read_games``; the work is
    done without the GIL. Needs NumPy.
    """
    import numpy

    dtypes = {
        "pieces": numpy.uint8,
        "turn": numpy.bool_,
        "castling_rights": numpy.uint64,
        "ep_square": numpy.int8,
        "halfmove_clock": numpy.uint16,
        "fullmove_number": numpy.uint16,
        "zobrist": numpy.uint64,
        "from_square": numpy.uint8,
        "to_square": numpy.uint8,
        "promotion": numpy.uint8,
        "game": numpy.uint64,
        "ply": numpy.uint16,
        "result": numpy.int8,
    }
    batches = _Positions(_source(source), batch_size, errors, threads)
    names = _Positions.columns

    def arrays() -> Iterator[Dict[str, Any]]:
        for rows, columns in batches:
            batch: Dict[str, Any] = {name: numpy.frombuffer(data, dtype=dtypes[name]) for name, data in zip(names, columns)}
            batch["pieces"] = batch["pieces"].reshape(rows, 64)
            yield batch

    return _PositionIterator(arrays(), batches)


class _PositionIterator(Iterator[Dict[str, Any]]):
    """``read_positions``' iterator: the batches, and ``skipped``."""

    def __init__(self, batches: Iterator[Dict[str, Any]], source: Any) -> None:
        self._batches = batches
        self._source = source

    def __iter__(self) -> _PositionIterator:
        return self

    def __next__(self) -> Dict[str, Any]:
        return next(self._batches)

    @property
    def skipped(self) -> List[PgnError]:
        """The ``PgnError`` of each bad game passed over (``errors="skip"``)."""
        return self._source.skipped  # type: ignore[no-any-return]


__all__ = [
    "BaseVisitor", "BoardBuilder", "ChildNode", "FileExporter", "Game", "GameBuilder", "GameNode",
    "Headers", "HeadersBuilder", "Mainline", "PgnError", "SKIP", "SkipType", "SkipVisitor",
    "StringExporter", "TAG_ROSTER", "read_game", "read_games", "read_headers", "read_positions",
    "skip_game",
    "NAG_NULL", "NAG_GOOD_MOVE", "NAG_MISTAKE", "NAG_BRILLIANT_MOVE", "NAG_BLUNDER",
    "NAG_SPECULATIVE_MOVE", "NAG_DUBIOUS_MOVE", "NAG_FORCED_MOVE", "NAG_SINGULAR_MOVE",
    "NAG_WORST_MOVE", "NAG_DRAWISH_POSITION", "NAG_QUIET_POSITION", "NAG_ACTIVE_POSITION",
    "NAG_UNCLEAR_POSITION", "NAG_WHITE_SLIGHT_ADVANTAGE", "NAG_BLACK_SLIGHT_ADVANTAGE",
    "NAG_WHITE_MODERATE_ADVANTAGE", "NAG_BLACK_MODERATE_ADVANTAGE", "NAG_WHITE_DECISIVE_ADVANTAGE",
    "NAG_BLACK_DECISIVE_ADVANTAGE", "NAG_WHITE_ZUGZWANG", "NAG_BLACK_ZUGZWANG",
    "NAG_WHITE_MODERATE_COUNTERPLAY", "NAG_BLACK_MODERATE_COUNTERPLAY",
    "NAG_WHITE_DECISIVE_COUNTERPLAY", "NAG_BLACK_DECISIVE_COUNTERPLAY",
    "NAG_WHITE_MODERATE_TIME_PRESSURE", "NAG_BLACK_MODERATE_TIME_PRESSURE",
    "NAG_WHITE_SEVERE_TIME_PRESSURE", "NAG_BLACK_SEVERE_TIME_PRESSURE", "NAG_NOVELTY",
]
