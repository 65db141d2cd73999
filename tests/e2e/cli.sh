#!/bin/sh
# cli.sh — the command line: options, exit codes, formats, stdin, streams.
. "$SRCDIR/tests/e2e/lib.sh"
C="$SRCDIR/corpus"
LOG="$SRCDIR/corpus/gpu-nccl-cascade/log.txt"

check "--version prints the version" sh -c '"$CORONER" --version | grep -q "^coroner [0-9]"'
check "--help exits 0" "$CORONER" --help
"$CORONER" --no-such-option >/dev/null 2>&1; s=$?
[ $s -eq 2 ] && ok "an unknown option exits 2" || not_ok "an unknown option exits 2" "exit $s"
"$CORONER" --format yaml "$LOG" >/dev/null 2>"$TMP/err"; s=$?
[ $s -eq 2 ] && grep -q "unknown format" "$TMP/err" && ok "a bad --format exits 2 and says why" || not_ok "bad --format" "exit $s"

"$CORONER" -f json < "$LOG" > "$TMP/stdin.json"; s=$?
[ $s -eq 0 ] && [ "$(json_get "$TMP/stdin.json" 'r["inputs"][0]["name"]')" = "-" ] && ok "reads standard input" || not_ok "reads standard input" "exit $s"
"$CORONER" -f json - < "$LOG" > "$TMP/dash.json"
[ "$(ids "$TMP/stdin.json")" = "$(ids "$TMP/dash.json")" ] && ok "'-' is standard input" || not_ok "'-' is standard input"

"$CORONER" -f json "$LOG" > "$TMP/r.json"
check "JSON report has the schema" test "$(json_get "$TMP/r.json" 'r["schema"]')" = "coroner.report/1"
check "JSON report: root cause first (the rank's KeyError), symptoms after" \
        test "$(json_get "$TMP/r.json" 'r["diagnoses"][0]["exception"]["type"]')" = "KeyError"
check "JSON report: NCCL timeout is a symptom" \
        test "$(json_get "$TMP/r.json" '[d["role"] for d in r["diagnoses"] if d["id"]=="nccl.watchdog-timeout"][0]')" = "symptom"

# transformers-cli env's lines name package versions (the form issue templates ask for).
printf -- '- `transformers` version: 4.37.0\n- Huggingface_hub version: 1.1.0\n- Safetensors version: 0.4.2\nValueError: boom\n' > "$TMP/env.txt"
"$CORONER" -f json "$TMP/env.txt" > "$TMP/env.json"
check "transformers-cli env versions are environment facts" \
        test "$(json_get "$TMP/env.json" '" ".join("%s=%s" % kv for kv in sorted(r["environment"]["packages"].items()))')" = \
        "huggingface-hub=1.1.0 safetensors=0.4.2 transformers=4.37.0"

"$CORONER" "$LOG" > "$TMP/t.txt"
check "text report names the top diagnosis and its fix" sh -c "grep -q '^#1 ' '$TMP/t.txt' && grep -q 'Fix:' '$TMP/t.txt'"
check "no colour when not a terminal" sh -c "! grep -q \"$(printf '\033')\" '$TMP/t.txt'"
NO_COLOR=1 "$CORONER" "$LOG" > "$TMP/nc.txt"
check "NO_COLOR: no colour" sh -c "! grep -q \"$(printf '\033')\" '$TMP/nc.txt'"
"$CORONER" --color always "$LOG" > "$TMP/c.txt"
check "--color always colours" grep -q "$(printf '\033')" "$TMP/c.txt"
"$CORONER" -f markdown "$LOG" > "$TMP/m.md"
check "markdown report has a heading and a fix section" sh -c "grep -q '^## ' '$TMP/m.md' && grep -q '^\*\*Fix\*\*' '$TMP/m.md'"

"$CORONER" --fail-on error "$LOG" >/dev/null; s=$?
[ $s -eq 1 ] && ok "--fail-on error exits 1 on an error" || not_ok "--fail-on error exits 1" "exit $s"
printf 'all is well\n' | "$CORONER" --fail-on warning >/dev/null; s=$?
[ $s -eq 0 ] && ok "--fail-on exits 0 on a healthy log" || not_ok "--fail-on on healthy" "exit $s"
"$CORONER" "$TMP/missing.log" >/dev/null 2>"$TMP/err"; s=$?
[ $s -eq 2 ] && grep -q "missing.log" "$TMP/err" && ok "a missing file exits 2 and names it" || not_ok "missing file" "exit $s"

# Eight tensor-parallel ranks print the same traceback, interleaved line by line.
"$PY" - "$TMP/tp8.log" <<'PY'
import sys
tb = ["Scheduler hit an exception: Traceback (most recent call last):",
      '  File "/opt/venv/lib/python3.12/site-packages/sglang/srt/managers/scheduler.py", line 2312, in run_scheduler_process',
      "    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
      '  File "/opt/venv/lib/python3.12/site-packages/compressed_tensors/config/base.py", line 42, in from_dict',
      "    fmt = CompressionFormat[cfg['format']]",
      "AttributeError: type object 'CompressionFormat' has no attribute 'nvfp4_pack_quantized'"]
with open(sys.argv[1], "w") as f:
    for i, line in enumerate(tb):
        for r in range(8):
            prefix = f"[2026-11-29 21:40:13 TP{r}] " if i == 0 else ""
            f.write(f"Nov 29 21:40:13 gpu-node-07 python3[{4100+r}]: {prefix}{line}\n")
    f.write("Nov 29 21:40:14 gpu-node-07 systemd[1]: k26.service: Main process exited, code=killed, status=9/KILL\n")
PY
"$CORONER" -f json "$TMP/tp8.log" > "$TMP/tp8.json"
check "8 interleaved rank tracebacks: one diagnosis" test "$(json_get "$TMP/tp8.json" 'r["diagnoses"][0]["count"]')" = 8
check "8 interleaved rank tracebacks: eight streams with ranks" \
        test "$(json_get "$TMP/tp8.json" 'sorted(s["rank"] for s in r["diagnoses"][0]["streams"])')" = "[0, 1, 2, 3, 4, 5, 6, 7]"
check "8 interleaved rank tracebacks: compressed-tensors diagnosis first" \
        test "$(top_id "$TMP/tp8.json")" = "compressed-tensors.unknown-compression-format"
check "the header after other text keeps the exception" \
        test "$(json_get "$TMP/tp8.json" 'r["diagnoses"][0]["exception"]["type"]')" = "AttributeError"

# Two processes' tracebacks interleaved (pids differ) are never mixed.
cat > "$TMP/two.log" <<'LOG'
Nov 29 21:40:13 h python3[1]: Traceback (most recent call last):
Nov 29 21:40:13 h python3[2]: Traceback (most recent call last):
Nov 29 21:40:13 h python3[1]:   File "a.py", line 1, in one
Nov 29 21:40:13 h python3[2]:   File "b.py", line 1, in two
Nov 29 21:40:13 h python3[2]: ZeroDivisionError: division by zero
Nov 29 21:40:13 h python3[1]: KeyError: 'first'
LOG
"$CORONER" -f json "$TMP/two.log" > "$TMP/two.json"
check "interleaved processes: two separate exceptions" \
        test "$(json_get "$TMP/two.json" '" ".join(sorted(d["exception"]["type"] for d in r["diagnoses"]))')" = "KeyError ZeroDivisionError"
# Fingerprints survive other install paths and line numbers.
sed -e 's#/opt/torch/.venv/lib/python3.12/site-packages#/usr/local/lib/python3.10/dist-packages#g' \
    -e 's#/workspace/job/#/home/alice/train/#g' -e 's/line \([0-9]*\)/line 1\1/g' \
    "$SRCDIR/corpus/gpu-nccl-cascade/log.txt" > "$TMP/moved.log"
"$CORONER" -f json "$TMP/moved.log" > "$TMP/moved.json"
fp() { json_get "$1" '" ".join(d["fingerprint"] for d in r["diagnoses"] if d["exception"] and d["exception"]["type"] == "KeyError")'; }
check "fingerprint: same failure, other install prefix and line numbers" test "$(fp "$TMP/r.json")" = "$(fp "$TMP/moved.json")"
check "fingerprint: versioned" test "$(json_get "$TMP/r.json" 'r["diagnoses"][0]["fingerprint_version"]')" = 1

# Version conditions: a signature that applies to huggingface-hub >= 0.26.
cat > "$TMP/hub-old.log" <<'LOG'
[pip3] huggingface-hub==0.20.3
Traceback (most recent call last):
  File "app.py", line 3, in <module>
    from huggingface_hub import cached_download
ImportError: cannot import name 'cached_download' from 'huggingface_hub' (/venv/lib/python3.10/site-packages/huggingface_hub/__init__.py)
LOG
sed 1d "$TMP/hub-old.log" > "$TMP/hub-unknown.log"
"$CORONER" -f json "$TMP/hub-old.log" > "$TMP/hub-old.json"
"$CORONER" -f json "$TMP/hub-unknown.log" > "$TMP/hub-unknown.json"
check "version condition: a version the signature excludes demotes it to info" \
        test "$(json_get "$TMP/hub-old.json" 'r["diagnoses"][0]["severity"] + " " + r["diagnoses"][0]["version_conditions"][0]["found"]')" = "info 0.20.3"
check "version condition: without a version in the log, it stays and says so" \
        sh -c "test \"\$(\"$PY\" -c 'import json,sys; d=json.load(open(sys.argv[1]))[\"diagnoses\"][0]; print(d[\"severity\"], \"does not show\" in d[\"rationale\"])' '$TMP/hub-unknown.json')\" = 'error True'"
check "environment: the package version the log reveals" \
        test "$(json_get "$TMP/hub-old.json" 'r["environment"]["packages"]["huggingface-hub"]')" = 0.20.3
check "environment: what the log does not reveal is listed" \
        test "$(json_get "$TMP/hub-unknown.json" '"driver" in r["environment"]["not_in_log"]')" = True

# -j: several inputs at once give the report of reading them one by one.
"$CORONER" -f json -j 1 "$SRCDIR"/corpus/*/log.txt > "$TMP/j1.json" 2>/dev/null
"$CORONER" -f json -j 3 "$SRCDIR"/corpus/*/log.txt > "$TMP/j3.json" 2>/dev/null
# (all but produced_by.command, which says -j 3)
sed '/"command":.*-j 3/d; /"command":.*-j 1/d' "$TMP/j1.json" > "$TMP/j1.cmp"
sed '/"command":.*-j 3/d; /"command":.*-j 1/d' "$TMP/j3.json" > "$TMP/j3.cmp"
check "-j 3 over the whole corpus equals -j 1" cmp "$TMP/j1.cmp" "$TMP/j3.cmp"
# ... and on a crash loop read twice (a log and its own head): where the
# assembler's periodic sweep falls must not depend on the lines of the
# inputs before (it did: one error line more with -j 1).
GENWORST="$SRCDIR/../shared/bench/genworst.py"
if [ -f "$GENWORST" ]; then
        "$PY" "$GENWORST" crashloop 6 3 0.39 > "$TMP/loop.log" 2>/dev/null
        head -c 2500001 "$TMP/loop.log" > "$TMP/loop-head.log"
        "$CORONER" -f json -j 1 "$TMP/loop.log" "$TMP/loop-head.log" | sed '/"command":/d' > "$TMP/loop1.json"
        "$CORONER" -f json -j 2 "$TMP/loop.log" "$TMP/loop-head.log" | sed '/"command":/d' > "$TMP/loop2.json"
        check "-j 2 equals -j 1 on a crash loop and its own head" cmp "$TMP/loop1.json" "$TMP/loop2.json"
fi
check "-j 3: every input is listed" test "$(json_get "$TMP/j3.json" 'len(r["inputs"])')" = "$(ls "$SRCDIR"/corpus/*/log.txt | wc -l | tr -d ' ')"
"$CORONER" -j 0 "$LOG" >/dev/null 2>&1; s=$?
[ $s -eq 2 ] && ok "-j 0 is a usage error" || not_ok "-j 0 is a usage error" "exit $s"
done_testing
