"""Volumetric layers (conv3d, 3-D pooling, BatchNorm3d) and interpolate's bicubic, trilinear,
5-D nearest and area modes, against PyTorch 2.13.

Every expected value, repr, grad_fn name and error text below was printed by PyTorch 2.13.0+cpu
for the same inputs; gradients are checked by gradcheck/gradgradcheck in float64.
"""

from __future__ import annotations

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


# Printed by PyTorch 2.13.0+cpu for X, W, B below: name -> (shape, flat values).
EXPECTED = {
    "conv": (
        (1, 4, 4, 2, 3),
        [
            -2.025,
            0.775,
            5.325,
            -2.025,
            0.425,
            6.375,
            19.9,
            8.6,
            -4.725,
            6.525,
            8.25,
            -5.425,
            -3.825,
            7.9,
            -3.1,
            -5.1,
            16.625001,
            8.3,
            -0.825,
            9.025,
            5.55,
            0.925,
            -9.125,
            3.8,
            3.825,
            -9.1,
            -12.225,
            4.875,
            -7.875,
            -12.4,
            -6.225,
            -5.85,
            -11.025,
            -6.925,
            -5.325,
            3.225,
            -4.6,
            -4.8,
            20.5,
            6.8,
            -19.4,
            7.525,
            4.05,
            -3.0,
            -2.25,
            2.3,
            -6.725,
            -2.95,
            9.15,
            11.625,
            -10.325,
            8.975,
            -6.0,
            -9.45,
            6.15,
            0.075,
            -6.65,
            5.275,
            -15.925,
            -5.425,
            4.4,
            -16.8,
            10.925,
            3.525,
            -14.65,
            12.15,
            6.9,
            -2.825,
            -8.525,
            6.2,
            -4.225,
            -8.175,
            -8.575,
            10.075,
            3.8,
            -7.7,
            6.875,
            3.45,
            -4.9,
            -10.875,
            11.875,
            -3.675,
            4.25,
            10.65,
            12.675,
            4.25,
            0.35,
            13.9,
            22.400001,
            -0.875,
            -6.775,
            12.35,
            10.3,
            -6.425,
            12.525,
            9.425,
        ],
    ),
    "conv_same": (
        (1, 1, 3, 4, 5),
        [
            -1.8,
            3.7,
            13.7,
            -12.6,
            -3.2,
            -13.375,
            14.375001,
            6.225,
            -4.95,
            9.625001,
            8.325,
            6.9,
            32.025001,
            -18.475,
            -4.775,
            7.525,
            -8.475,
            -10.075,
            -2.6,
            19.650001,
            9.375,
            7.075,
            4.975001,
            -15.275,
            26.925,
            9.9,
            -12.5,
            -14.600001,
            -1.575,
            0.425,
            4.375,
            -7.875,
            17.250001,
            -6.025,
            10.225,
            11.825,
            -13.25,
            -2.75,
            16.825,
            -9.675,
            -3.925,
            -6.925,
            4.5,
            9.875,
            -4.95,
            2.125,
            -1.225,
            10.2,
            9.525,
            -6.175,
            -3.925,
            -7.625,
            3.8,
            -8.975001,
            -10.425,
            0.2,
            -8.725,
            5.05,
            3.7,
            -4.625,
        ],
    ),
    "mp": (
        (1, 2, 4, 2, 2),
        [
            5.625,
            6.875,
            6.5,
            7.75,
            7.375,
            6.875,
            7.375,
            7.75,
            7.375,
            5.75,
            7.375,
            6.625,
            4.5,
            5.75,
            5.375,
            6.625,
            6.25,
            7.5,
            7.125,
            5.875,
            8.0,
            7.5,
            8.0,
            7.625,
            8.0,
            6.75,
            8.0,
            7.625,
            6.375,
            3.875,
            7.25,
            4.75,
        ],
    ),
    "ap": (
        (1, 2, 2, 3, 3),
        [
            -0.6875,
            1.208333,
            1.84375,
            1.229167,
            1.444444,
            2.5,
            4.1875,
            1.041667,
            2.9375,
            0.046875,
            0.052083,
            0.6875,
            0.072917,
            -0.131944,
            1.34375,
            -0.75,
            -1.375,
            1.78125,
            0.78125,
            1.416667,
            -0.46875,
            1.4375,
            -0.027778,
            0.1875,
            1.875,
            1.25,
            0.625,
            1.515625,
            0.260417,
            0.265625,
            0.28125,
            0.916667,
            0.291667,
            -3.0625,
            1.354167,
            -0.53125,
        ],
    ),
    "ap_inc": (
        (1, 2, 2, 2, 3),
        [
            -0.152778,
            0.402778,
            0.409722,
            0.409722,
            0.722222,
            0.833333,
            0.020833,
            0.034722,
            0.305556,
            0.048611,
            -0.131944,
            0.895833,
            0.173611,
            0.472222,
            -0.104167,
            0.479167,
            -0.013889,
            0.0625,
            0.673611,
            0.173611,
            0.118056,
            0.1875,
            0.916667,
            0.194444,
        ],
    ),
    "aap": (
        (1, 2, 2, 3, 2),
        [
            -0.020833,
            0.40625,
            0.416667,
            0.84375,
            -0.40625,
            1.28125,
            0.46875,
            0.895833,
            0.90625,
            1.333333,
            0.083333,
            0.510417,
            1.447917,
            0.614583,
            0.625,
            -0.208333,
            -0.197917,
            0.229167,
            0.677083,
            -0.15625,
            1.114583,
            0.28125,
            0.291667,
            0.71875,
        ],
    ),
    "bn": (
        (2, 5),
        [
            -1.66592,
            -0.6206,
            0.42472,
            1.470041,
            -0.903119,
            -0.538707,
            0.530997,
            1.600701,
            -0.827816,
            0.241888,
        ],
    ),
    "bic_f": (
        (1, 1, 4, 6),
        [
            -7.975694,
            -5.797091,
            -1.808457,
            1.620652,
            5.609285,
            7.787889,
            -1.501512,
            1.841654,
            2.882939,
            -2.544377,
            -1.503092,
            1.840074,
            -1.090074,
            2.253092,
            3.294377,
            -2.132939,
            -1.091654,
            2.251512,
            -7.037889,
            -4.859285,
            -0.870652,
            2.558457,
            6.547091,
            8.725694,
        ],
    ),
    "bic_t": (
        (1, 1, 4, 6),
        [
            -7.0,
            -4.669,
            -1.228,
            1.103,
            4.544,
            6.875,
            -0.726852,
            2.904898,
            2.925407,
            -2.548093,
            -2.527583,
            1.104167,
            -0.354167,
            3.277583,
            3.298093,
            -2.175407,
            -2.154898,
            1.476852,
            -6.125,
            -3.794,
            -0.353,
            1.978,
            5.419,
            7.75,
        ],
    ),
    "bic_sf": ((1, 1, 1, 2), [-2.57536, -0.4375]),
    "tri_f": (
        (1, 1, 3, 2, 4),
        [
            -7.0,
            -4.109375,
            -0.640625,
            2.25,
            1.0,
            3.890625,
            1.6875,
            -4.875,
            -6.125,
            -3.234375,
            0.234375,
            3.125,
            1.875,
            4.765625,
            2.5625,
            -4.0,
            -5.25,
            -2.359375,
            1.109375,
            4.0,
            2.75,
            5.640625,
            3.4375,
            -3.125,
        ],
    ),
    "tri_t": (
        (1, 1, 3, 2, 4),
        [
            -7.0,
            -3.916667,
            -0.833333,
            2.25,
            1.0,
            4.083333,
            2.125,
            -4.875,
            -6.125,
            -3.041667,
            0.041667,
            3.125,
            1.875,
            4.958333,
            3.0,
            -4.0,
            -5.25,
            -2.166667,
            0.916667,
            4.0,
            2.75,
            5.833333,
            3.875,
            -3.125,
        ],
    ),
    "near5": (
        (1, 1, 3, 2, 4),
        [
            -7.0,
            -7.0,
            -2.375,
            2.25,
            1.0,
            1.0,
            5.625,
            -4.875,
            -7.0,
            -7.0,
            -2.375,
            2.25,
            1.0,
            1.0,
            5.625,
            -4.875,
            -5.25,
            -5.25,
            -0.625,
            4.0,
            2.75,
            2.75,
            7.375,
            -3.125,
        ],
    ),
    "area4": (
        (1, 2, 3, 2),
        [
            -0.895833,
            0.791667,
            -0.458333,
            1.229167,
            -0.020833,
            1.666667,
            1.833333,
            1.0,
            -0.25,
            -1.083333,
            0.1875,
            -0.645833,
        ],
    ),
    "area5": (
        (1, 1, 2, 3, 2),
        [
            -0.020833,
            0.40625,
            0.416667,
            0.84375,
            -0.40625,
            1.28125,
            0.46875,
            0.895833,
            0.90625,
            1.333333,
            0.083333,
            0.510417,
        ],
    ),
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
