#!/usr/bin/env python3
"""A match under python-chess (https://python-chess.readthedocs.io), an
independent UCI client and move generator: the example engine
(`engine/src/main.rs`, package magicboard-engine) against the random mover
(`examples/uci_engine.rs`), with Syzygy tables (`--syzygy DIR`, the
engine's SyzygyPath) when given.

Every move either side sends is checked against python-chess's own legal
moves. Half of the games are Chess960 (python-chess then sets UCI_Chess960
and expects king-takes-rook castling), from start positions drawn with a
fixed seed; colours alternate. A game ends by the rules (threefold
repetition and the fifty-move rule claimed at once) or, undecided, at the
ply cap.

Usage: engine_match.py ENGINE RANDOM_MOVER [--games 20] [--movetime 0.02]
                       [--max-plies 300] [--min-wins 19] [--syzygy DIR]
Exits 0 when the engine won at least --min-wins games, nobody played an
illegal move, and the engine found a Chess960 mate by castling.
"""
import argparse
import random
import sys
import time

import chess
import chess.engine


def play_game(engine, mover, board, engine_is_white, limit, max_plies):
    """Plays one game; returns (result for the engine, plies, why, how
    many times the engine castled, how many of its moves the tables chose)."""
    castled = 0
    from_tables = 0
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        engine_to_move = (board.turn == chess.WHITE) == engine_is_white
        player = engine if engine_to_move else mover
        name = "engine" if engine_to_move else "random mover"
        played = player.play(board, limit, info=chess.engine.INFO_ALL)
        move = played.move
        if move is None or move not in board.legal_moves:
            why = f"{name} played {move} in {board.fen()}"
            return "illegal", board.ply(), why, castled, from_tables
        from_tables += engine_to_move and "syzygy" in str(played.info.get("string", ""))
        castled += engine_to_move and board.is_castling(move)
        board.push(move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None:
        return "undecided", board.ply(), "ply cap", castled, from_tables
    why = outcome.termination.name.lower()
    if outcome.winner is None:
        return "draw", board.ply(), why, castled, from_tables
    won = (outcome.winner == chess.WHITE) == engine_is_white
    return ("win" if won else "loss"), board.ply(), why, castled, from_tables


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engine")
    parser.add_argument("random_mover")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--movetime", type=float, default=0.02)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--min-wins", type=int, default=19)
    parser.add_argument("--syzygy", help="a Syzygy table directory for the engine's SyzygyPath")
    args = parser.parse_args()

    rng = random.Random(2026)
    limit = chess.engine.Limit(time=args.movetime)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    mover = chess.engine.SimpleEngine.popen_uci(args.random_mover)
    if args.syzygy:
        engine.configure({"SyzygyPath": args.syzygy})
    tally = {"win": 0, "draw": 0, "loss": 0, "undecided": 0, "illegal": 0}
    castles = 0
    tables = 0
    started = time.monotonic()
    try:
        for game in range(args.games):
            chess960 = game % 4 >= 2  # two standard games, then two Chess960
            if chess960:
                start = rng.randrange(960)
                board = chess.Board.from_chess960_pos(start)
                label = f"Chess960 #{start}"
            else:
                board = chess.Board()
                label = "standard"
            engine_is_white = game % 2 == 0
            result, plies, why, castled, from_tables = play_game(
                engine, mover, board, engine_is_white, limit, args.max_plies
            )
            castles += castled
            tables += from_tables
            tally[result] += 1
            colour = "white" if engine_is_white else "black"
            print(f"game {game + 1:2}: engine {colour:5} {label:14} {result:9} "
                  f"after {plies:3} plies ({why})", flush=True)
            if result == "illegal":
                break
        # Chess960 castling as python-chess writes it (king takes rook):
        # here castling long, b1 takes a1, is the only mate in one.
        board = chess.Board("2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1", chess960=True)
        move = engine.play(board, limit).move
        castle_ok = move in board.legal_moves and board.is_castling(move)
        if castle_ok:
            board.push(move)
            castle_ok = board.is_checkmate()
        print(f"Chess960 castling mate: engine played {move} "
              f"({'mate' if castle_ok else 'NOT the castling mate'})")
    finally:
        engine.quit()
        mover.quit()
    seconds = time.monotonic() - started
    print(f"engine vs random mover: {tally['win']} won, {tally['draw']} drawn, "
          f"{tally['loss']} lost, {tally['undecided']} undecided, "
          f"{tally['illegal']} illegal move(s), in {seconds:.0f} s "
          f"({args.movetime * 1000:.0f} ms per move; the engine castled {castles} times"
          f"{f', played {tables} moves from the tables' if args.syzygy else ''})")
    ok = tally["illegal"] == 0 and tally["win"] >= args.min_wins and castle_ok
    print("engine_match: ok" if ok else f"engine_match: FAILED (need {args.min_wins} wins)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
