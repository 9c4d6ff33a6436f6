"""Shape ops and views: values, grad_fn names, storage sharing, gradients and error texts.

grad_fn names and error texts are golden values checked with PyTorch 2.13.
"""

from __future__ import annotations

import pytest

import autograd_nb as torch
from autograd_nb import _messages as msg
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from tests import _op_fixes as op_fixes


def _x(device, *shape, requires_grad=True):
    n = 1
    for s in shape:
        n *= s
    return (
        torch.arange(float(n), dtype=torch.float64, device=device)
        .reshape(shape)
        .div(n)
        .add(0.1)
        .requires_grad_(requires_grad)
    )


def _chain(t) -> list:
    """grad_fn names from `t` down the first inputs, as PyTorch shows them."""
    names, fn = [], t.grad_fn
    while fn is not None and type(fn).__name__ != "AccumulateGrad":
        names.append(fn.name())
        fn = fn.next_functions[0][0]
    return names


# --- grad_fn names (PyTorch 2.13) -------------------------------------------------------------------

NAMES = [
    (lambda x: x.reshape(-1), ["ViewBackward0"]),
    (lambda x: x.view(4, 3), ["ViewBackward0"]),
    (lambda x: x.flatten(), ["ViewBackward0"]),
    (lambda x: x.t().reshape(-1), ["UnsafeViewBackward0", "CloneBackward0", "TBackward0"]),
    (lambda x: x.t().flatten(), ["UnsafeViewBackward0", "CloneBackward0", "TBackward0"]),
    (lambda x: x.unflatten(1, (2, 2)), ["ViewBackward0"]),
    (lambda x: x.unsqueeze(0).squeeze(), ["SqueezeBackward0", "UnsqueezeBackward0"]),
    (lambda x: x.unsqueeze(0).squeeze(0), ["SqueezeBackward1", "UnsqueezeBackward0"]),
    (lambda x: x.unsqueeze(0).squeeze((0,)), ["SqueezeBackward2", "UnsqueezeBackward0"]),
    (lambda x: x.squeeze(), ["SqueezeBackward0"]),
    (lambda x: x.T, ["PermuteBackward0"]),
    (lambda x: x.mT, ["TransposeBackward0"]),
    (lambda x: x.t(), ["TBackward0"]),
    (lambda x: x.permute(1, 0), ["PermuteBackward0"]),
    (lambda x: x.movedim(0, 1), ["PermuteBackward0"]),
    (lambda x: x.transpose(0, 1), ["TransposeBackward0"]),
    (lambda x: x.swapaxes(0, 1), ["TransposeBackward0"]),
    (lambda x: x.repeat(2, 1), ["RepeatBackward0"]),
    (lambda x: x.flip(0), ["FlipBackward0"]),
    (lambda x: x.narrow(0, 1, 2), ["SliceBackward0"]),
    (lambda x: x.expand(2, 3, 4), ["ExpandBackward0"]),
    (lambda x: x.expand(3, 4), ["ExpandBackward0"]),
    (lambda x: torch.cat([x, x]), ["CatBackward0"]),
    (lambda x: torch.stack([x, x]), ["StackBackward0"]),
    (lambda x: x.split(2)[1], ["SplitBackward0"]),
    (lambda x: x.split([1, 2])[0], ["SplitWithSizesBackward0"]),
    (lambda x: x.chunk(3, 1)[0], ["SplitBackward0"]),
    (lambda x: x.unbind(1)[3], ["UnbindBackward0"]),
]


@pytest.mark.parametrize("fn,names", NAMES)
def test_grad_fn_names(fn, names):
    x = torch.randn(3, 4, requires_grad=True)
    assert _chain(fn(x)) == names


def test_multi_output_nodes_number_their_outputs():
    x = torch.randn(3, 4, requires_grad=True)
    pieces = x.unbind(1)
    assert [p.output_nr for p in pieces] == [0, 1, 2, 3]
    assert len({id(p.grad_fn) for p in pieces}) == 1
    assert [p.output_nr for p in x.split(2)] == [0, 1]


def test_saved_values():
    x = torch.randn(3, 4, requires_grad=True)
    assert x.view(-1).grad_fn._saved_self_sym_sizes == (3, 4)
    assert x.permute(1, 0).grad_fn._saved_dims == (1, 0)
    assert x.repeat(2, 1).grad_fn._saved_repeats == (2, 1)
    assert x.split(2)[0].grad_fn._saved_split_size == 2
    assert x.split([1, 2])[0].grad_fn._saved_split_sizes == (1, 2)
    fn = x.narrow(0, 1, 2).grad_fn  # PyTorch 2.13: dim 0, start 1, end 3, step 1
    assert (fn._saved_dim, fn._saved_start, fn._saved_end, fn._saved_step) == (0, 1, 3, 1)


# --- forward values and shapes ------------------------------------------------------------------


def test_forward_values(device):
    x = torch.tensor([[1, 2, 3], [4, 5, 6]], device=device)
    assert x.t().tolist() == [[1, 4], [2, 5], [3, 6]]
    assert x.flip(1).tolist() == [[3, 2, 1], [6, 5, 4]]
    assert x.flip(0, 1).tolist() == [[6, 5, 4], [3, 2, 1]]
    assert x.repeat(1, 2).tolist() == [[1, 2, 3, 1, 2, 3], [4, 5, 6, 4, 5, 6]]
    assert x.repeat(2, 1, 1).shape == (2, 2, 3)
    assert torch.cat([x, x], 1).tolist() == [[1, 2, 3, 1, 2, 3], [4, 5, 6, 4, 5, 6]]
    assert torch.stack([x, x], 2).shape == (2, 3, 2)
    assert torch.stack([x, x], -1)[1, 2].tolist() == [6, 6]
    assert x.narrow(1, -2, 2).tolist() == [[2, 3], [5, 6]]
    assert [p.tolist() for p in x.split([1, 2], 1)] == [[[1], [4]], [[2, 3], [5, 6]]]
    assert [tuple(p.shape) for p in x.chunk(2, 1)] == [(2, 2), (2, 1)]
    assert [p.tolist() for p in x.unbind(1)] == [[1, 4], [2, 5], [3, 6]]
    assert x.flatten().tolist() == [1, 2, 3, 4, 5, 6]
    assert x.movedim(1, 0).tolist() == x.t().tolist()
    assert x.unsqueeze(-1).shape == (2, 3, 1)


def test_shapes_like_pytorch(device):
    y = torch.zeros(2, 1, 3, 1, device=device)
    assert y.squeeze().shape == (2, 3)
    assert y.squeeze(1).shape == (2, 3, 1)
    assert y.squeeze(0).shape == (2, 1, 3, 1)
    assert y.squeeze((1, 3)).shape == (2, 3)
    assert y.flatten(1).shape == (2, 3)
    assert y.flatten(0, 2).shape == (6, 1)
    assert torch.zeros((), device=device).flatten().shape == (1,)
    assert y.permute(3, 2, 1, 0).shape == (1, 3, 1, 2)
    assert torch.zeros(2, 3, 4, device=device).mT.shape == (2, 4, 3)
    assert torch.zeros(2, 3, 4, device=device).movedim((0, 1), (2, 0)).shape == (3, 4, 2)
    assert torch.zeros(2, 4, device=device).unflatten(1, (-1, 2)).shape == (2, 2, 2)
    assert [tuple(p.shape) for p in torch.zeros(3, 4).chunk(5)] == [(1, 4)] * 3  # PyTorch 2.13
    assert [tuple(p.shape) for p in torch.zeros(0, 2).chunk(3)] == [(0, 2)] * 3
    assert torch.cat([torch.zeros(3, 4), torch.tensor([])]).shape == (3, 4)  # legacy empty
    assert torch.cat([torch.zeros(2), torch.zeros(2, dtype=torch.int64)]).dtype == torch.float32


def test_flatten_of_1d_is_itself():
    x = torch.randn(3, requires_grad=True)
    assert x.flatten() is x


# --- storage sharing and version counters -------------------------------------------------------

VIEWS = [
    lambda x: x.view(12),
    lambda x: x.reshape(2, 6),
    lambda x: x.t(),
    lambda x: x.T,
    lambda x: x.transpose(0, 1),
    lambda x: x.permute(1, 0),
    lambda x: x.unsqueeze(0),
    lambda x: x.unsqueeze(0).squeeze(0),
    lambda x: x.narrow(1, 1, 2),
    lambda x: x.expand(2, 3, 4),
    lambda x: x.split(2)[1],
    lambda x: x.unbind(0)[2],
    lambda x: x.flatten(),
    lambda x: x.movedim(0, 1),
]


@pytest.mark.parametrize("make", VIEWS)
def test_views_share_storage_and_version(device, make):
    base = torch.zeros(3, 4, device=device)
    v = make(base)
    assert v._base is base
    base.add_(1)
    assert float(v.sum()) == v.numel()  # the view sees the base's change
    assert v._version == base._version == 1


@pytest.mark.parametrize("make", [m for m in VIEWS if m(torch.zeros(3, 4))._data.flags.writeable])
def test_writes_through_a_view_reach_the_base(device, make):
    base = torch.zeros(3, 4, device=device)
    v = make(base)
    v._data[...] = 2.0  # the raw storage, no autograd involved
    assert float(base.sum()) == 2.0 * v.numel()


def test_view_of_view_keeps_the_root_base():
    base = torch.zeros(3, 4)
    v = base.t().unsqueeze(0)
    assert v._base is base


@pytest.mark.parametrize(
    "make",
    [
        lambda x: x.flip(0),
        lambda x: x.repeat(1, 1),
        lambda x: torch.cat([x]),
        lambda x: torch.stack([x]),
    ],
)
def test_copies_do_not_share(device, make):
    base = torch.zeros(3, 4, device=device)
    out = make(base)
    base.add_(1)
    assert float(out.sum()) == 0
    assert out._base is None


def test_non_contiguous_reshape_copies():
    x = torch.zeros(3, 4)
    flat = x.t().reshape(-1)
    x.add_(1)
    assert float(flat.sum()) == 0


# --- gradients -----------------------------------------------------------------------------------

GRAD_OPS = [
    ((3, 4), lambda x: x.view(2, 6)),
    ((3, 4), lambda x: x.t().reshape(-1)),
    ((2, 3, 4), lambda x: x.flatten(1)),
    ((3, 4), lambda x: x.unflatten(1, (2, 2))),
    ((3, 1, 4), lambda x: x.squeeze()),
    ((3, 1, 4), lambda x: x.squeeze(1)),
    ((1, 3, 1), lambda x: x.squeeze((0, 2))),
    ((3, 4), lambda x: x.unsqueeze(1)),
    ((2, 3, 4), lambda x: x.transpose(0, 2)),
    ((3, 4), lambda x: x.t()),
    ((3, 4), lambda x: x.T),
    ((2, 3, 4), lambda x: x.permute(2, 0, 1)),
    ((2, 3, 4), lambda x: x.movedim(0, -1)),
    ((2, 3, 4), lambda x: x.mT),
    ((2, 3), lambda x: x.repeat(2, 1, 3)),
    ((2, 3), lambda x: x.flip(0, 1)),
    ((3, 4), lambda x: x.narrow(1, 1, 2)),
    ((3, 1), lambda x: x.expand(2, 3, 4)),
    ((3, 4), lambda x: torch.cat([x, x * 2, x[:1]])),
    ((3, 4), lambda x: torch.cat([x, x], -1)),
    ((3, 4), lambda x: torch.stack([x, x * 3], 1)),
    ((5, 4), lambda x: x.split(2)),
    ((5, 4), lambda x: x.split([1, 3], 1)),
    ((5, 4), lambda x: x.chunk(2, 1)[1]),
    ((3, 4), lambda x: x.unbind(1)),
    ((3, 4), lambda x: x.unbind(0)[1]),
    ((3, 4), lambda x: x.split(1)[2] * x.split(2)[0][:1]),
]


@pytest.mark.parametrize("shape,fn", GRAD_OPS)
def test_gradcheck(device, shape, fn):
    assert gradcheck(fn, (_x(device, *shape),))


@pytest.mark.parametrize("shape,fn", [GRAD_OPS[i] for i in (1, 11, 14, 18, 20, 21, 24)])
def test_gradgradcheck(device, shape, fn):
    assert gradgradcheck(
        lambda x: (fn(x) if not isinstance(fn(x), tuple) else fn(x)[0]) ** 2, (_x(device, *shape),)
    )


def test_split_grads_treat_missing_outputs_as_zero(device):
    x = _x(device, 5, 2)
    a, b, c = x.split(2)
    (b * 3).sum().backward()
    assert x.grad.tolist() == [[0, 0], [0, 0], [3, 3], [3, 3], [0, 0]]


# --- errors (texts from PyTorch 2.13) -----------------------------------------------------------

ERRORS = [
    (lambda x: x.t().view(-1), RuntimeError, msg.VIEW_STRIDE),
    (lambda x: x.view(5), RuntimeError, "shape '[5]' is invalid for input of size 12"),
    (lambda x: x.view(-1, -1), RuntimeError, "only one dimension can be inferred"),
    (
        lambda x: x.view(-2, 6),
        RuntimeError,
        "invalid shape dimension -2 at index 0 of shape [-2, 6]",
    ),
    (lambda x: x.reshape(5, -1), RuntimeError, "shape '[5, -1]' is invalid for input of size 12"),
    (
        lambda x: x.unsqueeze(0).t(),
        RuntimeError,
        "t() expects a tensor with <= 2 dimensions, but self is 3D",
    ),
    (
        lambda x: x[0].mT,
        RuntimeError,
        "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.",
    ),
    (
        lambda x: x.permute(0),
        RuntimeError,
        "permute(sparse_coo): number of dimensions in the tensor input does not match the length of "
        "the desired ordering of dimensions i.e. input.dim() = 2 is not equal to len(dims) = 1",
    ),
    (lambda x: x.permute(0, 0), RuntimeError, "permute(): duplicate dims are not allowed."),
    (
        lambda x: x.permute(0, 2),
        IndexError,
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    ),
    (
        lambda x: x.transpose(0, 2),
        IndexError,
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    ),
    (lambda x: x.squeeze((0, 0)), RuntimeError, "dim 0 appears multiple times in the list of dims"),
    (
        lambda x: x.unsqueeze(3),
        IndexError,
        "Dimension out of range (expected to be in range of [-3, 2], but got 3)",
    ),
    (
        lambda x: x.flatten(1, 0),
        RuntimeError,
        "flatten() has invalid args: start_dim cannot come after end_dim",
    ),
    (
        lambda x: x.unflatten(1, (3, 2)),
        RuntimeError,
        "unflatten: Provided sizes [3, 2] don't multiply up to the size of dim 1 (4) in the input "
        "tensor",
    ),
    (lambda x: x.unflatten(1, ()), RuntimeError, "unflatten: sizes must be non-empty"),
    (
        lambda x: x.repeat(2),
        RuntimeError,
        "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor",
    ),
    (lambda x: torch.cat([]), ValueError, "torch.cat(): expected a non-empty list of Tensors"),
    (
        lambda x: torch.cat([x, x[None]]),
        RuntimeError,
        "Tensors must have same number of dimensions: got 2 and 3",
    ),
    (
        lambda x: torch.cat([x, x, x[:2, :3]], 1),
        RuntimeError,
        "Sizes of tensors must match except in dimension 1. Expected size 3 but got size 2 for "
        "tensor number 2 in the list.",
    ),
    (
        lambda x: torch.cat([x[0, 0], x[0, 0]]),
        RuntimeError,
        "zero-dimensional tensor (at position 0) cannot be concatenated",
    ),
    (
        lambda x: torch.cat(x),
        TypeError,
        "cat(): argument 'tensors' (position 1) must be tuple of Tensors, not Tensor",
    ),
    (
        lambda x: torch.cat([x, 1]),
        TypeError,
        "expected Tensor as element 1 in argument 0, but got int",
    ),
    (lambda x: torch.stack([]), RuntimeError, "stack expects a non-empty TensorList"),
    (
        lambda x: torch.stack([x, x, x.t()]),
        RuntimeError,
        "stack expects each tensor to be equal size, but got [3, 4] at entry 0 and [4, 3] at entry 2",
    ),
    (
        lambda x: x.split(0),
        RuntimeError,
        "split_size can only be 0 if dimension size is 0, but got dimension size of 3",
    ),
    (
        lambda x: x.split(-1),
        RuntimeError,
        "split expects split_size be non-negative, but got split_size=-1",
    ),
    (
        lambda x: x.split([1, 1]),
        RuntimeError,
        "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension "
        "0), but got split_sizes=[1, 1]",
    ),
    (lambda x: x.chunk(0), RuntimeError, "chunk expects `chunks` to be greater than 0, got: 0"),
    (lambda x: x.flip(0, 0), RuntimeError, "dim 0 appears multiple times in the list of dims"),
    (
        lambda x: x.narrow(0, 2, 2),
        RuntimeError,
        "start (2) + length (2) exceeds dimension size (3).",
    ),
    (lambda x: x.narrow(0, 0, -1), RuntimeError, "narrow(): length must be non-negative."),
    (
        lambda x: x.narrow(0, 4, 0),
        IndexError,
        "start out of range (expected to be in range of [-3, 3], but got 4)",
    ),
    (
        lambda x: x.movedim((0, 0), (1, 0)),
        RuntimeError,
        "movedim: repeated dim in `source` ([0, 0])",
    ),
    (
        lambda x: x.movedim((0, 1), (1,)),
        RuntimeError,
        "movedim: Invalid source or destination dims: source ([0, 1] dims) should contain the same "
        "number of dims as destination ([1] dims)",
    ),
    (
        lambda x: x[0, 0].unbind(),
        IndexError,
        "Dimension specified as 0 but tensor has no dimensions",
    ),
    (
        lambda x: x.expand(-1, -1, 4),
        RuntimeError,
        "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0",
    ),
    (
        lambda x: x.select(0, 5),
        IndexError,
        "select(): index 5 out of range for tensor of size [3, 4] at dimension 0",
    ),
]


def check_error(fn, error, text) -> None:
    """fn(a 3x4 tensor) raises `error` with exactly `text` (shared with test_indexing)."""
    with pytest.raises(error) as info:
        fn(torch.randn(3, 4))
    assert str(info.value) == text


@pytest.mark.parametrize("fn,error,text", ERRORS)
def test_errors(fn, error, text):
    check_error(fn, error, text)


def test_T_warns_beyond_2d():
    with pytest.warns(UserWarning, match="The use of `x.T` on tensors of dimension other than 2"):
        assert torch.zeros(2, 3, 4).T.shape == (4, 3, 2)


# --- flip/permute/reshape/view/expand/repeat/sum_to_size by keyword: recorded from PyTorch 2.13 --
@pytest.mark.parametrize("case", op_fixes.cases("shape"))
def test_shape_ops_match_pytorch(case):
    op_fixes.check_case(case)
