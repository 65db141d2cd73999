"""check.py — run coroner on every fixture of tests/forms/ and check
expected.json, as TAP (tests/e2e/forms.sh runs it).

Per fixture, one line per expectation (see expected.json's "about"); then,
for each form rendered through the journal, per journalctl mode: the same
diagnoses as the plain output (ids and exception types, in order), and the
stream fields that the mode shows.
usage: check.py CORONER SRCDIR
"""
import glob
import json
import os
import subprocess
import sys

coroner, srcdir = sys.argv[1], sys.argv[2]
forms = os.path.join(srcdir, "tests", "forms")
expected = json.load(open(os.path.join(forms, "expected.json")))
n = 0
failed = 0


def tap(ok, description, detail=None, directive=""):
    global n, failed
    n += 1
    failed += not ok and not directive
    print(f"{'ok' if ok else 'not ok'} {n} - {description}{directive}")
    if not ok and detail:
        for line in str(detail).splitlines()[:12]:
            print("# " + line)


_reports = {}


def report(rel):
    """coroner's JSON report of tests/forms/REL, or an error string."""
    if rel not in _reports:
        path = os.path.join(forms, rel)
        run = subprocess.run([coroner, "-f", "json", path], capture_output=True)
        try:
            _reports[rel] = json.loads(run.stdout)
        except ValueError as e:
            _reports[rel] = f"report is not JSON ({e}); exit {run.returncode}: {run.stderr[:300]!r}"
    return _reports[rel]


def errors(r):
    """The failures of severity error or worse (an alternative reading of
    #1, doc/ranking.md, is no failure of its own)."""
    return [d for d in r["diagnoses"] if d["severity"] in ("error", "critical") and not d.get("alternative_to")]


def chain(d):
    return [(e["type"], e["message"]) for e in d["exceptions"]]


def short(s, k=100):
    s = str(s)
    return s if len(s) <= k else s[:k] + f"…[{len(s)} chars]"


def show_chain(d):
    return " → ".join(f"{t}: {short(m, 80)!r}" for t, m in chain(d)) or "(empty)"


def show_all(r):
    return "; ".join(f"{d['id']}/{d['severity']} [{show_chain(d)}]" for d in r["diagnoses"]) or "no diagnoses"


def entry_ok(want, got_type, got_msg):
    if want["type"] != got_type:
        return False
    if "message" in want and want["message"] != got_msg:
        return False
    return all(s in got_msg for s in want.get("message_contains", []))


def show_want(ws):
    out = []
    for w in ws:
        m = repr(short(w["message"], 80)) if "message" in w else "…".join(repr(short(s, 60)) for s in w["message_contains"])
        out.append(f"{w['type']}: {m}")
    return " → ".join(out)


def stream_ok(want, s):
    return all(s.get(k) == v for k, v in want.items())


def show_streams(d):
    fields = ("host", "pid", "rank", "tag", "ident", "unit", "invocation")
    return "; ".join(", ".join(f"{k}={s[k]!r}" for k in fields if s.get(k) not in ("", 0, None))
                     or "(empty)" for s in d["streams"])


def check_fixture(rel, exp):
    path = os.path.join(forms, rel)
    if not os.path.exists(path):
        tap(False, f"{rel}: fixture exists", "missing: run sh tests/forms/make.sh")
        return
    r = report(rel)
    if isinstance(r, str):
        tap(False, f"{rel}: report", r)
        return
    errs = errors(r)
    if exp.get("no_error"):
        tap(not errs, f"{rel}: no diagnosis of severity error or worse", "got: " + show_all(r))
        return
    if "errors" in exp:
        k = exp["errors"]
        tap(len(errs) == k, f"{rel}: {k} diagnosis{'es' if k != 1 else ''} of severity error or worse",
            f"got {len(errs)}: " + show_all(r))
    d = errs[0] if errs else None
    if "id" in exp:
        hits = [x for x in errs if x["id"] == exp["id"]]
        d = hits[0] if hits else d
        tap(bool(hits), f"{rel}: diagnosis {exp['id']}", "got: " + show_all(r))
    none = "no diagnosis of severity error or worse; got: " + show_all(r)
    if "exceptions" in exp:
        want = exp["exceptions"]
        ok = d is not None and len(chain(d)) == len(want) and all(
            entry_ok(w, t, m) for w, (t, m) in zip(want, chain(d)))
        tap(ok, f"{rel}: exceptions {' → '.join(w['type'] for w in want)}",
            none if d is None else f"want: {show_want(want)}\ngot:  {show_chain(d)}")
    if "leaves" in exp:
        want = exp["leaves"]
        ok = False
        if d is not None:
            it = iter(chain(d))
            ok = all(any(entry_ok(w, t, m) for t, m in it) for w in want)
        tap(ok, f"{rel}: every leaf in order: {', '.join(w['type'] for w in want)}",
            none if d is None else f"want: {show_want(want)}\ngot:  {show_chain(d)}")
    if "leaf_diagnoses" in exp:
        # An ExceptionGroup: each leaf is a diagnosis of its own, its
        # exceptions led by the leaf at its place in the tree.
        for w in exp["leaf_diagnoses"]:
            hits = [x for x in errs if x["exceptions"] and entry_ok(w, x["exceptions"][0]["type"], x["exceptions"][0]["message"])
                    and x["exceptions"][0].get("group_path") == w["group_path"]]
            tap(bool(hits), f"{rel}: leaf {w['type']} at {w['group_path']} diagnosed", "got: " + show_all(r))
    if "exception" in exp:
        w = exp["exception"]
        h = d and d.get("exception")
        ok = bool(h) and entry_ok(w, h["type"], h["message"])
        tap(ok, f"{rel}: headline exception {w['type']}",
            none if d is None else f"want: {show_want([w])}\ngot:  {h and (h['type'] + ': ' + short(h['message'], 80))!r}")
    if "first" in exp:
        w = exp["first"]
        ok = d is not None and bool(chain(d)) and entry_ok(w, *chain(d)[0])
        tap(ok, f"{rel}: chain starts with {w['type']}",
            none if d is None else f"want: {show_want([w])}\ngot:  {show_chain(d)}")
    if "incomplete" in exp:
        ok = d is not None and d["incomplete"] == exp["incomplete"]
        tap(ok, f"{rel}: incomplete is {str(exp['incomplete']).lower()}",
            none if d is None else f"got incomplete={d['incomplete']}: {show_chain(d)}")
    if "count" in exp:
        ok = d is not None and d["count"] == exp["count"]
        tap(ok, f"{rel}: count {exp['count']}", none if d is None else f"got count={d['count']}")
    if "streams" in exp:
        want = exp["streams"]
        missing = [w for w in want if d is None or not any(stream_ok(w, s) for s in d["streams"])]
        tap(not missing, f"{rel}: streams " + "; ".join(", ".join(f"{k}={v}" for k, v in w.items()) for w in want),
            none if d is None else f"missing: {missing}\ngot: {show_streams(d)}")
    if "evidence_contains" in exp:
        s = exp["evidence_contains"]
        ok = d is not None and any(s in e["text"] for e in d["evidence"])
        tap(ok, f"{rel}: evidence shows {s!r}",
            none if d is None else "evidence: " + " | ".join(short(e["text"], 80) for e in d["evidence"]))
    for also in exp.get("also", []):
        # another diagnosis of the same fixture: its evidence and the line it is on
        hits = [x for x in r["diagnoses"] if x["id"] == also["id"]]
        lines = [e for x in hits for e in x["evidence"] if also["evidence_contains"] in e["text"]]
        ok = bool(lines) and all(e["line"] == also["evidence_line"] for e in lines)
        tap(ok, f"{rel}: {also['id']} shows {also['evidence_contains']!r} on line {also['evidence_line']}",
            "got: " + show_all(r) + "; evidence: " + " | ".join(f"{e['line']}: {short(e['text'], 80)}" for x in hits for e in x["evidence"]))


def signature(r):
    return [(d["id"], [e["type"] for e in d["exceptions"]]) for d in r["diagnoses"]]


def check_journal(j):
    for form, plain_rel in j["forms"].items():
        modes = j.get("only", {}).get(form) or list(j["modes"])
        plain = report(plain_rel)
        plain_sig = None if isinstance(plain, str) else signature(plain)
        want_streams = dict(expected["fixtures"].get(plain_rel, {}).get("streams", [{}])[0])
        for mode in modes:
            rel = f"journal/{form}.{mode}.txt"
            if not os.path.exists(os.path.join(forms, rel)):
                tap(True, f"{rel}: same diagnoses as {plain_rel}",
                    directive=" # SKIP not rendered (systemd-journal-remote missing when make.sh ran)")
                continue
            r = report(rel)
            if isinstance(r, str):
                tap(False, f"{rel}: report", r)
                continue
            if plain_sig is None or not errors(plain):
                tap(False, f"{rel}: same diagnoses as {plain_rel}",
                    f"{plain_rel} itself has no diagnosis of severity error to compare with\ngot: {show_all(r)}")
            else:
                got = signature(r)
                tap(got == plain_sig, f"{rel}: same diagnoses as {plain_rel}",
                    f"{plain_rel}: {plain_sig}\n{rel}: {got}")
            fields = dict(j["modes"][mode], **want_streams)
            if fields:
                errs = errors(r)
                ok = bool(errs) and any(stream_ok(fields, s) for s in errs[0]["streams"])
                tap(ok, f"{rel}: stream " + ", ".join(f"{k}={v}" for k, v in fields.items()),
                    "no diagnosis of severity error or worse" if not errs else "got: " + show_streams(errs[0]))


# Every fixture (outside journal/, which is checked for parity) has expectations.
on_disk = sorted(os.path.relpath(p, forms) for p in glob.glob(os.path.join(forms, "**", "*.txt"), recursive=True)
                 if not os.path.relpath(p, forms).startswith("journal" + os.sep))
unlisted = [p for p in on_disk if p not in expected["fixtures"]]
tap(not unlisted, "every fixture under tests/forms/ has expectations in expected.json", "no entry: " + ", ".join(unlisted))

for rel, exp in expected["fixtures"].items():
    check_fixture(rel, exp)
check_journal(expected["journal"])
print(f"1..{n}")
