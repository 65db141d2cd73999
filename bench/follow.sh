#!/usr/bin/env bash
# bench/follow.sh — coroner --follow at the end of a pipe at full speed,
# beside the same input read without --follow and the pipe alone.
#
# usage: bench/follow.sh [--mib N] [--worst-mib N] [--reps N] [--seed N]
#   --mib        size of the healthy-ish genlog.py input (default 1024)
#   --worst-mib  size of the error-dense genworst.py crashloop input (default 256)
#   --reps       runs per measurement; the median is reported (default 3)
# Times, in the same run, for each input F:
#   cat F > /dev/null                          (the pipe's own cost, the reference)
#   cat F | coroner -f json > /dev/null        (no --follow: the report at EOF)
#   cat F | coroner --follow -f json > /dev/null
# Environment: CORONER, BENCH_DATA, PYTHON, GNU_TIME as for run.sh;
# GENWORST=/path/to/genworst.py.

if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u

. "$(dirname "$0")/lib.sh"

mib=1024
worst_mib=256
reps=3
seed=1
while [ $# -gt 0 ]; do
        case $1 in
        --mib) mib=${2:?}; shift ;;
        --worst-mib) worst_mib=${2:?}; shift ;;
        --reps) reps=${2:?}; shift ;;
        --seed) seed=${2:?}; shift ;;
        -h|--help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown option $1 (try --help)" ;;
        esac
        shift
done
positive "$mib" "$worst_mib" "$reps" "$seed"

find_coroner
check_tools
mkdata
find_genworst

healthy=$(gen_log "$mib" "$seed") || exit 2
worst=$data/genworst-crashloop-${worst_mib}m-s$seed.log
if [ ! -s "$worst" ]; then
        note "generating $worst ..."
        "$PY" "$GENWORST" crashloop "$worst_mib" "$seed" 0.39 > "$worst.part" || die "genworst.py failed"
        mv "$worst.part" "$worst"
fi
note "warming the page cache ..."
cat "$healthy" "$worst" > /dev/null

labels=()
for f in "$healthy" "$worst"; do
        name=$(basename "$f" .log)
        units=$(file_mib "$f")
        bench_add "$name: cat > /dev/null" "$units" /dev/null 0 sh -c 'cat "$1" > /dev/null' sh "$f"
        bench_add "$name: cat | coroner -f json" "$units" /dev/null "0 1" sh -c 'cat "$1" | "$2" -f json' sh "$f" "$CORONER"
        bench_add "$name: cat | coroner --follow -f json" "$units" /dev/null "0 1" sh -c 'cat "$1" | "$2" --follow -f json' sh "$f" "$CORONER"
        labels+=("$name: cat > /dev/null" "$name: cat | coroner -f json" "$name: cat | coroner --follow -f json")
done
bench_run "$reps" "${labels[@]}"

report() {
echo "coroner follow benchmark (bench/follow.sh)"
echo
machine_facts
echo "  settings:  reps $reps (median reported), seed $seed"
echo
bench_header
for l in "${labels[@]}"; do bench_row "$l"; done
echo
for f in "$healthy" "$worst"; do
        name=$(basename "$f" .log)
        bench_ratio "$name: --follow / without" "$name: cat | coroner --follow -f json" "$name: cat | coroner -f json"
        bench_ratio "$name: --follow / cat alone" "$name: cat | coroner --follow -f json" "$name: cat > /dev/null"
done
}
out=$data/follow-$(date +%Y%m%d-%H%M%S).txt
report | tee "$out"
note "report: $out"
