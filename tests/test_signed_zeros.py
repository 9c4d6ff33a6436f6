"""Signed zeros (-0.0), and the ties, NaNs and zero gradients around them, against PyTorch 2.13.

Each case of tests/_signed_zero_cases.py runs on the CPU and the simulated CUDA device, on both
backward engines, and must give what PyTorch 2.13 (CPU) gave, sign of every zero included: the
values below were recorded by evaluating the same expressions in PyTorch (floats as repr()).
"""

from __future__ import annotations

import math

import pytest

import autograd_nb as torch
from tests._signed_zero_cases import CASES

RECORDED = {
    "maximum_pz": ["0.0", "0.0"],
    "maximum_zp": ["-0.0", "-0.0"],
    "minimum_pz": ["0.0", "0.0"],
    "minimum_zp": ["-0.0", "-0.0"],
    "maximum_f64": ["0.0", "0.0"],
    "max_tensor_pz": ["0.0", "0.0"],
    "min_tensor_zp": ["-0.0", "-0.0"],
    "maximum_nan": ["nan", "nan"],
    "fmax_zp": ["-0.0", "-0.0"],
    "clamp_min_number": ["-0.0", "-0.0"],
    "clamp_min_number_p": ["0.0", "0.0"],
    "clamp_max_number": ["-0.0", "-0.0"],
    "clamp_both_numbers": ["0.0", "0.0"],
    "clamp_min_tensor": ["-0.0", "-0.0"],
    "clamp_max_tensor": ["0.0", "0.0"],
    "clamp_both_tensors": ["-0.0", "-0.0"],
    "clamp_f64": ["-0.0", "-0.0"],
    "clamp_min_": ["-0.0", "-0.0"],
    "clamp_max_": ["0.0", "0.0"],
    "clamp_min_method": ["-0.0", "-0.0"],
    "clamp_min_tensor_method": ["0.0", "0.0"],
    "clamp_nan_bound": ["nan", "nan", "nan"],
    "clamp_crossed": ["0.0", "0.0"],
    "clamp_int_float_bounds": ["1.0", "2.0", "0.5"],
    "hardtanh_z": ["-0.0", "-0.0"],
    "hardtanh_max": ["-0.0", "-0.0"],
    "hardtanh_p": ["0.0", "0.0"],
    "relu6_z": ["-0.0", "-0.0"],
    "relu_z": ["-0.0", "-0.0"],
    "amax_zp": ["-0.0"],
    "amax_pz": ["0.0"],
    "amin_zp": ["-0.0"],
    "amax_dim": ["0.0", "-0.0"],
    "amin_dims": ["0.0", "-0.0"],
    "amax_keepdim": ["-0.0"],
    "amax_nan": ["nan"],
    "max_zp": ["0.0"],
    "max_pz": ["-0.0"],
    "max_dim_zp": ["-0.0"],
    "cummax_ties": ["0.0", "-0.0", "0.0"],
    "sort_stable": ["0.0", "-0.0", "0.0", "-0.0"],
    "median_ties": ["-0.0"],
    "topk_ties_values": ["0.0", "-0.0", "0.0"],
    "topk_ties_indices": [2, 3, 0],
    "topk_smallest_ties": [1, 4],
    "topk_unsorted": [1, 7, 5, 3],
    "topk_nan": [1, 3, 4],
    "topk_partial_sort": [0],
    "topk_rows": [2, 3, 1, 3],
    "topk_dim0": [3, 2, 2, 3, 0, 0],
    "scatter_reduce_amax_self": ["0.0", "0.0"],
    "scatter_reduce_amin_self": ["-0.0", "-0.0"],
    "scatter_reduce_amax_first": ["0.0"],
    "scatter_reduce_amax_first_z": ["-0.0"],
    "scatter_reduce_mixed": ["nan", "1.0", "4.0", "0.0", "-0.0"],
    "scatter_reduce_sum_noinclude": ["0.0", "0.0"],
    "embedding_bag_max": ["-0.0"],
    "sum_z": ["0.0"],
    "mean_z": ["0.0"],
    "cumsum_z": ["0.0", "0.0"],
    "cumsum_f64": ["0.0", "0.0"],
    "cumsum_2d": ["0.0", "0.0", "0.0", "0.0"],
    "cumprod_z": ["-0.0", "0.0"],
    "logcumsumexp_z": ["0.0"],
    "logcumsumexp_ninf": ["-inf", "0.0"],
    "cumulative_trapezoid": ["0.0"],
    "arange_from_neg_zero": ["0.0", "1.0"],
    "arange_down": ["-0.0", "-1.0"],
    "arange_float_steps": [
        "-3.299999952316284",
        "-2.5999999046325684",
        "-1.899999976158142",
        "-1.2000000476837158",
        "-0.5",
        "0.20000000298023224",
        "0.8999999761581421",
        "1.600000023841858",
    ],
    "linspace_z": ["0.0", "-0.0", "-0.0"],
    "remainder_z": ["-0.0", "0.0"],
    "remainder_neg_divisor": ["-0.0", "0.0", "-0.0", "0.0", "-1.0", "-1.0"],
    "remainder_tensors": ["-0.0", "0.0", "-0.0", "0.0"],
    "remainder_scalar_first": ["-0.0", "-0.0"],
    "remainder_inf": ["-inf", "-1.0", "-0.0", "0.0"],
    "remainder_by_zero": ["nan", "nan", "nan"],
    "remainder_int": [-1, -2, 0, 0],
    "mod_operator": ["-0.0", "0.0"],
    "fmod_z": ["-0.0", "0.0", "-0.0", "0.0"],
    "floor_divide_z": ["0.0", "-0.0", "0.0", "-1.0"],
    "div_trunc": ["0.0", "-0.0", "0.0", "-0.0"],
    "layer_norm": ["0.0", "0.0"],
    "layer_norm_f64": ["0.0", "0.0"],
    "layer_norm_weight": ["0.0", "0.0"],
    "layer_norm_bias": ["-0.0", "-0.0"],
    "layer_norm_affine": ["-0.0", "-0.0"],
    "batch_norm_train": ["0.0", "0.0"],
    "batch_norm_eval": ["0.0", "0.0"],
    "batch_norm_eval_neg_mean": ["0.0", "0.0"],
    "batch_norm_bias": ["-0.0", "-0.0", "-0.0", "-0.0"],
    "instance_norm": ["0.0", "0.0", "0.0", "0.0"],
    "instance_norm_affine": ["-0.0", "-0.0", "-0.0", "-0.0"],
    "group_norm": ["-0.0", "-0.0", "-0.0", "-0.0"],
    "group_norm_weight": ["0.0", "0.0", "0.0", "0.0"],
    "group_norm_affine": ["-0.0", "-0.0", "-0.0", "-0.0"],
    "layer_norm_module": ["0.0", "0.0"],
    "batch_norm_module": ["0.0", "0.0"],
    "normalize": ["-0.0", "-0.0"],
    "softmax": ["0.5", "0.5"],
    "log_softmax": ["0.0"],
    "var_z": ["0.0"],
    "std_mean": ["0.0", "0.0"],
    "scatter_src": ["-0.0", "1.0", "-0.0"],
    "scatter_value": ["-0.0", "1.0", "-0.0"],
    "scatter_2d": ["1.0", "-0.0", "-0.0", "1.0"],
    "scatter_repeated": ["-0.0", "1.0"],
    "scatter_": ["1.0", "-0.0"],
    "scatter_value_": ["1.0", "-0.0"],
    "scatter_reduce_multiply": ["-0.0", "1.0"],
    "scatter_reduce_add_value": ["0.0", "0.0"],
    "scatter_reduce_add": ["6.0", "1.0", "1.0"],
    "scatter_add_self": ["-0.0", "-0.0"],
    "scatter_add_untouched": ["1.0", "-0.0"],
    "scatter_add_repeated": ["0.0", "0.0"],
    "index_copy": ["-0.0", "1.0", "-0.0"],
    "index_copy_2d": ["-0.0", "1.0", "-0.0", "1.0"],
    "index_copy_repeated": ["-0.0", "1.0"],
    "index_copy_": ["1.0", "-0.0"],
    "index_add_self": ["-0.0", "-0.0"],
    "index_add_untouched": ["1.0", "-0.0"],
    "index_add_alpha": ["-0.0", "-0.0"],
    "index_put": ["-0.0", "1.0", "-0.0"],
    "masked_scatter": ["-0.0", "1.0", "-0.0"],
    "diag": ["-0.0", "0.0", "0.0", "-0.0"],
    "diag_inf": ["inf", "0.0", "0.0", "1.0"],
    "diag_offset": ["0.0", "0.0", "0.0", "-0.0", "0.0", "0.0", "0.0", "nan", "0.0"],
    "diag_embed": ["0.0", "-0.0", "0.0", "0.0", "0.0", "-0.0", "0.0", "0.0", "0.0"],
    "diagflat": ["-0.0", "0.0", "0.0", "2.0"],
    "max_unpool1d": ["0.0", "-0.0"],
    "max_unpool2d": ["0.0", "-0.0", "0.0", "0.0"],
    "max_unpool2d_repeated": ["2.0", "3.0", "0.0"],
    "tile_int": ["-0.0", "-0.0", "-0.0", "-0.0"],
    "tile_ints": ["-0.0", "-0.0", "-0.0", "-0.0", "-0.0", "-0.0"],
    "tile_tuple": ["-0.0", "-0.0", "-0.0", "-0.0"],
    "tile_function": ["-0.0", "-0.0", "-0.0", "-0.0"],
    "addmm_alpha0": ["-0.0"],
    "addmm_alpha0_beta": ["0.0", "0.0"],
    "addmv_alpha0": ["-0.0"],
    "addbmm_alpha0": ["-0.0"],
    "baddbmm_alpha0": ["nan"],
    "mm_sum_of_neg_zeros": ["0.0"],
    "entr": ["0.0", "0.0", "-inf", "nan"],
    "abs": ["0.0", "0.0"],
    "sgn": ["0.0", "0.0"],
    "sign": ["0.0", "0.0"],
    "round_decimals": ["-0.0", "-0.0", "0.0", "-0.0"],
    "round": ["-0.0", "-0.0", "0.0", "-2.0"],
    "nan_to_num": ["0.0", "-0.0"],
    "half": ["-0.0", "-0.0"],
    "copy_between_dtypes": ["-0.0", "-0.0"],
    "where_scalar": ["-0.0", "1.0"],
    "pad_constant": ["-0.0", "0.0", "0.0"],
    "pad_reflect": ["1.0", "-0.0", "1.0", "-0.0"],
    "interpolate_linear": ["-0.0", "-0.0", "-0.0", "-0.0"],
    "avg_pool": ["0.0"],
    "max_pool_ties": ["0.0"],
    "pow_tensor_zero": ["-0.0", "-0.0"],
    "grad_floor": ["0.0", "0.0"],
    "grad_round": ["0.0"],
    "grad_sign": ["0.0"],
    "grad_trunc": ["0.0"],
    "grad_round_decimals": ["0.0"],
    "grad_pow0": ["0.0", "0.0"],
    "grad_pow_tensor": ["-1.0", "0.0", "nan", "0.0"],
    "grad_pow_exponent": ["-0.0", "-0.6931471824645996", "nan", "inf", "nan"],
    "grad_number_pow_zero": ["-0.0", "-0.0", "inf", "nan"],
    "grad_number_pow_negative": ["nan", "nan"],
    "grad_where": ["-1.0", "0.0"],
    "grad_fill_": ["0.0", "0.0"],
    "grad_zero_": ["0.0", "0.0"],
    "grad_copy_": ["0.0", "0.0"],
    "grad_setitem": ["0.0", "-1.0"],
    "grad_prod_one_zero": ["1.0", "-0.0"],
    "grad_prod_two_zeros": ["0.0", "0.0"],
    "grad_prod_dim": ["0.0", "-0.0", "0.0", "2.0"],
    "grad_sort": ["1.0", "-0.0"],
    "grad_topk": ["0.0", "-0.0"],
    "grad_median": ["-1.0", "0.0", "0.0"],
    "grad_max": ["0.0", "-0.0"],
    "grad_amax": ["-0.0", "-0.0"],
    "grad_max_ties": ["0.5", "0.5"],
    "grad_cumsum": ["0.0", "0.0"],
    "grad_masked_select": ["-0.0", "0.0"],
    "grad_index": ["0.0", "0.0"],
    "grad_unfold_apart": ["-0.0", "0.0", "-0.0"],
    "grad_unfold_overlapping": ["0.0", "0.0", "0.0"],
    "grad_nll": ["-0.0", "0.0"],
    "grad_nll_ignored": ["-1.0", "0.0", "-1.0"],
    "grad_nll_weighted_ignored": ["0.0", "-0.0", "0.0", "0.0"],
    "grad_cross_entropy": ["-0.0", "0.0"],
    "grad_atan2_origin": ["0.0", "-0.0", "-0.0", "0.1599999964237213"],
    "grad_atan2_other": ["-0.0", "0.0", "1.0"],
    "grad_xlogy_self": ["0.6931471824645996", "0.0", "0.0", "0.0"],
    "grad_xlogy_other": ["0.0", "-0.0", "-4.0"],
    "grad_xlog1py_self": ["1.0986123085021973", "0.0", "0.0"],
    "grad_xlogy_scalar_other": ["1.0986123085021973", "0.0"],
    "grad_clamp": ["0.0", "0.0", "-1.0"],
    "grad_maximum": ["0.5", "0.5"],
    "grad_relu": ["-1.0", "0.0"],
    "grad_abs": ["-0.0", "-0.0"],
    "grad_layer_norm": ["0.0", "0.0"],
    "grad_trace": ["-1.0", "0.0", "0.0", "-1.0"],
    "grad_trace_inf": ["inf", "0.0", "0.0", "inf"],
    "grad_leaky_relu": ["-0.0", "nan", "-0.0"],
    "grad_rrelu_eval": ["inf", "-1.0"],
    "grad_topk_ties": ["0.0", "0.0", "1.0", "-0.0"],
}


def grad(f, values, seed) -> torch.Tensor:
    """The gradient f(x).backward(seed) leaves on a leaf x of `values` (a number seed fills)."""
    x = torch.tensor(values, requires_grad=True)
    out = f(x)
    if isinstance(seed, list):
        out.backward(torch.tensor(seed))
    else:
        out.backward(torch.tensor(seed, dtype=out.dtype).expand(out.shape))
    return x.grad


@pytest.fixture
def default_device(device):
    torch.set_default_device(device)
    yield device
    torch.set_default_device(None)


def _same(got, expected: str) -> bool:
    """Equal value and equal sign (so -0.0 differs from 0.0); NaN matches NaN."""
    want = float(expected)
    if math.isnan(want):
        return math.isnan(got)
    return math.isclose(got, want, rel_tol=1e-6) and math.copysign(1, got) == math.copysign(1, want)


def test_every_case_was_recorded():
    assert list(RECORDED) == list(CASES)


NO_FLOAT16 = {"half"}  # array-api-strict, behind the simulated CUDA device, has no float16


@pytest.mark.filterwarnings("ignore:The reduce argument of torch.scatter")
@pytest.mark.parametrize("name", list(CASES))
def test_like_pytorch(name, default_device):
    if name in NO_FLOAT16 and default_device == "cuda":
        pytest.skip("the simulated CUDA device has no float16")
    env = {"torch": torch, "F": torch.nn.functional, "nan": math.nan, "inf": math.inf}
    env.update(grad=grad, z=torch.tensor([-0.0, -0.0]), p=torch.tensor([0.0, 0.0]))
    result = eval(CASES[name], env)
    values = result.reshape(-1).tolist()
    expected = RECORDED[name]
    assert len(values) == len(expected)
    if result.dtype.is_floating_point:
        assert all(_same(v, e) for v, e in zip(values, expected)), (values, expected)
    else:
        assert values == expected


def test_topk_ties_along_a_leading_dim_in_pytorchs_order():
    # recorded from PyTorch 2.13: ties along dim 0 come back in its CPU algorithm's order
    values = [
        [2.0, 1.0, 2.0],
        [1.0, 2.0, 2.0],
        [0.0, 1.0, 1.0],
        [1.0, 2.0, 2.0],
        [2.0, 0.0, 0.0],
        [0.0, 1.0, 2.0],
        [1.0, 2.0, 0.0],
        [2.0, 2.0, 0.0],
        [0.0, 1.0, 1.0],
        [2.0, 2.0, 2.0],
        [2.0, 2.0, 2.0],
        [1.0, 1.0, 1.0],
        [1.0, 2.0, 2.0],
        [0.0, 1.0, 1.0],
        [0.0, 1.0, 0.0],
        [2.0, 1.0, 2.0],
        [1.0, 2.0, 1.0],
        [1.0, 0.0, 0.0],
        [1.0, 2.0, 2.0],
    ]
    indices = torch.tensor(values).topk(16, dim=0, largest=False).indices
    assert indices.tolist() == [
        [2, 17, 17],
        [5, 4, 4],
        [14, 2, 6],
        [13, 5, 7],
        [8, 15, 14],
        [1, 8, 2],
        [18, 0, 16],
        [17, 14, 8],
        [16, 11, 11],
        [12, 13, 13],
        [11, 9, 9],
        [3, 18, 18],
        [6, 16, 15],
        [4, 6, 5],
        [15, 1, 1],
        [0, 3, 3],
    ]
