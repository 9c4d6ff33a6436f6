"""What the lessons' own cells promise a learner: an error shown on purpose says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

LESSONS = sorted((Path(__file__).parent.parent / "notebooks").glob("[0-9][0-9]_*.ipynb"))
COMMENT = "# raises an error on purpose / 故意报错"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_cell_that_raises_on_purpose_says_so(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    raising = [
        c
        for c in cells
        if c["cell_type"] == "code"
        and (
            "raises-exception" in c.get("metadata", {}).get("tags", [])
            or any(o.get("output_type") == "error" for o in c.get("outputs", []))
        )
    ]
    for cell in raising:
        source = "".join(cell["source"])
        lines = source.splitlines()
        leading = lines[: next((i for i, line in enumerate(lines) if not line.startswith("#")), 0)]
        assert COMMENT in leading, source[:80]  # among the comments the cell starts with
