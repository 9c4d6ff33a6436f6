"""Anomaly detection (`detect_anomaly`, `set_detect_anomaly`): PyTorch's autograd debugging mode.

While it is on, every node remembers the stack of the forward call that made it. Backward then
names that forward call when a node's backward fails, and (with `check_nan`) raises as soon as
a node returns a gradient holding nan. Global, not thread-local, as in PyTorch.
"""

from __future__ import annotations

import os
import warnings

from .. import _messages as msg

__all__ = ["detect_anomaly", "set_detect_anomaly"]


class _AnomalyState:
    __slots__ = ("enabled", "check_nan")  # read by every op: a slot reads fastest

    def __init__(self):
        self.enabled = False
        self.check_nan = True


ANOMALY = _AnomalyState()
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def is_anomaly_enabled() -> bool:
    return ANOMALY.enabled


def is_anomaly_check_nan_enabled() -> bool:
    return ANOMALY.check_nan


def set_anomaly_enabled(enabled: bool, check_nan: bool = True) -> None:
    ANOMALY.enabled, ANOMALY.check_nan = bool(enabled), bool(check_nan)


class detect_anomaly:  # noqa: N801 - PyTorch's name
    """Turn anomaly detection on inside a `with` block (or a decorated function)."""

    def __init__(self, check_nan: bool = True) -> None:
        self.prev, self.prev_check_nan = ANOMALY.enabled, ANOMALY.check_nan
        self.check_nan = check_nan
        warnings.warn(
            msg.ANOMALY_ENABLED_WARNING,
            stacklevel=2,
        )

    def __enter__(self) -> None:
        set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *args: object) -> None:
        set_anomaly_enabled(self.prev, self.prev_check_nan)

    def __call__(self, func):
        def wrapper(*args, **kwargs):
            with self:
                return func(*args, **kwargs)

        wrapper.__name__, wrapper.__doc__ = func.__name__, func.__doc__
        return wrapper


class set_detect_anomaly:  # noqa: N801 - PyTorch's name
    """Switch anomaly detection on or off now; as a context manager, restore it on exit."""

    def __init__(self, mode: bool, check_nan: bool = True) -> None:
        self.prev, self.prev_check_nan = ANOMALY.enabled, ANOMALY.check_nan
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self) -> None:
        pass

    def __exit__(self, *args: object) -> None:
        set_anomaly_enabled(self.prev, self.prev_check_nan)


def remember_forward_stack(node) -> None:
    """Keep the forward call's stack in the node's metadata, where PyTorch keeps it (this
    package's own frames at its end left out: PyTorch's ops are not Python frames)."""
    import traceback  # only anomaly mode needs it: not loaded by `import autograd_nb`

    frames = traceback.extract_stack()
    while frames and frames[-1].filename.startswith(_PACKAGE_DIR):
        frames.pop()
    node.metadata["traceback_"] = traceback.format_list(frames)


def apply_watched(node, grads: list) -> tuple:
    """`node._apply(grads)`, refusing nan gradients, naming the forward call if either fails
    (as PyTorch does: its nan check is part of the node's run that the warning reports)."""
    try:
        results = node._apply(grads)
        if ANOMALY.check_nan:
            for i, grad in enumerate(results):
                if grad is not None and bool(grad.isnan().any()):
                    raise RuntimeError(msg.ANOMALY_NAN_OUTPUT.format(name=node.name(), i=i))
    except Exception:
        stack = node.metadata.get("traceback_")
        if stack:
            warnings.warn(
                msg.ANOMALY_FORWARD_TRACEBACK.format(name=node.name(), stack="".join(stack)),
                stacklevel=2,
            )
        raise
    return results
