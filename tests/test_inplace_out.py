"""In-place forms and out= of the element-wise, special and scan functions, torch.special.xlog1py
and torch.linalg.matrix_exp. Expected values, names and texts come from PyTorch 2.13."""

from __future__ import annotations

import math

import pytest

import autograd_nb as torch
from autograd_nb.autograd import gradcheck, gradgradcheck


def close(got, expected, tol=1e-5) -> bool:
    """Nested lists equal up to `tol` (nan matching nan)."""
    if isinstance(expected, list):
        return len(got) == len(expected) and all(close(g, e, tol) for g, e in zip(got, expected))
    if math.isnan(expected):
        return math.isnan(got)
    return abs(got - expected) <= tol * max(1.0, abs(expected))


# PyTorch 2.13: x = [0.2, 0.5, 0.7]; x.clone().<op>(*args).tolist()
UNARY_INPLACE = [
    ("xlogy_", "tensor", [0.13862943649291992, 0.5493061542510986, 0.9704060554504395]),
    ("logit_", (), [-1.3862943649291992, 0.0, 0.8472978472709656]),
    ("logit_", (0.3,), [-0.8472977876663208, 0.0, 0.8472978472709656]),
    ("sgn_", (), [1.0, 1.0, 1.0]),
    ("deg2rad_", (), [0.003490658476948738, 0.008726646192371845, 0.012217304669320583]),
    ("rad2deg_", (), [11.459156036376953, 28.647890090942383, 40.1070442199707]),
    ("lgamma_", (), [1.5240638256072998, 0.5723649263381958, 0.26086726784706116]),
    ("digamma_", (), [-5.289039611816406, -1.9635108709335327, -1.220023512840271]),
    ("polygamma_", (2,), [-251.47802734375, -16.82879638671875, -6.434993267059326]),
    ("erfinv_", (), [0.17914345860481262, 0.4769362807273865, 0.7328690886497498]),
    ("erfc_", (), [0.7772974371910095, 0.4795001149177551, 0.3221988081932068]),
    ("i0_", (), [1.0100250244140625, 1.063483476638794, 1.1263030767440796]),
    ("sinc_", (), [0.9354892373085022, 0.6366197466850281, 0.36788302659988403]),
]


@pytest.mark.parametrize("name, args, expected", UNARY_INPLACE)
def test_inplace_forms_write_self_and_bump_the_version(device, name, args, expected):
    x = torch.tensor([0.2, 0.5, 0.7], device=device)
    if args == "tensor":
        args = (torch.tensor([2.0, 3.0, 4.0], device=device),)
    version = x._version
    assert getattr(x, name)(*args) is x
    assert close(x.tolist(), expected) and x._version == version + 1


def test_inplace_forms_with_other_arguments(device):
    t = torch.tensor([1.5, 2.5], device=device)
    t.mvlgamma_(3)
    assert close(t.tolist(), [2.168677568435669, 1.8809953927993774])
    t = torch.tensor([[1.0, 2.0], [3.0, 4.0]], device=device)
    t.renorm_(2, 0, 1.0)
    assert close(
        t.tolist(),
        [[0.4472135901451111, 0.8944271802902222], [0.6000000238418579, 0.800000011920929]],
    )
    a, b = torch.tensor([4, 6, -9], device=device), torch.tensor([6, 9, 6], device=device)
    assert torch.gcd_(a, b) is a and a.tolist() == [2, 3, 3]
    a = torch.tensor([4, 6, -9], device=device)
    assert a.lcm_(b).tolist() == [12, 18, 18]


def test_torch_level_inplace_functions_are_pytorchs():
    present = ["xlogy_", "logit_", "deg2rad_", "rad2deg_", "gcd_", "lcm_", "erfc_", "i0_", "sinc_"]
    assert all(callable(getattr(torch, n)) for n in present)
    # PyTorch 2.13 has these only as Tensor methods
    assert not any(
        hasattr(torch, n)
        for n in ["sgn_", "lgamma_", "digamma_", "erfinv_", "renorm_", "polygamma_", "mvlgamma_"]
    )
    x = torch.tensor([0.2, 0.5])
    assert torch.sinc_(x) is x and close(x.tolist(), [0.9354892373085022, 0.6366197466850281])


# PyTorch 2.13: b = [1.2, 1.5, 1.7] (requires grad); t = b * 1; t.<op>(*args); grad_fn, b.grad
GRAD_CASES = [
    ("xlogy_", (2.0,), "XlogyBackward2", [0.6931471824645996] * 3),
    ("logit_", (), "LogitBackward0", [math.nan] * 3),
    (
        "mvlgamma_",
        (1,),
        "MvlgammaBackward0",
        [-0.289040207862854, 0.03648991510272026, 0.20854812860488892],
    ),
    (
        "polygamma_",
        (1,),
        "PolygammaBackward1",
        [-1.4780359268188477, -0.8287966251373291, -0.6040890216827393],
    ),
    (
        "lgamma_",
        (),
        "LgammaBackward0",
        [-0.289040207862854, 0.03648991510272026, 0.20854812860488892],
    ),
    ("sinc_", (), "SincBackward0", [-0.5442515015602112, 0.14147105813026428, 0.43486273288726807]),
]


@pytest.mark.parametrize("name, args, grad_fn, grad", GRAD_CASES)
def test_inplace_forms_record_the_ops_node(name, args, grad_fn, grad):
    b = torch.tensor([1.2, 1.5, 1.7], requires_grad=True)
    t = b * 1
    getattr(t, name)(*args)
    assert type(t.grad_fn).__name__ == grad_fn
    t.sum().backward()
    assert close(b.grad.tolist(), grad)


def test_inplace_errors_are_pytorchs():
    with pytest.raises(RuntimeError) as err:
        torch.rand(3, requires_grad=True).lgamma_()
    assert str(err.value) == (
        "a leaf Variable that requires grad is being used in an in-place operation."
    )
    ints = torch.tensor([4, 6])
    with pytest.raises(RuntimeError) as err:
        ints.lgamma_()
    assert str(err.value) == "result type Float can't be cast to the desired output type Long"
    assert ints.tolist() == [4, 6] and ints._version == 0


def test_out_argument_of_the_newer_functions(device):
    x = torch.tensor([0.2, 0.5, 0.7], device=device)
    out = torch.empty(3, device=device)
    assert torch.logcumsumexp(x, 0, out=out) is out
    assert close(out.tolist(), [0.20000000298023224, 1.054355263710022, 1.5859392881393433])
    seq, values = (
        torch.tensor([0.1, 0.4, 0.8], device=device),
        torch.tensor([0.3, 0.9], device=device),
    )
    idx = torch.empty(2, dtype=torch.long, device=device)
    assert torch.searchsorted(seq, values, out=idx).tolist() == [1, 3]
    assert torch.bucketize(values, seq, out=idx).tolist() == [1, 3]
    hist = torch.empty(0, device=device)
    assert torch.histc(x, bins=4, min=0, max=1, out=hist).tolist() == [1.0, 0.0, 2.0, 0.0]
    took = torch.empty(2, device=device)
    torch.take(x, torch.tensor([2, 0], device=device), out=took)
    assert close(took.tolist(), [0.699999988079071, 0.20000000298023224])
    wide = torch.empty(3, dtype=torch.float64, device=device)
    torch.erfinv(x, out=wide)  # cast up to out's dtype
    assert close(wide.tolist(), [0.17914345860481262, 0.4769362807273865, 0.7328690886497498])
    torch.i0(x, out=out)
    assert close(out.tolist(), [1.0100250244140625, 1.063483476638794, 1.1263030767440796])
    torch.sgn(torch.tensor([-2.0, 0.0, 3.0], device=device), out=out)
    assert out.tolist() == [-1.0, 0.0, 1.0]
    ints = torch.empty(3, dtype=torch.long, device=device)
    torch.gcd(
        torch.tensor([4, 6, 9], device=device), torch.tensor([6, 4, 3], device=device), out=ints
    )
    assert ints.tolist() == [2, 2, 3]
    torch.special.entr(x, out=out)
    assert close(out.tolist(), [0.3218875825405121, 0.3465735912322998, 0.24967247247695923])


def test_out_errors_are_pytorchs():
    x = torch.tensor([0.2, 0.5, 0.7])
    with pytest.raises(RuntimeError) as err:
        torch.lgamma(x, out=torch.empty(3, dtype=torch.long))
    assert str(err.value) == "result type Float can't be cast to the desired output type Long"
    with pytest.raises(RuntimeError) as err:
        torch.special.xlog1py(x.requires_grad_(), x, out=torch.empty(3))
    assert str(err.value) == (
        "special_xlog1py(): functions with out=... arguments don't support automatic "
        "differentiation, but one of the arguments requires grad."
    )
    with pytest.raises(RuntimeError) as err:
        torch.special.gammaln(x, out=torch.empty(3))
    assert str(err.value).startswith("lgamma(): functions with out=...")


def test_cummax_cummin_write_a_pair_of_outs(device):
    values = torch.empty(3, device=device)
    indices = torch.empty(3, dtype=torch.long, device=device)
    result = torch.cummin(torch.tensor([3.0, 1.0, 2.0], device=device), 0, out=(values, indices))
    assert result.values is values and result.indices is indices
    assert values.tolist() == [3.0, 1.0, 1.0] and indices.tolist() == [0, 1, 1]
    assert repr(result).startswith("torch.return_types.cummin_out(\nvalues=tensor([3., 1., 1.]")
    torch.cummax(torch.tensor([1.0, 3.0, 2.0], device=device), 0, out=(values, indices))
    assert values.tolist() == [1.0, 3.0, 3.0] and indices.tolist() == [0, 1, 1]
    x = torch.tensor([0.2, 0.5, 0.7])
    with pytest.raises(TypeError) as err:
        torch.cummin(x, 0, out=torch.empty(3))
    assert str(err.value) == "cummin(): argument 'out' must be tuple of Tensors, not Tensor"
    with pytest.raises(RuntimeError) as err:
        torch.cummin(x, 0, out=(torch.empty(3), torch.empty(3)))
    assert str(err.value) == "expected scalar_type Long but found Float"


def test_xlog1py(device):
    x = torch.tensor([0.0, 1.0, 2.0, 0.0], device=device)
    y = torch.tensor([1.0, 2.0, 3.0, math.nan], device=device)
    assert close(
        torch.special.xlog1py(x, y).tolist(),
        [0.0, 1.0986123085021973, 2.7725887298583984, math.nan],
    )
    assert close(
        torch.special.xlog1py(2, torch.tensor([0.5, -0.5], device=device)).tolist(),
        [0.8109301924705505, -1.3862943649291992],
    )
    ints = torch.special.xlog1py(
        torch.tensor([1, 2], device=device), torch.tensor([3, 4], device=device)
    )
    assert ints.dtype is torch.float32
    assert close(ints.tolist(), [1.3862943649291992, 3.2188758850097656])
    a = torch.tensor([0.5, 2.0], requires_grad=True, device=device)
    b = torch.tensor([1.0, 3.0], requires_grad=True, device=device)
    r = torch.special.xlog1py(a, b)
    assert r.grad_fn.name() == "SpecialXlog1PyBackward0"
    assert torch.special.xlog1py(a, 2.0).grad_fn.name() == "SpecialXlog1PyBackward2"
    r.sum().backward()
    assert close(a.grad.tolist(), [0.6931471824645996, 1.3862943649291992])
    assert b.grad.tolist() == [0.25, 0.5]
    a64 = torch.tensor([0.5, -1.5, 2.0], dtype=torch.float64, requires_grad=True, device=device)
    b64 = torch.tensor([0.3, 1.0, 2.5], dtype=torch.float64, requires_grad=True, device=device)
    assert gradcheck(torch.special.xlog1py, (a64, b64))
    assert gradgradcheck(torch.special.xlog1py, (a64, b64))
    with pytest.raises(TypeError) as err:
        torch.special.xlog1py(1, 2)
    assert str(err.value).startswith(
        "special_xlog1py() received an invalid combination of "
        "arguments - got (int, int), but expected one of:"
    )


def test_matrix_exp(device):
    a = torch.tensor([[0.1, 0.2], [0.3, -0.4]], requires_grad=True, device=device)
    e = torch.linalg.matrix_exp(a)
    assert e.grad_fn.name() == "LinalgMatrixExpBackward0"
    assert close(
        e.tolist(),
        [[1.133563756942749, 0.17567774653434753], [0.2635166347026825, 0.6943696141242981]],
    )
    e.sum().backward()
    assert close(
        a.grad.tolist(),
        [[1.3713130950927734, 1.163687825202942], [1.068588137626648, 0.8958147168159485]],
    )
    # large norms are scaled and squared back (PyTorch 2.13, float64)
    b = torch.tensor(
        [[[1.0, 2.0], [3.0, 4.0]], [[0.0, 1.0], [-1.0, 0.0]]], dtype=torch.float64, device=device
    )
    assert close(
        torch.matrix_exp(b).tolist(),
        [
            [[51.96895619870503, 74.73656456700323], [112.10484685050488, 164.07380304920986]],
            [[0.54030230586814, 0.8414709848078963], [-0.8414709848078963, 0.54030230586814]],
        ],
        1e-12,
    )
    c = torch.tensor(
        [[15.0, -9.0, 6.0], [3.0, 21.0, -12.0], [6.0, 0.0, 9.0]], dtype=torch.float64, device=device
    )
    assert close(
        c.matrix_exp().tolist(),
        [
            [4359400303.35128, -14443638051.807978, 13554957234.959402],
            [-3037184383.572162, 10062627137.46918, -9443521068.025448],
            [1777361633.697168, -5888797800.631115, 5526437569.969671],
        ],
        1e-12,
    )
    assert torch.matrix_exp(torch.zeros(2, 0, 0, device=device)).shape == (2, 0, 0)
    m = torch.tensor(
        [
            [[0.3, -1.2, 0.5], [0.8, 0.1, -0.7], [2.0, 0.4, -0.6]],
            [[0.0, 1.0, 0.0], [-1.0, 0.0, 3.0], [0.5, 0.5, 0.5]],
        ],
        dtype=torch.float64,
        requires_grad=True,
        device=device,
    )
    assert gradcheck(torch.linalg.matrix_exp, (m,))
    assert gradgradcheck(torch.linalg.matrix_exp, (m,))


@pytest.mark.parametrize(
    "bad, text",
    [
        (
            torch.ones(2, 3),
            "linalg.matrix_exp: A must be batches of square matrices, but they are 2 by 3 matrices",
        ),
        (
            torch.ones(2, 2, dtype=torch.long),
            "linalg.matrix_exp: Expected a floating point or complex tensor as input. Got Long",
        ),
        (torch.ones(3), "linalg.matrix_exp: The input tensor A must have at least 2 dimensions."),
    ],
)
def test_matrix_exp_errors_are_pytorchs(bad, text):
    with pytest.raises(RuntimeError) as err:
        torch.linalg.matrix_exp(bad)
    assert str(err.value) == text
