#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Bad MCA input: every coll_swing_* parameter (listed by ompi_info, so new
# ones are covered) gets empty, negative, huge and non-numeric values;
# coll_swing_topology gets missing, directory, FIFO, empty, malformed and
# 100 MB garbage files and malformed shapes; unknown parameter names too.
# Every algorithm parameter's help must name each of its values.
# Every case must run a checked allreduce job to exit 0 with right results
# and print at most one distinct message (each rank may print it once).
# A message is its first line: not counted are the help-message frame,
# indented detail lines, aggregation notices, the second line of swing's
# help messages ("The job continues; ..."), and
# "ORTE_ERROR_LOG: Data unpack ... show_help.c" lines that mpirun of Open MPI
# 4.1.4 prints now and then whenever several ranks send a help message at
# once (reproduced with stock btl/tcp warnings and swing disabled).
# Cases marked "served" must also still be served by swing (a bad value
# falls back to the default, it does not switch the component off).
#
#   badinput.sh          short form: one value of each class per parameter
#   badinput.sh --long   every value, np 2 and 5, and a table on stdout
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/rel_lib.sh"
tests_dir=${SWING_TESTS_DIR:-$(pwd)}
mpirun_sh="$here/../mpi/mpirun.sh"
prog="$tests_dir/reliability/stress"
[ -x "$prog" ] || { echo "badinput.sh: $prog not built"; exit 99; }
long=0
[ "${1:-}" = "--long" ] && long=1

work=$(mktemp -d /tmp/swing-badinput.XXXXXX)
trap 'rm -rf "$work"' EXIT INT TERM
mkfifo "$work/fifo"
: >"$work/empty.topo"
printf 'logical 4x\n' >"$work/malformed.topo"
printf 'name x\nlogical 3x3\norder row-major\n' >"$work/wrongsize.topo"
printf 'logical 2x2\nbogus_keyword 17\n' >"$work/unknown_keyword.topo"
head -c 100000000 /dev/urandom >"$work/garbage.topo"
[ $long = 1 ] && { head -c 100000000 /dev/zero | tr '\0' 'x' >"$work/oneline.topo"; }
touch "$work/unreadable.topo"; chmod 000 "$work/unreadable.topo"

params=$(rel_ompi_info --param coll swing --level 9 --parsable 2>/dev/null \
    | sed -n 's/^mca:coll:swing:param:\(coll_swing_[a-z0-9_]*\):type:\(.*\)$/\1:\2/p' | sort -u)
[ -n "$params" ] || { echo "badinput.sh: ompi_info lists no coll_swing parameters"; exit 99; }

# Every algorithm parameter's help names each of its values ("NAME = "):
# the help is made from the algorithm table, and one cut short would hide
# the last rows.
short=$(rel_ompi_info --param coll swing --level 9 --parsable 2>/dev/null | awk -F: '
    $5 ~ /_algorithm$/ && $6 == "help" { help[$5] = substr($0, index($0, ":help:") + 6) }
    $5 ~ /_algorithm$/ && $6 == "enumerator" { vals[$5] = vals[$5] " " $9 }
    END {
        for (p in vals) {
            n = split(vals[p], v, " ")
            for (i = 1; i <= n; i++) {
                if (index(help[p], " " v[i] " = ") == 0) { print p ": " v[i] }
            }
        }
    }')
[ -z "$short" ] || { echo "badinput.sh: values missing from their help: $short"; exit 1; }

# id|expect|mca name|value ; expect: served (swing must serve) or any
cases="$work/cases"
: >"$cases"
for pt in $params; do
    p=${pt%%:*}; t=${pt#*:}
    expect=served
    case $p in
        coll_swing_priority) expect=any ;;            # <= 0 switches swing off, by design
    esac
    case $t in
        bool) vals="|maybe|2|-1" ;;
        string) vals="|-1|%%%garbage%%%" ;;
        *) vals="|-1|-99999999999|99999999999999999999999|abc|12abc|0x7fffffffffffffff" ;;
    esac
    [ $long = 0 ] && case $t in bool) vals="maybe" ;; string) vals="%%%garbage%%%" ;;
                                  *) vals="-1|abc" ;; esac
    echo "$vals" | tr '|' '\n' | while IFS= read -r v; do
        echo "$p=$v|$expect|$p|$v" >>"$cases"
    done
done
# the enum by name and number
algvals="bogus 99 SWING_LO"
[ $long = 0 ] && algvals=bogus
for v in $algvals; do
    echo "coll_swing_allreduce_algorithm=$v|served|coll_swing_allreduce_algorithm|$v" >>"$cases"
done
topovals="bogus torus:0x4 torus:-2x2 torus:4x ring: torus:99999999999x2 torus:3x3
    @/nonexistent/file.topo @$work @$work/fifo @$work/empty.topo @$work/malformed.topo
    @$work/wrongsize.topo @$work/unknown_keyword.topo @$work/garbage.topo @$work/unreadable.topo @"
[ $long = 0 ] && topovals="torus:4x torus:3x3 @/nonexistent/file.topo @$work @$work/fifo
    @$work/empty.topo @$work/garbage.topo"
for v in $topovals; do
    echo "coll_swing_topology=$v|served|coll_swing_topology|$v" >>"$cases"
done
[ $long = 1 ] && echo "coll_swing_topology=@oneline|served|coll_swing_topology|@$work/oneline.topo" >>"$cases"
echo "coll_swing_no_such_param=1|served|coll_swing_no_such_param|1" >>"$cases"
[ $long = 1 ] && echo "coll_swing_=1|served|coll_swing_|1" >>"$cases"

nps=3
[ $long = 1 ] && nps="2 5"
fails=0
n=0
log="$work/log"
while IFS='|' read -r id expect name value; do
    for np in $nps; do
        n=$((n + 1))
        chk=""
        [ "$expect" = any ] && chk="--no-swing"
        OMPI_MCA_coll_swing_verbose=0 timeout 120 "$mpirun_sh" -np "$np" --mca "$name" "$value" \
            "$prog" --iters 30 --max-count 3000 --seed 7 $chk </dev/null >"$log" 2>&1
        rc=$?
        served=$(sed -n 's/^stress: swing served \([0-9]*\) .*/\1/p' "$log")
        msgs=$(grep -v -e '^stress:' -e '^--*$' -e '^$' -e '^[[:space:]]' -e 'more process.* sent help message' \
                   -e 'orte_base_help_aggregate' -e 'ORTE_ERROR_LOG: .*show_help\.c' \
                   -e '^The job continues' "$log" | sed 's/^\[[^]]*\] //' | sort -u)
        nmsg=$(printf '%s' "$msgs" | grep -c '^')
        verdict=ok
        if [ $rc != 0 ] || ! grep -q 'problems: OK' "$log"; then
            verdict=FAIL
        elif [ "$nmsg" -gt 1 ] && [ "$name" != coll_swing_verbose ]; then
            # (a verbosity that parses as a number, such as 12abc -> 12, talks by design)
            verdict="FAIL(messages)"
        fi
        case $verdict in FAIL*) fails=$((fails + 1)) ;; esac
        first=$(printf '%s' "$msgs" | head -n 1 | cut -c 1-200)
        [ $rc = 124 ] && first="TIMEOUT (hang) $first"
        echo "$verdict np $np [$id] exit $rc, swing served ${served:-?}, $nmsg distinct message(s): ${first:-(none)}"
        if [ "$verdict" != ok ]; then
            grep -v '^--*$' "$log" | head -n 15 | sed 's/^/    /'
        fi
    done
done <"$cases"
echo "badinput.sh: $n runs, $fails failed"
[ $fails = 0 ]
