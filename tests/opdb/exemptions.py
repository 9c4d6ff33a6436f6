"""Public callables without an op-database entry, each with the reason (tests/
test_opdb_completeness.py fails for any other). Names are dotted from the torch namespace;
"Tensor.x" is a method."""

from __future__ import annotations


def _group(reason: str, names: str) -> dict:
    return dict.fromkeys(names.split(), reason)


EXEMPT: dict[str, str] = {
    **_group(
        "a factory: makes a tensor from sizes or data, not from tensor inputs (tests/test_tensor.py)",
        "arange empty empty_like eye full full_like linspace logspace ones ones_like zeros "
        "zeros_like scalar_tensor tensor as_tensor from_numpy from_dlpack tril_indices "
        "triu_indices bartlett_window blackman_window hamming_window hann_window kaiser_window "
        "Tensor.new Tensor.new_empty Tensor.new_full Tensor.new_ones Tensor.new_tensor "
        "Tensor.new_zeros",
    ),
    **_group(
        "random sampling: no derivative, values compared stream by stream in "
        "tests/test_random_streams.py",
        "bernoulli multinomial normal poisson rand rand_like randint randint_like randn "
        "randn_like randperm Tensor.bernoulli Tensor.bernoulli_ Tensor.cauchy_ "
        "Tensor.exponential_ Tensor.geometric_ Tensor.log_normal_ Tensor.normal_ "
        "Tensor.random_ Tensor.uniform_ Tensor.multinomial",
    ),
    **_group(
        "integer, boolean or index results: not differentiable (PyTorch defines no derivative)",
        "bitwise_and bitwise_left_shift bitwise_not bitwise_or bitwise_right_shift bitwise_xor "
        "gcd gcd_ lcm lcm_ bincount histc histogram unique unique_consecutive nonzero argwhere "
        "isin unravel_index equal allclose "
        "Tensor.bitwise_and Tensor.bitwise_and_ Tensor.bitwise_left_shift "
        "Tensor.bitwise_left_shift_ Tensor.bitwise_not Tensor.bitwise_not_ Tensor.bitwise_or "
        "Tensor.bitwise_or_ Tensor.bitwise_right_shift Tensor.bitwise_right_shift_ "
        "Tensor.bitwise_xor Tensor.bitwise_xor_ Tensor.gcd Tensor.gcd_ Tensor.lcm Tensor.lcm_ "
        "Tensor.bincount Tensor.histc Tensor.histogram Tensor.unique Tensor.unique_consecutive "
        "Tensor.nonzero Tensor.argwhere Tensor.equal Tensor.allclose",
    ),
    **_group(
        "a conversion to an integer or boolean dtype: not differentiable",
        "Tensor.bool Tensor.byte Tensor.char Tensor.int Tensor.long Tensor.short",
    ),
    **_group(
        "a question about a tensor or dtype (a Python value), not an op",
        "is_conj is_floating_point is_neg is_nonzero is_same_size is_signed is_tensor numel "
        "result_type promote_types can_cast broadcast_shapes typename "
        "Tensor.dim Tensor.ndimension Tensor.nelement Tensor.numel Tensor.size Tensor.stride "
        "Tensor.storage_offset Tensor.element_size Tensor.data_ptr Tensor.get_device "
        "Tensor.is_complex Tensor.is_conj Tensor.is_contiguous Tensor.is_floating_point "
        "Tensor.is_inference Tensor.is_neg Tensor.is_nonzero Tensor.is_same_size "
        "Tensor.is_signed Tensor.item Tensor.tolist Tensor.numpy Tensor.storage "
        "Tensor.untyped_storage",
    ),
    **_group(
        "global state, files or the notebook extension (tests/test_random_streams.py, "
        "tests/test_serialization.py, tests/test_notebook_extension.py)",
        "manual_seed seed initial_seed get_rng_state set_rng_state get_default_device "
        "set_default_device get_default_dtype set_default_dtype set_default_tensor_type "
        "get_printoptions set_printoptions is_grad_enabled is_inference_mode_enabled "
        "is_anomaly_enabled is_anomaly_check_nan_enabled set_anomaly_enabled load save "
        "load_ipython_extension unload_ipython_extension",
    ),
    **_group(
        "autograd bookkeeping, not an op: tests/test_autograd*.py",
        "detach detach_ Tensor.detach Tensor.detach_ Tensor.backward Tensor.register_hook "
        "Tensor.register_post_accumulate_grad_hook Tensor.requires_grad_ Tensor.retain_grad",
    ),
    "Tensor.bfloat16": (
        "bfloat16: the simulated CUDA device (array-api-strict) has no bfloat16, so the generic "
        "tests cannot run it on both devices; tests/test_bfloat16.py covers the conversion"
    ),
    "Tensor.half": (
        "float16: the simulated CUDA device (array-api-strict) has no float16, so the generic "
        "tests cannot run it on both devices; tests/test_missing_apis.py covers the conversion"
    ),
    **_group(
        "moves data between devices (tests/test_device.py); the simulated CUDA device runs every "
        "entry",
        "Tensor.cpu Tensor.cuda",
    ),
    **_group(
        "not differentiable in PyTorch (in-place storage resizing; Python callables per element)",
        "Tensor.resize_ Tensor.apply_ Tensor.map_",
    ),
    "nn.functional.multi_head_attention_forward": (
        "a dozen projection tensors in one call: tests/test_nn_attention.py compares it with "
        "PyTorch; its parts (linear, scaled_dot_product_attention, softmax) have entries"
    ),
    **_group(
        "an autograd_nb name PyTorch does not have (kept for existing code): the entry of the "
        "function it repeats covers it",
        "expand special.igamma special.igammac special.lgamma special.mvlgamma special.sigmoid",
    ),
    **_group(
        "a helper imported into the module, visible in dir() but not part of PyTorch's API",
        "linalg.cat nn.functional.broadcast_shapes nn.functional.check_tensor special.with_out",
    ),
    **_group(
        "PyTorch's deprecated spelling of a linalg entry with its own argument order "
        "(linalg.lu_factor, linalg.lu_solve, linalg.solve_triangular): values, gradients and "
        "the deprecation warning recorded from PyTorch in tests/test_long_tail.py",
        "lu lu_solve triangular_solve Tensor.lu Tensor.lu_solve Tensor.triangular_solve",
    ),
    **_group(
        "complex numbers: autograd_nb has no complex dtypes, so these give the tensor itself "
        "(real) or one clear error (README; recorded texts in tests/test_long_tail.py)",
        "complex imag is_complex polar real view_as_complex view_as_real",
    ),
    "range": (
        "a factory (deprecated in PyTorch, with its warning): tests/test_long_tail.py records "
        "its values and warning"
    ),
    **_group(
        "page-locked memory: the values are unchanged (tests/test_data_workers.py, "
        "tests/test_gpu.py on a real GPU)",
        "Tensor.is_pinned Tensor.pin_memory",
    ),
    **_group(
        "its out= form returns None, as PyTorch's, which the generic out= test cannot compare: "
        "tests/test_long_tail.py records its values and gradients",
        "unbind_copy split_with_sizes_copy",
    ),
}
