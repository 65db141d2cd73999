"""chain_from: `raise ... from e` — KeyError, then the RuntimeError it caused."""
INDEX = {"weight_map": {"model.layers.0.mlp.up_proj.weight": "model-00001-of-00004.safetensors"}}


def tensor_file(name):
    return INDEX["weight_map"][name]


def load_checkpoint(path, name):
    try:
        return tensor_file(name)
    except KeyError as e:
        raise RuntimeError(f"checkpoint {path} has no tensor {e}") from e


def main():
    load_checkpoint("/models/k26/model.safetensors.index.json", "model.embed_tokens.weight")


if __name__ == "__main__":
    main()
