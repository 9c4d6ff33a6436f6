"""Graph nodes: the backward functions that `grad_fn` points at, and their saved tensors.

A node holds edges to the nodes of its inputs (`next_functions`) and the tensors its backward
needs, never its outputs: a graph is freed by reference counting as soon as its outputs go.
An op's node class carries PyTorch's name (`MulBackward0`); its `backward` is written with
tensor operations, so a graph of the backward pass is recorded when `create_graph=True`.
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import weakref

from .. import _messages as msg
from .._legacy import tensor_type_name
from .._tensor import _AutogradMeta, make_tensor, refresh_view
from .anomaly_mode import ANOMALY, remember_forward_stack
from .grad_mode import STATE
from .hooks import RemovableHandle
from .versions import INFERENCE_VERSION, VersionCounter, version_counter

__all__ = [
    "ACCUMULATION_LOCK",
    "INFERENCE_VERSION",
    "AccumulateGrad",
    "Node",
    "accumulate_grad",
    "accumulator",
    "edge",
    "existing_accumulator",
    "new_node",
    "retain_into",
    "saved_entry",
    "version_counter",
]

_sequence = itertools.count()
_ACCUMULATE_SEQ = 1 << 62
_NUMBERS = (int, float, bool)
_NO_EDGE = (None, 0)
_new = object.__new__  # PyTorch runs AccumulateGrad as soon as it is ready


def saved_entry(t):
    """What a node keeps of a saved input: the tensor with its version and history at saving.

    None and Python numbers are kept as they are.
    """
    if t is None or type(t) in _NUMBERS:
        return t
    vc = t._vc
    if vc is None:
        return (t, 0, t._grad_fn, t._output_nr)
    if vc is INFERENCE_VERSION:
        raise RuntimeError(msg.INFERENCE_SAVE)
    return (t, vc.value, t._grad_fn, t._output_nr)


class Node:
    """A backward function: `grad_fn` of a tensor made by an op that recorded the graph."""

    # `_edges` is flat, (node0, output_nr0, node1, output_nr1, ...): one tuple per node rather
    # than one more per input, which is what the cycle collector scans in a long graph.
    __slots__ = ("_edges", "_seq", "_saved", "_in_meta", "_extra", "__weakref__")
    _saved_names: tuple = ()  # names behind `_saved_<name>` for the tensors this op saves
    _saved_numbers: tuple = ()  # of those, the ones a saved Python number shows as itself
    # slots holding what else backward needs from the forward (index tensors, masks): freed with
    # `_saved`, after which reading one raises PyTorch's "second time" error (its SavedVariables)
    _keeps: tuple = ()
    _n_outputs = 1  # multi-output ops (split, unbind) define a `_n_outputs` slot instead

    def __init__(self):
        self._edges = ()
        self._seq = next(_sequence)
        self._saved = ()
        self._in_meta = None
        self._extra = None

    def __init_subclass__(cls, **kwargs):
        """Node classes print as PyTorch's C++ ones: `<class 'MulBackward0'>`; each gets its
        `_saved_<name>` properties and guards on what `_keeps` frees. Properties, not a
        `__getattr__`: a class with one loses CPython's fast attribute loads on every node."""
        super().__init_subclass__(**kwargs)
        cls.__module__ = "builtins"
        for name in cls._saved_names:
            if _class_attribute(cls, "_saved_" + name) is None:
                setattr(cls, "_saved_" + name, _saved_property(name))
        for name in cls._keeps:
            slot = _class_attribute(cls, name)
            if type(slot) is _SLOT:
                setattr(cls, name, _kept_property(slot))

    # --- PyTorch's public node API -----------------------------------------------------------
    _cpp_namespace = ""  # nodes PyTorch writes by hand in C++ name themselves "torch::autograd::"

    def name(self) -> str:
        return self._cpp_namespace + type(self).__name__

    def forward_op_name(self) -> str:
        """The forward op's name as PyTorch's messages give it: "Backward<N>" dropped from
        name(), N kept unless 0 (ExpBackward0 -> Exp, MaxBackward1 -> Max1)."""
        name = self.name()
        head, found, number = name.rpartition("Backward")
        if not found or not number.isdigit() and number:
            return name
        return head if number in ("", "0") else head + number

    @property
    def next_functions(self) -> tuple:
        """((node or None, output_nr), ...), one pair per input of the forward op."""
        edges = self._edges
        return tuple(zip(edges[::2], edges[1::2]))

    @property
    def metadata(self) -> dict:
        return self._extras().setdefault("metadata", {})

    def register_hook(self, hook):
        """hook(grad_inputs, grad_outputs) runs after this node; it may return new grad_inputs."""
        return RemovableHandle(self._extras().setdefault("hooks", []), hook)

    def register_prehook(self, hook):
        """hook(grad_outputs) runs before this node; it may return new grad_outputs."""
        return RemovableHandle(self._extras().setdefault("prehooks", []), hook)

    def __call__(self, *grads):
        return self.backward(*grads)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} object at {hex(id(self))}>"

    # --- what op code calls ------------------------------------------------------------------
    def backward(self, *grads):
        """Gradients for each input (None where not needed) given gradients of the outputs."""
        raise NotImplementedError

    def save(self, *tensors) -> None:
        """Keep inputs (or None) for backward, remembering their versions."""
        self._saved = tuple(map(saved_entry, tensors))

    def save_output(self, out) -> None:
        """Keep this node's own output for backward without keeping the output tensor alive."""
        vc = out._vc
        if vc is None:  # version_counter(out), inlined: outputs are saved on every op
            vc = out._vc = _new(VersionCounter)
            vc.value = 0
        self._saved = ((None, vc.value, out._data, out._output_nr, vc, out._backend),)

    def needs_input_grad(self, index: int) -> bool:
        return self._edges[2 * index] is not None

    def _unpack(self, index: int):
        saved = self._saved
        if saved is None:
            raise RuntimeError(msg.BACKWARD_TWICE)
        entry = saved[index]
        if entry is None or type(entry) in _NUMBERS:
            return entry
        tensor, version = entry[0], entry[1]
        if tensor is not None:
            vc = tensor._vc
            if (vc.value if vc is not None else 0) != version:
                if tensor._view is not None:
                    refresh_view(tensor)  # the message names the tensor's history now
                raise RuntimeError(
                    _modified_message(tensor, version, tensor._grad_fn, tensor._output_nr)
                )
            return tensor
        _, version, data, output_nr, vc, backend = entry
        if vc.value != version:
            raise RuntimeError(_modified_message(None, version, self, output_nr, data, vc, backend))
        out = make_tensor(data, backend, True, self, output_nr)
        out._vc = vc
        return out

    def _unpacked_data(self, index: int):
        """`_unpack(index)._data` without a tensor made for a saved output: what a backward
        kernel on arrays reads (backward_kernels.py)."""
        saved = self._saved
        if saved is not None:
            entry = saved[index]
            if type(entry) is tuple and entry[0] is None and entry[4].value == entry[1]:
                return entry[2]
        return self._unpack(index)._data

    def saved_tensors(self) -> tuple:
        return tuple(self._unpack(i) for i in range(len(self._saved or ())))

    # --- what the engine calls ---------------------------------------------------------------
    def _apply(self, grads: list) -> tuple:
        """Run backward on per-output gradients; adapt results to the inputs' shape and dtype."""
        results = self.backward(*grads)
        if type(results) is not tuple:
            results = (results,)
        return results if self._in_meta is None else self._conformed(results)

    def _conformed(self, results: tuple) -> tuple:
        """Each gradient summed and cast to its input's recorded shape and dtype."""
        out = list(results)
        for i, meta in enumerate(self._in_meta):
            if meta is not None and i < len(out) and (grad := out[i]) is not None:
                shape, dtype = meta
                if shape is not None and grad._data.shape != shape:
                    if STATE.enabled:
                        grad = grad.sum_to_size(shape)
                    else:  # on the raw array, as no graph is built
                        backend = grad._backend
                        grad = make_tensor(backend.sum_to(grad._data, shape), backend)
                if dtype is not None and grad.dtype is not dtype:
                    grad = grad.to(dtype)
                out[i] = grad
        return tuple(out)

    def _release(self) -> None:
        """Free saved tensors after a backward without retain_graph (the engine calls it only
        when `_saved` or `_keeps` holds something)."""
        self._saved = None
        for name in self._keeps:
            with contextlib.suppress(AttributeError):  # (a slot this node never set)
                delattr(self, name)

    def _extras(self) -> dict:
        if self._extra is None:
            self._extra = {}
        return self._extra


_SLOT = type(Node._edges)  # what `__slots__` makes: a member descriptor


def _class_attribute(cls: type, name: str):
    """`name` as the class (or a base) defines it, without running descriptors; None if none."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    return None


def _saved_property(name: str) -> property:
    """`node._saved_<name>`: what the node saved under PyTorch's name for it."""

    def get(self):
        names = type(self)._saved_names
        if name not in names:  # a subclass that saves differently
            raise AttributeError(
                msg.NODE_NO_ATTRIBUTE.format(type=type(self).__name__, name="_saved_" + name)
            )
        value = self._unpack(names.index(name))
        if type(value) in _NUMBERS and name not in type(self)._saved_numbers:
            from .._creation import tensor

            value = tensor(value)  # PyTorch shows saved scalars as 0-dim tensors
        return value

    return property(get, doc=f"The `{name}` this node saved for backward.")


def _kept_property(slot) -> property:
    """A `_keeps` slot that raises PyTorch's "second time" error once backward freed it."""

    def get(self):
        try:
            return slot.__get__(self, type(self))
        except AttributeError:  # freed by a backward without retain_graph (or never set)
            raise RuntimeError(msg.BACKWARD_TWICE) from None

    return property(get, slot.__set__, slot.__delete__)


def _modified_message(tensor, saved_version, grad_fn, output_nr, data=None, vc=None, backend=None):
    if tensor is not None:
        data, backend, vc = tensor._data, tensor._backend, tensor._vc
    origin = ""
    if grad_fn is not None:
        origin = f", which is output {output_nr} of {grad_fn.forward_op_name()},"
    return msg.MODIFIED_INPLACE.format(
        type=tensor_type_name(backend, backend.dtype_of(data)),
        sizes=", ".join(str(s) for s in data.shape),
        origin=origin,
        version=vc.value if vc is not None else 0,
        saved=saved_version,
        hint=msg.MODIFIED_INPLACE_ANOMALY_HINT if ANOMALY.enabled else msg.MODIFIED_INPLACE_HINT,
    )


class AccumulateGrad(Node):
    """The node at a leaf that requires grad: adds the incoming gradient into `leaf.grad`.

    As in PyTorch, the node holds its leaf (so `next_functions[i][0].variable` is the leaf while
    a graph uses it) and the leaf refers to its node weakly: no cycle, and one node per leaf for
    as long as any graph holds it.
    """

    __slots__ = ("_variable",)
    _cpp_namespace = "torch::autograd::"

    def __init__(self, *args, **kwargs):
        raise RuntimeError(msg.ACCUMULATE_GRAD_CONSTRUCT)  # PyTorch's: the graph makes them

    @property
    def variable(self):
        return self._variable

    def backward(self, grad):
        if self._variable._requires_grad:  # not after detach_() or requires_grad_(False)
            accumulate_grad(self._variable, grad)
        return ()

    def _release(self) -> None:
        pass


# Adding into a `.grad` reads it, adds, and writes it back: without the lock, two threads
# accumulating into one leaf (NumPy releases the GIL while it adds) could lose a gradient.
ACCUMULATION_LOCK = threading.Lock()


def accumulate_grad(leaf, grad) -> None:
    """What AccumulateGrad does: `leaf.grad` becomes a copy of `grad`, or `grad` is added to it.

    Under create_graph the sum is recorded (`.grad` gets a history); otherwise the old `.grad`
    is updated in place, as PyTorch does.
    """
    with ACCUMULATION_LOCK:
        if grad._backend is not leaf._backend:  # a CPU leaf used with a CUDA tensor
            grad = grad.to(leaf.device)
        if grad._data.dtype != leaf._data.dtype:  # PyTorch's engine casts to the input's dtype
            grad = grad.to(leaf.dtype)
        meta = leaf._meta
        if meta is None:
            meta = leaf._meta = _AutogradMeta()
        old = meta.grad
        if old is None:
            meta.grad = _recorded_copy_of(grad) if STATE.enabled else copy_of(grad)
        elif STATE.enabled:
            meta.grad = old + grad
        else:
            _check_writable(old)
            old._data += grad._data


def _check_writable(grad) -> None:
    """Refuse, with PyTorch's text, to add into a `.grad` whose memory cannot be written: an
    expanded tensor (several elements share one location), or a read-only NumPy array's."""
    data, backend = grad._data, grad._backend
    if backend.is_writable(data):
        return
    sizes_strides = zip(data.shape, backend.strides(data))
    overlap = any(size > 1 and stride == 0 for size, stride in sizes_strides)
    raise RuntimeError(msg.INPLACE_OVERLAP if overlap else msg.INPLACE_READ_ONLY)


def retain_into(tensor, grad) -> None:
    """The retain_grad hook: store (or add to) a non-leaf's `.grad`."""
    meta = tensor._autograd_meta()
    if grad._data.dtype != tensor._data.dtype:  # as for a leaf: the tensor's own dtype
        grad = grad.to(tensor.dtype)
    if meta.grad is None:
        meta.grad = grad if STATE.enabled else copy_of(grad)
    else:
        meta.grad = meta.grad + grad


def copy_of(t):
    """A detached tensor with its own copy of `t`'s storage."""
    return make_tensor(t._backend.xp.asarray(t._data, copy=True), t._backend)


def _recorded_copy_of(t):
    """A first gradient stored under create_graph: PyTorch copies it into a new tensor with
    `copy_`, so a gradient with history gets grad_fn CopyBackwards."""
    if not t._requires_grad:
        return copy_of(t)
    backend = t._backend
    return make_tensor(backend.xp.empty_like(t._data), backend).copy_(t)


def accumulator(tensor) -> AccumulateGrad:
    """The leaf's AccumulateGrad node: the one a live graph holds, else a new one."""
    meta = tensor._meta
    if meta is None:
        meta = tensor._autograd_meta()
    else:
        ref = meta.accumulator
        if ref is not None and (node := ref()) is not None:
            return node
    # Made here, not by a constructor: a new one each step of a training loop, so no Python call
    node = _new(AccumulateGrad)
    node._edges, node._saved, node._in_meta, node._extra = (), (), None, None
    node._seq = _ACCUMULATE_SEQ + next(_sequence)  # unique, and above every op node
    node._variable = tensor
    meta.accumulator = weakref.ref(node)
    return node


def existing_accumulator(tensor) -> AccumulateGrad | None:
    """The leaf's AccumulateGrad node if some graph still holds it, else None."""
    meta = tensor._meta
    ref = meta.accumulator if meta is not None else None
    return ref() if ref is not None else None


def edge(tensor) -> tuple:
    """The (node, output_nr) a gradient for `tensor` flows into; (None, 0) if it needs none
    (the very `_NO_EDGE` object only if it does not require grad)."""
    if tensor is None:
        return _NO_EDGE
    if tensor._view is not None:
        view = view_edge(tensor)
        return _NO_EDGE if view is None else view
    if not tensor._requires_grad:
        return _NO_EDGE
    fn = tensor._grad_fn
    if fn is not None:
        return (fn, tensor._output_nr)
    return (accumulator(tensor), 0)


# The edge of a view that requires grad only through its base and has no grad_fn (made under
# no_grad, or before its base required grad): as in PyTorch, no gradient flows into it. A
# distinct object from `_NO_EDGE`, so that an op taking it is still recorded.
_UNWIRED = (None, 0)


def view_edge(view) -> tuple | None:
    """The edge for a view, its grad_fn brought up to date first; None if it needs no grad."""
    refresh_view(view)
    fn = view._grad_fn
    if fn is not None:
        return (fn, view._output_nr)
    if view._requires_grad:  # set on the view itself (requires_grad_())
        return (accumulator(view), 0)
    return _UNWIRED if view._view.base._requires_grad else None


def new_node(cls, inputs: tuple):
    """A node of `cls` wired to the tensors `inputs` if the graph is being recorded, else None.

    Inputs may be None (a Python scalar operand): it gets a (None, 0) edge like PyTorch's.
    """
    if not STATE.enabled:
        return None
    if len(inputs) > 8:  # cat of many tensors: join once, not a tuple grown quadratically
        per_input = tuple(map(edge, inputs))
        edges = tuple(itertools.chain.from_iterable(per_input))
        recorded = any(e is not _NO_EDGE for e in per_input)
    else:  # the usual few inputs, inlined: adding small tuples is cheaper than a list
        edges = ()
        recorded = False
        for t in inputs:
            if t is None:
                edges += _NO_EDGE
                continue
            if t._view is not None:  # a view may require grad through its base (view_edge)
                view = view_edge(t)
                if view is None:
                    edges += _NO_EDGE
                else:
                    recorded = True
                    edges += view
                continue
            if not t._requires_grad:
                edges += _NO_EDGE
                continue
            recorded = True
            fn = t._grad_fn
            edges += (accumulator(t), 0) if fn is None else (fn, t._output_nr)
    if not recorded:
        return None
    node = _new(cls)
    node._edges = edges
    node._seq = next(_sequence)
    node._saved = ()
    node._in_meta = None
    node._extra = None
    if ANOMALY.enabled:
        remember_forward_stack(node)
    return node
