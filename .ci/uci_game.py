#!/usr/bin/env python3
"""Plays the `uci_engine` example against itself under python-chess, an
independent UCI implementation (https://python-chess.readthedocs.io):
python-chess runs the UCI handshake, sends `position ... moves ...` and
`go`, and we check every `bestmove` against its own move generator. One
standard game and one Chess960 game (python-chess turns on UCI_Chess960 and
expects king-takes-rook castling).

Usage: uci_game.py <path to uci_engine binary>
Exits 0 when both games end by the rules with only legal moves played.
"""
import sys

import chess
import chess.engine


def play(engine_path, chess960, seed_fen=None):
    board = chess.Board(seed_fen, chess960=chess960) if seed_fen else chess.Board(chess960=chess960)
    white = chess.engine.SimpleEngine.popen_uci(engine_path)
    black = chess.engine.SimpleEngine.popen_uci(engine_path)
    castles = 0
    try:
        while not board.is_game_over(claim_draw=True) and board.ply() < 600:
            engine = white if board.turn == chess.WHITE else black
            result = engine.play(board, chess.engine.Limit(time=0.01))
            move = result.move
            if move is None or move not in board.legal_moves:
                print(f"illegal bestmove {move} in {board.fen()}")
                return False, 0
            castles += board.is_castling(move)
            board.push(move)
    finally:
        white.quit()
        black.quit()
    outcome = board.outcome(claim_draw=True)
    kind = "Chess960" if chess960 else "standard"
    print(f"{kind}: {board.ply()} plies, {castles} castling move(s), "
          f"result {board.result(claim_draw=True)} "
          f"({outcome.termination.name if outcome else 'ply limit'})")
    return True, castles


def main():
    engine_path = sys.argv[1]
    ok = True
    for chess960, fen in [
        (False, None),
        # Chess960 arrangement 0 (bbqnnrkr), castling rights on both sides.
        (True, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"),
    ]:
        played, _ = play(engine_path, chess960, fen)
        ok = ok and played
    # A position where castling is one of few legal moves, to see the engine
    # castle under each notation: king-takes-rook in Chess960 mode.
    for chess960, fen, want in [
        (False, "4k3/8/8/8/8/8/3PPP2/R3K2R w KQ - 0 1", {"e1g1", "e1c1"}),
        (True, "1r4k1/8/8/8/8/8/PPP5/1KR5 w C - 0 1", {"b1c1"}),
    ]:
        engine = chess.engine.SimpleEngine.popen_uci(engine_path)
        seen = set()
        try:
            for _ in range(200):
                board = chess.Board(fen, chess960=chess960)
                move = engine.play(board, chess.engine.Limit(time=0.01)).move
                if move not in board.legal_moves:
                    print(f"illegal bestmove {move} in {fen}")
                    ok = False
                    break
                if board.is_castling(move):
                    seen.add(move.uci() if not chess960 else board.uci(move, chess960=True))
        finally:
            engine.quit()
        print(f"castling from {fen} (chess960={chess960}): {sorted(seen)}")
        ok = ok and bool(seen) and seen <= want
    print("uci_game: ok" if ok else "uci_game: FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
