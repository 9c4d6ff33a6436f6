"""`torch.nn.utils.rnn`: variable-length sequences padded into one tensor, or packed.

A PackedSequence keeps only the valid time steps, time-major: `data` holds step 0 of every
sequence, then step 1 of those still running, ...; `batch_sizes[t]` says how many rows step t
has. The sequences are sorted longest first; `sorted_indices` remembers the original order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ... import _messages as msg
from ... import dtypes
from ..._creation import arange, as_tensor, empty_like, full, tensor
from ..._tensor import Tensor
from ...ops.packing import pack_padded

__all__ = [
    "PackedSequence",
    "invert_permutation",
    "pack_padded_sequence",
    "pack_sequence",
    "pad_packed_sequence",
    "pad_sequence",
    "unpack_sequence",
    "unpad_sequence",
]


def pad_sequence(
    sequences: Tensor | list[Tensor],
    batch_first: bool = False,
    padding_value: float = 0.0,
    padding_side: str = "right",
) -> Tensor:
    """(max_len, batch, *) (or batch first), each sequence copied in: gradients flow to each."""
    if not isinstance(sequences, Iterable):
        raise RuntimeError(msg.PAD_SEQUENCE_ITERABLE.format(type=type(sequences)))
    sequences = tuple(sequences)
    for i, seq in enumerate(sequences):
        if not isinstance(seq, Tensor):
            raise TypeError(msg.CAT_ELEMENT.format(index=i, type=type(seq).__name__))
    if not sequences:
        raise RuntimeError(msg.PAD_SEQUENCE_EMPTY)
    first = sequences[0]
    if first.dim() == 0:  # PyTorch slices its trailing dims off
        raise RuntimeError(msg.PAD_SEQUENCE_SLICE)
    max_len = max(seq.shape[0] for seq in sequences)
    batch = (len(sequences), max_len) if batch_first else (max_len, len(sequences))
    out = full(
        batch + tuple(first.shape[1:]), padding_value, dtype=first.dtype, device=first.device
    )
    if padding_side not in ("left", "right"):
        raise RuntimeError(msg.PAD_SEQUENCE_SIDE.format(side=padding_side))
    for i, seq in enumerate(sequences):
        length = seq.shape[0]
        start = max_len - length if padding_side == "left" else 0
        if batch_first:
            out.select(0, i).narrow(0, start, length).copy_(seq)
        else:
            out.narrow(0, start, length).select(1, i).copy_(seq)
    return out


class PackedSequence_(NamedTuple):
    data: Tensor
    batch_sizes: Tensor
    sorted_indices: Tensor | None
    unsorted_indices: Tensor | None


class PackedSequence(PackedSequence_):
    """Packed variable-length sequences (see the module docstring); RNN, LSTM and GRU take it.

    unsorted_indices defaults to the inverse of sorted_indices; batch_sizes stays on the CPU.
    """

    def __new__(
        cls,
        data: Tensor,
        batch_sizes: Tensor | None = None,
        sorted_indices: Tensor | None = None,
        unsorted_indices: Tensor | None = None,
    ) -> PackedSequence:
        if unsorted_indices is None:
            unsorted_indices = invert_permutation(sorted_indices)
        if batch_sizes is None:  # PyTorch also takes (data, batch_sizes) as its first argument
            if not (isinstance(data, (list, tuple)) and len(data) == 2):
                raise AssertionError(msg.PACKED_DATA_TYPE)
            data, batch_sizes = data
        elif batch_sizes.device.type != "cpu":
            raise ValueError(msg.PACKED_BATCH_SIZES_CPU)
        return super().__new__(cls, data, batch_sizes, sorted_indices, unsorted_indices)

    def _with_data(self, data: Tensor) -> PackedSequence:
        """self if `data` is self.data, else a copy holding `data`, indices on its device."""
        if data is self.data:
            return self
        return type(self)(
            data,
            self.batch_sizes,
            *(
                None if i is None else i.to(data.device)
                for i in (self.sorted_indices, self.unsorted_indices)
            ),
        )

    def to(self, *args, **kwargs) -> PackedSequence:
        """data converted as Tensor.to(*args, **kwargs) converts it; the indices follow it."""
        return self._with_data(self.data.to(*args, **kwargs))

    def cuda(self, *args, **kwargs) -> PackedSequence:
        """data (and the indices) on a CUDA device."""
        return self._with_data(self.data.cuda(*args, **kwargs))

    def cpu(self, *args, **kwargs) -> PackedSequence:
        """data (and the indices) on the CPU."""
        return self._with_data(self.data.cpu(*args, **kwargs))

    def double(self) -> PackedSequence:
        return self.to(dtype=dtypes.float64)

    def float(self) -> PackedSequence:
        return self.to(dtype=dtypes.float32)

    def half(self) -> PackedSequence:
        return self.to(dtype=dtypes.float16)

    def long(self) -> PackedSequence:
        return self.to(dtype=dtypes.int64)

    def int(self) -> PackedSequence:
        return self.to(dtype=dtypes.int32)

    def short(self) -> PackedSequence:
        return self.to(dtype=dtypes.int16)

    def char(self) -> PackedSequence:
        return self.to(dtype=dtypes.int8)

    def byte(self) -> PackedSequence:
        return self.to(dtype=dtypes.uint8)

    @property
    def is_cuda(self) -> bool:
        """Whether data is on a CUDA device."""
        return self.data.is_cuda


def invert_permutation(permutation: Tensor | None) -> Tensor | None:
    """The inverse of a permutation of 0..n-1 (None stays None)."""
    if permutation is None:
        return None
    n = permutation.numel()
    return empty_like(permutation).scatter_(0, permutation, arange(0, n, device=permutation.device))


def _check_lengths(lengths: Tensor) -> list[int]:
    """lengths as a list, after PyTorch's check that it is a 1-D CPU int64 tensor."""
    if lengths.dim() != 1 or lengths.device.type != "cpu" or lengths.dtype is not dtypes.int64:
        raise RuntimeError(
            msg.PACK_LENGTHS_TYPE.format(
                dim=lengths.dim(), device=lengths.device, type=lengths.dtype.legacy_name[:-6]
            )
        )
    return lengths.tolist()


def pack_padded_sequence(
    input: Tensor,
    lengths: Tensor | list[int],
    batch_first: bool = False,
    enforce_sorted: bool = True,
) -> PackedSequence:
    """Pack a padded (T, B, *) batch (B, T, * if batch_first) of sequences of `lengths`;
    with enforce_sorted=False the sequences are sorted longest first here."""
    if isinstance(lengths, Tensor):
        lengths = lengths.to(dtype=dtypes.int64)
    else:
        lengths = as_tensor(lengths, dtype=dtypes.int64, device="cpu")
    sorted_indices = None
    if not enforce_sorted:
        lengths, sorted_indices = lengths.sort(descending=True)
        sorted_indices = sorted_indices.to(input.device)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    values = _check_lengths(lengths)
    if input.numel() == 0:
        raise RuntimeError(msg.PACK_EMPTY)
    batch = input.shape[0 if batch_first else 1]
    if len(values) != batch:
        raise RuntimeError(msg.PACK_BATCH.format(got=len(values), batch=batch))
    if values[-1] <= 0:
        raise RuntimeError(msg.PACK_ZERO_LENGTH)
    if any(a < b for a, b in zip(values, values[1:])):
        raise RuntimeError(msg.PACK_UNSORTED)
    data, sizes = pack_padded(input, values, batch_first)
    return PackedSequence(data, tensor(sizes, dtype=dtypes.int64), sorted_indices, None)


def pad_packed_sequence(
    sequence: PackedSequence,
    batch_first: bool = False,
    padding_value: float = 0.0,
    total_length: int | None = None,
) -> tuple[Tensor, Tensor]:
    """(padded batch, lengths), the inverse of pack_padded_sequence, in the original order;
    total_length pads the time dim to that length."""
    sizes = _check_lengths(sequence.batch_sizes)
    steps = len(sizes)
    if total_length is not None:
        if total_length < steps:
            raise ValueError(msg.PAD_PACKED_TOTAL_LENGTH.format(total=total_length, longest=steps))
        steps = total_length
    data = sequence.data
    out = full(
        (steps, sizes[0]) + tuple(data.shape[1:]),
        padding_value,
        dtype=data.dtype,
        device=data.device,
    )
    offset = start = 0
    for t in range(1, len(sizes) + 1):  # one copy per run of steps with the same batch size
        if t == len(sizes) or sizes[t] != sizes[start]:
            rows = sizes[start] * (t - start)
            out.narrow(0, start, t - start).narrow(1, 0, sizes[start]).copy_(
                data.narrow(0, offset, rows).view((t - start, sizes[start]) + out.shape[2:])
            )
            offset, start = offset + rows, t
    lengths = tensor([sum(n > b for n in sizes) for b in range(sizes[0])], dtype=dtypes.int64)
    if batch_first:
        out = out.transpose(0, 1)
    order = sequence.unsorted_indices
    if order is None:
        return out, lengths
    return out.index_select(0 if batch_first else 1, order), lengths[order.cpu()]


def pack_sequence(sequences: list[Tensor], enforce_sorted: bool = True) -> PackedSequence:
    """Pack a list of (L_i, *) sequences (longest first unless enforce_sorted=False)."""
    lengths = as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpad_sequence(
    padded_sequences: Tensor, lengths: Tensor, batch_first: bool = False
) -> list[Tensor]:
    """The sequences of a padded batch, each cut to its length (the inverse of pad_sequence)."""
    if not batch_first:  # PyTorch transposes the caller's tensor in place here; we do not
        padded_sequences = padded_sequences.transpose(0, 1)
    steps = arange(padded_sequences.shape[1], device=padded_sequences.device)
    return [
        seq[steps < length]
        for seq, length in zip(padded_sequences, lengths.to(padded_sequences.device), strict=True)
    ]


def unpack_sequence(packed_sequences: PackedSequence) -> list[Tensor]:
    """The sequences of a PackedSequence, as a list of tensors in the original order."""
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
