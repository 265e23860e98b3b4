#!/usr/bin/env bash
# Speed figures that survive code layout: builds the same commit several
# ways, each into its own target directory, and for each build runs the
# perft comparison (benches/peers.rs) and the search benchmark
# (benches/search.rs); prints, per build, magicboard's speed over each peer
# (> 1: magicboard is faster), then, across the builds, the median and the
# spread (min and max), with callgrind instruction counts of one search
# round per crate beside the times. One binary's ratio is good to only
# about +-5-10% (a shift of magicboard's code by 0x30 bytes once cost 17%
# at identical instruction counts), so a claim is the median
# over builds, with its spread.
#
#   benches/compare-builds.sh          # full: about 12 min on a busy 2-core machine once built
#   benches/compare-builds.sh quick    # shorter timings, callgrind on the default build only
#   BUILDS="default native" benches/compare-builds.sh quick   # a subset of the builds
#
# The builds (BUILDS, default all four; x86-64-v2 is skipped off x86-64):
#
#   default    no extra flags                            target/
#   x86-64-v2  -C target-cpu=x86-64-v2                   target/builds/x86-64-v2
#   native     -C target-cpu=native                      target/native (as compare.sh --native)
#   align64    -C llvm-args=-align-all-functions=6       target/builds/align64
#   cgu4       codegen-units = 4 (not in the default set) target/builds/cgu4
#
# Each flag applies to every crate of the build (magicboard and both peers).
# The first run builds each variant from scratch (about 5-10 min each on a
# busy 2-core machine); later runs rebuild only what changed.
#
# Perft: criterion's median per benchmark with shorter warm-up and
# measurement times than `cargo bench --bench peers` (full: 0.5 s + 1.5 s,
# quick: 0.3 s + 0.6 s, bulk mode only), totalled over the five CPW
# positions as benches/compare.sh does. Search: `--rounds` 7 (quick: 3),
# the median of the rounds' totals over the 26 positions. Times are the
# benchmark thread's CPU time on Linux (BENCH_CLOCK=wall for wall time).
# Instruction counts: `valgrind --tool=callgrind` of `search --only CRATE
# --rounds 1` (the same binary gives the same count however busy the
# machine is), two at a time, after all the timing; "-" where valgrind
# cannot run the binary (valgrind 3.19 stops at the AVX-512 instructions of
# a native build on a CPU that has them).
#
# Needs bash, jq and valgrind (no callgrind column without it). Raw results
# go to target/compare-builds/ (results.tsv, one log per run).
set -euo pipefail

mode=${1:-full}
case "$mode" in
full | quick) ;;
*)
    echo "usage: $0 [full|quick]" >&2
    exit 2
    ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out="$root/target/compare-builds"
mkdir -p "$out"
results="$out/results.tsv"
: >"$results"
rm -f "$out"/cg-*.tsv

command -v jq >/dev/null || {
    echo "compare-builds.sh: jq is needed" >&2
    exit 2
}
have_valgrind=1
command -v valgrind >/dev/null || have_valgrind=0

if [ "$mode" = quick ]; then
    warm=0.3 measure=0.6 peers_filter=bulk/ rounds=3
else
    warm=0.5 measure=1.5 peers_filter= rounds=7
fi
arch=$(uname -m)
builds=${BUILDS:-default x86-64-v2 native align64}

# name -> extra RUSTFLAGS, target directory, extra environment
flags_of() {
    case "$1" in
    default | cgu4) echo "" ;;
    x86-64-v2) echo "-C target-cpu=x86-64-v2" ;;
    native) echo "-C target-cpu=native" ;;
    align64) echo "-C llvm-args=-align-all-functions=6" ;;
    *) return 1 ;;
    esac
}
dir_of() {
    case "$1" in
    default) echo "$root/target" ;;
    native) echo "$root/target/native" ;;
    *) echo "$root/target/builds/$1" ;;
    esac
}

cpuinfo() { grep -m1 "^$1[[:space:]]*:" /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//'; }
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- 2>/dev/null || commit="$commit (with uncommitted changes)"
echo "CPU: $(cpuinfo 'model name') (family $(cpuinfo 'cpu family'), model $(cpuinfo model)), $(nproc) cores, $arch"
echo "rustc: $(rustc --version); commit $commit; $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "mode: $mode; builds: $builds; clock: ${BENCH_CLOCK:-thread CPU time}"
echo

# --- build every variant --------------------------------------------------------
declare -A search_bin peers_bin
kept=()
for b in $builds; do
    if ! flags=$(flags_of "$b"); then
        echo "compare-builds.sh: unknown build '$b'" >&2
        exit 2
    fi
    if [ "$b" = x86-64-v2 ] && [ "$arch" != x86_64 ]; then
        echo "skipping $b: not an x86-64 machine" >&2
        continue
    fi
    env=(CARGO_TARGET_DIR="$(dir_of "$b")")
    rustflags="${RUSTFLAGS:-}${flags:+ $flags}"
    [ -n "$rustflags" ] && env+=(RUSTFLAGS="${rustflags# }")
    [ "$b" = cgu4 ] && env+=(CARGO_PROFILE_BENCH_CODEGEN_UNITS=4)
    echo "building $b (${flags:-no extra flags})" >&2
    start=$SECONDS
    if ! env "${env[@]}" cargo bench --bench search --bench peers --no-run \
        --message-format=json-render-diagnostics >"$out/build-$b.json" 2>"$out/build-$b.log"; then
        tail -n 30 "$out/build-$b.log" >&2
        exit 1
    fi
    exe() {
        jq -r --arg t "$1" 'select(.reason == "compiler-artifact" and .target.name == $t
            and .executable != null) | .executable' "$out/build-$b.json" | tail -n1
    }
    search_bin[$b]=$(exe search)
    peers_bin[$b]=$(exe peers)
    echo "  built in $((SECONDS - start)) s: ${search_bin[$b]#"$root"/}" >&2
    kept+=("$b")
done
[ "${#kept[@]}" -gt 0 ] || {
    echo "compare-builds.sh: no build to run" >&2
    exit 2
}

# --- time every build -------------------------------------------------------------
# results.tsv: build, what, value (perft: Mnps totals; search: ms totals).
for b in "${kept[@]}"; do
    echo "timing $b: perft (criterion)" >&2
    crit="$out/criterion-$b"
    rm -rf "$crit"
    if ! CRITERION_HOME="$crit" "${peers_bin[$b]}" --bench --warm-up-time "$warm" \
        --measurement-time "$measure" ${peers_filter:+"$peers_filter"} >"$out/peers-$b.log" 2>&1; then
        tail -n 30 "$out/peers-$b.log" >&2
        exit 1
    fi
    for m in bulk full; do
        for c in magicboard cozy-chess chess; do
            nodes=0 ns=0
            for d in "$crit/${m}_"*/"$c"/d*/new; do
                [ -f "$d/estimates.json" ] || continue
                nodes=$((nodes + $(jq '.throughput.Elements' "$d/benchmark.json")))
                ns=$(jq -n --argjson a "$ns" --argjson b "$(jq '.median.point_estimate' "$d/estimates.json")" '$a + $b')
            done
            [ "$nodes" -gt 0 ] || continue
            printf '%s\tperft-%s\t%s\t%s\n' "$b" "$m" "$c" "$(jq -n "$nodes / $ns * 1000")" >>"$results"
        done
    done
    echo "timing $b: search ($rounds rounds)" >&2
    if ! "${search_bin[$b]}" --bench --rounds "$rounds" >"$out/search-$b.log" 2>&1; then
        tail -n 30 "$out/search-$b.log" >&2
        exit 1
    fi
    # | **all** | | nodes | mb ms | cozy ms | chess ms | ...
    awk -F'|' -v b="$b" '$2 ~ /\*\*all\*\*/ {
        gsub(/ /, "", $5); gsub(/ /, "", $6); gsub(/ /, "", $7)
        printf "%s\tsearch-ms\tmagicboard\t%s\n%s\tsearch-ms\tcozy-chess\t%s\n%s\tsearch-ms\tchess\t%s\n", b, $5, b, $6, b, $7
    }' "$out/search-$b.log" >>"$results"
done

# --- instruction counts: one search round per crate ------------------------------------
if [ "$have_valgrind" = 1 ]; then
    cg_builds=("${kept[@]}")
    [ "$mode" = quick ] && cg_builds=("${kept[0]}")
    echo "callgrind: one search round per crate on ${cg_builds[*]} (two at a time)" >&2
    jobs_=()
    for b in "${cg_builds[@]}"; do
        for c in magicboard cozy-chess chess; do
            jobs_+=("$b $c")
        done
    done
    running=0
    for j in "${jobs_[@]}"; do
        read -r b c <<<"$j"
        (
            # valgrind cannot run every binary (3.19 stops at AVX-512
            # instructions, which a native build may have): NA then.
            # (It still reports the instructions up to the fault: only a
            # clean exit counts.)
            log="$out/callgrind-$b-$c.log"
            n=
            if valgrind --tool=callgrind --callgrind-out-file=/dev/null \
                "${search_bin[$b]}" --only "$c" --rounds 1 >"$log" 2>&1; then
                n=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log")
            fi
            if [ -z "$n" ]; then
                n=NA
                echo "callgrind could not run $b's binary for $c: $(grep -m1 -E 'unhandled|SIGILL|Error' "$log" || echo "see $log")" >&2
            fi
            printf '%s\tsearch-Ir\t%s\t%s\n' "$b" "$c" "$n" >"$out/cg-$b-$c.tsv"
        ) &
        running=$((running + 1))
        if [ "$running" -ge 2 ]; then
            wait -n || true
            running=$((running - 1))
        fi
    done
    wait || true
    cat "$out"/cg-*.tsv >>"$results" 2>/dev/null || true
    rm -f "$out"/cg-*.tsv
else
    echo "valgrind not found: no instruction counts" >&2
fi

# --- the tables -------------------------------------------------------------------------
awk -F'\t' -v order="${kept[*]}" '
    { v[$1, $2, $3] = $4 }
    function ratio(b, what, peer, speed) {
        if (!((b, what, "magicboard") in v) || !((b, what, peer) in v)) return ""
        # perft: Mnps, magicboard over peer; search: ms, peer over magicboard
        return speed ? v[b, what, "magicboard"] / v[b, what, peer] : v[b, what, peer] / v[b, what, "magicboard"]
    }
    function fmt(x) { return x == "" ? "-" : sprintf("%.2f", x) }
    function giga(x) { return x == "" || x == "NA" ? "-" : sprintf("%.3f G", x / 1e9) }
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
        lo = a[1]; hi = a[n]
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    END {
        nb = split(order, builds, " ")
        ncol = split("perft-bulk:cozy-chess:1 perft-bulk:chess:1 perft-full:cozy-chess:1 perft-full:chess:1 search-ms:cozy-chess:0 search-ms:chess:0", cols, " ")
        split("perft bulk mb/cozy|perft bulk mb/chess|perft full mb/cozy|perft full mb/chess|search mb/cozy|search mb/chess", names, "|")
        print "Speed ratios, magicboard over each peer (> 1: magicboard is faster):"
        print ""
        line = "| build |"; sep = "| --- |"
        for (k = 1; k <= ncol; k++) { line = line " " names[k] " |"; sep = sep " ---: |" }
        print line " search ms mb / cozy / chess |"; print sep " ---: |"
        for (i = 1; i <= nb; i++) {
            b = builds[i]; line = "| " b " |"
            for (k = 1; k <= ncol; k++) {
                split(cols[k], p, ":")
                r = ratio(b, p[1], p[2], p[3])
                line = line " " fmt(r) " |"
                if (r != "") all[k] = all[k] " " r
            }
            ms = sprintf("%.0f / %.0f / %.0f", v[b, "search-ms", "magicboard"], v[b, "search-ms", "cozy-chess"], v[b, "search-ms", "chess"])
            print line " " ms " |"
        }
        line = "| **median** (min-max) |"
        for (k = 1; k <= ncol; k++) {
            if (all[k] == "") { line = line " - |"; continue }
            m = median(all[k])
            line = line sprintf(" **%.2f** (%.2f-%.2f) |", m, lo, hi)
        }
        print line " |"
        print ""
        print "Instructions, one search round (callgrind, `search --only CRATE --rounds 1`):"
        print ""
        print "| build | magicboard | cozy-chess | chess | cozy / mb | chess / mb |"
        print "| --- | ---: | ---: | ---: | ---: | ---: |"
        for (i = 1; i <= nb; i++) {
            b = builds[i]
            if (!((b, "search-Ir", "magicboard") in v)) continue
            mb = v[b, "search-Ir", "magicboard"]; cz = v[b, "search-Ir", "cozy-chess"]; ch = v[b, "search-Ir", "chess"]
            printf "| %s | %s | %s | %s | %s | %s |\n", b, giga(mb), giga(cz), giga(ch), (mb + 0 > 0 && cz + 0 > 0) ? fmt(cz / mb) : "-", (mb + 0 > 0 && ch + 0 > 0) ? fmt(ch / mb) : "-"
        }
    }
' "$results"
echo
echo "raw results: ${results#"$root"/}; logs: ${out#"$root"/}/; $((SECONDS / 60)) min $((SECONDS % 60)) s"
