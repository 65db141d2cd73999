#!/bin/sh
# corpus.sh — run every corpus case through the built coroner (tests/corpus.py).
. "$SRCDIR/tests/e2e/lib.sh"
exec "$PY" "$SRCDIR/tests/e2e/corpus.py" "$CORONER" "$SRCDIR"
