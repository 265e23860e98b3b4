"""magicboard against python-chess, an independent implementation, on the
positions of random games (standard and Chess960).

Every position of every game is compared: the legal moves, the SAN and UCI
of each (and reading them back), the FEN (and reading it back on both
sides), check, mate, stalemate, insufficient material, the outcome with and
without draw claims, repetitions and the draw claims, the Polyglot hash and
the other position fields. The games are seeded, so a failure reproduces;
set MAGICBOARD_DIFF_GAMES to play more (or fewer) games.
"""

from __future__ import annotations

import collections
import os
import random
from typing import Counter, List, NamedTuple, Optional, Tuple

import pytest

chess = pytest.importorskip("chess")
import chess.polyglot  # noqa: E402

import magicboard  # noqa: E402

GAMES = int(os.environ.get("MAGICBOARD_DIFF_GAMES", "48"))
MAX_PLIES = 400
MIN_POSITIONS = 10_000

# Games also start from these, for the rules random games from the start
# rarely reach: the fifty- and seventy-five-move rules, insufficient
# material, stalemate, an en-passant capture that is pseudo-legal but not
# legal, castling in every shape.
SPECIAL_STARTS = [
    "8/8/4k3/8/8/3K4/8/R7 w - - 90 80",
    "8/8/4k3/8/8/3K4/8/R7 w - - 140 100",
    "4k3/8/8/2b5/8/8/8/1B2K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4KBN1 w - - 0 1",
    "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
    "4k3/8/8/2Pp4/8/8/8/4K2b w - d6 0 2",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "7k/5Q2/8/6K1/8/8/8/8 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
]


def outcome_key(outcome) -> Optional[Tuple[str, Optional[bool]]]:
    return None if outcome is None else (outcome.termination.name, outcome.winner)


class Claims(NamedTuple):
    threefold: bool
    fifty: bool
    outcome: Optional[chess.Outcome]
    result: str


def their_claims(pc: chess.Board) -> Claims:
    """python-chess's draw claims and outcome with claims, each asked once a
    position: its threefold claim plays every legal move, most of this
    test's time. A position seen three times takes at least 8 reversible
    plies (4 between two of them), so with fewer than 7 behind the position
    no move can claim a repetition and python-chess's answer is no (and the
    fifty-move claim needs 99): it is asked only where it could be yes."""
    if pc.halfmove_clock < 7:
        outcome = pc.outcome()
        return Claims(False, False, outcome, outcome.result() if outcome else "*")
    outcome = pc.outcome(claim_draw=True)
    return Claims(
        pc.can_claim_threefold_repetition(),
        pc.can_claim_fifty_moves(),
        outcome,
        pc.result(claim_draw=True),
    )


def compare_position(mb: magicboard.Board, pc: chess.Board) -> Claims:
    """Everything the two boards should agree on, for the current position."""
    fen = pc.fen()
    where = f"at {fen} after {[m.uci() for m in pc.move_stack[-12:]]}"

    # The position and its FEN, both ways.
    assert mb.fen() == fen, where
    assert mb.fen(shredder=True) == pc.fen(shredder=True), where
    assert mb.fen(en_passant="xfen") == pc.fen(en_passant="xfen"), where
    assert mb.board_fen() == pc.board_fen(), where
    assert magicboard.Board(fen, chess960=pc.chess960).fen() == fen, where
    assert chess.Board(mb.fen(), chess960=mb.chess960).fen() == fen, where
    assert mb.turn == pc.turn, where
    assert mb.castling_rights == pc.clean_castling_rights(), where
    assert mb.ep_square == (pc.ep_square if pc.has_pseudo_legal_en_passant() else None), where
    assert mb.has_legal_en_passant() == pc.has_legal_en_passant(), where
    assert mb.halfmove_clock == pc.halfmove_clock, where
    assert mb.fullmove_number == pc.fullmove_number, where
    assert mb.ply() == pc.ply(), where
    assert mb.occupied == pc.occupied, where
    for color in chess.COLORS:
        assert mb.king(color) == pc.king(color), where
        assert mb.has_kingside_castling_rights(color) == pc.has_kingside_castling_rights(color), where
        assert mb.has_queenside_castling_rights(color) == pc.has_queenside_castling_rights(color), where
    assert magicboard.zobrist_hash(mb) == chess.polyglot.zobrist_hash(pc), where
    assert {sq: p.symbol() for sq, p in mb.piece_map().items()} == {
        sq: p.symbol() for sq, p in pc.piece_map().items()
    }, where
    for piece_type in chess.PIECE_TYPES:
        for color in chess.COLORS:
            assert mb.pieces_mask(piece_type, color) == pc.pieces_mask(piece_type, color), where
    # Attacks, square by square (on every eighth position: python-chess is slow).
    if len(pc.move_stack) % 8 == 0:
        for square in chess.SQUARES:
            assert mb.attacks_mask(square) == pc.attacks_mask(square), (chess.square_name(square), where)
            for color in chess.COLORS:
                assert mb.attackers_mask(color, square) == pc.attackers_mask(color, square), where
                assert mb.is_attacked_by(color, square) == pc.is_attacked_by(color, square), where

    # Check and the end of the game.
    assert mb.is_check() == pc.is_check(), where
    assert int(mb.checkers()) == int(pc.checkers()), where
    assert mb.is_checkmate() == pc.is_checkmate(), where
    assert mb.is_stalemate() == pc.is_stalemate(), where
    assert mb.is_insufficient_material() == pc.is_insufficient_material(), where
    assert mb.is_fifty_moves() == pc.is_fifty_moves(), where
    assert mb.is_seventyfive_moves() == pc.is_seventyfive_moves(), where
    assert mb.is_repetition(2) == pc.is_repetition(2), where
    assert mb.is_repetition() == pc.is_repetition(), where
    assert mb.is_fivefold_repetition() == pc.is_fivefold_repetition(), where
    claims = their_claims(pc)
    assert mb.can_claim_threefold_repetition() == claims.threefold, where
    assert mb.can_claim_fifty_moves() == claims.fifty, where
    assert mb.can_claim_draw() == (claims.fifty or claims.threefold), where
    assert outcome_key(mb.outcome()) == outcome_key(pc.outcome()), where
    assert outcome_key(mb.outcome(claim_draw=True)) == outcome_key(claims.outcome), where
    assert mb.result(claim_draw=True) == claims.result, where

    # The legal moves, each with its SAN and UCI, read back too.
    ours = list(mb.legal_moves)
    theirs = list(pc.legal_moves)
    assert len(mb.legal_moves) == len(theirs), where
    assert sorted(m.uci() for m in ours) == sorted(m.uci() for m in theirs), where
    assert bool(mb.legal_moves) == bool(theirs), where
    for move in ours:
        their_move = chess.Move.from_uci(move.uci())
        san = mb.san(move)
        assert san == pc.san(their_move), f"{move.uci()} {where}"
        assert mb.parse_san(san) == move, f"{san} {where}"
        uci = mb.uci(move)
        assert uci == pc.uci(their_move), f"{move.uci()} {where}"
        assert mb.parse_uci(uci) == move, f"{uci} {where}"
        assert mb.is_capture(move) == pc.is_capture(their_move), f"{move.uci()} {where}"
        assert mb.is_en_passant(move) == pc.is_en_passant(their_move), f"{move.uci()} {where}"
        assert mb.is_castling(move) == pc.is_castling(their_move), f"{move.uci()} {where}"
        assert mb.is_zeroing(move) == pc.is_zeroing(their_move), f"{move.uci()} {where}"
        assert mb.gives_check(move) == pc.gives_check(their_move), f"{move.uci()} {where}"

    # Pseudo-legal moves: the same set.
    assert sorted(m.uci() for m in mb.pseudo_legal_moves) == sorted(
        m.uci() for m in pc.pseudo_legal_moves
    ), where
    return claims


def pick(rng: random.Random, pc: chess.Board, moves: List[chess.Move]) -> chess.Move:
    """A random move, often one that undoes the mover's previous move, so
    that positions repeat and the draw claims come up."""
    if len(pc.move_stack) >= 2 and rng.random() < 0.35:
        previous = pc.move_stack[-2]
        back = [m for m in moves if m.from_square == previous.to_square and m.to_square == previous.from_square]
        if back:
            return back[0]
    return rng.choice(moves)


def count_cases(pc: chess.Board, claims: Claims, seen: Counter[str]) -> None:
    """Tallies the rules this position exercises (by python-chess's word)."""
    if claims.outcome is not None:
        seen[claims.outcome.termination.name] += 1
    if claims.threefold and not pc.is_repetition():
        seen["threefold claim with a move"] += 1
    if claims.fifty and not pc.is_fifty_moves():
        seen["fifty-move claim with a move"] += 1
    if pc.has_pseudo_legal_en_passant():
        seen["en passant" if pc.has_legal_en_passant() else "en passant pseudo-legal only"] += 1
    if any(pc.is_castling(m) for m in pc.legal_moves):
        seen["castling"] += 1
    if any(m.promotion for m in pc.legal_moves):
        seen["promotion"] += 1


def play_game(seed: int, chess960: bool, seen: Counter[str], start: Optional[str] = None) -> int:
    """Plays one random game on both boards in step, comparing every
    position; returns the number of positions compared."""
    rng = random.Random(seed)
    if start is not None:
        pc = chess.Board(start)
        mb = magicboard.Board(start)
    elif chess960:
        n = rng.randrange(960)
        pc = chess.Board.from_chess960_pos(n)
        mb = magicboard.Board.from_chess960_pos(n)
    else:
        pc = chess.Board()
        mb = magicboard.Board()
    positions = 0
    for _ in range(MAX_PLIES):
        claims = compare_position(mb, pc)
        count_cases(pc, claims, seen)
        positions += 1
        if pc.is_game_over():
            break
        move = pick(rng, pc, list(pc.legal_moves))
        pc.push(move)
        # python-chess's Move is accepted as it is, and our own too.
        if rng.random() < 0.5:
            mb.push(move)
        else:
            mb.push(magicboard.Move.from_uci(move.uci()))
    assert [m.uci() for m in mb.move_stack] == [m.uci() for m in pc.move_stack]

    # Take some moves back on both boards.
    for _ in range(min(20, len(pc.move_stack))):
        assert mb.pop().uci() == pc.pop().uci()
        assert mb.fen() == pc.fen()
        assert mb.can_claim_draw() == pc.can_claim_draw()
    return positions


def test_random_games_agree_with_python_chess():
    positions = 0
    seen: Counter[str] = collections.Counter()
    for game in range(GAMES):
        positions += play_game(seed=1000 + game, chess960=game % 2 == 1, seen=seen)
    for i, start in enumerate(SPECIAL_STARTS):
        for seed in range(3):
            positions += play_game(seed=2000 + 10 * i + seed, chess960=False, seen=seen, start=start)
    print(
        f"{positions} positions from {GAMES + 3 * len(SPECIAL_STARTS)} games compared with "
        f"python-chess {chess.__version__}: {dict(sorted(seen.items()))}"
    )
    if GAMES >= 48:
        assert positions >= MIN_POSITIONS
        # The rules the comparison is meant to exercise came up.
        for case in [
            "CHECKMATE", "STALEMATE", "INSUFFICIENT_MATERIAL", "FIFTY_MOVES",
            "SEVENTYFIVE_MOVES", "THREEFOLD_REPETITION", "FIVEFOLD_REPETITION",
            "threefold claim with a move", "fifty-move claim with a move", "en passant",
            "en passant pseudo-legal only", "castling", "promotion",
        ]:
            assert seen[case] > 0, f"no position with {case}"


def test_perft_agrees_with_python_chess():
    """Perft to depth 3 from a few positions, python-chess counting by
    playing every move."""

    def perft(board: chess.Board, depth: int) -> int:
        if depth == 1:
            return board.legal_moves.count()
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += perft(board, depth - 1)
            board.pop()
        return total

    fens = [
        chess.STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ]
    for fen in fens:
        ours = magicboard.Board(fen)
        assert ours.perft(3) == perft(chess.Board(fen), 3), fen
        divide = ours.divide(2)
        theirs = chess.Board(fen)
        for move, count in divide.items():
            theirs.push(chess.Move.from_uci(move.uci()))
            assert count == theirs.legal_moves.count(), (fen, move)
            theirs.pop()


def test_push_pop_listed_and_stale_moves_against_python_chess():
    # A random walk that lists the legal moves now and then and pushes moves
    # from any earlier listing (most of them stale: listed in another
    # position), pops, jumps to other positions at the same ply, and plays
    # by SAN: `push` must accept exactly the moves python-chess calls legal,
    # and both boards must agree after every step.
    rng = random.Random(51)
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    fens = [chess.STARTING_FEN, kiwipete, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
    ours, theirs = magicboard.Board(), chess.Board()
    listings: List[List[magicboard.Move]] = []
    for _ in range(3000):
        step = rng.random()
        if step < 0.25 or not listings:
            listings.append(list(ours.legal_moves))
            listings = listings[-8:]
        elif step < 0.65:
            moves = listings[-1] if rng.random() < 0.5 else rng.choice(listings)
            if not moves:
                continue
            move = rng.choice(moves)
            theirs_move = chess.Move.from_uci(move.uci())
            if theirs.is_legal(theirs_move):
                ours.push(move)
                theirs.push(theirs_move)
            else:
                with pytest.raises(magicboard.IllegalMoveError):
                    ours.push(move)
        elif step < 0.9:
            if theirs.move_stack:
                assert ours.pop().uci() == theirs.pop().uci()
        elif step < 0.95:
            fen = rng.choice(fens)
            ours.set_fen(fen)
            theirs.set_fen(fen)
        else:
            legal = list(theirs.legal_moves)
            if legal:
                san = theirs.san(rng.choice(legal))
                ours.push_san(san)
                theirs.push_san(san)
        assert ours.fen() == theirs.fen()
        assert len(ours.move_stack) == len(theirs.move_stack)
