"""Record what PyTorch gives for the long tail of names and functions learners paste (issue #31)
for tests/test_long_tail.py.

Run with real PyTorch (2.13, CPU) to re-record:
    python tests/data/record_long_tail.py   # writes tests/data/long_tail_refs.json

Each case is a snippet run after `torch.manual_seed(0)` with `torch`, `F` (torch.nn.functional),
`nn`, `math` and the helper `grads` in scope; `out` is what is compared: tensors (values, dtype,
shape, grad_fn's name), numbers, strings (reprs), tuples of those, or the exception raised (type
and text). The warnings a snippet raises are recorded too (PyTorch's C++ warnings end with
" (Triggered internally at ...)", the build's path: that tail is cut off).
"""

from __future__ import annotations

import json
import math
import pathlib
import warnings

import torch
from torch import nn
from torch.nn import functional as F

HELPERS = '''
def grads(out, *inputs):
    """The gradients of sum(out * w) (w a fixed pattern; out a tensor or a tuple of them) with
    respect to `inputs`."""
    outs = out if isinstance(out, (tuple, list)) else (out,)
    total = 0
    for o in outs:
        if o.requires_grad:
            w = (torch.arange(o.numel(), dtype=o.dtype) * 0.7 + 0.3).sin().reshape(o.shape)
            total = total + (o * w).sum()
    return torch.autograd.grad(total, inputs)
'''

X64 = "dtype=torch.float64"


def cases():
    """(name, code) pairs."""
    # --- 1. names and idioms ------------------------------------------------------------------
    yield "constants", "out = (torch.inf, -torch.inf, torch.e, torch.pi, torch.newaxis is None)"
    yield "nan", "out = math.isnan(torch.nan) and isinstance(torch.nan, float)"
    yield "newaxis_index", "out = torch.arange(3.)[:, torch.newaxis]"
    yield "range_ints", "out = torch.range(1, 4)"
    yield "range_step", "out = torch.range(0, 1, 0.25)"
    yield "range_dtype", "out = torch.range(1, 4, dtype=torch.int64)"
    yield "range_float64", "out = torch.range(1, 2.5, 0.5, dtype=torch.float64)"
    yield "range_grad", "out = torch.range(1, 3, requires_grad=True)"
    yield "range_negative", "out = torch.range(3, 1, -0.5)"
    yield "range_no_end", "out = torch.range(4)"
    yield "range_bounds", "out = torch.range(3, 1)"
    yield (
        "tensor_of_tensor",
        "x = torch.zeros(2, 3)\nr = torch.Tensor(x)\nr.resize_(3, 8)\n"
        "out = (r is x, r._base is x, tuple(x.shape), tuple(r.shape), r.is_leaf)",
    )
    yield (
        "tensor_of_grad_tensor",
        "y = torch.zeros(2, 3, requires_grad=True)\nr = torch.Tensor(y)\n"
        "out = (r, r._base is y, r.is_leaf, repr(r))",
    )
    yield "tensor_of_long", "out = torch.Tensor(torch.arange(3))"
    yield "float_tensor_of_long", "out = torch.FloatTensor(torch.arange(3))"
    yield "double_tensor_of_float", "out = torch.DoubleTensor(torch.zeros(2))"
    yield "new_of_long", "out = torch.zeros(2).new(torch.arange(2))"
    yield (
        "module_dir",
        "m = nn.Linear(2, 3)\nout = sorted(n for n in dir(m) if not n.startswith('_') "
        "and n != 'register_backward_hook')",
    )
    yield (
        "module_misc",
        "m = nn.Linear(2, 3)\nout = (callable(m.compile), m.share_memory() is m, "
        "m.to_empty(device='cpu') is m, tuple(m.weight.shape), repr(nn.ReLU().xpu()), "
        "str(nn.Module.T_destination))",
    )
    for device in ("xpu", "ipu", "mtia"):
        yield f"module_{device}", f"out = nn.Linear(2, 3).{device}()"
    yield "module_get_extra_state", "out = nn.Linear(2, 3).get_extra_state()"
    yield "module_set_extra_state", "out = nn.Linear(2, 3).set_extra_state(1)"
    yield (
        "module_extra_state",
        "class M(nn.Linear):\n"
        "    def get_extra_state(self):\n        return {'a': 1}\n"
        "    def set_extra_state(self, state):\n        self.loaded = state\n"
        "m = M(2, 3)\nsd = m.state_dict()\nkeys = list(sd)\nresult = repr(m.load_state_dict(sd))\n"
        "del sd['_extra_state']\nloose = repr(m.load_state_dict(sd, strict=False))\n"
        "out = (keys, result, m.loaded, loose)",
    )
    yield (
        "module_extra_state_missing",
        "class M(nn.Linear):\n"
        "    def get_extra_state(self):\n        return 1\n"
        "    def set_extra_state(self, state):\n        pass\n"
        "m = M(2, 3)\nsd = m.state_dict()\ndel sd['_extra_state']\nout = m.load_state_dict(sd)",
    )
    yield (
        "module_extra_state_unexpected",
        "n = nn.Linear(2, 3)\nout = n.load_state_dict({**n.state_dict(), '_extra_state': 1})",
    )
    yield (
        "module_state_dict_pre_hooks",
        "calls = []\ns = nn.Sequential(nn.Linear(1, 1), nn.Sequential(nn.Linear(1, 1)))\n"
        "h = s.register_state_dict_pre_hook(lambda m, prefix, keep: calls.append((prefix, keep)))\n"
        "s[1].register_state_dict_pre_hook(lambda m, prefix, keep: calls.append((prefix, keep)))\n"
        "s.state_dict(keep_vars=True)\nh.remove()\ns.state_dict()\n"
        "s.register_load_state_dict_pre_hook(lambda *a: calls.append((len(a), a[2], a[4], "
        "sorted(a[1]))))\n"
        "s[1].register_load_state_dict_pre_hook(lambda *a: calls.append((a[2], sorted(a[1]))))\n"
        "s.load_state_dict(s.state_dict())\nout = calls",
    )
    yield (
        "set_submodule",
        "s = nn.Sequential(nn.Linear(1, 1), nn.Sequential(nn.Linear(1, 1)))\n"
        "s.set_submodule('0', nn.ReLU())\ns.set_submodule('1.0', nn.Tanh())\n"
        "s.set_submodule('2', nn.ReLU())\nout = repr(s)",
    )
    for name, call in (
        ("set_submodule_strict", "s.set_submodule('3', nn.ReLU(), strict=True)"),
        ("set_submodule_empty", "s.set_submodule('', nn.ReLU())"),
        ("set_submodule_type", "s.set_submodule('x', 3)"),
        ("set_submodule_not_module", "s.set_submodule('training', nn.ReLU())"),
        ("set_submodule_path", "s.set_submodule('5.x', nn.ReLU())"),
    ):
        yield name, f"s = nn.Sequential(nn.Linear(1, 1))\nout = {call}"
    # --- 2. conv_transpose3d, adaptive_max_pool3d, max_unpool3d -------------------------------
    yield (
        "conv_transpose3d",
        f"x = torch.randn(1, 4, 2, 3, 2, {X64}, requires_grad=True)\n"
        f"w = torch.randn(4, 3, 2, 2, 2, {X64}, requires_grad=True)\n"
        f"b = torch.randn(6, {X64}, requires_grad=True)\n"
        "y = F.conv_transpose3d(x, w, b, stride=(2, 1, 2), padding=(1, 0, 1), "
        "output_padding=(1, 0, 0), groups=2, dilation=(1, 2, 1))\n"
        "out = (y, grads(y, x, w, b))",
    )
    yield (
        "conv_transpose3d_unbatched",
        f"x = torch.randn(2, 2, 3, 2, {X64}, requires_grad=True)\n"
        f"w = torch.randn(2, 1, 2, 2, 2, {X64})\n"
        "y = F.conv_transpose3d(x, w, stride=2)\nout = (y, grads(y, x))",
    )
    yield (
        "ConvTranspose3d",
        "m = nn.ConvTranspose3d(2, 3, (2, 3, 1), stride=2, padding=(0, 1, 0))\n"
        "y = m(torch.randn(1, 2, 2, 3, 2), output_size=(5, 5, 3))\n"
        "out = (repr(m), y, tuple(m.weight.shape), m.output_padding)",
    )
    yield (
        "LazyConvTranspose3d",
        "m = nn.LazyConvTranspose3d(3, 2)\ny = m(torch.randn(1, 4, 2, 2, 2))\n"
        "out = (repr(m), tuple(m.weight.shape), tuple(y.shape))",
    )
    for size in ("(2, 3, 4)", "3", "(5, None, 1)", "(1, 1, 1)", "(7, 9, 6)"):
        yield (
            f"adaptive_max_pool3d_{size}",
            f"x = torch.randn(1, 2, 5, 7, 6, {X64}, requires_grad=True)\n"
            f"y, i = F.adaptive_max_pool3d(x, {size}, return_indices=True)\n"
            "out = (y, i, grads(y, x))",
        )
    yield (
        "adaptive_max_pool3d_unbatched",
        "x = torch.randn(2, 4, 3, 5, requires_grad=True)\n"
        "out = (F.adaptive_max_pool3d(x, (2, 2, 3)), nn.AdaptiveMaxPool3d((2, None, 3))(x))",
    )
    yield "AdaptiveMaxPool3d", "out = repr(nn.AdaptiveMaxPool3d((2, None, 3), True))"
    yield "adaptive_max_pool3d_rank", "out = F.adaptive_max_pool3d(torch.randn(4, 4, 4), 2)"
    yield "adaptive_max_pool3d_size", "out = F.adaptive_max_pool3d(torch.randn(1, 4, 4, 4), (2, 2))"
    yield (
        "adaptive_max_pool3d_long",
        "out = F.adaptive_max_pool3d(torch.ones(1, 2, 2, 2).long(), 2)",
    )
    yield "adaptive_max_pool3d_empty", "out = F.adaptive_max_pool3d(torch.zeros(1, 0, 2, 2), 2)"
    yield (
        "max_unpool3d",
        f"x = torch.randn(1, 2, 4, 6, 5, {X64})\n"
        "y, i = F.max_pool3d(x, 2, stride=2, return_indices=True)\ny.requires_grad_()\n"
        "z = F.max_unpool3d(y, i, 2, output_size=(5, 7, 5))\nout = (z, grads(z, y))",
    )
    yield (
        "MaxUnpool3d",
        "x = torch.randn(1, 2, 4, 4, 4)\ny, i = F.max_pool3d(x, 2, return_indices=True)\n"
        "m = nn.MaxUnpool3d(2)\nout = (repr(m), m(y, i), F.max_unpool3d(y[0], i[0], 2))",
    )
    yield (
        "max_unpool3d_errors_rank",
        "out = F.max_unpool3d(torch.ones(2, 2, 2), torch.zeros(2, 2, 2).long(), 2)",
    )
    yield (
        "max_unpool3d_errors_index",
        "i = torch.zeros(1, 1, 2, 2, 2).long()\ni[0, 0, 1, 1, 1] = 99\n"
        "out = F.max_unpool3d(torch.ones(1, 1, 2, 2, 2), i, 2)",
    )
    yield (
        "max_unpool3d_errors_dtype",
        "out = F.max_unpool3d(torch.ones(1, 1, 2, 2, 2), torch.zeros(1, 1, 2, 2, 2).int(), 2)",
    )
    yield (
        "max_unpool3d_errors_shape",
        "out = F.max_unpool3d(torch.ones(1, 2, 2, 2, 2), torch.zeros(1, 1, 2, 2, 2).long(), 2)",
    )
    # --- 2. linear algebra ----------------------------------------------------------------------
    for shape in ("3, 3", "2, 4", "4, 2", "2, 3, 3"):
        tag = shape.replace(", ", "x")
        yield (
            f"lu_factor_{tag}",
            f"A = torch.randn({shape}, {X64}, requires_grad=True)\n"
            "LU, piv = torch.linalg.lu_factor(A)\nout = (LU, piv, grads(LU, A))",
        )
        yield (
            f"linalg_lu_{tag}",
            f"A = torch.randn({shape}, {X64}, requires_grad=True)\n"
            "P, L, U = torch.linalg.lu(A)\nout = (P, L, U, grads((L, U), A))",
        )
        yield (
            f"lu_unpack_{tag}",
            f"A = torch.randn({shape}, {X64}, requires_grad=True)\n"
            "P, L, U = torch.lu_unpack(*torch.linalg.lu_factor(A))\n"
            "out = (P, L, U, grads((L, U), A))",
        )
    for left in (True, False):
        for adjoint in (False, True):
            yield (
                f"lu_solve_{left}_{adjoint}",
                f"A = torch.randn(2, 3, 3, {X64}, requires_grad=True)\n"
                f"B = torch.randn(2, 3, 2, {X64}, requires_grad=True)\n"
                "LU, piv = torch.linalg.lu_factor(A)\n"
                f"X = torch.linalg.lu_solve(LU, piv, B if {left} else B.mT, left={left}, "
                f"adjoint={adjoint})\nout = (X, grads(X, A, B))",
            )
    yield (
        "lu_singular_ex",
        "A = torch.tensor([[1., 2, 3], [2, 4, 6], [1, 1, 1]])\n"
        "out = (torch.linalg.lu_factor_ex(A), repr(torch.linalg.lu_factor_ex(A)), "
        "repr(torch.linalg.lu(A)))",
    )
    yield "lu_factor_repr", "out = repr(torch.linalg.lu_factor(torch.tensor([[1., 2], [3, 4]])))"
    yield (
        "torch_lu",
        "A = torch.tensor([[1., 2], [3, 4]])\nout = (torch.lu(A), torch.lu(A, get_infos=True), "
        "torch.lu_solve(torch.ones(2, 1), *torch.lu(A)), A.lu(), torch.ones(2, 1).lu_solve(*A.lu()))",
    )
    yield "lu_factor_singular", "out = torch.linalg.lu_factor(torch.ones(2, 3, 3))"
    yield "lu_factor_long", "out = torch.linalg.lu_factor(torch.ones(3, 3).long())"
    yield "lu_factor_vector", "out = torch.linalg.lu_factor(torch.ones(3))"
    yield "lu_no_pivot", "out = torch.linalg.lu(torch.eye(3), pivot=False)"
    yield (
        "lu_solve_shapes",
        "out = torch.linalg.lu_solve(*torch.linalg.lu_factor(torch.eye(3)), torch.ones(2, 2))",
    )
    yield "lu_unpack_pivots", "out = torch.lu_unpack(torch.eye(2), torch.ones(2).long())"
    for upper in (False, True):
        yield (
            f"cholesky_solve_{upper}",
            f"A = torch.randn(2, 3, 3, {X64})\nA = A @ A.mT + torch.eye(3, {X64})\n"
            "L = torch.linalg.cholesky(A)\n"
            f"L = (L.mT if {upper} else L).requires_grad_()\n"
            f"B = torch.randn(3, 2, {X64}, requires_grad=True)\n"
            f"X = torch.cholesky_solve(B, L, upper={upper})\nout = (X, grads(X, L, B))",
        )
        yield (
            f"cholesky_inverse_{upper}",
            f"A = torch.randn(3, 3, {X64})\nA = A @ A.mT + torch.eye(3, {X64})\n"
            f"L = torch.linalg.cholesky(A, upper={upper}).requires_grad_()\n"
            f"Y = torch.cholesky_inverse(L, upper={upper})\nout = (Y, grads(Y, L))",
        )
    for upper in (True, False):
        for transpose in (False, True):
            for unit in (False, True):
                yield (
                    f"triangular_solve_{upper}_{transpose}_{unit}",
                    f"M = torch.randn(3, 3, {X64}, requires_grad=True)\n"
                    f"B = torch.randn(2, 3, 2, {X64}, requires_grad=True)\n"
                    f"r = torch.triangular_solve(B, M, upper={upper}, transpose={transpose}, "
                    f"unitriangular={unit})\nout = (r.solution, r.cloned_coefficient, "
                    "grads(tuple(r), M, B))",
                )
    yield (
        "triangular_solve_repr",
        "out = repr(torch.triangular_solve(torch.ones(2, 1), torch.eye(2)))",
    )
    yield "cholesky_solve_b_dims", "out = torch.cholesky_solve(torch.ones(3), torch.eye(3))"
    yield "cholesky_solve_u_dims", "out = torch.cholesky_solve(torch.ones(3, 2), torch.ones(3))"
    yield "cholesky_solve_shapes", "out = torch.cholesky_solve(torch.ones(3, 2), torch.eye(2))"
    yield (
        "cholesky_solve_dtypes",
        "out = torch.cholesky_solve(torch.ones(3, 2), torch.eye(3).double())",
    )
    yield (
        "cholesky_solve_long",
        "out = torch.cholesky_solve(torch.ones(3, 2).long(), torch.eye(3).long())",
    )
    yield "cholesky_inverse_square", "out = torch.cholesky_inverse(torch.ones(2, 3))"
    yield "cholesky_inverse_long", "out = torch.cholesky_inverse(torch.ones(2, 2).long())"
    yield "triangular_solve_dims", "out = torch.triangular_solve(torch.ones(3), torch.eye(3))"
    yield (
        "triangular_solve_square",
        "out = torch.triangular_solve(torch.ones(3, 2), torch.ones(3, 2))",
    )
    yield (
        "triangular_solve_long",
        "out = torch.triangular_solve(torch.ones(3, 2).long(), torch.eye(3).long())",
    )
    yield (
        "factor_broadcast",
        "out = (tuple(torch.cholesky_solve(torch.randn(2, 1, 3, 2), torch.eye(3) * 2).shape), "
        "tuple(torch.triangular_solve(torch.ones(3, 2), torch.ones(2, 3, 3))"
        ".cloned_coefficient.shape))",
    )
    for p in ("None", "2", "-2", "'fro'", "'nuc'", "1", "-1", "math.inf", "-math.inf"):
        yield (
            f"cond_{p}",
            f"C = torch.randn(3, 3, {X64}, requires_grad=True)\n"
            f"c = torch.linalg.cond(C, {p})\n"
            f"out = (c, grads(c, C) if {p} in (None, 2, -2) else None)",
        )
        if p != "None":
            yield (
                f"matrix_norm_{p}",
                f"C = torch.randn(2, 3, 4, {X64}, requires_grad=True)\n"
                f"n = torch.linalg.matrix_norm(C, {p})\n"
                f"out = (n, grads(n, C), torch.linalg.norm(C[0], {p}), "
                f"torch.linalg.matrix_norm(C, {p}, dim=(0, 2), keepdim=True))",
            )
    yield (
        "cond_singular",
        "out = [(torch.linalg.cond(torch.zeros(2, 2), p), torch.linalg.cond(torch.zeros(0, 0), p), "
        "torch.linalg.cond(torch.ones(3, 3), p)) for p in (None, 1, 'fro', math.inf)]",
    )
    yield "cond_batch", f"out = torch.linalg.cond(torch.randn(2, 3, 3, {X64}), 1)"
    for p in ("1", "-1", "math.inf", "-math.inf", "'fro'", "'nuc'", "1.0"):
        yield f"cond_square_{p}", f"out = torch.linalg.cond(torch.ones(2, 3), {p})"
    yield "cond_ord", "out = torch.linalg.cond(torch.eye(3), 3)"
    yield "matrix_norm_ord", "out = torch.linalg.matrix_norm(torch.eye(3), 3)"
    yield (
        "tensorinv",
        f"X = torch.randn(6, 2, 3, {X64}, requires_grad=True)\n"
        "Y = torch.linalg.tensorinv(X, 1)\nZ = torch.linalg.tensorinv(X.reshape(2, 3, 6))\n"
        "out = (Y, grads(Y, X), Z)",
    )
    yield (
        "tensorsolve",
        f"a = torch.randn(2, 3, 6, {X64}, requires_grad=True)\nb = torch.randn(2, 3, {X64})\n"
        "x = torch.linalg.tensorsolve(a, b)\nout = (x, grads(x, a), "
        f"torch.linalg.tensorsolve(torch.randn(6, 2, 3, {X64}), b, dims=(0,)))",
    )
    yield "tensorinv_ind", "out = torch.linalg.tensorinv(torch.eye(3), 0)"
    yield "tensorinv_shape", "out = torch.linalg.tensorinv(torch.ones(4, 3, 2), 1)"
    yield (
        "tensorsolve_shape",
        "out = torch.linalg.tensorsolve(torch.randn(6, 4, 2, 3), torch.randn(6, 4), dims=(0,))",
    )
    # --- 2. grid_sample / affine_grid -----------------------------------------------------------
    for mode in ("bilinear", "nearest", "bicubic"):
        for pad in ("zeros", "border", "reflection"):
            for ac in (False, True):
                yield (
                    f"grid_sample_{mode}_{pad}_{ac}",
                    f"x = torch.randn(1, 2, 4, 5, {X64}, requires_grad=True)\n"
                    f"g = (torch.rand(1, 3, 5, 2, {X64}) * 2.6 - 1.3).requires_grad_()\n"
                    f"y = F.grid_sample(x, g, mode='{mode}', padding_mode='{pad}', "
                    f"align_corners={ac})\nout = (y, grads(y, x, g))",
                )
    for mode in ("bilinear", "nearest"):
        for pad in ("zeros", "border", "reflection"):
            for ac in (False, True):
                yield (
                    f"grid_sample_3d_{mode}_{pad}_{ac}",
                    f"x = torch.randn(1, 2, 3, 4, 5, {X64}, requires_grad=True)\n"
                    f"g = (torch.rand(1, 2, 3, 4, 3, {X64}) * 2.4 - 1.2).requires_grad_()\n"
                    f"y = F.grid_sample(x, g, mode='{mode}', padding_mode='{pad}', "
                    f"align_corners={ac})\nout = (y, grads(y, x, g))",
                )
    for ac in (False, True):
        yield (
            f"affine_grid_{ac}",
            f"th = torch.randn(2, 2, 3, {X64}, requires_grad=True)\n"
            f"a = F.affine_grid(th, (2, 3, 4, 5), align_corners={ac})\n"
            f"b = F.affine_grid(torch.randn(2, 3, 4, {X64}), (2, 3, 2, 3, 4), align_corners={ac})\n"
            f"c = F.affine_grid(th, (2, 3, 1, 4), align_corners={ac})\n"
            "out = (a, grads(a, th), b, c)",
        )
    yield (
        "spatial_transformer",
        "th = torch.tensor([[[0.8, -0.3, 0.1], [0.2, 0.9, -0.2]]])\n"
        "x = torch.arange(20.).reshape(1, 1, 4, 5)\n"
        "out = F.grid_sample(x, F.affine_grid(th, (1, 1, 4, 5), align_corners=False), "
        "align_corners=False)",
    )
    yield (
        "grid_sample_default_warning",
        "out = F.grid_sample(torch.ones(1, 1, 2, 2), F.affine_grid(torch.eye(2, 3)[None], "
        "(1, 1, 2, 2)))",
    )
    for name, call in (
        ("affine_grid_size", "F.affine_grid(torch.randn(2, 2, 3), (2, 1, 3))"),
        ("affine_grid_theta", "F.affine_grid(torch.randn(2, 3, 3), (2, 1, 3, 4))"),
        ("affine_grid_long", "F.affine_grid(torch.randn(2, 2, 3).long(), (2, 1, 3, 4))"),
        ("affine_grid_6d", "F.affine_grid(torch.randn(2, 3, 4), (2, 1, 3, 4, 5, 6))"),
        ("affine_grid_batch", "F.affine_grid(torch.randn(3, 2, 3), (2, 1, 3, 4))"),
        ("affine_grid_empty", "F.affine_grid(torch.randn(2, 2, 3), (2, 1, 0, 4))"),
        (
            "grid_sample_mode",
            "F.grid_sample(torch.ones(2, 1, 3, 4), torch.zeros(2, 3, 4, 2), mode='foo')",
        ),
        (
            "grid_sample_padding",
            "F.grid_sample(torch.ones(2, 1, 3, 4), torch.zeros(2, 3, 4, 2), padding_mode='foo')",
        ),
        ("grid_sample_batch", "F.grid_sample(torch.ones(2, 1, 3, 4), torch.zeros(1, 3, 4, 2))"),
        ("grid_sample_last", "F.grid_sample(torch.ones(2, 1, 3, 4), torch.zeros(2, 3, 4, 1))"),
        (
            "grid_sample_dtype",
            "F.grid_sample(torch.ones(2, 1, 3, 4), torch.zeros(2, 3, 4, 2).double())",
        ),
        (
            "grid_sample_long",
            "F.grid_sample(torch.ones(2, 1, 3, 4).long(), torch.zeros(2, 3, 4, 2).long())",
        ),
        (
            "grid_sample_bicubic_3d",
            "F.grid_sample(torch.ones(2, 1, 2, 3, 4), torch.zeros(2, 2, 2, 2, 3), mode='bicubic')",
        ),
    ):
        yield name, f"out = {call}"
    # --- 2. torch.gradient ----------------------------------------------------------------------
    yield (
        "gradient_1d",
        "x = torch.tensor([1., 4, 9, 16, 25], requires_grad=True)\n"
        "c = torch.tensor([0., 1, 1.5, 3.5, 4])\n"
        "out = (torch.gradient(x), torch.gradient(x, spacing=2.), torch.gradient(x, spacing=(c,)), "
        "torch.gradient(x, edge_order=2), torch.gradient(x, spacing=(c,), edge_order=2), "
        "grads(torch.gradient(x, spacing=(c,), edge_order=2), x))",
    )
    yield (
        "gradient_2d",
        "y = torch.arange(12.).reshape(3, 4).pow(2)\n"
        "out = (torch.gradient(y), torch.gradient(y, dim=1, spacing=[0.5]), "
        "torch.gradient(y, dim=-1, spacing=3), torch.gradient(y, dim=[0, 1], edge_order=2), "
        "torch.gradient(y, spacing=[torch.tensor([0., 1, 3]), torch.tensor([0., 2, 3, 7])], "
        "edge_order=2), torch.gradient(torch.arange(5)))",
    )
    for name, call in (
        ("gradient_size", "torch.gradient(torch.ones(1))"),
        ("gradient_size_order2", "torch.gradient(torch.ones(2), edge_order=2)"),
        ("gradient_order", "torch.gradient(torch.ones(4), edge_order=3)"),
        ("gradient_spacing_length", "torch.gradient(torch.ones(3, 4), spacing=[1., 2., 3.])"),
        ("gradient_spacing_dims", "torch.gradient(torch.ones(3, 4), dim=0, spacing=[1., 2.])"),
        ("gradient_uint8", "torch.gradient(torch.ones(3, dtype=torch.uint8))"),
        ("gradient_spacing_0d", "torch.gradient(torch.ones(3), spacing=[torch.tensor(1.)])"),
    ):
        yield name, f"out = {call}"
    # --- 2. real / imag, complex, torch.fft -----------------------------------------------------
    yield (
        "real_is_self",
        "x = torch.zeros(2, requires_grad=True)\n"
        "out = (torch.real(x) is x, x.real is x, torch.is_complex(x), x.is_complex())",
    )
    yield "real_setter", "y = torch.zeros(2)\ny.real = torch.ones(2)\nout = y"
    yield (
        "real_setter_leaf",
        "x = torch.zeros(2, requires_grad=True)\nx.real = torch.ones(2)\nout = x",
    )
    yield "imag", "out = torch.imag(torch.zeros(2))"
    yield "imag_attribute", "out = torch.zeros(2).imag"
    yield "imag_setter", "y = torch.zeros(2)\ny.imag = torch.ones(2)\nout = y"
    yield "view_as_real", "out = torch.view_as_real(torch.zeros(2))"
    yield "is_complex_int", "out = torch.is_complex(3)"
    yield (
        "fftfreq",
        "out = (torch.fft.fftfreq(5), torch.fft.fftfreq(4, d=0.5), torch.fft.rfftfreq(5, 2), "
        "torch.fft.fftfreq(4, dtype=torch.float64), torch.fft.rfftfreq(7, 0.3, dtype=torch.float64))",
    )
    yield (
        "fftshift",
        "x = torch.arange(10).reshape(2, 5)\nout = (torch.fft.fftshift(x), torch.fft.ifftshift(x), "
        "torch.fft.fftshift(x, dim=1), torch.fft.fftshift(x, dim=(0,)), "
        "torch.fft.ifftshift(x, dim=-1))",
    )
    # --- 2. the *_copy functions ----------------------------------------------------------------
    for name, call in (
        ("alias_copy", "torch.alias_copy(x)"),
        ("as_strided_copy", "torch.as_strided_copy(x, (2, 2), (1, 2), 1)"),
        ("diagonal_copy", "torch.diagonal_copy(x, 1)"),
        ("expand_copy", "torch.expand_copy(x[:1], (4, 3))"),
        ("permute_copy", "torch.permute_copy(x, (1, 0))"),
        ("select_copy", "torch.select_copy(x, 1, 2)"),
        ("slice_copy", "torch.slice_copy(x, 1, 1, 3)"),
        ("slice_copy_step", "torch.slice_copy(x, 1, 0, None, 2)"),
        ("split_copy", "torch.split_copy(x, 2, 1)"),
        ("split_with_sizes_copy", "torch.split_with_sizes_copy(x, [1, 2], 1)"),
        ("squeeze_copy", "torch.squeeze_copy(x[:1])"),
        ("t_copy", "torch.t_copy(x)"),
        ("transpose_copy", "torch.transpose_copy(x, 0, 1)"),
        ("unbind_copy", "torch.unbind_copy(x, 1)"),
        ("unfold_copy", "torch.unfold_copy(x, 1, 2, 1)"),
        ("unsqueeze_copy", "torch.unsqueeze_copy(x, 1)"),
        ("view_copy", "torch.view_copy(x, (3, 2))"),
    ):
        yield (
            name,
            "x = torch.randn(2, 3, requires_grad=True)\n"
            f"y = {call}\nys = y if isinstance(y, tuple) else (y,)\n"
            "out = (y, [(t.is_contiguous(), t._base is None) for t in ys], grads(y, x))",
        )
    yield (
        "copy_out",
        "x = torch.randn(2, 3)\no = torch.empty(0)\nr = torch.t_copy(x, out=o)\n"
        "outs = (torch.empty(0), torch.empty(0), torch.empty(0))\n"
        "u = torch.unbind_copy(x, 1, out=outs)\nout = (r is o, o, u, outs)",
    )
    yield (
        "factor_methods_out",
        f"L = torch.tensor([[2., 0, 0], [1, 3, 0], [0.5, -1, 1.5]], {X64})\nB = torch.ones(3, 2, {X64})\n"
        f"o = torch.empty(0, {X64})\nr = torch.cholesky_solve(B, L, out=o)\n"
        "pl = (torch.empty(0), torch.empty(0), torch.empty(0))\n"
        "u = torch.lu_unpack(*torch.linalg.lu_factor(torch.tensor([[1., 2], [3, 4]])), out=pl)\n"
        "out = (B.cholesky_solve(L), L.cholesky_inverse(), L.cholesky_inverse(True), r is o, o, "
        "u.P is pl[0], tuple(u), B.triangular_solve(L, upper=False).solution)",
    )
    yield (
        "copy_owns_memory",
        "y = torch.ones(2, 3)\nv = torch.t_copy(y)\nv[0, 0] = 5\nout = (y, torch.view_copy(y, (6,)))",
    )
    # --- edge cases: empty, nan -----------------------------------------------------------------
    for name, call in (
        ("edge_lu_0x0", "tuple(torch.linalg.lu_factor(torch.zeros(0, 0)))"),
        ("edge_lu_batch_0x0", "tuple(torch.linalg.lu_factor(torch.zeros(2, 0, 0)))"),
        ("edge_lu_3x0", "tuple(torch.linalg.lu(torch.zeros(3, 0)))"),
        (
            "edge_lu_nan",
            "tuple(torch.linalg.lu_factor_ex(torch.tensor([[math.nan, 1.], [1., 2.]])))",
        ),
        (
            "edge_grid_sample_empty",
            "F.grid_sample(torch.ones(0, 1, 2, 2), torch.zeros(0, 3, 3, 2), align_corners=False)",
        ),
        (
            "edge_grid_sample_nan",
            "F.grid_sample(torch.arange(4.).reshape(1, 1, 2, 2), torch.tensor([[[[math.nan, 0.]]]]), "
            "align_corners=False)",
        ),
        (
            "edge_grid_sample_nan_nearest",
            "F.grid_sample(torch.arange(4.).reshape(1, 1, 2, 2), torch.tensor([[[[math.nan, 0.]]]]), "
            "mode='nearest', align_corners=False)",
        ),
        (
            "edge_conv_transpose3d_empty",
            "F.conv_transpose3d(torch.ones(0, 2, 2, 2, 2), torch.ones(2, 1, 2, 2, 2))",
        ),
        (
            "edge_adaptive_max_pool3d_nan",
            "F.adaptive_max_pool3d(torch.tensor([1., math.nan, 3., 2.]).reshape(1, 1, 1, 2, 2), 1, "
            "return_indices=True)",
        ),
        ("edge_adaptive_max_pool3d_empty", "F.adaptive_max_pool3d(torch.ones(0, 2, 2, 2, 2), 1)"),
        ("edge_gradient_float16", "torch.gradient(torch.arange(4.).half())"),
        (
            "edge_gradient_int_coordinates",
            "torch.gradient(torch.arange(4.), spacing=(torch.tensor([0, 1, 3, 4]),))",
        ),
        (
            "edge_cond_batch_singular",
            "torch.linalg.cond(torch.stack([torch.eye(2), torch.zeros(2, 2)]), 1)",
        ),
        ("edge_cholesky_solve_empty", "torch.cholesky_solve(torch.ones(0, 2), torch.ones(0, 0))"),
        ("edge_t_copy_0d", "torch.t_copy(torch.tensor(3.))"),
        ("edge_matrix_norm_empty", "torch.linalg.matrix_norm(torch.zeros(0, 3), 1)"),
        ("edge_fftfreq_0", "torch.fft.fftfreq(0)"),
        ("edge_range_float_end", "torch.range(0, 0.3, 0.1)"),
        ("edge_range_half", "torch.range(0, 1, 0.5, dtype=torch.float16)"),
    ):
        yield name, f"out = {call}"
    # --- 2. histogramdd -------------------------------------------------------------------------
    yield "histogramdd_bins", "out = repr(torch.histogramdd(torch.randn(10, 2), bins=[3, 4]))"
    yield (
        "histogramdd_density",
        "out = torch.histogramdd(torch.randn(10, 2), bins=2, range=[-1., 1., -2., 2.], density=True)",
    )
    yield (
        "histogramdd_edges_weight",
        "out = torch.histogramdd(torch.randn(10, 2), bins=[torch.tensor([-2., 0, 2]), "
        "torch.tensor([-1., 0, 1., 3])], weight=torch.arange(10.))",
    )
    yield "histogramdd_3d", f"out = torch.histogramdd(torch.randn(2, 5, 3, {X64}), bins=(2, 3, 2))"
    yield (
        "histogramdd_edge_cases",
        "out = (torch.histogramdd(torch.ones(3, 2), bins=2), torch.histogramdd(torch.zeros(0, 2), "
        "bins=2), torch.histogramdd(torch.tensor([[0., float('nan')], [0.5, 0.5]]), bins=2, "
        "range=[0., 1, 0, 1]))",
    )
    yield (
        "histogram_edge_cases",
        "out = (torch.histogram(torch.ones(3), bins=2), torch.histogram(torch.zeros(0), bins=2), "
        "torch.histc(torch.ones(3), bins=2), torch.histogram(torch.ones(3), bins=2, "
        "range=(1., 1.)))",
    )
    for name, call in (
        ("histogramdd_bins_length", "torch.histogramdd(torch.ones(3, 2), bins=[3])"),
        ("histogramdd_long", "torch.histogramdd(torch.ones(3, 2).long(), bins=2)"),
        ("histogramdd_range", "torch.histogramdd(torch.ones(3, 2), bins=2, range=[0., 1, 1, 0])"),
        ("histogramdd_1d", "torch.histogramdd(torch.ones(3), bins=2)"),
        ("histogramdd_range_length", "torch.histogramdd(torch.ones(3, 2), bins=2, range=[0., 1])"),
        ("histogramdd_zero_bins", "torch.histogramdd(torch.ones(3, 2), bins=[2, 0])"),
    ):
        yield name, f"out = {call}"


def _rounded(values):
    """Floats to 10 significant digits (the tests compare to 1e-7 at most), to keep the file
    small; NaN and infinities as strings."""
    if isinstance(values, list):
        return [_rounded(v) for v in values]
    if isinstance(values, float):
        return float(f"{values:.10g}") if math.isfinite(values) else repr(values)
    return values


def encode(value):
    """A result as JSON: tensors by values, dtype, shape and grad_fn's name."""
    if isinstance(value, torch.Tensor):
        return {
            "tensor": _rounded(value.detach().tolist()),
            "dtype": str(value.dtype).removeprefix("torch."),
            "shape": list(value.shape),
            "grad_fn": None if value.grad_fn is None else type(value.grad_fn).__name__,
        }
    if isinstance(value, (tuple, list)):
        return {"tuple": [encode(v) for v in value]}
    if isinstance(value, float) and not math.isfinite(value):
        return {"float": repr(value)}
    return value


def record(code: str) -> dict:
    """What the snippet gives under PyTorch: its `out` (or error), and the warnings raised."""
    torch.manual_seed(0)
    scope = {"torch": torch, "F": F, "nn": nn, "math": math}
    exec(HELPERS, scope)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            exec(code, scope)
            result = {"out": encode(scope["out"])}
        except Exception as error:  # noqa: BLE001 - the error is what is recorded
            result = {"raises": type(error).__name__, "message": str(error)}
    result["warnings"] = [str(w.message).split(" (Triggered internally at")[0] for w in caught]
    return result


def main() -> None:
    data = {
        "torch": torch.__version__,
        "helpers": HELPERS,
        "cases": [{"name": n, "code": c, **record(c)} for n, c in cases()],
    }
    path = pathlib.Path(__file__).with_name("long_tail_refs.json")
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{len(data['cases'])} cases -> {path}")


if __name__ == "__main__":
    main()
