"""Record PyTorch's texts for tests/test_viz_values.py (the numbers pictures show).

For each case, a tensor made from fixed values (never a random stream), PyTorch's values text
(`torch._tensor_str._tensor_str(t, 0)`: what `repr` shows inside `tensor(...)`) and, for the
summaries of bigger tensors, the same text of its min, mean (in float64), max and first four
values. Run with PyTorch installed:
    python tests/data/record_tensor_text.py
"""

from __future__ import annotations

import json
import math
import pathlib

import torch
from torch._tensor_str import _tensor_str


def _values(n: int, scale: float) -> list[float]:
    return [round(math.sin(1.7 * k + 0.3) * scale, 6) for k in range(n)]


CASES = [  # name, values, shape, dtype
    ("weight_4x3", _values(12, 0.8), [4, 3], "float32"),
    ("sixteen", _values(16, 2.5), [16], "float32"),
    ("column_8x2", _values(16, 1.0), [8, 2], "float32"),
    ("tiny_3x4", _values(12, 3e-5), [3, 4], "float32"),
    ("wide_range", [1e-6, 2.0, 3e5, -4.0], [4], "float32"),
    ("ints", list(range(-3, 9)), [3, 4], "int64"),
    ("integral_floats", [1.0, -2.0, 3.0], [3], "float32"),
    ("scalar", [0.25], [], "float32"),
    ("double", _values(6, 10.0), [2, 3], "float64"),
    ("big_4x16", _values(64, 1.5), [4, 16], "float32"),
    ("big_tiny", _values(40, 2e-6), [40], "float32"),
    ("big_ints", list(range(20)), [20], "int64"),
    ("big_bool", [k % 3 == 0 for k in range(25)], [5, 5], "bool"),
    ("seventeen", _values(17, 1.0), [17], "float32"),
]


def main() -> None:
    out = {}
    for name, values, shape, dtype in CASES:
        t = torch.tensor(values, dtype=getattr(torch, dtype)).reshape(shape)
        entry = {"values": values, "shape": shape, "dtype": dtype, "text": _tensor_str(t, 0)}
        if t.numel() > 16:
            entry["min"] = _tensor_str(t.amin(), 0)
            entry["mean"] = _tensor_str(t.double().mean(), 0)
            entry["max"] = _tensor_str(t.amax(), 0)
            entry["first"] = _tensor_str(t.reshape(-1)[:4], 0)
        out[name] = entry
    path = pathlib.Path(__file__).with_name("tensor_text.json")
    body = ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in out.items())
    path.write_text("{\n" + body + "\n}\n")


if __name__ == "__main__":
    main()
