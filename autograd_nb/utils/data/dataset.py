"""Datasets: `Dataset`, `IterableDataset`, `TensorDataset`, `Subset`, `ConcatDataset`, splits.

A map-style dataset answers `len(ds)` and `ds[i]`; the DataLoader asks it for samples by index
and collates them into batches. An iterable dataset just yields samples in order.
"""

from __future__ import annotations

import bisect
import itertools
import math
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

from ... import _messages as msg
from ..._creation import randperm
from ..._generator import Generator, default_generator
from ..._tensor import Tensor

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "Subset", "ConcatDataset", "random_split"]


class Dataset:
    """A map-style dataset: subclasses give `__getitem__(index)` (and usually `__len__`)."""

    def __class_getitem__(cls, item):  # `Dataset[int]` in type hints and subclasses
        return cls

    def __getitem__(self, index) -> Any:
        raise NotImplementedError(msg.DATASET_GETITEM)

    def __add__(self, other: Dataset) -> ConcatDataset:
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    """A stream of samples: subclasses give `__iter__` (the DataLoader batches it in order)."""

    def __iter__(self) -> Iterator:
        raise NotImplementedError(msg.DATASET_ITER)


class TensorDataset(Dataset):
    """Samples are the i-th rows of tensors that share their first dimension: `(x[i], y[i])`."""

    def __init__(self, *tensors: Tensor) -> None:
        if any(tensors[0].size(0) != tensor.size(0) for tensor in tensors):
            raise AssertionError(msg.DATA_SIZE_MISMATCH)
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(tensor[index] for tensor in self.tensors)

    def __len__(self) -> int:
        return self.tensors[0].size(0)


class Subset(Dataset):
    """The samples of `dataset` at `indices`, in that order."""

    def __init__(self, dataset: Dataset, indices: Sequence[int]) -> None:
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __getitems__(self, indices: list[int]) -> list:
        if callable(getattr(self.dataset, "__getitems__", None)):
            return self.dataset.__getitems__([self.indices[idx] for idx in indices])
        return [self.dataset[self.indices[idx]] for idx in indices]

    def __len__(self) -> int:
        return len(self.indices)


class ConcatDataset(Dataset):
    """Several datasets one after another (what `ds1 + ds2` gives)."""

    def __init__(self, datasets) -> None:
        self.datasets = list(datasets)
        if len(self.datasets) == 0:
            raise AssertionError(msg.DATASET_CONCAT_EMPTY)
        for d in self.datasets:
            if isinstance(d, IterableDataset):
                raise AssertionError(msg.DATASET_CONCAT_ITERABLE)
        self.cumulative_sizes = list(itertools.accumulate(len(d) for d in self.datasets))

    def __len__(self) -> int:
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError(msg.DATASET_CONCAT_INDEX)
            idx = len(self) + idx
        which = bisect.bisect_right(self.cumulative_sizes, idx)
        start = 0 if which == 0 else self.cumulative_sizes[which - 1]
        return self.datasets[which][idx - start]


def _fraction_lengths(total: int, fractions: Sequence[float]) -> list[int]:
    """PyTorch's rounding: floor each share, then hand out the remainder round-robin."""
    lengths = []
    for i, frac in enumerate(fractions):
        if frac < 0 or frac > 1:
            raise ValueError(msg.DATA_SPLIT_FRACTION.format(index=i))
        lengths.append(math.floor(total * frac))
    for i in range(total - sum(lengths)):
        lengths[i % len(lengths)] += 1
    for i, length in enumerate(lengths):
        if length == 0:
            warnings.warn(msg.DATA_SPLIT_EMPTY_WARNING.format(index=i), stacklevel=3)
    return lengths


def random_split(
    dataset: Dataset,
    lengths: Sequence[int | float],
    generator: Generator | None = default_generator,
) -> list[Subset]:
    """Split into non-overlapping random subsets of the given lengths (or fractions summing to 1),
    e.g. `random_split(ds, [0.8, 0.2], generator=torch.Generator().manual_seed(42))`."""
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        lengths = _fraction_lengths(len(dataset), lengths)
    if sum(lengths) != len(dataset):
        raise ValueError(msg.DATA_SPLIT_SUM)
    indices = randperm(sum(lengths), generator=generator).tolist()
    return [
        Subset(dataset, indices[offset - length : offset])
        for offset, length in zip(itertools.accumulate(lengths), lengths)
    ]
