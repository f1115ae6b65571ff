#!/bin/sh
# ab.sh: swing's entry, old component (comp-old) against new (comp) against stock, osu_bcast and
# osu_reduce at np 2, 8-64 B, every size handed to previous (previous.table), 8 rounds rotating the order
R=/var/tmp/r44
LOG=/work/main/docs/results/2026-11-30f/LOG
O=/work/main/docs/results/2026-11-30f/entry-ab
mkdir -p $O
while :; do l=$(cut -d' ' -f1 /proc/loadavg); awk -v l=$l 'BEGIN{exit !(l<1)}' && break; sleep 5; done
echo "=== entry-ab start $(date +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $LOG
echo "    /var/tmp/r44/ab.sh: OSU -m 8:64 -i 20000 at np 2, comp-old / comp-new (previous.table) / stock, 8 rounds" >> $LOG
t0=$(date +%s)
one() { # WHICH BENCH ROUND
  case $1 in
  stock) x="--mca coll ^swing" ;;
  old) x="--mca mca_base_component_path $R/comp-old:/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3 --mca coll_swing_decision_file $R/previous.table" ;;
  new) x="--mca mca_base_component_path $R/comp:/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3 --mca coll_swing_decision_file $R/previous.table" ;;
  esac
  mpirun --allow-run-as-root -np 2 --bind-to core $x /var/tmp/osu/c/mpi/collective/$2 -m 8:64 -i 20000 > $O/$2.$1.r$3.txt 2>&1
}
for r in 1 2 3 4 5 6 7 8; do
  case $((r % 3)) in 0) o="stock old new" ;; 1) o="old new stock" ;; 2) o="new stock old" ;; esac
  for b in osu_bcast osu_reduce; do for w in $o; do one $w $b $r; done; done
done
echo "=== entry-ab end $(date +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg) took $(( $(date +%s)-t0 )) s" >> $LOG
