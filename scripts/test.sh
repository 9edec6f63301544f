#!/usr/bin/env bash
# Builds everything and runs the whole test suite (ctest), three times over:
# the default build (g++), the same suite under AddressSanitizer and
# UndefinedBehaviorSanitizer (preset asan), and the libFuzzer harnesses for a
# few seconds each (preset fuzz, clang). See docs/robustness.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset default
cmake --build --preset default
ctest --preset default
cmake --preset asan
cmake --build --preset asan
ctest --preset asan
cmake --preset fuzz
cmake --build --preset fuzz
ctest --preset fuzz
