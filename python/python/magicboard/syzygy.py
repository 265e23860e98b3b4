"""Syzygy endgame tablebases under python-chess's ``chess.syzygy`` names.

::

    import magicboard
    import magicboard.syzygy

    with magicboard.syzygy.open_tablebase("path/to/syzygy") as tablebase:
        board = magicboard.Board("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1")
        print(tablebase.probe_wdl(board))   # -2: Black to move loses
        print(tablebase.probe_dtz(board))   # -53

The probing is magicboard-syzygy's (Rust, memory-mapped tables); WDL and
DTZ values, the ``KeyError`` for what the tables cannot answer
(``MissingTableError`` for a missing table) and the method names are
python-chess's. Boards may be ``magicboard.Board`` or ``chess.Board`` (any
board with a ``fen()`` method). Standard chess only.
"""

from __future__ import annotations

import os
from typing import Any, Optional, Union

from ._magicboard import MissingTableError, Tablebase

__all__ = ["MissingTableError", "Tablebase", "open_tablebase"]


def open_tablebase(
    directory: Union[str, "os.PathLike[str]"],
    *,
    load_wdl: bool = True,
    load_dtz: bool = True,
    max_fds: Optional[int] = 128,
    VariantBoard: Any = None,
) -> Tablebase:
    """Opens the tables in ``directory`` for probing (python-chess's
    ``chess.syzygy.open_tablebase``): a :class:`Tablebase` to which
    ``add_directory`` adds more. Tables are mapped when first probed;
    ``max_fds`` is accepted and not needed (a mapped table keeps no file
    open). Raises ``OSError`` when the directory cannot be listed."""
    tables = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    tables.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tables
