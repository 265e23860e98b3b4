#!/usr/bin/env bash
# The crates as a user downloads them: every publishable workspace member
# (each member without `publish = false`, read from `cargo metadata`, so a
# new crate is covered the day it joins the workspace) is packaged with
# `cargo package`, each `.crate` file is unpacked outside the repository,
# and `cargo test --all-features` (the README's test command) runs in each
# unpacked package, as a distribution or crater would run it. A package
# that depends on another of ours is pointed at that one's unpacked copy
# (`[patch.crates-io]` in a .cargo/config.toml beside it), since none is on
# crates.io before the release. Also checked: every package holds LICENSE, names the
# repository, and has the workspace's version (its dependencies on our other
# crates asking for that version), the CHANGELOG has a section for that
# version, and the library's package lists what it must (and stays under
# 500 KB). Called by .ci/run (`bash .ci/package-check.sh`); needs crates.io
# (to resolve the packages' lockfiles).
#
# The unpacked packages build in this repository's target directory, so the
# dependencies that `cargo test --all-features` already built are reused.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

step() { printf '\n=== %s\n' "$*"; }
fail() {
    printf 'package check failed: %s\n' "$*"
    exit 1
}
started=$SECONDS
timing() { printf '(%s: %d s)\n' "$1" "$((SECONDS - $2))"; }

step "package: the publishable members (cargo metadata)"
# name, version and the members it depends on (directly or not), one line each.
members=$(cargo metadata --no-deps --format-version 1 | python3 -c '
import json, sys
meta = json.load(sys.stdin)
ours = {p["name"]: p for p in meta["packages"] if p.get("publish") != []}
def direct(name):
    return {d["name"] for d in ours[name]["dependencies"] if d["name"] in ours and d["name"] != name}
for name, p in ours.items():
    # A dependency on another of our crates must ask for the version being released.
    for d in p["dependencies"]:
        if d["name"] in ours and d["name"] != name:
            print("req", name, d["name"], d["req"])
    closure, todo = set(), list(direct(name))
    while todo:
        dep = todo.pop()
        if dep not in closure:
            closure.add(dep)
            todo.extend(direct(dep))
    print("pkg", name, p["version"], ",".join(sorted(closure)) or "-")
')
echo "$members"
packages=$(awk '$1 == "pkg" {print $2}' <<<"$members")
[ -n "$packages" ] || fail "no publishable member"
version=$(awk '$1 == "pkg" && $2 == "magicboard" {print $3}' <<<"$members")
[ -n "$version" ] || fail "the library (magicboard) is not publishable"
repository=$(sed -n 's/^repository = "\(.*\)"$/\1/p' Cargo.toml)
[ -n "$repository" ] || fail "the workspace's Cargo.toml names no repository"
while read -r _ name v _; do
    [ "$v" = "$version" ] || fail "$name is version $v, the library $version"
done < <(grep '^pkg ' <<<"$members")
while read -r _ name dep req; do
    [ "$req" = "^$version" ] || fail "$name asks for $dep $req, not ^$version"
done < <(grep '^req ' <<<"$members" || true)
grep -q "^## \[$version\]" CHANGELOG.md || fail "CHANGELOG.md has no section for $version"
# Keep a Changelog's shape: [Unreleased] first, each version dated, each
# heading with its compare link.
python3 - "$repository" <<'EOF' || fail "CHANGELOG.md's headings or links"
import re, sys
repo = sys.argv[1]
text = open("CHANGELOG.md").read()
heads = re.findall(r"^## \[([^\]]+)\](.*)$", text, re.M)
assert heads and heads[0][0] == "Unreleased", "the first version heading is not ## [Unreleased]"
for label, rest in heads[1:]:
    assert re.fullmatch(r"\d+\.\d+\.\d+", label), f"## [{label}]: not a version"
    assert re.fullmatch(r" - \d{4}-\d{2}-\d{2}", rest), f"## [{label}]{rest}: not dated YYYY-MM-DD"
for label, _ in heads:
    link = re.search(rf"^\[{re.escape(label)}\]: (\S+)$", text, re.M)
    assert link and link.group(1).startswith(repo + "/"), f"no link for [{label}] into {repo}"
print(f"CHANGELOG.md: [Unreleased] and {len(heads) - 1} dated versions, each with its link")
EOF
echo "version $version, repository $repository"

step "package: cargo package, every publishable member, no warning"
t=$SECONDS
rm -rf target/package
args=()
for p in $packages; do args+=(-p "$p"); done
# --no-verify: cargo's own check builds each package once; the unpacked
# tests below build and test them all.
log=$(cargo package "${args[@]}" --allow-dirty --no-verify 2>&1) || { echo "$log"; fail "cargo package"; }
echo "$log"
if grep -E '^(warning|error)' <<<"$log"; then
    fail "cargo package warned"
fi
timing "cargo package" "$t"

step "package: each package's files, licence and metadata"
work=$(mktemp -d "${TMPDIR:-/tmp}/magicboard-packages.XXXXXX")
trap 'rm -rf "$work"' EXIT
for p in $packages; do
    crate=target/package/$p-$version.crate
    [ -f "$crate" ] || fail "no $crate"
    tar xzf "$crate" -C "$work"
    dir=$work/$p-$version
    # Cargo hashes a path package by its path within its workspace, so two
    # unpacked copies share their artifacts in one target directory; with
    # the files' packaged times, an earlier run's build of a copy elsewhere
    # would pass for fresh. Dated now, each package is built from its files.
    find "$dir" -type f -exec touch {} +
    size=$(wc -c <"$crate")
    echo "$crate: $size bytes, $(tar tzf "$crate" | wc -l) files"
    [ -s "$dir/LICENSE" ] || fail "$p: no LICENSE in the package"
    cmp -s "$dir/LICENSE" LICENSE || fail "$p: its LICENSE is not the repository's"
    grep -qx "repository = \"$repository\"" "$dir/Cargo.toml" || fail "$p: no repository = \"$repository\""
    grep -qx "homepage = \"$repository\"" "$dir/Cargo.toml" || fail "$p: no homepage"
    grep -qx "version = \"$version\"" "$dir/Cargo.toml" || fail "$p: not version $version"
    # Nothing a package's build or tests read may lie outside it: a
    # symbolic link is packaged as the file it points to.
    if find "$dir" -type l | grep -q .; then fail "$p: a symbolic link in the package"; fi
done
list=$(tar tzf "target/package/magicboard-$version.crate" | sed "s|^magicboard-$version/||")
for needed in Cargo.toml build.rs src/lib.rs src/geometry.rs src/attacks/magic.rs \
    README.md CHANGELOG.md LICENSE examples/uci_engine.rs \
    tests/it/main.rs tests/fuzz/common.rs tests/fuzz/structured.rs tests/data/cpw.epd; do
    grep -qx "$needed" <<<"$list" || fail "missing from the library's package: $needed"
done
if grep -qE '^(perft|testkit|python|fuzz|\.ci)/|^tests/(pages|no_std_check)/|^docs/performance-log' <<<"$list"; then
    fail "CI, the fuzz crates, the measurement log and the other members should stay out of the library's package"
fi
size=$(wc -c <"target/package/magicboard-$version.crate")
[ "$size" -le 512000 ] || fail "the library's package is $size bytes, over 500 KB"

step "package: cargo test --all-features in each unpacked package"
# Each unpacked package gets a .cargo/config.toml, read by `cargo test` and
# by the cargo its tests start (to build an example): its dependencies on
# our other crates patched to their unpacked packages (`[patch.crates-io]`,
# as `--config 'patch.crates-io.magicboard.path=...'` would), and, for a
# package whose Cargo.toml has no profile of its own (cargo ignores a
# member's, so only the library's package has the workspace's), the
# workspace's profiles: the dependencies `cargo test --all-features` built
# are reused, and the perft tool's tests run an optimised tool. (Written
# again beside the library's own, they made cargo rebuild its dependencies.)
profiles=$(python3 -c '
import json, tomllib
def emit(prefix, table):
    scalars = {k: v for k, v in table.items() if not isinstance(v, dict)}
    if scalars:
        print(f"[{prefix}]")
        for key, value in scalars.items():
            print(key, "=", json.dumps(value))
    for key, value in table.items():
        if isinstance(value, dict):
            emit(f"{prefix}.{json.dumps(key)}" if not key.isidentifier() else f"{prefix}.{key}", value)
emit("profile", tomllib.load(open("Cargo.toml", "rb"))["profile"])
')
while read -r _ name _ deps; do
    t=$SECONDS
    dir=$work/$name-$version
    mkdir -p "$dir/.cargo"
    {
        grep -q '^\[profile' "$dir/Cargo.toml" || echo "$profiles"
        if [ "$deps" != - ]; then
            echo "[patch.crates-io]"
            for dep in ${deps//,/ }; do
                echo "$dep = { path = \"$work/$dep-$version\" }"
            done
        fi
    } >"$dir/.cargo/config.toml"
    echo "--- $name ($dir/.cargo/config.toml:)"
    cat "$dir/.cargo/config.toml"
    # Every test runs but two; the perft suites count up to 2,000,000 nodes
    # a check (MAGICBOARD_PERFT_MAX_NODES), as .ci/run's test step counted
    # them in full from the same files. The two skipped (the library's
    # longest, 35 s of CPU together) read no file and ran in the test step
    # on the same sources.
    (cd "$dir" && CARGO_TARGET_DIR="$repo/target" MAGICBOARD_PERFT_MAX_NODES=2000000 cargo test --all-features -- \
        --skip deep::queen_endgame_past_u64_with_every_seed_and_thread_count \
        --skip stats::the_erratum_is_confirmed_by_the_slow_count)
    timing "$name's package tested" "$t"
done < <(grep '^pkg ' <<<"$members")

step "package checks: ok"
timing "package checks" "$started"
