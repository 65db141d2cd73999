"""follow.py — coroner --follow on live inputs, with real processes and real
timing: FIFOs held open by a writer, standard input from a pipe, a file
followed as tail -F follows it (appends, rotation by rename, truncation).
Prints TAP. Run by tests/e2e/follow.sh (CORONER, SRCDIR in the environment).
"""
import json
import os
import resource
import select
import signal
import subprocess
import sys
import tempfile
import time

CORONER = os.environ["CORONER"]
SRCDIR = os.environ["SRCDIR"]
TMP = tempfile.mkdtemp(prefix="coroner-follow.")
SETTLE = 1.0
n = failed = 0


def ok(cond, what, detail=""):
    global n, failed
    n += 1
    if not cond:
        failed += 1
    print(("ok" if cond else "not ok") + f" {n} - {what}")
    if not cond and detail:
        for line in str(detail)[:3000].splitlines():
            print("# " + line)
    sys.stdout.flush()


def corpus_lines(case):
    with open(os.path.join(SRCDIR, "corpus", case, "log.txt"), encoding="utf-8") as f:
        return f.read().splitlines()


# A real traceback (CPython 3.11, corpus/compressed-tensors-nvfp4-old-enum)
# under journalctl's prefix, and a real torchrun failure.
PREFIX = "Nov 29 21:44:36 gpu-node-7 python3[19044]: "
TRACEBACK = [PREFIX + l for l in corpus_lines("compressed-tensors-nvfp4-old-enum")]
OTHER = corpus_lines("gpu-port-in-use-torchrun")
SIGKILL = "Nov 29 21:44:38 gpu-node-7 systemd[1]: k26.service: Main process exited, code=killed, status=9/KILL"


class Follower:
    """coroner --follow ARGS, its stdout read line by line with timestamps."""

    def __init__(self, args, stdin=subprocess.DEVNULL):
        self.p = subprocess.Popen([CORONER, "--follow"] + args, stdin=stdin, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        self.buf = b""
        self.lines = []  # (time, text)

    def poll_lines(self, timeout):
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if not r:
                return
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                return
            self.buf += chunk
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                self.lines.append((time.monotonic(), line.decode("utf-8", "replace")))

    def wait_for(self, pred, timeout):
        """The time the first line satisfying pred arrived, or None."""
        end = time.monotonic() + timeout
        while True:
            for t, l in self.lines:
                if pred(l):
                    return t
            left = end - time.monotonic()
            if left <= 0:
                return None
            self.poll_lines(min(left, 0.05))

    def records(self, kind=None):
        out = []
        for _, l in self.lines:
            try:
                r = json.loads(l)
            except ValueError:
                continue
            if kind is None or r.get("record") == kind:
                out.append(r)
        return out

    def finish(self, sig=None, timeout=5):
        if sig:
            self.p.send_signal(sig)
        t0 = time.monotonic()
        try:
            self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        took = time.monotonic() - t0
        self.poll_lines(0.5)
        rest = self.p.stdout.read()
        for line in rest.decode("utf-8", "replace").splitlines():
            self.lines.append((time.monotonic(), line))
        return self.p.returncode, took


def fifo(name):
    path = os.path.join(TMP, name)
    os.mkfifo(path)
    return path


def write(fd, lines):
    os.write(fd, ("\n".join(lines) + "\n").encode())


# 1. Latency: a traceback into a FIFO its writer keeps open.
path = fifo("latency")
f = Follower(["-f", "json", "--settle", "1s", path])
w = os.open(path, os.O_WRONLY)
time.sleep(0.3)
write(w, TRACEBACK)
t_written = time.monotonic()
t_seen = f.wait_for(lambda l: '"record":"diagnosis"' in l, 5)
latency = None if t_seen is None else t_seen - t_written
ok(t_seen is not None, "a FIFO held open: the traceback's diagnosis is printed while the writer waits",
   "\n".join(l for _, l in f.lines) + f.p.stderr.read().decode() if t_seen is None else "")
ok(latency is not None and latency <= SETTLE + 0.2,
   f"latency: at most the settle time + 200 ms ({latency if latency is None else round(latency, 3)} s)")
recs = f.records("diagnosis")
ok(recs and recs[0]["id"] == "compressed-tensors.unknown-compression-format" and recs[0]["rank"] == 1,
   "the diagnosis record names the failure", recs)

# 2. A consequence that arrives after its cause is told as one.
write(w, [SIGKILL])
f.wait_for(lambda l: "killed-sigkill" in l, 3)
kill = [r for r in f.records("diagnosis") if r["id"] == "systemd.killed-sigkill"]
ok(kill and kill[0]["explained_by"] == 1 and kill[0]["role"] == "symptom",
   "a consequence after its cause: explained_by #1", kill)

# 3. SIGINT while blocked in the wait: stops at once, the summary, exit 130.
code, took = f.finish(signal.SIGINT)
os.close(w)
summ = f.records("summary")
ok(code == 130, f"SIGINT while blocked: exit 130 (got {code})", f.p.stderr.read().decode())
ok(took < 1.0, f"SIGINT stops it at once ({round(took, 3)} s)")
ok(len(summ) == 1 and summ[0]["diagnoses"][0]["id"] == "compressed-tensors.unknown-compression-format",
   "SIGINT: a final summary record with everything read, ranked", summ)

# 4. A writer that pauses mid-traceback: no diagnosis of half a traceback.
path = fifo("pause")
f = Follower(["-f", "json", "--settle", "0.5s", path])
w = os.open(path, os.O_WRONLY)
write(w, TRACEBACK[:-1])  # frames, not yet the exception line
f.poll_lines(2.0)
ok(not f.records("diagnosis"), "a pause mid-traceback (4 settle times): nothing reported yet",
   [l for _, l in f.lines])
write(w, TRACEBACK[-1:])
f.wait_for(lambda l: '"record":"diagnosis"' in l, 3)
recs = f.records("diagnosis")
ok(recs and recs[0]["exception"] and recs[0]["exception"]["type"] == "AttributeError" and not recs[0]["incomplete"],
   "after the pause: the whole traceback, its exception line included", recs)

# 5. EOF while a traceback is open: reported, as incomplete; exit as without --follow.
write(w, TRACEBACK[:4])
os.close(w)
code, _ = f.finish()
summ = f.records("summary")
inc = [d for d in summ[0]["diagnoses"] if d["incomplete"]] if summ else []
ok(code == 0 and summ, f"EOF: the summary, exit 0 (got {code})")
ok(len(inc) == 1, "EOF inside a traceback: it is reported, marked incomplete",
   summ[0]["diagnoses"] if summ else "")

# 6. SIGTERM: exit 143.
path = fifo("term")
f = Follower(["-f", "json", path])
w = os.open(path, os.O_WRONLY)
time.sleep(0.3)
code, _ = f.finish(signal.SIGTERM)
os.close(w)
ok(code == 143 and f.records("summary"), f"SIGTERM: the summary, exit 143 (got {code})")

# 7. Standard input, as `journalctl -f | coroner --follow`, and repeats:
#    counted, reported at most once per interval.
f = Follower(["-f", "json", "--interval", "1s", "--settle", "0.3s"], stdin=subprocess.PIPE)
for i in range(3):
    f.p.stdin.write(("\n".join(t.replace("19044", str(19044 + i)) for t in TRACEBACK) + "\n").encode())
    f.p.stdin.flush()
    time.sleep(0.4)
# The diagnosis, however long start-up took (a sanitizer build loading its
# signatures on a busy machine: seconds), then an interval and a half for
# the updates that may follow it.
f.wait_for(lambda l: '"record":"diagnosis"' in l, 60)
f.poll_lines(1.5)
ups = f.records("update")
ok(len(f.records("diagnosis")) == 1, "stdin: one diagnosis for three occurrences",
   [l for _, l in f.lines])
# (Under load -- a sanitizer build on a busy machine -- the diagnosis may go
# out after the second or third occurrence came: what it counted and the
# updates' "new" add up to 3 either way, and an update follows only when
# there was something new to count.)
first = f.records("diagnosis")
first_count = first[0].get("count", 1) if first else 0
last_count = ups[-1]["count"] if ups else first_count
ok(first and last_count == 3 and first_count + sum(u["new"] for u in ups) == 3,
   "repeats come as update records (count 3: the diagnosis's and the new ones)", [first, ups])
f.p.stdin.close()
code, _ = f.finish()
ok(code == 0 and f.records("summary"), f"stdin closed: summary, exit 0 (got {code})")

# 8. A file followed as tail -F: appends, rotation by rename, truncation.
log = os.path.join(TMP, "svc.log")
with open(log, "w") as out:
    out.write("Nov 29 21:40:00 gpu-node-7 python3[1]: starting\n")
f = Follower(["-f", "json", "--settle", "0.3s", log])
time.sleep(0.3)
with open(log, "a") as out:
    out.write("\n".join(TRACEBACK) + "\n")
t = f.wait_for(lambda l: "compressed-tensors" in l, 3)
ok(t is not None, "tail -F: appended lines are read")
os.rename(log, log + ".1")
with open(log, "w") as out:
    out.write("\n".join(OTHER) + "\n")
t = f.wait_for(lambda l: "port-in-use" in l, 3)
ok(t is not None, "tail -F: after rotation by rename, the new file is read", [l[:100] for _, l in f.lines])
with open(log, "w") as out:  # truncated in place, then written again
    pass
time.sleep(0.3)
with open(log, "w") as out:
    out.write("Nov 29 21:50:00 gpu-node-7 python3[7]: OSError: [Errno 28] No space left on device\n")
t = f.wait_for(lambda l: "no-space-left" in l, 3)
ok(t is not None, "tail -F: after truncation, the file is read from its start")
code, _ = f.finish(signal.SIGINT)
summ = f.records("summary")
ok(code == 130 and summ and [i["name"] for i in summ[0]["inputs"]] == [log, log],
   "the file before and after rotation are two inputs of the summary", summ and summ[0]["inputs"])

# 9. Text: one block per new diagnosis, consequences as a line, the ranked report at the end.
path = fifo("text")
f = Follower(["--settle", "0.3s", path])
w = os.open(path, os.O_WRONLY)
write(w, TRACEBACK + [SIGKILL])
f.wait_for(lambda l: "consequence of #1" in l, 3)
code, _ = f.finish(signal.SIGINT)
os.close(w)
text = "\n".join(l for _, l in f.lines)
ok(text.startswith("#1  Installed compressed-tensors") and "  #2 " in text and "consequence of #1" in text
   and "=== everything read, ranked ===" in text and code == 130, "text: a block, a consequence line, then the ranked report",
   text[:1500])

# 10. --cursor-file has no meaning for a pipe: refused, clearly.
p = subprocess.run([CORONER, "--follow", "--cursor-file", os.path.join(TMP, "c")], input=b"x\n",
                   capture_output=True)
ok(p.returncode == 2 and b"pipe" in p.stderr, "--cursor-file with a pipe: exit 2 and a message", p.stderr)

# 11. --since applies to what is followed.
p = subprocess.run([CORONER, "--follow", "-f", "json", "--since", "2026-11-29 21:45:00"],
                   input=("\n".join(TRACEBACK) + "\n").encode(), capture_output=True, env={**os.environ, "TZ": "UTC",
                   "SOURCE_DATE_EPOCH": "1796083200"})
recs = [json.loads(l) for l in p.stdout.decode().splitlines() if l.startswith("{")]
ok(recs and recs[-1]["record"] == "summary" and recs[-1]["diagnoses"] == [], "--since: earlier lines are left out",
   p.stdout[:500])


# 11b. An output that fails (a full disk) stops --follow with an error.
p = subprocess.run(["timeout", "10", CORONER, "--follow", os.path.join(SRCDIR, "corpus", "gpu-port-in-use-torchrun", "log.txt")],
                   stdout=open("/dev/full", "w"), stderr=subprocess.PIPE)
ok(p.returncode == 2, f"--follow FILE > /dev/full: stops, exit 2 (got {p.returncode})", p.stderr[:300])


# 12. Memory stays flat over a long stream of tracebacks from ever new processes.
def peak_rss_kib(mib):
    gen = subprocess.Popen([sys.executable, "-c", f"""
import sys
tb = {TRACEBACK!r}
out = sys.stdout
written, pid = 0, 1000
while written < {mib} * 1048576:
    pid += 1
    block = "\\n".join(l.replace("19044", str(pid)) for l in tb) + "\\n"
    block += "Nov 29 21:44:37 gpu-node-7 python3[%d]: healthy line %d\\n" % (pid, pid) * 40
    out.write(block)
    written += len(block)
"""], stdout=subprocess.PIPE)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # (AddressSanitizer keeps freed memory in quarantine: hold it small here)
    env = dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=1")
    p = subprocess.run([CORONER, "--follow", "-f", "json", "--settle", "0.2s"], stdin=gen.stdout,
                       stdout=subprocess.DEVNULL, env=env)
    gen.wait()
    return p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


code8, rss8 = peak_rss_kib(8)
code64, rss64 = peak_rss_kib(64)
ok(code8 == 0 and code64 == 0 and rss64 < rss8 + 16 * 1024,
   f"memory stays flat: peak RSS {rss8} KiB after 8 MiB, {rss64} KiB after 64 MiB")

print(f"1..{n}")
sys.exit(0)
