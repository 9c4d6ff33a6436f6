"""DataLoader workers, run in this process the way PyTorch's worker processes behave.

PyTorch's `num_workers=N` starts N processes; what a user can observe of them is reproduced
here without processes: each worker has its own copy of the dataset (`get_worker_info().dataset`,
a shallow copy, so `worker_init_fn` can shard it), its own random streams seeded as PyTorch seeds
them (`random.seed(base_seed + id)`, `torch.manual_seed(base_seed + id)`, NumPy from
`generate_state(base_seed, id)`, with `base_seed` drawn once per iterator from the loader's
generator), `worker_init_fn(id)` called once per worker when iteration starts, batches handed to
the workers in turn, and a worker's error re-raised as "Caught ValueError in DataLoader worker
process 1." with the original traceback. While a worker runs, the process's `random`, NumPy and
torch streams are the worker's; they are swapped back afterwards, so the main process's streams
move as PyTorch's main process's do.

Differences: the work is not parallel, and side effects of dataset code on objects outside its
dataset copy (a list in the main program) are visible in the main process.
"""

from __future__ import annotations

import copy
import random
import traceback
from dataclasses import dataclass
from typing import Any

import numpy as np

from ... import _messages as msg
from ..._generator import default_generator

__all__ = ["WorkerInfo", "get_worker_info"]


@dataclass(frozen=True)
class WorkerInfo:
    """What `get_worker_info()` returns inside a worker: id, num_workers, seed, dataset."""

    id: int
    num_workers: int
    seed: int
    dataset: Any
    worker_method: str | None = "multiprocessing"


_current: WorkerInfo | None = None


def get_worker_info() -> WorkerInfo | None:
    """The running worker's WorkerInfo; None in the main process."""
    return _current


_MASK32 = 0xFFFFFFFF


def generate_state(base_seed: int, worker_id: int) -> list[int]:
    """PyTorch's NumPy seed for a worker (torch/utils/data/_utils/worker.py, after NumPy's
    SeedSequence): four 32-bit words hashed from the worker id and the base seed."""
    entropy = [worker_id, base_seed & _MASK32, base_seed >> 32, 0]
    hash_const = [0x43B0D7E5]

    def hashed(value: int) -> int:
        value = (value ^ hash_const[0]) & _MASK32
        hash_const[0] = (hash_const[0] * 0x931E8875) & _MASK32
        value = (value * hash_const[0]) & _MASK32
        return (value ^ (value >> 16)) & _MASK32

    def mix(x: int, y: int) -> int:
        result = ((0xCA01F9DD * x) - (0x4973F715 * y)) & _MASK32
        return (result ^ (result >> 16)) & _MASK32

    pool = [hashed(value) for value in entropy]
    for source in range(4):
        for target in range(4):
            if source != target:
                pool[target] = mix(pool[target], hashed(pool[source]))
    state, const = [], 0x8B51F9DD
    for value in pool:
        value = (value ^ const) & _MASK32
        const = (const * 0x58F38DED) & _MASK32
        value = (value * const) & _MASK32
        state.append((value ^ (value >> 16)) & _MASK32)
    return state


class Worker:
    """One emulated worker process: its WorkerInfo and its saved random streams."""

    def __init__(self, worker_id: int, num_workers: int, base_seed: int, dataset) -> None:
        seed = base_seed + worker_id
        self.info = WorkerInfo(worker_id, num_workers, seed, copy.copy(dataset))
        self.numpy_seed = generate_state(base_seed, worker_id)
        self.streams = None  # (random, numpy, torch) states between runs; None before the first
        self.active = True  # an IterableDataset worker stops when its iterator ends
        self.samples = None  # its iterator over an IterableDataset
        self.ended = False  # that iterator has run out

    def run(self, fn, *args):
        """fn(*args) inside this worker: its streams and WorkerInfo in place, errors wrapped."""
        global _current
        main = (random.getstate(), np.random.get_state(), default_generator.get_state())
        outer = _current
        try:
            if self.streams is None:
                random.seed(self.info.seed)
                np.random.seed(self.numpy_seed)
                default_generator.manual_seed(self.info.seed)
            else:
                _set_streams(self.streams)
            _current = self.info
            try:
                return fn(*args)
            except Exception as error:  # noqa: BLE001 - re-raised as PyTorch re-raises it
                failure = error
            raise_from_worker(failure, self.info.id)
        finally:
            _current = outer
            self.streams = (random.getstate(), np.random.get_state(), default_generator.get_state())
            _set_streams(main)


def _set_streams(streams) -> None:
    random.setstate(streams[0])
    np.random.set_state(streams[1])
    default_generator.set_state(streams[2])


class KeyErrorMessage(str):
    """A KeyError's text shown as written (KeyError shows its argument's repr otherwise)."""

    def __repr__(self) -> str:
        return self


def raise_from_worker(error: BaseException, worker_id: int) -> None:
    """PyTorch's ExceptionWrapper.reraise: the same exception type, its text saying where it was
    caught, followed by the original traceback."""
    kind = type(error)
    text = msg.DATA_WORKER_ERROR.format(
        kind=kind.__name__,
        worker=worker_id,
        original="".join(traceback.format_exception(error)),
    )
    if kind is KeyError:
        text = KeyErrorMessage(text)
    elif getattr(kind, "message", None):
        raise kind(message=text) from None
    try:
        exception = kind(text)
    except Exception:  # noqa: BLE001 - a type that takes other arguments: PyTorch's fallback
        raise RuntimeError(text) from None
    raise exception from None
