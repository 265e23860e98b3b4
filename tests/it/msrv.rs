//! The declared MSRV (`rust-version` in Cargo.toml) against what is known
//! to need it. Only one toolchain is installed where the tests run, so the
//! MSRV cannot be checked by compiling with it; instead:
//!
//! * the crate's own code: `cargo clippy` with `-D warnings` runs clippy's
//!   `incompatible_msrv` lint, which flags any standard-library item (or
//!   `const` use) newer than `rust-version`; language features and trait
//!   impls it cannot see are listed in `OWN_CODE_NEEDS` below;
//! * the dependencies users build (normal and build dependencies, every
//!   feature on): this test reads their `rust-version` from `cargo metadata`
//!   and fails when one needs a newer Rust than we declare.

use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::process::Command;

/// What the crate's own code needs that clippy's lint cannot check (it
/// looks at library items, not at the edition, language features or trait
/// impls): `#[target_feature]` on safe functions (perft's CPU-specific
/// walks) needs Rust 1.86, edition 2024 1.85, `impl core::error::Error`
/// 1.81.
const OWN_CODE_NEEDS: (Version, &str) = ((1, 86), "#[target_feature] on safe functions");

/// A Rust version, major and minor.
type Version = (u64, u64);

fn parse_version(text: &str) -> Version {
    let mut parts = text.split('.').map(|p| p.parse::<u64>().unwrap());
    (parts.next().unwrap(), parts.next().unwrap_or(0))
}

#[test]
fn declared_msrv_covers_dependencies_and_own_code() {
    let declared = parse_version(env!("CARGO_PKG_RUST_VERSION"));
    let output = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--all-features",
            "--manifest-path",
        ])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .output()
        .expect("cargo metadata");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let meta: Value = serde_json::from_slice(&output.stdout).unwrap();

    let rust_version: HashMap<&str, (&str, Option<Version>)> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let name = p["name"].as_str().unwrap();
            let msrv = p["rust_version"].as_str().map(parse_version);
            (p["id"].as_str().unwrap(), (name, msrv))
        })
        .collect();
    let nodes: HashMap<&str, &Value> = meta["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["id"].as_str().unwrap(), n))
        .collect();

    // Everything users compile: follow normal and build edges, not dev ones.
    let root = meta["resolve"]["root"].as_str().unwrap();
    let mut seen = HashSet::from([root]);
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        for dep in nodes[id]["deps"].as_array().unwrap() {
            let users_build_it = dep["dep_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|k| k["kind"].as_str() != Some("dev"));
            let pkg = dep["pkg"].as_str().unwrap();
            if users_build_it && seen.insert(pkg) {
                stack.push(pkg);
            }
        }
    }
    let mut needs: Vec<(Version, String)> = seen
        .iter()
        .filter(|&&id| id != root)
        .filter_map(|id| {
            let (name, msrv) = rust_version[id];
            msrv.map(|v| (v, name.to_string()))
        })
        .collect();
    needs.push((OWN_CODE_NEEDS.0, OWN_CODE_NEEDS.1.to_string()));
    needs.sort();
    let (newest, why) = needs.last().unwrap();
    println!("declared rust-version {declared:?}; newest requirement {newest:?} from {why}");
    for (version, name) in &needs {
        assert!(
            version <= &declared,
            "{name} needs Rust {version:?}, newer than rust-version {declared:?}"
        );
    }
    // The floor is tight: raising rust-version beyond what anything needs
    // would turn users away for nothing.
    assert_eq!(
        *newest, declared,
        "rust-version {declared:?} is above every known requirement (newest: {why})"
    );
}
