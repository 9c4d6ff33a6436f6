"""`autograd.backward` and `autograd.grad`: checking what the user passed, then the engine.

A pass starts here, and here its engine is chosen: the fast one (`_fast_engine.py`) while
nothing watches the pass, else the reference (`engine.py`), which a learner reads.
"""

from __future__ import annotations

import warnings

from .. import _messages as msg
from .. import _tensor
from .._tensor import tensor_method
from . import _fast_engine, engine
from .node import edge


def _as_sequence(value) -> list:
    if value is None:
        return []
    if isinstance(value, _tensor.Tensor):
        return [value]
    return list(value)


def _root_grads(outputs: list, grad_outputs: list) -> list:
    """The starting gradient for each output: ones for scalars, else the given tensor, checked.

    PyTorch's order: each given pair is checked first (outputs that need no grad get None here),
    then the counts, then `_roots` refuses outputs that do not require grad.
    """
    if not grad_outputs:
        grad_outputs = [None] * len(outputs)
    grads = []
    for i, (out, given) in enumerate(zip(outputs, grad_outputs)):
        if isinstance(given, _tensor.Tensor):
            if given.shape != out.shape:
                raise RuntimeError(
                    msg.GRAD_SHAPE_MISMATCH.format(
                        index=i, grad_shape=given.shape, out_shape=out.shape
                    )
                )
            if given._backend is not out._backend and given._data.ndim:
                raise RuntimeError(
                    msg.INVALID_GRAD_DEVICE.format(index=i, expected=out.device, got=given.device)
                )
            if given.dtype is not out.dtype or given._backend is not out._backend:
                given = given.to(device=out.device, dtype=out.dtype)
            grads.append(given)
        elif given is not None:
            raise TypeError(msg.GRADIENT_TYPE.format(type=type(given).__name__))
        elif out.requires_grad:
            grads.append(implicit_grad(out))
        else:
            grads.append(None)
    if len(grad_outputs) < len(outputs):
        raise RuntimeError(msg.GRADIENT_COUNT.format(tensors=len(outputs), grads=len(grad_outputs)))
    return grads


def implicit_grad(out):
    """A gradient of ones for a one-element floating-point output."""
    if out.numel() != 1:
        raise RuntimeError(msg.IMPLICIT_SCALAR)
    if not out.dtype.is_floating_point:
        raise RuntimeError(msg.IMPLICIT_REAL_SCALAR.format(dtype=out.dtype))
    data, backend = out._data, out._backend
    one = backend.xp.asarray(1, dtype=data.dtype, device=backend.native_device)
    if data.ndim:  # a 1-element tensor of shape (1,), (1, 1), ...
        one = backend.xp.reshape(one, data.shape)
    return _tensor.make_tensor(one, backend)


def _roots(outputs: list) -> list:
    roots = []
    for i, out in enumerate(outputs):
        root = edge(out)
        if root[0] is None:  # (also a view that requires grad only through its base, as PyTorch)
            raise RuntimeError(msg.NO_GRAD_FN.format(index=i))
        roots.append(root)
    return roots


def _checked_inputs(inputs) -> list:
    """`inputs` as a sequence of tensors, or PyTorch's error for one that is not a tensor."""
    inputs = _as_sequence(inputs)
    for t in inputs:
        if not isinstance(t, _tensor.Tensor):
            raise RuntimeError(msg.INPUTS_NOT_TENSORS.format(type=type(t).__name__))
    return inputs


def backward(
    tensors,
    grad_tensors=None,
    retain_graph=None,
    create_graph: bool = False,
    grad_variables=None,
    inputs=None,
) -> None:
    """Add the gradients of `tensors` w.r.t. graph leaves into their `.grad`."""
    outputs = _as_sequence(tensors)
    grads = _root_grads(
        outputs, _as_sequence(grad_tensors if grad_tensors is not None else grad_variables)
    )
    if retain_graph is None:
        retain_graph = create_graph
    if create_graph:
        warnings.warn(msg.CREATE_GRAPH_WARNING, UserWarning, stacklevel=3)
    roots = _roots(outputs)
    capture = None
    if inputs is not None:
        inputs = _checked_inputs(inputs)
        if not inputs:
            raise RuntimeError(msg.BACKWARD_INPUTS_EMPTY)
        for t in inputs:
            if not t.requires_grad:  # PyTorch retains the grad of every input
                raise RuntimeError(msg.RETAIN_GRAD_NO_GRAD)
        capture = [edge(t) for t in inputs]
        for t in inputs:
            if t._grad_fn is not None:  # as PyTorch: a non-leaf input's .grad is filled too
                t.retain_grad()
    if capture is None and not create_graph and not engine.watched():
        _fast_engine.run_backward(roots, grads, retain_graph)
    else:
        engine.run_backward(roots, grads, retain_graph, create_graph, capture=capture)


def grad(
    outputs,
    inputs,
    grad_outputs=None,
    retain_graph=None,
    create_graph: bool = False,
    only_inputs: bool = True,
    allow_unused=None,
    is_grads_batched: bool = False,
    materialize_grads: bool = False,
) -> tuple:
    """The gradients of `outputs` w.r.t. `inputs`, returned instead of stored in `.grad`."""
    outputs = _as_sequence(outputs)
    inputs = _checked_inputs(inputs)
    if not inputs:
        raise RuntimeError(msg.GRAD_REQUIRES_GRAD_INPUTS)
    if allow_unused is None:
        allow_unused = materialize_grads
    grads = _root_grads(outputs, _as_sequence(grad_outputs))
    if retain_graph is None:
        retain_graph = create_graph
    roots = _roots(outputs)  # PyTorch's engine checks the outputs, then the inputs
    for t in inputs:
        if not t.requires_grad:
            raise RuntimeError(msg.INPUT_NOT_REQUIRING_GRAD)
    results = engine.run_backward(
        roots,
        grads,
        retain_graph,
        create_graph,
        capture=[edge(t) for t in inputs],
        accumulate=False,
    )
    for i, result in enumerate(results):
        if result is None:
            if materialize_grads:
                from .._creation import zeros_like

                results[i] = zeros_like(inputs[i])
            elif not allow_unused:
                raise RuntimeError(msg.UNUSED_INPUT.format(index=i))
        elif not create_graph:
            results[i] = result.detach()
    return tuple(results)


@tensor_method("backward")
def tensor_backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    """Accumulate d(self)/d(leaf) into each leaf's `.grad` (see autograd.backward)."""
    fn = self.grad_fn
    if gradient is None and inputs is None and not create_graph and fn is not None:
        # `loss.backward()`: what autograd.backward does for one output, without its checks
        roots, grads = [(fn, self._output_nr)], [implicit_grad(self)]
        if engine.watched():
            engine.run_backward(roots, grads, bool(retain_graph), False)
        else:
            _fast_engine.run_backward(roots, grads, bool(retain_graph))
        return
    backward(self, gradient, retain_graph, create_graph, inputs=inputs)
