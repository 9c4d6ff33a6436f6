"""What `%load_ext autograd_nb` costs a training loop: a small step, plain and with it loaded.

    python benchmarks/notebook_extension.py [--reps 9]

Target (issue 28, item 7): a training step of an MLP 64-64-10 (ReLU, batch 32, cross-entropy,
SGD) takes at most 1.15x as long with the extension loaded in an IPython shell as without it.
Every lesson loads the extension, and it listens to every backward (the gradients on the edges
of `%grad_graph --grads`, the values of `--micrograd`), so this is what a learner's loop pays.

One process, one thread: each repetition times the step plain, then with the extension loaded,
then unloaded again (the pair runs back to back, so machine load hits both alike); a time is
the fastest of 15 rounds, each the median of 40 steps (`_measure.time_calls`). The ratio shown
is the median over repetitions of loaded / plain, with their range.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from _measure import time_calls  # noqa: E402

import autograd_nb as torch  # noqa: E402
from autograd_nb import nn  # noqa: E402

TARGET = 1.15


def training_step():
    """A step of an MLP 64-64-10 on a batch of 32: zero_grad, forward, loss, backward, SGD."""
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 10))
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    x, target = torch.randn(32, 64), torch.randint(0, 10, (32,))
    loss_fn = nn.CrossEntropyLoss()

    def step():
        opt.zero_grad()
        loss = loss_fn(net(x), target)
        loss.backward()
        opt.step()

    return step


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=9, help="plain/loaded pairs")
    args = parser.parse_args()

    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    step = training_step()
    plain, loaded = [], []
    for rep in range(args.reps):
        plain.append(time_calls(step, 20, 40))
        shell.run_line_magic("load_ext", "autograd_nb")
        loaded.append(time_calls(step, 20, 40))
        shell.run_line_magic("unload_ext", "autograd_nb")
        print(
            f"  rep {rep + 1}/{args.reps}: plain {plain[-1] * 1e6:.1f} µs, "
            f"loaded {loaded[-1] * 1e6:.1f} µs",
            file=sys.stderr,
        )
    ratios = [b / a for a, b in zip(plain, loaded)]
    ratio = statistics.median(ratios)
    print(f"plain step:  {statistics.median(plain) * 1e6:.1f} µs (median of {args.reps})")
    print(f"loaded step: {statistics.median(loaded) * 1e6:.1f} µs")
    print(
        f"ratio: {ratio:.2f}x ({min(ratios):.2f}-{max(ratios):.2f}); target <= {TARGET}x "
        f"{'PASS' if ratio <= TARGET else 'FAIL'}"
    )


if __name__ == "__main__":
    main()
