"""torch.optim: each optimizer against PyTorch's documented update rule written out by hand here,
plus golden numbers, versions, reprs, errors and scheduler sequences observed with PyTorch 2.13."""

from __future__ import annotations

import copy
import math
import warnings

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.nn.parameter import Parameter
from autograd_nb.optim import lr_scheduler

# The fixed problem: loss(p) = sum(A * p**2 + B * p), so the gradient is 2 * A * p + B.
A, B, P0 = [0.5, 1.0, 2.0], [0.3, -0.2, 0.1], [1.0, -2.0, 0.5]
STEPS = 5


def run(name: str, kwargs: dict, device: str = "cpu", steps: int = STEPS):
    """`steps` optimizer steps on the fixed problem, in float64; returns the parameter."""
    a = torch.tensor(A, dtype=torch.float64, device=device)
    b = torch.tensor(B, dtype=torch.float64, device=device)
    p = torch.tensor(P0, dtype=torch.float64, device=device, requires_grad=True)
    opt = getattr(torch.optim, name)([p], **kwargs)
    for _ in range(steps):
        opt.zero_grad()
        (a * p * p + b * p).sum().backward()
        opt.step()
    return p


# --- the documented rules, one coordinate at a time, in Python floats --------------------------


def grad_of(i: int, p: float, maximize: bool) -> float:
    g = 2 * A[i] * p + B[i]
    return -g if maximize else g


def sgd_rule(i, lr, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False, maximize=False):
    p, buf = P0[i], None
    for _ in range(STEPS):
        g = grad_of(i, p, maximize) + weight_decay * p
        if momentum:
            buf = g if buf is None else momentum * buf + (1 - dampening) * g
            g = g + momentum * buf if nesterov else buf
        p -= lr * g
    return p


def adam_rule(
    i,
    lr,
    betas=(0.9, 0.999),
    eps=1e-8,
    weight_decay=0.0,
    amsgrad=False,
    maximize=False,
    decoupled=False,
):
    p, m, v, v_max = P0[i], 0.0, 0.0, 0.0
    beta1, beta2 = betas
    for t in range(1, STEPS + 1):
        g = grad_of(i, p, maximize)
        if decoupled:
            p *= 1 - lr * weight_decay
        else:
            g += weight_decay * p
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g * g
        v_max = max(v_max, v)
        v_hat = (v_max if amsgrad else v) / (1 - beta2**t)
        p -= lr * (m / (1 - beta1**t)) / (math.sqrt(v_hat) + eps)
    return p


def rmsprop_rule(i, lr, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False):
    p, v, g_avg, buf = P0[i], 0.0, 0.0, 0.0
    for _ in range(STEPS):
        g = grad_of(i, p, False) + weight_decay * p
        v = alpha * v + (1 - alpha) * g * g
        if centered:
            g_avg = alpha * g_avg + (1 - alpha) * g
            avg = math.sqrt(v - g_avg * g_avg) + eps
        else:
            avg = math.sqrt(v) + eps
        if momentum > 0:
            buf = momentum * buf + g / avg
            p -= lr * buf
        else:
            p -= lr * g / avg
    return p


def adagrad_rule(i, lr, lr_decay=0.0, weight_decay=0.0, initial_accumulator_value=0.0, eps=1e-10):
    p, s = P0[i], initial_accumulator_value
    for t in range(1, STEPS + 1):
        g = grad_of(i, p, False) + weight_decay * p
        clr = lr / (1 + (t - 1) * lr_decay)
        s += g * g
        p -= clr * g / (math.sqrt(s) + eps)
    return p


def adamw_rule(i, lr, weight_decay=1e-2, **kwargs):
    return adam_rule(i, lr, weight_decay=weight_decay, decoupled=True, **kwargs)


# (optimizer, kwargs, hand rule, final parameter after 5 steps and its _version in PyTorch 2.13)
CASES = [
    ("SGD", dict(lr=0.1), sgd_rule, [0.467637, -0.588128, 0.015824], 5),
    ("SGD", dict(lr=0.1, momentum=0.9), sgd_rule, [-0.337908, 1.318882, -0.407725], 5),
    (
        "SGD",
        dict(lr=0.1, momentum=0.9, dampening=0.1, weight_decay=0.01),
        sgd_rule,
        [-0.276809962588, 1.227854330439, -0.430532943032],
        5,
    ),
    (
        "SGD",
        dict(lr=0.1, momentum=0.9, nesterov=True),
        sgd_rule,
        [-0.43595618907, 0.97300691968, -0.11169629584],
        5,
    ),
    ("SGD", dict(lr=0.1, maximize=True), sgd_rule, [1.793663, -5.125472, 2.798576], 5),
    ("Adam", dict(lr=0.1), adam_rule, [0.505346375636, -1.502774554659, 0.025192065602], 5),
    (
        "Adam",
        dict(lr=0.1, weight_decay=0.1, amsgrad=True),
        adam_rule,
        [0.505514729043, -1.502782693362, 0.025251057526],
        5,
    ),
    (
        "Adam",
        dict(lr=0.05, betas=(0.8, 0.9), maximize=True),
        adam_rule,
        [1.250727282093, -2.250492385384, 0.751260284901],
        5,
    ),
    ("AdamW", dict(lr=0.1), adamw_rule, [0.501421079442, -1.493859354769, 0.02388187369], 10),
    (
        "AdamW",
        dict(lr=0.1, weight_decay=0.1, amsgrad=True),
        adamw_rule,
        [0.466903494238, -1.41533131354, 0.012464657792],
        10,
    ),
    ("RMSprop", dict(lr=0.01), rmsprop_rule, [0.691264506918, -1.684984833064, 0.219008582329], 5),
    (
        "RMSprop",
        dict(lr=0.01, momentum=0.9, centered=True, weight_decay=0.1),
        rmsprop_rule,
        [0.110879503344, -1.079755949769, -0.247167709224],
        5,
    ),
    ("Adagrad", dict(lr=0.1), adagrad_rule, [0.69253027567, -1.686265854422, 0.220145783418], 5),
    (
        "Adagrad",
        dict(lr=0.1, lr_decay=0.01, weight_decay=0.1, initial_accumulator_value=0.1),
        adagrad_rule,
        [0.701503875573, -1.691402881443, 0.225250725545],
        5,
    ),
]
IDS = [f"{name}-{'-'.join(kwargs)}" for name, kwargs, *_ in CASES]


@pytest.mark.parametrize("name, kwargs, rule, golden, version", CASES, ids=IDS)
def test_matches_documented_rule_and_pytorch(device, name, kwargs, rule, golden, version):
    p = run(name, kwargs, device)
    by_hand = [rule(i, **kwargs) for i in range(3)]
    assert p.tolist() == pytest.approx(by_hand, rel=1e-12, abs=1e-14)
    assert p.tolist() == pytest.approx(golden, abs=1e-11)
    assert p._version == version  # one in-place update per step (AdamW: two with weight decay)
    assert p.is_leaf and p.requires_grad and p.grad_fn is None


def test_sgd_momentum_counts_versions_like_pytorch(device):
    # PyTorch 2.13: after 3 steps p._version == 3 and the buffer's == 4 (mul_ and add_ from the
    # second step on); p == 0.048999... in float32 (PyTorch fuses p + (-lr) * buf: last bit may
    # differ, so compare to 6 places).
    p = torch.nn.Parameter(torch.ones(3, device=device))
    opt = torch.optim.SGD([p], lr=0.1, momentum=0.9)
    for i in range(3):
        p.grad = torch.full((3,), float(i + 1), device=device)
        opt.step()
    assert p._version == 3 and opt.state[p]["momentum_buffer"]._version == 4
    assert p.tolist() == pytest.approx([0.04899993] * 3, abs=1e-6)


def test_a_step_that_cannot_write_a_parameter_changes_nothing(monkeypatch):
    import autograd_nb._creation as creation

    monkeypatch.setattr(creation, "_warned_not_writable", False)
    frozen = np.ones(3, dtype=np.float32)
    frozen.flags.writeable = False
    with pytest.warns(UserWarning, match="The given NumPy array is not writable"):  # PyTorch's
        stuck = torch.nn.Parameter(torch.from_numpy(frozen))
    fine = torch.nn.Parameter(torch.ones(3))
    opt = torch.optim.SGD([fine, stuck], lr=0.1, momentum=0.9)
    for _ in range(2):
        fine.grad, stuck.grad = torch.ones(3), torch.ones(3)
        with pytest.raises(RuntimeError, match="NumPy array that is not writable"):
            opt.step()
    assert fine.tolist() == [1.0] * 3 and stuck.tolist() == [1.0] * 3 and not opt.state
    assert fine._version == 0


def test_state_as_pytorch_stores_it():
    p = run("Adam", dict(lr=0.1, amsgrad=True), steps=2)
    opt = torch.optim.Adam([p], amsgrad=True)
    assert len(opt.state) == 0  # lazily created at the first step
    p.grad = torch.ones_like(p)
    opt.step()
    state = opt.state[p]
    assert list(state) == ["step", "exp_avg", "exp_avg_sq", "max_exp_avg_sq"]
    assert state["step"].dtype == torch.float32 and state["step"].item() == 1.0
    assert state["step"].shape == ()
    sgd = torch.optim.SGD([p], lr=0.1)
    sgd.step()
    assert len(sgd.state) == 0  # no momentum: no buffer
    sgd = torch.optim.SGD([p], lr=0.1, momentum=0.9)
    sgd.step()
    buf = sgd.state[p]["momentum_buffer"]
    assert buf.tolist() == [1.0, 1.0, 1.0] and buf is not p.grad
    sgd.step()  # buf.mul_(momentum).add_(grad): two in-place ops, as in PyTorch
    assert buf._version == 2 and buf.tolist() == pytest.approx([1.9] * 3)
    ada = torch.optim.Adagrad([p], initial_accumulator_value=0.5)
    assert list(ada.state[p]) == ["step", "sum"]  # Adagrad creates its state eagerly
    assert ada.state[p]["sum"].tolist() == [0.5, 0.5, 0.5]
    rms = torch.optim.RMSprop([p], momentum=0.5, centered=True)
    rms.step()
    assert list(rms.state[p]) == ["step", "square_avg", "momentum_buffer", "grad_avg"]


def test_updates_do_not_record_a_graph():
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.5, momentum=0.9)
    (w * w).sum().backward()
    opt.step()
    assert w.grad_fn is None and w.is_leaf
    assert opt.state[w]["momentum_buffer"].requires_grad is False
    assert torch.is_grad_enabled()


def test_zero_grad():
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    (w * 3).sum().backward()
    grad = w.grad
    opt.zero_grad(set_to_none=False)
    assert w.grad is grad and w.grad.tolist() == [0.0, 0.0]
    opt.zero_grad()
    assert w.grad is None
    opt.zero_grad()  # nothing to do
    opt.step()  # parameters without a gradient are skipped
    assert w.tolist() == [1.0, 2.0] and w._version == 0


def test_frozen_parameters_are_left_bit_identical():
    frozen = torch.tensor([0.1, 0.2, 0.3], requires_grad=False)
    head = torch.tensor([1.0, -1.0], requires_grad=True)
    opt = torch.optim.SGD([frozen, head], lr=1e-2, momentum=0.9)
    before = frozen.tolist()
    for _ in range(3):
        opt.zero_grad()
        ((frozen.sum() * head) ** 2).sum().backward()
        opt.step()
    assert frozen.tolist() == before and frozen._version == 0
    assert frozen not in opt.state and head in opt.state


def test_works_with_parameters():
    w = Parameter(torch.tensor([1.0, 2.0]))
    opt = torch.optim.SGD([w], lr=0.5)
    (w**2).sum().backward()
    opt.step()
    assert type(w) is Parameter and w.tolist() == [0.0, 0.0]


def test_closure_runs_with_grad_and_returns_the_loss():
    w = torch.tensor([3.0], requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.25)

    def closure():
        opt.zero_grad()
        loss = (w * w).sum()
        loss.backward()
        return loss

    with torch.no_grad():
        loss = opt.step(closure)
    assert loss.item() == 9.0 and w.item() == 1.5


def test_param_groups_with_their_own_lr():
    w = torch.tensor([1.0, 1.0], requires_grad=True)
    b = torch.tensor([1.0], requires_grad=True)
    opt = torch.optim.SGD([{"params": [w]}, {"params": b, "lr": 0.01}], lr=0.1, momentum=0.5)
    assert [g["lr"] for g in opt.param_groups] == [0.1, 0.01]
    assert opt.param_groups[1]["momentum"] == 0.5  # filled in from the defaults
    assert opt.param_groups[1]["params"][0] is b
    ((w * 2).sum() + (b * 4).sum()).backward()
    opt.step()
    assert w.tolist() == pytest.approx([0.8, 0.8]) and b.item() == pytest.approx(0.96)
    c = torch.tensor([0.0], requires_grad=True)
    opt.add_param_group({"params": [c], "lr": 1.0})
    assert len(opt.param_groups) == 3 and opt.param_groups[2]["dampening"] == 0


def test_state_dict_format_and_round_trip():
    def make():
        w = torch.tensor([1.0, -1.0], requires_grad=True)
        b = torch.tensor([0.5], requires_grad=True)
        opt = torch.optim.Adam([{"params": [w]}, {"params": [b], "lr": 0.01}], lr=0.1)
        return w, b, opt

    def train(w, b, opt, steps):
        for _ in range(steps):
            opt.zero_grad()
            ((w * w).sum() + (b * w).sum()).backward()
            opt.step()

    w, b, opt = make()
    train(w, b, opt, 3)
    sd = opt.state_dict()
    assert list(sd) == ["state", "param_groups"]
    assert list(sd["state"]) == [0, 1] and sd["state"][0]["step"].item() == 3.0
    assert sd["param_groups"][0]["params"] == [0] and sd["param_groups"][1]["params"] == [1]
    assert sd["param_groups"][1]["lr"] == 0.01 and sd["param_groups"][0]["betas"] == (0.9, 0.999)

    w2, b2, opt2 = make()
    with torch.no_grad():
        w2.copy_(w)
        b2.copy_(b)
    opt2.load_state_dict(sd)
    # As in PyTorch 2.13, loaded state tensors are shared when no dtype/device cast is needed.
    assert opt2.state[w2]["exp_avg"] is opt.state[w]["exp_avg"]
    opt2.load_state_dict(copy.deepcopy(sd))  # what a save/load round trip gives
    assert opt2.state[w2]["exp_avg"] is not opt.state[w]["exp_avg"]
    assert opt2.param_groups[1]["params"][0] is b2
    train(w, b, opt, 2)
    train(w2, b2, opt2, 2)
    assert w2.tolist() == w.tolist() and b2.tolist() == b.tolist()


def test_state_dict_uses_the_first_index_of_each_parameter():
    # PyTorch 2.13: {'state': {}, 'param_groups': [{..., 'params': [0]}]}
    w = torch.zeros(2, requires_grad=True)
    sd = torch.optim.SGD([w], lr=0.1).state_dict()
    assert sd == {
        "state": {},
        "param_groups": [
            {
                "lr": 0.1,
                "momentum": 0,
                "dampening": 0,
                "weight_decay": 0,
                "nesterov": False,
                "maximize": False,
                "foreach": None,
                "differentiable": False,
                "fused": None,
                "params": [0],
            }
        ],
    }


def test_load_state_dict_errors():
    w = torch.zeros(2, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.1)
    with pytest.raises(
        ValueError, match="^loaded state dict has a different number of parameter groups$"
    ):
        opt.load_state_dict({"state": {}, "param_groups": []})
    with pytest.raises(
        ValueError,
        match="^loaded state dict contains a parameter group that doesn't match the size of optimizer's group$",
    ):
        opt.load_state_dict({"state": {}, "param_groups": [{"params": [0, 1], "lr": 0.1}]})


# Golden reprs from PyTorch 2.13.
SGD_REPR = """SGD (
Parameter Group 0
    dampening: 0
    differentiable: False
    foreach: None
    fused: None
    lr: 0.1
    maximize: False
    momentum: 0
    nesterov: False
    weight_decay: 0
)"""
ADAM_REPR = """Adam (
Parameter Group 0
    amsgrad: False
    betas: (0.9, 0.999)
    capturable: False
    decoupled_weight_decay: False
    differentiable: False
    eps: 1e-08
    foreach: None
    fused: None
    lr: 0.001
    maximize: False
    weight_decay: 0
)"""
ADAMW_REPR = (
    ADAM_REPR.replace("Adam (", "AdamW (")
    .replace("decoupled_weight_decay: False", "decoupled_weight_decay: True")
    .replace("weight_decay: 0\n", "weight_decay: 0.01\n")
)
RMSPROP_REPR = """RMSprop (
Parameter Group 0
    alpha: 0.99
    capturable: False
    centered: False
    differentiable: False
    eps: 1e-08
    foreach: None
    lr: 0.01
    maximize: False
    momentum: 0
    weight_decay: 0
)"""
ADAGRAD_REPR = """Adagrad (
Parameter Group 0
    differentiable: False
    eps: 1e-10
    foreach: None
    fused: None
    initial_accumulator_value: 0
    lr: 0.01
    lr_decay: 0
    maximize: False
    weight_decay: 0
)"""


def test_reprs():
    w = torch.zeros(2, requires_grad=True)
    assert repr(torch.optim.SGD([w], lr=0.1)) == SGD_REPR
    assert repr(torch.optim.Adam([w])) == ADAM_REPR
    assert repr(torch.optim.AdamW([w])) == ADAMW_REPR
    assert "    decoupled_weight_decay: True\n" in ADAMW_REPR
    assert repr(torch.optim.RMSprop([w])) == RMSPROP_REPR
    assert repr(torch.optim.Adagrad([w])) == ADAGRAD_REPR
    two = torch.optim.SGD(
        [{"params": [w]}, {"params": [torch.zeros(1, requires_grad=True)], "lr": 0.5}], lr=0.1
    )
    assert "\nParameter Group 1\n    dampening: 0\n" in repr(two)
    assert repr(two).endswith("    weight_decay: 0\n)")


def test_default_learning_rates():
    w = torch.zeros(2, requires_grad=True)
    assert torch.optim.SGD([w]).defaults["lr"] == 1e-3
    assert torch.optim.Adam([w]).defaults["lr"] == 1e-3
    assert torch.optim.RMSprop([w]).defaults["lr"] == 1e-2
    assert torch.optim.Adagrad([w]).defaults["lr"] == 1e-2


def test_errors_match_pytorch():
    w = torch.zeros(2, requires_grad=True)
    with pytest.raises(ValueError, match="^optimizer got an empty parameter list$"):
        torch.optim.SGD([], lr=0.1)
    with pytest.raises(
        TypeError,
        match="^params argument given to the optimizer should be an iterable of Tensors or dicts, but got torch.FloatTensor$",
    ):
        torch.optim.SGD(w, lr=0.1)
    with pytest.raises(
        TypeError, match="^optimizer can only optimize Tensors, but one of the params is float$"
    ):
        torch.optim.SGD([w, 1.0], lr=0.1)
    with pytest.raises(
        ValueError, match="^some parameters appear in more than one parameter group$"
    ):
        torch.optim.SGD([{"params": [w]}, {"params": [w]}], lr=0.1)
    with pytest.raises(ValueError, match="^can't optimize a non-leaf Tensor$"):
        torch.optim.SGD([w * 2], lr=0.1)
    with pytest.raises(TypeError, match="^param_group must be a dict, but got <class 'list'>$"):
        torch.optim.SGD([w], lr=0.1).add_param_group([w])
    with pytest.raises(ValueError, match="^Invalid learning rate: -0.1$"):
        torch.optim.SGD([w], lr=-0.1)
    with pytest.raises(ValueError, match="^Invalid momentum value: -1$"):
        torch.optim.SGD([w], momentum=-1)
    with pytest.raises(
        ValueError, match="^Nesterov momentum requires a momentum and zero dampening$"
    ):
        torch.optim.SGD([w], nesterov=True)
    with pytest.raises(ValueError, match=r"^Invalid beta parameter at index 0: 1.0$"):
        torch.optim.Adam([w], betas=(1.0, 0.9))
    with pytest.raises(ValueError, match="^Invalid epsilon value: -1$"):
        torch.optim.Adam([w], eps=-1)
    with pytest.raises(ValueError, match="^Invalid alpha value: -1$"):
        torch.optim.RMSprop([w], alpha=-1)
    with pytest.raises(ValueError, match="^Invalid initial_accumulator_value value: -1$"):
        torch.optim.Adagrad([w], initial_accumulator_value=-1)
    with pytest.raises(NotImplementedError):
        torch.optim.Optimizer([w], {}).step()
    with pytest.warns(UserWarning, match="duplicate parameters"):
        torch.optim.SGD([w, w], lr=0.1)


# --- learning-rate schedulers (sequences observed with PyTorch 2.13) ----------------------------


def two_groups(optimizer=torch.optim.SGD, **kwargs):
    """An optimizer with two param groups, lr 0.1 and 0.5."""
    return optimizer(
        [
            {"params": [torch.zeros(1, requires_grad=True)]},
            {"params": [torch.zeros(1, requires_grad=True)], "lr": 0.5},
        ],
        lr=0.1,
        **kwargs,
    )


def scheduled(make, steps=12):
    """get_last_lr() after creation and after each of `steps` epochs, for two param groups."""
    opt = two_groups(momentum=0.9)
    sched = make(opt)
    out = [sched.get_last_lr()]
    for _ in range(steps):
        opt.step()
        sched.step()
        out.append(sched.get_last_lr())
    assert [g["lr"] for g in opt.param_groups] == out[-1]
    assert [g["initial_lr"] for g in opt.param_groups] == [0.1, 0.5]
    return out, sched


def test_step_lr():
    out, sched = scheduled(lambda o: lr_scheduler.StepLR(o, step_size=3, gamma=0.5))
    assert [lrs[0] for lrs in out] == [
        0.1,
        0.1,
        0.1,
        0.05,
        0.05,
        0.05,
        0.025,
        0.025,
        0.025,
        0.0125,
        0.0125,
        0.0125,
        0.00625,
    ]
    assert out[-1][1] == 0.03125 and sched.last_epoch == 12
    assert sorted(sched.state_dict()) == [
        "_get_lr_called_within_step",
        "_is_initial",
        "_last_lr",
        "_step_count",
        "base_lrs",
        "gamma",
        "last_epoch",
        "step_size",
    ]


def test_exponential_lr():
    out, _ = scheduled(lambda o: lr_scheduler.ExponentialLR(o, gamma=0.9))
    assert [lrs[0] for lrs in out[:6]] == pytest.approx(
        [0.1, 0.09, 0.081, 0.0729, 0.06561, 0.059049], abs=1e-15
    )
    assert out[12] == pytest.approx([0.0282429536481, 0.1412147682405], abs=1e-15)


def test_cosine_annealing_lr_goes_down_and_back_up():
    out, _ = scheduled(lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=5, eta_min=0.01))
    golden = [
        0.1,
        0.091405764746873,
        0.068905764746873,
        0.041094235253127,
        0.018594235253127,
        0.01,
        0.018594235253127,
        0.041094235253127,
        0.068905764746873,
        0.091405764746873,
        0.1,
        0.091405764746873,
        0.068905764746873,
    ]
    assert [lrs[0] for lrs in out] == pytest.approx(golden, abs=1e-14)
    closed = [0.01 + 0.09 * (1 + math.cos(math.pi * t / 5)) / 2 for t in range(13)]
    assert [lrs[0] for lrs in out] == pytest.approx(closed, abs=1e-14)


def test_scheduler_warnings_and_closed_form():
    opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0)
    sched = lr_scheduler.CosineAnnealingLR(opt, T_max=4)
    with pytest.warns(
        UserWarning,
        match=r"^Detected call of `lr_scheduler.step\(\)` before `optimizer.step\(\)`. In PyTorch 1.1.0 and later",
    ):
        sched.step()
    with pytest.warns(UserWarning, match="^The epoch parameter in `scheduler.step"):
        sched.step(3)
    assert sched.get_last_lr() == [0.14644660940672627] and sched.last_epoch == 3
    with pytest.warns(UserWarning, match=r"please use `get_last_lr\(\)`"):
        sched.get_lr()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        opt2 = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0)
        sched2 = lr_scheduler.StepLR(opt2, 1)
        opt2.step()
        sched2.step()  # the right order: no warning
    with pytest.raises(TypeError, match="^int is not an Optimizer$"):
        lr_scheduler.StepLR(3, 1)


def test_scheduler_warns_when_optimizer_step_was_replaced():
    opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0)
    sched = lr_scheduler.StepLR(opt, 1)
    opt.step = lambda: None
    with pytest.warns(
        UserWarning,
        match=r"^Seems like `optimizer.step\(\)` has been overridden after learning rate scheduler initialization. Please, make sure to call `optimizer.step\(\)` before `lr_scheduler.step\(\)`. See more",
    ):
        sched.step()


def test_multistep_lr_repeated_milestones_multiply():
    out, sched = scheduled(
        lambda o: lr_scheduler.MultiStepLR(o, milestones=[2, 5, 5, 9], gamma=0.5)
    )
    # PyTorch's sequence: epoch 5 is listed twice, so the lr is multiplied by 0.5 ** 2 there
    assert [lrs[0] for lrs in out] == [
        0.1,
        0.1,
        0.05,
        0.05,
        0.05,
        0.0125,
        0.0125,
        0.0125,
        0.0125,
        0.00625,
        0.00625,
        0.00625,
        0.00625,
    ]
    assert out[-1] == [0.00625, 0.03125]
    assert sched.milestones == {5: 2, 2: 1, 9: 1} and type(sched.milestones).__name__ == "Counter"
    assert sorted(sched.state_dict()) == [
        "_get_lr_called_within_step",
        "_is_initial",
        "_last_lr",
        "_step_count",
        "base_lrs",
        "gamma",
        "last_epoch",
        "milestones",
    ]
    with pytest.warns(UserWarning, match="^The epoch parameter"):
        for epoch, lrs in [
            (6, [0.0125, 0.0625]),
            (1, [0.1, 0.5]),
            (10, [0.00625, 0.03125]),
            (5, [0.0125, 0.0625]),
        ]:  # PyTorch's closed form at those epochs
            sched.step(epoch)
            assert sched.get_last_lr() == lrs


def test_lambda_lr_one_function_per_group():
    out, sched = scheduled(
        lambda o: lr_scheduler.LambdaLR(o, [lambda e: 0.95**e, lambda e: 1 / (e + 1)])
    )
    # PyTorch's values: base lr times the group's factor at each epoch
    assert [lrs[0] for lrs in out] == [
        0.1,
        0.095,
        0.09025,
        0.0857375,
        0.081450625,
        0.07737809374999999,
        0.07350918906249998,
        0.06983372960937498,
        0.06634204312890622,
        0.0630249409724609,
        0.05987369392383787,
        0.05688000922764597,
        0.05403600876626367,
    ]
    assert [lrs[1] for lrs in out] == [
        0.5,
        0.25,
        0.16666666666666666,
        0.125,
        0.1,
        0.08333333333333333,
        0.07142857142857142,
        0.0625,
        0.05555555555555555,
        0.05,
        0.045454545454545456,
        0.041666666666666664,
        0.038461538461538464,
    ]
    state = sched.state_dict()
    assert sorted(state) == [
        "_get_lr_called_within_step",
        "_is_initial",
        "_last_lr",
        "_step_count",
        "base_lrs",
        "last_epoch",
        "lr_lambdas",
    ]
    assert state["lr_lambdas"] == [None, None]  # plain functions are not saved
    opt = two_groups()
    with pytest.raises(ValueError, match="^Expected 2 lr_lambdas, but got 1$"):
        lr_scheduler.LambdaLR(opt, [lambda e: 1.0])
    with pytest.raises(TypeError, match="^'int' object is not callable$"):
        lr_scheduler.LambdaLR(opt, 3)


class Warmup:
    """A callable object as lr_lambda: its attributes go into the scheduler's state_dict."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __call__(self, epoch: int) -> float:
        return min(1.0, (epoch + 1) / self.n)


def test_lambda_lr_state_dict_keeps_callable_objects():
    out, sched = scheduled(lambda o: lr_scheduler.LambdaLR(o, Warmup(4)), steps=6)
    assert [lrs[0] for lrs in out] == [0.025, 0.05, 0.07500000000000001, 0.1, 0.1, 0.1, 0.1]
    state = sched.state_dict()
    assert state["lr_lambdas"] == [{"n": 4}, {"n": 4}]
    opt = two_groups()
    other = lr_scheduler.LambdaLR(opt, [Warmup(10), lambda e: 1.0])
    assert other.state_dict()["lr_lambdas"] == [{"n": 10}, None]
    other.load_state_dict(state)
    assert other.lr_lambdas[0].n == 4 and other.lr_lambdas[1](3) == 1.0
    assert other.last_epoch == 6 and other.get_last_lr() == [0.1, 0.5]
    assert "lr_lambdas" in state  # loading leaves the given dict as it was


def test_multiplicative_lr():
    out, _ = scheduled(
        lambda o: lr_scheduler.MultiplicativeLR(o, lambda e: 0.9 if e < 5 else 0.5), steps=8
    )
    # PyTorch's values: the current lr times the factor, every epoch
    assert [lrs[0] for lrs in out] == [
        0.1,
        0.09000000000000001,
        0.08100000000000002,
        0.07290000000000002,
        0.06561000000000002,
        0.03280500000000001,
        0.016402500000000004,
        0.008201250000000002,
        0.004100625000000001,
    ]
    assert [lrs[1] for lrs in out] == [
        0.5,
        0.45,
        0.405,
        0.36450000000000005,
        0.32805000000000006,
        0.16402500000000003,
        0.08201250000000002,
        0.04100625000000001,
        0.020503125000000004,
    ]
    opt = two_groups()
    with pytest.raises(TypeError, match="^lr_lambda should be a function, but got int$"):
        lr_scheduler.MultiplicativeLR(opt, 3)
    with pytest.raises(ValueError, match="^Expected 2 lr_lambdas, but got 1$"):
        lr_scheduler.MultiplicativeLR(opt, [lambda e: 1.0])


def test_reduce_lr_on_plateau_min_mode_with_cooldown_and_min_lrs():
    opt = two_groups(momentum=0.9)
    sched = lr_scheduler.ReduceLROnPlateau(
        opt, factor=0.5, patience=2, cooldown=1, min_lr=[0.01, 0.2]
    )
    assert sched.get_last_lr() == [0.1, 0.5] and sched.last_epoch == 0
    assert sorted(sched.state_dict()) == [
        "_last_lr",
        "best",
        "cooldown",
        "cooldown_counter",
        "default_min_lr",
        "eps",
        "factor",
        "last_epoch",
        "min_lrs",
        "mode",
        "mode_worse",
        "num_bad_epochs",
        "patience",
        "threshold",
        "threshold_mode",
    ]
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # PyTorch gives no step-order warning for this one
        for metric in [
            1.0,
            0.9,
            0.95,
            0.9,
            0.91,
            0.8,
            0.85,
            0.86,
            0.87,
            0.88,
            0.89,
            0.9,
            0.91,
            0.92,
            0.93,
            0.94,
        ]:
            opt.step()
            sched.step(torch.tensor(metric))
            out.append(sched.get_last_lr())
    # PyTorch's sequence; the second group stops at its min_lr 0.2
    assert out == [[0.1, 0.5]] * 4 + [[0.05, 0.25]] * 4 + [[0.025, 0.2]] * 4 + [[0.0125, 0.2]] * 4
    assert [g["lr"] for g in opt.param_groups] == [0.0125, 0.2]
    assert (sched.best, sched.num_bad_epochs, sched.cooldown_counter, sched.last_epoch) == (
        0.800000011920929,
        2,
        0,
        16,
    )  # best is the float32 tensor's value, as in PyTorch


def test_reduce_lr_on_plateau_max_abs_and_state_dict_round_trip():
    opt = two_groups(momentum=0.9)
    sched = lr_scheduler.ReduceLROnPlateau(
        opt, mode="max", factor=0.1, patience=0, threshold=0.05, threshold_mode="abs"
    )
    out = []
    for metric in [0.5, 0.52, 0.56, 0.6, 0.6, 0.7, 0.69]:
        opt.step()
        sched.step(metric)
        out.append(sched.get_last_lr()[0])
    assert out == [
        0.1,
        0.010000000000000002,
        0.010000000000000002,
        0.0010000000000000002,
        0.00010000000000000003,
        0.00010000000000000003,
        1.0000000000000004e-05,
    ]
    state = sched.state_dict()
    assert state == {  # PyTorch's state_dict after the same steps
        "factor": 0.1,
        "default_min_lr": 0,
        "min_lrs": [0, 0],
        "patience": 0,
        "cooldown": 0,
        "eps": 1e-08,
        "last_epoch": 7,
        "_last_lr": [1.0000000000000004e-05, 5.0000000000000016e-05],
        "mode_worse": -math.inf,
        "mode": "max",
        "threshold": 0.05,
        "threshold_mode": "abs",
        "best": 0.7,
        "cooldown_counter": 0,
        "num_bad_epochs": 0,
    }
    fresh = two_groups()
    resumed = lr_scheduler.ReduceLROnPlateau(fresh)
    resumed.load_state_dict(state)
    assert (resumed.mode, resumed.best, resumed.last_epoch) == ("max", 0.7, 7)
    resumed.step(0.8)  # better than 0.7 + 0.05: no cut
    assert resumed.get_last_lr() == [0.1, 0.5] and resumed.best == 0.8
    resumed.step(0.8)  # patience 0: cut at once
    assert resumed.get_last_lr() == [0.010000000000000002, 0.05]
    with pytest.warns(UserWarning, match="^The epoch parameter"):
        resumed.step(0.9, 20)
    assert resumed.last_epoch == 20
    with pytest.raises(ValueError, match="^mode foo is unknown!$"):
        resumed.load_state_dict({**state, "mode": "foo"})


def test_reduce_lr_on_plateau_errors_and_edges():
    # PyTorch's texts; the factor is checked before the optimizer
    for kwargs, error, text in [
        ({"factor": 1.0}, ValueError, "Factor should be < 1.0."),
        ({"mode": "foo"}, ValueError, "mode foo is unknown!"),
        ({"threshold_mode": "bar"}, ValueError, "threshold mode bar is unknown!"),
        ({"min_lr": [0.1]}, ValueError, "expected 2 min_lrs, got 1"),
    ]:
        with pytest.raises(error) as info:
            lr_scheduler.ReduceLROnPlateau(two_groups(), **kwargs)
        assert str(info.value) == text
    with pytest.raises(TypeError, match="^int is not an Optimizer$"):
        lr_scheduler.ReduceLROnPlateau(3)
    with pytest.raises(ValueError, match=r"^Factor should be < 1.0.$"):
        lr_scheduler.ReduceLROnPlateau(3, factor=2)

    opt = two_groups()
    sched = lr_scheduler.ReduceLROnPlateau(opt, patience=0, min_lr=[0.0, 0.0])
    opt.add_param_group({"params": [torch.zeros(1, requires_grad=True)]})
    sched.step(1.0)
    with pytest.raises(RuntimeError) as info:
        sched.step(2.0)
    assert str(info.value) == (  # PyTorch's text
        "The number of param groups in the `optimizer` (3) differs from when `ReduceLROnPlateau` "
        "was initialized (2), usually due to a new param group being added to the optimizer. "
        "Please modify the `min_lrs` field to match the length of the `optimizer` param groups."
    )

    opt = two_groups()
    sched = lr_scheduler.ReduceLROnPlateau(opt, patience=0, min_lr=0.001)
    opt.add_param_group({"params": [torch.zeros(1, requires_grad=True)]})
    sched.step(1.0)
    sched.step(2.0)  # one min_lr for all: the new group gets it too
    assert sched.get_last_lr() == [0.010000000000000002, 0.05, 0.010000000000000002]
    assert sched.min_lrs == [0.001, 0.001, 0.001]

    for mode in ["min", "max"]:
        for threshold_mode in ["rel", "abs"]:  # an equal metric is no improvement (PyTorch: 0.1)
            opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0)
            sched = lr_scheduler.ReduceLROnPlateau(
                opt, mode=mode, patience=0, threshold=0, threshold_mode=threshold_mode
            )
            sched.step(2.0)
            sched.step(2.0)
            assert sched.get_last_lr() == [0.1] and sched.best == 2.0

    opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1e-8)
    sched = lr_scheduler.ReduceLROnPlateau(opt, patience=0)
    sched.step(1.0)
    sched.step(2.0)
    assert sched.get_last_lr() == [1e-8]  # a cut smaller than eps is skipped
    with pytest.raises(ValueError, match="^could not convert string to float: 'abc'$"):
        sched.step("abc")


def one_cycle_run(opt, sched, steps):
    """get_last_lr() and each group's momentum (or betas) after creation and after each step."""

    def momenta():
        return [g.get("momentum", g.get("betas")) for g in opt.param_groups]

    lrs, moms = [sched.get_last_lr()], [momenta()]
    for _ in range(steps):
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr())
        moms.append(momenta())
    return lrs, moms


def test_one_cycle_lr_sgd_cos_cycles_momentum():
    opt = two_groups(momentum=0.9)
    sched = lr_scheduler.OneCycleLR(opt, max_lr=[1.0, 0.4], total_steps=10)
    lrs, moms = one_cycle_run(opt, sched, 10)
    # PyTorch's values (the 10th step goes past the end of the cosine, as in PyTorch)
    assert [lr[0] for lr in lrs] == pytest.approx(
        [
            0.040000000000000036,
            0.52,
            1.0,
            0.9504846320134737,
            0.8117456539497631,
            0.6112620219362893,
            0.38874197806371075,
            0.18825834605023697,
            0.049519367986526286,
            4e-06,
            0.04951936798652623,
        ],
        abs=1e-15,
    )
    assert [lr[1] for lr in lrs] == pytest.approx(
        [
            0.016000000000000014,
            0.20800000000000002,
            0.4,
            0.38019385280538953,
            0.3246982615799052,
            0.24450480877451572,
            0.1554967912254843,
            0.0753033384200948,
            0.019807747194610516,
            1.6e-06,
            0.019807747194610495,
        ],
        abs=1e-15,
    )
    assert [m[0] for m in moms] == pytest.approx(
        [
            0.95,
            0.8999999999999999,
            0.85,
            0.854951556604879,
            0.8688255099070633,
            0.8888739533021842,
            0.9111260466978157,
            0.9311744900929366,
            0.945048443395121,
            0.95,
            0.945048443395121,
        ],
        abs=1e-15,
    )
    state = sched.state_dict()
    assert sorted(state) == [
        "_anneal_func_type",
        "_get_lr_called_within_step",
        "_is_initial",
        "_last_lr",
        "_schedule_phases",
        "_step_count",
        "base_lrs",
        "cycle_momentum",
        "last_epoch",
        "total_steps",
        "use_beta1",
    ]
    assert state["_schedule_phases"] == [
        {
            "end_step": 2.0,
            "start_lr": "initial_lr",
            "end_lr": "max_lr",
            "start_momentum": "max_momentum",
            "end_momentum": "base_momentum",
        },
        {
            "end_step": 9,
            "start_lr": "max_lr",
            "end_lr": "min_lr",
            "start_momentum": "base_momentum",
            "end_momentum": "max_momentum",
        },
    ]
    group = opt.param_groups[0]
    assert {
        k: group[k] for k in ("initial_lr", "max_lr", "min_lr", "max_momentum", "base_momentum")
    } == {
        "initial_lr": 0.04,
        "max_lr": 1.0,
        "min_lr": 4e-06,
        "max_momentum": 0.95,
        "base_momentum": 0.85,
    }
    with pytest.raises(
        ValueError, match="^Tried to step 11 times. The specified number of total steps is 10$"
    ):
        sched.step()
    assert (sched.last_epoch, sched._step_count) == (11, 12)
    assert sched.get_last_lr() == lrs[-1]


def test_one_cycle_lr_adam_three_phase_linear():
    opt = two_groups(torch.optim.Adam, betas=(0.8, 0.99))
    sched = lr_scheduler.OneCycleLR(
        opt,
        max_lr=0.01,
        epochs=3,
        steps_per_epoch=4,
        anneal_strategy="linear",
        three_phase=True,
        pct_start=0.25,
        base_momentum=0.7,
        max_momentum=[0.9, 0.95],
    )
    assert sched.total_steps == 12
    lrs, moms = one_cycle_run(opt, sched, 12)
    # PyTorch's values: up, back down symmetrically, then down to min_lr (and a step past it)
    assert [lr[0] for lr in lrs] == pytest.approx(
        [
            0.0004,
            0.005200000000000001,
            0.01,
            0.0052,
            0.0003999999999999993,
            0.00034286285714285716,
            0.0002857257142857143,
            0.00022858857142857143,
            0.00017145142857142857,
            0.00011431428571428569,
            5.7177142857142834e-05,
            3.999999999997929e-08,
            -5.7097142857142876e-05,
        ],
        abs=1e-18,
    )
    assert [m[0] for m in moms] == [(0.9, 0.99), (0.8, 0.99), (0.7, 0.99), (0.8, 0.99)] + [
        (0.9, 0.99)
    ] * 9
    assert [m[1][0] for m in moms[:4]] == [0.95, 0.825, 0.7, 0.825]


def test_one_cycle_lr_errors():
    # PyTorch's texts
    for kwargs, text in [
        ({}, "You must define either total_steps OR (epochs AND steps_per_epoch)"),
        ({"total_steps": 0}, "Expected positive integer total_steps, but got 0"),
        ({"total_steps": 2.5}, "Expected positive integer total_steps, but got 2.5"),
        ({"epochs": 0, "steps_per_epoch": 3}, "Expected positive integer epochs, but got 0"),
        (
            {"epochs": 2, "steps_per_epoch": -1},
            "Expected positive integer steps_per_epoch, but got -1",
        ),
        (
            {"total_steps": 5, "pct_start": 1.5},
            "Expected float between 0 and 1 pct_start, but got 1.5",
        ),
        ({"total_steps": 5, "pct_start": 1}, "Expected float between 0 and 1 pct_start, but got 1"),
        (
            {"total_steps": 5, "anneal_strategy": "exp"},
            "anneal_strategy must be one of 'cos' or 'linear', instead got exp",
        ),
        (
            {"total_steps": 5, "max_momentum": [0.9]},
            "max_momentum must have the same length as optimizer.param_groups. max_momentum "
            "has 1 values, param_groups has 2.",
        ),
    ]:
        with pytest.raises(ValueError) as info:
            lr_scheduler.OneCycleLR(two_groups(momentum=0.9), 1.0, **kwargs)
        assert str(info.value) == text
    with pytest.raises(
        ValueError,
        match=r"^max_lr must have the same length as optimizer.param_groups. max_lr has 3 values, param_groups has 2.$",
    ):
        lr_scheduler.OneCycleLR(two_groups(), [1.0, 2.0, 3.0], total_steps=4)
    with pytest.raises(
        ValueError,
        match="^optimizer must support momentum or beta1 with `cycle_momentum` option enabled$",
    ):
        lr_scheduler.OneCycleLR(two_groups(torch.optim.Adagrad), 1.0, total_steps=4)
    with pytest.raises(TypeError, match="^int is not an Optimizer$"):
        lr_scheduler.OneCycleLR(3, 1.0, total_steps=4)
    opt = two_groups(torch.optim.Adagrad)
    sched = lr_scheduler.OneCycleLR(opt, 1.0, total_steps=4, cycle_momentum=False)
    assert sched.get_last_lr() == [0.040000000000000036, 0.040000000000000036]
    assert "momentum" not in opt.param_groups[0]
    opt = two_groups()  # SGD without momentum still has the key: it gets cycled
    lr_scheduler.OneCycleLR(opt, 1.0, total_steps=4)
    assert opt.param_groups[0]["momentum"] == 0.95


def test_one_cycle_lr_state_dict_round_trip():
    opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0, momentum=0.9)
    sched = lr_scheduler.OneCycleLR(opt, 1.0, total_steps=8)
    for _ in range(3):
        opt.step()
        sched.step()
    opt2 = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0, momentum=0.9)
    sched2 = lr_scheduler.OneCycleLR(opt2, 1.0, total_steps=8)
    opt2.load_state_dict(opt.state_dict())
    sched2.load_state_dict(sched.state_dict())
    out = []
    for _ in range(5):
        opt2.step()
        sched2.step()
        out += [sched2.get_last_lr()[0], opt2.param_groups[0]["momentum"]]
    assert out == pytest.approx(
        [  # PyTorch's values after the same resume: (lr, momentum) pairs
            0.5559840141227016,
            0.8944017761948346,
            0.28306099820869923,
            0.9216941869558779,
            0.0766415938342564,
            0.9423362099614142,
            4e-06,
            0.95,
            0.07664159383425634,
            0.9423362099614142,
        ],
        abs=1e-15,
    )
    resumed = lr_scheduler.OneCycleLR(opt2, 1.0, total_steps=8, last_epoch=4)
    assert resumed.last_epoch == 5  # creating it takes one step, as in PyTorch


def _lr_sequence(make, steps: int = 9) -> list:
    param = torch.nn.Parameter(torch.ones(1))
    optimizer = torch.optim.SGD([param], lr=0.1)
    scheduler = make(optimizer)
    lrs = []
    for _ in range(steps):
        optimizer.step()
        scheduler.step()
        lrs.append(scheduler.get_last_lr()[0])
    return lrs


def test_constant_and_linear_warm_up_schedules():
    sched = torch.optim.lr_scheduler
    # PyTorch 2.13's sequences (its recursive form, rounding included)
    assert _lr_sequence(lambda o: sched.ConstantLR(o)) == [0.03333333333333333] * 4 + [0.1] * 5
    assert (
        _lr_sequence(lambda o: sched.ConstantLR(o, factor=0.5, total_iters=3))
        == [0.05, 0.05] + [0.1] * 7
    )
    assert _lr_sequence(lambda o: sched.LinearLR(o)) == [
        0.04666666666666667,
        0.060000000000000005,
        0.07333333333333335,
        0.08666666666666668,
        0.1,
        0.1,
        0.1,
        0.1,
        0.1,
    ]
    assert (
        _lr_sequence(lambda o: sched.LinearLR(o, 1.0, 0.1, 4))
        == [0.07750000000000001, 0.055000000000000014, 0.03250000000000001] + [0.01] * 6
    )
    param = torch.nn.Parameter(torch.ones(1))
    optimizer = torch.optim.SGD([param], lr=0.1)
    scheduler = sched.LinearLR(optimizer, 0.5, 1.0, 4)
    optimizer.step()
    with pytest.warns(UserWarning):  # step(epoch) is deprecated, as in PyTorch
        scheduler.step(3)
    assert scheduler.get_last_lr() == [0.08750000000000001]  # the closed form
    for make, text in [
        (
            lambda: sched.ConstantLR(optimizer, factor=2),
            "Constant multiplicative factor expected to be between 0 and 1.",
        ),
        (
            lambda: sched.LinearLR(optimizer, start_factor=0),
            "Starting multiplicative factor expected to be greater than 0 and less or equal to 1.",
        ),
        (
            lambda: sched.LinearLR(optimizer, end_factor=1.5),
            "Ending multiplicative factor expected to be between 0 and 1.",
        ),
    ]:
        with pytest.raises(ValueError) as err:
            make()
        assert str(err.value) == text


def test_polynomial_lr():
    out, _ = scheduled(lambda o: lr_scheduler.PolynomialLR(o))
    # PyTorch's sequence: linear decay to 0 over 5 epochs, then 0
    assert [lrs[0] for lrs in out] == [
        0.1,
        0.08000000000000002,
        0.060000000000000005,
        0.04000000000000001,
        0.02,
    ] + [0.0] * 8
    assert out[4][1] == 0.09999999999999998
    out, sched = scheduled(lambda o: lr_scheduler.PolynomialLR(o, total_iters=4, power=2.0), 6)
    assert (
        out
        == [
            [0.1, 0.5],
            [0.05625, 0.28125],
            [0.024999999999999998, 0.125],
            [0.0062499999999999995, 0.03125],
        ]
        + [[0.0, 0.0]] * 3
    )
    assert sorted(sched.state_dict()) == [
        "_get_lr_called_within_step",
        "_is_initial",
        "_last_lr",
        "_step_count",
        "base_lrs",
        "last_epoch",
        "power",
        "total_iters",
    ]
    with pytest.warns(UserWarning, match="^The epoch parameter"):
        sched.step(2)
    assert sched.get_last_lr() == [0.025, 0.125]  # PyTorch's closed form
    with pytest.warns(UserWarning, match="^The epoch parameter"):
        sched.step(9)
    assert sched.get_last_lr() == [0.0, 0.0]


def test_polynomial_lr_state_dict_round_trip():
    opt = two_groups()
    sched = lr_scheduler.PolynomialLR(opt, total_iters=4, power=2.0)
    opt.step()
    sched.step()
    opt2 = two_groups()
    resumed = lr_scheduler.PolynomialLR(opt2, total_iters=9)
    resumed.load_state_dict(sched.state_dict())
    opt2.load_state_dict(opt.state_dict())
    for _ in range(2):
        opt2.step()
        resumed.step()
    assert resumed.get_last_lr() == [0.0062499999999999995, 0.03125]  # as without the resume
    assert resumed.state_dict() == {
        **sched.state_dict(),
        "last_epoch": 3,
        "_step_count": 4,
        "_last_lr": [0.0062499999999999995, 0.03125],
    }


def test_cosine_annealing_warm_restarts_per_epoch():
    out, sched = scheduled(
        lambda o: lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2, eta_min=0.01)
    )
    # PyTorch's sequence: restarts at epochs 3 and 9 (periods 3, 6, 12)
    assert [lrs[0] for lrs in out] == [
        0.1,
        0.0775,
        0.032500000000000015,
        0.1,
        0.09397114317029975,
        0.0775,
        0.05500000000000001,
        0.032500000000000015,
        0.01602885682970026,
        0.1,
        0.09846666218300808,
        0.09397114317029975,
        0.08681980515339464,
    ]
    assert out[-1][1] == 0.4282411613907041
    assert sorted(sched.state_dict()) == [
        "T_0",
        "T_cur",
        "T_i",
        "T_mult",
        "_get_lr_called_within_step",
        "_is_initial",
        "_last_lr",
        "_step_count",
        "base_lrs",
        "eta_min",
        "last_epoch",
    ]
    # PyTorch's step() here never counts steps
    assert (sched.T_i, sched.T_cur, sched.last_epoch, sched._step_count) == (12, 3, 12, 0)


def test_cosine_annealing_warm_restarts_fractional_epochs():
    opt = two_groups()
    sched = lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2)
    seen = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # PyTorch warns neither about step(epoch) nor the order
        for epoch in range(3):
            for i in range(4):  # per batch, as PyTorch's docs show
                opt.step()
                sched.step(epoch + i / 4)
                seen.append((sched.get_last_lr()[0], sched.T_cur, sched.T_i, sched.last_epoch))
    quarter = [
        (0.1, 0.0),
        (0.09619397662556434, 0.25),
        (0.08535533905932738, 0.5),
        (0.0691341716182545, 0.75),
        (0.05, 1.0),
        (0.030865828381745515, 1.25),
        (0.014644660940672627, 1.5),
        (0.0038060233744356634, 1.75),
    ]
    # PyTorch's values (lr, T_cur, T_i, last_epoch)
    assert seen == [(lr, t, 2, int(t // 1)) for lr, t in quarter] + [
        (lr, t, 2, 2) for lr, t in quarter[:4]
    ]

    sched = lr_scheduler.CosineAnnealingWarmRestarts(two_groups(), T_0=2, T_mult=3)
    seen = []
    for epoch in [0.5, 2, 3.5, 7.25, 8, 26, 30.5, None]:  # jumps, then one plain step
        sched.step(epoch)
        seen.append((sched.get_last_lr()[0], sched.T_cur, sched.T_i, sched.last_epoch))
    assert seen == [  # PyTorch's values
        (0.08535533905932738, 0.5, 2, 0),
        (0.1, 0.0, 6, 2),
        (0.08535533905932738, 1.5, 6, 3),
        (0.0038060233744356634, 5.25, 6, 7),
        (0.1, 0.0, 18, 8),
        (0.1, 0.0, 54, 26),
        (0.09829629131445342, 4.5, 54, 30),
        (0.0974621321786517, 5.5, 54, 31),
    ]


def test_cosine_annealing_warm_restarts_errors_and_state_dict():
    # PyTorch's texts
    for kwargs, error, text in [
        ({"T_0": 0}, ValueError, "Expected positive integer T_0, but got 0"),
        ({"T_0": 2.5}, ValueError, "Expected positive integer T_0, but got 2.5"),
        ({"T_0": 2, "T_mult": 0}, ValueError, "Expected integer T_mult >= 1, but got 0"),
        ({"T_0": 2, "T_mult": 1.5}, ValueError, "Expected integer T_mult >= 1, but got 1.5"),
        (
            {"T_0": 2, "eta_min": "a"},
            ValueError,
            "Expected float or int eta_min, but got a of type <class 'str'>",
        ),
        ({"T_0": "a"}, TypeError, "'<=' not supported between instances of 'str' and 'int'"),
    ]:
        with pytest.raises(error) as info:
            lr_scheduler.CosineAnnealingWarmRestarts(two_groups(), **kwargs)
        assert str(info.value) == text
    opt = two_groups()
    sched = lr_scheduler.CosineAnnealingWarmRestarts(opt, 2, T_mult=2)
    with pytest.raises(ValueError, match="^Expected non-negative epoch, but got -1$"):
        sched.step(-1)
    with pytest.warns(UserWarning, match=r"please use `get_last_lr\(\)`"):
        sched.get_lr()
    for _ in range(4):
        sched.step()
    opt2 = two_groups()
    resumed = lr_scheduler.CosineAnnealingWarmRestarts(opt2, 5)
    resumed.load_state_dict(sched.state_dict())
    sched.step()
    resumed.step()
    assert (resumed.T_i, resumed.T_cur) == (sched.T_i, sched.T_cur) == (4, 3)
    assert (
        resumed.get_last_lr() == sched.get_last_lr() == [0.014644660940672627, 0.07322330470336313]
    )


def constant_then_exponential(opt):
    return lr_scheduler.SequentialLR(
        opt,
        [
            lr_scheduler.ConstantLR(opt, factor=0.1, total_iters=2),
            lr_scheduler.ExponentialLR(opt, gamma=0.9),
        ],
        milestones=[3],
    )


def inner_state(**attrs):
    """A combined scheduler's state_dict entry for one of its schedulers (base lrs 0.1, 0.5)."""
    return {
        "base_lrs": [0.1, 0.5],
        "_is_initial": False,
        "_get_lr_called_within_step": False,
        **attrs,
    }


def test_sequential_lr():
    out, sched = scheduled(constant_then_exponential, 8)
    # PyTorch's sequence: the ExponentialLR starts afresh (from the base lr) at epoch 3
    assert out == [
        [0.010000000000000002, 0.05],
        [0.010000000000000002, 0.05],
        [0.10000000000000002, 0.5],
        [0.1, 0.5],
        [0.09000000000000001, 0.45],
        [0.08100000000000002, 0.405],
        [0.07290000000000002, 0.36450000000000005],
        [0.06561000000000002, 0.32805000000000006],
        [0.05904900000000002, 0.2952450000000001],
    ]
    assert (sched.last_epoch, [s.last_epoch for s in sched._schedulers]) == (8, [2, 5])
    assert sched.state_dict() == {  # PyTorch's state_dict
        "_milestones": [3],
        "last_epoch": 8,
        "_last_lr": [0.05904900000000002, 0.2952450000000001],
        "_schedulers": [
            inner_state(
                factor=0.1,
                total_iters=2,
                last_epoch=2,
                _step_count=3,
                _last_lr=[0.10000000000000002, 0.5],
            ),
            inner_state(
                gamma=0.9,
                last_epoch=5,
                _step_count=6,
                _last_lr=[0.05904900000000002, 0.2952450000000001],
            ),
        ],
    }
    out, _ = scheduled(
        lambda o: lr_scheduler.SequentialLR(
            o,
            [
                lr_scheduler.LinearLR(o, 0.5, total_iters=2),
                lr_scheduler.StepLR(o, 2, 0.5),
                lr_scheduler.CosineAnnealingLR(o, T_max=3),
            ],
            milestones=[2, 5],
        ),
        10,
    )
    assert [lrs[0] for lrs in out] == [  # PyTorch's sequence
        0.05,
        0.07500000000000001,
        0.1,
        0.1,
        0.05,
        0.1,
        0.07500000000000001,
        0.025000000000000015,
        0.0,
        0.024999999999999994,
        0.07500000000000005,
    ]


def resumed_from(make, opt, state: dict) -> tuple:
    """A fresh two_groups() optimizer and `make`'s scheduler on it, resumed from `opt` and the
    scheduler state `state`."""
    opt2 = two_groups()
    resumed = make(opt2)
    opt2.load_state_dict(opt.state_dict())
    resumed.load_state_dict(state)
    return opt2, resumed


def test_sequential_lr_state_dict_round_trip():
    opt = two_groups()
    sched = constant_then_exponential(opt)
    for _ in range(4):
        opt.step()
        sched.step()
    state = sched.state_dict()
    opt2, resumed = resumed_from(constant_then_exponential, opt, state)
    assert "_schedulers" in state  # loading leaves the given dict as it was
    assert resumed.state_dict() == state
    for _ in range(2):
        opt2.step()
        resumed.step()
    assert resumed.get_last_lr() == [0.07290000000000002, 0.36450000000000005]


def chained(opt):
    return lr_scheduler.ChainedScheduler(
        [
            lr_scheduler.ConstantLR(opt, factor=0.1, total_iters=3),
            lr_scheduler.ExponentialLR(opt, gamma=0.9),
        ]
    )


def test_chained_scheduler():
    out, sched = scheduled(chained, 6)
    # PyTorch's sequence: both factors at once, the ConstantLR's ending at epoch 3
    assert out == [
        [0.010000000000000002, 0.05],
        [0.009000000000000003, 0.045000000000000005],
        [0.008100000000000003, 0.04050000000000001],
        [0.07290000000000003, 0.3645000000000001],
        [0.06561000000000003, 0.3280500000000001],
        [0.059049000000000025, 0.2952450000000001],
        [0.05314410000000002, 0.2657205000000001],
    ]
    state = sched.state_dict()
    assert state == {  # PyTorch's state_dict
        "_last_lr": [0.05314410000000002, 0.2657205000000001],
        "_schedulers": [
            inner_state(
                factor=0.1,
                total_iters=3,
                last_epoch=6,
                _step_count=7,
                _last_lr=[0.059049000000000025, 0.2952450000000001],
            ),
            inner_state(
                gamma=0.9,
                last_epoch=6,
                _step_count=7,
                _last_lr=[0.05314410000000002, 0.2657205000000001],
            ),
        ],
    }
    opt2, resumed = resumed_from(chained, sched.optimizer, state)
    assert resumed.state_dict() == state and resumed.optimizer is opt2
    opt2.step()
    resumed.step()
    assert resumed.get_last_lr() == [0.04782969000000002, 0.23914845000000007]  # PyTorch's


def test_sequential_and_chained_scheduler_errors():
    opt, other = two_groups(), two_groups()
    step_lr, exp_lr = lr_scheduler.StepLR(opt, 2), lr_scheduler.ExponentialLR(opt, 0.9)
    plateau, elsewhere = lr_scheduler.ReduceLROnPlateau(opt), lr_scheduler.StepLR(other, 2)
    other_repr = repr(other)
    # PyTorch's texts
    for cls, make in [
        ("SequentialLR", lambda s: lr_scheduler.SequentialLR(opt, s, [1])),
        ("ChainedScheduler", lr_scheduler.ChainedScheduler),
    ]:
        for schedulers, error, text in [
            (
                [step_lr, 3],
                TypeError,
                f"{cls} at index 1 should have `optimizer` as its attribute.",
            ),
            (
                [step_lr, plateau],
                ValueError,
                f"{cls} does not support `ReduceLROnPlateau` scheduler as it requires additional "
                "kwargs to be specified when calling `step`, but got one at index 1 in the given "
                "schedulers sequence.",
            ),
            (
                [step_lr, elsewhere],
                ValueError,
                f"{cls} expects all schedulers to belong to the same optimizer, but got "
                f"scheduler StepLR at index 1 has {other_repr}, which is different from SGD.",
            ),
        ]:
            with pytest.raises(error) as info:
                make(schedulers)
            assert str(info.value) == text
    assert other_repr.startswith("SGD (\nParameter Group 0\n    dampening: 0\n")
    for make, text in [
        (
            lambda: lr_scheduler.SequentialLR(opt, [], []),
            "SequentialLR expects at least one scheduler, but got no scheduler.",
        ),
        (
            lambda: lr_scheduler.SequentialLR(opt, [step_lr, exp_lr], [1, 2]),
            "Sequential Schedulers expects number of schedulers provided to be one more than "
            "the number of milestone points, but got number of schedulers 2 and the number of "
            "milestones to be equal to 2",
        ),
        (
            lambda: lr_scheduler.ChainedScheduler([]),
            "ChainedScheduler expects at least one scheduler to be chained, but got no scheduler.",
        ),
        (
            lambda: lr_scheduler.ChainedScheduler([step_lr, exp_lr], optimizer=other),
            f"ChainedScheduler expects all schedulers to belong to the same optimizer, but got "
            f"scheduler StepLR at index 0 has {repr(opt)}, which is different from SGD.",
        ),
    ]:
        with pytest.raises(ValueError) as info:
            make()
        assert str(info.value) == text


def cyclic_run(opt, sched, steps):
    """(lr of group 0, its momentum or betas) after creation and after each step."""

    def now():
        group = opt.param_groups[0]
        return sched.get_last_lr()[0], group.get("momentum", group.get("betas"))

    out = [now()]
    for _ in range(steps):
        opt.step()
        sched.step()
        out.append(now())
    return out


def test_cyclic_lr_triangular():
    opt = two_groups(momentum=0.9)
    sched = lr_scheduler.CyclicLR(opt, 0.01, [0.1, 0.2], step_size_up=2, step_size_down=3)
    out = [sched.get_last_lr()]
    for _ in range(12):
        opt.step()
        sched.step()
        out.append(sched.get_last_lr())
    # PyTorch's sequence: 2 steps up, 3 down, from base_lr (which replaces the optimizer's lr)
    up_down = [
        [0.055, 0.10499999999999997],
        [0.09999999999999999, 0.19999999999999996],
        [0.06999999999999999, 0.13666666666666666],
        [0.039999999999999994, 0.07333333333333332],
        [0.01, 0.01],
    ]
    assert out[:6] == [[0.01, 0.01]] + up_down
    assert out[6:] == [
        [0.05500000000000005, 0.10500000000000008],
        up_down[1],
        up_down[2],
        [0.04000000000000003, 0.07333333333333339],
        [0.01, 0.01],
        [0.05500000000000005, 0.10500000000000008],
        up_down[1],
    ]
    assert [(g["lr"], g["initial_lr"], g["momentum"]) for g in opt.param_groups] == [
        (0.09999999999999999, 0.01, 0.8),
        (0.19999999999999996, 0.01, 0.8),
    ]
    state = sched.state_dict()
    assert state == {  # PyTorch's state_dict
        "max_lrs": [0.1, 0.2],
        "total_size": 5.0,
        "step_ratio": 0.4,
        "mode": "triangular",
        "gamma": 1.0,
        "scale_mode": "cycle",
        "cycle_momentum": True,
        "use_beta1": False,
        "base_momentums": [0.8, 0.8],
        "max_momentums": [0.9, 0.9],
        "base_lrs": [0.01, 0.01],
        "last_epoch": 12,
        "_step_count": 13,
        "_is_initial": False,
        "_get_lr_called_within_step": False,
        "_last_lr": [0.09999999999999999, 0.19999999999999996],
        "_scale_fn_custom": None,
    }
    assert list(state)[-1] == "_scale_fn_custom"


def test_cyclic_lr_triangular2_and_exp_range():
    opt = two_groups(momentum=0.9)
    sched = lr_scheduler.CyclicLR(opt, 0.01, 0.1, step_size_up=2, mode="triangular2")
    # PyTorch's values: the amplitude halves each cycle, the momentum mirrors the lr
    assert cyclic_run(opt, sched, 12) == [
        (0.01, 0.9),
        (0.05500000000000001, 0.8500000000000001),
        (0.1, 0.8),
        (0.05500000000000001, 0.8500000000000001),
        (0.01, 0.9),
        (0.0325, 0.875),
        (0.05500000000000001, 0.8500000000000001),
        (0.0325, 0.875),
        (0.01, 0.9),
        (0.02125, 0.8875000000000001),
        (0.0325, 0.875),
        (0.02125, 0.8875000000000001),
        (0.01, 0.9),
    ]
    opt = two_groups(torch.optim.Adam, betas=(0.9, 0.99))
    sched = lr_scheduler.CyclicLR(
        opt,
        0.001,
        0.01,
        step_size_up=2,
        mode="exp_range",
        gamma=0.9,
        base_momentum=0.85,
        max_momentum=0.95,
    )
    assert sched.scale_mode == "iterations"
    assert cyclic_run(opt, sched, 8) == [  # PyTorch's values; Adam's beta1 is cycled
        (0.001, (0.95, 0.99)),
        (0.005050000000000001, (0.9049999999999999, 0.99)),
        (0.008290000000000002, (0.869, 0.99)),
        (0.004280500000000001, (0.91355, 0.99)),
        (0.001, (0.95, 0.99)),
        (0.0036572050000000006, (0.9204755, 0.99)),
        (0.005782969000000001, (0.8968558999999999, 0.99)),
        (0.0031523360500000006, (0.926085155, 0.99)),
        (0.001, (0.95, 0.99)),
    ]


class HalfPerStep:
    """A callable-object scale_fn: its attributes go into the scheduler's state_dict."""

    def __init__(self, k: float = 0.5) -> None:
        self.k = k

    def __call__(self, x: float) -> float:
        return self.k**x


def test_cyclic_lr_custom_scale_fn_and_state_dict_round_trip():
    opt = two_groups(torch.optim.Adagrad)
    sched = lr_scheduler.CyclicLR(
        opt,
        0.01,
        0.1,
        step_size_up=1,
        scale_fn=HalfPerStep(),
        scale_mode="iterations",
        cycle_momentum=False,
    )
    assert cyclic_run(opt, sched, 5) == [  # PyTorch's values
        (0.01, None),
        (0.05500000000000001, None),
        (0.01, None),
        (0.02125, None),
        (0.01, None),
        (0.012812500000000001, None),
    ]
    state = sched.state_dict()
    assert state["_scale_fn_custom"] == {"k": 0.5}
    assert (state["scale_mode"], state["mode"]) == ("iterations", "triangular")
    opt2 = two_groups(torch.optim.Adagrad)
    resumed = lr_scheduler.CyclicLR(
        opt2,
        0.01,
        0.1,
        step_size_up=1,
        scale_fn=HalfPerStep(0.1),
        scale_mode="iterations",
        cycle_momentum=False,
    )
    resumed.load_state_dict(state)
    assert resumed._scale_fn_custom.k == 0.5 and resumed.state_dict() == state
    assert state["_scale_fn_custom"] == {"k": 0.5}  # loading leaves the given dict as it was
    resumed.step()
    sched.step()
    assert resumed.get_last_lr() == sched.get_last_lr() == [0.01, 0.01]
    plain = lr_scheduler.CyclicLR(two_groups(), 0.01, 0.1, scale_fn=lambda x: 1.0)
    assert plain.state_dict()["_scale_fn_custom"] is None  # a lambda cannot be saved
    built_in = lr_scheduler.CyclicLR(two_groups(), 0.01, 0.1, mode="exp_range", scale_mode="cycle")
    built_in.load_state_dict({**built_in.state_dict(), "scale_mode": "cycle"})
    assert built_in.scale_mode == "iterations"  # the mode decides it again, as in PyTorch


def test_cyclic_lr_errors():
    # PyTorch's texts
    for make, error, text in [
        (
            lambda: lr_scheduler.CyclicLR(two_groups(), 0.01, 0.1, mode="foo"),
            ValueError,
            "mode is invalid and scale_fn is None",
        ),
        (
            lambda: lr_scheduler.CyclicLR(two_groups(), [0.01], 0.1),
            ValueError,
            "base_lr must have the same length as optimizer.param_groups. base_lr has 1 "
            "values, param_groups has 2.",
        ),
        (
            lambda: lr_scheduler.CyclicLR(
                two_groups(), 0.01, 0.1, base_momentum=[1], max_momentum=[1, 2, 3]
            ),
            ValueError,
            "base_momentum must have the same length as optimizer.param_groups. base_momentum "
            "has 1 values, param_groups has 2.",
        ),
        (
            lambda: lr_scheduler.CyclicLR(two_groups(torch.optim.Adagrad), 0.01, 0.1),
            ValueError,
            "optimizer must support momentum or beta1 with `cycle_momentum` option enabled",
        ),
        (lambda: lr_scheduler.CyclicLR(3, 0.01, 0.1), TypeError, "int is not an Optimizer"),
    ]:
        with pytest.raises(error) as info:
            make()
        assert str(info.value) == text
