"""ConvTranspose1d/2d, Bilinear and RNNCell/LSTMCell/GRUCell: values, gradients, grad_fn names,
reprs and errors, with expected values from PyTorch 2.13."""

from __future__ import annotations

import math

import pytest
from test_nn_rnn import fill, seq  # deterministic parameters and float64 data

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck


def stats(out: torch.Tensor, *leaves) -> list:
    """shape, sum, sum of squares, a weighted loss and its weighted gradient for each leaf."""
    loss = (out * seq(*out.shape, phase=0.5, device=out.device)).sum()
    loss.backward()
    grads = [
        None
        if leaf is None
        else (leaf.grad * seq(*leaf.shape, phase=1.5, device=out.device)).sum().item()
        for leaf in leaves
    ]
    return [tuple(out.shape), out.sum().item(), (out * out).sum().item(), loss.item(), *grads]


def assert_stats(got: list, expected: list) -> None:
    assert got[0] == expected[0]
    for a, b in zip(got[1:], expected[1:], strict=True):
        assert (a is None and b is None) or a == pytest.approx(b, rel=1e-8, abs=1e-9)


def raises(kind: type, text: str, fn) -> None:
    with pytest.raises(kind) as info:
        fn()
    assert str(info.value) == text


# --- transposed convolutions ---------------------------------------------------------------------
CONV_T = [  # (dims, input, weight, bias?, kwargs, PyTorch 2.13's stats)
    (
        2,
        (2, 4, 5, 4),
        (4, 3, 3, 2),
        True,
        dict(stride=2, padding=1, output_padding=1, groups=2),
        [
            (2, 6, 10, 7),
            -590.1536884314,
            1361.4358415754,
            -21.4867627193,
            -12.6324564611,
            -9.6336557305,
            -6.282337879,
        ],
    ),
    (
        2,
        (1, 2, 3, 3),
        (2, 2, 2, 3),
        False,
        dict(stride=(2, 1), padding=(0, 1), output_padding=(1, 0), dilation=(1, 2)),
        [
            (1, 2, 7, 5),
            -18.4742307578,
            90.0627424322,
            5.3400398431,
            13.3226472681,
            6.504548376,
            None,
        ],
    ),
    (
        2,
        (1, 1, 3, 3),
        (1, 1, 2, 2),
        True,
        dict(output_padding=2, dilation=3),  # op >= stride
        [
            (1, 1, 8, 8),
            -21.5523950777,
            8.7364389689,
            -0.9792746298,
            2.3963580078,
            -1.984544031,
            0.1923156542,
        ],
    ),
    (
        1,
        (2, 4, 5),
        (4, 3, 3),
        True,
        dict(stride=3, padding=2, output_padding=1, groups=2, dilation=2),
        [
            (2, 6, 14),
            -166.3864475498,
            225.5943697555,
            0.4115550856,
            1.614331879,
            -7.1648410714,
            7.2598473259,
        ],
    ),
    (
        1,
        (4, 5),
        (4, 2, 2),
        True,
        {},  # unbatched
        [
            (2, 6),
            25.1688597224,
            64.4849296381,
            1.4636636777,
            -2.325057128,
            2.1680993734,
            0.7173023057,
        ],
    ),
    (
        2,
        (4, 5, 4),
        (4, 2, 3, 3),
        False,
        dict(stride=2),  # unbatched
        [
            (2, 11, 9),
            125.307662407,
            674.4535514388,
            -13.3391063858,
            -25.6269424635,
            2.6154423903,
            None,
        ],
    ),
]


def _conv_t_operands(case, device) -> tuple:
    nd, xs, ws, has_bias, kwargs, _ = case
    x = seq(*xs, device=device).requires_grad_()
    w = seq(*ws, phase=1.0, device=device).requires_grad_()
    channels = ws[1] * kwargs.get("groups", 1)
    b = seq(channels, phase=2.0, device=device).requires_grad_() if has_bias else None
    return (F.conv_transpose2d if nd == 2 else F.conv_transpose1d), x, w, b


@pytest.mark.parametrize("case", CONV_T)
def test_conv_transpose_values_and_gradients_match_pytorch(device, case):
    fn, x, w, b = _conv_t_operands(case, device)
    out = fn(x, w, b, **case[4])
    assert out.grad_fn.name() == (
        "ConvolutionBackward0" if x.dim() == case[0] + 2 else "SqueezeBackward1"
    )  # PyTorch 2.13
    assert_stats(stats(out, x, w, b), case[5])


def test_conv_transpose_small_values_and_torch_names():
    # PyTorch 2.13: tensor([[[ 1., -1.,  2., -2.,  3., -3.]]])
    out = torch.conv_transpose1d(
        torch.tensor([[[1.0, 2.0, 3.0]]]), torch.tensor([[[1.0, -1.0]]]), stride=2
    )
    assert out.tolist() == [[[1.0, -1.0, 2.0, -2.0, 3.0, -3.0]]]
    assert torch.conv_transpose2d is F.conv_transpose2d


@pytest.mark.parametrize(
    "fn, x_shape, w_shape",
    [
        (F.conv_transpose2d, (1, 4, 3, 2), (4, 1, 2, 2)),
        (F.conv_transpose1d, (1, 4, 3), (4, 1, 3)),
    ],
)
def test_conv_transpose_gradcheck_and_gradgradcheck(device, fn, x_shape, w_shape):
    x = seq(*x_shape, device=device).requires_grad_()
    w = seq(*w_shape, phase=1.0, device=device).requires_grad_()
    b = seq(2, phase=2.0, device=device).requires_grad_()

    def call(*args):
        return fn(*args, stride=2, padding=1, output_padding=1, groups=2, dilation=2)

    assert gradcheck(call, (x, w, b))
    assert gradgradcheck(call, (x, w, b))


def test_conv_transpose_records_pytorchs_saved_attributes():
    x = torch.randn(1, 4, 3, 3, requires_grad=True)
    out = F.conv_transpose2d(x, torch.randn(4, 3, 3, 3), stride=2, output_padding=1, groups=2)
    node = out.grad_fn
    assert node._saved_transposed is True
    assert node._saved_output_padding == (1, 1)
    assert node._saved_stride == (2, 2) and node._saved_groups == 2


def test_conv_transpose_errors_match_pytorch():
    x, w = torch.randn(1, 4, 5, 5), torch.randn(4, 3, 3, 3)
    cases = [  # PyTorch 2.13 texts
        (
            lambda: F.conv_transpose2d(x, w, stride=2, output_padding=2),
            "output padding must be smaller than either stride or dilation, but got "
            "output_padding_height: 2 output_padding_width: 2 stride_height: 2 stride_width: 2 "
            "dilation_height: 1 dilation_width: 1",
        ),
        (
            lambda: F.conv_transpose1d(
                torch.randn(1, 4, 5), torch.randn(4, 3, 3), stride=2, output_padding=2
            ),
            "output padding must be smaller than either stride or dilation, but got "
            "output_padding_height: 0 output_padding_width: 2 stride_height: 1 stride_width: 2 "
            "dilation_height: 1 dilation_width: 1",
        ),
        (
            lambda: F.conv_transpose2d(torch.randn(1, 5, 5, 5), w),
            "Given transposed=1, weight of size [4, 3, 3, 3], expected input[1, 5, 5, 5] to have 4 "
            "channels, but got 5 channels instead",
        ),
        (
            lambda: F.conv_transpose2d(torch.randn(5, 5, 5), w),
            "Given transposed=1, weight of size [4, 3, 3, 3], expected input[1, 5, 5, 5] to have 4 "
            "channels, but got 5 channels instead",
        ),
        (
            lambda: F.conv_transpose2d(x, w, groups=3),
            "Given groups=3, expected weight to be divisible by 3 at dimension 0, but got weight of "
            "size [[4, 3, 3, 3]] instead",
        ),
        (lambda: F.conv_transpose2d(x, w, groups=0), "non-positive groups is not supported"),
        (
            lambda: F.conv_transpose2d(torch.randn(1, 1, 5, 5, 5), w),
            "Expected 3D (unbatched) or 4D (batched) input to conv_transpose2d, but got input of "
            "size: [1, 1, 5, 5, 5]",
        ),
        (
            lambda: F.conv_transpose2d(x, w, torch.randn(4)),
            "Given transposed=1, weight of size [4, 3, 3, 3], expected bias to be 1-dimensional "
            "with 3 elements, but got bias of size [4] instead",
        ),
        (
            lambda: F.conv_transpose2d(torch.randn(1, 4, 1, 1), w, padding=3),
            "Given input size per channel: (1 x 1). Calculated output size per channel: (-3 x -3). "
            "Output size is too small",
        ),
        (
            lambda: F.conv_transpose1d(torch.randn(1, 4, 1), torch.randn(4, 3, 3), padding=3),
            "Given input size per channel: (1 x 1). Calculated output size per channel: (1 x -3). "
            "Output size is too small",
        ),
        (lambda: F.conv_transpose2d(x, w, padding=-1), "negative padding is not supported"),
        (lambda: F.conv_transpose2d(x, w, stride=0), "non-positive stride is not supported"),
        (lambda: F.conv_transpose2d(x, w.double()), "expected scalar type Float but found Double"),
        (
            lambda: F.conv_transpose2d(x, torch.randn(4, 3, 3)),
            "expected stride to be a single integer value or a list of 1 values to match the "
            "convolution dimensions, but got stride=[1, 1]",
        ),
        (
            lambda: F.conv2d(torch.randn(1, 6, 5, 5), torch.randn(4, 2, 3, 3), groups=3),
            "Given groups=3, expected weight to be divisible by 3 at dimension 0, but got weight of "
            "size [[4, 2, 3, 3]] instead",
        ),
    ]
    for fn, text in cases:
        raises(RuntimeError, text, fn)
    raises(
        TypeError,
        "conv_transpose1d(): argument 'padding' must be tuple of ints, not str",
        lambda: F.conv_transpose1d(torch.randn(1, 4, 5), torch.randn(4, 3, 3), padding="same"),
    )


@pytest.mark.parametrize(
    "make, text",
    [  # PyTorch 2.13 reprs
        (
            lambda: nn.ConvTranspose2d(3, 8, 3),
            "ConvTranspose2d(3, 8, kernel_size=(3, 3), stride=(1, 1))",
        ),
        (
            lambda: nn.ConvTranspose2d(
                4,
                8,
                (3, 2),
                stride=2,
                padding=1,
                output_padding=1,
                groups=2,
                bias=False,
                dilation=2,
            ),
            "ConvTranspose2d(4, 8, kernel_size=(3, 2), stride=(2, 2), padding=(1, 1), dilation=(2, 2), "
            "output_padding=(1, 1), groups=2, bias=False)",
        ),
        (
            lambda: nn.ConvTranspose1d(3, 8, 3),
            "ConvTranspose1d(3, 8, kernel_size=(3,), stride=(1,))",
        ),
        (
            lambda: nn.ConvTranspose1d(4, 6, 5, stride=3, padding=2, output_padding=(1,), groups=2),
            "ConvTranspose1d(4, 6, kernel_size=(5,), stride=(3,), padding=(2,), output_padding=(1,), "
            "groups=2)",
        ),
        (
            lambda: nn.Bilinear(3, 4, 5),
            "Bilinear(in1_features=3, in2_features=4, out_features=5, bias=True)",
        ),
        (
            lambda: nn.Bilinear(3, 4, 5, bias=False),
            "Bilinear(in1_features=3, in2_features=4, out_features=5, bias=False)",
        ),
        (lambda: nn.RNNCell(3, 4), "RNNCell(3, 4)"),
        (
            lambda: nn.RNNCell(3, 4, bias=False, nonlinearity="relu"),
            "RNNCell(3, 4, bias=False, nonlinearity=relu)",
        ),
        (lambda: nn.RNNCell(3, 4, nonlinearity="gelu"), "RNNCell(3, 4, nonlinearity=gelu)"),
        (lambda: nn.LSTMCell(3, 4), "LSTMCell(3, 4)"),
        (lambda: nn.LSTMCell(3, 4, bias=False), "LSTMCell(3, 4, bias=False)"),
        (lambda: nn.GRUCell(3, 4), "GRUCell(3, 4)"),
    ],
)
def test_reprs_match_pytorch(make, text):
    assert repr(make()) == text


def test_conv_transpose_module_parameters_init_and_forward(device):
    torch.manual_seed(0)
    m = nn.ConvTranspose2d(4, 6, 3, stride=2, groups=2)
    assert tuple(m.weight.shape) == (4, 3, 3, 3) and tuple(m.bias.shape) == (6,)  # PyTorch
    bound = 1 / math.sqrt(3 * 9)  # fan_in = weight.size(1) * kernel taps
    for p in (m.weight, m.bias):
        assert 0.8 * bound < p.abs().max().item() <= bound
    assert nn.ConvTranspose1d(2, 4, 3, bias=False).bias is None
    m = m.to(device)
    x = torch.randn(2, 4, 5, 5, device=device)
    assert bool((m(x) == F.conv_transpose2d(x, m.weight, m.bias, 2, 0, 0, 2)).all())
    m1 = nn.ConvTranspose1d(2, 3, 3, stride=2, padding=1, output_padding=1).to(device)
    x1 = torch.randn(2, 4, device=device)
    assert bool((m1(x1) == F.conv_transpose1d(x1, m1.weight, m1.bias, 2, 1, 1)).all())


def test_conv_transpose_output_size_like_pytorch():
    m = nn.ConvTranspose2d(2, 3, 3, stride=2)
    x = torch.randn(1, 2, 4, 4)
    assert tuple(m(x, output_size=[10, 10]).shape) == (1, 3, 10, 10)  # PyTorch 2.13
    assert tuple(m(x, output_size=(1, 3, 9, 10)).shape) == (1, 3, 9, 10)
    assert tuple(
        nn.ConvTranspose1d(2, 3, 3, stride=2)(torch.randn(2, 4), output_size=[10]).shape
    ) == (3, 10)
    raises(
        ValueError,
        "requested an output size of [12, 12], but valid sizes range from [9, 9] "
        "to [10, 10] (for an input of torch.Size([4, 4]))",
        lambda: m(x, output_size=[12, 12]),
    )
    raises(
        ValueError,
        "ConvTranspose2D: for 4D input, output_size must have 2 or 4 elements (got 1)",
        lambda: m(x, output_size=[10]),
    )
    raises(
        ValueError,
        'Only "zeros" padding mode is supported for ConvTranspose2d',
        lambda: nn.ConvTranspose2d(4, 6, 3, padding_mode="reflect"),
    )
    raises(
        ValueError,
        "in_channels must be divisible by groups",
        lambda: nn.ConvTranspose2d(4, 6, 3, groups=3),
    )


# --- bilinear ------------------------------------------------------------------------------------
BILINEAR = [  # (input1, input2, bias?, PyTorch 2.13's stats)
    (
        (2, 3),
        (2, 4),
        True,
        [
            (2, 5),
            -7.0858538677,
            124.8788800475,
            -2.5860246156,
            0.7924044021,
            2.6048751866,
            -3.1339181819,
            0.3364128379,
        ],
    ),
    (
        (3,),
        (4,),
        True,
        [
            (5,),
            -3.5082913909,
            120.8277387143,
            -4.0658995145,
            0.5769012807,
            0.798709603,
            -2.8669672238,
            -0.6358894994,
        ],
    ),
    (
        (2, 3, 3),
        (2, 3, 4),
        False,
        [
            (2, 3, 5),
            0.1664204537,
            251.3728798052,
            1.4361542953,
            3.7674056444,
            1.2835298331,
            1.3391440938,
            None,
        ],
    ),
]


def _bilinear_operands(case, device) -> tuple:
    x1 = seq(*case[0], device=device).requires_grad_()
    x2 = seq(*case[1], phase=0.3, device=device).requires_grad_()
    w = seq(5, 3, 4, phase=1.0, device=device).requires_grad_()
    b = seq(5, phase=2.0, device=device).requires_grad_() if case[2] else None
    return x1, x2, w, b


@pytest.mark.parametrize("case", BILINEAR)
def test_bilinear_values_gradients_and_grad_fn_match_pytorch(device, case):
    x1, x2, w, b = _bilinear_operands(case, device)
    out = F.bilinear(x1, x2, w, b)
    assert out.grad_fn.name() == ("AddBackward0" if case[2] else "ViewBackward0")  # PyTorch
    assert_stats(stats(out, x1, x2, w, b), case[3])


def test_bilinear_gradcheck(device):
    inputs = (
        seq(2, 2, device=device),
        seq(2, 3, phase=0.3, device=device),
        seq(2, 2, 3, phase=1.0, device=device),
        seq(2, phase=2.0, device=device),
    )
    inputs = tuple(t.requires_grad_() for t in inputs)
    assert gradcheck(F.bilinear, inputs)
    assert gradgradcheck(F.bilinear, inputs)


def test_bilinear_module_init_and_errors():
    torch.manual_seed(0)
    m = nn.Bilinear(20, 4, 60)
    assert tuple(m.weight.shape) == (60, 20, 4) and tuple(m.bias.shape) == (60,)
    bound = 1 / math.sqrt(20)  # PyTorch: U(-1/sqrt(in1_features), ...) for weight and bias
    for p in (m.weight, m.bias):
        assert 0.8 * bound < p.abs().max().item() <= bound
    assert torch.bilinear is F.bilinear
    b = nn.Bilinear(3, 4, 5)
    cases = [  # PyTorch 2.13 texts
        (
            lambda: b(torch.randn(2, 3), torch.randn(3, 4)),
            "bilinear(): input batch dimensions do not match at dim 0: got 2 and 3",
        ),
        (
            lambda: b(torch.randn(2, 4), torch.randn(2, 4)),
            "bilinear(): input1 size does not match weight size: got 4 but expected 3",
        ),
        (
            lambda: b(torch.randn(2, 3), torch.randn(2, 5)),
            "bilinear(): input2 size does not match weight size: got 5 but expected 4",
        ),
        (
            lambda: b(torch.randn(2, 3), torch.randn(4)),
            "bilinear(): input dimensions do not match: got 2 and 1",
        ),
        (
            lambda: F.bilinear(
                torch.randn(2, 3), torch.randn(2, 4), torch.randn(5, 3, 4), torch.randn(4)
            ),
            "bilinear(): bias size does not match weight size: got 4 but expected 5",
        ),
    ]
    for fn, text in cases:
        raises(RuntimeError, text, fn)


# --- RNN cells -----------------------------------------------------------------------------------
f64 = {"dtype": torch.float64}
CELLS = {  # name: (make, PyTorch 2.13's stats for: no hx, batched hx, unbatched)
    "rnn_tanh": (
        lambda: nn.RNNCell(3, 4, **f64),
        [
            [(2, 4), 2.6871675664, 4.2024278354, 1.7336369488, -0.165265612, 0.0],
            [
                (2, 4),
                1.9746540357,
                4.6066002913,
                1.2510280549,
                -0.1967127563,
                -0.2906646189,
                -1.3250151134,
            ],
            [
                (4,),
                0.7647132012,
                2.7161456084,
                1.0327586575,
                -0.0338004386,
                0.237732969,
                -1.3109460664,
            ],
        ],
    ),
    "rnn_relu_nobias": (
        lambda: nn.RNNCell(3, 4, bias=False, nonlinearity="relu", **f64),
        [
            [(2, 4), 4.3588534159, 3.912949324, 1.8971263854, -0.3251180887, 0.0],
            [
                (2, 4),
                5.1736470076,
                6.9292464626,
                2.3058467997,
                -0.2086587462,
                -0.5785247173,
                -1.6961666719,
            ],
            [
                (4,),
                3.0523599632,
                4.6792374708,
                2.484591339,
                -0.2763334258,
                -0.2825622168,
                -1.54372385,
            ],
        ],
    ),
    "lstm": (
        lambda: nn.LSTMCell(3, 4, **f64),
        [  # stats of cat([h, 2 c], -1)
            [(2, 8), -7.6218510393, 7.2879908546, 2.3963771527, -1.5631831502, 0.0],
            [
                (2, 8),
                -6.7863130441,
                7.2206345884,
                5.2871920426,
                -2.5081550001,
                -1.2079920738,
                3.2415755163,
                -3.1797782182,
            ],
            [
                (8,),
                -1.2105674029,
                1.6455992456,
                0.1740223921,
                0.1501843586,
                -0.6257828836,
                0.1617600867,
                -1.6588540994,
            ],
        ],
    ),
    "gru": (
        lambda: nn.GRUCell(3, 4, **f64),
        [
            [(2, 4), -2.8189404325, 1.4456376683, -1.0527665159, 0.0280961445, 0.0],
            [
                (2, 4),
                -2.4094561373,
                1.4340603385,
                -0.1452039493,
                -0.0450544467,
                -0.3271757771,
                -0.3706546931,
            ],
            [
                (4,),
                -0.4268657867,
                0.3628566628,
                -0.2195756056,
                0.0385797795,
                -0.4481741105,
                -0.4070774623,
            ],
        ],
    ),
}


def _cell_inputs(cell, x_shape, h_shape, device) -> tuple:
    x = seq(*x_shape, device=device).requires_grad_()
    if h_shape is None:
        return x, None, [x]
    h = seq(*h_shape, phase=0.7, device=device).requires_grad_()
    if isinstance(cell, nn.LSTMCell):
        c = seq(*h_shape, phase=0.9, device=device).requires_grad_()
        return x, (h, c), [x, h, c]
    return x, h, [x, h]


@pytest.mark.parametrize("name", CELLS)
def test_cells_match_pytorch(device, name):
    make, expected = CELLS[name]
    for (x_shape, h_shape), want in zip([((2, 3), None), ((2, 3), (2, 4)), ((3,), (4,))], expected):
        cell = fill(make()).to(device)
        x, hx, leaves = _cell_inputs(cell, x_shape, h_shape, device)
        out = cell(x, hx)
        if isinstance(out, tuple):
            out = torch.cat([out[0], out[1] * 2], -1)
        assert_stats(stats(out, *leaves, cell.weight_hh), want)


@pytest.mark.parametrize("name", CELLS)
def test_cells_gradcheck_input_and_state(name):
    cell = fill(CELLS[name][0]())
    x, hx, leaves = _cell_inputs(cell, (2, 3), (2, 4), "cpu")

    def step(x, *states):
        out = cell(x, states if len(states) > 1 else states[0])
        return torch.cat(out, -1) if isinstance(out, tuple) else out

    assert gradcheck(step, tuple(leaves))
    assert gradgradcheck(step, tuple(leaves))


def test_cells_parameters_init_and_grad_fn():
    torch.manual_seed(0)
    shapes = {  # PyTorch 2.13's named_parameters
        nn.RNNCell(3, 4): [(4, 3), (4, 4), (4,), (4,)],
        nn.LSTMCell(3, 4): [(16, 3), (16, 4), (16,), (16,)],
        nn.GRUCell(3, 4, bias=False): [(12, 3), (12, 4)],
    }
    names = ["weight_ih", "weight_hh", "bias_ih", "bias_hh"]
    for cell, want in shapes.items():
        params = list(cell.named_parameters())
        assert [(n, tuple(p.shape)) for n, p in params] == list(zip(names, want))
        largest = max(p.abs().max().item() for _, p in params)
        assert 0.8 * 0.5 < largest <= 0.5  # U(-1/sqrt(4), 1/sqrt(4))
    assert nn.GRUCell(3, 4, bias=False).bias_ih is None
    x = torch.randn(2, 3, requires_grad=True)
    # PyTorch 2.13's grad_fn names; unbatched results are squeezed
    assert nn.RNNCell(3, 4)(x).grad_fn.name() == "TanhBackward0"
    assert nn.RNNCell(3, 4, nonlinearity="relu")(x).grad_fn.name() == "ReluBackward0"
    h, c = nn.LSTMCell(3, 4)(x)
    assert (h.grad_fn.name(), c.grad_fn.name()) == ("MulBackward0", "AddBackward0")
    assert nn.GRUCell(3, 4)(x).grad_fn.name() == "AddBackward0"
    assert nn.GRUCell(3, 4)(x[0]).grad_fn.name() == "SqueezeBackward1"


def test_cells_errors_match_pytorch():
    x = torch.randn(2, 3)
    rnn, lstm, gru = nn.RNNCell(3, 4), nn.LSTMCell(3, 4), nn.GRUCell(3, 4)
    cases = [  # PyTorch 2.13 types and texts
        (
            ValueError,
            lambda: rnn(torch.randn(2, 2, 3)),
            "RNNCell: Expected input to be 1D or 2D, got 3D instead",
        ),
        (
            ValueError,
            lambda: rnn(x, torch.randn(2, 2, 4)),
            "RNNCell: Expected hidden to be 1D or 2D, got 3D instead",
        ),
        (
            RuntimeError,
            lambda: rnn(x, torch.randn(4)),
            "Input batch size 2 doesn't match hidden0 batch size 4",
        ),
        (
            RuntimeError,
            lambda: rnn(torch.randn(3), torch.randn(2, 4)),
            "hidden0 has inconsistent hidden_size: got 2, expected 4",
        ),
        (
            RuntimeError,
            lambda: rnn(torch.randn(2, 5)),
            "input has inconsistent input_size: got 5 expected 3",
        ),
        (
            RuntimeError,
            lambda: rnn(x, torch.randn(2, 5)),
            "hidden0 has inconsistent hidden_size: got 5, expected 4",
        ),
        (
            RuntimeError,
            lambda: rnn(x.double()),
            "mat1 and mat2 must have the same dtype, but got Double and Float",
        ),
        (
            RuntimeError,
            lambda: nn.RNNCell(3, 4, nonlinearity="gelu")(x),
            "Unknown nonlinearity: gelu",
        ),
        (
            ValueError,
            lambda: lstm(torch.randn(2, 2, 3)),
            "LSTMCell: Expected input to be 1D or 2D, got 3D instead",
        ),
        (
            ValueError,
            lambda: lstm(x, (torch.randn(2, 2, 4), torch.randn(2, 2, 4))),
            "LSTMCell: Expected hx[0] to be 1D or 2D, got 3D instead",
        ),
        (
            RuntimeError,
            lambda: lstm(x, (torch.randn(2, 4), torch.randn(2, 5))),
            "hidden1 has inconsistent hidden_size: got 5, expected 4",
        ),
        (
            TypeError,
            lambda: lstm(x, torch.randn(2, 4)),
            "lstm_cell(): argument 'hx' (position 2) must be tuple of Tensors, not Tensor",
        ),
        (
            ValueError,
            lambda: gru(x, torch.randn(2, 2, 4)),
            "GRUCell: Expected hidden to be 1D or 2D, got 3D instead",
        ),
        (
            RuntimeError,
            lambda: gru(x, torch.randn(3, 4)),
            "Input batch size 2 doesn't match hidden0 batch size 3",
        ),
    ]
    for kind, fn, text in cases:
        raises(kind, text, fn)
