#!/usr/bin/env bash
# Runs a matrix of podsizer commands with two binaries and compares stdout,
# stderr and the exit code of every run byte for byte: the check that a
# refactoring of an output (issue 48) changes nothing a user sees.
#
#   scripts/compare-outputs.sh BEFORE AFTER [GROUP...]
#
# BEFORE and AFTER are podsizer binaries (build main's first and copy it
# aside). GROUPs pick parts of the matrix: checkpoint, durability, size,
# others, results growth prices (default: all). Prints one line per differing run and a count at the end;
# exits 1 when any run differs. The runs are in cases_GROUP below: one
# command line per line, run from the repository's root. Add a group for the
# next output converted.
set -u

if [[ $# -lt 2 ]]; then
    echo "usage: $0 BEFORE AFTER [checkpoint|durability|size|others|results|growth|prices ...]" >&2
    exit 2
fi
before=$(realpath "$1")
after=$(realpath "$2")
shift 2
groups=("$@")
[[ ${#groups[@]} -eq 0 ]] && groups=(checkpoint durability size others results growth prices)
cd "$(dirname "$0")/.."

formats=(table md csv json)

cases_checkpoint() {
    local base
    for base in \
        "checkpoint --params 1.8T --gpus 16384" \
        "checkpoint --params 405B --gpus 16384 --platform gb200-nvl72" \
        "checkpoint --params 70B --bytes-per-param full-state --gpus 2048 --write-bandwidth 500GB/s" \
        "checkpoint --checkpoint-size 25TB --gpus 100000 --mode async" \
        "checkpoint --checkpoint-size 25TB --gpus 100000 --mode async --local-bandwidth 2.8GB/s --interval 10min" \
        "checkpoint --checkpoint-size 25TB --mtbf 24h --write-bandwidth 1TB/s" \
        "checkpoint --write-time 30s --mtbf 6h" \
        "checkpoint --params 1.8T --gpus 16384 --interval 5min --stall-budget 10%" \
        "checkpoint --params 1.8T --gpus 16384 --checkpoint-overhead 10s --restart-time 30min" \
        "checkpoint --params 1.8T --gpus 16384 --offsite-every 4 --retain 3" \
        "checkpoint --params 1.8T --gpus 16384 --knee-step 50GB/s --knee-threshold 20 --points 9" \
        "checkpoint --params 1.8T --gpus 16384 --cadences 30s,1h" \
        "checkpoint --params 1.8T --gpus 16384 --failure-rate 5 --rate-node-gpus 1" \
        "checkpoint --params 1.8T --gpus 16384 --write-bandwidth 10GB/s" \
        "checkpoint --params 1.8T" \
        "checkpoint --checkpoint-size 25TB" \
        "checkpoint --params 1.8T --gpus 72 --gpus-per-node 4" \
        "checkpoint --checkpoint-size 25TB --gpus 100000 --mode async --interval 30s --write-bandwidth 100GB/s"; do
        for f in "${formats[@]}"; do echo "--format $f $base"; done
    done
    # Bad input: each names the flag and what it expected.
    echo "checkpoint"
    echo "checkpoint --params lots --gpus 8"
    echo "checkpoint --params 1.8T --gpus -3"
    echo "checkpoint --params 1.8T --gpus 8 --mode later"
    echo "checkpoint --params 1.8T --gpus 8 --stall-budget 150%"
    echo "checkpoint --params 1.8T --checkpoint-size 2TB --gpus 8"
    echo "checkpoint --params 1.8T --gpus 8 --failure-rate no-such-preset"
    echo "checkpoint --params 1.8T --gpus 8 --write-bandwidth 0GB/s"
    echo "--format xml checkpoint --params 1.8T --gpus 8"
}

cases_durability() {
    local base
    for base in \
        "durability --stripe 146+4 --drives 9108 --afr 0.5% --rebuild-time 1h" \
        "durability --stripe 146+4 --drives 9108 --afr 0.5% --rebuild-bandwidth 993.6GB/s --drive-size 122.88TB --fill 80% --read-amplification 0.25" \
        "durability --stripe 146+4 --drives 9108 --afr 0.5% --rebuild-time 1h --read-amplification 0.25" \
        "durability --stripe 8+2 --drives 200 --afr 5% --rebuild-time 72h --method simulate --years 2000 --service exponential --confidence 99% --threads 1" \
        "durability --stripe 8+2 --drives 200 --afr 5% --rebuild-time 72h --method simulate --years 2000 --threads 1 --seed 7" \
        "durability --stripe 146+4 --drives 9108 --afr 0.5% --rebuild-time 3611s --method simulate --years 100 --threads 1 --group name=enclosure,count=207,afr=2%,strips=2,rebuild=44h" \
        "durability --stripe 10000+1000 --drives 11000 --afr 1% --rebuild-time 1h" \
        "durability --stripe 4+1 --drives 5 --afr 99.999% --rebuild-time 1h" \
        "durability --stripe 4+1 --drives 5 --afr 0.0000000001% --rebuild-time 1h"; do
        for f in "${formats[@]}"; do echo "--format $f $base"; done
    done
    echo "durability"
    echo "durability --stripe 146 --drives 9108 --afr 0.5% --rebuild-time 1h"
    echo "durability --stripe 146+4 --drives 10 --afr 0.5% --rebuild-time 1h"
    echo "durability --stripe 146+4 --drives 9108 --afr 150% --rebuild-time 1h"
    echo "durability --stripe 146+4 --drives 9108 --afr 0.5%"
    echo "durability --stripe 146+4 --drives 9108 --afr 0.5% --rebuild-time 1h --rebuild-bandwidth 1GB/s"
    echo "durability --stripe 146+4 --drives 9108 --afr 0.5% --rebuild-time 1h --years 10"
    echo "durability --stripe 146+4 --drives 9108 --afr 0.5% --rebuild-time 1h --fill 50%"
    echo "durability --stripe 8+2 --drives 200 --afr 5% --rebuild-time 72h --method simulate --group name=x,count=2"
    echo "durability --stripe 8+2 --drives 200 --afr 5% --rebuild-time 72h --method guess"
}

cases_size() {
    local file f
    for file in examples/*.json; do
        case "$file" in examples/prices-*) continue ;; esac
        for f in "${formats[@]}"; do echo "--format $f size $file"; done
    done
    for f in "${formats[@]}"; do
        echo "--format $f size examples/checkpoint-cadence.json --prices examples/prices-illustrative.json"
        echo "--format $f size --gpus 16384 --platform gb200-nvl72 --usable 215PB"
    done
    echo "size examples/no-such-file.json"
    echo "size examples/checkpoint-cadence.json --set nosuch=1"
}

# The other commands that print checkpoint figures (size's requirements and
# designs) through the same code: batch, diff, extrapolate, compare, resilience.
cases_others() {
    local f
    for f in "${formats[@]}"; do
        echo "--format $f batch examples"
        echo "--format $f diff examples/checkpoint-cadence.json examples/ncp-pod-41k.json"
        echo "--format $f extrapolate examples/fleet-160k.json"
        echo "--format $f compare examples/fleet-160k.json"
        echo "--format $f resilience examples/checkpoint-cadence.json"
    done
    echo "--format jsonl batch examples"
}

# The extrapolation, resilience, optimiser and diff results (issue 48 item 1):
# every example grown to 1EB, resilience with and without an outage,
# optimize with its Pareto front, diff and compare, in every format; bad input.
cases_results() {
    local file f
    for file in examples/*.json; do
        case "$file" in examples/prices-*) continue ;; esac
        for f in "${formats[@]}"; do
            echo "--format $f extrapolate --target 1EB $file"
            echo "--format $f resilience $file"
            echo "--format $f optimize --pareto $file"
        done
    done
    for f in "${formats[@]}"; do
        echo "--format $f extrapolate --target 2EB --tolerance 10% examples/fleet-phases.json"
        echo "--format $f extrapolate --target 1EB examples/checkpoint-cadence.json --prices examples/prices-illustrative.json"
        echo "--format $f resilience examples/checkpoint-cadence.json --outage 24h --wan 400Gbps --dataset 100PB"
        echo "--format $f resilience examples/fleet-160k.json --afr 2% --dbox-events 1% --fill 50% --rebuild-share 20%"
        echo "--format $f optimize examples/checkpoint-cadence.json"
        echo "--format $f optimize --pareto --objective min-cost examples/checkpoint-cadence.json --prices examples/prices-illustrative.json"
        echo "--format $f optimize --objective max-write --all --pareto examples/ncp-pod-41k.json"
        echo "--format $f diff examples/fleet-160k.json examples/high-density-1eb.json"
        echo "--format $f diff examples/ncp-pod-41k.json examples/ncp-pod-41k.json"
        echo "--format $f diff examples/fleet-phases.json examples/project-three-sites.json"
        echo "--format $f compare examples/high-density-1eb.json"
        echo "--format $f compare --target 1EB examples/checkpoint-cadence.json --prices examples/prices-illustrative.json"
    done
    echo "extrapolate examples/no-such-file.json"
    echo "extrapolate --target lots examples/fleet-160k.json"
    echo "extrapolate --target 1EB --tolerance 80% examples/fleet-160k.json"
    echo "resilience examples/checkpoint-cadence.json --fill 150%"
    echo "resilience examples/checkpoint-cadence.json --outage soon"
    echo "optimize examples/checkpoint-cadence.json --objective cheapest"
    echo "optimize examples/checkpoint-cadence.json --objective min-cost"
    echo "diff examples/checkpoint-cadence.json"
    echo "diff examples/checkpoint-cadence.json examples/no-such-file.json"
    echo "compare examples/checkpoint-cadence.json --with no-such-reference"
}

# Sites and phases, cost and the bill of materials: the examples that have
# sites, phases or replication, with and without a price book, each format,
# extrapolated, the bill written beside (BOM is replaced by a file path and
# the file's bytes are compared too), and bad input.
cases_growth() {
    local file f p
    for file in examples/fleet-phases.json examples/fleet-replication.json \
        examples/project-three-sites.json examples/fleet-160k.json; do
        for p in "" "--prices examples/prices-illustrative.json" \
            "--prices examples/prices-cloud-private-link.json"; do
            for f in "${formats[@]}"; do
                echo "--format $f size $file $p"
                echo "--format $f extrapolate $file $p"
                echo "--format $f compare $file $p"
            done
            echo "size $file $p --bom BOM"
        done
    done
    for f in "${formats[@]}"; do
        echo "--format $f size examples/checkpoint-cadence.json --prices examples/prices-cloud-dated.json"
        echo "--format $f optimize examples/ncp-pod-41k.json --prices examples/prices-illustrative.json"
        echo "--format $f diff examples/fleet-phases.json examples/project-three-sites.json --prices examples/prices-illustrative.json"
    done
    echo "--format jsonl batch examples --prices examples/prices-illustrative.json"
    echo "--format csv batch examples --prices examples/prices-illustrative.json"
    echo "size examples/fleet-phases.json --prices examples/no-such-prices.json"
    echo "size examples/fleet-phases.json --prices examples/fleet-phases.json"
    echo "size examples/fleet-phases.json --bom /no/such/dir/bom.csv"
    echo "size examples/project-three-sites.json --set fleet.sites[0].max_racks=-1"
}

# Price books the examples do not hold, made from prices-illustrative.json in
# the scratch folder: a D-box without a price (the "Unpriced" rows), a cloud
# store without an egress price, a one-year analysis in another currency.
cases_prices() {
    python3 - "$scratch" <<'PY'
import json, sys
base = json.load(open("examples/prices-illustrative.json"))
base.pop("$schema", None)
def book(name, change):
    b = json.loads(json.dumps(base))
    change(b)
    json.dump(b, open(f"{sys.argv[1]}/{name}.json", "w"), indent=1)
book("unpriced", lambda b: b.update(items=[i for i in b["items"] if not i["id"].startswith("dbox")]))
book("noegress", lambda b: b["cloud"].pop("egress_per_gb"))
book("oneyear", lambda b: (b["site"].update(years=1), b.update(currency="EUR")))
PY
    local book f
    for book in unpriced noegress oneyear; do
        for f in "${formats[@]}"; do
            echo "--format $f size examples/ncp-pod-41k.json --prices $scratch/$book.json"
            echo "--format $f compare examples/fleet-160k.json --prices $scratch/$book.json"
            echo "--format $f extrapolate examples/fleet-phases.json --prices $scratch/$book.json"
            echo "--format $f size examples/project-three-sites.json --prices $scratch/$book.json"
        done
        echo "size examples/fleet-replication.json --prices $scratch/$book.json --bom BOM"
    done
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
runs=0
differ=0
for group in "${groups[@]}"; do
    while IFS= read -r line; do
        [[ -z "$line" ]] && continue
        read -r -a args <<<"$line"
        # A written file (--bom BOM): each binary writes its own, compared after.
        "$before" "${args[@]/#BOM/$scratch/b.bom}" >"$scratch/b.out" 2>"$scratch/b.err"
        echo "exit $?" >>"$scratch/b.err"
        "$after" "${args[@]/#BOM/$scratch/a.bom}" >"$scratch/a.out" 2>"$scratch/a.err"
        echo "exit $?" >>"$scratch/a.err"
        if [[ "$line" == *BOM* ]]; then
            sed -i "s|$scratch/[ab].bom|BOM|g" "$scratch"/{a,b}.{out,err}
            cat "$scratch/b.bom" >>"$scratch/b.out"
            cat "$scratch/a.bom" >>"$scratch/a.out"
        fi
        # The binary's own path may appear in a message: compare by name.
        sed -i "s|$before|podsizer|g" "$scratch/b.err"
        sed -i "s|$after|podsizer|g" "$scratch/a.err"
        runs=$((runs + 1))
        # The simulator's wall time differs run to run: compared without it.
        if [[ "$line" == *simulate* ]]; then
            sed -i -E 's/("wall_s": )[0-9.e+-]+/\1W/; s/; [0-9.,]+ s( *\|?)$/; W s\1/' \
                "$scratch"/{a,b}.out
        fi
        if ! cmp -s "$scratch/b.out" "$scratch/a.out" || ! cmp -s "$scratch/b.err" "$scratch/a.err"; then
            differ=$((differ + 1))
            echo "DIFFERS: podsizer $line"
            diff "$scratch/b.out" "$scratch/a.out" | head -20
            diff "$scratch/b.err" "$scratch/a.err" | head -10
        fi
    done < <("cases_$group")
done
echo "$runs runs compared, $differ differ"
[[ $differ -eq 0 ]]
