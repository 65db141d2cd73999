"""journal_export.py — journald's entries for a service's output, in the journal
export format (systemd.io/JOURNAL_EXPORT_FORMATS), for systemd-journal-remote.

usage: journal_export.py OUTPUT.txt > entries.export

Each line of OUTPUT.txt (what the service wrote to stdout/stderr, connected to
journald by systemd) becomes one entry with the fields journald adds to a
stream line of k26.service. A value that is not valid UTF-8 is written in the
export format's binary form: NAME\\n, its length as 64-bit little endian, the
bytes, \\n."""
import struct
import sys

BOOT = "4f1c0a7e2b6d4e9a8c3f5b1d7e2a9c64"
MACHINE = "9d2b7c41e58f4a36b0c1d2e3f4a5b6c7"
INVOCATION = "c0ffee00d15ea5e0badc0de5a5ee0001"
HOST = "gpu-node-07"
PID = 4100
T0 = 1795988413123456   # 2026-11-29 21:40:13.123456 UTC
M0 = 8123456789         # 2 h 15 min after boot


def field(out, name, value):
    if isinstance(value, int):
        value = str(value)
    if isinstance(value, str):
        value = value.encode()
    try:
        value.decode("utf-8")
        text = b"\n" not in value
    except UnicodeDecodeError:
        text = False
    if text:
        out.write(name.encode() + b"=" + value + b"\n")
    else:
        out.write(name.encode() + b"\n" + struct.pack("<Q", len(value)) + value + b"\n")


def main():
    data = open(sys.argv[1], "rb").read()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    out = sys.stdout.buffer
    for i, line in enumerate(lines):
        field(out, "__REALTIME_TIMESTAMP", T0 + i * 211)
        field(out, "__MONOTONIC_TIMESTAMP", M0 + i * 211)
        field(out, "_BOOT_ID", BOOT)
        field(out, "_MACHINE_ID", MACHINE)
        field(out, "_HOSTNAME", HOST)
        field(out, "_TRANSPORT", "stdout")
        field(out, "_STREAM_ID", "5e1f0c2a9b8d4c7e8f6a5b4c3d2e1f00")
        field(out, "PRIORITY", 6)
        field(out, "SYSLOG_FACILITY", 3)
        field(out, "SYSLOG_IDENTIFIER", "python3")
        field(out, "_PID", PID)
        field(out, "_UID", 0)
        field(out, "_GID", 0)
        field(out, "_COMM", "python3")
        field(out, "_EXE", "/usr/bin/python3.11")
        field(out, "_CMDLINE", "/usr/bin/python3 /srv/k26/serve.py")
        field(out, "_CAP_EFFECTIVE", "1ffffffffff")
        field(out, "_SYSTEMD_CGROUP", "/system.slice/k26.service")
        field(out, "_SYSTEMD_UNIT", "k26.service")
        field(out, "_SYSTEMD_SLICE", "system.slice")
        field(out, "_SYSTEMD_INVOCATION_ID", INVOCATION)
        field(out, "MESSAGE", line)
        out.write(b"\n")


if __name__ == "__main__":
    main()
