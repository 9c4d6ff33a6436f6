"""The lesson tooling: regenerate.py is deterministic, stored lessons are canonical and follow the
conventions of notebooks/README.md, and plain `pytest` runs them in nbval's strict mode."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
import sys
import uuid
from pathlib import Path

import nbformat
import pytest
from _ipython_shell import shell_fixture  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
_spec = importlib.util.spec_from_file_location("lesson_regenerate", NOTEBOOKS / "regenerate.py")
regen = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("lesson_regenerate", regen)
_spec.loader.exec_module(regen)
LESSONS = regen.lessons()
FIRST_CELL = "%load_ext autograd_nb\nimport autograd_nb as torch"
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_pytest_runs_the_notebooks_in_strict_mode(pytestconfig):
    opts = shlex.split(" ".join(pytestconfig.getini("addopts")))
    assert "notebooks" in pytestconfig.getini("testpaths")
    assert "--nbval" in opts and "--nbval-lax" not in opts
    assert "--nbval-current-env" in opts
    assert (ROOT / opts[opts.index("--nbval-sanitize-with") + 1]).is_file()
    if "-n" in opts:  # cells of one notebook share a kernel: never spread them over workers
        assert opts[opts.index("--dist") + 1] in ("loadfile", "loadgroup")


def test_lesson_kernels_that_die_at_start_are_started_again(monkeypatch):
    # Side-by-side kernels can pick the same ZMQ port; nbval must try such a start again.
    import nbval.kernel

    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    root_conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(root_conftest)
    calls = []

    def flaky_start(**kwargs):
        calls.append(kwargs)
        if len(calls) < 3:
            raise RuntimeError("Kernel died before replying to kernel_info")
        return "manager", "client"

    monkeypatch.setattr(nbval.kernel, "start_new_kernel", flaky_start)
    root_conftest._retry_kernel_starts()
    assert nbval.kernel.start_new_kernel(kernel_name="python3") == ("manager", "client")
    assert len(calls) == 3 and calls[0] == {"kernel_name": "python3"}
    calls.clear()
    monkeypatch.setattr(nbval.kernel, "start_new_kernel", flaky_start)
    root_conftest.KERNEL_START_ATTEMPTS = 2
    root_conftest._retry_kernel_starts()
    with pytest.raises(RuntimeError, match="Kernel died"):  # a kernel that never starts fails
        nbval.kernel.start_new_kernel()
    assert len(calls) == 2


def test_sanitize_file_masks_kernel_paths_and_addresses():
    rules = regen.read_sanitize()
    text = "/tmp/ipykernel_4242/1234567.py:3: UserWarning: careful\n<Foo object at 0x7f3a2b1c0d90>"
    for rx, rep in rules:
        text = rx.sub(rep, text)
    assert text == "<cell>: UserWarning: careful\n<Foo object at 0xADDR>"


def _figure_svg(ys, **rc):
    import matplotlib
    from matplotlib.figure import Figure

    from autograd_nb.utils._matplotlib import figure_svg

    with matplotlib.rc_context(rc):
        fig = Figure(figsize=(4, 3))
        ax = fig.add_subplot()
        ax.plot([0, 1, 2], ys, label="loss")
        ax.set_title("training")
        ax.legend()
        return figure_svg(fig)


def _compared(text: str) -> str:
    for rx, rep in regen.read_sanitize():
        text = rx.sub(rep, text)
    return text


def test_figures_are_compared_by_what_they_show_not_by_their_bytes():
    # another matplotlib lays text and curves out a little differently: here, a larger font
    svg = _figure_svg([3.0, 2.0, 1.5])
    moved = _figure_svg([3.0, 2.0, 1.5], **{"font.size": 14})
    assert moved != svg and _compared(moved) == _compared(svg)
    assert _compared(svg).startswith("<figure>figure 4 x 3 in, 1 Axes")
    assert "line 'loss' (-): 3 points, x 0 to 2, y 1.5 to 3" in _compared(svg)
    assert _compared(_figure_svg([3.0, 2.0, 1.0])) != _compared(svg)  # other data: a failure


def test_regenerate_stores_figures_whole_and_keeps_an_equivalent_stored_one():
    svg = _figure_svg([3.0, 2.0, 1.5])
    stored_rules = regen.read_sanitize(stored=True)
    assert all(rx.sub(rep, svg) == svg for rx, rep in stored_rules)  # stored as drawn
    moved = _figure_svg([3.0, 2.0, 1.5], **{"font.size": 14})
    other = _figure_svg([3.0, 2.0, 1.0])
    fresh = {"cells": [{"outputs": [{"data": {"image/svg+xml": moved, "text/plain": "b"}}]}]}
    stored = {"cells": [{"outputs": [{"data": {"image/svg+xml": svg, "text/plain": "a"}}]}]}
    kept = regen.keep_equivalent(fresh, stored)["cells"][0]["outputs"][0]["data"]
    assert kept == {"image/svg+xml": svg, "text/plain": "b"}  # same figure: the stored bytes
    fresh["cells"][0]["outputs"][0]["data"]["image/svg+xml"] = other
    kept = regen.keep_equivalent(fresh, stored)["cells"][0]["outputs"][0]["data"]
    assert kept["image/svg+xml"] == other  # another figure: the new one


def _strings(value) -> list[str]:
    if isinstance(value, dict):
        return [t for v in value.values() for t in _strings(v)]
    if isinstance(value, list):
        return [t for v in value for t in _strings(v)]
    return [value] if isinstance(value, str) else []


def test_stored_lesson_figures_say_what_they_show():
    """A matplotlib picture in a lesson is compared by its description: it must have one."""
    texts = []
    for path in LESSONS:
        nb = json.loads(path.read_text())
        outputs = [o for c in nb["cells"] for o in c.get("outputs", [])]
        texts += ["".join(o.get("data", {}).get("image/svg+xml", "")) for o in outputs]
        texts += _strings(nb["metadata"].get("widgets", {}))  # LossCurve's picture
    figures = [t for t in texts if "matplotlib" in t]
    assert len(figures) >= 5
    assert all(_compared(t).startswith("<figure>figure ") for t in figures)


def test_kernel_env_is_clean(tmp_path):
    env = regen.kernel_env(
        regen.make_ipython_dir(tmp_path), base={"AUTOGRAD_NB_SIMULATED_CUDA": "1"}
    )
    assert env["AUTOGRAD_NB_SIMULATED_CUDA"] == "0" and env["IPYTHONDIR"] == str(tmp_path)
    config = (tmp_path / "profile_default" / "ipython_kernel_config.py").read_text()
    assert 'colors = "nocolor"' in config


TRIAL = [
    FIRST_CELL + "\ntorch.manual_seed(0);",
    "x = torch.tensor([1., 2.], requires_grad=True)\ny = (x * x).sum()\ny",
    "y.backward()\ny.backward()",  # tagged raises-exception below
    "z = x * 2\nz.grad",  # a UserWarning: the kernel's temp path must be sanitized
    "%grad_graph y",
    "from autograd_nb.notebook import BackwardStepper\nBackwardStepper((x * x).sum())",
    "for i in range(3):\n    print(i, end='\\r')\nprint(torch.rand(2))",
    "z = x\nfor _ in range(60):\n    z = z * 1.01\n%grad_graph z",  # expands on click: a widget
]


def test_regenerate_is_deterministic(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in TRIAL])
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"t-{i}"
    nb.cells[2].metadata["tags"] = ["raises-exception", "keep-me"]
    path = tmp_path / "90_trial.ipynb"
    path.write_text(regen.dumps(nb))
    ipython_dir = regen.make_ipython_dir(tmp_path / "ipython")
    first = regen.execute(path, ipython_dir)
    path.write_text(first)
    assert regen.execute(path, ipython_dir) == first  # a re-run changes no byte
    stored = json.loads(first)
    cells = stored["cells"]
    assert all("execution" not in c["metadata"] for c in cells)
    assert [c["metadata"].get("tags") for c in cells] == [None, None] + [
        ["raises-exception", "keep-me"]  # tags are stored: JupyterLab's Run All needs them
    ] + [None] * 5
    # Binder's Python, whatever Python ran it: the bytes do not depend on the interpreter
    assert stored["metadata"]["language_info"]["version"] == regen.BINDER_PYTHON
    assert cells[2]["outputs"][-1]["ename"] == "RuntimeError"
    assert "".join(cells[3]["outputs"][0]["text"]).startswith("<cell>: UserWarning")
    assert "\x1b[" not in "".join(cells[2]["outputs"][-1]["traceback"])  # no colours
    view = cells[5]["outputs"][0]["data"]["application/vnd.jupyter.widget-view+json"]
    state = stored["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    assert view["model_id"] in state  # saved, so a trusted notebook shows it before running
    assert view["model_id"] == uuid.uuid5(uuid.NAMESPACE_URL, "autograd_nb/90_trial/0").hex
    collapsed = cells[7]["outputs"][0]["data"]
    assert (
        "".join(collapsed["text/plain"]) == "<autograd graph of z>" and "image/svg+xml" in collapsed
    )
    assert collapsed["application/vnd.jupyter.widget-view+json"]["model_id"] in state


def test_regenerate_rejects_a_tagged_cell_that_does_not_raise(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    nb.cells[0].metadata["tags"] = ["raises-exception"]
    path = tmp_path / "91_bad.ipynb"
    path.write_text(regen.dumps(nb))
    with pytest.raises(RuntimeError, match="raised nothing"):
        regen.execute(path, regen.make_ipython_dir(tmp_path / "ipython"))


# errors as lessons make them: backward twice, and one raised below a learner's own function
ERROR_CELLS = [
    FIRST_CELL,
    "x = torch.tensor([1., 2.], requires_grad=True)\ny = (x * x).sum()\ny.backward()\ny.backward()",
    "def to_numpy(t):\n    return t.numpy()  # the learner's line\nto_numpy(x)",
]


def _stored_errors(tmp_path, cells: list[str], name: str) -> list[list[str]]:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in cells])
    for cell in nb.cells[1:]:
        cell.metadata["tags"] = ["raises-exception"]
    path = tmp_path / f"{name}.ipynb"
    path.write_text(regen.dumps(nb))
    stored = json.loads(regen.execute(path, regen.make_ipython_dir(tmp_path / "ipython")))
    return [o["traceback"] for c in stored["cells"] for o in c["outputs"] if "traceback" in o]


def test_a_stored_error_reads_as_the_live_one(tmp_path, shell, monkeypatch):
    """What regenerate.py stores is what the extension's handler shows a learner live."""
    stored = _stored_errors(tmp_path, ERROR_CELLS, "93_errors")
    live = []  # what an ipykernel sends to JupyterLab as the error's traceback
    monkeypatch.setattr(shell, "_showtraceback", lambda etype, value, stb: live.append(stb))
    shell.reset(new_session=False)
    shell.execution_count = 1  # as in a fresh kernel: the first cell is In[1]
    for source in ERROR_CELLS:
        shell.run_cell(source, store_history=True)
    assert stored == live and len(stored) == 2
    text = "\n".join(stored[1])
    assert "----> 2     return t.numpy()  # the learner's line" in text  # ends at the learner
    assert "autograd_nb" not in text.replace("%load_ext autograd_nb", "")  # no library frame


def test_regenerate_refuses_an_error_that_shows_library_frames(tmp_path):
    cells = ["import autograd_nb as torch", ERROR_CELLS[1]]  # the extension is not loaded
    with pytest.raises(RuntimeError, match="shows autograd_nb's frames"):
        _stored_errors(tmp_path, cells, "94_no_extension")


def test_regenerate_refuses_the_comment_marker(tmp_path):
    # nbval honours the tag; the comment means nothing to JupyterLab's Run All
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("# NBVAL_RAISES_EXCEPTION\n1/0")]
    )
    path = tmp_path / "92_comment.ipynb"
    path.write_text(regen.dumps(nb))
    with pytest.raises(ValueError, match="raises-exception"):
        regen.execute(path, regen.make_ipython_dir(tmp_path / "ipython"))


def test_regenerate_takes_lesson_names_with_or_without_suffix_and_folder():
    expected = [regen.HERE / "03_autograd_basics.ipynb"] * 4
    names = ["03_autograd_basics", "03_autograd_basics.ipynb", "notebooks/03_autograd_basics"]
    assert regen.lessons([*names, "notebooks/03_autograd_basics.ipynb"]) == expected
    with pytest.raises(FileNotFoundError, match="no lesson '99_none'"):
        regen.lessons(["99_none"])


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_is_stored_canonically(path):
    """Stored as regenerate.py writes it (re-canonicalizing changes nothing)."""
    text = path.read_text()
    nb = nbformat.reads(text, as_version=4)
    regen.canonicalize(nb, path.stem)
    assert regen.dumps(nb) == text, f"run: python notebooks/regenerate.py {path.name}"


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_follows_the_conventions(path):
    nb = nbformat.read(path, as_version=4)
    assert nb.nbformat == 4 and nb.metadata.kernelspec.name == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code[0].source.startswith(FIRST_CELL)
    assert all(c.execution_count is not None for c in code), "regenerate the outputs"
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert CJK.search(markdown) and re.search(r"\b(the|a|is)\b", markdown), "English + 中文"
    assert "from autograd_nb.notebook import check" in code[0].source, "exercise checks"
    assert (
        re.search(r"^## Summary", markdown, re.M)
        and "pytorch.org/" in markdown.split("## Summary")[-1]
    ), "a closing summary with links to PyTorch's documentation"
    for cell in code:
        raising = "raises-exception" in cell.metadata.get("tags", [])
        assert "NBVAL_RAISES_EXCEPTION" not in cell.source, "use the raises-exception tag"
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert bool(errors) == raising, cell.source


def test_stamp_python_changes_only_the_language_info_version(tmp_path):
    lesson = LESSONS[0]
    copy = tmp_path / lesson.name
    copy.write_text(lesson.read_text())
    assert regen.stamp_python(copy, "3.99.1") is True
    assert regen.stamp_python(copy, "3.99.1") is False  # already stamped: not written again
    old, new = lesson.read_text().splitlines(), copy.read_text().splitlines()
    changed = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    assert changed == [(f'   "version": "{regen.BINDER_PYTHON}"', '   "version": "3.99.1"')]
