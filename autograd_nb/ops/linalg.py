"""Matrix products: `matmul` (`@`), `mm`, `bmm`, `mv`, `dot`, `vdot`, `outer`, `addmm`.

`matmul` dispatches on the operands' dims as PyTorch's at::matmul does: 1-D @ 1-D is `dot`,
2-D @ 1-D is `mv`, 2-D @ 2-D is `mm`, and batches are folded into `mm` or broadcast into `bmm`;
so `x @ w` shows the same grad_fn as in PyTorch (MmBackward0, UnsafeViewBackward0, ...).
Backward functions are written with these same ops, so second derivatives work.
"""

from __future__ import annotations

import math
import warnings

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, make_tensor, tensor_method
from ..autograd.node import Node
from ._helpers import (
    broadcast_shapes,
    check_same_device,
    check_tensor,
    is_half,
    matmul_data,
    operand_error,
    opmath_arrays,
    record,
    result_dtype,
    scalar_for,
)
from .inplace import apply_inplace, inplace_method
from .out import with_out

_CPP_NAMES = {  # how PyTorch's C++ spells dtypes in the mm dtype error
    "float32": "float",
    "float64": "double",
    "float16": "c10::Half",
    "bfloat16": "c10::BFloat16",
    "int64": "long int",
    "int32": "int",
    "int16": "short int",
    "int8": "signed char",
    "uint8": "unsigned char",
    "bool": "bool",
}


def _scalar_name(t: Tensor) -> str:
    return t.dtype.legacy_name[:-6]  # FloatTensor -> Float


def _same_device(op: str, arg: str, first: Tensor, other: Tensor) -> None:
    """PyTorch's dispatcher check: the common device is the first tensor's."""
    check_same_device(f"wrapper_CUDA_{op}", arg, first, other)


# --- dot / vdot -----------------------------------------------------------------------------------
def _refuse_bool(t: Tensor, kernel: str) -> None:
    """PyTorch's CPU matrix kernels have no bool version: its NotImplementedError."""
    if t.dtype is dtypes.bool:
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel=kernel, dtype="Bool"))


class DotBackward0(Node):
    _saved_names = ("self", "tensor")

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        return (
            grad * b if self.needs_input_grad(0) else None,
            grad * a if self.needs_input_grad(1) else None,
        )


class VdotBackward0(DotBackward0):
    _saved_names = ("self", "other")


def _check_vectors(a: Tensor, b: Tensor, op: str, arg: str) -> None:
    _same_device(op, arg, a, b)
    if a._data.ndim != 1 or b._data.ndim != 1:
        raise RuntimeError(msg.DOT_1D.format(a=a._data.ndim, b=b._data.ndim))
    if a.dtype is not b.dtype:
        raise RuntimeError(msg.DOT_DTYPES.format(a=_scalar_name(a), b=_scalar_name(b)))
    if a._data.shape[0] != b._data.shape[0]:
        raise RuntimeError(msg.DOT_SIZES.format(a=a._data.shape[0], b=b._data.shape[0]))


@with_out
@tensor_method("dot")
def dot(input, tensor) -> Tensor:
    """The inner product of two 1-D tensors of the same dtype and length."""
    a = check_tensor(input, "dot")
    b = check_tensor(tensor, "dot", "tensor", 2)
    _check_vectors(a, b, "_dot", "tensor")
    _refuse_bool(a, "dot")
    data = a._backend.xp.vecdot(a._data, b._data)
    return record(DotBackward0, (a, b), data, a._backend, crosswise(a, b))


@with_out
@tensor_method("vdot")
def vdot(input, other) -> Tensor:
    """dot of the conjugate of `input` with `other` (the same as dot for real tensors)."""
    a = check_tensor(input, "vdot")
    b = check_tensor(other, "vdot", "other", 2)
    _check_vectors(a, b, "_vdot", "other")
    data = a._backend.xp.vecdot(a._data, b._data)
    return record(VdotBackward0, (a, b), data, a._backend, crosswise(a, b))


def crosswise(a: Tensor, b: Tensor) -> tuple:
    """What a product's node saves of its two factors: each only where the other factor's
    gradient reads it, else None. PyTorch saves no more, so a factor changed in place after the
    product is an error only when a gradient needs it (say, `x` of `x @ w` where w needs one)."""
    return (a if b._requires_grad else None, b if a._requires_grad else None)


# --- mm / mv / bmm / addmm ------------------------------------------------------------------------
def _mm_grads(grad: Tensor, a, b, need_a: bool, need_b: bool, layouts: tuple) -> tuple:
    """(grad @ b^T, a^T @ grad), each only if needed: the gradients of the product a @ b.

    Each gradient is laid out as its input is (`layouts`: whether a, b are column-major): when
    that is a transposed view (nn.Linear's `weight.t()`), it is computed transposed too, as
    PyTorch's mm_mat1/mat2_backward do, so that the weight's own gradient comes out row-major.
    """
    grad_a = grad_b = None
    if need_a:
        grad_a = mm(b, grad.mT).mT if layouts[0] else mm(grad, b.mT)
    if need_b:
        grad_b = mm(grad.mT, a).mT if layouts[1] else mm(a.mT, grad)
    return grad_a, grad_b


def _layouts(a: Tensor, b: Tensor) -> dict:
    """A product node's state `layouts`: whether each factor that needs a gradient is a
    column-major matrix (its gradient is computed in that layout, see _mm_grads)."""
    return {
        "layouts": (a._requires_grad and _column_major(a), b._requires_grad and _column_major(b))
    }


def _column_major(t: Tensor) -> bool:
    """Whether the matrix `t` is a transposed view of a row-major one."""
    x, contiguous = t._data, t._backend.is_contiguous
    return x.ndim == 2 and not contiguous(x) and contiguous(x.mT)


class MmBackward0(Node):
    """d(A @ B): grad @ B^T for A, A^T @ grad for B."""

    _saved_names = ("self", "mat2")

    __slots__ = ("_layouts",)

    def backward(self, grad):
        edges = self._edges
        a, b = self._unpack(0), self._unpack(1)
        return _mm_grads(grad, a, b, edges[0] is not None, edges[2] is not None, self._layouts)


def _check_matrices(a: Tensor, b: Tensor) -> None:
    _same_device("mm", "mat2", a, b)
    if a._data.ndim != 2:
        raise RuntimeError(msg.MM_2D.format(name="self"))
    if b._data.ndim != 2:
        raise RuntimeError(msg.MM_2D.format(name="mat2"))
    (n, m), (m2, p) = a._data.shape, b._data.shape
    if m != m2:
        raise RuntimeError(msg.MM_SHAPES.format(a0=n, a1=m, b0=m2, b1=p))
    if a.dtype is not b.dtype:
        raise RuntimeError(
            msg.MM_DTYPES.format(
                a=_CPP_NAMES.get(a.dtype.name, a.dtype.name),
                b=_CPP_NAMES.get(b.dtype.name, b.dtype.name),
            )
        )


@with_out
@tensor_method("mm")
def mm(input, mat2) -> Tensor:
    """The matrix product of two 2-D tensors (n x m) @ (m x p) -> (n x p)."""
    return _mm(check_tensor(input, "mm"), check_tensor(mat2, "mm", "mat2", 2))


def _mm(a: Tensor, b: Tensor) -> Tensor:
    """mm of two tensors; PyTorch's checks run only when the plain case does not hold."""
    x, w = a._data, b._data
    backend = a._backend
    if not (
        b._backend is backend
        and x.ndim == 2
        and w.ndim == 2
        and x.dtype is w.dtype
        and x.shape[1] == w.shape[0]
    ):
        _check_matrices(a, b)  # PyTorch's error, unless the dtypes are equal but not identical
    _refuse_bool(a, "addmm_impl_cpu_")
    data = matmul_data(backend.xp, x, w)
    return record(MmBackward0, (a, b), data, backend, crosswise(a, b), state=_layouts(a, b))


class MvBackward0(Node):
    """d(A @ v): outer(grad, v) for A, A^T @ grad for v."""

    _saved_names = ("self", "vec")

    def backward(self, grad):
        a, v = self._unpack(0), self._unpack(1)
        return (
            outer(grad, v) if self.needs_input_grad(0) else None,
            mv(a.mT, grad) if self.needs_input_grad(1) else None,
        )


@with_out
@tensor_method("mv")
def mv(input, vec) -> Tensor:
    """The product of a matrix (n x m) and a vector (m) -> (n)."""
    a = check_tensor(input, "mv")
    v = check_tensor(vec, "mv", "vec", 2)
    _same_device("mv", "vec", a, v)
    if a._data.ndim != 2 or v._data.ndim != 1:
        raise RuntimeError(msg.MV_DIMS.format(input=1, a=a._data.ndim, b=v._data.ndim))
    if a.dtype is not v.dtype:
        raise RuntimeError(
            msg.MV_DTYPES.format(a=_scalar_name(v), b=_scalar_name(a), c=_scalar_name(v))
        )
    n, m = a._data.shape
    if m != v._data.shape[0]:
        raise RuntimeError(msg.MV_SHAPES.format(input=n, rows=n, cols=m, n=v._data.shape[0]))
    _refuse_bool(a, "addmv_impl_cpu")
    data = matmul_data(a._backend.xp, a._data, v._data)
    return record(MvBackward0, (a, v), data, a._backend, crosswise(a, v))


class BmmBackward0(Node):
    _saved_names = ("self", "mat2")

    def backward(self, grad):
        a, b = self._unpack(0), self._unpack(1)
        return (
            bmm(grad, b.mT) if self.needs_input_grad(0) else None,
            bmm(a.mT, grad) if self.needs_input_grad(1) else None,
        )


@with_out
@tensor_method("bmm")
def bmm(input, mat2) -> Tensor:
    """Batched matrix product of two 3-D tensors (b x n x m) @ (b x m x p) -> (b x n x p)."""
    a = check_tensor(input, "bmm")
    b = check_tensor(mat2, "bmm", "mat2", 2)
    _same_device("bmm", "mat2", a, b)
    if a._data.ndim != 3:
        raise RuntimeError(msg.BMM_3D)
    if b._data.ndim != 3:
        raise RuntimeError(msg.BMM_2D)
    batch, _, inner = a._data.shape
    if tuple(b._data.shape[:2]) != (batch, inner):
        raise RuntimeError(
            msg.BMM_SHAPES.format(
                batch=batch, inner=inner, b0=b._data.shape[0], b1=b._data.shape[1]
            )
        )
    if a.dtype is not b.dtype:
        raise RuntimeError(msg.BMM_DTYPES.format(a=_scalar_name(a), b=_scalar_name(b)))
    _refuse_bool(a, "bmm")
    data = matmul_data(a._backend.xp, a._data, b._data)
    return record(BmmBackward0, (a, b), data, a._backend, crosswise(a, b))


class AddmmBackward0(Node):
    """d(beta * input + alpha * mat1 @ mat2)."""

    __slots__ = ("_saved_alpha", "_saved_beta", "_layouts")
    _saved_names = ("mat1", "mat2")

    def backward(self, grad):
        m1, m2 = self._unpack(0), self._unpack(1)
        alpha, beta = self._saved_alpha, self._saved_beta
        bias_fn, _, fn1, _, fn2, _ = self._edges  # None where no gradient is needed
        g_input = (grad if beta == 1 else grad * beta) if bias_fn is not None else None
        g1, g2 = _mm_grads(grad, m1, m2, fn1 is not None, fn2 is not None, self._layouts)
        if alpha != 1:
            g1 = None if g1 is None else g1 * alpha
            g2 = None if g2 is None else g2 * alpha
        return g_input, g1, g2


@with_out
@tensor_method("addmm")
def addmm(input, mat1, mat2, *, beta=1, alpha=1) -> Tensor:
    """beta * input + alpha * (mat1 @ mat2), input broadcast to the product's shape."""
    c, a, b = input, mat1, mat2
    if not (isinstance(c, Tensor) and isinstance(a, Tensor) and isinstance(b, Tensor)):
        c = check_tensor(input, "addmm")
        a = check_tensor(mat1, "addmm", "mat1", 2)
        b = check_tensor(mat2, "addmm", "mat2", 3)
    backend = c._backend
    bias, x, w = c._data, a._data, b._data
    if not (
        a._backend is backend
        and b._backend is backend
        and x.ndim == 2
        and w.ndim == 2
        and bias.dtype is x.dtype
        and x.dtype is w.dtype
        and x.shape[1] == w.shape[0]
    ):
        _check_addmm(c, a, b)  # PyTorch's errors, unless the dtypes are equal but not identical
    _refuse_bool(a, "addmm_impl_cpu_")
    n, p = x.shape[0], w.shape[1]
    bias_shape = bias.shape
    if bias_shape != (p,) and bias_shape != (n, p):
        bias = c.detach().expand(n, p)._data  # PyTorch's expand error for a wrong shape
    if alpha == 0:  # the BLAS call leaves the product out (an inf or NaN in it too)
        data = _scaled_alone(backend, bias, beta, (n, p))
    elif is_half(x.dtype):  # in float32, rounded once, as PyTorch's CPU gemm
        xp = backend.xp
        data = xp.astype(_addmm_data(xp, *opmath_arrays(xp, x, w, bias), alpha, beta), x.dtype)
    else:
        data = _addmm_data(backend.xp, x, w, bias, alpha, beta)
    # a broadcast bias gets its gradient summed back (the matrices' gradients fit as they are)
    meta = None if bias_shape == (n, p) else ((tuple(bias_shape), None), None, None)
    return record(
        AddmmBackward0,
        (c, a, b),
        data,
        backend,
        crosswise(a, b),
        state=_layouts(a, b) if meta is None else {"in_meta": meta, **_layouts(a, b)},
        alpha=alpha,
        beta=beta,
    )


def _addmm_data(xp, x, w, bias, alpha, beta):
    """beta * bias + alpha * (x @ w) on arrays of one dtype (beta 0 leaves the bias out)."""
    data = xp.matmul(x, w)  # a new array: the bias can be added into it
    if alpha != 1:
        data = data * alpha
    if beta == 1:
        data += bias
    elif beta != 0:
        data = data + bias * beta
    return data


def _check_addmm(c: Tensor, a: Tensor, b: Tensor) -> None:
    """PyTorch's addmm checks, in its order: devices, dims, dtypes, then shapes."""
    if not (c._backend is a._backend is b._backend):
        _same_device("addmm", "mat1", c, a)
        _same_device("addmm", "mat2", c, b)
    x, w = a._data, b._data
    if x.ndim != 2 or w.ndim != 2:
        raise RuntimeError(msg.MM_2D.format(name="mat1" if x.ndim != 2 else "mat2"))
    if not (c._data.dtype == x.dtype == w.dtype):
        raise _addmm_dtype_error(c, a, b)
    (n, m), (m2, p) = x.shape, w.shape
    if m != m2:
        raise RuntimeError(msg.MM_SHAPES.format(a0=n, a1=m, b0=m2, b1=p))


def _addmm_dtype_error(c: Tensor, a: Tensor, b: Tensor) -> RuntimeError:
    """addmm's (and addbmm's) error for operands of different dtypes."""
    if c.dtype is not b.dtype:
        return RuntimeError(
            msg.ADDMM_DTYPES.format(
                a_name="self", b_name="mat2", a=_scalar_name(c), b=_scalar_name(b)
            )
        )
    return RuntimeError(
        msg.ADDMM_DTYPES.format(a_name="mat1", b_name="mat2", a=_scalar_name(a), b=_scalar_name(b))
    )


# --- addmv / addbmm / baddbmm: beta * input + alpha * (a product), as addmm -----------------------


class _AddProductNode(Node):
    """d(beta * input + alpha * product(m1, m2)); `_product_grads` gives the product's own."""

    __slots__ = ("_saved_alpha", "_saved_beta")

    def backward(self, grad):
        m1, m2 = self._unpack(0), self._unpack(1)
        alpha, beta = self._saved_alpha, self._saved_beta
        g_input = (grad if beta == 1 else grad * beta) if self.needs_input_grad(0) else None
        grads = self._product_grads(grad, m1, m2)
        if alpha != 1:
            grads = [None if g is None else g * alpha for g in grads]
        return (g_input, *grads)


class AddmvBackward0(_AddProductNode):
    __slots__ = ()
    _saved_names = ("mat", "vec")

    def _product_grads(self, grad, mat, vec) -> tuple:
        return (
            outer(grad, vec) if self.needs_input_grad(1) else None,
            mv(mat.mT, grad) if self.needs_input_grad(2) else None,
        )


class BaddbmmBackward0(_AddProductNode):
    __slots__ = ()
    _saved_names = ("batch1", "batch2")

    def _product_grads(self, grad, b1, b2) -> tuple:
        return (
            bmm(grad, b2.mT) if self.needs_input_grad(1) else None,
            bmm(b1.mT, grad) if self.needs_input_grad(2) else None,
        )


class AddbmmBackward0(BaddbmmBackward0):
    """The batch's products were summed: each gets the whole gradient."""

    __slots__ = ()

    def _product_grads(self, grad, b1, b2) -> tuple:
        batch = b1.shape[0]
        return super()._product_grads(grad.unsqueeze(0).expand(batch, *grad.shape), b1, b2)


def _scaled_alone(backend, bias, beta, shape: tuple):
    """beta * bias as a new array of `shape` (zeros when beta is 0, whatever bias holds)."""
    xp = backend.xp
    if beta == 0:
        return xp.zeros(shape, dtype=bias.dtype, device=backend.native_device)
    return xp.asarray(xp.broadcast_to(bias * beta if beta != 1 else bias, shape), copy=True)


def _add_product(
    cls, c: Tensor, a: Tensor, b: Tensor, product, shape: tuple, beta, alpha, blas: bool = True
) -> Tensor:
    """beta * c + alpha * product (c broadcast to `shape`; ignored when beta is 0, nan or not);
    with `blas` (PyTorch's addmv and addbmm, not baddbmm) alpha 0 leaves the product out."""
    backend = c._backend
    bias = c._data
    if tuple(bias.shape) != shape:
        bias = c.detach().expand(shape)._data  # PyTorch's expand error for a wrong shape
    dtype = c.dtype
    if alpha == 0 and blas:
        data = _scaled_alone(backend, bias, scalar_for(beta, dtype), shape)
    else:
        if alpha != 1:
            product = product * scalar_for(alpha, dtype)
        data = (
            product
            if beta == 0
            else (product + (bias if beta == 1 else bias * scalar_for(beta, dtype)))
        )
    meta = None if tuple(c._data.shape) == shape else ((tuple(c._data.shape), None), None, None)
    return record(
        cls,
        (c, a, b),
        data,
        backend,
        crosswise(a, b),
        state={"in_meta": meta},
        alpha=alpha,
        beta=beta,
    )


def _add_product_args(name: str, input, first, second, names: tuple) -> tuple:
    """The three checked tensor operands of an add-product op, all on input's device."""
    c = check_tensor(input, name)
    a = check_tensor(first, name, names[0], 2)
    b = check_tensor(second, name, names[1], 3)
    _same_device(name, names[0], c, a)
    _same_device(name, names[1], c, b)
    return c, a, b


@with_out
@tensor_method("addmv")
def addmv(input, mat, vec, *, beta=1, alpha=1) -> Tensor:
    """beta * input + alpha * (mat @ vec), input broadcast to the product's length."""
    c, a, v = _add_product_args("addmv", input, mat, vec, ("mat", "vec"))
    if a._data.ndim != 2 or v._data.ndim != 1 or c._data.ndim > 1:
        raise RuntimeError(msg.MV_DIMS.format(input=c._data.ndim, a=a._data.ndim, b=v._data.ndim))
    (n, m), k = a._data.shape, v._data.shape[0]
    size = c._data.shape[0] if c._data.ndim else 1
    if m != k or size not in (1, n):
        raise RuntimeError(msg.MV_SHAPES.format(input=size, rows=n, cols=m, n=k))
    if not (c.dtype is a.dtype is v.dtype):
        raise RuntimeError(
            msg.MV_DTYPES.format(a=_scalar_name(c), b=_scalar_name(a), c=_scalar_name(v))
        )
    return _add_product(
        AddmvBackward0, c, a, v, matmul_data(c._backend.xp, a._data, v._data), (n,), beta, alpha
    )


def _check_batches(c: Tensor, b1: Tensor, b2: Tensor, shape: tuple) -> None:
    """PyTorch's order: input must expand to the result's shape, then both must be 3-D."""
    c.detach().expand(shape)
    if b1._data.ndim != 3:
        raise RuntimeError(msg.BMM_3D)
    if b2._data.ndim != 3:
        raise RuntimeError(msg.BMM_2D)


@with_out
@tensor_method("baddbmm")
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1) -> Tensor:
    """beta * input + alpha * bmm(batch1, batch2), input broadcast to the product's shape."""
    c, a, b = _add_product_args("baddbmm", input, batch1, batch2, ("batch1", "batch2"))
    shape = (a.size(0), a.size(1), b.size(2))
    _check_batches(c, a, b, shape)
    product = bmm(a.detach(), b.detach())._data  # with bmm's shape and dtype errors
    if c.dtype is not a.dtype:
        raise RuntimeError(
            msg.BADDBMM_DTYPES.format(
                input=_CPP_NAMES[c.dtype.name],
                batch1=_CPP_NAMES[a.dtype.name],
                batch2=_CPP_NAMES[b.dtype.name],
            )
        )
    return _add_product(BaddbmmBackward0, c, a, b, product, shape, beta, alpha, blas=False)


@with_out
@tensor_method("addbmm")
def addbmm(input, batch1, batch2, *, beta=1, alpha=1) -> Tensor:
    """beta * input + alpha * (the sum over the batch of batch1[i] @ batch2[i])."""
    c, a, b = _add_product_args("addbmm", input, batch1, batch2, ("batch1", "batch2"))
    shape = (a.size(1), b.size(2))
    _check_batches(c, a, b, shape)
    (batch, n, m), (batch2_, m2, p) = a._data.shape, b._data.shape
    if batch != batch2_:
        raise RuntimeError(msg.ADDBMM_BATCHES.format(a=batch, b=batch2_))
    if m != m2:
        raise RuntimeError(msg.ADDBMM_SHAPES.format(a0=n, a1=m, b0=m2, b1=p))
    if not (c.dtype is a.dtype is b.dtype):
        raise _addmm_dtype_error(c, a, b)
    xp = c._backend.xp
    product = xp.sum(xp.matmul(a._data, b._data), axis=0, dtype=a._data.dtype)
    return _add_product(AddbmmBackward0, c, a, b, product, shape, beta, alpha)


# --- outer ----------------------------------------------------------------------------------------
@with_out
@tensor_method("outer", "ger")
def outer(input, vec2) -> Tensor:
    """The outer product of two vectors: a[:, None] * b (MulBackward0, as in PyTorch)."""
    a = check_tensor(input, "outer")
    b = check_tensor(vec2, "outer", "vec2", 2)
    for name, v in (("self", a), ("vec2", b)):
        if v._data.ndim != 1:
            raise RuntimeError(msg.OUTER_1D.format(name=name, dim=v._data.ndim))
    return a.unsqueeze(1) * b


# --- matmul ---------------------------------------------------------------------------------------
class SqueezeBackward4(Node):
    """The in-place squeeze_(0) matmul applies to (1 x m) @ (m x p) for a 1-D left operand."""

    __slots__ = ("_saved_dim", "_saved_self_sym_sizes")

    def backward(self, grad):
        return grad.unsqueeze(0)


def _squeeze_first(t: Tensor) -> Tensor:
    data = t._backend.xp.reshape(t._data, tuple(t._data.shape[1:]))
    return record(
        SqueezeBackward4, (t,), data, t._backend, dim=0, self_sym_sizes=tuple(t._data.shape)
    )


def _unsafe_view(t: Tensor, shape: tuple) -> Tensor:
    """A reshape of a fresh result, recorded as UnsafeViewBackward0 as PyTorch does."""
    from .shape import UnsafeViewBackward0

    data = t._backend.xp.reshape(t._data, shape)
    return record(UnsafeViewBackward0, (t,), data, t._backend, self_sym_sizes=tuple(t._data.shape))


def _batched(a: Tensor, b: Tensor) -> Tensor:
    """Broadcast batch dims, fold them into one, bmm, and unfold: UnsafeViewBackward0."""
    a_vec, b_vec = a._data.ndim == 1, b._data.ndim == 1
    if a_vec:
        a = a.unsqueeze(0)
    if b_vec:
        b = b.unsqueeze(1)
    n, m = a._data.shape[-2:]
    m2, p = b._data.shape[-2:]
    batch = broadcast_shapes(tuple(a._data.shape[:-2]), tuple(b._data.shape[:-2]))
    count = 1
    for s in batch:
        count *= s
    a3 = a.expand(*batch, n, m).reshape(count, n, m)
    b3 = b.expand(*batch, m2, p).reshape(count, m2, p)
    shape = batch + ((n,) if not a_vec else ()) + ((p,) if not b_vec else ())
    return _unsafe_view(bmm(a3, b3), shape)


@with_out
@tensor_method("matmul", "__matmul__")
def matmul(input, other) -> Tensor:
    """The matrix product with PyTorch's rules for 1-D operands and broadcast batch dims."""
    if not isinstance(other, Tensor):
        raise operand_error("@", "Tensor", type(other).__name__)
    a = input if isinstance(input, Tensor) else check_tensor(input, "matmul")
    da, db = a._data.ndim, other._data.ndim
    if da == 2 and db == 2:
        return _mm(a, other)
    if da == 0 or db == 0:
        raise RuntimeError(msg.MATMUL_0D.format(a=da, b=db))
    if da == 1 and db == 1:
        return dot(a, other)
    if da == 2 and db == 1:
        return mv(a, other)
    if da == 1 and db == 2:
        return _squeeze_first(mm(a.unsqueeze(0), other))
    if da >= 3 and db in (1, 2):  # fold the batch into the rows of one mm / mv
        rows = a.reshape(math.prod(a._data.shape[:-1]), a._data.shape[-1])  # (sizes may be 0)
        out = mv(rows, other) if db == 1 else mm(rows, other)
        tail = () if db == 1 else (other._data.shape[-1],)
        return _unsafe_view(out, tuple(a._data.shape[:-1]) + tail)
    if db >= 3 and da in (1, 2):  # fold transposed, as PyTorch: (b^T @ a.t())^T, made contiguous
        _check_like_bmm(a, other)
        return matmul(other.mT, a) if da == 1 else matmul(other.mT, a.t()).mT.clone()
    if a.dtype is not other.dtype:
        raise RuntimeError(msg.BMM_DTYPES.format(a=_scalar_name(a), b=_scalar_name(other)))
    return _batched(a, other)


def _check_like_bmm(a: Tensor, b: Tensor) -> None:
    """The errors PyTorch reports for 1-D/2-D @ batched operands: those of its bmm check."""
    _same_device("bmm", "mat2", a, b)
    count = 1
    for s in b._data.shape[:-2]:
        count *= s
    inner, rows = a._data.shape[-1], b._data.shape[-2]
    if inner != rows:
        raise RuntimeError(msg.BMM_SHAPES.format(batch=count, inner=inner, b0=count, b1=rows))
    if a.dtype is not b.dtype:
        raise RuntimeError(msg.BMM_DTYPES.format(a=_scalar_name(a), b=_scalar_name(b)))


def _rmatmul(self, other) -> Tensor:
    if not isinstance(other, Tensor):
        raise TypeError(
            msg.UNSUPPORTED_OPERAND.format(op="@", left=type(other).__name__, right="Tensor")
        )
    return matmul(other, self)


Tensor.__rmatmul__ = _rmatmul

ger = outer


# --- trace, kron, cross, tensordot, einsum ------------------------------------------------------


class TraceBackward0(Node):
    __slots__ = ("_saved_self_sym_sizes",)

    def backward(self, grad):
        rows, cols = self._saved_self_sym_sizes
        backend = grad._backend
        xp = backend.xp
        diagonal = xp.eye(rows, cols, dtype=grad._data.dtype, device=backend.native_device) != 0
        # zeros with grad on the diagonal, as PyTorch (not grad * eye: -0.0 or NaN off it)
        return grad.expand(rows, cols).where(make_tensor(diagonal, backend), 0)


@tensor_method("trace")
def trace(input) -> Tensor:
    """The sum of a matrix's main diagonal (integers give int64)."""
    x = check_tensor(input, "trace")
    _refuse_bool(x, "trace")
    if x._data.ndim != 2:
        raise RuntimeError(msg.TRACE_MATRIX.format(dim=x._data.ndim))
    from ..autograd.grad_mode import no_grad
    from .diagonals import diagonal

    with no_grad():
        data = diagonal(x).sum()._data
    return record(TraceBackward0, (x,), data, x._backend, self_sym_sizes=tuple(x._data.shape))


@with_out
@tensor_method("kron")
def kron(input, other) -> Tensor:
    """The Kronecker product: every element of `input` times a whole block of `other`."""
    a = check_tensor(input, "kron")
    b = check_tensor(other, "kron", "other", 2)
    ndim = max(a.dim(), b.dim())
    sa = (1,) * (ndim - a.dim()) + tuple(a.shape)
    sb = (1,) * (ndim - b.dim()) + tuple(b.shape)
    a_spread, b_spread = [], []
    for x, y in zip(sa, sb):
        a_spread += [x, 1]
        b_spread += [1, y]
    product = a.reshape(a_spread) * b.reshape(b_spread)
    return _unsafe_view(product, tuple(x * y for x, y in zip(sa, sb)))


class LinalgCrossBackward0(Node):
    __slots__ = ("_saved_dim",)
    _saved_names = ("self", "other")

    def backward(self, grad):
        a, b, d = self._unpack(0), self._unpack(1), self._saved_dim
        return (
            cross(b, grad, dim=d) if self.needs_input_grad(0) else None,
            cross(grad, a, dim=d) if self.needs_input_grad(1) else None,
        )


@with_out
@tensor_method("cross")
def cross(input, other, dim=None) -> Tensor:
    """The 3-D cross product along `dim` (size 3), broadcasting the other dims."""

    from ._helpers import common_backend, on_backend

    a = check_tensor(input, "cross")
    b = check_tensor(other, "cross", "other", 2)
    shape = broadcast_shapes(tuple(a.shape), tuple(b.shape))
    if dim is None:
        warnings.warn(msg.CROSS_NO_DIM, UserWarning, stacklevel=2)
        dim = next((i for i, s in enumerate(shape) if s == 3), -1)
    from ._helpers import normalize_dim

    d = normalize_dim(dim, len(shape))
    if shape[d] != 3 or (
        a.dim() == len(shape) and b.dim() == len(shape) and (a.shape[d] != 3 or b.shape[d] != 3)
    ):
        size_a = a.shape[d - len(shape) + a.dim()] if a.dim() > len(shape) - 1 - d else 1
        size_b = b.shape[d - len(shape) + b.dim()] if b.dim() > len(shape) - 1 - d else 1
        raise RuntimeError(msg.CROSS_LENGTH.format(dim=dim, a=size_a, b=size_b))
    backend = common_backend(a, b)
    dtype = result_dtype(a, b)
    if dtype is dtypes.bool:
        raise NotImplementedError(msg.KERNEL_DTYPE.format(kernel="cross", dtype="Bool"))
    xp = backend.xp
    xa = xp.broadcast_to(on_backend(a, backend, dtype), shape)
    xb = xp.broadcast_to(on_backend(b, backend, dtype), shape)

    def part(x, i):
        return xp.take(x, xp.asarray([i], device=backend.native_device), axis=d)

    a0, a1, a2 = (part(xa, i) for i in range(3))
    b0, b1, b2 = (part(xb, i) for i in range(3))
    data = xp.concat([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=d)
    return record(LinalgCrossBackward0, (a, b), data, backend, (a, b), broadcasts=True, dim=d)


def _contract(a: Tensor, b: Tensor, dims_a: list, dims_b: list) -> Tensor:
    """Sum the products over dims_a of `a` paired with dims_b of `b`: one matrix product."""
    free_a = [i for i in range(a.dim()) if i not in dims_a]
    free_b = [i for i in range(b.dim()) if i not in dims_b]
    k = math.prod(a.shape[i] for i in dims_a)
    rows, cols = (tuple(a.shape[i] for i in free_a), tuple(b.shape[i] for i in free_b))
    left = a.permute(free_a + dims_a).reshape(math.prod(rows), k)  # (no -1: sizes may be 0)
    right = b.permute(dims_b + free_b).reshape(k, math.prod(cols))
    shape = rows + cols
    return mm(left, right).reshape(shape)


@with_out
def tensordot(a, b, dims=2) -> Tensor:
    """Contract the last `dims` dims of `a` with the first of `b`, or the listed dim pairs."""
    a = check_tensor(a, "tensordot")
    b = check_tensor(b, "tensordot", "b", 2)
    if isinstance(dims, int):
        dims_a = list(range(a.dim() - dims, a.dim()))
        dims_b = list(range(dims))
    else:
        first, second = dims
        dims_a = [first] if isinstance(first, int) else list(first)
        dims_b = [second] if isinstance(second, int) else list(second)
    from ._helpers import normalize_dim

    dims_a = [normalize_dim(d, a.dim()) for d in dims_a]
    dims_b = [normalize_dim(d, b.dim()) for d in dims_b]
    for da, db in zip(dims_a, dims_b):
        if b.shape[db] == 1:  # a size-1 dim broadcasts: the other side is summed over it
            a = a.sum(da, keepdim=True)
        elif a.shape[da] == 1:
            b = b.sum(db, keepdim=True)
        elif a.shape[da] != b.shape[db]:
            raise RuntimeError(
                msg.TENSORDOT_SIZES.format(
                    a=a.shape[da],
                    da=da - a.dim() if isinstance(dims, int) else da,
                    b=b.shape[db],
                    db=db,
                )
            )
    return _contract(a, b, dims_a, dims_b)


def _einsum_prepare(x: Tensor, letters: list, keep: set) -> tuple:
    """Take diagonals for letters repeated in one operand, sum out letters used nowhere else."""
    from .diagonals import diagonal

    letters = list(letters)
    while len(set(letters)) < len(letters):
        c = next(c for c in letters if letters.count(c) > 1)
        first = letters.index(c)
        second = letters.index(c, first + 1)
        x = diagonal(x, 0, first, second)
        letters = [s for i, s in enumerate(letters) if i not in (first, second)] + [c]
    lonely = [i for i, c in enumerate(letters) if c not in keep]
    if lonely:
        x = x.sum(lonely)
        letters = [c for i, c in enumerate(letters) if i not in lonely]
    return x, letters


def einsum(*args) -> Tensor:
    """Einstein summation (with '...' or sublists), as sums, permutes, reshapes and bmms."""
    from .einsum_equation import einsum_args, einsum_terms

    operands, terms, output = einsum_terms(*einsum_args(args))
    result, letters = None, None
    for i, (x, term) in enumerate(zip(operands, terms)):
        keep = set(output).union(*[set(t) for j, t in enumerate(terms) if j != i])
        x, term = _einsum_prepare(x, term, keep)
        if result is None:
            result, letters = x, term
            continue
        later = set(output).union(*[set(t) for t in terms[i + 1 :]])
        result, letters = _einsum_pair(result, letters, x, term, later)
    result, letters = _einsum_prepare(result, letters, set(output))
    order = [letters.index(c) for c in output]
    return result.permute(order) if order != list(range(len(order))) else result


def _einsum_pair(a: Tensor, la: list, b: Tensor, lb: list, later: set) -> tuple:
    """Contract two prepared operands: batch letters stay, shared unneeded ones are summed."""
    batch = [c for c in la if c in lb and c in later]
    summed = [c for c in la if c in lb and c not in later]
    left = [c for c in la if c not in lb]
    right = [c for c in lb if c not in la]

    def size(x, letters_x, group):
        n = 1
        for c in group:
            n *= x.shape[letters_x.index(c)]
        return n

    if not summed:  # nothing to sum: a broadcast product, as PyTorch's sumproduct_pair does
        shape_a = [a.shape[la.index(c)] if c in la else 1 for c in batch + left + right]
        shape_b = [b.shape[lb.index(c)] if c in lb else 1 for c in batch + left + right]
        a_aligned = a.permute([la.index(c) for c in batch + left]).reshape(shape_a)
        b_aligned = b.permute([lb.index(c) for c in batch + right]).reshape(shape_b)
        return a_aligned * b_aligned, batch + left + right
    nb, nl = size(a, la, batch), size(a, la, left)
    nk, nr = size(a, la, summed), size(b, lb, right)
    a3 = a.permute([la.index(c) for c in batch + left + summed]).reshape(nb, nl, nk)
    b3 = b.permute([lb.index(c) for c in batch + summed + right]).reshape(nb, nk, nr)
    shape = tuple(a.shape[la.index(c)] for c in batch + left) + tuple(
        b.shape[lb.index(c)] for c in right
    )
    return bmm(a3, b3).reshape(shape), batch + left + right


# --- in-place forms -------------------------------------------------------------------------------


@tensor_method("addmm_")
def addmm_(self: Tensor, mat1, mat2, *, beta=1, alpha=1) -> Tensor:
    """beta * self + alpha * (mat1 @ mat2), in place (self must have the product's shape)."""
    if isinstance(mat1, Tensor) and isinstance(mat2, Tensor) and mat1.dim() == mat2.dim() == 2:
        out = [mat1.shape[0], mat2.shape[1]]
        if mat1.shape[1] == mat2.shape[0] and list(self.shape) != out:
            raise RuntimeError(msg.ADDMM_INPLACE_SIZE.format(self=list(self.shape), out=out))
    return apply_inplace(self, addmm, mat1, mat2, beta=beta, alpha=alpha)


addmv_ = inplace_method("addmv", "beta * self + alpha * (mat @ vec), in place.")
addbmm_ = inplace_method("addbmm", "beta * self + alpha * sum(batch1 @ batch2), in place.")
baddbmm_ = inplace_method("baddbmm", "beta * self + alpha * bmm(batch1, batch2), in place.")

__all__ = [
    "addbmm",
    "addmm",
    "addmv",
    "baddbmm",
    "bmm",
    "cross",
    "dot",
    "einsum",
    "ger",
    "kron",
    "matmul",
    "mm",
    "mv",
    "outer",
    "tensordot",
    "trace",
    "vdot",
    "addmv_",
]
