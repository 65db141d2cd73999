"""k26.py — the founding incident, as journal entries in export format.

An SGLang server for Kimi K2.6 (TP8) runs as k26.service (Type=simple: systemd
logs "Started", never "Starting"). Run 1 fails at start-up: a stale process
holds memory on GPU 0, so the other seven ranks fail SGLang's memory balance
check. The operator kills the stale process and restarts the unit. Run 2
fails while loading the model: the installed compressed-tensors predates the
model's nvfp4-pack-quantized format. Both runs end with the launcher's
SIGQUIT and systemd's status=9/KILL.

The wording is SGLang's (srt/managers/scheduler.py, srt/model_executor/
model_runner.py, srt/entrypoints/engine.py), compressed-tensors' and
systemd's; the entries carry the fields journald gives them. Pipe the output
into systemd-journal-remote to make a real journal file, and render it with
journalctl for the text form.

usage: k26.py T0_USEC > k26.export
"""
import sys

T0 = int(sys.argv[1])
HOST, BOOT = "gpu-node-7", "5c1e0d6a2b3f4e8d9a0b1c2d3e4f5a6b"
RUNS = [("8f0c7d2e1a3b4c5d6e7f8091a2b3c4d5", 18211, 0), ("1b2c3d4e5f60718293a4b5c6d7e8f901", 19044, 245)]
SITE = "/opt/sglang/.venv/lib/python3.12/site-packages"
n = 0


def entry(t, fields):
    global n
    n += 1
    print(f"__REALTIME_TIMESTAMP={T0 + int(t * 1e6)}\n__MONOTONIC_TIMESTAMP={int(t * 1e6) + 5000000}\n"
          f"_BOOT_ID={BOOT}\n_HOSTNAME={HOST}\n_MACHINE_ID=0123456789abcdef0123456789abcdef")
    for k, v in fields.items():
        print(f"{k}={v}")
    print()


def systemd(t, inv, msg, prio=6):
    entry(t, {"_PID": 1, "_COMM": "systemd", "SYSLOG_IDENTIFIER": "systemd", "PRIORITY": prio,
              "UNIT": "k26.service", "INVOCATION_ID": inv, "MESSAGE": msg})


def service(t, inv, pid, msg, prio=6):
    entry(t, {"_PID": pid, "_COMM": "python3", "SYSLOG_IDENTIFIER": "python3", "PRIORITY": prio,
              "_SYSTEMD_UNIT": "k26.service", "_SYSTEMD_INVOCATION_ID": inv, "_TRANSPORT": "stdout",
              "MESSAGE": msg})


def stamp(t):
    # SGLang's own timestamp: local time of the host, here UTC
    import datetime
    return datetime.datetime.fromtimestamp((T0 + int(t * 1e6)) / 1e6, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def scheduler_traceback(t, inv, pid, rank, frames, last):
    service(t, inv, pid, f"[{stamp(t)} TP{rank}] Scheduler hit an exception: Traceback (most recent call last):", 3)
    for f in frames:
        service(t, inv, pid, f, 3)
    service(t, inv, pid, last, 3)
    service(t, inv, pid, "", 3)


for run, (inv, pid, t0) in enumerate(RUNS):
    systemd(t0, inv, "Started k26.service - SGLang server for Kimi K2.6.")
    service(t0 + 6, inv, pid, f"[{stamp(t0 + 6)}] server_args=ServerArgs(model_path='/models/Kimi-K2.6', "
            "tokenizer_path='/models/Kimi-K2.6', trust_remote_code=True, tp_size=8, mem_fraction_static=0.88, "
            "host='0.0.0.0', port=30000, quantization=None)")
    for r in range(8):
        service(t0 + 9, inv, pid, f"[{stamp(t0 + 9)} TP{r}] Init torch distributed begin.")
    if run == 0:
        # GPU 0 holds 41 GiB of a stale process: ranks 1-7 see more free memory than the minimum.
        for r in range(1, 8):
            scheduler_traceback(t0 + 14, inv, pid, r, [
                f'  File "{SITE}/sglang/srt/managers/scheduler.py", line 2531, in run_scheduler_process',
                "    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, moe_ep_rank, pp_rank, dp_rank)",
                f'  File "{SITE}/sglang/srt/managers/scheduler.py", line 313, in __init__',
                "    self.tp_worker = TpWorkerClass(",
                f'  File "{SITE}/sglang/srt/managers/tp_worker.py", line 84, in __init__',
                "    self.model_runner = ModelRunner(",
                f'  File "{SITE}/sglang/srt/model_executor/model_runner.py", line 237, in __init__',
                "    min_per_gpu_memory = self.init_torch_distributed()",
                f'  File "{SITE}/sglang/srt/model_executor/model_runner.py", line 569, in init_torch_distributed',
                "    raise ValueError(",
            ], "ValueError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. "
               f"min_per_gpu_memory=98.34, local_gpu_memory=139.{r}2, local_gpu_memory * 0.9=125.{r}6")
        t_end = t0 + 15
    else:
        for r in range(8):
            service(t0 + 20, inv, pid, f"[{stamp(t0 + 20)} TP{r}] Load weight begin. avail mem=138.51 GB")
        for r in range(8):
            scheduler_traceback(t0 + 31, inv, pid, r, [
                f'  File "{SITE}/sglang/srt/managers/scheduler.py", line 2531, in run_scheduler_process',
                "    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, moe_ep_rank, pp_rank, dp_rank)",
                f'  File "{SITE}/sglang/srt/model_executor/model_runner.py", line 660, in load_model',
                "    self.model = get_model(",
                f'  File "{SITE}/sglang/srt/layers/quantization/compressed_tensors/compressed_tensors.py", line 303, in _get_scheme_from_parts',
                "    if self._is_fp4a4_nvfp4(weight_quant, input_quant):",
                f'  File "{SITE}/sglang/srt/layers/quantization/compressed_tensors/compressed_tensors.py", line 221, in _is_fp4a4_nvfp4',
                "    and self.quant_format == CompressionFormat.nvfp4_pack_quantized.value",
                f'  File "{SITE}/sglang/../enum.py", line 784, in __getattr__',
                "    raise AttributeError(name) from None",
            ], "AttributeError: type object 'CompressionFormat' has no attribute 'nvfp4_pack_quantized'")
        t_end = t0 + 32
    service(t_end, inv, pid, f"[{stamp(t_end)}] Received sigquit from a child process. It usually means the child failed.", 3)
    systemd(t_end + 1, inv, "k26.service: Main process exited, code=killed, status=9/KILL", 5)
    systemd(t_end + 1, inv, "k26.service: Failed with result 'signal'.", 4)
    systemd(t_end + 1, inv, "k26.service: Consumed 1min 42.130s CPU time.")
