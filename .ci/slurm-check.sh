#!/usr/bin/env bash
# A sharded perft count on a real one-node Slurm cluster: perft 8 of the
# start position split into a job array of 4 tasks, one task killed while it
# runs and requeued, the merged count checked against the published one
# (84,998,978,956). Called by .ci/run; run it alone, as root, with
#
#   bash .ci/slurm-check.sh                          # perft 8: about 1-2 minutes
#   SLURM_CHECK_DEPTH=6 bash .ci/slurm-check.sh      # quick, while developing
#
# Steps:
# 1. Installs Debian's slurm-wlm and munge (apt-get as root, or sudo; one
#    apt-get update only if the install fails without it).
# 2. Starts a private cluster in a temp dir: its own munge key and socket,
#    its own slurm.conf (SLURM_CONF points at it; nothing in /etc is read or
#    written), ports, state, spool and logs. munged, slurmctld and slurmd run
#    as root in the foreground (-F / -D) in the background of this shell, so
#    that $! is each daemon's pid. It waits for `sinfo` to show the node
#    idle.
# 3. Builds the perft tool, splits the root, submits the array with
#    `sbatch --wait`, kills one task once it has run for a second, requeues
#    it, and merges the results: `Nodes searched:` must be the expected
#    count.
# 4. On exit, whatever happened (trap EXIT, INT and TERM exit through it):
#    cancels the jobs, stops the daemons by their pids, ends by pid any
#    process left that has a file open in the temp dir or this cluster's
#    marker in its environment (slurmstepd, a job script, a perft), and
#    removes the temp dir.
#
# It prints "skipped: <reason>" and exits 0 where the cluster cannot be had:
# no apt-get, the packages cannot be installed, not root (the daemons run as
# root), or the daemons do not come up. Once the cluster is up, anything
# else that goes wrong (the array fails, the task could not be killed and
# requeued, the count is wrong) exits 1 after printing the tasks' output,
# the job records and the daemons' logs.
#
# Settings (environment):
#   SLURM_CHECK_DEPTH     total depth, default 8
#   SLURM_CHECK_EXPECTED  the expected count; default: the published start
#                         position count for depths 1-9
#   SLURM_CHECK_SPLIT_DEPTH  plies before the split, default 3 (less at depth < 5)
#   SLURM_CHECK_SHARDS    array tasks, default 4
#   SLURM_CHECK_HASH      each task's transposition table in MiB, default 256
#   SLURM_CHECK_KILL      how a running task is killed: `sigkill` (default:
#                         SIGKILL to every process of the task at once),
#                         `cancel` (`scancel --signal=KILL`, which is a job
#                         cancel: SIGTERM first, see below) or `none`. The
#                         kill is required at depth 8 and up; at smaller
#                         depths the shards may end before it can be done
#                         and it is only tried.
#   SLURM_CHECK_PORT      slurmctld's port, slurmd's is the next one; default
#                         16817 (the first free pair from there, in steps of 10)
#   SLURM_CHECK_KEEP=1    keep the temp dir (its path is printed)
#
# Slurm 22.05 (Debian 12's 22.05.8), as found here (docs/slurm-notes.md has
# the details):
# * `scancel --signal=KILL JOB_TASK` is not a SIGKILL: SIGKILL is scancel's
#   default signal, and a SIGKILL request without --batch is a job cancel.
#   The task becomes CANCELLED (ExitCode 0:15): slurmd sends SIGCONT and
#   SIGTERM to its processes and SIGKILL KillWait seconds later (perft exits
#   143 on SIGTERM). `scancel --signal=KILL --batch --full` sends a real
#   SIGKILL to every process of the batch step: the task becomes FAILED
#   (ExitCode 0:9, Reason=JobLaunchFailure).
# * Either way `scontrol requeue JOB_TASK` works on the ended element (a
#   batch job; JobRequeue=1 is the default, and the array is submitted with
#   --requeue as well): it goes back to PENDING with Restarts=1, but not
#   eligible before now + the credential lifetime + 1 s (AuthInfo's
#   cred_expire, 120 s by default): Slurm waits for the killed launch's
#   credential to expire. `scontrol update JobId=JOB_TASK StartTime=now`
#   makes it eligible at once; it is done over a second after the kill,
#   since slurmd refuses a launch credential not newer than the kill's
#   revocation (same-second timestamps).
# * The requeued task keeps the same job id and SLURM_ARRAY_TASK_ID, MIN,
#   MAX, COUNT; SLURM_RESTART_COUNT=1 is added.
# * `sbatch --wait`'s exit status is the largest exit status it saw in any
#   of its polls (src/sbatch/sbatch.c, _job_wait): a poll that happens to
#   fall between the kill and the requeue can make it 1 for good. So it is
#   printed, not trusted: every task's last record in the job completion log
#   must be COMPLETED, and the merge must agree.
# * Without slurmdbd there is no sacct ("Slurm accounting storage is
#   disabled"); jobcomp/filetxt writes one line per task end instead
#   (requeue included), printed on failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }
skip() { printf 'skipped: %s\n' "$*"; exit 0; }
fail() { printf 'FAILED: %s\n' "$*"; diagnose; exit 1; }

DEPTH=${SLURM_CHECK_DEPTH:-8}
# Published start position counts (CPW "Perft Results").
PUBLISHED=(1 20 400 8902 197281 4865609 119060324 3195901860 84998978956 2439530234167)
EXPECTED=${SLURM_CHECK_EXPECTED:-${PUBLISHED[$DEPTH]:-}}
[ -n "$EXPECTED" ] || { echo "SLURM_CHECK_EXPECTED is needed at depth $DEPTH"; exit 2; }
SPLIT_DEPTH=${SLURM_CHECK_SPLIT_DEPTH:-$((DEPTH >= 5 ? 3 : DEPTH / 2))}
SHARDS=${SLURM_CHECK_SHARDS:-4}
HASH_MB=${SLURM_CHECK_HASH:-256}
KILL=${SLURM_CHECK_KILL:-sigkill}
KILL_TASK=1 # the task that is killed: the first to start
case $KILL in
    sigkill) KILL_CMD=(scancel --signal=KILL --batch --full) ;;
    cancel) KILL_CMD=(scancel --signal=KILL) ;;
    none) KILL_CMD=() ;;
    *) echo "SLURM_CHECK_KILL: sigkill, cancel or none, not '$KILL'"; exit 2 ;;
esac

start=$SECONDS

# --- the perft invocations ----------------------------------------------
# $perft is the tool, $split the split file, $work the work dir.
perft_split() { "$perft" split --depth "$DEPTH" --split-depth "$SPLIT_DEPTH" --out "$split"; }
# What each array task runs (a line of the job script; $n is the number of
# tasks). `--shard auto/$n` reads the shard from SLURM_ARRAY_TASK_ID; the
# journal beside --out (shard-$i.txt.journal) records each position as it is
# counted, so the killed and requeued task resumes rather than starting
# again (it says so on stderr, which the check below looks for).
# shellcheck disable=SC2016 # expanded in the job script
RUN_SHARD='"$perft" run-shard "$split" --shard "auto/$n" --hash '"$HASH_MB"' --threads 1 --out "$work/shard-$i.txt"'
# The results, one file per task, named explicitly (not shard-*.txt, which
# would take the journals too).
perft_merge() { "$perft" merge "${results[@]}"; }

# --- installing ------------------------------------------------------------

# as_root, apt_install
source .ci/apt.sh

have_slurm() {
    local tool
    for tool in munged mungekey slurmctld slurmd sbatch squeue scontrol scancel sinfo; do
        command -v "$tool" >/dev/null 2>&1 || return 1
    done
}

step "slurm: installing slurm-wlm and munge"
export PATH=$PATH:/usr/sbin:/sbin
if ! have_slurm; then
    command -v apt-get >/dev/null 2>&1 || skip "slurm: no apt-get to install slurm-wlm and munge"
    apt_install slurm-wlm munge >/dev/null ||
        skip "slurm: apt-get could not install slurm-wlm and munge (no root or sudo, or no network)"
    have_slurm || skip "slurm: slurm-wlm and munge installed, but their programs are missing"
fi
[ "$(id -u)" = 0 ] || skip "slurm: not root (the daemons run as root: SlurmUser=root)"
slurmctld -V
munged -V 2>&1 | sed -n 1p
installed=$((SECONDS - start))
echo "installed in $installed s"

# --- the cluster -----------------------------------------------------------

# munged wants its socket's directory, and every directory above it,
# searchable by all.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/slurm-check.XXXXXX")
chmod 755 "$tmp"
mkdir -p "$tmp"/{munge,state,spool,log,work}
chmod 755 "$tmp/munge"
work=$tmp/work
conf=$tmp/slurm.conf
export SLURM_CONF=$conf
pids=()   # the daemons, in the order they are stopped
sbatch_pid=
jobs_submitted=()

# Processes other than the daemons that belong to this cluster: those with
# a file open in the temp dir (slurmstepd: slurmd starts it detached, with
# an empty environment, and it keeps slurmd's log and the task's output
# open), and those with the cluster's marker in their environment: sbatch
# gets SLURM_CHECK_JOB and exports it to the jobs, which pass it on to the
# perft they run. (Not `sbatch --export=ALL,VAR=...`: anything but a plain
# ALL sets SLURM_GET_USER_ENV, and slurmd then runs root's login shell for
# each job.) This script and its other children have neither.
cluster_processes() {
    local dir
    find /proc/[0-9]*/fd -maxdepth 1 -lname "$tmp/*" 2>/dev/null | cut -d/ -f3
    for dir in /proc/[0-9]*; do
        { tr '\0' '\n' <"$dir/environ"; } 2>/dev/null |
            grep -qxF "SLURM_CHECK_JOB=$tmp" && echo "${dir#/proc/}"
    done
    return 0
}

stop_pid() { # pid: SIGTERM, up to 10 s, then SIGKILL
    local pid=$1 i
    kill -TERM "$pid" 2>/dev/null || return 0
    for i in $(seq 50); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.2
    done
    kill -KILL "$pid" 2>/dev/null || true
}

cleanup() {
    local rc=$? pid i
    set +e
    if [ -n "$sbatch_pid" ]; then
        kill -TERM "$sbatch_pid" 2>/dev/null
        wait "$sbatch_pid" 2>/dev/null
    fi
    # The jobs first, while slurmd is there to end their processes.
    if [ "${#jobs_submitted[@]}" -gt 0 ] && [ "${#pids[@]}" -gt 0 ]; then
        timeout 10 scancel "${jobs_submitted[@]}" 2>/dev/null
        for i in $(seq 25); do
            [ -z "$(timeout 5 squeue -h 2>/dev/null)" ] && break
            sleep 0.2
        done
    fi
    local left alive
    left=$(cluster_processes)
    for pid in "${pids[@]}"; do stop_pid "$pid"; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
    left=$(echo "$left" "$(cluster_processes)" | tr ' ' '\n' | sort -un)
    for pid in $left; do
        [[ " ${pids[*]} $$ " == *" $pid "* ]] || kill -KILL "$pid" 2>/dev/null
    done
    # slurmstepd runs detached (its parent is init): up to 5 s for init to
    # reap those that have ended (zombies, whose environment is gone).
    for i in $(seq 25); do
        alive=
        for pid in $left; do [ -e "/proc/$pid" ] && alive=1; done
        awk '$2 == "(slurmstepd)" && $3 == "Z" { found = 1 } END { exit !found }' \
            /proc/[0-9]*/stat 2>/dev/null && alive=1
        [ -n "$alive" ] || break
        sleep 0.2
    done
    if [ "${SLURM_CHECK_KEEP:-}" = 1 ]; then
        echo "kept $tmp"
    else
        rm -rf "$tmp"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=${SLURM_CHECK_PORT:-16817}
for _ in $(seq 20); do
    port_in_use "$port" || port_in_use $((port + 1)) || break
    port=$((port + 10))
done
if port_in_use "$port" || port_in_use $((port + 1)); then
    skip "slurm: no free pair of ports from ${SLURM_CHECK_PORT:-16817}"
fi

node=$(hostname -s 2>/dev/null || uname -n)
cpus=$(nproc)
mem=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
mem=$((mem < 1024 ? mem : 1024))

step "slurm: starting munged, slurmctld and slurmd (one node, $node, $cpus CPUs, ports $port and $((port + 1)))"
# The run's own key: the system's /etc/munge/munge.key belongs to the
# munge user and its daemon, and stays untouched.
[ -e "$tmp/munge/munge.key" ] || mungekey --create --keyfile="$tmp/munge/munge.key" 2>/dev/null ||
    { dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 2>/dev/null && chmod 400 "$tmp/munge/munge.key"; }

cat >"$conf" <<EOF
# One-node cluster of .ci/slurm-check.sh, private to one run.
ClusterName=magicboard-ci
# The controller on this machine, reached over the loopback address (the
# name must be this host's short name; the address spares a DNS lookup).
SlurmctldHost=$node(127.0.0.1)
# Everything runs as root (the job scripts too: they write to the work dir).
SlurmUser=root
SlurmdUser=root
# Authentication through this run's munged (its own key and socket).
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/munge.socket
# Ports of its own, so that a system Slurm (6817/6818) is no obstacle.
SlurmctldPort=$port
SlurmdPort=$((port + 1))
# State, spool, pid and log files in the temp dir.
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
# No cgroups: processes tracked through their parents in /proc, tasks not
# bound to CPUs, no resource use gathered.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
# CPUs are what the tasks consume (one each); memory is not enforced.
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# No slurmdbd (so no sacct): one line per task end in a text file instead.
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$tmp/log/jobcomp.txt
MpiDefault=none
MailProg=/bin/true
# FIFO scheduling, run on every event (submit, end, update).
SchedulerType=sched/builtin
# A node that was down comes back as soon as it registers.
ReturnToService=2
# Short timeouts: a dead daemon is noticed in seconds, a cancelled task's
# processes get SIGKILL 2 s after SIGTERM.
SlurmctldTimeout=10
SlurmdTimeout=30
MessageTimeout=10
KillWait=2
InactiveLimit=0
# Ended jobs' records are kept 16 s: long enough to requeue a killed task
# and to read the records after the array ends, short enough that
# \`sbatch --wait\` polls every 8 s (it polls after 2 s, then every 4 x that
# while below MinJobAge/2, up to 32 s: 2, 8, 32 s with the default 300).
MinJobAge=16
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=ci Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

munged --foreground --socket="$tmp/munge/munge.socket" --key-file="$tmp/munge/munge.key" \
    --pid-file="$tmp/munge/munged.pid" --seed-file="$tmp/munge/munged.seed" \
    --log-file="$tmp/log/munged.log" >"$tmp/log/munged.out" 2>&1 &
munged_pid=$!
pids=("$munged_pid")
for _ in $(seq 50); do
    [ -S "$tmp/munge/munge.socket" ] && break
    kill -0 "$munged_pid" 2>/dev/null || break
    sleep 0.2
done
if [ ! -S "$tmp/munge/munge.socket" ]; then
    cat "$tmp/log/munged.out"
    skip "slurm: munged did not start (above; its socket's directory and those above it must be searchable by all)"
fi
slurmctld -D >"$tmp/log/slurmctld.out" 2>&1 &
pids=($! "${pids[@]}")
slurmd -D -N "$node" >"$tmp/log/slurmd.out" 2>&1 &
pids=($! "${pids[@]}")

show_logs() {
    local f
    for f in "$tmp"/log/munged.out "$tmp"/log/slurmctld.log "$tmp"/log/slurmd.log; do
        [ -s "$f" ] || continue
        echo "--- $f (last 30 lines)"
        tail -n 30 "$f"
    done
}

state=
for _ in $(seq 150); do
    state=$(timeout 5 sinfo -h -n "$node" -o %T 2>/dev/null || true)
    [ "$state" = idle ] && break
    for pid in "${pids[@]}"; do
        kill -0 "$pid" 2>/dev/null || { show_logs; skip "slurm: a daemon (pid $pid) exited at start (logs above)"; }
    done
    sleep 0.2
done
if [ "$state" != idle ]; then
    show_logs
    skip "slurm: the node is not idle 30 s after the daemons started (sinfo: '${state:-no answer}'; logs above)"
fi
sinfo
daemons=$((SECONDS - start - installed))
echo "up in $daemons s"

# --- the count -------------------------------------------------------------

step "slurm: building the perft tool"
cargo build --quiet --release --bin perft
perft=$(cd "${CARGO_TARGET_DIR:-target}/release" && pwd)/perft
split=$work/start$DEPTH.split
results=()
for i in $(seq "$SHARDS"); do results+=("$work/shard-$i.txt"); done

# The job script: one array task counts its shard.
cat >"$work/shard.sbatch" <<EOF
#!/bin/bash
# One task of the array: shard SLURM_ARRAY_TASK_ID of $SHARDS of the split.
set -euo pipefail
perft=$(printf %q "$perft")
split=$(printf %q "$split")
work=$(printf %q "$work")
n=$SHARDS
i=\$SLURM_ARRAY_TASK_ID
run=\${SLURM_RESTART_COUNT:-0}
env | grep '^SLURM' | sort >"\$work/env-task\$i-run\$run.txt"
echo "task \$i/\$n, run \$run (job \$SLURM_JOB_ID): started at \$(date +%T.%N)"
$RUN_SHARD
echo "task \$i/\$n, run \$run: done at \$(date +%T.%N)"
EOF

# A job's fields from `scontrol -o show job` (one line): field JOB NAME.
field() { timeout 10 scontrol -o show job "$1" 2>/dev/null | grep -o " $2=[^ ]*" | cut -d= -f2- | head -n 1 || true; }

array_job=
diagnose() {
    set +e
    local f
    echo "--- sbatch: $(cat "$work/sbatch.err" 2>/dev/null)"
    for f in "$work"/task-*.out; do
        [ -e "$f" ] || continue
        echo "--- $f"
        cat "$f"
    done
    if [ -n "$array_job" ]; then
        echo "--- scontrol show job $array_job"
        timeout 10 scontrol show job "$array_job"
        echo "--- sacct -j $array_job"
        timeout 10 sacct -j "$array_job" 2>&1
    fi
    echo "--- the job completion log (sacct's stand-in)"
    cat "$tmp/log/jobcomp.txt" 2>/dev/null
    show_logs
}

step "slurm: perft $DEPTH as a job array of $SHARDS tasks (split depth $SPLIT_DEPTH, --hash $HASH_MB each), task $KILL_TASK killed ($KILL) and requeued"
cd "$work"
perft_split
ran=$SECONDS
SLURM_CHECK_JOB=$tmp sbatch --wait --parsable --array=1-"$SHARDS" --requeue --open-mode=append \
    --job-name=perft-shards --chdir="$work" --output="$work/task-%a.out" "$work/shard.sbatch" \
    >"$work/sbatch.out" 2>"$work/sbatch.err" &
sbatch_pid=$!
for _ in $(seq 100); do
    array_job=$(cut -d';' -f1 "$work/sbatch.out")
    [ -n "$array_job" ] && break
    kill -0 "$sbatch_pid" 2>/dev/null || fail "sbatch did not submit the array"
    sleep 0.1
done
[ -n "$array_job" ] || fail "sbatch printed no job id"
jobs_submitted+=("$array_job")
echo "array job $array_job submitted"

task=${array_job}_$KILL_TASK
killed=
# The positions in task $1's journal.
journaled() { local lines; lines=$(wc -l <"$work/shard-$1.txt.journal" 2>/dev/null || echo 1); echo $((lines - 1)); }
ms() { date +%s%3N; }
t0=$(ms)
# The killed task's states as they are seen, in seconds since the submission.
trace() { printf '  %6.1f s  %s\n' "$(($(ms) - t0))e-3" "$*"; }
if [ "$KILL" != none ]; then
    # Until the task's script has run for a second. slurmctld says RUNNING
    # from the allocation on, a second or so before slurmd has started the
    # script (a --batch signal sent in between is lost); the script's first
    # act, writing its environment to a file, tells when it runs.
    running_since=
    for _ in $(seq 1200); do
        st=$(field "$task" JobState)
        case $st in
            RUNNING)
                if [ -z "$running_since" ] && [ -e "$work/env-task$KILL_TASK-run0.txt" ]; then
                    running_since=$(ms)
                    trace "$task RUNNING, its script started"
                elif [ -n "$running_since" ] && [ $(($(ms) - running_since)) -ge 1000 ] &&
                    [ "$(journaled "$KILL_TASK")" -gt 0 ]; then
                    trace "$task has $(journaled "$KILL_TASK") positions in its journal"
                    break
                fi
                ;;
            PENDING | CONFIGURING | "") ;;
            *) break ;; # ended before it could be killed
        esac
        sleep 0.1
    done
    if [ "$st" = RUNNING ]; then
        kill_time=$(date +%s)
        trace "${KILL_CMD[*]} $task"
        "${KILL_CMD[@]}" "$task"
        # Until the task has ended (CANCELLED or FAILED, no longer COMPLETING).
        last=
        for _ in $(seq 300); do
            line=$(timeout 10 scontrol -o show job "$task" 2>/dev/null |
                grep -o ' \(JobState\|Reason\|ExitCode\)=[^ ]*' | tr -d '\n' || true)
            [ "$line" = "$last" ] || trace "$task$line"
            last=$line
            st=$(grep -o 'JobState=[A-Z_]*' <<<"$line" | cut -d= -f2 || true)
            case $st in CANCELLED | FAILED | COMPLETED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) break ;; esac
            sleep 0.1
        done
        case $st in
            CANCELLED | FAILED | COMPLETED) ;;
            *) fail "task $task did not end after the kill (state '$st')" ;;
        esac
    fi
    if [ "$st" != CANCELLED ] && [ "$st" != FAILED ]; then
        why="task $task ended (${st:-no record}) before the kill took effect"
        [ "$DEPTH" -lt 8 ] || fail "$why: kill + requeue not tested"
        echo "$why (its shard is small at depth $DEPTH): kill + requeue not tested"
    else
        scontrol requeue "$task" || fail "scontrol requeue $task failed"
        trace "scontrol requeue $task: JobState=$(field "$task" JobState)" \
            "Restarts=$(field "$task" Restarts) EligibleTime=$(field "$task" EligibleTime)"
        # Eligible now rather than in 121 s, once the second of the kill is over.
        while [ "$(date +%s)" -le $((kill_time + 1)) ]; do sleep 0.1; done
        scontrol update JobId="$task" StartTime=now || fail "scontrol update JobId=$task StartTime=now failed"
        trace "scontrol update JobId=$task StartTime=now: EligibleTime=$(field "$task" EligibleTime)"
        for _ in $(seq 100); do
            st=$(field "$task" JobState)
            [ "$st" = PENDING ] || break
            sleep 0.1
        done
        trace "$task $st"
        killed=1
    fi
fi

# The array: up to SLURM_CHECK_TIMEOUT seconds (600 by default).
deadline=$((SECONDS + ${SLURM_CHECK_TIMEOUT:-600}))
while kill -0 "$sbatch_pid" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || fail "the array did not end in ${SLURM_CHECK_TIMEOUT:-600} s"
    sleep 0.5
done
sbatch_rc=0
wait "$sbatch_pid" || sbatch_rc=$?
sbatch_pid=
array_time=$((SECONDS - ran))
echo "sbatch --wait returned $sbatch_rc after $array_time s (its status is not trusted, see the header)"

# Every task's last record in the completion log.
for i in $(seq "$SHARDS"); do
    last=$(grep " ArrayJobId=$array_job ArrayTaskId=$i " "$tmp/log/jobcomp.txt" | tail -n 1 || true)
    st=$(grep -o 'JobState=[A-Z_]*' <<<"$last" | cut -d= -f2 || true)
    [ "$st" = COMPLETED ] || fail "task ${array_job}_$i ended as '${st:-no record}'"
done
if [ -n "$killed" ]; then
    echo "task $task in the completion log (killed, requeued, completed):"
    grep " ArrayJobId=$array_job ArrayTaskId=$KILL_TASK " "$tmp/log/jobcomp.txt" | while read -r record; do
        echo "  $(grep -o ' \(JobState\|StartTime\|EndTime\|ExitCode\)=[^ ]*' <<<" $record" | tr -d '\n')"
    done
    [ -e "$work/env-task$KILL_TASK-run1.txt" ] || fail "the requeued task $task did not run again"
    grep "perft: resuming from" "$work/task-$KILL_TASK.out" ||
        fail "the requeued task $task did not resume from its journal"
fi

step "slurm: merging"
merged=$(perft_merge) || { echo "$merged"; fail "perft merge failed"; }
echo "$merged"
grep -qx "Nodes searched: $EXPECTED" <<<"$merged" || fail "the merge does not say Nodes searched: $EXPECTED (perft $DEPTH)"

step "slurm: the array's environment (for --shard auto)"
other=$((KILL_TASK % SHARDS + 1))
echo "a task of --array=1-$SHARDS (task $other):"
grep '^SLURM_ARRAY_\|^SLURM_RESTART' "$work/env-task$other-run0.txt" | sed 's/^/  /'
if [ -n "$killed" ]; then
    echo "the requeued task $KILL_TASK, its second run:"
    grep '^SLURM_ARRAY_\|^SLURM_RESTART' "$work/env-task$KILL_TASK-run1.txt" | sed 's/^/  /'
fi
alone=$(SLURM_CHECK_JOB=$tmp sbatch --wait --parsable --array=2 --chdir="$work" --output="$work/alone-%a.out" \
    --wrap="env | grep '^SLURM_ARRAY_\|^SLURM_RESTART' | sort") || fail "the --array=2 job failed"
jobs_submitted+=("$alone")
echo "a job submitted alone with --array=2:"
sed 's/^/  /' "$work/alone-2.out"

step "slurm: done in $((SECONDS - start)) s (install $installed s, daemons $daemons s, array $array_time s)"
