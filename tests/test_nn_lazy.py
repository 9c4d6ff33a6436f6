"""Lazy modules and uninitialized parameters: reprs, errors, state_dict, optimizers and the
class change after the first forward, with texts recorded from PyTorch 2.13."""

from __future__ import annotations

import copy
import pickle

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
from autograd_nb.nn.parameter import UninitializedBuffer, UninitializedParameter, is_lazy

USE_ERROR_TAIL = (
    "This error happens when you are using a `LazyModule` or explicitly manipulating "
    "`torch.nn.parameter.UninitializedParameter` objects. When using LazyModules Call `forward` "
    "with a dummy batch to initialize the parameters before calling torch functions"
)
SHAPE_ERROR = (
    "Can't access the shape of an uninitialized parameter or buffer. This error usually happens "
    "in `load_state_dict` when trying to load an uninitialized parameter into an initialized one. "
    "Call `forward` to initialize the parameters before accessing their attributes."
)


def test_d2l_lazy_initialization():
    """Dive into Deep Learning, builders' guide, "Lazy Initialization" (PyTorch's output)."""
    net = nn.Sequential(nn.LazyLinear(256), nn.ReLU(), nn.LazyLinear(10))
    assert repr(net) == (
        "Sequential(\n"
        "  (0): LazyLinear(in_features=0, out_features=256, bias=True)\n"
        "  (1): ReLU()\n"
        "  (2): LazyLinear(in_features=0, out_features=10, bias=True)\n"
        ")"
    )
    assert repr(net[0].weight) == "<UninitializedParameter>"
    assert net[0].has_uninitialized_params()
    assert [type(p).__name__ for p in net.parameters()] == ["UninitializedParameter"] * 4
    net(torch.rand(2, 20))
    assert net[0].weight.shape == (256, 20)
    assert type(net[0]) is nn.Linear and type(net[0].weight) is nn.Parameter
    assert repr(net[2]) == "Linear(in_features=256, out_features=10, bias=True)"
    assert not net[0]._forward_pre_hooks  # the initializing hook removed itself
    assert net[0].in_features == 20
    bound = 1 / 20**0.5  # Linear's default initialisation ran on the materialized weight
    weight = net[0].weight.detach()
    assert float(weight.abs().max()) <= bound and float(weight.std()) > 0


def test_d2l_apply_init_after_dummy_forward():
    """The builders' guide's `apply_init`: a dummy forward, then `net.apply(init_fn)`."""

    def init_normal(module):
        if type(module) is nn.Linear:
            nn.init.normal_(module.weight, mean=0, std=0.01)
            nn.init.zeros_(module.bias)

    net = nn.Sequential(nn.LazyLinear(8), nn.ReLU(), nn.LazyLinear(1))
    net(torch.rand(2, 4))
    net.apply(init_normal)
    assert net[2].weight.shape == (1, 8) and float(net[2].bias.detach().abs().sum()) == 0


def test_uninitialized_parameter_use_and_shape_errors():
    weight = nn.LazyLinear(3).weight
    with pytest.raises(ValueError) as info:
        weight + 1
    assert str(info.value).startswith("Attempted to use an uninitialized parameter in ")
    assert str(info.value).endswith(USE_ERROR_TAIL)
    with pytest.raises(ValueError, match="uninitialized parameter"):
        torch.matmul(torch.ones(2, 3), weight)
    with pytest.raises(RuntimeError) as info:
        _ = weight.shape
    assert str(info.value) == SHAPE_ERROR
    assert (weight.dtype, str(weight.device), weight.requires_grad, weight.is_leaf) == (
        torch.float32,
        "cpu",
        True,
        True,
    )
    assert isinstance(weight, nn.Parameter) and is_lazy(weight)


def test_uninitialized_classes_and_materialize():
    p = UninitializedParameter(requires_grad=False, dtype=torch.float64)
    assert (repr(p), p.dtype, p.requires_grad) == ("<UninitializedParameter>", torch.float64, False)
    assert UninitializedParameter.cls_to_become is nn.Parameter
    assert nn.UninitializedParameter is UninitializedParameter
    assert repr(UninitializedParameter) == "<class 'torch.nn.parameter.UninitializedParameter'>"
    p.materialize((2, 3))
    assert type(p) is nn.Parameter and p.shape == (2, 3) and p.dtype == torch.float64
    assert not is_lazy(p)
    b = UninitializedBuffer()
    assert repr(b) == "<UninitializedBuffer>"
    b.materialize(4)
    assert type(b) is torch.Tensor and b.shape == (4,)


def test_optimizer_built_before_the_first_forward_trains_the_materialized_parameters():
    net = nn.Sequential(nn.LazyLinear(1))
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    x, y = torch.ones(4, 3), torch.zeros(4, 1)
    loss = ((net(x) - y) ** 2).mean()
    before = net[0].weight.detach().clone()
    loss.backward()
    opt.step()
    assert opt.param_groups[0]["params"][0] is net[0].weight
    assert not torch.equal(before, net[0].weight.detach())


def test_partly_materialized_module_is_still_lazy():
    layer = nn.LazyLinear(3)
    layer.weight.materialize((3, 4))
    assert type(layer.weight) is nn.Parameter and layer.has_uninitialized_params()
    assert type(layer) is nn.LazyLinear


def test_state_dict_hands_out_placeholders_and_load_materializes():
    lazy = nn.Sequential(nn.LazyLinear(5), nn.ReLU(), nn.LazyLinear(2))
    sd = lazy.state_dict()
    assert list(sd) == ["0.weight", "0.bias", "2.weight", "2.bias"]
    assert all(type(v) is UninitializedParameter for v in sd.values())
    lazy(torch.rand(3, 7))
    fresh = nn.Sequential(nn.LazyLinear(5), nn.ReLU(), nn.LazyLinear(2))
    result = fresh.load_state_dict(lazy.state_dict())
    assert result.missing_keys == [] and result.unexpected_keys == []
    assert type(fresh[0]) is nn.LazyLinear  # the class changes at the first forward only
    assert torch.equal(fresh[0].weight, lazy[0].weight)
    x = torch.rand(3, 7)
    assert torch.equal(fresh(x), lazy(x)) and type(fresh[0]) is nn.Linear
    other = nn.LazyLinear(5)
    assert other.load_state_dict(nn.LazyLinear(5).state_dict()).missing_keys == []
    assert other.has_uninitialized_params()
    with pytest.raises(RuntimeError, match="Can't access the shape"):
        nn.Linear(3, 2).load_state_dict(nn.LazyLinear(2).state_dict())


def test_conversions_keep_placeholders():
    layer = nn.LazyLinear(3)
    layer.to(torch.float64)
    assert repr(layer.weight) == "<UninitializedParameter>" and layer.weight.dtype == torch.float64
    layer.float().double()
    layer(torch.ones(1, 2, dtype=torch.float64))
    assert layer.weight.dtype == torch.float64 and layer.weight.shape == (3, 2)


def test_copies_of_a_lazy_module():
    layer = nn.LazyLinear(3)
    clone = copy.deepcopy(layer)
    assert repr(clone) == "LazyLinear(in_features=0, out_features=3, bias=True)"
    assert is_lazy(clone.weight) and clone.weight is not layer.weight
    assert repr(pickle.loads(pickle.dumps(layer.weight))) == "<UninitializedParameter>"


LAZY_REPRS = [  # PyTorch 2.13, before and after a forward on an input of the shape given
    (
        lambda: nn.LazyConv2d(4, 3),
        (1, 2, 5, 5),
        "LazyConv2d(0, 4, kernel_size=(3, 3), stride=(1, 1))",
        "Conv2d(2, 4, kernel_size=(3, 3), stride=(1, 1))",
    ),
    (
        lambda: nn.LazyConv1d(4, 3, bias=False),
        (2, 6, 9),
        "LazyConv1d(0, 4, kernel_size=(3,), stride=(1,), bias=False)",
        "Conv1d(6, 4, kernel_size=(3,), stride=(1,), bias=False)",
    ),
    (
        lambda: nn.LazyConv3d(2, 1),
        (3, 4, 4, 4),
        "LazyConv3d(0, 2, kernel_size=(1, 1, 1), stride=(1, 1, 1))",
        "Conv3d(3, 2, kernel_size=(1, 1, 1), stride=(1, 1, 1))",
    ),
    (
        lambda: nn.LazyConvTranspose2d(4, 3),
        (1, 2, 5, 5),
        "LazyConvTranspose2d(0, 4, kernel_size=(3, 3), stride=(1, 1))",
        "ConvTranspose2d(2, 4, kernel_size=(3, 3), stride=(1, 1))",
    ),
    (
        lambda: nn.LazyConvTranspose1d(4, 2, stride=2),
        (1, 3, 5),
        "LazyConvTranspose1d(0, 4, kernel_size=(2,), stride=(2,))",
        "ConvTranspose1d(3, 4, kernel_size=(2,), stride=(2,))",
    ),
    (
        lambda: nn.LazyBatchNorm1d(),
        (4, 3),
        "LazyBatchNorm1d(0, eps=1e-05, momentum=0.1, affine=True, bias=True, "
        "track_running_stats=True)",
        "BatchNorm1d(3, eps=1e-05, momentum=0.1, affine=True, bias=True, track_running_stats=True)",
    ),
    (
        lambda: nn.LazyBatchNorm2d(affine=False),
        (2, 3, 4, 4),
        "LazyBatchNorm2d(0, eps=1e-05, momentum=0.1, affine=False, bias=False, "
        "track_running_stats=True)",
        "BatchNorm2d(3, eps=1e-05, momentum=0.1, affine=False, bias=False, "
        "track_running_stats=True)",
    ),
    (
        lambda: nn.LazyBatchNorm3d(),
        (2, 3, 2, 2, 2),
        "LazyBatchNorm3d(0, eps=1e-05, momentum=0.1, affine=True, bias=True, "
        "track_running_stats=True)",
        "BatchNorm3d(3, eps=1e-05, momentum=0.1, affine=True, bias=True, track_running_stats=True)",
    ),
    (
        lambda: nn.LazyInstanceNorm2d(),
        (2, 3, 4, 4),
        "LazyInstanceNorm2d(0, eps=1e-05, momentum=0.1, affine=True, bias=True, "
        "track_running_stats=True)",
        "InstanceNorm2d(3, eps=1e-05, momentum=0.1, affine=True, bias=True, "
        "track_running_stats=True)",
    ),
]


@pytest.mark.parametrize("make,shape,before,after", LAZY_REPRS)
def test_lazy_layers_become_their_eager_class(make, shape, before, after):
    layer = make()
    assert repr(layer) == before
    layer(torch.rand(*shape))
    assert repr(layer) == after
    assert type(layer).__name__ == after.split("(")[0]
    assert not any(is_lazy(t) for t in [*layer.parameters(), *layer.buffers()])


def test_instance_norm_3d_and_its_lazy_class():
    assert repr(nn.InstanceNorm3d(3)) == (
        "InstanceNorm3d(3, eps=1e-05, momentum=0.1, affine=False, bias=False, "
        "track_running_stats=False)"
    )
    with pytest.raises(ValueError, match="^expected 4D or 5D input \\(got 3D input\\)$"):
        nn.InstanceNorm3d(3)(torch.ones(2, 3, 4))
    layer = nn.LazyInstanceNorm3d()
    assert repr(layer) == (
        "LazyInstanceNorm3d(0, eps=1e-05, momentum=0.1, affine=True, bias=True, "
        "track_running_stats=True)"
    )
    x = torch.randn(2, 3, 2, 3, 2, dtype=torch.float64)
    y = layer.double()(x)
    assert type(layer) is nn.InstanceNorm3d and layer.num_features == 3
    flat = y.reshape(2, 3, -1)
    assert torch.allclose(flat.mean(-1), torch.zeros(2, 3, dtype=torch.float64), atol=1e-12)
    assert torch.allclose(
        flat.var(-1, unbiased=False), torch.ones(2, 3, dtype=torch.float64), atol=1e-4
    )


def test_lazy_batchnorm_buffers():
    bn = nn.LazyBatchNorm1d()
    assert repr(bn.running_mean) == "<UninitializedBuffer>"
    assert [(k, repr(v)) for k, v in bn.state_dict().items()] == [
        ("weight", "<UninitializedParameter>"),
        ("bias", "<UninitializedParameter>"),
        ("running_mean", "<UninitializedBuffer>"),
        ("running_var", "<UninitializedBuffer>"),
        ("num_batches_tracked", "tensor(0)"),
    ]
    bn(torch.rand(4, 3))
    assert bn.running_mean.shape == (3,) and int(bn.num_batches_tracked) == 1
    assert torch.equal(bn.weight, torch.ones(3)) and torch.equal(bn.bias, torch.zeros(3))


def test_lazy_conv_input_errors():
    with pytest.raises(RuntimeError) as info:
        nn.LazyConv2d(4, 3)(torch.ones(2, 3))
    assert str(info.value) == (
        "Expected 3D (unbatched) or 4D (batched) input to LazyConv2d, but got input of size: "
        "torch.Size([2, 3])"
    )
    with pytest.raises(ValueError, match="^in_channels must be divisible by groups$"):
        nn.LazyConv2d(4, 3, groups=2)(torch.ones(1, 3, 5, 5))
