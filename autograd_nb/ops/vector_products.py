"""Products of vectors and chains of matrices: `inner`, `addr` (beta * input + alpha * the outer
product) and `chain_matmul`, built on linalg.py's products (add-product ops share its node)."""

from __future__ import annotations

import warnings

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, tensor_method
from ._helpers import check_tensor, result_dtype
from .inplace import inplace_method
from .linalg import _add_product, _add_product_args, _AddProductNode, _contract, mm, mv
from .out import with_out


class AddrBackward0(_AddProductNode):
    __slots__ = ()
    _saved_names = ("vec1", "vec2")

    def _product_grads(self, grad, vec1, vec2) -> tuple:
        return (
            mv(grad, vec2) if self.needs_input_grad(1) else None,
            mv(grad.mT, vec1) if self.needs_input_grad(2) else None,
        )


@with_out
@tensor_method("addr")
def addr(input, vec1, vec2, *, beta=1, alpha=1) -> Tensor:
    """beta * input + alpha * outer(vec1, vec2), input broadcast to the outer product's shape."""
    c, a, b = _add_product_args("addr", input, vec1, vec2, ("vec1", "vec2"))
    for name, v in (("vec1", a), ("vec2", b)):
        if v._data.ndim != 1:
            raise RuntimeError(msg.ADDR_1D.format(name=name, dim=v._data.ndim))
    dtype = result_dtype(c, a, b)
    if not dtype.is_floating_point and isinstance(alpha, float):
        raise RuntimeError(msg.ALPHA_INTEGRAL)
    c, a, b = (t if t.dtype is dtype else t.to(dtype) for t in (c, a, b))
    xp = c._backend.xp
    product = xp.expand_dims(a._data, axis=1) * xp.expand_dims(b._data, axis=0)
    shape = (a._data.shape[0], b._data.shape[0])
    return _add_product(AddrBackward0, c, a, b, product, shape, beta, alpha)


@with_out
@tensor_method("inner")
def inner(input, other) -> Tensor:
    """The sums of products over the last dims of both (a product when either is 0-d)."""
    a = check_tensor(input, "inner")
    b = check_tensor(other, "inner", "other", 2)
    if a._data.ndim == 0 or b._data.ndim == 0:
        return a * b
    if a.dtype is not b.dtype:
        raise RuntimeError(msg.SAME_DTYPE_INPUTS)
    if a.dtype is dtypes.bool:
        rows = (a.numel() // a.shape[-1], b.numel() // b.shape[-1])
        kernel = "dot" if rows == (1, 1) else "addmm_impl_cpu_"  # a 1x1 product takes dot
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel=kernel, dtype="Bool"))
    if a.shape[-1] != b.shape[-1]:
        raise RuntimeError(msg.INNER_SHAPES.format(a=list(a.shape), b=list(b.shape)))
    return _contract(a, b, [a.dim() - 1], [b.dim() - 1])


_WARNED_ONCE: set = set()  # PyTorch's TORCH_WARN_ONCE: each such warning once per process


@with_out
def chain_matmul(*matrices) -> Tensor:
    """The product of the matrices in order (deprecated in PyTorch for linalg.multi_dot)."""
    if "chain_matmul" not in _WARNED_ONCE:
        _WARNED_ONCE.add("chain_matmul")
        warnings.warn(msg.CHAIN_MATMUL_DEPRECATED, UserWarning, stacklevel=2)
    if not matrices:
        raise RuntimeError(msg.CHAIN_MATMUL_EMPTY)
    for m in matrices:
        check_tensor(m, "chain_matmul", "matrices", 1)
        if m._data.ndim != 2:
            raise RuntimeError(msg.MATRIX_DIM.format(dim=m._data.ndim))
    if len(matrices) > 1 and matrices[0].dtype is dtypes.bool:
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel="addmm_impl_cpu_", dtype="Bool"))
    if len(matrices) == 1:
        return matrices[0].clone()
    product = matrices[0]
    for m in matrices[1:]:
        product = mm(product, m)
    return product.view(product.shape)  # PyTorch's multi_dot ends with a view


addr_ = inplace_method("addr", "beta * self + alpha * outer(vec1, vec2), in place.")


__all__ = ["addr", "chain_matmul", "inner"]
