#!/usr/bin/env bash
# Paired A/B timing of the search benchmark (benches/search.rs) for a
# change to the library or to its magicboard back end: two copies of
# magicboard, a base revision and the working tree, each with the back end
# of its own tree, linked into one program that searches every position
# with both (and with cozy-chess), the three interleaved position by
# position.
# Times taken seconds apart on a shared machine can drift by 5-30%; timed
# this way, each round's ratio is paired within milliseconds. The code's
# layout still moves a build's ratio by a few percent, so the program is
# built twice, each copy in each slot, and both orders are reported.
#
#   benches/ab-search.sh BASE [ROUNDS]    # BASE: a git revision, e.g. HEAD~1
#
# Prints, per build and run, the median over ROUNDS (default 11) of each
# round's time ratio: slot B over slot A, and cozy-chess over each slot. A
# change that pays shows as B/A < 1 when it sits in slot B ("base|change")
# and > 1 when it sits in slot A ("change|base"). Needs git and python3;
# works in target/ab-search/ (rebuilt on each run: about 1 min).
set -euo pipefail

base=${1:?usage: $0 BASE [ROUNDS]}
rounds=${2:-11}
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/target/ab-search"
rm -rf "$work"
mkdir -p "$work/base" "$work/src"
git -C "$root" archive "$base" src build.rs Cargo.toml benches/search.rs | tar -x -C "$work/base"

# A library copy: src, build.rs and the [package], [features] and
# [dependencies] tables of Cargo.toml (the workspace stays behind), under
# its own version so that both copies link into one program.
copy() { # copy FROM TO VERSION
    python3 - "$@" <<'EOF'
import os, re, shutil, sys
src, dst, version = sys.argv[1:4]
shutil.rmtree(dst, ignore_errors=True)
os.makedirs(dst)
shutil.copytree(f"{src}/src", f"{dst}/src")
shutil.copy(f"{src}/build.rs", dst)
kept, section = [], None
for line in open(f"{src}/Cargo.toml").read().split("\n"):
    m = re.match(r"^\[(.*)\]\s*$", line)
    if m:
        section = m.group(1)
    if section in ("package", "features", "dependencies", "build-dependencies"):
        kept.append(line)
text = "\n".join(kept)
text = re.sub(r"include = \[.*?\]\n", "", text, flags=re.S)
text = re.sub(r"readme = .*\n", "", text)
text = re.sub(r'^version = ".*"', f'version = "{version}"', text, count=1, flags=re.M)
for key, value in [("edition", "2024"), ("rust-version", "1.86"), ("license", "MIT")]:
    text = text.replace(f"{key}.workspace = true", f'{key} = "{value}"')
open(f"{dst}/Cargo.toml", "w").write(text)
EOF
}

# The program: benches/search.rs with the `chess` back end replaced by a
# second magicboard back end, and benches/common with its paths fixed.
# Each slot's back end comes from the same tree as its library (so a change
# to the back end is compared too), each in a module of its own.
program() { # program A_SOURCE B_SOURCE
    python3 - "$root" "$work" "$1" "$2" <<'EOF'
import re, sys
root, work, a_dir, b_dir = sys.argv[1:5]
src = open(f"{root}/benches/search.rs").read()
def backend(tree, krate, name):
    text = open(f"{tree}/benches/search.rs").read()
    text = text[text.index("struct Magicboard;"):text.index("struct Cozy;")]
    text = re.sub(r"^struct ", "pub(crate) struct ", text, flags=re.M)
    text = text.replace("magicboard::", f"{krate}::")
    text = text.replace('NAME: &\'static str = "magicboard"', f'NAME: &\'static str = "{name}"')
    return f"mod slot_{krate[-1]} {{\n    use super::*;\n    {text}}}\n"
start = src.index("struct Magicboard;")
end = src.index("struct Cozy;")
jordan = src.index("struct Jordan;")
positions = src.index("// --- The positions")
text = (src[:start] + backend(a_dir, "mb_a", "magicboard") + src[end:jordan]
        + backend(b_dir, "mb_b", "magicboard-b") + "\n" + src[positions:])
text = text.replace("mod common;", '#[path = "common.rs"]\nmod common;')
text = text.replace("Runner::<Magicboard>", "Runner::<slot_a::Magicboard>").replace("Magicboard::NAME", "slot_a::Magicboard::NAME")
text = text.replace("Runner::<Jordan>", "Runner::<slot_b::Magicboard>").replace("Jordan::NAME", "slot_b::Magicboard::NAME")
open(f"{work}/src/main.rs", "w").write(text)
common = open(f"{root}/benches/common/mod.rs").read()
common = common.replace("../../tests/data/", f"{root}/tests/data/").replace("magicboard::", "::mb_a::")
open(f"{work}/src/common.rs", "w").write(common)
EOF
}
cat >"$work/Cargo.toml" <<'EOF'
[package]
name = "ab-search"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]
exclude = ["a", "b"]

[dependencies]
mb_a = { path = "a", package = "magicboard" }
mb_b = { path = "b", package = "magicboard" }
cozy-chess = "=0.3.4"
criterion = { version = "0.8", default-features = false, features = ["cargo_bench_support"] }

[target.'cfg(target_os = "linux")'.dependencies]
rustix = { version = "1", default-features = false, features = ["time"] }

[profile.release]
codegen-units = 1
lto = "thin"
EOF
cp "$root/Cargo.lock" "$work/Cargo.lock"

build() { # build A_SOURCE B_SOURCE NAME
    copy "$1" "$work/a" 0.0.1
    copy "$2" "$work/b" 0.0.2
    program "$1" "$2"
    (cd "$work" && cargo build --release --quiet)
    cp "$work/target/release/ab-search" "$work/$3"
}
build "$work/base" "$root" base-change
build "$root" "$work/base" change-base

cpu=$(grep -m1 "^model name" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
echo "CPU: $cpu; base $(git -C "$root" rev-parse --short=12 "$base"), change: the working tree; $rounds rounds per run"
run() { # run BINARY LABEL
    cpu_pin=()
    command -v taskset >/dev/null && cpu_pin=(taskset -c "$(($(nproc) - 1))")
    "${cpu_pin[@]}" "$work/$1" --bench --rounds "$rounds" 2>&1 >/dev/null | grep '^round' |
        python3 -c '
import re, statistics, sys
label = sys.argv[1]
ba, ca, cb = [], [], []
for line in sys.stdin:
    a, c, b = [float(x) for x in re.findall(r"([0-9.]+) s", line)]
    ba.append(b / a); ca.append(c / a); cb.append(c / b)
m = statistics.median
print(f"{label}: B/A {m(ba):.4f} (min {min(ba):.4f}, max {max(ba):.4f}); cozy-chess/A {m(ca):.3f}, cozy-chess/B {m(cb):.3f}")
' "$2"
}
for _ in 1 2; do
    run base-change "base|change (B/A = change/base)"
    run change-base "change|base (B/A = base/change)"
done
