"""Compare autograd_nb with PyTorch 2.13 on PyTorch's own OpInfo sample inputs (a side tool).

Run from the repository root with the PyTorch venv, autograd_nb on the path:
    PYTHONPATH=$PWD /work/torchenv/bin/python tests/data/compare_opinfo.py [names...]

For every entry of `torch.testing._internal.common_methods_invocations.op_db` whose function
autograd_nb has (same dotted name), the first float64 samples run in both libraries; the forward
values and the gradients of a fixed random projection of the outputs are compared. It prints one
line per mismatch and a summary; nothing is written. The op database's own tests
(tests/test_opdb*.py) use recorded numbers instead and never import torch.
"""

from __future__ import annotations

import sys
import warnings

import numpy as np
import torch
from torch.testing._internal.common_methods_invocations import op_db

import autograd_nb as ag

SAMPLES = 5
RANDOM = {  # ops whose values are random draws: not comparable sample by sample
    "bernoulli normal cauchy exponential geometric log_normal uniform rand_like randn_like "
    "randint_like multinomial nn.functional.dropout nn.functional.dropout2d "
    "nn.functional.dropout3d nn.functional.alpha_dropout nn.functional.feature_alpha_dropout "
    "nn.functional.rrelu empty empty_like empty_strided new_empty new_empty_strided "
    "empty_permuted nn.functional.gumbel_softmax randint randn rand normal"
}
RANDOM = set(next(iter(RANDOM)).split())


def resolve(root, name: str):
    obj = root
    for part in name.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def to_ag(value):
    if isinstance(value, torch.Tensor):
        if value.layout != torch.strided or value.is_complex() or value.is_quantized:
            raise TypeError("unsupported tensor")
        data = value.detach().numpy().copy()
        t = ag.tensor(data, dtype=getattr(ag, str(value.dtype).split(".")[1]))
        if value.requires_grad:
            t.requires_grad_(True)
        return t
    if isinstance(value, torch.dtype):
        return getattr(ag, str(value).split(".")[1])
    if isinstance(value, torch.Size):
        return tuple(value)
    if isinstance(value, torch.device):
        return ag.device(str(value))
    if isinstance(value, torch.memory_format):
        return getattr(ag, str(value).split(".")[1])
    if isinstance(value, list):
        return [to_ag(v) for v in value]
    if isinstance(value, tuple):
        return tuple(to_ag(v) for v in value)
    if isinstance(value, dict):
        return {k: to_ag(v) for k, v in value.items()}
    return value


def leaves(value, kind) -> list:
    if isinstance(value, kind):
        return [value]
    if isinstance(value, list | tuple):
        return [t for v in value for t in leaves(v, kind)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in leaves(v, kind)]
    return []


def describe(value) -> str:
    """A one-line description of a sample's argument: tensors by shape."""
    if isinstance(value, torch.Tensor):
        return f"T{tuple(value.shape)}"
    if isinstance(value, list | tuple):
        return "(" + ", ".join(describe(v) for v in value) + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {describe(v)}" for k, v in value.items()) + "}"
    return repr(value)


def as_np(t) -> np.ndarray:
    if isinstance(t, torch.Tensor):
        return t.detach().cpu().numpy()
    return np.asarray(t.detach().numpy()) if isinstance(t, ag.Tensor) else np.asarray(t)


def first_difference(got: np.ndarray, want: np.ndarray) -> str:
    if got.shape != want.shape:
        return f"shape {got.shape}, PyTorch {want.shape}"
    g, w = got.astype(float).ravel(), want.astype(float).ravel()
    bad = ~np.isclose(g, w, rtol=1e-6, atol=1e-8, equal_nan=True)
    k = int(np.argmax(bad))
    return f"{int(bad.sum())}/{bad.size} elements, e.g. [{k}] got {g[k]!r}, PyTorch {w[k]!r}"


def close(a: np.ndarray, b: np.ndarray) -> bool:
    if a.shape != b.shape:
        return False
    if a.dtype == bool or b.dtype == bool:
        return bool(np.array_equal(a, b))
    return bool(np.allclose(a.astype(float), b.astype(float), rtol=1e-6, atol=1e-8, equal_nan=True))


def compare(op, name: str) -> list[str]:
    fn_ag = resolve(ag, name)
    problems = []
    samples = op.sample_inputs("cpu", torch.float64, requires_grad=op.supports_autograd)
    for k, sample in enumerate(samples):
        if k >= SAMPLES:
            break
        where = f"{name}{'.' + op.variant_test_name if op.variant_test_name else ''}#{k}"
        desc = f"input {describe(sample.input)} args {describe(sample.args)} kwargs {describe(sample.kwargs)}"
        try:
            args_ag = to_ag((sample.input, *sample.args))
            kwargs_ag = to_ag(sample.kwargs)
        except TypeError:
            continue
        try:
            out_t = op.op(sample.input, *sample.args, **sample.kwargs)
        except Exception:
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out_a = fn_ag(*args_ag, **kwargs_ag)
        except Exception as e:
            problems.append(f"{where}: raises {type(e).__name__}: {str(e)[:150]} | {desc}")
            continue
        outs_t = leaves(out_t, torch.Tensor)
        outs_a = leaves(out_a, ag.Tensor)
        if not outs_t and not isinstance(out_t, list | tuple):
            outs_t, outs_a = [torch.tensor(out_t)], [ag.tensor(out_a)]
        if len(outs_t) != len(outs_a):
            problems.append(f"{where}: {len(outs_a)} outputs, PyTorch {len(outs_t)} | {desc}")
            continue
        bad = [i for i, (t, a) in enumerate(zip(outs_t, outs_a)) if not close(as_np(t), as_np(a))]
        if bad:
            i = bad[0]
            problems.append(
                f"{where}: forward output {i} differs: {first_difference(as_np(outs_a[i]), as_np(outs_t[i]))} | {desc}"
            )
            continue
        if not op.supports_autograd:
            continue
        ins_t = [t for t in leaves((sample.input, sample.args, sample.kwargs), torch.Tensor)]
        ins_a = [t for t in leaves((args_ag, kwargs_ag), ag.Tensor)]
        pairs = [(t, a) for t, a in zip(ins_t, ins_a) if t.requires_grad]
        douts = [
            (t, a)
            for t, a in zip(outs_t, outs_a)
            if t.requires_grad and t.dtype.is_floating_point and t.numel()
        ]
        if not pairs or not douts:
            continue
        rng = np.random.default_rng(k)
        weights = [rng.standard_normal(t.shape) for t, _ in douts]
        try:
            grads_t = torch.autograd.grad(
                sum((t * torch.tensor(w)).sum() for (t, _), w in zip(douts, weights)),
                [t for t, _ in pairs],
                allow_unused=True,
            )
        except Exception:
            continue
        try:
            loss = sum((a * ag.tensor(w)).sum() for (_, a), w in zip(douts, weights))
            grads_a = ag.autograd.grad(loss, [a for _, a in pairs], allow_unused=True)
        except Exception as e:
            problems.append(f"{where}: backward raises {type(e).__name__}: {str(e)[:150]} | {desc}")
            continue
        for i, (gt, ga) in enumerate(zip(grads_t, grads_a)):
            gt = np.zeros(pairs[i][0].shape) if gt is None else as_np(gt)
            ga = np.zeros(pairs[i][0].shape) if ga is None else as_np(ga)
            if not close(gt, ga):
                problems.append(
                    f"{where}: gradient of input {i} differs: {first_difference(ga, gt)} | {desc}"
                )
                break
    return problems


def main(names: list[str]) -> None:
    torch.manual_seed(0)
    checked = missing = 0
    all_problems = []
    for op in op_db:
        if names and op.name not in names:
            continue
        if op.name in RANDOM or torch.float64 not in op.supported_dtypes("cpu"):
            continue
        if resolve(ag, op.name) is None or resolve(torch, op.name) is not op.op:
            missing += resolve(ag, op.name) is None
            continue
        checked += 1
        try:
            all_problems += compare(op, op.name)
        except Exception as e:  # a sample generator that fails here: say so and go on
            all_problems.append(f"{op.name}: comparison failed: {type(e).__name__}: {e}")
    for line in all_problems:
        print(line)
    ops_bad = {line.split("#")[0].split(":")[0] for line in all_problems}
    print(f"checked {checked} ops, {missing} not in autograd_nb, {len(ops_bad)} with problems")


if __name__ == "__main__":
    main(sys.argv[1:])
