"""syslog_exception: a service that logs to syslog with logging.handlers.SysLogHandler;
logger.exception() sends the whole record, traceback and all, as one syslog
message with embedded newlines (and a tab in the message), which rsyslog
stores with control characters escaped: "#012" for a newline, "#011" for a tab.
usage: syslog_exception.py SOCKET"""
import logging
import logging.handlers
import os
import sys

handler = logging.handlers.SysLogHandler(address=sys.argv[1])
handler.ident = f"k26[{os.getpid()}]: "
handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
log = logging.getLogger("k26.data")
log.addHandler(handler)
log.setLevel(logging.INFO)


def parse_row(line):
    fields = line.split("\t")
    return {"prompt": fields[0], "max_tokens": int(fields[2])}


def load_dataset(rows):
    out = []
    for n, row in enumerate(rows, 1):
        try:
            out.append(parse_row(row))
        except (IndexError, ValueError) as e:
            raise ValueError(f"line {n}: bad row {row!r} (expected prompt\tcompletion\tmax_tokens)") from e
    return out


if __name__ == "__main__":
    log.info("loading dataset /data/k26/eval.tsv")
    try:
        load_dataset(["hello\tworld\t16", "what is 2+2\t4"])
    except ValueError:
        log.exception("dataset load failed")
