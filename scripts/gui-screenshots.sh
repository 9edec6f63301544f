#!/usr/bin/env bash
# Renders the GUI screenshots in docs/screenshots/ (docs/gui.md, README.md):
# one per tab from `podsizer-gui --screenshot`, the whole editor, and two
# states the Qt tests leave behind (a field error, a catalog entry being
# edited). Offscreen: no display needed. Look at every PNG after running it.
set -euo pipefail
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen
build=build/default
cmake --build --preset default -j2 --target podsizer-gui test_gui >/dev/null
out=docs/screenshots
mkdir -p "$out"
# The fleet example: designs, designs grown to 1 EB and the cloud store side by side.
scenario=${1:-examples/fleet-160k.json}
for tab in results charts racks catalog; do
  "$build/gui/podsizer-gui" "$scenario" --screenshot "$out/gui-$tab.png" --tab "$tab"
done
# A laptop's screen: the comparison's reference column in view without scrolling.
"$build/gui/podsizer-gui" "$scenario" --screenshot "$out/gui-results-1366x768.png" \
  --tab results --size 1366x768
# The whole editor (it scrolls in a 1000-pixel window).
"$build/gui/podsizer-gui" "$scenario" --screenshot "$out/gui-editor.png" --size 1600x2300
# Checkpoint jobs: the goodput chart and the checkpoint table.
"$build/gui/podsizer-gui" examples/checkpoint-cadence.json \
  --screenshot "$out/gui-charts-checkpoints.png" --tab charts
# The Resilience panel: rebuilds, nines against the rebuild share, outage.
"$build/gui/podsizer-gui" examples/high-density-1eb.json \
  --screenshot "$out/gui-resilience.png" --tab resilience
# The Cost panel: the fleet example priced with the illustrative book.
"$build/gui/podsizer-gui" "$scenario" --prices examples/prices-illustrative.json \
  --screenshot "$out/gui-cost.png" --tab cost
# The BOM & facility tab: the reference pod's bill and facility figures at a laptop's size.
"$build/gui/podsizer-gui" examples/ncp-pod-41k.json \
  --screenshot "$out/gui-bom.png" --tab bom --size 1366x768
# The Sites & phases panel: three sites and four phases to an exabyte.
"$build/gui/podsizer-gui" examples/fleet-phases.json \
  --screenshot "$out/gui-sites.png" --tab sites
# The panels at 1366x768, the smallest screen an architect presents on (issue 51).
"$build/gui/podsizer-gui" examples/project-three-sites.json \
  --prices examples/prices-illustrative.json \
  --screenshot "$out/gui-sites-1366x768.png" --tab sites --size 1366x768
"$build/gui/podsizer-gui" "$scenario" --prices examples/prices-illustrative.json \
  --screenshot "$out/gui-cost-1366x768.png" --tab cost --size 1366x768
(cd "$build/tests" && ./test_gui aCapacityWithoutAUnitIsMarkedAtTheFieldWithTheReason \
   aCatalogEntryCanBeCopiedCheckedInlineAndApplied >/dev/null)
cp "$build/tests/output/gui/gui-field-error.png" "$build/tests/output/gui/gui-catalog-edit.png" "$out/"
ls -l "$out"/gui-*.png
