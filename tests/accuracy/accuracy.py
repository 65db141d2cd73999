"""accuracy.py — how often coroner's first diagnosis has the right category.

On every corpus case (corpus/*/case.json "category") and every blind case
(tests/accuracy/blind-*/*/label.json: real logs from public issue threads,
labelled by helpers who never ran coroner; split.json names the half kept
back while developing), runs the built coroner twice: with the
full database, and with --no-signatures (the knowledge tables, blame and
error lines alone: the honest measure for failures nobody wrote a signature
for). A case is right at top-1 when the first diagnosis's category is the
case's category (or one of its "also_ok"), and within the top 3 likewise.
Every run must also end cleanly (status 0, no sanitizer report): in a
sanitizer build the real logs are a test of reading them safely.

usage: accuracy.py CORONER SRCDIR [--tap] [--markdown]
  --tap       TAP output for make check: the figures as comments, and the
              floors below as tests
  --markdown  a dated section for corpus/ACCURACY.md
"""
import concurrent.futures
import datetime
import glob
import json
import os
import subprocess
import sys

coroner, srcdir = sys.argv[1], sys.argv[2]
tap = "--tap" in sys.argv
markdown = "--markdown" in sys.argv
env = dict(os.environ, SOURCE_DATE_EPOCH="1795996800", TZ="UTC")

# Floors that make check holds coroner to (issue 11): the tables and blame
# alone name the right category for at least half of the corpus; healthy
# logs stay free of error diagnoses (tests/e2e/corpus.py checks those).
FLOOR_NO_SIGNATURES = 0.50


def cases():
    for path in sorted(glob.glob(os.path.join(srcdir, "corpus/*/case.json"))):
        case = json.load(open(path))
        if case.get("healthy") or not case.get("category"):
            continue
        yield "corpus", os.path.dirname(path), case["category"], set(case.get("category_also_ok", []))
    for path in sorted(glob.glob(os.path.join(srcdir, "tests/accuracy/blind-*/*/label.json"))):
        label = json.load(open(path))
        folder = os.path.dirname(path)
        split = os.path.join(os.path.dirname(folder), "split.json")
        held = os.path.exists(split) and os.path.basename(folder) in json.load(open(split))["holdout"]
        kind = os.path.basename(os.path.dirname(folder)) + (" holdout" if held else " dev")
        yield kind, folder, label["category"], set(label.get("also_ok", []))


MODES = (("full", []), ("no-signatures", ["--no-signatures"]))
# ACCURACY_BLIND_MODES=full runs the blind sets with the full database only
# (.ci/run's sanitizer build: every log is still read once under ASan and
# UBSan, in half the time; the corpus keeps both modes for the floors).
BLIND_MODES = os.environ.get("ACCURACY_BLIND_MODES", "full,no-signatures").split(",")
# What a sanitizer build prints when it finds a fault (UBSan goes on and
# exits 0 unless told to halt, so its words are looked for, not its status).
SANITIZER_WORDS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:", "WARNING: ThreadSanitizer")


def categories(log, extra):
    """The categories of coroner's diagnoses of log, and a fault if the run
    was not clean (a signal, a non-zero status, a sanitizer's report): the
    ~2,000 real logs are also a test that coroner reads them all safely."""
    run = subprocess.run([coroner, "-f", "json", *extra, log], capture_output=True, env=env)
    stderr = run.stderr.decode("utf-8", "replace")
    fault = None
    if run.returncode != 0:
        fault = f"exit status {run.returncode}"
    elif any(w in stderr for w in SANITIZER_WORDS):
        fault = "sanitizer report"
    if fault:
        fault += ": " + " ".join(stderr.split())[:300]
    try:
        return [d["category"] for d in json.loads(run.stdout)["diagnoses"]], fault
    except ValueError:
        return [], fault or "no JSON report"


def modes(kind):
    """The modes a case runs in: the corpus always both (its floors)."""
    return [(m, extra) for m, extra in MODES if kind == "corpus" or m in BLIND_MODES]


# The runs are independent: as many at once as there are cores (each is a
# subprocess, so threads suffice), collected in the cases' order.
all_cases = list(cases())
jobs = [(os.path.join(folder, "log.txt"), extra) for kind, folder, _, _ in all_cases for _, extra in modes(kind)]
with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
    outcomes = iter(list(pool.map(lambda job: categories(*job), jobs)))

results = {}  # (set, mode) -> [top1, top3, n]
misses = []
faults = []
for kind, folder, want, also in all_cases:
    ok = {want} | also
    for mode, _ in modes(kind):
        got, fault = next(outcomes)
        if fault:
            faults.append(f"{kind} {os.path.basename(folder)} ({mode}): {fault}")
        r = results.setdefault((kind, mode), [0, 0, 0])
        r[0] += bool(got) and got[0] in ok
        r[1] += any(c in ok for c in got[:3])
        r[2] += 1
        if mode == "full" and not (got and got[0] in ok):
            misses.append(f"{kind} {os.path.basename(folder)}: want {want}, got {got[:3]}")


def pct(a, n):
    return f"{a}/{n} ({100 * a / n:.0f}%)" if n else "-"


rows = []
for (kind, mode), (t1, t3, n) in sorted(results.items()):
    rows.append((kind, mode, pct(t1, n), pct(t3, n)))

if markdown:
    today = datetime.date.today().isoformat()
    print(f"## {today}\n")
    print("| cases | database | top-1 category | top-3 category |\n|---|---|---|---|")
    for kind, mode, t1, t3 in rows:
        print(f"| {kind} | {mode} | {t1} | {t3} |")
    print()
elif tap:
    n = 0
    for kind, mode, t1, t3 in rows:
        print(f"# {kind}, {mode}: top-1 {t1}, top-3 {t3}")
    t1, _, total = results.get(("corpus", "no-signatures"), [0, 0, 0])
    n += 1
    ok = total and t1 >= FLOOR_NO_SIGNATURES * total
    print(f"{'ok' if ok else 'not ok'} {n} - corpus with --no-signatures: top-1 category {pct(t1, total)} "
          f">= {FLOOR_NO_SIGNATURES:.0%}")
    t1, _, total = results.get(("corpus", "full"), [0, 0, 0])
    n += 1
    print(f"{'ok' if total and t1 == total else 'not ok'} {n} - corpus with every signature: top-1 category {pct(t1, total)}")
    n += 1
    print(f"{'not ok' if faults else 'ok'} {n} - every log read cleanly ({len(faults)} faults)")
    for f in faults:
        print(f"#   fault: {f}")
    for m in misses:
        print(f"#   miss: {m}")
    print(f"1..{n}")
else:
    for kind, mode, t1, t3 in rows:
        print(f"{kind:24} {mode:14} top-1 {t1:>14}  top-3 {t3:>14}")
    for m in misses:
        print("  miss:", m)
    for f in faults:
        print("  fault:", f)
