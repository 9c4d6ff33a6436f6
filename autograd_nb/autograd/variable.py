"""Legacy `Variable`: since PyTorch 0.4 it just makes a tensor (old lessons still use it)."""

from __future__ import annotations

from .. import _messages as msg
from .._tensor import Tensor


class _VariableMeta(type):
    def __instancecheck__(cls, obj) -> bool:
        return isinstance(obj, Tensor)


class Variable(metaclass=_VariableMeta):
    """`Variable(t, requires_grad=True)`: a new leaf tensor sharing `t`'s memory (as `detach()`),
    requiring grad only if asked, as PyTorch returns; `t` itself is left as it was."""

    def __new__(cls, data, requires_grad: bool = False, volatile: bool = False):
        if not isinstance(data, Tensor):
            raise TypeError(msg.VARIABLE_DATA_TYPE.format(data_type=type(data).__name__))
        return data.detach().requires_grad_(requires_grad)
