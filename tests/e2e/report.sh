#!/bin/sh
# report.sh — the text and Markdown reports a person reads: words that say
# what they are, wrapping to the width, evidence cut, commands whole, runs
# told apart, "Also found" bounded, a pager on a terminal, colour and
# glyphs as the terminal and locale allow, a hint instead of a silent wait.
. "$SRCDIR/tests/e2e/lib.sh"
unset NO_COLOR PAGER CORONER_PAGER
export LC_ALL=C.UTF-8
C=$SRCDIR/corpus

# width FILE N: every line fits N columns, except a command (never
# wrapped, so it can be copied) and a line of one word longer than that.
width() {
        "$PY" - "$1" "$2" <<'PY'
import re, sys
n = int(sys.argv[2])
bad = [l for l in open(sys.argv[1], encoding="utf-8").read().split("\n")
       if len(l) > n and not re.match(r"^\s*(\d+\. |check: )[a-z./$~]", l) and len(l.split()) > 1
       and not re.match(r"^\s*\S+$", l)]
sys.exit("\n".join(bad[:3]) if bad else 0)
PY
}

"$CORONER" "$C/sglang-unbalanced-memory/log.txt" > "$TMP/t.txt"
check "not a terminal: lines wrap at 80 columns" width "$TMP/t.txt" 80
check "the status line names each word: severity, category, role, confidence" \
        grep -qE '^    severity (critical|error|warning|info) · category [a-z-]+ · (root cause|symptom|cause unknown|note) ·' "$TMP/t.txt"
check "no role word is the JSON's hyphenated one" sh -c "! grep -q 'root-cause' '$TMP/t.txt'"

# A long evidence line is cut at the width with an ellipsis; prose is not.
long=$(printf 'x%.0s' $(seq 300))
printf 'Traceback (most recent call last):\n  File "/app/run.py", line 3, in <module>\n    main()\nValueError: bad value %s and more words after it\n' "$long" > "$TMP/long.log"
"$CORONER" "$TMP/long.log" > "$TMP/long.txt"
check "a long evidence line is cut with …" sh -c "grep -qE '^      [0-9]+  ValueError: bad value x+…\$' '$TMP/long.txt'"
check "and fits the width" sh -c "grep -E '^      [0-9]+  ValueError' '$TMP/long.txt' > '$TMP/ev.txt' && '$PY' -c 'import sys; sys.exit(any(len(l) > 80 for l in open(sys.argv[1], encoding=\"utf-8\").read().splitlines()))' '$TMP/ev.txt'"

# Runs: a crash loop of six runs failing alike is one diagnosis and a count.
"$PY" - > "$TMP/loop.log" <<'PY'
for r in range(6):
    m, pid = 10 + r, 5000 + r
    print(f"Nov 29 10:{m}:00 gpu systemd[1]: Started k26.service - K26.")
    print(f"Nov 29 10:{m}:05 gpu python3[{pid}]: Traceback (most recent call last):")
    print(f'Nov 29 10:{m}:05 gpu python3[{pid}]:   File "/opt/venv/lib/python3.12/site-packages/compressed_tensors/config/base.py", line 42, in from_dict')
    print(f"Nov 29 10:{m}:05 gpu python3[{pid}]:     fmt = CompressionFormat[cfg['format']]")
    print(f"Nov 29 10:{m}:05 gpu python3[{pid}]: AttributeError: type object 'CompressionFormat' has no attribute 'nvfp4_pack_quantized'")
    print(f"Nov 29 10:{m}:06 gpu systemd[1]: k26.service: Main process exited, code=exited, status=1/FAILURE")
    print(f"Nov 29 10:{m}:16 gpu systemd[1]: k26.service: Scheduled restart job, restart counter is at {r+1}.")
PY
"$CORONER" "$TMP/loop.log" > "$TMP/loop.txt"
check "crash loop: the repeated failure is counted, not shown six times" \
        sh -c "grep -q '^5 earlier runs failed the same way as #1' '$TMP/loop.txt' && test \$(grep -c '^#[0-9]' '$TMP/loop.txt') = 1"
check "a consequence says whose, and is never also called a root cause" \
        sh -c "grep -q 'consequence of #1: ' '$TMP/loop.txt' && ! grep -E 'root cause.*consequence of|consequence of.*root cause' '$TMP/loop.txt'"
"$CORONER" --all "$TMP/loop.txt" > /dev/null 2>&1
"$CORONER" --all "$TMP/loop.log" > "$TMP/loopall.txt"
check "--all lists every run" test "$(grep -c '^Earlier run' "$TMP/loopall.txt")" = 5

# "Also found": the first ten, then how many more; --all every one.
for e in 1 2 4 5 6 7 8 9 11 12 13 14 16 17 19 20 21 22 23 24; do
        "$PY" -c "import os, sys; print('OSError: [Errno %d] %s' % (int(sys.argv[1]), os.strerror(int(sys.argv[1]))))" $e
done > "$TMP/many.log"
"$CORONER" "$TMP/many.log" > "$TMP/many.txt"
n=$(json_get /dev/stdin 'len(r["diagnoses"])' <<EOF2
$("$CORONER" -f json "$TMP/many.log")
EOF2
)
check "Also found: ten listed, the rest counted ($n diagnoses)" \
        sh -c "test \$(grep -c '^  #[0-9]' '$TMP/many.txt') = 10 && grep -q '^  … and $((n - 11)) more (--all lists every one' '$TMP/many.txt'"
"$CORONER" --all "$TMP/many.log" > "$TMP/manyall.txt"
check "--all: every diagnosis listed" test "$(grep -c '^  #[0-9]' "$TMP/manyall.txt")" = $((n - 1))

# An info diagnosis is a note, not a root cause.
printf '%s\n' "[rank0]:[W1130 08:35:33.879160119 reducer.cpp:1502] Warning: find_unused_parameters=True was specified in DDP constructor, but did not find any unused parameters in the forward pass. This flag results in an extra traversal of the autograd graph every iteration,  which can adversely affect performance. (function operator())" > "$TMP/info.log"
"$CORONER" "$TMP/info.log" > "$TMP/info.txt"
check "an info diagnosis is a note" grep -q '^    severity info · category [a-z-]* · note ·' "$TMP/info.txt"

# Glyphs: ASCII under a locale that is not UTF-8.
LC_ALL=C "$CORONER" "$TMP/loop.log" > "$TMP/ascii.txt"
check "C locale: ASCII only" sh -c "! LC_ALL=C grep -q '[^ -~]' '$TMP/ascii.txt' && grep -q ' - category ' '$TMP/ascii.txt'"
check "UTF-8 locale: the glyphs" grep -q ' · category ' "$TMP/loop.txt"

# Colour: --color=always wins over NO_COLOR; auto colours a terminal unless
# NO_COLOR is set or TERM=dumb. (script(1) gives the command a terminal.)
ESC=$(printf '\033')
NO_COLOR=1 "$CORONER" --color always "$TMP/loop.log" > "$TMP/c.txt"
check "--color=always wins over NO_COLOR" grep -q "$ESC" "$TMP/c.txt"
tty_run() { script -qec "$1" /dev/null < /dev/null; }
TERM=xterm tty_run "'$CORONER' --no-pager '$TMP/loop.log'" > "$TMP/tty.txt"
check "auto: a terminal gets colour" grep -q "$ESC" "$TMP/tty.txt"
TERM=dumb tty_run "'$CORONER' --no-pager '$TMP/loop.log'" > "$TMP/dumb.txt"
check "auto: TERM=dumb gets none" sh -c "! grep -q '$ESC' '$TMP/dumb.txt' && grep -q '^#1' '$TMP/dumb.txt'"
NO_COLOR=1 TERM=xterm tty_run "'$CORONER' --no-pager '$TMP/loop.log'" > "$TMP/nocolor.txt"
check "auto: NO_COLOR gets none" sh -c "! grep -q '$ESC' '$TMP/nocolor.txt'"
COLUMNS=200 TERM=dumb script -qec "stty cols 60; '$CORONER' --no-pager '$TMP/loop.log'" /dev/null < /dev/null | tr -d '\r' > "$TMP/w60.txt"
check "a terminal's width is used (60 columns)" width "$TMP/w60.txt" 60

# The pager: on a terminal, through $PAGER; --no-pager and pipes go straight.
PAGER="cat > '$TMP/paged.txt'" TERM=dumb tty_run "'$CORONER' '$TMP/loop.log'" > "$TMP/screen.txt"
check "a terminal: the report goes through \$PAGER" sh -c "grep -q '^#1' '$TMP/paged.txt' && ! grep -q '^#1' '$TMP/screen.txt'"
rm -f "$TMP/paged.txt"
PAGER="cat > '$TMP/paged.txt'" "$CORONER" "$TMP/loop.log" > "$TMP/piped.txt"
check "not a terminal: no pager" sh -c "test ! -e '$TMP/paged.txt' && grep -q '^#1' '$TMP/piped.txt'"
PAGER="cat > '$TMP/paged.txt'" TERM=dumb tty_run "'$CORONER' --no-pager '$TMP/loop.log'" > "$TMP/screen.txt"
check "--no-pager: straight to the terminal" sh -c "test ! -e '$TMP/paged.txt' && grep -q '^#1' '$TMP/screen.txt'"
PAGER="head -1" TERM=dumb tty_run "'$CORONER' '$TMP/many.log'; echo status=\$?" > "$TMP/quit.txt"
check "a reader who quits the pager early is no error" grep -q 'status=0' "$TMP/quit.txt"

# No arguments on a terminal: a hint, not a silent wait.
TERM=dumb tty_run "'$CORONER' --no-pager" > "$TMP/hint.txt"
check "no arguments on a terminal: a hint on how to feed it" grep -q 'reading a log from standard input' "$TMP/hint.txt"
"$CORONER" < /dev/null 2> "$TMP/hint2.txt" > /dev/null
check "stdin not a terminal: no hint" test ! -s "$TMP/hint2.txt"

# Markdown for a ticket.
"$CORONER" -f markdown "$TMP/loop.log" > "$TMP/m.md"
check "markdown: environment, fix commands in sh blocks, what it explains" \
        sh -c "grep -q '^\*\*Environment:\*\* python 3.12' '$TMP/m.md' && grep -q '^   \`\`\`sh' '$TMP/m.md' && grep -q '^\*\*Explains\*\*' '$TMP/m.md'"
check "markdown: competing causes, each with its check command" \
        sh -c "grep -A1 '^- compressed-tensors is older' '$TMP/m.md' | grep -q '^  \`\`\`sh'"
"$CORONER" -f markdown "$C/sglang-unbalanced-memory/log.txt" > "$TMP/u.md"
check "markdown: a prose fix stays prose" grep -qE '^[0-9]+\. Stop the stale process' "$TMP/u.md"
head -c 2000 "$TMP/loop.log" | gzip > "$TMP/cut.gz"
head -c $(( $(wc -c < "$TMP/cut.gz") / 2 )) "$TMP/cut.gz" > "$TMP/half.gz"
"$CORONER" -f markdown "$TMP/half.gz" > "$TMP/half.md" 2>/dev/null
check "markdown: an input not read completely is said first, not 'no known failure'" \
        sh -c "head -1 '$TMP/half.md' | grep -q 'Warning: an input was not read completely' && ! grep -q 'no known failure' '$TMP/half.md'"
done_testing
