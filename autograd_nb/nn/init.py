"""`torch.nn.init`: fill a tensor in place with numbers chosen for a good start of training.

Every function works under `no_grad` (so it can fill a Parameter that requires grad), writes
into the existing storage (the version counter goes up, as PyTorch's) and returns the tensor.
Random numbers come from the tensor's device generator (seeded by `torch.manual_seed`), or from
`generator=` when one is given. The scales follow PyTorch 2.13: Xavier/Glorot uses
gain * sqrt(2 / (fan_in + fan_out)), Kaiming/He uses gain / sqrt(fan).
"""

from __future__ import annotations

import math
import warnings

from .. import _messages as msg
from .._creation import empty_like, randperm
from .._tensor import Tensor, make_tensor
from ..autograd.grad_mode import no_grad
from ..ops.comparison import where
from ..ops.decompositions import qr

__all__ = [
    "calculate_gain",
    "uniform_",
    "normal_",
    "trunc_normal_",
    "constant_",
    "ones_",
    "zeros_",
    "eye_",
    "dirac_",
    "xavier_uniform_",
    "xavier_normal_",
    "kaiming_uniform_",
    "kaiming_normal_",
    "orthogonal_",
    "sparse_",
]


def _fill_with(tensor: Tensor, data) -> Tensor:
    """Copy a backend array into tensor in place, without recording (bumps the version)."""
    with no_grad():
        return tensor.copy_(make_tensor(data, tensor._backend))


def calculate_gain(nonlinearity: str, param: int | float | None = None) -> float:
    """The recommended gain for a nonlinearity (sqrt(2) for relu, 5/3 for tanh, ...)."""
    linear_fns = [
        "linear",
        "conv1d",
        "conv2d",
        "conv3d",
        "conv_transpose1d",
        "conv_transpose2d",
        "conv_transpose3d",
    ]
    if nonlinearity in linear_fns or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            negative_slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, (int, float)):
            negative_slope = param
        else:
            raise ValueError(msg.INIT_NEGATIVE_SLOPE.format(param=param))
        return math.sqrt(2.0 / (1 + negative_slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(msg.INIT_UNSUPPORTED_NONLINEARITY.format(nonlinearity=nonlinearity))


def uniform_(tensor: Tensor, a: float = 0.0, b: float = 1.0, generator=None) -> Tensor:
    """Fill with samples from U(a, b)."""
    with no_grad():
        return tensor.uniform_(a, b, generator=generator)


def normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0, generator=None) -> Tensor:
    """Fill with samples from N(mean, std^2)."""
    with no_grad():
        return tensor.normal_(mean, std, generator=generator)


def trunc_normal_(
    tensor: Tensor,
    mean: float = 0.0,
    std: float = 1.0,
    a: float = -2.0,
    b: float = 2.0,
    generator=None,
) -> Tensor:
    """Fill with N(mean, std^2) samples restricted to [a, b]: PyTorch 2.13's samplers, redrawing
    normal samples outside [a, b] when most fall inside, else uniform proposals on [a, b]
    accepted with the normal density (rejection sampling)."""

    def norm_cdf(x: float) -> float:
        return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0

    if (mean < a - 2 * std) or (mean > b + 2 * std):
        warnings.warn(
            msg.INIT_TRUNC_NORMAL_MEAN,
            stacklevel=2,
        )
    with no_grad():
        if norm_cdf((b - mean) / std) - norm_cdf((a - mean) / std) > 0.3:
            return _redraw_outside(tensor, mean, std, a, b, generator)
        return _accept_by_density(tensor, mean, std, a, b, generator)


def _redraw_outside(tensor: Tensor, mean, std, a, b, generator) -> Tensor:
    """Normal samples; those outside [a, b] (in the tensor's dtype) drawn again until none is."""
    lo, hi = tensor.new_tensor(a).item(), tensor.new_tensor(b).item()
    result = tensor.normal_(mean, std, generator=generator)
    while (mask := (result < lo) | (result > hi)).any():
        result = where(mask, empty_like(result).normal_(mean, std, generator=generator), result)
    if result is not tensor:
        tensor.copy_(result)
    return tensor


def _accept_by_density(tensor: Tensor, mean, std, a, b, generator) -> Tensor:
    """Uniform proposals on [a, b], each kept when log(u) <= its log density over the peak's."""
    mode = max(a, min(mean, b))
    log_peak = -0.5 * ((mode - mean) / std) ** 2
    candidates, accept = empty_like(tensor), empty_like(tensor)

    def rejected(c: Tensor) -> Tensor:
        c.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)
        return accept.uniform_(generator=generator).log_().gt(c)

    tensor.uniform_(a, b, generator=generator)
    candidates.copy_(tensor)
    pending = rejected(candidates)
    if not pending.any():
        return tensor
    result = tensor
    while True:
        candidates.uniform_(a, b, generator=generator)
        result = where(pending, candidates, result)
        pending = where(pending, rejected(candidates), pending)
        if not pending.any():
            break
    return tensor.copy_(result)


def constant_(tensor: Tensor, val: float) -> Tensor:
    """Fill with the value val."""
    with no_grad():
        return tensor.fill_(val)


def ones_(tensor: Tensor) -> Tensor:
    """Fill with ones."""
    return constant_(tensor, 1.0)


def zeros_(tensor: Tensor) -> Tensor:
    """Fill with zeros."""
    with no_grad():
        return tensor.zero_()


def eye_(tensor: Tensor) -> Tensor:
    """Fill a 2-D tensor with the identity matrix (keeps Linear's inputs unchanged)."""
    if tensor.ndimension() != 2:
        raise ValueError(msg.INIT_EYE_DIMS)
    xp, backend = tensor._backend.xp, tensor._backend
    n, m = tensor.shape
    return _fill_with(
        tensor, xp.eye(n, m, dtype=backend.native[tensor.dtype], device=backend.native_device)
    )


def dirac_(tensor: Tensor, groups: int = 1) -> Tensor:
    """Fill a {3,4,5}-D conv weight with the Dirac delta (the conv keeps its input's channels)."""
    dimensions = tensor.ndimension()
    if dimensions not in [3, 4, 5]:
        raise ValueError(msg.INIT_DIRAC_DIMS)
    sizes = tensor.size()
    if sizes[0] % groups != 0:
        raise ValueError(msg.INIT_DIRAC_GROUPS)
    out_chans_per_grp = sizes[0] // groups
    min_dim = min(out_chans_per_grp, sizes[1])
    with no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min_dim):
                centre = tuple(s // 2 for s in sizes[2:])
                tensor[(g * out_chans_per_grp + d, d) + centre] = 1
    return tensor


def _calculate_fan_in_and_fan_out(tensor: Tensor) -> tuple[int, int]:
    """(fan_in, fan_out): input and output feature counts times the kernel size."""
    if tensor.dim() < 2:
        raise ValueError(msg.INIT_FAN_DIMS)
    receptive_field_size = 1
    for s in tensor.shape[2:]:
        receptive_field_size *= s
    return tensor.size(1) * receptive_field_size, tensor.size(0) * receptive_field_size


def _calculate_correct_fan(tensor: Tensor, mode: str) -> int:
    mode = mode.lower()
    valid_modes = ["fan_in", "fan_out"]
    if mode not in valid_modes:
        raise ValueError(msg.INIT_FAN_MODE.format(mode=mode, valid_modes=valid_modes))
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def xavier_uniform_(tensor: Tensor, gain: float = 1.0, generator=None) -> Tensor:
    """Glorot uniform: U(-a, a) with a = gain * sqrt(6 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor: Tensor, gain: float = 1.0, generator=None) -> Tensor:
    """Glorot normal: N(0, std^2) with std = gain * sqrt(2 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std, generator)


def _kaiming_std(tensor: Tensor, a: float, mode: str, nonlinearity: str) -> float | None:
    if 0 in tensor.shape:
        warnings.warn(msg.INIT_ZERO_ELEMENT, stacklevel=3)
        return None
    fan = _calculate_correct_fan(tensor, mode)
    return calculate_gain(nonlinearity, a) / math.sqrt(fan)


def kaiming_uniform_(
    tensor: Tensor,
    a: float = 0,
    mode: str = "fan_in",
    nonlinearity: str = "leaky_relu",
    generator=None,
) -> Tensor:
    """He uniform: U(-bound, bound) with bound = gain * sqrt(3 / fan)."""
    std = _kaiming_std(tensor, a, mode, nonlinearity)
    if std is None:
        return tensor
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(
    tensor: Tensor,
    a: float = 0,
    mode: str = "fan_in",
    nonlinearity: str = "leaky_relu",
    generator=None,
) -> Tensor:
    """He normal: N(0, std^2) with std = gain / sqrt(fan)."""
    std = _kaiming_std(tensor, a, mode, nonlinearity)
    if std is None:
        return tensor
    return normal_(tensor, 0.0, std, generator)


def orthogonal_(tensor: Tensor, gain: float = 1, generator=None) -> Tensor:
    """A (semi-)orthogonal matrix times gain, from the QR of a normal matrix with PyTorch's sign
    fix (q times the signs of r's diagonal, so q is uniformly distributed); dims past 1 are
    flattened."""
    if tensor.ndimension() < 2:
        raise ValueError(msg.INIT_ORTHOGONAL_DIMS)
    if tensor.numel() == 0:
        return tensor
    rows = tensor.shape[0]
    cols = tensor.numel() // rows
    with no_grad():
        flattened = tensor.new_empty((rows, cols)).normal_(0, 1, generator=generator)
        if rows < cols:
            flattened = flattened.t()
        q, r = qr(flattened)
        q = q * r.diagonal().sign()
        if rows < cols:
            q = q.t()
        tensor.view_as(q).copy_(q)
        return tensor.mul_(gain)


def sparse_(tensor: Tensor, sparsity: float, std: float = 0.01, generator=None) -> Tensor:
    """A 2-D tensor of N(0, std^2) numbers with ceil(sparsity * rows) random zeros per column
    (the zeros' rows come from the default generator, as in PyTorch)."""
    if tensor.ndimension() != 2:
        raise ValueError(msg.INIT_EYE_DIMS)
    rows, cols = tensor.shape
    num_zeros = math.ceil(sparsity * rows)
    with no_grad():
        tensor.normal_(0, std, generator=generator)
        for col_idx in range(cols):
            tensor[randperm(rows)[:num_zeros], col_idx] = 0
    return tensor
