"""process_pool: a worker of concurrent.futures.ProcessPoolExecutor fails; the parent
prints the worker's traceback as concurrent.futures.process._RemoteTraceback."""
from concurrent.futures import ProcessPoolExecutor

VOCAB_SIZE = 151643


def tokenize_shard(i):
    ids = [i * 50000 + 1646]
    for t in ids:
        if t >= VOCAB_SIZE:
            raise ValueError(f"shard {i}: token id {t} >= vocab size {VOCAB_SIZE}")
    return ids


def main():
    with ProcessPoolExecutor(max_workers=2) as pool:
        return list(pool.map(tokenize_shard, range(4)))


if __name__ == "__main__":
    main()
