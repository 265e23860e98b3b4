//! Transforms: the Chess Programming Wiki's position 4 and its published
//! mirror (`tests/data/cpw.epd`), and properties over the suites and
//! seeded random games: `mirror(mirror(b)) == b`, `perft(mirror(b)) ==
//! perft(b)`, the mirror's key is its own position's key, and so on.
//! python/tests/test_transform.py checks the same maps against
//! python-chess's `mirror`, `transform` and bitboard functions.

use crate::common::{fischer_suite, parse, standard_suite};
use magicboard::{Bitboard, Board, CastlingMode, PositionError, Square, Transform, perft};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The suites' positions and positions a few random moves from them.
fn boards() -> Vec<Board> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(55);
    let mut out = Vec::new();
    let suites = standard_suite()
        .into_iter()
        .chain(fischer_suite().into_iter().step_by(8));
    for entry in suites {
        out.push(entry.board.clone());
        let mut board = entry.board.clone();
        for _ in 0..rng.random_range(1..30) {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.make_move(moves[rng.random_range(0..moves.len())]);
        }
        out.push(board);
    }
    out
}

#[test]
fn position_4_mirrors_to_its_published_mirror() {
    let four = parse(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        false,
    );
    let mirrored = parse(
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        false,
    );
    assert_eq!(four.mirror(), mirrored);
    assert_eq!(mirrored.mirror(), four);
}

#[test]
fn mirror_is_an_involution_with_the_same_counts_and_its_own_key() {
    for board in boards() {
        let mirrored = board.mirror();
        assert_eq!(mirrored.mirror(), board, "{}", board.to_fen());
        assert!(mirrored.is_consistent());
        let mode = CastlingMode::from_chess960(board.is_chess960());
        let reread = Board::from_fen_with(&mirrored.to_fen(), mode).unwrap();
        assert_eq!(reread, mirrored, "{}", board.to_fen());
        assert_eq!(perft(&mirrored, 2), perft(&board, 2), "{}", board.to_fen());
        assert_eq!(mirrored.side_to_move(), !board.side_to_move());
        assert_eq!(
            mirrored.en_passant(),
            board.en_passant().map(Square::flip_vertical)
        );
    }
    // Deeper on the suites' first positions.
    for entry in standard_suite().iter().take(12) {
        for &(depth, count) in entry.counts.iter().filter(|(d, _)| *d <= 4) {
            let mirrored = u128::from(perft(&entry.board.mirror(), depth));
            assert_eq!(mirrored, count, "{} depth {depth}", entry.fen);
        }
    }
}

#[test]
fn flip_horizontal_keeps_counts_without_castling_rights() {
    for board in boards() {
        let flipped = board.flip_horizontal();
        assert!(flipped.is_consistent());
        assert_eq!(flipped.flip_horizontal().to_fen(), board.to_fen());
        let reread = Board::from_fen_with(&flipped.to_fen(), CastlingMode::Chess960).unwrap();
        assert_eq!(reread.to_fen(), flipped.to_fen());
        if board.castling_rights().is_empty() {
            assert_eq!(perft(&flipped, 2), perft(&board, 2), "{}", board.to_fen());
        } else {
            // The rights follow their rooks to the other wing.
            assert_eq!(
                flipped.castling_rights().is_empty(),
                board.castling_rights().is_empty()
            );
        }
    }
}

/// The other transforms give a position or the builder's error for it,
/// never a panic; a position comes back to the original (without castling
/// rights) when transformed again, and a half turn equals the mirror turned
/// about the vertical axis with the colours swapped back.
#[test]
fn the_other_transforms_give_a_position_or_an_error() {
    let mut built = 0;
    for board in boards() {
        for t in Transform::ALL {
            match board.transform(t) {
                Ok(out) => {
                    built += 1;
                    assert!(out.is_consistent());
                    if t != Transform::FlipHorizontal {
                        assert!(out.castling_rights().is_empty());
                        let back = out.transform(t).unwrap();
                        assert_eq!(back.occupied(), board.occupied());
                        assert_eq!(
                            back.colored(magicboard::Color::White),
                            board.colored(magicboard::Color::White)
                        );
                    }
                }
                Err(e) => assert!(
                    matches!(
                        e,
                        PositionError::PawnOnBackRank(_)
                            | PositionError::OppositeCheck
                            | PositionError::TooManyCheckers
                    ),
                    "{t:?} of {}: {e}",
                    board.to_fen()
                ),
            }
        }
    }
    assert!(built > 500);
}

#[test]
fn bitboard_maps_agree_with_python_chess() {
    // b1-h1 and a2, and its images by python-chess 1.11.2's
    // `flip_vertical`, `flip_horizontal`, `flip_diagonal`,
    // `flip_anti_diagonal` and the first two composed.
    let set = Bitboard(0x1fe);
    let images = [
        (Transform::FlipVertical, 0xfe01_0000_0000_0000),
        (Transform::FlipHorizontal, 0x807f),
        (Transform::FlipDiagonal, 0x0101_0101_0101_0102),
        (Transform::FlipAntiDiagonal, 0x4080_8080_8080_8080),
        (Transform::Rotate180, 0x7f80_0000_0000_0000),
    ];
    for (t, image) in images {
        assert_eq!(t.apply(set), Bitboard(image), "{t:?}");
    }
    assert_eq!(Bitboard::FULL.flip_diagonal(), Bitboard::FULL);
    assert_eq!(
        Bitboard::LIGHT_SQUARES.flip_anti_diagonal(),
        Bitboard::LIGHT_SQUARES
    );
}
