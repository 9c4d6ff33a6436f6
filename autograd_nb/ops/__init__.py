"""Ops, one module per family; importing them attaches their methods to Tensor."""

from . import conversion, indexing, inplace, linalg, pointwise, reduction, shape
from .conversion import clone
from .indexing import (
    argwhere,
    gather,
    index_select,
    masked_fill,
    masked_select,
    nonzero,
    scatter,
    scatter_add,
    take_along_dim,
)
from .linalg import addmm, bmm, dot, ger, matmul, mm, mv, outer, vdot
from .pointwise import (
    abs,
    add,
    bitwise_and,
    bitwise_not,
    bitwise_or,
    bitwise_xor,
    ceil,
    clamp,
    clamp_max,
    clamp_min,
    cos,
    div,
    eq,
    exp,
    expm1,
    float_power,
    floor,
    floor_divide,
    ge,
    gt,
    isfinite,
    isinf,
    isnan,
    le,
    log,
    log1p,
    log2,
    log10,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    lt,
    maximum,
    minimum,
    mul,
    ne,
    neg,
    pow,
    reciprocal,
    relu,
    remainder,
    round,
    rsqrt,
    rsub,
    sigmoid,
    sign,
    sin,
    sqrt,
    square,
    sub,
    tan,
    tanh,
    trunc,
    where,
)
from .reduction import (
    all,
    amax,
    amin,
    any,
    argmax,
    argmin,
    cumsum,
    log_softmax,
    logsumexp,
    max,
    mean,
    min,
    norm,
    prod,
    softmax,
    std,
    sum,
    var,
)
from .shape import (
    cat,
    chunk,
    concat,
    concatenate,
    expand,
    flatten,
    flip,
    moveaxis,
    movedim,
    narrow,
    permute,
    reshape,
    select,
    split,
    squeeze,
    stack,
    swapaxes,
    swapdims,
    t,
    transpose,
    unbind,
    unflatten,
    unsqueeze,
)

clip = clamp

# more element-wise ops (exp2, erf, lerp, addcmul, isclose, ...) and the nn layers' ops that
# PyTorch also exposes as torch.* (torch.conv2d, torch.dropout, ...)
from . import activation, convolution, loss, normalization, padding, pooling, sparse  # noqa: E402
from .activation import dropout, prelu  # noqa: E402
from .convolution import conv1d, conv2d  # noqa: E402
from .normalization import torch_batch_norm as batch_norm  # noqa: E402
from .normalization import torch_layer_norm as layer_norm  # noqa: E402
from .padding import constant_pad_nd  # noqa: E402
from .pointwise import (  # noqa: E402
    acos,
    addcdiv,
    addcmul,
    allclose,
    arccos,
    arcsin,
    arctan,
    arctan2,
    asin,
    atan,
    atan2,
    cosh,
    equal,
    erf,
    exp2,
    frac,
    is_floating_point,
    isclose,
    lerp,
    nan_to_num,
    sinh,
)
from .pooling import max_pool2d  # noqa: E402
from .sparse import embedding  # noqa: E402

multiply, divide, true_divide, subtract, negative, absolute = mul, div, div, sub, neg, abs

__all__ = [
    "conversion",
    "inplace",
    "pointwise",
    "reduction",
    "shape",
    "abs",
    "absolute",
    "add",
    "bitwise_and",
    "bitwise_not",
    "bitwise_or",
    "bitwise_xor",
    "ceil",
    "clamp",
    "clamp_max",
    "clamp_min",
    "clip",
    "clone",
    "cos",
    "div",
    "divide",
    "eq",
    "exp",
    "expand",
    "expm1",
    "float_power",
    "floor",
    "floor_divide",
    "ge",
    "gt",
    "isfinite",
    "isinf",
    "isnan",
    "le",
    "log",
    "log1p",
    "log2",
    "log10",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "lt",
    "maximum",
    "mean",
    "minimum",
    "mul",
    "multiply",
    "ne",
    "neg",
    "negative",
    "pow",
    "reciprocal",
    "relu",
    "remainder",
    "reshape",
    "round",
    "rsqrt",
    "rsub",
    "sigmoid",
    "sign",
    "sin",
    "sqrt",
    "square",
    "sub",
    "subtract",
    "sum",
    "tan",
    "tanh",
    "true_divide",
    "trunc",
    "where",
    # shape ops and indexing
    "indexing",
    "argwhere",
    "gather",
    "index_select",
    "masked_fill",
    "masked_select",
    "nonzero",
    "scatter",
    "scatter_add",
    "take_along_dim",
    "cat",
    "chunk",
    "concat",
    "concatenate",
    "flatten",
    "flip",
    "movedim",
    "moveaxis",
    "narrow",
    "permute",
    "select",
    "split",
    "squeeze",
    "stack",
    "swapaxes",
    "swapdims",
    "t",
    "transpose",
    "unbind",
    "unflatten",
    "unsqueeze",
    # reductions and linear algebra
    "addmm",
    "bmm",
    "dot",
    "ger",
    "matmul",
    "mm",
    "mv",
    "outer",
    "vdot",
    "all",
    "amax",
    "amin",
    "any",
    "argmax",
    "argmin",
    "cumsum",
    "log_softmax",
    "logsumexp",
    "max",
    "min",
    "norm",
    "prod",
    "softmax",
    "std",
    "var",
]
__all__ += [
    "batch_norm",
    "constant_pad_nd",
    "conv1d",
    "conv2d",
    "dropout",
    "embedding",
    "layer_norm",
    "max_pool2d",
    "prelu",
]
__all__ += [
    "acos",
    "addcdiv",
    "addcmul",
    "allclose",
    "arccos",
    "arcsin",
    "arctan",
    "arctan2",
    "asin",
    "atan",
    "atan2",
    "cosh",
    "equal",
    "erf",
    "exp2",
    "frac",
    "is_floating_point",
    "isclose",
    "lerp",
    "nan_to_num",
    "sinh",
]

from .reduction import (  # noqa: E402
    aminmax,
    count_nonzero,
    cumprod,
    median,
    nanmean,
    nanmedian,
    nanquantile,
    nansum,
    quantile,
    std_mean,
    var_mean,
)

__all__ += [
    "aminmax",
    "count_nonzero",
    "cumprod",
    "median",
    "nanmean",
    "nanmedian",
    "nanquantile",
    "nansum",
    "quantile",
    "std_mean",
    "var_mean",
]

from .indexing import argsort, sort, topk  # noqa: E402

__all__ += ["argsort", "sort", "topk"]

from .shape import (  # noqa: E402
    broadcast_tensors,
    broadcast_to,
    diag,
    diagonal,
    diff,
    hstack,
    meshgrid,
    roll,
    row_stack,
    tile,
    tril,
    triu,
    vstack,
)

__all__ += [
    "broadcast_tensors",
    "broadcast_to",
    "diag",
    "diagonal",
    "diff",
    "hstack",
    "meshgrid",
    "roll",
    "row_stack",
    "tile",
    "tril",
    "triu",
    "vstack",
]

from .linalg import (  # noqa: E402
    cdist,
    cosine_similarity,
    cross,
    einsum,
    kron,
    pairwise_distance,
    tensordot,
    trace,
)

__all__ += [
    "cdist",
    "cosine_similarity",
    "cross",
    "einsum",
    "kron",
    "pairwise_distance",
    "tensordot",
    "trace",
]

from .counting import bincount, unique, unique_consecutive  # noqa: E402

__all__ += ["bincount", "unique", "unique_consecutive"]

from . import sampling  # noqa: E402
from .indexing import index_add, index_copy, index_fill  # noqa: E402
from .linalg import addbmm, addmv, baddbmm  # noqa: E402
from .pointwise import fmod, heaviside, hypot, logaddexp, signbit  # noqa: E402
from .sampling import bernoulli, multinomial  # noqa: E402
from .shape import (  # noqa: E402
    column_stack,
    dsplit,
    dstack,
    hsplit,
    rot90,
    tensor_split,
    vsplit,
)

__all__ += [
    "index_add",
    "index_copy",
    "index_fill",
    "addbmm",
    "addmv",
    "baddbmm",
    "fmod",
    "heaviside",
    "hypot",
    "logaddexp",
    "signbit",
    "bernoulli",
    "multinomial",
    "column_stack",
    "dsplit",
    "dstack",
    "hsplit",
    "rot90",
    "tensor_split",
    "vsplit",
]

from . import shift_fminmax, tensorops  # noqa: E402
from .shift_fminmax import *  # noqa: E402,F401,F403 - <<, >>, fmax, fmin
from .shift_fminmax import __all__ as _shift_fminmax_all  # noqa: E402
from .tensorops import *  # noqa: E402,F401,F403 - xlogy, cummax, searchsorted, cov, ...
from .tensorops import __all__ as _tensorops_all  # noqa: E402

__all__ += _tensorops_all
__all__ += _shift_fminmax_all
# more activations and pixel shuffle, as PyTorch's torch.* (F.pad's modes stay in nn.functional)
from . import pixelshuffle, shrink  # noqa: E402
from .activation import celu, celu_, selu, selu_  # noqa: E402
from .pixelshuffle import pixel_shuffle, pixel_unshuffle  # noqa: E402
from .shrink import hardshrink, threshold, threshold_  # noqa: E402

__all__ += [
    "celu",
    "celu_",
    "selu",
    "selu_",
    "pixel_shuffle",
    "pixel_unshuffle",
    "hardshrink",
    "threshold",
    "threshold_",
]

# The torch.* forms take PyTorch's `out=` (the Tensor methods above stay as they are).
from .out import FUNCTIONS_WITH_OUT, with_out  # noqa: E402

for _name in FUNCTIONS_WITH_OUT:
    globals()[_name] = with_out(globals()[_name], _name)
del _name

# 1-D pooling as torch.* (torch.max_pool1d, torch.avg_pool1d, torch.adaptive_avg_pool1d)
from . import normalization_more, pooling_more, upsampling  # noqa: E402
from .pooling_more import adaptive_avg_pool1d, avg_pool1d, max_pool1d  # noqa: E402

__all__ += ["adaptive_avg_pool1d", "avg_pool1d", "max_pool1d"]
# transposed convolutions and bilinear (torch.conv_transpose2d, torch.bilinear, ...)
from .bilinear_form import bilinear  # noqa: E402
from .convolution import conv_transpose1d, conv_transpose2d  # noqa: E402

__all__ += ["bilinear", "conv_transpose1d", "conv_transpose2d"]
# torch.linalg's decompositions and solvers: the torch.* aliases (ops/decompositions.py)
from . import decompositions  # noqa: E402
from .decompositions import det, inverse, logdet, matrix_power, pinverse  # noqa: E402
from .decompositions import torch_cholesky as cholesky  # noqa: E402
from .decompositions import torch_slogdet as slogdet  # noqa: E402
from .decompositions import torch_svd as svd  # noqa: E402

__all__ += ["cholesky", "det", "inverse", "logdet", "matrix_power", "pinverse", "slogdet", "svd"]
# special functions with gradients (torch.lgamma, torch.digamma, torch.polygamma, ...)
from . import special_fns  # noqa: E402
from .special_fns import (  # noqa: E402
    digamma,
    erfc,
    erfinv,
    i0,
    lgamma,
    mvlgamma,
    polygamma,
    sinc,
)

__all__ += ["digamma", "erfc", "erfinv", "i0", "lgamma", "mvlgamma", "polygamma", "sinc"]
# in-place forms and out= of the functions above (inplace_out.py); torch.matrix_exp
from . import inplace_out, matrix_exponential  # noqa: E402
from .inplace_out import MORE_FUNCTIONS_WITH_OUT, TORCH_INPLACE, with_pair_out  # noqa: E402
from .matrix_exponential import matrix_exp  # noqa: E402

for _name in MORE_FUNCTIONS_WITH_OUT:
    globals()[_name] = with_out(globals()[_name], _name)
for _name in ("cummax", "cummin"):
    globals()[_name] = with_pair_out(globals()[_name], _name)
for _name in TORCH_INPLACE:
    globals()[_name] = getattr(inplace_out, _name)
del _name
__all__ += ["matrix_exp", *TORCH_INPLACE]
# volumetric layers as torch.* (torch.conv3d, torch.max_pool3d)
from .convolution import conv3d  # noqa: E402
from .pooling import max_pool3d  # noqa: E402

__all__ += ["conv3d", "max_pool3d"]
