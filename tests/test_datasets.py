"""autograd_nb.datasets: the bundled digits and the synthetic moons and spirals."""

from __future__ import annotations

import pytest

import autograd_nb as torch
from autograd_nb.datasets import load_digits, make_moons, make_spiral, train_test_split

# Per-class counts of the UCI digits test set, as the UCI repository documents them.
DIGIT_COUNTS = [178, 182, 177, 183, 181, 182, 181, 179, 174, 180]
# The first image, digit 0, pixel counts 0..16 (UCI optdigits.tes, first row).
FIRST_IMAGE = [
    [0, 0, 5, 13, 9, 1, 0, 0],
    [0, 0, 13, 15, 10, 15, 5, 0],
    [0, 3, 15, 2, 0, 11, 8, 0],
    [0, 4, 12, 0, 0, 8, 8, 0],
    [0, 5, 8, 0, 0, 9, 8, 0],
    [0, 4, 11, 0, 1, 12, 7, 0],
    [0, 2, 14, 5, 10, 12, 0, 0],
    [0, 0, 6, 13, 10, 0, 0, 0],
]


def test_digits_shapes_dtypes_and_classes():
    images, targets = load_digits()
    assert images.shape == (1797, 8, 8) and images.dtype == torch.float32
    assert targets.shape == (1797,) and targets.dtype == torch.int64
    assert images.min().item() == 0.0 and images.max().item() == 1.0
    assert [(targets == k).sum().item() for k in range(10)] == DIGIT_COUNTS
    assert targets[:10].tolist() == list(range(10))
    assert (images[0] * 16).tolist() == FIRST_IMAGE
    assert not images.requires_grad


def test_digits_options():
    raw, _ = load_digits(scale=False)
    assert raw.dtype == torch.uint8 and raw[0].tolist() == FIRST_IMAGE and raw.max().item() == 16
    flat, _ = load_digits(flatten=True)
    assert flat.shape == (1797, 64)
    array, labels = load_digits(as_tensor=False)
    assert type(array).__name__ == "ndarray" and array.shape == (1797, 8, 8)
    array[0, 0, 0] = 5.0  # a private copy: the cached data stays intact
    assert load_digits()[0][0, 0, 0].item() == 0.0
    with pytest.raises(ValueError, match="split must be None, 'train' or 'test'"):
        load_digits(split="valid")


def test_digits_fixed_train_test_split():
    x_train, y_train = load_digits(split="train", flatten=True)
    x_test, y_test = load_digits(split="test", flatten=True)
    assert x_train.shape == (1437, 64) and x_test.shape == (360, 64)
    assert y_train.shape == (1437,) and y_test.shape == (360,)
    again, _ = load_digits(split="test", flatten=True)
    assert again.tolist() == x_test.tolist()
    all_images, _ = load_digits(flatten=True)
    rows = {tuple(r) for r in all_images.tolist()}
    assert {tuple(r) for r in x_test.tolist()} <= rows
    counts = [(y_test == k).sum().item() for k in range(10)]
    assert sum(counts) == 360 and min(counts) > 20  # every class is in the test set


def test_train_test_split_helper():
    x, y = torch.arange(20).reshape(10, 2), torch.arange(10)
    x_tr, x_te, y_tr, y_te = train_test_split(
        x, y, test_size=0.3, generator=torch.Generator().manual_seed(0)
    )
    assert x_tr.shape == (7, 2) and x_te.shape == (3, 2)
    assert (x_tr[:, 0] // 2).tolist() == y_tr.tolist()  # rows stay paired
    assert sorted(y_tr.tolist() + y_te.tolist()) == list(range(10))
    assert len(train_test_split(x, test_size=4)[1]) == 4
    with pytest.raises(ValueError):
        train_test_split(x, y[:5])


def test_make_moons():
    x, y = make_moons(100, noise=0.1, seed=0)
    assert x.shape == (100, 2) and x.dtype == torch.float32
    assert y.shape == (100,) and y.dtype == torch.int64 and y.sum().item() == 50
    x2, y2 = make_moons(100, noise=0.1, generator=torch.Generator().manual_seed(0))
    assert x2.tolist() == x.tolist() and y2.tolist() == y.tolist()
    assert make_moons(100, noise=0.1, seed=1)[0].tolist() != x.tolist()
    clean, labels = make_moons(7, shuffle=False)
    assert labels.tolist() == [0, 0, 0, 1, 1, 1, 1]  # n_samples // 2 in the upper moon
    assert clean[0].tolist() == [1.0, 0.0] and clean[2].tolist() == pytest.approx(
        [-1.0, 0.0], abs=1e-7
    )
    assert clean[3].tolist() == [0.0, 0.5]  # the lower moon starts at (1 - 1, 1 - 0 - 0.5)
    radius = ((clean[:3] ** 2).sum(1)).tolist()
    assert radius == pytest.approx([1.0] * 3)


def test_make_spiral():
    torch.manual_seed(0)
    x, y = make_spiral(300, 3)
    torch.manual_seed(0)
    x2, _ = make_spiral(300, 3)
    assert x.shape == (300, 2) and x.dtype == torch.float32 and y.dtype == torch.int64
    assert x.tolist() == x2.tolist()
    assert [(y == k).sum().item() for k in range(3)] == [100, 100, 100]
    assert (x.pow(2).sum(1).sqrt() <= 1.0 + 1e-6).all().item()  # radii 0..1
    _, y4 = make_spiral(10, 4, seed=0)
    assert [(y4 == k).sum().item() for k in range(4)] == [3, 3, 2, 2]
    with pytest.raises(ValueError, match="either generator or seed"):
        make_spiral(generator=torch.Generator(), seed=1)
