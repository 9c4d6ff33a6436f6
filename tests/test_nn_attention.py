"""Attention and Transformer layers: F.scaled_dot_product_attention, nn.MultiheadAttention,
nn.Transformer*: values, input gradients, reprs, masks and errors against PyTorch 2.13.

Every parameter is set to 0.5 * sin(0.37 * arange(numel) + i) (i = its index in
named_parameters()), inputs to sin(0.37 * arange + phase); the REF literals below were printed by
real PyTorch 2.13 running the same code (dropout 0, loss = sum(out * det(out.shape, 2.0))).
"""

import math
import warnings

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck

# Reference values from PyTorch 2.13 (flattened, rounded to 5 decimals): (output, input grad).
REF_SDPA_BOOL = (
    [
        0.77501,
        0.59573,
        0.33583,
        0.03047,
        -0.27901,
        -0.55073,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        -0.03677,
        -0.00688,
        0.02393,
        0.05151,
        0.07211,
        0.08296,
        -0.63026,
        -0.45618,
        -0.22035,
        0.0453,
        0.30481,
        0.52308,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.36831,
        0.35416,
        0.29209,
        0.19048,
        0.06309,
        -0.07284,
    ],
    [
        0.14853,
        0.17943,
        0.18606,
        0.1675,
        0.0,
        0.0,
        0.0,
        0.0,
        -0.66723,
        -0.74046,
        -0.71346,
        -0.5899,
        0.1091,
        0.10448,
        0.08571,
        0.05534,
        0.0,
        0.0,
        0.0,
        0.0,
        -0.27292,
        -0.08403,
        0.11623,
        0.30076,
    ],
)
REF_SDPA_FLOAT = (
    [
        0.20819,
        0.08601,
        -0.04782,
        -0.17518,
        -0.27883,
        -0.34473,
        -0.34408,
        -0.40462,
        -0.4104,
        -0.36063,
        -0.26205,
        -0.12801,
        -0.04074,
        -0.03475,
        -0.02405,
        -0.0101,
        0.00522,
        0.01983,
        0.04359,
        -0.03199,
        -0.10324,
        -0.16052,
        -0.19607,
        -0.20508,
        0.16548,
        0.11544,
        0.04978,
        -0.02262,
        -0.09196,
        -0.14885,
        0.30313,
        0.27251,
        0.205,
        0.10975,
        -0.00035,
        -0.11041,
    ],
    [
        0.02025,
        0.06938,
        0.10912,
        0.13409,
        0.12261,
        0.12998,
        0.11975,
        0.09332,
        -0.34892,
        -0.41091,
        -0.41729,
        -0.36719,
        0.00744,
        -0.07273,
        -0.14305,
        -0.19401,
        -0.09584,
        -0.1603,
        -0.20307,
        -0.21835,
        -0.10964,
        0.02684,
        0.15969,
        0.27093,
    ],
)
REF_SDPA_CAUSAL = (
    [
        0.9093,
        0.69728,
        0.39088,
        0.03159,
        -0.33199,
        -0.65063,
        0.49742,
        0.30857,
        0.07795,
        -0.16322,
        -0.38229,
        -0.54963,
        -0.08321,
        0.02907,
        0.13741,
        0.22715,
        0.28615,
        0.30642,
        0.50866,
        0.78558,
        0.95617,
        0.99735,
        0.90354,
        0.68744,
        0.45345,
        0.46046,
        0.40515,
        0.29501,
        0.14494,
        -0.02475,
        0.31155,
        0.51775,
        0.65388,
        0.70151,
        0.65419,
        0.51834,
    ],
    [
        0.0,
        0.0,
        0.0,
        0.0,
        -0.10643,
        -0.3245,
        -0.49865,
        -0.60532,
        -0.96915,
        -0.91056,
        -0.72873,
        -0.44828,
        0.0,
        0.0,
        0.0,
        0.0,
        -0.4621,
        -0.47974,
        -0.43246,
        -0.32664,
        0.75906,
        0.65521,
        0.46268,
        0.20753,
    ],
)
REF_SDPA_GQA = [
    0.62026,
    0.61585,
    0.5281,
    0.36887,
    0.73097,
    0.75358,
    0.6742,
    0.50356,
    -0.05197,
    -0.2445,
    -0.40393,
    -0.5087,
    -0.49714,
    -0.70059,
    -0.80921,
    -0.80832,
    0.20392,
    0.34724,
    0.44357,
    0.47986,
    0.56327,
    0.67166,
    0.68915,
    0.61336,
    0.36974,
    0.40893,
    0.39278,
    0.32346,
    -0.28538,
    -0.11141,
    0.07763,
    0.25616,
]
REF_MHA_OUT = [
    0.1257,
    0.50198,
    -0.22524,
    -1.01695,
    -0.15056,
    0.46372,
    0.04408,
    -0.92986,
    -0.65103,
    0.31595,
    0.51775,
    -0.69618,
    -0.15056,
    0.46372,
    0.04408,
    -0.92986,
    0.09849,
    0.3936,
    -0.21768,
    -0.90721,
    -0.15056,
    0.46372,
    0.04408,
    -0.92986,
]
REF_MHA_W = [
    0.927,
    0.073,
    0.0,
    0.11569,
    0.88431,
    0.0,
    0.85699,
    0.14301,
    0.0,
    1.0,
    0.0,
    0.0,
    1.0,
    0.0,
    0.0,
    1.0,
    0.0,
    0.0,
]
REF_MHA_W_HEADS = [
    0.98443,
    0.01557,
    0.0,
    0.2018,
    0.7982,
    0.0,
    0.96506,
    0.03494,
    0.0,
    0.86956,
    0.13044,
    0.0,
    0.02957,
    0.97043,
    0.0,
    0.74891,
    0.25109,
    0.0,
    1.0,
    0.0,
    0.0,
    1.0,
    0.0,
    0.0,
    1.0,
    0.0,
    0.0,
    1.0,
    0.0,
    0.0,
    1.0,
    0.0,
    0.0,
    1.0,
    0.0,
    0.0,
]
REF_MHA_GRAD = [
    0.02702,
    0.16657,
    0.28358,
    0.3622,
    0.00599,
    0.08579,
    0.15397,
    0.20132,
    0.02685,
    -0.02905,
    -0.08102,
    -0.12202,
    0.0,
    0.0,
    0.0,
    0.0,
    0.11056,
    0.12036,
    0.11387,
    0.09197,
    0.0,
    0.0,
    0.0,
    0.0,
]
REF_MHA2_OUT = [
    0.34628,
    0.4473,
    0.47982,
    0.4759,
    0.34745,
    0.48317,
    0.48516,
    0.441,
    0.45482,
    0.38176,
    0.3594,
    0.51961,
    0.31447,
    0.48016,
    0.51759,
    0.4499,
    0.51265,
    0.54591,
    0.33133,
    0.35037,
    0.64559,
    0.62288,
    0.21235,
    0.25183,
]
REF_MHA2_W = [
    0.45743,
    0.15918,
    0.04707,
    0.04368,
    0.14817,
    0.14448,
    0.57117,
    0.13444,
    0.02467,
    0.02109,
    0.11507,
    0.13355,
    0.1012,
    0.14117,
    0.22991,
    0.2418,
    0.14778,
    0.13814,
    0.21609,
    0.05923,
    0.06817,
    0.27774,
    0.193,
    0.18577,
    0.13921,
    0.25568,
    0.22477,
    0.11117,
    0.14141,
    0.12776,
    0.06718,
    0.40641,
    0.31147,
    0.04333,
    0.07579,
    0.09582,
]
REF_MHA_UNBATCHED_CAUSAL = [
    0.15025,
    0.62386,
    -0.22769,
    -1.13928,
    -0.65103,
    0.31595,
    0.51775,
    -0.69618,
    0.08234,
    0.49612,
    -0.18295,
    -1.00342,
]
REF_ENCODER = (
    [
        -0.18762,
        0.10941,
        0.57991,
        0.4003,
        -0.15604,
        0.14466,
        0.56561,
        0.39919,
        -0.15098,
        0.14784,
        0.56383,
        0.39907,
        -0.13291,
        0.29959,
        0.50672,
        0.39701,
        -0.1874,
        0.18425,
        0.55925,
        0.39906,
        -0.17172,
        0.11581,
        0.57589,
        0.39993,
    ],
    [
        0.06822,
        -0.1016,
        0.10534,
        -0.09639,
        -0.01975,
        0.02161,
        -0.01314,
        0.01181,
        -0.04625,
        0.06057,
        -0.03315,
        0.01905,
        0.01661,
        -0.01316,
        -0.01905,
        -0.05281,
        -0.18745,
        -0.56075,
        0.30092,
        -0.11643,
        -0.00256,
        0.00803,
        -0.00815,
        0.00544,
    ],
)
REF_TRANSFORMER = (
    [
        0.25756,
        0.51492,
        0.33883,
        0.03084,
        0.24582,
        0.50688,
        0.40417,
        -0.05186,
        0.21505,
        0.50153,
        0.32851,
        0.02261,
        0.3069,
        0.52657,
        0.34297,
        0.0812,
    ],
    [
        0.00194,
        0.00715,
        -0.00521,
        -0.00388,
        -0.00197,
        0.00127,
        0.0022,
        -0.0015,
        0.00085,
        -0.00097,
        -0.00018,
        0.0003,
        -0.00632,
        0.00472,
        0.00435,
        -0.00275,
        0.00027,
        0.00381,
        -0.00362,
        -0.00046,
        -0.00227,
        0.00088,
        0.00309,
        -0.0017,
    ],
)


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
    check(out, REF_SDPA_BOOL[0])
    check(grad, REF_SDPA_BOOL[1])
    assert flat(out[:, 1]) == [0.0] * 12  # a query with no allowed key gives 0, not NaN


def test_sdpa_float_mask_scale_causal_and_gqa_match_pytorch(device):
    q, k, v = _qkv(device)
    fm = det(3, 5, phase=3.0, device=device)
    out, grad = out_and_grad(
        lambda x: F.scaled_dot_product_attention(x, k, v, attn_mask=fm, scale=0.3), q
    )
    check(out, REF_SDPA_FLOAT[0])
    check(grad, REF_SDPA_FLOAT[1])
    out, grad = out_and_grad(lambda x: F.scaled_dot_product_attention(x, k, v, is_causal=True), q)
    check(out, REF_SDPA_CAUSAL[0])
    check(grad, REF_SDPA_CAUSAL[1])
    q4, k4 = det(1, 4, 2, 4, device=device), det(1, 2, 3, 4, phase=1.0, device=device)
    check(F.scaled_dot_product_attention(q4, k4, k4, enable_gqa=True), REF_SDPA_GQA)


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
    check(out, REF_MHA_OUT)
    check(weights, REF_MHA_W)
    _, weights = m(x, x, x, key_padding_mask=kpm, average_attn_weights=False)
    assert tuple(weights.shape) == (2, 2, 3, 3)
    check(weights, REF_MHA_W_HEADS)
    _, grad = out_and_grad(lambda t: m(t, t, t, key_padding_mask=kpm)[0], x)
    check(grad, REF_MHA_GRAD)


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
    check(out, REF_MHA2_OUT)
    check(weights, REF_MHA2_W)
    m = set_params(nn.MultiheadAttention(4, 2).to(device))
    x = det(3, 2, 4, phase=0.5, device=device)[:, 0]
    causal = nn.Transformer.generate_square_subsequent_mask(3, device=device)
    out, weights = m(x, x, x, attn_mask=causal, need_weights=False)
    assert weights is None and tuple(out.shape) == (3, 4)
    check(out, REF_MHA_UNBATCHED_CAUSAL)


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
    check(out, REF_ENCODER[0])
    check(grad, REF_ENCODER[1])


def test_transformer_norm_first_matches_pytorch(device):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the enable_nested_tensor warning
        t = set_params(nn.Transformer(4, 2, 1, 2, 6, dropout=0.0, norm_first=True).to(device))
    tgt = det(2, 2, 4, phase=0.7, device=device)
    mask = nn.Transformer.generate_square_subsequent_mask(2, device=device)
    out, grad = out_and_grad(
        lambda s: t(s, tgt, tgt_mask=mask), det(3, 2, 4, phase=0.3, device=device)
    )
    check(out, REF_TRANSFORMER[0])
    check(grad, REF_TRANSFORMER[1])


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
