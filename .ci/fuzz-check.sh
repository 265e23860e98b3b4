#!/usr/bin/env bash
# The cargo-fuzz targets (fuzz/fuzz_targets/) run for real, briefly, from
# seeded corpora. Called by .ci/run (`bash .ci/fuzz-check.sh`).
#
# fuzz/seeds writes each target's seeds (fuzz/corpus/<target>/seed-*) from
# the perft suites of tests/data and from legal games played from the
# targets' start positions; then each target runs FUZZ_SECONDS (default
# 5) under libFuzzer on the stable toolchain (RUSTC_BOOTSTRAP=1, no
# sanitizer: the library's `unsafe` is a few CPU-feature calls and an
# unchecked table read; debug assertions on, so make and unmake check the
# board as they go). A crash, a failed check or an input that runs over 20 s
# fails the step, and libFuzzer's report names the input it saved under
# fuzz/artifacts/<target>/ (replay it with `cargo fuzz run TARGET FILE`).
#
# Where it cannot run (not Linux on x86-64 or aarch64, no C++ compiler
# and none installable, cargo-fuzz not installed and crates.io out of
# reach) it prints "skipped: <reason>" and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-5}
targets=(fen uci_san play game pgn syzygy)
skip() {
    printf 'skipped: %s\n' "$*"
    exit 0
}
mkdir -p target
log=target/fuzz-check.log
: >"$log"

# The seeds need only Rust: written (and their program checked) everywhere.
echo "seed corpora (fuzz/seeds):"
cargo run --quiet --manifest-path fuzz/seeds/Cargo.toml -- fuzz/corpus

case "$(uname -s)-$(uname -m)" in
Linux-x86_64 | Linux-aarch64) ;;
*) skip "libFuzzer is run here only on Linux, x86-64 or aarch64 ($(uname -sm))" ;;
esac

# libfuzzer-sys compiles libFuzzer, which is C++.
if ! command -v c++ >/dev/null 2>&1; then
    # shellcheck source=.ci/apt.sh
    source .ci/apt.sh
    if apt_install g++ >>"$log" 2>&1; then
        echo "installed g++ from Debian's packages"
    else
        skip "no C++ compiler for libFuzzer, and g++ could not be installed"
    fi
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz from crates.io (cargo install --locked cargo-fuzz)"
    if ! timeout 600 cargo install --locked cargo-fuzz >>"$log" 2>&1; then
        tail -5 "$log"
        skip "cargo-fuzz is not installed and could not be installed from crates.io"
    fi
fi
cargo fuzz --version

cd fuzz
export RUSTC_BOOTSTRAP=1
cargo fuzz build -s none --debug-assertions

for target in "${targets[@]}"; do
    args=(-max_total_time="$seconds" -timeout=20 -print_final_stats=1)
    case $target in
    fen) args+=(-dict=dict/fen.dict) ;;
    uci_san) args+=(-dict=dict/uci.dict) ;;
    esac
    out=../target/fuzz-$target.log
    if cargo fuzz run -s none --debug-assertions "$target" "corpus/$target" -- "${args[@]}" >"$out" 2>&1; then
        # libFuzzer's summary: inputs run, coverage, corpus size.
        printf '%-8s %s\n' "$target" "$(grep -E '^#[0-9]+[[:space:]]+DONE' "$out" | tail -1)"
    else
        tail -40 "$out"
        echo "fuzz target $target failed: the input is under fuzz/artifacts/$target/ (full log: target/fuzz-$target.log)"
        exit 1
    fi
done
echo "fuzz-check: ${#targets[@]} targets, ${seconds} s each, no crash ($SECONDS s in all)"
