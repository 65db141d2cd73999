"""segfault: "Fatal Python error: Segmentation fault" and faulthandler's thread dump
(run with -X faulthandler); a second thread is sleeping."""
import ctypes
import threading
import time


def heartbeat():
    while True:
        time.sleep(1)


def read_header(addr):
    return ctypes.string_at(addr)


if __name__ == "__main__":
    threading.Thread(target=heartbeat, name="heartbeat", daemon=True).start()
    time.sleep(0.1)
    read_header(0)
