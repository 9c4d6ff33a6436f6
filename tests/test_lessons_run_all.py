"""Every lesson runs to its last cell the way JupyterLab's Run All does, and its exercises work.

Run All executes the cells in order and stops at the first error, except in a cell tagged
`raises-exception` (JupyterLab, nbclient and nbval all honour the tag). `test_run_all` executes
each lesson so with nbclient (no `allow_errors`) in a fresh kernel, with the environment of
`notebooks/regenerate.py`, and asserts that every code cell ran.

An exercise is four cells: the question (markdown), the answer cell holding the placeholder
`...`, the check cell calling `check(...)`, and the solution: a collapsed `<details>` markdown
block with one fenced python block. In the same kernel run, after each check cell the test runs
the check again (same verdict: check cells are idempotent), then the solution and the check
twice more, which must confirm the answer.
"""

from __future__ import annotations

import copy
import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

from autograd_nb import _messages as msg

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "lesson_regenerate", ROOT / "notebooks" / "regenerate.py"
)
regen = sys.modules.get("lesson_regenerate") or importlib.util.module_from_spec(_spec)
if "lesson_regenerate" not in sys.modules:
    sys.modules["lesson_regenerate"] = regen
    _spec.loader.exec_module(regen)
LESSONS = regen.lessons()
SOLUTION = re.compile(r"\A<details>.*?```python\n(.*?)```.*</details>\s*\Z", re.S)
PLACEHOLDER = re.compile(r"=\s*\.\.\.(\s|$)", re.M)
KERNEL_START_ATTEMPTS = 3


@dataclass
class Exercise:
    answer: int  # index of the answer cell
    check: int  # index of the check cell
    solution: str  # the code of the solution block


def exercises(nb) -> list[Exercise]:
    """The lesson's exercises: answer cell, check cell, <details> solution, in this order."""
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and cell.source.startswith("<details>"):
            match = SOLUTION.match(cell.source)
            assert match, f"cell {i}: a <details> block holds one ```python block"
            check, answer = nb.cells[i - 1], nb.cells[i - 2]
            assert check.cell_type == "code" and "check(" in check.source, f"cell {i - 1}"
            assert answer.cell_type == "code" and PLACEHOLDER.search(answer.source), (
                f"cell {i - 2} should hold the placeholder `= ...`:\n{answer.source}"
            )
            found.append(Exercise(i - 2, i - 1, match.group(1)))
    return found


def _stdout(cell) -> str:
    return "".join(o.text for o in cell.outputs if o.output_type == "stream")


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_has_stored_unsolved_exercises_with_solutions(path):
    nb = nbformat.read(path, as_version=4)
    found = exercises(nb)
    assert 2 <= len(found) <= 4, f"{len(found)} exercises"
    for ex in found:
        assert _stdout(nb.cells[ex.check]) == msg.CHECK_NOT_ANSWERED + "\n", "store it unsolved"
        assert not PLACEHOLDER.search(ex.solution), ex.solution


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_run_all_reaches_the_end_and_solutions_pass(path, tmp_path):
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    found = {ex.check: ex for ex in exercises(nb)}
    run = nbformat.v4.new_notebook(metadata=copy.deepcopy(nb.metadata))
    probes = []  # (index in run, expected verdict, what it is)
    for i, cell in enumerate(nb.cells):
        cell = copy.deepcopy(cell)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        run.cells.append(cell)
        if i in found:
            check = nbformat.v4.new_code_cell(cell.source)
            probes.append((len(run.cells) - 1, msg.CHECK_NOT_ANSWERED, f"cell {i}"))
            probes.append((len(run.cells), msg.CHECK_NOT_ANSWERED, f"cell {i} run again"))
            run.cells.append(check)
            run.cells.append(nbformat.v4.new_code_cell(found[i].solution))
            for again in ("", " run again"):
                probes.append((len(run.cells), msg.CHECK_RIGHT, f"solution of cell {i}{again}"))
                run.cells.append(nbformat.v4.new_code_cell(cell.source))
    env = regen.kernel_env(regen.make_ipython_dir(tmp_path / "ipython"))
    for attempt in range(1, KERNEL_START_ATTEMPTS + 1):
        client = NotebookClient(
            run,
            timeout=regen.CELL_TIMEOUT,
            kernel_name="python3",
            allow_errors=False,  # Run All: stop at the first error not tagged raises-exception
            record_timing=False,
        )
        try:
            client.execute(env=env, cwd=str(tmp_path))  # files a lesson writes land in tmp_path
            break
        except RuntimeError as exc:  # see conftest.py: side-by-side kernels may race for a port
            started = any(c.get("execution_count") for c in run.cells if c.cell_type == "code")
            if started or "Kernel died" not in str(exc) or attempt == KERNEL_START_ATTEMPTS:
                raise

    code = [c for c in run.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code), "Run All stopped early"
    raised = [c for c in code if any(o.output_type == "error" for o in c.outputs)]
    assert all("raises-exception" in c.metadata.get("tags", []) for c in raised)
    for index, verdict, what in probes:
        out = _stdout(run.cells[index])
        assert out == verdict + "\n", f"{path.name}, {what}:\n{run.cells[index].source}\n{out}"
