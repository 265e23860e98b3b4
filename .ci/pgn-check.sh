#!/usr/bin/env bash
# magicboard-pgn on real files no one here wrote, fetched from their
# registry packages (their licences are not clear enough to commit them):
# the lichess and TWIC samples of the pgn-reader crate (crates.io) and the
# PGN files of python-chess's source distribution (PyPI). Then:
#   1. magicboard-pgn's file tests on them (MAGICBOARD_PGN_DATA): every
#      game read, written and read back, the same in parallel;
#   2. every game's mainline, move for move, against python-chess's
#      reading of it (games python-chess rejects must be rejected too).
# The files are left in target/pgn-data for .ci/python-check.sh.
# Called by .ci/run (`bash .ci/pgn-check.sh`). Says "skipped: why" and
# exits 0 where crates.io, PyPI or Python cannot be reached.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
skip() {
    printf 'skipped: %s\n' "$*"
    exit 0
}

data=$(mktemp -d "${TMPDIR:-/tmp}/magicboard-pgn-ci.XXXXXX")
trap 'rm -rf "$data"' EXIT

version=0.29.1
echo "fetching pgn-reader $version's samples (crates.io) and python-chess's PGN files (PyPI)"
if ! curl -sSfL --max-time 120 "https://static.crates.io/crates/pgn-reader/pgn-reader-$version.crate" -o "$data/pgn-reader.crate"; then
    skip "the pgn-reader crate could not be downloaded from crates.io"
fi
tar -xzf "$data/pgn-reader.crate" -C "$data"
mkdir -p "$data/pgn"
cp "$data/pgn-reader-$version"/benches/*.pgn "$data/pgn/"

python=$(command -v python3 || true)
[ -n "$python" ] || skip "no python3"
"$python" -m venv "$data/venv" >/dev/null 2>&1 || skip "python3 cannot create a virtual environment"
py="$data/venv/bin/python"
if ! timeout 300 "$py" -m pip --disable-pip-version-check install --quiet chess ||
    ! timeout 300 "$py" -m pip --disable-pip-version-check download --quiet --no-binary :all: --no-deps chess -d "$data/sdist"; then
    skip "python-chess could not be installed or downloaded from PyPI"
fi
tar -xzf "$data"/sdist/chess-*.tar.gz -C "$data/sdist"
cp "$data"/sdist/chess-*/data/pgn/*.pgn "$data/pgn/"
echo "$(ls "$data/pgn" | wc -l) files: $(ls "$data/pgn" | tr '\n' ' ')"
# Kept for the Python package's tests (.ci/python-check.sh, which runs
# later): target/pgn-data.
rm -rf target/pgn-data
mkdir -p target/pgn-data
cp "$data"/pgn/*.pgn target/pgn-data/

echo
echo "=== magicboard-pgn's file tests on them"
# The test step's build (`cargo test --all-features`, every default member)
# reused: the same command, filtered to magicboard-pgn's file tests.
MAGICBOARD_PGN_DATA="$data/pgn" cargo test --quiet --all-features --test it -- files:: --nocapture

echo
echo "=== every game's mainline against python-chess $("$py" -c 'import chess; print(chess.__version__)')"
# The example as `cargo test --all-features` builds it (optimised, the test
# profile), not a release build of its own.
cargo test --quiet --all-features --no-run
mainline=target/debug/examples/mainline
[ -x "$mainline" ] || { echo "no $mainline after cargo test --no-run"; exit 1; }
games=0
for file in "$data"/pgn/*.pgn; do
    "$mainline" "$file" | sed -E '/^- .*variant "/{s/.*/- variant/;b};s/^- .*/-/' >"$data/ours"
    "$py" .ci/pgn_mainlines.py "$file" >"$data/theirs"
    if ! cmp -s "$data/ours" "$data/theirs"; then
        echo "$(basename "$file"): magicboard-pgn and python-chess disagree:"
        diff "$data/ours" "$data/theirs" | head -20
        exit 1
    fi
    n=$(wc -l <"$data/ours")
    games=$((games + n))
    printf '%-45s %5d games, %5d replayed, the same\n' "$(basename "$file")" "$n" "$(grep -vc '^-' "$data/ours" || true)"
done
echo "pgn-check: $games games agree with python-chess ($((SECONDS - started)) s)"
