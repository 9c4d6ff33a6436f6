"""The op database: one entry per public op, with seeded samples, driving tests/test_opdb_*.py
(the role PyTorch's OpInfo plays in its own suite). Framework-neutral: no import of a tensor
library here, so the recorder builds PyTorch's reference values from the very same samples."""

from __future__ import annotations

from . import (
    compositions,
    conversions,
    indexing,
    linalg,
    long_tail,
    nn,
    pointwise,
    reductions,
    shapes,
)
from .core import OpEntry, Sample

ENTRIES: list[OpEntry] = [
    *pointwise.entries(),
    *reductions.entries(),
    *shapes.entries(),
    *indexing.entries(),
    *linalg.entries(),
    *nn.entries(),
    *conversions.entries(),
    *long_tail.entries(),
    *compositions.entries(),
]
BY_ID: dict[str, OpEntry] = {entry.id: entry for entry in ENTRIES}
assert len(BY_ID) == len(ENTRIES), "two entries share an id: give one a variant"

__all__ = ["BY_ID", "ENTRIES", "OpEntry", "Sample"]
