"""nn.functional ops: gradients (gradcheck in float64), values and grad_fn names from PyTorch 2.13.

Golden numbers were printed by PyTorch 2.13.0+cpu for the same inputs (documented per test).
"""

from __future__ import annotations

import math

import pytest

import autograd_nb as torch
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from tests import _op_fixes as op_fixes

D = torch.float64


def _randn(*shape, device):
    return torch.randn(*shape, dtype=D).to(device).requires_grad_()


def _equal(a, b) -> bool:
    return a.shape == b.shape and bool((a.cpu() == b.cpu()).all())


def _close(a, b, atol=1e-5) -> bool:
    """Every element of a within atol of b (both moved to the CPU)."""
    return bool(((a.detach().cpu() - b.detach().cpu()).abs() <= atol).all())


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"stride": 2, "padding": 1},
        {"dilation": 2, "padding": (2, 1)},
        {"padding": "same"},
        {"stride": (2, 1), "padding": "valid"},
        {"groups": 2},
    ],
)
def test_conv2d_gradcheck(device, kwargs):
    torch.manual_seed(0)
    x = _randn(1, 2, 4, 4, device=device)
    w = _randn(2, 2 // kwargs.get("groups", 1), 3, 2, device=device)
    b = _randn(2, device=device)
    fn = lambda x, w, b: F.conv2d(x, w, b, **kwargs)  # noqa: E731
    assert gradcheck(fn, (x, w, b))


def test_conv2d_gradgradcheck(device):
    torch.manual_seed(0)
    x, w, b = (
        _randn(1, 2, 3, 3, device=device),
        _randn(2, 1, 2, 2, device=device),
        _randn(2, device=device),
    )
    assert gradgradcheck(
        lambda x, w, b: F.conv2d(x, w, b, stride=2, padding=1, groups=2), (x, w, b)
    )


def test_conv2d_values_match_pytorch(device):
    x = (torch.arange(32.0) / 10).view(1, 2, 4, 4).to(device)
    w = torch.tensor(
        [
            [[[1.0, -1], [0.5, 2]], [[0.0, 1], [-1, 0.5]]],
            [[[0.2, 0.3], [0.1, -0.4]], [[1, 1], [1, 1]]],
        ],
        device=device,
    )
    b = torch.tensor([0.5, -1.0], device=device)
    # PyTorch 2.13: F.conv2d(x, w, b, stride=2, padding=1)
    expected = torch.tensor(
        [
            [
                [[1.30, 0.15, -1.25], [4.90, 3.85, -0.95], [2.10, 3.40, 2.00]],
                [[0.60, 2.43, 0.93], [3.20, 8.37, 4.25], [2.16, 5.58, 2.40]],
            ]
        ]
    )
    out = F.conv2d(x, w, b, stride=2, padding=1)
    assert _close(out.cpu(), expected, atol=1e-5)
    # PyTorch 2.13: F.conv2d(x, w, dilation=2)
    expected = torch.tensor([[[[2.9, 3.2], [4.1, 4.4]], [[8.14, 8.56], [9.82, 10.24]]]])
    assert _close(F.conv2d(x, w, dilation=2).cpu(), expected, atol=1e-5)
    xr, wr, br = (t.clone().requires_grad_() for t in (x, w, b))
    out = F.conv2d(xr, wr, br, padding=1)
    (out * out).sum().backward()
    # PyTorch 2.13: sums of the gradients of sum(out**2)
    assert abs(wr.grad.sum().item() - 3872.8159) < 1e-2
    assert abs(xr.grad.sum().item() - 1163.0300) < 1e-2
    assert _close(br.grad.cpu(), torch.tensor([122.6, 255.6]), atol=1e-3)
    assert type(out.grad_fn).__name__ == "ConvolutionBackward0"


def test_conv2d_same_even_kernel_pads_right(device):
    x = torch.arange(16.0, device=device).view(1, 1, 4, 4)
    w = torch.tensor([[[[1.0, 0], [0, -1]]]], device=device)
    # PyTorch 2.13: the extra padding of an even kernel goes after (bottom/right)
    expected = torch.tensor(
        [[[[-5.0, -5, -5, 3], [-5, -5, -5, 7], [-5, -5, -5, 11], [12, 13, 14, 15]]]]
    )
    assert _equal(F.conv2d(x, w, padding="same").cpu(), expected)


def test_conv2d_unbatched_and_errors():
    x = torch.randn(3, 5, 5, requires_grad=True)
    out = F.conv2d(x, torch.randn(2, 3, 3, 3))
    assert out.shape == (2, 3, 3)
    assert type(out.grad_fn).__name__ == "SqueezeBackward1"  # as PyTorch 2.13
    cases = [
        (
            lambda: F.conv2d(torch.randn(1, 3, 5, 5), torch.randn(4, 2, 3, 3)),
            "Given groups=1, weight of size [4, 2, 3, 3], expected input[1, 3, 5, 5] to have 2 "
            "channels, but got 3 channels instead",
        ),
        (
            lambda: F.conv2d(torch.randn(1, 3, 2, 2), torch.randn(4, 3, 3, 3)),
            "Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size "
            "can't be greater than actual input size",
        ),
        (
            lambda: F.conv2d(torch.randn(5, 5), torch.randn(4, 3, 3, 3)),
            "Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [5, 5]",
        ),
        (
            lambda: F.conv2d(
                torch.randn(1, 3, 5, 5), torch.randn(4, 3, 3, 3), stride=2, padding="same"
            ),
            "padding='same' is not supported for strided convolutions",
        ),
        (
            lambda: F.conv2d(torch.randn(1, 3, 5, 5), torch.randn(4, 3, 3, 3), padding="foo"),
            "Invalid padding string: 'foo'",
        ),
        (
            lambda: F.conv2d(torch.randn(1, 3, 5, 5), torch.randn(4, 3, 3, 3), torch.randn(3)),
            "Given weight of size [4, 3, 3, 3], expected bias to be 1-dimensional with 4 elements, "
            "but got bias of size [3] instead",
        ),
        (
            lambda: F.conv2d(torch.randn(1, 3, 5, 5), torch.randn(4, 3, 3, 3).double()),
            "expected scalar type Float but found Double",
        ),
        (
            lambda: F.conv2d(
                torch.randn(1, 3, 5, 5), torch.randn(4, 3, 3, 3), torch.randn(4).double()
            ),
            "Input type (float) and bias type (double) should be the same",
        ),
    ]
    for fn, text in cases:  # PyTorch 2.13 texts
        with pytest.raises(RuntimeError) as info:
            fn()
        assert str(info.value) == text


def test_unfold_fold_gradcheck(device):
    torch.manual_seed(0)
    x = _randn(1, 2, 3, 4, device=device)
    assert gradcheck(lambda x: F.unfold(x, 2, padding=1, stride=2), (x,))
    assert gradgradcheck(
        lambda x: F.fold(F.unfold(x, (2, 3), dilation=(1, 2)), (3, 4), (2, 3), dilation=(1, 2)),
        (x,),
    )
    assert type(F.unfold(x, 2).grad_fn).__name__ == "Im2ColBackward0"


POOLS = [
    (F.max_pool2d, {"kernel_size": 2}),
    (F.max_pool2d, {"kernel_size": 3, "stride": 2, "padding": 1}),
    (F.max_pool2d, {"kernel_size": (3, 2), "stride": (2, 1), "ceil_mode": True}),
    (F.max_pool2d, {"kernel_size": 2, "dilation": 2, "padding": 1}),
    (F.avg_pool2d, {"kernel_size": 2}),
    (F.avg_pool2d, {"kernel_size": 3, "stride": 2, "padding": 1}),
    (
        F.avg_pool2d,
        {
            "kernel_size": 3,
            "stride": 2,
            "padding": 1,
            "ceil_mode": True,
            "count_include_pad": False,
        },
    ),
    (F.avg_pool2d, {"kernel_size": 2, "divisor_override": 3}),
]


@pytest.mark.parametrize("pool, kwargs", POOLS)
def test_pooling_gradcheck(device, pool, kwargs):
    torch.manual_seed(1)
    x = _randn(1, 2, 5, 4, device=device)
    assert gradcheck(lambda x: pool(x, **kwargs), (x,))
    if kwargs.get("ceil_mode"):
        assert gradgradcheck(lambda x: pool(x, **kwargs), (x,))


def test_pooling_values_match_pytorch(device):
    a = torch.arange(25.0, device=device).view(1, 1, 5, 5)
    # PyTorch 2.13 outputs for these calls
    values, indices = F.max_pool2d(a, 2, ceil_mode=True, return_indices=True)
    assert values.cpu().tolist() == [[[[6.0, 8, 9], [16, 18, 19], [21, 23, 24]]]]
    assert indices.dtype is torch.int64
    assert indices.cpu().tolist() == [[[[6, 8, 9], [16, 18, 19], [21, 23, 24]]]]
    out = F.avg_pool2d(a, 2, ceil_mode=True)
    assert _close(out.cpu(), torch.tensor([[[[3.0, 5, 6.5], [13, 15, 16.5], [20.5, 22.5, 24]]]]))
    out = F.avg_pool2d(a, 3, stride=2, padding=1)
    assert _close(out.cpu(), torch.tensor([[[[4 / 3, 3, 8 / 3], [7, 12, 9], [8, 13, 28 / 3]]]]))
    out = F.avg_pool2d(a, 3, stride=2, padding=1, count_include_pad=False)
    assert _close(out.cpu(), torch.tensor([[[[3.0, 4.5, 6], [10.5, 12, 13.5], [18, 19.5, 21]]]]))
    out = F.avg_pool2d(a, 2, divisor_override=3)
    assert _close(out.cpu(), torch.tensor([[[[4.0, 20 / 3], [52 / 3, 20]]]]))
    x = a.clone().requires_grad_()
    assert type(F.max_pool2d(x, 2).grad_fn).__name__ == "MaxPool2DWithIndicesBackward0"
    assert type(F.avg_pool2d(x, 2).grad_fn).__name__ == "AvgPool2DBackward0"


def test_pooling_errors():
    cases = [  # PyTorch 2.13 texts
        (
            lambda: F.max_pool2d(torch.randn(1, 3, 5, 5), 3, padding=2),
            "pad should be at most half of effective kernel size, but got pad=2, kernel_size=3 "
            "and dilation=1",
        ),
        (
            lambda: F.max_pool2d(torch.randn(1, 3, 2, 2), 3),
            "Given input size: (3x2x2). Calculated output size: (3x0x0). Output size is too small",
        ),
        (
            lambda: F.max_pool2d(torch.randn(5, 5), 2),
            "non-empty 3D or 4D (batch mode) tensor expected for input",
        ),
    ]
    for fn, text in cases:
        with pytest.raises(RuntimeError) as info:
            fn()
        assert str(info.value) == text


@pytest.mark.parametrize("training", [True, False])
def test_batch_norm_gradcheck(device, training):
    torch.manual_seed(3)
    x = _randn(3, 2, 2, 1, device=device)
    w, b = _randn(2, device=device), _randn(2, device=device)
    mean = torch.zeros(2, dtype=D, device=device)
    var = torch.ones(2, dtype=D, device=device)
    fn = lambda x, w, b: F.batch_norm(x, mean, var, w, b, training=training)  # noqa: E731
    assert gradcheck(fn, (x, w, b))
    assert gradgradcheck(fn, (x, w, b))
    assert type(fn(x, w, b).grad_fn).__name__ == "NativeBatchNormBackward0"


def test_batch_norm_updates_running_stats_like_pytorch(device):
    x = torch.tensor([[1.0, 2], [3, 6], [5, 1]], device=device)
    mean, var = torch.zeros(2, device=device), torch.ones(2, device=device)
    out = F.batch_norm(x, mean, var, training=True)
    # PyTorch 2.13: output, running_mean [0.3, 0.3], running_var [1.3, 1.6] (unbiased var)
    assert _close(
        out.cpu(), torch.tensor([[-1.2247, -0.4629], [0.0, 1.3887], [1.2247, -0.9258]]), atol=1e-4
    )
    assert _close(mean.cpu(), torch.tensor([0.3, 0.3]))
    assert _close(var.cpu(), torch.tensor([1.3, 1.6]))
    assert mean._version == 1
    out = F.batch_norm(x, mean, var, training=False)
    assert _close(
        out.cpu(), torch.tensor([[0.6139, 1.3440], [2.3680, 4.5062], [4.1222, 0.5534]]), atol=1e-4
    )
    with pytest.raises(
        ValueError,
        match=r"Expected more than 1 value per channel when "
        r"training, got input size torch.Size\(\[1, 3\]\)",
    ):
        F.batch_norm(torch.randn(1, 3), None, None, training=True)
    with pytest.raises(RuntimeError, match="running_mean should contain 3 elements not 4"):
        F.batch_norm(torch.randn(2, 3), torch.zeros(4), torch.ones(4), training=True)


def test_linear_grad_fns_match_pytorch():
    w = torch.randn(5, 4, requires_grad=True)
    b = torch.randn(5, requires_grad=True)
    x2, x3 = torch.randn(3, 4), torch.randn(2, 3, 4)
    names = [
        type(out.grad_fn).__name__
        for out in (
            F.linear(x2, w),
            F.linear(x2, w, b),
            F.linear(x3, w),
            F.linear(x3, w, b),
            F.linear(x3.transpose(0, 1), w, b),
            F.linear(torch.randn(4), w, b),
        )
    ]
    # PyTorch 2.13
    assert names == [
        "MmBackward0",
        "AddmmBackward0",
        "UnsafeViewBackward0",
        "ViewBackward0",
        "AddBackward0",
        "ViewBackward0",
    ]
    assert _close(F.linear(x3, w, b), x3 @ w.t() + b, atol=1e-6)


def test_linear_gradcheck(device):
    torch.manual_seed(4)
    x, w, b = _randn(2, 3, 4, device=device), _randn(5, 4, device=device), _randn(5, device=device)
    assert gradcheck(F.linear, (x, w, b))
    assert gradgradcheck(F.linear, (x[0], w, b))


def test_activations(device):
    x = torch.tensor([-2.0, 0.0, 3.0], device=device, requires_grad=True)
    out = F.leaky_relu(x, 0.1)
    assert _close(out.cpu(), torch.tensor([-0.2, 0.0, 3.0]))  # PyTorch 2.13
    assert type(out.grad_fn).__name__ == "LeakyReluBackward0"
    y = x.clone()
    assert type(F.leaky_relu(y, 0.1, inplace=True).grad_fn).__name__ == "LeakyReluBackward1"
    assert type(F.relu(x.clone(), inplace=True).grad_fn).__name__ == "ReluBackward0"
    xd = _randn(3, 4, device=device)
    assert gradcheck(lambda t: F.leaky_relu(t, 0.2), (xd,))
    assert gradcheck(lambda t: F.leaky_relu(t.clone(), 0.2, inplace=True), (xd,))
    assert _close(F.sigmoid(xd), xd.sigmoid()) and _close(F.tanh(xd), xd.tanh())


def test_softmax_implicit_dim_warns_like_pytorch():
    text = (
        "Implicit dimension choice for softmax has been deprecated. Change the call to "
        "include dim=X as an argument."
    )
    with pytest.warns(UserWarning) as record:
        out = F.softmax(torch.tensor([[1.0, 2], [3, 4]]))
    assert str(record[0].message) == text
    assert record[0].filename == __file__  # points at the caller, as PyTorch's stacklevel
    assert _close(out, torch.tensor([[0.2689, 0.7311], [0.2689, 0.7311]]), atol=1e-4)
    with pytest.warns(UserWarning, match="log_softmax"):
        out = F.log_softmax(torch.tensor([[[1.0, 2], [3, 4]]]))
    assert _close(out, torch.zeros(1, 2, 2))  # dim 0 for 3-D input (PyTorch's rule)


def test_dropout_train_and_eval(device):
    torch.manual_seed(5)
    x = torch.ones(2000, device=device, requires_grad=True)
    out = F.dropout(x, 0.25)
    kept = (out != 0).sum().item()
    assert 1350 < kept < 1650
    assert _close(out[out != 0].detach().cpu(), torch.full((kept,), 1 / 0.75))
    name = "NativeDropoutBackward0" if device == "cuda" else "MulBackward0"  # as PyTorch's
    assert type(out.grad_fn).__name__ == name
    out.sum().backward()
    assert _equal(x.grad != 0, out.detach() != 0)
    assert F.dropout(x, 0.5, training=False) is x
    assert F.dropout(x, 0.0) is x
    assert (F.dropout(x, 1.0) == 0).all()
    with pytest.raises(
        ValueError, match="dropout probability has to be between 0 and 1, but got 1.5"
    ):
        F.dropout(x, 1.5)


def test_embedding(device):
    torch.manual_seed(6)
    w = _randn(4, 3, device=device)
    idx = torch.tensor([[0, 2], [2, 1]], device=device)
    out = F.embedding(idx, w)
    assert out.shape == (2, 2, 3) and _equal(out[1, 0], w[2])
    assert type(out.grad_fn).__name__ == "EmbeddingBackward0"
    assert gradcheck(lambda w: F.embedding(idx, w), (w,))
    assert gradgradcheck(lambda w: F.embedding(idx, w), (w,))
    F.embedding(idx, w, padding_idx=2).sum().backward()
    assert w.grad.cpu().tolist() == [[1.0] * 3, [1.0] * 3, [0.0] * 3, [0.0] * 3]
    with pytest.raises(IndexError, match="index out of range in self"):
        F.embedding(torch.tensor([4], device=device), w)
    with pytest.raises(RuntimeError) as info:
        F.embedding(torch.tensor([0.0]), w.detach().cpu())
    assert str(info.value) == (  # PyTorch 2.13
        "Expected tensor for argument #1 'indices' to have one of the following scalar types: "
        "Long, Int; but got torch.FloatTensor instead (while checking arguments for embedding)"
    )


def test_one_hot(device):
    out = F.one_hot(torch.tensor([0, 1, 3], device=device))
    assert out.dtype is torch.int64 and not out.requires_grad
    assert out.cpu().tolist() == [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 1]]
    assert F.one_hot(torch.tensor([[1, 0], [2, 2]], device=device), 4).shape == (2, 2, 4)
    for fn, text in [  # PyTorch 2.13 texts
        (
            lambda: F.one_hot(torch.tensor([0, 5]), 3),
            "Class values must be smaller than num_classes.",
        ),
        (
            lambda: F.one_hot(torch.tensor([0.0, 1])),
            "one_hot is only applicable to index tensor of type LongTensor.",
        ),
        (lambda: F.one_hot(torch.tensor([0, -1])), "Class values must be non-negative."),
    ]:
        with pytest.raises(RuntimeError) as info:
            fn()
        assert str(info.value) == text


def test_pad(device):
    x = torch.arange(6.0, device=device).view(2, 3)
    # PyTorch 2.13: F.pad(x, (1, -1, 1, 0), value=9.)
    assert F.pad(x, (1, -1, 1, 0), value=9.0).cpu().tolist() == [[9, 9, 9], [9, 0, 1], [9, 3, 4]]
    xd = _randn(3, 4, device=device)
    assert type(F.pad(xd, (1, 1)).grad_fn).__name__ == "ConstantPadNdBackward0"
    assert gradcheck(lambda t: F.pad(t, (1, -1, 2, 0)), (xd,))
    assert gradgradcheck(lambda t: F.pad(t, (2, 1)), (xd,))
    for pad, text in [  # PyTorch 2.13 texts
        ((1,), "Padding length must be divisible by 2"),
        (
            (1, 1, 1, 1, 1, 1),
            "Padding length should be less than or equal to two times the "
            "input dimension but got padding length 6 and input of dimension 2",
        ),
        ((-3, -2), "narrow(): length must be non-negative."),
    ]:
        with pytest.raises(RuntimeError) as info:
            F.pad(torch.randn(3, 4), pad)
        assert str(info.value) == text


def test_top_level_ops_exist():
    x = torch.randn(1, 1, 4, 4)
    assert torch.conv2d(x, torch.ones(1, 1, 2, 2)).shape == (1, 1, 3, 3)
    assert torch.max_pool2d(x, 2).shape == (1, 1, 2, 2)
    assert torch.dropout(x, 0.5, False) is x
    assert torch.embedding(torch.eye(3), torch.tensor([1])).tolist() == [[0.0, 1.0, 0.0]]
    assert torch.constant_pad_nd(x, (1, 1)).shape == (1, 1, 4, 6)
    assert torch.layer_norm(x, [4, 4]).shape == (1, 1, 4, 4)
    out = torch.batch_norm(x, torch.zeros(1), torch.ones(1), None, None, True, 0.1, 1e-5, False)
    assert _close(out, torch.ones(1, 1, 4, 4))  # ATen order: weight (0), bias (1), mean, var


def _expected(values, device):
    return torch.tensor(values, dtype=D, device=device)


def _sines(*shape, device):
    """Deterministic float64 inputs, the same in PyTorch: sin(0.37 * arange)."""
    return (torch.arange(math.prod(shape), dtype=D) * 0.37).sin().reshape(shape).to(device)


@pytest.mark.parametrize(
    "size, output_size",
    [
        ((1, 2, 5, 7), (3, 4)),
        ((2, 5, 4), (3, 2)),
        ((1, 1, 3, 4), (5, 7)),
        ((2, 3, 4), (None, 3)),
        ((1, 2, 6, 6), 4),
    ],
)
def test_adaptive_avg_pool2d_gradcheck(device, size, output_size):
    torch.manual_seed(0)
    x = _randn(*size, device=device)
    assert gradcheck(lambda x: F.adaptive_avg_pool2d(x, output_size), (x,))
    assert (
        type(F.adaptive_avg_pool2d(x, output_size).grad_fn).__name__ == "AdaptiveAvgPool2DBackward0"
    )


def test_adaptive_avg_pool2d_values_match_pytorch(device):
    x = _sines(1, 2, 5, 7, device=device)
    # PyTorch 2.13: F.adaptive_avg_pool2d(x, (3, 4)) (windows of 2-3 rows, 2-3 columns)
    expected = _expected(
        [
            0.26656401038661776,
            0.23251124878599852,
            0.09320347992256002,
            -0.050132520282773124,
            0.18310058691841283,
            0.07953521066396345,
            -0.08238008009090494,
            -0.1849909507090377,
            0.04654440221570258,
            -0.09650325462221548,
            -0.23407630038385493,
            -0.2662084805689077,
            0.25627198102506055,
            0.17203689242929673,
            -0.00442980991366948,
            -0.1449001349785359,
            0.11740984954738574,
            -0.004576761512920413,
            -0.15430980616364,
            -0.2229870727084943,
            -0.05549702866491399,
            -0.17986331481432413,
            -0.2594453598497017,
            -0.23641556445013517,
        ],
        device,
    ).view(1, 2, 3, 4)
    assert _close(F.adaptive_avg_pool2d(x, (3, 4)), expected, atol=1e-12)
    # a None entry keeps that input size: (2, 5, 7) -> (2, 5, 3); PyTorch 2.13's first row
    out = F.adaptive_avg_pool2d(x[0], (None, 3))
    assert out.shape == (2, 5, 3)
    assert _close(
        out[0, 0],
        _expected([0.3453011145310357, 0.8552891472819443, 0.9179071732496755], device),
        atol=1e-12,
    )
    # upsampling repeats inputs in overlapping windows; PyTorch 2.13's sum
    assert abs(F.adaptive_avg_pool2d(x[0, :1], (7, 9)).sum().item() - 0.07501041793181659) < 1e-12
    xr = x.clone().requires_grad_()
    out = F.adaptive_avg_pool2d(xr, (3, 4))
    (out * out).sum().backward()
    # PyTorch 2.13: first row of the gradient of sum(out ** 2)
    assert _close(
        xr.grad[0, 0, 0],
        _expected(
            [
                0.13328200519330888,
                0.2107857547886417,
                0.07750374959533284,
                0.10857157623618617,
                0.03106782664085334,
                0.006001566499466777,
                -0.025066260141386562,
            ],
            device,
        ),
        atol=1e-12,
    )


def test_adaptive_avg_pool2d_one_by_one_is_a_mean(device):
    x = _randn(2, 3, 4, 5, device=device)
    out = F.adaptive_avg_pool2d(x, 1)
    assert type(out.grad_fn).__name__ == "MeanBackward1"  # as PyTorch 2.13 records it
    assert out.shape == (2, 3, 1, 1)
    assert _close(out, x.mean((2, 3), keepdim=True), atol=1e-12)
    assert F.adaptive_avg_pool2d(torch.randn(5, 7), 1).shape == (1, 1)  # no rank check either
    assert F.adaptive_avg_pool2d(torch.randn(2, 3, 4), (0, 2)).shape == (2, 0, 2)
    assert F.adaptive_avg_pool2d(torch.randn(0, 3, 4), 2).shape == (0, 2, 2)


def test_adaptive_avg_pool2d_errors():
    cases = [  # PyTorch 2.13 types and texts
        (
            lambda: F.adaptive_avg_pool2d(torch.randn(5, 7), 2),
            RuntimeError,
            "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got [5, 7]",
        ),
        (
            lambda: F.adaptive_avg_pool2d(torch.randn(1, 2, 0, 4), 2),
            RuntimeError,
            "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, "
            "but input has sizes [1, 2, 0, 4] with dimension 2 being empty",
        ),
        (
            lambda: F.adaptive_avg_pool2d(torch.randn(2, 3, 4), (2,)),
            RuntimeError,
            "adaptive_avg_pool2d: output_size must be 2",
        ),
        (
            lambda: F.adaptive_avg_pool2d(torch.randn(1, 2, 3, 4), -1),
            RuntimeError,
            "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but "
            "received {-1, -1}",
        ),
        (
            lambda: F.adaptive_avg_pool2d(torch.randn(2, 3, 4), (1, 2, 3)),
            ValueError,
            "Input dimension should be at least 4",
        ),
        (
            lambda: F.adaptive_avg_pool2d(torch.arange(12).reshape(1, 3, 4), 2),
            NotImplementedError,
            "\"adaptive_avg_pool2d\" not implemented for 'Long'",
        ),
        (
            lambda: F.adaptive_avg_pool2d(torch.arange(12).reshape(1, 3, 4), 1),
            RuntimeError,
            "mean(): could not infer output dtype. Input dtype must be either a floating point or "
            "complex dtype. Got: Long",
        ),
    ]
    for fn, kind, text in cases:
        with pytest.raises(kind) as info:
            fn()
        assert str(info.value) == text


def test_layer_norm_gradcheck(device):
    torch.manual_seed(0)
    x, w, b = _randn(2, 3, 4, device=device), _randn(4, device=device), _randn(4, device=device)
    fn = lambda x, w, b: F.layer_norm(x, (4,), w, b)  # noqa: E731
    assert gradcheck(fn, (x, w, b))
    assert gradgradcheck(fn, (x, w, b))
    w2, b2 = _randn(3, 4, device=device), _randn(3, 4, device=device)
    assert gradcheck(lambda x, w, b: F.layer_norm(x, [3, 4], w, b, eps=1e-3), (x, w2, b2))
    assert gradcheck(lambda x: F.layer_norm(x, x.shape), (x,))  # every dim normalised
    assert type(fn(x, w, b).grad_fn).__name__ == "NativeLayerNormBackward0"


def test_layer_norm_values_match_pytorch(device):
    x = (torch.arange(12, dtype=D) * 0.7).cos().view(3, 4).to(device)
    w = _expected([1.0, 0.5, -1.0, 2.0], device)
    b = _expected([0.0, 0.1, 0.2, -0.3], device)
    # PyTorch 2.13: F.layer_norm(x, (4,), w, b, eps=1e-3)
    expected = _expected(
        [
            1.1012695111725004,
            0.44910290823239984,
            0.5214181139933116,
            -3.2561144272879763,
            -0.8588004211565996,
            -0.3231579609499373,
            0.08015795302216651,
            2.870548592157281,
            0.3325713969698142,
            0.621862222910993,
            -0.06388370271879201,
            -3.5803590910211853,
        ],
        device,
    ).view(3, 4)
    assert _close(F.layer_norm(x, (4,), w, b, eps=1e-3), expected, atol=1e-12)
    # PyTorch 2.13: F.layer_norm(x, (3, 4)), first row
    assert _close(
        F.layer_norm(x, (3, 4))[0],
        _expected(
            [1.207919920045678, 0.86941925571929, 0.01311941439160762, -0.9582484085068539], device
        ),
        atol=1e-12,
    )
    xr, wr, br = (t.clone().requires_grad_() for t in (x, w, b))
    out = F.layer_norm(xr, (4,), wr, br)
    (out * out.sin()).sum().backward()
    # PyTorch 2.13: gradients of sum(out * sin(out))
    assert _close(
        xr.grad[0],
        _expected(
            [2.829793900571425, -0.1870591985532437, -5.958874347949737, 3.316139645931554], device
        ),
        atol=1e-12,
    )
    assert _close(
        wr.grad,
        _expected(
            [2.883902038462476, 2.262573545743118, -0.3214794883208006, -15.018308118229864], device
        ),
        atol=1e-12,
    )
    assert _close(
        br.grad,
        _expected(
            [0.7142713381648759, 1.3050769771853303, 0.98011895595143, 4.508304926167808], device
        ),
        atol=1e-12,
    )
    saved = out.grad_fn
    assert saved._saved_normalized_shape == (4,)


def test_layer_norm_errors():
    cases = [  # PyTorch 2.13 types and texts
        (
            lambda: F.layer_norm(torch.randn(2, 3), (4,)),
            RuntimeError,
            "Given normalized_shape=[4], expected input with shape [*, 4], but got input of "
            "size[2, 3]",
        ),
        (
            lambda: F.layer_norm(torch.randn(3), (2, 3)),
            RuntimeError,
            "Given normalized_shape=[2, 3], expected input with shape [*, 2, 3], but got input of "
            "size[3]",
        ),
        (
            lambda: F.layer_norm(torch.randn(2, 3), (3,), torch.randn(2)),
            RuntimeError,
            "Expected weight to be of same shape as normalized_shape, but got weight of shape [2] "
            "and normalized_shape = [3]",
        ),
        (
            lambda: F.layer_norm(torch.randn(2, 3), (3,), None, torch.randn(2)),
            RuntimeError,
            "Expected bias to be of same shape as normalized_shape, but got bias of shape [2] and "
            "normalized_shape = [3]",
        ),
        (
            lambda: F.layer_norm(torch.randn(2, 3), ()),
            RuntimeError,
            "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
            "element, but got normalized_shape = []",
        ),
        (
            lambda: F.layer_norm(torch.randn(2, 3), 3),
            TypeError,
            "layer_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not int",
        ),
        (
            lambda: F.layer_norm(torch.arange(6).reshape(2, 3), (3,)),
            NotImplementedError,
            "\"LayerNormKernelImpl\" not implemented for 'Long'",
        ),
        (
            lambda: F.layer_norm(torch.randn(2, 3), (3,), torch.randn(3).double()),
            RuntimeError,
            "mixed dtype (CPU): expect parameter to have scalar type of Float",
        ),
    ]
    for fn, kind, text in cases:
        with pytest.raises(kind) as info:
            fn()
        assert str(info.value) == text


@pytest.mark.parametrize("approximate", ["none", "tanh"])
def test_gelu_gradcheck(device, approximate):
    torch.manual_seed(0)
    x = _randn(3, 4, device=device)
    assert gradcheck(lambda x: F.gelu(x, approximate=approximate), (x,))
    assert gradgradcheck(lambda x: F.gelu(x, approximate=approximate), (x,))
    out = F.gelu(x, approximate=approximate)
    assert type(out.grad_fn).__name__ == "GeluBackward0"
    assert out.grad_fn._saved_approximate == approximate


def test_gelu_values_match_pytorch(device):
    z = _expected([-5.0, -2.5, -0.7, 0.0, 0.3, 1.0, 4.0], device)
    # PyTorch 2.13: F.gelu(z), F.gelu(z, approximate='tanh') and their derivatives
    cases = [
        (
            "none",
            [
                -1.4332578593401202e-06,
                -0.015524163314440398,
                -0.1693745565561511,
                0.0,
                0.1853734266566858,
                0.841344746068543,
                3.9998733150326675,
            ],
            [
                -7.1469460018034646e-06,
                -0.03761108590814519,
                0.023385898866340155,
                0.5,
                0.7323277668271099,
                1.0833154705876864,
                1.0005036496612265,
            ],
        ),
        (
            "tanh",
            [
                -2.2917961972623857e-07,
                -0.015084266089998577,
                -0.16942986529488321,
                0.0,
                0.18537092354275922,
                0.8411919906082768,
                3.9999297540518075,
            ],
            [
                -1.5463619879596227e-06,
                -0.03795157621266618,
                0.023642781343896052,
                0.5,
                0.7322954516388018,
                1.0829640838457826,
                1.000335123197122,
            ],
        ),
    ]
    for approximate, values, slopes in cases:
        zr = z.clone().requires_grad_()
        out = F.gelu(zr, approximate=approximate)
        assert _close(out, _expected(values, device), atol=1e-12)
        assert _close(torch.autograd.grad(out.sum(), zr)[0], _expected(slopes, device), atol=1e-12)


def test_gelu_errors():
    z = torch.randn(3)
    with pytest.raises(RuntimeError) as info:
        F.gelu(z, approximate="foo")
    assert str(info.value) == "approximate argument must be either none or tanh."  # PyTorch's
    with pytest.raises(NotImplementedError) as info:
        F.gelu(torch.arange(3))
    assert str(info.value) == "\"GeluKernelImpl\" not implemented for 'Long'"  # PyTorch's
    with pytest.raises(TypeError):
        F.gelu(z, "tanh")  # approximate is keyword-only, as in PyTorch


def test_normalize(device):
    x = _expected([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0], [1.0, -2.0, 2.0]], device).requires_grad_()
    out = F.normalize(x)
    # PyTorch 2.13: x / norm.clamp_min(eps).expand_as(x)
    assert type(out.grad_fn).__name__ == "DivBackward0"
    assert type(out.grad_fn.next_functions[1][0]).__name__ == "ExpandBackward0"
    assert _close(
        out,
        _expected([[0.6, 0.8, 0.0], [0.0, 0.0, 0.0], [1 / 3, -2 / 3, 2 / 3]], device),
        atol=1e-12,
    )
    assert _close(F.normalize(x, p=1, dim=0)[0], _expected([0.75, 2 / 3, 0.0], device), atol=1e-12)
    assert _close(
        F.normalize(x, p=float("inf"), dim=-1)[0], _expected([0.75, 1.0, 0.0], device), atol=1e-12
    )
    grad = torch.autograd.grad(out.sum(), x)[0]
    # PyTorch 2.13: the all-zero row gets 1 / eps = 1e12
    assert _close(grad[1], _expected([1e12, 1e12, 1e12], device), atol=1e-3)
    torch.manual_seed(0)
    assert gradcheck(lambda t: F.normalize(t, dim=0), (_randn(3, 4, device=device),))
    with pytest.raises(RuntimeError) as info:
        F.normalize(torch.arange(4).reshape(2, 2))
    assert str(info.value) == (
        "linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long"
    )  # PyTorch's


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"stride": 2, "padding": 1},
        {"dilation": 2, "padding": (2,)},
        {"padding": "same"},
        {"padding": "valid", "stride": [2]},
        {"groups": 2},
    ],
)
def test_conv1d_gradcheck(device, kwargs):
    torch.manual_seed(0)
    x = _randn(2, 2, 6, device=device)
    w = _randn(4, 2 // kwargs.get("groups", 1), 3, device=device)
    b = _randn(4, device=device)
    fn = lambda x, w, b: F.conv1d(x, w, b, **kwargs)  # noqa: E731
    assert gradcheck(fn, (x, w, b))
    assert type(fn(x, w, b).grad_fn).__name__ == "ConvolutionBackward0"
    assert gradcheck(lambda x, w: F.conv1d(x, w, **kwargs), (x[0], w))  # unbatched


def test_conv1d_gradgradcheck(device):
    torch.manual_seed(0)
    x, w, b = (
        _randn(1, 2, 5, device=device),
        _randn(2, 1, 2, device=device),
        _randn(2, device=device),
    )
    assert gradgradcheck(
        lambda x, w, b: F.conv1d(x, w, b, stride=2, padding=1, groups=2), (x, w, b)
    )


def test_conv1d_values_match_pytorch(device):
    x = (torch.arange(42, dtype=D) / 10).view(2, 3, 7).to(device).requires_grad_()
    w = torch.linspace(-1, 1, 36, dtype=D).view(4, 3, 3).to(device).requires_grad_()
    b = _expected([0.5, -1.0, 0.0, 2.0], device).requires_grad_()
    out = F.conv1d(x, w, b, stride=2, padding=1)
    # PyTorch 2.13: F.conv1d(x, w, b, stride=2, padding=1)[0, 0] and its saved arguments
    assert _close(out[0, 0], _expected([-2.3543, -4.9943, -6.3829, -5.0114], device), atol=1e-4)
    node = out.grad_fn
    assert (
        node._saved_stride,
        node._saved_padding,
        node._saved_dilation,
        node._saved_output_padding,
        node._saved_bias_sym_sizes_opt,
    ) == ((2,), (1,), (1,), (0,), (4,))
    assert node._saved_input.shape == (2, 3, 7)
    # PyTorch 2.13: F.conv1d(x, w, dilation=2)[1, 0]
    assert _close(
        F.conv1d(x, w, dilation=2)[1, 0], _expected([-20.04, -20.7343, -21.4286], device), atol=1e-4
    )
    (out * out).sum().backward()
    # PyTorch 2.13: sums of the gradients of sum(out ** 2)
    assert abs(x.grad.sum().item() - 2709.157224489796) < 1e-9
    assert abs(w.grad.sum().item() - 972.8948571428576) < 1e-9
    assert _close(
        b.grad,
        _expected(
            [-172.17142857142858, -69.65714285714286, 72.85714285714286, 231.3714285714286], device
        ),
        atol=1e-9,
    )
    assert type(F.conv1d(x[0], w).grad_fn).__name__ == "SqueezeBackward1"  # as PyTorch 2.13


def test_conv1d_errors():
    w = torch.randn(4, 3, 3)
    cases = [  # PyTorch 2.13 texts
        (
            lambda: F.conv1d(torch.randn(5), w),
            "Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: [5]",
        ),
        (
            lambda: F.conv1d(torch.randn(2, 2, 7), w),
            "Given groups=1, weight of size [4, 3, 3], expected input[2, 2, 7] to have 3 channels, "
            "but got 2 channels instead",
        ),
        (
            lambda: F.conv1d(torch.randn(2, 3, 2), w),
            "Calculated padded input size per channel: (2). Kernel size: (3). Kernel size can't be "
            "greater than actual input size",
        ),
        (
            lambda: F.conv1d(torch.randn(2, 3, 7), torch.randn(4, 3, 3, 3)),
            "Expected 4-dimensional input for 4-dimensional weight [4, 3, 3, 3], but got "
            "3-dimensional input of size [2, 3, 7] instead",
        ),
        (
            lambda: F.conv2d(torch.randn(2, 3, 7, 7), torch.randn(4, 3)),
            "weight should have at least three dimensions",
        ),
        (
            lambda: F.conv1d(torch.randn(2, 3, 7), w, stride=2, padding="same"),
            "padding='same' is not supported for strided convolutions",
        ),
    ]
    for fn, text in cases:
        with pytest.raises(RuntimeError) as info:
            fn()
        assert str(info.value) == text


# --- the tutorial activations: softplus, elu, silu, mish, hardtanh/relu6, prelu, ... -----------

_ACT_INPUT = [-25.0, -3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 7.0, 25.0]

# PyTorch 2.13 on _ACT_INPUT (float64): grad_fn name, values, and the gradient of their sum
_ACT_REFERENCE = [
    (
        "softplus",
        lambda t: F.softplus(t),
        "SoftplusBackward0",
        [
            1.3887943864867583e-11,
            0.04858735157374206,
            0.31326168751822286,
            0.4740769841801067,
            0.6931471805599453,
            0.9740769841801067,
            1.3132616875182228,
            3.048587351573742,
            7.000911466453774,
            25.0,
        ],
        [
            1.3887943864771146e-11,
            0.04742587317756679,
            0.2689414213699951,
            0.37754066879814546,
            0.5,
            0.6224593312018546,
            0.7310585786300049,
            0.9525741268224333,
            0.9990889488055994,
            1.0,
        ],
    ),
    (
        "softplus_beta2_threshold5",
        lambda t: F.softplus(t, beta=2, threshold=5),
        "SoftplusBackward0",
        [
            9.643749239819589e-23,
            0.0012378425688652247,
            0.06346400552148625,
            0.15663084375911143,
            0.34657359027997264,
            0.6566308437591114,
            1.0634640055214863,
            3.0,
            7.0,
            25.0,
        ],
        [
            1.9287498479639178e-22,
            0.0024726231566347748,
            0.11920292202211755,
            0.2689414213699951,
            0.5,
            0.7310585786300049,
            0.8807970779778824,
            1.0,
            1.0,
            1.0,
        ],
    ),
    (
        "elu_alpha0.5",
        lambda t: F.elu(t, alpha=0.5),
        "EluBackward0",
        [
            -0.49999999999305605,
            -0.475106465816068,
            -0.31606027941427883,
            -0.1967346701436833,
            0.0,
            0.5,
            1.0,
            3.0,
            7.0,
            25.0,
        ],
        [
            6.9439719324820104e-12,
            0.024893534183931972,
            0.18393972058572117,
            0.3032653298563167,
            0.5,
            1.0,
            1.0,
            1.0,
            1.0,
            1.0,
        ],
    ),
    (
        "silu",
        F.silu,
        "SiluBackward0",
        [
            -3.4719859661927863e-10,
            -0.14227761953270035,
            -0.2689414213699951,
            -0.1887703343990727,
            0.0,
            0.3112296656009273,
            0.7310585786300049,
            2.8577223804672998,
            6.993622641639196,
            24.9999999996528,
        ],
        [
            -3.3331065274968563e-10,
            -0.08810410601516962,
            0.07232948812851325,
            0.2600388126973482,
            0.5,
            0.7399611873026519,
            0.9276705118714869,
            1.0881041060151693,
            1.0054604970664518,
            1.000000000333312,
        ],
    ),
    (
        "mish",
        F.mish,
        "MishBackward0",
        [
            -3.4719859662168955e-10,
            -0.1456474612756246,
            -0.30340146137410895,
            -0.22074377465173,
            0.0,
            0.3752452113048951,
            0.8650983882673103,
            2.9865350049679575,
            6.999988379809741,
            25.0,
        ],
        [
            -3.33310652754411e-10,
            -0.09339311453232084,
            0.059216755877395014,
            0.28951067791351226,
            0.6,
            0.8864243753577272,
            1.0490362200997922,
            1.0211069109294435,
            1.000021559160889,
            1.0,
        ],
    ),
    (
        "hardtanh_-2_3",
        lambda t: F.hardtanh(t, -2.0, 3.0),
        "HardtanhBackward0",
        [-2.0, -2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 3.0, 3.0],
        [0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0],
    ),
    (
        "relu6",
        F.relu6,
        "HardtanhBackward0",  # relu6 is hardtanh(0, 6) in PyTorch
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 1.0, 3.0, 6.0, 6.0],
        [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0],
    ),
    (
        "hardsigmoid",
        F.hardsigmoid,
        "HardsigmoidBackward0",  # its slope is float32(1/6)
        [
            0.0,
            0.0,
            0.3333333333333333,
            0.4166666666666667,
            0.5,
            0.5833333333333334,
            0.6666666666666666,
            1.0,
            1.0,
            1.0,
        ],
        [0.0, 0.0] + [0.1666666716337204] * 5 + [0.0, 0.0, 0.0],
    ),
    (
        "hardswish",
        F.hardswish,
        "HardswishBackward0",
        [
            -0.0,
            -0.0,
            -0.3333333333333333,
            -0.20833333333333334,
            0.0,
            0.2916666666666667,
            0.6666666666666666,
            3.0,
            7.0,
            25.0,
        ],
        [
            0.0,
            0.0,
            0.16666666666666669,
            0.33333333333333337,
            0.5,
            0.6666666666666666,
            0.8333333333333333,
            1.0,
            1.0,
            1.0,
        ],
    ),
    (
        "logsigmoid",
        F.logsigmoid,
        "LogSigmoidBackward0",
        [
            -25.000000000013888,
            -3.048587351573742,
            -1.3132616875182228,
            -0.9740769841801067,
            -0.6931471805599453,
            -0.4740769841801067,
            -0.31326168751822286,
            -0.04858735157374206,
            -0.0009114664537742447,
            -1.3887943864867583e-11,
        ],
        [
            0.9999999999861121,
            0.9525741268224333,
            0.7310585786300049,
            0.6224593312018545,
            0.5,
            0.37754066879814546,
            0.2689414213699951,
            0.04742587317756679,
            0.0009110511944006454,
            1.3887943864771146e-11,
        ],
    ),
    (
        "softsign",
        F.softsign,
        "DivBackward0",
        [
            -0.9615384615384616,
            -0.75,
            -0.5,
            -0.3333333333333333,
            0.0,
            0.3333333333333333,
            0.5,
            0.75,
            0.875,
            0.9615384615384616,
        ],
        [
            0.001479289940828403,
            0.0625,
            0.25,
            0.4444444444444444,
            1.0,
            0.4444444444444444,
            0.25,
            0.0625,
            0.015625,
            0.001479289940828403,
        ],
    ),
    (
        "tanhshrink",
        F.tanhshrink,
        "SubBackward0",
        [
            -24.0,
            -2.0049452463132695,
            -0.23840584404423515,
            -0.03788284273999026,
            0.0,
            0.03788284273999026,
            0.23840584404423515,
            2.0049452463132695,
            6.0000016630560555,
            24.0,
        ],
        [
            1.0,
            0.9901339628345598,
            0.5800256583859739,
            0.2135522670340726,
            0.0,
            0.2135522670340726,
            0.5800256583859739,
            0.9901339628345598,
            0.9999966738906552,
            1.0,
        ],
    ),
    (
        "prelu",
        lambda t: F.prelu(t, torch.tensor([0.25], dtype=D, device=t.device)),
        "PreluKernelBackward0",
        [-6.25, -0.75, -0.25, -0.125, 0.0, 0.5, 1.0, 3.0, 7.0, 25.0],
        [0.25, 0.25, 0.25, 0.25, 0.25, 1.0, 1.0, 1.0, 1.0, 1.0],
    ),
]


@pytest.mark.parametrize(
    "name, fn, grad_fn, values, grads", _ACT_REFERENCE, ids=[case[0] for case in _ACT_REFERENCE]
)
def test_activation_values_and_grad_fns_match_pytorch(device, name, fn, grad_fn, values, grads):
    x = _expected(_ACT_INPUT, device).requires_grad_()
    out = fn(x)
    assert type(out.grad_fn).__name__ == grad_fn
    assert _close(out, _expected(values, device), atol=1e-12)
    assert _close(torch.autograd.grad(out.sum(), x)[0], _expected(grads, device), atol=1e-12)


_GRADCHECKED = [
    ("softplus", lambda t: F.softplus(t, 2, 3)),  # both sides of beta * x = threshold
    ("elu", lambda t: F.elu(t, 0.7)),
    ("elu_inplace", lambda t: F.elu(t.clone(), 0.7, inplace=True)),
    ("silu", F.silu),
    ("silu_inplace", lambda t: F.silu(t.clone(), inplace=True)),
    ("mish", F.mish),
    ("mish_inplace", lambda t: F.mish(t.clone(), inplace=True)),
    ("hardsigmoid", F.hardsigmoid),
    ("hardswish", F.hardswish),
    ("hardswish_inplace", lambda t: F.hardswish(t.clone(), inplace=True)),
    ("hardtanh", lambda t: F.hardtanh(t, -1.5, 2.0)),
    ("hardtanh_", lambda t: F.hardtanh_(t.clone(), -0.5, 0.5)),
    ("relu6", F.relu6),
    ("relu6_inplace", lambda t: F.relu6(t.clone(), inplace=True)),
    ("logsigmoid", F.logsigmoid),
    ("softsign", F.softsign),
    ("tanhshrink", F.tanhshrink),
]


@pytest.mark.parametrize("name, fn", _GRADCHECKED, ids=[case[0] for case in _GRADCHECKED])
def test_activation_gradcheck(device, name, fn):
    torch.manual_seed(0)
    x = (torch.randn(3, 4, dtype=D) * 3).to(device).requires_grad_()  # reaches the kinks at +-3
    assert gradcheck(fn, (x,))


@pytest.mark.parametrize("weight", [[0.2, -0.3, 0.5, 0.1], [0.3], 0.3])
def test_prelu_gradcheck(device, weight):
    torch.manual_seed(0)
    x = _randn(2, 4, 3, device=device)
    w = torch.tensor(weight, dtype=D, device=device, requires_grad=True)
    assert gradcheck(F.prelu, (x, w))


def test_prelu_per_channel_matches_pytorch(device):
    x = torch.tensor(
        [[[-1.0, 2.0], [3.0, -4.0]], [[0.5, -0.5], [-2.0, 1.0]]], device=device, requires_grad=True
    )
    w = torch.tensor([0.1, 0.3], device=device, requires_grad=True)
    out = F.prelu(x, w)
    (out * torch.tensor([1.0, 2.0], device=device)).sum().backward()
    # PyTorch 2.13: the channels are dim 1; the weight's gradient sums over the other dims
    assert _close(out, torch.tensor([[[-0.1, 2.0], [3.0, -1.2]], [[0.5, -0.05], [-0.6, 1.0]]]))
    assert _close(x.grad, torch.tensor([[[0.1, 2.0], [1.0, 0.6]], [[1.0, 0.2], [0.3, 2.0]]]))
    assert _close(w.grad, torch.tensor([-2.0, -10.0]))
    assert type(out.grad_fn).__name__ == "PreluKernelBackward0"
    assert [type(n[0]).__name__ for n in out.grad_fn.next_functions] == ["AccumulateGrad"] * 2
    assert torch.prelu(x, w).tolist() == out.tolist() == x.prelu(w).tolist()
    assert F.prelu(torch.tensor(-2.0), torch.tensor([0.5])).item() == -1.0  # 0-dim input


# PyTorch 2.13's gradients of the in-place forms: the out-of-place form's (_ACT_GRADS) where they
# agree, and these where the form differs from the tables above
_ACT_GRADS = {case[0]: case[4] for case in _ACT_REFERENCE}
_ELU_INPLACE_GRAD = [
    1.3887890837338546e-11,
    0.04978706836786395,
    0.36787944117144233,
    0.6065306597126334,
    1.0,
    1.0,
    1.0,
    1.0,
    1.0,
    1.0,
]
_HARDTANH_GRAD = [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]

_INPLACE_CASES = [  # PyTorch 2.13: grad_fn of the in-place form, gradient of its sum at _ACT_INPUT
    ("elu", lambda t: F.elu(t, inplace=True), "EluBackward1", _ELU_INPLACE_GRAD),  # from the result
    ("elu_", F.elu_, "EluBackward1", _ELU_INPLACE_GRAD),
    ("silu", lambda t: F.silu(t, inplace=True), "SiluBackward0", _ACT_GRADS["silu"]),
    ("hardtanh_", F.hardtanh_, "HardtanhBackward0", _HARDTANH_GRAD),
    ("hardtanh", lambda t: F.hardtanh(t, inplace=True), "HardtanhBackward0", _HARDTANH_GRAD),
    ("relu6", lambda t: F.relu6(t, inplace=True), "HardtanhBackward0", _ACT_GRADS["relu6"]),
    (
        "hardsigmoid",
        lambda t: F.hardsigmoid(t, inplace=True),
        "HardsigmoidBackward0",
        _ACT_GRADS["hardsigmoid"],
    ),
    (
        "hardswish",
        lambda t: F.hardswish(t, inplace=True),
        "HardswishBackward0",
        _ACT_GRADS["hardswish"],
    ),
    ("mish", lambda t: F.mish(t, inplace=True), "MishBackward0", _ACT_GRADS["mish"]),
]


@pytest.mark.parametrize(
    "name, fn, grad_fn, grads", _INPLACE_CASES, ids=[case[0] for case in _INPLACE_CASES]
)
def test_inplace_activations_match_pytorch(device, name, fn, grad_fn, grads):
    x = _expected(_ACT_INPUT, device).requires_grad_()
    y = x.clone()
    version = y._version
    out = fn(y)
    assert out is y and y._version == version + 1
    assert type(out.grad_fn).__name__ == grad_fn
    assert _close(torch.autograd.grad(out.sum(), x)[0], _expected(grads, device), atol=1e-12)
    with pytest.raises(RuntimeError) as info:
        fn(torch.randn(3, requires_grad=True))
    assert (
        str(info.value)
        == "a leaf Variable that requires grad is being used in an in-place operation."
    )  # noqa: E501 - PyTorch's
    plain = torch.randn(3, device=device)
    assert fn(plain) is plain and plain._version == 1  # no graph: still written in place


def test_activation_errors_match_pytorch():
    ints, x = torch.arange(-3, 4), torch.randn(3)
    cases = [  # PyTorch 2.13's exception types and texts
        (
            lambda: F.softplus(ints),
            NotImplementedError,
            "\"softplus_cpu\" not implemented for 'Long'",
        ),
        (lambda: F.elu(ints > 0), NotImplementedError, "\"elu_cpu\" not implemented for 'Bool'"),
        (
            lambda: F.elu(ints.clone(), inplace=True),
            NotImplementedError,
            "\"elu_cpu\" not implemented for 'Long'",
        ),
        (lambda: F.silu(ints), NotImplementedError, "\"silu_cpu\" not implemented for 'Long'"),
        (lambda: F.mish(ints), NotImplementedError, "\"mish_cpu\" not implemented for 'Long'"),
        (
            lambda: F.hardsigmoid(ints),
            NotImplementedError,
            "\"hardsigmoid_cpu\" not implemented for 'Long'",
        ),
        (
            lambda: F.hardswish(ints, inplace=True),
            NotImplementedError,
            "\"hardswish_cpu\" not implemented for 'Long'",
        ),
        (
            lambda: F.logsigmoid(ints),
            NotImplementedError,
            "\"log_sigmoid_cpu\" not implemented for 'Long'",
        ),
        (
            lambda: F.softplus([1.0]),
            TypeError,
            "softplus(): argument 'input' (position 1) must be Tensor, not list",
        ),
        (
            lambda: F.logsigmoid([1.0]),
            TypeError,
            "log_sigmoid(): argument 'input' (position 1) must be Tensor, not list",
        ),
        (
            lambda: F.relu6([1.0]),
            TypeError,
            "relu6(): argument 'input' (position 1) must be Tensor, not list",
        ),
        (lambda: F.hardtanh(ints > 0), RuntimeError, "Bool inputs not supported for hardtanh"),
        (lambda: F.relu6(ints > 0), RuntimeError, "Bool inputs not supported for hardtanh"),
        (
            lambda: F.hardtanh(torch.tensor([2, 0], dtype=torch.uint8)),
            RuntimeError,
            "cannot do hardtanh on an unsigned type with negative limits",
        ),
        (lambda: F.hardtanh(x, 2.0, 1.0), ValueError, "min_val cannot be greater than max_val"),
        (
            lambda: F.prelu(ints, torch.tensor([1])),
            NotImplementedError,
            "\"prelu_cpu\" not implemented for 'Long'",
        ),
        (
            lambda: F.prelu(ints, torch.tensor([0.25])),
            RuntimeError,
            "prelu: Type promoting not supported. Got Long and Float",
        ),
        (
            lambda: F.prelu(torch.randn(2, 3), torch.ones(2)),
            RuntimeError,
            "Mismatch of parameter numbers and input channel size. Found parameter numbers = 2 and "
            "channel size = 3.",
        ),
        (
            lambda: F.prelu(x, torch.ones(2)),
            RuntimeError,
            "Mismatch of parameter numbers and input channel size. Found parameter numbers = 2 and "
            "channel size = 1.",
        ),
        (
            lambda: F.prelu(torch.randn(2, 3), torch.ones(3, 1)),
            RuntimeError,
            "prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = 2",
        ),
        (
            lambda: F.prelu(torch.tensor(-2.0), torch.ones(2)),
            RuntimeError,
            "Not allow zero-dim input tensor.",
        ),
        (
            lambda: F.prelu(x, 0.25),
            TypeError,
            "prelu(): argument 'weight' (position 2) must be Tensor, not float",
        ),
    ]
    for fn, kind, text in cases:
        with pytest.raises(kind) as info:
            fn()
        assert str(info.value) == text


def test_elu_inplace_negative_alpha_refuses_backward():
    x = torch.tensor([-2.0, 0.5, 3.0], requires_grad=True)
    out = F.elu(x.clone(), alpha=-1.0, inplace=True)
    assert _close(out, torch.tensor([0.8646647, 0.5, 3.0]))  # PyTorch 2.13: forward runs
    with pytest.raises(RuntimeError) as info:
        out.sum().backward()
    assert str(info.value) == (  # PyTorch's
        "In-place elu backward calculation is triggered with a negative slope which is not "
        "supported. This is caused by calling in-place forward function with a negative slope, "
        "please call out-of-place version instead."
    )
    F.elu(x.clone(), alpha=0.0, inplace=True).sum().backward()
    assert x.grad.tolist() == [0.0, 1.0, 1.0]  # PyTorch 2.13: alpha = 0 is allowed


def test_activation_saved_values_and_special_inputs():
    x = torch.tensor([-2.0, 0.5, 3.0], requires_grad=True)
    fn = F.elu(x, 0.5).grad_fn  # PyTorch 2.13's saved attributes
    assert (fn._saved_alpha, fn._saved_scale, fn._saved_input_scale) == (0.5, 1, 1)
    assert fn._saved_self is x
    fn = F.softplus(x, 2, 5).grad_fn
    assert (fn._saved_beta, fn._saved_threshold) == (2, 5)
    fn = F.relu6(x).grad_fn
    assert (fn._saved_min_val, fn._saved_max_val) == (0, 6)
    assert F.relu6(torch.arange(-3, 8)).tolist() == [0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 6]
    assert F.hardtanh(torch.tensor([1, 7, -2]), -1.5, 1.5).tolist() == [1, 1, -1]  # stays Long
    inf, nan = float("inf"), float("nan")
    special = torch.tensor([inf, -inf, nan])
    # PyTorch 2.13
    assert str(F.softplus(special)) == "tensor([inf, 0., nan])"
    assert str(F.elu(special)) == "tensor([inf, -1., nan])"
    assert str(F.silu(special)) == "tensor([inf, nan, nan])"
    assert str(F.mish(special)) == "tensor([inf, nan, nan])"
    assert str(F.logsigmoid(torch.tensor([inf, -inf, nan, -800.0]))) == (
        "tensor([   0.,  -inf,   nan, -800.])"
    )
    assert str(F.hardswish(torch.tensor([nan, inf]))) == "tensor([nan, inf])"
    edges = torch.tensor([6.0, 0.0, nan], requires_grad=True)
    F.relu6(edges).sum().backward()
    assert edges.grad.tolist()[:2] == [0.0, 0.0] and edges.grad[2].item() == 1.0  # PyTorch's
    assert F.hardtanh_(torch.tensor([-3.0, 1.0]), -2.0, 0.5).tolist() == [-2.0, 0.5]


# --- convolutions of an empty batch, and of no output channels: recorded from PyTorch 2.13 ---
@pytest.mark.parametrize("case", op_fixes.cases("convolution"))
def test_empty_convolutions_match_pytorch(case):
    op_fixes.check_case(case)
