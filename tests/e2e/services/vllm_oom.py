#!/usr/bin/env python3
"""A stand-in for `vllm serve` that runs out of GPU memory while capturing
CUDA graphs (vllm/v1/worker/gpu_model_runner.py wordings), exit 1."""
import sys, time
def log(m):
    print(f"(EngineCore_DP0 pid=441) INFO {time.strftime('%m-%d %H:%M:%S')} {m}", file=sys.stderr, flush=True)
log("[core.py:69] Initializing a V1 LLM engine (v0.10.1) with config: model='Qwen/Qwen3-32B', tensor_parallel_size=1")
log("[gpu_model_runner.py:1329] Starting to load model Qwen/Qwen3-32B...")
time.sleep(0.3)
log("[gpu_model_runner.py:2581] Model loading took 61.03 GiB and 12.270197 seconds")
log("[kv_cache_utils.py:1234] GPU KV cache size: 31,648 tokens")
print("""ERROR 11-29 21:40:13 [core.py:700] EngineCore failed to start.
ERROR 11-29 21:40:13 [core.py:700] Traceback (most recent call last):
ERROR 11-29 21:40:13 [core.py:700]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/worker/gpu_model_runner.py", line 2110, in capture_model
ERROR 11-29 21:40:13 [core.py:700]     self._dummy_run(num_tokens, capture_attn_cudagraph=full_cg)
ERROR 11-29 21:40:13 [core.py:700] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.02 GiB. GPU 0 has a total capacity of 79.19 GiB of which 612.00 MiB is free. Including non-PyTorch memory, this process has 78.57 GiB memory in use.""", file=sys.stderr, flush=True)
sys.exit(1)
