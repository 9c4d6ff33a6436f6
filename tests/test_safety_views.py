"""Views taken under no_grad / inference_mode of a tensor that requires grad: as in PyTorch 2.13
they report requires_grad=True (a leaf without grad_fn) and refuse an in-place change in grad
mode. Every flag and text below was recorded from PyTorch 2.13."""

from __future__ import annotations

import pytest

import autograd_nb as torch

VIEWS = {
    "view": lambda x: x.view(6),
    "reshape": lambda x: x.reshape(6),
    "transpose": lambda x: x.transpose(0, 1),
    "T": lambda x: x.T,
    "mT": lambda x: x.mT,
    "t": lambda x: x.t(),
    "permute": lambda x: x.permute(1, 0),
    "squeeze": lambda x: x.squeeze(),
    "unsqueeze": lambda x: x.unsqueeze(0),
    "expand": lambda x: x.unsqueeze(0).expand(2, 2, 3),
    "index": lambda x: x[0],
    "slice": lambda x: x[:, 1:],
    "ellipsis": lambda x: x[..., 0],
    "narrow": lambda x: x.narrow(1, 0, 2),
    "select": lambda x: x.select(0, 1),
    "unbind": lambda x: x.unbind()[0],
    "split": lambda x: x.split(1)[0],
    "chunk": lambda x: x.chunk(2)[0],
    "tensor_split": lambda x: x.tensor_split(2)[0],
    "flatten": lambda x: x.flatten(),
    "unflatten": lambda x: x.unflatten(1, (3, 1)),
    "view_as": lambda x: x.view_as(x),
    "diagonal": lambda x: x.diagonal(),
    "movedim": lambda x: x.movedim(0, 1),
    "swapaxes": lambda x: x.swapaxes(0, 1),
}
NO_GRAD_TEXT = (
    "A view was created in no_grad mode and is being modified inplace with grad mode enabled. "
    "Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your "
    "code by moving both the view and the inplace either both inside the no_grad block (if you "
    "don't want the inplace to be tracked) or both outside (if you want the inplace to be "
    "tracked)."
)


@pytest.mark.parametrize("leaf_base", [True, False], ids=["leaf", "non-leaf"])
@pytest.mark.parametrize("make", VIEWS.values(), ids=VIEWS.keys())
def test_a_view_made_under_no_grad_requires_grad_and_refuses_in_place(make, leaf_base):
    x = torch.ones(2, 3, requires_grad=True)
    base = x if leaf_base else x * 1
    with torch.no_grad():
        v = make(base)
    assert (v.requires_grad, v.is_leaf, v.grad_fn, v._is_view()) == (True, True, None, True)
    with pytest.raises(RuntimeError) as info:
        v.add_(1)
    assert str(info.value) == NO_GRAD_TEXT
    if make is not VIEWS["expand"]:  # (an expanded view is refused for its overlap)
        with torch.no_grad():
            v.add_(1)  # allowed inside no_grad


def test_such_a_view_prints_and_computes_as_in_pytorch():
    x = torch.ones(2, 3, requires_grad=True)
    with torch.no_grad():
        v = x.view(6)
    assert repr(v) == "tensor([1., 1., 1., 1., 1., 1.], requires_grad=True)"
    z = v * 2
    assert z.requires_grad and type(z.grad_fn).__name__ == "MulBackward0"
    with torch.no_grad():
        d = x.detach().view(6)
    assert not d.requires_grad  # a view of a tensor that does not require grad


@pytest.mark.parametrize(
    ("make", "name"),
    [
        (lambda v: v.view(2, 3), "View"),
        (lambda v: v[1:], "Slice"),
        (lambda v: v.unsqueeze(0), "Unsqueeze"),
    ],
)
def test_a_view_of_such_a_view_is_refused_with_pytorchs_text(make, name):
    x = torch.ones(2, 3, requires_grad=True)
    with torch.no_grad():
        v = x.view(6)
    w = make(v)
    with pytest.raises(RuntimeError) as info:
        w.add_(1)
    assert str(info.value) == NO_GRAD_TEXT.replace(
        "A view was", f"Output 0 of {name} is a view of a view which was"
    )


def test_a_view_made_in_inference_mode():
    x = torch.ones(2, 3, requires_grad=True)
    with torch.inference_mode():
        u = x.view(6)
    assert u.requires_grad and u.is_leaf
    text = (
        "A view was created in inference mode and is being modified inplace in normal mode. Given "
        "that this use case is ambiguous and error-prone, it is forbidden. You can clarify your "
        "code by moving both the view and the inplace either both inside the inference_mode "
        "block (if you don't want the inplace to be tracked) or both outside (if you want the "
        "inplace to be tracked)."
    )
    with pytest.raises(RuntimeError) as info:
        u.add_(1)
    assert str(info.value) == text
    with pytest.raises(RuntimeError) as info:
        u.view(2, 3).add_(1)
    assert str(info.value) == text.replace(
        "A view was", "Output 0 of View is a view of a view which was"
    )
