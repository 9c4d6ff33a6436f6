"""torch.finfo / torch.iinfo: attributes, reprs and errors as PyTorch 2.13 shows them."""

from __future__ import annotations

import pytest

import autograd_nb as torch

# --- gradients: central differences in float64 (gradcheck) ---------------------------------------


@pytest.mark.parametrize(
    "dtype, text, values",
    [
        # PyTorch 2.13's reprs and (bits, eps, max, smallest_normal, resolution)
        (
            torch.float32,
            "finfo(resolution=1e-06, min=-3.40282e+38, max=3.40282e+38, eps=1.19209e-07, "
            "smallest_normal=1.17549e-38, tiny=1.17549e-38, dtype=float32)",
            (32, 1.1920928955078125e-07, 3.4028234663852886e38, 1.1754943508222875e-38, 1e-06),
        ),
        (
            torch.float64,
            "finfo(resolution=1e-15, min=-1.79769e+308, max=1.79769e+308, "
            "eps=2.22045e-16, smallest_normal=2.22507e-308, tiny=2.22507e-308, dtype=float64)",
            (64, 2.220446049250313e-16, 1.7976931348623157e308, 2.2250738585072014e-308, 1e-15),
        ),
        (
            torch.float16,
            "finfo(resolution=0.001, min=-65504, max=65504, eps=0.000976562, "
            "smallest_normal=6.10352e-05, tiny=6.10352e-05, dtype=float16)",
            (16, 0.0009765625, 65504.0, 6.103515625e-05, 0.001),
        ),
    ],
)
def test_finfo_matches_pytorch(dtype, text, values):
    info = torch.finfo(dtype)
    assert repr(info) == str(info) == text
    assert (info.bits, info.eps, info.max, info.smallest_normal, info.resolution) == values
    assert info.min == -info.max and info.tiny == info.smallest_normal
    assert info.dtype == dtype.name and isinstance(info.dtype, str)
    assert info == torch.finfo(dtype) and info != torch.finfo(
        torch.float64 if dtype is torch.float32 else torch.float32
    )


def test_finfo_defaults_to_the_default_dtype():
    assert torch.finfo() == torch.finfo(None) == torch.finfo(torch.float32)
    torch.set_default_dtype(torch.float64)
    try:
        assert torch.finfo().dtype == "float64"
    finally:
        torch.set_default_dtype(torch.float32)


@pytest.mark.parametrize(
    "dtype, text, bits, low, high",
    [  # PyTorch 2.13
        (
            torch.int64,
            "iinfo(min=-9.22337e+18, max=9.22337e+18, dtype=int64)",
            64,
            -9223372036854775808,
            9223372036854775807,
        ),
        (
            torch.int32,
            "iinfo(min=-2.14748e+09, max=2.14748e+09, dtype=int32)",
            32,
            -2147483648,
            2147483647,
        ),
        (torch.int16, "iinfo(min=-32768, max=32767, dtype=int16)", 16, -32768, 32767),
        (torch.int8, "iinfo(min=-128, max=127, dtype=int8)", 8, -128, 127),
        (torch.uint8, "iinfo(min=0, max=255, dtype=uint8)", 8, 0, 255),
    ],
)
def test_iinfo_matches_pytorch(dtype, text, bits, low, high):
    info = torch.iinfo(dtype)
    assert repr(info) == text
    assert (info.bits, info.min, info.max, info.dtype) == (bits, low, high, dtype.name)
    assert type(info.max) is int


@pytest.mark.parametrize(
    "call, text",
    [  # PyTorch 2.13's TypeErrors
        (
            lambda: torch.finfo(torch.int64),
            "torch.finfo() requires a floating point input type. "
            "Use torch.iinfo to handle 'torch.finfo'",
        ),
        (
            lambda: torch.finfo(torch.bool),
            "torch.finfo() requires a floating point input type. "
            "Use torch.iinfo to handle 'torch.finfo'",
        ),
        (
            lambda: torch.iinfo(torch.float32),
            "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'",
        ),
        (lambda: torch.iinfo(torch.bool), "torch.bool is not supported by torch.iinfo"),
        (lambda: torch.iinfo(), 'iinfo() missing 1 required positional arguments: "type"'),
        (
            lambda: torch.iinfo(None),
            "iinfo(): argument 'type' (position 1) must be torch.dtype, not NoneType",
        ),
        (
            lambda: torch.finfo("float32"),
            "finfo(): argument 'type' (position 1) must be torch.dtype, not str",
        ),
    ],
)
def test_wrong_kind_of_dtype_raises_pytorch_type_error(call, text):
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value) == text


# --- kthvalue, mode, msort, ravel, fliplr/flipud, unfold, as_strided, H/mH/adjoint, conj family, tril/triu_indices, unravel_index, result_type, can_cast, diagflat: recorded from PyTorch 2.13 ---
RESULT_TYPE_TEXT = (  # PyTorch 2.13's text for torch.result_type(None, 2)
    "result_type() received an invalid combination of arguments - got (NoneType, int), but "
    "expected one of:\n"
    " * (Tensor tensor, Tensor other)\n"
    "      didn't match because some of the arguments have invalid types: (!NoneType!, !int!)\n"
    " * (Number scalar, Tensor tensor)\n"
    "      didn't match because some of the arguments have invalid types: (!NoneType!, !int!)\n"
    " * (Tensor tensor, Number other)\n"
    "      didn't match because some of the arguments have invalid types: (!NoneType!, !int!)\n"
    " * (Number scalar1, Number scalar2)\n"
    "      didn't match because some of the arguments have invalid types: (!NoneType!, !int!)\n"
)


def test_result_type_names_the_arguments_each_overload_refuses():
    with pytest.raises(TypeError) as info:
        torch.result_type(None, 2)
    assert str(info.value) == RESULT_TYPE_TEXT
