"""DataLoader as PyTorch 2.13 behaves: errors while iterating, workers (ids, seeds, random
augmentation, worker_init_fn, IterableDataset per worker, wrapped errors), argument checks and
pin_memory. The scenarios are tests/_data_loading_cases.py, recorded under PyTorch (real worker
processes) by tests/data/record_data_loading.py into tests/data/data_loading.json."""

from __future__ import annotations

import json
import pathlib
import random

import numpy as np
import pytest
from _data_loading_cases import CASES
from seed_fixtures import no_cuda, simulated_gpu  # noqa: F401 - fixtures

import autograd_nb as torch
from autograd_nb.utils.data import DataLoader, Dataset, IterableDataset, get_worker_info
from autograd_nb.utils.data._worker import generate_state

RECORDED = json.loads((pathlib.Path(__file__).parent / "data" / "data_loading.json").read_text())


@pytest.mark.usefixtures("no_cuda")
@pytest.mark.parametrize("name", sorted(CASES))
def test_scenario_gives_pytorchs_values(name):
    got = json.loads(json.dumps(CASES[name](torch)))  # tuples as lists, as recorded
    assert got == RECORDED[name]  # recorded on a machine without an accelerator


def test_recorded_with_pytorch_2_13():
    assert RECORDED["torch_version"].startswith("2.13")


def test_numpy_seed_is_pytorchs_generate_state():
    # torch.utils.data._utils.worker._generate_state(0, 0) and (2**40 + 5, 3) in PyTorch 2.13
    assert generate_state(0, 0) == [2968811710, 3677149159, 745650761, 2884920346]
    assert generate_state(2**40 + 5, 3) == [3453014069, 1603536151, 2410470037, 3509082754]


def test_main_process_has_no_worker_info_and_streams_come_back():
    class Draw(Dataset):
        def __len__(self):
            return 4

        def __getitem__(self, index):
            assert get_worker_info() is not None
            return random.random() + np.random.rand()

    assert get_worker_info() is None
    random.seed(3)
    np.random.seed(3)
    expected = (random.random(), np.random.rand())
    random.seed(3)
    np.random.seed(3)
    list(DataLoader(Draw(), batch_size=2, num_workers=2))
    assert (random.random(), np.random.rand()) == expected and get_worker_info() is None


def test_a_failing_sample_does_not_end_an_iterable_epoch_without_workers():
    class Flaky(IterableDataset):
        def __iter__(self):
            return self

        def __init__(self):
            self.n = 0

        def __next__(self):
            self.n += 1
            if self.n == 2:
                raise ValueError("bad sample")
            if self.n > 4:
                raise StopIteration
            return self.n

    it = iter(DataLoader(Flaky(), batch_size=None))
    assert next(it) == 1  # batch_size=None: samples as they are (default_convert)
    with pytest.raises(ValueError, match="^bad sample$"):
        next(it)
    assert list(it) == [3, 4]  # PyTorch 2.13: the epoch goes on after the error


@pytest.mark.usefixtures("no_cuda")
def test_pin_memory_without_an_accelerator_is_pytorchs_error():
    with pytest.raises(RuntimeError, match="^Cannot access accelerator device when none is"):
        torch.ones(2).pin_memory()  # PyTorch 2.13's text on a CPU-only machine


@pytest.mark.usefixtures("simulated_gpu")
def test_pin_memory_with_an_accelerator_pins_copies_and_batches():
    t = torch.ones(3, requires_grad=True)
    pinned = t.pin_memory()
    assert pinned.is_pinned() and not t.is_pinned() and pinned.pin_memory() is pinned
    assert pinned.tolist() == [1.0, 1.0, 1.0] and pinned.grad_fn is not None  # differentiable
    assert pinned[1:].is_pinned()  # a view of pinned memory is pinned
    with pytest.raises(RuntimeError, match="only dense CPU tensors can be pinned"):
        torch.ones(2, device="cuda").pin_memory()
    dataset = torch.utils.data.TensorDataset(torch.arange(4.0), torch.arange(4))
    for x, y in DataLoader(dataset, batch_size=2, pin_memory=True):
        assert x.is_pinned() and y.is_pinned()
