#!/usr/bin/env bash
# The main job: install what is needed, build, and size the reference case.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default >/dev/null
exec build/default/cli/podsizer size examples/ncp-pod-41k.json "$@"
