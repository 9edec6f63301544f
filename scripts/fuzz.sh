#!/usr/bin/env bash
# Long fuzzing runs (docs/robustness.md): builds the harnesses of the "asan"
# preset (clang, libFuzzer, ASan, UBSan) and fuzzes each harness for SECONDS, one after the
# other (the machine is shared; set FUZZ_JOBS=2 to run two at once).
#
#   scripts/fuzz.sh [SECONDS] [HARNESS...]     default: 600 s; quantity catalog scenario optimize vary own_catalog prices project set
#   FUZZ_TIMEOUT=60 FUZZ_FORK=2 scripts/fuzz.sh 3600 scenario    one harness on both cores
#
# The corpus grows in build/asan/corpus/NAME, whichever preset fuzzes, and is
# kept between runs; crashing inputs land in build/PRESET/artifacts/. A crash stops that harness unless
# FUZZ_KEEP_GOING=1 (fork mode: keeps fuzzing past crashes and timeouts).
# Move each crashing input to fuzz/regressions/NAME/ once it is fixed.
#
# FUZZ_TIMEOUT (seconds, default 10) is libFuzzer's hang limit, and it counts
# wall time: a fuzzer at nice 19 beside a build can be starved past 10 s on an
# input that takes 0.2 s (stop 42: a 1 KB scenario "timed out" while callgrind
# ran). For a long run on a shared machine use FUZZ_TIMEOUT=60, and replay any
# timeout input alone before calling it a finding. Never pause a fuzzer with
# SIGSTOP to measure something: the input it was on "takes" the whole pause,
# and it stops with a timeout when continued (stop 42 lost two runs so); at
# nice 19 it takes about 1 % of a core from processes at nice 0 in its session.
#
# FUZZ_PRESET=fuzz-fast builds and runs the harnesses of that preset instead:
# -O2 with UndefinedBehaviorSanitizer but without AddressSanitizer, 3-14 times
# the executions a second (round 11: catalog 726 -> 2,329 a second on one core,
# optimize 118 -> 1,686). Replay its corpus through the asan harnesses
# afterwards (FUZZ_REPLAY=1 scripts/fuzz.sh 0 NAME: every input once, through
# the asan tree's fuzz_replay_NAME) so memory errors on every input that
# found new code are caught too.
# FUZZ_RUNS=N stops a harness after N executions (fork mode included).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=(quantity catalog scenario optimize vary own_catalog prices project set)

preset=${FUZZ_PRESET:-asan}
tree=build/$preset
cmake --preset "$preset" >/dev/null
targets=()
prefix=fuzz_
[ "${FUZZ_REPLAY:-0}" = 1 ] && prefix=fuzz_replay_
for name in "${harnesses[@]}"; do targets+=("$prefix$name"); done
cmake --build --preset "$preset" -j2 --target "${targets[@]}" >/dev/null

declare -A seeds=([quantity]=fuzz/seeds/quantity [catalog]=catalog/data [scenario]=examples
    [optimize]=examples [vary]=fuzz/seeds/vary
    [own_catalog]=fuzz/seeds/own_catalog)
mkdir -p "$tree/logs" "$tree/artifacts"
run_one() {
    local name=$1
    local corpus=build/asan/corpus/$name
    mkdir -p "$corpus"
    local extra=()
    [ -d "fuzz/regressions/$name" ] && extra+=("fuzz/regressions/$name")
    [ -d "fuzz/corpus/$name" ] && extra+=("fuzz/corpus/$name")
    local mode=()
    [ "${FUZZ_KEEP_GOING:-0}" = 1 ] && mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    # FUZZ_FORK=N: one harness on N cores (libFuzzer's fork mode stops at the
    # first crash; timeouts it logs and goes on). Round 10: own_catalog ran
    # 11.3 million inputs in 30 min with FUZZ_FORK=2 (docs/robustness.md).
    [ -n "${FUZZ_FORK:-}" ] && mode=(-fork="$FUZZ_FORK")
    [ -n "${FUZZ_RUNS:-}" ] && mode+=(-runs="$FUZZ_RUNS")
    local log=$tree/logs/$name.log
    if [ "${FUZZ_REPLAY:-0}" = 1 ]; then
        log=$tree/logs/replay-$name.log
        nice "$tree/fuzz/fuzz_replay_$name" "$corpus" "${seeds[$name]}" "${extra[@]}" >"$log" 2>&1 ||
            echo "$name: FOUND: the replay failed, see $log"
        echo "$name: $(tail -n 1 "$log")"
        grep -E 'SUMMARY: (Address|Undefined)|fuzz invariant broken|runtime error' "$log" |
            sed "s/^/$name: FOUND: /" | sort -u || true
        return
    fi
    nice "$tree/fuzz/fuzz_$name" "${mode[@]}" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" \
        -rss_limit_mb=2048 -print_final_stats=1 -dict="fuzz/dict/$name.dict" \
        -artifact_prefix="$tree/artifacts/$name-" \
        "$corpus" "${seeds[$name]}" "${extra[@]}" >"$log" 2>&1 || true
    # The last status line: executions, coverage (cov: edges, ft: features), corpus.
    echo "$name: $(grep -E '^#[0-9]+' "$log" | tail -n 1)"
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' \
        "$log" | sed "s/^/$name: /" || true
    grep -E 'ERROR: libFuzzer|SUMMARY: (Address|Undefined|libFuzzer)|fuzz invariant broken|runtime error' \
        "$log" | sed "s/^/$name: FOUND: /" | sort -u || true
}
jobs_max=${FUZZ_JOBS:-1}
for name in "${harnesses[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do sleep 1; done
    run_one "$name" &
done
wait
ls "$tree/artifacts"
