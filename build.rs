//! Build script: sets three cfgs for x86-64, from the target's features
//! and the CPU it names, which no `cfg` expression can read (the tables
//! themselves are committed: `src/attacks/tables.rs`, generated and
//! checked by `tests/it/tables.rs`; docs/design.md says why).
//!
//! * `popcnt_dispatch`: perft's fast walk (the `fast-perft` feature) picks
//!   its `popcnt` and BMI2 build at run time, when the target lacks
//!   `popcnt` or BMI2;
//! * `pext_direct`: every slider lookup uses `pext`, when the target has
//!   BMI2 and is not a CPU whose `pext` is slow;
//! * `pext_table`: either holds (the `pext` table is compiled in).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");

    // perft's fast walk (the `fast-perft` feature) picks a `popcnt` and
    // BMI2 build of itself at run time on x86-64 (the check needs std),
    // unless the target already assumes both instructions: so `-C
    // target-cpu=x86-64-v2` (with `popcnt`, without BMI2) still runs the
    // `pext` walk on a CPU that has it.
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
