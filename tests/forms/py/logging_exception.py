"""logging_exception: logging.exception() with a common format."""
import logging

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
