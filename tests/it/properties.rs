//! Property tests over seeded random games.
//!
//! Thousands of games of random legal moves (from the start position, from
//! the standard suite's positions and from Chess960 positions of
//! fischer.epd) and, at every position:
//!
//! * the board is consistent and its incremental hash equals a hash
//!   computed from scratch;
//! * FEN (and Shredder-FEN) text parses back to an equal board;
//! * every legal move is pseudo-legal and leaves the mover's king safe once
//!   made, and every pseudo-legal move that leaves it safe is legal (the
//!   definition, checked here by hand rather than through
//!   `legal_moves_by_make_unmake`, which is compared too);
//! * make then unmake restores the board exactly (`==`, same hash), for
//!   every pseudo-legal move, and at the end of each game the whole game is
//!   taken back move by move;
//! * `count_legal_moves`, `is_legal` (also on random 16-bit move values) and
//!   `parse_uci` agree with the move list.
//!
//! Debug builds (plain `cargo test`) play fewer games: `make_move` there
//! also debug-asserts the board's consistency after every move.

use crate::common::{fischer_suite, parse, sorted_uci, standard_suite};
use magicboard::{Board, Move};
use pretty_assertions::assert_eq;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

const GAMES: usize = if cfg!(debug_assertions) { 60 } else { 2_000 };
const MAX_PLIES: usize = 200;
/// Random 16-bit move values tried with `is_legal` at each position.
const RANDOM_MOVES_PER_POSITION: usize = 8;

/// Parses `fen` the way `b` was made (Chess960 or not).
fn reparse(fen: &str, chess960: bool) -> Board {
    let parsed = if chess960 {
        Board::from_fen_with(fen, magicboard::CastlingMode::Chess960)
    } else {
        Board::from_fen(fen)
    };
    parsed.unwrap_or_else(|e| panic!("our own FEN {fen:?} was rejected: {e}"))
}

/// Asserts that two move lists hold the same moves (as multisets), showing
/// a diff of their UCI text when they do not. Comparing the moves first
/// keeps the common case free of string formatting.
fn assert_same_moves(
    b: &Board,
    left: &[Move],
    right: &[Move],
    what: &str,
    context: &dyn Fn() -> String,
) {
    let (mut l, mut r) = (left.to_vec(), right.to_vec());
    l.sort_unstable();
    r.sort_unstable();
    if l != r {
        assert_eq!(
            sorted_uci(b, left),
            sorted_uci(b, right),
            "{what} on {b:?} ({})",
            context()
        );
        panic!("{what}: same text, different moves on {b:?}: {l:?} vs {r:?}");
    }
}

/// Every property of one position. `rng` draws the random move values.
fn check_position(b: &Board, rng: &mut Xoshiro256PlusPlus, context: &dyn Fn() -> String) {
    assert!(
        b.is_consistent(),
        "inconsistent board {b:?} ({})",
        context()
    );
    assert_eq!(
        b.hash(),
        b.hash_from_scratch(),
        "hash of {b:?} ({})",
        context()
    );

    // FEN round trips.
    let fen = b.to_fen();
    assert_eq!(
        &reparse(&fen, b.is_chess960()),
        b,
        "FEN round trip of {fen}"
    );
    let shredder = b.to_shredder_fen();
    assert_eq!(
        &reparse(&shredder, b.is_chess960()),
        b,
        "Shredder-FEN round trip of {shredder}"
    );

    // Legality by definition: make each pseudo-legal move, look at the king.
    let us = b.side_to_move();
    let legal = b.legal_moves();
    let pseudo = b.pseudo_legal_moves();
    let mut scratch = b.clone();
    let mut safe = Vec::new();
    for &mv in pseudo.iter() {
        let undo = scratch.make_move(mv);
        assert!(
            scratch.is_consistent(),
            "inconsistent after {mv:?} on {b:?} ({})",
            context()
        );
        assert_eq!(
            scratch.hash(),
            scratch.hash_from_scratch(),
            "hash after {mv:?} on {b:?}"
        );
        if !scratch.is_square_attacked(scratch.king(us), !us) {
            safe.push(mv);
        }
        scratch.unmake_move(mv, undo);
        assert_eq!(&scratch, b, "unmake of {mv:?} ({})", context());
        assert_eq!(scratch.hash(), b.hash(), "hash after unmake of {mv:?}");
    }
    for mv in legal.iter() {
        assert!(
            pseudo.contains(mv),
            "legal {mv:?} not pseudo-legal on {b:?}"
        );
        // The unguarded make plays a legal move exactly as the guarded one.
        let mut guarded = b.clone();
        let undo = guarded.make_move(*mv);
        let undo_unchecked = scratch.make_move_unchecked(*mv);
        assert_eq!(scratch, guarded, "make_move_unchecked({mv:?}) on {b:?}");
        assert_eq!(undo_unchecked, undo, "undo of {mv:?} on {b:?}");
        scratch.unmake_move(*mv, undo_unchecked);
        assert_eq!(&scratch, b, "unmake of unchecked {mv:?} ({})", context());
    }
    assert_same_moves(
        b,
        &legal,
        &safe,
        "legal_moves() (left) vs pseudo-legal moves that leave the king safe (right)",
        context,
    );
    assert_same_moves(
        b,
        &legal,
        &b.legal_moves_by_make_unmake(),
        "legal_moves() (left) vs legal_moves_by_make_unmake() (right)",
        context,
    );
    assert_eq!(b.count_legal_moves(), legal.len() as u64, "count on {b:?}");

    // is_legal: the pseudo-legal moves, random values, and near misses
    // (one bit flipped) of legal moves.
    for &mv in pseudo.iter() {
        assert_eq!(
            b.is_legal(mv),
            legal.contains(&mv),
            "is_legal({mv:?}) on {b:?}"
        );
    }
    for _ in 0..RANDOM_MOVES_PER_POSITION {
        let mv = Move::from_bits(rng.random::<u16>());
        assert_eq!(
            b.is_legal(mv),
            legal.contains(&mv),
            "is_legal({mv:?}) on {b:?}"
        );
    }
    if let Some(&mv) = legal.get(rng.random_range(0..legal.len().max(1))) {
        let flipped = Move::from_bits(mv.to_bits() ^ 1 << rng.random_range(0..16));
        assert_eq!(
            b.is_legal(flipped),
            legal.contains(&flipped),
            "is_legal({flipped:?}) on {b:?}"
        );
        // UCI text names the move back.
        let text = b.to_uci(mv).to_string();
        assert_eq!(b.parse_uci(&text), Ok(mv), "parse_uci({text:?}) on {b:?}");
    }
}

/// The position a game starts from: the start position, a position of the
/// standard suite or a Chess960 position.
fn start_position(
    game: usize,
    rng: &mut Xoshiro256PlusPlus,
    standard: &[Board],
    fischer: &[Board],
) -> Board {
    match game % 3 {
        0 => Board::startpos(),
        1 => standard[rng.random_range(0..standard.len())].clone(),
        _ => fischer[rng.random_range(0..fischer.len())].clone(),
    }
}

#[test]
fn random_games_keep_every_invariant() {
    let standard: Vec<Board> = standard_suite()
        .iter()
        .map(|e| parse(&e.fen, false))
        .collect();
    let fischer: Vec<Board> = fischer_suite()
        .iter()
        .map(|e| parse(&e.fen, true))
        .collect();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(20_240_601);
    let (mut positions, mut ended_early) = (0usize, 0usize);
    for game in 0..GAMES {
        let start = start_position(game, &mut rng, &standard, &fischer);
        let mut b = start.clone();
        let mut history: Vec<(Move, magicboard::Undo, Board)> = Vec::new();
        for ply in 0..MAX_PLIES {
            let context = || format!("game {game}, ply {ply}, from {start:?}");
            check_position(&b, &mut rng, &context);
            positions += 1;
            let legal = b.legal_moves();
            if legal.is_empty() {
                ended_early += 1;
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            let before = b.clone();
            let undo = b.make_move(mv);
            history.push((mv, undo, before));
        }
        // Take the whole game back.
        while let Some((mv, undo, before)) = history.pop() {
            b.unmake_move(mv, undo);
            assert_eq!(b, before, "taking back {mv:?} in game {game}");
            assert_eq!(b.hash(), before.hash());
        }
        assert_eq!(b, start);
    }
    assert!(
        positions >= GAMES * 20,
        "games too short: {positions} positions"
    );
    eprintln!("{GAMES} games, {positions} positions, {ended_early} ended by mate or stalemate");
}

/// `is_legal` and `parse_uci` never panic on any 16-bit value or short
/// text, on a few boards with castling, en passant and promotions about.
#[test]
fn every_move_value_is_answered_without_panicking() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ] {
        let b = Board::from_fen(fen).unwrap();
        let legal = b.legal_moves();
        let mut accepted = 0;
        for bits in 0..=u16::MAX {
            let mv = Move::from_bits(bits);
            let is_legal = b.is_legal(mv);
            assert_eq!(is_legal, legal.contains(&mv), "is_legal({mv:?}) on {fen}");
            accepted += usize::from(is_legal);
        }
        assert_eq!(accepted, legal.len(), "each legal move has one encoding");
    }
}

/// `make_move` refuses a move whose from-square holds no piece of the side
/// to move, or whose to-square holds one (castling aside): the board is
/// left unchanged and `unmake_move` with the returned `Undo` is a no-op.
#[test]
fn make_move_refuses_moves_that_do_not_start_from_a_piece_of_the_mover() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let boards: Vec<Board> = standard_suite()
        .iter()
        .map(|e| parse(&e.fen, false))
        .collect();
    let mut refusals = 0;
    for b in &boards {
        let ours = b.colored(b.side_to_move());
        for _ in 0..500 {
            let mv = Move::from_bits(rng.random::<u16>());
            if ours.contains(mv.from()) && ours.contains(mv.to()) == mv.is_castle() {
                continue;
            }
            refusals += 1;
            let mut after = b.clone();
            let undo = after.make_move(mv);
            assert_eq!(&after, b, "{mv:?} should be refused on {b:?}");
            after.unmake_move(mv, undo);
            assert_eq!(&after, b, "unmake of refused {mv:?} on {b:?}");
        }
    }
    assert!(refusals > 10_000);
}

/// `make_move` assumes a legal move but never panics, whatever the move
/// (release builds; debug builds assert the board's consistency after each
/// move, which an illegal move may break). The board it leaves may be
/// meaningless, but querying it must not panic either.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "debug builds assert consistency in make_move"
)]
fn make_move_never_panics_on_arbitrary_move_values() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    let boards: Vec<Board> = standard_suite()
        .iter()
        .map(|e| parse(&e.fen, false))
        .collect();
    for b in &boards {
        for _ in 0..300 {
            let mv = Move::from_bits(rng.random::<u16>());
            let mut after = b.clone();
            let undo = after.make_move(mv);
            let _ = (after.to_fen(), after.legal_moves(), after.in_check());
            let _ = magicboard::perft(&after, 2);
            after.unmake_move(mv, undo);
        }
    }
}
