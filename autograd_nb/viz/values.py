"""Value and gradient on every node of a picture: micrograd's `data | grad`, for real graphs.

A graph keeps no op results (a node holds its inputs' nodes and what it saved, never its
output), so the value of an intermediate result exists only while its op runs. While recording
is on (`record_values()`, `%%grad_trace --micrograd`), the `VALUES` recorder is told each result
as it joins the graph (`autograd.graph.observe_results`) and keeps its value as text
(`tensor_text`: printed as PyTorch prints it inside `tensor(...)`, `-6.`, `[ 6., -4.]`, up to 16
numbers; a summary beyond). While such values are alive it also listens to backward
(`autograd.graph.listen_backward`, which keeps the fast engine) and keeps, for each node whose
value it recorded, the gradient that node received in the last backward and, before backward
frees them, the texts of what it saved. Texts are keyed weakly by node: a graph that is gone
takes its texts along. With recording off nothing is kept, and an op pays one check.
"""

from __future__ import annotations

import re
import weakref

from .. import _messages as msg
from .._printing import values_str
from ..autograd import graph as autograd_graph

__all__ = [
    "FULL_VALUES",
    "VALUES",
    "ValueRecorder",
    "is_recording_values",
    "record_values",
    "tensor_text",
    "value_text",
]

_NUMBERS = (int, float, bool)
FULL_VALUES = 16  # tensors with at most this many numbers are shown in full
FIRST_VALUES = 4  # first values a summary of a bigger tensor shows
_WRAP = re.compile(r",\n\s*")  # where PyTorch's printing breaks a row or a block


def value_text(t) -> str:
    """A tensor's values as PyTorch prints them inside `tensor(...)`: `-8.`, `[ 6., -4.]`."""
    try:
        return values_str(t)
    except Exception as exc:  # noqa: BLE001 - a broken tensor must not break the picture
        return f"<unprintable: {type(exc).__name__}>"


def tensor_text(t, one_line: bool = False, limit: int = FULL_VALUES) -> str:
    """A tensor's values for a picture, a table or a sentence, in PyTorch's short format.

    Up to `limit` numbers print in full as PyTorch prints them inside `tensor(...)` (precision
    4, scientific notation where PyTorch uses it): `[[ 0.3944,  0.7108], [-0.1234,  0.5000]]`.
    A bigger tensor shows its shape and a summary, `(4, 16): min -0.5123, mean 0.0201, max
    0.4912; first [0.3944, 0.7108, -0.1234, 0.0029, …]`, each number as PyTorch prints it
    alone; `value_text(t)` is the whole tensor, for a tooltip or a click. `one_line=True` puts
    it on one line (`, ` and `; ` where PyTorch's printing and the summary break lines).
    `None` gives "None".
    """
    if t is None:
        return "None"
    if t.numel() <= limit:
        text = value_text(t)
        return _WRAP.sub(", ", text) if one_line else text
    lines = _summary_lines(t.detach())
    return "; ".join(lines) if one_line else "\n".join(lines)


def _summary_lines(d) -> list[str]:
    """Shape, min / mean / max and the first values of a (detached) tensor too big to show."""
    shape = "(" + ", ".join(str(int(s)) for s in d.shape) + ")"
    first = value_text(d.reshape(-1)[:FIRST_VALUES])
    first = "first " + first[:-1] + ", …]"
    low, high = value_text(d.amin()), value_text(d.amax())
    mean = value_text(d.double().mean())
    return [f"{shape}: min {low}, mean {mean}, max {high}", first]


def saved_text(value) -> str:
    """A saved value in one short line: its values when they fit one line, else its shape."""
    if value is None or type(value) in _NUMBERS:
        return repr(value)
    text = value_text(value)
    if "\n" in text:
        return "(" + ", ".join(str(int(s)) for s in value.shape) + ")"
    return text


class ValueRecorder:
    """Records values of results (forward) and gradients of nodes (backward); see the module."""

    def __init__(self):
        self._values: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # {nr: text}
        self._grads: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # {nr: text}
        self._saved_texts: weakref.WeakKeyDictionary = (
            weakref.WeakKeyDictionary()
        )  # ((name, text),)
        self._results = None  # the observe_results handle while recording
        self._backward = None  # the listen_backward handle while anyone watches
        self._watchers = 0  # recording, and the notebook extension while loaded

    @property
    def recording(self) -> bool:
        """Whether results are being recorded now."""
        return self._results is not None

    def set_recording(self, mode: bool) -> None:
        """Start (True) or stop (False) recording results and the gradients of backward."""
        if mode == self.recording:
            return
        if mode:
            self._results = autograd_graph.observe_results(self._result)
        else:
            self._results.remove()
            self._results = None
        self.watch_backward(mode)

    def watch_backward(self, on: bool) -> None:
        """Count one more (True) or one fewer (False) reason to watch backward passes.

        Backward is listened to only while there is a reason and something to record: while
        recording, or while values recorded earlier are alive (a training loop pays nothing)."""
        self._watchers = max(0, self._watchers + (1 if on else -1))
        self._listen(bool(self._watchers and (self.recording or self._values)))

    def _listen(self, on: bool) -> None:
        if on and self._backward is None:
            self._backward = autograd_graph.listen_backward(self._node_ran)
        elif not on and self._backward is not None:
            self._backward.remove()
            self._backward = None

    def _result(self, tensor) -> None:
        texts = self._values.get(tensor.grad_fn)
        if texts is None:
            texts = self._values[tensor.grad_fn] = {}
        if tensor.output_nr not in texts:  # else a saved output rebuilt: the same value
            texts[tensor.output_nr] = tensor_text(tensor)

    def _node_ran(self, node, grads_in: tuple, grads_out: tuple) -> None:
        if not self._values:  # every recorded graph is gone: stop listening until recording
            self._listen(self.recording)
            return
        if node not in self._values:
            return
        self._grads[node] = {nr: tensor_text(g) for nr, g in enumerate(grads_in)}
        self._saved_texts[node] = tuple(
            (s.name, saved_text(s.value)) for s in autograd_graph.saved_values(node) if not s.freed
        )

    def describe(self, node) -> dict:
        """What a picture shows for an op node: recorded values and gradients ({output_nr:
        text}, or None if none was recorded), its saved values ((name, text), ...) and whether
        backward freed them (then the texts are those seen before it did; None if unseen)."""
        saved = autograd_graph.saved_values(node)
        freed = any(s.freed for s in saved)
        if freed:
            texts = self._saved_texts.get(node) or tuple((s.name, None) for s in saved)
        else:
            texts = tuple(
                (s.name, saved_text(s.value) + (" (modified)" if s.modified else "")) for s in saved
            )
        return {
            "data": self._values.get(node),
            "grad": self._grads.get(node),
            "saved": texts,
            "freed": freed,
            "on_output": False,  # set by the picture when an output's own box shows them
        }

    def grad_received(self, node, output_nr: int) -> str | None:
        """The gradient output `output_nr` of `node` received in the last recorded backward."""
        grads = self._grads.get(node)
        return None if grads is None else grads.get(output_nr)


VALUES = ValueRecorder()


def is_recording_values() -> bool:
    """Whether the values of new results are being recorded (see `record_values`)."""
    return VALUES.recording


class record_values:  # noqa: N801 - used like torch.set_grad_enabled, a call or a block
    """Record the value of every result and the gradient of every node, for pictures that show
    `data | grad` on each node (`build_graph(y, micrograd=True)`).

    `record_values()` turns recording on, `record_values(False)` off; as a `with` block it puts
    the previous mode back at its end (like `torch.set_grad_enabled`). Run the forward and the
    backward inside it: values can only be seen while an op runs.
    """

    def __init__(self, mode: bool = True):
        if type(mode) is not bool:
            raise TypeError(msg.VIZ_RECORD_MODE.format(type=type(mode).__name__))
        self._previous = VALUES.recording
        VALUES.set_recording(mode)

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc) -> bool:
        VALUES.set_recording(self._previous)
        return False
