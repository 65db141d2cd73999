"""bad_utf8: a traceback whose message holds bytes that are not UTF-8 (a file name
read from disk). stderr is reconfigured with errors="surrogateescape", as
services that pass file names through do, so those bytes are written raw."""
import os
import sys

sys.stderr.reconfigure(errors="surrogateescape")


def open_shard(name):
    raise RuntimeError("cannot map shard " + name + ": file is truncated")


if __name__ == "__main__":
    open_shard(os.fsdecode(b"/data/k26/shard-\xff\xfe.bin"))
