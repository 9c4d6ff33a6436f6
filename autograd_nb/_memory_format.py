"""torch.memory_format: the order in which a tensor's elements lie in memory (row-major, or
channels last: NHWC memory under an NCHW shape), its four values printed as PyTorch prints them,
PyTorch's rule for whether strides follow a format, and an array copied into a format."""

from __future__ import annotations

from . import _messages as msg


class memory_format:  # noqa: N801 - PyTorch's name
    """One of torch.contiguous_format, channels_last, channels_last_3d, preserve_format."""

    __slots__ = ("_name",)

    def __init__(self, *args, **kwargs):
        raise TypeError(msg.MEMORY_FORMAT_CONSTRUCT)

    @classmethod
    def _make(cls, name: str) -> memory_format:
        fmt = object.__new__(cls)
        fmt._name = name
        return fmt

    def __repr__(self) -> str:
        return "torch." + self._name

    def __reduce__(self) -> tuple:
        return _by_name, (self._name,)  # unpickled as the same object


memory_format.__module__ = "torch"

contiguous_format = memory_format._make("contiguous_format")
channels_last = memory_format._make("channels_last")
channels_last_3d = memory_format._make("channels_last_3d")
preserve_format = memory_format._make("preserve_format")

# The dims from the one whose elements lie next to each other in memory outwards
_RANKS = {channels_last: 4, channels_last_3d: 5}
_INNERMOST_FIRST = {channels_last: (1, 3, 2, 0), channels_last_3d: (1, 4, 3, 2, 0)}


def _by_name(name: str) -> memory_format:
    return globals()[name]


def checked(value, name: str, optional: bool = False) -> memory_format:
    """`value` if it is a memory_format (None for preserve_format where the argument is
    optional), else PyTorch's argument TypeError."""
    if value is None and optional:
        return preserve_format
    if not isinstance(value, memory_format):
        raise TypeError(msg.MEMORY_FORMAT_ARGUMENT.format(name=name, type=type(value).__name__))
    return value


def no_positional(name: str, given: tuple) -> None:
    """PyTorch's TypeError for values passed by position to a keyword-only memory_format."""
    if given:
        n = len(given)
        raise TypeError(msg.KEYWORD_ONLY.format(name=name, n=n, verb="was" if n == 1 else "were"))


def check_rank(fmt: memory_format, ndim: int) -> None:
    """PyTorch's error for channels_last (channels_last_3d) on a tensor that is not 4-D (5-D)."""
    rank = _RANKS.get(fmt)
    if rank is not None and ndim != rank:
        raise RuntimeError(msg.MEMORY_FORMAT_RANK.format(rank=rank, name=fmt._name))


def strides_follow(fmt: memory_format, shape: tuple, strides: tuple) -> bool:
    """Whether `strides` (in elements) lay `shape` out densely in `fmt`'s order, by PyTorch's
    rule (size-1 dims may have any stride; a format of another rank never fits)."""
    order = _INNERMOST_FIRST.get(fmt, tuple(reversed(range(len(shape)))))
    if len(order) != len(shape):
        return False
    expected = 1
    for d in order:
        if shape[d] != 1:
            if strides[d] != expected:
                return False
            expected *= shape[d]
    return True


def memory_order(fmt: memory_format, ndim: int) -> tuple:
    """The dims of an `ndim`-d tensor in `fmt`, outermost in memory first ((0, 2, 3, 1) for
    channels_last): a row-major array of that permuted shape is the tensor's memory."""
    if fmt in _INNERMOST_FIRST:
        return tuple(reversed(_INNERMOST_FIRST[fmt]))
    return tuple(range(ndim))


def undo(order: tuple) -> tuple:
    """The permutation that puts the dims of memory_order back in the tensor's order."""
    back = [0] * len(order)
    for i, d in enumerate(order):
        back[d] = i
    return tuple(back)


def lay_out(xp, data, fmt: memory_format):
    """A copy of the array `data` whose memory follows `fmt` (contiguous_format: row-major)."""
    order = memory_order(fmt, data.ndim)
    moved = xp.permute_dims(data, order)
    dense = xp.reshape(xp.reshape(moved, (-1,), copy=True), moved.shape)
    return xp.permute_dims(dense, undo(order))
