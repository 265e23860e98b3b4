#!/usr/bin/env bash
# The toolkit's checks on data no one here wrote: python-chess's source
# distribution (its Polyglot books and EPD files; GPL-3.0, so fetched here
# and never committed) downloaded once with pip into target/chess-sdist/,
# where python/tests (run later by .ci/python-check.sh) find it too, and the
# library's test of those books. Called by .ci/run (`bash
# .ci/toolkit-check.sh`) after `cargo test --all-features`. Without Python 3
# with pip, or without PyPI, it says "skipped" and why, and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
    printf 'skipped: %s\n' "$*"
    exit 0
}
started=$SECONDS

dir=target/chess-sdist
if ! ls "$dir"/chess-*/data/polyglot/*.bin >/dev/null 2>&1; then
    python=$(command -v python3 || true)
    [ -n "$python" ] || skip "no python3 to fetch python-chess's source distribution with"
    "$python" -m pip --version >/dev/null 2>&1 || skip "python3 has no pip"
    rm -rf "$dir"
    mkdir -p "$dir"
    timeout 300 "$python" -m pip --disable-pip-version-check download --quiet \
        --no-binary :all: --no-deps chess -d "$dir" ||
        skip "pip could not download python-chess's source distribution (no PyPI here?)"
    tar -xzf "$dir"/chess-*.tar.gz -C "$dir" --wildcards '*/data/*'
fi
data=$(cd "$(ls -d "$dir"/chess-*/data | head -1)" && pwd)
echo "python-chess's data: $data"
ls "$data/polyglot"

# The library's test binary as `cargo test --all-features` built it (the
# same command line, so nothing is compiled again); the rest of the
# toolkit's Rust tests ran there already, and its Python tests run in
# .ci/python-check.sh's pytest on the data fetched here.
MAGICBOARD_POLYGLOT_DIR="$data/polyglot" cargo test --all-features --test it -- \
    polyglot::real_books_when_given --exact

echo "toolkit checks: $((SECONDS - started)) s"
