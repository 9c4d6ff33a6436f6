"""`Size`: the tuple subclass `tensor.shape` returns, printed as `torch.Size([2, 3])`; and the
shape arithmetic every layer shares: a dim in range, the broadcast of shapes."""

from __future__ import annotations

from . import _messages as msg
from ._arguments import check_int


class Size(tuple):
    """A tensor's shape: a tuple of ints that prints like PyTorch's."""

    __slots__ = ()

    def __new__(cls, sizes=()):
        return super().__new__(cls, (int(s) for s in sizes))

    @classmethod
    def _of(cls, shape: tuple) -> Size:
        return tuple.__new__(cls, shape)  # a backend shape: a tuple of Python ints already

    def __repr__(self) -> str:
        return f"torch.Size({list(self)})"

    __str__ = __repr__

    def numel(self) -> int:
        n = 1
        for s in self:
            n *= s
        return n

    def __getitem__(self, key):
        result = super().__getitem__(key)
        return Size(result) if isinstance(key, slice) else result

    def __add__(self, other):
        return Size(tuple(self) + tuple(other))

    def __radd__(self, other):
        return Size(tuple(other) + tuple(self))

    def __reduce__(self):
        return (_rebuild_size, (tuple(self),))


def _rebuild_size(values: tuple) -> Size:
    """Unpickling a Size (the class itself is shown under PyTorch's name, `torch.Size`)."""
    return Size(values)


Size.__module__ = "torch"  # `type(x.shape)` prints <class 'torch.Size'>, as in PyTorch


def normalize_dim(dim: int, ndim: int) -> int:
    """A dim in [0, ndim), accepting negatives like PyTorch; 0-d tensors take dims -1 and 0."""
    if type(dim) is not int:
        dim = check_int(dim, "dim")
    size = max(ndim, 1)
    if dim < -size or dim >= size:
        raise IndexError(msg.DIM_RANGE.format(low=-size, high=size - 1, dim=dim))
    return dim % size if ndim else 0


def broadcast_error(shape_a: tuple, shape_b: tuple):
    """PyTorch's message for shapes that do not broadcast (dims counted in the result)."""
    ndim = max(len(shape_a), len(shape_b))
    pa = (1,) * (ndim - len(shape_a)) + tuple(shape_a)
    pb = (1,) * (ndim - len(shape_b)) + tuple(shape_b)
    for i in range(ndim - 1, -1, -1):
        if pa[i] != pb[i] and pa[i] != 1 and pb[i] != 1:
            return RuntimeError(msg.BROADCAST.format(a=pa[i], b=pb[i], dim=i))
    return RuntimeError(msg.SHAPES_NOT_BROADCAST.format(a=list(shape_a), b=list(shape_b)))


def broadcast_shapes(*shapes) -> tuple:
    """The broadcast of several shapes, with PyTorch's error for incompatible ones."""
    result: tuple = ()
    for shape in shapes:
        ndim = max(len(result), len(shape))
        a = (1,) * (ndim - len(result)) + tuple(result)
        b = (1,) * (ndim - len(shape)) + tuple(shape)
        out = []
        for x, y in zip(a, b):
            if x != y and x != 1 and y != 1:
                raise broadcast_error(result, shape)
            out.append(y if x == 1 else x)
        result = tuple(out)
    return result
