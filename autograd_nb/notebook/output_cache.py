"""Let IPython's output cache forget what it flushed: a long session's results stay bounded.

IPython keeps each cell's result as `Out[n]` and `_n` (up to `InteractiveShell.cache_size`,
1,000; when full it drops the oldest fifth, and `%reset out` drops all), and the last three as
`_`, `__`, `___`. But it also keeps a second copy of each of these names in `user_ns_hidden`
(what hides its own names from `%who`), which neither of those nor `del _n` updates
(ipython/ipython#10082; since ipython/ipython#14133 `%reset out` clears it): every figure or
widget a cell ever returned stayed alive for good. After each cell the extension drops the
hidden copies that no longer are what the name holds (`%who` skips names starting with `_`).
"""

from __future__ import annotations

import re

_RESULT = re.compile(r"_{1,3}|_\d+")  # _, __, ___, _1, _2, ...


def forget_flushed_results(result=None, shell=None) -> int:
    """IPython's post_run_cell event: drop the hidden `_n` (`_`, ...) that `_n` no longer is.

    Returns how many were dropped."""
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
        if shell is None:
            return 0
    hidden, names = shell.user_ns_hidden, shell.user_ns
    gone = [
        key
        for key, value in hidden.items()
        if _RESULT.fullmatch(key) and (key not in names or names[key] is not value)
    ]
    for key in gone:
        del hidden[key]
    return len(gone)
