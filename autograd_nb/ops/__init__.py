"""The torch.* functions: the ops, one module per family (importing one attaches its Tensor
methods). Each module's `__all__` lists the torch.* functions it defines."""

from . import (
    activation,
    bilinear_form,
    binary,
    binary_functions,
    callables,
    comparison,
    complex_parts,
    construction,
    conversion,
    convolution,
    counting,
    decompositions,
    diagonals,
    distances,
    einsum_equation,
    factor_solvers,
    fast_kernels,
    finite_differences,
    index_writes,
    indexing,
    inplace,
    integer,
    joining,
    linalg,
    log_sum_exp,
    loss,
    loss_margin,
    lu_factorization,
    matrix_exponential,
    normalization,
    out,
    packing,
    padding,
    pixelshuffle,
    pointwise,
    pooling,
    rearrangement,
    reduction,
    sampling,
    scans,
    shape,
    shift_fminmax,
    sorting,
    sparse,
    special_fns,
    statistics,
    strided,
    ternary,
    unary,
    upsampling,
    vector_products,
    view_copies,
    view_scatter,
)
from .activation import *  # noqa: F403
from .bilinear_form import *  # noqa: F403
from .binary import *  # noqa: F403
from .binary_functions import *  # noqa: F403
from .comparison import *  # noqa: F403
from .complex_parts import *  # noqa: F403
from .construction import *  # noqa: F403
from .conversion import *  # noqa: F403
from .convolution import *  # noqa: F403
from .counting import *  # noqa: F403
from .decompositions import *  # noqa: F403
from .decompositions import torch_cholesky as cholesky
from .decompositions import torch_qr as qr
from .decompositions import torch_slogdet as slogdet
from .decompositions import torch_svd as svd
from .diagonals import *  # noqa: F403
from .distances import *  # noqa: F403
from .factor_solvers import *  # noqa: F403
from .finite_differences import *  # noqa: F403
from .index_writes import *  # noqa: F403
from .indexing import *  # noqa: F403
from .inplace import *  # noqa: F403
from .integer import *  # noqa: F403
from .joining import *  # noqa: F403
from .linalg import *  # noqa: F403
from .log_sum_exp import *  # noqa: F403
from .lu_factorization import *  # noqa: F403
from .lu_factorization import torch_lu as lu
from .lu_factorization import torch_lu_solve as lu_solve
from .matrix_exponential import *  # noqa: F403
from .normalization import rms_norm
from .normalization import torch_batch_norm as batch_norm
from .normalization import torch_layer_norm as layer_norm
from .padding import *  # noqa: F403
from .pixelshuffle import *  # noqa: F403
from .pointwise import *  # noqa: F403
from .pooling import *  # noqa: F403
from .rearrangement import *  # noqa: F403
from .reduction import *  # noqa: F403
from .sampling import *  # noqa: F403
from .scans import *  # noqa: F403
from .shape import *  # noqa: F403
from .shift_fminmax import *  # noqa: F403
from .sorting import *  # noqa: F403
from .sparse import *  # noqa: F403
from .special_fns import *  # noqa: F403
from .statistics import *  # noqa: F403
from .strided import *  # noqa: F403
from .ternary import *  # noqa: F403
from .unary import *  # noqa: F403
from .unary import torch_frexp as frexp
from .vector_products import *  # noqa: F403
from .view_copies import *  # noqa: F403
from .view_scatter import *  # noqa: F403

__all__ = [
    *activation.__all__,
    *bilinear_form.__all__,
    *binary.__all__,
    *binary_functions.__all__,
    *comparison.__all__,
    *complex_parts.__all__,
    *construction.__all__,
    *conversion.__all__,
    *convolution.__all__,
    *counting.__all__,
    *decompositions.__all__,
    *diagonals.__all__,
    *distances.__all__,
    *factor_solvers.__all__,
    *finite_differences.__all__,
    *index_writes.__all__,
    *inplace.__all__,
    *indexing.__all__,
    *integer.__all__,
    *joining.__all__,
    *linalg.__all__,
    *log_sum_exp.__all__,
    *lu_factorization.__all__,
    *matrix_exponential.__all__,
    *padding.__all__,
    *pixelshuffle.__all__,
    *pointwise.__all__,
    *pooling.__all__,
    *rearrangement.__all__,
    *reduction.__all__,
    *sampling.__all__,
    *scans.__all__,
    *shape.__all__,
    *shift_fminmax.__all__,
    *sorting.__all__,
    *sparse.__all__,
    *special_fns.__all__,
    *statistics.__all__,
    *strided.__all__,
    *ternary.__all__,
    *unary.__all__,
    *vector_products.__all__,
    *view_copies.__all__,
    *view_scatter.__all__,
    "batch_norm",
    "cholesky",
    "frexp",
    "layer_norm",
    "lu",
    "lu_solve",
    "qr",
    "rms_norm",
    "slogdet",
    "svd",
]
