"""nn.RNN, nn.LSTM and nn.GRU: PyTorch 2.13's values, parameters, reprs, errors; gradients."""

from __future__ import annotations

import math

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
from autograd_nb.autograd.gradcheck import gradcheck


def fill(model: nn.Module) -> nn.Module:
    """Deterministic weights: parameter k gets 0.5 * sin(0.37 * i + k), i = 0, 1, ..."""
    with torch.no_grad():
        for k, p in enumerate(model.parameters()):
            i = torch.arange(p.numel(), dtype=torch.float64, device=p.device)
            p.copy_((i * 0.37 + k).sin().mul(0.5).reshape(p.shape))
    return model


def seq(*shape: int, phase: float = 0.0, device="cpu") -> torch.Tensor:
    """Deterministic data: cos(0.21 * i + phase) in the given shape."""
    i = torch.arange(math.prod(shape), dtype=torch.float64, device=device)
    return (i * 0.21 + phase).cos().reshape(shape)


f64 = {"dtype": torch.float64}
CASES = {  # name: (module, input shape, initial state: None, h, h and c, or unbatched h and c)
    "rnn_tanh": (lambda: nn.RNN(2, 3, **f64), (4, 2, 2), None),
    "rnn_relu_2layer_bidir_batch_first": (
        lambda: nn.RNN(2, 3, 2, "relu", batch_first=True, bidirectional=True, **f64),
        (2, 4, 2),
        "h",
    ),
    "lstm": (lambda: nn.LSTM(2, 3, **f64), (4, 2, 2), None),
    "lstm_2layer_bidir_batch_first": (
        lambda: nn.LSTM(2, 3, num_layers=2, batch_first=True, bidirectional=True, **f64),
        (2, 4, 2),
        "hc",
    ),
    "gru": (lambda: nn.GRU(2, 3, **f64), (4, 2, 2), None),
    "gru_2layer_bidir_nobias": (
        lambda: nn.GRU(2, 3, num_layers=2, bias=False, bidirectional=True, **f64),
        (4, 2, 2),
        "h",
    ),
    "lstm_unbatched": (lambda: nn.LSTM(2, 3, **f64), (4, 2), "hc1"),
}

EXPECTED = {  # PyTorch 2.13's values, same weights and inputs, rounded to 10 decimals
    "rnn_tanh": dict(
        out=[
            0.6056637427,
            0.7660018321,
            0.7073187255,
            0.5858385254,
            0.7187926863,
            0.6391947594,
            0.9207470068,
            0.8565206547,
            0.0373148682,
            0.8970867848,
            0.7387106832,
            -0.289165878,
            0.8601463672,
            0.6179438883,
            -0.4828269859,
            0.7616995393,
            0.3218996722,
            -0.63581424,
            0.6562472474,
            0.0403515037,
            -0.7272708184,
            0.4693452838,
            -0.2054519884,
            -0.7269437133,
        ],
        h=[0.6562472474, 0.0403515037, -0.7272708184, 0.4693452838, -0.2054519884, -0.7269437133],
    ),
    "rnn_relu_2layer_bidir_batch_first": dict(
        out=[
            0.439950099,
            0.0,
            0.6652429007,
            3.146035897,
            5.8249860906,
            0.0,
            1.0708098517,
            0.0,
            0.0,
            2.3547432348,
            5.570135252,
            0.0,
            1.5390280371,
            0.0,
            0.0,
            1.6147236641,
            4.6687294286,
            0.0,
            1.9690279235,
            0.0,
            0.0,
            0.4430259379,
            3.4846612604,
            0.0,
            0.0,
            0.0,
            1.973883436,
            5.2615420138,
            4.1674483384,
            0.1632168658,
            0.0,
            0.0,
            0.9294769802,
            4.6776855063,
            3.5951528441,
            0.0,
            0.0,
            0.0,
            0.7535148732,
            3.8064387573,
            2.8359459262,
            0.0,
            0.0,
            0.0,
            0.3557724423,
            2.5127602302,
            2.3706798094,
            0.0,
        ],
        h=[
            2.719623599,
            2.1713058329,
            0.0,
            0.5734779001,
            0.0,
            0.0,
            0.0,
            0.0,
            0.443105527,
            0.0,
            1.659192281,
            3.1919411245,
            1.9690279235,
            0.0,
            0.0,
            0.0,
            0.0,
            0.3557724423,
            3.146035897,
            5.8249860906,
            0.0,
            5.2615420138,
            4.1674483384,
            0.1632168658,
        ],
    ),
    "lstm": dict(
        out=[
            -0.2996414616,
            -0.4135832046,
            -0.3340163159,
            -0.2838043847,
            -0.3841107915,
            -0.3108374201,
            -0.4259556887,
            -0.4145256287,
            -0.1879570367,
            -0.3613312053,
            -0.3175660437,
            -0.1470427971,
            -0.3410150068,
            -0.250063816,
            -0.094285366,
            -0.2365200528,
            -0.1522052002,
            -0.0742879306,
            -0.1642375114,
            -0.0984112445,
            -0.056149207,
            -0.0860970191,
            -0.0573449249,
            -0.0548247115,
        ],
        h=[-0.1642375114, -0.0984112445, -0.056149207, -0.0860970191, -0.0573449249, -0.0548247115],
        c=[-0.4737894891, -0.3334371142, -0.1780186167, -0.263182036, -0.2102983257, -0.1774604002],
    ),
    "lstm_2layer_bidir_batch_first": dict(
        out=[
            0.0246075576,
            0.2936452628,
            0.142410868,
            -0.2021591766,
            -0.2531424475,
            -0.1714013671,
            -1.85028e-05,
            0.4438169914,
            0.0837264235,
            -0.1838461497,
            -0.2149055656,
            -0.1518693786,
            -0.0003375095,
            0.4193115722,
            0.033469001,
            -0.1240885656,
            -0.1543974698,
            -0.1001763647,
            0.037422751,
            0.3900916782,
            0.0042417826,
            -0.0326237691,
            0.003818718,
            0.0816313173,
            0.0804456575,
            0.336910357,
            0.2834744621,
            -0.2678464549,
            -0.2323450616,
            -0.2285115754,
            0.011519683,
            0.2761649789,
            0.226187126,
            -0.2116787691,
            -0.1948041651,
            -0.2263810412,
            0.0277721716,
            0.1860821592,
            0.1553561336,
            -0.1103332237,
            -0.0829075445,
            -0.2007561796,
            0.1035700134,
            0.1429505724,
            0.0911374449,
            0.0129840927,
            0.1346419235,
            -0.0969873691,
        ],
        h=[
            -0.4586713263,
            -0.369073409,
            -0.1246360088,
            -0.0333679003,
            -0.0306590709,
            -0.0626427027,
            0.1393146864,
            -0.0778599657,
            -0.2547380427,
            0.1780407777,
            0.0224445474,
            0.0268981918,
            0.037422751,
            0.3900916782,
            0.0042417826,
            0.1035700134,
            0.1429505724,
            0.0911374449,
            -0.2021591766,
            -0.2531424475,
            -0.1714013671,
            -0.2678464549,
            -0.2323450616,
            -0.2285115754,
        ],
        c=[
            -1.1542523722,
            -0.7969675528,
            -0.2542800861,
            -0.1073559552,
            -0.1138923064,
            -0.1930285694,
            0.7593254238,
            -0.3774096615,
            -1.5110065736,
            0.3961242469,
            0.0575239317,
            0.086381007,
            0.0476084202,
            0.5437547951,
            0.007447723,
            0.1314248979,
            0.2029816159,
            0.1412195563,
            -1.0452364372,
            -0.6372494426,
            -0.3546606356,
            -0.9897898748,
            -0.6888964394,
            -0.5236370973,
        ],
    ),
    "gru": dict(
        out=[
            -0.4076781936,
            -0.5959593189,
            -0.5273169972,
            -0.4176562077,
            -0.5810758243,
            -0.5091675445,
            -0.5721413879,
            -0.7414565703,
            -0.3499793307,
            -0.5726914666,
            -0.6632458432,
            -0.3388329392,
            -0.60029626,
            -0.6142887152,
            -0.280419905,
            -0.4578312681,
            -0.4177723533,
            -0.2714223114,
            -0.3057578112,
            -0.2611142279,
            -0.2464267498,
            -0.1213225819,
            -0.0945570798,
            -0.2538197568,
        ],
        h=[
            -0.3057578112,
            -0.2611142279,
            -0.2464267498,
            -0.1213225819,
            -0.0945570798,
            -0.2538197568,
        ],
    ),
    "gru_2layer_bidir_nobias": dict(
        out=[
            0.084034995,
            -0.5938928744,
            -0.6689816486,
            0.1355998219,
            -0.2887753109,
            0.1421145007,
            0.0277865499,
            -0.2240442128,
            -0.3359585281,
            0.1741905821,
            -0.1878883134,
            0.1733489738,
            0.2164071409,
            -0.4352439941,
            -0.5581659421,
            -0.0108632915,
            -0.0430612286,
            0.0874904401,
            0.1570624352,
            -0.2329223411,
            -0.258962013,
            0.0771332942,
            0.2474860175,
            0.0468375254,
            0.1475127611,
            -0.3806218695,
            -0.3304064258,
            -0.1518871402,
            0.3224284196,
            -0.0337310465,
            0.0460401805,
            -0.3018332951,
            -0.0363543819,
            0.0401927608,
            0.6985758622,
            -0.0427106275,
            -0.1016809029,
            -0.3436173775,
            -0.1095606012,
            -0.137671268,
            0.4236358845,
            -0.022321577,
            -0.2019373468,
            -0.2688122442,
            0.1330260492,
            0.3137143948,
            0.8124864896,
            0.1658237056,
        ],
        h=[
            0.394988396,
            0.2251132842,
            0.0641350372,
            0.5415915334,
            0.3243943649,
            0.1031558964,
            0.1816528797,
            0.5253542305,
            0.4613791018,
            0.1714607749,
            0.4827119999,
            0.3420311005,
            -0.1016809029,
            -0.3436173775,
            -0.1095606012,
            -0.2019373468,
            -0.2688122442,
            0.1330260492,
            0.1355998219,
            -0.2887753109,
            0.1421145007,
            0.1741905821,
            -0.1878883134,
            0.1733489738,
        ],
    ),
    "lstm_unbatched": dict(
        out=[
            -0.2841958486,
            -0.475753536,
            -0.5031650283,
            -0.5164820499,
            -0.5001611571,
            -0.2022960206,
            -0.5132700693,
            -0.4634173329,
            -0.1658476024,
            -0.4586713263,
            -0.369073409,
            -0.1246360088,
        ],
        h=[-0.4586713263, -0.369073409, -0.1246360088],
        c=[-1.1542523722, -0.7969675528, -0.2542800861],
    ),
}


def initial_state(model, shape, kind, device):
    """The hx each case passes (None: the module's zeros)."""
    states = model.num_layers * (2 if model.bidirectional else 1)
    batch = shape[0] if model.batch_first else shape[1]
    size = (states, 3) if kind == "hc1" else (states, batch, 3)
    h = seq(*size, phase=1.0, device=device)
    return None if kind is None else h if kind == "h" else (h, seq(*size, phase=2.0, device=device))


def flat(t: torch.Tensor) -> list:
    return t.detach().cpu().flatten().tolist()


@pytest.mark.parametrize("name", list(CASES))
def test_forward_matches_pytorch(name, device):
    make, shape, kind = CASES[name]
    model = fill(make().to(device))
    x = seq(*shape, device=device)
    out, hidden = model(x, initial_state(model, shape, kind, device))
    expected = EXPECTED[name]
    assert out.device == x.device
    assert flat(out) == pytest.approx(expected["out"], abs=1e-9)
    h, c = hidden if isinstance(hidden, tuple) else (hidden, None)
    assert flat(h) == pytest.approx(expected["h"], abs=1e-9)
    assert (c is None) == ("c" not in expected)
    if c is not None:
        assert flat(c) == pytest.approx(expected["c"], abs=1e-9)


SHAPES = [  # PyTorch 2.13's output and state shapes
    (lambda: nn.RNN(2, 3, num_layers=2, bidirectional=True), (5, 4, 2), [5, 4, 6], [4, 4, 3]),
    (lambda: nn.GRU(2, 3, batch_first=True), (5, 4, 2), [5, 4, 3], [1, 5, 3]),
    (lambda: nn.GRU(2, 3, batch_first=True), (4, 2), [4, 3], [1, 3]),
    (lambda: nn.LSTM(2, 3, num_layers=3, batch_first=True), (4, 2), [4, 3], [3, 3]),
    (lambda: nn.LSTM(2, 3, bidirectional=True), (7, 1, 2), [7, 1, 6], [2, 1, 3]),
]


@pytest.mark.parametrize("make, shape, out_shape, state_shape", SHAPES)
def test_output_and_state_shapes(make, shape, out_shape, state_shape):
    out, hidden = make()(torch.randn(*shape))
    assert list(out.shape) == out_shape
    for state in hidden if isinstance(hidden, tuple) else (hidden,):
        assert list(state.shape) == state_shape


@pytest.mark.parametrize(
    "make, hx_count",
    [
        (lambda: nn.RNN(2, 2, nonlinearity="relu", bidirectional=True, **f64), 1),
        (lambda: nn.LSTM(2, 2, num_layers=2, batch_first=True, **f64), 2),
        (lambda: nn.GRU(2, 2, bidirectional=True, **f64), 1),
    ],
)
def test_gradcheck_through_input_state_and_weights(make, hx_count, device):
    model = make().to(device)
    names = list(dict(model.named_parameters()))
    states = model.num_layers * (2 if model.bidirectional else 1)

    def run(x, *tensors):
        model._parameters.update(zip(names, tensors[hx_count:]))  # weights as plain inputs
        hx = tensors[0] if hx_count == 1 else tensors[:2]
        out, hidden = model(x, hx)
        return (out,) + (hidden if isinstance(hidden, tuple) else (hidden,))

    x = torch.randn(3, 2, 2, **f64, device=device).requires_grad_()  # batch_first: 3 x 2 steps
    hx = [
        torch.randn(states, 3 if model.batch_first else 2, 2, **f64, device=device).requires_grad_()
        for _ in range(hx_count)
    ]
    weights = [p.detach().clone().requires_grad_() for p in model.parameters()]
    assert gradcheck(run, (x, *hx, *weights))


def test_parameters_state_dict_and_all_weights_match_pytorch():
    model = nn.LSTM(2, 3, num_layers=2, bidirectional=True)
    # PyTorch 2.13's named_parameters()
    assert [(n, tuple(p.shape)) for n, p in model.named_parameters()] == [
        ("weight_ih_l0", (12, 2)),
        ("weight_hh_l0", (12, 3)),
        ("bias_ih_l0", (12,)),
        ("bias_hh_l0", (12,)),
        ("weight_ih_l0_reverse", (12, 2)),
        ("weight_hh_l0_reverse", (12, 3)),
        ("bias_ih_l0_reverse", (12,)),
        ("bias_hh_l0_reverse", (12,)),
        ("weight_ih_l1", (12, 6)),
        ("weight_hh_l1", (12, 3)),
        ("bias_ih_l1", (12,)),
        ("bias_hh_l1", (12,)),
        ("weight_ih_l1_reverse", (12, 6)),
        ("weight_hh_l1_reverse", (12, 3)),
        ("bias_ih_l1_reverse", (12,)),
        ("bias_hh_l1_reverse", (12,)),
    ]
    assert list(model.state_dict()) == [n for n, _ in model.named_parameters()]
    assert [(n, tuple(p.shape)) for n, p in nn.GRU(2, 3, bias=False).named_parameters()] == [
        ("weight_ih_l0", (9, 2)),
        ("weight_hh_l0", (9, 3)),
    ]
    assert [
        [tuple(p.shape) for p in ws] for ws in nn.RNN(2, 3, bidirectional=True).all_weights
    ] == [[(3, 2), (3, 3), (3,), (3,)], [(3, 2), (3, 3), (3,), (3,)]]
    copy = nn.LSTM(2, 3, num_layers=2, bidirectional=True)
    copy.load_state_dict(model.state_dict())
    x = torch.randn(4, 1, 2)
    assert torch.equal(copy(x)[0], model(x)[0])
    assert (
        nn.GRU(2, 3).mode,
        nn.RNN(2, 3, nonlinearity="relu").mode,
        nn.RNN(2, 3).nonlinearity,
    ) == ("GRU", "RNN_RELU", "tanh")


@pytest.mark.parametrize(
    "make, text",
    [  # PyTorch 2.13's reprs
        (lambda: nn.RNN(2, 3), "RNN(2, 3)"),
        (
            lambda: nn.RNN(2, 3, 2, "relu", False, True, 0.25, True),
            "RNN(2, 3, num_layers=2, bias=False, batch_first=True, dropout=0.25, bidirectional=True)",
        ),
        (
            lambda: nn.LSTM(10, 20, num_layers=2, batch_first=True),
            "LSTM(10, 20, num_layers=2, batch_first=True)",
        ),
        (
            lambda: nn.GRU(4, 5, bias=False, bidirectional=True),
            "GRU(4, 5, bias=False, bidirectional=True)",
        ),
        (lambda: nn.LSTM(2, 3, dropout=0.5, num_layers=3), "LSTM(2, 3, num_layers=3, dropout=0.5)"),
        (
            lambda: nn.Sequential(nn.LSTM(2, 3), nn.Linear(3, 1)),
            "Sequential(\n  (0): LSTM(2, 3)\n  (1): Linear(in_features=3, out_features=1, bias=True)\n)",
        ),
    ],
)
def test_reprs_match_pytorch(make, text):
    assert repr(make()) == text


def test_default_init_is_uniform_over_one_over_sqrt_hidden():
    torch.manual_seed(0)
    model = nn.GRU(30, 16, num_layers=2, device="cpu", dtype=torch.float64)
    for p in model.parameters():
        assert p.dtype is torch.float64 and p.requires_grad
        assert p.abs().max().item() <= 0.25  # 1 / sqrt(16)
    assert model.weight_ih_l0.abs().max().item() > 0.24  # spread over the whole interval
    assert abs(model.weight_hh_l1.mean().item()) < 0.02


FORWARD_ERRORS = [  # PyTorch 2.13's exception types and texts
    (
        lambda: nn.RNN(2, 3)(torch.randn(4, 2, 5)),
        RuntimeError,
        "input.size(-1) must be equal to input_size. Expected 2, got 5",
    ),
    (
        lambda: nn.RNN(2, 3)(torch.randn(4)),
        ValueError,
        "RNN: Expected input to be 2D or 3D, got 1D tensor instead",
    ),
    (
        lambda: nn.LSTM(2, 3)(torch.randn(1, 4, 2, 2)),
        ValueError,
        "LSTM: Expected input to be 2D or 3D, got 4D instead",
    ),
    (
        lambda: nn.GRU(2, 3)(torch.randn(4)),
        ValueError,
        "GRU: Expected input to be 2D or 3D, got 1D instead",
    ),
    (
        lambda: nn.RNN(2, 3)(torch.randn(4, 2, 2), torch.zeros(1, 3, 3)),
        RuntimeError,
        "Expected hidden size (1, 2, 3), got [1, 3, 3]",
    ),
    (
        lambda: nn.GRU(2, 3, batch_first=True)(torch.randn(4, 2, 2), torch.zeros(1, 2, 3)),
        RuntimeError,
        "Expected hidden size (1, 4, 3), got [1, 2, 3]",
    ),
    (
        lambda: nn.LSTM(2, 3)(torch.randn(4, 2, 2), (torch.zeros(1, 2, 3), torch.zeros(1, 2, 4))),
        RuntimeError,
        "Expected hidden[1] size (1, 2, 3), got [1, 2, 4]",
    ),
    (
        lambda: nn.LSTM(2, 3)(torch.randn(4, 2, 2), (torch.zeros(2, 2, 3), torch.zeros(1, 2, 3))),
        RuntimeError,
        "Expected hidden[0] size (1, 2, 3), got [2, 2, 3]",
    ),
    (
        lambda: nn.LSTM(2, 3)(torch.randn(4, 2), (torch.zeros(1, 4), torch.zeros(1, 3))),
        RuntimeError,
        "Expected hidden[0] size (1, 1, 3), got [1, 1, 4]",
    ),
    (
        lambda: nn.RNN(2, 3)(torch.randn(4, 2, 2), torch.zeros(2, 3)),
        RuntimeError,
        "For batched 3-D input, hx should also be 3-D but got 2-D tensor",
    ),
    (
        lambda: nn.GRU(2, 3)(torch.randn(4, 2), torch.zeros(1, 2, 3)),
        RuntimeError,
        "For unbatched 2-D input, hx should also be 2-D but got 3-D tensor",
    ),
    (
        lambda: nn.LSTM(2, 3)(torch.randn(4, 2, 2), (torch.zeros(2, 3), torch.zeros(1, 2, 3))),
        RuntimeError,
        "For batched 3-D input, hx and cx should also be 3-D but got (2-D, 3-D) tensors",
    ),
    (
        lambda: nn.LSTM(2, 3)(torch.randn(4, 2), (torch.zeros(1, 1, 3), torch.zeros(1, 3))),
        RuntimeError,
        "For unbatched 2-D input, hx and cx should also be 2-D but got (3-D, 2-D) tensors",
    ),
    (
        lambda: nn.RNN(2, 3)(torch.randn(4, 2, 2, dtype=torch.float64)),
        ValueError,
        "RNN input dtype (torch.float64) does not match weight dtype (torch.float32). Convert "
        "input: input.to(torch.float32), or convert model: model.to(torch.float64)",
    ),
]
DROPOUT_TEXT = (
    "dropout should be a number in range [0, 1] representing the probability of an "
    "element being zeroed"
)
CONSTRUCTOR_ERRORS = [  # PyTorch 2.13's exception types and texts
    (
        lambda: nn.RNN(2, 3, nonlinearity="sigmoid"),
        ValueError,
        "Unknown nonlinearity 'sigmoid'. Select from 'tanh' or 'relu'.",
    ),
    (
        lambda: nn.GRU(2, 3, proj_size=1),
        ValueError,
        "proj_size argument is only supported for LSTM, not RNN or GRU",
    ),
    (
        lambda: nn.RNN(2, 3, proj_size=1),
        ValueError,
        "proj_size argument is only supported for LSTM, not RNN or GRU",
    ),
    (
        lambda: nn.LSTM(2, 3, proj_size=3),
        ValueError,
        "proj_size has to be smaller than hidden_size",
    ),
    (
        lambda: nn.LSTM(2, 3, proj_size=-1),
        ValueError,
        "proj_size should be a positive integer or zero to disable projections",
    ),
    (lambda: nn.LSTM(2, 3, dropout=1.5), ValueError, DROPOUT_TEXT),
    (lambda: nn.LSTM(2, 3, dropout=True), ValueError, DROPOUT_TEXT),
    (lambda: nn.LSTM(2, 0), ValueError, "hidden_size must be greater than zero"),
    (lambda: nn.LSTM(0, 3), ValueError, "input_size must be greater than zero"),
    (lambda: nn.LSTM(2, 3, 0), ValueError, "num_layers must be greater than zero"),
    (lambda: nn.LSTM(2.0, 3), TypeError, "input_size should be of type int, got: float"),
    (lambda: nn.LSTM(2, 3.5), TypeError, "hidden_size should be of type int, got: float"),
    (lambda: nn.GRU(2, 3, bias=1), TypeError, "bias should be of type bool, got: int"),
    (
        lambda: nn.GRU(2, 3, batch_first=None),
        TypeError,
        "batch_first should be of type bool, got: NoneType",
    ),
    (
        lambda: nn.LSTM(2, 3, proj_size=1),
        NotImplementedError,  # ours: PyTorch supports it
        "proj_size > 0 is not supported (ours)",
    ),
]


@pytest.mark.parametrize("fn, kind, text", FORWARD_ERRORS + CONSTRUCTOR_ERRORS)
def test_errors_match_pytorch(fn, kind, text):
    with pytest.raises(kind) as info:
        fn()
    assert type(info.value) is kind and str(info.value) == text


def test_dropout_on_one_layer_warns_like_pytorch():
    with pytest.warns(UserWarning) as record:
        nn.GRU(2, 3, dropout=0.5)
    assert str(record[0].message) == (  # PyTorch 2.13's text
        "dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
        "expects num_layers greater than 1, but got dropout=0.5 and num_layers=1"
    )


def test_dropout_between_layers_only_while_training(device):
    torch.manual_seed(0)
    model = nn.GRU(2, 4, num_layers=2, dropout=0.5).to(device)
    plain = nn.GRU(2, 4, num_layers=2).to(device)
    plain.load_state_dict(model.state_dict())
    x = torch.randn(5, 3, 2, device=device)
    first, second = model(x)[0], model(x)[0]
    assert not torch.equal(first, second)  # a fresh mask on each call
    single = nn.GRU(2, 4, num_layers=1).to(device)
    single.load_state_dict({k: v for k, v in model.state_dict().items() if k.endswith("l0")})
    # the first layer is never dropped: its final state matches a one-layer GRU
    assert torch.allclose(model(x)[1][0], single(x)[1][0])
    model.eval()
    assert torch.equal(model(x)[0], model(x)[0])
    assert torch.allclose(model(x)[0], plain(x)[0])


@pytest.mark.parametrize("cell", [nn.RNN, nn.LSTM, nn.GRU])
def test_sequence_regression_loss_decreases(cell):
    """Learn the running mean of a noisy sequence: the loss must fall below a tenth."""
    torch.manual_seed(0)
    rnn, head = cell(1, 8, batch_first=True), nn.Linear(8, 1)
    params = list(rnn.parameters()) + list(head.parameters())
    optimizer = torch.optim.Adam(params, lr=0.03)
    x = torch.randn(16, 6, 1)
    target = x.cumsum(1) / torch.arange(1, 7).view(1, 6, 1)
    losses = []
    for _ in range(60):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(head(rnn(x)[0]), target)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    assert losses[-1] < losses[0] / 10
