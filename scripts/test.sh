#!/usr/bin/env bash
# Builds everything and runs the whole test suite (ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset default
cmake --build --preset default
ctest --preset default
