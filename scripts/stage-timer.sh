# Sourced by scripts/test.sh and scripts/test-hardening.sh: `stage NAME CMD...`
# runs CMD and records its wall time; the table of every stage is printed when
# the outermost script exits, whether it passed or not, so a CI log shows where
# its minutes went (issue 27 item 6: the budget is 35 minutes on 2 cores).
if [ -z "${PODSIZER_STAGE_LOG:-}" ]; then
  PODSIZER_STAGE_LOG=$(mktemp)
  export PODSIZER_STAGE_LOG
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
    rm -f "$PODSIZER_STAGE_LOG"
    return $status
  }
  trap podsizer_print_stages EXIT
fi

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
