"""In-place ops, setitem, version counters and the in-place safety errors.

Every expected value, grad_fn name and error text below was observed with PyTorch 2.13.0 (CPU).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import _messages as msg
from autograd_nb.autograd.gradcheck import gradcheck

LEAF = "a leaf Variable that requires grad is being used in an in-place operation."
VIEW_OF_LEAF = (
    "a view of a leaf Variable that requires grad is being used in an in-place operation."
)
HINT = (
    "Hint: enable anomaly detection to find the operation that failed to compute its "
    "gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False)."
)


def modified(sizes: str, origin: str, version: int, saved: int) -> str:
    return (
        "one of the variables needed for gradient computation has been modified by an "
        f"inplace operation: [torch.FloatTensor [{sizes}]]{origin} is at version {version}; "
        f"expected version {saved} instead. " + HINT
    )


def raises(exc, text: str):
    return pytest.raises(exc, match="^" + re.escape(text) + "$")


def names(node) -> list:
    return [None if n is None else type(n).__name__ for n, _ in node.next_functions]


# --- leaf errors, no_grad, versions -----------------------------------------------------------


def test_leaf_and_view_of_leaf_errors(device):
    x = torch.ones(3, requires_grad=True, device=device)
    with raises(RuntimeError, LEAF):
        x.add_(1)
    with raises(RuntimeError, VIEW_OF_LEAF):
        x[0] = 5
    with raises(RuntimeError, VIEW_OF_LEAF):
        x[0].mul_(2)
    for op in (lambda t: t.unsqueeze_(0), lambda t: t.t_(), lambda t: t.zero_()):
        with raises(RuntimeError, LEAF):
            op(x)
    assert x._version == 0 and x.tolist() == [1.0, 1.0, 1.0]  # nothing half-done


def test_no_grad_allows_leaf_updates_and_bumps_version(device):
    w = torch.ones(3, requires_grad=True, device=device)
    w.grad = torch.ones(3, device=device)
    with raises(RuntimeError, LEAF):
        w -= 0.1 * w.grad
    with torch.no_grad():
        w -= 0.1 * w.grad
        w[0] = 5
    assert w.is_leaf and w.requires_grad and w._version == 2
    assert np.allclose(w.detach().cpu().numpy(), [5.0, 0.9, 0.9])


def test_view_made_under_no_grad_cannot_be_modified_with_grad_on():
    x = torch.ones(3, requires_grad=True)
    with torch.no_grad():
        v = x[:2]
    text = (  # PyTorch 2.13's text
        "A view was created in no_grad mode and is being modified inplace with grad mode "
        "enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can "
        "clarify your code by moving both the view and the inplace either both inside the "
        "no_grad block (if you don't want the inplace to be tracked) or both outside (if you "
        "want the inplace to be tracked)."
    )
    with raises(RuntimeError, text):
        v.mul_(2)


def test_version_counter_shared_by_detach_not_data():
    a = torch.ones(2)
    a.add_(1)
    a.add_(1)
    b = a.detach()
    b.mul_(2)
    assert a._version == 3 and b._version == 3
    a.data.mul_(2)
    assert a._version == 3 and a.tolist() == [12.0, 12.0]
    t = torch.ones(3)
    t.add_(1)
    t[0] = 3
    assert t._version == 2


def test_grad_data_zero_zeroes_grad(device):
    x = torch.tensor([2.0], requires_grad=True, device=device)
    (x * x).sum().backward()
    x.grad.data.zero_()
    assert x.grad.tolist() == [0.0]


def test_numpy_sees_add_(device):
    t = torch.ones(5)
    n = t.numpy()
    t.add_(1)
    assert n.tolist() == [2.0] * 5
    t[1] = 7
    t.mul_(torch.tensor([1.0, 1.0, 1.0, 1.0, 0.5]))
    assert n.tolist() == [2.0, 7.0, 2.0, 2.0, 1.0]


# --- saved tensors checked on unpack ----------------------------------------------------------


def test_modified_output_of_sigmoid():
    a = torch.ones(3, requires_grad=True)
    b = a.sigmoid()
    c = b * 2
    b.mul_(2)
    with raises(RuntimeError, modified("3", ", which is output 0 of Sigmoid,", 1, 0)):
        c.sum().backward()


def test_modified_leaf_under_no_grad_has_no_origin():
    x = torch.ones(2, requires_grad=True)
    y = (x * x).sum()
    with torch.no_grad():
        x.add_(1)
    with raises(RuntimeError, modified("2", "", 1, 0)):
        y.backward()


def test_detach_edit_is_caught_but_data_edit_is_silent():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    e = (x * 1).exp()
    e.detach().zero_()
    with raises(RuntimeError, modified("3", ", which is output 0 of Exp,", 1, 0)):
        e.sum().backward()
    x = torch.ones(2, requires_grad=True)
    e = (x * 1).exp()
    e.data.zero_()
    e.sum().backward()
    assert x.grad.tolist() == [0.0, 0.0]  # PyTorch silently uses the overwritten value too


def test_inplace_op_that_saves_its_result_then_modified_again():
    x = torch.ones(3, requires_grad=True)
    y = x * 1
    y.sigmoid_()
    y.mul_(2)
    with raises(RuntimeError, modified("3", ", which is output 0 of Sigmoid,", 2, 1)):
        y.sum().backward()
    y = x * 1
    y.exp_()
    (y * 1).sum().backward()
    assert np.allclose(x.grad.numpy(), [2.7183] * 3, atol=1e-4)


# --- recording: non-views ---------------------------------------------------------------------


def test_inplace_replaces_grad_fn(device):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True, device=device)
    y = x * 2
    y.add_(1)
    assert type(y.grad_fn).__name__ == "AddBackward0" and y._version == 1
    assert names(y.grad_fn) == ["MulBackward0", None]
    y.mul_(3)
    assert type(y.grad_fn).__name__ == "MulBackward0" and y._version == 2
    assert names(y.grad_fn) == ["AddBackward0", None]
    y.sum().backward()
    assert x.grad.tolist() == [6.0, 6.0, 6.0]


GRAD_FN_NAMES = [
    (lambda t: t.add_(1), "AddBackward0", ["MulBackward0", None]),
    (lambda t: t.sub_(1), "SubBackward0", ["MulBackward0", None]),
    (lambda t: t.div_(2), "DivBackward0", ["MulBackward0", None]),
    (lambda t: t.pow_(2), "PowBackward0", ["MulBackward0"]),
    (lambda t: t.neg_(), "NegBackward0", ["MulBackward0"]),
    (lambda t: t.abs_(), "AbsBackward0", ["MulBackward0"]),
    (lambda t: t.exp_(), "ExpBackward0", ["MulBackward0"]),
    (lambda t: t.log_(), "LogBackward0", ["MulBackward0"]),
    (lambda t: t.sqrt_(), "SqrtBackward0", ["MulBackward0"]),
    (lambda t: t.sigmoid_(), "SigmoidBackward0", ["MulBackward0"]),
    (lambda t: t.tanh_(), "TanhBackward0", ["MulBackward0"]),
    (lambda t: t.relu_(), "ReluBackward0", ["MulBackward0"]),
    (lambda t: t.clamp_(0, 1), "ClampBackward1", ["MulBackward0"]),
    (lambda t: t.clip_(max=0), "ClampBackward1", ["MulBackward0"]),
    (lambda t: t.zero_(), "ZeroBackward0", ["MulBackward0"]),
    (lambda t: t.fill_(2), "FillBackward2", ["MulBackward0"]),
    (lambda t: t.fill_(torch.tensor(2.0)), "FillBackward3", ["MulBackward0", None]),
    (lambda t: t.copy_(torch.ones(3)), "CopyBackwards", ["MulBackward0", None]),
    (
        lambda t: t.copy_(torch.ones(3, requires_grad=True)),
        "CopyBackwards",
        ["MulBackward0", "AccumulateGrad"],
    ),
    (
        lambda t: t.mul_(torch.ones(3, requires_grad=True)),
        "MulBackward0",
        ["MulBackward0", "AccumulateGrad"],
    ),
    (
        lambda t: t.pow_(torch.ones(3, requires_grad=True)),
        "PowBackward1",
        ["MulBackward0", "AccumulateGrad"],
    ),
    (
        lambda t: t.masked_fill_(torch.tensor([True, False, True]), 0.0),
        "MaskedFillBackward0",
        ["MulBackward0"],
    ),
    (
        lambda t: t.scatter_(0, torch.tensor([0]), torch.ones(1)),
        "ScatterBackward0",
        ["MulBackward0", None],
    ),
    (
        lambda t: t.scatter_add_(0, torch.tensor([0]), torch.ones(1)),
        "ScatterAddBackward0",
        ["MulBackward0", None],
    ),
    (lambda t: t.unsqueeze_(0), "UnsqueezeBackward1", ["MulBackward0"]),
    (lambda t: t.__setitem__([0, 1], 5.0), "IndexPutBackward0", ["MulBackward0", None]),
    (
        lambda t: t.__setitem__(torch.tensor([True, False, True]), 5.0),
        "IndexPutBackward0",
        ["MulBackward0", None],
    ),
    (lambda t: t.__setitem__(slice(0, 2), 5.0), "CopySlices", ["MulBackward0", None]),
    (lambda t: t.__setitem__(Ellipsis, 5.0), "FillBackward3", ["MulBackward0", None]),
    (lambda t: t.__setitem__(torch.tensor(1), 5.0), "CopySlices", ["MulBackward0", None]),
]


@pytest.mark.parametrize("op, name, inputs", GRAD_FN_NAMES)
def test_grad_fn_names_of_inplace_ops(op, name, inputs):
    y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True) * 1
    op(y)
    assert type(y.grad_fn).__name__ == name
    assert names(y.grad_fn) == inputs
    assert y._version == 1


def test_shape_changing_inplace_ops():
    y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True) * 1
    assert y.unsqueeze_(0).squeeze_() is y and y.shape == (3,)
    assert type(y.grad_fn).__name__ == "SqueezeBackward3" and y._version == 2
    y.unsqueeze_(0).squeeze_(0)
    assert type(y.grad_fn).__name__ == "SqueezeBackward4"
    y.unsqueeze_(0).t_()
    assert type(y.grad_fn).__name__ == "TBackward1" and y.shape == (3, 1)
    y.transpose_(0, 1)
    assert type(y.grad_fn).__name__ == "TransposeBackward1" and y.shape == (1, 3)


def test_augmented_assignment_returns_self():
    y = torch.tensor([1.0, 2.0], requires_grad=True) * 1
    alias = y
    y += 1
    y -= 1
    y *= 2
    y /= 4
    y **= 2
    assert y is alias and y._version == 5
    assert type(y.grad_fn).__name__ == "PowBackward0"


def test_retain_grad_moves_to_new_grad_fn():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    y.retain_grad()
    y.add_(1)
    (y * y).sum().backward()
    assert y.grad.tolist() == [6.0, 6.0, 6.0] and y.retains_grad
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    y.retain_grad()
    y[0] = 0.0
    (y * y).sum().backward()
    assert y.grad.tolist() == [0.0, 4.0, 4.0]


# --- recording: views --------------------------------------------------------------------------


def test_view_inplace_gives_copyslices_and_as_strided(device):
    x = torch.ones(2, 3, requires_grad=True, device=device)
    y = x * 1
    v = y[0]
    v.mul_(2)
    assert type(y.grad_fn).__name__ == "CopySlices"
    assert re.fullmatch(r"<CopySlices object at 0x[0-9a-f]+>", repr(y.grad_fn))
    assert type(v.grad_fn).__name__ == "AsStridedBackward0"
    assert names(y.grad_fn) == ["MulBackward0", None]
    assert v.grad_fn.next_functions[0][0] is y.grad_fn
    assert y._version == 1 and v._version == 1
    (y.sum() + v.sum()).backward()
    assert x.grad.tolist() == [[4.0, 4.0, 4.0], [1.0, 1.0, 1.0]]


def test_view_inplace_with_grad_requiring_operand(device):
    x = torch.ones(2, 3, requires_grad=True, device=device)
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True, device=device)
    y = x * 1
    v = y[0]
    v.mul_(w)
    assert names(y.grad_fn) == ["MulBackward0", "AccumulateGrad"]
    (y * torch.tensor([[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]], device=device)).sum().backward()
    assert x.grad.tolist() == [[1.0, 2.0, 3.0], [2.0, 2.0, 2.0]]
    assert w.grad.tolist() == [1.0, 1.0, 1.0]


def test_view_of_view_inplace():
    x = torch.ones(2, 3, requires_grad=True)
    y = x * 1
    w = y[1][1:]
    w.mul_(3)
    assert type(y.grad_fn).__name__ == "CopySlices"
    assert type(w.grad_fn).__name__ == "AsStridedBackward0"
    (y * torch.arange(6.0).view(2, 3)).sum().backward()
    assert x.grad.tolist() == [[0.0, 1.0, 2.0], [3.0, 12.0, 15.0]]


def test_view_inplace_saving_result_then_modified():
    x = torch.ones(3, requires_grad=True)
    y = x * 2
    v = y[:2]
    v.exp_()
    v.mul_(2)
    with raises(RuntimeError, modified("2", ", which is output 0 of Exp,", 2, 1)):
        y.sum().backward()


# --- setitem -------------------------------------------------------------------------------------


def test_setitem_on_non_leaf(device):
    x2 = torch.ones(3, requires_grad=True, device=device)
    y = x2 * 2
    y[0] = 10.0
    assert "tensor([10.,  2.,  2.]" in repr(y) and repr(y).endswith("grad_fn=<CopySlices>)")
    assert names(y.grad_fn) == ["MulBackward0", None]
    y.sum().backward()
    assert x2.grad.tolist() == [0.0, 2.0, 2.0]


def test_setitem_row_of_matrix(device):
    x = torch.ones(2, 3, requires_grad=True, device=device)
    y = x * 1
    y[0] = 5.0
    y.backward(torch.ones(2, 3, device=device))
    assert x.grad.tolist() == [[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]


def test_lesson_000_setitem_into_plain_tensor(device):
    x = torch.tensor([1, 2, 3], requires_grad=True, dtype=torch.float, device=device)
    y = torch.randn(3, device=device)
    y[0] = x[0] + x[1] + x[2]
    assert not y.is_leaf and y.requires_grad
    assert names(y.grad_fn) == [None, "AddBackward0"]
    y[1] = x[0] * x[1] + x[2]
    assert names(y.grad_fn) == ["CopySlices", "AddBackward0"]
    y[2] = x[0] - x[1] * x[2]
    y.backward(torch.tensor([0.1, 0.2, 0.3], dtype=torch.float, device=device))
    assert np.allclose(x.grad.cpu().numpy(), [0.8, -0.6, -0.3])


def test_lesson_001_setitem_into_leaf_requiring_grad():
    from autograd_nb.autograd import Variable

    n = Variable(torch.zeros(1, 2), requires_grad=True)
    m = Variable(torch.FloatTensor([2, 3]), requires_grad=True)
    with raises(RuntimeError, VIEW_OF_LEAF):
        n[0, 0] = m[0] ** 2


def test_setitem_values_and_versions(device):
    y = torch.zeros(2, 3, device=device)
    y[1, 2] = 4
    y[0, :2] = torch.tensor([1.0, 2.0], device=device)
    assert y._version == 2
    y[y > 3] = -1.0
    y[[0, 1], [0, 1]] = torch.tensor([9.0, 8.0], device=device)
    y[:, [2]] = 7.0
    assert y.tolist() == [[9.0, 2.0, 7.0], [0.0, 8.0, 7.0]]
    y[torch.tensor([[True, False, True], [False, False, False]], device=device)] = torch.tensor(
        [5.0, 6.0], device=device
    )
    y[0] = torch.ones(1, 3, device=device)  # leading size-1 dims of the value are dropped
    y[:, 1] = torch.tensor([7.0, 3.0], device=device)
    assert y.tolist() == [[1.0, 7.0, 1.0], [0.0, 3.0, 7.0]] and y._version == 8


def test_setitem_casts_numbers_and_basic_tensor_values():
    yl = torch.zeros(3, dtype=torch.long)
    yl[0] = 2.7
    yl[1] = torch.tensor(3.9)
    yl[[2]] = 5.9
    assert yl.tolist() == [2, 3, 5]
    yf = torch.zeros(3)
    yf[0] = torch.tensor(1.0, dtype=torch.float64)
    yf[1] = True
    assert yf.tolist() == [1.0, 1.0, 0.0] and yf.dtype is torch.float32


def test_setitem_errors_leave_tensor_unchanged():
    y = torch.zeros(2, 3)
    with raises(
        RuntimeError,
        "Index put requires the source and destination dtypes match, got "
        "Float for the destination and Double for the source.",
    ):
        y[[0]] = torch.tensor(1.0, dtype=torch.float64)
    with raises(TypeError, "can't assign a str to a torch.FloatTensor"):
        y[0] = "a"
    with raises(TypeError, "can't assign a list to a torch.FloatTensor"):
        y[0] = [1.0]
    with raises(
        RuntimeError,
        "The expanded size of the tensor (3) must match the existing size "
        "(2) at non-singleton dimension 0.  Target sizes: [3].  Tensor "
        "sizes: [2]",
    ):
        y[0] = torch.ones(2)
    with raises(
        RuntimeError,
        "shape mismatch: value tensor of shape [2] cannot be broadcast to "
        "indexing result of shape [2, 3]",
    ):
        y[[0, 1]] = torch.ones(2)
    with raises(IndexError, "index 5 is out of bounds for dimension 0 with size 2"):
        y[5] = 1.0
    assert y._version == 0 and y.tolist() == [[0.0] * 3] * 2


def test_setitem_advanced_gradient():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = torch.zeros(4)
    y[[0, 1, 0]] = x
    assert names(y.grad_fn) == [None, "AccumulateGrad"]
    y.sum().backward()
    assert x.grad.tolist() == [1.0, 1.0, 1.0]
    x = torch.tensor(2.0, requires_grad=True)
    y = torch.zeros(2, 3) * 1
    y[0] = x
    y[:, 1] = x * 3
    (y * torch.arange(6.0).view(2, 3)).sum().backward()
    assert x.grad.item() == 17.0


# --- dtype, shape and device rules ---------------------------------------------------------------


def test_dtype_and_shape_errors(device):
    a = torch.ones(3, dtype=torch.long, device=device)
    cast = "result type Float can't be cast to the desired output type Long"
    for op in (
        lambda: a.add_(1.5),
        lambda: a.mul_(torch.ones(3, device=device)),
        lambda: a.div_(2),
        lambda: a.sqrt_(),
        lambda: a.pow_(2.0),
    ):
        with raises(RuntimeError, cast):
            op()
    with raises(
        RuntimeError, "result type Float can't be cast to the desired output type long int"
    ):
        a.clamp_(0.5, 1)
    with raises(RuntimeError, "result type Long can't be cast to the desired output type Bool"):
        torch.zeros(3, dtype=torch.bool, device=device).add_(1)
    b = torch.ones(3, device=device)
    with raises(RuntimeError, "output with shape [3] doesn't match the broadcast shape [2, 3]"):
        b.add_(torch.ones(2, 3, device=device))
    with raises(RuntimeError, "output with shape [3] doesn't match the broadcast shape [2, 3]"):
        b.copy_(torch.ones(2, 3, device=device))
    with raises(
        RuntimeError,
        "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0",
    ):
        b.add_(torch.ones(2, device=device))
    with raises(
        RuntimeError,
        "fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions.",
    ):
        a.fill_(torch.ones(2, device=device))
    assert a._version == 0 and b._version == 0 and b.tolist() == [1.0, 1.0, 1.0]


def test_dtype_conversions_that_are_allowed(device):
    b = torch.ones(3, device=device)
    b.add_(torch.ones(3, dtype=torch.float64, device=device))
    assert b.dtype is torch.float32 and b.tolist() == [2.0, 2.0, 2.0]
    bl = torch.zeros(3, dtype=torch.long, device=device)
    bl.copy_(torch.tensor([1.7, 2.0, 3.0], device=device))
    assert bl.tolist() == [1, 2, 3]
    bl.neg_()
    bl.abs_()
    bl.fill_(2.7)
    assert bl.tolist() == [2, 2, 2]
    bb = torch.zeros(3, dtype=torch.bool, device=device)
    bb.fill_(2)
    assert bb.tolist() == [True, True, True]
    bi = torch.zeros(3, dtype=torch.int32, device=device)
    bi.add_(torch.tensor([1, 2, 3], device=device))
    assert bi.dtype is torch.int32 and bi.tolist() == [1, 2, 3]


def test_masked_fill_checks():
    b = torch.ones(3)
    with raises(
        RuntimeError, "masked_fill_ only supports boolean masks, but got mask with dtype long int"
    ):
        b.masked_fill_(torch.tensor([1, 0, 1]), 0.0)
    with raises(RuntimeError, "output with shape [3] doesn't match the broadcast shape [2, 3]"):
        b.masked_fill_(torch.ones(2, 3, dtype=torch.bool), 0.0)
    b2 = torch.ones(2, 3)
    b2.masked_fill_(torch.tensor([True, False, True]), 0.0)
    assert b2.tolist() == [[0.0, 1.0, 0.0], [0.0, 1.0, 0.0]]


def test_expanded_tensor_refuses_inplace():
    e = torch.ones(1, 3).expand(2, 3)
    with raises(RuntimeError, msg.INPLACE_OVERLAP):
        e.add_(1)


@pytest.mark.filterwarnings("ignore:The given NumPy array is not writable")
def test_tensor_on_a_read_only_array_refuses_inplace_and_keeps_its_values():
    frozen = np.arange(3.0, dtype=np.float32)
    frozen.flags.writeable = False
    t = torch.from_numpy(frozen)
    for change in (lambda: t.add_(1), lambda: t.zero_(), lambda: t.__setitem__(0, 5.0)):
        with raises(RuntimeError, msg.INPLACE_READ_ONLY):
            change()
    assert frozen.tolist() == [0.0, 1.0, 2.0] and t._version == 0
    assert (t + 1).tolist() == [1.0, 2.0, 3.0]  # reading still works


def test_cross_device_copy_and_device_mismatch():
    g = torch.zeros(3, device="cuda")
    g.copy_(torch.tensor([1.0, 2.0, 3.0]))
    assert g.device.type == "cuda" and g.tolist() == [1.0, 2.0, 3.0]
    g[0] = torch.tensor(5.0)
    assert g.tolist() == [5.0, 2.0, 3.0]
    with raises(
        RuntimeError,
        "Expected all tensors to be on the same device, but found at least "
        "two devices, cuda:0 and cpu!",
    ):
        g.add_(torch.ones(3))
    src = torch.ones(3, requires_grad=True)
    y = torch.zeros(3, device="cuda") * 1
    y.copy_(src * 2)
    y.sum().backward()
    assert src.grad.device.type == "cpu" and src.grad.tolist() == [2.0, 2.0, 2.0]


# --- gradients, numerically ------------------------------------------------------------------------


def test_gradcheck_inplace_on_clones(device):
    def f(a, b):
        y = a.clone()
        y.mul_(b)
        y.add_(a, alpha=2)
        y[0] = y[1].clone() * b[2]  # y[1] itself would be saved, then changed: an error
        y[1:].sigmoid_()
        z = y.clone()
        z[[0, 2]] = b[:2] * 3
        z.masked_fill_(z > 100, 0.0)
        return z.exp_()

    a = torch.tensor([0.3, -0.2, 0.5], dtype=torch.float64, requires_grad=True, device=device)
    b = torch.tensor([0.7, 0.1, -0.4], dtype=torch.float64, requires_grad=True, device=device)
    assert gradcheck(f, (a, b))


def test_gradcheck_view_inplace_chain():
    def f(a):
        y = a * 1
        y[:, 0].mul_(a[1, 1])  # tanh_ here would save y[:, 0], which row.mul_ changes
        row = y[1]
        row.mul_(a[0, 0])
        return y * row.sum()

    a = torch.tensor([[0.3, -0.2], [0.5, 0.8]], dtype=torch.float64, requires_grad=True)
    assert gradcheck(f, (a,))
    f(a).sum().backward()  # the same values PyTorch 2.13 gives
    assert np.allclose(a.grad.numpy(), [[1.2, 0.36], [0.1824, 0.45]], atol=1e-4)


def test_view_made_before_an_in_place_change_of_its_base_follows_the_new_history(device):
    # PyTorch 2.13: v's grad_fn becomes AsStridedBackward0 and x.grad is [[2, 2, 2], [0, 0, 0]].
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True, device=device)
    y = x * 1
    v = y[0]
    y.mul_(2)
    assert type(v.grad_fn).__name__ == "AsStridedBackward0"
    v.sum().backward()
    assert x.grad.tolist() == [[2.0, 2.0, 2.0], [0.0, 0.0, 0.0]]


def test_uniform_and_normal_fill_in_place_with_pytorchs_rules(device):
    torch.manual_seed(3)
    w = torch.zeros(1000, device=device)
    assert w.uniform_(-2, 3) is w and w._version == 1
    assert -2 <= w.min().item() and w.max().item() < 3 and abs(w.mean().item() - 0.5) < 0.2
    w.normal_(5, 0.5)
    assert abs(w.mean().item() - 5) < 0.1 and abs(w.std().item() - 0.5) < 0.05
    torch.manual_seed(3)
    again = torch.zeros(1000, device=device).uniform_(-2, 3)
    torch.manual_seed(3)
    assert again.tolist() == torch.zeros(1000, device=device).uniform_(-2, 3).tolist()
    leaf = torch.zeros(3, requires_grad=True, device=device)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad is being used"):
        leaf.normal_()
    leaf.data.normal_(0, 0.01)  # the lessons' initialisation idiom: allowed through .data
    y = leaf * 2
    y.uniform_()  # PyTorch 2.13: grad_fn=<UniformBackward0>, and no gradient flows through
    assert y.grad_fn.name() == "UniformBackward0"
    y.sum().backward()
    assert leaf.grad.tolist() == [0.0, 0.0, 0.0]
    with pytest.raises(RuntimeError, match="normal expects std >= 0.0, but found std -1"):
        torch.zeros(2, device=device).normal_(0, -1)
    with pytest.raises(
        NotImplementedError, match="\"check_uniform_bounds\" not implemented for 'Long'"
    ):
        torch.zeros(2, dtype=torch.long, device=device).uniform_()


@pytest.mark.parametrize(
    "dtype, top",
    [  # PyTorch 2.13: [0, 2^digits] for floats, else max
        (torch.float32, 2**24),
        (torch.float64, 2**53),
        (torch.int32, 2**31 - 1),
        (torch.int16, 2**15 - 1),
        (torch.int8, 127),
        (torch.uint8, 255),
        (torch.bool, 1),
        (torch.int64, 2**63 - 1),
    ],
)
def test_random_fills_with_integers_in_pytorchs_ranges(device, dtype, top):
    torch.manual_seed(5)
    x = torch.empty(20000, dtype=dtype, device=device)
    assert x.random_() is x and x._version == 1 and x.dtype is dtype
    values = x.tolist()
    assert 0 <= min(values) and top // 2 < max(values) <= top
    assert all(v == int(v) for v in values)
    assert sorted(set(x.random_(2).tolist())) == [0, 1]
    if dtype.is_signed:
        assert sorted(set(x.random_(-2, 1).tolist())) == [-2, -1, 0]


def test_random_float16_stays_within_its_exact_integers():
    x = torch.empty(50000, dtype=torch.float16).random_()  # PyTorch 2.13: [0, 2^11]
    assert 0 <= x.min().item() and 1024 < x.max().item() <= 2048


def test_random_grad_fn_generator_and_errors(device):
    w = torch.ones(3, requires_grad=True, device=device)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad is being used"):
        w.random_()
    y = w * 2
    names = [
        y.random_().grad_fn.name(),
        y.random_(3).grad_fn.name(),
        y.random_(1, 3).grad_fn.name(),
        y.random_(to=3).grad_fn.name(),
    ]
    assert names == [
        "RandomBackward2",
        "RandomBackward1",
        "RandomBackward0",
        "RandomBackward1",
    ]  # PyTorch 2.13
    assert set(y.tolist()) <= {0.0, 1.0, 2.0}
    y.sum().backward()
    assert w.grad.tolist() == [0.0, 0.0, 0.0]
    g = torch.Generator().manual_seed(3)
    a = torch.empty(5).random_(10, generator=g)
    g.manual_seed(3)
    assert a.tolist() == torch.empty(5).random_(10, generator=g).tolist()
    assert torch.empty(3, device=device).random_(1, 2).tolist() == [1.0, 1.0, 1.0]
    assert set(torch.empty(99, device=device).random_(-3, -1).tolist()) <= {-3.0, -2.0}


@pytest.mark.parametrize(
    "call, text",
    [  # PyTorch 2.13
        (
            lambda: torch.empty(3).random_(5, 3),
            "random_ expects 'from' to be less than 'to', but got from=5 >= to=3",
        ),
        (
            lambda: torch.empty(3).random_(-1),
            "random_ expects 'from' to be less than 'to', but got from=0 >= to=-1",
        ),
        (
            lambda: torch.empty(3, dtype=torch.uint8).random_(300),
            "to - 1 is out of bounds for unsigned char",
        ),
        (
            lambda: torch.empty(3, dtype=torch.uint8).random_(-5, 3),
            "from is out of bounds for unsigned char",
        ),
        (
            lambda: torch.empty(3, dtype=torch.int8).random_(200),
            "to - 1 is out of bounds for signed char",
        ),
        (lambda: torch.empty(3, dtype=torch.bool).random_(3), "to - 1 is out of bounds for bool"),
        (
            lambda: torch.empty(3, dtype=torch.float16).random_(70000),
            "to - 1 is out of bounds for c10::Half",
        ),
    ],
)
def test_random_bounds_errors_match_pytorch(call, text):
    with pytest.raises(RuntimeError) as info:
        call()
    assert str(info.value) == text


def test_random_warns_past_exact_floats_and_refuses_non_integers():
    with pytest.warns(UserWarning) as record:  # PyTorch 2.13's text (without its C++ location)
        torch.empty(3).random_(2**25)
    assert str(record[0].message) == (
        "to - 1 is out of bounds [-(2^24), 2^24]. Due to precision limitations float can support "
        "discrete uniform distribution only within this range. This warning will become an "
        "error in version 1.7 release, please fix the code in advance"
    )
    with pytest.raises(TypeError) as info:
        torch.empty(3).random_(2.5)
    assert str(info.value) == (
        "random_() received an invalid combination of arguments - got (float), but expected one "
        "of:\n * (*, torch.Generator generator = None)\n * (int from, int to, *, "
        "torch.Generator generator = None)\n * (int to, *, torch.Generator generator = None)\n"
    )


MULTI_VIEW = (
    "Output {nr} of {name} is a view and is being modified inplace. This view is the "
    "output of a function that returns multiple views. Such functions do not allow "
    "the output views to be modified inplace. You should replace the inplace "
    "operation by an out-of-place one."
)  # PyTorch 2.13


@pytest.mark.parametrize(
    "modify, nr, name",
    [
        (lambda z: z.unbind(0)[1].mul_(2), 1, "Unbind"),
        (lambda z: z.split(2)[1].add_(1), 1, "Split"),
        (lambda z: z.chunk(2)[0].add_(1), 0, "Split"),
        (lambda z: z.split([2, 2])[0].zero_(), 0, "SplitWithSizes"),
        (lambda z: z.split([2, 2])[0].__setitem__(0, 5.0), 0, "Select"),  # a view of a piece
    ],
)
def test_pieces_of_split_and_unbind_refuse_in_place_changes(device, modify, nr, name):
    z = torch.ones(4, device=device, requires_grad=True) * 1
    with pytest.raises(RuntimeError) as err:
        modify(z)
    assert str(err.value) == MULTI_VIEW.format(nr=nr, name=name)


def test_pieces_may_change_in_place_without_a_graph(device):
    leaf = torch.ones(3, device=device, requires_grad=True)
    with pytest.raises(RuntimeError) as err:  # checked before the leaf rule, as in PyTorch
        leaf.unbind(0)[0].mul_(2)
    assert str(err.value) == MULTI_VIEW.format(nr=0, name="Unbind")
    plain = torch.ones(3, device=device)
    plain.unbind(0)[0].mul_(2)
    assert plain.tolist() == [2.0, 1.0, 1.0]
    z = torch.ones(4, device=device, requires_grad=True) * 1
    with torch.no_grad():
        z.chunk(2)[0].add_(1)
    assert z.tolist() == [2.0, 2.0, 1.0, 1.0]
