#!/bin/bash
# gbytes2.sh: bytes on the global (dragonfly) and up (fat tree) links per
# reduce-scatter algorithm, 22 MPI_Reduce_scatter_block calls of 1 MiB
# (the whole vector; 20 + 2 warm-up), counters of group-net.sh at 10
# Gbit/s with a 1 MB burst. Not a timing run.
set -u
W=${W:-$(pwd)}   # the top of a built tree
OUT=${OUT:-$W/results/gbytes-rs}
mkdir -p $OUT
cd $W
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_mca_base_component_path=$W/ompi_coll_swing/.libs:/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3
for net in dragonfly-4x4 fattree-4x4; do
    t=@bench/topologies/net-50m/$net.topo
    cls=global; [ $net = fattree-4x4 ] && cls=up
    for c in swing-bo rd-bo ring tuned-2 tuned-3 tuned-4; do
        timeout 300 sh bench/group-net.sh $t --rate 10gbit --burst 1mb --no-check --counters $OUT/$net-$c.cnt -- \
            --mca coll_tuned_use_dynamic_rules 1 --mca coll_swing_topology $t \
            $W/bench/swing_bench -k reduce_scatter_block -C $c -m 1M:1M -i 20 -w 2 > $OUT/$net-$c.out 2>&1
        meas=$(awk -v c=$cls '$1 == "class" && $2 == c { print $3 }' $OUT/$net-$c.cnt 2>/dev/null)
        ok=$(grep -c "yes" $OUT/$net-$c.out)
        awk -v n=$net -v c=$c -v me="${meas:-0}" -v ok=$ok 'BEGIN {
            printf "%s %s measured %.0f per call (%.3f n), validated rows %d\n", n, c, me / 22, me / 22 / 1048576, ok }'
    done
done | tee $OUT/summary.txt
