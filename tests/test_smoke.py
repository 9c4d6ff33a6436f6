"""The lesson-000 graph `y = (x1 + x2) * (x2 - x3 - x4)`: the sum over all paths."""

import autograd_nb as torch


def test_gradient_is_sum_over_paths(device):
    x1, x2, x3, x4 = (
        torch.tensor([v], requires_grad=True, device=device) for v in (1.0, 2.0, 3.0, 4.0)
    )
    f = x1 + x2
    g = x2 - x3 - x4
    y = f * g
    y.backward()
    assert [t.grad.item() for t in (x1, x2, x3, x4)] == [-5.0, -2.0, -3.0, -3.0]
    assert [t.is_leaf for t in (x1, x2, x3, x4, f, g, y)] == [True] * 4 + [False] * 3
    assert y.device.type == device and y.is_cuda == (device == "cuda")
