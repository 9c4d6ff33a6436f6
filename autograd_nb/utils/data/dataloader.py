"""`DataLoader`: iterate a dataset in (shuffled) mini-batches.

Each epoch (`for batch in loader`), the batch sampler yields lists of indices; the loader fetches
those samples from the dataset and merges them with `collate_fn`. Everything runs in the main
process: `num_workers > 0` is accepted and gives the same batches, just without worker processes.
A `TensorDataset` (or a `Subset` of one) with the default collate is fetched with one indexing
per tensor instead of one per sample: same values, much faster.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from ... import _messages as msg
from ..._creation import tensor
from ..._generator import Generator, random_seed
from ._collate import default_collate, default_convert
from .dataset import Dataset, IterableDataset, Subset, TensorDataset
from .sampler import BatchSampler, RandomSampler, Sampler, SequentialSampler

__all__ = ["DataLoader"]


def _tensor_source(dataset):
    """(tensors, index map or None) when `dataset` is a TensorDataset or Subsets of one whose
    tensors don't require grad; None when samples must be fetched one by one."""
    indices = None
    while type(dataset) is Subset:
        indices = (
            list(dataset.indices) if indices is None else [dataset.indices[i] for i in indices]
        )
        dataset = dataset.dataset
    if type(dataset) is not TensorDataset or any(t.requires_grad for t in dataset.tensors):
        return None
    return dataset.tensors, indices


class DataLoader:
    """`DataLoader(dataset, batch_size=1, shuffle=False, sampler=None, ..., drop_last=False,
    collate_fn=None, generator=None)`: an iterable over batches of `dataset`."""

    def __init__(
        self,
        dataset: Dataset,
        batch_size: int | None = 1,
        shuffle: bool | None = None,
        sampler: Sampler | Iterable | None = None,
        batch_sampler: Sampler | Iterable | None = None,
        num_workers: int = 0,
        collate_fn: Callable[[list], Any] | None = None,
        pin_memory: bool = False,
        drop_last: bool = False,
        timeout: float = 0,
        worker_init_fn=None,
        multiprocessing_context=None,
        generator: Generator | None = None,
        *,
        prefetch_factor: int | None = None,
        persistent_workers: bool = False,
        pin_memory_device: str = "",
        in_order: bool = True,
    ) -> None:
        if num_workers < 0:
            raise ValueError(msg.DATA_NUM_WORKERS)
        if timeout < 0:
            raise ValueError(msg.DATALOADER_TIMEOUT)
        self.dataset = dataset
        self.num_workers = num_workers
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.pin_memory = pin_memory
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable:
            if shuffle not in {False, None}:
                raise ValueError(msg.DATALOADER_ITERABLE_SHUFFLE.format(shuffle=shuffle))
            if sampler is not None:
                raise ValueError(msg.DATALOADER_ITERABLE_SAMPLER.format(sampler=sampler))
            if batch_sampler is not None:
                raise ValueError(
                    msg.DATALOADER_ITERABLE_BATCH_SAMPLER.format(batch_sampler=batch_sampler)
                )
        else:
            shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError(msg.DATA_SAMPLER_SHUFFLE)
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError(msg.DATA_BATCH_SAMPLER_OPTIONS)
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError(msg.DATALOADER_NO_BATCH_DROP_LAST)
        if sampler is None and not self._iterable:
            sampler = (
                RandomSampler(dataset, generator=generator)
                if shuffle
                else SequentialSampler(dataset)
            )
        if batch_size is not None and batch_sampler is None and not self._iterable:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        if collate_fn is None:
            collate_fn = default_collate if self._auto_collation else default_convert
        self.collate_fn = collate_fn

    @property
    def _auto_collation(self) -> bool:
        return self.batch_sampler is not None or (self._iterable and self.batch_size is not None)

    def __len__(self) -> int:
        if self._iterable:
            length = len(self.dataset)
            if self.batch_size is None:
                return length
            whole, rest = divmod(length, self.batch_size)
            return whole + (1 if rest and not self.drop_last else 0)
        return len(self.batch_sampler if self.batch_sampler is not None else self.sampler)

    def __iter__(self) -> Iterator:
        random_seed(self.generator)  # PyTorch draws its workers' base seed here: the stream moves
        if self._iterable:
            return self._iter_stream()
        if self.batch_sampler is None:
            return (self.collate_fn(self.dataset[i]) for i in self.sampler)
        source = _tensor_source(self.dataset) if self.collate_fn is default_collate else None
        if source is not None:
            return self._iter_tensors(*source)
        return (self.collate_fn(self._fetch(batch)) for batch in self.batch_sampler)

    def _fetch(self, indices: list[int]) -> list:
        getitems = getattr(self.dataset, "__getitems__", None)
        if callable(getitems):
            return getitems(indices)
        return [self.dataset[i] for i in indices]

    def _iter_tensors(self, tensors, index_map) -> Iterator[list]:
        """Batches of a TensorDataset: each tensor indexed once with the batch's indices."""
        for batch in self.batch_sampler:
            if index_map is not None:
                batch = [index_map[i] for i in batch]
            rows = tensor(batch)
            yield [t[rows.to(t.device)] for t in tensors]

    def _iter_stream(self) -> Iterator:
        samples = iter(self.dataset)
        if self.batch_size is None:
            yield from (self.collate_fn(s) for s in samples)
            return
        while batch := list(islice(samples, self.batch_size)):
            if len(batch) < self.batch_size and self.drop_last:
                return
            yield self.collate_fn(batch)
