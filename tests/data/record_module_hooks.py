"""Record PyTorch's module-hook behaviour for tests/test_nn_global_hooks.py.

Run with real PyTorch (2.13, CPU) to re-record:
    python tests/data/record_module_hooks.py   # writes tests/data/module_hooks.json

The scenarios live in tests/_module_hook_cases.py and run unchanged under autograd_nb in the test.
"""

from __future__ import annotations

import json
import pathlib
import sys

import torch

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

from _module_hook_cases import CASES  # noqa: E402


def main() -> None:
    results = {name: case(torch) for name, case in CASES.items()}
    results["torch_version"] = torch.__version__
    (HERE / "module_hooks.json").write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
