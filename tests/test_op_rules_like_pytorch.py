"""Rules PyTorch 2.13 applies across many ops (dtypes, 0-d and empty tensors, shape errors), by class.

Expected values and texts were recorded from PyTorch 2.13 (CPU) in a side venv:
- half precision computed in float32 and rounded once (PyTorch's "opmath"): element-wise ops,
  activations, softmax and sums;
- bool (and integer) tensors refused by the kernels PyTorch has no version of, with its texts;
- a 0-d tensor accepting dims 0 and -1; empty tensors' strides and truth value;
- repeat_interleave, composed as PyTorch composes it.
"""

from __future__ import annotations

import pytest

import autograd_nb as torch
from autograd_nb import nn

F = nn.functional

HALF = [0.5, -1.25, 3.0]


@pytest.mark.parametrize(
    "op, expected",
    [
        (torch.erf, [0.5205078125, -0.9228515625, 1.0]),
        (torch.sinc, [0.63671875, -0.1800537109375, -0.0]),  # sin(3 pi) / (3 pi) rounds to -0.
        (lambda x: torch.softmax(x, 0), [0.07489013671875, 0.01300811767578125, 0.912109375]),
        (F.gelu, [0.345703125, -0.132080078125, 2.99609375]),
        (F.selu, [0.525390625, -1.2548828125, 3.15234375]),
        (lambda x: F.softplus(x * 4), [2.126953125, 0.0067138671875, 12.0]),
        # log_softmax adds up in half precision in PyTorch: not rounded once
        (lambda x: F.log_softmax(x, 0), [-2.591796875, -4.34375, -0.09228515625]),
    ],
)
def test_half_precision_is_computed_in_float32_and_rounded_once(op, expected):
    out = op(torch.tensor(HALF, dtype=torch.float16))
    assert out.dtype == torch.float16 and out.tolist() == expected


def test_half_precision_sums_add_up_in_float32():
    torch.manual_seed(0)
    x = torch.rand(4, 3, dtype=torch.float16)
    assert x.sum(0).tolist() == [1.7509765625, 2.3203125, 1.580078125]
    assert x.sum().item() == 5.65234375 and torch.nansum(x).item() == 5.65234375
    assert x.sum().dtype == torch.float16


B = torch.tensor([[True, False], [True, True]])
I = torch.tensor([[1, 2], [3, 4]])


def _kernel(name: str, dtype: str = "Bool") -> str:
    return f"\"{name}\" not implemented for '{dtype}'"


NEG_BOOL = (
    "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert "
    "a mask, use the `~` or `logical_not()` operator instead."
)


@pytest.mark.parametrize(
    "call, error, text",
    [
        (lambda: torch.mm(B, B), NotImplementedError, _kernel("addmm_impl_cpu_")),
        (lambda: B @ B, NotImplementedError, _kernel("addmm_impl_cpu_")),
        (lambda: torch.addmm(B, B, B), NotImplementedError, _kernel("addmm_impl_cpu_")),
        (lambda: torch.mv(B, B[0]), NotImplementedError, _kernel("addmv_impl_cpu")),
        (lambda: B @ B[0], NotImplementedError, _kernel("addmv_impl_cpu")),
        (lambda: torch.bmm(B[None], B[None]), NotImplementedError, _kernel("bmm")),
        (lambda: torch.einsum("ij,jk->ik", B, B), NotImplementedError, _kernel("bmm")),
        (lambda: torch.dot(B[0], B[0]), NotImplementedError, _kernel("dot")),
        (lambda: B[0] @ B[0], NotImplementedError, _kernel("dot")),
        (lambda: B.trace(), NotImplementedError, _kernel("trace")),
        (lambda: B[0].trace(), NotImplementedError, _kernel("trace")),  # dtype before dims
        (lambda: B.argmax(), RuntimeError, "argmax(): does not support bool input"),
        (lambda: B.argmin(0), RuntimeError, "argmin(): does not support bool input"),
        (lambda: B.topk(1), RuntimeError, "topk does not support bool dtypes on CPU"),
        (
            lambda: torch.mvlgamma(B, 1),
            RuntimeError,
            "The input tensor may not be a boolean tensor.",
        ),
        (lambda: torch.addcmul(B, B, B), NotImplementedError, _kernel("addcmul_cpu_out")),
        (
            lambda: torch.trapezoid(B),
            RuntimeError,
            "trapezoid: received a bool input for `y`, but bool is not supported",
        ),
        (
            lambda: torch.cumulative_trapezoid(B),
            RuntimeError,
            "cumulative_trapezoid: received a bool input for `y`, but bool is not supported",
        ),
        (lambda: torch.relu(B), RuntimeError, "Boolean inputs not supported for relu"),
        (lambda: B.clone().relu_(), RuntimeError, "Boolean inputs not supported for relu"),
        (lambda: F.relu(B), RuntimeError, "Boolean inputs not supported for relu"),
        (lambda: torch.floor(B), NotImplementedError, _kernel("floor_vml_cpu")),
        (lambda: B.clone().ceil_(), NotImplementedError, _kernel("ceil_vml_cpu")),
        (lambda: torch.trunc(B), NotImplementedError, _kernel("trunc_vml_cpu")),
        (lambda: torch.fix(B), NotImplementedError, _kernel("trunc_vml_cpu")),
        (lambda: torch.neg(B), RuntimeError, NEG_BOOL),
        (lambda: B.clone().negative_(), RuntimeError, NEG_BOOL),
        (
            lambda: torch.linalg.cross(
                torch.ones(3, dtype=torch.bool), torch.ones(3, dtype=torch.bool)
            ),
            NotImplementedError,
            _kernel("cross"),
        ),
        (lambda: F.leaky_relu(I), NotImplementedError, _kernel("leaky_relu_cpu", "Long")),
        (lambda: F.leaky_relu(B), NotImplementedError, _kernel("leaky_relu_cpu")),
        (
            lambda: F.batch_norm(I, torch.zeros(2), torch.ones(2)),
            NotImplementedError,
            _kernel("batch_norm", "Long"),
        ),
        (
            lambda: F.dropout(I),
            RuntimeError,
            "result type Float can't be cast to the desired output type Long",
        ),
        (
            lambda: F.cosine_similarity(I, I),
            RuntimeError,
            "expected common dtype to be floating point, yet common dtype is Long",
        ),
        (
            lambda: torch.cdist(I.float(), I),
            RuntimeError,
            "cdist only supports floating-point dtypes, X2 got: Long",
        ),
        (
            lambda: torch.cdist(B, I.float()),
            RuntimeError,
            "cdist only supports floating-point dtypes, X1 got: Bool",
        ),
        (lambda: torch.cdist(I.half(), I.half()), NotImplementedError, _kernel("cdist", "Half")),
        (
            lambda: torch.std_mean(I.reshape(-1)),
            RuntimeError,
            "std_mean only support floating point and complex dtypes",
        ),
        (
            lambda: torch.var_mean(I),
            RuntimeError,
            "var_mean only support floating point and complex dtypes",
        ),
    ],
)
def test_kernels_pytorch_lacks_for_a_dtype_refuse_it_with_its_text(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value) == text


def test_dtypes_pytorch_accepts_stay_accepted():
    assert torch.sign(torch.tensor([True, False])).tolist() == [True, False]
    assert torch.sign(torch.tensor([True, False])).dtype == torch.bool
    assert torch.outer(B[0], B[0]).dtype == torch.bool and torch.kron(B, B).dtype == torch.bool
    assert torch.mm(I, I).tolist() == [[7, 10], [15, 22]]
    assert F.dropout(I, training=False) is I and F.dropout(I, 0.0) is I
    assert F.cosine_similarity(torch.ones(2, 2), I).dtype == torch.float32
    bn = nn.BatchNorm1d(2)
    with pytest.raises(NotImplementedError):
        bn(torch.ones(3, 2, dtype=torch.long))
    assert bn.num_batches_tracked.item() == 0  # the failed forward changed nothing


@pytest.mark.parametrize(
    "call, text, grad_fn",
    [
        (lambda x: x.mean(0), "tensor(1.5000, grad_fn=<MeanBackward1>)", "MeanBackward1"),
        (lambda x: x.var(0, correction=0), "tensor(0., grad_fn=<VarBackward0>)", "VarBackward0"),
        (lambda x: x.flip(0), "tensor(1.5000, grad_fn=<FlipBackward0>)", "FlipBackward0"),
        (
            lambda x: x.transpose(0, -1),
            "tensor(1.5000, grad_fn=<TransposeBackward0>)",
            "TransposeBackward0",
        ),
        (lambda x: x.movedim(0, -1), "tensor(1.5000, grad_fn=<AliasBackward0>)", "AliasBackward0"),
        (
            lambda x: x.index_select(0, torch.tensor([0])),
            "tensor(1.5000, grad_fn=<IndexSelectBackward0>)",
            "IndexSelectBackward0",
        ),
    ],
)
def test_a_0d_tensor_takes_dims_0_and_minus_1(call, text, grad_fn):
    x = torch.tensor(1.5, requires_grad=True)
    out = call(x)
    assert repr(out) == text and type(out.grad_fn).__name__ == grad_fn
    (out * 3).backward()
    assert x.grad.tolist() == (0.0 if grad_fn == "VarBackward0" else 3.0)


def test_a_0d_tensor_refuses_what_pytorch_refuses():
    x = torch.tensor(1.5)
    with pytest.raises(IndexError, match="^Dimension specified as 0 but tensor has no dimensions$"):
        x.roll(1, 0)
    with pytest.raises(RuntimeError, match="^unflatten got an unexpected error:\n"):
        x.unflatten(0, (1,))
    assert x.roll(1).tolist() == 1.5  # no dims: the flattened tensor rolls


def test_empty_tensors_strides_truth_and_reductions():
    assert torch.zeros(0).stride() == (1,) and torch.zeros(2, 0).stride() == (1, 1)
    assert torch.zeros(2, 0, 3).stride() == (3, 3, 1)
    with pytest.raises(RuntimeError, match="^Boolean value of Tensor with no values is ambiguous$"):
        bool(torch.zeros(0))
    with pytest.raises(RuntimeError, match="with more than one value is ambiguous$"):
        bool(torch.zeros(2))
    low, high = torch.zeros(2, 0).aminmax(dim=0)
    assert low.shape == (0,) and high.shape == (0,)
    with pytest.raises(
        IndexError, match="^aminmax: Expected reduction dim 1 to have non-zero size.$"
    ):
        torch.zeros(2, 0).aminmax(dim=1)
    x = torch.zeros(0, requires_grad=True)
    assert repr(x.diag()) == "tensor([], size=(0, 0), grad_fn=<DiagEmbedBackward0>)"
    x.diag(1).sum().backward()
    assert x.grad.shape == (0,)


def test_repeat_interleave_values_grad_fns_and_gradients():
    torch.manual_seed(0)
    x = torch.randn(2, 3, requires_grad=True)
    by_two = x.repeat_interleave(2, dim=0)
    assert type(by_two.grad_fn).__name__ == "ViewBackward0" and by_two.shape == (4, 3)
    assert by_two[1].tolist() == x[0].tolist() and by_two[2].tolist() == x[1].tolist()
    by_counts = torch.repeat_interleave(x, torch.tensor([1, 2]), dim=0)
    assert type(by_counts.grad_fn).__name__ == "IndexSelectBackward0"
    weights = torch.arange(9.0).reshape(3, 3)
    (by_counts * weights).sum().backward()
    assert x.grad.tolist() == [[0.0, 1.0, 2.0], [9.0, 11.0, 13.0]]  # rows 1 and 2 add up
    assert x.repeat_interleave(2).shape == (12,)  # no dim: flattened
    assert torch.repeat_interleave(torch.tensor([2, 0, 1])).tolist() == [0, 0, 2]
    assert x.repeat_interleave(torch.tensor(2), dim=1).shape == (2, 6)


@pytest.mark.parametrize(
    "call, error, text",
    [
        (lambda x: x.repeat_interleave(-1), RuntimeError, "Repeats must be non-negative"),
        (
            lambda x: x.repeat_interleave(torch.tensor([-1, 2]), dim=0),
            RuntimeError,
            "repeats can not be negative",
        ),
        (
            lambda x: x.repeat_interleave(torch.tensor([1, 2, 3]), dim=0),
            RuntimeError,
            "repeats must have the same size as input along dim, but got repeats.size(0) = 3 and "
            "input.size(0) = 2",
        ),
        (
            lambda x: x.repeat_interleave(torch.tensor([[1, 2]]), dim=0),
            RuntimeError,
            "repeats must be 0-dim or 1-dim tensor",
        ),
        (
            lambda x: x.repeat_interleave(torch.tensor([1.0, 2.0]), dim=0),
            NotImplementedError,
            _kernel("repeat_interleave_cpu", "Float"),
        ),
        (
            lambda x: x.repeat_interleave(2, dim=0, output_size=5),
            RuntimeError,
            "repeat_interleave: Invalid output_size, expected 4 but got 5",
        ),
        (
            lambda x: torch.repeat_interleave(torch.tensor(3)),
            RuntimeError,
            "repeat_interleave only accept 1D vector as repeat",
        ),
    ],
)
def test_repeat_interleave_refuses_bad_repeats_as_pytorch(call, error, text):
    with pytest.raises(error) as caught:
        call(torch.zeros(2, 3))
    assert str(caught.value) == text


def test_sorting_a_bool_tensor_keeps_bools():
    values, indices = torch.tensor(True).sort(0)
    assert repr(values) == "tensor(True)" and indices.item() == 0
    values, indices = torch.tensor([True, False, True]).sort(descending=True)
    assert values.tolist() == [True, True, False] and indices.tolist() == [0, 2, 1]


@pytest.mark.parametrize(
    "key, text",
    [
        (
            0,
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` "
            "in C++ to convert a 0-dim tensor to a number",
        ),
        (slice(None), "slice() cannot be applied to a 0-dim tensor."),
        (slice(None, None, 2), "slice() cannot be applied to a 0-dim tensor."),
        ((..., 0), "too many indices for tensor of dimension 0"),
        ((0, ...), "too many indices for tensor of dimension 0"),
        ([0], "too many indices for tensor of dimension 0"),
        (torch.tensor(0), "too many indices for tensor of dimension 0"),
    ],
)
def test_indexing_a_0d_tensor_says_what_pytorch_says(key, text):
    with pytest.raises(IndexError) as caught:
        torch.tensor(1.5)[key]
    assert str(caught.value) == text


def test_where_names_the_dim_where_its_operands_disagree():
    a, b = torch.zeros(2, 3), torch.zeros(3, 2)
    with pytest.raises(RuntimeError) as caught:
        torch.where(b > 0, b, a)
    assert str(caught.value) == (
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"
    )
    with pytest.raises(RuntimeError) as caught:
        torch.where(a > 0, b, a)
    assert str(caught.value) == (
        "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"
    )


def test_expand_reports_the_last_mismatching_dim_first():
    with pytest.raises(RuntimeError) as caught:
        torch.zeros(3, 2).expand(2, 2, 3)
    assert str(caught.value) == (
        "The expanded size of the tensor (3) must match the existing size (2) at non-singleton "
        "dimension 2.  Target sizes: [2, 2, 3].  Tensor sizes: [3, 2]"
    )


def test_t_in_place_checks_like_pytorch():
    with pytest.raises(RuntimeError, match=r"^t_\(\) expects a tensor with <= 2 dimensions"):
        torch.zeros(2, 2, 2).t_()
    leaf = torch.zeros(2, 3, requires_grad=True)
    with pytest.raises(RuntimeError, match="^a view of a leaf Variable that requires grad"):
        leaf.expand(2, 2, 3).t_()  # the leaf's view is refused before the dims are counted


def test_copying_a_tensor_into_itself_is_allowed_and_counts_a_write():
    x = torch.zeros(2, 3).expand(2, 2, 3)  # overlapping memory: refused for any other source
    assert x.copy_(x) is x and x._version == 1


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_a_gradient_arrives_in_its_tensors_own_dtype(engine):
    # PyTorch's engine casts each gradient to its input's dtype: a half-precision leaf gets a
    # half-precision .grad even where the op promoted to float32 (an int64 operand here)
    from autograd_nb.autograd import engine as reference

    def run():
        x = torch.tensor([0.5, 3.0], dtype=torch.float16, requires_grad=True)
        y = torch.minimum(x, torch.tensor(2))
        y.retain_grad()
        (y * torch.tensor([1.0, 2.0])).sum().backward()
        return x, y

    if engine == "reference":
        with reference.use_reference_only():
            x, y = run()
    else:
        x, y = run()
    assert x.grad.dtype == torch.float16 and x.grad.tolist() == [1.0, 0.0]
    assert y.grad.dtype == torch.float16 and y.grad.tolist() == [1.0, 2.0]


def test_gradients_masked_off_are_plus_zero_as_pytorch_prints_them():
    # PyTorch's clamp and max(dim) backward select with where(): a masked-off slot is 0., never
    # -0. (a product with a 0/1 mask would give -0. for a negative gradient)
    x = torch.tensor([-2.0, 0.25, 3.0], requires_grad=True)
    (x.clamp(-1, 1) * torch.tensor([-1.0, -1.0, -1.0])).sum().backward()
    assert repr(x.grad) == "tensor([ 0., -1.,  0.])"
    m = torch.tensor([[1.0, 5.0], [4.0, 2.0]], requires_grad=True)
    (m.max(0).values * torch.tensor([-1.0, -2.0])).sum().backward()
    assert repr(m.grad) == "tensor([[ 0., -2.],\n        [-1.,  0.]])"
    low = torch.tensor([0.0, 0.0], requires_grad=True)
    y = torch.tensor([-1.0, 1.0], requires_grad=True)
    (y.clamp_min(low) * -1.0).sum().backward()
    assert repr(y.grad) == "tensor([ 0., -1.])" and repr(low.grad) == "tensor([-1.,  0.])"


SAVES_INDICES = [
    lambda x: x[x > 0],
    lambda x: x[[0, 1]],
    lambda x: x[:, [0, 2]],
    lambda x: x.index_select(1, torch.tensor([0, 2])),
    lambda x: x.gather(1, torch.tensor([[0], [1], [2], [0]])),
    lambda x: x.masked_select(x > 0),
    lambda x: x.masked_fill(x > 0, 1.0),
    lambda x: x.scatter(1, torch.tensor([[0], [1], [2], [0]]), 1.0),
    lambda x: x.index_fill(1, torch.tensor([0]), 2.0),
    lambda x: x.max(0).values,
    lambda x: x.sort(0).values,
    lambda x: x.topk(1).values,
    lambda x: x.cummax(0).values,
    lambda x: F.nll_loss(x, torch.tensor([0, 1, 2, 0])),
]


@pytest.mark.parametrize("op", SAVES_INDICES)
def test_backward_a_second_time_through_an_op_that_saved_indices_raises(op):
    # PyTorch 2.13 frees the indices and masks these ops saved, like any saved tensor
    x = torch.rand(4, 3, requires_grad=True)
    total = op(x).sum()
    total.backward(retain_graph=True)
    total.backward()  # retained once: a second pass works
    with pytest.raises(RuntimeError, match="^Trying to backward through the graph a second time"):
        total.backward()


@pytest.mark.parametrize(
    "op", [lambda x: x.sum(), lambda x: x.expand(2, 4, 3).sum(), lambda x: (x + 1).sum()]
)
def test_backward_twice_through_ops_that_saved_nothing_works(op):
    x = torch.rand(4, 3, requires_grad=True)
    total = op(x)
    total.backward()
    total.backward()  # nothing was saved, so nothing was freed (as in PyTorch)
    assert x.grad.shape == (4, 3)
