"""Attention in `torch.nn.functional`: scaled_dot_product_attention and
multi_head_attention_forward, composed from differentiable ops the way PyTorch's CPU math path
and its Python multi-head code compose them (so grad_fn names and gradients come out alike)."""

from __future__ import annotations

import math
import warnings

from .. import _messages as msg
from .._creation import ones, zeros, zeros_like
from .._tensor import Tensor
from ..dtypes import CPP_NAMES, float32
from ..dtypes import bool as bool_
from ..ops.comparison import where
from ..ops.joining import cat
from . import functional as F

__all__ = ["multi_head_attention_forward", "scaled_dot_product_attention"]


def _bool_to_bias(mask: Tensor, dtype) -> Tensor:
    """A boolean keep-mask as an additive float bias: 0 where True, -inf where False."""
    return where(mask.logical_not(), float("-inf"), 0.0).to(dtype)


def _safe_softmax(scores: Tensor) -> Tensor:
    """softmax over the last dim, with rows that are entirely -inf giving 0 instead of NaN (as
    PyTorch's _safe_softmax); those rows are set to 0 before softmax so no NaN reaches backward."""
    dead = (scores == float("-inf")).all(-1, keepdim=True)
    return scores.masked_fill(dead, 0.0).softmax(-1).masked_fill(dead, 0.0)


def _check_sdpa(
    query: Tensor, key: Tensor, value: Tensor, attn_mask: Tensor | None, is_causal: bool
) -> None:
    """PyTorch's input validation for scaled_dot_product_attention."""
    if not query.dtype == key.dtype == value.dtype:
        raise RuntimeError(
            msg.SDPA_DTYPES.format(
                q=CPP_NAMES[query.dtype], k=CPP_NAMES[key.dtype], v=CPP_NAMES[value.dtype]
            )
        )
    if min(query.dim(), key.dim(), value.dim()) < 2:
        raise RuntimeError(msg.SDPA_DIMS.format(q=query.dim(), k=key.dim(), v=value.dim()))
    if attn_mask is not None:
        if attn_mask.dtype not in (bool_, query.dtype) and attn_mask.dtype != float32:
            raise RuntimeError(
                msg.SDPA_MASK_DTYPE.format(
                    mask=CPP_NAMES[attn_mask.dtype], q=CPP_NAMES[query.dtype]
                )
            )
        if is_causal:
            raise RuntimeError(msg.SDPA_CAUSAL_WITH_MASK)


def _repeat_heads(t: Tensor, heads: int) -> Tensor:
    """Repeat each of t's heads (dim -3) so there are `heads` of them: repeat_interleave for GQA."""
    groups = t.shape[-3]
    if heads % groups:
        raise RuntimeError(msg.SDPA_GQA_HEADS)
    shape = tuple(t.shape)
    expanded = t.unsqueeze(-3).expand(*shape[:-2], heads // groups, *shape[-2:])
    return expanded.reshape(*shape[:-3], heads, *shape[-2:])


def scaled_dot_product_attention(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    attn_mask: Tensor | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    enable_gqa: bool = False,
) -> Tensor:
    """softmax(query @ key^T * scale + mask) @ value, as PyTorch's math path computes it.

    A boolean mask marks the keys a query may attend to; a float mask is added to the scores.
    Rows with no allowed key give 0.
    """
    _check_sdpa(query, key, value, attn_mask, is_causal)
    factor = 1 / math.sqrt(query.shape[-1]) if scale is None else scale
    root = math.sqrt(abs(factor))
    q = query * (-root if factor < 0 else root)
    if enable_gqa and query.dim() >= 3:
        key = _repeat_heads(key, query.shape[-3])
        value = _repeat_heads(value, query.shape[-3])
    scores = q.matmul(key.transpose(-2, -1) * root)
    if is_causal:
        attn_mask = ones(query.shape[-2], key.shape[-2], dtype=bool_, device=query.device).tril()
    if attn_mask is not None:
        if attn_mask.dtype == bool_:
            attn_mask = _bool_to_bias(attn_mask, query.dtype)
        scores = scores + attn_mask
    weights = _safe_softmax(scores)
    if dropout_p > 0.0:
        weights = F.dropout(weights, dropout_p, True)
    return weights.matmul(value)


# --- multi_head_attention_forward (PyTorch's torch/nn/functional.py, slow path) ---------------


def _none_or_dtype(input: Tensor | None):
    """The dtype of a mask, or None."""
    return None if input is None else input.dtype


def _canonical_mask(
    mask: Tensor | None,
    mask_name: str,
    other_type,
    other_name: str,
    target_type,
    check_other: bool = True,
) -> Tensor | None:
    """A bool mask (True = masked out) turned into a float bias of target_type; float masks kept.

    Warns, as PyTorch, when the two masks of one call have different dtypes.
    """
    if mask is None:
        return None
    if mask.dtype != bool_ and not mask.is_floating_point():
        raise AssertionError(msg.MHA_MASK_TYPE.format(name=mask_name))
    if check_other and other_type is not None and mask.dtype != other_type:
        warnings.warn(msg.MHA_MASK_MISMATCH.format(name=mask_name, other=other_name), stacklevel=2)
    if mask.dtype == bool_:
        mask = zeros_like(mask, dtype=target_type).masked_fill(mask, float("-inf"))
    return mask


def _mha_shape_check(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    key_padding_mask: Tensor | None,
    attn_mask: Tensor | None,
    num_heads: int,
) -> bool:
    """PyTorch's rank checks; True for batched (3-D) input, False for unbatched (2-D)."""
    batched = query.dim() == 3
    if query.dim() not in (2, 3):
        raise AssertionError(msg.MHA_QUERY_DIM.format(ndim=query.dim()))
    kind = "batched (3-D)" if batched else "unbatched (2-D)"
    if key.dim() != query.dim() or value.dim() != query.dim():
        raise AssertionError(
            msg.MHA_KV_DIM.format(kind=kind, want=query.dim(), k=key.dim(), v=value.dim())
        )
    if key_padding_mask is not None and key_padding_mask.dim() != query.dim() - 1:
        raise AssertionError(
            msg.MHA_KPM_DIM.format(kind=kind, want=query.dim() - 1, ndim=key_padding_mask.dim())
        )
    if attn_mask is not None:
        if attn_mask.dim() not in (2, 3):
            raise AssertionError(msg.MHA_ATTN_MASK_DIM.format(kind=kind, ndim=attn_mask.dim()))
        expected = (num_heads, query.shape[0], key.shape[0])
        if not batched and attn_mask.dim() == 3 and tuple(attn_mask.shape) != expected:
            raise AssertionError(
                msg.MHA_ATTN_MASK_SHAPE.format(expected=expected, got=attn_mask.shape)
            )
    return batched


def _in_projection_packed(q: Tensor, k: Tensor, v: Tensor, w: Tensor, b: Tensor | None) -> tuple:
    """q, k, v projected with the (3E, E) packed weight; one matmul when q, k, v are one tensor."""
    E = q.shape[-1]
    if k is v and q is k:
        proj = F.linear(q, w, b)
        proj = proj.unflatten(-1, (3, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return proj[0], proj[1], proj[2]
    if k is v:
        w_q, w_kv = w.split([E, E * 2])
        b_q, b_kv = (None, None) if b is None else b.split([E, E * 2])
        kv = F.linear(k, w_kv, b_kv)
        kv = kv.unflatten(-1, (2, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return F.linear(q, w_q, b_q), kv[0], kv[1]
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    return F.linear(q, w_q, b_q), F.linear(k, w_k, b_k), F.linear(v, w_v, b_v)


def _in_projection(q: Tensor, k: Tensor, v: Tensor, weights: tuple, bias: Tensor | None) -> tuple:
    """q, k, v projected with separate weights (kdim/vdim differ from embed_dim)."""
    E = q.shape[-1]
    biases = (None, None, None) if bias is None else bias.chunk(3)
    for name, x, w in zip(("query", "key", "value"), (q, k, v), weights):
        if tuple(w.shape) != (E, x.shape[-1]):
            raise AssertionError(
                msg.MHA_PROJ_WEIGHT.format(name=name, want=(E, x.shape[-1]), got=w.shape)
            )
    return tuple(F.linear(x, w, b) for x, w, b in zip((q, k, v), weights, biases))


def _check_attn_mask(attn_mask: Tensor, tgt_len: int, src_len: int, bsz_heads: int) -> Tensor:
    """A 2-D (L, S) or 3-D (N*heads, L, S) attn_mask, returned 3-D."""
    if attn_mask.dim() == 2:
        if tuple(attn_mask.shape) != (tgt_len, src_len):
            raise RuntimeError(
                msg.MHA_ATTN_MASK_2D.format(got=attn_mask.shape, want=(tgt_len, src_len))
            )
        return attn_mask.unsqueeze(0)
    if tuple(attn_mask.shape) != (bsz_heads, tgt_len, src_len):
        raise RuntimeError(
            msg.MHA_ATTN_MASK_3D.format(got=attn_mask.shape, want=(bsz_heads, tgt_len, src_len))
        )
    return attn_mask


def _pad_last(mask: Tensor | None) -> Tensor | None:
    """A mask with one more (unmasked) key column, for bias_k/bias_v and add_zero_attn."""
    if mask is None:
        return None
    return F.pad(mask, (0, 1))


def multi_head_attention_forward(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    embed_dim_to_check: int,
    num_heads: int,
    in_proj_weight: Tensor | None,
    in_proj_bias: Tensor | None,
    bias_k: Tensor | None,
    bias_v: Tensor | None,
    add_zero_attn: bool,
    dropout_p: float,
    out_proj_weight: Tensor,
    out_proj_bias: Tensor | None,
    training: bool = True,
    key_padding_mask: Tensor | None = None,
    need_weights: bool = True,
    attn_mask: Tensor | None = None,
    use_separate_proj_weight: bool = False,
    q_proj_weight: Tensor | None = None,
    k_proj_weight: Tensor | None = None,
    v_proj_weight: Tensor | None = None,
    static_k: Tensor | None = None,
    static_v: Tensor | None = None,
    average_attn_weights: bool = True,
    is_causal: bool = False,
) -> tuple[Tensor, Tensor | None]:
    """Multi-head attention on (L, N, E) query and (S, N, E) key/value, or unbatched (L, E)/(S, E).

    Returns (output, attention weights averaged over heads if average_attn_weights, or None when
    need_weights is False), following PyTorch's code path by path.
    """
    if static_k is not None or static_v is not None:
        raise NotImplementedError(msg.MHA_STATIC_KV_OURS)
    batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query.shape
    src_len = key.shape[0]
    key_padding_mask = _canonical_mask(
        key_padding_mask, "key_padding_mask", _none_or_dtype(attn_mask), "attn_mask", query.dtype
    )
    if is_causal and attn_mask is None:
        raise RuntimeError(msg.MHA_CAUSAL_NEEDS_MASK)
    if is_causal and key_padding_mask is None and not need_weights:
        attn_mask = None  # scaled_dot_product_attention builds the causal mask itself
    else:
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, False)
        if key_padding_mask is not None:
            is_causal = False
    if embed_dim != embed_dim_to_check:
        raise AssertionError(msg.MHA_EMBED_DIM.format(want=embed_dim_to_check, got=embed_dim))
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(msg.MHA_NOT_DIVISIBLE.format(embed_dim=embed_dim, heads=num_heads))
    if use_separate_proj_weight:
        if tuple(key.shape[:2]) != tuple(value.shape[:2]):
            raise AssertionError(msg.MHA_KV_SEQ_BATCH.format(k=key.shape[:2], v=value.shape[:2]))
        q, k, v = _in_projection(
            query, key, value, (q_proj_weight, k_proj_weight, v_proj_weight), in_proj_bias
        )
    else:
        if tuple(key.shape) != tuple(value.shape):
            raise AssertionError(msg.MHA_KV_SHAPE.format(k=key.shape, v=value.shape))
        q, k, v = _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    if attn_mask is not None:
        attn_mask = _check_attn_mask(attn_mask, tgt_len, src_len, bsz * num_heads)
    if (bias_k is None) != (bias_v is None):
        raise AssertionError(
            msg.MHA_BIAS_KV.format(
                set="bias_k" if bias_v is None else "bias_v",
                unset="bias_v" if bias_v is None else "bias_k",
            )
        )
    if bias_k is not None:
        k = cat([k, bias_k.repeat(1, bsz, 1)])
        v = cat([v, bias_v.repeat(1, bsz, 1)])
        attn_mask, key_padding_mask = _pad_last(attn_mask), _pad_last(key_padding_mask)
    q = q.view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = k.view(k.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
    v = v.view(v.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
    if add_zero_attn:
        zero = zeros((bsz * num_heads, 1, head_dim), dtype=k.dtype, device=k.device)
        k, v = cat([k, zero], dim=1), cat([v, zero], dim=1)
        attn_mask, key_padding_mask = _pad_last(attn_mask), _pad_last(key_padding_mask)
    src_len = k.shape[1]
    if key_padding_mask is not None:
        if key_padding_mask.shape[0] != bsz:
            raise AssertionError(
                msg.MHA_KPM_SHAPE.format(i=0, want=bsz, got=key_padding_mask.shape[0])
            )
        if key_padding_mask.shape[1] != src_len:
            raise AssertionError(
                msg.MHA_KPM_SHAPE.format(i=1, want=src_len, got=key_padding_mask.shape[1])
            )
        key_padding_mask = (
            key_padding_mask.view(bsz, 1, 1, src_len)
            .expand(-1, num_heads, -1, -1)
            .reshape(bsz * num_heads, 1, src_len)
        )
        attn_mask = key_padding_mask if attn_mask is None else attn_mask + key_padding_mask
    if not training:
        dropout_p = 0.0
    if need_weights:
        q_scaled = q * math.sqrt(1.0 / float(head_dim))
        if attn_mask is not None:
            weights = attn_mask.baddbmm(q_scaled, k.transpose(-2, -1))
        else:
            weights = q_scaled.bmm(k.transpose(-2, -1))
        weights = weights.softmax(-1)
        if dropout_p > 0.0:
            weights = F.dropout(weights, dropout_p)
        output = weights.bmm(v).transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
        output = F.linear(output, out_proj_weight, out_proj_bias)
        output = output.view(tgt_len, bsz, output.shape[1])
        weights = weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            weights = weights.mean(dim=1)
        if not batched:
            output, weights = output.squeeze(1), weights.squeeze(0)
        return output, weights
    if attn_mask is not None:
        if attn_mask.shape[0] == 1 and attn_mask.dim() == 3:
            attn_mask = attn_mask.unsqueeze(0)
        else:
            attn_mask = attn_mask.view(bsz, num_heads, -1, src_len)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    output = scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    output = output.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim)
    output = F.linear(output, out_proj_weight, out_proj_bias)
    output = output.view(tgt_len, bsz, output.shape[1])
    if not batched:
        output = output.squeeze(1)
    return output, None
