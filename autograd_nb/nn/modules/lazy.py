"""Lazy modules: layers whose input size is read from the first batch (`nn.LazyLinear(10)`).

A lazy layer is built like its eager class with size 0 and UninitializedParameter placeholders.
A forward pre-hook runs `initialize_parameters(input)` on the first call: it materializes the
placeholders in place (so optimizers built before keep working), initialises them as the eager
layer does, removes itself and turns the module into `cls_to_become` (`LazyLinear` becomes
`Linear`), as PyTorch's LazyModuleMixin does. `load_state_dict` materializes placeholders from the
shapes it loads; `state_dict` hands the placeholders themselves out until then.
"""

from __future__ import annotations

import itertools

from ... import _messages as msg
from ... import dtypes
from ..._creation import tensor
from ..._tensor import Tensor
from ...autograd.grad_mode import no_grad
from ..parameter import UninitializedBuffer, UninitializedParameter, is_lazy
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from .conv import Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d
from .instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from .linear import Linear

__all__ = [
    "LazyModuleMixin",
    "LazyLinear",
    "LazyConv1d",
    "LazyConv2d",
    "LazyConv3d",
    "LazyConvTranspose1d",
    "LazyConvTranspose2d",
    "LazyConvTranspose3d",
    "LazyBatchNorm1d",
    "LazyBatchNorm2d",
    "LazyBatchNorm3d",
    "LazyInstanceNorm1d",
    "LazyInstanceNorm2d",
    "LazyInstanceNorm3d",
]


class LazyModuleMixin:
    """Put first among a lazy layer's bases; the layer defines `initialize_parameters(input)`
    and `cls_to_become`."""

    cls_to_become: type | None = None

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._initialize_hook = self.register_forward_pre_hook(
            self._infer_parameters, with_kwargs=True
        )

    def has_uninitialized_params(self) -> bool:
        """Whether a parameter or buffer of this module is still a placeholder."""
        return any(
            is_lazy(t) for t in itertools.chain(self._parameters.values(), self._buffers.values())
        )

    def initialize_parameters(self, *args, **kwargs) -> None:
        """Materialize and initialise the placeholders from the first input."""
        raise NotImplementedError(msg.LAZY_NO_INITIALIZE.format(name=type(self).__name__))

    @staticmethod
    def _infer_parameters(module, args: tuple, kwargs: dict | None = None) -> None:
        """The forward pre-hook: initialize from the first input, then become the eager class."""
        module.initialize_parameters(*args, **(kwargs or {}))
        if module.has_uninitialized_params():
            raise RuntimeError(msg.LAZY_NOT_INITIALIZED.format(name=module._get_name()))
        module._initialize_hook.remove()
        del module._initialize_hook
        if module.cls_to_become is not None:
            module.__class__ = module.cls_to_become

    def _save_to_state_dict(self, destination: dict, prefix: str, keep_vars: bool) -> None:
        for name, value in itertools.chain(self._parameters.items(), self._buffers.items()):
            if value is None or name in self._non_persistent_buffers_set:
                continue
            destination[prefix + name] = value if keep_vars or is_lazy(value) else value.detach()

    def _load_from_state_dict(
        self, state_dict, prefix, local_metadata, strict, missing_keys, *rest
    ) -> list:
        """Materialize placeholders to the shapes loaded; a placeholder loaded into a
        placeholder is left as it is. Returns the writes to make (see Module's)."""
        both_lazy = set()
        for name, value in itertools.chain(self._parameters.items(), self._buffers.items()):
            key = prefix + name
            loaded = state_dict.get(key)
            if is_lazy(value) and is_lazy(loaded):
                both_lazy.add(key)
            elif is_lazy(value) and isinstance(loaded, Tensor):
                with no_grad():
                    value.materialize(loaded.shape)
        if both_lazy:
            state_dict = {k: v for k, v in state_dict.items() if k not in both_lazy}
        writes = super()._load_from_state_dict(
            state_dict, prefix, local_metadata, strict, missing_keys, *rest
        )
        missing_keys[:] = [key for key in missing_keys if key not in both_lazy]
        return writes


class LazyLinear(LazyModuleMixin, Linear):
    """A Linear layer whose in_features is the last dimension of the first input."""

    cls_to_become = Linear

    def __init__(self, out_features: int, bias: bool = True, device=None, dtype=None) -> None:
        super().__init__(0, 0, False)
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)

    def reset_parameters(self) -> None:
        """Linear's initialisation, once the shape is known."""
        if not self.has_uninitialized_params() and self.in_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input: Tensor) -> None:
        """in_features = input.shape[-1]; materialize and initialise weight and bias."""
        if self.has_uninitialized_params():
            with no_grad():
                self.in_features = input.shape[-1]
                self.weight.materialize((self.out_features, self.in_features))
                if self.bias is not None:
                    self.bias.materialize((self.out_features,))
                self.reset_parameters()


class _LazyConvXdMixin(LazyModuleMixin):
    """What the lazy convolutions share: in_channels is the first input's channel dimension."""

    _spatial_dims = 2

    def _make_lazy(self, out_channels: int, bias: bool, device, dtype) -> None:
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_channels = out_channels
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)

    def reset_parameters(self) -> None:
        """The convolution's initialisation, once the shape is known."""
        if not self.has_uninitialized_params() and self.in_channels != 0:
            super().reset_parameters()

    def _get_in_channels(self, input: Tensor) -> int:
        no_batch = self._spatial_dims + 1
        if input.dim() not in (no_batch, no_batch + 1):
            raise RuntimeError(
                msg.LAZY_CONV_INPUT_DIM.format(
                    no_batch=no_batch,
                    batch=no_batch + 1,
                    name=type(self).__name__,
                    shape=input.shape,
                )
            )
        return input.shape[1] if input.dim() == no_batch + 1 else input.shape[0]

    def initialize_parameters(self, input: Tensor, *args, **kwargs) -> None:
        """in_channels from the input; materialize and initialise weight and bias."""
        if self.has_uninitialized_params():
            self.in_channels = self._get_in_channels(input)
            if self.in_channels % self.groups != 0:
                raise ValueError(msg.LAZY_CONV_GROUPS)
            with no_grad():
                self.weight.materialize(self._weight_shape())
                if self.bias is not None:
                    self.bias.materialize((self.out_channels,))
                self.reset_parameters()


def _lazy_conv(eager: type, spatial_dims: int) -> type:
    """The lazy class of a convolution layer: its arguments without in_channels."""

    class LazyConv(_LazyConvXdMixin, eager):
        cls_to_become = eager
        _spatial_dims = spatial_dims

        def __init__(
            self,
            out_channels: int,
            kernel_size,
            stride=1,
            padding=0,
            dilation=1,
            groups: int = 1,
            bias: bool = True,
            padding_mode: str = "zeros",
            device=None,
            dtype=None,
        ) -> None:
            super().__init__(
                0, 0, kernel_size, stride, padding, dilation, groups, False, padding_mode
            )
            self._make_lazy(out_channels, bias, device, dtype)

    LazyConv.__name__ = LazyConv.__qualname__ = "Lazy" + eager.__name__
    LazyConv.__doc__ = f"A {eager.__name__} whose in_channels is read from the first input."
    return LazyConv


def _lazy_conv_transpose(eager: type, spatial_dims: int) -> type:
    """The lazy class of a transposed convolution: its arguments without in_channels."""

    class LazyConvTranspose(_LazyConvXdMixin, eager):
        cls_to_become = eager
        _spatial_dims = spatial_dims

        def __init__(
            self,
            out_channels: int,
            kernel_size,
            stride=1,
            padding=0,
            output_padding=0,
            groups: int = 1,
            bias: bool = True,
            dilation=1,
            padding_mode: str = "zeros",
            device=None,
            dtype=None,
        ) -> None:
            super().__init__(
                0,
                0,
                kernel_size,
                stride,
                padding,
                output_padding,
                groups,
                False,
                dilation,
                padding_mode,
            )
            self._make_lazy(out_channels, bias, device, dtype)

    LazyConvTranspose.__name__ = LazyConvTranspose.__qualname__ = "Lazy" + eager.__name__
    LazyConvTranspose.__doc__ = f"A {eager.__name__} whose in_channels is read from the input."
    return LazyConvTranspose


LazyConv1d = _lazy_conv(Conv1d, 1)
LazyConv2d = _lazy_conv(Conv2d, 2)
LazyConv3d = _lazy_conv(Conv3d, 3)
LazyConvTranspose1d = _lazy_conv_transpose(ConvTranspose1d, 1)
LazyConvTranspose2d = _lazy_conv_transpose(ConvTranspose2d, 2)
LazyConvTranspose3d = _lazy_conv_transpose(ConvTranspose3d, 3)


class _LazyNormBase(LazyModuleMixin):
    """What the lazy normalisations share: num_features is the first input's dimension 1."""

    def __init__(
        self,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        device=None,
        dtype=None,
        *,
        bias: bool = True,
    ) -> None:
        super().__init__(0, eps, momentum, False, False, device, dtype, bias=False)
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = UninitializedParameter(device=device, dtype=dtype)
            if bias:
                self.bias = UninitializedParameter(device=device, dtype=dtype)
        if track_running_stats:
            self.running_mean = UninitializedBuffer(device=device, dtype=dtype)
            self.running_var = UninitializedBuffer(device=device, dtype=dtype)
            self.num_batches_tracked = tensor(0, dtype=dtypes.int64, device=device)

    def reset_parameters(self) -> None:
        """The layer's initialisation (ones, zeros, running statistics), once sized."""
        if not self.has_uninitialized_params() and self.num_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input: Tensor) -> None:
        """num_features = input.shape[1]; materialize and initialise the rest."""
        if self.has_uninitialized_params():
            self.num_features = input.shape[1]
            with no_grad():
                for value in itertools.chain(self._parameters.values(), self._buffers.values()):
                    if is_lazy(value):
                        value.materialize((self.num_features,))
                self.reset_parameters()


def _lazy_norm(eager: type) -> type:
    """The lazy class of a normalisation layer: its arguments without num_features."""
    lazy = type(
        "Lazy" + eager.__name__,
        (_LazyNormBase, eager),
        {
            "cls_to_become": eager,
            "__module__": __name__,
            "__doc__": f"A {eager.__name__} whose num_features is read from the first input.",
        },
    )
    return lazy


LazyBatchNorm1d = _lazy_norm(BatchNorm1d)
LazyBatchNorm2d = _lazy_norm(BatchNorm2d)
LazyBatchNorm3d = _lazy_norm(BatchNorm3d)
LazyInstanceNorm1d = _lazy_norm(InstanceNorm1d)
LazyInstanceNorm2d = _lazy_norm(InstanceNorm2d)
LazyInstanceNorm3d = _lazy_norm(InstanceNorm3d)
