"""containers.py — a program's output as the container runtimes store it.

usage: containers.py DOCKER_OUT CRI_OUT -- COMMAND...

Runs COMMAND with stdout and stderr on two pipes and reads both in arrival
order, as a runtime does, then writes the lines:

DOCKER_OUT: Docker's json-file driver (moby daemon/logger/jsonfilelog): one
  {"log":...,"stream":...,"time":...} object a line. "log" is escaped as moby's
  ffjsonWriteJSONBytesAsString does: \\" \\\\ \\n \\r, other bytes below 0x20 and
  < > & as \\u00XX, invalid UTF-8 as \\ufffd, U+2028/2029 as \\u2028/\\u2029.
  A line longer than the copier's 16 KiB buffer (daemon/logger/copier.go) is
  logged in pieces of 16384 bytes: each piece without its "\\n", the last with.
  "time" is Go's RFC3339Nano in UTC (trailing zeros of the fraction dropped).

CRI_OUT: the CRI logging format that containerd writes for kubelet
  (pkg/cri/io/logger.go): "TIMESTAMP STREAM TAG CONTENT", TIMESTAMP RFC3339Nano,
  TAG F for a full line, P for a partial one; a line longer than
  max_container_log_line_size (16384) is cut into P pieces of 16384 bytes and a
  last F piece; "\\r\\n" ends a line like "\\n".

Timestamps are not the wall clock: 2026-11-29T21:40:13.123456789Z, then
+40013 ns a line, so the fixtures are reproducible."""
import os
import selectors
import subprocess
import sys

PIECE = 16384
T0_NS = 1795988413 * 10**9 + 123456789


def rfc3339nano(ns):
    import time
    s, frac = divmod(ns, 10**9)
    t = time.gmtime(s)
    out = time.strftime("%Y-%m-%dT%H:%M:%S", t)
    if frac:
        out += "." + f"{frac:09d}".rstrip("0")
    return out + "Z"


def moby_escape(b):
    out = []
    i = 0
    while i < len(b):
        c = b[i]
        if c < 0x80:
            if 0x20 <= c and c not in b'\\"<>&':
                out.append(chr(c))
            elif c in b'\\"':
                out.append("\\" + chr(c))
            elif c == 0x0A:
                out.append("\\n")
            elif c == 0x0D:
                out.append("\\r")
            else:
                out.append("\\u00%02x" % c)
            i += 1
            continue
        # one UTF-8 sequence, or U+FFFD for one bad byte (Go's utf8.DecodeRune)
        for n in (2, 3, 4):
            try:
                ch = b[i:i + n].decode("utf-8")
            except UnicodeDecodeError:
                continue
            if len(ch) == 1:
                break
        else:
            out.append("\\ufffd")
            i += 1
            continue
        out.append("\\u%04x" % ord(ch) if ch in "\u2028\u2029" else ch)
        i += n
    return '"' + "".join(out) + '"'


def capture(cmd):
    """[(stream, line-with-newline-or-not)] in the order they arrived."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ, "stdout")
    sel.register(p.stderr, selectors.EVENT_READ, "stderr")
    pending = {"stdout": b"", "stderr": b""}
    lines = []
    open_streams = 2
    while open_streams:
        for key, _ in sel.select():
            chunk = os.read(key.fileobj.fileno(), 65536)
            name = key.data
            if not chunk:
                sel.unregister(key.fileobj)
                open_streams -= 1
                if pending[name]:
                    lines.append((name, pending[name]))
                    pending[name] = b""
                continue
            pending[name] += chunk
            while b"\n" in pending[name]:
                line, pending[name] = pending[name].split(b"\n", 1)
                lines.append((name, line + b"\n"))
    p.wait()
    return lines


def main():
    docker_out, cri_out = sys.argv[1], sys.argv[2]
    cmd = sys.argv[sys.argv.index("--") + 1:]
    lines = capture(cmd)
    td = tc = T0_NS
    with open(docker_out, "w") as d, open(cri_out, "wb") as c:
        for stream, line in lines:
            body = line[:-1] if line.endswith(b"\n") else line
            # docker: 16 KiB pieces, "\n" only on the last one
            pieces = [body[k:k + PIECE] for k in range(0, len(body), PIECE)] or [b""]
            for k, piece in enumerate(pieces):
                last = k == len(pieces) - 1
                log = piece + (b"\n" if last and line.endswith(b"\n") else b"")
                d.write('{"log":%s,"stream":"%s","time":"%s"}\n' % (moby_escape(log), stream, rfc3339nano(td)))
                td += 40013
            # containerd: "\r\n" ends a line too; P pieces of 16384, then F
            if body.endswith(b"\r"):
                body = body[:-1]
            cpieces = [body[k:k + PIECE] for k in range(0, len(body), PIECE)] or [b""]
            for k, piece in enumerate(cpieces):
                tag = b"F" if k == len(cpieces) - 1 and line.endswith(b"\n") else b"P"
                c.write(b" ".join([rfc3339nano(tc).encode(), stream.encode(), tag, piece]) + b"\n")
                tc += 40013


if __name__ == "__main__":
    main()
