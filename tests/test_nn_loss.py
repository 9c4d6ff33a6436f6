"""Losses (functional and modules): values and errors from PyTorch 2.13, gradients by gradcheck."""

from __future__ import annotations

import math
import warnings

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck

D = torch.float64


def _value(t) -> float:
    return t.detach().cpu().item()


def _near(t, expected, atol=1e-4) -> bool:
    return abs(_value(t) - expected) <= atol


def test_loss_values_match_pytorch(device):
    logits = torch.tensor([[1.0, 2, 3], [1, 0, -1]], device=device)
    target = torch.tensor([2, 0], device=device)
    # every expected number below was printed by PyTorch 2.13 for the same call
    assert _near(F.cross_entropy(logits, target), 0.407606)
    assert _near(F.cross_entropy(logits, target, label_smoothing=0.2), 0.6076)
    assert _near(
        F.cross_entropy(logits, torch.tensor([2, -100], device=device), label_smoothing=0.2), 0.6076
    )
    probs = torch.tensor([[0.2, 0.3, 0.5], [1, 0, 0]], device=device)
    assert _near(F.cross_entropy(logits, probs, label_smoothing=0.2), 0.8876)
    weight = torch.tensor([1.0, 2, 3], device=device)
    assert _near(
        F.cross_entropy(logits, torch.tensor([2, 1], device=device), weight=weight), 0.8076
    )
    out = F.nll_loss(logits, torch.tensor([2, 1], device=device), weight=weight, reduction="none")
    assert out.cpu().tolist() == [-9.0, -0.0]
    logp = torch.tensor([[-1.0, -2, -3], [-1, -0.5, -1]], device=device)
    assert _near(F.nll_loss(logp, torch.tensor([2, 1], device=device), weight=weight), 2.0)
    x, t = torch.tensor([0.9, 0.2, 0.6], device=device), torch.tensor([1.0, 0, 0.5], device=device)
    assert _near(F.binary_cross_entropy(x, t), 0.347354)
    assert _near(
        F.binary_cross_entropy(x, t, weight=torch.tensor([2.0, 1, 3], device=device)), 0.8582
    )
    assert _near(
        F.binary_cross_entropy(
            torch.tensor([0.0, 1], device=device), torch.tensor([1.0, 0], device=device)
        ),
        100.0,
    )  # log clamp
    z = torch.tensor([1.0, -2, 3], device=device)
    assert _near(F.binary_cross_entropy_with_logits(z, t), 0.662926)
    assert _near(
        F.binary_cross_entropy_with_logits(
            z, t, pos_weight=torch.tensor([2.0, 1, 3], device=device)
        ),
        0.7835,
    )
    a, b = torch.tensor([1.0, 2, 3], device=device), torch.tensor([0.0, 0, 1], device=device)
    assert _near(F.mse_loss(a, b), 3.0)
    assert _near(F.l1_loss(a, torch.tensor([0.0, 0, 5], device=device)), 1.666667)
    assert F.l1_loss(a, b, reduction="none").cpu().tolist() == [1.0, 2.0, 2.0]
    nan = F.nll_loss(torch.randn(3, 4), torch.tensor([1, 1, 1]), ignore_index=1)
    assert nan.isnan().item()  # every target ignored: 0 / 0, as PyTorch


@pytest.mark.parametrize(
    "weight,expected",
    [
        (None, {"mean": 4.0, "sum": 4.0, "none": 0.0}),  # PyTorch 2.13, every target counted
        ([0.5, 2.0, 1.0], {"mean": 3.5, "sum": 3.5, "none": 0.0}),  # one ignored, weighted
    ],
)
def test_nll_loss_saves_pytorchs_total_weight(weight, expected):
    x = torch.randn(4, 3, requires_grad=True)
    t = torch.tensor([1, 0, 2, 2]) if weight is None else torch.tensor([1, 0, -100, 2])
    w = None if weight is None else torch.tensor(weight)
    for reduction, total in expected.items():
        out = F.nll_loss(x, t, weight=w, reduction=reduction)
        assert out.grad_fn._saved_total_weight.item() == total


def test_nll_loss_gradient_rounds_as_pytorch():
    # PyTorch divides the incoming gradient by the total weight, then negates (and weighs) it:
    # -(0.1 / 5) in float32, not (-1 / 5) * 0.1, which is one ulp off. Values from torch 2.13.
    y = torch.tensor([1, 0, 3, 2, 2])
    x = torch.zeros(5, 4, requires_grad=True)
    F.nll_loss(x, y).backward(torch.tensor(0.1))
    assert x.grad[0, 1].item() == -0.019999999552965164
    assert x.grad.sum().item() == pytest.approx(-0.1)
    x = torch.zeros(5, 4, requires_grad=True)
    F.cross_entropy(x, y).backward(torch.tensor(0.1))
    assert x.grad[0].tolist() == [
        0.004999999888241291,
        -0.014999999664723873,
        0.004999999888241291,
        0.004999999888241291,
    ]
    x = torch.zeros(5, 4, requires_grad=True)
    F.nll_loss(x, y, weight=torch.tensor([1.0, 3.0, 0.5, 3.0])).backward(torch.tensor(0.1))
    assert x.grad[0, 1].item() == -0.03750000149011612
    assert x.grad[3, 2].item() == -0.0062500000931322575


def test_nll_loss_ignored_sample_adds_nothing_even_at_minus_inf():
    # PyTorch skips ignored samples; multiplying them by a zero weight would give nan.
    x = torch.tensor([[-float("inf"), 0.0], [0.0, -1.0]], requires_grad=True)
    t = torch.tensor([-100, 1])
    assert F.nll_loss(x, t).item() == 1.0  # torch 2.13: 1.0, 1.0 and [0.0, 1.0]
    assert F.nll_loss(x, t, reduction="sum").item() == 1.0
    assert F.nll_loss(x, t, reduction="none").tolist() == [0.0, 1.0]
    F.nll_loss(x, t).backward()
    assert x.grad.tolist() == [[0.0, 0.0], [0.0, -1.0]]
    # a class weighted 0 is not ignored: PyTorch multiplies, and 0 * inf is nan
    assert math.isnan(F.nll_loss(x, torch.tensor([0, 1]), weight=torch.tensor([0.0, 1.0])))


def test_loss_grad_fns_match_pytorch():
    x = torch.randn(3, 4, requires_grad=True)
    t = torch.tensor([0, 1, 3])
    p = torch.rand(3, 4).softmax(1)
    names = [
        type(out.grad_fn).__name__
        for out in (
            F.mse_loss(x, torch.randn(3, 4)),
            F.l1_loss(x, torch.randn(3, 4)),
            F.nll_loss(x, t),
            F.cross_entropy(x, t),
            F.cross_entropy(x, p),
            F.cross_entropy(x, t, label_smoothing=0.1),
            F.cross_entropy(x, p, reduction="sum"),
            F.binary_cross_entropy(x.sigmoid(), torch.rand(3, 4)),
            F.binary_cross_entropy_with_logits(x, torch.rand(3, 4)),
            F.nll_loss(torch.randn(2, 3, 4, 5, requires_grad=True), torch.randint(0, 3, (2, 4, 5))),
            F.nll_loss(
                torch.randn(2, 3, 4, requires_grad=True),
                torch.randint(0, 3, (2, 4)),
                reduction="none",
            ),
        )
    ]
    assert names == [  # PyTorch 2.13
        "MseLossBackward0",
        "MeanBackward0",
        "NllLossBackward0",
        "NllLossBackward0",
        "DivBackward1",
        "AddBackward0",
        "NegBackward0",
        "BinaryCrossEntropyBackward0",
        "BinaryCrossEntropyWithLogitsBackward0",
        "NllLoss2DBackward0",
        "ViewBackward0",
    ]


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_cross_entropy_and_nll_gradcheck(device, reduction):
    torch.manual_seed(0)
    x = torch.randn(4, 3, dtype=D).to(device).requires_grad_()
    t = torch.tensor([0, 2, 1, -100], device=device)
    w = torch.rand(3, dtype=D).to(device)
    for kwargs in ({}, {"weight": w, "label_smoothing": 0.1}):
        fn = lambda x, kw=kwargs: F.cross_entropy(x, t, reduction=reduction, **kw)  # noqa: E731
        assert gradcheck(fn, (x,))
    assert gradgradcheck(lambda x: F.cross_entropy(x, t, reduction=reduction), (x,))
    p = torch.rand(4, 3, dtype=D).softmax(1).to(device).requires_grad_()
    assert gradcheck(
        lambda x, p: F.cross_entropy(x, p, weight=w, reduction=reduction, label_smoothing=0.2),
        (x, p),
    )
    x4 = torch.randn(2, 3, 2, 1, dtype=D).to(device).requires_grad_()
    t4 = torch.tensor([[[0], [2]], [[1], [1]]], device=device)
    assert gradcheck(lambda x: F.nll_loss(x, t4, reduction=reduction), (x4,))
    x4 = torch.randn(2, 3, 2, 3, dtype=D).to(device).requires_grad_()  # images, one pixel ignored
    t4 = torch.tensor([[[0, 2, 1], [2, -100, 0]], [[1, 1, 0], [2, 0, 1]]], device=device)
    assert gradcheck(lambda x: F.nll_loss(x, t4, weight=w, reduction=reduction), (x4,))
    assert gradgradcheck(lambda x: F.nll_loss(x, t4, weight=w, reduction=reduction), (x4,))
    x3 = torch.randn(2, 3, 4, dtype=D).to(device).requires_grad_()  # folded to images
    assert gradcheck(lambda x: F.nll_loss(x, t4[:, 0], reduction=reduction), (x3[..., :3],))


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_regression_and_binary_losses_gradcheck(device, reduction):
    torch.manual_seed(1)
    a = (torch.rand(2, 3, dtype=D) * 0.8 + 0.1).to(device).requires_grad_()
    b = torch.rand(2, 3, dtype=D).to(device).requires_grad_()
    w = torch.rand(2, 3, dtype=D).to(device)
    pw = (torch.rand(3, dtype=D) + 0.5).to(device)
    z = torch.randn(2, 3, dtype=D).to(device).requires_grad_()
    for fn, inputs in [
        (lambda a, b: F.mse_loss(a, b, reduction=reduction), (a, b)),
        (lambda a, b: F.binary_cross_entropy(a, b, w, reduction=reduction), (a, b)),
        (
            lambda z, b: F.binary_cross_entropy_with_logits(
                z, b, w, reduction=reduction, pos_weight=pw
            ),
            (z, b),
        ),
    ]:
        assert gradcheck(fn, inputs)
        assert gradgradcheck(fn, inputs)


def test_an_ignored_target_may_lie_outside_the_classes():
    y = torch.randn(3, 4)
    out = F.nll_loss(y, torch.tensor([7, 1, 7]), ignore_index=7)  # PyTorch 2.13: no error
    assert out.item() == -y[1, 1].item()


def test_loss_errors_match_pytorch():
    y = torch.randn(3, 4)
    cases = [  # (exception type, PyTorch 2.13 text, call)
        (
            ValueError,
            "Expected input batch_size (3) to match target batch_size (2).",
            lambda: F.cross_entropy(y, torch.tensor([0, 1])),
        ),
        (
            IndexError,
            "Target 5 is out of bounds.",
            lambda: F.cross_entropy(y, torch.tensor([0, 1, 5])),
        ),
        (
            IndexError,
            "Target -3 is out of bounds.",
            lambda: F.nll_loss(y, torch.tensor([0, 1, -3])),
        ),
        (
            IndexError,
            "Target 4 is out of bounds.",  # not the ignored 5
            lambda: F.nll_loss(y, torch.tensor([5, 1, 4]), ignore_index=5),
        ),
        (
            RuntimeError,
            "expected target dtype to be Long or Byte, but got Float",
            lambda: F.cross_entropy(y, torch.tensor([0.0, 1, 2])),
        ),
        (
            ValueError,
            "avg is not a valid value for reduction",
            lambda: F.cross_entropy(y, torch.tensor([0, 1, 2]), reduction="avg"),
        ),
        (
            RuntimeError,
            "weight tensor should be defined either for all 4 classes or no classes "
            "but got weight tensor of shape: [3]",
            lambda: F.nll_loss(y, torch.tensor([0, 1, 2]), weight=torch.ones(3)),
        ),
        (
            RuntimeError,
            "0D or 1D target tensor expected, multi-target not supported",
            lambda: F.cross_entropy(y, torch.rand(3, 5)),
        ),
        (
            RuntimeError,
            "ignore_index is not supported for floating point target",
            lambda: F.cross_entropy(y, torch.rand(3, 4), ignore_index=1),
        ),
        (
            RuntimeError,
            "label_smoothing must be between 0.0 and 1.0. Got: 1.5",
            lambda: F.cross_entropy(y, torch.tensor([0, 1, 2]), label_smoothing=1.5),
        ),
        (
            RuntimeError,
            "size mismatch (got input: [2, 3, 4, 5] , target: [2, 4, 6]",
            lambda: F.nll_loss(torch.randn(2, 3, 4, 5), torch.randint(0, 3, (2, 4, 6))),
        ),
        (
            ValueError,
            "Using a target size (torch.Size([4])) that is different to the input size "
            "(torch.Size([3])) is deprecated. Please ensure they have the same size.",
            lambda: F.binary_cross_entropy(torch.rand(3), torch.rand(4)),
        ),
        (
            RuntimeError,
            "all elements of input should be between 0 and 1",
            lambda: F.binary_cross_entropy(torch.tensor([0.5, 1.5]), torch.tensor([0.0, 1])),
        ),
        (
            ValueError,
            "Target size (torch.Size([4])) must be the same as input size (torch.Size([3]))",
            lambda: F.binary_cross_entropy_with_logits(torch.rand(3), torch.rand(4)),
        ),
    ]
    for kind, text, fn in cases:
        with pytest.raises(kind) as info:
            fn()
        assert str(info.value).strip("'") == text


def test_mse_broadcast_warns_like_pytorch():
    with pytest.warns(UserWarning) as record:
        out = F.mse_loss(torch.zeros(3, 4), torch.ones(4))
    assert str(record[0].message) == (  # PyTorch 2.13
        "Using a target size (torch.Size([4])) that is different to the input size "
        "(torch.Size([3, 4])). This will likely lead to incorrect results due to broadcasting. "
        "Please ensure they have the same size."
    )
    assert out.item() == 1.0
    with pytest.warns(
        UserWarning,
        match=r"size_average and reduce args will be deprecated, "
        r"please use reduction='sum' instead.",
    ):
        assert F.mse_loss(torch.zeros(2), torch.ones(2), size_average=False).item() == 2.0


def test_loss_modules(device):
    logits = torch.tensor([[1.0, 2, 3], [1, 0, -1]], device=device, requires_grad=True)
    target = torch.tensor([2, 0], device=device)
    loss = nn.CrossEntropyLoss()(logits, target)
    assert _near(loss, 0.407606) and type(loss.grad_fn).__name__ == "NllLossBackward0"
    loss.backward()
    expected = (logits.detach().softmax(1) - F.one_hot(target, 3)) / 2
    assert bool(((logits.grad - expected).abs() < 1e-6).all())
    weight = torch.tensor([1.0, 2, 3], device=device)
    module = nn.CrossEntropyLoss(weight=weight, label_smoothing=0.2, reduction="sum")
    assert "weight" in dict(module.named_buffers())
    assert _near(
        module(logits, target),
        _value(
            F.cross_entropy(logits, target, weight=weight, label_smoothing=0.2, reduction="sum")
        ),
    )
    assert nn.NLLLoss(reduction="none")(logits.log_softmax(1), target).shape == (2,)
    x, t = torch.tensor([0.9, 0.2, 0.6], device=device), torch.tensor([1.0, 0, 0.5], device=device)
    assert _near(nn.BCELoss()(x, t), 0.347354)
    assert _near(
        nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0, 1, 3], device=device))(
            torch.tensor([1.0, -2, 3], device=device), t
        ),
        0.7835,
    )
    assert _near(nn.MSELoss(reduction="sum")(x, t), 0.01 + 0.04 + 0.01)
    assert _near(nn.L1Loss()(x, t), (0.1 + 0.2 + 0.1) / 3)
    for m, text in [
        (nn.MSELoss(), "MSELoss()"),
        (nn.L1Loss(reduction="sum"), "L1Loss()"),
        (nn.CrossEntropyLoss(label_smoothing=0.1), "CrossEntropyLoss()"),
        (nn.NLLLoss(), "NLLLoss()"),
        (nn.BCELoss(), "BCELoss()"),
        (nn.BCEWithLogitsLoss(), "BCEWithLogitsLoss()"),
    ]:
        assert repr(m) == text  # PyTorch 2.13 shows no arguments for losses
    with pytest.raises(ValueError, match="foo is not a valid value for reduction"):
        nn.MSELoss(reduction="foo")(x, t)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_smooth_l1_and_huber_gradcheck(device, reduction):
    torch.manual_seed(2)
    a = (torch.randn(3, 4, dtype=D) * 2).to(device).requires_grad_()
    b = torch.randn(3, 4, dtype=D).to(device).requires_grad_()
    w = torch.rand(3, 4, dtype=D).to(device)
    for fn in [
        lambda a, b: F.smooth_l1_loss(a, b, reduction=reduction),
        lambda a, b: F.smooth_l1_loss(a, b, reduction=reduction, beta=0.5),
        lambda a, b: F.huber_loss(a, b, reduction=reduction, delta=1.5),
        lambda a, b: F.huber_loss(a, b, reduction=reduction, weight=w),
    ]:
        assert gradcheck(fn, (a, b))
        assert gradgradcheck(fn, (a, b))


SMOOTH_X = [0.0, 0.3, -0.8, 1.5, -2.5, 4.0]
SMOOTH_T = [0.1, 0.0, 0.5, -0.5, -2.0, 1.0]


@pytest.mark.parametrize(
    "loss, kwargs, grad_fn, values",
    [  # PyTorch 2.13, per reduction
        (
            F.smooth_l1_loss,
            {},
            "SmoothL1LossBackward0",
            {
                "mean": 0.8291666666666666,
                "sum": 4.975,
                "none": [0.005, 0.045, 0.8, 1.5, 0.125, 2.5],
            },
        ),
        (
            F.smooth_l1_loss,
            {"beta": 0.5},
            "SmoothL1LossBackward0",
            {"mean": 0.9833333333333333, "sum": 5.9, "none": [0.01, 0.09, 1.05, 1.75, 0.25, 2.75]},
        ),
        (
            F.huber_loss,
            {"delta": 0.5},
            "HuberLossBackward0",
            {
                "mean": 0.49166666666666664,
                "sum": 2.95,
                "none": [0.005, 0.045, 0.525, 0.875, 0.125, 1.375],
            },
        ),
        (
            F.huber_loss,
            {"delta": 2.0},
            "HuberLossBackward0",
            {"mean": 1.17, "sum": 7.02, "none": [0.005, 0.045, 0.845, 2.0, 0.125, 4.0]},
        ),
    ],
)
def test_smooth_l1_and_huber_values_match_pytorch(device, loss, kwargs, grad_fn, values):
    x = torch.tensor(SMOOTH_X, dtype=D, device=device, requires_grad=True)
    t = torch.tensor(SMOOTH_T, dtype=D, device=device)
    for reduction, expected in values.items():
        out = loss(x, t, reduction=reduction, **kwargs)
        assert type(out.grad_fn).__name__ == grad_fn
        assert out.detach().cpu().tolist() == pytest.approx(expected, abs=1e-12)


def test_smooth_l1_and_huber_gradients_and_special_cases(device):
    x = torch.tensor(SMOOTH_X, dtype=D, device=device, requires_grad=True)
    t = torch.tensor(SMOOTH_T, dtype=D, device=device, requires_grad=True)
    # PyTorch 2.13: d loss / d x (d / d t is its negative)
    gx, gt = torch.autograd.grad(F.smooth_l1_loss(x, t, beta=0.5), (x, t))
    expected = [-1 / 30, 0.1, -1 / 6, 1 / 6, -1 / 6, 1 / 6]
    assert gx.cpu().tolist() == pytest.approx(expected, abs=1e-12)
    assert gt.cpu().tolist() == pytest.approx([-g for g in expected], abs=1e-12)
    (gx,) = torch.autograd.grad(F.huber_loss(x, t, delta=0.5), (x,))
    assert gx.cpu().tolist() == pytest.approx([g / 2 for g in expected], abs=1e-12)
    out = F.smooth_l1_loss(x, t, beta=0.5)
    assert out.grad_fn._saved_beta == 0.5 and F.huber_loss(x, t).grad_fn._saved_delta == 1.0
    # beta = 0 is l1_loss, recorded as PyTorch's l1_loss records it
    out = F.smooth_l1_loss(x, t, beta=0.0)
    assert type(out.grad_fn).__name__ == "MeanBackward0" and _near(out, 1.2, 1e-12)
    assert (
        type(F.smooth_l1_loss(x, t, beta=0.0, reduction="none").grad_fn).__name__ == "AbsBackward0"
    )
    # a weighted huber loss is composed from the unreduced one (PyTorch 2.13's values)
    w = torch.tensor([1.0, 2, 3, 1, 2, 3], dtype=D, device=device)
    out = F.huber_loss(x, t, weight=w)
    assert type(out.grad_fn).__name__ == "MeanBackward0" and _near(out, 1.9575, 1e-12)
    assert _near(F.huber_loss(x, t, weight=w, reduction="sum"), 11.745, 1e-12)
    with pytest.warns(UserWarning, match="size_average and reduce args will be deprecated"):
        assert _near(F.smooth_l1_loss(x, t, size_average=False), 4.975, 1e-12)


def test_smooth_l1_and_huber_errors():
    x, t = torch.randn(6), torch.randn(6)
    cases = [  # PyTorch 2.13 types and texts
        (
            lambda: F.smooth_l1_loss(x, t, beta=-1.0),
            RuntimeError,
            "smooth_l1_loss does not support negative values for beta.",
        ),
        (
            lambda: F.huber_loss(x, t, delta=0.0),
            RuntimeError,
            "huber_loss does not support non-positive values for delta.",
        ),
        (
            lambda: F.smooth_l1_loss(x, t, reduction="foo"),
            ValueError,
            "foo is not a valid value for reduction",
        ),
        (
            lambda: F.huber_loss(x, t, reduction="foo"),
            ValueError,
            "foo is not a valid value for reduction",
        ),
        (
            lambda: F.huber_loss(x, t, weight=torch.ones(3)),
            ValueError,
            "Weights and input must have the same size.",
        ),
        (
            lambda: F.huber_loss(x, t, reduction="foo", weight=torch.ones(6)),
            ValueError,
            "Invalid reduction mode: foo. Expected one of 'none', 'mean', 'sum'.",
        ),
        (
            lambda: F.smooth_l1_loss(torch.arange(3), torch.arange(3)),
            NotImplementedError,
            "\"smooth_l1_cpu\" not implemented for 'Long'",
        ),
        (
            lambda: F.huber_loss(torch.arange(3), torch.arange(3)),
            NotImplementedError,
            "\"huber_cpu\" not implemented for 'Long'",
        ),
    ]
    for fn, kind, text in cases:
        with pytest.raises(kind) as info:
            fn()
        assert str(info.value) == text
    with pytest.warns(UserWarning, match=r"Using a target size \(torch.Size\(\[4\]\)\)"):
        with pytest.raises(RuntimeError) as info:
            F.smooth_l1_loss(x, t[:4])
    assert str(info.value) == (
        "The size of tensor a (6) must match the size of tensor b (4) at non-singleton dimension 0"
    )  # PyTorch's


def test_smooth_l1_and_huber_modules(device):
    x = torch.tensor(SMOOTH_X, dtype=D, device=device)
    t = torch.tensor(SMOOTH_T, dtype=D, device=device)
    assert _near(nn.SmoothL1Loss(beta=0.5)(x, t), 0.9833333333333333, 1e-12)
    assert _near(nn.HuberLoss(reduction="sum", delta=2.0)(x, t), 7.02, 1e-12)
    assert nn.HuberLoss(reduction="none")(x, t).shape == (6,)
    with pytest.warns(UserWarning, match="size_average and reduce args will be deprecated"):
        assert nn.SmoothL1Loss(reduce=False).reduction == "none"
    for m in (nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(delta=2.0)):
        assert repr(m) == f"{type(m).__name__}()"  # as PyTorch 2.13 prints them


# --- kl_div / KLDivLoss ---------------------------------------------------------------------------
KL_MEAN_WARNING = (  # PyTorch 2.13's UserWarning for reduction='mean'
    "reduction: 'mean' divides the total loss by both the batch size and the support size."
    "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
    "'mean' will be changed to behave the same as 'batchmean' in the next major release."
)


def _kl_pair(device, dtype=torch.float32):
    x = torch.tensor(
        [[-1.0, -2.0, -0.5], [-0.3, -1.2, -2.5]], dtype=dtype, device=device, requires_grad=True
    )
    t = torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.6, 0.4]], dtype=dtype, device=device)
    return x, t


def test_kl_div_values_grad_fns_and_warning_match_pytorch(device):
    x, t = _kl_pair(device)
    none = F.kl_div(x, t, reduction="none")
    assert none.flatten().tolist() == pytest.approx(
        [-0.12188758, 0.65342641, -0.21119186, 0.0, 0.41350466, 0.63348371]
    )  # PyTorch
    # PyTorch's composite: xlogy(t, t) - t * x, then sum / sum / batch size / mean
    assert none.grad_fn.name() == "SubBackward0"
    assert none.grad_fn.next_functions[0][0] is None
    assert none.grad_fn.next_functions[1][0].name() == "MulBackward0"
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)  # only 'mean' warns
        total = F.kl_div(x, t, reduction="sum")
        batchmean = F.kl_div(x, t, reduction="batchmean")
    assert (total.grad_fn.name(), batchmean.grad_fn.name()) == ("SumBackward0", "DivBackward0")
    assert _near(total, 1.36733532) and _near(batchmean, 0.68366766)  # PyTorch 2.13
    with pytest.warns(UserWarning) as record:
        mean = F.kl_div(x, t)
    assert [str(w.message) for w in record] == [KL_MEAN_WARNING]
    assert mean.grad_fn.name() == "MeanBackward0" and _near(mean, 0.22788922)
    batchmean.backward()
    assert x.grad.flatten().tolist() == pytest.approx([-0.1, -0.25, -0.15, 0.0, -0.3, -0.2])
    # a 0-dim input: 'batchmean' stays the sum (PyTorch: SumBackward0, -0.12188758)
    scalar = F.kl_div(x[0, 0], t[0, 0], reduction="batchmean")
    assert scalar.grad_fn.name() == "SumBackward0" and _near(scalar, -0.12188758)
    # a target of log-probabilities: exp(t) * (t - x) (PyTorch: MulBackward0, nan where t = -inf)
    logged = F.kl_div(x, t.log(), reduction="none", log_target=True)
    assert logged.grad_fn.name() == "MulBackward0"
    assert math.isnan(logged[1, 0].item())
    assert logged[0].tolist() == pytest.approx([-0.12188758, 0.65342641, -0.21119183])
    # a broadcast target, as PyTorch broadcasts it
    assert F.kl_div(x, t[0], reduction="none")[1].tolist() == pytest.approx(
        [-0.26188758, 0.25342643, 0.38880813]
    )
    assert F.kl_div(x.detach().double(), t, reduction="none").dtype is torch.float64


def test_kl_div_legacy_flags_and_module(device):
    x, t = _kl_pair(device)
    with pytest.warns(UserWarning, match=r"please use reduction='sum' instead\.$"):
        legacy = F.kl_div(x, t, size_average=False)
    assert _near(legacy, 1.36733532)
    with pytest.warns(UserWarning, match="size_average and reduce args will be deprecated"):
        assert _near(F.kl_div(x, t, size_average=False, reduction="batchmean"), 0.68366766)
    loss = nn.KLDivLoss(reduction="batchmean")
    assert repr(loss) == "KLDivLoss()" and repr(nn.KLDivLoss(log_target=True)) == "KLDivLoss()"
    out = loss(x, t)
    assert out.grad_fn.name() == "DivBackward0" and _near(out, 0.68366766)
    assert _near(
        nn.KLDivLoss(reduction="sum", log_target=True)(x, t.log().clamp(min=-50)), 1.36733532
    )
    with pytest.warns(UserWarning, match="'batchmean' divides only by the batch size"):
        assert _near(nn.KLDivLoss()(x, t), 0.22788922)


def test_kl_div_errors_match_pytorch(device):
    x, t = _kl_pair(device)
    with pytest.raises(ValueError, match="^foo is not a valid value for reduction$"):
        F.kl_div(x, t, reduction="foo")
    with pytest.raises(RuntimeError, match=r"^kl_div: Integral inputs not supported\.$"):
        F.kl_div(x, t.long(), reduction="sum")
    with pytest.raises(RuntimeError, match=r"^kl_div: Integral inputs not supported\.$"):
        F.kl_div(x.detach().long(), t, reduction="sum")
    with pytest.raises(
        RuntimeError,
        match=r"^The size of tensor a \(2\) must match the size of "
        r"tensor b \(3\) at non-singleton dimension 1$",
    ):
        F.kl_div(x, t[0:1, 0:2], reduction="sum")
    with pytest.raises(
        TypeError,
        match=r"^kl_div\(\): argument 'target' \(position 2\) must be "
        r"Tensor, not list$",
    ):
        F.kl_div(x, [1.0], reduction="sum")
    with pytest.raises(
        TypeError,
        match=r"^kl_div\(\): argument 'input' \(position 1\) must be "
        r"Tensor, not list$",
    ):
        F.kl_div([1.0], t, reduction="sum")


@pytest.mark.parametrize("reduction", ["none", "sum", "batchmean"])
def test_kl_div_gradcheck(device, reduction):
    x, t = _kl_pair(device, D)
    t = t.clamp(min=0.05).requires_grad_()  # xlogy's gradient in t is 0 / 0 at t = 0
    assert gradcheck(lambda a, b: F.kl_div(a, b, reduction=reduction), (x, t))
    logt = t.detach().log().requires_grad_()
    assert gradcheck(lambda a, b: F.kl_div(a, b, reduction=reduction, log_target=True), (x, logt))
