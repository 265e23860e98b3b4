//! Attack lookups: which squares a piece on a square attacks.
//!
//! Every function here is a table lookup into tables the build script
//! computed (see `build.rs`): nothing is computed at start-up. Sliding pieces
//! use magic bitboards: the blockers on a rook's or bishop's rays, multiplied
//! by a per-square magic number, index that square's slice of a flat table
//! of attack sets (plain "fancy" magics, 841 KiB: one load per lookup).
//!
//! On x86-64 CPUs with a fast BMI2 the lookups use `pext` instead of the
//! multiplication (perft picks that copy at run time; a build for such a
//! target uses it everywhere), with a second table of the same attack sets
//! in the order `pext` numbers the occupancies (841 KiB, one load per
//! lookup).
//!
//! Attack sets include the first blocker of each ray whatever its colour;
//! mask out your own pieces to get move targets.
//!
//! ```
//! use magicboard::{attacks, bitboard, Bitboard, Square};
//! // A rook on d4, a friendly pawn on d2 and an enemy pawn on g4.
//! let occupied = Square::D2.bitboard() | Square::G4.bitboard() | Square::D4.bitboard();
//! assert_eq!(attacks::rook_attacks(Square::D4, occupied), bitboard! {
//!     . . . X . . . .
//!     . . . X . . . .
//!     . . . X . . . .
//!     . . . X . . . .
//!     X X X . X X X .
//!     . . . X . . . .
//!     . . . X . . . .
//!     . . . . . . . .
//! });
//! ```

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::{File, Square};

// The structs the generated magics are made of; `build.rs` includes the
// same file.
mod magic;
use magic::MagicTable;
// The wasm32 tables are written as `Magic`s (see `MagicTable`).
#[cfg(target_arch = "wasm32")]
use magic::Magic;

/// A table aligned to a cache line: the byte arrays `tables.rs` includes
/// hold `u64`s, which should not straddle lines.
#[repr(C, align(64))]
struct Aligned<T: ?Sized>(T);

/// Every table the lookups read, as fields of one static, `TABLES`,
/// which the build script generates (`tables.rs` in `OUT_DIR`).
///
/// One static rather than one per table, because of how a library is
/// compiled: its statics are reachable from its generic and inline
/// functions, so other crates may name them, and position-independent code
/// (what an rlib is compiled as) reaches each such static through a load
/// of its address from the global offset table. With one static per table
/// the leaf counter loaded a dozen addresses a node, some again inside its
/// loops; with one, it loads one address, and each table is an offset from
/// it (measured in docs/performance.md, "Decisions that shaped the code").
struct Tables {
    rook_magics: MagicTable,
    bishop_magics: MagicTable,
    /// The magics' attack sets: `SLIDER_LEN` little-endian `u64`s.
    slider_attacks: Aligned<[u8; 8 * SLIDER_LEN]>,
    /// The `pext` lookups' attack sets, in a build that uses them (see
    /// `Pext`).
    #[cfg(pext_table)]
    pext_attacks: Aligned<[u8; 8 * SLIDER_LEN]>,
    rook_rays: [u64; 64],
    bishop_rays: [u64; 64],
    /// Per (colour, king file, rook file): the squares castling needs empty.
    castle_empty: [u64; 128],
    /// Per (colour, king file, rook file): the king's squares, not attacked.
    castle_king_squares: [u64; 128],
    knight_attacks: [u64; 64],
    king_attacks: [u64; 64],
    /// White's pawns on squares 0-63, then Black's.
    pawn_attacks: [u64; 128],
    /// Per (square, square).
    between: [u64; 4096],
    /// Per (square, square).
    line: [u64; 4096],
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// The attack set in `slot` of a slider table (`TABLES.slider_attacks` or
/// `TABLES.pext_attacks`: `SLIDER_LEN` little-endian `u64`s), read without
/// a bounds check.
///
/// # Safety
///
/// `slot < SLIDER_LEN`. Each caller says why; debug builds assert it.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn attack_set(table: &Aligned<[u8; 8 * SLIDER_LEN]>, slot: usize) -> Bitboard {
    debug_assert!(slot < SLIDER_LEN);
    // SAFETY: `slot < SLIDER_LEN` (the caller's contract), so the eight
    // bytes lie inside the table's `8 * SLIDER_LEN`.
    let bytes = unsafe { table.0.get_unchecked(8 * slot..8 * slot + 8) };
    Bitboard(u64::from_le_bytes(bytes.try_into().unwrap()))
}

// Unused, and left out, where every lookup is `pext` (`pext_direct`).
#[cfg_attr(pext_direct, allow(dead_code))]
#[inline(always)]
fn slider_attacks(magics: &MagicTable, sq: usize, occupied: Bitboard) -> Bitboard {
    let slot = magics.get(sq).slot(occupied.0);
    // SAFETY: `slot` is `offset + (x >> shift)` with `x >> shift` below
    // `2^(64 - shift)`, and `SLOTS_IN_BOUNDS` proves at compile time that
    // `offset + 2^(64 - shift) <= SLIDER_LEN` for every magic.
    #[allow(unsafe_code)]
    unsafe {
        attack_set(&TABLES.slider_attacks, slot)
    }
}

/// Every slot a magic can produce lies inside `TABLES.slider_attacks`, and
/// every index `pext` can produce inside `TABLES.pext_attacks`: what the
/// unchecked reads in [`slider_attacks`] and [`pext_attacks`] rely on.
/// (Evaluated by the `const _` below, which rustc before 1.88, the MSRV
/// included, does not count as a use.)
#[allow(dead_code)]
const SLOTS_IN_BOUNDS: () = {
    let mut i = 0;
    while i < 128 {
        let m = if i < 64 {
            TABLES.rook_magics.get(i)
        } else {
            TABLES.bishop_magics.get(i - 64)
        };
        assert!(m.shift >= 1 && m.shift < 64);
        // The `pext` lookups index the same slices: their indices are
        // below `2^(bits of mask)`.
        assert!(m.shift == 64 - m.mask.count_ones());
        assert!(m.offset as usize + (1usize << (64 - m.shift)) <= SLIDER_LEN);
        i += 1;
    }
};
const _: () = SLOTS_IN_BOUNDS;

/// How the move generator looks sliding attacks up: a type parameter, so
/// that perft can run a copy of the generator built for BMI2 beside the
/// portable one (`src/perft/walk.rs`).
pub(crate) trait Sliders {
    /// [`rook_attacks`].
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard;
    /// [`bishop_attacks`].
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard;
}

/// Magic multiplication: every x86-64 and every other CPU.
#[cfg_attr(pext_direct, allow(dead_code))]
pub(crate) struct Magics;

impl Sliders for Magics {
    #[inline(always)]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        slider_attacks(&TABLES.rook_magics, sq.index(), occupied)
    }
    #[inline(always)]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        slider_attacks(&TABLES.bishop_magics, sq.index(), occupied)
    }
}

/// BMI2's `pext` in place of the multiplication: the relevant blockers
/// packed into an index directly (one instruction, and no dependent
/// multiply and shift), which selects the attack set in a table of its
/// own.
///
/// Only for code that runs on a CPU with BMI2: code compiled for a target
/// with it (`pext_direct`), or perft's copy compiled with
/// `#[target_feature(enable = "bmi2")]` and chosen after the CPU was seen
/// to have it.
#[cfg(pext_table)]
pub(crate) struct Pext;

#[cfg(pext_table)]
impl Sliders for Pext {
    #[inline(always)]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        pext_attacks(&TABLES.rook_magics, sq.index(), occupied)
    }
    #[inline(always)]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        pext_attacks(&TABLES.bishop_magics, sq.index(), occupied)
    }
}

/// The attacks of the slider on `sq` with magics `magics`: `pext` of the
/// blockers on its relevant mask indexes the square's slice of
/// `TABLES.pext_attacks`.
#[cfg(pext_table)]
#[inline(always)]
fn pext_attacks(magics: &MagicTable, sq: usize, occupied: Bitboard) -> Bitboard {
    use core::arch::x86_64::_pext_u64;
    let m = magics.get(sq);
    #[cfg(all(debug_assertions, feature = "std"))]
    debug_assert!(std::is_x86_feature_detected!("bmi2"));
    // SAFETY: `_pext_u64` needs BMI2, and `Pext` is only used where the
    // CPU has it (see `Pext`; the debug assertion above checks it). The
    // unit test `pext_agrees_with_the_magics` compares every lookup with
    // the magics' on a CPU that has BMI2.
    #[allow(unsafe_code, unused_unsafe)]
    let index = m.offset as usize + unsafe { _pext_u64(occupied.0, m.mask) } as usize;
    // SAFETY: `pext` packs the `mask.count_ones()` bits of the mask into
    // an index below `2^(64 - shift)`, and `SLOTS_IN_BOUNDS` proves at
    // compile time that `shift` is `64 - mask.count_ones()` and that
    // `offset + 2^(64 - shift) <= SLIDER_LEN` for every magic (the unit
    // test `pext_agrees_with_the_magics` reads every slot). Unchecked: the
    // compiler cannot see the bound, and a check would put a compare and a
    // branch into every lookup.
    #[allow(unsafe_code)]
    unsafe {
        attack_set(&TABLES.pext_attacks, index)
    }
}

/// The lookups the library uses outside perft's dispatched walk: `pext`
/// when the build targets a CPU with a fast one, magics otherwise.
#[cfg(pext_direct)]
pub(crate) type Native = Pext;
/// The lookups the library uses outside perft's dispatched walk: `pext`
/// when the build targets a CPU with a fast one, magics otherwise.
#[cfg(not(pext_direct))]
pub(crate) type Native = Magics;

/// Squares a rook on `sq` attacks when `occupied` are the occupied squares.
///
/// A rook on d4 among blockers: each ray ends on the first one (d6, f4,
/// d2, b4), and what stands behind it (d8, g4) does not count.
///
/// ```
/// use magicboard::{attacks, bitboard, Board, Color, Square};
/// let blockers = bitboard! {
///     . . . X . . . .
///     . . . . . . . .
///     . . . X . . . .
///     . . . . . . . .
///     . X . . . X X .
///     . . . . . . . .
///     . . . X . . . .
///     . . . . . . . .
/// };
/// assert_eq!(attacks::rook_attacks(Square::D4, blockers), bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . X . . . .
///     . . . X . . . .
///     . X X . X X . .
///     . . . X . . . .
///     . . . X . . . .
///     . . . . . . . .
/// });
///
/// // The attacks include blockers of either colour: at the start the rook
/// // on a1 attacks a2 and b1, both its own, so it has no move.
/// let board = Board::startpos();
/// let attacked = attacks::rook_attacks(Square::A1, board.occupied());
/// assert_eq!(attacked, Square::A2.bitboard() | Square::B1.bitboard());
/// assert!((attacked & !board.colored(Color::White)).is_empty());
/// ```
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Native::rook(sq, occupied)
}

/// Squares a bishop on `sq` attacks when `occupied` are the occupied squares.
///
/// ```
/// use magicboard::{attacks, bitboard, Square};
/// // A bishop on d4, a friendly piece on b2 and an enemy on f6.
/// let occupied = Square::B2.bitboard() | Square::F6.bitboard();
/// assert_eq!(attacks::bishop_attacks(Square::D4, occupied), bitboard! {
///     . . . . . . . .
///     X . . . . . . .
///     . X . . . X . .
///     . . X . X . . .
///     . . . . . . . .
///     . . X . X . . .
///     . X . . . X . .
///     . . . . . . X .
/// });
/// ```
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Native::bishop(sq, occupied)
}

/// Squares a queen on `sq` attacks: rook and bishop attacks together.
///
/// ```
/// use magicboard::{attacks, bitboard, Bitboard, Board, Square};
/// // At the start the queen on d1 is boxed in by its neighbours.
/// let occupied = Board::startpos().occupied();
/// assert_eq!(attacks::queen_attacks(Square::D1, occupied), bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . X X X . . .
///     . . X . X . . .
/// });
/// // On an empty board from d4: 14 rook squares and 13 bishop squares.
/// assert_eq!(attacks::queen_attacks(Square::D4, Bitboard::EMPTY).count(), 27);
/// ```
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares a rook on `sq` attacks on an empty board: its whole rank and
/// file, `sq` excluded.
///
/// ```
/// use magicboard::{attacks, bitboard, Bitboard, Square};
/// assert_eq!(attacks::rook_rays(Square::A1), bitboard! {
///     X . . . . . . .
///     X . . . . . . .
///     X . . . . . . .
///     X . . . . . . .
///     X . . . . . . .
///     X . . . . . . .
///     X . . . . . . .
///     . X X X X X X X
/// });
/// // Seven squares of the rank and seven of the file, from every square.
/// assert!((0..64).all(|i| {
///     let sq = Square::from_index(i).unwrap();
///     attacks::rook_rays(sq).count() == 14
/// }));
/// // The attacks with nothing in the way.
/// assert_eq!(attacks::rook_rays(Square::E4), attacks::rook_attacks(Square::E4, Bitboard::EMPTY));
/// ```
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(TABLES.rook_rays[sq.index()])
}

/// Squares a bishop on `sq` attacks on an empty board: both diagonals,
/// `sq` excluded.
///
/// ```
/// use magicboard::{attacks, bitboard, Bitboard, Square};
/// assert_eq!(attacks::bishop_rays(Square::D4), bitboard! {
///     . . . . . . . X
///     X . . . . . X .
///     . X . . . X . .
///     . . X . X . . .
///     . . . . . . . .
///     . . X . X . . .
///     . X . . . X . .
///     X . . . . . X .
/// });
/// // From the corner, only the long diagonal.
/// assert_eq!(attacks::bishop_rays(Square::A1).count(), 7);
/// // The attacks with nothing in the way.
/// assert_eq!(attacks::bishop_rays(Square::D4), attacks::bishop_attacks(Square::D4, Bitboard::EMPTY));
/// ```
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(TABLES.bishop_rays[sq.index()])
}

/// For castling with the king on `king_file` and the rook on `rook_file` of
/// `color`'s first rank: the squares that must be empty (every square the
/// king and rook cross or land on, except their own), and the king's
/// squares from its start to its destination (none may be attacked).
/// Empty sets when the files are equal.
#[inline(always)]
pub(crate) fn castling_squares(
    color: Color,
    king_file: File,
    rook_file: File,
) -> (Bitboard, Bitboard) {
    let i = color.index() * 64 + king_file.index() * 8 + rook_file.index();
    (
        Bitboard(TABLES.castle_empty[i & 127]),
        Bitboard(TABLES.castle_king_squares[i & 127]),
    )
}

/// Squares a knight on `sq` attacks.
///
/// ```
/// use magicboard::{attacks, bitboard, Square};
/// assert_eq!(attacks::knight_attacks(Square::B1), bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     X . X . . . . .
///     . . . X . . . .
///     . . . . . . . .
/// });
/// ```
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(TABLES.knight_attacks[sq.index()])
}

/// Squares a king on `sq` attacks.
///
/// ```
/// use magicboard::{attacks, Square};
/// assert_eq!(attacks::king_attacks(Square::A1).count(), 3);
/// assert_eq!(attacks::king_attacks(Square::E4).count(), 8);
/// ```
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(TABLES.king_attacks[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward).
///
/// ```
/// use magicboard::{attacks, Color, Square};
/// let a = attacks::pawn_attacks(Color::White, Square::E4);
/// assert_eq!(a, Square::D5.bitboard() | Square::F5.bitboard());
/// ```
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(TABLES.pawn_attacks[color.index() * 64 + sq.index()])
}

/// Squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise.
///
/// ```
/// use magicboard::{attacks, Square};
/// assert_eq!(attacks::between(Square::A1, Square::D4),
///            Square::B2.bitboard() | Square::C3.bitboard());
/// assert!(attacks::between(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.between[a.index() * 64 + b.index()])
}

/// The whole line (edge to edge, both squares included) through `a` and `b`
/// when they share a rank, file or diagonal; empty otherwise.
///
/// ```
/// use magicboard::{attacks, bitboard, Square};
/// assert_eq!(attacks::line(Square::C3, Square::E5), bitboard! {
///     . . . . . . . X
///     . . . . . . X .
///     . . . . . X . .
///     . . . . X . . .
///     . . . X . . . .
///     . . X . . . . .
///     . X . . . . . .
///     X . . . . . . .
/// });
/// assert!(attacks::line(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.line[a.index() * 64 + b.index()])
}

/// The static memory the attack tables take, in bytes: every table this
/// module looks up (the slider magics and their attack sets, the
/// empty-board rays, the knight, king and pawn attacks, the castling
/// masks, between and line), as the compiler lays them out.
///
/// The tables are one plain `static` that the build script computed: nothing
/// is allocated and nothing runs at start-up, so this is the whole memory
/// cost of the lookups, paid once in the binary's read-only data (flash, on
/// an embedded target). Look at it to budget memory or to compare move
/// generators; it can change in any release, with the table layout (see
/// the crate's stability notes).
///
/// ```
/// use magicboard::attacks;
/// // About 1.7 MiB with the `pext` table (on x86-64, in a build for a CPU
/// // with BMI2 or with perft's `fast-perft` walk), 0.9 MiB without: the
/// // magics' attack sets are 841 KiB of it, the `pext` table's as much.
/// assert!(attacks::TABLE_BYTES < 1800 * 1024);
/// println!("attack tables: {} KiB", attacks::TABLE_BYTES.div_ceil(1024));
/// ```
pub const TABLE_BYTES: usize = core::mem::size_of::<Tables>();

#[cfg(test)]
mod tests {
    use super::*;

    /// Every occupancy of every square's relevant mask gives the same
    /// attacks through the magics, through `pext` (on a CPU with BMI2),
    /// and by walking the rays.
    #[test]
    fn pext_agrees_with_the_magics() {
        #[cfg(pext_table)]
        let pext = has_bmi2();
        let mut checked = 0u32;
        for (magics, directions) in [
            (&TABLES.rook_magics, &crate::geometry::ROOK_DIRECTIONS),
            (&TABLES.bishop_magics, &crate::geometry::BISHOP_DIRECTIONS),
        ] {
            for i in 0..64 {
                let m = magics.get(i);
                let mut occ = 0u64;
                loop {
                    let expected = crate::geometry::sliding_attacks(i, occ, directions);
                    assert_eq!(slider_attacks(magics, i, Bitboard(occ)).0, expected);
                    // Blockers off the rays change nothing (and the
                    // unchecked read stays in the table).
                    let beyond = Bitboard(occ | !m.mask);
                    assert_eq!(slider_attacks(magics, i, beyond).0, expected);
                    #[cfg(pext_table)]
                    if pext {
                        let sq = Square::from_index(i).unwrap();
                        let got = if core::ptr::eq(magics, &TABLES.rook_magics) {
                            Pext::rook(sq, Bitboard(occ))
                        } else {
                            Pext::bishop(sq, Bitboard(occ))
                        };
                        assert_eq!(got.0, expected, "pext, square {i}, occupancy {occ:#x}");
                    }
                    checked += 1;
                    occ = occ.wrapping_sub(m.mask) & m.mask;
                    if occ == 0 {
                        break;
                    }
                }
            }
        }
        assert_eq!(checked as usize, SLIDER_LEN);
    }

    /// Whether this CPU runs `pext` (`Pext` exists in builds that use it).
    #[cfg(pext_table)]
    fn has_bmi2() -> bool {
        #[cfg(feature = "std")]
        return std::is_x86_feature_detected!("bmi2");
        #[allow(unreachable_code)]
        false
    }
}
