"""corpus.py — run every corpus case through the built coroner, as TAP.

Per case: (1) case.json's expectations hold: expect_top ranks first, every id
in expect appears, a healthy log has no error-or-worse diagnosis; (2) the
report equals the blessed expected.json (coroner_version and produced_by aside).
With BLESS=1 in the environment, every expected.json is rewritten instead
(`make bless`); review the diff before committing it.
usage: corpus.py CORONER SRCDIR
"""
import glob
import json
import os
import subprocess
import sys

coroner, srcdir = sys.argv[1], sys.argv[2]
bless = bool(os.environ.get("BLESS"))
# Logs without a year are dated by "today": the reports are made as if
# today were 2026-11-30, whatever the date CI runs on; and timestamps
# without a zone are read as UTC (the writers' zones are not known),
# whatever the zone CI runs in.
env = dict(os.environ, SOURCE_DATE_EPOCH="1795996800", TZ="UTC")
os.chdir(srcdir)
n = 0
scores = []  # (confidence of the top diagnosis, whether it is the expected one)


def tap(ok, description, detail=None, directive=""):
    global n
    n += 1
    print(f"{'ok' if ok else 'not ok'} {n} - {description}{directive}")
    if not ok and detail:
        for line in detail.splitlines()[:20]:
            print("# " + line)


def check_expectations(case, report):
    ids = [d["id"] for d in report["diagnoses"]]
    problems = []
    if case.get("healthy"):
        bad = [d["id"] for d in report["diagnoses"] if d["severity"] in ("error", "critical")]
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
        return "; ".join(problems) + " | got: " + " ".join(ids[:8])
    return None


for case_dir in sorted(glob.glob("corpus/*/")):
    case_dir = case_dir.rstrip("/")
    if not (os.path.exists(f"{case_dir}/case.json") and os.path.exists(f"{case_dir}/log.txt")):
        continue
    case = json.load(open(f"{case_dir}/case.json"))
    run = subprocess.run([coroner, "-f", "json", f"{case_dir}/log.txt"], capture_output=True, env=env)
    try:
        report = json.loads(run.stdout)
    except ValueError as e:
        tap(False, f"{case_dir}: expected diagnoses", f"report is not JSON ({e}); exit {run.returncode}")
        continue
    problem = check_expectations(case, report)
    if not case.get("healthy") and report["diagnoses"]:
        top = report["diagnoses"][0]
        scores.append((top["confidence"], top["id"] == case.get("expect_top")))
    tap(problem is None, f"{case_dir}: expected diagnoses", problem)
    report.pop("coroner_version", None)
    report.pop("produced_by", None)  # paths of this checkout, the signature set's hash
    normal = json.dumps(report, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    expected_path = f"{case_dir}/expected.json"
    if bless:
        with open(expected_path, "w") as f:
            f.write(normal)
        tap(True, f"{case_dir}: blessed")
    elif not os.path.exists(expected_path):
        tap(True, f"{case_dir}: report", directive=" # SKIP no expected.json (run make bless)")
    else:
        expected = open(expected_path).read()
        if expected == normal:
            tap(True, f"{case_dir}: report matches expected.json")
        else:
            import difflib
            diff = "".join(difflib.unified_diff(expected.splitlines(True), normal.splitlines(True), n=1))
            tap(False, f"{case_dir}: report matches expected.json", diff)
# Calibration: of the top diagnoses reported with confidence >= 0.8, at least
# 8 in 10 must be right (doc/ranking.md).
high = [ok for conf, ok in scores if conf >= 0.8]
right = sum(high)
tap(not high or right >= 0.8 * len(high),
    f"calibration: {right} of {len(high)} top diagnoses at confidence >= 0.8 are right",
    "confidence is over-stated")
print(f"1..{n}")
