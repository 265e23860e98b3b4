#!/usr/bin/env bash
# The Python package (python/): build the abi3 wheel with maturin from
# PyPI, install it in a fresh virtual environment with pytest, Hypothesis,
# python-chess, NumPy and mypy, and run its tests (the differential test
# against python-chess among them); then install it with the README's
# command and run the README's one-line check. Called by .ci/run (`bash
# .ci/python-check.sh`) on a clean clone. Without Python 3.9+ (with venv
# and pip) or PyPI it says "skipped" and why, and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }
skip() {
    printf 'skipped: %s\n' "$*"
    exit 0
}
started=$SECONDS

step "python: interpreter and virtual environment"
python=$(command -v python3 || true)
[ -n "$python" ] || skip "no python3"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 9))' ||
    skip "$("$python" --version 2>&1) is older than 3.9"
venv=$(mktemp -d "${TMPDIR:-/tmp}/magicboard-python-ci.XXXXXX")
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv" >/dev/null 2>&1 || skip "python3 cannot create a virtual environment (python3-venv missing?)"
py="$venv/bin/python"
"$py" --version
pip() { "$py" -m pip --disable-pip-version-check "$@"; }

step "python: maturin, pytest, hypothesis, python-chess, numpy, mypy, zstandard from PyPI"
if ! timeout 300 "$py" -m pip --disable-pip-version-check install --quiet \
    maturin pytest hypothesis chess numpy mypy zstandard; then
    skip "pip could not install the test tools (no network or no PyPI here?)"
fi
pip list 2>/dev/null | grep -iE '^(maturin|pytest|hypothesis|chess|numpy|mypy|zstandard) ' || true

step "python: build the wheel with maturin (release, abi3) and install it"
rm -rf target/wheels
"$venv/bin/maturin" build --release --manifest-path python/Cargo.toml --out target/wheels
wheel=$(ls target/wheels/magicboard-*.whl)
echo "$wheel"
case "$wheel" in
*-abi3-*) ;;
*)
    echo "the wheel is not a stable-ABI (abi3) wheel"
    exit 1
    ;;
esac
pip install --quiet --force-reinstall "$wheel"

step "python: pytest (the differential test against python-chess, the API, the property tests, the stubs)"
# magicboard.pgn's tests also read the PGN files .ci/pgn-check.sh fetched.
if [ -d target/pgn-data ]; then
    export MAGICBOARD_PGN_DATA="$PWD/target/pgn-data"
    echo "MAGICBOARD_PGN_DATA=$MAGICBOARD_PGN_DATA ($(ls target/pgn-data | wc -l) files)"
fi
"$py" -m pytest python/tests -q -p no:cacheprovider

step "python: the README's install command and one-liner, from outside the repository"
pip install --quiet --force-reinstall --no-deps ./python
out=$(cd "$venv" && "$py" -c "import magicboard; print(magicboard.Board().legal_moves.count())")
echo "$out"
[ "$out" = 20 ]

echo "python checks: $((SECONDS - started)) s"
