"""Grad-mode decorators on generator functions reach inside the generator, as PyTorch's
`_wrap_generator` does: each resumption runs under the mode, the caller's code between them
under its own. Expected values recorded from PyTorch 2.13."""

from __future__ import annotations

import pytest

import autograd_nb as torch

DECORATORS = {  # made in the test: set_grad_enabled(False) switches the mode when made
    "no_grad()": (lambda: torch.no_grad(), True, (False, False)),
    "no_grad": (lambda: torch.no_grad, True, (False, False)),
    "enable_grad()": (lambda: torch.enable_grad(), False, (True, False)),
    "inference_mode()": (lambda: torch.inference_mode(), True, (False, True)),
    "inference_mode": (lambda: torch.inference_mode, True, (False, True)),
    "set_grad_enabled(False)": (lambda: torch.set_grad_enabled(False), True, (False, False)),
}


@pytest.mark.parametrize(("make", "outside", "inside"), DECORATORS.values(), ids=DECORATORS.keys())
def test_decorated_generators_run_each_resumption_under_the_mode(make, outside, inside):
    @make()
    def gen(n):
        for _ in range(n):
            got = yield (torch.is_grad_enabled(), torch.is_inference_mode_enabled())
            if got is not None:
                yield ("got", got, torch.is_grad_enabled())
        return "done"

    with torch.set_grad_enabled(outside):
        g = gen(2)
        assert next(g) == inside
        assert torch.is_grad_enabled() is outside and not torch.is_inference_mode_enabled()
        assert g.send(5) == ("got", 5, inside[0])
        assert next(g) == inside
        with pytest.raises(StopIteration) as stop:
            next(g)
        assert stop.value.value == "done"
        assert torch.is_grad_enabled() is outside


def test_an_exception_thrown_into_a_decorated_generator_is_handled_under_the_mode():
    @torch.no_grad()
    def gen():
        try:
            yield torch.is_grad_enabled()
        except ValueError:
            yield ("caught", torch.is_grad_enabled())

    g = gen()
    assert next(g) is False
    assert g.throw(ValueError()) == ("caught", False)
    assert torch.is_grad_enabled()


def test_closing_a_decorated_generator_runs_its_cleanup_under_the_mode():
    seen = []

    @torch.no_grad()
    def gen():
        try:
            yield 1
        finally:
            seen.append(torch.is_grad_enabled())

    g = gen()
    next(g)
    g.close()
    assert seen == [False] and torch.is_grad_enabled()


def test_tensors_made_in_a_decorated_generator_do_not_record():
    w = torch.ones(2, requires_grad=True)

    @torch.no_grad()
    def batches():
        for _ in range(2):
            yield w * 2

    assert [b.requires_grad for b in batches()] == [False, False]
