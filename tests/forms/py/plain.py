"""plain: an uncaught KeyError three frames deep (run with PYTHONNODEBUGRANGES=1,
so the traceback has no 3.11 position markers, as before 3.11)."""
CONFIGS = {"llama-3-8b": {"num_layers": 32, "hidden_size": 4096}}


def read_config(name):
    return CONFIGS[name]


def build_model(name):
    cfg = read_config(name)
    return cfg["num_layers"]


def main():
    build_model("k26-moe")


if __name__ == "__main__":
    main()
