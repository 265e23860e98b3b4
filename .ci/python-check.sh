#!/usr/bin/env bash
# The Python package (python/), as released: its sdist (maturin), a wheel
# built from that sdist offline (no index, no crates.io: the crates fetched
# beforehand) as the release build makes it, manylinux_2_17 linked with zig
# from PyPI (`ziglang`), `auditwheel show` agreeing with the wheel's tag,
# LICENSE and the metadata in it (.ci/wheel_check.py); that wheel installed
# in a fresh virtual environment with pytest, Hypothesis, python-chess,
# NumPy and mypy, and its tests run (the differential test against
# python-chess among them); then `pip wheel ./python` (tagged manylinux
# too, by python/build_backend) and the README's command and one-line
# check. Called by .ci/run (`bash .ci/python-check.sh`) on a clean clone.
# Without Python 3.10+ (with venv and pip) or PyPI it says "skipped" and
# why, and exits 0. Prints each part's duration.
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
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' ||
    skip "$("$python" --version 2>&1) is older than 3.10"
venv=$(mktemp -d "${TMPDIR:-/tmp}/magicboard-python-ci.XXXXXX")
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv" >/dev/null 2>&1 || skip "python3 cannot create a virtual environment (python3-venv missing?)"
py="$venv/bin/python"
# maturin, zig (`python -m ziglang`) and auditwheel from the environment,
# also for pip's build of a wheel, which starts `maturin` by name.
export PATH="$venv/bin:$PATH"
"$py" --version
pip() { "$py" -m pip --disable-pip-version-check "$@"; }


step "python: maturin, auditwheel, ziglang, pytest, hypothesis, python-chess, numpy, mypy, zstandard from PyPI"
t=$SECONDS
if ! timeout 300 "$py" -m pip --disable-pip-version-check install --quiet \
    maturin auditwheel pytest hypothesis chess numpy mypy zstandard; then
    skip "pip could not install the test tools (no network or no PyPI here?)"
fi
# zig links the extension against glibc 2.17's symbols (manylinux2014).
# Without it the wheel is built all the same, tagged for this machine's
# glibc (manylinux_2_XX, as `pip wheel` tags it).
compat=(--zig --compatibility manylinux_2_17)
if ! timeout 300 "$py" -m pip --disable-pip-version-check install --quiet ziglang; then
    echo "ziglang could not be installed: the wheel is tagged for this machine's glibc instead"
    compat=(--compatibility pypi)
fi
pip list 2>/dev/null | grep -iE '^(maturin|auditwheel|ziglang|pytest|hypothesis|chess|numpy|mypy|zstandard) ' || true
echo "(tools installed: $((SECONDS - t)) s)"

step "python: the sdist, and the release wheel built from it offline (${compat[*]})"
t=$SECONDS
rm -rf target/wheels
mkdir -p target/wheels
"$venv/bin/maturin" sdist --manifest-path python/Cargo.toml --out target/wheels
sdist=$(ls target/wheels/magicboard-*.tar.gz)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' python/Cargo.toml)
listing=$(tar tzf "$sdist")
for needed in LICENSE pyproject.toml Cargo.lock build_backend/magicboard_build.py python/Cargo.toml \
    python/magicboard/__init__.py build.rs src/lib.rs; do
    grep -qx "magicboard-$version/$needed" <<<"$listing" || { echo "the sdist lacks $needed"; exit 1; }
done
# The crates the build needs, fetched now; the build itself is offline (no
# package index, CARGO_NET_OFFLINE), from the sdist alone.
cargo fetch --manifest-path python/Cargo.toml --locked --quiet
repo=$(pwd)
(
    cd "$venv"
    CARGO_NET_OFFLINE=true CARGO_TARGET_DIR="$repo/target" \
        "$py" -m pip --disable-pip-version-check wheel --no-index --no-build-isolation --no-deps \
        --config-settings "build-args=${compat[*]}" -w "$repo/target/wheels" "$repo/$sdist"
)
wheel=$(ls target/wheels/magicboard-*.whl)
echo "$wheel"
case "$wheel" in
*-abi3-*manylinux*) ;;
*)
    echo "the wheel is not a stable-ABI (abi3) manylinux wheel"
    exit 1
    ;;
esac
echo "(sdist and wheel: $((SECONDS - t)) s)"

step "python: auditwheel show agrees with the wheel's tag; LICENSE and metadata in the wheel"
out=$("$venv/bin/auditwheel" show "$wheel")
echo "$out"
policy=$(tr '\n' ' ' <<<"$out" | sed -n 's/.*consistent with the following platform tag: *"\([^"]*\)".*/\1/p')
[ -n "$policy" ] || { echo "auditwheel named no platform tag"; exit 1; }
case "$(basename "$wheel")" in
*"$policy"*) echo "tag $policy: as auditwheel reads the extension's symbols" ;;
*)
    echo "auditwheel says $policy, the wheel's name says otherwise"
    exit 1
    ;;
esac
"$py" .ci/wheel_check.py "$wheel" "$version"
pip install --quiet --force-reinstall "$wheel"

step "python: pytest (the differential test against python-chess, the API, the property tests, the stubs)"
# magicboard.pgn's tests also read the PGN files .ci/pgn-check.sh fetched.
if [ -d target/pgn-data ]; then
    export MAGICBOARD_PGN_DATA="$PWD/target/pgn-data"
    echo "MAGICBOARD_PGN_DATA=$MAGICBOARD_PGN_DATA ($(ls target/pgn-data | wc -l) files)"
fi
t=$SECONDS
"$py" -m pytest python/tests -q -p no:cacheprovider
echo "(pytest: $((SECONDS - t)) s)"

step "python: pip wheel ./python is tagged for a package index; the README's install command and one-liner"
t=$SECONDS
pip wheel --quiet --no-deps -w target/wheels/pip ./python
local_wheel=$(ls target/wheels/pip/magicboard-*.whl)
echo "$local_wheel"
case "$local_wheel" in
*-linux_*)
    echo "pip wheel ./python gave a linux_* wheel, which no package index takes"
    exit 1
    ;;
esac
pip install --quiet --force-reinstall --no-deps ./python
out=$(cd "$venv" && "$py" -c "import magicboard; print(magicboard.Board().legal_moves.count(), magicboard.__version__)")
echo "$out"
[ "$out" = "20 $version" ]
echo "(pip wheel and the README's command: $((SECONDS - t)) s)"

echo "python checks: $((SECONDS - started)) s"
