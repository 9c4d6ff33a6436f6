"""`nn.Module`: the base class of every layer and model (PyTorch 2.13's registration rules).

A module keeps three ordered dicts: `_parameters` (Parameters), `_buffers` (tensors that are
state but not trained, e.g. BatchNorm's running mean) and `_modules` (children). Assigning an
attribute routes the value by its type (`__setattr__`), reading one falls back to these dicts
(`__getattr__`), and everything else -- `parameters()`, `state_dict()`, `to()`, `zero_grad()`,
the nested `repr` -- is a walk over them.

Calling a module runs forward pre-hooks, `forward`, forward hooks; with full backward hooks the
inputs and outputs pass through an identity autograd Function (`BackwardHookFunction`, as in
PyTorch) whose backward sees the gradients w.r.t. the module's outputs and inputs.
"""

from __future__ import annotations

import functools
import itertools
import warnings
from collections import OrderedDict, namedtuple
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from ... import _messages as msg
from ..._tensor import Tensor, typename
from ...autograd.grad_mode import no_grad
from ...autograd.undo import UndoLog
from ..parameter import Buffer, Parameter
from . import _global_hooks
from ._global_hooks import (
    register_module_backward_hook,
    register_module_buffer_registration_hook,
    register_module_forward_hook,
    register_module_forward_pre_hook,
    register_module_full_backward_hook,
    register_module_full_backward_pre_hook,
    register_module_module_registration_hook,
    register_module_parameter_registration_hook,
)
from ._hook_handles import RemovableHandle, registered
from ._hooked_call import call_with_hooks

__all__ = [
    "Module",
    "RemovableHandle",
    "register_module_backward_hook",
    "register_module_buffer_registration_hook",
    "register_module_forward_hook",
    "register_module_forward_pre_hook",
    "register_module_full_backward_hook",
    "register_module_full_backward_pre_hook",
    "register_module_module_registration_hook",
    "register_module_parameter_registration_hook",
    "typename",
]


def _without_module(hook: Callable, module, *args):
    """Call `hook` without the module it was registered on (a load_state_dict pre-hook)."""
    return hook(*args)


def _refuse(error: Exception):
    """Raise `error` (a device this build has not, met by a module's first tensor)."""
    raise error


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """What `load_state_dict` returns; prints `<All keys matched successfully>` when both empty."""

    __slots__ = ()

    def __repr__(self) -> str:
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


def _addindent(s_: str, num_spaces: int) -> str:
    """Indent every line but the first (blank lines stay empty), for nested module reprs."""
    s = s_.split("\n")
    if len(s) == 1:
        return s_
    first = s.pop(0)
    s = [(num_spaces * " ") + line if line.strip() else "" for line in s]
    return first + "\n" + "\n".join(s)


# --- Module --------------------------------------------------------------------------------------
class Module:
    """Base class for all neural network modules: subclass it, assign layers, write `forward`."""

    dump_patches: bool = False
    T_destination = TypeVar("T_destination", bound=dict)
    _version: int = 1
    training: bool
    call_super_init: bool = False

    def __init__(self, *args, **kwargs) -> None:
        if self.call_super_init is False and bool(kwargs):
            raise TypeError(
                msg.MODULE_INIT_UNEXPECTED_KWARG.format(
                    cls=type(self).__name__, name=next(iter(kwargs))
                )
            )
        if self.call_super_init is False and bool(args):
            raise TypeError(
                msg.MODULE_INIT_POSITIONAL.format(
                    self_type=type(self).__name__, value=len(args) + 1
                )
            )
        setattr_ = super().__setattr__
        setattr_("training", True)
        setattr_("_parameters", {})
        setattr_("_buffers", {})
        setattr_("_non_persistent_buffers_set", set())
        setattr_("_backward_hooks", OrderedDict())
        setattr_("_is_full_backward_hook", None)  # which kind `_backward_hooks` holds
        setattr_("_backward_pre_hooks", OrderedDict())
        setattr_("_forward_hooks", OrderedDict())
        setattr_("_forward_hooks_with_kwargs", OrderedDict())
        setattr_("_forward_hooks_always_called", OrderedDict())
        setattr_("_forward_pre_hooks", OrderedDict())
        setattr_("_forward_pre_hooks_with_kwargs", OrderedDict())
        setattr_("_state_dict_hooks", OrderedDict())
        setattr_("_state_dict_pre_hooks", OrderedDict())
        setattr_("_load_state_dict_pre_hooks", OrderedDict())
        setattr_("_load_state_dict_post_hooks", OrderedDict())
        setattr_("_modules", {})

    def forward(self, *args, **kwargs):
        """Define the computation of the module; called through `module(*args)`."""
        raise NotImplementedError(msg.MODULE_MISSING_FORWARD.format(self_type=type(self).__name__))

    # --- registration ----------------------------------------------------------------------------
    def register_buffer(self, name: str, tensor: Tensor | None, persistent: bool = True) -> None:
        """Add a tensor that is state, not a parameter (in state_dict unless persistent=False)."""
        if "_buffers" not in self.__dict__:
            raise AttributeError(msg.MODULE_BUFFER_BEFORE_INIT)
        if not isinstance(name, str):
            raise TypeError(msg.MODULE_BUFFER_NAME_TYPE.format(typename=typename(name)))
        if "." in name:
            raise KeyError(msg.MODULE_BUFFER_NAME_DOT)
        if name == "":
            raise KeyError(msg.MODULE_BUFFER_NAME_EMPTY)
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(msg.MODULE_ATTRIBUTE_ALREADY_EXISTS.format(name=name))
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(msg.MODULE_BUFFER_TYPE.format(typename=typename(tensor), name=name))
        self._buffers[name] = _global_hooks.registered(
            _global_hooks.buffer_registration_hooks, self, name, tensor
        )
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name: str, param: Parameter | None) -> None:
        """Add a Parameter (or None, a placeholder skipped by parameters() and state_dict())."""
        if "_parameters" not in self.__dict__:
            raise AttributeError(msg.MODULE_PARAMETER_BEFORE_INIT)
        if not isinstance(name, str):
            raise TypeError(msg.MODULE_PARAMETER_NAME_TYPE.format(typename=typename(name)))
        if "." in name:
            raise KeyError(msg.MODULE_PARAMETER_NAME_DOT)
        if name == "":
            raise KeyError(msg.MODULE_PARAMETER_NAME_EMPTY)
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(msg.MODULE_ATTRIBUTE_ALREADY_EXISTS.format(name=name))
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError(msg.MODULE_PARAMETER_TYPE.format(typename=typename(param), name=name))
        elif param.grad_fn:
            raise ValueError(msg.MODULE_PARAMETER_NON_LEAF.format(name=name))
        else:
            self._parameters[name] = _global_hooks.registered(
                _global_hooks.parameter_registration_hooks, self, name, param
            )

    def add_module(self, name: str, module: Module | None) -> None:
        """Add a child module, reachable as the attribute `name`."""
        if not isinstance(module, Module) and module is not None:
            raise TypeError(msg.MODULE_NOT_SUBCLASS.format(typename=typename(module)))
        if not isinstance(name, str):
            raise TypeError(msg.MODULE_NAME_TYPE.format(typename=typename(name)))
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(msg.MODULE_ATTRIBUTE_ALREADY_EXISTS.format(name=name))
        if "." in name:
            raise KeyError(msg.MODULE_NAME_DOT.format(name=name))
        if name == "":
            raise KeyError(msg.MODULE_NAME_EMPTY)
        self._modules[name] = _global_hooks.registered(
            _global_hooks.module_registration_hooks, self, name, module
        )

    def register_module(self, name: str, module: Module | None) -> None:
        """Alias for `add_module`."""
        self.add_module(name, module)

    def get_submodule(self, target: str) -> Module:
        """The submodule at a dotted path such as 'net_b.linear' ('' is the module itself)."""
        if target == "":
            return self
        mod = self
        for item in target.split("."):
            if not hasattr(mod, item):
                raise AttributeError(
                    msg.MODULE_NO_ATTRIBUTE.format(module=mod._get_name(), name=item)
                )
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError(msg.MODULE_NOT_A_MODULE.format(name=item))
        return mod

    def set_submodule(self, target: str, module: Module, strict: bool = False) -> None:
        """Put `module` at the dotted path `target` (replacing one there; with strict, only
        replacing)."""
        if target == "":
            raise ValueError(msg.SET_SUBMODULE_EMPTY)
        if not isinstance(module, Module):
            raise ValueError(msg.SET_SUBMODULE_TYPE.format(type=type(module)))
        *path, name = target.split(".")
        parent = self.get_submodule(".".join(path)) if path else self
        if strict and not hasattr(parent, name):
            raise AttributeError(
                msg.SET_SUBMODULE_MISSING.format(parent=parent._get_name(), name=name)
            )
        if hasattr(parent, name) and not isinstance(getattr(parent, name), Module):
            raise AttributeError(msg.SET_SUBMODULE_NOT_MODULE.format(name=name))
        setattr(parent, name, module)

    def _split_target(self, target: str) -> tuple[Module, str]:
        module_path, _, name = target.rpartition(".")
        return self.get_submodule(module_path), name

    def get_parameter(self, target: str) -> Parameter:
        """The parameter at a dotted path such as 'net_b.linear.weight'."""
        mod, name = self._split_target(target)
        if not hasattr(mod, name):
            raise AttributeError(msg.MODULE_NO_ATTRIBUTE.format(module=mod._get_name(), name=name))
        param = getattr(mod, name)
        if not isinstance(param, Parameter):
            raise AttributeError(msg.MODULE_NOT_A_PARAMETER.format(name=name))
        return param

    def get_buffer(self, target: str) -> Tensor:
        """The buffer at a dotted path such as 'bn.running_mean'."""
        mod, name = self._split_target(target)
        if not hasattr(mod, name):
            raise AttributeError(msg.MODULE_NO_ATTRIBUTE.format(module=mod._get_name(), name=name))
        if name not in mod._buffers:
            raise AttributeError(msg.MODULE_NOT_A_BUFFER.format(name=name))
        return getattr(mod, name)

    # --- attribute routing ---------------------------------------------------------------------
    def __getattr__(self, name: str):
        d = self.__dict__
        if "_parameters" in d:
            if name in d["_parameters"]:
                return d["_parameters"][name]
            if name in d["_buffers"]:
                return d["_buffers"][name]
            if name in d["_modules"]:
                return d["_modules"][name]
        raise AttributeError(
            msg.MODULE_GETATTR_MISSING.format(self_type=type(self).__name__, name=name)
        )

    def __setattr__(self, name: str, value) -> None:
        d = self.__dict__

        def remove_from(*dicts_or_sets) -> None:
            for container in dicts_or_sets:
                if name in container:
                    if isinstance(container, dict):
                        del container[name]
                    else:
                        container.discard(name)

        params = d.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError(msg.MODULE_PARAMETERS_BEFORE_INIT)
            remove_from(d, self._buffers, self._modules, self._non_persistent_buffers_set)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(
                    msg.MODULE_SETATTR_PARAMETER_TYPE.format(typename=typename(value), name=name)
                )
            self.register_parameter(name, value)
        else:
            modules = d.get("_modules")
            if isinstance(value, Module):
                if modules is None:
                    raise AttributeError(msg.MODULE_MODULE_BEFORE_INIT)
                remove_from(d, self._parameters, self._buffers, self._non_persistent_buffers_set)
                modules[name] = _global_hooks.registered(
                    _global_hooks.module_registration_hooks, self, name, value
                )
            elif modules is not None and name in modules:
                if value is not None:
                    raise TypeError(
                        msg.MODULE_SETATTR_MODULE_TYPE.format(typename=typename(value), name=name)
                    )
                modules[name] = _global_hooks.registered(
                    _global_hooks.module_registration_hooks, self, name, value
                )
            else:
                buffers = d.get("_buffers")
                if isinstance(value, Buffer) or buffers is not None and name in buffers:
                    if value is not None and not isinstance(value, Tensor):
                        raise TypeError(
                            msg.MODULE_SETATTR_BUFFER_TYPE.format(
                                typename=typename(value), name=name
                            )
                        )
                    if isinstance(value, Buffer):
                        persistent = value.persistent
                    else:
                        persistent = name not in self._non_persistent_buffers_set
                    self.register_buffer(name, value, persistent)
                else:
                    object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistent_buffers_set.discard(name)
        elif name in self._modules:
            del self._modules[name]
        else:
            object.__delattr__(self, name)

    def __dir__(self) -> list[str]:
        keys = (
            dir(self.__class__)
            + list(self.__dict__)
            + list(self._parameters)
            + list(self._modules)
            + list(self._buffers)
        )
        return sorted(key for key in keys if not key[0].isdigit())

    # --- walking the tree ------------------------------------------------------------------------
    def _named_members(
        self, get_members_fn, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ):
        memo = set()
        modules = (
            self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate)
            if recurse
            else [(prefix, self)]
        )
        for module_prefix, module in modules:
            for k, v in get_members_fn(module):
                if v is None or v in memo:
                    continue
                if remove_duplicate:
                    memo.add(v)
                yield module_prefix + ("." if module_prefix else "") + k, v

    def parameters(self, recurse: bool = True) -> Iterator[Parameter]:
        """The module's parameters (and its descendants' if recurse), each once."""
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_parameters(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Parameter]]:
        """(dotted name, parameter) pairs such as ('fc.weight', Parameter)."""
        yield from self._named_members(
            lambda m: m._parameters.items(),
            prefix=prefix,
            recurse=recurse,
            remove_duplicate=remove_duplicate,
        )

    def buffers(self, recurse: bool = True) -> Iterator[Tensor]:
        """The module's buffers (and its descendants' if recurse)."""
        for _, buf in self.named_buffers(recurse=recurse):
            yield buf

    def named_buffers(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Tensor]]:
        """(dotted name, buffer) pairs such as ('bn.running_mean', tensor)."""
        yield from self._named_members(
            lambda m: m._buffers.items(),
            prefix=prefix,
            recurse=recurse,
            remove_duplicate=remove_duplicate,
        )

    def children(self) -> Iterator[Module]:
        """The direct submodules."""
        for _, module in self.named_children():
            yield module

    def named_children(self) -> Iterator[tuple[str, Module]]:
        """(name, direct submodule) pairs, each module once."""
        memo = set()
        for name, module in self._modules.items():
            if module is not None and module not in memo:
                memo.add(module)
                yield name, module

    def modules(self) -> Iterator[Module]:
        """This module and all its descendants, depth first, each once."""
        for _, module in self.named_modules():
            yield module

    def named_modules(
        self, memo: set | None = None, prefix: str = "", remove_duplicate: bool = True
    ):
        """(dotted name, module) pairs for this module ('') and all its descendants."""
        if memo is None:
            memo = set()
        if self in memo:
            return
        if remove_duplicate:
            memo.add(self)
        yield prefix, self
        for name, module in self._modules.items():
            if module is None:
                continue
            submodule_prefix = prefix + ("." if prefix else "") + name
            yield from module.named_modules(memo, submodule_prefix, remove_duplicate)

    __hash__ = object.__hash__

    # --- modes and gradients ---------------------------------------------------------------------
    def train(self, mode: bool = True) -> Module:
        """Set training mode on this module and its descendants (Dropout, BatchNorm care); all
        of them or, if interrupted, none."""
        if not isinstance(mode, bool):
            raise ValueError(msg.MODULE_TRAIN_MODE_BOOL)
        undo = UndoLog()
        try:
            for module in self.modules():
                undo.attributes(module, "training")
            self.training = mode
            for module in self.children():
                module.train(mode)
        except BaseException:
            undo.undo()
            raise
        return self

    def eval(self) -> Module:
        """`train(False)`: evaluation mode."""
        return self.train(False)

    def requires_grad_(self, requires_grad: bool = True) -> Module:
        """Set requires_grad on every parameter (freeze with False)."""
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Reset the parameters' gradients: to None (default) or to zeros in place."""
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    if p.grad.grad_fn is not None:
                        p.grad.detach_()
                    else:
                        p.grad.requires_grad_(False)
                    p.grad.zero_()

    # --- conversions ---------------------------------------------------------------------------
    def _apply(self, fn: Callable[[Tensor], Tensor], recurse: bool = True) -> Module:
        """Convert every parameter, gradient and buffer with fn, keeping Parameter identity.

        All or nothing: where a conversion fails or is interrupted part-way, the model is put
        back as it was (PyTorch keeps the tensors it converted before)."""
        undo = UndoLog()
        try:
            self._convert(fn, recurse, undo)
        except BaseException:
            undo.undo()
            raise
        return self

    def _convert(self, fn: Callable[[Tensor], Tensor], recurse: bool, undo: UndoLog) -> None:
        """`_apply`'s work, each change noted in `undo` first."""
        if recurse:
            for module in self.children():
                module._convert(fn, True, undo)
        for param in self._parameters.values():
            if param is None:
                continue
            with no_grad():
                param_applied = fn(param)
            undo.attributes(param, "_data", "_backend")
            param.data = param_applied  # torch's `.data =`: the same Parameter object, new data
            grad = param.grad
            if grad is not None:
                with no_grad():
                    grad_applied = fn(grad)
                undo.attributes(grad, "_data", "_backend")
                grad.data = grad_applied
        undo.contents(self._buffers)
        for key, buf in self._buffers.items():
            if buf is not None:
                self._buffers[key] = fn(buf)

    def apply(self, fn: Callable[[Module], None]) -> Module:
        """Call fn on every submodule (children first) and then on self; used for init."""
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def cuda(self, device=None) -> Module:
        """Move parameters and buffers to a CUDA device (in place)."""
        return self._apply(lambda t: t.cuda(device))

    def cpu(self) -> Module:
        """Move parameters and buffers to the CPU (in place)."""
        return self._apply(lambda t: t.cpu())

    def type(self, dst_type) -> Module:
        """Cast parameters and buffers to a dtype or legacy type."""
        return self._apply(lambda t: t.type(dst_type))

    def float(self) -> Module:
        """Cast floating point parameters and buffers to float32."""
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self) -> Module:
        """Cast floating point parameters and buffers to float64."""
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def half(self) -> Module:
        """Cast floating point parameters and buffers to float16."""
        return self._apply(lambda t: t.half() if t.is_floating_point() else t)

    def bfloat16(self) -> Module:
        """Cast floating point parameters and buffers to bfloat16."""
        return self._apply(lambda t: t.bfloat16() if t.is_floating_point() else t)

    def xpu(self, device=None) -> Module:
        """Intel GPUs: not in this build, as in PyTorch's CPU build (for a module with tensors)."""
        return self._apply(lambda t: _refuse(AssertionError(msg.MODULE_NO_XPU)))

    def ipu(self, device=None) -> Module:
        """Graphcore IPUs: not in this build, as in PyTorch's."""
        return self._apply(lambda t: _refuse(RuntimeError(msg.MODULE_NO_IPU)))

    def mtia(self, device=None) -> Module:
        """Meta's MTIA accelerators: not in this build, as in PyTorch's."""
        return self._apply(lambda t: _refuse(AssertionError(msg.MODULE_NO_MTIA)))

    def to_empty(self, *, device, recurse: bool = True) -> Module:
        """Parameters and buffers replaced by uninitialised ones on `device` (after a meta
        init, say), the same Parameter objects."""
        from ..._creation import empty_like

        return self._apply(lambda t: empty_like(t, device=device), recurse=recurse)

    def share_memory(self) -> Module:
        """Itself: PyTorch moves the storages to shared memory for multiprocessing; NumPy's
        arrays stay where they are (one process)."""
        return self

    def compile(self, *args, **kwargs) -> None:
        """torch.compile of forward: autograd_nb has no compiler, so forward runs as written."""

    def to(self, *args, **kwargs) -> Module:
        """Move and/or cast parameters and buffers (integer tensors keep their dtype)."""
        from ...ops.conversion import _parse_to

        kwargs = dict(kwargs)
        if len(args) == 1 and isinstance(args[0], Tensor):
            args = (args[0].device, args[0].dtype)
        device, dtype, _ = _parse_to(None, args, kwargs)
        if dtype is not None and not dtype.is_floating_point:
            raise TypeError(msg.MODULE_TO_DTYPE.format(dtype=dtype))

        def convert(t: Tensor) -> Tensor:
            target = dtype if dtype is not None and t.is_floating_point() else None
            return t.to(device=device, dtype=target)

        return self._apply(convert)

    def __setstate__(self, state: dict) -> None:
        """Unpickle; a module pickled before a hook attribute existed gets it (as PyTorch)."""
        self.__dict__.update(state)
        self.__dict__.setdefault("_forward_hooks_always_called", OrderedDict())
        self.__dict__.setdefault("_is_full_backward_hook", None)

    # --- calling -----------------------------------------------------------------------------
    def _call_impl(self, *args, **kwargs):
        d = self.__dict__
        if not (
            d["_forward_pre_hooks"]
            or d["_forward_hooks"]
            or d["_backward_hooks"]
            or d["_backward_pre_hooks"]
            or _global_hooks.forward_pre_hooks
            or _global_hooks.forward_hooks
            or _global_hooks.backward_hooks
            or _global_hooks.backward_pre_hooks
        ):
            return self.forward(*args, **kwargs)
        return call_with_hooks(self, args, kwargs)

    __call__ = _call_impl

    def register_forward_pre_hook(
        self, hook: Callable, *, prepend: bool = False, with_kwargs: bool = False
    ) -> RemovableHandle:
        """hook(module, args) runs before forward; it may return new args."""
        handle = RemovableHandle(
            self._forward_pre_hooks, extra_dict=self._forward_pre_hooks_with_kwargs
        )
        self._forward_pre_hooks[handle.id] = hook
        if with_kwargs:
            self._forward_pre_hooks_with_kwargs[handle.id] = True
        if prepend:
            self._forward_pre_hooks.move_to_end(handle.id, last=False)
        return handle

    def register_forward_hook(
        self,
        hook: Callable,
        *,
        prepend: bool = False,
        with_kwargs: bool = False,
        always_call: bool = False,
    ) -> RemovableHandle:
        """hook(module, args, output) runs after forward; it may return a new output.
        always_call: it also runs when forward (or an earlier hook) raises."""
        handle = RemovableHandle(
            self._forward_hooks,
            extra_dict=[self._forward_hooks_with_kwargs, self._forward_hooks_always_called],
        )
        self._forward_hooks[handle.id] = hook
        if with_kwargs:
            self._forward_hooks_with_kwargs[handle.id] = True
        if always_call:
            self._forward_hooks_always_called[handle.id] = True
        if prepend:
            self._forward_hooks.move_to_end(handle.id, last=False)
        return handle

    def _claim_backward_kind(self, full: bool) -> None:
        """Refuse mixing full and deprecated backward hooks on one module (PyTorch's text)."""
        if self._is_full_backward_hook is (not full):
            where = msg.MODULE_BACKWARD_HOOK_KINDS_LOCAL
            raise RuntimeError(msg.MODULE_BACKWARD_HOOK_KINDS.format(where=where))
        self.__dict__["_is_full_backward_hook"] = full

    def register_backward_hook(self, hook: Callable) -> RemovableHandle:
        """Deprecated: hook(module, grad_input, grad_output) on the node that made the output
        (grad_input are that node's input gradients); use register_full_backward_hook."""
        self._claim_backward_kind(full=False)
        return registered(self._backward_hooks, hook, prepend=False)

    def register_full_backward_hook(self, hook: Callable, prepend: bool = False) -> RemovableHandle:
        """hook(module, grad_input, grad_output) runs when the inputs' gradients are computed."""
        self._claim_backward_kind(full=True)
        return registered(self._backward_hooks, hook, prepend)

    def register_full_backward_pre_hook(
        self, hook: Callable, prepend: bool = False
    ) -> RemovableHandle:
        """hook(module, grad_output) runs when the outputs' gradients arrive; it may return a
        new grad_output, which the input gradients and full backward hooks then get."""
        return registered(self._backward_pre_hooks, hook, prepend)

    # --- state_dict ----------------------------------------------------------------------------
    def _save_to_state_dict(self, destination: dict, prefix: str, keep_vars: bool) -> None:
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()
        if type(self).get_extra_state is not Module.get_extra_state:
            destination[prefix + "_extra_state"] = self.get_extra_state()

    def state_dict(self, *args, destination=None, prefix: str = "", keep_vars: bool = False):
        """An OrderedDict name -> tensor of parameters and persistent buffers (detached)."""
        if args:
            warnings.warn(msg.STATE_DICT_POSITIONAL, FutureWarning, stacklevel=2)
            if destination is None:
                destination = args[0]
            if len(args) > 1 and prefix == "":
                prefix = args[1]
            if len(args) > 2 and keep_vars is False:
                keep_vars = args[2]
        for hook in self._state_dict_pre_hooks.values():
            hook(self, prefix, keep_vars)
        if destination is None:
            destination = OrderedDict()
            destination._metadata = OrderedDict()
        local_metadata = dict(version=self._version)
        if hasattr(destination, "_metadata"):
            destination._metadata[prefix[:-1]] = local_metadata
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(
                    destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars
                )
        for hook in self._state_dict_hooks.values():
            result = hook(self, destination, prefix, local_metadata)
            if not getattr(hook, "_from_public_api", False):
                destination = destination if result is None else result
            elif result is not None:
                raise RuntimeError(msg.STATE_DICT_POST_HOOK_RETURN)
        return destination

    def _load_from_state_dict(
        self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs
    ) -> list[tuple[str, Tensor, Tensor]]:
        """Check this module's entries of `state_dict` and return the writes to make, as
        (name, current tensor, new value) triples; problems go into the three lists. Nothing
        is changed here, so a failing `load_state_dict` leaves the model as it was."""
        persistent_buffers = {
            k: v for k, v in self._buffers.items() if k not in self._non_persistent_buffers_set
        }
        local_state = {
            k: v
            for k, v in itertools.chain(self._parameters.items(), persistent_buffers.items())
            if v is not None
        }
        assign = local_metadata.get("assign_to_params_buffers", False)
        writes = []
        for name, param in local_state.items():
            key = prefix + name
            if key not in state_dict:
                if strict:
                    missing_keys.append(key)
                continue
            input_param = state_dict[key]
            if not isinstance(input_param, Tensor):
                error_msgs.append(msg.LOAD_NOT_TENSOR.format(key=key, type=type(input_param)))
                continue
            if param.dim() == 0 and input_param.dim() == 1 and input_param.shape[0] == 1:
                input_param = input_param[0]
            if input_param.shape != param.shape:
                error_msgs.append(
                    msg.LOAD_SIZE_MISMATCH.format(
                        key=key, shape=input_param.shape, current=param.shape
                    )
                )
                continue
            try:
                with no_grad():
                    if not assign:
                        value = input_param.to(dtype=param.dtype, device=param.device)
                    elif isinstance(param, Parameter) and isinstance(input_param, Parameter):
                        value = input_param.requires_grad_(param.requires_grad)
                    elif isinstance(param, Parameter):
                        value = Parameter(input_param, requires_grad=param.requires_grad)
                    else:
                        value = input_param
            except Exception as ex:  # noqa: BLE001 - reported with the others, as PyTorch does
                error_msgs.append(
                    msg.LOAD_COPY_FAILED.format(
                        key=key, size=param.size(), loaded=input_param.size(), args=ex.args
                    )
                )
                continue
            writes.append((name, param, value))
        extra_key = prefix + "_extra_state"
        if type(self).set_extra_state is not Module.set_extra_state:
            if extra_key in state_dict:  # set with the writes: (None, None, the state)
                writes.append((None, None, state_dict[extra_key]))
            elif strict:
                missing_keys.append(extra_key)
        if strict:
            for key in state_dict:
                if key.startswith(prefix):
                    input_name = key[len(prefix) :].split(".", 1)
                    if len(input_name) > 1:
                        if input_name[0] not in self._modules:
                            unexpected_keys.append(key)
                    elif input_name[0] not in local_state and not (
                        input_name[0] == "_extra_state"
                        and type(self).set_extra_state is not Module.set_extra_state
                    ):
                        unexpected_keys.append(key)
        return writes

    def load_state_dict(
        self, state_dict: Mapping[str, Any], strict: bool = True, assign: bool = False
    ) -> _IncompatibleKeys:
        """Copy tensors from state_dict into the parameters and buffers (in place, no grad).

        All or nothing (unlike PyTorch, which raises after copying the good entries): every
        entry is checked before the first one is written.
        """
        if not isinstance(state_dict, Mapping):
            raise TypeError(msg.MODULE_STATE_DICT_TYPE.format(type=type(state_dict)))
        undo = UndoLog()  # the writes are all made or, if interrupted, none
        try:
            incompatible = self._load_all(state_dict, strict, assign, undo)
        except BaseException:
            undo.undo()
            raise
        for module in self.modules():
            for hook in module._load_state_dict_post_hooks.values():
                hook(module, incompatible)
        return incompatible

    def _load_all(
        self, state_dict: Mapping[str, Any], strict: bool, assign: bool, undo: UndoLog
    ) -> _IncompatibleKeys:
        """`load_state_dict`'s checks, then its writes, each noted in `undo` first."""
        missing_keys: list[str] = []
        unexpected_keys: list[str] = []
        error_msgs: list[str] = []
        metadata = getattr(state_dict, "_metadata", None)
        state_dict = OrderedDict(state_dict)
        writes: list[tuple[Module, list[tuple[str, Tensor, Tensor]]]] = []

        def plan(module: Module, local_state_dict: dict, prefix: str = "") -> None:
            local_metadata = {} if metadata is None else dict(metadata.get(prefix[:-1], {}))
            if assign:
                local_metadata["assign_to_params_buffers"] = assign
            # PyTorch's argument list, shared by the pre-hooks and the module's own check
            args = (
                local_state_dict,
                prefix,
                local_metadata,
                True,
                missing_keys,
                unexpected_keys,
                error_msgs,
            )
            for hook in module._load_state_dict_pre_hooks.values():
                hook(module, *args)
            module_writes = module._load_from_state_dict(*args)
            writes.append((module, module_writes))
            for name, child in module._modules.items():
                if child is not None:
                    child_prefix = prefix + name + "."
                    child_state_dict = {
                        k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)
                    }
                    plan(child, child_state_dict, child_prefix)

        plan(self, state_dict)
        if strict:
            if unexpected_keys:
                error_msgs.insert(
                    0, msg.LOAD_UNEXPECTED.format(keys=", ".join(f'"{k}"' for k in unexpected_keys))
                )
            if missing_keys:
                error_msgs.insert(
                    0, msg.LOAD_MISSING.format(keys=", ".join(f'"{k}"' for k in missing_keys))
                )
        if error_msgs:
            raise RuntimeError(
                msg.MODULE_LOAD_STATE_DICT_ERRORS.format(
                    cls=self.__class__.__name__, errors="\n\t".join(error_msgs)
                )
            )
        with no_grad():
            for module, module_writes in writes:
                undo.contents(module._parameters)
                undo.contents(module._buffers)
                for name, param, value in module_writes:
                    if name is None:
                        module.set_extra_state(value)
                    elif assign:
                        setattr(module, name, value)
                    else:
                        undo.values(param)
                        param.copy_(value)
        return _IncompatibleKeys(missing_keys, unexpected_keys)

    def register_state_dict_post_hook(self, hook: Callable) -> RemovableHandle:
        """hook(module, state_dict, prefix, local_metadata) runs after state_dict(); it edits
        the state_dict in place and returns None."""
        hook._from_public_api = True  # as PyTorch marks it: its return must then be None
        return registered(self._state_dict_hooks, hook, prepend=False)

    def _register_state_dict_hook(self, hook: Callable) -> RemovableHandle:
        """The older post-hook: a state_dict it returns replaces the root module's result."""
        if getattr(hook, "_from_public_api", False):
            raise RuntimeError(msg.STATE_DICT_HOOK_PUBLIC_TWICE)
        return registered(self._state_dict_hooks, hook, prepend=False)

    def register_state_dict_pre_hook(self, hook: Callable) -> RemovableHandle:
        """hook(module, prefix, keep_vars) runs before state_dict() saves anything."""
        handle = RemovableHandle(self._state_dict_pre_hooks)
        self._state_dict_pre_hooks[handle.id] = hook
        return handle

    def register_load_state_dict_pre_hook(self, hook: Callable) -> RemovableHandle:
        """hook(module, state_dict, prefix, local_metadata, strict, missing_keys,
        unexpected_keys, error_msgs) runs before load_state_dict() reads this module's part."""
        return self._register_load_state_dict_pre_hook(hook, with_module=True)

    def _register_load_state_dict_pre_hook(
        self, hook: Callable, with_module: bool = False
    ) -> RemovableHandle:
        """As register_load_state_dict_pre_hook; without with_module the hook gets no module."""
        if not with_module:
            hook = functools.partial(_without_module, hook)
        return registered(self._load_state_dict_pre_hooks, hook, prepend=False)

    def get_extra_state(self) -> Any:
        """Override to save more than tensors: state_dict() stores it as `<prefix>_extra_state`."""
        raise RuntimeError(msg.MODULE_EXTRA_STATE.format(name="get_extra_state"))

    def set_extra_state(self, state: Any) -> None:
        """Override with get_extra_state: load_state_dict() hands it what that saved."""
        raise RuntimeError(msg.MODULE_EXTRA_STATE.format(name="set_extra_state"))

    def register_load_state_dict_post_hook(self, hook: Callable) -> RemovableHandle:
        """hook(module, incompatible_keys) runs after load_state_dict()."""
        handle = RemovableHandle(self._load_state_dict_post_hooks)
        self._load_state_dict_post_hooks[handle.id] = hook
        return handle

    # --- printing ------------------------------------------------------------------------------
    def _get_name(self) -> str:
        return self.__class__.__name__

    def extra_repr(self) -> str:
        """The text inside the parentheses of this module's repr; override in layers."""
        return ""

    def __repr__(self) -> str:
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split("\n")
        child_lines = []
        for key, module in self._modules.items():
            mod_str = _addindent(repr(module), 2)
            child_lines.append("(" + key + "): " + mod_str)
        lines = extra_lines + child_lines
        main_str = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += "\n  " + "\n  ".join(lines) + "\n"
        return main_str + ")"
