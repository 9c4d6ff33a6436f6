"""`DataLoader`: iterate a dataset in (shuffled) mini-batches.

Each epoch (`for batch in loader`), the batch sampler yields lists of indices; the loader fetches
those samples from the dataset and merges them with `collate_fn`. An error while fetching one
batch is raised from that `next()`, and the following `next()` goes on with the next batch, as in
PyTorch. `num_workers > 0` runs PyTorch's workers in this process (`_worker.py`): the same
batches, worker ids, seeds and random augmentations as PyTorch's worker processes give, one
batch after another. A `TensorDataset` (or a `Subset` of one) with the default collate is
fetched with one indexing per tensor instead of one per sample: same values, much faster.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from ... import _messages as msg
from ... import accelerator
from ..._creation import tensor
from ..._generator import Generator, random_seed
from ..._tensor import Tensor
from ._collate import default_collate, default_convert
from ._worker import Worker
from .dataset import Dataset, IterableDataset, Subset, TensorDataset
from .sampler import BatchSampler, RandomSampler, Sampler, SequentialSampler

__all__ = ["DataLoader"]

_END = object()  # an IterableDataset's iterator is exhausted


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
        if num_workers == 0 and prefetch_factor is not None:
            raise ValueError(msg.DATALOADER_PREFETCH_NO_WORKERS)
        if num_workers > 0 and prefetch_factor is None:
            prefetch_factor = 2
        elif prefetch_factor is not None and prefetch_factor < 0:
            raise ValueError(msg.DATALOADER_PREFETCH_NEGATIVE)
        if persistent_workers and num_workers == 0:
            raise ValueError(msg.DATALOADER_PERSISTENT)
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.persistent_workers = persistent_workers
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.multiprocessing_context = _start_method(multiprocessing_context, num_workers)
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        self.in_order = in_order
        self._workers: list[Worker] | None = None  # kept between epochs when persistent
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
        self._initialized = True

    def __setattr__(self, name: str, value) -> None:
        if name in _FIXED_AFTER_INIT and self.__dict__.get("_initialized"):
            raise ValueError(msg.DATALOADER_FIXED.format(attr=name, cls=type(self).__name__))
        super().__setattr__(name, value)

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
        return _BatchIterator(self)

    def _start_workers(self) -> list[Worker] | None:
        """The iterator's workers: new ones (PyTorch draws their base seed from the loader's
        generator each epoch, even with no workers), or the persistent ones of an earlier epoch."""
        if self._workers is not None:
            return self._workers
        base_seed = random_seed(self.generator)
        if not self.num_workers:
            return None
        n = self.num_workers
        workers = [Worker(i, n, base_seed, self.dataset) for i in range(n)]
        if self.worker_init_fn is not None:
            for worker in workers:
                worker.run(self.worker_init_fn, worker.info.id)
        if self.persistent_workers:
            self._workers = workers
        return workers


_FIXED_AFTER_INIT = (
    "batch_size",
    "batch_sampler",
    "sampler",
    "drop_last",
    "dataset",
    "persistent_workers",
)


def _start_method(context, num_workers: int):
    """PyTorch's checks of multiprocessing_context (kept; the workers here are not processes)."""
    if context is None:
        return None
    if num_workers == 0:
        raise ValueError(msg.DATALOADER_CONTEXT_NO_WORKERS.format(num_workers=num_workers))
    if isinstance(context, str):
        methods = multiprocessing.get_all_start_methods()
        if context not in methods:
            raise ValueError(msg.DATALOADER_CONTEXT_METHOD.format(methods=methods, context=context))
        context = multiprocessing.get_context(context)
    if not isinstance(context, multiprocessing.context.BaseContext):
        raise TypeError(msg.DATALOADER_CONTEXT_TYPE.format(context=context))
    return context


class _BatchIterator:
    """One epoch over a DataLoader: `next()` fetches one batch (in a worker, if there are any);
    an error leaves the iterator ready for the following batch."""

    def __init__(self, loader: DataLoader) -> None:
        # PyTorch's assertions when an iterator starts
        if loader.num_workers == 0 and loader.timeout != 0:
            raise AssertionError(msg.DATALOADER_SINGLE_TIMEOUT)
        if loader.num_workers > 0 and loader.prefetch_factor <= 0:
            raise AssertionError(msg.DATALOADER_PREFETCH_ZERO)
        if loader.pin_memory and loader.pin_memory_device:
            warnings.warn(
                msg.DATALOADER_PIN_DEVICE.format(device=loader.pin_memory_device),
                UserWarning,
                stacklevel=3,
            )
        if loader.pin_memory and not accelerator.is_available():
            warnings.warn(msg.DATALOADER_PIN_NO_ACCELERATOR, UserWarning, stacklevel=3)
        self.pin = loader.pin_memory and accelerator.is_available()
        self.loader = loader
        self.workers = loader._start_workers()
        self.turn = 0  # the worker the next batch goes to
        self.fast = None
        if loader._iterable:
            self.ended = False
            if self.workers is None:
                self.samples = iter(loader.dataset)
            for worker in self.workers or ():
                worker.active, worker.ended = True, False
                worker.samples = worker.run(iter, worker.info.dataset)
            return
        index_source = loader.batch_sampler if loader.batch_sampler is not None else loader.sampler
        self.indices = iter(index_source)
        if loader.batch_sampler is not None and loader.collate_fn is default_collate:
            self.fast = _tensor_source(loader.dataset)
        self.pending: deque = deque()
        if self.workers:  # PyTorch hands prefetch_factor batches to each worker at once
            self.pending.extend(islice(self.indices, loader.prefetch_factor * len(self.workers)))

    def __iter__(self) -> _BatchIterator:
        return self

    def __next__(self) -> Any:
        batch = self._next_batch()
        return _pinned(batch) if self.pin else batch

    def _next_batch(self) -> Any:
        if self.loader._iterable:
            return self._next_streamed()
        if self.pending:
            index = self.pending.popleft()
            self.pending.extend(islice(self.indices, 1))
        else:
            index = next(self.indices)
        if not self.workers:
            return self._fetch(self.loader.dataset, index)
        worker = self.workers[self.turn]
        self.turn = (self.turn + 1) % len(self.workers)
        return worker.run(self._fetch, worker.info.dataset, index)

    def _fetch(self, dataset, index) -> Any:
        """PyTorch's map-style fetcher: one batch of samples, collated."""
        loader = self.loader
        if loader.batch_sampler is None:
            return loader.collate_fn(dataset[index])
        if self.fast is not None:
            return _index_tensors(index, *self.fast)
        getitems = getattr(dataset, "__getitems__", None)
        samples = getitems(index) if callable(getitems) else [dataset[i] for i in index]
        return loader.collate_fn(samples)

    def _next_streamed(self) -> Any:
        """The next batch of an IterableDataset: from the main process, or from the workers in
        turn, skipping those whose iterator has ended (each worker iterates the whole dataset
        unless the dataset shards itself with get_worker_info())."""
        if not self.workers:
            batch = self._fetch_streamed(self)
            if batch is _END:
                raise StopIteration
            return batch
        while any(worker.active for worker in self.workers):
            worker = self.workers[self.turn]
            self.turn = (self.turn + 1) % len(self.workers)
            if not worker.active:
                continue
            batch = worker.run(self._fetch_streamed, worker)
            if batch is not _END:
                return batch
            worker.active = False
        raise StopIteration

    def _fetch_streamed(self, source) -> Any:
        """PyTorch's iterable fetcher: up to batch_size samples from `source.samples`, collated;
        _END once the iterator is exhausted (or only a short last batch is left with drop_last)."""
        loader = self.loader
        if source.ended:
            return _END
        if loader.batch_size is None:
            sample = next(source.samples, _END)
            return sample if sample is _END else loader.collate_fn(sample)
        batch = list(islice(source.samples, loader.batch_size))
        if len(batch) < loader.batch_size:
            source.ended = True
            if not batch or loader.drop_last:
                return _END
        return loader.collate_fn(batch)


def _pinned(batch) -> Any:
    """PyTorch's pin_memory of a batch: its tensors pinned, inside lists, tuples and dicts."""
    if isinstance(batch, Tensor):
        return batch.pin_memory()
    if isinstance(batch, dict):
        return type(batch)({key: _pinned(value) for key, value in batch.items()})
    if isinstance(batch, tuple) and hasattr(batch, "_fields"):  # a namedtuple
        return type(batch)(*(_pinned(item) for item in batch))
    if isinstance(batch, (list, tuple)):
        return type(batch)(_pinned(item) for item in batch)
    return batch


def _index_tensors(batch: list[int], tensors, index_map) -> list:
    """A batch of a TensorDataset: each tensor indexed once with the batch's indices."""
    if index_map is not None:
        batch = [index_map[i] for i in batch]
    rows = tensor(batch)
    return [t[rows.to(t.device)] for t in tensors]
