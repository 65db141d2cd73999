#!/usr/bin/env python3
"""A stand-in for `python3 -m sglang.launch_server` on 8 GPUs: the start-up
lines SGLang prints (python/sglang/srt/model_executor/model_runner.py,
mem_cache/memory_pool.py, entrypoints/http_server.py, uvicorn), with the
pauses between them shortened, then one ending:

  sglang.py fail-compressed  the compressed-tensors AttributeError every TP rank
                             raises (the founding incident), exit 1
  sglang.py fail-hang        the same traceback on rank 3, then the process
                             hangs as a stuck tensor-parallel group does
  sglang.py ready PORT       serves HTTP on 127.0.0.1:PORT: 503 until the
                             warm-up is done, then 200; runs until killed
  sglang.py hang             stops printing while loading weights
STAMP=FILE (environment): the time of the failure is written there.
"""
import http.server, os, sys, threading, time

mode = sys.argv[1]
TP = 8


def log(msg, rank=None):
    prefix = time.strftime("[%Y-%m-%d %H:%M:%S") + (f" TP{rank}]" if rank is not None else "]")
    print(f"{prefix} {msg}", file=sys.stderr, flush=True)


def stamp():
    if os.environ.get("STAMP"):
        with open(os.environ["STAMP"], "w") as f:
            f.write(repr(time.time()))


log("server_args=ServerArgs(model_path='moonshotai/Kimi-K2-Thinking', tokenizer_path='moonshotai/Kimi-K2-Thinking', tp_size=8, dtype='auto', port=30000)")
print("stdout line 1 of the service", flush=True)
time.sleep(0.2)
for r in range(TP):
    log("Init torch distributed begin.", r)
for r in range(TP):
    log("Init torch distributed ends. mem usage=1.77 GB", r)
for r in range(TP):
    log("Load weight begin. avail mem=137.29 GB", r)
for done in range(1, 5):
    time.sleep(0.1)
    print(f"Loading safetensors checkpoint shards:  {done * 25}% Completed | {done}/4 [00:0{done}<00:00,  2.32it/s]",
          file=sys.stderr, flush=True)
    if mode == "hang" and done == 2:
        time.sleep(3600)

TRACEBACK = """Scheduler hit an exception: Traceback (most recent call last):
  File "/opt/venv/lib/python3.12/site-packages/sglang/srt/managers/scheduler.py", line 2512, in run_scheduler_process
    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, moe_ep_rank, pp_rank, dp_rank)
  File "/opt/venv/lib/python3.12/site-packages/sglang/srt/model_loader/loader.py", line 370, in load_model
    quant_config = _get_quantization_config(model_config, load_config)
  File "/opt/venv/lib/python3.12/site-packages/compressed_tensors/config/base.py", line 40, in from_str
    return CompressionFormat.nvfp4_pack_quantized
AttributeError: type object 'CompressionFormat' has no attribute 'nvfp4_pack_quantized'"""

if mode.startswith("fail"):
    ranks = range(TP) if mode == "fail-compressed" else [3]
    for r in ranks:
        for line in TRACEBACK.splitlines():
            log(line, r)
    stamp()
    if mode == "fail-hang":
        time.sleep(3600)
    sys.exit(1)

for r in range(TP):
    log("Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=68.40 GB, mem usage=68.89 GB.", r)
log("KV Cache is allocated. #tokens: 834615, K size: 54.12 GB, V size: 54.12 GB", 0)
log("Capture cuda graph begin. This can take up to several minutes. avail mem=12.48 GB", 0)
time.sleep(0.2)
log("Capture cuda graph end. Time elapsed: 5.37 s. mem usage=1.44 GB. avail mem=11.05 GB.", 0)

warm = threading.Event()


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200 if warm.is_set() else 503)
        self.end_headers()
        self.wfile.write(b'{"object":"list"}' if warm.is_set() else b"loading")

    def log_message(self, *args):
        pass


port = int(sys.argv[2])
server = http.server.HTTPServer(("127.0.0.1", port), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
log(f"INFO:     Uvicorn running on http://127.0.0.1:{port} (Press CTRL+C to quit)")
log("INFO:     Application startup complete.")
time.sleep(1.0)  # the warm-up: uvicorn is up, SGLang is not ready yet
warm.set()
log("The server is fired up and ready to roll!")
while True:
    time.sleep(0.5)
    print("serving", flush=True)
