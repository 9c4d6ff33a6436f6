"""`torch.random`: seeding, the default CPU generator's state, and `fork_rng`."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from ._creation import initial_seed, manual_seed, seed
from ._generator import Generator, default_generator, get_rng_state, set_rng_state
from .backends import all_backends
from .backends.host_random import HostRandom

__all__ = [
    "Generator",
    "default_generator",
    "fork_rng",
    "get_rng_state",
    "initial_seed",
    "manual_seed",
    "seed",
    "set_rng_state",
]


@contextlib.contextmanager
def fork_rng(devices=None, enabled: bool = True, device_type: str = "cuda") -> Iterator[None]:
    """Run the block, then put every device's random stream back where it was."""
    if not enabled:
        yield
        return
    saved = [
        (backend.random, backend.random.get_state())
        for backend in all_backends()
        if isinstance(backend.random, HostRandom)
    ]
    try:
        yield
    finally:
        for random, state in saved:
            random.set_state(state)
