"""Special functions: torch.lgamma/digamma/polygamma/mvlgamma/erfinv/i0/sinc and torch.special.*:
values against PyTorch 2.13 (float64 and float32, special values included), gradients, dtype
rules, grad_fn names and error texts."""

import math

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb.autograd.gradcheck import gradcheck, gradgradcheck
from tests import _op_fixes as op_fixes

inf, nan = math.inf, math.nan
S = torch.special
FUNCTIONS = {
    "lgamma": torch.lgamma,
    "digamma": torch.digamma,
    "polygamma1": lambda t: torch.polygamma(1, t),
    "polygamma2": lambda t: torch.polygamma(2, t),
    "polygamma4": lambda t: torch.polygamma(4, t),
    "mvlgamma3": lambda t: torch.mvlgamma(t, 3),
    "erfinv": torch.erfinv,
    "erfc": S.erfc,
    "erfcx": S.erfcx,
    "ndtr": S.ndtr,
    "ndtri": S.ndtri,
    "log_ndtr": S.log_ndtr,
    "i0": S.i0,
    "i0e": S.i0e,
    "i1": S.i1,
    "i1e": S.i1e,
    "sinc": torch.sinc,
    "entr": S.entr,
}

# from PyTorch 2.13: (inputs, float64 results, float32 results)
CASES = {
    "lgamma": (
        [
            0.0,
            -0.0,
            -inf,
            inf,
            nan,
            -2.0,
            1e-300,
            -2.5,
            0.3,
            1.0,
            2.0,
            3.7,
            25.5,
            10000000000.0,
            2e305,
            -7.2,
        ],
        [
            inf,
            inf,
            inf,
            inf,
            nan,
            inf,
            690.7755278982137,
            -0.05624371649767405,
            1.0957979948180756,
            0.0,
            0.0,
            1.428072326665388,
            56.389167643719944,
            220258509288.81058,
            1.4039632010874878e308,
            -7.254805605079729,
        ],
        [
            inf,
            inf,
            inf,
            inf,
            nan,
            inf,
            inf,
            -0.056243717670440674,
            1.0957978963851929,
            0.0,
            0.0,
            1.4280723333358765,
            56.38916778564453,
            220258516992.0,
            inf,
            -7.254804611206055,
        ],
    ),
    "digamma": (
        [0.0, -0.0, -inf, inf, nan, -2.0, 1e-300, -2.5, 0.3, 1.4616, 10.0, 3.7, 25.5, 1e20, -7.2],
        [
            -inf,
            inf,
            nan,
            inf,
            nan,
            nan,
            -9.999999999999999e299,
            1.1031566406452433,
            -3.502524222200133,
            -3.1106251230539556e-05,
            2.251752589066721,
            1.1671535393615111,
            3.2189424728839198,
            46.051701859880914,
            6.365952363045109,
        ],
        [
            -inf,
            inf,
            nan,
            inf,
            nan,
            nan,
            -inf,
            1.1031566858291626,
            -3.502523899078369,
            -3.161426866427064e-05,
            2.2517526149749756,
            1.1671537160873413,
            3.218942642211914,
            46.051700592041016,
            6.365957736968994,
        ],
    ),
    "polygamma1": (
        [0.0, -inf, inf, nan, -2.5, 0.3, 1.0, 3.7, 25.5, 10000000000.0, -7.2],
        [
            inf,
            nan,
            0.0,
            nan,
            9.53924664493752,
            12.245364544940365,
            1.6449340676383375,
            0.3100378577128614,
            0.03999466964956401,
            1.00000000005e-10,
            28.43716268473203,
        ],
        [
            inf,
            nan,
            0.0,
            nan,
            9.539247512817383,
            12.245363235473633,
            1.644934058189392,
            0.31003785133361816,
            0.03999467194080353,
            1.000000013351432e-10,
            28.437191009521484,
        ],
    ),
    "polygamma2": (
        [0.0, -inf, inf, nan, -2.5, 0.3, 1.0, 3.7, 25.5, 100000.0, -7.2],
        [
            -inf,
            -inf,
            nan,
            nan,
            -0.1082040516417282,
            -75.27253658872601,
            -2.404113806319188,
            -0.09539530872855405,
            -0.0015993605962783075,
            -1.00001000005e-10,
            247.03112458596036,
        ],
        [
            -inf,
            -inf,
            nan,
            nan,
            -0.10820404440164566,
            -75.27252960205078,
            -2.40411376953125,
            -0.09539530426263809,
            -0.0015993606066331267,
            -1.0000100053586536e-10,
            247.03184509277344,
        ],
    ),
    "polygamma4": (
        [-3.0, -2.5, 0.3, 1.0, 3.7, 25.5, -17.2],
        [
            -inf,
            -0.06799599950675606,
            -9883.46855549699,
            -24.886266123440894,
            -0.05303861110795397,
            -1.533956001944891e-05,
            74935.51357076605,
        ],
        [
            -inf,
            -0.06799600273370743,
            -9883.466796875,
            -24.88626480102539,
            -0.05303861200809479,
            -1.533955946797505e-05,
            74934.078125,
        ],
    ),
    "mvlgamma3": (
        [0.5, 1.01, 1.5, 2.0, 7.3, 100.0],
        [
            inf,
            6.863858216799852,
            2.1686775340635553,
            1.5963125911388552,
            20.380127352788577,
            1072.2257685414036,
        ],
        [
            inf,
            6.863859176635742,
            2.168677568435669,
            1.5963125228881836,
            20.380126953125,
            1072.225830078125,
        ],
    ),
    "erfinv": (
        [
            0.0,
            -0.0,
            1.0,
            -1.0,
            1.5,
            nan,
            1e-300,
            0.3,
            -0.7,
            0.5,
            0.999999,
            0.999999999999999,
            -0.9999999999,
        ],
        [
            0.0,
            -0.0,
            inf,
            -inf,
            nan,
            nan,
            8.86226925452758e-301,
            0.2724627147267543,
            -0.7328690779592167,
            0.4769362762044699,
            3.458910737275499,
            5.675915739744713,
            -4.572824958544925,
        ],
        [
            0.0,
            -0.0,
            inf,
            -inf,
            nan,
            nan,
            0.0,
            0.27246272563934326,
            -0.7328690886497498,
            0.4769362807273865,
            3.4570746421813965,
            inf,
            -inf,
        ],
    ),
    "erfc": (
        [-inf, inf, nan, 0.0, -1.0, 0.4, 1.2, 2.5, 6.0, 27.0, -30.0],
        [
            2.0,
            0.0,
            nan,
            1.0,
            1.8427007929497148,
            0.5716076449533315,
            0.08968602177036464,
            0.0004069520174449589,
            2.1519736712498913e-17,
            5.23705e-319,
            2.0,
        ],
        [
            2.0,
            0.0,
            nan,
            1.0,
            1.8427008390426636,
            0.5716076493263245,
            0.08968600630760193,
            0.00040695202187635005,
            2.151973725591623e-17,
            0.0,
            2.0,
        ],
    ),
    "erfcx": (
        [-inf, inf, nan, 0.0, -1.0, 0.4, 1.2, 2.5, 6.0, 27.0, 1e300, -27.0],
        [
            inf,
            0.0,
            nan,
            1.0,
            5.008980080762283,
            0.6707877852947615,
            0.3785374169292397,
            0.2108063640611436,
            0.09277656780053836,
            0.02088160799042094,
            5.641895835477562e-301,
            inf,
        ],
        [
            inf,
            0.0,
            nan,
            1.0,
            5.0089802742004395,
            0.6707876920700073,
            0.37853747606277466,
            0.21080635488033295,
            0.09277656674385071,
            0.02088160812854767,
            0.0,
            inf,
        ],
    ),
    "ndtr": (
        [-inf, inf, nan, 0.0, -3.0, 0.7, 2.0],
        [0.0, 1.0, nan, 0.5, 0.0013498980316301035, 0.758036347776927, 0.9772498680518208],
        [0.0, 1.0, nan, 0.5, 0.0013498961925506592, 0.7580363750457764, 0.9772498607635498],
    ),
    "ndtri": (
        [0.0, 1.0, -0.5, 2.0, nan, 1e-12, 0.025, 0.5, 0.9, 0.9999999999],
        [
            -inf,
            inf,
            nan,
            nan,
            nan,
            -7.034483825301131,
            -1.9599639845400545,
            0.0,
            1.2815515655446004,
            6.361340889697422,
        ],
        [
            -inf,
            inf,
            nan,
            nan,
            nan,
            -7.034483909606934,
            -1.9599637985229492,
            0.0,
            1.2815511226654053,
            inf,
        ],
    ),
    "log_ndtr": (
        [-inf, inf, nan, -1000.0, -40.0, -3.0, -0.5, 0.0, 2.0, 8.0],
        [
            -inf,
            -0.0,
            nan,
            -500007.8266948122,
            -804.6084420137539,
            -6.60772622151035,
            -1.1759117615936185,
            -0.6931471805599453,
            -0.02301290932896348,
            -6.220960574271758e-16,
        ],
        [
            -inf,
            -0.0,
            nan,
            -500007.78125,
            -804.6084594726562,
            -6.607725620269775,
            -1.175911784172058,
            -0.6931471824645996,
            -0.023012911900877953,
            -6.220967306660205e-16,
        ],
    ),
    "i0": (
        [0.0, -inf, inf, nan, 1.0, -2.5, 29.9, 30.1, 100.0, 700.0, 720.0],
        [
            1.0,
            nan,
            nan,
            nan,
            1.2660658777520082,
            3.289839144050123,
            708478330489.0146,
            862432920031.7792,
            1.0737517071310738e42,
            1.5295933476718735e302,
            inf,
        ],
        [
            0.9999999403953552,
            nan,
            nan,
            nan,
            1.2660659551620483,
            3.289839506149292,
            708478042112.0,
            862433181696.0,
            inf,
            inf,
            inf,
        ],
    ),
    "i0e": (
        [0.0, -inf, inf, nan, 1.0, -2.5, 29.9, 30.1, 100.0, 10000000000.0],
        [
            1.0,
            0.0,
            0.0,
            nan,
            0.46575960759364043,
            0.27004644161220276,
            0.07326921904600191,
            0.07302329413106094,
            0.03994437929909668,
            3.9894228040641945e-06,
        ],
        [
            0.9999999403953552,
            0.0,
            0.0,
            nan,
            0.46575963497161865,
            0.2700464725494385,
            0.07326921820640564,
            0.07302328944206238,
            0.039944376796483994,
            3.989422566519352e-06,
        ],
    ),
    "i1": (
        [0.0, -inf, inf, nan, 1.0, -2.5, 29.9, 30.1, 100.0, 700.0, 720.0],
        [
            0.0,
            nan,
            nan,
            nan,
            0.5651591039924851,
            -2.5167162452886984,
            696528308361.0928,
            847983630191.5414,
            1.0683693903381625e42,
            1.5285003902339006e302,
            inf,
        ],
        [
            0.0,
            nan,
            nan,
            nan,
            0.5651590824127197,
            -2.5167160034179688,
            696528076800.0,
            847983935488.0,
            inf,
            inf,
            inf,
        ],
    ),
    "i1e": (
        [0.0, -inf, inf, nan, 1.0, -2.5, 29.9, 30.1, 100.0, 10000000000.0],
        [
            0.0,
            -0.0,
            0.0,
            nan,
            0.2079104153497085,
            -0.20658464953126654,
            0.0720333749118688,
            0.07179985435101434,
            0.03974415302513025,
            3.989422803864723e-06,
        ],
        [
            0.0,
            -0.0,
            0.0,
            nan,
            0.207910418510437,
            -0.206584632396698,
            0.07203338295221329,
            0.0717998519539833,
            0.03974415361881256,
            3.9894230212667026e-06,
        ],
    ),
    "sinc": (
        [0.0, -inf, inf, nan, 1.0, 0.5, -2.3, 1e-20, 100000.25],
        [
            1.0,
            nan,
            nan,
            nan,
            3.8981718325193755e-17,
            0.6366197723675814,
            0.11196439452184424,
            1.0,
            2.2507851634160403e-06,
        ],
        [
            1.0,
            nan,
            nan,
            nan,
            -2.7827534054836178e-08,
            0.6366197466850281,
            0.1119644045829773,
            1.0,
            2.277060048072599e-06,
        ],
    ),
    "entr": (
        [0.0, -1.0, inf, nan, 1e-300, 0.3, 1.0, 5.0],
        [
            0.0,
            -inf,
            -inf,
            nan,
            6.907755278982137e-298,
            0.3611918412977808,
            -0.0,
            -8.047189562170502,
        ],
        [0.0, -inf, -inf, nan, 0.0, 0.36119186878204346, -0.0, -8.047189712524414],
    ),
}


def _assert_matches(got: list, expected: list, rel: float, abs_: float) -> None:
    for g, e in zip(got, expected, strict=True):
        if math.isnan(e) or math.isinf(e):
            assert g == e or (math.isnan(g) and math.isnan(e)), (got, expected)
        else:
            assert g == pytest.approx(e, rel=rel, abs=abs_), (got, expected)


@pytest.mark.parametrize("name", list(CASES))
def test_values_match_pytorch(name, device):
    inputs, expected64, expected32 = CASES[name]
    # float32 near a root (digamma at 1.4616) differs in absolute terms only: PyTorch computes
    # in float32, this in float64
    for dtype, expected, rel, abs_ in (
        (torch.float64, expected64, 1e-13, 1e-300),
        (torch.float32, expected32, 2e-6, 1e-6),
    ):
        out = FUNCTIONS[name](torch.tensor(inputs, dtype=dtype, device=device))
        assert out.dtype is dtype and out.device.type == device
        # ndtr is PyTorch's composite (1 + erf(x / sqrt 2)) / 2: this package's erf is a few
        # ulps off, which the cancellation at x = -3 magnifies to ~1e-13
        _assert_matches(out.cpu().tolist(), expected, 1e-12 if name == "ndtr" else rel, abs_)


# name -> (function, its inputs away from poles, grad_fn name in PyTorch 2.13)
GRADIENTS = {
    "lgamma": (torch.lgamma, [-2.5, 0.3, 1.7, 6.2], "LgammaBackward0"),
    "digamma": (torch.digamma, [-2.5, 0.3, 1.7, 6.2], "DigammaBackward0"),
    "polygamma": (lambda t: torch.polygamma(2, t), [-2.5, 0.3, 1.7, 6.2], "PolygammaBackward0"),
    "mvlgamma": (lambda t: torch.mvlgamma(t, 3), [1.2, 1.7, 6.2], "MvlgammaBackward0"),
    "erfinv": (torch.erfinv, [-0.9, 0.4], "ErfinvBackward0"),
    "erfc": (S.erfc, [-1.3, 0.2, 0.9, 2.1], "ErfcBackward0"),
    "erfcx": (S.erfcx, [-1.3, 0.2, 0.9, 2.1], "SpecialErfcxBackward0"),
    "ndtr": (S.ndtr, [-1.3, 0.2, 0.9, 2.1], "MulBackward1"),
    "ndtri": (S.ndtri, [0.1, 0.6], "SpecialNdtriBackward0"),
    "log_ndtr": (S.log_ndtr, [-3.0, 0.9], "SpecialLogNdtrBackward0"),
    "i0": (torch.i0, [-2.5, 0.3, 1.7, 6.2], "I0Backward0"),
    "i0e": (S.i0e, [-2.5, 0.3, 1.7, 6.2], "SpecialI0EBackward0"),
    "i1": (S.i1, [-2.5, 0.3, 1.7, 6.2], "SpecialI1Backward0"),
    "i1e": (S.i1e, [-2.5, 0.3, 1.7, 6.2], "SpecialI1EBackward0"),
    "sinc": (torch.sinc, [-2.5, 0.3, 1.7, 6.2], "SincBackward0"),
    "entr": (S.entr, [0.3, 1.7, 6.2], "SpecialEntrBackward0"),
}


@pytest.mark.parametrize("name", list(GRADIENTS))
def test_gradients_and_grad_fn(name, device):
    fn, values, node = GRADIENTS[name]
    x = torch.tensor(values, dtype=torch.float64, device=device, requires_grad=True)
    assert type(fn(x).grad_fn).__name__ == node
    assert gradcheck(fn, (x,))
    assert gradgradcheck(fn, (x,))


def test_gradients_at_zero_match_pytorch():
    x = torch.tensor([0.0, 0.0, 0.0], dtype=torch.float64, requires_grad=True)
    (torch.sinc(x[0]) + S.i1(x[1]) + S.i1e(x[2])).backward()
    assert x.grad.tolist() == [0.0, 0.5, 0.5]  # PyTorch 2.13


def test_integer_and_bool_inputs_give_floats(device):
    i = torch.tensor([3, -1, 0, 2], device=device)
    b = torch.tensor([True, False], device=device)
    # PyTorch 2.13
    assert str(torch.lgamma(i).cpu()) == "tensor([0.6931,    inf,    inf, 0.0000])"
    assert str(torch.digamma(i).cpu()) == "tensor([0.9228,    nan,   -inf, 0.4228])"
    assert str(torch.mvlgamma(torch.tensor([3, 4], device=device), 2).cpu()) == (
        "tensor([1.5502, 3.5651])"
    )
    assert str(torch.erfinv(b).cpu()) == "tensor([inf, 0.])"
    assert str(torch.i0(i).cpu()) == "tensor([4.8808, 1.2661, 1.0000, 2.2796])"
    assert str(torch.sinc(i).cpu()) == (
        "tensor([-2.5305e-09, -2.7828e-08,  1.0000e+00,  2.7828e-08])"
    )
    assert str(S.erfc(i).cpu()) == "tensor([2.2090e-05, 1.8427e+00, 1.0000e+00, 4.6777e-03])"
    assert str(S.entr(i).cpu()) == "tensor([-3.2958,    -inf,  0.0000, -1.3863])"
    assert str(S.i1e(b).cpu()) == "tensor([0.2079, 0.0000])"
    assert str(S.ndtr(i).cpu()) == "tensor([0.9987, 0.1587, 0.5000, 0.9772])"
    assert str(S.ndtri(b).cpu()) == "tensor([inf, -inf])"
    assert str(S.log_ndtr(i).cpu()) == (
        "tensor([-1.3508e-03, -1.8410e+00, -6.9315e-01, -2.3013e-02])"
    )


def test_tensor_methods_and_special_aliases():
    x = torch.tensor([2.5, 4.0])
    # PyTorch 2.13
    assert str(x.lgamma()) == "tensor([0.2847, 1.7918])"
    assert str(x.digamma()) == "tensor([0.7032, 1.2561])"
    assert str(x.polygamma(2)) == "tensor([-0.2362, -0.0800])"
    assert str(x.mvlgamma(2)) == str(x.mvlgamma(p=2)) == "tensor([0.8570, 3.5651])"
    assert str(torch.tensor([0.25]).erfinv()) == "tensor([0.2253])"
    assert str(torch.tensor([2.5]).i0()) == "tensor([3.2898])"
    assert str(torch.tensor([2.5]).sinc()) == "tensor([0.1273])"
    assert str(torch.tensor([2.5]).erfc()) == "tensor([0.0004])"
    assert not hasattr(torch.Tensor, "special_erfcx") and not hasattr(torch.Tensor, "entr")
    y = torch.tensor([2.5])
    assert str(S.gammaln(y)) == "tensor([0.2847])"
    assert str(S.psi(y)) == "tensor([0.7032])"
    assert str(S.multigammaln(y, 2)) == "tensor([0.8570])"
    assert str(S.polygamma(2, x)) == "tensor([-0.2362, -0.0800])"
    assert str(S.expit(torch.tensor([0.5]))) == "tensor([0.6225])"
    assert str(S.exp2(torch.tensor([0.5]))) == "tensor([1.4142])"
    assert str(S.expm1(torch.tensor([1e-10]))) == "tensor([1.0000e-10])"
    assert str(S.log1p(torch.tensor([1e-10]))) == "tensor([1.0000e-10])"
    assert str(S.erf(torch.tensor([0.5]))) == "tensor([0.5205])"
    m = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    assert str(S.logsumexp(m, 1)) == "tensor([2.3133, 4.3133])"
    assert str(S.softmax(torch.tensor([1.0, 2.0]), 0)) == "tensor([0.2689, 0.7311])"
    assert str(S.log_softmax(torch.tensor([1.0, 2.0]), 0)) == "tensor([-1.3133, -0.3133])"
    assert str(S.round(torch.tensor([2.5, 1.26]), decimals=1)) == "tensor([2.5000, 1.3000])"
    assert S.i0 is torch.i0 and S.sinc is torch.sinc and S.erfinv is torch.erfinv


ERRORS = [  # PyTorch 2.13
    (
        lambda: torch.polygamma(-1, torch.tensor([1.0])),
        RuntimeError,
        "polygamma(n, x) does not support negative n.",
    ),
    (
        lambda: torch.tensor([1.0]).polygamma(-3),
        RuntimeError,
        "polygamma(n, x) does not support negative n.",
    ),
    (
        lambda: torch.polygamma(1.5, torch.tensor([1.0])),
        TypeError,
        "polygamma(): argument 'n' (position 1) must be int, not float",
    ),
    (
        lambda: torch.mvlgamma(torch.tensor([2.0]), 0),
        RuntimeError,
        "p has to be greater than or equal to 1",
    ),
    (
        lambda: torch.mvlgamma(torch.tensor([2.0]), 1.5),
        TypeError,
        "mvlgamma(): argument 'p' (position 2) must be int, not float",
    ),
    (
        lambda: torch.lgamma(1.0),
        TypeError,
        "lgamma(): argument 'input' (position 1) must be Tensor, not float",
    ),
    (
        lambda: S.erfcx([1.0]),
        TypeError,
        "special_erfcx(): argument 'input' (position 1) must be Tensor, not list",
    ),
    (
        lambda: S.i1(2),
        TypeError,
        "special_i1(): argument 'input' (position 1) must be Tensor, not int",
    ),
    (
        lambda: S.ndtri(0.5),
        TypeError,
        "special_ndtri(): argument 'input' (position 1) must be Tensor, not float",
    ),
]


@pytest.mark.parametrize("index", range(len(ERRORS)))
def test_errors_match_pytorch(index):
    call, kind, text = ERRORS[index]
    with pytest.raises(kind) as info:
        call()
    assert str(info.value) == text


# --- the orthogonal polynomials with a fractional or negative degree: recorded from PyTorch 2.13 ---
@pytest.mark.parametrize("case", op_fixes.cases("special"))
def test_special_matches_pytorch(case):
    op_fixes.check_case(case)


# --- in-place forms (addmm_, fill_diagonal_, F.relu_...), shape helpers, signal windows, multi_dot, vander, rms_norm, zeta, incomplete gamma, special polynomials, pdist, solve_triangular: recorded from PyTorch 2.13 ---
# --- torch.special's orthogonal polynomials (recorded at x = [-0.3, 0.5, 2.0]: n = 5, n = [-1, 0, 3])

POLYNOMIALS = {
    "chebyshev_polynomial_t": ([-0.9988800287246704, 0.5, 362.0], [0.0, 1.0, 26.0]),
    "chebyshev_polynomial_u": ([-1.013759970664978, 0.0, 780.0], [0.0, 1.0, 56.0]),
    "chebyshev_polynomial_v": ([-1.0633598566055298, 1.0, 571.0], [0.0, 1.0, 41.0]),
    "chebyshev_polynomial_w": ([-0.9641600847244263, -1.0, 989.0], [0.0, 1.0, 71.0]),
    "shifted_chebyshev_polynomial_t": ([-93.85218048095703, 0.0, 3363.0], [0.0, 1.0, 99.0]),
    "shifted_chebyshev_polynomial_u": ([-214.07232666015625, 0.0, 6930.0], [0.0, 1.0, 204.0]),
    "shifted_chebyshev_polynomial_v": ([-289.20989990234375, -1.0, 5741.0], [0.0, 1.0, 169.0]),
    "shifted_chebyshev_polynomial_w": (
        [-138.9347381591797, 0.9999993443489075, 8119.0],
        [0.0, 1.0, 239.0],
    ),
    "hermite_polynomial_h": ([-31.757761001586914, 41.0, -16.0], [0.0, 1.0, 40.0]),
    "hermite_polynomial_he": ([-4.2324299812316895, 6.28125, -18.0], [0.0, 1.0, 2.0]),
    "laguerre_polynomial_l": (
        [2.996708393096924, -0.4455729126930237, 0.7333332896232605],
        [0.0, 1.0, -0.3333333432674408],
    ),
    "legendre_polynomial_p": ([-0.34538623690605164, 0.08984375, 185.75], [0.0, 1.0, 17.0]),
}


@pytest.mark.parametrize("name", sorted(POLYNOMIALS))
def test_special_polynomials(name):
    f = getattr(torch.special, name)
    x = torch.tensor([-0.3, 0.5, 2.0], requires_grad=True)
    at_five, at_degrees = POLYNOMIALS[name]
    out = f(x, 5)
    assert out.dtype is torch.float32 and not out.requires_grad  # no gradient, as in PyTorch
    np.testing.assert_allclose(out.numpy(), at_five, rtol=1e-5, atol=2e-6)
    out = f(x.detach(), torch.tensor([-1, 0, 3]))
    np.testing.assert_allclose(out.numpy(), at_degrees, rtol=1e-5, atol=2e-6)
    assert f(x.detach().double(), 2).dtype is torch.float64
    assert f(torch.tensor([1, 2]), 2).dtype is torch.float32


def test_special_polynomial_errors_and_bessel_names():
    with pytest.raises(TypeError) as info:
        torch.special.chebyshev_polynomial_t(0.5, 2)
    assert str(info.value).startswith(
        "special_chebyshev_polynomial_t() received an invalid combination of arguments - got "
        "(float, int), but expected one of:"
    )
    values = torch.tensor([0.0, 1.0, -2.0])
    np.testing.assert_allclose(
        torch.special.modified_bessel_i0(values).numpy(),
        [1.0, 1.2660659551620483, 2.279585123062134],
        rtol=1e-6,
    )
    np.testing.assert_allclose(
        torch.special.modified_bessel_i1(values).numpy(),
        [0.0, 0.5651590824127197, -1.5906368494033813],
        rtol=1e-6,
    )
