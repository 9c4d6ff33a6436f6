"""nn layers: PyTorch 2.13 reprs, default initialisation bounds, BatchNorm/Dropout train vs eval."""

from __future__ import annotations

import math

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck

REPRS = [  # PyTorch 2.13 repr() of the same constructor calls
    (lambda: nn.Linear(3, 4), "Linear(in_features=3, out_features=4, bias=True)"),
    (lambda: nn.Linear(3, 4, bias=False), "Linear(in_features=3, out_features=4, bias=False)"),
    (lambda: nn.Conv2d(3, 8, 3), "Conv2d(3, 8, kernel_size=(3, 3), stride=(1, 1))"),
    (
        lambda: nn.Conv2d(3, 8, (3, 5), stride=2, padding=1, dilation=2, bias=False),
        "Conv2d(3, 8, kernel_size=(3, 5), stride=(2, 2), padding=(1, 1), dilation=(2, 2), "
        "bias=False)",
    ),
    (
        lambda: nn.Conv2d(3, 8, 3, padding="same"),
        "Conv2d(3, 8, kernel_size=(3, 3), stride=(1, 1), padding=same)",
    ),
    (lambda: nn.Conv1d(3, 8, 3), "Conv1d(3, 8, kernel_size=(3,), stride=(1,))"),
    (
        lambda: nn.Conv1d(3, 8, 5, stride=2, padding=1, dilation=2, bias=False),
        "Conv1d(3, 8, kernel_size=(5,), stride=(2,), padding=(1,), dilation=(2,), bias=False)",
    ),
    (
        lambda: nn.Conv1d(4, 8, 3, padding="same", groups=2),
        "Conv1d(4, 8, kernel_size=(3,), stride=(1,), padding=same, groups=2)",
    ),
    (
        lambda: nn.MaxPool2d(2),
        "MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)",
    ),
    (
        lambda: nn.AvgPool2d(3, 1, 1, ceil_mode=True, count_include_pad=False),
        "AvgPool2d(kernel_size=3, stride=1, padding=1)",
    ),
    (
        lambda: nn.BatchNorm1d(4),
        "BatchNorm1d(4, eps=1e-05, momentum=0.1, affine=True, bias=True, track_running_stats=True)",
    ),
    (
        lambda: nn.BatchNorm2d(4, momentum=None, affine=False, track_running_stats=False, eps=1e-3),
        "BatchNorm2d(4, eps=0.001, momentum=None, affine=False, bias=False, "
        "track_running_stats=False)",
    ),
    (lambda: nn.Dropout(0.2, inplace=True), "Dropout(p=0.2, inplace=True)"),
    (
        lambda: nn.Embedding(10, 3, padding_idx=0, max_norm=1.0),
        "Embedding(10, 3, padding_idx=0, max_norm=1.0)",
    ),
    (lambda: nn.Flatten(), "Flatten(start_dim=1, end_dim=-1)"),
    (lambda: nn.Unflatten(1, (2, 3)), "Unflatten(dim=1, unflattened_size=(2, 3))"),
    (lambda: nn.Identity(), "Identity()"),
    (lambda: nn.ReLU(inplace=True), "ReLU(inplace=True)"),
    (lambda: nn.LeakyReLU(0.2, True), "LeakyReLU(negative_slope=0.2, inplace=True)"),
    (lambda: nn.Sigmoid(), "Sigmoid()"),
    (lambda: nn.Tanh(), "Tanh()"),
    (lambda: nn.Softmax(), "Softmax(dim=None)"),
    (lambda: nn.LogSoftmax(1), "LogSoftmax(dim=1)"),
    (lambda: nn.AdaptiveAvgPool2d(1), "AdaptiveAvgPool2d(output_size=1)"),
    (lambda: nn.AdaptiveAvgPool2d((None, 3)), "AdaptiveAvgPool2d(output_size=(None, 3))"),
    (lambda: nn.AdaptiveAvgPool2d([2, None]), "AdaptiveAvgPool2d(output_size=[2, None])"),
    (lambda: nn.LayerNorm(4), "LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)"),
    (
        lambda: nn.LayerNorm((3, 4), eps=1e-6, elementwise_affine=False),
        "LayerNorm((3, 4), eps=1e-06, elementwise_affine=False, bias=False)",
    ),
    (
        lambda: nn.LayerNorm([4], bias=False),
        "LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=False)",
    ),
    (
        lambda: nn.LayerNorm(torch.Size([2, 3])),
        "LayerNorm((2, 3), eps=1e-05, elementwise_affine=True, bias=True)",
    ),
    (lambda: nn.GELU(), "GELU(approximate='none')"),
    (lambda: nn.GELU("tanh"), "GELU(approximate='tanh')"),
    (lambda: nn.Softplus(), "Softplus(beta=1.0, threshold=20.0)"),
    (lambda: nn.Softplus(2, 5), "Softplus(beta=2, threshold=5)"),
    (lambda: nn.ELU(), "ELU(alpha=1.0)"),
    (lambda: nn.ELU(0.5, True), "ELU(alpha=0.5, inplace=True)"),
    (lambda: nn.SiLU(), "SiLU()"),
    (lambda: nn.SiLU(True), "SiLU(inplace=True)"),
    (lambda: nn.Hardtanh(), "Hardtanh(min_val=-1.0, max_val=1.0)"),
    (lambda: nn.Hardtanh(-2, 3, True), "Hardtanh(min_val=-2, max_val=3, inplace=True)"),
    (lambda: nn.ReLU6(), "ReLU6()"),
    (lambda: nn.ReLU6(True), "ReLU6(inplace=True)"),
    (lambda: nn.PReLU(), "PReLU(num_parameters=1)"),
    (lambda: nn.PReLU(3, 0.1), "PReLU(num_parameters=3)"),
    (lambda: nn.Mish(True), "Mish(inplace=True)"),
    (lambda: nn.Hardsigmoid(True), "Hardsigmoid()"),  # PyTorch does not show its inplace
    (lambda: nn.Hardswish(True), "Hardswish()"),
    (lambda: nn.Softsign(), "Softsign()"),
    (lambda: nn.Tanhshrink(), "Tanhshrink()"),
    (lambda: nn.LogSigmoid(), "LogSigmoid()"),
]


@pytest.mark.parametrize("make, text", REPRS)
def test_layer_reprs_match_pytorch(make, text):
    assert repr(make()) == text


def test_nested_repr_matches_pytorch():
    model = nn.Sequential(
        nn.Conv2d(1, 4, 3),
        nn.BatchNorm2d(4),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Flatten(),
        nn.Dropout(0.5),
        nn.Linear(4, 2),
    )
    assert (
        repr(model)
        == """Sequential(
  (0): Conv2d(1, 4, kernel_size=(3, 3), stride=(1, 1))
  (1): BatchNorm2d(4, eps=1e-05, momentum=0.1, affine=True, bias=True, track_running_stats=True)
  (2): ReLU()
  (3): MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)
  (4): Flatten(start_dim=1, end_dim=-1)
  (5): Dropout(p=0.5, inplace=False)
  (6): Linear(in_features=4, out_features=2, bias=True)
)"""
    )


def test_default_init_bounds_are_pytorchs():
    torch.manual_seed(0)
    # kaiming_uniform_(a=sqrt(5)) gives U(-1/sqrt(fan_in), 1/sqrt(fan_in)) for the weight too
    for layer, fan_in in [(nn.Linear(50, 40), 50), (nn.Conv2d(4, 30, 3), 36)]:
        bound = 1 / math.sqrt(fan_in)
        for p in (layer.weight, layer.bias):
            assert p.abs().max().item() <= bound
            assert p.abs().max().item() > 0.8 * bound  # spread over the whole interval
    emb = nn.Embedding(200, 5, padding_idx=1)
    assert emb.weight[1].abs().sum().item() == 0
    assert 0.8 < emb.weight.std().item() < 1.2  # N(0, 1)
    assert nn.Conv2d(3, 8, 3, bias=False).bias is None


def test_layer_parameters_and_buffers():
    bn = nn.BatchNorm1d(3)
    assert list(dict(bn.named_buffers())) == ["running_mean", "running_var", "num_batches_tracked"]
    assert list(bn.state_dict()) == [
        "weight",
        "bias",
        "running_mean",
        "running_var",
        "num_batches_tracked",
    ]
    assert bn.num_batches_tracked.dtype is torch.int64
    conv = nn.Conv2d(4, 6, (3, 2), groups=2)
    assert tuple(conv.weight.shape) == (6, 2, 3, 2)
    assert [name for name, _ in conv.named_parameters()] == ["weight", "bias"]


def test_module_errors_match_pytorch():
    cases = [  # PyTorch 2.13 texts
        (
            lambda: nn.BatchNorm1d(3)(torch.randn(2, 3, 4, 5)),
            "expected 2D or 3D input (got 4D input)",
        ),
        (lambda: nn.BatchNorm2d(3)(torch.randn(2, 3)), "expected 4D input (got 2D input)"),
        (
            lambda: nn.Conv2d(3, 8, 3, padding="same", stride=2),
            "padding='same' is not supported for strided convolutions",
        ),
        (
            lambda: nn.Conv2d(3, 8, 3, padding="foo"),
            "Invalid padding string 'foo', should be one of {'same', 'valid'}",
        ),
        (lambda: nn.Conv2d(3, 8, 3, groups=2), "in_channels must be divisible by groups"),
        (
            lambda: nn.Conv1d(3, 8, 3, padding="same", stride=2),
            "padding='same' is not supported for strided convolutions",
        ),
        (lambda: nn.Dropout(2), "dropout probability has to be between 0 and 1, but got 2"),
    ]
    for fn, text in cases:
        with pytest.raises(ValueError) as info:
            fn()
        assert str(info.value) == text


def test_batchnorm_train_then_eval(device):
    bn = nn.BatchNorm1d(2).to(device)
    x = torch.tensor([[1.0, 2], [3, 6], [5, 1]], device=device)
    out = bn(x)
    # PyTorch 2.13: training normalises by the batch and updates the running stats
    assert bool(
        (
            (
                out.detach().cpu()
                - torch.tensor([[-1.2247, -0.4629], [0.0, 1.3887], [1.2247, -0.9258]])
            ).abs()
            < 1e-4
        ).all()
    )
    assert bn.running_mean.cpu().tolist() == pytest.approx([0.3, 0.3])
    assert bn.running_var.cpu().tolist() == pytest.approx([1.3, 1.6])
    assert bn.num_batches_tracked.item() == 1
    bn.eval()
    out = bn(x)
    expected = [[0.6139, 1.3440], [2.3680, 4.5062], [4.1222, 0.5534]]
    assert bool(((out.detach().cpu() - torch.tensor(expected)).abs() < 1e-4).all())
    assert bn.num_batches_tracked.item() == 1  # eval leaves the stats alone
    cumulative = nn.BatchNorm1d(2, momentum=None).to(device)
    cumulative(x)
    cumulative(x * 2)
    # PyTorch 2.13: momentum=None averages the batches: [4.5, 4.5], [10.0, 17.5]
    assert cumulative.running_mean.cpu().tolist() == pytest.approx([4.5, 4.5])
    assert cumulative.running_var.cpu().tolist() == pytest.approx([10.0, 17.5])


def test_batchnorm2d_gradients(device):
    torch.manual_seed(0)
    bn = nn.BatchNorm2d(2).double().to(device)
    x = torch.randn(3, 2, 2, 1, dtype=torch.float64).to(device).requires_grad_()
    assert gradcheck(
        lambda x, w, b: F.batch_norm(x, None, None, w, b, True), (x, bn.weight, bn.bias)
    )
    assert type(bn(x).grad_fn).__name__ == "NativeBatchNormBackward0"


def test_dropout_module_train_and_eval(device):
    torch.manual_seed(0)
    drop = nn.Dropout(0.5)
    x = torch.ones(400, device=device)
    out = drop(x)
    assert 120 < (out == 0).sum().item() < 280
    assert set(out.cpu().tolist()) <= {0.0, 2.0}
    drop.eval()
    assert drop(x) is x


def test_small_cnn_trains(device):
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Conv2d(1, 4, 3, padding=1),
        nn.BatchNorm2d(4),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(4, 4, 3),
        nn.LeakyReLU(),
        nn.AvgPool2d(2),
        nn.Flatten(),
        nn.Dropout(0.1),
        nn.Linear(4, 2),
    ).to(device)
    x = torch.randn(8, 1, 8, 8).to(device)
    y = (x.mean((1, 2, 3)) > 0).long()
    losses = []
    for _ in range(25):
        loss = F.cross_entropy(model(x), y)
        losses.append(loss.item())
        for p in model.parameters():
            p.grad = None
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= 0.1 * p.grad
    assert losses[-1] < 0.6 * losses[0]


def test_embedding_flatten_identity_modules(device):
    emb = nn.Embedding(5, 3).to(device)
    idx = torch.tensor([[0, 4], [1, 1]], device=device)
    out = emb(idx)
    assert out.shape == (2, 2, 3) and type(out.grad_fn).__name__ == "EmbeddingBackward0"
    frozen = nn.Embedding.from_pretrained(torch.eye(3, device=device))
    assert not frozen.weight.requires_grad and frozen(
        torch.tensor([2], device=device)
    ).cpu().tolist() == [[0.0, 0.0, 1.0]]
    x = torch.randn(2, 3, 4, device=device)
    assert nn.Flatten()(x).shape == (2, 12)
    assert nn.Unflatten(1, (3, 1))(x).shape == (2, 3, 1, 4)
    assert nn.Identity(5, foo=1)(x) is x
    assert nn.Softmax(dim=1)(x).sum(1).reshape(-1).cpu().tolist() == pytest.approx([1.0] * 8)


def test_tutorial_cnn_with_adaptive_pool_layer_norm_and_gelu(device):
    # "What is torch.nn really?": conv layers, then AdaptiveAvgPool2d(1) and a view
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Conv2d(1, 4, 3, stride=2, padding=1),
        nn.GELU(),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.LayerNorm(4),
        nn.Linear(4, 2),
    ).to(device)
    assert (
        repr(model)
        == """Sequential(
  (0): Conv2d(1, 4, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1))
  (1): GELU(approximate='none')
  (2): AdaptiveAvgPool2d(output_size=1)
  (3): Flatten(start_dim=1, end_dim=-1)
  (4): LayerNorm((4,), eps=1e-05, elementwise_affine=True, bias=True)
  (5): Linear(in_features=4, out_features=2, bias=True)
)"""
    )  # PyTorch 2.13's print(model)
    assert [name for name, _ in model.named_parameters()] == [
        "0.weight",
        "0.bias",
        "4.weight",
        "4.bias",
        "5.weight",
        "5.bias",
    ]
    y = torch.arange(8, device=device) % 2
    x = torch.randn(8, 1, 7, 7, device=device) + 2.0 * y.view(8, 1, 1, 1)  # class 1 is brighter
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    losses = []
    for _ in range(30):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    assert losses[-1] < 0.5 * losses[0]


def test_layer_norm_module(device):
    ln = nn.LayerNorm((2, 3), device=device, dtype=torch.float64)
    assert ln.normalized_shape == (2, 3)
    assert ln.weight.shape == (2, 3) and ln.weight.dtype is torch.float64
    assert ln.weight.cpu().tolist() == [[1.0] * 3] * 2 and ln.bias.abs().sum().item() == 0
    assert list(ln.state_dict()) == ["weight", "bias"]
    x = torch.randn(4, 2, 3, dtype=torch.float64, device=device)
    assert bool((ln(x) - F.layer_norm(x, (2, 3), ln.weight, ln.bias)).abs().max() == 0)
    bare = nn.LayerNorm(3, elementwise_affine=False)
    assert bare.weight is None and bare.bias is None and list(bare.parameters()) == []
    with pytest.raises(RuntimeError) as info:
        nn.LayerNorm(4)(torch.randn(2, 3))
    assert str(info.value) == (
        "Given normalized_shape=[4], expected input with shape [*, 4], but got input of size[2, 3]"
    )  # PyTorch 2.13's text


def test_gelu_and_adaptive_pool_modules(device):
    x = torch.randn(2, 3, 5, 6, device=device)
    assert bool((nn.GELU("tanh")(x) == F.gelu(x, approximate="tanh")).all())
    assert nn.AdaptiveAvgPool2d((None, 2))(x).shape == (2, 3, 5, 2)
    assert nn.AdaptiveAvgPool2d(3)(x).shape == (2, 3, 3, 3)
    with pytest.raises(RuntimeError) as info:
        nn.GELU("foo")(x)
    assert str(info.value) == "approximate argument must be either none or tanh."  # PyTorch's
    with pytest.raises(RuntimeError) as info:
        nn.AdaptiveAvgPool2d(2)(torch.randn(5, 6))
    assert str(info.value) == "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got [5, 6]"


def test_conv1d_module(device):
    conv = nn.Conv1d(3, 8, 3, stride=[2]).to(device)
    assert (conv.kernel_size, conv.stride, conv.padding, conv.dilation, conv.output_padding) == (
        (3,),
        (2,),
        (0,),
        (1,),
        (0,),
    )  # PyTorch 2.13's attributes
    assert conv.weight.shape == (8, 3, 3) and conv.bias.shape == (8,)
    bound = 1 / math.sqrt(9)
    assert conv.weight.abs().max().item() <= bound and conv.bias.abs().max().item() <= bound
    x = torch.randn(2, 3, 9, device=device)
    out = conv(x)
    assert out.shape == (2, 8, 4) and type(out.grad_fn).__name__ == "ConvolutionBackward0"
    assert bool((out == F.conv1d(x, conv.weight, conv.bias, 2)).all())
    assert nn.Conv1d(3, 8, 3, padding="valid").padding == "valid"


def test_activation_modules_run_their_functionals(device):
    x = torch.randn(2, 3, 4, dtype=torch.float64, device=device)
    cases = [  # module, the functional call it must equal, and the grad_fn it leaves
        (nn.Softplus(2, 5), lambda t: F.softplus(t, 2, 5), "SoftplusBackward0"),
        (nn.ELU(0.5), lambda t: F.elu(t, 0.5), "EluBackward0"),
        (nn.ELU(0.5, inplace=True), lambda t: F.elu(t, 0.5), "EluBackward1"),
        (nn.SiLU(), F.silu, "SiluBackward0"),
        (nn.Mish(True), F.mish, "MishBackward0"),
        (nn.Hardsigmoid(), F.hardsigmoid, "HardsigmoidBackward0"),
        (nn.Hardswish(True), F.hardswish, "HardswishBackward0"),
        (nn.Hardtanh(-0.5, 0.5), lambda t: F.hardtanh(t, -0.5, 0.5), "HardtanhBackward0"),
        (nn.ReLU6(inplace=True), F.relu6, "HardtanhBackward0"),
        (nn.LogSigmoid(), F.logsigmoid, "LogSigmoidBackward0"),
        (nn.Softsign(), F.softsign, "DivBackward0"),
        (nn.Tanhshrink(), F.tanhshrink, "SubBackward0"),
    ]
    for module, functional, grad_fn in cases:
        y = x.clone().requires_grad_().clone()
        out = module(y)
        assert (out is y) == getattr(module, "inplace", False)
        assert type(out.grad_fn).__name__ == grad_fn
        assert bool((out == functional(x)).all())


def test_prelu_module_learns_its_slopes(device):
    prelu = nn.PReLU(3, 0.1).to(device)
    assert prelu.num_parameters == 3 and prelu.init == 0.1
    assert [name for name, _ in prelu.named_parameters()] == ["weight"]
    assert prelu.weight.shape == (3,) and prelu.weight.tolist() == pytest.approx([0.1] * 3)
    x = -torch.ones(2, 3, 4, device=device)
    out = prelu(x)
    assert type(out.grad_fn).__name__ == "PreluKernelBackward0"
    out.sum().backward()
    assert prelu.weight.grad.tolist() == [-8.0, -8.0, -8.0]  # each channel saw 8 inputs of -1
    with torch.no_grad():
        prelu.weight.fill_(0.5)
    prelu.reset_parameters()
    assert prelu.weight.tolist() == pytest.approx([0.1] * 3)
    assert nn.PReLU(dtype=torch.float64).weight.dtype == torch.float64
    assert gradcheck(
        lambda t, w: F.prelu(t, w),
        (
            torch.randn(2, 3, dtype=torch.float64, device=device).requires_grad_(),
            nn.PReLU(3, dtype=torch.float64).to(device).weight,
        ),
    )


def test_hardtanh_module_checks_like_pytorch():
    relu6 = nn.ReLU6()
    assert isinstance(relu6, nn.Hardtanh)  # as in PyTorch
    assert (relu6.min_val, relu6.max_val, relu6.inplace) == (0.0, 6.0, False)
    with pytest.raises(AssertionError) as info:
        nn.Hardtanh(1.0, 1.0)
    assert str(info.value) == "max_val (1.0) must be greater than min_val (1.0)"  # PyTorch's
    with pytest.warns(FutureWarning) as record:
        layer = nn.Hardtanh(min_value=-2.0, max_value=3.0)
    assert [str(w.message) for w in record] == [  # PyTorch's
        "keyword argument `min_value` is deprecated and renamed to `min_val`",
        "keyword argument `max_value` is deprecated and renamed to `max_val`",
    ]
    assert repr(layer) == "Hardtanh(min_val=-2.0, max_val=3.0)"
    x = torch.tensor([-1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        nn.ReLU6(inplace=True)(x)
    assert str(info.value) == (
        "a leaf Variable that requires grad is being used in an in-place operation."
    )


def test_tutorial_mlp_with_new_activations_prints_like_pytorch():
    model = nn.Sequential(nn.Linear(2, 3), nn.PReLU(), nn.Softplus(beta=2), nn.ReLU6(inplace=True))
    assert (
        repr(model)
        == """Sequential(
  (0): Linear(in_features=2, out_features=3, bias=True)
  (1): PReLU(num_parameters=1)
  (2): Softplus(beta=2, threshold=20.0)
  (3): ReLU6(inplace=True)
)"""
    )  # PyTorch 2.13's print(model)


def test_cosine_similarity_layer(device):
    a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], device=device)
    b = torch.tensor([[1.0, 0.0], [0.0, 1.0]], device=device)
    assert repr(nn.CosineSimilarity(dim=0, eps=1e-6)) == "CosineSimilarity()"  # as PyTorch's
    assert nn.CosineSimilarity()(a, b).tolist() == pytest.approx([0.4472136, 0.8])  # PyTorch 2.13
    assert nn.CosineSimilarity(dim=0)(a, b).tolist() == pytest.approx([0.31622777, 0.89442719])
    assert torch.nn.functional.cosine_similarity is torch.cosine_similarity


def _pairwise_operands(device):
    x1 = torch.tensor(
        [[1.0, 2.0, 3.0], [0.0, -1.0, 2.0]], dtype=torch.float64, device=device, requires_grad=True
    )
    x2 = torch.tensor([[1.0, 0.0, 1.0], [2.0, 2.0, 2.0]], dtype=torch.float64, device=device)
    return x1, x2


@pytest.mark.parametrize(
    "p, expected",
    [  # PyTorch 2.13's values, float64
        (2.0, [2.8284285389599293, 3.605549888713648]),
        (1.0, [4.000003, 4.999999]),
        (math.inf, [2.000001, 2.999999]),
        (0, [3.0, 3.0]),
        (3, [2.5198433597107965, 3.2710650952211187]),
        (-1.0, [9.999990000014998e-07, 9.99999166667e-07]),
    ],
)
def test_pairwise_distance_values_match_pytorch(device, p, expected):
    x1, x2 = _pairwise_operands(device)
    out = F.pairwise_distance(x1, x2, p=p)
    assert out.tolist() == pytest.approx(expected, rel=1e-9)
    # ATen's composite: norm(x1 - x2 + eps, p, last dim)
    assert out.grad_fn.name() == "NormBackward1"
    assert out.grad_fn.next_functions[0][0].name() == "AddBackward1"
    assert out.grad_fn.next_functions[0][0].next_functions[0][0].name() == "SubBackward0"


def test_pairwise_distance_layer_shapes_and_errors(device):
    x1, x2 = _pairwise_operands(device)
    assert F.pairwise_distance(x1, x2, p=3, eps=0.1).tolist() == pytest.approx(
        [2.6458818199861973, 3.149769026484135]
    )  # PyTorch 2.13
    F.pairwise_distance(x1, x2).sum().backward()
    assert x1.grad.flatten().tolist() == pytest.approx(
        [
            3.5355321381664473e-07,
            0.7071067811865034,
            0.7071067811865034,
            -0.5547001322213128,
            -0.8320503370070715,
            2.7735020478575877e-07,
        ]
    )  # PyTorch 2.13
    assert repr(nn.PairwiseDistance(p=1, eps=0, keepdim=True)) == "PairwiseDistance()"  # as torch
    layer = nn.PairwiseDistance(p=1, keepdim=True)
    assert (layer.norm, layer.eps, layer.keepdim) == (1, 1e-6, True)
    assert layer(x1, x2).shape == (2, 1)
    assert F.pairwise_distance(x1, x2[0]).tolist() == pytest.approx([2.8284285, 1.7320518])
    assert F.pairwise_distance(x1[0], x2).tolist() == pytest.approx([2.8284285, 1.4142146])
    assert F.pairwise_distance(torch.tensor(1.0), torch.tensor(2.0)).shape == ()
    ints = F.pairwise_distance(
        torch.tensor([1, 2], device=device), torch.tensor([1, 3], device=device)
    )
    assert ints.dtype is torch.float32 and ints.item() == 0.9999989867210388  # as PyTorch
    assert torch.pairwise_distance is F.pairwise_distance
    with pytest.raises(
        RuntimeError,
        match=r"^The size of tensor a \(3\) must match the size of "
        r"tensor b \(2\) at non-singleton dimension 1$",
    ):
        F.pairwise_distance(x1, x2[:, :2])
    with pytest.raises(
        TypeError,
        match=r"^pairwise_distance\(\): argument 'x2' \(position 2\) "
        r"must be Tensor, not list$",
    ):
        F.pairwise_distance(x1, [1.0])


@pytest.mark.parametrize("p", [2.0, 1.0, math.inf, 3.0])
def test_pairwise_distance_gradcheck(device, p):
    x1, x2 = _pairwise_operands(device)
    x2.requires_grad_()
    assert gradcheck(lambda a, b: F.pairwise_distance(a, b, p=p, keepdim=True), (x1, x2))
