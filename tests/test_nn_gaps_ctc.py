"""nn.CTCLoss / F.ctc_loss: the CTC forward recursion in Tensor ops. Losses, reprs and error
texts recorded from PyTorch 2.13; gradients by central differences in float64, and through
log_softmax against PyTorch's (PyTorch's own backward returns, for log_probs, the gradient with
respect to the logits before a log_softmax; ours is the true gradient of the loss, which gives the
same gradient once it flows back through log_softmax)."""

import math

import pytest

import autograd_nb as torch
import autograd_nb.nn as nn
import autograd_nb.nn.functional as F
from autograd_nb.autograd.gradcheck import gradcheck

VALUES = [math.sin(1.7 * i + 0.3) * 2 for i in range(48)]
TARGETS = torch.tensor([[1, 2, 2], [3, 1, 0]])
INPUT_LENGTHS = torch.tensor([6, 5])
TARGET_LENGTHS = torch.tensor([3, 2])


def _log_probs(dtype=torch.float32):
    return torch.tensor(VALUES, dtype=dtype).reshape(6, 2, 4).log_softmax(2)


@pytest.mark.parametrize(
    "reduction, expected, grad_fn",
    [  # PyTorch 2.13
        ("mean", 1.9286093711853027, "MeanBackward0"),
        ("sum", 9.890547752380371, "SumBackward0"),
        ("none", [6.528330326080322, 3.3622171878814697], None),
    ],
)
def test_losses_match_pytorch(reduction, expected, grad_fn):
    lp = _log_probs().requires_grad_()
    loss = F.ctc_loss(lp, TARGETS, INPUT_LENGTHS, TARGET_LENGTHS, reduction=reduction)
    assert loss.tolist() == pytest.approx(expected, rel=1e-6)
    if grad_fn:
        assert type(loss.grad_fn).__name__ == grad_fn


def test_target_forms_blank_and_infeasible_inputs():
    lp = _log_probs()
    none = {"reduction": "none"}
    concatenated = torch.tensor([1, 2, 2, 3, 1])
    # PyTorch 2.13 for each call
    assert F.ctc_loss(lp, concatenated, INPUT_LENGTHS, TARGET_LENGTHS, **none).tolist() == (
        pytest.approx([6.528330326080322, 3.3622171878814697], rel=1e-6)
    )
    unbatched = F.ctc_loss(lp[:, 0], TARGETS[0], torch.tensor(6), torch.tensor(3))
    assert unbatched.item() == pytest.approx(2.176110029220581, rel=1e-6)
    too_short = torch.tensor([2, 5])  # 3 labels with a repeat need 4 steps
    assert F.ctc_loss(lp, TARGETS, too_short, TARGET_LENGTHS, **none).tolist() == pytest.approx(
        [math.inf, 3.3622171878814697], rel=1e-6
    )
    zeroed = F.ctc_loss(lp, TARGETS, too_short, TARGET_LENGTHS, zero_infinity=True, **none)
    assert zeroed.tolist() == pytest.approx([0.0, 3.3622171878814697], rel=1e-6)
    empty = torch.tensor([0, 2])
    assert F.ctc_loss(lp, TARGETS, INPUT_LENGTHS, empty, **none).tolist() == pytest.approx(
        [13.180479049682617, 3.3622171878814697], rel=1e-6
    )
    assert F.ctc_loss(lp, TARGETS, INPUT_LENGTHS, empty).item() == pytest.approx(
        7.430793762207031, rel=1e-6
    )
    assert F.ctc_loss(lp, TARGETS, (6, 4), [3, 2], blank=3, **none).tolist() == pytest.approx(
        [5.4216766357421875, 5.635692596435547], rel=1e-6
    )
    double = F.ctc_loss(_log_probs(torch.float64), TARGETS, INPUT_LENGTHS, TARGET_LENGTHS, **none)
    assert double.tolist() == pytest.approx([6.528330675269433, 3.3622175766918203], rel=1e-12)


def test_gradient_by_finite_differences():
    def f(lp):
        return F.ctc_loss(lp, TARGETS, torch.tensor([6, 4]), TARGET_LENGTHS, reduction="sum")

    lp = torch.tensor(VALUES, dtype=torch.float64).reshape(6, 2, 4).log_softmax(2)
    assert gradcheck(f, (lp.detach().requires_grad_(),))


def test_gradient_through_log_softmax_matches_pytorch():
    logits = torch.tensor(VALUES).reshape(6, 2, 4).requires_grad_()
    nn.CTCLoss()(logits.log_softmax(2), TARGETS, INPUT_LENGTHS, TARGET_LENGTHS).backward()
    expected = [  # PyTorch 2.13, rounded to 5 digits
        0.02986,
        -0.0408,
        0.00677,
        0.00417,
        -0.10942,
        0.09847,
        0.00526,
        0.0057,
        0.02845,
        -4e-05,
        -0.05158,
        0.02316,
        -0.01059,
        0.01034,
        0.00411,
        -0.00386,
        -0.04161,
        0.002,
        -0.05699,
        0.09659,
        0.01121,
        0.0032,
        0.02487,
        -0.03928,
        -0.05581,
        0.00312,
        -0.04542,
        0.09811,
        -0.01413,
        -0.01864,
        0.16758,
        -0.13481,
        -0.05438,
        0.01365,
        0.02598,
        0.01475,
        0.00251,
        -0.18638,
        0.17455,
        0.00932,
        -0.00341,
        0.09827,
        -0.09825,
        0.00339,
        0.0,
        0.0,
        0.0,
        0.0,
    ]
    assert logits.grad.flatten().tolist() == pytest.approx(expected, abs=2e-5)


def test_zero_infinity_gives_zero_gradient():
    lp = _log_probs().requires_grad_()
    F.ctc_loss(lp, TARGETS, torch.tensor([2, 5]), TARGET_LENGTHS, zero_infinity=True).backward()
    assert lp.grad[:, 0].abs().sum().item() == 0.0


def test_repr_and_errors_match_pytorch():
    assert repr(nn.CTCLoss()) == "CTCLoss()"
    assert repr(nn.CTCLoss(blank=2, reduction="sum", zero_infinity=True)) == "CTCLoss()"
    lp = _log_probs()
    cases = [  # (call, exception type, PyTorch 2.13's text)
        (
            lambda: F.ctc_loss(lp, TARGETS, torch.tensor([7, 5]), TARGET_LENGTHS),
            RuntimeError,
            "Expected input_lengths to have value at most 6, but got value 7 (while checking "
            "arguments for ctc_loss_allocate_outputs)",
        ),
        (
            lambda: F.ctc_loss(lp, TARGETS, INPUT_LENGTHS, torch.tensor([4, 2])),
            RuntimeError,
            "Expected tensor to have size at least 4 at dimension 1, but got size 3 for argument "
            "#2 'targets' (while checking arguments for ctc_loss_allocate_outputs)",
        ),
        (
            lambda: F.ctc_loss(lp, TARGETS, INPUT_LENGTHS, TARGET_LENGTHS, blank=4),
            RuntimeError,
            "blank must be in label range",
        ),
        (
            lambda: F.ctc_loss(lp, TARGETS, INPUT_LENGTHS[:1], TARGET_LENGTHS),
            RuntimeError,
            "input_lengths must be of size batch_size",
        ),
        (
            lambda: F.ctc_loss(lp, TARGETS, INPUT_LENGTHS, TARGET_LENGTHS[:1]),
            RuntimeError,
            "target_lengths must be of size batch_size",
        ),
        (
            lambda: nn.CTCLoss(reduction="avg")(lp, TARGETS, INPUT_LENGTHS, TARGET_LENGTHS),
            ValueError,
            "avg is not a valid value for reduction",
        ),
    ]
    for call, kind, text in cases:
        with pytest.raises(kind) as info:
            call()
        assert str(info.value) == text


def test_ctc_loss_on_the_simulated_device(device):
    lp = _log_probs().to(device).requires_grad_()
    targets, lengths = TARGETS.to(device), INPUT_LENGTHS.to(device)
    loss = F.ctc_loss(lp, targets, lengths, TARGET_LENGTHS.to(device))
    assert loss.item() == pytest.approx(1.9286093711853027, rel=1e-6)  # PyTorch 2.13
    loss.backward()
    assert lp.grad.device.type == device
