"""Lesson 004 (leaf tensors: is_leaf rules, non-leaf grads freed, retain_grad, hooks, detach).

Every code example of notebooks/seeds/004_b1ee09503b87e959.txt, run with
`import autograd_nb as torch`. The author describes the output instead of printing it; the
expected text is what PyTorch 2.13 prints for the same code.
"""

import re
import warnings

import pytest
from seed_fixtures import no_cuda, simulated_gpu  # noqa: F401 - fixtures

import autograd_nb as torch
from autograd_nb import _messages as msg

NEEDS_LATER: dict = {}  # every example now runs (nn and optim arrived with issue 4)


# --- 什么样节点会是叶子节点 ------------------------------------------------------------------------


def test_004_even_a_simple_op_makes_a_non_leaf(capsys):
    x = torch.tensor(2.0, requires_grad=True)
    y = x**2
    z = y + 1
    z.backward()
    print(x.grad)
    with pytest.warns(UserWarning) as caught:
        print(y.grad)
    print(x.is_leaf)
    print(y.is_leaf)
    print(x.grad_fn)
    print(y.grad_fn)
    lines = capsys.readouterr().out.splitlines()
    # PyTorch 2.13 prints this (and warns once, for y.grad)
    assert lines[:5] == ["tensor(4.)", "None", "True", "False", "None"]
    assert re.fullmatch(r"<PowBackward0 object at 0x[0-9a-f]+>", lines[5])
    assert len(lines) == 6
    assert [str(w.message) for w in caught] == [msg.NON_LEAF_GRAD_WARNING]


def test_004_non_leaf_grads_are_freed(capsys):
    a = torch.Tensor([1, 2]).requires_grad_()
    b = torch.Tensor([3, 4]).requires_grad_()
    d = torch.Tensor([2]).requires_grad_()
    c = a + b
    e = c * d
    o = e.sum()
    o.backward()
    print(a.grad)
    print(b.grad)
    with pytest.warns(UserWarning) as caught:
        print(c.grad)
    print(d.grad)
    with pytest.warns(UserWarning):
        print(e.grad)
    with pytest.warns(UserWarning):
        print(o.grad)
    assert capsys.readouterr().out == (
        "tensor([2., 2.])\ntensor([2., 2.])\nNone\ntensor([10.])\nNone\nNone\n"
    )
    assert str(caught[0].message) == msg.NON_LEAF_GRAD_WARNING


def test_004_requires_grad_false_is_a_leaf():
    a = torch.tensor([1.0, 2.0])
    b = a + 1  # depends on a numerically, but a is outside the graph
    assert a.is_leaf and b.is_leaf
    assert b.grad_fn is None and not b.requires_grad


@pytest.mark.usefixtures("simulated_gpu")
def test_004_is_leaf_rules_from_the_docs():
    # PyTorch's Tensor.is_leaf documentation, which the lesson paraphrases (with a GPU)
    a = torch.rand(10, requires_grad=True)
    assert a.is_leaf
    b = torch.rand(10, requires_grad=True).cuda()
    assert not b.is_leaf  # created by the op that cast a CPU tensor to CUDA
    assert b.grad_fn.name() == "ToCopyBackward0"
    c = torch.rand(10, requires_grad=True) + 2
    assert not c.is_leaf
    d = torch.rand(10).cuda()
    assert d.is_leaf
    e = torch.rand(10).cuda().requires_grad_()
    assert e.is_leaf
    f = torch.rand(10, requires_grad=True, device="cuda")
    assert f.is_leaf


@pytest.mark.usefixtures("no_cuda")
def test_004_is_leaf_rules_without_gpu():
    device = "cuda" if torch.cuda.is_available() else "cpu"
    assert device == "cpu"
    b = torch.rand(10, requires_grad=True).to(device)
    assert b.is_leaf  # to() onto the same device returns the tensor itself
    b = torch.rand(10, requires_grad=True).double()
    assert not b.is_leaf and b.grad_fn.name() == "ToCopyBackward0"
    e = torch.rand(10).to(device).requires_grad_()
    assert e.is_leaf


def test_004_network_layer_weights_are_leaves(capsys):
    # "例如各种网络层,nn.Linear(), nn.Conv2d()等": user-created, trained, so requires_grad=True leaves
    lin = torch.nn.Linear(3, 2)
    conv = torch.nn.Conv2d(1, 2, 3)
    for layer in (lin, conv):
        for name, p in layer.named_parameters():
            print(
                name,
                type(p).__name__,
                p.is_leaf,
                p.requires_grad,
                p.grad_fn,
                p.grad,
                tuple(p.shape),
            )
    out = lin(torch.ones(4, 3))
    feature_map = conv(torch.ones(1, 1, 5, 5))
    print(
        type(out.grad_fn).__name__,
        out.is_leaf,
        type(feature_map.grad_fn).__name__,
        feature_map.is_leaf,
    )
    (out.sum() + feature_map.sum()).backward()
    print(lin.weight.grad, lin.bias.grad, conv.bias.grad)
    # PyTorch 2.13 prints this
    assert capsys.readouterr().out == (
        "weight Parameter True True None None (2, 3)\n"
        "bias Parameter True True None None (2,)\n"
        "weight Parameter True True None None (2, 1, 3, 3)\n"
        "bias Parameter True True None None (2,)\n"
        "AddmmBackward0 False ConvolutionBackward0 False\n"
        "tensor([[4., 4., 4.],\n        [4., 4., 4.]]) tensor([4., 4.]) tensor([9., 9.])\n"
    )
    assert conv.weight.grad.tolist() == [[[[9.0] * 3] * 3]] * 2
    # the graph reaches the leaves through AccumulateGrad nodes (bias; input; weight.t())
    edges = [type(node).__name__ if node else None for node, _ in out.grad_fn.next_functions]
    assert edges == ["AccumulateGrad", None, "TBackward0"]
    assert out.grad_fn.next_functions[0][0].variable is lin.bias
    with pytest.warns(UserWarning):
        assert out.grad is None  # the non-leaf output's gradient was not kept


def test_004_optimizer_step_updates_leaf_data(capsys):
    # "在 optimizer.step()过程中会更新叶子节点的data属性值"
    lin = torch.nn.Linear(2, 1)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[0.5, -0.5]]))
        lin.bias.zero_()
    w = lin.weight
    data = w.data  # shares w's memory
    optimizer = torch.optim.SGD(lin.parameters(), lr=0.1)
    lin(torch.tensor([[1.0, 2.0]])).sum().backward()
    print(w.grad, w._version)
    optimizer.step()  # w -= lr * w.grad, in place under no_grad
    print(w is lin.weight, w.is_leaf, w.grad_fn, w._version)
    print(w)
    print(data)
    print(lin.bias)
    optimizer.zero_grad()
    print(w.grad)
    # PyTorch 2.13 prints this: the same leaf, its data updated in place (version 2 -> 3)
    assert capsys.readouterr().out == (
        "tensor([[1., 2.]]) 2\n"
        "True True None 3\n"
        "Parameter containing:\ntensor([[ 0.4000, -0.7000]], requires_grad=True)\n"
        "tensor([[ 0.4000, -0.7000]])\n"
        "Parameter containing:\ntensor([-0.1000], requires_grad=True)\n"
        "None\n"
    )


# --- 获得非叶节点的梯度 retain_grad() -----------------------------------------------------------------


def test_004_retain_grad(capsys):
    x = torch.arange(10, dtype=torch.float32, requires_grad=True).reshape(10, 1)
    w = torch.arange(10, dtype=torch.float32, requires_grad=True).reshape(1, 10)
    y = w @ x
    x.retain_grad()
    w.retain_grad()
    y.backward()
    print(x.is_leaf)
    print(w.is_leaf)
    print(x.grad)
    print(w.grad)
    column = ",\n        ".join(f"[{v}.]" for v in range(10))
    assert capsys.readouterr().out == (
        f"False\nFalse\ntensor([{column}])\ntensor([[0., 1., 2., 3., 4., 5., 6., 7., 8., 9.]])\n"
    )
    assert repr(y) == "tensor([[285.]], grad_fn=<MmBackward0>)"  # PyTorch 2.13
    assert x.retains_grad and w.retains_grad


def test_004_retain_grad_after_backward_is_too_late():
    x = torch.arange(10, dtype=torch.float32, requires_grad=True).reshape(10, 1)
    w = torch.arange(10, dtype=torch.float32, requires_grad=True).reshape(1, 10)
    y = w @ x
    y.backward()
    x.retain_grad()
    # PyTorch 2.13: no gradient, and no warning since x now retains grad
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert x.grad is None
    assert x.retains_grad


def test_004_retain_grad_on_leaf_and_on_constant():
    leaf = torch.tensor([1.0], requires_grad=True)
    leaf.retain_grad()  # a no-op on a leaf
    assert not leaf.retains_grad
    with pytest.raises(RuntimeError) as err:
        torch.tensor([1.0]).retain_grad()
    assert str(err.value) == "can't retain_grad on Tensor that has requires_grad=False"


# --- hooks -----------------------------------------------------------------------------------------


def test_004_hook_sees_non_leaf_gradient():
    a = torch.Tensor([1, 2]).requires_grad_()
    b = torch.Tensor([3, 4]).requires_grad_()
    d = torch.Tensor([2]).requires_grad_()
    c = a + b
    seen = []
    handle = c.register_hook(lambda grad: seen.append(grad))
    (c * d).sum().backward()
    assert repr(seen) == "[tensor([2., 2.])]"  # PyTorch 2.13
    assert repr(a.grad) == "tensor([2., 2.])"
    handle.remove()


def test_004_hook_can_replace_the_gradient():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 3
    y.register_hook(lambda grad: grad * 10)
    y.sum().backward()
    assert repr(x.grad) == "tensor([30., 30.])"
    with pytest.raises(RuntimeError) as err:
        torch.tensor([1.0]).register_hook(lambda g: g)
    assert str(err.value) == "cannot register a hook on a tensor that doesn't require gradient"


# --- detach()将节点剥离成叶子节点 ------------------------------------------------------------------------


def test_004_detach_makes_a_leaf():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    z = y.detach()
    assert not y.is_leaf and z.is_leaf
    assert z.grad_fn is None and not z.requires_grad
    assert repr(z) == "tensor([2., 4.])"
    z.requires_grad_()
    (z * z).sum().backward()
    assert repr(z.grad) == "tensor([4., 8.])"
    assert x.grad is None  # the graph was cut at detach()
