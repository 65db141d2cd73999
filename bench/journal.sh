#!/usr/bin/env bash
# bench/journal.sh — coroner reading the systemd journal, against journalctl.
#
# usage: bench/journal.sh [--entries N] [--reps N] [--seed N]
#   --entries   journal entries to build (default 1000000)
#   --reps      runs per measurement; the median is reported (default 3)
#   --seed      genlog.py seed (default 1)
# Builds once, and caches in bench/data/journal-<N>-s<SEED>/, a journal
# directory made by systemd-journal-remote from the lines of a genlog.py log
# (see bench/README.md), then times, in the same run:
#   coroner --journal-dir DIR              (the full analysis)
#   journalctl --directory DIR -o cat      > /dev/null
#   journalctl --directory DIR -o json     > /dev/null
#   coroner TEXT  (the same N lines as the journalctl-short text they came from)
# Environment: CORONER, BENCH_DATA, PYTHON, GNU_TIME as for run.sh;
# JOURNAL_REMOTE=/path/to/systemd-journal-remote; JOURNAL_CHUNK=N builds the
# journal as files of N entries each (default: one file, split into files of
# 250000 only if systemd-journal-remote does not take all entries in one).

if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u

. "$(dirname "$0")/lib.sh"

entries=1000000
reps=3
seed=1
while [ $# -gt 0 ]; do
        case $1 in
        --entries) entries=${2:?}; shift ;;
        --entries=*) entries=${1#*=} ;;
        --reps) reps=${2:?}; shift ;;
        --reps=*) reps=${1#*=} ;;
        --seed) seed=${2:?}; shift ;;
        --seed=*) seed=${1#*=} ;;
        -h|--help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown option $1 (try --help)" ;;
        esac
        shift
done
positive "$entries" "$reps" "$seed"

find_coroner
check_tools
mkdata
remote=${JOURNAL_REMOTE:-}
if [ -z "$remote" ]; then
        for r in /lib/systemd/systemd-journal-remote /usr/lib/systemd/systemd-journal-remote; do
                [ -x "$r" ] && { remote=$r; break; }
        done
fi
[ -n "$remote" ] && [ -x "$remote" ] ||
        die "systemd-journal-remote not found (Debian: apt-get install systemd-journal-remote)"
command -v journalctl > /dev/null || die "journalctl not found"

# ---- build (cached) --------------------------------------------------------
jdir=$data/journal-$entries-s$seed
jinfo=$jdir.info            # written last: its presence marks a complete build
# genlog lines average ~175 bytes: 200 bytes an entry leaves a margin
log=$(gen_log $(( (entries * 200 >> 20) + 8 )) "$seed") || exit 2

# remote_import FILE FIRST COUNT -> prints the number of entries written
remote_import() {
        local out=$1 first=$2 count=$3 rc written
        "$PY" "$here/journal_export.py" "$log" "$first" "$count" |
                "$remote" --output="$out" --split-mode=none --compress=yes - 2> "$tmp/remote.err"
        rc=("${PIPESTATUS[@]}")
        [ "${rc[0]}" = 0 ] || die "journal_export.py failed (status ${rc[0]})"
        written=$(sed -n 's/.*Finishing after writing \([0-9]*\) entries.*/\1/p' "$tmp/remote.err" | tail -n 1)
        if [ "${rc[1]}" != 0 ]; then
                note "systemd-journal-remote exited with status ${rc[1]}: $(tail -n 2 "$tmp/remote.err" | tr '\n' ' ')"
        fi
        printf '%s\n' "${written:-0}"
}

if [ ! -s "$jinfo" ] || [ ! -d "$jdir" ]; then
        rm -rf "$jdir" "$jinfo" "$jdir.part"
        mkdir -p "$jdir.part"
        note "building $jdir: $entries entries, one journal file ..."
        t0=$EPOCHREALTIME
        split=1
        chunk=${JOURNAL_CHUNK:-}
        if [ -z "$chunk" ]; then
                written=$(remote_import "$jdir.part/remote.journal" 0 "$entries")
        else
                written=0
        fi
        if [ "$written" != "$entries" ]; then
                # One file holds a limited size: split into several.
                chunk=${chunk:-250000}
                if [ -n "${JOURNAL_CHUNK:-}" ]; then
                        note "JOURNAL_CHUNK=$chunk: splitting into files of $chunk entries ..."
                else
                        note "one file took $written of $entries entries; splitting into files of $chunk ..."
                fi
                rm -f "$jdir.part"/*.journal*
                written=0
                split=0
                for ((first = 0; first < entries; first += chunk)); do
                        n=$(( entries - first < chunk ? entries - first : chunk ))
                        w=$(remote_import "$(printf '%s/remote-%03d.journal' "$jdir.part" "$split")" "$first" "$n")
                        [ "$w" = "$n" ] || die "systemd-journal-remote wrote $w of $n entries (file $split)"
                        written=$((written + w))
                        split=$((split + 1))
                done
        fi
        t1=$EPOCHREALTIME
        note "verifying with journalctl ..."
        seen=$(journalctl --no-pager --directory "$jdir.part" -o cat | wc -l)
        [ "$seen" = "$entries" ] || die "journalctl reads $seen entries from $jdir.part, $entries expected"
        mv "$jdir.part" "$jdir"
        {
                echo "entries=$entries"
                echo "files=$(find "$jdir" -name '*.journal*' | wc -l)"
                echo "bytes=$(du -sb "$jdir" | cut -f1)"
                echo "build_seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')"
                echo "source=$log"
        } > "$jinfo"
fi
jval() { sed -n "s/^$1=//p" "$jinfo"; }

# the same lines as text, for the info row
text=$data/journal-$entries-s$seed.txt
if [ ! -s "$text" ]; then
        grep -E '^[A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} [^ ]+ [^ []+\[[0-9]+\]: ' "$log" | head -n "$entries" > "$text.part"
        mv "$text.part" "$text"
fi
note "warming the page cache ..."
cat "$jdir"/* "$text" > /dev/null

report() {
echo "coroner journal benchmark (bench/journal.sh)"
echo
machine_facts
echo "  tools:     $(journalctl --version | head -n 1)"
echo "  settings:  $entries entries, reps $reps (median reported), seed $seed"
echo
echo "journal: $jdir"
echo "  $(jval entries) entries in $(jval files) file(s), $(awk -v b="$(jval bytes)" 'BEGIN { printf "%.1f", b / 1048576 }') MiB on disk" \
        "(built in $(jval build_seconds) s by systemd-journal-remote from $(basename "$(jval source)"))"
echo "  text:  $text ($(file_mib "$text") MiB, the same $entries lines in journalctl's short format)"
echo "  The page cache is warm; throughput is journal entries per second of wall time."
echo

labels=("coroner --journal-dir DIR" "journalctl --directory DIR -o cat" "journalctl --directory DIR -o json"
        "coroner TEXT (same lines as a text file)")
bench_add "${labels[0]}" "$entries" "$tmp/out.cj" 0 "$CORONER" --journal-dir "$jdir"
bench_add "${labels[1]}" "$entries" /dev/null 0 journalctl --no-pager --directory "$jdir" -o cat
bench_add "${labels[2]}" "$entries" /dev/null 0 journalctl --no-pager --directory "$jdir" -o json
bench_add "${labels[3]}" "$entries" "$tmp/out.ct" 0 "$CORONER" "$text"
note "measuring ($reps runs each, interleaved) ..."
bench_run "$reps" "${labels[@]}"

echo "== Journal: $entries entries, median of $reps runs =="
bench_header "entries"
for l in "${labels[@]}"; do bench_row "$l"; done
echo
echo "ratios (wall time; < 1 means coroner is faster):"
bench_ratio "  coroner --journal-dir / journalctl -o cat" "${labels[0]}" "${labels[1]}"
bench_ratio "  coroner --journal-dir / journalctl -o json" "${labels[0]}" "${labels[2]}"
bench_ratio "  coroner --journal-dir / coroner TEXT" "${labels[0]}" "${labels[3]}"
echo
echo "checks:"
echo "  coroner --journal-dir: $(head -n 1 "$tmp/out.cj")"
echo "  coroner TEXT:          $(head -n 1 "$tmp/out.ct")"
echo
}

out=$data/journal-run-$(date +%Y%m%d-%H%M%S).txt
report | tee "$out"
st=${PIPESTATUS[0]}
note "report saved to $out"
exit "$st"
