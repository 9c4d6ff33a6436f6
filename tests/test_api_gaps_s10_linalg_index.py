"""PyTorch APIs a learner pastes that autograd_nb lacked (s10): inner, addr, chain_matmul,
index_put(_), put(_), masked_scatter(_), scatter_reduce(_). Values and texts recorded from PyTorch
2.13; gradients by finite differences in float64."""

import pytest

from tests._recorded import check_recorded

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


# --- gradients: central differences in float64 (gradcheck) ---------------------------------------

import autograd_nb as torch  # noqa: E402
from autograd_nb.autograd import gradcheck  # noqa: E402


def _double(values):
    return torch.tensor(values, dtype=torch.float64, requires_grad=True)


def test_inner_addr_chain_matmul_gradients():
    a, b = _double([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]), _double([[0.5, -1.0, 2.0]])
    assert gradcheck(torch.inner, (a, b))
    assert gradcheck(lambda u: torch.inner(u, torch.tensor(2.0, dtype=torch.float64)), (a,))
    m, v, w = (
        _double([[1.0, 2.0, 3.0], [0.0, -1.0, 0.5]]),
        _double([1.0, 3.0]),
        _double([2.0, 0.5, -1.0]),
    )
    assert gradcheck(lambda c, p, q: torch.addr(c, p, q, beta=0.5, alpha=2.0), (m, v, w))
    assert gradcheck(lambda c, p, q: torch.addr(c, p, q), (_double([1.0, 2.0, 3.0]), v, w))
    q, r = _double([[1.0, 0.0], [2.0, 1.0], [0.5, 3.0]]), _double([[1.0], [2.0]])
    assert gradcheck(lambda p1, p2, p3: torch.chain_matmul(p1, p2, p3), (a, q, r))


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
