"""`torch.Generator`: a random number stream of its own, for reproducible shuffles and samples.

PyTorch's CPU generator is a Mersenne Twister; ours is NumPy's PCG64, so the same seed gives the
same numbers run after run but not PyTorch's numbers. A Generator owns a private backend instance
for its device (its own `HostRandom`); `default_generator` wraps the CPU backend itself, which is
what `torch.manual_seed` seeds. The random factories read `generator._backend`.
"""

from __future__ import annotations

import time

from . import _messages as msg
from .backends import Backend, backend_for, cpu_backend
from .backends.numpy_backend import NumpyBackend
from .device import device as Device

__all__ = ["Generator", "default_generator", "get_rng_state", "set_rng_state"]

_UINT64 = 2**64
_STATE_BYTES = 16 + 16 + 1 + 4 + 8  # PCG64 state, increment, has_uint32, uinteger, seed


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

    @staticmethod
    def _pcg64(random):
        """The NumPy PCG64 bit generator behind a host stream (GPU streams have none)."""
        bits = getattr(random.rng, "bit_generator", None)
        if bits is None or bits.state.get("bit_generator") != "PCG64":
            raise RuntimeError(msg.GENERATOR_STATE_CPU_ONLY)
        return bits

    def get_state(self):
        """The stream's state as a uint8 tensor (PCG64 here: 45 bytes, not PyTorch's 5056)."""
        from ._creation import tensor
        from .dtypes import uint8

        random = self._backend.random
        state = self._pcg64(random).state
        raw = (
            state["state"]["state"].to_bytes(16, "little")
            + state["state"]["inc"].to_bytes(16, "little")
            + bytes([state["has_uint32"]])
            + state["uinteger"].to_bytes(4, "little")
            + random.seed.to_bytes(8, "little")
        )
        return tensor(list(raw), dtype=uint8)

    def set_state(self, new_state) -> Generator:
        """Restore a state returned by `get_state`."""
        from ._tensor import Tensor
        from .dtypes import uint8

        if not isinstance(new_state, Tensor):
            raise TypeError(msg.GENERATOR_STATE_TYPE.format(type=type(new_state).__name__))
        if new_state.dtype is not uint8:
            raise TypeError(msg.GENERATOR_STATE_DTYPE)
        if new_state.numel() != _STATE_BYTES:
            raise RuntimeError(
                msg.GENERATOR_STATE_SIZE.format(expected=_STATE_BYTES, got=new_state.numel())
            )
        raw = bytes(new_state.tolist())
        random = self._backend.random
        self._pcg64(random)
        random.manual_seed(int.from_bytes(raw[37:45], "little"))
        random.rng.bit_generator.state = {
            "bit_generator": "PCG64",
            "state": {
                "state": int.from_bytes(raw[0:16], "little"),
                "inc": int.from_bytes(raw[16:32], "little"),
            },
            "has_uint32": raw[32],
            "uinteger": int.from_bytes(raw[33:37], "little"),
        }
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
    """A 63-bit seed drawn from `generator` (or the default one), to seed a fresh stream."""
    source = (generator or default_generator)._backend.random
    return int(source.rng.integers(0, 2**63))
