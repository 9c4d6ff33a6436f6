"""`torch.nn.utils.rnn.pad_sequence`: variable-length sequences stacked into one padded tensor."""

from __future__ import annotations

from collections.abc import Iterable

from ... import _messages as msg
from ..._creation import full
from ..._tensor import Tensor

__all__ = ["pad_sequence"]


def pad_sequence(sequences: Tensor | list[Tensor], batch_first: bool = False,
                 padding_value: float = 0.0, padding_side: str = "right") -> Tensor:
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
    out = full(batch + tuple(first.shape[1:]), padding_value, dtype=first.dtype,
               device=first.device)
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
