#!/usr/bin/env bash
# Builds everything (default preset, g++) and runs the whole test suite with
# ctest. This is the README's test command and what CI runs (.ci/run).
# Then the sanitizer pass (scripts/test-hardening.sh: one clang tree with the
# same suite and the libFuzzer harnesses under ASan + UBSan). Each stage's wall
# time is printed at the end. The compiler cache (ccache, installed by
# install-deps.sh) is shared between clones at any path (cmake/CompilerCache.cmake).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stage-timer.sh
stage "install packages" scripts/install-deps.sh
stage "configure default" cmake --preset default
stage "build default" cmake --build --preset default
ctest_stage "ctest default" --preset default
scripts/test-hardening.sh
