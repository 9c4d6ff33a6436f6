"""`Size`: the tuple subclass `tensor.shape` returns, printed as `torch.Size([2, 3])`."""

from __future__ import annotations


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
