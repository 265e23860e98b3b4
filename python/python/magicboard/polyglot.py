"""Polyglot opening-book hashing, as ``chess.polyglot``: ``zobrist_hash(board)``."""

from ._magicboard import zobrist_hash

__all__ = ["zobrist_hash"]
