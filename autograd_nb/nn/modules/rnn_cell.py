"""RNNCell, LSTMCell and GRUCell: one time step of RNN, LSTM and GRU (the same step math)."""

from __future__ import annotations

from ... import _messages as msg
from ..._creation import empty, zeros
from ..._tensor import Tensor
from .. import functional as F
from ..parameter import Parameter
from .module import Module
from .rnn import _GATES, STEPS, reset_uniform

__all__ = ["GRUCell", "LSTMCell", "RNNCell", "RNNCellBase"]


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
