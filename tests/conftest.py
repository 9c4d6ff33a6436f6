"""Shared fixtures: every op test runs on the CPU and on a simulated CUDA device.

The simulated device is array-api-strict on a non-CPU device: it refuses implicit NumPy
conversion and mixing devices, as CuPy does, so it proves op code only uses the backend
interface. With a real GPU (`--real-cuda`), the `cuda` parameter runs on CuPy instead.
"""

from __future__ import annotations

from autograd_nb import backends


def pytest_addoption(parser):
    parser.addoption(
        "--no-simulated-cuda", action="store_true", help="run op tests on the CPU only"
    )


def pytest_configure(config):
    if not config.getoption("--no-simulated-cuda"):
        backends.use_simulated_cuda(True)


def pytest_collection_modifyitems(config, items):
    """Skip `gpu` tests, saying why, unless CuPy finds a real CUDA device."""
    gpu_items = [item for item in items if "gpu" in item.keywords]
    if not gpu_items:
        return
    import pytest

    count, why = backends._probe_cupy()  # the real probe, whatever the simulation says
    if count:
        return
    skip = pytest.mark.skip(reason=f"no real CUDA device: {why.split(' To use')[0]}")
    for item in gpu_items:
        item.add_marker(skip)


def pytest_generate_tests(metafunc):
    if "device" in metafunc.fixturenames:
        devices = ["cpu"]
        if not metafunc.config.getoption("--no-simulated-cuda"):
            devices.append("cuda")
        metafunc.parametrize("device", devices)
