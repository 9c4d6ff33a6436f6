"""Reading by index: x[...], gather, scatter, index_select, masks, nonzero.

grad_fn names, result shapes and error texts are golden values checked with PyTorch 2.13.
"""

from __future__ import annotations

import math

import pytest
from test_shape import _chain, _x, check_error

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from tests import _op_fixes as op_fixes
from tests._recorded import check_recorded


def _long(values, device):
    return torch.tensor(values, device=device)


# --- grad_fn chains and shapes as PyTorch 2.13 builds them --------------------------------------

CHAINS = [
    (lambda x: x[0], ["SelectBackward0"], (4,)),
    (lambda x: x[-1], ["SelectBackward0"], (4,)),
    (lambda x: x[1:], ["SliceBackward0"], (2, 4)),
    (lambda x: x[:], ["SliceBackward0"], (3, 4)),
    (lambda x: x[::2], ["SliceBackward0"], (2, 4)),
    (lambda x: x[:10], ["SliceBackward0"], (3, 4)),
    (lambda x: x[0, 1:], ["SliceBackward0", "SelectBackward0"], (3,)),
    (lambda x: x[:, 1], ["SelectBackward0"], (3,)),
    (lambda x: x[0:3, 1], ["SelectBackward0"], (3,)),
    (lambda x: x[:, :2], ["SliceBackward0"], (3, 2)),
    (lambda x: x[:, :], ["AliasBackward0"], (3, 4)),
    (lambda x: x[...], ["AliasBackward0"], (3, 4)),
    (lambda x: x[()], ["AliasBackward0"], (3, 4)),
    (lambda x: x[..., 1], ["SelectBackward0"], (3,)),
    (lambda x: x[None], ["UnsqueezeBackward0"], (1, 3, 4)),
    (lambda x: x[:, None], ["UnsqueezeBackward0"], (3, 1, 4)),
    (lambda x: x[..., None], ["UnsqueezeBackward0"], (3, 4, 1)),
    (lambda x: x[None, 0], ["SelectBackward0", "UnsqueezeBackward0"], (1, 4)),
    (lambda x: x[0, 0], ["SelectBackward0", "SelectBackward0"], ()),
    (lambda x: x[torch.tensor(1)], ["SelectBackward0"], (4,)),
    (lambda x: x[[0, 1]], ["IndexBackward0"], (2, 4)),
    (lambda x: x[x > 0.5], ["IndexBackward0"], (6,)),
    (lambda x: x[0, [0, 1]], ["IndexBackward0", "SelectBackward0"], (2,)),
    (lambda x: x[1:, [0, 1]], ["IndexBackward0", "SliceBackward0"], (2, 2)),
    (lambda x: x[True], ["IndexBackward0", "UnsqueezeBackward0"], (1, 3, 4)),
    (lambda x: x[False], ["IndexBackward0", "UnsqueezeBackward0"], (0, 3, 4)),
    (lambda x: x.gather(1, torch.tensor([[0], [1], [2]])), ["GatherBackward0"], (3, 1)),
    (lambda x: x.index_select(0, torch.tensor([0, 2])), ["IndexSelectBackward0"], (2, 4)),
    (lambda x: x.scatter(1, torch.tensor([[0], [1], [2]]), 1.0), ["ScatterBackward1"], (3, 4)),
    (lambda x: x.scatter(1, torch.tensor([[0], [1], [2]]), x), ["ScatterBackward0"], (3, 4)),
    (lambda x: x.scatter_add(1, torch.tensor([[0], [1], [2]]), x), ["ScatterAddBackward0"], (3, 4)),
    (lambda x: x.masked_fill(x > 0.5, 0.0), ["MaskedFillBackward0"], (3, 4)),
    (lambda x: x.masked_fill(x > 0.5, torch.tensor(0.0)), ["MaskedFillBackward1"], (3, 4)),
    (lambda x: x.masked_select(x > 0.5), ["MaskedSelectBackward0"], (6,)),
    (
        lambda x: x.take_along_dim(torch.tensor([[0], [1], [2]]), 1),
        ["GatherBackward0", "ExpandBackward0"],
        (3, 1),
    ),
]


@pytest.mark.parametrize("fn,names,shape", CHAINS)
def test_grad_fn_chain(fn, names, shape):
    x = torch.arange(12.0).reshape(3, 4).div(11).requires_grad_()
    out = fn(x)
    assert _chain(out) == names
    assert tuple(out.shape) == shape


def test_saved_index_attributes():
    x = torch.randn(3, 4, requires_grad=True)
    fn = x[:, [0, 1]].grad_fn  # PyTorch 2.13: (None, tensor([0, 1]))
    assert fn._saved_indices[0] is None and fn._saved_indices[1].tolist() == [0, 1]
    assert fn._saved_self_sym_sizes == (3, 4)
    fn = x[0].grad_fn
    assert (fn._saved_dim, fn._saved_index, fn._saved_self_sym_sizes) == (0, 0, (3, 4))
    fn = x[:, ::2].grad_fn
    assert (fn._saved_dim, fn._saved_start, fn._saved_end, fn._saved_step) == (
        1,
        0,
        9223372036854775807,
        2,
    )


# --- values --------------------------------------------------------------------------------------


def test_values(device):
    x = torch.arange(12, device=device).reshape(3, 4)
    assert x[1].tolist() == [4, 5, 6, 7]
    assert x[-1, -2].item() == 10
    assert x[:, 1::2].tolist() == [[1, 3], [5, 7], [9, 11]]
    assert x[5:10].shape == (0, 4)
    assert x[[0, 1], [1, 2]].tolist() == [1, 6]
    assert x[[2, 0, 2]].tolist() == [[8, 9, 10, 11], [0, 1, 2, 3], [8, 9, 10, 11]]
    assert x[_long([-1], device)].tolist() == [[8, 9, 10, 11]]
    assert x[x > 8].tolist() == [9, 10, 11]
    assert x[[True, False, True]].tolist() == [[0, 1, 2, 3], [8, 9, 10, 11]]
    assert x[torch.tensor([True, False, True], device=device), 1:].tolist() == [
        [1, 2, 3],
        [9, 10, 11],
    ]
    assert x[[]].shape == (0, 4)
    assert x[torch.tensor([0, 1], dtype=torch.int32, device=device)].shape == (2, 4)
    assert x[..., None, 0].shape == (3, 1)
    assert x[(0, 1)].item() == 1


def test_advanced_index_placement(device):
    """Index results go in place when the indexed dims are adjacent, else first (PyTorch)."""
    z = torch.zeros(2, 3, 4, 5, device=device)
    assert z[[0, 1], :, [0, 1]].shape == (2, 3, 5)
    assert z[:, [0, 1], [0, 1]].shape == (2, 2, 5)
    assert z[0, :, [0, 1]].shape == (3, 2, 5)
    assert z[:, [0, 1], :, 0].shape == (2, 2, 4)
    assert z[:, [[0, 1], [1, 2]]].shape == (2, 2, 2, 4, 5)


def test_iteration_and_len(device):
    x = torch.arange(6, device=device).reshape(3, 2)
    assert len(x) == 3
    assert [row.tolist() for row in x] == [[0, 1], [2, 3], [4, 5]]


def test_gather_scatter_values(device):
    x = torch.arange(12.0, device=device).reshape(3, 4)
    idx = _long([[0, 3], [1, 1], [2, 0]], device)
    assert x.gather(1, idx).tolist() == [[0, 3], [5, 5], [10, 8]]
    assert x.gather(0, _long([[2, 1, 0, 0]], device)).tolist() == [[8, 5, 2, 3]]
    assert torch.zeros(3, 4, device=device).scatter(1, idx[:, :1], 7.0).tolist() == [
        [7, 0, 0, 0],
        [0, 7, 0, 0],
        [0, 0, 7, 0],
    ]
    ones = torch.ones(3, 2, device=device)
    assert torch.zeros(3, 4, device=device).scatter_add(1, idx, ones).tolist() == [
        [1, 0, 0, 1],
        [0, 2, 0, 0],
        [1, 0, 1, 0],
    ]
    assert x.index_select(1, _long([3, 0], device)).tolist() == [[3, 0], [7, 4], [11, 8]]
    assert x.masked_fill(x > 9, -1.0).tolist()[2] == [8, 9, -1, -1]
    assert x.masked_select(torch.tensor([True, False, False, True], device=device)).tolist() == [
        0,
        3,
        4,
        7,
        8,
        11,
    ]
    assert x.take_along_dim(_long([[1], [0], [3]], device), 1).tolist() == [[1], [4], [11]]


def test_scatter_with_a_0d_index_writes_one_element(device):
    label = torch.tensor(2, device=device)  # the one-hot target transform of PyTorch's tutorial
    one_hot = torch.zeros(4, device=device).scatter_(0, label, value=1)
    assert one_hot.tolist() == [0.0, 0.0, 1.0, 0.0]
    src = torch.tensor(5.0, device=device, requires_grad=True)
    out = torch.zeros(4, device=device).scatter(0, label, src)
    assert out.tolist() == [0.0, 0.0, 5.0, 0.0]
    out.sum().backward()
    assert src.grad.item() == 1.0
    added = torch.ones(4, device=device).scatter_add(0, label, torch.tensor(3.0, device=device))
    assert added.tolist() == [1.0, 1.0, 4.0, 1.0]


def test_nonzero(device):
    x = torch.tensor([[0, 1], [2, 0]], device=device)
    assert x.nonzero().tolist() == [[0, 1], [1, 0]]
    assert x.nonzero().dtype == torch.int64
    assert [t.tolist() for t in x.nonzero(as_tuple=True)] == [[0, 1], [1, 0]]
    assert [t.tolist() for t in torch.where(x > 0)] == [[0, 1], [1, 0]]
    assert torch.tensor(1.0).nonzero().shape == (1, 0)  # PyTorch 2.13


# --- views share storage; advanced results are copies --------------------------------------------


@pytest.mark.parametrize(
    "key",
    [
        0,
        (slice(1, None),),
        (0, slice(None, None, 2)),
        None,
        (Ellipsis, 1),
        (slice(None), slice(None)),
    ],
)
def test_basic_index_is_a_view(device, key):
    base = torch.zeros(3, 4, device=device)
    v = base[key]
    assert v._base is base
    base.add_(1)
    assert float(v.sum()) == v.numel()
    assert v._version == base._version == 1
    v._data[...] = 5.0
    assert float(base.sum()) == 5.0 * v.numel() + (12 - v.numel())


def test_advanced_index_is_a_copy(device):
    base = torch.zeros(3, 4, device=device)
    out = base[[0, 1]]
    base.add_(1)
    assert float(out.sum()) == 0 and out._base is None


# --- gradients -----------------------------------------------------------------------------------

GRAD_OPS = [
    ((3, 4), lambda x: x[1]),
    ((3, 4), lambda x: x[:, -1]),
    ((3, 4), lambda x: x[1:, ::2]),
    ((3, 4), lambda x: x[None, ..., 1:3]),
    ((3, 4), lambda x: x[[0, 2, 0]]),
    ((3, 4), lambda x: x[[0, 1], [3, 3]]),
    ((3, 4), lambda x: x[[-1, 0, -1]]),
    ((3, 4), lambda x: x[torch.tensor([[-1, 2]]), torch.tensor([[0], [-4]])]),
    ((3, 4), lambda x: x[x > 0.5]),
    ((2, 3, 4), lambda x: x[[1, 0], :, [0, 2]]),
    ((2, 3, 4), lambda x: x[0, 1:, [1, 1]]),
    ((3, 4), lambda x: x.gather(1, torch.tensor([[0, 0], [3, 1], [2, 2]]))),
    ((3, 4), lambda x: x.index_select(1, torch.tensor([3, 0, 3]))),
    ((3, 4), lambda x: x.scatter(1, torch.tensor([[0], [1], [2]]), 2.0)),
    ((3, 4), lambda x: x.scatter_add(0, torch.tensor([[0, 1, 2, 0]]), x[:1] * 2)),
    ((3, 4), lambda x: x.masked_fill(torch.tensor([True, False, True, False]), 1.0)),
    ((3, 4), lambda x: x.masked_select(torch.tensor([True, False, True, True]))),
    ((3, 4), lambda x: x.take_along_dim(torch.tensor([[1], [0], [3]]), 1)),
]


def test_negative_and_repeated_indices_gather_and_add_up_on_every_device(device):
    x = torch.arange(12.0, device=device).reshape(3, 4).requires_grad_()
    rows, cols = _long([-1, 0, -1], device), _long([-4, 3, 0], device)
    out = x[rows, cols]
    assert out.tolist() == [8.0, 3.0, 8.0]
    out.backward(torch.tensor([1.0, 2.0, 4.0], device=device))
    assert x.grad.tolist() == [[0, 0, 0, 2], [0, 0, 0, 0], [5, 0, 0, 0]]


@pytest.mark.parametrize("shape,fn", GRAD_OPS)
def test_gradcheck(shape, fn):
    assert gradcheck(fn, (_x("cpu", *shape),))


@pytest.mark.parametrize("shape,fn", [GRAD_OPS[i] for i in (0, 2, 4, 6, 9, 11, 14)])
def test_gradgradcheck(shape, fn):
    assert gradgradcheck(lambda x: fn(x) ** 2, (_x("cpu", *shape),))


def test_gradcheck_on_device(device):
    idx = _long([[0, 0], [3, 1], [2, 2]], device)
    assert gradcheck(
        lambda x: x[[0, 2, 0]][:, 1:3] * x.gather(1, idx)[[0, 1, 2]], (_x(device, 3, 4),)
    )
    mask = torch.tensor([True, False, True], device=device)
    assert gradcheck(lambda x: x[mask].masked_fill(x[mask] > 0.5, 0.0), (_x(device, 3, 4),))
    src = _x(device, 1, 4)
    index = _long([[2, 0, 1, 2]], device)
    assert gradcheck(lambda x, s: x.scatter(0, index, s), (_x(device, 3, 4), src))


def test_masked_fill_value_tensor_gets_summed_grad(device):
    x = _x(device, 2, 2)
    value = torch.zeros((), dtype=torch.float64, device=device, requires_grad=True)
    mask = torch.tensor([[True, False], [True, True]], device=device)
    x.masked_fill(mask, value).sum().backward()
    assert value.grad.item() == 3.0
    assert x.grad.tolist() == [[0, 1], [0, 0]]


def test_repeated_indices_add_up(device):
    x = _x(device, 3)
    x[[0, 0, 2, 0]].sum().backward()
    assert x.grad.tolist() == [3, 0, 1]


# --- errors (texts from PyTorch 2.13) -----------------------------------------------------------

ERRORS = [
    (lambda x: x[5], IndexError, "index 5 is out of bounds for dimension 0 with size 3"),
    (lambda x: x[-4], IndexError, "index -4 is out of bounds for dimension 0 with size 3"),
    (lambda x: x[0, 4], IndexError, "index 4 is out of bounds for dimension 1 with size 4"),
    (lambda x: x[[0, 5]], IndexError, "index 5 is out of bounds for dimension 0 with size 3"),
    (
        lambda x: x[:, torch.tensor([0, 5])],
        IndexError,
        "index 5 is out of bounds for dimension 0 with size 4",
    ),
    (
        lambda x: x[torch.tensor([-4])],
        IndexError,
        "index -4 is out of bounds for dimension 0 with size 3",
    ),
    (
        lambda x: x[torch.tensor([0, 2]), torch.tensor([1, 4])],
        IndexError,
        "index 4 is out of bounds for dimension 1 with size 4",
    ),
    (lambda x: x[0, 0, 0], IndexError, "too many indices for tensor of dimension 2"),
    (lambda x: x[..., 0, 0, 0], IndexError, "too many indices for tensor of dimension 2"),
    (
        lambda x: x[torch.tensor([True, False])],
        IndexError,
        "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3, 4] "
        "at index 0",
    ),
    (
        lambda x: x[:, torch.tensor([True, False])],
        IndexError,
        "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3, 4] "
        "at index 1",
    ),
    (
        lambda x: x[torch.tensor([0.0, 1.0])],
        IndexError,
        "tensors used as indices must be long, int, byte or bool tensors",
    ),
    (
        lambda x: x[torch.tensor([0, 1], dtype=torch.int16)],
        IndexError,
        "tensors used as indices must be long, int, byte or bool tensors",
    ),
    (
        lambda x: x[1.0],
        IndexError,
        "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid "
        "indices (got float)",
    ),
    (
        lambda x: x[0, 0][0],
        IndexError,
        "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in "
        "C++ to convert a 0-dim tensor to a number",
    ),
    (
        lambda x: x[[0, 1], [0, 1, 2]],
        IndexError,
        "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]",
    ),
    (lambda x: x[::-1], ValueError, "step must be greater than zero"),
    (lambda x: x[::0], ValueError, "slice step cannot be zero"),
    (
        lambda x: x.gather(1, torch.tensor([0, 1])),
        RuntimeError,
        "Index tensor must have the same number of dimensions as input tensor",
    ),
    (
        lambda x: x.gather(1, torch.tensor([[0.0]])),
        RuntimeError,
        "gather(): Expected dtype int32/int64 for index",
    ),
    (
        lambda x: x.gather(1, torch.tensor([[5]])),
        RuntimeError,
        "index 5 is out of bounds for dimension 1 with size 4",
    ),
    (
        lambda x: x.gather(1, torch.zeros(4, 1, dtype=torch.int64)),
        RuntimeError,
        "Size does not match at dimension 0 expected index [4, 1] to be no larger than self [3, 4] "
        "apart from dimension 1",
    ),
    (
        lambda x: x.scatter(1, torch.tensor([[0.0]]), 1.0),
        RuntimeError,
        "scatter(): Expected dtype int32/int64 for index",
    ),
    (
        lambda x: x.scatter(1, torch.tensor([[5]]), 1.0),
        RuntimeError,
        "index 5 is out of bounds for dimension 1 with size 4",
    ),
    (
        lambda x: x.scatter(1, torch.tensor([[0]]), torch.ones(1, 1, dtype=torch.float64)),
        RuntimeError,
        "scatter(): Expected self.dtype to be equal to src.dtype",
    ),
    (
        lambda x: x.scatter(1, torch.zeros(4, 1, dtype=torch.int64), 1.0),
        RuntimeError,
        "Expected index [4, 1] to be no larger than self [3, 4] apart from dimension 1",
    ),
    (
        lambda x: x.scatter(1, torch.zeros(2, 2, dtype=torch.int64), torch.ones(1, 1)),
        RuntimeError,
        "Expected index [2, 2] to be no larger than self [3, 4] apart from dimension 1 "
        "and to be no larger size than src [1, 1]",
    ),
    (
        lambda x: x.index_select(0, torch.tensor([0.0])),
        RuntimeError,
        "index_select(): Expected dtype int32 or int64 for index",
    ),
    (
        lambda x: x.index_select(0, torch.tensor([[0]])),
        IndexError,
        "index_select(): Index is supposed to be a vector",
    ),
    (lambda x: x.index_select(0, torch.tensor([3])), IndexError, "index out of range in self"),
    (
        lambda x: x.masked_fill(torch.tensor([1, 0, 1, 0]), 0.0),
        RuntimeError,
        "masked_fill_ only supports boolean masks, but got mask with dtype long int",
    ),
    (
        lambda x: x.masked_fill(torch.tensor([True, False]), 0.0),
        RuntimeError,
        "The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 1",
    ),
    (
        lambda x: x.masked_fill(x > 1, torch.tensor([1.0])),
        RuntimeError,
        "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 "
        "dimension(s).",
    ),
    (
        lambda x: x.masked_select(torch.tensor([1, 0, 0, 0])),
        RuntimeError,
        "masked_select: expected BoolTensor for mask",
    ),
    (
        lambda x: x.masked_select(torch.tensor([True, False])),
        RuntimeError,
        "The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 1",
    ),
]


@pytest.mark.parametrize("fn,error,text", ERRORS)
def test_errors(fn, error, text):
    check_error(fn, error, text)


def _signs(t) -> list:
    return [math.copysign(1.0, v) for v in t.cpu().tolist()]


def test_an_index_write_keeps_a_written_negative_zero(device):
    # PyTorch 2.13 writes the value as it is: x[idx] = -0.0 leaves -0.0, not +0.0
    x = torch.ones(3, device=device)
    x[torch.tensor([0, 1], device=device)] = -0.0
    assert _signs(x) == [-1.0, -1.0, 1.0]
    y = torch.ones(3, device=device)
    y[torch.tensor([True, False, True], device=device)] = torch.tensor([-0.0, -0.0], device=device)
    assert _signs(y) == [-1.0, 1.0, -1.0]
    z = torch.ones(3, device=device).index_put(
        (torch.tensor([2, 2], device=device),), torch.tensor([5.0, -0.0], device=device)
    )
    assert _signs(z) == [1.0, 1.0, -1.0]  # the last write wins
    w = torch.zeros(3, device=device).index_put(
        (torch.tensor([0, 0], device=device),),
        torch.tensor([-0.0, -0.0], device=device),
        accumulate=True,
    )
    assert _signs(w) == [1.0, 1.0, 1.0]  # accumulated into +0.0: 0 + -0 + -0 is +0


def test_a_negative_zero_fill_stays_negative(device):
    # PyTorch 2.13 keeps -0.0 in fills (CuPy writes a fill equal to 0 with a memset: +0.0)
    assert _signs(torch.full((2,), -0.0, device=device)) == [-1.0, -1.0]
    assert _signs(torch.full_like(torch.ones(2, device=device), -0.0)) == [-1.0, -1.0]
    assert _signs(torch.ones(2, device=device).fill_(-0.0)) == [-1.0, -1.0]
    x = torch.ones(3, device=device)
    x[0] = -0.0
    x[1:] = -0.0
    assert _signs(x) == [-1.0, -1.0, -1.0]
    mask = torch.tensor([True, False], device=device)
    assert _signs(torch.ones(2, device=device).masked_fill(mask, -0.0)) == [-1.0, 1.0]


# --- index_fill with a 0-d tensor value: recorded from PyTorch 2.13 ------------------------------
@pytest.mark.parametrize("case", op_fixes.cases("indexing"))
def test_index_ops_match_pytorch(case):
    op_fixes.check_case(case)


def test_index_fill_value_with_repeated_index_gradchecks():
    x = torch.tensor([[0.5, 1.5], [2.5, 3.5], [4.5, 5.5]], dtype=torch.float64, requires_grad=True)
    v = torch.tensor(-2.0, dtype=torch.float64, requires_grad=True)
    index = torch.tensor([2, 0, 2, -1])
    assert gradcheck(lambda a, b: a.index_fill(0, index, b), (x, v))
    assert gradcheck(lambda a, b: a.clone().index_fill_(1, torch.tensor([1, 1]), b), (x, v))


def test_scatter_src_larger_than_index_gets_zero_gradient_beyond_it():
    # PyTorch 2.13 refuses its own gradient here ("ScatterBackward0 returned an invalid
    # gradient ... got [2] but expected shape compatible with [5]"); src[2:] was not sent
    x = torch.zeros(5, dtype=torch.float64, requires_grad=True)
    src = torch.tensor([0.5, 1.5, 2.5, 3.5, 4.5], dtype=torch.float64, requires_grad=True)
    index = torch.tensor([1, 3])
    torch.scatter(x, 0, index, src).sum().backward()
    assert src.grad.tolist() == [1.0, 1.0, 0.0, 0.0, 0.0]
    assert gradcheck(lambda a, b: torch.scatter(a, 0, index, b), (x, src))
    assert gradcheck(lambda a, b: torch.scatter_add(a, 0, index, b), (x, src))
    assert gradcheck(lambda a, b: torch.scatter_reduce(a, 0, index, b, "amax"), (x, src + 1))


def test_zero_dim_scatter_family_gradchecks():
    x = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
    s = torch.tensor(2.5, dtype=torch.float64, requires_grad=True)
    i = torch.tensor(0)
    assert gradcheck(lambda a, b: torch.scatter_add(a, 0, i, b), (x, s))
    assert gradcheck(lambda a: torch.gather(a, 0, i), (x,))
    assert gradcheck(lambda a, b: torch.put(a, i, b.reshape(1), accumulate=True), (x, s))
    assert gradcheck(lambda a, b: a.index_reduce(0, i.reshape(1), b, "prod"), (x, s))


# --- inner, addr, chain_matmul, index_put(_), put(_), masked_scatter(_), scatter_reduce(_): recorded from PyTorch 2.13, gradients by finite differences ---
# (name, expression, PyTorch 2.13's result): recorded by running each expression in PyTorch
CASES = [
    (
        "inner",
        "torch.inner(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True), "
        "torch.tensor([[1.0, 0.0, 2.0], [0.0, 1.0, 1.0]]))",
        ("tensor", [[7.0, 5.0], [16.0, 11.0]], "float32", "ViewBackward0"),
    ),
    (
        "inner_vectors",
        "torch.inner(torch.tensor([1.0, 2.0], requires_grad=True), torch.tensor([3.0, 4.0]))",
        ("tensor", 11.0, "float32", "ViewBackward0"),
    ),
    (
        "inner_scalar",
        "torch.inner(torch.tensor([[1.0, 2.0]], requires_grad=True), torch.tensor(2.0))",
        ("tensor", [[2.0, 4.0]], "float32", "MulBackward0"),
    ),
    (
        "inner_int",
        "torch.inner(torch.tensor([1, 2]), torch.tensor([3, 4]))",
        ("tensor", 11, "int64", None),
    ),
    (
        "inner_shapes",
        "torch.inner(torch.ones(2, 3), torch.ones(2))",
        (
            "raises",
            "RuntimeError",
            "inner() the last dimension must match on both input tensors but got shapes [2, 3] and "
            "[2]",
        ),
    ),
    (
        "inner_dtypes",
        "torch.inner(torch.tensor([1, 2]), torch.tensor([3.0, 4.0]))",
        ("raises", "RuntimeError", "both inputs should have same dtype"),
    ),
    (
        "inner_bool",
        "torch.inner(torch.tensor([True]), torch.tensor([True]))",
        ("raises", "NotImplementedError", "\"dot\" not implemented for 'Bool'"),
    ),
    (
        "inner_number",
        "torch.inner(torch.ones(2), 2.0)",
        ("raises", "TypeError", "inner(): argument 'other' (position 2) must be Tensor, not float"),
    ),
    (
        "addr",
        "torch.addr(torch.zeros(2, 3, requires_grad=True), torch.tensor([1.0, 2.0]), "
        "torch.tensor([1.0, 2.0, 3.0]))",
        ("tensor", [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]], "float32", "AddrBackward0"),
    ),
    (
        "addr_scaled",
        "torch.addr(torch.ones(2, 3), torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0, 3.0]), "
        "beta=2, alpha=0.5)",
        ("tensor", [[2.5, 3.0, 3.5], [3.0, 4.0, 5.0]], "float32", None),
    ),
    (
        "addr_broadcast",
        "torch.addr(torch.tensor([1.0, 1.0, 1.0]), torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0, "
        "3.0]))",
        ("tensor", [[2.0, 3.0, 4.0], [3.0, 5.0, 7.0]], "float32", None),
    ),
    (
        "addr_promotes",
        "torch.addr(torch.zeros(2, 3, dtype=torch.long), torch.tensor([1.0, 2.0]), "
        "torch.tensor([1.0, 2.0, 3.0]))",
        ("tensor", [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]], "float32", None),
    ),
    (
        "addr_int",
        "torch.addr(torch.zeros(2, 3, dtype=torch.long), torch.tensor([1, 2]), torch.tensor([1, 2, "
        "3]))",
        ("tensor", [[1, 2, 3], [2, 4, 6]], "int64", None),
    ),
    (
        "addr_int_alpha",
        "torch.addr(torch.zeros(2, 3, dtype=torch.long), torch.tensor([1, 2]), torch.tensor([1, 2, "
        "3]), alpha=0.5)",
        (
            "raises",
            "RuntimeError",
            "For integral input tensors, argument alpha must not be a floating point number.",
        ),
    ),
    (
        "addr_bool",
        "torch.addr(torch.zeros(2, 3, dtype=torch.bool), torch.tensor([True, False]), "
        "torch.tensor([True, True, False]))",
        ("tensor", [[True, True, False], [False, False, False]], "bool", None),
    ),
    (
        "addr_shape",
        "torch.addr(torch.zeros(3, 3), torch.ones(2), torch.ones(3))",
        (
            "raises",
            "RuntimeError",
            "The expanded size of the tensor (2) must match the existing size (3) at non-singleton "
            "dimension 0.  Target sizes: [2, 3].  Tensor sizes: [3, 3]",
        ),
    ),
    (
        "addr_vector",
        "torch.addr(torch.zeros(2, 3), torch.ones(2), torch.ones(2, 2))",
        ("raises", "RuntimeError", "addr: Expected 1-D argument vec2, but got 2-D"),
    ),
    (
        "addr_inplace",
        "torch.zeros(2, 3).addr_(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0, 3.0]))",
        ("tensor", [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]], "float32", None),
    ),
    (
        "chain_matmul",
        "torch.chain_matmul(torch.tensor([[1.0, 2.0]], requires_grad=True), torch.tensor([[1.0, "
        "0.0], [2.0, 1.0]]), torch.tensor([[3.0], [4.0]]))",
        ("tensor", [[23.0]], "float32", "ViewBackward0"),
    ),
    (
        "chain_matmul_one",
        "torch.chain_matmul(torch.tensor([[1.0, 2.0]], requires_grad=True))",
        ("tensor", [[1.0, 2.0]], "float32", "CloneBackward0"),
    ),
    (
        "chain_matmul_none",
        "torch.chain_matmul()",
        ("raises", "RuntimeError", "chain_matmul(): Expected one or more matrices"),
    ),
    (
        "chain_matmul_vector",
        "torch.chain_matmul(torch.ones(2, 2), torch.ones(2))",
        ("raises", "RuntimeError", "Tensor dimension is 1, expected 2 instead."),
    ),
    (
        "index_put",
        "torch.index_put(torch.zeros(3, 4, requires_grad=True), (torch.tensor([0, 2]), "
        "torch.tensor([1, 3])), torch.tensor([1.0, 2.0]))",
        (
            "tensor",
            [[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 2.0]],
            "float32",
            "IndexPutBackward0",
        ),
    ),
    (
        "index_put_accumulate",
        "torch.zeros(3, 4).index_put((torch.tensor([0, 0]), torch.tensor([1, 1])), "
        "torch.tensor([1.0, 2.0]), accumulate=True)",
        (
            "tensor",
            [[0.0, 3.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]],
            "float32",
            None,
        ),
    ),
    (
        "index_put_rows",
        "torch.zeros(3, 2).index_put((torch.tensor([0, 2]),), torch.tensor(5.0))",
        ("tensor", [[5.0, 5.0], [0.0, 0.0], [5.0, 5.0]], "float32", None),
    ),
    (
        "index_put_mask",
        "torch.zeros(3, 2).index_put((torch.tensor([True, False, True]),), torch.tensor([1.0, 2.0]))",
        ("tensor", [[1.0, 2.0], [0.0, 0.0], [1.0, 2.0]], "float32", None),
    ),
    (
        "index_put_inplace",
        "torch.index_put_(torch.zeros(3), (torch.tensor([1]),), torch.tensor(2.0))",
        ("tensor", [0.0, 2.0, 0.0], "float32", None),
    ),
    (
        "index_put_number",
        "torch.zeros(3, 4).index_put([torch.tensor([0])], 5.0)",
        (
            "raises",
            "TypeError",
            "index_put(): argument 'values' (position 2) must be Tensor, not float",
        ),
    ),
    (
        "index_put_shape",
        "torch.zeros(3, 4).index_put((torch.tensor([0, 1]),), torch.ones(3))",
        (
            "raises",
            "RuntimeError",
            "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape "
            "[2, 4]",
        ),
    ),
    (
        "index_put_range",
        "torch.zeros(3, 4).index_put((torch.tensor([5]),), torch.ones(4))",
        ("raises", "IndexError", "index 5 is out of bounds for dimension 0 with size 3"),
    ),
    (
        "index_put_dtype",
        "torch.zeros(3, 4).index_put((torch.tensor([0]),), torch.ones(4, dtype=torch.long))",
        (
            "raises",
            "RuntimeError",
            "Index put requires the source and destination dtypes match, got Float for the destination "
            "and Long for the source.",
        ),
    ),
    (
        "index_put_float_index",
        "torch.zeros(3, 4).index_put((torch.tensor([0.0]),), torch.ones(4))",
        ("raises", "IndexError", "tensors used as indices must be long, int, byte or bool tensors"),
    ),
    (
        "put",
        "torch.put(torch.zeros(2, 3, requires_grad=True), torch.tensor([1, -1]), torch.tensor([9.0, "
        "8.0]))",
        ("tensor", [[0.0, 9.0, 0.0], [0.0, 0.0, 8.0]], "float32", "PutBackward0"),
    ),
    (
        "put_accumulate",
        "torch.zeros(2, 3).put_(torch.tensor([1, 1, -1]), torch.tensor([9.0, 8.0, 1.0]), "
        "accumulate=True)",
        ("tensor", [[0.0, 17.0, 0.0], [0.0, 0.0, 1.0]], "float32", None),
    ),
    (
        "put_shaped",
        "torch.zeros(2, 3).put(torch.tensor([[0, 5]]), torch.tensor([7.0, 6.0]))",
        ("tensor", [[7.0, 0.0, 0.0], [0.0, 0.0, 6.0]], "float32", None),
    ),
    (
        "put_range",
        "torch.zeros(2, 3).put_(torch.tensor([6]), torch.tensor([1.0]))",
        (
            "raises",
            "IndexError",
            "out of range: tried to access index 6 on a tensor of 6 elements.",
        ),
    ),
    (
        "put_count",
        "torch.zeros(2, 3).put_(torch.tensor([1, 2]), torch.tensor([1.0]))",
        (
            "raises",
            "IndexError",
            "put_(): Expected source and index to have the same number of elements, but got "
            "source.numel() = 1, index.numel() = 2",
        ),
    ),
    (
        "put_index_dtype",
        "torch.zeros(2, 3).put_(torch.tensor([1.0]), torch.tensor([1.0]))",
        ("raises", "RuntimeError", "put_(): Expected a long tensor for index, but got Float"),
    ),
    (
        "put_dtype",
        "torch.zeros(2, 3).put_(torch.tensor([1]), torch.tensor([1]))",
        (
            "raises",
            "RuntimeError",
            "put_(): self and source expected to have the same dtype, but got self.dtype = Float and "
            "source.dtype = Long",
        ),
    ),
    (
        "masked_scatter",
        "torch.zeros(2, 3, requires_grad=True).masked_scatter(torch.tensor([[True, False, True], "
        "[False, True, True]]), torch.arange(6.0).view(2, 3))",
        ("tensor", [[0.0, 0.0, 1.0], [0.0, 2.0, 3.0]], "float32", "MaskedScatterBackward0"),
    ),
    (
        "masked_scatter_broadcast",
        "torch.zeros(2, 3).masked_scatter(torch.tensor([True, False, True]), torch.tensor([1.0, 2.0, "
        "3.0, 4.0]))",
        ("tensor", [[1.0, 0.0, 2.0], [3.0, 0.0, 4.0]], "float32", None),
    ),
    (
        "masked_scatter_self_broadcast",
        "torch.zeros(3).masked_scatter(torch.tensor([[True, False, False], [False, False, True]]), "
        "torch.tensor([1.0, 2.0]))",
        ("tensor", [[1.0, 0.0, 0.0], [0.0, 0.0, 2.0]], "float32", None),
    ),
    (
        "masked_scatter_inplace",
        "torch.zeros(4).masked_scatter_(torch.tensor([False, True, True, False]), torch.tensor([1.0, "
        "2.0]))",
        ("tensor", [0.0, 1.0, 2.0, 0.0], "float32", None),
    ),
    (
        "masked_scatter_short",
        "torch.zeros(4).masked_scatter(torch.tensor([True, True, True, False]), torch.tensor([1.0, "
        "2.0]))",
        ("raises", "RuntimeError", "Number of elements of source < number of ones in mask"),
    ),
    (
        "masked_scatter_mask_dtype",
        "torch.zeros(4).masked_scatter(torch.tensor([1, 1, 0, 0]), torch.tensor([1.0, 2.0]))",
        (
            "raises",
            "RuntimeError",
            "masked_scatter_ only supports boolean masks, but got mask with dtype Long",
        ),
    ),
    (
        "masked_scatter_source_dtype",
        "torch.zeros(4).masked_scatter(torch.tensor([True, True, True, False]), torch.tensor([1, 2, "
        "3]))",
        (
            "raises",
            "RuntimeError",
            "masked_scatter: expected self and source to have same dtypes but gotFloat and Long",
        ),
    ),
    (
        "scatter_reduce_sum",
        "torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True).scatter_reduce(0, torch.tensor([0, "
        "1, 0, 1, 2, 1]), torch.tensor([5.0, 1.0, 7.0, 2.0, 3.0, 2.0]), 'sum')",
        ("tensor", [13.0, 7.0, 6.0, 4.0], "float32", "ScatterReduceBackward0"),
    ),
    (
        "scatter_reduce_sum_exclude",
        "torch.tensor([1.0, 2.0, 3.0, 4.0]).scatter_reduce(0, torch.tensor([0, 1, 0, 1, 2, 1]), "
        "torch.tensor([5.0, 1.0, 7.0, 2.0, 3.0, 2.0]), 'sum', include_self=False)",
        ("tensor", [12.0, 5.0, 3.0, 4.0], "float32", None),
    ),
    (
        "scatter_reduce_prod",
        "torch.tensor([1.0, 2.0, 3.0, 4.0]).scatter_reduce(0, torch.tensor([0, 1, 0, 1, 2, 1]), "
        "torch.tensor([5.0, 1.0, 7.0, 2.0, 3.0, 2.0]), 'prod')",
        ("tensor", [35.0, 8.0, 9.0, 4.0], "float32", None),
    ),
    (
        "scatter_reduce_mean",
        "torch.tensor([1.0, 2.0, 3.0, 4.0]).scatter_reduce(0, torch.tensor([0, 1, 0, 1, 2, 1]), "
        "torch.tensor([5.0, 1.0, 7.0, 2.0, 3.0, 2.0]), 'mean')",
        ("tensor", [4.333333492279053, 1.75, 3.0, 4.0], "float32", None),
    ),
    (
        "scatter_reduce_mean_exclude",
        "torch.tensor([1.0, 2.0, 3.0, 4.0]).scatter_reduce(0, torch.tensor([0, 1, 0, 1, 2, 1]), "
        "torch.tensor([5.0, 1.0, 7.0, 2.0, 3.0, 2.0]), 'mean', include_self=False)",
        ("tensor", [6.0, 1.6666666269302368, 3.0, 4.0], "float32", None),
    ),
    (
        "scatter_reduce_amax",
        "torch.tensor([1.0, 2.0, 3.0, 4.0]).scatter_reduce(0, torch.tensor([0, 1, 0, 1, 2, 1]), "
        "torch.tensor([5.0, 1.0, 7.0, 2.0, 3.0, 2.0]), 'amax')",
        ("tensor", [7.0, 2.0, 3.0, 4.0], "float32", None),
    ),
    (
        "scatter_reduce_amin_exclude",
        "torch.tensor([1.0, 2.0, 3.0, 4.0]).scatter_reduce(0, torch.tensor([0, 1, 0, 1, 2, 1]), "
        "torch.tensor([5.0, 1.0, 7.0, 2.0, 3.0, 2.0]), 'amin', include_self=False)",
        ("tensor", [5.0, 1.0, 3.0, 4.0], "float32", None),
    ),
    (
        "scatter_reduce_max_alias",
        "torch.tensor([1.0, 2.0, 3.0, 4.0]).scatter_reduce(0, torch.tensor([0, 1]), "
        "torch.tensor([5.0, 1.0]), 'max')",
        ("tensor", [5.0, 2.0, 3.0, 4.0], "float32", None),
    ),
    (
        "scatter_reduce_int_mean",
        "torch.scatter_reduce(torch.tensor([1, 2, 3]), 0, torch.tensor([0, 0]), torch.tensor([4, "
        "5]), 'mean')",
        ("tensor", [3, 2, 3], "int64", None),
    ),
    (
        "scatter_reduce_int_mean_exclude",
        "torch.tensor([1, 2, 3]).scatter_reduce(0, torch.tensor([0, 0]), torch.tensor([4, 5]), "
        "'mean', include_self=False)",
        ("tensor", [4, 2, 3], "int64", None),
    ),
    (
        "scatter_reduce_int_amin_exclude",
        "torch.tensor([0, 0, 0]).scatter_reduce(0, torch.tensor([0]), torch.tensor([1]), 'amin', "
        "include_self=False)",
        ("tensor", [1, 0, 0], "int64", None),
    ),
    (
        "scatter_reduce_bool_sum",
        "torch.tensor([True, False, False]).scatter_reduce(0, torch.tensor([1]), "
        "torch.tensor([True]), 'sum')",
        ("tensor", [True, True, False], "bool", None),
    ),
    (
        "scatter_reduce_bool_mean",
        "torch.tensor([True, False]).scatter_reduce(0, torch.tensor([1]), torch.tensor([True]), "
        "'mean')",
        (
            "raises",
            "NotImplementedError",
            "\"scatter_gather_tensor_cpu_reduce_mean\" not implemented for 'Bool'",
        ),
    ),
    (
        "scatter_reduce_half_sum",
        "torch.tensor([0.1, 0.2, 0.3, 0.7, 1.1, 2.3], dtype=torch.float16).scatter_reduce(0, "
        "torch.zeros(6, dtype=torch.long), torch.tensor([0.3, 0.7, 1.3, 0.9, 0.123, 5.5], "
        "dtype=torch.float16), 'sum')",
        (
            "tensor",
            [8.921875, 0.199951171875, 0.300048828125, 0.7001953125, 1.099609375, 2.30078125],
            "float16",
            None,
        ),
    ),
    (
        "scatter_reduce_half_prod",
        "torch.tensor([0.7, 1.3, 0.3], dtype=torch.float16).scatter_reduce(0, torch.zeros(6, "
        "dtype=torch.long), torch.tensor([0.3, 0.7, 1.3, 0.9, 0.123, 5.5], dtype=torch.float16), "
        "'prod', include_self=False)",
        ("tensor", [0.166259765625, 1.2998046875, 0.300048828125], "float16", None),
    ),
    (
        "scatter_reduce_2d",
        "torch.zeros(2, 3).scatter_reduce_(1, torch.tensor([[0, 0], [2, 1]]), torch.tensor([[1.0, "
        "2.0], [3.0, 4.0]]), 'amax')",
        ("tensor", [[2.0, 0.0, 0.0], [0.0, 4.0, 3.0]], "float32", None),
    ),
    (
        "scatter_reduce_0d",
        "torch.tensor(2.0, requires_grad=True).scatter_reduce(0, torch.tensor(0), torch.tensor(3.0), "
        "'prod')",
        ("tensor", 6.0, "float32", "ScatterReduceBackward0"),
    ),
    (
        "scatter_reduce_name",
        "torch.zeros(3).scatter_reduce(0, torch.tensor([0]), torch.tensor([1.0]), 'foo')",
        (
            "raises",
            "RuntimeError",
            "reduce argument must be either sum, prod, mean, amax or amin, got foo",
        ),
    ),
    (
        "scatter_reduce_index_dtype",
        "torch.zeros(3).scatter_reduce(0, torch.tensor([0.0]), torch.tensor([1.0]), 'sum')",
        ("raises", "RuntimeError", "scatter(): Expected dtype int32/int64 for index"),
    ),
    (
        "scatter_reduce_src_dtype",
        "torch.tensor([1, 2, 3]).scatter_reduce(0, torch.tensor([0, 0]), torch.tensor([4.0, 5.0]), "
        "'sum')",
        ("raises", "RuntimeError", "scatter(): Expected self.dtype to be equal to src.dtype"),
    ),
    (
        "scatter_reduce_range",
        "torch.zeros(3).scatter_reduce(0, torch.tensor([5]), torch.tensor([1.0]), 'sum')",
        ("raises", "RuntimeError", "index 5 is out of bounds for dimension 0 with size 3"),
    ),
]


@pytest.mark.parametrize(("expr", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_recorded_from_pytorch(expr, expected):
    check_recorded(expr, expected)


def _double(values):
    return torch.tensor(values, dtype=torch.float64, requires_grad=True)


def test_index_put_put_masked_scatter_gradients():
    x = _double([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    values = _double([7.0, 8.0])
    rows, cols = torch.tensor([0, 1]), torch.tensor([2, 0])
    assert gradcheck(lambda t, v: torch.index_put(t, (rows, cols), v), (x, values))
    same = (torch.tensor([1, 1]), torch.tensor([1, 1]))
    assert gradcheck(lambda t, v: t.index_put(same, v, accumulate=True), (x, values))
    assert gradcheck(lambda t, v: t.put(torch.tensor([5, -6]), v), (x, values))
    assert gradcheck(lambda t, v: t.put(torch.tensor([3, 3]), v, accumulate=True), (x, values))
    mask = torch.tensor([[True, False, True], [False, False, True]])
    source = _double([[9.0, 8.0], [7.0, 6.0]])
    assert gradcheck(lambda t, s: t.masked_scatter(mask, s), (x, source))
    assert gradcheck(lambda t, s: t.masked_scatter(mask[0], s.reshape(-1).repeat(2)), (x, source))


def test_index_put_accumulate_adds_repeated_positions_and_passes_grad_through():
    x = _double([0.0, 0.0, 0.0])
    v = _double([1.0, 2.0, 4.0])
    out = x.index_put((torch.tensor([2, 2, 0]),), v, accumulate=True)
    assert out.tolist() == [4.0, 0.0, 3.0] and out.grad_fn.name() == "IndexPutBackward0"
    (out * torch.tensor([1.0, 10.0, 100.0], dtype=torch.float64)).sum().backward()
    assert x.grad.tolist() == [1.0, 10.0, 100.0] and v.grad.tolist() == [100.0, 100.0, 1.0]


REDUCE_INDEX = torch.tensor([[0, 1, 0], [1, 2, 1]])


@pytest.mark.parametrize("reduce", ["sum", "prod", "mean", "amax", "amin"])
@pytest.mark.parametrize("include_self", [True, False])
def test_scatter_reduce_gradients(reduce, include_self):
    x = _double([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0], [2.5, 0.75, 1.25]])
    src = _double([[0.3, 1.7, -2.2], [1.1, -0.6, 2.9]])
    assert gradcheck(
        lambda t, s: t.scatter_reduce(0, REDUCE_INDEX, s, reduce, include_self=include_self),
        (x, src),
    )


def test_scatter_reduce_prod_gradient_with_zero_factors_as_pytorch():
    z, s = _double([2.0, 0.0, 3.0]), _double([0.0, 5.0, 2.0])
    r = z.scatter_reduce(0, torch.tensor([0, 0, 1]), s, "prod")
    r.sum().backward()
    assert r.tolist() == [0.0, 0.0, 3.0]
    assert z.grad.tolist() == [0.0, 2.0, 1.0] and s.grad.tolist() == [10.0, 0.0, 0.0]


def test_scatter_reduce_amax_shares_the_gradient_among_ties_as_pytorch():
    x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    src = torch.tensor([5.0, 1.0, 7.0, 2.0, 3.0, 2.0], requires_grad=True)
    index = torch.tensor([0, 1, 0, 1, 2, 1])
    x.scatter_reduce(0, index, src, "amax").backward(torch.tensor([1.0, 2.0, 3.0, 4.0]))
    assert x.grad.tolist() == pytest.approx([0.0, 2 / 3, 1.5, 4.0])
    assert src.grad.tolist() == pytest.approx([0.0, 0.0, 1.0, 2 / 3, 1.5, 2 / 3])


def test_scatter_reduce_and_index_put_on_the_device(device):
    x = torch.zeros(3, device=device)
    out = x.scatter_reduce(
        0,
        torch.tensor([0, 0, 2], device=device),
        torch.tensor([1.0, 4.0, 2.0], device=device),
        "amax",
    )
    assert out.tolist() == [4.0, 0.0, 2.0] and out.device == x.device
    put = x.index_put((torch.tensor([1], device=device),), torch.tensor(5.0, device=device))
    assert put.tolist() == [0.0, 5.0, 0.0]
