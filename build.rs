//! Build script: searches rook and bishop magic numbers and emits every
//! attack table the library needs into `OUT_DIR`.
//!
//! * `tables.rs`: the magics (mask, multiplier, shift, offset per square),
//!   knight/king/pawn attack arrays and the between/line tables, as Rust
//!   literals that `src/attacks.rs` includes;
//! * `slider_attacks.bin`: for every square and every occupancy index the
//!   magic produces, the attack set itself (plain fancy magics: one load
//!   per lookup), as little-endian `u64`s; pulled in with `include_bytes!`
//!   because a literal of 100k numbers costs the compiler seconds;
//! * `pext_attacks.bin` (x86-64 builds that use `pext`: the `pext_table`
//!   cfg below): for the `pext` lookups (`src/attacks.rs`), every
//!   attack set again, as little-endian `u64`s, in the order BMI2's `pext`
//!   numbers the occupancies.
//!
//! It also sets three cfgs for x86-64: `popcnt_dispatch` (perft's fast
//! walk, the `fast-perft` feature, picks its `popcnt` and BMI2 build at run
//! time) when the target lacks `popcnt` or BMI2; `pext_direct` (every
//! slider lookup uses `pext`) when the target has BMI2 and is not a CPU
//! whose `pext` is slow; and `pext_table` when either holds (the `pext`
//! table is emitted).
//!
//! The geometry (ray walks, masks) is `src/geometry.rs`, the same file the
//! library and its tests use; the `Magic` struct (one square's magic, its
//! slot formula) and the `MagicTable` the tables are written as (a slider's
//! magics, an array per field) are `src/attacks/magic.rs`, the same file
//! `src/attacks.rs` reads them with. The search is seeded, so two builds emit
//! byte-identical tables, and every table entry is checked against the slow
//! ray walk before anything is written.

#[path = "src/geometry.rs"]
#[allow(dead_code)]
mod geometry;
#[path = "src/attacks/magic.rs"]
mod magic;

use magic::Magic;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{SeedableRng, TryRng};
use std::fmt::Write as _;
use std::path::Path;

/// Fixed seed: the tables are a pure function of this value and of
/// [`ROOK_SEEDS`] and [`BISHOP_SEEDS`].
const SEED: [u8; 32] = *b"magicboard build-time magic see!";

/// Per square (a1 = 0), the last byte of its generator's seed: each square
/// searches with its own generator, seeded with [`SEED`] ending in this
/// byte instead of `!`. Any bytes give correct tables (every one is
/// verified below); these were picked, for each square, as the one of the
/// 256 whose search tries the fewest candidates (Stockfish seeds its
/// search per rank for the same reason). That cuts the candidates of the whole search
/// from ~7 million to ~49,000: the search runs unoptimised in every clean
/// build of a user's crate. The magics themselves are still searched here.
const ROOK_SEEDS: [u8; 64] = [
    249, 140, 100, 40, 59, 65, 86, 79, 111, 111, 112, 84, 22, 63, 214, 44, 14, 155, 108, 86, 243,
    18, 247, 4, 219, 112, 90, 193, 116, 31, 248, 145, 137, 210, 203, 193, 19, 31, 211, 216, 160,
    24, 193, 160, 164, 10, 83, 151, 14, 208, 150, 160, 11, 68, 166, 208, 77, 133, 202, 210, 207,
    228, 27, 194,
];
/// As [`ROOK_SEEDS`], for the bishops.
const BISHOP_SEEDS: [u8; 64] = [
    59, 208, 114, 253, 8, 34, 101, 140, 253, 152, 195, 146, 186, 190, 107, 101, 108, 94, 160, 114,
    72, 13, 101, 61, 80, 156, 197, 116, 75, 234, 16, 73, 234, 117, 142, 72, 140, 22, 53, 228, 172,
    0, 103, 104, 104, 239, 109, 78, 101, 145, 222, 140, 208, 248, 204, 208, 140, 101, 220, 34, 44,
    11, 253, 59,
];

/// The emitted slider table: per square, `2^bits` attack sets, one per
/// slot of its magic (0 in the slots no occupancy maps to).
#[derive(Default)]
struct Tables {
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

/// One square's occupancies (every subset of its mask) with their attack
/// sets from the ray walk, fewest blockers first.
///
/// The order only decides how soon a bad magic is caught, not which magic
/// the search picks (a candidate passes or fails on the whole set): a bad
/// magic nearly always sends two of the sparse occupancies (the empty set,
/// one blocker, two) with different attacks to one slot, so checking those
/// first rejects a candidate after ~11 entries instead of ~69 in the
/// carry-rippler order.
struct Occupancies {
    occupied: Vec<u64>,
    attacks: Vec<u64>,
}

fn occupancies(sq: usize, mask: u64, directions: &[(i8, i8)]) -> Occupancies {
    let bits = mask.count_ones() as usize;
    let size = 1usize << bits;
    // Every subset, then a counting sort by popcount (stable).
    let subsets = subsets(mask);
    let mut starts = vec![0usize; bits + 2];
    for &occ in &subsets {
        starts[occ.count_ones() as usize + 1] += 1;
    }
    let mut k = 1;
    while k < starts.len() {
        starts[k] += starts[k - 1];
        k += 1;
    }
    let mut occupied = vec![0u64; size];
    let mut attacks = vec![0u64; size];
    for &occ in &subsets {
        let at = &mut starts[occ.count_ones() as usize];
        occupied[*at] = occ;
        attacks[*at] = geometry::sliding_attacks(sq, occ, directions);
        *at += 1;
    }
    Occupancies { occupied, attacks }
}

/// The generator's next output. `TryRng::try_next_u64` directly rather than
/// `Rng::next_u64`, which wraps it: one call less per number, in a search
/// that runs unoptimised (the same numbers either way).
#[inline(always)]
fn next_u64(rng: &mut Xoshiro256PlusPlus) -> u64 {
    let Ok(x) = rng.try_next_u64();
    x
}

/// Finds a magic for one square, appends its tables and checks them.
///
/// This runs unoptimised in users' builds (dependencies' build scripts are
/// compiled at opt-level 0, and rand with them), so the hot loop is written
/// for that: slices indexed in `while` loops (no iterator or `Vec` index
/// calls), `epoch` tags instead of clearing the slots, the sparse
/// occupancies first (see [`Occupancies`]).
fn find_magic(sq: usize, directions: &[(i8, i8)], seed_byte: u8, tables: &mut Tables) -> Magic {
    let mut seed = SEED;
    seed[31] = seed_byte;
    let rng = &mut Xoshiro256PlusPlus::from_seed(seed);
    let mask = geometry::relevant_mask(sq, directions);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let occs = occupancies(sq, mask, directions);
    let (occupied, attacks) = (&occs.occupied[..], &occs.attacks[..]);
    let size = occupied.len();
    let mut tags = vec![0u32; size];
    let mut seen = vec![0u64; size];
    let (tags, seen) = (&mut tags[..], &mut seen[..]);
    let mut epoch = 0u32;
    let magic = loop {
        let magic = next_u64(rng) & next_u64(rng) & next_u64(rng);
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        epoch += 1;
        let mut i = 0;
        while i < size {
            let slot = (occupied[i].wrapping_mul(magic) >> shift) as usize;
            if tags[slot] != epoch {
                tags[slot] = epoch;
                seen[slot] = attacks[i];
            } else if seen[slot] != attacks[i] {
                break;
            }
            i += 1;
        }
        if i == size {
            break magic;
        }
    };
    let offset = tables.attacks.len() as u32;
    // Slots no occupancy maps to are never read; they hold 0.
    let mut slot = 0;
    while slot < size {
        tables
            .attacks
            .push(if tags[slot] == epoch { seen[slot] } else { 0 });
        slot += 1;
    }
    let m = Magic {
        mask,
        magic,
        shift,
        offset,
    };
    verify(sq, &m, &occs, tables);
    m
}

/// Checks every occupancy of the square, looked up the way the library
/// does (`Magic::slot` into the attack sets), against its attacks from the
/// slow ray walk.
fn verify(sq: usize, m: &Magic, occs: &Occupancies, tables: &Tables) {
    let mut i = 0;
    while i < occs.occupied.len() {
        let occ = occs.occupied[i];
        let looked_up = tables.attacks[m.slot(occ)];
        assert_eq!(
            looked_up, occs.attacks[i],
            "magic table wrong for square {sq}, occupancy {occ:#x}"
        );
        i += 1;
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

/// The attack sets in the order BMI2's `pext` numbers each square's
/// occupancies (`offset + pext(occupied, mask)`: a magic and `pext` both
/// give a square `2^bits` slots, so the offsets are shared), as
/// little-endian `u64`s: a lookup is `pext` and one load. (Packed to 16
/// bits along the rays, a quarter of the size, the set needed a `pdep`
/// to unpack on the lookup's dependency chain; see docs/performance.md,
/// "Decisions that shaped the code".)
fn pext_attacks<'a>(magics: impl Iterator<Item = &'a Magic>, tables: &Tables) -> Vec<u8> {
    let mut sets = vec![0u8; 8 * tables.attacks.len()];
    for m in magics {
        for occ in subsets(m.mask) {
            let attacks = tables.attacks[m.slot(occ)];
            let at = 8 * (m.offset as usize + pext(occ, m.mask) as usize);
            sets[at..at + 8].copy_from_slice(&attacks.to_le_bytes());
        }
    }
    sets
}

/// One field of the `TABLES` initialiser: `name: MagicTable`, the magics'
/// fields an array each (`split`), or an array of `Magic`s (wasm32; see
/// `src/attacks/magic.rs`).
fn write_magics(out: &mut String, name: &str, magics: &[Magic], split: bool) {
    writeln!(out, "    {name}: MagicTable {{").unwrap();
    if !split {
        out.push_str("        magics: [\n");
        for m in magics {
            writeln!(
                out,
                "            Magic {{ mask: {:#018x}, magic: {:#018x}, shift: {}, offset: {} }},",
                m.mask, m.magic, m.shift, m.offset
            )
            .unwrap();
        }
        out.push_str("        ],\n    },\n");
        return;
    }
    let mut field = |field: &str, values: &mut dyn Iterator<Item = String>| {
        writeln!(out, "        {field}: [").unwrap();
        for value in values {
            writeln!(out, "            {value},").unwrap();
        }
        out.push_str("        ],\n");
    };
    field(
        "masks",
        &mut magics.iter().map(|m| format!("{:#018x}", m.mask)),
    );
    field(
        "multipliers",
        &mut magics.iter().map(|m| format!("{:#018x}", m.magic)),
    );
    field("offsets", &mut magics.iter().map(|m| m.offset.to_string()));
    field("shifts", &mut magics.iter().map(|m| m.shift.to_string()));
    out.push_str("    },\n");
}

/// One field of the `TABLES` initialiser: `name: [u64; len]`.
fn write_array(out: &mut String, name: &str, values: impl Iterator<Item = u64>, len: usize) {
    writeln!(out, "    {name}: [").unwrap();
    let mut written = 0;
    for v in values {
        writeln!(out, "        {v:#018x},").unwrap();
        written += 1;
    }
    assert_eq!(written, len, "{name}");
    out.push_str("    ],\n");
}

/// True when the target CPU runs `pext` in microcode (AMD Zen 1 and 2,
/// family 0x17): named in the flags (`znver1`, `znver2`), or `native` on
/// such a machine (read from `/proc/cpuinfo`, where there is one).
fn slow_pext_target(flags: &str) -> bool {
    let cpu = flags
        .split('\x1f')
        .flat_map(|f| f.split(' '))
        .filter_map(|f| f.strip_prefix("target-cpu="))
        .next_back()
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

    // perft's fast walk (the `fast-perft` feature) picks a `popcnt` and
    // BMI2 build of itself at run time on x86-64 (the check needs std),
    // unless the target already assumes both instructions: so `-C target-cpu=x86-64-v2` (with `popcnt`, without
    // BMI2) still runs the `pext` walk on a CPU that has it.
    println!("cargo::rustc-check-cfg=cfg(popcnt_dispatch)");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let target_has = |feature: &str| {
        var("CARGO_CFG_TARGET_FEATURE")
            .split(',')
            .any(|f| f == feature)
    };
    let popcnt_dispatch = var("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && std::env::var_os("CARGO_FEATURE_STD").is_some()
        && std::env::var_os("CARGO_FEATURE_FAST_PERFT").is_some()
        && !(target_has("popcnt") && target_has("bmi2"));
    if popcnt_dispatch {
        println!("cargo::rustc-cfg=popcnt_dispatch");
    }
    // Sliding attacks through BMI2's `pext` everywhere when the target has
    // it, except on the AMD CPUs whose `pext` is microcode (Zen 1 and 2):
    // named as the target CPU, or the machine building for `native`.
    println!("cargo::rustc-check-cfg=cfg(pext_direct)");
    let pext_direct = var("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && target_has("bmi2")
        && !slow_pext_target(&var("CARGO_ENCODED_RUSTFLAGS"));
    if pext_direct {
        println!("cargo::rustc-cfg=pext_direct");
    }
    // The `pext` lookups' own table, only in a build that uses them.
    println!("cargo::rustc-check-cfg=cfg(pext_table)");
    let pext_table = popcnt_dispatch || pext_direct;
    if pext_table {
        println!("cargo::rustc-cfg=pext_table");
    }

    let mut tables = Tables::default();
    let rook: Vec<Magic> = (0..64)
        .map(|sq| find_magic(sq, &geometry::ROOK_DIRECTIONS, ROOK_SEEDS[sq], &mut tables))
        .collect();
    let bishop: Vec<Magic> = (0..64)
        .map(|sq| {
            find_magic(
                sq,
                &geometry::BISHOP_DIRECTIONS,
                BISHOP_SEEDS[sq],
                &mut tables,
            )
        })
        .collect();

    let mut out = String::new();
    out.push_str("// @generated by build.rs: do not edit.\n");
    writeln!(out, "const SLIDER_LEN: usize = {};", tables.attacks.len()).unwrap();
    // Every table is a field of one static, `TABLES` (the struct is
    // `src/attacks.rs`'s `Tables`, which says why).
    out.push_str("static TABLES: Tables = Tables {\n");
    let split = var("CARGO_CFG_TARGET_ARCH") != "wasm32";
    write_magics(&mut out, "rook_magics", &rook, split);
    write_magics(&mut out, "bishop_magics", &bishop, split);
    // Byte arrays (a literal of 100k numbers costs the compiler seconds),
    // aligned by `src/attacks.rs`'s `Aligned`.
    out.push_str(
        "    slider_attacks: \
         Aligned(*include_bytes!(concat!(env!(\"OUT_DIR\"), \"/slider_attacks.bin\"))),\n",
    );
    if pext_table {
        out.push_str(
            "    pext_attacks: \
             Aligned(*include_bytes!(concat!(env!(\"OUT_DIR\"), \"/pext_attacks.bin\"))),\n",
        );
    }
    write_array(
        &mut out,
        "rook_rays",
        (0..64).map(|sq| geometry::rook_attacks(sq, 0)),
        64,
    );
    write_array(
        &mut out,
        "bishop_rays",
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
    write_array(&mut out, "castle_empty", (0..128).map(|i| castle(i).0), 128);
    write_array(
        &mut out,
        "castle_king_squares",
        (0..128).map(|i| castle(i).1),
        128,
    );
    write_array(
        &mut out,
        "knight_attacks",
        (0..64).map(geometry::knight_attacks),
        64,
    );
    write_array(
        &mut out,
        "king_attacks",
        (0..64).map(geometry::king_attacks),
        64,
    );
    write_array(
        &mut out,
        "pawn_attacks",
        (0..128).map(|i| geometry::pawn_attacks(i < 64, i % 64)),
        128,
    );
    write_array(
        &mut out,
        "between",
        (0..4096).map(|i| geometry::between(i / 64, i % 64)),
        4096,
    );
    write_array(
        &mut out,
        "line",
        (0..4096).map(|i| geometry::line(i / 64, i % 64)),
        4096,
    );
    out.push_str("};\n");

    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    if pext_table {
        let pext_attacks = pext_attacks(rook.iter().chain(&bishop), &tables);
        std::fs::write(Path::new(&dir).join("pext_attacks.bin"), &pext_attacks)
            .expect("write pext_attacks.bin");
    }
    let attacks: Vec<u8> = tables
        .attacks
        .iter()
        .flat_map(|a| a.to_le_bytes())
        .collect();
    std::fs::write(Path::new(&dir).join("slider_attacks.bin"), attacks)
        .expect("write slider_attacks.bin");
    std::fs::write(Path::new(&dir).join("tables.rs"), out).expect("write tables.rs");
}
