"""Tensor printing: repr/str must equal PyTorch 2.13's torch/_tensor_str.py output.

Every golden string here was produced by running the same construction in PyTorch 2.13.0+cpu
(`repr(...)`); the CUDA ones were made there by making the CPU non-default, which shows the
device suffix in the same position, with 'cpu' then read as 'cuda:0'.
"""

import math

import pytest

import autograd_nb as torch
from autograd_nb._printing import tensor_repr
from autograd_nb._tensor import Tensor, make_tensor


def leaf64(values):
    return torch.tensor(values, dtype=torch.float64, requires_grad=True)


@pytest.fixture(autouse=True)
def _default_print_state():
    """Every test starts and ends with PyTorch's default print options and float32."""
    torch.set_printoptions(profile="default")
    yield
    torch.set_printoptions(profile="default")
    torch.set_default_dtype(torch.float32)


CASES = [
    (
        "leaf_requires_grad",
        lambda: torch.tensor([[1.0, 2.0]], requires_grad=True),
        "tensor([[1., 2.]], requires_grad=True)",
    ),
    (
        "scalar_grad_fn",
        lambda: torch.tensor(2.0, requires_grad=True) * 3,
        "tensor(6., grad_fn=<MulBackward0>)",
    ),
    (
        "mul_grad_fn",
        lambda: torch.tensor([1.0, 2.0], requires_grad=True) * 2,
        "tensor([2., 4.], grad_fn=<MulBackward0>)",
    ),
    (
        "float64_sum_grad_fn",
        lambda: leaf64([1.0, 2.0]).sum(),
        "tensor(3., dtype=torch.float64, grad_fn=<SumBackward0>)",
    ),
    (
        "float64_requires_grad",
        lambda: leaf64([1.0, 2.0]),
        "tensor([1., 2.], dtype=torch.float64, requires_grad=True)",
    ),
    ("int32", lambda: torch.tensor([1, 2], dtype=torch.int32), "tensor([1, 2], dtype=torch.int32)"),
    ("int64", lambda: torch.tensor([1, 2, 3]), "tensor([1, 2, 3])"),
    ("bool", lambda: torch.tensor([True, False]), "tensor([ True, False])"),
    ("precision4", lambda: torch.tensor([1.5, 2.25]), "tensor([1.5000, 2.2500])"),
    ("scalar", lambda: torch.tensor(1.5), "tensor(1.5000)"),
    ("empty_2d", lambda: torch.zeros(0, 3), "tensor([], size=(0, 3))"),
    (
        "matrix_grad_fn",
        lambda: torch.ones(2, 2, requires_grad=True) * 2,
        "tensor([[2., 2.],\n        [2., 2.]], grad_fn=<MulBackward0>)",
    ),
    (
        "rounding_padding",
        lambda: torch.tensor([1.12345, -2.5, 100.0]),
        "tensor([  1.1235,  -2.5000, 100.0000])",
    ),
    ("negatives_int_valued", lambda: torch.tensor([-1.0, 2.0, -3.0]), "tensor([-1.,  2., -3.])"),
    ("negative_zero", lambda: torch.tensor([-0.0, 0.0, 1.0]), "tensor([-0., 0., 1.])"),
    ("scalar_negative_zero", lambda: torch.tensor(-0.0), "tensor(-0.)"),
    ("all_zero", lambda: torch.tensor([0.0, 0.0]), "tensor([0., 0.])"),
    ("int_valued_large", lambda: torch.tensor([5.0, 12345.0]), "tensor([5.0000e+00, 1.2345e+04])"),
    (
        "float64_values",
        lambda: torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64),
        "tensor([0.1000, 0.2000, 0.3000], dtype=torch.float64)",
    ),
    ("sci_max_over_1e8", lambda: torch.tensor([1e9, 1.0]), "tensor([1.0000e+09, 1.0000e+00])"),
    ("no_sci_at_1e8", lambda: torch.tensor([1e8, 1.0]), "tensor([1.0000e+08, 1.0000e+00])"),
    ("sci_min_below_1e-4", lambda: torch.tensor([1e-5, 1.0]), "tensor([1.0000e-05, 1.0000e+00])"),
    ("no_sci_at_1e-4", lambda: torch.tensor([0.0001, 1.0]), "tensor([1.0000e-04, 1.0000e+00])"),
    (
        "sci_ratio_over_1000",
        lambda: torch.tensor([1.0, 1001.0]),
        "tensor([1.0000e+00, 1.0010e+03])",
    ),
    (
        "sci_ratio_fraction",
        lambda: torch.tensor([12345.678, 0.5]),
        "tensor([1.2346e+04, 5.0000e-01])",
    ),
    (
        "sci_tiny_and_huge",
        lambda: torch.tensor([1.0e20, -1.0e-20]),
        "tensor([ 1.0000e+20, -1.0000e-20])",
    ),
    ("sci_single_huge", lambda: torch.tensor([123456789.0]), "tensor([1.2346e+08])"),
    (
        "nan_inf_int_mode",
        lambda: torch.tensor([1.0, float("nan"), float("inf"), -float("inf")]),
        "tensor([1., nan, inf, -inf])",
    ),
    (
        "nan_inf_fixed",
        lambda: torch.tensor([1.5, float("nan"), float("inf")]),
        "tensor([1.5000,    nan,    inf])",
    ),
    (
        "nan_inf_sci",
        lambda: torch.tensor([1e-5, float("nan"), -float("inf")]),
        "tensor([1.0000e-05,        nan,       -inf])",
    ),
    ("only_nan", lambda: torch.tensor([float("nan")]), "tensor([nan])"),
    ("scalar_inf", lambda: torch.tensor(float("inf")), "tensor(inf)"),
    (
        "nan_in_matrix",
        lambda: torch.tensor([[1.0, -1.0], [float("nan"), 2.5]]),
        "tensor([[ 1.0000, -1.0000],\n        [    nan,  2.5000]])",
    ),
    ("scalar_int", lambda: torch.tensor(3), "tensor(3)"),
    ("scalar_bool", lambda: torch.tensor(True), "tensor(True)"),
    (
        "bool_matrix",
        lambda: torch.tensor([[True, False], [False, True]]),
        "tensor([[ True, False],\n        [False,  True]])",
    ),
    (
        "int32_widths",
        lambda: torch.tensor([1, -200, 3000], dtype=torch.int32),
        "tensor([   1, -200, 3000], dtype=torch.int32)",
    ),
    ("uint8", lambda: torch.tensor([1, 2], dtype=torch.uint8), "tensor([1, 2], dtype=torch.uint8)"),
    ("int16", lambda: torch.tensor([1, 2], dtype=torch.int16), "tensor([1, 2], dtype=torch.int16)"),
    (
        "float16",
        lambda: torch.tensor([1.5, 2.5], dtype=torch.float16),
        "tensor([1.5000, 2.5000], dtype=torch.float16)",
    ),
    (
        "float16_range",
        lambda: torch.tensor([65504.0, 1e-3], dtype=torch.float16),
        "tensor([6.5504e+04, 1.0004e-03], dtype=torch.float16)",
    ),
    (
        "matrix",
        lambda: torch.tensor([[1.0, 2.0], [3.0, 4.0]]),
        "tensor([[1., 2.],\n        [3., 4.]])",
    ),
    ("int_matrix", lambda: torch.tensor([[1, 2], [3, 4]]), "tensor([[1, 2],\n        [3, 4]])"),
    (
        "three_d",
        lambda: torch.tensor([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]),
        "tensor([[[1., 2.],\n         [3., 4.]],\n\n        [[5., 6.],\n         [7., 8.]]])",
    ),
    (
        "four_d",
        lambda: torch.tensor([[[[1.0, 2.0]]], [[[3.0, 4.0]]]]),
        "tensor([[[[1., 2.]]],\n\n\n        [[[3., 4.]]]])",
    ),
    (
        "three_d_negatives",
        lambda: torch.arange(12.0).reshape(2, 3, 2) * 1.5 - 7,
        "tensor([[[-7.0000, -5.5000],\n"
        "         [-4.0000, -2.5000],\n"
        "         [-1.0000,  0.5000]],\n"
        "\n"
        "        [[ 2.0000,  3.5000],\n"
        "         [ 5.0000,  6.5000],\n"
        "         [ 8.0000,  9.5000]]])",
    ),
    (
        "wrap_row",
        lambda: torch.arange(30.0) * 1.5,
        "tensor([ 0.0000,  1.5000,  3.0000,  4.5000,  6.0000,  7.5000,  9.0000, 10.5000,\n"
        "        12.0000, 13.5000, 15.0000, 16.5000, 18.0000, 19.5000, 21.0000, 22.5000,\n"
        "        24.0000, 25.5000, 27.0000, 28.5000, 30.0000, 31.5000, 33.0000, 34.5000,\n"
        "        36.0000, 37.5000, 39.0000, 40.5000, 42.0000, 43.5000])",
    ),
    (
        "wrap_int_row",
        lambda: torch.arange(40),
        "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
        "        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,\n"
        "        36, 37, 38, 39])",
    ),
    (
        "wrap_wide_matrix",
        lambda: torch.arange(60.0).reshape(2, 30) * 1.5,
        "tensor([[ 0.0000,  1.5000,  3.0000,  4.5000,  6.0000,  7.5000,  9.0000, 10.5000,\n"
        "         12.0000, 13.5000, 15.0000, 16.5000, 18.0000, 19.5000, 21.0000, 22.5000,\n"
        "         24.0000, 25.5000, 27.0000, 28.5000, 30.0000, 31.5000, 33.0000, 34.5000,\n"
        "         36.0000, 37.5000, 39.0000, 40.5000, 42.0000, 43.5000],\n"
        "        [45.0000, 46.5000, 48.0000, 49.5000, 51.0000, 52.5000, 54.0000, 55.5000,\n"
        "         57.0000, 58.5000, 60.0000, 61.5000, 63.0000, 64.5000, 66.0000, 67.5000,\n"
        "         69.0000, 70.5000, 72.0000, 73.5000, 75.0000, 76.5000, 78.0000, 79.5000,\n"
        "         81.0000, 82.5000, 84.0000, 85.5000, 87.0000, 88.5000]])",
    ),
    (
        "wrap_wide_sci",
        lambda: torch.arange(24.0).reshape(2, 12) * 123.456,
        "tensor([[   0.0000,  123.4560,  246.9120,  370.3680,  493.8240,  617.2800,\n"
        "          740.7360,  864.1920,  987.6480, 1111.1040, 1234.5601, 1358.0160],\n"
        "        [1481.4720, 1604.9280, 1728.3840, 1851.8400, 1975.2960, 2098.7520,\n"
        "         2222.2080, 2345.6641, 2469.1201, 2592.5759, 2716.0320, 2839.4880]])",
    ),
    (
        "wrap_3d",
        lambda: torch.arange(60.0).reshape(2, 3, 10) * 1.5 - 7,
        "tensor([[[-7.0000, -5.5000, -4.0000, -2.5000, -1.0000,  0.5000,  2.0000,\n"
        "           3.5000,  5.0000,  6.5000],\n"
        "         [ 8.0000,  9.5000, 11.0000, 12.5000, 14.0000, 15.5000, 17.0000,\n"
        "          18.5000, 20.0000, 21.5000],\n"
        "         [23.0000, 24.5000, 26.0000, 27.5000, 29.0000, 30.5000, 32.0000,\n"
        "          33.5000, 35.0000, 36.5000]],\n"
        "\n"
        "        [[38.0000, 39.5000, 41.0000, 42.5000, 44.0000, 45.5000, 47.0000,\n"
        "          48.5000, 50.0000, 51.5000],\n"
        "         [53.0000, 54.5000, 56.0000, 57.5000, 59.0000, 60.5000, 62.0000,\n"
        "          63.5000, 65.0000, 66.5000],\n"
        "         [68.0000, 69.5000, 71.0000, 72.5000, 74.0000, 75.5000, 77.0000,\n"
        "          78.5000, 80.0000, 81.5000]]])",
    ),
    (
        "suffix_newline",
        lambda: leaf64([[1.0] * 70, [2.0] * 70]) * 2,
        "tensor([[2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2.,\n"
        "         2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2.,\n"
        "         2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2.,\n"
        "         2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2., 2.],\n"
        "        [4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4.,\n"
        "         4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4.,\n"
        "         4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4.,\n"
        "         4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4.]],\n"
        "       dtype=torch.float64, grad_fn=<MulBackward0>)",
    ),
    (
        "suffix_fits",
        lambda: leaf64([1.0] * 23),
        "tensor([1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1.,\n"
        "        1., 1., 1., 1., 1.], dtype=torch.float64, requires_grad=True)",
    ),
    (
        "suffix_wraps",
        lambda: leaf64([1.0] * 24),
        "tensor([1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1., 1.,\n"
        "        1., 1., 1., 1., 1., 1.], dtype=torch.float64, requires_grad=True)",
    ),
    ("summary_ones", lambda: torch.ones(2000), "tensor([1., 1., 1.,  ..., 1., 1., 1.])"),
    (
        "summary_int",
        lambda: torch.arange(1001) - 500,
        "tensor([-500, -499, -498,  ...,  498,  499,  500])",
    ),
    (
        "summary_matrix",
        lambda: torch.arange(2000.0).reshape(2, 1000),
        "tensor([[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 9.9700e+02, 9.9800e+02,\n"
        "         9.9900e+02],\n"
        "        [1.0000e+03, 1.0010e+03, 1.0020e+03,  ..., 1.9970e+03, 1.9980e+03,\n"
        "         1.9990e+03]])",
    ),
    (
        "summary_tall",
        lambda: torch.arange(3000).reshape(1000, 3),
        "tensor([[   0,    1,    2],\n"
        "        [   3,    4,    5],\n"
        "        [   6,    7,    8],\n"
        "        ...,\n"
        "        [2991, 2992, 2993],\n"
        "        [2994, 2995, 2996],\n"
        "        [2997, 2998, 2999]])",
    ),
    (
        "summary_cube",
        lambda: torch.arange(2000.0).reshape(10, 2, 100),
        "tensor([[[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 9.7000e+01,\n"
        "          9.8000e+01, 9.9000e+01],\n"
        "         [1.0000e+02, 1.0100e+02, 1.0200e+02,  ..., 1.9700e+02,\n"
        "          1.9800e+02, 1.9900e+02]],\n"
        "\n"
        "        [[2.0000e+02, 2.0100e+02, 2.0200e+02,  ..., 2.9700e+02,\n"
        "          2.9800e+02, 2.9900e+02],\n"
        "         [3.0000e+02, 3.0100e+02, 3.0200e+02,  ..., 3.9700e+02,\n"
        "          3.9800e+02, 3.9900e+02]],\n"
        "\n"
        "        [[4.0000e+02, 4.0100e+02, 4.0200e+02,  ..., 4.9700e+02,\n"
        "          4.9800e+02, 4.9900e+02],\n"
        "         [5.0000e+02, 5.0100e+02, 5.0200e+02,  ..., 5.9700e+02,\n"
        "          5.9800e+02, 5.9900e+02]],\n"
        "\n"
        "        ...,\n"
        "\n"
        "        [[1.4000e+03, 1.4010e+03, 1.4020e+03,  ..., 1.4970e+03,\n"
        "          1.4980e+03, 1.4990e+03],\n"
        "         [1.5000e+03, 1.5010e+03, 1.5020e+03,  ..., 1.5970e+03,\n"
        "          1.5980e+03, 1.5990e+03]],\n"
        "\n"
        "        [[1.6000e+03, 1.6010e+03, 1.6020e+03,  ..., 1.6970e+03,\n"
        "          1.6980e+03, 1.6990e+03],\n"
        "         [1.7000e+03, 1.7010e+03, 1.7020e+03,  ..., 1.7970e+03,\n"
        "          1.7980e+03, 1.7990e+03]],\n"
        "\n"
        "        [[1.8000e+03, 1.8010e+03, 1.8020e+03,  ..., 1.8970e+03,\n"
        "          1.8980e+03, 1.8990e+03],\n"
        "         [1.9000e+03, 1.9010e+03, 1.9020e+03,  ..., 1.9970e+03,\n"
        "          1.9980e+03, 1.9990e+03]]])",
    ),
    (
        "summary_formatter_on_edges",
        lambda: torch.arange(2000.0).reshape(2, 1000) / 7,
        "tensor([[0.0000e+00, 1.4286e-01, 2.8571e-01,  ..., 1.4243e+02, 1.4257e+02,\n"
        "         1.4271e+02],\n"
        "        [1.4286e+02, 1.4300e+02, 1.4314e+02,  ..., 2.8529e+02, 2.8543e+02,\n"
        "         2.8557e+02]])",
    ),
    ("empty", lambda: torch.tensor([]), "tensor([])"),
    ("empty_int64", lambda: torch.tensor([], dtype=torch.int64), "tensor([], dtype=torch.int64)"),
    ("empty_bool", lambda: torch.tensor([], dtype=torch.bool), "tensor([], dtype=torch.bool)"),
    (
        "empty_float64",
        lambda: torch.tensor([], dtype=torch.float64),
        "tensor([], dtype=torch.float64)",
    ),
    (
        "empty_int32_2d",
        lambda: torch.zeros(2, 0, dtype=torch.int32),
        "tensor([], size=(2, 0), dtype=torch.int32)",
    ),
]
OPTION_CASES = [
    ("precision2", dict(precision=2), lambda: torch.tensor([1.12345, 2.5]), "tensor([1.12, 2.50])"),
    (
        "precision2_sci",
        dict(precision=2),
        lambda: torch.tensor([1e-5, 2.5]),
        "tensor([1.00e-05, 2.50e+00])",
    ),
    (
        "profile_short",
        dict(profile="short"),
        lambda: torch.arange(2000.0).reshape(2, 1000) / 3,
        "tensor([[0.00e+00, 3.33e-01,  ..., 3.33e+02, 3.33e+02],\n"
        "        [3.33e+02, 3.34e+02,  ..., 6.66e+02, 6.66e+02]])",
    ),
    ("threshold5", dict(threshold=5), lambda: torch.arange(10), "tensor([0, 1, 2,  ..., 7, 8, 9])"),
    (
        "at_threshold_not_summarised",
        dict(threshold=10),
        lambda: torch.arange(10),
        "tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])",
    ),
    (
        "above_threshold_summarised",
        dict(threshold=10),
        lambda: torch.arange(11),
        "tensor([ 0,  1,  2,  ...,  8,  9, 10])",
    ),
    (
        "threshold5_matrix",
        dict(threshold=5),
        lambda: torch.arange(10).reshape(2, 5),
        "tensor([[0, 1, 2, 3, 4],\n        [5, 6, 7, 8, 9]])",
    ),
    (
        "edgeitems0",
        dict(threshold=5, edgeitems=0),
        lambda: torch.arange(10.0).reshape(2, 5),
        "tensor([...], size=(2, 5))",
    ),
    (
        "edgeitems0_no_summary",
        dict(edgeitems=0),
        lambda: torch.arange(10.0).reshape(2, 5),
        "tensor([[0., 1., 2., 3., 4.],\n        [5., 6., 7., 8., 9.]], size=(2, 5))",
    ),
    (
        "edgeitems1",
        dict(edgeitems=1, threshold=5),
        lambda: torch.arange(27.0).reshape(3, 3, 3),
        "tensor([[[ 0.,  ...,  2.],\n"
        "         ...,\n"
        "         [ 6.,  ...,  8.]],\n"
        "\n"
        "        ...,\n"
        "\n"
        "        [[18.,  ..., 20.],\n"
        "         ...,\n"
        "         [24.,  ..., 26.]]])",
    ),
    (
        "linewidth20",
        dict(linewidth=20),
        lambda: torch.arange(10.0),
        "tensor([0., 1., 2.,\n        3., 4., 5.,\n        6., 7., 8.,\n        9.])",
    ),
    (
        "linewidth20_suffix",
        dict(linewidth=20),
        lambda: leaf64([1.0, 2.0]),
        "tensor([1., 2.],\n       dtype=torch.float64,\n       requires_grad=True)",
    ),
    (
        "sci_forced",
        dict(sci_mode=True),
        lambda: torch.tensor([1.5, 2.0]),
        "tensor([1.5000e+00, 2.0000e+00])",
    ),
    (
        "sci_off",
        dict(sci_mode=False),
        lambda: torch.tensor([1e-8, 1e9]) + 0.5,
        "tensor([         0.5000, 1000000000.0000])",
    ),
]
DEFAULT_FLOAT64_CASES = [
    ("float64_silent", lambda: torch.tensor([1.0, 2.0]), "tensor([1., 2.])"),
    (
        "float32_shown",
        lambda: torch.tensor([1.0, 2.0], dtype=torch.float32),
        "tensor([1., 2.], dtype=torch.float32)",
    ),
    (
        "empty_float32_shown",
        lambda: torch.tensor([], dtype=torch.float32),
        "tensor([], dtype=torch.float32)",
    ),
    ("empty_float64_silent", lambda: torch.tensor([]), "tensor([])"),
    ("int64_silent", lambda: torch.tensor([1, 2]), "tensor([1, 2])"),
]


@pytest.mark.parametrize("make, expected", [pytest.param(m, e, id=n) for n, m, e in CASES])
def test_repr_matches_pytorch(make, expected):
    t = make()
    assert repr(t) == expected
    assert str(t) == expected


@pytest.mark.parametrize(
    "options, make, expected", [pytest.param(o, m, e, id=n) for n, o, m, e in OPTION_CASES]
)
def test_repr_with_print_options(options, make, expected):
    try:
        torch.set_printoptions(**options)
        assert repr(make()) == expected
    finally:
        torch.set_printoptions(profile="default")


@pytest.mark.parametrize(
    "make, expected", [pytest.param(m, e, id=n) for n, m, e in DEFAULT_FLOAT64_CASES]
)
def test_default_dtype_float64_changes_which_dtype_is_shown(make, expected):
    try:
        torch.set_default_dtype(torch.float64)
        assert repr(make()) == expected
    finally:
        torch.set_default_dtype(torch.float32)


def test_print_options_and_profiles():
    defaults = {
        "precision": 4,
        "threshold": 1000,
        "edgeitems": 3,
        "linewidth": 80,
        "sci_mode": None,
    }
    assert torch.get_printoptions() == defaults
    torch.set_printoptions(profile="short")
    assert torch.get_printoptions() == dict(defaults, precision=2, edgeitems=2)
    torch.set_printoptions(profile="no-such-profile")  # ignored, as in PyTorch
    assert torch.get_printoptions() == dict(defaults, precision=2, edgeitems=2)
    torch.set_printoptions(profile="full", sci_mode=True)
    assert torch.get_printoptions() == dict(defaults, threshold=math.inf, sci_mode=True)
    torch.set_printoptions(precision=6)  # sci_mode goes back to None on every call
    assert torch.get_printoptions() == dict(defaults, threshold=math.inf, precision=6)
    torch.set_printoptions(**defaults)
    assert torch.get_printoptions() == defaults


def test_profile_full_never_summarises():
    torch.set_printoptions(profile="full")
    text = repr(torch.arange(1200))
    assert "..." not in text and text.count(",") == 1199 and text.endswith(" 1199])")


def test_huge_tensor_prints_its_edges():
    assert repr(torch.zeros(10**7)) == "tensor([0., 0., 0.,  ..., 0., 0., 0.])"
    assert repr(torch.ones(1000, 1000)) == (
        "tensor([[1., 1., 1.,  ..., 1., 1., 1.],\n"
        "        [1., 1., 1.,  ..., 1., 1., 1.],\n"
        "        [1., 1., 1.,  ..., 1., 1., 1.],\n"
        "        ...,\n"
        "        [1., 1., 1.,  ..., 1., 1., 1.],\n"
        "        [1., 1., 1.,  ..., 1., 1., 1.],\n"
        "        [1., 1., 1.,  ..., 1., 1., 1.]])"
    )


def test_device_suffix_comes_first(device):
    shown = "" if device == "cpu" else "device='cuda:0', "
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], device=device, requires_grad=True)
    assert repr(x) == f"tensor([[1., 2.],\n        [3., 4.]], {shown}requires_grad=True)"
    assert repr(x * 2) == f"tensor([[2., 4.],\n        [6., 8.]], {shown}grad_fn=<MulBackward0>)"
    one_line = "" if device == "cpu" else ", device='cuda:0'"
    assert repr(torch.tensor([1, 2], dtype=torch.int32, device=device)) == (
        f"tensor([1, 2], {shown}dtype=torch.int32)"
    )
    assert repr(torch.tensor([], dtype=torch.float64, device=device)) == (
        f"tensor([], {shown}dtype=torch.float64)"
    )
    assert repr(torch.ones(2000, device=device)) == (
        f"tensor([1., 1., 1.,  ..., 1., 1., 1.]{one_line})"
    )
    assert repr(torch.tensor([], device=device)) == f"tensor([]{one_line})"


def test_tensor_contents_replaces_the_values():
    # torch._tensor_str._str(t, tensor_contents=...) in PyTorch 2.13
    assert tensor_repr(leaf64([1.0, 2.0]), tensor_contents="[...]") == (
        "tensor([...], dtype=torch.float64, requires_grad=True)"
    )
    assert tensor_repr(torch.tensor([], dtype=torch.int32), tensor_contents="<x>") == (
        "tensor(<x>, dtype=torch.int32)"
    )


def test_subclass_prefix():
    class MyTensor(Tensor):
        pass

    class ParameterLike(Tensor):
        _prints_as_tensor = True  # how nn.Parameter keeps the plain `tensor(` prefix

    data = torch.tensor([1.0, 2.0])
    # PyTorch 2.13: torch.tensor([1., 2.]).as_subclass(MyTensor)
    assert repr(make_tensor(data._data, data._backend, cls=MyTensor)) == "MyTensor([1., 2.])"
    assert repr(make_tensor(data._data, data._backend, cls=ParameterLike)) == "tensor([1., 2.])"


def test_size_device_and_dtype_reprs():
    assert repr(torch.Size([2, 3])) == "torch.Size([2, 3])"
    assert repr(torch.Size([])) == "torch.Size([])"
    assert repr(torch.device("cuda", 0)) == "device(type='cuda', index=0)"
    assert repr(torch.device("cpu")) == "device(type='cpu')"
    assert str(torch.device("cuda:0")) == "cuda:0"
    assert repr(torch.float32) == "torch.float32"
    assert str(torch.float32) == "torch.float32"
