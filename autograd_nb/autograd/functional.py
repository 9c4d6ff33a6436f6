"""torch.autograd.functional: `jacobian` and `hessian` of a function, row by row with `grad`,
and the products `vjp`, `jvp`, `vhp`, `hvp`.

Each output element's gradient w.r.t. every input is one row; rows are stacked into a tensor of
shape output.shape + input.shape. Nesting follows PyTorch: a Tensor for one input and one
output, else a tuple over outputs of tuples over inputs (dropping the levels given as Tensors).

`jvp` and `hvp` use PyTorch's double-backward trick: the backward pass is linear in its incoming
gradient u, so differentiating <grad(f)(u)> w.r.t. u (a dummy zero tensor) gives J·v.
"""

from __future__ import annotations

from .. import _messages as msg
from .. import _tensor
from .grad_api import grad
from .grad_mode import enable_grad, is_grad_enabled, set_grad_enabled

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


# torch.stack, which joins the Jacobian's rows (recording StackBackward0 under create_graph, as
# PyTorch's jacobian does): ops/joining.py registers it, as the autograd core sits below the ops.
_stack: list = []


def register_stack(stack) -> None:
    """Called once by ops/joining.py: `stack(tensors, dim)` joins tensors along a new dim."""
    _stack[:] = [stack]


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
    stack = _stack[0]
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


def _preprocess(inputs: tuple, create_graph: bool, need_graph: bool) -> tuple:
    """Fresh leaves for the inputs (views that keep the graph when create_graph is asked)."""
    return tuple(
        inp.view_as(inp)
        if create_graph and inp.requires_grad
        else inp.detach().requires_grad_(need_graph)
        for inp in inputs
    )


def _postprocess(tensors: tuple, create_graph: bool) -> tuple:
    return tensors if create_graph else tuple(t.detach() for t in tensors)


def _vector(v, refs: tuple, refs_tuple: bool, fn: str, create_graph: bool, none_error: str):
    """`v` as a tuple matching `refs` in number and sizes (PyTorch's checks), or None where a
    single one-element `refs` allows it."""
    if v is None:
        if len(refs) != 1 or refs[0].nelement() != 1:
            raise RuntimeError(none_error)
        return None
    _, v = _as_tuple(v, "v", fn)
    v = _preprocess(v, create_graph, need_graph=False)
    if len(v) != len(refs):
        if refs_tuple:
            raise RuntimeError(msg.FUNCTIONAL_V_TUPLE_LENGTH.format(expected=len(refs), got=len(v)))
        raise RuntimeError(msg.FUNCTIONAL_V_SINGLE)
    for i, (vi, ref) in enumerate(zip(v, refs)):
        if vi.size() != ref.size():
            prepend = f"Entry {i} in " if refs_tuple else ""
            raise RuntimeError(
                msg.FUNCTIONAL_V_SIZE.format(prepend=prepend, expected=ref.size(), got=vi.size())
            )
    return v


def _grads(outputs: tuple, inputs: tuple, grad_outputs=None, create_graph: bool = False) -> tuple:
    """autograd.grad over the outputs that require grad; None for unused inputs."""
    grad_outputs = (None,) * len(outputs) if grad_outputs is None else grad_outputs
    pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if o is not None and o.requires_grad]
    if not pairs:
        return (None,) * len(inputs)
    outs, gos = zip(*pairs)
    return grad(outs, inputs, gos, create_graph=create_graph, allow_unused=True)


def _strict_requires_grad(tensors: tuple, message: str, strict: bool) -> None:
    if strict:
        for i, t in enumerate(tensors):
            if t is None:
                raise RuntimeError(msg.FUNCTIONAL_STRICT_INDEPENDENT["back"].format(i=i))
            if not t.requires_grad:
                raise RuntimeError(message.format(i=i))


def _fill_in_zeros(grads: tuple, refs: tuple, strict: bool, create_graph: bool, stage: str):
    """Zeros (shaped as refs) for the None gradients, or PyTorch's strict-mode errors."""
    result = []
    for i, (g, ref) in enumerate(zip(grads, refs)):
        if g is None:
            if strict:
                raise RuntimeError(msg.FUNCTIONAL_STRICT_INDEPENDENT[stage].format(i=i))
            g = ref.new_zeros(ref.shape)
        elif strict and create_graph and not g.requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise RuntimeError(msg.FUNCTIONAL_STRICT_CONSTANT.format(what=what, i=i))
        result.append(g)
    return tuple(result)


def _single_scalar_output(func, inputs: tuple, fn: str, strict: bool) -> tuple:
    """func's output for vhp/hvp: one Tensor with one element, as a 1-tuple."""
    outputs_tuple, outputs = _as_tuple(func(*inputs), "outputs of the user-provided function", fn)
    _check_outputs(outputs, strict)
    if outputs_tuple:
        raise RuntimeError(msg.FUNCTIONAL_SINGLE_TENSOR.format(fn=fn))
    if outputs[0].nelement() != 1:
        raise RuntimeError(msg.FUNCTIONAL_SINGLE_ELEMENT.format(fn=fn))
    return outputs


def _finish(outputs, result, create_graph: bool, outputs_tuple: bool, result_tuple: bool):
    outputs = _postprocess(outputs, create_graph)
    result = _postprocess(result, create_graph)
    return (
        outputs if outputs_tuple else outputs[0],
        result if result_tuple else result[0],
    )


def vjp(func, inputs, v=None, create_graph: bool = False, strict: bool = False):
    """(func(inputs), v^T · J): the vector-Jacobian product, shaped as the inputs."""
    with enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = _preprocess(inputs, create_graph, need_graph=True)
        outputs_tuple, outputs = _as_tuple(
            func(*inputs), "outputs of the user-provided function", "vjp"
        )
        _check_outputs(outputs, strict)
        v = _vector(v, outputs, outputs_tuple, "vjp", create_graph, msg.FUNCTIONAL_V_NONE_OUTPUT)
    with set_grad_enabled(create_graph or is_grad_enabled()):
        result = _grads(outputs, inputs, v, create_graph)
        result = _fill_in_zeros(result, inputs, strict, create_graph, "back")
    return _finish(outputs, result, create_graph, outputs_tuple, inputs_tuple)


def jvp(func, inputs, v=None, create_graph: bool = False, strict: bool = False):
    """(func(inputs), J · v): the Jacobian-vector product, shaped as the outputs (computed
    with the double-backward trick, as PyTorch does)."""
    with enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        inputs = _preprocess(inputs, create_graph, need_graph=True)
        v = _vector(v, inputs, inputs_tuple, "jvp", create_graph, msg.FUNCTIONAL_V_NONE_INPUT)
        outputs_tuple, outputs = _as_tuple(
            func(*inputs), "outputs of the user-provided function", "jvp"
        )
        _check_outputs(outputs, strict)
        dummies = tuple(out.new_zeros(out.shape).requires_grad_(True) for out in outputs)
        grad_inputs = _grads(outputs, inputs, dummies, create_graph=True)
        _strict_requires_grad(grad_inputs, msg.FUNCTIONAL_STRICT_GRAD_INPUTS, strict)
    with set_grad_enabled(create_graph or is_grad_enabled()):
        result = _grads(grad_inputs, dummies, v, create_graph)
        result = _fill_in_zeros(result, outputs, strict, create_graph, "back_trick")
    return _finish(outputs, result, create_graph, outputs_tuple, outputs_tuple)


def vhp(func, inputs, v=None, create_graph: bool = False, strict: bool = False):
    """(func(inputs), v^T · H): the vector-Hessian product of a scalar function."""
    with enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vhp")
        inputs = _preprocess(inputs, create_graph, need_graph=True)
        v = _vector(v, inputs, inputs_tuple, "vhp", create_graph, msg.FUNCTIONAL_V_NONE_INPUT)
        outputs = _single_scalar_output(func, inputs, "vhp", strict)
        jac = _grads(outputs, inputs, create_graph=True)
        _strict_requires_grad(jac, _STRICT_LINEAR, strict)
    with set_grad_enabled(create_graph or is_grad_enabled()):
        result = _grads(jac, inputs, v, create_graph)
        result = _fill_in_zeros(result, inputs, strict, create_graph, "double_back")
    return _finish(outputs, result, create_graph, False, inputs_tuple)


def hvp(func, inputs, v=None, create_graph: bool = False, strict: bool = False):
    """(func(inputs), H · v): the Hessian-vector product of a scalar function (the
    double-backward trick on vhp, as PyTorch computes it)."""
    with enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hvp")
        inputs = _preprocess(inputs, create_graph, need_graph=True)
        v = _vector(v, inputs, inputs_tuple, "hvp", create_graph, msg.FUNCTIONAL_V_NONE_INPUT)
        outputs = _single_scalar_output(func, inputs, "hvp", strict)
        jac = _grads(outputs, inputs, create_graph=True)
        _strict_requires_grad(jac, _STRICT_LINEAR, strict)
        dummies = tuple(inp.new_zeros(inp.shape).requires_grad_(True) for inp in inputs)
        double_back = _grads(jac, inputs, dummies, create_graph=True)
        _strict_requires_grad(jac, msg.FUNCTIONAL_STRICT_HESSIAN, strict)
    with set_grad_enabled(create_graph or is_grad_enabled()):
        result = _grads(double_back, dummies, v, create_graph)
        result = _fill_in_zeros(result, inputs, strict, create_graph, "double_back_trick")
    return _finish(outputs, result, create_graph, False, inputs_tuple)


__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]
