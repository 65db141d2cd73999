#!/usr/bin/env python3
"""A training job that finishes: a few steps, exit 0 (no ready line)."""
import time
for step in range(3):
    print(f"step {step} loss {2.5 - step * 0.1:.3f}", flush=True)
    time.sleep(0.05)
