#!/bin/bash
# gbytes.sh: bytes on the global (dragonfly) and up (fat tree) links per
# algorithm, 22 allreduce calls of 1 MiB (20 + 2 warm-up), counters of
# group-net.sh at 10 Gbit/s with a 1 MB burst (no spurious retransmissions),
# against swing-topo predict's per-call bytes. Not a timing run.
set -u
W=${W:-$(pwd)}   # the top of a built tree
OUT=${OUT:-$W/results/gbytes}
mkdir -p $OUT
cd $W
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_mca_base_component_path=$W/ompi_coll_swing/.libs:/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3
for net in dragonfly-4x4 fattree-4x4; do
    t=@bench/topologies/net-50m/$net.topo
    cls=global; [ $net = fattree-4x4 ] && cls=up
    ./tools/swing-topo/swing-topo predict $t --sizes 1M:1M --bytes 1M > $OUT/$net-model.txt 2>&1
    for c in swing-lo swing-bo rd-lo rd-bo swing-bo-mp ring tuned-3 tuned-4 tuned-6; do
        timeout 300 sh bench/group-net.sh $t --rate 10gbit --burst 1mb --no-check --counters $OUT/$net-$c.cnt -- \
            --mca coll_tuned_use_dynamic_rules 1 --mca coll_swing_topology $t \
            $W/bench/swing_bench -C $c -m 1M:1M -i 20 -w 2 > $OUT/$net-$c.out 2>&1
        m=$c; case $c in tuned-3) m=rd-lo ;; tuned-4) m=ring ;; tuned-6) m=rd-bo ;; esac
        model=$(awk -v a=$m '$1 == a && NF == 4 { print $3 }' $OUT/$net-model.txt)
        meas=$(awk -v c=$cls '$1 == "class" && $2 == c { print $3 }' $OUT/$net-$c.cnt 2>/dev/null)
        ok=$(grep -c "yes" $OUT/$net-$c.out)
        awk -v n=$net -v c=$c -v m=$m -v mo="${model:-0}" -v me="${meas:-0}" -v ok=$ok 'BEGIN {
            printf "%s %s (model: %s) measured %.0f per call, model %.0f, ratio %.3f, validated rows %d\n",
                n, c, m, me / 22, mo, (mo > 0) ? me / 22 / mo : 0, ok }'
    done
done | tee $OUT/summary.txt
