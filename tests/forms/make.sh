#!/bin/sh
# make.sh — regenerate every fixture under tests/forms/ with the real software:
# Python 3.11 (/usr/bin/python3) for the tracebacks, systemd-journal-remote and
# journalctl for the journal renderings, rsyslogd for the "#012" form. The
# container and per-line-prefix forms are constructed from that real output
# (README.md says how). Run as root on Debian 12:
#
#   apt-get install python3 systemd systemd-journal-remote rsyslog \
#           python3-pythonjsonlogger python3-structlog nodejs node-bunyan
#   sh tests/forms/make.sh
#
# then review the diff and commit. The programs run from a fixed directory,
# /tmp/coroner-forms/app, so the paths in the tracebacks do not depend on where
# the repository is checked out. Timestamps that Python's logging prints are
# the wall clock; those of the journal, Docker and CRI forms are fixed.
set -eu
FORMS=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
WORK=/tmp/coroner-forms
APP=$WORK/app
export TZ=UTC LC_ALL=C.UTF-8 PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 SYSTEMD_COLORS=0
unset PYTHONNODEBUGRANGES PYTHONWARNINGS PYTHONIOENCODING 2>/dev/null || true

"$PY" -c 'import sys; assert sys.version_info[:2] == (3, 11), sys.version' || {
        echo "make.sh: $PY must be Python 3.11 (the fixtures show 3.11's traceback forms)" >&2
        exit 1
}
rm -rf "$WORK"
mkdir -p "$APP" "$FORMS/journal" "$FORMS/rsyslog" "$FORMS/containers" "$FORMS/prefix"
cp "$FORMS"/py/*.py "$APP"/
cd "$APP"

# form NAME [ENV=VALUE...] [PYTHON-ARGS...]: run python3, stdout and stderr
# into one file as a service's log has them (the program is meant to fail).
form() {
        _name=$1
        shift
        env "$@" > "$FORMS/$_name.txt" 2>&1 || true
        echo "  $_name.txt"
}
echo "Python forms:"
form plain PYTHONNODEBUGRANGES=1 "$PY" plain.py
form chain-from "$PY" chain_from.py
form chain-during "$PY" chain_during.py
form positions "$PY" positions.py
form recursion "$PY" recursion.py
form syntax-error "$PY" syntax_bad.py
form syntax-compile "$PY" syntax_compile.py
form exception-group "$PY" exception_group.py
form process-pool "$PY" process_pool.py
form mp-pool "$PY" mp_pool.py
form thread "$PY" thread.py
form asyncio-task "$PY" asyncio_task.py
form logging-exception "$PY" logging_exception.py
form segfault "$PY" -X faulthandler segfault.py
form warning "$PY" warning.py
form sglang-header "$PY" sglang_header.py
form bad-utf8 "$PY" bad_utf8.py
form long-line "$PY" long_line.py
form ranked "$PY" ranked.py
# An application's own JSON logging, by the real libraries (Debian's
# python3-pythonjsonlogger, python3-structlog and node-bunyan).
form json-logger "$PY" json_logger.py
form structlog-json "$PY" structlog_json.py
cp "$FORMS"/js/*.js "$APP"/
form bunyan-error NODE_PATH=/usr/share/nodejs node bunyan_error.js
# A paste from a terminal 80 columns wide: the real output, hard-wrapped by
# fold(1) as the terminal showed it (a frame, a code line, a logger line and
# the exception's message each cut in two or three).
"$PY" wrapped.py 2>&1 | fold -w 80 > "$FORMS/wrapped.txt" || true
echo "  wrapped.txt"

# Cut off at the end of input: a real traceback up to (and including) a
# "  File ..." line, as a log read while the process is still writing it, or
# rotated, shows it.
"$PY" - "$FORMS" <<'PY'
import sys
forms = sys.argv[1]
def cut(src, dst, nth):
    lines = open(f"{forms}/{src}").read().splitlines(True)
    frames = [i for i, l in enumerate(lines) if l.startswith('  File "')]
    open(f"{forms}/{dst}", "w").write("".join(lines[:frames[nth] + 1]))
    print(f"  {dst} (cut from {src} after its frame line {frames[nth] + 1})")
cut("plain.txt", "truncated.txt", 2)      # inside the only traceback
cut("chain-from.txt", "truncated-chain.txt", -1)   # the cause complete, the second traceback cut
PY

# The journal: each output line one entry of k26.service, as journald stores a
# service's stdout/stderr; a journal file made by systemd-journal-remote, then
# rendered by journalctl in each output mode.
REMOTE=/lib/systemd/systemd-journal-remote
[ -x "$REMOTE" ] || REMOTE=/usr/lib/systemd/systemd-journal-remote
if [ -x "$REMOTE" ] && command -v journalctl >/dev/null; then
        echo "Journal forms:"
        mkdir -p "$WORK/journal"
        for f in plain chain-from exception-group sglang-header bad-utf8; do
                "$PY" "$FORMS/tools/journal_export.py" "$FORMS/$f.txt" > "$WORK/journal/$f.export"
                "$REMOTE" -o "$WORK/journal/$f.journal" - < "$WORK/journal/$f.export" 2>/dev/null
                if [ "$f" = bad-utf8 ]; then
                        modes="json export"
                else
                        modes="short short-iso short-iso-precise short-precise short-full short-monotonic short-unix with-unit cat json json-seq export"
                fi
                for m in $modes; do
                        journalctl --file "$WORK/journal/$f.journal" -o "$m" --no-pager > "$FORMS/journal/$f.$m.txt"
                done
                echo "  journal/$f.{$(echo $modes | tr ' ' ,)}.txt"
        done
else
        echo "Journal forms: SKIPPED (apt-get install systemd-journal-remote)" >&2
fi

# rsyslog: a real rsyslogd (imuxsock on a socket of its own, omfile in both
# stock file formats) receives one multi-line message from Python's
# SysLogHandler and escapes its control characters on receipt.
if command -v rsyslogd >/dev/null; then
        echo "rsyslog forms:"
        R=$WORK/rsyslog
        mkdir -p "$R"
        cat > "$R/rsyslog.conf" <<EOF
global(workDirectory="$R" localHostname="gpu-node-07")
module(load="imuxsock" SysSock.Use="off")
input(type="imuxsock" Socket="$R/log.sock" CreatePath="on")
\$EscapeControlCharactersOnReceive on
*.* action(type="omfile" file="$R/traditional.log" template="RSYSLOG_TraditionalFileFormat")
*.* action(type="omfile" file="$R/fileformat.log" template="RSYSLOG_FileFormat")
EOF
        rsyslogd -n -f "$R/rsyslog.conf" -i "$R/rsyslogd.pid" &
        RSYSLOGD=$!
        i=0
        while [ ! -S "$R/log.sock" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
        "$PY" syslog_exception.py "$R/log.sock"
        i=0
        while [ "$(cat "$R/traditional.log" "$R/fileformat.log" 2>/dev/null | wc -l)" -lt 4 ] && [ $i -lt 50 ]; do
                sleep 0.1
                i=$((i + 1))
        done
        kill "$RSYSLOGD"
        wait "$RSYSLOGD" || true
        cp "$R/traditional.log" "$FORMS/rsyslog/syslog-exception.traditional.txt"
        cp "$R/fileformat.log" "$FORMS/rsyslog/syslog-exception.fileformat.txt"
        echo "  rsyslog/syslog-exception.{traditional,fileformat}.txt"
else
        echo "rsyslog forms: SKIPPED (apt-get install rsyslog)" >&2
fi

# Containers (constructed: no container runtime runs here): the program's real
# stdout and stderr, written as Docker's json-file driver and containerd's CRI
# logger write them (tools/containers.py follows both formats).
echo "Container forms (constructed from real output):"
for f in chain-from:chain_from long-line:long_line; do
        name=${f%%:*}
        "$PY" "$FORMS/tools/containers.py" "$FORMS/containers/docker-$name.txt" "$FORMS/containers/cri-$name.txt" \
                -- "$PY" "${f#*:}.py"
        echo "  containers/docker-$name.txt containers/cri-$name.txt"
done

# Per-line prefixes of multi-process launchers (constructed): the real output
# of one rank, prefixed line by line and interleaved (tools/prefix.py).
echo "Prefix forms (constructed from real output):"
for s in sglang torchrun vllm ray pdsh; do
        "$PY" "$FORMS/tools/prefix.py" "$s" "$FORMS/ranked.txt" > "$FORMS/prefix/$s.txt"
        echo "  prefix/$s.txt"
done
