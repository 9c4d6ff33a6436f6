"""gpu_check/: every part of the prepared GPU check that runs without a GPU.

The wheel-folder builder (requirements walked, pip's command, requirements.txt; no download
here), the check's plan and time limits, a step that overruns being killed with its children,
the junit and benchmark readers and the summary writer, the dry run of run.sh, and the suite's
`--real-cuda` switch falling back to the simulated device, saying why, where CuPy finds no GPU.
"""

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from autograd_nb import backends

ROOT = Path(__file__).resolve().parent.parent
GPU_CHECK = ROOT / "gpu_check"


def _module(name: str):
    spec = importlib.util.spec_from_file_location(f"gpu_check_{name}", GPU_CHECK / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


build_wheels = _module("build_wheels")
check = _module("check")


# --- the wheel folder ----------------------------------------------------------------------------
def test_needed_walks_requirements_for_the_gpu_machine_and_skips_what_it_has():
    requires = {
        "tool": ["Helper_Lib>=1", "numpy", "colorama ; sys_platform == 'win32'", "docs ; extra == 'doc'"],
        "helper-lib": ["tiny", "old-backport ; python_version < '3.10'"],
        "tiny": None,
        "second": ["tiny"],
    }  # fmt: skip
    names = build_wheels.needed(("Tool", "second"), {"NumPy"}, lambda name: requires[name])
    assert names == ["helper-lib", "second", "tiny", "tool"]  # no numpy, win32, extra, or <3.10


def test_needed_covers_what_the_checked_tests_import():
    names = build_wheels.needed()
    for name in ("array-api-strict", "array-api-compat", "tensorboardx", "ipython", "traitlets"):
        assert name in names
    assert not {"numpy", "pytest", "hypothesis", "protobuf"} & set(names)  # on the GPU machine


def test_download_command_gets_wheels_for_python_3_12_without_dependencies(tmp_path):
    command = build_wheels.download_command(["a==1", "b==2"], tmp_path)
    assert command[:4] == [sys.executable, "-m", "pip", "download"]
    assert "--no-deps" in command and "--only-binary=:all:" in command
    assert command[command.index("--python-version") + 1] == "3.12"
    assert command[command.index("--dest") + 1] == str(tmp_path) and command[-2:] == [
        "a==1",
        "b==2",
    ]


def test_build_writes_requirements_for_exactly_the_wheels_it_fetched(tmp_path):
    seen = []
    pinned = build_wheels.build(tmp_path / "wheels", run=lambda cmd: seen.append(cmd) or 0)
    assert len(seen) == 1 and seen[0][-len(pinned) :] == pinned
    lines = (tmp_path / "wheels" / "requirements.txt").read_text().splitlines()
    assert lines == pinned and all("==" in line for line in lines)
    with pytest.raises(SystemExit, match="pip download failed"):
        build_wheels.build(tmp_path / "other", run=lambda cmd: 1)
    assert not (tmp_path / "other" / "requirements.txt").exists()


def test_wheel_folder_is_git_ignored():
    assert "gpu_check/wheels/" in (ROOT / ".gitignore").read_text().splitlines()


# --- the plan and its time limits ----------------------------------------------------------------
def test_plan_runs_the_suite_on_real_cuda_then_gpu_tests_then_the_benchmark(tmp_path):
    steps = check.plan(tmp_path, tmp_path / "site", python="py")
    assert [s.name for s in steps] == [
        "environment",
        "install",
        "probe",
        "suite",
        "gpu",
        "benchmark",
    ]
    install, suite, gpu, bench = steps[1], steps[3], steps[4], steps[5]
    assert "--no-index" in install.argv and "--no-deps" in install.argv
    assert str(check.WHEELS / "requirements.txt") in install.argv
    assert {"--real-cuda", "-n", "not gpu"} <= set(suite.argv) and "addopts=" in suite.argv
    assert {f"--ignore=tests/{name}" for name in check.JUPYTER_TESTS} <= set(suite.argv)
    assert "test_gpu.py" not in " ".join(check.JUPYTER_TESTS)
    assert {"--real-cuda", "gpu"} <= set(gpu.argv)
    assert bench.argv[1] == "benchmarks/gpu_mlp.py" and "--json" in bench.argv
    for test in check.JUPYTER_TESTS:  # the names left out exist (a rename would run them)
        assert (ROOT / "tests" / test).exists(), test


def test_the_whole_check_fits_in_eight_minutes():
    assert check.BUDGET + 20 <= 480
    run_sh = (GPU_CHECK / "run.sh").read_text()
    assert "timeout --kill-after=10 480" in run_sh
    steps = check.plan(Path("out"), Path("site"))
    for i, step in enumerate(steps):  # each step leaves the later steps at least some time
        later = steps[i + 1 :]
        assert step.reserve <= sum(s.limit for s in later)


def test_run_step_reports_exit_codes_and_kills_an_overrunning_step_with_its_children():
    env = check.environment(Path("site"))
    assert env["PYTHONPATH"].split(os.pathsep)[:2] == [str(ROOT), "site"]
    ok = check.run_step(check.Step("ok", [sys.executable, "-c", "print('hi')"], 30), 1e9, env)
    assert (ok.status, ok.output.strip()) == ("ok", "hi")
    bad = check.run_step(check.Step("bad", [sys.executable, "-c", "exit(3)"], 30), 1e9, env)
    assert bad.status == "failed (exit 3)"
    spawn = "import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); print('child', flush=True); time.sleep(60)"  # fmt: skip
    start = time.monotonic()
    slow = check.run_step(check.Step("slow", [sys.executable, "-c", spawn], 6), 1e9, env)
    assert slow.status == "timed out" and time.monotonic() - start < 20
    assert "child" in slow.output
    late = check.run_step(check.Step("late", ["true"], 30, reserve=100), time.monotonic() + 50, env)
    assert late.status == "not run (no time left)"


# --- reading results and the summary -------------------------------------------------------------
JUNIT = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">
<testcase classname="tests.test_a" name="test_ok"/>
<testcase classname="tests.test_a" name="test_ok2[cuda]"/>
<testcase classname="tests.test_a" name="test_bad[cuda]"><failure message="AssertionError: 1 != 2&#10;more">x</failure></testcase>
<testcase classname="tests.test_b" name="test_err"><error message="fixture 'x' not found">x</error></testcase>
<testcase classname="tests.test_b" name="test_skip"><skipped message="no GPU">x</skipped></testcase>
</testsuite></testsuites>"""


def test_junit_counts_and_failures(tmp_path):
    (tmp_path / "r.xml").write_text(JUNIT)
    counts = check.junit_counts(tmp_path / "r.xml")
    assert (counts.passed, counts.failed, counts.errors, counts.skipped) == (2, 1, 1, 1)
    assert counts.failures == [
        ("tests.test_a::test_bad[cuda]", "AssertionError: 1 != 2"),
        ("tests.test_b::test_err", "fixture 'x' not found"),
    ]
    assert check.junit_counts(tmp_path / "missing.xml") is None
    (tmp_path / "cut.xml").write_text(JUNIT[:200])
    assert check.junit_counts(tmp_path / "cut.xml") is None


def test_summary_reports_machine_counts_failures_benchmark_and_failed_steps(tmp_path):
    (tmp_path / "suite.xml").write_text(JUNIT)
    bench = {
        "shape": {"batch": 4096, "hidden": 4096, "steps": 5},
        "rows": [{"label": "autograd_nb cuda (H100)", "ms": 20.0}, {"label": "torch cuda", "ms": 5.0}],
        "reason": "",
    }  # fmt: skip
    (tmp_path / "benchmark.json").write_text(json.dumps(bench))
    env = {"gpu": "NVIDIA H100 80GB HBM3, 580.1, 81559 MiB", "python": "3.12.3", "numpy": "2.5.2", "cupy": "14.2.0", "torch": "2.11.0"}  # fmt: skip
    probe = {"available": True, "count": 1, "name": "NVIDIA H100 80GB HBM3", "why": ""}
    results = [
        check.Result("environment", "ok", 1, "noise\n" + json.dumps(env), 45),
        check.Result("probe", "ok", 2, json.dumps(probe), 60),
        check.Result(
            "suite",
            "failed (exit 1)",
            200,
            "cuda parameter: the real GPU through CuPy (1 device(s))\nE  boom",
            240,
        ),  # fmt: skip
        check.Result("gpu", "timed out", 60, "stuck here", 60),
    ]
    text = check.summary(tmp_path, results)
    assert "- GPU: NVIDIA H100 80GB HBM3, 580.1, 81559 MiB" in text
    assert "cupy 14.2.0" in text and "torch 2.11.0" in text
    assert "autograd_nb sees CUDA: yes: NVIDIA H100 80GB HBM3 (1 device(s))" in text
    assert "the suite's cuda half: cuda parameter: the real GPU through CuPy (1 device(s))" in text
    assert (
        "| suite | failed (exit 1) | 200 | 240 |" in text
        and "| gpu | timed out | 60 | 60 |" in text
    )
    assert "| suite (--real-cuda) | 2 | 1 | 1 | 1 |" in text
    assert "| gpu-marked | no results (gpu.xml missing or cut) | | | |" in text
    assert check.STOPPED_NOTE not in text  # only for a run stopped at its limit
    assert "- `tests.test_a::test_bad[cuda]`: AssertionError: 1 != 2" in text
    assert (
        "| autograd_nb cuda (H100) | 20.00 | 1.00 |" in text
        and "| torch cuda | 5.00 | 0.25 |" in text
    )
    assert "## gpu: the last lines of its output" in text and "stuck here" in text
    (tmp_path / "gpu.xml").write_text(JUNIT)
    results[3].output, results[3].status = "", "timed out"
    assert f"| gpu-marked | 2 | 1 | 1 | 1 |\n| {check.STOPPED_NOTE} |" in check.summary(
        tmp_path, results
    )
    no_gpu = {"shape": {}, "rows": [], "reason": "CuPy is not installed."}
    (tmp_path / "benchmark.json").write_text(json.dumps(no_gpu))
    assert "not run: CuPy is not installed." in check.summary(tmp_path, results[:1])


def test_dry_run_of_run_sh_writes_the_plan_and_runs_nothing(tmp_path):
    assert subprocess.run(["bash", "-n", str(GPU_CHECK / "run.sh")]).returncode == 0
    done = subprocess.run(
        ["bash", str(GPU_CHECK / "run.sh"), str(tmp_path), "--dry-run"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "[suite] limit 240 s:" in done.stdout and "--real-cuda" in done.stdout
    text = (tmp_path / check.SUMMARY).read_text()
    assert (
        "(dry run: nothing was run)" in text and "| suite | not run (dry run) | 0 | 240 |" in text
    )
    assert not (tmp_path / "suite.xml").exists()


# --- the suite's switch ----------------------------------------------------------------------------
def test_real_cuda_switch_says_what_the_cuda_half_runs_on():
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/test_gpu_check.py::test_wheel_folder_is_git_ignored",
         "--real-cuda", "-o", "addopts=",
         "-p", "no:cacheprovider", "-p", "no:xdist", "-x"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:]
    if backends._probe_cupy()[0]:
        assert "cuda parameter: the real GPU through CuPy" in done.stdout
    else:  # here: the simulation, and a warning saying why
        assert "--real-cuda: no real CUDA device (autograd_nb cannot use CUDA:" in done.stdout
        assert "the cuda half of the suite runs on the simulated device instead" in done.stdout
