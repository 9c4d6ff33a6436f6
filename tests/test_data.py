"""torch.utils.data and torch.Generator: datasets, samplers, DataLoader batching, collate and
random_split; expected values and texts observed with PyTorch 2.13."""

from __future__ import annotations

import warnings
from collections import namedtuple

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.utils.data import (
    BatchSampler,
    DataLoader,
    Dataset,
    IterableDataset,
    RandomSampler,
    SequentialSampler,
    Subset,
    TensorDataset,
    default_collate,
    random_split,
)

# --- Generator ---------------------------------------------------------------------------------


def test_generator_streams_are_reproducible_and_independent():
    g = torch.Generator()
    assert g.manual_seed(3) is g and g.initial_seed() == 3 and g.device == torch.device("cpu")
    a = torch.rand(4, generator=g)
    torch.rand(10)  # the default generator is a different stream
    b = torch.rand(4, generator=torch.Generator().manual_seed(3))
    assert a.tolist() == b.tolist()
    assert torch.rand(4, generator=g).tolist() != a.tolist()
    assert repr(g).startswith("<torch._C.Generator object at 0x")


def test_generator_state_round_trip():
    g = torch.Generator().manual_seed(7)
    state = g.get_state()
    assert state.dtype == torch.uint8 and state.dim() == 1
    first = torch.randn(5, generator=g).tolist()
    assert g.set_state(state) is g
    assert torch.randn(5, generator=g).tolist() == first
    assert g.initial_seed() == 7
    with pytest.raises(TypeError, match="^RNG state must be a torch.ByteTensor$"):
        g.set_state(torch.zeros(3))
    with pytest.raises(TypeError, match="^expected a torch.ByteTensor, but got list$"):
        g.set_state([1])


def test_generator_seed_rules():
    g = torch.Generator()
    assert g.manual_seed(-1).initial_seed() == 2**64 - 1  # PyTorch 2.13 wraps to uint64
    with pytest.raises(RuntimeError, match="^manual_seed expected a long, but got float$"):
        g.manual_seed(1.5)
    with pytest.raises(ValueError, match="^Overflow when unpacking long long$"):
        g.manual_seed(2**64)
    assert isinstance(g.seed(), int)


def test_manual_seed_returns_the_default_generator():
    gen = torch.manual_seed(5)
    assert gen is torch.default_generator and torch.initial_seed() == 5
    a = torch.rand(3)
    torch.default_generator.manual_seed(5)
    assert torch.rand(3).tolist() == a.tolist()
    state = torch.get_rng_state()
    b = torch.randn(2)
    torch.set_rng_state(state)
    assert torch.randn(2).tolist() == b.tolist()


def test_generator_on_the_other_device(device):
    # a seeded generator repeats its stream on its device (a real GPU's stream is CuPy's, not
    # the CPU's MT19937, as PyTorch's cuda stream is Philox)
    g = torch.Generator(device=device).manual_seed(1)
    first = torch.randn(3, generator=g, device=device)
    again = torch.randn(3, generator=torch.Generator(device=device).manual_seed(1), device=device)
    assert first.device.type == device and first.tolist() == again.tolist()
    assert torch.randn(3, generator=g, device=device).tolist() != first.tolist()
    assert torch.randint(0, 10, (4,), generator=g, device=device).device.type == device
    if device == "cuda":
        with pytest.raises(
            RuntimeError, match="^Expected a 'cpu' device type for generator but found 'cuda'$"
        ):
            torch.randn(2, generator=g)


def test_randint_and_randperm_honour_the_generator():
    a = torch.randint(0, 100, (6,), generator=torch.Generator().manual_seed(2))
    b = torch.randint(0, 100, (6,), generator=torch.Generator().manual_seed(2))
    assert a.tolist() == b.tolist() and a.dtype == torch.int64
    p = torch.randperm(8, generator=torch.Generator().manual_seed(2))
    assert sorted(p.tolist()) == list(range(8))
    assert p.tolist() == torch.randperm(8, generator=torch.Generator().manual_seed(2)).tolist()


# --- datasets ----------------------------------------------------------------------------------


def test_tensor_dataset():
    x, y = torch.arange(10).reshape(5, 2), torch.arange(5)
    ds = TensorDataset(x, y)
    assert len(ds) == 5 and ds.tensors[0] is x
    sample = ds[2]
    assert isinstance(sample, tuple) and sample[0].tolist() == [4, 5] and sample[1].item() == 2
    with pytest.raises(AssertionError, match="^Size mismatch between tensors$"):
        TensorDataset(x, torch.zeros(3))


def test_subset_and_concat():
    ds = TensorDataset(torch.arange(10))
    sub = Subset(ds, [7, 3])
    assert len(sub) == 2 and sub[0][0].item() == 7 and sub[1][0].item() == 3
    both = ds + TensorDataset(torch.arange(100, 103))
    assert len(both) == 13 and both[11][0].item() == 101 and both[-1][0].item() == 102


class Squares(Dataset):
    def __len__(self):
        return 7

    def __getitem__(self, i):
        return {"x": float(i), "y": i * i}


def test_custom_map_dataset_with_dict_samples():
    batches = list(DataLoader(Squares(), batch_size=3))
    assert len(batches) == 3
    assert batches[0]["x"].dtype == torch.float64 and batches[0]["x"].tolist() == [0.0, 1.0, 2.0]
    assert batches[0]["y"].dtype == torch.int64 and batches[2]["y"].tolist() == [36]
    with pytest.raises(NotImplementedError):
        Dataset()[0]


class Counter(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(self.n))


def test_iterable_dataset_is_batched_in_order():
    assert [b.tolist() for b in DataLoader(Counter(7), batch_size=3)] == [[0, 1, 2], [3, 4, 5], [6]]
    assert [b.tolist() for b in DataLoader(Counter(7), batch_size=3, drop_last=True)] == [
        [0, 1, 2],
        [3, 4, 5],
    ]
    with pytest.raises(
        ValueError, match="expected unspecified shuffle option, but got shuffle=True"
    ):
        DataLoader(Counter(3), shuffle=True)


# --- DataLoader --------------------------------------------------------------------------------


def test_dataloader_batches_in_order():
    x = torch.arange(10)
    loader = DataLoader(TensorDataset(x, x * 2), batch_size=4)
    batches = list(loader)
    assert len(loader) == 3 and len(batches) == 3
    # PyTorch 2.13: a list per batch, [inputs, targets]
    assert isinstance(batches[0], list)
    assert [b[0].tolist() for b in batches] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert batches[2][1].tolist() == [16, 18]
    assert isinstance(loader.sampler, SequentialSampler)
    assert isinstance(loader.batch_sampler, BatchSampler)
    assert loader.batch_size == 4 and loader.drop_last is False


def test_dataloader_drop_last_and_no_batching():
    x = torch.arange(10)
    dropped = DataLoader(x, batch_size=4, drop_last=True)
    assert len(dropped) == 2 and [b.tolist() for b in dropped] == [[0, 1, 2, 3], [4, 5, 6, 7]]
    unbatched = list(DataLoader(x, batch_size=None))
    assert len(unbatched) == 10 and unbatched[1].shape == () and unbatched[1].item() == 1
    singles = list(DataLoader(TensorDataset(x)))
    assert singles[1][0].tolist() == [1]


def test_shuffle_is_a_reproducible_permutation():
    x = torch.arange(20)

    def epoch(loader):
        return [i for batch in loader for i in batch[0].tolist()]

    torch.manual_seed(0)
    first = epoch(DataLoader(TensorDataset(x), batch_size=6, shuffle=True))
    torch.manual_seed(0)
    again = epoch(DataLoader(TensorDataset(x), batch_size=6, shuffle=True))
    assert first == again and sorted(first) == list(range(20)) and first != list(range(20))

    loader = DataLoader(
        TensorDataset(x), batch_size=6, shuffle=True, generator=torch.Generator().manual_seed(1)
    )
    e1, e2 = epoch(loader), epoch(loader)
    assert e1 != e2 and sorted(e2) == list(range(20))  # a new order each epoch
    same = DataLoader(
        TensorDataset(x), batch_size=6, shuffle=True, generator=torch.Generator().manual_seed(1)
    )
    assert epoch(same) == e1
    assert isinstance(loader.sampler, RandomSampler)


def test_fast_tensor_path_matches_sample_by_sample_collation():
    x = torch.randn(12, 3)
    y = torch.arange(12)
    ds = Subset(TensorDataset(x, y), [11, 0, 5, 6, 2, 9, 1])
    fast = list(DataLoader(ds, batch_size=3))
    slow = list(DataLoader(ds, batch_size=3, collate_fn=lambda b: default_collate(b)))
    assert len(fast) == len(slow) == 3
    for (fx, fy), (sx, sy) in zip(fast, slow):
        assert fx.tolist() == sx.tolist() and fy.tolist() == sy.tolist()
    assert fast[0][1].tolist() == [11, 0, 5]


def test_dataloader_on_device_tensors(device):
    x = torch.arange(6.0, device=device)
    (batch,) = next(iter(DataLoader(TensorDataset(x), batch_size=4, shuffle=True)))
    assert batch.device.type == device and len(batch) == 4


def test_dataloader_errors_match_pytorch():
    ds = TensorDataset(torch.arange(4))
    with pytest.raises(ValueError, match="^sampler option is mutually exclusive with shuffle$"):
        DataLoader(ds, sampler=SequentialSampler(ds), shuffle=True)
    with pytest.raises(
        ValueError,
        match="^batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last$",
    ):
        DataLoader(ds, batch_sampler=[[0]], batch_size=2)
    with pytest.raises(
        ValueError,
        match="^num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.$",
    ):
        DataLoader(ds, num_workers=-1)
    with pytest.raises(
        ValueError, match="^batch_size should be a positive integer value, but got batch_size=0$"
    ):
        DataLoader(ds, batch_size=0)
    with pytest.raises(
        ValueError, match="^drop_last should be a boolean value, but got drop_last=1$"
    ):
        DataLoader(ds, batch_size=2, drop_last=1)
    with pytest.raises(
        ValueError, match="^num_samples should be a positive integer value, but got num_samples=0$"
    ):
        RandomSampler(ds, num_samples=0)


def test_custom_batch_sampler_and_random_sampler_with_replacement():
    ds = TensorDataset(torch.arange(5) * 10)
    loader = DataLoader(ds, batch_sampler=[[4, 0], [2]])
    assert [b[0].tolist() for b in loader] == [[40, 0], [20]] and len(loader) == 2
    sampler = RandomSampler(
        ds, replacement=True, num_samples=40, generator=torch.Generator().manual_seed(0)
    )
    drawn = list(sampler)
    assert len(drawn) == 40 == len(sampler) and set(drawn) <= set(range(5))
    assert len(set(drawn)) < 40  # with replacement: repeats
    assert len(BatchSampler(range(10), 3, drop_last=False)) == 4
    assert list(BatchSampler(range(7), 3, drop_last=True)) == [[0, 1, 2], [3, 4, 5]]


# --- default_collate ---------------------------------------------------------------------------


def test_default_collate_matches_pytorch():
    # PyTorch 2.13: [tensor([1, 3]), tensor([2., 4.], dtype=torch.float64), ('a', 'b')]
    out = default_collate([(1, 2.0, "a"), (3, 4.0, "b")])
    assert isinstance(out, list) and out[0].tolist() == [1, 3] and out[0].dtype == torch.int64
    assert out[1].dtype == torch.float64 and out[2] == ("a", "b")
    stacked = default_collate([torch.ones(2), torch.zeros(2)])
    assert stacked.shape == (2, 2) and stacked.grad_fn is None
    assert default_collate([np.ones(2), np.zeros(2)]).dtype == torch.float64
    assert default_collate([np.float32(1), np.float32(2)]).dtype == torch.float32
    assert default_collate([True, False]).dtype == torch.bool
    assert [t.tolist() for t in default_collate([[1, 2], [3, 4]])] == [[1, 3], [2, 4]]
    Point = namedtuple("Point", "x y")
    point = default_collate([Point(1, 2.0), Point(3, 4.0)])
    assert type(point) is Point and point.x.tolist() == [1, 3]
    nested = default_collate([{"a": (torch.ones(1), 1)}, {"a": (torch.zeros(1), 2)}])
    assert nested["a"][0].tolist() == [[1.0], [0.0]] and nested["a"][1].tolist() == [1, 2]
    with pytest.raises(
        TypeError,
        match="^default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'NoneType'>$",
    ):
        default_collate([None])
    with pytest.raises(
        RuntimeError, match="^each element in list of batch should be of equal size$"
    ):
        default_collate([[1, 2], [3]])


def test_stacking_keeps_the_graph_of_samples_that_require_grad():
    w = torch.ones(2, requires_grad=True)
    batch = default_collate([w * 2, w * 3])
    assert type(batch.grad_fn).__name__ == "StackBackward0"


# --- random_split ------------------------------------------------------------------------------


def test_random_split_sizes_and_disjointness():
    ds = TensorDataset(torch.arange(11))
    train, test = random_split(ds, [0.5, 0.5], generator=torch.Generator().manual_seed(0))
    assert (len(train), len(test)) == (6, 5)  # PyTorch 2.13: remainder round-robin
    assert isinstance(train, Subset) and train.dataset is ds
    assert sorted(train.indices + test.indices) == list(range(11))
    again, _ = random_split(ds, [0.5, 0.5], generator=torch.Generator().manual_seed(0))
    assert again.indices == train.indices
    parts = random_split(range(10), [0.33, 0.33, 0.34])
    assert [len(p) for p in parts] == [4, 3, 3]  # PyTorch 2.13
    assert [len(p) for p in random_split(range(10), [3, 7])] == [3, 7]


def test_random_split_errors_and_warnings():
    with pytest.raises(
        ValueError, match="^Sum of input lengths does not equal the length of the input dataset!$"
    ):
        random_split(range(10), [3, 3])
    with pytest.raises(ValueError, match="^Fraction at index 0 is not between 0 and 1$"):
        random_split(range(10), [1.5, -0.5])
    with pytest.warns(
        UserWarning,
        match="^Length of split at index 2 is 0. This might result in an empty dataset.$",
    ):
        random_split(range(2), [0.5, 0.5, 0.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert [len(p) for p in random_split(range(3), [0.1, 0.9])] == [1, 2]  # PyTorch 2.13
