"""The notebook here is driven in a real browser by tests/test_browser.py; nbval must not collect it.

It is committed without outputs (the browser test runs it), so nbval's strict output comparison
has nothing to compare.
"""

collect_ignore_glob = ["*.ipynb"]
