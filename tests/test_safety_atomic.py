"""Failed calls change nothing: load_state_dict, optimizer steps and loads, running statistics,
overlapping in-place ops. Texts recorded from PyTorch 2.13 (which, unlike us, raises after
half-updating in the first three cases)."""

from __future__ import annotations

import pytest

import autograd_nb as torch
from autograd_nb import nn


def _snapshot(module: nn.Module) -> dict:
    return {k: v.clone() for k, v in module.state_dict().items()}


def _unchanged(module: nn.Module, before: dict) -> bool:
    return all(torch.equal(before[k], v) for k, v in module.state_dict().items())


def _model_and_good_state():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(2, 3), nn.Linear(3, 1))
    good = {k: v.clone() + 1 for k, v in model.state_dict().items()}
    return model, good


@pytest.mark.parametrize(
    ("edit", "strict", "text"),
    [
        (
            {"1.weight": torch.zeros(2, 3)},
            True,
            "Error(s) in loading state_dict for Sequential:\n\tsize mismatch for 1.weight: "
            "copying a param with shape torch.Size([2, 3]) from checkpoint, the shape in "
            "current model is torch.Size([1, 3]).",
        ),
        (
            {"1.weight": torch.zeros(2, 3)},
            False,
            "Error(s) in loading state_dict for Sequential:\n\tsize mismatch for 1.weight: "
            "copying a param with shape torch.Size([2, 3]) from checkpoint, the shape in "
            "current model is torch.Size([1, 3]).",
        ),
        (
            {"1.bias": None},
            True,
            'Error(s) in loading state_dict for Sequential:\n\tMissing key(s) in state_dict: "1.bias". ',
        ),
        (
            {"1.foo": torch.zeros(1)},
            True,
            "Error(s) in loading state_dict for Sequential:\n\tUnexpected key(s) in state_dict: "
            '"1.foo". ',
        ),
        (
            {"1.bias": [1.0]},
            False,
            'Error(s) in loading state_dict for Sequential:\n\tWhile copying the parameter named "1.bias", '
            "expected torch.Tensor or Tensor-like object from checkpoint but received <class 'list'>",
        ),
    ],
)
def test_failed_load_state_dict_changes_nothing(edit, strict, text):
    model, good = _model_and_good_state()
    for key, value in edit.items():
        if value is None:
            del good[key]
        else:
            good[key] = value
    before = _snapshot(model)
    with pytest.raises(RuntimeError) as info:
        model.load_state_dict(good, strict=strict)
    assert str(info.value) == text
    assert _unchanged(model, before)


def test_non_strict_load_writes_the_matching_keys_and_reports_the_rest():
    model, good = _model_and_good_state()
    del good["1.bias"]
    good["x"] = torch.zeros(1)
    result = model.load_state_dict(good, strict=False)
    assert result.missing_keys == ["1.bias"] and result.unexpected_keys == ["x"]
    assert torch.equal(model[0].weight, good["0.weight"])
