"""The bfloat16 dtype (issue #31), against PyTorch 2.13: the dtype and its finfo, making and
converting tensors, type promotion with every other dtype, printing, arithmetic and reductions
(computed in float32 and rounded once, as PyTorch's CPU kernels do), autograd, nn modules,
random streams, NumPy's refusal, torch.save/torch.load in PyTorch's format, and the one error
on the simulated GPU (array-api-strict has no bfloat16; neither has CuPy).

tests/data/bfloat16_refs.json holds snippets and what they gave under PyTorch 2.13 (CPU,
recorded by tests/data/record_bfloat16.py). bfloat16 results are compared exactly.
"""

from __future__ import annotations

import io
import json
import math
import os
import pathlib
import pickletools
import zipfile

import ml_dtypes
import numpy as np
import pytest
from test_long_tail import run

import autograd_nb as torch
from autograd_nb import backends

DATA = json.loads((pathlib.Path(__file__).parent / "data" / "bfloat16_refs.json").read_text())
CASES = {case["name"]: case for case in DATA["cases"]}
# where PyTorch's own bfloat16 values depend on the CPU, compared to within one bfloat16 step:
# its rsqrt rounds the sqrt first in the scalar loop (a short tensor, a ragged end) but not in
# the vector loop, whose width (16 or 32 elements) depends on the CPU's vector instructions
ONE_STEP = {"unary_rsqrt"}


def _values(nested):
    if isinstance(nested, list):
        return [_values(v) for v in nested]
    return float(nested)  # "inf" / "nan" too


def _compare(got, want, where: str = "out", one_step: bool = False) -> None:
    if isinstance(want, dict) and "tensor" in want:
        assert isinstance(got, torch.Tensor), where
        assert str(got.dtype) == "torch." + want["dtype"], where
        assert list(got.shape) == want["shape"], where
        name = None if got.grad_fn is None else type(got.grad_fn).__name__
        assert name == want["grad_fn"], where
        expected = np.asarray(_values(want["tensor"]), dtype=float).reshape(want["shape"])
        actual = np.asarray(got.detach().tolist(), dtype=float).reshape(want["shape"])
        if want["dtype"] == "bfloat16":  # exactly PyTorch's bfloat16 values (10 digits recorded)
            expected = expected.astype(ml_dtypes.bfloat16).astype(float)
            step = 2.0**-7 if one_step else 0.0  # 8 significant bits
            np.testing.assert_allclose(actual, expected, rtol=step, atol=0, err_msg=where)
        else:
            np.testing.assert_allclose(actual, expected, 1e-6, 1e-7, err_msg=where)
    elif isinstance(want, dict) and "tuple" in want:
        assert isinstance(got, (tuple, list)), where
        assert len(got) == len(want["tuple"]), where
        for i, (g, w) in enumerate(zip(got, want["tuple"])):
            _compare(g, w, f"{where}[{i}]", one_step)
    elif isinstance(want, dict) and "float" in want:
        value = float(want["float"])
        assert got == value or (math.isnan(value) and math.isnan(got)), where
    else:
        assert got == want and type(got) is type(want), where


@pytest.mark.parametrize("name", sorted(CASES))
def test_like_pytorch(name):
    case = CASES[name]
    got = run(case["code"])
    if "raises" in case:
        assert (got.get("raises"), got.get("message")) == (case["raises"], case["message"])
    else:
        assert "raises" not in got, got.get("message")
        _compare(got["out"], case["out"], one_step=name in ONE_STEP)
    assert got["warnings"] == case["warnings"]


def test_saved_storage_is_pytorchs():
    """torch.save writes the bytes PyTorch writes for the tensor, under BFloat16Storage, so
    PyTorch loads the file (and autograd_nb loads PyTorch's: test_serialization_pytorch_files)."""
    saved = DATA["saved"]
    x = torch.tensor(saved["values"], dtype=torch.bfloat16)
    buffer = io.BytesIO()
    torch.save({"x": x, "y": x[1:3]}, buffer)
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as archive:
        names = archive.namelist()
        (data,) = [n for n in names if "/data/" in n]  # one storage: y views x's
        assert archive.read(data).hex() == saved["storage_hex"]
        (pickle,) = [n for n in names if n.endswith("/data.pkl")]
        found = {
            arg for op, arg, _ in pickletools.genops(archive.read(pickle)) if op.name == "GLOBAL"
        }
        assert "torch BFloat16Storage" in found
    buffer.seek(0)
    back = torch.load(buffer)
    assert back["x"].dtype is torch.bfloat16 and back["x"].tolist() == x.tolist()
    assert back["y"].data_ptr() == back["x"].data_ptr() + 2  # still a view of the storage


MAKERS = [
    lambda: torch.zeros(2, dtype=torch.bfloat16, device="cuda"),
    lambda: torch.tensor([1.0], dtype=torch.bfloat16, device="cuda"),
    lambda: torch.randn(2, dtype=torch.bfloat16, device="cuda"),
    lambda: torch.ones(2, dtype=torch.bfloat16).cuda(),
    lambda: torch.ones(2, device="cuda").bfloat16(),
    lambda: torch.nn.Linear(2, 2).bfloat16().to("cuda"),
]


@pytest.fixture
def simulated_gpu():
    was = os.environ.get(backends.SIMULATE_ENV) == "1"
    backends.use_simulated_cuda(True)
    yield
    backends.use_simulated_cuda(was)


@pytest.mark.parametrize("make", MAKERS)
def test_simulated_gpu_names_what_it_supports(make, simulated_gpu):
    with pytest.raises(TypeError) as info:
        make()
    assert str(info.value) == (
        "torch.bfloat16 is not available on cuda: array-api-strict (the simulated GPU) has no "
        "such dtype (ours); the dtypes there are bool, uint8, int8, int16, int32, int64, "
        "float32, float64"
    )


@pytest.mark.gpu
@pytest.mark.parametrize("make", MAKERS)
def test_cupy_names_what_it_supports(make):
    backends.use_simulated_cuda(False)
    with pytest.raises(TypeError) as info:
        make()
    assert str(info.value) == (
        "torch.bfloat16 is not available on cuda: CuPy has no such dtype (ours); the dtypes "
        "there are bool, uint8, int8, int16, int32, int64, float16, float32, float64"
    )
