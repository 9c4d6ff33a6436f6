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
    class is planted through the classes built on it)."""
    backward = cls.backward
    known = library_node_classes() | set(reached())
    return [c for c in known if cls in c.__mro__ and c.backward is backward]


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
        _plant(m, cls)
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
