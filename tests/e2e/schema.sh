#!/bin/sh
# schema.sh — the JSON report is a contract: doc/report.schema.json (JSON
# Schema 2020-12) is checked by a real validator (Debian's
# python3-jsonschema) against every corpus report and against fresh
# reports of every kind: compressed and journal inputs, notes and warnings,
# redaction, a pattern that gave up, and --follow's JSON Lines.
. "$SRCDIR/tests/e2e/lib.sh"
if ! /usr/bin/python3 -c "import jsonschema" 2>/dev/null; then
        echo "1..0 # SKIP python3-jsonschema not installed (apt-get install python3-jsonschema)"
        exit 0
fi
SCHEMA="$SRCDIR/doc/report.schema.json"
# validate DESCRIPTION FILE... : each file a JSON document, or JSON Lines (.jsonl)
validate() {
        _what=$1; shift
        if /usr/bin/python3 - "$SCHEMA" "$@" >"$TMP/v.out" 2>&1 <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
v = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
bad = 0
for path in sys.argv[2:]:
    docs = [json.loads(l) for l in open(path) if l.strip()] if path.endswith(".jsonl") else [json.load(open(path))]
    for i, doc in enumerate(docs):
        for e in v.iter_errors(doc):
            bad += 1
            if bad <= 5:
                print(f"{path}#{i}: {e.message[:300]} at {list(e.absolute_path)}")
sys.exit(1 if bad else 0)
PY
        then ok "$_what"; else not_ok "$_what" "$(cat "$TMP/v.out")"; fi
}
validate "the schema is valid, and every corpus report conforms" "$SRCDIR"/corpus/*/expected.json

LOG="$SRCDIR/corpus/gpu-nccl-cascade/log.txt"
zstd -q -c < "$LOG" > "$TMP/log.zst" 2>/dev/null || gzip -c < "$LOG" > "$TMP/log.zst"
: > "$TMP/empty.log"
head -c 70000 /dev/urandom > "$TMP/binary.dat"
"$CORONER" -f json "$LOG" "$TMP/log.zst" "$TMP/empty.log" "$TMP/binary.dat" > "$TMP/many.json" 2>/dev/null
"$CORONER" -f json --redact=all "$SRCDIR/corpus/sglang-unbalanced-memory/log.txt" > "$TMP/redacted.json"
"$PY" -c "print('SLOWTRIGGER ' + 'a' * 60 + 'b')" > "$TMP/slow.log"
"$CORONER" -f json -s "$SRCDIR/tests/e2e/slow" "$TMP/slow.log" > "$TMP/slow.json"
validate "fresh reports: several inputs (compressed, empty, binary), redacted, a pattern that gave up" \
        "$TMP/many.json" "$TMP/redacted.json" "$TMP/slow.json"

check "produced_by: the signature directories, their count and hash, the command line" \
        "$PY" -c "
import json, sys
p = json.load(open(sys.argv[1]))['produced_by']; q = json.load(open(sys.argv[2]))['produced_by']
assert p['signatures']['directories'][-1].endswith('/signatures'), p
assert q['signatures']['directories'][-1].endswith('/slow'), q
assert q['signatures']['count'] == p['signatures']['count'] + 1 and q['signatures']['hash'] != p['signatures']['hash']
assert '--redact=all' in json.load(open(sys.argv[3]))['produced_by']['command']
" "$TMP/many.json" "$TMP/slow.json" "$TMP/redacted.json"

REMOTE=/lib/systemd/systemd-journal-remote
[ -x "$REMOTE" ] || REMOTE=/usr/lib/systemd/systemd-journal-remote
if [ -x "$REMOTE" ]; then
        "$REMOTE" -o "$TMP/j.journal" "$SRCDIR/tests/forms/journal/chain-from.export.txt" 2>/dev/null
        "$CORONER" -f json --journal-file "$TMP/j.journal" > "$TMP/journal.json"
        "$CORONER" -f json --journal-file "$TMP/j.journal" -u nothing-here > "$TMP/nothing.json"
        validate "journal reports, with and without entries" "$TMP/journal.json" "$TMP/nothing.json"
else
        ok "journal reports # SKIP systemd-journal-remote not installed"
fi

# --follow -f json: diagnosis and update records, then the summary.
TB="$SRCDIR/corpus/gpu-cuda-oom/log.txt"
{ cat "$TB"; sleep 1.5; cat "$TB"; sleep 1.5; } | "$CORONER" --follow -f json --interval 1s --settle 0.3s > "$TMP/follow.jsonl" 2>/dev/null
check "--follow wrote diagnosis, update and summary records" \
        sh -c "grep -q '\"record\":\"diagnosis\"' '$TMP/follow.jsonl' && grep -q '\"record\":\"update\"' '$TMP/follow.jsonl' && grep -q '\"record\":\"summary\"' '$TMP/follow.jsonl'"
validate "--follow's JSON Lines conform, record by record" "$TMP/follow.jsonl"

# coroner run -f json: milestone, diagnosis, summary and verdict records.
"$CORONER" run -f json -- "$PY" "$SRCDIR/tests/e2e/services/vllm_oom.py" > "$TMP/run.jsonl" 2> /dev/null
check "run -f json wrote milestone and verdict records" \
        sh -c "grep -q '\"record\":\"milestone\"' '$TMP/run.jsonl' && grep -q '\"record\":\"verdict\"' '$TMP/run.jsonl'"
validate "run's JSON Lines conform, record by record" "$TMP/run.jsonl"
done_testing
