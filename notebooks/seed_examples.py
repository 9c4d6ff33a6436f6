"""Find the code examples in the five seed documents (plain text) and where the lessons cover them.

The documents (notebooks/seeds/*.txt, Chinese blog posts) lost their code fences when they were
saved as text, so an example is recovered as a *block*: a maximal run of Python-looking lines.

A line is Python-looking when, after removing its `# comment` and its string literals, it has no
CJK character and it starts like a statement: `import`/`from`, a keyword (`for`, `with`, `if`,
`def`, `class`, `return`, `print`...), an assignment (`a = ...`, `a[0] = ...`, `a.b, c = ...`),
a call or attribute access (`y.backward()`, `my_tensor.shape`), an indexing expression, a comment
(`# ...`), pseudo-code (`self...`) or a closing bracket. Lines continue a block while a bracket or
a triple-quoted string is open (the authors paste outputs inside triple quotes), and one or two
blank lines do not end a block when Python follows. Not examples: a block of comments only, a
block that starts with a printed tensor (`tensor([[1, 1],`) or follows an `out:` line (a pasted
output, which ends at the next blank line), and a lone word of prose that looks like code
(`backward()`, `nn.Parameter`). Outputs pasted right under the code (document 002) stay in the
block: an example is identified by its document, its index and its first code line, not by its
full text.

    python notebooks/seed_examples.py          # list the examples (id, first line)
    python notebooks/seed_examples.py --update # add new examples to seed_examples.json

The manifest notebooks/seed_examples.json has one entry per example:
`{"id": "000-07", "document": "000_...txt", "first_line": "...", "notebook": "03_...ipynb"}`
or, instead of "notebook", `"reason": "why no lesson runs it"`. A lesson cell covers an example
by a comment line `# seed: 000-07` (several ids may follow, separated by commas).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEEDS = HERE / "seeds"  # the five posts the lessons mirror (copied from the team's seeds)
MANIFEST = HERE / "seed_examples.json"
SEED_TAG = re.compile(r"^\s*#\s*seed:\s*(.+?)\s*$", re.M)
ID_PATTERN = re.compile(r"\d{3}-\d{2}")
_OUTPUT = re.compile(r"tensor\(")  # a printed tensor pasted as the output of an example

_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_STRING = re.compile(r"(\"\"\"|''')|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'")
_KEYWORDS = (
    "import",
    "from",
    "for",
    "while",
    "if",
    "elif",
    "else",
    "with",
    "def",
    "class",
    "return",
    "print",
    "try",
    "except",
    "assert",
    "del",
    "raise",
    "lambda",
    "yield",
)
_STATEMENT = re.compile(
    r"""^(
        (?:KEYWORDS)\b                                       # a keyword
      | [A-Za-z_][\w.]*(?:\[[^\]]*\])*                 # a name, attribute or subscript ...
        (?:\s*,\s*[A-Za-z_][\w.]*)*\s*                 # ... or a tuple of them
        (?:=(?!=)|\+=|-=|\*=|/=)                       # ... assigned
      | [A-Za-z_][\w.]*\s*\(                           # a call
      | [A-Za-z_]\w*(?:\.\w+|\[[^\]]*\])+\s*(?:\#.*)?$ # attribute access / indexing alone
      | [A-Za-z_][\w.]*\.\.\.                          # pseudo-code: self... / ...
      | \.\.\.\s*(?:\#.*)?$
      | [)\]}]                                         # a closing bracket
    )""".replace("KEYWORDS", "|".join(_KEYWORDS)),
    re.X,
)


@dataclass
class Example:
    """One code block of a seed document."""

    id: str
    document: str
    line: int  # 1-based line of the block's first line in the document
    lines: list[str]

    @property
    def first_line(self) -> str:
        """The first line that is not a comment (the example's signature in the manifest)."""
        for text in self.lines:
            if text.strip() and not text.strip().startswith("#"):
                return text.strip()
        return self.lines[0].strip()

    @property
    def code(self) -> str:
        """The block as text."""
        return "\n".join(self.lines)


def _code_part(line: str) -> str:
    """The line without string literals and without its comment."""
    text = _STRING.sub('""', line)
    return text.split("#", 1)[0]


def is_code(line: str) -> bool:
    """Whether one line of a seed document looks like a line of Python."""
    stripped = line.strip()
    if not stripped:
        return False
    if stripped.startswith("#"):
        return True
    if _CJK.search(_code_part(stripped)):
        return False
    return bool(_STATEMENT.match(stripped)) or stripped.startswith(('"""', "'''"))


def _opens(line: str, state: dict) -> None:
    """Track open brackets and triple-quoted strings across lines."""
    code = line
    quotes = code.count('"""') + code.count("'''")
    if state["triple"]:
        if quotes % 2 == 1:
            state["triple"] = False
        return
    if quotes % 2 == 1:
        state["triple"] = True
        return
    code = _code_part(code)
    state["depth"] = max(
        0, state["depth"] + sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
    )


def _previous_text(lines: list[str], start: int) -> str:
    """The last line before `start` that is neither blank nor a bare line number."""
    for j in range(start - 1, -1, -1):
        text = lines[j].strip()
        if text and not text.isdigit():
            return text
    return ""


def _is_example(block: list[str]) -> bool:
    """Not an example: only comments, or a lone word of prose like `backward()`."""
    code = [t.strip() for t in block if t.strip() and not t.strip().startswith("#")]
    if not code:
        return False
    return not (len(block) == 1 and re.fullmatch(r"[A-Za-z_][\w.]*(?:\(\))?", code[0]))


def extract(text: str, document: str) -> list[Example]:
    """The code blocks of one document, in order, with ids `<doc>-<nn>` (nn from 01)."""
    lines = text.splitlines()
    blocks: list[tuple[int, list[str]]] = []
    i = 0
    while i < len(lines):
        if not is_code(lines[i]):
            i += 1
            continue
        start, block, state = i, [], {"depth": 0, "triple": False}
        output = _previous_text(lines, i) == "out:" or bool(_OUTPUT.match(lines[i].strip()))
        while i < len(lines):
            line = lines[i]
            inside = state["depth"] > 0 or state["triple"]
            if inside or is_code(line):
                block.append(line)
                _opens(line, state)
                i += 1
                continue
            if not line.strip() and not output:  # the block goes on if Python follows soon
                nxt = next((j for j in range(i, min(i + 3, len(lines))) if lines[j].strip()), None)
                if nxt is not None and is_code(lines[nxt]):
                    block.extend(lines[i:nxt])
                    i = nxt
                    continue
            break
        while block and not block[-1].strip():
            block.pop()
        if not output and _is_example(block):
            blocks.append((start + 1, block))
    prefix = document[:3]
    return [
        Example(f"{prefix}-{n:02d}", document, line, block)
        for n, (line, block) in enumerate(blocks, 1)
    ]


def seed_documents(seeds: Path = SEEDS) -> list[Path]:
    """The five seed documents, in order."""
    return sorted(seeds.glob("[0-9][0-9][0-9]_*.txt"))


def all_examples(seeds: Path = SEEDS) -> list[Example]:
    """Every example of every seed document."""
    out: list[Example] = []
    for path in seed_documents(seeds):
        out.extend(extract(path.read_text(encoding="utf-8"), path.name))
    return out


def notebook_tags(notebooks: Path = HERE) -> dict[str, set[str]]:
    """{example id: {notebook names}} from the `# seed: ...` lines of the lessons' code cells."""
    found: dict[str, set[str]] = {}
    for path in sorted(notebooks.glob("[0-9][0-9]_*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            for match in SEED_TAG.finditer(source):
                for example_id in ID_PATTERN.findall(match.group(1)):
                    found.setdefault(example_id, set()).add(path.name)
    return found


def load_manifest(path: Path = MANIFEST) -> list[dict]:
    """The manifest's entries."""
    return json.loads(path.read_text(encoding="utf-8"))["examples"]


def write_manifest(entries: list[dict], path: Path = MANIFEST) -> None:
    """Write the manifest (stable order and formatting)."""
    doc = {
        "about": "Every code example of notebooks/seeds/*.txt (see seed_examples.py) and the "
        "lesson that runs it (a cell with '# seed: <id>'), or why none does.",
        "examples": entries,
    }
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    """List the examples, or add missing ones to the manifest (--update)."""
    examples = all_examples()
    if "--update" in argv:
        entries = load_manifest() if MANIFEST.exists() else []
        known = {e["id"] for e in entries}
        for ex in examples:
            if ex.id not in known:
                entries.append(
                    {
                        "id": ex.id,
                        "document": ex.document,
                        "first_line": ex.first_line,
                        "notebook": None,
                    }
                )
        entries.sort(key=lambda e: e["id"])
        write_manifest(entries)
    for ex in examples:
        print(f"{ex.id}  line {ex.line:4d}  {len(ex.lines):3d} lines  {ex.first_line[:70]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
