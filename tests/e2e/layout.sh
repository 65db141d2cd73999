#!/bin/sh
# layout.sh — the pipeline drawn in doc/architecture.md is the compiled
# one: a file of src/lib includes the header of its own stage or of an
# earlier one, never of a later stage, and PCRE2 and cJSON are included
# only from the match stage on (and by the decoder of JSON lines, which
# parses them).
. "$SRCDIR/tests/e2e/lib.sh"
exec "$PY" - "$SRCDIR/src/lib" <<'PY'
import os, re, sys
lib = sys.argv[1]
order = ["util", "read", "decode", "assemble", "match", "rank", "analysis", "report"]
rank = {s: i for i, s in enumerate(order)}
def stage(name):
    base = os.path.splitext(name)[0]
    if base in rank:
        return base                      # a stage's own header
    prefix = base.split("_")[0]
    return prefix if prefix in rank else ("match" if base in ("facts", "fingerprint") else None)
n = 0
for name in sorted(os.listdir(lib)):
    if not name.endswith((".c", ".h")) or name == "coroner.h":
        continue
    own = stage(name)
    text = open(os.path.join(lib, name)).read()
    for inc in re.findall(r'#include "([^"]+)"', text):
        if inc in ("config.h", "coroner.h"):
            continue
        n += 1
        other = stage(inc)
        fine = other is not None and own is not None and rank[other] <= rank[own]
        if fine:
            print(f"ok {n} - {name} ({own}) includes {inc} ({other})")
        else:
            print(f"not ok {n} - {name} ({own}) includes {inc} ({other}): a later stage")
    for lib_h in re.findall(r'#include <(pcre2\.h|cjson/cJSON\.h)>', text):
        n += 1
        allowed = own is not None and (rank[own] >= rank["match"] or name in ("match.h", "decode_structured.c"))
        print(f"{'ok' if allowed else 'not ok'} {n} - {name} includes <{lib_h}>" + ("" if allowed else ": before the match stage"))
print(f"1..{n}")
PY
