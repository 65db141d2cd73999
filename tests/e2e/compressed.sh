#!/bin/sh
# compressed.sh — real zstd, gzip, xz, bzip2 and lz4 streams made here with the real
# tools: same diagnoses as the plain log; multi-frame input; truncated and
# corrupt streams keep what was read and warn with the byte offset.
. "$SRCDIR/tests/e2e/lib.sh"
LOG="$SRCDIR/corpus/gpu-nccl-cascade/log.txt"
"$CORONER" -f json "$LOG" > "$TMP/plain.json"
want=$(ids "$TMP/plain.json")

for tool in zstd gzip xz bzip2 lz4; do
        if ! command -v $tool >/dev/null; then
                echo "ok $((_n = _n + 1)) - $tool # SKIP $tool not installed"
                continue
        fi
        $tool -c < "$LOG" > "$TMP/log.$tool" 2>/dev/null  # lz4 -c notes "stdout" on stderr
        "$CORONER" -f json "$TMP/log.$tool" > "$TMP/$tool.json"; s=$?
        [ $s -eq 0 ] && [ "$(ids "$TMP/$tool.json")" = "$want" ] && ok "$tool: same diagnoses as plain" \
                || not_ok "$tool: same diagnoses as plain" "exit $s: $(ids "$TMP/$tool.json")"
        check "$tool: compression is detected from the bytes" \
                test "$(json_get "$TMP/$tool.json" 'r["inputs"][0]["compression"]')" = "$tool"
        # The same stream through a pipe (no file name, no seeking).
        cat "$TMP/log.$tool" | "$CORONER" -f json > "$TMP/$tool-pipe.json"
        check "$tool: from a pipe" test "$(ids "$TMP/$tool-pipe.json")" = "$want"
        # Two streams concatenated (zstd frames, gzip members, xz streams).
        head -n 100 "$LOG" | $tool -c > "$TMP/two.$tool"
        tail -n +101 "$LOG" | $tool -c >> "$TMP/two.$tool"
        "$CORONER" -f json "$TMP/two.$tool" > "$TMP/two-$tool.json"
        check "$tool: concatenated streams read as one" \
                test "$(json_get "$TMP/two-$tool.json" 'r["inputs"][0]["records"]')" = "$(wc -l < "$LOG" | tr -d ' ')"
        # Cut a 1 MB stream in the middle: what was read is kept, exit 2, a
        # warning with the offset. (A decoder yields nothing of a block it has
        # not finished, so the stream must span many blocks.)
        # (lz4's default 4 MB blocks would hold the whole input: 64 KB ones.)
        blocks=; [ $tool = lz4 ] && blocks=-B4
        { cat "$LOG"; head -c 1000000 /dev/urandom | base64; } | $tool $blocks -c > "$TMP/big.$tool"
        size=$(wc -c < "$TMP/big.$tool")
        head -c $((size * 3 / 4)) "$TMP/big.$tool" > "$TMP/cut.$tool"
        "$CORONER" -f json "$TMP/cut.$tool" > "$TMP/cut-$tool.json" 2>"$TMP/cut.err"; s=$?
        [ $s -eq 2 ] && grep -q "cut.$tool" "$TMP/cut.err" && grep -q "byte" "$TMP/cut.err" \
                && ok "$tool: truncated stream warns with name and offset, exit 2" \
                || not_ok "$tool: truncated stream warns" "exit $s: $(cat "$TMP/cut.err")"
        check "$tool: truncated stream keeps the diagnoses read before the cut" \
                test "$(json_get "$TMP/cut-$tool.json" 'r["diagnoses"][0]["exception"]["type"] + str(r["inputs"][0]["complete"])')" = "KeyErrorFalse"
done

# zstd does not say where in its input it found a fault; coroner feeds it
# in slices so that the warning names the place, not the start of the file.
{ cat "$LOG"; head -c 200000 /dev/urandom | base64; } | zstd -q -c > "$TMP/flip.zst"
"$PY" -c "import sys; p=sys.argv[1]; b=bytearray(open(p,'rb').read()); b[len(b)//2]^=0xff; open(p,'wb').write(b)" "$TMP/flip.zst"
size=$(wc -c < "$TMP/flip.zst")
"$CORONER" "$TMP/flip.zst" >/dev/null 2>"$TMP/flip.err"; s=$?
at=$(sed -n 's/.*found by byte \([0-9]*\).*/\1/p' "$TMP/flip.err")
[ $s -eq 2 ] && [ -n "$at" ] && [ "$at" -ge $((size / 2)) ] && [ "$at" -le $((size / 2 + 140000)) ] \
        && ok "zstd: a fault in the middle is placed after it ($at of $size bytes), not at byte 0" \
        || not_ok "zstd: fault position" "exit $s, size $size: $(cat "$TMP/flip.err")"

# A corrupt input between two good ones: warn, and go on to the next input.
printf '\050\265\057\375garbage garbage garbage' > "$TMP/bad.zst"
"$CORONER" -f json "$LOG" "$TMP/bad.zst" "$SRCDIR/corpus/gpu-cuda-oom/log.txt" > "$TMP/multi.json" 2>"$TMP/multi.err"; s=$?
[ $s -eq 2 ] && grep -q "bad.zst" "$TMP/multi.err" && ok "a corrupt input is named and the next input is read" \
        || not_ok "corrupt input among good ones" "exit $s: $(cat "$TMP/multi.err")"
check "diagnoses from inputs before and after the corrupt one" \
        sh -c "echo '$(ids "$TMP/multi.json")' | grep -q torch.cuda-oom && echo '$(ids "$TMP/multi.json")' | grep -q nccl.watchdog-timeout"
done_testing
