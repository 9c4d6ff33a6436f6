"""Tensor storages (storage(), untyped_storage(), storage_offset()), the printed names of
Tensor, Parameter and node classes, dir(tensor), and `grad_fn.apply` of a custom Function; the
expected texts were printed by PyTorch 2.13."""

from __future__ import annotations

import copy
import pickle
import warnings

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import storage as storage_module


def test_views_share_one_storage(device):
    x = torch.arange(6.0, device=device).view(2, 3)
    s = x.untyped_storage()
    assert s is x[1].untyped_storage() is x.t().untyped_storage() is x.detach().untyped_storage()
    assert x.clone().untyped_storage() is not s
    assert s.data_ptr() == x.data_ptr() and x[1].data_ptr() - x.data_ptr() == 12
    assert (x[1].storage_offset(), x.t().storage_offset(), x[:, 1].storage_offset()) == (3, 0, 1)
    assert (s.nbytes(), s.size(), len(s), s.element_size()) == (24, 24, 24, 1)
    assert s.tolist()[:8] == [0, 0, 0, 0, 0, 0, 128, 63] and s[7] == 63
    assert str(s.device) == str(x.device) and s.is_cuda == (device == "cuda")
    assert x.expand(4, 2, 3).untyped_storage().nbytes() == 24
    assert x.expand(4, 2, 3).storage_offset() == 0


def test_typed_storage_values_and_warning():
    storage_module._warned_typed = False
    x = torch.arange(6.0).view(2, 3)
    with pytest.warns(UserWarning, match="^TypedStorage is deprecated"):
        ts = x.storage()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        x.storage()  # once per program, as PyTorch
    assert (ts.dtype, str(ts.device), ts.size(), len(ts), ts.nbytes(), ts.element_size()) == (
        torch.float32,
        "cpu",
        6,
        6,
        24,
        4,
    )
    assert ts.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0] and ts[1] == 1.0
    assert ts.untyped() is x.untyped_storage() and ts.data_ptr() == x.data_ptr()
    y = torch.ones(3)
    storage = y.storage()
    y.add_(1)
    assert storage[0] == 2.0  # the storage is the memory, not a copy


def test_storage_reprs_are_pytorchs():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert repr(torch.tensor([1.5, 2], dtype=torch.float64).storage()) == (
            " 1.5\n 2.0\n[torch.storage.TypedStorage(dtype=torch.float64, device=cpu) of size 2]"
        )
        assert repr(torch.tensor([True]).storage()) == (
            " True\n[torch.storage.TypedStorage(dtype=torch.bool, device=cpu) of size 1]"
        )
        assert repr(torch.tensor([]).storage()) == (
            " \n[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 0]"
        )
    assert repr(torch.tensor([1, 2], dtype=torch.uint8).untyped_storage()) == (
        " 1\n 2\n[torch.storage.UntypedStorage(device=cpu) of size 2]"
    )
    assert repr(type(torch.ones(1).untyped_storage())) == "<class 'torch.storage.UntypedStorage'>"
    assert torch.UntypedStorage is storage_module.UntypedStorage


def test_from_numpy_shares_the_array_storage():
    a = np.arange(4.0)
    t = torch.from_numpy(a)
    assert t.untyped_storage().nbytes() == 32 and t[2:].storage_offset() == 2
    assert t.untyped_storage().data_ptr() == a.ctypes.data


def test_class_names_print_as_pytorchs():
    t = torch.ones(2, requires_grad=True)
    y = (t * 2).sum()
    assert repr(type(t)) == "<class 'torch.Tensor'>" and repr(torch.Tensor) == repr(type(t))
    assert repr(type(y.grad_fn)) == "<class 'SumBackward0'>"
    assert repr(y.grad_fn).startswith("<SumBackward0 object at 0x")
    leaf = y.grad_fn.next_functions[0][0].next_functions[0][0]
    assert repr(type(leaf)) == "<class 'AccumulateGrad'>"
    assert repr(type(torch.nn.Parameter(t))) == "<class 'torch.nn.parameter.Parameter'>"
    assert torch.typename(torch.Tensor) == "torch.Tensor"
    assert repr(type(t.shape)) == "<class 'torch.Size'>"
    assert repr(type(t.dtype)) == "<class 'torch.dtype'>"
    assert repr(type(t.device)) == "<class 'torch.device'>"


def test_classes_shown_as_pytorchs_still_pickle():
    assert pickle.loads(pickle.dumps(torch.Tensor)) is torch.Tensor
    assert pickle.loads(pickle.dumps(torch.nn.Parameter)) is torch.nn.Parameter
    p = pickle.loads(pickle.dumps(torch.nn.Parameter(torch.ones(2))))
    assert type(p) is torch.nn.Parameter and p.requires_grad
    layer = pickle.loads(pickle.dumps(torch.nn.Linear(2, 3)))
    assert layer.weight.shape == (3, 2) and type(layer.weight) is torch.nn.Parameter
    assert type(copy.deepcopy(torch.nn.Linear(2, 3)).bias) is torch.nn.Parameter
    for value in (torch.Size([2, 3]), torch.float64, torch.device("cpu"), torch.device("cuda", 1)):
        assert pickle.loads(pickle.dumps(value)) == value
    assert pickle.loads(pickle.dumps(torch.int8)) is torch.int8


def test_dir_of_a_tensor_looks_like_pytorchs():
    x = torch.ones(1)
    names = dir(x)
    assert names == sorted(names)
    private = [n for n in names if n.startswith("_") and not n.startswith("__")]
    assert private == ["_base", "_grad_fn", "_is_view", "_version"]  # all in PyTorch's dir too
    for name in ("add", "backward", "grad", "requires_grad", "storage", "untyped_storage"):
        assert name in names
    assert "__slots__" not in names and "__add__" in names
    x.note = 1
    assert "note" in dir(x)


class Two(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * b, g * a


class Triple(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 3

    @staticmethod
    def backward(ctx, g):
        return g * 3


def test_custom_function_node_apply_and_names():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([3.0, 4.0], requires_grad=True)
    y = Two.apply(a, b)
    ga, gb = y.grad_fn.apply(torch.ones(2))
    assert ga.tolist() == [3.0, 4.0] and gb.tolist() == [1.0, 2.0]
    assert ga.grad_fn.name() == "MulBackward0"  # as PyTorch: apply runs with grad mode on
    assert repr(type(y.grad_fn)) == "<class 'torch.autograd.function.TwoBackward'>"
    assert repr(y.grad_fn).startswith("<torch.autograd.function.TwoBackward object at 0x")
    assert y.grad_fn.name() == "TwoBackward"
    z = Triple.apply(torch.ones(2, 3, requires_grad=True))
    assert torch.equal(z.grad_fn.apply(torch.ones(2, 3)), torch.full((2, 3), 3.0))


class LinearFunction(torch.autograd.Function):
    """PyTorch's "Extending PyTorch" example: bias defaults to None, backward returns three."""

    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        return output if bias is None else output + bias

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_bias = None if bias is None else grad_output.sum(0)
        return grad_output.mm(weight), grad_output.t().mm(input), grad_bias


class ExtraGradient(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2, torch.ones(1)


def test_extra_trailing_none_gradients_are_accepted():
    inputs = (
        torch.randn(4, 3, dtype=torch.float64, requires_grad=True),
        torch.randn(5, 3, dtype=torch.float64, requires_grad=True),
    )
    assert torch.autograd.gradcheck(LinearFunction.apply, inputs, eps=1e-6, atol=1e-4)
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        ExtraGradient.apply(x).sum().backward()
    assert str(info.value) == (  # PyTorch 2.13's text
        "function ExtraGradientBackward returned an incorrect number of gradients (expected 1, "
        "got 2)"
    )


def _storage_cases():
    x = torch.arange(6.0).view(2, 3)
    return {
        "tensor": torch.tensor([[1.0, 2.0], [3.0, 4.0]]),
        "scalar": torch.tensor(3.0),
        "linspace": torch.linspace(0, 1, 7),
        "eye": torch.eye(3),
        "add": x + 1,
        "sum0": x.sum(0),
        "T": x.T,
        "expand": torch.ones(3).expand(2, 3),
        "slice": x[:, 1:],
        "reshape_nc": x.T.reshape(-1),
        "mm": x @ x.T,
        "cat": torch.cat([x, x]),
        "index": x[[0, 1]],
        "chunk": x.chunk(3, 1)[1],
        "split": torch.arange(10).split(3)[1],
        "select": x[1],
        "narrow": x.narrow(1, 1, 2),
        "diag": torch.diag(x),
    }


# (storage nbytes, storage_offset) that PyTorch 2.13 gives for the same tensors
STORAGE_SIZES = {
    "tensor": (16, 0),
    "scalar": (4, 0),
    "linspace": (28, 0),
    "eye": (36, 0),
    "add": (24, 0),
    "sum0": (12, 0),
    "T": (24, 0),
    "expand": (12, 0),
    "slice": (24, 1),
    "reshape_nc": (24, 0),
    "mm": (16, 0),
    "cat": (48, 0),
    "index": (24, 0),
    "chunk": (24, 1),
    "split": (80, 3),
    "select": (24, 3),
    "narrow": (24, 1),
    "diag": (8, 0),
}


def test_storage_sizes_and_offsets_match_pytorchs():
    cases = _storage_cases()
    got = {k: (t.untyped_storage().nbytes(), t.storage_offset()) for k, t in cases.items()}
    assert got == STORAGE_SIZES
