"""Fill gpu_check/wheels/ with the pure-Python packages the GPU check needs and the GPU machine
lacks (it reaches no package index), pinned to the versions installed here.

    python gpu_check/build_wheels.py            # here, with a package index; then carry
                                                # gpu_check/wheels to the GPU machine

The GPU machine already has Python 3.12, NumPy, CuPy, PyTorch, pytest, pytest-xdist, hypothesis,
matplotlib, protobuf and the other packages in `PRESENT`. The check also needs ROOTS (the
simulated device and CuPy's array-API namespace, TensorBoard files, IPython and ipywidgets for
the plot tests)
and whatever they require: this script walks their requirements (markers evaluated for CPython
3.12 on Linux x86-64), leaves out what is present there, and downloads one wheel per distribution
with `pip download --no-deps` (so no second NumPy shadows the machine's own). It writes
`requirements.txt` beside the wheels; check.py installs exactly those, offline. The folder is
git-ignored.
"""

from __future__ import annotations

import argparse
import importlib.metadata as metadata
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement

HERE = Path(__file__).resolve().parent
WHEELS = HERE / "wheels"
ROOTS = (
    "array-api-strict",
    "array-api-compat",
    "tensorboardX",
    "ipython",
    "ipywidgets",
    "resvg-py",
)
# on the GPU machine already (its image's package list, /work/.library/device/KINDS.md)
PRESENT = frozenset(
    """numpy cupy-cuda13x torch pytest pytest-xdist execnet iniconfig pluggy packaging hypothesis
    sortedcontainers attrs matplotlib contourpy cycler fonttools kiwisolver pillow pyparsing
    python-dateutil six protobuf pygments typing-extensions setuptools wheel pip psutil
    jinja2 markupsafe filelock fsspec sympy mpmath networkx""".split()
)
# the GPU machine's interpreter, for requirement markers
TARGET = {
    "python_version": "3.12",
    "python_full_version": "3.12.3",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "os_name": "posix",
    "platform_machine": "x86_64",
    "extra": "",
}
PLATFORMS = ("manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64")


def canonical(name: str) -> str:
    """PEP 503 name: 'Array_API.compat' -> 'array-api-compat'."""
    return re.sub(r"[-_.]+", "-", name).lower()


def needed(
    roots=ROOTS,
    present=PRESENT,
    requires: Callable[[str], list[str] | None] = metadata.requires,
) -> list[str]:
    """Every distribution `roots` need on the GPU machine that it does not have, sorted."""
    present = {canonical(p) for p in present}
    found: set[str] = set()
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in found or name in present:
            continue
        found.add(name)
        for line in requires(name) or []:
            requirement = Requirement(line)
            marker = requirement.marker
            if marker is None or Marker(str(marker)).evaluate(TARGET):
                todo.append(canonical(requirement.name))
    return sorted(found)


def pins(names: list[str], version: Callable[[str], str] = metadata.version) -> list[str]:
    """name==version for each, as installed here."""
    return [f"{name}=={version(name)}" for name in names]


def download_command(pinned: list[str], dest: Path) -> list[str]:
    """pip download of exactly these wheels for CPython 3.12 on Linux x86-64, no dependencies."""
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
    command += ["--python-version", "3.12", "--implementation", "cp", "--abi", "cp312"]
    for platform in PLATFORMS:
        command += ["--platform", platform]
    return [*command, "--dest", str(dest), *pinned]


def build(dest: Path = WHEELS, run: Callable[[list[str]], int] = subprocess.call) -> list[str]:
    """Download the wheels into `dest` and write dest/requirements.txt; the pins written."""
    pinned = pins(needed())
    dest.mkdir(parents=True, exist_ok=True)
    code = run(download_command(pinned, dest))
    if code != 0:
        raise SystemExit(f"pip download failed (exit code {code})")
    (dest / "requirements.txt").write_text("".join(p + "\n" for p in pinned))
    return pinned


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", type=Path, default=WHEELS)
    args = parser.parse_args(argv)
    pinned = build(args.dest)
    print(f"{len(pinned)} wheels in {args.dest}: {' '.join(pinned)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
