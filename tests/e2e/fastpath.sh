#!/bin/sh
# fastpath.sh — the pre-filtered fast path gives exactly the diagnoses of
# the reference matcher (every line decoded, every signature tried), on
# every corpus log, every form under tests/forms/ and on a synthetic log
# with error bursts.
. "$SRCDIR/tests/e2e/lib.sh"
GENLOG="$SRCDIR/../shared/bench/genlog.py"
exec "$PY" - "$CORONER" "$SRCDIR" "$GENLOG" "$TMP" <<'PY'
import glob, json, os, subprocess, sys
coroner, srcdir, genlog, tmp = sys.argv[1:5]
logs = sorted(glob.glob(f"{srcdir}/corpus/*/log.txt")) + sorted(glob.glob(f"{srcdir}/tests/forms/*.txt"))
if os.path.exists(genlog):
    path = f"{tmp}/genlog.log"
    with open(path, "w") as f:
        subprocess.run([sys.executable, genlog, "8", "7"], stdout=f, check=True)
    logs.append(path)
def summary(args):
    out = subprocess.run([coroner, "-f", "json", *args], capture_output=True).stdout
    r = json.loads(out)
    for d in r["diagnoses"]:
        d.pop("confidence", None)
    return r["diagnoses"]
n = 0
for log in logs:
    n += 1
    fast, ref = summary([log]), summary(["--reference-matcher", log])
    name = os.path.relpath(log, srcdir) if log.startswith(srcdir) else "genlog 8 MiB"
    if fast == ref:
        print(f"ok {n} - {name}: fast path = reference matcher ({len(fast)} diagnoses)")
    else:
        print(f"not ok {n} - {name}: fast path differs from the reference matcher")
        print("# fast: " + " ".join(f"{d['id']}x{d['count']}" for d in fast))
        print("# ref:  " + " ".join(f"{d['id']}x{d['count']}" for d in ref))
print(f"1..{n}")
PY
