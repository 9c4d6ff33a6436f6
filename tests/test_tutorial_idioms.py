"""Learners' tutorial code in small rewritten form (Dive into Deep Learning's builders' guide and
CNN chapters, PyTorch's "Learn the Basics", the profiler recipe, micrograd's test), with the
output PyTorch 2.13 printed for the same code. Random values are not compared."""

from __future__ import annotations

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F

LENET_SUMMARY = """\
Conv2d output shape:\t torch.Size([1, 6, 28, 28])
Sigmoid output shape:\t torch.Size([1, 6, 28, 28])
AvgPool2d output shape:\t torch.Size([1, 6, 14, 14])
Conv2d output shape:\t torch.Size([1, 16, 10, 10])
Sigmoid output shape:\t torch.Size([1, 16, 10, 10])
AvgPool2d output shape:\t torch.Size([1, 16, 5, 5])
Flatten output shape:\t torch.Size([1, 400])
Linear output shape:\t torch.Size([1, 120])
Sigmoid output shape:\t torch.Size([1, 120])
Linear output shape:\t torch.Size([1, 84])
Sigmoid output shape:\t torch.Size([1, 84])
Linear output shape:\t torch.Size([1, 10])
"""


def lenet():
    return nn.Sequential(
        nn.LazyConv2d(6, kernel_size=5, padding=2),
        nn.Sigmoid(),
        nn.AvgPool2d(kernel_size=2, stride=2),
        nn.LazyConv2d(16, kernel_size=5),
        nn.Sigmoid(),
        nn.AvgPool2d(kernel_size=2, stride=2),
        nn.Flatten(),
        nn.LazyLinear(120),
        nn.Sigmoid(),
        nn.LazyLinear(84),
        nn.Sigmoid(),
        nn.LazyLinear(10),
    )


def test_d2l_lenet_layer_summary_and_init(capsys):
    net = lenet()
    X = torch.randn(1, 1, 28, 28)
    for layer in net:
        X = layer(X)
        print(layer.__class__.__name__, "output shape:\t", X.shape)
    assert capsys.readouterr().out == LENET_SUMMARY

    def init_cnn(module):  # D2L's init_cnn, applied after a dummy forward (apply_init)
        if type(module) == nn.Linear or type(module) == nn.Conv2d:  # noqa: E721 - D2L's code
            nn.init.xavier_uniform_(module.weight)

    net = lenet()
    net(torch.randn(2, 1, 28, 28))
    net.apply(init_cnn)
    assert repr(net[3]) == "Conv2d(6, 16, kernel_size=(5, 5), stride=(1, 1))"
    assert repr(net[7]) == "Linear(in_features=400, out_features=120, bias=True)"


def test_d2l_batch_norm_lenet_reprs():
    net = nn.Sequential(nn.LazyConv2d(6, kernel_size=5), nn.LazyBatchNorm2d(), nn.Sigmoid())
    net.append(nn.Flatten()).append(nn.LazyLinear(120)).append(nn.LazyBatchNorm1d())
    assert repr(net[1]) == (
        "LazyBatchNorm2d(0, eps=1e-05, momentum=0.1, affine=True, bias=True, "
        "track_running_stats=True)"
    )
    net(torch.randn(4, 1, 28, 28))
    assert repr(net[0]) == "Conv2d(1, 6, kernel_size=(5, 5), stride=(1, 1))"
    assert repr(net[1]) == (
        "BatchNorm2d(6, eps=1e-05, momentum=0.1, affine=True, bias=True, track_running_stats=True)"
    )
    assert repr(net[4]) == "Linear(in_features=3456, out_features=120, bias=True)"
    assert net[1].running_mean.shape == (6,) and int(net[1].num_batches_tracked) == 1


class Residual(nn.Module):
    """D2L 8.6's residual block."""

    def __init__(self, num_channels, use_1x1conv=False, strides=1):
        super().__init__()
        self.conv1 = nn.LazyConv2d(num_channels, kernel_size=3, padding=1, stride=strides)
        self.conv2 = nn.LazyConv2d(num_channels, kernel_size=3, padding=1)
        self.conv3 = nn.LazyConv2d(num_channels, 1, stride=strides) if use_1x1conv else None
        self.bn1 = nn.LazyBatchNorm2d()
        self.bn2 = nn.LazyBatchNorm2d()

    def forward(self, X):
        Y = F.relu(self.bn1(self.conv1(X)))
        Y = self.bn2(self.conv2(Y))
        if self.conv3:
            X = self.conv3(X)
        Y += X
        return F.relu(Y)


def test_d2l_residual_blocks():
    X = torch.randn(4, 3, 6, 6)
    assert Residual(3)(X).shape == (4, 3, 6, 6)
    blk = Residual(6, use_1x1conv=True, strides=2)
    assert blk(X).shape == (4, 6, 3, 3)
    assert repr(blk.conv3) == "Conv2d(3, 6, kernel_size=(1, 1), stride=(2, 2))"
    opt = torch.optim.SGD(Residual(3).parameters(), lr=0.1)
    assert len(opt.param_groups[0]["params"]) == 8


def test_d2l_parameter_management(capsys):
    net = nn.Sequential(nn.LazyLinear(8), nn.ReLU(), nn.LazyLinear(1))
    X = torch.rand(2, 4)
    print(net(X).shape)
    print(list(net[2].state_dict().keys()), [v.shape for v in net[2].state_dict().values()])
    print(type(net[2].bias), net[2].bias.data.shape)
    print(net[2].weight.grad == None)  # noqa: E711 - D2L's code
    print([(name, param.shape) for name, param in net.named_parameters()])
    assert capsys.readouterr().out == (
        "torch.Size([2, 1])\n"
        "['weight', 'bias'] [torch.Size([1, 8]), torch.Size([1])]\n"
        "<class 'torch.nn.parameter.Parameter'> torch.Size([1])\n"
        "True\n"
        "[('0.weight', torch.Size([8, 4])), ('0.bias', torch.Size([8])), "
        "('2.weight', torch.Size([1, 8])), ('2.bias', torch.Size([1]))]\n"
    )


def test_learn_the_basics_device_line_and_types(capsys):
    device = (
        torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"
    )
    t = torch.ones(5)
    print(type(t), type(t.shape), type(t.dtype), type(t.device))
    assert capsys.readouterr().out == (
        "<class 'torch.Tensor'> <class 'torch.Size'> <class 'torch.dtype'> <class 'torch.device'>\n"
    )
    assert device in ("cpu", "cuda")


def test_profiler_recipe_structure():
    model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 10))
    inputs = torch.randn(5, 32)
    activities = [torch.profiler.ProfilerActivity.CPU]
    with torch.profiler.profile(activities=activities, record_shapes=True) as prof:
        with torch.profiler.record_function("model_inference"):
            model(inputs)
    counts = {e.key: e.count for e in prof.key_averages()}
    assert {k: counts[k] for k in ("model_inference", "aten::linear", "aten::relu")} == {
        "model_inference": 1,
        "aten::linear": 2,
        "aten::relu": 1,
    }  # PyTorch 2.13's counts for the same code
    x = torch.randn(4, 3, requires_grad=True)
    with torch.autograd.profiler.profile() as p:
        (x * 2).sum().backward()
    rows = sorted(
        (e.key, e.count)
        for e in p.key_averages()
        if "Backward" in e.key or e.key in ("aten::mul", "aten::sum")
    )
    assert rows == [
        ("MulBackward0", 1),
        ("SumBackward0", 1),
        ("aten::mul", 2),
        ("aten::sum", 1),
        ("autograd::engine::evaluate_function: MulBackward0", 1),
        ("autograd::engine::evaluate_function: SumBackward0", 1),
    ]  # as PyTorch 2.13 lists them


def test_micrograd_engine_values():
    """micrograd's test_engine.py, the torch half, with PyTorch's printed values."""
    x = torch.Tensor([-4.0]).double()
    x.requires_grad = True
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    y = h + q + q * x
    y.backward()
    assert (y.data.item(), x.grad.item()) == (-20.0, 46.0)
    a = torch.Tensor([-4.0]).double()
    b = torch.Tensor([2.0]).double()
    a.requires_grad = True
    b.requires_grad = True
    c = a + b
    d = a * b + b**3
    c = c + c + 1
    c = c + 1 + c + (-a)
    d = d + d * 2 + (b + a).relu()
    d = d + 3 * d + (b - a).relu()
    e = c - d
    f = e**2
    g = f / 2.0
    g = g + 10.0 / f
    g.backward()
    assert (g.data.item(), a.grad.item(), b.grad.item()) == (
        24.70408163265306,
        138.83381924198252,
        645.5772594752186,
    )
