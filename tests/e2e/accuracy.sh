#!/bin/sh
# accuracy.sh — top-1 category accuracy on the corpus, with every signature
# and with the knowledge tables alone (tests/accuracy/accuracy.py).
. "$SRCDIR/tests/e2e/lib.sh"
exec "$PY" "$SRCDIR/tests/accuracy/accuracy.py" "$CORONER" "$SRCDIR" --tap
