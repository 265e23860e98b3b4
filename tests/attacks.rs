//! The attack tables (`magicboard::attacks`) against the slow ray walks of
//! `magicboard::geometry`, the same code `build.rs` verified them with:
//! every square, every relevant occupancy subset of the sliders, and
//! thousands of random occupancies per square (seeded, so reproducible).
//!
//! The oracle itself is checked first against a few diagrams drawn by hand,
//! so that a wrong `geometry` cannot make the comparison pass vacuously.

use magicboard::{Bitboard, Color, Square, attacks, bitboard, geometry};
use pretty_assertions::assert_eq;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

const RANDOM_OCCUPANCIES_PER_SQUARE: usize = 1_000;

fn squares() -> impl Iterator<Item = Square> {
    (0..64).map(|i| Square::from_index(i).unwrap())
}

/// A random occupancy of varying density: sparse, medium, dense or full
/// random, so that rays are blocked near and far.
fn random_occupancy(rng: &mut Xoshiro256PlusPlus) -> u64 {
    match rng.random_range(0..5) {
        0 => rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>(),
        1 => rng.random::<u64>() & rng.random::<u64>(),
        2 => rng.random::<u64>(),
        3 => rng.random::<u64>() | rng.random::<u64>(),
        _ => {
            // A handful of single bits.
            let n = rng.random_range(0..8);
            (0..n).fold(0, |acc, _| acc | 1 << rng.random_range(0..64))
        }
    }
}

// ----- the oracle against hand-drawn diagrams ------------------------------

#[test]
fn geometry_matches_hand_drawn_diagrams() {
    let a1 = Square::A1.index();
    assert_eq!(
        Bitboard(geometry::rook_attacks(a1, 0)),
        bitboard! {
            X . . . . . . .
            X . . . . . . .
            X . . . . . . .
            X . . . . . . .
            X . . . . . . .
            X . . . . . . .
            X . . . . . . .
            . X X X X X X X
        }
    );
    let blockers = bitboard! {
        . . . . . . . .
        . . . . . . . .
        . . . . . X . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . X . . . . . .
        . . . . . . . .
    };
    assert_eq!(
        Bitboard(geometry::bishop_attacks(Square::D4.index(), blockers.0)),
        bitboard! {
            . . . . . . . .
            X . . . . . . .
            . X . . . X . .
            . . X . X . . .
            . . . . . . . .
            . . X . X . . .
            . X . . . X . .
            . . . . . . X .
        }
    );
    assert_eq!(
        Bitboard(geometry::relevant_mask(
            Square::D4.index(),
            &geometry::ROOK_DIRECTIONS
        )),
        bitboard! {
            . . . . . . . .
            . . . X . . . .
            . . . X . . . .
            . . . X . . . .
            . X X . X X X .
            . . . X . . . .
            . . . X . . . .
            . . . . . . . .
        }
    );
    assert_eq!(
        Bitboard(geometry::knight_attacks(Square::B1.index())),
        bitboard! {
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            X . X . . . . .
            . . . X . . . .
            . . . . . . . .
        }
    );
    assert_eq!(
        Bitboard(geometry::king_attacks(Square::H8.index())),
        bitboard! {
            . . . . . . X .
            . . . . . . X X
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
        }
    );
    assert_eq!(
        geometry::pawn_attacks(true, Square::A2.index()),
        Square::B3.bitboard().0
    );
    assert_eq!(
        geometry::pawn_attacks(false, Square::E5.index()),
        (Square::D4.bitboard() | Square::F4.bitboard()).0
    );
    assert_eq!(
        Bitboard(geometry::between(Square::B2.index(), Square::E5.index())),
        Square::C3.bitboard() | Square::D4.bitboard()
    );
    assert_eq!(
        Bitboard(geometry::line(Square::C3.index(), Square::E5.index())),
        bitboard! {
            . . . . . . . X
            . . . . . . X .
            . . . . . X . .
            . . . . X . . .
            . . . X . . . .
            . . X . . . . .
            . X . . . . . .
            X . . . . . . .
        }
    );
}

/// Castling's destinations and paths, standard and Chess960, drawn by hand.
#[test]
fn castling_geometry_matches_hand_drawn_squares() {
    let sq = |s: Square| s.index();
    let set = |squares: &[Square]| squares.iter().fold(0, |acc, s| acc | s.bitboard().0);
    assert_eq!(
        geometry::castling_destinations(sq(Square::E1), sq(Square::H1)),
        (sq(Square::G1), sq(Square::F1))
    );
    assert_eq!(
        geometry::castling_destinations(sq(Square::E8), sq(Square::A8)),
        (sq(Square::C8), sq(Square::D8))
    );
    // e1-h1: f1 and g1 must be empty; e1, f1 and g1 must not be attacked.
    assert_eq!(
        geometry::castling_paths(sq(Square::E1), sq(Square::H1)),
        (
            set(&[Square::F1, Square::G1]),
            set(&[Square::E1, Square::F1, Square::G1])
        )
    );
    // e8-a8: b8, c8 and d8 must be empty; b8 may be attacked.
    assert_eq!(
        geometry::castling_paths(sq(Square::E8), sq(Square::A8)),
        (
            set(&[Square::B8, Square::C8, Square::D8]),
            set(&[Square::E8, Square::D8, Square::C8])
        )
    );
    // Chess960, king b1 and rook a1: the rook crosses b1 (the king's own
    // square) and c1 to d1, the king steps to c1.
    assert_eq!(
        geometry::castling_paths(sq(Square::B1), sq(Square::A1)),
        (
            set(&[Square::C1, Square::D1]),
            set(&[Square::B1, Square::C1])
        )
    );
    // Chess960, king g1 and rook h1: the king stays, the rook goes to f1.
    assert_eq!(
        geometry::castling_paths(sq(Square::G1), sq(Square::H1)),
        (set(&[Square::F1]), set(&[Square::G1]))
    );
    // Not a castling pair: the same square, or two ranks.
    assert_eq!(
        geometry::castling_paths(sq(Square::E1), sq(Square::E1)),
        (0, 0)
    );
    assert_eq!(
        geometry::castling_paths(sq(Square::E1), sq(Square::H8)),
        (0, 0)
    );
}

// ----- sliders ---------------------------------------------------------------

fn check_sliders(sq: Square, occupied: u64) {
    let i = sq.index();
    let occ = Bitboard(occupied);
    let rook = geometry::rook_attacks(i, occupied);
    let bishop = geometry::bishop_attacks(i, occupied);
    assert_eq!(
        attacks::rook_attacks(sq, occ).0,
        rook,
        "rook on {sq}, occupancy {occupied:#018x}"
    );
    assert_eq!(
        attacks::bishop_attacks(sq, occ).0,
        bishop,
        "bishop on {sq}, occupancy {occupied:#018x}"
    );
    assert_eq!(
        attacks::queen_attacks(sq, occ).0,
        rook | bishop,
        "queen on {sq}, occupancy {occupied:#018x}"
    );
}

/// Every subset of every square's relevant-occupancy mask (the squares a
/// magic index depends on), enumerated with the carry-rippler trick.
#[test]
fn sliders_match_geometry_on_every_relevant_occupancy() {
    let mut checked = 0u64;
    for sq in squares() {
        for directions in [&geometry::ROOK_DIRECTIONS, &geometry::BISHOP_DIRECTIONS] {
            let mask = geometry::relevant_mask(sq.index(), directions);
            let mut subset = 0u64;
            loop {
                check_sliders(sq, subset);
                // The piece's own square and the edges do not change anything.
                check_sliders(sq, subset | sq.bitboard().0);
                check_sliders(sq, subset | !mask);
                checked += 3;
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
        }
    }
    // 102,400 rook subsets and 5,248 bishop subsets, three checks each.
    assert_eq!(checked, 3 * (102_400 + 5_248));
}

#[test]
fn sliders_match_geometry_on_random_occupancies() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x6d61_6769_6362_6f61);
    for sq in squares() {
        for _ in 0..RANDOM_OCCUPANCIES_PER_SQUARE {
            check_sliders(sq, random_occupancy(&mut rng));
        }
        check_sliders(sq, 0);
        check_sliders(sq, !0);
    }
}

// ----- steppers, between, line -------------------------------------------------

#[test]
fn knight_king_and_pawn_attacks_match_geometry_on_every_square() {
    for sq in squares() {
        let i = sq.index();
        assert_eq!(
            attacks::knight_attacks(sq).0,
            geometry::knight_attacks(i),
            "knight on {sq}"
        );
        assert_eq!(
            attacks::king_attacks(sq).0,
            geometry::king_attacks(i),
            "king on {sq}"
        );
        assert_eq!(
            attacks::pawn_attacks(Color::White, sq).0,
            geometry::pawn_attacks(true, i),
            "white pawn on {sq}"
        );
        assert_eq!(
            attacks::pawn_attacks(Color::Black, sq).0,
            geometry::pawn_attacks(false, i),
            "black pawn on {sq}"
        );
    }
    // Totals over the 64 squares that follow from the geometry alone: 336
    // knight jumps, 420 king steps, and 98 pawn captures per colour (14 on
    // each of the 7 ranks a pawn can attack from; the table also answers for
    // the back ranks).
    let total = |f: &dyn Fn(Square) -> Bitboard| squares().map(|s| f(s).count()).sum::<u32>();
    assert_eq!(total(&attacks::knight_attacks), 336);
    assert_eq!(total(&attacks::king_attacks), 420);
    assert_eq!(total(&|s| attacks::pawn_attacks(Color::White, s)), 98);
    assert_eq!(total(&|s| attacks::pawn_attacks(Color::Black, s)), 98);
}

#[test]
fn between_and_line_match_geometry_for_every_pair() {
    for a in squares() {
        for b in squares() {
            let (i, j) = (a.index(), b.index());
            let between = attacks::between(a, b);
            let line = attacks::line(a, b);
            assert_eq!(between.0, geometry::between(i, j), "between({a}, {b})");
            assert_eq!(line.0, geometry::line(i, j), "line({a}, {b})");
            // Properties from the definitions.
            assert_eq!(between, attacks::between(b, a), "between is symmetric");
            assert_eq!(line, attacks::line(b, a), "line is symmetric");
            if line.is_empty() {
                assert!(between.is_empty());
            } else {
                assert!(line.contains(a) && line.contains(b));
                assert_eq!(
                    between & line,
                    between,
                    "between({a}, {b}) lies on the line"
                );
                assert!(!between.contains(a) && !between.contains(b));
                // Two aligned squares see each other on an empty board.
                let aligned = attacks::queen_attacks(a, Bitboard::EMPTY).contains(b);
                assert!(aligned, "{a} and {b} share a line but no queen ray");
                // The squares between are exactly those a ray from a to b crosses.
                let ray = attacks::queen_attacks(a, b.bitboard())
                    & attacks::queen_attacks(b, a.bitboard());
                assert_eq!(between, ray & line, "between({a}, {b}) from rays");
            }
            if a == b {
                assert!(line.is_empty() && between.is_empty());
            }
        }
    }
}

// ----- size ------------------------------------------------------------------

/// The README quotes the tables' size twice ("233,024 bytes (228 KiB)" and
/// "take 228 KiB"), the changelog once: a change of table layout must
/// update them.
#[test]
fn readme_and_changelog_quote_the_table_size() {
    let readme = include_str!("../README.md");
    let changelog = include_str!("../CHANGELOG.md");
    let bytes = attacks::TABLE_BYTES;
    let kib = (bytes + 512) / 1024;
    let exact = format!("{},{:03} bytes ({kib} KiB)", bytes / 1000, bytes % 1000);
    assert!(readme.contains(&exact), "README.md should say {exact:?}");
    let rounded = format!("take {kib} KiB");
    assert!(
        readme.contains(&rounded),
        "README.md should say {rounded:?}"
    );
    assert!(
        changelog.contains(&rounded),
        "CHANGELOG.md should say {rounded:?}"
    );
}
