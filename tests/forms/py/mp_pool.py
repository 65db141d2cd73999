"""mp_pool: a worker of multiprocessing.Pool fails; the parent prints the worker's
traceback as multiprocessing.pool.RemoteTraceback."""
import multiprocessing


def collate(sample):
    return len(sample["input_ids"])


def main():
    samples = [{"input_ids": [1, 2, 3]}, {"labels": [4]}]
    with multiprocessing.Pool(2) as pool:
        return pool.map(collate, samples)


if __name__ == "__main__":
    main()
