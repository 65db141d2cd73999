# shellcheck shell=bash
# bench/lib.sh — shared by bench/run.sh and bench/journal.sh (bash; sourced).
#
# Sets: here (bench/), root (repository), data (bench/data or $BENCH_DATA),
# PY, GENLOG, CORONER; provides the measurement helpers below.

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
root=$(dirname "$here")
data=${BENCH_DATA:-$here/data}
PY=${PYTHON:-/usr/bin/python3}
GENLOG=${GENLOG:-$root/../shared/bench/genlog.py}
TIME=${GNU_TIME:-/usr/bin/time}

# Same locale for every tool: coroner compiles its patterns with PCRE2_UTF,
# and grep -P / rg -P use UTF mode only in a UTF-8 locale.
if locale -a 2>/dev/null | grep -qix 'c\.utf-\?8'; then
        export LC_ALL=C.UTF-8
fi

note() { printf '%s\n' "$*" >&2; }
die() { printf 'bench: %s\n' "$*" >&2; exit 2; }

find_coroner() {
        if [ -n "${CORONER:-}" ]; then
                :
        elif [ -x "$root/coroner" ]; then
                CORONER=$root/coroner
        elif [ -x "$PWD/coroner" ]; then
                CORONER=$PWD/coroner
        else
                CORONER=$(command -v coroner) || die "no coroner binary: build it, or set CORONER=/path/to/coroner"
        fi
        case $CORONER in /*) ;; *) CORONER=$(cd "$(dirname "$CORONER")" && pwd -P)/$(basename "$CORONER") ;; esac
        [ -x "$CORONER" ] || die "CORONER=$CORONER is not executable"
}

check_tools() {
        [ -x "$TIME" ] && "$TIME" -f '%e %M' -o /dev/null true 2>/dev/null ||
                die "GNU time is needed at $TIME (Debian: apt-get install time)"
        [ -x "$PY" ] || die "python3 is needed at $PY (or set PYTHON=)"
        [ -r "$GENLOG" ] || die "no log generator at $GENLOG"
        [ -n "${EPOCHREALTIME:-}" ] || die "bash 5 is needed (EPOCHREALTIME)"
}

# positive NUMBER...   dies unless each is a positive integer
positive() {
        local v
        for v in "$@"; do
                case $v in ''|*[!0-9]*|0) die "not a positive number: '$v'" ;; esac
        done
}

# Sets GENWORST (../shared/bench/genworst.py unless set) and checks it.
find_genworst() {
        GENWORST=${GENWORST:-$root/../shared/bench/genworst.py}
        [ -r "$GENWORST" ] || die "no genworst.py at $GENWORST"
}

mkdata() {
        mkdir -p "$data" || die "cannot create $data"
        tmp=$(mktemp -d "$data/.tmp.XXXXXX") || die "mktemp failed"
        trap 'rm -rf "$tmp"' EXIT
        trap 'exit 130' INT TERM
}

# gen_log MIB SEED [--healthy] -> prints the path of the cached log
gen_log() {
        local mib=$1 seed=$2 extra=${3:-} f
        f=$data/genlog-${mib}m-s${seed}${extra:+-healthy}.log
        if [ ! -s "$f" ]; then
                note "generating $f ($mib MiB) ..."
                "$PY" "$GENLOG" "$mib" "$seed" ${extra:+"$extra"} > "$f.part" || die "genlog.py failed"
                mv "$f.part" "$f"
        fi
        printf '%s\n' "$f"
}

# compressed copy with the real tool, cached next to the file
gen_compressed() {
        local f=$1 ext=$2
        [ -s "$f.$ext" ] && [ "$f.$ext" -nt "$f" ] && return 0
        note "compressing $f -> .$ext ..."
        case $ext in
        zst) zstd -q -f -T0 -o "$f.$ext.part" "$f" || die "zstd failed" ;;
        gz) gzip -c "$f" > "$f.$ext.part" || die "gzip failed" ;;
        esac
        mv "$f.$ext.part" "$f.$ext"
        touch "$f.$ext"    # zstd copies the source's mtime
}

file_mib() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1048576 }'; }

# ---- measurements ---------------------------------------------------------
# bench_add LABEL UNITS OUT OKRC CMD...   register a command
#   UNITS: the amount of input the command processes (MiB, or entries), for
#          the throughput column; OUT: where its stdout goes; OKRC: exit
#          statuses that count as success, e.g. "0" or "0 1".
# bench_run REPS LABEL...                 run every LABEL REPS times,
#          interleaved (rep 1 of all, then rep 2 of all, ...), so a slow
#          moment of a shared machine hits all commands alike.
# Wall time: bash's $EPOCHREALTIME (microseconds) around the GNU time call
# (GNU time's own %e has only 10 ms resolution); it is checked against %e.
# Peak RSS: GNU time's %M (max RSS of the process and of its waited-for
# children: for `sh -c 'cat F | coroner'` that is the largest of sh, cat and
# coroner).
declare -A B_CMD B_OUT B_OK B_UNITS B_T B_M B_E B_FAIL
bench_add() {
        local label=$1 units=$2 out=$3 ok=$4
        shift 4
        B_UNITS[$label]=$units
        B_OUT[$label]=$out
        B_OK[$label]=$ok
        B_CMD[$label]=$(printf '%q ' "$@")
        B_T[$label]=""
        B_M[$label]=""
        B_E[$label]=""
        B_FAIL[$label]=""
}

bench_once() {
        local label=$1 t0 t1 rc line
        [ -n "${B_FAIL[$label]}" ] && return 0
        t0=$EPOCHREALTIME
        eval "\"\$TIME\" -f '%e %M' -o \"\$tmp/time\" ${B_CMD[$label]}" > "${B_OUT[$label]}" 2> "$tmp/stderr" < /dev/null
        rc=$?
        t1=$EPOCHREALTIME
        case " ${B_OK[$label]} " in
        *" $rc "*) ;;
        *)
                B_FAIL[$label]="exit status $rc$( [ "$rc" -gt 128 ] && printf ', signal %d' $((rc - 128)) ): $(tail -n 3 "$tmp/stderr" | tr '\n' ' ')"
                return 0 ;;
        esac
        line=$(tail -n 1 "$tmp/time")
        B_T[$label]+="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }') "
        B_E[$label]+="${line%% *} "
        B_M[$label]+="${line##* } "
}

bench_run() {
        local reps=$1 r label
        shift
        for ((r = 1; r <= reps; r++)); do
                for label in "$@"; do
                        note "  [$r/$reps] $label"
                        bench_once "$label"
                done
        done
}

median() { tr ' ' '\n' | awk 'NF' | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print ""; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

bench_time() { printf '%s' "${B_T[$1]}" | median; }            # seconds
bench_rss() { printf '%s' "${B_M[$1]}" | median; }             # KiB

# bench_row LABEL [UNIT-NAME]   one table row: median wall s, throughput, median peak RSS MiB
bench_header() {
        printf '%-58s %9s %12s %13s\n' "command" "wall s" "${1:-MiB}/s" "peak RSS MiB"
        printf '%-58s %9s %12s %13s\n' "-------" "------" "-----" "------------"
}
bench_row() {
        local label=$1 t m
        if [ -n "${B_FAIL[$label]}" ]; then
                printf '%-58s FAILED (%s)\n' "$label" "${B_FAIL[$label]}"
                return
        fi
        t=$(bench_time "$label")
        m=$(bench_rss "$label")
        awk -v l="$label" -v t="$t" -v u="${B_UNITS[$label]}" -v m="$m" -v e="$(printf '%s' "${B_E[$label]}" | median)" 'BEGIN {
                tp = (t > 0) ? u / t : 0
                if (u == 0) printf "%-58s %9.3f %12s %13.1f", l, t, "-", m / 1024
                else printf "%-58s %9.3f " ((tp >= 10000) ? "%12.0f" : "%12.1f") " %13.1f", l, t, tp, m / 1024
                if (t - e > 0.05 || e - t > 0.05) printf "   (GNU time %%e: %.2f)", e
                printf "\n"
        }'
}

# bench_ratio TEXT A B   prints TEXT = time(A)/time(B)
bench_ratio() {
        local text=$1 a=$2 b=$3
        if [ -n "${B_FAIL[$a]}${B_FAIL[$b]}" ] || [ -z "${B_T[$a]}" ] || [ -z "${B_T[$b]}" ]; then
                printf '%-58s %9s\n' "$text" "n/a"
                return
        fi
        awk -v l="$text" -v a="$(bench_time "$a")" -v b="$(bench_time "$b")" \
                'BEGIN { if (b > 0) printf "%-58s %9.3f\n", l, a / b; else printf "%-58s %9s\n", l, "n/a" }'
}

machine_facts() {
        echo "machine:"
        echo "  date:      $(date -Iseconds)"
        echo "  nproc:     $(nproc)"
        echo "  cpu:       $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
        echo "  memory:    $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
        echo "  kernel:    $(uname -sr)"
        echo "  coroner:   $("$CORONER" --version 2>&1 | head -n 1) ($CORONER)"
        echo "  locale:    LC_ALL=${LC_ALL:-unset}"
}
