"""unique and bincount: values, return structure, dtypes, reprs and errors as PyTorch 2.13 gives
them (the literals below were printed by PyTorch)."""

import math

import pytest

import autograd_nb as torch

NAN = float("nan")


def test_unique_sorted_values_inverse_and_counts(device):
    x = torch.tensor([3, 1, 2, 3, 1, 5], device=device)
    assert torch.unique(x).tolist() == [1, 2, 3, 5]
    assert x.unique(sorted=False).tolist() == [1, 2, 3, 5]  # PyTorch's CPU kernel sorts anyway
    values, inverse = torch.unique(x, return_inverse=True)
    assert values.tolist() == [1, 2, 3, 5] and inverse.tolist() == [2, 0, 1, 2, 0, 3]
    values, counts = x.unique(return_counts=True)
    assert counts.tolist() == [2, 1, 2, 1] and counts.dtype is torch.int64
    out = torch.unique(x, return_inverse=True, return_counts=True)
    assert type(out) is tuple and [t.tolist() for t in out] == [
        [1, 2, 3, 5],
        [2, 0, 1, 2, 0, 3],
        [2, 1, 2, 1],
    ]
    grid = torch.tensor([[1.0, 2.0], [2.0, 1.0]], device=device)
    assert torch.unique(grid, return_inverse=True)[1].tolist() == [[0, 1], [1, 0]]
    assert (
        torch.unique(torch.tensor([3, 1, 3], dtype=torch.uint8, device=device)).dtype is torch.uint8
    )
    assert torch.unique(torch.tensor([True, False, True], device=device)).tolist() == [False, True]


def test_unique_nans_are_distinct_and_edge_shapes(device):
    values, counts = torch.unique(
        torch.tensor([1.0, NAN, NAN, 1.0], device=device), return_counts=True
    )
    assert values[0].item() == 1.0 and all(math.isnan(v) for v in values[1:].tolist())
    assert counts.tolist() == [2, 1, 1]
    values, inverse = torch.unique(torch.tensor(3.0, device=device), return_inverse=True)
    assert values.shape == (1,) and inverse.shape == () and inverse.item() == 0
    empty = torch.unique(torch.tensor([], device=device), return_inverse=True, return_counts=True)
    assert [t.shape for t in empty] == [(0,), (0,), (0,)]


def test_unique_prints_like_pytorch():
    assert repr(
        torch.unique(
            torch.tensor([2.5, -0.0, 0.0, float("inf"), -float("inf")]), return_counts=True
        )
    ) == ("(tensor([  -inf, -0.0000, 2.5000,    inf]), tensor([1, 2, 1, 1]))")
    a = torch.tensor([2.0, 1.0], requires_grad=True)
    assert repr(torch.unique(a)) == "tensor([1., 2.], grad_fn=<Unique2Backward0>)"
    _, inverse = torch.unique(a, return_inverse=True)
    assert inverse.grad_fn is None and not inverse.requires_grad
    with pytest.raises(
        NotImplementedError, match="^the derivative for '_unique2' is not implemented\\.$"
    ):
        torch.unique(a).sum().backward()
    with pytest.raises(
        TypeError,
        match=r"^_unique2\(\): argument 'input' \(position 1\) must be "
        "Tensor, not list$",
    ):
        torch.unique([1, 2])


def test_bincount_counts_and_weights(device):
    idx = torch.tensor([0, 1, 1, 3], device=device)
    assert torch.bincount(idx).tolist() == [1, 2, 0, 1] and idx.bincount().dtype is torch.int64
    assert idx.bincount(minlength=6).tolist() == [1, 2, 0, 1, 0, 0]
    w32 = torch.tensor([0.5, 1.0, 2.0, 3.0], device=device)
    assert torch.bincount(idx, w32).tolist() == [0.5, 3.0, 0.0, 3.0]
    assert torch.bincount(idx, weights=w32).dtype is torch.float32
    # every other weight dtype sums in float64 (PyTorch's rule)
    for dtype in (torch.float64, torch.int64, torch.bool):
        w = torch.tensor([1, 0, 1, 1], device=device).to(dtype)
        assert torch.bincount(idx, weights=w).dtype is torch.float64
    w16 = torch.tensor([1, 0, 1, 1], dtype=torch.float16)  # no float16 on the simulated device
    assert torch.bincount(torch.tensor([0, 1, 1, 3]), weights=w16).dtype is torch.float64
    assert torch.bincount(idx, torch.tensor([1, 2, 3, 4], device=device)).tolist() == [
        1.0,
        5.0,
        0.0,
        4.0,
    ]
    empty = torch.tensor([], dtype=torch.long, device=device)
    assert empty.bincount().tolist() == [] and empty.bincount(minlength=3).tolist() == [0, 0, 0]
    assert torch.bincount(torch.tensor([0, 1], dtype=torch.uint8, device=device)).tolist() == [1, 1]


def test_bincount_weights_have_no_derivative():
    w = torch.tensor([0.5, 1.0, 2.0, 3.0], requires_grad=True)
    out = torch.bincount(torch.tensor([0, 1, 1, 3]), weights=w)
    assert repr(out) == "tensor([0.5000, 3.0000, 0.0000, 3.0000], grad_fn=<NotImplemented>)"
    with pytest.raises(RuntimeError, match="^derivative for aten::bincount is not implemented$"):
        out.sum().backward()


@pytest.mark.parametrize(
    "make, error, text",
    [
        (
            lambda d: torch.bincount(torch.tensor([[0, 1]], device=d)),
            RuntimeError,
            "bincount only supports 1-d non-negative integral inputs.",
        ),
        (
            lambda d: torch.bincount(torch.tensor(1, device=d)),
            RuntimeError,
            "bincount only supports 1-d non-negative integral inputs.",
        ),
        (
            lambda d: torch.bincount(torch.tensor([0, -1], device=d)),
            RuntimeError,
            "bincount only supports 1-d non-negative integral inputs.",
        ),
        (
            lambda d: torch.bincount(torch.tensor([0.0, 1.0], device=d)),
            NotImplementedError,
            "\"bincount_cpu\" not implemented for 'Float'",
        ),
        (
            lambda d: torch.bincount(torch.tensor([True], device=d)),
            NotImplementedError,
            "\"bincount_cpu\" not implemented for 'Bool'",
        ),
        (
            lambda d: torch.bincount(torch.tensor([0, 1], device=d), minlength=-1),
            RuntimeError,
            "minlength should be >= 0",
        ),
        (
            lambda d: torch.bincount(torch.tensor([0, 1], device=d), minlength=2.5),
            TypeError,
            "bincount(): argument 'minlength' must be int, not float",
        ),
        (
            lambda d: torch.bincount(torch.tensor([0, 1], device=d), torch.tensor([1.0], device=d)),
            RuntimeError,
            "weights should be 1-d and have the same length as input",
        ),
        (
            lambda d: torch.bincount(
                torch.tensor([0, 1], device=d), torch.tensor([[1.0, 2.0]], device=d)
            ),
            RuntimeError,
            "weights should be 1-d and have the same length as input",
        ),
        (
            lambda d: torch.bincount([1, 2]),
            TypeError,
            "bincount(): argument 'input' (position 1) must be Tensor, not list",
        ),
    ],
)
def test_bincount_errors(device, make, error, text):
    with pytest.raises(error) as info:
        make(device)
    assert str(info.value) == text
