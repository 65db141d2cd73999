"""prefix.py — the output of several processes of one job, each line prefixed
with its process's label, interleaved line by line the way the job's
launcher merges them (a fixed-seed shuffle that keeps each process's order).

usage: prefix.py STYLE OUTPUT.txt > merged.txt

STYLE: sglang   "[2026-11-29 21:40:13 TP3] "             4 tensor-parallel ranks
       torchrun "[rank1]: "                               4 ranks (torchrun --tee 3)
       vllm     "(VllmWorker rank=1 pid=4102) "          4 vLLM workers
       ray      "(pid=4101) ", "(RayWorker pid=4102, ip=10.0.0.2) "
       pdsh     "gpu-node-01: ", "gpu-node-02: "         pdsh -w gpu-node-0[1-2]
Every process prints the same OUTPUT.txt (what one rank printed)."""
import random
import sys

STYLES = {
    "sglang": [f"[2026-11-29 21:40:13 TP{r}] " for r in range(4)],
    "torchrun": [f"[rank{r}]: " for r in range(4)],
    "vllm": [f"(VllmWorker rank={r} pid={4101 + r}) " for r in range(4)],
    "ray": ["(pid=4101) ", "(RayWorker pid=4102, ip=10.0.0.2) "],
    "pdsh": ["gpu-node-01: ", "gpu-node-02: "],
}


def main():
    labels = STYLES[sys.argv[1]]
    lines = open(sys.argv[2], "rb").read().decode().splitlines()
    queues = [[label + line for line in lines] for label in labels]
    rng = random.Random(26)
    out = []
    while any(queues):
        q = rng.choice([q for q in queues if q])
        out.append(q.pop(0))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
