"""Element-wise ops of three tensors: lerp, addcmul, addcdiv (the optimizers' fused updates)."""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, tensor_method
from ..autograd.node import Node
from ._helpers import (
    check_number,
    check_tensor,
    common_backend,
    is_number,
    record,
    refused_overloads,
    result_dtype,
)
from .binary import _float_result
from .inplace import inplace_method
from .out import with_out


def _ternary(cls, tensors: tuple, kernel, name: str, save: tuple = (), **saved) -> Tensor:
    """Broadcast and promote three operands, run `kernel` on their arrays (float16 and bfloat16
    in float32, rounded once, as PyTorch's CPU kernels), record `cls` (saving `save` and the
    `_saved_<name>` keywords)."""
    from ._helpers import broadcast_shapes, in_float32, on_backend

    for i, t in enumerate(tensors):
        check_tensor(t, name, ("input", "tensor1", "tensor2")[i], i + 1)
    backend = common_backend(*tensors)
    dtype = result_dtype(*tensors)
    broadcast_shapes(*(tuple(t._data.shape) for t in tensors))
    arrays = [on_backend(t, backend, dtype) for t in tensors]
    out = in_float32(kernel, backend.xp, *arrays)
    return record(cls, tensors, out, backend, save, broadcasts=True, **saved)


class AddcmulBackward0(Node):
    __slots__ = ("_saved_value",)
    _saved_names = ("tensor1", "tensor2")

    def backward(self, grad):
        t1, t2, value = self._unpack(0), self._unpack(1), self._saved_value
        return (
            grad,
            grad * t2 * value if self.needs_input_grad(1) else None,
            grad * t1 * value if self.needs_input_grad(2) else None,
        )


class AddcdivBackward0(AddcmulBackward0):
    __slots__ = ()

    def backward(self, grad):
        t1, t2, value = self._unpack(0), self._unpack(1), self._saved_value
        return (
            grad,
            grad * value / t2 if self.needs_input_grad(1) else None,
            -grad * value * t1 / (t2 * t2) if self.needs_input_grad(2) else None,
        )


def _real(value, input: Tensor):
    """A number argument as a real number: a complex one is converted as PyTorch converts it
    into `input`'s dtype (its real part, or PyTorch's error when the imaginary part is not 0)."""
    if isinstance(value, complex):
        return dtypes.real_scalar(value, input.dtype)
    return check_number(value, "value")


def _saving_operands(out: Tensor, value, tensor1, tensor2) -> Tensor:
    """Save what the backward needs, as PyTorch: tensor1 only for tensor2's gradient, tensor2
    for tensor1's (and, in addcdiv, for tensor2's own)."""
    node = out._grad_fn
    if node is not None:
        need1, need2 = node.needs_input_grad(1), node.needs_input_grad(2)
        keep2 = need1 or (type(node) is AddcdivBackward0 and need2)
        node.save(tensor1 if need2 else None, tensor2 if keep2 else None)
        node._saved_value = value
    return out


@with_out
@tensor_method("addcmul")
def addcmul(input, tensor1, tensor2, *, value=1) -> Tensor:
    """input + value * tensor1 * tensor2, broadcasting (what Adam's moment updates use)."""
    value = _real(value, input)
    operands = (input, tensor1, tensor2)
    if all(isinstance(t, Tensor) for t in operands) and result_dtype(*operands) is dtypes.bool:
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel="addcmul_cpu_out", dtype="Bool"))
    out = _ternary(
        AddcmulBackward0,
        (input, tensor1, tensor2),
        lambda xp, x, a, b: x + value * a * b,
        "addcmul",
    )
    return _saving_operands(out, value, tensor1, tensor2)


@with_out
@tensor_method("addcdiv")
def addcdiv(input, tensor1, tensor2, *, value=1) -> Tensor:
    """input + value * tensor1 / tensor2, broadcasting (Adam's parameter step)."""
    value = _real(value, input)
    if not _float_result(tensor1, tensor2):
        raise RuntimeError(msg.ADDCDIV_INTEGER)
    out = _ternary(
        AddcdivBackward0,
        (input, tensor1, tensor2),
        lambda xp, x, a, b: x + value * a / b,
        "addcdiv",
    )
    return _saving_operands(out, value, tensor1, tensor2)


def _c_name(t: Tensor) -> str:
    """'float', 'double', 'long': the dtype as PyTorch's lerp message spells it."""
    return t.dtype.legacy_name[:-6].lower()


class LerpBackward0(Node):
    """lerp with a number weight."""

    __slots__ = ("_saved_weight",)

    def backward(self, grad):
        w = self._saved_weight
        return grad * (1 - w), grad * w


class LerpBackward1(Node):
    """lerp with a tensor weight."""

    __slots__ = ()
    _saved_names = ("self", "end", "weight")

    def backward(self, grad):
        start, end, weight = self._unpack(0), self._unpack(1), self._unpack(2)
        return (
            grad * (1 - weight),
            grad * weight,
            grad * (end - start) if self.needs_input_grad(2) else None,
        )


def _lerp_kernel(xp, start, end, weight):
    """PyTorch's formula: from the nearer end, so lerp(a, b, 1) is exactly b."""
    diff = end - start
    if not hasattr(weight, "shape"):
        return start + weight * diff if -0.5 < weight < 0.5 else end - diff * (1 - weight)
    return xp.where(xp.abs(weight) < 0.5, start + weight * diff, end - diff * (1 - weight))


@with_out
@tensor_method("lerp")
def lerp(input, end, weight) -> Tensor:
    """input + weight * (end - input): linear interpolation, weight a number or a tensor."""
    start = check_tensor(input, "lerp")
    if not (isinstance(end, Tensor) and (isinstance(weight, Tensor) or is_number(weight))):
        raise refused_overloads("lerp", msg.LERP_SIGNATURES, start, end, weight)
    if end.dtype is not start.dtype:
        raise RuntimeError(
            msg.LERP_DTYPE.format(arg="end", expected=_c_name(start), got=_c_name(end))
        )
    if not start.dtype.is_floating_point:
        raise NotImplementedError(
            msg.KERNEL_DTYPE.format(
                kernel="lerp_kernel_scalar"
                if not isinstance(weight, Tensor)
                else "lerp_kernel_tensor",
                dtype=start.dtype.legacy_name[:-6],
            )
        )
    if isinstance(weight, Tensor):
        if weight.dtype is not start.dtype:
            raise RuntimeError(
                msg.LERP_DTYPE.format(arg="weight", expected=_c_name(start), got=_c_name(weight))
            )
        tensors = (start, end, weight)
        return _ternary(LerpBackward1, tensors, _lerp_kernel, "lerp", tensors)
    w = float(_real(weight, start))
    return _ternary(
        LerpBackward0, (start, end), lambda xp, a, b: _lerp_kernel(xp, a, b, w), "lerp", weight=w
    )


addcmul_ = inplace_method(
    "addcmul", "self += value * tensor1 * tensor2, in place (Adam's moments)."
)


addcdiv_ = inplace_method("addcdiv", "self += value * tensor1 / tensor2, in place (Adam's step).")


lerp_ = inplace_method("lerp", "self += weight * (end - self), in place (exponential averages).")


__all__ = ["addcdiv", "addcmul", "lerp"]
