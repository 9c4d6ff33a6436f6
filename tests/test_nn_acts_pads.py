"""SELU, CELU, the shrinks, Threshold, Softmin, GLU, Softmax2d; F.pad's reflect, replicate and
circular modes and the padding layers; Dropout1d/2d; PixelShuffle/PixelUnshuffle.

Expected values, grad_fn names, reprs and error texts were printed by PyTorch 2.13.0+cpu.
"""

from __future__ import annotations

import math

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck

D = torch.float64
V = [-2.0, -0.5, -0.25, 0.0, 0.1, 0.5, 2.0]


def _close(t, expected, tol=1e-12) -> bool:
    got = t.detach().cpu().reshape(-1).tolist()
    flat = torch.tensor(expected, dtype=D).reshape(-1).tolist()
    return len(got) == len(flat) and all(math.isclose(a, b, abs_tol=tol) for a, b in zip(got, flat))


def _raise_exactly(cases) -> None:
    """Each (call, exception type, message) raises that type with exactly that message."""
    for call, kind, text in cases:
        with pytest.raises(kind) as info:
            call()
        assert str(info.value) == text


# (function, PyTorch 2.13's values on V, its grad_fn)
ACTIVATIONS = {
    "selu": (
        F.selu,
        [
            -1.5201664685956948,
            -0.6917581878028713,
            -0.388890197478119,
            0.0,
            0.10507009873554805,
            0.5253504936777402,
            2.101401974710961,
        ],
        "EluBackward0",
    ),
    "celu": (
        lambda t: F.celu(t, 0.5),
        [-0.4908421805556329, -0.31606027941427883, -0.1967346701436833, 0.0, 0.1, 0.5, 2.0],
        "CeluBackward0",
    ),
    "softshrink": (
        lambda t: F.softshrink(t, 0.5),
        [-1.5, 0.0, 0.0, 0.0, 0.0, 0.0, 1.5],
        "SoftshrinkBackward0",
    ),
    "hardshrink": (
        lambda t: F.hardshrink(t, 0.25),
        [-2.0, -0.5, 0.0, 0.0, 0.0, 0.5, 2.0],
        "HardshrinkBackward0",
    ),
    "threshold": (
        lambda t: F.threshold(t, 0.1, -7.0),
        [-7.0, -7.0, -7.0, -7.0, -7.0, 0.5, 2.0],
        "ThresholdBackward0",
    ),
    "softmin": (
        lambda t: F.softmin(t, 0),
        [
            0.5697692559961429,
            0.12713270533807108,
            0.09901105047127592,
            0.07710988363975209,
            0.06977190801764656,
            0.04676950859438323,
            0.010435687942728094,
        ],
        "SoftmaxBackward0",
    ),
}


@pytest.mark.parametrize("name", list(ACTIVATIONS))
def test_activation_values_grad_fn_and_gradients(device, name):
    fn, expected, grad_fn = ACTIVATIONS[name]
    x = torch.tensor(V, dtype=D, device=device, requires_grad=True)
    y = fn(x)
    assert _close(y, expected)
    assert y.grad_fn.name() == grad_fn
    torch.manual_seed(0)
    z = (torch.randn(3, 4, dtype=D) * 2).to(device).requires_grad_()
    assert gradcheck(fn, (z,)) and gradgradcheck(fn, (z,))


def test_inplace_forms_and_top_level(device):
    for fn, node in [
        (F.selu_, "EluBackward1"),
        (lambda t: F.celu(t, 0.5, inplace=True), "CeluBackward1"),
        (lambda t: F.threshold_(t, 0.1, -7.0), "ThresholdBackward1"),
    ]:
        leaf = torch.tensor(V, dtype=D, device=device, requires_grad=True)
        x = leaf * 1
        assert fn(x) is x and x.grad_fn.name() == node
        x.sum().backward()
        reference = torch.tensor(V, dtype=D, device=device, requires_grad=True)
        out_of_place = {
            "EluBackward1": F.selu,
            "CeluBackward1": lambda t: F.celu(t, 0.5),
            "ThresholdBackward1": lambda t: F.threshold(t, 0.1, -7.0),
        }[node]
        out_of_place(reference).sum().backward()
        assert _close(leaf.grad, reference.grad.tolist())
    x = torch.tensor(V, device=device)
    assert torch.selu(x).allclose(F.selu(x)) and torch.celu(x, 0.5).allclose(F.celu(x, 0.5))
    assert torch.threshold(x, 0.1, 2.0).allclose(F.threshold(x, 0.1, 2.0))
    assert x.hardshrink(0.25).allclose(torch.hardshrink(x, 0.25))
    # PyTorch 2.13: threshold keeps an integer dtype, hardshrink refuses it
    assert F.threshold(torch.arange(5, device=device), 2.5, 9.7).tolist() == [9, 9, 9, 3, 4]


def test_glu(device):
    g = torch.tensor(
        [[1.0, -2.0, 0.5, 3.0], [0.0, 1.0, -1.0, 2.0]], dtype=D, device=device, requires_grad=True
    )
    # PyTorch 2.13
    assert _close(
        F.glu(g, 1), [[0.6224593312018546, -1.9051482536448667], [0.0, 0.8807970779778823]]
    )
    assert _close(
        nn.GLU(0)(g), [[0.5, -1.4621171572600098, 0.13447071068499755, 2.642391233933647]]
    )
    y = F.glu(g)
    assert y.grad_fn.name() == "GluBackward0" and y.grad_fn._saved_dim == 18446744073709551615
    assert gradcheck(F.glu, (g, 0)) and gradgradcheck(F.glu, (g, -1))


def test_softmax2d(device):
    y = nn.Softmax2d()(torch.arange(8.0, device=device).reshape(2, 2, 2) / 4)
    a, b = 0.2689414322376251, 0.7310585975646973  # PyTorch 2.13
    assert _close(y, [[[a, a], [a, a]], [[b, b], [b, b]]], 1e-7)


def test_activation_errors():
    with pytest.raises(
        RuntimeError,
        match=r"^Halving dimension must be even, but dimension 1 is "
        r"size 5$",
    ):
        F.glu(torch.randn(3, 5))
    with pytest.raises(
        RuntimeError, match="^glu does not support scalars because halving size must be even$"
    ):
        F.glu(torch.tensor(1.0))
    with pytest.raises(NotImplementedError, match="^\"glu_cpu\" not implemented for 'Long'$"):
        F.glu(torch.ones(3, 4, dtype=torch.long))
    with pytest.raises(NotImplementedError, match="^\"elu_cpu\" not implemented for 'Long'$"):
        F.selu(torch.ones(3, dtype=torch.long))
    with pytest.raises(NotImplementedError, match='"softshrink_check" not implemented'):
        F.softshrink(torch.ones(3, dtype=torch.long), -1.0)
    with pytest.raises(
        RuntimeError,
        match=r"^lambda must be in range \[0, 3.40282e\+38\] for "
        r"input dtype Float, but found -0.5$",
    ):
        F.softshrink(torch.ones(3), -0.5)
    with pytest.raises(
        RuntimeError,
        match=r"^lambda must be in range \[0, 1.79769e\+308\] for "
        r"input dtype Double, but found -1$",
    ):
        F.softshrink(torch.ones(3, dtype=D), -1.0)
    with pytest.raises(NotImplementedError, match="\"hardshrink_cpu\" not implemented for 'Long'"):
        torch.arange(5).hardshrink(2)
    with pytest.raises(NotImplementedError, match="\"threshold_cpu\" not implemented for 'Bool'"):
        F.threshold(torch.ones(3, dtype=torch.bool), 0, 1)
    with pytest.raises(RuntimeError, match="^ZeroDivisionError: alpha cannot be 0 for CELU$"):
        F.celu(torch.randn(3), 0.0)
    with pytest.raises(
        TypeError,
        match=r"^threshold_\(\): argument 'input' \(position 1\) must "
        r"be Tensor, not list$",
    ):
        F.threshold_([1.0], 0.0, 1.0)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        F.threshold_(torch.ones(3, requires_grad=True), 0.0, 1.0)
    with pytest.raises(
        ValueError, match="^Softmax2d: expected input to be 3D or 4D, got 2D instead$"
    ):
        nn.Softmax2d()(torch.randn(2, 3))
    with pytest.warns(
        UserWarning, match="Implicit dimension choice for softmin has been deprecated"
    ):
        nn.Softmin()(torch.randn(2, 3))


def test_activation_reprs():
    # PyTorch 2.13's reprs
    assert [
        repr(m)
        for m in (
            nn.SELU(),
            nn.SELU(True),
            nn.CELU(),
            nn.CELU(0.5, True),
            nn.Softshrink(),
            nn.Hardshrink(0.3),
            nn.Threshold(0.1, 20),
            nn.Threshold(0.1, 20.0, True),
            nn.Softmin(),
            nn.Softmin(1),
            nn.GLU(),
            nn.Softmax2d(),
        )
    ] == [
        "SELU()",
        "SELU(inplace=True)",
        "CELU(alpha=1.0)",
        "CELU(alpha=0.5, inplace=True)",
        "Softshrink(0.5)",
        "Hardshrink(0.3)",
        "Threshold(threshold=0.1, value=20)",
        "Threshold(threshold=0.1, value=20.0, inplace=True)",
        "Softmin(dim=None)",
        "Softmin(dim=1)",
        "GLU(dim=-1)",
        "Softmax2d()",
    ]


# --- padding ------------------------------------------------------------------------------------
# PyTorch 2.13: F.pad(arange(6.).reshape(1, 1, 2, 3), (1, 2, 1, 1), mode), and the gradient of
# (y * arange(y.numel()).reshape(y.shape)).sum() with respect to the input
PADDED = {
    "reflect": (
        [[4, 3, 4, 5, 4, 3], [1, 0, 1, 2, 1, 0], [4, 3, 4, 5, 4, 3], [1, 0, 1, 2, 1, 0]],
        [[60, 84, 30], [36, 48, 18]],
        "ReflectionPad2DBackward0",
    ),
    "replicate": (
        [[0, 0, 1, 2, 2, 2], [0, 0, 1, 2, 2, 2], [3, 3, 4, 5, 5, 5], [3, 3, 4, 5, 5, 5]],
        [[14, 10, 42], [62, 34, 114]],
        "ReplicationPad2DBackward0",
    ),
    "circular": (
        [[5, 3, 4, 5, 3, 4], [2, 0, 1, 2, 0, 1], [5, 3, 4, 5, 3, 4], [2, 0, 1, 2, 0, 1]],
        [[58, 62, 54], [34, 38, 30]],
        "CopySlices",
    ),
}


@pytest.mark.parametrize("mode", list(PADDED))
def test_pad_modes(device, mode):
    expected, grad, grad_fn = PADDED[mode]
    x = torch.arange(6.0, device=device).reshape(1, 1, 2, 3).requires_grad_()
    y = F.pad(x, (1, 2, 1, 1), mode=mode)
    assert _close(y, [[expected]]) and type(y.grad_fn).__name__ == grad_fn
    (y * torch.arange(float(y.numel()), device=device).reshape(y.shape)).sum().backward()
    assert _close(x.grad, [[grad]])
    torch.manual_seed(0)
    z = torch.randn(1, 2, 3, dtype=D).to(device).requires_grad_()
    for pad in [(2, -1), (-1, 1, 1, 0)]:
        assert gradcheck(lambda t, pad=pad: F.pad(t, pad, mode=mode), (z,))
    assert gradgradcheck(lambda t: F.pad(t, (1, 1), mode=mode), (z,))


def test_pad_modes_1d_and_negative(device):
    x = torch.arange(12.0, device=device).reshape(1, 3, 4)
    # PyTorch 2.13
    assert F.pad(x, (2, 1), mode="reflect")[0, 0].tolist() == [2.0, 1.0, 0.0, 1.0, 2.0, 3.0, 2.0]
    assert F.pad(x, (2, 1), mode="circular")[0, 0].tolist() == [2.0, 3.0, 0.0, 1.0, 2.0, 3.0, 0.0]
    assert F.pad(x, (-1, 2), mode="circular")[0, 1].tolist() == [5.0, 6.0, 7.0, 5.0, 6.0]
    assert F.pad(x, (2, -1), mode="replicate")[0, 2].tolist() == [8.0, 8.0, 8.0, 9.0, 10.0]
    assert F.pad(x[0], (2, 1), mode="reflect").grad_fn is None
    y = F.pad(x.requires_grad_()[0], (2, 1), mode="reflect")
    assert y.grad_fn.name() == "ReflectionPad1DBackward0" and y.shape == (3, 7)
    assert F.pad(x, (1, 1), mode="reflect", value=0.0).shape == (1, 3, 6)


NOT_SUPPORTED = (
    "Padding size 2 is not supported for 4D input tensor.\nSupported combinations for "
    "non-constant padding:\n  - 2D or 3D input: padding size = 2 (pads last dimension)\n  - 3D "
    "or 4D input: padding size = 4 (pads last 2 dimensions)\n  - 4D or 5D input: padding size = "
    "6 (pads last 3 dimensions)"
)


def test_pad_errors():
    x3, x4 = torch.arange(12.0).reshape(1, 3, 4), torch.arange(24.0).reshape(1, 2, 3, 4)
    cases = [  # PyTorch 2.13's exception types and messages
        (
            lambda: F.pad(x3, (1, 2), mode="foo"),
            NotImplementedError,
            "Unrecognised padding mode foo",
        ),
        (
            lambda: F.pad(x3, (1, 2, 3), mode="reflect"),
            RuntimeError,
            "Padding length must be divisible by 2",
        ),
        (
            lambda: F.pad(x3, (1,) * 8, mode="circular"),
            RuntimeError,
            "Padding length should be less than or equal to two times the input dimension but got "
            "padding length 8 and input of dimension 3",
        ),
        (lambda: F.pad(x4, (1, 2), mode="replicate"), NotImplementedError, NOT_SUPPORTED),
        (
            lambda: F.pad(x3, (1, 2), mode="reflect", value=1.0),
            RuntimeError,
            'Padding mode "reflect" doesn\'t take in value argument',
        ),
        (
            lambda: F.pad(x3, (4, 1), mode="reflect"),
            RuntimeError,
            "Argument #4: Padding size should be less than the corresponding input dimension, but "
            "got: padding (4, 1) at dimension 2 of input [1, 3, 4]",
        ),
        (
            lambda: F.pad(x4, (1, 1, 3, 0), mode="reflect"),
            RuntimeError,
            "Argument #6: Padding size should be less than the corresponding input dimension, but "
            "got: padding (3, 0) at dimension 2 of input [1, 2, 3, 4]",
        ),
        (
            lambda: F.pad(x3, (-2, -2), mode="replicate"),
            RuntimeError,
            "input (W: 4) is too small. Calculated output W: 0",
        ),
        (
            lambda: F.pad(torch.zeros(1, 2, 0, 4), (1, 1, 1, 1), mode="reflect"),
            RuntimeError,
            "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero "
            "dimensions for input, but got: [1, 2, 0, 4]",
        ),
        (
            lambda: F.pad(x3, (5, 1), mode="circular"),
            RuntimeError,
            "Padding value causes wrapping around more than once.",
        ),
        (lambda: nn.CircularPad1d(1)(x4), ValueError, "expected 2D or 3D input (got 4D input)"),
        (lambda: nn.ReflectionPad1d(1)(x4), NotImplementedError, NOT_SUPPORTED),
    ]
    _raise_exactly(cases)


def test_padding_layers(device):
    # PyTorch 2.13's reprs
    layers = {
        "ZeroPad1d((1, 2))": nn.ZeroPad1d((1, 2)),
        "ZeroPad2d((2, 2, 2, 2))": nn.ZeroPad2d(2),
        "ConstantPad1d(padding=(2, 2), value=3.5)": nn.ConstantPad1d(2, 3.5),
        "ConstantPad2d(padding=(1, 2, 3, 4), value=-1.0)": nn.ConstantPad2d((1, 2, 3, 4), -1.0),
        "ReflectionPad1d((2, 2))": nn.ReflectionPad1d(2),
        "ReflectionPad2d((1, 2, 3, 4))": nn.ReflectionPad2d([1, 2, 3, 4]),
        "ReplicationPad1d((1, 2))": nn.ReplicationPad1d((1, 2)),
        "ReplicationPad2d((1, 1, 1, 1))": nn.ReplicationPad2d(1),
        "CircularPad1d((2, 2))": nn.CircularPad1d(2),
        "CircularPad2d((1, 2, 3, 4))": nn.CircularPad2d((1, 2, 3, 4)),
    }
    assert [repr(m) for m in layers.values()] == list(layers)
    x = torch.arange(24.0, device=device).reshape(1, 2, 3, 4).requires_grad_()
    assert nn.ConstantPad2d(1, 2.0)(x)[0, 0, 0].tolist() == [2.0] * 6
    assert nn.ZeroPad1d(1)(x[0]).grad_fn.name() == "ConstantPadNdBackward0"
    assert nn.ReflectionPad2d(1)(x).shape == (1, 2, 5, 6)
    assert nn.ReplicationPad1d(2)(x[0]).grad_fn.name() == "ReplicationPad1DBackward0"
    assert nn.CircularPad2d(1)(x[0]).shape == (2, 5, 6)


# --- channel dropout ----------------------------------------------------------------------------
def _channels_dropped_whole(y, x, p: float) -> bool:
    """Each (sample, channel) slice of y is all 0 or all x / (1 - p)."""
    per_channel = (y / x).reshape(y.shape[0], y.shape[1], -1)
    first = per_channel[:, :, :1]
    kept_or_dropped = ((first == 0) | ((first - 1 / (1 - p)).abs() < 1e-6)).all()
    return bool(((per_channel - first).abs() < 1e-6).all()) and bool(kept_or_dropped)


def test_dropout1d_dropout2d(device):
    torch.manual_seed(0)
    x = (torch.rand(8, 16, 5, 3) + 1).to(device).requires_grad_()
    y = F.dropout2d(x, 0.25)
    assert y.grad_fn.name() == "MulBackward0" and _channels_dropped_whole(y, x, 0.25)
    assert 0 < int((y[:, :, 0, 0] == 0).sum()) < 8 * 16
    y.sum().backward()
    assert _channels_dropped_whole(x.grad * x, x, 0.25)
    z = x[0].detach()  # (N, C, L) for dropout1d
    assert _channels_dropped_whole(F.dropout1d(z, 0.5), z, 0.5)
    unbatched = F.dropout1d(x[0, :, :, 0], 0.5)  # (C, L)
    assert unbatched.grad_fn.name() == "SqueezeBackward1"
    assert _channels_dropped_whole(unbatched[None], x[0, :, :, 0][None], 0.5)
    w = z[0].clone()
    assert F.dropout1d(w, 0.5, inplace=True) is w and w.shape == (5, 3)
    assert _channels_dropped_whole(w[None], z[:1], 0.5)
    layer = nn.Dropout2d(0.5)
    layer.eval()
    assert layer(x) is x
    assert F.dropout1d(z, 1.0).abs().sum().item() == 0
    assert repr(nn.Dropout1d()) == "Dropout1d(p=0.5, inplace=False)"  # PyTorch 2.13
    assert repr(nn.Dropout2d(0.2, True)) == "Dropout2d(p=0.2, inplace=True)"


def test_channel_dropout_errors_and_warnings():
    # PyTorch 2.13's texts
    with pytest.raises(
        RuntimeError,
        match=r"^dropout1d: Expected 2D or 3D input, but received a "
        r"4D input. Note that dropout1d exists",
    ):
        F.dropout1d(torch.randn(2, 4, 5, 1))
    with pytest.raises(
        ValueError, match="^dropout probability has to be between 0 and 1, but got -0.1$"
    ):
        nn.Dropout2d(-0.1)
    with pytest.raises(ValueError, match="but got 1.5$"):
        F.dropout1d(torch.randn(2, 4, 5), 1.5)
    with pytest.warns(
        UserWarning,
        match=r"^dropout2d: Received a 3D input to dropout2d and "
        r"assuming that channel-wise 1D dropout",
    ):
        F.dropout2d(torch.randn(2, 4, 5))
    with pytest.warns(
        UserWarning,
        match=r"^dropout2d: Received a 5-D input to dropout2d, which "
        r"is deprecated",
    ):
        F.dropout2d(torch.randn(2, 4, 5, 3, 2))


# --- pixel shuffle ------------------------------------------------------------------------------
def test_pixel_shuffle_and_unshuffle(device):
    x = torch.arange(16.0, device=device).reshape(1, 4, 2, 2).requires_grad_()
    y = F.pixel_shuffle(x, 2)
    # PyTorch 2.13
    assert y.tolist() == [
        [
            [
                [0.0, 4.0, 1.0, 5.0],
                [8.0, 12.0, 9.0, 13.0],
                [2.0, 6.0, 3.0, 7.0],
                [10.0, 14.0, 11.0, 15.0],
            ]
        ]
    ]
    assert y.grad_fn.name() == "PixelShuffleBackward0" and y.grad_fn._saved_upscale_factor == 2
    u = nn.PixelUnshuffle(2)(torch.arange(16.0, device=device).reshape(1, 1, 4, 4))
    assert u.tolist() == [
        [
            [[0.0, 2.0], [8.0, 10.0]],
            [[1.0, 3.0], [9.0, 11.0]],
            [[4.0, 6.0], [12.0, 14.0]],
            [[5.0, 7.0], [13.0, 15.0]],
        ]
    ]
    assert torch.pixel_unshuffle(torch.pixel_shuffle(x, 2), 2).tolist() == x.tolist()
    assert nn.PixelShuffle(2)(torch.randn(2, 1, 4, 2, 2)).shape == (2, 1, 1, 4, 4)
    torch.manual_seed(0)
    z = torch.randn(1, 4, 2, 2, dtype=D).to(device).requires_grad_()
    assert gradcheck(F.pixel_shuffle, (z, 2)) and gradgradcheck(F.pixel_unshuffle, (z, 2))
    assert repr(nn.PixelShuffle(3)) == "PixelShuffle(upscale_factor=3)"
    assert repr(nn.PixelUnshuffle(2)) == "PixelUnshuffle(downscale_factor=2)"


def test_pixel_shuffle_errors():
    cases = [  # PyTorch 2.13's exception types and messages
        (
            lambda: F.pixel_shuffle(torch.randn(4, 2), 2),
            RuntimeError,
            "pixel_shuffle expects input to have at least 3 dimensions, but got input with 2 "
            "dimension(s)",
        ),
        (
            lambda: F.pixel_shuffle(torch.randn(1, 3, 2, 2), 2),
            RuntimeError,
            "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
            "upscale_factor, but input.size(-3)=3 is not divisible by 4",
        ),
        (
            lambda: F.pixel_shuffle(torch.randn(1, 4, 2, 2), 0),
            RuntimeError,
            "pixel_shuffle expects a positive upscale_factor, but got 0",
        ),
        (
            lambda: F.pixel_shuffle(torch.ones(1, 4, 1, 1), 2.0),
            TypeError,
            "pixel_shuffle(): argument 'upscale_factor' (position 2) must be int, not float",
        ),
        (
            lambda: F.pixel_unshuffle(torch.randn(1, 1, 3, 4), 2),
            RuntimeError,
            "pixel_unshuffle expects height to be divisible by downscale_factor, but "
            "input.size(-2)=3 is not divisible by 2",
        ),
        (
            lambda: F.pixel_unshuffle(torch.randn(1, 1, 4, 3), 2),
            RuntimeError,
            "pixel_unshuffle expects width to be divisible by downscale_factor, but "
            "input.size(-1)=3 is not divisible by 2",
        ),
        (
            lambda: F.pixel_unshuffle(torch.randn(1, 1, 4, 4), 0),
            RuntimeError,
            "pixel_unshuffle expects a positive downscale_factor, but got 0",
        ),
    ]
    _raise_exactly(cases)
