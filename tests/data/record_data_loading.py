"""Record PyTorch's DataLoader behaviour for tests/test_data_workers.py.

Run with real PyTorch (2.13, CPU) to re-record:
    python tests/data/record_data_loading.py   # writes tests/data/data_loading.json

The scenarios live in tests/_data_loading_cases.py and run unchanged under autograd_nb in the
test: real worker processes here, autograd_nb's in-process workers there.
"""

from __future__ import annotations

import json
import pathlib
import sys

import torch

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

from _data_loading_cases import CASES  # noqa: E402


def main() -> None:
    results = {name: case(torch) for name, case in CASES.items()}
    results["torch_version"] = torch.__version__
    (HERE / "data_loading.json").write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
