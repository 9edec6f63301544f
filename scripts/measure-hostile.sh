#!/usr/bin/env bash
# Measures time and peak memory of podsizer on hostile inputs (the table in
# docs/robustness.md). Builds the default preset, writes the inputs to a
# scratch directory and runs each through the CLI under /usr/bin/time.
#
#   scripts/measure-hostile.sh            prints one Markdown row per input
#
# Wall time depends on the machine's load (printed first); CPU time (user +
# system) much less.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset default >/dev/null
cmake --build --preset default >/dev/null
bin=$PWD/build/default/cli/podsizer
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| input | exit | what podsizer says | wall s | CPU s | peak RSS MB |"
echo "| --- | --- | --- | --- | --- | --- |"
measure() { # name, args...
    local name=$1
    shift
    local out=$dir/out err=$dir/err t=$dir/time
    set +e
    /usr/bin/time -o "$t" -f "%e %U %S %M" "$bin" "$@" >"$out" 2>"$err"
    local code=$?
    set -e
    local says
    says=$({ grep -h -m1 -E "error|warning|too-large|not laid out" "$err" "$out" ||
        head -n1 "$out"; } | head -n1 | sed -e 's/^ *//' -e "s|$dir/||g" -e 's/|/\\|/g' |
        cut -c1-110 | { iconv -c -f utf-8 -t utf-8 || true; })
    # time prefixes a line "Command exited with non-zero status N" when N > 0.
    read -r wall user sys rss < <(tail -n 1 "$t")
    printf '| %s | %s | %s | %s | %.2f | %d |\n' "$name" "$code" "$says" "$wall" \
        "$(echo "$user + $sys" | bc)" "$((rss / 1024))"
}
scenario() { # file, JSON text
    printf '%s' "$2" >"$dir/$1"
}
repeat() { # count, text, separator
    local i out=""
    for ((i = 0; i < $1; ++i)); do out+="${out:+$3}$2"; done
    printf '%s' "$out"
}

measure "reference example (for scale)" size examples/ncp-pod-41k.json
scenario trillion.json '{"name": "n", "fleet": {"platform": "gb200-nvl72", "gpus": 1000000000000}, "performance": {"rule": "ncp-gb200-customer"}}'
measure "10^12 GPUs" size "$dir/trillion.json"
scenario overflow.json '{"name": "n", "fleet": {"platform": "h100", "gpus": 1e15}, "performance": {"read_per_gpu": "1e295 GB/s"}}'
measure "10^15 GPUs at 10^295 GB/s each" size "$dir/overflow.json"
scenario exa.json '{"name": "n", "capacity": {"usable": "1e290 EB"}}'
measure "1e290 EB usable" size "$dir/exa.json"
for v in '"nan PB"' '"inf PB"' '""' 'NaN' '1e999'; do
    scenario bad.json "{\"name\": \"n\", \"capacity\": {\"usable\": $v}}"
    measure "usable $v" size "$dir/bad.json"
done
scenario dup.json '{"name": "a", "name": "b", "capacity": {"usable": "1 PB"}}'
measure "duplicate key" size "$dir/dup.json"
scenario unknown.json '{"name": "n", "capacity": {"usable": "1 PB", "useable": "2 PB"}}'
measure "unknown field (a typo)" size "$dir/unknown.json"
head -c 100000 /dev/zero | tr '\0' '[' >"$dir/deep.json"
measure "100,000 nested arrays" size "$dir/deep.json"
{ printf '{"name": "n", "capacity": {"usable": "1 PB"}, "description": "'; head -c 50000000 /dev/zero | tr '\0' 'x'; printf '"}'; } >"$dir/big.json"
measure "50 MB document" size "$dir/big.json"
{ printf '{"name": "n", "capacity": {"usable": "1 PB"}, "description": "'; head -c 16000000 /dev/zero | tr '\0' 'x'; printf '"}'; } >"$dir/desc.json"
measure "16 MB string (under the cap)" size "$dir/desc.json"
{ printf '{"name": "n", "capacity": {"usable": "1 PB"}, "extra": {'; seq -f '"k%.0f": 0' 1 1150000 | paste -sd, | tr -d '\n'; printf '}}'; } >"$dir/keys.json"
measure "16 MB of object keys (under the cap)" size "$dir/keys.json"
{ printf '{"name": "n", "capacity": {"usable": "1 PB"}, "extra": ['; head -c 8000000 /dev/zero | tr '\0' '1' | sed 's/1/1,/g'; printf '1]}'; } >"$dir/nums.json"
measure "16 MB array of numbers (under the cap)" size "$dir/nums.json"
opt='{"cnode": "cnode-1u", "dbox": "dbox-1u-22", "cnodes": 40000, "dboxes": 40000}'
scenario opts.json "{\"name\": \"n\", \"capacity\": {\"usable\": \"1 PB\"}, \"options\": [$(repeat 100 "$opt" ', ')]}"
measure "100 options of 80,000 devices each" size "$dir/opts.json" --format csv
scenario opts101.json "{\"name\": \"n\", \"capacity\": {\"usable\": \"1 PB\"}, \"options\": [$(repeat 101 '{}' ', ')]}"
measure "101 options" size "$dir/opts101.json"
rack='{"id": "r-ID", "name": "r", "usable": "40 U", "power_budget": "25 kW", "source": {"kind": "assumption"}}'
{ printf '{"racks": ['; seq -f "${rack//ID/%.0f}" 1 10000 | paste -sd,; printf ']}'; } >"$dir/racks.json"
measure "catalog of 10,000 racks" --catalog "$dir/racks.json" catalog list --format csv
measure "a design of 2 × 10^12 devices" design --cnode cnode-1u --dbox dbox-1u-22 \
    --cnodes 1000000000000 --dboxes 1000000000000
