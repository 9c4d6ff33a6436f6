"""Expressions on tensors holding -0.0 (and the ties, NaNs and zero gradients around them), run
by tests/test_signed_zeros.py against values recorded from PyTorch 2.13 (CPU).

Each case is one expression, evaluated with `torch` (PyTorch, or autograd_nb standing in for
it), `F` (torch.nn.functional), the float32 tensors `z` = [-0., -0.] and `p` = [0., 0.], `nan`,
`inf`, and `grad(f, values, seed)`: the gradient that f(x).backward(seed) leaves on a leaf x
made of `values`. This module imports nothing, so PyTorch's side can load it to record.
"""

CASES = {
    # --- element-wise extremes: PyTorch keeps the first operand at a 0.0/-0.0 tie --------------
    "maximum_pz": "torch.maximum(p, z)",
    "maximum_zp": "torch.maximum(z, p)",
    "minimum_pz": "torch.minimum(p, z)",
    "minimum_zp": "torch.minimum(z, p)",
    "maximum_f64": "torch.maximum(p.double(), z.double())",
    "max_tensor_pz": "torch.max(p, z)",
    "min_tensor_zp": "torch.min(z, p)",
    "maximum_nan": "torch.maximum(torch.tensor([nan, 0.0]), torch.tensor([-0.0, nan]))",
    "fmax_zp": "torch.fmax(z, p)",
    "clamp_min_number": "z.clamp(min=0)",
    "clamp_min_number_p": "p.clamp(min=-0.0)",
    "clamp_max_number": "z.clamp(max=0)",
    "clamp_both_numbers": "p.clamp(-0.0, -0.0)",
    "clamp_min_tensor": "z.clamp(min=p)",
    "clamp_max_tensor": "p.clamp(max=z)",
    "clamp_both_tensors": "z.clamp(p, p)",
    "clamp_f64": "z.double().clamp(min=0)",
    "clamp_min_": "z.clone().clamp_min_(0)",
    "clamp_max_": "p.clone().clamp_max_(-0.0)",
    "clamp_min_method": "z.clamp_min(0)",
    "clamp_min_tensor_method": "p.clamp_min(z)",
    "clamp_nan_bound": "torch.tensor([-0.0, 1.0, nan]).clamp(min=nan)",
    "clamp_crossed": "torch.tensor([2.0, -0.0]).clamp(1.0, 0.0)",
    "clamp_int_float_bounds": "torch.tensor([1, 5, -3]).clamp(0.5, 2)",
    "hardtanh_z": "F.hardtanh(z, 0.0, 1.0)",
    "hardtanh_max": "F.hardtanh(z, -1.0, 0.0)",
    "hardtanh_p": "F.hardtanh(p, -0.0, 1.0)",
    "relu6_z": "F.relu6(z)",
    "relu_z": "torch.relu(z)",
    # --- reductions over ties: amax/amin the first, whole max()/min() the last ----------------
    "amax_zp": "torch.tensor([-0.0, 0.0]).amax()",
    "amax_pz": "torch.tensor([0.0, -0.0]).amax()",
    "amin_zp": "torch.tensor([-0.0, 0.0]).amin()",
    "amax_dim": "torch.tensor([[0.0, -0.0], [-0.0, 0.0]]).amax(1)",
    "amin_dims": "torch.tensor([[[0.0, -0.0]], [[-0.0, 0.0]]]).amin((1, 2))",
    "amax_keepdim": "torch.tensor([[-0.0, 0.0]]).amax(1, keepdim=True)",
    "amax_nan": "torch.tensor([-0.0, nan, 1.0]).amax()",
    "max_zp": "torch.tensor([-0.0, 0.0]).max()",
    "max_pz": "torch.tensor([0.0, -0.0]).max()",
    "max_dim_zp": "torch.tensor([-0.0, 0.0]).max(0)[0]",
    "cummax_ties": "torch.tensor([0.0, -0.0, 0.0]).cummax(0)[0]",
    "sort_stable": "torch.sort(torch.tensor([0.0, -0.0, 0.0, -0.0]), stable=True)[0]",
    "median_ties": "torch.tensor([0.0, -0.0, 0.0]).median()",
    "topk_ties_values": "torch.tensor([0.0, -0.0, 0.0, -0.0]).topk(3)[0]",
    "topk_ties_indices": "torch.tensor([0.0, -0.0, 0.0, -0.0]).topk(3)[1]",
    "topk_smallest_ties": "torch.tensor([-0.0, 0.0, 1.0, -0.0, 0.0]).topk(2, largest=False)[1]",
    "topk_unsorted": "torch.tensor([1.0, 5.0, 3.0, 4.0, 2.0, 9.0, 0.0, 7.0]).topk(4, sorted=False)[1]",
    "topk_nan": "torch.tensor([1.0, nan, 3.0, nan, 3.0]).topk(3)[1]",
    "topk_partial_sort": "torch.tensor([0.0, -0.0] * 40).topk(1)[1]",
    "topk_rows": "torch.tensor([[0.0, -0.0, 1.0, 0.0], [2.0, 2.0, -1.0, 2.0]]).topk(2)[1]",
    "topk_dim0": "torch.tensor([[0.0, -0.0], [-0.0, 0.0], [0.0, 0.0], [1.0, -0.0]]).topk(3, dim=0)[1]",
    "scatter_reduce_amax_self": "p.scatter_reduce(0, torch.tensor([0]), torch.tensor([-0.0]), 'amax')",
    "scatter_reduce_amin_self": "z.scatter_reduce(0, torch.tensor([0]), torch.tensor([0.0]), 'amin')",
    "scatter_reduce_amax_first": (
        "torch.ones(1).neg().scatter_reduce(0, torch.tensor([0, 0]), torch.tensor([0.0, -0.0]),"
        " 'amax', include_self=False)"
    ),
    "scatter_reduce_amax_first_z": (
        "torch.ones(1).neg().scatter_reduce(0, torch.tensor([0, 0]), torch.tensor([-0.0, 0.0]),"
        " 'amax', include_self=False)"
    ),
    "scatter_reduce_mixed": (
        "torch.tensor([1.0, 2, 3, -0.0, 0.0]).scatter_reduce(0, torch.tensor([0, 0, 1, 2, 3, 4, 4]),"
        " torch.tensor([5.0, nan, 1, 4, 0, -0.0, 7]), 'amin', include_self=False)"
    ),
    "scatter_reduce_sum_noinclude": (
        "p.scatter_reduce(0, torch.tensor([0]), torch.tensor([-0.0]), 'sum', include_self=False)"
    ),
    "embedding_bag_max": (
        "F.embedding_bag(torch.tensor([0, 1]), torch.tensor([[-0.0], [0.0]]), torch.tensor([0]),"
        " mode='max')"
    ),
    "sum_z": "z.sum()",
    "mean_z": "z.mean()",
    # --- running ops: PyTorch's accumulators start at 0.0 (and -inf) --------------------------
    "cumsum_z": "z.cumsum(0)",
    "cumsum_f64": "z.double().cumsum(0)",
    "cumsum_2d": "torch.full((2, 2), -0.0).cumsum(1)",
    "cumprod_z": "z.cumprod(0)",
    "logcumsumexp_z": "torch.tensor([-0.0]).logcumsumexp(0)",
    "logcumsumexp_ninf": "torch.tensor([-inf, -0.0]).logcumsumexp(0)",
    "cumulative_trapezoid": "torch.cumulative_trapezoid(z)",
    "arange_from_neg_zero": "torch.arange(-0.0, 2.0)",
    "arange_down": "torch.arange(-0.0, -2.0, -1.0)",
    "arange_float_steps": "torch.arange(-3.3, 2.1, 0.7)",
    "linspace_z": "torch.linspace(-0.0, -0.0, 3)",
    # --- remainder: a zero keeps the dividend's sign; fmod / floor_divide -------------------
    "remainder_z": "torch.tensor([-0.0, 0.0]).remainder(2)",
    "remainder_neg_divisor": "torch.tensor([-0.0, 0.0, -4.0, 4.0, -3.0, 3.0]).remainder(-2)",
    "remainder_tensors": (
        "torch.remainder(torch.tensor([-0.0, 0.0, -6.0, 6.0]), torch.tensor([3.0, -3.0, 3.0, -3.0]))"
    ),
    "remainder_scalar_first": "torch.remainder(-0.0, torch.tensor([2.0, -2.0]))",
    "remainder_inf": "torch.tensor([1.0, -1.0, -0.0, 0.0]).remainder(-inf)",
    "remainder_by_zero": "torch.tensor([1.0, -1.0, 0.0]).remainder(0.0)",
    "remainder_int": "torch.tensor([-7, 7, -6, 0]).remainder(-3)",
    "mod_operator": "torch.tensor([-0.0, 4.0]) % 2",
    "fmod_z": "torch.tensor([-0.0, 0.0, -4.0, 4.0]).fmod(-2)",
    "floor_divide_z": "torch.tensor([-0.0, 0.0, -1.0, 1.0]).floor_divide(-2)",
    "div_trunc": "torch.div(torch.tensor([-0.0, 0.0, -1.0, 1.0]), -2, rounding_mode='trunc')",
    # --- normalization: PyTorch adds 0.0 where no bias is given (group_norm: no affine, none) -
    "layer_norm": "F.layer_norm(z, (2,))",
    "layer_norm_f64": "F.layer_norm(z.double(), (2,))",
    "layer_norm_weight": "F.layer_norm(z, (2,), torch.ones(2))",
    "layer_norm_bias": "F.layer_norm(z, (2,), None, z)",
    "layer_norm_affine": "F.layer_norm(z, (2,), torch.ones(2), z)",
    "batch_norm_train": "F.batch_norm(z.view(2, 1), None, None, training=True)",
    "batch_norm_eval": "F.batch_norm(z.view(2, 1), torch.zeros(1), torch.ones(1))",
    "batch_norm_eval_neg_mean": "F.batch_norm(z.view(2, 1), -torch.zeros(1), torch.ones(1))",
    "batch_norm_bias": (
        "F.batch_norm(torch.full((2, 1, 2), -0.0), None, None, torch.ones(1), -torch.zeros(1),"
        " training=True)"
    ),
    "instance_norm": "F.instance_norm(torch.full((1, 2, 2), -0.0))",
    "instance_norm_affine": (
        "F.instance_norm(torch.full((1, 2, 2), -0.0), weight=torch.ones(2), bias=-torch.zeros(2))"
    ),
    "group_norm": "F.group_norm(torch.full((1, 2, 2), -0.0), 1)",
    "group_norm_weight": "F.group_norm(torch.full((1, 2, 2), -0.0), 1, torch.ones(2))",
    "group_norm_affine": (
        "F.group_norm(torch.full((1, 2, 2), -0.0), 2, torch.ones(2), -torch.zeros(2))"
    ),
    "layer_norm_module": "torch.nn.LayerNorm(2)(z)",
    "batch_norm_module": "torch.nn.BatchNorm1d(1)(z.view(2, 1))",
    "normalize": "F.normalize(z, dim=0)",
    "softmax": "torch.softmax(z, 0)",
    "log_softmax": "torch.log_softmax(torch.tensor([-0.0]), 0)",
    "var_z": "z.var()",
    "std_mean": "torch.stack(torch.std_mean(z))",
    # --- writing by index: a written -0.0 stays; adding goes from the input ------------------
    "scatter_src": "torch.ones(3).scatter(0, torch.tensor([0, 2]), z)",
    "scatter_value": "torch.ones(3).scatter(0, torch.tensor([0, 2]), -0.0)",
    "scatter_2d": "torch.ones(2, 2).scatter(1, torch.tensor([[1], [0]]), torch.full((2, 1), -0.0))",
    "scatter_repeated": "torch.ones(2).scatter(0, torch.tensor([0, 0]), torch.tensor([0.0, -0.0]))",
    "scatter_": "torch.ones(2).scatter_(0, torch.tensor([1]), torch.tensor([-0.0]))",
    "scatter_value_": "torch.ones(2).scatter_(0, torch.tensor([1]), -0.0)",
    "scatter_reduce_multiply": (
        "torch.ones(2).scatter(0, torch.tensor([0, 0]), torch.tensor([-0.0, 3.0]), reduce='multiply')"
    ),
    "scatter_reduce_add_value": "p.scatter(0, torch.tensor([0]), -0.0, reduce='add')",
    "scatter_reduce_add": (
        "torch.ones(3).scatter(0, torch.tensor([0, 0]), torch.tensor([2.0, 3.0]), reduce='add')"
    ),
    "scatter_add_self": "z.scatter_add(0, torch.tensor([0]), torch.tensor([-0.0]))",
    "scatter_add_untouched": "z.scatter_add(0, torch.tensor([0]), torch.tensor([1.0]))",
    "scatter_add_repeated": "p.scatter_add(0, torch.tensor([0, 0]), torch.tensor([-0.0, -0.0]))",
    "index_copy": "torch.ones(3).index_copy(0, torch.tensor([0, 2]), z)",
    "index_copy_2d": "torch.ones(2, 2).index_copy(1, torch.tensor([0]), torch.full((2, 1), -0.0))",
    "index_copy_repeated": "torch.ones(2).index_copy(0, torch.tensor([0, 0]), torch.tensor([0.0, -0.0]))",
    "index_copy_": "torch.ones(2).index_copy_(0, torch.tensor([1]), torch.tensor([-0.0]))",
    "index_add_self": "z.index_add(0, torch.tensor([0]), torch.tensor([-0.0]))",
    "index_add_untouched": "z.index_add(0, torch.tensor([0]), torch.tensor([1.0]))",
    "index_add_alpha": "z.index_add(0, torch.tensor([0]), torch.tensor([0.0]), alpha=-1)",
    "index_put": "torch.ones(3).index_put((torch.tensor([0, 2]),), z)",
    "masked_scatter": "torch.ones(3).masked_scatter(torch.tensor([True, False, True]), z)",
    "diag": "torch.diag(z)",
    "diag_inf": "torch.diag(torch.tensor([inf, 1.0]))",
    "diag_offset": "torch.diag(torch.tensor([-0.0, nan]), -1)",
    "diag_embed": "torch.diag_embed(z, offset=1)",
    "diagflat": "torch.diagflat(torch.tensor([[-0.0, 2.0]]))",
    "max_unpool1d": "F.max_unpool1d(torch.tensor([[[-0.0]]]), torch.tensor([[[1]]]), 2)",
    "max_unpool2d": "F.max_unpool2d(torch.tensor([[[[-0.0]]]]), torch.tensor([[[[1]]]]), 2)",
    "max_unpool2d_repeated": (
        "F.max_unpool2d(torch.tensor([[[[1.0, 2.0, 3.0]]]]), torch.tensor([[[[0, 0, 1]]]]), (1, 1))"
    ),
    # --- creation, linear algebra, activations -----------------------------------------------
    "tile_int": "z.tile(2)",
    "tile_ints": "torch.tensor([[-0.0]]).tile(2, 3)",
    "tile_tuple": "z.tile((2,))",
    "tile_function": "torch.tile(z, (1, 2))",
    "addmm_alpha0": "torch.addmm(-torch.zeros(1, 1), torch.tensor([[inf]]), torch.ones(1, 1), alpha=0)",
    "addmm_alpha0_beta": "torch.addmm(torch.tensor([-0.0, nan]), torch.ones(1, 1), torch.ones(1, 2), alpha=0, beta=0)",
    "addmv_alpha0": "torch.addmv(-torch.zeros(1), torch.tensor([[inf]]), torch.ones(1), alpha=0)",
    "addbmm_alpha0": "torch.addbmm(-torch.zeros(1, 1), torch.tensor([[[inf]]]), torch.ones(1, 1, 1), alpha=0)",
    "baddbmm_alpha0": "torch.baddbmm(-torch.zeros(1, 1, 1), torch.tensor([[[inf]]]), torch.ones(1, 1, 1), alpha=0)",
    "mm_sum_of_neg_zeros": "torch.tensor([[-0.0, -0.0]]) @ torch.tensor([[1.0], [1.0]])",
    "entr": "torch.special.entr(torch.tensor([-0.0, 0.0, -1.0, nan]))",
    "abs": "z.abs()",
    "sgn": "z.sgn()",
    "sign": "z.sign()",
    "round_decimals": "torch.tensor([-0.04, -0.004, 0.004, -0.0]).round(decimals=1)",
    "round": "torch.tensor([-0.4, -0.5, 0.4, -1.5]).round()",
    "nan_to_num": "torch.tensor([nan, -0.0]).nan_to_num()",
    "half": "z.half().float()",
    "copy_between_dtypes": "torch.ones(2, dtype=torch.float64).copy_(z)",
    "where_scalar": "torch.where(torch.tensor([True, False]), -0.0, 1.0)",
    "pad_constant": "F.pad(p, (1, 0), value=-0.0)",
    "pad_reflect": "F.pad(torch.tensor([[[-0.0, 1.0]]]), (1, 1), mode='reflect')",
    "interpolate_linear": "F.interpolate(torch.full((1, 1, 2), -0.0), scale_factor=2, mode='linear')",
    "avg_pool": "F.avg_pool1d(torch.full((1, 1, 2), -0.0), 2)",
    "max_pool_ties": "F.max_pool1d(torch.tensor([[[0.0, -0.0]]]), 2)",
    "pow_tensor_zero": "z.pow(3)",
    # --- gradients: zeros where PyTorch's formula has zeros_like, signs it keeps -------------
    "grad_floor": "grad(lambda x: x.floor(), [1.5, nan], [-1.0, nan])",
    "grad_round": "grad(lambda x: x.round(), [1.5], [-1.0])",
    "grad_sign": "grad(lambda x: x.sign(), [1.5], [-1.0])",
    "grad_trunc": "grad(lambda x: x.trunc(), [1.5], [-1.0])",
    "grad_round_decimals": "grad(lambda x: x.round(decimals=1), [1.45], [-1.0])",
    "grad_pow0": "grad(lambda x: x.pow(0), [1.0, -2.0], [-1.0, nan])",
    "grad_pow_tensor": (
        "grad(lambda x: x ** torch.tensor([1.0, 0.0, 0.5, 0.0]), [0.0, 2.0, -1.0, 0.0], [-1.0] * 4)"
    ),
    "grad_pow_exponent": (
        "grad(lambda x: torch.tensor([0.0, 2.0, -1.0, 0.0, -2.0]) ** x,"
        " [1.0, 0.0, 0.5, -1.0, 2.0], [-1.0] * 5)"
    ),
    "grad_number_pow_zero": "grad(lambda x: 0.0 ** x, [1.0, 0.0, -1.0, nan], [-1.0] * 4)",
    "grad_number_pow_negative": "grad(lambda x: (-2.0) ** x, [1.0, 0.0], [1.0, 1.0])",
    "grad_where": "grad(lambda x: torch.where(torch.tensor([True, False]), x, 0.0), [1.0, 2.0], [-1.0, -1.0])",
    "grad_fill_": "grad(lambda x: x.clone().fill_(3.0), [1.0, 2.0], [-1.0, nan])",
    "grad_zero_": "grad(lambda x: x.clone().zero_(), [1.0, 2.0], [-1.0, nan])",
    "grad_copy_": "grad(lambda x: x.clone().copy_(torch.ones(2)), [1.0, 2.0], [-1.0, nan])",
    "grad_setitem": "grad(lambda x: (lambda y: (y.__setitem__(0, 5.0), y)[1])(x.clone()), [1.0, 2.0], [-1.0, -1.0])",
    "grad_prod_one_zero": "grad(lambda x: x.prod(), [-0.0, 1.0], 1.0)",
    "grad_prod_two_zeros": "grad(lambda x: x.prod(), [0.0, 0.0], -1.0)",
    "grad_prod_dim": "grad(lambda x: x.view(2, 2).prod(1), [0.0, -0.0, 2.0, 0.0], [-1.0, 1.0])",
    "grad_sort": "grad(lambda x: x.sort()[0] * torch.tensor([1.0, -0.0]), [0.0, -0.0], [1.0, 1.0])",
    "grad_topk": "grad(lambda x: x.topk(1)[0], [1.0, 2.0], [-0.0])",
    "grad_median": "grad(lambda x: x.median(), [1.0, 0.0, 2.0], -1.0)",
    "grad_max": "grad(lambda x: x.max(), [1.0, 2.0], -0.0)",
    "grad_amax": "grad(lambda x: x.amax(), [1.0, 2.0], -0.0)",
    "grad_max_ties": "grad(lambda x: x.max(), [-0.0, 0.0], 1.0)",
    "grad_cumsum": "grad(lambda x: x.cumsum(0), [1.0, 1.0], [-0.0, -0.0])",
    "grad_masked_select": "grad(lambda x: x.masked_select(torch.tensor([True, False])), [1.0, 2.0], [-0.0])",
    "grad_index": "grad(lambda x: x[torch.tensor([0])], [1.0, 2.0], [-0.0])",
    "grad_unfold_apart": "grad(lambda x: x.unfold(0, 1, 2), [1.0, 2.0, 3.0], [[-0.0], [-0.0]])",
    "grad_unfold_overlapping": "grad(lambda x: x.unfold(0, 2, 1), [1.0, 2.0, 3.0], [[-0.0, -0.0], [-0.0, -0.0]])",
    "grad_nll": "grad(lambda x: F.nll_loss(x.view(1, 2), torch.tensor([0]), reduction='sum'), [0.0, 0.0], 0.0)",
    "grad_nll_ignored": (
        "grad(lambda x: F.nll_loss(x.view(3, 1), torch.tensor([0, -100, 0]), reduction='sum'),"
        " [0.0, 0.0, 0.0], 1.0)"
    ),
    "grad_nll_weighted_ignored": (
        "grad(lambda x: F.nll_loss(x.view(2, 2), torch.tensor([1, -100]), torch.tensor([1.0, 0.0]),"
        " reduction='sum'), [0.0, 0.0, 0.0, 0.0], 1.0)"
    ),
    "grad_cross_entropy": (
        "grad(lambda x: F.cross_entropy(x.view(1, 2), torch.tensor([0]), reduction='sum'), [0.0, 0.0], 0.0)"
    ),
    "grad_atan2_origin": (
        "grad(lambda x: torch.atan2(x, torch.tensor([0.0, 0.0, -0.0, -4.0])), [0.0, -0.0, 0.0, 3.0],"
        " [1.0, -1.0, 1.0, -1.0])"
    ),
    "grad_atan2_other": (
        "grad(lambda x: torch.atan2(torch.tensor([0.0, -0.0, 1.0]), x), [0.0, 0.0, 0.0], [1.0, 1.0, -1.0])"
    ),
    "grad_xlogy_self": (
        "grad(lambda x: torch.xlogy(x, torch.tensor([2.0, 0.0, -1.0, 0.0])), [0.0, 0.0, 0.0, 2.0],"
        " [1.0, 1.0, 1.0, 0.0])"
    ),
    "grad_xlogy_other": (
        "grad(lambda y: torch.xlogy(torch.tensor([0.0, -0.0, 3.0]), y), [2.0, 1.0, 1.5], [1.0, 1.0, -2.0])"
    ),
    "grad_xlog1py_self": (
        "grad(lambda x: torch.special.xlog1py(x, torch.tensor([2.0, -1.0, -2.0])), [0.0, 0.0, 0.0],"
        " [1.0, 1.0, -1.0])"
    ),
    "grad_xlogy_scalar_other": "grad(lambda x: torch.xlogy(x, 3.0), [0.0, 2.0], [1.0, -0.0])",
    "grad_clamp": "grad(lambda x: x.clamp(0, 0.5), [1.0, -1.0, 0.2], [-1.0, -1.0, -1.0])",
    "grad_maximum": "grad(lambda x: torch.maximum(x, torch.tensor([0.0, -0.0])), [-0.0, 0.0], [1.0, 1.0])",
    "grad_relu": "grad(lambda x: torch.relu(x), [1.0, -1.0], [-1.0, -1.0])",
    "grad_abs": "grad(lambda x: x.abs(), [0.0, -0.0], [-1.0, -1.0])",
    "grad_layer_norm": "grad(lambda x: F.layer_norm(x, (2,)), [-0.0, -0.0], [1.0, 1.0])",
    "grad_trace": "grad(lambda x: x.view(2, 2).trace(), [1.0, 2.0, 3.0, 4.0], -1.0)",
    "grad_trace_inf": "grad(lambda x: x.view(2, 2).trace(), [1.0, 2.0, 3.0, 4.0], inf)",
    "grad_leaky_relu": "grad(lambda x: F.leaky_relu(x, 0.0), [-1.0, -0.0, 2.0], [-1.0, inf, -0.0])",
    "grad_rrelu_eval": "grad(lambda x: F.rrelu(x, training=False), [-1.0, 2.0], [inf, -1.0])",
    "grad_topk_ties": "grad(lambda x: x.topk(2)[0], [0.0, -0.0, 0.0, -0.0], [1.0, -0.0])",
}
