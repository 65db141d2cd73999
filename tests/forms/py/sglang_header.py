"""sglang_header: SGLang's scheduler logs "Scheduler hit an exception: " followed by
the formatted traceback, in one log record with SGLang's prefix on its first line."""
import logging
import sys
import time
import traceback

# The clock is pinned to 2026-11-29 21:40:13 UTC, so that the fixture does not
# change each time make.sh runs; logging formats the time as usual.
_t = iter(1795988413.123456 + 0.0421 * i for i in range(1000))
time.time = lambda: next(_t)

logging.basicConfig(format="[%(asctime)s TP0] %(message)s", datefmt="%Y-%m-%d %H:%M:%S", level=logging.INFO)
logger = logging.getLogger("sglang.srt.managers.scheduler")


def init_memory_pool(total_gb, fraction):
    available = total_gb * fraction - 71.5
    if available <= 0:
        raise RuntimeError("Not enough memory. Please try to increase --mem-fraction-static.")
    return available


def run_scheduler_process():
    try:
        logger.info("Load weight end. type=K26ForCausalLM, dtype=torch.bfloat16, avail mem=9.21 GB")
        init_memory_pool(80, 0.88)
    except Exception:
        logger.error(f"Scheduler hit an exception: {traceback.format_exc()}")
        sys.exit(1)


if __name__ == "__main__":
    run_scheduler_process()
