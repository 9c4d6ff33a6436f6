"""Module-hook scenarios run unchanged under PyTorch (recorded) and autograd_nb (tested).

Each case takes the library as `torch` and returns JSON-able facts: which hooks ran in which order
with what they saw, the warnings given and the errors raised. tests/data/record_module_hooks.py
records them from PyTorch 2.13 into tests/data/module_hooks.json; tests/test_nn_global_hooks.py
runs them here and compares.
"""

from __future__ import annotations

import inspect
import warnings


def _reset_global_backward_kind(torch) -> None:
    """Forget whether global backward hooks are full or not (PyTorch keeps it for the process)."""
    module_file = torch.nn.modules.module
    if hasattr(module_file, "_global_hooks"):  # autograd_nb keeps it beside the hook dicts
        module_file._global_hooks.backward_hooks_are_full = None
    else:
        module_file._global_is_full_backward_hook = None


def _shapes(grads) -> list:
    grads = grads if isinstance(grads, tuple) else (grads,)
    return [None if g is None else list(g.shape) for g in grads]


def _error(ex: BaseException) -> list:
    return [type(ex).__name__, str(ex)]


def _run(call) -> tuple[object, list, list]:
    """(call's value or None, its error as [type, text] or None, warnings as [category, text])."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value, error = call(), None
        except Exception as ex:  # noqa: BLE001 - the error is what the case records
            value, error = None, _error(ex)
    return value, error, [[w.category.__name__, str(w.message)] for w in caught]


def _seen(value) -> object:
    """What a hook saw as output: None, a tensor's values, or the type's name."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)) or not hasattr(value, "tolist"):
        return type(value).__name__
    return value.tolist()


def _boom(torch):
    class Boom(torch.nn.Module):
        def forward(self, x, flag=0):
            raise ValueError("forward failed")

    return Boom()


def always_call_hooks_run_when_forward_raises(torch) -> dict:
    module, log = _boom(torch), []
    module.register_forward_hook(lambda m, args, out: log.append(["plain", _seen(out)]))
    module.register_forward_hook(
        lambda m, args, out: log.append(["always", len(args), _seen(out)]), always_call=True
    )
    module.register_forward_hook(
        lambda m, args, kwargs, out: log.append(["always_kwargs", sorted(kwargs), _seen(out)]),
        always_call=True,
        with_kwargs=True,
    )
    _, error, caught = _run(lambda: module(torch.ones(2), flag=1))
    return {"log": log, "error": error, "warnings": caught}


def global_always_call_hooks_run_first_when_forward_raises(torch) -> dict:
    module_file, module, log = torch.nn.modules.module, _boom(torch), []
    module.register_forward_hook(lambda m, args, out: log.append(["local"]), always_call=True)
    handles = [
        module_file.register_module_forward_hook(lambda m, args, out: log.append(["global"])),
        module_file.register_module_forward_hook(
            lambda m, args, out: log.append(["global_always", _seen(out)]), always_call=True
        ),
        module_file.register_module_forward_hook(
            lambda m, args, kwargs, out: log.append(["global_always_kwargs"]),
            always_call=True,
            with_kwargs=True,
        ),
    ]
    try:
        _, error, caught = _run(lambda: module(torch.ones(2)))
    finally:
        for handle in handles:
            handle.remove()
    return {"log": log, "error": error, "warnings": caught}


def an_always_call_hook_that_raises_is_silenced_with_a_warning(torch) -> dict:
    module_file, module, log = torch.nn.modules.module, _boom(torch), []

    def failing(m, args, out):
        log.append("failing")
        raise RuntimeError("hook failed")

    module.register_forward_hook(failing, always_call=True)
    module.register_forward_hook(lambda m, args, out: log.append("after"), always_call=True)
    with module_file.register_module_forward_hook(failing, always_call=True):
        _, error, caught = _run(lambda: module(torch.ones(2)))
    return {"log": log, "error": error, "warnings": caught}


def always_call_hooks_not_yet_run_when_a_forward_hook_raises(torch) -> dict:
    module, log = torch.nn.Linear(2, 1), []
    with torch.no_grad():
        module.weight.fill_(1.0)
        module.bias.fill_(0.5)

    def failing(m, args, out):
        log.append("failing")
        raise KeyError("bad hook")

    module.register_forward_hook(
        lambda m, args, out: log.append(["first", _seen(out)]) or out * 2, always_call=True
    )
    module.register_forward_hook(failing)
    module.register_forward_hook(lambda m, args, out: log.append(["plain", _seen(out)]))
    module.register_forward_hook(
        lambda m, args, out: log.append(["last", _seen(out)]), always_call=True
    )
    _, error, caught = _run(lambda: module(torch.ones(1, 2)))
    return {"log": log, "error": error, "warnings": caught}


def always_call_hooks_run_once_and_removed_hooks_never(torch) -> dict:
    module, log = torch.nn.Identity(), []
    handle = module.register_forward_hook(
        lambda m, args, out: log.append(_seen(out)), always_call=True
    )
    out = module(torch.ones(2))
    handle.remove()
    module(torch.zeros(2))
    boom = _boom(torch)
    boom.register_forward_hook(lambda m, args, out: log.append("boom"), always_call=True).remove()
    _, error, _ = _run(lambda: boom(torch.ones(2)))
    return {"log": log, "out": out.tolist(), "error": error}


def global_backward_hook_order_shapes_and_warnings(torch) -> dict:
    _reset_global_backward_kind(torch)
    module_file, log = torch.nn.modules.module, []
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU())
    x = torch.ones(4, 2, requires_grad=True)

    def hook(module, grad_input, grad_output):
        log.append([type(module).__name__, _shapes(grad_input), _shapes(grad_output)])

    handle = module_file.register_module_backward_hook(hook)
    try:
        out, _, forward_warnings = _run(lambda: model(x))
        out.sum().backward()
        _, mixed, _ = _run(lambda: module_file.register_module_full_backward_hook(hook))
    finally:
        handle.remove()
    _, still_mixed, _ = _run(lambda: module_file.register_module_full_backward_hook(hook))
    log_after_removal = list(log)
    model(x).sum().backward()
    _reset_global_backward_kind(torch)
    return {
        "log": log,
        "forward_warnings": forward_warnings,
        "mixed": mixed,
        "still_mixed_after_removal": still_mixed,
        "unchanged_after_removal": log == log_after_removal,
    }


def global_full_then_deprecated_backward_hook_is_refused(torch) -> dict:
    _reset_global_backward_kind(torch)
    module_file = torch.nn.modules.module
    handle = module_file.register_module_full_backward_hook(lambda m, gi, go: None)
    handle.remove()
    _, error, _ = _run(lambda: module_file.register_module_backward_hook(lambda m, gi, go: None))
    _reset_global_backward_kind(torch)
    return {"error": error}


def backward_hook_sees_the_output_nodes_gradients_and_can_replace_them(torch) -> dict:
    torch.manual_seed(0)
    layer, log = torch.nn.Linear(2, 3), []
    x = torch.ones(4, 2, requires_grad=True)

    def hook(module, grad_input, grad_output):
        log.append([module is layer, _shapes(grad_input), _shapes(grad_output)])
        return tuple(None if g is None else g * 2 for g in grad_input)

    handle = layer.register_backward_hook(hook)
    out, _, forward_warnings = _run(lambda: layer(x))
    out.sum().backward()
    _, mixed, _ = _run(lambda: layer.register_full_backward_hook(hook))
    handle.remove()
    other = torch.nn.Tanh()
    other.register_full_backward_hook(hook)
    _, reverse_mixed, _ = _run(lambda: other.register_backward_hook(hook))
    return {
        "log": log,
        "forward_warnings": forward_warnings,
        "x_grad": x.grad.tolist(),
        "bias_grad": layer.bias.grad.tolist(),
        "mixed": mixed,
        "reverse_mixed": reverse_mixed,
    }


def backward_hook_on_a_single_node_module_gives_no_warning(torch) -> dict:
    layer, log = torch.nn.Tanh(), []
    layer.register_backward_hook(lambda m, gi, go: log.append([_shapes(gi), _shapes(go)]))
    x = torch.ones(3).requires_grad_() * 1.0
    out, _, forward_warnings = _run(lambda: layer(x))
    out.sum().backward()
    no_grad_out, _, no_grad_warnings = _run(lambda: layer(torch.ones(3)))
    return {
        "log": log,
        "forward_warnings": forward_warnings,
        "no_grad_warnings": no_grad_warnings,
        "no_grad_fn": no_grad_out.grad_fn is None,
    }


def backward_hook_warnings_for_other_outputs_and_inputs(torch) -> dict:
    class Pair(torch.nn.Module):
        def forward(self, x, y=None):
            return (x * 2, x + 1) if y is None else x * y

    class AsDict(torch.nn.Module):
        def forward(self, x):
            return {"doubled": x * 2}

    class Nested(torch.nn.Module):
        def forward(self, x):
            return (x * 2).exp()

    results, log = {}, []
    x = torch.ones(2, requires_grad=True)
    cases = {
        "two_nodes_out": (Pair(), (x,)),
        "non_tensor_input": (Pair(), (x, 3.0)),
        "dict_out": (AsDict(), (x,)),
        "nested_nodes": (Nested(), (x,)),
    }
    for name, (module, args) in cases.items():
        module.register_backward_hook(lambda m, gi, go, name=name: log.append([name, _shapes(gi)]))
        _, error, caught = _run(lambda module=module, args=args: module(*args))
        results[name] = {"error": error, "warnings": caught}
    AsDict()(x)  # no hook: nothing logged
    cases["dict_out"][0].register_backward_hook(lambda m, gi, go: None)
    _run(lambda: cases["dict_out"][0](x)["doubled"].sum().backward())
    results["log"] = log
    return results


def full_backward_hook_warns_for_a_list_output(torch) -> dict:
    class AsList(torch.nn.Module):
        def forward(self, x):
            return [x * 2]

    module, log = AsList(), []
    module.register_full_backward_hook(lambda m, gi, go: log.append("ran"))
    out, error, caught = _run(lambda: module(torch.ones(2, requires_grad=True)))
    return {"error": error, "warnings": caught, "type": type(out).__name__}


def state_dict_post_hooks_public_and_private(torch) -> dict:
    model = torch.nn.Sequential(torch.nn.Linear(1, 1))

    def public(module, state_dict, prefix, local_metadata):
        state_dict[prefix + "seen"] = torch.zeros(1)
        return {"replaced": True}

    def private(module, state_dict, prefix, local_metadata):
        return {"replaced": prefix}

    handle = model.register_state_dict_post_hook(public)
    _, public_error, _ = _run(lambda: model.state_dict())
    handle.remove()

    def drop_bias(module, state_dict, prefix, local_metadata):
        state_dict.pop(prefix + "bias")

    popping = model[0].register_state_dict_post_hook(lambda m, sd, p, meta: sd.pop(p + "bias"))
    _, child_error, _ = _run(lambda: model.state_dict())  # returned the popped tensor
    popping.remove()
    model[0].register_state_dict_post_hook(drop_bias)
    model[0]._register_state_dict_hook(private)  # a child's return is not the result
    keys = sorted(model.state_dict())
    model._register_state_dict_hook(private)  # the root's return is
    _, twice, _ = _run(lambda: model._register_state_dict_hook(public))
    return {
        "public_error": public_error,
        "child_error": child_error,
        "keys": keys,
        "root": model.state_dict(),
        "twice": twice,
    }


def load_state_dict_pre_hooks_with_and_without_module(torch) -> dict:
    model, log = torch.nn.Sequential(torch.nn.Linear(1, 1)), []
    model[0].register_load_state_dict_pre_hook(
        lambda *args: log.append(["public", len(args), args[0] is model[0], args[2]])
    )
    model[0]._register_load_state_dict_pre_hook(
        lambda *args: log.append(["private", len(args), sorted(args[0]), args[1]])
    )
    model[0]._register_load_state_dict_pre_hook(
        lambda *args: log.append(["with_module", len(args), args[0] is model[0]]), with_module=True
    )
    model.load_state_dict(model.state_dict())
    return {"log": log}


def hook_registration_signatures(torch) -> dict:
    """Every hook-registration function and Module method: its parameters (kind, default)."""
    module_file, module = torch.nn.modules.module, torch.nn.Module
    functions = {
        **{n: getattr(module_file, n) for n in dir(module_file) if n.startswith("register_")},
        **{
            f"Module.{n}": getattr(module, n)
            for n in dir(module)
            if "register" in n and n.endswith("_hook")
        },
    }
    return {
        name: [
            [p.name, p.kind.name, None if p.default is p.empty else repr(p.default)]
            for p in inspect.signature(function).parameters.values()
        ]
        for name, function in sorted(functions.items())
    }


CASES = {
    "hook_registration_signatures": hook_registration_signatures,
    "state_dict_post_hooks_public_and_private": state_dict_post_hooks_public_and_private,
    "load_state_dict_pre_hooks_with_and_without_module": (
        load_state_dict_pre_hooks_with_and_without_module
    ),
    "always_call_hooks_run_when_forward_raises": always_call_hooks_run_when_forward_raises,
    "global_always_call_hooks_run_first_when_forward_raises": global_always_call_hooks_run_first_when_forward_raises,
    "an_always_call_hook_that_raises_is_silenced_with_a_warning": an_always_call_hook_that_raises_is_silenced_with_a_warning,
    "always_call_hooks_not_yet_run_when_a_forward_hook_raises": always_call_hooks_not_yet_run_when_a_forward_hook_raises,
    "always_call_hooks_run_once_and_removed_hooks_never": always_call_hooks_run_once_and_removed_hooks_never,
    "global_backward_hook_order_shapes_and_warnings": global_backward_hook_order_shapes_and_warnings,
    "global_full_then_deprecated_backward_hook_is_refused": global_full_then_deprecated_backward_hook_is_refused,
    "backward_hook_sees_the_output_nodes_gradients_and_can_replace_them": backward_hook_sees_the_output_nodes_gradients_and_can_replace_them,
    "backward_hook_on_a_single_node_module_gives_no_warning": backward_hook_on_a_single_node_module_gives_no_warning,
    "backward_hook_warnings_for_other_outputs_and_inputs": backward_hook_warnings_for_other_outputs_and_inputs,
    "full_backward_hook_warns_for_a_list_output": full_backward_hook_warns_for_a_list_output,
}
