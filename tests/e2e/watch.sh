#!/bin/sh
# watch.sh — the operator's loop: `coroner run` on real processes (stand-ins
# that print SGLang's and vLLM's real start-up lines with real pauses, fail,
# hang and serve HTTP on 127.0.0.1), `coroner watch` on journal files that
# systemd-journal-remote writes (appended while it runs), the post-mortem
# command with its journal entry, list/show, and the unit file verified.
. "$SRCDIR/tests/e2e/lib.sh"
SVC="$SRCDIR/tests/e2e/services"
REMOTE=/lib/systemd/systemd-journal-remote
[ -x "$REMOTE" ] || REMOTE=/usr/lib/systemd/systemd-journal-remote

# A free TCP port on 127.0.0.1.
free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# Seconds since the time the stand-in wrote to STAMP.
since_stamp() { "$PY" -c "import time; print(round(time.time() - float(open('$1').read()), 3))"; }

# ---- coroner run ----

# The founding incident: every TP rank raises the compressed-tensors error, exit 1.
STAMP="$TMP/stamp" "$CORONER" run -- "$PY" "$SVC/sglang.py" fail-compressed > "$TMP/run.out" 2> "$TMP/run.err"; s=$?
late=$(since_stamp "$TMP/stamp")
[ $s -eq 1 ] && ok "run: a failing start-up exits 1" || not_ok "run: a failing start-up exits 1" "exit $s"
check "run: exits within a second of the failure (${late}s)" "$PY" -c "import sys; sys.exit(not $late < 1.0)"
check "run: milestones as they happen" grep -q '^\[0:0[0-9]\] loading weights (137.29 GB free per GPU)' "$TMP/run.err"
check "run: each milestone once, not once per rank" test "$(grep -c '^\[.*\] distributed init$' "$TMP/run.err")" = 1
check "run: the report of the run" grep -q 'compressed-tensors.unknown-compression-format' "$TMP/run.err"
check "run: the verdict names the failure" grep -q "^coroner: python3 failed after .*exited with status 1; Installed compressed-tensors" "$TMP/run.err"
"$PY" "$SVC/sglang.py" fail-compressed > "$TMP/direct.out" 2> /dev/null
check "run: the command's standard output passed through unchanged" cmp "$TMP/direct.out" "$TMP/run.out"
check "run: its standard error too, each line where it was" grep -q "^\[.* TP7\] AttributeError: type object 'CompressionFormat'" "$TMP/run.err"
check "run: a milestone right after the line that says it" \
        "$PY" -c "import sys; l=open('$TMP/run.err').read().splitlines(); i=next(k for k,x in enumerate(l) if 'Load weight begin' in x); sys.exit(not l[i+1].endswith('loading weights (137.29 GB free per GPU)'))"

# Ready when the URL answers 2xx: 503 during the warm-up, then 200. The
# command runs on after coroner exits.
port=$(free_port)
"$CORONER" run --ready-url "http://127.0.0.1:$port/v1/models" --timeout 30s -- "$PY" "$SVC/sglang.py" ready "$port" \
        > "$TMP/ready.out" 2> "$TMP/ready.err"; s=$?
[ $s -eq 0 ] && ok "run --ready-url: exit 0 once the URL answers 200" || not_ok "run --ready-url: exit 0" "exit $s $(tail -5 "$TMP/ready.err")"
check "run --ready-url: the verdict says which URL answered" grep -q "^coroner: python3 ready after .*: http://127.0.0.1:$port/v1/models answered 200" "$TMP/ready.err"
check "run --ready-url: not ready before the warm-up ended (503 first)" grep -q "fired up and ready to roll" "$TMP/ready.err"
check "run --ready-url: the server runs on after coroner exits" \
        "$PY" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/v1/models', timeout=5)"
sleep 0.6
check "run --ready-url: its output is still passed through" grep -q serving "$TMP/ready.out"
pkill -f "sglang.py ready $port"

# Ready from the log: SGLang's own ready line, not uvicorn's earlier
# "Application startup complete." (the warm-up is still running then).
port=$(free_port)
"$CORONER" run -q --timeout 30s -- "$PY" "$SVC/sglang.py" ready "$port" > /dev/null 2> "$TMP/logready.err"; s=$?
pkill -f "sglang.py ready $port"
[ $s -eq 0 ] && ok "run: ready from the log's ready line, exit 0" || not_ok "run: ready from the log" "exit $s $(tail -3 "$TMP/logready.err")"
check "run: uvicorn's startup line under SGLang is not the ready line" grep -q "ready after .*: SGLang is ready" "$TMP/logready.err"

# --stay: after ready coroner keeps watching; the server killed later is a failure.
port=$(free_port)
"$CORONER" run --stay -q --timeout 30s -- "$PY" "$SVC/sglang.py" ready "$port" > /dev/null 2> "$TMP/stay.err" &
pid=$!
for i in $(seq 100); do grep -q "SGLang is ready" "$TMP/stay.err" && break; sleep 0.1; done
sleep 0.3
kill -0 $pid 2>/dev/null && ok "run --stay: still watching after ready" || not_ok "run --stay: still watching after ready" "$(cat "$TMP/stay.err")"
pkill -KILL -f "^$PY .*sglang[.]py ready $port"
wait $pid; s=$?
[ $s -eq 1 ] && grep -q "failed after .*killed by signal 9" "$TMP/stay.err" && ok "run --stay: the server killed later: exit 1, said" \
        || not_ok "run --stay: killed later" "exit $s $(tail -3 "$TMP/stay.err")"

# A hang: exit 124 naming the last milestone, and the command is stopped.
"$CORONER" run -q --timeout 2s -- "$PY" "$SVC/sglang.py" hang > /dev/null 2> "$TMP/hang.err"; s=$?
[ $s -eq 124 ] && ok "run --timeout: a hang exits 124" || not_ok "run --timeout: a hang exits 124" "exit $s"
check "run --timeout: names the last milestone and how long ago" \
        grep -q "timed out after 0:0[2-3]: last milestone: loading weights: 2/4 shards (50%) (0:0[0-9] ago)" "$TMP/hang.err"
sleep 0.2
check "run --timeout: the hung command was stopped" sh -c "! pgrep -f 'sglang[.]py hang' > /dev/null"

# A rank raises and the group hangs (as a stuck tensor-parallel group does):
# failed at once with the diagnosis, the command stopped.
STAMP="$TMP/stamp" "$CORONER" run -q --settle 300ms -- "$PY" "$SVC/sglang.py" fail-hang > /dev/null 2> "$TMP/fh.err"; s=$?
late=$(since_stamp "$TMP/stamp")
[ $s -eq 1 ] && ok "run: a fatal diagnosis while the command hangs: exit 1" || not_ok "run: fatal diagnosis while hanging" "exit $s"
check "run: ... within a second of it (${late}s)" "$PY" -c "import sys; sys.exit(not $late < 1.0)"
check "run: ... the verdict is the diagnosis" grep -q "failed after .*: Installed compressed-tensors does not know" "$TMP/fh.err"
check "run: ... and the hung command was stopped" sh -c "! pgrep -f 'sglang[.]py fail-hang' > /dev/null"

# JSON Lines for automation: milestones, diagnoses, the summary, the verdict.
"$CORONER" run -f json -- "$PY" "$SVC/vllm_oom.py" > "$TMP/vllm.jsonl" 2> "$TMP/vllm.err"; s=$?
[ $s -eq 1 ] && ok "run -f json: vLLM's OOM start-up exits 1" || not_ok "run -f json: exit 1" "exit $s"
check "run -f json: every line is JSON" "$PY" -c "import json; [json.loads(l) for l in open('$TMP/vllm.jsonl')]"
check "run -f json: milestones with stage and family" \
        "$PY" -c "import json,sys; r=[json.loads(l) for l in open('$TMP/vllm.jsonl')]; sys.exit(not any(x.get('record')=='milestone' and x['stage']=='weights-loaded' and x['family']=='vllm' and '61.03 GiB' in x['text'] for x in r))"
check "run -f json: the verdict record last" \
        "$PY" -c "import json,sys; r=[json.loads(l) for l in open('$TMP/vllm.jsonl')]; v=r[-1]; sys.exit(not (v['record']=='verdict' and v['verdict']=='failed' and v['exit_status']==1 and v['last_milestone']=='kv-cache'))"
check "run -f json: the OOM diagnosed" grep -q '"category":"gpu-out-of-memory"' "$TMP/vllm.jsonl"
check "run -f json: the command's output went to standard error" grep -q 'EngineCore failed to start' "$TMP/vllm.err"

# --gpu: nvidia-smi's memory with each event (a stand-in nvidia-smi on PATH,
# answering as the real one does to --query-gpu=memory.used,memory.total
# --format=csv,noheader,nounits).
mkdir -p "$TMP/bin"
printf '#!/bin/sh\ncase "$*" in *memory.used,memory.total*) printf "45123, 81559\\n40000, 81559\\n";; *) exit 9;; esac\n' > "$TMP/bin/nvidia-smi"
chmod +x "$TMP/bin/nvidia-smi"
port=$(free_port)
PATH="$TMP/bin:$PATH" "$CORONER" run -q --gpu --timeout 30s -- "$PY" "$SVC/sglang.py" ready "$port" > /dev/null 2> "$TMP/gpu.err"
pkill -f "^$PY .*sglang[.]py ready $port"
check "run --gpu: GPU memory with the events" grep -q '^\[0:0[0-9]\] SGLang is ready  · GPU memory 83.1/159.3 GiB (2 GPUs)$' "$TMP/gpu.err"
PATH=/usr/bin:/bin "$CORONER" run -q --gpu -- "$PY" "$SVC/sglang.py" fail-compressed > /dev/null 2> "$TMP/nogpu.err"
check "run --gpu without nvidia-smi: said, not an error" grep -q 'GPU memory unknown (no nvidia-smi)' "$TMP/nogpu.err"

# On a terminal: one status line, updated in place.
if command -v script > /dev/null; then
        script -qec "'$CORONER' run -q --timeout 2s -- '$PY' '$SVC/sglang.py' hang" /dev/null > "$TMP/tty.out" 2>&1
        check "run on a terminal: a status line updated in place" grep -q "$(printf '\r\033\\[K')[0-9]:[0-9][0-9]  loading weights" "$TMP/tty.out"
fi

"$CORONER" run -- "$PY" "$SVC/train_ok.py" > "$TMP/train.out" 2> "$TMP/train.err"; s=$?
[ $s -eq 0 ] && grep -q "exited after .*exited with status 0" "$TMP/train.err" && ok "run: a job that finishes without a ready line: exit 0" \
        || not_ok "run: a job that finishes: exit 0" "exit $s $(cat "$TMP/train.err")"
"$CORONER" run -- "$TMP/no-such-command" 2> "$TMP/nx.err"; s=$?
[ $s -eq 127 ] && grep -q "cannot run .*no-such-command: No such file" "$TMP/nx.err" && ok "run: a command that does not exist: exit 127, said" \
        || not_ok "run: missing command: exit 127" "exit $s $(cat "$TMP/nx.err")"
"$CORONER" run --timeout soon -- true 2> /dev/null; s=$?
[ $s -eq 2 ] && ok "run: a bad duration is a usage error" || not_ok "run: bad duration" "exit $s"

# ---- coroner watch: the journal, as systemd-journal-remote writes it ----
if [ ! -x "$REMOTE" ]; then
        echo "# SKIP watch and postmortem: systemd-journal-remote not installed"
        done_testing
        exit 0
fi
# invocation.py INVOCATION T0 KIND: one invocation of k26.service with
# systemd's own messages (MESSAGE_IDs of sd-messages.h) around the service's;
# KIND fail, ready, or start (still loading).
cat > "$TMP/invocation.py" <<'PY'
import sys
inv, t0, kind = sys.argv[1], float(sys.argv[2]), sys.argv[3]
n = [0]
t = [t0]
def entry(fields, dt=0.5):
    n[0] += 1
    t[0] += dt
    print(f"__REALTIME_TIMESTAMP={int(t[0] * 1e6)}\n__MONOTONIC_TIMESTAMP={n[0]}\n_BOOT_ID=11111111111111111111111111111111\n_HOSTNAME=gpu-node-07")
    for k, v in fields.items():
        print(f"{k}={v}")
    print()
def systemd(msg, mid, **extra):
    entry({"_PID": 1, "SYSLOG_IDENTIFIER": "systemd", "UNIT": "k26.service", "INVOCATION_ID": inv, "PRIORITY": 5,
           "MESSAGE": msg, "MESSAGE_ID": mid, **extra})
def svc(msg, prio=6, dt=0.5):
    entry({"_PID": 4100, "SYSLOG_IDENTIFIER": "python3", "_SYSTEMD_UNIT": "k26.service", "_SYSTEMD_INVOCATION_ID": inv,
           "PRIORITY": prio, "MESSAGE": msg}, dt)
systemd("Starting k26.service - K26 inference server...", "7d4958e842da4a758f6c1cdc7b36dcc5")
systemd("Started k26.service - K26 inference server.", "39f53479d3a045ac8e11786248231fbf")
svc("[2026-11-29 21:40:13 TP0] Load weight begin. avail mem=137.29 GB")
if kind == "fail":
    for line in ["[2026-11-29 21:40:15 TP0] Scheduler hit an exception: Traceback (most recent call last):",
                 '  File "/opt/venv/lib/python3.12/site-packages/compressed_tensors/config/base.py", line 40, in from_str',
                 "    return CompressionFormat.nvfp4_pack_quantized",
                 "AttributeError: type object 'CompressionFormat' has no attribute 'nvfp4_pack_quantized'"]:
        svc(line, 3)
    systemd("k26.service: Main process exited, code=exited, status=1/FAILURE", "98e322203f7a4ed290d09fe03c09fe15",
            EXIT_CODE="exited", EXIT_STATUS=1)
    systemd("k26.service: Failed with result 'exit-code'.", "d9b373ed55a64feb8242e02dbe79a49c", UNIT_RESULT="exit-code")
elif kind == "ready":
    svc("[2026-11-29 21:43:14 TP0] Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=68.40 GB, mem usage=68.89 GB.", dt=180)
    svc("[2026-11-29 21:43:20] The server is fired up and ready to roll!")
PY
I1=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
I2=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
I3=cccccccccccccccccccccccccccccccc
"$PY" "$TMP/invocation.py" $I1 1764452400 fail | "$REMOTE" -o "$TMP/failed.journal" - 2>/dev/null
{ "$PY" "$TMP/invocation.py" $I1 1764452400 fail; "$PY" "$TMP/invocation.py" $I2 1764456000 ready; } \
        | "$REMOTE" -o "$TMP/ready.journal" - 2>/dev/null

"$CORONER" watch --journal-file "$TMP/failed.journal" k26 > "$TMP/w1.out" 2>&1; s=$?
[ $s -eq 1 ] && ok "watch: the unit's last invocation failed: exit 1" || not_ok "watch: failed invocation: exit 1" "exit $s $(cat "$TMP/w1.out")"
check "watch: the report of that invocation" grep -q 'compressed-tensors.unknown-compression-format' "$TMP/w1.out"
check "watch: the verdict from systemd's own message" grep -q "k26.service failed after .*failed with result 'exit-code'" "$TMP/w1.out"

"$CORONER" watch --journal-file "$TMP/ready.journal" k26 > "$TMP/w2.out" 2>&1; s=$?
[ $s -eq 0 ] && ok "watch: the last invocation became ready: exit 0" || not_ok "watch: ready: exit 0" "exit $s $(cat "$TMP/w2.out")"
check "watch: only that invocation (the earlier failure is not in it)" sh -c "! grep -q compressed-tensors '$TMP/w2.out'"
check "watch: milestones timed by the journal (weights loaded after 3 minutes)" grep -q '^\[3:0[0-9]\] weights loaded: DeepseekV3ForCausalLM' "$TMP/w2.out"

# --next: waits for the next invocation, appended while watch runs.
cp "$TMP/ready.journal" "$TMP/live.journal"
"$CORONER" watch --next -f json --timeout 30s --journal-file "$TMP/live.journal" k26 > "$TMP/w3.out" 2>&1 &
pid=$!
# "Next" is the invocation after the latest one when watch reads the
# journal, so append only once it has opened it (and stood at its end).
wait_open $pid 'live\.journal'
sleep 1
"$PY" "$TMP/invocation.py" $I3 "$(date +%s)" fail | "$REMOTE" -o "$TMP/live.journal" - 2>/dev/null
wait $pid; s=$?
[ $s -eq 1 ] && ok "watch --next: the invocation started later failed: exit 1" || not_ok "watch --next: exit 1" "exit $s $(cat "$TMP/w3.out")"
check "watch --next: its verdict as JSON" \
        "$PY" -c "import json,sys; r=[json.loads(l) for l in open('$TMP/w3.out')]; sys.exit(not (r[-1]['record']=='verdict' and r[-1]['verdict']=='failed'))"
check "watch --next: not the invocations before it" sh -c "! grep -q 'SGLang is ready' '$TMP/w3.out'"

# "Next" counts from the command's start, not from when watch has loaded
# its signatures and read the journal: an invocation that begins in between
# is the one waited for. Here it is written before watch starts, its entries
# stamped 3 s ahead, so it is certainly there when the journal is read.
cp "$TMP/ready.journal" "$TMP/early.journal"
"$PY" "$TMP/invocation.py" $I3 "$(($(date +%s) + 3))" fail | "$REMOTE" -o "$TMP/early.journal" - 2>/dev/null
"$CORONER" watch --next --timeout 30s --journal-file "$TMP/early.journal" k26 > "$TMP/w5.out" 2>&1; s=$?
[ $s -eq 1 ] && grep -q 'compressed-tensors.unknown-compression-format' "$TMP/w5.out" \
        && ok "watch --next: an invocation begun during watch's own start-up is the next one" \
        || not_ok "watch --next: begun during start-up" "exit $s $(cat "$TMP/w5.out")"

"$CORONER" watch --next --timeout 1s --journal-file "$TMP/ready.journal" k26 > "$TMP/w4.out" 2>&1; s=$?
[ $s -eq 124 ] && grep -q "timed out after .*no milestone reached" "$TMP/w4.out" && ok "watch --next --timeout: nothing started: exit 124" \
        || not_ok "watch --next --timeout: exit 124" "exit $s $(cat "$TMP/w4.out")"

# The service manager's word on D-Bus: systemd's own journal message about
# the failure is missing (rate-limited, say), yet the unit has failed.
# A stand-in for systemd on a private bus (DBUS_SYSTEM_BUS_ADDRESS).
I4=dddddddddddddddddddddddddddddddd
if command -v dbus-daemon > /dev/null && /usr/bin/python3 -c "import dbus, gi" 2>/dev/null; then
        "$PY" "$TMP/invocation.py" $I4 "$(date +%s)" start | "$REMOTE" -o "$TMP/started.journal" - 2>/dev/null
        dbus-daemon --session --address="unix:path=$TMP/bus" --nofork --print-address=1 > "$TMP/bus.addr" 2>/dev/null &
        bus_pid=$!
        for i in $(seq 50); do [ -S "$TMP/bus" ] && break; sleep 0.1; done
        /usr/bin/python3 "$SVC/fake_systemd.py" "unix:path=$TMP/bus" k26.service $I4 2 oom-kill > "$TMP/fake.out" 2>&1 &
        fake_pid=$!
        for i in $(seq 50); do grep -q ready "$TMP/fake.out" && break; sleep 0.1; done
        DBUS_SYSTEM_BUS_ADDRESS="unix:path=$TMP/bus" "$CORONER" watch --timeout 20s --journal-file "$TMP/started.journal" k26 \
                > "$TMP/bus.out" 2>&1; s=$?
        [ $s -eq 1 ] && ok "watch: the unit failed by systemd's word on D-Bus: exit 1" || not_ok "watch: D-Bus failure" "exit $s $(tail -3 "$TMP/bus.out")"
        check "watch: ... with the unit's Result" grep -q "failed after 0:0[1-4]: k26.service failed (systemd: ActiveState=failed, Result=oom-kill)" "$TMP/bus.out"
        # Another invocation of the same unit name (a journal copied off another
        # machine) is not judged by this machine's unit.
        DBUS_SYSTEM_BUS_ADDRESS="unix:path=$TMP/bus" "$CORONER" watch --timeout 3s --journal-file "$TMP/ready.journal" k26 \
                > "$TMP/bus2.out" 2>&1; s=$?
        [ $s -eq 0 ] && ok "watch: the bus's state of another invocation is not this one's" || not_ok "watch: other invocation on the bus" "exit $s $(tail -3 "$TMP/bus2.out")"
        kill $fake_pid $bus_pid 2>/dev/null
        wait $fake_pid $bus_pid 2>/dev/null
else
        echo "# SKIP the D-Bus checks: dbus-daemon, python3-dbus or python3-gi not installed"
fi

# ---- the post-mortem ----
R="$TMP/reports"
"$CORONER" postmortem --journal-file "$TMP/ready.journal" --reports-dir "$R" --log-export "$TMP/pm.export" k26 > /dev/null 2>&1
"$CORONER" postmortem --journal-file "$TMP/failed.journal" --reports-dir "$R" --log-export "$TMP/pm.export" k26 > "$TMP/pm.out" 2>&1; s=$?
[ $s -eq 0 ] && ok "postmortem: exit 0" || not_ok "postmortem: exit 0" "exit $s $(cat "$TMP/pm.out")"
json=$(ls "$R"/*~k26.service~$I1.json 2>/dev/null | head -1)
check "postmortem: the report stored by unit and invocation" test -s "$json"
check "postmortem: ... and as text and Markdown" test -s "${json%.json}.txt" -a -s "${json%.json}.md"
check "postmortem: that invocation's diagnosis" test "$(top_id "$json")" = compressed-tensors.unknown-compression-format
"$REMOTE" -o "$TMP/pm.journal" "$TMP/pm.export" 2>/dev/null
journalctl --file "$TMP/pm.journal" -o json MESSAGE_ID=4dd595d24ccc46018b11ae40975d007e CORONER_INVOCATION=$I1 > "$TMP/pm.json" 2>/dev/null
check "postmortem: the journal entry carries the diagnosis in fields" "$PY" -c "
import json,sys; e=json.loads(open('$TMP/pm.json').readline())
sys.exit(not (e['CORONER_ID']=='compressed-tensors.unknown-compression-format' and e['CORONER_CATEGORY']=='library-version-mismatch'
  and e['CORONER_SEVERITY']=='critical' and len(e['CORONER_FINGERPRINT'])==16 and e['CORONER_UNIT']=='k26.service'
  and e['CORONER_REPORT']=='$json' and e['PRIORITY']=='2' and e['MESSAGE'].startswith('k26.service failed: Installed compressed-tensors')))"
"$CORONER" list --reports-dir "$R" > "$TMP/list.out"
check "list: every post-mortem, with its top diagnosis" grep -q "k26.service .*aaaaaaaa .*critical .*Installed compressed-tensors" "$TMP/list.out"
"$CORONER" show --reports-dir "$R" -f json $I1 > "$TMP/show.json"
check "show ID -f json: the stored report" cmp "$TMP/show.json" "$json"
"$CORONER" show --reports-dir "$R" k26 > "$TMP/show.txt"
check "show UNIT: the newest of the unit, as text" cmp "$TMP/show.txt" "${json%.json}.txt"
"$CORONER" show --reports-dir "$R" nothing-like-it 2> "$TMP/show.err"; s=$?
[ $s -eq 1 ] && grep -q "no post-mortem of 'nothing-like-it'" "$TMP/show.err" && ok "show: an unknown one is said, exit 1" || not_ok "show unknown" "exit $s"
"$CORONER" postmortem --journal-file "$TMP/failed.journal" --reports-dir "$R" --keep 2 --log-export "$TMP/pm.export" k26 > /dev/null 2>&1
check "postmortem --keep 2: the oldest removed" test "$(ls "$R"/*.json | wc -l)" = 2
check "postmortem --keep 2: ... with its text and Markdown" test "$(ls "$R" | wc -l)" = 6
"$CORONER" postmortem --journal-file "$TMP/failed.journal" --reports-dir "$R" no-such-unit > /dev/null 2> "$TMP/pm.err"; s=$?
[ $s -eq 1 ] && grep -q "no-such-unit.service has no invocation" "$TMP/pm.err" && ok "postmortem: a unit that never ran is said, exit 1" \
        || not_ok "postmortem: unknown unit" "exit $s $(cat "$TMP/pm.err")"

# ---- the unit file ----
if command -v systemd-analyze > /dev/null; then
        mkdir -p "$TMP/unit"
        sed -e "s|@BINDIR@|$(dirname "$CORONER")|" -e "s|@REPORTSDIR@|$R|" "$SRCDIR/systemd/coroner-postmortem@.service.in" \
                > "$TMP/unit/coroner-postmortem@.service"
        cp "$TMP/unit/coroner-postmortem@.service" "$TMP/unit/coroner-postmortem@k26.service.service"
        check "coroner-postmortem@.service: systemd-analyze verify passes" \
                systemd-analyze verify --man=no "$TMP/unit/coroner-postmortem@k26.service.service"
        sed -e "s|@BINDIR@|/nonexistent|" -e "s|@REPORTSDIR@|$R|" "$SRCDIR/systemd/coroner-postmortem@.service.in" \
                > "$TMP/unit/coroner-postmortem@x.service.service"
        check "... and verify does fail a broken one (the check is real)" \
                sh -c "! systemd-analyze verify --man=no '$TMP/unit/coroner-postmortem@x.service.service' 2>/dev/null"
fi
done_testing
