#!/usr/bin/env bash
# Writes the workbook of every example (size, compare, extrapolate --target
# 1EB, each with and without the illustrative price book) with two podsizer
# binaries, unzips both and compares the XML parts (docProps excluded: they
# hold the creation time). Used to show a workbook change is byte-identical.
# Usage: scripts/workbook-compare.sh BEFORE_BINARY AFTER_BINARY [WORKDIR]
set -u
before=${1:?before binary}
after=${2:?after binary}
work=${3:-$(mktemp -d)}
export SOURCE_DATE_EPOCH=1700000000
here=$(cd "$(dirname "$0")/.." && pwd)
same=0
differ=0
failed=0
for scenario in "$here"/examples/*.json; do
    stem=$(basename "$scenario" .json)
    case "$stem" in prices-*) continue ;; esac
    for cmd in size compare extrapolate; do
        for priced in plain priced; do
            args=("$cmd" "$scenario")
            [ "$cmd" = extrapolate ] && args+=(--target 1EB)
            [ "$priced" = priced ] && args+=(--prices "$here/examples/prices-illustrative.json")
            name="$stem-$cmd-$priced"
            ok=1
            for side in before after; do
                bin=$before
                [ "$side" = after ] && bin=$after
                mkdir -p "$work/$side/$name"
                rm -f "$work/$side/$name.xlsx"
                # The exit code says whether the design meets its requirement
                # (1: short); the workbook is written either way.
                "$bin" "${args[@]}" --xlsx "$work/$side/$name.xlsx" >/dev/null 2>&1
                if [ ! -s "$work/$side/$name.xlsx" ]; then
                    ok=0
                    continue
                fi
                (cd "$work/$side/$name" && unzip -o -q "../$name.xlsx" && rm -rf docProps)
            done
            if [ $ok = 0 ]; then
                # Both must fail alike (a command the scenario does not support).
                if [ -s "$work/before/$name.xlsx" ] || [ -s "$work/after/$name.xlsx" ]; then
                    echo "FAILED on one side only: $name"
                    failed=$((failed + 1))
                fi
                continue
            fi
            if diff -r -q "$work/before/$name" "$work/after/$name" >/dev/null; then
                same=$((same + 1))
            else
                echo "DIFFERENT: $name"
                diff -r -q "$work/before/$name" "$work/after/$name"
                differ=$((differ + 1))
            fi
        done
    done
done
echo "workbooks identical: $same, different: $differ, failed on one side: $failed (in $work)"
[ $differ = 0 ] && [ $failed = 0 ]
