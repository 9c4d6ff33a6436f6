"""BatchNorm1d, BatchNorm2d and BatchNorm3d: normalise each channel over the batch, keeping
running statistics."""

from __future__ import annotations

from ... import _messages as msg
from ... import dtypes
from ..._creation import empty, ones, tensor, zeros
from ..._tensor import Tensor
from ...autograd.undo import UndoLog
from .. import functional as F
from .. import init
from ..parameter import Parameter
from .module import Module

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm"]


class _BatchNorm(Module):
    """What BatchNorm1d/2d share; they differ only in the input ranks they accept."""

    _version = 2  # PyTorch's state_dict metadata version for norm layers (num_batches_tracked)
    _expected = ""

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        device=None,
        dtype=None,
        *,
        bias: bool = True,
    ) -> None:
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = Parameter(empty(num_features, device=device, dtype=dtype))
            if bias:
                self.bias = Parameter(empty(num_features, device=device, dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", zeros(num_features, device=device, dtype=dtype))
            self.register_buffer("running_var", ones(num_features, device=device, dtype=dtype))
            self.register_buffer(
                "num_batches_tracked", tensor(0, dtype=dtypes.int64, device=device)
            )
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)
        self.reset_parameters()

    def _load_from_state_dict(
        self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs
    ):
        """As PyTorch: a state_dict without version metadata (a plain dict, or one saved before
        num_batches_tracked existed) may leave it out; the current count is kept."""
        version = local_metadata.get("version", None)
        key = prefix + "num_batches_tracked"
        if (version is None or version < 2) and self.track_running_stats and key not in state_dict:
            state_dict[key] = self.num_batches_tracked
        return super()._load_from_state_dict(
            state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs
        )

    def reset_running_stats(self) -> None:
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self) -> None:
        """Running stats to (0, 1, 0); weight to ones and bias to zeros."""
        self.reset_running_stats()
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def _check_input_dim(self, input: Tensor) -> None:
        raise NotImplementedError

    def forward(self, input: Tensor) -> Tensor:
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        counting = (
            self.training and self.track_running_stats and self.num_batches_tracked is not None
        )
        if counting and self.momentum is None:  # a cumulative moving average
            factor = 1.0 / (float(self.num_batches_tracked) + 1)
        use_batch = self.training or (self.running_mean is None and self.running_var is None)
        keep = not self.training or self.track_running_stats
        undo = UndoLog()  # the statistics and the count change together, or not at all
        try:
            if counting:
                undo.values(self.num_batches_tracked)
                for running in (self.running_mean, self.running_var):
                    if running is not None:
                        undo.values(running)
            out = F.batch_norm(
                input,
                self.running_mean if keep else None,
                self.running_var if keep else None,
                self.weight,
                self.bias,
                use_batch,
                factor,
                self.eps,
            )
            if counting:  # only once the batch is normalised: a failing forward counts nothing
                self.num_batches_tracked.add_(1)
        except BaseException:
            undo.undo()
            raise
        return out

    def extra_repr(self) -> str:
        return (
            f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
            f"affine={self.affine}, bias={self.bias is not None}, "
            f"track_running_stats={self.track_running_stats}"
        )


class BatchNorm1d(_BatchNorm):
    """Batch normalization of (N, C) or (N, C, L) inputs over N (and L)."""

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() not in (2, 3):
            raise ValueError(msg.BN_MODULE_DIM.format(expected="2D or 3D", got=input.dim()))


class BatchNorm2d(_BatchNorm):
    """Batch normalization of (N, C, H, W) inputs over N, H and W."""

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() != 4:
            raise ValueError(msg.BN_MODULE_DIM.format(expected="4D", got=input.dim()))


class BatchNorm3d(_BatchNorm):
    """Batch normalization of (N, C, D, H, W) inputs over N, D, H and W."""

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() != 5:
            raise ValueError(msg.BN_MODULE_DIM.format(expected="5D", got=input.dim()))


class SyncBatchNorm(_BatchNorm):
    """Batch normalization synchronised across processes in distributed training; in a single
    process (as here: autograd_nb has no process groups) it is batch_norm over (N, C, *)."""

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float | None = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        process_group=None,
        device=None,
        dtype=None,
        *,
        bias: bool = True,
    ) -> None:
        super().__init__(
            num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias
        )
        self.process_group = process_group

    def _check_input_dim(self, input: Tensor) -> None:
        if input.dim() < 2:
            raise ValueError(msg.SYNC_BN_DIM.format(ndim=input.dim()))

    @classmethod
    def convert_sync_batchnorm(cls, module: Module, process_group=None) -> Module:
        """`module` with every BatchNorm*d layer in it replaced by a SyncBatchNorm sharing its
        parameters and running statistics."""
        output = module
        if isinstance(module, _BatchNorm):
            output = cls(
                module.num_features,
                module.eps,
                module.momentum,
                module.affine,
                module.track_running_stats,
                process_group,
            )
            if module.affine:
                output.weight = module.weight
                output.bias = module.bias
            output.running_mean = module.running_mean
            output.running_var = module.running_var
            output.num_batches_tracked = module.num_batches_tracked
            output.training = module.training
        for name, child in module.named_children():
            output.add_module(name, cls.convert_sync_batchnorm(child, process_group))
        return output
