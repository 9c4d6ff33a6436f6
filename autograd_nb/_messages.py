"""Every user-facing error and warning text, in one place.

Texts match PyTorch 2.13 (see shared/reference/pytorch-behaviour.md) unless marked "ours":
learners compare what they see with PyTorch, so the words are part of the interface.
"""

from __future__ import annotations

# --- backward / graph -------------------------------------------------------------------------
NO_GRAD_FN = "element {index} of tensors does not require grad and does not have a grad_fn"
IMPLICIT_SCALAR = "grad can be implicitly created only for scalar outputs"
BACKWARD_TWICE = (
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
    "graph a second time or if you need to access saved tensors after calling backward."
)
LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."
VIEW_OF_LEAF_INPLACE = (
    "a view of a leaf Variable that requires grad is being used in an in-place operation."
)
_ANOMALY_HINT = (
    "Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
    "with torch.autograd.set_detect_anomaly(True, check_nan=False)."
)
MODIFIED_INPLACE = (
    "one of the variables needed for gradient computation has been modified by an inplace "
    "operation: [{type} [{sizes}]]{origin} is at version {version}; expected version {saved} "
    "instead. " + _ANOMALY_HINT
)
NON_LEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad field "
    "to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you "
    "access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
    "github.com/pytorch/pytorch/pull/30531 for more information."
)
CREATE_GRAPH_WARNING = (
    "Using backward() with create_graph=True will create a reference cycle between the parameter "
    "and its gradient which can cause a memory leak. We recommend using autograd.grad when creating "
    "the graph to avoid this. If you have to use this function, make sure to reset the .grad fields "
    "of your parameters to None after use to break the cycle and avoid the leak."
)
GRAD_SHAPE_MISMATCH = (
    "Mismatch in shape: grad_output[{index}] has a shape of {grad_shape} and output[{index}] has a "
    "shape of {out_shape}."
)
GRAD_ASSIGN_SIZE = (
    "attempting to assign a gradient of size '{grad}' to a tensor of size '{tensor}'. Please ensure "
    "that the gradient and the tensor are the same size"
)
GRAD_ASSIGN_DTYPE = (
    "attempting to assign a gradient with dtype '{grad}' to a tensor with grad_dtype '{tensor}'. "
    "The gradient must match the tensor's grad_dtype (defaults to the tensor's dtype). You can set "
    "the tensor's grad_dtype attribute with a specific dtype, or None to allow any dtype. Set "
    "grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may break "
    "downstream systems that assume they match."
)
GRAD_ASSIGN_TYPE = "assigned grad expected to be a Tensor or None but got grad of type {type}"
UNUSED_INPUT = (
    "The differentiated Tensor at index {index} appears to not have been used in the graph. "
    "Set allow_unused=True if this is the desired behavior."
)
INPUT_NOT_REQUIRING_GRAD = "One of the differentiated Tensors does not require grad"
GRAD_REQUIRES_GRAD_INPUTS = "grad requires non-empty inputs."

# --- requires_grad ----------------------------------------------------------------------------
FACTORY_REQUIRES_GRAD_DTYPE = "Only Tensors of floating point and complex dtype can require gradients"
SETTER_REQUIRES_GRAD_DTYPE = "only Tensors of floating point and complex dtype can require gradients"
METHOD_REQUIRES_GRAD_DTYPE = "only Tensors of floating point dtype can require gradients"
NON_LEAF_REQUIRES_GRAD = (
    "you can only change requires_grad flags of leaf variables. If you want to use a computed "
    "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach()."
)
RETAIN_GRAD_NO_GRAD = "can't retain_grad on Tensor that has requires_grad=False"
HOOK_NO_GRAD = "cannot register a hook on a tensor that doesn't require gradient"
INFERENCE_INPLACE = "Inplace update to inference tensor outside InferenceMode is not allowed."
INFERENCE_SAVE = (
    "Inference tensors cannot be saved for backward. To work around you can make a clone to get a "
    "normal tensor and use it in autograd."
)

# --- conversion -------------------------------------------------------------------------------
NUMPY_REQUIRES_GRAD = (
    "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
)
NUMPY_ON_DEVICE = (
    "can't convert {device} device type tensor to numpy. Use Tensor.cpu() to copy the tensor to "
    "host memory first."
)
ITEM_NOT_SCALAR = "a Tensor with {numel} elements cannot be converted to Scalar"
BOOL_AMBIGUOUS = "Boolean value of Tensor with more than one value is ambiguous"
COPY_CONSTRUCT_WARNING = (
    "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
    "sourceTensor.detach().clone().requires_grad_(True), rather than torch.tensor(sourceTensor)."
)
LEN_OF_0D = "len() of a 0-d tensor"
ITER_0D = "iteration over a 0-d tensor"

# --- shapes and dtypes ------------------------------------------------------------------------
BROADCAST = (
    "The size of tensor a ({a}) must match the size of tensor b ({b}) at non-singleton "
    "dimension {dim}"
)
MM_SHAPES = "mat1 and mat2 shapes cannot be multiplied ({a0}x{a1} and {b0}x{b1})"
MM_DTYPES = "expected m1 and m2 to have the same dtype, but got: {a} != {b}"
MATMUL_DTYPES = "expected both vectors to have same dtype, but found {a} and {b}"
DOT_1D = "1D tensors expected, but got {a}D and {b}D tensors"
DOT_SIZES = (
    "inconsistent tensor size, expected tensor [{a}] and src [{b}] to have the same number of "
    "elements, but got {a} and {b} elements respectively"
)
MV_SHAPES = "size mismatch, got input ({rows}), mat ({rows}x{cols}), vec ({n})"
BMM_3D = "batch1 must be a 3D tensor"
BMM_SHAPES = (
    "Expected size for first two dimensions of batch2 tensor to be: [{batch}, {inner}] but got: "
    "[{b0}, {b1}]."
)
MATMUL_0D = "both arguments to matmul need to be at least 1D, but they are {a}D and {b}D"
MM_2D = "{name} must be a matrix"
VIEW_SIZE = "shape '{shape}' is invalid for input of size {numel}"
VIEW_ONE_INFERRED = "only one dimension can be inferred"
VIEW_STRIDE = (
    "view size is not compatible with input tensor's size and stride (at least one dimension spans "
    "across two contiguous subspaces). Use .reshape(...) instead."
)
DIM_RANGE = "Dimension out of range (expected to be in range of [{low}, {high}], but got {dim})"
DIM_0D = "Dimension specified as {dim} but tensor has no dimensions"
INDEX_RANGE = "index {index} is out of bounds for dimension {dim} with size {size}"
TOO_MANY_INDICES = "too many indices for tensor of dimension {dim}"
EXPAND_SIZE = (
    "The expanded size of the tensor ({new}) must match the existing size ({old}) at non-singleton "
    "dimension {dim}.  Target sizes: {target}.  Tensor sizes: {sizes}"
)
EXPAND_DIMS = (
    "expand(torch.{type}{{[{sizes}]}}, size=[{target}]): the number of sizes provided ({n}) must be "
    "greater or equal to the number of dimensions in the tensor ({dim})"
)
PERMUTE_DIMS = (
    "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
    "desired ordering of dimensions i.e. input.dim() = {dim} is not equal to len(dims) = {n}"
)
REPEAT_DIMS = (
    "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"
)
CAT_EMPTY = "torch.cat(): expected a non-empty list of Tensors"
STACK_EMPTY = "stack expects a non-empty TensorList"
CAT_SIZES = (
    "Sizes of tensors must match except in dimension {dim}. Expected size {expected} but got size "
    "{got} for tensor number {index} in the list."
)
CAT_DIMS = (
    "Tensors must have same number of dimensions: got {expected} and {got}"
)
STACK_SIZES = (
    "stack expects each tensor to be equal size, but got {first} at entry 0 and {other} at entry "
    "{index}"
)
INPLACE_CAST = "result type {result} can't be cast to the desired output type {out}"
NEGATIVE_INT_POW = "Integers to negative integer powers are not allowed."
SUB_BOOL = (
    "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
    "`logical_xor()` operator instead."
)
NEG_BOOL = (
    "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
    "mask, use the `~` or `logical_not()` operator instead."
)
ZERO_DIV_INT = "ZeroDivisionError"
REDUCE_EMPTY = (
    "{name}(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction "
    "dim with the 'dim' argument."
)
MEAN_DTYPE = (
    "mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
    "dtype. Got: {dtype}"
)
GATHER_DIMS = "Index tensor must have the same number of dimensions as input tensor"
INDEX_DTYPE = "tensors used as indices must be long, int, byte or bool tensors"
INDEX_SELECT_DTYPE = "index_select(): Expected dtype int32 or int64 for index"
MASKED_FILL_DTYPE = "masked_fill_ only supports boolean masks, but got mask with dtype {dtype}"
SETITEM_SHAPE = "shape mismatch: value tensor of shape {value} cannot be broadcast to indexing result of shape {target}"
SPLIT_SIZES = (
    "split_with_sizes expects split_sizes to sum exactly to {size} (input tensor's size at "
    "dimension {dim}), but got split_sizes={sizes}"
)
CHUNK_ZERO = "chunk expects `chunks` to be greater than 0, got: {chunks}"
SQUARE_EYE = "n must be greater or equal to 0, got {n}"
ARANGE_STEP = "step must be nonzero"
ARANGE_BOUND = "upper bound and larger bound inconsistent with step sign"
RANDINT_RANGE = "random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
NEW_SIZE_NEGATIVE = "Trying to create tensor with negative dimension {size}: {sizes}"
TENSOR_CTOR_TYPE = "new(): data must be a sequence (got {type})"
TENSOR_RAGGED = "expected sequence of length {expected} at dim {dim} (got {got})"
TENSOR_BAD_ELEMENT = "Could not infer dtype of {type}"
FROM_NUMPY_TYPE = "expected np.ndarray (got {type})"
FROM_NUMPY_DTYPE = (
    "can't convert np.ndarray of type {dtype}. The only supported types are: float64, float32, "
    "float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, uint16, uint8, "
    "and bool."
)
NOT_A_TENSOR = "{name}(): argument '{arg}' (position {position}) must be Tensor, not {type}"
UNSUPPORTED_OPERAND = "unsupported operand type(s) for {op}: '{left}' and '{right}'"
UNKNOWN_DTYPE = "invalid dtype {dtype!r}: expected one of {choices} (ours)"
INVALID_TYPE_NAME = "invalid type: '{name}'"
SET_DEFAULT_DTYPE = "only floating-point types are supported as the default type"

# --- devices ----------------------------------------------------------------------------------
DEVICE_STRING = (
    "Expected one of cpu, cuda, meta device type at start of device string: {string}"
)
DEVICE_INDEX = "Device index must not be negative"
DEVICE_MIX = (
    "Expected all tensors to be on the same device, but found at least two devices, {a} and {b}!"
)
DEVICE_MIX_ARG = (
    "Expected all tensors to be on the same device, but got {arg} is on {other}, different from "
    "other tensors on {device} (when checking argument in method {method})"
)
CUDA_UNAVAILABLE = (
    "autograd_nb cannot use CUDA: {why} To use a GPU, install CuPy for your CUDA version "
    '(pip install "autograd-nb[gpu]") on a machine with an NVIDIA driver and GPU; otherwise keep '
    "tensors on the CPU, for example with device = 'cuda' if torch.cuda.is_available() else 'cpu'."
)
CUDA_INDEX = (
    "CUDA error: invalid device ordinal (device {index} requested, {count} available)"
)

# --- shape ops and indexing (ops/shape.py, ops/indexing.py) -------------------------------------
SHAPE_NEGATIVE = "invalid shape dimension {size} at index {index} of shape {shape}"
FLATTEN_ORDER = "flatten() has invalid args: start_dim cannot come after end_dim"
UNFLATTEN_EMPTY = "unflatten: sizes must be non-empty"
UNFLATTEN_SIZES = (
    "unflatten: Provided sizes {sizes} don't multiply up to the size of dim {dim} ({size}) in the "
    "input tensor"
)
EXPAND_LEADING = (
    "The expanded size of the tensor ({size}) isn't allowed in a leading, non-existing dimension "
    "{dim}"
)
DIM_REPEATED = "dim {dim} appears multiple times in the list of dims"
T_DIMS = "t() expects a tensor with <= 2 dimensions, but self is {dim}D"
T_DEPRECATED = (
    "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated "
    "and it will throw an error in a future release. Consider `x.mT` to transpose batches of "
    "matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a "
    "tensor."
)
T_0D = "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases."
MT_0D = "Tensor.mT is deprecated on 0-D tensors. This function is the identity in these cases."
MT_DIMS = "tensor.mT is only supported on matrices or batches of matrices. Got {dim}-D tensor."
PERMUTE_DUPLICATE = "permute(): duplicate dims are not allowed."
MOVEDIM_LEN = (
    "movedim: Invalid source or destination dims: source ({src} dims) should contain the same "
    "number of dims as destination ({dst} dims)"
)
MOVEDIM_REPEATED = "movedim: repeated dim in `{name}` ({dims})"
SELECT_0D = "select() cannot be applied to a 0-dim tensor."
SELECT_RANGE = "select(): index {index} out of range for tensor of size {sizes} at dimension {dim}"
SLICE_STEP_ZERO = "slice step cannot be zero"
SLICE_STEP_NEGATIVE = "step must be greater than zero"
NARROW_0D = "narrow() cannot be applied to a 0-dim tensor."
NARROW_LENGTH = "narrow(): length must be non-negative."
NARROW_START = "start out of range (expected to be in range of [{low}, {high}], but got {start})"
NARROW_SIZE = "start ({start}) + length ({length}) exceeds dimension size ({size})."
CAT_NOT_SEQUENCE = (
    "{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not {type}"
)
CAT_ELEMENT = "expected Tensor as element {index} in argument 0, but got {type}"
CAT_0D = "zero-dimensional tensor (at position {index}) cannot be concatenated"
SPLIT_NEGATIVE = "split expects split_size be non-negative, but got split_size={size}"
SPLIT_ZERO = "split_size can only be 0 if dimension size is 0, but got dimension size of {size}"
SPLIT_NEGATIVE_SIZES = (
    "split_with_sizes expects split_sizes have only non-negative entries, but got "
    "split_sizes={sizes}"
)
SPLIT_0D = "{name} expects at least a 1-dimensional tensor"
INDEX_0D = (
    "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ "
    "to convert a 0-dim tensor to a number"
)
INDEX_TYPE = (
    "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid "
    "indices (got {type})"
)
INDEX_BROADCAST = (
    "shape mismatch: indexing tensors could not be broadcast together with shapes {shapes}"
)
INDEX_DTYPE_FOR = "{name}(): Expected dtype int32/int64 for index"  # gather, scatter (2.13)
GATHER_SIZE = (
    "Size does not match at dimension {dim} expected index {index} to be no larger than self "
    "{sizes} apart from dimension {axis}"
)
SCATTER_SIZE = "Expected index {index} to be no larger than self {sizes} apart from dimension {axis}"
SCATTER_SIZE_SRC = (
    "Expected index {index} to be no larger than self {sizes} apart from dimension {axis} and to "
    "be no larger size than src {src}"
)
SCATTER_SRC_DTYPE = "{name}(): Expected self.dtype to be equal to src.dtype"
INDEX_SELECT_VECTOR = "index_select(): Index is supposed to be a vector"
INDEX_SELECT_RANGE = "index out of range in self"
MASKED_FILL_VALUE_DIM = (
    "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with {dim} "
    "dimension(s)."
)
MASKED_SELECT_DTYPE = "masked_select: expected BoolTensor for mask"

# --- in-place ops and setitem (ops/inplace.py), PyTorch 2.13 ------------------------------------
INPLACE_SHAPE = "output with shape [{out}] doesn't match the broadcast shape [{shape}]"
VIEW_NO_GRAD_INPLACE = (
    "A view was created in no_grad mode and is being modified inplace with grad mode enabled. "
    "Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your "
    "code by moving both the view and the inplace either both inside the no_grad block (if you "
    "don't want the inplace to be tracked) or both outside (if you want the inplace to be "
    "tracked)."
)
INPLACE_OVERLAP = (
    "unsupported operation: more than one element of the written-to tensor refers to a single "
    "memory location. Please clone() the tensor before performing the operation."
)
INDEX_PUT_DTYPE = (
    "Index put requires the source and destination dtypes match, got {dst} for the destination "
    "and {src} for the source."
)
SETITEM_TYPE = "can't assign a {type} to a {tensor_type}"
FILL_VALUE_DIM = (
    "fill_ only supports 0-dimension value tensor but got tensor with {dim} dimensions."
)

# --- reductions and linear algebra (ops/reduction.py, ops/linalg.py) ----------------------------
ARG_REDUCE_EMPTY = "{name}(): Expected reduction dim to be specified for input.numel() == 0."
REDUCE_EMPTY_DIM = "{name}(): Expected reduction dim {dim} to have non-zero size."
STD_VAR_DTYPE = "std and var only support floating point and complex dtypes"
DOF_WARNING = (
    "{name}(): degrees of freedom is <= 0. Correction should be strictly less than the reduction "
    "factor (input numel divided by output numel)."
)
VECTOR_NORM_DTYPE = (
    "linalg.vector_norm: Expected a floating point or complex tensor as input. Got {dtype}"
)
VECTOR_NORM_EMPTY_INF = (
    "linalg.vector_norm cannot compute the {ord} norm on an empty tensor because the operation "
    "does not have an identity"
)
KERNEL_DTYPE = '"{kernel}" not implemented for \'{dtype}\''
MV_DTYPES = "addmv input tensors must have the same dtype, but got {a}, {b}, and {c}"
DOT_DTYPES = "dot : expected both vectors to have same dtype, but found {a} and {b}"
BMM_2D = "batch2 must be a 3D tensor"
BMM_DTYPES = "expected scalar type {a} but found {b}"
MV_DIMS = "vector + matrix @ vector expected, got 1, {a}, {b}"
OUTER_1D = "outer: Expected 1-D argument {name}, but got {dim}-D"
ADDMM_DTYPES = "{a_name} and {b_name} must have the same dtype, but got {a} and {b}"
MASK_SHAPE_AT = (
    "The shape of the mask {mask} at index {k} does not match the shape of the indexed tensor "
    "{tensor} at index {index}"
)
