"""Samplers: which dataset indices a DataLoader visits, in which order, and in which batches."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sized

from ... import _messages as msg
from ..._creation import randint, randperm
from ..._generator import Generator, random_seed

__all__ = ["Sampler", "SequentialSampler", "RandomSampler", "SubsetRandomSampler", "BatchSampler"]


class Sampler:
    """Base class: an iterable of indices (or of lists of indices, for batch samplers)."""

    def __class_getitem__(cls, item):  # `Dataset[int]` in type hints and subclasses
        return cls

    def __init__(self, data_source: Sized | None = None) -> None:
        pass

    def __iter__(self) -> Iterator:
        raise NotImplementedError


class SequentialSampler(Sampler):
    """0, 1, ..., len(data_source) - 1."""

    def __init__(self, data_source: Sized) -> None:
        self.data_source = data_source

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self.data_source)))

    def __len__(self) -> int:
        return len(self.data_source)


def _stream(generator: Generator | None) -> Generator:
    """The generator to draw from: the given one, or a fresh one seeded from the default
    generator (so `torch.manual_seed` makes shuffling repeatable), as PyTorch does."""
    return generator if generator is not None else Generator().manual_seed(random_seed())


class RandomSampler(Sampler):
    """A random permutation each epoch (or `num_samples` draws with replacement)."""

    def __init__(
        self,
        data_source: Sized,
        replacement: bool = False,
        num_samples: int | None = None,
        generator: Generator | None = None,
    ) -> None:
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(self.replacement, bool):
            raise TypeError(msg.DATA_REPLACEMENT.format(value=self.replacement))
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(msg.DATA_NUM_SAMPLES.format(value=self.num_samples))

    @property
    def num_samples(self) -> int:
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self) -> Iterator[int]:
        n = len(self.data_source)
        generator = _stream(self.generator)
        if self.replacement:
            for _ in range(self.num_samples // 32):
                yield from randint(high=n, size=(32,), generator=generator).tolist()
            yield from randint(high=n, size=(self.num_samples % 32,), generator=generator).tolist()
        else:
            for _ in range(self.num_samples // n):
                yield from randperm(n, generator=generator).tolist()
            yield from randperm(n, generator=generator).tolist()[: self.num_samples % n]

    def __len__(self) -> int:
        return self.num_samples


class SubsetRandomSampler(Sampler):
    """The given indices, in a random order each epoch."""

    def __init__(self, indices, generator: Generator | None = None) -> None:
        self.indices = indices
        self.generator = generator

    def __iter__(self) -> Iterator[int]:
        for i in randperm(len(self.indices), generator=self.generator).tolist():
            yield self.indices[i]

    def __len__(self) -> int:
        return len(self.indices)


class BatchSampler(Sampler):
    """Group another sampler's indices into lists of `batch_size` (the last may be shorter)."""

    def __init__(self, sampler: Sampler | Iterable[int], batch_size: int, drop_last: bool) -> None:
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size <= 0:
            raise ValueError(msg.DATA_BATCH_SIZE.format(value=batch_size))
        if not isinstance(drop_last, bool):
            raise ValueError(msg.DATA_DROP_LAST.format(value=drop_last))
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self) -> Iterator[list[int]]:
        indices = iter(self.sampler)
        batch = list(itertools.islice(indices, self.batch_size))
        while batch and (len(batch) == self.batch_size or not self.drop_last):
            yield batch
            batch = list(itertools.islice(indices, self.batch_size))

    def __len__(self) -> int:
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size
