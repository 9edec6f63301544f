# Sourced by scripts/test.sh and scripts/test-hardening.sh: `stage NAME CMD...`
# runs CMD and records its wall time; the table of every stage is printed when
# the outermost script exits, whether it passed or not, so a CI log shows where
# its minutes went (issue 27 item 6: the budget is 35 minutes on 2 cores).
if [ -z "${PODSIZER_STAGE_LOG:-}" ]; then
  PODSIZER_STAGE_LOG=$(mktemp)
  PODSIZER_CTEST_LOG=$(mktemp)
  export PODSIZER_STAGE_LOG PODSIZER_CTEST_LOG
  PODSIZER_STAGE_START=$(date +%s)
  export PODSIZER_STAGE_START
  podsizer_print_stages() {
    local status=$?
    local total=$(($(date +%s) - PODSIZER_STAGE_START))
    echo
    echo "Stage wall times (scripts/test.sh):"
    while IFS=$'\t' read -r name secs result; do
      printf '  %-32s %5d s  %s\n' "$name" "$secs" "$result"
    done <"$PODSIZER_STAGE_LOG"
    printf '  %-32s %5d s  (%d min %02d s)\n' "total" "$total" $((total / 60)) $((total % 60))
    # Every ctest run's counts added up, as the last line of the log.
    local passed=0 failed=0 p f
    while read -r p f; do
      passed=$((passed + p)) failed=$((failed + f))
    done < <(sed -n 's/^[0-9]*% tests passed, \([0-9]*\) tests\{0,1\} failed out of \([0-9]*\)$/\2 \1/p' "$PODSIZER_CTEST_LOG" |
      awk '{print $1 - $2, $2}')
    echo
    echo "ctest: $passed passed, $failed failed"
    rm -f "$PODSIZER_STAGE_LOG" "$PODSIZER_CTEST_LOG"
    return $status
  }
  trap podsizer_print_stages EXIT
fi

# `ctest_stage NAME ARGS...`: a stage that runs ctest ARGS, its output kept
# for the closing count.
ctest_stage() {
  local name=$1
  shift
  stage "$name" bash -o pipefail -c 'ctest "$@" 2>&1 | tee -a "$PODSIZER_CTEST_LOG"' ctest "$@"
}

stage() {
  local name=$1
  shift
  local start=$(date +%s) status=0
  "$@" || status=$?
  local result=ok
  [ $status -eq 0 ] || result="FAILED (exit $status)"
  printf '%s\t%d\t%s\n' "$name" $(($(date +%s) - start)) "$result" >>"$PODSIZER_STAGE_LOG"
  return $status
}
