"""warning: warnings.warn output (FutureWarning, UserWarning); not an error."""
import warnings


def load(torch_dtype=None):
    if torch_dtype is not None:
        warnings.warn("`torch_dtype` is deprecated! Use `dtype` instead!", FutureWarning)
    warnings.warn("do_sample is False but temperature is set to 0.6; it will be ignored", UserWarning)


if __name__ == "__main__":
    print("loading", flush=True)
    load(torch_dtype="bfloat16")
    print("ready", flush=True)
