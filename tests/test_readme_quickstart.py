"""A newcomer's first ten minutes: the README's quick start is what CI runs, and its commands
work on a fresh clone (nothing installed from the unpublished `autograd-nb` on PyPI)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def _section(title: str) -> str:
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def _commands(text: str) -> list[str]:
    """The indented (4 spaces) command lines of a markdown text."""
    return [line[4:] for line in text.splitlines() if line.startswith("    ") and line.strip()]


def test_quick_start_runs_exactly_what_ci_runs():
    ci = [
        line
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line and not line.startswith(("#", "set ", "cd "))
    ]
    quick = _commands(_section("Quick start"))
    steps = [c for c in quick if c in ci]
    assert ci[:2] == steps, f"README quick start {quick} vs .ci/run {ci}"
    assert len(steps) == 2 and quick.index(ci[0]) < quick.index(ci[1])
    # then the interpreter matrix, which the quick start's subsection documents
    assert ci[2:] == ["bash .ci/matrix", 'echo "CI took $SECONDS s in all"']
    assert "`.ci/matrix`" in _section("Quick start").split("### Every Python", 1)[1]
    venv = quick.index("python3 -m venv .venv && . .venv/bin/activate")
    assert venv < quick.index(ci[0]), "the virtual environment comes first"
    assert 'pytest -m "not binder"' in quick, "how to run the tests offline"
    assert ".venv/" in (ROOT / ".gitignore").read_text().splitlines()


def test_install_commands_work_on_a_fresh_clone():
    texts = {"README.md": README, "notebooks/README.md": (ROOT / "notebooks/README.md").read_text()}
    texts |= {p.name: p.read_text() for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    for name, text in texts.items():
        assert not re.search(r"pip install \\?\"?autograd-nb\[", text), name  # unpublished
        assert "OWNER" not in text, name  # no placeholder links that pretend to work
    assert 'pip install -e ".[gpu]"' in README and 'pip install -e ".[tensorboard]"' in README
    assert "jupyter trust notebooks/*.ipynb" in README
