#!/bin/sh
# seed.sh — the founding incident (tests/e2e/data/seed/k26.py), told right both
# ways: a real journal file with two invocations of k26.service read with
# -u k26, and journalctl's own text of it piped in, rendered and read under
# three time zones. Run 2 (compressed-tensors) leads, run 1 (a stale process
# holding GPU memory) follows, each with its own consequences and counts.
. "$SRCDIR/tests/e2e/lib.sh"
REMOTE=/lib/systemd/systemd-journal-remote
[ -x "$REMOTE" ] || REMOTE=/usr/lib/systemd/systemd-journal-remote
if [ ! -x "$REMOTE" ] || ! command -v journalctl >/dev/null; then
        echo "1..0 # SKIP systemd-journal-remote or journalctl not installed"
        exit 0
fi
T0=1795988280000000  # 2026-11-29 21:38:00 UTC
mkdir -p "$TMP/j"
"$PY" "$SRCDIR/tests/e2e/data/seed/k26.py" $T0 | "$REMOTE" -o "$TMP/j/system.journal" - 2>/dev/null
check "systemd-journal-remote made the incident's journal" test -s "$TMP/j/system.journal"

# story FILE WHAT: the incident told right in report FILE
story() {
        f=$1 what=$2
        check "$what: run 2's compressed-tensors failure leads" \
                test "$(top_id "$f")" = compressed-tensors.unknown-compression-format
        check "$what: run 1's stale process comes next, as the earlier run" \
                test "$(json_get "$f" '[(d["id"], d["run"]["order"]) for d in r["diagnoses"] if d["role"] == "root-cause"]')" \
                = "[('compressed-tensors.unknown-compression-format', 1), ('sglang.unbalanced-memory', 2)]"
        check "$what: counts are per run (8 ranks, then 7)" \
                test "$(json_get "$f" '[d["count"] for d in r["diagnoses"] if d["role"] == "root-cause"]')" = "[8, 7]"
        check "$what: each run's SIGKILL and SIGQUIT are explained by that run's own cause" "$PY" -c "
import json, sys
r = json.load(open('$f'))
rank = {(d['id'], d['run']['order']): d['rank'] for d in r['diagnoses']}
for d in r['diagnoses']:
    if d['id'] in ('systemd.killed-sigkill', 'sglang.child-sigquit'):
        cause = 'compressed-tensors.unknown-compression-format' if d['run']['order'] == 1 else 'sglang.unbalanced-memory'
        if d['explained_by'] != rank[(cause, d['run']['order'])]:
            sys.exit('%s of run %d explained by #%s' % (d['id'], d['run']['order'], d['explained_by']))
"
        check "$what: the stale process's fix finds it (nvidia-smi --query-compute-apps)" \
                sh -c "'$PY' -c \"import json; r = json.load(open('$f')); print([d['fixes'] for d in r['diagnoses'] if d['id'] == 'sglang.unbalanced-memory'])\" | grep -q query-compute-apps"
}

"$CORONER" -f json --journal-dir "$TMP/j" -u k26 > "$TMP/journal.json"
story "$TMP/journal.json" "journal file, -u k26"

for tz in UTC America/New_York Asia/Kolkata; do
        name=$(echo $tz | tr / _)
        TZ=$tz journalctl --file="$TMP/j/system.journal" -u k26 -o short --no-pager > "$TMP/text.$name.log"
        TZ=$tz "$CORONER" -f json - < "$TMP/text.$name.log" > "$TMP/text.$name.json"
done
story "$TMP/text.UTC.json" "journalctl text piped in"
check "journalctl text starts with 'Started', no 'Starting' (Type=simple)" \
        sh -c "grep -q 'Started k26.service' '$TMP/text.UTC.log' && ! grep -q 'Starting k26' '$TMP/text.UTC.log'"
utc_times() { json_get "$1" '[(d["id"], d["first_seen"], d["last_seen"]) for d in r["diagnoses"]]'; }
check "the same text rendered in New York gives the same UTC times" test "$(utc_times "$TMP/text.America_New_York.json")" = "$(utc_times "$TMP/text.UTC.json")"
check "the same text rendered in Kolkata gives the same UTC times" test "$(utc_times "$TMP/text.Asia_Kolkata.json")" = "$(utc_times "$TMP/text.UTC.json")"
check "text and journal agree on the times" test "$(utc_times "$TMP/text.UTC.json")" = "$(utc_times "$TMP/journal.json")"
check "--timezone reads New York's text without TZ" \
        sh -c "TZ=UTC '$CORONER' -f json --timezone America/New_York '$TMP/text.America_New_York.log' | '$PY' -c \"import json,sys; r=json.load(sys.stdin); sys.exit(r['diagnoses'][0]['first_seen'] != '2026-11-29T21:42:36Z')\""
check "the text report shows local time with its offset" \
        sh -c "TZ=America/New_York '$CORONER' '$TMP/text.America_New_York.log' | grep -q 'first 2026-11-29 16:42:36 -0500'"
# The text and Markdown reports tell it in the same order: run 2's cause in
# full, then run 1's under its own heading, with the command that finds the
# stale process; each run's consequences listed under it.
for src in journal text; do
        if [ $src = journal ]; then "$CORONER" --journal-dir "$TMP/j" -u k26 > "$TMP/seed.txt"
        else TZ=UTC "$CORONER" "$TMP/text.UTC.log" > "$TMP/seed.txt"; fi
        check "text report ($src): compressed-tensors first, the earlier run's stale process next, each with its consequences" "$PY" -c "
import re, sys
t = open(sys.argv[1]).read()
heads = re.findall(r'^(#\d+) +(.*)$|^(Earlier run.*)$|^  (#\d+) +\w+ +(consequence of #\d+)', t, re.M)
seq = [h[0] + ' ' + h[1] if h[0] else h[2][:11] if h[2] else h[3] + ' ' + h[4] for h in heads]
want = ['#1 Installed compressed-tensors does not know the model\'s quantization format',
        '#2 consequence of #1', '#3 consequence of #1', '#4 consequence of #1', 'Earlier run',
        '#5 GPU memory is unbalanced across tensor-parallel ranks',
        '#6 consequence of #5', '#7 consequence of #5', '#8 consequence of #5']
sys.exit(0 if seq == want else 'got %r' % seq)" "$TMP/seed.txt"
        check "text report ($src): the earlier run shows the nvidia-smi command that finds the stale process" \
                sh -c "sed -n '/^Earlier run/,\$p' '$TMP/seed.txt' | grep -q 'nvidia-smi --query-compute-apps'"
done
"$CORONER" -f markdown --journal-dir "$TMP/j" -u k26 > "$TMP/seed.md"
check "Markdown: the earlier run has its own section after run 2's cause" \
        sh -c "grep -n -e '^## #1 Installed compressed-tensors' -e '^## Earlier run' -e '^### #5 GPU memory is unbalanced' '$TMP/seed.md' | cut -d: -f1 | tr '\n' ' ' | '$PY' -c 'import sys; l = list(map(int, sys.stdin.read().split())); sys.exit(not (len(l) == 3 and l == sorted(l)))'"

# Live: (cat log; sleep 30) | coroner --follow — run 2's cause within about a
# second, then on SIGINT a summary that leads with it, exit 130; the same in
# text on a terminal (script(1)).
check "--follow on a pipe: compressed-tensors within about a second, a summary on SIGINT, exit 130" "$PY" - "$CORONER" "$TMP/text.UTC.log" <<'PYEOF'
import json, signal, subprocess, sys, time
coroner, log = sys.argv[1], sys.argv[2]
p = subprocess.Popen(["sh", "-c", 'cat "$1"; sleep 30', "sh", log], stdout=subprocess.PIPE)
t0 = time.monotonic()
f = subprocess.Popen([coroner, "--follow", "-f", "json"], stdin=p.stdout, stdout=subprocess.PIPE, env={"TZ": "UTC"})
seen = None
for line in f.stdout:
    r = json.loads(line)
    if r.get("id") == "compressed-tensors.unknown-compression-format":
        seen = time.monotonic() - t0
        break
f.send_signal(signal.SIGINT)
rest = [json.loads(l) for l in f.stdout]
code = f.wait()
p.kill()
summary = [r for r in rest if r.get("record") == "summary"]
ok = seen is not None and seen < 1.5 and code == 130 and summary and \
     summary[0]["diagnoses"][0]["id"] == "compressed-tensors.unknown-compression-format"
sys.exit(0 if ok else "seen after %s s, exit %s, summary %s" % (seen, code, [d["id"] for d in summary[0]["diagnoses"]] if summary else None))
PYEOF
TERM=dumb script -qec "sh -c 'cat \"$TMP/text.UTC.log\"; sleep 30' | TZ=UTC timeout -s INT 3 '$CORONER' --follow" /dev/null < /dev/null | tr -d '\r' > "$TMP/live.txt"
check "--follow in text on a terminal: the block as it happens, then everything read, ranked" \
        sh -c "grep -q '^#[0-9]  Installed compressed-tensors' '$TMP/live.txt' && sed -n '/=== everything read, ranked ===/,\$p' '$TMP/live.txt' | grep -q '^#1  Installed compressed-tensors'"

# Across a change of daylight saving time: New York moved from EST to EDT at
# 2026-03-08 02:00 local; a local clock reading on each side keeps its offset.
printf '2026-03-08 01:59:30,000 ERROR app: before the change\n2026-03-08 02:00:00,000 INFO app: serving\n2026-03-08 03:00:30,000 ERROR app: after the change\n' > "$TMP/dst.log"
check "local times on both sides of a DST change" test "$(TZ=America/New_York "$CORONER" -f json "$TMP/dst.log" | "$PY" -c "
import json, sys
r = json.load(sys.stdin)
print(sorted(d['first_seen'] for d in r['diagnoses']))")" = "['2026-03-08T06:59:30Z', '2026-03-08T07:00:30Z']"
done_testing
