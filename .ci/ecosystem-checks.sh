#!/usr/bin/env bash
# Ecosystem checks for magicboard: no_std (with and without alloc), docs,
# MSRV, the examples. Called by .ci/run (`bash .ci/ecosystem-checks.sh`); runs on a
# clean clone with a stable Rust toolchain and crates.io only. Steps that
# need something this machine may not have (the thumbv7em target, a C
# compiler, python-chess (which it tries to install with pip), Stockfish)
# say "skipped" and why instead of failing.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }
skip() { printf 'skipped: %s\n' "$*"; }

NO_STD_TARGET=thumbv7em-none-eabihf
CHECK_CRATE=tests/no_std_check/Cargo.toml
CHECK_TARGET_DIR=target/no_std_check

# --- no_std ----------------------------------------------------------------

step "no_std: the library without default features, with and without alloc (host)"
cargo build -p magicboard --lib --no-default-features
cargo build -p magicboard --lib --no-default-features --features serde,reference,fast-perft
cargo build -p magicboard --lib --no-default-features --features alloc,serde,reference
# `arbitrary` needs no `std` feature of ours (the arbitrary crate itself
# links std, so it is not cross-built below).
cargo build -p magicboard --lib --no-default-features --features arbitrary
cargo test -p magicboard --lib --no-default-features --features arbitrary

step "a dependent with default features compiles only the library"
tree=$(cargo tree -p magicboard -e normal --prefix none)
echo "$tree"
for crate in clap indicatif serde_json rayon proptest arbitrary; do
    if grep -q "^$crate v" <<<"$tree"; then
        echo "the library's default dependency tree holds $crate"
        exit 1
    fi
done

step "no_std: a #![no_std] staticlib using the library (no std may be linked), with alloc and without"
# Pin the dependency versions to the main lockfile's.
[ -f tests/no_std_check/Cargo.lock ] || cp Cargo.lock tests/no_std_check/Cargo.lock
for features in "" --no-default-features; do
    echo "--- tests/no_std_check ${features:-(with alloc)}"
    # shellcheck disable=SC2086 # an empty $features is no argument
    cargo build --release --manifest-path "$CHECK_CRATE" --target-dir "$CHECK_TARGET_DIR" $features
    lib=$CHECK_TARGET_DIR/release/libmagicboard_no_std_check.a
    if [ -n "$features" ] && command -v nm >/dev/null 2>&1; then
        # No allocator was asked for: rustc builds the library only if
        # nothing in the graph allocates; and it names none.
        if nm "$lib" 2>/dev/null | grep -E '__rust_alloc|__rg_alloc|__rust_alloc_error_handler'; then
            echo "the no-alloc build links allocator symbols"
            exit 1
        fi
        echo "no allocator symbol in the no-alloc build"
    fi
    if command -v cc >/dev/null 2>&1; then
        cc tests/no_std_check/run.c "$lib" -o "$CHECK_TARGET_DIR/run"
        "$CHECK_TARGET_DIR/run"
    else
        skip "no C compiler to link and run the no_std check (it was built)"
    fi
done

step "no_std: cross-build for $NO_STD_TARGET"
have_target() { rustup target list --installed 2>/dev/null | grep -x "$NO_STD_TARGET" >/dev/null; }
if command -v rustup >/dev/null 2>&1 && { have_target || timeout 300 rustup target add "$NO_STD_TARGET"; }; then
    cargo build -p magicboard --lib --no-default-features --features serde --target "$NO_STD_TARGET"
    cargo build --release --manifest-path "$CHECK_CRATE" --target-dir "$CHECK_TARGET_DIR" \
        --target "$NO_STD_TARGET"
    cargo build --release --manifest-path "$CHECK_CRATE" --target-dir "$CHECK_TARGET_DIR" \
        --target "$NO_STD_TARGET" --no-default-features
    echo "built for $NO_STD_TARGET (no std exists there)"
else
    skip "target $NO_STD_TARGET not installed and not installable here; the host staticlib check above stands"
fi

# --- fuzz targets ----------------------------------------------------------
# The targets are built and run by .ci/fuzz-check.sh, a step of .ci/run of
# its own (no separate type-check here).

# --- docs ------------------------------------------------------------------

step "docs: rustdoc with -D warnings (every member with all features; the library with none)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace --all-features
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p magicboard --no-default-features
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p magicboard --no-default-features --features arbitrary
# As docs.rs builds it (Cargo.toml's [package.metadata.docs.rs]): every
# feature, `--cfg docsrs` (a nightly feature, hence RUSTC_BOOTSTRAP), each
# feature-gated item marked with its feature.
RUSTC_BOOTSTRAP=1 RUSTDOCFLAGS="--cfg docsrs -D warnings" cargo doc --no-deps -p magicboard \
    --all-features --target-dir target/docsrs
grep -q 'crate feature <code>reference</code>' target/docsrs/doc/magicboard/reference/index.html ||
    { echo "docs.rs build: the reference module is not marked with its feature"; exit 1; }
# missing_docs is a warning in src/lib.rs; clippy -D warnings (in .ci/run)
# turns it into an error, and the doctests run with `cargo test`.

# --- MSRV ------------------------------------------------------------------

step "MSRV: every member type-checked with rust-version's toolchain"
msrv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
echo "rust-version = $msrv"
# clippy's incompatible_msrv lint (no std item newer than rust-version) is
# on in .ci/run's clippy step over every member and feature.
# rust-version equals the newest requirement of our dependencies and edition.
cargo test --all-features --test it -- msrv:: --nocapture
if command -v rustup >/dev/null 2>&1 &&
    { rustup run "$msrv" rustc --version >/dev/null 2>&1 ||
        timeout 600 rustup toolchain install "$msrv" --profile minimal; }; then
    # Type-checked (what a newer language or library feature would break),
    # not code-generated: the build itself is the stable toolchain's.
    RUSTFLAGS="-D warnings" cargo "+$msrv" check --workspace --all-features \
        --target-dir target/msrv
    echo "checked with $(rustup run "$msrv" rustc --version)"
else
    echo "the Rust $msrv toolchain cannot be installed here"
    exit 1
fi

# --- packaging -------------------------------------------------------------
# The packages (what each holds, built and tested as unpacked) are checked
# by .ci/package-check.sh, a step of .ci/run of its own.

# --- examples --------------------------------------------------------------

step "examples: the UCI engines driven through a pipe (tests/it/uci_engine.rs; the example engine's engine/tests/uci.rs)"
cargo test --all-features --test it -- uci_engine::
cargo test --all-features -p magicboard-engine

step "examples: perft and attacks"
# `cargo test` builds every example, optimised (the test profile): the test
# step's build, reused (a release build of them took about 2 minutes more).
cargo test --all-features --no-run
examples=./target/debug/examples
out=$("$examples"/perft 4 2>/dev/null)
# Published count (CPW "Perft Results", start position, depth 4).
grep -qx 'Nodes searched: 197281' <<<"$out" || { echo "$out"; exit 1; }
echo "perft example: Nodes searched: 197281"
# Captured first: `| grep -q` would close the pipe at the first match and the
# example's later prints would fail with a broken pipe.
out=$("$examples"/attacks d5)
echo "$out"
grep -qF 'white attacks d5 2 time(s): Nc3 Pe4' <<<"$out" || exit 1

step "python-chess (an independent UCI client and move generator) for the next steps"
have_python_chess() { python3 -c 'import chess.engine' 2>/dev/null; }
if ! command -v python3 >/dev/null 2>&1; then
    skip "no python3"
elif have_python_chess; then
    python3 -c 'import chess; print("python-chess", chess.__version__)'
elif ! python3 -m pip --version >/dev/null 2>&1; then
    skip "python-chess is not installed and there is no pip to install it"
elif timeout 300 python3 -m pip install --quiet --disable-pip-version-check chess 2>&1 ||
    timeout 300 python3 -m pip install --quiet --disable-pip-version-check --user chess 2>&1; then
    have_python_chess && python3 -c 'import chess; print("installed python-chess", chess.__version__)'
else
    skip "pip could not install python-chess (no network or no PyPI here?)"
fi

step "examples: a game under python-chess, an independent UCI client"
if command -v python3 >/dev/null 2>&1 && python3 -c 'import chess.engine' 2>/dev/null; then
    python3 .ci/uci_game.py "$examples"/uci_engine
elif command -v cutechess-cli >/dev/null 2>&1; then
    cutechess-cli -engine cmd="$examples"/uci_engine \
        -engine cmd="$examples"/uci_engine \
        -each proto=uci tc=inf -games 2 -recover
else
    skip "neither python-chess nor cutechess-cli is installed"
fi

step "examples: the example engine against the random mover, 20 games under python-chess (half Chess960), Syzygy tables at the root"
if command -v python3 >/dev/null 2>&1 && python3 -c 'import chess.engine' 2>/dev/null; then
    # The engine (a workspace member, built by the test step into
    # target/debug like the examples).
    python3 .ci/engine_match.py target/debug/magicboard-engine "$examples"/uci_engine \
        --games 20 --movetime 0.02 --max-plies 300 --min-wins 19 --syzygy syzygy/tests/data/regular
else
    skip "python-chess is not installed (see above)"
fi

step "perft diverge against Stockfish, an independent UCI engine with go perft"
sf=$(command -v stockfish || { [ -x /usr/games/stockfish ] && echo /usr/games/stockfish; } || true)
if [ -n "$sf" ]; then
    cargo build --release --bin perft
    kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    out=$(./target/release/perft diverge --uci "$sf" --fen "$kiwipete" --depth 4 --timeout 120)
    echo "$out"
    # Published count (CPW "Perft Results", Kiwipete, depth 4).
    grep -qx 'agree: 4085603 nodes at depth 4 (1 divide call)' <<<"$out"
else
    skip "stockfish is not installed (Debian: apt-get install stockfish)"
fi

step "ecosystem checks: ok"
