"""structlog_json: structlog (Debian's python3-structlog) rendering JSON:
event, level, an ISO timestamp in UTC, and the formatted exception."""
import datetime
import time

import structlog

# The clock is pinned to 2026-11-29 21:40:13 UTC, as in logging_exception.py.
_t = iter(1795988413.123456 + 0.0421 * i for i in range(1000))
time.time = lambda: next(_t)

structlog.configure(processors=[
    structlog.processors.add_log_level,
    # TimeStamper reads datetime.now(), which the pinned clock cannot reach:
    # the same ISO form in UTC, from time.time()
    lambda _logger, _name, event: {**event, "timestamp": datetime.datetime.fromtimestamp(
        time.time(), datetime.timezone.utc).isoformat().replace("+00:00", "Z")},
    structlog.processors.format_exc_info,
    structlog.processors.JSONRenderer(),
])
log = structlog.get_logger()

CONFIGS = {"llama-3-8b": {"num_layers": 32}}

if __name__ == "__main__":
    log.info("scheduler started", tp_size=8)
    try:
        CONFIGS["k26-moe"]["num_layers"]
    except KeyError:
        log.exception("model build failed", model="k26-moe")
    log.critical("engine dead, exiting")
