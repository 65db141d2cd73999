"""logging_exception: logging.exception() with a common format."""
import logging
import time

# The clock is pinned to 2026-11-29 21:40:13 UTC, so that the fixture does not
# change each time make.sh runs; logging formats the time as usual.
_t = iter(1795988413.123456 + 0.0421 * i for i in range(1000))
time.time = lambda: next(_t)

logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO)
log = logging.getLogger("k26.loader")


def read_config(path):
    with open(path) as f:
        return f.read()


if __name__ == "__main__":
    log.info("loading model config")
    try:
        read_config("/models/k26/config.json")
    except OSError:
        log.exception("failed to read model config")
    log.info("shutting down")
