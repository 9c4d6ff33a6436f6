"""torch.autograd.functional: `jacobian` and `hessian` of a function, row by row with `grad`.

Each output element's gradient w.r.t. every input is one row; rows are stacked into a tensor of
shape output.shape + input.shape. Nesting follows PyTorch: a Tensor for one input and one
output, else a tuple over outputs of tuples over inputs (dropping the levels given as Tensors).
"""

from __future__ import annotations

from .. import _messages as msg
from .. import _tensor
from .grad_api import grad
from .grad_mode import enable_grad

_STRICT_OUTPUT = (
    "Output {i} of the user-provided function does not require gradients. The "
    "outputs must be computed in a differentiable manner from the input when "
    "running in strict mode."
)
_STRICT_UNUSED = (
    "Output {i} of the user-provided function is independent of input {k}. This "
    "is not allowed in strict mode."
)
_STRICT_CONSTANT = (
    "The jacobian of the user-provided function is independent of input {i}. "
    "This is not allowed in strict mode when create_graph=True."
)
_STRICT_LINEAR = (
    "While computing the hessian, found that the jacobian of the user-provided "
    "function with respect to input {i} is independent of the input. This is not "
    "allowed in strict mode. You should ensure that your function is twice "
    "differentiable and that the jacobian depends on the inputs (this would be "
    "violated by a linear function for example)."
)


def _as_tuple(value, what: str, fn: str) -> tuple:
    """(whether `value` was a tuple, its tensors as a tuple), with PyTorch's TypeError."""
    is_tuple = isinstance(value, tuple)
    items = value if is_tuple else (value,)
    for i, item in enumerate(items):
        if not isinstance(item, _tensor.Tensor):
            where = f"value at index {i}" if is_tuple else f"given {what}"
            raise TypeError(
                msg.FUNCTIONAL_TENSOR_OR_TUPLE.format(
                    what=what, fn=fn, where=where, type=type(item)
                )
            )
    return is_tuple, items


def _unnest(result: tuple, outputs_tuple: bool, inputs_tuple: bool):
    """Drop the nesting levels the caller passed as plain Tensors."""
    if not inputs_tuple:
        result = tuple(per_input[0] for per_input in result)
    return result if outputs_tuple else result[0]


def _check_outputs(outputs: tuple, strict: bool) -> None:
    if strict:
        for i, out in enumerate(outputs):
            if not out.requires_grad:
                raise RuntimeError(_STRICT_OUTPUT.format(i=i))


def _rows(out, i: int, inputs: tuple, create_graph: bool, strict: bool) -> list:
    """Per input, the gradient of each element of `out` (zeros where it does not depend on it)."""
    rows = [[] for _ in inputs]
    flat = out.reshape(-1)
    for j in range(out.numel()):
        grads = (
            grad(flat[j], inputs, retain_graph=True, create_graph=create_graph, allow_unused=True)
            if out.requires_grad
            else (None,) * len(inputs)
        )
        for k, (g, inp) in enumerate(zip(grads, inputs)):
            if g is None:
                if strict:
                    raise RuntimeError(_STRICT_UNUSED.format(i=i, k=k))
                g = inp.new_zeros(inp.shape)
            elif strict and create_graph and not g.requires_grad:
                raise RuntimeError(_STRICT_CONSTANT.format(i=i))
            rows[k].append(g)
    return rows


def jacobian(
    func,
    inputs,
    create_graph: bool = False,
    strict: bool = False,
    vectorize: bool = False,
    strategy: str = "reverse-mode",
):
    """The Jacobian of `func` at `inputs`: d output[i] / d input[j], of shape
    output.shape + input.shape, nested as PyTorch nests it."""
    from ..ops.joining import stack

    if strategy != "reverse-mode":
        raise NotImplementedError(msg.FUNCTIONAL_JACOBIAN_STRATEGY.format(strategy=strategy))
    with enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = tuple(
            inp.view_as(inp)
            if create_graph and inp.requires_grad
            else inp.detach().requires_grad_(True)
            for inp in inputs
        )
        outputs_tuple, outputs = _as_tuple(
            func(*inputs), "outputs of the user-provided function", "jacobian"
        )
        _check_outputs(outputs, strict)
        if strict and vectorize:
            raise RuntimeError(msg.FUNCTIONAL_JACOBIAN_STRICT_VECTORIZE)
        result = []
        for i, out in enumerate(outputs):
            rows = _rows(out, i, inputs, create_graph, strict)
            blocks = tuple(
                stack(r, 0).view(tuple(out.shape) + tuple(inp.shape))
                for r, inp in zip(rows, inputs)
            )
            result.append(blocks if create_graph else tuple(b.detach() for b in blocks))
    return _unnest(tuple(result), outputs_tuple, inputs_tuple)


def hessian(
    func,
    inputs,
    create_graph: bool = False,
    strict: bool = False,
    vectorize: bool = False,
    outer_jacobian_strategy: str = "reverse-mode",
):
    """The Hessian of a scalar `func` at `inputs`: the Jacobian of its gradient, of shape
    input_i.shape + input_j.shape, nested over pairs of inputs as PyTorch nests it."""
    inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")

    def scalar_func(*args):
        out = func(*args)
        is_tuple, outs = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_outputs(outs, strict)
        if is_tuple:
            raise RuntimeError(msg.FUNCTIONAL_HESSIAN_SINGLE_TENSOR)
        if out.numel() != 1:
            raise RuntimeError(msg.FUNCTIONAL_HESSIAN_SINGLE_ELEMENT)
        return out.squeeze()

    def gradient(*args):
        jac = jacobian(scalar_func, args, create_graph=True)
        if strict:
            for i, g in enumerate(jac):
                if not g.requires_grad:
                    raise RuntimeError(_STRICT_LINEAR.format(i=i))
        return jac

    result = jacobian(gradient, inputs, create_graph, strict, vectorize, outer_jacobian_strategy)
    return _unnest(result, inputs_tuple, inputs_tuple)


__all__ = ["jacobian", "hessian"]
