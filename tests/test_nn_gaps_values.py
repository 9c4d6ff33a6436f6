"""The nn layers learners paste from tutorials that autograd_nb lacked (nngaps): padding_mode
for Conv1d/2d/3d, LocalResponseNorm, Fold/Unfold, ChannelShuffle, MaxUnpool1d/2d, LPPool1d/2d,
AlphaDropout/FeatureAlphaDropout, RReLU, EmbeddingBag, SyncBatchNorm and their functionals.

Forward values, grad_fn names, reprs and error texts were recorded from PyTorch 2.13 (CPU) running
the same cases (`_cases` builds them for either library); gradients are checked by central
differences in float64. The random layers (alpha dropout, RReLU in training) match PyTorch's
stream after the same manual_seed.
"""

import math

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck

# the random layers' values were recorded on an AMD CPU (see conftest.portable_bernoulli)
pytestmark = pytest.mark.usefixtures("portable_bernoulli")


def _cases(t, nn, F):
    """name -> a function building the case's output, for either library."""
    vals = [math.sin(1.7 * i + 0.3) * 2 for i in range(200)]

    def X(*shape, dt=None):
        n = math.prod(shape)
        return t.tensor(vals[:n], dtype=dt or t.float32).reshape(shape)

    x4 = X(2, 4, 2, 2)
    p, i = F.max_pool2d(X(1, 2, 4, 4), 2, return_indices=True)
    p1, i1 = F.max_pool1d(X(2, 6), 2, return_indices=True)
    W = X(6, 3)
    idx = t.tensor([1, 2, 4, 5, 0, 3, 3])
    off = t.tensor([0, 2, 2, 5])
    c = {
        "lrn4": lambda: F.local_response_norm(x4, 3),
        "lrn3": lambda: F.local_response_norm(X(2, 5, 2), 2, alpha=0.1, beta=0.5, k=2.0),
        "lrn5": lambda: nn.LocalResponseNorm(4, alpha=0.2)(X(1, 4, 2, 1, 2)),
        "shuffle": lambda: F.channel_shuffle(X(1, 6, 2), 3),
        "shuffle_mod": lambda: nn.ChannelShuffle(2)(X(1, 4, 1, 2)),
        "lp2": lambda: F.lp_pool2d(X(1, 1, 4, 4).abs(), 2, 2),
        "lp2_stride": lambda: nn.LPPool2d(3, (2, 3), stride=1)(X(1, 1, 3, 4).abs()),
        "lp1": lambda: F.lp_pool1d(X(1, 2, 7).abs(), 1.5, 3, 2),
        "lp1_inf": lambda: nn.LPPool1d(float("inf"), 3)(X(1, 2, 7)),
        "unpool2": lambda: F.max_unpool2d(p, i, 2),
        "unpool2_size": lambda: nn.MaxUnpool2d(2)(p, i, output_size=[5, 5]),
        "unpool1": lambda: nn.MaxUnpool1d(2)(p1, i1),
        "eb_mean": lambda: F.embedding_bag(idx, W, off),
        "eb_sum": lambda: F.embedding_bag(idx, W, off, mode="sum"),
        "eb_max": lambda: F.embedding_bag(idx, W, off, mode="max"),
        "eb_psw": lambda: F.embedding_bag(idx, W, off, mode="sum", per_sample_weights=X(7)),
        "eb_last": lambda: F.embedding_bag(
            idx, W, t.tensor([0, 2, 2, 5, 6]), mode="sum", include_last_offset=True
        ),
        "eb_pad": lambda: F.embedding_bag(idx, W, off, padding_idx=3),
        "eb_pad_max": lambda: F.embedding_bag(idx, W, off, mode="max", padding_idx=-1),
        "eb_2d": lambda: F.embedding_bag(t.tensor([[1, 2, 3], [0, 0, 5]]), W, mode="max"),
        "rrelu_eval": lambda: nn.RReLU(0.2, 0.5).eval()(X(2, 4)),
        "sync_bn": lambda: nn.SyncBatchNorm(4)(x4),
    }
    for dt in ("float32", "float64"):
        d = getattr(t, dt)

        def seeded(f, seed):
            def g():
                t.manual_seed(seed)
                return f()

            return g

        c["alpha_" + dt] = seeded(lambda d=d: F.alpha_dropout(X(3, 5, dt=d), 0.3, True), 3)
        c["feature_alpha_" + dt] = seeded(
            lambda d=d: nn.FeatureAlphaDropout(0.4)(X(3, 4, 2, dt=d)), 3
        )
        c["rrelu_train_" + dt] = seeded(lambda d=d: nn.RReLU(0.1, 0.4)(X(3, 5, dt=d)), 5)
    for mode in ("reflect", "replicate", "circular"):

        def conv(mode=mode):
            t.manual_seed(0)
            return nn.Conv2d(1, 2, 3, padding=(1, 2), padding_mode=mode)(X(1, 1, 3, 4))

        c["conv2d_" + mode] = conv

        def conv3(mode=mode):
            t.manual_seed(0)
            return nn.Conv3d(1, 1, (2, 3, 2), padding="same", padding_mode=mode)(X(1, 1, 2, 3, 3))

        c["conv3d_same_" + mode] = conv3

    def conv1():
        t.manual_seed(0)
        return nn.Conv1d(2, 2, 3, stride=2, padding=2, dilation=2, padding_mode="circular")(
            X(1, 2, 6)
        )

    c["conv1d_circular"] = conv1
    return c


# PyTorch 2.13: (shape, values rounded to 6 digits) of each case
RECORDED = {
    "lrn4": (
        [2, 4, 2, 2],
        [
            0.591004,
            1.818382,
            -1.05956,
            -1.545417,
            1.45771,
            1.169696,
            -1.75903,
            -0.716405,
            1.943549,
            0.215496,
            -1.999047,
            0.299738,
            1.921946,
            -0.795098,
            -1.717116,
            1.23762,
            1.398403,
            -1.597784,
            -0.986658,
            1.851959,
            0.509333,
            -1.983066,
            0.001776,
            1.982609,
            -0.512767,
            -1.850546,
            0.989673,
            1.595621,
            -1.40094,
            -1.234725,
            1.719063,
            0.791788,
        ],
    ),
    "lrn3": (
        [2, 5, 2],
        [
            0.416116,
            1.235863,
            -0.735881,
            -1.022476,
            0.991445,
            0.790888,
            -1.170058,
            -0.4951,
            1.26983,
            0.151331,
            -1.348123,
            0.211721,
            1.244824,
            -0.557222,
            -1.124575,
            0.852411,
            0.933303,
            -1.076354,
            -0.673465,
            1.221573,
        ],
    ),
    "lrn5": (
        [1, 4, 2, 1, 2],
        [
            0.541522,
            1.553478,
            -0.917985,
            -1.396191,
            1.188813,
            0.997886,
            -1.359117,
            -0.645332,
            1.436089,
            0.180382,
            -1.433649,
            0.257246,
            1.432603,
            -0.739071,
            -1.265722,
            1.147012,
        ],
    ),
    "shuffle": (
        [1, 6, 2],
        [
            0.59104,
            1.818595,
            1.457938,
            1.169834,
            1.944015,
            0.215507,
            -1.059672,
            -1.545529,
            -1.759392,
            -0.716459,
            -1.999549,
            0.299754,
        ],
    ),
    "shuffle_mod": (
        [1, 4, 1, 2],
        [0.59104, 1.818595, 1.457938, 1.169834, -1.059672, -1.545529, -1.759392, -0.716459],
    ),
    "lp2": ([1, 1, 2, 2], [2.674082, 2.668396, 2.855363, 2.927351]),
    "lp2_stride": ([1, 1, 2, 2], [2.599064, 2.635753, 2.943284, 2.490436]),
    "lp1": ([1, 2, 3], [2.518871, 2.83468, 3.062495, 2.268621, 2.122226, 2.322018]),
    "lp1_inf": ([1, 2, 2], [1.818595, 1.545529, 1.944015, 1.999549]),
    "unpool2": (
        [1, 2, 4, 4],
        [
            0.0,
            1.818595,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            -0.716459,
            1.944015,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            1.23767,
            1.39848,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            1.9831,
            -0.512799,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            1.719232,
            0.0,
        ],
    ),
    "unpool2_size": (
        [1, 2, 5, 5],
        [
            0.0,
            1.818595,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            -0.716459,
            1.944015,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            1.23767,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            1.39848,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            1.9831,
            -0.512799,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            1.719232,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
            0.0,
        ],
    ),
    "unpool1": (
        [2, 6],
        [
            0.0,
            1.818595,
            -1.059672,
            0.0,
            1.457938,
            0.0,
            0.0,
            -0.716459,
            1.944015,
            0.0,
            0.0,
            0.299754,
        ],
    ),
    "eb_mean": (
        [4, 3],
        [
            -1.65246,
            0.37074,
            1.556925,
            0.0,
            0.0,
            0.0,
            1.250339,
            0.807321,
            -1.458376,
            0.215507,
            -1.999549,
            0.299754,
        ],
    ),
    "eb_sum": (
        [4, 3],
        [
            -3.304921,
            0.74148,
            3.113849,
            0.0,
            0.0,
            0.0,
            3.751016,
            2.421963,
            -4.375129,
            0.431015,
            -3.999098,
            0.599509,
        ],
    ),
    "eb_max": (
        [4, 3],
        [
            -1.545529,
            1.457938,
            1.944015,
            0.0,
            0.0,
            0.0,
            1.922305,
            1.818595,
            -1.059672,
            0.215507,
            -1.999549,
            0.299754,
        ],
    ),
    "eb_psw": (
        [4, 3],
        [
            -4.113091,
            -0.441247,
            4.226795,
            0.0,
            0.0,
            0.0,
            -3.088168,
            1.332565,
            2.744781,
            -0.127054,
            1.178848,
            -0.176722,
        ],
    ),
    "eb_last": (
        [4, 3],
        [
            -3.304921,
            0.74148,
            3.113849,
            0.0,
            0.0,
            0.0,
            3.751016,
            2.421963,
            -4.375129,
            0.215507,
            -1.999549,
            0.299754,
        ],
    ),
    "eb_pad": (
        [4, 3],
        [-1.65246, 0.37074, 1.556925, 0.0, 0.0, 0.0, 1.250339, 0.807321, -1.458376, 0.0, 0.0, 0.0],
    ),
    "eb_pad_max": (
        [4, 3],
        [
            -1.545529,
            1.457938,
            1.944015,
            0.0,
            0.0,
            0.0,
            1.922305,
            1.818595,
            -1.059672,
            0.215507,
            -1.999549,
            0.299754,
        ],
    ),
    "eb_2d": ([2, 3], [0.215507, 1.457938, 1.944015, 1.23767, 1.818595, -1.059672]),
    "rrelu_eval": (
        [2, 4],
        [0.59104, 1.818595, -0.370885, -0.540935, 1.457938, 1.169834, -0.615787, -0.25076],
    ),
    "sync_bn": (
        [2, 4, 2, 2],
        [
            0.375702,
            1.242236,
            -0.78954,
            -1.132508,
            0.998442,
            0.789256,
            -1.337598,
            -0.580345,
            1.35427,
            0.094934,
            -1.518887,
            0.156313,
            1.319475,
            -0.611387,
            -1.266729,
            0.833007,
            0.945676,
            -1.169578,
            -0.738016,
            1.266028,
            0.309702,
            -1.500361,
            -0.058848,
            1.379752,
            -0.435688,
            -1.410627,
            0.659037,
            1.100647,
            -1.041914,
            -0.923863,
            1.175181,
            0.51623,
        ],
    ),
    "alpha_float32": (
        [3, 5],
        [
            0.96295,
            2.019816,
            -1.059548,
            -0.876535,
            -1.059548,
            1.461264,
            -1.060661,
            -0.162745,
            2.127797,
            -1.059548,
            -1.267425,
            0.712166,
            2.109106,
            -0.230461,
            -1.059548,
        ],
    ),
    "feature_alpha_float32": (
        [3, 4, 2],
        [
            1.11733,
            2.177056,
            -0.307702,
            -0.727134,
            -0.910642,
            -0.910642,
            -0.911757,
            -0.011412,
            -0.910642,
            -0.910642,
            -0.910642,
            -0.910642,
            2.266587,
            -0.079311,
            -0.875519,
            1.675554,
            1.814378,
            -0.772468,
            -0.910642,
            -0.910642,
            1.04682,
            -1.105276,
            0.608628,
            2.31907,
        ],
    ),
    "rrelu_train_float32": (
        [3, 5],
        [
            0.59104,
            1.818595,
            -0.310065,
            -0.274992,
            1.457938,
            1.169834,
            -0.36639,
            -0.13938,
            1.944015,
            0.215507,
            -0.359589,
            0.299754,
            1.922305,
            -0.282605,
            -0.47021,
        ],
    ),
    "alpha_float64": (
        [3, 5],
        [
            0.96295,
            2.019816,
            -1.059548,
            -0.876535,
            -1.059548,
            1.461264,
            -1.060661,
            -0.162745,
            2.127797,
            -1.059548,
            -1.267425,
            0.712166,
            2.109106,
            -0.230461,
            -1.059548,
        ],
    ),
    "feature_alpha_float64": (
        [3, 4, 2],
        [
            1.11733,
            2.177056,
            -0.307702,
            -0.727134,
            -0.910642,
            -0.910642,
            -0.911757,
            -0.011412,
            -0.910642,
            -0.910642,
            -0.910642,
            -0.910642,
            2.266588,
            -0.079311,
            -0.875519,
            1.675554,
            1.814378,
            -0.772468,
            -0.910642,
            -0.910642,
            1.04682,
            -1.105276,
            0.608628,
            2.31907,
        ],
    ),
    "rrelu_train_float64": (
        [3, 5],
        [
            0.59104,
            1.818595,
            -0.310065,
            -0.274992,
            1.457938,
            1.169834,
            -0.36639,
            -0.13938,
            1.944015,
            0.215507,
            -0.359589,
            0.299754,
            1.922305,
            -0.282605,
            -0.47021,
        ],
    ),
    "conv2d_reflect": (
        [1, 2, 3, 6],
        [
            -0.055412,
            -0.305594,
            0.340661,
            -1.246706,
            0.370945,
            -0.676873,
            0.364093,
            -0.487349,
            -0.173381,
            -0.659892,
            0.308919,
            -0.941163,
            0.501901,
            -0.22933,
            0.130559,
            -0.56784,
            0.280591,
            -1.152172,
            -0.234916,
            -0.784442,
            -0.64294,
            -0.31132,
            0.243334,
            0.361736,
            0.03367,
            -0.716634,
            -1.035092,
            0.136703,
            0.561586,
            -0.054762,
            0.232377,
            -0.352346,
            -0.590749,
            0.153114,
            0.264417,
            0.201871,
        ],
    ),
    "conv3d_same_reflect": (
        [1, 1, 2, 3, 3],
        [
            -0.762589,
            -0.523887,
            -0.341974,
            -0.554029,
            -0.870691,
            -1.26722,
            0.567801,
            -0.791721,
            -0.208879,
            0.213671,
            -0.234853,
            0.396067,
            -0.145076,
            -0.199208,
            0.651588,
            -0.884521,
            -0.344632,
            -0.145527,
        ],
    ),
    "conv2d_replicate": (
        [1, 2, 3, 6],
        [
            -0.119388,
            -0.337917,
            0.266865,
            -0.895751,
            0.087996,
            0.201508,
            -0.254978,
            -0.566377,
            -0.173381,
            -0.659892,
            0.46742,
            0.197602,
            -0.478157,
            -0.502489,
            -0.117772,
            -0.655071,
            0.409244,
            -0.172593,
            -0.089471,
            -0.396201,
            -0.830606,
            -0.270263,
            0.649913,
            0.774657,
            -0.508754,
            -0.895312,
            -1.035092,
            0.136703,
            0.909991,
            0.563407,
            -0.905308,
            -0.994635,
            -0.75854,
            0.312933,
            0.422935,
            -0.188894,
        ],
    ),
    "conv3d_same_replicate": (
        [1, 1, 2, 3, 3],
        [
            -0.977275,
            -0.40133,
            0.329186,
            -0.554029,
            -0.870691,
            -0.819925,
            0.358514,
            -0.688178,
            -1.272006,
            -1.227334,
            0.462798,
            0.022484,
            -1.659274,
            -0.012565,
            0.806662,
            -1.328784,
            -1.389755,
            0.000819,
        ],
    ),
    "conv2d_circular": (
        [1, 2, 3, 6],
        [
            -0.410388,
            0.883034,
            0.234687,
            -1.566064,
            -0.410388,
            0.883034,
            0.026976,
            -0.016777,
            -0.173381,
            -0.659892,
            0.026976,
            -0.016777,
            -0.54285,
            -0.475666,
            0.287051,
            -0.362666,
            -0.54285,
            -0.475666,
            0.293796,
            0.200389,
            -0.488194,
            -0.437887,
            0.293796,
            0.200389,
            0.800085,
            -0.411634,
            -1.035092,
            0.136703,
            0.800085,
            -0.411634,
            -0.118773,
            -0.563564,
            -0.376012,
            0.087512,
            -0.118773,
            -0.563564,
        ],
    ),
    "conv3d_same_circular": (
        [1, 1, 2, 3, 3],
        [
            -0.592848,
            -0.384524,
            -0.333983,
            -0.554029,
            -0.870691,
            -0.176273,
            0.575413,
            -1.013792,
            0.104731,
            0.058377,
            -0.031472,
            -0.213802,
            -0.145076,
            -0.199208,
            -0.046367,
            -0.99485,
            0.040479,
            -0.360022,
        ],
    ),
    "conv1d_circular": (
        [1, 2, 3],
        [1.181242, -1.109746, -0.728357, -0.207398, -0.940441, 0.786605],
    ),
}

GRAD_FNS = {  # PyTorch 2.13's type(y.grad_fn).__name__
    "lrn4": "DivBackward0",
    "lrn3": "DivBackward0",
    "shuffle": "ChannelShuffleBackward0",
    "lp2": "PowBackward0",
    "lp1": "PowBackward0",
    "unpool2": "MaxUnpool2DBackward0",
    "unpool1": "SqueezeBackward1",
    "eb_mean": "EmbeddingBagBackward0",
    "eb_max": "EmbeddingBagBackward0",
    "alpha_float32": "AddBackward0",
    "rrelu_eval": "RreluWithNoiseBackward0",
    "rrelu_train_float32": "RreluWithNoiseBackward0",
    "sync_bn": "NativeBatchNormBackward0",
    "conv2d_reflect": "ConvolutionBackward0",
}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_forward_matches_pytorch(name):
    y = _cases(torch, nn, F)[name]()
    shape, values = RECORDED[name]
    assert list(y.shape) == shape
    got = y.detach().double().flatten().tolist()
    assert got == pytest.approx(values, rel=1e-5, abs=2e-6, nan_ok=True)


@pytest.mark.parametrize("name", sorted(GRAD_FNS))
def test_grad_fn_names(name):
    y = _cases(_Grad(), nn, F)[name]()
    assert type(y.grad_fn).__name__ == GRAD_FNS[name]


class _Grad:
    """The torch namespace, but tensor() makes float tensors that require grad."""

    def tensor(self, data, dtype=None):
        t = torch.tensor(data, dtype=dtype)
        return t.requires_grad_() if t.dtype.is_floating_point else t

    def __getattr__(self, name):
        return getattr(torch, name)


def _x(*shape, low=None):
    """A float64 leaf of shape with values from sin (nonzero, no ties), |x| + low if low given."""
    n = math.prod(shape)
    t = torch.tensor([math.sin(2.3 * i + 0.7) for i in range(n)], dtype=torch.float64)
    t = t.reshape(shape) if low is None else t.reshape(shape).abs() + low
    return t.requires_grad_()


def _seeded(f, seed: int = 7):
    """f with the random stream reset first, so every evaluation draws the same noise."""

    def g(*args):
        torch.manual_seed(seed)
        return f(*args)

    return g


GRADIENT_CASES = {
    "lrn3": (lambda x: F.local_response_norm(x, 3, alpha=0.5), [(2, 4, 3)]),
    "lrn4": (lambda x: F.local_response_norm(x, 2, alpha=0.3, beta=0.6, k=1.5), [(1, 3, 2, 2)]),
    "lrn5": (lambda x: nn.LocalResponseNorm(4, alpha=0.4)(x), [(1, 5, 2, 1, 2)]),
    "shuffle": (lambda x: F.channel_shuffle(x, 2), [(2, 4, 3)]),
    "lp1": (lambda x: F.lp_pool1d(x, 3, 2), [(1, 2, 6)]),
    "lp2": (lambda x: F.lp_pool2d(x, 1.5, (2, 3), stride=1), [(1, 1, 3, 4)]),
    "unpool2": (
        lambda x: F.max_unpool2d(x, torch.tensor([[[[0, 3], [9, 14]]]]), 2),
        [(1, 1, 2, 2)],
    ),
    "unpool1": (lambda x: F.max_unpool1d(x, torch.tensor([[1, 2, 5]]), 2), [(1, 3)]),
    "rrelu_eval": (lambda x: F.rrelu(x, 0.2, 0.4), [(3, 4)]),
    "rrelu_train": (_seeded(lambda x: F.rrelu(x, 0.2, 0.4, training=True)), [(3, 4)]),
    "alpha": (_seeded(lambda x: F.alpha_dropout(x, 0.4, True)), [(3, 4)]),
    "feature_alpha": (_seeded(lambda x: F.feature_alpha_dropout(x, 0.4, True)), [(3, 4, 2)]),
    "sync_bn": (lambda x: nn.SyncBatchNorm(3).double()(x), [(4, 3, 2)]),
}


@pytest.mark.parametrize("name", sorted(GRADIENT_CASES))
def test_gradients_by_finite_differences(name):
    f, shapes = GRADIENT_CASES[name]
    low = 0.5 if name.startswith("lp") else None  # lp_pool's |x|^p: away from 0
    assert gradcheck(f, tuple(_x(*s, low=low) for s in shapes))


@pytest.mark.parametrize("mode", ["sum", "mean", "max"])
def test_embedding_bag_weight_gradient(mode):
    indices = torch.tensor([1, 2, 4, 0, 3, 3, 1])
    offsets = torch.tensor([0, 2, 2, 5])
    weight = _x(5, 3)
    assert gradcheck(lambda w: F.embedding_bag(indices, w, offsets, mode=mode), (weight,))
    padded = lambda w: F.embedding_bag(indices, w, offsets, mode=mode, padding_idx=3)  # noqa: E731
    assert gradcheck(padded, (weight,))


def test_embedding_bag_per_sample_weights_gradient():
    indices = torch.tensor([1, 2, 4, 0, 3])
    offsets = torch.tensor([0, 3])

    def f(w, psw):
        return F.embedding_bag(indices, w, offsets, mode="sum", per_sample_weights=psw)

    assert gradcheck(f, (_x(5, 3), _x(5)))


@pytest.mark.parametrize("mode", ["reflect", "replicate", "circular"])
def test_conv_padding_mode_gradients(mode):
    torch.manual_seed(0)
    conv = nn.Conv2d(1, 2, 3, padding=(1, 2), padding_mode=mode, dtype=torch.float64)
    assert gradcheck(lambda x: conv(x), (_x(1, 1, 3, 4),))
    conv1 = nn.Conv1d(1, 1, 2, padding="same", padding_mode=mode, dtype=torch.float64)
    assert gradcheck(lambda x: conv1(x), (_x(1, 1, 5),))
