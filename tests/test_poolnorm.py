"""1-D and adaptive max pooling, group/instance norm and upsampling, against PyTorch 2.13.

Every expected value, repr, grad_fn name and error text below was printed by PyTorch 2.13.0+cpu
for the same inputs; gradients are checked by gradcheck/gradgradcheck in float64.
"""

from __future__ import annotations

import warnings

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from tests import _op_fixes as op_fixes

D = torch.float64
SEQ = [[[1.0, 3.0, 2.0, 5.0, 4.0, 0.0, 7.0]]]
GRID = [
    [
        [1.0, 3.0, 2.0, 5.0, 4.0],
        [0.0, 7.0, 6.0, -1.0, 2.0],
        [8.0, 2.0, 2.0, 3.0, 9.0],
        [4.0, 4.0, 1.0, 0.0, 5.0],
    ]
]
NORM_X = [
    [[1.0, 3.0, 2.0, 5.0], [0.0, 7.0, 6.0, -1.0], [8.0, 2.0, 2.0, 3.0], [4.0, 4.0, 1.0, 0.0]],
    [[2.0, -3.0, 1.0, 4.0], [5.0, 5.0, 0.0, 2.0], [1.0, 1.0, 9.0, -2.0], [3.0, 0.0, 2.0, 6.0]],
]
IMG = [[[[1.0, 2.0, 4.0], [3.0, 0.0, -1.0]]]]


def _t(data, device, dtype=D):
    return torch.tensor(data, dtype=dtype).to(device)


def _close(a, expected, atol=1e-6) -> bool:
    want = torch.tensor(expected, dtype=a.dtype)
    return a.shape == want.shape and bool(((a.detach().cpu() - want).abs() <= atol).all())


def _randn(*shape, device):
    return torch.randn(*shape, dtype=D).to(device).requires_grad_()


def _name(t) -> str:
    return type(t.grad_fn).__name__


# --- pooling -------------------------------------------------------------------------------------
def test_pool1d_values_and_indices_match_pytorch(device):
    x = _t(SEQ, device)
    values, indices = F.max_pool1d(x, 3, 2, 1, return_indices=True)
    assert _close(values, [[[3.0, 5.0, 5.0, 7.0]]]) and indices.tolist() == [[[1, 3, 3, 6]]]
    assert _close(F.avg_pool1d(x, 3, 2, 1), [[[4 / 3, 10 / 3, 3.0, 7 / 3]]])
    assert _close(
        F.avg_pool1d(x, 3, 2, 1, count_include_pad=False, ceil_mode=True),
        [[[2.0, 10 / 3, 3.0, 3.5]]],
    )
    assert _close(F.adaptive_avg_pool1d(x, 3), [[[2.0, 11 / 3, 11 / 3]]])
    values, indices = F.adaptive_max_pool1d(x, 5, return_indices=True)
    assert _close(values, [[[3.0, 3.0, 5.0, 4.0, 7.0]]]) and indices.tolist() == [[[1, 1, 3, 4, 6]]]


def test_adaptive_max_pool2d_matches_pytorch(device):
    y = _t(GRID, device)
    values, indices = F.adaptive_max_pool2d(y, (3, 2), return_indices=True)
    assert _close(values, [[[7.0, 6.0], [8.0, 9.0], [8.0, 9.0]]])
    assert indices.tolist() == [[[6, 7], [10, 14], [10, 14]]]
    values, indices = nn.AdaptiveMaxPool2d((2, 4), return_indices=True)(y)
    assert _close(values, [[[7.0, 7.0, 6.0, 5.0], [8.0, 4.0, 3.0, 9.0]]])
    assert indices.tolist() == [[[6, 6, 7, 3], [10, 16, 13, 14]]]
    assert F.adaptive_max_pool2d(_t(GRID, device)[None], (None, 2)).shape == (1, 1, 4, 2)


@pytest.mark.parametrize(
    "pool",
    [
        lambda x: F.max_pool1d(x, 3, 2, 1),
        lambda x: F.max_pool1d(x, 2, dilation=2, ceil_mode=True),
        lambda x: F.avg_pool1d(x, 3, 2, 1, count_include_pad=False),
        lambda x: F.adaptive_avg_pool1d(x, 3),
        lambda x: F.adaptive_max_pool1d(x, 4),
        lambda x: F.adaptive_max_pool2d(x.reshape(2, 1, 7), (1, 3)),
    ],
)
def test_pooling_gradcheck(device, pool):
    torch.manual_seed(0)
    x = _randn(1, 2, 7, device=device)
    assert gradcheck(pool, (x,))
    assert gradgradcheck(pool, (x,))


def test_pooling_grad_fns_and_reprs_match_pytorch():
    x = torch.randn(2, 3, 7, requires_grad=True)
    for out in (
        F.max_pool1d(x, 2),
        F.avg_pool1d(x, 2),
        F.adaptive_avg_pool1d(x, 3),
        F.adaptive_max_pool1d(x, 3),
    ):
        assert _name(out) == "SqueezeBackward1"
    assert type(F.avg_pool1d(x, 2).grad_fn.next_functions[0][0]).__name__ == "AvgPool2DBackward0"
    assert _name(F.adaptive_max_pool2d(x, 2)) == "AdaptiveMaxPool2DBackward0"
    assert repr(nn.MaxPool1d(3)) == (
        "MaxPool1d(kernel_size=3, stride=3, padding=0, dilation=1, ceil_mode=False)"
    )
    assert repr(nn.AvgPool1d(3, 1, 1, True, False)) == (
        "AvgPool1d(kernel_size=(3,), stride=(1,), padding=(1,))"
    )
    assert repr(nn.AdaptiveAvgPool1d(3)) == "AdaptiveAvgPool1d(output_size=3)"
    assert repr(nn.AdaptiveMaxPool1d(3)) == "AdaptiveMaxPool1d(output_size=3)"
    assert repr(nn.AdaptiveMaxPool2d((3, None), True)) == "AdaptiveMaxPool2d(output_size=(3, None))"
    values, indices = nn.MaxPool1d(2, return_indices=True)(x)
    assert values.shape == indices.shape == (2, 3, 3)
    assert nn.AvgPool1d(2)(x).shape == nn.AdaptiveMaxPool1d(3)(x).shape == (2, 3, 3)


@pytest.mark.parametrize(
    "call, error, text",
    [
        (
            lambda: F.max_pool1d(torch.randn(2, 3, 4, 5), 2),
            RuntimeError,
            "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
            "input, but got:[2, 3, 4, 5]",
        ),
        (
            lambda: F.max_pool1d(torch.randn(2, 3, 2), 3),
            RuntimeError,
            "max_pool1d() Invalid computed output size: 0",
        ),
        (
            lambda: F.max_pool1d(torch.randn(2, 3, 5), 2, padding=2),
            RuntimeError,
            "max_pool1d() padding should be at most half of kernel size, but got padding=2 and "
            "kernel_size=2",
        ),
        (
            lambda: F.max_pool1d(torch.ones(2, 3, 5, dtype=torch.int64), 2),
            NotImplementedError,
            "\"max_pool1d_impl\" not implemented for 'Long'",
        ),
        (
            lambda: F.avg_pool1d(torch.randn(2, 3, 4, 5), 2),
            RuntimeError,
            "Expected 2 to 3 dimensions, but got 4-dimensional tensor for argument #1 'self' (while "
            "checking arguments for avg_pool1d)",
        ),
        (
            lambda: F.avg_pool1d(torch.randn(2, 3, 2), 3),
            RuntimeError,
            "Given input size: (3x1x2). Calculated output size: (3x1x0). Output size is too small",
        ),
        (
            lambda: F.adaptive_avg_pool1d(torch.randn(2, 3, 4), (2, 2)),
            RuntimeError,
            "adaptive_avg_pool1d() argument 'output_size' should contain one int (got 2)",
        ),
        (
            lambda: F.adaptive_max_pool1d(torch.randn(2, 3, 0), 2),
            RuntimeError,
            "adaptive_max_pool1d(): Expected input to have non-zero size for non-batch dimensions, "
            "but input has sizes [2, 3, 0] with dimension 2 being empty",
        ),
        (
            lambda: F.adaptive_max_pool1d(torch.randn(3, 5), None),
            TypeError,
            "adaptive_max_pool1d(): argument 'output_size' (position 2) must be tuple of ints, not "
            "NoneType",
        ),
        (
            lambda: F.adaptive_max_pool2d(torch.randn(3, 4), 2),
            RuntimeError,
            "adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: [3, 4]",
        ),
        (
            lambda: F.adaptive_max_pool2d(torch.randn(2, 3, 4, 5), (2, 2, 2)),
            RuntimeError,
            "adaptive_max_pool2d(): internal error: output_size.size() must be 2",
        ),
        (
            lambda: F.adaptive_max_pool2d(torch.randn(2, 3, 4, 4), -1),
            RuntimeError,
            "Trying to create tensor with negative dimension -1: [2, 3, -1, -1]",
        ),
        (
            lambda: F.adaptive_max_pool2d(torch.ones(2, 3, 4, 4, dtype=torch.int64), 2),
            NotImplementedError,
            "\"adaptive_max_pool2d\" not implemented for 'Long'",
        ),
    ],
)
def test_pooling_errors_match_pytorch(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text


# --- group / instance norm -----------------------------------------------------------------------
def test_group_norm_matches_pytorch(device):
    x = _t(NORM_X, device)
    out = F.group_norm(
        x,
        2,
        _t([1.0, 2.0, 0.5, -1.0], device),
        _t([0.0, 1.0, -1.0, 0.5], device),
    )
    assert _close(
        out,
        [
            [
                [-0.691163, 0.046078, -0.322543, 0.783318],
                [-1.119567, 4.041117, 3.303877, -1.856807],
                [0.091088, -1.218218, -1.218218, -1.000000],
                [0.063565, 0.063565, 1.372871, 1.809306],
            ],
            [
                [0.000000, -1.961160, -0.392232, 0.784464],
                [3.353392, 3.353392, -0.568928, 1.000000],
                [-1.228748, -1.228748, -0.008760, -1.686243],
                [0.347502, 1.262492, 0.652498, -0.567489],
            ],
        ],
    )


def test_instance_norm_and_running_stats_match_pytorch(device):
    x = _t(NORM_X, device)
    assert _close(
        F.instance_norm(x)[0],
        [
            [-1.183213, 0.169030, -0.507091, 1.521274],
            [-0.848528, 1.131370, 0.848528, -1.131370],
            [1.708563, -0.703526, -0.703526, -0.301511],
            [0.980195, 0.980195, -0.700139, -1.260250],
        ],
    )
    rm, rv = torch.zeros(4, dtype=D).to(device), torch.ones(4, dtype=D).to(device)
    F.instance_norm(x, rm, rv, momentum=0.5)
    assert _close(rm, [0.9375, 1.5, 1.5, 1.25])
    assert _close(rv, [3.395833, 6.166667, 8.125, 3.125])
    out = F.instance_norm(x, rm, rv, use_input_stats=False)
    assert _close(
        out[1],
        [
            [0.576574, -2.136716, 0.033916, 1.661890],
            [1.409427, 1.409427, -0.604040, 0.201347],
            [-0.175411, -0.175411, 2.631172, -1.227880],
            [0.989948, -0.707106, 0.424263, 2.687001],
        ],
    )


@pytest.mark.parametrize(
    "norm",
    [
        lambda x, w, b: F.group_norm(x, 2, w, b),
        lambda x, w, b: F.group_norm(x, 4),
        lambda x, w, b: F.instance_norm(x, weight=w, bias=b),
    ],
)
def test_norm_gradcheck(device, norm):
    torch.manual_seed(0)
    x, w, b = _randn(2, 4, 3, device=device), _randn(4, device=device), _randn(4, device=device)
    assert gradcheck(norm, (x, w, b))
    assert gradgradcheck(norm, (x, w, b))


def test_norm_modules_match_pytorch():
    x = torch.randn(2, 4, 5, requires_grad=True)
    assert _name(F.group_norm(x, 2)) == "NativeGroupNormBackward0"
    out = F.instance_norm(x)
    assert _name(out) == "ViewBackward0"
    assert type(out.grad_fn.next_functions[0][0]).__name__ == "NativeBatchNormBackward0"
    gn = nn.GroupNorm(2, 4)
    assert repr(gn) == "GroupNorm(2, 4, eps=1e-05, affine=True, bias=True)"
    assert gn.weight.tolist() == [1.0] * 4 and gn.bias.tolist() == [0.0] * 4
    assert repr(nn.GroupNorm(2, 4, eps=1e-3, affine=False)) == (
        "GroupNorm(2, 4, eps=0.001, affine=False, bias=False)"
    )
    assert repr(nn.InstanceNorm1d(4)) == (
        "InstanceNorm1d(4, eps=1e-05, momentum=0.1, "
        "affine=False, bias=False, track_running_stats=False)"
    )
    m = nn.InstanceNorm2d(4, affine=True, track_running_stats=True)
    assert repr(m) == (
        "InstanceNorm2d(4, eps=1e-05, momentum=0.1, affine=True, bias=True, "
        "track_running_stats=True)"
    )
    assert [n for n, _ in m.named_buffers()] == [
        "running_mean",
        "running_var",
        "num_batches_tracked",
    ]
    assert [n for n, _ in m.named_parameters()] == ["weight", "bias"]
    # unbatched input: PyTorch 2.13 prints [-1.4142, -0.7071, 0.0, 0.7071, 1.4142] for each row
    assert _close(
        nn.InstanceNorm1d(4)(torch.arange(20.0).reshape(4, 5)),
        [[-1.414214, -0.707107, 0.0, 0.707107, 1.414214]] * 4,
        atol=1e-5,
    )
    assert _close(m(x.reshape(2, 4, 5, 1).repeat(1, 1, 1, 2)).sum(), 0.0, atol=1e-4)
    assert m.running_mean.abs().sum().item() > 0 and m.num_batches_tracked.item() == 0


@pytest.mark.parametrize(
    "call, error, text",
    [
        (
            lambda: nn.GroupNorm(3, 4),
            ValueError,
            "num_channels (4) must be divisible by num_groups (3)",
        ),
        (
            lambda: F.group_norm(torch.randn(2, 4, 5), 3),
            RuntimeError,
            "Expected number of channels in input to be divisible by num_groups, but got input of "
            "shape [2, 4, 5] and num_groups=3",
        ),
        (
            lambda: F.group_norm(torch.randn(2, 4, 5), 2, torch.ones(3)),
            RuntimeError,
            "Expected weight to be a vector of size equal to the number of channels in input, but got "
            "weight of shape [3] and input of shape [2, 4, 5]",
        ),
        (
            lambda: F.group_norm(torch.randn(4), 2),
            RuntimeError,
            "Expected at least 2 dimensions for input tensor but received 1",
        ),
        (
            lambda: F.group_norm(torch.ones(2, 4, 5, dtype=torch.int64), 2),
            NotImplementedError,
            "\"GroupNormKernelImpl\" not implemented for 'Long'",
        ),
        (
            lambda: F.instance_norm(torch.randn(2, 4, 1)),
            ValueError,
            "Expected more than 1 spatial element when training, got input size torch.Size([2, 4, 1])",
        ),
        (
            lambda: F.instance_norm(torch.randn(2, 4, 5), use_input_stats=False),
            RuntimeError,
            "Expected running_mean and running_var to be defined when use_input_stats is false",
        ),
        (
            lambda: nn.InstanceNorm1d(4)(torch.randn(2, 4, 5, 6)),
            ValueError,
            "expected 2D or 3D input (got 4D input)",
        ),
        (
            lambda: nn.InstanceNorm2d(4)(torch.randn(4, 5)),
            ValueError,
            "expected 3D or 4D input (got 2D input)",
        ),
        (
            lambda: nn.InstanceNorm1d(3, affine=True)(torch.randn(2, 4, 5)),
            ValueError,
            "expected input's size at dim=1 to match num_features (3), but got: 4.",
        ),
    ],
)
def test_norm_errors_match_pytorch(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text


def test_instance_norm_feature_mismatch_warns_like_pytorch():
    with pytest.warns(UserWarning) as record:
        assert nn.InstanceNorm1d(3)(torch.randn(2, 4, 5)).shape == (2, 4, 5)
    assert str(record[0].message) == (
        "input's size at dim=1 does not match num_features. You can silence this warning by not "
        "passing in num_features, which is not used because affine=False"
    )


# --- upsampling ----------------------------------------------------------------------------------
def test_interpolate_1d_coordinate_rules_match_pytorch(device):
    a = torch.arange(6.0).reshape(1, 1, 6).to(device)
    cases = [  # (mode, align_corners, size=4 result, scale_factor=1.7 result) from PyTorch 2.13
        ("nearest", None, [0.0, 1.0, 3.0, 4.0], [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 4.0, 4.0, 5.0]),
        (
            "nearest-exact",
            None,
            [0.0, 2.0, 3.0, 5.0],
            [0.0, 0.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 5.0, 5.0],
        ),
        (
            "linear",
            False,
            [0.25, 1.75, 3.25, 4.75],
            [0.0, 0.382353, 0.970588, 1.558824, 2.147059, 2.735294, 3.323529, 3.911765, 4.5, 5.0],
        ),
        (
            "linear",
            True,
            [0.0, 1.666667, 3.333333, 5.0],
            [
                0.0,
                0.555556,
                1.111111,
                1.666667,
                2.222222,
                2.777778,
                3.333333,
                3.888889,
                4.444445,
                5.0,
            ],
        ),
    ]
    for mode, corners, by_size, by_scale in cases:
        assert _close(F.interpolate(a, size=4, mode=mode, align_corners=corners), [[by_size]])
        assert _close(
            F.interpolate(a, scale_factor=1.7, mode=mode, align_corners=corners), [[by_scale]]
        )


def test_interpolate_2d_matches_pytorch(device):
    y = _t(IMG, device)
    assert _close(
        F.interpolate(y, size=(3, 5), mode="bilinear"),
        [[[[1.0, 1.4, 2.0, 3.2, 4.0], [2.0, 1.6, 1.0, 1.3, 1.5], [3.0, 1.8, 0.0, -0.6, -1.0]]]],
    )
    assert _close(
        nn.UpsamplingBilinear2d(size=(3, 5))(y),
        [[[[1.0, 1.5, 2.0, 3.0, 4.0], [2.0, 1.5, 1.0, 1.25, 1.5], [3.0, 1.5, 0.0, -0.5, -1.0]]]],
    )
    assert _close(
        F.interpolate(y, scale_factor=(2, 1.5)),
        [
            [
                [
                    [1.0, 1.0, 2.0, 4.0],
                    [1.0, 1.0, 2.0, 4.0],
                    [3.0, 3.0, 0.0, -1.0],
                    [3.0, 3.0, 0.0, -1.0],
                ]
            ]
        ],
    )
    assert _close(
        nn.Upsample(size=(3, 4), mode="nearest-exact")(y),
        [[[[1.0, 2.0, 2.0, 4.0], [3.0, 0.0, 0.0, -1.0], [3.0, 0.0, 0.0, -1.0]]]],
    )


@pytest.mark.parametrize(
    "mode, shape, kwargs",
    [
        ("nearest", (1, 2, 5), {"scale_factor": 1.7}),
        ("nearest", (1, 1, 3, 4), {"size": (5, 7)}),
        ("nearest-exact", (1, 1, 3, 4), {"size": (5, 3)}),
        ("linear", (1, 2, 5), {"size": 8}),
        ("bilinear", (1, 1, 3, 4), {"scale_factor": 1.5}),
        ("bilinear", (1, 1, 3, 4), {"size": (4, 2), "align_corners": True}),
    ],
)
def test_interpolate_gradcheck(device, mode, shape, kwargs):
    torch.manual_seed(0)
    x = _randn(*shape, device=device)
    fn = lambda t: F.interpolate(t, mode=mode, **kwargs)  # noqa: E731
    assert gradcheck(fn, (x,))
    assert gradgradcheck(fn, (x,))


def test_upsample_grad_fns_reprs_and_warning_match_pytorch():
    x3, x4 = torch.randn(1, 2, 5, requires_grad=True), torch.randn(1, 2, 3, 5, requires_grad=True)
    names = [
        (F.interpolate(x3, scale_factor=2), "UpsampleNearest1DBackward0"),
        (F.interpolate(x4, size=(4, 7)), "UpsampleNearest2DBackward0"),
        (F.interpolate(x3, size=7, mode="nearest-exact"), "UpsampleNearestExact1DBackward0"),
        (F.interpolate(x4, size=7, mode="nearest-exact"), "UpsampleNearestExact2DBackward0"),
        (F.interpolate(x3, size=7, mode="linear"), "UpsampleLinear1DBackward0"),
        (F.interpolate(x4, size=7, mode="bilinear"), "UpsampleBilinear2DBackward0"),
    ]
    for out, name in names:
        assert _name(out) == name
    assert repr(nn.Upsample(scale_factor=2)) == "Upsample(scale_factor=2.0, mode='nearest')"
    assert repr(nn.Upsample(size=(3, 4), mode="bilinear", align_corners=True)) == (
        "Upsample(size=(3, 4), mode='bilinear')"
    )
    assert (
        repr(nn.Upsample(scale_factor=(2, 3)))
        == "Upsample(scale_factor=(2.0, 3.0), mode='nearest')"
    )
    assert repr(nn.UpsamplingNearest2d(scale_factor=2)) == (
        "UpsamplingNearest2d(scale_factor=2.0, mode='nearest')"
    )
    assert repr(nn.UpsamplingBilinear2d(size=5)) == "UpsamplingBilinear2d(size=5, mode='bilinear')"
    with pytest.warns(UserWarning) as record:
        assert F.upsample(x4, scale_factor=2).shape == (1, 2, 6, 10)
    assert str(record[0].message) == (
        "`nn.functional.upsample` is deprecated. Use `nn.functional.interpolate` instead."
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert F.interpolate(x4, scale_factor=1.7, recompute_scale_factor=True).shape == (
            1,
            2,
            5,
            8,
        )


X4 = torch.randn(1, 2, 3, 5)


@pytest.mark.parametrize(
    "call, error, text",
    [
        (
            lambda: F.interpolate(X4, size=3, scale_factor=2),
            ValueError,
            "only one of size or scale_factor should be defined",
        ),
        (lambda: F.interpolate(X4), ValueError, "either size or scale_factor should be defined"),
        (
            lambda: F.interpolate(X4, size=(2, 3, 4)),
            ValueError,
            "Input and output must have the same number of spatial dimensions, but got input with "
            "spatial dimensions of [3, 5] and output size of (2, 3, 4). Please provide input tensor in "
            "(N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.",
        ),
        (
            lambda: F.interpolate(X4, size=3, mode="linear"),
            NotImplementedError,
            "Got 4D input, but linear mode needs 3D input",
        ),
        (
            lambda: F.interpolate(X4, size=3, align_corners=True),
            ValueError,
            "align_corners option can only be set with the interpolating modes: linear | bilinear | "
            "bicubic | trilinear",
        ),
        (
            lambda: F.interpolate(X4, size=3, mode="foo"),
            NotImplementedError,
            "Input Error: Only 3D, 4D and 5D input Tensors supported (got 4D) for the modes: nearest | "
            "linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact (got foo)",
        ),
        (
            lambda: F.interpolate(X4, size=3, recompute_scale_factor=True),
            ValueError,
            "recompute_scale_factor is not meaningful with an explicit size.",
        ),
        (
            lambda: F.interpolate(X4, scale_factor=0.1),
            RuntimeError,
            "Input and output sizes should be greater than 0, but got input (H: 3, W: 5) output (H: 0, "
            "W: 0)",
        ),
        (
            lambda: F.interpolate(torch.randn(1, 2, 5), size=0),
            RuntimeError,
            "Input and output sizes should be greater than 0, but got input (W: 5) and output (W: 0)",
        ),
        (
            lambda: F.interpolate(X4, size=(3.0, 4)),
            TypeError,
            "expected size to be one of int or Tuple[int] or Tuple[int, int] or Tuple[int, int, int], "
            "but got size with types [<class 'float'>, <class 'int'>]",
        ),
        (
            lambda: F.interpolate(X4.long(), size=3, mode="bilinear"),
            NotImplementedError,
            "\"upsample_bilinear2d_channels_last\" not implemented for 'Long'",
        ),
    ],
)
def test_interpolate_errors_match_pytorch(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text


# --- pooling and normalization of zero-size inputs (an empty batch): recorded from PyTorch 2.13 ---
@pytest.mark.parametrize("case", op_fixes.cases("poolnorm"))
def test_empty_inputs_match_pytorch(case):
    op_fixes.check_case(case)
