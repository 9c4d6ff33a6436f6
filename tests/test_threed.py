"""Volumetric layers (conv3d, 3-D pooling, BatchNorm3d) and interpolate's bicubic, trilinear,
5-D nearest and area modes, against PyTorch 2.13.

Every expected value, repr, grad_fn name and error text below was printed by PyTorch 2.13.0+cpu
for the same inputs; gradients are checked by gradcheck/gradgradcheck in float64.
"""

from __future__ import annotations

import json
import pathlib

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck

D = torch.float64


def _x(device):
    """X = ((arange(120) * 37) % 121) / 8 - 7 as (1, 2, 3, 4, 5): distinct values, no ties."""
    x = ((torch.arange(120) * 37 % 121) / 8 - 7).to(D).reshape(1, 2, 3, 4, 5).to(device)
    return x.requires_grad_()


def _w(device):
    return ((torch.arange(48) * 5 % 13 - 6) / 5).to(D).reshape(4, 1, 2, 2, 3).to(device)


def _check(out, name: str, atol: float = 1e-5) -> None:
    shape, values = EXPECTED[name]
    assert tuple(out.shape) == shape
    want = torch.tensor(values, dtype=D).reshape(shape)
    assert bool(((out.detach().cpu().to(D) - want).abs() <= atol).all())


def _randn(*shape, device):
    return torch.randn(*shape, dtype=D).to(device).requires_grad_()


def _name(t) -> str:
    return type(t.grad_fn).__name__


# Printed by PyTorch 2.13.0+cpu for X, W, B below, kept in tests/data/threed_refs.json:
# name -> (shape, flat values).
EXPECTED = {
    name: (tuple(shape), values)
    for name, (shape, values) in json.loads(
        (pathlib.Path(__file__).parent / "data" / "threed_refs.json").read_text()
    ).items()
}


def test_conv3d_values(device):
    x, w = _x(device), _w(device)
    b = torch.tensor([0.5, -1, 0.25, 2], dtype=D).to(device)
    out = F.conv3d(x, w, b, stride=(1, 2, 1), padding=(1, 0, 1), dilation=(1, 1, 2), groups=2)
    _check(out, "conv")
    assert _name(out) == "ConvolutionBackward0"
    _check(F.conv3d(x, w[:2].reshape(1, 2, 2, 2, 3), None, padding="same"), "conv_same")
    unbatched = F.conv3d(x[0], w, b, groups=2)
    assert tuple(unbatched.shape) == (4, 2, 3, 3)
    assert torch.allclose(unbatched, F.conv3d(x, w, b, groups=2)[0])
    assert torch.conv3d is not None and torch.max_pool3d is not None


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(stride=(1, 2, 1), padding=(1, 0, 1), dilation=(1, 1, 2), groups=2),
        dict(padding="same"),
        dict(stride=2, padding=1),
    ],
)
def test_conv3d_gradcheck(device, kwargs):
    x = _randn(1, 2, 2, 3, 3, device=device)
    w = _randn(2, 2 // kwargs.get("groups", 1), 2, 2, 1, device=device)
    b = _randn(2, device=device)
    assert gradcheck(lambda x, w, b: F.conv3d(x, w, b, **kwargs), (x, w, b))


def test_conv3d_gradgradcheck():
    x, w, b = _randn(1, 2, 2, 2, 3, device="cpu"), _randn(2, 1, 2, 1, 2, device="cpu"), None
    assert gradgradcheck(lambda x, w: F.conv3d(x, w, b, padding=1, groups=2), (x, w))


def test_conv3d_module(device):
    torch.manual_seed(0)
    conv = nn.Conv3d(2, 4, 3, stride=2, padding=1, groups=2, bias=False).to(D).to(device)
    # reprs printed by PyTorch 2.13
    assert repr(conv) == (
        "Conv3d(2, 4, kernel_size=(3, 3, 3), stride=(2, 2, 2), padding=(1, 1, 1), "
        "groups=2, bias=False)"
    )
    assert repr(nn.Conv3d(2, 4, (1, 2, 3), padding="same")) == (
        "Conv3d(2, 4, kernel_size=(1, 2, 3), stride=(1, 1, 1), padding=same)"
    )
    assert tuple(conv.weight.shape) == (4, 1, 3, 3, 3)
    # kaiming_uniform_(a=sqrt(5)): U(-1/sqrt(fan_in), 1/sqrt(fan_in)), fan_in = 27
    largest = float(conv.weight.detach().abs().max())
    assert 0.8 * 27**-0.5 < largest <= 27**-0.5
    out = conv(_randn(2, 2, 5, 5, 5, device=device))
    assert tuple(out.shape) == (2, 4, 3, 3, 3) and _name(out) == "ConvolutionBackward0"


def test_conv3d_errors():
    x4 = torch.zeros(2, 3, 4, 4)
    with pytest.raises(RuntimeError) as err:
        F.conv3d(x4, torch.zeros(2, 3, 1, 1, 1))
    assert (
        str(err.value)
        == "Given groups=1, weight of size [2, 3, 1, 1, 1], expected input[1, 2, 3, 4, 4] to have 3 channels, but got 2 channels instead"
    )
    with pytest.raises(RuntimeError) as err:
        F.conv3d(torch.zeros(1, 3, 2, 2, 2), torch.zeros(2, 3, 3, 3, 3))
    assert (
        str(err.value)
        == "Calculated padded input size per channel: (2 x 2 x 2). Kernel size: (3 x 3 x 3). Kernel size can't be greater than actual input size"
    )


def test_max_pool3d(device):
    x = _x(device)
    values, indices = F.max_pool3d(
        x, (2, 3, 2), stride=(1, 2, 2), padding=(1, 1, 0), return_indices=True
    )
    _check(values, "mp")
    # indices printed by PyTorch 2.13: flat (d * H + h) * W + w per (N, C)
    assert indices.flatten().tolist() == [
        6,
        3,
        16,
        13,
        26,
        3,
        26,
        13,
        26,
        42,
        26,
        52,
        45,
        42,
        55,
        52,
        5,
        2,
        15,
        18,
        25,
        2,
        25,
        38,
        25,
        28,
        25,
        38,
        41,
        47,
        51,
        57,
    ]
    assert indices.dtype == torch.int64 and _name(values) == "MaxPool3DWithIndicesBackward0"
    pool = nn.MaxPool3d((2, 3, 2), (1, 2, 2), (1, 1, 0))
    assert torch.equal(pool(x), values)
    assert (
        repr(nn.MaxPool3d(2))
        == "MaxPool3d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)"
    )
    y = _randn(1, 1, 3, 4, 4, device=device)
    assert gradcheck(lambda t: F.max_pool3d(t, 2, stride=1, padding=1, dilation=(1, 2, 1)), (y,))
    assert gradcheck(lambda t: F.max_pool3d(t, 2, ceil_mode=True), (y,))


def test_avg_pool3d(device):
    x = _x(device)
    out = F.avg_pool3d(x, (2, 3, 3), stride=2, padding=1, count_include_pad=False, ceil_mode=True)
    _check(out, "ap")
    _check(nn.AvgPool3d((2, 3, 3), 2, 1)(x), "ap_inc")
    assert _name(out) == "AvgPool3DBackward0"
    assert repr(nn.AvgPool3d(2)) == "AvgPool3d(kernel_size=2, stride=2, padding=0)"
    y = _randn(1, 1, 3, 3, 4, device=device)
    assert gradcheck(
        lambda t: F.avg_pool3d(
            t, (2, 3, 3), stride=2, padding=1, count_include_pad=False, ceil_mode=True
        ),
        (y,),
    )
    assert gradcheck(lambda t: F.avg_pool3d(t, 2, divisor_override=3), (y,))


def test_adaptive_avg_pool3d(device):
    x = _x(device)
    out = F.adaptive_avg_pool3d(x, (2, 3, 2))
    _check(out, "aap")
    assert _name(out) == "AdaptiveAvgPool3DBackward0"
    assert _name(nn.AdaptiveAvgPool3d(1)(x)) == "MeanBackward1"
    assert repr(nn.AdaptiveAvgPool3d((1, None, 2))) == "AdaptiveAvgPool3d(output_size=(1, None, 2))"
    assert tuple(F.adaptive_avg_pool3d(x, (2, None, 3)).shape) == (1, 2, 2, 4, 3)
    y = _randn(1, 2, 3, 3, device=device)
    f = lambda t: F.adaptive_avg_pool3d(t, (2, 3, 3))  # noqa: E731
    assert gradcheck(f, (y,)) and gradgradcheck(f, (y,))


@pytest.mark.parametrize(
    "call, error, text",
    [
        (
            lambda: F.max_pool3d(torch.zeros(2, 2, 2), 2),
            RuntimeError,
            "non-empty 4D or 5D (batch mode) tensor expected for input",
        ),
        (
            lambda: F.max_pool3d(torch.zeros(1, 1, 2, 2, 2), 2, padding=2),
            RuntimeError,
            "pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1",
        ),
        (
            lambda: F.max_pool3d(torch.zeros(1, 1, 2, 2, 2), 3),
            RuntimeError,
            "Given input size: (1x2x2x2). Calculated output size: (1x0x0x0). Output size is too small",
        ),
        (
            lambda: F.max_pool2d(torch.zeros(1, 1, 2, 2), 3),
            RuntimeError,
            "Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small",
        ),
        (
            lambda: F.max_pool3d(torch.zeros(1, 1, 0, 2, 2), 2),
            RuntimeError,
            "max_pool3d_with_indices_out_cpu_template(): Expected input's non-batch dimensions to have positive length, but input has a shape of [1, 1, 0, 2, 2] and non-batch dimension 0 has length zero!",
        ),
        (
            lambda: F.avg_pool3d(torch.zeros(1, 1, 2, 2, 2), 3),
            RuntimeError,
            "input image (T: 2 H: 2 W: 2) smaller than kernel size (kT: 3 kH: 3 kW: 3)",
        ),
        (
            lambda: F.adaptive_avg_pool3d(torch.zeros(4, 4), 2),
            RuntimeError,
            "adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got [4, 4]",
        ),
        (
            lambda: F.adaptive_avg_pool3d(torch.zeros(1, 1, 2, 2, 2), (2, 2)),
            RuntimeError,
            "adaptive_avg_pool3d: output_size must be 3",
        ),
        (
            lambda: F.adaptive_avg_pool3d(torch.zeros(1, 1, 2, 2, 2), -1),
            RuntimeError,
            "adaptive_avg_pool3d: elements of output_size must be greater than or equal to 0 but received {-1, -1,-1}",
        ),
        (
            lambda: F.adaptive_avg_pool3d(torch.zeros(1, 1, 0, 2, 2), 2),
            RuntimeError,
            "adaptive_avg_pool3d(): Expected input to have non-zero size for non-batch dimensions, but input has sizes [1, 1, 0, 2, 2] with dimension 2 being empty",
        ),
        (
            lambda: F.adaptive_avg_pool3d(torch.zeros(1, 1, 2, 2, 2, dtype=torch.int64), 2),
            NotImplementedError,
            "\"adaptive_avg_pool3d_cpu\" not implemented for 'Long'",
        ),
        (
            lambda: nn.BatchNorm3d(3)(torch.zeros(2, 3, 4, 4)),
            ValueError,
            "expected 5D input (got 4D input)",
        ),
    ],
)
def test_volumetric_errors(call, error, text):
    with pytest.raises(error) as err:
        call()
    assert str(err.value) == text


def test_batchnorm3d(device):
    bn = nn.BatchNorm3d(2).to(D).to(device)
    assert (
        repr(bn)
        == "BatchNorm3d(2, eps=1e-05, momentum=0.1, affine=True, bias=True, track_running_stats=True)"
    )
    out = bn(_x(device))
    _check(out[0, :, 0, 0], "bn")
    assert torch.allclose(
        bn.running_mean.cpu(), torch.tensor([0.037083, 0.057917], dtype=D), atol=1e-6
    )
    assert torch.allclose(
        bn.running_var.cpu(), torch.tensor([2.890782, 2.801058], dtype=D), atol=1e-6
    )
    assert _name(out) == "NativeBatchNormBackward0"


@pytest.mark.parametrize(
    "name, kwargs",
    [
        ("bic_f", dict(size=(4, 6), mode="bicubic")),
        ("bic_t", dict(size=(4, 6), mode="bicubic", align_corners=True)),
        ("bic_sf", dict(scale_factor=0.6, mode="bicubic")),
    ],
)
def test_interpolate_bicubic(device, name, kwargs):
    out = F.interpolate(_x(device)[:, :1, 0, :3, :4], **kwargs)
    _check(out, name)
    assert _name(out) == "UpsampleBicubic2DBackward0"
    y = _randn(1, 1, 3, 4, device=device)
    assert gradcheck(lambda t: F.interpolate(t, **kwargs), (y,))
    assert gradgradcheck(lambda t: F.interpolate(t, **kwargs), (y,))


@pytest.mark.parametrize(
    "name, kwargs, node",
    [
        ("tri_f", dict(size=(3, 2, 4), mode="trilinear"), "UpsampleTrilinear3DBackward0"),
        (
            "tri_t",
            dict(size=(3, 2, 4), mode="trilinear", align_corners=True),
            "UpsampleTrilinear3DBackward0",
        ),
        ("near5", dict(scale_factor=(1.5, 1, 1.4)), "UpsampleNearest3DBackward0"),
    ],
)
def test_interpolate_5d(device, name, kwargs, node):
    out = F.interpolate(_x(device)[:, :1, :2, :2, :3], **kwargs)
    _check(out, name)
    assert _name(out) == node
    y = _randn(1, 1, 2, 2, 3, device=device)
    assert gradcheck(lambda t: F.interpolate(t, **kwargs), (y,))


def test_interpolate_area(device):
    x = _x(device)
    out = F.interpolate(x[:, :, 0], size=(3, 2), mode="area")
    _check(out, "area4")
    assert _name(out) == "AdaptiveAvgPool2DBackward0"
    out = F.interpolate(x[:, :1], size=(2, 3, 2), mode="area")
    _check(out, "area5")
    assert _name(out) == "AdaptiveAvgPool3DBackward0"
    # PyTorch 2.13: 3-D 'area' is adaptive_avg_pool1d, whose grad_fn is SqueezeBackward1
    assert _name(F.interpolate(x[:, :, 0, 0], size=2, mode="area")) == "SqueezeBackward1"


@pytest.mark.parametrize(
    "call, error, text",
    [
        (
            lambda: F.interpolate(torch.zeros(1, 1, 2, 2, 2), size=(0, 2, 2), mode="trilinear"),
            RuntimeError,
            "Input and output sizes should be greater than 0, but got input (D: 2, H: 2, W: 2) output (D: 0, H: 2, W: 2)",
        ),
        (
            lambda: F.interpolate(torch.zeros(1, 1, 2, 2), size=(4, 4), mode="trilinear"),
            NotImplementedError,
            "Got 4D input, but trilinear mode needs 5D input",
        ),
        (
            lambda: F.interpolate(torch.zeros(1, 1, 2, 2, 2), size=(4, 4, 4), mode="bicubic"),
            NotImplementedError,
            "Input Error: Only 3D, 4D and 5D input Tensors supported (got 5D) for the modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact (got bicubic)",
        ),
        (
            lambda: F.interpolate(
                torch.zeros(1, 1, 2, 2, 2, dtype=torch.int64), size=(4, 4, 4), mode="trilinear"
            ),
            NotImplementedError,
            "\"compute_indices_weights_linear\" not implemented for 'Long'",
        ),
        (
            lambda: F.interpolate(torch.zeros(1, 1, 2, 2, 2, dtype=torch.int64), size=(4, 4, 4)),
            NotImplementedError,
            "\"compute_indices_weights_nearest\" not implemented for 'Long'",
        ),
        (
            lambda: F.interpolate(
                torch.zeros(1, 1, 2, 2, dtype=torch.int64), size=(4, 4), mode="bicubic"
            ),
            NotImplementedError,
            "\"compute_indices_weights_cubic\" not implemented for 'Long'",
        ),
        (
            lambda: F.interpolate(
                torch.zeros(1, 1, 2, 2), size=(4, 4), mode="area", align_corners=True
            ),
            ValueError,
            "align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear",
        ),
    ],
)
def test_interpolate_errors(call, error, text):
    with pytest.raises(error) as err:
        call()
    assert str(err.value) == text
