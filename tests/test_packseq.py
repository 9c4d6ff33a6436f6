"""Packed sequences (nn.utils.rnn, RNN/LSTM/GRU on them), einsum's '...' and sublists,
unique(dim=...) and unique_consecutive: PyTorch 2.13's values, grad_fns, reprs and errors."""

from __future__ import annotations

import pytest
from test_nn_rnn import fill, seq  # deterministic parameters and float64 data

import autograd_nb as torch
import autograd_nb.nn as nn
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from autograd_nb.nn.utils.rnn import (
    PackedSequence,
    invert_permutation,
    pack_padded_sequence,
    pack_sequence,
    pad_packed_sequence,
    unpack_sequence,
    unpad_sequence,
)

# --- packing and unpacking ------------------------------------------------------------------------


def _grid(device, dtype=torch.float32, requires_grad=False):
    return (
        torch.arange(12.0, dtype=dtype, device=device).reshape(3, 4).requires_grad_(requires_grad)
    )


def test_pack_sequence_prints_as_pytorch():
    a = torch.tensor([1.0, 2, 3], requires_grad=True)
    b, c = torch.tensor([4.0, 5]), torch.tensor([6.0])
    assert repr(pack_sequence([a, b, c])) == (  # PyTorch 2.13
        "PackedSequence(data=tensor([1., 4., 6., 2., 5., 3.], "
        "grad_fn=<PackPaddedSequenceBackward0>), batch_sizes=tensor([3, 2, 1]), "
        "sorted_indices=None, unsorted_indices=None)"
    )
    assert repr(pack_sequence([b, a, c], enforce_sorted=False)) == (
        "PackedSequence(data=tensor([1., 4., 6., 2., 5., 3.], "
        "grad_fn=<PackPaddedSequenceBackward0>), batch_sizes=tensor([3, 2, 1]), "
        "sorted_indices=tensor([1, 0, 2]), unsorted_indices=tensor([1, 0, 2]))"
    )
    assert PackedSequence._fields == ("data", "batch_sizes", "sorted_indices", "unsorted_indices")
    assert isinstance(pack_sequence([a]), tuple)


def test_pack_and_pad_round_trip(device):
    x = _grid(device, requires_grad=True)
    packed = pack_padded_sequence(x, [4, 2, 3], batch_first=True, enforce_sorted=False)
    # PyTorch 2.13's values
    assert packed.data.tolist() == [0.0, 8.0, 4.0, 1.0, 9.0, 5.0, 2.0, 10.0, 3.0]
    assert packed.batch_sizes.tolist() == [3, 3, 2, 1] and packed.batch_sizes.device.type == "cpu"
    assert packed.sorted_indices.tolist() == [0, 2, 1]
    assert packed.unsorted_indices.tolist() == [0, 2, 1]
    assert packed.data.grad_fn.name() == "PackPaddedSequenceBackward0"
    assert packed.data.grad_fn.next_functions[0][0].name() == "IndexSelectBackward0"
    padded, lengths = pad_packed_sequence(packed, batch_first=True)
    assert padded.tolist() == [[0.0, 1, 2, 3], [4, 5, 0, 0], [8, 9, 10, 0]]
    assert lengths.tolist() == [4, 2, 3] and lengths.device.type == "cpu"
    assert padded.grad_fn.name() == "IndexSelectBackward0"
    padded, _ = pad_packed_sequence(packed, padding_value=-1, total_length=6)
    assert padded.tolist() == [
        [0.0, 4, 8],
        [1, 5, 9],
        [2, -1, 10],
        [3, -1, -1],
        [-1, -1, -1],
        [-1, -1, -1],
    ]
    sorted_pack = pack_padded_sequence(x, [4, 3, 2], batch_first=True)
    assert pad_packed_sequence(sorted_pack)[0].grad_fn.name() == "torch::autograd::CopySlices"
    padded = pad_packed_sequence(sorted_pack, batch_first=True)[0]
    assert padded.grad_fn.name() == "TransposeBackward0"
    # a length past the input's end: PyTorch keeps the batch sizes, packs only what is there
    longer = pack_padded_sequence(x, [5, 3, 2], batch_first=True)
    assert longer.batch_sizes.tolist() == [3, 3, 2, 1, 1]
    assert longer.data.tolist() == [0.0, 4, 8, 1, 5, 9, 2, 6, 3]


def test_unpack_and_unpad(device):
    x = _grid(device)
    packed = pack_padded_sequence(
        x, torch.tensor([4, 2, 3]), batch_first=True, enforce_sorted=False
    )
    expected = [[0.0, 1, 2, 3], [4.0, 5], [8.0, 9, 10]]  # PyTorch 2.13
    assert [s.tolist() for s in unpack_sequence(packed)] == expected
    assert [s.tolist() for s in unpad_sequence(x, torch.tensor([4, 2, 3]), True)] == expected
    assert [s.tolist() for s in unpad_sequence(x.t(), torch.tensor([3, 1, 2]))] == [
        [0.0, 1, 2],
        [4.0],
        [8.0, 9],
    ]
    assert invert_permutation(torch.tensor([2, 0, 1])).tolist() == [1, 2, 0]
    assert invert_permutation(None) is None
    assert packed.double().data.dtype is torch.float64
    assert packed.to(torch.float64).sorted_indices.tolist() == [0, 2, 1]
    assert packed.to(torch.float32) is packed and packed.is_cuda == (device != "cpu")


def test_packing_gradients(device):
    opts = {"dtype": torch.float64, "device": device}
    x = torch.arange(32.0, **opts).reshape(4, 4, 2).div(9).requires_grad_()
    for batch_first in (False, True):

        def roundtrip(t, batch_first=batch_first):
            packed = pack_padded_sequence(
                t, [3, 4, 1, 2], batch_first=batch_first, enforce_sorted=False
            )
            return pad_packed_sequence(packed, batch_first=batch_first, total_length=5)[0]

        assert gradcheck(roundtrip, (x,))
    small = x[:3, :2, :1].detach().requires_grad_()
    assert gradgradcheck(lambda t: pack_padded_sequence(t, [3, 1]).data * t.sum(), (small,))
    seqs = [torch.ones(n, 2, **opts).requires_grad_() for n in (2, 3)]
    pack_sequence(seqs, enforce_sorted=False).data.mul(2).sum().backward()
    assert [s.grad.tolist() for s in seqs] == [[[2.0, 2.0]] * 2, [[2.0, 2.0]] * 3]


LENGTHS_MSG = "'lengths' argument should be a 1D CPU int64 tensor, but got "


@pytest.mark.parametrize(
    "lengths, kwargs, error, text",
    [  # PyTorch 2.13's errors
        (
            [2, 4, 3],
            {},
            RuntimeError,
            "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can "
            "pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this "
            "requirement if you do not need ONNX exportability.",
        ),
        (
            [4, 0, 3],
            {"enforce_sorted": False},
            RuntimeError,
            "Length of all samples has to be greater than 0, but found an element in 'lengths' that is "
            "<= 0",
        ),
        (
            [4, 3, 0],
            {},
            RuntimeError,
            "Length of all samples has to be greater than 0, but found an element in 'lengths' that is "
            "<= 0",
        ),
        (
            [4, 3],
            {},
            RuntimeError,
            "Expected `len(lengths)` to be equal to batch_size, but got 2 (batch_size=3)",
        ),
        ([[4, 3, 2]], {}, RuntimeError, LENGTHS_MSG + "2D cpu Long tensor"),
    ],
)
def test_pack_padded_sequence_errors(lengths, kwargs, error, text):
    with pytest.raises(error) as info:
        pack_padded_sequence(_grid("cpu"), lengths, batch_first=True, **kwargs)
    assert str(info.value) == text


def test_packing_errors_on_devices(device):
    x = _grid(device)
    if device != "cpu":  # lengths must stay on the CPU, as PyTorch's message says
        with pytest.raises(RuntimeError, match="^" + LENGTHS_MSG + "1D cuda:0 Long tensor$"):
            pack_padded_sequence(x, torch.tensor([4, 3, 2], device=device), batch_first=True)
    assert pack_padded_sequence(x, torch.tensor([4.0, 3, 2]), True).batch_sizes.tolist() == [
        3,
        3,
        2,
        1,
    ]  # float lengths are cast to int64, as PyTorch does
    with pytest.raises(RuntimeError, match="^Cannot pack empty tensors.$"):
        pack_padded_sequence(torch.ones(0, 3, device=device), [1, 1, 1])
    with pytest.raises(RuntimeError, match="^received an empty list of sequences$"):
        pack_sequence([])
    with pytest.raises(ValueError) as info:
        pad_packed_sequence(pack_padded_sequence(x, [4, 3, 2], True), total_length=2)
    assert str(info.value) == (  # PyTorch 2.13
        "Expected total_length to be at least the length of the longest sequence in input, but "
        "got total_length=2 and max sequence length being 4"
    )


# --- recurrent layers on packed sequences ---------------------------------------------------------


def _close(t: torch.Tensor, expected: list) -> bool:
    return all(abs(a - b) < 1e-9 for a, b in zip(t.flatten().tolist(), expected, strict=True))


def test_lstm_on_packed_batch_matches_pytorch(device):
    lstm = fill(nn.LSTM(2, 3, batch_first=True, dtype=torch.float64, device=device))
    x = seq(3, 4, 2, device=device)
    packed = pack_padded_sequence(x, [2, 4, 1], batch_first=True, enforce_sorted=False)
    out, (h, c) = lstm(packed)
    assert isinstance(out, PackedSequence) and out.batch_sizes.tolist() == [3, 2, 1, 1]
    assert out.sorted_indices.tolist() == [1, 0, 2]
    # PyTorch 2.13's values and grad_fns, same weights and inputs
    assert out.data.grad_fn.name() == "CatBackward0" and h.grad_fn.name() == "IndexSelectBackward0"
    assert _close(
        out.data,
        [
            -0.1292321135,
            -0.1248536906,
            -0.120626758,
            -0.2996414616,
            -0.4135832046,
            -0.3340163159,
            0.007843743,
            -0.0078584663,
            -0.0420505627,
            -0.1318569776,
            -0.0931178534,
            -0.0908475119,
            -0.4659600304,
            -0.4795544984,
            -0.2260491593,
            -0.0696682309,
            -0.0494431845,
            -0.071547579,
            -0.0176038109,
            -0.0225459196,
            -0.0643121955,
        ],
    )
    assert _close(
        h,
        [
            -0.4659600304,
            -0.4795544984,
            -0.2260491593,
            -0.0176038109,
            -0.0225459196,
            -0.0643121955,
            0.007843743,
            -0.0078584663,
            -0.0420505627,
        ],
    )
    assert _close(
        c,
        [
            -0.9539108891,
            -0.8651911113,
            -0.3688742093,
            -0.057622748,
            -0.0842158187,
            -0.1956254821,
            0.0266248499,
            -0.0284890212,
            -0.1177278535,
        ],
    )
    padded, lengths = pad_packed_sequence(out, batch_first=True)
    assert lengths.tolist() == [2, 4, 1] and padded[0, 2:].abs().sum().item() == 0


@pytest.mark.parametrize(
    "make",
    [
        lambda: nn.GRU(2, 3, num_layers=2, bidirectional=True, dtype=torch.float64),
        lambda: nn.LSTM(2, 3, bidirectional=True, dtype=torch.float64),
        lambda: nn.RNN(2, 3, dtype=torch.float64),
    ],
)
def test_packed_rnn_equals_each_sequence_alone(make):
    """Each sequence's outputs and last state are those of running it on its own."""
    model = fill(make())
    seqs = [seq(n, 2) for n in (2, 4, 3)]
    out, state = model(pack_sequence(seqs, enforce_sorted=False))
    states = state if isinstance(state, tuple) else (state,)
    for i, (s, alone) in enumerate(zip(seqs, unpack_sequence(out))):
        ref_out, ref_state = model(s.unsqueeze(1))
        ref_states = ref_state if isinstance(ref_state, tuple) else (ref_state,)
        assert torch.allclose(alone, ref_out.squeeze(1))
        assert all(torch.allclose(a[:, i], b[:, 0]) for a, b in zip(states, ref_states))


def test_packed_rnn_gradients_and_hidden_state(device):
    gru = fill(nn.GRU(2, 2, bidirectional=True, dtype=torch.float64, device=device))
    x = seq(3, 3, 2, device=device).requires_grad_()
    h0 = seq(2, 3, 2, device=device).add(0.5).requires_grad_()

    def run(x, h0):
        out, h = gru(pack_padded_sequence(x, [2, 3, 1], enforce_sorted=False), h0)
        return pad_packed_sequence(out)[0], h

    assert gradcheck(run, (x, h0))
    with pytest.raises(RuntimeError, match="Expected hidden size"):
        gru(pack_padded_sequence(x, [3, 2, 1]), h0[:, :2])


# --- einsum: '...' and sublists -------------------------------------------------------------------


def test_einsum_ellipsis_and_sublists(device):
    a = torch.arange(24.0, device=device).reshape(2, 3, 4)
    b = torch.arange(20.0, device=device).reshape(4, 5)
    expected = [
        [[70.0, 76, 82, 88, 94], [190, 212, 234, 256, 278], [310, 348, 386, 424, 462]],
        [[430, 484, 538, 592, 646], [550, 620, 690, 760, 830], [670, 756, 842, 928, 1014]],
    ]  # PyTorch 2.13
    assert torch.einsum("...ij,jk->...ik", a, b).tolist() == expected
    assert torch.einsum("...ij,jk", a, b).tolist() == expected
    assert torch.einsum(a, [0, 1, 2], b, [2, 3], [0, 1, 3]).tolist() == expected
    assert torch.einsum(a, [..., 1, 2], b, [2, 3]).tolist() == expected
    assert torch.einsum(a, [Ellipsis, 1, 2], b, [2, 3], [Ellipsis, 3]).tolist() == [
        [570.0, 636, 702, 768, 834],
        [1650, 1860, 2070, 2280, 2490],
    ]
    v = torch.tensor([1.0, 2, 3, 4], device=device)
    assert torch.einsum("b...j,j->...b", a, v).tolist() == [[20.0, 140], [60, 180], [100, 220]]
    # ellipsis dims and size-1 dims broadcast
    batched = torch.einsum(
        "...ij,...jk->...ik",
        torch.arange(18.0, device=device).reshape(2, 3, 3),
        torch.arange(9.0, device=device).reshape(1, 3, 3),
    )
    assert batched.tolist() == [
        [[15.0, 18, 21], [42, 54, 66], [69, 90, 111]],
        [[96, 126, 156], [123, 162, 201], [150, 198, 246]],
    ]
    assert (
        torch.einsum(
            "ij,jk->ik",
            torch.ones(2, 1, device=device),
            torch.arange(12.0, device=device).reshape(3, 4),
        ).tolist()
        == [[12.0, 15, 18, 21]] * 2
    )
    assert torch.einsum("i...->...", a).shape == (3, 4)
    assert torch.einsum("...->", torch.ones(2, 3, device=device)).item() == 6.0
    assert torch.einsum("bA", torch.ones(2, 3, device=device)).shape == (3, 2)  # A-Z first


def test_einsum_ellipsis_gradients(device):
    opts = {"dtype": torch.float64, "device": device, "requires_grad": True}
    x = torch.arange(12.0, **opts).reshape(2, 1, 3, 2).div(5).detach().requires_grad_()
    y = torch.arange(8.0, **opts).reshape(4, 2, 1).div(3).detach().requires_grad_()
    assert gradcheck(lambda p, q: torch.einsum("...ij,...jk->...ik", p, q), (x, y))
    assert gradgradcheck(lambda p, q: torch.einsum(p, [..., 0, 1], q, [..., 1, 2]), (x, y))


@pytest.mark.parametrize(
    "args, error, text",
    [  # PyTorch 2.13's errors
        (
            ("i..j->ij", "c"),
            RuntimeError,
            "einsum(): found '.' for operand 0 that is not part of any ellipsis",
        ),
        (
            ("....->", "c"),
            RuntimeError,
            "einsum(): found '.' for operand 0 for which an ellipsis was already found",
        ),
        (
            ("ij->i...j...", "c"),
            RuntimeError,
            "einsum(): found '.' for output but an ellipsis (...) was already found",
        ),
        (
            ("ij->i.", "c"),
            RuntimeError,
            "einsum(): found '.' for output that is not part of any ellipsis (...)",
        ),
        (
            ("ijk...->", "c"),
            RuntimeError,
            "einsum(): the number of subscripts in the equation (3) is more than the number of "
            "dimensions (2) for operand 0",
        ),
        (
            ("ij->k", "c"),
            RuntimeError,
            "einsum(): output subscript k does not appear in the equation for any input operand",
        ),
        (
            ("ij->ii", "c"),
            RuntimeError,
            "einsum(): output subscript i appears more than once in the output",
        ),
        (
            ("i1->", "c"),
            RuntimeError,
            "einsum(): invalid subscript given at index 1 in the equation string, subscripts must be in "
            "[a-zA-Z]",
        ),
        (
            ("ij->i1", "c"),
            RuntimeError,
            "einsum(): invalid subscript given at index 5 in the equation string, subscripts must be in "
            "[a-zA-Z]",
        ),
        (
            ("i,j", "c"),
            RuntimeError,
            "einsum(): fewer operands were provided than specified in the equation",
        ),
        (
            ("...ij,...jk->...ik", "p", "q"),
            RuntimeError,
            "einsum(): dimension 0 covered by ellipsis in operand 1has size 4 which does not broadcast "
            "with previously seen ellipsis with size 2 for the respective dimension",
        ),
        (
            ("c", [0, 1, 52]),
            ValueError,
            "einsum(): subscript in subscript list is not within the valid range [0, 52)",
        ),
        (
            ("c", [0, 1], [0, 0]),
            RuntimeError,
            "einsum(): output subscript A appears more than once in the output",
        ),
        (
            ("c",),
            ValueError,
            "einsum(): must specify the equation string and at least one operand, or at least one "
            "operand and its subscripts list",
        ),
    ],
)
def test_einsum_errors(args, error, text):
    named = {"c": torch.ones(3, 2), "p": torch.ones(2, 3, 3), "q": torch.ones(4, 3, 3)}
    with pytest.raises(error) as info:
        torch.einsum(*[named.get(a, a) if isinstance(a, str) and a in named else a for a in args])
    assert str(info.value) == text


# --- unique(dim=...) and unique_consecutive -------------------------------------------------------


def test_unique_dim(device):
    x = torch.tensor([[1, 2], [0, 5], [1, 2], [0, 3]], device=device)
    values, inverse, counts = torch.unique(x, dim=0, return_inverse=True, return_counts=True)
    # PyTorch 2.13's results
    assert values.tolist() == [[0, 3], [0, 5], [1, 2]]
    assert inverse.tolist() == [2, 1, 2, 0] and counts.tolist() == [1, 1, 2]
    assert inverse.dtype is torch.int64 and counts.dtype is torch.int64
    assert [t.tolist() for t in x.unique(dim=-1, sorted=False, return_inverse=True)] == [
        [[1, 2], [0, 5], [1, 2], [0, 3]],
        [0, 1],
    ]
    assert torch.unique(torch.tensor([[True], [False], [True]], device=device), dim=0).tolist() == [
        [False],
        [True],
    ]
    nan_rows = torch.tensor([[1.0, float("nan")]] * 2, device=device)
    assert torch.unique(nan_rows, dim=0).shape == (2, 2)  # nan != nan: both rows stay
    empty = torch.unique(
        torch.ones(0, 3, device=device), dim=0, return_inverse=True, return_counts=True
    )
    assert [tuple(t.shape) for t in empty] == [(0, 3), (0,), (0,)]
    z = torch.tensor([[1.0, 2], [1, 2]], device=device, requires_grad=True)
    assert torch.unique(z, dim=0).grad_fn.name() == "UniqueDimBackward0"


def test_unique_consecutive(device):
    y = torch.tensor([1, 1, 2, 2, 3, 1, 1, 2], device=device)
    values, inverse, counts = torch.unique_consecutive(y, return_inverse=True, return_counts=True)
    # PyTorch 2.13's results
    assert values.tolist() == [1, 2, 3, 1, 2]
    assert inverse.tolist() == [0, 0, 1, 1, 2, 3, 3, 4] and counts.tolist() == [2, 2, 1, 2, 1]
    assert y.unique_consecutive().tolist() == [1, 2, 3, 1, 2]
    rows = torch.tensor([[1, 1], [1, 1], [2, 3], [1, 1]], device=device)
    assert [t.tolist() for t in torch.unique_consecutive(rows, True, True, dim=0)] == [
        [[1, 1], [2, 3], [1, 1]],
        [0, 0, 1, 2],
        [2, 1, 1],
    ]
    assert torch.unique_consecutive(
        torch.tensor([[1.0, 1], [1, 1], [2, 3]], device=device)
    ).tolist() == [1.0, 2.0, 3.0]
    scalar = torch.unique_consecutive(
        torch.tensor(3, device=device), return_inverse=True, return_counts=True
    )
    assert [t.tolist() for t in scalar] == [[3], 0, [1]]
    z = torch.tensor([1.0, 1.0], device=device, requires_grad=True)
    assert torch.unique_consecutive(z).grad_fn.name() == "UniqueConsecutiveBackward0"


@pytest.mark.parametrize(
    "call, error, text",
    [  # PyTorch 2.13's errors
        (
            lambda: torch.unique(torch.ones(4, 2), dim=2),
            IndexError,
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)",
        ),
        (
            lambda: torch.unique_consecutive(torch.ones(4, 2), dim=3),
            IndexError,
            "Dimension out of range (expected to be in range of [-2, 1], but got 3)",
        ),
        (
            lambda: torch.unique(torch.ones(3, 0), dim=0),
            RuntimeError,
            "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied",
        ),
        (
            lambda: torch.unique_consecutive(torch.tensor(3), dim=0),
            IndexError,
            "Dimension specified as 0 but tensor has no dimensions",
        ),
        (
            lambda: torch.unique(torch.ones(2, 2, requires_grad=True), dim=0).sum().backward(),
            NotImplementedError,
            "the derivative for 'unique_dim' is not implemented.",
        ),
        (
            lambda: torch.unique_consecutive(torch.ones(2, requires_grad=True)).sum().backward(),
            NotImplementedError,
            "the derivative for 'unique_consecutive' is not implemented.",
        ),
    ],
)
def test_unique_errors(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text
