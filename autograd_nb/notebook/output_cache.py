"""Let IPython's output cache forget what it flushed: a long session's results stay bounded.

IPython keeps each cell's result as `Out[n]` and `_n` (up to `InteractiveShell.cache_size`,
1,000; when full it drops the oldest fifth, and `%reset out` drops all). But it also keeps a
second copy of every `_n` in `user_ns_hidden` (what hides its own names from `%who`), which
neither of those nor `del _n` touches (ipython/ipython#10082; IPython 8.15 clears it in
`%reset out` only): every figure or widget a cell ever returned stayed alive for good.
After each cell the extension drops the hidden copies whose `_n` is gone from the namespace.
"""

from __future__ import annotations

import re

_RESULT = re.compile(r"_\d+")


def forget_flushed_results(result=None, shell=None) -> int:
    """IPython's post_run_cell event: drop the hidden `_n` whose `_n` was deleted or flushed.

    Returns how many were dropped."""
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
        if shell is None:
            return 0
    hidden, names = shell.user_ns_hidden, shell.user_ns
    gone = [key for key in hidden if _RESULT.fullmatch(key) and key not in names]
    for key in gone:
        del hidden[key]
    return len(gone)
