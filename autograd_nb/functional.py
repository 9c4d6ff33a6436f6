"""`torch.functional`: the module where PyTorch defines einsum, split, norm, meshgrid and a few
more; the same functions as `torch.*` (those autograd_nb has), so `import torch.functional as F`
code runs. (Layers' functions are in `torch.nn.functional`.)"""

from .ops import (
    atleast_1d,
    atleast_2d,
    atleast_3d,
    block_diag,
    broadcast_shapes,
    broadcast_tensors,
    cartesian_prod,
    cdist,
    chain_matmul,
    einsum,
    lu,
    meshgrid,
    norm,
    split,
    tensordot,
    unique,
    unique_consecutive,
    unravel_index,
)

__all__ = [
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "broadcast_shapes",
    "broadcast_tensors",
    "cartesian_prod",
    "block_diag",
    "cdist",
    "chain_matmul",
    "einsum",
    "lu",
    "norm",
    "meshgrid",
    "split",
    "tensordot",
    "unique",
    "unique_consecutive",
    "unravel_index",
]
