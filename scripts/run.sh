#!/usr/bin/env bash
# The main job: install what is needed, build, and size the reference case.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default --target podsizer >/dev/null # the CLI alone: the tests and GUI are for scripts/test.sh
exec build/default/cli/podsizer size examples/ncp-pod-41k.json "$@"
