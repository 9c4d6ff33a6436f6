"""PyTorch APIs a learner pastes that autograd_nb lacked (s10): kthvalue, mode, msort, ravel,
fliplr/flipud, Tensor.unfold, as_strided, H/mH/adjoint and the conj family for real tensors,
tril_indices/triu_indices, unravel_index, result_type, can_cast, diagflat. Values and texts
recorded from PyTorch 2.13; gradients by finite differences in float64."""

import pytest

from tests._recorded import NAN, check_recorded

# (name, expression, PyTorch 2.13's result): recorded by running each expression in PyTorch
CASES = [
    (
        "kthvalue",
        "torch.kthvalue(torch.tensor([[3.0, 1.0, 2.0, 1.0], [5.0, 5.0, 4.0, 0.0]], "
        "requires_grad=True), 2)",
        (("tensor", [1.0, 4.0], "float32", "KthvalueBackward0"), ("tensor", [3, 2], "int64", None)),
    ),
    (
        "kthvalue_dim0_keepdim",
        "torch.kthvalue(torch.tensor([[3.0, 1.0, 2.0, 1.0], [5.0, 5.0, 4.0, 0.0]]), 2, 0, True)",
        (
            ("tensor", [[5.0, 5.0, 4.0, 1.0]], "float32", None),
            ("tensor", [[1, 1, 1, 0]], "int64", None),
        ),
    ),
    (
        "kthvalue_ties",
        "torch.kthvalue(torch.tensor([2, 1, 2, 1, 2]), 3)",
        (("tensor", 2, "int64", None), ("tensor", 2, "int64", None)),
    ),
    (
        "kthvalue_ties_long",
        "torch.kthvalue(torch.tensor([4, 1, 4, 4, 2, 4, 1, 3, 4, 1, 1, 4]), 7)",
        (("tensor", 4, "int64", None), ("tensor", 5, "int64", None)),
    ),
    (
        "kthvalue_nan",
        "torch.kthvalue(torch.tensor([1.0, float('nan'), 0.0]), 3)",
        (("tensor", NAN, "float32", None), ("tensor", 1, "int64", None)),
    ),
    (
        "kthvalue_0d",
        "torch.kthvalue(torch.tensor(3.0), 1)",
        (("tensor", 3.0, "float32", None), ("tensor", 0, "int64", None)),
    ),
    (
        "kthvalue_0d_bool",
        "torch.kthvalue(torch.tensor(True), 1)",
        (("tensor", True, "bool", None), ("tensor", 0, "int64", None)),
    ),
    (
        "kthvalue_bool",
        "torch.kthvalue(torch.tensor([True, False]), 1)",
        ("raises", "NotImplementedError", "\"kthvalue_cpu\" not implemented for 'Bool'"),
    ),
    (
        "kthvalue_range",
        "torch.kthvalue(torch.zeros(2, 3), 4, 0)",
        ("raises", "RuntimeError", "kthvalue(): selected number k out of range for dimension 0"),
    ),
    (
        "kthvalue_zero",
        "torch.kthvalue(torch.zeros(2, 3), 0)",
        ("raises", "RuntimeError", "kthvalue(): selected number k out of range for dimension 1"),
    ),
    (
        "kthvalue_empty",
        "torch.kthvalue(torch.zeros(0, 3), 1, 0)",
        ("raises", "IndexError", "kthvalue(): Expected reduction dim 0 to have non-zero size."),
    ),
    (
        "kthvalue_empty_result",
        "torch.kthvalue(torch.zeros(0, 3), 1, 1)",
        (("tensor", [], "float32", None), ("tensor", [], "int64", None)),
    ),
    (
        "mode",
        "torch.mode(torch.tensor([[3.0, 1.0, 2.0, 1.0], [5.0, 5.0, 4.0, 0.0]], requires_grad=True))",
        (("tensor", [1.0, 5.0], "float32", "ModeBackward0"), ("tensor", [3, 1], "int64", None)),
    ),
    (
        "mode_ties",
        "torch.mode(torch.tensor([2, 1, 2, 1, 3]))",
        (("tensor", 1, "int64", None), ("tensor", 3, "int64", None)),
    ),
    (
        "mode_dim0",
        "torch.mode(torch.tensor([[1, 1, 2], [3, 2, 2]]), 0, keepdim=True)",
        (("tensor", [[1, 1, 2]], "int64", None), ("tensor", [[0, 0, 1]], "int64", None)),
    ),
    (
        "mode_bool",
        "torch.mode(torch.tensor([True, False, True]))",
        (("tensor", True, "bool", None), ("tensor", 2, "int64", None)),
    ),
    (
        "mode_nan",
        "torch.mode(torch.tensor([1.0, float('nan'), float('nan')]))",
        (("tensor", 1.0, "float32", None), ("tensor", 0, "int64", None)),
    ),
    (
        "mode_empty",
        "torch.mode(torch.tensor([]))",
        ("raises", "IndexError", "mode(): Expected reduction dim 0 to have non-zero size."),
    ),
    (
        "mode_empty_result",
        "torch.mode(torch.zeros(3, 0), 0)",
        (("tensor", [], "float32", None), ("tensor", [], "int64", None)),
    ),
    (
        "msort",
        "torch.msort(torch.tensor([[3.0, 1.0], [1.0, 5.0], [2.0, 0.0]], requires_grad=True))",
        ("tensor", [[1.0, 0.0], [2.0, 1.0], [3.0, 5.0]], "float32", "SortBackward0"),
    ),
    ("msort_0d_bool", "torch.msort(torch.tensor(True))", ("tensor", True, "bool", None)),
    (
        "ravel",
        "torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True).t().ravel()",
        ("tensor", [1.0, 3.0, 2.0, 4.0], "float32", "ViewBackward0"),
    ),
    (
        "fliplr",
        "torch.fliplr(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True))",
        ("tensor", [[3.0, 2.0, 1.0], [6.0, 5.0, 4.0]], "float32", "FlipBackward0"),
    ),
    (
        "flipud",
        "torch.flipud(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True))",
        ("tensor", [[4.0, 5.0, 6.0], [1.0, 2.0, 3.0]], "float32", "FlipBackward0"),
    ),
    (
        "fliplr_1d",
        "torch.fliplr(torch.tensor([1, 2]))",
        ("raises", "RuntimeError", "Input must be >= 2-d."),
    ),
    (
        "flipud_0d",
        "torch.flipud(torch.tensor(1))",
        ("raises", "RuntimeError", "Input must be >= 1-d."),
    ),
    (
        "unfold",
        "torch.arange(7.0).requires_grad_().unfold(0, 3, 2)",
        (
            "tensor",
            [[0.0, 1.0, 2.0], [2.0, 3.0, 4.0], [4.0, 5.0, 6.0]],
            "float32",
            "UnfoldBackward0",
        ),
    ),
    (
        "unfold_2d",
        "torch.arange(12.0).view(3, 4).unfold(1, 2, 1)",
        (
            "tensor",
            [
                [[0.0, 1.0], [1.0, 2.0], [2.0, 3.0]],
                [[4.0, 5.0], [5.0, 6.0], [6.0, 7.0]],
                [[8.0, 9.0], [9.0, 10.0], [10.0, 11.0]],
            ],
            "float32",
            None,
        ),
    ),
    ("unfold_0d", "torch.tensor(5.0).unfold(0, 1, 1)", ("tensor", [5.0], "float32", None)),
    (
        "unfold_too_big",
        "torch.arange(7.0).unfold(0, 8, 1)",
        ("raises", "RuntimeError", "maximum size for tensor at dimension 0 is 7 but size is 8"),
    ),
    (
        "unfold_step_zero",
        "torch.arange(7.0).unfold(0, 3, 0)",
        ("raises", "RuntimeError", "step is 0 but must be > 0"),
    ),
    (
        "as_strided",
        "torch.as_strided(torch.tensor([[3.0, 1.0, 2.0, 1.0], [5.0, 5.0, 4.0, 0.0]], "
        "requires_grad=True), (2, 2), (1, 2))",
        ("tensor", [[3.0, 2.0], [1.0, 1.0]], "float32", "AsStridedBackward0"),
    ),
    (
        "as_strided_offset",
        "torch.arange(8.0).as_strided((3,), (2,), 1)",
        ("tensor", [1.0, 3.0, 5.0], "float32", None),
    ),
    (
        "as_strided_view_offset",
        "torch.arange(8.0)[2:].as_strided((2, 2), (2, 1))",
        ("tensor", [[2.0, 3.0], [4.0, 5.0]], "float32", None),
    ),
    (
        "as_strided_bounds",
        "torch.as_strided(torch.zeros(2, 4), (2, 2), (1, 2), 10)",
        (
            "raises",
            "RuntimeError",
            "setStorage: sizes [2, 2], strides [1, 2], storage offset 10, and itemsize 4 requiring a "
            "storage size of 56 are out of bounds for storage of size 32",
        ),
    ),
    (
        "as_strided_negative",
        "torch.as_strided(torch.zeros(4), (2,), (-1,))",
        (
            "raises",
            "RuntimeError",
            "as_strided: Negative strides are not supported at the moment, got strides: [-1]",
        ),
    ),
    (
        "H",
        "torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True).H",
        ("tensor", [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]], "float32", "TransposeBackward0"),
    ),
    (
        "mH",
        "torch.ones(2, 2, 3).mH",
        (
            "tensor",
            [[[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]]],
            "float32",
            None,
        ),
    ),
    (
        "adjoint",
        "torch.adjoint(torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True))",
        ("tensor", [[1.0, 3.0], [2.0, 4.0]], "float32", "TransposeBackward0"),
    ),
    (
        "H_1d",
        "torch.tensor([1.0, 2.0]).H",
        (
            "raises",
            "RuntimeError",
            "tensor.H is only supported on matrices (2-D tensors). Got 1-D tensor.",
        ),
    ),
    (
        "H_3d",
        "torch.zeros(2, 2, 2).H",
        (
            "raises",
            "RuntimeError",
            "tensor.H is only supported on matrices (2-D tensors). Got 3-D tensor. For batches of "
            "matrices, consider using tensor.mH",
        ),
    ),
    (
        "mH_1d",
        "torch.tensor([1.0, 2.0]).mH",
        (
            "raises",
            "RuntimeError",
            "tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.",
        ),
    ),
    (
        "adjoint_1d",
        "torch.tensor([1.0, 2.0]).adjoint()",
        (
            "raises",
            "RuntimeError",
            "tensor.adjoint() is only supported on matrices or batches of matrices. Got 1-D tensor.",
        ),
    ),
    (
        "conj_flags",
        "(torch.ones(2).is_conj(), torch.is_neg(torch.ones(2)), torch.is_conj(torch.ones(2)))",
        (False, False, False),
    ),
    (
        "tril_indices",
        "torch.tril_indices(3, 4, 1)",
        ("tensor", [[0, 0, 1, 1, 1, 2, 2, 2, 2], [0, 1, 0, 1, 2, 0, 1, 2, 3]], "int64", None),
    ),
    (
        "triu_indices",
        "torch.triu_indices(3, 4, -1)",
        (
            "tensor",
            [[0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2], [0, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3]],
            "int64",
            None,
        ),
    ),
    (
        "triu_indices_int32",
        "torch.triu_indices(3, 3, dtype=torch.int32)",
        ("tensor", [[0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2]], "int32", None),
    ),
    (
        "triu_indices_float",
        "torch.triu_indices(3, 3, dtype=torch.float32)",
        ("raises", "NotImplementedError", "\"triu_indices\" not implemented for 'Float'"),
    ),
    (
        "tril_indices_negative",
        "torch.tril_indices(-1, 3)",
        ("raises", "RuntimeError", "row must be non-negative, got-1"),
    ),
    ("tril_indices_empty", "torch.tril_indices(0, 3)", ("tensor", [[], []], "int64", None)),
    (
        "unravel_index",
        "torch.unravel_index(torch.tensor([4, 1, 5]), (2, 3))",
        (("tensor", [1, 0, 1], "int64", None), ("tensor", [1, 1, 2], "int64", None)),
    ),
    (
        "unravel_index_0d",
        "torch.unravel_index(torch.tensor(5), (2, 3))",
        (("tensor", 1, "int64", None), ("tensor", 2, "int64", None)),
    ),
    (
        "unravel_index_wraps",
        "(torch.unravel_index(torch.tensor(-1), (2, 3)), torch.unravel_index(torch.tensor(6), (2, "
        "3)))",
        (
            (("tensor", 1, "int64", None), ("tensor", 2, "int64", None)),
            (("tensor", 0, "int64", None), ("tensor", 0, "int64", None)),
        ),
    ),
    (
        "unravel_index_int",
        "torch.unravel_index(torch.tensor(3), 4)",
        (("tensor", 3, "int64", None),),
    ),
    (
        "unravel_index_float",
        "torch.unravel_index(torch.tensor(1.0), (2, 3))",
        ("raises", "TypeError", "expected 'indices' to be integer dtype, but got torch.float32"),
    ),
    (
        "unravel_index_bool",
        "torch.unravel_index(torch.tensor([True]), (2, 3))",
        ("raises", "TypeError", "expected 'indices' to be integer dtype, but got torch.bool"),
    ),
    (
        "unravel_index_negative_shape",
        "torch.unravel_index(torch.tensor(1), (2, -3))",
        ("raises", "ValueError", "'shape' cannot have negative values, but got (2, -3)"),
    ),
    (
        "result_type",
        "(torch.result_type(torch.tensor([1]), 1.0), torch.result_type(torch.tensor([1], "
        "dtype=torch.int8), torch.tensor(5)), torch.result_type(1, 2.0), torch.result_type(True, "
        "torch.tensor([1], dtype=torch.uint8)))",
        (("dtype", "float32"), ("dtype", "int8"), ("dtype", "float32"), ("dtype", "uint8")),
    ),
    (
        "result_type_list",
        "torch.result_type([1], 2)",
        (
            "raises",
            "TypeError",
            "result_type() received an invalid combination of arguments - got (list, int), but expected "
            "one of:\n"
            " * (Tensor tensor, Tensor other)\n"
            "      didn't match because some of the arguments have invalid types: (!list of [int]!, "
            "!int!)\n"
            " * (Number scalar, Tensor tensor)\n"
            "      didn't match because some of the arguments have invalid types: (!list of [int]!, "
            "!int!)\n"
            " * (Tensor tensor, Number other)\n"
            "      didn't match because some of the arguments have invalid types: (!list of [int]!, "
            "!int!)\n"
            " * (Number scalar1, Number scalar2)\n"
            "      didn't match because some of the arguments have invalid types: (!list of [int]!, "
            "!int!)\n",
        ),
    ),
    (
        "can_cast",
        "(torch.can_cast(torch.float32, torch.int32), torch.can_cast(torch.int32, torch.float32), "
        "torch.can_cast(torch.int32, torch.bool), torch.can_cast(torch.bool, torch.uint8), "
        "torch.can_cast(torch.float64, torch.float16))",
        (False, True, False, True, True),
    ),
    (
        "can_cast_tensor",
        "torch.can_cast(torch.tensor(1), torch.int32)",
        (
            "raises",
            "TypeError",
            "can_cast(): argument 'from_' (position 1) must be torch.dtype, not Tensor",
        ),
    ),
    (
        "diagflat",
        "torch.diagflat(torch.tensor([1.0, 2.0], requires_grad=True))",
        ("tensor", [[1.0, 0.0], [0.0, 2.0]], "float32", "DiagEmbedBackward0"),
    ),
    (
        "diagflat_matrix_offset",
        "torch.tensor([[1.0, 2.0], [3.0, 4.0]]).diagflat(1)",
        (
            "tensor",
            [
                [0.0, 1.0, 0.0, 0.0, 0.0],
                [0.0, 0.0, 2.0, 0.0, 0.0],
                [0.0, 0.0, 0.0, 3.0, 0.0],
                [0.0, 0.0, 0.0, 0.0, 4.0],
                [0.0, 0.0, 0.0, 0.0, 0.0],
            ],
            "float32",
            None,
        ),
    ),
    (
        "diagflat_negative",
        "torch.diagflat(torch.tensor([1, 2]), -1)",
        ("tensor", [[0, 0, 0], [1, 0, 0], [0, 2, 0]], "int64", None),
    ),
    ("diagflat_0d", "torch.diagflat(torch.tensor(3.0))", ("tensor", [[3.0]], "float32", None)),
    (
        "diagflat_bool",
        "torch.diagflat(torch.tensor([[True], [False]]), 1)",
        (
            "tensor",
            [[False, True, False], [False, False, False], [False, False, False]],
            "bool",
            None,
        ),
    ),
    (
        "diag_embed_bool",
        "(torch.diag(torch.tensor([True, False])), torch.diag_embed(torch.tensor([False, True])))",
        (
            ("tensor", [[True, False], [False, False]], "bool", None),
            ("tensor", [[False, False], [False, True]], "bool", None),
        ),
    ),
]


@pytest.mark.parametrize(("expr", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_recorded_from_pytorch(expr, expected):
    check_recorded(expr, expected)


# --- gradients: central differences in float64 (gradcheck) ---------------------------------------

import autograd_nb as torch  # noqa: E402
from autograd_nb.autograd import gradcheck  # noqa: E402


def _double(values):
    return torch.tensor(values, dtype=torch.float64, requires_grad=True)


MATRIX = [[3.0, 1.5, 2.0, 0.5], [5.0, 4.5, 4.0, 0.25], [1.0, 7.0, 6.0, 2.5]]


@pytest.mark.parametrize(
    ("name", "fn"),
    [
        ("kthvalue", lambda t: torch.kthvalue(t, 2).values),
        ("kthvalue_dim0", lambda t: torch.kthvalue(t, 3, 0, keepdim=True).values),
        ("mode", lambda t: torch.mode(t, 0).values),  # distinct values: the smallest
        ("msort", torch.msort),
        ("ravel", lambda t: t.t().ravel()),
        ("fliplr", torch.fliplr),
        ("flipud", torch.flipud),
        ("unfold", lambda t: t.unfold(1, 2, 1)),
        ("unfold_gaps", lambda t: t.unfold(1, 1, 2)),
        ("unfold_dim0", lambda t: t.unfold(0, 2, 1) * 2),
        ("as_strided", lambda t: t.as_strided((2, 2), (1, 2))),
        ("as_strided_overlap", lambda t: t.as_strided((3, 3), (1, 1), 2)),
        ("as_strided_of_view", lambda t: t[1:].as_strided((2,), (3,))),
        ("H", lambda t: t.H),
        ("mH", lambda t: t.unsqueeze(0).mH),
        ("adjoint", torch.adjoint),
        ("diagflat", lambda t: torch.diagflat(t, 1)),
    ],
)
def test_gradients_by_finite_differences(name, fn):
    assert gradcheck(fn, (_double(MATRIX),))


def test_kthvalue_and_mode_send_the_gradient_to_the_index_they_return():
    x = _double([[2.0, 7.0, 2.0, 1.0]])
    values, indices = torch.kthvalue(x, 2)
    values.sum().backward()
    assert indices.tolist() == [0] and x.grad.tolist() == [[1.0, 0.0, 0.0, 0.0]]  # PyTorch's
    y = _double([[2.0, 7.0, 2.0, 1.0]])
    values, indices = torch.mode(y)
    values.sum().backward()
    assert indices.tolist() == [2] and y.grad.tolist() == [[0.0, 0.0, 1.0, 0.0]]


def test_unfold_and_as_strided_are_views_of_their_input():
    base = torch.arange(6.0)
    windows = base.unfold(0, 2, 2)
    strided = base.as_strided((2,), (2,), 1)
    assert windows._base is base and strided._base is base
    base[1] = 10.0
    assert windows.tolist() == [[0.0, 10.0], [2.0, 3.0], [4.0, 5.0]]
    assert strided.tolist() == [10.0, 3.0]
    windows[2, 0] = -1.0
    assert base.tolist() == [0.0, 10.0, 2.0, 3.0, -1.0, 5.0]


def test_unfold_and_as_strided_on_the_device(device):
    base = torch.arange(6.0, device=device)
    assert base.unfold(0, 3, 3).tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
    assert base.as_strided((2, 2), (1, 3)).tolist() == [[0.0, 3.0], [1.0, 4.0]]
    x = torch.arange(4.0, device=device, requires_grad=True)
    x.unfold(0, 2, 1).sum().backward()
    assert x.grad.tolist() == [1.0, 2.0, 2.0, 1.0]


def test_kthvalue_and_mode_on_the_device(device):
    x = torch.tensor([[4.0, 1.0, 3.0], [2.0, 2.0, 9.0]], device=device)
    assert torch.kthvalue(x, 2).values.tolist() == [3.0, 2.0]
    assert torch.mode(x).values.tolist() == [1.0, 2.0]
    assert torch.kthvalue(x, 2).values.device == x.device


def test_the_conj_family_returns_a_real_tensor_itself():
    x = torch.ones(2, requires_grad=True)
    for fn in (torch.conj, torch.resolve_conj, torch.resolve_neg, torch.conj_physical):
        assert fn(x) is x
    assert x.conj() is x and x.resolve_conj() is x and x.resolve_neg() is x


@pytest.mark.parametrize(
    ("expr", "text"),
    [
        ("torch.tensor(1.0).H", "Tensor.H is deprecated on 0-D tensors. Consider using x.conj()."),
        (
            "torch.tensor(1.0).mH",
            "Tensor.mH is deprecated on 0-D tensors. Consider using x.conj().",
        ),
        (
            "torch.tensor(1.0).adjoint()",
            "adjoint() is deprecated on 0-D tensors. Consider using x.conj().",
        ),
    ],
)
def test_conjugate_transposes_of_a_0d_tensor_warn_as_pytorch(expr, text):
    with pytest.warns(UserWarning) as record:
        out = eval(expr, {"torch": torch})
    assert str(record[0].message) == text and out.tolist() == 1.0


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
