#!/usr/bin/env bash
# Regenerates docs/screenshots/: the example workbooks printed by LibreOffice
# (first page of every sheet, PDF -> PNG) and the rack drawings (SVG -> PNG):
# every rack, the typical racks and the floor plan of each design.
# Needs a build (cmake --preset default && cmake --build --preset default),
# LibreOffice, poppler-utils and librsvg2-bin (scripts/install-deps.sh).
# The date is fixed so the pictures only change when the output does.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/default/cli/podsizer
out=docs/screenshots
work=$(mktemp -d /tmp/podsizer-shots-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out" "$work/profile/user"
rm -f "$out"/workbook-*.png "$out"/racks-*.png
export SOURCE_DATE_EPOCH=1767225600 # 2026-01-01

# A throwaway LibreOffice profile that recalculates OOXML formulas on load.
cat > "$work/profile/user/registrymodifications.xcu" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
EOF

# The fleet example is exported as `compare` does: pods grown to 1 EB and the
# cloud object store beside the designs.
for example in ncp-pod-41k high-density-1eb checkpoint-cadence fleet-160k; do
  command=size
  [ "$example" = fleet-160k ] && command=compare
  "$bin" "$command" "examples/$example.json" --xlsx "$work/$example.xlsx" \
    --svg "$work/$example-svg/" --svg-view racks,typical,floor > /dev/null || true # exit 1: a design misses a requirement
  for svg in "$work/$example-svg"/*.svg; do
    name=$(basename "$svg" .svg)
    rsvg-convert --zoom 1.25 -o "$out/racks-$example-$name.png" "$svg"
  done
done

# The fleet comparison priced with the illustrative book: its Cost and Prices
# sheets (docs/cost.md).
"$bin" compare examples/fleet-160k.json --prices examples/prices-illustrative.json \
  --xlsx "$work/fleet-160k-priced.xlsx" > /dev/null || true

soffice "-env:UserInstallation=file://$work/profile" --headless --convert-to pdf \
  --outdir "$work" "$work"/ncp-pod-41k.xlsx "$work"/high-density-1eb.xlsx \
  "$work"/checkpoint-cadence.xlsx "$work"/fleet-160k.xlsx "$work"/fleet-160k-priced.xlsx \
  > /dev/null 2>&1

# The first page of each sheet (the footer names the sheet), and the second
# page of the reference pod's design sheet and of the Checkpoints sheet.
for example in ncp-pod-41k high-density-1eb checkpoint-cadence fleet-160k fleet-160k-priced; do
  pdf="$work/$example.pdf"
  pages=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
  previous=""
  for ((p = 1; p <= pages; p++)); do
    # The footer line: sheet name, wide gap, "podsizer <version> · page N of M".
    sheet=$(pdftotext -f "$p" -l "$p" -layout "$pdf" - | grep "page $p of" |
      sed -E -e 's/^ *//' -e 's/ {2,}.*//')
    slug=$(echo "$sheet" | tr 'A-Z' 'a-z' | tr -cs 'a-z0-9' '-' | sed 's/-$//')
    # The checkpoint example adds its Checkpoints pages (tables, then chart),
    # Summary and Charts; the fleet example its Summary with the cloud store
    # and ratios, Charts and Assumptions; their other sheets look like the
    # reference pod's.
    case "$example/$slug" in
      checkpoint-cadence/summary | checkpoint-cadence/charts | checkpoint-cadence/checkpoints | \
        fleet-160k/slide | fleet-160k/summary | fleet-160k/charts | fleet-160k/assumptions | \
        fleet-160k/fleet | fleet-160k/racks | fleet-160k-priced/cost | fleet-160k-priced/prices | \
        ncp-pod-41k/* | high-density-1eb/*) ;;
      *) previous=$sheet; continue ;;
    esac
    if [ "$sheet" != "$previous" ]; then
      pdftoppm -r 90 -png -singlefile -f "$p" -l "$p" "$pdf" "$out/workbook-$example-$slug"
    elif [ "$example/$slug" = ncp-pod-41k/ncp-pod ] ||
      [ "$example/$slug" = checkpoint-cadence/checkpoints ]; then
      [ -e "$out/workbook-$example-$slug-2.png" ] ||
        pdftoppm -r 90 -png -singlefile -f "$p" -l "$p" "$pdf" "$out/workbook-$example-$slug-2"
    fi
    previous=$sheet
  done
done
ls -1 "$out"
