"""Adadelta, Adamax, NAdam, RAdam, Rprop, ASGD and LBFGS: each against its update rule written out
by hand here, plus trajectories, reprs, errors and state observed with PyTorch 2.13."""

from __future__ import annotations

import copy
import math
import warnings

import numpy as np
import pytest
from test_optim import P0, grad_of, run

import autograd_nb as torch

# --- the rules, one coordinate at a time, in Python floats (float32 where PyTorch keeps a
# float32 scalar tensor: NAdam's mu_product, ASGD's eta and mu) -----------------------------------


def f32(x: float) -> float:
    return float(np.float32(x))


def l2_grad(i, p, maximize, weight_decay):
    return grad_of(i, p, maximize) + weight_decay * p


def adadelta_rule(i, steps, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, maximize=False):
    p, v, u = P0[i], 0.0, 0.0
    for _ in range(steps):
        g = l2_grad(i, p, maximize, weight_decay)
        v = rho * v + (1 - rho) * g * g
        delta = math.sqrt(u + eps) / math.sqrt(v + eps) * g
        u = rho * u + (1 - rho) * delta * delta
        p -= lr * delta
    return p


def adamax_rule(i, steps, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, maximize=False):
    p, m, u = P0[i], 0.0, 0.0
    beta1, beta2 = betas
    for t in range(1, steps + 1):
        g = l2_grad(i, p, maximize, weight_decay)
        m = beta1 * m + (1 - beta1) * g
        u = max(beta2 * u, abs(g) + eps)
        p -= lr / (1 - beta1**t) * m / u
    return p


def decay(i, p, lr, weight_decay, decoupled, maximize):
    """(p, g) after weight decay: p shrunk (decoupled, as AdamW) or g + weight_decay * p."""
    g = grad_of(i, p, maximize)
    if decoupled:
        return p * (1 - lr * weight_decay), g
    return p, g + weight_decay * p


def nadam_rule(
    i,
    steps,
    lr=2e-3,
    betas=(0.9, 0.999),
    eps=1e-8,
    weight_decay=0.0,
    momentum_decay=4e-3,
    decoupled_weight_decay=False,
    maximize=False,
):
    p, m, v, prod = P0[i], 0.0, 0.0, 1.0
    beta1, beta2 = betas
    for t in range(1, steps + 1):
        p, g = decay(i, p, lr, weight_decay, decoupled_weight_decay, maximize)
        mu = beta1 * (1 - 0.5 * 0.96 ** (t * momentum_decay))
        mu_next = beta1 * (1 - 0.5 * 0.96 ** ((t + 1) * momentum_decay))
        prod = f32(prod * f32(mu))  # float32 times float32, as the tensor op
        m, v = beta1 * m + (1 - beta1) * g, beta2 * v + (1 - beta2) * g * g
        denom = math.sqrt(v / (1 - beta2**t)) + eps
        p -= lr * (1 - mu) / (1 - prod) * g / denom
        p -= lr * mu_next / (1 - prod * mu_next) * m / denom
    return p


def radam_rule(
    i,
    steps,
    lr=1e-3,
    betas=(0.9, 0.999),
    eps=1e-8,
    weight_decay=0.0,
    decoupled_weight_decay=False,
    maximize=False,
):
    p, m, v = P0[i], 0.0, 0.0
    beta1, beta2 = betas
    rho_inf = 2 / (1 - beta2) - 1
    for t in range(1, steps + 1):
        p, g = decay(i, p, lr, weight_decay, decoupled_weight_decay, maximize)
        m, v = beta1 * m + (1 - beta1) * g, beta2 * v + (1 - beta2) * g * g
        m_hat = m / (1 - beta1**t)
        rho_t = rho_inf - 2 * t * beta2**t / (1 - beta2**t)
        if rho_t > 5:
            r = math.sqrt(
                (rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)
            )
            p -= lr * m_hat * math.sqrt(1 - beta2**t) / (math.sqrt(v) + eps) * r
        else:
            p -= lr * m_hat
    return p


def rprop_rule(i, steps, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), maximize=False):
    p, prev, size = P0[i], 0.0, lr
    for _ in range(steps):
        g = grad_of(i, p, maximize)
        if g * prev > 0:
            size = min(size * etas[1], step_sizes[1])
        elif g * prev < 0:
            size = max(size * etas[0], step_sizes[0])
            g = 0.0  # the sign flipped: no move this time
        p -= math.copysign(size, g) if g != 0 else 0.0
        prev = g
    return p


def asgd_rule(i, steps, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0, maximize=False):
    p, ax, eta, mu = P0[i], 0.0, f32(lr), 1.0
    for t in range(1, steps + 1):
        g = l2_grad(i, p, maximize, weight_decay)
        p = p * (1 - lambd * eta) - eta * g
        ax = ax + (p - ax) * mu if mu != 1 else p
        eta = f32(lr / (1 + lambd * lr * t) ** alpha)
        mu = f32(1 / max(1, t - t0))
    return p


# (optimizer, kwargs, hand rule, steps, parameter after `steps` steps and its _version, both
# from PyTorch 2.13)
CASES = [
    (
        "Adadelta",
        {},
        adadelta_rule,
        5,
        [0.9836164966361814, -1.983597611640361, 0.48368973728007725],
        5,
    ),
    (
        "Adadelta",
        dict(lr=0.5, rho=0.8, eps=1e-4, weight_decay=0.1, maximize=True),
        adadelta_rule,
        5,
        [1.0611673876530674, -2.0609588760713193, 0.562077149646739],
        5,
    ),
    (
        "Adamax",
        dict(lr=0.1),
        adamax_rule,
        5,
        [0.5397803416860262, -1.5245252542488708, 0.0957167003339356],
        5,
    ),
    (
        "Adamax",
        dict(lr=0.05, betas=(0.8, 0.9), weight_decay=0.1, maximize=True),
        adamax_rule,
        5,
        [1.2432218197273261, -2.2455205609060904, 0.7352971665374903],
        5,
    ),
    (
        "NAdam",
        dict(lr=0.1),
        nadam_rule,
        5,
        [0.6164149973679689, -1.6077815893330147, 0.15590744951467111],
        10,
    ),
    (
        "NAdam",
        dict(lr=0.1, weight_decay=0.1, momentum_decay=0.01),
        nadam_rule,
        5,
        [0.6169645976338175, -1.6078635336722717, 0.15601469499086348],
        10,
    ),
    (
        "NAdam",
        dict(lr=0.1, weight_decay=0.1, decoupled_weight_decay=True, maximize=True),
        nadam_rule,
        5,
        [1.3624520902136699, -2.3067184252961224, 0.906702130296369],
        15,
    ),
    # 8 steps: the rectified (adaptive) branch starts at step 6 with beta2 = 0.9 or 0.999
    (
        "RAdam",
        dict(lr=0.1),
        radam_rule,
        8,
        [0.4089863866823229, -0.3158922545423208, -0.15982303859311842],
        8,
    ),
    (
        "RAdam",
        dict(lr=0.1, betas=(0.9, 0.9), weight_decay=0.1),
        radam_rule,
        8,
        [0.28562280627931774, -0.18228203112284597, -0.18230261503569706],
        8,
    ),
    (
        "RAdam",
        dict(
            lr=0.1, betas=(0.9, 0.9), weight_decay=0.1, decoupled_weight_decay=True, maximize=True
        ),
        radam_rule,
        8,
        [1.7016366171092123, -4.384303166456263, 2.043844464679036],
        16,
    ),
    (
        "Rprop",
        dict(lr=0.1),
        rprop_rule,
        5,
        [0.25584000000000007, -1.2558399999999998, -0.036799999999999944],
        5,
    ),
    (
        "Rprop",
        dict(lr=0.5, etas=(0.3, 1.5), step_sizes=(0.01, 0.6)),
        rprop_rule,
        5,
        [-0.52, 0.29999999999999993, -0.14999999999999997],
        5,
    ),
    (
        "Rprop",
        dict(lr=0.1, maximize=True),
        rprop_rule,
        5,
        [1.7441600000000002, -2.7441600000000004, 1.24416],
        5,
    ),
    (
        "ASGD",
        dict(lr=0.1),
        asgd_rule,
        5,
        [0.4676130390372843, -0.5881012617679886, 0.015823216395539113],
        10,
    ),
    (
        "ASGD",
        dict(lr=0.1, lambd=0.1, alpha=0.5, t0=2, weight_decay=0.1),
        asgd_rule,
        5,
        [0.41407443892800977, -0.5211402587663628, 0.011803829689958452],
        10,
    ),
    (
        "ASGD",
        dict(lr=0.1, t0=0, maximize=True),
        asgd_rule,
        5,
        [1.7935718716374958, -5.125196380441377, 2.798417372151957],
        10,
    ),
]
IDS = [f"{name}-{'-'.join(kwargs)}" for name, kwargs, *_ in CASES]


@pytest.mark.parametrize("name, kwargs, rule, steps, golden, version", CASES, ids=IDS)
def test_matches_the_rule_and_pytorch(device, name, kwargs, rule, steps, golden, version):
    p = run(name, kwargs, device, steps=steps)
    by_hand = [rule(i, steps, **kwargs) for i in range(3)]
    assert p.tolist() == pytest.approx(by_hand, rel=1e-12, abs=1e-14)
    assert p.tolist() == pytest.approx(golden, abs=1e-11)
    assert p._version == version  # PyTorch's in-place updates per step (e.g. NAdam: two)
    assert p.is_leaf and p.grad_fn is None and torch.is_grad_enabled()


# State keys in PyTorch 2.13's order; "step" (and NAdam's mu_product, ASGD's eta and mu) are
# 0-dim float32 tensors.
STATE_KEYS = {
    "Adadelta": ["step", "square_avg", "acc_delta"],
    "Adamax": ["step", "exp_avg", "exp_inf"],
    "NAdam": ["step", "mu_product", "exp_avg", "exp_avg_sq"],
    "RAdam": ["step", "exp_avg", "exp_avg_sq"],
    "Rprop": ["step", "prev", "step_size"],
    "ASGD": ["step", "eta", "mu", "ax"],
}


@pytest.mark.parametrize("name", STATE_KEYS)
def test_state_as_pytorch_keeps_it(name):
    p = torch.tensor(P0, dtype=torch.float64, requires_grad=True)
    opt = getattr(torch.optim, name)([p], lr=0.1)
    assert len(opt.state) == 0  # created lazily, at the first step
    for _ in range(3):
        p.grad = torch.ones_like(p)
        opt.step()
    state = opt.state[p]
    assert list(state) == STATE_KEYS[name]
    for key, value in state.items():
        if key in ("step", "mu_product", "eta", "mu"):
            assert value.dtype == torch.float32 and value.shape == ()
        else:
            assert value.dtype == torch.float64 and value.shape == (3,)
            assert not value.requires_grad
    assert state["step"].item() == 3.0


def test_rprop_step_sizes_grow_shrink_and_clamp():
    # PyTorch 2.13: step_size after the steps [+, +, -, -] of a two-coordinate gradient
    p = torch.zeros(2, requires_grad=True)
    opt = torch.optim.Rprop([p], lr=0.4, etas=(0.25, 2.0), step_sizes=(0.05, 1.0))
    for g in ([1.0, -1.0], [1.0, 1.0], [-1.0, 1.0], [-1.0, 1.0]):
        p.grad = torch.tensor(g)
        opt.step()
    # coordinate 0 moves -0.4, -0.8, not at all (sign flip: size 0.2, prev 0), +0.2;
    # coordinate 1 moves +0.4, not at all (flip: size 0.1), -0.1, -0.2
    assert opt.state[p]["step_size"].tolist() == pytest.approx([0.2, 0.2])
    assert opt.state[p]["prev"].tolist() == [-1.0, 1.0]
    assert p.tolist() == pytest.approx([-1.0, 0.1])


# (optimizer, p and q after 4 steps with two groups (lr 0.1 and 0.05) halved every 2 steps by
# StepLR), from PyTorch 2.13
GROUPS = [
    ("Adadelta", {}, [0.9990271726239641, -1.999027193317093], [0.5004858744694268]),
    ("Adamax", {}, [0.7107423597447542, -1.7121564003493448], [0.5986150249936949]),
    ("NAdam", {}, [0.749068886905601, -1.7495172811832815], [0.5791322475323155]),
    ("RAdam", {}, [0.3350813016668569, -1.073817876197146], [0.5257251247317838]),
    ("Rprop", {}, [0.46320000000000006, -1.4631999999999998], [0.5800000000000001]),
    ("ASGD", dict(t0=1), [0.3225097545445804, -1.0598402389129296], [0.5177944931762841]),
]


def two_group_run(name, kwargs, steps, opt=None, params=None):
    """`steps` steps with p in one group and q (added later, lr 0.05) in another."""
    p, q = params or (
        torch.tensor([1.0, -2.0], dtype=torch.float64, requires_grad=True),
        torch.tensor([0.5], dtype=torch.float64, requires_grad=True),
    )
    if opt is None:
        opt = getattr(torch.optim, name)([p], lr=0.1, **kwargs)
        opt.add_param_group({"params": [q], "lr": 0.05})
    for _ in range(steps):
        opt.zero_grad()
        ((p * p).sum() + (q * p).sum() + q.sum() ** 3).backward()
        opt.step()
    return p, q, opt


@pytest.mark.parametrize("name, kwargs, p_golden, q_golden", GROUPS, ids=[g[0] for g in GROUPS])
def test_param_groups_and_lr_scheduler(name, kwargs, p_golden, q_golden):
    p, q, opt = two_group_run(name, kwargs, 0)
    assert opt.param_groups[1]["lr"] == 0.05
    assert {k: v for k, v in opt.param_groups[1].items() if k not in ("params", "lr")} == {
        k: v for k, v in opt.defaults.items() if k != "lr"
    }  # the rest from the defaults
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    for _ in range(4):
        two_group_run(name, kwargs, 1, opt, (p, q))
        sched.step()
    assert sched.get_last_lr() == [0.025, 0.0125]
    assert p.tolist() == pytest.approx(p_golden, abs=1e-12)
    assert q.tolist() == pytest.approx(q_golden, abs=1e-12)


@pytest.mark.parametrize("name, kwargs", [g[:2] for g in GROUPS], ids=[g[0] for g in GROUPS])
def test_state_dict_round_trip(name, kwargs):
    p, q, opt = two_group_run(name, kwargs, 3)
    saved = copy.deepcopy(opt.state_dict())
    assert saved["state"][0]["step"].item() == 3.0 and saved["param_groups"][1]["params"] == [1]
    p2, q2 = p.detach().clone().requires_grad_(), q.detach().clone().requires_grad_()
    _, _, opt2 = two_group_run(name, kwargs, 0, params=(p2, q2))
    opt2.load_state_dict(saved)
    assert opt2.param_groups[1]["lr"] == 0.05 and opt2.state[q2]["step"].item() == 3.0
    # As in PyTorch 2.13, loading casts every floating state tensor but "step" to the
    # parameter's dtype: NAdam's mu_product and ASGD's eta and mu become float64.
    assert {k for k, v in opt2.state[p2].items() if v.dtype == torch.float32} == {"step"}
    two_group_run(name, kwargs, 2, opt, (p, q))
    two_group_run(name, kwargs, 2, opt2, (p2, q2))
    assert p2.tolist() == pytest.approx(p.tolist(), rel=1e-8)
    assert q2.tolist() == pytest.approx(q.tolist(), rel=1e-8)
    opt.zero_grad()
    assert p.grad is None


# Golden reprs from PyTorch 2.13 (the lines between "Parameter Group 0" and ")").
REPRS = {
    "Adadelta": "capturable: False|differentiable: False|eps: 1e-06|foreach: None|lr: 1.0|"
    "maximize: False|rho: 0.9|weight_decay: 0",
    "Adamax": "betas: (0.9, 0.999)|capturable: False|differentiable: False|eps: 1e-08|"
    "foreach: None|lr: 0.002|maximize: False|weight_decay: 0",
    "NAdam": "betas: (0.9, 0.999)|capturable: False|decoupled_weight_decay: False|"
    "differentiable: False|eps: 1e-08|foreach: None|lr: 0.002|maximize: False|"
    "momentum_decay: 0.004|weight_decay: 0",
    "RAdam": "betas: (0.9, 0.999)|capturable: False|decoupled_weight_decay: False|"
    "differentiable: False|eps: 1e-08|foreach: None|lr: 0.001|maximize: False|"
    "weight_decay: 0",
    "Rprop": "capturable: False|differentiable: False|etas: (0.5, 1.2)|foreach: None|lr: 0.01|"
    "maximize: False|step_sizes: (1e-06, 50)",
    "ASGD": "alpha: 0.75|capturable: False|differentiable: False|foreach: None|lambd: 0.0001|"
    "lr: 0.01|maximize: False|t0: 1000000.0|weight_decay: 0",
    "LBFGS": "history_size: 100|line_search_fn: None|lr: 1|max_eval: 25|max_iter: 20|"
    "tolerance_change: 1e-09|tolerance_grad: 1e-07",
}


@pytest.mark.parametrize("name", REPRS)
def test_reprs_and_defaults(name):
    w = torch.zeros(2, requires_grad=True)
    lines = "".join(f"    {line}\n" for line in REPRS[name].split("|"))
    assert repr(getattr(torch.optim, name)([w])) == f"{name} (\nParameter Group 0\n{lines})"


def test_lbfgs_state_dict_without_state():
    # PyTorch 2.13's state_dict() of a fresh LBFGS
    w = torch.zeros(2, requires_grad=True)
    assert torch.optim.LBFGS([w]).state_dict() == {
        "state": {},
        "param_groups": [
            {
                "lr": 1,
                "max_iter": 20,
                "max_eval": 25,
                "tolerance_grad": 1e-07,
                "tolerance_change": 1e-09,
                "history_size": 100,
                "line_search_fn": None,
                "params": [0],
            }
        ],
    }


ERRORS = [  # ValueError texts from PyTorch 2.13
    ("Adadelta", dict(rho=1.5), "Invalid rho value: 1.5"),
    ("Adadelta", dict(lr=-1), "Invalid learning rate: -1"),
    ("Adadelta", dict(eps=-1e-3), "Invalid epsilon value: -0.001"),
    ("Adadelta", dict(weight_decay=-0.1), "Invalid weight_decay value: -0.1"),
    ("Adamax", dict(betas=(0.9, 1.0)), "Invalid beta parameter at index 1: 1.0"),
    ("Adamax", dict(eps=-1), "Invalid epsilon value: -1"),
    ("NAdam", dict(momentum_decay=-0.1), "Invalid momentum_decay value: -0.1"),
    ("NAdam", dict(betas=(-0.1, 0.9)), "Invalid beta parameter at index 0: -0.1"),
    ("RAdam", dict(weight_decay=-1), "Invalid weight_decay value: -1"),
    ("Rprop", dict(etas=(1.0, 1.2)), "Invalid eta values: 1.0, 1.2"),
    ("Rprop", dict(etas=(0.5, 0.9)), "Invalid eta values: 0.5, 0.9"),
    ("Rprop", dict(lr=-0.5), "Invalid learning rate: -0.5"),
    ("ASGD", dict(lr=-0.01), "Invalid learning rate: -0.01"),
    ("ASGD", dict(weight_decay=-2), "Invalid weight_decay value: -2"),
    ("LBFGS", dict(lr=-1), "Invalid learning rate: -1"),
]


@pytest.mark.parametrize("name, kwargs, text", ERRORS)
def test_argument_errors(name, kwargs, text):
    with pytest.raises(ValueError) as error:
        getattr(torch.optim, name)([torch.zeros(2, requires_grad=True)], **kwargs)
    assert str(error.value) == text


# --- LBFGS on the Rosenbrock function ------------------------------------------------------------


def rosenbrock_run(device, kwargs, x0=(-1.5, 2.0), steps=4):
    """`steps` LBFGS steps on (1 - x)^2 + 100 (y - x^2)^2; (loss, x) after each, and the state."""
    x = torch.tensor(x0, dtype=torch.float64, device=device, requires_grad=True)
    opt = torch.optim.LBFGS([x], **kwargs)

    def closure():
        opt.zero_grad()
        loss = (1 - x[0]) ** 2 + 100 * (x[1] - x[0] ** 2) ** 2
        loss.backward()
        return loss

    trajectory = []
    for _ in range(steps):
        loss = opt.step(closure)
        trajectory.append((loss.item(), x.tolist()))
    return trajectory, x, opt


# (kwargs, (loss returned, x) after each of 4 steps, func_evals, n_iter, x._version), from PyTorch
# 2.13. Rounding differences grow along the iterations, hence rel=1e-8.
LBFGS_CASES = [
    (
        dict(lr=1, max_iter=5, history_size=3),
        [
            (12.5, [-1.4105720056597648, 2.0043987053713246]),
            (5.832423263341982, [-1.356570655455078, 1.8105357312607553]),
            (5.6419208657590145, [-0.8584941867722113, 0.7559490969514822]),
            (3.4898609886066048, [-0.7406567824645843, 0.5074887559346841]),
        ],
        20,
        20,
        20,
    ),
    (
        dict(lr=1, max_iter=5, history_size=3, line_search_fn="strong_wolfe"),
        [
            (12.5, [-1.4190151739012853, 2.015228881713949]),
            (5.851898414902332, [-1.1382996644053018, 1.2446282267668267]),
            (4.833424985249163, [-0.5680025987904874, 0.3233359078067535]),
            (2.4586824116143133, [-0.09026694462499765, 0.03233111088726748]),
        ],
        24,
        17,
        57,
    ),
    (
        dict(lr=0.5, line_search_fn="strong_wolfe", tolerance_change=1e-12, tolerance_grad=1e-9),
        [
            (12.5, [-0.4042833224046664, 0.12206215869245746]),
            (2.14326564456935, [0.8165186431839483, 0.6609308333807601]),
            (0.036996846569767844, [0.9999962384395372, 0.9999922295343083]),
            (2.0267980420974937e-11, [0.9999995294071072, 0.9999990278704324]),
        ],
        69,
        63,
        193,
    ),
]


@pytest.mark.parametrize(
    "kwargs, golden, func_evals, n_iter, version",
    LBFGS_CASES,
    ids=["fixed", "wolfe-history3", "wolfe-converges"],
)
def test_lbfgs_rosenbrock_trajectory(device, kwargs, golden, func_evals, n_iter, version):
    trajectory, x, opt = rosenbrock_run(device, kwargs)
    for (loss, point), (loss_ref, point_ref) in zip(trajectory, golden):
        assert loss == pytest.approx(loss_ref, rel=1e-8, abs=1e-15)
        assert point == pytest.approx(point_ref, rel=1e-8)
    state = opt.state[x]
    assert (state["func_evals"], state["n_iter"], x._version) == (func_evals, n_iter, version)
    assert sorted(state) == [
        "H_diag",
        "al",
        "d",
        "func_evals",
        "n_iter",
        "old_dirs",
        "old_stps",
        "prev_flat_grad",
        "prev_loss",
        "ro",
        "t",
    ]
    assert len(state["old_dirs"]) <= kwargs.get("history_size", 100)
    assert x.is_leaf and x.grad_fn is None


def test_lbfgs_first_iteration_by_hand():
    # One iteration is a gradient step of length min(1, 1 / |g|_1) * lr; at (-1.5, 2) the
    # gradient is (-155, -50), so x = (-1.5, 2) + 0.5 / 205 * (155, 50) (PyTorch 2.13 agrees:
    # [-1.1219512195121952, 2.1219512195121952], _version 1, one evaluation).
    trajectory, x, opt = rosenbrock_run("cpu", dict(lr=0.5, max_iter=1), steps=1)
    assert trajectory == [(12.5, pytest.approx([-1.5 + 77.5 / 205, 2.0 + 25 / 205], rel=1e-15))]
    assert x._version == 1 and opt.state[x]["func_evals"] == 1


def test_lbfgs_at_a_minimum_does_nothing():
    # PyTorch 2.13: loss 0 returned, state {'func_evals': 1, 'n_iter': 0}, _version 0
    trajectory, x, opt = rosenbrock_run("cpu", {}, x0=(1.0, 1.0), steps=1)
    assert trajectory == [(0.0, [1.0, 1.0])] and x._version == 0
    assert dict(opt.state[x]) == {"func_evals": 1, "n_iter": 0}


def test_lbfgs_state_dict_round_trip():
    kwargs = dict(max_iter=3, history_size=2, line_search_fn="strong_wolfe")
    _, x, opt = rosenbrock_run("cpu", kwargs, steps=2)
    _, x2, opt2 = rosenbrock_run("cpu", kwargs, steps=0)
    with torch.no_grad():
        x2.copy_(x)
    opt2.load_state_dict(copy.deepcopy(opt.state_dict()))
    for y, o in ((x, opt), (x2, opt2)):

        def closure(y=y, o=o):
            o.zero_grad()
            loss = (1 - y[0]) ** 2 + 100 * (y[1] - y[0] ** 2) ** 2
            loss.backward()
            return loss

        o.step(closure)
    assert x2.tolist() == x.tolist()
    assert opt2.state[x2]["n_iter"] == opt.state[x]["n_iter"]


def test_lbfgs_errors_and_no_spurious_warning(monkeypatch):
    from autograd_nb import _tensor

    w = torch.zeros(2, requires_grad=True)
    opt = torch.optim.LBFGS([w])
    with pytest.raises(
        TypeError,
        match=r"step\(\) missing 1 required positional argument: "
        r"'closure'",
    ):
        opt.step()
    with pytest.raises(ValueError) as error:  # PyTorch 2.13's texts from here on
        torch.optim.LBFGS([{"params": [w]}, {"params": [torch.zeros(1, requires_grad=True)]}])
    assert str(error.value) == "LBFGS doesn't support per-parameter options (parameter groups)"

    def closure():
        opt.zero_grad()
        loss = ((w - 1) ** 2).sum()
        loss.backward()
        return loss

    monkeypatch.setattr(_tensor, "_warned_scalar_of_grad_tensor", False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # PyTorch does not warn for float(loss) under no_grad
        opt.step(closure)
    assert w.tolist() == pytest.approx([1.0, 1.0])
    bad = torch.optim.LBFGS([torch.zeros(2, requires_grad=True)], line_search_fn="backtracking")
    with pytest.raises(RuntimeError, match="^only 'strong_wolfe' is supported$"):
        bad.step(lambda: bad.param_groups[0]["params"][0].sub(1).pow(2).sum().backward() or 1.0)
    opt.add_param_group({"params": [torch.zeros(1, requires_grad=True)]})
    with pytest.raises(AssertionError, match="^Expected exactly one param_group, but got 2$"):
        opt.step(closure)
