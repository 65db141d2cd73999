#!/bin/sh
# corpus.sh — run every corpus case through the built coroner.
# Per case: (1) case.json's expectations hold (expect_top ranks first, every
# id in expect appears, a healthy log has no error-or-worse diagnosis);
# (2) the report equals the blessed expected.json (coroner_version aside).
# BLESS=1 rewrites every expected.json instead (`make bless`).
. "$SRCDIR/tests/e2e/lib.sh"
cd "$SRCDIR" || exit 1
for dir in corpus/*/; do
        case=${dir%/}
        [ -f "$case/case.json" ] && [ -f "$case/log.txt" ] || continue
        "$CORONER" -f json "$case/log.txt" > "$TMP/report.json" 2>"$TMP/stderr"
        status=$?
        verdict=$(python3 - "$case/case.json" "$TMP/report.json" "$status" <<'PY'
import json, sys
case = json.load(open(sys.argv[1]))
try:
    r = json.load(open(sys.argv[2]))
except Exception as e:
    print(f"report is not JSON ({e}); exit {sys.argv[3]}"); sys.exit()
ids = [d["id"] for d in r["diagnoses"]]
problems = []
if case.get("healthy"):
    bad = [d["id"] for d in r["diagnoses"] if d["severity"] in ("error", "critical")]
    if bad:
        problems.append("healthy log has error diagnoses: " + ", ".join(bad))
else:
    want = case.get("expect_top")
    if not ids or ids[0] != want:
        problems.append(f"top is {ids[0] if ids else 'nothing'}, want {want}")
for e in case.get("expect", []):
    if e not in ids:
        problems.append(f"{e} missing")
if problems:
    print("; ".join(problems) + " | got: " + " ".join(ids[:8]))
PY
)
        if [ -z "$verdict" ]; then ok "$case: expected diagnoses"; else not_ok "$case: expected diagnoses" "$verdict"; fi
        python3 - "$TMP/report.json" > "$TMP/normal.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); r.pop("coroner_version", None)
print(json.dumps(r, indent=1, ensure_ascii=False, sort_keys=True))
PY
        if [ -n "$BLESS" ]; then
                cp "$TMP/normal.json" "$case/expected.json"
                ok "$case: blessed"
        elif [ ! -f "$case/expected.json" ]; then
                echo "ok $((_n = _n + 1)) - $case: report # SKIP no expected.json (run make bless)"
        elif cmp -s "$TMP/normal.json" "$case/expected.json"; then
                ok "$case: report matches expected.json"
        else
                not_ok "$case: report matches expected.json" "$(diff "$case/expected.json" "$TMP/normal.json" | head -20)"
        fi
done
done_testing
