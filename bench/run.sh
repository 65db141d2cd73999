#!/usr/bin/env bash
# bench/run.sh — coroner's throughput benchmark.  See bench/README.md.
#
# usage: bench/run.sh [--quick] [--main MIB] [--sizes MIB,MIB,...] [--reps N]
#                     [--seed N] [--factor N]
#   (default)   main input 1024 MiB; input-size scaling 256,1024,4096 MiB
#   --quick     main input 64 MiB; scaling 64,256 MiB (about a minute once
#               the inputs are cached)
#   --main      size of the main input (MiB)
#   --sizes     input-size scaling sizes (MiB, comma-separated; "" skips)
#   --reps      runs per measurement; the median is reported (default 3)
#   --seed      genlog.py seed (default 1)
#   --factor    signature-scaling factor (default 10)
# Environment: CORONER=/path/to/coroner (default: the repository's ./coroner),
# BENCH_DATA=DIR (default bench/data), PYTHON, GNU_TIME.
# The report goes to stdout and to bench/data/run-DATE.txt; progress to stderr.

# Make's $(SHELL) is /bin/sh: re-run under bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u

. "$(dirname "$0")/lib.sh"

main_mib=1024
sizes=256,1024,4096
reps=3
seed=1
factor=10
while [ $# -gt 0 ]; do
        case $1 in
        --quick) main_mib=64 sizes=64,256 ;;
        --main) main_mib=${2:?}; shift ;;
        --main=*) main_mib=${1#*=} ;;
        --sizes) sizes=${2?}; shift ;;
        --sizes=*) sizes=${1#*=} ;;
        --reps) reps=${2:?}; shift ;;
        --reps=*) reps=${1#*=} ;;
        --seed) seed=${2:?}; shift ;;
        --seed=*) seed=${1#*=} ;;
        --factor) factor=${2:?}; shift ;;
        --factor=*) factor=${1#*=} ;;
        -h|--help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) die "unknown option $1 (try --help)" ;;
        esac
        shift
done
for v in "$main_mib" "$reps" "$seed" "$factor" ${sizes//,/ }; do
        case $v in ''|*[!0-9]*) die "not a number: '$v'" ;; esac
done

find_coroner
check_tools
mkdata
have_rg=yes; command -v rg > /dev/null || have_rg=no
have_zstd=yes; command -v zstd > /dev/null || have_zstd=no
command -v gzip > /dev/null || die "gzip is needed"

report() {
echo "coroner benchmark (bench/run.sh)"
echo
machine_facts
echo "  tools:     $(rg --version 2>/dev/null | head -n 1 || echo 'rg: not installed'); $(grep --version | head -n 1); $(zstd --version 2>/dev/null | sed 's/^\*\*\* //; s/, by.*//'); $(gzip --version | head -n 1)"
echo "  settings:  main ${main_mib} MiB, sizes ${sizes:-none}, reps $reps (median reported), seed $seed, signature factor x$factor"
echo

# ---- inputs ----------------------------------------------------------------
f=$(gen_log "$main_mib" "$seed") || exit 2
healthy=$(gen_log 1 "$seed" --healthy) || exit 2
[ "$have_zstd" = yes ] && gen_compressed "$f" zst
gen_compressed "$f" gz
mib=$(file_mib "$f")
note "warming the page cache ..."
cat "$f" "$f".* > /dev/null

note "extracting the signature patterns ..."
pat=$data/patterns
rm -rf "$pat"
"$PY" "$here/patterns.py" "$root/signatures" "$pat" "$healthy" || die "patterns.py failed"
info() { sed -n "s/^$1=//p" "$pat/info"; }

echo "input: $f"
echo "  $mib MiB, $(wc -l < "$f") lines (genlog.py $main_mib $seed);" \
        ".zst $(file_mib "$f.zst" 2>/dev/null || echo -) MiB (zstd -3), .gz $(file_mib "$f.gz") MiB (gzip -6)."
echo "  Throughput is always uncompressed MiB per second of wall time; the page cache is warm."
echo
echo "patterns for rg/grep: the $(info patterns) match.line/match.message patterns of $(info signatures) signatures ($(info line) line, $(info message) message)."
echo "  The named groups are renamed per pattern ((?<pid>..) -> (?<pid_N>..)): both tools compile the whole set as ONE regex,"
echo "  where two (?<pid>..) of different signatures are a compile error; renaming changes no match (no pattern refers to a group by name)."
echo "  rg:   rg -P -c -f PATTERNS FILE, one pattern per line (ripgrep's PCRE2 mode: the patterns use (?|..) and lookaround)."
echo "        $(info rg_kept) patterns used, $(info rg_dropped) dropped as unparsable: $(info rg_dropped_list)"
[ "$have_rg" = yes ] || echo "        (rg is not installed: its rows are left out)"
echo "  grep: grep -P -c -e '(?:P1)|(?:P2)|...' FILE, the patterns joined into one alternation: GNU grep -P takes only one pattern,"
echo "        and converting to ERE would not be faithful ((?|..), lookaround, lazy quantifiers have no ERE equivalent)."
echo "        $(info grep_kept) patterns used, $(info grep_dropped) dropped as unparsable: $(info grep_dropped_list); the joined pattern compiles: $(info grep_joined_compiles)"
echo "  Neither tool strips the journal prefix or restricts match.message patterns to exception messages, as coroner does;"
echo "  they answer the narrower question 'which lines match any pattern'. Catch-all patterns (matching >1% of a healthy log's lines):"
echo "        $(info catchall): $(info catchall_list)"
echo

# ---- main table ------------------------------------------------------------
labels=()
bench_add "cat FILE > /dev/null" "$mib" /dev/null 0 cat "$f"; labels+=("cat FILE > /dev/null")
if [ "$have_zstd" = yes ]; then
        bench_add "zstd -dc FILE.zst > /dev/null" "$mib" /dev/null 0 zstd -dc "$f.zst"
        labels+=("zstd -dc FILE.zst > /dev/null")
fi
if [ "$have_rg" = yes ]; then
        bench_add "rg -P -c -f PATTERNS FILE" "$mib" "$tmp/out.rg" "0 1" rg -P -c -f "$pat/rg.patterns" "$f"
        labels+=("rg -P -c -f PATTERNS FILE")
fi
bench_add "grep -P -c -e JOINED FILE" "$mib" "$tmp/out.grep" "0 1" grep -P -c -e "$(cat "$pat/grep.pattern")" "$f"
labels+=("grep -P -c -e JOINED FILE")
bench_add "coroner FILE" "$mib" "$tmp/out.c-plain" 0 "$CORONER" "$f"; labels+=("coroner FILE")
if [ "$have_zstd" = yes ]; then
        bench_add "coroner FILE.zst" "$mib" "$tmp/out.c-zst" 0 "$CORONER" "$f.zst"; labels+=("coroner FILE.zst")
fi
bench_add "coroner FILE.gz" "$mib" "$tmp/out.c-gz" 0 "$CORONER" "$f.gz"; labels+=("coroner FILE.gz")
bench_add "cat FILE | coroner" "$mib" "$tmp/out.c-stdin" 0 sh -c 'cat "$1" | "$2"' sh "$f" "$CORONER"
labels+=("cat FILE | coroner")
note "measuring the main table ($reps runs each, interleaved) ..."
bench_run "$reps" "${labels[@]}"

echo "== Main input: $mib MiB, median of $reps runs =="
bench_header
for l in "${labels[@]}"; do bench_row "$l"; done
echo
echo "ratios (wall time; < 1 means coroner is faster):"
bench_ratio "  coroner FILE / rg -P" "coroner FILE" "rg -P -c -f PATTERNS FILE"
bench_ratio "  coroner FILE / grep -P" "coroner FILE" "grep -P -c -e JOINED FILE"
bench_ratio "  coroner FILE.zst / zstd -dc FILE.zst" "coroner FILE.zst" "zstd -dc FILE.zst > /dev/null"
bench_ratio "  coroner FILE.gz / coroner FILE" "coroner FILE.gz" "coroner FILE"
bench_ratio "  cat FILE | coroner / coroner FILE" "cat FILE | coroner" "coroner FILE"
echo
echo "checks:"
echo "  matching lines: rg $(cat "$tmp/out.rg" 2>/dev/null || echo -), grep $(cat "$tmp/out.grep" 2>/dev/null || echo -)"
first=$(head -n 1 "$tmp/out.c-plain")
echo "  coroner FILE: $first"
same=yes
for o in "$tmp"/out.c-*; do [ "$(head -n 1 "$o")" = "$first" ] || same="NO ($(basename "$o"): $(head -n 1 "$o"))"; done
echo "  same first line for .zst, .gz and stdin: $same"
echo

# ---- catch-all-free rg/grep: informational, once, on a slice ----------------
if [ "$(info catchall)" != 0 ] && [ -s "$pat/rg-nocatchall.patterns" ]; then
        slice=$tmp/slice.log
        head -c $((8 << 20)) "$f" > "$slice"
        smib=$(file_mib "$slice")
        "$PY" -c 'import sys; print("|".join("(?:%s)" % l.rstrip("\n") for l in open(sys.argv[1]) if l.strip()), end="")' \
                "$pat/rg-nocatchall.patterns" > "$tmp/nocatch.grep"
        info_labels=()
        if [ "$have_rg" = yes ]; then
                bench_add "rg -P without catch-alls, first $smib MiB" "$smib" /dev/null "0 1" rg -P -c -f "$pat/rg-nocatchall.patterns" "$slice"
                info_labels+=("rg -P without catch-alls, first $smib MiB")
        fi
        bench_add "grep -P without catch-alls, first $smib MiB" "$smib" /dev/null "0 1" grep -P -c -e "$(cat "$tmp/nocatch.grep")" "$slice"
        info_labels+=("grep -P without catch-alls, first $smib MiB")
        bench_add "coroner, first $smib MiB" "$smib" /dev/null 0 "$CORONER" "$slice"
        info_labels+=("coroner, first $smib MiB")
        note "measuring rg/grep without the catch-all patterns (1 run, $smib MiB slice) ..."
        bench_run 1 "${info_labels[@]}"
        echo "== Info: without the $(info catchall) catch-all pattern(s), 1 run on the first $smib MiB =="
        echo "   (a catch-all matches nearly every line early, which lets rg/grep stop after a few bytes;"
        echo "    without it every line is scanned to its end against the whole alternation)"
        bench_header
        for l in "${info_labels[@]}"; do bench_row "$l"; done
        echo
fi

# ---- signature scaling -----------------------------------------------------
note "generating the x$factor signature database ..."
sigx=$data/sigs-x$factor
"$PY" "$here/gensigs.py" "$root/signatures" "$sigx" --factor "$factor" --seed "$seed" 2> "$tmp/gensigs.err" ||
        die "gensigs.py failed: $(cat "$tmp/gensigs.err")"
n1=$("$CORONER" signatures list --no-default-signatures -s "$root/signatures" | wc -l)
nx=$("$CORONER" signatures list --no-default-signatures -s "$sigx" | wc -l)
"$CORONER" signatures check --no-default-signatures -s "$sigx" > "$tmp/check" 2>&1
: > "$tmp/empty.log"
sl1="coroner --no-default-signatures -s signatures FILE ($n1)"
slx="coroner --no-default-signatures -s sigs-x$factor FILE ($nx)"
se1="same, empty input ($n1 signatures: load + compile)"
sex="same, empty input ($nx signatures: load + compile)"
bench_add "$sl1" "$mib" "$tmp/out.s1" 0 "$CORONER" --no-default-signatures -s "$root/signatures" "$f"
bench_add "$slx" "$mib" "$tmp/out.sx" 0 "$CORONER" --no-default-signatures -s "$sigx" "$f"
bench_add "$se1" 0 /dev/null 0 "$CORONER" --no-default-signatures -s "$root/signatures" "$tmp/empty.log"
bench_add "$sex" 0 /dev/null 0 "$CORONER" --no-default-signatures -s "$sigx" "$tmp/empty.log"
note "measuring signature scaling ..."
bench_run "$reps" "$sl1" "$slx" "$se1" "$sex"
echo "== Signature scaling: $n1 real signatures vs $nx (x$factor), $mib MiB input, median of $reps runs =="
echo "   $(cat "$tmp/gensigs.err")"
echo "   The x$factor set = the real files + $((factor - 1)) variants of each, with ids <eco>.<slug>-xK and a random 6-letter"
echo "   word inserted after the first literal word of every pattern branch (bench/gensigs.py)."
bench_header
bench_row "$sl1"
bench_row "$slx"
bench_row "$se1"
bench_row "$sex"
bench_ratio "  time ratio x$factor / x1" "$slx" "$sl1"
echo "checks:"
echo "  diagnoses: x1 '$(head -n 1 "$tmp/out.s1")'"
echo "             x$factor '$(head -n 1 "$tmp/out.sx")'"
echo "  signatures check on sigs-x$factor: $(tail -n 1 "$tmp/check");" \
        "variants matching their original's samples: $(grep -c 'counter-sample matches' "$tmp/check") (must be 0);" \
        "synthetic positive samples that miss (best effort, harmless): $(grep -c 'sample does not match' "$tmp/check")"
echo

# ---- input-size scaling ----------------------------------------------------
if [ -n "$sizes" ]; then
        slabels=()
        smibs=()
        for s in ${sizes//,/ }; do
                sf=$(gen_log "$s" "$seed") || exit 2
                smib=$(file_mib "$sf")
                cat "$sf" > /dev/null
                bench_add "coroner FILE, $s MiB" "$smib" /dev/null 0 "$CORONER" "$sf"
                slabels+=("coroner FILE, $s MiB")
                smibs+=("$s")
        done
        note "measuring input-size scaling ..."
        bench_run "$reps" "${slabels[@]}"
        echo "== Input-size scaling: coroner FILE, median of $reps runs =="
        bench_header
        for l in "${slabels[@]}"; do bench_row "$l"; done
        n=${#slabels[@]}
        if [ "$n" -ge 2 ]; then
                a=${slabels[n - 1]} b=${slabels[n - 2]}
                awk -v la="${smibs[n - 1]}" -v lb="${smibs[n - 2]}" \
                        -v ma="$(bench_rss "$a")" -v mb="$(bench_rss "$b")" \
                        -v ta="$(bench_time "$a")" -v tb="$(bench_time "$b")" 'BEGIN {
                        if (mb > 0) printf "  peak RSS ratio %s MiB / %s MiB: %.2f (input ratio %.2f)\n", la, lb, ma / mb, la / lb
                        if (tb > 0) printf "  time ratio     %s MiB / %s MiB: %.2f (input ratio %.2f)\n", la, lb, ta / tb, la / lb
                }'
        fi
        echo
fi
}

out=$data/run-$(date +%Y%m%d-%H%M%S).txt
report | tee "$out"
st=${PIPESTATUS[0]}
note "report saved to $out"
exit "$st"
