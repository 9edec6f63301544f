#!/usr/bin/env bash
# Builds everything (default preset, g++) and runs the whole test suite with
# ctest. This is the README's test command and what CI runs (.ci/run).
# The sanitizer and fuzzing passes are scripts/test-hardening.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset default
cmake --build --preset default
ctest --preset default
