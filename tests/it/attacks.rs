//! The attack tables (`magicboard::attacks`) against the slow ray walks of
//! `magicboard::reference`, the same code `tables.rs` verified them with:
//! every square, every relevant occupancy subset of the sliders, and
//! thousands of random occupancies per square (seeded, so reproducible).
//!
//! The oracle itself is checked first against a few diagrams drawn by hand,
//! so that a wrong oracle cannot make the comparison pass vacuously.

use magicboard::reference;
use magicboard::{Bitboard, Color, Square, attacks, bitboard};
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
        Bitboard(reference::rook_attacks(a1, 0)),
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
        Bitboard(reference::bishop_attacks(Square::D4.index(), blockers.0)),
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
        Bitboard(reference::relevant_mask(
            Square::D4.index(),
            &reference::ROOK_DIRECTIONS
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
        Bitboard(reference::knight_attacks(Square::B1.index())),
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
        Bitboard(reference::king_attacks(Square::H8.index())),
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
        reference::pawn_attacks(true, Square::A2.index()),
        Square::B3.bitboard().0
    );
    assert_eq!(
        reference::pawn_attacks(false, Square::E5.index()),
        (Square::D4.bitboard() | Square::F4.bitboard()).0
    );
    assert_eq!(
        Bitboard(reference::between(Square::B2.index(), Square::E5.index())),
        Square::C3.bitboard() | Square::D4.bitboard()
    );
    assert_eq!(
        Bitboard(reference::line(Square::C3.index(), Square::E5.index())),
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
        reference::castling_destinations(sq(Square::E1), sq(Square::H1)),
        (sq(Square::G1), sq(Square::F1))
    );
    assert_eq!(
        reference::castling_destinations(sq(Square::E8), sq(Square::A8)),
        (sq(Square::C8), sq(Square::D8))
    );
    // e1-h1: f1 and g1 must be empty; e1, f1 and g1 must not be attacked.
    assert_eq!(
        reference::castling_paths(sq(Square::E1), sq(Square::H1)),
        (
            set(&[Square::F1, Square::G1]),
            set(&[Square::E1, Square::F1, Square::G1])
        )
    );
    // e8-a8: b8, c8 and d8 must be empty; b8 may be attacked.
    assert_eq!(
        reference::castling_paths(sq(Square::E8), sq(Square::A8)),
        (
            set(&[Square::B8, Square::C8, Square::D8]),
            set(&[Square::E8, Square::D8, Square::C8])
        )
    );
    // Chess960, king b1 and rook a1: the rook crosses b1 (the king's own
    // square) and c1 to d1, the king steps to c1.
    assert_eq!(
        reference::castling_paths(sq(Square::B1), sq(Square::A1)),
        (
            set(&[Square::C1, Square::D1]),
            set(&[Square::B1, Square::C1])
        )
    );
    // Chess960, king g1 and rook h1: the king stays, the rook goes to f1.
    assert_eq!(
        reference::castling_paths(sq(Square::G1), sq(Square::H1)),
        (set(&[Square::F1]), set(&[Square::G1]))
    );
    // Not a castling pair: the same square, or two ranks.
    assert_eq!(
        reference::castling_paths(sq(Square::E1), sq(Square::E1)),
        (0, 0)
    );
    assert_eq!(
        reference::castling_paths(sq(Square::E1), sq(Square::H8)),
        (0, 0)
    );
}

// ----- sliders ---------------------------------------------------------------

fn check_sliders(sq: Square, occupied: u64) {
    let i = sq.index();
    let occ = Bitboard(occupied);
    let rook = reference::rook_attacks(i, occupied);
    let bishop = reference::bishop_attacks(i, occupied);
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
        for directions in [&reference::ROOK_DIRECTIONS, &reference::BISHOP_DIRECTIONS] {
            let mask = reference::relevant_mask(sq.index(), directions);
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
            reference::knight_attacks(i),
            "knight on {sq}"
        );
        assert_eq!(
            attacks::king_attacks(sq).0,
            reference::king_attacks(i),
            "king on {sq}"
        );
        assert_eq!(
            attacks::pawn_attacks(Color::White, sq).0,
            reference::pawn_attacks(true, i),
            "white pawn on {sq}"
        );
        assert_eq!(
            attacks::pawn_attacks(Color::Black, sq).0,
            reference::pawn_attacks(false, i),
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
            assert_eq!(between.0, reference::between(i, j), "between({a}, {b})");
            assert_eq!(line.0, reference::line(i, j), "line({a}, {b})");
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

/// The design page quotes the tables' size ("1,795,712 bytes (1,754 KiB)"
/// on x86-64), the changelog gives it in KiB ("take 1,754 KiB"): a change of
/// table layout must update them.
#[test]
fn design_page_and_changelog_quote_the_table_size() {
    let design = include_str!("../../docs/design.md");
    let changelog = include_str!("../../CHANGELOG.md");
    let bytes = attacks::TABLE_BYTES;
    let kib = grouped((bytes + 512) / 1024);
    let exact = format!("{} bytes ({kib} KiB)", grouped(bytes));
    assert!(
        design.contains(&exact),
        "docs/design.md should say {exact:?}"
    );
    let rounded = format!("take {kib} KiB");
    assert!(
        changelog.contains(&rounded),
        "CHANGELOG.md should say {rounded:?}"
    );
}

/// `n` with a comma between groups of three digits: `1,150,208`.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The reference ray walks (`src/geometry.rs`, public as
/// `magicboard::reference`) on drawn examples, one test a function.
mod reference_examples {
    use magicboard::reference::*;
    use magicboard::{Square, attacks, bitboard};

    #[test]
    fn offset_example() {
        // A knight's jump from e4, one file right and two ranks up: f6.
        let e4 = Square::E4.index();
        assert_eq!(offset(e4, 1, 2), Some(Square::F6.index()));
        assert_eq!(offset(e4, -4, 0), Some(Square::A4.index()));
        // No wrapping round the edge: one step right of h1 is off the board,
        // not a2 (index 7 + 1).
        assert_eq!(offset(Square::H1.index(), 1, 0), None);
        assert_eq!(offset(e4, 0, 5), None);
        // An index past 63 is off the board already.
        assert_eq!(offset(64, 0, 0), None);
    }

    #[test]
    fn sliding_attacks_example() {
        let occupied = Square::A5.bitboard() | Square::D4.bitboard();
        let rays = sliding_attacks(Square::A1.index(), occupied.0, &[(0, 1), (1, 1)]);
        assert_eq!(
            rays,
            bitboard! {
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                X . . . . . . .
                X . . X . . . .
                X . X . . . . .
                X X . . . . . .
                . . . . . . . .
            }
            .0
        );
    }

    #[test]
    fn rook_attacks_example() {
        let occupied = Square::A4.bitboard() | Square::E1.bitboard();
        let expected = bitboard! {
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            X . . . . . . .
            X . . . . . . .
            X . . . . . . .
            . X X X X . . .
        };
        assert_eq!(rook_attacks(Square::A1.index(), occupied.0), expected.0);
        assert_eq!(attacks::rook_attacks(Square::A1, occupied), expected);
    }

    #[test]
    fn bishop_attacks_example() {
        let occupied = Square::G2.bitboard() | Square::C4.bitboard();
        let expected = bitboard! {
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . X . . . . .
            . . . X . . . .
            . . . . X . X .
            . . . . . . . .
        };
        assert_eq!(bishop_attacks(Square::F1.index(), occupied.0), expected.0);
        assert_eq!(attacks::bishop_attacks(Square::F1, occupied), expected);
    }

    #[test]
    fn relevant_mask_example() {
        use {BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
        assert_eq!(
            relevant_mask(Square::D4.index(), &ROOK_DIRECTIONS),
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
            .0
        );
        assert_eq!(
            relevant_mask(Square::A1.index(), &ROOK_DIRECTIONS).count_ones(),
            12
        );
        assert_eq!(
            relevant_mask(Square::D4.index(), &BISHOP_DIRECTIONS).count_ones(),
            9
        );
    }

    #[test]
    fn step_attacks_example() {
        use ROOK_DIRECTIONS;
        assert_eq!(
            step_attacks(Square::E4.index(), &ROOK_DIRECTIONS),
            bitboard! {
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . X . . .
                . . . X . X . .
                . . . . X . . .
                . . . . . . . .
                . . . . . . . .
            }
            .0
        );
        let corner = Square::A2.bitboard() | Square::B1.bitboard();
        assert_eq!(step_attacks(Square::A1.index(), &ROOK_DIRECTIONS), corner.0);
    }

    #[test]
    fn knight_attacks_example() {
        assert_eq!(
            knight_attacks(Square::G1.index()),
            bitboard! {
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . X . X
                . . . . X . . .
                . . . . . . . .
            }
            .0
        );
        // All eight jumps in the centre, two in the corner.
        assert_eq!(knight_attacks(Square::D4.index()).count_ones(), 8);
        assert_eq!(knight_attacks(Square::A1.index()).count_ones(), 2);
    }

    #[test]
    fn king_attacks_example() {
        assert_eq!(
            king_attacks(Square::E1.index()),
            bitboard! {
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . X X X . .
                . . . X . X . .
            }
            .0
        );
        assert_eq!(king_attacks(Square::H8.index()).count_ones(), 3);
    }

    #[test]
    fn pawn_attacks_example() {
        // A white pawn on e4 takes on d5 or f5.
        assert_eq!(
            pawn_attacks(true, Square::E4.index()),
            bitboard! {
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . X . X . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
            }
            .0
        );
        // A black one on e4 takes downwards, on d3 or f3.
        let black = Square::D3.bitboard() | Square::F3.bitboard();
        assert_eq!(pawn_attacks(false, Square::E4.index()), black.0);
        // On the a-file only one capture is on the board.
        assert_eq!(
            pawn_attacks(true, Square::A2.index()),
            Square::B3.bitboard().0
        );
    }

    #[test]
    fn between_example() {
        // Along a diagonal, neither end included.
        assert_eq!(
            between(Square::B2.index(), Square::G7.index()),
            bitboard! {
                . . . . . . . .
                . . . . . . . .
                . . . . . X . .
                . . . . X . . .
                . . . X . . . .
                . . X . . . . .
                . . . . . . . .
                . . . . . . . .
            }
            .0
        );
        // e2 to e7 along the file: e2..e7 have six squares, four between.
        assert_eq!(
            between(Square::E2.index(), Square::E7.index()).count_ones(),
            4
        );
        // Neighbours have nothing between them; a knight's jump is no line.
        assert_eq!(between(Square::E4.index(), Square::E5.index()), 0);
        assert_eq!(between(Square::A1.index(), Square::B3.index()), 0);
    }

    #[test]
    fn line_example() {
        // The diagonal through b1 and e4 runs on to h7.
        assert_eq!(
            line(Square::B1.index(), Square::E4.index()),
            bitboard! {
                . . . . . . . .
                . . . . . . . X
                . . . . . . X .
                . . . . . X . .
                . . . . X . . .
                . . . X . . . .
                . . X . . . . .
                . X . . . . . .
            }
            .0
        );
        // Two squares of the e-file: the whole file.
        assert_eq!(line(Square::E2.index(), Square::E7.index()).count_ones(), 8);
        assert_eq!(line(Square::A1.index(), Square::B3.index()), 0);
    }

    #[test]
    fn castling_destinations_example() {
        use castling_destinations;
        let sq = |s: Square| s.index();
        // Standard chess: O-O puts the king on g1 and the rook on f1, O-O-O
        // the king on c1 and the rook on d1; the same on Black's rank.
        assert_eq!(
            castling_destinations(sq(Square::E1), sq(Square::H1)),
            (sq(Square::G1), sq(Square::F1))
        );
        assert_eq!(
            castling_destinations(sq(Square::E1), sq(Square::A1)),
            (sq(Square::C1), sq(Square::D1))
        );
        assert_eq!(
            castling_destinations(sq(Square::E8), sq(Square::H8)),
            (sq(Square::G8), sq(Square::F8))
        );
        // Chess960, king on b1 and rook on a1: queen side, so the king moves
        // right to c1.
        assert_eq!(
            castling_destinations(sq(Square::B1), sq(Square::A1)),
            (sq(Square::C1), sq(Square::D1))
        );
    }

    #[test]
    fn castling_paths_example() {
        let (empty, king_squares) = castling_paths(Square::E1.index(), Square::A1.index());
        assert_eq!(
            empty,
            bitboard! {
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . X X X . . . .
            }
            .0
        );
        assert_eq!(
            king_squares,
            bitboard! {
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . . . . . . .
                . . X X X . . .
            }
            .0
        );
        // Chess960, king f1 and rook g1 castling short: they swap squares, so
        // nothing else need be empty; the king must be safe on f1 and g1.
        let (empty, king_squares) = castling_paths(Square::F1.index(), Square::G1.index());
        assert_eq!(empty, 0);
        assert_eq!(
            king_squares,
            (Square::F1.bitboard() | Square::G1.bitboard()).0
        );
        // Not on one rank: no castling, no paths.
        assert_eq!(
            castling_paths(Square::E1.index(), Square::H2.index()),
            (0, 0)
        );
    }
}
