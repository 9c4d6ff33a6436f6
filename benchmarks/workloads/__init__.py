"""One module per workload of the issue; each defines it for numpy, autograd_nb and torch.

A module exposes `TITLE`, `UNIT` and `run(impl, quick) -> dict` with at least `value` (the
number compared in the table, in `UNIT`). Frameworks are imported inside `run`, so a worker
can run the torch column in an interpreter where autograd_nb is not installed.
"""
