#!/usr/bin/env python3
"""magicboard-syzygy against python-chess's chess.syzygy, an independent
prober: python-chess's data/endgame.epd and random legal positions of every
3- and 4-piece table (both sides to move, with en passant squares where a
capture is legal), probed by both; WDL and DTZ must agree on every one.

Usage: syzygy_check.py PROBE TABLES EPD [--random N] [--seed S]

PROBE is the syzygy-probe binary (its --batch mode reads FENs and answers
`WDL DTZ`), TABLES the directory of .rtbw/.rtbz files, EPD python-chess's
endgame.epd. Exits 1 on the first disagreement (listing up to 20).
"""

import argparse
import itertools
import random
import subprocess
import sys
import time

import chess
import chess.syzygy

PIECES = "QRBNP"


def table_names():
    """Every 3- and 4-piece material, both orientations (KQvK and KvKQ)."""
    names = set()
    for n in (1, 2):
        for combo in itertools.combinations_with_replacement(PIECES, n):
            for split in range(n + 1):
                for white in itertools.combinations(combo, split):
                    black = list(combo)
                    for p in white:
                        black.remove(p)
                    names.add("K" + "".join(white) + "vK" + "".join(black))
    return sorted(names)


def random_position(rng, name):
    """A random legal position of the material `name`, either side to move,
    without castling rights; None when the draw is illegal."""
    white, black = name.split("v")
    board = chess.Board(None)
    squares = rng.sample(chess.SQUARES, len(white) + len(black))
    for color, side in ((chess.WHITE, white), (chess.BLACK, black)):
        for letter in side:
            piece = chess.Piece.from_symbol(letter if color else letter.lower())
            sq = squares.pop()
            if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                return None
            board.set_piece_at(sq, piece)
    board.turn = rng.choice((chess.WHITE, chess.BLACK))
    return board if board.is_valid() else None


def en_passant_position(rng):
    """A random legal KPvKP position right after a double push that the side
    to move can take en passant; None when the draw does not give one."""
    turn = rng.choice((chess.WHITE, chess.BLACK))
    board = chess.Board(None)
    board.turn = turn
    file = rng.randrange(8)
    side = rng.choice([f for f in (file - 1, file + 1) if 0 <= f < 8])
    # The pawn that just moved two squares, and the one beside it.
    pushed_rank, ep_rank, start_rank = (4, 5, 6) if turn == chess.WHITE else (3, 2, 1)
    pushed = chess.square(file, pushed_rank)
    board.set_piece_at(pushed, chess.Piece(chess.PAWN, not turn))
    board.set_piece_at(chess.square(side, pushed_rank), chess.Piece(chess.PAWN, turn))
    free = [sq for sq in chess.SQUARES if board.piece_at(sq) is None
            and sq not in (chess.square(file, ep_rank), chess.square(file, start_rank))]
    k1, k2 = rng.sample(free, 2)
    board.set_piece_at(k1, chess.Piece(chess.KING, chess.WHITE))
    board.set_piece_at(k2, chess.Piece(chess.KING, chess.BLACK))
    board.ep_square = chess.square(file, ep_rank)
    if not board.is_valid() or not board.has_legal_en_passant():
        return None
    return board


def positions(epd, count, seed):
    rng = random.Random(seed)
    boards = []
    with open(epd) as f:
        for line in f:
            if line.strip():
                board, _ = chess.Board.from_epd(line)
                boards.append(board)
    n_epd = len(boards)
    names = table_names()
    while len(boards) < n_epd + count:
        board = random_position(rng, rng.choice(names))
        if board is not None:
            boards.append(board)
    n_ep = 0
    while n_ep < max(count // 10, 1):
        board = en_passant_position(rng)
        if board is not None:
            boards.append(board)
            n_ep += 1
    return boards, n_epd, n_ep


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("probe")
    parser.add_argument("tables")
    parser.add_argument("epd")
    parser.add_argument("--random", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    started = time.monotonic()
    boards, n_epd, n_ep = positions(args.epd, args.random, args.seed)
    fens = [board.fen() for board in boards]
    result = subprocess.run([args.probe, "--path", args.tables, "--batch"],
                            input="\n".join(fens) + "\n", capture_output=True, text=True)
    ours = result.stdout.splitlines()
    if len(ours) != len(fens):
        print(f"syzygy-probe answered {len(ours)} lines for {len(fens)} FENs "
              f"(exit {result.returncode}): {result.stderr}")
        return 1
    ours_took = time.monotonic() - started

    wrong = []
    with chess.syzygy.open_tablebase(args.tables) as tables:
        for fen, board, line in zip(fens, boards, ours):
            expected = f"{tables.probe_wdl(board)} {tables.probe_dtz(board)}"
            if line != expected:
                wrong.append(f"{fen}: magicboard-syzygy {line!r}, python-chess {expected!r}")
    took = time.monotonic() - started
    print(f"{len(fens)} positions ({n_epd} from endgame.epd, {args.random} random of "
          f"{len(table_names())} materials, {n_ep} with en passant, seed {args.seed}): "
          f"{len(fens) - len(wrong)} agree with python-chess {chess.__version__} "
          f"on WDL and DTZ ({took:.1f} s, magicboard-syzygy's share {ours_took:.1f} s)")
    if wrong:
        print("\n".join(wrong[:20]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
