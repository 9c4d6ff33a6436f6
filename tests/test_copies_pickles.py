"""copy.copy, copy.deepcopy and pickle of tensors as PyTorch 2.13 does them: a shallow copy
shares storage, a deep copy keeps views of one storage views of one (new) storage, a pickled view
keeps its strides and offset. Expected values were printed by PyTorch 2.13 for the same code."""

import copy
import pickle

import pytest

import autograd_nb as torch
from autograd_nb import nn


def test_copy_shares_storage_and_is_a_new_leaf():
    base = torch.arange(6.0)
    shallow = copy.copy(base)
    shallow[0] = 100.0
    assert base[0].item() == 100.0  # PyTorch 2.13: 100.0
    assert shallow.is_leaf and shallow._base is None and shallow is not base
    x = torch.ones(3, requires_grad=True)
    x.grad = torch.ones(3)
    copied = copy.copy(x)  # PyTorch 2.13: requires_grad True, no grad, a leaf
    assert copied.requires_grad and copied.grad is None and copied.is_leaf
    assert copied.data_ptr() == x.data_ptr()
    y = x * 2
    from_graph = copy.copy(y)  # PyTorch 2.13: a leaf requiring grad, no grad_fn
    assert from_graph.requires_grad and from_graph.grad_fn is None and from_graph.is_leaf
    p = nn.Parameter(torch.ones(2))
    p_copy = copy.copy(p)
    assert type(p_copy) is nn.Parameter and p_copy.data_ptr() == p.data_ptr()


def test_deepcopy_keeps_views_of_one_storage_together():
    base = torch.arange(6.0)
    new_base, new_view = copy.deepcopy([base, base[2:]])
    new_base[3] = -1.0
    assert new_view.tolist() == [2.0, -1.0, 4.0, 5.0]  # PyTorch 2.13
    assert new_view.storage_offset() == 2 and not new_view._is_view() and new_view._base is None
    assert base.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]  # the original is untouched
    transposed = base.view(2, 3).t()
    again = copy.deepcopy(transposed)
    assert again.stride() == (1, 3) and again.tolist() == transposed.tolist()
    expanded = copy.deepcopy(base[0:1].expand(3))
    assert expanded.stride() == (0,)  # PyTorch 2.13: (0,)


def test_deepcopy_of_a_non_leaf_is_pytorchs_error():
    y = torch.ones(2, requires_grad=True) * 2
    with pytest.raises(RuntimeError, match="^Only Tensors created explicitly by the user"):
        copy.deepcopy(y)


def test_a_pickled_view_keeps_its_strides_offset_and_storage(device):
    base = torch.arange(6.0, device=device)
    view = base.view(2, 3).t()[1:]
    loaded = pickle.loads(pickle.dumps(view))
    assert loaded.tolist() == view.tolist() and loaded.device == base.device
    assert loaded.stride() == (1, 3) and loaded.storage_offset() == 1  # PyTorch 2.13
    assert loaded.untyped_storage().nbytes() == 24 and not loaded.is_contiguous()
    pair = pickle.loads(pickle.dumps([base, base[2:]]))
    pair[0][2] = 55.0
    assert pair[1][0].item() == 2.0  # PyTorch 2.13: each pickled tensor has its own storage
    empty = pickle.loads(pickle.dumps(torch.zeros(0, 3)))
    assert empty.shape == (0, 3)
    small = pickle.loads(pickle.dumps(torch.tensor(3, dtype=torch.int8)))
    assert small.dtype == torch.int8 and small.item() == 3
    leaf = pickle.loads(pickle.dumps(torch.ones(2, requires_grad=True)))
    assert leaf.requires_grad and leaf.is_leaf
