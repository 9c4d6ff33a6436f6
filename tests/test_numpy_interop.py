"""NumPy values meeting tensors, as PyTorch 2.13 handles them (expected values are its outputs).

NumPy scalars count as Python numbers; `tensor op ndarray` is left to NumPy and wrapped back;
`range` and NumPy arrays index like lists and tensors; integers outside a small integer dtype wrap.
"""

from __future__ import annotations

import numpy as np
import pytest

import autograd_nb as torch


def test_numpy_scalars_are_weak_like_python_numbers():
    x = torch.tensor([1.0, 2.0])
    scaled = x / np.sqrt(2.0)  # np.float64: a float32 tensor stays float32
    assert scaled.dtype is torch.float32
    assert scaled.tolist() == pytest.approx([0.70710678, 1.41421356])
    assert (x * np.int64(3)).tolist() == [3.0, 6.0]
    ints = torch.tensor([1, 2])
    assert (ints + np.int32(1)).dtype is torch.int64
    assert (ints * np.float32(1.5)).dtype is torch.float32
    assert (ints + np.bool_(True)).dtype is torch.float32  # PyTorch reads a NumPy bool as 1.0
    assert x.clamp(min=np.float64(1.5)).dtype is torch.float32
    assert (x ** np.float64(2)).tolist() == [1.0, 4.0]


def test_numpy_scalar_on_the_left_gives_a_tensor():
    x = torch.tensor([1.0, 2.0])
    product = np.float32(0.1) * x  # NumPy defers to the tensor (__array_priority__)
    assert isinstance(product, torch.Tensor) and product.dtype is torch.float32
    power = np.int64(2) ** x
    assert isinstance(power, torch.Tensor) and power.tolist() == [2.0, 4.0]
    w = torch.ones(2)
    w -= np.float32(0.5) * torch.ones(2)  # lr = np.float32(...); w -= lr * grad
    assert w.tolist() == [0.5, 0.5]


def test_gradient_through_a_numpy_scalar():
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    y = w * np.float64(3)
    assert y.grad_fn.name() == "MulBackward0" and y.dtype is torch.float32
    y.sum().backward()
    assert w.grad.tolist() == [3.0, 3.0] and w.grad.dtype is torch.float32


def test_numpy_functions_on_tensors_return_tensors():
    x = torch.tensor([0.0, 1.0])
    e = np.exp(x)
    assert isinstance(e, torch.Tensor) and e.dtype is torch.float32
    assert e.tolist() == pytest.approx([1.0, 2.7182817])
    mask = np.greater(x, 0.5)
    assert mask.dtype is torch.uint8 and mask.tolist() == [0, 1]  # PyTorch's __array_wrap__


def test_tensor_and_ndarray_arithmetic_follows_numpy():
    x = torch.tensor([1.0, 2.0])
    total = x + np.array(2.0)  # NumPy's rule: a float64 array makes it float64
    assert total.dtype is torch.float64 and total.tolist() == [3.0, 4.0]
    assert (x * np.array([2, 2])).dtype is torch.float64
    assert (x / np.ones(2, dtype=np.float32)).dtype is torch.float32
    assert (torch.tensor([1, 2]) + np.array(2)).tolist() == [3, 4]
    with pytest.raises(RuntimeError) as err:
        torch.ones(2, requires_grad=True) + np.ones(2)
    assert str(err.value) == (
        "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
    )


def test_range_and_numpy_arrays_index_like_lists(device):
    x = torch.tensor([1.0, 2.0], device=device)
    assert x[range(2)].tolist() == [1.0, 2.0]
    assert x[np.array([1, 0])].tolist() == [2.0, 1.0]
    assert x[np.array([True, False])].tolist() == [1.0]
    assert x[np.int64(1)].item() == 2.0
    log_probs = torch.tensor([[-1.0, -2.0], [-3.0, -4.0]], device=device, requires_grad=True)
    target = torch.tensor([1, 0], device=device)
    picked = log_probs[range(target.shape[0]), target]  # "What is torch.nn really?"'s nll
    assert picked.tolist() == [-2.0, -3.0] and picked.grad_fn.name() == "IndexBackward0"
    (-picked.mean()).backward()
    assert log_probs.grad.tolist() == [[0.0, -0.5], [-0.5, 0.0]]
    assert log_probs[np.arange(2), np.array([1, 0])].tolist() == [-2.0, -3.0]


def test_setitem_with_range_and_numpy_keys(device):
    x = torch.zeros(3, device=device)
    x[np.array([True, False, True])] = 5.0
    x[range(2)] = torch.tensor([8.0, 9.0], device=device)
    x[np.int64(2)] = np.float32(7.0)
    assert x.tolist() == [8.0, 9.0, 7.0]
    with pytest.raises(TypeError) as err:
        x[:] = np.array([1.0, 2.0, 3.0])
    assert str(err.value) == f"can't assign a numpy.ndarray to a {x.type()}"


def test_python_ints_wrap_into_small_integer_dtypes():
    u8 = torch.tensor([1], dtype=torch.uint8)
    assert (u8 + 300).tolist() == [45] and (u8 + 300).dtype is torch.uint8
    assert (300 + u8).tolist() == [45]
    assert (u8 - 2).tolist() == [255]
    assert (torch.tensor([1], dtype=torch.int8) * 1000).tolist() == [-24]
    assert (torch.tensor([100], dtype=torch.uint8) < 300).tolist() == [False]  # 300 -> 44
    assert (torch.tensor([1]) + 2**63).tolist() == [-(2**63) + 1]
    in_place = torch.tensor([1], dtype=torch.uint8)
    in_place += 300
    assert in_place.tolist() == [45]
    with pytest.raises(OverflowError, match="int too big to convert"):
        u8 + 2**70
