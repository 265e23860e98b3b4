//! Slow, obviously correct board geometry: the reference the fast tables are
//! built from and tested against, and the one statement of where castling
//! puts the king and the rook.
//!
//! Everything here walks rays square by square. `build.rs` includes this very
//! file (`#[path = "src/geometry.rs"]`) to compute and verify the attack
//! tables, and the tests use it as the oracle for [`crate::attacks`]. It is
//! self-contained on purpose: squares are plain indices `0..64` (`a1 = 0`,
//! `h8 = 63`) and bitboards plain `u64`, so that the build script needs
//! nothing else from the crate. An index outside `0..64` is off the board:
//! it has no neighbours, attacks and lines are empty, nothing panics.
//!
//! The ray walks are far too slow for move generation; use
//! [`crate::attacks`] there. [`castling_destinations`] is plain arithmetic
//! and is what making a castling move uses.

/// Rook directions as `(file step, rank step)`.
pub const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions as `(file step, rank step)`.
pub const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Knight jumps as `(file step, rank step)`.
pub const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// King steps as `(file step, rank step)`.
pub const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The square `df` files and `dr` ranks away from `sq`, if it is on the board
/// (`None` too when `sq` itself is off the board).
pub fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    if sq >= 64 {
        return None;
    }
    let file = (sq % 8) as i16 + i16::from(df);
    let rank = (sq / 8) as i16 + i16::from(dr);
    // `matches!`, not `(0..8).contains(..)`: tests/layers.rs would read a
    // `.contains(` call as a use of `Bitboard::contains`, a layer below.
    if matches!(file, 0..8) && matches!(rank, 0..8) {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

/// Squares reached by sliding from `sq` along `directions`, each ray stopping
/// at (and including) the first occupied square.
///
/// Any set of directions slides: here only up the file and up the long
/// diagonal from a1, with pieces on a5 and d4.
pub fn sliding_attacks(sq: usize, occupied: u64, directions: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in directions {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            attacks |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// Rook attacks from `sq` given the occupied squares.
///
/// A rook on a1, pieces on a4 and e1: each ray stops on its blocker. The
/// table lookup [`attacks::rook_attacks`](crate::attacks::rook_attacks)
/// agrees.
pub fn rook_attacks(sq: usize, occupied: u64) -> u64 {
    sliding_attacks(sq, occupied, &ROOK_DIRECTIONS)
}

/// Bishop attacks from `sq` given the occupied squares.
///
/// A bishop on f1, pieces on g2 and c4:
pub fn bishop_attacks(sq: usize, occupied: u64) -> u64 {
    sliding_attacks(sq, occupied, &BISHOP_DIRECTIONS)
}

/// The relevant-occupancy mask of a slider: every square of its rays except
/// the last one of each ray (a piece on the edge never blocks anything
/// behind it).
///
/// A rook on d4: its rays without a4, h4, d8 and d1, 10 squares. A rook
/// in the corner has 12, a bishop in the centre 9.
pub fn relevant_mask(sq: usize, directions: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in directions {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= 1 << next;
            cur = next;
        }
    }
    mask
}

/// Squares one step of each of `steps` away from `sq`.
///
/// One step in each rook direction: the four neighbours of e4 that share
/// a side with it. In the corner two of the steps leave the board and are
/// dropped.
pub fn step_attacks(sq: usize, steps: &[(i8, i8)]) -> u64 {
    steps
        .iter()
        .filter_map(|&(df, dr)| offset(sq, df, dr))
        .fold(0, |acc, s| acc | 1 << s)
}

/// Knight attacks from `sq`.
pub fn knight_attacks(sq: usize) -> u64 {
    step_attacks(sq, &KNIGHT_JUMPS)
}

/// King attacks from `sq`.
pub fn king_attacks(sq: usize) -> u64 {
    step_attacks(sq, &KING_STEPS)
}

/// Squares a pawn of the given colour attacks from `sq` (`white`: upwards).
pub fn pawn_attacks(white: bool, sq: usize) -> u64 {
    let dr = if white { 1 } else { -1 };
    step_attacks(sq, &[(-1, dr), (1, dr)])
}

/// The unit step from `a` towards `b` if they share a rank, file or diagonal.
fn direction(a: usize, b: usize) -> Option<(i8, i8)> {
    if a == b || a >= 64 || b >= 64 {
        return None;
    }
    let df = (b % 8) as i8 - (a % 8) as i8;
    let dr = (b / 8) as i8 - (a / 8) as i8;
    if df == 0 || dr == 0 || df.abs() == dr.abs() {
        Some((df.signum(), dr.signum()))
    } else {
        None
    }
}

/// Squares strictly between `a` and `b` when they are aligned, else empty.
pub fn between(a: usize, b: usize) -> u64 {
    let Some((df, dr)) = direction(a, b) else {
        return 0;
    };
    let mut squares = 0;
    let mut cur = a;
    while let Some(next) = offset(cur, df, dr) {
        if next == b {
            break;
        }
        squares |= 1 << next;
        cur = next;
    }
    squares
}

/// The whole line (edge to edge) through `a` and `b` when they are aligned,
/// else empty.
pub fn line(a: usize, b: usize) -> u64 {
    let Some((df, dr)) = direction(a, b) else {
        return 0;
    };
    sliding_attacks(a, 0, &[(df, dr), (-df, -dr)]) | 1 << a
}

/// Where castling puts the king and the rook, as files (`a` = 0): `(king,
/// rook)`, king side (`O-O`, the rook towards the h-file) first, then queen
/// side (`O-O-O`). The same in Chess960, whatever files they start on: the
/// king ends on g or c, the rook on f or d. This is the one statement of
/// those files; [`CastlingSide`](crate::castling::CastlingSide), moves and the build
/// script's castling masks derive theirs from it.
pub const CASTLING_DESTINATION_FILES: [(usize, usize); 2] = [(6, 5), (2, 3)];

/// Which side the king on `king` castles on with the rook on `rook`: `0`
/// (king side, [`CASTLING_DESTINATION_FILES`]'s first entry) when the rook
/// stands towards the h-file, else `1` (queen side). The one statement of
/// how a castling's side follows from its squares.
#[inline]
pub const fn castling_side_index(king: usize, rook: usize) -> usize {
    if rook > king { 0 } else { 1 }
}

/// Where the king on `king` and the rook on `rook` end when they castle:
/// `(king square, rook square)` on their rank, king side when the rook
/// stands towards the h-file, else queen side. Meaningful only for squares
/// of one rank.
#[inline]
pub const fn castling_destinations(king: usize, rook: usize) -> (usize, usize) {
    let rank = king & !7;
    let side = castling_side_index(king, rook);
    let (king_file, rook_file) = CASTLING_DESTINATION_FILES[side];
    (rank + king_file, rank + rook_file)
}

/// For the king on `king` castling with the rook on `rook`: the squares
/// that must be empty (every square the king and rook cross or land on,
/// except their own), and the king's squares from its start to its
/// destination (none may be attacked). Both empty unless the two are
/// distinct squares of one rank.
///
/// Standard O-O-O: b1, c1 and d1 must be empty, but only e1, d1 and c1
/// must be safe (b1 may be attacked: only the rook crosses it).
pub fn castling_paths(king: usize, rook: usize) -> (u64, u64) {
    if king >= 64 || rook >= 64 || king == rook || king / 8 != rook / 8 {
        return (0, 0);
    }
    let (king_to, rook_to) = castling_destinations(king, rook);
    let king_path = between(king, king_to) | 1 << king_to;
    let rook_path = between(rook, rook_to) | 1 << rook_to;
    let movers = 1u64 << king | 1 << rook;
    ((king_path | rook_path) & !movers, king_path | 1 << king)
}
