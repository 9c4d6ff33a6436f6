"""Failed calls change nothing: load_state_dict, optimizer steps and loads, running statistics,
overlapping in-place ops. Texts recorded from PyTorch 2.13 (which, unlike us, raises after
half-updating in the first three cases)."""

from __future__ import annotations

import copy
import re

import pytest

import autograd_nb as torch
from autograd_nb import nn


def _snapshot(module: nn.Module) -> dict:
    return {k: v.clone() for k, v in module.state_dict().items()}


def _unchanged(module: nn.Module, before: dict) -> bool:
    return all(torch.equal(before[k], v) for k, v in module.state_dict().items())


def _model_and_good_state():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(2, 3), nn.Linear(3, 1))
    good = {k: v.clone() + 1 for k, v in model.state_dict().items()}
    return model, good


@pytest.mark.parametrize(
    ("edit", "strict", "text"),
    [
        (
            {"1.weight": torch.zeros(2, 3)},
            True,
            "Error(s) in loading state_dict for Sequential:\n\tsize mismatch for 1.weight: "
            "copying a param with shape torch.Size([2, 3]) from checkpoint, the shape in "
            "current model is torch.Size([1, 3]).",
        ),
        (
            {"1.weight": torch.zeros(2, 3)},
            False,
            "Error(s) in loading state_dict for Sequential:\n\tsize mismatch for 1.weight: "
            "copying a param with shape torch.Size([2, 3]) from checkpoint, the shape in "
            "current model is torch.Size([1, 3]).",
        ),
        (
            {"1.bias": None},
            True,
            'Error(s) in loading state_dict for Sequential:\n\tMissing key(s) in state_dict: "1.bias". ',
        ),
        (
            {"1.foo": torch.zeros(1)},
            True,
            "Error(s) in loading state_dict for Sequential:\n\tUnexpected key(s) in state_dict: "
            '"1.foo". ',
        ),
        (
            {"1.bias": [1.0]},
            False,
            'Error(s) in loading state_dict for Sequential:\n\tWhile copying the parameter named "1.bias", '
            "expected torch.Tensor or Tensor-like object from checkpoint but received <class 'list'>",
        ),
    ],
)
def test_failed_load_state_dict_changes_nothing(edit, strict, text):
    model, good = _model_and_good_state()
    for key, value in edit.items():
        if value is None:
            del good[key]
        else:
            good[key] = value
    before = _snapshot(model)
    with pytest.raises(RuntimeError) as info:
        model.load_state_dict(good, strict=strict)
    assert str(info.value) == text
    assert _unchanged(model, before)


def test_non_strict_load_writes_the_matching_keys_and_reports_the_rest():
    model, good = _model_and_good_state()
    del good["1.bias"]
    good["x"] = torch.zeros(1)
    result = model.load_state_dict(good, strict=False)
    assert result.missing_keys == ["1.bias"] and result.unexpected_keys == ["x"]
    assert torch.equal(model[0].weight, good["0.weight"])


# --- optimizer.step: one cheap check of every gradient, then the update ---------------------------

OPTIMIZERS = [
    ("SGD", {"lr": 0.1, "momentum": 0.9}),
    ("Adam", {}),
    ("AdamW", {}),
    ("Adagrad", {}),
    ("RMSprop", {}),
    ("Adadelta", {}),
    ("Adamax", {}),
    ("NAdam", {}),
    ("RAdam", {}),
    ("ASGD", {}),
    ("Rprop", {}),
]
LERP_RULES = {"Adam", "AdamW", "Adamax", "NAdam", "RAdam"}


def _optimizer_after_one_step(name: str, kwargs: dict):
    a = torch.ones(3, requires_grad=True)
    b = torch.ones(3, requires_grad=True)
    opt = getattr(torch.optim, name)([{"params": [a]}, {"params": [b]}], **kwargs)
    a.grad, b.grad = torch.ones(3), torch.ones(3)
    opt.step()
    a.grad, b.grad = torch.ones(3), torch.ones(3)
    return opt, a, b


def _optimizer_snapshot(opt) -> list:
    def copy(value):
        return value.clone() if isinstance(value, torch.Tensor) else value

    params = [p.detach().clone() for g in opt.param_groups for p in g["params"]]
    state = [
        {k: copy(v) for k, v in opt.state[p].items()} for g in opt.param_groups for p in g["params"]
    ]
    return params + state


def _same(x, y) -> bool:
    if isinstance(x, torch.Tensor):
        return torch.equal(x, y)
    if isinstance(x, dict):
        return x.keys() == y.keys() and all(_same(x[k], y[k]) for k in x)
    return x == y


@pytest.mark.parametrize(("name", "kwargs"), OPTIMIZERS, ids=[o[0] for o in OPTIMIZERS])
@pytest.mark.parametrize(
    ("bad_grad", "text"),
    [
        (
            torch.ones(2),
            "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0",
        ),
        (torch.ones(2, 3), "output with shape [3] doesn't match the broadcast shape [2, 3]"),
        (torch.ones(3, dtype=torch.float64), "expected dtype float for `end` but got dtype double"),
    ],
    ids=["shape", "broadcast", "dtype"],
)
def test_a_step_with_one_bad_gradient_updates_nothing(name, kwargs, bad_grad, text):
    """PyTorch 2.13 raises these texts after updating the first group's parameter and state
    (its Rprop names the two sizes of the first the other way round)."""
    if name == "Rprop" and bad_grad.shape == (2,):
        text = "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"
    opt, a, b = _optimizer_after_one_step(name, kwargs)
    b.grad.data = bad_grad
    before = _optimizer_snapshot(opt)
    if bad_grad.dtype is torch.float64 and name not in LERP_RULES:
        opt.step()  # PyTorch's rule accepts a float64 gradient on a float32 parameter
        assert a.dtype is torch.float32 and not torch.equal(a, before[0])
        return
    with pytest.raises(RuntimeError) as info:
        opt.step()
    assert str(info.value) == text
    after = _optimizer_snapshot(opt)
    assert all(_same(x, y) for x, y in zip(before, after))


def test_a_gradient_that_would_broadcast_is_refused():
    """Deliberately unlike PyTorch, whose SGD moves every element by a (1,) gradient."""
    p = torch.ones(3, requires_grad=True)
    opt = torch.optim.SGD([p], lr=1.0)
    p.grad = torch.ones(3)
    p.grad.data = torch.ones(1)
    with pytest.raises(RuntimeError) as info:
        opt.step()
    assert str(info.value) == (
        "attempting to assign a gradient of size '[1]' to a tensor of size '[3]'. Please ensure "
        "that the gradient and the tensor are the same size"
    )
    assert torch.equal(p, torch.ones(3))


def test_lbfgs_checks_the_gradients_before_its_state_changes():
    p = torch.ones(3, requires_grad=True)
    opt = torch.optim.LBFGS([p])

    def closure():
        opt.zero_grad()
        loss = (p * p).sum()
        loss.backward()
        p.grad.data = torch.ones(2)
        return loss

    # PyTorch 2.13's text, raised there by the first update after its state changed
    with pytest.raises(RuntimeError, match=re.escape("shape '[3]' is invalid for input of size 2")):
        opt.step(closure)
    assert len(opt.state) == 0 and torch.equal(p, torch.ones(3))


@pytest.mark.parametrize(
    ("groups", "text"),
    [
        (
            "one",
            "loaded state dict contains a parameter group that doesn't match the size of "
            "optimizer's group",
        ),
        ("split", "loaded state dict has a different number of parameter groups"),
    ],
)
def test_a_failed_optimizer_load_changes_nothing(groups, text):
    a, b = torch.ones(3, requires_grad=True), torch.ones(2, requires_grad=True)
    source = torch.optim.Adam([a, b])
    a.grad, b.grad = torch.ones(3), torch.ones(2)
    source.step()
    opt = torch.optim.Adam([a] if groups == "one" else [{"params": [a]}, {"params": [b]}], lr=0.5)
    before = (repr(opt), _optimizer_snapshot(opt))
    with pytest.raises(ValueError) as info:
        opt.load_state_dict(source.state_dict())
    assert str(info.value) == text
    assert repr(opt) == before[0] and all(
        _same(x, y) for x, y in zip(before[1], _optimizer_snapshot(opt))
    )


# --- running statistics: a failing forward counts nothing -----------------------------------------


@pytest.mark.parametrize(
    ("make", "shape", "error", "text"),
    [
        (
            lambda: nn.BatchNorm1d(3),
            (1, 3),
            ValueError,
            "Expected more than 1 value per channel when training, got input size torch.Size([1, 3])",
        ),
        (
            lambda: nn.BatchNorm1d(3),
            (4, 5),
            RuntimeError,
            "running_mean should contain 5 elements not 3",
        ),
        (
            lambda: nn.BatchNorm1d(3, momentum=None),
            (4, 5),
            RuntimeError,
            "running_mean should contain 5 elements not 3",
        ),
        (
            lambda: nn.InstanceNorm1d(3, track_running_stats=True),
            (2, 3, 1),
            ValueError,
            "Expected more than 1 spatial element when training, got input size torch.Size([2, 3, 1])",
        ),
    ],
)
def test_a_failing_normalization_forward_leaves_the_running_state(make, shape, error, text):
    """PyTorch 2.13 raises these texts; its BatchNorm has then counted the batch already."""
    module = make()
    before = _snapshot(module)
    with pytest.raises(error) as info:
        module(torch.randn(*shape))
    assert str(info.value) == text
    assert _unchanged(module, before)


def test_batch_norm_counts_successful_batches():
    module = nn.BatchNorm1d(2, momentum=None)
    for batch in (torch.tensor([[0.0, 2.0], [2.0, 4.0]]), torch.tensor([[4.0, 6.0], [6.0, 8.0]])):
        module(batch)
    assert module.num_batches_tracked.item() == 2
    assert module.running_mean.tolist() == [3.0, 5.0]  # the cumulative average of the means


# --- partially overlapping in-place ops and out= ---------------------------------------------------

PARTIAL_OVERLAP = (
    "unsupported operation: some elements of the input tensor and the written-to tensor refer to "
    "a single memory location. Please clone() the tensor before performing the operation."
)


def _setitem(target, key, value):
    target[key] = value


REFUSED = {  # each refused by PyTorch 2.13 with PARTIAL_OVERLAP
    "add_": lambda x: x[1:].add_(x[:-1]),
    "+=": lambda x: x[1:].__iadd__(x[:-1]),
    "copy_": lambda x: x[1:].copy_(x[:-1]),
    "mul_": lambda x: x[1:].mul_(x[:-1]),
    "sub_ alpha": lambda x: x[1:].sub_(x[:-1], alpha=2),
    "add_ alpha": lambda x: x[1:].add_(x[:-1], alpha=2),
    "div_": lambda x: x[1:].div_(x[:-1]),
    "addcmul_": lambda x: x[1:].addcmul_(x[:-1], x[:-1]),
    "lerp_": lambda x: x[1:].lerp_(x[:-1], 0.5),
    "clamp_": lambda x: x[1:].clamp_(min=x[:-1]),
    "pow_": lambda x: x[1:].pow_(x[:-1]),
    "transposed": lambda x: x[:4].view(2, 2).t().add_(x[:4].view(2, 2)),
    "broadcast row": lambda x: x.view(2, 3).add_(x[:3]),
    "setitem": lambda x: _setitem(x, slice(1, None), x[:-1]),
    "index_copy_": lambda x: x[1:].index_copy_(0, torch.tensor([0, 1]), x[:2]),
    "add out=": lambda x: torch.add(x[:-1], 1, out=x[1:]),
    "mul out=": lambda x: torch.mul(x[:-1], x[1:], out=x[1:]),
    "neg out=": lambda x: torch.neg(x[:-1], out=x[1:]),
    "where out=": lambda x: torch.where(x[:-1] > 2, x[:-1], x[1:], out=x[1:]),
}


@pytest.mark.parametrize("op", REFUSED.values(), ids=REFUSED.keys())
def test_partially_overlapping_in_place_ops_are_refused(op):
    x = torch.arange(6.0)
    with pytest.raises(RuntimeError) as info:
        op(x)
    assert str(info.value) == PARTIAL_OVERLAP
    assert x.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0] and x._version == 0


def test_overlaps_pytorch_cannot_check_are_refused_too():
    """Deliberately unlike PyTorch, which computes these with whatever its loop order gives
    (y[:, 1:] + y[:, :-1] as [[1, 3], [7, 12], [13, 21]], matmul into its input as zeros)."""
    y = torch.arange(9.0).view(3, 3)
    with pytest.raises(RuntimeError, match="^unsupported operation: some elements"):
        y[:, 1:].add_(y[:, :-1])
    x = torch.arange(6.0)
    with pytest.raises(RuntimeError, match="^unsupported operation: some elements"):
        torch.matmul(x[:4].view(2, 2), x[1:5].view(2, 2), out=x[2:6].view(2, 2))


@pytest.mark.parametrize(
    ("op", "expected"),
    [
        (lambda x: x.add_(x), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]),
        (lambda x: x.view(2, 3).add_(x.view(2, 3)), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]),
        (lambda x: torch.add(x, 1, out=x), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
        (lambda x: x[:3].copy_(x[3:]), [3.0, 4.0, 5.0, 3.0, 4.0, 5.0]),
        (lambda x: x[::2].add_(x[1::2]), [1.0, 1.0, 5.0, 3.0, 9.0, 5.0]),
        (lambda x: x.copy_(x.flip(0)), [5.0, 4.0, 3.0, 2.0, 1.0, 0.0]),
    ],
    ids=["same tensor", "same elements", "out is input", "disjoint", "interleaved", "a copy"],
)
def test_full_or_no_overlap_is_allowed(op, expected):
    """Values from PyTorch 2.13."""
    x = torch.arange(6.0)
    op(x)
    assert x.tolist() == expected


def _lbfgs_closure(opt, p, bad, at):
    """A closure that goes wrong (`bad`) at its `at`-th call."""
    calls = [0]

    def closure():
        calls[0] += 1
        opt.zero_grad()
        loss = (p * p).sum()
        loss.backward()
        if calls[0] == at:
            if bad == "raise":
                raise KeyError("x")
            if bad == "grad size":
                p.grad.data = torch.ones(2)
            return {"none": None, "vector": p * 1, "string": "a"}.get(bad, loss)
        return loss

    return closure


# texts recorded from PyTorch 2.13, which raises them after moving p to [0.9167, -1.8333, 2.75]
LBFGS_BAD = {
    "none": (TypeError, "float() argument must be a string or a real number, not 'NoneType'"),
    "vector": (ValueError, "only one element tensors can be converted to Python scalars"),
    "string": (ValueError, "could not convert string to float: 'a'"),
    "raise": (KeyError, "'x'"),
    "grad size": (RuntimeError, "shape '[3]' is invalid for input of size 2"),  # ours, see README
}


@pytest.mark.parametrize("line_search", [None, "strong_wolfe"])
@pytest.mark.parametrize("bad", sorted(LBFGS_BAD))
def test_lbfgs_checks_every_evaluation_and_a_failed_step_changes_nothing(bad, line_search):
    p = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    opt = torch.optim.LBFGS([p], lr=0.5, max_iter=5, line_search_fn=line_search)
    opt.step(_lbfgs_closure(opt, p, None, 0))  # a first good step, so there is state to keep
    before, state = p.detach().clone(), _optimizer_snapshot(opt)[1]
    lists = {k: list(v) for k, v in opt.state[p].items() if isinstance(v, list)}
    error, text = LBFGS_BAD[bad]
    with pytest.raises(error) as caught:
        opt.step(_lbfgs_closure(opt, p, bad, 2))
    assert str(caught.value) == text
    assert torch.equal(p, before)
    after = opt.state[p]
    assert after.keys() == state.keys()
    assert all(_same(after[k], v) for k, v in state.items() if not isinstance(v, list))
    for key, values in lists.items():  # the lists are the same length and hold the same
        assert len(after[key]) == len(values)
        assert all(x is y for x, y in zip(after[key], values))


def test_lbfgs_after_a_failed_first_step_runs_as_a_fresh_one():
    p = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    opt = torch.optim.LBFGS([p], lr=0.5, max_iter=5)
    with pytest.raises(TypeError):
        opt.step(_lbfgs_closure(opt, p, "none", 3))
    assert len(opt.state) == 0 and p.tolist() == [1.0, -2.0, 3.0]
    loss = opt.step(_lbfgs_closure(opt, p, None, 0))
    # PyTorch 2.13, one step from a fresh optimizer
    assert loss.item() == 14.0
    assert p.tolist() == pytest.approx([0.057291653007268906, -0.11458330601453781, 0.171875])
    assert (opt.state[p]["n_iter"], opt.state[p]["func_evals"]) == (5, 5)


def test_lbfgs_reads_gradients_flattened_as_pytorch():
    # PyTorch 2.13 accepts a (3, 1) gradient on a (3,) parameter (it is read through view(-1))
    p = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    opt = torch.optim.LBFGS([p], lr=0.1)

    def closure():
        opt.zero_grad()
        loss = (p * p).sum()
        loss.backward()
        p.grad.data = torch.ones(3, 1)
        return loss

    opt.step(closure)
    assert p.tolist() == pytest.approx(
        [-0.9333335161209106, -3.9333314895629883, 1.0666673183441162], rel=1e-5
    )


@pytest.mark.parametrize(
    ("shape", "grad_shape", "text"),
    [
        ((3,), (2,), "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"),
        ((3,), (1,), "output with shape [1] doesn't match the broadcast shape [3]"),
        ((1,), (3,), "output with shape [1] doesn't match the broadcast shape [3]"),
        ((2, 3), (3,), "output with shape [3] doesn't match the broadcast shape [2, 3]"),
        ((3,), (3, 1), "output with shape [3, 1] doesn't match the broadcast shape [3, 3]"),
    ],
)  # fmt: skip
def test_rprop_names_the_gradient_first_as_pytorch(shape, grad_shape, text):
    p = torch.ones(shape, requires_grad=True)
    opt = torch.optim.Rprop([p])
    p.grad = torch.zeros(shape)
    p.grad.data = torch.ones(grad_shape)
    with pytest.raises(RuntimeError) as caught:
        opt.step()
    assert str(caught.value) == text  # PyTorch 2.13's texts
    assert torch.equal(p, torch.ones(shape)) and len(opt.state) == 0


def _loaded_twice(name: str, mutate, **kwargs):
    """An optimizer after one step, its state_dict mutated, and a snapshot to compare with."""
    a = torch.ones(3, requires_grad=True)
    b = torch.ones(2, 2, requires_grad=True)
    opt = getattr(torch.optim, name)([a, b], lr=0.1, **kwargs)
    a.grad, b.grad = torch.ones(3), torch.ones(2, 2)
    opt.step()
    saved = copy.deepcopy(opt.state_dict())
    mutate(saved)
    return opt, saved, _optimizer_snapshot(opt)


@pytest.mark.parametrize(
    ("name", "kwargs", "key", "index", "value"),
    [
        ("SGD", {"momentum": 0.9}, "momentum_buffer", 0, torch.ones(2)),
        ("SGD", {"momentum": 0.9}, "momentum_buffer", 0, torch.ones(1)),
        ("Adam", {}, "exp_avg", 0, torch.ones(3, 1)),
        ("Adam", {}, "exp_avg_sq", 1, torch.ones(4)),
        ("AdamW", {"amsgrad": True}, "max_exp_avg_sq", 0, torch.ones(2)),
        ("Adagrad", {}, "sum", 1, torch.ones(3)),
        ("RMSprop", {}, "square_avg", 0, torch.ones(2)),
        ("Rprop", {}, "step_size", 0, torch.ones(1)),
        ("ASGD", {}, "ax", 0, torch.ones(2)),
        ("Adadelta", {}, "acc_delta", 0, torch.ones(2)),
        ("Adamax", {}, "exp_inf", 0, torch.ones(2)),
    ],
)
def test_an_optimizer_load_with_a_buffer_of_another_shape_changes_nothing(
    name, kwargs, key, index, value
):
    """PyTorch 2.13 loads these and its step() then fails after updating the parameter
    before (or silently broadcasts); we refuse the load (README: deliberate differences)."""

    def mutate(saved):
        saved["state"][index][key] = value
        saved["param_groups"][0]["lr"] = 5.0

    opt, saved, before = _loaded_twice(name, mutate, **kwargs)
    shape = [3] if index == 0 else [2, 2]
    with pytest.raises(ValueError) as caught:
        opt.load_state_dict(saved)
    assert str(caught.value) == (
        f"loaded state dict has a '{key}' of shape {list(value.shape)} for parameter {index}, "
        f"of shape {shape}"
    )
    assert all(_same(x, y) for x, y in zip(_optimizer_snapshot(opt), before))
    assert opt.param_groups[0]["lr"] == 0.1


def test_an_optimizer_load_refuses_a_buffer_that_is_not_a_tensor():
    def mutate(saved):
        saved["state"][0]["momentum_buffer"] = [1.0, 2.0, 3.0]

    opt, saved, before = _loaded_twice("SGD", mutate, momentum=0.9)
    with pytest.raises(TypeError, match="has a list as 'momentum_buffer' for parameter 0"):
        opt.load_state_dict(saved)
    assert all(_same(x, y) for x, y in zip(_optimizer_snapshot(opt), before))


@pytest.mark.parametrize(
    ("mutate", "error", "text"),
    [
        (lambda s: s["state"][0].pop("step"), KeyError, "'step'"),
        (lambda s: s["state"].__setitem__(1, 5), TypeError, "object of type 'int' has no len()"),
    ],
    ids=["missing step", "state not a dict"],
)
def test_an_optimizer_load_raises_pytorchs_setstate_errors_before_loading(mutate, error, text):
    """PyTorch 2.13's Adam.__setstate__ raises these after the state is loaded."""
    opt, saved, before = _loaded_twice("Adam", mutate)
    with pytest.raises(error) as caught:
        opt.load_state_dict(saved)
    assert str(caught.value) == text
    assert all(_same(x, y) for x, y in zip(_optimizer_snapshot(opt), before))


def test_an_optimizer_load_makes_number_scalars_tensors_as_pytorch():
    def mutate(saved):
        saved["state"][0]["step"] = 3

    opt, saved, _ = _loaded_twice("Adam", mutate)
    opt.load_state_dict(saved)
    a = opt.param_groups[0]["params"][0]
    step = opt.state[a]["step"]
    assert isinstance(step, torch.Tensor) and step.dtype is torch.float32 and step.item() == 3
    opt.step()
    # PyTorch 2.13: the fourth Adam step of lr 0.1 from 0.9 with unit gradients
    assert a.tolist() == pytest.approx([0.8219057321548462] * 3, rel=1e-6)
    assert opt.state[a]["step"].item() == 4

    def mutate_nadam(saved):
        saved["state"][0]["mu_product"] = 0.5

    opt, saved, _ = _loaded_twice("NAdam", mutate_nadam)
    opt.load_state_dict(saved)
    mu_product = opt.state[opt.param_groups[0]["params"][0]]["mu_product"]
    assert isinstance(mu_product, torch.Tensor) and mu_product.item() == 0.5


MIXED = "mixed dtype (CPU): all inputs must share same datatype."  # PyTorch 2.13's CPU text


@pytest.mark.parametrize(
    ("module", "x", "error", "text"),
    [
        (lambda: nn.BatchNorm1d(3), torch.ones(2, 3, dtype=torch.int64), NotImplementedError, "\"batch_norm\" not implemented for 'Long'"),
        (lambda: nn.BatchNorm1d(3), torch.ones(2, 3, dtype=torch.float64), RuntimeError, MIXED),
        (lambda: nn.BatchNorm1d(3, affine=False), torch.ones(2, 3, dtype=torch.float64), RuntimeError, MIXED),
        (lambda: nn.BatchNorm1d(3).eval(), torch.ones(2, 3, dtype=torch.float64), RuntimeError, MIXED),
        (lambda: nn.InstanceNorm1d(3, affine=True), torch.ones(2, 3, 4, dtype=torch.float64), RuntimeError, MIXED),
        (lambda: nn.LayerNorm(3), torch.ones(2, 3, dtype=torch.float64), RuntimeError, MIXED),
        (lambda: nn.LayerNorm(3), torch.ones(2, 3, dtype=torch.int64), RuntimeError, MIXED),
        (lambda: nn.GroupNorm(1, 3), torch.ones(2, 3, dtype=torch.float64), RuntimeError, MIXED),
        (lambda: nn.GroupNorm(1, 3), torch.ones(2, 3, dtype=torch.int64), RuntimeError, MIXED),
    ],
    ids=["bn int", "bn double", "bn double no affine", "bn eval", "instance norm", "ln double", "ln int", "gn double", "gn int"],
)  # fmt: skip
def test_norm_layers_refuse_another_dtype_as_pytorch_and_count_nothing(module, x, error, text):
    m = module()
    before = _snapshot(m)
    with pytest.raises(error) as caught:
        m(x)
    assert str(caught.value) == text
    assert all(torch.equal(v, before[k]) for k, v in m.state_dict().items())


def test_a_norm_layer_still_takes_a_matching_dtype():
    m = nn.BatchNorm1d(3, affine=False, track_running_stats=False)
    assert m(torch.ones(2, 3, dtype=torch.float64)).dtype is torch.float64  # PyTorch 2.13


def test_batchnorm_loads_a_plain_dict_without_num_batches_tracked_as_pytorch():
    m = nn.BatchNorm1d(2)
    m(torch.arange(4.0).reshape(2, 2))
    result = m.load_state_dict(
        {k: torch.ones(2) for k in ("weight", "bias", "running_mean", "running_var")}
    )
    assert (result.missing_keys, result.unexpected_keys) == ([], [])
    assert m.num_batches_tracked.item() == 1 and m.running_mean.tolist() == [1.0, 1.0]
