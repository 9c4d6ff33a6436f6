"""The `%load_ext autograd_nb` magics: graphs, traces, cards, the stepper and error help.

Magics (`%autograd_nb` prints this list; each has its own `%magic?` help):

    %grad_graph y [z ...] [--saved] [--grads] [--values] [--full] [--params MODULE]
                [--micrograd]                             the autograd graph of y (SVG)
    %%grad_trace [--micrograd]                            run a cell, then tabulate its tensors
    %grad_inspect x                                       a card: value, grad, grad_fn chain...
    %grad_steps y [--gradient EXPR] [--max-frames N]      step through y.backward()
    %explain_error [MESSAGE]                              the last autograd error, explained
    %grad_display card|plain                              rich HTML cards for tensors, or not
    %autograd_nb [--debug | --short]                      this list; library frames in tracebacks
    %autograd_nb --record-values | --no-record-values     values of every result, for --micrograd

Bad input never shows a traceback into this module: argument errors are IPython UsageErrors and
a wrong name or value is one line such as `NameError: name 'q' is not defined`.
"""

from __future__ import annotations

import contextlib
import inspect
import linecache
import re
import sys

from IPython.core.error import UsageError
from IPython.core.magic import Magics, cell_magic, line_magic, magics_class, no_var_expand
from IPython.core.magic_arguments import argument, magic_arguments, parse_argstring
from IPython.display import display

from .. import _messages as msg
from .._tensor import Tensor
from ..autograd.graph import saved_values, sequence_nr, version, walk
from ..nn import Module
from ..viz import FlowRecorder, build_graph
from ..viz.graph import FIT_WIDTH, READABLE_SCALE
from ..viz.values import record_values
from . import _format as fmt
from . import tracebacks
from .explain import _first_line, error_text, explain
from .naming import (
    display_names,
    module_parameter_names,
    name_of,
    shell_namespace,
    user_variables,
)
from .pictures import EXPAND_NODES, ExpandableGraph, GraphView

_ONE_LINE: dict = {}


def one_line(cls: type, text: str) -> Exception:
    """An exception of (a subclass named like) `cls` that IPython shows as one line.

    IPython prints a SyntaxError (subclass) with its own traceback and cannot be told
    otherwise, and a class whose constructor wants other arguments cannot be subclassed
    blindly: both become a UsageError, which IPython also shows as one line."""
    if issubclass(cls, SyntaxError) or not issubclass(cls, Exception):
        return UsageError(text)
    sub = _ONE_LINE.get(cls)
    if sub is None:
        name = cls.__name__

        def render(self) -> list[str]:
            return [f"{name}: {self}"]

        def text_of(self) -> str:  # our text as given: never the class's own __str__
            return str(self.args[0]) if self.args else ""

        sub = _ONE_LINE[cls] = type(
            name,
            (cls,),
            {"_render_traceback_": render, "__str__": text_of, "__module__": "builtins"},
        )
    try:
        return sub(text)
    except Exception:  # noqa: BLE001 - a constructor with other arguments: see above
        return UsageError(text)


def parse_args(magic, line: str):
    """The magic's arguments; a line IPython cannot split (an unbalanced quote) is one line."""
    try:
        return parse_argstring(magic, line)
    except UsageError:
        raise
    except ValueError as exc:  # shlex: "No closing quotation"
        raise UsageError(msg.MAGIC_FAILED.format(magic=magic.__name__, error=exc)) from None


_PATH = re.compile(r"[A-Za-z_]\w*(?:\.\w+)+")


def resolve_path(expr: str, namespace: dict):
    """The object a module path such as `net.0.weight` names (what the pictures write), or
    raise LookupError when `expr` is not one: `net.0` is not Python, but a picture's name."""
    if not _PATH.fullmatch(expr):
        raise LookupError(expr)
    first, *parts = expr.split(".")
    if first not in namespace:
        raise LookupError(expr)
    obj = namespace[first]
    for part in parts:
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise LookupError(expr) from None
    return obj


def graph_roots(tensors: dict) -> list[str]:
    """The names among `tensors` whose grad_fn is not inside another one's graph: the outputs."""
    below: set = set()
    for t in tensors.values():
        fn = t.grad_fn
        if fn is not None:  # what is below a node already seen is in `below` already
            children = [nxt for nxt, _ in fn.next_functions if nxt is not None]
            below.update(walk(*children, skip=below.__contains__))
    return [name for name, t in tensors.items() if t.grad_fn is not None and t.grad_fn not in below]


def saved_by(x: Tensor, namespace: dict) -> list[str]:
    """Which nodes of the graphs in `namespace` saved `x` for backward, and at which version."""
    starts = [t.grad_fn for t in [x, *user_variables(namespace).values()] if t.grad_fn is not None]
    found = []
    for node in walk(*starts):
        for saved in saved_values(node):
            value = saved.value
            if not isinstance(value, Tensor):
                continue
            mine = value is x or (
                saved.is_output and node is x.grad_fn and value.output_nr == x.output_nr
            )
            if mine:
                text = f"{type(node).__name__} (saved at version {saved.version})"
                found.append((sequence_nr(node), text))
    return [text for _, text in sorted(found)]


def _snapshot(namespace: dict) -> dict:
    state = {}
    for name, t in user_variables(namespace).items():
        grad = fmt.grad_of(t)
        state[name] = (
            t,
            version(t),
            grad,
            None if grad is None else version(grad),
            t.requires_grad,
            t.grad_fn,
        )
    return state


def _changed(before: dict, after: dict) -> dict:
    out = {}
    for name, now in after.items():
        old = before.get(name)
        if old is None or any(
            a is not b if i in (0, 2, 5) else a != b for i, (a, b) in enumerate(zip(old, now))
        ):
            out[name] = now[0]
    return out


# What each backward node sent to its inputs in the last backward: recorded while the
# extension is loaded, drawn on the edges by `%grad_graph --grads`.
FLOWS = FlowRecorder()


def graph_view(
    tensors: dict, namespace: dict, params: dict | None = None, **options
) -> GraphView | ExpandableGraph:
    """The graph of the named tensors as an SVG GraphView (with --grads: gradients on edges;
    with --micrograd: `data | grad` on every node, and a note if values were not recorded).

    Tensors are labelled by `display_names`: `params` first, then module paths, then variables.
    A graph drawn with collapsed boxes (and at most EXPAND_NODES nodes in all) comes as an
    ExpandableGraph: a click on a box shows every node.
    """
    names = {**tensors, **display_names(namespace, params)}  # what was asked for keeps its name
    build = {
        "names": names,
        "saved": options.pop("saved", False),
        "micrograd": options.pop("micrograd", False),
    }

    def draw(graph, min_scale: float = 0.0) -> str:
        if options.get("grads"):
            options["edge_labels"] = FLOWS.edge_labels(graph)
        return graph.to_svg(max_width=FIT_WIDTH, min_scale=min_scale, **options)

    graph = build_graph(*tensors.values(), full=options.pop("full", False), **build)
    if graph.info["unrecorded"]:  # --micrograd on a graph built while recording was off
        print(msg.MICROGRAD_NOT_RECORDED.format(count=graph.info["unrecorded"]))
    label = ", ".join(tensors)
    if not graph.info["collapsed"] or graph.info["total_nodes"] > EXPAND_NODES:
        return GraphView(draw(graph), label)
    whole = build_graph(*tensors.values(), full=True, **build)
    return ExpandableGraph(draw(graph), draw(whole, min_scale=READABLE_SCALE), label, len(whole))


@magics_class
class AutogradMagics(Magics):
    """The magics registered by `%load_ext autograd_nb`."""

    # --- helpers -------------------------------------------------------------------------------
    def _value(self, expr: str, magic: str):
        """The value of the learner's expression, or of a module path a picture shows
        (`net.0.weight`: a syntax error in Python)."""
        try:
            return eval(expr, self.shell.user_ns)  # noqa: S307 - the user's own expression
        except SyntaxError as exc:
            try:
                return resolve_path(expr, self.shell.user_ns)
            except LookupError:
                error = error_text(exc)
        except NameError as exc:
            raise one_line(NameError, f"%{magic}: {error_text(exc)}") from None
        except Exception as exc:  # a typo in an expression: one line, never our traceback
            error = error_text(exc)
            raise one_line(type(exc), f"%{magic}: cannot evaluate {expr!r}: {error}") from None
        raise one_line(SyntaxError, f"%{magic}: cannot evaluate {expr!r}: {error}")

    def _module(self, expr: str, magic: str) -> Module:
        value = self._value(expr, magic)
        if not isinstance(value, Module):
            raise one_line(
                TypeError,
                msg.MAGIC_NOT_A_MODULE.format(magic=magic, expr=expr, type=type(value).__name__),
            )
        return value

    def _tensor(self, expr: str, magic: str, need_graph: bool = True) -> Tensor:
        value = self._value(expr, magic)
        if not isinstance(value, Tensor):
            raise one_line(TypeError, f"%{magic}: {expr} is a {type(value).__name__}, not a Tensor")
        if need_graph and value.grad_fn is None and not value.requires_grad:
            raise one_line(
                ValueError,
                f"%{magic}: {expr} has no autograd graph (requires_grad=False and grad_fn=None)",
            )
        return value

    # --- magics --------------------------------------------------------------------------------
    @line_magic
    def autograd_nb(self, line: str = "") -> None:
        """List autograd_nb's magics; `--debug` / `--short` show / hide the library in tracebacks;
        `--record-values` / `--no-record-values` start / stop recording values for --micrograd.

        %grad_graph y [z ...] [--saved] [--grads] [--values]  the autograd graph of y (SVG)
            [--full] [--params MODULE ...]                    every node; names from modules
            [--micrograd]                                     data | grad on every node
        %%grad_trace [--micrograd]                            run a cell, tabulate its tensors
        %grad_inspect x                                       value, grad, grad_fn chain, ...
        %grad_steps y [--gradient EXPR] [--max-frames N]      step through y.backward()
        %explain_error [MESSAGE]                              the last autograd error explained
        %grad_display card|plain                              HTML cards for tensors, or not
        %autograd_nb --debug | --short                        tracebacks with or without the
                                                              frames inside autograd_nb
        %autograd_nb --record-values | --no-record-values     record every result's value (and
                                                              each node's grad) for --micrograd
        """
        option = line.strip()
        if option in ("--debug", "--short"):
            tracebacks.show_library_frames(option == "--debug")
            print(msg.TRACEBACK_MODE[option])
        elif option in ("--record-values", "--no-record-values"):
            record_values(option == "--record-values")
            print(msg.RECORD_VALUES_MODE[option])
        elif option:
            raise UsageError(msg.AUTOGRAD_NB_MAGIC_OPTION.format(option=option))
        else:
            print(_HELP)

    @line_magic
    @magic_arguments()
    @argument("tensors", nargs="+", help="tensor variables (or expressions without spaces)")
    @argument("--saved", action="store_true", help="also show saved tensors and their versions")
    @argument(
        "--grads",
        action="store_true",
        help="show each tensor's .grad and, on the edges, the gradients of the last backward",
    )
    @argument("--values", action="store_true", help="show each tensor's values")
    @argument("--full", action="store_true", help="draw every node (no repeated run summarised)")
    @argument(
        "--micrograd",
        action="store_true",
        help="data | grad on every node, intermediate results included (as micrograd's "
        "draw_dot), and what each node saved; values must have been recorded while the ops ran",
    )
    @argument(
        "--params",
        nargs="+",
        metavar="MODULE",
        help="name parameters by these modules' paths (net.0.weight), as torchviz's params=",
    )
    def grad_graph(self, line: str) -> None:
        """Draw the autograd graph of one or more tensors, labelled with your variable names.

        Example: `%grad_graph y --grads` after `y.backward()` shows y's graph with the leaves'
        .grad, and on each edge the gradient that flowed along it in the last backward run
        while the extension was loaded. Colours: see the legend on the picture. A big graph
        shows each repeated run as one dashed box: click it to draw every node (`--full`
        draws them all at once, scaled to the output's width).

        `--micrograd` shows `data | grad` on every node, in PyTorch's print format: a leaf's
        value and .grad, an op's result and the gradient it received in the last backward, and
        what it saved ("saved (freed)" after a backward without retain_graph). The graph keeps
        no intermediate results, so their values come from recording: run the cell with
        `%%grad_trace --micrograd` (or after `%autograd_nb --record-values`); otherwise the
        picture says "not recorded" and a note says how.
        """
        args = parse_args(self.grad_graph, line)
        exprs = args.tensors
        if len(exprs) > 1 and _is_expression(" ".join(exprs)):  # `(x * 2).sum()`: one tensor
            exprs = [" ".join(exprs)]
        tensors = {expr: self._tensor(expr, "grad_graph") for expr in exprs}
        params = module_parameter_names(
            {expr: self._module(expr, "grad_graph") for expr in args.params or ()}
        )
        options = {"saved": args.saved, "grads": args.grads, "values": args.values}
        options["full"] = args.full
        options["micrograd"] = args.micrograd
        try:
            view = graph_view(tensors, self.shell.user_ns, params, **options)
        except Exception as exc:  # noqa: BLE001 - one line, never our traceback
            raise one_line(
                type(exc), msg.MAGIC_FAILED.format(magic="grad_graph", error=error_text(exc))
            ) from None
        display(view)

    @cell_magic
    @magic_arguments()
    @argument("--no-graph", action="store_true", help="only the table, no graph")
    @argument(
        "--micrograd",
        action="store_true",
        help="record every result's value while the cell runs and draw data | grad on each node",
    )
    def grad_trace(self, line: str, cell: str) -> None:
        """Run the cell, then show every tensor it created or changed, and its outputs' graph.

        The table has name, shape, dtype, device, requires_grad, is_leaf, grad_fn, grad and
        version: the print statements of the lessons, automatic. "Changed" means a new object,
        an in-place change (version), a new or changed .grad, or requires_grad switched.
        If the cell fails, its traceback is shown, no table, and the magic fails too (one line)
        so that Run All and nbconvert stop there.

        `--micrograd` records, while the cell runs, the value of every result and the gradient
        every node receives in a backward, and the graph shows `data | grad` on each node (as
        micrograd's draw_dot): put the forward and `L.backward()` in the cell.
        """
        args = parse_args(self.grad_trace, line)
        namespace = self.shell.user_ns
        before = _snapshot(namespace)
        with record_values(True) if args.micrograd else contextlib.nullcontext():
            result = self.shell.run_cell(cell, store_history=False)
        error = result.error_before_exec or result.error_in_exec
        if error is not None:  # shown above; raised again so that Run All stops here
            # the traceback above says it all: one short line here, not the message again
            text = _first_line(error_text(error))
            raise one_line(type(error), msg.MAGIC_TRACE_CELL_FAILED.format(error=text)) from None
        changed = _changed(before, _snapshot(namespace))
        rows = [fmt.trace_row(name, t) for name, t in changed.items()]
        display(
            fmt.Table(
                fmt.TRACE_COLUMNS,
                rows,
                title=f"{len(rows)} tensor(s) created or changed by this cell",
            )
        )
        roots = graph_roots(changed)
        if roots and not args.no_graph:
            tensors = {name: changed[name] for name in roots}
            display(graph_view(tensors, namespace, micrograd=args.micrograd))

    @line_magic
    @magic_arguments()
    @argument("tensor", help="a tensor variable")
    def grad_inspect(self, line: str) -> None:
        """Show a card for one tensor: value, grad, grad_fn chain to the leaves, version,
        the nodes that saved it for backward, device."""
        args = parse_args(self.grad_inspect, line)
        display(
            inspect_card(
                self._tensor(args.tensor, "grad_inspect", need_graph=False),
                args.tensor,
                self.shell.user_ns,
            )
        )

    @line_magic
    @magic_arguments()
    @argument("tensor", help="the output to back-propagate from")
    @argument(
        "--gradient",
        nargs="+",
        metavar="EXPR",
        help="the gradient argument of backward() (needed when y is not a scalar)",
    )
    @argument("--max-frames", type=int, default=60, help="cap on the number of frames")
    def grad_steps(self, line: str) -> None:
        """Step through `y.backward()` node by node with a Play button and a slider.

        Frames are computed up front by running the pass once through the real engine, which
        reports every node to the stepper (your leaves' .grad are not touched; hooks run once),
        and switched in the browser, so the widget works in a saved notebook without a kernel.
        """
        args = parse_args(self.grad_steps, line)
        if args.max_frames < 2:
            raise UsageError(msg.MAGIC_MAX_FRAMES)
        y = self._tensor(args.tensor, "grad_steps")
        gradient = None
        if args.gradient:
            gradient = self._value(" ".join(args.gradient), "grad_steps")
        from .widgets import BackwardStepper

        try:
            stepper = BackwardStepper(
                y,
                gradient=gradient,
                name=args.tensor,
                names=display_names(self.shell.user_ns),
                max_frames=args.max_frames,
            )
        except Exception as exc:  # noqa: BLE001 - e.g. a Function's backward: one line
            error = error_text(exc)
            if error == msg.BACKWARD_TWICE:  # the graph was freed by a backward already run
                error += msg.GRAD_STEPS_AFTER_BACKWARD.format(y=args.tensor)
            raise one_line(
                type(exc), msg.MAGIC_FAILED.format(magic="grad_steps", error=error)
            ) from None
        display(stepper)

    @line_magic
    @no_var_expand  # a message is literal text (and IPython's $/{} expansion is quadratic)
    def explain_error(self, line: str = "") -> None:
        """Explain the last autograd error (or the MESSAGE given) in English and 简体中文.

        Covers: backward twice, in-place change of a leaf (or its view), a saved tensor modified
        in place, backward() of a non-scalar, backward() without requires_grad, numpy() on a
        tensor that requires grad or lives on the GPU, tensors on different devices, the .grad
        of a non-leaf warning (pass its text), gradient shape, integer requires_grad, and more.
        """
        text = line.strip()
        error = text or getattr(sys, "last_value", None)
        if not error:
            print(
                "%explain_error: no error yet; run the failing cell first, or pass the "
                "message: %explain_error <text>"
            )
            return
        found = explain(error, "" if text else failing_statement(sys.last_traceback))
        if found is None:
            shown = text or f"{type(error).__name__}: {fmt_first_line(error_text(error))}"
            print(f"%explain_error: not an autograd error I know: {_first_line(shown)}")
            return
        display(found)

    @line_magic
    def grad_display(self, line: str) -> None:
        """`%grad_display card` shows tensors as HTML cards; `%grad_display plain` (the default)
        keeps PyTorch's text."""
        mode = line.strip()
        if mode not in ("card", "plain"):
            raise UsageError(msg.MAGIC_GRAD_DISPLAY_MODE)
        _STATE["cards"] = mode == "card"


_STATE = {"cards": False}
_HELP = inspect.cleandoc(AutogradMagics.autograd_nb.__doc__)


def fmt_first_line(text: str) -> str:
    lines = text.strip().splitlines()
    return lines[0] if lines else ""


def failing_statement(tb) -> str:
    """The line of the learner's cell where the last error happened ("" if none is found).

    IPython keeps each cell's source in `linecache` with no modification time (a file has
    one): the innermost frame whose file is such a cell is the learner's failing line."""
    line = ""
    while tb is not None:
        code = tb.tb_frame.f_code
        entry = linecache.cache.get(code.co_filename)
        if entry is not None and len(entry) == 4 and entry[1] is None:
            line = linecache.getline(code.co_filename, tb.tb_lineno).strip()
        tb = tb.tb_next
    return line


def _is_expression(text: str) -> bool:
    """Whether `text` is one Python expression (so not several names separated by spaces)."""
    try:
        compile(text, "<magic>", "eval")
    except SyntaxError:
        return False
    return True


def inspect_card(t: Tensor, name: str, namespace: dict) -> fmt.Card:
    """%grad_inspect's card for tensor `t` called `name`."""
    grad = fmt.grad_of(t)
    saved = saved_by(t, namespace)
    fields = [
        ("value", repr(t)),
        ("grad", "None" if grad is None else repr(grad)),
        ("grad_fn chain", "\n".join(fmt.grad_fn_chain(t, display_names(namespace)))),
        ("shape", fmt.shape_text(t)),
        ("dtype", fmt.dtype_text(t)),
        ("device", str(t.device)),
        ("requires_grad", str(t.requires_grad)),
        ("is_leaf", str(t.is_leaf)),
        ("retains_grad", str(t.retains_grad)),
        ("version", str(version(t))),
        ("saved by", "\n".join(saved) if saved else "(no node saved it)"),
    ]
    title = name or name_of(t, namespace) or fmt.shape_text(t)
    return fmt.Card(f"Tensor {title}", fields)


def tensor_html(t: Tensor):
    """The `%grad_display card` HTML for a tensor (None leaves PyTorch's text alone)."""
    if not _STATE["cards"]:
        return None
    return inspect_card(t, "", shell_namespace())._repr_html_()
