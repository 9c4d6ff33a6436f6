"""The binder/ folder: its files follow repo2docker's conventions, and a simulated Binder build
(fresh venv, exactly what binder/ says, postBuild, then the lessons under nbval) works.

The simulation (marker `binder`, about 1-2 minutes, needs PyPI) follows
shared/reference/notebook-tooling.md §4.4: a fresh `python -m venv` stands in for Binder's
/srv/conda/envs/notebook (NB_PYTHON_PREFIX), the repository is copied into a fresh $HOME (Binder's
REPO_DIR), `pip install -r binder/requirements.txt` runs from there, then `binder/postBuild`.
What it does not reproduce: repo2docker's conda base environment (its pinned JupyterLab,
jupyterhub-singleuser), conda-forge builds, Ubuntu. `pytest -m "not binder"` leaves it out.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
COPY_IGNORE = shutil.ignore_patterns(
    ".git",
    "__pycache__",
    "*.egg-info",
    ".pytest_cache",
    ".ruff_cache",
    "runs",
    ".ipynb_checkpoints",
    "build",
)
HARNESS = ["pytest>=8", "nbval>=0.11", "pytest-xdist>=3.5"]  # the test harness, not Binder's


def test_runtime_is_python_311():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    assert not (ROOT / ".binder").exists(), "repo2docker refuses binder/ and .binder/ together"


def test_requirements_install_the_repo_jupyterlab_and_widgets_but_no_cupy():
    lines = [
        line.split("#")[0].strip()
        for line in (BINDER / "requirements.txt").read_text().splitlines()
    ]
    lines = [line for line in lines if line]
    assert re.fullmatch(r"-e \.(\[[\w,]+\])?", lines[0]), "first line installs this repository"
    names = {re.split(r"[<>=\[ ]", line)[0].lower() for line in lines[1:]}
    assert {"jupyterlab", "ipywidgets"} <= names
    assert not any("cupy" in line.lower() for line in lines)


def test_postbuild_trusts_the_notebooks_and_silences_the_news():
    text = (BINDER / "postBuild").read_text()
    assert os.access(BINDER / "postBuild", os.X_OK)
    assert text.startswith("#!/bin/bash") and "set -euo pipefail" in text
    assert "jupyter trust notebooks/*.ipynb" in text
    # the kernel's Python version goes into the lessons before they are signed (trusted)
    stamp = text.index("notebooks/regenerate.py --stamp-python")
    assert stamp < text.index("jupyter trust") and "KERNEL_PYTHON_PREFIX" in text[:stamp]
    assert '"fetchNews": "false"' in text and "overrides.json" in text


@pytest.mark.binder
def test_lessons_store_the_python_version_that_binder_installs():
    """The lessons' language_info.version is the Python that repo2docker installs for
    runtime.txt (its conda lock file names the exact build). Marked binder: it holds for the
    newest repo2docker, the one mybinder.org runs (an older one, as the matrix's lowest leg
    installs, locks another patch release)."""
    import importlib.util

    minor = (BINDER / "runtime.txt").read_text().strip().removeprefix("python-")
    repo2docker = importlib.util.find_spec("repo2docker")  # located, not imported (it warns)
    assert repo2docker, 'jupyter-repo2docker is in the dev extra: pip install -e ".[dev]"'
    lock = Path(repo2docker.origin).parent / "buildpacks" / "conda"
    text = (lock / f"environment.py-{minor}-linux-64.lock").read_text()
    (installed,) = re.findall(rf"/python-({re.escape(minor)}\.\d+)-", text)
    for lesson in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        stored = json.loads(lesson.read_text())["metadata"]["language_info"]["version"]
        assert stored == installed, (
            f"{lesson.name}: this repo2docker installs Python {installed} for {minor}; set "
            "BINDER_PYTHON in notebooks/regenerate.py to it and regenerate the lessons"
        )


def _run(cmd: list[str], cwd: Path, env: dict, timeout: int = 600) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, (
        f"{' '.join(cmd)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done.stdout


@pytest.mark.binder
def test_simulated_binder_build_runs_the_lessons(tmp_path):
    start = time.perf_counter()
    home, prefix = tmp_path / "home", tmp_path / "notebook-env"
    repo = home  # Binder: REPO_DIR = $HOME
    shutil.copytree(ROOT, repo, ignore=COPY_IGNORE)
    subprocess.run([sys.executable, "-m", "venv", str(prefix)], check=True)
    python = str(prefix / "bin" / "python")
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "VIRTUAL_ENV", "PIP_", "JUPYTER", "IPYTHON", "AUTOGRAD_NB_"))
    }
    env.update(
        HOME=str(home),
        NB_PYTHON_PREFIX=str(prefix),
        KERNEL_PYTHON_PREFIX=str(prefix),
        REPO_DIR=str(repo),
        PATH=f"{prefix / 'bin'}{os.pathsep}{env.get('PATH', '')}",
        PIP_DISABLE_PIP_VERSION_CHECK="1",
    )
    # what repo2docker runs: ${KERNEL_PYTHON_PREFIX}/bin/pip install -r binder/requirements.txt
    _run([python, "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"], repo, env)
    _run([str(repo / "binder" / "postBuild")], repo, env)
    installed = time.perf_counter() - start

    overrides = prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(overrides.read_text()) == {
        "@jupyterlab/apputils-extension:notification": {
            "fetchNews": "false",
            "checkForUpdates": False,
        }
    }
    check_trust = (
        "import glob, nbformat\n"
        "from nbformat.sign import NotebookNotary\n"
        "notary = NotebookNotary()\n"
        "for p in sorted(glob.glob('notebooks/[0-9][0-9]_*.ipynb')):\n"
        "    print(p, notary.check_signature(nbformat.read(p, as_version=4)))\n"
    )
    trust = _run([python, "-c", check_trust], repo, env)
    venv_python = _run([python, "-c", "import sys; print(sys.version.split()[0])"], repo, env)
    for lesson in sorted((repo / "notebooks").glob("[0-9][0-9]_*.ipynb")):  # stamped by postBuild
        info = json.loads(lesson.read_text())["metadata"]["language_info"]
        assert info["version"] == venv_python.strip(), lesson.name
    assert trust.count(" True") >= 7 and " False" not in trust, trust
    version = _run([python, "-m", "jupyterlab", "--version"], repo, env)
    assert version.startswith("4.")
    assert "autograd_nb" in _run(
        [python, "-c", "import autograd_nb, ipywidgets; print(autograd_nb.__name__)"], repo, env
    )

    # the lessons, strict nbval, in the Binder environment (plus the test harness)
    _run([python, "-m", "pip", "install", "-q", *HARNESS], repo, env)
    out = _run(
        [
            python,
            "-m",
            "pytest",
            "-q",
            "-o",
            "addopts=",
            "-p",
            "no:cacheprovider",
            "--nbval",
            "--nbval-current-env",
            "--nbval-sanitize-with",
            "notebooks/nbval_sanitize.cfg",
            "-n",
            "2",
            "--dist",
            "loadfile",
            "notebooks",
        ],
        repo,
        env,
        timeout=900,
    )
    assert re.search(r"\d+ passed", out) and "failed" not in out, out
    print(
        f"binder simulation: install + postBuild {installed:.0f} s, "
        f"total {time.perf_counter() - start:.0f} s"
    )


def test_repo2docker_accepts_the_binder_folder(tmp_path):
    """`repo2docker --no-build` reads binder/ as Binder will (no docker needed) and writes the
    Dockerfile it would build: the repository is installed from binder/requirements.txt and
    postBuild runs after it. A malformed runtime.txt or requirements file fails here."""
    import shutil
    import subprocess

    repo2docker = shutil.which("repo2docker")
    assert repo2docker, 'jupyter-repo2docker is in the dev extra: pip install -e ".[dev]"'
    done = subprocess.run(
        [repo2docker, "--no-build", "--debug", str(ROOT)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    dockerfile = done.stdout + done.stderr
    assert "binder/requirements.txt" in dockerfile and "postBuild" in dockerfile
