"""The staged SGD step (optim/_staged.py) updates parameters, momentum buffers and version
counts exactly as the reference rule (SGD.step's body) does, and is taken where it fits."""

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.optim import SGD
from autograd_nb.optim._staged import stage_sgd

CONFIGS = {
    "plain": {},
    "momentum": {"momentum": 0.9},
    "dampening": {"momentum": 0.9, "dampening": 0.3},
    "nesterov": {"momentum": 0.9, "nesterov": True},
    "decay-maximize": {"momentum": 0.8, "weight_decay": 0.1, "maximize": True},
    "decay": {"weight_decay": 0.05},
}


def _model(dtype, seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(5, 7), nn.ReLU(), nn.Linear(7, 3)).to(dtype)


def _set_grads(params, seed):
    torch.manual_seed(seed)
    for p in params:
        p.grad = torch.randn_like(p)


def _reference_step(optimizer):
    """SGD.step's rule alone (no staged path, no undo log)."""
    with torch.no_grad():
        SGD.step.__wrapped__(optimizer)


def _state(params, optimizer):
    bufs = [optimizer.state[p].get("momentum_buffer") for p in params]
    return [
        (p.detach().numpy().copy(), p._version)
        + ((None,) if b is None else (b.numpy().copy(), b._version))
        for p, b in zip(params, bufs)
    ]


@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("dtype", [torch.float16, torch.float32, torch.float64])
def test_staged_step_is_the_reference_step_bit_for_bit(config, dtype):
    runs = []
    for staged in (True, False):
        params = list(_model(dtype, 0).parameters())
        optimizer = SGD(params, lr=0.1, **CONFIGS[config])
        for seed in range(3):  # the first step makes the buffers; the next ones are staged
            _set_grads(params, seed)
            if staged:
                optimizer.step()
            else:
                _reference_step(optimizer)
        runs.append(_state(params, optimizer))
    staged_run, reference_run = runs
    for got, expected in zip(staged_run, reference_run):
        for g, e in zip(got, expected):
            if isinstance(e, np.ndarray):
                assert g.dtype == e.dtype
                np.testing.assert_array_equal(g, e)
            else:
                assert g == e  # versions, and a missing buffer


@pytest.mark.parametrize("config", list(CONFIGS))
def test_the_steady_step_is_staged(config):
    params = list(_model(torch.float32, 0).parameters())
    optimizer = SGD(params, lr=0.1, **CONFIGS[config])
    _set_grads(params, 0)
    first = stage_sgd(optimizer)
    assert (first is None) == ("momentum" in CONFIGS[config])  # no buffers yet: the reference
    optimizer.step()
    _set_grads(params, 1)
    assert stage_sgd(optimizer) is not None


def test_a_parameter_listed_twice_is_updated_twice_as_by_the_reference():
    runs = []
    for staged in (True, False):
        w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
        with pytest.warns(UserWarning):
            optimizer = SGD([w, w], lr=0.5, momentum=0.9)
        for seed in range(3):
            _set_grads([w], seed)
            if staged:
                optimizer.step()
            else:
                _reference_step(optimizer)
        runs.append((w.detach().numpy().copy(), w._version))
    np.testing.assert_array_equal(runs[0][0], runs[1][0])
    assert runs[0][1] == runs[1][1]


def test_arrays_not_numpys_are_left_to_the_reference(device):
    w = torch.tensor([1.0, 2.0], device=device, requires_grad=True)
    optimizer = SGD([w], lr=0.1, momentum=0.9)
    for _ in range(2):
        w.grad = torch.tensor([0.5, 0.5], device=device)
        if len(optimizer.state):
            assert (stage_sgd(optimizer) is None) == (device != "cpu")
        optimizer.step()
    # buf = 0.5, then 0.9 * 0.5 + 0.5; w -= 0.1 * buf each time
    np.testing.assert_allclose(w.detach().cpu().numpy(), [0.855, 1.855], rtol=1e-6)


def test_a_read_only_buffer_fails_the_step_before_anything_changes():
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    v = torch.tensor([3.0], requires_grad=True)
    optimizer = SGD([v, w], lr=0.1, momentum=0.9)
    v.grad, w.grad = torch.tensor([1.0]), torch.tensor([0.5, 0.5])
    optimizer.step()
    optimizer.state[w]["momentum_buffer"]._data.flags.writeable = False
    assert stage_sgd(optimizer) is None
    before = v.detach().numpy().copy(), v._version
    with pytest.raises(RuntimeError):
        optimizer.step()
    np.testing.assert_array_equal(v.detach().numpy(), before[0])  # the first one too
    assert v._version == before[1]


ADAM_CONFIGS = {
    "Adam": (torch.optim.Adam, {}),
    "Adam-amsgrad-decay": (torch.optim.Adam, {"amsgrad": True, "weight_decay": 0.1}),
    "Adam-maximize": (torch.optim.Adam, {"maximize": True, "betas": (0.8, 0.9)}),
    "AdamW": (torch.optim.AdamW, {}),
    "AdamW-amsgrad-maximize": (torch.optim.AdamW, {"amsgrad": True, "maximize": True}),
}


@pytest.mark.parametrize("config", list(ADAM_CONFIGS))
@pytest.mark.parametrize("dtype", [torch.float16, torch.float32, torch.float64])
def test_staged_adam_is_the_reference_step_bit_for_bit(config, dtype):
    kind, options = ADAM_CONFIGS[config]
    runs = []
    for staged in (True, False):
        params = list(_model(dtype, 0).parameters())
        optimizer = kind(params, lr=0.01, **options)
        for seed in range(4):  # the first step makes the state; the next ones are staged
            _set_grads(params, seed)
            if staged:
                if seed:  # amsgrad is left to the reference rule
                    staged_step = optimizer._staged_step()
                    assert (staged_step is None) == ("amsgrad" in config)
                optimizer.step()
            else:
                with torch.no_grad():
                    torch.optim.Adam.step.__wrapped__(optimizer)
        saved = [
            {k: (v.numpy().copy(), v._version) for k, v in optimizer.state[p].items()}
            for p in params
        ]
        runs.append(([(p.detach().numpy().copy(), p._version) for p in params], saved))
    (staged_params, staged_state), (reference_params, reference_state) = runs
    for (got, got_version), (expected, expected_version) in zip(staged_params, reference_params):
        np.testing.assert_array_equal(got, expected)
        assert got_version == expected_version
    for got, expected in zip(staged_state, reference_state):
        assert got.keys() == expected.keys()
        for key in got:
            np.testing.assert_array_equal(got[key][0], expected[key][0])
            assert got[key][0].dtype == expected[key][0].dtype
            assert got[key][1] == expected[key][1], key
