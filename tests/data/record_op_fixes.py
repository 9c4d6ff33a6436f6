"""Record what PyTorch 2.13 gives for the snippets of tests/data/op_fixes.json.

Run with real PyTorch (2.13, CPU) to re-record:
    python tests/data/record_op_fixes.py   # writes tests/data/op_fixes.json

Each case is a snippet run as is under PyTorch here and under autograd_nb in the tests (see
tests/_op_fixes.py); the snippet sets `out`: a tensor, a number, or a tuple of those (None for
a gradient that was not made). The cases are the wrong answers and refusals that PyTorch's
OpInfo samples showed (issue #26), grouped by the op family whose test file runs them.
"""

from __future__ import annotations

import json
import math
import pathlib

import torch
from torch.nn import functional as F

CASES = {
    "statistics": {
        "var_mean_unbiased_positional": """
x = torch.tensor([1.0, 2, 4, 7], dtype=torch.float64, requires_grad=True)
v, m = torch.var_mean(x, False)
v.backward()
out = (v, m, x.grad)
""",
        "std_mean_unbiased_positional": """
x = torch.tensor([1.0, 2, 4, 7], dtype=torch.float64, requires_grad=True)
s, m = torch.std_mean(x, False)
(s + 2 * m).backward()
out = (s, m, x.grad)
""",
        "var_mean_unbiased_true_positional": """
x = torch.tensor([[1.0, 2, 4], [7, 3, 5]], dtype=torch.float64, requires_grad=True)
v, m = torch.var_mean(x, True)
(v * 3 + m).backward()
out = (v, m, x.grad)
""",
        "var_mean_dim_unbiased_keyword": """
x = torch.tensor([[1.0, 2, 4], [7, 3, 5]], dtype=torch.float64, requires_grad=True)
v, m = torch.var_mean(x, 1, unbiased=False, keepdim=True)
(v * torch.tensor([[1.0], [2.0]], dtype=torch.float64)).sum().backward()
out = (v, m, x.grad)
""",
        "std_mean_correction": """
x = torch.tensor([[1.0, 2, 4], [7, 3, 5]], dtype=torch.float64, requires_grad=True)
s, m = torch.std_mean(x, 0, correction=0)
(s.sum() + m.sum()).backward()
out = (s, m, x.grad)
""",
        "var_mean_single_element": """
x = torch.tensor([3.0], dtype=torch.float64, requires_grad=True)
v, m = torch.var_mean(x)
(v + m).backward()
out = (v, m, x.grad)
""",
        "std_mean_zero_spread": """
x = torch.tensor([0.3, 0.3], dtype=torch.float64, requires_grad=True)
s, m = torch.std_mean(x, correction=0)
(2 * s + m).backward()
out = (s, m, x.grad)
""",
        "std_mean_0d": """
x = torch.tensor(0.3, dtype=torch.float64, requires_grad=True)
s, m = torch.std_mean(x, False)
(2 * s + m).backward()
out = (s, m, x.grad)
""",
        "var_no_dof_left_whole": """
x = torch.tensor([[1.0, 3, 2]], dtype=torch.float64, requires_grad=True)
v = torch.var(x, correction=3)
v.backward()
out = (v, x.grad)
""",
        "var_mean_no_dof_left_dim": """
x = torch.tensor([[1.0, 3, 2]], dtype=torch.float64, requires_grad=True)
v, m = torch.var_mean(x, 1, correction=4)
(2 * v + m).sum().backward()
out = (v, m, x.grad)
""",
        "std_no_dof_left_dim": """
x = torch.tensor([[1.0, 3, 2]], dtype=torch.float64, requires_grad=True)
s = torch.std(x, 1, correction=3)
s.sum().backward()
out = (s, x.grad)
""",
        "amax_amin_name_the_empty_dim_as_given": """
out = torch.zeros(2, 0, 3).amax((-1, -2))
""",
        "quantile_q_gradient": """
x = torch.tensor([[1.0, 5, 2, 8], [3, 1, 2, 0]], dtype=torch.float64, requires_grad=True)
q = torch.tensor([0.3, 0.9], dtype=torch.float64, requires_grad=True)
y = torch.quantile(x, q, dim=1)
(y * torch.tensor([[1.0, 2], [3, 4]], dtype=torch.float64)).sum().backward()
out = (y, q.grad, x.grad)
""",
        "quantile_0d_q_gradient": """
x = torch.tensor([1.0, 5, 2, 8], dtype=torch.float64, requires_grad=True)
q = torch.tensor(0.3, dtype=torch.float64, requires_grad=True)
y = torch.quantile(x, q)
y.backward()
out = (y, q.grad, x.grad)
""",
        "nanquantile_q_gradient": """
x = torch.tensor([[1.0, 5, float('nan'), 8], [3, 1, 2, 0]], dtype=torch.float64,
                 requires_grad=True)
q = torch.tensor([0.3, 0.9], dtype=torch.float64, requires_grad=True)
y = torch.nanquantile(x, q, dim=1, keepdim=True)
y.sum().backward()
out = (y, q.grad, x.grad)
""",
        "quantile_lower_q_not_reached": """
x = torch.tensor([1.0, 5, 2, 8], dtype=torch.float64, requires_grad=True)
q = torch.tensor([0.3, 0.6], dtype=torch.float64, requires_grad=True)
y = torch.quantile(x, q, interpolation='lower')
y.sum().backward()
out = (y, q.grad, x.grad)
""",
        "quantile_midpoint_q_not_reached": """
x = torch.tensor([1.0, 5, 2, 8], dtype=torch.float64, requires_grad=True)
q = torch.tensor([0.3, 0.6], dtype=torch.float64, requires_grad=True)
y = torch.quantile(x, q, interpolation='midpoint')
y.sum().backward()
out = (y, q.grad, x.grad)
""",
    },
    "comparison": {
        "clamp_crossed_bounds": """
x = torch.tensor([-3.0, 0.5, 2.0, 5.0], dtype=torch.float64, requires_grad=True)
lo = torch.tensor([1.0, 1.0, 3.0, 0.0], dtype=torch.float64, requires_grad=True)
hi = torch.tensor([0.0, 2.0, 1.0, 4.0], dtype=torch.float64, requires_grad=True)
y = torch.clamp(x, min=lo, max=hi)
(y * torch.tensor([1.0, 2, 3, 4], dtype=torch.float64)).sum().backward()
out = (y, x.grad, lo.grad, hi.grad)
""",
        "clamp_broadcast_min": """
x = torch.arange(12, dtype=torch.float64).reshape(2, 3, 2).requires_grad_()
lo = torch.tensor([[[3.0, 8.0]], [[1.0, 20.0]]], dtype=torch.float64, requires_grad=True)
hi = torch.tensor([[6.0, 9.0], [5.0, 2.0], [30.0, 30.0]], dtype=torch.float64, requires_grad=True)
y = torch.clamp(x, min=lo, max=hi)
y.sum().backward()
out = (y, x.grad, lo.grad, hi.grad)
""",
        "clamp_bounds_broadcast_input": """
x = torch.tensor([0.5, 3.0], dtype=torch.float64, requires_grad=True)
lo = torch.tensor([[0.0], [1.0]], dtype=torch.float64, requires_grad=True)
y = torch.clamp(x, min=lo)
(y * torch.tensor([[1.0, 2], [3, 4]], dtype=torch.float64)).sum().backward()
out = (y, x.grad, lo.grad)
""",
        "clamp_three_way_broadcast": """
x = torch.tensor([0.5], dtype=torch.float64, requires_grad=True)
lo = torch.tensor([[0.0], [1.0]], dtype=torch.float64, requires_grad=True)
out = torch.clamp(x, min=lo, max=torch.tensor([0.25, 2.0], dtype=torch.float64))
""",
        "clamp_inplace_broadcast_min": """
x0 = torch.tensor([[0.0, 4.0], [2.0, -1.0]], dtype=torch.float64, requires_grad=True)
lo = torch.tensor([1.0, 3.0], dtype=torch.float64, requires_grad=True)
y = x0.clone().clamp_(min=lo, max=torch.tensor(2.5, dtype=torch.float64))
y.sum().backward()
out = (y, x0.grad, lo.grad)
""",
        "clamp_min_tensor_nan": """
x = torch.tensor([float('nan'), 1.0, 3.0], dtype=torch.float64, requires_grad=True)
b = torch.tensor([2.0], dtype=torch.float64, requires_grad=True)
y = torch.clamp_min(x, b)
y.sum().backward()
out = (y, x.grad, b.grad)
""",
        "clamp_max_tensor_broadcast": """
x = torch.tensor([[1.0, 5.0], [3.0, 0.0]], dtype=torch.float64, requires_grad=True)
b = torch.tensor([2.0, 2.0], dtype=torch.float64, requires_grad=True)
y = x.clamp_max(b)
y.sum().backward()
out = (y, x.grad, b.grad)
""",
    },
    "binary": {
        "div_trunc_zero_gradients": """
x = torch.tensor([[1.5, -2.5, 3.0]], dtype=torch.float64, requires_grad=True)
y = torch.tensor([[2.0], [-0.5]], dtype=torch.float64, requires_grad=True)
q = torch.div(x, y, rounding_mode='trunc')
q.sum().backward()
out = (q, x.grad, y.grad)
""",
        "div_floor_zero_gradients": """
x = torch.tensor([1.5, -2.5, 3.0], dtype=torch.float64, requires_grad=True)
y = torch.tensor([2.0, 2.0, -0.5], dtype=torch.float64, requires_grad=True)
q = x.div(y, rounding_mode='floor')
q.sum().backward()
out = (q, x.grad, y.grad)
""",
        "div_floor_number": """
x = torch.tensor([1.5, -2.5, 3.0], dtype=torch.float64, requires_grad=True)
q = torch.divide(x, 2, rounding_mode='floor')
q.sum().backward()
out = (q, x.grad)
""",
        "div_inplace_trunc": """
x = torch.tensor([1.5, -2.5, 3.0], dtype=torch.float64, requires_grad=True)
y = torch.tensor([2.0], dtype=torch.float64, requires_grad=True)
q = x.clone().div_(y, rounding_mode='trunc')
(q * 3).sum().backward()
out = (q, x.grad, y.grad)
""",
        "div_inplace_floor_float32_by_float64": """
x = torch.tensor([1.5, -2.5, 3.0], requires_grad=True)
y = torch.tensor([2.0, 2.0, -0.5], dtype=torch.float64, requires_grad=True)
q = x.clone().div_(y, rounding_mode='floor')
q.sum().backward()
out = (q, x.grad, y.grad)
""",
        "floor_divide_no_derivative": """
x = torch.tensor([1.5, -2.5, 3.0], dtype=torch.float64, requires_grad=True)
out = torch.floor_divide(x, 2).sum().backward()
""",
        "floor_divide_operator_no_derivative": """
x = torch.tensor([1.5, -2.5, 3.0], dtype=torch.float64, requires_grad=True)
out = (x // torch.tensor(2.0)).sum().backward()
""",
    },
    "shape": {
        "flip_dims_keyword": """
x = torch.arange(24.0, dtype=torch.float64).reshape(2, 3, 4).requires_grad_()
y = torch.flip(x, dims=(0, 2))
(y * torch.arange(24.0, dtype=torch.float64).reshape(2, 3, 4)).sum().backward()
out = (y, x.flip(dims=[1]), x.grad)
""",
        "flip_missing_dims": """
out = torch.flip(torch.zeros(2, 3))
""",
        "flip_method_missing_dims": """
out = torch.zeros(2, 3).flip()
""",
        "flip_dims_twice": """
out = torch.zeros(2, 3).flip(0, dims=(1,))
""",
        "flip_dims_keyword_int": """
out = torch.zeros(2, 3).flip(dims=0)
""",
        "permute_dims_keyword": """
x = torch.arange(6.0).reshape(1, 2, 3)
out = (x.permute(dims=(2, 0, 1)), torch.permute(x, dims=[1, 2, 0]))
""",
        "permute_missing_dims": """
out = torch.zeros(2, 3).permute()
""",
        "reshape_view_expand_keywords": """
x = torch.arange(6.0).reshape(1, 2, 3)
out = (
    x.reshape(shape=(3, 2)),
    torch.reshape(x, shape=[-1]),
    x.view(size=(2, 3)),
    x.expand(size=(2, 2, 3)),
)
""",
        "reshape_shape_keyword_int": """
out = torch.zeros(2, 3).reshape(shape=6)
""",
        "repeat_sum_to_size_keywords": """
x = torch.arange(6.0).reshape(2, 3)
out = (x.repeat(repeats=(2, 1)), x.sum_to_size(size=(1, 3)), x.clone().resize_(size=(3, 2)))
""",
        "combinations_empty_result_requires_grad": """
x = torch.tensor([1.0, 2.0], requires_grad=True)
out = (torch.combinations(x, 3), torch.combinations(x[:0], 2), torch.combinations(x, 0))
""",
        "combinations_with_replacement": """
x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
y = torch.combinations(x, 2, with_replacement=True)
(y * torch.arange(12.0).reshape(6, 2)).sum().backward()
out = (y, x.grad)
""",
        "diff_n0_copies_input_alone": """
x = torch.arange(6.0, dtype=torch.float64, requires_grad=True)
y = torch.diff(x, n=0, prepend=torch.tensor([9.0], dtype=torch.float64))
(y * 2).sum().backward()
out = (y, y is x, x.grad)
""",
        "expand_missing_size": """
out = torch.zeros(1, 3).expand()
""",
        "repeat_missing_repeats": """
out = torch.zeros(1, 3).repeat()
""",
    },
    "special": {
        name: f"""
x = torch.tensor([-1.0, -0.7, 0.0, 0.3, 1.0, 1.5], dtype=torch.float64)
n = torch.tensor([[-1.5], [-1.0], [-0.5], [0.0], [0.5], [2.7], [3.0]], dtype=torch.float64)
out = (torch.special.{name}(x, n), torch.special.{name}(x, -0.5))
"""
        for name in (
            "chebyshev_polynomial_t",
            "chebyshev_polynomial_u",
            "chebyshev_polynomial_v",
            "chebyshev_polynomial_w",
            "shifted_chebyshev_polynomial_t",
            "shifted_chebyshev_polynomial_u",
            "shifted_chebyshev_polynomial_v",
            "shifted_chebyshev_polynomial_w",
            "hermite_polynomial_h",
            "hermite_polynomial_he",
            "laguerre_polynomial_l",
            "legendre_polynomial_p",
        )
    },
    "poolnorm": {
        name: f"""
x = torch.arange({n}, dtype=torch.float64).reshape({shape}).requires_grad_()
y = {call}
(y * 2).sum().backward()
out = (y, x.grad)
"""
        for name, n, shape, call in (
            ("avg_pool1d_empty_batch", 0, "0, 3, 9", "F.avg_pool1d(x, 3)"),
            ("max_pool1d_empty_batch", 0, "0, 3, 9", "F.max_pool1d(x, 3)"),
            ("avg_pool2d_empty_batch", 0, "0, 3, 9, 9", "F.avg_pool2d(x, 3)"),
            ("max_pool2d_empty_batch", 0, "0, 3, 9, 9", "F.max_pool2d(x, 3, 2)"),
            ("avg_pool3d_empty_batch", 0, "0, 3, 6, 6, 6", "F.avg_pool3d(x, 3)"),
            ("max_pool3d_empty_batch", 0, "0, 3, 6, 6, 6", "F.max_pool3d(x, 3)"),
            ("lp_pool2d_empty_batch", 0, "0, 3, 9, 9", "F.lp_pool2d(x, 2, 3)"),
            ("adaptive_max_pool2d_empty_batch", 0, "0, 3, 9, 9", "F.adaptive_max_pool2d(x, 3)"),
            ("group_norm_empty_batch", 0, "0, 4, 3, 3", "F.group_norm(x, 2)"),
            ("group_norm_empty_2d", 0, "0, 2", "F.group_norm(x, 1)"),
            ("group_norm_no_positions", 0, "2, 4, 0", "F.group_norm(x, 2)"),
            ("instance_norm_empty_batch", 0, "0, 3, 4", "F.instance_norm(x)"),
            ("instance_norm_no_positions", 0, "2, 3, 0", "F.instance_norm(x)"),
            ("layer_norm_empty_batch", 0, "0, 3", "F.layer_norm(x, (3,))"),
            (
                "batch_norm_empty_1d",
                0,
                "0",
                "F.batch_norm(x, torch.zeros(0, dtype=torch.float64), "
                "torch.zeros(0, dtype=torch.float64), training=True)",
            ),
            (
                "batch_norm_empty_batch_mixed_stats",
                0,
                "0, 3",
                "F.batch_norm(x, torch.zeros(3), torch.ones(3))",
            ),
            (
                "batch_norm_empty_batch_affine",
                0,
                "0, 3, 2, 2",
                "F.batch_norm(x, None, None, torch.full((3,), 2.0, dtype=torch.float64), "
                "torch.ones(3, dtype=torch.float64), training=True)",
            ),
            ("avg_pool2d_empty_channels", 0, "2, 0, 9, 9", "F.avg_pool2d(x, 3)"),
            ("max_pool2d_empty_height", 0, "2, 3, 0, 9", "F.max_pool2d(x, 3)"),
        )
    },
    "convolution": {
        name: f"""
x = torch.zeros({xs}, dtype=torch.float64, requires_grad=True)
w = torch.arange(float(torch.Size([{ws}]).numel()), dtype=torch.float64).reshape({ws})
w.requires_grad_()
y = {call}
(y * 2).sum().backward()
out = (y, x.grad, w.grad)
"""
        for name, xs, ws, call in (
            ("conv1d_empty_batch", "0, 2, 4", "3, 2, 2", "F.conv1d(x, w)"),
            ("conv2d_empty_batch", "0, 2, 4, 4", "3, 2, 2, 2", "F.conv2d(x, w)"),
            ("conv2d_empty_batch_groups", "0, 4, 4, 4", "6, 2, 2, 2", "F.conv2d(x, w, groups=2)"),
            ("conv3d_empty_batch", "0, 2, 4, 4, 4", "3, 2, 2, 2, 2", "F.conv3d(x, w)"),
            (
                "conv_transpose2d_empty_batch",
                "0, 2, 4, 4",
                "2, 3, 2, 2",
                "F.conv_transpose2d(x, w)",
            ),
            ("conv_transpose1d_empty_batch", "0, 2, 4", "2, 3, 2", "F.conv_transpose1d(x, w)"),
            ("conv2d_no_out_channels", "1, 2, 4, 4", "0, 2, 2, 2", "F.conv2d(x, w)"),
        )
    },
    "memory_format": {
        "constants_print": """
out = (
    repr(torch.contiguous_format),
    str(torch.channels_last),
    repr(torch.channels_last_3d),
    f"{torch.preserve_format}",
    type(torch.channels_last).__name__,
    isinstance(torch.contiguous_format, torch.memory_format),
)
""",
        "memory_format_not_constructible": """
out = torch.memory_format()
""",
        "contiguous_channels_last": """
x = torch.arange(120.0, dtype=torch.float64).reshape(2, 3, 4, 5).requires_grad_()
y = x.contiguous(memory_format=torch.channels_last)
(y * torch.arange(120.0, dtype=torch.float64).reshape(2, 3, 4, 5)).sum().backward()
out = (
    y,
    y.stride(),
    y.is_contiguous(),
    y.is_contiguous(memory_format=torch.channels_last),
    y.is_contiguous(memory_format=torch.channels_last_3d),
    y.is_contiguous(memory_format=torch.preserve_format),
    y.contiguous(memory_format=torch.channels_last) is y,
    y.contiguous().stride(),
    x.grad,
)
""",
        "clone_to_like_keep_or_set_the_layout": """
x = torch.arange(120.0).reshape(2, 3, 4, 5)
c = x.clone(memory_format=torch.channels_last)
out = (
    c.stride(),
    c.clone().stride(),
    c.clone(memory_format=None).stride(),
    c.clone(memory_format=torch.contiguous_format).stride(),
    x.to(memory_format=torch.channels_last).stride(),
    x.to(torch.float64, memory_format=torch.channels_last).stride(),
    c.to(torch.float64).stride(),
    x.to(memory_format=torch.contiguous_format) is x,
    x.to(memory_format=torch.preserve_format) is x,
    x.double(memory_format=torch.channels_last).stride(),
    x.cpu(memory_format=torch.channels_last).stride(),
    torch.empty_like(x, memory_format=torch.channels_last).stride(),
    torch.zeros_like(c).stride(),
    torch.ones_like(c, memory_format=torch.contiguous_format).stride(),
    torch.full_like(c, 2.0),
    torch.full_like(c, 2.0).stride(),
    torch.empty(2, 3, 4, 5, memory_format=torch.channels_last).stride(),
    (c + 1).stride(),
    c.reshape(-1).stride(),
    torch.zeros(2, 3, 4, 5, 6).contiguous(memory_format=torch.channels_last_3d).stride(),
)
""",
        "random_like_channels_last_draws_in_memory_order": """
cl = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)
a = torch.rand_like(cl, requires_grad=True)
b = torch.randn_like(cl, dtype=torch.float64)
c = torch.randint_like(cl, 10)
d = torch.randint_like(cl, 3, 7)
out = (a, a.stride(), a.is_leaf, b, b.stride(), c, d, d.stride())
""",
        "is_contiguous_size_one_dims": """
out = (
    torch.zeros(2, 1, 4, 5).is_contiguous(memory_format=torch.channels_last),
    torch.zeros(2, 3, 1, 1).is_contiguous(memory_format=torch.channels_last),
    torch.zeros(0, 3, 4, 5).is_contiguous(memory_format=torch.channels_last),
    torch.zeros(2, 3, 4, 5, 6).is_contiguous(memory_format=torch.channels_last),
)
""",
        "contiguous_preserve_when_contiguous": """
x = torch.zeros(2, 3, 4, 5)
out = x.contiguous(memory_format=torch.preserve_format) is x
""",
        "contiguous_preserve_refused": """
x = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)
out = x.contiguous(memory_format=torch.preserve_format)
""",
        "contiguous_rank": """
out = torch.zeros(3, 4, 5).contiguous(memory_format=torch.channels_last)
""",
        "contiguous_rank_3d": """
out = torch.zeros(3, 4, 5).contiguous(memory_format=torch.channels_last_3d)
""",
        "contiguous_positional": """
out = torch.zeros(2, 3, 4, 5).contiguous(torch.channels_last)
""",
        "contiguous_not_a_format": """
out = torch.zeros(2, 3, 4, 5).contiguous(memory_format=None)
""",
        "is_contiguous_positional": """
out = torch.zeros(2, 3, 4, 5).is_contiguous(torch.channels_last, 1)
""",
        "is_contiguous_not_a_format": """
out = torch.zeros(2, 3, 4, 5).is_contiguous(memory_format=1)
""",
        "clone_not_a_format": """
out = torch.zeros(2, 3, 4, 5).clone(memory_format='channels_last')
""",
        "empty_preserve_refused": """
out = torch.empty(2, 3, 4, 5, memory_format=torch.preserve_format)
""",
        "empty_channels_last_rank": """
out = torch.empty(2, 3, memory_format=torch.channels_last)
""",
        "to_channels_last_rank": """
out = torch.zeros(3, 4).to(memory_format=torch.channels_last)
""",
        "view_of_channels_last_refused": """
out = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last).view(-1)
""",
    },
    "distances": {
        "cdist_broadcast_batch": """
x1 = torch.tensor([[[[0.0, 1.0], [2.0, -1.0], [1.0, 1.0]]], [[[3.0, 0.0], [0.5, 0.5], [-1.0, 2.0]]]],
                  dtype=torch.float64, requires_grad=True)
x2 = torch.tensor([[[1.0, 0.0], [0.0, 2.0]], [[-1.0, -1.0], [2.0, 2.0]], [[0.0, 0.0], [1.0, 3.0]]],
                  dtype=torch.float64, requires_grad=True)
d = torch.cdist(x1, x2)
(d * torch.arange(d.numel(), dtype=torch.float64).reshape(d.shape)).sum().backward()
out = (d, x1.grad, x2.grad)
""",
        "cdist_p0": """
x1 = torch.tensor([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0]], dtype=torch.float64, requires_grad=True)
x2 = torch.tensor([[0.0, 1.0, 3.0], [2.0, 1.0, 1.0], [1.0, 1.0, 1.0]], dtype=torch.float64,
                  requires_grad=True)
d = torch.cdist(x1, x2, p=0)
d.sum().backward()
out = (d, x1.grad, x2.grad)
""",
        "cdist_pinf": """
x1 = torch.tensor([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0]], dtype=torch.float64, requires_grad=True)
x2 = torch.tensor([[0.0, 1.5, 3.0], [2.0, -1.0, 1.0]], dtype=torch.float64, requires_grad=True)
d = torch.cdist(x1, x2, p=float('inf'))
(d * torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64)).sum().backward()
out = (d, x1.grad, x2.grad)
""",
        "cdist_p_half": """
x1 = torch.tensor([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0]], dtype=torch.float64, requires_grad=True)
x2 = torch.tensor([[0.0, 1.5, 3.0], [2.0, -1.0, 1.0]], dtype=torch.float64, requires_grad=True)
d = torch.cdist(x1, x2, p=0.5)
d.sum().backward()
out = (d, x1.grad, x2.grad)
""",
        "cdist_negative_p": """
out = torch.cdist(torch.zeros(2, 3), torch.zeros(2, 3), p=-1)
""",
        "pdist_p_half": """
x = torch.tensor([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0], [0.0, 1.0, 3.0]], dtype=torch.float64,
                 requires_grad=True)
d = torch.pdist(x, p=0.5)
d.sum().backward()
out = (d, x.grad)
""",
    },
    "indexing": {
        "index_fill_repeated_index_value_grad": """
x = torch.ones(5, 3, dtype=torch.float64, requires_grad=True)
v = torch.tensor(5.0, dtype=torch.float64, requires_grad=True)
y = x.index_fill(0, torch.tensor([1, 1, 3, 1]), v)
(y * torch.arange(15, dtype=torch.float64).reshape(5, 3)).sum().backward()
out = (y, x.grad, v.grad)
""",
        "scatter_family_0d": """
x = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
s = torch.tensor(2.5, dtype=torch.float64, requires_grad=True)
i = torch.tensor(0)
a = torch.scatter(x, 0, i, s)
b = torch.scatter_add(x, 0, i, s)
c = torch.scatter(x, 0, torch.tensor([0]), s.reshape(1))
d = torch.gather(x, 0, i)
e = torch.gather(x, 0, torch.tensor([0]))
(a + 2 * b + 3 * c + 4 * d + 5 * e.sum()).backward()
out = (a, b, c, d, e, x.grad, s.grad)
""",
        "put_0d": """
x = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
s = torch.tensor([2.5], dtype=torch.float64, requires_grad=True)
a = torch.put(x, torch.tensor(0), s)
b = x.put(torch.tensor([-1]), s, accumulate=True)
(a + 2 * b).backward()
out = (a, b, x.grad, s.grad)
""",
        "index_reduce_0d": """
x = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
s = torch.tensor(2.5, dtype=torch.float64, requires_grad=True)
i = torch.tensor([0])
a = x.index_reduce(0, i, s, 'mean')
b = x.index_reduce(0, i, s, 'prod')
c = x.index_reduce(0, i, s, 'amax', include_self=False)
(a + 2 * b + 3 * c).backward()
out = (a, b, c, x.grad, s.grad)
""",
        "gather_empty_index_any_dtype_or_shape": """
x = torch.tensor([1.0, 2, 3], dtype=torch.float64, requires_grad=True)
a = torch.gather(x, 0, torch.zeros(2, 0, dtype=torch.uint8))
b = torch.gather(x, 0, torch.zeros(2, 0, 3, dtype=torch.int64))
c = torch.gather(x.reshape(1, 3), 1, torch.zeros(5, 0, dtype=torch.int64))
(a.sum() + b.sum() + c.sum()).backward()
out = (a, b, c, x.grad)
""",
        "scatter_empty_index": """
x = torch.tensor([1.0, 2, 3], dtype=torch.float64, requires_grad=True)
s = torch.tensor([5.0], dtype=torch.float64, requires_grad=True)
a = torch.scatter(x, 0, torch.zeros(2, 0, dtype=torch.int64), s)
b = torch.scatter_add(x, 0, torch.zeros(0, dtype=torch.uint8), s)
c = torch.scatter(x, 0, torch.zeros(2, 0, dtype=torch.int64), 2.0)
d = torch.scatter_reduce(x, 0, torch.zeros(2, 0, dtype=torch.int64), s, 'sum')
(a + 2 * b + 3 * c + 4 * d).sum().backward()
out = (a, b, c, d, x.grad, s.grad)
""",
        "masked_fill_mask_broadcasts_input": """
x = torch.tensor([1.5, 2.5], dtype=torch.float64, requires_grad=True)
v = torch.tensor(0.5, dtype=torch.float64, requires_grad=True)
m = torch.tensor([[True, False], [False, True], [True, True]])
a = x.masked_fill(m, v)
b = torch.masked_fill(x, m, 3.0)
(a * torch.arange(6.0, dtype=torch.float64).reshape(3, 2) + b).sum().backward()
out = (a, b, x.grad, v.grad)
""",
        "masked_fill_inplace_mask_broadcasts_input": """
x = torch.tensor([1.5, 2.5])
out = x.masked_fill_(torch.tensor([[True, False], [False, True]]), 0.0)
""",
        "index_fill_inplace_repeated_index": """
x = torch.zeros(2, 4, dtype=torch.float64, requires_grad=True)
v = torch.tensor(-1.0, dtype=torch.float64, requires_grad=True)
y = x.clone().index_fill_(1, torch.tensor([2, 0, 2]), v)
(y * torch.arange(8, dtype=torch.float64).reshape(2, 4)).sum().backward()
out = (y, x.grad, v.grad)
""",
    },
    "linalg": {
        "lstsq_residuals_gradient": """
A = torch.tensor([[1.0, 2], [3, 4], [5, 7]], dtype=torch.float64, requires_grad=True)
B = torch.tensor([[1.0, 2], [2, 1], [4, 0]], dtype=torch.float64, requires_grad=True)
r = torch.linalg.lstsq(A, B, driver='gelsd')
(r.residuals * torch.tensor([1.0, 3.0], dtype=torch.float64)).sum().backward()
out = (r.solution, r.residuals, A.grad, B.grad)
""",
        "lstsq_residuals_and_solution_gradient": """
A = torch.tensor([[1.0, 2], [3, 4], [5, 7], [0, 1]], dtype=torch.float64, requires_grad=True)
B = torch.tensor([[1.0], [2], [4], [1]], dtype=torch.float64, requires_grad=True)
r = torch.linalg.lstsq(A, B, driver='gels')
(r.residuals.sum() + r.solution.sum()).backward()
out = (r.residuals, A.grad, B.grad)
""",
        "lstsq_batched_vector_residuals": """
A = torch.tensor([[[1.0, 2], [3, 4], [5, 7]], [[1.0, 0], [0, 1], [1, 1]]], dtype=torch.float64,
                 requires_grad=True)
b = torch.tensor([[1.0, 2, 4], [1, 2, 0]], dtype=torch.float64, requires_grad=True)
r = torch.linalg.lstsq(A, b, driver='gelss')
r.residuals.sum().backward()
out = (r.solution, r.residuals, A.grad, b.grad)
""",
        "lstsq_gelsy_no_residuals": """
A = torch.tensor([[1.0, 2], [3, 4], [5, 7]], dtype=torch.float64, requires_grad=True)
r = torch.linalg.lstsq(A, torch.tensor([[1.0], [2], [4]], dtype=torch.float64))
out = (r.residuals, r.residuals.requires_grad)
""",
    },
}

CASES["linalg"].update(
    {
        "matmul_empty_sizes": """
a = torch.zeros(5, 5, 0, dtype=torch.float64, requires_grad=True)
b = torch.zeros(0, 4, dtype=torch.float64, requires_grad=True)
c = torch.zeros(2, 0, 3, dtype=torch.float64, requires_grad=True)
d = torch.ones(3, 4, dtype=torch.float64, requires_grad=True)
e = torch.zeros(0, dtype=torch.float64, requires_grad=True)
y1, y2, y3 = a @ b, torch.matmul(c, d), torch.matmul(a, e)
y4 = torch.tensordot(a, b, dims=([2], [0]))
(y1.sum() + y2.sum() + y3.sum() + y4.sum()).backward()
out = (y1, y2, y3, y4, a.grad, b.grad, c.grad, d.grad, e.grad)
""",
        "tensordot_size_one_dims_broadcast": """
a = torch.tensor([[[0.5]]], dtype=torch.float64, requires_grad=True)
b = torch.tensor([[[1.0, 2]], [[3, 4]]], dtype=torch.float64, requires_grad=True)
c = torch.tensor([[1.0, 2.0]], dtype=torch.float64, requires_grad=True)
d = torch.tensor([[3.0], [4.0]], dtype=torch.float64, requires_grad=True)
y = torch.tensordot(a, b, dims=([0, 1], [2, 0]))
z = torch.tensordot(c, d, dims=([0], [0]))
(y.sum() + (z * torch.tensor([[1.0], [2.0]], dtype=torch.float64)).sum()).backward()
out = (y, z, a.grad, b.grad, c.grad, d.grad)
""",
        "tensordot_mismatch": """
out = torch.tensordot(torch.zeros(2, 3), torch.zeros(3, 2), dims=([0], [0]))
""",
        "pinv_matrix_rank_tensor_tolerances": """
A = torch.tensor([[[1.0, 2], [3, 4.0001]], [[1.0, 0], [0, 1e-3]]], dtype=torch.float64)
out = (
    torch.linalg.pinv(A[0], rtol=torch.tensor(0.1, dtype=torch.float64)),
    torch.linalg.pinv(A[0], atol=torch.tensor(0.5, dtype=torch.float64)),
    torch.linalg.pinv(A, rtol=torch.tensor([0.1, 1e-4], dtype=torch.float64)),
    torch.linalg.pinv(A[0], 0.1),
    torch.linalg.pinv(A[0] + A[0].mT, 0.1, True),
    torch.linalg.matrix_rank(A, rtol=torch.tensor([0.1, 1e-4], dtype=torch.float64)),
    torch.linalg.matrix_rank(A, atol=torch.tensor([0.5, 1e-5], dtype=torch.float64)),
    torch.linalg.matrix_rank(A[0], atol=torch.tensor(0.5, dtype=torch.float64)),
    torch.linalg.matrix_rank(A[0], 0.4),
    torch.linalg.matrix_rank(A[1], tol=torch.tensor(0.01, dtype=torch.float64)),
)
""",
        "vander_0d": """
x = torch.tensor(2.0, requires_grad=True)
v = torch.linalg.vander(x, N=3)
v.sum().backward()
out = (v, x.grad)
""",
        "vander_0d_default_n": """
out = torch.linalg.vander(torch.tensor(2.0))
""",
    }
)


def encode(value):
    """A JSON form of `value`: tensors as their values, dtype, shape, grad_fn and requires_grad."""
    if isinstance(value, torch.Tensor):
        data = value.detach()
        values = data.tolist()
        return {
            "tensor": _finite(values),
            "dtype": str(value.dtype).removeprefix("torch."),
            "shape": list(value.shape),
            "grad_fn": None if value.grad_fn is None else type(value.grad_fn).__name__,
            "requires_grad": value.requires_grad,
        }
    if isinstance(value, (tuple, list)):
        return {"tuple": [encode(v) for v in value]}
    if value is None or isinstance(value, (bool, int, str)):
        return {"value": value}
    if isinstance(value, float):
        return {"value": _finite(value)}
    raise TypeError(f"cannot record {type(value).__name__}")


def _finite(values):
    """Non-finite floats as the strings 'nan', 'inf', '-inf' (plain JSON has none)."""
    if isinstance(values, list):
        return [_finite(v) for v in values]
    if isinstance(values, float) and not math.isfinite(values):
        return str(values)
    return values


def record(code: str) -> dict:
    scope = {"torch": torch, "F": F}
    try:
        exec(code, scope)
    except Exception as error:  # noqa: BLE001 - the error is what is recorded
        return {"code": code, "raises": type(error).__name__, "message": str(error)}
    return {"code": code, "out": encode(scope["out"])}


def main() -> None:
    torch.manual_seed(0)
    data = {
        "pytorch": torch.__version__,
        "families": {
            family: {name: record(code) for name, code in cases.items()}
            for family, cases in CASES.items()
        },
    }
    path = pathlib.Path(__file__).with_name("op_fixes.json")
    path.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
