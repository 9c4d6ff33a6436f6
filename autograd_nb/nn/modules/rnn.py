"""RNN, LSTM and GRU (multi-layer recurrent layers) and the cells RNNCell, LSTMCell and GRUCell
(one time step, the same step math)."""

from __future__ import annotations

import math
import numbers
import warnings

from ... import _messages as msg
from ..._creation import empty, zeros
from ..._tensor import Tensor
from ...ops.joining import cat, stack
from .. import functional as F
from .. import init
from ..parameter import Parameter
from ..utils.rnn import PackedSequence
from .module import Module

__all__ = ["GRU", "GRUCell", "LSTM", "LSTMCell", "RNN", "RNNBase", "RNNCell", "RNNCellBase"]


_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}
_PARAM_NAMES = ("weight_ih_l{}{}", "weight_hh_l{}{}", "bias_ih_l{}{}", "bias_hh_l{}{}")


def _rnn_step(activation):
    """The Elman step h' = act(W_ih x + b_ih + W_hh h + b_hh), act Tensor.tanh or Tensor.relu."""

    def step(projected: Tensor, state: tuple, w_hh: Tensor, b_hh: Tensor | None) -> tuple:
        return (activation(projected + F.linear(state[0], w_hh, b_hh)),)

    return step


def _lstm_step(projected: Tensor, state: tuple, w_hh: Tensor, b_hh: Tensor | None) -> tuple:
    """(h', c') from gates i, f, g, o, stacked in that order in each weight."""
    h, c = state
    i, f, g, o = (projected + F.linear(h, w_hh, b_hh)).chunk(4, -1)
    c = f.sigmoid() * c + i.sigmoid() * g.tanh()
    return o.sigmoid() * c.tanh(), c


def _gru_step(projected: Tensor, state: tuple, w_hh: Tensor, b_hh: Tensor | None) -> tuple:
    """(h',) from gates r, z, n, with n = tanh(W_in x + b_in + r * (W_hn h + b_hn))."""
    h = state[0]
    i_r, i_z, i_n = projected.chunk(3, -1)
    h_r, h_z, h_n = F.linear(h, w_hh, b_hh).chunk(3, -1)
    r = (i_r + h_r).sigmoid()
    z = (i_z + h_z).sigmoid()
    n = (i_n + r * h_n).tanh()
    return (n + z * (h - n),)


# One time step of each mode, shared by the layers and the cells (below): the new state
# tuple from the input projection W_ih x + b_ih, the previous state tuple, W_hh and b_hh.
STEPS = {
    "RNN_TANH": _rnn_step(Tensor.tanh),
    "RNN_RELU": _rnn_step(Tensor.relu),
    "LSTM": _lstm_step,
    "GRU": _gru_step,
}


def reset_uniform(module: Module) -> None:
    """PyTorch's recurrent init: every parameter from U(-1/sqrt(hidden_size), 1/sqrt(...))."""
    bound = 1.0 / math.sqrt(module.hidden_size) if module.hidden_size > 0 else 0
    for weight in module.parameters():
        init.uniform_(weight, -bound, bound)


def _check_type(value, kind: type, name: str) -> None:
    """PyTorch's TypeError for a constructor argument that is not of type `kind`."""
    if not isinstance(value, kind):
        raise TypeError(
            msg.RNN_ARG_TYPE.format(name=name, type=kind.__name__, got=type(value).__name__)
        )


class RNNBase(Module):
    """What RNN, LSTM and GRU share: PyTorch's parameters, checks and the layer/time loops.

    The time step of each mode is in STEPS.
    """

    _state_count = 1  # hidden state tensors: h, or h and c for LSTM
    _rank_message = msg.RNN_INPUT_RANK

    def __init__(
        self,
        mode: str,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        proj_size: int = 0,
        device=None,
        dtype=None,
    ) -> None:
        super().__init__()
        if (
            not isinstance(dropout, numbers.Number)
            or isinstance(dropout, bool)
            or not 0 <= dropout <= 1
        ):
            raise ValueError(msg.RNN_DROPOUT)
        if dropout > 0 and num_layers == 1:
            warnings.warn(
                msg.RNN_DROPOUT_ONE_LAYER.format(dropout=dropout, num_layers=num_layers),
                stacklevel=3,
            )
        _check_type(bias, bool, "bias")
        _check_type(batch_first, bool, "batch_first")
        for name, value in (("input_size", input_size), ("hidden_size", hidden_size)):
            _check_type(value, int, name)
            if value <= 0:
                raise ValueError(msg.RNN_ARG_POSITIVE.format(name=name))
        if num_layers <= 0:
            raise ValueError(msg.RNN_ARG_POSITIVE.format(name="num_layers"))
        if proj_size < 0:
            raise ValueError(msg.RNN_PROJ_NEGATIVE)
        if proj_size >= hidden_size:
            raise ValueError(msg.RNN_PROJ_TOO_BIG)
        if proj_size > 0:
            raise NotImplementedError(msg.RNN_PROJ_OURS)
        if mode not in _GATES:
            raise ValueError(msg.RNN_UNRECOGNIZED_MODE.format(mode=mode))
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        gate_size = _GATES[mode] * hidden_size
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(self._directions):
                in_size = input_size if layer == 0 else hidden_size * self._directions
                shapes = [(gate_size, in_size), (gate_size, hidden_size)]
                if bias:
                    shapes += [(gate_size,), (gate_size,)]
                suffix = "_reverse" if direction else ""
                names = [name.format(layer, suffix) for name in _PARAM_NAMES[: len(shapes)]]
                for name, shape in zip(names, shapes):
                    setattr(self, name, Parameter(empty(shape, device=device, dtype=dtype)))
                self._all_weights.append(names)
        self.reset_parameters()

    @property
    def _directions(self) -> int:
        return 2 if self.bidirectional else 1

    @property
    def all_weights(self) -> list[list[Parameter]]:
        """The parameters of each layer and direction, in PyTorch's order."""
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def reset_parameters(self) -> None:
        """Every weight and bias from U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))."""
        reset_uniform(self)

    def flatten_parameters(self) -> None:
        """PyTorch packs weights for cuDNN here; without cuDNN it is a no-op, as on its CPU."""

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        for name, default in (
            ("num_layers", 1),
            ("bias", True),
            ("batch_first", False),
            ("dropout", 0),
            ("bidirectional", False),
        ):
            if getattr(self, name) != default:
                s += f", {name}={getattr(self, name)}"
        return s

    def forward(self, input, hx: Tensor | tuple[Tensor, Tensor] | None = None) -> tuple:
        """(output, h_n) for RNN/GRU, (output, (h_n, c_n)) for LSTM; hx defaults to zeros.

        A PackedSequence input gives a PackedSequence output, and each sequence's h_n is its
        state after its own last step.
        """
        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx)
        if input.dim() not in (2, 3):
            raise ValueError(self._rank_message.format(name=self.mode, dim=input.dim()))
        batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not batched:
            input = input.unsqueeze(batch_dim)
        states = None if hx is None else self._checked_states(hx, batched)
        states = self._initial_states(input, states, input.shape[batch_dim])
        output, states = self._layers(input.transpose(0, 1) if self.batch_first else input, states)
        if self.batch_first:
            output = output.transpose(0, 1)
        if not batched:
            output = output.squeeze(batch_dim)
            states = tuple(state.squeeze(1) for state in states)
        return output, states[0] if len(states) == 1 else states

    def _forward_packed(self, input: PackedSequence, hx) -> tuple:
        """The packed case: hx and h_n are in the caller's order, sorted for the steps."""
        data, batch_sizes, sorted_indices, unsorted_indices = input
        sizes = batch_sizes.tolist()
        states = None if hx is None else self._checked_states(hx, True)
        if states is not None and sorted_indices is not None:
            states = tuple(state.index_select(1, sorted_indices) for state in states)
        states = self._initial_states(data, states, sizes[0])
        output, states = self._layers(data, states, sizes)
        if unsorted_indices is not None:
            states = tuple(state.index_select(1, unsorted_indices) for state in states)
        output = PackedSequence(output, batch_sizes, sorted_indices, unsorted_indices)
        return output, states[0] if len(states) == 1 else states

    def _initial_states(self, input: Tensor, states: tuple | None, batch: int) -> tuple:
        """The states checked against input's dtype and size (zeros when None)."""
        weight = self.all_weights[0][0]
        if input.dtype != weight.dtype:
            raise ValueError(msg.RNN_DTYPE.format(input=input.dtype, weight=weight.dtype))
        if input.shape[-1] != self.input_size:
            raise RuntimeError(
                msg.RNN_INPUT_SIZE.format(expected=self.input_size, got=input.shape[-1])
            )
        expected = (self.num_layers * self._directions, batch, self.hidden_size)
        if states is None:
            states = tuple(
                zeros(expected, dtype=input.dtype, device=input.device)
                for _ in range(self._state_count)
            )
        for i, state in enumerate(states):
            if tuple(state.shape) != expected:
                name = "hidden" if len(states) == 1 else f"hidden[{i}]"
                raise RuntimeError(
                    msg.RNN_HIDDEN_SIZE.format(name=name, expected=expected, got=list(state.shape))
                )
        return states

    def _checked_states(self, hx, batched: bool) -> tuple:
        """hx as a tuple of 3-D states; PyTorch's error when its rank does not fit the input."""
        states = (hx,) if self._state_count == 1 else tuple(hx)
        rank = 3 if batched else 2
        dims = [state.dim() for state in states]
        if any(d != rank for d in dims):
            text = msg.RNN_HX_RANK if len(states) == 1 else msg.LSTM_HX_RANK
            raise RuntimeError(
                text.format(
                    kind="batched 3-D" if batched else "unbatched 2-D", rank=rank, dims=dims
                )
            )
        return states if batched else tuple(state.unsqueeze(1) for state in states)

    def _layers(self, x: Tensor, states: tuple, sizes: list | None = None) -> tuple:
        """Run x through every layer and direction: time-major (T, N, input_size), or packed
        rows (sum(sizes), input_size) whose step t has sizes[t] sequences."""
        finals = [[] for _ in states]
        step = STEPS[self.mode]
        for layer in range(self.num_layers):
            if layer and self.dropout:
                x = F.dropout(x, self.dropout, self.training)
            outputs = []
            for direction in range(self._directions):
                k = layer * self._directions + direction
                weights = self.all_weights[k]
                w_ih, w_hh, b_ih, b_hh = weights if self.bias else weights + [None, None]
                projected = F.linear(x, w_ih, b_ih)  # the input half of every step at once
                if sizes is None:
                    projected = [projected[t] for t in range(x.shape[0])]
                else:
                    projected = projected.split(sizes)
                out, state = _run(
                    step, projected, tuple(s[k] for s in states), w_hh, b_hh, direction == 1
                )
                outputs.append(stack(out) if sizes is None else cat(out))
                for final, s in zip(finals, state):
                    final.append(s)
            x = cat(outputs, -1) if len(outputs) > 1 else outputs[0]
        return x, tuple(stack(final) for final in finals)


def _run(
    step, projected: list, initial: tuple, w_hh: Tensor, b_hh: Tensor | None, reverse: bool
) -> tuple:
    """(outputs per step, final state) of one direction. When steps have fewer rows than the
    state (packed sequences), the ended sequences' states are set aside (forward) or the
    starting ones join from `initial` (reverse); the final state has every sequence's last."""
    steps = range(len(projected))
    out = [None] * len(projected)
    ended = []
    state = initial
    if reverse and projected and projected[-1].shape[0] < initial[0].shape[0]:
        state = tuple(s[: projected[-1].shape[0]] for s in initial)
    for t in reversed(steps) if reverse else steps:
        rows, held = projected[t].shape[0], state[0].shape[0]
        if rows < held:
            ended.append(tuple(s[rows:] for s in state))
            state = tuple(s[:rows] for s in state)
        elif rows > held:
            state = tuple(cat([s, s0[held:rows]]) for s, s0 in zip(state, initial))
        state = step(projected[t], state, w_hh, b_hh)
        out[t] = state[0]
    if ended:
        state = tuple(cat([s] + [e[i] for e in reversed(ended)]) for i, s in enumerate(state))
    return out, state


class RNN(RNNBase):
    """Elman RNN: h_t = tanh(W_ih x_t + b_ih + W_hh h_{t-1} + b_hh) (or relu)."""

    _rank_message = msg.RNN_INPUT_RANK_TENSOR

    def __init__(self, *args, **kwargs) -> None:
        if "proj_size" in kwargs:
            raise ValueError(msg.RNN_PROJ_NOT_LSTM)
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        modes = {"tanh": "RNN_TANH", "relu": "RNN_RELU"}
        if self.nonlinearity not in modes:
            raise ValueError(msg.RNN_NONLINEARITY.format(nonlinearity=self.nonlinearity))
        super().__init__(modes[self.nonlinearity], *args, **kwargs)


class LSTM(RNNBase):
    """Long short-term memory; gates i, f, g, o stacked in that order in each weight."""

    _state_count = 2

    def __init__(self, *args, **kwargs) -> None:
        super().__init__("LSTM", *args, **kwargs)


class GRU(RNNBase):
    """Gated recurrent unit; gates r, z, n, with n = tanh(W_in x + b_in + r * (W_hn h + b_hn))."""

    def __init__(self, *args, **kwargs) -> None:
        if "proj_size" in kwargs:
            raise ValueError(msg.RNN_PROJ_NOT_LSTM)
        super().__init__("GRU", *args, **kwargs)


class RNNCellBase(Module):
    """PyTorch's cell parameters weight_ih, weight_hh, bias_ih, bias_hh and the checks of one
    step; subclasses name their mode (the step in STEPS) and how many state tensors they keep."""

    _state_count = 1
    _mode: str  # the key of this cell's step in STEPS

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool,
        num_chunks: int,
        device=None,
        dtype=None,
    ) -> None:
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(
            empty((num_chunks * hidden_size, input_size), device=device, dtype=dtype)
        )
        self.weight_hh = Parameter(
            empty((num_chunks * hidden_size, hidden_size), device=device, dtype=dtype)
        )
        for name in ("bias_ih", "bias_hh"):
            if bias:
                setattr(
                    self,
                    name,
                    Parameter(empty(num_chunks * hidden_size, device=device, dtype=dtype)),
                )
            else:
                self.register_parameter(name, None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """Every weight and bias from U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))."""
        reset_uniform(self)

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if getattr(self, "nonlinearity", "tanh") != "tanh":
            s += f", nonlinearity={self.nonlinearity}"
        return s

    def forward(self, input: Tensor, hx: Tensor | tuple[Tensor, Tensor] | None = None):
        """The next hidden state (h' or, for LSTMCell, (h', c')); hx defaults to zeros and
        1-D (unbatched) input gives 1-D states."""
        name = type(self).__name__
        if input.dim() not in (1, 2):
            raise ValueError(msg.RNN_CELL_RANK.format(name=name, what="input", dim=input.dim()))
        if hx is not None:
            states = tuple(hx) if self._state_count > 1 else (hx,)
            for k, state in enumerate(states):
                if state.dim() not in (1, 2):
                    what = f"hx[{k}]" if self._state_count > 1 else "hidden"
                    raise ValueError(
                        msg.RNN_CELL_RANK.format(name=name, what=what, dim=state.dim())
                    )
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            state = zeros(input.shape[0], self.hidden_size, dtype=input.dtype, device=input.device)
            states = (state,) * self._state_count
        elif not batched:
            states = tuple(state.unsqueeze(0) for state in states)
        elif self._state_count > 1 and not isinstance(hx, (tuple, list)):
            raise TypeError(msg.LSTM_CELL_HX_TYPE.format(type=type(hx).__name__))
        step = STEPS[self._mode]
        self._check_sizes(input, states)
        out = step(
            F.linear(input, self.weight_ih, self.bias_ih), states, self.weight_hh, self.bias_hh
        )
        if not batched:
            out = tuple(state.squeeze(0) for state in out)
        return out if self._state_count > 1 else out[0]

    def _check_sizes(self, input: Tensor, states: tuple) -> None:
        """at::*_cell's checks: input_size, then each state's batch size and hidden_size."""
        if input.shape[1] != self.weight_ih.shape[1]:
            raise RuntimeError(
                msg.RNN_CELL_INPUT_SIZE.format(got=input.shape[1], expected=self.weight_ih.shape[1])
            )
        for k, state in enumerate(states):
            if state.shape[0] != input.shape[0]:
                raise RuntimeError(
                    msg.RNN_CELL_BATCH.format(input=input.shape[0], k=k, hidden=state.shape[0])
                )
            if state.shape[1] != self.weight_hh.shape[1]:
                raise RuntimeError(
                    msg.RNN_CELL_HIDDEN_SIZE.format(
                        k=k, got=state.shape[1], expected=self.weight_hh.shape[1]
                    )
                )


class RNNCell(RNNCellBase):
    """h' = tanh(W_ih x + b_ih + W_hh h + b_hh) (or relu)."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        nonlinearity: str = "tanh",
        device=None,
        dtype=None,
    ) -> None:
        super().__init__(input_size, hidden_size, bias, 1, device, dtype)
        self.nonlinearity = nonlinearity

    @property
    def _mode(self) -> str:
        modes = {"tanh": "RNN_TANH", "relu": "RNN_RELU"}
        if self.nonlinearity not in modes:
            raise RuntimeError(msg.RNN_CELL_NONLINEARITY.format(nonlinearity=self.nonlinearity))
        return modes[self.nonlinearity]


class LSTMCell(RNNCellBase):
    """One LSTM step: (h', c') from input and (h, c); gates i, f, g, o."""

    _state_count = 2
    _mode = "LSTM"

    def __init__(
        self, input_size: int, hidden_size: int, bias: bool = True, device=None, dtype=None
    ) -> None:
        super().__init__(input_size, hidden_size, bias, _GATES["LSTM"], device, dtype)


class GRUCell(RNNCellBase):
    """One GRU step: h' from input and h; gates r, z, n."""

    _mode = "GRU"

    def __init__(
        self, input_size: int, hidden_size: int, bias: bool = True, device=None, dtype=None
    ) -> None:
        super().__init__(input_size, hidden_size, bias, _GATES["GRU"], device, dtype)
