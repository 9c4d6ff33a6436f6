"""torch.nn.functional: layers (linear, convolutions, pooling, padding, resampling,
normalisation, attention, embeddings) and losses, with batches, zero-size batches, strides,
padding, dilation and reductions."""

from __future__ import annotations

import numpy as np

from .core import Const, OpEntry
from .samples import P, S, g, rand


def labels(*values, dtype=np.int64):
    return lambda rng: Const(np.array(values, dtype=dtype))


def const(shape, low=-1.0, high=1.0):
    return lambda rng: Const(rand(rng, shape, low, high))


def pos(shape, low=0.1, high=0.9):
    return lambda rng: rand(rng, shape, low, high)


LAYERS = {
    "linear": g(
        S("bias", (2, 3), (4, 3), (4,)),
        S("no-bias", (3,), (2, 3)),
        S("batch", (2, 2, 3), (4, 3)),
        S("empty-batch", (0, 3), (4, 3), (4,)),
    ),
    "bilinear": g(
        S("bias", (2, 3), (2, 2), (4, 3, 2), (4,)), S("no-bias", (1, 2), (1, 2), (1, 2, 2))
    ),
    "conv1d": g(
        S("default", (1, 2, 5), (3, 2, 2), (3,)),
        S("stride-pad-dil", (2, 2, 6), (2, 2, 2), None, 2, 1, 2),
        S("groups", (1, 4, 4), (2, 2, 3), groups=2),
        S("same", (1, 1, 4), (1, 1, 3), padding="same"),
    ),
    "conv2d": g(
        S("default", (1, 2, 4, 4), (2, 2, 2, 2), (2,)),
        S("stride-pad", (1, 1, 5, 4), (2, 1, 3, 2), None, P((2, 1)), 1),
        S("empty-batch", (0, 1, 3, 3), (1, 1, 2, 2)),
    ),
    "conv3d": g(S("default", (1, 1, 3, 3, 3), (2, 1, 2, 2, 2), (2,))),
    "conv_transpose1d": g(
        S("default", (1, 2, 4), (2, 3, 2), (3,)),
        S("stride-outpad", (1, 1, 3), (1, 2, 3), None, 2, 1, 1),
    ),
    "conv_transpose2d": g(
        S("default", (1, 2, 3, 3), (2, 1, 2, 2)),
        S("groups-dil", (1, 2, 3, 3), (2, 1, 2, 2), None, 1, 0, 0, 2, 2),
    ),
    "avg_pool1d": g(S("default", (1, 2, 5), 2), S("pad-ceil", (2, 1, 5), 3, 2, 1, True, False)),
    "avg_pool2d": g(
        S("default", (1, 1, 4, 4), 2),
        S("stride-pad", (1, 2, 5, 5), 3, 2, 1),
        S("divisor", (1, 1, 4, 4), 2, divisor_override=3),
    ),
    "avg_pool3d": g(S("default", (1, 1, 4, 4, 4), 2)),
    "max_pool1d": g(S("default", (1, 2, 5), 2), S("dilation", (1, 1, 7), 2, 1, 1, 2)),
    "max_pool2d": g(
        S("default", (1, 1, 4, 4), 2),
        S("pad-ceil", (1, 2, 5, 5), 3, 2, 1, ceil_mode=True),
        S("indices", (1, 1, 4, 4), 2, return_indices=True),
    ),
    "max_pool3d": g(S("default", (1, 1, 4, 4, 4), 2)),
    "adaptive_avg_pool1d": g(S("default", (1, 2, 5), 3)),
    "adaptive_avg_pool2d": g(
        S("default", (1, 2, 5, 4), P((3, 2))), S("none", (1, 1, 4, 4), P((None, 2)))
    ),
    "adaptive_avg_pool3d": g(
        S("default", (1, 1, 4, 3, 3), 2), S("empty-batch", (0, 1, 4, 4, 4), 2)
    ),
    "adaptive_max_pool1d": g(S("default", (1, 2, 5), 3)),
    "adaptive_max_pool2d": g(S("default", (1, 2, 5, 4), P((3, 2)))),
    "lp_pool1d": g(S("p2", pos((1, 2, 6)), 2.0, 2)),
    "lp_pool2d": g(S("p2", pos((1, 1, 4, 4)), 2.0, 2)),
    "pad": g(
        S("constant", (2, 3), P((1, 2)), value=0.5),
        S("reflect", (1, 2, 4), P((2, 1)), mode="reflect"),
        S("replicate", (1, 1, 3, 3), P((1, 1, 2, 0)), mode="replicate"),
        S("circular", (1, 2, 4), P((1, 2)), mode="circular"),
        S("negative", (2, 4), P((-1, 1))),
        S("reflect-2d", (1, 1, 3, 3), P((1, 1, 2, 0)), mode="reflect"),
        S("reflect-3d", (1, 1, 3, 3, 3), P((1, 0, 1, 1, 0, 1)), mode="reflect"),
        S("replicate-1d", (1, 2, 3), P((2, 1)), mode="replicate"),
        S("replicate-3d", (1, 1, 2, 2, 2), P((1, 0, 1, 1, 0, 1)), mode="replicate"),
    ),
    "interpolate": g(
        S("nearest", (1, 1, 3), scale_factor=2.0),
        S("linear", (1, 2, 3), size=5, mode="linear"),
        S("bilinear-corners", (1, 1, 2, 3), size=(3, 4), mode="bilinear", align_corners=True),
        S("bicubic", (1, 1, 3, 3), scale_factor=1.5, mode="bicubic"),
        S("nearest-exact", (1, 1, 3, 3), size=(5, 4), mode="nearest-exact"),
        S("trilinear", (1, 1, 2, 2, 2), scale_factor=2.0, mode="trilinear"),
        S("area", (1, 1, 4, 4), size=(2, 3), mode="area"),
        S("nearest-3d", (1, 1, 2, 2, 2), scale_factor=2.0),
        S("nearest-exact-1d", (1, 1, 3), size=5, mode="nearest-exact"),
        S("nearest-exact-3d", (1, 1, 2, 2, 2), size=(3, 3, 3), mode="nearest-exact"),
    ),
    "upsample": g(S("nearest", (1, 1, 3), scale_factor=2.0)),
    "embedding": g(
        S("repeated", labels(1, 0, 1), (3, 2)),
        S("padding-idx", labels([0, 2], [2, 2]), (3, 2), padding_idx=2, gradcheck=False),
        S(
            "max-norm",
            labels(0, 1),
            lambda rng: rand(rng, (3, 2), 1.0, 2.0),
            max_norm=1.0,
            gradcheck=False,
        ),
    ),
    "embedding_bag": g(
        S("mean", labels(0, 2, 1, 2), (3, 2), labels(0, 1)),
        S(
            "sum-weights",
            labels(0, 2, 1),
            (3, 2),
            labels(0, 2),
            mode="sum",
            per_sample_weights=lambda rng: rand(rng, (3,)),
        ),
        S("max", labels([0, 2], [1, 1]), (3, 2), mode="max"),
    ),
    "batch_norm": g(
        S(
            "train",
            (3, 2),
            const((2,)),
            lambda rng: Const(rand(rng, (2,), 0.5, 1.5)),
            (2,),
            (2,),
            True,
        ),
        S(
            "eval",
            (3, 2, 2),
            const((2,)),
            lambda rng: Const(rand(rng, (2,), 0.5, 1.5)),
            (2,),
            (2,),
            False,
        ),
        S("no-stats", (4, 2), None, None, training=True),
    ),
    "instance_norm": g(
        S(
            "affine",
            (2, 2, 3),
            weight=lambda rng: rand(rng, (2,)),
            bias=lambda rng: rand(rng, (2,)),
        ),
        S("plain", (1, 2, 2, 2)),
    ),
    "layer_norm": g(
        S("last", (2, 3), P((3,)), (3,), (3,)),
        S("two-dims", (2, 2, 3), P((2, 3))),
        S("empty-batch", (0, 3), P((3,))),
    ),
    "group_norm": g(S("groups", (2, 4, 2), 2, (4,), (4,)), S("one-group", (1, 2, 3), 1)),
    "rms_norm": g(S("weight", (2, 3), P((3,)), (3,)), S("eps", (2, 3), P((3,)), eps=0.1)),
    "local_response_norm": g(S("default", (1, 4, 3), 3)),
    "pixel_shuffle": g(S("default", (1, 4, 2, 3), 2)),
    "pixel_unshuffle": g(S("default", (1, 1, 4, 2), 2)),
    "channel_shuffle": g(S("default", (1, 4, 2), 2)),
    "unfold": g(
        S("default", (1, 2, 4, 4), 2), S("stride-pad-dil", (1, 1, 5, 4), P((2, 3)), 2, 1, P((2, 1)))
    ),
    "fold": g(
        S("default", (1, 4, 9), P((4, 4)), 2), S("stride", (1, 2, 4), P((4, 4)), P((1, 2)), 1, 0, 2)
    ),
    "glu": g(S("last", (2, 4)), S("dim0", (4, 3), 0)),
    "prelu": g(S("one", (2, 3), (1,)), S("channels", (2, 3, 2), (3,)), S("0-d-weight", (2, 3), ())),
    "scaled_dot_product_attention": g(
        S("default", (1, 2, 3), (1, 4, 3), (1, 4, 2)),
        S("causal", (2, 3, 2), (2, 3, 2), (2, 3, 2), is_causal=True),
        S(
            "mask",
            (1, 2, 2),
            (1, 3, 2),
            (1, 3, 2),
            lambda rng: Const(np.array([[True, False, True], [True, True, False]])),
        ),
        S("scale", (1, 2, 2), (1, 2, 2), (1, 2, 2), scale=0.3),
    ),
    "cosine_similarity": g(S("default", (2, 3), (2, 3))),
    "pairwise_distance": g(S("default", (2, 3), (2, 3)), S("p1-eps", (2, 3), (2, 3), 1.0, 0.1)),
    "pdist": g(S("default", (3, 2))),
    "one_hot": g(S("default", labels(0, 2, 1)), S("classes", labels([1], [0]), 4)),
}


def _reductions(*makers):
    """Each sample with reduction "mean", "sum" and "none"."""

    def gen(rng):
        out = []
        for make in makers:
            for reduction in ("mean", "sum", "none"):
                s = make(rng)
                s.kwargs["reduction"] = reduction
                s.label += "-" + reduction
                out.append(s)
        return out

    return gen


LOSSES = {
    "mse_loss": _reductions(S("default", (2, 3), (2, 3))),
    "l1_loss": _reductions(S("default", (2, 3), (2, 3))),
    "smooth_l1_loss": _reductions(S("beta", (2, 3), (2, 3), beta=0.5)),
    "huber_loss": _reductions(S("delta", (2, 3), (2, 3), delta=0.5)),
    "binary_cross_entropy": _reductions(
        S("default", pos((2, 3)), pos((2, 3))),
        S("weight", pos((2, 3)), pos((2, 3)), const((3,), 0.5, 2)),
    ),
    "binary_cross_entropy_with_logits": _reductions(
        S("default", (2, 3), pos((2, 3))),
        S("pos-weight", (2, 3), pos((2, 3)), pos_weight=const((3,), 0.5, 2)),
    ),
    "cross_entropy": _reductions(
        S("classes", (3, 4), labels(0, 3, 3)),
        S("probabilities", (2, 3), lambda rng: Const(np.array([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]]))),
        S(
            "weight-ignore-smoothing",
            (3, 4),
            labels(0, 2, 1),
            weight=const((4,), 0.5, 2),
            ignore_index=2,
            label_smoothing=0.1,
        ),
        S("spatial", (2, 3, 2), labels([0, 2], [1, 1])),
    ),
    "nll_loss": _reductions(
        S("classes", (3, 4), labels(0, 3, 3)),
        S("weight-ignore", (3, 4), labels(0, 2, 1), weight=const((4,), 0.5, 2), ignore_index=2),
        S("spatial", (2, 3, 2, 1), labels([[0], [2]], [[1], [1]])),
    ),
    "kl_div": _reductions(
        S("default", (2, 3), pos((2, 3))), S("log-target", (2, 3), (2, 3), log_target=True)
    ),
    "poisson_nll_loss": _reductions(
        S("log-input", (2, 3), pos((2, 3), 0, 3)),
        S("full", pos((2, 3), 0.2, 2), pos((2, 3), 0, 3), log_input=False, full=True),
    ),
    "gaussian_nll_loss": _reductions(
        S("default", (2, 3), (2, 3), pos((2, 3))), S("full", (2, 3), (2, 3), pos((2, 1)), full=True)
    ),
    "cosine_embedding_loss": _reductions(
        S("default", (3, 2), (3, 2), labels(1, -1, 1), margin=0.2)
    ),
    "hinge_embedding_loss": _reductions(
        S("default", (2, 3), labels([1, -1, 1], [-1, -1, 1]), margin=0.5)
    ),
    "margin_ranking_loss": _reductions(S("default", (3,), (3,), labels(1, -1, 1), margin=0.1)),
    "multi_margin_loss": _reductions(
        S("default", (3, 4), labels(0, 3, 1)),
        S("p2-weight", (2, 3), labels(2, 0), p=2, margin=0.5, weight=const((3,), 0.5, 2)),
    ),
    "multilabel_margin_loss": _reductions(
        S("default", (2, 4), labels([3, 0, -1, 1], [1, 2, 3, -1]))
    ),
    "multilabel_soft_margin_loss": _reductions(S("default", (2, 3), labels([1, 0, 1], [0, 0, 1]))),
    "soft_margin_loss": _reductions(S("default", (2, 3), labels([1, -1, 1], [-1, -1, 1]))),
    "triplet_margin_loss": _reductions(
        S("default", (3, 2), (3, 2), (3, 2)),
        S("swap-p1", (2, 3), (2, 3), (2, 3), margin=0.5, p=1.0, swap=True),
    ),
    "ctc_loss": _reductions(
        S(
            "default",
            lambda rng: np.log(np.random.default_rng(1).dirichlet(np.ones(4), size=(5, 2))),
            labels([1, 2, 2], [3, 1, 0]),
            labels(5, 4),
            labels(3, 2),
        )
    ),
}


# torch.* twins of the functional layers (same signature)
TORCH_TWINS = set(
    "conv1d conv2d conv3d conv_transpose1d conv_transpose2d avg_pool1d adaptive_avg_pool1d "
    "max_pool1d max_pool2d max_pool3d pixel_shuffle pixel_unshuffle channel_shuffle bilinear "
    "prelu".split()
)


EXTRA_ALIASES = {
    "prelu": ("Tensor.prelu",),
    "channel_shuffle": ("native_channel_shuffle", "nn.functional.native_channel_shuffle"),
}


def entries() -> list:
    out = [
        OpEntry(
            "nn.functional." + name,
            gen,
            rtol=1e-6,
            aliases=(name,) * (name in TORCH_TWINS) + EXTRA_ALIASES.get(name, ()),
        )
        for name, gen in LAYERS.items()
    ]
    out += [
        OpEntry(
            "nn.functional." + name,
            gen,
            rtol=1e-6,
            pytorch_gradient_wrong="PyTorch's OpInfo marks its gradient as wrong"
            if name == "ctc_loss"
            else "",
        )
        for name, gen in LOSSES.items()
    ]
    return out
