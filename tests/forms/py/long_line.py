"""long_line: a traceback whose last line is longer than 16 KiB (a long list of
unexpected state-dict keys), for the container runtimes' line splitting."""


def load_state_dict(keys):
    unexpected = [k for k in keys if k.startswith("model.vision_tower.")]
    if unexpected:
        raise RuntimeError(f"Error(s) in loading state_dict for K26ForCausalLM: Unexpected key(s) in state_dict: {', '.join(repr(k) for k in unexpected)}.")


if __name__ == "__main__":
    print("loading checkpoint", flush=True)
    load_state_dict([f"model.vision_tower.blocks.{i}.attn.qkv.weight" for i in range(400)])
