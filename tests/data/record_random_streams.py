"""Record PyTorch's CPU random numbers for tests/test_random_streams.py.

Run with real PyTorch (2.13, CPU) to re-record:
    python tests/data/record_random_streams.py   # writes tests/data/random_streams.json

Each case is a snippet run as is under PyTorch here and under autograd_nb in the test; `out` is
the tensor (or list of tensors, or number) compared. Small results are stored whole; results of
more than 100 numbers as their sha256 plus the first and last values. "close" marks results that
need not match to the last bit: float64 samples past 4096 values (their log / log1p come from
NumPy, not the C library) and LAPACK's QR.
"""

from __future__ import annotations

import hashlib
import json
import pathlib

import torch
from torch import nn
from torch.nn import functional as F

SEEDS = (0, 42, 2**40 + 3)
SIZES = (1, 7, 15, 16, 17, 100, 1000)
DTYPES = ("float32", "float64")


def cases():
    """(name, code, match) triples."""
    for seed in SEEDS:
        for n in SIZES:
            for dt in DTYPES:
                d = f"dtype=torch.{dt}"
                pre = f"torch.manual_seed({seed})\n"
                yield f"rand-{seed}-{n}-{dt}", pre + f"out = torch.rand({n}, {d})", "exact"
                yield (
                    f"uniform_-{seed}-{n}-{dt}",
                    pre + f"out = torch.empty({n}, {d}).uniform_(-2.5, 0.3)",
                    "exact",
                )
                yield f"randn-{seed}-{n}-{dt}", pre + f"out = torch.randn({n}, {d})", "exact"
                yield (
                    f"normal_-{seed}-{n}-{dt}",
                    pre + f"out = torch.empty({n}, {d}).normal_(0.5, 2.0)",
                    "exact",
                )
                yield (
                    f"exponential_-{seed}-{n}-{dt}",
                    pre + f"out = torch.empty({n}, {d}).exponential_(1.5)",
                    "exact",
                )
                yield (
                    f"bernoulli-p-tensor-{seed}-{n}-{dt}",
                    pre + f"p = torch.linspace(0, 1, {n}, {d})\nout = torch.bernoulli(p)",
                    "exact",
                )
                yield (
                    f"bernoulli_-scalar-{seed}-{n}-{dt}",
                    pre + f"out = torch.empty({n}, {d}).bernoulli_(0.3)",
                    "exact",
                )
            yield (
                f"randperm-{seed}-{n}",
                f"torch.manual_seed({seed})\nout = torch.randperm({n})",
                "exact",
            )
            yield (
                f"randint-{seed}-{n}",
                f"torch.manual_seed({seed})\nout = torch.randint(-3, 10, ({n},))",
                "exact",
            )
    # past 4096 values, float64 log / log1p go through NumPy: close, not always exact
    for what in (
        "torch.randn(20000, dtype=torch.float64)",
        "torch.empty(20000, dtype=torch.float64).exponential_()",
    ):
        yield f"large-{what}", f"torch.manual_seed(0)\nout = {what}", "close"
    # float16: float32 samples rounded (normal fills of 16 or more: float32 blocks, the ragged
    # end's uniforms drawn once)
    for seed in SEEDS[:2]:
        yield (
            f"float16-{seed}",
            f"torch.manual_seed({seed})\nh = torch.float16\n"
            "out = [torch.rand(20, dtype=h), torch.empty(5, dtype=h).uniform_(-1, 2), "
            "torch.randn(5, dtype=h), torch.randn(40, dtype=h), torch.randn(16, dtype=h), "
            "torch.empty(17, dtype=h).normal_(0.5, 2), torch.randint(0, 100, (5,), dtype=h), "
            "torch.empty(5, dtype=h).exponential_(), torch.bernoulli(torch.full((5,), 0.5, dtype=h)), "
            "torch.randn(100, dtype=h)]",
            "exact",
        )
    # the scalar Box-Muller caches its second value in the generator
    yield (
        "randn-cache",
        "torch.manual_seed(0)\nout = [torch.randn(3), torch.randn(5), torch.randn(1), torch.randn(20), torch.randn(2, dtype=torch.float64)]",
        "close",
    )
    yield (
        "randn-2d-size-kw",
        "torch.manual_seed(0)\nout = [torch.randn(size=(2, 3)), torch.rand(size=[4]), torch.normal(0.0, 1.0, size=(2, 2))]",
        "exact",
    )
    yield (
        "rand_like-randn_like",
        "torch.manual_seed(1)\nx = torch.zeros(4, 5)\nout = [torch.rand_like(x), torch.randn_like(x), torch.randint_like(x, 3, 9)]",
        "exact",
    )
    yield (
        "normal-tensors",
        "torch.manual_seed(2)\nout = [torch.normal(torch.arange(4.0), torch.ones(4) * 0.5), torch.normal(torch.zeros(20), 3.0), torch.normal(1.5, torch.ones(3, 1)), torch.normal(torch.zeros(3), torch.ones(2, 1))]",
        "exact",
    )
    yield (
        "noncontiguous-fills",
        "torch.manual_seed(3)\nx = torch.zeros(5, 4).t()\nx.uniform_()\ny = torch.zeros(6, 5).t()\ny.normal_()\n"
        "z = torch.zeros(4, 3).t()\nz.random_(0, 100)\nw = torch.zeros(2, 3, 4).permute(2, 0, 1)\n"
        "w.bernoulli_(torch.linspace(0, 1, 3))\nv = torch.zeros(3, 5).t()\nv.exponential_()\n"
        "out = [x, y, z, w, v, torch.bernoulli(torch.rand(3, 4).t())]",
        "exact",
    )
    yield (
        "randint-dtypes",
        "torch.manual_seed(4)\nout = [torch.randint(0, 2**40, (5,)), torch.randint(-5, 5, (6,), dtype=torch.int32), torch.randint(0, 256, (4,), dtype=torch.uint8), torch.randint(0, 2**33, (3,), dtype=torch.float64), torch.randint(0, 2**25 + 7, (3,), dtype=torch.float32), torch.randint(10, (2, 3))]",
        "exact",
    )
    yield (
        "random_-variants",
        "torch.manual_seed(5)\nout = [torch.empty(4, dtype=torch.int64).random_(), torch.empty(4).random_(), torch.empty(4, dtype=torch.float64).random_(), torch.empty(4, dtype=torch.int32).random_(), torch.empty(4, dtype=torch.uint8).random_(), torch.empty(3, dtype=torch.int64).random_(7), torch.empty(3).random_(2, 9), torch.empty(3, dtype=torch.bool).random_()]",
        "exact",
    )
    yield (
        "bernoulli-broadcast-p",
        "torch.manual_seed(6)\np = torch.tensor([0.1, 0.5, 0.9])\nout = [torch.empty(4, 3).bernoulli_(p), torch.empty(3, dtype=torch.float64).bernoulli_(0.5), torch.bernoulli(torch.full((2, 2), 0.5, dtype=torch.float64))]",
        "exact",
    )
    for seed in (0, 9):
        yield (
            f"dropout-{seed}",
            f"torch.manual_seed({seed})\nx = torch.randn(4, 6)\nout = [F.dropout(x, 0.3), F.dropout(x, 0.5, training=True), nn.Dropout(0.2)(torch.ones(3, 5)), F.dropout2d(torch.ones(2, 3, 2, 2), 0.5)]",
            "exact",
        )
        for rows, cats in ((1, 5), (3, 7), (2, 40)):
            yield (
                f"multinomial-{seed}-{rows}x{cats}",
                f"torch.manual_seed({seed})\np = torch.rand({rows}, {cats})\n"
                "out = [torch.multinomial(p, 4, replacement=True), torch.multinomial(p, 3), "
                "torch.multinomial(p, 1), torch.multinomial(p.double(), 5, True), "
                "torch.multinomial(p[0], 2)]",
                "exact",
            )
    # generators and state
    yield (
        "generator-objects",
        "g = torch.Generator().manual_seed(7)\ntorch.manual_seed(0)\nout = [torch.rand(3, generator=g), torch.randn(20, generator=g), torch.randperm(6, generator=g), torch.rand(2), torch.randint(0, 5, (3,), generator=g), torch.empty(3).uniform_(generator=g), torch.empty(17).normal_(generator=g), torch.bernoulli(torch.full((4,), 0.5), generator=g), torch.multinomial(torch.ones(5), 2, generator=g), torch.tensor(g.initial_seed())]",
        "exact",
    )
    yield "state-fresh", "torch.manual_seed(3)\nout = torch.get_rng_state()", "exact"
    yield (
        "state-cached-normal",
        "torch.manual_seed(3)\ntorch.randn(3)\nout = torch.get_rng_state()",
        "exact",
    )
    yield (
        "state-midblock",
        "torch.manual_seed(3)\ntorch.rand(1000)\ntorch.randn(1, dtype=torch.float64)\nout = [torch.get_rng_state(), torch.rand(3)]",
        "exact",
    )
    yield (
        "state-set",
        "torch.manual_seed(11)\ntorch.randn(1)\ns = torch.get_rng_state()\na = torch.randn(5)\ntorch.set_rng_state(s)\nout = [a, torch.randn(5), torch.tensor(torch.initial_seed())]",
        "exact",
    )
    yield (
        "state-generator",
        "torch.manual_seed(13)\ng = torch.Generator()\ng.manual_seed(12)\ntorch.rand(700, generator=g)\nout = [g.get_state(), torch.tensor(g.initial_seed()), torch.tensor(torch.default_generator.initial_seed())]",
        "exact",
    )
    # layers and nn.init
    yield "linear", "torch.manual_seed(0)\nm = nn.Linear(4, 3)\nout = [m.weight, m.bias]", "exact"
    yield (
        "linear-mlp",
        "torch.manual_seed(42)\nnet = nn.Sequential(nn.Linear(20, 256), nn.ReLU(), nn.Linear(256, 10))\nout = [p for p in net.parameters()]",
        "exact",
    )
    yield (
        "conv",
        "torch.manual_seed(0)\nout = [p for m in (nn.Conv1d(2, 3, 3), nn.Conv2d(1, 6, 5), nn.ConvTranspose2d(2, 3, 2)) for p in m.parameters()]",
        "exact",
    )
    yield (
        "rnns",
        "torch.manual_seed(0)\nout = [p for m in (nn.RNN(3, 4), nn.LSTM(3, 4, num_layers=2), nn.GRU(2, 3, bidirectional=True)) for p in m.parameters()]",
        "exact",
    )
    yield (
        "embedding-batchnorm",
        "torch.manual_seed(0)\nout = [nn.Embedding(10, 3).weight, nn.Embedding(3, 2).weight, nn.BatchNorm1d(4).weight, nn.LayerNorm(3).bias]",
        "exact",
    )
    yield (
        "bilinear-attention",
        "torch.manual_seed(0)\nout = [p for m in (nn.Bilinear(2, 3, 4), nn.MultiheadAttention(8, 2)) for p in m.parameters()]",
        "exact",
    )
    yield (
        "init-functions",
        "torch.manual_seed(0)\nw = torch.empty(5, 4)\nout = [nn.init.uniform_(w.clone(), -0.1, 0.2), nn.init.normal_(w.clone(), 0, 0.02), nn.init.xavier_uniform_(w.clone()), nn.init.xavier_normal_(w.clone()), nn.init.kaiming_uniform_(w.clone(), nonlinearity='relu'), nn.init.kaiming_normal_(w.clone(), mode='fan_out'), nn.init.trunc_normal_(w.clone(), std=0.02), nn.init.trunc_normal_(torch.empty(30), mean=0.0, std=1.0, a=1.0, b=3.0), nn.init.sparse_(w.clone(), 0.5)]",
        "exact",
    )
    yield (
        "init-orthogonal",
        "torch.manual_seed(0)\nout = [nn.init.orthogonal_(torch.empty(3, 5)), nn.init.orthogonal_(torch.empty(4, 2))]",
        "close",
    )
    # data loading and distributions
    yield (
        "dataloader-shuffle",
        "torch.manual_seed(0)\nfrom torch.utils.data import DataLoader, TensorDataset, random_split\nds = TensorDataset(torch.arange(10))\nout = [b[0] for b in DataLoader(ds, batch_size=4, shuffle=True)] + [torch.tensor(random_split(range(10), [7, 3])[1].indices)]",
        "exact",
    )
    yield (
        "distributions",
        "torch.manual_seed(0)\nfrom torch import distributions as D\nout = [D.Normal(torch.zeros(3), torch.ones(3)).sample((2,)), D.Normal(0.0, 2.0).rsample((20,)), D.Bernoulli(probs=torch.tensor([0.2, 0.7])).sample((3,)), D.Categorical(probs=torch.tensor([0.1, 0.6, 0.3])).sample((5,)), D.Uniform(-1.0, 1.0).sample((4,)), D.Exponential(torch.tensor([2.0])).sample((3,))]",
        "exact",
    )


def more_distributions():
    yield (
        "distributions-more",
        "torch.manual_seed(1)\nfrom torch import distributions as D\n"
        "out = [D.Exponential(2.0).rsample((3,)), "
        "D.OneHotCategorical(probs=torch.tensor([0.2, 0.3, 0.5])).sample((3,)), "
        "D.MultivariateNormal(torch.zeros(2), torch.eye(2)).sample((2,)), "
        "D.Categorical(logits=torch.zeros(2, 4)).sample((3,)), "
        "D.Independent(D.Normal(torch.zeros(3), torch.ones(3)), 1).sample()]",
        "exact",
    )
    # Laplace's samples go through float32 log1p, whose last bit is PyTorch's own (Sleef)
    yield (
        "distributions-laplace",
        "torch.manual_seed(1)\nfrom torch import distributions as D\n"
        "out = [D.Laplace(0.0, 1.0).sample((5,)), D.Laplace(torch.zeros(2), 2.0).rsample((3,))]",
        "close",
    )


def flatten(out) -> list:
    return out if isinstance(out, list) else [out]


def record(code: str, match: str):
    scope = {"torch": torch, "nn": nn, "F": F}
    exec(code, scope)
    parts = []
    for t in flatten(scope["out"]):
        t = t.detach()
        entry = {"dtype": str(t.dtype).removeprefix("torch."), "shape": list(t.shape)}
        values = t.reshape(-1).tolist()
        if t.dtype == torch.uint8 and t.numel() == 5056:
            entry["hex"] = bytes(values).hex()
        elif len(values) > 100 and match == "exact":
            entry["sha256"] = hashlib.sha256(t.contiguous().numpy().tobytes()).hexdigest()
            entry["head"], entry["tail"] = values[:8], values[-8:]
        elif len(values) > 1000:  # close: every 97th value
            entry["every_97th"] = values[::97]
        else:
            entry["values"] = values
        parts.append(entry)
    return parts


def main() -> None:
    recorded = [
        {"name": name, "code": code, "match": match, "out": record(code, match)}
        for name, code, match in (*cases(), *more_distributions())
    ]
    path = pathlib.Path(__file__).with_name("random_streams.json")
    lines = ",\n".join(json.dumps(case) for case in recorded)  # one case a line
    path.write_text(f'{{"torch": "{torch.__version__}", "cases": [\n{lines}\n]}}\n')
    print(f"{len(recorded)} cases -> {path}")


if __name__ == "__main__":
    main()
