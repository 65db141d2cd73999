#!/bin/sh
# knowledge.sh — the layers below the signatures (knowledge/README.md): a
# condition is recognised whatever printed or wrapped it, blame says where
# an unrecognised exception was raised and what that means, error lines are
# never lost, and the tables are complete against their upstream definitions.
. "$SRCDIR/tests/e2e/lib.sh"

# expect DESCRIPTION EXPR TEXT [OPTION...]: the report of TEXT satisfies the
# Python expression EXPR over r (the report) and d (its first diagnosis).
expect() {
        _d=$1 _e=$2 _t=$3
        shift 3
        printf '%s\n' "$_t" > "$TMP/in.log"
        "$CORONER" -f json "$@" "$TMP/in.log" > "$TMP/r.json" 2>"$TMP/err"
        if "$PY" -c "
import json, sys
r = json.load(open(sys.argv[1]))
d = r['diagnoses'][0] if r['diagnoses'] else {}
sys.exit(0 if ($_e) else 1)" "$TMP/r.json" 2>>"$TMP/err"; then
                ok "$_d"
        else
                not_ok "$_d" "$(json_get "$TMP/r.json" '[(x["id"], x["category"], x["severity"], x["title"]) for x in r["diagnoses"][:3]]')
$(head -c 500 "$TMP/err")"
        fi
}

# the second diagnosis is the first one's other reading
alt2="len(r['diagnoses']) > 1 and r['diagnoses'][1]['alternative_to'] == 1"

# ---- one condition, many wrappers ----
for line in \
        "OSError: [Errno 98] Address already in use" \
        "RuntimeError: The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use)." \
        "Error: listen tcp 127.0.0.1:11434: bind: address already in use" \
        "  what():  bind failed: Address already in use (os error 98)" \
        "OSError: [Errno 48] Address already in use"; do
        expect "port in use, worded as: $line" "d.get('category') == 'port-in-use'" "$line"
done
# macOS numbers errno otherwise from 35 on (48 is ELNRNG on Linux): its
# text names it; a localized text keeps the number's Linux meaning
expect "macOS's errno 61 is the text's, not Linux's ENODATA" "d['id'] == 'errno.econnrefused'" \
        "ConnectionRefusedError: [Errno 61] Connection refused"
expect "a localized strerror text keeps the number's entry" "d['id'] == 'errno.econnrefused'" \
        "OSError: [Errno 111] Verbindungsaufbau abgelehnt"
for line in \
        "OSError: [Errno 28] No space left on device" \
        "RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 64 vs 0: No space left on device" \
        "Error: write /root/.ollama/models/blobs/sha256-partial: no space left on device" \
        "h:1:2 [0] NCCL WARN Call to write failed : No space left on device"; do
        expect "disk full, worded as: $line" "d.get('category') == 'disk-full'" "$line"
done
expect "ENOSPC on /dev/shm is shared memory" "d['category'] == 'shared-memory-exhausted'" \
        "NCCL WARN Error: failed to extend /dev/shm/nccl-abc to 33030148 bytes, error: No space left on device"

# ---- CUDA, HIP and library statuses by name or number ----
expect "CUDA_ERROR_OUT_OF_MEMORY (driver API name)" "d['id'] == 'cuda-error.2' and d['category'] == 'gpu-out-of-memory'" \
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to allocate: CUDA_ERROR_OUT_OF_MEMORY: out of memory"
expect "cudaErrorLaunchTimeout (runtime name)" "d['id'] == 'cuda-error.702'" \
        "cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorLaunchTimeout: the launch timed out and was terminated"
expect "'CUDA error 999' (a number)" "d['id'] == 'cuda-error.999' and d['category'] == 'driver-problem'" \
        "ggml_cuda_init: CUDA error 999 at ggml-cuda.cu:190: unknown error"
expect "a runtime number from before CUDA 10.1 (deviceQuery's 38: cudaErrorNoDevice then)" \
        "d['id'] == 'cuda-error.38' and d['category'] == 'gpu-unavailable'" \
        "cudaGetDeviceCount returned 38
-> no CUDA-capable device is detected"
expect "an old runtime number is not read where a driver API's number is printed" "d.get('id') != 'cuda-error.48'" \
        "Return value 48 from 'cuInit(0)'"
expect "PaddlePaddle 1.x's 'error code : N' after a CUDA call" "d['id'] == 'cuda-error.35'" \
        "Error: cudaGetDeviceCount failed in paddle::platform::GetCUDADeviceCountImpl, error code : 35, Please see detail in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html at (/paddle/paddle/fluid/platform/gpu_info.cc:67)"
expect "Faiss's '(error N text)' after cudaMalloc" "d['id'] == 'cuda-error.2' and d['category'] == 'gpu-out-of-memory'" \
        "RuntimeError: Error in void faiss::gpu::allocMemorySpaceV(faiss::gpu::MemorySpace, void**, size_t) at gpu/utils/MemorySpace.cpp:26: Error: 'err == cudaSuccess' failed: failed to cudaMalloc 1073741824 bytes (error 2 out of memory)"
expect "a GPU allocator's name makes an out-of-memory the GPU's" "d['category'] == 'gpu-out-of-memory'" \
        "MyPoolError: cudaMallocAsync: out of memory while growing the pool"
expect "too many peers (cudaErrorTooManyPeers) is a peer-access error" "d['id'] == 'cuda-error.711' and d['category'] == 'gpu-unavailable'" \
        "RuntimeError: CUDA error: peer mapping resources exhausted"
expect "hipErrorOutOfMemory" "d['id'] == 'hip-error.hiperroroutofmemory' and d['category'] == 'gpu-out-of-memory'" \
        "RuntimeError: HIP error: hipErrorOutOfMemory"
expect "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES" "d['id'] == 'gpu-library.cusparse-status-insufficient-resources'" \
        "RuntimeError: CUSPARSE_STATUS_INSUFFICIENT_RESOURCES when calling cusparseSpGEMM_compute"
expect "NCCL's result code by its text" "d['id'] == 'gpu-library.ncclsystemerror'" \
        "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" --no-signatures
expect "an Xid by number" "d['id'] == 'xid.119' or d['id'].startswith('nvidia.xid-119')" \
        "NVRM: Xid (PCI:0000:3b:00): 119, pid=2412, name=python3, Timeout after 6s of waiting for RPC response from GPU0 GSP!"
expect "a two-digit Xid written bare ('Xid 78: ...')" "d['id'] == 'xid.78' and d['category'] == 'driver-problem'" \
        "Xid 78: Guest driver is incompatible with host driver"
expect "an NVML return code after 'nvml ... failure:' is NVML's, not CUDA's, when CUDA is named first" \
        "d['id'] == 'nvml.nvml-error-driver-not-loaded'" \
        "2024/01/08 19:28:33 gpu.go:39: CUDA not detected: nvml vram init failure: 9"
expect "errno=N is the errno's entry" "d['id'] == 'errno.enospc'" \
        "write_checkpoint: write(fd=7) failed, errno=28" --no-signatures

# ---- deaths by signal, however they are worded ----
for line in "exit status 137" "Worker terminated by signal 9" "torchrun: failed (exitcode: -9) local_rank: 0 (pid: 4242)" \
        "k26.service: Main process exited, code=killed, status=9/KILL" "Killed"; do
        expect "SIGKILL worded as: $line" "'signal.sigkill' in [x['id'] for x in r['diagnoses']] or d.get('id', '').endswith('sigkill')" "$line"
done
expect "a shell's 'Bus error (core dumped)'" "d['id'] == 'signal.sigbus' and d['category'] == 'shared-memory-exhausted'" \
        "./train.sh: line 4: 12345 Bus error               (core dumped) python train.py"

expect "Go's runtime line for a fatal signal, a crash by the categories' definition" \
        "d['id'] == 'signal.sigill' and d['category'] == 'process-crash'" \
        "stderr SIGILL: illegal instruction"

# ---- a generic status or errno gives way to words that name a cause (words_first) ----
expect "INTERNAL with 'libdevice not found': the missing toolkit part, not the status" \
        "d['id'] == 'generic.missing-dependency'" \
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: libdevice not found at ./libdevice.10.bc"
expect "INTERNAL whose words name nothing: the status" "d['id'] == 'status-code.internal'" \
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.all_reduce' failed."
expect "ENOENT on a shared-memory key: shared memory, not a missing file" \
        "d['category'] == 'shared-memory-exhausted'" \
        "E0101 00:00:00.000000 1 model_lifecycle.cc:596] failed to load 'm' version 1: Internal: Unable to initialize shared memory key 'triton_python_backend_shm_region_1' to requested size (67108864 bytes): No such file or directory"
expect "a local socket that cannot be reached is not the network" "d['category'] != 'network-problem'" \
        "slurmd: error: cannot connect to dbus system daemon: Failed to connect to socket /run/dbus/system_bus_socket: No such file or directory"

# ---- message classes that are complete by their source ----
expect "a daemon's 'fatal:' after the journal's prefix is an error line, and its config file is the cause" \
        "d['category'] == 'invalid-configuration' and d['severity'] == 'error'" \
        "Feb 20 18:59:13 node2 slurmd[57977]: fatal: gres.conf duplicate records for gpu"
expect "argparse's rejection of a command line is a configuration mistake" \
        "d['category'] == 'invalid-configuration'" \
        "usage: train.py [-h] [--local_rank LOCAL_RANK]
train.py: error: unrecognized arguments: --local-rank=3"
expect "ENOENT for a bare program name, wrapped where no subprocess frame shows, is a program not installed" \
        "d['id'] == 'generic.missing-dependency'" \
        'Traceback (most recent call last):
  File "/home/u/proj/utils.py", line 19, in load_audio
    raise RuntimeError(f"Failed to load audio: {e}")
RuntimeError: Failed to load audio: [Errno 2] No such file or directory: '"'"'ffmpeg'"'"
expect "ENOENT for a path stays a missing file" \
        "d['id'] == 'errno.enoent'" \
        "FileNotFoundError: [Errno 2] No such file or directory: '/data/train/part-0001.parquet'"
expect "a negative exit code is a death by that signal" "d['id'] == 'signal.sigkill'" \
        "2023-12-26T08:37:54Z ERROR 26199 [job.WalrusDriver.0]: Backend exited with code -9 and stderr: "
expect "an uncaught C++ exception whose message names nothing is a crash, not unrecognized" \
        "d['id'] == 'generic.process-crash'" "terminate called after throwing an instance of 'std::runtime_error'
  what():  Unexpected empty grammar stack after accepting piece: =list (40972)"
expect "an uncaught std::bad_alloc is host memory" "d['category'] == 'host-out-of-memory'" \
        "terminate called after throwing an instance of 'std::bad_alloc'
  what():  std::bad_alloc"
expect "a table's reading of a line logged as a warning ranks below the crash it precedes" \
        "d['id'] == 'generic.process-crash' and r['diagnoses'][1]['id'] == 'errno.enoent'" \
        "warning: 30	../sysdeps/unix/sysv/linux/wait4.c: No such file or directory
terminate called after throwing an instance of 'std::runtime_error'
  what():  Unexpected empty grammar stack after accepting piece: =list (40972)"
expect "a warning line's condition leads, as a warning, when nothing failed" \
        "d['id'] == 'errno.eacces' and d['severity'] == 'warning'" \
        "2024-05-01 10:00:00,000 - root - WARNING - optional settings not read: [Errno 13] Permission denied"
expect "Go's flag package rejecting a command line" "d['category'] == 'invalid-configuration'" \
        'time="2024-03-01T10:00:00Z" level=fatal msg="invalid value \"abc\" for flag -collect-interval: parse error"'
expect "clap rejecting a command line" "d['category'] == 'invalid-configuration'" \
        "error: unexpected argument '--max-batch-tokens' found"
expect "a text-format protobuf configuration that does not parse" "d['category'] == 'invalid-configuration'" \
        "[libprotobuf ERROR text_format.cc:337] Error parsing text-format inference.ModelConfig: 12:3: Unknown enumeration value"
expect "a JSON file that does not parse, worded by nlohmann/json" "d['category'] == 'model-files-invalid'" \
        "E0101 10:00:00.000000 1 model.cc:10] failed to load: [json.exception.parse_error.101] parse error at line 1, column 1: syntax error while parsing value - unexpected end of input"
expect "a JSON file that does not parse, worded by Go" "d['category'] == 'model-files-invalid'" \
        "Error: unmarshal config: unexpected end of JSON input"
expect "a file without its format's magic is an invalid model file" "d['category'] == 'model-files-invalid'" \
        "Error: invalid file magic"
expect "a bind that failed, without its errno, is a port in use" "d['category'] == 'port-in-use'" \
        "main: couldn't bind HTTP server socket, hostname: 0.0.0.0, port: 8000"
expect "zsh's job report of a signal" "d['id'] == 'signal.sigbus'" \
        "[2]  + 31337 bus error (core dumped)  python train.py"
expect "a configuration library's exception type is a configuration mistake" "d['category'] == 'invalid-configuration'" \
        "omegaconf.errors.ConfigAttributeError: Key 'lr_sheduler' is not in struct"
expect "an exception message hard-wrapped by a terminal is read as one" "d['category'] == 'shared-memory-exhausted'" \
        "RuntimeError: DataLoader worker (pid 1234) is killed by signal: Bus
error. It is possible that dataloader's workers are out of shared
memory. Please try to raise your shared memory limit."
expect "a program's next line is not a hard-wrapped continuation" \
        "'wandb' not in d['title'] and 'wandb' not in (d.get('exception') or {}).get('message', '')" \
        "RuntimeError: the gradient synchronisation of the trainer process failed on step 12
wandb: Waiting for W&B process to finish... (failed 1)."
expect "an excerpt that begins at a frame, indented as a whole, is read at its margin" \
        "d['category'] == 'cuda-version-mismatch'" \
        "        File \"/tmp/pip-build-env-x/overlay/lib/python3.11/site-packages/torch/utils/cpp_extension.py\", line 520, in build_extensions
          _check_cuda_version(compiler_name, compiler_version)
        File \"/tmp/pip-build-env-x/overlay/lib/python3.11/site-packages/torch/utils/cpp_extension.py\", line 414, in _check_cuda_version
          raise RuntimeError(CUDA_MISMATCH_MESSAGE.format(cuda_str_version, torch.version.cuda))
      RuntimeError:
      The detected CUDA version (12.4) mismatches the version that was used to compile
      PyTorch (11.8). Please make sure to use the same CUDA versions."
expect "a feature the installed release no longer has" "d['category'] == 'library-version-mismatch'" \
        "ValueError: The argument 'use_auth_token' has been removed in v5; use 'token' instead"
expect "a download that needs a login: the words of model access" "d['category'] == 'model-access-denied'" \
        "12:00:01-000001 ERROR    Download error: id=\"org/model\" model access requires login"
expect "ENOENT from a removal: a race between processes is the alternative" \
        "d['id'] == 'errno.enoent' and r['diagnoses'][1]['category'] == 'application-bug'" \
        'Traceback (most recent call last):
  File "/srv/train/utils.py", line 118, in remove_old
    shutil.rmtree(path)
  File "/usr/lib/python3.10/shutil.py", line 729, in rmtree
    os.rmdir(path)
FileNotFoundError: [Errno 2] No such file or directory: '"'"'./outputs/ckpt-5000'"'"
expect "an extension's operator that is not registered: the extension does not fit torch" \
        "d['category'] == 'library-version-mismatch'" "RuntimeError: operator torchvision::nms does not exist"
expect "protobuf's generated code older than the library" "d['category'] == 'library-version-mismatch'" \
        "TypeError: Descriptors cannot not be created directly."
expect "LLVM's stack-size limit is a compile failure, not a setting" "d['category'] == 'compile-failure'" \
        "error: triton_flash_attention.py:211:0: stack frame size (164332) exceeds limit (131056) in function 'attn_fwd'"
expect "vLLM's KV-cache check, cut after its first words" "d['category'] == 'gpu-out-of-memory'" \
        "ValueError: To serve at least one request with the model's max seq len (100000), (4.26 GiB KV cach"
expect "a message continued below a colon the terminal padded with blanks" "d['category'] == 'missing-dependency'" \
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.all_reduce' failed:          
external/xla/xla/service/gpu/nccl_utils.cc:133: NCCL operation ncclGetUniqueId(&id) failed: Unable to load NCCL library. Multi-GPU collectives will not work.;"
expect "an interface name the host lacks (Gloo) is a setting" "d['category'] == 'invalid-configuration'" \
        "terminate called after throwing an instance of 'gloo::EnforceNotMet'
  what():  [enforce fail at gloo/transport/tcp/device.cc:83] ifa != nullptr. Unable to find address for: enp129s0f1"
expect "an engine's assertion against the maximum it was built with is a setting" "d['category'] == 'invalid-configuration'" \
        "[TensorRT-LLM][ERROR] Assertion failed: samplingConfig.beamWidth <= maxBeamWidth (/app/tensorrt_llm/cpp/tensorrt_llm/runtime/gptDecoderBatch.cpp:417)"

expect "a module named 'X.y' when 'X' is not a package: a file of the application shadows the package" \
        "d['category'] == 'application-bug' and 'named like a package' in d['summary']" \
        "Traceback (most recent call last):
  File \"/root/vllm.py\", line 91, in __enter__
    from vllm.engine.arg_utils import AsyncEngineArgs
ModuleNotFoundError: No module named 'vllm.engine'; 'vllm' is not a package" --no-signatures
expect "a plain tensor mixed with a DTensor raised in the application is its bug" "d['category'] == 'application-bug'" \
        "Traceback (most recent call last):
  File \"/home/u/train_fsdp2.py\", line 88, in loss_fn
    return torch.mm(hidden, head)
RuntimeError: aten.mm.default: got mixed torch.Tensor and DTensor, need to convert all torch.Tensor to DTensor before calling distributed operators!" --no-signatures
expect "TensorFlow ignoring a GPU below its minimum compute capability (an info line)" \
        "d['category'] == 'gpu-arch-unsupported'" \
        "2018-11-20 19:30:26.065771: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1442] Ignoring visible gpu device (device: 0, name: Tesla K80, pci bus id: 0000:00:1e.0, compute capability: 3.7) with Cuda compute capability 3.7. The minimum required Cuda capability is 5.2." --no-signatures

expect "the gpuErrchk macro's 'GPUassert: <CUDA text>' is that CUDA error" \
        "d['id'] == 'cuda-error.98' and d['category'] == 'gpu-arch-unsupported'" \
        "GPUassert: invalid device function /home/u/src/GPU/CalculateEwaldCUDAKernel.cu 80" --no-signatures
expect "Charm++'s 'Return value N from cudaX(...)' is CUDA error N" "d['id'] == 'cuda-error.46'" \
        "Fatal CUDA Error at cuda-hybrid-api.cu:450.
Return value 46 from 'cudaStreamCreate(&kernel_stream)'.  Exiting." --no-signatures
expect "sc.exe's '[SC] StartService FAILED 1053:' is the Windows error 1053" \
        "d['id'] == 'winerror.error-service-request-timeout' and d['category'] == 'service-failure'" \
        "[SC] StartService FAILED 1053:
The service did not respond to the start or control request in a timely fashion." --no-signatures
expect "'LoadLibrary failed with error 126' is a DLL not found" "d['id'] == 'winerror.error-mod-not-found'" \
        '[ErrorCode:RuntimeException] provider_bridge_ort.cc:1106 onnxruntime::ProviderLibrary::Get [ONNXRuntimeError] : 1 : FAIL : LoadLibrary failed with error 126 "" when trying to load "C:\\venv\\Lib\\site-packages\\onnxruntime\\capi\\onnxruntime_providers_cuda.dll"' --no-signatures
expect "ONNX Runtime's warning that its CUDA provider needs other CUDA/cuDNN majors" \
        "d['category'] == 'cuda-version-mismatch'" \
        '2024-11-12 10:07:56.895559377 [W:onnxruntime:Default, onnxruntime_pybind_state.cc:965 CreateExecutionProviderInstance] Failed to create CUDAExecutionProvider. Require cuDNN 8.* and CUDA 12.*. Please install all dependencies as mentioned in the GPU requirements page' --no-signatures
expect "a torch build without the distributed backend asked for" "d['category'] == 'missing-dependency'" \
        "RuntimeError: Distributed package doesn't have NCCL built in" --no-signatures
expect "Arrow's 'malloc of size N failed' is host memory" "d['category'] == 'host-out-of-memory'" \
        "pyarrow.lib.ArrowMemoryError: malloc of size 64 failed" --no-signatures
expect "DALI's 'Can't allocate N bytes on device N' is GPU memory" "d['category'] == 'gpu-out-of-memory'" \
        "RuntimeError: Critical error in pipeline: Error when executing Mixed operator ImageDecoder encountered: Can't allocate 129499136 bytes on device 0." --no-signatures
expect "a GPU memory pool larger than the GPU's free memory (a warning)" \
        "d['category'] == 'gpu-memory-held-by-other-process'" \
        "21/02/05 09:07:01 WARN rapids.GpuDeviceManager: Initial RMM allocation (14652.787109375 MB) is larger than free memory (13986.875 MB)" --no-signatures

expect "TensorRT older than the GPU ('Target GPU SM 120 is not supported by this TensorRT release')" \
        "d['category'] == 'gpu-arch-unsupported'" \
        "[07/19/2025-23:34:55] [E] Error[9]: IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Target GPU SM 120 is not supported by this TensorRT release.)" --no-signatures
expect "bitsandbytes without a library for torch's CUDA version" "d['category'] == 'cuda-version-mismatch'" \
        "RuntimeError: Configured CUDA binary not found at /usr/local/lib/python3.12/dist-packages/bitsandbytes/libbitsandbytes_cuda129.so" --no-signatures
expect "a value not among those the installed release registers ('(chose from {')" \
        "d['category'] == 'invalid-configuration'" \
        "KeyError: 'invalid tool call parser: kimi_k2 (chose from { deepseek_v3,hermes,mistral })'" --no-signatures
expect "Ansible's 'Could not find the requested service' is a unit not installed" "d['category'] == 'missing-dependency'" \
        'fatal: [localhost]: FAILED! => {"changed": false, "msg": "Could not find the requested service nvidia-persistenced: host"}' --no-signatures

expect "aria2c's errorCode=N by its table (24: authorization failed)" \
        "d['id'] == 'aria2.http-auth-failed' and d['category'] == 'model-access-denied'" \
        "08/29 06:40:31 [ERROR] CUID#7 - Download aborted. URI=https://huggingface.co/org/gated/resolve/main/model.safetensors
Exception: [AbstractCommand.cc:351] errorCode=24 URI=https://huggingface.co/org/gated/resolve/main/model.safetensors
  -> [HttpSkipResponseCommand.cc:218] errorCode=24 Authorization failed." --no-signatures

# ---- Open MPI's help messages: mpirun refusing or failing to start a job ----
expect "Open MPI: more ranks than slots is the request, not the program" \
        "d['id'] == 'openmpi.not-enough-slots' and d['category'] == 'invalid-configuration' and d['severity'] == 'error'" \
        "--------------------------------------------------------------------------
There are not enough slots available in the system to satisfy the 8
slots that were requested by the application:

  python3

Either request fewer slots for your application, or make more slots available
for use." --no-signatures
expect "Open MPI 5's prterun refusing root is a setting" "d['id'] == 'openmpi.run-as-root'" \
        "prterun has detected an attempt to run as root." --no-signatures
expect "Open MPI's daemons after an ssh failure: the network is the other reading" \
        "d['id'] == 'openmpi.daemons-not-started' and $alt2 and r['diagnoses'][1]['category'] == 'network-problem'" \
        "Host key verification failed.
--------------------------------------------------------------------------
ORTE was unable to reliably start one or more daemons.
This usually is caused by:" --no-signatures
expect "Open MPI's daemons with no ssh failure in the log: no network reading" \
        "d['id'] == 'openmpi.daemons-not-started' and all(x['category'] != 'network-problem' for x in r['diagnoses'])" \
        "PRTE was unable to reliably start one or more daemons." --no-signatures

# ---- apt and dpkg ----
expect "apt's held broken packages is a version conflict" \
        "d['id'] == 'apt.held-broken-packages' and d['category'] == 'library-version-mismatch' and all(x['category'] != 'missing-dependency' for x in r['diagnoses'])" \
        "The following packages have unmet dependencies:
 python3-dev : Depends: python3 (= 3.10.6-1~22.04) but 3.10.12-1~22.04.3 is to be installed
E: Unable to correct problems, you have held broken packages." --no-signatures
expect "apt: a dependency no repository offers makes a missing package the other reading" \
        "d['id'] == 'apt.held-broken-packages' and $alt2 and r['diagnoses'][1]['category'] == 'missing-dependency'" \
        "The following packages have unmet dependencies:
 libfoo-dev : Depends: libfoo1 (= 2.1-3) but it is not installable
E: Unable to correct problems, you have held broken packages." --no-signatures
expect "apt: NVIDIA's CUDA packages that need another driver are a CUDA/driver mismatch" \
        "d['id'] == 'apt.nvidia-unmet-dependencies' and d['category'] == 'cuda-version-mismatch'" \
        "The following packages have unmet dependencies:
 cuda-runtime-12-2 : Depends: cuda-drivers (>= 535.86.10) but it is not going to be installed
E: Unable to correct problems, you have held broken packages." --no-signatures
expect "apt: the dpkg lock held by another process" "d['id'] == 'apt.lock-held' and d['severity'] == 'error'" \
        "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 2412 (unattended-upgr)" --no-signatures
expect "apt: run without root is not another process's lock" "d['id'] == 'apt.not-root' and all(x['id'] != 'apt.lock-held' for x in r['diagnoses'])" \
        "E: Could not open lock file /var/lib/dpkg/lock - open (13: Permission denied)
E: Unable to lock the administration directory (/var/lib/dpkg/), are you root?" --no-signatures

# ---- words said in a warning before the failure ----
expect "huggingface_hub's disk-space warning is the disk" "d['category'] == 'disk-full'" \
        "/opt/venv/lib/python3.11/site-packages/huggingface_hub/file_download.py:983: UserWarning: Not enough free disk space to download the file. The expected file size is: 4976.70 MB. The target location /data/hf/hub only has 1203.11 MB free disk space.
  warnings.warn(" --no-signatures
expect "a package that needs a newer OS is the release, the host the other reading" \
        "d['category'] == 'library-version-mismatch' and $alt2 and r['diagnoses'][1]['category'] == 'container-or-platform'" \
        'Traceback (most recent call last):
  File "/Users/me/app/main.py", line 1, in <module>
    import mlx.core as mx
ImportError: Only macOS 13.5 and newer are supported, not 13.3' --no-signatures

# ---- a traceback cut before its exception line: its last source line ----
expect "the raise statement of a cut traceback is read as a line" "d['id'] == 'torch.cuda-fork-reinit'" \
        'Traceback (most recent call last):
  File "/opt/venv/lib/python3.10/site-packages/torch/cuda/__init__.py", line 161, in _lazy_init
    "Cannot re-initialize CUDA in forked subprocess. To use CUDA w'

# ---- blame (with the tables alone where a signature also knows the case) ----
TB='Traceback (most recent call last):
  File "/home/u/proj/train.py", line 42, in main
    loss = step(batch)
  File "/home/u/proj/train.py", line 30, in step
    out = model(batch["input_ids"].half())
  File "/opt/venv/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1736, in _call_impl
    return forward_call(*args, **kwargs)
RuntimeError: expected scalar type Float but found Half'
expect "a dtype mismatch raised in torch from train.py is the application's bug, at its line" \
        "d['id'] == 'generic.application-bug' and 'train.py:30' in d['title'] and d['called_from']['line'] == 30 and d['raised_in']['package'] == 'torch'" "$TB"
expect "a KeyError in the application's own code: the fix opens that line" \
        "d['id'] == 'generic.application-bug' and 'train_ddp.py' in d['fixes'][0] and 'line 98' in d['fixes'][0]" \
        'Traceback (most recent call last):
  File "/workspace/job/train_ddp.py", line 98, in get_batch
    ids = rec["input_ids"]
KeyError: '"'"'input_ids'"'"''
expect "a library calling another with an argument it does not take: the two packages' versions" \
        "d['category'] == 'library-version-mismatch' and 'trl' in d['title']" \
        'Traceback (most recent call last):
  File "/home/u/proj/train.py", line 12, in <module>
    trainer = SFTTrainer(model=m, tokenizer=t)
  File "/opt/venv/lib/python3.11/site-packages/trl/trainer/sft_trainer.py", line 401, in __init__
    super().__init__(
TypeError: Trainer.__init__() got an unexpected keyword argument '"'"'tokenizer'"'"
expect "the hosts of a pdsh launch are streams of their own" "d['category'] == 'gpu-out-of-memory' and d['count'] == 2" \
        '10.0.0.1: Traceback (most recent call last):
10.0.0.2: Traceback (most recent call last):
10.0.0.1:   File "/w/train.py", line 5, in <module>
10.0.0.2:   File "/w/train.py", line 5, in <module>
10.0.0.1:     loss.backward()
10.0.0.2:     loss.backward()
10.0.0.1: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB
10.0.0.2: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB'
expect "an ImportError between two installed packages is a version mismatch naming both" \
        "d['id'] == 'generic.library-version-mismatch' and 'awq' in d['title'] and 'transformers' in d['title']" \
        'Traceback (most recent call last):
  File "/srv/app/serve.py", line 3, in <module>
    import awq
  File "/opt/venv/lib/python3.10/site-packages/awq/modules/fused/attn.py", line 9, in <module>
    from transformers.models.llama.modeling_llama import LlamaFlashAttention2
ImportError: cannot import name '"'"'LlamaFlashAttention2'"'"' from '"'"'transformers.models.llama.modeling_llama'"'"' (/opt/venv/lib/python3.10/site-packages/transformers/models/llama/modeling_llama.py)' --no-signatures
expect "transformers' lazy import failing on an attribute of a module it imports: version mismatch naming both" \
        "d['id'] == 'generic.library-version-mismatch' and 'transformers and torch' in d['title']" \
        'Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/transformers/utils/import_utils.py", line 1537, in _get_module
    raise RuntimeError(
RuntimeError: Failed to import transformers.integrations.peft because of the following error (look up to see its traceback):
module '"'"'torch._functorch.eager_transforms'"'"' has no attribute '"'"'grad_and_value'"'"'' --no-signatures
expect "a class attribute another package's class lacks (type object): version mismatch" \
        "d['id'] == 'generic.library-version-mismatch' and 'Trainer' in d['summary']" \
        'Traceback (most recent call last):
  File "/home/u/piper/train.py", line 40, in main
    Trainer.add_argparse_args(parser)
AttributeError: type object '"'"'Trainer'"'"' has no attribute '"'"'add_argparse_args'"'"'' --no-signatures
expect "an attribute of None in the application is its bug, not a version mismatch" \
        "d['id'] == 'generic.application-bug'" \
        'Traceback (most recent call last):
  File "/home/u/train.py", line 40, in main
    loss = out.loss.item()
AttributeError: '"'"'NoneType'"'"' object has no attribute '"'"'item'"'"'' --no-signatures
expect "a value a library's model configuration rejects: the model is newer than the library" \
        "d['id'] == 'generic.library-version-mismatch' and 'transformers' in d['title']" \
        'Traceback (most recent call last):
  File "/srv/app/serve.py", line 9, in <module>
    cfg = AutoConfig.from_pretrained(path)
  File "/usr/local/lib/python3.11/site-packages/transformers/models/llama/configuration_llama.py", line 182, in _rope_scaling_validation
    raise ValueError(
ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got {'"'"'rope_type'"'"': '"'"'llama3'"'"'}' --no-signatures
expect "NotImplementedError inside a library: the case is not supported there" \
        "d['id'] == 'generic.model-unsupported' and 'xyzlib' in d['summary']" \
        'Traceback (most recent call last):
  File "/srv/app/serve.py", line 9, in <module>
    run(model)
  File "/usr/local/lib/python3.11/site-packages/xyzlib/ops.py", line 12, in run
    raise NotImplementedError(f"no kernel for {dtype}")
NotImplementedError: no kernel for float8_e5m2' --no-signatures
expect "xformers' reasons under its NotImplementedError name the GPU as too old" \
        "d['category'] == 'gpu-arch-unsupported'" \
        'NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:
     query       : shape=(7, 729, 16, 72) (torch.bfloat16)
`fa2F@v2.7.2.post1` is not supported because:
    requires device with capability > (8, 0) but your GPU has capability (7, 5) (too old)
    bf16 is only supported on A100+ GPUs' --no-signatures
expect "a missing module: pip install of its distribution" \
        "d['id'] == 'generic.missing-dependency' and 'pip install flash-attn' in d['fixes']" \
        'Traceback (most recent call last):
  File "/srv/app/serve.py", line 5, in <module>
    import flash_attn
ModuleNotFoundError: No module named '"'"'flash_attn'"'"'' --no-signatures
expect "a library's own exception type (torch.cuda.OutOfMemoryError) by the table" \
        "d['category'] == 'gpu-out-of-memory'" \
        'torch.cuda.OutOfMemoryError: something new the allocator says' --no-signatures
expect "Ray's OutOfMemoryError is the host's memory, not the GPU's" \
        "d['category'] == 'host-out-of-memory'" \
        'ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.' --no-signatures

# ---- error lines ----
expect "a log of error lines only: clustered, a warning where nothing failed" \
        "d['id'] == 'error-lines' and d['severity'] == 'warning' and d['count'] == 2" \
        "INFO 11-29 21:40:13 [x.py:1] serving
ERROR 11-29 21:40:14 [x.py:1] could not reach redis at 10.0.0.3:6379
INFO 11-29 21:40:15 [x.py:1] retrying
ERROR 11-29 21:40:16 [x.py:1] could not reach redis at 10.0.0.3:6380"
expect "error lines in a run that failed are errors" \
        "r['diagnoses'][-1]['id'] == 'error-lines' and r['diagnoses'][-1]['severity'] == 'error'" \
        "Nov 29 21:40:13 h svc[7]: ERROR could not reach redis at 10.0.0.3:6379
Nov 29 21:40:14 h systemd[1]: svc.service: Failed with result 'exit-code'."
expect "glog's E lines are error lines" "d['id'] == 'error-lines'" \
        "E1129 21:40:13.123456    1 main.go:173] error starting plugins: unable to load NVML"
expect "TensorFlow's own E lines are error lines, its I and W lines are not" \
        "len(r['diagnoses']) == 1 and d['id'] == 'error-lines' and d['count'] == 1" \
        "2024-04-11 07:16:39.765625: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized to use available CPU instructions.
2024-04-11 07:16:40.100000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2211] Cannot dlopen some GPU libraries: failed to load libcudnn
2024-04-11 07:16:41.000000: E tensorflow/core/kernels/data/iterator_ops.cc:912] the input pipeline stopped: shard 3 could not be opened"
expect "a line announcing a traceback is its evidence, not an error line too" \
        "len(r['diagnoses']) == 1 and 'failed to read model config' in d['evidence'][0]['text']" \
        '2026-11-29 21:40:13,165 ERROR k26.loader: failed to read model config
Traceback (most recent call last):
  File "/srv/k26/loader.py", line 22, in read_config
    raise KeyError("model_type")
KeyError: '"'"'model_type'"'"''
expect "a shell's 'Killed' right after a progress bar (tqdm ends its line with a carriage return)" \
        "d['id'] == 'signal.sigkill'" \
        'Loading checkpoint shards:   0%|          | 0/2 [00:00<?, ?it/s]Killed'
expect "Kubernetes' exitCode: 137 (kubectl get -o yaml) is SIGKILL" \
        "d['id'] == 'signal.sigkill'" \
        '    lastState:
      terminated:
        exitCode: 137
        reason: Error'
expect "'CUDA error = 999' (a common check macro) is the CUDA table's 999" \
        "d['id'] == 'cuda-error.999'" \
        "CUDA error = 999at main.cu:196 'cudaDeviceSynchronize()'" --no-signatures
expect "a traceback cut right after its header still reports the error line that announced it" \
        "d['id'] == 'error-lines' and 'Error in preprocessing prompt inputs' in d['evidence'][0]['text']" \
        '(APIServer pid=17) ERROR 08-14 16:17:00 [serving_chat.py:222] Error in preprocessing prompt inputs
(APIServer pid=17) ERROR 08-14 16:17:00 [serving_chat.py:222] Traceback (most recent call last):'
expect "a Windows NTSTATUS exit code in Go's hexadecimal (ollama's runner)" \
        "d['id'] == 'ntstatus.status-stack-buffer-overrun' and d['category'] == 'process-crash'" \
        'level=ERROR source=sched.go:457 msg="error loading llama server" error="llama runner process has terminated: exit status 0xc0000409"' --no-signatures
expect "a Windows NTSTATUS exit code as a signed number" \
        "d['id'] == 'ntstatus.status-access-violation'" \
        'Process finished with exit code -1073741819' --no-signatures
expect "a traceback flattened into one line is still read for what it says" \
        "d['id'] == 'errno.eacces'" \
        'Traceback (most recent call last): File "D:\AI\main.py", line 264, in <module> loop.run_until_complete(run()) File "C:\Python310\lib\asyncio\base_events.py", line 1519, in create_server raise OSError(err.errno) PermissionError: [Errno 13] error while attempting to bind on address (127.0.0.1, 8188): access denied' --no-signatures
expect "Windows' WinSock errno through Python ('[Errno 10048]') is EADDRINUSE" \
        "d['category'] == 'port-in-use'" \
        "OSError: [Errno 10048] error while attempting to bind on address ('127.0.0.1', 8188): only one usage of each socket address" --no-signatures
expect "urllib3's MaxRetryError is a network failure" \
        "d['category'] == 'network-problem'" \
        'Traceback (most recent call last):
  File "/opt/venv/lib/python3.11/site-packages/urllib3/connectionpool.py", line 845, in urlopen
    retries = retries.increment(
urllib3.exceptions.MaxRetryError: HTTPSConnectionPool(host='"'"'huggingface.co'"'"', port=443): Max retries exceeded with url: /api/models/x' --no-signatures
expect "CTranslate2's own loader not finding cuDNN is a missing shared library" \
        "d['category'] == 'missing-dependency'" \
        'Unable to load any of {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, libcudnn_ops.so.9, libcudnn_ops.so}
Invalid handle. Cannot load symbol cudnnCreateTensorDescriptor' --no-signatures
for text in "ERROR: something nobody knows" "panic: an unknown Go panic" "[error] a tool of its own" \
        "level=error msg=\"some component failed\"" "SomeLibraryError: a new exception"; do
        expect "never 'no known failure' for: $text" "len(r['diagnoses']) >= 1" "$text"
done

expect "HIP's numbering before it followed CUDA's (TensorFlow-ROCm's hipError_t(1002))" \
        "d['id'] == 'hip-error.hiperrormemoryallocation' and r['diagnoses'][1]['category'] == 'gpu-memory-held-by-other-process'" \
        "2019-01-08 19:06:11.303639: E tensorflow/stream_executor/rocm/rocm_driver.cc:601] failed to allocate 7.35G (7889485824 bytes) from device: hipError_t(1002)"
expect "qemu's words for an emulated program's death" "d['id'] == 'signal.sigill' and r['diagnoses'][1]['category'] == 'container-or-platform'" \
        "api-1  | 7:26PM DBG GRPC(phi-2): stderr qemu: uncaught target signal 4 (Illegal instruction) - core dumped"
expect "requests' Response repr carries the status" "d['id'] == 'http.403'" \
        "wandb: ERROR Error while calling W&B API: permission denied (<Response [403]>)"
expect "Ray 1.x's memory monitor" "d['category'] == 'host-out-of-memory'" \
        "ray._private.memory_monitor.RayOutOfMemoryError: More than 90% of the memory on node head-1 is used (22.36 / 23.52 GB)."

expect "systemctl's words for a failed start job" "d['id'] == 'systemd-result.exit-code'" \
        'Job for nvidia-fabricmanager.service failed because the control process exited with error code.'
expect "systemctl: a start job that timed out" "d['id'] == 'systemd-result.timeout'" \
        'Job for k26.service failed because a timeout was exceeded.'
expect "a connection that could not be made, in an error line" "d['category'] == 'network-problem'" \
        'E1119 08:22:23.602082 1513663 1513663 gcs_client.cc:298] Could not establish connection to the GCS server at 10.0.0.2:6379'
expect "ptxas's diagnostic with its file and line" "d['id'] == 'build.ptxas'" \
        "ptxas /tmp/tmpxft_0006e7c4-6_gemm_kernels.ptx, line 928; error   : Feature '.bf16' requires .target sm_80 or higher"
expect "Rust's reqwest errors" "d['id'] == 'network.reqwest'" \
        'Exception: Error while downloading: reqwest::Error { kind: Request, source: hyper::Error(Connect, ConnectError("tcp connect error", Os { code: 111 })) }'

expect "a program that is not on PATH, as Go words it" "d['id'] == 'exec.command-not-found' and d['category'] == 'missing-dependency'" \
        'Error: exec: "cmake": executable file not found in $PATH'
expect "a program that is not on PATH, as dash words it" "d['id'] == 'exec.command-not-found'" \
        'sh: 1: ninja: not found'
expect "subprocess's FileNotFoundError names the program" "d['id'] == 'python.program-not-found' and 'ninja' in d['summary']" \
        'Traceback (most recent call last):
  File "/srv/venv/lib/python3.11/site-packages/flashinfer/jit/cpp_ext.py", line 168, in run_ninja
    subprocess.run(
  File "/usr/lib/python3.11/subprocess.py", line 1955, in _execute_child
    raise child_exception_type(errno_num, err_msg, err_filename)
FileNotFoundError: [Errno 2] No such file or directory: '"'"'ninja'"'"''

expect "a ValueError the library raised offers a setting as the other reading" \
        "d['category'] == 'application-bug' and r['diagnoses'][1]['alternative_to'] == 1 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        "Traceback (most recent call last):
  File \"/srv/app/finetune.py\", line 31, in <module>
    model = get_peft_model(model, config)
  File \"/usr/lib/python3.11/site-packages/peft/tuners/tuners_utils.py\", line 520, in inject_adapter
    raise ValueError(msg)
ValueError: Target modules ['q_proj', 'v_proj'] not found in the base model."
expect "cudaErrorNotSupported: not supported on this device (CUDA's own words)" "d['id'] == 'cuda-error.801' and d['category'] == 'gpu-arch-unsupported'" \
        "RuntimeError: CUDA error: operation not supported (cudaErrorNotSupported)"
expect "more GPUs asked for than there are" "d['category'] == 'invalid-configuration'" \
        'Traceback (most recent call last):
  File "/srv/app/launch.py", line 9, in <module>
    check(world_size)
RuntimeError: Only 8 GPUs are available, but 16 are required.'
expect "a GPU that does not support bf16, in words" "d['category'] == 'gpu-arch-unsupported'" \
        "ValueError: Your setup doesn't support bf16/gpu. You need torch>=1.10, using Ampere GPU with cuda>=11.0"

expect "EACCES on a GPU device node offers the GPU as the other reading" \
        "d['id'] == 'errno.eacces' and r['diagnoses'][1]['category'] == 'gpu-unavailable'" \
        'level=ERROR source=amd_linux.go:404 msg="open /dev/kfd: permission denied"'

# ---- a paste indented as a whole is read at its margin (decode_dedent.c) ----
expect "an indented paste: its traceback is read" \
        "d['id'] != 'error-lines' and d.get('exception', {}) and d['exception']['type'] == 'ZeroDivisionError'" \
        '    [rank2]: Traceback (most recent call last):
    [rank2]:   File "/srv/app/model.py", line 194, in __init__
    [rank2]:     self.num_groups = self.num_heads // self.num_key_value_heads

    [rank2]: ZeroDivisionError: integer division or modulo by zero'
expect "an excerpt that begins inside a traceback keeps its indentation" \
        "d['id'] == 'triton.out-of-resources'" \
        '    raise OutOfResources(self.metadata.shared, max_shared, "shared memory")
triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 131072, Hardware limit: 65536.'

# ---- the words of failures: a guessed category for what nothing explains ----
expect "error lines nothing explains take a category from their words" \
        "d['id'] == 'error-lines' and d['category'] == 'distributed-communication' and 'guess' in d['summary'] and d['role'] == 'unknown'" \
        'host1:123:456 [0] NCCL WARN Cuda failure '"'"'an unheard-of status'"'"' in transport setup'
expect "an unrecognized exception takes a category from its words" \
        "d['id'] == 'unrecognized' and d['category'] == 'container-or-platform' and 'guess' in d['summary']" \
        'Traceback (most recent call last):
  File "/srv/app/run.py", line 3, in <module>
    start()
acme.errors.StartError: the container runtime refused the request'
expect "without words of any class the category stays unrecognized" \
        "d['id'] == 'error-lines' and d['category'] == 'unrecognized'" \
        'ERROR the frobnicator stopped frobbing'

expect "an accelerator that names itself in its OOM (MPS) is GPU memory, not the host's" \
        "d['category'] == 'gpu-out-of-memory'" \
        "RuntimeError: MPS backend out of memory (MPS allocated: 9.48 GiB, other allocations: 480.00 KiB, max allowed: 9.47 GiB). Tried to allocate 256 bytes on shared pool." --no-signatures
expect "a compiler driver's error is a failed build" "d['category'] == 'compile-failure'" \
        "      clang: error: unsupported option '-fopenmp'
error: command '/usr/bin/gcc' failed with exit code 1"
for line in \
        "python3: ../src/decoder.c:212: decode_frame: Assertion \`len <= cap' failed." \
        "Assertion failed: (n > 0), function sum, file sum.c, line 9."; do
        expect "a failed assert() is a check of the program's own invariants, a bug: $line" "d['category'] == 'application-bug'" "$line"
done
for line in \
        "GGML_ASSERT(ggml_nelements(a) == ne0*ne1*ne2) failed" \
        "/AppleInternal/Library/BuildRoots/b6/Library/Caches/com.apple.xbs/Sources/MetalPerformanceShaders/MPSCore/Types/MPSNDArray.mm:782: failed assertion \`[MPSNDArray initWithBuffer:descriptor:] Error: buffer is not large enough. Must be 25600 bytes'"; do
        expect "a framework's own assert aborts on input it does not handle: a crash, worded as: $line" "d['category'] == 'process-crash'" "$line"
done
expect "a CUDA kernel's assert names its block and thread: a GPU kernel fault, not a host crash" \
        "d['category'] == 'gpu-kernel-fault'" \
        "/pytorch/aten/src/ATen/native/cuda/Loss.cu:240: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: [5,0,0] Assertion \`t >= 0 && t < n_classes\` failed." --no-signatures
expect "docker refusing a --device the host lacks is the container platform, not a missing file" \
        "d['category'] == 'container-or-platform'" \
        'docker: Error response from daemon: error gathering device information while adding custom device "/dev/kfd": no such file or directory.'
expect "pytest's short summary: what the test raised is read after its node id" \
        "d['category'] == 'gpu-out-of-memory' and d['count'] == 2" \
        "=========================== short test summary info ============================
FAILED test_distributed.py::test_convert_large_strides[src-dp_to_ep] - torch.OutOfMemoryError: XPU out of memory. Tried to allocate 4.00 GiB. GPU 0 has a total capacity of 15.11 GiB of which 15.11 GiB is free.
FAILED test_distributed.py::test_convert_large_strides[src ep to dp] - torch.OutOfMemoryError: XPU out of memory. Tried to allocate 4.00 GiB. GPU 0 has a total capacity of 15.11 GiB of which 15.11 GiB is free."
expect "pytest's summary of a collection error" "d['category'] == 'missing-dependency'" \
        "ERROR tests/test_models.py - ModuleNotFoundError: No module named 'acme_kernels'"

expect "a warning whose words name a known failure is reported, as a warning, while the service goes on" \
        "d['category'] == 'gpu-arch-unsupported' and d['severity'] == 'warning' and len(r['diagnoses']) == 1" \
        'time=2025-02-02T19:28:37.612+08:00 level=INFO source=gpu.go:226 msg="looking for compatible GPUs"
time=2025-02-02T19:28:37.628+08:00 level=WARN source=amd_linux.go:378 msg="amdgpu is not supported (supported types:[gfx1030 gfx1100])" gpu_type=gfx1031 gpu=0
time=2025-02-02T19:28:37.628+08:00 level=INFO source=gpu.go:392 msg="no compatible GPUs were discovered"'
expect "the same warning, with the reference matcher (its literals reach the fast path too)" \
        "d['category'] == 'gpu-arch-unsupported' and d['severity'] == 'warning'" \
        'time=2025-02-02T19:28:37.628+08:00 level=WARN source=amd_linux.go:378 msg="amdgpu is not supported (supported types:[gfx1030 gfx1100])" gpu_type=gfx1031 gpu=0' --reference-matcher
expect "a warning's words rank below the failure its run ended with" \
        "d['category'] == 'gpu-out-of-memory' and any(x['category'] == 'gpu-arch-unsupported' for x in r['diagnoses'][1:])" \
        'time=2025-02-02T19:28:37.628+08:00 level=WARN source=amd_linux.go:378 msg="amdgpu is not supported (supported types:[gfx1030 gfx1100])" gpu_type=gfx1031 gpu=0
RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 15.78 GiB total capacity; 13.20 GiB already allocated)'

# ---- alternative readings: the first diagnosis's other reading follows it ----
for pair in \
        "missing-dependency|OSError: [WinError 126] The specified module could not be found. Error loading \"C:\\venv\\Lib\\site-packages\\torch\\lib\\c10.dll\" or one of its dependencies." \
        "binary-abi-mismatch|C:\\app\\lib\\ggml.dll: [WinError 127] The specified procedure could not be found" \
        "host-out-of-memory|Error: The paging file is too small for this operation to complete. (os error 1455)" \
        "system-error|PermissionError: [WinError 32] The process cannot access the file because it is being used by another process: 'C:\\hf\\tmp.incomplete'" \
        "application-bug|OSError: [WinError 87] The parameter is incorrect"; do
        expect "a Windows system error by its code or text: ${pair%%|*}" "d['category'] == '${pair%%|*}' and d['id'].startswith('winerror.')" "${pair#*|}" --no-signatures
done
expect "vLLM's quantized-kernel choice: a kernel that needs a newer GPU is the GPU's architecture" \
        "d['category'] == 'gpu-arch-unsupported'" \
        "(Worker_TP2 pid=142) ERROR 12-12 21:39:58 [multiproc_executor.py:750] ValueError: Failed to find a kernel that can implement the WNA16 linear layer. Reasons: 
(Worker_TP2 pid=142) ERROR 12-12 21:39:58 [multiproc_executor.py:750] MacheteLinearKernel requires capability 90, current compute  capability is 75" --no-signatures
expect "Python's faulthandler on Windows names the exception by its words" \
        "d['id'] == 'ntstatus.status-access-violation' and d['category'] == 'process-crash'" \
        'Windows fatal exception: access violation

Current thread 0x00009b60 (most recent call first):
  File "D:\\app\\Lib\\site-packages\\proto\\enums.py", line 76 in <genexpr>'
expect "... or by its code" "d['id'] == 'ntstatus.status-entrypoint-not-found' and d['category'] == 'binary-abi-mismatch'" \
        "Windows fatal exception: code 0xc0000139"
expect "xFormers without its compiled kernels is a build that does not fit torch, not an old GPU" \
        "d['category'] == 'binary-abi-mismatch' and $alt2 and r['diagnoses'][1]['category'] == 'library-version-mismatch'" \
        'NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:
     query       : shape=(8, 3349, 16, 64) (torch.float16)
`fa3F@0.0.0` is not supported because:
    xFormers wasn'"'"'t build with CUDA support
    requires device with capability > (9, 0) but your GPU has capability (8, 6) (too old)
`cutlassF-pt` is not supported because:
    xFormers wasn'"'"'t build with CUDA support' --no-signatures

expect "EACCES: a refused bind is the alternative" \
        "d['id'] == 'errno.eacces' and d['alternative_to'] is None and $alt2 and r['diagnoses'][1]['category'] == 'port-in-use' and r['diagnoses'][1]['id'] == 'alternative.port-in-use' and r['diagnoses'][1]['confidence'] < d['confidence'] and r['diagnoses'][1]['evidence'] == d['evidence']" \
        "PermissionError: [Errno 13] error while attempting to bind on address ('0.0.0.0', 80): permission denied"
expect "Windows' WSAEACCES on a bind is a port held or reserved, a firewall the other reading" \
        "d['id'] == 'errno.eacces-bind' and d['category'] == 'port-in-use' and $alt2 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        "PermissionError: [Errno 13] error while attempting to bind on address ('127.0.0.1', 8188): an attempt was made to access a socket in a way forbidden by its access permissions"
expect "Go's bind with WSAEACCES's text is a port held or reserved" "d['id'] == 'errno.eacces-bind'" \
        "Error: listen tcp 0.0.0.0:7860: bind: An attempt was made to access a socket in a way forbidden by its access permissions." --no-signatures
expect "WSAEACCES's text without a bind keeps the plain EACCES reading" "d['id'] == 'errno.eacces'" \
        "ConnectionError: [WinError 10013] An attempt was made to access a socket in a way forbidden by its access permissions" --no-signatures
expect "EACCES on a path: no socket in the log, so no refused bind is offered" \
        "d['category'] != 'port-in-use' and all(x['category'] != 'port-in-use' for x in r['diagnoses'])" \
        'level=fatal msg="open /models/cache: permission denied"'
expect "Ray's list of possible causes is not evidence of one (SIGSEGV named in its boilerplate)" \
        "d['id'] == 'ray.worker-died' and not any(c['supported_by_log'] for c in d['candidates'])" \
        "(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors."
expect "HTTP 401: a wrong name or path is the alternative" \
        "d['category'] == 'model-access-denied' and $alt2 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://huggingface.co/api/models/my-org/my-model" --no-signatures
expect "blame: a library rejecting the application's call may be another release" \
        "d['id'] == 'generic.application-bug' and $alt2 and r['diagnoses'][1]['category'] == 'library-version-mismatch' and 'pip show' in r['diagnoses'][1]['fixes'][0]" \
        'Traceback (most recent call last):
  File "/home/u/train.py", line 42, in <module>
    out = model(batch)
  File "/usr/lib/python3/dist-packages/torch/nn/modules/module.py", line 1501, in _call_impl
    return forward_call(*args, **kwargs)
TypeError: forward() got an unexpected keyword argument '"'"'labels'"'"''
expect "blame: a failed assert's condition is read when its message names nothing (GPUs counted)" \
        "d['category'] == 'gpu-unavailable' and 'failed assertion' in d['summary'] and $alt2 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        'Traceback (most recent call last):
  File "/opt/conda/lib/python3.9/site-packages/text_generation_server/utils/dist.py", line 15, in initialize_torch_distributed
    assert world_size <= torch.cuda.device_count(), "Each process is one gpu"
AssertionError: Each process is one gpu' --no-signatures
expect "an assert whose condition names nothing stays the code's own bug" \
        "d['id'] == 'generic.application-bug'" \
        'Traceback (most recent call last):
  File "/srv/app/train.py", line 15, in step
    assert len(batch) == 4, "bad batch"
AssertionError: bad batch' --no-signatures
expect "a symptom's line in a traceback message's continuation does not take the error's verdict" \
        "d['id'] == 'errno.eaddrinuse'" \
        'Traceback (most recent call last):
  File "/env/lib/python3.6/site-packages/torch/distributed/rendezvous.py", line 138, in _tcp_rendezvous_handler
    store = TCPStore(result.hostname, result.port, world_size, start_daemon, timeout)
RuntimeError: Address already in use
Killing subprocess 30485'
expect "Xid in the k8s device plugin's words" "d['id'] == 'xid.79'" \
        "I0312 08:14:55.120331       1 health.go:159] XidCriticalError: Xid=79 on Device=GPU-d23d91a3; marking device as unhealthy."
expect "apt's missing package is a missing dependency" \
        "d['category'] == 'missing-dependency'" \
        "E: Unable to locate package linux-modules-nvidia-535-server-5.10.0-23-amd64" --no-signatures
expect "a Linux kernel that the driver installer cannot resolve is the driver's problem" \
        "d['category'] == 'driver-problem'" \
        "Could not resolve Linux kernel version" --no-signatures
expect "nccl-tests' wording of an NCCL result" "d['id'] == 'gpu-library.ncclsystemerror'" \
        "fastmoe: Test NCCL failure common.cu:777 'unhandled system error'" --no-signatures
expect "nccl-tests' newer wording, with NCCL's last error" "d['id'] == 'gpu-library.ncclremoteerror'" \
        "node1: Test NCCL failure common.cu:1005 'remote process exited or there was a network error / NET/IB : Got completion from peer'" --no-signatures
expect "CUDA used in a forked child is a multiprocessing misuse" "d['category'] == 'multiprocessing-misuse'" \
        "RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the 'spawn' start method" --no-signatures
expect "PaddlePaddle's 'Mismatched GPU Architecture' line" "d['category'] == 'gpu-arch-unsupported'" \
        "Mismatched GPU Architecture: The installed PaddlePaddle package was compiled for 60 61 70 75 80 86 ,but your current GPU is 120"
expect "JAX falling back to the CPU without a CUDA-enabled jaxlib" "d['category'] == 'missing-dependency'" \
        "An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed. Falling back to cpu."
expect "cuDF's warning that the toolkit is newer than the driver" "d['category'] == 'cuda-version-mismatch' and d['severity'] == 'warning'" \
        "/usr/lib/python3/dist-packages/cudf/utils/_numba.py:110: UserWarning: Using CUDA toolkit version (12, 4) with CUDA driver version (12, 2) requires minor version compatibility, which is not yet supported for CUDA driver versions 12.0 and above."
expect "DDP's DETAIL list of parameters without a gradient" "d['id'] == 'distributed.ddp-unused-parameters'" \
        "Parameters which did not receive grad for rank 1: head.proj.weight, head.proj.bias"
expect "TensorRT's engine built for another compute capability" "d['category'] == 'gpu-arch-unsupported'" \
        "[TensorRT] ERROR: INVALID_CONFIG: The engine plan file is generated on an incompatible device, expecting compute 8.6 got compute 7.5, please rebuild."
expect "TVM without its CUDA target" "d['category'] == 'missing-dependency'" \
        "tvm._ffi.base.TVMError: [10:02:11] src/target/codegen.cc:58: Check failed: bf != nullptr: Target cuda is not enabled"
expect "cuda-python cannot dlopen the driver library" "d['category'] == 'missing-dependency'" \
        "RuntimeError: Failed to dlopen libcuda.so"
expect "an operator the ONNX exporter has no symbolic function for" "d['category'] == 'model-unsupported'" \
        "Exporting the operator 'aten::_upsample_bicubic2d_aa' to ONNX opset version 17 is not supported. Please feel free to request support or submit a pull request on PyTorch GitHub: https://github.com/pytorch/pytorch/issues."
expect "nvidia-smi cannot get a GPU's handle (a plain line)" "d['category'] == 'driver-problem'" \
        "Unable to determine the device handle for GPU0000:3B:00.0: Unknown Error"
expect "nvidia-smi failing, as a plain line" "d['category'] == 'driver-problem'" \
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running."
expect "DKMS could not build a module for the running kernel" "d['category'] == 'driver-problem'" \
        "Error! Bad return status for module build on kernel: 6.8.0-45-generic (x86_64)"
expect "a kernel oops inside an NVIDIA module" "d['category'] == 'driver-problem'" \
        "[ 4512.093117] RIP: 0010:uvm_va_space_destroy+0x1c4/0x4d0 [nvidia_uvm]"
expect "a cloud GPU quota" "d['category'] == 'resource-limit'" \
        "ERROR: (gcloud.compute.instances.create) Could not fetch resource: - Quota 'NVIDIA_L4_GPUS' exceeded. Limit: 0.0 in region us-central1."
expect "an error line's reason on the line that continues it" \
        "d['category'] == 'resource-limit' and 'Quota' in d['title']" \
        "ERROR: (gcloud.compute.instances.create) Could not fetch resource:
 - Quota 'NVIDIA_L4_GPUS' exceeded. Limit: 0.0 in region us-central1."
expect "ggml's CUDA initialisation names the runtime's error text" "d['category'] == 'gpu-unavailable'" \
        "ggml_cuda_init: failed to initialize CUDA: no CUDA-capable device is detected"
expect "ggml's CUDA initialisation with a driver older than the runtime" "d['category'] == 'cuda-version-mismatch'" \
        "ggml_cuda_init: failed to initialize CUDA: CUDA driver version is insufficient for CUDA runtime version"
expect "a CPU-only DGL asked to work on the GPU" "d['category'] == 'missing-dependency'" \
        "dgl._ffi.base.DGLError: [14:00:04] /opt/dgl/src/runtime/c_runtime_api.cc:82: Check failed: allow_missing: Device API cuda is not enabled. Please install the cuda version of dgl."
expect "a DGL operator without its CUDA kernels" "d['category'] == 'missing-dependency'" \
        "dgl._ffi.base.DGLError: [10:02:11] /opt/dgl/src/array/array.cc:34: Operator COOToCSR does not support cuda device."
expect "PhysX's GPU allocator (a line without a level, 'fail to')" "d['category'] == 'gpu-out-of-memory'" \
        "PxgCudaDeviceMemoryAllocator fail to allocate memory 71303168 bytes!! Result = 2"
expect "nvcc's front end reports an error as file(line)" "d['category'] == 'compile-failure'" \
        'cuda_miner.cu(136): error: identifier "HALFSIZE" is undefined'
expect "MSVC reports an error as file(line,column) and a code" "d['category'] == 'compile-failure'" \
        "C:\\src\\ext\\kernel.cpp(12,5): error C2065: 'M_PI': undeclared identifier"
expect "FFmpeg cannot load the driver's CUDA library" "d['id'] == 'dynamic-linker.driver-library-missing'" \
        "[h264_nvenc @ 0x5583a1c2e040] Cannot load libcuda.so.1"
expect "FFmpeg built for a newer NVENC API than the driver has" "d['category'] == 'cuda-version-mismatch'" \
        "[hevc_nvenc @ 0x55d0c3c6e400] Driver does not support the required nvenc API version. Required: 12.0 Found: 11.1"
expect "a GStreamer pipeline names an element no plugin provides" "d['category'] == 'missing-dependency'" \
        'WARNING: erroneous pipeline: no element "nvv4l2decoder"'
expect "PyTorch's MPS back-end on a macOS too old for it" "d['category'] == 'gpu-unavailable'" \
        "RuntimeError: The MPS backend is supported on MacOS 12.3+.Current OS version can be queried using \`sw_vers\`"
expect "coremltools has no conversion for an operator" "d['category'] == 'model-unsupported'" \
        "RuntimeError: PyTorch convert function for op 'scaled_dot_product_attention' not implemented."
expect "Metal's command buffer out of memory (MLX)" "d['category'] == 'gpu-out-of-memory'" \
        "libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer execution failed: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)"
expect "float64 on the MPS device" "d['category'] == 'model-unsupported'" \
        "TypeError: Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64. Please use float32 instead."
expect "Caffe's CUDA_CHECK names the CUDA error by its text (the number is pre-10.1)" "d['category'] == 'gpu-arch-unsupported'" \
        "F0806 12:02:26.552108 4388 im2col.cu:54] Check failed: error == cudaSuccess (8 vs. 0)  invalid device function"
expect "Caffe's CUDA_CHECK on an allocation" "d['category'] == 'gpu-out-of-memory'" \
        "F0301 12:35:45.320708 14370 syncedmem.cpp:56] Check failed: error == cudaSuccess (2 vs. 0)  out of memory"
expect "Lightning's accelerator that the machine does not have" "d['category'] == 'gpu-unavailable'" \
        "lightning_fabric.utilities.exceptions.MisconfigurationException: \`CUDAAccelerator\` can not run on your system since the accelerator is not available. The following accelerator(s) is available and can be passed into \`accelerator\` argument of \`Trainer\`: ['cpu']."
expect "Intel Gaudi with no device to take" "d['category'] == 'gpu-unavailable'" \
        "RuntimeError: synStatus=8 [Device not found] Device acquire failed."
expect "NIXL's UCX without CUDA transports" "d['category'] == 'missing-dependency'" \
        "E ucx_utils.cpp:592  VRAM memory is detected as host by UCX. UCX is likely not configured with CUDA support."
expect "Accelerate's FSDP wrap class not in the model" "d['category'] == 'invalid-configuration'" \
        "Exception: Could not find the transformer layer class to wrap in the model."
expect "Accelerate's bf16 on a GPU without bfloat16" "d['category'] == 'gpu-arch-unsupported'" \
        "ValueError: bf16 mixed precision requires PyTorch >= 1.10 and a supported device."
expect "an extension built with another CUDA than PyTorch's, as a plain line" "d['category'] == 'cuda-version-mismatch'" \
        "The detected CUDA version (12.4) mismatches the version that was used to compile PyTorch (11.8). Please make sure to use the same CUDA versions."
expect "PyTorch's warning that it has no kernels for the GPU is read in a warning line" \
        "d['category'] == 'gpu-arch-unsupported' and d['severity'] == 'warning'" \
        "/usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py:287: UserWarning: NVIDIA GeForce RTX 5070 Ti with CUDA capability sm_120 is not compatible with the current PyTorch installation." --no-signatures
expect "ComfyUI's error report: its items name the exception of the stack trace below them" \
        "d['category'] == 'gpu-out-of-memory' and d['exception']['type'] == 'torch.OutOfMemoryError' and d['raised_in']['function'] == 'sample'" \
        '# ComfyUI Error Report
## Error Details
- **Node ID:** 3
- **Node Type:** KSampler
- **Exception Type:** torch.OutOfMemoryError
- **Exception Message:** Allocation on device
## Stack Trace
```
  File "/srv/ComfyUI/execution.py", line 323, in execute
    output_data = get_output_data(obj, input_data_all)

  File "/srv/ComfyUI/comfy/samplers.py", line 812, in sample
    return sampler.sample(model, noise)

```
## System Information'
expect "a class that warnings opt into is read in a line without any level, as a warning" \
        "d['category'] == 'gpu-arch-unsupported' and d['severity'] == 'warning' and 'without an error level' in d['summary']" \
        "NVIDIA A100-SXM4-80GB with CUDA capability sm_80 is not compatible with the current PyTorch installation.
The current PyTorch install supports CUDA capabilities sm_37 sm_50 sm_60 sm_70." --no-signatures
expect "a shell's Killed, indented by pip, in BuildKit's later plain progress (one decimal)" \
        "d['id'] == 'signal.sigkill'" \
        "#10 4196.7   /usr/local/cuda/bin/nvcc -c csrc/attention.cu -o build/attention.o --threads 8
#10 4196.7   Killed" --no-signatures
expect "glibc's symbol version not found, cut before 'required by'" "d['category'] == 'binary-abi-mismatch'" \
        "ImportError: /lib64/libstdc++.so.6: version \`GLIBCXX_3.4.30' not found" --no-signatures
expect "faulthandler's SIGFPE is a crash" "d['id'] == 'signal.sigfpe' and d['category'] == 'process-crash'" \
        "(WorkerDict pid=358504) Fatal Python error: Floating point exception" --no-signatures
expect "newer faulthandler and shells hyphenate SIGFPE's text" "d['id'] == 'signal.sigfpe'" \
        "(WorkerDict pid=358504) Fatal Python error: Floating-point exception" --no-signatures
expect "an extension's CUDA version gate is a CUDA version mismatch" "d['category'] == 'cuda-version-mismatch'" \
        "RuntimeError: causal_conv1d is only supported on CUDA 11.6 and above.  Note: make sure nvcc has a supported version by running nvcc -V." --no-signatures
expect "systemd's exit status names the step that failed (a User= account that does not exist)" \
        "d['id'] == 'systemd-exit.user'" \
        "Mai 05 09:19:06 foo systemd[31282]: nvidia_gpu_exporter.service: Failed to determine user credentials: No such process" --no-signatures
expect "systemd's exit status, as systemctl status prints it" "d['id'] == 'systemd-exit.namespace'" \
        "   Main PID: 3741675 (code=exited, status=226/NAMESPACE)" --no-signatures
expect "an exit status of the program itself is not systemd's" "not r['diagnoses'] or not d['id'].startswith('systemd-exit.')" \
        "   Main PID: 3741675 (code=exited, status=1/FAILURE)" --no-signatures
expect "ONNX Runtime's status: an operator without a kernel" "d['id'] == 'onnxruntime.not-implemented' and d['category'] == 'model-unsupported'" \
        "onnxruntime.capi.onnxruntime_pybind11_state.NotImplemented: [ONNXRuntimeError] : 9 : NOT_IMPLEMENTED : Could not find an implementation for ConvInteger(10) node with name ''" --no-signatures
expect "ONNX Runtime's generic status gives way to the CUDA text in its message" "d['category'] == 'gpu-out-of-memory'" \
        "onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Non-zero status code returned while running Conv node. Name:'Conv_0' Status Message: CUDA error cudaErrorMemoryAllocation:out of memory" --no-signatures
expect "a healthy reading offers nothing else" "len(r['diagnoses']) == 0" "INFO all good"
expect "OpenCV's error code: a build without the feature" "d['id'] == 'opencv.stsnotimplemented' and d['category'] == 'missing-dependency'" \
        "  what():  OpenCV(3.4.1) /src/opencv/modules/core/include/opencv2/core/private.cuda.hpp:111: error: (-213) The called functionality is disabled for current build or platform in function throw_no_cuda" --no-signatures
expect "OpenCV's error code: a failed precondition is the application's" "d['id'] == 'opencv.stsassert' and d['category'] == 'application-bug'" \
        "cv2.error: OpenCV(4.5.5) /io/opencv/modules/imgproc/src/color.cpp:182: error: (-215:Assertion failed) !_src.empty() in function 'cvtColor'" --no-signatures
expect "OpenCV's unspecified error: its message names a build without a GUI" "d['category'] == 'missing-dependency'" \
        "Traceback (most recent call last):
  File \"show.py\", line 5, in <module>
    cv2.imshow(\"x\", img)
cv2.error: OpenCV(4.8.0) /io/opencv/modules/highgui/src/window.cpp:1272: error: (-2:Unspecified error) The function is not implemented. Rebuild the library with Windows, GTK+ 2.x or Cocoa support. If you are on Ubuntu or Debian, install libgtk2.0-dev and pkg-config, then re-run cmake or configure script in function 'cvShowImage'" --no-signatures
expect "a message its program wrapped reads as one sentence" "d['category'] == 'invalid-configuration'" \
        "Traceback (most recent call last):
  File \"/usr/lib/python3/dist-packages/vllm/model_executor/layers/quantization/fp8.py\", line 310, in create_weights
    raise ValueError(
ValueError: The output_size of gate's and up's weight = 96 is not
            divisible by weight quantization block_n = 128." --no-signatures
expect "a traceback cut inside its raise statement: the message up to the cut" "d['category'] == 'gpu-arch-unsupported'" \
        "Traceback (most recent call last):
  File \"/opt/venv/lib/python3.12/site-packages/flashinfer/jit/core.py\", line 108, in check_cuda_arch
    raise RuntimeError(\"FlashInfer requires GPUs with sm75 or highe" --no-signatures
expect "two packages whose versions are incompatible, in a message of two lines" "d['category'] == 'library-version-mismatch'" \
        "Traceback (most recent call last):
  File \"/opt/conda/lib/python3.8/site-packages/torchvision/extension.py\", line 63, in _assert_has_ops
    raise RuntimeError(
RuntimeError: Couldn't load custom C++ ops. This can happen if your PyTorch and torchvision
versions are incompatible, or if you had errors while compiling
torchvision from source." --no-signatures
expect "a weight the installed release cannot load" "d['category'] == 'model-unsupported'" \
        "Traceback (most recent call last):
  File \"/opt/venv/lib/python3.12/site-packages/vllm/lora/utils.py\", line 113, in parse_fine_tuned_lora_name
    raise ValueError(f\"{name} is unsupported LoRA weight\")
ValueError: base_model.model.lm_head.weight is unsupported LoRA weight" --no-signatures
expect "a checkpoint of another shape: the version and the configuration offered after it" \
        "d['category'] == 'model-files-invalid' and [x['category'] for x in r['diagnoses'][1:3]] == ['library-version-mismatch', 'invalid-configuration']" \
        "RuntimeError: Error(s) in loading state_dict for CLIP:
	size mismatch for logit_scale: copying a param with shape torch.Size([]) from checkpoint, the shape in current model is torch.Size([1])."
expect "a file's permissions are the configuration's" "d['id'] == 'errno.eacces' and d['category'] == 'invalid-configuration'" \
        "PermissionError: [Errno 13] Permission denied: '/var/lib/models/llama'" --no-signatures
expect "a file's permissions in a container: the container is offered after it" \
        "d['category'] == 'invalid-configuration' and $alt2 and r['diagnoses'][1]['category'] == 'container-or-platform'" \
        "docker: starting container 4f1c
PermissionError: [Errno 13] Permission denied: '/models/llama'" --no-signatures
expect "an operation the sandbox forbids is the platform's" "d['id'] == 'errno.eperm' and d['category'] == 'container-or-platform'" \
        "OpenBLAS blas_thread_init: pthread_create failed for thread 35 of 48: Operation not permitted" --no-signatures
expect "an expert-parallel library's error is distributed communication" "d['category'] == 'distributed-communication'" \
        "RuntimeError: DeepEP error: CPU recv timeout" --no-signatures
expect "an engine's failed CHECK is its own bug" "d['category'] == 'application-bug'" \
        "[TM][FATAL] kernels/apply_token_bitmask_inplace_cuda.cu(212): Check failed: logits_shape.first ==bitmask_shape.first logits and bitmask must have the same batch size." --no-signatures
expect "UCX's status in ucx-py's exception: a listening address still held" "d['id'] == 'ucx.ucs-err-busy' and d['category'] == 'port-in-use'" \
        "ucp.exceptions.UCXError: Device is busy" --no-signatures
expect "UCX's status in its own log line" "d['id'] == 'ucx.ucs-err-unreachable' and d['category'] == 'network-problem'" \
        "[1638452133.123456] [gpu-node-3:41234:0]          wireup.c:1080  UCX  ERROR ep 0x7f3a: no remote ep address for lane[0]->remote_lane[0]: Destination is unreachable" --no-signatures
expect "a status text of UCX outside a UCX line is not UCX's" "not d or not d['id'].startswith('ucx.')" \
        "OSError: [Errno 5] Input/output error: '/data/shard-0001.bin'" --no-signatures
expect "setuptools without a C++ compiler, in pip's indented output" "d['id'] == 'build.msvc-required' and d['category'] == 'compile-failure'" \
        "  building 'TTS.tts.utils.monotonic_align.core' extension
  error: Microsoft Visual C++ 14.0 or greater is required. Get it with \"Microsoft C++ Build Tools\": https://visualstudio.microsoft.com/visual-cpp-build-tools/" --no-signatures
expect "an indented error line is an error line" "d['id'] == 'error-lines'" "  error: the build of the extension stopped here" --no-signatures
expect "a capitalised level in brackets" "d['id'] == 'error-lines' and d['category'] == 'gpu-unavailable'" \
        "[LightGBM] [Fatal] No OpenCL device found" --no-signatures
expect "a download whose digest is not the published one" "d['category'] == 'model-files-invalid'" \
        "RuntimeError: Model has been downloaded but the SHA256 checksum does not not match. Please retry loading the model." --no-signatures
expect "a gated model, printed without a level" "any(x['category'] == 'model-access-denied' for x in r['diagnoses'][:3])" \
        "Could not download 'pyannote/speaker-diarization' pipeline.
It might be because the pipeline is private or gated so make
sure to authenticate." --no-signatures
expect "a library's violated condition is its own bug" "d['category'] == 'application-bug'" \
        "CatboostError: catboost/cuda/cuda_lib/cuda_manager.h:305: Condition violated: \`State == nullptr'" --no-signatures
expect "Vulkan's result in Vulkan-Hpp's words" "d['id'] == 'vulkan.vk-error-out-of-device-memory' and d['category'] == 'gpu-out-of-memory'" \
        "ggml_vulkan: Device memory allocation of size 118497280 failed.
ggml_vulkan: vk::Device::allocateMemory: ErrorOutOfDeviceMemory" --no-signatures
expect "a kernel missing from the device code is the GPU's architecture" "d['id'] == 'cuda-error.500' and d['category'] == 'gpu-arch-unsupported'" \
        "Error: DriverError(CUDA_ERROR_NOT_FOUND, \"named symbol not found\") when loading cast_f32_bf16" --no-signatures
expect "a crate's build script that failed" "d['id'] == 'build.cargo-build-script-failed'" \
        "error: failed to run custom build command for \`cudarc v0.19.2\`" --no-signatures
expect "a limit exceeded is worded as a failure" "d['id'] == 'failure-lines' and d['category'] == 'host-out-of-memory'" \
        "CPU Memory limit exceeded (16GB)" --no-signatures
expect "a quantization type the reader does not know" "d['category'] == 'model-unsupported'" \
        "Error: path: \"/models/m-IQ2_M.gguf\" unknown dtype for tensor 21" --no-signatures
expect "spdlog's critical level; a capacity the configuration sets too small" "d['id'] == 'error-lines' and d['category'] == 'invalid-configuration'" \
        "[2025-07-31 12:53:49.591] [SAPIEN] [critical] PxgDynamicsMemoryConfig::collisionStackSize buffer overflow detected, please increase its size to at least 73774744 in the scene desc!" --no-signatures
expect "a line worded as a failure by the noun" "d['id'] == 'failure-lines'" \
        "  Not Enough GPU memory? INTERNAL: RET_CHECK failure (external/xla/service/gpu/gpu_compiler.cc:627) dnn != nullptr" --no-signatures
expect "a CUDA library the plugin cannot load" "d['category'] == 'missing-dependency'" \
        "RuntimeError: Unable to load cuSPARSE. Is it installed?" --no-signatures
expect "a compiler that does not know the GPU's architecture" "d['category'] == 'gpu-arch-unsupported'" \
        "RuntimeError: The following operation failed in the TorchScript interpreter. RuntimeError: nvrtc: error: invalid value for --gpu-architecture (-arch)" --no-signatures
expect "kernels built for another architecture, in Kokkos's words" "d['category'] == 'gpu-arch-unsupported'" \
        "Kokkos::Cuda::initialize ERROR: likely mismatch of architecture" --no-signatures
expect "a GPU build started without a GPU asked for" "d['category'] == 'invalid-configuration'" \
        "ERROR: Kokkos has been compiled with GPU-enabled backend but no GPUs are requested" --no-signatures
expect "CUDA samples' deviceQuery: the error's number, then its text" "d['id'] == 'cuda-error.3'" \
        "cudaGetDeviceCount returned 3
-> initialization error
Result = FAIL" --no-signatures
expect "a wheel built for another Python or platform" "d['category'] == 'library-version-mismatch'" \
        "ERROR: torch-2.0.0+nv23.05-cp38-cp38-linux_aarch64.whl is not a supported wheel on this platform." --no-signatures
expect "a CUDA device the program rejects as invalid" "d['category'] == 'gpu-unavailable'" \
        "An Error occurred: Invalid CUDA 'device=0' requested. Use 'device=cpu' or pass valid CUDA device(s) if available." --no-signatures
expect "an exception line shifted by a blank in a paste" "d['title'].startswith('ValueError: Unknown quantization')" \
        " ValueError: Unknown quantization method: foo" --no-signatures
expect "an exception line printed in brackets, of a class an installed package defines" \
        "d['category'] == 'library-version-mismatch'" \
        "[AttributeError: 'tensorrt.tensorrt.Builder' object has no attribute 'build_engine']" --no-signatures
expect "an exception class of a module of errors, with the reading its type offers" \
        "d['category'] == 'compile-failure' and $alt2 and r['diagnoses'][1]['category'] == 'gpu-arch-unsupported'" \
        "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 200000, Hardware limit: 101376." --no-signatures
expect "a cuBLAS status by its number" \
        "d['id'] == 'gpu-library.cublas-status-not-supported' and $alt2 and r['diagnoses'][1]['category'] == 'gpu-arch-unsupported'" \
        "cuBLAS API failed with status 15" --no-signatures
expect "an errno as strerror and its number in brackets" "d['id'] == 'errno.efault'" \
        "E0511 07:42:36.355509 10240 rdma_context.cpp:198] Failed to register memory 0x7f00: Bad address [14]" --no-signatures
expect "a setting that must be evenly divisible" "d['category'] == 'invalid-configuration'" \
        "ValueError: The global batch size (6) must be evenly divisible by the number of generations (4)." --no-signatures
expect "a call with an argument the function lacks may be another release of its library" \
        "d['category'] == 'library-version-mismatch' and $alt2 and r['diagnoses'][1]['category'] == 'application-bug'" \
        "TypeError: Trainer.__init__() got an unexpected keyword argument 'tokenizer_class'" --no-signatures
expect "a version of a format the installed reader does not support" "d['category'] == 'library-version-mismatch'" \
        "ValueError: Unsupported ONNX opset version: 20" --no-signatures
expect "a plugin its loader cannot find" "d['category'] == 'missing-dependency'" \
        "E0101 00:00:00.000000 1 nixl_agent.cpp:259] getPluginParams: backend 'GDS' not found" --no-signatures
expect "error lines: the category guessed from every line kept, not the first alone" "d['category'] == 'disk-full'" \
        "ERROR job failed with exit code 1
ERROR /tmp/ray/session_1 is over 95% full, available space: 1.0 GB" --no-signatures
expect "a GPU named as the one a kernel requires" "d['category'] == 'gpu-arch-unsupported'" \
        "RuntimeError: FlashAttention backward for head dim > 192 requires A100 or H100" --no-signatures
expect "a death by signal right after the error that caused it is told under it" \
        "d['category'] == 'gpu-arch-unsupported' and r['diagnoses'][1]['category'] == 'process-crash' and r['diagnoses'][1]['explained_by'] == 1" \
        "Kokkos::Cuda::initialize ERROR: likely mismatch of architecture
Aborted (core dumped)" --no-signatures
expect "another unit's Starting between a service's last lines and its end begins no run of the service" \
        "d['category'] == 'missing-dependency' and len(r['diagnoses']) > 1 and all(x['run']['order'] == 1 for x in r['diagnoses'])" \
        "Apr  3 17:38:50 gpu7 svc[140]: OSError: libfoo.so.1: cannot open shared object file: No such file or directory
Apr  3 17:38:57 gpu7 systemd[1]: Starting logrotate.service - Rotate log files...
Apr  3 17:38:57 gpu7 systemd[1]: svc.service: Main process exited, code=exited, status=1/FAILURE
Apr  3 17:38:57 gpu7 systemd[1]: svc.service: Failed with result 'exit-code'." --no-signatures
expect "a line announcing a traceback keeps the failure its own words name" \
        "any(x['category'] == 'invalid-configuration' for x in r['diagnoses']) and any(x['category'] == 'process-crash' for x in r['diagnoses'])" \
        "train.py: error: argument --mode: invalid choice: 'x' (choose from 'a', 'b')
Traceback (most recent call last):
  File \"/usr/lib/python3.10/subprocess.py\", line 526, in run
    raise CalledProcessError(retcode, process.args,
subprocess.CalledProcessError: Command '['python', 'train.py']' returned non-zero exit status 2." --no-signatures
expect "a package named as required" "d['category'] == 'missing-dependency'" \
        "AssertionError: Ring Attention requires xfuser package." --no-signatures
expect "a setting that should be equal to another" "d['category'] == 'invalid-configuration'" \
        "AssertionError: The number of ulysses_size should be equal to the world size." --no-signatures
expect "no attention kernel for this GPU and these inputs" \
        "d['category'] == 'gpu-arch-unsupported' and $alt2 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        "RuntimeError: No available kernel. Aborting execution." --no-signatures
expect "a None used as a value right after a failed download is told under the download" \
        "d['category'] == 'model-access-denied' and r['diagnoses'][-1]['category'] == 'application-bug' and r['diagnoses'][-1]['explained_by'] is not None" \
        "ERROR: Could not download 'acme/diarization' pipeline: the repository is gated, make sure to authenticate.
Error: 'NoneType' object is not callable" --no-signatures
expect "kubectl's pod list: a container restarting again and again" "d['id'] == 'kubernetes.crash-loop-back-off' and d['category'] == 'service-failure'" \
        "NAME                     READY   STATUS             RESTARTS      AGE
vllm-decode-69bbb879cd   1/2     CrashLoopBackOff   18 (87s ago)  87m" --no-signatures
expect "the scheduler: a volume claim bound to no volume" "d['id'] == 'kubernetes.unbound-pvc'" \
        "0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims." --no-signatures
expect "kubectl describe: the reason a container last ended" "d['id'] == 'kubernetes.oom-killed'" \
        "    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137" --no-signatures
expect "a cause in a line without a level ranks above the pod's restart loop" \
        "d['category'] == 'invalid-configuration' and any(x['id'] == 'kubernetes.crash-loop-back-off' for x in r['diagnoses'])" \
        "aibrix-controller-manager-77c5f9c8d8-h5vnm   0/1     CrashLoopBackOff   6 (4m52s ago)   10m
flag provided but not defined: -enable-runtime-sidecar" --no-signatures
expect "an engine that found no GPU platform, with the container as the other reading" \
        "d['category'] == 'gpu-unavailable' and $alt2 and r['diagnoses'][1]['category'] == 'container-or-platform'" \
        "llm-d-decode-69bbb879cd-45jwg   1/2     CrashLoopBackOff   18 (87s ago)    87m
INFO 05-20 20:12:25 [__init__.py:252] No platform detected, vLLM is running on UnspecifiedPlatform" --no-signatures
expect "a Service's address injected where a port number was expected" "d['category'] == 'invalid-configuration'" \
        "ERROR 03-27 03:12:01 engine.py:400] invalid literal for int() with base 10: 'tcp://10.43.1.39:8000'" --no-signatures
expect "a kernel module built for another kernel, in the module loader's words" "d['category'] == 'binary-abi-mismatch'" \
        "[76463.688316] nv_peer_mem: disagrees about version of symbol ib_register_peer_memory_client" --no-signatures
expect "no writable temporary directory" "d['category'] == 'disk-full' and $alt2 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        "FileNotFoundError: [Errno 2] No usable temporary directory found in ['/tmp', '/var/tmp', '/usr/tmp']" --no-signatures
expect "NCCL without GPUDirect RDMA" "d['category'] == 'distributed-communication'" \
        "node1:22:30 [3] NCCL INFO NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'" --no-signatures
expect "an exception type ending in Invalid (pyarrow)" "d['title'].startswith('Unrecognized pyarrow.lib.ArrowInvalid') and d['category'] == 'model-files-invalid'" \
        "pyarrow.lib.ArrowInvalid: Parquet magic bytes not found in footer. Either the file is corrupted or this is not a parquet file." --no-signatures
expect "S3 throttling, as botocore's error dict" "d['id'] == 's3.slowdown' and d['category'] == 'network-problem'" \
        "{'Error': {'Code': 'SlowDown', 'Message': 'Please reduce your request rate.'}" --no-signatures
expect "S3: a key that does not exist, as botocore's ClientError" "d['id'] == 's3.nosuchkey' and d['category'] == 'invalid-configuration'" \
        "botocore.exceptions.ClientError: An error occurred (NoSuchKey) when calling the GetObject operation: The specified key does not exist." --no-signatures
expect "a ValueError with no frame at all is a setting first, a bug second" \
        "d['category'] == 'invalid-configuration' and $alt2 and r['diagnoses'][1]['category'] == 'application-bug'" \
        "ValueError: torch.bfloat16 is not supported for quantization method awq. Supported dtypes: [torch.float16]"
expect "a ValueError raised in the application's own code stays its bug" "d['category'] == 'application-bug'" \
        "Traceback (most recent call last):
  File \"/srv/app/train.py\", line 42, in get_batch
    raise ValueError(f'bad batch {n}')
ValueError: bad batch 3"
expect "zsh's job report of a kill" "d['id'] == 'signal.sigkill'" \
        "[1]    2334 killed     python3 quant_falcon_40b.py"
expect "zsh's own report of a kill" "d['id'] == 'signal.sigkill'" \
        "zsh: killed     python3 quant_falcon_40b.py"
expect "a shell's Killed glued to a progress bar, with a full stop" "d['id'] == 'signal.sigkill'" \
        "Loading checkpoint shards:  97%|  | 29/30 [00:35<00:01,  1.39s/it]Killed."
expect "a program that found no GPU" "d['category'] == 'gpu-unavailable'" \
        "RuntimeError: No GPU found. A GPU is needed for quantization."
expect "an OpenAI client's status error is read through the HTTP table" "d['id'] == 'http.400'" \
        "openai.BadRequestError: Error code: 400 - {'object': 'error', 'message': 'At most 1 image(s) may be provided in one request.', 'type': 'BadRequestError', 'param': None, 'code': 400}"
expect "an API's JSON error body is an error record" "d['id'] == 'vllm.chat-template-missing'" \
        '{"error":"Template error: template not found","error_type":"template_error"}'
expect "a build tool missing at the path the build runs it from" "d['category'] == 'missing-dependency'" \
        "error: [Errno 2] No such file or directory: '/usr/local/cuda/bin/nvcc'"
expect "a library's NameError on a guarded import's name is a missing extension" \
        "d['category'] == 'missing-dependency' and 'awq' in d['title']" \
        "File \"/usr/local/lib/python3.10/dist-packages/awq/modules/linear/gemm.py\", line 66, in backward
    if awq_ext is None:
NameError: name 'awq_ext' is not defined"
expect "a NameError on a plain variable in the application stays its bug" "d['category'] == 'application-bug'" \
        "Traceback (most recent call last):
  File \"/srv/app/train.py\", line 42, in <module>
    main(args)
NameError: name 'args' is not defined"
expect "a Windows privilege error by its code, whatever the language of its text" "d['id'] == 'winerror.error-privilege-not-held'" \
        "Failed to load Whisper model: [WinError 1314] Gereken ayrıcalık istemci tarafından sağlanmıyor: 'a' -> 'b'"
expect "ninja's FAILED line with the step's exit code is a build failure" "d['category'] == 'compile-failure'" \
        "FAILED: [code=139] cuda_0.o"
expect "huggingface_hub's retried request is a network problem, read without a level" \
        "d['category'] == 'network-problem' and d['severity'] == 'warning'" \
        "'(ReadTimeoutError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read timeout=10)\"), '(Request ID: 7d76)')' thrown while requesting HEAD https://huggingface.co/x/resolve/main/config.json"
expect "a checkpoint saved with another data-parallel size" "d['category'] == 'invalid-configuration'" \
        "deepspeed.runtime.zero.utils.ZeRORuntimeException: The checkpoint being loaded used a DP world size of 32 but the current world size is 128."
expect "a kernel library's workspace too small" "d['category'] == 'invalid-configuration'" \
        "RuntimeError: Error in function 'aligned_alloc' at /workspace/include/flashinfer/allocator.h:49: Buffer overflow when allocating memory for batch_prefill_tmp_v with size 536870912 and alignment 16, but only 413138944 bytes available in AlignedAllocator. Increase the workspace buffer size."
expect "a CUDA tensor's producer process ended before its consumers released it" \
        "d['category'] == 'multiprocessing-misuse' and d['severity'] == 'warning'" \
        "[W CudaIPCTypes.cpp:15] Producer process has been terminated before all shared CUDA tensors released. See Note [Sharing CUDA tensors]"
expect "a notebook's traceback cut before its exception line is named by IPython's header" \
        "d['category'] == 'gpu-out-of-memory' and 'Cell In[3]' in d['title']" \
        "---------------------------------------------------------------------------
OutOfMemoryError                          Traceback (most recent call last)
Cell In[3], line 5
      3 model = AutoModel.from_pretrained(name)
----> 5 model.to(\"cuda\")

File /opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py:1145, in Module.to(self, *args, **kwargs)
   1141         return t.to(device)
-> 1145 return self._apply(convert)"
expect "IPython's frames are read up to its exception line" \
        "d['id'] == 'torch.cuda-oom' and d['raised_in']['function'] == 'Module.to' and d['raised_in']['line'] == 1145" \
        "OutOfMemoryError                          Traceback (most recent call last)
Cell In[3], line 5
----> 5 model.to(\"cuda\")

File /opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py:1145, in Module.to(self, *args, **kwargs)
-> 1145 return self._apply(convert)

OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 14.75 GiB total capacity)"
expect "a private submodule that the application imports is gone from the installed package (Python names the first missing part)" \
        "d['category'] == 'library-version-mismatch'" \
        "Traceback (most recent call last):
  File \"/home/me/detr/util/misc.py\", line 22, in <module>
    from torch._six import string_classes
ModuleNotFoundError: No module named 'torch._six'" --no-signatures
expect "the application's own package missing a module is not a version mismatch" \
        "d['category'] == 'missing-dependency'" \
        "Traceback (most recent call last):
  File \"/srv/app/main.py\", line 3, in <module>
    import helpers.io
ModuleNotFoundError: No module named 'helpers.io'"
expect "a release that does not support the running Python is a version mismatch" \
        "d['category'] == 'library-version-mismatch'" \
        "Traceback (most recent call last):
  File \"/app/serve.py\", line 8, in <module>
    model = torch.compile(model)
  File \"/venv/lib/python3.14/site-packages/torch/__init__.py\", line 2500, in compile
    raise RuntimeError(\"torch.compile is not supported on Python 3.14+\")
RuntimeError: torch.compile is not supported on Python 3.14+" --no-signatures
expect "a /dev/shm smaller than what the program maps there, in a warning" \
        "d['category'] == 'shared-memory-exhausted'" \
        "2024-05-02 10:11:12,345	WARNING services.py:1996 -- WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm has only 2147483648 bytes available." --no-signatures
expect "sbatch refusing a submission is a configuration to change" \
        "d['category'] == 'invalid-configuration'" \
        "sbatch: error: You must specify an account with --account when submitting to the gpu partition" --no-signatures
expect "c10's enforce failure alone on a line is an error (a checkpoint write cut short)" \
        "d['category'] == 'disk-full'" \
        "[enforce fail at inline_container.cc:603] . unexpected pos 6400 vs 6300" --no-signatures
expect "a keyword a library hands on to its own class, dropped by its release, is a version mismatch" \
        "d['category'] == 'library-version-mismatch'" \
        "Traceback (most recent call last):
  File \"/venv/lib/python3.11/site-packages/transformers/modeling_utils.py\", line 3800, in from_pretrained
    model = cls(config, *model_args, **model_kwargs)
TypeError: BertForMaskedLM.__init__() got an unexpected keyword argument 'use_auth_token'" --no-signatures
expect "pytest's E lines carry what the test raised" \
        "d['category'] == 'cuda-version-mismatch'" \
        "tests/test_kernels.py:88: in test_mm
    out = kernel(a, b)
E       RuntimeError: flash_mla is only supported on CUDA 12.3 and above
tests/test_kernels.py:88: RuntimeError" --no-signatures
expect "a block drawn behind a box rule is read as its lines" \
        "d['category'] == 'multiprocessing-misuse'" \
        " │ Traceback (most recent call last):
 │   File \"/srv/batch.py\", line 40, in worker
 │     llm = LLM(model=path)
 │ AssertionError: daemonic processes are not allowed to have children" --no-signatures
expect "Dynamo's recompile limit, in a warning" \
        "d['category'] == 'compile-failure'" \
        "W1203 10:00:01.000000 1234 torch/_dynamo/convert_frame.py:906] torch._dynamo hit config.recompile_limit (8)" --no-signatures
expect "no GPU available, said in a sentence" "d['category'] == 'gpu-unavailable'" \
        "ValueError: The worker has no GPU available for the engine." --no-signatures
expect "a request longer than the model's context window is a setting to change (or a shorter prompt)" \
        "d['category'] == 'invalid-configuration'" \
        "2025-01-02 10:00:00 ERROR [server] slot 1: prompt exceeds the maximum context length, request rejected" --no-signatures
expect "a constant that overflows fp16 is the code's bug" "d['category'] == 'application-bug'" \
        "RuntimeError: value cannot be converted to type at::Half without overflow: 1e+10" --no-signatures
expect "an fp16/bf16-only kernel given fp32 is a dtype setting" "d['category'] == 'invalid-configuration'" \
        "RuntimeError: this attention kernel only supports float16 and bfloat16 data types" --no-signatures
expect "a training script that stops on a NaN loss: a diverging run (precision, learning rate)" \
        "d['category'] == 'invalid-configuration' and r['diagnoses'][1]['id'] == 'alternative.application-bug'" \
        "Jan 01 08:00:01 gpu1 python3[42]: Epoch: [3]  [ 100/500]  loss: 0.4121 (0.4377)
Jan 01 08:00:09 gpu1 python3[42]: Loss is inf, stopping training
Jan 01 08:00:12 gpu1 systemd[1]: train.service: Main process exited, code=exited, status=1/FAILURE
Jan 01 08:00:12 gpu1 systemd[1]: train.service: Failed with result 'exit-code'."
expect "anomaly mode's NaN in a backward pass" "d['category'] == 'invalid-configuration'" \
        "RuntimeError: Function 'LogSoftmaxBackward0' returned nan values in its 0th output." --no-signatures
expect "assert_close's mismatch lines are one diagnosis, the test's" \
        "d['category'] == 'application-bug' and d['count'] == 3 and [x['id'] for x in r['diagnoses'][1:]] == ['alternative.invalid-configuration']" \
        "E       AssertionError: Tensor-likes are not close!
E       Mismatched elements: 12 / 4096 (0.3%)
E       Greatest absolute difference: 0.00061 at index (3, 17) (up to 1e-05 allowed)" --no-signatures
expect "a client that hung up before the model had loaded: its timeout" "d['category'] == 'invalid-configuration'" \
        'time=2026-01-05T10:00:00.000Z level=WARN source=server.go:1300 msg="client connection closed before server finished loading, aborting load"' --no-signatures
expect "a capability gate on a line without a level" "d['category'] == 'gpu-arch-unsupported'" \
        "FP8 GEMM is only supported on devices with compute capability >= 8.9" --no-signatures
expect "a GPU generation that the installed wheel has no kernels for, in Paddle's words" \
        "d['category'] == 'gpu-arch-unsupported'" \
        "The GPU architecture in your current machine is Maxwell, which is not compatible with Paddle installation with arch: 75 80 86 89" --no-signatures
expect "a versioned symbol another copy of the library lacks" "d['category'] == 'binary-abi-mismatch'" \
        "OSError: /opt/conda/lib/libcudnn_ops.so.9: symbol cudnnGetLibConfig version libcudnn_graph.so.9 not defined in file libcudnn_graph.so.9 with link time reference" --no-signatures
expect "CUDA's initialization error names a forked child as its other reading" \
        "d['category'] == 'driver-problem' and r['diagnoses'][1]['id'] == 'alternative.multiprocessing-misuse'" \
        "RuntimeError: CUDA failed with error initialization error" --no-signatures
expect "an extension operator older torch cannot find is a version mismatch" "d['category'] == 'library-version-mismatch'" \
        "RuntimeError: No such operator torchvision::nms" --no-signatures
expect "an extension operator without CUDA kernels under a CUDA torch" "d['category'] == 'library-version-mismatch'" \
        "NotImplementedError: Could not run 'torchvision::nms' with arguments from the 'CUDA' backend. This could be because the operator doesn't exist for this backend" --no-signatures
expect "an ATen operator missing for a backend is not an extension's version" "d.get('category') != 'library-version-mismatch'" \
        "NotImplementedError: Could not run 'aten::empty_strided' with arguments from the 'SparseCUDA' backend." --no-signatures
expect "cpp_extension finding no CUDA runtime: no GPU in the container" "d['category'] == 'gpu-unavailable'" \
        "No CUDA runtime is found, using CUDA_HOME='/usr/local/cuda'" --no-signatures
expect "an extension built for a CUDA torch, given the CPU-only wheel" "any(x['category'] == 'missing-dependency' for x in r['diagnoses'])" \
        "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:
    PyTorch 2.1.2+cu121 with CUDA 1201 (you have 2.1.2+cpu)" --no-signatures
expect "a lambda that spawned DataLoader workers cannot be sent" "d['category'] == 'multiprocessing-misuse'" \
        "AttributeError: Can't pickle local object 'train_detector.<locals>.<lambda>'" --no-signatures
expect "a Drive link gdown may not download, before the missing file it leaves" "d['category'] == 'model-access-denied'" \
        "Access denied with the following error:

 	Cannot retrieve the public link of the file. You may need to change
	the permission to 'Anyone with the link', or have had many accesses.
Traceback (most recent call last):
  File \"/content/app/download.py\", line 46, in fetch
    with zipfile.ZipFile(path + \"tmp.zip\", \"r\") as z:
FileNotFoundError: [Errno 2] No such file or directory: '/content/app/weights/tmp.zip'" --no-signatures
expect "VS Code's debugger names the exception on one line and its message on the next" \
        "d['category'] == 'multiprocessing-misuse' and d['exception']['type'] == 'AttributeError'" \
        "Exception has occurred: AttributeError
Can't pickle local object 'train_detector.<locals>.<lambda>'" --no-signatures
expect "CTranslate2's wording of a CUDA error" "d['id'] == 'cuda-error.2'" \
        "RuntimeError: CUDA failed with error out of memory" --no-signatures
expect "TensorFlow 1's re-raised error class, '(see above for traceback)'" "d['category'] == 'gpu-out-of-memory'" \
        "ResourceExhaustedError (see above for traceback): OOM when allocating tensor with shape[64,256,128,128]" --no-signatures
expect "a line naming a cause comes before an exception nothing recognises" \
        "d['category'] == 'shared-memory-exhausted' and r['diagnoses'][1]['id'] == 'unrecognized'" \
        "FatalError: Worker process (pid 812) exited unexpectedly.
This may be caused by insufficient shared memory, check /dev/shm with df -h." --no-signatures
expect "a request the server's schema rejects is the client's" \
        "d['category'] == 'application-bug' and r['diagnoses'][1]['category'] == 'library-version-mismatch'" \
        "ERROR 01-05 10:00:00 serving_chat.py:180] Error in applying chat template from request: 2 validation errors for ValidatorIterator" --no-signatures
expect "a warning hard-wrapped after a comma and a blank" "d['category'] == 'library-version-mismatch'" \
        "UserWarning: plugin foo_cuda12 version 1.4.0 is installed, 
but it is not compatible with the installed foolib version 1.3.2" --no-signatures
expect "an alternative never pushes an independent root cause of the run out of the first three" \
        "[x['id'] for x in r['diagnoses'][:3]].count('alternative.port-in-use') <= 1 and any(x['category'] == 'disk-full' for x in r['diagnoses'][:3]) and any(x['category'] == 'gpu-out-of-memory' for x in r['diagnoses'][:3])" \
        "PermissionError: [Errno 13] Permission denied: '/models/cache'
OSError: [Errno 28] No space left on device: '/data/ckpt'
RuntimeError: CUDA error: out of memory" --no-signatures
expect "dcgm: the host engine out of reach, in dcgmi's words" \
        "d['id'] == 'dcgm.dcgm-st-connection-not-valid' and d['category'] == 'service-failure'" \
        "Error: Unable to connect to host engine. Host engine connection invalid/disconnected." --no-signatures
expect "dcgm: profiling fields on GPUs without them, in dcgm-exporter's words" \
        "d['id'] == 'dcgm.dcgm-st-profiling-not-supported' and d['category'] == 'gpu-arch-unsupported'" \
        'time="2024-06-01T08:00:00Z" level=fatal msg="Failed to watch metrics: Error watching fields: Profiling is not supported for this group of GPUs or GPU"' --no-signatures
expect "dcgm: the Python bindings' class of a weak text" "d['id'] == 'dcgm.dcgm-st-nvml-error' and d['category'] == 'driver-problem'" \
        "dcgm_structs.DCGMError_NvmlError: NVML error" --no-signatures
expect "a backend that runs only in one precision" "d['category'] == 'invalid-configuration'" \
        "2025-01-01T00:00:00Z ERROR backend: Could not start backend: BertLarge is only supported in fp32 precision" --no-signatures
expect "a data type a backend does not support" "d['category'] == 'invalid-configuration'" \
        "RuntimeError: Could not start backend: dtype bfloat16 is not supported" --no-signatures
expect "a tensor made under inference_mode given to autograd" "d['category'] == 'application-bug'" \
        "RuntimeError: Inference tensors cannot be saved for backward. To work around you can make a clone to get a normal tensor and use it in autograd." --no-signatures
expect "undefined symbol whose name the paste cut off" "d['category'] == 'binary-abi-mismatch'" \
        "OSError: /opt/app/lib/libfoo_module.so: undefined symbol: " --no-signatures
expect "a library's own script calling its own function with missing arguments: the bug is the alternative" \
        "d['category'] == 'library-version-mismatch' and r['diagnoses'][1]['category'] == 'application-bug'" \
        "Traceback (most recent call last):
  File \"/usr/lib/python3.10/runpy.py\", line 196, in _run_module_as_main
    return _run_code(code, main_globals, None,
  File \"/usr/lib/python3.10/runpy.py\", line 86, in _run_code
    exec(code, run_globals)
  File \"/opt/conda/lib/python3.10/site-packages/deepspeed/tools/check_ops.py\", line 40, in <module>
    build_all()
TypeError: build_all() missing 1 required positional argument: 'cfg'" --no-signatures
expect "NVHPC's runtime: a CUDA driver call and its number" "d['id'] == 'cuda-error.700'" \
        "Accelerator Fatal Error: call to cuMemcpyDtoHAsync returned error 700: Illegal address during kernel execution" --no-signatures
expect "NVSHMEM's 'non-zero status: N' is not an HTTP status" "all(not x['id'].startswith('http.') for x in r['diagnoses'])" \
        "/src/host/mem/mem_heap.cpp:1573: non-zero status: 403 Mapping mem size 1073741824 failed" --no-signatures
expect "a kernel driver the library calls 'too old' (gdrcopy)" "d['category'] == 'driver-problem'" \
        "ERR:  Error getting the gdrdrv driver version with ioctl error (errno=25). gdrdrv might be too old." --no-signatures
expect "a RAFT precondition on a call's arguments" "d['category'] == 'invalid-configuration'" \
        "RuntimeError: RAFT failure at file=/src/cpp/include/raft/neighbors/ivf_pq.cuh line=120: n_lists must be smaller than the number of rows" --no-signatures
expect "GNU ld: a symbol defined nowhere" "d['id'] == 'build.ld-symbol' and d['category'] == 'compile-failure'" \
        "/usr/bin/ld: ops.o: in function \`launch': ops.cpp:(.text+0x1a): undefined reference to \`cuLaunchKernelEx'" --no-signatures
expect "nvrm: the driver's status code in a kernel log line" \
        "d['id'] == 'nvrm.nv-err-nvlink-fabric-failure' and d['category'] == 'driver-problem'" \
        "[ 1234.567890] NVRM: nvCheckOkFailedNoLog: Check failed: Nvlink Fabric Probe failed [NV_ERR_NVLINK_FABRIC_FAILURE] (0x00000082) returned from knvlinkDiscover @ kern_nvlink.c:212" --no-signatures
expect "glog's prefix with the year (glog 0.6 and later) marks an error line" "d.get('id') == 'error-lines'" \
        "I20240101 10:00:00.000000 4242 factory.cc:20] create index IVF_FLAT
E20240101 10:00:00.000100 4242 config.cc:64] index builder rejected the request: unexpected parameter efSearch" --no-signatures
expect "glog's CHECK on a count of devices that is zero" "d['category'] == 'gpu-unavailable'" \
        "F0101 00:00:00.000000  4242 engine.cc:88] Check failed: num_gpus > 0 (0 vs. 0)" --no-signatures
expect "a libtorch without the device's backend, from another language's binding" "d['category'] == 'missing-dependency'" \
        "Error in to_device(x) : PyTorch is not linked with support for cuda devices (getDeviceGuardImpl at ../c10/core/impl/DeviceGuardImplInterface.h:216)" --no-signatures
expect "DataParallel given a model on another GPU than device_ids[0]" "d['category'] == 'application-bug'" \
        "RuntimeError: module must have its parameters and buffers on device cuda:0 (device_ids[0]) but found one of them on device: cuda:1" --no-signatures
expect "Cython: a cimported extension from another release" "d['category'] == 'binary-abi-mismatch'" \
        "ImportError: pkg._lib.core does not export expected C function make_table" --no-signatures
expect "the JVM: a native library that does not load" "d['category'] == 'missing-dependency'" \
        "Exception in thread \"main\" java.lang.UnsatisfiedLinkError: no jnicuda in java.library.path" --no-signatures
expect "cupti: a profiler's CUPTI failure by its result name" \
        "d['id'] == 'cupti.cupti-error-insufficient-privileges' and d['category'] == 'invalid-configuration'" \
        "/src/tracer.cpp:120: error: function cuptiActivityRegisterCallbacks(req, done) failed with error CUPTI_ERROR_INSUFFICIENT_PRIVILEGES." --no-signatures
expect "cupti: kineto's advice that names a result is not the error" "not r['diagnoses']" \
        "INFO:2024-02-02 09:53:39 166:166 init.cpp:158] If you see CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, refer to https://developer.nvidia.com/nvidia-development-tools-solutions-err-nvgpuctrperm-cupti" --no-signatures
expect "a gdb backtrace through abort() is a SIGABRT" "d['id'] == 'signal.sigabrt'" \
        "#4  0x00007f3c8a2b5859 in raise () from /lib/x86_64-linux-gnu/libc.so.6
#5  0x00007f3c8a2a0535 in __GI_abort () at abort.c:79
#6  0x0000555555556abc in main () at train.cc:42" --no-signatures
expect "a program that reports a bug in itself (GDB's internal-error)" "d['category'] == 'application-bug'" \
        "gdb/dwarf2/read.c:1234: internal-error: process_die: Assertion \`die->tag != 0' failed.
A problem internal to GDB has been detected,
further debugging may prove unreliable." --no-signatures
expect "a compiled operator called with arguments it was not registered with" "d['category'] == 'library-version-mismatch'" \
        "Traceback (most recent call last):
  File \"/usr/lib/python3/dist-packages/engine/attention.py\", line 80, in plan
    self._module.plan(*args)
  File \"/usr/lib/python3/dist-packages/torch/_ops.py\", line 829, in __call__
    return self._op(*args, **kwargs)
RuntimeError: fused_kernels::plan() is missing value for argument '_15'. Declaration: fused_kernels::plan(Tensor a, Tensor b, int _15) -> Tensor" --no-signatures
expect "a kernel with no build for the model's GQA group size" "d['category'] == 'model-unsupported'" \
        "RuntimeError: BatchPrefillWithPagedKVCachePyTorchWrapper::Forward(...)::<lambda()> failed to dispatch group_size 3" --no-signatures
expect "a graph beyond protobuf's 2 GB" "d['category'] == 'model-unsupported'" \
        "[libprotobuf ERROR google/protobuf/message_lite.cc:289] Exceeded maximum protobuf size of 2GB: 2193606791" --no-signatures
expect "an environment variable asking for what the device cannot do" "d['category'] == 'invalid-configuration'" \
        "FI_EFA_USE_DEVICE_RDMA=1 was set by user, but EFA device has no rdma-read capability.  Application will abort()." --no-signatures
expect "a package's own code asking its own module for a name it lacks is its bug" \
        "d['category'] == 'application-bug' and r['diagnoses'][1]['category'] == 'library-version-mismatch'" \
        "Traceback (most recent call last):
  File \"run.py\", line 3, in <module>
    step()
  File \"/usr/lib/python3/dist-packages/pkgx/utils/ranks.py\", line 42, in rank
    return mpu.get_model_parallel_rank()
AttributeError: module 'pkgx.parallel.state_sp' has no attribute 'get_model_parallel_rank'" --no-signatures
expect "a removed name asked of a package's module __getattr__ stays a version mismatch" "d['category'] == 'library-version-mismatch'" \
        "Traceback (most recent call last):
  File \"/usr/lib/python3/dist-packages/otherpkg/io.py\", line 10, in load
    x = numpy.float(v)
  File \"/usr/lib/python3/dist-packages/numpy/__init__.py\", line 324, in __getattr__
    raise AttributeError(__former_attrs__[attr])
AttributeError: module 'numpy' has no attribute 'float'" --no-signatures
expect "an assert in a constructor checks the values it was built with" "d['category'] == 'invalid-configuration'" \
        "Traceback (most recent call last):
  File \"test.py\", line 8, in <module>
    model = Mixer(d_model=16)
  File \"/usr/lib/python3/dist-packages/mixer/modules/mixer.py\", line 77, in __init__
    assert self.d_inner % self.headdim == 0
AssertionError" --no-signatures
expect "XLA that cannot start ptxas: the CUDA assembler is not installed" "d['category'] == 'missing-dependency'" \
        "2022-03-11 15:15:48.010891: F external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:435] ptxas returned an error during compilation of ptx to sass: 'INTERNAL: Failed to launch ptxas'" --no-signatures
expect "wgpu: a device asked for a limit its adapter does not allow" "d['category'] == 'invalid-configuration'" \
        "Could not get WebGPU device: LimitsExceeded(FailedLimit { name: \"max_bind_groups\", requested: 8, allowed: 4 })" --no-signatures
expect "wandb without an API key in a job with no terminal" "d['category'] == 'model-access-denied'" \
        "wandb: ERROR api_key not configured (no-tty). call wandb.login(key=[your_api_key])" --no-signatures
expect "ExecuTorch's Vulkan back end without a shader for the operator's dtypes" "d['category'] == 'model-unsupported'" \
        "libc++abi: terminating due to uncaught exception of type vkcompute::vkapi::Error:
(it != listings_.end()) is false! Could not find ShaderInfo with name view_convert_buffer_int32_uint8" --no-signatures
expect "XGBoost's CUDA error with the file and line before the runtime's text" "d['id'] == 'cuda-error.2'" \
        "CUDA error: build/xgboost/src/common/device_helpers.cuh(386): out of memory" --no-signatures
expect "an option the library's GPU implementation does not have" "d['category'] == 'invalid-configuration'" \
        "_catboost.CatBoostError: catboost/private/libs/options/catboost_options.cpp:936: On GPU loss MultiClass can't be used with ordered boosting" --no-signatures
expect "bitsandbytes without a CUDA runtime it can load" "d['category'] == 'missing-dependency'" \
        "CUDA Setup failed despite GPU being available. Please run the following command to get more information:" --no-signatures
expect "a library that loads but lacks a symbol is an ABI mismatch, not a missing library" "d['category'] == 'binary-abi-mismatch'" \
        "Could not load library libcudnn_cnn_train.so.8. Error: /usr/local/cuda/lib64/libcudnn_cnn_train.so.8: undefined symbol: _ZN5cudnn3cnn5infer22queryClusterPropertiesERPhS3_, version libcudnn_cnn_infer.so.8" --no-signatures
expect "a model dimension that the shard count does not divide" "d['category'] == 'invalid-configuration'" \
        "AssertionError: The choosen size 50432 is not compatible with sharding on 3 shards" --no-signatures
expect "mlflow: the tracking server's error code, from the client's RestException" \
        "d['id'] == 'mlflow.resource-does-not-exist' and d['category'] == 'invalid-configuration'" \
        "mlflow.exceptions.RestException: RESOURCE_DOES_NOT_EXIST: Could not find experiment with ID 7" --no-signatures
expect "mlflow: a parameter logged again with another value is the logging code's mistake" "d['category'] == 'application-bug'" \
        "mlflow.exceptions.RestException: INVALID_PARAMETER_VALUE: Changing param values is not allowed. Params were already logged='[{'key': 'lr'}]'" --no-signatures
expect "an exception line quoted in a Markdown code span is read as the exception" "d['category'] == 'model-unsupported'" \
        '`ValueError: The checkpoint you are trying to load has model type qwen3_moe but Transformers does not recognize this architecture.`' --no-signatures
expect "Triton Inference Server: a model whose config.pbtxt does not fit it, not errno EINVAL" \
        "d['id'] == 'triton-server.invalid-arg' and d['category'] == 'invalid-configuration'" \
        "E0301 09:14:02.118230 1 model_lifecycle.cc:621] failed to load 'resnet' version 1: Invalid argument: model 'resnet', tensor 'input': for the model to support batching the shape should have at least 1 dimension and the first dimension must be -1" --no-signatures
expect "Triton Inference Server: the status as the model table and the repository index show it" \
        "d['id'] == 'triton-server.not-found' and d['category'] == 'model-files-invalid'" \
        "| yolo  | 1       | UNAVAILABLE: Not found: unable to load model 'yolo', configuration expects 2 inputs, model provides 1 |" --no-signatures
expect "Triton Inference Server: a model state at the line's start is Triton's status, not gRPC's UNAVAILABLE" \
        "d['id'] == 'triton-server.not-found'" \
        "UNAVAILABLE: Not found: unable to find '/models/bert/1/model.plan' for model 'bert'" --no-signatures
expect "Triton Inference Server: a backend library not found is the other reading of Invalid argument" \
        "d['id'] == 'triton-server.invalid-arg' and $alt2 and r['diagnoses'][1]['category'] == 'missing-dependency'" \
        "E1203 08:00:12.441210 1 model_lifecycle.cc:630] failed to load 'ranker' version 1: Invalid argument: unable to find 'libtriton_tensorflow.so' or 'tensorflow/model.py' for model 'ranker'" --no-signatures
expect "Triton Inference Server: Not found around a linker error gives way to the linker's reading" \
        "d['id'] == 'dynamic-linker.undefined-symbol'" \
        "| llm | 1 | UNAVAILABLE: Not found: unable to load shared library: /opt/tritonserver/backends/python/libtriton_python.so: undefined symbol: TRITONBACKEND_ModelInstanceState |" --no-signatures
expect "Triton Inference Server: Python's EINVAL on a model path stays errno's" "d['id'] == 'errno.einval'" \
        "OSError: [Errno 22] Invalid argument: '/models/resnet/1/model.onnx'" --no-signatures
expect "Python's tarfile.ReadError: a truncated or corrupt archive" "d['category'] == 'model-files-invalid'" \
        'tarfile.ReadError: unexpected end of data' --no-signatures
expect "soundfile's LibsndfileError: an audio file libsndfile cannot read" "d['category'] == 'model-files-invalid'" \
        "soundfile.LibsndfileError: Error opening '/data/clips/0001.flac': Format not recognised." --no-signatures
expect "Arrow's 32-bit offsets overflowed: a batch too large for one chunk" "d['category'] == 'invalid-configuration' and $alt2" \
        'pyarrow.lib.ArrowInvalid: offset overflow while concatenating arrays, consider casting input from `list<item: string>` to `list<item: large_string>` first.' --no-signatures
expect "Arrow's binary builder past 2 GiB is the same limit" "d['category'] == 'invalid-configuration'" \
        'pyarrow.lib.ArrowCapacityError: array cannot contain more than 2147483646 bytes, have 2147490322' --no-signatures
expect "Go's failed listen whose reason the system localized: the held port is the likely reading" \
        "d['category'] == 'port-in-use'" \
        'time="2025-02-03T10:11:12+01:00" level=fatal msg="listen tcp 0.0.0.0:8080: bind: Solo se permite un uso de cada dirección de socket (protocolo/dirección de red/puerto)"' --no-signatures
expect "Go's failed listen in English stays errno's reading" "d['id'] == 'errno.eaddrnotavail'" \
        'Error: listen tcp 10.0.0.5:8080: bind: cannot assign requested address' --no-signatures
expect "a registry's own JSON error body (code DENIED) is a refused pull" \
        "d['id'] == 'registry.denied' and d['category'] == 'model-access-denied'" \
        'Error response from daemon: Head "https://nvcr.io/v2/team/app/manifests/1.0": denied: {"errors": [{"code": "DENIED", "message": "Access Denied"}]}' --no-signatures
expect "docker's 'pull access denied ... does not exist': a wrong name first, a login second" \
        "d['id'] == 'registry.pull-access-denied' and d['category'] == 'invalid-configuration' and $alt2 and r['diagnoses'][1]['category'] == 'model-access-denied'" \
        "docker: Error response from daemon: pull access denied for vllm-openai, repository does not exist or may require 'docker login': denied: requested access to the resource is denied." --no-signatures
expect "an earlier 'unauthorized' from the registry explains docker's later 'pull access denied'" \
        "d['id'] == 'registry.unauthorized' and r['diagnoses'][1]['id'] == 'registry.pull-access-denied'" \
        'Step 1/4 : FROM nvcr.io/nvidia/pytorch:24.01-py3
Get https://nvcr.io/v2/nvidia/pytorch/manifests/24.01-py3: unauthorized: authentication required
docker: Error response from daemon: pull access denied for my-trainer, repository does not exist or may require '"'docker login'"'.' --no-signatures
expect "a cuDNN parameter error after the framework's own cuDNN version warning offers the mismatch second" \
        "d['id'] == 'gpu-library.cudnn-status-bad-param' and $alt2 and r['diagnoses'][1]['category'] == 'cuda-version-mismatch'" \
        "W0412 10:00:01.000000  4242 gpu_resources.cc:119] WARNING: device: 0. The installed Paddle is compiled with CUDNN 8.6, but CUDNN version in your machine is 8.2, which may cause serious incompatible bug. Please recompile or reinstall Paddle with compatible CUDNN version.
ExternalError: CUDNN error(3), CUDNN_STATUS_BAD_PARAM." --no-signatures
expect "without such a warning a cuDNN parameter error offers no version mismatch" \
        "d['id'] == 'gpu-library.cudnn-status-bad-param' and not any(x['category'] == 'cuda-version-mismatch' for x in r['diagnoses'])" \
        'RuntimeError: cuDNN error: CUDNN_STATUS_BAD_PARAM' --no-signatures
expect "bash in a Chinese locale: a program not on PATH" "d['id'] == 'exec.command-not-found-translated-script'" \
        'bash: torchrun: 未找到命令' --no-signatures
expect "bash in a German locale: a program not on PATH" "d['id'] == 'exec.command-not-found-translated'" \
        'bash: nvcc: Kommando nicht gefunden.' --no-signatures
if command -v msgunfmt >/dev/null && ls /usr/share/locale/*/LC_MESSAGES/bash.mo >/dev/null 2>&1; then
        check "exec: every language bash ships its 'command not found' in" "$PY" -c "
import glob, json, re, subprocess, sys
bad = []
for mo in sorted(glob.glob('/usr/share/locale/*/LC_MESSAGES/bash.mo')):
    raw = subprocess.run(['msgunfmt', mo], capture_output=True).stdout
    cs = re.search(rb'charset=([\\w-]+)', raw)
    m = re.search(r'msgid \"%s: command not found\"\nmsgstr \"(.*)\"', raw.decode(cs.group(1).decode() if cs else 'utf-8'))
    if not m or not m.group(1):
        continue
    line = 'bash: ' + m.group(1).replace('%s', 'nvcc')
    out = subprocess.run(['$CORONER', '-f', 'json', '--no-signatures', '-'], input=line.encode(), capture_output=True).stdout
    ids = [d['id'] for d in json.loads(out)['diagnoses']]
    if not ids or not ids[0].startswith('exec.command-not-found'):
        bad.append((mo.split('/')[4], line, ids[:1]))
print(bad); sys.exit(1 if bad else 0)"
else
        echo "ok $((_n + 1)) - exec: every language bash ships its 'command not found' in # SKIP no msgunfmt or bash translations"
        _n=$((_n + 1))
fi
expect "ONNX Runtime's arena failing after the log names a CPU arena offers host memory second" \
        "d['id'] == 'onnxruntime.bfc-arena-allocation-failed' and $alt2 and r['diagnoses'][1]['category'] == 'host-out-of-memory'" \
        "2024-01-01 10:00:00.0 [I:onnxruntime:, bfc_arena.cc:29 BFCArena] Creating BFCArena for Cpu with following configs: initial_chunk_size_bytes: 1048576
RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Non-zero status code returned while running Conv node. Status Message: bfc_arena.cc:376 onnxruntime::BFCArena::AllocateRawInternal Failed to allocate memory for requested buffer of size 285081600"
expect "a GPU session's provider list (CPU as its fallback) does not make the arena host memory" \
        "d['id'] == 'onnxruntime.bfc-arena-allocation-failed' and not any(x['category'] == 'host-out-of-memory' for x in r['diagnoses'])" \
        "sess = ort.InferenceSession(path, providers=['CUDAExecutionProvider', 'CPUExecutionProvider'])
RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Non-zero status code returned while running Conv node. Status Message: bfc_arena.cc:376 onnxruntime::BFCArena::AllocateRawInternal Failed to allocate memory for requested buffer of size 285081600"
expect "transformers' torch.load guard asks for a newer torch: a version mismatch" "d['category'] == 'library-version-mismatch'" \
        'ValueError: Due to a serious vulnerability issue in `torch.load`, even with `weights_only=True`, we now require users to upgrade torch to at least v2.6 in order to use the function.' --no-signatures
expect "JAX's CUDA plugin could not load a CUDA library: not installed, or another CUDA found first" \
        "d['category'] == 'missing-dependency' and $alt2 and r['diagnoses'][1]['category'] == 'cuda-version-mismatch'" \
        'RuntimeError: Unable to load cuBLAS. Is it installed?' --no-signatures
expect "uv: a release with no wheel for this platform, the host's platform second" \
        "d['category'] == 'missing-dependency' and $alt2 and r['diagnoses'][1]['category'] == 'container-or-platform'" \
        'error: Distribution `vllm==0.9.0 @ registry+https://pypi.org/simple` can'"'"'t be installed because it doesn'"'"'t have a source distribution or wheel for the current platform' --no-signatures
expect "nvidia-container-cli's CUDA requirement without the program's prefix (a quoted or Go-toolkit line)" \
        "d['id'] == 'container.cuda-requirement-unsatisfied'" \
        'docker: Error response from daemon: failed to create task for container: unsatisfied condition: cuda>=12.6 (cuda=12.2)'
expect "TGI's warmup prefill OOM, worded in lower case by the launcher" "d['id'] == 'tgi.warmup-prefill-oom'" \
        'ERROR text_generation_launcher: Method Warmup encountered an error: not enough memory to handle 8192 prefill tokens'
expect "dcgm: dcgm-exporter's 'Error watching fields:' with a status text too common to match alone" \
        "d['id'] == 'dcgm.dcgm-st-not-supported'" \
        'time="2022-05-27T08:53:59Z" level=fatal msg="Error watching fields: Feature not supported"' --no-signatures
expect "dcgm: a module not loaded names the GPU without profiling metrics as the alternative" \
        "d['id'] == 'dcgm.dcgm-st-module-not-loaded' and any(x['category'] == 'gpu-arch-unsupported' for x in r['diagnoses'][1:3])" \
        'time="2020-12-15T11:28:40Z" level=fatal msg="Error watching fields: This request is serviced by a module of DCGM that is not currently loaded"' --no-signatures
expect "the CUDA samples' '(error code <text>)' is that CUDA error, not the allocation it failed" \
        "d['id'] == 'cuda-error.3' and d['category'] == 'driver-problem'" \
        "Failed to allocate device vector A (error code initialization error)!" --no-signatures
expect "a matrix factorisation that failed on its numbers is the data or the settings" "d['category'] == 'invalid-configuration'" \
        "torch._C._LinAlgError: linalg.cholesky: The factorization could not be completed because the input is not positive-definite (the leading minor of order 3596 is not positive-definite)." --no-signatures
expect "nixl: a status raised by NIXL's Python bindings" "d['id'] == 'nixl.nixl-err-not-found' and d['category'] == 'application-bug'" \
        "nixl._bindings.nixlNotFoundError: NIXL_ERR_NOT_FOUND" --no-signatures
expect "nixl: a peer that went away is communication" "d['id'] == 'nixl.nixl-err-remote-disconnect' and d['category'] == 'distributed-communication'" \
        "nixl_cu12._bindings.nixlRemoteDisconnectError: NIXL_ERR_REMOTE_DISCONNECT" --no-signatures
expect "TensorRT's 'CUDA initialization failure with error: 35' is the runtime's error 35" "d['id'] == 'cuda-error.35'" \
        "[05/06/2023-17:34:17] [TRT] [W] CUDA initialization failure with error: 35. Please check your CUDA installation:  http://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html" --no-signatures
expect "hipBLASLt without a Tensile library for the GPU's gfx target" "d['category'] == 'gpu-arch-unsupported'" \
        "rocblaslt error: Cannot read /usr/local/lib/ollama/rocm/hipblaslt/library/TensileLibrary_lazy_gfx1201.dat: No such file or directory" --no-signatures
expect "rocBLAS's list of the Tensile files it has, below a cut error line" "d['category'] == 'gpu-arch-unsupported'" \
        '"/usr/local/lib/ollama/rocm/rocblas/library/TensileLibrary_lazy_gfx1030.dat"' --no-signatures
expect "hipErrorFileNotFound is a file missing from the install, the gfx target the alternative" \
        "d['id'] == 'hip-error.hiperrorfilenotfound' and d['category'] == 'missing-dependency' and any(x['category'] == 'gpu-arch-unsupported' for x in r['diagnoses'][1:3])" \
        "hipErrorFileNotFound at rocblas/library/src/tensile_host.cpp" --no-signatures
expect "onnx-tensorrt: the parser's error code names the model's fault" "d['id'] == 'onnx-tensorrt.invalid-node' and d['category'] == 'model-files-invalid'" \
        "[E] In node 4 (parseGraph): INVALID_NODE: Invalid Node - conv_1_relu" --no-signatures
expect "onnx-tensorrt: an operator the parser does not import" "d['category'] == 'model-unsupported'" \
        "[01/01/2024-10:00:00] [TRT] [E] In node 12 with name: /blocks/ScatterND and operator: ScatterND (importFallbackPluginImporter): UNSUPPORTED_NODE: Assertion failed: creator" --no-signatures
expect "EINVAL from a container runtime's kernel set-up offers the host kernel as the alternative" \
        "d['id'] == 'errno.einval' and any(x['category'] == 'container-or-platform' for x in r['diagnoses'][1:3])" \
        "slurmstepd: error: pyxis: seccomp filter failed: Invalid argument:22" --no-signatures
expect "UCX with no protocol for GPU memory between its peers: a transport setting, the cancelled NIXL transfer its consequence" \
        "d['category'] == 'invalid-configuration' and not any(x['id'] == 'nixl.nixl-err-canceled' and x['role'] == 'root-cause' for x in r['diagnoses'])" \
        "[1760048752.141287] proto_reconfig.c:60   UCX  ERROR cannot find remote protocol for: ucp_context_0 inter-node cfg#2 | get(multi) into cuda/GPU0 from host
NIXL Xfer failed with status: NIXL_ERR_CANCELED" --no-signatures
expect "UCX's device API with no lane for the GPU is a transport setting" "d['category'] == 'invalid-configuration'" \
        "[1765457011.052824] [node:1222683:0]      ucp_device.c:415  UCX  ERROR failed to select lane for local device GPU0" --no-signatures
expect "a kernel dispatched by SM version with none for this GPU, alone on its line" "d['category'] == 'gpu-arch-unsupported'" \
        "Unsupported SM version for FP8 block scaling GEMM" --no-signatures
expect "a TensorRT-LLM runner's exception, '[<component> Error][...]', is an error line and its CUTLASS dispatch names the GPU" \
        "d['category'] == 'gpu-arch-unsupported' and d['severity'] == 'error'" \
        "[TensorRT-LLM Error][CutlassFp8RowwiseGemmRunner][GEMM Dispatch] Arch unsupported for CUTLASS gated GEMM" --no-signatures
expect "torchao skipping its kernels for another torch release is the two packages' versions" \
        "d['category'] == 'library-version-mismatch'" \
        "Skipping import of cpp extensions due to incompatible torch version 2.7.1+cu128 for torchao version 0.15.0 Please see https://github.com/pytorch/ao/issues/2919 for more info" --no-signatures
expect "MSVC's fatal error keeps its number when the text is translated, and outranks the errno it quotes" \
        "d['id'] == 'build.msvc-fatal' and d['category'] == 'compile-failure'" \
        "C:\\Users\\u\\AppData\\Local\\Temp\\tmp4v\\cuda_utils.c(12): fatal error C1083: Не удается открыть файл включение: Python.h: No such file or directory," --no-signatures
expect "the tasks of an srun --label launch are streams of their own" "d['category'] == 'invalid-configuration' and d['count'] == 2" \
        ' 0: Traceback (most recent call last):
 1: Traceback (most recent call last):
 0:   File "/usr/local/lib/python3.12/dist-packages/megatron/core/transformer/transformer_config.py", line 464, in __post_init__
 1:   File "/usr/local/lib/python3.12/dist-packages/megatron/core/transformer/transformer_config.py", line 464, in __post_init__
 0:     raise ValueError(
 1:     raise ValueError(
 0: ValueError: num_attention_heads (15) must be a multiple of tensor_model_parallel_size (2).
 1: ValueError: num_attention_heads (15) must be a multiple of tensor_model_parallel_size (2).' --no-signatures
expect "crun's missing executable, as a health check in an image without curl reports it" "d['id'] == 'exec.command-not-found'" \
        'Error: crun: executable file `curl` not found in $PATH: No such file or directory: OCI runtime attempted to invoke a command that was not found' --no-signatures
expect "conda's solver conflict is the packages' versions, with CUDA's packages as the other reading" \
        "d['category'] == 'library-version-mismatch' and any(x['category'] == 'cuda-version-mismatch' for x in r['diagnoses'])" \
        'UnsatisfiableError: The following specifications were found to be in conflict:
  - cudatoolkit 10.1*
  - pytorch 1.0.1* -> cudatoolkit >=10.0.130,<10.1.0a0' --no-signatures
expect "conda's solver conflict, libmamba's wording" "d['category'] == 'library-version-mismatch'" \
        'LibMambaUnsatisfiableError: Encountered problems while solving:
  - package libcurand-10.4.2.51-h676940d_0 requires cuda-version >=13.2,<13.3.0a0, but none of the providers can be installed' --no-signatures
expect "XLA's BLAS without a cuBLAS handle is GPU memory, behind the INTERNAL status it comes in" \
        "d['category'] == 'gpu-out-of-memory'" \
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Attempting to perform BLAS operation using StreamExecutor without BLAS support" --no-signatures
expect "TensorFlow's warning that BLAS is missing names GPU memory" "d['category'] == 'gpu-out-of-memory'" \
        "2018-12-13 21:57:02.575651: W tensorflow/stream_executor/stream.cc:2127] attempting to perform BLAS operation using StreamExecutor without BLAS support" --no-signatures
expect "NVSHMEM's transport errors, named only by its build path, are distributed communication" \
        "d['category'] == 'distributed-communication'" \
        "/dvs/p4/build/sw/rel/gpgpu/toolkit/r12.9/main_nvshmem/src/host/transport/transport.cpp:420: non-zero status: 7 connect EPS failed" --no-signatures
expect "Click's unknown subcommand is the command line, or another release of the program" \
        "d['category'] == 'invalid-configuration' and any(x['category'] == 'library-version-mismatch' for x in r['diagnoses'])" \
        "Usage: tune [OPTIONS] COMMAND [ARGS]...
Try 'tune --help' for help.

Error: No such command 'run'." --no-signatures
expect "SageMaker's account limit, as botocore words it, is a quota" "d['category'] == 'resource-limit'" \
        "ResourceLimitExceeded: An error occurred (ResourceLimitExceeded) when calling the CreateTrainingJob operation: The account-level service limit 'ml.p3.2xlarge for training job usage' is 0 Instances" --no-signatures
expect "ldconfig on WSL's driver libraries names the Windows driver's copies" "d['category'] == 'driver-problem'" \
        "ldconfig: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link" --no-signatures
expect "a device back-end without torch.Generator is a feature the installed software lacks" "d['category'] == 'model-unsupported'" \
        'Traceback (most recent call last):
  File "rng_error.py", line 7, in main
    generator = torch.Generator(device)
RuntimeError: Device type PRIVATEUSEONE is not supported for torch.Generator() api.' --no-signatures
expect "a bare \"cannot import name\" line is the ImportError it words, about package versions" \
        "d['category'] == 'library-version-mismatch' and d['exception']['type'] == 'ImportError'" \
        "cannot import name 'CheckpointPolicy' from 'torch.utils.checkpoint'" --no-signatures
expect "XLA's allocator on a TPU, in TensorFlow's older wording, is device memory" "d['category'] == 'gpu-out-of-memory'" \
        "2020-10-22 02:48:58 10.128.0.33 [3]   (1) Resource exhausted: Attempting to allocate 180.59M. That was not possible. There are 142.58M free.; (0x3x0_HBM1)" --no-signatures
expect "libtpu's lock held by another process is a TPU this process cannot have" "d['category'] == 'gpu-unavailable'" \
        "libtpu.so already in used by another process. Not attempting to load libtpu.so in this process." --no-signatures
expect "nvcc without the architecture, quoted in prose, is the toolkit's version" "d['category'] == 'cuda-version-mismatch'" \
        "when I install it I meet the error: \"Unsupported gpu architecture 'compute_75'\"." --no-signatures
expect "a SYCL device program that failed to build is a compile failure" "d['category'] == 'compile-failure'" \
        "(PI_ERROR_BUILD_PROGRAM_FAILURE)Exception caught at file:C:/w/llama-cpp-bigdl/ggml/src/ggml-sycl.cpp, line:3715" --no-signatures
expect "a flash-attn outside the range a TransformerEngine release accepts is the two packages' versions" \
        "d['category'] == 'library-version-mismatch'" \
        'Traceback (most recent call last):
  File "/opt/conda/lib/python3.10/site-packages/transformer_engine/pytorch/attention.py", line 3099, in __init__
    assert (
AssertionError: FlashAttention maximum version 2.5.8 is supported.' --no-signatures
expect "CPython's \"No module named\" without its exception type is a failure line about a missing package" \
        "d['category'] == 'missing-dependency' and d['id'] == 'failure-lines'" \
        "/usr/bin/python3: No module named vllm" --no-signatures
expect "a compiled extension that \"is needed to be installed\" is a missing dependency" "d['category'] == 'missing-dependency'" \
        "ValueError: either triton or autoawq-kernels is needed to be installed to use \`.backward()\`." --no-signatures
expect "an FP8 path that requires a higher compute capability is the GPU's architecture" \
        "d['category'] == 'gpu-arch-unsupported'" \
        "AssertionError: Device compute capability 8.9 or higher required for FP8 execution." --no-signatures
expect "a quantized model placed partly on the CPU is GPU memory, or else the device_map" \
        "d['category'] == 'gpu-out-of-memory' and $alt2 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        "ValueError: Some modules are dispatched on the CPU or the disk. Make sure you have enough GPU RAM to fit the quantized model." \
        --no-signatures
expect "optimum's warning that it turned exllama off by itself is not a failure" \
        "all(x['category'] != 'gpu-out-of-memory' for x in r['diagnoses'])" \
        "WARNING:optimum.gptq.quantizer:Found modules on cpu/disk. Using Exllama/Exllamav2 backend requires all the modules to be on GPU. Setting \`disable_exllama=True\`" \
        --no-signatures
expect "nvcc that does not know the architecture reads as the toolkit, with the GPU as the other reading" \
        "d['id'] == 'generic.cuda-version-mismatch' and $alt2 and r['diagnoses'][1]['category'] == 'gpu-arch-unsupported'" \
        "nvcc fatal   : Unsupported gpu architecture 'compute_120'" --no-signatures
expect "ptxas that does not know the architecture reads as the toolkit, with the GPU as the other reading" \
        "d['id'] == 'generic.cuda-version-mismatch' and $alt2 and r['diagnoses'][1]['category'] == 'gpu-arch-unsupported'" \
        "ptxas fatal   : Value 'sm_100a' is not defined for option 'gpu-name'" --no-signatures
expect "nvcc's -arch wording for an architecture it does not know" \
        "d['category'] == 'cuda-version-mismatch'" \
        "nvcc fatal   : Value 'sm_89' is not defined for option 'gpu-architecture'" --no-signatures
expect "an architecture every current toolkit has dropped is the build's list, with an old GPU as the other reading" \
        "d['category'] == 'compile-failure' and $alt2 and r['diagnoses'][1]['category'] == 'gpu-arch-unsupported'" \
        "nvcc fatal   : Unsupported gpu architecture 'compute_30'" --no-signatures
expect "ptxas asked for Pascal by a CUDA 13 toolkit is the build's list too" \
        "d['category'] == 'compile-failure'" \
        "ptxas fatal   : Value 'sm_61' is not defined for option 'gpu-name'" --no-signatures
expect "nvcc's host-compiler check stays a compile failure, not a library version" \
        "d['id'] == 'build.unsupported-host-compiler'" \
        "/usr/local/cuda-12.1/include/crt/host_config.h:132:2: error: #error -- unsupported GNU version! gcc versions later than 12 are not supported!" --no-signatures
expect "a compiler error inside DKMS's NVIDIA build tree is the driver against this kernel" \
        "d['category'] == 'driver-problem'" \
        "/var/lib/dkms/nvidia/470.223.02/build/nvidia/nv-dma.c:421:20: error: implicit declaration of function 'dma_buf_map_attachment'" --no-signatures
expect "make failing on DKMS's NVIDIA build tree is the driver against this kernel" \
        "d['category'] == 'driver-problem'" \
        "make[1]: *** [Makefile:1913: /var/lib/dkms/nvidia-open/560.35.03/build] Error 2" --no-signatures
expect "a compiler error in another DKMS module stays a compile failure" \
        "d['category'] == 'compile-failure'" \
        "/var/lib/dkms/v4l2loopback/0.12.7/build/v4l2loopback.c:2155:2: error: implicit declaration of function 'strlcpy'" --no-signatures
expect "gguf-py's reader on a file that is not GGUF" \
        "d['category'] == 'model-files-invalid'" \
        "ValueError: GGUF magic invalid" --no-signatures
expect "any other nvcc refusal stays a compile failure" \
        "d['id'] == 'build.nvcc-fatal' and d['category'] == 'compile-failure'" \
        "nvcc fatal   : Host compiler targets unsupported OS." --no-signatures
expect "Triton's FP8 check quoted in an engine's error line is the GPU's architecture" \
        "d['category'] == 'gpu-arch-unsupported'" \
        'ERROR 12-03 03:28:37 engine.py:135] assert builder.options.allow_fp8e4nv, "fp8e4nv data type is not supported on CUDA arch < 89"' \
        --no-signatures
expect "a config no Auto class of the installed transformers maps is a model it does not support" \
        "d['category'] == 'model-unsupported'" \
        "ValueError: Unrecognized configuration class <class 'transformers.models.paligemma.configuration_paligemma.PaliGemmaConfig'> for this kind of AutoModel: AutoModelForCausalLM." \
        --no-signatures
expect "a pydantic error that a dtype does not suit the quantization method is a setting" \
        "d['category'] == 'invalid-configuration'" \
        "  Value error, torch.float32 is not supported for quantization method awq. Supported dtypes: [torch.float16] [type=value_error, input_value=ArgsKwargs((), {'model': 'x'}), input_type=ArgsKwargs]" \
        --no-signatures
expect "any other pydantic validation error is a setting" "d['category'] == 'invalid-configuration'" \
        "  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='eight', input_type=str]" \
        --no-signatures

# ---- round 83: classes read by their kind, not by one product's wording ----
expect "a plural subject: kernels that require a compute capability" "d['category'] == 'gpu-arch-unsupported'" \
        "ImportError: punica LoRA kernels require compute capability >= 8.0" --no-signatures
expect "an extension that could not be imported is missing" "d['category'] == 'missing-dependency'" \
        "ImportError: punica LoRA kernels could not be imported. If you built vLLM from source, make sure VLLM_INSTALL_PUNICA_KERNELS=1 env var was set." --no-signatures
expect "a KeyError on a weight's name is a checkpoint that does not fit" "d['category'] == 'model-files-invalid' and $alt2" \
        "KeyError: 'model.layers.0.self_attn.qkv_proj.weight'" --no-signatures
expect "a KeyError on another key is not a checkpoint" "d['category'] != 'model-files-invalid'" \
        "KeyError: 'layers'" --no-signatures
expect "a header the compiler cannot find is a missing -dev package" "d['id'] == 'build.missing-header' and d['category'] == 'missing-dependency'" \
        "2025-10-30T21:54:45.622419515Z /tmp/tmpbe9ryx74/cuda_utils.c:5:10: fatal error: Python.h: No such file or directory" --no-signatures
expect "a compiler's other fatal errors stay build failures" "d['id'] == 'build.gcc-fatal'" \
        "src/x.c:5:10: fatal error: opening dependency file x.d: Permission denied" --no-signatures
expect "a cloud API's quota metric exceeded is a resource limit" "d['category'] == 'resource-limit'" \
        '    "message": "The following quota metrics exceed quota limits: aiplatform.googleapis.com/custom_model_training_nvidia_l4_gpus",' --no-signatures
expect "a backend version below the one required is a version mismatch" "d['category'] == 'library-version-mismatch'" \
        "RuntimeError: cuDNN FP4 requires backend version >= 91002, found 90701. Please upgrade cuDNN backend." --no-signatures
expect "a Triton kernel's head-size assert is the model's shape" "d['category'] == 'model-unsupported'" \
        "AssertionError: assert Lq in {16, 32, 64, 128, 256, 576}, where Lq = 80." --no-signatures
expect "SGLang's capture wrapper yields to the error inside it" "d['category'] == 'library-version-mismatch'" \
        "Exception: Capture cuda graph failed: cuDNN FP4 requires backend version >= 91002, found 90701. Please upgrade cuDNN backend."
expect "SGLang's capture wrapper stays when the words inside name nothing" "d['id'] == 'sglang.cuda-graph-capture-failed'" \
        "Exception: Capture cuda graph failed: an illegal sequence of calls"

# ---- round 84 ----
expect "ctypes' access violation is Windows' segmentation fault" "d['id'] == 'ntstatus.status-access-violation' and d['category'] == 'process-crash'" \
        "OSError: exception: access violation reading 0x0000000000000000" --no-signatures
expect "Windows' error 127 in Chinese is a DLL without the procedure" "d['id'] == 'winerror.error-proc-not-found'" \
        "ImportError: DLL load failed while importing exllamav2_ext: 找不到指定的程序。" --no-signatures
expect "Windows' error 126 in Japanese is a DLL not found" "d['id'] == 'winerror.error-mod-not-found'" \
        "OSError: [WinError 126] 指定されたモジュールが見つかりません。" --no-signatures
expect "Windows' error 127 in German" "d['id'] == 'winerror.error-proc-not-found'" \
        "ImportError: DLL load failed while importing QtCore: Die angegebene Prozedur wurde nicht gefunden." --no-signatures
expect "a cache directory a service cannot determine is its environment" "d['category'] == 'invalid-configuration'" \
        "main: failed to initialize router models: Failed to determine HF cache directory" --no-signatures
expect "pathlib without a home directory" "d['category'] == 'invalid-configuration'" \
        "RuntimeError: Could not determine home directory." --no-signatures

# ---- round 85 ----
expect "XLA's rematerialization warning is the device's memory" "d['category'] == 'gpu-out-of-memory'" \
        "2024-02-19 15:14:56.882326: W external/xla/xla/service/hlo_rematerialization.cc:2941] Can't reduce memory use below -30.29GiB (-32529110990 bytes) by rematerialization; only reduced to 49.62GiB (53280000080 bytes), down from 49.62GiB (53280000080 bytes) originally" --no-signatures
expect "no EGL device for headless rendering is the driver, the back-end second" "d['category'] == 'driver-problem' and $alt2 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        "ImportError: Cannot initialize a EGL device display. This likely means that your EGL driver does not support the PLATFORM_DEVICE extension, which is required for creating a headless rendering context." --no-signatures
expect "llama.cpp's converter without the model's pre-tokenizer is the model, not a bug" "d['category'] == 'model-unsupported' and $alt2" \
        "NotImplementedError: BPE pre-tokenizer was not recognized - update get_vocab_base_pre()" --no-signatures

# ---- round 86 ----
expect "a DeepSpeed config that disagrees with the Trainer's arguments is the configuration" "d['category'] == 'invalid-configuration'" \
        "ValueError: Please correct the following DeepSpeed config values that mismatch TrainingArguments values:
- ds train_batch_size=32 vs hf train_batch_size (calculated)=4" --no-signatures
expect "a tokenizer without a pad token, even on a line without a level" "d['category'] == 'invalid-configuration'" \
        "Asking to pad but the tokenizer does not have a padding token. Please select a token to use as \`pad_token\`" --no-signatures
expect "a tokenizer without a mask token for masked language modeling" "d['category'] == 'invalid-configuration'" \
        "ValueError: This tokenizer does not have a mask token which is necessary for masked language modeling." --no-signatures

# ---- round 87 ----
expect "TensorRT's FP8 network on a GPU without FP8 is the GPU's architecture" "d['category'] == 'gpu-arch-unsupported'" \
        "[09/11/2024-21:49:27] [E] Error[9]: IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Networks with FP8 Q/DQ layers require hardware with FP8 support.)" --no-signatures
expect "a TensorRT plugin that was never loaded is a missing dependency" "d['category'] == 'missing-dependency'" \
        "ERROR: [TRT]: 3: getPluginCreator could not find plugin: BatchedNMSCustomDynamic_TRT version: 1" --no-signatures
expect "Colab's session that used all its RAM, a line without a level" "d['category'] == 'host-out-of-memory'" \
        "Your session crashed after using all available RAM." --no-signatures
expect "amdkfd skipping a GPU without PCIe atomics: no GPU for ROCm" "d['category'] == 'gpu-unavailable'" \
        "[    7.026427] kfd kfd: amdgpu: skipped device 1002:67df, PCI rejects atomics" --no-signatures

# ---- round 88 ----
expect "modprobe refused an unsigned module (ENOKEY): Secure Boot, the driver's install" "d['category'] == 'driver-problem'" \
        "modprobe: ERROR: could not insert 'nvhda': Required key not available" --no-signatures
expect "newer kernels' 'Key was rejected by service' for the same" "d['category'] == 'driver-problem'" \
        "systemd-modules-load[450]: Failed to insert module 'nvidia': Key was rejected by service" --no-signatures
expect "the kernel's own line, without a level" "d['category'] == 'driver-problem'" \
        "[    8.412104] Loading of unsigned module is rejected" --no-signatures
expect "ENOKEY elsewhere stays the errno's own reading" "d['id'] == 'errno.enokey'" \
        "OSError: [Errno 126] Required key not available: '/models/cache'" --no-signatures

# ---- round 89 ----
expect "Ollama's installer found no NVIDIA or AMD GPU (a warning)" "d['category'] == 'gpu-unavailable'" \
        "WARNING: No NVIDIA/AMD GPU detected. Ollama will run in CPU-only mode." --no-signatures

# ---- round 90 ----
expect "torch_xla without a device configuration: the configuration" "d['category'] == 'invalid-configuration'" \
        "RuntimeError: tensorflow/compiler/xla/xla_client/computation_client.cc:234 : Missing XLA configuration" --no-signatures
expect "nvjpeg: DALI's numbered nvJPEG status, an image nvJPEG cannot decode" \
        "d['id'] == 'nvjpeg.nvjpeg-status-jpeg-not-supported' and d['category'] == 'application-bug'" \
        'RuntimeError: Critical error in pipeline: Error in thread 0: [/opt/dali/dali/pipeline/operators/decoder/nvjpeg_decoder.h:349] NVJPEG error "4"' --no-signatures
expect "nvjpeg: the allocator's failure by name is memory" "d['category'] == 'gpu-out-of-memory'" \
        "decode failed: NVJPEG_STATUS_ALLOCATOR_FAILURE" --no-signatures

# ---- round 92 ----
expect "pydantic 2 refusing a v1 import: the library's version" "d['category'] == 'library-version-mismatch'" \
        'pydantic.errors.PydanticImportError: `BaseSettings` has been moved to the `pydantic-settings` package. See https://docs.pydantic.dev/2.0/migration/#basesettings-has-moved-to-pydantic-settings for more details' --no-signatures
expect "scikit-learn's removal wording names the release" "d['category'] == 'library-version-mismatch'" \
        'ImportError: `load_boston` has been removed from scikit-learn since version 1.2.' --no-signatures

# ---- round 93 ----
# A traceback cut before its exception line: the line logged with it
# (logger.exception's message) carries the exception's words.
expect "a cut traceback takes its category from the error line logged with it" "d['category'] == 'library-version-mismatch' and d['id'] == 'unrecognized'" \
        "2025-04-04 13:35:33,437 - app - ERROR - loader.py:73 - loading the processor failed, 'FooProcessor' object has no attribute 'bar_token'
Traceback (most recent call last):
  File \"/srv/app/run.py\", line 7, in <module>
    main()" --no-signatures
expect "a cut traceback with no error line before it stays unrecognized" "d['category'] == 'unrecognized'" \
        "Traceback (most recent call last):
  File \"/srv/app/run.py\", line 7, in <module>
    main()" --no-signatures

# ---- round 94 ----
expect "tcmalloc's invalid free is the allocator finding its heap corrupted" "d['category'] == 'process-crash'" \
        'src/tcmalloc.cc:283] Attempt to free invalid pointer 0x55d0c0ffee00' --no-signatures
expect "tcmalloc's invalid realloc, the same" "d['category'] == 'process-crash'" \
        'src/tcmalloc.cc:332] Attempt to realloc invalid pointer 0x55d0c0ffee00' --no-signatures
expect "ptxas older than the PTX it assembles, under XLA's INTERNAL status" "d['category'] == 'cuda-version-mismatch'" \
        "2024-09-22 19:38:41.140252: W external/xla/xla/service/gpu/buffer_comparator.cc:1054] INTERNAL: ptxas exited with non-zero error code 65280, output: ptxas /tmp/tempfile-host-528e6f61-1909-622b8be3ab01d, line 10; fatal   : Unsupported .version 7.8; current version is '7.4'" --no-signatures
expect "the driver's JIT older than the PTX" "d['category'] == 'cuda-version-mismatch'" \
        "ptxas application ptx input, line 9; fatal   : Unsupported .version 7.3; current version is '7.2'" --no-signatures
# ---- round 95 ----
# An entry whose text holds another entry's text is the one a line of it means.
expect "CUDA 900's text holds 800's: the capture error, not a GPU this process may not use" "d['id'] == 'cuda-error.900'" \
        'RuntimeError: CUDA error: operation not permitted when stream is capturing' --no-signatures
expect "CUDA 800 alone stays 800" "d['id'] == 'cuda-error.800'" \
        'RuntimeError: CUDA error: operation not permitted' --no-signatures
expect "CUDA 213's text holds 211's (resource not mapped as pointer)" "d['id'] == 'cuda-error.213'" \
        'RuntimeError: CUDA error: resource not mapped as pointer' --no-signatures
# ---- round 97 ----
# A plug-in made for another version of its program says so without a level.
expect "'is not compatible with the current version of' in a line with no level: versions" \
        "d['category'] == 'library-version-mismatch' and d['severity'] == 'warning'" \
        'MindQuantum is not compatible with the current version of NVHPC (21.3). Required is at least 21.5.' --no-signatures
expect "cuDNN of another release than the one PyTorch was built with, tables alone" "d['category'] == 'cuda-version-mismatch'" \
        'RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 9, 2) but found runtime version (8, 8, 0).' --no-signatures
# A ValueError raised in a library with no application frame (a server started
# from its command line): a setting is offered next to the bug.
expect "ValueError raised in a library, no application frame: invalid-configuration is the alternative" \
        "d['category'] == 'application-bug' and $alt2 and r['diagnoses'][1]['id'] == 'alternative.invalid-configuration'" \
        'Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/vllm/config.py", line 1200, in verify_scheduler_config
    raise ValueError(
ValueError: Chunked prefill is not supported for this scheduler policy.' --no-signatures
# The Ray memory monitor's message body on a line of its own.
expect "Ray's 'which exceeds the memory usage threshold' line alone" "d['id'] == 'ray.node-low-memory-kill'" \
        'Memory on the node (IP: 10.0.0.5, ID: 1a2b) where the task (task ID: ff01, name=f, pid=42, memory used=3.10GB) was running was 61.02GB / 62.00GB (0.984193), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 9c8d) because it was the most recently scheduled task;'

# ---- round 99 ----
# NCCL's return-code trace (NCCLCHECK at INFO level): a system error is read
# from it; an internal error's trace, usually another rank's echo, is not.
expect "NCCL INFO 'bootstrap.cc:270 -> 2' alone: ncclSystemError" "d['id'] == 'gpu-library.ncclsystemerror'" \
        'node1:2330:2658 [2] NCCL INFO misc/socket.cc:567 -> 2
node1:2330:2658 [2] NCCL INFO bootstrap.cc:270 -> 2' --no-signatures
expect "NCCL INFO 'init.cc:1079 -> 3' is no diagnosis of its own" \
        "not any(x['id'].startswith('gpu-library.nccl') for x in r['diagnoses'])" \
        'node1:3063025:3066048 [0] NCCL INFO init.cc:1079 -> 3' --no-signatures
# PyTorch's broadcast check quoted without its exception.
expect "'The size of tensor a (N) must match the size of tensor b (M)' with no level: application-bug" \
        "d['category'] == 'application-bug' and d['severity'] == 'warning'" \
        'The size of tensor a (32768) must match the size of tensor b (8192) at non-singleton dimension 0' --no-signatures

# ---- round 100 ----
expect "PyTorch's allocator wording from the XPU back-end (IPEX's 4 GB block limit): GPU memory" \
        "d['category'] == 'gpu-out-of-memory'" \
        'RuntimeError: Current platform can NOT allocate memory block with size larger than 4GB! Tried to allocate 6.85 GiB (GPU  0; 15.56 GiB total capacity; 0 bytes already allocated; 0 bytes reserved in total by PyTorch)' --no-signatures
expect "Lightning's EarlyStopping on a metric the code does not log: the callback's setting" \
        "d['category'] == 'invalid-configuration'" \
        'RuntimeError: Early stopping conditioned on metric `val_loss` which is not available. Pass in or modify your `EarlyStopping` callback to use any of the following: `train_loss`' --no-signatures
expect "Lightning resuming from a weights-only checkpoint: the checkpoint setting" \
        "d['category'] == 'invalid-configuration'" \
        "KeyError: 'Trying to restore optimizer state but checkpoint contains only the model. This is probably due to \`ModelCheckpoint.save_weights_only\` being set to \`True\`.'" --no-signatures
expect "ExLlamaV2 without a tensor prefix the architecture needs: model-unsupported" \
        "d['category'] == 'model-unsupported'" \
        'ValueError:  ## Could not find lm_head.* in model' --no-signatures
expect "'expected <X> version: A but got: B' in a line with no level: versions" \
        "d['category'] == 'library-version-mismatch' and d['severity'] == 'warning'" \
        '  Value error, Prisma Client Python expected Prisma version: ac9d7041ed77 but got: 0a83d8541752' --no-signatures
# ---- round 101 ----
expect "FastAPI's stock 404 body: a path the server has no route for" \
        "d['category'] == 'invalid-configuration'" \
        'ERROR sync: server answered 404 {"detail":"Not Found"} for POST /update_weights_from_disk' --no-signatures
expect "a chat template's raise_exception: the conversation's form" \
        "d['category'] == 'application-bug'" \
        'jinja2.exceptions.TemplateError: Conversation roles must alternate user/assistant/user/assistant/...' --no-signatures
expect "an unrecognized error naming a launch flag it needs: the launch configuration, not versions" \
        "d['category'] == 'invalid-configuration'" \
        '{"object":"error","message":"LoRA adapters requires --enable-lora to be set","type":"BadRequestError","param":null,"code":400}' --no-signatures

# ---- round 103 ----
expect "a wrapper's 'failed with -9': a subprocess's negative returncode is a signal" \
        "d['id'] == 'signal.sigkill'" \
        'RuntimeError: neuronx-cc failed with -9' --no-signatures
expect "CompletedProcess's returncode=-11 is SIGSEGV" \
        "d['id'] == 'signal.sigsegv'" \
        "subprocess.CompletedProcess(args=['./bench'], returncode=-11)" --no-signatures
expect "a C API's negative errno mid-message is not a signal" \
        "not d.get('id', '').startswith('signal.')" \
        'ioctl(DRM_IOCTL_X) failed with -9 on /dev/dri/card0, retrying' --no-signatures
expect "a message that advises increasing a setting: the configuration" \
        "d['category'] == 'invalid-configuration'" \
        'pyarrow.lib.ArrowInvalid: straddling object straddles two block boundaries (try to increase block size?)' --no-signatures
expect "an accelerator runtime's 'Failed to alloc DEVICE memory': device memory" \
        "d['category'] == 'gpu-out-of-memory'" \
        '2024-Jul-10 09:14:38.126653 12878:14357 ERROR  TDRV:dmem_alloc_internal                     Failed to alloc DEVICE memory: 45429760' --no-signatures
expect "a kind of error named before its colon is a failure line, not nothing" \
        "d.get('id') == 'failure-lines'" \
        'VUID-VkBufferCreateInfo-size-06409(ERROR / SPEC): msgNum: -332260500 - Validation Error:' --no-signatures

# ---- round 104 ----
expect "Poetry's 'Unable to find installation candidates': no file of the package fits this environment" \
        "d['category'] == 'missing-dependency'" \
        '  Unable to find installation candidates for torch (1.13.1)' --no-signatures
expect "an exception a harness caught, named after its own words, reads as that exception" \
        "d['id'] == 'generic.invalid-configuration' and d['exception']['type'] == 'ValueError'" \
        '# fail with message: ValueError: Prompt length of 2048 is longer than the maximum model length of 2048.' --no-signatures
expect "a logger's bare 'Error:' label after other words is no exception type" \
        "d.get('exception') is None" \
        '[2024-12-11 21:39:23.552] [error] [WASI-NN] GGML backend: Error: unable to init model.' --no-signatures
expect "the warnings module's 'x.py:97: UserWarning: ...' is not read as a caught exception" \
        "d.get('exception') is None" \
        '/usr/lib/python3/dist-packages/torch/cuda/__init__.py:97: UserWarning: Found GPU0 which is of cuda capability 2.1.' --no-signatures

# ---- round 105 ----
expect "an architecture with no implementation in the serving engine is the model's support, not a setting" \
        "d['category'] == 'model-unsupported'" \
        'ValueError: LiteWhisperForConditionalGeneration has no vLLM implementation and the Transformers implementation is not compatible with vLLM. Try setting VLLM_USE_V1=0.' --no-signatures
expect "the engine's fallback to the Transformers implementation, a warning, is no failure" \
        "not r['diagnoses']" \
        'INFO 05-01 10:00:00 [registry.py:100] Qwen2_5OmniModel has no vLLM implementation, falling back to Transformers implementation. Some features may not be supported and performance may not be optimal.' --no-signatures

# ---- round 106: CPython's own wording of an exception, without its type ----
expect "'X() got an unexpected keyword argument' alone reads as the TypeError it is" \
        "d['exception']['type'] == 'TypeError' and $alt2 and r['diagnoses'][1]['category'] == 'library-version-mismatch'" \
        "DPOTrainer.get_batch_logps() got an unexpected keyword argument 'average_log_prob'" --no-signatures
expect "an AttributeError's message pasted as inline code" \
        "d['exception']['type'] == 'AttributeError'" \
        "\`'AutoencoderKLCogVideoX' object has no attribute '_clear_fake_context_parallel_cache'\`" --no-signatures
expect "'cannot import name' after the journal's prefix is the ImportError" \
        "d['exception']['type'] == 'ImportError' and d['category'] == 'library-version-mismatch'" \
        "May 01 10:00:00 gpu1 python3[4242]: cannot import name 'cached_download' from 'huggingface_hub' (/opt/venv/lib/python3.10/site-packages/huggingface_hub/__init__.py)" --no-signatures
expect "the same words logged as a warning stay a warning" \
        "not any(x['severity'] in ('error', 'critical') for x in r['diagnoses'])" \
        "WARNING:root:'NoneType' object has no attribute 'close'" --no-signatures
expect "prose that shares a word with the forms is no exception" \
        "d.get('exception') is None" \
        "The loader takes 3 minutes to read the index" --no-signatures

# ---- Intel oneAPI's GPU runtime results (knowledge/oneapi.json) ----
expect "SYCL's PI code inside PyTorch's XPU RuntimeError" "d['id'] == 'oneapi.pi-error-uninitialized' and d['category'] == 'driver-problem' and $alt2 and r['diagnoses'][1]['category'] == 'library-version-mismatch'" \
        'Traceback (most recent call last):
  File "/opt/venv/lib/python3.10/site-packages/torch/xpu/__init__.py", line 57, in device_count
    return torch._C._xpu_getDeviceCount()
RuntimeError: Native API failed. Native API returns: -1102 (PI_ERROR_UNINITIALIZED) -1102 (PI_ERROR_UNINITIALIZED)' --no-signatures
expect "Unified Runtime's code, by name whatever its number" "d['id'] == 'oneapi.ur-result-error-out-of-device-memory' and d['category'] == 'gpu-out-of-memory'" \
        'RuntimeError: Native API failed. Native API returns: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)' --no-signatures
expect "Level Zero's result in a C++ program's line" "d['id'] == 'oneapi.ze-result-error-device-lost' and d['category'] == 'gpu-kernel-fault'" \
        'ERROR: zeCommandQueueSynchronize failed: ZE_RESULT_ERROR_DEVICE_LOST' --no-signatures
expect "a kernel the driver cannot build keeps its regression reading" "d['id'] == 'oneapi.pi-error-build-program-failure' and d['category'] == 'compile-failure' and $alt2 and r['diagnoses'][1]['category'] == 'application-bug'" \
        "terminate called after throwing an instance of 'sycl::_V1::compile_program_error'
  what():  The program was built for 1 devices
-11 (PI_ERROR_BUILD_PROGRAM_FAILURE)" --no-signatures
expect "a PI code the runtime prints by its message, not its name" "d['id'] == 'oneapi.pi-error-unknown' and d['category'] == 'driver-problem'" \
        'Native API failed. Native API returns: -999 (Unknown PI error) -999 (Unknown PI error)
Exception caught at file:D:/a/llama.cpp/llama.cpp/ggml/src/ggml-sycl.cpp, line:3438, func:operator()' --no-signatures
expect "success codes are no failure" "d == {}" \
        '[0] level_zero:gpu:0 Intel(R) Arc(TM) A770 Graphics 1.3 [1.3.26918]
Native API returns: 0 (PI_SUCCESS)' --no-signatures

# ---- round 108: UCX's list of transports that do not reach a peer; Go's SIGILL bytes ----
expect "UCX's per-transport reasons, pasted without their log line" "d['id'] == 'ucx.ucs-err-unreachable' and d['category'] == 'network-problem'" \
        "tcp/lo - Destination is unreachable, tcp/eth0 - Destination is unreachable" --no-signatures
expect "a path, a dash and a status text that goes on is not UCX's list" "not d or not d['id'].startswith('ucx.')" \
        "cache/shard-3 - Operation timed out after 30s, retrying" --no-signatures
expect "Go's bytes of a faulting AVX instruction are a SIGILL" "d['id'] == 'signal.sigill' and d['category'] == 'process-crash'" \
        "instruction bytes: 0xc5 0xf1 0xef 0xc9 0xc5 0xfd 0x6f 0x5 0x18 0xab 0x24 0x0 0x49 0xc7 0x86 0x80" --no-signatures
expect "Go's bytes of a trap instruction (ud2) say nothing of the CPU" "not d or d['id'] != 'signal.sigill'" \
        "instruction bytes: 0xf 0xb 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc 0xcc" --no-signatures

# ---- round 109: libraries a loader of its own could not open (cudarc, torch on Windows); kernel modules built for another kernel; PTX older than the GPU ----
expect "cudarc's panic for the driver's library names libcuda: the driver is not visible" \
        "d['id'] == 'dynamic-linker.driver-library-missing' and d['category'] == 'container-or-platform'" \
        'Unable to find cuda lib under the names ["cuda", "nvcuda"]. Please open GitHub issue.' --no-signatures
expect "cudarc's newer panic for another CUDA library is a library not found" \
        "d['id'] == 'dynamic-linker.cannot-open-shared-object' and d['category'] == 'missing-dependency'" \
        'Unable to dynamically load the "nvrtc" shared library - searched for library names: ["nvrtc", "nvrtc64"]. Ensure that `LD_LIBRARY_PATH` has the correct path to the installed library.' --no-signatures
expect "torch's DLL line cut from its WinError is a library that did not load" \
        "d['id'] == 'dynamic-linker.cannot-open-shared-object'" \
        'Error loading "D:\AI\venv\Lib\site-packages\torch\lib\fbgemm.dll' --no-signatures
expect "torch's DLL line after WinError 1455 stays the paging file, not a missing library" \
        "d['id'].startswith('winerror.') and d['category'] != 'missing-dependency'" \
        'OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading "C:\venv\Lib\site-packages\torch\lib\cudnn_cnn_infer64_8.dll" or one of its dependencies.' --no-signatures
expect "a kernel module refused for its version magic is a driver built for another kernel" \
        "d['id'] == 'kernel.module-vermagic' and d['category'] == 'driver-problem'" \
        "[   12.345678] nvidia: version magic '5.4.18-100.fc30.x86_64 SMP mod_unload ' should be '5.4.18-200.fc31.x86_64 SMP mod_unload '" --no-signatures
expect "modprobe's Exec format error for a module is the same, not a program's binary format" \
        "d['id'] == 'kernel.module-vermagic'" \
        "modprobe: ERROR: could not insert 'nvidia': Exec format error" --no-signatures
expect "modprobe's other refusals are not a kernel mismatch" \
        "not d or d['id'] != 'kernel.module-vermagic'" \
        "modprobe: ERROR: could not insert 'nvidia': Operation not permitted" --no-signatures
expect "nvidia-modeset finding the core module at another release is the driver's modules mixed" \
        "d['id'] == 'kernel.nvidia-module-version-mismatch' and d['category'] == 'driver-problem'" \
        "nvidia-modeset: Version mismatch: nvidia.ko(378.13) nvidia-modeset(375.26)" --no-signatures
expect "PTX too old to name the GPU reads as the GPU newer than the compiler, without a signature" \
        "d['category'] == 'gpu-arch-unsupported'" \
        "ptxas /tmp/fileAb12Cd, line 6; error   : PTX .version 7.4 does not support .target sm_89" --no-signatures
expect "Ray's list of possible causes is no evidence that the worker segfaulted" \
        "d['id'] == 'ray.actor-died' and not any(c['supported_by_log'] for c in d['candidates'] if 'native code' in c['cause'])" \
        "The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors."
expect "a failure logged as a warning (torch.compile falling back) still offers its other reading" \
        "d['id'] == 'cuda-error.200' and d['severity'] == 'warning' and $alt2 and r['diagnoses'][1]['category'] == 'cuda-version-mismatch'" \
        "[2023-07-29 04:04:26,800] torch._dynamo.convert_frame: [WARNING] RuntimeError: Triton Error [CUDA]: device kernel image is invalid"

# ---- round 110: urllib3's pool messages without a type; SentencePiece and legacy torch files that do not parse; Compose files docker-compose refuses ----
expect "urllib3's read timeout quoted in an API's error detail is the network" \
        "d['category'] == 'network-problem'" \
        "\"detail\": \"HTTPSConnectionPool(host='openaipublic.blob.core.windows.net', port=443): Read timed out. (read timeout=None)\"" --no-signatures
expect "docker-compose's own daemon timeout (UnixHTTPConnectionPool) is not that class (only its words read it)" \
        "not d or d['id'] != 'generic.network-problem'" \
        "ERROR: for chrome  UnixHTTPConnectionPool(host='localhost', port=None): Read timed out. (read timeout=60)" --no-signatures
expect "SentencePiece failing to parse its model file is the tokenizer file, not an internal error" \
        "d['category'] == 'model-files-invalid'" \
        "RuntimeError: Internal: src/sentencepiece_processor.cc(1101) [model_proto->ParseFromArray(serialized.data(), serialized.size())]" --no-signatures
expect "a legacy torch checkpoint whose storage sizes do not add up is the file, even pasted with a space before the colon" \
        "d['category'] == 'model-files-invalid'" \
        "RuntimeError : storage has wrong size: expected 0 got 82944" --no-signatures
expect "a Compose file docker-compose refuses is the configuration, or a docker-compose older than the key" \
        "d['category'] == 'invalid-configuration' and $alt2 and r['diagnoses'][1]['category'] == 'library-version-mismatch'" \
        "ERROR: The Compose file './docker-compose.yaml' is invalid because:
Unsupported config option for services.frigate: 'runtime'" --no-signatures

# ---- round 111/112: TGI's launcher errors; torch.export's dynamic shapes; config.json a Rust server cannot read ----
expect "TGI's launcher exiting with WebserverFailed is the router, with its address as the other reading" \
        "d['id'] == 'tgi-launcher.webserver-failed' and d['category'] == 'service-failure' and $alt2 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        "Error: WebserverFailed" --no-signatures
expect "TGI's launcher refusing its arguments is the configuration" \
        "d['id'] == 'tgi-launcher.argument-validation' and d['category'] == 'invalid-configuration'" \
        'Error: ArgumentValidation("`max_input_tokens must be < `max_total_tokens`")' --no-signatures
expect "a TGI shard that crashed while serving is named by the launcher's own line" \
        "d['id'] == 'tgi-launcher.shard-failed'" \
        "2024-01-10T08:15:02.123456Z ERROR text_generation_launcher: Shard 1 crashed" --no-signatures
expect "a router missing from PATH is the missing program" \
        "d['id'] == 'tgi-launcher.webserver-cannot-start' and d['category'] == 'missing-dependency'" \
        "2024-01-10T08:15:02.123456Z ERROR text_generation_launcher: text-generation-router not found in PATH" --no-signatures
expect "TGI starting its web server is no failure" \
        "not d or not d['id'].startswith('tgi-launcher.')" \
        "2024-05-02T10:11:12.123456Z  INFO text_generation_launcher: Starting Webserver" --no-signatures
expect "a TGI download error whose JSON message carries the Hub's 401 is the access, not the download" \
        "d['id'] == 'http.401' and d['category'] == 'model-access-denied'" \
        '{"timestamp":"2024-05-01T10:00:00Z","level":"ERROR","fields":{"message":"Download encountered an error: \\nTraceback (most recent call last):\\n\\n  File \\"/opt/conda/lib/python3.10/site-packages/requests/models.py\\", line 1021, in raise_for_status\\n    raise HTTPError(http_error_msg, response=self)\\n\\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://huggingface.co/api/models/meta-llama/Meta-Llama-3-8B\\n"},"target":"text_generation_launcher"}' --no-signatures
expect "TGI's launcher logging a shard ended by signal 4 is the illegal instruction, not the shard that could not start" \
        "d['id'] == 'signal.sigill'" \
        "2024-03-06T17:53:31.052444Z ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 4 rank=0
Error: ShardCannotStart" --no-signatures
expect "torch.export's violated dynamic-shape constraints are the shapes given, or the model's code" \
        "d['category'] == 'invalid-configuration' and $alt2 and r['diagnoses'][1]['category'] == 'application-bug'" \
        "torch._dynamo.exc.UserError: Constraints violated (batch)! For more information, run with TORCH_LOGS=\"+dynamic\".
  - Not all values of batch = L['x'].size()[0] in the specified range batch <= 10 are valid because batch was inferred to be a constant (1)." --no-signatures
expect "a config.json TEI cannot parse is a model it does not support, or a release older than the model's config" \
        "d['category'] == 'model-unsupported' and $alt2 and r['diagnoses'][1]['category'] == 'library-version-mismatch'" \
        "Error: Failed to parse \`config.json\`

Caused by:
    missing field \`pad_token_id\` at line 56 column 1" --no-signatures
expect "TGI's flash models that could not import a module offer the missing kernels, backed by the log" \
        "d['id'] == 'tgi.requires-flash-attention' and any(c.get('supported_by_log') and 'not installed' in c['cause'] for c in d['candidates'])" \
        "2023-07-20T12:31:14.506674Z  WARN text_generation_launcher: Could not import Flash Attention enabled models: No module named 'vllm_cache_ops'
NotImplementedError: Sharded Llama requires Flash Attention enabled models."
expect "vLLM's free-memory check offers a unified-memory GPU as a reading" \
        "d['id'] == 'vllm.free-memory-below-utilization' and any(c['category'] == 'container-or-platform' for c in r['diagnoses'][1:3])" \
        "ValueError: Free memory on device cuda:0 (57.38/124.0 GiB) on startup is less than desired GPU memory utilization (0.8, 99.2 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes."

# ---- round 114: a class's constructor rejecting a keyword; ggml without device code; a GGUF read as config.json ----
expect "a library class's constructor rejecting a keyword is version skew first, the application's call second" \
        "d['category'] == 'library-version-mismatch' and 'SFTTrainer' in d['title'] and 'max_seq_length' in ' '.join(d['fixes']) and $alt2 and r['diagnoses'][1]['category'] == 'application-bug'" \
        "TypeError: SFTTrainer.__init__() got an unexpected keyword argument 'max_seq_length'" --no-signatures
expect "the same from the application's own frame names that frame in the other reading" \
        "d['category'] == 'library-version-mismatch' and $alt2 and 'llava_trainer.py' in str(r['diagnoses'][1])" \
        "Traceback (most recent call last):
  File \"/home/u/llava/train/llava_trainer.py\", line 251, in create_accelerator
    self.accelerator = Accelerator(
TypeError: Accelerator.__init__() got an unexpected keyword argument 'dispatch_batches'" --no-signatures
expect "a method's call with an unexpected keyword stays the application's bug first" \
        "d['category'] == 'application-bug' and $alt2 and r['diagnoses'][1]['category'] == 'library-version-mismatch'" \
        "Traceback (most recent call last):
  File \"/home/u/examples/quickstart.py\", line 17, in <module>
    response = client.complete(prompt='1+1', type='x')
TypeError: Client.complete() got an unexpected keyword argument 'type'" --no-signatures
expect "an anonymous constructor rejecting a keyword stays the application's bug" \
        "d['category'] == 'application-bug'" \
        "Traceback (most recent call last):
  File \"/home/u/sim/main.py\", line 208, in <lambda>
    register_env(cfg.env, lambda config: env_cls(**config))
TypeError: __init__() got an unexpected keyword argument 'sim'" --no-signatures

expect "ggml's kernel without device code for the GPU's arch is the build's architecture list" \
        "d['category'] == 'gpu-arch-unsupported' and $alt2 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        "ggml-cuda.cu:3211: ERROR: CUDA kernel vec_dot_q5_K_q8_1_impl_vmmq has no device code compatible with CUDA arch 520. ggml-cuda.cu was compiled for: 520" --no-signatures
expect "a .gguf file read as a model's config.json is a format this loader does not take, or a release before its GGUF support" \
        "d['category'] == 'model-unsupported' and $alt2 and r['diagnoses'][1]['category'] == 'library-version-mismatch'" \
        "OSError: It looks like the config file at '/models/tinyllama-1.1b-chat-v1.0.Q4_0.gguf' is not a valid JSON file." --no-signatures
expect "any other config file that is not JSON is the model's files" \
        "d['category'] == 'model-files-invalid'" \
        "OSError: It looks like the config file at '/models/llama/config.json' is not a valid JSON file." --no-signatures
# ---- round 115: the GPU driver's utilities missing (knowledge/exec.json) ----
expect "nvidia-smi not found in a shell: no GPU exposed here, not a package to install" "d['id'] == 'exec.gpu-tools-not-found' and d['category'] == 'gpu-unavailable'" \
        'bash: nvidia-smi: command not found'
expect "crun in Podman without a GPU request the runtime understands" "d['id'] == 'exec.gpu-tools-not-found' and d['category'] == 'gpu-unavailable'" \
        'Error: crun: executable file `nvidia-smi` not found in $PATH: No such file or directory: OCI runtime attempted to invoke a command that was not found'
expect "Go's exec of nvidia-smi, second reading the container runtime" "d['id'] == 'exec.gpu-tools-not-found'" \
        'Error: exec: "nvidia-smi": executable file not found in $PATH'
expect "rocm-smi under dash" "d['id'] == 'exec.gpu-tools-not-found'" \
        'sh: 1: rocm-smi: not found'
expect_second "nvidia-smi missing: the container runtime is the second reading" "d['category'] == 'container-or-platform'" \
        'bash: nvidia-smi: command not found'

# ---- round 115: None called after a failed optional import; a registration transformers now owns ----
expect "a library calling a bare name that is None: its optional import failed" "d['category'] == 'missing-dependency' and 'BatchPrefillWrapper' in d['summary'] and $alt2 and r['diagnoses'][1]['category'] == 'invalid-configuration'" \
        'Traceback (most recent call last):
  File "/srv/venv/lib/python3.11/site-packages/vllm/attention/backends/flashinfer.py", line 121, in _get_prefill_wrapper
    self._prefill_wrapper = BatchPrefillWrapper(
TypeError: '"'"'NoneType'"'"' object is not callable'
expect "None called as an attribute stays the code's own state" "d['category'] == 'application-bug'" \
        'Traceback (most recent call last):
  File "/srv/venv/lib/python3.11/site-packages/foo/bar.py", line 3, in f
    return self.fn(len(x))
TypeError: '"'"'NoneType'"'"' object is not callable'
expect "None called in the application's own code stays its bug" "d['category'] == 'application-bug'" \
        'Traceback (most recent call last):
  File "/srv/app/train.py", line 3, in f
    y = model(x)
TypeError: '"'"'NoneType'"'"' object is not callable'
expect "a package directory named like a shell command gets no command built from it" "'pip show' not in str(d) and d['category'] == 'application-bug'" \
        'Traceback (most recent call last):
  File "/srv/venv/lib/python3.11/site-packages/$(touch x)/b.py", line 3, in f
    y = Foo(1)
TypeError: '"'"'NoneType'"'"' object is not callable'
expect "a config name transformers now has natively: version skew" "d['id'] == 'generic.library-version-mismatch' and $alt2 and r['diagnoses'][1]['category'] == 'application-bug'" \
        "ValueError: 'aimv2' is already used by a Transformers config, pick another name."

expect "a library's message that names the setting to change: a configuration first" "d['category'] == 'invalid-configuration'" \
        'Traceback (most recent call last):
  File "train.py", line 184, in __init__
    self.accelerator.prepare(self.model, self.opt)
  File "/srv/venv/lib/python3.10/site-packages/accelerate/accelerator.py", line 1435, in _prepare_deepspeed
    raise ValueError(
ValueError: When using DeepSpeed `accelerate.prepare()` requires you to pass at least one of training or evaluation dataloaders or alternatively set an integer value in `train_micro_batch_size_per_gpu` in the deepspeed config file'

# ---- conda's virtual packages (knowledge/conda-virtual.json) ----
expect "mamba's libsolv: a constraint on __cuda conflicting with the host's __cuda" \
        "d['id'] == 'conda-virtual.cuda' and d['category'] == 'cuda-version-mismatch'" \
        '  - package cudatoolkit-11.0.3-h15472ef_6 has constraint __cuda >=11.0 conflicting with __cuda-10.2-0' --no-signatures
expect "libmamba's tree: __cuda missing on the system, no driver offered as the other reading" \
        "d['id'] == 'conda-virtual.cuda' and $alt2 and r['diagnoses'][1]['category'] == 'gpu-unavailable'" \
        "Could not solve for environment specs
The following packages are incompatible
└─ xgboost ==1.7.6 cuda120py310h379b205_0 is uninstallable because it requires
   └─ __cuda  , which is missing on the system." --no-signatures
expect "libmamba's one-line chain: a package needing a newer __glibc is the C library" \
        "d['id'] == 'conda-virtual.glibc' and d['category'] == 'binary-abi-mismatch'" \
        'bakta =1.12.1 is not installable because it requires diamond >=2.2.0, which requires __glibc >=2.17,<3.0.a0, which is missing on the system' --no-signatures
expect "conda's classic solver: a package asking for __win is another platform's" \
        "d['id'] == 'conda-virtual.win' and d['category'] == 'container-or-platform'" \
        "  - pywin32 -> __win" --no-signatures
expect "'conda info' listing the detected virtual packages is no failure" \
        "not d.get('id', '').startswith('conda-virtual.')" \
        "       virtual packages : __archspec=1=skylake_avx512
                          __conda=23.11.0=0
                          __cuda=12.0=0
                          __glibc=2.31=0" --no-signatures

for f in text markdown; do
        printf '%s\n' "PermissionError: [Errno 13] error while attempting to bind on address ('127.0.0.1', 8188)" > "$TMP/alt.log"
        "$CORONER" -f $f "$TMP/alt.log" > "$TMP/alt.out" 2>&1
        check "the $f report names the alternative of #1" grep -q "alternative to #1" "$TMP/alt.out"
done

# ---- --no-signatures loads the tables alone ----
"$CORONER" -f json --no-signatures "$SRCDIR/corpus/gpu-cuda-oom/log.txt" > "$TMP/n.json"
check "--no-signatures: no signature file's id in the report" "$PY" -c "
import json, sys
r = json.load(open('$TMP/n.json'))
sys.exit(0 if r['diagnoses'] and all(d['basis'] != 'signature' for d in r['diagnoses']) else 1)"

# ---- a table spelling no entry can use is an error that names its file ----
mkdir -p "$TMP/dead"
cat > "$TMP/dead/dead.json" <<'EOF'
{"table": "deadtest", "id": "deadtest.{name}", "title_template": "{name}", "sources": ["test"],
 "category": "system-error", "severity": "error", "role": "root-cause", "fixes": ["Look."],
 "spellings": ["\\b{name}\\b", "(?:Exception|Error): {number}"],
 "entries": [{"name": "EXAMPLEFAILURE", "number": 42, "meaning": "An example.", "sample": "EXAMPLEFAILURE happened"}]}
EOF
printf 'EXAMPLEFAILURE happened\n' > "$TMP/dead.log"
if "$CORONER" --no-default-signatures -s "$TMP/dead" "$TMP/dead.log" > /dev/null 2> "$TMP/dead.err"; then
        not_ok "a dead table spelling fails the load" "exit 0"
else
        check "a dead table spelling fails the load, naming the file and the spelling" \
                grep -q 'dead.json: a spelling applies to no entry, "(?:Exception|Error): {number}"' "$TMP/dead.err"
fi

# ---- the tables are complete against their upstream definitions ----
check "errno: every Linux errno with the C library's text" "$PY" -c "
import errno, json, os, sys
t = {e['name']: e for e in json.load(open('$SRCDIR/knowledge/errno.json'))['entries']}
bad = [n for c, n in errno.errorcode.items() if n not in t or t[n]['number'] != c or t[n]['text'] != os.strerror(c)]
print(bad); sys.exit(1 if bad else 0)"
check "signal: every standard signal with strsignal's text" "$PY" -c "
import json, signal, sys
t = {e['name']: e for e in json.load(open('$SRCDIR/knowledge/signal.json'))['entries']}
bad = [s.name for s in signal.Signals if s.name not in ('SIGRTMIN', 'SIGRTMAX') and
       (s.name not in t or t[s.name]['number'] != s.value or t[s.name]['text'] != signal.strsignal(s))]
print(bad); sys.exit(1 if bad else 0)"
check "python: every built-in exception type" "$PY" -c "
import builtins, json, sys
t = {e['name'] for e in json.load(open('$SRCDIR/knowledge/python.json'))['entries']}
names = [n for n, v in vars(builtins).items() if isinstance(v, type) and issubclass(v, BaseException)
         and not issubclass(v, Warning) and not n.startswith('_') and n not in ('EnvironmentError', 'IOError', 'PythonFinalizationError')]
bad = [n for n in names if n not in t]
print(bad); sys.exit(1 if bad else 0)"
check "cuda: each legacy number reads as its current namesake" "$PY" -c "
import json, sys
entries = json.load(open('$SRCDIR/knowledge/cuda.json'))['entries']
now = {e['name']: e for e in entries if not e.get('legacy')}
keys = ('text', 'class', 'meaning', 'candidates')
bad = [e['number'] for e in entries if e.get('legacy') and
       (e['name'] not in now or e['number'] in {n['number'] for n in now.values()} or
        any(e.get(k) != now[e['name']].get(k) for k in keys))]
print(bad); sys.exit(1 if bad else 0)"
if [ -r /usr/local/cuda/include/driver_types.h ]; then
        check "cuda: every cudaError_t of the installed toolkit" "$PY" -c "
import json, re, sys
src = open('/usr/local/cuda/include/driver_types.h').read()
body = re.search(r'enum __device_builtin__ cudaError\s*\{(.*?)\};', src, re.S).group(1)
codes = {n: int(v) for n, v in re.findall(r'(cudaError\w+)\s*=\s*(\d+)', body)}
t = {e['name']: e['number'] for e in json.load(open('$SRCDIR/knowledge/cuda.json'))['entries'] if not e.get('legacy')}
bad = [n for n, v in codes.items() if t.get(n) != v and not n.endswith('Base')]  # cudaErrorApiFailureBase marks a range
print(bad); sys.exit(1 if bad else 0)"
else
        echo "ok $((_n + 1)) - cuda: every cudaError_t of the installed toolkit # SKIP no CUDA toolkit headers"
        _n=$((_n + 1))
fi
done_testing
