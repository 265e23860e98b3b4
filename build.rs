//! Build script: searches rook and bishop magic numbers and emits every
//! attack table the library needs into `OUT_DIR`.
//!
//! * `tables.rs`: the magics (mask, multiplier, shift, offset per square),
//!   knight/king/pawn attack arrays and the between/line tables, as Rust
//!   literals that `src/attacks.rs` includes;
//! * `sliders.bin`: the flattened sliding-attack table (little-endian `u64`s),
//!   pulled in with `include_bytes!` because a literal of 100k numbers costs
//!   the compiler seconds.
//!
//! The geometry (ray walks, masks) is `src/geometry.rs`, the same file the
//! library and its tests use. The search is seeded, so two builds emit
//! byte-identical tables, and every table entry is checked against the slow
//! ray walk before anything is written.

#[path = "src/geometry.rs"]
#[allow(dead_code)]
mod geometry;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::path::Path;

/// Fixed seed: the tables are a pure function of this value.
const SEED: [u8; 32] = *b"magicboard build-time magic seed";

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// Every subset of `mask` (carry-rippler enumeration), starting with the empty set.
fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            return out;
        }
    }
}

/// Finds a magic for one square; appends its slice of the attack table.
fn find_magic(
    sq: usize,
    directions: &[(i8, i8)],
    rng: &mut Xoshiro256PlusPlus,
    table: &mut Vec<u64>,
) -> Magic {
    let mask = geometry::relevant_mask(sq, directions);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let occupancies = subsets(mask);
    let attacks: Vec<u64> = occupancies
        .iter()
        .map(|&occ| geometry::sliding_attacks(sq, occ, directions))
        .collect();
    let size = 1usize << bits;
    // `epoch` tags avoid clearing `slots` between candidates.
    let mut epoch_of = vec![0u32; size];
    let mut slots = vec![0u64; size];
    let mut epoch = 0u32;
    loop {
        let magic = rng.next_u64() & rng.next_u64() & rng.next_u64();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        epoch += 1;
        let ok = occupancies.iter().zip(&attacks).all(|(&occ, &att)| {
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            if epoch_of[idx] != epoch {
                epoch_of[idx] = epoch;
                slots[idx] = att;
                true
            } else {
                slots[idx] == att
            }
        });
        if ok {
            let offset = table.len() as u32;
            // Slots no occupancy maps to keep whatever an earlier candidate
            // left there; zero them so the output depends on the magic only.
            for (slot, &e) in slots.iter_mut().zip(&epoch_of) {
                if e != epoch {
                    *slot = 0;
                }
            }
            table.extend_from_slice(&slots);
            return Magic {
                mask,
                magic,
                shift,
                offset,
            };
        }
    }
}

/// Checks every occupancy subset of every square against the slow ray walk.
fn verify(magics: &[Magic], directions: &[(i8, i8)], table: &[u64]) {
    for (sq, m) in magics.iter().enumerate() {
        for occ in subsets(m.mask) {
            let idx = m.offset as usize + (occ.wrapping_mul(m.magic) >> m.shift) as usize;
            assert_eq!(
                table[idx],
                geometry::sliding_attacks(sq, occ, directions),
                "magic table wrong for square {sq}, occupancy {occ:#x}"
            );
        }
    }
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    writeln!(out, "static {name}: [Magic; 64] = [").unwrap();
    for m in magics {
        writeln!(
            out,
            "    Magic {{ mask: {:#018x}, magic: {:#018x}, shift: {}, offset: {} }},",
            m.mask, m.magic, m.shift, m.offset
        )
        .unwrap();
    }
    out.push_str("];\n");
}

fn write_array(out: &mut String, name: &str, values: impl Iterator<Item = u64>, len: usize) {
    writeln!(out, "static {name}: [u64; {len}] = [").unwrap();
    for v in values {
        writeln!(out, "    {v:#018x},").unwrap();
    }
    out.push_str("];\n");
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/geometry.rs");

    let mut rng = Xoshiro256PlusPlus::from_seed(SEED);
    let mut table = Vec::new();
    let rook: Vec<Magic> = (0..64)
        .map(|sq| find_magic(sq, &geometry::ROOK_DIRECTIONS, &mut rng, &mut table))
        .collect();
    let bishop: Vec<Magic> = (0..64)
        .map(|sq| find_magic(sq, &geometry::BISHOP_DIRECTIONS, &mut rng, &mut table))
        .collect();
    verify(&rook, &geometry::ROOK_DIRECTIONS, &table);
    verify(&bishop, &geometry::BISHOP_DIRECTIONS, &table);

    let mut out = String::new();
    out.push_str("// @generated by build.rs: do not edit.\n");
    write_magics(&mut out, "ROOK_MAGICS", &rook);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    writeln!(out, "const SLIDER_TABLE_LEN: usize = {};", table.len()).unwrap();
    out.push_str(
        "static SLIDER_TABLE: Aligned<[u8; SLIDER_TABLE_LEN * 8]> = \
         Aligned(*include_bytes!(concat!(env!(\"OUT_DIR\"), \"/sliders.bin\")));\n",
    );
    write_array(
        &mut out,
        "KNIGHT_ATTACKS",
        (0..64).map(geometry::knight_attacks),
        64,
    );
    write_array(
        &mut out,
        "KING_ATTACKS",
        (0..64).map(geometry::king_attacks),
        64,
    );
    write_array(
        &mut out,
        "PAWN_ATTACKS",
        (0..128).map(|i| geometry::pawn_attacks(i < 64, i % 64)),
        128,
    );
    write_array(
        &mut out,
        "BETWEEN",
        (0..4096).map(|i| geometry::between(i / 64, i % 64)),
        4096,
    );
    write_array(
        &mut out,
        "LINE",
        (0..4096).map(|i| geometry::line(i / 64, i % 64)),
        4096,
    );

    let bytes: Vec<u8> = table.iter().flat_map(|v| v.to_le_bytes()).collect();
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&dir).join("sliders.bin"), bytes).expect("write sliders.bin");
    std::fs::write(Path::new(&dir).join("tables.rs"), out).expect("write tables.rs");
}
