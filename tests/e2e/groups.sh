#!/bin/sh
# groups.sh — ExceptionGroup tracebacks (PEP 654) as CPython prints them:
# every leaf is diagnosed on its own and listed with its place in the tree,
# a leaf a table knows is matched as that, and interleaved tracebacks of
# two processes in journalctl's text keep their own lines.
. "$SRCDIR/tests/e2e/lib.sh"

if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        echo "1..0 # SKIP ExceptionGroup needs Python 3.11"
        exit 0
fi
G=$SRCDIR/tests/e2e/data/groups

# expect DESCRIPTION EXPR: EXPR over r (the report of $TMP/r.json) holds
expect() {
        if "$PY" -c "import json, sys; r = json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" "$TMP/r.json"; then
                ok "$1"
        else
                not_ok "$1" "$(json_get "$TMP/r.json" '[(d["id"], d["count"], d["exceptions"]) for d in r["diagnoses"]]' | head -c 2000)"
        fi
}
leaf() { echo "[d for d in r['diagnoses'] if d['exceptions'] and d['exceptions'][0]['type'] == '$1'][0]"; }

"$PY" "$G/nested.py" 2>"$TMP/nested.log"
"$CORONER" -f json "$TMP/nested.log" >"$TMP/r.json"
expect "nested: one diagnosis per leaf" "len(r['diagnoses']) == 3"
expect "nested: the leaf a table knows is matched as that" "r['diagnoses'][0]['id'] == 'system.no-space-left'"
expect "nested: the first leaf's place is [1], under the outermost group []" \
        "[x.get('group_path') for x in $(leaf OSError)['exceptions']] == [[1], []]"
expect "nested: the unraised KeyError sits at [3, 1], under its two groups, innermost first" \
        "[(x['type'], x.get('group_path')) for x in $(leaf KeyError)['exceptions']] == [('KeyError', [3, 1]), ('ExceptionGroup', [3]), ('ExceptionGroup', [])]"
expect "nested: the unraised leaf is blamed where its group was raised" \
        "$(leaf KeyError)['raised_in']['function'] == 'main'"
expect "nested: evidence in the order it was read" \
        "all([e['line'] for e in d['evidence']] == sorted(e['line'] for e in d['evidence']) for d in r['diagnoses'])"
expect "nested: the leaf's own exception line is evidence" \
        "any('KeyError' in e['text'] for e in $(leaf KeyError)['evidence'])"

"$PY" "$G/taskgroup.py" 2>"$TMP/task.log"
"$CORONER" -f json "$TMP/task.log" >"$TMP/r.json"
expect "TaskGroup: the leaf's chain is read, its original cause matched" \
        "r['diagnoses'][0]['id'] == 'errno.enoent' and [x['type'] for x in r['diagnoses'][0]['exceptions']] == ['FileNotFoundError', 'RuntimeError', 'ExceptionGroup']"
expect "TaskGroup: the 14 printed connection resets are one diagnosis counted 14 times" \
        "$(leaf ConnectionResetError)['count'] == 14"
expect "TaskGroup: 'and 6 more exceptions' ends nothing: no stray diagnosis" "len(r['diagnoses']) == 2"
expect "TaskGroup: logging.exception's line announces the group, not an error line of its own" \
        "'loading failed' in r['diagnoses'][0]['evidence'][0]['text']"

# journalctl's text: the group of pid 4242 interleaved line by line with an
# ordinary traceback of pid 4343 in the same unit.
"$PY" - "$TMP/nested.log" >"$TMP/journal.log" <<'PYEOF'
import sys
group = open(sys.argv[1]).read().splitlines()
other = ["Traceback (most recent call last):",
         '  File "/srv/app/worker.py", line 9, in <module>',
         "    import flash_attn",
         "ModuleNotFoundError: No module named 'flash_attn'"]
out = []
for i in range(max(len(group), len(other))):
    if i < len(group):
        out.append("Dec 01 17:00:45 gpu1 svc[4242]: " + group[i])
    if i < len(other):
        out.append("Dec 01 17:00:45 gpu1 svc[4343]: " + other[i])
print("\n".join(out))
PYEOF
"$CORONER" -f json "$TMP/journal.log" >"$TMP/r.json"
expect "interleaved: the other process's traceback is whole" \
        "any(d['exceptions'] and d['exceptions'][0]['type'] == 'ModuleNotFoundError' and 'flash_attn' in d['exceptions'][0]['message'] for d in r['diagnoses'])"
expect "interleaved: the group's three leaves are still found" \
        "sorted(d['exceptions'][0]['type'] for d in r['diagnoses'] if d['exceptions'] and d['exceptions'][0].get('group_path')) == ['KeyError', 'OSError', 'ValueError']"
expect "interleaved: no exception of one process lands in the other's" \
        "all(set(x['type'] for x in d['exceptions']) & {'ModuleNotFoundError'} == set() or len(d['exceptions']) == 1 for d in r['diagnoses'])"

printf 'Traceback (most recent call last):\n  File "/a.py", line 1, in <module>\n    f()\nValueError: plain\n' >"$TMP/plain.log"
"$CORONER" -f json "$TMP/plain.log" >"$TMP/r.json"
expect "an ordinary traceback's exceptions have no group_path" \
        "all('group_path' not in x for d in r['diagnoses'] for x in d['exceptions'])"
done_testing
