"""`parameters_to_vector` / `vector_to_parameters`: all parameters as one flat vector and back."""

from __future__ import annotations

from collections.abc import Iterable

from ... import _messages as msg
from ..._tensor import Tensor, typename

__all__ = ["parameters_to_vector", "vector_to_parameters"]


def _check_param_device(param: Tensor, old_param_device: int | None) -> int:
    """The device index of the first parameter; TypeError if another one lives elsewhere."""
    index = param.get_device() if param.device.type == "cuda" else -1
    if old_param_device is None:
        return index
    if index != old_param_device:
        raise TypeError(msg.PARAMS_VECTOR_DEVICES)
    return old_param_device


def parameters_to_vector(parameters: Iterable[Tensor]) -> Tensor:
    """One 1-D tensor with every parameter flattened, in order (differentiable)."""
    from ...ops import cat

    param_device = None
    vec = []
    for param in parameters:
        param_device = _check_param_device(param, param_device)
        vec.append(param.view(-1))
    return cat(vec)


def vector_to_parameters(vec: Tensor, parameters: Iterable[Tensor]) -> None:
    """Point each parameter's `.data` at its slice of vec (the inverse of parameters_to_vector)."""
    if not isinstance(vec, Tensor):
        raise TypeError(msg.PARAMS_VECTOR_TYPE.format(typename=typename(vec)))
    param_device = None
    pointer = 0
    for param in parameters:
        param_device = _check_param_device(param, param_device)
        num_param = param.numel()
        param.data = vec[pointer : pointer + num_param].view_as(param).data
        pointer += num_param
