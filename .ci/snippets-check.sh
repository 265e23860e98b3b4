#!/usr/bin/env bash
# The Rust snippets of the README and docs/ compiled and run as a user
# would meet them: for each page, a scratch crate outside the workspace that
# depends on the library (and the test kit, proptest, ...) by path with
# only the dependencies and features the page's own `toml` blocks name
# (a page without one gets the library with its default features), and
# whose doctests are the page. Called by .ci/run; run it alone with
# `bash .ci/snippets-check.sh`.
#
# This is what the workspace's own doctests (testkit/src/lib.rs) cannot
# show: there the library is built with every feature the workspace turns
# on, so a snippet that needs a feature its page does not name still
# passes.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$repo/target/snippets
mkdir -p "$work"

pages=(README.md docs/deep-perft.md docs/design.md docs/testing.md docs/performance.md docs/syzygy.md docs/toolkit.md docs/pgn.md)

for page in "${pages[@]}"; do
    name=$(basename "$page" .md | tr 'A-Z.' 'a-z-')
    crate=$work/$name
    mkdir -p "$crate/src"
    # The dependencies the page's toml blocks name, with the repository's
    # paths; fuzzing's libfuzzer-sys is left out (its snippets are not
    # compiled as doctests).
    python3 - "$repo" "$page" >"$crate/Cargo.toml" <<'EOF'
import re, sys
repo, page = sys.argv[1], sys.argv[2]
text = open(f"{repo}/{page}").read()
deps = {}
for block in re.findall(r"```toml\n(.*?)```", text, re.S):
    for line in block.splitlines():
        line = line.split("#", 1)[0].strip()
        m = re.match(r"^([A-Za-z0-9_-]+)\s*=\s*(.+)$", line)
        if not m or m.group(1) in ("libfuzzer-sys",):
            continue
        spec = m.group(2).replace("path/to/magicboard", repo)
        # Features named for a crate anywhere on the page add up.
        if m.group(1) in deps and "features" in spec and "features" in deps[m.group(1)]:
            old = re.search(r"features\s*=\s*\[(.*?)\]", deps[m.group(1)]).group(1)
            new = re.search(r"features\s*=\s*\[(.*?)\]", spec).group(1)
            names = sorted({f.strip() for f in (old + "," + new).split(",") if f.strip()})
            spec = re.sub(r"features\s*=\s*\[.*?\]", "features = [" + ", ".join(names) + "]", spec)
        elif m.group(1) in deps and "features" not in spec:
            spec = deps[m.group(1)]
        deps[m.group(1)] = spec
deps.setdefault("magicboard", '{ path = "%s" }' % repo)
print("[package]")
print(f'name = "snippets-{page.replace("/", "-").replace(".md", "").lower()}"')
print('version = "0.0.0"')
print('edition = "2024"')
print("publish = false")
print()
print("[workspace]")
print()
print("[dev-dependencies]")
for name, spec in deps.items():
    print(f"{name} = {spec}")
EOF
    cat >"$crate/src/lib.rs" <<EOF
//! The Rust snippets of \`$page\`, as doctests.
#![doc = include_str!("$repo/$page")]
EOF
    [ -f "$crate/Cargo.lock" ] || cp Cargo.lock "$crate/Cargo.lock"
    echo "--- $page: $(grep -c '' "$crate/Cargo.toml") manifest lines"
    grep -A20 '^\[dev-dependencies\]' "$crate/Cargo.toml" | sed 1d | sed 's/^/    /'
    CARGO_TARGET_DIR=$work/target cargo test --quiet --doc --manifest-path "$crate/Cargo.toml"
done
echo "every snippet compiles and runs with only what its page names"
