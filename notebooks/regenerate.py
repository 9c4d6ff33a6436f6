"""Re-execute the lessons and store their outputs deterministically (the reference for nbval).

    python notebooks/regenerate.py                 # every notebooks/NN_*.ipynb
    python notebooks/regenerate.py 03_autograd_basics 04_backward_gradient_and_jacobian.ipynb
    python notebooks/regenerate.py notebooks/05_*.ipynb  # names with or without .ipynb/notebooks/
    python notebooks/regenerate.py --check         # execute, compare with the files, write nothing
    python notebooks/regenerate.py --stamp-python  # store this Python's version only, run nothing

Each notebook runs top to bottom in a fresh kernel (the Python running this script) with the same
environment `pytest --nbval` gives its kernels (see `kernel_env`): a clean IPYTHONDIR whose
profile turns colours off, no simulated GPU, PYTHONHASHSEED=0. Then the notebook is put in a
canonical form, so that re-running on unchanged code changes no byte:

- no timing metadata (`record_timing=False`); `kernelspec` and `language_info` exactly as
  ipykernel reports them for Binder's Python (`BINDER_PYTHON`), whatever Python runs this: when
  a kernel starts, JupyterLab writes the kernel's into the notebook and marks it modified unless
  they are equal (by value). `--stamp-python` stores the running Python's version instead, and
  nothing else; binder/postBuild does that before `jupyter trust`, so lessons open unmodified;
- a cell that raises on purpose carries the `raises-exception` tag, which is stored: JupyterLab's
  Run All, nbclient and nbval all honour it (nbval 0.11 maps it to NBVAL_RAISES_EXCEPTION; the
  comment marker is refused, since nbval warns when a comment and a tag say the same). A tagged
  cell that does not raise is an error, and so is an untagged cell that does. A `# NBVAL_SKIP`
  comment is mirrored, for the run only, as the `skip-execution` tag;
- an error is stored as a learner sees it live: every lesson loads the extension first, whose
  short tracebacks end at the lesson's line and quote no library source (so library edits do
  not rewrite the lessons); a stored traceback that shows an autograd_nb frame is an error;
- stream outputs coalesced as nbval does; the sanitize file's substitutions (kernel temp paths,
  memory addresses) applied to every stored text, tracebacks included, and the repository's and
  Python's own paths in tracebacks shortened; its "compare only" sections are not applied;
- a stored output that means what the fresh one does (equal under every sanitize rule: a
  matplotlib figure with the same `<desc>`, drawn by another matplotlib) is kept byte for byte,
  so re-running on another machine or interpreter changes nothing (`keep_equivalent`);
- widget state kept (so a trusted notebook shows its widgets before it is run, e.g. on Binder)
  with the random model ids renumbered in order of appearance.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import sys
import sysconfig
import tempfile
import uuid
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SANITIZE_FILE = HERE / "nbval_sanitize.cfg"
LESSON_GLOB = "[0-9][0-9]_*.ipynb"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
# The Python of Binder's image: repo2docker 2026.4.0 installs 3.11.14 for binder/runtime.txt's
# python-3.11 (its conda lock). ipykernel reports `sys.version.split()[0]` as the version.
BINDER_PYTHON = "3.11.14"
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": BINDER_PYTHON,
}
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
KERNEL_CONFIG = """\
# Written by notebooks/regenerate.py: plain tracebacks and no user profile for lesson kernels.
# The traceback mode is IPython's default, as a learner's: with `%load_ext autograd_nb` the
# extension's short handler leaves the library's frames out (autograd_nb/notebook/tracebacks.py).
c.InteractiveShell.colors = "nocolor"
c.HistoryManager.hist_file = ":memory:"
"""
CELL_TIMEOUT = 120
RAISES = "raises-exception"
RUN_ONLY_TAGS = ("skip-execution", "nbval-skip")  # mirrored from `# NBVAL_SKIP`, not stored


def lessons(names: list[str] | None = None) -> list[Path]:
    """The lesson notebooks to process: the given ones or every NN_*.ipynb.

    A name may be a path or a lesson's name, with or without `.ipynb` and `notebooks/`.
    """
    if not names:
        return sorted(HERE.glob(LESSON_GLOB))
    out = []
    for name in names:
        path = Path(name)
        if path.suffix != ".ipynb":
            path = path.with_name(path.name + ".ipynb")
        if not path.exists():
            path = HERE / path.name
        if not path.exists():
            raise FileNotFoundError(f"no lesson {name!r}: expected {path}")
        out.append(path.resolve())
    return out


def make_ipython_dir(path: str | os.PathLike | None = None) -> Path:
    """A clean IPYTHONDIR whose kernel profile has colours off (tracebacks without ANSI codes)."""
    root = Path(path) if path else Path(tempfile.mkdtemp(prefix="autograd_nb_ipython_"))
    profile = root / "profile_default"
    profile.mkdir(parents=True, exist_ok=True)
    (profile / "ipython_kernel_config.py").write_text(KERNEL_CONFIG)
    return root


def kernel_env(ipython_dir: str | os.PathLike, base: dict | None = None) -> dict:
    """The environment lesson kernels run with, here and under `pytest --nbval` (conftest.py)."""
    env = dict(os.environ if base is None else base)
    env.update(
        {
            "IPYTHONDIR": str(ipython_dir),  # no user profile, no auto-loaded extensions
            "NO_COLOR": "1",
            "PYTHONHASHSEED": "0",
            "AUTOGRAD_NB_SIMULATED_CUDA": "0",  # the test suite simulates a GPU; lessons don't
            "JUPYTER_PLATFORM_DIRS": "1",  # silences jupyter_core's deprecation warning
            "PYDEVD_DISABLE_FILE_VALIDATION": "1",  # silences the debugger's frozen-modules note
        }
    )
    env.pop("MPLBACKEND", None)  # ipykernel's inline backend, whatever the shell
    return env


COMPARE_ONLY = "[compare only"  # sanitize-file sections that regenerate.py does not store


def read_sanitize(path: Path = SANITIZE_FILE, stored: bool = False) -> list[tuple[re.Pattern, str]]:
    """The (regex, replacement) pairs of an nbval sanitize file, parsed exactly as nbval does.

    `stored=True`: only the pairs applied to the outputs regenerate.py stores, without those in
    sections whose header starts with "[compare only" (they serve comparisons only).
    """
    text = Path(path).read_text()
    if stored:
        sections = re.split(r"^(?=\[)", text, flags=re.M)
        text = "".join(s for s in sections if not s.startswith(COMPARE_ONLY))
    return [
        (re.compile(rx), rep)
        for rx, rep in re.findall(r"^regex: (.*)$\n^replace: (.*)$", text, re.M)
    ]


def _markers(source: str) -> set[str]:
    return {
        line.strip()[1:].strip() for line in source.splitlines() if line.strip().startswith("#")
    }


def sync_tags(nb) -> None:
    """Mirror `# NBVAL_SKIP` as the tags nbclient understands, for the run only."""
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        marks = _markers(cell.source)
        if "NBVAL_RAISES_EXCEPTION" in marks:
            raise ValueError(
                "tag the cell 'raises-exception' instead of the # NBVAL_RAISES_EXCEPTION comment "
                f"(JupyterLab's Run All honours only the tag):\n{cell.source}"
            )
        tags = [t for t in cell.metadata.get("tags", []) if t not in RUN_ONLY_TAGS]
        if "NBVAL_SKIP" in marks:
            tags += ["nbval-skip", "skip-execution"]
        if tags:
            cell.metadata["tags"] = tags
        else:
            cell.metadata.pop("tags", None)


def _coalesce(outputs: list) -> list:
    """Merge stream outputs of the same name and fold carriage returns and backspaces."""
    merged, streams = [], {}
    for out in outputs:
        if out.output_type == "stream":
            if out.name in streams:
                streams[out.name].text += out.text
                continue
            streams[out.name] = out
        merged.append(out)
    for out in streams.values():
        text = out.text
        while True:
            new = re.sub("[^\n]\x08", "", text)
            if new == text:
                break
            text = new
        out.text = re.sub(r"^.*\r(?=[^\n])", "", text, flags=re.M)
    return merged


def _path_shortener():
    roots = [
        (str(REPO) + os.sep, ""),
        (sysconfig.get_paths()["purelib"] + os.sep, "<site-packages>/"),
        (sysconfig.get_paths()["stdlib"] + os.sep, "<python>/"),
    ]
    roots.sort(key=lambda pair: -len(pair[0]))

    def shorten(text: str) -> str:
        for root, short in roots:
            text = text.replace(root, short)
        return text

    return shorten


def _clean_text(value, rules, shorten=None):
    if isinstance(value, list):
        return [_clean_text(v, rules, shorten) for v in value]
    if not isinstance(value, str):
        return value
    for rx, rep in rules:
        value = rx.sub(rep, value)
    return shorten(value) if shorten else value


def _renumber_widgets(nb, name: str) -> None:
    """Replace random widget model ids by ids derived from the notebook name and first use."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state")
    if not state:
        nb.metadata.pop("widgets", None)
        return
    order: list[str] = []

    def visit(model_id: str) -> None:
        if model_id in order or model_id not in state:
            return
        order.append(model_id)
        for ref in re.findall(
            r"IPY_MODEL_([0-9a-f]{32})", json.dumps(state[model_id], sort_keys=True)
        ):
            visit(ref)

    for cell in nb.cells:
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(WIDGET_VIEW)
            if view:
                visit(view["model_id"])

    def masked(model_id: str) -> str:  # its content, with ids already numbered shown as numbers
        return re.sub(
            r"[0-9a-f]{32}",
            lambda m: str(order.index(m.group(0))) if m.group(0) in order else "?",
            json.dumps(state[model_id], sort_keys=True),
        )

    while len(order) < len(state):  # models no view reaches (jslinks): by content, repeatedly
        visit(min((k for k in state if k not in order), key=masked))
    new = {
        old: uuid.uuid5(uuid.NAMESPACE_URL, f"autograd_nb/{name}/{i}").hex
        for i, old in enumerate(order)
    }
    text = json.dumps({"cells": nb.cells, "state": state})
    text = re.sub(r"[0-9a-f]{32}", lambda m: new.get(m.group(0), m.group(0)), text)
    fixed = json.loads(text)
    nb.cells = [nbformat.from_dict(c) for c in fixed["cells"]]
    renamed = fixed["state"]
    nb.metadata["widgets"] = {
        WIDGET_STATE: {
            "state": {new[old]: renamed[new[old]] for old in order},
            "version_major": 2,
            "version_minor": 0,
        }
    }


def canonicalize(nb, name: str, rules=None) -> None:
    """Put an executed notebook in the canonical stored form (see the module docstring)."""
    rules = read_sanitize(stored=True) if rules is None else rules
    shorten = _path_shortener()
    nb.nbformat, nb.nbformat_minor = 4, 5
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = copy.deepcopy(LANGUAGE_INFO)
    for i, cell in enumerate(nb.cells):
        cell.setdefault("id", f"{name[:2]}-{i:03d}")
        if cell.cell_type != "code":
            continue
        tags = [t for t in cell.metadata.pop("tags", []) if t not in RUN_ONLY_TAGS]
        if tags:  # raises-exception and the lesson's own tags are kept; run-only ones are not
            cell.metadata["tags"] = tags
        cell.metadata.pop("execution", None)
        outputs = _coalesce(cell.outputs)
        for out in outputs:
            if out.output_type == "stream":
                out.text = _clean_text(out.text, rules)
            elif out.output_type == "error":
                out.traceback = _clean_text(out.traceback, rules, shorten)
                out.evalue = _clean_text(out.evalue, rules)
            else:
                for mime in list(out.get("data", {})):
                    if mime != WIDGET_VIEW:
                        out.data[mime] = _clean_text(out.data[mime], rules)
        cell.outputs = outputs
    _renumber_widgets(nb, name)


def keep_equivalent(fresh, stored, rules=None):
    """`fresh` with each text that means what `stored`'s does (the same under every sanitize
    rule, e.g. a figure with the same description) replaced by the stored text, byte for byte.

    Outputs and widget state are walked in parallel (dicts by key, lists of equal length by
    position), so a lesson re-run with another matplotlib keeps its stored pictures.
    """
    rules = read_sanitize() if rules is None else rules
    if isinstance(fresh, str) and isinstance(stored, str):
        same = fresh == stored or _clean_text(fresh, rules) == _clean_text(stored, rules)
        return stored if same else fresh
    if isinstance(fresh, dict) and isinstance(stored, dict):
        for key in fresh:
            if key in stored:
                fresh[key] = keep_equivalent(fresh[key], stored[key], rules)
        return fresh
    if isinstance(fresh, list) and isinstance(stored, list) and len(fresh) == len(stored):
        fresh[:] = [keep_equivalent(f, s, rules) for f, s in zip(fresh, stored)]
    return fresh


LIBRARY_FRAME = re.compile(r"^File .*autograd_nb[/\\].*\.py:\d+", re.M)


def check_errors(nb, path: Path) -> None:
    """Fail if a cell tagged raises-exception did not raise, or an error shows library frames."""
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if RAISES in cell.metadata.get("tags", []) and not errors:
            raise RuntimeError(
                f"{path.name}: cell {i} is tagged {RAISES} but raised nothing:\n{cell.source}"
            )
        if any(LIBRARY_FRAME.search("\n".join(o.traceback)) for o in errors):
            raise RuntimeError(
                f"{path.name}: cell {i}'s traceback shows autograd_nb's frames (load the "
                f"extension, `%load_ext autograd_nb`, before the error):\n{cell.source}"
            )


def execute(path: Path, ipython_dir: Path) -> str:
    """Run one notebook in a fresh kernel and return its canonical JSON text."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    stored = copy.deepcopy(nb) if any(c.get("outputs") for c in nb.cells) else None
    sync_tags(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nb.metadata.pop("widgets", None)
    client = NotebookClient(
        nb,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        store_widget_state=True,
        allow_errors=False,
    )
    with open(os.devnull, "w") as quiet:  # the kernel's own log ("running over TCP ...")
        client.execute(env=kernel_env(ipython_dir), cwd=str(path.parent), stderr=quiet)
    check_errors(nb, path)
    canonicalize(nb, path.stem)
    if stored is not None:
        keep_equivalent(nb, stored)
    return dumps(nb)


def dumps(nb) -> str:
    """nbformat's JSON (sorted keys, indent 1) with a final newline."""
    text = nbformat.writes(nb, version=4)
    return text if text.endswith("\n") else text + "\n"


def stamp_python(path: Path, version: str) -> bool:
    """Store `version` as the lesson's `language_info` version, changing nothing else (what a
    kernel of that Python reports, so JupyterLab opens the lesson unmodified); True if written."""
    nb = nbformat.read(path, as_version=4)
    nb.metadata["language_info"] = {**LANGUAGE_INFO, "version": version}
    text = dumps(nb)
    if text == path.read_text():
        return False
    path.write_text(text)
    return True


def main(argv: list[str] | None = None) -> int:
    """Regenerate (or, with --check, verify) the stored outputs of the lessons."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks (default: notebooks/NN_*.ipynb)")
    parser.add_argument(
        "--check", action="store_true", help="compare with the stored files instead of writing them"
    )
    parser.add_argument(
        "--stamp-python",
        action="store_true",
        help="store this Python's version in language_info (as its kernel reports it); run nothing",
    )
    args = parser.parse_args(argv)
    if args.stamp_python:
        version = sys.version.split()[0]  # what ipykernel reports
        for path in lessons(args.notebooks):
            done = "written" if stamp_python(path, version) else "unchanged"
            print(f"{path.name}: language_info version {version} ({done})")
        return 0
    import time

    ipython_dir = make_ipython_dir()
    stale = []
    for path in lessons(args.notebooks):
        start = time.perf_counter()
        text = execute(path, ipython_dir)
        took = time.perf_counter() - start
        same = path.read_text() == text
        if args.check:
            print(f"{path.name}: {'unchanged' if same else 'DIFFERS'} ({took:.1f} s)")
            stale += [] if same else [path.name]
        else:
            if not same:
                path.write_text(text)
            print(f"{path.name}: {'unchanged' if same else 'written'} ({took:.1f} s)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
