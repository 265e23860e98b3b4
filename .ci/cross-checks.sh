#!/usr/bin/env bash
# Cross-target checks for magicboard: the library's tests built for
# aarch64 and for big-endian s390x and run under qemu-user, and the library
# built for wasm32. Called by .ci/run (`bash .ci/cross-checks.sh`).
#
# It installs what it uses: the rustup targets, and Debian's qemu-user and
# C cross compilers (the linker, and the C code of a dev-dependency) with
# their libc, through apt-get as root (or sudo). A target whose tools
# cannot be installed (no rustup, no apt-get, no network) is "skipped" with
# the reason; a build or test that fails fails the script.
#
# The tests run in release builds (under emulation a debug build's tests
# take over a minute longer per target than the optimisation costs; see
# CARGO_FLAGS), with every feature: the library's unit tests and the
# modules of tests/it/ that run in seconds (see TEST_MODULES), the perft
# suites capped at MAGICBOARD_PERFT_MAX_NODES nodes per count (300,000
# unless set).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }
skip() { printf 'skipped: %s\n' "$*"; }

# rustup target, Debian architecture of the cross packages, GNU triple,
# qemu-user binary.
EMULATED_ALL=(
    "aarch64-unknown-linux-gnu arm64 aarch64-linux-gnu qemu-aarch64"
    "s390x-unknown-linux-gnu s390x s390x-linux-gnu qemu-s390x"
)
# CI emulates s390x alone (big-endian, and away from x86-64 like any other
# target: the magics, never pext), to keep the whole run within its time;
# CROSS_TARGETS="aarch64 s390x" runs both.
EMULATED=()
for spec in "${EMULATED_ALL[@]}"; do
    for wanted in ${CROSS_TARGETS:-s390x}; do
        case "$spec" in "$wanted"-*) EMULATED+=("$spec") ;; esac
    done
done
WASM_TARGET=wasm32-unknown-unknown
# The modules of tests/it/ run on the emulated targets: the attack tables
# and the perft suites, and the other modules that take a few seconds there
# (properties, perft, engine_api, robustness, san, differential and
# fuzz_drivers take 10-50 s each under qemu; uci_engine and msrv run host
# programs).
TEST_MODULES=(attacks:: perft_suites:: chess960:: fen:: game:: outcome::
    scenarios:: see:: serde:: zobrist:: layers:: doctests:: builder::)
export MAGICBOARD_PERFT_MAX_NODES="${MAGICBOARD_PERFT_MAX_NODES:-300000}"
# Release builds of the library as a dependent compiles it: opt-level 3 in
# cargo's default codegen units (the workspace's one unit is a speed
# setting dependents do not inherit; sixteen build the test binary sooner
# on two cores), linked without LTO. The dependencies, mostly the benchmarks' and the
# differential test's, which no test here runs, unoptimised: that saves
# ~40 s of CPU per target and costs the tests ~1 s.
CARGO_FLAGS=(--release --all-features -p magicboard
    --config 'profile.release.package.magicboard.codegen-units=16'
    --config 'profile.release.package."*".opt-level=0'
    --config 'profile.release.package.chess.opt-level=0'
    --config 'profile.release.lto=false')

start=$SECONDS

# --- installing ----------------------------------------------------------

have_rust_target() {
    rustup target list --installed 2>/dev/null | grep -x "$1" >/dev/null ||
        { command -v rustup >/dev/null 2>&1 && timeout 300 rustup target add "$1"; }
}

qemu_for() { # the qemu-user binary for $1 (qemu-aarch64), or nothing
    command -v "$1" || command -v "$1-static" || true
}

have_cross_tools() { # GNU triple, qemu binary
    command -v "$1-gcc" >/dev/null 2>&1 && [ -e "/usr/$1/lib/libc.so" ] && [ -n "$(qemu_for "$2")" ]
}

# as_root, apt_install
source .ci/apt.sh

step "cross targets: installing the rustup targets, qemu-user and the C cross compilers"
targets=()
for spec in "${EMULATED[@]}"; do
    read -r target arch gnu qemu <<<"$spec"
    if ! have_rust_target "$target"; then
        skip "$target: the rustup target is not installed and cannot be installed here"
        continue
    fi
    if ! have_cross_tools "$gnu" "$qemu"; then
        # Where there is no qemu-user package, qemu-user-static (qemu-*-static).
        apt_install "gcc-$gnu" "libc6-dev-$arch-cross" qemu-user ||
            apt_install "gcc-$gnu" "libc6-dev-$arch-cross" qemu-user-static || true
    fi
    if ! have_cross_tools "$gnu" "$qemu"; then
        skip "$target: $gnu-gcc, its libc (libc6-dev-$arch-cross) or $qemu missing, and apt-get could not install them"
        continue
    fi
    # cargo's per-target linker and runner.
    var=$(tr 'a-z-' 'A-Z_' <<<"$target")
    export "CARGO_TARGET_${var}_LINKER=$gnu-gcc"
    export "CARGO_TARGET_${var}_RUNNER=$(qemu_for "$qemu") -L /usr/$gnu"
    "$gnu-gcc" --version | sed -n 1p
    "$(qemu_for "$qemu")" --version | sed -n 1p
    targets+=("$target")
done
echo "installed in $((SECONDS - start)) s"

# --- the emulated targets ------------------------------------------------

# Fails on a warning about magicboard's own code in cargo's output ($1).
no_warnings() {
    if grep -E '^warning: `magicboard`' "$1"; then
        echo "magicboard's code warned (above) on a cross target"
        exit 1
    fi
}

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# What passed on each target, from cargo test's output ($1): the "Running"
# line names the binary's target directory, its "test result" line follows.
passed_per_target() {
    awk -v targets="${targets[*]}" '
        BEGIN { k = split(targets, ts, " ") }
        /^ *Running / { t = ""; for (i = 1; i <= k; i++) if (index($0, "/" ts[i] "/")) t = ts[i] }
        /^test result: ok\./ { n[t] += $4; s[t] += $(NF) + 0 }
        END { for (t in n) printf "%s %d %.1f\n", t, n[t], s[t] }' "$1"
}

if [ "${#targets[@]}" -gt 0 ]; then
    target_flags=()
    for target in "${targets[@]}"; do target_flags+=(--target "$target"); done
    # Every target in each cargo call: the two targets' builds share the
    # cores, and cargo keeps one set of fingerprints (separate calls per
    # target after a call for both rebuilt part of s390x's, cargo 1.95).
    step "cross targets: building the library's tests for ${targets[*]}"
    built=$SECONDS
    cargo test "${CARGO_FLAGS[@]}" "${target_flags[@]}" --lib --test it --no-run 2>&1 | tee "$log"
    no_warnings "$log"
    echo "built in $((SECONDS - built)) s"

    step "cross targets: the library's unit tests on ${targets[*]} (qemu-user)"
    ran=$SECONDS
    cargo test "${CARGO_FLAGS[@]}" "${target_flags[@]}" --no-fail-fast --lib 2>&1 | tee "$log"
    unit=$(passed_per_target "$log")
    step "cross targets: the attack tables, perft suites and quick modules of tests/it on ${targets[*]} (qemu-user)"
    cargo test "${CARGO_FLAGS[@]}" "${target_flags[@]}" --no-fail-fast --test it -- "${TEST_MODULES[@]}" 2>&1 |
        tee "$log"
    it=$(passed_per_target "$log")
    echo "tests ran in $((SECONDS - ran)) s; tests passed (count, seconds):"
    for target in "${targets[@]}"; do
        read -r _ unit_n unit_s < <(grep "^$target " <<<"$unit" || echo "$target 0 0")
        read -r _ it_n it_s < <(grep "^$target " <<<"$it" || echo "$target 0 0")
        echo "  $target: unit tests $unit_n (${unit_s} s), tests/it $it_n (${it_s} s)"
        if [ "$unit_n" = 0 ] || [ "$it_n" = 0 ]; then
            echo "no test ran on $target"
            exit 1
        fi
    done
else
    step "cross targets: no emulated target to test"
fi

# --- wasm32 ------------------------------------------------------------------

step "cross targets: the library for $WASM_TARGET (default features, then none)"
if have_rust_target "$WASM_TARGET"; then
    cargo build -p magicboard --lib --target "$WASM_TARGET" 2>&1 | tee "$log"
    no_warnings "$log"
    cargo build -p magicboard --lib --target "$WASM_TARGET" --no-default-features 2>&1 | tee "$log"
    no_warnings "$log"
else
    skip "$WASM_TARGET: the rustup target is not installed and cannot be installed here"
fi

step "cross targets: done in $((SECONDS - start)) s"
