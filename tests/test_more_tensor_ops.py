"""index_add/index_copy/index_fill, addmv/addbmm/baddbmm, logaddexp/hypot/fmod/signbit/heaviside,
rot90/tensor_split/h-v-dsplit/dstack/column_stack, bernoulli/multinomial and a few Tensor
attributes. Golden values, grad_fn names and error texts below come from PyTorch 2.13; gradients
are checked numerically in float64 on every device."""

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck
from tests._finite_differences import numeric_gradient

A = [[0.5, -1.25, 2.0], [1.5, 0.25, -0.75]]
B = [[1.0, 2.0, -0.5], [0.0, -1.5, 3.0]]
V = [0.3, -0.6, 0.9]


def _index(device, values):
    return torch.tensor(values, device=device)


# name -> (function of (a, b, v, device), PyTorch 2.13's values (flattened, 6 decimals), grad_fn)
GOLDEN = {
    "logaddexp": (
        lambda a, b, v, d: torch.logaddexp(a, b),
        [1.474077, 2.038041, 2.07889, 1.701413, 0.410224, 3.023245],
        "LogaddexpBackward0",
    ),
    "hypot": (
        lambda a, b, v, d: torch.hypot(a, b),
        [1.118034, 2.358495, 2.061553, 1.5, 1.520691, 3.092329],
        "HypotBackward0",
    ),
    "fmod": (
        lambda a, b, v, d: torch.fmod(a * 3, b + 2.25),
        [1.5, -3.75, 0.75, 0.0, 0.0, -2.25],
        "FmodBackward1",
    ),
    "fmod_number": (
        lambda a, b, v, d: torch.fmod(a * 3, -1.5),
        [0.0, -0.75, 0.0, 0.0, 0.75, -0.75],
        "FmodBackward0",
    ),
    "heaviside": (
        lambda a, b, v, d: torch.heaviside(a.round(), v),
        [0.3, 0.0, 1.0, 1.0, -0.6, 0.0],
        "NotImplemented",
    ),
    "index_add": (
        lambda a, b, v, d: torch.index_add(a, 1, _index(d, [1, 0, 1]), b, alpha=2),
        [4.5, -0.25, 2.0, -1.5, 6.25, -0.75],
        "IndexAddBackward0",
    ),
    "index_copy": (
        lambda a, b, v, d: a.index_copy(0, _index(d, [1, 0]), b),
        [0.0, -1.5, 3.0, 1.0, 2.0, -0.5],
        "IndexCopyBackward0",
    ),
    "index_fill": (
        lambda a, b, v, d: a.index_fill(1, _index(d, [0, 2]), -1.5),
        [-1.5, -1.25, -1.5, -1.5, 0.25, -1.5],
        "IndexFillBackward0",
    ),
    "index_fill_tensor": (
        lambda a, b, v, d: a.index_fill(1, _index(d, [2]), v[1]),
        [0.5, -1.25, -0.6, 1.5, 0.25, -0.6],
        "IndexFillBackward1",
    ),
    "addmv": (
        lambda a, b, v, d: torch.addmv(b[:, 0], a, v, beta=0.5, alpha=-2),
        [-4.9, 0.75],
        "AddmvBackward0",
    ),
    "addbmm": (
        lambda a, b, v, d: torch.addbmm(v, a.reshape(2, 3, 1), b.reshape(2, 1, 3), beta=2),
        [1.1, -2.45, 6.05, -0.65, -4.075, 3.175, 2.6, 3.925, -1.45],
        "AddbmmBackward0",
    ),
    "baddbmm": (
        lambda a, b, v, d: torch.baddbmm(v, a.reshape(2, 3, 1), b.reshape(2, 1, 3), alpha=0.5),
        [
            0.55,
            -0.1,
            0.775,
            -0.325,
            -1.85,
            1.2125,
            1.3,
            1.4,
            0.4,
            0.3,
            -1.725,
            3.15,
            0.3,
            -0.7875,
            1.275,
            0.3,
            -0.0375,
            -0.225,
        ],
        "BaddbmmBackward0",
    ),
    "rot90": (
        lambda a, b, v, d: torch.rot90(a),
        [2.0, -0.75, -1.25, 0.25, 0.5, 1.5],
        "Rot90Backward0",
    ),
    "rot90_3": (
        lambda a, b, v, d: a.rot90(3, [1, 0]),
        [2.0, -0.75, -1.25, 0.25, 0.5, 1.5],
        "Rot90Backward0",
    ),
    "dstack": (
        lambda a, b, v, d: torch.dstack([a, b]),
        [0.5, 1.0, -1.25, 2.0, 2.0, -0.5, 1.5, 0.0, 0.25, -1.5, -0.75, 3.0],
        "CatBackward0",
    ),
    "column_stack": (
        lambda a, b, v, d: torch.column_stack([v, a.t()]),
        [0.3, 0.5, 1.5, -0.6, -1.25, 0.25, 0.9, 2.0, -0.75],
        "CatBackward0",
    ),
    "hsplit": (
        lambda a, b, v, d: torch.hsplit(a, [1])[1],
        [-1.25, 2.0, 0.25, -0.75],
        "SliceBackward0",
    ),
}


def _inputs(device):
    return [
        torch.tensor(x, dtype=torch.float64, device=device, requires_grad=True) for x in (A, B, V)
    ]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_values_and_grad_fn_match_pytorch(name, device):
    fn, expected, node = GOLDEN[name]
    out = fn(*_inputs(device), device)
    assert type(out.grad_fn).__name__ == node
    assert out.device.type == device
    assert out.detach().cpu().reshape(-1).tolist() == pytest.approx(expected, abs=1e-6)


def _long(device, values):
    return torch.tensor(values, device=device)


# name -> (function, shapes of its random float64 inputs)
GRADCHECK = {
    "logaddexp": (lambda x, y: torch.logaddexp(x, y), [(2, 3), (3,)]),
    "hypot": (lambda x, y: torch.hypot(x, y), [(2, 3), (2, 1)]),
    "fmod": (lambda x, y: torch.fmod(x * 3, y.abs() + 0.5), [(2, 3), (3,)]),
    "fmod_number": (lambda x: torch.fmod(x * 3, 0.7), [(2, 3)]),
    "index_add": (
        lambda x, s, d="cpu": x.index_add(0, _long(x.device, [2, 0, 2]), s, alpha=-1.5),
        [(4, 3), (3, 3)],
    ),
    "index_copy": (lambda x, s: x.index_copy(1, _long(x.device, [2, 0]), s), [(3, 4), (3, 2)]),
    "index_fill": (lambda x: x.index_fill(1, _long(x.device, [0, 2]), 0.5), [(3, 4)]),
    "index_fill_tensor": (
        lambda x, v: x.index_fill(0, _long(x.device, [1]), v.sum()),
        [(3, 2), (2,)],
    ),
    "addmv": (lambda c, m, v: torch.addmv(c, m, v, beta=0.5, alpha=2), [(1,), (2, 3), (3,)]),
    "addbmm": (
        lambda c, p, q: torch.addbmm(c, p, q, beta=-1, alpha=0.5),
        [(4,), (2, 3, 2), (2, 2, 4)],
    ),
    "baddbmm": (lambda c, p, q: torch.baddbmm(c, p, q, alpha=3), [(3, 4), (2, 3, 2), (2, 2, 4)]),
    "rot90": (lambda x: [torch.rot90(x, k, (2, 0)) for k in (1, 2, 3)], [(2, 3, 4)]),
    "tensor_split": (lambda x: list(torch.tensor_split(x, 3, dim=1)), [(2, 5)]),
    "tensor_split_indices": (lambda x: list(x.tensor_split([1, 4], 0)), [(5, 2)]),
    "hsplit": (lambda x: list(torch.hsplit(x, 2)), [(3, 4)]),
    "vsplit": (lambda x: list(torch.vsplit(x, [1])), [(3, 4)]),
    "dstack": (lambda x, y: torch.dstack([x, y]), [(3,), (3,)]),
    "column_stack": (lambda x, y: torch.column_stack([x, y]), [(3,), (3, 2)]),
}


@pytest.mark.parametrize("name", sorted(GRADCHECK))
def test_gradients(name, device):
    fn, shapes = GRADCHECK[name]
    torch.manual_seed(0)
    inputs = tuple(
        torch.randn(*s, dtype=torch.float64, device=device, requires_grad=True) for s in shapes
    )
    assert gradcheck(fn, inputs)


def test_pointwise_values_of_note(device):
    t = lambda values, **kw: torch.tensor(values, device=device, **kw)  # noqa: E731
    inf = float("inf")
    # PyTorch: logaddexp keeps infinities; fmod takes the dividend's sign (nan for 0)
    assert torch.logaddexp(
        t([-1000.0, inf, -inf]), t([-1000.0, inf, -inf])
    ).tolist() == pytest.approx([-999.306853, inf, -inf])
    assert (
        str(torch.fmod(t([-3.0, 3.0, -3.5, 5.0]), t([2.0, -2.0, 2.0, 0.0])).cpu())
        == "tensor([-1.0000,  1.0000, -1.5000,     nan])"
    )
    assert torch.fmod(t([-7, 7]), t([2, -3])).tolist() == [-1, 1]
    assert torch.fmod(t([-3, 3]), 2.5).tolist() == [-0.5, 0.5]
    assert t([-3, 3]).fmod(2).dtype is torch.int64
    assert str(torch.fmod(t([-0.0]), 2).cpu()) == "tensor([-0.])"
    assert torch.signbit(t([-1.5, 0.0, 2.0, -0.0, float("nan"), -inf])).tolist() == [
        True,
        False,
        False,
        True,
        False,
        True,
    ]
    assert torch.signbit(t([-1, 0, 1])).tolist() == [True, False, False]
    assert torch.signbit(t([250], dtype=torch.uint8)).tolist() == [False]
    assert torch.heaviside(t([-1, 0, 2]), t([7])).tolist() == [0, 7, 1]
    assert torch.heaviside(t([True, False]), t([False])).tolist() == [True, False]
    assert torch.heaviside(t([float("nan")]), t([0.5])).tolist() == [0.0]
    assert torch.hypot(t([3.0]), t([4.0], dtype=torch.float64)).dtype is torch.float64


@pytest.mark.parametrize("op", [torch.fmod, torch.Tensor.fmod_])
def test_integer_fmod_by_zero_raises_as_pytorch(op, device):
    with pytest.raises(RuntimeError, match="^ZeroDivisionError$"):
        op(torch.tensor([-3, 3], device=device), 0)
    with pytest.raises(RuntimeError, match="^ZeroDivisionError$"):
        op(torch.tensor([-3, 3], device=device), torch.tensor([1, 0], device=device))


def test_index_ops_values_of_note(device):
    x = torch.zeros(5, 3, device=device)
    ones = torch.ones(2, 3, device=device)
    assert x.index_add(0, _long(device, [1, 1]), ones)[1].tolist() == [2.0] * 3  # repeats add
    assert x.index_add(0, _long(device, [0, 2]).int(), ones).sum().item() == 6.0
    last = x.index_copy(
        0, _long(device, [1, 1]), torch.tensor([[1.0] * 3, [2.0] * 3], device=device)
    )
    assert last[1].tolist() == [2.0] * 3  # the last write wins, as in PyTorch
    assert x.index_fill(0, _long(device, [-1]), 1)[4].tolist() == [1.0] * 3
    assert x.index_fill(0, _long(device, 1), 5.0)[1].tolist() == [5.0] * 3
    scalar = torch.tensor(1.0, device=device)
    assert scalar.index_add(0, _long(device, [0]), torch.tensor(2.0, device=device)).item() == 3
    assert torch.zeros(3, device=device).index_copy(
        0, _long(device, 1), torch.tensor(5.0, device=device)
    ).tolist() == [0, 5, 0]
    assert torch.zeros(3, dtype=torch.bool, device=device).index_fill(
        0, _long(device, [0]), True
    ).tolist() == [True, False, False]


def test_inplace_variants_record_history_and_bump_versions(device):
    leaf = torch.randn(4, 3, dtype=torch.float64, device=device, requires_grad=True)
    src = torch.randn(2, 3, dtype=torch.float64, device=device, requires_grad=True)
    index = _long(device, [0, 2])
    for name, args, node in (
        ("index_add_", (0, index, src), "IndexAddBackward0"),
        ("index_copy_", (0, index, src), "IndexCopyBackward0"),
        ("index_fill_", (0, index, 2.0), "IndexFillBackward0"),
    ):
        y = leaf * 1
        version = y._version
        getattr(y, name)(*args)
        assert y._version == version + 1 and y.grad_fn.name() == node, name
        with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
            getattr(leaf, name)(*args)
    y = leaf * 1
    y[1:].index_add_(0, index, src)  # through a view: the base's history is a CopySlices
    assert type(y.grad_fn).__name__ == "CopySlices"
    y.sum().backward()
    assert leaf.grad.tolist() == [[1.0] * 3] * 4
    assert src.grad.tolist() == [[1.0] * 3] * 2
    a = torch.tensor([-3.0, 3.0], device=device)
    a.fmod_(2).hypot_(torch.tensor([0.0, 0.0], device=device))
    assert a.tolist() == [1.0, 1.0] and a._version == 2
    a.heaviside_(torch.tensor([0.5], device=device))
    assert a.tolist() == [1.0, 1.0] and a._version == 3
    c = torch.zeros(2, device=device)
    c.addmv_(torch.ones(2, 3, device=device), torch.ones(3, device=device), alpha=2)
    m = torch.zeros(2, 5, device=device)
    m.addbmm_(torch.ones(4, 2, 3, device=device), torch.ones(4, 3, 5, device=device))
    b = torch.zeros(4, 2, 5, device=device)
    b.baddbmm_(torch.ones(4, 2, 3, device=device), torch.ones(4, 3, 5, device=device), beta=0)
    assert c.tolist() == [6.0, 6.0] and m.sum().item() == 120.0 and b.sum().item() == 120.0


def test_addmv_family_details(device):
    ones = lambda *s: torch.ones(*s, device=device)  # noqa: E731
    # beta=0 ignores nan in input, as PyTorch; a 0-dim or (1,) input broadcasts
    nan_input = torch.tensor([float("nan"), 1.0], device=device)
    assert torch.addmv(nan_input, ones(2, 3), ones(3), beta=0).tolist() == [3.0, 3.0]
    assert torch.addmv(
        torch.tensor(1.0, device=device), ones(2, 3), ones(3), beta=2, alpha=0.5
    ).tolist() == [3.5, 3.5]
    assert torch.addbmm(ones(5), ones(4, 2, 3), ones(4, 3, 5)).shape == (2, 5)
    assert torch.baddbmm(ones(2, 5), ones(4, 2, 3), ones(4, 3, 5)).shape == (4, 2, 5)
    ints = torch.ones(2, 3, dtype=torch.int64, device=device)
    assert torch.addmv(
        torch.zeros(2, dtype=torch.int64, device=device),
        ints,
        torch.ones(3, dtype=torch.int64, device=device),
    ).tolist() == [3, 3]


def test_shape_ops_values_of_note(device):
    seven = torch.arange(7, device=device)
    pieces = lambda parts: [p.tolist() for p in parts]  # noqa: E731
    assert pieces(torch.tensor_split(seven, 3)) == [[0, 1, 2], [3, 4], [5, 6]]
    assert pieces(torch.tensor_split(seven, (1, 5, 10, 2))) == [
        [0],
        [1, 2, 3, 4],
        [5, 6],
        [],
        [2, 3, 4, 5, 6],
    ]
    assert pieces(torch.tensor_split(seven, [-2])) == [[0, 1, 2, 3, 4], [5, 6]]
    assert pieces(torch.tensor_split(seven, torch.tensor(3))) == [[0, 1, 2], [3, 4], [5, 6]]
    assert pieces(torch.tensor_split(seven, torch.tensor([1, 4]))) == [[0], [1, 2, 3], [4, 5, 6]]
    grid = torch.arange(8, device=device).reshape(2, 4)
    assert pieces(grid.tensor_split(indices=[1], dim=-1)) == [[[0], [4]], [[1, 2, 3], [5, 6, 7]]]
    assert pieces(torch.tensor_split(grid, sections=2)) == [[[0, 1, 2, 3]], [[4, 5, 6, 7]]]
    whole = torch.zeros(2, 4, device=device)
    assert all(p._base is whole for p in torch.hsplit(whole, 2))  # views, as in PyTorch
    assert pieces(torch.dsplit(torch.arange(4, device=device).reshape(1, 1, 4), [1])) == [
        [[[0]]],
        [[[1, 2, 3]]],
    ]
    x = torch.arange(6.0, device=device).reshape(2, 3)
    turned = torch.rot90(x)
    # PyTorch's rot90 gives a non-contiguous copy for a quarter turn, a contiguous one for a half
    assert not turned._is_view() and turned.stride() == (1, 3)
    assert torch.rot90(x, 2).stride() == (3, 1) and torch.rot90(x, 2).tolist() == [
        [5.0, 4.0, 3.0],
        [2.0, 1.0, 0.0],
    ]
    assert torch.rot90(x, 4).tolist() == x.tolist()
    assert torch.dstack([torch.tensor(1), torch.tensor(2)]).tolist() == [[[1, 2]]]
    assert torch.dstack([torch.tensor([1]), torch.tensor([1.5])]).dtype is torch.float32
    assert torch.column_stack([torch.tensor(1), torch.tensor([2])]).tolist() == [[1, 2]]
    assert torch.column_stack([torch.ones(2, 1, 2), torch.ones(2, 3, 2)]).shape == (2, 4, 2)


def test_bernoulli(device):
    torch.manual_seed(0)
    p = torch.tensor([0.0, 1.0, 1.0, 0.0], device=device)
    assert torch.bernoulli(p).tolist() == [0.0, 1.0, 1.0, 0.0]
    draws = torch.bernoulli(torch.full((20000,), 0.3, dtype=torch.float64, device=device))
    assert draws.dtype is torch.float64 and set(draws.unique().tolist()) == {0.0, 1.0}
    assert abs(draws.mean().item() - 0.3) < 0.02
    assert torch.bernoulli(torch.zeros(2, 3, device=device), p=1.0).tolist() == [[1.0] * 3] * 2
    leaf = torch.full((3,), 0.5, device=device, requires_grad=True)
    out = torch.bernoulli(leaf)
    assert out.grad_fn.name() == "BernoulliBackward0"
    out.sum().backward()
    assert leaf.grad.tolist() == [0.0] * 3
    assert type(torch.bernoulli(leaf, 0.5).grad_fn).__name__ == "NotImplemented"


def test_bernoulli_in_place(device):
    z = torch.zeros(2, 3, device=device)
    z.bernoulli_(torch.tensor([1.0, 0.0, 1.0], device=device))
    assert z.tolist() == [[1.0, 0.0, 1.0]] * 2 and z._version == 1
    assert torch.zeros(3, dtype=torch.int64, device=device).bernoulli_(1.0).tolist() == [1, 1, 1]
    assert torch.ones(3, dtype=torch.bool, device=device).bernoulli_(0.0).tolist() == [False] * 3
    torch.manual_seed(1)
    share = torch.empty(20000, device=device).bernoulli_().mean().item()  # p defaults to 0.5
    assert abs(share - 0.5) < 0.02
    leaf = torch.zeros(3, device=device, requires_grad=True)
    y = leaf * 1
    y.bernoulli_(0.3)
    assert y.grad_fn.name() == "BernoulliBackward2"
    p = torch.full((3,), 0.5, device=device, requires_grad=True)
    y = leaf * 1
    y.bernoulli_(p)
    assert y.grad_fn.name() == "BernoulliBackward1"
    y.sum().backward()
    assert leaf.grad.tolist() == [0.0] * 3 and p.grad.tolist() == [0.0] * 3


def test_multinomial(device):
    torch.manual_seed(0)
    p = torch.tensor([0.2, 0.5, 0.3], device=device)
    for _ in range(20):  # without replacement: every category at most once
        picks = torch.multinomial(p, 3)
        assert picks.dtype is torch.int64 and sorted(picks.tolist()) == [0, 1, 2]
    rows = torch.multinomial(
        torch.tensor([[0.0, 10.0, 0.0], [1.0, 1.0, 1.0]], device=device), 2, replacement=True
    )
    assert rows.shape == (2, 2) and rows[0].tolist() == [1, 1]
    counts = torch.multinomial(p, 20000, replacement=True).bincount().float() / 20000
    assert counts.tolist() == pytest.approx([0.2, 0.5, 0.3], abs=0.02)
    # fewer nonzero weights than draws: the zero ones come last, still without repeats
    picks = torch.multinomial(torch.tensor([1.0, 0.0, 0.0], device=device), 2)
    assert picks[0].item() == 0 and len(set(picks.tolist())) == 2
    first = torch.multinomial(p, 2, generator=torch.Generator(device=device).manual_seed(3))
    again = p.multinomial(2, generator=torch.Generator(device=device).manual_seed(3))
    assert first.tolist() == again.tolist()


def test_tensor_attributes():
    for dtype, signed, size in (
        (torch.bool, False, 1),
        (torch.uint8, False, 1),
        (torch.int8, True, 1),
        (torch.int16, True, 2),
        (torch.int64, True, 8),
        (torch.float16, True, 2),
        (torch.float64, True, 8),
    ):
        t = torch.zeros(2, 3, dtype=dtype)
        assert t.is_signed() is signed and t.itemsize == size and t.nbytes == 6 * size
    x = torch.arange(12.0).reshape(3, 4)
    # PyTorch counts the elements of a view, even repeated ones of an expand
    assert (x[1:].nbytes, x[:, ::2].nbytes, torch.ones(3).expand(4, 3).nbytes) == (32, 24, 48)
    ints = torch.tensor([1, 2])
    assert ints.type_as(torch.zeros(1, dtype=torch.float64)).dtype is torch.float64
    leaf = torch.ones(3, requires_grad=True)
    assert leaf.type_as(leaf) is leaf
    assert leaf.type_as(torch.zeros(1, dtype=torch.float64)).grad_fn.name() == "ToCopyBackward0"
    with pytest.raises(
        TypeError,
        match=r"^type_as\(\): argument 'other' \(position 1\) must be "
        r"Tensor, not int$",
    ):
        x.type_as(3)


def test_out_argument():
    out = torch.zeros(2)
    assert torch.logaddexp(torch.zeros(2), torch.zeros(2), out=out) is out
    assert out.tolist() == pytest.approx([0.693147] * 2)
    rows = torch.zeros(2, dtype=torch.int64)
    torch.multinomial(torch.tensor([0.0, 1.0]), 2, replacement=True, out=rows)
    assert rows.tolist() == [1, 1]
    side = torch.zeros(2, 5)
    torch.addbmm(side, torch.ones(4, 2, 3), torch.ones(4, 3, 5), out=side)
    assert side.sum().item() == 120.0


def _t(*values, **kwargs):
    return torch.tensor(list(values), **kwargs)


ERRORS = [  # PyTorch 2.13's texts
    (
        lambda: torch.logaddexp(_t(1, 2), _t(1, 2)),
        NotImplementedError,
        "\"logaddexp_cpu\" not implemented for 'Long'",
    ),
    (
        lambda: torch.hypot(_t(1.0), 4),
        TypeError,
        "hypot(): argument 'other' (position 2) must be Tensor, not int",
    ),
    (
        lambda: torch.heaviside(_t(1.0), _t(1)),
        RuntimeError,
        "heaviside is not yet implemented for tensors with different dtypes.",
    ),
    (
        lambda: torch.heaviside(_t(1.0), 0.5),
        TypeError,
        "heaviside(): argument 'values' (position 2) must be Tensor, not float",
    ),
    (
        lambda: torch.zeros(5, 3).index_add(0, _t(0.0), torch.ones(1, 3)),
        RuntimeError,
        "index_add_(): Expected dtype int32/int64 for index but got: Float",
    ),
    (
        lambda: torch.zeros(5, 3).index_add(0, torch.tensor([[0, 2]]), torch.ones(2, 3)),
        IndexError,
        "index_add_(): Index is supposed to be a vector, but got dim: 2 with type: Long and size: "
        "[1, 2]",
    ),
    (
        lambda: torch.zeros(5, 3).index_add(0, _t(0, 2), torch.ones(2, 3).double()),
        RuntimeError,
        "index_add_(): self (Float) and source (Double) must have the same scalar type",
    ),
    (
        lambda: torch.zeros(5, 3).index_add(0, _t(0, 2), torch.ones(2, 4)),
        RuntimeError,
        "source tensor shape must match self tensor shape, excluding the specified dimension. Got "
        "self.shape = [5, 3] source.shape = [2, 4]",
    ),
    (
        lambda: torch.zeros(5, 3).index_add(0, _t(0, 2), torch.ones(3, 3)),
        RuntimeError,
        "index_add_(): Number of indices (2) should be equal to source.size(dim): (3), for dim: 0",
    ),
    (
        lambda: torch.zeros(5, 3).index_add(0, _t(0, -1), torch.ones(2, 3)),
        RuntimeError,
        "index -1 is out of bounds for dimension 0 with size 5",
    ),
    (
        lambda: torch.zeros(5, 3).index_copy(0, _t(0, 2, dtype=torch.int32), torch.ones(2, 3)),
        RuntimeError,
        "index_copy_(): Expected a long tensor for index, but got Int",
    ),
    (
        lambda: torch.zeros(2, 5, 3).index_copy(1, _t(0, 1), torch.ones(2, 2, 4)),
        RuntimeError,
        "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice "
        "shape: 2 3 at dimension 1 and source slice shape: 2 4 at dimension 0.",
    ),
    (
        lambda: torch.zeros(5, 3).index_copy(0, _t(0, 2), torch.ones(2, 3, 1)),
        IndexError,
        "index_copy_(): When source and destination are not scalars, their dimensionality must "
        "match. Source dimensionality (3), destination dimensionality (2)",
    ),
    (
        lambda: torch.zeros(5, 3).index_copy(0, _t(0, 2), torch.ones(3, 3)),
        IndexError,
        "index_copy_(): Number of indices (2) should be equal to source.size(dim) (3)",
    ),
    (
        lambda: torch.zeros(3).index_copy(0, _t(0, 1), torch.tensor(1.0)),
        IndexError,
        "index_copy_(): When source is scalar, index should have one element (got 2)",
    ),
    (
        lambda: torch.zeros(5, 3).index_copy(0, _t(0, 5), torch.ones(2, 3)),
        IndexError,
        "index_copy_(): index 5 is out of bounds for dimension 0 with size 5",
    ),
    (
        lambda: torch.zeros(5, 3).index_copy(0, _t(0, 2), torch.ones(2, 3).double()),
        RuntimeError,
        "index_copy_(): self and source expected to have the same dtype, but got (self) Float and "
        "(source) Double",
    ),
    (
        lambda: torch.zeros(5, 3).index_fill(0, _t(0, dtype=torch.int32), 1),
        IndexError,
        "index_fill_(): Expected dtype int64 for index.",
    ),
    (
        lambda: torch.zeros(5, 3).index_fill(0, torch.tensor([[0]]), 1),
        RuntimeError,
        "Index has to be a vector/scalar",
    ),
    (
        lambda: torch.zeros(5, 3).index_fill(0, _t(7), 1),
        IndexError,
        "index 7 is out of bounds for dimension 0 with size 5",
    ),
    (
        lambda: torch.zeros(5, 3).index_fill(0, _t(0), _t(1.0)),
        RuntimeError,
        "index_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 "
        "dimension(s).",
    ),
    (
        lambda: torch.addmv(torch.zeros(2), torch.ones(2, 3), torch.ones(4)),
        RuntimeError,
        "size mismatch, got input (2), mat (2x3), vec (4)",
    ),
    (
        lambda: torch.addmv(torch.zeros(3), torch.ones(2, 3), torch.ones(3)),
        RuntimeError,
        "size mismatch, got input (3), mat (2x3), vec (3)",
    ),
    (
        lambda: torch.addmv(torch.zeros(1, 2), torch.ones(2, 3), torch.ones(3)),
        RuntimeError,
        "vector + matrix @ vector expected, got 2, 2, 1",
    ),
    (
        lambda: torch.addmv(torch.zeros(2), torch.ones(2, 3), torch.ones(3).double()),
        RuntimeError,
        "addmv input tensors must have the same dtype, but got Float, Float, and Double",
    ),
    (
        lambda: torch.addbmm(torch.zeros(2, 5), torch.ones(2, 3), torch.ones(4, 3, 5)),
        RuntimeError,
        "The expanded size of the tensor (3) must match the existing size (2) at "
        "non-singleton dimension 0.  Target sizes: [3, 5].  Tensor sizes: [2, 5]",
    ),
    (
        lambda: torch.addbmm(torch.zeros(3, 5), torch.ones(2, 3), torch.ones(4, 3, 5)),
        RuntimeError,
        "batch1 must be a 3D tensor",
    ),
    (
        lambda: torch.addbmm(torch.zeros(2, 5), torch.ones(4, 2, 3), torch.ones(3, 5)),
        IndexError,
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    ),
    (
        lambda: torch.addbmm(torch.zeros(2, 5), torch.ones(4, 2, 3), torch.ones(3, 3, 5)),
        RuntimeError,
        "batch1 and batch2 must have same number of batches, got 4 and 3",
    ),
    (
        lambda: torch.addbmm(torch.zeros(2, 5), torch.ones(4, 2, 3), torch.ones(4, 4, 5)),
        RuntimeError,
        "Incompatible matrix sizes for bmm (2x3 and 4x5)",
    ),
    (
        lambda: torch.addbmm(torch.zeros(2, 5).double(), torch.ones(4, 2, 3), torch.ones(4, 3, 5)),
        RuntimeError,
        "self and mat2 must have the same dtype, but got Double and Float",
    ),
    (
        lambda: torch.baddbmm(torch.zeros(4, 2, 5), torch.ones(4, 2, 3), torch.ones(3, 3, 5)),
        RuntimeError,
        "Expected size for first two dimensions of batch2 tensor to be: [4, 3] but got: [3, 3].",
    ),
    (
        lambda: torch.baddbmm(torch.zeros(3, 2, 5), torch.ones(4, 2, 3), torch.ones(4, 3, 5)),
        RuntimeError,
        "The expanded size of the tensor (4) must match the existing size (3) at "
        "non-singleton dimension 0.  Target sizes: [4, 2, 5].  Tensor sizes: [3, 2, 5]",
    ),
    (
        lambda: torch.baddbmm(
            torch.zeros(4, 2, 5), torch.ones(4, 2, 3), torch.ones(4, 3, 5).double()
        ),
        RuntimeError,
        "expected scalar type Float but found Double",
    ),
    (
        lambda: torch.baddbmm(
            torch.zeros(4, 2, 5).double(), torch.ones(4, 2, 3), torch.ones(4, 3, 5)
        ),
        RuntimeError,
        "Input dtypes must be the same, got: input double, batch1: float, batch2: float",
    ),
    (
        lambda: torch.rot90(torch.ones(3)),
        RuntimeError,
        "expected total dims >= 2, but got total dims = 1",
    ),
    (
        lambda: torch.rot90(torch.ones(2, 3), 1, (0,)),
        RuntimeError,
        "expected total rotation dims == 2, but got dims = 1",
    ),
    (
        lambda: torch.rot90(torch.ones(2, 3), 1, (0, -2)),
        RuntimeError,
        "expected rotation dims to be different, but got dim0 = 0 and dim1 = -2",
    ),
    (
        lambda: torch.rot90(torch.ones(2, 3), 1, (0, 3)),
        IndexError,
        "Dimension out of range (expected to be in range of [-2, 1], but got 3)",
    ),
    (
        lambda: torch.tensor_split(torch.tensor(1), 2),
        RuntimeError,
        "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims",
    ),
    (
        lambda: torch.tensor_split(torch.arange(7), -1),
        RuntimeError,
        "number of sections must be larger than 0, got -1",
    ),
    (
        lambda: torch.tensor_split(torch.arange(7), _t(1.0)),
        RuntimeError,
        "tensor_split expected tensor_indices_or_sections to have dtype of long, but got Float",
    ),
    (
        lambda: torch.tensor_split(torch.arange(7), torch.tensor([[1]])),
        RuntimeError,
        "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
        "one-dimensional tensor, but got a tensor with 2 dims",
    ),
    (
        lambda: torch.tensor_split(torch.arange(7), 2.5),
        TypeError,
        "tensor_split() received an invalid combination of arguments - got (Tensor, float), but "
        "expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n",
    ),
    (
        lambda: torch.hsplit(torch.ones(2, 3), 2),
        RuntimeError,
        "torch.hsplit attempted to split along dimension 1, but the size of the dimension 3 is not "
        "divisible by the split_size 2!",
    ),
    (
        lambda: torch.hsplit(torch.tensor(1.0), 2),
        RuntimeError,
        "torch.hsplit requires a tensor with at least 1 dimension, but got a tensor with 0 "
        "dimensions!",
    ),
    (
        lambda: torch.vsplit(torch.ones(4), 2),
        RuntimeError,
        "torch.vsplit requires a tensor with at least 2 dimension, but got a tensor with 1 "
        "dimensions!",
    ),
    (
        lambda: torch.dsplit(torch.ones(2, 2), 2),
        RuntimeError,
        "torch.dsplit requires a tensor with at least 3 dimension, but got a tensor with 2 "
        "dimensions!",
    ),
    (lambda: torch.dstack([]), RuntimeError, "dstack expects a non-empty TensorList"),
    (lambda: torch.column_stack([]), RuntimeError, "column_stack expects a non-empty TensorList"),
    (lambda: torch.hstack([]), RuntimeError, "hstack expects a non-empty TensorList"),
    (lambda: torch.vstack([]), RuntimeError, "vstack expects a non-empty TensorList"),
    (
        lambda: torch.dstack(torch.ones(2)),
        TypeError,
        "dstack(): argument 'tensors' (position 1) must be tuple of Tensors, not Tensor",
    ),
    (
        lambda: torch.bernoulli(_t(1.5)),
        RuntimeError,
        "Expected p_in >= 0 && p_in <= 1 to be true, but got false.",
    ),
    (
        lambda: torch.bernoulli(_t(float("nan"))),
        RuntimeError,
        "Expected p_in >= 0 && p_in <= 1 to be true, but got false.",
    ),
    (
        lambda: torch.bernoulli(_t(1, 0)),
        NotImplementedError,
        "\"bernoulli_tensor_cpu_p_\" not implemented for 'Long'",
    ),
    (
        lambda: torch.bernoulli(_t(0.0), 1.5),
        RuntimeError,
        "bernoulli_ expects p to be in [0, 1], but got p=1.5",
    ),
    (
        lambda: torch.zeros(3).bernoulli_(-0.5),
        RuntimeError,
        "bernoulli_ expects p to be in [0, 1], but got p=-0.5",
    ),
    (
        lambda: torch.zeros(3).bernoulli_(_t(2.0, 0.0, 1.0)),
        RuntimeError,
        "Expected p_in >= 0 && p_in <= 1 to be true, but got false.",
    ),
    (
        lambda: torch.multinomial(_t(0.2, 0.5, 0.3), 4),
        RuntimeError,
        "cannot sample n_sample > prob_dist.size(-1) samples without replacement",
    ),
    (
        lambda: torch.multinomial(_t(0.2, 0.5, 0.3), 0),
        RuntimeError,
        "cannot sample n_sample <= 0 samples",
    ),
    (
        lambda: torch.multinomial(_t(-0.1, 1.0), 1),
        RuntimeError,
        "probability tensor contains either `inf`, `nan` or element < 0",
    ),
    (
        lambda: torch.multinomial(_t(float("nan"), 1.0), 1),
        RuntimeError,
        "probability tensor contains either `inf`, `nan` or element < 0",
    ),
    (
        lambda: torch.multinomial(torch.tensor([[1.0, 1.0], [0.0, 0.0]]), 1),
        RuntimeError,
        "invalid multinomial distribution (sum of probabilities <= 0)",
    ),
    (
        lambda: torch.multinomial(torch.ones(2, 2, 2), 1),
        RuntimeError,
        "prob_dist must be 1 or 2 dim",
    ),
    (
        lambda: torch.multinomial(_t(1, 2), 1),
        RuntimeError,
        "multinomial only supports floating-point dtypes for input, got: Long",
    ),
]


@pytest.mark.parametrize("case", range(len(ERRORS)))
def test_error_texts(case):
    fn, error, text = ERRORS[case]
    with pytest.raises(error) as info:
        fn()
    assert str(info.value).startswith(text)


# --- in-place forms (addmm_, fill_diagonal_, F.relu_...), shape helpers, signal windows, multi_dot, vander, rms_norm, zeta, incomplete gamma, special polynomials, pdist, solve_triangular: recorded from PyTorch 2.13 ---
F = torch.nn.functional


def _a():
    return torch.arange(6.0).reshape(2, 3)


# --- values ---------------------------------------------------------------------------------------

VALUES = {
    "addmm_": (lambda: torch.ones(2, 2).addmm_(_a(), _a().t()), [[6.0, 15.0], [15.0, 51.0]]),
    "addmm_scaled": (
        lambda: torch.ones(2, 2).addmm_(_a(), _a().reshape(3, 2), beta=0.5, alpha=2),
        [[20.5, 26.5], [56.5, 80.5]],
    ),
    "addmv_": (lambda: torch.addmv_(torch.ones(2), _a(), torch.arange(3.0)), [6.0, 15.0]),
    "relu_": (lambda: F.relu_(torch.tensor([-1.0, 2.0])), [0.0, 2.0]),
    "leaky_relu_": (lambda: F.leaky_relu_(torch.tensor([-1.0, 2.0]), 0.2), [-0.2, 2.0]),
    "zero_": (lambda: torch.zero_(torch.ones(2)), [0.0, 0.0]),
    "fill": (lambda: torch.fill(torch.ones(2), 3.0), [3.0, 3.0]),
    "fill_tensor": (lambda: torch.fill(torch.ones(2), torch.tensor(5.0)), [5.0, 5.0]),
    "fill_": (lambda: torch.fill_(torch.ones(2), 2), [2.0, 2.0]),
    "detach": (lambda: torch.detach(torch.ones(2, requires_grad=True) * 2), [2.0, 2.0]),
    "fill_diagonal_": (
        lambda: torch.ones(3, 3).fill_diagonal_(5),
        [[5.0, 1.0, 1.0], [1.0, 5.0, 1.0], [1.0, 1.0, 5.0]],
    ),
    "fill_diagonal_tall": (
        lambda: torch.ones(4, 3).fill_diagonal_(5),
        [[5.0, 1.0, 1.0], [1.0, 5.0, 1.0], [1.0, 1.0, 5.0], [1.0, 1.0, 1.0]],
    ),
    "fill_diagonal_wrap": (
        lambda: torch.ones(7, 3).fill_diagonal_(5, wrap=True),
        [[5, 1, 1], [1, 5, 1], [1, 1, 5], [1, 1, 1], [5, 1, 1], [1, 5, 1], [1, 1, 5]],
    ),
    "fill_diagonal_cube": (
        lambda: torch.ones(2, 2, 2).fill_diagonal_(5),
        [[[5.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 5.0]]],
    ),
    "narrow_copy": (lambda: torch.narrow_copy(_a(), 1, 0, 2), [[0.0, 1.0], [3.0, 4.0]]),
    "multi_dot": (
        lambda: torch.linalg.multi_dot([_a(), _a().reshape(3, 2), torch.ones(2, 2)]),
        [[23.0, 23.0], [68.0, 68.0]],
    ),
    "multi_dot_vectors": (
        lambda: torch.linalg.multi_dot([torch.arange(3.0), _a().reshape(3, 2)]),
        [10.0, 13.0],
    ),
    "multi_dot_dot": (lambda: torch.linalg.multi_dot([torch.ones(3), torch.ones(3)]), 3.0),
    "vander": (
        lambda: torch.linalg.vander(torch.arange(3.0)),
        [[1.0, 0.0, 0.0], [1.0, 1.0, 1.0], [1.0, 2.0, 4.0]],
    ),
    "vander_N": (
        lambda: torch.linalg.vander(torch.arange(3.0), N=2),
        [[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]],
    ),
    "vander_int": (lambda: torch.linalg.vander(torch.tensor([1, 2])), [[1, 1], [1, 2]]),
    "rms_norm": (
        lambda: torch.rms_norm(_a(), (3,)),
        [
            [0.0, 0.774596631526947, 1.549193263053894],
            [0.7348469495773315, 0.9797959327697754, 1.2247449159622192],
        ],
    ),
    "rms_norm_weight_eps": (
        lambda: F.rms_norm(_a(), (3,), torch.ones(3) * 2, eps=0.1),
        [
            [0.0, 1.5047096014022827, 3.0094192028045654],
            [1.4653046131134033, 1.9537394046783447, 2.442174196243286],
        ],
    ),
    "zeta": (lambda: torch.special.zeta(torch.tensor([2.0, 3.0]), 1.0), [1.644934058, 1.202056885]),
    "zeta_number_first": (
        lambda: torch.special.zeta(2.0, torch.tensor([1.0, 2.0])),
        [1.644934058, 0.644934058],
    ),
    "zeta_domain": (
        lambda: torch.special.zeta(
            torch.tensor([1.0, 0.5, 2.0, 2.0, 2.0, -1.5, 3.0]),
            torch.tensor([1.0, 1.0, 0.0, -1.0, -1.5, 2.0, -2.5]),
        ),
        [np.inf, np.nan, np.inf, np.inf, 9.379246711730957, np.nan, 0.05410202220082283],
    ),
    "zeta_integers": (
        lambda: torch.special.zeta(torch.tensor([2, 3]), torch.tensor([1, 2])),
        [1.644934058189392, 0.2020568996667862],
    ),
    "gammainc": (
        lambda: torch.special.gammainc(
            torch.tensor([1.0, 2.0, 0.5, 3.0]), torch.tensor([0.5, 3.0, 2.0, 0.0])
        ),
        [0.39346936, 0.80085172, 0.95449974, 0.0],
    ),
    "gammaincc": (
        lambda: torch.special.gammaincc(
            torch.tensor([1.0, 2.0, 0.5, 3.0]), torch.tensor([0.5, 3.0, 2.0, 0.0])
        ),
        [0.60653066, 0.19914827, 0.04550026, 1.0],
    ),
    "igamma_edges": (
        lambda: torch.igamma(
            torch.tensor([0.0, -1.0, 1.0, 10.0, 100.0]), torch.tensor([1.0, 1.0, -1.0, 30.0, 90.0])
        ),
        [1.0, np.nan, np.nan, 0.9999929070472717, 0.1582210212945938],
    ),
    "igamma_method": (
        lambda: torch.tensor([1.0, 2.0]).igammac(torch.tensor([0.5, 3.0])),
        [0.60653066, 0.19914827],
    ),
    "igamma_": (
        lambda: torch.tensor([1.0, 2.0]).igamma_(torch.tensor([0.5, 3.0])),
        [0.39346936, 0.80085172],
    ),
}


@pytest.mark.parametrize("name", sorted(VALUES))
def test_values(name):
    make, expected = VALUES[name]
    out = make()
    np.testing.assert_allclose(np.asarray(out.tolist(), dtype=float), expected, rtol=2e-4)


# --- errors ---------------------------------------------------------------------------------------

ERRORS_MISSING = [
    (
        lambda: torch.ones(2).addmm_(_a(), _a().t()),
        RuntimeError,
        "Bad in-place call: input tensor size [2] and output tensor size [2, 2] should match",
    ),
    (
        lambda: torch.ones(2, 2).addmm_(torch.ones(2, 3), torch.ones(2, 3)),
        RuntimeError,
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)",
    ),
    (
        lambda: torch.ones(2, 3, 2).fill_diagonal_(5),
        RuntimeError,
        "all dimensions of input must be of equal length",
    ),
    (lambda: torch.ones(3).fill_diagonal_(5), RuntimeError, "dimensions must larger than 1"),
    (
        lambda: torch.broadcast_shapes((2, 1), (3, 2)),
        RuntimeError,
        "Attempting to broadcast a dimension of length 3 at -2! Mismatching argument at index 1 had (3, 2); but expected shape should be broadcastable to [2, 2]",
    ),
    (
        lambda: torch.broadcast_shapes((2, 3), (4, 3)),
        RuntimeError,
        "Attempting to broadcast a dimension of length 4 at -2! Mismatching argument at index 1 had (4, 3); but expected shape should be broadcastable to [2, 3]",
    ),
    (
        lambda: torch.broadcast_shapes((-1,), (2,)),
        ValueError,
        "Attempting to broadcast a dimension with negative length!",
    ),
    (
        lambda: torch.ones(2, 3).split_with_sizes([1, 1], 1),
        RuntimeError,
        "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension 1), but got split_sizes=[1, 1]",
    ),
    (
        lambda: torch.ones(2, 3).split_with_sizes([-1, 4], 1),
        RuntimeError,
        "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=[-1, 4]",
    ),
    (
        lambda: torch.hann_window(-1),
        RuntimeError,
        "hann_window requires non-negative window_length, got window_length=-1",
    ),
    (
        lambda: torch.hann_window(3, dtype=torch.int64),
        RuntimeError,
        "hann_window expects floating point dtypes, got: TensorOptions(dtype=long int, device=cpu, layout=Strided (default), requires_grad=false (default), pinned_memory=false, memory_format=(nullopt))",
    ),
    (
        lambda: torch.linalg.multi_dot([_a()]),
        RuntimeError,
        "multi_dot(): expected at least 2 tensors but got 1",
    ),
    (
        lambda: torch.linalg.multi_dot([torch.ones(2, 3), torch.ones(2, 3)]),
        RuntimeError,
        "multi_dot(): tensors 0 and 1 with shapes [2, 3] and [2, 3] cannot be multiplied",
    ),
    (
        lambda: torch.linalg.multi_dot([torch.ones(2, 3, 1), torch.ones(1, 3)]),
        RuntimeError,
        "multi_dot(): the first tensor must be 1D or 2D but got 3D",
    ),
    (
        lambda: torch.linalg.multi_dot([torch.ones(2, 2), torch.ones(2, 2, dtype=torch.float64)]),
        RuntimeError,
        "multi_dot(): all tensors must have be the same dtype but tensor 0 is float and tensor 1 double",
    ),
    (lambda: torch.linalg.vander(torch.tensor(2.0)), RuntimeError, "N must be greater than 1."),
    (lambda: torch.linalg.vander(torch.ones(2), N=0), RuntimeError, "N must be greater than 1."),
    (
        lambda: F.rms_norm(torch.ones(2, 3), (2,)),
        RuntimeError,
        "Given normalized_shape=[2], expected input with shape [*2], but got input of size[2, 3]",
    ),
    (
        lambda: F.rms_norm(torch.ones(2, 3), (3,), torch.ones(2)),
        RuntimeError,
        "Expected weight to be of same shape as normalized_shape, but got weight of shape [2] and normalized_shape = [3]",
    ),
    (
        lambda: torch.igamma(torch.tensor([1, 2]), torch.tensor([1, 2])),
        NotImplementedError,
        "\"igamma_cpu\" not implemented for 'Long'",
    ),
]


@pytest.mark.parametrize("call, error, text", ERRORS_MISSING)
def test_errors(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text


# --- graphs and gradients -------------------------------------------------------------------------


def test_nodes_pytorch_gives():
    x = torch.ones(3, 3, requires_grad=True)
    assert type(F.rms_norm(x, (3,)).grad_fn).__name__ == "MulBackward0"
    assert type(torch.linalg.vander(x[0]).grad_fn).__name__ == "CatBackward0"
    assert type(torch.special.zeta(x, 2.0).grad_fn).__name__ == "SpecialZetaBackward2"
    assert type(torch.special.zeta(2.0, x).grad_fn).__name__ == "SpecialZetaBackward1"
    assert type(torch.special.gammainc(x, x).grad_fn).__name__ == "IgammaBackward0"
    assert type(torch.special.gammaincc(x, x).grad_fn).__name__ == "IgammacBackward0"
    y = x.clone().fill_diagonal_(5)
    y.sum().backward()
    assert x.grad.tolist() == [[0.0, 1.0, 1.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0]]


def test_gradients_pytorch_gives_and_refuses():
    x = torch.tensor([2.0, 3.0], dtype=torch.float64, requires_grad=True)
    q = torch.tensor([1.0, 2.5], dtype=torch.float64, requires_grad=True)
    with pytest.raises(NotImplementedError) as info:
        torch.special.zeta(x, q).sum().backward()
    assert str(info.value) == "the derivative for 'zeta' is not implemented."
    q.grad = None
    torch.special.zeta(x.detach(), q).sum().backward()
    np.testing.assert_allclose(
        q.grad.numpy(), [-2.404113806319188, -0.11195292440862604], rtol=1e-7
    )
    a = torch.tensor([1.0, 2.0, 0.5, 3.0], dtype=torch.float64, requires_grad=True)
    z = torch.tensor([0.5, 3.0, 2.0, 0.0], dtype=torch.float64, requires_grad=True)
    with pytest.raises(NotImplementedError) as info:
        torch.special.gammainc(a, z).sum().backward()
    assert str(info.value) == "the derivative for 'igamma: input' is not implemented."
    z.grad = None
    torch.special.gammainc(a.detach(), z).sum().backward()
    np.testing.assert_allclose(z.grad.numpy(), [0.6065, 0.1494, 0.0540, 0.0], atol=1e-4)
    z.grad = None
    torch.special.gammaincc(a.detach(), z).sum().backward()
    np.testing.assert_allclose(z.grad.numpy(), [-0.6065, -0.1494, -0.0540, 0.0], atol=1e-4)


# name -> (scalar function of one float64 tensor, the tensor's shape and range)
GRADIENTS = {
    "rms_norm": (
        lambda t: (F.rms_norm(t, (3,), eps=1e-3) * torch.arange(6.0).reshape(2, 3).double()).sum(),
        (2, 3),
        (-1, 1),
    ),
    "rms_norm_weight": (
        lambda t: (F.rms_norm(t, (3,), t[0] * 1, eps=1e-3) ** 2).sum(),
        (2, 3),
        (0.5, 1.5),
    ),
    "multi_dot": (lambda t: torch.linalg.multi_dot([t, t.t(), t]).sum(), (2, 3), (-1, 1)),
    "vander": (
        lambda t: (torch.linalg.vander(t) * torch.arange(9.0).reshape(3, 3).double()).sum(),
        (3,),
        (-1, 1),
    ),
    "zeta_q": (
        lambda t: torch.special.zeta(torch.tensor([2.0, 3.5], dtype=torch.float64), t).sum(),
        (2,),
        (0.5, 2),
    ),
    "gammainc_x": (
        lambda t: torch.special.gammainc(
            torch.tensor([0.7, 2.0, 5.0], dtype=torch.float64), t
        ).sum(),
        (3,),
        (0.5, 6),
    ),
    "gammaincc_x": (
        lambda t: torch.special.gammaincc(
            torch.tensor([0.7, 2.0, 5.0], dtype=torch.float64), t
        ).sum(),
        (3,),
        (0.5, 6),
    ),
    "addmm_": (
        lambda t: torch.ones(2, 2, dtype=torch.float64).addmm_(t, t.t(), alpha=2).pow(2).sum(),
        (2, 3),
        (-1, 1),
    ),
    "fill_diagonal_": (lambda t: (t * t).fill_diagonal_(0.5).pow(2).sum(), (3, 3), (-1, 1)),
}


@pytest.mark.parametrize("name", sorted(GRADIENTS))
def test_gradients_by_finite_differences(name):
    f, shape, bounds = GRADIENTS[name]
    value = np.random.default_rng(0).uniform(*bounds, shape)
    t = torch.tensor(value, requires_grad=True)
    f(t).backward()
    expected = numeric_gradient(lambda v: f(torch.tensor(v)).item(), value)
    np.testing.assert_allclose(t.grad.numpy(), expected, rtol=1e-5, atol=1e-7)
