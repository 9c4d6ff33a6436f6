"""Margin, embedding and likelihood losses (F.* and nn.*Loss): values, grad_fn names, errors
and reprs from PyTorch 2.13; gradients by gradcheck in float64."""

from __future__ import annotations

import warnings

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck

A = [[0.5, -1.0, 2.0, 0.1], [0.0, 1.0, -2.0, 0.3], [1.5, 0.2, -0.4, -1.2]]
B = [[1.0, 0.5, -1.0, 0.2], [0.3, -0.7, 0.8, 1.1], [-0.5, 0.9, 0.4, 0.0]]
C = [[0.2, 0.1, 0.3, -0.6], [1.2, -0.3, 0.5, 0.7], [0.0, -1.0, 2.0, 0.5]]
S = [[1.0, -1, 1, -1], [-1, -1, 1, 1], [1, 1, -1, -1]]
P = [[1.0, 0, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0]]
V1, V2, SIGN = [0.5, -1.0, 2.0], [1.0, 0.2, -0.3], [1.0, -1, 1]
LABELS = [[3, 0, -1, 1], [2, 3, -1, 0], [0, -1, 2, 1]]
W = [1.0, 2, 3, 4]


def _cosine_distance(u, v):
    return 1 - F.cosine_similarity(u, v)


# name -> (call(first, second, t, reduction), first, second): `first`/`second` are the inputs
# gradients are checked for (second may be None), `t(values)` builds the other operands.
CASES = {
    "margin_ranking": (
        lambda a, b, t, r: F.margin_ranking_loss(a, b, t(SIGN), margin=0.5, reduction=r),
        V1,
        V2,
    ),
    "hinge_embedding": (
        lambda a, _, t, r: F.hinge_embedding_loss(a, t(S), margin=1.5, reduction=r),
        A,
        None,
    ),
    "soft_margin": (lambda a, _, t, r: F.soft_margin_loss(a, t(S), reduction=r), A, None),
    "multilabel_soft_margin": (
        lambda a, _, t, r: F.multilabel_soft_margin_loss(a, t(P), weight=t(W), reduction=r),
        A,
        None,
    ),
    "cosine_embedding": (
        lambda a, b, t, r: F.cosine_embedding_loss(a, b, t(SIGN), margin=0.2, reduction=r),
        A,
        B,
    ),
    "triplet_margin": (
        lambda a, b, t, r: F.triplet_margin_loss(a, b, t(C), margin=1.0, swap=True, reduction=r),
        A,
        B,
    ),
    "triplet_margin_p1": (
        lambda a, b, t, r: F.triplet_margin_loss(a, b, t(C), margin=2.0, p=1, reduction=r),
        A,
        B,
    ),
    "triplet_with_distance": (
        lambda a, b, t, r: F.triplet_margin_with_distance_loss(
            a, b, t(C), distance_function=_cosine_distance, swap=True, reduction=r
        ),
        A,
        B,
    ),
    "poisson_full": (
        lambda a, b, t, r: F.poisson_nll_loss(a, b.abs() * 3 + 0.5, full=True, reduction=r),
        A,
        B,
    ),
    "poisson_rate": (
        lambda a, b, t, r: F.poisson_nll_loss(
            a.abs() + 0.1, b.abs() * 3, log_input=False, eps=0.01, reduction=r
        ),
        A,
        B,
    ),
    "gaussian_full": (
        lambda a, b, t, r: F.gaussian_nll_loss(a, b, t(C).abs() + 0.1, full=True, reduction=r),
        A,
        B,
    ),
    "gaussian_shared_var": (
        lambda a, b, t, r: F.gaussian_nll_loss(a, b, t([0.5, 1, 2]), reduction=r),
        A,
        B,
    ),
    "multi_margin": (
        lambda a, _, t, r: F.multi_margin_loss(a, t([1, 0, 3]).long(), reduction=r),
        A,
        None,
    ),
    "multi_margin_p2": (
        lambda a, _, t, r: F.multi_margin_loss(
            a, t([1, 0, 3]).long(), p=2, margin=0.9, weight=t(W), reduction=r
        ),
        A,
        None,
    ),
    "multilabel_margin": (
        lambda a, _, t, r: F.multilabel_margin_loss(a, t(LABELS).long(), reduction=r),
        A,
        None,
    ),
}

# printed by PyTorch 2.13 for the same calls (float32)
EXPECTED = {
    "margin_ranking": {"none": [1.0, 0.0, 0.0], "mean": 0.333333, "sum": 1.0},
    "hinge_embedding": {
        "none": [0.5, 2.5, 2.0, 1.4, 1.5, 0.5, -2.0, 0.3, 1.5, 0.2, 1.9, 2.7],
        "mean": 1.083333,
        "sum": 13.0,
    },
    "soft_margin": {
        "none": [
            0.474077,
            0.313262,
            0.126928,
            0.744397,
            0.693147,
            1.313262,
            2.126928,
            0.554355,
            0.201413,
            0.598139,
            0.513015,
            0.263282,
        ],
        "mean": 0.660184,
        "sum": 7.922205,
    },
    "multilabel_soft_margin": {
        "none": [1.114743, 2.979469, 0.997467],
        "mean": 1.697226,
        "sum": 5.091678,
    },
    "cosine_embedding": {"none": [1.570499, 0.0, 1.335095], "mean": 0.968531, "sum": 2.905594},
    "triplet_margin": {"none": [2.623458, 3.280726, 0.980567], "mean": 2.294917, "sum": 6.884751},
    "triplet_margin_p1": {"none": [3.299996, 2.2, 0.0], "mean": 1.833332, "sum": 5.499996},
    "triplet_with_distance": {
        "none": [1.903477, 2.301005, 1.295582],
        "mean": 1.833355,
        "sum": 5.500064,
    },
    "poisson_full": {
        "none": [
            2.328712,
            3.019686,
            2.819047,
            0.966606,
            1.158236,
            1.399306,
            7.574291,
            3.069302,
            2.133495,
            2.603999,
            1.736641,
            0.901194,
        ],
        "mean": 2.475876,
        "sum": 29.710514,
    },
    "poisson_rate": {
        "none": [
            2.082889,
            0.94346,
            -0.140064,
            1.136389,
            2.086547,
            0.880844,
            0.307949,
            3.342274,
            0.885649,
            3.462194,
            1.308013,
            1.3,
        ],
        "mean": 1.466345,
        "sum": 17.596144,
    },
    "gaussian_full": {
        "none": [
            0.733619,
            5.73922,
            11.710793,
            0.747744,
            1.084736,
            4.073293,
            7.196859,
            1.207367,
            19.767645,
            1.189321,
            1.442288,
            1.863526,
        ],
        "mean": 4.729701,
        "sum": 56.756409,
    },
    "gaussian_shared_var": {
        "none": [
            -0.096574,
            1.903426,
            8.653426,
            -0.336574,
            0.045,
            1.445,
            3.92,
            0.32,
            1.346574,
            0.469074,
            0.506574,
            0.706574,
        ],
        "mean": 1.573542,
        "sum": 18.882498,
    },
    "multi_margin": {"none": [2.15, 0.825, 1.975], "mean": 1.65, "sum": 4.95},
    "multi_margin_p2": {
        "none": [12.485001, 1.2625, 21.139999],
        "mean": 11.629167,
        "sum": 34.887501,
    },
    "multilabel_margin": {"none": [1.35, 2.35, 0.0], "mean": 1.233333, "sum": 3.7},
}

# grad_fn PyTorch 2.13 shows for (mean, sum, none): most of these losses are composites
GRAD_FNS = {
    "margin_ranking": ("MeanBackward0", "SumBackward0", "ClampMinBackward0"),
    "hinge_embedding": ("MeanBackward0", "SumBackward0", "AddBackward0"),
    "soft_margin": ("SoftMarginLossBackward0",) * 3,
    "multilabel_soft_margin": ("MeanBackward0", "SumBackward0", "DivBackward0"),
    "cosine_embedding": ("MeanBackward0", "SumBackward0", "AddBackward0"),
    "triplet_margin": ("MeanBackward0", "SumBackward0", "ClampMinBackward0"),
    "triplet_with_distance": ("MeanBackward0", "SumBackward0", "ClampMinBackward0"),
    "poisson_full": ("MeanBackward0", "SumBackward0", "AddBackward0"),
    "poisson_rate": ("MeanBackward0", "SumBackward0", "SubBackward0"),
    "gaussian_full": ("MeanBackward0", "SumBackward0", "AddBackward0"),
    "gaussian_shared_var": ("MeanBackward0", "SumBackward0", "MulBackward0"),
    "multi_margin": ("MultiMarginLossBackward0",) * 3,
    "multilabel_margin": ("MultilabelMarginLossBackward0",) * 3,
}


def _run(name, device, reduction, dtype=torch.float32, grad=False):
    call, first, second = CASES[name]

    def t(values):
        return torch.tensor(values, dtype=dtype, device=device)

    a = t(first).requires_grad_(grad)
    b = None if second is None else t(second).requires_grad_(grad)
    return call(a, b, t, reduction)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_loss_values_match_pytorch(device, name):
    for reduction, expected in EXPECTED[name].items():
        out = _run(name, device, reduction)
        assert out.dtype == torch.float32
        got = out.detach().cpu().reshape(-1).tolist()
        expected = expected if isinstance(expected, list) else [expected]
        assert got == pytest.approx(expected, abs=1e-5), reduction


@pytest.mark.parametrize("name", sorted(GRAD_FNS))
def test_grad_fn_names_match_pytorch(name):
    for reduction, expected in zip(("mean", "sum", "none"), GRAD_FNS[name]):
        assert _run(name, "cpu", reduction, grad=True).grad_fn.name() == expected


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_loss_gradcheck(name, reduction):
    call, first, second = CASES[name]

    def t(values):
        return torch.tensor(values, dtype=torch.float64)

    inputs = [t(first).requires_grad_()]
    if second is not None:
        inputs.append(t(second).requires_grad_())
    if len(inputs) == 1:

        def fn(a):
            return call(a, None, t, reduction)
    else:

        def fn(a, b):
            return call(a, b, t, reduction)

    assert gradcheck(fn, inputs)


@pytest.mark.parametrize(
    "name", ["soft_margin", "multi_margin_p2", "cosine_embedding", "gaussian_full", "poisson_full"]
)
def test_loss_gradgradcheck(device, name):
    call, first, second = CASES[name]

    def t(values):
        return torch.tensor(values, dtype=torch.float64, device=device)

    assert gradgradcheck(
        lambda a: call(a, t(second) if second else None, t, "sum"), [t(first).requires_grad_()]
    )


def test_small_inputs_and_dtypes_match_pytorch():
    # each value below printed by PyTorch 2.13
    x = torch.tensor([0.1, 0.2, 0.4, 0.8])
    out = F.multi_margin_loss(x, torch.tensor([3]), reduction="none")
    assert out.shape == (1,) and out.tolist() == pytest.approx([0.325])
    assert F.multi_margin_loss(x, torch.tensor(1), reduction="none").shape == ()
    out = F.multilabel_margin_loss(x, torch.tensor([3, 0, -1, 1]), reduction="none")
    assert out.shape == () and out.item() == pytest.approx(0.85)
    # a long input keeps its dtype in hinge_embedding_loss (ATen's margin - self)
    out = F.hinge_embedding_loss(torch.arange(3), -torch.ones(3), margin=2.5, reduction="none")
    assert out.dtype == torch.int64 and out.tolist() == [2, 1, 0]
    # margin_ranking_loss's float margin promotes integer inputs
    out = F.margin_ranking_loss(
        torch.arange(3),
        torch.arange(3).flip(0),
        torch.tensor([1, -1, 1]),
        margin=0.5,
        reduction="none",
    )
    assert out.dtype == torch.float32 and out.tolist() == [2.5, 0.5, 0.0]
    # soft_margin_loss computes in the input's dtype and broadcasts the target to it
    out = F.soft_margin_loss(
        torch.tensor([[0.5, -1, 2], [1, 1, 1]]), torch.tensor([1, -1, 1]), reduction="none"
    )
    assert out.dtype == torch.float32
    assert out.reshape(-1).tolist() == pytest.approx(
        [0.474077, 0.313262, 0.126928, 0.313262, 1.313262, 0.313262], abs=1e-6
    )
    assert F.soft_margin_loss(torch.randn(3), torch.ones(3).double()).dtype == torch.float32
    out = F.gaussian_nll_loss(torch.ones(2, 3, 4), torch.zeros(2, 3, 4), torch.ones(2, 1, 4))
    assert out.item() == pytest.approx(0.5)
    assert F.gaussian_nll_loss(
        torch.tensor([1.0, 2, 3]), torch.tensor([0.0, 2, 5]), 2.0
    ).item() == pytest.approx(0.763240, abs=1e-6)


def _lng(*shape):
    return torch.zeros(*shape, dtype=torch.int64)


X, Y = torch.ones(3, 4), torch.ones(3, 4)
# (call, exception, message) from PyTorch 2.13
ERRORS = [
    (
        lambda: F.margin_ranking_loss(torch.ones(3), torch.ones(3, 1), torch.ones(3)),
        RuntimeError,
        "margin_ranking_loss : All input tensors should have same dimension but got sizes: "
        "input1: torch.Size([3]), input2: torch.Size([3, 1]), target: torch.Size([3]) ",
    ),
    (
        lambda: F.margin_ranking_loss(torch.ones(3), torch.ones(3), torch.ones(2)),
        RuntimeError,
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
    ),
    (
        lambda: F.hinge_embedding_loss(X, torch.ones(3)),
        RuntimeError,
        "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
    ),
    (
        lambda: F.hinge_embedding_loss(torch.arange(3), torch.ones(3, dtype=torch.int64)),
        RuntimeError,
        "mean(): could not infer output dtype. Input dtype must be either a floating "
        "point or complex dtype. Got: Long",
    ),
    (
        lambda: F.soft_margin_loss(X, torch.ones(3)),
        RuntimeError,
        "The size of tensor a (4) must match the size of tensor b (3) at non-singleton dimension 1",
    ),
    (
        lambda: F.soft_margin_loss(torch.ones(3), torch.ones(2, 3)),
        RuntimeError,
        "output with shape [3] doesn't match the broadcast shape [2, 3]",
    ),
    (
        lambda: F.soft_margin_loss(torch.arange(3), torch.ones(3, dtype=torch.int64)),
        RuntimeError,
        "result type Float can't be cast to the desired output type Long",
    ),
    (
        lambda: F.soft_margin_loss(torch.ones(3), torch.ones(3, requires_grad=True)),
        RuntimeError,
        "The function 'soft_margin_loss' is not differentiable with respect to argument 'target'. "
        "This input cannot have requires_grad True.",
    ),
    (lambda: F.multilabel_soft_margin_loss(X, Y, reduction="bad"), ValueError, "bad is not valid"),
    (
        lambda: F.cosine_embedding_loss(X, Y, torch.ones(3, 1)),
        RuntimeError,
        "0D or 1D target tensor expected, multi-target not supported",
    ),
    (
        lambda: F.cosine_embedding_loss(X, Y, torch.ones(())),
        RuntimeError,
        "0D target tensor expects 1D input tensors, but found inputs with sizes [3, 4] and [3, 4].",
    ),
    (
        lambda: F.triplet_margin_loss(X, Y, Y[0]),
        RuntimeError,
        "The anchor, positive, and negative tensors are expected to have the same number of "
        "dimensions, but got: anchor 2D, positive 2D, and negative 1D inputs",
    ),
    (
        lambda: F.triplet_margin_loss(X, Y, Y, margin=0),
        ValueError,
        "margin must be greater than 0, got 0",
    ),
    (
        lambda: F.triplet_margin_loss(X, Y, Y, reduction="bad"),
        ValueError,
        "bad is not a valid value for reduction",
    ),
    (
        lambda: F.triplet_margin_with_distance_loss(X, Y, Y, margin=-1),
        ValueError,
        "margin must be greater than 0, got -1",
    ),
    (
        lambda: F.poisson_nll_loss(X, Y, reduction="bad"),
        ValueError,
        "bad is not a valid value for reduction",
    ),
    (
        lambda: F.gaussian_nll_loss(X, Y, -torch.ones(3, 4)),
        ValueError,
        "var has negative entry/entries",
    ),
    (lambda: F.gaussian_nll_loss(X, Y, torch.ones(2, 4)), ValueError, "var is of incorrect size"),
    (
        lambda: F.gaussian_nll_loss(X, Y, torch.ones(3, 4), reduction="bad"),
        ValueError,
        "bad is not valid",
    ),
    (
        lambda: F.multi_margin_loss(X, torch.tensor([0, 1])),
        RuntimeError,
        "multi_margin_loss: target tensor should be 1-D with size equal to the number of input "
        "samples (batch size). Expected target size [3], but got [2]. Input has shape [3, 4].",
    ),
    (lambda: F.multi_margin_loss(X, torch.tensor([0, 1, 4])), RuntimeError, "target out of range"),
    (
        lambda: F.multi_margin_loss(X, torch.tensor([0, 1, 2.0])),
        RuntimeError,
        "expected scalar type Long but found Float",
    ),
    (lambda: F.multi_margin_loss(X, _lng(3), p=3), ValueError, "only p == 1 and p == 2 supported"),
    (
        lambda: F.multi_margin_loss(X, _lng(3), weight=torch.ones(2, 2)),
        ValueError,
        "weight must be one-dimensional",
    ),
    (
        lambda: F.multi_margin_loss(X, _lng(3), weight=torch.ones(3)),
        RuntimeError,
        "inconsistent weight size, expected 4 but got [3]",
    ),
    (
        lambda: F.multi_margin_loss(X, _lng(3), weight=torch.ones(4, requires_grad=True)),
        RuntimeError,
        "The function 'multi_margin_loss' is not differentiable with respect to "
        "argument 'weight'. This input cannot have requires_grad True.",
    ),
    (
        lambda: F.multi_margin_loss(torch.ones(2, 3, 4), _lng(2)),
        RuntimeError,
        "Expected non-empty vector or matrix with optional 0-dim batch size, but got: [2, 3, 4]",
    ),
    (
        lambda: F.multi_margin_loss(_lng(4), torch.tensor(1)),
        NotImplementedError,
        "\"multi_margin_loss_cpu_kernel\" not implemented for 'Long'",
    ),
    (
        lambda: F.multilabel_margin_loss(X, torch.tensor([0, 1, 2])),
        RuntimeError,
        "inconsistent target size: [3] for input of size: [3, 4]",
    ),
    (
        lambda: F.multilabel_margin_loss(X, torch.zeros(3, 4, dtype=torch.int32)),
        RuntimeError,
        "expected scalar type Long but found Int",
    ),
    (
        lambda: F.multilabel_margin_loss(X, torch.tensor([[0, 1, -1, 7]] * 3)),
        RuntimeError,
        "argument #2 'target' is out of range",
    ),
    (
        lambda: F.multilabel_margin_loss(_lng(3, 4), _lng(3, 4)),
        NotImplementedError,
        "\"multilabel_margin_loss_forward_out_frame\" not implemented for 'Long'",
    ),
    (lambda: nn.MultiMarginLoss(p=3), ValueError, "only p == 1 and p == 2 supported"),
    (
        lambda: nn.MultiMarginLoss(weight=torch.ones(2, 2)),
        ValueError,
        "MultiMarginLoss: expected weight to be None or 1D tensor, got 2D instead",
    ),
    (
        lambda: nn.TripletMarginLoss(margin=0),
        ValueError,
        "TripletMarginLoss: expected margin to be greater than 0, got 0 instead",
    ),
    (
        lambda: nn.TripletMarginWithDistanceLoss(margin=0),
        ValueError,
        "TripletMarginWithDistanceLoss: expected margin to be greater than 0, got 0 instead",
    ),
]


@pytest.mark.parametrize("call,kind,text", ERRORS)
def test_loss_errors_match_pytorch(call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert str(info.value) == text


def test_loss_modules_match_functional_and_repr():
    x, y, z = torch.tensor(A), torch.tensor(B), torch.tensor(C)
    sign, w = torch.tensor(SIGN), torch.tensor(W)
    labels, classes = torch.tensor(LABELS), torch.tensor([1, 0, 3])
    pairs = [
        (
            nn.MarginRankingLoss(margin=0.5),
            (torch.tensor(V1), torch.tensor(V2), sign),
            F.margin_ranking_loss(torch.tensor(V1), torch.tensor(V2), sign, 0.5),
        ),
        (
            nn.HingeEmbeddingLoss(1.5, reduction="sum"),
            (x, torch.tensor(S)),
            F.hinge_embedding_loss(x, torch.tensor(S), 1.5, reduction="sum"),
        ),
        (nn.SoftMarginLoss(), (x, torch.tensor(S)), F.soft_margin_loss(x, torch.tensor(S))),
        (
            nn.MultiLabelSoftMarginLoss(w),
            (x, torch.tensor(P)),
            F.multilabel_soft_margin_loss(x, torch.tensor(P), w),
        ),
        (nn.CosineEmbeddingLoss(0.2), (x, y, sign), F.cosine_embedding_loss(x, y, sign, 0.2)),
        (
            nn.TripletMarginLoss(p=1, swap=True),
            (x, y, z),
            F.triplet_margin_loss(x, y, z, p=1, swap=True),
        ),
        (
            nn.TripletMarginWithDistanceLoss(swap=True),
            (x, y, z),
            F.triplet_margin_loss(x, y, z, swap=True),
        ),
        (
            nn.PoissonNLLLoss(log_input=False, full=True),
            (x.abs(), y.abs() + 0.5),
            F.poisson_nll_loss(x.abs(), y.abs() + 0.5, False, True),
        ),
        (nn.GaussianNLLLoss(full=True), (x, y, z.abs()), F.gaussian_nll_loss(x, y, z.abs(), True)),
        (nn.MultiMarginLoss(2, 0.9, w), (x, classes), F.multi_margin_loss(x, classes, 2, 0.9, w)),
        (
            nn.MultiLabelMarginLoss(reduction="none"),
            (x, labels),
            F.multilabel_margin_loss(x, labels, reduction="none"),
        ),
    ]
    for module, args, expected in pairs:
        assert module(*args).tolist() == expected.tolist(), type(module).__name__
    # reprs and defaults as PyTorch 2.13 prints them
    assert repr(nn.MultiMarginLoss(weight=w)) == "MultiMarginLoss()"
    assert "weight" in dict(nn.MultiMarginLoss(weight=w).named_buffers())
    assert repr(nn.TripletMarginWithDistanceLoss()) == (
        "TripletMarginWithDistanceLoss(\n  (distance_function): PairwiseDistance()\n)"
    )
    loss = nn.TripletMarginLoss()
    assert (loss.margin, loss.p, loss.eps, loss.swap, loss.reduction) == (
        1.0,
        2.0,
        1e-6,
        False,
        "mean",
    )
    loss = nn.PoissonNLLLoss()
    assert (loss.log_input, loss.full, loss.eps) == (True, False, 1e-8)
    assert (nn.GaussianNLLLoss().eps, nn.HingeEmbeddingLoss().margin) == (1e-6, 1.0)
    assert (nn.MarginRankingLoss().margin, nn.CosineEmbeddingLoss().margin) == (0.0, 0.0)


def test_legacy_size_average_and_reduce():
    x, t = torch.tensor(A), torch.tensor(S)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = nn.SoftMarginLoss(size_average=False)
        summed = F.multilabel_soft_margin_loss(x, torch.tensor(P), reduce=False)
    assert module.reduction == "sum"
    assert module(x, t).item() == pytest.approx(7.922205, abs=1e-5)  # PyTorch 2.13
    assert summed.shape == (3,)
    assert [str(w.message) for w in caught] == [
        "size_average and reduce args will be deprecated, please use reduction='sum' instead.",
        "size_average and reduce args will be deprecated, please use reduction='none' instead.",
    ]
