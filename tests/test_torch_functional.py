"""`import torch.functional` (PyTorch's module of einsum, split, norm, meshgrid, ...): the functions
autograd_nb has are there, and are the torch.* ones."""

import autograd_nb as torch
import autograd_nb.functional as TF

# PyTorch 2.13's torch.functional.__all__
PYTORCH_ALL = [
    "atleast_1d", "atleast_2d", "atleast_3d", "broadcast_shapes", "broadcast_tensors",
    "cartesian_prod", "block_diag", "cdist", "chain_matmul", "einsum", "istft", "lu", "norm",
    "meshgrid", "pca_lowrank", "split", "stft", "svd_lowrank", "tensordot", "unique",
    "unique_consecutive", "unravel_index",
]  # fmt: skip


def test_every_torch_function_we_have_is_there():
    ours = [name for name in PYTORCH_ALL if hasattr(torch, name)]
    assert TF.__all__ and set(TF.__all__) == set(ours)
    for name in TF.__all__:
        assert getattr(TF, name) is getattr(torch, name)
    assert torch.functional is TF


def test_functions_work_through_the_module():
    assert TF.einsum("ij->j", torch.ones(2, 3)).tolist() == [2.0, 2.0, 2.0]
    assert [t.tolist() for t in TF.split(torch.arange(5), 2)] == [[0, 1], [2, 3], [4]]
    xs, ys = TF.meshgrid(torch.arange(2), torch.arange(3), indexing="ij")
    assert xs.shape == ys.shape == (2, 3)
    assert TF.norm(torch.tensor([3.0, 4.0])).item() == 5.0
    a, b = TF.broadcast_tensors(torch.ones(2, 1), torch.ones(3))
    assert a.shape == b.shape == (2, 3)
