"""positions: 3.11 position markers, both `^^^^` (a call) and `~~~^^^` (a subscript)."""
CONFIG = {"model": {"rope_scaling": None, "max_position_embeddings": 131072}}


def rope_factor(cfg):
    return cfg["model"]["rope_scaling"]["factor"]


def context_length(cfg):
    base = cfg["model"]["max_position_embeddings"]
    return base * rope_factor(cfg)


if __name__ == "__main__":
    print(context_length(CONFIG))
