"""torch.linalg.matrix_exp: the exponential of square matrices, with its gradient.

The forward pass is Higham's scaling and squaring with the [13/13] Padé approximant, written
with array-API operations (in float64, rounded back). The backward pass is PyTorch's: the
gradient is the top-right block of exp([[A^T, G], [0, A^T]]), itself differentiable.
"""

from __future__ import annotations

from .. import _messages as msg
from .. import dtypes
from .._tensor import Tensor, tensor_method
from ..autograd.node import Node
from ._helpers import check_tensor, record
from .joining import cat

# Padé [13/13] coefficients and the 1-norm bound up to which it is exact to double precision
_PADE13 = (
    64764752532480000.0,
    32382376266240000.0,
    7771770303897600.0,
    1187353796428800.0,
    129060195264000.0,
    10559470521600.0,
    670442572800.0,
    33522128640.0,
    1323241920.0,
    40840800.0,
    960960.0,
    16380.0,
    182.0,
    1.0,
)
_THETA13 = 5.371920351148152


def _expm(backend, a):
    """exp of the (batched) float64 matrices `a` by scaling and squaring."""
    xp = backend.xp
    n = a.shape[-1]
    eye = xp.eye(n, dtype=a.dtype, device=backend.native_device)
    norm = xp.max(xp.sum(xp.abs(a), axis=-2), axis=-1)  # the 1-norm of each matrix
    steps = xp.where(norm > _THETA13, xp.ceil(xp.log2(norm / _THETA13)), xp.zeros_like(norm))
    steps = xp.reshape(steps, (*steps.shape, 1, 1))
    a = a / 2.0**steps
    b = _PADE13
    a2 = a @ a
    a4 = a2 @ a2
    a6 = a4 @ a2
    u = a @ (
        a6 @ (b[13] * a6 + b[11] * a4 + b[9] * a2) + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * eye
    )
    v = a6 @ (b[12] * a6 + b[10] * a4 + b[8] * a2) + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * eye
    result = xp.linalg.solve(v - u, v + u)
    for k in range(int(backend.to_host(xp.max(steps)))):
        result = xp.where(steps > k, result @ result, result)
    return result


class LinalgMatrixExpBackward0(Node):
    """d exp(A): the top-right block of exp([[A^T, G], [0, A^T]])."""

    __slots__ = ()
    _saved_names = ("self",)

    def backward(self, grad):
        a = self._unpack(0)
        at = a.transpose(-2, -1)
        block = cat([cat([at, grad], -1), cat([at * 0, at], -1)], -2)
        n = a.shape[-1]
        return (matrix_exp(block)[..., :n, n:],)


@tensor_method("matrix_exp")
def matrix_exp(A: Tensor) -> Tensor:  # noqa: N803 - PyTorch's name
    """exp(A) = sum A^k / k! of square matrices (batched over leading dims)."""
    t = check_tensor(A, "linalg_matrix_exp", "A")
    shape = tuple(t._data.shape)
    if len(shape) < 2:
        raise RuntimeError(msg.MATRIX_EXP_NDIM)
    if shape[-1] != shape[-2]:
        raise RuntimeError(msg.MATRIX_EXP_SQUARE.format(rows=shape[-2], cols=shape[-1]))
    if not t.dtype.is_floating_point:
        raise RuntimeError(msg.MATRIX_EXP_DTYPE.format(dtype=t.dtype.legacy_name[:-6]))
    backend = t._backend
    xp = backend.xp
    data = t._data
    if 0 in shape:
        out = xp.asarray(data, copy=True)
    else:
        out = _expm(backend, xp.astype(data, backend.native[dtypes.float64]))
        out = xp.astype(out, data.dtype)
    return record(LinalgMatrixExpBackward0, (t,), out, backend, (t,))


__all__ = ["matrix_exp"]
