"""Complex Python numbers, with no complex dtypes in this project.

Where PyTorch raises for a real tensor (a complex value written into it, `x.mul_(1j)`, a complex
`alpha`), the type and text below were recorded from PyTorch 2.13 (CPU). Where PyTorch would make
a complex tensor (`x * 1j`, `torch.tensor([1j])`), we raise one clear TypeError naming what is
unsupported (README: "Where autograd_nb deliberately differs from PyTorch"), never a wrong dtype,
a silently dropped imaginary part or an internal error. Nothing changes when a call fails."""

from __future__ import annotations

import numpy as np
import pytest

import autograd_nb as torch

NO_COMPLEX = "autograd_nb has no complex dtypes"

# PyTorch 2.13: each of these makes a complex tensor there
WOULD_BE_COMPLEX = {
    "mul": lambda x: x * 1j,
    "rmul": lambda x: 1j * x,
    "add": lambda x: x + (1 + 2j),
    "real-valued complex": lambda x: x * (2 + 0j),
    "div": lambda x: x / 1j,
    "pow": lambda x: x**1j,
    "rpow": lambda x: 1j**x,
    "int tensor": lambda x: x.long() * 1j,
    "numpy scalar": lambda x: x * np.complex128(1j),
    "eq": lambda x: x == 1j,
    "ne": lambda x: x != 1j,
    "torch.eq": lambda x: torch.eq(x, 1j),
    "where": lambda x: torch.where(x > 1, x, 1j),
    "tensor": lambda x: torch.tensor([1j, 2]),
    "tensor 0-dim": lambda x: torch.tensor(1j),
    "as_tensor": lambda x: torch.as_tensor([1 + 1j]),
    "full": lambda x: torch.full((2,), 1j),
    "linspace": lambda x: torch.linspace(0, 1j, 3),
    "numpy array": lambda x: torch.tensor(np.array([1j])),
    "from_numpy": lambda x: torch.from_numpy(np.array([1j])),
}


@pytest.mark.parametrize("name", sorted(WOULD_BE_COMPLEX))
def test_a_complex_result_is_refused_clearly(name):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(TypeError, match=NO_COMPLEX):
        WOULD_BE_COMPLEX[name](x)


# (call, error type, text), recorded from PyTorch 2.13 on float32 [1., 2.] (int64 where named)
REFUSED = {
    "mul_": (lambda x, i: x.mul_(1j), RuntimeError, "result type ComplexFloat can't be cast to the desired output type Float"),
    "iadd": (lambda x, i: x.__iadd__(1j), RuntimeError, "result type ComplexFloat can't be cast to the desired output type Float"),
    "int add_": (lambda x, i: i.add_(1j), RuntimeError, "result type ComplexFloat can't be cast to the desired output type Long"),
    "double pow_": (lambda x, i: x.double().pow_(1j), RuntimeError, "result type ComplexDouble can't be cast to the desired output type Double"),
    "half add_": (lambda x, i: x.half().add_(1j), RuntimeError, "result type ComplexHalf can't be cast to the desired output type Half"),
    "fill_": (lambda x, i: x.fill_(1j), RuntimeError, "value cannot be converted to type float without overflow"),
    "int fill_": (lambda x, i: i.fill_(1j), RuntimeError, "value cannot be converted to type int64_t without overflow"),
    "setitem": (lambda x, i: x.__setitem__(0, 1j), RuntimeError, "value cannot be converted to type float without overflow"),
    "int setitem": (lambda x, i: i.__setitem__(slice(None), 1j), RuntimeError, "value cannot be converted to type int64_t without overflow"),
    "masked_fill_": (lambda x, i: x.masked_fill_(x > 1, 1j), RuntimeError, "value cannot be converted to type float without overflow"),
    "clamp": (lambda x, i: x.clamp(1j), RuntimeError, "value cannot be converted to type double without overflow"),
    "clamp_ max": (lambda x, i: x.clamp_(max=1j), RuntimeError, "value cannot be converted to type double without overflow"),
    "int clamp": (lambda x, i: i.clamp(1j), NotImplementedError, "clamp is not supported for complex types"),
    "full dtype": (lambda x, i: torch.full((2,), 1j, dtype=torch.float32), RuntimeError, "value cannot be converted to type float without overflow"),
    "full_like": (lambda x, i: torch.full_like(x, 1j), RuntimeError, "value cannot be converted to type float without overflow"),
    "new_full int8": (lambda x, i: x.new_full((2,), 1j, dtype=torch.int8), RuntimeError, "value cannot be converted to type int8_t without overflow"),
    "add alpha": (lambda x, i: torch.add(x, x, alpha=1j), RuntimeError, "For non-complex input tensors, argument alpha must not be a complex number."),
    "add_ alpha": (lambda x, i: x.add_(x, alpha=1j), RuntimeError, "For non-complex input tensors, argument alpha must not be a complex number."),
    "lerp": (lambda x, i: torch.lerp(x, x, 1j), RuntimeError, "value cannot be converted to type float without overflow"),
    "addcmul": (lambda x, i: torch.addcmul(x, x, x, value=1j), RuntimeError, "value cannot be converted to type float without overflow"),
    "scatter": (lambda x, i: x.scatter(0, torch.tensor([0]), 1j), RuntimeError, "value cannot be converted to type float without overflow"),
    "index_fill_": (lambda x, i: x.index_fill_(0, torch.tensor([0]), 1 + 0j), RuntimeError, "index_fill_(): Converting complex Scalar to non-complex type is not supported"),
    "constant_": (lambda x, i: torch.nn.init.constant_(x, 1j), RuntimeError, "value cannot be converted to type float without overflow"),
    "arange": (lambda x, i: torch.arange(1j), RuntimeError, "value cannot be converted to type double without overflow"),
    "linspace dtype": (lambda x, i: torch.linspace(0, 1j, 3, dtype=torch.float64), RuntimeError, "torch.linspace(): inferred dtype c10::complex<float> can't be safely cast to passed dtype Double"),
    "logspace dtype": (lambda x, i: torch.logspace(0, 1j, 3, dtype=torch.int64), RuntimeError, "torch.logspace(): inferred dtype c10::complex<float> can't be safely cast to passed dtype Long"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_complex_value_for_a_real_tensor_raises_as_pytorch(name):
    call, error, text = REFUSED[name]
    x, i = torch.tensor([1.0, 2.0]), torch.tensor([1, 2])
    with pytest.raises(error) as caught:
        call(x, i)
    assert str(caught.value) == text
    assert x.tolist() == [1.0, 2.0] and i.tolist() == [1, 2]
    assert x._version == 0 and i._version == 0


def test_a_complex_value_with_no_imaginary_part_is_its_real_part():
    # PyTorch 2.13: fill_(1+0j) and x[0] = 2+0j store the real part; bool takes its truth
    x = torch.tensor([1.0, 2.0])
    x.fill_(1 + 0j)
    assert x.tolist() == [1.0, 1.0]
    x[0] = 2 + 0j
    assert x.tolist() == [2.0, 1.0]
    assert torch.full((2,), 1j, dtype=torch.bool).tolist() == [True, True]
    assert torch.tensor([3.0]).clamp(max=2 + 0j).tolist() == [2.0]


def test_a_complex_value_into_a_tensor_that_requires_grad_is_refused_before_recording():
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    x = w * 1
    with pytest.raises(RuntimeError, match="ComplexFloat can't be cast"):
        x.mul_(1j)
    assert x._version == 0 and x.grad_fn.name() == "MulBackward0"
