"""Small data sets that ship with the package, so lessons never download anything.

`load_digits()`: the 8×8 handwritten digits (UCI ML hand-written digits, Alpaydin & Kaynak 1998,
CC BY 4.0; see `autograd_nb.datasets.digits`). `make_moons()` and `make_spiral()`: synthetic 2-D
classification sets. `train_test_split()`: a seeded row split of several tensors at once.
"""

from .digits import load_digits, train_test_split
from .synthetic import make_moons, make_spiral

__all__ = ["load_digits", "make_moons", "make_spiral", "train_test_split"]
