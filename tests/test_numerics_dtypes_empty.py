"""Training numerics as PyTorch 2.13 gives them: a float16 input through a float32 BatchNorm
(computed in float32, returned as float16), an empty batch through convolutions, BatchNorm and
pooling, and the optimizers' scalar state under set_default_dtype(torch.float64). Expected values
were printed by PyTorch 2.13 for the same code."""

import pytest

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.nn import functional as F


def _close(got, want, tol):
    assert len(got) == len(want)
    for g_row, w_row in zip(got, want):
        assert g_row == pytest.approx(w_row, abs=tol)


def test_a_half_input_through_a_float32_batchnorm_comes_out_half():
    x = torch.tensor([[1.0, 2.0], [3.0, 5.0], [0.0, -1.0]]).half()
    bn = nn.BatchNorm1d(2)
    with torch.no_grad():
        bn.weight.copy_(torch.tensor([2.0, 0.5]))
        bn.bias.copy_(torch.tensor([0.1, -0.2]))
    y = bn(x)
    assert y.dtype == torch.float16 and bn.running_mean.dtype == torch.float32
    # PyTorch 2.13
    _close(y.tolist(), [[-0.4345703125, -0.199951171875], [2.7734375, 0.412353515625], [-2.037109375, -0.8125]], 2e-3)  # fmt: skip
    assert bn.running_mean.tolist() == pytest.approx([0.13333334, 0.2], abs=1e-6)
    assert bn.running_var.tolist() == pytest.approx([1.1333333, 1.8], abs=1e-6)
    bn.eval()
    y = bn(x)
    assert y.dtype == torch.float16
    _close(y.tolist(), [[1.728515625, 0.470703125], [5.484375, 1.5888671875], [-0.1505126953125, -0.64697265625]], 2e-3)  # fmt: skip
    bn.train()
    x.requires_grad_()
    bn(x).pow(2).sum().backward()
    assert x.grad.dtype == torch.float16 and bn.weight.grad.dtype == torch.float32
    assert bn.weight.grad.tolist() == pytest.approx(
        [12.00009536743164, 3.0002636909484863], rel=1e-3
    )
    assert (
        F.batch_norm(x.detach(), torch.zeros(2), torch.ones(2), training=True).dtype
        == torch.float16
    )


@pytest.mark.parametrize(
    "module, shape, out_shape",
    [
        (nn.Conv2d(3, 4, 3, padding=1), (0, 3, 5, 5), (0, 4, 5, 5)),
        (nn.Conv1d(3, 4, 3), (0, 3, 6), (0, 4, 4)),
        (nn.Conv2d(4, 4, 3, groups=2), (0, 4, 5, 5), (0, 4, 3, 3)),
        (nn.ConvTranspose2d(3, 4, 3), (0, 3, 4, 4), (0, 4, 6, 6)),
    ],
)
def test_an_empty_batch_through_a_convolution(module, shape, out_shape):
    x = torch.randn(shape, requires_grad=True)
    y = module(x)
    assert tuple(y.shape) == out_shape  # PyTorch 2.13
    y.sum().backward()
    assert x.grad.shape == x.shape and module.weight.grad.abs().sum().item() == 0.0


def test_an_empty_batch_through_batchnorm_keeps_its_running_statistics():
    bn = nn.BatchNorm2d(3)
    x = torch.randn(0, 3, 4, 4, requires_grad=True)
    y = bn(x)
    assert y.shape == (0, 3, 4, 4)
    # PyTorch 2.13: the statistics untouched, the batch counted
    assert bn.running_mean.tolist() == [0.0, 0.0, 0.0] and bn.running_var.tolist() == [1.0] * 3
    assert bn.num_batches_tracked.item() == 1
    y.sum().backward()
    assert x.grad.shape == x.shape
    bn.eval()
    assert bn(torch.randn(0, 3, 4, 4)).shape == (0, 3, 4, 4)
    one = nn.BatchNorm1d(3)
    with pytest.raises(ValueError, match="^Expected more than 1 value per channel when training"):
        one(torch.randn(1, 3))  # one value per channel is still PyTorch's error


def test_pooling_takes_an_empty_batch_but_not_empty_images():
    x = torch.randn(0, 3, 4, 4)
    assert F.max_pool2d(x, 2).shape == (0, 3, 2, 2) and F.avg_pool2d(x, 2).shape == (0, 3, 2, 2)
    assert nn.MaxPool2d(2)(x).shape == (0, 3, 2, 2)
    for shape in [(2, 0, 4, 4), (0, 4, 4), (2, 3, 0, 4)]:
        with pytest.raises(RuntimeError) as info:
            F.max_pool2d(torch.randn(shape), 2)
        assert str(info.value) == (  # PyTorch 2.13
            "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, "
            f"but got:{list(shape)}"
        )


# PyTorch 2.13 under set_default_dtype(torch.float64): every scalar state is float64
SCALARS = {
    torch.optim.Adam: ["step"],
    torch.optim.AdamW: ["step"],
    torch.optim.RMSprop: ["step"],
    torch.optim.Adagrad: ["step"],
    torch.optim.Adamax: ["step"],
    torch.optim.NAdam: ["step", "mu_product"],
    torch.optim.RAdam: ["step"],
    torch.optim.Adadelta: ["step"],
    torch.optim.ASGD: ["step", "eta", "mu"],
    torch.optim.Rprop: ["step"],
}


@pytest.mark.parametrize("optimizer", list(SCALARS), ids=lambda cls: cls.__name__)
def test_scalar_state_follows_a_float64_default_dtype(optimizer):
    previous = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        p = nn.Parameter(torch.ones(2, dtype=torch.float32))
        opt = optimizer([p], lr=0.1)
        p.grad = torch.ones(2, dtype=torch.float32)
        opt.step()
    finally:
        torch.set_default_dtype(previous)
    for name in SCALARS[optimizer]:
        assert opt.state[p][name].dtype == torch.float64, name
    p32 = nn.Parameter(torch.ones(2))
    opt = optimizer([p32], lr=0.1)
    p32.grad = torch.ones(2)
    opt.step()
    assert opt.state[p32]["step"].dtype == torch.float32  # the float32 default: float32


def test_layer_and_group_norm_of_a_half_input_with_float32_parameters_come_out_half():
    x = torch.randn(4, 3, 5).half()
    assert nn.LayerNorm(5)(x).dtype == torch.float16  # PyTorch 2.13
    assert nn.GroupNorm(1, 3)(x).dtype == torch.float16
    assert nn.InstanceNorm1d(3, affine=True)(x).dtype == torch.float16
    y = torch.randn(2, 3).half()
    cases = [  # (weight, bias) -> PyTorch 2.13's error, or None for a half result
        ((torch.ones(3), torch.zeros(3)), None),
        (
            (torch.ones(3).double(), torch.zeros(3)),
            "mixed dtype (CPU): expect parameter to have scalar type of Float",
        ),  # fmt: skip
        ((torch.ones(3).half(), torch.zeros(3)), "expected scalar type Half but found Float"),
        (
            (torch.ones(3), torch.zeros(3).half()),
            "mixed dtype (CPU): expect parameter to have scalar type of Float",
        ),  # fmt: skip
    ]
    for (weight, bias), expected in cases:
        if expected is None:
            assert F.layer_norm(y, (3,), weight, bias).dtype == torch.float16
            continue
        with pytest.raises(RuntimeError) as info:
            F.layer_norm(y, (3,), weight, bias)
        assert str(info.value) == expected
    with pytest.raises(RuntimeError, match="^expected scalar type Half but found Float$"):
        F.group_norm(y.view(2, 3, 1), 3, torch.ones(3).half(), torch.zeros(3))


def test_an_empty_batch_through_the_other_layers():
    e = torch.randn(0, 3, 5)
    assert nn.LayerNorm(5)(e).shape == (0, 3, 5)  # PyTorch 2.13, each
    assert nn.GroupNorm(1, 3)(e).shape == (0, 3, 5)
    assert nn.InstanceNorm1d(3)(e).shape == (0, 3, 5)
    assert nn.LSTM(5, 2, batch_first=True)(torch.randn(0, 4, 5))[0].shape == (0, 4, 2)
    assert nn.MaxPool1d(2)(e).shape == (0, 3, 2) and nn.AvgPool1d(2)(e).shape == (0, 3, 2)
    assert nn.Conv3d(3, 2, 1)(torch.randn(0, 3, 2, 2, 2)).shape == (0, 2, 2, 2, 2)
    assert nn.BatchNorm3d(3)(torch.randn(0, 3, 2, 2, 2)).shape == (0, 3, 2, 2, 2)
    assert nn.ConvTranspose1d(3, 2, 2)(e).shape == (0, 2, 6)
    assert nn.AdaptiveAvgPool2d(1)(torch.randn(0, 3, 4, 4)).shape == (0, 3, 1, 1)
