#!/bin/sh
# forms.sh — every traceback and log form under tests/forms/ (Python 3.11's
# traceback forms, the journal in each journalctl output mode, rsyslog's #012,
# Docker json-file and CRI lines, per-line rank prefixes) through the built
# coroner, checked against tests/forms/expected.json; plus parity: each form
# rendered by journalctl gives the same diagnoses as the plain output.
# The fixtures are made with the real tools by tests/forms/make.sh.
. "$SRCDIR/tests/e2e/lib.sh"
exec "$PY" "$SRCDIR/tests/forms/check.py" "$CORONER" "$SRCDIR"
