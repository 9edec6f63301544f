#!/bin/sh
# Sizes the reference pod (examples/ncp-pod-41k.json) for 4k to 64k GPUs on
# both D-box models, each with its default drive: 5 GPU counts x 2 boxes = 10
# runs. docs/batch.md shows and explains the output.
#
# Usage: examples/sweep-gpus.sh [--format csv|md|json|jsonl] [--jobs N]
# The binary is $PODSIZER, by default the one in build/default.
set -e
cd "$(dirname "$0")/.."
PODSIZER="${PODSIZER:-build/default/cli/podsizer}"
# Quoted: '*' would otherwise be a shell wildcard.
"$PODSIZER" sweep examples/ncp-pod-41k.json --vary 'gpus=4096..65536*2' \
  --vary dbox=dbox-1u-22,dbox-2u-44-hd --vary drive=auto "$@"
