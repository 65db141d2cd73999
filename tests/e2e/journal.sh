#!/bin/sh
# journal.sh — real journal files, made here from export-format entries with
# systemd-journal-remote, read through sd-journal: filters, invocations,
# hosts, --follow, cursors, corruption, and parity with journalctl text.
. "$SRCDIR/tests/e2e/lib.sh"
REMOTE=/lib/systemd/systemd-journal-remote
[ -x "$REMOTE" ] || REMOTE=/usr/lib/systemd/systemd-journal-remote
if [ ! -x "$REMOTE" ]; then
        echo "1..0 # SKIP systemd-journal-remote not installed (apt-get install systemd-journal-remote)"
        exit 0
fi

# export.py HOST BOOT INVOCATION T0 KIND > file: one run of k26.service
cat > "$TMP/export.py" <<'PY'
import sys
host, boot, inv, t0, kind = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
tb = {
 "unbalanced": ["Scheduler hit an exception: Traceback (most recent call last):",
   '  File "/opt/venv/lib/python3.12/site-packages/sglang/srt/model_executor/model_runner.py", line 412, in init_torch_distributed',
   "    raise RuntimeError(",
   "RuntimeError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=70.12, local_gpu_memory=78.50, local_gpu_memory * 0.9=70.65"],
 "compressed": ["Scheduler hit an exception: Traceback (most recent call last):",
   '  File "/opt/venv/lib/python3.12/site-packages/compressed_tensors/config/base.py", line 42, in from_dict',
   "    fmt = CompressionFormat[cfg['format']]",
   "AttributeError: type object 'CompressionFormat' has no attribute 'nvfp4_pack_quantized'"],
 "healthy": ["The server is fired up and ready to roll!"],
}[kind]
def entry(i, fields):
    print(f"__REALTIME_TIMESTAMP={t0 + i * 1000}\n__MONOTONIC_TIMESTAMP={i}\n_BOOT_ID={boot}\n_HOSTNAME={host}")
    for k, v in fields.items():
        print(f"{k}={v}")
    print()
entry(0, {"_PID": 1, "SYSLOG_IDENTIFIER": "systemd", "UNIT": "k26.service", "INVOCATION_ID": inv,
          "PRIORITY": 6, "MESSAGE": "Starting k26.service - K26 inference server..."})
for i in range(1, 20):
    entry(i, {"_PID": 4100, "SYSLOG_IDENTIFIER": "python3", "_SYSTEMD_UNIT": "k26.service",
              "_SYSTEMD_INVOCATION_ID": inv, "PRIORITY": 6,
              "MESSAGE": f"[2026-11-29 21:40:13 TP0] Load weight begin. shard {i}"})
for j, line in enumerate(tb):
    entry(20 + j, {"_PID": 4100, "SYSLOG_IDENTIFIER": "python3", "_SYSTEMD_UNIT": "k26.service",
                   "_SYSTEMD_INVOCATION_ID": inv, "PRIORITY": 3, "MESSAGE": line})
entry(40, {"_PID": 777, "SYSLOG_IDENTIFIER": "other", "_SYSTEMD_UNIT": "other.service", "PRIORITY": 3,
           "MESSAGE": "OSError: [Errno 28] No space left on device"})
if kind != "healthy":
    entry(50, {"_PID": 1, "SYSLOG_IDENTIFIER": "systemd", "UNIT": "k26.service", "INVOCATION_ID": inv,
               "PRIORITY": 3, "MESSAGE": "k26.service: Main process exited, code=killed, status=9/KILL"})
PY
B1=11111111111111111111111111111111
B2=22222222222222222222222222222222
I1=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
I2=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
T1=1764452400000000   # 2025-11-29 21:40 UTC
T2=1764456000000000   # one hour later
mkdir -p "$TMP/node7" "$TMP/fleet"
{ "$PY" "$TMP/export.py" gpu-node-07 $B1 $I1 $T1 unbalanced; "$PY" "$TMP/export.py" gpu-node-07 $B2 $I2 $T2 compressed; } \
        | "$REMOTE" -o "$TMP/node7/system.journal" - 2>/dev/null
check "systemd-journal-remote made a journal file" test -s "$TMP/node7/system.journal"

"$CORONER" -f json --journal-dir "$TMP/node7" -u k26 > "$TMP/all.json"
check "two invocations of one unit: both failures reported" \
        test "$(json_get "$TMP/all.json" '" ".join(sorted(d["id"] for d in r["diagnoses"] if d["role"] == "root-cause"))')" \
        = "compressed-tensors.unknown-compression-format sglang.unbalanced-memory"
check "each diagnosis names its invocation" \
        test "$(json_get "$TMP/all.json" '" ".join(sorted(d["streams"][0]["invocation"][:4] for d in r["diagnoses"] if d["role"] == "root-cause"))')" = "aaaa bbbb"
check "-u keeps systemd's message about the unit" \
        sh -c "echo '$(ids "$TMP/all.json")' | grep -q systemd.killed-sigkill"
check "-u leaves other units out" sh -c "! echo '$(ids "$TMP/all.json")' | grep -q no-space"
check "runs: the most recent run leads the report" \
        test "$(top_id "$TMP/all.json")" = compressed-tensors.unknown-compression-format
check "runs: the earlier run's failure is still shown, as run 2" \
        test "$(json_get "$TMP/all.json" '[d["run"]["order"] for d in r["diagnoses"] if d["id"] == "sglang.unbalanced-memory"][0]')" = 2
check "streams carry host and unit" \
        test "$(json_get "$TMP/all.json" 'r["diagnoses"][0]["streams"][0]["host"] + " " + r["diagnoses"][0]["streams"][0]["unit"]')" = "gpu-node-07 k26.service"

"$CORONER" -f json --journal-dir "$TMP/node7" -b > "$TMP/b0.json"
check "-b: the last boot only" test "$(ids "$TMP/b0.json" | tr ' ' '\n' | grep -c 'unbalanced')" = 0
"$CORONER" -f json --journal-dir "$TMP/node7" -b -1 -u k26 > "$TMP/b1.json"
check "-b -1: the boot before" test "$(json_get "$TMP/b1.json" '[d["id"] for d in r["diagnoses"]][0]')" = sglang.unbalanced-memory
"$CORONER" -f json --journal-dir "$TMP/node7" -b $B2 -u k26 > "$TMP/bid.json"
check "-b ID" test "$(top_id "$TMP/bid.json")" = compressed-tensors.unknown-compression-format
"$CORONER" -f json --journal-dir "$TMP/node7" --since "2025-11-29 22:20:00" --until "@1764460000" -u k26 > "$TMP/since.json"
check "--since/--until select the second run" test "$(top_id "$TMP/since.json")" = compressed-tensors.unknown-compression-format
"$CORONER" -f json --journal-dir "$TMP/node7" -p err > "$TMP/prio.json"
check "-p err keeps the errors" sh -c "echo '$(ids "$TMP/prio.json")' | grep -q no-space"
"$CORONER" -f json --journal-dir "$TMP/node7" --match _PID=777 > "$TMP/match.json"
check "FIELD=VALUE match" test "$(json_get "$TMP/match.json" '" ".join(d["id"] for d in r["diagnoses"] if not d["alternative_to"])')" = system.no-space-left
"$CORONER" --journal-dir "$TMP/node7" --since "not a time" >/dev/null 2>&1; s=$?
[ $s -eq 2 ] && ok "a bad --since exits 2" || not_ok "a bad --since exits 2" "exit $s"

# A traceback logged as one entry (python-systemd's JournalHandler): the
# MESSAGE holds newlines, written as an export-format binary field.
"$PY" - "$TMP/multiline.export" <<'PY'
import struct, sys
msg = ("load failed\nTraceback (most recent call last):\n"
       '  File "/srv/k26/serve.py", line 9, in <module>\n'
       "    load()\n"
       "OSError: [Errno 28] No space left on device: '/models/k26/shard-3.safetensors'\n").encode()
with open(sys.argv[1], "wb") as f:
    f.write(b"__REALTIME_TIMESTAMP=1764452400000000\n__MONOTONIC_TIMESTAMP=1\n"
            b"_BOOT_ID=33333333333333333333333333333333\n_HOSTNAME=gpu-node-09\n_PID=77\n"
            b"SYSLOG_IDENTIFIER=k26\n")
    f.write(b"MESSAGE\n" + struct.pack("<Q", len(msg)) + msg + b"\n\n")
PY
"$REMOTE" -o "$TMP/multiline.journal" - < "$TMP/multiline.export" 2>/dev/null
"$CORONER" -f json --journal-file "$TMP/multiline.journal" > "$TMP/multiline.json"
check "a traceback in one multi-line entry is reassembled" \
        test "$(json_get "$TMP/multiline.json" 'r["diagnoses"][0]["id"] + " " + r["diagnoses"][0]["exception"]["type"]')" = "system.no-space-left OSError"

# The export format read as a file: binary fields whose 8-byte length holds
# 0x0a (2570 = 0x0a0a bytes) are split by lines like the data; joined back.
"$PY" - "$TMP/multiline.export" "$TMP/len0a.export" <<'PY'
import struct, sys
head, entry = open(sys.argv[1], "rb").read().split(b"MESSAGE\n", 1)
msg = entry[8:-2]
pad = b"x" * (2570 - len(msg) - 1)
msg = msg[:12] + pad + b"\n" + msg[12:]
assert len(msg) == 0x0a0a
with open(sys.argv[2], "wb") as f:
    f.write(head + b"EMPTY\n" + struct.pack("<Q", 0) + b"\n" + b"MESSAGE\n" + struct.pack("<Q", len(msg)) + msg + b"\n\n")
PY
"$CORONER" -f json "$TMP/len0a.export" > "$TMP/len0a.json"
check "export file: a binary field whose length holds 0x0a" \
        test "$(json_get "$TMP/len0a.json" 'r["diagnoses"][0]["id"] + " " + r["diagnoses"][0]["exception"]["type"]')" = "system.no-space-left OSError"

# Two hosts in one directory (a fleet collected by systemd-journal-remote).
"$PY" "$TMP/export.py" gpu-node-01 $B1 $I1 $T1 unbalanced | "$REMOTE" -o "$TMP/fleet/remote-node01.journal" - 2>/dev/null
"$PY" "$TMP/export.py" gpu-node-02 $B2 $I2 $T1 compressed | "$REMOTE" -o "$TMP/fleet/remote-node02.journal" - 2>/dev/null
"$CORONER" -f json --journal-dir "$TMP/fleet" -u 'k2*' > "$TMP/fleet.json"
check "two hosts in one directory, unit glob: each failure on its host" \
        test "$(json_get "$TMP/fleet.json" '" ".join(sorted(d["id"].split(".")[0] + "@" + d["streams"][0]["host"] for d in r["diagnoses"] if d["role"] == "root-cause"))')" \
        = "compressed-tensors@gpu-node-02 sglang@gpu-node-01"

# The same log as journalctl -o short text gives the same diagnoses.
# (Runs: invocation IDs in the journal, systemd's "Starting ..." lines in text.)
journalctl --file "$TMP/node7/system.journal" -u k26 -o short > "$TMP/short.txt" 2>/dev/null
journalctl --file "$TMP/node7/system.journal" -u k26 -o short-iso > "$TMP/iso.txt" 2>/dev/null
"$CORONER" -f json --journal-file "$TMP/node7/system.journal" -u k26 > "$TMP/j.json"
"$CORONER" -f json "$TMP/short.txt" > "$TMP/short.json"
"$CORONER" -f json "$TMP/iso.txt" > "$TMP/iso.json"
jids() { json_get "$1" '" ".join(sorted("%s:%d" % (d["id"], d["count"]) for d in r["diagnoses"]))'; }
check "journal file and journalctl -u k26 -o short text: same diagnoses" test "$(jids "$TMP/j.json")" = "$(jids "$TMP/short.json")"
check "journal file and journalctl -u k26 -o short-iso text: same diagnoses" test "$(jids "$TMP/j.json")" = "$(jids "$TMP/iso.json")"

# Cursor: two runs over a growing journal; no entry lost or repeated.
"$PY" "$TMP/export.py" gpu-node-07 $B1 $I1 $T1 unbalanced | "$REMOTE" -o "$TMP/grow.journal" - 2>/dev/null
"$CORONER" -f json --journal-file "$TMP/grow.journal" --cursor-file "$TMP/cursor" > "$TMP/c1.json"
check "cursor file written" test -s "$TMP/cursor"
"$PY" "$TMP/export.py" gpu-node-07 $B2 $I2 $T2 compressed | "$REMOTE" -o "$TMP/grow.journal" - 2>/dev/null
"$CORONER" -f json --journal-file "$TMP/grow.journal" --cursor-file "$TMP/cursor" > "$TMP/c2.json"
total=$(journalctl --file "$TMP/grow.journal" -o cat 2>/dev/null | wc -l)
check "cursor: the two runs read every entry exactly once ($total)" \
        test "$(( $(json_get "$TMP/c1.json" 'r["inputs"][0]["records"]') + $(json_get "$TMP/c2.json" 'r["inputs"][0]["records"]') ))" = "$total"
check "cursor: the second run sees only the new run's failures" \
        test "$(json_get "$TMP/c2.json" '" ".join(sorted(d["id"] for d in r["diagnoses"] if d["id"].split(".")[0] in ("sglang", "compressed-tensors")))')" \
        = "compressed-tensors.unknown-compression-format"
"$CORONER" -f json --journal-file "$TMP/grow.journal" --cursor-file "$TMP/cursor" > "$TMP/c3.json"
check "cursor: a third run finds nothing new" test "$(json_get "$TMP/c3.json" 'r["inputs"][0]["records"]')" = 0

# The cursor moves only past what was delivered: a full disk or a reader
# that goes away leave it where it was, and the next run reads the entries.
cp "$TMP/cursor" "$TMP/cursor.before"
"$PY" "$TMP/export.py" gpu-node-07 $B1 $I1 $((T2 + 3600000000)) compressed | "$REMOTE" -o "$TMP/grow.journal" - 2>/dev/null
"$CORONER" -f json --journal-file "$TMP/grow.journal" --cursor-file "$TMP/cursor" > /dev/full 2>"$TMP/full.err"; s=$?
[ $s -eq 2 ] && cmp -s "$TMP/cursor" "$TMP/cursor.before" && ok "output to a full disk: exit 2, the cursor not moved" \
        || not_ok "output to a full disk: exit 2, the cursor not moved" "exit $s $(cat "$TMP/full.err")"
"$CORONER" -f json --journal-file "$TMP/grow.journal" --cursor-file "$TMP/cursor" > "$TMP/c4.json"
check "the next run reads those entries" test "$(json_get "$TMP/c4.json" 'r["inputs"][0]["records"]')" -gt 0

# --until with a cursor: the entry past --until is not counted as read.
"$PY" "$TMP/export.py" gpu-node-07 $B1 $I1 $T1 unbalanced | "$REMOTE" -o "$TMP/until.journal" - 2>/dev/null
"$PY" "$TMP/export.py" gpu-node-07 $B2 $I2 $T2 compressed | "$REMOTE" -o "$TMP/until.journal" - 2>/dev/null
rm -f "$TMP/ucursor"
"$CORONER" -f json --journal-file "$TMP/until.journal" --cursor-file "$TMP/ucursor" --until @$(( T2 / 1000000 - 1 )) > "$TMP/u1.json"
"$CORONER" -f json --journal-file "$TMP/until.journal" --cursor-file "$TMP/ucursor" > "$TMP/u2.json"
utotal=$(journalctl --file "$TMP/until.journal" -o cat 2>/dev/null | wc -l)
check "--until then a run without: every entry read once ($utotal)" \
        test "$(( $(json_get "$TMP/u1.json" 'r["inputs"][0]["records"]') + $(json_get "$TMP/u2.json" 'r["inputs"][0]["records"]') ))" = "$utotal"

# kill -9 at random moments, 200 times, while a periodic job runs over a
# growing journal: the runs that finished read every entry exactly once
# (a killed run delivered nothing, so its entries are read again).
"$PY" - "$CORONER" "$REMOTE" "$TMP" <<'PYEOF' > "$TMP/kill.out" 2>&1
import json, os, random, signal, subprocess, sys, time
coroner, remote, tmp = sys.argv[1:4]
journal, cursor = os.path.join(tmp, "kill.journal"), os.path.join(tmp, "kill.cursor")
random.seed(7)
t0, n, seen, kills, done = 1764452400000000, 0, 0, 0, 0
def append(k):
    global n
    text = ""
    for _ in range(k):
        n += 1
        text += (f"__REALTIME_TIMESTAMP={t0 + n * 1000}\n__MONOTONIC_TIMESTAMP={n}\n_BOOT_ID=11111111111111111111111111111111\n"
                 f"_HOSTNAME=h\nSYSLOG_IDENTIFIER=python3\n_PID=4100\nMESSAGE=ERROR entry {n} failed to load shard\n\n")
    subprocess.run([remote, "-o", journal, "-"], input=text.encode(), stderr=subprocess.DEVNULL, check=True)
while kills < 200:
    append(random.randint(1, 40))
    p = subprocess.Popen([coroner, "-f", "json", "--journal-file", journal, "--cursor-file", cursor],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    if random.random() < 0.8:
        time.sleep(random.uniform(0, 0.03))
        p.send_signal(signal.SIGKILL)
    out, _ = p.communicate()
    if p.returncode == 0:
        seen += json.loads(out)["inputs"][0]["records"]
        done += 1
    else:
        kills += 1
p = subprocess.run([coroner, "-f", "json", "--journal-file", journal, "--cursor-file", cursor], capture_output=True)
seen += json.loads(p.stdout)["inputs"][0]["records"]
print(f"{kills} kills, {done} finished runs, {seen} entries read, {n} written")
sys.exit(0 if seen == n else 1)
PYEOF
[ $? -eq 0 ] && ok "kill -9 loop: $(cat "$TMP/kill.out")" || not_ok "kill -9 loop" "$(tail -5 "$TMP/kill.out")"

# --follow whose output fails stops with an error and stores no cursor.
rm -f "$TMP/fcursor"
timeout 20 "$CORONER" --follow -f json --journal-file "$TMP/until.journal" --cursor-file "$TMP/fcursor" > /dev/full 2>/dev/null; s=$?
[ $s -eq 2 ] && [ ! -e "$TMP/fcursor" ] && ok "--follow > /dev/full: exit 2, no cursor stored" || not_ok "--follow > /dev/full: exit 2, no cursor stored" "exit $s"

# A cursor file that holds no cursor is an error that names it.
echo "not a cursor" > "$TMP/badcursor"
"$CORONER" -f json --journal-file "$TMP/until.journal" --cursor-file "$TMP/badcursor" > /dev/null 2>"$TMP/bad.err"; s=$?
[ $s -eq 2 ] && grep -q badcursor "$TMP/bad.err" && ok "a cursor file without a cursor: exit 2, named" \
        || not_ok "a cursor file without a cursor: exit 2, named" "exit $s $(cat "$TMP/bad.err")"

# follow_appended OUT JOURNAL HOST ARGS...: coroner --follow -f json ARGS in
# the background while systemd-journal-remote appends HOST's failing run to
# JOURNAL; stopped with SIGTERM once it reported it; s is its exit status.
follow_appended() {
        _out=$1 _journal=$2 _host=$3
        shift 3
        "$CORONER" -f json --follow "$@" > "$_out" 2>"$_out.err" &
        _pid=$!
        wait_open $_pid "$(dirname "$_journal")/.*\.journal"
        sleep 1
        "$PY" "$TMP/export.py" "$_host" $B2 $I2 $T2 compressed | "$REMOTE" -o "$_journal" - 2>/dev/null
        for i in $(seq 50); do grep -q compressed-tensors "$_out" && break; sleep 0.2; done
        kill -TERM $_pid 2>/dev/null; wait $_pid; s=$?
}

# --follow while a second process appends through a pipe.
"$PY" "$TMP/export.py" gpu-node-07 $B1 $I1 $T1 healthy | "$REMOTE" -o "$TMP/live.journal" - 2>/dev/null
follow_appended "$TMP/follow.out" "$TMP/live.journal" gpu-node-07 --journal-file "$TMP/live.journal"
check "--follow reports the new failure as a JSON line while running" grep -q '"id":"compressed-tensors.unknown-compression-format"' "$TMP/follow.out"
[ $s -eq 143 ] && grep -q '"record":"summary"' "$TMP/follow.out" && ok "--follow stops on SIGTERM with a summary, exit 143" \
        || not_ok "--follow stops on SIGTERM with a summary, exit 143" "exit $s $(cat "$TMP/follow.out.err")"

# Kernel lines that -u pulls in have no unit and no invocation: each
# belongs to the run going on when it was written, none before the first.
"$PY" - $B1 $I1 $I2 $T1 <<'PY' | "$REMOTE" -o "$TMP/kernel.journal" - 2>/dev/null
import sys
boot, inv1, inv2, t0 = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
def entry(s, fields):
    print(f"__REALTIME_TIMESTAMP={t0 + s * 1000000}\n__MONOTONIC_TIMESTAMP={s * 1000000}\n_BOOT_ID={boot}\n_HOSTNAME=gpu-node-07")
    for k, v in fields.items():
        print(f"{k}={v}")
    print()
def kernel(s, msg):
    entry(s, {"_TRANSPORT": "kernel", "SYSLOG_IDENTIFIER": "kernel", "PRIORITY": 3, "MESSAGE": msg})
def systemd(s, inv, msg):
    entry(s, {"_PID": 1, "SYSLOG_IDENTIFIER": "systemd", "UNIT": "k26.service", "INVOCATION_ID": inv, "PRIORITY": 5, "MESSAGE": msg})
def service(s, inv, msg):
    entry(s, {"_PID": 4100, "SYSLOG_IDENTIFIER": "python3", "_SYSTEMD_UNIT": "k26.service",
              "_SYSTEMD_INVOCATION_ID": inv, "PRIORITY": 6, "MESSAGE": msg})
kernel(0, "NVRM: Xid (PCI:0000:3b:00): 79, pid=2210, GPU has fallen off the bus.")
systemd(10, inv1, "Started k26.service - K26 inference server.")
service(11, inv1, "Load weight begin.")
kernel(20, "Out of memory: Killed process 4100 (python3) total-vm:912345678kB, anon-rss:501234567kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:990000kB oom_score_adj:0")
systemd(21, inv1, "k26.service: Main process exited, code=killed, status=9/KILL")
systemd(30, inv2, "Started k26.service - K26 inference server.")
service(31, inv2, "Load weight begin.")
PY
"$CORONER" -f json --journal-file "$TMP/kernel.journal" -u k26 > "$TMP/kernel.json"
check "kernel line inside a run: attached to that invocation" \
        test "$(json_get "$TMP/kernel.json" '[d["run"]["id"] for d in r["diagnoses"] if "4100" in d["evidence"][0]["text"] and "Out of memory" in d["evidence"][0]["text"]]')" = "['$I1']"
check "kernel line before the unit's first run: no run made up for it" \
        test "$(json_get "$TMP/kernel.json" '[d["run"]["id"] for d in r["diagnoses"] if "Xid" in d["evidence"][0]["text"]]')" = "[None]"

# A corrupt journal file: read what is readable, warn, go on.
cp "$TMP/node7/system.journal" "$TMP/corrupt.journal~"
size=$(wc -c < "$TMP/corrupt.journal~")
dd if=/dev/urandom of="$TMP/corrupt.journal~" bs=1 seek=$((size / 3)) count=4096 conv=notrunc 2>/dev/null
"$CORONER" -f json --journal-file "$TMP/corrupt.journal~" > "$TMP/corrupt.json" 2>"$TMP/corrupt.err"; s=$?
[ $s -le 2 ] && "$PY" -c "import json; json.load(open('$TMP/corrupt.json'))" 2>/dev/null \
        && ok "a corrupted .journal~ file: no crash, a report (exit $s)" || not_ok "corrupted journal" "exit $s $(cat "$TMP/corrupt.err")"
head -c $((size / 2)) "$TMP/node7/system.journal" > "$TMP/half.journal"
"$CORONER" -f json --journal-file "$TMP/half.journal" > "$TMP/half.json" 2>"$TMP/half.err"; s=$?
[ $s -le 2 ] && "$PY" -c "import json; json.load(open('$TMP/half.json'))" 2>/dev/null \
        && ok "a journal file cut in half: no crash, a report (exit $s)" || not_ok "half journal" "exit $s $(cat "$TMP/half.err")"
# Nothing silent. A damaged file: sd-journal skips entries it cannot read
# without a word; coroner counts them against the file's header.
"$PY" - "$TMP/many.export" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    for i in range(5000):
        f.write(f"__REALTIME_TIMESTAMP={1764452400000000 + i * 1000}\n__MONOTONIC_TIMESTAMP={i}\n"
                f"_BOOT_ID=11111111111111111111111111111111\n_HOSTNAME=h\n_PID=10\nSYSLOG_IDENTIFIER=svc\n"
                f"_SYSTEMD_UNIT=k26.service\n_TRANSPORT=stdout\nMESSAGE=line {i} {'x' * 50}\n\n")
PY
"$REMOTE" -o "$TMP/many.journal" "$TMP/many.export" 2>/dev/null
"$CORONER" -f json --journal-file "$TMP/many.journal" > "$TMP/many.json" 2>"$TMP/many.err"; s=$?
[ $s -eq 0 ] && [ ! -s "$TMP/many.err" ] && [ "$(json_get "$TMP/many.json" 'r["inputs"][0]["records"]')" = 5000 ] \
        && ok "an intact journal file: 5000 entries, exit 0, nothing on stderr" \
        || not_ok "an intact journal file" "exit $s $(cat "$TMP/many.err")"
cp "$TMP/many.journal" "$TMP/damaged.journal"
"$PY" -c "import sys; p=sys.argv[1]; b=bytearray(open(p,'rb').read()); n=len(b)
b[n//2:n//2+4096] = b'\xaa' * 4096
open(p,'wb').write(b)" "$TMP/damaged.journal"
"$CORONER" -f json --journal-file "$TMP/damaged.journal" > "$TMP/damaged.json" 2>"$TMP/damaged.err"; s=$?
[ $s -eq 2 ] && grep -q "damaged.journal: damaged: [0-9]* of its 5000 entries could not be read, after the entry of" "$TMP/damaged.err" \
        && ok "a damaged journal file: exit 2, the file, the entries lost and where" \
        || not_ok "a damaged journal file: exit 2, named" "exit $s $(cat "$TMP/damaged.err")"
check "a damaged journal file: the input is marked incomplete" \
        test "$(json_get "$TMP/damaged.json" 'r["inputs"][0]["complete"]')" = False

# A journal file given as a plain FILE is read as a journal.
"$CORONER" -f json "$TMP/node7/system.journal" > "$TMP/asfile.json" 2>"$TMP/asfile.err"; s=$?
[ $s -eq 0 ] && [ "$(json_get "$TMP/asfile.json" 'r["inputs"][0]["compression"]')" = journal ] \
        && json_get "$TMP/asfile.json" '" ".join(d["id"] for d in r["diagnoses"])' | grep -q sglang.unbalanced-memory \
        && ok "a .journal given as FILE is read natively" || not_ok "a .journal as FILE" "exit $s $(cat "$TMP/asfile.err")"
"$CORONER" < "$TMP/node7/system.journal" > /dev/null 2>"$TMP/jpipe.err"; s=$?
[ $s -eq 2 ] && grep -q "journal file cannot be read from a pipe" "$TMP/jpipe.err" \
        && ok "a journal file on standard input: exit 2, says to name it" || not_ok "journal on stdin" "exit $s $(cat "$TMP/jpipe.err")"

# -u that matches nothing says so, as journalctl's "-- No entries --".
"$CORONER" -f json --journal-dir "$TMP/node7" -u k2 > "$TMP/nounit.txt" 2>&1; s=$?
[ $s -eq 0 ] && [ "$(json_get "$TMP/nounit.txt" 'r["inputs"][0]["note"]')" = "-- No entries -- -u k2; units of a similar name: k26.service" ] \
        && ok "-u matching nothing: a note, with the units of a similar name" || not_ok "-u matching nothing" "exit $s $(cat "$TMP/nounit.txt")"
"$CORONER" -f json --journal-dir "$TMP/node7" -u k26 --since 2030-01-01 > "$TMP/nothing.json"
check "no entries in the window: the JSON input carries the note" \
        sh -c "json_note=\$('$PY' -c \"import json; print(json.load(open('$TMP/nothing.json'))['inputs'][0]['note'])\"); echo \"\$json_note\" | grep -q -- '-- No entries --'"

# Standard input with journal options: the piped log would be ignored.
echo "RuntimeError: x" | "$CORONER" --journal-dir "$TMP/node7" > /dev/null 2>"$TMP/both.err"; s=$?
[ $s -eq 2 ] && grep -q "a log is piped in" "$TMP/both.err" && ok "a log piped in with --journal-dir: usage error" \
        || not_ok "stdin with journal options" "exit $s $(cat "$TMP/both.err")"
"$CORONER" -u k26 < "$TMP/many.export" > /dev/null 2>"$TMP/both2.err"; s=$?
[ $s -eq 2 ] && grep -q "a log is piped in" "$TMP/both2.err" && ok "a log redirected in with -u: usage error" \
        || not_ok "stdin file with -u" "exit $s $(cat "$TMP/both2.err")"

# No journal here at all (a container): an error that says where it looked.
if ! ls /var/log/journal/*/*.journal /run/log/journal/*/*.journal >/dev/null 2>&1; then
        "$CORONER" -u k26 < /dev/null > /dev/null 2>"$TMP/nolocal.err"; s=$?
        [ $s -eq 2 ] && grep -q "no journal files in /var/log/journal or /run/log/journal" "$TMP/nolocal.err" \
                && ok "no local journal: exit 2, where it looked" || not_ok "no local journal" "exit $s $(cat "$TMP/nolocal.err")"
else
        ok "no local journal # SKIP this machine has a journal"
fi

# --follow --journal-dir sees journal files created after it started (a
# rotation; a new host writing to systemd-journal-remote).
mkdir -p "$TMP/rot"
"$PY" "$TMP/export.py" gpu-node-07 $B1 $I1 $T1 healthy | "$REMOTE" -o "$TMP/rot/remote-a.journal" - 2>/dev/null
follow_appended "$TMP/rot.out" "$TMP/rot/remote-b.journal" gpu-node-08 --journal-dir "$TMP/rot"
check "--follow --journal-dir: a journal file created later is read" grep -q '"id":"compressed-tensors.unknown-compression-format"' "$TMP/rot.out"
done_testing
