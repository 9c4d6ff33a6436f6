"""A PNG copy of a graph's SVG, for notebooks opened without trust.

JupyterLab does not render a stored SVG from an untrusted notebook (a fresh clone is untrusted),
but it does show a PNG. So the graph pictures carry a PNG rendered from the same SVG by resvg
(through `resvg-py`, a self-contained wheel: no system library), with only the DejaVu Sans Mono
font that matplotlib ships, never the machine's fonts: the same SVG gives the same bytes on
every machine with the same resvg. Without `resvg-py` installed, pictures are SVG only.
"""

from __future__ import annotations

import functools
import importlib.util
import os


@functools.cache
def _font_files() -> tuple[str, ...]:
    import matplotlib

    folder = os.path.join(matplotlib.get_data_path(), "fonts", "ttf")
    return tuple(os.path.join(folder, name) for name in ("DejaVuSansMono.ttf", "DejaVuSans.ttf"))


def png_available() -> bool:
    """Whether PNG copies can be made here (`resvg-py` and matplotlib importable)."""
    return all(importlib.util.find_spec(m) is not None for m in ("resvg_py", "matplotlib"))


def svg_to_png(svg: str) -> bytes | None:
    """The SVG rendered to PNG bytes at its own size, or None where `resvg-py` is missing."""
    if not png_available():
        return None
    import resvg_py

    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            skip_system_fonts=True,
            font_files=list(_font_files()),
            font_family="DejaVu Sans Mono",
            monospace_family="DejaVu Sans Mono",
        )
    )
