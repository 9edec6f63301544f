#!/usr/bin/env bash
# The sanitizer pass: one clang tree (preset asan) that builds the whole test
# suite and the libFuzzer harnesses with AddressSanitizer and
# UndefinedBehaviorSanitizer, then runs the suite and fuzzes each harness for
# a few seconds (docs/robustness.md). Run by scripts/test.sh after the default
# suite; its stage times are printed there.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stage-timer.sh
stage "configure asan" cmake --preset asan
stage "build asan" cmake --build --preset asan
ctest_stage "ctest asan (suite + fuzz)" --preset asan
