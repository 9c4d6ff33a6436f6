"""DataLoader scenarios run the same way under PyTorch (tests/data/record_data_loading.py) and
under autograd_nb (tests/test_data_workers.py): each takes the `torch` module and returns plain
values (lists, numbers, strings) to compare. Nothing here imports torch itself."""

from __future__ import annotations

import random
import warnings

import numpy as np


def _augment(torch, index: int) -> list[float]:
    """A random augmentation drawing from all three streams a worker seeds."""
    return [
        float(index),
        round(float(torch.rand(1).item()), 7),
        round(random.random(), 12),
        round(float(np.random.rand()), 12),
    ]


def _datasets(torch):
    data = torch.utils.data

    class Augmented(data.Dataset):
        def __len__(self):
            return 7

        def __getitem__(self, index):
            info = data.get_worker_info()
            worker = -1 if info is None else info.id
            return torch.tensor([*_augment(torch, index), float(worker)], dtype=torch.float64)

    class Stream(data.IterableDataset):
        def __init__(self, stop):
            self.stop = stop

        def __iter__(self):
            return iter(range(self.stop))

    class Sharded(data.IterableDataset):
        def __iter__(self):
            info = data.get_worker_info()
            return iter(range(info.id, 7, info.num_workers))

    class Failing(data.Dataset):
        def __init__(self, error):
            self.error = error

        def __len__(self):
            return 6

        def __getitem__(self, index):
            if index == 3:
                raise self.error("sample 3 is broken")
            return index

    return Augmented, Stream, Sharded, Failing


def _batches(loader) -> list:
    return [batch.tolist() for batch in loader]


def augmented_epochs(torch, workers: int, persistent: bool = False, shuffle: bool = False):
    """Two epochs of random augmentation, the init_fn calls and the main stream after them."""
    Augmented = _datasets(torch)[0]
    torch.manual_seed(0)
    random.seed(1)
    np.random.seed(2)

    def init_fn(worker_id):
        random.random()  # moves the worker's stream, not the main process's

    loader = torch.utils.data.DataLoader(
        Augmented(),
        batch_size=2,
        shuffle=shuffle,
        num_workers=workers,
        worker_init_fn=init_fn if workers else None,
        persistent_workers=persistent,
    )
    epochs = [_batches(loader), _batches(loader)]
    main = [round(float(torch.rand(1).item()), 7), random.random(), float(np.random.rand())]
    return {"epochs": epochs, "main": main}


def init_fn_seeds(torch):
    """What worker_init_fn sees (run in the workers: returned through the batches)."""
    Augmented = _datasets(torch)[0]
    torch.manual_seed(5)

    def init_fn(worker_id):
        info = torch.utils.data.get_worker_info()
        info.dataset.seen = [
            worker_id,
            info.id,
            info.num_workers,
            info.seed % 2**40,
            torch.initial_seed() % 2**40,
        ]

    class Reporting(Augmented):
        def __getitem__(self, index):
            return torch.tensor(self.seen)

    loader = torch.utils.data.DataLoader(
        Reporting(), batch_size=3, num_workers=2, worker_init_fn=init_fn
    )
    return _batches(loader)


def generator_shuffle(torch):
    Augmented = _datasets(torch)[0]
    generator = torch.Generator().manual_seed(11)
    torch.manual_seed(3)
    loader = torch.utils.data.DataLoader(
        Augmented(), batch_size=3, shuffle=True, num_workers=2, generator=generator
    )
    return _batches(loader)


def iterable_streams(torch):
    _, Stream, Sharded, _ = _datasets(torch)
    DataLoader = torch.utils.data.DataLoader
    return {
        "unsharded": _batches(DataLoader(Stream(5), batch_size=2, num_workers=2)),
        "unsharded_drop_last": _batches(
            DataLoader(Stream(5), batch_size=2, num_workers=2, drop_last=True)
        ),
        "sharded": _batches(DataLoader(Sharded(), batch_size=2, num_workers=2)),
        "three_workers": _batches(DataLoader(Sharded(), batch_size=2, num_workers=3)),
        "unbatched": [int(x) for x in DataLoader(Stream(3), batch_size=None, num_workers=2)],
    }


def errors(torch, workers: int, error=ValueError):
    """Iterate past a failing sample: each error's type and first line, then the batches."""
    Failing = _datasets(torch)[3]
    loader = torch.utils.data.DataLoader(Failing(error), batch_size=2, num_workers=workers)
    it = iter(loader)
    seen = []
    while True:
        try:
            seen.append(next(it).tolist())
        except StopIteration:
            break
        except Exception as caught:  # noqa: BLE001 - the error is the value recorded
            text = str(caught)
            seen.append([type(caught).__name__, text.splitlines()[0], "sample 3 is broken" in text])
    return seen


def argument_checks(torch):
    DataLoader = torch.utils.data.DataLoader
    Stream = _datasets(torch)[1]
    out = {}
    for name, kwargs in {
        "persistent": {"persistent_workers": True},
        "timeout": {"timeout": -1},
        "prefetch_no_workers": {"prefetch_factor": 2},
        "prefetch_negative": {"prefetch_factor": -1, "num_workers": 2},
        "workers_negative": {"num_workers": -1},
        "timeout_without_workers": {"timeout": 5},
        "prefetch_zero": {"prefetch_factor": 0, "num_workers": 2},
        "context_without_workers": {"multiprocessing_context": "spawn"},
        "context_unknown": {"multiprocessing_context": "bogus", "num_workers": 1},
        "context_type": {"multiprocessing_context": 3, "num_workers": 1},
        "context_fork": {"multiprocessing_context": "fork", "num_workers": 1},
    }.items():
        try:
            out[name] = [int(x) for x in DataLoader(Stream(3), **kwargs)]
        except Exception as caught:  # noqa: BLE001 - the error is the value recorded
            out[name] = [type(caught).__name__, str(caught)]
    loader = DataLoader(Stream(3), batch_size=2)
    for name in ("batch_size", "dataset", "drop_last", "persistent_workers"):
        try:
            setattr(loader, name, getattr(loader, name))
            out[f"set_{name}"] = None
        except Exception as caught:  # noqa: BLE001 - the error is the value recorded
            out[f"set_{name}"] = [type(caught).__name__, str(caught)]
    loader.num_workers = 0  # not fixed after init
    return out


def pin_memory(torch):
    """On a machine without an accelerator: the warning, and batches that are not pinned."""
    Stream = _datasets(torch)[1]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        batches = list(torch.utils.data.DataLoader(Stream(3), batch_size=2, pin_memory=True))
        loader = torch.utils.data.DataLoader(Stream(1), pin_memory=True, pin_memory_device="cuda")
        list(loader)
    return {
        "warnings": [str(w.message) for w in caught],
        "pinned": [batch.is_pinned() for batch in batches],
        "tensor_pinned": torch.ones(2).is_pinned(),
    }


CASES = {
    "augmented_0": lambda torch: augmented_epochs(torch, 0),
    "augmented_2": lambda torch: augmented_epochs(torch, 2),
    "augmented_3_shuffled": lambda torch: augmented_epochs(torch, 3, shuffle=True),
    "augmented_2_persistent": lambda torch: augmented_epochs(torch, 2, persistent=True),
    "init_fn_seeds": init_fn_seeds,
    "generator_shuffle": generator_shuffle,
    "iterable_streams": iterable_streams,
    "errors_0": lambda torch: errors(torch, 0),
    "errors_2": lambda torch: errors(torch, 2),
    "errors_2_key": lambda torch: errors(torch, 2, KeyError),
    "argument_checks": argument_checks,
    "pin_memory": pin_memory,
}
