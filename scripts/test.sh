#!/usr/bin/env bash
# Builds everything (default preset, g++) and runs the whole test suite with
# ctest. This is the README's test command and what CI runs (.ci/run).
# Then the sanitizer and fuzzing passes (scripts/test-hardening.sh: the same
# suite under ASan + UBSan, and the libFuzzer harnesses for a few seconds each).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset default
cmake --build --preset default
ctest --preset default
scripts/test-hardening.sh
