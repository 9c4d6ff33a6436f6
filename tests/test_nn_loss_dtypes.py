"""Loss dtype rules: each loss over input x target dtypes, as PyTorch 2.13 computes or refuses it.

The table below was printed by real PyTorch 2.13 for the same calls: the result's dtype and value
and the dtypes of the input's and target's gradients, or the exception and its text.
"""

from __future__ import annotations

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck

# PyTorch 2.13's texts that many rows share
KERNEL = "\"{}\" not implemented for '{}'"
SUB_BOOL = (
    "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying "
    "to invert a mask, use the `~` or `logical_not()` operator instead."
)
SUB_BOOLS = (
    "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` "
    "or `logical_xor()` operator instead."
)
MEAN_LONG = (
    "mean(): could not infer output dtype. Input dtype must be either a floating point or "
    "complex dtype. Got: Long"
)
PROBS_DTYPE = "Expected floating point type for target with class probabilities, got "
CAST = "result type {} can't be cast to the desired output type {}"
LOG_SIGMOID = KERNEL.format("log_sigmoid_cpu", "{}")
LOG_SOFTMAX = KERNEL.format("log_softmax_lastdim_kernel_impl", "{}")

# (float input, target, integer input): values cast to each dtype of the table
REG = ([0.2, 0.9, 0.4], [0, 1, 1], [0, 1, 1])
CLS = ([[0.2, -0.3], [1.0, 0.5], [0.1, 0.1]], [0, 1, 1], [[0, 1], [1, 0], [1, 1]])
PROBS = ([[0.2, -0.3], [1.0, 0.5], [0.1, 0.1]], [[0, 1], [1, 0], [1, 1]], [[0, 1], [1, 0], [1, 1]])
LOSSES = {
    "mse": (F.mse_loss, REG),
    "l1": (F.l1_loss, REG),
    "bce": (F.binary_cross_entropy, REG),
    "bce_logits": (F.binary_cross_entropy_with_logits, REG),
    "nll": (F.nll_loss, CLS),
    "ce": (F.cross_entropy, CLS),
    "ce_probs": (F.cross_entropy, PROBS),
}

TABLE = [  # PyTorch 2.13: (loss, input dtype, target dtype, then either the result's dtype, value,
    # input's and target's gradient dtypes after backward(), or the exception and its text)
    # F.mse_loss
    ("mse", "float32", "int64", "float32", 0.1366666704416275, "float32", None),
    ("mse", "float32", "int32", "float32", 0.1366666704416275, "float32", None),
    ("mse", "float32", "bool", "float32", 0.1366666704416275, "float32", None),
    ("mse", "float32", "float32", "float32", 0.1366666704416275, "float32", "float32"),
    ("mse", "float32", "float64", "float64", 0.13666666626930257, "float32", "float64"),
    ("mse", "float32", "uint8", "float32", 0.1366666704416275, "float32", None),
    ("mse", "float64", "int64", "float64", 0.13666666626930257, "float64", None),
    ("mse", "float64", "int32", "float64", 0.13666666626930257, "float64", None),
    ("mse", "float64", "bool", "float64", 0.13666666626930257, "float64", None),
    ("mse", "float64", "float32", "float64", 0.13666666626930257, "float64", "float32"),
    ("mse", "float64", "float64", "float64", 0.13666666626930257, "float64", "float64"),
    ("mse", "float64", "uint8", "float64", 0.13666666626930257, "float64", None),
    ("mse", "int64", "int64", NotImplementedError, KERNEL.format("mse_cpu", "Long")),
    ("mse", "int64", "int32", NotImplementedError, KERNEL.format("mse_cpu", "Long")),
    ("mse", "int64", "bool", NotImplementedError, KERNEL.format("mse_cpu", "Long")),
    ("mse", "int64", "float32", "float32", 0.0, None, "float32"),
    ("mse", "int64", "float64", "float64", 0.0, None, "float64"),
    ("mse", "int64", "uint8", NotImplementedError, KERNEL.format("mse_cpu", "Long")),
    ("mse", "bool", "int64", NotImplementedError, KERNEL.format("mse_cpu", "Long")),
    ("mse", "bool", "int32", NotImplementedError, KERNEL.format("mse_cpu", "Int")),
    ("mse", "bool", "bool", NotImplementedError, KERNEL.format("mse_cpu", "Bool")),
    ("mse", "bool", "float32", "float32", 0.0, None, "float32"),
    ("mse", "bool", "float64", "float64", 0.0, None, "float64"),
    ("mse", "bool", "uint8", NotImplementedError, KERNEL.format("mse_cpu", "Byte")),
    ("mse", "int32", "int64", NotImplementedError, KERNEL.format("mse_cpu", "Long")),
    ("mse", "int32", "int32", NotImplementedError, KERNEL.format("mse_cpu", "Int")),
    ("mse", "int32", "bool", NotImplementedError, KERNEL.format("mse_cpu", "Int")),
    ("mse", "int32", "float32", "float32", 0.0, None, "float32"),
    ("mse", "int32", "float64", "float64", 0.0, None, "float64"),
    ("mse", "int32", "uint8", NotImplementedError, KERNEL.format("mse_cpu", "Int")),
    # F.l1_loss
    ("l1", "float32", "int64", "float32", 0.30000001192092896, "float32", None),
    ("l1", "float32", "int32", "float32", 0.30000001192092896, "float32", None),
    ("l1", "float32", "bool", RuntimeError, SUB_BOOL),
    ("l1", "float32", "float32", "float32", 0.30000001192092896, "float32", "float32"),
    ("l1", "float32", "float64", "float64", 0.30000000695387524, "float32", "float64"),
    ("l1", "float32", "uint8", "float32", 0.30000001192092896, "float32", None),
    ("l1", "float64", "int64", "float64", 0.30000000695387524, "float64", None),
    ("l1", "float64", "int32", "float64", 0.30000000695387524, "float64", None),
    ("l1", "float64", "bool", RuntimeError, SUB_BOOL),
    ("l1", "float64", "float32", "float64", 0.30000000695387524, "float64", "float32"),
    ("l1", "float64", "float64", "float64", 0.30000000695387524, "float64", "float64"),
    ("l1", "float64", "uint8", "float64", 0.30000000695387524, "float64", None),
    ("l1", "int64", "int64", RuntimeError, MEAN_LONG),
    ("l1", "int64", "int32", RuntimeError, MEAN_LONG),
    ("l1", "int64", "bool", RuntimeError, SUB_BOOL),
    ("l1", "int64", "float32", "float32", 0.0, None, "float32"),
    ("l1", "int64", "float64", "float64", 0.0, None, "float64"),
    ("l1", "int64", "uint8", RuntimeError, MEAN_LONG),
    ("l1", "bool", "int64", RuntimeError, SUB_BOOL),
    ("l1", "bool", "int32", RuntimeError, SUB_BOOL),
    ("l1", "bool", "bool", RuntimeError, SUB_BOOLS),
    ("l1", "bool", "float32", RuntimeError, SUB_BOOL),
    ("l1", "bool", "float64", RuntimeError, SUB_BOOL),
    ("l1", "bool", "uint8", RuntimeError, SUB_BOOL),
    # F.binary_cross_entropy
    ("bce", "float32", "int64", RuntimeError, "Found dtype Long but expected Float"),
    ("bce", "float32", "int32", RuntimeError, "Found dtype Int but expected Float"),
    ("bce", "float32", "bool", RuntimeError, "Found dtype Bool but expected Float"),
    ("bce", "float32", "float32", "float32", 0.41493162512779236, "float32", "float32"),
    ("bce", "float32", "float64", RuntimeError, "Found dtype Double but expected Float"),
    ("bce", "float32", "uint8", RuntimeError, "Found dtype Byte but expected Float"),
    ("bce", "float64", "int64", RuntimeError, "Found dtype Long but expected Double"),
    ("bce", "float64", "int32", RuntimeError, "Found dtype Int but expected Double"),
    ("bce", "float64", "bool", RuntimeError, "Found dtype Bool but expected Double"),
    ("bce", "float64", "float32", RuntimeError, "Found dtype Float but expected Double"),
    ("bce", "float64", "float64", "float64", 0.4149316047204246, "float64", "float64"),
    ("bce", "float64", "uint8", RuntimeError, "Found dtype Byte but expected Double"),
    ("bce", "int64", "int64", NotImplementedError, KERNEL.format("binary_cross_entropy", "Long")),
    ("bce", "int64", "int32", RuntimeError, "Found dtype Int but expected Long"),
    ("bce", "int64", "bool", RuntimeError, "Found dtype Bool but expected Long"),
    ("bce", "int64", "float32", RuntimeError, "Found dtype Float but expected Long"),
    ("bce", "int64", "float64", RuntimeError, "Found dtype Double but expected Long"),
    ("bce", "int64", "uint8", RuntimeError, "Found dtype Byte but expected Long"),
    ("bce", "bool", "int64", RuntimeError, "Found dtype Long but expected Bool"),
    ("bce", "bool", "int32", RuntimeError, "Found dtype Int but expected Bool"),
    ("bce", "bool", "bool", NotImplementedError, KERNEL.format("binary_cross_entropy", "Bool")),
    ("bce", "bool", "float32", RuntimeError, "Found dtype Float but expected Bool"),
    ("bce", "bool", "float64", RuntimeError, "Found dtype Double but expected Bool"),
    ("bce", "bool", "uint8", RuntimeError, "Found dtype Byte but expected Bool"),
    # F.binary_cross_entropy_with_logits
    ("bce_logits", "float32", "int64", RuntimeError, CAST.format("Float", "Long")),
    ("bce_logits", "float32", "int32", RuntimeError, CAST.format("Float", "Int")),
    ("bce_logits", "float32", "bool", RuntimeError, SUB_BOOLS),
    ("bce_logits", "float32", "float32", "float32", 0.5507693290710449, "float32", "float32"),
    ("bce_logits", "float32", "float64", "float64", 0.5507693439722061, "float32", "float64"),
    ("bce_logits", "float32", "uint8", RuntimeError, CAST.format("Float", "Byte")),
    ("bce_logits", "float64", "int64", RuntimeError, CAST.format("Double", "Long")),
    ("bce_logits", "float64", "int32", RuntimeError, CAST.format("Double", "Int")),
    ("bce_logits", "float64", "bool", RuntimeError, SUB_BOOLS),
    ("bce_logits", "float64", "float32", "float32", 0.5507693290710449, "float64", "float32"),
    ("bce_logits", "float64", "float64", "float64", 0.5507693342172528, "float64", "float64"),
    ("bce_logits", "float64", "uint8", RuntimeError, CAST.format("Double", "Byte")),
    ("bce_logits", "int64", "int64", NotImplementedError, LOG_SIGMOID.format("Long")),
    ("bce_logits", "int64", "int32", NotImplementedError, LOG_SIGMOID.format("Long")),
    ("bce_logits", "int64", "bool", NotImplementedError, LOG_SIGMOID.format("Long")),
    ("bce_logits", "int64", "float32", NotImplementedError, LOG_SIGMOID.format("Long")),
    ("bce_logits", "int64", "float64", NotImplementedError, LOG_SIGMOID.format("Long")),
    ("bce_logits", "int64", "uint8", NotImplementedError, LOG_SIGMOID.format("Long")),
    ("bce_logits", "bool", "int64", NotImplementedError, LOG_SIGMOID.format("Bool")),
    ("bce_logits", "bool", "int32", NotImplementedError, LOG_SIGMOID.format("Bool")),
    ("bce_logits", "bool", "bool", NotImplementedError, LOG_SIGMOID.format("Bool")),
    ("bce_logits", "bool", "float32", NotImplementedError, LOG_SIGMOID.format("Bool")),
    ("bce_logits", "bool", "float64", NotImplementedError, LOG_SIGMOID.format("Bool")),
    ("bce_logits", "bool", "uint8", NotImplementedError, LOG_SIGMOID.format("Bool")),
    # F.nll_loss
    ("nll", "float32", "int64", "float32", -0.2666666805744171, "float32", None),
    (
        "nll",
        "float32",
        "int32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Int",
    ),
    (
        "nll",
        "float32",
        "bool",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Bool",
    ),
    (
        "nll",
        "float32",
        "float32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Float",
    ),
    (
        "nll",
        "float32",
        "float64",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Double",
    ),
    ("nll", "float32", "uint8", "float32", -0.2666666805744171, "float32", None),
    ("nll", "float64", "int64", "float64", -0.2666666681567828, "float64", None),
    (
        "nll",
        "float64",
        "int32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Int",
    ),
    (
        "nll",
        "float64",
        "bool",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Bool",
    ),
    (
        "nll",
        "float64",
        "float32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Float",
    ),
    (
        "nll",
        "float64",
        "float64",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Double",
    ),
    ("nll", "float64", "uint8", "float64", -0.2666666681567828, "float64", None),
    ("nll", "int64", "int64", NotImplementedError, KERNEL.format("nll_loss_out_frame", "Long")),
    (
        "nll",
        "int64",
        "int32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Int",
    ),
    (
        "nll",
        "int64",
        "bool",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Bool",
    ),
    (
        "nll",
        "int64",
        "float32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Float",
    ),
    (
        "nll",
        "int64",
        "float64",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Double",
    ),
    ("nll", "int64", "uint8", NotImplementedError, KERNEL.format("nll_loss_out_frame", "Long")),
    ("nll", "bool", "int64", NotImplementedError, KERNEL.format("nll_loss_out_frame", "Bool")),
    ("nll", "bool", "int32", RuntimeError, "expected target dtype to be Long or Byte, but got Int"),
    ("nll", "bool", "bool", RuntimeError, "expected target dtype to be Long or Byte, but got Bool"),
    (
        "nll",
        "bool",
        "float32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Float",
    ),
    (
        "nll",
        "bool",
        "float64",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Double",
    ),
    ("nll", "bool", "uint8", NotImplementedError, KERNEL.format("nll_loss_out_frame", "Bool")),
    # F.cross_entropy
    ("ce", "float32", "int64", "float32", 0.7137670516967773, "float32", None),
    (
        "ce",
        "float32",
        "int32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Int",
    ),
    (
        "ce",
        "float32",
        "bool",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Bool",
    ),
    (
        "ce",
        "float32",
        "float32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Float",
    ),
    (
        "ce",
        "float32",
        "float64",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Double",
    ),
    ("ce", "float32", "uint8", "float32", 0.7137670516967773, "float32", None),
    ("ce", "float64", "int64", "float64", 0.713767047764788, "float64", None),
    (
        "ce",
        "float64",
        "int32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Int",
    ),
    (
        "ce",
        "float64",
        "bool",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Bool",
    ),
    (
        "ce",
        "float64",
        "float32",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Float",
    ),
    (
        "ce",
        "float64",
        "float64",
        RuntimeError,
        "expected target dtype to be Long or Byte, but got Double",
    ),
    ("ce", "float64", "uint8", "float64", 0.713767047764788, "float64", None),
    ("ce", "int64", "int64", NotImplementedError, LOG_SOFTMAX.format("Long")),
    ("ce", "int64", "int32", NotImplementedError, LOG_SOFTMAX.format("Long")),
    ("ce", "int64", "bool", NotImplementedError, LOG_SOFTMAX.format("Long")),
    ("ce", "int64", "float32", NotImplementedError, LOG_SOFTMAX.format("Long")),
    ("ce", "int64", "float64", NotImplementedError, LOG_SOFTMAX.format("Long")),
    ("ce", "int64", "uint8", NotImplementedError, LOG_SOFTMAX.format("Long")),
    ("ce", "bool", "int64", NotImplementedError, LOG_SOFTMAX.format("Bool")),
    ("ce", "bool", "int32", NotImplementedError, LOG_SOFTMAX.format("Bool")),
    ("ce", "bool", "bool", NotImplementedError, LOG_SOFTMAX.format("Bool")),
    ("ce", "bool", "float32", NotImplementedError, LOG_SOFTMAX.format("Bool")),
    ("ce", "bool", "float64", NotImplementedError, LOG_SOFTMAX.format("Bool")),
    ("ce", "bool", "uint8", NotImplementedError, LOG_SOFTMAX.format("Bool")),
    # F.cross_entropy (class probabilities)
    ("ce_probs", "float32", "int64", RuntimeError, PROBS_DTYPE + "Long"),
    ("ce_probs", "float32", "int32", RuntimeError, PROBS_DTYPE + "Int"),
    ("ce_probs", "float32", "bool", RuntimeError, PROBS_DTYPE + "Bool"),
    ("ce_probs", "float32", "float32", "float32", 0.9448161125183105, "float32", "float32"),
    ("ce_probs", "float32", "float64", "float64", 0.9448161125183105, "float32", "float64"),
    ("ce_probs", "float32", "uint8", RuntimeError, PROBS_DTYPE + "Byte"),
    ("ce_probs", "float64", "int64", RuntimeError, PROBS_DTYPE + "Long"),
    ("ce_probs", "float64", "int32", RuntimeError, PROBS_DTYPE + "Int"),
    ("ce_probs", "float64", "bool", RuntimeError, PROBS_DTYPE + "Bool"),
    ("ce_probs", "float64", "float32", "float64", 0.9448161129184903, "float64", "float32"),
    ("ce_probs", "float64", "float64", "float64", 0.9448161129184903, "float64", "float64"),
    ("ce_probs", "float64", "uint8", RuntimeError, PROBS_DTYPE + "Byte"),
    ("ce_probs", "int64", "int64", RuntimeError, PROBS_DTYPE + "Long"),
    ("ce_probs", "int64", "int32", RuntimeError, PROBS_DTYPE + "Int"),
    ("ce_probs", "int64", "bool", RuntimeError, PROBS_DTYPE + "Bool"),
    ("ce_probs", "int64", "float32", NotImplementedError, LOG_SOFTMAX.format("Long")),
    ("ce_probs", "int64", "float64", NotImplementedError, LOG_SOFTMAX.format("Long")),
    ("ce_probs", "int64", "uint8", RuntimeError, PROBS_DTYPE + "Byte"),
    ("ce_probs", "bool", "int64", RuntimeError, PROBS_DTYPE + "Long"),
    ("ce_probs", "bool", "int32", RuntimeError, PROBS_DTYPE + "Int"),
    ("ce_probs", "bool", "bool", RuntimeError, PROBS_DTYPE + "Bool"),
    ("ce_probs", "bool", "float32", NotImplementedError, LOG_SOFTMAX.format("Bool")),
    ("ce_probs", "bool", "float64", NotImplementedError, LOG_SOFTMAX.format("Bool")),
    ("ce_probs", "bool", "uint8", RuntimeError, PROBS_DTYPE + "Byte"),
]


@pytest.mark.parametrize("row", TABLE, ids=lambda row: "-".join(row[:3]))
def test_loss_dtype_rules_match_pytorch(device, row):
    key, input_dtype, target_dtype, *expected = row
    fn, (floats, target, ints) = LOSSES[key]
    xd, td = getattr(torch, input_dtype), getattr(torch, target_dtype)
    x = torch.tensor(floats if xd.is_floating_point else ints).to(xd).to(device)
    t = torch.tensor(target).to(td).to(device)
    x.requires_grad_(xd.is_floating_point)
    t.requires_grad_(td.is_floating_point and key not in ("nll", "ce"))
    if isinstance(expected[0], type):
        kind, text = expected
        with pytest.raises(kind) as info:
            fn(x, t)
        assert str(info.value) == text
        return
    dtype, value, grad_x, grad_t = expected
    out = fn(x, t)
    assert out.dtype is getattr(torch, dtype)
    assert out.item() == pytest.approx(value, rel=1e-6)  # float32 kernels may differ by an ulp
    out.backward()
    assert (_grad_dtype(x), _grad_dtype(t)) == (grad_x, grad_t)


def _grad_dtype(t) -> str | None:
    """'float32' for a gradient of dtype torch.float32; None without a gradient."""
    return None if t.grad is None else str(t.grad.dtype).removeprefix("torch.")


def test_loss_modules_with_targets_of_another_dtype():
    # the reported cases; reprs and texts printed by PyTorch 2.13
    p = torch.tensor([0.2, 0.9])
    assert repr(nn.MSELoss()(p, torch.tensor([0, 1]))) == "tensor(0.0250)"
    cases = [
        (nn.BCELoss(), torch.tensor([0, 1]), RuntimeError, "Found dtype Long but expected Float"),
        (
            nn.BCELoss(),
            torch.tensor([False, True]),
            RuntimeError,
            "Found dtype Bool but expected Float",
        ),
        (
            nn.BCELoss(),
            torch.tensor([0.0, 1.0], dtype=torch.float64),
            RuntimeError,
            "Found dtype Double but expected Float",
        ),
        (
            nn.BCEWithLogitsLoss(),
            torch.tensor([0, 1]),
            RuntimeError,
            CAST.format("Float", "Long"),
        ),
        (
            nn.CrossEntropyLoss(),
            torch.tensor([0, 1], dtype=torch.int32),
            RuntimeError,
            "expected target dtype to be Long or Byte, but got Int",
        ),
    ]
    for module, target, kind, text in cases:
        with pytest.raises(kind) as info:
            module(p.expand(2, 2) if isinstance(module, nn.CrossEntropyLoss) else p, target)
        assert str(info.value) == text
    with pytest.raises(NotImplementedError, match=r"^\"mse_cpu\" not implemented for 'Long'$"):
        F.mse_loss(torch.tensor([1, 2]), torch.tensor([1, 3]))


X = [0.3, 0.7, 0.9]
T = [0.25, 1.0, 0.6]
Z = [0.3, -1.7, 2.9]
W = [0.5, 2.0, 1.5]
LOGITS = [[1.0, 2, 0.5, -3], [0.1, -4, 2, 1], [2.0, 2, -2, 0.3]]
P = [[0.25, 0.25, 0.5, 0], [0.125, 0.5, 0.125, 0.25], [1.0, 0, 0, 0]]
CW = [1.0, 2, 0.5, 3]
f32, f64, i64, u8 = torch.float32, torch.float64, torch.int64, torch.uint8


def _t(values, dtype, device, grad=False):
    return torch.tensor(values).to(dtype).to(device).requires_grad_(grad)


@pytest.mark.parametrize(
    "call, dtype, value",
    [  # values and dtypes from PyTorch 2.13
        # a weight (or pos_weight) of another dtype does not promote these losses
        (
            lambda d: F.binary_cross_entropy(
                _t(X, f32, d, True), _t(T, f32, d), weight=_t(W, f64, d)
            ),
            f32,
            0.8246583342552185,
        ),
        (
            lambda d: F.binary_cross_entropy(
                _t(X, f32, d, True), _t(T, f32, d), weight=_t([1, 2, 3], i64, d)
            ),
            f32,
            1.4115333557128906,
        ),
        (
            lambda d: F.binary_cross_entropy(
                _t(X, f64, d, True), _t(T, f64, d), weight=_t(W, f32, d)
            ),
            f64,
            0.8246583166581738,
        ),
        (
            lambda d: F.binary_cross_entropy_with_logits(
                _t(Z, f32, d, True), _t(T, f32, d), weight=_t(W, f64, d)
            ),
            f32,
            1.98186457157135,
        ),
        (
            lambda d: F.binary_cross_entropy_with_logits(
                _t(Z, f32, d, True), _t(T, f32, d), pos_weight=_t(W, f64, d)
            ),
            f32,
            1.8917547464370728,
        ),
        (
            lambda d: F.binary_cross_entropy_with_logits(
                _t(Z, f32, d, True), _t(T, f32, d), pos_weight=_t([1, 2, 3], i64, d)
            ),
            f32,
            1.9309219121932983,
        ),
        # the logits form computes into its target's dtype, even a float32 one for float64 logits
        (
            lambda d: F.binary_cross_entropy_with_logits(
                _t(Z, f64, d, True),
                _t(T, f32, d, True),
                weight=_t(W, f64, d),
                pos_weight=_t(W, f64, d),
            ),
            f32,
            3.2235405445098877,
        ),
        (
            lambda d: F.binary_cross_entropy_with_logits(
                _t(Z, f32, d, True), _t(T, f64, d, True), reduction="none"
            )[2],
            f64,
            1.2135627405345417,
        ),
        # cross_entropy with class probabilities is made of tensor ops: they promote
        (
            lambda d: F.cross_entropy(
                _t(LOGITS, f32, d, True), _t(P, f32, d), weight=_t(CW, f64, d)
            ),
            f64,
            3.227054702118039,
        ),
        (
            lambda d: F.cross_entropy(
                _t(LOGITS, f32, d, True), _t(P, f32, d), weight=_t([1, 2, 1, 3], i64, d)
            ),
            f32,
            3.3998262882232666,
        ),
        (
            lambda d: F.cross_entropy(
                _t(LOGITS, f32, d, True), _t(P, f64, d, True), label_smoothing=0.1
            ),
            f64,
            2.089139458164573,
        ),
        # Byte class indices
        (
            lambda d: F.nll_loss(
                _t(LOGITS, f32, d, True).log_softmax(1), _t([0, 1, 3], u8, d), weight=_t(CW, f32, d)
            ),
            f32,
            3.6287755966186523,
        ),
    ],
)
def test_loss_weight_and_target_dtypes_match_pytorch(device, call, dtype, value):
    out = call(device)
    assert out.dtype is dtype
    assert out.item() == pytest.approx(value, rel=1e-6)
    leaves = _leaves(out.grad_fn)
    out.backward()
    assert leaves and all(t.grad.dtype is t.dtype for t in leaves)  # PyTorch casts them back


def _leaves(node) -> list:
    """The tensors whose gradients a graph accumulates."""
    if hasattr(node, "variable"):
        return [node.variable]
    return [t for child, _ in node.next_functions if child is not None for t in _leaves(child)]


def test_byte_targets_with_label_smoothing(device):
    out = F.cross_entropy(
        torch.tensor(LOGITS, device=device, requires_grad=True),
        torch.tensor([0, 1, 3], device=device).byte(),
        label_smoothing=0.1,
        reduction="sum",
    )
    assert out.dtype is f32 and out.item() == pytest.approx(10.05866813659668)  # PyTorch 2.13


LOGP = [[-1.0, -2, -0.5, -3], [-0.1, -4, -2, -1], [-2.0, -2, -2, -0.3]]
NOT_LONG = "expected target dtype to be Long or Byte, but got "


@pytest.mark.parametrize(
    "call, kind, text",
    [  # PyTorch 2.13: which check comes first
        (
            lambda: F.binary_cross_entropy(torch.tensor([0.5, 1.5]), torch.tensor([0, 1])),
            RuntimeError,
            "Found dtype Long but expected Float",
        ),  # before the range check
        (
            lambda: F.binary_cross_entropy(torch.tensor([0, 2]), torch.tensor([0, 1])),
            NotImplementedError,
            KERNEL.format("binary_cross_entropy", "Long"),
        ),
        (
            lambda: F.binary_cross_entropy(torch.tensor([0.5, 0.2]).half(), torch.tensor([0.0, 1])),
            RuntimeError,
            "Found dtype Float but expected Half",
        ),
        (
            lambda: F.nll_loss(torch.zeros(3, 4, dtype=i64), torch.tensor([0, 1, 7])),
            NotImplementedError,
            KERNEL.format("nll_loss_out_frame", "Long"),
        ),  # before the bounds
        (
            lambda: F.nll_loss(
                torch.zeros(3, 4, dtype=i64), torch.tensor([0, 1, 3]), weight=torch.ones(4)
            ),
            NotImplementedError,
            KERNEL.format("nll_loss_out_frame", "Long"),
        ),
        (
            lambda: F.nll_loss(torch.zeros(3), torch.tensor(1), weight=torch.ones(3, dtype=f64)),
            RuntimeError,
            "expected scalar type Float but found Double",
        ),
        (
            lambda: F.nll_loss(torch.zeros(3, dtype=torch.bool), torch.tensor(1)),
            NotImplementedError,
            KERNEL.format("nll_loss_out_frame", "Bool"),
        ),
        (
            lambda: F.nll_loss(torch.zeros(2, 3, 2, dtype=i64), torch.zeros(2, 2, dtype=i64)),
            NotImplementedError,
            KERNEL.format("nll_loss2d_forward_out_frame", "Long"),
        ),
        (
            lambda: F.nll_loss(torch.zeros(2, 3, 2, 2, dtype=i64), torch.zeros(2, 2, 2).int()),
            RuntimeError,
            NOT_LONG + "Int",
        ),
        (
            lambda: F.nll_loss(
                torch.tensor(LOGP), torch.tensor([0, 1, 9]), weight=torch.ones(4, dtype=f64)
            ),
            RuntimeError,
            "expected scalar type Float but found Double",
        ),  # before the bounds
        (
            lambda: F.nll_loss(
                torch.tensor(LOGP, dtype=f64), torch.tensor([0, 1, 3]), weight=torch.ones(4)
            ),
            RuntimeError,
            "expected scalar type Double but found Float",
        ),
        (
            lambda: F.nll_loss(
                torch.tensor(LOGP), torch.tensor([0, 1, 3]), weight=torch.ones(3, dtype=f64)
            ),
            RuntimeError,
            "weight tensor should be defined either for all 4 classes or no classes but "
            "got weight tensor of shape: [3]",
        ),
        (
            lambda: F.nll_loss(
                torch.zeros(2, 3, 2, 2),
                torch.zeros(2, 2, 2, dtype=i64),
                weight=torch.ones(3, dtype=f64),
            ),
            RuntimeError,
            "expected scalar type Float but found Double",
        ),
        (
            lambda: F.cross_entropy(
                torch.tensor(LOGITS),
                torch.tensor([0, 1, 3]),
                weight=torch.ones(4, dtype=f64),
                label_smoothing=0.1,
            ),
            RuntimeError,
            "expected scalar type Float but found Double",
        ),
        (
            lambda: F.cross_entropy(
                torch.tensor(LOGITS), torch.zeros(3, 4, dtype=i64), label_smoothing=1.5
            ),
            RuntimeError,
            PROBS_DTYPE + "Long",
        ),
        (
            lambda: F.cross_entropy(
                torch.tensor(LOGITS), torch.zeros(3, 4), label_smoothing=1.5, ignore_index=1
            ),
            RuntimeError,
            "ignore_index is not supported for floating point target",
        ),
        (
            lambda: F.cross_entropy(
                torch.zeros(3, 4, dtype=i64), torch.zeros(3, 4), ignore_index=1
            ),
            RuntimeError,
            "ignore_index is not supported for floating point target",
        ),
        (
            lambda: F.cross_entropy(
                torch.zeros(3, 4, dtype=i64), torch.zeros(3, 4), label_smoothing=1.5
            ),
            NotImplementedError,
            LOG_SOFTMAX.format("Long"),
        ),
        (
            lambda: F.cross_entropy(torch.tensor(LOGITS), torch.zeros(3, 4), label_smoothing=1.5),
            RuntimeError,
            "label_smoothing must be between 0.0 and 1.0. Got: 1.5",
        ),
        (
            lambda: F.cross_entropy(
                torch.zeros(3, 4, dtype=i64), torch.tensor([0, 1, 3]).int(), label_smoothing=1.5
            ),
            RuntimeError,
            "label_smoothing must be between 0.0 and 1.0. Got: 1.5",
        ),
        (
            lambda: F.cross_entropy(torch.tensor(LOGITS[0]), torch.tensor([0, 1, 0, 0])),
            RuntimeError,
            PROBS_DTYPE + "Long",
        ),
        (
            lambda: F.cross_entropy(torch.tensor(LOGITS[0]), torch.tensor([1.0])),
            RuntimeError,
            NOT_LONG + "Float",
        ),
        (
            lambda: F.cross_entropy(torch.zeros(3, dtype=i64), torch.tensor(1)),
            NotImplementedError,
            LOG_SOFTMAX.format("Long"),
        ),
        (
            lambda: F.cross_entropy(
                torch.zeros(2, 3, 2, 2, dtype=i64), torch.zeros(2, 2, 2, dtype=i64)
            ),
            NotImplementedError,
            KERNEL.format("log_softmax_kernel_impl", "Long"),
        ),
        (
            lambda: F.mse_loss(torch.tensor(1), torch.tensor(2)),
            NotImplementedError,
            KERNEL.format("mse_cpu", "Long"),
        ),
    ],
)
def test_loss_dtype_errors_come_in_pytorchs_order(call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert str(info.value) == text


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_mixed_dtype_losses_gradcheck(device, reduction):
    torch.manual_seed(2)
    x = (torch.rand(2, 3, dtype=f64) * 0.8 + 0.1).to(device).requires_grad_()
    z = torch.randn(2, 3, dtype=f64).to(device).requires_grad_()
    t = torch.rand(2, 3, dtype=f64).to(device).requires_grad_()
    w32, pw32 = torch.rand(2, 3).to(device), (torch.rand(3) + 0.5).to(device)
    labels = torch.tensor([[0, 1, 1], [1, 0, 1]], device=device)
    for fn, inputs in [
        (lambda x: F.mse_loss(x, labels, reduction=reduction), (x,)),  # promoted to float64
        (lambda x: F.mse_loss(x, labels.bool(), reduction=reduction), (x,)),
        (lambda x: F.mse_loss(x, labels.float(), reduction=reduction), (x,)),
        (lambda x, t: F.binary_cross_entropy(x, t, w32, reduction=reduction), (x, t)),
        (lambda x, t: F.binary_cross_entropy(x, t, labels, reduction=reduction), (x, t)),
        (
            lambda z, t: F.binary_cross_entropy_with_logits(
                z, t, w32, reduction=reduction, pos_weight=pw32
            ),
            (z, t),
        ),
    ]:
        assert gradcheck(fn, inputs)
        assert gradgradcheck(fn, inputs)
