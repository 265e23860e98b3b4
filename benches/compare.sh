#!/usr/bin/env bash
# Reproduces the README's side-by-side table: runs `cargo bench --bench peers`
# RUNS times (default 3) and prints, per mode and position, the median Mnps of
# magicboard, cozy-chess and chess, and magicboard's ratio to each peer.
#
#   benches/compare.sh            # 3 runs (about 3 minutes each on 2 cores)
#   benches/compare.sh 1          # one run
#   benches/compare.sh 0          # no run: tabulate the results already on disk
#   benches/compare.sh --native 3 # every crate built with -C target-cpu=native
#
# The native variant builds into target/native (so the two builds do not
# rebuild each other) and keeps its results apart. The CPU model comes first
# in the output, since no figure means anything without it.
#
# Each cell is the median over the runs of criterion's median time per
# iteration, turned into Mnps with the benchmark's node count. The "total" row
# is all nodes over the summed median times (the five positions as one run).
# Times are the benchmark thread's CPU time on Linux (BENCH_CLOCK=wall for wall
# time; see benches/common/mod.rs). Needs jq. Results of every run are kept in
# target/peers-runs.tsv, the last run's criterion output in target/peers-run.log
# (under target/native/ for --native).
set -euo pipefail

native=0
if [ "${1:-}" = "--native" ]; then
    native=1
    shift
fi
runs=${1:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
build="default"
target="$root/target"
if [ "$native" = 1 ]; then
    build="native (-C target-cpu=native, every crate)"
    target="$root/target/native"
    export CARGO_TARGET_DIR="$target"
    export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }-C target-cpu=native"
fi
crit="$target/criterion"
log="$target/peers-runs.tsv"
mkdir -p "$target"

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
family=$(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
model=$(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
mhz=$(grep -m1 'cpu MHz' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
echo "CPU: $cpu (family $family, model $model, ${mhz} MHz as reported), $(nproc) cores"
echo "build: $build; clock: ${BENCH_CLOCK:-thread CPU time}; rustc $(rustc --version | cut -d' ' -f2)"
crates=(magicboard cozy-chess chess)
positions=(startpos kiwipete position3 position4 position5)

command -v jq >/dev/null || { echo "compare.sh: jq is needed" >&2; exit 2; }

# One line per benchmark: run, mode, position, crate, depth, nodes, median ns.
collect() {
    local run=$1 mode pos crate dir
    for mode in bulk full; do
        for pos in "${positions[@]}"; do
            for crate in "${crates[@]}"; do
                for dir in "$crit/${mode}_${pos}/${crate}"/d*/new; do
                    [ -f "$dir/estimates.json" ] || continue
                    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$run" "$mode" "$pos" "$crate" \
                        "$(jq -r '.value_str' "$dir/benchmark.json")" \
                        "$(jq '.throughput.Elements' "$dir/benchmark.json")" \
                        "$(jq '.median.point_estimate' "$dir/estimates.json")"
                done
            done
        done
    done
}

cd "$root"
if [ "$runs" -gt 0 ]; then
    : >"$log"
    for run in $(seq 1 "$runs"); do
        echo "peers: run $run of $runs" >&2
        rm -rf "$crit"/bulk_* "$crit"/full_*  # no stale depths
        if ! cargo bench --bench peers >"$target/peers-run.log" 2>&1; then
            tail -n 30 "$target/peers-run.log" >&2
            exit 1
        fi
        collect "$run" >>"$log"
    done
elif [ ! -s "$log" ]; then
    collect 0 >"$log"
fi

echo "runs: $(cut -f1 "$log" | sort -u | wc -l)"
echo
awk -F'\t' '
    function median(key,   n, i, j, t, a) {
        n = split(times[key], a, " ")
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
        key = $2 SUBSEP $3 SUBSEP $4
        times[key] = times[key] " " $7
        nodes[key] = $6
        depth[key] = $5
    }
    END {
        split("startpos kiwipete position3 position4 position5", pos, " ")
        split("bulk full", modes, " ")
        print "| mode | position | depth | nodes | magicboard Mnps | cozy-chess Mnps | chess Mnps | mb / cozy | mb / chess |"
        print "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
        for (m = 1; m <= 2; m++) {
            delete tn; delete tt
            for (p = 1; p <= 5; p++) {
                line = "| " modes[m] " | " pos[p]
                split("magicboard cozy-chess chess", cr, " ")
                ok = 1
                for (c = 1; c <= 3; c++) {
                    key = modes[m] SUBSEP pos[p] SUBSEP cr[c]
                    if (!(key in nodes)) { ok = 0; continue }
                    t = median(key)
                    mnps[c] = nodes[key] / t * 1000
                    tn[c] += nodes[key]; tt[c] += t
                    n = nodes[key]; d = depth[key]
                }
                if (!ok) continue
                printf "%s | %s | %d | %.1f | %.1f | %.1f | %.2f | %.2f |\n", line, d, n, mnps[1], mnps[2], mnps[3], mnps[1] / mnps[2], mnps[1] / mnps[3]
            }
            if (tt[1] > 0 && tt[2] > 0 && tt[3] > 0) {
                for (c = 1; c <= 3; c++) tot[c] = tn[c] / tt[c] * 1000
                printf "| %s | **total** | | %d | %.1f | %.1f | %.1f | %.2f | %.2f |\n", modes[m], tn[1], tot[1], tot[2], tot[3], tot[1] / tot[2], tot[1] / tot[3]
            }
        }
    }
' "$log"
