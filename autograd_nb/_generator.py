"""`torch.Generator`: a random number stream of its own, for reproducible shuffles and samples.

A CPU Generator is PyTorch's: the same Mersenne Twister, seeded the same way, so the same seed
gives PyTorch's numbers, and its state is PyTorch's 5056-byte layout (backends/host_random.py).
A Generator owns a private backend instance for its device (its own `HostRandom`);
`default_generator` wraps the CPU backend itself, which is what `torch.manual_seed` seeds. The
random factories read `generator._backend`.
"""

from __future__ import annotations

import time

import numpy as np

from . import _messages as msg
from .backends import Backend, backend_for, cpu_backend
from .backends.host_random import STATE_BYTES, HostRandom
from .backends.numpy_backend import NumpyBackend
from .device import device as Device

__all__ = ["Generator", "default_generator", "get_rng_state", "set_rng_state"]

_UINT64 = 2**64


def _fresh_backend(dev: Device) -> Backend:
    """A new backend instance for `dev` with its own random stream."""
    if dev.type == "cpu":
        return NumpyBackend()
    shared = backend_for(dev)  # raises PyTorch's errors for an unusable device
    return type(shared)(shared.device.index)


def _seed_value(seed) -> int:
    """PyTorch's rules for a seed: an int in [-2**63, 2**64), negative values wrap to uint64."""
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise RuntimeError(msg.GENERATOR_SEED_TYPE.format(type=type(seed).__name__))
    seed = int(seed)
    if not -(2**63) <= seed < _UINT64:
        raise ValueError(msg.GENERATOR_SEED_OVERFLOW)
    return seed % _UINT64


class Generator:
    """An independent random stream on one device: `Generator().manual_seed(0)`."""

    def __init__(self, device="cpu", *, _backend: Backend | None = None):
        dev = Device(device)
        if dev.type not in ("cpu", "cuda"):
            raise RuntimeError(msg.GENERATOR_DEVICE.format(type=dev.type.upper()))
        self._backend = _backend if _backend is not None else _fresh_backend(dev)

    @property
    def device(self) -> Device:
        return self._backend.device

    def manual_seed(self, seed: int) -> Generator:
        """Restart the stream from `seed`; returns the generator so calls can be chained."""
        self._backend.manual_seed(_seed_value(seed))
        return self

    def initial_seed(self) -> int:
        """The seed the stream was last started from."""
        return self._backend.random.seed

    def seed(self) -> int:
        """Reseed from the clock (non-deterministically) and return the new seed."""
        new = time.time_ns() % _UINT64
        self._backend.manual_seed(new)
        return new

    def _host_random(self) -> HostRandom:
        """The host stream behind this generator (a GPU generator on CuPy has none)."""
        random = self._backend.random
        if not isinstance(random, HostRandom):
            raise RuntimeError(msg.GENERATOR_STATE_GPU)
        return random

    def get_state(self):
        """The stream's state as PyTorch's uint8 tensor of 5056 bytes (`CPUGeneratorImplState`)."""
        from ._creation import from_numpy

        return from_numpy(np.frombuffer(self._host_random().get_state(), dtype=np.uint8).copy())

    def set_state(self, new_state) -> Generator:
        """Restore a state returned by `get_state` here or by PyTorch's `get_rng_state`."""
        from ._tensor import Tensor
        from .dtypes import uint8

        if not isinstance(new_state, Tensor):
            raise TypeError(msg.GENERATOR_STATE_TYPE.format(type=type(new_state).__name__))
        if new_state.dtype is not uint8:
            raise TypeError(msg.GENERATOR_STATE_DTYPE)
        if new_state.numel() != STATE_BYTES:
            raise RuntimeError(
                msg.GENERATOR_STATE_SIZE.format(expected=STATE_BYTES, got=new_state.numel())
            )
        random = self._host_random()
        try:
            random.set_state(new_state._backend.to_host(new_state._data).tobytes())
        except ValueError:
            raise RuntimeError(msg.GENERATOR_STATE_INVALID) from None
        return self

    def __repr__(self) -> str:
        return f"<torch._C.Generator object at {id(self):#x}>"


default_generator = Generator(_backend=cpu_backend)


def get_rng_state():
    """The default CPU generator's state (`torch.get_rng_state`)."""
    return default_generator.get_state()


def set_rng_state(new_state) -> None:
    """Restore the default CPU generator's state (`torch.set_rng_state`)."""
    default_generator.set_state(new_state)


def random_seed(generator: Generator | None = None) -> int:
    """A 63-bit seed drawn from `generator` (or the default one), to seed a fresh stream: PyTorch's
    `torch.empty((), dtype=torch.int64).random_(generator=generator).item()`."""
    from .dtypes import int64

    return int(draw(generator, cpu_backend, "integers", (), int64, 0, 2**63))


def draw(generator: Generator | None, backend: Backend, method: str, *args):
    """`backend.<method>(*args)` (uniform, normal, integers, ...) drawn from `generator`'s stream,
    or from the device's default one, as an array on `backend`'s device."""
    if generator is None:
        return getattr(backend, method)(*args)
    if generator.device.type != backend.device.type:
        raise RuntimeError(
            msg.GENERATOR_DEVICE_MISMATCH.format(
                expected=backend.device.type, got=generator.device.type
            )
        )
    source = generator._backend
    data = getattr(source, method)(*args)
    return data if source is backend else backend.from_host(source.to_host(data))
