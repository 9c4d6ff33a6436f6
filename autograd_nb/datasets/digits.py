"""The 8×8 handwritten digits (1,797 images, 10 classes), shipped inside the package.

Source: the test set of the UCI ML "Optical Recognition of Handwritten Digits" data set by
E. Alpaydin and C. Kaynak (1998), https://archive.ics.uci.edu/dataset/80, licensed under
Creative Commons Attribution 4.0 International (CC BY 4.0). 43 people wrote digits on forms; NIST's
preprocessing turned each 32×32 bitmap into an 8×8 grid counting the "on" pixels of each 4×4
block, so pixels are integers 0..16. This is the copy scikit-learn bundles
(`sklearn/datasets/data/digits.csv.gz`), converted unchanged to `data/digits.npz`:
`images` uint8 (1797, 8, 8) and `targets` int64 (1797,). Class counts are 174 to 183.

References: C. Kaynak (1995), Methods of Combining Multiple Classifiers and Their Applications to
Handwritten Digit Recognition, MSc thesis, Bogazici University; E. Alpaydin, C. Kaynak (1998),
Cascading Classifiers, Kybernetika.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from .. import _messages as msg
from .._creation import from_numpy, randperm
from .._generator import Generator
from .._tensor import Tensor

__all__ = ["load_digits", "train_test_split"]

DIGITS_SPLIT_SEED = 0  # the fixed shuffle behind load_digits(split="train" / "test")
DIGITS_TEST_SIZE = 360  # about 20%: 1,437 train and 360 test images


@lru_cache(maxsize=1)
def _arrays():
    import numpy as np

    with resources.files(__package__).joinpath("data", "digits.npz").open("rb") as f:
        with np.load(f, allow_pickle=False) as npz:
            images, targets = npz["images"], npz["targets"]
    images.setflags(write=False)
    targets.setflags(write=False)
    return images, targets


def train_test_split(
    *tensors: Tensor, test_size: float | int = 0.2, generator: Generator | None = None
) -> list[Tensor]:
    """Shuffle rows (the same way for every tensor) and cut them into train and test parts.

    Returns [a_train, a_test, b_train, b_test, ...] like scikit-learn's function; `test_size`
    is a fraction of the rows or a count. Pass `generator=torch.Generator().manual_seed(0)`
    for a split that never changes."""
    n = tensors[0].shape[0]
    n_test = int(round(test_size * n)) if isinstance(test_size, float) else int(test_size)
    if not 0 < n_test < n:
        raise ValueError(msg.DIGITS_TEST_SIZE.format(test_size=test_size, n=n))
    order = randperm(n, generator=generator)
    train, test = order[: n - n_test], order[n - n_test :]
    out = []
    for t in tensors:
        if t.shape[0] != n:
            raise ValueError(msg.DIGITS_ROWS.format(n=n, shape=t.shape[0]))
        out += [t[train.to(t.device)], t[test.to(t.device)]]
    return out


def load_digits(
    *,
    split: str | None = None,
    flatten: bool = False,
    as_tensor: bool = True,
    scale: bool = True,
    device=None,
):
    """The digits as `(images, targets)`.

    images: float32 in [0, 1] (pixel counts divided by 16), shape (N, 8, 8), or (N, 64) with
    `flatten=True`; `scale=False` keeps the uint8 counts 0..16. targets: int64 digits 0..9.
    `split=None` gives all 1,797; `"train"` (1,437) and `"test"` (360) are a fixed 80/20 split
    (a shuffle seeded with 0, the same on every machine). `as_tensor=False` returns NumPy arrays.
    """
    if split not in (None, "train", "test"):
        raise ValueError(msg.DIGITS_SPLIT.format(split=split))
    images, targets = _arrays()
    if scale:
        images = images.astype("float32") / 16
    if flatten:
        images = images.reshape(len(images), 64)
    if split is not None:
        order = randperm(len(targets), generator=Generator().manual_seed(DIGITS_SPLIT_SEED))
        order = order.numpy()
        rows = order[:-DIGITS_TEST_SIZE] if split == "train" else order[-DIGITS_TEST_SIZE:]
        images, targets = images[rows], targets[rows]
    if not as_tensor:
        return images.copy(), targets.copy()
    x, y = from_numpy(images.copy()), from_numpy(targets.copy())
    return (x, y) if device is None else (x.to(device), y.to(device))
