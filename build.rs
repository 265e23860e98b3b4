//! Build script: searches rook and bishop magic numbers and emits every
//! attack table the library needs into `OUT_DIR`.
//!
//! * `tables.rs`: the magics (mask, multiplier, shift, offset per square),
//!   knight/king/pawn attack arrays and the between/line tables, as Rust
//!   literals that `src/attacks.rs` includes;
//! * `slider_index.bin`: for every square and every occupancy index the
//!   magic produces, one byte naming one of that square's distinct attack
//!   sets (listed in `tables.rs`); pulled in with `include_bytes!` because a
//!   literal of 100k numbers costs the compiler seconds;
//! * `pext_index.bin`: the same bytes in the order BMI2's `pext`
//!   numbers the occupancies, for the `pext` lookups (`src/attacks.rs`).
//!
//! It also sets two cfgs for x86-64: `popcnt_dispatch` (perft picks its
//! `popcnt` and BMI2 builds at run time) when the target lacks `popcnt`,
//! and `pext_direct` (every slider lookup uses `pext`) when the target has
//! BMI2 and is not a CPU whose `pext` is slow.
//!
//! The geometry (ray walks, masks) is `src/geometry.rs`, the same file the
//! library and its tests use; the `Magic` struct the tables are written as
//! is `src/attacks/magic.rs`, the same file `src/attacks.rs` reads them with. The search is seeded, so two builds emit
//! byte-identical tables, and every table entry is checked against the slow
//! ray walk before anything is written.

#[path = "src/geometry.rs"]
#[allow(dead_code)]
mod geometry;
#[path = "src/attacks/magic.rs"]
mod magic;

use magic::Magic;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::path::Path;

/// Fixed seed: the tables are a pure function of this value. Any seed gives
/// correct tables (every one is verified below); the last byte (`!`) was
/// picked among 64 candidates as the one whose search tries the fewest
/// magics, which halves the time every clean build of a user's crate pays.
const SEED: [u8; 32] = *b"magicboard build-time magic see!";

/// The emitted slider tables: per square, `2^bits` one-byte indices into
/// that square's list of distinct attack sets (a rook has at most 144).
#[derive(Default)]
struct Tables {
    index: Vec<u8>,
    attacks: Vec<u64>,
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

/// Finds a magic for one square and appends its tables.
///
/// This runs unoptimised in users' builds (dependencies' build scripts are
/// compiled at opt-level 0), so the inner loop is kept plain: one pass over
/// (occupancy, attacks) pairs, `epoch` tags instead of clearing the slots.
fn find_magic(
    sq: usize,
    directions: &[(i8, i8)],
    rng: &mut Xoshiro256PlusPlus,
    tables: &mut Tables,
) -> Magic {
    let mask = geometry::relevant_mask(sq, directions);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let pairs: Vec<(u64, u64)> = subsets(mask)
        .into_iter()
        .map(|occ| (occ, geometry::sliding_attacks(sq, occ, directions)))
        .collect();
    let mut slots = vec![(0u32, 0u64); pairs.len()];
    let mut epoch = 0u32;
    let magic = loop {
        let magic = rng.next_u64() & rng.next_u64() & rng.next_u64();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        epoch += 1;
        let mut ok = true;
        for &(occ, attacks) in &pairs {
            let slot = &mut slots[(occ.wrapping_mul(magic) >> shift) as usize];
            if slot.0 != epoch {
                *slot = (epoch, attacks);
            } else if slot.1 != attacks {
                ok = false;
                break;
            }
        }
        if ok {
            break magic;
        }
    };
    let offset = tables.index.len() as u32;
    let base = tables.attacks.len() as u32;
    let mut distinct: Vec<u64> = Vec::new();
    for &(tag, attacks) in &slots {
        // Slots no occupancy maps to are never read; point them at entry 0.
        let i = if tag != epoch {
            0
        } else if let Some(i) = distinct.iter().position(|&a| a == attacks) {
            i
        } else {
            distinct.push(attacks);
            distinct.len() - 1
        };
        tables
            .index
            .push(u8::try_from(i).expect("at most 256 distinct attack sets per square"));
    }
    tables.attacks.extend_from_slice(&distinct);
    Magic {
        mask,
        magic,
        shift,
        offset,
        base,
    }
}

/// Checks every occupancy subset of every square against the slow ray walk.
fn verify(magics: &[Magic], directions: &[(i8, i8)], tables: &Tables) {
    for (sq, m) in magics.iter().enumerate() {
        for occ in subsets(m.mask) {
            let attacks = tables.attacks[m.base as usize + tables.index[m.slot(occ)] as usize];
            assert_eq!(
                attacks,
                geometry::sliding_attacks(sq, occ, directions),
                "magic table wrong for square {sq}, occupancy {occ:#x}"
            );
        }
    }
}

/// Software `pext`: the bits of `value` at `mask`'s set bits, packed low.
fn pext(value: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1;
    while mask != 0 {
        if value & mask & mask.wrapping_neg() != 0 {
            out |= bit;
        }
        mask &= mask - 1;
        bit <<= 1;
    }
    out
}

/// The same index bytes as `tables.index`, in the order BMI2's `pext`
/// numbers each square's occupancies (`offset + pext(occupied, mask)`):
/// a magic and `pext` both give a square `2^bits` slots, so the offsets,
/// the attack sets and their bases are shared.
fn pext_index<'a>(magics: impl Iterator<Item = &'a Magic>, tables: &Tables) -> Vec<u8> {
    let mut index = vec![0u8; tables.index.len()];
    for m in magics {
        for occ in subsets(m.mask) {
            index[m.offset as usize + pext(occ, m.mask) as usize] = tables.index[m.slot(occ)];
        }
    }
    index
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    writeln!(out, "static {name}: [Magic; 64] = [").unwrap();
    for m in magics {
        writeln!(
            out,
            "    Magic {{ mask: {:#018x}, magic: {:#018x}, shift: {}, offset: {}, base: {} }},",
            m.mask, m.magic, m.shift, m.offset, m.base
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

/// True when the target CPU runs `pext` in microcode (AMD Zen 1 and 2,
/// family 0x17): named in the flags (`znver1`, `znver2`), or `native` on
/// such a machine (read from `/proc/cpuinfo`, where there is one).
fn slow_pext_target(flags: &str) -> bool {
    let cpu = flags
        .split('\x1f')
        .flat_map(|f| f.split(' '))
        .filter_map(|f| f.strip_prefix("target-cpu="))
        .last()
        .unwrap_or("");
    match cpu {
        "znver1" | "znver2" => true,
        "native" => std::fs::read_to_string("/proc/cpuinfo").is_ok_and(|info| {
            let field = |name: &str| {
                info.lines()
                    .find(|l| l.starts_with(name))
                    .and_then(|l| l.split(':').nth(1))
                    .map(str::trim)
                    .unwrap_or("")
                    .to_string()
            };
            field("vendor_id") == "AuthenticAMD" && field("cpu family") == "23"
        }),
        _ => false,
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/geometry.rs");
    println!("cargo:rerun-if-changed=src/attacks/magic.rs");

    // perft picks a `popcnt` build of its walk at run time on x86-64 (the
    // check needs std), unless the target already assumes the instruction.
    println!("cargo::rustc-check-cfg=cfg(popcnt_dispatch)");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && std::env::var_os("CARGO_FEATURE_STD").is_some()
        && !var("CARGO_CFG_TARGET_FEATURE")
            .split(',')
            .any(|f| f == "popcnt")
    {
        println!("cargo::rustc-cfg=popcnt_dispatch");
    }
    // Sliding attacks through BMI2's `pext` everywhere when the target has
    // it, except on the AMD CPUs whose `pext` is microcode (Zen 1 and 2):
    // named as the target CPU, or the machine building for `native`.
    println!("cargo::rustc-check-cfg=cfg(pext_direct)");
    if var("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && var("CARGO_CFG_TARGET_FEATURE")
            .split(',')
            .any(|f| f == "bmi2")
        && !slow_pext_target(&var("CARGO_ENCODED_RUSTFLAGS"))
    {
        println!("cargo::rustc-cfg=pext_direct");
    }

    let mut rng = Xoshiro256PlusPlus::from_seed(SEED);
    let mut tables = Tables::default();
    let rook: Vec<Magic> = (0..64)
        .map(|sq| find_magic(sq, &geometry::ROOK_DIRECTIONS, &mut rng, &mut tables))
        .collect();
    let bishop: Vec<Magic> = (0..64)
        .map(|sq| find_magic(sq, &geometry::BISHOP_DIRECTIONS, &mut rng, &mut tables))
        .collect();
    verify(&rook, &geometry::ROOK_DIRECTIONS, &tables);
    verify(&bishop, &geometry::BISHOP_DIRECTIONS, &tables);

    let mut out = String::new();
    out.push_str("// @generated by build.rs: do not edit.\n");
    write_magics(&mut out, "ROOK_MAGICS", &rook);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    writeln!(
        out,
        "const SLIDER_INDEX_LEN: usize = {};",
        tables.index.len()
    )
    .unwrap();
    out.push_str(
        "static SLIDER_INDEX: [u8; SLIDER_INDEX_LEN] = \
         *include_bytes!(concat!(env!(\"OUT_DIR\"), \"/slider_index.bin\"));\n\
         #[allow(dead_code)]\n\
         static PEXT_INDEX: [u8; SLIDER_INDEX_LEN] = \
         *include_bytes!(concat!(env!(\"OUT_DIR\"), \"/pext_index.bin\"));\n",
    );
    let n = tables.attacks.len();
    writeln!(out, "const SLIDER_ATTACKS_LEN: usize = {n};").unwrap();
    write_array(
        &mut out,
        "SLIDER_ATTACKS",
        tables.attacks.iter().copied(),
        n,
    );
    write_array(
        &mut out,
        "ROOK_RAYS",
        (0..64).map(|sq| geometry::rook_attacks(sq, 0)),
        64,
    );
    write_array(
        &mut out,
        "BISHOP_RAYS",
        (0..64).map(|sq| geometry::bishop_attacks(sq, 0)),
        64,
    );
    // Castling, per (colour, king file, rook file): the squares that must
    // be empty and the king's squares that must not be attacked.
    let castle = |i: usize| {
        let (color, king_file, rook_file) = (i / 64, i / 8 % 8, i % 8);
        let rank = if color == 0 { 0 } else { 56 };
        geometry::castling_paths(rank + king_file, rank + rook_file)
    };
    write_array(&mut out, "CASTLE_EMPTY", (0..128).map(|i| castle(i).0), 128);
    write_array(
        &mut out,
        "CASTLE_KING_SQUARES",
        (0..128).map(|i| castle(i).1),
        128,
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

    let pext_index = pext_index(rook.iter().chain(&bishop), &tables);

    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&dir).join("pext_index.bin"), &pext_index)
        .expect("write pext_index.bin");
    std::fs::write(Path::new(&dir).join("slider_index.bin"), &tables.index)
        .expect("write slider_index.bin");
    std::fs::write(Path::new(&dir).join("tables.rs"), out).expect("write tables.rs");
}
