"""The complex-number API on autograd_nb's real dtypes: `real` (the tensor itself), `imag` and
`view_as_real` (PyTorch's errors for a real tensor), `is_complex`; and one clear error for the
functions whose result would be complex (view_as_complex, complex, polar, torch.fft's
transforms), since autograd_nb has no complex dtypes (README, "deliberately differs")."""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor
from ._helpers import check_tensor


def real(input) -> Tensor:
    """The real part: the tensor itself, for a real dtype (as PyTorch returns it)."""
    return check_tensor(input, "real")


def imag(input) -> Tensor:
    """The imaginary part: an error for a real dtype, as in PyTorch."""
    check_tensor(input, "imag")
    raise RuntimeError(msg.IMAG_OF_REAL)


def _set_real(self: Tensor, value) -> None:
    self.copy_(value)


def _set_imag(self: Tensor, value) -> None:
    raise RuntimeError(msg.IMAG_OF_REAL)


Tensor.real = property(real, _set_real)
Tensor.imag = property(imag, _set_imag)


def is_complex(input) -> bool:
    """Whether the dtype is complex: never, in autograd_nb."""
    return check_tensor(input, "is_complex").is_complex()


def view_as_real(input) -> Tensor:
    """PyTorch's error: only a complex tensor has a real view."""
    check_tensor(input, "view_as_real")
    raise RuntimeError(msg.VIEW_AS_REAL_OF_REAL)


def refuse_complex_result(name: str):
    """A function `name` whose result is a complex tensor: it raises the one clear TypeError."""

    def refused(*args, **kwargs):
        raise TypeError(msg.NO_COMPLEX_RESULT.format(name=name))

    refused.__name__ = refused.__qualname__ = name.rsplit(".", 1)[-1]
    refused.__doc__ = f"`torch.{name}` returns a complex tensor: not supported (no complex dtypes)."
    return refused


view_as_complex = refuse_complex_result("view_as_complex")
complex = refuse_complex_result("complex")  # noqa: A001 - torch.complex, as PyTorch names it
polar = refuse_complex_result("polar")

__all__ = ["complex", "imag", "is_complex", "polar", "real", "view_as_complex", "view_as_real"]
