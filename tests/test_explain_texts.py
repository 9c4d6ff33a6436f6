"""The texts of `%explain_error`: whole words, and Chinese written with Chinese punctuation."""

from __future__ import annotations

import re

import pytest

from autograd_nb import _messages as msg
from autograd_nb.notebook import explain
from autograd_nb.notebook.explain import _CATALOGUE, _first_line

CJK = "\u4e00-\u9fff"  # Chinese characters (not the full-width punctuation itself)
# ASCII , ; : ( ) touching a Chinese character: Chinese text takes ， ； ： （ ）
HALF_WIDTH_IN_CHINESE = re.compile(rf"[{CJK}][,;:()]|[,;:()][{CJK}]")


@pytest.mark.parametrize("explanation", [e for _, e in _CATALOGUE], ids=lambda e: e.key)
def test_chinese_text_uses_full_width_punctuation(explanation):
    for text in (explanation.title_zh, explanation.why_zh):
        assert not HALF_WIDTH_IN_CHINESE.search(text), text
    assert "原因：" in repr(explanation)


def test_a_long_message_is_cut_after_a_whole_word():
    explanation = explain(msg.BACKWARD_TWICE)
    line = next(x for x in repr(explanation).splitlines() if x.startswith("Error: "))
    shown = line.removeprefix("Error: ")
    assert shown.endswith("…") and len(shown) <= 160
    assert msg.BACKWARD_TWICE.startswith(shown[:-1])
    assert msg.BACKWARD_TWICE[len(shown) - 1] == " "  # the next character starts a new word


def test_cutting_text_without_spaces_keeps_whole_characters():
    text = "梯" * 300
    assert _first_line(text) == "梯" * 159 + "…"
    assert _first_line("short message") == "short message"


LESSON_POINTER = re.compile(r"lesson (\d\d), “([^”]+)”")


def _sections(number: str) -> set[str]:
    import json
    from pathlib import Path

    (path,) = (Path(__file__).parent.parent / "notebooks").glob(f"{number}_*.ipynb")
    cells = json.loads(path.read_text())["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return {line[3:].strip() for line in text.splitlines() if line.startswith("## ")}


@pytest.mark.parametrize("explanation", [e for _, e in _CATALOGUE], ids=lambda e: e.key)
def test_each_explanation_points_to_a_lesson_section_that_exists(explanation):
    pointers = LESSON_POINTER.findall(explanation.lesson)
    assert pointers, f"{explanation.key}: no 'lesson NN, “section”' in {explanation.lesson!r}"
    for number, section in pointers:
        assert section in _sections(number), f"lesson {number} has no section {section!r}"
    assert "seeds/" not in explanation.lesson  # the notebooks teach; the raw posts do not
