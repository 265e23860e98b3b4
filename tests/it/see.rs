//! Static exchange evaluation against a slow reference (`see_reference/`,
//! which plays the exchange with real moves) on every capture (and
//! promotion) of the suites' positions and of positions from seeded random
//! games, `see_ge` against `see` at thresholds around the value, and
//! hand-checked positions: x-rays, promotions, en passant, a pinned
//! attacker, king recaptures.

mod see_reference;

use crate::common::{fischer_suite, standard_suite};
use magicboard::see::SEE_VALUES;
use magicboard::{Board, Move};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

const GAMES: usize = if cfg!(debug_assertions) { 40 } else { 1_500 };

/// Checks every noisy move of `board` (and a few quiet ones); returns how
/// many moves were checked.
fn check_position(board: &Board, rng: &mut Xoshiro256PlusPlus) -> usize {
    let mut moves: Vec<Move> = board.captures().to_vec();
    let quiets = board.quiets();
    if !quiets.is_empty() {
        moves.push(quiets[rng.random_range(0..quiets.len())]);
    }
    let other = [100, 320, 330, 500, 900, 20_000];
    for &mv in &moves {
        let expected = see_reference::see(board, mv, &SEE_VALUES);
        let got = board.see(mv);
        assert_eq!(got, expected, "see({}) on {board:?}", board.to_uci(mv));
        assert_eq!(
            board.see_with(mv, &other),
            see_reference::see(board, mv, &other),
            "see_with({}) on {board:?}",
            board.to_uci(mv)
        );
        for threshold in [
            expected - 1,
            expected,
            expected + 1,
            0,
            -100,
            100,
            -1000,
            1000,
        ] {
            assert_eq!(
                board.see_ge(mv, threshold),
                expected >= threshold,
                "see_ge({}, {threshold}) on {board:?}, see = {expected}",
                board.to_uci(mv)
            );
        }
    }
    moves.len()
}

#[test]
fn see_agrees_with_the_reference() {
    let mut starts: Vec<Board> = vec![Board::startpos()];
    starts.extend(standard_suite().into_iter().map(|e| e.board));
    starts.extend(fischer_suite().into_iter().take(200).map(|e| e.board));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5ee);
    let mut checked = 0;
    for board in &starts {
        checked += check_position(board, &mut rng);
    }
    for game in 0..GAMES {
        let mut board = starts[game % starts.len()].clone();
        for _ in 0..120 {
            checked += check_position(&board, &mut rng);
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures, so that exchanges stay on the board.
            let noisy = board.captures();
            let mv = if !noisy.is_empty() && rng.random_range(0..3) == 0 {
                noisy[rng.random_range(0..noisy.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            board.make_move(mv);
        }
    }
    eprintln!("{checked} moves checked");
    assert!(checked > GAMES * 100, "only {checked} moves checked");
}

/// (FEN, move, SEE with the standard values), each worked out by hand.
const HAND: &[(&str, &str, i32)] = &[
    // An undefended pawn.
    ("4k3/8/8/4p3/8/8/8/K3R3 w - - 0 1", "e1e5", 100),
    // A defended pawn taken by a rook: 100 - 500.
    ("4k3/8/3p4/4p3/8/8/8/K3R3 w - - 0 1", "e1e5", -400),
    // X-ray: a second rook behind the first. Rxe5 dxe5 Rxe5: 100 - 500 + 100.
    ("4k3/8/3p4/4p3/8/8/4R3/K3R3 w - - 0 1", "e2e5", -300),
    // The defender's bishop stands behind its queen: Nxd5 Qxd5, and white
    // has nothing more: 100 - 300 (the bishop never needs to join).
    ("4k3/5b2/4q3/3p4/8/2N5/8/7K w - - 0 1", "c3d5", -200),
    // Bxd5: Qxd5 Rxd5 Bxd5 (the bishop x-rays through the queen) would net
    // black 300 - 900 + 500 = -100, so black does not recapture: 100.
    ("4k3/5b2/4q3/3p4/8/1B6/8/3R3K w - - 0 1", "b3d5", 100),
    // A pinned defender: the d6 pawn cannot recapture (pinned on the sixth
    // rank by the rook on h6).
    ("8/8/k2p3R/4p3/8/8/8/K3R3 w - - 0 1", "e1e5", 100),
    // An undefended pawn; then one the king defends: Rxe2 Kxe2, 100 - 500.
    ("4k3/8/8/8/8/8/4p3/K3R3 w - - 0 1", "e1e2", 100),
    ("8/8/8/8/8/3k4/4p3/K3R3 w - - 0 1", "e1e2", -400),
    // ... but the king may not take on e2 when the bishop on f1 defends it.
    ("8/8/8/8/8/3k4/4p3/K3RB2 w - - 0 1", "e1e2", 100),
    // En passant, the pawn recaptured by the pawn on e7: 100 - 100.
    ("4k3/4p3/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 0),
    // A promotion that cannot be taken: 900 - 100.
    ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 800),
    // Promotion with capture, then the rook takes the queen:
    // 500 + 800 - 900 = 400.
    ("rr2k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", 400),
    // A pawn recapturing onto the last rank promotes: Rxb1 axb1=Q. White
    // takes a knight (300); black takes the rook (500) and promotes (800):
    // 300 - 1300 = -1000.
    ("4k3/1R6/8/8/8/8/p7/1n2K3 w - - 0 1", "b7b1", -1000),
    // Quiet moves: to an attacked square loses the piece.
    ("4k3/8/8/3p4/8/8/8/2R1K3 w - - 0 1", "c1c4", -500),
    ("4k3/8/8/8/8/8/8/2R1K3 w - - 0 1", "c1c4", 0),
    // Castling is worth nothing.
    ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0),
];

#[test]
fn hand_checked_exchanges() {
    for &(fen, uci, expected) in HAND {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mv = board
            .parse_uci(uci)
            .unwrap_or_else(|e| panic!("{uci} on {fen}: {e}"));
        assert_eq!(
            see_reference::see(&board, mv, &SEE_VALUES),
            expected,
            "reference: {uci} on {fen}"
        );
        assert_eq!(board.see(mv), expected, "{uci} on {fen}");
        assert!(
            board.see_ge(mv, expected) && !board.see_ge(mv, expected + 1),
            "see_ge {uci} on {fen}"
        );
    }
}
