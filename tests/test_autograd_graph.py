"""torch.autograd.graph: walking a graph, gradient edges, version counts and saved values.

Expected names, orders and texts were printed by PyTorch 2.13 for the same code (the walk's
order by a breadth-first walk over PyTorch's own `next_functions`).
"""

from __future__ import annotations

# --- register_post_accumulate_grad_hook, on both backward engines ---------------------------------
import contextlib  # noqa: E402
import re
import warnings

import pytest

import autograd_nb as torch
from autograd_nb.autograd import (
    engine,  # noqa: E402
    graph,
)


def names(nodes) -> list[str]:
    return [n.name() for n in nodes]


def test_exported_as_torch_autograd_graph():
    assert torch.autograd.graph is graph
    assert graph.Node is torch.autograd.Node
    assert graph.GradientEdge._fields == ("node", "output_nr", "ownership_token")


def test_walk_is_breadth_first_in_discovery_order():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([3.0, 4.0], requires_grad=True)
    e = (a * b + a).sum()
    assert names(graph.walk(e)) == [
        "SumBackward0",
        "AddBackward0",
        "MulBackward0",
        "torch::autograd::AccumulateGrad",
        "torch::autograd::AccumulateGrad",
    ]
    x = torch.tensor([0.5, 1.5], requires_grad=True)
    u, v = x.unbind()
    w = (u * v).exp() + u.sin()
    assert names(graph.walk(w)) == [
        "AddBackward0",
        "ExpBackward0",
        "SinBackward0",
        "MulBackward0",
        "UnbindBackward0",
        "torch::autograd::AccumulateGrad",
    ]


def test_walk_visits_each_node_once_from_several_roots_of_any_kind():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    y = a * 2
    z = y.exp()
    nodes = list(graph.walk(z, y.grad_fn, graph.get_gradient_edge(z)))
    assert names(nodes) == ["ExpBackward0", "MulBackward0", "torch::autograd::AccumulateGrad"]
    assert nodes[2].variable is a
    assert list(graph.walk(torch.ones(2))) == []  # no graph behind it
    assert list(graph.walk(torch.ones(2, requires_grad=True))) == []  # no graph holds its node
    with pytest.raises(TypeError, match="walk\\(\\) expects tensors, nodes or GradientEdges"):
        list(graph.walk([a]))


def test_walk_skip_stops_the_walk_at_a_node():
    a = torch.tensor([1.0], requires_grad=True)
    mid = a.exp()
    out = mid.sin().cos()
    assert names(graph.walk(out, skip=lambda n: n is mid.grad_fn)) == [
        "CosBackward0",
        "SinBackward0",
    ]
    assert names(graph.walk(out, skip=graph.is_accumulate_grad)) == [
        "CosBackward0",
        "SinBackward0",
        "ExpBackward0",
    ]


def test_walk_needs_no_recursion_on_a_long_chain():
    x = torch.tensor([1.0], requires_grad=True)
    y = x
    for _ in range(20_000):
        y = y * 1.0
    nodes = list(graph.walk(y))
    assert len(nodes) == 20_001
    assert graph.is_accumulate_grad(nodes[-1])


def test_get_gradient_edge():
    a = torch.ones(2, requires_grad=True)
    b = a * 2
    edge = graph.get_gradient_edge(b)
    assert edge == (b.grad_fn, 0, None) and edge.node.name() == "MulBackward0"
    leaf_edge = graph.get_gradient_edge(a)
    assert leaf_edge.node.name() == "torch::autograd::AccumulateGrad"
    assert leaf_edge.node.variable is a and leaf_edge.output_nr == 0
    assert b.grad_fn.next_functions[0][0] is leaf_edge.node
    assert re.fullmatch(  # PyTorch's repr of the same edge
        r"GradientEdge\(node=<MulBackward0 object at 0x[0-9a-f]+>, output_nr=0, "
        r"ownership_token=None\)",
        repr(edge),
    )
    u, v = torch.ones(2, requires_grad=True).unbind()
    assert graph.get_gradient_edge(v) == (v.grad_fn, 1, None)
    with pytest.raises(RuntimeError) as info:
        graph.get_gradient_edge(torch.ones(1))
    assert str(info.value) == (
        "It is not possible to get the gradient edge for a Tensor that does not require gradients"
    )


def test_increment_version_counts_each_mention():
    x = torch.ones(2)
    graph.increment_version(x)
    assert x._version == 1
    graph.increment_version((x, x, x))
    assert x._version == 4  # PyTorch: one per mention
    view = x[0]
    graph.increment_version([view])
    assert x._version == 5  # a view shares its base's counter
    with torch.inference_mode():
        t = torch.ones(2)
    graph.increment_version(t)  # no counter: nothing to count, no error (as PyTorch)
    assert t.is_inference()


def test_version_reads_the_counter_and_none_for_inference_tensors():
    x = torch.ones(2)
    assert graph.version(x) == 0
    x.add_(1)
    x[0].mul_(2)
    assert graph.version(x) == x._version == 2
    with torch.inference_mode():
        t = torch.ones(2)
    assert graph.version(t) is None  # PyTorch's t._version raises: no counter to read
    with pytest.raises(RuntimeError, match="Inference tensors do not track version counter"):
        _ = t._version


def test_increment_version_makes_backward_see_a_stale_saved_tensor():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    w = torch.tensor([3.0, 4.0])
    y = (a * w).sum()
    graph.increment_version(w)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.backward()


def test_saved_values_names_versions_and_freeing():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([3.0, 4.0])
    c = a * b
    saved = graph.saved_values(c.grad_fn)
    assert [s.name for s in saved] == ["self", "other"]  # PyTorch: _saved_self, _saved_other
    # b needs no gradient, so a is not kept (PyTorch's _saved_self is None here too)
    assert saved[0].value is None and saved[1].value is b
    assert [(s.version, s.current_version, s.freed) for s in saved] == [
        (None, None, False),
        (0, 0, False),
    ]
    b.add_(1)
    stale = graph.saved_values(c.grad_fn)[1]
    assert (stale.version, stale.current_version, stale.modified) == (0, 1, True)
    d = (a * 3).exp()
    (result,) = graph.saved_values(d.grad_fn)
    assert result.name == "result" and result.is_output and not result.freed
    assert torch.equal(result.value, d) and result.value.grad_fn is d.grad_fn
    d.sum().backward()
    (freed,) = graph.saved_values(d.grad_fn)
    assert (freed.name, freed.value, freed.freed) == ("result", None, True)


def test_saved_attributes_freed_and_missing_as_pytorch():
    # PyTorch 2.13: tensor(1) tensor(1); then RuntimeError "Trying to backward through the graph
    # a second time ..."; AttributeError "'MaxBackward0' object has no attribute 'foo'";
    # tensor(2) None
    x = torch.tensor([1.0, 3.0, 2.0], requires_grad=True)
    v = x.max(dim=0)
    assert torch.equal(v.values.grad_fn._saved_indices, torch.tensor(1))
    v.values.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        _ = v.values.grad_fn._saved_indices
    with pytest.raises(AttributeError) as error:
        _ = v.values.grad_fn.foo
    assert str(error.value) == "'MaxBackward0' object has no attribute 'foo'"
    y = x * 2
    assert torch.equal(y.grad_fn._saved_other, torch.tensor(2)) and y.grad_fn._saved_self is None


def test_no_node_class_hooks_attribute_lookup():
    # A `__getattr__` on a node class makes CPython 3.11+ take the slow, unspecialized path for
    # every attribute the engine reads on every node: saved values are properties instead.
    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    import autograd_nb.nn  # noqa: F401  (its ops' node classes too)

    hooked = [c.__name__ for c in subclasses(torch.autograd.graph.Node) if "__getattr__" in vars(c)]
    assert hooked == []


def test_sequence_nr_num_outputs_and_hooks():
    x = torch.tensor([0.5, 1.5], requires_grad=True)
    c = x * 2
    d = c + 1
    e = d.sum()
    assert graph.sequence_nr(c.grad_fn) < graph.sequence_nr(d.grad_fn)
    assert graph.sequence_nr(d.grad_fn) < graph.sequence_nr(e.grad_fn)
    u, _ = x.unbind()
    assert graph.num_outputs(u.grad_fn) == 2 and graph.num_outputs(c.grad_fn) == 1
    assert not graph.has_hooks(d) and not graph.has_hooks(d.grad_fn)
    d.register_hook(lambda g: g)
    assert graph.has_hooks(d) and graph.has_hooks(d.grad_fn) and not graph.has_hooks(c)
    assert not graph.has_hooks(x)
    x.register_hook(lambda g: g)
    assert graph.has_hooks(x)
    e.grad_fn.register_prehook(lambda g: g)
    assert graph.has_hooks(e.grad_fn)


def test_accumulate_grad_node_and_current_grad():
    a = torch.ones(2, requires_grad=True)
    assert graph.accumulate_grad_node(a) is None  # no graph holds one: none is made
    y = a * 2
    assert graph.accumulate_grad_node(a) is y.grad_fn.next_functions[0][0]
    assert graph.accumulate_grad_node(y) is None  # not a leaf
    y.retain_grad()
    z = y * 3
    z.sum().backward()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # `.grad` of a non-leaf would warn; this does not
        assert graph.current_grad(z) is None
        assert torch.equal(graph.current_grad(y), torch.full((2,), 3.0))
        assert torch.equal(graph.current_grad(a), torch.full((2,), 6.0))


# --- cauchy_, log_normal_, geometric_, poisson on PyTorch's CPU stream; apply_/map_; register_post_accumulate_grad_hook: recorded from PyTorch 2.13 ---
ENGINES = {"fast": contextlib.nullcontext, "reference": engine.use_reference_only}


@pytest.fixture(params=sorted(ENGINES))
def backward_engine_in_use(request):
    with ENGINES[request.param]():
        yield request.param


def test_post_accumulate_hook_sees_the_accumulated_grad(backward_engine_in_use):
    x = torch.ones(2, requires_grad=True)
    seen = []
    handle = x.register_post_accumulate_grad_hook(lambda t: seen.append((t is x, t.grad.tolist())))
    (x * 2).sum().backward()
    (x * 3).sum().backward()
    assert seen == [(True, [2.0, 2.0]), (True, [5.0, 5.0])]  # PyTorch's: after each accumulation
    handle.remove()
    (x * 3).sum().backward()
    assert len(seen) == 2 and x.grad.tolist() == [8.0, 8.0]


def test_post_accumulate_hook_may_change_grad_in_place_and_runs_after_tensor_hooks(
    backward_engine_in_use,
):
    x = torch.ones(2, requires_grad=True)
    order = []

    def scale(t):
        order.append("post")
        t.grad.mul_(10)

    x.register_post_accumulate_grad_hook(scale)
    x.register_hook(lambda g: order.append("tensor hook"))
    (x * 2).sum().backward()
    assert order == ["tensor hook", "post"] and x.grad.tolist() == [20.0, 20.0]


def test_post_accumulate_hook_is_skipped_by_autograd_grad(backward_engine_in_use):
    x = torch.ones(2, requires_grad=True)
    seen = []
    x.register_post_accumulate_grad_hook(seen.append)
    (grad,) = torch.autograd.grad((x * 2).sum(), x)
    assert grad.tolist() == [2.0, 2.0] and seen == [] and x.grad is None
    (x * 5).sum().backward(inputs=[x])
    assert seen == [x]


@pytest.mark.parametrize(
    ("result", "kind", "text"),
    [
        (5, TypeError, "expected Variable, but hook returned 'int'"),
        (torch.ones(2), RuntimeError, "Tensor post accumulate grad hooks should return None."),
    ],
)
def test_post_accumulate_hook_must_return_none(backward_engine_in_use, result, kind, text):
    x = torch.ones(2, requires_grad=True)
    x.register_post_accumulate_grad_hook(lambda t: result)
    with pytest.raises(kind) as info:
        (x * 5).sum().backward()
    assert str(info.value) == text


def test_post_accumulate_hook_only_on_leaves_that_require_grad():
    x = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        (x * 2).register_post_accumulate_grad_hook(lambda t: None)
    assert str(info.value) == "post accumulate grad hooks cannot be registered on non-leaf tensors"
    with pytest.raises(RuntimeError) as info:
        torch.ones(2).register_post_accumulate_grad_hook(lambda t: None)
    assert str(info.value) == "cannot register a hook on a tensor that doesn't require gradient"
