"""Tensor printing (placeholder until the _tensor_str port lands)."""


def tensor_repr(t) -> str:
    body = repr(t._backend.to_host(t._data).tolist())
    suffix = f", grad_fn=<{t._grad_fn.name()}>" if t._grad_fn is not None else (
        ", requires_grad=True" if t._requires_grad else "")
    return f"tensor({body}{suffix})"
