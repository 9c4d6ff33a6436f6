"""Shape ops and views: values, grad_fn names, storage sharing, gradients and error texts.

grad_fn names and error texts are golden values checked with PyTorch 2.13.
"""

from __future__ import annotations

import warnings

import pytest

import autograd_nb as torch
from autograd_nb import _messages as msg
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from tests import _op_fixes as op_fixes
from tests._recorded import NAN, check_recorded


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
    # a view of other strides: _reshape_alias; a contiguous one (size-1 dims aside) is a view
    (lambda x: x.t().reshape(2, 2, 3), ["ReshapeAliasBackward0", "TBackward0"]),
    (lambda x: x[:, :2].reshape(3, 2), ["ReshapeAliasBackward0", "SliceBackward0"]),
    (lambda x: x.t()[:1].flatten(), ["ReshapeAliasBackward0", "SliceBackward0", "TBackward0"]),
    (lambda x: x[:1].t().reshape(4), ["ViewBackward0", "TBackward0", "SliceBackward0"]),
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


# --- kthvalue, mode, msort, ravel, fliplr/flipud, unfold, as_strided, H/mH/adjoint, conj family, tril/triu_indices, unravel_index, result_type, can_cast, diagflat: recorded from PyTorch 2.13 ---
# (name, expression, PyTorch 2.13's result): recorded by running each expression in PyTorch
CASES = [
    (
        "kthvalue",
        "torch.kthvalue(torch.tensor([[3.0, 1.0, 2.0, 1.0], [5.0, 5.0, 4.0, 0.0]], "
        "requires_grad=True), 2)",
        (("tensor", [1.0, 4.0], "float32", "KthvalueBackward0"), ("tensor", [3, 2], "int64", None)),
    ),
    (
        "kthvalue_dim0_keepdim",
        "torch.kthvalue(torch.tensor([[3.0, 1.0, 2.0, 1.0], [5.0, 5.0, 4.0, 0.0]]), 2, 0, True)",
        (
            ("tensor", [[5.0, 5.0, 4.0, 1.0]], "float32", None),
            ("tensor", [[1, 1, 1, 0]], "int64", None),
        ),
    ),
    (
        "kthvalue_ties",
        "torch.kthvalue(torch.tensor([2, 1, 2, 1, 2]), 3)",
        (("tensor", 2, "int64", None), ("tensor", 2, "int64", None)),
    ),
    (
        "kthvalue_ties_long",
        "torch.kthvalue(torch.tensor([4, 1, 4, 4, 2, 4, 1, 3, 4, 1, 1, 4]), 7)",
        (("tensor", 4, "int64", None), ("tensor", 5, "int64", None)),
    ),
    (
        "kthvalue_nan",
        "torch.kthvalue(torch.tensor([1.0, float('nan'), 0.0]), 3)",
        (("tensor", NAN, "float32", None), ("tensor", 1, "int64", None)),
    ),
    (
        "kthvalue_0d",
        "torch.kthvalue(torch.tensor(3.0), 1)",
        (("tensor", 3.0, "float32", None), ("tensor", 0, "int64", None)),
    ),
    (
        "kthvalue_0d_bool",
        "torch.kthvalue(torch.tensor(True), 1)",
        (("tensor", True, "bool", None), ("tensor", 0, "int64", None)),
    ),
    (
        "kthvalue_bool",
        "torch.kthvalue(torch.tensor([True, False]), 1)",
        ("raises", "NotImplementedError", "\"kthvalue_cpu\" not implemented for 'Bool'"),
    ),
    (
        "kthvalue_range",
        "torch.kthvalue(torch.zeros(2, 3), 4, 0)",
        ("raises", "RuntimeError", "kthvalue(): selected number k out of range for dimension 0"),
    ),
    (
        "kthvalue_zero",
        "torch.kthvalue(torch.zeros(2, 3), 0)",
        ("raises", "RuntimeError", "kthvalue(): selected number k out of range for dimension 1"),
    ),
    (
        "kthvalue_empty",
        "torch.kthvalue(torch.zeros(0, 3), 1, 0)",
        ("raises", "IndexError", "kthvalue(): Expected reduction dim 0 to have non-zero size."),
    ),
    (
        "kthvalue_empty_result",
        "torch.kthvalue(torch.zeros(0, 3), 1, 1)",
        (("tensor", [], "float32", None), ("tensor", [], "int64", None)),
    ),
    (
        "mode",
        "torch.mode(torch.tensor([[3.0, 1.0, 2.0, 1.0], [5.0, 5.0, 4.0, 0.0]], requires_grad=True))",
        (("tensor", [1.0, 5.0], "float32", "ModeBackward0"), ("tensor", [3, 1], "int64", None)),
    ),
    (
        "mode_ties",
        "torch.mode(torch.tensor([2, 1, 2, 1, 3]))",
        (("tensor", 1, "int64", None), ("tensor", 3, "int64", None)),
    ),
    (
        "mode_dim0",
        "torch.mode(torch.tensor([[1, 1, 2], [3, 2, 2]]), 0, keepdim=True)",
        (("tensor", [[1, 1, 2]], "int64", None), ("tensor", [[0, 0, 1]], "int64", None)),
    ),
    (
        "mode_bool",
        "torch.mode(torch.tensor([True, False, True]))",
        (("tensor", True, "bool", None), ("tensor", 2, "int64", None)),
    ),
    (
        "mode_nan",
        "torch.mode(torch.tensor([1.0, float('nan'), float('nan')]))",
        (("tensor", 1.0, "float32", None), ("tensor", 0, "int64", None)),
    ),
    (
        "mode_empty",
        "torch.mode(torch.tensor([]))",
        ("raises", "IndexError", "mode(): Expected reduction dim 0 to have non-zero size."),
    ),
    (
        "mode_empty_result",
        "torch.mode(torch.zeros(3, 0), 0)",
        (("tensor", [], "float32", None), ("tensor", [], "int64", None)),
    ),
    (
        "msort",
        "torch.msort(torch.tensor([[3.0, 1.0], [1.0, 5.0], [2.0, 0.0]], requires_grad=True))",
        ("tensor", [[1.0, 0.0], [2.0, 1.0], [3.0, 5.0]], "float32", "SortBackward0"),
    ),
    ("msort_0d_bool", "torch.msort(torch.tensor(True))", ("tensor", True, "bool", None)),
    (
        "ravel",
        "torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True).t().ravel()",
        ("tensor", [1.0, 3.0, 2.0, 4.0], "float32", "ViewBackward0"),
    ),
    (
        "fliplr",
        "torch.fliplr(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True))",
        ("tensor", [[3.0, 2.0, 1.0], [6.0, 5.0, 4.0]], "float32", "FlipBackward0"),
    ),
    (
        "flipud",
        "torch.flipud(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True))",
        ("tensor", [[4.0, 5.0, 6.0], [1.0, 2.0, 3.0]], "float32", "FlipBackward0"),
    ),
    (
        "fliplr_1d",
        "torch.fliplr(torch.tensor([1, 2]))",
        ("raises", "RuntimeError", "Input must be >= 2-d."),
    ),
    (
        "flipud_0d",
        "torch.flipud(torch.tensor(1))",
        ("raises", "RuntimeError", "Input must be >= 1-d."),
    ),
    (
        "unfold",
        "torch.arange(7.0).requires_grad_().unfold(0, 3, 2)",
        (
            "tensor",
            [[0.0, 1.0, 2.0], [2.0, 3.0, 4.0], [4.0, 5.0, 6.0]],
            "float32",
            "UnfoldBackward0",
        ),
    ),
    (
        "unfold_2d",
        "torch.arange(12.0).view(3, 4).unfold(1, 2, 1)",
        (
            "tensor",
            [
                [[0.0, 1.0], [1.0, 2.0], [2.0, 3.0]],
                [[4.0, 5.0], [5.0, 6.0], [6.0, 7.0]],
                [[8.0, 9.0], [9.0, 10.0], [10.0, 11.0]],
            ],
            "float32",
            None,
        ),
    ),
    ("unfold_0d", "torch.tensor(5.0).unfold(0, 1, 1)", ("tensor", [5.0], "float32", None)),
    (
        "unfold_too_big",
        "torch.arange(7.0).unfold(0, 8, 1)",
        ("raises", "RuntimeError", "maximum size for tensor at dimension 0 is 7 but size is 8"),
    ),
    (
        "unfold_step_zero",
        "torch.arange(7.0).unfold(0, 3, 0)",
        ("raises", "RuntimeError", "step is 0 but must be > 0"),
    ),
    (
        "as_strided",
        "torch.as_strided(torch.tensor([[3.0, 1.0, 2.0, 1.0], [5.0, 5.0, 4.0, 0.0]], "
        "requires_grad=True), (2, 2), (1, 2))",
        ("tensor", [[3.0, 2.0], [1.0, 1.0]], "float32", "AsStridedBackward0"),
    ),
    (
        "as_strided_offset",
        "torch.arange(8.0).as_strided((3,), (2,), 1)",
        ("tensor", [1.0, 3.0, 5.0], "float32", None),
    ),
    (
        "as_strided_view_offset",
        "torch.arange(8.0)[2:].as_strided((2, 2), (2, 1))",
        ("tensor", [[2.0, 3.0], [4.0, 5.0]], "float32", None),
    ),
    (
        "as_strided_bounds",
        "torch.as_strided(torch.zeros(2, 4), (2, 2), (1, 2), 10)",
        (
            "raises",
            "RuntimeError",
            "setStorage: sizes [2, 2], strides [1, 2], storage offset 10, and itemsize 4 requiring a "
            "storage size of 56 are out of bounds for storage of size 32",
        ),
    ),
    (
        "as_strided_negative",
        "torch.as_strided(torch.zeros(4), (2,), (-1,))",
        (
            "raises",
            "RuntimeError",
            "as_strided: Negative strides are not supported at the moment, got strides: [-1]",
        ),
    ),
    (
        "H",
        "torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True).H",
        ("tensor", [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]], "float32", "TransposeBackward0"),
    ),
    (
        "mH",
        "torch.ones(2, 2, 3).mH",
        (
            "tensor",
            [[[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]]],
            "float32",
            None,
        ),
    ),
    (
        "adjoint",
        "torch.adjoint(torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True))",
        ("tensor", [[1.0, 3.0], [2.0, 4.0]], "float32", "TransposeBackward0"),
    ),
    (
        "H_1d",
        "torch.tensor([1.0, 2.0]).H",
        (
            "raises",
            "RuntimeError",
            "tensor.H is only supported on matrices (2-D tensors). Got 1-D tensor.",
        ),
    ),
    (
        "H_3d",
        "torch.zeros(2, 2, 2).H",
        (
            "raises",
            "RuntimeError",
            "tensor.H is only supported on matrices (2-D tensors). Got 3-D tensor. For batches of "
            "matrices, consider using tensor.mH",
        ),
    ),
    (
        "mH_1d",
        "torch.tensor([1.0, 2.0]).mH",
        (
            "raises",
            "RuntimeError",
            "tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.",
        ),
    ),
    (
        "adjoint_1d",
        "torch.tensor([1.0, 2.0]).adjoint()",
        (
            "raises",
            "RuntimeError",
            "tensor.adjoint() is only supported on matrices or batches of matrices. Got 1-D tensor.",
        ),
    ),
    (
        "conj_flags",
        "(torch.ones(2).is_conj(), torch.is_neg(torch.ones(2)), torch.is_conj(torch.ones(2)))",
        (False, False, False),
    ),
    (
        "tril_indices",
        "torch.tril_indices(3, 4, 1)",
        ("tensor", [[0, 0, 1, 1, 1, 2, 2, 2, 2], [0, 1, 0, 1, 2, 0, 1, 2, 3]], "int64", None),
    ),
    (
        "triu_indices",
        "torch.triu_indices(3, 4, -1)",
        (
            "tensor",
            [[0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2], [0, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3]],
            "int64",
            None,
        ),
    ),
    (
        "triu_indices_int32",
        "torch.triu_indices(3, 3, dtype=torch.int32)",
        ("tensor", [[0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2]], "int32", None),
    ),
    (
        "triu_indices_float",
        "torch.triu_indices(3, 3, dtype=torch.float32)",
        ("raises", "NotImplementedError", "\"triu_indices\" not implemented for 'Float'"),
    ),
    (
        "tril_indices_negative",
        "torch.tril_indices(-1, 3)",
        ("raises", "RuntimeError", "row must be non-negative, got-1"),
    ),
    ("tril_indices_empty", "torch.tril_indices(0, 3)", ("tensor", [[], []], "int64", None)),
    (
        "unravel_index",
        "torch.unravel_index(torch.tensor([4, 1, 5]), (2, 3))",
        (("tensor", [1, 0, 1], "int64", None), ("tensor", [1, 1, 2], "int64", None)),
    ),
    (
        "unravel_index_0d",
        "torch.unravel_index(torch.tensor(5), (2, 3))",
        (("tensor", 1, "int64", None), ("tensor", 2, "int64", None)),
    ),
    (
        "unravel_index_wraps",
        "(torch.unravel_index(torch.tensor(-1), (2, 3)), torch.unravel_index(torch.tensor(6), (2, "
        "3)))",
        (
            (("tensor", 1, "int64", None), ("tensor", 2, "int64", None)),
            (("tensor", 0, "int64", None), ("tensor", 0, "int64", None)),
        ),
    ),
    (
        "unravel_index_int",
        "torch.unravel_index(torch.tensor(3), 4)",
        (("tensor", 3, "int64", None),),
    ),
    (
        "unravel_index_float",
        "torch.unravel_index(torch.tensor(1.0), (2, 3))",
        ("raises", "TypeError", "expected 'indices' to be integer dtype, but got torch.float32"),
    ),
    (
        "unravel_index_bool",
        "torch.unravel_index(torch.tensor([True]), (2, 3))",
        ("raises", "TypeError", "expected 'indices' to be integer dtype, but got torch.bool"),
    ),
    (
        "unravel_index_negative_shape",
        "torch.unravel_index(torch.tensor(1), (2, -3))",
        ("raises", "ValueError", "'shape' cannot have negative values, but got (2, -3)"),
    ),
    (
        "result_type",
        "(torch.result_type(torch.tensor([1]), 1.0), torch.result_type(torch.tensor([1], "
        "dtype=torch.int8), torch.tensor(5)), torch.result_type(1, 2.0), torch.result_type(True, "
        "torch.tensor([1], dtype=torch.uint8)))",
        (("dtype", "float32"), ("dtype", "int8"), ("dtype", "float32"), ("dtype", "uint8")),
    ),
    (
        "result_type_list",
        "torch.result_type([1], 2)",
        (
            "raises",
            "TypeError",
            "result_type() received an invalid combination of arguments - got (list, int), but expected "
            "one of:\n"
            " * (Tensor tensor, Tensor other)\n"
            "      didn't match because some of the arguments have invalid types: (!list of [int]!, "
            "!int!)\n"
            " * (Number scalar, Tensor tensor)\n"
            "      didn't match because some of the arguments have invalid types: (!list of [int]!, "
            "!int!)\n"
            " * (Tensor tensor, Number other)\n"
            "      didn't match because some of the arguments have invalid types: (!list of [int]!, "
            "!int!)\n"
            " * (Number scalar1, Number scalar2)\n"
            "      didn't match because some of the arguments have invalid types: (!list of [int]!, "
            "!int!)\n",
        ),
    ),
    (
        "can_cast",
        "(torch.can_cast(torch.float32, torch.int32), torch.can_cast(torch.int32, torch.float32), "
        "torch.can_cast(torch.int32, torch.bool), torch.can_cast(torch.bool, torch.uint8), "
        "torch.can_cast(torch.float64, torch.float16))",
        (False, True, False, True, True),
    ),
    (
        "can_cast_tensor",
        "torch.can_cast(torch.tensor(1), torch.int32)",
        (
            "raises",
            "TypeError",
            "can_cast(): argument 'from_' (position 1) must be torch.dtype, not Tensor",
        ),
    ),
    (
        "diagflat",
        "torch.diagflat(torch.tensor([1.0, 2.0], requires_grad=True))",
        ("tensor", [[1.0, 0.0], [0.0, 2.0]], "float32", "DiagEmbedBackward0"),
    ),
    (
        "diagflat_matrix_offset",
        "torch.tensor([[1.0, 2.0], [3.0, 4.0]]).diagflat(1)",
        (
            "tensor",
            [
                [0.0, 1.0, 0.0, 0.0, 0.0],
                [0.0, 0.0, 2.0, 0.0, 0.0],
                [0.0, 0.0, 0.0, 3.0, 0.0],
                [0.0, 0.0, 0.0, 0.0, 4.0],
                [0.0, 0.0, 0.0, 0.0, 0.0],
            ],
            "float32",
            None,
        ),
    ),
    (
        "diagflat_negative",
        "torch.diagflat(torch.tensor([1, 2]), -1)",
        ("tensor", [[0, 0, 0], [1, 0, 0], [0, 2, 0]], "int64", None),
    ),
    ("diagflat_0d", "torch.diagflat(torch.tensor(3.0))", ("tensor", [[3.0]], "float32", None)),
    (
        "diagflat_bool",
        "torch.diagflat(torch.tensor([[True], [False]]), 1)",
        (
            "tensor",
            [[False, True, False], [False, False, False], [False, False, False]],
            "bool",
            None,
        ),
    ),
    (
        "diag_embed_bool",
        "(torch.diag(torch.tensor([True, False])), torch.diag_embed(torch.tensor([False, True])))",
        (
            ("tensor", [[True, False], [False, False]], "bool", None),
            ("tensor", [[False, False], [False, True]], "bool", None),
        ),
    ),
]


@pytest.mark.parametrize(("expr", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_recorded_from_pytorch(expr, expected):
    check_recorded(expr, expected)


def _double(values):
    return torch.tensor(values, dtype=torch.float64, requires_grad=True)


MATRIX = [[3.0, 1.5, 2.0, 0.5], [5.0, 4.5, 4.0, 0.25], [1.0, 7.0, 6.0, 2.5]]


@pytest.mark.parametrize(
    ("name", "fn"),
    [
        ("kthvalue", lambda t: torch.kthvalue(t, 2).values),
        ("kthvalue_dim0", lambda t: torch.kthvalue(t, 3, 0, keepdim=True).values),
        ("mode", lambda t: torch.mode(t, 0).values),  # distinct values: the smallest
        ("msort", torch.msort),
        ("ravel", lambda t: t.t().ravel()),
        ("fliplr", torch.fliplr),
        ("flipud", torch.flipud),
        ("unfold", lambda t: t.unfold(1, 2, 1)),
        ("unfold_gaps", lambda t: t.unfold(1, 1, 2)),
        ("unfold_dim0", lambda t: t.unfold(0, 2, 1) * 2),
        ("as_strided", lambda t: t.as_strided((2, 2), (1, 2))),
        ("as_strided_overlap", lambda t: t.as_strided((3, 3), (1, 1), 2)),
        ("as_strided_of_view", lambda t: t[1:].as_strided((2,), (3,))),
        ("H", lambda t: t.H),
        ("mH", lambda t: t.unsqueeze(0).mH),
        ("adjoint", torch.adjoint),
        ("diagflat", lambda t: torch.diagflat(t, 1)),
    ],
)
def test_gradients_by_finite_differences(name, fn):
    assert gradcheck(fn, (_double(MATRIX),))


def test_kthvalue_and_mode_send_the_gradient_to_the_index_they_return():
    x = _double([[2.0, 7.0, 2.0, 1.0]])
    values, indices = torch.kthvalue(x, 2)
    values.sum().backward()
    assert indices.tolist() == [0] and x.grad.tolist() == [[1.0, 0.0, 0.0, 0.0]]  # PyTorch's
    y = _double([[2.0, 7.0, 2.0, 1.0]])
    values, indices = torch.mode(y)
    values.sum().backward()
    assert indices.tolist() == [2] and y.grad.tolist() == [[0.0, 0.0, 1.0, 0.0]]


def test_unfold_and_as_strided_are_views_of_their_input():
    base = torch.arange(6.0)
    windows = base.unfold(0, 2, 2)
    strided = base.as_strided((2,), (2,), 1)
    assert windows._base is base and strided._base is base
    base[1] = 10.0
    assert windows.tolist() == [[0.0, 10.0], [2.0, 3.0], [4.0, 5.0]]
    assert strided.tolist() == [10.0, 3.0]
    windows[2, 0] = -1.0
    assert base.tolist() == [0.0, 10.0, 2.0, 3.0, -1.0, 5.0]


def test_unfold_and_as_strided_on_the_device(device):
    base = torch.arange(6.0, device=device)
    assert base.unfold(0, 3, 3).tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
    assert base.as_strided((2, 2), (1, 3)).tolist() == [[0.0, 3.0], [1.0, 4.0]]
    x = torch.arange(4.0, device=device, requires_grad=True)
    x.unfold(0, 2, 1).sum().backward()
    assert x.grad.tolist() == [1.0, 2.0, 2.0, 1.0]


def test_kthvalue_and_mode_on_the_device(device):
    x = torch.tensor([[4.0, 1.0, 3.0], [2.0, 2.0, 9.0]], device=device)
    assert torch.kthvalue(x, 2).values.tolist() == [3.0, 2.0]
    assert torch.mode(x).values.tolist() == [1.0, 2.0]
    assert torch.kthvalue(x, 2).values.device == x.device


def test_the_conj_family_returns_a_real_tensor_itself():
    x = torch.ones(2, requires_grad=True)
    for fn in (torch.conj, torch.resolve_conj, torch.resolve_neg, torch.conj_physical):
        assert fn(x) is x
    assert x.conj() is x and x.resolve_conj() is x and x.resolve_neg() is x


@pytest.mark.parametrize(
    ("expr", "text"),
    [
        ("torch.tensor(1.0).H", "Tensor.H is deprecated on 0-D tensors. Consider using x.conj()."),
        (
            "torch.tensor(1.0).mH",
            "Tensor.mH is deprecated on 0-D tensors. Consider using x.conj().",
        ),
        (
            "torch.tensor(1.0).adjoint()",
            "adjoint() is deprecated on 0-D tensors. Consider using x.conj().",
        ),
    ],
)
def test_conjugate_transposes_of_a_0d_tensor_warn_as_pytorch(expr, text):
    with pytest.warns(UserWarning) as record:
        out = eval(expr, {"torch": torch})
    assert str(record[0].message) == text and out.tolist() == 1.0


# --- in-place forms (addmm_, fill_diagonal_, F.relu_...), shape helpers, signal windows, multi_dot, vander, rms_norm, zeta, incomplete gamma, special polynomials, pdist, solve_triangular: recorded from PyTorch 2.13 ---
def _a():
    return torch.arange(6.0).reshape(2, 3)


def test_shape_helpers():
    assert torch.broadcast_shapes((2, 1), (3,)) == torch.Size([2, 3])
    assert torch.broadcast_shapes(2, (3, 1)) == torch.Size([3, 2])
    assert torch.broadcast_shapes() == torch.Size([])
    assert torch.broadcast_shapes((2,), [1, 2]) == torch.Size([1, 2])
    a, c = _a(), torch.ones(2, 2)
    assert torch.is_same_size(c, c) and not torch.is_same_size(c, a) and c.is_same_size(c)
    assert torch.is_signed(c) and not torch.is_signed(torch.tensor([1], dtype=torch.uint8))
    x = torch.ones(2, requires_grad=True) * 2
    assert torch.detach_(x) is x and x.grad_fn is None and not x.requires_grad


def test_splits():
    a = _a()
    first, second = a.split_with_sizes([1, 2], 1)
    assert first.tolist() == [[0.0], [3.0]] and second.tolist() == [[1.0, 2.0], [4.0, 5.0]]
    assert [t.tolist() for t in torch.split_with_sizes(a, [2, 1], 1)] == [
        [[0.0, 1.0], [3.0, 4.0]],
        [[2.0], [5.0]],
    ]
    assert [t.tolist() for t in a.unsafe_chunk(3, 1)] == [
        [[0.0], [3.0]],
        [[1.0], [4.0]],
        [[2.0], [5.0]],
    ]
    assert [t.shape for t in a.unsafe_split(2, 1)] == [torch.Size([2, 2]), torch.Size([2, 1])]
    x = torch.ones(3, 3, requires_grad=True)
    assert type(torch.split_with_sizes(x, [1, 2])[0].grad_fn).__name__ == "SplitWithSizesBackward0"


# --- erf, lerp, addcmul, sort/topk, tril, diag, roll, meshgrid, einsum, cdist, round(decimals), clamp names: golden values from PyTorch 2.13, gradients numerically ---
def test_meshgrid_indexing_and_warning():
    x, y = torch.tensor([1, 2]), torch.tensor([3, 4, 5])
    with pytest.warns(UserWarning, match="it will be required to pass the indexing argument"):
        gx, gy = torch.meshgrid(x, y)
    assert gx.tolist() == [[1, 1, 1], [2, 2, 2]] and gy.tolist() == [[3, 4, 5], [3, 4, 5]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gx, gy = torch.meshgrid(x, y, indexing="xy")
    assert gx.tolist() == [[1, 2], [1, 2], [1, 2]] and gy.tolist() == [[3, 3], [4, 4], [5, 5]]
