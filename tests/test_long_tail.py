"""The long tail learners paste (issue #31), against PyTorch 2.13: torch.inf & co., torch.range,
torch.Tensor(t); conv_transpose3d, adaptive_max_pool3d, max_unpool3d; the LU family,
cholesky_solve / cholesky_inverse, triangular_solve, linalg.cond / matrix_norm / tensorinv /
tensorsolve; grid_sample / affine_grid; torch.gradient; real / imag and the complex refusals;
torch.fft's real helpers; the *_copy functions; histogramdd.

tests/data/long_tail_refs.json holds snippets and what they gave under PyTorch 2.13 (CPU,
recorded by tests/data/record_long_tail.py): values, dtypes, shapes and grad_fn names of the
results and of the gradients the snippets take, reprs, error types and texts, and warnings. Each
snippet runs here unchanged with `torch` meaning autograd_nb. Gradients are also checked by finite
differences in float64 (test_gradcheck_*).
"""

from __future__ import annotations

import json
import math
import pathlib
import warnings

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import _messages as msg
from autograd_nb import nn
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from autograd_nb.nn import functional as F
from autograd_nb.ops._helpers import WARNED_ONCE

DATA = json.loads((pathlib.Path(__file__).parent / "data" / "long_tail_refs.json").read_text())
CASES = {case["name"]: case for case in DATA["cases"]}

# composites whose grad_fn is the last op they are made of, not PyTorch's own node (values and
# gradients still match): the snippets of these ops skip the grad_fn name comparison
GRAD_FN_DIFFERS = ("cond_", "matrix_norm_", "tensorinv", "tensorsolve")
GRAD_FN_DIFFERS += ("grid_sample_", "affine_grid_", "spatial_transformer", "triangular_solve_")


def _number(value):
    return float(value) if isinstance(value, str) else value


def _compare(got, want, check_grad_fn: bool, where: str = "out") -> None:
    if isinstance(want, dict) and "tensor" in want:
        assert isinstance(got, torch.Tensor), where
        assert str(got.dtype) == "torch." + want["dtype"], where
        assert list(got.shape) == want["shape"], where
        if check_grad_fn:
            name = None if got.grad_fn is None else type(got.grad_fn).__name__
            assert name == want["grad_fn"], where
        expected = np.asarray(_nested(want["tensor"]), dtype=float).reshape(want["shape"])
        actual = np.asarray(got.detach().tolist(), dtype=float).reshape(want["shape"])
        tolerance = (1e-5, 1e-6) if want["dtype"] in ("float32", "float16") else (1e-7, 1e-9)
        np.testing.assert_allclose(actual, expected, *tolerance, err_msg=where)
    elif isinstance(want, dict) and "tuple" in want:
        assert isinstance(got, (tuple, list)), where
        assert len(got) == len(want["tuple"]), where
        for i, (g, w) in enumerate(zip(got, want["tuple"])):
            _compare(g, w, check_grad_fn, f"{where}[{i}]")
    elif isinstance(want, dict) and "float" in want:
        value = float(want["float"])
        assert got == value or (math.isnan(value) and math.isnan(got)), where
    else:
        assert got == want and type(got) is type(want), where


def _nested(values):
    if isinstance(values, list):
        return [_nested(v) for v in values]
    return _number(values)


def run(code: str) -> dict:
    """The snippet under autograd_nb: its `out` or its error, and its warnings."""
    torch.manual_seed(0)
    scope = {"torch": torch, "F": F, "nn": nn, "math": math}
    exec(DATA["helpers"], scope)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # NumPy's floating-point warnings from inside autograd_nb stay silenced, as on import
        warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"autograd_nb\.")
        try:
            exec(code, scope)
            result = {"out": scope["out"]}
        except Exception as error:  # noqa: BLE001 - compared with what PyTorch raised
            result = {"raises": type(error).__name__, "message": str(error)}
    result["warnings"] = [str(w.message) for w in caught]
    return result


@pytest.mark.parametrize("name", sorted(CASES))
def test_like_pytorch(name):
    case = CASES[name]
    got = run(case["code"])
    if "raises" in case:
        assert (got.get("raises"), got.get("message")) == (case["raises"], case["message"])
    else:
        assert "raises" not in got, got.get("message")
        check_grad_fn = not name.startswith(GRAD_FN_DIFFERS)
        _compare(got["out"], case["out"], check_grad_fn)
    assert _per_call(got["warnings"]) == _per_call(case["warnings"])


# PyTorch gives these once per process (TORCH_WARN_ONCE), so whether a snippet shows them
# depends on what ran before it: test_deprecations_warn_once checks them instead
ONCE = (msg.TORCH_LU_DEPRECATED, msg.TORCH_LU_SOLVE_DEPRECATED, msg.TRIANGULAR_SOLVE_DEPRECATED)


def _per_call(texts: list) -> list:
    return [t for t in texts if t not in ONCE]


def test_recorded_warn_once_texts_are_pytorchs():
    recorded = {w for case in DATA["cases"] for w in case["warnings"]}
    assert set(ONCE) <= recorded


@pytest.mark.parametrize(
    ("call", "text"),
    [
        (lambda: torch.lu(torch.eye(2)), msg.TORCH_LU_DEPRECATED),
        (
            lambda: torch.lu_solve(torch.ones(2, 1), *torch.linalg.lu_factor(torch.eye(2))),
            msg.TORCH_LU_SOLVE_DEPRECATED,
        ),
        (
            lambda: torch.triangular_solve(torch.ones(2, 1), torch.eye(2)),
            msg.TRIANGULAR_SOLVE_DEPRECATED,
        ),
    ],
)
def test_deprecations_warn_once(call, text):
    WARNED_ONCE.discard(text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
        call()
    assert [str(w.message) for w in caught] == [text]


def test_every_recorded_case_ran_under_pytorch_2_13():
    assert DATA["torch"].startswith("2.13")
    assert len(CASES) == len(DATA["cases"]) > 200


# --- gradients by finite differences (float64) ---------------------------------------------------
D = torch.float64


def _randn(*shape):
    return torch.randn(*shape, dtype=D, requires_grad=True)


def _unpool_case():
    """max_unpool3d of fixed indices (those of a max_pool3d)."""
    indices = F.max_pool3d(torch.randn(1, 2, 4, 4, 4), 2, return_indices=True)[1]
    return (lambda y: F.max_unpool3d(y, indices, 2)), (_randn(1, 2, 2, 2, 2),)


GRADCHECKS = {
    "conv_transpose3d": lambda: (
        lambda x, w: F.conv_transpose3d(x, w, stride=(2, 1, 1), padding=(0, 1, 0)),
        (_randn(1, 2, 2, 3, 2), _randn(2, 2, 2, 2, 2)),
    ),
    "adaptive_max_pool3d": lambda: (
        lambda x: F.adaptive_max_pool3d(x, (2, 3, 2)),
        (_randn(1, 2, 3, 5, 4),),
    ),
    "max_unpool3d": lambda: _unpool_case(),
    "lu_factor": lambda: (lambda a: torch.linalg.lu_factor(a).LU, (_randn(2, 3, 3),)),
    "lu_factor_wide": lambda: (lambda a: torch.linalg.lu_factor(a).LU, (_randn(2, 4),)),
    "lu_factor_tall": lambda: (lambda a: torch.linalg.lu_factor(a).LU, (_randn(4, 2),)),
    "linalg_lu": lambda: (lambda a: torch.linalg.lu(a)[1:], (_randn(3, 3),)),
    "linalg_lu_wide": lambda: (lambda a: torch.linalg.lu(a)[1:], (_randn(2, 3),)),
    "linalg_lu_tall": lambda: (lambda a: torch.linalg.lu(a)[1:], (_randn(3, 2),)),
    "lu_unpack": lambda: (
        lambda lu: torch.lu_unpack(lu, torch.tensor([2, 3, 3], dtype=torch.int32))[1:],
        (_randn(3, 3),),
    ),
    "lu_solve": lambda: (
        lambda a, b: torch.linalg.lu_solve(*torch.linalg.lu_factor(a), b),
        (_randn(2, 3, 3), _randn(3, 2)),
    ),
    "lu_solve_adjoint": lambda: (
        lambda a, b: torch.linalg.lu_solve(*torch.linalg.lu_factor(a), b, adjoint=True),
        (_randn(3, 3), _randn(3, 2)),
    ),
    "lu_solve_right": lambda: (
        lambda a, b: torch.linalg.lu_solve(*torch.linalg.lu_factor(a), b, left=False),
        (_randn(3, 3), _randn(2, 3)),
    ),
    "lu_solve_right_adjoint": lambda: (
        lambda a, b: torch.linalg.lu_solve(*torch.linalg.lu_factor(a), b, left=False, adjoint=True),
        (_randn(3, 3), _randn(2, 3)),
    ),
    # only the factor's triangle is read: the factor is made from a full matrix, as OpInfo does
    "cholesky_solve": lambda: (
        lambda b, m: torch.cholesky_solve(b, m.triu() + 3 * torch.eye(3, dtype=D), upper=True),
        (_randn(3, 2), _randn(3, 3)),
    ),
    "cholesky_inverse": lambda: (
        lambda m: torch.cholesky_inverse(m.tril() + 3 * torch.eye(3, dtype=D)),
        (_randn(3, 3),),
    ),
    "triangular_solve": lambda: (
        lambda b, a: torch.triangular_solve(b, a + 3 * torch.eye(3, dtype=D), transpose=True),
        (_randn(3, 2), _randn(3, 3)),
    ),
    "cond": lambda: (lambda a: torch.linalg.cond(a, "fro"), (_randn(3, 3),)),
    "matrix_norm_nuc": lambda: (lambda a: torch.linalg.matrix_norm(a, "nuc"), (_randn(3, 4),)),
    "tensorinv": lambda: (lambda a: torch.linalg.tensorinv(a, 1), (_randn(4, 2, 2),)),
    "tensorsolve": lambda: (
        lambda a, b: torch.linalg.tensorsolve(a, b),
        (_randn(2, 2, 4), _randn(2, 2)),
    ),
    "grid_sample_bilinear": lambda: (
        lambda x, g: F.grid_sample(x, g, padding_mode="reflection", align_corners=False),
        (_randn(1, 2, 3, 4), (torch.rand(1, 2, 3, 2, dtype=D) * 2.2 - 1.1).requires_grad_()),
    ),
    "grid_sample_bicubic": lambda: (
        lambda x, g: F.grid_sample(x, g, mode="bicubic", padding_mode="border", align_corners=True),
        (_randn(1, 1, 4, 4), (torch.rand(1, 2, 2, 2, dtype=D) * 1.8 - 0.9).requires_grad_()),
    ),
    "grid_sample_3d": lambda: (
        lambda x, g: F.grid_sample(x, g, align_corners=True),
        (_randn(1, 1, 2, 3, 3), (torch.rand(1, 2, 2, 1, 3, dtype=D) * 1.8 - 0.9).requires_grad_()),
    ),
    "affine_grid": lambda: (
        lambda t: F.affine_grid(t, (1, 1, 3, 4), align_corners=False),
        (_randn(1, 2, 3),),
    ),
    "gradient": lambda: (
        lambda x, c: torch.gradient(x, spacing=(c,), edge_order=2),
        (_randn(5), torch.tensor([0.0, 1, 1.5, 3.5, 4], dtype=D, requires_grad=True)),
    ),
    "t_copy": lambda: (torch.t_copy, (_randn(2, 3),)),
    "split_copy": lambda: (lambda x: torch.split_copy(x, 1, 1), (_randn(2, 3),)),
}


@pytest.mark.parametrize("name", sorted(GRADCHECKS))
def test_gradcheck(name):
    torch.manual_seed(0)
    fn, inputs = GRADCHECKS[name]()
    assert gradcheck(fn, inputs)


@pytest.mark.parametrize(
    "name", ["lu_factor", "lu_solve", "lu_solve_right_adjoint", "cholesky_solve"]
)
def test_gradgradcheck(name):
    torch.manual_seed(0)
    fn, inputs = GRADCHECKS[name]()
    assert gradgradcheck(fn, inputs)


# --- on every device: the same values as on the CPU ----------------------------------------------
ON_DEVICES = {  # x: (1, 2, 4, 4, 4)
    "conv_transpose3d": lambda x: F.conv_transpose3d(
        x, x[0, :, :2, :2, :2].unsqueeze(1), stride=2, padding=1
    ),
    "adaptive_max_pool3d": lambda x: F.adaptive_max_pool3d(x, (2, 1, 3), return_indices=True),
    "max_unpool3d": lambda x: F.max_unpool3d(*F.max_pool3d(x, 2, return_indices=True), 2),
    "lu": lambda x: torch.linalg.lu(x[0, 0, :2]),
    "lu_solve": lambda x: torch.linalg.lu_solve(*torch.linalg.lu_factor(x[0, 0]), x[0, 1, 0]),
    "cholesky_solve": lambda x: torch.cholesky_solve(
        x[0, 0, 0], x[0, 1, 0].tril() + 3 * torch.eye(4, dtype=x.dtype, device=x.device)
    ),
    "grid_sample": lambda x: F.grid_sample(
        x[0],
        x[0, 0].reshape(2, 4, 4, 2).tanh() * 1.2,
        mode="bicubic",
        padding_mode="reflection",
        align_corners=False,
    ),
    "grid_sample_3d": lambda x: F.grid_sample(
        x, x[:, 0, :3].reshape(1, 2, 4, 2, 3).tanh() * 1.2, align_corners=True
    ),
    "affine_grid": lambda x: F.affine_grid(x[0, 0, 0, :2, :3].unsqueeze(0), (1, 1, 3, 4), True),
    "gradient": lambda x: torch.gradient(x[0, 0], edge_order=2),
    "histogramdd": lambda x: torch.histogramdd(x.reshape(-1, 2), bins=3),
    "t_copy": lambda x: torch.t_copy(x[0, 0, 0]),
}


def _tensors(result) -> list:
    """The tensors of a result, nested tuples flattened."""
    if isinstance(result, torch.Tensor):
        return [result]
    return [t for part in result for t in _tensors(part)]


@pytest.mark.parametrize("name", sorted(ON_DEVICES))
def test_same_values_on_every_device(name, device):
    torch.manual_seed(0)
    x = torch.randn(1, 2, 4, 4, 4, dtype=D)
    want = _tensors(ON_DEVICES[name](x))
    got = _tensors(ON_DEVICES[name](x.to(device)))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.device.type == torch.device(device).type
        np.testing.assert_allclose(
            np.asarray(g.cpu().tolist()), np.asarray(w.tolist()), 1e-10, 1e-12
        )


# --- what autograd_nb lacks: one clear error naming what it has ----------------------------------
@pytest.mark.parametrize("name", ["complex64", "cdouble", "uint16", "float8_e4m3fn"])
def test_missing_dtypes_say_what_is_supported(name):
    assert not hasattr(torch, name)
    with pytest.raises(AttributeError, match=r"float16/32/64.*bool") as info:
        getattr(torch, name)
    assert str(info.value).startswith(f"module 'torch' has no attribute '{name}'")


@pytest.mark.parametrize(
    "call",
    [
        lambda: torch.fft.fft(torch.ones(4)),
        lambda: torch.fft.rfft2(torch.ones(2, 2)),
        lambda: torch.view_as_complex(torch.ones(2, 2)),
        lambda: torch.complex(torch.ones(2), torch.ones(2)),
        lambda: torch.polar(torch.ones(2), torch.ones(2)),
    ],
)
def test_complex_results_are_refused_with_one_error(call):
    with pytest.raises(TypeError, match="autograd_nb has no complex dtypes: torch.*fftshift"):
        call()
