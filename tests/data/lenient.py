#!/usr/bin/env python3
"""Writes tests/data/lenient.epd: perft counts of lenient positions (pawns
on the first or last rank, more material than a game has, three checkers),
computed by python-chess (https://github.com/niklasf/python-chess, GPL-3.0,
used here as an independent program, not copied).

The positions: three from public perft suites' bug reports (the Grand Chess
Tree's suite, quoted in niklasf/shakmaty#154 and Timmoth/grandchesstree#24),
three written for the rules python-chess alone defines (a pawn on its first
rank), and random lenient positions drawn with a fixed seed. Run it again with
`python3 tests/data/lenient.py > tests/data/lenient.epd`; it needs
`pip install chess`. Positions whose depth-4 tree is large stop at depth 3.
"""

import random
import sys

import chess

SEED = 55

# Positions from public suites' reports (see the module docstring).
PUBLISHED = [
    "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",  # shakmaty#154: two bishop checks
    "2k3q1/8/2N1P3/8/3n4/3p4/2K5/8 w - - 0 2",  # grandchesstree#24: pawn and knight check
    "3Pk3/8/8/8/8/8/8/4K3 w - - 0 1",  # grandchesstree#24: a pawn on the last rank
]

# Written for this file (the counts are still python-chess's): a pawn on its
# first rank steps two squares past an enemy pawn (no en passant follows),
# for each colour, and pawns on both back ranks beside castling rights.
DESIGNED = [
    "4k3/8/8/8/8/1p6/8/P3K3 w - - 0 1",
    "p3k3/8/1P6/8/8/8/8/4K3 b - - 0 1",
    "r2pk1Pr/8/8/8/8/8/8/R1p1K1PR w KQkq - 0 1",
]


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def room(board, color):
    """magicboard's rule for material a game cannot have (see
    `BoardBuilder::lenient`): the moves a side could ever have must fit in
    256."""
    pieces = lambda kind: len(board.pieces(kind, color))
    pawns = board.pieces(chess.PAWN, color)
    stuck = len(pawns & chess.SquareSet(chess.BB_RANK_8 if color else chess.BB_RANK_1))
    bound = (10 + 27 * (len(pawns) - stuck + pieces(chess.QUEEN)) + 14 * pieces(chess.ROOK)
             + 13 * pieces(chess.BISHOP) + 8 * pieces(chess.KNIGHT))
    promoted = sum(max(0, pieces(k) - n) for k, n in
                   ((chess.QUEEN, 1), (chess.ROOK, 2), (chess.BISHOP, 2), (chess.KNIGHT, 2)))
    reachable = (chess.popcount(board.occupied_co[color]) <= 16 and len(pawns) <= 8
                 and promoted <= 8 - len(pawns))
    return reachable or bound <= 256


def lenient_ok(board):
    """One king a side, the side not to move not in check, room for the moves."""
    for color in chess.COLORS:
        if chess.popcount(board.kings & board.occupied_co[color]) != 1:
            return False
        if not room(board, color):
            return False
    return not board.is_attacked_by(board.turn, board.king(not board.turn))


def random_position(rng):
    while True:
        board = chess.Board(None)
        squares = list(chess.SQUARES)
        rng.shuffle(squares)
        board.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares.pop(), chess.Piece(chess.KING, chess.BLACK))
        kind = rng.choice(["back-rank pawns", "material", "checkers", "mixed"])
        if kind == "back-rank pawns":
            # Pawns of both colours on both back ranks, and some others.
            for _ in range(rng.randint(2, 6)):
                sq = rng.choice([s for s in squares if chess.square_rank(s) in (0, 7)])
                squares.remove(sq)
                board.set_piece_at(sq, chess.Piece(chess.PAWN, rng.choice(chess.COLORS)))
            extra = rng.randint(0, 6)
        elif kind == "material":
            # Nine or ten pawns, or three or more of a piece.
            color = rng.choice(chess.COLORS)
            piece = rng.choice([chess.PAWN, chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK])
            count = 9 if piece == chess.PAWN else rng.randint(3, 5)
            for _ in range(count):
                pool = [s for s in squares if piece != chess.PAWN or 0 < chess.square_rank(s) < 7]
                sq = rng.choice(pool)
                squares.remove(sq)
                board.set_piece_at(sq, chess.Piece(piece, color))
            extra = rng.randint(0, 3)
        elif kind == "checkers":
            extra = rng.randint(6, 12)
        else:
            extra = rng.randint(4, 10)
        for _ in range(extra):
            sq = squares.pop()
            piece = rng.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
            board.set_piece_at(sq, chess.Piece(piece, rng.choice(chess.COLORS)))
        board.turn = rng.choice(chess.COLORS)
        # Castling rights where the pieces allow them.
        rights = 0
        for color, rank in ((chess.WHITE, 0), (chess.BLACK, 7)):
            if board.king(color) == chess.square(4, rank):
                for file in (0, 7):
                    rook = chess.square(file, rank)
                    if board.piece_at(rook) == chess.Piece(chess.ROOK, color) and rng.random() < 0.7:
                        rights |= chess.BB_SQUARES[rook]
        board.castling_rights = rights
        if not lenient_ok(board):
            continue
        if kind == "checkers" and len(board.checkers()) < 3:
            continue
        if board.is_valid():
            continue  # a position any parser accepts: not what this file is for
        return board


def line(board, limit):
    counts = []
    for depth in range(1, 5):
        if depth == 4 and counts[-1] * max(counts[0], 1) > limit:
            break
        counts.append(perft(board, depth))
    return board.fen() + " " + " ".join(f";D{d} {n}" for d, n in enumerate(counts, 1))


def main():
    rng = random.Random(SEED)
    print(f"# Lenient positions and their perft counts by python-chess {chess.__version__}:")
    print("# written by tests/data/lenient.py (see there), seed", SEED)
    for fen in PUBLISHED + DESIGNED:
        print(line(chess.Board(fen), 10**9))
    n = 0
    while n < 60:
        board = random_position(rng)
        print(line(board, 400_000))
        n += 1
        sys.stdout.flush()


if __name__ == "__main__":
    main()
