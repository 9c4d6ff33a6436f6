"""`import autograd_nb` loads what a first cell needs; nn, optim, distributions, linalg, special,
profiler, serialization and utils load on first access (PEP 562) and then work as if imported.

Each test runs in a fresh interpreter, since this one has imported everything already.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LAZY = ("distributions", "linalg", "nn", "optim", "profiler", "serialization", "special", "utils")


def run(code: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return proc.stdout.strip()


def test_import_and_a_first_cell_load_no_lazy_submodule():
    code = (
        "import sys, autograd_nb as torch\n"
        "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
        "y = (x * x).sum(); y.backward(); print(x.grad, file=sys.stderr)\n"
        f"print(sorted(m for m in {LAZY!r} if 'autograd_nb.' + m in sys.modules),\n"
        "      'numpy.random' in sys.modules)"
    )
    assert run(code) == "[] False"


def test_lazy_submodules_resolve_by_every_import_form():
    code = (
        "import autograd_nb as torch\n"
        "import autograd_nb.nn.functional as F\n"
        "from autograd_nb import nn, optim\n"
        "from autograd_nb.distributions import Normal\n"
        "print(torch.nn is nn, F is nn.functional, torch.nn.Linear is nn.Linear,\n"
        "      torch.optim.SGD is optim.SGD, torch.distributions.Normal is Normal,\n"
        "      torch.linalg.norm is not None, torch.special.expit is not None,\n"
        "      torch.utils.data.DataLoader is not None)"
    )
    assert run(code) == "True True True True True True True True"


def test_save_and_load_load_serialization_on_first_use():
    code = (
        "import io, autograd_nb as torch\n"
        "buffer = io.BytesIO(); torch.save({'w': torch.tensor([1.5, -2.0])}, buffer)\n"
        "buffer.seek(0); print(torch.load(buffer)['w'].tolist(),\n"
        "                     torch.save is torch.serialization.save)"
    )
    assert run(code) == "[1.5, -2.0] True"


def test_autograd_profiler_is_the_profiler_module_by_every_import_form():
    code = (
        "import sys, autograd_nb as torch\n"
        "print('autograd_nb.profiler' in sys.modules)\n"
        "p = torch.autograd.profiler\n"
        "import autograd_nb.autograd.profiler as q\n"
        "from autograd_nb.autograd.profiler import profile\n"
        "from autograd_nb.autograd import profiler as r\n"
        "print(p is q is r is torch.profiler.autograd_profiler, profile is p.profile)\n"
        "print(p.__name__, p.__spec__.name)\n"
        "with torch.autograd.profiler.profile() as prof:\n"
        "    torch.ones(2).exp()\n"
        "print('aten::exp' in [e.name for e in prof.function_events])"
    )
    assert run(code).splitlines() == [
        "False",
        "True True",
        "autograd_nb.profiler.autograd_profiler autograd_nb.profiler.autograd_profiler",
        "True",
    ]


def test_dir_lists_lazy_names_and_unknown_names_raise_pytorchs_error():
    code = (
        "import autograd_nb as torch\n"
        "names = dir(torch)\n"
        "print(all(n in names for n in ('nn', 'optim', 'profiler', 'save', 'load', 'tensor')))\n"
        "try:\n"
        "    torch.no_such_name\n"
        "except AttributeError as e:\n"
        "    print(e)\n"
        "try:\n"
        "    torch.autograd.no_such_name\n"
        "except AttributeError as e:\n"
        "    print(e)"
    )
    assert run(code).splitlines() == [
        "True",
        "module 'autograd_nb' has no attribute 'no_such_name'",  # PyTorch: module 'torch' ...
        "module 'autograd_nb.autograd' has no attribute 'no_such_name'",
    ]


def test_classes_unpickle_by_module_path_in_a_fresh_interpreter():
    made = subprocess.run(
        [
            sys.executable,
            "-c",
            "import pickle, sys, autograd_nb as torch\n"
            "sys.stdout.buffer.write(pickle.dumps((torch.nn.ReLU, torch.optim.SGD)))",
        ],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    code = (
        "import pickle, sys, autograd_nb as torch\n"
        f"relu, sgd = pickle.loads({made!r})\n"
        "print(relu is torch.nn.ReLU, sgd is torch.optim.SGD)"
    )
    assert run(code) == "True True"


def test_random_state_before_and_after_the_first_draw_is_pytorchs():
    # The stream is seeded on first use, not at import. Recorded from PyTorch 2.13 after
    # torch.manual_seed(67280421310721), autograd_nb's default seed (PyTorch's default seed is
    # random per process), and after torch.manual_seed(0): sha256 of get_rng_state() before and
    # after torch.rand(3), and the draw.
    code = (
        "import hashlib, autograd_nb as torch\n"
        "def digest():\n"
        "    return hashlib.sha256(bytes(torch.get_rng_state().tolist())).hexdigest()[:16]\n"
        "for seed in (None, 0):\n"
        "    if seed is not None:\n"
        "        torch.manual_seed(seed)\n"
        "    before = digest()\n"
        "    print(before, [round(v, 4) for v in torch.rand(3).tolist()], digest())"
    )
    assert run(code).splitlines() == [
        "7dbca2abd059af5d [0.2673, 0.8725, 0.3353] 07fc8a73e1a640b2",
        "1ccf17250133dec5 [0.4963, 0.7682, 0.0885] 30ba57011b00a77f",
    ]
