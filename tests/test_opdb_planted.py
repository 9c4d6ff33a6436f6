"""The op database catches a wrong derivative wherever it is planted: the backward of every node
class the library defines is scaled by 1.5 in turn, and the database's gradient checks (PyTorch's
recorded gradients, then finite differences) must fail for one of the samples that reach it.

A factor cannot show where a backward passes only zeros or has no derivative at all: such classes
are listed in INERT, each with why, and test_every_inert_class_passes_only_zeros_or_refuses
proves it of each, so the list cannot hide a class with a real gradient."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from _opdb_checks import call, check_gradients
from _opdb_nodes import library_node_classes, reached
from opdb import BY_ID
from opdb.core import as_array, differentiable_outputs

from autograd_nb.autograd import engine, gradcheck
from autograd_nb.autograd.gradcheck import GradcheckError

pytestmark = pytest.mark.opdb

SAMPLES_PER_CLASS = 3

STEP = "a step: its gradient is zero wherever it is defined (PyTorch's too)"
FILL = "a fill or random draw overwrites its input: the old value has no influence (zero gradient)"
NONE = "no derivative: its backward raises PyTorch's error"
INERT: dict[str, str] = {
    **dict.fromkeys(
        "CeilBackward0 FloorBackward0 RoundBackward0 RoundBackward1 TruncBackward0 SignBackward0 "
        "SgnBackward0 AngleBackward0 DivBackward2 _StepBackward _SavedStepBackward StepBackward "
        "EqBackward0 EqBackward1 NeBackward0 NeBackward1 LtBackward0 LtBackward1 LeBackward0 "
        "LeBackward1 GtBackward0 GtBackward1 GeBackward0 GeBackward1".split(),
        STEP,
    ),
    **dict.fromkeys(
        "ZeroBackward0 FillBackward2 BernoulliBackward0 BernoulliBackward1 "
        "BernoulliBackward2 UniformBackward0 NormalBackward0 RandomBackward0 RandomBackward1 "
        "RandomBackward2 ExponentialBackward0 CauchyBackward0 LogNormalBackward0 "
        "GeometricBackward0 PoissonBackward0 _ResampledBackward".split(),
        FILL,
    ),
    **dict.fromkeys(
        "Unique2Backward0 UniqueDimBackward0 UniqueConsecutiveBackward0 _NoDerivative "
        "NotImplemented SpecialZetaBackward2".split(),
        NONE,
    ),
    "AccumulateGrad": "the leaf's accumulator: adds the gradient into .grad and returns none",
    "FunctionBackward": "Function's own node class, in no graph: Function.forward raises, and "
    "each subclass of Function gets a node class of its own",
}


def _scaled(result):
    if isinstance(result, tuple | list):
        return type(result)(None if g is None else g * 1.5 for g in result)
    return None if result is None else result * 1.5


def _plant(monkeypatch, cls) -> None:
    original = cls.backward

    def planted(self, *grads):
        return _scaled(original(self, *grads))

    monkeypatch.setattr(cls, "backward", planted)


def _gradients(op, k, device) -> list:
    """The sample's gradients (None where an input gets none), or [] if backward refuses."""
    import autograd_nb as torch

    outputs, leaves = call(op, k, device, grad=True)
    picked = differentiable_outputs(outputs, torch, op.shape_only_outputs)
    if not picked:
        return []
    loss = sum((outputs[i] * (i + 1.0)).sum() for i in picked)
    try:
        grads = torch.autograd.grad(loss, leaves, allow_unused=True)
    except (RuntimeError, NotImplementedError):
        return []
    return [None if g is None else g.detach().cpu().numpy().copy() for g in grads]


def _caught(op, k, device) -> bool:
    """Whether the database's checks fail on sample k: PyTorch's gradient, finite differences."""
    try:
        check_gradients(op, k, device)
    except Exception:  # noqa: BLE001 - any failure of the check counts
        return True
    if not op.make_samples()[k].gradcheck:  # a kink, a tie: finite differences do not apply
        return False
    outputs, leaves = call(op, k, device, grad=True)
    import autograd_nb as torch

    picked = differentiable_outputs(outputs, torch)
    if not picked or not leaves or not all(leaf.numel() for leaf in leaves):
        return False
    if any(
        outputs[i].dtype != torch.float64 or not np.isfinite(as_array(outputs[i])).all()
        for i in picked
    ):
        return False  # finite differences need float64 and finite values
    xs = tuple(leaf.detach().requires_grad_(True) for leaf in leaves)

    def f(*given):
        outs, _ = call(op, k, device, grad=True, given=iter(given))
        return tuple(outs[i] for i in picked)

    try:
        gradcheck(f, xs, fast_mode=sum(x.numel() for x in xs) > 8)
    except GradcheckError:
        return True
    except (RuntimeError, NotImplementedError):
        return False
    return False


def _changes_nothing(op, k, device, before: list) -> bool:
    """Whether the planted factor leaves the sample's gradients as they were (the node passes
    only zeros there: a factor cannot show)."""
    after = _gradients(op, k, device)
    return len(after) == len(before) and all(
        (a is None and b is None) or (a is not None and b is not None and np.array_equal(a, b))
        for a, b in zip(after, before)
    )


@functools.cache
def _clean(entry_id: str, k: int, device: str) -> bool:
    """Whether sample k passes the checks as the library is (a planted bug must then fail it)."""
    with engine.use_reference_only():
        return not _caught(BY_ID[entry_id], k, device)


def _heirs(cls) -> list:
    """The node classes that run `cls.backward`: cls and the subclasses that inherit it (a base
    class is planted through the classes built on it); where cls holds the function itself, also
    the classes the library makes at run time around the same function (`TBackward0_copy`,
    `SplitBackward0_copy`, ...: one backward, so a bug planted in it is one bug)."""
    backward = cls.backward
    known = library_node_classes() | set(reached())
    if vars(cls).get("backward") is backward:
        return [c for c in known if c.backward is backward]
    return [c for c in known if cls in c.__mro__ and c.backward is backward]


def _owners(cls) -> list:
    """Where the planted bug goes: cls, and the classes holding the same function themselves."""
    if vars(cls).get("backward") is not cls.backward:
        return [cls]
    return [c for c in _heirs(cls) if vars(c).get("backward") is cls.backward]


def _uses(cls) -> list:
    """(entry, sample, device) reaching a class that runs cls.backward, on the CPU, else on the
    simulated CUDA device (nodes only its kernels make: NativeDropoutBackward0)."""
    for device in ("cpu", "cuda"):
        found = [(op, k, device) for heir in _heirs(cls) for op, k in reached(device).get(heir, [])]
        if found:
            return found
    return []


def _check_class(monkeypatch, cls) -> str:
    """'caught', 'inert' (the node's gradients are unchanged on every sample), 'missed',
    'unreached' (no sample reaches it) or 'failing' (no sample reaching it passes the checks
    even without a planted bug)."""
    reaching = _uses(cls)
    if not reaching:
        return "unreached"
    uses = [(op, k, d) for op, k, d in reaching if _clean(op.id, k, d)][:SAMPLES_PER_CLASS]
    if not uses:
        return "failing"
    before = [_gradients(*use) for use in uses]
    with monkeypatch.context() as m:
        for owner in _owners(cls):
            _plant(m, owner)
        with engine.use_reference_only():  # the fast engine may run a registered kernel instead
            if any(_caught(*use) for use in uses):
                return "caught"
            if all(_changes_nothing(*use, b) for use, b in zip(uses, before)):
                return "inert"
    return "missed"


# made only by the CUDA device's kernels (PyTorch's fused dropout): checked where it runs
CUDA_ONLY = {"NativeDropoutBackward0"}


def test_a_planted_wrong_derivative_in_any_node_class_is_caught(monkeypatch, request):
    skip = set(INERT) | (CUDA_ONLY if request.config.getoption("--no-simulated-cuda") else set())
    checked = [cls for cls in library_node_classes() if cls.__name__ not in skip]
    results = {cls: _check_class(monkeypatch, cls) for cls in checked}
    wrong = sorted(f"{cls.__name__}: {r}" for cls, r in results.items() if r != "caught")
    assert not wrong, f"a gradient scaled by 1.5 passes the op database in {wrong}"


def _inputs(torch):
    gen = torch.Generator().manual_seed(26)
    x, y = (torch.rand(2, 3, dtype=torch.float64, generator=gen).requires_grad_() for _ in "xy")
    return x, y


def _stepped(op, *args, **kwargs):
    return lambda x, y: (getattr(x, op)(*args, **kwargs), (x,))


def _compared(op, with_tensor):
    """An in-place comparison of a clone of x with a number (Backward0) or with y (Backward1)."""
    if with_tensor:
        return lambda x, y: (getattr(x.clone(), op)(y), (x, y))
    return lambda x, y: (getattr(x.clone(), op)(0.5), (x,))


def _filled(op, *args):
    return lambda x, y: (getattr(x.clone(), op)(*args), (x,))


def _made(torch) -> dict:
    """INERT class name -> (x, y) -> (output whose grad_fn is of that class, inputs)."""
    comparisons = {
        f"{op.capitalize()}Backward{int(t)}": _compared(op + "_", t)
        for op in ("eq", "ne", "lt", "le", "gt", "ge")
        for t in (False, True)
    }
    return {
        "CeilBackward0": _stepped("ceil"),
        "FloorBackward0": _stepped("floor"),
        "RoundBackward0": _stepped("round"),
        "RoundBackward1": _stepped("round", decimals=1),
        "TruncBackward0": _stepped("trunc"),
        "SignBackward0": _stepped("sign"),
        "SgnBackward0": _stepped("sgn"),
        "AngleBackward0": _stepped("angle"),
        "DivBackward2": lambda x, y: (x.div(y, rounding_mode="floor"), (x, y)),
        **comparisons,
        "ZeroBackward0": _filled("zero_"),
        "FillBackward2": _filled("fill_", 0.5),
        "BernoulliBackward0": lambda x, y: (torch.bernoulli(x), (x,)),
        "BernoulliBackward1": lambda x, y: (x.clone().bernoulli_(y), (x, y)),
        "BernoulliBackward2": _filled("bernoulli_", 0.3),
        "UniformBackward0": _filled("uniform_"),
        "NormalBackward0": _filled("normal_"),
        "RandomBackward0": _filled("random_", 1, 5),
        "RandomBackward1": _filled("random_", 5),
        "RandomBackward2": _filled("random_"),
        "ExponentialBackward0": _filled("exponential_"),
        "CauchyBackward0": _filled("cauchy_"),
        "LogNormalBackward0": _filled("log_normal_"),
        "GeometricBackward0": _filled("geometric_", 0.5),
        "PoissonBackward0": lambda x, y: (torch.poisson(x * 3), (x,)),
        "Unique2Backward0": lambda x, y: (torch.unique(x), (x,)),
        "UniqueDimBackward0": lambda x, y: (torch.unique(x, dim=0), (x,)),
        "UniqueConsecutiveBackward0": lambda x, y: (torch.unique_consecutive(x), (x,)),
        "NotImplemented": lambda x, y: (torch.heaviside(x, y), (x, y)),
        "SpecialZetaBackward2": lambda x, y: (torch.special.zeta(x + 1.5, 2.0), (x,)),
    }


def test_every_inert_class_passes_only_zeros_or_refuses():
    import autograd_nb as torch

    made = _made(torch)
    for name, why in INERT.items():
        if name not in made:
            continue
        x, y = _inputs(torch)
        out, inputs = made[name](x, y)
        assert type(out.grad_fn).__name__ == name
        weights = torch.rand(out.shape, dtype=out.dtype) + 0.5
        if why == NONE:
            with pytest.raises((RuntimeError, NotImplementedError), match="derivative for"):
                torch.autograd.grad(out, inputs, weights, allow_unused=True)
            continue
        grads = torch.autograd.grad(out, inputs, weights, allow_unused=True)
        assert all(g is None or not g.any() for g in grads), name


def test_every_inert_base_class_passes_its_backward_only_to_inert_classes():
    """A base class on the list (StepBackward...) is inert through the classes inheriting its
    backward: each of them is on the list and proven above."""
    import autograd_nb as torch

    made = _made(torch)
    by_name = {cls.__name__: cls for cls in library_node_classes()}
    for name in INERT.keys() - made.keys() - {"AccumulateGrad", "FunctionBackward"}:
        heirs = {c.__name__ for c in _heirs(by_name[name])} - {name}
        assert heirs, f"{name} runs no class's backward but its own"
        assert heirs <= made.keys(), f"{name}'s backward also runs in {heirs - made.keys()}"


def test_the_leaf_accumulator_returns_no_gradient_and_functions_node_class_is_in_no_graph():
    import autograd_nb as torch

    x, _ = _inputs(torch)
    accumulator = (x * 2).grad_fn.next_functions[0][0]
    assert type(accumulator).__name__ == "AccumulateGrad"
    assert accumulator.backward(torch.ones(2, 3, dtype=torch.float64)) == ()
    assert torch.allclose(x.grad, torch.ones(2, 3, dtype=torch.float64))  # added into .grad
    with pytest.raises(NotImplementedError):
        torch.autograd.Function.apply(x)


def test_every_listed_inert_class_is_a_node_class_of_the_library():
    names = {cls.__name__ for cls in library_node_classes()}
    assert not set(INERT) - names, "INERT names a class the library does not define"
