"""`default_collate` and `default_convert`: turn a list of samples into one batch.

Tensors are stacked along a new first dimension, NumPy arrays become tensors first, Python ints
become an int64 tensor and floats a float64 tensor, strings stay a list; dicts, named tuples,
tuples and lists are collated field by field (a tuple of fields comes back as a list, as in
PyTorch: `for x, y in loader` works either way).
"""

from __future__ import annotations

import collections.abc
import copy

from ... import _messages as msg
from ... import dtypes
from ..._creation import as_tensor, tensor
from ..._tensor import Tensor
from ...ops.joining import stack

__all__ = ["default_collate", "default_convert"]


def _is_numpy(obj, *names: str) -> bool:
    kind = type(obj)
    return kind.__module__ == "numpy" and (not names or kind.__name__ in names)


def _by_field(batch, elem, collate):
    """Collate a batch of containers shaped like `elem` field by field with `collate`."""
    if isinstance(elem, collections.abc.Mapping):
        fields = {key: collate([d[key] for d in batch]) for key in elem}
        if isinstance(elem, collections.abc.MutableMapping):
            clone = copy.copy(elem)
            clone.update(fields)
            return clone
        try:
            return type(elem)(fields)
        except TypeError:
            return fields
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):  # namedtuple
        return type(elem)(*(collate(samples) for samples in zip(*batch)))
    it = iter(batch)
    size = len(next(it))
    if not all(len(e) == size for e in it):
        raise RuntimeError(msg.DATA_COLLATE_SIZES)
    fields = [collate(samples) for samples in zip(*batch)]
    if isinstance(elem, tuple):
        return fields  # PyTorch returns a list here, for backwards compatibility
    try:
        if isinstance(elem, collections.abc.MutableSequence):
            clone = copy.copy(elem)
            for i, value in enumerate(fields):
                clone[i] = value
            return clone
        return type(elem)(fields)
    except TypeError:
        return fields


def default_collate(batch):
    """Merge a list of samples into a batch (the DataLoader's default `collate_fn`)."""
    elem = batch[0]
    if isinstance(elem, Tensor):
        return stack(batch, 0)
    if _is_numpy(elem, "ndarray", "memmap"):
        if elem.dtype.kind in "OUSV":
            raise TypeError(msg.DATA_COLLATE_TYPE.format(type=elem.dtype))
        return default_collate([as_tensor(b) for b in batch])
    if _is_numpy(elem) and getattr(elem, "shape", None) == ():  # NumPy scalars
        return stack([as_tensor(b) for b in batch], 0)
    if isinstance(elem, float):
        return tensor(batch, dtype=dtypes.float64)
    if isinstance(elem, int):
        return tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, (collections.abc.Mapping, collections.abc.Sequence)):
        return _by_field(batch, elem, default_collate)
    raise TypeError(msg.DATA_COLLATE_TYPE.format(type=type(elem)))


def default_convert(data):
    """Turn NumPy arrays (also inside containers) into tensors; used when batching is off."""
    if isinstance(data, Tensor):
        return data
    if _is_numpy(data, "ndarray", "memmap"):
        return data if data.dtype.kind in "OUSV" else as_tensor(data)
    if _is_numpy(data) and getattr(data, "shape", None) == ():
        return as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        return (
            type(data)({key: default_convert(data[key]) for key in data})
            if isinstance(data, dict)
            else {key: default_convert(data[key]) for key in data}
        )
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, collections.abc.Sequence) and not isinstance(data, (str, bytes)):
        try:
            return type(data)([default_convert(d) for d in data])
        except TypeError:
            return [default_convert(d) for d in data]
    return data
