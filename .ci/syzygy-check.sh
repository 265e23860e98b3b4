#!/usr/bin/env bash
# magicboard-syzygy against python-chess's chess.syzygy (an independent
# prober, GPL, used only as an oracle here): every position of
# python-chess's data/endgame.epd and 10,000 random legal 3- and 4-piece
# positions (both sides to move, 1,000 more with en passant), probed for
# WDL and DTZ by both over the tables in syzygy/tests/data (python-chess's
# own); and the robustness tests (changed and truncated tables) in a debug
# build, where an arithmetic overflow would panic. Called by .ci/run (`bash .ci/syzygy-check.sh`); installs
# python-chess in a fresh virtual environment, and says "skipped" and why
# without Python 3.9+ or PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }
skip() {
    printf 'skipped: %s\n' "$*"
    exit 0
}
started=$SECONDS

step "syzygy: the syzygy-probe binary (the test build of .ci/run's test step, reused)"
cargo test --all-features --no-run --quiet
probe=target/debug/syzygy-probe
[ -x "$probe" ] || { echo "no $probe after cargo test --no-run"; exit 1; }
out=$("$probe" --path syzygy/tests/data/regular "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1")
echo "$out"
# python-chess's documentation of probe_dtz gives -53 for this position.
grep -qx '\[DTZ "-53"\]' <<<"$out"

step "syzygy: corrupt and truncated tables in a debug build (overflow checks on: errors, never a panic)"
cargo test --profile dev -p magicboard-syzygy --test it --quiet -- robustness::

step "syzygy: python-chess in a virtual environment"
python=$(command -v python3 || true)
[ -n "$python" ] || skip "no python3"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 9))' ||
    skip "$("$python" --version 2>&1) is older than 3.9"
venv=$(mktemp -d "${TMPDIR:-/tmp}/magicboard-syzygy-ci.XXXXXX")
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv" >/dev/null 2>&1 || skip "python3 cannot create a virtual environment (python3-venv missing?)"
timeout 300 "$venv/bin/python" -m pip --disable-pip-version-check install --quiet chess ||
    skip "pip could not install python-chess (no network or no PyPI here?)"

step "syzygy: WDL and DTZ against python-chess (endgame.epd and random positions)"
"$venv/bin/python" .ci/syzygy_check.py "$probe" syzygy/tests/data/regular syzygy/tests/data/endgame.epd \
    --random 10000 --seed "${SYZYGY_SEED:-1}"

echo "syzygy checks: $((SECONDS - started)) s"
