"""asyncio_task: "Task exception was never retrieved" (asyncio's default handler)."""
import asyncio
import gc


async def heartbeat(peer):
    await asyncio.sleep(0)
    raise TimeoutError(f"heartbeat to {peer} timed out after 30 s")


async def main():
    task = asyncio.create_task(heartbeat("10.0.0.2:29500"))
    await asyncio.sleep(0.05)
    del task
    gc.collect()
    await asyncio.sleep(0.05)


if __name__ == "__main__":
    asyncio.run(main())
