"""`SummaryWriter`: PyTorch's TensorBoard logger, writing real event files through tensorboardX.

The event files are TensorBoard's own format (TFRecord of `Event` protobufs), so
`tensorboard --logdir runs` shows them; `plot_scalars(log_dir)` draws the same scalars inline.
tensorboardX is an optional extra: `pip install "autograd-nb[tensorboard]"`.
"""

from __future__ import annotations

import itertools
import os
import time

from ... import _messages as msg
from ..._tensor import Tensor
from ._graph import GraphNode, module_graph

INSTALL_HINT = (
    "SummaryWriter needs the tensorboardX package to write TensorBoard event files. "
    'Install it with: pip install "autograd-nb[tensorboard]" '
    "(or: pip install tensorboardX)"
)


def _tensorboardx():
    """The tensorboardX modules we use, or an ImportError that says how to install them."""
    try:
        from tensorboardX import summary
        from tensorboardX.proto import (
            attr_value_pb2,
            event_pb2,
            graph_pb2,
            node_def_pb2,
            summary_pb2,
            tensor_shape_pb2,
            versions_pb2,
        )
        from tensorboardX.writer import FileWriter
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc
    return (
        FileWriter,
        summary,
        (
            attr_value_pb2,
            event_pb2,
            graph_pb2,
            node_def_pb2,
            tensor_shape_pb2,
            versions_pb2,
            summary_pb2,
        ),
    )


_file_ids = itertools.count()


def _unique_suffix(suffix: str) -> str:
    """`.<pid>.<n><suffix>`: TensorBoard's own writer adds these so two files opened in the same
    second (close() then a new add_*) never share a name; tensorboardX does not."""
    return f".{os.getpid()}.{next(_file_ids)}{suffix}"


def _number(value) -> float:
    """A Python float from a number, a one-element tensor or a NumPy scalar."""
    if isinstance(value, Tensor):
        if value.numel() != 1:
            raise AssertionError(msg.TENSORBOARD_SCALAR_DIM)  # PyTorch 2.13's check and text
        return float(value.detach().cpu().item())
    return float(value)


def _default_bins() -> list[float]:
    """TensorBoard's default histogram bucket edges (PyTorch's `bins='tensorflow'`)."""
    v, buckets = 1e-12, []
    while v < 1e20:
        buckets.append(v)
        v *= 1.1
    return [-b for b in reversed(buckets)] + [0] + buckets


class SummaryWriter:
    """Log scalars, histograms and a model's graph to TensorBoard, as torch.utils.tensorboard.

    `SummaryWriter(log_dir='./runs')` writes to ./runs; without log_dir it writes to
    `runs/<date>_<host><comment>`. Use it as a context manager or call `close()`.
    """

    def __init__(
        self,
        log_dir: str | os.PathLike | None = None,
        comment: str = "",
        purge_step: int | None = None,
        max_queue: int = 10,
        flush_secs: int = 120,
        filename_suffix: str = "",
    ):
        self._FileWriter, self._summary, self._pb = _tensorboardx()
        if not log_dir:
            import socket
            from datetime import datetime

            current_time = datetime.now().strftime("%b%d_%H-%M-%S")
            log_dir = os.path.join("runs", current_time + "_" + socket.gethostname() + comment)
        self.log_dir = str(log_dir)
        self.purge_step = purge_step
        self.max_queue, self.flush_secs = max_queue, flush_secs
        self.filename_suffix = filename_suffix
        self.default_bins = _default_bins()
        self.file_writer = None
        self.all_writers: dict | None = None
        self._get_file_writer()

    def __repr__(self) -> str:
        return f"SummaryWriter(log_dir={self.log_dir!r})"

    def _get_file_writer(self):
        """The writer of the main event file (re-created after close(), as in PyTorch)."""
        if self.all_writers is None or self.file_writer is None:
            self.file_writer = self._new_file(self.log_dir)
            self.all_writers = {self.log_dir: self.file_writer}
            if self.purge_step is not None:
                event_pb2, step = self._pb[1], self.purge_step  # hide events from step on
                self.file_writer.add_event(event_pb2.Event(step=step, file_version="brain.Event:2"))
                self.file_writer.add_event(
                    event_pb2.Event(
                        step=step,
                        session_log=event_pb2.SessionLog(status=event_pb2.SessionLog.START),
                    )
                )
                self.purge_step = None
        return self.file_writer

    def _new_file(self, log_dir: str):
        return self._FileWriter(
            log_dir, self.max_queue, self.flush_secs, _unique_suffix(self.filename_suffix)
        )

    def get_logdir(self) -> str:
        """The directory the event files go to."""
        return self.log_dir

    def add_scalar(
        self, tag: str, scalar_value, global_step: int | None = None, walltime: float | None = None
    ) -> None:
        """Record one number (a float or a one-element tensor) under `tag` at `global_step`."""
        self._get_file_writer().add_summary(self._scalar(tag, scalar_value), global_step, walltime)

    def _scalar(self, tag: str, value):
        """A Summary holding one simple_value under `tag` exactly as given (as PyTorch does)."""
        summary_pb2 = self._pb[6]
        return summary_pb2.Summary(
            value=[summary_pb2.Summary.Value(tag=tag, simple_value=_number(value))]
        )

    def add_scalars(
        self,
        main_tag: str,
        tag_scalar_dict: dict,
        global_step: int | None = None,
        walltime: float | None = None,
    ) -> None:
        """Several curves in one chart: each key goes to its own run `<log_dir>/<main_tag>_<key>`.

        As in PyTorch, every value is logged under the tag `main_tag`, one sub-folder per key,
        so TensorBoard draws them together.
        """
        walltime = time.time() if walltime is None else walltime
        fw_logdir = self._get_file_writer().get_logdir()
        for tag, scalar_value in tag_scalar_dict.items():
            fw_tag = fw_logdir + "/" + main_tag.replace("/", "_") + "_" + tag
            fw = self.all_writers.get(fw_tag)
            if fw is None:
                fw = self._new_file(fw_tag)
                self.all_writers[fw_tag] = fw
            fw.add_summary(self._scalar(main_tag, scalar_value), global_step, walltime)

    def add_histogram(
        self,
        tag: str,
        values,
        global_step: int | None = None,
        bins="tensorflow",
        walltime: float | None = None,
        max_bins: int | None = None,
    ) -> None:
        """Record the distribution of a tensor's values (weights, gradients) at `global_step`."""
        import numpy as np

        if isinstance(values, Tensor):
            values = values.detach().cpu().numpy()
        values = np.asarray(values, dtype=np.float64)
        if isinstance(bins, str) and bins == "tensorflow":
            bins = self.default_bins
        summary = self._summary.histogram("histogram", values, bins, max_bins=max_bins)
        summary.value[0].tag = tag  # as given: tensorboardX would rewrite characters like '='
        self._get_file_writer().add_summary(summary, global_step, walltime)

    def add_graph(
        self, model, input_to_model=None, verbose: bool = False, use_strict_trace: bool = True
    ) -> None:
        """Write the graph of `model(input_to_model)` for TensorBoard's Graphs tab.

        PyTorch traces with TorchScript; we run the forward once in eval mode and read its
        autograd graph: op nodes are named after their grad_fn (`AddmmBackward0` -> `Addmm`),
        grouped by module (`Net/Linear[fc1]`), with the parameters and input/output nodes.
        `verbose=True` prints the nodes. `use_strict_trace` is accepted and ignored.
        """
        if input_to_model is None:
            args: tuple = ()
        elif isinstance(input_to_model, (tuple, list)):
            args = tuple(input_to_model)
        else:
            args = (input_to_model,)
        nodes = module_graph(model, args)
        if verbose:
            for node in nodes:
                print(format_node(node))
        event_pb2 = self._pb[1]
        event = event_pb2.Event(graph_def=self._graph_def(nodes).SerializeToString())
        self._get_file_writer().add_event(event)

    def _graph_def(self, nodes: list[GraphNode]):
        """The GraphDef protobuf TensorBoard reads, as PyTorch's `_proto_graph.node_proto`."""
        attr_value_pb2, _, graph_pb2, node_def_pb2, tensor_shape_pb2, versions_pb2, _ = self._pb
        AttrValue, Shape = attr_value_pb2.AttrValue, tensor_shape_pb2.TensorShapeProto
        protos = []
        for node in nodes:
            attr = {"attr": AttrValue(s=node.attr.encode("utf-8"))}
            if node.shape is not None:
                shape = Shape(dim=[Shape.Dim(size=d) for d in node.shape])
                attr["_output_shapes"] = AttrValue(list=AttrValue.ListValue(shape=[shape]))
            protos.append(
                node_def_pb2.NodeDef(name=node.name, op=node.op, input=node.inputs, attr=attr)
            )
        return graph_pb2.GraphDef(node=protos, versions=versions_pb2.VersionDef(producer=22))

    def flush(self) -> None:
        """Write everything pending to disk now."""
        if self.all_writers is None:
            return
        for writer in self.all_writers.values():
            writer.flush()

    def close(self) -> None:
        """Flush and close every event file; a later add_* opens a new file."""
        if self.all_writers is None:
            return
        for writer in self.all_writers.values():
            writer.flush()
            writer.close()
        self.file_writer = self.all_writers = None

    def plot(self, tags=None):
        """The scalars written so far, as a matplotlib Figure (see `plot_scalars`)."""
        from .reader import plot_scalars

        self.flush()
        return plot_scalars(self.log_dir, tags=tags)

    def __enter__(self) -> SummaryWriter:
        return self

    def __exit__(self, exc_type, exc_val, exc_tb) -> None:
        self.close()


def format_node(node: GraphNode) -> str:
    """One line per graph node: `name (op) <- inputs  [shape]`."""
    text = f"{node.name} ({node.op})"
    if node.inputs:
        text += " <- " + ", ".join(node.inputs)
    if node.shape is not None:
        text += f"  {list(node.shape)}"
    return text
