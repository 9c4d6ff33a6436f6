"""Run one workload for one implementation in this process and print the result as JSON.

Usage: python benchmarks/_worker.py WORKLOAD IMPL [--quick]   (started by run.py)
"""

from __future__ import annotations

import importlib
import json
import sys


def main(argv: list) -> None:
    workload, impl = argv[0], argv[1]
    quick = "--quick" in argv
    module_name, _, entry = workload.partition(":")
    module = importlib.import_module(f"workloads.{module_name}")
    result = getattr(module, entry or "run")(impl, quick)
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
