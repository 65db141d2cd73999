#!/bin/sh
# tsan.sh — coroner's threads under ThreadSanitizer (issue 13, "Threads").
#
#   tests/tsan.sh BUILDDIR
#
# BUILDDIR is a tree configured with --enable-tsan and built (make); its
# ./coroner is run over inputs made here from the repository alone (no
# ../shared): -j 2 over logs long enough that both workers rebuild the
# pre-filter from their own counts (the first rebuild comes after 16k
# fast-path lines, analysis.c: adapt_prefilter), the same logs compressed
# (each input then has a decompression thread, read_source.c), the whole
# corpus at once, and --follow on a journal file and on plain files while
# they grow, stopped by SIGINT (the signal handler runs under TSan too).
#
# Prints TAP ("ok N - ..." / "not ok N - ..." with the report as "# "
# lines), then "1..N" and automake's summary lines "# PASS: N", "# SKIP: N",
# "# FAIL: N", which .ci/run adds to its total. Exit 0 when nothing failed.
set -u
build=${1:?usage: tests/tsan.sh BUILDDIR (a tree configured --enable-tsan and built)}
CORONER=$(cd "$build" && pwd)/coroner
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
# Debian's interpreter: a pyenv shim costs 0.3 s a call.
PY=/usr/bin/python3; [ -x "$PY" ] || PY=python3
REMOTE=/lib/systemd/systemd-journal-remote
[ -x "$REMOTE" ] || REMOTE=/usr/lib/systemd/systemd-journal-remote
TMP=$(mktemp -d /tmp/coroner-tsan-run.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

# glibc's mktime (decode_line.c: resolve_local, once an hour of log per
# input) re-reads the zone under a lock of glibc's own, which TSan does not
# see: it reports the free of the zone's name in tzset_internal as a race
# (the same report: google/glog#1148, dart-lang/sdk#54064). Only that frame,
# which is glibc's, is suppressed; a race in coroner's code is still one.
printf '%s\n' 'race:tzset_internal' > "$TMP/suppressions"
# A report ends the run at once with exit status 66, which no coroner run
# has; second_deadlock_stack: both stacks of a lock-order inversion.
TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 suppressions=$TMP/suppressions"
export TSAN_OPTIONS

n=0 pass=0 fail=0 skip=0
ok() { n=$((n + 1)); pass=$((pass + 1)); echo "ok $n - $1"; }
skip() { n=$((n + 1)); skip=$((skip + 1)); echo "ok $n - # SKIP $1"; }
not_ok() {
        n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"
        [ -n "${2:-}" ] && printf '%s\n' "$2" | head -80 | sed 's/^/# /'
        return 0
}
finish() {
        echo "1..$n"
        echo "# PASS: $pass"
        echo "# SKIP: $skip"
        echo "# FAIL: $fail"
        [ $fail -eq 0 ]
        exit
}

# clean ERRFILE: no ThreadSanitizer report in a run's standard error.
clean() { ! grep -q 'ThreadSanitizer' "$1"; }
# why STATUS ERRFILE: what a failed check shows (the report first).
why() {
        echo "exit $1"
        if grep -q 'ThreadSanitizer' "$2"; then
                sed -n '/ThreadSanitizer/,$p' "$2"
        else
                tail -5 "$2"
        fi
}

# A TSan binary built by a compiler that predates the kernel's address
# layout stops at once ("unexpected memory mapping"): then every run here is
# made without address randomization.
RUN=
if [ ! -x "$CORONER" ]; then
        not_ok "$CORONER is built" "configure --enable-tsan && make in $build"
        finish
fi
"$CORONER" --version > /dev/null 2> "$TMP/err"
if grep -q 'unexpected memory mapping' "$TMP/err"; then
        RUN="setarch $(uname -m) -R"
        echo "# TSan: unexpected memory mapping; runs are made with setarch -R"
fi
if grep -q __tsan_init "$CORONER"; then
        ok "$build/coroner is built with ThreadSanitizer"
else
        not_ok "$build/coroner is built with ThreadSanitizer" "configure it with --enable-tsan"
        finish
fi

# gen.py serving LINES SEED  > f: journalctl-short SGLang/vLLM serving chatter
#   (what the fast path and the pre-filter see) with an error burst, a
#   traceback repeated over tensor-parallel ranks, every 4000 lines.
# gen.py corpus LINES        > f: every corpus/*/log.txt, repeated, pids shifted.
# gen.py export LINES SEED   > f: serving chatter as journal export entries.
# gen.py failure             > f: a traceback the chatter has not (an undefined
#   symbol, corpus/gpu-undefined-symbol) as journal export entries.
cat > "$TMP/gen.py" <<'PY'
import glob, os, random, re, sys
mode, srcdir = sys.argv[1], os.environ["SRCDIR"]
out = sys.stdout
HEALTHY = [
    "[{ts} TP{tp}] Prefill batch. #new-seq: {a}, #new-token: {b}, #cached-token: {c}, token usage: 0.{d:02d}, #running-req: {a}, #queue-req: 0",
    "[{ts} TP{tp}] Decode batch. #running-req: {a}, #token: {b}, token usage: 0.{d:02d}, cuda graph: True, gen throughput (token/s): {c}.{d}, #queue-req: 0",
    "[{ts}] INFO:     127.0.0.1:{b} - \"POST /v1/chat/completions HTTP/1.1\" 200 OK",
    "INFO 11-29 10:{d:02d}:{a:02d} [metrics.py:455] Avg prompt throughput: {c}.{a} tokens/s, Avg generation throughput: {b}.{d} tokens/s, Running: {a} reqs, Swapped: 0 reqs, Pending: 0 reqs, GPU KV cache usage: {d}.{a}%, CPU KV cache usage: 0.0%.",
    "WARNING 11-29 10:{d:02d}:{a:02d} [scheduler.py:1089] Sequence group {b} is preempted by PreemptionMode.RECOMPUTE mode because there is not enough KV cache space.",
    "[{ts} TP{tp}] Cache flushed successfully!",
]
BURSTS = [
    ["Traceback (most recent call last):",
     '  File "/opt/sglang/python/sglang/srt/model_loader/loader.py", line 381, in load_model',
     "    quant_config = _get_quantization_config(model_config, load_config)",
     '  File "/opt/venv/lib/python3.12/site-packages/compressed_tensors/config/base.py", line 42, in from_dict',
     "    fmt = CompressionFormat[cfg['format']]",
     "AttributeError: type object 'CompressionFormat' has no attribute 'nvfp4_pack_quantized'. Did you mean: 'pack_quantized'?"],
    ["Traceback (most recent call last):",
     '  File "/opt/venv/lib/python3.12/site-packages/torch/nn/modules/module.py", line 1773, in _wrapped_call_impl',
     "    return self._call_impl(*args, **kwargs)",
     "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 94.97 GiB of which 1.12 GiB is free. Including non-PyTorch memory, this process has 93.80 GiB memory in use."],
    ["[rank1]:[E1129 10:12:01.000000000 ProcessGroupNCCL.cpp:632] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600012 milliseconds before timing out."],
]
def stamp(i):
    return f"10:{(i // 6000) % 60:02d}:{(i // 100) % 60:02d}"
def serving(lines, seed):
    rnd = random.Random(seed)
    i = 0
    while i < lines:
        i += 1
        if i % 4000 == 0:
            burst = rnd.choice(BURSTS)
            for r in range(rnd.choice([1, 8])):
                for l in burst:
                    yield i, 4100 + r, f"[2026-11-29 {stamp(i)} TP{r}] {l}"
            continue
        yield i, 4100, rnd.choice(HEALTHY).format(ts=f"2026-11-29 {stamp(i)}", tp=rnd.randrange(8), a=rnd.randrange(64),
                                                  b=rnd.randrange(10000, 60000), c=rnd.randrange(1000), d=rnd.randrange(100))
def export(i, pid, msg, prio=6):
    return (f"__REALTIME_TIMESTAMP={1764409200000000 + i * 1000}\n__MONOTONIC_TIMESTAMP={i}\n"
            f"_BOOT_ID=11111111111111111111111111111111\n_HOSTNAME=gpu-node-07\n_PID={pid}\n"
            f"SYSLOG_IDENTIFIER=python3\n_SYSTEMD_UNIT=k26.service\nPRIORITY={prio}\nMESSAGE={msg}\n\n")
if mode == "serving":
    out.writelines(f"Nov 29 {stamp(i)} gpu-node-07 python3[{pid}]: {m}\n" for i, pid, m in serving(int(sys.argv[2]), int(sys.argv[3])))
elif mode == "corpus":
    blob = "".join(open(f, encoding="utf-8", errors="replace").read().rstrip("\n") + "\n"
                   for f in sorted(glob.glob(srcdir + "/corpus/*/log.txt")))
    pid = re.compile(r"(\[)(\d{2,7})(\]:)")
    want, k = int(sys.argv[2]), 0
    while want > 0:
        k += 1
        s = pid.sub(lambda m: m.group(1) + str(int(m.group(2)) + 1000 * k) + m.group(3), blob)
        out.write(s)
        want -= s.count("\n")
elif mode == "export":
    out.writelines(export(i, pid, m) for i, pid, m in serving(int(sys.argv[2]), int(sys.argv[3])))
elif mode == "failure":
    tb = open(srcdir + "/corpus/gpu-undefined-symbol/log.txt", encoding="utf-8").read().splitlines()
    out.writelines(export(10 ** 6 + j, 4200, l, 3) for j, l in enumerate(tb))
PY
export SRCDIR
gen() { "$PY" "$TMP/gen.py" "$@"; }

# (a) -j 2 over four logs: the workers take two each, and each rebuilds its
# pre-filter while the other does (both past 16k fast-path lines in their
# first input); the second worker's last log, 300k lines, has it rebuilt
# again (at 16k + 262k lines), the first rebuild freed.
gen serving 40000 1 > "$TMP/serving1.log"
gen corpus 40000 > "$TMP/corpus.log"
gen serving 40000 2 > "$TMP/serving2.log"
gen serving 300000 3 > "$TMP/serving3.log"
set -- "$TMP/serving1.log" "$TMP/corpus.log" "$TMP/serving2.log" "$TMP/serving3.log"
$RUN "$CORONER" -j 2 -f json "$@" > "$TMP/a.json" 2> "$TMP/a.err"; s=$?
inputs=$("$PY" -c 'import json,sys; r=json.load(open(sys.argv[1])); print(len(r["inputs"]) if r["diagnoses"] else 0)' "$TMP/a.json" 2>/dev/null)
what="-j 2 over logs of 40k, 40k | 40k, 300k lines (pre-filter rebuilt in both workers)"
if [ $s -eq 0 ] && clean "$TMP/a.err" && [ "$inputs" = 4 ]; then
        ok "$what: no race"
else
        not_ok "$what: no race" "$(why $s "$TMP/a.err"; echo "inputs in the report: $inputs")"
fi

# (a') The same logs compressed, one format each where its tool is here:
# every input is decompressed by a thread of its own beside the workers.
set --
zs=
for z in gzip:serving1 zstd:serving2 xz:corpus; do
        command -v "${z%:*}" > /dev/null || continue
        "${z%:*}" -c < "$TMP/${z#*:}.log" > "$TMP/${z#*:}.${z%:*}" 2>/dev/null
        set -- "$@" "$TMP/${z#*:}.${z%:*}"
        zs="$zs ${z%:*}"
done
if [ $# -lt 2 ]; then
        skip "-j 2 over compressed logs: fewer than two of gzip, zstd, xz here"
else
        $RUN "$CORONER" -j 2 -f json "$@" "$TMP/serving2.log" > "$TMP/z.json" 2> "$TMP/z.err"; s=$?
        if [ $s -eq 0 ] && clean "$TMP/z.err"; then
                ok "-j 2 over logs compressed with$zs: workers and decompression threads, no race"
        else
                not_ok "-j 2 over compressed logs: workers and decompression threads, no race" "$(why $s "$TMP/z.err")"
        fi
fi

# (b) The whole corpus at once: many short inputs, the workers' results
# merged; the merge gives the sequential result.
$RUN "$CORONER" -j 2 -f json "$SRCDIR"/corpus/*/log.txt > "$TMP/b2.json" 2> "$TMP/b.err"; s=$?
if [ $s -eq 0 ] && clean "$TMP/b.err"; then
        ok "-j 2 over corpus/*/log.txt ($(ls "$SRCDIR"/corpus/*/log.txt | wc -l | tr -d ' ') logs): no race"
else
        not_ok "-j 2 over corpus/*/log.txt: no race" "$(why $s "$TMP/b.err")"
fi
$RUN "$CORONER" -j 1 -f json "$SRCDIR"/corpus/*/log.txt > "$TMP/b1.json" 2> /dev/null
# (produced_by.command names -j itself)
sed -i '/"command":.*-j [12] /d' "$TMP/b1.json" "$TMP/b2.json"
if cmp -s "$TMP/b1.json" "$TMP/b2.json" && [ -s "$TMP/b1.json" ]; then
        ok "-j 2 over the corpus equals -j 1"
else
        not_ok "-j 2 over the corpus equals -j 1" "$(cmp "$TMP/b1.json" "$TMP/b2.json" 2>&1)"
fi

# wait_for FILE PATTERN: up to a minute (TSan runs coroner 5-15 times slower).
wait_for() {
        i=0
        while [ $i -lt 120 ] && ! grep -q "$2" "$1" 2>/dev/null; do
                sleep 0.5; i=$((i + 1))
        done
        grep -q "$2" "$1" 2>/dev/null
}
# follow_stop PID: SIGINT, as Ctrl-C; the exit status.
follow_stop() { kill -INT "$1" 2>/dev/null; wait "$1"; }
FAILURE='"id":"torch.extension-undefined-symbol"'

# (c) --follow on a journal file written by systemd-journal-remote (as
# tests/e2e/journal.sh makes them), 20k entries, then a traceback appended
# by a second journal-remote while coroner follows; SIGINT stops it.
if [ ! -x "$REMOTE" ]; then
        skip "--follow --journal-file: systemd-journal-remote not installed (apt-get install systemd-journal-remote)"
else
        gen export 20000 4 | "$REMOTE" -o "$TMP/live.journal" - 2>/dev/null
        $RUN "$CORONER" -f json --follow --journal-file "$TMP/live.journal" > "$TMP/c.out" 2> "$TMP/c.err" &
        pid=$!
        wait_for "$TMP/c.out" '"record":"diagnosis"'  # the 20k entries are read
        gen failure | "$REMOTE" -o "$TMP/live.journal" - 2>/dev/null
        wait_for "$TMP/c.out" "$FAILURE"; seen=$?
        follow_stop $pid; s=$?
        if [ $seen -eq 0 ] && [ $s -eq 130 ] && grep -q '"record":"summary"' "$TMP/c.out" && clean "$TMP/c.err"; then
                ok "--follow --journal-file, appended while followed, then SIGINT: reported, exit 130, no race"
        else
                not_ok "--follow --journal-file, appended while followed, then SIGINT: reported, exit 130, no race" \
                        "$(why $s "$TMP/c.err"; [ $seen -eq 0 ] || echo "the appended failure was not reported")"
        fi
fi

# (d) --follow -j 2 on two plain files (follow reads its inputs in one
# loop; -j is accepted), one 40k lines long, a traceback appended to the
# other; SIGINT stops it.
: > "$TMP/grow.log"
$RUN "$CORONER" -j 2 -f json --follow --settle 0.5s "$TMP/serving1.log" "$TMP/grow.log" > "$TMP/d.out" 2> "$TMP/d.err" &
pid=$!
wait_for "$TMP/d.out" '"record":"diagnosis"'  # serving1.log is read
sed 's/^/Nov 29 21:44:36 gpu-node-7 python3[19044]: /' "$SRCDIR/corpus/gpu-undefined-symbol/log.txt" >> "$TMP/grow.log"
wait_for "$TMP/d.out" "$FAILURE"; seen=$?
follow_stop $pid; s=$?
if [ $seen -eq 0 ] && [ $s -eq 130 ] && grep -q '"record":"summary"' "$TMP/d.out" && clean "$TMP/d.err"; then
        ok "--follow -j 2 on plain files, appended while followed, then SIGINT: reported, exit 130, no race"
else
        not_ok "--follow -j 2 on plain files, appended while followed, then SIGINT: reported, exit 130, no race" \
                "$(why $s "$TMP/d.err"; [ $seen -eq 0 ] || echo "the appended failure was not reported")"
fi

finish
