"""Record what PyTorch gives for the bfloat16 dtype (issue #31) for tests/test_bfloat16.py.

Run with real PyTorch (2.13, CPU) to re-record:
    python tests/data/record_bfloat16.py   # writes tests/data/bfloat16_refs.json

The snippets run as record_long_tail.py's do (after `torch.manual_seed(0)`, with its helpers,
its encoding of results, errors and warnings). bfloat16 values have 8 significant bits, so the
10 significant digits recorded give each one back exactly. The file also holds the bytes of
the storage PyTorch saves for a bfloat16 tensor (torch.save's data record).
"""

from __future__ import annotations

import io
import json
import pathlib
import sys
import zipfile

import torch

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from record_long_tail import HELPERS, record  # noqa: E402

BF = "dtype=torch.bfloat16"
DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64")
SAVED = [1.0, 2.5, 1 / 3, -1e10, 3e-39]  # the tensor whose saved storage bytes are recorded


def cases():
    """(name, code) pairs."""
    # --- the dtype itself ------------------------------------------------------------------------
    yield (
        "attributes",
        "b = torch.bfloat16\nout = (b.is_floating_point, b.itemsize, str(b), repr(b), "
        "b.is_signed, b.is_complex, b is torch.half, b == torch.float16)",
    )
    yield (
        "finfo",
        "f = torch.finfo(torch.bfloat16)\n"
        "out = (f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.bits, repr(f))",
    )
    yield "iinfo_refused", "torch.iinfo(torch.bfloat16)"
    yield "legacy_type", f"out = (torch.ones(2, {BF}).type(), torch.zeros(1).bfloat16().type())"
    yield (
        "legacy_constructor",
        "out = (torch.BFloat16Tensor([0.1, 2]), torch.ones(2).type(torch.BFloat16Tensor))",
    )
    yield (
        "element_size",
        f"x = torch.ones(3, {BF})\nout = (x.element_size(), x.nbytes, x.is_floating_point())",
    )
    # --- making and converting -------------------------------------------------------------------
    yield "tensor", f"out = torch.tensor([1.0, 1 / 3, 1e10, -2.5, 3e-39, 1e39], {BF})"
    yield "ties_to_even", f"out = torch.tensor([1.00390625, 1.01171875, 257., 259.], {BF})"
    yield "tensor_ints", f"out = torch.tensor([[1, 2], [300, 1001]], {BF})"
    yield "scalar", f"out = torch.tensor(0.1, {BF})"
    yield (
        "factories",
        (
            f"out = (torch.zeros(2, {BF}), torch.ones(2, {BF}), torch.full((2,), 0.1, {BF}), "
            f"torch.arange(0, 2, 0.5, {BF}), torch.linspace(0, 1, 5, {BF}), torch.eye(2, {BF}), "
            f"torch.empty(3, {BF}).shape)"
        ),
    )
    yield "method", "out = torch.tensor([0.1, 1e-5, 65519.]).bfloat16()"
    yield (
        "to",
        "x = torch.tensor([0.1, 2.7])\nout = (x.to(torch.bfloat16), x.to(torch.bfloat16).to(torch.float64))",
    )
    yield "to_int", f"out = torch.tensor([1.7, -2.7, 300.], {BF}).to(torch.int64)"
    yield "from_half", "out = torch.tensor([0.1, 1e-7, 60000.], dtype=torch.float16).bfloat16()"
    yield (
        "tolist_item",
        f"x = torch.tensor([0.1, 2.], {BF})\nout = (x.tolist(), x[0].item(), type(x[1].item()).__name__)",
    )
    yield (
        "default_dtype",
        (
            "torch.set_default_dtype(torch.bfloat16)\n"
            "try:\n"
            "    out = (str(torch.get_default_dtype()), torch.tensor([0.1, 1.]), torch.arange(3.), "
            "torch.ones(2), torch.tensor([1, 2]), torch.tensor(1) / 3, torch.randn(3))\n"
            "finally:\n"
            "    torch.set_default_dtype(torch.float32)"
        ),
    )
    # --- type promotion --------------------------------------------------------------------------
    pairs = ", ".join(f"str(torch.promote_types(torch.bfloat16, torch.{d}))" for d in DTYPES)
    yield (
        "promote_types",
        f"out = ({pairs}, str(torch.promote_types(torch.float16, torch.bfloat16)))",
    )
    casts = ", ".join(
        f"torch.can_cast(torch.bfloat16, torch.{d}), torch.can_cast(torch.{d}, torch.bfloat16)"
        for d in DTYPES
    )
    yield "can_cast", f"out = ({casts})"
    yield (
        "result_type",
        (
            f"x = torch.ones(2, {BF})\n"
            "out = tuple(str(d) for d in (torch.result_type(x, 2), torch.result_type(x, 2.5), torch.result_type(x, True), "
            "torch.result_type(x, torch.ones(2, dtype=torch.float16)), "
            "torch.result_type(x, torch.tensor(1.)), torch.result_type(x, torch.ones(2)), "
            "torch.result_type(torch.ones(2, dtype=torch.int64), torch.tensor(1., dtype=torch.bfloat16)), "
            "torch.result_type(torch.ones(2, dtype=torch.float16), torch.tensor(1., dtype=torch.bfloat16)), "
            "torch.result_type(torch.tensor(1., dtype=torch.float16), torch.tensor(1., dtype=torch.bfloat16))))"
        ),
    )
    yield (
        "mixed_arithmetic",
        (
            f"x = torch.tensor([0.1, 1.3], {BF})\n"
            "out = (x + torch.tensor([0.1, 0.2], dtype=torch.float16), x * 3, x + 0.1, "
            "x + torch.tensor([1, 2]), x * torch.tensor([0.3, 0.7]), x + torch.tensor(0.1), "
            "x / torch.tensor(3, dtype=torch.float64))"
        ),
    )
    yield (
        "inplace_into_bfloat16",
        f"x = torch.ones(2, {BF})\nx += torch.tensor([0.1, 1/3])\nout = x",
    )
    yield "inplace_refused", f"x = torch.ones(2, dtype=torch.int64)\nx += torch.ones(2, {BF})"
    # --- printing --------------------------------------------------------------------------------
    yield "repr_small", f"out = repr(torch.tensor([1.0, 1 / 3], {BF}))"
    yield "repr_wide", f"out = repr(torch.tensor([1e10, 123456.0, 0.001, 1.5], {BF}))"
    yield "repr_ints", f"out = repr(torch.tensor([1., 2., 300.], {BF}))"
    yield "repr_scalar", f"out = (repr(torch.tensor(0.1, {BF})), str(torch.tensor(-0., {BF})))"
    yield "repr_grad", f"out = repr(torch.tensor([0.1, 0.2], {BF}, requires_grad=True) * 2)"
    yield "repr_special", f"out = repr(torch.tensor([float('inf'), float('nan'), -1e-3], {BF}))"
    yield "repr_2d", "out = repr(torch.arange(12.).reshape(3, 4).bfloat16() / 7)"
    yield "repr_empty", f"out = repr(torch.zeros(0, 2, {BF}))"
    # --- arithmetic and reductions: PyTorch computes in float32, rounding each result ----------
    x = "x = torch.randn(3, 5).bfloat16()\ny = torch.rand(3, 5).bfloat16() + 0.5\n"
    for op in ("x + y", "x - y", "x * y", "x / y", "x ** 2", "y ** 0.5", "x * 0.1", "x / 3"):
        yield f"binary_{op}", f"{x}out = {op}"
    for fn in (
        "exp",
        "log",
        "sqrt",
        "sin",
        "tanh",
        "sigmoid",
        "relu",
        "abs",
        "reciprocal",
        "rsqrt",
        "erf",
        "log1p",
        "floor",
        "round",
    ):
        arg = "y" if fn in ("log", "sqrt", "rsqrt") else "x"
        yield f"unary_{fn}", f"{x}out = torch.{fn}({arg})"
    big = "x = torch.randn(1000).bfloat16()\nm = torch.randn(40, 30).bfloat16()\n"
    yield "sum", f"{big}out = (x.sum(), m.sum(0), m.sum(1), m.sum(), (x * 100).sum())"
    yield "mean", f"{big}out = (x.mean(), m.mean(0), m.mean(1, keepdim=True))"
    yield "sum_dtype", f"{big}out = (x.sum(dtype=torch.float32), m.sum(0, dtype=torch.float64))"
    yield "max_min", f"{big}out = (x.max(), m.max(0), m.min(1), m.argmax(), m.amax(1))"
    yield (
        "prod",
        "out = torch.tensor([1.1, 1.3, 1.7, 0.9, 2.1, 1.01, 1.02, 1.03]).bfloat16().prod()",
    )
    yield "cumsum", "out = torch.linspace(0.1, 3, 20).bfloat16().cumsum(0)"
    yield "var_std", f"{big}out = (m.var(0), m.std(), x.var())"
    yield "norm", f"{big}out = (x.norm(), m.norm(dim=1))"
    yield (
        "matmul",
        "a = torch.randn(4, 5).bfloat16()\nb = torch.randn(5, 3).bfloat16()\nout = a @ b",
    )
    yield (
        "matmul_long",
        "a = torch.randn(8, 256).bfloat16()\nb = torch.randn(256, 6).bfloat16()\n"
        "out = (a @ b, torch.mm(a, b), a @ b[:, 0], torch.bmm(a.reshape(2, 4, 256), b.expand(2, 256, 6)))",
    )
    yield "matmul_mixed", f"out = torch.ones(2, 2, {BF}) @ torch.ones(2, 2)"
    yield (
        "softmax",
        "x = torch.randn(4, 10).bfloat16() * 3\nout = (x.softmax(-1), x.log_softmax(-1), x.softmax(-1).sum(-1))",
    )
    yield (
        "layer_norm",
        "x = torch.randn(3, 8).bfloat16()\nout = torch.nn.functional.layer_norm(x, (8,))",
    )
    yield (
        "cross_entropy",
        "x = torch.randn(5, 7).bfloat16()\nt = torch.tensor([0, 3, 6, 2, 1])\n"
        "out = (torch.nn.functional.cross_entropy(x, t), torch.nn.functional.mse_loss(x, x * 0.5))",
    )
    yield (
        "comparison",
        f"x = torch.tensor([0.1, 0.2, 0.3], {BF})\nout = (x == 0.1, x < torch.tensor([0.1, 0.2, 0.3]), x.isclose(torch.tensor([0.1, 0.2, 0.3])))",
    )
    # (gelu of x < -4 is 1 + erf(x / sqrt 2) cancelling in float32: each library's erf gives its
    # own last bits there; the layers case has gelu of ordinary values)
    acts = ("silu", "mish", "elu", "softplus", "leaky_relu", "hardswish", "logsigmoid")
    calls = ", ".join(f"F.{a}(x)" for a in acts)
    yield "activations", f"x = torch.randn(40).bfloat16() * 3\nout = ({calls})"
    yield (
        "numbers_in_other_ops",  # ml_dtypes widens bfloat16 beside a Python number
        "x = torch.randn(3, 5).bfloat16()\ny = torch.rand(3, 5).bfloat16() + 0.5\n"
        "out = (x.clamp(-0.5, 0.7), x.clamp(min=0.1), torch.lerp(x, y, 0.3), "
        "torch.addcmul(x, x, y, value=0.1), torch.addcdiv(x, x, y, value=-0.3), "
        "x.masked_fill(x > 0, 0.1), x.masked_fill(x > 0, float('-inf')).softmax(-1), "
        "x.lerp(y, torch.full((3, 5), 0.3).bfloat16()))",
    )
    yield (
        "where_cat",
        f"x = torch.ones(2, {BF})\nout = (torch.where(x > 0, x, 0.5), torch.cat([x, x * 0.3]), torch.stack([x, x]).T)",
    )
    # --- autograd --------------------------------------------------------------------------------
    yield (
        "grad_leaf",
        f"x = torch.tensor([0.1, 1.5, -2.0], {BF}, requires_grad=True)\n"
        "y = (x * x + x.exp()).sum()\ny.backward()\nout = (y, x.grad, str(x.grad.dtype), x.is_leaf)",
    )
    yield (
        "grad_model",
        "lin = torch.nn.Linear(6, 4).to(torch.bfloat16)\nx = torch.randn(5, 6).bfloat16()\n"
        "loss = torch.nn.functional.cross_entropy(lin(x), torch.tensor([0, 1, 2, 3, 0]))\n"
        "loss.backward()\nout = (loss, lin.weight.grad, lin.bias.grad, str(lin.weight.dtype))",
    )
    yield (
        "grad_mixed",
        "x = torch.tensor([0.1, 1.5], requires_grad=True)\n"
        "y = x.bfloat16() * torch.tensor([3.0, 0.7], dtype=torch.bfloat16)\n"
        "y.sum().backward()\nout = (y, x.grad)",
    )
    yield (
        "grad_functions",
        f"x = torch.tensor([[0.3, -1.2, 2.0], [0.5, 0.25, -0.7]], {BF}, requires_grad=True)\n"
        "out = grads(torch.tanh(x) * x.softmax(-1) + x.mean(0), x)",
    )
    # --- NumPy, nn modules -----------------------------------------------------------------------
    yield "numpy_refused", f"torch.ones(2, {BF}).numpy()"
    yield "numpy_force_refused", f"torch.ones(2, {BF}).numpy(force=True)"
    yield "numpy_grad_first", f"torch.ones(2, {BF}, requires_grad=True).numpy()"
    yield (
        "module_to",
        "m = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))\n"
        "m = m.to(torch.bfloat16)\nout = (str(m[0].weight.dtype), m(torch.ones(2, 3, dtype=torch.bfloat16)))",
    )
    yield (
        "module_bfloat16",
        "m = torch.nn.BatchNorm1d(3).bfloat16()\n"
        "out = tuple(str(t.dtype) for t in (m.weight, m.running_mean, m.num_batches_tracked))",
    )
    yield (
        "conv_bfloat16",
        "c = torch.nn.Conv2d(2, 3, 3).bfloat16()\nout = c(torch.randn(1, 2, 5, 5).bfloat16())",
    )
    yield (
        "sgd_adam_steps",
        "torch.manual_seed(0)\nlin = torch.nn.Linear(4, 3).bfloat16()\n"
        "opts = [torch.optim.SGD(lin.parameters(), lr=0.1, momentum=0.9), "
        "torch.optim.Adam(lin.parameters(), lr=0.01)]\n"
        "x = torch.randn(6, 4).bfloat16()\nfor opt in opts:\n"
        "    for _ in range(3):\n        opt.zero_grad()\n"
        "        lin(x).square().mean().backward()\n        opt.step()\n"
        "out = (lin.weight.detach(), lin.bias.detach())",
    )
    yield (
        "layers",
        "emb = torch.nn.Embedding(5, 3).bfloat16()\nln = torch.nn.LayerNorm(3).bfloat16()\n"
        "out = (emb(torch.tensor([1, 4])), ln(emb(torch.tensor([0, 2]))), "
        "torch.nn.functional.gelu(emb.weight), torch.nn.functional.dropout(emb.weight, 0.5))",
    )
    yield "module_input_mismatch", "torch.nn.Linear(3, 2).bfloat16()(torch.ones(1, 3))"
    yield "mm_mismatch", f"torch.mm(torch.ones(2, 2, {BF}), torch.ones(2, 2))"
    # --- random numbers --------------------------------------------------------------------------
    yield "randn", f"out = (torch.randn(5, {BF}), torch.randn(20, {BF}), torch.randn(1000, {BF}))"
    yield "rand", f"out = (torch.rand(5, {BF}), torch.rand(20, {BF}), torch.rand(1000, {BF}))"
    yield "randperm", f"out = torch.randperm(6, {BF})"
    for dtype in ("bfloat16", "float16"):  # a value rounded up to the upper bound is the lower one
        yield (
            f"uniform_bounds_{dtype}",
            f"x = torch.rand(100000, dtype=torch.{dtype})\n"
            f"y = torch.empty(100000, dtype=torch.{dtype}).uniform_(2, 3)\n"
            "out = ((x == 0).sum(), (x == 1).sum(), x.double().sum(), (y == 2).sum(), "
            "(y == 3).sum(), y.double().sum())",
        )
    yield "randint", f"out = torch.randint(0, 10, (8,), {BF})"
    yield "randn_like", f"out = torch.randn_like(torch.ones(4, {BF}))"
    yield (
        "fill_inplace",
        f"out = (torch.empty(6, {BF}).normal_(), torch.empty(6, {BF}).uniform_(-1, 1), "
        f"torch.empty(4, {BF}).bernoulli_(0.5), torch.empty(4, {BF}).exponential_())",
    )


def saved_storage() -> str:
    """The hex bytes of the data record torch.save writes for a bfloat16 tensor."""
    buffer = io.BytesIO()
    torch.save(torch.tensor(SAVED, dtype=torch.bfloat16), buffer)
    with zipfile.ZipFile(buffer) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith("/data/0")]
        return archive.read(name).hex()


def main() -> None:
    data = {
        "torch": torch.__version__,
        "helpers": HELPERS,
        "saved": {"values": SAVED, "storage_hex": saved_storage()},
        "cases": [{"name": n, "code": c, **record(c)} for n, c in cases()],
    }
    path = pathlib.Path(__file__).with_name("bfloat16_refs.json")
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{len(data['cases'])} cases -> {path}")


if __name__ == "__main__":
    main()
