#!/usr/bin/env bash
# The licence policy (deny.toml): `cargo deny check licenses bans sources`
# over every workspace member with every feature, dev-dependencies
# included; then a scratch crate that depends on shakmaty (GPL-3.0) must be
# refused, so the check is seen to bite; then the advisories, where the
# RustSec database can be fetched (it cannot here: skipped, saying so).
# Called by .ci/run (`bash .ci/deny-check.sh`).
#
# cargo-deny comes from crates.io: `cargo install --locked --debug
# cargo-deny` once per machine (into ~/.cargo/bin, reused when present). The
# debug build compiles in about 2 CPU-minutes where the release build takes
# about 5 (measured on this project's 2-core machine); checking this tree
# takes it a few seconds either way.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
    printf 'skipped: %s\n' "$*"
    exit 0
}
started=$SECONDS
mkdir -p target
log=target/deny-check.log
: >"$log"

if ! cargo deny --version >/dev/null 2>&1; then
    echo "installing cargo-deny from crates.io (cargo install --locked --debug cargo-deny)"
    t=$SECONDS
    if ! timeout 900 cargo install --locked --debug cargo-deny >>"$log" 2>&1; then
        tail -5 "$log"
        skip "cargo-deny is not installed and could not be installed from crates.io"
    fi
    echo "installed in $((SECONDS - t)) s"
fi
cargo deny --version

echo "--- cargo deny check licenses bans sources (the workspace, every feature)"
cargo deny --workspace --all-features check licenses bans sources

echo "--- a crate depending on shakmaty (GPL-3.0) is refused"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/magicboard-deny.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/src"
touch "$scratch/src/lib.rs"
cat >"$scratch/Cargo.toml" <<'EOF'
[package]
name = "deny-check-scratch"
version = "0.0.0"
edition = "2021"
license = "MIT"
publish = false

[dependencies]
shakmaty = "0.27"

[workspace]
EOF
if out=$(cargo deny --manifest-path "$scratch/Cargo.toml" --config deny.toml check licenses bans 2>&1); then
    echo "$out" | tail -20
    echo "cargo deny accepted a crate that depends on shakmaty"
    exit 1
fi
grep -E 'banned|rejected' <<<"$out" | head -5
grep -q 'shakmaty' <<<"$out" || { echo "$out" | tail -20; echo "refused, but not for shakmaty"; exit 1; }

echo "--- cargo deny check advisories"
if out=$(timeout 120 cargo deny --workspace --all-features check advisories 2>&1); then
    echo "$out" | tail -3
elif grep -q 'failed to fetch advisory database' <<<"$out"; then
    grep -m1 'failed to fetch' <<<"$out" | cut -c1-160
    echo "skipped: the RustSec advisory database cannot be fetched here (no network beyond the package registries)"
else
    echo "$out"
    exit 1
fi

echo "licence checks: $((SECONDS - started)) s"
