"""thread: an uncaught exception in a thread ("Exception in thread NAME:")."""
import threading


def prefetch(urls):
    for url in urls:
        raise ConnectionResetError(104, f"Connection reset by peer while fetching {url}")


if __name__ == "__main__":
    t = threading.Thread(target=prefetch, args=(["http://10.0.0.2:8000/shard-0"],), name="prefetch-0")
    t.start()
    t.join()
