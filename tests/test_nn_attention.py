"""Attention and Transformer layers: F.scaled_dot_product_attention, nn.MultiheadAttention,
nn.Transformer*: values, input gradients, reprs, masks and errors against PyTorch 2.13.

Every parameter is set to 0.5 * sin(0.37 * arange(numel) + i) (i = its index in
named_parameters()), inputs to sin(0.37 * arange + phase); the REF values, kept in
tests/data/attention_refs.json, were printed by real PyTorch 2.13 running the same code (dropout
0, loss = sum(out * det(out.shape, 2.0))).
"""

import json
import math
import pathlib
import warnings

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck

# Reference values from PyTorch 2.13 (flattened, rounded to 5 decimals), in
# tests/data/attention_refs.json: pairs are (output, input grad).
REF = json.loads((pathlib.Path(__file__).parent / "data" / "attention_refs.json").read_text())


def det(*shape, phase=0.0, device="cpu", dtype=torch.float32):
    """sin(0.37 * arange + phase) in the given shape: the deterministic values of the refs."""
    n = math.prod(shape)
    return (torch.arange(n, dtype=dtype, device=device) * 0.37 + phase).sin().reshape(*shape)


def set_params(module):
    """Every parameter to 0.5 * det(shape, phase=its index), as in the reference script."""
    with torch.no_grad():
        for i, (_, p) in enumerate(module.named_parameters()):
            p.copy_(det(*p.shape, phase=float(i), device=p.device) * 0.5)
    return module


def flat(t):
    return t.detach().cpu().reshape(-1).tolist()


def check(actual, expected, tol=2e-5):
    assert flat(actual) == pytest.approx(expected, abs=tol)


def out_and_grad(f, x):
    """f(x) and d/dx sum(f(x) * det(out.shape, 2.0)), as the reference script computes them."""
    x = x.clone().requires_grad_(True)
    out = f(x)
    (out * det(*out.shape, phase=2.0, device=x.device)).sum().backward()
    return out, x.grad


def _qkv(device):
    return (
        det(2, 3, 4, device=device),
        det(2, 5, 4, phase=1.0, device=device),
        det(2, 5, 6, phase=2.0, device=device),
    )


# --- scaled_dot_product_attention -----------------------------------------------------------


def test_sdpa_bool_mask_matches_pytorch_and_fully_masked_row_is_zero(device):
    q, k, v = _qkv(device)
    keep = torch.tensor([[True, False, True, True, False], [False] * 5, [True] * 5], device=device)
    out, grad = out_and_grad(lambda x: F.scaled_dot_product_attention(x, k, v, attn_mask=keep), q)
    check(out, REF["sdpa_bool"][0])
    check(grad, REF["sdpa_bool"][1])
    assert flat(out[:, 1]) == [0.0] * 12  # a query with no allowed key gives 0, not NaN


def test_sdpa_float_mask_scale_causal_and_gqa_match_pytorch(device):
    q, k, v = _qkv(device)
    fm = det(3, 5, phase=3.0, device=device)
    out, grad = out_and_grad(
        lambda x: F.scaled_dot_product_attention(x, k, v, attn_mask=fm, scale=0.3), q
    )
    check(out, REF["sdpa_float"][0])
    check(grad, REF["sdpa_float"][1])
    out, grad = out_and_grad(lambda x: F.scaled_dot_product_attention(x, k, v, is_causal=True), q)
    check(out, REF["sdpa_causal"][0])
    check(grad, REF["sdpa_causal"][1])
    q4, k4 = det(1, 4, 2, 4, device=device), det(1, 2, 3, 4, phase=1.0, device=device)
    check(F.scaled_dot_product_attention(q4, k4, k4, enable_gqa=True), REF["sdpa_gqa"])


def test_sdpa_grad_fn_names_match_pytorch():
    # PyTorch 2.13's CPU math path ends in matmul: UnsafeViewBackward0 (batched), MmBackward0 (2-D)
    q = det(2, 3, 4).requires_grad_()
    k, v = det(2, 5, 4), det(2, 5, 6)
    assert type(F.scaled_dot_product_attention(q, k, v).grad_fn).__name__ == "UnsafeViewBackward0"
    out = F.scaled_dot_product_attention(q[0], k[0], v[0])
    assert type(out.grad_fn).__name__ == "MmBackward0"


def test_sdpa_gradcheck_and_gradgradcheck(device):
    D = torch.float64
    q, k, v = (det(2, 3, 4, phase=p, device=device, dtype=D).requires_grad_() for p in (0, 1, 2))
    keep = torch.tensor([[True, False, True], [False] * 3, [True] * 3], device=device)
    assert gradcheck(
        lambda a, b, c: F.scaled_dot_product_attention(a, b, c, attn_mask=keep), (q, k, v)
    )
    assert gradgradcheck(
        lambda a, b, c: F.scaled_dot_product_attention(a, b, c, is_causal=True), (q, k, v)
    )


@pytest.mark.parametrize(
    "kwargs, error, text",
    [
        # texts from PyTorch 2.13
        (
            dict(attn_mask=torch.ones(3, 5, dtype=torch.bool), is_causal=True),
            RuntimeError,
            "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True",
        ),
        (
            dict(attn_mask=torch.zeros(3, 5, dtype=torch.long)),
            RuntimeError,
            "Expected attn_mask dtype to be bool or float or to match query dtype, but got "
            "attn_mask.dtype: long int and  query.dtype: float instead.",
        ),
        (
            dict(attn_mask=torch.zeros(3, 4)),
            RuntimeError,
            "The size of tensor a (5) must match the size of tensor b (4) at non-singleton dimension 2",
        ),
    ],
)
def test_sdpa_errors(kwargs, error, text):
    q, k, v = _qkv("cpu")
    with pytest.raises(error) as info:
        F.scaled_dot_product_attention(q, k, v, **kwargs)
    assert str(info.value) == text


def test_sdpa_dtype_and_rank_errors():
    q, k, v = _qkv("cpu")
    with pytest.raises(
        RuntimeError,
        match=r"^Expected query, key, and value to have the same "
        r"dtype, but got query.dtype: float key.dtype: double and value.dtype: "
        r"float instead.$",
    ):
        F.scaled_dot_product_attention(q, k.double(), v)
    with pytest.raises(
        RuntimeError,
        match=r"^Expected query, key, and value to all be  at least "
        r"2 dimensional, but got query.dim: 1 key.dim: 1 and value.dim: 1",
    ):
        F.scaled_dot_product_attention(q[0, 0], k[0, 0], v[0, 0, :4])


# --- MultiheadAttention -----------------------------------------------------------------------


def test_mha_parameters_repr_and_init():
    m = nn.MultiheadAttention(4, 2)
    # from PyTorch 2.13
    assert repr(m) == (
        "MultiheadAttention(\n  (out_proj): NonDynamicallyQuantizableLinear("
        "in_features=4, out_features=4, bias=True)\n)"
    )
    assert [(n, tuple(p.shape)) for n, p in m.named_parameters()] == [
        ("in_proj_weight", (12, 4)),
        ("in_proj_bias", (12,)),
        ("out_proj.weight", (4, 4)),
        ("out_proj.bias", (4,)),
    ]
    assert flat(m.in_proj_bias) == [0.0] * 12 and flat(m.out_proj.bias) == [0.0] * 4
    bound = math.sqrt(6 / (12 + 4))  # xavier_uniform_
    assert max(abs(x) for x in flat(m.in_proj_weight)) <= bound
    m = nn.MultiheadAttention(4, 2, kdim=3, vdim=5, add_bias_kv=True, bias=False)
    assert [(n, tuple(p.shape)) for n, p in m.named_parameters()] == [
        ("q_proj_weight", (4, 4)),
        ("k_proj_weight", (4, 3)),
        ("v_proj_weight", (4, 5)),
        ("bias_k", (1, 1, 4)),
        ("bias_v", (1, 1, 4)),
        ("out_proj.weight", (4, 4)),
    ]
    assert m.in_proj_weight is None and m.in_proj_bias is None


def test_mha_key_padding_mask_matches_pytorch(device):
    m = set_params(nn.MultiheadAttention(4, 2).to(device))
    x = det(3, 2, 4, phase=0.5, device=device)
    kpm = torch.tensor([[False, False, True], [False, True, True]], device=device)
    out, weights = m(x, x, x, key_padding_mask=kpm)
    assert tuple(out.shape) == (3, 2, 4) and tuple(weights.shape) == (2, 3, 3)
    check(out, REF["mha_out"])
    check(weights, REF["mha_w"])
    _, weights = m(x, x, x, key_padding_mask=kpm, average_attn_weights=False)
    assert tuple(weights.shape) == (2, 2, 3, 3)
    check(weights, REF["mha_w_heads"])
    _, grad = out_and_grad(lambda t: m(t, t, t, key_padding_mask=kpm)[0], x)
    check(grad, REF["mha_grad"])


def test_mha_kdim_vdim_bias_kv_zero_attn_batch_first_and_unbatched(device):
    m = set_params(
        nn.MultiheadAttention(
            4, 2, kdim=3, vdim=5, add_bias_kv=True, add_zero_attn=True, batch_first=True
        ).to(device)
    )
    out, weights = m(
        det(2, 3, 4, device=device),
        det(2, 4, 3, phase=1.5, device=device),
        det(2, 4, 5, phase=2.5, device=device),
        attn_mask=torch.zeros(3, 4, dtype=torch.bool, device=device),
    )
    assert tuple(out.shape) == (2, 3, 4) and tuple(weights.shape) == (2, 3, 6)
    check(out, REF["mha2_out"])
    check(weights, REF["mha2_w"])
    m = set_params(nn.MultiheadAttention(4, 2).to(device))
    x = det(3, 2, 4, phase=0.5, device=device)[:, 0]
    causal = nn.Transformer.generate_square_subsequent_mask(3, device=device)
    out, weights = m(x, x, x, attn_mask=causal, need_weights=False)
    assert weights is None and tuple(out.shape) == (3, 4)
    check(out, REF["mha_unbatched_causal"])


def test_multi_head_attention_forward_gradcheck(device):
    D = torch.float64
    x = det(3, 2, 4, phase=0.5, device=device, dtype=D).requires_grad_()
    w_in = det(12, 4, phase=1.0, device=device, dtype=D).requires_grad_()
    b_in = det(12, phase=2.0, device=device, dtype=D).requires_grad_()
    w_out = det(4, 4, phase=3.0, device=device, dtype=D).requires_grad_()
    kpm = torch.tensor([[False, False, True], [False, True, True]], device=device)

    def fn(x, w_in, b_in, w_out):
        out, weights = F.multi_head_attention_forward(
            x, x, x, 4, 2, w_in, b_in, None, None, False, 0.0, w_out, None, key_padding_mask=kpm
        )
        return out, weights

    assert gradcheck(fn, (x, w_in, b_in, w_out))


@pytest.mark.parametrize(
    "call, error, text",
    [
        # texts from PyTorch 2.13
        (
            lambda m, x: m(x, x, x, attn_mask=torch.zeros(3, 4)),
            RuntimeError,
            "The shape of the 2D attn_mask is torch.Size([3, 4]), but should be (3, 3).",
        ),
        (
            lambda m, x: m(x, x, x, attn_mask=torch.zeros(5, 3, 3)),
            RuntimeError,
            "The shape of the 3D attn_mask is torch.Size([5, 3, 3]), but should be (4, 3, 3).",
        ),
        (
            lambda m, x: m(x, x, x, key_padding_mask=torch.zeros(2, 4, dtype=torch.bool)),
            AssertionError,
            "Expected key_padded_mask.shape[1] to be 3, but got 4",
        ),
        (
            lambda m, x: m(x, x, x, key_padding_mask=torch.zeros(2, dtype=torch.bool)),
            AssertionError,
            "For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D but found 1-D "
            "tensor instead",
        ),
        (
            lambda m, x: m(x, x, x, attn_mask=torch.zeros(3, 3, dtype=torch.long)),
            AssertionError,
            "only bool and floating types of attn_mask are supported",
        ),
        (
            lambda m, x: m(x, x, x, is_causal=True),
            RuntimeError,
            "Need attn_mask if specifying the is_causal hint. You may use the Transformer module method "
            "`generate_square_subsequent_mask` to create this mask.",
        ),
        (
            lambda m, x: m(x[..., :3], x[..., :3], x[..., :3]),
            AssertionError,
            "was expecting embedding dimension of 4, but got 3",
        ),
        (
            lambda m, x: m(x, x[:2], x),
            AssertionError,
            "key shape torch.Size([2, 2, 4]) does not match value shape torch.Size([3, 2, 4])",
        ),
        (
            lambda m, x: m(x[0, 0], x[0, 0], x[0, 0]),
            AssertionError,
            "query should be unbatched 2D or batched 3D tensor but received 1-D query tensor",
        ),
        (
            lambda m, x: m(x, x[0], x[0]),
            AssertionError,
            "For batched (3-D) `query`, expected `key` and `value` to be 3-D but found 2-D and 2-D "
            "tensors respectively",
        ),
    ],
)
def test_mha_errors(call, error, text):
    m = nn.MultiheadAttention(4, 2)
    with pytest.raises(error) as info:
        call(m, det(3, 2, 4))
    assert str(info.value) == text


def test_mha_constructor_errors_and_mask_dtype_warning():
    with pytest.raises(AssertionError, match=r"^embed_dim must be divisible by num_heads$"):
        nn.MultiheadAttention(5, 2)
    with pytest.raises(
        ValueError,
        match=r"^embed_dim and num_heads must be greater than 0, got "
        r"embed_dim=4 and num_heads=0 instead$",
    ):
        nn.MultiheadAttention(4, 0)
    m, x = nn.MultiheadAttention(4, 2), det(3, 2, 4)
    with pytest.warns(
        UserWarning,
        match=r"^Support for mismatched key_padding_mask and "
        r"attn_mask is deprecated. Use same type for both instead.$",
    ):
        m(
            x,
            x,
            x,
            key_padding_mask=torch.zeros(2, 3, dtype=torch.bool),
            attn_mask=torch.zeros(3, 3),
        )


# --- Transformer ------------------------------------------------------------------------------


def test_transformer_encoder_matches_pytorch(device):
    layer = nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0, activation="gelu", batch_first=True)
    enc = set_params(nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(4)).to(device))
    causal = nn.Transformer.generate_square_subsequent_mask(3, device=device)
    kpm = torch.tensor([[False, False, True], [False] * 3], device=device)
    with pytest.warns(UserWarning, match="^Support for mismatched src_key_padding_mask and mask"):
        out, grad = out_and_grad(
            lambda s: enc(s, mask=causal, src_key_padding_mask=kpm),
            det(2, 3, 4, phase=0.3, device=device),
        )  # PyTorch warns too
    check(out, REF["encoder"][0])
    check(grad, REF["encoder"][1])


def test_transformer_norm_first_matches_pytorch(device):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the enable_nested_tensor warning
        t = set_params(nn.Transformer(4, 2, 1, 2, 6, dropout=0.0, norm_first=True).to(device))
    tgt = det(2, 2, 4, phase=0.7, device=device)
    mask = nn.Transformer.generate_square_subsequent_mask(2, device=device)
    out, grad = out_and_grad(
        lambda s: t(s, tgt, tgt_mask=mask), det(3, 2, 4, phase=0.3, device=device)
    )
    check(out, REF["transformer"][0])
    check(grad, REF["transformer"][1])


def test_transformer_reprs_parameters_and_square_mask():
    with pytest.warns(
        UserWarning,
        match=r"^enable_nested_tensor is True, but "
        r"self.use_nested_tensor is False because encoder_layer.self_attn."
        r"batch_first was not True\(use batch_first for better inference "
        r"performance\)$",
    ):
        t = nn.Transformer(4, 2, 1, 1, 8)
    # from PyTorch 2.13
    assert (
        repr(t.decoder.layers[0])
        == """\
TransformerDecoderLayer(
  (self_attn): MultiheadAttention(
    (out_proj): NonDynamicallyQuantizableLinear(in_features=4, out_features=4, bias=True)
  )
  (multihead_attn): MultiheadAttention(
    (out_proj): NonDynamicallyQuantizableLinear(in_features=4, out_features=4, bias=True)
  )
  (linear1): Linear(in_features=4, out_features=8, bias=True)
  (dropout): Dropout(p=0.1, inplace=False)
  (linear2): Linear(in_features=8, out_features=4, bias=True)
  (norm1): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)
  (norm2): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)
  (norm3): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)
  (dropout1): Dropout(p=0.1, inplace=False)
  (dropout2): Dropout(p=0.1, inplace=False)
  (dropout3): Dropout(p=0.1, inplace=False)
)"""
    )
    enc_names = [n for n, _ in t.encoder.named_parameters()]
    assert enc_names == [  # from PyTorch 2.13
        "layers.0.self_attn.in_proj_weight",
        "layers.0.self_attn.in_proj_bias",
        "layers.0.self_attn.out_proj.weight",
        "layers.0.self_attn.out_proj.bias",
        "layers.0.linear1.weight",
        "layers.0.linear1.bias",
        "layers.0.linear2.weight",
        "layers.0.linear2.bias",
        "layers.0.norm1.weight",
        "layers.0.norm1.bias",
        "layers.0.norm2.weight",
        "layers.0.norm2.bias",
        "norm.weight",
        "norm.bias",
    ]
    assert len(list(t.parameters())) == 34
    assert repr(nn.Transformer.generate_square_subsequent_mask(3)) == (
        "tensor([[0., -inf, -inf],\n        [0., 0., -inf],\n        [0., 0., 0.]])"
    )


def test_encoder_nested_tensor_warnings():
    def reasons(*layers, **kwargs):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for layer in layers:
                nn.TransformerEncoder(layer, 1, **kwargs)
        return [str(w.message).split("because ")[1] for w in caught]

    # from PyTorch 2.13
    assert reasons(
        nn.TransformerEncoderLayer(4, 2, batch_first=True),
        nn.TransformerEncoderLayer(4, 1, batch_first=True),
        nn.TransformerEncoderLayer(4, 2, batch_first=True, norm_first=True),
        nn.TransformerEncoderLayer(4, 2, batch_first=True, activation=torch.tanh),
    ) == [
        "encoder_layer.self_attn.num_heads is odd",
        "encoder_layer.norm_first was True",
        "encoder_layer.activation_relu_or_gelu was not True",
    ]
    assert reasons(nn.TransformerEncoderLayer(4, 2), enable_nested_tensor=False) == []


def test_transformer_errors():
    with pytest.raises(RuntimeError, match=r"^activation should be relu/gelu, not tanh$"):
        nn.TransformerEncoderLayer(4, 2, activation="tanh")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t = nn.Transformer(4, 2, 1, 1, 8)
    with pytest.raises(RuntimeError, match=r"^the batch number of src and tgt must be equal$"):
        t(det(3, 2, 4), det(3, 1, 4))
    with pytest.raises(
        RuntimeError, match=r"^the feature number of src and tgt must be equal to d_model$"
    ):
        t(det(3, 2, 4), det(3, 2, 5))
