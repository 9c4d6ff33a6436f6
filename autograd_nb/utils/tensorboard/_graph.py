"""The graph `SummaryWriter.add_graph` writes: a module's forward, read off our autograd graph.

PyTorch traces the model with TorchScript and writes its ops (`aten::linear`); we have no tracer,
so we run the forward once and walk the `grad_fn` graph of its outputs instead. Each backward
node stands for the forward op that made it (`AddmmBackward0` -> op `Addmm`), parameters are
the `AccumulateGrad` leaves, and forward hooks on every submodule give the scope names TensorBoard
groups by, spelled as PyTorch spells them: `Net/Linear[fc1]/...`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...autograd.grad_mode import enable_grad
from ...autograd.graph import accumulate_grad_node, is_accumulate_grad, sequence_nr, walk

_BACKWARD = re.compile(r"Backward\d*$")


@dataclass
class GraphNode:
    """One node of the written GraphDef: its scoped name, op, input names and output shape."""

    name: str
    op: str
    inputs: list[str] = field(default_factory=list)
    shape: tuple[int, ...] | None = None
    attr: str = ""


def _tensors(value) -> list:
    """The tensors in a forward's args or output (a tensor, or tuples/lists/dicts of them)."""
    from ..._tensor import Tensor

    if isinstance(value, Tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return [t for v in value for t in _tensors(v)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _tensors(v)]
    return []


def _scopes(model) -> dict[int, str]:
    """id(module) -> `Net/Sequential[features]/Conv2d[0]`, PyTorch's scope spelling."""
    by_path = {"": type(model).__name__}
    scopes = {}
    for path, module in model.named_modules():  # parents come before their children
        if path:
            parent, _, attr = path.rpartition(".")
            by_path[path] = f"{by_path[parent]}/{type(module).__name__}[{attr}]"
        scopes.setdefault(id(module), by_path[path])
    return scopes


def module_graph(model, args: tuple) -> list[GraphNode]:
    """Run `model(*args)` once (eval mode, every parameter tracking) and return its graph nodes.

    The model's training flag and each parameter's requires_grad are restored afterwards; inputs
    are detached copies, so the caller's tensors are untouched.
    """
    scopes = _scopes(model)
    owner: dict[int, str] = {}  # id(grad_fn node) -> scope of the innermost module that made it
    shapes: dict[tuple[int, int], tuple] = {}  # (id(node), output_nr) -> shape
    keep: list = []  # keep traced nodes alive while ids are in use

    def note_shapes(tensors) -> None:
        for t in tensors:
            if t.grad_fn is not None:
                shapes[(id(t.grad_fn), t.output_nr)] = tuple(t.shape)
                keep.append(t.grad_fn)

    def pre_hook(module, inputs):
        note_shapes(_tensors(inputs))

    def hook(module, inputs, output):
        outs = _tensors(output)
        note_shapes(outs)
        stop = {id(t.grad_fn) for t in _tensors(inputs) if t.grad_fn is not None}
        scope = scopes.get(id(module), type(module).__name__)
        made_here = walk(
            *[t.grad_fn for t in outs if t.grad_fn is not None],
            skip=lambda node: id(node) in stop or is_accumulate_grad(node),
        )
        for node in made_here:
            owner.setdefault(id(node), scope)

    params = list(model.parameters())
    flags = [p.requires_grad for p in params]
    training = model.training
    handles = []
    for module in model.modules():
        handles.append(module.register_forward_pre_hook(pre_hook))
        handles.append(module.register_forward_hook(hook))
    inputs = [_tracked(a) for a in args]
    try:
        for p in params:
            p.requires_grad_(True)
        model.train(False)
        with enable_grad():
            output = model(*inputs)
    finally:
        for h in handles:
            h.remove()
        for p, flag in zip(params, flags):
            p.requires_grad_(flag)
        model.train(training)
    return _nodes(model, scopes, inputs, _tensors(output), owner, shapes)


def _tracked(arg):
    """A detached copy of a floating tensor that requires grad, so the graph starts at it."""
    from ..._tensor import Tensor

    if isinstance(arg, Tensor) and arg.dtype.is_floating_point:
        return arg.detach().requires_grad_(True)
    return arg


def _nodes(model, scopes, inputs, outputs, owner, shapes) -> list[GraphNode]:
    """Name every node reachable from the outputs; inputs first, then ops in creation order."""
    base = type(model).__name__
    param_names = {}
    for path, p in model.named_parameters():
        module_path, _, attr = path.rpartition(".")
        scope = scopes[id(model.get_submodule(module_path))] if module_path else base
        param_names[id(p)] = (f"{scope}/{attr}", p)
    result: list[GraphNode] = []
    names: dict[int, str] = {}  # id(node) -> node name
    for i, t in enumerate(_tensors(inputs), 1):
        name = f"input/input.{i}"
        result.append(GraphNode(name, "IO Node", shape=tuple(t.shape)))
        acc = accumulate_grad_node(t) if t.requires_grad else None
        if acc is not None:
            names[id(acc)] = name
    found = list(walk(*[t.grad_fn for t in outputs if t.grad_fn is not None]))
    leaves = [n for n in found if is_accumulate_grad(n)]
    ops = sorted((n for n in found if not is_accumulate_grad(n)), key=sequence_nr)
    order = {id(p): k for k, (_, p) in enumerate(param_names.values())}
    for k, leaf in enumerate(sorted(leaves, key=lambda n: order.get(id(n.variable), len(order)))):
        if id(leaf) in names:
            continue
        var = leaf.variable
        name, _ = param_names.get(id(var), (f"{base}/tensor.{k}", var))
        names[id(leaf)] = name
        result.append(
            GraphNode(
                name, "Parameter" if id(var) in param_names else "Tensor", shape=tuple(var.shape)
            )
        )
    counter = 0
    for node in ops:
        counter += 1
        op = _BACKWARD.sub("", node.name()) or node.name()
        scope = owner.get(id(node), base)
        names[id(node)] = f"{scope}/{op}.{counter}"
    for node in ops:
        inputs_ = [_ref(names, n, nr) for n, nr in node.next_functions if n is not None]
        result.append(
            GraphNode(
                names[id(node)],
                _BACKWARD.sub("", node.name()) or node.name(),
                [i for i in inputs_ if i],
                shapes.get((id(node), 0)),
                f"{{grad_fn: {node.name()}}}",
            )
        )
    for i, t in enumerate(outputs, 1):
        source = _ref(names, t.grad_fn, t.output_nr) if t.grad_fn is not None else None
        result.append(
            GraphNode(f"output/output.{i}", "IO Node", [source] if source else [], tuple(t.shape))
        )
    return result


def _ref(names: dict, node, output_nr: int) -> str | None:
    """How a GraphDef input names output `output_nr` of a node (`name` or `name:1`)."""
    name = names.get(id(node))
    if name is None:
        return None
    return name if output_nr == 0 else f"{name}:{output_nr}"
