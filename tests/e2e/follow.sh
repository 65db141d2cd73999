#!/bin/sh
# follow.sh — coroner --follow on live inputs (tests/e2e/follow.py): FIFOs,
# pipes, files followed as tail -F, signals, latency, bounded memory.
. "$SRCDIR/tests/e2e/lib.sh"
export CORONER SRCDIR
exec "$PY" "$SRCDIR/tests/e2e/follow.py"
