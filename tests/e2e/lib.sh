# lib.sh — TAP helpers for the end-to-end tests, which run the built binary.
# Each test script sources this, calls plan N (or done_testing at the end),
# and ok/not_ok per check.
: "${CORONER:?run through make check (CORONER unset)}"
: "${SRCDIR:?run through make check (SRCDIR unset)}"
# Debian's interpreter: a pyenv shim costs 0.3 s a call.
PY=/usr/bin/python3; [ -x "$PY" ] || PY=python3
TMP=$(mktemp -d /tmp/coroner-e2e.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
_n=0
_failed=0
ok() { _n=$((_n + 1)); echo "ok $_n - $1"; }
not_ok() { _n=$((_n + 1)); _failed=$((_failed + 1)); echo "not ok $_n - $1"; [ -n "$2" ] && printf '%s\n' "$2" | sed 's/^/# /'; return 0; }
# check DESCRIPTION COMMAND...: ok when the command succeeds
check() { _d=$1; shift; if "$@" >"$TMP/out" 2>&1; then ok "$_d"; else not_ok "$_d" "$(head -c 3000 "$TMP/out")"; fi; }
done_testing() { echo "1..$_n"; }
# json_get FILE EXPR: evaluate a Python expression over the parsed report r
json_get() { "$PY" -c "import json,sys; r=json.load(open(sys.argv[1])); print($2)" "$1"; }
top_id() { json_get "$1" 'r["diagnoses"][0]["id"] if r["diagnoses"] else "none"'; }
ids() { json_get "$1" '" ".join(d["id"] for d in r["diagnoses"])'; }
# wait_open PID REGEX: wait (up to 60 s) until process PID holds open a
# file whose path matches REGEX. A coroner started in the background loads
# its signatures before it opens its input, which under a sanitizer on a
# busy machine takes seconds: a test that appends "after it started"
# waits for this rather than for a fixed time.
wait_open() {
        _w=0
        while [ $_w -lt 600 ] && ! ls -l "/proc/$1/fd" 2>/dev/null | grep -q -- "$2"; do
                sleep 0.1
                _w=$((_w + 1))
        done
}
