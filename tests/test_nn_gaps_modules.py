"""The nngaps layers as modules: reprs and error texts recorded from PyTorch 2.13, the layers on
the simulated CUDA device, SyncBatchNorm.convert_sync_batchnorm, and what each leaves unchanged
when it refuses its input."""

import math

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F

# the random layers' values were recorded on an AMD CPU (see conftest.portable_bernoulli)
pytestmark = pytest.mark.usefixtures("portable_bernoulli")

REPRS = [  # (module, PyTorch 2.13's repr)
    (lambda: nn.LocalResponseNorm(3), "LocalResponseNorm(3, alpha=0.0001, beta=0.75, k=1.0)"),
    (
        lambda: nn.LocalResponseNorm(3, alpha=1e-3, beta=0.5, k=2),
        "LocalResponseNorm(3, alpha=0.001, beta=0.5, k=2)",
    ),
    (
        lambda: nn.Fold((4, 4), 2),
        "Fold(output_size=(4, 4), kernel_size=2, dilation=1, padding=0, stride=1)",
    ),
    (lambda: nn.Unfold(2), "Unfold(kernel_size=2, dilation=1, padding=0, stride=1)"),
    (
        lambda: nn.Fold(output_size=4, kernel_size=(2, 3), stride=2, padding=1, dilation=1),
        "Fold(output_size=4, kernel_size=(2, 3), dilation=1, padding=1, stride=2)",
    ),
    (
        lambda: nn.Unfold((2, 2), dilation=2, padding=1, stride=(1, 2)),
        "Unfold(kernel_size=(2, 2), dilation=2, padding=1, stride=(1, 2))",
    ),
    (lambda: nn.ChannelShuffle(2), "ChannelShuffle(groups=2)"),
    (lambda: nn.MaxUnpool1d(2), "MaxUnpool1d(kernel_size=(2,), stride=(2,), padding=(0,))"),
    (
        lambda: nn.MaxUnpool2d(2, stride=1, padding=1),
        "MaxUnpool2d(kernel_size=(2, 2), stride=(1, 1), padding=(1, 1))",
    ),
    (
        lambda: nn.MaxUnpool2d((2, 3)),
        "MaxUnpool2d(kernel_size=(2, 3), stride=(2, 3), padding=(0, 0))",
    ),
    (
        lambda: nn.LPPool1d(2, 3),
        "LPPool1d(norm_type=2, kernel_size=3, stride=None, ceil_mode=False)",
    ),
    (
        lambda: nn.LPPool2d(1.5, (2, 2), stride=1, ceil_mode=True),
        "LPPool2d(norm_type=1.5, kernel_size=(2, 2), stride=1, ceil_mode=True)",
    ),
    (lambda: nn.AlphaDropout(), "AlphaDropout(p=0.5, inplace=False)"),
    (lambda: nn.FeatureAlphaDropout(0.3, inplace=True), "FeatureAlphaDropout(p=0.3, inplace=True)"),
    (lambda: nn.RReLU(), "RReLU(lower=0.125, upper=0.3333333333333333)"),
    (lambda: nn.RReLU(0.1, 0.2, inplace=True), "RReLU(lower=0.1, upper=0.2, inplace=True)"),
    (lambda: nn.EmbeddingBag(5, 2), "EmbeddingBag(5, 2, mode='mean')"),
    (
        lambda: nn.EmbeddingBag(5, 2, mode="sum", padding_idx=-1, max_norm=1.0),
        "EmbeddingBag(5, 2, max_norm=1.0, mode='sum', padding_idx=4)",
    ),
    (
        lambda: nn.EmbeddingBag(5, 2, mode="max", norm_type=1.0, include_last_offset=True),
        "EmbeddingBag(5, 2, norm_type=1.0, mode='max')",
    ),
    (
        lambda: nn.SyncBatchNorm(3),
        "SyncBatchNorm(3, eps=1e-05, momentum=0.1, affine=True, bias=True, "
        "track_running_stats=True)",
    ),
    (
        lambda: nn.SyncBatchNorm(3, affine=False, track_running_stats=False),
        "SyncBatchNorm(3, eps=1e-05, momentum=0.1, affine=False, bias=False, "
        "track_running_stats=False)",
    ),
    (
        lambda: nn.Conv1d(2, 3, 3, padding=1, padding_mode="circular"),
        "Conv1d(2, 3, kernel_size=(3,), stride=(1,), padding=(1,), padding_mode=circular)",
    ),
    (
        lambda: nn.Conv3d(2, 3, 3, padding_mode="replicate"),
        "Conv3d(2, 3, kernel_size=(3, 3, 3), stride=(1, 1, 1), padding_mode=replicate)",
    ),
    (
        lambda: nn.Conv2d(
            3, 8, (3, 5), stride=2, padding=1, dilation=2, bias=False, padding_mode="reflect"
        ),
        "Conv2d(3, 8, kernel_size=(3, 5), stride=(2, 2), padding=(1, 1), dilation=(2, 2), "
        "bias=False, padding_mode=reflect)",
    ),
]


@pytest.mark.parametrize("make, expected", REPRS)
def test_reprs_match_pytorch(make, expected):
    assert repr(make()) == expected


_x4 = torch.arange(32.0).reshape(1, 2, 4, 4)
_pooled, _indices = F.max_pool2d(_x4, 2, return_indices=True)
_w = torch.ones(5, 2)
_ERRORS = [  # (call, exception type, PyTorch 2.13's text)
    (
        lambda: F.local_response_norm(torch.ones(3, 4), 2),
        ValueError,
        "Expected 3D or higher dimensionality                          input (got 2 dimensions)",
    ),
    (
        lambda: F.channel_shuffle(torch.ones(2, 4, 4), 3),
        RuntimeError,
        "Number of channels must be divisible by groups. Got 4 channels and 3 groups.",
    ),
    (
        lambda: F.channel_shuffle(torch.ones(2, 4, 4), 0),
        RuntimeError,
        "Number of groups to divide channels in must be positive. Value of groups:0",
    ),
    (
        lambda: nn.ChannelShuffle(2)(torch.ones(4, 4)),
        RuntimeError,
        "channel_shuffle expects input with > 2 dims, but got input with sizes [4, 4]",
    ),
    (
        lambda: F.channel_shuffle(torch.ones(2, 4, 4), 2.0),
        TypeError,
        "channel_shuffle(): argument 'groups' (position 2) must be int, not float",
    ),
    (
        lambda: nn.AlphaDropout(1.5),
        ValueError,
        "dropout probability has to be between 0 and 1, but got 1.5",
    ),
    (
        lambda: F.feature_alpha_dropout(torch.ones(4), 0.3, True),
        RuntimeError,
        "Feature dropout requires at least 2 dimensions in the input",
    ),
    (
        lambda: F.alpha_dropout(torch.tensor([1, 2]), 0.5, True),
        RuntimeError,
        "result type Float can't be cast to the desired output type Long",
    ),
    (
        lambda: nn.RReLU(0.5, 0.1)(torch.ones(2)),
        RuntimeError,
        "Lower bound should be less than or equal to the upper bound",
    ),
    (
        lambda: F.rrelu(torch.tensor([1, 2])),
        NotImplementedError,
        "\"leaky_relu_cpu\" not implemented for 'Long'",
    ),
    (
        lambda: F.rrelu(torch.ones(2, requires_grad=True), inplace=True),
        RuntimeError,
        "a leaf Variable that requires grad is being used in an in-place operation.",
    ),
    (
        lambda: F.max_unpool2d(_pooled, _indices, 2, output_size=(9, 9)),
        ValueError,
        'invalid output_size "(9, 9)" (dim 0 must be between 2 and 6)',
    ),
    (
        lambda: F.max_unpool2d(_pooled, _indices, 2, output_size=(9,)),
        ValueError,
        "output_size should be a sequence containing 2 or 4 elements, but it has a length of '1'",
    ),
    (
        lambda: F.max_unpool2d(_pooled, _indices[:, :1], 2),
        RuntimeError,
        "Expected shape of indices to be same as that of the input tensor ([1, 2, 2, 2]) but got "
        "indices tensor with shape: [1, 1, 2, 2]",
    ),
    (
        lambda: F.max_unpool2d(_pooled, _indices.float(), 2),
        RuntimeError,
        "elements in indices should be type int64 but got: Float",
    ),
    (
        lambda: F.max_unpool2d(_pooled[0, 0], _indices[0, 0], 2),
        RuntimeError,
        "Input to max_unpooling2d should be a 3d or 4d Tensor, but got a tensor with 2 dimensions.",
    ),
    (
        lambda: F.max_unpool2d(_pooled, _indices * 0 + 16, 2),
        RuntimeError,
        "Found an invalid max index: 16 (output volumes are of size 4x4)",
    ),
    (
        lambda: F.embedding_bag(torch.tensor([1, 2]), _w, torch.tensor([0]), mode="foo"),
        ValueError,
        "mode has to be one of sum, mean or max",
    ),
    (
        lambda: F.embedding_bag(torch.tensor([1, 2]), _w),
        ValueError,
        "offsets has to be a 1D Tensor but got None",
    ),
    (
        lambda: F.embedding_bag(torch.tensor([[1, 2]]), _w, torch.tensor([0])),
        ValueError,
        "if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed "
        "length sequences. However, found offsets of type <class 'torch.Tensor'>",
    ),
    (
        lambda: F.embedding_bag(
            torch.tensor([1, 2]), _w, torch.tensor([0]), per_sample_weights=torch.ones(2)
        ),
        NotImplementedError,
        "embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for "
        "mode='sum' (got mode='mean'). Please open a feature request on GitHub.",
    ),
    (
        lambda: F.embedding_bag(
            torch.tensor([1, 2]),
            _w,
            torch.tensor([0]),
            mode="sum",
            per_sample_weights=torch.ones(3),
        ),
        ValueError,
        "embedding_bag: If per_sample_weights (torch.Size([3])) is not None, then it must have the "
        "same shape as the input (torch.Size([2]))",
    ),
    (
        lambda: F.embedding_bag(torch.tensor([1, 2]), _w, torch.tensor([1])),
        RuntimeError,
        "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from "
        "position 0. However, got 1\n[ torch.LongTensor{} ]",
    ),
    (
        lambda: F.embedding_bag(torch.tensor([[[1]]]), _w),
        ValueError,
        "input has to be 1D or 2D Tensor, but got Tensor of dimension 3",
    ),
    (
        lambda: F.embedding_bag(torch.tensor([1.0]), _w, torch.tensor([0])),
        RuntimeError,
        "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, "
        "Int; but got torch.FloatTensor instead (while checking arguments for embedding_bag)",
    ),
    (
        lambda: F.embedding_bag(torch.tensor([1, 9]), _w, torch.tensor([0])),
        RuntimeError,
        "Index 1 of input takes value 9 which is not in the valid range [0, 5)",
    ),
    (
        lambda: F.embedding_bag(torch.tensor([1, 2, 3]), _w, torch.tensor([0, 5])),
        RuntimeError,
        "offsets[-1] can not be greater than input's length 3 but got offsets[-1] of 5",
    ),
    (
        lambda: F.embedding_bag(torch.tensor([1]), _w, torch.tensor([0]), padding_idx=-7),
        RuntimeError,
        "padding_idx must be within the number of embeddings, -5 through 4, but got -7",
    ),
    (
        lambda: F.embedding_bag(torch.tensor([1]), torch.ones(5), torch.tensor([0])),
        ValueError,
        "weight has to be a 2D Tensor, but got Tensor of dimension 1",
    ),
    (
        lambda: nn.EmbeddingBag(5, 2, padding_idx=7),
        AssertionError,
        "padding_idx must be within num_embeddings",
    ),
    (
        lambda: nn.Fold(3, 2)(torch.ones(1, 4, 3)),
        RuntimeError,
        "Given output_size=(3, 3), kernel_size=(2, 2), dilation=(1, 1), padding=(0, 0), "
        "stride=(1, 1), expected size of input's dimension 2 to match the calculated number of "
        "sliding blocks 2 * 2 = 4, but got input.size(2)=3.",
    ),
    (
        lambda: F.fold(torch.ones(1, 5, 4), 3, 2),
        RuntimeError,
        "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but "
        "got input.size(1)=5 and kernel_size=(2, 2).",
    ),
    (
        lambda: nn.Conv1d(2, 2, 3, padding=5, padding_mode="reflect")(torch.ones(1, 2, 4)),
        RuntimeError,
        "Argument #4: Padding size should be less than the corresponding input "
        "dimension, but got: padding (5, 5) at dimension 2 of input [1, 2, 4]",
    ),
    (
        lambda: nn.ConvTranspose2d(2, 2, 3, padding_mode="reflect"),
        ValueError,
        'Only "zeros" padding mode is supported for ConvTranspose2d',
    ),
    (
        lambda: nn.SyncBatchNorm(4)(torch.ones(4)),
        ValueError,
        "expected at least 2D input (got 1D input)",
    ),
]


@pytest.mark.parametrize("call, kind, text", _ERRORS)
def test_errors_match_pytorch(call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert (info.value.args[0] if kind is AssertionError else str(info.value)) == text


def test_embedding_bag_warns_about_swapped_arguments():
    weight = torch.arange(10.0).reshape(5, 2)
    with pytest.warns(UserWarning, match=r"Argument order of nn.functional.embedding_bag"):
        out = F.embedding_bag(weight, torch.tensor([[1, 2]]))
    assert out.tolist() == [[3.0, 4.0]]  # PyTorch 2.13: the mean of rows 1 and 2


def test_embedding_bag_empty_bags_and_module():
    weight = torch.arange(10.0).reshape(5, 2)
    # PyTorch 2.13: an empty bag is zeros, in every mode
    for mode in ("sum", "mean", "max"):
        out = F.embedding_bag(torch.tensor([], dtype=torch.int64), weight, torch.tensor([0, 0]))
        assert out.tolist() == [[0.0, 0.0], [0.0, 0.0]], mode
    bag = nn.EmbeddingBag(5, 2, mode="sum", padding_idx=0)
    assert bag.weight[0].tolist() == [0.0, 0.0]
    out = bag(torch.tensor([0, 1, 1]), torch.tensor([0, 1]))
    assert out[0].tolist() == [0.0, 0.0]
    assert out[1].tolist() == (bag.weight[1] * 2).tolist()


def test_conv_padding_mode_same_and_valid():
    x = torch.randn(1, 2, 6)
    same = nn.Conv1d(2, 2, 4, padding="same", padding_mode="reflect")
    assert tuple(same(x).shape) == (1, 2, 6)  # PyTorch 2.13
    valid = nn.Conv1d(2, 2, 4, padding="valid", padding_mode="circular")
    assert tuple(valid(x).shape) == (1, 2, 3)


def test_convert_sync_batchnorm_shares_parameters_and_statistics():
    bn = nn.BatchNorm2d(2)
    bn.running_mean.fill_(3.0)
    model = nn.Sequential(nn.Conv2d(1, 2, 3), bn, nn.Sequential(nn.BatchNorm1d(3).eval()))
    converted = nn.SyncBatchNorm.convert_sync_batchnorm(model)
    assert type(converted[1]).__name__ == "SyncBatchNorm"
    assert converted[1].weight is bn.weight
    assert converted[1].running_mean is bn.running_mean
    assert type(converted[2][0]).__name__ == "SyncBatchNorm"
    assert not converted[2][0].training
    assert list(converted.state_dict()) == list(model.state_dict())


def test_refused_input_changes_nothing():
    torch.manual_seed(0)
    state = torch.get_rng_state()
    x = torch.tensor([-1.0, 2.0])
    with pytest.raises(RuntimeError):
        F.rrelu(x, 0.5, 0.1, training=True, inplace=True)
    with pytest.raises(RuntimeError):
        F.feature_alpha_dropout(x, 0.5, True, inplace=True)
    assert x.tolist() == [-1.0, 2.0]
    assert torch.equal(torch.get_rng_state(), state)
    weight = torch.ones(5, 2)
    with pytest.raises(RuntimeError):
        F.embedding_bag(torch.tensor([1, 9]), weight, torch.tensor([0]), max_norm=0.5)
    assert weight.tolist() == [[1.0, 1.0]] * 5


def test_layers_on_the_simulated_device(device):
    x = torch.randn(2, 4, 4, 4, device=device, requires_grad=True)
    pooled, indices = F.max_pool2d(x, 2, return_indices=True)
    weight = torch.randn(5, 3, device=device, requires_grad=True)
    index = torch.tensor([1, 2, 4, 0], device=device)
    offsets = torch.tensor([0, 2], device=device)
    outs = [
        F.local_response_norm(x, 3),
        F.channel_shuffle(x, 2),
        F.max_unpool2d(pooled, indices, 2),
        F.lp_pool2d(x, 2, 2),
        F.alpha_dropout(x, 0.3, True),
        F.feature_alpha_dropout(x, 0.3, True),
        F.rrelu(x, training=True),
        F.rrelu(x),
        nn.Conv2d(4, 2, 3, padding=1, padding_mode="reflect").to(device)(x),
        nn.SyncBatchNorm(4).to(device)(x),
    ]
    outs += [F.embedding_bag(index, weight, offsets, mode=m) for m in ("sum", "mean", "max")]
    for out in outs:
        assert out.device.type == device
        out.sum().backward()
    assert x.grad.device.type == device
    assert weight.grad.device.type == device


def test_max_unpool_of_overlapping_windows_writes_each_maximum_once():
    x = torch.tensor([math.sin(1.7 * i + 0.3) * 2 for i in range(25)]).reshape(1, 1, 5, 5)
    pooled, indices = F.max_pool2d(x, 3, stride=2, padding=1, return_indices=True)
    assert indices.flatten().tolist() == [1, 8, 8, 16, 8, 8, 16, 23, 23]  # PyTorch 2.13
    out = nn.MaxUnpool2d(3, stride=2, padding=1)(pooled, indices)
    expected = [0.0] * 25  # PyTorch 2.13: each maximum once, at its index
    for index, value in ((1, 1.818595), (8, 1.944015), (16, 1.39848), (23, 1.9831)):
        expected[index] = value
    assert out.flatten().tolist() == pytest.approx(expected, abs=1e-6)


def test_torch_namespace_functions():
    torch.manual_seed(0)
    # PyTorch 2.13: torch.manual_seed(0); torch.alpha_dropout(torch.ones(4), 0.5, True)
    expected = [-0.7791939377784729, -0.7791939377784729, 1.6655988693237305, -0.7791939377784729]
    assert torch.alpha_dropout(torch.ones(4), 0.5, True).tolist() == pytest.approx(expected)
    x = torch.arange(8.0).reshape(1, 8, 1)
    assert torch.native_channel_shuffle(x, 2).flatten().tolist() == [0, 4, 1, 5, 2, 6, 3, 7]
    y = torch.tensor([-1.0, 2.0], requires_grad=True).clone()
    assert type(torch.rrelu_(y).grad_fn).__name__ == "RreluWithNoiseBackward1"  # PyTorch 2.13
    assert y.tolist() == pytest.approx([-0.2291666716337204, 2.0])  # slope (1/8 + 1/3) / 2
    z = torch.ones(2, 3, requires_grad=True).clone()
    assert type(torch.feature_alpha_dropout_(z, 0.5, True).grad_fn).__name__ == "AddBackward0"
