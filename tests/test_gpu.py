"""CUDA without a GPU, and on a real one.

Subprocess tests prove `import autograd_nb` survives a missing, broken or driverless CuPy and that
the errors say why and what to do; they run in fresh interpreters so nothing is cached. Tests
marked `gpu` use the real CuPy backend; conftest skips them, printing why, unless CuPy finds a
device. PyTorch's CPU build raises AssertionError("Torch not compiled with CUDA enabled") for
`torch.zeros(1, device='cuda')` and `.cuda()`, and TypeError("type torch.cuda.FloatTensor not
available. Torch not compiled with CUDA enabled.") for the legacy type: we keep those classes.
"""

import importlib.util
import json
import os
import subprocess
import sys
import textwrap

import pytest

import autograd_nb as torch
from autograd_nb import backends

_PROBE = textwrap.dedent("""
    import json, sys
    {prelude}
    import autograd_nb as torch
    report = {{"imported_cupy_on_import": "cupy" in sys.modules and sys.modules["cupy"] is not None,
               "available": torch.cuda.is_available(), "count": torch.cuda.device_count(),
               "memory": torch.cuda.memory_allocated()}}
    torch.cuda.manual_seed(0)
    torch.cuda.manual_seed_all(0)
    for name, call in [("zeros", lambda: torch.zeros(1, device="cuda")),
                       ("cuda", lambda: torch.ones(1).cuda()),
                       ("to", lambda: torch.ones(1).to("cuda:0")),
                       ("current_device", torch.cuda.current_device),
                       ("legacy", lambda: torch.cuda.FloatTensor([1.0]))]:
        try:
            call()
            report[name] = None
        except Exception as error:
            report[name] = [type(error).__name__, str(error)]
    print(json.dumps(report))
""")


def _probe(prelude: str = "", path: str | None = None) -> dict:
    env = dict(os.environ, AUTOGRAD_NB_SIMULATED_CUDA="0")
    if path:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, "-c", _PROBE.format(prelude=prelude)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _check_unusable(report: dict, why: str, todo: str) -> None:
    assert not report["imported_cupy_on_import"]
    assert (report["available"], report["count"], report["memory"]) == (False, 0, 0)
    for name in ("zeros", "cuda", "to", "current_device"):
        kind, text = report[name]
        assert kind == "AssertionError", report[name]
        assert text.startswith("autograd_nb cannot use CUDA: " + why)
        assert todo in text and "torch.cuda.is_available() else 'cpu'" in text
        assert "on Binder there is no GPU" in text
    kind, text = report["legacy"]
    assert kind == "TypeError" and text.startswith("type torch.cuda.FloatTensor not available. ")


def test_without_cupy_import_works_and_errors_say_install_cupy():
    report = _probe("sys.modules['cupy'] = None  # what a missing CuPy looks like to import")
    _check_unusable(report, "CuPy is not installed.", 'pip install "autograd-nb[gpu]"')
    assert "cupy-cuda13x" in report["zeros"][1]


def test_broken_cupy_is_reported_not_raised(tmp_path):
    fake = tmp_path / "cupy"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise OSError('libcudart.so.12: cannot open shared object')")
    report = _probe(path=str(tmp_path))
    _check_unusable(
        report,
        "CuPy is installed but failed to import (OSError: libcudart.so.12",
        'pip install "autograd-nb[gpu]"',
    )


def _cupy_sees_a_device() -> bool | None:
    """None without CuPy, else whether it finds a CUDA device (in a subprocess, never raising)."""
    if importlib.util.find_spec("cupy") is None:
        return None
    code = "import cupy\ntry:\n print(cupy.cuda.runtime.getDeviceCount() > 0)\nexcept Exception:\n print(False)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    return done.stdout.strip() == "True"


_REAL_CUPY = _cupy_sees_a_device()


@pytest.mark.skipif(
    _REAL_CUPY is not False,
    reason="needs CuPy installed on a machine without a usable CUDA device "
    "(pip install cupy-cuda12x); the no-CuPy path is tested above",
)
def test_installed_cupy_without_driver_or_device_says_so():
    report = _probe()
    text = report["zeros"][1]
    assert any(
        why in text
        for why in (
            "no NVIDIA driver was found",
            "is older than the CUDA runtime",
            "no CUDA device was found",
        )
    ), text
    _check_unusable(report, "", "keep tensors on the CPU")
    assert not any(
        "cupy_backends" in str(v) or "CUDARuntimeError" in str(v) for v in report.values()
    )  # CuPy's own exceptions stay hidden


def test_status_is_cached_and_never_raises(monkeypatch):
    monkeypatch.setattr(backends, "_cupy_status", (0, "reason"))
    was_on = backends._simulated()
    backends.use_simulated_cuda(False)
    try:
        assert backends.cuda_status() == (0, "reason") and torch.cuda.device_count() == 0
        torch.cuda.manual_seed(1)  # silently ignored without CUDA, as in PyTorch
        with pytest.raises(AssertionError, match="^reason$"):
            torch.cuda.synchronize()
    finally:
        backends.use_simulated_cuda(was_on)


# --- a real GPU ----------------------------------------------------------------------------------


@pytest.fixture
def real_cuda():
    """The CuPy backend instead of the simulation, for one test."""
    was_on = backends._simulated()
    backends.use_simulated_cuda(False)
    try:
        yield
    finally:
        backends.use_simulated_cuda(was_on)


@pytest.mark.gpu
def test_gpu_tensors_are_cupy_arrays_and_gradients_stay_there(real_cuda):
    import cupy

    w = torch.randn(64, 32, device="cuda", requires_grad=True)
    x = torch.randn(8, 64, device="cuda")
    index = torch.tensor([0, 3, 3, 7], device="cuda")
    loss = ((x @ w).tanh()[index] ** 2).sum()  # indexing backward uses cupyx.scatter_add
    loss.backward()
    assert isinstance(w.grad._data, cupy.ndarray) and w.grad.device == torch.device("cuda:0")
    ref = torch.tensor(w.detach().cpu().tolist(), dtype=torch.float64, requires_grad=True)
    xc = torch.tensor(x.cpu().tolist(), dtype=torch.float64)
    ((xc @ ref).tanh()[index.cpu()] ** 2).sum().backward()
    assert (w.grad.cpu().double() - ref.grad).abs().max().item() < 1e-4
    torch.cuda.synchronize()
    assert torch.cuda.memory_allocated() > 0 and torch.cuda.get_device_name()


@pytest.mark.gpu
def test_gpu_random_is_seeded_per_device_and_dlpack_shares_with_cupy(real_cuda):
    import cupy

    torch.cuda.manual_seed(5)
    first = torch.rand(4, device="cuda").tolist()
    torch.cuda.manual_seed(5)
    assert torch.rand(4, device="cuda").tolist() == first
    assert sorted(torch.randperm(6, device="cuda").tolist()) == list(range(6))
    t = torch.zeros(3, device="cuda")
    view = cupy.from_dlpack(t)
    view[0] = 5.0
    assert t[0].item() == 5.0
    back = torch.from_dlpack(cupy.arange(3.0))
    assert back.is_cuda and back.tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(TypeError, match="can't convert cuda:0 device type tensor to numpy"):
        t.numpy()


@pytest.mark.gpu
def test_gpu_pin_memory_is_page_locked_and_copies_stay_exact(real_cuda):
    import cupyx  # noqa: F401 - the pinned allocator

    t = torch.arange(6.0)
    pinned = t.pin_memory()
    assert pinned.is_pinned() and not t.is_pinned() and pinned.tolist() == t.tolist()
    assert pinned.cuda(non_blocking=True).cpu().tolist() == t.tolist()
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(t), pin_memory=True)
    assert all(batch.is_pinned() for (batch,) in loader)
    base = torch.arange(6.0, device="cuda")
    import copy
    import pickle

    new_base, new_view = copy.deepcopy([base, base[2:]])
    new_base[3] = -1.0  # views of one storage stay views of one (new) storage
    assert new_view.tolist() == [2.0, -1.0, 4.0, 5.0] and base[3].item() == 3.0
    loaded = pickle.loads(pickle.dumps(base.view(2, 3).t()[1:]))
    assert loaded.device.type == "cuda" and loaded.stride() == (1, 3)
    assert loaded.storage_offset() == 1
