"""exception_group: an ExceptionGroup holding a leaf and a nested group of two."""


def open_shard(i):
    if i == 1:
        raise FileNotFoundError(2, "No such file or directory", f"/models/k26/model-0000{i}-of-00004.safetensors")
    if i == 2:
        raise ValueError(f"shard {i}: dtype float8_e4m3fn is not supported on this device")
    if i == 3:
        return {}["lm_head.weight"]


def validate(i):
    errors = []
    for check in (2, 3):
        try:
            open_shard(check)
        except Exception as e:
            errors.append(e)
    raise ExceptionGroup(f"shard {i} failed validation", errors)


def load_all():
    errors = []
    for i in (1, 2):
        try:
            if i == 1:
                open_shard(i)
            else:
                validate(i)
        except Exception as e:
            errors.append(e)
    if errors:
        raise ExceptionGroup("loading checkpoint failed", errors)


if __name__ == "__main__":
    load_all()
