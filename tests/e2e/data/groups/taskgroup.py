# asyncio.TaskGroup with 40 tasks: a FileNotFoundError chained into a
# RuntimeError, and 20 connection resets, past max_group_width (15); logged
# with logging.exception. Run by tests/e2e/groups.sh.
import asyncio, logging, sys
logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO)
async def load(i):
    if i == 3:
        try:
            open("/nonexistent/ckpt/model-00003.safetensors")
        except FileNotFoundError as e:
            raise RuntimeError(f"shard {i} failed to load") from e
    if i >= 20:
        raise ConnectionResetError(104, "Connection reset by peer")
    await asyncio.sleep(0)
async def main():
    async with asyncio.TaskGroup() as tg:
        for i in range(40):
            tg.create_task(load(i))
try:
    asyncio.run(main())
except BaseException:
    logging.getLogger("loader").exception("loading failed")
