#!/usr/bin/python3
"""Turn genlog.py's journalctl-short lines into journal export format.

usage: journal_export.py LOG FIRST COUNT > out.export

Writes entries FIRST .. FIRST+COUNT-1 (0-based, counting the lines that
parse) of LOG as systemd journal export format, for
`systemd-journal-remote -o FILE.journal -`: one `FIELD=value` line per
field, a blank line after each entry.  From "Mon DD HH:MM:SS host ident[pid]:
message": MESSAGE is the text after the prefix, _HOSTNAME, SYSLOG_IDENTIFIER
and _PID come from the prefix.  Timestamps are synthetic and strictly
increasing, 10 ms apart (genlog writes 100 lines per second of its clock),
from 2026-11-29 10:00:00 UTC; one boot, one unit (sglang.service), one
invocation.  PRIORITY: 3 for error-looking lines, 4 for warnings, 6 else.
Exits 3 if LOG has fewer than FIRST+COUNT usable lines.
"""
import re, sys

PREFIX = re.compile(rb'^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d (\S+) ([^\s\[:]+)\[(\d+)\]: (.*)$')
ERR = re.compile(rb'Traceback|Error|error|\[E\d|FAILED|Fatal')
WARN = re.compile(rb'WARNING|Warning|\[W\d')
BOOT = b'5b2c0e5d8a3f4e1c9d7b6a5f4e3d2c1b'
INVOCATION = b'9f8e7d6c5b4a49382716a5b4c3d2e1f0'
REALTIME0 = 1795946400 * 10**6      # 2026-11-29 10:00:00 UTC, microseconds
MONOTONIC0 = 12 * 10**6


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    log, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    out = sys.stdout.buffer
    n = 0          # usable lines seen
    written = 0
    buf = []
    with open(log, 'rb') as f:
        for line in f:
            m = PREFIX.match(line.rstrip(b'\n'))
            if not m:
                continue
            if n < first:
                n += 1
                continue
            host, ident, pid, msg = m.groups()
            prio = b'3' if ERR.search(msg) else b'4' if WARN.search(msg) else b'6'
            buf.append(b'__REALTIME_TIMESTAMP=%d\n__MONOTONIC_TIMESTAMP=%d\n_BOOT_ID=%s\n'
                       b'_HOSTNAME=%s\n_PID=%s\nSYSLOG_IDENTIFIER=%s\n_SYSTEMD_UNIT=sglang.service\n'
                       b'_SYSTEMD_INVOCATION_ID=%s\nPRIORITY=%s\nMESSAGE=%s\n\n'
                       % (REALTIME0 + n * 10000, MONOTONIC0 + n * 10000, BOOT, host, pid, ident,
                          INVOCATION, prio, msg))
            n += 1
            written += 1
            if len(buf) >= 4096:
                out.write(b''.join(buf))
                buf = []
            if written == count:
                break
    out.write(b''.join(buf))
    out.flush()
    if written < count:
        sys.stderr.write('journal_export: %s has only %d usable lines after %d, %d wanted\n'
                         % (log, written, first, count))
        sys.exit(3)


if __name__ == '__main__':
    main()
