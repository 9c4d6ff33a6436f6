"""Creating tensors, dtypes and promotion, legacy types, devices and the NumPy bridge.

Expected values were observed on PyTorch 2.13.
"""

# --- register_post_accumulate_grad_hook, on both backward engines ---------------------------------
import sys
import warnings

import numpy as np
import pytest

import autograd_nb as torch
from autograd_nb import backends
from tests import _op_fixes as op_fixes


def test_tensor_infers_pytorch_dtypes():
    assert torch.tensor([1, 2]).dtype is torch.int64
    assert torch.tensor([1.0, 2]).dtype is torch.float32
    assert torch.tensor([True, False]).dtype is torch.bool
    assert torch.tensor(np.array([2, 1, 2])).dtype is torch.int64
    assert torch.tensor(np.ones(2)).dtype is torch.float64


def test_ragged_data_is_rejected():
    with pytest.raises(ValueError, match="expected sequence of length 2 at dim 1 \\(got 3\\)"):
        torch.tensor([[1, 2], [1, 2, 3]])


@pytest.mark.parametrize(
    "left, right, expected",
    [
        # (left operand, right operand, result dtype) as PyTorch 2.13 computes them
        ((torch.int64, [1, 2]), 2.5, torch.float32),
        ((torch.int64, [1, 2]), (torch.int64, [1, 2]), torch.int64),
        ((torch.float32, [1.0]), (torch.float64, 1.0), torch.float32),  # 0-dim tensors are weaker
        ((torch.int64, [1]), (torch.float64, 1.0), torch.float64),  # ... but win on category
        ((torch.float32, [1.0]), (torch.float64, [1.0]), torch.float64),
        ((torch.uint8, [1]), (torch.int8, [1]), torch.int16),
        ((torch.bool, [True]), True, torch.bool),
        ((torch.int32, [1]), 5, torch.int32),
        ((torch.float16, [1.0]), (torch.int64, [1]), torch.float16),
    ],
)
def test_type_promotion(left, right, expected):
    def make(spec):
        if isinstance(spec, tuple):
            dtype, values = spec
            return torch.tensor(values, dtype=dtype)
        return spec

    assert (make(left) + make(right)).dtype is expected


def test_integer_division_gives_the_default_float():
    a = torch.tensor([1, 2])
    assert (a / a).dtype is torch.float32
    assert (a / 2).tolist() == [0.5, 1.0]
    assert torch.tensor([5, -3]).floor_divide(2).tolist() == [2, -2]
    assert (torch.tensor([5, -3]) % 3).tolist() == [2, 0]


def test_integer_division_by_zero_raises_like_pytorch(device):
    a = torch.tensor([1, 2], device=device)
    zeros = torch.tensor([0, 1], device=device)
    for divide in (
        lambda: a // zeros,
        lambda: a % zeros,
        lambda: a // 0,
        lambda: a % 0,
        lambda: a.div(zeros, rounding_mode="floor"),
        lambda: a.div(zeros, rounding_mode="trunc"),
        lambda: 7 // zeros,
    ):
        with pytest.raises(RuntimeError, match="^ZeroDivisionError$"):
            divide()
    assert (a / zeros).tolist() == [float("inf"), 2.0]  # true division gives floats: no error
    assert (a.double() // 0).tolist() == [float("inf"), float("inf")]


def test_linspace_counts_down_from_end_in_its_second_half():
    # PyTorch's kernel: the first half is start + i * step, the second end - (n - 1 - i) * step,
    # in float32 itself, so 6 * linspace(0, 1, 7) is not all whole numbers (PyTorch 2.13).
    x = torch.linspace(0, 1, 7)
    assert x[4].item() == 0.6666666269302368 and x[1].item() == 0.1666666716337204
    assert repr(x * 6) == ("tensor([0.0000, 1.0000, 2.0000, 3.0000, 4.0000, 5.0000, 6.0000])")
    assert torch.linspace(0, 1, 10, dtype=torch.float64)[6].item() == 0.6666666666666667
    assert torch.linspace(0, 10, 5, dtype=torch.int64).tolist() == [0, 2, 5, 7, 10]
    assert torch.linspace(-3, 3, 4, dtype=torch.int32).tolist() == [-3, -1, 1, 3]
    assert torch.linspace(0, 1, 1).tolist() == [0.0] and torch.linspace(0, 1, 0).numel() == 0
    with pytest.raises(RuntimeError, match="number of steps must be non-negative"):
        torch.linspace(0, 1, -1)


def test_logspace_matches_pytorch(device):
    # PyTorch 2.13's values: exponents like linspace's, start/end in the dtype, pow in double
    assert torch.logspace(-1, 1, 5).tolist() == [
        0.10000000149011612,
        0.3162277638912201,
        1.0,
        3.1622776985168457,
        10.0,
    ]
    assert torch.logspace(1, 2, 7, base=3.5).tolist() == [
        3.5,
        4.312668323516846,
        5.314030647277832,
        6.547900199890137,
        8.068263053894043,
        9.941640853881836,
        12.25,
    ]
    assert torch.logspace(0, 10, 5, dtype=torch.float64).tolist() == [
        1.0,
        316.22776601683796,
        100000.0,
        31622776.60168379,
        10000000000.0,
    ]
    assert torch.logspace(0.5, 2.5, 4, dtype=torch.int64).tolist() == [1, 4, 21, 100]
    x = torch.logspace(0, 3, 4, 2, dtype=torch.int32, device=device, requires_grad=False)
    assert x.tolist() == [1, 2, 4, 8] and x.dtype is torch.int32 and x.device.type == device
    assert (
        repr(torch.logspace(0, 2, 3, requires_grad=True))
        == "tensor([  1.,  10., 100.], requires_grad=True)"
    )
    assert torch.logspace(1, 1, 1).tolist() == [10.0] and torch.logspace(0, 1, 0).numel() == 0
    with pytest.raises(RuntimeError, match="^number of steps must be non-negative$"):
        torch.logspace(0, 1, -1)


def test_python_scalars_need_one_element_tensors():
    for convert in (float, int, complex):
        with pytest.raises(ValueError) as err:
            convert(torch.tensor([1.0, 2.0]))
        assert str(err.value) == "only one element tensors can be converted to Python scalars"
    assert float(torch.tensor([[2.5]])) == 2.5 and int(torch.tensor([3])) == 3
    with pytest.raises(ValueError, match="only one element tensors"):
        torch.tensor([torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])])
    stacked = torch.tensor([torch.tensor([1.0]), torch.tensor([2.0])])  # one-element: numbers
    assert stacked.shape == (2,) and stacked.tolist() == [1.0, 2.0]
    rows = torch.tensor([np.array([1, 2]), np.array([3, 4])])  # arrays in a list nest
    assert rows.tolist() == [[1, 2], [3, 4]] and rows.dtype is torch.int64


@pytest.mark.parametrize(
    "make, kind, text",
    [  # PyTorch 2.13's argument-parser texts
        (
            lambda: torch.ones(2.5),
            TypeError,
            "ones(): argument 'size' (position 1) must be tuple of ints, not float",
        ),
        (
            lambda: torch.zeros(None),
            TypeError,
            "zeros(): argument 'size' (position 1) must be tuple of ints, not NoneType",
        ),
        (
            lambda: torch.zeros(2, 3, 2.5),
            TypeError,
            "zeros(): argument 'size' failed to unpack the object at pos 3 with error \"type must be "
            'tuple of ints,but got float"',
        ),
        (
            lambda: torch.empty((None,)),
            TypeError,
            "empty(): argument 'size' (position 1) must be tuple of ints, but found element of type "
            "NoneType at pos 0",
        ),
        (
            lambda: torch.randn(3, 2.5),
            TypeError,
            "randn(): argument 'size' failed to unpack the object at pos 2 with error \"type must be "
            'tuple of ints,but got float"',
        ),
        (
            lambda: torch.full(2, 1.0),
            TypeError,
            "full(): argument 'size' (position 1) must be tuple of ints, not int",
        ),
        (
            lambda: torch.nn.Linear(2, 3.5),
            TypeError,
            "empty(): argument 'size' (position 1) must be tuple of ints, but found element of type "
            "float at pos 0",
        ),
        (lambda: torch.zeros(-1), RuntimeError, "zeros: Dimension size must be non-negative."),
        (
            lambda: torch.ones(-1),
            RuntimeError,
            "Trying to create tensor with negative dimension -1: [-1]",
        ),
        (lambda: torch.tensor(None), RuntimeError, "Could not infer dtype of NoneType"),
        (lambda: torch.tensor([1, None]), RuntimeError, "Could not infer dtype of NoneType"),
        (lambda: torch.tensor("abc"), TypeError, "new(): invalid data type 'str'"),
        (
            lambda: torch.relu(np.ones(2)),
            TypeError,
            "relu(): argument 'input' (position 1) must be Tensor, not numpy.ndarray",
        ),
    ],
)
def test_factory_and_argument_errors_read_as_pytorchs(make, kind, text):
    with pytest.raises(kind) as err:
        make()
    assert str(err.value) == text


def test_factories_write_into_out():
    out = torch.empty(2, 3)
    assert torch.zeros(2, 3, out=out) is out and out.tolist() == [[0.0] * 3] * 2
    assert torch.ones(2, 3, out=out) is out and out.tolist() == [[1.0] * 3] * 2
    ints = torch.empty(0, dtype=torch.int64)
    torch.full((2,), 7, out=ints)
    assert ints.dtype is torch.int64 and ints.tolist() == [7, 7]
    with pytest.warns(UserWarning, match="An output with one or more elements was resized"):
        assert torch.randn(4, out=out).shape == (4,) and out.dtype is torch.float32


def test_float_of_a_tensor_that_requires_grad_warns_once(monkeypatch):
    from autograd_nb import _tensor

    monkeypatch.setattr(_tensor, "_warned_scalar_of_grad_tensor", False)
    loss = torch.ones(1, requires_grad=True) * 2
    with pytest.warns(UserWarning) as warned:
        assert float(loss) == 2.0
    assert str(warned[0].message) == (  # PyTorch 2.13, once per process
        "Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
        "behavior.\nConsider using tensor.detach() first."
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        float(loss)  # not again
        monkeypatch.setattr(_tensor, "_warned_scalar_of_grad_tensor", False)
        assert loss.item() == 2.0 and int(loss) == 2 and float(loss.detach()) == 2.0


def test_dtypes_are_read_only_like_pytorchs():
    with pytest.raises(
        AttributeError,
        match="attribute 'is_floating_point' of 'torch.dtype' objects is not writable",
    ):
        torch.float32.is_floating_point = False
    with pytest.raises(AttributeError, match="'torch.dtype' object has no attribute 'foo'"):
        torch.float32.foo = 1
    assert torch.float32.is_floating_point and not torch.int64.is_floating_point
    assert torch.float16.itemsize == 2 and not torch.uint8.is_signed


def test_default_dtype_and_legacy_default_tensor_type():
    try:
        torch.set_default_dtype(torch.float64)
        assert torch.tensor([1.0]).dtype is torch.float64
        assert torch.get_default_dtype() is torch.float64
        with pytest.warns(UserWarning, match="set_default_tensor_type.. is deprecated"):
            torch.set_default_tensor_type(torch.FloatTensor)  # PyTorch 2.x warns so too
        assert torch.Tensor([1]).dtype is torch.float32
        with pytest.warns(UserWarning):
            torch.set_default_tensor_type(torch.DoubleTensor)
        assert torch.Tensor([1]).dtype is torch.float64
    finally:
        torch.set_default_dtype(torch.float32)
    with pytest.raises(TypeError, match="only floating-point types are supported"):
        torch.set_default_dtype(torch.int64)


def test_legacy_constructors_and_type_names():
    f = torch.FloatTensor([2, 3])
    assert f.dtype is torch.float32 and f.tolist() == [2.0, 3.0]
    assert f.type() == "torch.FloatTensor"
    assert torch.Tensor(2, 3).shape == torch.Size([2, 3])
    assert torch.Tensor(np.array([2, 1, 2])).dtype is torch.float32
    assert isinstance(f, torch.FloatTensor) and not isinstance(f, torch.DoubleTensor)
    a = torch.tensor([[1, 3, 1], [4, 5, 4]])
    b = a.type(torch.float64)
    assert (a.dtype, b.dtype) == (torch.int64, torch.float64)
    assert a.type() == "torch.LongTensor"
    assert repr(torch.FloatTensor) == "<class 'torch.FloatTensor'>"


def test_attributes_seen_in_lesson_000():
    a = torch.tensor(data=[[1, 3, 1], [4, 5, 4]])
    assert repr(a.shape) == "torch.Size([2, 3])"
    assert (a.is_cuda, str(a.device), a.grad, a.requires_grad) == (False, "cpu", None, False)
    assert (a.dim(), a.numel(), a.size(1), a.ndim) == (2, 6, 3, 2)


def test_factories():
    assert torch.full(size=[2, 3], fill_value=2).dtype is torch.int64
    assert torch.full((2,), 2.0).tolist() == [2.0, 2.0]
    assert torch.ones(size=[2, 3]).tolist() == [[1.0] * 3] * 2
    assert torch.zeros(2, 3).dtype is torch.float32
    assert torch.eye(3).tolist() == [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    assert torch.arange(5).dtype is torch.int64 and torch.arange(0, 1, 0.5).tolist() == [0, 0.5]
    assert torch.linspace(0, 1, 3).tolist() == [0.0, 0.5, 1.0]
    e = torch.randint(low=1, high=10, size=[2, 2])
    assert e.dtype is torch.int64 and all(1 <= v < 10 for row in e.tolist() for v in row)
    x = torch.tensor([[1, 2], [3, 4]])
    assert (
        torch.ones_like(x).tolist() == [[1, 1], [1, 1]] and torch.ones_like(x).dtype is torch.int64
    )
    assert torch.rand_like(x, dtype=torch.float).dtype is torch.float32
    with pytest.raises(RuntimeError, match="not implemented for 'Long'"):
        torch.rand_like(x)


def test_new_methods_keep_dtype_and_device(device):
    base = torch.ones(2, dtype=torch.float64, device=device)
    for made in (
        base.new_zeros(3),
        base.new_ones((2, 2)),
        base.new_full((2,), 7.0),
        base.new_tensor([1, 2]),
        base.new(2, 3),
        base.new([1, 2]),
    ):
        assert made.dtype is torch.float64 and made.device == base.device
    assert base.new().shape == torch.Size([0])


def test_manual_seed_is_reproducible(device):
    torch.manual_seed(0)
    first = torch.rand(3, device=device).tolist()
    torch.manual_seed(0)
    assert torch.rand(3, device=device).tolist() == first
    assert torch.rand(3, device=device).tolist() != first


def test_numpy_bridge_shares_memory_both_ways():
    t = torch.ones(5)
    n = t.numpy()
    n[0] = 7.0
    assert t.tolist()[0] == 7.0
    arr = np.ones(5)
    t2 = torch.from_numpy(arr)
    np.add(arr, 1, out=arr)
    assert t2.tolist() == [2.0] * 5 and t2.dtype is torch.float64
    with pytest.raises(TypeError, match="expected np.ndarray \\(got list\\)"):
        torch.from_numpy([1, 2])


def test_numpy_refuses_grad_and_device_tensors():
    with pytest.raises(RuntimeError) as err:
        torch.ones(2, requires_grad=True).numpy()
    assert str(err.value) == (
        "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
    )
    gpu = torch.ones(2, device="cuda")
    with pytest.raises(TypeError) as err:
        gpu.numpy()
    assert str(err.value) == (
        "can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() "
        "to copy the tensor to host memory first."
    )
    assert gpu.cpu().numpy().tolist() == [1.0, 1.0]


def test_data_ptr_tells_which_tensors_share_memory(device):
    x = torch.arange(6.0, device=device)
    view = x.view(2, 3)
    assert view.data_ptr() == x.data_ptr() == x.detach().data_ptr() == view.t().data_ptr()
    assert x[2:].data_ptr() == x.data_ptr() + 2 * x.element_size()  # starts two floats later
    assert x.clone().data_ptr() != x.data_ptr()
    assert view.contiguous().data_ptr() == x.data_ptr()  # already contiguous: no copy
    assert view.t().contiguous().data_ptr() != x.data_ptr()
    assert torch.empty(0, device=device).data_ptr() == 0  # as PyTorch reports an empty tensor


def test_data_ptr_of_from_numpy_is_the_arrays():
    arr = np.zeros(4, dtype=np.float32)
    assert torch.from_numpy(arr).data_ptr() == arr.ctypes.data
    assert torch.tensor(arr).data_ptr() != arr.ctypes.data  # torch.tensor copies


def test_item_and_python_conversions(device):
    assert torch.tensor([2.5], device=device).item() == 2.5
    with pytest.raises(RuntimeError) as err:
        torch.ones(2, 3, device=device).item()
    assert str(err.value) == "a Tensor with 6 elements cannot be converted to Scalar"
    assert float(torch.tensor(1.5)) == 1.5 and int(torch.tensor(3)) == 3
    assert f"{torch.tensor(2.0):.1f}" == "2.0"


def test_devices_print_and_compare():
    assert repr(torch.device("cuda", 0)) == "device(type='cuda', index=0)"
    assert (
        str(torch.device("cuda:1")) == "cuda:1"
        and repr(torch.device("cpu")) == "device(type='cpu')"
    )
    assert torch.device("cuda:0") == "cuda:0" and torch.device("cuda") != torch.device("cuda:0")
    with pytest.raises(RuntimeError, match="Expected one of cpu, cuda"):
        torch.device("gpu")


def test_moving_between_devices_keeps_values_and_grad(device):
    a = torch.tensor([[1, 3, 1], [4, 5, 4]], dtype=torch.float64, device=device)
    assert a.dtype is torch.float64 and a.is_cuda == (device == "cuda")
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    moved = x.to(device) * 3
    moved.sum().backward()
    assert x.grad.device.type == "cpu" and x.grad.tolist() == [3.0, 3.0]


def test_mixing_devices_is_refused():
    with pytest.raises(RuntimeError) as err:
        torch.ones(2, device="cuda") + torch.ones(2)
    assert str(err.value) == (
        "Expected all tensors to be on the same device, but found at least "
        "two devices, cuda:0 and cpu!"
    )


def test_cuda_unavailable_error_says_why_and_what_to_do(monkeypatch):
    monkeypatch.setitem(sys.modules, "cupy", None)  # as on a machine without CuPy
    monkeypatch.setattr(backends, "_cupy_status", None)  # probe again under that condition
    was_on = backends._simulated()  # off under --real-cuda
    backends.use_simulated_cuda(False)
    try:
        assert torch.cuda.is_available() is False
        with pytest.raises(AssertionError, match="CuPy is not installed") as err:
            torch.ones(2).cuda()
        assert 'pip install "autograd-nb[gpu]"' in str(err.value)
    finally:
        backends.use_simulated_cuda(was_on)
    assert backends._simulated() is was_on


# --- torch.memory_format: the constants, contiguous/clone/to/*_like with memory_format= ----------
@pytest.mark.parametrize("case", op_fixes.cases("memory_format"))
def test_memory_format_matches_pytorch(case):
    op_fixes.check_case(case)


def test_memory_format_pickles_as_the_same_constant():
    import pickle

    assert pickle.loads(pickle.dumps(torch.channels_last)) is torch.channels_last


# --- cauchy_, log_normal_, geometric_, poisson on PyTorch's CPU stream; apply_/map_; register_post_accumulate_grad_hook: recorded from PyTorch 2.13 ---
def test_apply_and_map_change_storage_without_a_version_bump_as_pytorch():
    base = torch.ones(3)
    view = base[1:]
    view.apply_(lambda v: 7)
    assert base.tolist() == [1.0, 7.0, 7.0] and base._version == 0
    with pytest.raises(TypeError) as info:
        torch.ones(2, device="cuda").apply_(lambda v: v)
    assert str(info.value) == "apply_ is only implemented on CPU tensors"
