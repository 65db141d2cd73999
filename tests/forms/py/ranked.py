"""ranked: what each rank of a distributed job prints (the same failure on every
rank); make.sh prefixes its lines as SGLang, torchrun, vLLM, Ray and pdsh do."""


def all_gather_object(obj, world_size):
    return [obj] * world_size


def check_shapes(shapes):
    first = shapes[0]
    for rank, shape in enumerate(shapes):
        if shape != first:
            raise ValueError(f"rank {rank} has shape {shape}, rank 0 has {first}")
    return first


def init_weights(world_size):
    try:
        shapes = all_gather_object((4096, 14336), world_size)
        shapes[world_size - 1] = (4096, 11008)
        return check_shapes(shapes)
    except ValueError as e:
        raise RuntimeError("tensor parallel shards disagree") from e


if __name__ == "__main__":
    init_weights(4)
