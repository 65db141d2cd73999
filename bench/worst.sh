#!/usr/bin/env bash
# bench/worst.sh — the speed issue's inputs (#11 of the brief, tracker 14):
# healthy-ish and error-dense logs, coroner against `rg -c -f` with the
# shared peer patterns on the same file, in the same run.
#
# usage: bench/worst.sh [--mib N] [--distinct N] [--reps N] [--seed N] [--only NAME]
#   --mib       size of the genlog, crashloop and corpus inputs (default 1024)
#   --distinct  lines of the genworst.py distinct input (default 100000)
#   --reps      runs per measurement; the median is reported (default 3)
#   --only      one input: genlog, crashloop, corpus or distinct
# Inputs, cached in bench/data/:
#   genlog.py MIB SEED                          (healthy-ish)
#   genworst.py crashloop MIB SEED 0.175        (the standard crash loop, ~39% evidence lines)
#   genworst.py corpus corpus/ MIB              (the corpus's own logs, repeated)
#   genworst.py distinct N SEED                 (N distinct failures)
# For each: `rg -c -f ../shared/bench/patterns.txt F` (109 signature-like
# regexes, rg's default engine) and `coroner -f json F`; the ratio
# coroner / rg is what the issue's targets are stated in.
# Environment: CORONER, BENCH_DATA, PYTHON, GNU_TIME as for run.sh;
# GENWORST, PATTERNS (default ../shared/bench/{genworst.py,patterns.txt}).

if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u

. "$(dirname "$0")/lib.sh"

mib=1024
distinct=100000
reps=3
seed=1
only=
while [ $# -gt 0 ]; do
        case $1 in
        --mib) mib=${2:?}; shift ;;
        --distinct) distinct=${2:?}; shift ;;
        --reps) reps=${2:?}; shift ;;
        --seed) seed=${2:?}; shift ;;
        --only) only=${2:?}; shift ;;
        -h|--help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown option $1 (try --help)" ;;
        esac
        shift
done
positive "$mib" "$distinct" "$reps" "$seed"

find_coroner
check_tools
mkdata
find_genworst
PATTERNS=${PATTERNS:-$root/../shared/bench/patterns.txt}
[ -r "$PATTERNS" ] || die "no peer patterns at $PATTERNS"
command -v rg > /dev/null || die "ripgrep is needed (Debian: apt-get install ripgrep)"

# gen_worst NAME ARGS... -> the cached genworst.py output
gen_worst() {
        local f=$data/genworst-$1.log
        shift
        if [ ! -s "$f" ]; then
                note "generating $f ..."
                "$PY" "$GENWORST" "$@" > "$f.part" 2> /dev/null || die "genworst.py $* failed"
                mv "$f.part" "$f"
        fi
        printf '%s\n' "$f"
}

inputs=()
want() { [ -z "$only" ] || [ "$only" = "$1" ]; }
want genlog && inputs+=("$(gen_log "$mib" "$seed")")
want crashloop && inputs+=("$(gen_worst "crashloop-${mib}m-s$seed-0.175" crashloop "$mib" "$seed" 0.175)")
want corpus && inputs+=("$(gen_worst "corpus-${mib}m" corpus "$root/corpus" "$mib")")
want distinct && inputs+=("$(gen_worst "distinct-$distinct-s$seed" distinct "$distinct" "$seed")")
[ ${#inputs[@]} -gt 0 ] || die "--only: genlog, crashloop, corpus or distinct"

note "warming the page cache ..."
cat "${inputs[@]}" > /dev/null

labels=()
for f in "${inputs[@]}"; do
        name=$(basename "$f" .log)
        units=$(file_mib "$f")
        bench_add "$name: rg -c -f patterns.txt" "$units" /dev/null "0 1" rg -c -f "$PATTERNS" "$f"
        bench_add "$name: coroner -f json" "$units" /dev/null "0 1" "$CORONER" -f json "$f"
        labels+=("$name: rg -c -f patterns.txt" "$name: coroner -f json")
done
bench_run "$reps" "${labels[@]}"

report() {
echo "coroner on error-dense logs (bench/worst.sh)"
echo
machine_facts
echo "  rg:        $(rg --version | head -n 1)"
echo "  settings:  reps $reps (median reported), seed $seed, patterns $PATTERNS"
echo
bench_header
for l in "${labels[@]}"; do bench_row "$l"; done
echo
for f in "${inputs[@]}"; do
        name=$(basename "$f" .log)
        bench_ratio "$name: coroner / rg -c -f" "$name: coroner -f json" "$name: rg -c -f patterns.txt"
done
}
out=$data/worst-$(date +%Y%m%d-%H%M%S).txt
report | tee "$out"
note "report: $out"
