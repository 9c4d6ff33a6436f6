"""Activation layers: ReLU and its variants, GELU, SiLU, Mish, Softplus, the hard and
soft-saturating ones, Sigmoid, Tanh, Softmax, LogSoftmax."""

from __future__ import annotations

import warnings

from ... import _messages as msg
from ..._creation import empty
from ..._tensor import Tensor
from .. import functional as F
from .. import functional_attention as FA
from .. import init
from ..parameter import Parameter
from .linear import NonDynamicallyQuantizableLinear
from .module import Module

__all__ = [
    "ELU",
    "GELU",
    "Hardsigmoid",
    "Hardswish",
    "Hardtanh",
    "LeakyReLU",
    "LogSigmoid",
    "LogSoftmax",
    "Mish",
    "MultiheadAttention",
    "PReLU",
    "RReLU",
    "ReLU",
    "ReLU6",
    "SiLU",
    "Sigmoid",
    "Softmax",
    "Softplus",
    "Softsign",
    "Tanh",
    "Tanhshrink",
]


def _inplace_repr(module: Module) -> str:
    """The extra_repr of a layer whose only argument is `inplace`: shown only when True."""
    return "inplace=True" if module.inplace else ""


def _with_inplace(text: str, inplace: bool) -> str:
    """A layer's extra_repr `text`, followed by ", inplace=True" when it runs in place."""
    return text + ", inplace=True" if inplace else text


class _InplaceActivation(Module):
    """A layer whose only argument is `inplace` (its forward passes it to the functional)."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace


class ReLU(_InplaceActivation):
    """max(x, 0)."""

    extra_repr = _inplace_repr

    def forward(self, input: Tensor) -> Tensor:
        return F.relu(input, inplace=self.inplace)


class LeakyReLU(Module):
    """x if x > 0 else negative_slope * x."""

    def __init__(self, negative_slope: float = 1e-2, inplace: bool = False) -> None:
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self) -> str:
        return _with_inplace(f"negative_slope={self.negative_slope}", self.inplace)


class GELU(Module):
    """x * Phi(x), Phi the Gaussian CDF (exact with erf, or its tanh approximation)."""

    def __init__(self, approximate: str = "none") -> None:
        super().__init__()
        self.approximate = approximate

    def forward(self, input: Tensor) -> Tensor:
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self) -> str:
        return f"approximate={self.approximate!r}"


class Sigmoid(Module):
    """1 / (1 + exp(-x))."""

    def forward(self, input: Tensor) -> Tensor:
        return F.sigmoid(input)


class Tanh(Module):
    """Hyperbolic tangent."""

    def forward(self, input: Tensor) -> Tensor:
        return F.tanh(input)


class Softmax(Module):
    """exp(x) / sum(exp(x)) along `dim`."""

    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, input: Tensor) -> Tensor:
        return F.softmax(input, self.dim, _stacklevel=5)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class LogSoftmax(Softmax):
    """log(softmax(x)) along `dim`."""

    def forward(self, input: Tensor) -> Tensor:
        return F.log_softmax(input, self.dim, _stacklevel=5)


class ELU(Module):
    """x if x > 0 else alpha * (exp(x) - 1)."""

    def __init__(self, alpha: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.elu(input, self.alpha, self.inplace)

    def extra_repr(self) -> str:
        return _with_inplace(f"alpha={self.alpha}", self.inplace)


class Softplus(Module):
    """log(1 + exp(beta x)) / beta, linear (x) where beta x > threshold."""

    def __init__(self, beta: float = 1.0, threshold: float = 20.0) -> None:
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input: Tensor) -> Tensor:
        return F.softplus(input, self.beta, self.threshold)

    def extra_repr(self) -> str:
        return f"beta={self.beta}, threshold={self.threshold}"


class SiLU(_InplaceActivation):
    """x * sigmoid(x) (Swish)."""

    extra_repr = _inplace_repr

    def forward(self, input: Tensor) -> Tensor:
        return F.silu(input, inplace=self.inplace)


class Mish(_InplaceActivation):
    """x * tanh(softplus(x))."""

    extra_repr = _inplace_repr

    def forward(self, input: Tensor) -> Tensor:
        return F.mish(input, inplace=self.inplace)


class Hardsigmoid(_InplaceActivation):
    """clamp(x + 3, 0, 6) / 6 (PyTorch's repr does not show inplace)."""

    def forward(self, input: Tensor) -> Tensor:
        return F.hardsigmoid(input, self.inplace)


class Hardswish(_InplaceActivation):
    """x * clamp(x + 3, 0, 6) / 6 (PyTorch's repr does not show inplace)."""

    def forward(self, input: Tensor) -> Tensor:
        return F.hardswish(input, self.inplace)


class Hardtanh(Module):
    """clamp(x, min_val, max_val); min_value/max_value are PyTorch's deprecated spellings."""

    def __init__(
        self,
        min_val: float = -1.0,
        max_val: float = 1.0,
        inplace: bool = False,
        min_value: float | None = None,
        max_value: float | None = None,
    ) -> None:
        super().__init__()
        for old, value in (("min_value", min_value), ("max_value", max_value)):
            if value is not None:
                warnings.warn(
                    msg.HARDTANH_DEPRECATED_KEYWORD.format(old=old, new=old[:3] + "_val"),
                    FutureWarning,
                    stacklevel=2,
                )
        self.min_val = min_val if min_value is None else min_value
        self.max_val = max_val if max_value is None else max_value
        self.inplace = inplace
        if self.max_val <= self.min_val:
            raise AssertionError(
                msg.HARDTANH_MODULE_LIMITS.format(max_val=self.max_val, min_val=self.min_val)
            )

    def forward(self, input: Tensor) -> Tensor:
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self) -> str:
        return _with_inplace(f"min_val={self.min_val}, max_val={self.max_val}", self.inplace)


class ReLU6(Hardtanh):
    """min(max(x, 0), 6): a Hardtanh from 0 to 6, as in PyTorch."""

    extra_repr = _inplace_repr

    def __init__(self, inplace: bool = False) -> None:
        super().__init__(0.0, 6.0, inplace)


class PReLU(Module):
    """x if x > 0 else a * x, with `a` a learnable weight: one, or one per channel (dim 1)."""

    def __init__(
        self, num_parameters: int = 1, init: float = 0.25, device=None, dtype=None
    ) -> None:
        self.num_parameters = num_parameters
        super().__init__()
        self.init = init
        self.weight = Parameter(empty(num_parameters, device=device, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Every slope back to `init`."""
        init.constant_(self.weight, self.init)

    def forward(self, input: Tensor) -> Tensor:
        return F.prelu(input, self.weight)

    def extra_repr(self) -> str:
        return f"num_parameters={self.num_parameters}"


class LogSigmoid(Module):
    """log(sigmoid(x)), computed without overflow."""

    def forward(self, input: Tensor) -> Tensor:
        return F.logsigmoid(input)


class Softsign(Module):
    """x / (1 + |x|)."""

    def forward(self, input: Tensor) -> Tensor:
        return F.softsign(input)


class Tanhshrink(Module):
    """x - tanh(x)."""

    def forward(self, input: Tensor) -> Tensor:
        return F.tanhshrink(input)


# --- SELU, CELU, the shrinks, Threshold, Softmin, GLU, Softmax2d --------------------------------
__all__ += ["CELU", "GLU", "Hardshrink", "SELU", "Softmax2d", "Softmin", "Softshrink", "Threshold"]


class SELU(_InplaceActivation):
    """scale * elu(x, alpha) with SELU's fixed constants."""

    extra_repr = _inplace_repr

    def forward(self, input: Tensor) -> Tensor:
        return F.selu(input, self.inplace)


class CELU(ELU):
    """x if x > 0 else alpha * (exp(x / alpha) - 1)."""

    def forward(self, input: Tensor) -> Tensor:
        return F.celu(input, self.alpha, self.inplace)


class Softshrink(Module):
    """x - lambd where x > lambd, x + lambd where x < -lambd, 0 between."""

    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        self.lambd = lambd

    def forward(self, input: Tensor) -> Tensor:
        return F.softshrink(input, self.lambd)

    def extra_repr(self) -> str:
        return str(self.lambd)


class Hardshrink(Softshrink):
    """x where |x| > lambd, else 0."""

    def forward(self, input: Tensor) -> Tensor:
        return F.hardshrink(input, self.lambd)


class Threshold(Module):
    """x where x > threshold, else value."""

    def __init__(self, threshold: float, value: float, inplace: bool = False) -> None:
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self) -> str:
        return _with_inplace(f"threshold={self.threshold}, value={self.value}", self.inplace)


class Softmin(Softmax):
    """softmax(-x) along `dim`."""

    def forward(self, input: Tensor) -> Tensor:
        return F.softmin(input, self.dim, _stacklevel=5)


class GLU(Module):
    """a * sigmoid(b), a and b the halves of the input along `dim`."""

    def __init__(self, dim: int = -1) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, input: Tensor) -> Tensor:
        return F.glu(input, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Softmax2d(Module):
    """Softmax over the channels (dim -3) at each spatial position of (N, C, H, W) or (C, H, W)."""

    def forward(self, input: Tensor) -> Tensor:
        if input.dim() not in (3, 4):
            raise ValueError(msg.SOFTMAX2D_DIM.format(ndim=input.dim()))
        return F.softmax(input, -3, _stacklevel=5)


class MultiheadAttention(Module):
    """Attention over num_heads heads of embed_dim // num_heads features each.

    forward returns (output, attention weights or None), as PyTorch's MultiheadAttention.
    """

    def __init__(
        self,
        embed_dim: int,
        num_heads: int,
        dropout: float = 0.0,
        bias: bool = True,
        add_bias_kv: bool = False,
        add_zero_attn: bool = False,
        kdim: int | None = None,
        vdim: int | None = None,
        batch_first: bool = False,
        device=None,
        dtype=None,
    ) -> None:
        if embed_dim <= 0 or num_heads <= 0:
            raise ValueError(msg.MHA_ARGS_POSITIVE.format(embed_dim=embed_dim, heads=num_heads))
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise AssertionError(msg.MHA_HEADS_DIVIDE)

        def param(*shape: int) -> Parameter:
            return Parameter(empty(shape, device=device, dtype=dtype))

        if self._qkv_same_embed_dim:
            self.in_proj_weight = param(3 * embed_dim, embed_dim)
            for name in ("q_proj_weight", "k_proj_weight", "v_proj_weight"):
                self.register_parameter(name, None)
        else:
            self.q_proj_weight = param(embed_dim, embed_dim)
            self.k_proj_weight = param(embed_dim, self.kdim)
            self.v_proj_weight = param(embed_dim, self.vdim)
            self.register_parameter("in_proj_weight", None)
        if bias:
            self.in_proj_bias = param(3 * embed_dim)
        else:
            self.register_parameter("in_proj_bias", None)
        self.out_proj = NonDynamicallyQuantizableLinear(
            embed_dim, embed_dim, bias=bias, device=device, dtype=dtype
        )
        if add_bias_kv:
            self.bias_k = param(1, 1, embed_dim)
            self.bias_v = param(1, 1, embed_dim)
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self._reset_parameters()

    def _reset_parameters(self) -> None:
        """xavier_uniform_ projection weights, zero biases, xavier_normal_ bias_k/bias_v."""
        if self._qkv_same_embed_dim:
            init.xavier_uniform_(self.in_proj_weight)
        else:
            for weight in (self.q_proj_weight, self.k_proj_weight, self.v_proj_weight):
                init.xavier_uniform_(weight)
        if self.in_proj_bias is not None:
            init.constant_(self.in_proj_bias, 0.0)
            init.constant_(self.out_proj.bias, 0.0)
        if self.bias_k is not None:
            init.xavier_normal_(self.bias_k)
            init.xavier_normal_(self.bias_v)

    def forward(
        self,
        query: Tensor,
        key: Tensor,
        value: Tensor,
        key_padding_mask: Tensor | None = None,
        need_weights: bool = True,
        attn_mask: Tensor | None = None,
        average_attn_weights: bool = True,
        is_causal: bool = False,
    ) -> tuple[Tensor, Tensor | None]:
        """(L, N, E) query, (S, N, kdim/vdim) key/value ((N, L, E) ... if batch_first), or
        unbatched; bool masks mark positions NOT allowed to attend."""
        batched = query.dim() == 3
        key_padding_mask = FA._canonical_mask(
            key_padding_mask,
            "key_padding_mask",
            FA._none_or_dtype(attn_mask),
            "attn_mask",
            query.dtype,
        )
        attn_mask = FA._canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, False)
        if self.batch_first and batched:
            if key is value:
                if query is key:
                    query = key = value = query.transpose(1, 0)
                else:
                    query, key = (x.transpose(1, 0) for x in (query, key))
                    value = key
            else:
                query, key, value = (x.transpose(1, 0) for x in (query, key, value))
        separate = not self._qkv_same_embed_dim
        output, weights = FA.multi_head_attention_forward(
            query,
            key,
            value,
            self.embed_dim,
            self.num_heads,
            self.in_proj_weight,
            self.in_proj_bias,
            self.bias_k,
            self.bias_v,
            self.add_zero_attn,
            self.dropout,
            self.out_proj.weight,
            self.out_proj.bias,
            training=self.training,
            key_padding_mask=key_padding_mask,
            need_weights=need_weights,
            attn_mask=attn_mask,
            use_separate_proj_weight=separate,
            q_proj_weight=self.q_proj_weight,
            k_proj_weight=self.k_proj_weight,
            v_proj_weight=self.v_proj_weight,
            average_attn_weights=average_attn_weights,
            is_causal=is_causal,
        )
        if self.batch_first and batched:
            output = output.transpose(1, 0)
        return output, weights


class RReLU(Module):
    """x if x > 0, else x times a slope drawn from U(lower, upper) per element while training,
    (lower + upper) / 2 in eval mode."""

    def __init__(self, lower: float = 1.0 / 8, upper: float = 1.0 / 3, inplace: bool = False):
        super().__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input: Tensor) -> Tensor:
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self) -> str:
        return _with_inplace(f"lower={self.lower}, upper={self.upper}", self.inplace)
