"""python-chess's reading of a PGN file, one line a game: the mainline in
UCI, or "-" for a game python-chess reports errors for, or "- variant" for
a variant other than standard chess and Chess960 (which magicboard-pgn does
not replay). The format of magicboard-pgn's examples/mainline.rs, which
.ci/pgn-check.sh compares it with."""
import sys

import chess.pgn

with open(sys.argv[1], encoding="utf-8-sig", errors="replace") as handle:
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        variant = game.headers.get("Variant", "")
        if variant and not game.headers.is_chess960() and variant.lower() not in (
            "standard", "chess", "classical", "normal", "illegal", "from position"):
            print("- variant")
        elif game.errors:
            print("-")
        else:
            print(" ".join(move.uci() for move in game.mainline_moves()))
