#!/usr/bin/env bash
# Runs one matrix of podsizer commands with two binaries and compares their
# stdout, stderr and exit code byte for byte: the check that a refactoring
# changed no output (issue 48, "Done when"). Each run's three results are
# kept under OUT/before and OUT/after; the differing runs are listed.
#
# Usage: scripts/byte-identical-cli.sh BEFORE_BINARY AFTER_BINARY [OUT_DIR]
#   e.g. cp build/default/cli/podsizer /tmp/before-podsizer   (on main)
#        ... change, build ...
#        scripts/byte-identical-cli.sh /tmp/before-podsizer build/default/cli/podsizer
# Exit code: 0 when every run matches, 1 otherwise.
#
# The matrix: every example scenario with size, compare, extrapolate,
# resilience and checkpoint in every format; design; batch with --jobs;
# sweep with --vary and --set over every field kind; durability with
# --stripe and --group; and bad values of each of those flags. The
# simulator's run line (its elapsed seconds) is the one line masked.
set -u
cd "$(dirname "$0")/.."
before=$(realpath "$1")
after=$(realpath "$2")
out=${3:-$(mktemp -d /tmp/byte-identical.XXXXXX)}
mkdir -p "$out/before" "$out/after"
export LC_ALL=C SOURCE_DATE_EPOCH=1700000000

cases() {
    local scenarios=(examples/fleet-160k.json examples/fleet-phases.json
        examples/fleet-replication.json examples/high-density-1eb.json
        examples/ncp-pod-41k.json examples/project-three-sites.json
        examples/workloads-b300.json examples/checkpoint-cadence.json)
    local f fmt
    for f in "${scenarios[@]}"; do
        for fmt in table json csv md; do
            echo "--format $fmt size $f"
            echo "--format $fmt compare $f"
            echo "--format $fmt extrapolate $f"
            echo "--format $fmt resilience $f"
        done
    done
    for fmt in table json csv md; do
        echo "--format $fmt checkpoint examples/checkpoint-cadence.json"
        echo "--format $fmt design --cnode cnode-1u --dbox dbox-1u-22 --cnodes 40 --dboxes 80"
        echo "--format $fmt design --cnode cnode-1u --dbox dbox-1u-22 --cnodes 40 --dboxes 80 --scenario examples/ncp-pod-41k.json --size-for dbox-down"
        echo "--format $fmt size examples/ncp-pod-41k.json --prices examples/prices-illustrative.json"
        echo "--format $fmt diff examples/ncp-pod-41k.json examples/high-density-1eb.json"
    done
    # batch --jobs, good and bad
    for fmt in table json csv md jsonl; do
        echo "--format $fmt batch examples/ncp-pod-41k.json examples/high-density-1eb.json --jobs 1"
        echo "--format $fmt batch examples/ncp-pod-41k.json examples/high-density-1eb.json -j 2"
    done
    local j
    for j in 0 -1 257 300 1,5 2.5 abc 1e2 '""' 256 4 ' 2'; do
        echo "batch examples/ncp-pod-41k.json --jobs $j"
        echo "sweep examples/ncp-pod-41k.json --vary gpus=4096,8192 --jobs $j"
    done
    # sweep: --vary and --set over the field kinds, good and bad
    local v
    for v in 'gpus=4096..65536*2' 'gpus=4096,8192' 'gpus=4096..16384+4096' 'gpus=1e4,2e4' \
        'gpus=0' 'gpus=01,2' 'gpus=1,,2' 'gpus=1.5' 'gpus=2e20' 'gpus=4096..1024+1' \
        'capacity.usable=100PB..300PB+100PB' 'capacity.usable=100 PB,200 PB' 'capacity.usable=100' \
        'constraints.headroom=0%..20%+10%' 'constraints.headroom=5' 'constraints.headroom=1,5' \
        'constraints.pue=1.2,1.5' 'constraints.pue=1,5' 'constraints.pue=x' 'constraints.pue=1.2..1.6+0.2' \
        'data_reduction=1.5,2' 'data_reduction=1,5' 'data_reduction=abc' \
        'options[0].cnodes=100,knee,auto' 'options[0].cnodes=zero' 'options[0].cnodes=100..300+100' \
        'options[0].cd_ratio=1:2,1:3' 'options[0].cd_ratio=1..2+1' \
        'constraints.size_for=intact,dbox-down,rack-down' 'constraints.size_for=sideways' \
        'constraints.optimize_rack=true,false' 'constraints.optimize_rack=maybe' \
        'drive=auto,30.72TB' 'drive=30.72' 'dbox=dbox-1u-22,dbox-2u-44-hd' 'dbox=nope' \
        'tier=good,better' 'checkpoint.failure_rate=0.1,xyz' 'fleet.gpus_per_cluster=2048,4096' \
        'options[0].dboxes=100..200+50' 'resilience.afr=1%,2%' 'resilience.afr=1' 'nopath=1' \
        'gpus' 'gpus=' 'constraints.min_nines=3,4' 'constraints.min_nines=1,5' \
        'options[0].cd_ratio=1:2,x' 'options[0].cd_ratio=1:2,0:1' 'constraints.cd_min=1:4,1:3' \
        'options[0].cnodes=01' 'options[0].cnodes=2e20' 'fleet.gpus=-5' 'constraints.max_racks=0,5' \
        'performance.read_per_gpu=1GB/s,x' 'drive=auto..30TB+1TB' 'capacity.usable=1e2PB' \
        'constraints.layout=classic,dbox-ha' 'constraints.layout=wide'; do
        for fmt in table csv; do
            echo "--format $fmt sweep examples/ncp-pod-41k.json --vary '$v' -j 1"
        done
        echo "--format jsonl sweep examples/ncp-pod-41k.json --vary '$v' -j 1"
    done
    local s
    for s in 'fleet.gpus=16384' 'fleet.gpus=2e4' 'fleet.gpus=1,5' 'fleet.gpus=01' 'fleet.gpus=0' \
        'constraints.pue=1,5' 'constraints.pue=1.5' 'data_reduction=1,5' 'data_reduction=1.5' \
        'constraints.headroom=1,5%' 'constraints.headroom=15%' 'capacity.usable=1,5PB' \
        'capacity.usable=150PB' 'options[0].drive=30.72TB' 'options[0].drive=auto' \
        'options[0].cnodes=knee' 'options[0].cnodes=1,5' 'constraints.size_for=dbox-down' \
        'constraints.rack_resilient=true' 'constraints.rack_resilient=yes' 'name=x' 'gpus'; do
        echo "size examples/ncp-pod-41k.json --set '$s'"
        echo "--format csv sweep examples/ncp-pod-41k.json --set '$s' --vary gpus=4096,8192 -j 1"
        echo "resilience examples/ncp-pod-41k.json --set '$s'"
    done
    local c='examples/checkpoint-cadence.json'
    for v in 'checkpoint.jobs[0].bytes_per_param=2,4' 'checkpoint.jobs[0].bytes_per_param=2,bogus' \
        'checkpoint.jobs[0].params=70B,1.8T' 'checkpoint.jobs[0].params=70Q' \
        'checkpoint.failure_rate=0.5,1e-3' 'checkpoint.jobs[0].stall_budget=5%,10%' \
        'checkpoint.jobs[0].interval=auto,10min' 'checkpoint.jobs[0].interval=10' \
        'checkpoint.concurrent=true,false' 'checkpoint.jobs[0].mode=sync,async'; do
        echo "--format csv sweep $c --vary '$v' -j 1"
        echo "size $c --set '$v'"
    done
    # durability: --stripe and --group, good and bad
    local d='--drives 1000 --afr 1% --rebuild-time 10h'
    for fmt in table json csv md; do
        echo "--format $fmt durability --stripe 8+2 $d"
        echo "--format $fmt durability --stripe 146+4 --drives 3960 --afr 0.5% --rebuild-bandwidth 993.6GB/s --drive-size 61.44TB"
        echo "--format $fmt durability --stripe 8+2 $d --method simulate --years 2000 --threads 1 --group name=enc,count=10,afr=2%,strips=2,rebuild=44h"
        echo "--format $fmt durability --stripe 8+2 $d --method simulate --years 2000 --threads 1 --seed 7 --group count=10,afr=2%,strips=2,rebuild=44h --group name=psu,count=5,afr=1%,strips=1,rebuild=2h"
    done
    for v in 8+0 0+2 8 +2 8+ a+b 10001+1 1+1001 8+2+1 ' 8+2' 8.0+2 1e1+2 '""' 8,0+2 10000+1000; do
        echo "durability --stripe '$v' $d"
    done
    echo "durability $d"
    echo "durability --stripe 8+2 --drives 5 --afr 1% --rebuild-time 10h"
    local g
    for g in 'name=a' 'count=10,afr=2%,strips=2' 'count=0,afr=2%,strips=2,rebuild=1h' \
        'count=1,5,afr=2%,strips=2,rebuild=1h' 'count=10,afr=0%,strips=2,rebuild=1h' \
        'count=10,afr=100%,strips=2,rebuild=1h' 'count=10,afr=2,strips=2,rebuild=1h' \
        'count=10,afr=2%,strips=11,rebuild=1h' 'count=10,afr=2%,strips=0,rebuild=1h' \
        'count=10,afr=2%,strips=2,rebuild=0h' 'count=10,afr=2%,strips=2,rebuild=5' \
        'count=10,afr=2%,strips=2,rebuild=1h,colour=red' 'count=10,count=11,afr=2%,strips=2,rebuild=1h' \
        'name=,count=10,afr=2%,strips=2,rebuild=1h' 'count=1e3,afr=2%,strips=2,rebuild=1h' \
        'count=01,afr=2%,strips=2,rebuild=1h' 'count=10,afr=2.5%,strips=2,rebuild=90min' \
        'count=10,afr=1,5%,strips=2,rebuild=1h' 'count=2000000000,afr=2%,strips=2,rebuild=1h' \
        'nokey' ''; do
        echo "durability --stripe 8+2 $d --method simulate --years 100 --threads 1 --group '$g'"
    done
    echo "durability --stripe 8+2 $d --group count=10,afr=2%,strips=2,rebuild=1h"
    for j in 0 257 1,5 x; do
        echo "durability --stripe 8+2 $d --method simulate --years 100 --threads '$j'"
    done
    for v in 0 1.5 x 1,5 25% 0.25; do
        echo "durability --stripe 8+2 $d --read-amplification '$v'"
    done
    for c in 'sweep --help' 'batch --help' 'durability --help' 'design --help' 'size --help'; do
        echo "$c"
    done
}

# The simulator's "Run ... s" line (and its Markdown row) holds its elapsed seconds.
mask() { sed -E 's/^(Run .*; )[0-9.]+ s$/\1X s/; s/^(\| Run \|.*; )[0-9.]+ s \|$/\1X s |/; s/("wall_s": )[0-9.e+-]+/\1X/' "$1" >"$1.m" && mv "$1.m" "$1"; }

runs=0
differ=0
while IFS= read -r line; do
    runs=$((runs + 1))
    for side in before after; do
        bin=$before
        [ "$side" = after ] && bin=$after
        dir="$out/$side/$runs"
        mkdir -p "$dir"
        printf '%s\n' "$line" >"$dir/cmd"
        eval "\"$bin\" $line" >"$dir/stdout" 2>"$dir/stderr" </dev/null
        echo $? >"$dir/rc"
        mask "$dir/stdout"
        mask "$dir/stderr"
    done
    if ! diff -q "$out/before/$runs" "$out/after/$runs" >/dev/null; then
        differ=$((differ + 1))
        echo "DIFFERS ($runs): podsizer $line"
    fi
done < <(cases)
echo "$runs runs compared, $differ differ (results in $out)"
[ "$differ" -eq 0 ]
