"""wrapped: a service's log with long lines, as a terminal 80 columns wide
shows it and a paste keeps it (make.sh folds the output with fold -w 80):
logger lines, and a traceback whose frame and exception lines are cut."""
import logging
import time

# The clock is pinned to 2026-11-29 21:40:13 UTC, as in logging_exception.py.
_t = iter(1795988413.123456 + 0.0421 * i for i in range(1000))
time.time = lambda: next(_t)

logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO)
log = logging.getLogger("k26")
SHARDS = "/models/k26-moe-instruct-548b/checkpoints/consolidated-fp8-e4m3-dynamic-per-token"


def open_checkpoint_shard_for_tensor_parallel_rank(index, total):
    with open(f"{SHARDS}/model-{index:05d}-of-{total:05d}.safetensors", "rb") as f:
        return f.read(8)


def load_checkpoint_shards(total):
    return [open_checkpoint_shard_for_tensor_parallel_rank(i + 1, total) for i in range(total)]


if __name__ == "__main__":
    log.info("starting")
    log.info("loading weights from /models/k26-moe-instruct-548b/checkpoints with tensor_parallel_size=8")
    log.error("metrics server: [Errno 98] error while attempting to bind on address ('0.0.0.0', 29500): address already in use")
    load_checkpoint_shards(163)
