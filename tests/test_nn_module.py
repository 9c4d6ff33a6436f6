"""nn.Parameter, nn.Module registration, state_dict, hooks, conversions and container reprs.

Expected texts and values were observed on PyTorch 2.13 (same code with `import torch`).
Layers come from another file, so the tests build small Module subclasses of their own.
"""

from collections import OrderedDict

import pytest

import autograd_nb as torch
from autograd_nb import nn


class Identity(nn.Module):
    def forward(self, x):
        return x


class Tanh(Identity):
    pass


class ReLU(Identity):
    pass


class Scale(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.n = n
        self.w = nn.Parameter(torch.ones(n))
        self.register_buffer("count", torch.zeros(1))
        self.register_buffer("tmp", torch.zeros(1), persistent=False)

    def forward(self, x):
        return x * self.w

    def extra_repr(self):
        return f"n={self.n}"


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Scale(2)
        self.seq = nn.Sequential(OrderedDict(s1=Scale(2), act=Identity()))
        self.blocks = nn.ModuleList([Scale(2), Scale(2), Scale(3)])
        self.pd = nn.ParameterDict({"b": torch.zeros(2), "a": torch.ones(2, 3)})

    def forward(self, x):
        return self.seq(self.a(x))


class Mul(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.tensor([2.0, 3.0]))
        self.register_buffer("steps", torch.tensor(0))

    def forward(self, x, y):
        return x * self.w * y, x + y


# --- Parameter ---------------------------------------------------------------------------------
def test_parameter_shares_storage_and_version_and_prints():
    t = torch.ones(2)
    p = nn.Parameter(t)
    t.add_(1)
    assert repr(p) == "Parameter containing:\ntensor([2., 2.], requires_grad=True)"
    assert p._version == t._version == 1
    assert isinstance(p, torch.Tensor) and p.is_leaf and p.requires_grad
    for out in (p * 2, p.detach(), p.data, p.clone()):
        assert type(out) is torch.Tensor  # operations on a Parameter give plain Tensors
    assert repr(nn.Parameter()) == "Parameter containing:\ntensor([], requires_grad=True)"
    assert (
        repr(nn.Parameter(torch.ones(2), requires_grad=False))
        == "Parameter containing:\ntensor([1., 1.])"
    )
    assert repr(nn.Parameter(torch.ones(2, dtype=torch.float64))) == (
        "Parameter containing:\ntensor([1., 1.], dtype=torch.float64, requires_grad=True)"
    )
    assert torch.typename(p) == p.type() == "torch.FloatTensor"


def test_parameter_of_non_leaf_is_a_new_leaf_and_int_needs_no_grad():
    q = nn.Parameter(torch.ones(2, requires_grad=True) * 2)
    assert q.is_leaf and q.requires_grad and q.grad_fn is None
    with pytest.raises(
        RuntimeError,
        match="^Only Tensors of floating point and complex dtype can require gradients$",
    ):
        nn.Parameter(torch.arange(3))
    assert (
        repr(nn.Parameter(torch.arange(3), requires_grad=False))
        == "Parameter containing:\ntensor([0, 1, 2])"
    )


def test_buffer_marker():
    b = nn.Buffer(torch.ones(2))
    assert type(b) is torch.Tensor and isinstance(b, nn.Buffer) and b.persistent
    assert not isinstance(torch.ones(1), nn.Buffer)
    m = nn.Module()
    m.buf = nn.Buffer(torch.ones(2), persistent=False)
    assert list(m._buffers) == ["buf"] and m._non_persistent_buffers_set == {"buf"}
    assert list(m.state_dict()) == []


# --- lesson 001: Parameter vs buffer -------------------------------------------------------------
def test_001_parameter_vs_buffer():
    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.param = nn.Parameter(torch.randn(3, 3))  # trained: in parameters()
            self.register_buffer("buf", torch.randn(2, 3))  # state only: not in parameters()
            self.plain = torch.zeros(1)  # a plain tensor attribute: neither

    model = Model()
    assert [n for n, _ in model.named_parameters()] == ["param"]
    assert [n for n, _ in model.named_buffers()] == ["buf"]
    assert list(model.state_dict()) == ["param", "buf"]  # both are saved, the plain one is not
    assert model.param.requires_grad and not model.buf.requires_grad


def test_001_parameter_requires_grad_by_default_and_accumulates():
    # the author's Variable example with m an nn.Parameter: m.grad is [4., 27.]
    m = nn.Parameter(torch.FloatTensor([2, 3]))
    n = torch.zeros(1, 2)
    n[0, 0] = m[0] ** 2
    n[0, 1] = m[1] ** 3
    n.backward(torch.ones_like(n))
    assert repr(m.grad) == "tensor([ 4., 27.])"
    x = nn.Parameter(torch.Tensor([2]))
    y = x * 2 + x**2 + 3
    y.backward()
    assert repr(x.grad) == "tensor([6.])"  # the author's x.grad # 6


def test_001_net_parameters_and_manual_update():
    class Net1(nn.Module):
        def __init__(self, a, b):
            super().__init__()
            self.w = nn.Parameter(torch.tensor([a, b]))

        def forward(self):
            return (self.w**2).sum()

    net = Net1(1.0, 2.0)
    net.train()
    net().backward()
    with torch.no_grad():
        for p in net.parameters():
            p -= 0.1 * p.grad  # what optimizer.step() does for SGD
    assert repr(net.w) == "Parameter containing:\ntensor([0.8000, 1.6000], requires_grad=True)"


# --- registration and its errors ------------------------------------------------------------------
def test_nested_names_and_repr():
    net = Net()
    assert repr(net) == (
        "Net(\n  (a): Scale(n=2)\n  (seq): Sequential(\n    (s1): Scale(n=2)\n"
        "    (act): Identity()\n  )\n  (blocks): ModuleList(\n    (0-1): 2 x Scale(n=2)\n"
        "    (2): Scale(n=3)\n  )\n  (pd): ParameterDict(\n"
        "      (a): Parameter containing: [torch.FloatTensor of size 2x3]\n"
        "      (b): Parameter containing: [torch.FloatTensor of size 2]\n  )\n)"
    )
    assert list(net.state_dict()) == [
        "a.w",
        "a.count",
        "seq.s1.w",
        "seq.s1.count",
        "blocks.0.w",
        "blocks.0.count",
        "blocks.1.w",
        "blocks.1.count",
        "blocks.2.w",
        "blocks.2.count",
        "pd.a",
        "pd.b",
    ]
    assert [n for n, _ in net.named_parameters()] == [
        "a.w",
        "seq.s1.w",
        "blocks.0.w",
        "blocks.1.w",
        "blocks.2.w",
        "pd.a",
        "pd.b",
    ]
    assert [n for n, _ in net.named_buffers()] == [
        "a.count",
        "a.tmp",
        "seq.s1.count",
        "seq.s1.tmp",
        "blocks.0.count",
        "blocks.0.tmp",
        "blocks.1.count",
        "blocks.1.tmp",
        "blocks.2.count",
        "blocks.2.tmp",
    ]
    assert [n for n, _ in net.named_modules()] == [
        "",
        "a",
        "seq",
        "seq.s1",
        "seq.act",
        "blocks",
        "blocks.0",
        "blocks.1",
        "blocks.2",
        "pd",
    ]
    assert [n for n, _ in net.named_children()] == ["a", "seq", "blocks", "pd"]
    assert [n for n, _ in net.named_parameters(prefix="m", recurse=False)] == []
    assert [n for n, _ in net.a.named_parameters(prefix="m")] == ["m.w"]
    assert net.get_submodule("seq.s1") is net.seq.s1
    assert net.get_parameter("blocks.2.w") is net.blocks[2].w
    assert net.get_buffer("a.count") is net.a.count


def _error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the test compares type and text
        return type(e).__name__, str(e)
    return None


def test_registration_error_texts():
    m = nn.Module()
    m.q = None
    assert _error(lambda: m.register_parameter("q", None)) == (
        "KeyError",
        "\"attribute 'q' already exists\"",
    )
    assert _error(lambda: m.register_buffer("a.b", torch.ones(1))) == (
        "KeyError",
        "'buffer name can\\'t contain \".\"'",
    )
    assert _error(lambda: m.register_buffer("", torch.ones(1))) == (
        "KeyError",
        "'buffer name can\\'t be empty string \"\"'",
    )
    assert _error(lambda: m.register_buffer("x", 3)) == (
        "TypeError",
        "cannot assign 'int' object to buffer 'x' (torch Tensor or None required)",
    )
    assert _error(lambda: m.register_buffer("training", torch.ones(1))) == (
        "KeyError",
        "\"attribute 'training' already exists\"",
    )
    assert _error(lambda: m.register_parameter("x", torch.ones(1))) == (
        "TypeError",
        "cannot assign 'torch.FloatTensor' object to parameter 'x' "
        "(torch.nn.Parameter or None required)",
    )
    assert _error(lambda: m.add_module("z", 3)) == ("TypeError", "int is not a Module subclass")
    assert _error(lambda: m.add_module("a.b", nn.Module())) == (
        "KeyError",
        "'module name can\\'t contain \".\", got: a.b'",
    )
    assert _error(lambda: m.nothing) == (
        "AttributeError",
        "'Module' object has no attribute 'nothing'",
    )
    assert _error(lambda: m(1)) == (
        "NotImplementedError",
        'Module [Module] is missing the required "forward" function',
    )
    assert _error(lambda: m.train(1)) == ("ValueError", "training mode is expected to be boolean")
    assert _error(lambda: nn.Module(3)) == (
        "TypeError",
        "Module.__init__() takes 1 positional argument but 2 were given",
    )
    assert _error(lambda: nn.Sequential()[0]) == ("IndexError", "index 0 is out of range")
    assert _error(lambda: nn.ModuleList([nn.Module()])[5]) == (
        "IndexError",
        "index 5 is out of range",
    )
    m.register_buffer("b", torch.ones(1))
    assert _error(lambda: m.register_parameter("b", nn.Parameter(torch.ones(1)))) == (
        "KeyError",
        "\"attribute 'b' already exists\"",
    )
    m.b = None
    assert m._buffers == {"b": None}
    with pytest.raises(
        TypeError,
        match=r"^cannot assign 'int' as buffer 'b' \(torch\.nn\.Buffer, "
        r"torch\.Tensor or None expected\)$",
    ):
        m.b = 3
    assert (
        _error(lambda: m.register_parameter("y", nn.Parameter(torch.ones(1)) * 2))[0] == "TypeError"
    )  # the product is a plain Tensor, not a Parameter


def test_assignments_before_init_and_to_a_parameter_name():
    class Early(nn.Module):
        def __init__(self):
            self.p = nn.Parameter(torch.ones(1))

    class Early2(nn.Module):
        def __init__(self):
            self.register_buffer("b", torch.ones(1))

    assert _error(Early) == (
        "AttributeError",
        "cannot assign parameters before Module.__init__() call",
    )
    assert _error(Early2) == (
        "AttributeError",
        "cannot assign buffer before Module.__init__() call",
    )

    class N(nn.Module):
        def __init__(self):
            super().__init__()
            self.p = nn.Parameter(torch.ones(1))

    n = N()
    with pytest.raises(TypeError) as err:
        n.p = torch.ones(1)
    assert str(err.value) == (
        "cannot assign 'torch.FloatTensor' as parameter 'p' (torch.nn.Parameter or None expected)"
    )
    n.p = None
    assert n._parameters == {"p": None} and list(n.parameters()) == [] and not n.state_dict()
    n.c = nn.Module()
    with pytest.raises(
        TypeError,
        match=r"^cannot assign 'int' as child module 'c' "
        r"\(torch\.nn\.Module or None expected\)$",
    ):
        n.c = 5
    del n.c
    assert "c" not in n._modules and not hasattr(n, "c")
    assert [k for k in dir(Mul()) if k in ("w", "steps", "forward")] == ["forward", "steps", "w"]


def test_shared_parameters_are_listed_once():
    class Tied(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Parameter(torch.ones(1))
            self.b = self.a

    t = Tied()
    assert [k for k, _ in t.named_parameters()] == ["a"]
    assert [k for k, _ in t.named_parameters(remove_duplicate=False)] == ["a", "b"]
    assert list(t.state_dict()) == ["a", "b"]


# --- state_dict / load_state_dict ---------------------------------------------------------------
def test_load_state_dict_errors_and_results():
    net = Net()
    sd = net.state_dict()
    del sd["a.w"]
    sd["extra"] = torch.zeros(1)
    sd["seq.s1.w"] = torch.zeros(3)
    with pytest.raises(RuntimeError) as err:
        net.load_state_dict(sd)
    assert str(err.value) == (
        'Error(s) in loading state_dict for Net:\n\tMissing key(s) in state_dict: "a.w". \n'
        '\tUnexpected key(s) in state_dict: "extra". \n\tsize mismatch for seq.s1.w: copying a '
        "param with shape torch.Size([3]) from checkpoint, the shape in current model is "
        "torch.Size([2])."
    )
    r = net.load_state_dict({"a.w": torch.zeros(2), "junk.x": torch.ones(1)}, strict=False)
    assert repr(r) == (
        "_IncompatibleKeys(missing_keys=['a.count', 'seq.s1.w', 'seq.s1.count', 'blocks.0.w', "
        "'blocks.0.count', 'blocks.1.w', 'blocks.1.count', 'blocks.2.w', 'blocks.2.count', "
        "'pd.a', 'pd.b'], unexpected_keys=['junk.x'])"
    )
    assert repr(net.load_state_dict(net.state_dict())) == "<All keys matched successfully>"


def test_state_dict_detaches_shares_storage_and_load_copies_in_place():
    m = Mul()
    w = m.w
    v0 = w._version
    result = m.load_state_dict({"w": torch.tensor([5.0, 6.0]), "steps": torch.tensor(7)})
    assert repr(result) == "<All keys matched successfully>"
    assert m.w is w and w._version - v0 == 1  # copied in place under no_grad: one version bump
    assert repr(m.w) == "Parameter containing:\ntensor([5., 6.], requires_grad=True)"
    assert repr(m.steps) == "tensor(7)"
    m.load_state_dict({"w": torch.tensor([1.0, 1.0]), "steps": torch.tensor(0)}, assign=True)
    assert m.w is not w and type(m.w) is nn.Parameter and m.w.requires_grad
    sd = m.state_dict()
    assert not sd["w"].requires_grad and sd["w"]._version == 0
    sd["w"].add_(1)  # the state_dict shares storage with the parameter
    assert repr(m.w) == "Parameter containing:\ntensor([2., 2.], requires_grad=True)"
    assert m.state_dict(keep_vars=True)["w"] is m.w
    assert list(m.state_dict(prefix="model.")) == ["model.w", "model.steps"]
    assert dict(m.state_dict()._metadata) == {"": {"version": 1}}


# --- hooks ------------------------------------------------------------------------------------
def test_forward_and_full_backward_hooks():
    m = Mul()
    log = []
    h1 = m.register_forward_pre_hook(lambda mod, args: (args[0] * 10, args[1]))
    h2 = m.register_forward_hook(lambda mod, args, out: (out[0] + 1, out[1]))
    h3 = m.register_full_backward_hook(lambda mod, gi, go: log.append((gi, go)))
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = torch.tensor([3.0, 4.0])
    a, b = m(x, y)
    assert repr(a) == "tensor([ 61., 241.], grad_fn=<BackwardHookFunctionBackward>)"
    assert repr(b) == "tensor([13., 24.], grad_fn=<BackwardHookFunctionBackward>)"
    (a.sum() + 2 * b.sum()).backward()
    assert repr(log) == (
        "[((tensor([ 8., 14.]), tensor([0., 0.])), (tensor([1., 1.]), tensor([2., 2.])))]"
    )
    assert repr(x.grad) == "tensor([ 80., 140.])" and repr(m.w.grad) == "tensor([30., 80.])"
    h3.remove()
    h4 = m.register_full_backward_hook(lambda mod, gi, go: (gi[0] * 0, None))
    x.grad = None
    a, b = m(x, y)
    a.sum().backward()
    assert repr(x.grad) == "tensor([0., 0.])"  # the hook replaced grad_input
    for h in (h1, h2, h4):
        h.remove()
    assert not m._forward_hooks and not m._forward_pre_hooks and not m._backward_hooks


def test_full_backward_hook_without_input_grads_fires_on_outputs():
    m = Mul()
    log = []
    m.register_full_backward_hook(lambda mod, gi, go: log.append((gi, go)))
    a, b = m(torch.ones(2), torch.ones(2))
    with pytest.warns(
        UserWarning,
        match="^Full backward hook is firing when gradients are "
        "computed with respect to module outputs",
    ):
        a.sum().backward()
    assert repr(log) == "[((None, None), (tensor([1., 1.]), None))]"


def test_full_backward_pre_hook_sees_and_replaces_grad_output():
    # Values and order as PyTorch 2.13 gives them for this Linear.
    m = nn.Linear(2, 1)
    with torch.no_grad():
        m.weight.copy_(torch.tensor([[1.0, 2.0]]))
        m.bias.fill_(0.5)
    log = []
    m.register_full_backward_pre_hook(
        lambda mod, go: log.append(("pre", mod is m, [g.tolist() for g in go]))
    )
    scale = m.register_full_backward_pre_hook(lambda mod, go: (go[0] * 10,))
    full = m.register_full_backward_hook(
        lambda mod, gi, go: log.append(("full", gi[0].tolist(), go[0].tolist()))
    )
    first = m.register_full_backward_pre_hook(lambda mod, go: log.append(("first",)), prepend=True)
    x = torch.tensor([[1.0, 1.0]], requires_grad=True)
    y = m(x)
    assert y.grad_fn.name() == "BackwardHookFunctionBackward"
    y.sum().backward()
    assert log == [
        ("first",),
        ("pre", True, [[[1.0]]]),
        ("full", [[10.0, 20.0]], [[10.0]]),
    ]  # full hooks get the replacement
    assert x.grad.tolist() == [[10.0, 20.0]] and m.weight.grad.tolist() == [[10.0, 10.0]]
    for handle in (scale, full, first):
        handle.remove()
    m.register_full_backward_pre_hook(lambda mod, go: (go[0], go[0]))
    with pytest.raises(RuntimeError) as err:
        m(x).sum().backward()
    assert str(err.value) == (
        "Backward pre hook returned an invalid number of grad_output, got 2, but expected 1"
    )


def test_full_backward_pre_hook_without_input_grads():
    m = nn.Linear(2, 1)
    seen = []
    m.register_full_backward_pre_hook(lambda mod, go: seen.append(tuple(go[0].shape)))
    with pytest.warns(
        UserWarning,
        match="^Full backward hook is firing when gradients are "
        "computed with respect to module outputs",
    ):
        m(torch.ones(1, 2)).sum().backward()  # PyTorch warns here too
    assert seen == [(1, 1)] and m.weight.grad.tolist() == [[1.0, 1.0]]


def test_hook_with_kwargs_and_prepend():
    m = Scale(2)
    calls = []
    m.register_forward_pre_hook(lambda mod, args: calls.append("first"))
    m.register_forward_pre_hook(lambda mod, args: calls.append("prepended"), prepend=True)
    m.register_forward_hook(lambda mod, args, kwargs, out: out * 2, with_kwargs=True)
    with m.register_forward_hook(lambda mod, args, out: out + 1):
        assert m(torch.ones(2)).tolist() == [3.0, 3.0]
    assert m(torch.ones(2)).tolist() == [2.0, 2.0]
    assert calls == ["prepended", "first", "prepended", "first"]


# --- gradients, modes, conversions ---------------------------------------------------------------
def test_zero_grad_train_eval_requires_grad():
    m = Mul()
    m(torch.ones(2), torch.ones(2))[0].sum().backward()
    g = m.w.grad
    m.zero_grad(set_to_none=False)
    assert m.w.grad is g and repr(m.w.grad) == "tensor([0., 0.])"
    m.zero_grad()
    assert m.w.grad is None
    net = Net()
    assert net.eval() is net and not any(mod.training for mod in net.modules())
    assert all(mod.training for mod in net.train().modules())
    net.requires_grad_(False)
    assert not any(p.requires_grad for p in net.parameters())


def test_conversions_keep_parameter_identity(device):
    m = Mul()
    w = m.w
    m.w.grad = torch.ones(2)
    m.double()
    assert m.w is w and m.w.dtype is torch.float64 and m.w.grad.dtype is torch.float64
    assert m.steps.dtype is torch.int64  # integer buffers keep their dtype
    assert type(m.w) is nn.Parameter and m.w.requires_grad and m.w.is_leaf
    m.to(torch.float32)
    assert m.w is w and m.w.dtype is torch.float32
    m.to(device)
    assert m.w is w and m.w.device.type == device and m.steps.device.type == device
    assert m(torch.ones(2, device=device), torch.ones(2, device=device))[0].tolist() == [2.0, 3.0]
    m.cpu()
    assert m.w.device.type == "cpu"
    with pytest.raises(
        TypeError,
        match=r"^nn\.Module\.to only accepts floating point or complex "
        r"dtypes, but got desired dtype=torch\.int64$",
    ):
        m.to(torch.int64)


def test_apply_visits_children_first():
    net = nn.Sequential(Identity(), nn.Sequential(Tanh()))
    seen = []
    assert net.apply(lambda mod: seen.append(type(mod).__name__)) is net
    assert seen == ["Identity", "Tanh", "Sequential", "Sequential"]


# --- containers ---------------------------------------------------------------------------------
def test_sequential_operations_and_reprs():
    s = nn.Sequential(Identity(), Tanh(), ReLU())
    assert repr(s[-1]) == "ReLU()" and len(s) == 3
    assert repr(s[1:]) == "Sequential(\n  (1): Tanh()\n  (2): ReLU()\n)"
    s.append(Identity())
    del s[0]
    assert repr(s) == "Sequential(\n  (0): Tanh()\n  (1): ReLU()\n  (2): Identity()\n)"
    assert repr(s.pop(0)) == "Tanh()"
    assert repr(s * 2) == (
        "Sequential(\n  (0): ReLU()\n  (1): Identity()\n  (2): ReLU()\n  (3): Identity()\n)"
    )
    assert (
        repr(nn.Sequential(Identity()) + nn.Sequential(Tanh()))
        == "Sequential(\n  (0): Identity()\n  (1): Tanh()\n)"
    )
    assert nn.Sequential(Scale(2), Scale(2))(torch.full((2,), 3.0)).tolist() == [3.0, 3.0]


def test_module_list_dict_parameter_list_reprs():
    ml = nn.ModuleList([Identity()])
    ml.insert(0, Tanh())
    ml.extend([ReLU()])
    assert repr(ml) == "ModuleList(\n  (0): Tanh()\n  (1): Identity()\n  (2): ReLU()\n)"
    assert repr(ml[:2]) == "ModuleList(\n  (0): Tanh()\n  (1): Identity()\n)"
    assert repr(nn.ModuleList()) == "ModuleList()"
    md = nn.ModuleDict([("x", Tanh())])
    md["y"] = ReLU()
    assert list(md.keys()) == ["x", "y"] and "x" in md and repr(md.pop("x")) == "Tanh()"
    assert repr(md) == "ModuleDict(\n  (y): ReLU()\n)"
    assert (
        repr(nn.ModuleDict({"b": Identity(), "a": ReLU()}))
        == "ModuleDict(\n  (b): Identity()\n  (a): ReLU()\n)"
    )
    pl = nn.ParameterList([torch.ones(2, 3), nn.Parameter(torch.zeros(1, dtype=torch.float64))])
    assert repr(pl) == (
        "ParameterList(\n    (0): Parameter containing: [torch.float32 of size "
        "2x3]\n    (1): Parameter containing: [torch.float64 of size 1]\n)"
    )
    pl.append(torch.zeros(2))
    assert len(pl) == 3 and [k for k, _ in pl.named_parameters()] == ["0", "1", "2"]
    assert type(pl[2]) is nn.Parameter
    with pytest.raises(RuntimeError, match="^ParameterList should not be called.$"):
        pl()
