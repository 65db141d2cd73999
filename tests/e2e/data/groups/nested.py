# A group of three: a full disk, a bad value, and a group holding a KeyError
# that was never raised (no traceback of its own). Run by tests/e2e/groups.sh.
import errno
def write_ckpt():
    raise OSError(errno.ENOSPC, "No space left on device")
def fetch():
    raise ValueError("bad shard index 7")
def main():
    errs = []
    for f in (write_ckpt, fetch):
        try: f()
        except Exception as e: errs.append(e)
    try:
        raise ExceptionGroup("inner", [KeyError("rank")])
    except ExceptionGroup as g:
        errs.append(g)
    raise ExceptionGroup("checkpoint tasks failed", errs)
main()
