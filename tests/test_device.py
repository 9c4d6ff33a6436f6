"""Devices, moving tensors, device errors and DLPack/NumPy interop, on the CPU and simulated CUDA.

The simulated `cuda` device (array-api-strict, switched on by conftest) has two devices. Texts
marked "PyTorch 2.13" were observed with torch 2.13.0+cpu; CUDA-only texts, which a CPU build
cannot print, cite the PyTorch source or shared/reference/pytorch-behaviour.md at the assertion.
"""

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import backends


@pytest.fixture(autouse=True, scope="module")
def simulated_cuda():
    """These tests need a cuda device: the simulation, even under --no-simulated-cuda."""
    was_on = backends._simulated()
    backends.use_simulated_cuda(True)
    yield
    backends.use_simulated_cuda(was_on)


# --- device objects ------------------------------------------------------------------------------


def test_device_objects_print_compare_and_hash_as_pytorch():
    d = torch.device("cuda", 0)
    assert (repr(d), str(d)) == ("device(type='cuda', index=0)", "cuda:0")
    assert d == torch.device("cuda:0") and hash(d) == hash(torch.device("cuda:0"))
    assert torch.device("cuda") != d and repr(torch.device("cuda")) == "device(type='cuda')"
    assert repr(torch.device("cpu:0")) == "device(type='cpu', index=0)"  # PyTorch 2.13 accepts it
    assert torch.device(torch.device("cuda:1")).index == 1
    assert torch.device(1) == torch.device("cuda:1")  # a bare index is the accelerator
    with pytest.raises(AttributeError):
        d.index = 3


@pytest.mark.parametrize(
    "args, error, text",
    [  # all observed on PyTorch 2.13
        (("cuda:01",), RuntimeError, "Invalid device string: 'cuda:01'"),
        (("cuda:-1",), RuntimeError, "Invalid device string: 'cuda:-1'"),
        (("cuda:",), RuntimeError, "Invalid device string: 'cuda:'"),
        (("cuda:0:1",), RuntimeError, "Invalid device string: 'cuda:0:1'"),
        ((" cuda",), RuntimeError, "Invalid device string: ' cuda'"),
        (("cuda", -1), RuntimeError, "Device index must not be negative"),
        (
            ("cuda:0", 0),
            RuntimeError,
            "type (string) must not include an index because index was passed explicitly: cuda:0",
        ),
        (("cuda", "x"), TypeError, "device(): argument 'index' (position 2) must be int, not str"),
        (
            ("gpu",),
            RuntimeError,
            "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, "
            "xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device "
            "string: gpu",
        ),
        (
            (None,),
            TypeError,
            "device() received an invalid combination of arguments - got (NoneType), but expected one "
            "of:\n * (torch.device device)\n      didn't match because some of the arguments have "
            "invalid types: (!NoneType!)\n * (str type, int index = -1)\n",
        ),
    ],
)
def test_bad_device_specs_raise_pytorchs_errors(args, error, text):
    with pytest.raises(error) as err:
        torch.device(*args)
    assert str(err.value) == text


def test_bare_index_without_accelerator_is_refused(monkeypatch):
    monkeypatch.setattr(backends, "_cupy_status", (0, "no GPU here"))  # even on a GPU machine
    was_on = backends._simulated()
    backends.use_simulated_cuda(False)
    try:
        with pytest.raises(RuntimeError) as err:
            torch.device(0)
    finally:
        backends.use_simulated_cuda(was_on)
    assert str(err.value) == "Cannot access accelerator device when none is available."  # 2.13


# --- moving tensors -----------------------------------------------------------------------------


def test_to_accepts_device_dtype_tensor_and_non_blocking(device):
    x = torch.tensor([1.5, 2.5])
    moved = x.to(device, non_blocking=True)
    assert moved.device == torch.device(device if device == "cpu" else "cuda:0")
    assert moved.to(device) is moved and x.to("cpu") is x and x.cpu() is x
    both = x.to(torch.device(device), torch.float64, True)  # (device, dtype, non_blocking)
    assert both.dtype is torch.float64 and both.device == moved.device
    like = torch.zeros(1, dtype=torch.int32, device=device)
    assert x.to(like).dtype is torch.int32 and x.to(like).device == like.device
    assert x.to(dtype=torch.float64, device=device).tolist() == [1.5, 2.5]
    assert x.to(device, copy=True) is not x


def test_cuda_index_cpu_and_is_cuda():
    x = torch.arange(3.0)
    assert (x.is_cuda, x.get_device(), x.device) == (False, -1, torch.device("cpu"))
    one = x.cuda(1)
    assert (one.is_cuda, one.get_device(), str(one.device)) == (True, 1, "cuda:1")
    assert x.cuda().device == torch.device("cuda:0") and x.cuda("cuda:1").device.index == 1
    assert one.cuda(0).cpu().tolist() == [0.0, 1.0, 2.0]  # cuda:1 -> cuda:0 -> host
    with pytest.raises(RuntimeError) as err:
        x.cuda("cpu")
    assert str(err.value) == "Invalid device, must be cuda device"  # PyTorch 2.13


def test_current_device_decides_what_cuda_means():
    assert torch.cuda.current_device() == 0
    torch.cuda.set_device("cuda:1")
    try:
        assert torch.cuda.current_device() == 1
        assert torch.ones(1, device="cuda").device == torch.device("cuda:1")
        assert torch.ones(1).cuda().device.index == 1
    finally:
        torch.cuda.set_device(0)
    assert torch.ones(1, device="cuda").device.index == 0
    with pytest.raises(RuntimeError, match="invalid device ordinal"):
        torch.cuda.set_device(5)


FACTORIES = {
    "tensor": lambda d: torch.tensor([1.0, 2.0], device=d),
    "zeros": lambda d: torch.zeros(2, device=d),
    "ones": lambda d: torch.ones(2, device=d),
    "empty": lambda d: torch.empty(2, device=d),
    "full": lambda d: torch.full((2,), 3.0, device=d),
    "eye": lambda d: torch.eye(2, device=d),
    "arange": lambda d: torch.arange(3, device=d),
    "linspace": lambda d: torch.linspace(0, 1, 3, device=d),
    "logspace": lambda d: torch.logspace(0, 1, 3, device=d),
    "rand": lambda d: torch.rand(2, device=d),
    "randn": lambda d: torch.randn(2, device=d),
    "randint": lambda d: torch.randint(0, 5, (2,), device=d),
    "randperm": lambda d: torch.randperm(4, device=d),
    "scalar_tensor": lambda d: torch.scalar_tensor(1.0, device=d),
    "as_tensor": lambda d: torch.as_tensor([1, 2], device=d),
    "zeros_like": lambda d: torch.zeros_like(torch.ones(2), device=d),
    "ones_like": lambda d: torch.ones_like(torch.ones(2), device=d),
    "full_like": lambda d: torch.full_like(torch.ones(2), 2.0, device=d),
    "rand_like": lambda d: torch.rand_like(torch.ones(2), device=d),
    "new_zeros": lambda d: torch.ones(2).new_zeros(3, device=d),
    "new_tensor": lambda d: torch.ones(2).new_tensor([1.0], device=d),
}


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_every_factory_takes_device(name, device):
    made = FACTORIES[name](device)
    assert made.device.type == device and made.is_cuda == (device == "cuda")


def test_like_and_new_factories_follow_their_input_device():
    base = torch.ones(2, device="cuda:1")
    for made in (
        torch.zeros_like(base),
        torch.randn_like(base),
        base.new_ones(3),
        base.new_tensor([1.0]),
        base.new_full((2,), 1.0),
    ):
        assert made.device == torch.device("cuda:1")


def test_legacy_cuda_types_construct_convert_and_check():
    x = torch.cuda.FloatTensor([1, 2])
    assert x.is_cuda and x.dtype is torch.float32 and x.type() == "torch.cuda.FloatTensor"
    assert isinstance(x, torch.cuda.FloatTensor) and not isinstance(x, torch.FloatTensor)
    y = torch.tensor([1, 2]).type(torch.cuda.DoubleTensor)
    assert y.is_cuda and y.dtype is torch.float64
    z = x.type("torch.LongTensor")
    assert not z.is_cuda and z.dtype is torch.int64
    assert x.type(torch.float64).is_cuda  # a dtype keeps the device
    assert repr(torch.cuda.FloatTensor) == "<class 'torch.cuda.FloatTensor'>"  # PyTorch 2.13


# --- gradients stay where their tensors are ------------------------------------------------------


def test_backward_keeps_gradients_on_the_device():
    w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], device="cuda", requires_grad=True)
    x = torch.tensor([2.0, -1.0], device="cuda")  # w @ x = [0, 2]: relu passes row 1 only
    loss = ((w @ x).relu() * 3).sum()
    loss.backward()
    assert w.grad.device == torch.device("cuda:0")
    assert type(w.grad._data) is w._backend.array_type  # never a host array
    assert w.grad.tolist() == [[0.0, 0.0], [6.0, -3.0]]


def test_gradient_through_a_device_move_returns_to_the_source_device():
    leaf = torch.tensor([1.0, 2.0], device="cuda:1", requires_grad=True)
    out = (leaf.cpu() * torch.tensor([3.0, 4.0])).sum()
    assert type(out.grad_fn.next_functions[0][0]).__name__ == "MulBackward0"
    out.backward()
    assert leaf.grad.device == torch.device("cuda:1") and leaf.grad.tolist() == [3.0, 4.0]


# --- errors --------------------------------------------------------------------------------------


def test_elementwise_device_mix_error():
    # aten/src/ATen/TensorIterator.cpp: "...found at least two devices, " common " and " other "!"
    # (pytorch-behaviour.md item 10a); the common device is the first non-CPU operand
    for make in (
        lambda: torch.ones(2, device="cuda") + torch.ones(2),
        lambda: torch.ones(2) * torch.ones(2, device="cuda"),
        lambda: torch.ones(2).add_(torch.ones(2, device="cuda")),
    ):
        with pytest.raises(RuntimeError) as err:
            make()
        assert str(err.value) == (
            "Expected all tensors to be on the same device, but found at "
            "least two devices, cuda:0 and cpu!"
        )


def test_matmul_device_mix_error_names_the_argument_and_method():
    # Dispatcher check (aten/src/ATen/core/op_registration/adaption.cpp, pieces in 2.13's
    # libtorch_cpu.so; full text in pytorch-behaviour.md item 10b); mm is a structured CUDA kernel
    # so its wrapper is "wrapper_CUDA_mm" (torchgen RegisterDispatchKey naming)
    with pytest.raises(RuntimeError) as err:
        torch.ones(2, 2, device="cuda") @ torch.ones(2, 2)
    assert str(err.value) == (
        "Expected all tensors to be on the same device, but got mat2 is on cpu, different from "
        "other tensors on cuda:0 (when checking argument in method wrapper_CUDA_mm)"
    )
    with pytest.raises(RuntimeError) as err:
        torch.ones(2, 2, device="cuda").mm(torch.ones(2, 2, device="cuda:1"))
    assert "mat2 is on cuda:1, different from other tensors on cuda:0" in str(err.value)


# Dispatcher-checked ops name the argument and PyTorch's CUDA wrapper (shared/reference/
# pytorch-behaviour.md item 10b; wrapper names are the structured-kernel names in ATen's
# generated RegisterCUDA.cpp). masked_fill's text is ATen's masked_fill__cuda check.
@pytest.mark.parametrize(
    "op, text",
    [
        (
            lambda x, i: x.gather(0, i),
            "index is on cpu, different from other tensors on cuda:0 "
            "(when checking argument in method wrapper_CUDA_gather)",
        ),
        (
            lambda x, i: x.scatter_add(0, i, x),
            "index is on cpu, different from other tensors on "
            "cuda:0 (when checking argument in method "
            "wrapper_CUDA_scatter_add)",
        ),
        (
            lambda x, i: x.index_select(1, i[0]),
            "index is on cpu, different from other tensors on "
            "cuda:0 (when checking argument in method "
            "wrapper_CUDA__index_select)",
        ),
    ],
)
def test_index_ops_refuse_an_index_on_another_device(op, text):
    x, index = torch.ones(2, 3, device="cuda"), torch.tensor([[0, 1, 0]])
    with pytest.raises(RuntimeError) as err:
        op(x, index)
    assert str(err.value) == "Expected all tensors to be on the same device, but got " + text


def test_mask_and_condition_on_another_device_are_refused():
    x, mask = torch.ones(3, device="cuda"), torch.tensor([True, False, True])
    with pytest.raises(RuntimeError) as err:
        x.masked_fill(mask, 0)
    assert str(err.value) == (
        "expected self and mask to be on the same device, but got mask on cpu and self on cuda:0"
    )
    with pytest.raises(RuntimeError) as err:
        torch.where(mask, x, 0.0)
    assert str(err.value) == (
        "Expected all tensors to be on the same device, but found at least "
        "two devices, cuda:0 and cpu!"
    )


def test_numpy_and_array_refuse_gpu_tensors():
    gpu = torch.ones(2, device="cuda")
    text = (
        "can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the "
        "tensor to host memory first."
    )  # issue 3; pytorch-behaviour.md item 9
    for convert in (gpu.numpy, lambda: np.asarray(gpu), lambda: np.array(gpu)):
        with pytest.raises(TypeError) as err:
            convert()
        assert str(err.value) == text
    assert gpu.cpu().numpy().tolist() == [1.0, 1.0]


def test_cuda_module_on_the_simulated_device():
    assert torch.cuda.is_available() and torch.cuda.device_count() == 2
    assert isinstance(torch.cuda.get_device_name(0), str)
    assert isinstance(torch.cuda.memory_allocated(), int)
    torch.cuda.synchronize()
    torch.cuda.synchronize("cuda:1")
    torch.cuda.manual_seed(7)
    first = torch.rand(3, device="cuda").tolist()
    torch.cuda.manual_seed(7)
    assert torch.rand(3, device="cuda").tolist() == first
    torch.cuda.manual_seed_all(7)
    assert torch.rand(3, device="cuda:1").tolist() == first  # every device restarted at 7
    with pytest.raises(ValueError, match="must be cuda device"):
        torch.cuda.synchronize("cpu")


# --- NumPy and DLPack interop --------------------------------------------------------------------


def test_dlpack_shares_memory_with_numpy_both_ways():
    t = torch.arange(4.0)
    view = np.from_dlpack(t)
    view[0] = 9.0
    assert t.tolist() == [9.0, 1.0, 2.0, 3.0]
    host = np.arange(3.0)
    shared = torch.from_dlpack(host)
    shared[1] = 7.0
    assert host.tolist() == [0.0, 7.0, 2.0] and shared.dtype is torch.float64
    assert not shared.requires_grad and shared.is_leaf
    again = torch.from_dlpack(t)
    again[1] = -1.0
    assert t[1].item() == -1.0 and again is not t
    assert repr(t.__dlpack_device__()) == "(<DLDeviceType.kDLCPU: 1>, 0)"  # PyTorch 2.13


def test_dlpack_refuses_tensors_that_require_grad():
    t = torch.ones(2, requires_grad=True)
    for export in (lambda: np.from_dlpack(t), t.__dlpack__, lambda: torch.from_dlpack(t)):
        with pytest.raises(BufferError) as err:
            export()
        assert str(err.value) == "Can't export tensors that require gradient, use tensor.detach()"
    with pytest.raises(AssertionError, match="stream should be None on cpu."):  # PyTorch 2.13
        torch.ones(2).__dlpack__(stream=1)


def test_dlpack_from_numpy_onto_a_device_and_gpu_tensors_describe_themselves():
    moved = torch.from_dlpack(np.arange(3), device="cuda")
    assert moved.is_cuda and moved.dtype is torch.int64 and moved.tolist() == [0, 1, 2]
    kind, index = torch.ones(1, device="cuda:1").__dlpack_device__()
    assert (int(kind), index) == (2, 1)  # kDLCUDA
    with pytest.raises(BufferError, match="simulated CUDA device"):
        np.from_dlpack(torch.ones(1, device="cuda"))
    with pytest.raises(RuntimeError, match="__dlpack__"):
        torch.from_dlpack([1, 2])


def test_array_protocol_follows_numpy2_dtype_and_copy():
    t = torch.arange(3.0)
    assert np.asarray(t).base is None or np.shares_memory(np.asarray(t), t.numpy())
    assert np.shares_memory(np.asarray(t), t.numpy())
    assert not np.shares_memory(np.array(t, copy=True), t.numpy())
    assert np.asarray(t, dtype=np.float64).dtype == np.float64
    with pytest.raises(ValueError, match="Unable to avoid copy"):  # NumPy 2's own words
        np.asarray(t, dtype=np.float64, copy=False)
    with pytest.raises(RuntimeError) as err:
        np.asarray(torch.ones(1, requires_grad=True))
    assert str(err.value) == (
        "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
    )  # PyTorch 2.13
