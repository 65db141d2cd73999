"""json_logger: python-json-logger (Debian's python3-pythonjsonlogger), one
JSON object per record: levelname, asctime, message, and exc_info holding
the traceback of logging.exception()."""
import logging
import time

from pythonjsonlogger import jsonlogger

# The clock is pinned to 2026-11-29 21:40:13 UTC, as in logging_exception.py.
_t = iter(1795988413.123456 + 0.0421 * i for i in range(1000))
time.time = lambda: next(_t)

handler = logging.StreamHandler()
handler.setFormatter(jsonlogger.JsonFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
log = logging.getLogger("k26.loader")
log.addHandler(handler)
log.setLevel(logging.INFO)


def read_config(path):
    with open(path) as f:
        return f.read()


if __name__ == "__main__":
    log.info("loading model config", extra={"model": "k26-moe"})
    log.error("weights cache unreachable", extra={"cache": "/mnt/weights"})
    try:
        read_config("/models/k26/config.json")
    except OSError:
        log.exception("failed to read model config")
    log.info("shutting down")
