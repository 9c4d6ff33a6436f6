"""nn.utils.rnn.pad_sequence: PyTorch 2.13's layouts, dtypes, grad_fn (CopySlices) and errors."""

from __future__ import annotations

import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck
from autograd_nb.nn.utils.rnn import pad_sequence


def _sequences(device, dtype=torch.float32):
    return [
        torch.tensor(v, dtype=dtype, device=device, requires_grad=True)
        for v in ([1.0, 2.0, 3.0], [4.0, 5.0], [6.0])
    ]


@pytest.mark.parametrize(
    "kwargs, expected",
    [  # PyTorch 2.13's results
        ({}, [[1, 4, 6], [2, 5, 0], [3, 0, 0]]),
        ({"batch_first": True}, [[1, 2, 3], [4, 5, 0], [6, 0, 0]]),
        (
            {"batch_first": True, "padding_side": "left", "padding_value": -1},
            [[1, 2, 3], [-1, 4, 5], [-1, -1, 6]],
        ),
        ({"padding_side": "left"}, [[1, 0, 0], [2, 4, 0], [3, 5, 6]]),
    ],
)
def test_pad_sequence_layouts_match_pytorch(device, kwargs, expected):
    out = pad_sequence(_sequences(device), **kwargs)
    assert out.tolist() == expected
    # one in-place copy per sequence into the padded tensor, as PyTorch records it
    assert out.grad_fn.name() == "torch::autograd::CopySlices"  # PyTorch 2.13
    previous, leaf = out.grad_fn.next_functions
    assert (
        previous[0].name() == out.grad_fn.name()
        and leaf[0].name() == "torch::autograd::AccumulateGrad"
    )


def test_pad_sequence_shapes_and_dtypes(device):
    assert torch.nn.utils.rnn.pad_sequence is pad_sequence
    rows = [torch.ones(2, 3, device=device), torch.zeros(1, 3, device=device)]
    assert pad_sequence(rows, batch_first=True).shape == (2, 2, 3)  # PyTorch 2.13
    assert pad_sequence(rows).shape == (2, 2, 3)
    assert pad_sequence(torch.ones(2, 3, device=device)).shape == (3, 2)  # a tensor: its rows
    ints = [torch.tensor([1, 2], device=device), torch.tensor([3], device=device)]
    padded = pad_sequence(ints, padding_value=1.5)
    assert padded.dtype is torch.int64 and padded.tolist() == [[1, 3], [2, 1]]  # as PyTorch
    assert pad_sequence([ints[0], torch.tensor([7.5], device=device)]).tolist() == [[1, 7], [2, 0]]


def test_pad_sequence_gradients(device):
    seqs = _sequences(device, torch.float64)
    pad_sequence(seqs, padding_side="left").mul(
        torch.tensor([[1.0], [2.0], [3.0]], dtype=torch.float64, device=device)
    ).sum().backward()
    assert [s.grad.tolist() for s in seqs] == [[1.0, 2.0, 3.0], [2.0, 3.0], [3.0]]
    assert gradcheck(lambda a, b, c: pad_sequence([a, b, c], batch_first=True), tuple(seqs))
    assert gradcheck(lambda a, b, c: pad_sequence([a, b, c], padding_side="left"), tuple(seqs))


@pytest.mark.parametrize(
    "sequences, kwargs, error, text",
    [  # PyTorch 2.13's errors
        ([], {}, RuntimeError, "received an empty list of sequences"),
        (
            [torch.ones(3)],
            {"padding_side": "middle"},
            RuntimeError,
            "Expected padding_side to be one of left or right, but got middle.",
        ),
        (
            [torch.ones(2, 3), torch.ones(2, 4)],
            {},
            RuntimeError,
            "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
        ),
        ([1, 2], {}, TypeError, "expected Tensor as element 0 in argument 0, but got int"),
        ([torch.tensor(1.0)], {}, RuntimeError, "ArrayRef: invalid slice, N = 1; size = 0"),
        (torch.ones(3), {}, RuntimeError, "ArrayRef: invalid slice, N = 1; size = 0"),
        (
            5,
            {},
            RuntimeError,
            "pad_sequence: Expected iterable for input sequences, but got arg of type: <class 'int'>",
        ),
    ],
)
def test_pad_sequence_errors_match_pytorch(sequences, kwargs, error, text):
    with pytest.raises(error) as info:
        pad_sequence(sequences, **kwargs)
    assert str(info.value) == text
