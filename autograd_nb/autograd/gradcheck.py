"""`gradcheck` and `gradgradcheck`: compare autograd's gradients with finite differences.

For every input that requires grad and every element of it, the function is evaluated at
x + eps and x - eps; (f(x+eps) - f(x-eps)) / (2 eps) is one row of the numerical Jacobian.
The analytical Jacobian comes from autograd itself: one `autograd.grad` per output element,
with a one-hot grad_output. Both are (input numel) x (output numel) matrices, compared with
allclose as PyTorch does. `fast_mode=True` compares only v^T J u for random vectors u, v.

Perturbed inputs are fresh leaves with their own copy of the data, so the caller's tensors are
never modified and the code works on any device (only array-API calls on the backend arrays).
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Callable

from .. import _messages as msg
from .._tensor import Tensor, make_tensor
from .grad_api import grad as autograd_grad

__all__ = ["GradcheckError", "gradcheck", "gradgradcheck"]


class GradcheckError(RuntimeError):
    """Error raised by gradcheck and gradgradcheck."""


# --- small helpers on tensors and flat lists -----------------------------------------------------
def _as_tuple(x) -> tuple:
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _flat(t: Tensor) -> list:
    """The values of `t` as a flat list of Python floats (row-major)."""
    values = t.detach().tolist()
    if not isinstance(values, list):
        return [float(values)]
    while values and isinstance(values[0], list):
        values = [v for row in values for v in row]
    return [float(v) for v in values]


def _unravel(k: int, shape: tuple) -> tuple:
    index = []
    for size in reversed(shape):
        index.append(k % size)
        k //= size
    return tuple(reversed(index))


def _dot(a: list, b: list) -> float:
    return sum(x * y for x, y in zip(a, b))


def _allclose(a: list, b: list, rtol: float, atol: float) -> bool:
    """torch.allclose(a, b): |a - b| <= atol + rtol * |b| everywhere."""
    return all(abs(x - y) <= atol + rtol * abs(y) for x, y in zip(a, b))


def _matrix(rows: list, like: Tensor) -> Tensor:
    """A Jacobian as a tensor (rows = input elements) with `like`'s dtype and device, to print."""
    from .._creation import tensor

    return tensor(rows, dtype=like.dtype, device=like.device)


def _one_hot(out: Tensor, k: int) -> Tensor:
    """A tensor like `out` that is 1 at flat position k and 0 elsewhere."""
    xp = out._backend.xp
    data = xp.zeros_like(out._data)
    data[_unravel(k, tuple(out._data.shape))] = 1
    return make_tensor(data, out._backend)


# --- checking what was passed --------------------------------------------------------------------
def _check_inputs(inputs: tuple) -> list:
    """The indices of inputs that require grad, with PyTorch's warnings and errors."""
    indices = []
    for idx, inp in enumerate(inputs):
        if not (isinstance(inp, Tensor) and inp.requires_grad):
            continue
        if inp.dtype.name != "float64":
            warnings.warn(
                msg.GRADCHECK_NOT_DOUBLE.format(idx=idx),
                stacklevel=3,
            )
        if not all(st > 0 or sz <= 1 for st, sz in zip(inp.stride(), inp.shape)):
            raise RuntimeError(msg.GRADCHECK_STRIDE_ZERO.format(idx=idx))
        indices.append(idx)
    if not indices:
        raise ValueError(msg.GRADCHECK_NO_INPUT_REQUIRES_GRAD)
    return indices


# --- the numerical side --------------------------------------------------------------------------
def _evaluate(func: Callable, inputs: tuple, index: int, data) -> list:
    """Flat output values of func with input `index` replaced by a leaf holding `data`."""
    original = inputs[index]
    leaf = make_tensor(data, original._backend, requires_grad=True)
    # the same tensor passed twice is perturbed in both places, as PyTorch's in-place edit is
    args = [leaf if isinstance(t, Tensor) and t._data is original._data else t for t in inputs]
    outs = _as_tuple(func(*args))
    return [_flat(o) if isinstance(o, Tensor) else None for o in outs]


def _central_difference(func, inputs, index, plus, minus, scale) -> list:
    """Per output: (f(plus) - f(minus)) / scale as a flat list (None for non-tensor outputs)."""
    outs_a = _evaluate(func, inputs, index, minus)
    outs_b = _evaluate(func, inputs, index, plus)
    return [
        None if a is None else [(y - x) / scale for x, y in zip(a, b)]
        for a, b in zip(outs_a, outs_b)
    ]


def _numerical_jacobian(func, inputs: tuple, index: int, eps: float, n_outs: int) -> list:
    """Per output of func: the Jacobian w.r.t. input `index` as rows (one per input element)."""
    t = inputs[index]
    base = t._data
    xp = t._backend.xp
    shape = tuple(base.shape)
    columns = []  # one per input element: the derivative of every output element
    for k in range(math.prod(shape)):
        pos = _unravel(k, shape)
        plus = xp.asarray(base, copy=True)
        minus = xp.asarray(base, copy=True)
        plus[pos] = base[pos] + eps
        minus[pos] = base[pos] - eps
        columns.append(_central_difference(func, inputs, index, plus, minus, 2 * eps))
    return [[col[j] for col in columns] for j in range(n_outs)]


# --- the analytical side -------------------------------------------------------------------------
def _vjp(output: Tensor, diff_inputs: list, grad_output: Tensor) -> list:
    """Flat gradients of every differentiable input for one grad_output, checked like PyTorch."""
    grads = autograd_grad(output, diff_inputs, grad_output, retain_graph=True, allow_unused=True)
    flats = []
    for g, inp in zip(grads, diff_inputs):
        if g is None:
            flats.append([0.0] * inp.numel())
            continue
        if g.shape != inp.shape:
            raise GradcheckError(msg.GRADCHECK_ANALYTICAL_SIZE)
        flats.append(_flat(g))
    return flats


def _analytical_jacobian(output: Tensor, diff_inputs: list, nondet_tol: float) -> list:
    """Per differentiable input: the Jacobian of `output` as rows, computed twice (reentrancy)."""
    runs = []
    for _ in range(2):
        columns = [_vjp(output, diff_inputs, _one_hot(output, k)) for k in range(output.numel())]
        runs.append(
            [
                [[col[i][r] for col in columns] for r in range(inp.numel())]
                for i, inp in enumerate(diff_inputs)
            ]
        )
    first, second = runs
    for j1, j2 in zip(first, second):
        for r1, r2 in zip(j1, j2):
            if any(abs(a - b) > nondet_tol for a, b in zip(r1, r2)):
                raise GradcheckError(
                    msg.GRADCHECK_NOT_REENTRANT.format(tol=nondet_tol) + msg.GRADCHECK_NONDET_NOTE
                )
    return first


def _mismatch(out_idx: int, in_idx: int, numerical, analytical) -> str:
    return (
        f"Jacobian mismatch for output {out_idx:d} with respect to input {in_idx:d},\n"
        f"numerical:{numerical}\nanalytical:{analytical}\n"
    )


def _flatten_rows(rows: list) -> list:
    return [v for row in rows for v in row]


def _check_no_differentiable_outputs(numerical: list) -> None:
    for per_input in numerical:
        for rows in per_input:
            if rows is not None and any(v != 0 for row in rows for v in row):
                raise GradcheckError(msg.GRADCHECK_NUMERICAL_NOT_ZERO)


def _slow_gradcheck(func, inputs, diff_idx, func_out, outputs, eps, rtol, atol, nondet_tol):
    numerical = [_numerical_jacobian(func, inputs, i, eps, len(func_out)) for i in diff_idx]
    if not outputs:
        _check_no_differentiable_outputs(numerical)
        return
    diff_inputs = [inputs[i] for i in diff_idx]
    out_positions = [j for j, o in enumerate(func_out) if isinstance(o, Tensor) and o.requires_grad]
    for out_idx, (pos, out) in enumerate(zip(out_positions, outputs)):
        analytical = _analytical_jacobian(out, diff_inputs, nondet_tol)
        for in_idx, rows_a in enumerate(analytical):
            rows_n = numerical[in_idx][pos]
            if not _allclose(_flatten_rows(rows_a), _flatten_rows(rows_n), rtol, atol):
                raise GradcheckError(
                    _mismatch(out_idx, in_idx, _matrix(rows_n, out), _matrix(rows_a, out))
                )


# --- fast mode -----------------------------------------------------------------------------------
def _unit_vector(n: int, rng: random.Random) -> list:
    values = [rng.random() for _ in range(n)]
    norm = sum(v * v for v in values) ** 0.5 or 1.0
    return [v / norm for v in values]


def _as_data(values: list, like: Tensor):
    """Backend array with `like`'s shape, dtype and device holding the flat `values`."""
    backend = like._backend
    flat = backend.asarray(values, like.dtype)
    return backend.xp.reshape(flat, tuple(like._data.shape))


def _fast_gradcheck(func, inputs, diff_idx, func_out, outputs, eps, rtol, atol):
    rng = random.Random(0)  # our own generator: the user's random state is left alone
    all_u = [_unit_vector(inputs[i].numel(), rng) for i in diff_idx]
    all_v = [_unit_vector(o.numel(), rng) for o in outputs]
    out_positions = [j for j, o in enumerate(func_out) if isinstance(o, Tensor) and o.requires_grad]
    diff_inputs = [inputs[i] for i in diff_idx]
    numerical = []  # [input][output position] -> J u as a flat list
    for i, u in zip(diff_idx, all_u):
        t = inputs[i]
        step = _as_data([eps * x for x in u], t)
        numerical.append(
            _central_difference(func, inputs, i, t._data + step, t._data - step, 2 * eps)
        )
    if not outputs:
        for per_input in numerical:
            for jvp in per_input:
                if jvp and max(abs(x) for x in jvp) > 0:
                    raise GradcheckError(msg.GRADCHECK_NUMERICAL_NOT_ZERO)
        return
    for out_idx, (pos, out, v) in enumerate(zip(out_positions, outputs, all_v)):
        grad_output = make_tensor(_as_data(v, out), out._backend)
        vjps = _vjp(out, diff_inputs, grad_output)
        for in_idx, (g, u) in enumerate(zip(vjps, all_u)):
            a = _dot(g, u)
            n = _dot(v, numerical[in_idx][pos])
            tol = atol * sum(u) * sum(v)
            if abs(a - n) > tol + rtol * abs(n):
                raise GradcheckError(
                    _mismatch(out_idx, in_idx, n, a)
                    + _slow_report(func, inputs, diff_idx[in_idx], pos, out, eps, rtol, atol)
                )


def _slow_report(func, inputs, input_pos, out_pos, out, eps, rtol, atol) -> str:
    """The slow-mode Jacobians PyTorch appends when fast mode fails."""
    numerical = _numerical_jacobian(func, inputs, input_pos, eps, out_pos + 1)[out_pos]
    analytical = _analytical_jacobian(out, [inputs[input_pos]], float("inf"))[0]
    flat_n, flat_a = _flatten_rows(numerical), _flatten_rows(analytical)
    max_diff = max((abs(a - n) for a, n in zip(flat_a, flat_n)), default=0.0)
    text = (
        "\nThe above quantities relating the numerical and analytical jacobians are computed \n"
        "in fast mode. See: https://github.com/pytorch/pytorch/issues/53876 for more background "
        "\nabout fast mode. Below, we recompute numerical and analytical jacobians in slow mode:"
        "\n\n"
        f"Numerical:\n {_matrix(numerical, out)}\n"
        f"Analytical:\n{_matrix(analytical, out)}\n\n"
        f"The max per-element difference (slow mode) is: {max_diff}.\n"
    )
    if _allclose(flat_a, flat_n, rtol, atol):
        text += msg.GRADCHECK_FAST_FAIL_SLOW_OK
    return text


def _test_backward_mul_by_grad_output(outputs: list, diff_inputs: list) -> None:
    """A zero grad_output must give zero gradients of the right dtype, device and size."""
    from .._creation import zeros_like

    grads = autograd_grad(
        outputs, diff_inputs, [zeros_like(o) for o in outputs], retain_graph=True, allow_unused=True
    )
    for g, inp in zip(grads, diff_inputs):
        if g is None:
            continue
        if any(v != 0 for v in _flat(g)):
            raise GradcheckError(msg.GRADCHECK_NOT_MULTIPLIED)
        if g.dtype is not inp.dtype:
            raise GradcheckError(msg.GRADCHECK_GRAD_TYPE)
        if g.device != inp.device:
            raise GradcheckError(msg.GRADCHECK_GRAD_DEVICE)
        if g.shape != inp.shape:
            raise GradcheckError(msg.GRADCHECK_GRAD_SIZE)


# --- the public functions ------------------------------------------------------------------------
def gradcheck(
    func: Callable,
    inputs,
    *,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    raise_exception: bool = True,
    nondet_tol: float = 0.0,
    check_undefined_grad: bool = True,
    check_grad_dtypes: bool = False,
    check_batched_grad: bool = False,
    check_batched_forward_grad: bool = False,
    check_forward_ad: bool = False,
    check_backward_ad: bool = True,
    fast_mode: bool = False,
    masked: bool | None = None,
) -> bool:
    """Check autograd's gradients of `func` at `inputs` against central finite differences.

    Returns True, or raises GradcheckError (False with raise_exception=False) on a mismatch.
    Forward-mode AD, batched grads and complex inputs are not supported (their flags are
    accepted for signature compatibility and ignored).
    """
    try:
        tupled = _as_tuple(inputs)
        diff_idx = _check_inputs(tupled)
        func_out = _as_tuple(func(*tupled))
        outputs = [o for o in func_out if isinstance(o, Tensor) and o.requires_grad]
        if fast_mode:
            _fast_gradcheck(func, tupled, diff_idx, func_out, outputs, eps, rtol, atol)
        else:
            _slow_gradcheck(func, tupled, diff_idx, func_out, outputs, eps, rtol, atol, nondet_tol)
        if outputs and check_backward_ad:
            _test_backward_mul_by_grad_output(outputs, [tupled[i] for i in diff_idx])
    except GradcheckError:
        if raise_exception:
            raise
        return False
    return True


def gradgradcheck(
    func: Callable,
    inputs,
    grad_outputs=None,
    *,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    gen_non_contig_grad_outputs: bool = False,
    raise_exception: bool = True,
    nondet_tol: float = 0.0,
    check_undefined_grad: bool = True,
    check_grad_dtypes: bool = False,
    check_batched_grad: bool = False,
    check_fwd_over_rev: bool = False,
    check_rev_over_rev: bool = True,
    fast_mode: bool = False,
    masked: bool = False,
) -> bool:
    """Check second derivatives: gradcheck of (inputs, grad_outputs) -> autograd.grad(func).

    Without `grad_outputs`, random ones in [-1, 1) are made (requiring grad) for each
    differentiable output, as PyTorch does.
    """
    tupled_inputs = _as_tuple(inputs)
    if grad_outputs is None:
        rng = random.Random(0)
        outputs = [
            o for o in _as_tuple(func(*tupled_inputs)) if isinstance(o, Tensor) and o.requires_grad
        ]
        tupled_grad_outputs = []
        for out in outputs:
            values = [rng.uniform(-1.0, 1.0) for _ in range(out.numel())]
            like = out if out.dtype.is_floating_point else out.double()
            tupled_grad_outputs.append(
                make_tensor(_as_data(values, like), out._backend, requires_grad=True)
            )
        tupled_grad_outputs = tuple(tupled_grad_outputs)
    else:
        tupled_grad_outputs = _as_tuple(grad_outputs)
    num_outputs = len(tupled_grad_outputs)
    diff_input_idx = {
        i for i, x in enumerate(tupled_inputs) if isinstance(x, Tensor) and x.requires_grad
    }
    diff_grad_idx = {i for i, x in enumerate(tupled_grad_outputs) if x.requires_grad}

    def new_func(*args):
        input_args = tuple(
            x.requires_grad_() if i in diff_input_idx else x
            for i, x in enumerate(args[:-num_outputs])
        )
        outs = [
            o for o in _as_tuple(func(*input_args)) if isinstance(o, Tensor) and o.requires_grad
        ]
        grads_out = tuple(
            x.requires_grad_() if i in diff_grad_idx else x
            for i, x in enumerate(args[-num_outputs:])
        )
        diff_inputs = tuple(x for i, x in enumerate(input_args) if i in diff_input_idx)
        grad_inputs = autograd_grad(
            outs, diff_inputs, grads_out, create_graph=True, allow_unused=True
        )
        return tuple(g for g in grad_inputs if g is not None)

    return gradcheck(
        new_func,
        tupled_inputs + tupled_grad_outputs,
        eps=eps,
        atol=atol,
        rtol=rtol,
        raise_exception=raise_exception,
        nondet_tol=nondet_tol,
        check_undefined_grad=check_undefined_grad,
        check_grad_dtypes=check_grad_dtypes,
        fast_mode=fast_mode,
    )
