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
    section = _section(CONTRIBUTORS)
    quick = _commands(section)
    steps = [c for c in quick if c in ci]
    assert ci[:2] == steps, f"README quick start {quick} vs .ci/run {ci}"
    assert len(steps) == 2 and quick.index(ci[0]) < quick.index(ci[1])
    # then the interpreter matrix, which the contributors' subsection documents
    assert ci[2:] == ["bash .ci/matrix", 'echo "CI took $SECONDS s in all"']
    assert "`.ci/matrix`" in section.split("### Every Python", 1)[1]
    venv = quick.index("python3 -m venv .venv && . .venv/bin/activate")
    assert venv < quick.index(ci[0]), "the virtual environment comes first"
    assert '`pytest -m "not binder"`' in section, "how to run the tests offline"
    assert ".venv/" in (ROOT / ".gitignore").read_text().splitlines()


LEARNERS = "Open the lessons (learners: start here)"
CONTRIBUTORS = "For contributors: the full install and the test suite"


def test_the_first_screen_tells_a_learner_how_to_open_the_lessons():
    sections = re.findall(r"^## (.+)$", README, re.M)
    assert sections[:2] == [LEARNERS, CONTRIBUTORS]  # learners first, contributors after
    commands = _commands(_section(LEARNERS))
    assert commands == [
        # a lessons-only install: the notebook extra and JupyterLab, no test tools
        'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[notebook]" jupyterlab',
        "jupyter trust notebooks/*.ipynb",  # before opening: widgets and SVGs need trust
        "jupyter lab notebooks/00_start_here.ipynb",
    ]
    assert len(README[: README.index(f"## {CONTRIBUTORS}")].splitlines()) < 45  # one screen


def test_install_commands_work_on_a_fresh_clone():
    texts = {"README.md": README, "notebooks/README.md": (ROOT / "notebooks/README.md").read_text()}
    texts |= {p.name: p.read_text() for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    for name, text in texts.items():
        assert not re.search(r"pip install \\?\"?autograd-nb\[", text), name  # unpublished
        assert "OWNER" not in text, name  # no placeholder links that pretend to work
    assert 'pip install -e ".[gpu]"' in README and 'pip install -e ".[tensorboard]"' in README
    assert "jupyter trust notebooks/*.ipynb" in README


def test_the_lessons_readme_starts_with_the_learners_section():
    text = (ROOT / "notebooks" / "README.md").read_text()
    sections = re.findall(r"^## (.+)$", text, re.M)
    assert sections[0] == "Start here (learners) / 从这里开始"
    first = text.split("\n## ", 2)[1]
    assert _commands(first) == [
        'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[notebook]" jupyterlab',
        "jupyter trust notebooks/*.ipynb",
        "jupyter lab notebooks/00_start_here.ipynb",
    ]
    assert text.index("## Start here") < text.index("## Conventions")
