"""The view ops' scatter forms (select_scatter, slice_scatter, diagonal_scatter,
as_strided_scatter) and index_reduce: values, nodes, saved values and errors recorded from
PyTorch 2.13 (CPU), gradients by central differences in float64 (first and second order)."""

import warnings

import numpy as np
import pytest

import autograd_nb as torch
from tests._finite_differences import numeric_gradients

A = [[0.0] * 4 for _ in range(3)]


def _a():
    return torch.zeros(3, 4)


# --- values ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, values, dtype",
    [
        (
            lambda a: torch.select_scatter(a, torch.arange(4.0), 0, 1),
            [[0, 0, 0, 0], [0, 1, 2, 3], [0, 0, 0, 0]],
            torch.float32,
        ),
        (
            lambda a: torch.select_scatter(a, torch.arange(3.0), 1, -1),
            [[0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0, 2]],
            torch.float32,
        ),
        (
            lambda a: torch.select_scatter(a.long(), torch.arange(4.0), 0, 0),
            [[0, 1, 2, 3], [0, 0, 0, 0], [0, 0, 0, 0]],
            torch.int64,
        ),
        (
            lambda a: a.select_scatter(torch.ones(4, dtype=torch.float64), 0, 0),
            [[1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]],
            torch.float32,
        ),
        (
            lambda a: torch.slice_scatter(a, torch.ones(3, 2), 1, 0, 4, 2),
            [[1, 0, 1, 0], [1, 0, 1, 0], [1, 0, 1, 0]],
            torch.float32,
        ),
        (
            lambda a: torch.slice_scatter(a, torch.ones(1, 4), start=2),
            [[0, 0, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1]],
            torch.float32,
        ),
        (
            lambda a: a.slice_scatter(torch.ones(3, 2), 1, -2),
            [[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 1]],
            torch.float32,
        ),
        (lambda a: torch.slice_scatter(a, torch.ones(3, 0), 1, 5), A, torch.float32),
        (
            lambda a: torch.diagonal_scatter(a, torch.ones(3), 1),
            [[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
            torch.float32,
        ),
        (
            lambda a: a.diagonal_scatter(torch.ones(2), -1),
            [[0, 0, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0]],
            torch.float32,
        ),
        (
            lambda a: torch.diagonal_scatter(a, torch.ones(3), 0, 1, 0),
            [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]],
            torch.float32,
        ),
        (
            lambda a: torch.as_strided_scatter(a, torch.ones(2, 2), (2, 2), (1, 2)),
            [[1, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]],
            torch.float32,
        ),
        (
            lambda a: a.as_strided_scatter(torch.ones(2), (2,), (5,), 1),
            [[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 0]],
            torch.float32,
        ),
    ],
)
def test_values(call, values, dtype, device):
    names = call.__code__.co_names
    if device == "cuda" and {"diagonal_scatter", "as_strided_scatter"} & set(names):
        # writes through a diagonal view use fancy assignment, which the simulated device
        # refuses (as it does for x.diagonal().copy_(...)): these run on the CPU only
        device = "cpu"
    out = call(_a().to(device))
    assert out.dtype is dtype and out.tolist() == values


def test_diagonal_scatter_batched_and_out():
    out = torch.diagonal_scatter(torch.zeros(2, 3, 3), torch.ones(2, 3), 0, 1, 2)
    assert out.tolist() == [np.eye(3).tolist()] * 2
    target = torch.empty(3, 4)
    assert torch.slice_scatter(_a(), torch.ones(3, 2), 1, 0, 4, 2, out=target) is target
    assert target.tolist() == [[1, 0, 1, 0]] * 3
    assert not hasattr(torch.Tensor, "slice_scatter_")


@pytest.mark.parametrize(
    "call, error, text",
    [
        (
            lambda a: torch.select_scatter(a, torch.arange(3.0), 0, 1),
            RuntimeError,
            "expected src to have a size equal to the slice of self. src size = [3], slice size "
            "= [4]",
        ),
        (
            lambda a: torch.select_scatter(a, torch.arange(4.0), 0, 5),
            IndexError,
            "select(): index 5 out of range for tensor of size [3, 4] at dimension 0",
        ),
        (
            lambda a: torch.select_scatter(a, torch.arange(4.0), 2, 0),
            IndexError,
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)",
        ),
        (
            lambda a: torch.select_scatter(a, "s", 0, 0),
            TypeError,
            "select_scatter(): argument 'src' (position 2) must be Tensor, not str",
        ),
        (
            lambda a: torch.slice_scatter(a, torch.ones(2, 4)),
            RuntimeError,
            "expected src to have a size equal to the slice of self. src size = [2, 4], slice "
            "size = [3, 4]",
        ),
        (
            lambda a: torch.slice_scatter(a, torch.ones(3, 2), 1, 0, 4, 0),
            RuntimeError,
            "slice step must be positive",
        ),
        (
            lambda a: torch.diagonal_scatter(a, torch.ones(2)),
            RuntimeError,
            "expected src to have a size equal to the slice of self. src size = [2], slice size "
            "= [3]",
        ),
        (
            lambda a: torch.diagonal_scatter(torch.zeros(2, 3, 3), torch.ones(3, 2), 0, 1, 2),
            RuntimeError,
            "expected src to have a size equal to the slice of self. src size = [3, 2], slice "
            "size = [2, 3]",
        ),
        (
            lambda a: torch.diagonal_scatter(a, torch.ones(3), 0, 0, 0),
            RuntimeError,
            "diagonal dimensions cannot be identical 0, 0",
        ),
        (
            lambda a: torch.as_strided_scatter(a, torch.ones(2, 3), (2, 2), (1, 2)),
            RuntimeError,
            "expected src to have a size equal to the slice of self. src size = [2, 3], slice "
            "size = [2, 2]",
        ),
    ],
)
def test_errors(call, error, text):
    a = _a()
    with pytest.raises(error) as info:
        call(a)
    assert str(info.value) == text
    assert a.tolist() == A  # nothing changed


# --- graph ----------------------------------------------------------------------------------------

W = np.arange(12.0).reshape(3, 4)

# name -> (op of x (3x4) and src (3x2), src's gradient taken from, node, saved values),
# x.grad and src.grad recorded from PyTorch for the gradient W
GRAPH = {
    "slice": (
        lambda x, s: torch.slice_scatter(x, s, 1, 1, 3),
        "SliceScatterBackward0",
        {"_saved_dim": 1, "_saved_start": 1, "_saved_end": 3, "_saved_step": 1},
        [[0, 0, 0, 3], [4, 0, 0, 7], [8, 0, 0, 11]],
        [[1, 2], [5, 6], [9, 10]],
    ),
    "select": (
        lambda x, s: torch.select_scatter(x, s[:, 0], 1, 2),
        "SelectScatterBackward0",
        {"_saved_dim": 1, "_saved_index": 2},
        [[0, 1, 0, 3], [4, 5, 0, 7], [8, 9, 0, 11]],
        [[2, 0], [6, 0], [10, 0]],
    ),
    "diagonal": (
        lambda x, s: torch.diagonal_scatter(x, s[:, 0]),
        "DiagonalScatterBackward0",
        {"_saved_dim1": 0, "_saved_dim2": 1, "_saved_offset": 0},
        [[0, 1, 2, 3], [4, 0, 6, 7], [8, 9, 0, 11]],
        [[0, 0], [5, 0], [10, 0]],
    ),
    # PyTorch 2.13 gives x the gradient inside the written region (its gradcheck fails on this
    # op); autograd_nb gives the true derivative, checked by finite differences below
    "as_strided": (
        lambda x, s: torch.as_strided_scatter(x, s, (3, 2), (4, 1), 1),
        "AsStridedScatterBackward0",
        {"_saved_size": (3, 2), "_saved_stride": (4, 1), "_saved_storage_offset": 1},
        [[0, 0, 0, 3], [4, 0, 0, 7], [8, 0, 0, 11]],
        [[1, 2], [5, 6], [9, 10]],
    ),
}


@pytest.mark.parametrize("name", sorted(GRAPH))
def test_nodes_saved_values_and_gradients(name):
    op, node, saved, grad_x, grad_src = GRAPH[name]
    x = torch.randn(3, 4, requires_grad=True)
    src = torch.randn(3, 2, requires_grad=True)
    y = op(x, src)
    assert type(y.grad_fn).__name__ == node
    assert {key: getattr(y.grad_fn, key) for key in saved} == saved
    y.backward(torch.tensor(W, dtype=torch.float32))
    assert x.grad.tolist() == grad_x and src.grad.tolist() == grad_src


def _square_of(op):
    """op of the squares: a non-linear use, so that second derivatives are not all zero."""
    return lambda x, s: op(x * x, s * s) ** 2


@pytest.mark.parametrize("name", sorted(GRAPH))
def test_gradients_by_finite_differences(name):
    op = _square_of(GRAPH[name][0])
    rng = np.random.default_rng(0)
    xa, xs = rng.uniform(-1, 1, (3, 4)), rng.uniform(-1, 1, (3, 2))
    x = torch.tensor(xa, requires_grad=True)
    s = torch.tensor(xs, requires_grad=True)
    weights = rng.uniform(0.5, 1.5, (3, 4))
    gx, gs = torch.autograd.grad(
        (op(x, s) * torch.tensor(weights)).sum(), (x, s), create_graph=True
    )

    def on_arrays(a, b):
        return op(torch.tensor(a), torch.tensor(b)).numpy()

    ex, es = numeric_gradients(on_arrays, [xa, xs], weights)
    np.testing.assert_allclose(gx.detach().numpy(), ex, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(gs.detach().numpy(), es, rtol=1e-6, atol=1e-8)
    # second order: d/dx of sum(gx * v) against finite differences of the first derivative
    v = rng.uniform(0.5, 1.5, (3, 4))
    (hx,) = torch.autograd.grad((gx * torch.tensor(v)).sum(), (x,))

    def first(a, b):
        a_t = torch.tensor(a, requires_grad=True)
        (g,) = torch.autograd.grad((op(a_t, torch.tensor(b)) * torch.tensor(weights)).sum(), a_t)
        return g.numpy()

    (expected,) = numeric_gradients(lambda a, b: first(a, b), [xa, xs], v)[:1]
    np.testing.assert_allclose(hx.numpy(), expected, rtol=1e-5, atol=1e-7)


# --- index_reduce ---------------------------------------------------------------------------------

X = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]
SRC = [[-1.0, 0.0, 2.0], [3.0, -4.0, 5.0], [6.0, 7.0, -8.0]]
IDX = [0, 2, 0]


@pytest.fixture(autouse=True)
def _quiet_beta_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(
    "reduce, include_self, values",
    [
        ("prod", True, [[-6, 0, -48], [4, 5, 6], [21, -32, 45], [10, 11, 12]]),
        ("prod", False, [[-6, 0, -16], [4, 5, 6], [3, -4, 5], [10, 11, 12]]),
        ("mean", True, [[2, 3, -1], [4, 5, 6], [5, 2, 7], [10, 11, 12]]),
        ("mean", False, [[2.5, 3.5, -3], [4, 5, 6], [3, -4, 5], [10, 11, 12]]),
        ("amax", True, [[6, 7, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]),
        ("amin", False, [[-1, 0, -8], [4, 5, 6], [3, -4, 5], [10, 11, 12]]),
    ],
)
def test_index_reduce_values(reduce, include_self, values, device):
    x, src = torch.tensor(X, device=device), torch.tensor(SRC, device=device)
    idx = torch.tensor(IDX, device=device)
    assert x.index_reduce(0, idx, src, reduce, include_self=include_self).tolist() == values
    assert torch.index_reduce(x, 0, idx.int(), src, reduce, include_self=include_self).tolist() == (
        values
    )
    y = x.clone()
    assert y.index_reduce_(0, idx, src, reduce, include_self=include_self) is y
    assert y.tolist() == values


def test_index_reduce_integers_out_and_warning():
    x, src = torch.tensor(X).long(), torch.tensor(SRC).long()
    out = x.index_reduce(0, torch.tensor(IDX), src, "mean")
    assert out.dtype is torch.int64
    assert out.tolist() == [[2, 3, -1], [4, 5, 6], [5, 2, 7], [10, 11, 12]]
    target = torch.empty(4, 3)
    result = torch.index_reduce(
        torch.tensor(X), 0, torch.tensor(IDX), torch.tensor(SRC), "amax", out=target
    )
    assert result is target and target.tolist()[0] == [6, 7, 3]


def test_index_reduce_warns_that_it_is_beta_once(monkeypatch):
    from autograd_nb.ops import index_writes

    monkeypatch.setattr(index_writes, "_BETA_WARNED", [])
    x, src, idx = torch.tensor(X), torch.tensor(SRC), torch.tensor(IDX)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        x.index_reduce(0, idx, src, "prod")
        x.index_reduce(0, idx, src, "prod")
    assert [str(w.message) for w in caught] == [
        "index_reduce() is in beta and the API may change at any time."
    ]


@pytest.mark.parametrize(
    "call, error, text",
    [
        (
            lambda x, i, s: x.index_reduce(1, i, s, "amax"),
            RuntimeError,
            "source tensor shape must match self tensor shape, excluding the specified dimension."
            " Got self.shape = [4, 3] source.shape = [3, 3]",
        ),
        (
            lambda x, i, s: x.index_reduce(0, i, s, "sum"),
            RuntimeError,
            "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got sum.",
        ),
        (
            lambda x, i, s: x.index_reduce(0, i, s, "max"),
            RuntimeError,
            "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got max.",
        ),
        (
            lambda x, i, s: x.index_reduce(0, i.float(), s, "prod"),
            RuntimeError,
            "index_reduce_(): Expected dtype int32/int64 for index but got: Float",
        ),
        (
            lambda x, i, s: x.index_reduce(0, i, s[:2], "prod"),
            RuntimeError,
            "index_reduce_(): Number of indices (3) should be equal to source.size(dim): (2), "
            "for dim: 0",
        ),
        (
            lambda x, i, s: x.index_reduce(0, i, s[:, :2], "prod"),
            RuntimeError,
            "source tensor shape must match self tensor shape, excluding the specified dimension."
            " Got self.shape = [4, 3] source.shape = [3, 2]",
        ),
        (
            lambda x, i, s: x.index_reduce(0, torch.tensor([0, 5, 0]), s, "prod"),
            IndexError,
            "index out of range in self",
        ),
        (
            lambda x, i, s: x.index_reduce(0, torch.tensor([0, -1, 0]), s, "prod"),
            IndexError,
            "index out of range in self",
        ),
        (
            lambda x, i, s: x.index_reduce(0, i, s.double(), "prod"),
            RuntimeError,
            "index_reduce_(): self (Float) and source (Double) must have the same scalar type",
        ),
        (
            lambda x, i, s: x.index_reduce(0, i.view(3, 1), s, "prod"),
            IndexError,
            "index_reduce_(): Index is supposed to be a vector, but got dim: 2 with type: Long "
            "and size: [3, 1]",
        ),
        (
            lambda x, i, s: x.index_reduce(2, i, s, "prod"),
            IndexError,
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)",
        ),
        (
            lambda x, i, s: torch.index_reduce(x, 0, i, "a", "prod"),
            TypeError,
            "index_reduce(): argument 'source' (position 4) must be Tensor, not str",
        ),
        (
            lambda x, i, s: torch.tensor(5.0).index_reduce(
                0, torch.tensor([0]), torch.tensor([2.0]), "prod"
            ),
            RuntimeError,
            "source tensor shape must match self tensor shape, excluding the specified dimension."
            " Got self.shape = [] source.shape = [1]",
        ),
    ],
)
def test_index_reduce_errors(call, error, text):
    x = torch.tensor(X)
    with pytest.raises(error) as info:
        call(x, torch.tensor(IDX), torch.tensor(SRC))
    assert str(info.value) == text
    assert x.tolist() == X


G = np.arange(12.0).reshape(4, 3)

# (reduce, include_self) -> (x.grad, src.grad) recorded from PyTorch for the gradient G
INDEX_REDUCE_GRADS = {
    ("prod", True): (
        [[-0.0, 0, -32], [3, 4, 5], [18, -28, 40], [9, 10, 11]],
        [[0, 14, -48], [42, 56, 72], [-0.0, 0, 12]],
    ),
    ("prod", False): (
        [[0, 0, 0], [3, 4, 5], [0, 0, 0], [9, 10, 11]],
        [[0, 7, -16], [6, 7, 8], [-0.0, 0, 4]],
    ),
    ("mean", True): (
        [[0, 1 / 3, 2 / 3], [3, 4, 5], [3, 3.5, 4], [9, 10, 11]],
        [[0, 1 / 3, 2 / 3], [3, 3.5, 4], [0, 1 / 3, 2 / 3]],
    ),
    ("mean", False): (
        [[0, 0, 0], [3, 4, 5], [0, 0, 0], [9, 10, 11]],
        [[0, 0.5, 1], [6, 7, 8], [0, 0.5, 1]],
    ),
    ("amax", True): (
        [[0, 0, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]],
        [[0, 0, 0], [0, 0, 0], [0, 1, 0]],
    ),
    ("amax", False): (
        [[0, 0, 0], [3, 4, 5], [0, 0, 0], [9, 10, 11]],
        [[0, 0, 2], [6, 7, 8], [0, 1, 0]],
    ),
    ("amin", True): (
        [[0, 0, 0], [3, 4, 5], [0, 0, 0], [9, 10, 11]],
        [[0, 1, 0], [6, 7, 8], [0, 0, 2]],
    ),
    ("amin", False): (
        [[0, 0, 0], [3, 4, 5], [0, 0, 0], [9, 10, 11]],
        [[0, 1, 0], [6, 7, 8], [0, 0, 2]],
    ),
}


@pytest.mark.parametrize("key", sorted(INDEX_REDUCE_GRADS))
def test_index_reduce_gradients_pytorch_gives(key):
    reduce, include_self = key
    x = torch.tensor(X, dtype=torch.float64, requires_grad=True)
    src = torch.tensor(SRC, dtype=torch.float64, requires_grad=True)
    y = x.index_reduce(0, torch.tensor(IDX), src, reduce, include_self=include_self)
    assert type(y.grad_fn).__name__ == "IndexReduceBackward0"
    y.backward(torch.tensor(G))
    grad_x, grad_src = INDEX_REDUCE_GRADS[key]
    np.testing.assert_allclose(x.grad.numpy(), grad_x, rtol=1e-12)
    np.testing.assert_allclose(src.grad.numpy(), grad_src, rtol=1e-12)


@pytest.mark.parametrize("reduce", ["prod", "mean", "amax", "amin"])
@pytest.mark.parametrize("include_self", [True, False])
def test_index_reduce_gradients_by_finite_differences(reduce, include_self):
    rng = np.random.default_rng(1)
    xa, sa = rng.uniform(0.5, 2, (4, 3)), rng.uniform(0.5, 2, (3, 3))  # distinct: no ties
    idx = torch.tensor(IDX)
    weights = rng.uniform(0.5, 1.5, (4, 3))

    def op(a, b):
        return a.index_reduce(0, idx, b, reduce, include_self=include_self)

    x, s = torch.tensor(xa, requires_grad=True), torch.tensor(sa, requires_grad=True)
    (op(x, s) * torch.tensor(weights)).sum().backward()
    ex, es = numeric_gradients(
        lambda a, b: op(torch.tensor(a), torch.tensor(b)).numpy(), [xa, sa], weights
    )
    np.testing.assert_allclose(x.grad.numpy(), ex, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(s.grad.numpy(), es, rtol=1e-6, atol=1e-8)
