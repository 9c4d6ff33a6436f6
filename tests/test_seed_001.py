"""Lesson 001 (Parameter and buffers, Tensor / Variable / Parameter, common functions, TensorBoard).

Every code example of notebooks/seeds/001_54f6fd0a54713c68.txt that needs only the core, run with
`import autograd_nb as torch`. Expected values were observed on PyTorch 2.13; where the author's
code cannot run as printed (an undefined name, a 1-D tensor indexed with two indices), the test
asserts what PyTorch 2.13 does with it, then runs the evident intent.
"""

import re
import sys

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import _messages as msg
from autograd_nb import nn
from autograd_nb.autograd import Variable

NEEDS_LATER: dict = {}  # every example now runs (nn/optim: issue 4; SummaryWriter: issue 6)


# --- 2.1 Tensor ------------------------------------------------------------------------------------


def test_001_tensor_numpy_round_trip():
    numpy_array = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)
    pt_tensor1 = torch.Tensor(numpy_array)
    pt_tensor2 = torch.from_numpy(numpy_array)
    my_array = pt_tensor1.numpy()
    assert type(my_array) is np.ndarray
    assert my_array.tolist() == numpy_array.tolist()
    # torch.Tensor copies, from_numpy shares memory
    numpy_array[0, 0] = 9.0
    assert pt_tensor1[0, 0].item() == 1.0
    assert pt_tensor2[0, 0].item() == 9.0


def test_001_tensor_attributes(capsys):
    my_tensor = torch.arange(12.0).reshape(3, 4)  # "my_tensor是一个3x4的tensor"
    print(my_tensor.dim())
    print(my_tensor.size())
    print(my_tensor.shape)
    print(my_tensor.numel())
    print(my_tensor.type())
    assert capsys.readouterr().out == (
        "2\ntorch.Size([3, 4])\ntorch.Size([3, 4])\n12\ntorch.FloatTensor\n"
    )
    assert my_tensor.size() == (3, 4)  # the author's "(3,4)"


def test_001_tensor_indexing():
    my_tensor = torch.arange(12.0).reshape(3, 4)
    assert repr(my_tensor[0, 0]) == repr(my_tensor[0][0]) == "tensor(0.)"
    assert repr(my_tensor[1:3, 0:2]) == "tensor([[4., 5.],\n        [8., 9.]])"
    # the author calls my_tensor[1:3][0:2] equivalent: it is not, it keeps all four columns
    assert my_tensor[1:3][0:2].shape == torch.Size([2, 4])


def test_001_item_vs_data():
    t = torch.tensor(3.5, requires_grad=True)
    assert t.item() == 3.5 and type(t.item()) is float
    assert type(torch.tensor(3).item()) is int
    # .data is still a tensor (PyTorch 2.13: tensor(3.5000)), detached from the graph
    assert isinstance(t.data, torch.Tensor)
    assert repr(t.data) == "tensor(3.5000)"
    assert not t.data.requires_grad


def test_001_matmul():
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    y = torch.tensor([[1.0], [1.0]])
    assert repr(torch.matmul(x, y)) == "tensor([[3.],\n        [7.]])"


# --- 2.2 Variable ----------------------------------------------------------------------------------


def test_001_variable_scalar_autograd():
    a = torch.randn(10, 5)
    b = torch.randn(10, 5)
    x = Variable(a, requires_grad=True)
    y = Variable(b, requires_grad=True)
    z = x + y
    # as printed, z is 10x5, not a scalar: PyTorch 2.13 raises
    with pytest.raises(RuntimeError) as err:
        z.backward()
    assert str(err.value) == msg.IMPLICIT_SCALAR
    assert str(err.value) == "grad can be implicitly created only for scalar outputs"
    # the author's comments (all-ones grad, SumBackward0) fit z = (x + y).sum()
    z = torch.sum(x + y)
    z.backward()
    assert repr(x.grad) == repr(torch.ones(10, 5))
    assert re.fullmatch(r"<SumBackward0 object at 0x[0-9a-f]+>", repr(z.grad_fn))


def test_001_vector_setitem_on_leaf():
    n = Variable(torch.zeros(1, 2), requires_grad=True)
    m = Variable(torch.FloatTensor([2, 3]), requires_grad=True)
    # m is 1-D, so the right-hand side m[0, 0] fails first (PyTorch 2.13)
    with pytest.raises(IndexError, match="^too many indices for tensor of dimension 1$"):
        n[0, 0] = m[0, 0] ** 2
    # with valid indices, writing into a view of the leaf n raises PyTorch 2.13's error
    with pytest.raises(RuntimeError) as err:
        n[0, 0] = m[0] ** 2
    assert str(err.value) == msg.VIEW_OF_LEAF_INPLACE
    assert str(err.value) == (
        "a view of a leaf Variable that requires grad is being used in an in-place operation."
    )
    assert n.tolist() == [[0.0, 0.0]] and n._version == 0  # nothing half-written


def test_001_vector_setitem_intent():
    m = Variable(torch.FloatTensor([2, 3]), requires_grad=True)
    n = torch.zeros(1, 2)  # a plain tensor that receives values requiring grad
    n[0, 0] = m[0] ** 2
    n[0, 1] = m[1] ** 3
    n.backward(torch.ones_like(n))
    assert repr(n) == "tensor([[ 4., 27.]], grad_fn=<CopySlices>)"  # PyTorch 2.13
    assert repr(m.grad) == "tensor([ 4., 27.])"  # the author's [4., 27.]


def test_001_backward_twice_and_retain_graph():
    x = Variable(torch.Tensor([2]), requires_grad=True)
    y = x * 2 + x**2 + 3
    y.backward()
    assert repr(x.grad) == "tensor([6.])"
    with pytest.raises(RuntimeError) as err:
        y.backward()
    # PyTorch 2.13's text; the author quotes the 0.x text "...but the buffers have already been
    # freed. Specify retain_graph=True when calling backward the first time."
    assert str(err.value) == msg.BACKWARD_TWICE
    z = x * 2 + x**2 + 3
    z.backward(retain_graph=True)
    # "第一次求导的梯度": x.grad was not cleared after y.backward(), so it holds 6 + 6
    assert repr(x.grad) == "tensor([12.])"
    x.grad.data.zero_()
    z.backward()
    assert repr(x.grad) == "tensor([6.])"
    with pytest.raises(RuntimeError, match="^Trying to backward through the graph a second time"):
        z.backward()  # retain_graph only lasts one call


# --- 2.3 Parameter: the manual update the lesson starts from ------------------------------------


def test_001_manual_update_through_data():
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    (w * w).sum().backward()
    lr = 0.1
    w.data = w.data - lr * w.grad.data
    # PyTorch 2.13: still the same leaf, version untouched
    assert repr(w) == "tensor([0.8000, 1.6000], requires_grad=True)"
    assert w.is_leaf and w._version == 0


# --- 1.1 Parameter vs buffer, 1.2 how nn.Module registers them, 2.3 Parameter + optimizer -------
# The author links to two articles instead of printing code; these are their examples, with
# fixed values. Every expected text is what PyTorch 2.13 prints for the same code.


class ParamAndBuffer(nn.Module):
    def __init__(self):
        super().__init__()
        self.my_param = nn.Parameter(torch.tensor([2.0]))  # trained: in parameters()
        self.register_buffer("my_buffer", torch.tensor([1.0]))  # state, not trained
        self.register_buffer("scratch", torch.tensor([5.0]), persistent=False)
        self.plain = torch.tensor([3.0])  # neither: a plain attribute

    def forward(self, x):
        return x * self.my_param + self.my_buffer


# print(model.state_dict()) as PyTorch prints it: Python 3.12 changed how an OrderedDict prints
STATE_DICT_PRINT = (
    "OrderedDict({'my_param': tensor([2.]), 'my_buffer': tensor([1.])})\n"
    if sys.version_info >= (3, 12)
    else "OrderedDict([('my_param', tensor([2.])), ('my_buffer', tensor([1.]))])\n"
)


def test_001_parameter_vs_buffer(capsys):
    model = ParamAndBuffer()
    print(list(model.named_parameters()))
    print(list(model.named_buffers()))
    print(model.state_dict())
    assert capsys.readouterr().out == (
        "[('my_param', Parameter containing:\ntensor([2.], requires_grad=True))]\n"
        "[('my_buffer', tensor([1.])), ('scratch', tensor([5.]))]\n" + STATE_DICT_PRINT
    )
    # a buffer takes part in forward but gets no gradient, and the optimizer never sees it
    assert not model.my_buffer.requires_grad
    model(torch.tensor([1.0, 2.0])).sum().backward()
    assert repr(model.my_param.grad) == "tensor([3.])" and model.my_buffer.grad is None
    torch.optim.SGD(model.parameters(), lr=0.5).step()
    assert repr(model.my_param) == "Parameter containing:\ntensor([0.5000], requires_grad=True)"
    assert repr(model.my_buffer) == "tensor([1.])"
    # buffers move with the module (.double(), .to(), .cuda()); a plain attribute stays behind
    model.double()
    assert (
        model.my_param.dtype,
        model.my_buffer.dtype,
        model.scratch.dtype,
        model.plain.dtype,
    ) == (torch.float64,) * 3 + (torch.float32,)


def test_001_module_registers_parameters(capsys):
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.ones(2))  # __setattr__ puts it in self._parameters
            self.t = torch.ones(2)  # a plain tensor: an ordinary attribute
            self.lst = [nn.Parameter(torch.zeros(1))]  # hidden in a list: not registered
            self.plist = nn.ParameterList([nn.Parameter(torch.zeros(1))])  # registered
            self.fc = nn.Linear(2, 1)  # a submodule: its parameters are found recursively

    net = Net()
    assert [name for name, _ in net.named_parameters()] == ["w", "plist.0", "fc.weight", "fc.bias"]
    assert (list(net._parameters), list(net._modules), list(net._buffers)) == (
        ["w"],
        ["plist", "fc"],
        [],
    )
    assert "t" in net.__dict__ and "w" not in net.__dict__
    net.extra = nn.Parameter(torch.zeros(3))  # registered later too, in assignment order
    assert [name for name, _ in net.named_parameters()] == [
        "w",
        "extra",
        "plist.0",
        "fc.weight",
        "fc.bias",
    ]
    with pytest.raises(TypeError) as err:
        net.w = torch.zeros(2)
    # PyTorch 2.13's text
    assert str(err.value) == (
        "cannot assign 'torch.FloatTensor' as parameter 'w' (torch.nn.Parameter or None expected)"
    )
    print(net)
    assert capsys.readouterr().out == (
        "Net(\n"
        "  (plist): ParameterList(  (0): Parameter containing: [torch.float32 of size 1])\n"
        "  (fc): Linear(in_features=2, out_features=1, bias=True)\n"
        ")\n"
    )

    class Early(nn.Module):
        def __init__(self):
            self.w = nn.Parameter(torch.ones(1))  # before super().__init__()
            super().__init__()

    with pytest.raises(
        AttributeError,
        match=r"^cannot assign parameters before "
        r"Module\.__init__\(\) call$",
    ):
        Early()


def test_001_parameter_requires_grad_by_default():
    p = nn.Parameter(torch.tensor([1.0, 2.0]))
    # PyTorch 2.13: a Tensor subclass, a leaf that requires grad unless told otherwise
    assert repr(p) == str(p) == "Parameter containing:\ntensor([1., 2.], requires_grad=True)"
    assert isinstance(p, torch.Tensor) and type(p).__name__ == "Parameter"
    assert p.requires_grad and p.is_leaf and p.grad_fn is None
    assert not Variable(torch.tensor([1.0, 2.0])).requires_grad  # Variable's default is False
    q = nn.Parameter(torch.tensor([1.0, 2.0]), requires_grad=False)
    assert repr(q) == "Parameter containing:\ntensor([1., 2.])"
    assert repr(nn.Parameter()) == "Parameter containing:\ntensor([], requires_grad=True)"
    # results of ops, .data and .detach() are plain Tensors
    assert type(p * 2) is torch.Tensor and repr(p * 2) == "tensor([2., 4.], grad_fn=<MulBackward0>)"
    assert type(p.data) is torch.Tensor and type(p.detach()) is torch.Tensor


class TwoLayerNet(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super(TwoLayerNet, self).__init__()  # noqa: UP008 - the author's spelling
        self.hidden = nn.Linear(n_in, n_hidden)  # layers
        self.out = nn.Linear(n_hidden, n_out)

    def forward(self, x):
        x = torch.relu(self.hidden(x))  # 数据流
        x = self.out(x)
        return x


def test_001_net_parameters_optimizer_step(capsys):
    net = TwoLayerNet(2, 3, 1)
    with torch.no_grad():  # fixed weights instead of the random initialisation
        net.hidden.weight.copy_(torch.tensor([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]]))
        net.hidden.bias.copy_(torch.tensor([0.0, 0.1, -0.1]))
        net.out.weight.copy_(torch.tensor([[0.7, -0.8, 0.9]]))
        net.out.bias.fill_(0.2)
    net.train()
    optimizer = torch.optim.SGD(net.parameters(), lr=1e-1)
    x = torch.tensor([[1.0, 2.0], [-1.0, 0.5], [0.5, -1.5]])
    y = torch.tensor([[1.0], [0.0], [-1.0]])
    for _ in range(2):  # 每一个batch中, optimizer.step() after loss.backward()
        loss = ((net(x) - y) ** 2).mean()
        print(loss)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    for name, p in net.named_parameters():
        print(name, p)
    # PyTorch 2.13 prints this
    assert capsys.readouterr().out == (
        "tensor(1.4218, grad_fn=<MeanBackward0>)\n"
        "tensor(0.7595, grad_fn=<MeanBackward0>)\n"
        "hidden.weight Parameter containing:\n"
        "tensor([[ 0.0395, -0.0185],\n"
        "        [ 0.2097,  0.2194],\n"
        "        [-0.3000,  0.7647]], requires_grad=True)\n"
        "hidden.bias Parameter containing:\n"
        "tensor([-0.1210,  0.0097, -0.0883], requires_grad=True)\n"
        "out.weight Parameter containing:\n"
        "tensor([[ 0.6571, -0.6733,  0.9134]], requires_grad=True)\n"
        "out.bias Parameter containing:\n"
        "tensor([0.0364], requires_grad=True)\n"
    )
    assert repr(net.out.bias.grad) == "tensor([0.9323])"  # the second step's gradient
    assert net.training and len(optimizer.param_groups[0]["params"]) == 4


# --- 四、TensorBoard -------------------------------------------------------------------------------


def test_001_tensorboard_summary_writer(tmp_path, monkeypatch):
    from autograd_nb.utils.tensorboard import SummaryWriter, event_files, read_graph, read_scalars

    monkeypatch.chdir(tmp_path)
    model = TwoLayerNet(2, 3, 1)
    input_to_model = torch.ones(4, 2)
    tb_writer = SummaryWriter(log_dir="./runs")
    tb_writer.add_graph(model, input_to_model)
    for global_step in range(3):
        tb_writer.add_scalar("loss", 1.0 / (global_step + 1), global_step)
        tb_writer.add_scalars("acc", {"train": 0.5 + global_step / 10, "test": 0.25}, global_step)
    tb_writer.flush()
    tb_writer.close()
    # one event file in ./runs, and one per add_scalars key in runs/<main_tag>_<key> (PyTorch 2.13)
    assert len(event_files(tmp_path / "runs")) == 3
    assert {p.parent.name for p in (tmp_path / "runs").rglob("events.out.tfevents.*")} == {
        "runs",
        "acc_train",
        "acc_test",
    }
    assert read_scalars("runs") == {
        "loss": {".": [(0, 1.0), (1, 0.5), (2, pytest.approx(1 / 3))]},
        "acc": {
            "acc_train": [(0, 0.5), (1, pytest.approx(0.6)), (2, pytest.approx(0.7))],
            "acc_test": [(0, 0.25), (1, 0.25), (2, 0.25)],
        },
    }
    names = {node.name for node in read_graph("runs")}
    assert {"TwoLayerNet/Linear[hidden]/weight", "TwoLayerNet/Linear[out]/bias"} <= names


# --- 3.1 .data and .detach() ---------------------------------------------------------------------


def test_001_data_change_is_invisible_to_autograd():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    out = a.sigmoid()
    c = out.data
    c.zero_()
    out.sum().backward()
    # silently wrong: sigmoid's backward used the zeroed output (PyTorch 2.13 gives tensor([0., 0.]))
    assert repr(a.grad) == "tensor([0., 0.])"
    assert out._version == 0 and not c.requires_grad


def test_001_detach_change_is_reported_to_autograd():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    out = a.sigmoid()
    c = out.detach()
    assert not c.requires_grad and c.is_leaf
    c.zero_()
    assert out._version == c._version == 1  # detach() shares the version counter
    with pytest.raises(RuntimeError) as err:
        out.sum().backward()
    # PyTorch 2.13's text
    assert str(err.value) == (
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation: [torch.FloatTensor [2]], which is output 0 of Sigmoid, is at version 1; "
        "expected version 0 instead. Hint: enable anomaly detection to find the operation that "
        "failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, "
        "check_nan=False)."
    )


# --- 3.2 scatter (examples from PyTorch's documentation) -----------------------------------------


def test_001_scatter():
    src = torch.arange(1, 11).reshape((2, 5))
    index = torch.tensor([[0, 1, 2, 0]])
    assert repr(torch.zeros(3, 5, dtype=src.dtype).scatter_(0, index, src)) == (
        "tensor([[1, 0, 0, 4, 0],\n        [0, 2, 0, 0, 0],\n        [0, 0, 3, 0, 0]])"
    )
    index = torch.tensor([[0, 1, 2], [0, 1, 4]])
    assert repr(torch.zeros(3, 5, dtype=src.dtype).scatter_(1, index, src)) == (
        "tensor([[1, 2, 3, 0, 0],\n        [6, 7, 0, 0, 8],\n        [0, 0, 0, 0, 0]])"
    )
    out = torch.zeros(3, 5).scatter_(
        0, torch.tensor([[0, 1, 2, 0, 0], [2, 0, 0, 1, 2]]), torch.arange(10.0).reshape(2, 5)
    )
    assert repr(out) == (
        "tensor([[0., 6., 7., 3., 4.],\n        [0., 1., 0., 8., 0.],\n"
        "        [5., 0., 2., 0., 9.]])"
    )
    assert repr(torch.zeros(2, 4).scatter_(1, torch.tensor([[2], [3]]), 1.23)) == (
        "tensor([[0.0000, 0.0000, 1.2300, 0.0000],\n        [0.0000, 0.0000, 0.0000, 1.2300]])"
    )


def test_001_scatter_out_of_place_keeps_input():
    x = torch.zeros(2, 3)
    y = x.scatter(1, torch.tensor([[1], [2]]), torch.ones(2, 1))
    assert x.tolist() == [[0.0] * 3] * 2
    assert y.tolist() == [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]


# --- 3.3 .new() and 3.4 .cpu().numpy() -------------------------------------------------------------


def test_001_tensor_new():
    t = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    # PyTorch 2.13: same dtype and device, no content
    assert repr(t.new()) == "tensor([])"
    assert repr(torch.tensor([1, 2]).new()) == "tensor([], dtype=torch.int64)"
    assert t.new(2, 3).shape == torch.Size([2, 3]) and t.new(2, 3).dtype == torch.float32
    assert repr(t.new([1, 2])) == "tensor([1., 2.])"
    assert repr(torch.tensor([1, 2]).new([1, 2])) == "tensor([1, 2])"


def test_001_cpu_numpy():
    t = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    with pytest.raises(RuntimeError) as err:
        t.cpu().numpy()
    assert str(err.value) == (
        "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
    )
    arr = t.detach().cpu().numpy()
    assert type(arr) is np.ndarray and arr.dtype == np.float32
    assert arr.tolist() == [[1.0, 2.0], [3.0, 4.0]]


def test_001_scatter_duplicate_indices_last_write_wins(device):
    # PyTorch 2.13 CPU: a position written twice keeps the last value in index order
    out = torch.zeros(5, device=device).scatter_(
        0, torch.tensor([1, 1, 3], device=device), torch.tensor([1.0, 2.0, 3.0], device=device)
    )
    assert out.tolist() == [0.0, 2.0, 0.0, 3.0, 0.0]
    out = torch.zeros(2, 3, device=device).scatter(
        1,
        torch.tensor([[0, 0], [2, 2]], device=device),
        torch.tensor([[1.0, 2.0], [3.0, 4.0]], device=device),
    )
    assert repr(out.cpu()) == "tensor([[2., 0., 0.],\n        [0., 0., 4.]])"
    ints = torch.zeros(4, dtype=torch.int64, device=device).scatter_(
        0, torch.tensor([2, 0, 2], device=device), 7
    )
    assert ints.tolist() == [7, 0, 7, 0]
    # scatter_add still adds every value
    out = torch.zeros(5, device=device).scatter_add_(
        0, torch.tensor([1, 1, 3], device=device), torch.tensor([1.0, 2.0, 3.0], device=device)
    )
    assert out.tolist() == [0.0, 3.0, 0.0, 3.0, 0.0]
