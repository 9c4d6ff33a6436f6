"""Grad mode: `no_grad`, `enable_grad`, `set_grad_enabled`, `inference_mode`; thread-local."""

from __future__ import annotations

import functools
import inspect
import threading

__all__ = [
    "no_grad",
    "enable_grad",
    "set_grad_enabled",
    "is_grad_enabled",
    "inference_mode",
    "is_inference_mode_enabled",
]


class _GradState(threading.local):
    enabled = True
    inference = False


STATE = _GradState()

# One entry per thread now in inference mode. Reading a thread-local costs several times a plain
# global, and every new tensor asks whether it is born an inference tensor: while this is empty,
# none is, and the answer needs no thread-local lookup.
INFERENCE_THREADS: list = []


def set_modes(enabled: bool, inference: bool) -> None:
    """Set this thread's grad and inference modes (keeping INFERENCE_THREADS in step).

    An entry is added before a thread enters inference mode and removed after it leaves, so an
    interrupt in between leaves one too many (a slower check), never one too few."""
    leaving = STATE.inference and not inference
    if inference and not STATE.inference:
        INFERENCE_THREADS.append(None)  # list append and pop are atomic across threads
    STATE.enabled, STATE.inference = enabled, inference
    if leaving:
        INFERENCE_THREADS.pop()


def is_grad_enabled() -> bool:
    """True when ops record the graph for backward."""
    return STATE.enabled


def is_inference_mode_enabled() -> bool:
    return STATE.inference


class _ModeContext:
    """A context manager that is also a decorator, as torch's grad-mode classes are."""

    def _enter_state(self):
        raise NotImplementedError

    def __enter__(self):
        self._prev = (STATE.enabled, STATE.inference)
        try:
            self._enter_state()
        except BaseException:  # interrupted before `with` could call __exit__
            set_modes(*self._prev)
            raise
        return None

    def __exit__(self, *exc):
        set_modes(*self._prev)
        return False

    def clone(self):
        return type(self)()

    def __call__(self, func):
        if inspect.isgeneratorfunction(func):
            return _wrap_generator(self.clone, func)

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)

        return wrapper


def _wrap_generator(make_context, func):
    """A decorated generator function: each resumption of the generator runs under the mode,
    and the caller's code between them under its own (PyTorch's `_wrap_generator`)."""

    @functools.wraps(func)
    def generator_context(*args, **kwargs):
        gen = func(*args, **kwargs)
        try:
            with make_context():
                response = gen.send(None)
            while True:
                try:
                    request = yield response
                except GeneratorExit:
                    with make_context():
                        gen.close()
                    raise
                except BaseException as error:  # noqa: BLE001 - handed to the generator
                    with make_context():
                        response = gen.throw(error)
                else:
                    with make_context():
                        response = gen.send(request)
        except StopIteration as stop:
            return stop.value

    return generator_context


class _NoParamDecorator(_ModeContext):
    """A mode that also decorates without parentheses: `@torch.no_grad` as `@torch.no_grad()`."""

    def __new__(cls, orig_func=None):
        if orig_func is None:
            return super().__new__(cls)
        return cls()(orig_func)


class no_grad(_NoParamDecorator):  # noqa: N801
    """Ops inside do not record the graph; their results are leaves with requires_grad=False."""

    def _enter_state(self):
        STATE.enabled = False


class enable_grad(_NoParamDecorator):  # noqa: N801
    """Turns graph recording back on, e.g. inside a `no_grad` block."""

    def _enter_state(self):
        STATE.enabled = True


class set_grad_enabled(_ModeContext):  # noqa: N801
    """Sets grad mode now (as a function) or for a block (as a context manager or decorator)."""

    def __init__(self, mode: bool):
        self.mode = bool(mode)
        self._prev = (STATE.enabled, STATE.inference)
        STATE.enabled = self.mode

    def __enter__(self):
        if not hasattr(self, "_prev"):  # a clone made for a decorated call
            self._prev = (STATE.enabled, STATE.inference)
        STATE.enabled = self.mode
        return None

    def _enter_state(self):
        STATE.enabled = self.mode

    def __call__(self, func):
        set_modes(*self._prev)  # decorating must not switch the mode now
        return super().__call__(func)

    def clone(self):
        copy = object.__new__(set_grad_enabled)  # skip __init__: it would switch the mode now
        copy.mode = self.mode
        return copy


class inference_mode(_ModeContext):  # noqa: N801
    """Like no_grad, and tensors made inside are inference tensors (`is_inference()`)."""

    def __new__(cls, mode=True):
        if isinstance(mode, bool):
            return super().__new__(cls)
        return cls()(mode)  # `@torch.inference_mode` without parentheses

    def __init__(self, mode: bool = True):
        self.mode = bool(mode)

    def _enter_state(self):
        if self.mode:
            set_modes(False, True)

    def clone(self):
        return inference_mode(self.mode)
