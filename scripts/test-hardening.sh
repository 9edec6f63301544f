#!/usr/bin/env bash
# The same suite under AddressSanitizer and UndefinedBehaviorSanitizer (preset
# asan, g++), then the libFuzzer harnesses for a few seconds each (preset fuzz,
# clang). See docs/robustness.md. Run by scripts/test.sh after the default suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset asan
cmake --build --preset asan
ctest --preset asan
cmake --preset fuzz
cmake --build --preset fuzz
ctest --preset fuzz
