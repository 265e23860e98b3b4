//! The engine API against definitions that can fail: over the perft
//! suites' positions and positions of seeded random games (standard and
//! Chess960, moves weighted towards captures, promotions, checks, castling
//! and en passant), at every position:
//!
//! * `captures`, `quiets` and `legal_moves_masked` equal `legal_moves`
//!   filtered by their definitions (`captures` and `quiets` partition it);
//!   `for_each_legal`, `for_each_capture` and `for_each_quiet` visit the
//!   same moves as their lists, in the same order, and stop when told;
//! * `is_legal` and `is_pseudo_legal` agree with membership in
//!   `legal_moves` and `pseudo_legal_moves` for every generated move and,
//!   at a sample of positions, for all 65,536 move values;
//! * `gives_check(mv)` equals "make, then `in_check()`" for every legal move;
//! * `hash_after(mv)` equals the hash after `make_move`;
//! * `piece_delta(mv)` applied to the old board's pieces gives the new
//!   board's pieces; `captured`, `is_capture`, `moved` and `is_en_passant`
//!   agree with what the board looks like after the move and with `Undo`;
//! * a null move and its unmake are exact, the hash after a null move is
//!   the fresh hash of the position with the side flipped, and a null move
//!   is refused in check;
//! * `attacks_by` is the union of every piece's attacks; `attackers_to_with`
//!   with the board's occupancy equals `attackers_to`.

use crate::common::{cpw_suite, fischer_suite, standard_suite};
use magicboard::{Bitboard, Board, Color, Move, MoveList, Piece, PieceKind, Square, attacks};
use pretty_assertions::assert_eq;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Random-game positions checked (plus the suites' positions).
const POSITIONS: usize = if cfg!(debug_assertions) {
    4_000
} else {
    100_000
};
/// Every this many positions, all 65,536 move values are tried.
#[cfg(feature = "reference")]
const FULL_SWEEP_EVERY: usize = if cfg!(debug_assertions) { 400 } else { 250 };

fn sorted(moves: &[Move]) -> Vec<Move> {
    let mut v = moves.to_vec();
    v.sort_unstable();
    v
}

/// The positions: every suite position, then positions of random games.
fn positions(seed: u64, count: usize) -> Vec<Board> {
    let mut starts: Vec<Board> = vec![Board::startpos()];
    starts.extend(standard_suite().into_iter().map(|e| e.board));
    starts.extend(cpw_suite().into_iter().map(|e| e.board));
    let fischer: Vec<Board> = fischer_suite().into_iter().map(|e| e.board).collect();
    let mut out = starts.clone();
    out.extend(fischer.iter().cloned());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = 0usize;
    while out.len() < count {
        let mut board = if game % 2 == 0 {
            starts[rng.random_range(0..starts.len())].clone()
        } else {
            fischer[rng.random_range(0..fischer.len())].clone()
        };
        game += 1;
        for _ in 0..160 {
            let moves = board.legal_moves();
            if moves.is_empty() || out.len() >= count {
                break;
            }
            let mv = weighted_choice(&board, &moves, &mut rng);
            board.make_move(mv);
            out.push(board.clone());
        }
    }
    out
}

/// A random move, one time in two among the "interesting" ones (captures,
/// en passant included, promotions, checks, castling, and pawn double steps,
/// which make en passant possible) when there are any.
fn weighted_choice(board: &Board, moves: &MoveList, rng: &mut Xoshiro256PlusPlus) -> Move {
    let interesting: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| {
            let double_step = board.moved(mv) == Some(PieceKind::Pawn)
                && mv.from().index().abs_diff(mv.to().index()) == 16;
            board.is_capture(mv)
                || mv.is_promotion()
                || mv.is_castle()
                || double_step
                || board.gives_check(mv)
        })
        .collect();
    if !interesting.is_empty() && rng.random_range(0..2) == 0 {
        interesting[rng.random_range(0..interesting.len())]
    } else {
        moves[rng.random_range(0..moves.len())]
    }
}

/// Every piece of the board with its square.
fn pieces(board: &Board) -> Vec<(Piece, Square)> {
    let mut v: Vec<(Piece, Square)> = board
        .occupied()
        .into_iter()
        .map(|sq| (board.piece_on(sq).unwrap(), sq))
        .collect();
    v.sort_by_key(|&(p, sq)| (sq.index(), p.kind.index(), p.color.index()));
    v
}

fn check_generation(board: &Board, rng: &mut Xoshiro256PlusPlus) {
    let legal = board.legal_moves();
    let noisy: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| board.is_capture(mv) || mv.is_promotion())
        .collect();
    let quiet: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| !board.is_capture(mv) && !mv.is_promotion())
        .collect();
    assert_eq!(
        sorted(&board.captures()),
        sorted(&noisy),
        "captures of {board:?}"
    );
    assert_eq!(
        sorted(&board.quiets()),
        sorted(&quiet),
        "quiets of {board:?}"
    );

    // Masks: random ones, single squares and the side's own pieces.
    for _ in 0..3 {
        let from = Bitboard(rng.random::<u64>() & rng.random::<u64>())
            | board.colored(board.side_to_move());
        let to = Bitboard(rng.random::<u64>());
        let from = if rng.random_range(0..2) == 0 {
            from
        } else {
            Bitboard(rng.random::<u64>())
        };
        let expected: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|mv| from.contains(mv.from()) && to.contains(mv.to()))
            .collect();
        assert_eq!(
            sorted(&board.legal_moves_masked(from, to)),
            sorted(&expected),
            "legal_moves_masked({from:?}, {to:?}) of {board:?}"
        );
    }
    let sq = Square::from_index(rng.random_range(0..64)).unwrap();
    let from_sq: Vec<Move> = legal.iter().copied().filter(|mv| mv.from() == sq).collect();
    assert_eq!(
        sorted(&board.legal_moves_masked(sq.bitboard(), Bitboard::FULL)),
        sorted(&from_sq)
    );

    // for_each_legal: every move once, in the move list's order; then
    // stopping after k moves.
    let mut seen = Vec::new();
    assert!(board.for_each_legal(|mv| {
        seen.push(mv);
        true
    }));
    assert_eq!(seen, legal.to_vec());
    if !legal.is_empty() {
        let k = rng.random_range(1..=legal.len());
        let mut calls = 0;
        let finished = board.for_each_legal(|_| {
            calls += 1;
            calls < k
        });
        assert_eq!(calls, k, "for_each_legal called f after it returned false");
        assert_eq!(finished, false);
    }
    assert_eq!(board.has_legal_moves(), !legal.is_empty());

    // for_each_capture and for_each_quiet: the lists' moves in the lists'
    // order, and stopping when told.
    type Each = fn(&Board, &mut dyn FnMut(Move) -> bool) -> bool;
    let each_capture: Each = |board, f| board.for_each_capture(f);
    let each_quiet: Each = |board, f| board.for_each_quiet(f);
    for (name, list, each) in [
        ("capture", board.captures(), each_capture),
        ("quiet", board.quiets(), each_quiet),
    ] {
        let mut seen = Vec::new();
        assert!(each(board, &mut |mv| {
            seen.push(mv);
            true
        }));
        assert_eq!(seen, list.to_vec(), "for_each_{name} of {board:?}");
        if !list.is_empty() {
            let k = rng.random_range(1..=list.len());
            let mut calls = 0;
            assert!(!each(board, &mut |_| {
                calls += 1;
                calls < k
            }));
            assert_eq!(calls, k, "for_each_{name} called f after it returned false");
        }
    }
}

// `pseudo_legal_moves` is a reference oracle (feature `reference`).
#[cfg(feature = "reference")]
fn check_legality_tests(board: &Board, full_sweep: bool) {
    let legal = sorted(&board.legal_moves());
    let pseudo = sorted(&board.pseudo_legal_moves());
    for &mv in &pseudo {
        assert_eq!(
            board.is_pseudo_legal(mv),
            true,
            "is_pseudo_legal({mv:?}) on {board:?}"
        );
        assert_eq!(
            board.is_legal(mv),
            legal.binary_search(&mv).is_ok(),
            "is_legal({}) on {board:?}",
            board.to_uci(mv)
        );
    }
    for &mv in &legal {
        assert!(
            board.is_legal(mv),
            "is_legal({}) on {board:?}",
            board.to_uci(mv)
        );
    }
    if full_sweep {
        for bits in 0..=u16::MAX {
            let mv = Move::from_bits(bits);
            assert_eq!(
                board.is_legal(mv),
                legal.binary_search(&mv).is_ok(),
                "is_legal({mv:?}) on {board:?}"
            );
            assert_eq!(
                board.is_pseudo_legal(mv),
                pseudo.binary_search(&mv).is_ok(),
                "is_pseudo_legal({mv:?}) on {board:?}"
            );
        }
    }
}

fn check_move_facts(board: &Board) {
    let us = board.side_to_move();
    let before = pieces(board);
    for mv in board.legal_moves() {
        let mut after = board.clone();
        let (undo, delta) = after.make_move_delta(mv);
        let what = || format!("{} on {board:?}", board.to_uci(mv));

        assert_eq!(
            board.gives_check(mv),
            after.in_check(),
            "gives_check({})",
            what()
        );
        assert_eq!(board.hash_after(mv), after.hash(), "hash_after({})", what());
        assert_eq!(board.piece_delta(mv), delta);

        // The delta turns the old pieces into the new ones.
        let mut set = before.clone();
        for removed in delta.removed() {
            let i = set.iter().position(|p| p == removed).unwrap_or_else(|| {
                panic!("delta removes {removed:?}, not on the board: {}", what())
            });
            set.remove(i);
        }
        set.extend_from_slice(delta.added());
        set.sort_by_key(|&(p, sq)| (sq.index(), p.kind.index(), p.color.index()));
        assert_eq!(set, pieces(&after), "piece_delta({})", what());

        // Move facts against the board after the move.
        let lost = board.colored(!us).count() - after.colored(!us).count();
        assert_eq!(board.is_capture(mv), lost == 1, "is_capture({})", what());
        assert_eq!(board.captured(mv), undo.captured(), "captured({})", what());
        assert_eq!(
            board.is_en_passant(mv),
            undo.is_en_passant(),
            "is_en_passant({})",
            what()
        );
        let moved = board.piece_on(mv.from()).map(|p| p.kind);
        assert_eq!(board.moved(mv), moved);
        assert_eq!(mv.is_promotion(), mv.promotion().is_some());
        assert_eq!(undo.castling_rights(), board.castling_rights());
        assert_eq!(undo.en_passant(), board.en_passant());
        assert_eq!(undo.hash(), board.hash());
        assert_eq!(undo.halfmove_clock(), board.halfmove_clock());
    }
}

fn check_null_move(board: &Board) {
    let mut b = board.clone();
    match b.make_null_move() {
        None => {
            assert!(
                board.in_check(),
                "null move refused out of check on {board:?}"
            );
            assert_eq!(&b, board, "a refused null move changed the board");
        }
        Some(undo) => {
            assert!(!board.in_check(), "null move allowed in check on {board:?}");
            assert_eq!(b.side_to_move(), !board.side_to_move());
            assert_eq!(b.en_passant(), None);
            assert_eq!(b.halfmove_clock(), board.halfmove_clock() + 1);
            let fullmove =
                board.fullmove_number() + u32::from(board.side_to_move() == Color::Black);
            assert_eq!(b.fullmove_number(), fullmove);
            assert_eq!(
                b.hash(),
                b.hash_from_scratch(),
                "hash after a null move on {board:?}"
            );
            // The same position with the side flipped, read from FEN.
            let mut fields: Vec<String> = board.to_fen().split(' ').map(String::from).collect();
            fields[1] = if b.side_to_move() == Color::White {
                "w"
            } else {
                "b"
            }
            .to_string();
            fields[3] = "-".to_string();
            let flipped = Board::from_fen_with(
                &fields.join(" "),
                magicboard::CastlingMode::from_chess960(board.is_chess960()),
            )
            .unwrap();
            assert_eq!(b.hash(), flipped.hash());
            assert!(b.is_consistent());
            b.unmake_null_move(undo);
            assert_eq!(&b, board);
            assert_eq!(b.hash(), board.hash());
        }
    }
}

fn check_attack_queries(board: &Board) {
    for color in Color::ALL {
        let mut union = Bitboard::EMPTY;
        for sq in board.colored(color) {
            let kind = board.piece_on(sq).unwrap().kind;
            union |= match kind {
                PieceKind::Pawn => attacks::pawn_attacks(color, sq),
                PieceKind::Knight => attacks::knight_attacks(sq),
                PieceKind::Bishop => attacks::bishop_attacks(sq, board.occupied()),
                PieceKind::Rook => attacks::rook_attacks(sq, board.occupied()),
                PieceKind::Queen => attacks::queen_attacks(sq, board.occupied()),
                PieceKind::King => attacks::king_attacks(sq),
            };
        }
        assert_eq!(
            board.attacks_by(color),
            union,
            "attacks_by({color:?}) on {board:?}"
        );
        for sq in Bitboard::FULL {
            assert_eq!(
                board.attackers_to_with(sq, color, board.occupied()),
                board.attackers_to(sq, color)
            );
            assert_eq!(union.contains(sq), board.is_square_attacked(sq, color));
        }
    }
}

#[test]
fn engine_api_agrees_with_its_definitions() {
    let all = positions(0x6d61_6769_6362_6f61, POSITIONS);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let (mut chess960, mut checks, mut ep, mut promos) = (0, 0, 0, 0);
    for (i, board) in all.iter().enumerate() {
        check_generation(board, &mut rng);
        #[cfg(feature = "reference")]
        check_legality_tests(board, i % FULL_SWEEP_EVERY == 0);
        check_move_facts(board);
        check_null_move(board);
        if i % 50 == 0 {
            check_attack_queries(board);
        }
        chess960 += usize::from(board.is_chess960());
        checks += usize::from(board.in_check());
        ep += usize::from(board.en_passant().is_some());
        promos += usize::from(board.legal_moves().iter().any(|m| m.is_promotion()));
    }
    eprintln!(
        "{} positions: {chess960} Chess960, {checks} in check, {ep} with en passant, {promos} with promotions",
        all.len()
    );
    // The positions must exercise what they are meant to.
    assert!(all.len() >= POSITIONS);
    assert!(chess960 > all.len() / 4, "{chess960} Chess960 positions");
    assert!(checks > all.len() / 50, "{checks} positions in check");
    assert!(ep > all.len() / 500, "{ep} positions with en passant");
    assert!(
        promos > all.len() / 200,
        "{promos} positions with promotions"
    );
}

/// Hand-checked cases of `gives_check` that the random positions may miss.
#[test]
fn gives_check_by_hand() {
    let cases = [
        // En passant uncovering a file: the pawn leaves d5, and the rook on
        // d1 sees the king on d8.
        ("3k4/8/8/3Pp3/8/8/8/3RK3 w - e6 0 2", "d5e6", true),
        // En passant emptying two squares of the fifth rank at once: the
        // rook on h5 then sees the king on a5.
        ("8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 2", "e5d6", true),
        ("8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 2", "e5e6", false),
        // Promotion to a knight that checks, and to a queen that does not.
        ("8/4P3/8/3k4/8/8/8/4K3 w - - 0 1", "e7e8n", false),
        ("6k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", true),
        ("8/4P3/3k4/8/8/8/8/4K3 w - - 0 1", "e7e8n", true),
        // Castling: the rook checks from f1 along the f-file.
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true),
        // A king move that uncovers the rook behind it.
        ("4k3/8/8/8/8/8/4K3/4R3 w - - 0 1", "e2d2", true),
        ("4k3/8/8/8/8/8/4K3/4R3 w - - 0 1", "e2e3", false),
    ];
    for (fen, uci, expected) in cases {
        let board = Board::from_fen(fen).unwrap();
        let mv = board.parse_uci(uci).unwrap();
        assert_eq!(board.gives_check(mv), expected, "{uci} on {fen}");
        assert_eq!(
            board.play_unchecked(mv).in_check(),
            expected,
            "{uci} on {fen} (made)"
        );
    }
}

/// A null move is refused in check, allowed otherwise, on suite positions.
#[test]
fn null_move_is_refused_in_check() {
    let mut board = Board::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
    let before = board.clone();
    assert_eq!(board.make_null_move(), None);
    assert_eq!(board, before);
    let mut start = Board::startpos();
    let undo = start.make_null_move().expect("not in check");
    assert_eq!(
        start.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"
    );
    start.unmake_null_move(undo);
    assert_eq!(start, Board::startpos());
}
