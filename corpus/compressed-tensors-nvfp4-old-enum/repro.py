"""Reproduces, with CPython itself, the error of the incident in coroner's
brief: a model quantized as nvfp4-pack-quantized loaded with a
compressed-tensors release (0.9.x) whose CompressionFormat enum predates
that format. The enum below lists 0.9.x's members; the lookup is the one
the loader makes by attribute name. Run: python3 repro.py 2> log.txt
"""
from enum import Enum


class CompressionFormat(Enum):
    dense = "dense"
    sparse_bitmask = "sparse-bitmask"
    sparse_24_bitmask = "sparse-24-bitmask"
    int_quantized = "int-quantized"
    float_quantized = "float-quantized"
    naive_quantized = "naive-quantized"
    pack_quantized = "pack-quantized"
    marlin_24 = "marlin-24"


def compressor_for(config):
    return getattr(CompressionFormat, config["format"].replace("-", "_"))


def load_model(config):
    return compressor_for(config["quantization_config"])


load_model({"quantization_config": {"format": "nvfp4-pack-quantized"}})
