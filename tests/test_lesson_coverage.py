"""Every code example of the five seed documents is run by a lesson or listed with a reason.

The examples are found by notebooks/seed_examples.py (documented heuristics: runs of
Python-looking lines); notebooks/seed_examples.json names, for each, the lesson whose cell carries
`# seed: <id>`, or the reason no lesson runs it.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
_spec = importlib.util.spec_from_file_location("seed_examples", NOTEBOOKS / "seed_examples.py")
se = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("seed_examples", se)  # dataclasses look their module up
_spec.loader.exec_module(se)


def test_extractor_finds_the_known_examples():
    """Spot checks against the documents as read by a person."""
    found = {ex.id: ex for ex in se.all_examples()}
    assert found["000-13"].first_line == "import torch"
    assert "x_1 = torch.tensor(data=[1.], requires_grad=True)" in found["000-13"].code
    assert found["002-02"].code == "L.backward(torch.ones(2, 2, dtype=torch.float))"
    assert found["003-11"].first_line.startswith('print(f"tensor.matmul(tensor.T)')
    # pasted outputs and prose words are not examples
    assert not any(ex.first_line.startswith("tensor(") for ex in found.values())
    assert not any(ex.first_line in ("backward()", "nn.Parameter") for ex in found.values())
    assert len([ex for ex in found.values() if ex.document.startswith("004")]) == 3


def test_extractor_rules():
    text = "说明文字\n\nimport torch\nx = torch.ones(2)\n\nprint(x)\n\n中文 torch.ones(2) 的说明\nout:\ntensor([1., 1.])\n"
    [ex] = se.extract(text, "123_doc.txt")
    assert ex.id == "123-01" and ex.lines == ["import torch", "x = torch.ones(2)", "", "print(x)"]
    assert not se.is_code("torch.Tensor()是默认张量类型")
    assert se.is_code("y[0] = x[0] + x[1]  # 中文注释")


def test_manifest_lists_every_example_once():
    manifest = {e["id"]: e for e in se.load_manifest()}
    examples = se.all_examples()
    missing = [ex.id for ex in examples if ex.id not in manifest]
    assert not missing, (
        f"examples not in seed_examples.json (run seed_examples.py --update): {missing}"
    )
    stale = sorted(set(manifest) - {ex.id for ex in examples})
    assert not stale, f"seed_examples.json lists examples the documents no longer have: {stale}"
    moved = [ex.id for ex in examples if manifest[ex.id]["first_line"] != ex.first_line]
    assert not moved, f"examples whose first line changed (ids shifted?): {moved}"


def test_every_example_is_covered_or_has_a_reason():
    tags = se.notebook_tags()
    problems = []
    for entry in se.load_manifest():
        notebook, reason = entry.get("notebook"), entry.get("reason")
        if notebook:
            if notebook not in tags.get(entry["id"], set()):
                problems.append(
                    f"{entry['id']} ({entry['first_line']!r}): no '# seed: "
                    f"{entry['id']}' cell in {notebook}"
                )
        elif not (reason and reason.strip()):
            problems.append(f"{entry['id']} ({entry['first_line']!r}): neither notebook nor reason")
    assert not problems, "\n".join(problems)


def test_tags_name_known_examples():
    known = {e["id"] for e in se.load_manifest()}
    unknown = {i: sorted(nbs) for i, nbs in se.notebook_tags().items() if i not in known}
    assert not unknown, f"'# seed:' tags with unknown ids: {unknown}"
