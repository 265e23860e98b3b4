"""How a game ended: ``Termination`` and ``Outcome``, as python-chess defines them."""

from __future__ import annotations

import dataclasses
import enum
from typing import Optional


class Termination(enum.Enum):
    """Enum with reasons for a game to be over (python-chess's members,
    values and order; the three ``VARIANT_*`` members are never used here)."""

    CHECKMATE = enum.auto()
    """See ``Board.is_checkmate()``."""
    STALEMATE = enum.auto()
    """See ``Board.is_stalemate()``."""
    INSUFFICIENT_MATERIAL = enum.auto()
    """See ``Board.is_insufficient_material()``."""
    SEVENTYFIVE_MOVES = enum.auto()
    """See ``Board.is_seventyfive_moves()``."""
    FIVEFOLD_REPETITION = enum.auto()
    """See ``Board.is_fivefold_repetition()``."""
    FIFTY_MOVES = enum.auto()
    """See ``Board.can_claim_fifty_moves()``."""
    THREEFOLD_REPETITION = enum.auto()
    """See ``Board.can_claim_threefold_repetition()``."""
    VARIANT_WIN = enum.auto()
    """A variant's own win (not used: no variants here)."""
    VARIANT_LOSS = enum.auto()
    """A variant's own loss (not used: no variants here)."""
    VARIANT_DRAW = enum.auto()
    """A variant's own draw (not used: no variants here)."""


@dataclasses.dataclass
class Outcome:
    """Information about the outcome of an ended game, usually obtained
    from ``Board.outcome()``."""

    termination: Termination
    """The reason for the game to have ended."""

    winner: Optional[bool]
    """The winning color (``WHITE`` or ``BLACK``) or None for a draw."""

    def result(self) -> str:
        """Returns ``1-0``, ``0-1`` or ``1/2-1/2``."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")
