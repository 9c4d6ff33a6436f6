"""pixel_shuffle / pixel_unshuffle: trade channels for spatial resolution and back; and
channel_shuffle, which interleaves groups of channels.

(*, C r^2, H, W) <-> (*, C, H r, W r); each op's backward is the other op on the gradient.
"""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor
from ..autograd.node import Node
from ._helpers import check_tensor, record


def _check(input, factor, name: str, arg: str) -> Tensor:
    """PyTorch's checks of the tensor, the factor's type and sign, and the rank."""
    x = check_tensor(input, name)
    if not isinstance(factor, int) or isinstance(factor, bool):
        raise TypeError(msg.PIXEL_INT_ARG.format(name=name, arg=arg, type=type(factor).__name__))
    if x.dim() < 3:
        raise RuntimeError(msg.PIXEL_DIMS.format(name=name, ndim=x.dim()))
    if factor <= 0:
        raise RuntimeError(msg.PIXEL_FACTOR.format(name=name, arg=arg, factor=factor))
    return x


def _rearrange(x: Tensor, split: tuple, order: tuple, shape: tuple, cls, **saved) -> Tensor:
    """x's last three dims reshaped to `split`, permuted by `order`, reshaped to `shape`."""
    xp = x._backend.xp
    batch = tuple(x.shape[:-3])
    n = len(batch)
    data = xp.reshape(x._data, batch + split)
    data = xp.permute_dims(data, tuple(range(n)) + tuple(n + i for i in order))
    data = xp.reshape(data, batch + shape)
    return record(cls, (x,), data, x._backend, **saved)


class PixelShuffleBackward0(Node):
    """The gradient pixel-unshuffled."""

    __slots__ = ("_saved_upscale_factor",)

    def backward(self, grad):
        return pixel_unshuffle(grad, self._saved_upscale_factor)


class PixelUnshuffleBackward0(Node):
    """The gradient pixel-shuffled."""

    __slots__ = ("_saved_downscale_factor",)

    def backward(self, grad):
        return pixel_shuffle(grad, self._saved_downscale_factor)


def pixel_shuffle(input: Tensor, upscale_factor: int) -> Tensor:
    """(*, C r^2, H, W) -> (*, C, H r, W r): each r x r block gathers r^2 channels."""
    x = _check(input, upscale_factor, "pixel_shuffle", "upscale_factor")
    r = upscale_factor
    c, h, w = x.shape[-3:]
    if c % (r * r):
        raise RuntimeError(msg.PIXEL_CHANNELS.format(channels=c, square=r * r))
    return _rearrange(
        x,
        (c // (r * r), r, r, h, w),
        (0, 3, 1, 4, 2),
        (c // (r * r), h * r, w * r),
        PixelShuffleBackward0,
        upscale_factor=r,
    )


def pixel_unshuffle(input: Tensor, downscale_factor: int) -> Tensor:
    """(*, C, H r, W r) -> (*, C r^2, H, W): the inverse of pixel_shuffle."""
    x = _check(input, downscale_factor, "pixel_unshuffle", "downscale_factor")
    r = downscale_factor
    c, h, w = x.shape[-3:]
    for which, dim, size in (("height", -2, h), ("width", -1, w)):
        if size % r:
            raise RuntimeError(
                msg.PIXEL_UNSHUFFLE_SIZE.format(which=which, dim=dim, size=size, factor=r)
            )
    return _rearrange(
        x,
        (c, h // r, r, w // r, r),
        (0, 2, 4, 1, 3),
        (c * r * r, h // r, w // r),
        PixelUnshuffleBackward0,
        downscale_factor=r,
    )


class ChannelShuffleBackward0(Node):
    """The gradient shuffled back: channel_shuffle with C / groups groups."""

    __slots__ = ("_saved_groups",)

    def backward(self, grad):
        return channel_shuffle(grad, grad.shape[1] // self._saved_groups)


def channel_shuffle(input: Tensor, groups: int) -> Tensor:
    """(N, C, *) with C = g * k channels: channel i * k + j moves to j * g + i (ShuffleNet)."""
    x = check_tensor(input, "channel_shuffle")
    if not isinstance(groups, int) or isinstance(groups, bool):
        raise TypeError(
            msg.PIXEL_INT_ARG.format(
                name="channel_shuffle", arg="groups", type=type(groups).__name__
            )
        )
    if x.dim() <= 2:
        raise RuntimeError(msg.CHANNEL_SHUFFLE_DIMS.format(sizes=list(x.shape)))
    if groups <= 0:
        raise RuntimeError(msg.CHANNEL_SHUFFLE_GROUPS.format(groups=groups))
    c = x.shape[1]
    if c % groups:
        raise RuntimeError(msg.CHANNEL_SHUFFLE_DIVISIBLE.format(channels=c, groups=groups))
    xp = x._backend.xp
    n, rest = x.shape[0], tuple(x.shape[2:])
    data = xp.reshape(x._data, (n, groups, c // groups) + rest)
    data = xp.reshape(xp.permute_dims(data, (0, 2, 1) + tuple(range(3, x.dim() + 1))), x.shape)
    return record(ChannelShuffleBackward0, (x,), data, x._backend, groups=groups)


native_channel_shuffle = channel_shuffle

__all__ = ["channel_shuffle", "native_channel_shuffle", "pixel_shuffle", "pixel_unshuffle"]
