"""Transformer, its encoder/decoder stacks and layers, as PyTorch's (post- or pre-norm)."""

from __future__ import annotations

import copy
import warnings
from collections.abc import Callable

from ... import _messages as msg
from ..._creation import full
from ..._tensor import Tensor
from ...ops.diagonals import triu
from .. import functional as F
from .. import functional_attention as FA
from .. import init
from .activation import GELU, MultiheadAttention, ReLU
from .container import ModuleList
from .dropout import Dropout
from .linear import Linear
from .module import Module
from .normalization import LayerNorm

__all__ = [
    "Transformer",
    "TransformerDecoder",
    "TransformerDecoderLayer",
    "TransformerEncoder",
    "TransformerEncoderLayer",
]


def _generate_square_subsequent_mask(sz: int, device=None, dtype=None) -> Tensor:
    """(sz, sz) float mask: -inf above the diagonal (future positions), 0 elsewhere."""
    return triu(full((sz, sz), float("-inf"), dtype=dtype, device=device), diagonal=1)


def _get_seq_len(src: Tensor, batch_first: bool) -> int:
    """The sequence length of (S, E), (S, N, E) or, if batch_first, (N, S, E) input."""
    return src.shape[0] if src.dim() == 2 else src.shape[1 if batch_first else 0]


def _detect_is_causal_mask(mask: Tensor | None, is_causal: bool | None, size: int) -> bool:
    """is_causal if given, else whether mask is exactly the square subsequent mask."""
    if is_causal is not None or mask is None:
        return is_causal is True
    causal = _generate_square_subsequent_mask(size, device=mask.device, dtype=mask.dtype)
    return tuple(mask.shape) == tuple(causal.shape) and bool((mask == causal).all())


def _get_activation_fn(activation: str | Callable[[Tensor], Tensor]) -> Callable:
    """F.relu / F.gelu for 'relu' / 'gelu'; a callable is used as given."""
    if not isinstance(activation, str):
        return activation
    if activation == "relu":
        return F.relu
    if activation == "gelu":
        return F.gelu
    raise RuntimeError(msg.TRANSFORMER_ACTIVATION.format(name=activation))


class _TransformerLayer(Module):
    """What the encoder and decoder layers share: their constructor (the attention modules named
    in `_attentions`, then the feed-forward block with a norm and a dropout per sub-block) and
    their attention and feed-forward blocks."""

    _attentions: tuple = ()

    def __init__(
        self,
        d_model: int,
        nhead: int,
        dim_feedforward: int = 2048,
        dropout: float = 0.1,
        activation: str | Callable[[Tensor], Tensor] = F.relu,
        layer_norm_eps: float = 1e-5,
        batch_first: bool = False,
        norm_first: bool = False,
        bias: bool = True,
        device=None,
        dtype=None,
    ) -> None:
        super().__init__()
        for name in self._attentions:
            setattr(
                self,
                name,
                MultiheadAttention(
                    d_model,
                    nhead,
                    dropout=dropout,
                    bias=bias,
                    batch_first=batch_first,
                    device=device,
                    dtype=dtype,
                ),
            )
        self.linear1 = Linear(d_model, dim_feedforward, bias=bias, device=device, dtype=dtype)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias=bias, device=device, dtype=dtype)
        self.norm_first = norm_first
        blocks = len(self._attentions) + 1
        for i in range(1, blocks + 1):
            setattr(
                self,
                f"norm{i}",
                LayerNorm(d_model, eps=layer_norm_eps, bias=bias, device=device, dtype=dtype),
            )
        for i in range(1, blocks + 1):
            setattr(self, f"dropout{i}", Dropout(dropout))
        self.activation = _get_activation_fn(activation)
        self._add_own_attributes()

    def _add_own_attributes(self) -> None:
        """What one kind of layer sets after the shared parts (nothing by default)."""

    def _attention_block(
        self,
        attn: MultiheadAttention,
        dropout: Dropout,
        x: Tensor,
        kv: Tensor,
        attn_mask: Tensor | None,
        key_padding_mask: Tensor | None,
        is_causal: bool,
    ) -> Tensor:
        """x attending to kv (to itself in self-attention), without the weights, then dropout."""
        x = attn(
            x,
            kv,
            kv,
            attn_mask=attn_mask,
            key_padding_mask=key_padding_mask,
            need_weights=False,
            is_causal=is_causal,
        )[0]
        return dropout(x)

    def _sa_block(self, x, attn_mask, key_padding_mask, is_causal: bool = False) -> Tensor:
        return self._attention_block(
            self.self_attn, self.dropout1, x, x, attn_mask, key_padding_mask, is_causal
        )

    def _ff_block(self, x: Tensor) -> Tensor:
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self._last_dropout(x)


class TransformerEncoderLayer(_TransformerLayer):
    """Self-attention then a feed-forward network, each with a residual and LayerNorm."""

    _attentions = ("self_attn",)

    def _add_own_attributes(self) -> None:
        """activation_relu_or_gelu: 1 for ReLU, 2 for GELU, else 0 (for PyTorch's fast path)."""
        act = self.activation
        self.activation_relu_or_gelu = (
            1
            if act is F.relu or isinstance(act, ReLU)
            else 2
            if act is F.gelu or isinstance(act, GELU)
            else 0
        )

    @property
    def _last_dropout(self) -> Dropout:
        return self.dropout2

    def forward(
        self,
        src: Tensor,
        src_mask: Tensor | None = None,
        src_key_padding_mask: Tensor | None = None,
        is_causal: bool = False,
    ) -> Tensor:
        """src (S, N, E), or (N, S, E) if batch_first, or unbatched (S, E)."""
        src_key_padding_mask = FA._canonical_mask(
            src_key_padding_mask,
            "src_key_padding_mask",
            FA._none_or_dtype(src_mask),
            "src_mask",
            src.dtype,
        )
        src_mask = FA._canonical_mask(src_mask, "src_mask", None, "", src.dtype, False)
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask, is_causal)
            return x + self._ff_block(self.norm2(x))
        x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask, is_causal))
        return self.norm2(x + self._ff_block(x))


class TransformerDecoderLayer(_TransformerLayer):
    """Self-attention, attention over the encoder's memory, then a feed-forward network."""

    _attentions = ("self_attn", "multihead_attn")

    @property
    def _last_dropout(self) -> Dropout:
        return self.dropout3

    def forward(
        self,
        tgt: Tensor,
        memory: Tensor,
        tgt_mask: Tensor | None = None,
        memory_mask: Tensor | None = None,
        tgt_key_padding_mask: Tensor | None = None,
        memory_key_padding_mask: Tensor | None = None,
        tgt_is_causal: bool = False,
        memory_is_causal: bool = False,
    ) -> Tensor:
        """tgt (T, N, E) attending to itself and to memory (S, N, E) (batch first if set)."""
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask, tgt_is_causal)
            x = x + self._mha_block(
                self.norm2(x), memory, memory_mask, memory_key_padding_mask, memory_is_causal
            )
            return x + self._ff_block(self.norm3(x))
        x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask, tgt_is_causal))
        x = self.norm2(
            x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask, memory_is_causal)
        )
        return self.norm3(x + self._ff_block(x))

    def _mha_block(self, x, mem, attn_mask, key_padding_mask, is_causal: bool = False) -> Tensor:
        return self._attention_block(
            self.multihead_attn, self.dropout2, x, mem, attn_mask, key_padding_mask, is_causal
        )


def _why_no_nested_tensor(layer: Module) -> str:
    """PyTorch's reason (for its warning) why its nested-tensor fast path cannot be used."""
    if not isinstance(layer, TransformerEncoderLayer):
        return "encoder_layer was not TransformerEncoderLayer"
    attn = layer.self_attn
    reasons = (
        (layer.norm_first, "norm_first was True"),
        (
            not attn.batch_first,
            "self_attn.batch_first was not True(use batch_first for better inference performance)",
        ),
        (not attn._qkv_same_embed_dim, "self_attn._qkv_same_embed_dim was not True"),
        (attn.in_proj_bias is None, "self_attn was passed bias=False"),
        (not layer.activation_relu_or_gelu, "activation_relu_or_gelu was not True"),
        (layer.norm1.eps != layer.norm2.eps, "norm1.eps was not equal to encoder_layer.norm2.eps"),
        (attn.num_heads % 2 == 1, "self_attn.num_heads is odd"),
    )
    return next(("encoder_layer." + why for failed, why in reasons if failed), "")


class TransformerEncoder(Module):
    """num_layers deep copies of encoder_layer applied in turn, then the optional norm."""

    def __init__(
        self,
        encoder_layer: TransformerEncoderLayer,
        num_layers: int,
        norm: Module | None = None,
        enable_nested_tensor: bool = True,
        mask_check: bool = True,
    ) -> None:
        super().__init__()
        self.layers = ModuleList([copy.deepcopy(encoder_layer) for _ in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm
        self.enable_nested_tensor = enable_nested_tensor
        self.use_nested_tensor = enable_nested_tensor
        self.mask_check = mask_check
        why = _why_no_nested_tensor(encoder_layer)
        if enable_nested_tensor and why:
            warnings.warn(msg.TRANSFORMER_NESTED.format(why=why), stacklevel=2)
            self.use_nested_tensor = False

    def forward(
        self,
        src: Tensor,
        mask: Tensor | None = None,
        src_key_padding_mask: Tensor | None = None,
        is_causal: bool | None = None,
    ) -> Tensor:
        """Run src through every layer with the same masks; is_causal is detected from mask."""
        src_key_padding_mask = FA._canonical_mask(
            src_key_padding_mask, "src_key_padding_mask", FA._none_or_dtype(mask), "mask", src.dtype
        )
        mask = FA._canonical_mask(mask, "mask", None, "", src.dtype, False)
        seq_len = _get_seq_len(src, self.layers[0].self_attn.batch_first)
        is_causal = _detect_is_causal_mask(mask, is_causal, seq_len)
        output = src
        for mod in self.layers:
            output = mod(
                output,
                src_mask=mask,
                is_causal=is_causal,
                src_key_padding_mask=src_key_padding_mask,
            )
        return output if self.norm is None else self.norm(output)


class TransformerDecoder(Module):
    """num_layers deep copies of decoder_layer applied in turn, then the optional norm."""

    def __init__(
        self, decoder_layer: TransformerDecoderLayer, num_layers: int, norm: Module | None = None
    ) -> None:
        super().__init__()
        self.layers = ModuleList([copy.deepcopy(decoder_layer) for _ in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def forward(
        self,
        tgt: Tensor,
        memory: Tensor,
        tgt_mask: Tensor | None = None,
        memory_mask: Tensor | None = None,
        tgt_key_padding_mask: Tensor | None = None,
        memory_key_padding_mask: Tensor | None = None,
        tgt_is_causal: bool | None = None,
        memory_is_causal: bool = False,
    ) -> Tensor:
        """Run tgt through every layer, each attending to memory."""
        seq_len = _get_seq_len(tgt, self.layers[0].self_attn.batch_first)
        tgt_is_causal = _detect_is_causal_mask(tgt_mask, tgt_is_causal, seq_len)
        output = tgt
        for mod in self.layers:
            output = mod(
                output,
                memory,
                tgt_mask=tgt_mask,
                memory_mask=memory_mask,
                tgt_key_padding_mask=tgt_key_padding_mask,
                memory_key_padding_mask=memory_key_padding_mask,
                tgt_is_causal=tgt_is_causal,
                memory_is_causal=memory_is_causal,
            )
        return output if self.norm is None else self.norm(output)


class Transformer(Module):
    """The encoder-decoder Transformer of "Attention Is All You Need", as PyTorch builds it."""

    def __init__(
        self,
        d_model: int = 512,
        nhead: int = 8,
        num_encoder_layers: int = 6,
        num_decoder_layers: int = 6,
        dim_feedforward: int = 2048,
        dropout: float = 0.1,
        activation: str | Callable[[Tensor], Tensor] = F.relu,
        custom_encoder: Module | None = None,
        custom_decoder: Module | None = None,
        layer_norm_eps: float = 1e-5,
        batch_first: bool = False,
        norm_first: bool = False,
        bias: bool = True,
        device=None,
        dtype=None,
    ) -> None:
        super().__init__()
        layer_args = (
            d_model,
            nhead,
            dim_feedforward,
            dropout,
            activation,
            layer_norm_eps,
            batch_first,
            norm_first,
            bias,
            device,
            dtype,
        )
        norm_args = dict(eps=layer_norm_eps, bias=bias, device=device, dtype=dtype)
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            self.encoder = TransformerEncoder(
                TransformerEncoderLayer(*layer_args),
                num_encoder_layers,
                LayerNorm(d_model, **norm_args),
            )
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            self.decoder = TransformerDecoder(
                TransformerDecoderLayer(*layer_args),
                num_decoder_layers,
                LayerNorm(d_model, **norm_args),
            )
        self._reset_parameters()
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def forward(
        self,
        src: Tensor,
        tgt: Tensor,
        src_mask: Tensor | None = None,
        tgt_mask: Tensor | None = None,
        memory_mask: Tensor | None = None,
        src_key_padding_mask: Tensor | None = None,
        tgt_key_padding_mask: Tensor | None = None,
        memory_key_padding_mask: Tensor | None = None,
        src_is_causal: bool | None = None,
        tgt_is_causal: bool | None = None,
        memory_is_causal: bool = False,
    ) -> Tensor:
        """Encode src into memory, then decode tgt against it."""
        batch_dim = 0 if self.batch_first else 1
        if src.dim() == 3 and src.shape[batch_dim] != tgt.shape[batch_dim]:
            raise RuntimeError(msg.TRANSFORMER_BATCH)
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise RuntimeError(msg.TRANSFORMER_FEATURES)
        memory = self.encoder(
            src, mask=src_mask, src_key_padding_mask=src_key_padding_mask, is_causal=src_is_causal
        )
        return self.decoder(
            tgt,
            memory,
            tgt_mask=tgt_mask,
            memory_mask=memory_mask,
            tgt_key_padding_mask=tgt_key_padding_mask,
            memory_key_padding_mask=memory_key_padding_mask,
            tgt_is_causal=tgt_is_causal,
            memory_is_causal=memory_is_causal,
        )

    @staticmethod
    def generate_square_subsequent_mask(sz: int, device=None, dtype=None) -> Tensor:
        """(sz, sz) float mask with -inf above the diagonal: position i sees positions <= i."""
        return _generate_square_subsequent_mask(sz, device=device, dtype=dtype)

    def _reset_parameters(self) -> None:
        """xavier_uniform_ on every parameter with more than one dim."""
        for p in self.parameters():
            if p.dim() > 1:
                init.xavier_uniform_(p)
