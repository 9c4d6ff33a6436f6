"""Read TensorBoard event files back: scalars, the graph, and an inline matplotlib view.

An event file is a sequence of TFRecords (8-byte length, its masked CRC32C, the `Event` protobuf
bytes, their masked CRC32C). This is what Binder users get instead of the TensorBoard web app.
"""

from __future__ import annotations

import os
import re
import struct

from ... import _messages as msg
from ._graph import GraphNode


def _protos():
    from .writer import _tensorboardx

    return _tensorboardx()[2]


def _masked_crc(data: bytes) -> int:
    from tensorboardX.crc32c import crc32c

    crc = crc32c(data) & 0xFFFFFFFF
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def event_files(log_dir: str | os.PathLike) -> list[str]:
    """Every `events.out.tfevents.*` file under log_dir (sub-folders too), oldest first."""
    found = []
    for root, dirs, files in os.walk(log_dir):
        dirs.sort()
        found += [os.path.join(root, f) for f in sorted(files, key=_natural) if "tfevents" in f]
    return found


def _natural(name: str) -> list:
    """Sort key that orders `...tfevents.<time>.<host>.<pid>.10` after `.9`: write order."""
    return [
        (0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name)
    ]


def read_events(path: str | os.PathLike) -> list:
    """The `Event` protobufs of one event file, checking each record's CRC."""
    event_pb2 = _protos()[1]
    with open(path, "rb") as f:
        data = f.read()
    events, pos = [], 0
    while pos + 12 <= len(data):
        header = data[pos : pos + 8]
        (length,) = struct.unpack("<Q", header)
        (header_crc,) = struct.unpack("<I", data[pos + 8 : pos + 12])
        body = data[pos + 12 : pos + 12 + length]
        if header_crc != _masked_crc(header) or len(body) < length:
            break  # a record still being written
        (body_crc,) = struct.unpack("<I", data[pos + 12 + length : pos + 16 + length] or b"\0" * 4)
        if body_crc != _masked_crc(body):
            raise ValueError(msg.TENSORBOARD_CORRUPT_RECORD.format(pos=pos, path=path))
        events.append(event_pb2.Event.FromString(body))
        pos += 16 + length
    return events


def _run_name(log_dir, path) -> str:
    return os.path.relpath(os.path.dirname(path), log_dir).replace(os.sep, "/")


def read_scalars(log_dir: str | os.PathLike) -> dict[str, dict[str, list[tuple[int, float]]]]:
    """{tag: {run: [(step, value), ...]}}; run is the sub-folder ('.' for log_dir itself).

    add_scalar('loss', ...) gives {'loss': {'.': [...]}}; add_scalars('loss', {'train': ..,
    'test': ..}) gives {'loss': {'loss_train': [...], 'loss_test': [...]}}, as TensorBoard shows.
    """
    scalars: dict[str, dict[str, list[tuple[int, float]]]] = {}
    for path in event_files(log_dir):
        run = _run_name(log_dir, path)
        for event in read_events(path):
            if not event.HasField("summary"):
                continue
            for value in event.summary.value:
                if value.HasField("simple_value"):
                    series = scalars.setdefault(value.tag, {}).setdefault(run, [])
                    series.append((int(event.step), float(value.simple_value)))
    return scalars


def read_graph(log_dir: str | os.PathLike) -> list[GraphNode]:
    """The nodes of the last graph written by `add_graph` under log_dir (empty if none)."""
    graph_pb2 = _protos()[2]
    nodes: list[GraphNode] = []
    for path in event_files(log_dir):
        for event in read_events(path):
            if event.graph_def:
                graph = graph_pb2.GraphDef.FromString(event.graph_def)
                nodes = []
                for n in graph.node:
                    shape = None
                    if "_output_shapes" in n.attr:
                        dims = n.attr["_output_shapes"].list.shape[0].dim
                        shape = tuple(d.size for d in dims)
                    nodes.append(
                        GraphNode(
                            n.name, n.op, list(n.input), shape, n.attr["attr"].s.decode("utf-8")
                        )
                    )
    return nodes


def plot_scalars(log_dir: str | os.PathLike, tags=None):
    """A matplotlib Figure of the scalars under log_dir: one chart per tag, one line per run.

    The inline stand-in for TensorBoard's Scalars tab (e.g. on Binder), read from the files.
    """
    from .._matplotlib import figure

    scalars = read_scalars(log_dir)
    if isinstance(tags, str):
        tags = [tags]
    tags = [t for t in (tags or sorted(scalars)) if t in scalars]
    if not tags:
        raise ValueError(msg.TENSORBOARD_NO_SCALARS.format(log_dir=os.fspath(log_dir)))
    columns = min(len(tags), 2)
    rows = (len(tags) + columns - 1) // columns
    fig = figure((min(4.8 * columns, 7.2), 3.0 * rows))  # <= ~690 px: an output area's width
    for k, tag in enumerate(tags, 1):
        ax = fig.add_subplot(rows, columns, k)
        for run, points in sorted(scalars[tag].items()):
            steps, values = zip(*sorted(points, key=lambda p: p[0]))
            values = [float(f"{v:.4g}") for v in values]  # what a chart shows: machine-stable
            ax.plot(steps, values, label=tag if run == "." else run)
        ax.set_title(tag)
        ax.set_xlabel("step")
        ax.grid(True, alpha=0.3)
        if len(scalars[tag]) > 1:
            ax.legend()
    fig.tight_layout()
    return fig
