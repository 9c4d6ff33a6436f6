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
MODIFIED_INPLACE = (
    "one of the variables needed for gradient computation has been modified by an inplace "
    "operation: [{type} [{sizes}]]{origin} is at version {version}; expected version {saved} "
    "instead. {hint}"
)
MODIFIED_INPLACE_HINT = (
    "Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
    "with torch.autograd.set_detect_anomaly(True, check_nan=False)."
)
MODIFIED_INPLACE_ANOMALY_HINT = (
    "Hint: the backtrace further above shows the operation that failed to compute its "
    "gradient. The variable in question was changed in there or anywhere later. Good luck!"
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
FUNCTION_INSTANTIATED = (
    "{cls} should not be instantiated. Methods on autograd functions are all static, so you "
    "should invoke them on the class itself. Instantiating an autograd function will raise an "
    "error in a future version of PyTorch."
)
LEGACY_FUNCTION_CALL = (
    "Legacy autograd function with non-static forward method is deprecated. Please use "
    "new-style autograd function with static forward method. (Example: "
    "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)"
)
GRADIENT_TYPE = "gradients can be either Tensors or None, but got {type}"
GRADIENT_COUNT = "got {tensors} tensors and {grads} gradients"
INPUT_NOT_REQUIRING_GRAD = "One of the differentiated Tensors does not require grad"
GRAD_REQUIRES_GRAD_INPUTS = "`inputs` argument to `grad()` cannot be empty."

# --- requires_grad ----------------------------------------------------------------------------
FACTORY_REQUIRES_GRAD_DTYPE = (
    "Only Tensors of floating point and complex dtype can require gradients"
)
SETTER_REQUIRES_GRAD_DTYPE = (
    "only Tensors of floating point and complex dtype can require gradients"
)
METHOD_REQUIRES_GRAD_DTYPE = "only Tensors of floating point dtype can require gradients"
NON_LEAF_REQUIRES_GRAD = (
    "you can only change requires_grad flags of leaf variables. If you want to use a computed "
    "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach()."
)
RETAIN_GRAD_NO_GRAD = "can't retain_grad on Tensor that has requires_grad=False"
HOOK_NO_GRAD = "cannot register a hook on a tensor that doesn't require gradient"
INFERENCE_INPLACE = (
    "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone "
    "to get a normal tensor before doing inplace update.See "
    "https://github.com/pytorch/rfcs/pull/17 for more details."
)
INFERENCE_SAVE = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in "
    "inference mode in computation tracked by autograd. To work around this, you can make a clone "
    "to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of "
    "`torch.inference_mode()`."
)
INFERENCE_REQUIRES_GRAD = (
    "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed."
)
INFERENCE_VERSION = "Inference tensors do not track version counter."

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
BOOL_EMPTY = "Boolean value of Tensor with no values is ambiguous"
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
DOT_1D = "1D tensors expected, but got {a}D and {b}D tensors"
DOT_SIZES = (
    "inconsistent tensor size, expected tensor [{a}] and src [{b}] to have the same number of "
    "elements, but got {a} and {b} elements respectively"
)
MV_SHAPES = "size mismatch, got input ({input}), mat ({rows}x{cols}), vec ({n})"
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
SLICE_0D = "slice() cannot be applied to a 0-dim tensor."
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
CAT_DIMS = "Tensors must have same number of dimensions: got {expected} and {got}"
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
SUB_ONE_BOOL = (
    "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
    "invert a mask, use the `~` or `logical_not()` operator instead."
)
NEG_BOOL = (
    "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
    "mask, use the `~` or `logical_not()` operator instead."
)
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
ARANGE_BOUND = "upper bound and lower bound inconsistent with step sign"
RANGE_NO_END = 'range() missing 1 required positional arguments: "end"'
RANGE_DEPRECATED = (
    "torch.range is deprecated and will be removed in a future release because its behavior is "
    "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values "
    "in [start, end)."
)
LEGACY_TENSOR_TYPE = "expected {expected} (got {got})"
TENSOR_OPTIONS = (
    "TensorOptions(dtype={dtype}, device={device}, layout=Strided, requires_grad=false (default), "
    "pinned_memory=false (default), memory_format=(nullopt))"
)
BERNOULLI_P_TENSOR = (
    "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be "
    "improved?  If so, please report an enhancement request to PyTorch.)"
)
BERNOULLI_P = "bernoulli_ expects p to be in [0, 1], but got p={p}"
MULTINOMIAL_DIMS = "prob_dist must be 1 or 2 dim"
MULTINOMIAL_DTYPE = "multinomial only supports floating-point dtypes for input, got: {dtype}"
MULTINOMIAL_NONPOSITIVE = "cannot sample n_sample <= 0 samples"
MULTINOMIAL_TOO_MANY = "cannot sample n_sample > prob_dist.size(-1) samples without replacement"
MULTINOMIAL_VALUES = "probability tensor contains either `inf`, `nan` or element < 0"
MULTINOMIAL_SUM = "invalid multinomial distribution (sum of probabilities <= 0)"
RANDINT_RANGE = "random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
NEW_SIZE_NEGATIVE = "Trying to create tensor with negative dimension {size}: {sizes}"
ZEROS_NEGATIVE = "zeros: Dimension size must be non-negative."
SIZE_NOT_TUPLE = "{name}(): argument 'size' (position 1) must be tuple of ints, not {type}"
SIZE_FIRST_ELEMENT = (
    "{name}(): argument 'size' (position 1) must be tuple of ints, but found element of type "
    "{type} at pos 0"
)
SIZE_ELEMENT = (
    "{name}(): argument 'size' failed to unpack the object at pos {pos} with error \"type must "
    'be tuple of ints,but got {type}"'
)
TENSOR_CTOR_TYPE = "new(): data must be a sequence (got {type})"
TENSOR_RAGGED = "expected sequence of length {expected} at dim {dim} (got {got})"
TENSOR_BAD_ELEMENT = "Could not infer dtype of {type}"
TENSOR_STR_ELEMENT = "new(): invalid data type '{type}'"
FROM_NUMPY_TYPE = "expected np.ndarray (got {type})"
FROM_NUMPY_DTYPE = (
    "can't convert np.ndarray of type {dtype}. The only supported types are: float64, float32, "
    "float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, uint16, uint8, "
    "and bool."
)
NOT_A_TENSOR = "{name}(): argument '{arg}' (position {position}) must be Tensor, not {type}"
UNSUPPORTED_OPERAND = "unsupported operand type(s) for {op}: '{left}' and '{right}'"
INVALID_TYPE_NAME = "invalid type: '{name}'"
SET_DEFAULT_DTYPE = "only floating-point types are supported as the default type"

# --- devices ----------------------------------------------------------------------------------
DEVICE_STRING = "Expected one of cpu, cuda, meta device type at start of device string: {string}"
DEVICE_INDEX = "Device index must not be negative"
DEVICE_MIX = (
    "Expected all tensors to be on the same device, but found at least two devices, {a} and {b}!"
)
MASKED_FILL_DEVICE = (  # ATen's masked_fill__cuda check
    "expected self and mask to be on the same device, but got mask on {mask} and self on {self}"
)
DEVICE_MIX_ARG = (
    "Expected all tensors to be on the same device, but got {arg} is on {other}, different from "
    "other tensors on {device} (when checking argument in method {method})"
)
CUDA_INDEX = "CUDA error: invalid device ordinal (device {index} requested, {count} available)"

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
T_INPLACE_DIMS = "t_() expects a tensor with <= 2 dimensions, but self is {dim}D"
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
CAT_NOT_SEQUENCE = "{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not {type}"
CAT_ELEMENT = "expected Tensor as element {index} in argument 0, but got {type}"
CAT_0D = "zero-dimensional tensor (at position {index}) cannot be concatenated"
SPLIT_NEGATIVE = "split expects split_size be non-negative, but got split_size={size}"
SPLIT_ZERO = "split_size can only be 0 if dimension size is 0, but got dimension size of {size}"
SPLIT_NEGATIVE_SIZES = (
    "split_with_sizes expects split_sizes have only non-negative entries, but got "
    "split_sizes={sizes}"
)
ROT90_DIMS = "expected total rotation dims == 2, but got dims = {n}"
ROT90_NDIM = "expected total dims >= 2, but got total dims = {ndim}"
ROT90_SAME = "expected rotation dims to be different, but got dim0 = {a} and dim1 = {b}"
TENSOR_SPLIT_0D = (
    "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims"
)
TENSOR_SPLIT_SECTIONS = "number of sections must be larger than 0, got {n}"
TENSOR_SPLIT_DTYPE = (
    "tensor_split expected tensor_indices_or_sections to have dtype of long, but got {dtype}"
)
TENSOR_SPLIT_TENSOR_DIMS = (
    "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
    "one-dimensional tensor, but got a tensor with {ndim} dims"
)
TENSOR_SPLIT_ARGS = (
    "tensor_split() received an invalid combination of arguments - got (Tensor, {type}), but "
    "expected one of:\n * (Tensor input, tuple of ints indices, int dim = 0)\n * (Tensor input, "
    "Tensor tensor_indices_or_sections, int dim = 0)\n * (Tensor input, int sections, int dim = 0)"
    "\n"
)
SPLIT_ALONG_DIMS = (
    "torch.{name} requires a tensor with at least {need} dimension, but got a tensor with "
    "{ndim} dimensions!"
)
SPLIT_ALONG_SIZE = (
    "torch.{name} attempted to split along dimension {dim}, but the size of the dimension "
    "{size} is not divisible by the split_size {n}!"
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
SCATTER_SIZE = (
    "Expected index {index} to be no larger than self {sizes} apart from dimension {axis}"
)
SCATTER_SIZE_SRC = (
    "Expected index {index} to be no larger than self {sizes} apart from dimension {axis} and to "
    "be no larger size than src {src}"
)
SCATTER_SRC_DTYPE = "{name}(): Expected self.dtype to be equal to src.dtype"
INDEX_ADD_DTYPE = "index_add_(): Expected dtype int32/int64 for index but got: {dtype}"
INDEX_ADD_VECTOR = (
    "index_add_(): Index is supposed to be a vector, but got dim: {dim} with type: {type} and "
    "size: {size}"
)
INDEX_ADD_SOURCE_DTYPE = (
    "index_add_(): self ({self}) and source ({source}) must have the same scalar type"
)
INDEX_ADD_SHAPE = (
    "source tensor shape must match self tensor shape, excluding the specified dimension. Got "
    "self.shape = {self} source.shape = {source}"
)
INDEX_ADD_COUNT = (
    "index_add_(): Number of indices ({n}) should be equal to source.size(dim): ({size}), for "
    "dim: {dim}"
)
INDEX_COPY_DTYPE = "index_copy_(): Expected a long tensor for index, but got {dtype}"
INDEX_COPY_VECTOR = "index_copy_(): Index should have dimension 1 or 0 (got {dim})"
INDEX_COPY_SCALAR = "index_copy_(): When source is scalar, index should have one element (got {n})"
INDEX_COPY_DIMS = (
    "index_copy_(): When source and destination are not scalars, their dimensionality must "
    "match. Source dimensionality ({source}), destination dimensionality ({dest})"
)
INDEX_COPY_SHAPE = (
    "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice "
    "shape: {dest} at dimension {dim} and source slice shape: {source} at dimension 0."
)
INDEX_COPY_COUNT = (
    "index_copy_(): Number of indices ({n}) should be equal to source.size(dim) ({size})"
)
INDEX_COPY_SOURCE_DTYPE = (
    "index_copy_(): self and source expected to have the same dtype, but got (self) {self} and "
    "(source) {source}"
)
INDEX_COPY_RANGE = (
    "index_copy_(): index {index} is out of bounds for dimension {dim} with size {size}"
)
INDEX_FILL_DTYPE = "index_fill_(): Expected dtype int64 for index."
INDEX_FILL_VECTOR = "Index has to be a vector/scalar"
INDEX_FILL_VALUE_DIM = (
    "index_fill_ only supports a 0-dimensional value tensor, but got tensor with {dim} "
    "dimension(s)."
)
INDEX_SELECT_VECTOR = "index_select(): Index is supposed to be a vector"
INDEX_SELECT_RANGE = "index out of range in self"
MASKED_FILL_VALUE_DIM = (
    "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with {dim} "
    "dimension(s)."
)
MASKED_SELECT_DTYPE = "masked_select: expected BoolTensor for mask"

# --- in-place ops and setitem (ops/inplace.py), PyTorch 2.13 ------------------------------------
INPLACE_SHAPE = "output with shape [{out}] doesn't match the broadcast shape [{shape}]"
# PyTorch's handle_view_on_rebase: a view made under no_grad / inference_mode, or a piece of a
# multi-output view, changed in place ({modified}: VIEW_REBASE_MODIFIED[indirect]), is refused
VIEW_REBASE_MODIFIED = ("is being", "its base or another view of its base has been")
VIEW_REBASE_CREATED = "{who} created in {mode} and {modified} modified inplace {now}."
VIEW_OF_VIEW = (
    "Output {nr} of {name} is a view of a view which was"  # the {who} of a view with grad_fn
)
VIEW_REBASE_OUTPUT = "Output {nr} of {name} is a view and {modified} modified inplace."
VIEW_REBASE_AMBIGUOUS = (
    " Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify "
    "your code by moving both the view and the inplace either both inside the {block} (if you "
    "don't want the inplace to be tracked) or both outside (if you want the inplace to be "
    "tracked)."
)
VIEW_REBASE_MULTI_OUTPUT = (
    " This view is the output of a function that returns multiple views. Such functions do not "
    "allow the output views to be modified inplace. You should replace the inplace operation by "
    "an out-of-place one."
)
VIEW_MODES = {  # a view's creation mode -> the {mode}, {now} and {block} of the texts above
    "no_grad": {"mode": "no_grad mode", "now": "with grad mode enabled", "block": "no_grad block"},
    "inference": {
        "mode": "inference mode",
        "now": "in normal mode",
        "block": "inference_mode block",
    },
}
INPLACE_READ_ONLY = (  # ours: PyTorch writes into a read-only NumPy array (undefined behavior)
    "this tensor shares the memory of a NumPy array that is not writable, so it cannot be "
    "changed in place. Use .clone() (or make the array writable) before changing it."
)
FROM_NUMPY_NOT_WRITABLE = (
    "The given NumPy array is not writable, and PyTorch does not support non-writable tensors. "
    "This means writing to this tensor will result in undefined behavior. You may want to copy "
    "the array to protect its data or make it writable before converting it to a tensor. This "
    "type of warning will be suppressed for the rest of this program."
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
SPREAD_MEAN_DTYPE = "{name} only support floating point and complex dtypes"
UNFLATTEN_0D = (
    "unflatten got an unexpected error:\nDimension specified as 0 but tensor has no dimensions"
)
REPEAT_INTERLEAVE_VECTOR = "repeat_interleave only accept 1D vector as repeat"
REPEAT_INTERLEAVE_REPEATS_DIM = "repeats must be 0-dim or 1-dim tensor"
REPEAT_INTERLEAVE_NEGATIVE_COUNT = "repeats can not be negative"
REPEAT_INTERLEAVE_NEGATIVE = "Repeats must be non-negative"
REPEAT_INTERLEAVE_SIZE = (
    "repeats must have the same size as input along dim, but got repeats.size(0) = {repeats} and "
    "input.size({dim}) = {size}"
)
REPEAT_INTERLEAVE_OUTPUT_SIZE = (
    "repeat_interleave: Invalid output_size, expected {expected} but got {got}"
)
REPEAT_INTERLEAVE_ALLOCATED = "allocated size does not match required size"
ARG_EXTREME_BOOL = "{name}(): does not support bool input"
TOPK_BOOL = "topk does not support bool dtypes on CPU"
MVLGAMMA_BOOL = "The input tensor may not be a boolean tensor."
TRAPEZOID_BOOL = "{name}: received a bool input for `y`, but bool is not supported"
FLOATING_COMMON_DTYPE = "expected common dtype to be floating point, yet common dtype is {dtype}"
CDIST_DTYPE = "cdist only supports floating-point dtypes, {arg} got: {dtype}"
AMINMAX_EMPTY_DIM = "aminmax: Expected reduction dim {dim} to have non-zero size."
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
HEAVISIDE_DTYPES = "heaviside is not yet implemented for tensors with different dtypes."
KERNEL_DTYPE = "\"{kernel}\" not implemented for '{dtype}'"
MV_DTYPES = "addmv input tensors must have the same dtype, but got {a}, {b}, and {c}"
DOT_DTYPES = "dot : expected both vectors to have same dtype, but found {a} and {b}"
BMM_2D = "batch2 must be a 3D tensor"
BMM_DTYPES = "expected scalar type {a} but found {b}"
MV_DIMS = "vector + matrix @ vector expected, got {input}, {a}, {b}"
ADDBMM_BATCHES = "batch1 and batch2 must have same number of batches, got {a} and {b}"
ADDBMM_SHAPES = "Incompatible matrix sizes for bmm ({a0}x{a1} and {b0}x{b1})"
BADDBMM_DTYPES = (
    "Input dtypes must be the same, got: input {input}, batch1: {batch1}, batch2: {batch2}"
)
OUTER_1D = "outer: Expected 1-D argument {name}, but got {dim}-D"
ADDMM_DTYPES = "{a_name} and {b_name} must have the same dtype, but got {a} and {b}"
MASK_SHAPE_AT = (
    "The shape of the mask {mask} at index {k} does not match the shape of the indexed tensor "
    "{tensor} at index {index}"
)

# --- CUDA through CuPy, DLPack (backends/, cuda.py, _dlpack.py) -----------------------------------
# Ours, modelled on PyTorch's "AssertionError: Torch not compiled with CUDA enabled": why, then what to do.
CUDA_NO_GPU = (
    "autograd_nb cannot use CUDA: {why} {todo} Until then keep tensors on the CPU, for example with "
    "device = 'cuda' if torch.cuda.is_available() else 'cpu' (on Binder there is no GPU)."
)
CUDA_WHY_NO_CUPY = "CuPy is not installed."
CUDA_WHY_BROKEN_CUPY = "CuPy is installed but failed to import ({error})."
CUDA_WHY_NO_COMPAT = "array-api-compat, which autograd_nb uses to drive CuPy, is not installed."
CUDA_WHY_NO_DRIVER = "CuPy is installed but no NVIDIA driver was found on this machine."
CUDA_WHY_OLD_DRIVER = (
    "the NVIDIA driver (CUDA {driver}) is older than the CUDA runtime CuPy was built for "
    "(CUDA {runtime})."
)
CUDA_WHY_NO_DEVICE = "CuPy and the NVIDIA driver are installed but no CUDA device was found."
CUDA_WHY_ERROR = "CuPy could not reach a CUDA device ({error})."
CUDA_TODO_INSTALL = (
    'To use an NVIDIA GPU, install CuPy with pip install "autograd-nb[gpu]" (CUDA 12; for CUDA 13 '
    "use pip install cupy-cuda13x)."
)
CUDA_TODO_DRIVER = "To use an NVIDIA GPU, install or update its driver (nvidia-smi should list it)."
CUDA_TODO_DEVICE = (
    "Check that the machine has an NVIDIA GPU and that CUDA_VISIBLE_DEVICES does not hide it."
)
CUDA_LEGACY_TYPE = (
    "type {name} not available. {reason}"  # PyTorch: "... Torch not compiled with CUDA enabled."
)
CUDA_ERROR = "CUDA error: {error}"  # PyTorch prefixes CUDA runtime errors this way
CUDA_OOM = "CUDA out of memory. {detail}"  # PyTorch: torch.OutOfMemoryError "CUDA out of memory. Tried to allocate ..."
DEVICE_EXPLICIT_INDEX = (
    "type (string) must not include an index because index was passed explicitly: {string}"
)
DEVICE_INVALID_STRING = "Invalid device string: '{string}'"
DEVICE_NO_ACCELERATOR = "Cannot access accelerator device when none is available."
DEVICE_BAD_ARGS = (
    "device() received an invalid combination of arguments - got ({type}), but expected one of:\n"
    " * (torch.device device)\n"
    "      didn't match because some of the arguments have invalid types: (!{type}!)\n"
    " * (str type, int index = -1)\n"
)
DLPACK_REQUIRES_GRAD = "Can't export tensors that require gradient, use tensor.detach()"
DLPACK_CPU_STREAM = "stream should be None on cpu."
DLPACK_NO_PROTOCOL = (
    "from_dlpack expects an object with __dlpack__ and __dlpack_device__ (got {type}) (ours)"
)
DLPACK_DEVICE = "from_dlpack: cannot import a tensor from DLPack device type {kind} (ours)"

# --- nn.Module, nn.Parameter, serialization (nn/modules/module.py, nn/parameter.py), 2.13 --------
PARAMETER_REQUIRES_GRAD_DTYPE = (
    "Only Tensors of floating point and complex dtype can require gradients"
)
MODULE_TO_DTYPE = (
    "nn.Module.to only accepts floating point or complex dtypes, but got desired dtype={dtype}"
)
STATE_DICT_POSITIONAL = (
    "Positional args are being deprecated, use kwargs instead. Refer to "
    "https://pytorch.org/docs/main/generated/torch.nn.Module.html#torch.nn.Module.state_dict"
    " for details."
)
DEVICE_TYPES = (  # PyTorch 2.13's full list
    "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, "
    "lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device string: "
    "{string}"
)
DEVICE_INDEX_TYPE = "device(): argument 'index' (position 2) must be int, not {type}"
CUDA_NOT_CUDA_DEVICE = "Invalid device, must be cuda device"

# --- optim, Generator, utils.data (optim/, _generator.py, utils/data/), PyTorch 2.13 -------------
OPTIM_PARAMS_TENSOR = (
    "params argument given to the optimizer should be an iterable of Tensors or dicts, but got "
    "{type}"
)
OPTIM_EMPTY = "optimizer got an empty parameter list"
OPTIM_GROUP_DICT = "param_group must be a dict, but got {type}"
OPTIM_PARAMS_SET = (
    "optimizer parameters need to be organized in ordered collections, but the ordering of "
    "tensors in sets will change between runs. Please use a list instead."
)
OPTIM_NAMES_MISSING = (
    "all optimizer params should be with/without names. Some param names are missing"
)
OPTIM_NAMES_MIXED = (
    "all optimizer param groups should be with/without names. cannot add param group {which} to "
    "the optimizer"
)
OPTIM_NOT_TENSOR = "optimizer can only optimize Tensors, but one of the params is {type}"
OPTIM_NON_LEAF = "can't optimize a non-leaf Tensor"
OPTIM_REQUIRED = "parameter group didn't specify a value of required optimization parameter {name}"
OPTIM_DUPLICATE_WARNING = (
    "optimizer contains a parameter group with duplicate parameters; in future, this will cause "
    "an error; see github.com/pytorch/pytorch/issues/40967 for more information"
)
OPTIM_OVERLAP = "some parameters appear in more than one parameter group"
OPTIM_LOAD_GROUPS = "loaded state dict has a different number of parameter groups"
OPTIM_LOAD_GROUP_SIZE = (
    "loaded state dict contains a parameter group that doesn't match the size of optimizer's group"
)
OPTIM_INVALID = "Invalid {what}: {value}"
OPTIM_NESTEROV = "Nesterov momentum requires a momentum and zero dampening"
OPTIM_BETA = "Invalid beta parameter at index {index}: {value}"
LR_SCHEDULER_NOT_OPTIMIZER = "{type} is not an Optimizer"
LR_SCHEDULER_INITIAL_LR = (
    "param 'initial_lr' is not specified in param_groups[{index}] when resuming scheduler with "
    "last_epoch >= 0.\nThis typically happens when:\n1. You're trying to resume training from a "
    "checkpoint but haven't properly loaded the optimizer state\n2. You're using last_epoch >= 0 "
    "for a fresh training run (not recommended)"
)
LR_SCHEDULER_ORDER_WARNING = (
    "Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch 1.1.0 and "
    "later, you should call them in the opposite order: `optimizer.step()` before "
    "`lr_scheduler.step()`.  Failure to do this will result in PyTorch skipping the first value "
    "of the learning rate schedule. See more details at "
    "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate"
)
LR_SCHEDULER_GET_LR_WARNING = (
    "To get the last learning rate computed by the scheduler, please use `get_last_lr()`."
)
LR_SCHEDULER_EPOCH_WARNING = (
    "The epoch parameter in `scheduler.step()` was not necessary and is being deprecated where "
    "possible. Please use `scheduler.step()` to step the scheduler. During the deprecation, if "
    "epoch is different from None, the closed form is used instead of the new chainable form, "
    "where available. Please open an issue if you are unable to replicate your use case: "
    "https://github.com/pytorch/pytorch/issues/new/choose."
)
LR_SCHEDULER_STEP_OVERRIDDEN_WARNING = (
    "Seems like `optimizer.step()` has been overridden after learning rate scheduler "
    "initialization. Please, make sure to call `optimizer.step()` before `lr_scheduler.step()`. "
    "See more details at https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate"
)
LR_SCHEDULER_PARAM_LENGTH = (
    "{name} must have the same length as optimizer.param_groups. {name} has {got} values, "
    "param_groups has {expected}."
)
LR_LAMBDAS_LENGTH = "Expected {expected} lr_lambdas, but got {got}"
LR_LAMBDA_NOT_CALLABLE = "lr_lambda should be a function, but got {type}"
PLATEAU_FACTOR = "Factor should be < 1.0."
PLATEAU_MIN_LRS = "expected {expected} min_lrs, got {got}"
PLATEAU_MODE = "mode {mode} is unknown!"
PLATEAU_THRESHOLD_MODE = "threshold mode {mode} is unknown!"
PLATEAU_GROUPS_CHANGED = (
    "The number of param groups in the `optimizer` ({now}) differs from when `ReduceLROnPlateau` "
    "was initialized ({then}), usually due to a new param group being added to the optimizer. "
    "Please modify the `min_lrs` field to match the length of the `optimizer` param groups."
)
ONE_CYCLE_POSITIVE = "Expected positive integer {name}, but got {value}"
ONE_CYCLE_NO_LENGTH = "You must define either total_steps OR (epochs AND steps_per_epoch)"
ONE_CYCLE_PCT_START = "Expected float between 0 and 1 pct_start, but got {value}"
ONE_CYCLE_ANNEAL = "anneal_strategy must be one of 'cos' or 'linear', instead got {value}"
ONE_CYCLE_MOMENTUM = "optimizer must support momentum or beta1 with `cycle_momentum` option enabled"
ONE_CYCLE_TOO_MANY_STEPS = (
    "Tried to step {step} times. The specified number of total steps is {total}"
)
WARM_RESTARTS_T_0 = "Expected positive integer T_0, but got {value}"
WARM_RESTARTS_T_MULT = "Expected integer T_mult >= 1, but got {value}"
WARM_RESTARTS_ETA_MIN = "Expected float or int eta_min, but got {value} of type {type}"
WARM_RESTARTS_EPOCH = "Expected non-negative epoch, but got {epoch}"
SCHEDULERS_EMPTY = "{cls} expects at least one scheduler{what}, but got no scheduler."
SCHEDULERS_NO_OPTIMIZER = "{cls} at index {index} should have `optimizer` as its attribute."
SCHEDULERS_PLATEAU = (
    "{cls} does not support `ReduceLROnPlateau` scheduler as it requires additional kwargs to be "
    "specified when calling `step`, but got one at index {index} in the given schedulers sequence."
)
SCHEDULERS_OTHER_OPTIMIZER = (
    "{cls} expects all schedulers to belong to the same optimizer, but got scheduler {name} at "
    "index {index} has {optimizer}, which is different from {expected}."
)
SEQUENTIAL_MILESTONES = (
    "Sequential Schedulers expects number of schedulers provided to be one more than the number "
    "of milestone points, but got number of schedulers {schedulers} and the number of milestones "
    "to be equal to {milestones}"
)
CYCLIC_MODE = "mode is invalid and scale_fn is None"
GENERATOR_SEED_TYPE = "manual_seed expected a long, but got {type}"
GENERATOR_SEED_OVERFLOW = "Overflow when unpacking long long"
GENERATOR_DEVICE = "{type} device type not an accelerator."
GENERATOR_STATE_TYPE = "expected a torch.ByteTensor, but got {type}"
GENERATOR_STATE_DTYPE = "RNG state must be a torch.ByteTensor"
GENERATOR_STATE_SIZE = (
    "Expected a CPUGeneratorImplState of size {expected} but found the input RNG state size to be "
    "{got}"
)
DATA_SIZE_MISMATCH = "Size mismatch between tensors"
DATA_COLLATE_TYPE = (
    "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found "
    "{type}"
)
DATA_COLLATE_SIZES = "each element in list of batch should be of equal size"
DATA_SPLIT_SUM = "Sum of input lengths does not equal the length of the input dataset!"
DATA_SPLIT_FRACTION = "Fraction at index {index} is not between 0 and 1"
DATA_SPLIT_EMPTY_WARNING = (
    "Length of split at index {index} is 0. This might result in an empty dataset."
)
DATA_BATCH_SIZE = "batch_size should be a positive integer value, but got batch_size={value}"
DATA_DROP_LAST = "drop_last should be a boolean value, but got drop_last={value}"
DATA_NUM_SAMPLES = "num_samples should be a positive integer value, but got num_samples={value}"
DATA_REPLACEMENT = "replacement should be a boolean value, but got replacement={value}"
DATA_SAMPLER_SHUFFLE = "sampler option is mutually exclusive with shuffle"
DATA_BATCH_SAMPLER_OPTIONS = (
    "batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last"
)
DATA_NUM_WORKERS = (
    "num_workers option should be non-negative; use num_workers=0 to disable multiprocessing."
)

# --- nn layers, functional ops and losses (PyTorch 2.13 wording) ---------------------------------
CONV_INPUT_DIM = (
    "Expected {unbatched}D (unbatched) or {batched}D (batched) input to {name}, but got input of "
    "size: {size}"
)
CONV_WEIGHT_RANK = "weight should have at least three dimensions"
CONV_INPUT_FOR_WEIGHT = (
    "Expected {n}-dimensional input for {n}-dimensional weight {weight}, but got "
    "{got}-dimensional input of size {size} instead"
)
CONV_WEIGHT_DIM = (
    "expected stride to be a single integer value or a list of {n} values to match the "
    "convolution dimensions, but got stride={stride}"
)
CONV_CHANNELS = (  # given: "groups=1" or, for a transposed convolution, "transposed=1"
    "Given {given}, weight of size {weight}, expected input{input} to have {expected} "
    "channels, but got {got} channels instead"
)
CONV_KERNEL_TOO_BIG = (
    "Calculated padded input size per channel: ({size}). Kernel size: ({kernel}). "
    "Kernel size can't be greater than actual input size"
)
CONV_SAME_STRIDED = "padding='same' is not supported for strided convolutions"
CONV_PADDING_STRING = "Invalid padding string: '{padding}'"
CONV_BIAS = (
    "Given {given}weight of size {weight}, expected bias to be 1-dimensional with {out} "
    "elements, but got bias of size {bias} instead"
)
CONV_DTYPES = "expected scalar type {input} but found {weight}"
CONV_BIAS_DTYPE = "Input type ({input}) and bias type ({bias}) should be the same"
CONV_GROUPS = "{name} must be divisible by groups"
CONV_MODULE_PADDING_STRING = (
    "Invalid padding string {padding!r}, should be one of {{'same', 'valid'}}"
)
POOL_INPUT_DIM = "non-empty 3D or 4D (batch mode) tensor expected for input"
POOL_EMPTY = (
    "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:"
    "{shape}"
)
POOL_PAD = (
    "pad should be at most half of effective kernel size, but got pad={pad}, "
    "kernel_size={kernel} and dilation={dilation}"
)
ADAPTIVE_POOL_RANK = "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got {size}"
ADAPTIVE_POOL_EMPTY = (
    "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but "
    "input has sizes {size} with dimension {dim} being empty"
)
ADAPTIVE_POOL_SIZE = "adaptive_avg_pool2d: output_size must be 2"
ADAPTIVE_POOL_NEGATIVE = (
    "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but "
    "received {{{h}, {w}}}"
)
ADAPTIVE_POOL_NONE_RANK = "Input dimension should be at least {rank}"
LAYER_NORM_EMPTY_SHAPE = (
    "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
    "element, but got normalized_shape = {shape}"
)
LAYER_NORM_PARAM = (
    "Expected {name} to be of same shape as normalized_shape, but got {name} of shape {got} and "
    "normalized_shape = {shape}"
)
LAYER_NORM_INPUT = (
    "Given normalized_shape={shape}, expected input with shape [*{dims}], but got input of "
    "size{size}"
)
LAYER_NORM_SHAPE_TYPE = (
    "layer_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not {type}"
)
LAYER_NORM_MIXED = "mixed dtype (CPU): expect parameter to have scalar type of {dtype}"
GELU_APPROXIMATE = "approximate argument must be either none or tanh."
ELU_INPLACE_NEGATIVE_SLOPE = (
    "In-place elu backward calculation is triggered with a negative slope which is not "
    "supported. This is caused by calling in-place forward function with a negative slope, "
    "please call out-of-place version instead."
)
HARDTANH_BOOL = "Bool inputs not supported for hardtanh"
RELU_BOOL = "Boolean inputs not supported for relu"
HARDTANH_UNSIGNED = "cannot do hardtanh on an unsigned type with negative limits"
HARDTANH_LIMITS = "min_val cannot be greater than max_val"
HARDTANH_MODULE_LIMITS = "max_val ({max_val}) must be greater than min_val ({min_val})"
HARDTANH_DEPRECATED_KEYWORD = "keyword argument `{old}` is deprecated and renamed to `{new}`"
PRELU_PROMOTE = "prelu: Type promoting not supported. Got {input} and {weight}"
PRELU_WEIGHT_DIM = "prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {ndim}"
PRELU_ZERO_DIM = "Not allow zero-dim input tensor."
PRELU_CHANNELS = (
    "Mismatch of parameter numbers and input channel size. Found parameter numbers = {weights} "
    "and channel size = {channels}."
)
BN_ONE_VALUE = "Expected more than 1 value per channel when training, got input size {size}"
BN_RUNNING_SIZE = "{name} should contain {expected} elements not {got}"
BN_MODULE_DIM = "expected {expected} input (got {got}D input)"
BN_EVAL_NO_STATS = "running_mean must be defined in evaluation mode"
LOSS_REDUCTION = "{reduction} is not a valid value for reduction"
KL_DIV_MEAN = (
    "reduction: 'mean' divides the total loss by both the batch size and the support size."
    "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
    "'mean' will be changed to behave the same as 'batchmean' in the next major release."
)
PAD_SEQUENCE_ITERABLE = (
    "pad_sequence: Expected iterable for input sequences, but got arg of type: {type}"
)
PAD_SEQUENCE_EMPTY = "received an empty list of sequences"
PAD_SEQUENCE_SLICE = "ArrayRef: invalid slice, N = 1; size = 0"
PAD_SEQUENCE_SIDE = "Expected padding_side to be one of left or right, but got {side}."
KL_DIV_INTEGRAL = "kl_div: Integral inputs not supported."
LOSS_LEGACY_REDUCTION = (
    "size_average and reduce args will be deprecated, please use reduction='{reduction}' instead."
)
LOSS_SIZE_WARNING = (
    "Using a target size ({target}) that is different to the input size ({input}). This will "
    "likely lead to incorrect results due to broadcasting. Please ensure they have the same size."
)
SMOOTH_L1_BETA = "smooth_l1_loss does not support negative values for beta."
HUBER_DELTA = "huber_loss does not support non-positive values for delta."
HUBER_WEIGHT_SIZE = "Weights and input must have the same size."
HUBER_REDUCTION = "Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'."
NLL_BATCH = "Expected input batch_size ({input}) to match target batch_size ({target})."
NLL_TARGET_BOUNDS = "Target {target} is out of bounds."
NLL_TARGET_DTYPE = "expected target dtype to be Long or Byte, but got {dtype}"
NLL_MULTI_TARGET = "0D or 1D target tensor expected, multi-target not supported"
NLL_WEIGHT = (
    "weight tensor should be defined either for all {classes} classes or no classes but got "
    "weight tensor of shape: {shape}"
)
NLL_SPATIAL_TARGET = (
    "only batches of spatial targets supported (3D tensors) but got targets of dimension: {dim}"
)
NLL_SPATIAL_SIZE = "size mismatch (got input: {input} , target: {target}"
NLL_ND_TARGET_SIZE = "Expected target size {expected}, got {got}"
CE_PROB_IGNORE_INDEX = "ignore_index is not supported for floating point target"
CE_LABEL_SMOOTHING = "label_smoothing must be between 0.0 and 1.0. Got: {value}"
NLL_1D_TARGET = "For 1D input, 1D target must have size 1, but got target size: {size}"
BCE_SIZE = (
    "Using a target size ({target}) that is different to the input size ({input}) is "
    "deprecated. Please ensure they have the same size."
)
BCE_RANGE = "all elements of input should be between 0 and 1"
BCE_TARGET_DTYPE = "Found dtype {found} but expected {expected}"
CE_PROB_TARGET_DTYPE = (
    "Expected floating point type for target with class probabilities, got {dtype}"
)
BCE_LOGITS_SIZE = "Target size ({target}) must be the same as input size ({input})"
ONE_HOT_DTYPE = "one_hot is only applicable to index tensor of type LongTensor."
ONE_HOT_TOO_BIG = "Class values must be smaller than num_classes."
ONE_HOT_NEGATIVE = "Class values must be non-negative."
PAD_ODD = "Padding length must be divisible by 2"
PAD_TOO_LONG = (
    "Padding length should be less than or equal to two times the input dimension but got "
    "padding length {length} and input of dimension {dim}"
)
PAD_NEGATIVE_SIZE = "narrow(): length must be non-negative."
DROPOUT_P = "dropout probability has to be between 0 and 1, but got {p}"
EMBEDDING_INDEX = "index out of range in self"
EMBEDDING_DTYPE = (
    "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, "
    "Int; but got {type} instead (while checking arguments for embedding)"
)
RNN_DROPOUT = (
    "dropout should be a number in range [0, 1] representing the probability of an element being "
    "zeroed"
)
RNN_DROPOUT_ONE_LAYER = (
    "dropout option adds dropout after all but last recurrent layer, so non-zero dropout expects "
    "num_layers greater than 1, but got dropout={dropout} and num_layers={num_layers}"
)
RNN_ARG_TYPE = "{name} should be of type {type}, got: {got}"
RNN_ARG_POSITIVE = "{name} must be greater than zero"
RNN_PROJ_NEGATIVE = "proj_size should be a positive integer or zero to disable projections"
RNN_PROJ_TOO_BIG = "proj_size has to be smaller than hidden_size"
RNN_PROJ_NOT_LSTM = "proj_size argument is only supported for LSTM, not RNN or GRU"
RNN_PROJ_OURS = "proj_size > 0 is not supported (ours)"
RNN_NONLINEARITY = "Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'."
RNN_INPUT_RANK = "{name}: Expected input to be 2D or 3D, got {dim}D instead"
RNN_INPUT_RANK_TENSOR = "RNN: Expected input to be 2D or 3D, got {dim}D tensor instead"
RNN_HX_RANK = "For {kind} input, hx should also be {rank}-D but got {dims[0]}-D tensor"
LSTM_HX_RANK = (
    "For {kind} input, hx and cx should also be {rank}-D but got ({dims[0]}-D, {dims[1]}-D) tensors"
)
RNN_DTYPE = (
    "RNN input dtype ({input}) does not match weight dtype ({weight}). Convert input: "
    "input.to({weight}), or convert model: model.to({input})"
)
RNN_INPUT_SIZE = "input.size(-1) must be equal to input_size. Expected {expected}, got {got}"
RNN_HIDDEN_SIZE = "Expected {name} size {expected}, got {got}"
SOFTMAX_IMPLICIT_DIM = (
    "Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X "
    "as an argument."
)
GENERATOR_DEVICE_MISMATCH = "Expected a '{expected}' device type for generator but found '{got}'"
DLPACK_SIMULATED = (
    "the simulated CUDA device (array-api-strict) has no GPU memory to share through DLPack; "
    "use .cpu() first (ours)"
)
BACKWARD_PRE_HOOK_COUNT = (
    "Backward pre hook returned an invalid number of grad_output, got {got}, but expected "
    "{expected}"
)
FULL_BACKWARD_HOOK_NO_INPUT_GRAD = (
    "Full backward hook is firing when gradients are computed with respect to module outputs "
    "since no inputs require gradients. See "
    "https://docs.pytorch.org/docs/main/generated/torch.nn.Module.html"
    "#torch.nn.Module.register_full_backward_hook for more details."
)
MODULE_BACKWARD_HOOK_KINDS = (
    "Cannot use both regular backward hooks and full backward hooks {where}. "
    "Please use only one of them."
)
MODULE_BACKWARD_HOOK_KINDS_LOCAL = "on a single Module"
MODULE_BACKWARD_HOOK_KINDS_GLOBAL = "as a global Module hook"
BACKWARD_HOOKS_OUTPUT_TYPE = (
    "For backward hooks to be called, module output should be a Tensor or a tuple of Tensors "
    "but received {type}"
)
ALWAYS_CALL_HOOK_SILENCED = (
    "{scope}module forward hook with ``always_call=True`` raised an exception that was silenced "
    "as another error was raised in forward: {error}"
)
NON_FULL_HOOK_DEAD_MODULE = "You are trying to call the hook of a dead Module!"
_NON_FULL_HOOK_ADVICE = "Please use register_full_backward_hook to get the documented behavior."
NON_FULL_HOOK_OUTPUT_TYPE = (
    "Using non-full backward hooks on a Module that does not return a single Tensor or a tuple "
    "of Tensors is deprecated and will be removed in future versions. This hook will be missing "
    "some of the grad_output. " + _NON_FULL_HOOK_ADVICE
)
NON_FULL_HOOK_INPUT_TYPE = (
    "Using non-full backward hooks on a Module that does not take as input a single Tensor or a "
    "tuple of Tensors is deprecated and will be removed in future versions. This hook will be "
    "missing some of the grad_input. " + _NON_FULL_HOOK_ADVICE
)
NON_FULL_HOOK_NESTED_OUTPUTS = (
    "Using a non-full backward hook when outputs are nested in python data structure is "
    "deprecated and will be removed in future versions. This hook will be missing some "
    "grad_output."
)
NON_FULL_HOOK_OUTPUT_NODES = (
    "Using a non-full backward hook when outputs are generated by different autograd Nodes is "
    "deprecated and will be removed in future versions. This hook will be missing some "
    "grad_output. " + _NON_FULL_HOOK_ADVICE
)
NON_FULL_HOOK_FORWARD_NODES = (
    "Using a non-full backward hook when the forward contains multiple autograd Nodes is "
    "deprecated and will be removed in future versions. This hook will be missing some "
    "grad_input. " + _NON_FULL_HOOK_ADVICE
)
DTYPE_NOT_ON_DEVICE = (
    "{dtype} is not available on {device}: {backend} has no such dtype (ours); the dtypes there "
    "are {supported}"
)

# --- more ops (equal/isclose, lerp, addcdiv, sort/topk, tril, diag, cross, meshgrid, ...) ---------
ADDCDIV_INTEGER = (
    "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
    "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
    "implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer "
    "inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
    "behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all "
    "dtypes."
)
LERP_DTYPE = "expected dtype {expected} for `{arg}` but got dtype {got}"
DTYPE_DID_NOT_MATCH = "{a} did not match {b}"
TOPK_RANGE = "selected index k out of range"
NEEDS_2D = "{name}: input tensor must have at least 2 dimensions"
TRACE_MATRIX = "trace: expected a matrix, but got tensor with dim {dim}"
DIAG_DIMS = "diag(): Supports 1D or 2D tensors. Got {dim}D"
CROSS_LENGTH = "linalg.cross: inputs dimension {dim} must have length 3. Got {a} and {b}"
CROSS_NO_DIM = (
    "Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the dim "
    "explicitly or simply use torch.linalg.cross.\nThe default value of dim will change to agree "
    "with that of linalg.cross in a future release."
)
MESHGRID_INDEXING = (
    "torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument."
)
TENSORDOT_SIZES = (
    "contracted dimensions need to match, but first has size {a} in dim {da} and second has size "
    "{b} in dim {db}"
)
EINSUM_SIZE = (
    "einsum(): subscript {letter} has size {size} for operand {index} which does not broadcast "
    "with previously seen size {seen}"
)
CDIST_COLUMNS = "X1 and X2 must have the same number of columns. X1: {a} X2: {b}"
ROLL_ALIGN = "shifts and dimensions must align. shifts: {shifts}, dims:{dims}"
DIFF_0D = "diff expects input to be at least one-dimensional"
AMINMAX_EMPTY = (
    "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity."
)
ALPHA_INTEGRAL = "For integral input tensors, argument alpha must not be a floating point number."
DIAGONAL_SAME_DIMS = "diagonal dimensions cannot be identical {d1}, {d2}"
MESHGRID_MODE = 'torch.meshgrid: indexing must be one of "xy" or "ij", but received: {indexing}'
EINSUM_OPERANDS = "einsum(): more operands were provided than specified in the equation"
EINSUM_DIMS = (
    "einsum(): the number of subscripts in the equation ({subscripts}) does not match the number "
    "of dimensions ({dims}) for operand {index} and no ellipsis was given"
)

# --- lessons (notebooks/): legacy API warnings, PyTorch 2.13 wording ------------------------------
SET_DEFAULT_TENSOR_TYPE_DEPRECATED = (
    "torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
    "torch.set_default_dtype() and torch.set_default_device() as alternatives."
)
ONE_ELEMENT_SCALAR = "only one element tensors can be converted to Python scalars"
SCALAR_OF_GRAD_TENSOR = (
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior.\n"
    "Consider using tensor.detach() first."
)
OUT_NOT_TENSOR = "{name}(): argument 'out' must be Tensor, not {type}"
OUT_REQUIRES_GRAD = (
    "{name}(): functions with out=... arguments don't support automatic differentiation, but "
    "one of the arguments requires grad."
)
OUT_DEVICE = "Expected out tensor to have device {expected}, but got {got} instead"
OUT_RESIZED = (
    "An output with one or more elements was resized since it had shape {old}, which does not "
    "match the required output shape {new}. This behavior is deprecated, and in a future "
    "PyTorch release outputs will not be resized unless they have zero elements. You can "
    "explicitly reuse an out tensor t by resizing it, inplace, to zero elements with "
    "t.resize_(0)."
)

# unique / bincount, and ops PyTorch gives no derivative
NO_DERIVATIVE = "the derivative for '{op}' is not implemented."
ATEN_NO_DERIVATIVE = "derivative for aten::{op} is not implemented"
BINCOUNT_INPUT = "bincount only supports 1-d non-negative integral inputs."
LR_CONSTANT_FACTOR = "Constant multiplicative factor expected to be between 0 and 1."
LR_LINEAR_START_FACTOR = (
    "Starting multiplicative factor expected to be greater than 0 and less or equal to 1."
)
LR_LINEAR_END_FACTOR = "Ending multiplicative factor expected to be between 0 and 1."

# --- finfo / iinfo, nanmean, random_, quantile (PyTorch 2.13 wording) -----------------------------
TYPE_INFO_MISSING = '{kind}() missing 1 required positional arguments: "type"'
TYPE_INFO_ARG = "{kind}(): argument 'type' (position 1) must be torch.dtype, not {got}"
FINFO_NOT_FLOAT = (
    "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'"
)
IINFO_NOT_INT = (
    "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'"
)
IINFO_BOOL = "torch.bool is not supported by torch.iinfo"
NANMEAN_INPUT = "nanmean(): expected input to have floating point or complex dtype but got {dtype}"
NANMEAN_DTYPE = (
    "nanmean(): could not infer output dtype. Optional dtype must be either a "
    "floating point or complex dtype. Got: {dtype}"
)
RANDOM_BOUND = "{which} is out of bounds for {ctype}"
QUANTILE_DTYPE = "quantile() input tensor must be either float or double dtype"
QUANTILE_Q_DTYPE = "quantile() q tensor must be same dtype as the input tensor"
QUANTILE_Q_DIM = "quantile() q must be a scalar or 1D tensor"
QUANTILE_Q_RANGE = "quantile() q must be in the range [0, 1] but got {q}"
QUANTILE_Q_VALUES = "quantile() q values must be in the range [0, 1]"
QUANTILE_EMPTY = "quantile() input tensor must be non-empty"
QUANTILE_INTERPOLATION = (
    "quantile() interpolation must be one of linear, lower, higher, "
    "midpoint or nearest, but got {interpolation}"
)
QUANTILE_ARGS = (
    "{name}() received an invalid combination of arguments - got (Tensor, {type}), but expected "
    "one of:\n * (Tensor input, Tensor q, int dim = None, bool keepdim = False, *, str "
    'interpolation = "linear", Tensor out = None)\n * (Tensor input, float q, int dim = None, '
    'bool keepdim = False, *, str interpolation = "linear", Tensor out = None)\n'
)
RANDOM_PRECISION = (
    "{which} is out of bounds [-(2^{digits}), 2^{digits}]. Due to precision limitations {ctype} "
    "can support discrete uniform distribution only within this range. This warning will become "
    "an error in version 1.7 release, please fix the code in advance"
)
RANDOM_ARGS = (
    "random_() received an invalid combination of arguments - got ({got}), but expected one "
    "of:\n * (*, torch.Generator generator = None)\n * (int from, int to, *, torch.Generator "
    "generator = None)\n * (int to, *, torch.Generator generator = None)\n"
)

# --- 1-D and adaptive max pooling, group/instance norm, upsampling (PyTorch 2.13's words) ---
MAX_POOL1D_DIM = (
    "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch "
    "size for input, but got:{size}"
)
MAX_POOL1D_PAD = (
    "max_pool1d() padding should be at most half of kernel size, but got "
    "padding={pad} and kernel_size={kernel}"
)
MAX_POOL1D_OUTPUT = "max_pool1d() Invalid computed output size: {size}"
POOL1D_DIM = (
    "Expected 2 to 3 dimensions, but got {ndim}-dimensional tensor for argument #1 "
    "'self' (while checking arguments for {name})"
)
POOL1D_OUTPUT_SIZE = "{name}() argument 'output_size' should contain one int (got {got})"
POOL1D_OUTPUT_TYPE = (
    "{name}(): argument 'output_size' (position 2) must be tuple of ints, not {type}"
)
ADAPTIVE_MAX_POOL_RANK = "{name}(): Expected {low}D or {high}D tensor, but got: {size}"
ADAPTIVE_MAX_POOL_SIZE = "{name}(): internal error: output_size.size() must be {nd}"
ADAPTIVE_MAX_POOL_EMPTY = ADAPTIVE_POOL_EMPTY.replace("adaptive_avg_pool2d", "{name}")
GROUP_NORM_CHANNELS = "num_channels ({channels}) must be divisible by num_groups ({groups})"
GROUP_NORM_INPUT_DIM = "Expected at least 2 dimensions for input tensor but received {ndim}"
GROUP_NORM_DIVISIBLE = (
    "Expected number of channels in input to be divisible by num_groups, but "
    "got input of shape {shape} and num_groups={groups}"
)
GROUP_NORM_PARAM = (
    "Expected {name} to be a vector of size equal to the number of channels in "
    "input, but got {name} of shape {got} and input of shape {shape}"
)
INSTANCE_NORM_SPATIAL = "Expected more than 1 spatial element when training, got input size {size}"
INSTANCE_NORM_NO_STATS = (
    "Expected running_mean and running_var to be defined when use_input_stats is false"
)
INSTANCE_NORM_FEATURES = (
    "expected input's size at dim={dim} to match num_features ({features}), but got: {got}."
)
INSTANCE_NORM_FEATURES_WARNING = (
    "input's size at dim={dim} does not match num_features. You can silence this warning by not "
    "passing in num_features, which is not used because affine=False"
)
INTERP_BOTH = "only one of size or scale_factor should be defined"
INTERP_NEITHER = "either size or scale_factor should be defined"
INTERP_SIZE_DIMS = (
    "Input and output must have the same number of spatial dimensions, but got input with "
    "spatial dimensions of {spatial} and output size of {size}. Please provide input tensor in "
    "(N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format."
)
INTERP_SCALE_DIMS = (
    "Input and scale_factor must have the same number of spatial dimensions, but got input with "
    "spatial dimensions of {spatial} and scale_factor of shape {scale}. Please provide input "
    "tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format."
)
INTERP_SIZE_TYPES = (
    "expected size to be one of int or Tuple[int] or Tuple[int, int] or "
    "Tuple[int, int, int], but got size with types {types}"
)
INTERP_RECOMPUTE = "recompute_scale_factor is not meaningful with an explicit size."
INTERP_ALIGN = (
    "align_corners option can only be set with the interpolating modes: linear | "
    "bilinear | bicubic | trilinear"
)
INTERP_ANTIALIAS = (
    "Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and "
    "requires a 4-D tensor as input"
)
INTERP_MODE_RANK = "Got {ndim}D input, but {mode} mode needs {needed}D input"
INTERP_UNSUPPORTED = (
    "Input Error: Only 3D, 4D and 5D input Tensors supported (got {ndim}D) for the modes: "
    "nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact "
    "(got {mode})"
)
INTERP_NOT_IMPLEMENTED = (
    "interpolate mode {mode!r} on {ndim}D input is not implemented in autograd_nb"
)
INTERP_SIZES_1D = (
    "Input and output sizes should be greater than 0, but got input (W: {w}) and output (W: {ow})"
)
INTERP_SIZES_2D = (
    "Input and output sizes should be greater than 0, but got input (H: {h}, W: "
    "{w}) output (H: {oh}, W: {ow})"
)
UPSAMPLE_DEPRECATED = (
    "`nn.functional.{name}` is deprecated. Use `nn.functional.interpolate` instead."
)
# --- more optimizers: Adadelta, Rprop, LBFGS (optim/), PyTorch 2.13 --------------------------------
OPTIM_ETAS = "Invalid eta values: {eta0}, {eta1}"
LBFGS_GROUPS = "LBFGS doesn't support per-parameter options (parameter groups)"
LBFGS_ONE_GROUP = "Expected exactly one param_group, but got {count}"
LBFGS_LINE_SEARCH = "only 'strong_wolfe' is supported"
# --- margin, embedding and likelihood losses (ops/loss_margin.py) ---------------------------------
LOSS_REDUCTION_INVALID = "{reduction} is not valid"
LOSS_NOT_DIFFERENTIABLE = (
    "The function '{function}' is not differentiable with respect to "
    "argument '{arg}'. This input cannot have requires_grad True."
)
MARGIN_INPUT_SHAPE = (
    "Expected non-empty vector or matrix with optional 0-dim batch size, but got: {shape}"
)
MULTI_MARGIN_TARGET = (
    "multi_margin_loss: target tensor should be 1-D with size equal to the number of input "
    "samples (batch size). Expected target size [{samples}], but got {got}. Input has shape "
    "{shape}."
)
MULTI_MARGIN_WEIGHT = "inconsistent weight size, expected {classes} but got {got}"
MULTI_MARGIN_RANGE = "target out of range"
MULTI_MARGIN_P = "only p == 1 and p == 2 supported"
MULTI_MARGIN_WEIGHT_DIM = "weight must be one-dimensional"
MULTI_MARGIN_MODULE_WEIGHT = (
    "MultiMarginLoss: expected weight to be None or 1D tensor, got {dim}D instead"
)
MULTILABEL_MARGIN_TARGET = "inconsistent target size: {target} for input of size: {input}"
MULTILABEL_MARGIN_RANGE = "argument #2 'target' is out of range"
MARGIN_RANKING_DIMS = (
    "margin_ranking_loss : All input tensors should have same dimension but got sizes: "
    "input1: {input1}, input2: {input2}, target: {target} "
)
COSINE_EMBEDDING_TARGET = "0D or 1D target tensor expected, multi-target not supported"
COSINE_EMBEDDING_INPUTS = (
    "{target}D target tensor expects {inputs}D input tensors, but found "
    "inputs with sizes {a} and {b}."
)
TRIPLET_DIMS = (
    "The anchor, positive, and negative tensors are expected to have the same number "
    "of dimensions, but got: anchor {a}D, positive {p}D, and negative {n}D inputs"
)
TRIPLET_MARGIN = "margin must be greater than 0, got {margin}"
TRIPLET_MODULE_MARGIN = "{name}: expected margin to be greater than 0, got {margin} instead"
GAUSSIAN_NLL_NEGATIVE = "var has negative entry/entries"
GAUSSIAN_NLL_VAR_SIZE = "var is of incorrect size"
# --- transposed convolutions, bilinear, RNN cells (PyTorch 2.13 wording) -------------------------
CONV_GROUPS_POSITIVE = "non-positive groups is not supported"
CONV_GROUPS_WEIGHT = (
    "Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, but got "
    "weight of size [{weight}] instead"
)
CONV_WEIGHT_AT_LEAST = (
    "Given groups={groups}, expected weight to be at least {groups} at dimension 0, but got "
    "weight of size {weight} instead"
)
CONV_NEGATIVE_PADDING = "negative padding is not supported"
CONV_STRIDE_POSITIVE = "non-positive stride is not supported"
CONV_T_OUTPUT_PADDING = (
    "output padding must be smaller than either stride or dilation, but got "
    "output_padding_height: {op[0]} output_padding_width: {op[1]} stride_height: {stride[0]} "
    "stride_width: {stride[1]} dilation_height: {dilation[0]} dilation_width: {dilation[1]}"
)
CONV_T_OUTPUT_TOO_SMALL = (
    "Given input size per channel: ({size}). Calculated output size per channel: ({out}). "
    "Output size is too small"
)
CONV_T_PADDING_STRING = "{name}(): argument 'padding' must be tuple of ints, not str"
CONV_T_PADDING_MODE = 'Only "zeros" padding mode is supported for {name}'
CONV_T_OUTPUT_SIZE_LENGTH = (
    "ConvTranspose{nd}D: for {dim}D input, output_size must have {nd} or {full} elements "
    "(got {got})"
)
CONV_T_OUTPUT_SIZE_RANGE = (
    "requested an output size of {size}, but valid sizes range from {low} to {high} (for an "
    "input of {input})"
)
BILINEAR_RANKS = "bilinear(): input dimensions do not match: got {a} and {b}"
BILINEAR_BATCH = "bilinear(): input batch dimensions do not match at dim {dim}: got {a} and {b}"
BILINEAR_SIZE = (
    "bilinear(): {name} size does not match weight size: got {got} but expected {expected}"
)
RNN_CELL_RANK = "{name}: Expected {what} to be 1D or 2D, got {dim}D instead"
RNN_CELL_NONLINEARITY = "Unknown nonlinearity: {nonlinearity}"
RNN_CELL_INPUT_SIZE = "input has inconsistent input_size: got {got} expected {expected}"
RNN_CELL_BATCH = "Input batch size {input} doesn't match hidden{k} batch size {hidden}"
RNN_CELL_HIDDEN_SIZE = "hidden{k} has inconsistent hidden_size: got {got}, expected {expected}"
LSTM_CELL_HX_TYPE = "lstm_cell(): argument 'hx' (position 2) must be tuple of Tensors, not {type}"
# --- torch.linalg decompositions and solvers (ops/decompositions.py) ---------------------------
LINALG_DIMS = "{name}: The input tensor {arg} must have at least 2 dimensions."
LINALG_FLOAT = "{name}: Expected a floating point or complex tensor as input. Got {dtype}"
LINALG_LOW_PRECISION = "{name}: Low precision dtypes not supported. Got {dtype}"
LINALG_SQUARE = (
    "{name}: A must be batches of square matrices, but they are {rows} by {cols} matrices"
)
LINALG_BATCH = "(Batch element {index}): "
LU_DIMS = "torch.lu_factor: Expected tensor with 2 or more dimensions. Got size: {size} instead"
LU_NO_PIVOT = "{name}: LU without pivoting is not implemented on the CPU"
LU_FACTOR_SINGULAR = (
    "torch.linalg.lu_factor: {batch}U[{info},{info}] is zero and using it on lu_solve would "
    "result in a division by zero. If you still want to perform the factorization, consider "
    "calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)"
)
LU_UNPACK_PIVOTS_DTYPE = (
    "torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of torch.int32 dtype.\n"
    "Note: this function is intended to be used with the output produced by torch.linalg.lu_factor"
)
LU_SOLVE_SHAPES = (
    "linalg.lu_solve: Incompatible shapes of A and B for the equation {eq} ({n}x{n} and "
    "{rows}x{cols})"
)
TORCH_LU_DEPRECATED = (
    "torch.lu is deprecated in favor of torch.linalg.lu_factor / torch.linalg.lu_factor_ex and "
    "will be removed in a future PyTorch release.\nLU, pivots = torch.lu(A, compute_pivots)\n"
    "should be replaced with\nLU, pivots = torch.linalg.lu_factor(A, compute_pivots)\nand\n"
    "LU, pivots, info = torch.lu(A, compute_pivots, get_infos=True)\nshould be replaced with\n"
    "LU, pivots, info = torch.linalg.lu_factor_ex(A, compute_pivots)"
)
TORCH_LU_SOLVE_DEPRECATED = (
    "torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a "
    "future PyTorch release.\nNote that torch.linalg.lu_solve has its arguments reversed.\n"
    "X = torch.lu_solve(B, LU, pivots)\nshould be replaced with\n"
    "X = torch.linalg.lu_solve(LU, pivots, B)"
)
LINALG_SINGULAR_INV = (
    "{name}: {batch}The diagonal element {info} is zero, the inversion could "
    "not be completed because the input matrix is singular."
)
LINALG_SINGULAR_SOLVE = (
    "torch.linalg.solve: {batch}The solver failed because the input matrix is singular."
)
LINALG_NOT_PD = (
    "{name}: {batch}The factorization could not be completed because the input is "
    "not positive-definite (the leading minor of order {info} is not "
    "positive-definite)."
)
LINALG_SOLVE_SHAPES = (
    "linalg.solve: Incompatible shapes of A and B for the equation {eq} ({a0}x{a1} and {b0}x{b1})"
)
LINALG_SOLVE_DTYPES = (
    "linalg.solve: Expected A and B to have the same dtype, but found A of "
    "type {a} and B of type {b} instead"
)
LINALG_UPLO = "Expected UPLO argument to be 'L' or 'U', but got {uplo}"
LINALG_QR_MODE = (
    "qr received unrecognized mode '{mode}' but expected one of 'reduced' "
    "(default), 'r', or 'complete'"
)
LINALG_QR_R_BACKWARD = (
    "The derivative of linalg.qr depends on Q, which is not computed when "
    "mode='r'. Please use linalg.qr(A, mode='reduced') if you are going to "
    "differentiate through linalg.qr."
)
LINALG_QR_COMPLETE_BACKWARD = (
    "The QR decomposition is not differentiable when mode='complete' and nrows > ncols."
)
LINALG_PINV_INPUT = (
    "linalg.pinv({dtype}{{[{shape}]}}): expected a tensor with 2 or more "
    "dimensions of float, double, cfloat or cdouble types"
)
LINALG_RANK_DIMS = (
    "torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions."
)
LINALG_RANK_DTYPE = "This function doesn't handle types other than float and double"
LSTSQ_ROWS = "torch.linalg.lstsq: input.size(-2) should match other.size(-2)"
LSTSQ_DRIVER = "torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)"
LSTSQ_DTYPES = (
    "torch.linalg.lstsq: Expected input and other to have the same dtype, but got "
    "input's dtype {a} and other's dtype {b}"
)
CHOLESKY_DEPRECATED = (
    "torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a "
    "future PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\n"
    "L = torch.linalg.cholesky(A)\nand\nU = torch.cholesky(A, upper=True)\nshould be replaced "
    "with\nU = torch.linalg.cholesky(A).mH\nThis transform will produce equivalent results for "
    "all valid (symmetric positive definite) inputs. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp:1765.)"
)
# xlogy, take, searchsorted/bucketize, histc/histogram, block_diag, combinations, vander,
# trapezoid, cov, renorm, dist (ops/special_fns, indexing, sorting, counting, construction,
# scans, statistics, reduction)
XLOGY_ARGS = (
    "{name}() received an invalid combination of arguments - got ({a}, {b}), but expected one "
    "of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n * (Number self, Tensor other, "
    "*, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n"
)
TAKE_INDEX_DTYPE = "take(): Expected a long tensor for index, but got {dtype}"
TAKE_RANGE = "out of range: tried to access index {index} on a tensor of {n} elements."
SEARCHSORTED_SIDE = "torch.searchsorted(): side can only be 'left' or 'right' but got {side}"
SEARCHSORTED_OPPOSITE = (
    "torch.searchsorted(): side and right can't be set to opposites, got "
    "side of {side} while right was True"
)
SEARCHSORTED_SHAPES = (
    "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions "
    "of boundaries tensor and input value tensor must match, but we got boundaries tensor {seq} "
    "and input value tensor {values}"
)
BUCKETIZE_DIM = "boundaries tensor must be 1 dimension, but got dim({dim})"
HISTOGRAM_BINS = "torch.histogram(): bins must be > 0, but got {bins} for dimension {dim}"
HISTOGRAMDD_DIMS = "torch.histogramdd: input tensor should have at least 2 dimensions"
HISTOGRAMDD_BINS_LENGTH = (
    "histogramdd: The size of bins must be equal to the innermost dimension of the input."
)
HISTOGRAMDD_RANGE_LENGTH = (
    "torch.histogramdd: for a {d}-dimensional histogram range should have {n} elements, but got "
    "{got}"
)
HISTC_RANGE = "torch.histc: max must be larger than min"
HISTOGRAM_RANGE = (
    "torch.histogramdd: min should not exceed max, but got min {low:g} max {high:g} for "
    "dimension {dim}"
)
BLOCK_DIAG_DIMS = (
    "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input {i} "
    "has {dim} dimensions"
)
EXPECT_1D = "Expect a 1D vector, but got shape {shape}"
COMBINATIONS_R = "Expect a non-negative number, but got {r}"
VANDER_DIM = "x must be a one-dimensional tensor."
VANDER_N = "N must be non-negative."
TRAPEZOID_X_SIZE = "{name}: There must be one `x` value for each sample point"
TRAPEZOID_BOTH = (
    "{name}() received an invalid combination of arguments - got (Tensor, Tensor, dx={dx}), but "
    "expected one of:\n * (Tensor y, Tensor x, *, int dim = -1)\n * (Tensor y, *, Number dx = 1, "
    "int dim = -1)\n"
)
COV_DIMS = (
    "cov(): expected input to have two or fewer dimensions but got an input with {dim} dimensions"
)
COV_WEIGHTS_DIM = (
    "cov(): expected {name} to have one or fewer dimensions but got {name} with {dim} dimensions"
)
COV_WEIGHTS_NUMEL = (
    "cov(): expected {name} to have the same numel as there are observations "
    "in the input but got {n} != {observations}"
)
COV_WEIGHTS_NEGATIVE = "cov(): {name} cannot be negative"
COV_FWEIGHTS_DTYPE = (
    "cov(): expected fweights to have integral dtype but got fweights with {dtype} dtype"
)
COV_AWEIGHTS_DTYPE = (
    "cov(): expected aweights to have floating point dtype but got aweights with {dtype} dtype"
)
COV_DOF = (
    "cov(): degrees of freedom is <= 0. Correction should be strictly less than the "
    "number of observations."
)
RENORM_MAXNORM = "renorm: expected maxnorm to be >= 0 but got {maxnorm}"
RENORM_P = "renorm: non-positive-norm not supported"
RENORM_DIMS = "renorm: input needs at least 2 dimensions, got {dim} dimensions"
NORM_DTYPE = "norm(): input dtype should be either floating point or complex. Got {dtype} instead."
# --- more activations, non-constant padding, channel dropout, pixel shuffle --------------------
CELU_ALPHA_ZERO = "ZeroDivisionError: alpha cannot be 0 for CELU"
SOFTSHRINK_LAMBDA = "lambda must be in range [0, {max}] for input dtype {dtype}, but found {lambd}"
GLU_SCALAR = "glu does not support scalars because halving size must be even"
GLU_ODD = "Halving dimension must be even, but dimension {dim} is size {size}"
SOFTMAX2D_DIM = "Softmax2d: expected input to be 3D or 4D, got {ndim}D instead"
PAD_MODE = "Unrecognised padding mode {mode}"
PAD_MODE_VALUE = 'Padding mode "{mode}" doesn\'t take in value argument'
PAD_MODE_DIMS = (
    "Padding size {size} is not supported for {ndim}D input tensor.\n"
    "Supported combinations for non-constant padding:\n"
    "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
    "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
    "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)"
)
PAD_EMPTY = (
    "Expected {low}D or {high}D (batch mode) tensor with possibly 0 batch size and other non-zero "
    "dimensions for input, but got: {shape}"
)
PAD_REFLECT_SIZE = (
    "Argument #{arg}: Padding size should be less than the corresponding input dimension, but "
    "got: padding ({before}, {after}) at dimension {dim} of input {shape}"
)
PAD_TOO_SMALL = "input (W: {size}) is too small. Calculated output W: {out}"
PAD_CIRCULAR_WRAP = "Padding value causes wrapping around more than once."
PAD_LAYER_DIMS = "expected {low}D or {high}D input (got {ndim}D input)"
DROPOUT1D_DIM = (
    "dropout1d: Expected 2D or 3D input, but received a {ndim}D input. Note that dropout1d exists "
    "to provide channel-wise dropout on inputs with 1 spatial dimension, a channel dimension, and "
    "an optional batch dimension (i.e. 2D or 3D inputs)."
)
DROPOUT2D_DIM = (
    "dropout2d: Received a {ndim}-D input to dropout2d, which is deprecated and will result in an "
    "error in a future release. To retain the behavior and silence this warning, please use "
    "dropout instead. Note that dropout2d exists to provide channel-wise dropout on inputs with 2 "
    "spatial dimensions, a channel dimension, and an optional batch dimension (i.e. 3D or 4D "
    "inputs)."
)
DROPOUT2D_3D = (
    "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout "
    "behavior is desired - input is interpreted as shape (N, C, L), where C is the channel dim. "
    "This behavior will change in a future release to interpret the input as one without a batch "
    "dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout behavior, please "
    "switch to using dropout1d instead."
)
PIXEL_INT_ARG = "{name}(): argument '{arg}' (position 2) must be int, not {type}"
PIXEL_DIMS = (
    "{name} expects input to have at least 3 dimensions, but got input with {ndim} dimension(s)"
)
PIXEL_FACTOR = "{name} expects a positive {arg}, but got {factor}"
PIXEL_CHANNELS = (
    "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
    "upscale_factor, but input.size(-3)={channels} is not divisible by {square}"
)
PIXEL_UNSHUFFLE_SIZE = (
    "pixel_unshuffle expects {which} to be divisible by downscale_factor, but "
    "input.size({dim})={size} is not divisible by {factor}"
)

# --- attention and transformer layers (nn/functional_attention.py, nn/modules/attention.py, ---
# --- nn/modules/transformer.py) -----------------------------------------------------------------
SDPA_DTYPES = (
    "Expected query, key, and value to have the same dtype, but got query.dtype: {q} "
    "key.dtype: {k} and value.dtype: {v} instead."
)
SDPA_DIMS = (
    "Expected query, key, and value to all be  at least 2 dimensional, but got query.dim: {q} "
    "key.dim: {k} and value.dim: {v} instead."
)
SDPA_MASK_DTYPE = (
    "Expected attn_mask dtype to be bool or float or to match query dtype, but got "
    "attn_mask.dtype: {mask} and  query.dtype: {q} instead."
)
SDPA_CAUSAL_WITH_MASK = (
    "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True"
)
SDPA_GQA_HEADS = "Number of heads in key and value must divide the number of heads in "
MHA_ARGS_POSITIVE = (
    "embed_dim and num_heads must be greater than 0, got embed_dim={embed_dim} and "
    "num_heads={heads} instead"
)
MHA_HEADS_DIVIDE = "embed_dim must be divisible by num_heads"
MHA_MASK_TYPE = "only bool and floating types of {name} are supported"
MHA_MASK_MISMATCH = (
    "Support for mismatched {name} and {other} is deprecated. Use same type for both instead."
)
MHA_QUERY_DIM = (
    "query should be unbatched 2D or batched 3D tensor but received {ndim}-D query tensor"
)
MHA_KV_DIM = (
    "For {kind} `query`, expected `key` and `value` to be {want}-D but found {k}-D and {v}-D "
    "tensors respectively"
)
MHA_KPM_DIM = (
    "For {kind} `query`, expected `key_padding_mask` to be `None` or {want}-D but found "
    "{ndim}-D tensor instead"
)
MHA_ATTN_MASK_DIM = (
    "For {kind} `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found {ndim}-D "
    "tensor instead"
)
MHA_ATTN_MASK_SHAPE = "Expected `attn_mask` shape to be {expected} but got {got}"
MHA_CAUSAL_NEEDS_MASK = (
    "Need attn_mask if specifying the is_causal hint. You may use the Transformer module method "
    "`generate_square_subsequent_mask` to create this mask."
)
MHA_EMBED_DIM = "was expecting embedding dimension of {want}, but got {got}"
MHA_NOT_DIVISIBLE = "embed_dim {embed_dim} not divisible by num_heads {heads}"
MHA_KV_SEQ_BATCH = "key's sequence and batch dims {k} do not match value's {v}"
MHA_KV_SHAPE = "key shape {k} does not match value shape {v}"
MHA_PROJ_WEIGHT = "expecting {name} weights shape of {want}, but got {got}"
MHA_ATTN_MASK_2D = "The shape of the 2D attn_mask is {got}, but should be {want}."
MHA_ATTN_MASK_3D = "The shape of the 3D attn_mask is {got}, but should be {want}."
MHA_BIAS_KV = "{set} is set but {unset} is None"
MHA_KPM_SHAPE = "Expected key_padded_mask.shape[{i}] to be {want}, but got {got}"
MHA_STATIC_KV_OURS = "static_k and static_v are not supported by autograd_nb (ours)"
TRANSFORMER_ACTIVATION = "activation should be relu/gelu, not {name}"
TRANSFORMER_BATCH = "the batch number of src and tgt must be equal"
TRANSFORMER_FEATURES = "the feature number of src and tgt must be equal to d_model"
TRANSFORMER_NESTED = (
    "enable_nested_tensor is True, but self.use_nested_tensor is False because {why}"
)
# torch.distributions (autograd_nb/distributions/)
DIST_PARAM_INVALID = (
    "Expected parameter {param} ({type} of shape {shape}) of distribution {dist} to satisfy the "
    "constraint {constraint}, but found invalid values:\n{value}"
)
DIST_VALUE_INVALID = (
    "Expected value argument ({type} of shape {shape}) to be within the support ({support}) of "
    "the distribution {dist}, but found invalid values:\n{value}"
)
DIST_VALUE_NOT_TENSOR = "The value argument to log_prob must be a Tensor"
DIST_EVENT_SHAPE = "The right-most size of value must match event_shape: {value} vs {event}."
DIST_NOT_BROADCASTABLE = (
    "Value is not broadcastable with batch_shape+event_shape: {actual} vs {expected}."
)
DIST_BROADCAST_ALL = (
    "Input arguments must all be instances of Number, torch.Tensor or objects implementing "
    "__torch_function__."
)
DIST_PROBS_OR_LOGITS = "Either `probs` or `logits` must be specified, but not both."
DIST_AT_LEAST_1D = "`{name}` parameter must be at least one-dimensional."
DIST_MVN_LOC = "loc must be at least one-dimensional."
DIST_MVN_ONE_OF = (
    "Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified."
)
DIST_MVN_MATRIX = "{name} must be at least two-dimensional, with optional leading batch dimensions"
DIST_INDEPENDENT_NDIMS = (
    "Expected reinterpreted_batch_ndims <= len(base_distribution.batch_shape), actual {ndims} vs "
    "{batch}"
)
DIST_NO_ENUMERATE_PRODUCT = "Enumeration over cartesian product is not implemented"
DIST_CUSTOM_INIT_EXPAND = (
    "Subclass {cls} of {base} that defines a custom __init__ method must also define a custom "
    ".expand() method."
)
DIST_NO_MODE = "{cls} does not implement mode"
DIST_KL_NOT_IMPLEMENTED = "No KL(p || q) is implemented for p type {p} and q type {q}"
DIST_KL_TYPE = "Expected type_{which} to be a Distribution subclass but got {type}"
DIST_KL_MVN_EVENT = (
    "KL-divergence between two Multivariate Normals with                          different "
    "event shapes cannot be computed"
)
DIST_DEPENDENT_CHECK = "Cannot determine validity of dependent constraint"
DIST_DEPENDENT_STATIC = ".{attr} cannot be determined statically"
# --- packed sequences, einsum's '...' and sublists, unique(dim=...) (PyTorch 2.13's words) -------
UNIQUE_ZERO_SIZED = (
    "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied"
)
EINSUM_NO_OPERANDS = (
    "einsum(): must specify the equation string and at least one operand, or at least one "
    "operand and its subscripts list"
)
EINSUM_SUBLIST_RANGE = "einsum(): subscript in subscript list is not within the valid range [0, 52)"
EINSUM_FEWER_OPERANDS = "einsum(): fewer operands were provided than specified in the equation"
EINSUM_BAD_LETTER = (
    "einsum(): invalid subscript given at index {index} in the equation string, subscripts must "
    "be in [a-zA-Z]"
)
EINSUM_SECOND_ELLIPSIS = (
    "einsum(): found '.' for operand {index} for which an ellipsis was already found"
)
EINSUM_LONE_DOT = "einsum(): found '.' for operand {index} that is not part of any ellipsis"
EINSUM_OUT_SECOND_ELLIPSIS = (
    "einsum(): found '.' for output but an ellipsis (...) was already found"
)
EINSUM_OUT_LONE_DOT = "einsum(): found '.' for output that is not part of any ellipsis (...)"
EINSUM_DIMS_ELLIPSIS = (
    "einsum(): the number of subscripts in the equation ({subscripts}) is more than the number "
    "of dimensions ({dims}) for operand {index}"
)
EINSUM_OUT_REPEATED = "einsum(): output subscript {letter} appears more than once in the output"
EINSUM_OUT_UNKNOWN = (
    "einsum(): output subscript {letter} does not appear in the equation for any input operand"
)
EINSUM_ELLIPSIS_SIZE = (
    "einsum(): dimension {dim} covered by ellipsis in operand {index}has size {size} which does "
    "not broadcast with previously seen ellipsis with size {seen} for the respective dimension"
)
PACK_UNSORTED = (
    "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can "
    "pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this "
    "requirement if you do not need ONNX exportability."
)
PACK_ZERO_LENGTH = (
    "Length of all samples has to be greater than 0, but found an element in 'lengths' that is <= 0"
)
PACK_LENGTHS_TYPE = (
    "'lengths' argument should be a 1D CPU int64 tensor, but got {dim}D {device} {type} tensor"
)
PACK_EMPTY = "Cannot pack empty tensors."
PACK_BATCH = "Expected `len(lengths)` to be equal to batch_size, but got {got} (batch_size={batch})"
PACKED_BATCH_SIZES_CPU = (
    "batch_sizes should always be on CPU. Instances of PackedSequence should never be created "
    "manually. They should be instantiated by functions like pack_sequence and "
    "pack_padded_sequences in nn.utils.rnn. "
    "https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence"
)
PAD_PACKED_TOTAL_LENGTH = (
    "Expected total_length to be at least the length of the longest sequence in input, but got "
    "total_length={total} and max sequence length being {longest}"
)
# special functions (ops/special_fns.py)
ARG_MUST_BE_INT = "{name}(): argument '{arg}' (position {position}) must be int, not {type}"
POLYGAMMA_NEGATIVE_N = "polygamma(n, x) does not support negative n."
MVLGAMMA_P = "p has to be greater than or equal to 1"

# in-place and out= forms, torch.linalg.matrix_exp (declared beside each op; ops/matrix_exponential.py)
OUT_NOT_TUPLE = "{name}(): argument 'out' must be tuple of Tensors, not {type}"
OUT_SCALAR_TYPE = "expected scalar_type {expected} but found {found}"
MATRIX_EXP_NDIM = "linalg.matrix_exp: The input tensor A must have at least 2 dimensions."
MATRIX_EXP_SQUARE = (
    "linalg.matrix_exp: A must be batches of square matrices, but they are {rows} by {cols} "
    "matrices"
)
MATRIX_EXP_DTYPE = (
    "linalg.matrix_exp: Expected a floating point or complex tensor as input. Got {dtype}"
)
# volumetric layers and interpolation (ops/convolution.py, ops/pooling.py, ops/upsampling.py)
POOL_OUTPUT_TOO_SMALL = (
    "Given input size: ({size}). Calculated output size: ({out}). Output size is too small"
)
POOL3D_INPUT_DIM = "non-empty 4D or 5D (batch mode) tensor expected for input"
POOL3D_EMPTY = (
    "max_pool3d_with_indices_out_cpu_template(): Expected input's non-batch "
    "dimensions to have positive length, but input has a shape of {size} and "
    "non-batch dimension {dim} has length zero!"
)
AVG_POOL3D_KERNEL = (
    "input image (T: {} H: {} W: {}) smaller than kernel size (kT: {} kH: {} kW: {})"
)
ADAPTIVE_POOL3D_RANK = "adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got {size}"
ADAPTIVE_POOL3D_SIZE = "adaptive_avg_pool3d: output_size must be 3"
ADAPTIVE_POOL3D_NEGATIVE = (
    "adaptive_avg_pool3d: elements of output_size must be greater than "
    "or equal to 0 but received {{{d}, {h},{w}}}"
)
ADAPTIVE_POOL3D_EMPTY = ADAPTIVE_POOL_EMPTY.replace("adaptive_avg_pool2d", "adaptive_avg_pool3d")
INTERP_SIZES_3D = (
    "Input and output sizes should be greater than 0, but got input (D: {}, H: {}, "
    "W: {}) output (D: {}, H: {}, W: {})"
)
# safety: all-or-nothing loading, optimizer steps, overlapping in-place ops (nn/modules/module.py,
# optim/optimizer.py, ops/inplace.py)
LOAD_NOT_TENSOR = (
    'While copying the parameter named "{key}", expected torch.Tensor or Tensor-like object '
    "from checkpoint but received {type}"
)
LOAD_SIZE_MISMATCH = (
    "size mismatch for {key}: copying a param with shape {shape} from checkpoint, "
    "the shape in current model is {current}."
)
LOAD_COPY_FAILED = (
    'While copying the parameter named "{key}", whose dimensions in the model are {size} and '
    "whose dimensions in the checkpoint are {loaded}, an exception occurred : {args}."
)
LOAD_UNEXPECTED = "Unexpected key(s) in state_dict: {keys}. "
LOAD_MISSING = "Missing key(s) in state_dict: {keys}. "
# safety: devices (_tensor.py's grad setter, nn/functional.py's losses)
GRAD_ASSIGN_SELF = "can't assign Variable as its own grad"
GRAD_ASSIGN_DEVICE_TYPE = (
    "attempting to assign a gradient with device type '{grad}' to a tensor with device type "
    "'{tensor}'. Please ensure that the gradient and the tensor are on the same device"
)
GRAD_ASSIGN_DEVICE_INDEX = (
    "attempting to assign a gradient located on device with index '{grad}' to a tensor located "
    "on device with index '{tensor}'. Please ensure that the gradient and the tensor are on the "
    "same device"
)
PARTIAL_OVERLAP = (
    "unsupported operation: some elements of the input tensor and the written-to tensor refer to "
    "a single memory location. Please clone() the tensor before performing the operation."
)
# safety: PyTorch's texts for misuse (construction, ops, autograd API)
INT_OVERFLOW = "value cannot be converted to type {dtype} without overflow"
LONG_OVERFLOW = "Overflow when unpacking long long"
DIV_ROUNDING_MODE = (
    "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{mode}'"
)
ARANGE_RANGE = "unsupported range: {start:g} -> {end:g}"
SIZE_UNPACK = (
    "{name}(): argument '{arg}' failed to unpack the object at pos {pos} with error "
    '"type must be tuple of ints,but got {type}"'
)
RESHAPE_POSITIONAL = "reshape() takes 1 positional argument but {count} were given"
RESHAPE_NOT_TUPLE = "reshape(): argument 'shape' (position 1) must be tuple of ints, not {type}"
RESHAPE_ELEMENT = (
    "reshape(): argument 'shape' (position 1) must be tuple of ints, but found element of type "
    "{type} at pos {pos}"
)
VIEW_ARGS = (
    "view() received an invalid combination of arguments - got ({got}), but expected one of:\n"
    " * (torch.dtype dtype)\n * (tuple of ints size)\n"
)
VIEW_ONE_ARG = (
    "view() received an invalid combination of arguments - got ({got}), but expected one of:\n"
    " * (torch.dtype dtype)\n"
    "      didn't match because some of the arguments have invalid types: (!{bad}!)\n"
    " * (tuple of ints size)\n"
    "      didn't match because some of the arguments have invalid types: (!{bad}!)\n"
)
INVERT_DTYPE = "~ (operator.invert) is only implemented on integer and Boolean-type tensors"
WHERE_CONDITION = (
    "where expected condition to be a boolean tensor, but got a tensor with dtype {dtype}"
)
WHERE_UINT8 = (
    "where received a uint8 condition tensor. This behavior is deprecated and will be removed in "
    "a future version of PyTorch. Use a boolean condition instead."
)
RESIZE_REQUIRES_GRAD = "cannot resize variables that require grad"
# --- lesson exercises: check() verdicts, ours (autograd_nb/notebook/exercises.py) -------------
CHECK_NOT_ANSWERED = (
    "⏳ Not answered yet: replace ... with your answer, then run this cell again.\n"
    "   还没有作答：把 ... 换成你的答案，然后再运行这个单元格。"
)
CHECK_RIGHT = "✅ Correct! 正确！"
CHECK_WRONG = "❌ Not yet right. 还不对。"
CHECK_HINT = "   Hint: {hint}"
CHECK_HINT_ZH = "   提示：{hint}"
CHECK_RAISED = "   (checking your answer raised {error} / 检查你的答案时出错)"
CHECK_HINT_TYPE = "check(): {name} must be a str or None, not {type}"

# --- random streams (backends/host_random.py, _generator.py), PyTorch 2.13 -------------------------
GENERATOR_STATE_INVALID = "Invalid mt19937 state"
GENERATOR_STATE_GPU = "get_state/set_state are only supported for CPU generators here"
SIZE_KEYWORD = "{name}(): argument 'size' must be tuple of ints, not {type}"
EXPONENTIAL_LAMBDA = "exponential_ expects lambda > 0.0, but found lambda={lambd:g}"
EXPONENTIAL_DTYPE = (
    "Exponential distribution is a continuous probability distribution. dtype must be a "
    "floating point but you specified {dtype}"
)
# lazy modules and uninitialized parameters (nn/parameter.py, nn/modules/lazy.py)
UNINITIALIZED_USE = (
    "Attempted to use an uninitialized parameter in {fn}. This error happens when you are "
    "using a `LazyModule` or explicitly manipulating `torch.nn.parameter.UninitializedParameter` "
    "objects. When using LazyModules Call `forward` with a dummy batch to initialize the "
    "parameters before calling torch functions"
)
UNINITIALIZED_SHAPE = (
    "Can't access the shape of an uninitialized parameter or buffer. This error usually happens "
    "in `load_state_dict` when trying to load an uninitialized parameter into an initialized one. "
    "Call `forward` to initialize the parameters before accessing their attributes."
)
LAZY_NOT_INITIALIZED = "module {name} has not been fully initialized"
LAZY_NO_INITIALIZE = "initialize_parameters is not implemented for {name}"
LAZY_CONV_INPUT_DIM = (
    "Expected {no_batch}D (unbatched) or {batch}D (batched) input to {name}, but got input of "
    "size: {shape}"
)
LAZY_CONV_GROUPS = "in_channels must be divisible by groups"
# autograd.functional vjp/jvp/vhp/hvp (autograd/functional.py)
FUNCTIONAL_V_TUPLE_LENGTH = "v is a tuple of invalid length: should be {expected} but got {got}."
FUNCTIONAL_V_SINGLE = "The given v should contain a single Tensor."
FUNCTIONAL_V_SIZE = "{prepend}v has invalid size: should be {expected} but got {got}."
FUNCTIONAL_V_NONE_OUTPUT = (
    "The vector v can only be None if the user-provided function returns a single Tensor with "
    "a single element."
)
FUNCTIONAL_V_NONE_INPUT = (
    "The vector v can only be None if the input to the user-provided function is a single "
    "Tensor with a single element."
)
FUNCTIONAL_SINGLE_TENSOR = "The function given to {fn} should return a single Tensor"
FUNCTIONAL_SINGLE_ELEMENT = (
    "The Tensor returned by the function given to {fn} should contain a single element"
)
FUNCTIONAL_STRICT_GRAD_INPUTS = (
    "The gradient with respect to input {i} is independent of the inputs of the user-provided "
    "function. This is not allowed in strict mode."
)
FUNCTIONAL_STRICT_HESSIAN = (
    "The hessian of the user-provided function with respect to input {i} is independent of the "
    "input. This is not allowed in strict mode. You should ensure that your function is thrice "
    "differentiable and that the hessian depends on the inputs."
)
FUNCTIONAL_STRICT_INDEPENDENT = {
    "back": "The output of the user-provided function is independent of input {i}. This is not "
    "allowed in strict mode.",
    "back_trick": "The gradient with respect to the input is independent of entry {i} in the "
    "grad_outputs when using the double backward trick to compute forward mode gradients. This "
    "is not allowed in strict mode.",
    "double_back": "The jacobian of the user-provided function is independent of input {i}. "
    "This is not allowed in strict mode.",
    "double_back_trick": "The hessian of the user-provided function is independent of entry {i} "
    "in the grad_jacobian. This is not allowed in strict mode as it prevents from using the "
    "double backward trick to replace forward mode AD.",
}
FUNCTIONAL_STRICT_CONSTANT = (
    "The {what} of the user-provided function is independent of input {i}. This is not allowed "
    "in strict mode when create_graph=True."
)
# torch.accelerator (accelerator.py)
ACCELERATOR_NONE = "Cannot access accelerator device when none is available."
# the profiler (profiler/)
PROFILER_NOT_FINISHED = "Profiler didn't finish running"
PROFILER_REENTERED = "Profiler context manager is not reentrant"
PROFILER_SCHEDULE = (
    "Invalid profiler schedule arguments. Got wait={wait} (need >= 0), warmup={warmup} (need >= "
    "0), active={active} (need > 0), repeat={repeat} (need >= 0), skip_first={skip_first} (need "
    ">= 0)."
)
PROFILER_NO_WARMUP = "Profiler won't be using warmup, this can skew profiler results"
PROFILER_NEGATIVE_STEP = "Step must be non-negative. Got {step}."
# storages (storage.py)
TYPED_STORAGE_DEPRECATED = (
    "TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the "
    "only storage class. This should only matter to you if you are using storages directly.  To "
    "access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()"
)
# distributions.Multinomial (distributions/multinomial.py)
MULTINOMIAL_TOTAL_COUNT = "inhomogeneous total_count is not supported"

# --- ops layout (opstable): NumPy's axis= / keepdims= spellings ---------------------------------
MISSING_DIM = '{name}() missing 1 required positional arguments: "dim"'
UNEXPECTED_KEYWORD = "{name}() got an unexpected keyword argument '{keyword}'"
# --- engine: gradients that user code hands to the engine (hooks, autograd.Function) ----------
HOOK_RETURNED_NON_TENSOR = "expected Variable, but hook returned '{type}'"
HOOK_CHANGED_TYPE = "hook '{name}' has changed the type of value (was {was} got {got})"
HOOK_CHANGED_SIZE = "hook '{name}' has changed the size of value"
HOOK_FILLED_EMPTY = "can't replace a None gradient with a non-None value"
HOOK_RESULT_COUNT = (
    "hook '{name}' has returned an incorrect number of values (got {got}, but expected {expected})"
)
FUNCTION_GRAD_TYPE = "expected Variable or None (got {type})"
FUNCTION_GRAD_FOR_NON_TENSOR = (
    "function {name} returned a gradient different than None at position {position}, but the "
    "corresponding forward input was not a Variable"
)
FUNCTION_RETURNED = "Function {name} returned an {problem}"
INVALID_GRAD_SHAPE = (
    "invalid gradient at index {index} - got {got} but expected shape compatible with {expected}"
)
INVALID_GRAD_DEVICE = "invalid gradient at index {index} - expected device {expected} but got {got}"
SAVE_FOR_BACKWARD_TYPE = (
    "save_for_backward can only save variables, but argument {index} is of type {type}"
)

# --- serialization: PyTorch's checkpoint format (serialization/), PyTorch 2.13 texts ----------------
# {source} names the file: 'model.pt' or <in-memory file>
LOAD_FAILED = "{error} (loading {source})"
_UNSAFE = (
    "In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` "
    "from `False` to `True`. Re-running `torch.load` with `weights_only` set to `False` will "
    "likely succeed, but it can result in arbitrary code execution. Do it only if you got the "
    "file from a trusted source."
)
_LOAD_DOCS = (
    "\n\nCheck the documentation of torch.load to learn more about types accepted by default "
    "with weights_only https://pytorch.org/docs/stable/generated/torch.load.html."
)
LOAD_WEIGHTS_ONLY_GLOBAL = (
    "Weights only load failed for {source}. This file can still be loaded, to do so you have two "
    "options, \033[1mdo those steps only if you trust the source of the checkpoint\033[0m. "
    f"\n\t(1) {_UNSAFE}\n\t(2) Alternatively, to load with `weights_only=True` please check the "
    "recommended steps in the following error message.\n\tWeightsUnpickler error: {error}"
    + _LOAD_DOCS
)
LOAD_WEIGHTS_ONLY_BLOCKED = (
    f"Weights only load failed for {{source}}. {_UNSAFE}\n\n\n{{error}}" + _LOAD_DOCS
)
LOAD_WEIGHTS_ONLY_FAILED = (
    f"Weights only load failed for {{source}}. {_UNSAFE}\nPlease file an issue with the "
    "following so that we can make `weights_only=True` compatible with your use case: "
    "WeightsUnpickler error: \n\n{error}" + _LOAD_DOCS
)
LOAD_PICKLE_MODULE_OTHER = (
    "autograd_nb.load unpickles with Python's pickle module only (got pickle_module={value!r})"
)
LOAD_PICKLE_ARGS_IGNORED = "pickle_load_args only works if `weights_only=False`."
UNPICKLE_PYTORCH_CLASS = (
    "{path} is a class or function of PyTorch itself, which autograd_nb does not have: a whole "
    "object saved by PyTorch loads only in PyTorch (save its state_dict() to load it here)"
)
LOAD_PICKLE_MODULE = "Can not safely load weights when explicit pickle_module is specified"
LOAD_NOT_ZIP = (
    "PytorchStreamReader failed reading zip archive: failed finding central directory (not a "
    "zip archive; raw pickles and PyTorch's pre-1.6 legacy format are not read by autograd_nb)"
)
LOAD_BAD_ZIP = "PytorchStreamReader failed reading zip archive: {why}"
LOAD_RECORDS_OVERLAP = (
    "PytorchStreamReader failed reading zip archive: its records add up to more than the "
    "archive's {size} bytes (records that overlap)"
)
LOAD_OUTSIDE_FOLDER = "file in archive is not in a subdirectory {prefix}: {name}"
LOAD_NO_VERSION = (
    'Expected hasRecord("version") to be true, but got false.  (Could this error message be '
    "improved?  If so, please report an enhancement request to PyTorch.)"
)
LOAD_EMPTY = "Ran out of input: the stream holds no checkpoint from its current position on"
LOAD_NOT_REGULAR = (
    "{source} is not a regular file (a device, a pipe or a socket): torch.load reads "
    "checkpoint files, whose size is known before they are read"
)
LOAD_RECORD_MISSING = "PytorchStreamReader failed locating file {name}: file not found"
LOAD_RECORD_COMPRESSED = (
    "PytorchStreamReader failed reading record {name}: it is compressed ({method}); checkpoints "
    "store their records uncompressed, and a compressed record could expand far beyond the "
    "file's size"
)
LOAD_RECORD_TOO_BIG = (
    "PytorchStreamReader failed reading record {name}: it declares {size} bytes but the file has "
    "only {available}"
)
LOAD_STORAGE_SIZE = (
    "record size ({size} bytes) does not match expected size ({nbytes} bytes = {numel} elements "
    "* {itemsize} bytes/element) for dtype {dtype} (record {name})"
)
LOAD_STORAGE_BOUNDS = (
    "Trying to resize storage that is not resizable: a tensor of size {size} and stride {stride} "
    "at storage offset {offset} needs {needed} elements but its storage holds {available}"
)
LOAD_STORAGE_OVERFLOW = "Storage size calculation overflowed with sizes={size} and strides={stride}"
LOAD_STORAGE_OFFSET = "Tensor: invalid storage offset {offset}"
LOAD_UNSUPPORTED_DTYPE = "{dtype} tensors are not supported by autograd_nb (found in {what})"
LOAD_BYTEORDER = "Unknown endianness type: {value}"
LOAD_CUDA_UNAVAILABLE = (
    "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. "
    "If you are running on a CPU-only machine, please use torch.load with "
    "map_location=torch.device('cpu') to map your storages to the CPU."
)
LOAD_CUDA_INDEX = (
    "Attempting to deserialize object on CUDA device {index} but torch.cuda.device_count() is "
    "{count}. Please use torch.load with map_location to map your storages to an existing device."
)
LOAD_UNKNOWN_LOCATION = (
    "don't know how to restore data location of torch.storage.UntypedStorage (tagged with "
    "{location})"
)
LOAD_OVERLAPPING_ON_DEVICE = (
    "a tensor of size {size} and strides {stride} overlaps itself in memory; autograd_nb can "
    "only load such tensors on the CPU (use map_location='cpu')"
)
LOAD_BARE_STORAGE = (
    "a bare storage object (torch.save(tensor.untyped_storage())) is not supported by "
    "autograd_nb: save the tensor instead"
)
LOAD_MAP_LOCATION = "map_location must be a str, device, dict or callable, not {value!r}"
LOAD_TO_DEVICE = "cannot load a tensor onto {device}: {error}"
LOAD_LEGACY_MALFORMED = "malformed autograd_nb archive: {why}"
# the restricted unpickler (PyTorch's _weights_only_unpickler texts where it has one)
UNPICKLE_BLOCKED_MODULE = (
    "Trying to load unsupported GLOBAL {path} whose module {module} is blocked."
)
UNPICKLE_GLOBAL = "Unsupported global: GLOBAL {path} was not an allowed global by default."
UNPICKLE_REDUCE = "Trying to call reduce for unrecognized function {func}"
UNPICKLE_NEWOBJ = "Can only create new object for nn.Parameter, but got {cls}"
UNPICKLE_BUILD = "Can only build Tensor, Parameter or OrderedDict, but got {type}"
UNPICKLE_APPEND = "Can only append to lists, but got {type}"
UNPICKLE_EXTEND = "Can only extend lists, but got {type}"
UNPICKLE_SETITEM = (
    "Can only {opcode} for dict, collections.OrderedDict, collections.Counter, but got {type}"
)
UNPICKLE_PERSID_TYPE = "persistent_load id must be tuple or int, but got {type}"
UNPICKLE_PERSID_STORAGE = "Only persistent_load of storage is allowed, but got {what}"
UNPICKLE_OPERAND = "Unsupported operand {code}"
UNPICKLE_MALFORMED = "malformed pickle at byte {pos} ({opcode}): {why}"
UNPICKLE_ARGUMENTS = "{func} got malformed arguments: {why}"
UNPICKLE_STATE = "{what} with extra state (Python attributes) is not supported by autograd_nb"
# saving
SAVE_PARENT_MISSING = "Parent directory {parent} does not exist."
SAVE_LOCAL_OBJECT = "Can't pickle local object {name!r}"  # Python's pickle, as PyTorch shows it
SAVE_LOOKUP_FAILED = "Can't pickle {obj!r}: attribute lookup {name} on {module} failed"
SAVE_PROTOCOL = (
    "autograd_nb.save writes PyTorch's zip format with pickle protocol 2 only (got "
    "{argument}={value!r})"
)
SHAPES_NOT_BROADCAST = "shapes {a} and {b} cannot be broadcast"
CLAMP_NO_BOUND = "torch.clamp: At least one of 'min' or 'max' must not be None"
TO_UNEXPECTED_KEYWORDS = (
    "to() received an invalid combination of arguments - got unexpected keyword arguments {names}"
)
TO_BAD_ARGUMENT = "to() received an invalid combination of arguments - got ({type})"
UNFOLD_DIMS = "Input Error: Only 3D or 4D input Tensors are supported (got {dim}D)"
FOLD_BLOCKS = (
    "Given output_size={size}, kernel_size={kernel}, dilation={dilation}, padding={padding}, "
    "stride={stride}, expected size of input's dimension 2 to match the calculated number of "
    "sliding blocks {h} * {w} = {blocks}, but got input.size(2)={length}."
)
BINCOUNT_MINLENGTH_TYPE = "bincount(): argument 'minlength' must be int, not {type}"
BINCOUNT_MINLENGTH = "minlength should be >= 0"
BINCOUNT_WEIGHTS = "weights should be 1-d and have the same length as input"
FILL_BAD_VALUE = (
    "fill_() received an invalid combination of arguments - got ({type}), but expected one of:\n"
    " * (Tensor value)\n      didn't match because some of the arguments have invalid types: "
    "(!{type}!)\n * (Number value)\n      didn't match because some of the arguments have "
    "invalid types: (!{type}!)\n"
)
CDIST_P = "cdist only supports non-negative p values"
NLL_NO_DIMS = "Expected 1 or more dimensions (got {dim})"
ROUND_DECIMALS_TYPE = "round(): argument 'decimals' must be int, not {type}"
NORM_P = "norm with p={p} is not supported (ours)"
ONE_HOT_EMPTY = "Can not infer total number of classes from empty tensor."
ZERO_DIVISION = "ZeroDivisionError"  # integer division by zero
VAR_CORRECTION_AND_UNBIASED = (
    "var() received an invalid combination of arguments - got (correction=int, unbiased=bool, )"
)

# --- the notebook extension: tracebacks ----------------------------------------------------------
TRACEBACK_MODE = {
    "--debug": "Tracebacks now show the frames inside autograd_nb (%autograd_nb --short hides them).",
    "--short": "Tracebacks now end at your code, as PyTorch's do (%autograd_nb --debug shows autograd_nb's own frames).",
}
AUTOGRAD_NB_MAGIC_OPTION = (
    "%autograd_nb takes --debug, --short, --record-values, --no-record-values or nothing, "
    "not {option!r}"
)
# --- graphapi: the public graph API (autograd/graph.py) and texts moved out of the layers above
# --- the core (nn/, optim/, distributions/, utils/, viz/, notebook/, top-level modules) --------
GRADIENT_EDGE_NO_GRAD = (
    "It is not possible to get the gradient edge for a Tensor that does not require gradients"
)
GRAPH_WALK_ROOT = "walk() expects tensors, nodes or GradientEdges, got {type}"  # ours
MODULE_MISSING_FORWARD = 'Module [{self_type}] is missing the required "forward" function'
MODULE_GETATTR_MISSING = "'{self_type}' object has no attribute '{name}'"
MODULE_INIT_UNEXPECTED_KWARG = "{cls}.__init__() got an unexpected keyword argument '{name}'"
MODULE_INIT_POSITIONAL = "{self_type}.__init__() takes 1 positional argument but {value} were given"
MODULE_BUFFER_BEFORE_INIT = "cannot assign buffer before Module.__init__() call"
MODULE_BUFFER_NAME_TYPE = "buffer name should be a string. Got {typename}"
MODULE_BUFFER_NAME_DOT = 'buffer name can\'t contain "."'
MODULE_BUFFER_NAME_EMPTY = 'buffer name can\'t be empty string ""'
MODULE_ATTRIBUTE_ALREADY_EXISTS = "attribute '{name}' already exists"
MODULE_BUFFER_TYPE = (
    "cannot assign '{typename}' object to buffer '{name}' (torch Tensor or None required)"
)
MODULE_PARAMETER_BEFORE_INIT = "cannot assign parameter before Module.__init__() call"
MODULE_PARAMETER_NAME_TYPE = "parameter name should be a string. Got {typename}"
MODULE_PARAMETER_NAME_DOT = 'parameter name can\'t contain "."'
MODULE_PARAMETER_NAME_EMPTY = 'parameter name can\'t be empty string ""'
MODULE_NOT_SUBCLASS = "{typename} is not a Module subclass"
MODULE_NAME_TYPE = "module name should be a string. Got {typename}"
MODULE_NAME_DOT = 'module name can\'t contain ".", got: {name}'
MODULE_NAME_EMPTY = 'module name can\'t be empty string ""'
MODULE_TRAIN_MODE_BOOL = "training mode is expected to be boolean"
MODULE_STATE_DICT_TYPE = "Expected state_dict to be dict-like, got {type}."
STATE_DICT_POST_HOOK_RETURN = "state_dict post-hook must return None"
STATE_DICT_HOOK_PUBLIC_TWICE = (
    "Cannot register the same function as the state dict post hook that was previously "
    "registered via register_state_dict_post_hook"
)
MODULE_BACKWARD_HOOK_COUNT = (
    "Backward hook returned an invalid number of grad_input, got {n_out}, but expected "
    "{n_grad_input}"
)
MODULE_PARAMETER_TYPE = (
    "cannot assign '{typename}' object to parameter '{name}' (torch.nn.Parameter or None required)"
)
MODULE_PARAMETERS_BEFORE_INIT = "cannot assign parameters before Module.__init__() call"
MODULE_PARAMETER_NON_LEAF = (
    "Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be created "
    "explicitly. To express '{name}' as a function of another Tensor, compute the value in the "
    "forward() method."
)
MODULE_SETATTR_PARAMETER_TYPE = (
    "cannot assign '{typename}' as parameter '{name}' (torch.nn.Parameter or None expected)"
)
MODULE_MODULE_BEFORE_INIT = "cannot assign module before Module.__init__() call"
MODULE_FORWARD_PRE_HOOK_RESULT = (
    "forward pre-hook must return None or a tuple of (new_args, new_kwargs), but got {result}."
)
MODULE_SETATTR_MODULE_TYPE = (
    "cannot assign '{typename}' as child module '{name}' (torch.nn.Module or None expected)"
)
MODULE_SETATTR_BUFFER_TYPE = (
    "cannot assign '{typename}' as buffer '{name}' (torch.nn.Buffer, torch.Tensor or None expected)"
)
CONTAINER_INDEX_OUT_OF_RANGE = "index {idx} is out of range"
CONTAINER_PARAMETERLIST_CALLED = "ParameterList should not be called."
CONTAINER_PARAMETERDICT_CALLED = "ParameterDict should not be called."
CONTAINER_ADD_TYPE = "add operator supports only objects of Sequential class, but {type} is given."
CONTAINER_MUL_TYPE = "unsupported operand type(s) for *: {type} and {type2}"
CONTAINER_MUL_NON_POSITIVE = "Non-positive multiplication factor {other} for {type}"
CONTAINER_MODULE_TYPE = "module should be of type: {cls}"
CONTAINER_INDEX_OUT_OF_RANGE_CAPITAL = "Index out of range: {index}"
CONTAINER_UPDATE_ELEMENT_LENGTH = (
    "{kind} update sequence element #{j} has length {n_m}; 2 is required"
)
CONTAINER_PARAMETERDICT_KEY_TYPE = (
    "Index given to ParameterDict cannot be used as a key as it is not a string (type is "
    "'{key_type}'). Open an issue on github if you need non-string keys."
)
INIT_UNSUPPORTED_NONLINEARITY = "Unsupported nonlinearity {nonlinearity}"
INIT_EYE_DIMS = "Only tensors with 2 dimensions are supported"
INIT_DIRAC_DIMS = "Only tensors with 3, 4, or 5 dimensions are supported"
INIT_DIRAC_GROUPS = "dim 0 must be divisible by groups"
INIT_FAN_DIMS = "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions"
INIT_FAN_MODE = "Mode {mode} not supported, please use one of {valid_modes}"
INIT_ORTHOGONAL_DIMS = "Only tensors with 2 or more dimensions are supported"
INIT_TRUNC_NORMAL_MEAN = (
    "mean is more than 2 std from [a, b] in nn.init.trunc_normal_. The distribution of values "
    "may be incorrect."
)
INIT_ZERO_ELEMENT = "Initializing zero-element tensors is a no-op"
INIT_NEGATIVE_SLOPE = "negative_slope {param} not a valid number"
CONV_MODULE_GROUPS_POSITIVE = "groups must be a positive integer"
CONV_PADDING_MODE = (
    "padding_mode must be one of ['zeros', 'reflect', 'replicate', 'circular'], but got "
    "padding_mode='{padding_mode}'"
)
PARAMS_VECTOR_DEVICES = (
    "Found two parameters on different devices, this is currently not supported."
)
PARAMS_VECTOR_TYPE = "expected torch.Tensor, but got: {typename}"
CLIP_GRAD_NONFINITE = (
    "The total norm of order {norm_type} for gradients from `parameters` is non-finite, so it "
    "cannot be clipped. To disable this error and scale the gradients by the non-finite norm "
    "anyway, set `error_if_nonfinite=False`"
)
CLIP_GRAD_EMPTY = "`parameters` is an empty generator, no gradient clipping will occur."
PACKED_DATA_TYPE = "Expected data to be a list or tuple of length 2"
PARAMETER_DATA_TYPE = "Parameter.__new__() argument 'data' must be Tensor, not {data_type}"
EMBEDDING_PADDING_IDX_RANGE = "Padding_idx must be within num_embeddings"
CONTAINER_EXTEND_ITERABLE = "{cls}.extend should be called with an iterable, but got {type}"
CONTAINER_UPDATE_ITERABLE = (
    "{cls}.update should be called with an iterable of key/value pairs, but got {type}"
)
CONTAINER_UPDATE_ELEMENT_ITERABLE = (
    "{kind} update sequence element #{j} should be Iterable; is{type}"
)
MODULE_NO_ATTRIBUTE = "{module} has no attribute `{name}`"
MODULE_NOT_A_PARAMETER = "`{name}` is not an nn.Parameter"
MODULE_NOT_A_BUFFER = "`{name}` is not a buffer"
MODULE_NOT_A_MODULE = "`{name}` is not an nn.Module"
MODULE_LOAD_STATE_DICT_ERRORS = "Error(s) in loading state_dict for {cls}:\n\t{errors}"
RNN_UNRECOGNIZED_MODE = "Unrecognized RNN mode: {mode}"
LINSPACE_STEPS_NEGATIVE = "number of steps must be non-negative"
RANDOM_NOT_IMPLEMENTED_FOR_DTYPE = "\"{kind}\" not implemented for '{legacy_name}'"
LEGACY_NEW_KWARGS = (
    "new() received an invalid combination of arguments - got unexpected keyword arguments {names}"
)
LEGACY_NEW_ARGUMENT_TYPES = "new() received an invalid combination of arguments - got ({types})"
ARRAY_COPY_REQUIRED = "Unable to avoid copy while creating an array as requested."
LEGACY_TYPE_INVALID_ARGUMENT = "dtype must be a type, str, or dtype object"
LEGACY_CUDA_TYPE_UNAVAILABLE = (
    "type torch.cuda.FloatTensor not available. Torch not compiled with CUDA enabled."
)
TENSOR_DATA_ASSIGN_TYPE = "data must be a Tensor, not {type}"
TENSOR_DETACH_VIEW_INPLACE = (
    "Can't detach views in-place. Use detach() instead. If you are using "
    "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as True, "
    "gradients are views of DDP buckets, and hence detach_() cannot be called on these "
    "gradients. To fix this error, please refer to the Optimizer.zero_grad() function in "
    "torch/optim/optimizer.py as the solution."
)
TENSOR_INDEX_CONVERSION = "only integer tensors of a single element can be converted to an index"
PIN_NO_ACCELERATOR = "Cannot access accelerator device when none is available."
PIN_NOT_CPU = "cannot pin '{type}' only dense CPU tensors can be pinned"
TENSOR_DEEPCOPY_NON_LEAF = (
    "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol "
    "at the moment.  If you were attempting to deepcopy a module, this may be because of a "
    "torch.nn.utils.weight_norm usage, see https://github.com/pytorch/pytorch/pull/103001"
)
DIGITS_TEST_SIZE = "test_size={test_size} leaves no rows for one of the parts (n={n})"
DIGITS_SPLIT = "split must be None, 'train' or 'test', got {split!r}"
DIGITS_ROWS = "all tensors need {n} rows, got one with {shape}"
DATASETS_GENERATOR_AND_SEED = "pass either generator or seed, not both"
DEVICE_READ_ONLY_ATTRIBUTE = "attribute '{name}' of 'torch.device' objects is not writable"
KL_AMBIGUOUS = "Ambiguous kl_divergence({p}, {q}). Please register_kl({left}, {right})"
DTYPE_NO_ATTRIBUTE = "'torch.dtype' object has no attribute '{name}'"
DTYPE_INT_OVERFLOW = "int too big to convert"
DTYPE_READ_ONLY_ATTRIBUTE = "attribute '{name}' of 'torch.dtype' objects is not writable"
LINALG_MATRIX_NORM_ORD = "linalg.matrix_norm: Order {ord} not supported."
FACTOR_SOLVE_B_DIMS = {
    "cholesky_solve": "b should have at least 2 dimensions, but has {dim} dimensions instead",
    "triangular_solve": (
        "torch.triangular_solve: Expected b to have at least 2 dimensions, but it has {dim} "
        "dimensions instead"
    ),
}
FACTOR_SOLVE_A_DIMS = {
    "cholesky_solve": "u should have at least 2 dimensions, but has {dim} dimensions instead",
    "triangular_solve": (
        "torch.triangular_solve: Expected A to have at least 2 dimensions, but it has {dim} "
        "dimensions instead"
    ),
}
FACTOR_SOLVE_SQUARE = "A must be batches of square matrices, but they are {rows} by {cols} matrices"
FACTOR_SOLVE_SHAPES = (
    "Incompatible matrix sizes for {name}: each A matrix is {n} by {n} but each b matrix is "
    "{rows} by {cols}"
)
FACTOR_SOLVE_DTYPES = (
    "Expected b and A to have the same dtype, but found b of type {b} and A of type {a} instead."
)
CHOLESKY_INVERSE_DIMS = "cholesky_inverse: The input tensor A must have at least 2 dimensions."
CHOLESKY_INVERSE_SQUARE = "cholesky_inverse: " + FACTOR_SOLVE_SQUARE
TRIANGULAR_SOLVE_DEPRECATED = (
    "torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will be "
    "removed in a future PyTorch release.\ntorch.linalg.solve_triangular has its arguments "
    "reversed and does not return a copy of one of the inputs.\nX = torch.triangular_solve(B, "
    "A).solution\nshould be replaced with\nX = torch.linalg.solve_triangular(A, B)."
)
LINALG_COND_ORD = "linalg.cond got an invalid norm type: {ord}"
LINALG_TENSORINV_IND = "Expected a strictly positive integer for 'ind', but got {ind}"
LINALG_TENSORINV_SHAPE = (
    "Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), "
    "but got {cols} != {rows}"
)
LINALG_TENSORSOLVE_SHAPE = (
    "Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == "
    "prod(self.shape[:other.ndim]), but got {cols} != {rows}"
)
PACKAGE_NO_ATTRIBUTE = "module {module!r} has no attribute {name!r}"
MAGIC_MAX_FRAMES = "--max-frames must be at least 2"
MAGIC_GRAD_DISPLAY_MODE = "%grad_display: expected 'card' or 'plain'"
PLOT_X_RANGE = "x_range must be (low, high) with low < high, and num >= 2"
PLOT_F_ELEMENTWISE = "f must be elementwise: f(x) must be a Tensor shaped like x"
WIDGET_INSPECTOR_TYPE = "TensorInspector needs a Tensor, got {type}"
# the backward stepper's texts (issue 28: show that backward adds into .grad)
STEPPER_TABLE_COLUMNS = ("leaf", ".grad before backward", "added by this pass", ".grad now")
STEPPER_START = "{y}.backward() starts with gradient {seed}"
STEPPER_ALREADY = (
    "{leaf}.grad is already {grad} (from an earlier backward): this pass adds to it. "
    "Set {leaf}.grad = None (optimizer.zero_grad()) first to start from nothing."
)
STEPPER_GRAD_NEW = "{leaf}.grad was None: it becomes {grad}"
STEPPER_GRAD_ADDED = "{leaf}.grad: {before} (before) + {added} (this pass) = {after}"
STEPPER_NOTHING_ADDED = "{leaf}.grad: no gradient reached it, unchanged"
STEPPER_PREVIOUS = "previous step (needs a running kernel; the slider works without one)"
STEPPER_NEXT = "next step (needs a running kernel; the slider works without one)"
STEPPER_NO_KERNEL = (
    "Without a running kernel, ▶ Play and the slider still step through the frames (◀ ▶ need "
    "the kernel); a red ‘disconnected’ mark on the controls only says that no kernel is running."
)
WIDGET_JACOBIAN_X_TYPE = "JacobianExplorer needs a floating point Tensor x"
WIDGET_JACOBIAN_F_RESULT = "{name}(x) must return a Tensor computed from x"
WIDGET_JACOBIAN_SIZE = (
    "JacobianExplorer shows at most {limit} inputs and outputs (got {n_in} -> {n_out})"
)
WIDGET_JACOBIAN_V_SIZE = "v needs {n_out} values (one per output), got {n_start}"
DATALOADER_TIMEOUT = "timeout option should be non-negative"
DATALOADER_PERSISTENT = "persistent_workers option needs num_workers > 0"
DATALOADER_PREFETCH_NO_WORKERS = (
    "prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to "
    "enable multiprocessing, otherwise set prefetch_factor to None."
)
DATALOADER_PREFETCH_NEGATIVE = "prefetch_factor option should be non-negative"
DATALOADER_PIN_NO_ACCELERATOR = (
    "'pin_memory' argument is set as true but no accelerator is found, then device pinned "
    "memory won't be used."
)
DATALOADER_SINGLE_TIMEOUT = "_SingleProcessDataLoaderIter requires timeout == 0"
DATALOADER_PREFETCH_ZERO = (
    "prefetch_factor must be greater than 0 for MultiProcessingDataLoaderIter"
)
DATALOADER_PIN_DEVICE = (
    "pin_memory_device is deprecated, the current accelerator will be used as the device,"
    "ignore pin_memory_device='{device}'."
)
DATALOADER_CONTEXT_NO_WORKERS = (
    "multiprocessing_context can only be used with multi-process loading (num_workers > 0), "
    "but got num_workers={num_workers}"
)
DATALOADER_CONTEXT_METHOD = (
    "multiprocessing_context option should specify a valid start method in {methods!r}, but "
    "got multiprocessing_context={context!r}"
)
DATALOADER_CONTEXT_TYPE = (
    "multiprocessing_context option should be a valid context object or a string specifying "
    "the start method, but got multiprocessing_context={context}"
)
DATALOADER_FIXED = "{attr} attribute should not be set after {cls} is initialized"
DATA_WORKER_ERROR = "Caught {kind} in DataLoader worker process {worker}.\nOriginal {original}"
DATALOADER_ITERABLE_SHUFFLE = (
    "DataLoader with IterableDataset: expected unspecified shuffle option, but got "
    "shuffle={shuffle}"
)
DATALOADER_ITERABLE_SAMPLER = (
    "DataLoader with IterableDataset: expected unspecified sampler option, but got "
    "sampler={sampler}"
)
DATALOADER_ITERABLE_BATCH_SAMPLER = (
    "DataLoader with IterableDataset: expected unspecified batch_sampler option, but got "
    "batch_sampler={batch_sampler}"
)
DATALOADER_NO_BATCH_DROP_LAST = (
    "batch_size=None option disables auto-batching and is mutually exclusive with drop_last"
)
DATASET_GETITEM = "Subclasses of Dataset should implement __getitem__."
DATASET_ITER = "Subclasses of IterableDataset should implement __iter__."
DATASET_CONCAT_EMPTY = "datasets should not be an empty iterable"
DATASET_CONCAT_ITERABLE = "ConcatDataset does not support IterableDataset"
DATASET_CONCAT_INDEX = "absolute value of index should not exceed dataset length"
TENSORBOARD_NO_SCALARS = "no scalars found under {log_dir!r}"
TENSORBOARD_CORRUPT_RECORD = "corrupt record at byte {pos} of {path}"
TENSORBOARD_SCALAR_DIM = "scalar should be 0D"
VIZ_UNKNOWN_ENGINE = "unknown engine {engine!r}: use engine=None (built in) or 'dot'"
VIZ_DOT_MISSING = (
    "to_svg(engine='dot') needs Graphviz's `dot` program on PATH and it was not found. Install "
    "Graphviz (e.g. `apt-get install graphviz`, `brew install graphviz` or `conda install "
    "graphviz`), or leave out engine= to use the built-in renderer."
)
VIZ_DOT_FAILED = "dot failed (exit {returncode}): {stderr}"
VIZ_NO_TENSORS = "build_graph() needs at least one tensor"
VIZ_MAX_NODES = "max_nodes must be at least 2, got {max_nodes}"
VIZ_ROOT_TYPE = "build_graph() expects tensors (or grad_fn nodes), got {type}"
VIZ_HIGHLIGHT_UNKNOWN = "highlight: no node {highlight!r} in this graph"
GRADCHECK_NO_INPUT_REQUIRES_GRAD = (
    "gradcheck expects at least one input tensor to require gradient, but none of them have "
    "requires_grad=True."
)
GRADCHECK_STRIDE_ZERO = (
    "The {idx}th input has a dimension with stride 0. gradcheck only supports inputs that are "
    "non-overlapping to be able to compute the numerical gradients correctly. You should call "
    ".contiguous on the input before passing it to gradcheck."
)
GRADCHECK_ANALYTICAL_SIZE = "Analytical gradient has incorrect size"
GRADCHECK_NOT_MULTIPLIED = "backward not multiplied by grad_output"
GRADCHECK_GRAD_TYPE = "grad is incorrect type"
GRADCHECK_GRAD_DEVICE = "grad is incorrect device"
GRADCHECK_GRAD_SIZE = "grad is incorrect size"
GRADCHECK_NOT_DOUBLE = (
    "Input #{idx} requires gradient and is not a double precision floating point or complex. "
    "This check will likely fail if all the inputs are not of double precision floating point "
    "or complex. "
)
GRADCHECK_NUMERICAL_NOT_ZERO = "Numerical gradient for function expected to be zero"
FUNCTIONAL_JACOBIAN_STRATEGY = (
    "jacobian(strategy={strategy!r}) is not supported (ours): only 'reverse-mode'"
)
FUNCTIONAL_TENSOR_OR_TUPLE = (
    "The {what} given to {fn} must be either a Tensor or a tuple of Tensors but the {where} "
    "has type {type}."
)
FUNCTIONAL_JACOBIAN_STRICT_VECTORIZE = (
    "torch.autograd.functional.jacobian: `strict=True` and `vectorized=True` are not supported "
    "together. Please either set `strict=False` or `vectorize=False`."
)
FUNCTIONAL_HESSIAN_SINGLE_TENSOR = "The function given to hessian should return a single Tensor"
FUNCTIONAL_HESSIAN_SINGLE_ELEMENT = (
    "The Tensor returned by the function given to hessian should contain a single element"
)
ANOMALY_ENABLED_WARNING = (
    "Anomaly Detection has been enabled. This mode will increase the runtime and should only "
    "be enabled for debugging."
)
ANOMALY_NAN_OUTPUT = "Function '{name}' returned nan values in its {i}th output."
ANOMALY_FORWARD_TRACEBACK = (
    "Error detected in {name}. Traceback of forward call that caused the error:\n{stack}"
)
VARIABLE_DATA_TYPE = "Variable data has to be a tensor, but got {data_type}"
INDEX_OUT_OF_BOUNDS_FOR_SIZE = "index {value} is out of bounds for size {size}"
GRADCHECK_FAST_FAIL_SLOW_OK = """
Fast gradcheck failed but element-wise differences are small. This means that the
test might've passed in slow_mode!

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck:

If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `fast_mode=False` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_fast_mode=False`
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_fast_mode=False`
""".strip()
GRADCHECK_NONDET_NOTE = """\n
NOTE: If your op relies on non-deterministic operations i.e., it is listed here:
https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html
this failure might be expected.

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.
If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `nondet_tol=<tol>` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_nondet_tol=<tol>`.
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_nondet_tol=<tol>`
"""
GRADCHECK_NOT_REENTRANT = (
    "Backward is not reentrant, i.e., running backward with same input and grad_output multiple "
    "times gives different values, although analytical gradient matches numerical gradient."
    "The tolerance for nondeterminism was {tol}."
)

# --- texts of the serialization package, host random streams and factories (moved from inline)
LEGACY_NOT_JSON = "{manifest} is not JSON ({error})"
LEGACY_NO_ROOT = "{manifest} has no root"
LEGACY_FORMAT = "unsupported format {format!r} version {version!r}"
LEGACY_BAD_ENTRY = "bad entry in {manifest}: {why}"
LEGACY_BARE_LIST = "a bare JSON list"
LEGACY_UNKNOWN_ENTRY = "unknown entry {kind!r}"
LEGACY_TENSOR_ID = "tensor id {id!r} is not an int"
LEGACY_NPY_HEADER = "{name}: {error}"
LEGACY_NPY_DTYPE = "{name} holds {stored}, not {dtype}"
LEGACY_NPY_SIZE = "{name} declares shape {shape} ({declared} bytes) but holds {held} bytes"
SIZE_TWICE = "{name}() got multiple values for argument 'size'"
MT19937_STATE_LEFT = "invalid mt19937 state: left = {left}"
LOAD_SIZES_STRIDES = "{sizes} sizes but {strides} strides"
UNPICKLE_EOF = "the pickle ends after {size} bytes"
UNPICKLE_GLOBAL_NEWLINE = "a GLOBAL name is not terminated by a newline"
LOAD_RECORD_TRUNCATED = "record {name} is truncated"
# --- notebook plots: decision boundary and loss curve
PLOT_STEPS_LOSSES = "{steps} steps for {losses} losses: give one step per loss"
PLOT_POINTS_SHAPE = "X must be an (N, 2) tensor of points"
PLOT_LABELS_SHAPE = "y must be a tensor of class labels, one per row of X"
PLOT_GRAD_FLOW_LENGTHS = "norms must give each label the same number (>= 1) of layer norms"
PLOT_GRAD_FLOW_LAYERS = "{layers} layer names for {norms} norms: give one name per layer"
PLOT_IMAGES_SHAPE = "images must have shape (N, H, W) or (N, 1, H, W), not {shape}"
PLOT_IMAGES_TITLES = "{titles} titles for {images} images: give one title per image"
PLOT_IMAGES_COLUMNS = "columns must be at least 1, not {columns}"
PLOT_SURFACE_RANGE = "x_range and y_range must be (low, high) with low < high, and steps >= 2"
PLOT_PATH_POINTS = "path {label!r} must be a non-empty sequence of (x, y) points"
MAGIC_NOT_A_MODULE = "%{magic}: {expr} is a {type}, not an nn.Module (--params takes modules)"
VIZ_VERSION_MEANING = "(version: how many in-place changes the tensor's memory has seen; a node that saved it for backward needs the version it saved)"
VIZ_COLLAPSED_HINT = "(a repeated run drawn as one box: %grad_graph ... --full, or build_graph(..., full=True), draws every node)"
# safety: the notebook magics never hide a failure (notebook/magics.py)
MAGIC_FAILED = "%{magic}: {error}"
MAGIC_TRACE_CELL_FAILED = "%%grad_trace: the cell failed (above): {error}"
GRAD_STEPS_AFTER_BACKWARD = (
    " (%grad_steps runs the backward pass itself: step through {y} before calling "
    "{y}.backward(), or recompute {y} first)"
)
# --- autograd core texts moved from inline (function.py, grad_api.py, node.py), PyTorch 2.13 ------
FUNCTION_FORWARD_MISSING = "You must implement the forward function for custom autograd.Function."
FUNCTION_BACKWARD_MISSING = (
    "You must implement either the backward or vjp method for your custom autograd.Function to "
    "use it with backward mode AD."
)
FUNCTION_GRADIENT_COUNT = (
    "function {name} returned an incorrect number of gradients (expected {expected}, got {got})"
)
IMPLICIT_REAL_SCALAR = "grad can be implicitly created only for real scalar outputs but got {dtype}"
BACKWARD_INPUTS_EMPTY = "`inputs` argument to `backward()` cannot be empty."
NODE_NO_ATTRIBUTE = "'{type}' object has no attribute '{name}'"
ACCUMULATE_GRAD_CONSTRUCT = "Cannot construct"
NORMAL_STD = "normal expects std >= 0.0, but found std {std}"
INDEX_REFUSED_IN_RANGE = "the backend refused an index that is in range"  # ours: a bug if seen
NORMAL_STD_ALL = "normal expects all elements of std >= 0.0"
DTYPE_ARGUMENT = "{name}(): argument 'dtype' must be torch.dtype, not {type}"
# --- safety: complex numbers (no complex dtypes here; README "deliberately differs") --------------
NO_COMPLEX = (
    "autograd_nb has no complex dtypes: the complex number {value!r} is not supported "
    "(PyTorch would compute in complex64)"
)
ALPHA_COMPLEX = "For non-complex input tensors, argument alpha must not be a complex number."
CLAMP_COMPLEX = "clamp is not supported for complex types"
INDEX_FILL_COMPLEX = "index_fill_(): Converting complex Scalar to non-complex type is not supported"
LINSPACE_COMPLEX = (
    "torch.{name}(): inferred dtype c10::complex<float> can't be safely cast to passed dtype "
    "{dtype}"
)
NO_COMPLEX_RESULT = (
    "autograd_nb has no complex dtypes: torch.{name} returns a complex tensor, which is not "
    "supported. Supported dtypes: float16/32/64, bfloat16, the integer types and bool; in torch.fft, "
    "fftfreq, rfftfreq, fftshift and ifftshift"
)
NO_COMPLEX_DTYPE = (
    "module 'torch' has no attribute '{name}': autograd_nb has no complex dtypes (supported: "
    "float16/32/64, bfloat16, the integer types and bool)"
)
NUMPY_BFLOAT16 = "Got unsupported ScalarType BFloat16"
NO_DTYPE = (
    "module 'torch' has no attribute '{name}': autograd_nb's dtypes are float16/32/64, bfloat16, the "
    "integer types int8/16/32/64 and uint8, and bool"
)
IMAG_OF_REAL = "imag is not implemented for tensors with non-complex dtypes."
VIEW_AS_REAL_OF_REAL = "view_as_real is only supported for complex tensors"
NO_COMPLEX_ARRAY = (
    "autograd_nb has no complex dtypes: can't convert np.ndarray of type {dtype} (PyTorch "
    "would make a complex tensor)"
)
# --- safety: optimizer.load_state_dict checks each parameter's state (optim/optimizer.py) ------
OPTIM_LOAD_STATE_SHAPE = (
    "loaded state dict has a '{key}' of shape {got} for parameter {index}, of shape {shape}"
)
OPTIM_LOAD_STATE_TYPE = (
    "loaded state dict has a {type} as '{key}' for parameter {index}, where a tensor of shape "
    "{shape} belongs"
)
OPTIM_LOAD_NO_STEP = "step"  # PyTorch's KeyError: a loaded state without its step count
# --- safety: sparse=True without sparse tensors (ops/sparse.py) ---------------------------------
EMBEDDING_SPARSE_DENSE = (
    "autograd_nb has no sparse tensors: embedding(sparse=True) gives the weight a dense gradient "
    "(PyTorch's sparse gradient, .to_dense()), which every optimizer accepts (PyTorch's Adam "
    "refuses a sparse one; SGD's update is the same)"
)
# --- safety: autograd inputs, siblings found against PyTorch 2.13 (autograd/grad_api.py) ---------
INPUTS_NOT_TENSORS = "all inputs have to be Tensors or GradientEdges, but got {type}"
POST_ACCUMULATE_HOOK_NON_LEAF = (
    "post accumulate grad hooks cannot be registered on non-leaf tensors"
)
POST_ACCUMULATE_HOOK_RETURN = "Tensor post accumulate grad hooks should return None."
MEAN_OPTIONAL_DTYPE = (
    "mean(): could not infer output dtype. Optional dtype must be either a floating point or "
    "complex dtype. Got: {dtype}"
)
_RANDINT_KEYWORDS = (
    "Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device "
    "device = None, bool pin_memory = False, bool requires_grad = False)"
)
RANDINT_ARGS = (
    "randint() received an invalid combination of arguments - got ({got}), but expected one of:\n"
    f" * (int high, tuple of ints size, *, torch.Generator generator, {_RANDINT_KEYWORDS}\n"
    f" * (int high, tuple of ints size, *, {_RANDINT_KEYWORDS}\n"
    f" * (int low, int high, tuple of ints size, *, torch.Generator generator, {_RANDINT_KEYWORDS}\n"
    f" * (int low, int high, tuple of ints size, *, {_RANDINT_KEYWORDS}\n"
)
RANDINT_SIZE_INT = "randint(): argument 'size' (position 2) must be tuple of ints, not int"
NUMPY_BYTE_ORDER = (
    "given numpy array has byte order different from the native byte order. Conversion between "
    "byte orders is currently not supported."
)
NORM_MIXED_DTYPE = "mixed dtype (CPU): all inputs must share same datatype."
TENSOR_DATA_ASSIGN_DTYPE = (
    "data set to a tensor that requires gradients must be floating point or complex dtype"
)
BCE_TARGET_RANGE = "all elements of target should be between 0 and 1"
LINEAR_0D = "both arguments to linear need to be at least 1D, but they are {a}D and {b}D"
# --- micrograd: value | grad on every graph node (viz/values.py, %grad_graph --micrograd) -------
VIZ_RECORD_MODE = "record_values(): argument 'mode' (position 1) must be bool, not {type}"
VIZ_NOT_RECORDED = "not recorded"
VIZ_CUT_NOTE = "Showing the {shown:,} nodes nearest the output of {total:,}; the dashed box holds the rest (--full or full=True draws more)."
MICROGRAD_NOT_RECORDED = (
    "Note: the values of {count} intermediate result(s) were not recorded (the graph keeps no "
    "op results; they can only be seen while the ops run). Run the forward and backward in a "
    "%%grad_trace --micrograd cell, after %autograd_nb --record-values, or inside "
    "`with autograd_nb.viz.record_values():`."
)
RECORD_VALUES_MODE = {
    "--record-values": "Recording the value of every result and the gradient of every node: "
    "%grad_graph y --micrograd shows them (%autograd_nb --no-record-values stops).",
    "--no-record-values": "No longer recording values (%autograd_nb --record-values starts again).",
}
# --- apis2: PyTorch APIs a learner pastes (s10), PyTorch 2.13 texts ---------------------------------
POSITIVE_BOOL = "The `+` operator, on a bool tensor is not supported."
FREXP_DTYPE = "torch.frexp() only supports floating-point dtypes"
ISIN_BOOL = "Unsupported input type encountered for isin(): Bool"
ISIN_ARGS = (
    "isin() received an invalid combination of arguments - got ({got}), but expected one of:\n"
    " * (Tensor elements, Tensor test_elements, *, bool assume_unique = False, bool invert = "
    "False, Tensor out = None)\n"
    " * (Number element, Tensor test_elements, *, bool assume_unique = False, bool invert = "
    "False, Tensor out = None)\n"
    " * (Tensor elements, Number test_element, *, bool assume_unique = False, bool invert = "
    "False, Tensor out = None)\n"
)
RESULT_TYPE_ARGS = (
    "result_type() received an invalid combination of arguments - got ({got}), but expected one "
    "of:\n{overloads}"
)
RESULT_TYPE_OVERLOAD = (
    " * ({signature})\n      didn't match because some of the arguments have invalid types: "
    "({marked})\n"
)
CAN_CAST_ARG = "can_cast(): argument '{arg}' (position {position}) must be torch.dtype, not {type}"
UNRAVEL_INTEGER = "expected 'indices' to be integer dtype, but got {dtype}"
UNRAVEL_NEGATIVE = "'shape' cannot have negative values, but got {shape}"
TRI_INDICES_NEGATIVE = "{which} must be non-negative, got{value}"
KTHVALUE_RANGE = "kthvalue(): selected number k out of range for dimension {dim}"
FLIP_LR_DIMS = "Input must be >= 2-d."
FLIP_UD_DIMS = "Input must be >= 1-d."
H_DIMS = "tensor.H is only supported on matrices (2-D tensors). Got {dim}-D tensor."
H_BATCH_HINT = " For batches of matrices, consider using tensor.mH"
H_0D = "Tensor.H is deprecated on 0-D tensors. Consider using x.conj()."
MH_DIMS = "tensor.mH is only supported on matrices or batches of matrices. Got {dim}-D tensor."
MH_0D = "Tensor.mH is deprecated on 0-D tensors. Consider using x.conj()."
ADJOINT_DIMS = (
    "tensor.adjoint() is only supported on matrices or batches of matrices. Got {dim}-D tensor."
)
ADJOINT_0D = "adjoint() is deprecated on 0-D tensors. Consider using x.conj()."
UNFOLD_SIZE = "maximum size for tensor at dimension {dim} is {maximum} but size is {size}"
UNFOLD_STEP = "step is {step} but must be > 0"
AS_STRIDED_NEGATIVE = (
    "as_strided: Negative strides are not supported at the moment, got strides: {strides}"
)
AS_STRIDED_BOUNDS = (
    "setStorage: sizes {sizes}, strides {strides}, storage offset {offset}, and itemsize "
    "{itemsize} requiring a storage size of {need} are out of bounds for storage of size {have}"
)
ADDR_1D = "addr: Expected 1-D argument {name}, but got {dim}-D"
INNER_SHAPES = (
    "inner() the last dimension must match on both input tensors but got shapes {a} and {b}"
)
SAME_DTYPE_INPUTS = "both inputs should have same dtype"
CHAIN_MATMUL_EMPTY = "chain_matmul(): Expected one or more matrices"
CHAIN_MATMUL_DEPRECATED = (
    "torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use "
    "torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than "
    "multiple parameters."
)
MATRIX_DIM = "Tensor dimension is {dim}, expected 2 instead."
SCATTER_REDUCE_NAME = "reduce argument must be either sum, prod, mean, amax or amin, got {reduce}"
PUT_RANGE = "out of range: tried to access index {index} on a tensor of {numel} elements."
PUT_COUNT = (
    "put_(): Expected source and index to have the same number of elements, but got "
    "source.numel() = {source}, index.numel() = {index}"
)
PUT_INDEX_DTYPE = "put_(): Expected a long tensor for index, but got {dtype}"
PUT_DTYPE = (
    "put_(): self and source expected to have the same dtype, but got self.dtype = {self} and "
    "source.dtype = {source}"
)
MASKED_SCATTER_DTYPE = (
    "masked_scatter_ only supports boolean masks, but got mask with dtype {dtype}"
)
MASKED_SCATTER_SOURCE_DTYPE = (
    "masked_scatter: expected self and source to have same dtypes but got{self} and {source}"
)
MASKED_SCATTER_COUNT = "Number of elements of source < number of ones in mask"
CAUCHY_DTYPE = (
    "Cauchy distribution is a continuous probability distribution. dtype must be a floating "
    "point but you specified {ctype}"
)
CAUCHY_SIGMA = "cauchy_ expects sigma > 0.0, but found sigma={sigma}"
LOG_NORMAL_STD = "log_normal_ expects std > 0.0, but found std={std}"
GEOMETRIC_P = "geometric_ expects p to be in (0, 1), but got p={p}"
POISSON_RATE = "invalid Poisson rate, expected rate to be non-negative"
CALLABLE_REQUIRES_GRAD = (
    "Can't call {name}() on Variable that requires grad. Use var.detach().{name}() instead."
)
CALLABLE_CPU_ONLY = "{name} is only implemented on CPU tensors"
CALLABLE_NOT_CALLABLE = "'{type}' object is not callable"
CALLABLE_RESULT = "must be real number, not {type}"
MAP_OTHER_TYPE = "map_: expected {expected} for 'other' (got {got})"
FREXP_OUT_EXPONENT = "torch.frexp() expects exponent to have int dtype but got {ctype}"
FREXP_OUT_MANTISSA = "torch.frexp() expects mantissa to have dtype {expected} but got {ctype}"
# --- expand: collapsed graph boxes that expand on click (notebook/pictures.py) ---------------------
GRAPH_EXPAND_HINT = "Click a dashed box to draw all {nodes:,} nodes of the graph."
GRAPH_EXPANDED = "All {nodes:,} nodes of the graph (scroll inside the box)."
GRAPH_COLLAPSE = "collapse"

# --- nngaps: nn layers learners paste (channel_shuffle, max_unpool, rrelu, alpha dropout, LRN,
# lp_pool, embedding_bag) -------------------------------------------------------------------------
CHANNEL_SHUFFLE_DIMS = (
    "channel_shuffle expects input with > 2 dims, but got input with sizes {sizes}"
)
CHANNEL_SHUFFLE_GROUPS = (
    "Number of groups to divide channels in must be positive. Value of groups:{groups}"
)
CHANNEL_SHUFFLE_DIVISIBLE = (
    "Number of channels must be divisible by groups. Got {channels} channels and {groups} groups."
)
UNPOOL_INDICES_DTYPE = {
    2: "elements in indices should be type int64 but got: {dtype}",
    3: "elements in indices should be type int64",
}
UNPOOL_INPUT_DIMS = (
    "Input to max_unpooling{nd}d should be a {low}d or {high}d Tensor, but got a tensor with "
    "{ndim} dimensions."
)
UNPOOL_INDICES_SHAPE = (
    "Expected shape of indices to be same as that of the input tensor ({input}) but got indices "
    "tensor with shape: {indices}"
)
UNPOOL_INDEX = "Found an invalid max index: {index} (output volumes are of size {size})"
UNPOOL_OUTPUT_SIZE_LENGTH = (
    "output_size should be a sequence containing {nd} or {full} elements, but it has a length "
    "of '{got}'"
)
UNPOOL_OUTPUT_SIZE_RANGE = (
    'invalid output_size "{size}" (dim {dim} must be between {low} and {high})'
)
RRELU_BOUNDS = "Lower bound should be less than or equal to the upper bound"
FEATURE_DROPOUT_DIMS = "Feature dropout requires at least 2 dimensions in the input"
LRN_DIMS = (
    "Expected 3D or higher dimensionality                          input (got {ndim} dimensions)"
)
EMBEDDING_BAG_ORDER = (
    "Argument order of nn.functional.embedding_bag was changed. Usage `embedding_bag(weight, "
    "input, ...)` is deprecated, and should now be `embedding_bag(input, weight, ...)`."
)
EMBEDDING_BAG_PSW_SHAPE = (
    "embedding_bag: If per_sample_weights ({psw}) is not None, then it must have the same shape "
    "as the input ({input})"
)
EMBEDDING_BAG_WEIGHT_DIM = "weight has to be a 2D Tensor, but got Tensor of dimension {ndim}"
EMBEDDING_BAG_2D_OFFSETS = (
    "if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed "
    "length sequences. However, found offsets of type {type}"
)
EMBEDDING_BAG_NO_OFFSETS = "offsets has to be a 1D Tensor but got None"
EMBEDDING_BAG_OFFSETS_DIM = "offsets has to be a 1D Tensor"
EMBEDDING_BAG_INPUT_DIM = "input has to be 1D or 2D Tensor, but got Tensor of dimension {ndim}"
EMBEDDING_BAG_MODE = "mode has to be one of sum, mean or max"
EMBEDDING_BAG_UNSUPPORTED = (
    "embedding_bag: scale_grad_by_freq=True and sparse=True are not implemented in autograd_nb"
)
EMBEDDING_BAG_PSW_MODE = (
    "embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for "
    "mode='sum' (got mode='{mode}'). Please open a feature request on GitHub."
)
EMBEDDING_BAG_INDEX_DTYPE = (
    "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, "
    "Int; but got {type} instead (while checking arguments for embedding_bag)"
)
EMBEDDING_BAG_PADDING_IDX = (
    "padding_idx must be within the number of embeddings, {low} through {high}, but got {got}"
)
EMBEDDING_BAG_INDEX = (
    "Index {i} of input takes value {value} which is not in the valid range [0, {rows})"
)
EMBEDDING_BAG_FIRST_OFFSET = (
    "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from "
    "position 0. However, got {got}\n[ torch.LongTensor{{}} ]"
)
EMBEDDING_BAG_LAST_OFFSET = (
    "offsets[-1] can not be greater than input's length {n} but got offsets[-1] of {got}"
)
EMBEDDING_BAG_OFFSETS_ORDER = (
    "Expected i < index_size to be true, but got false.  (Could this error message be improved?  "
    "If so, please report an enhancement request to PyTorch.)"
)
EMBEDDING_BAG_MODULE_PADDING_IDX = "padding_idx must be within num_embeddings"
SYNC_BN_DIM = "expected at least 2D input (got {ndim}D input)"
FOLD_CHANNELS = (
    "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got "
    "input.size(1)={channels} and kernel_size={kernel}."
)
CTC_BLANK = "blank must be in label range"
CTC_INPUT_LENGTHS_SIZE = "input_lengths must be of size batch_size"
CTC_TARGET_LENGTHS_SIZE = "target_lengths must be of size batch_size"
CTC_INPUT_LENGTH = (
    "Expected input_lengths to have value at most {steps}, but got value {got} (while checking "
    "arguments for ctc_loss_allocate_outputs)"
)
CTC_TARGETS_SIZE = (
    "Expected tensor to have size at least {length} at dimension 1, but got size {size} for "
    "argument #2 'targets' (while checking arguments for ctc_loss_allocate_outputs)"
)

# --- signed zeros and the scatter family (branch zeros) ---
SCATTER_REDUCE_ARG = "reduce argument must be either add or multiply."
SCATTER_REDUCE_DEPRECATED = (
    "The reduce argument of torch.scatter with Tensor src is deprecated and will be removed in a "
    "future PyTorch release. Use torch.scatter_reduce instead for more reduction options."
)
INTS_NOT_TUPLE = "{name}(): argument '{arg}'{where} must be tuple of ints, not {type}"
INTS_FIRST_ELEMENT = (
    "{name}(): argument '{arg}'{where} must be tuple of ints, but found element of type {type} at "
    "pos 0"
)
MEMORY_FORMAT_CONSTRUCT = "cannot create 'torch.memory_format' instances"
MEMORY_FORMAT_ARGUMENT = (
    "{name}(): argument 'memory_format' must be torch.memory_format, not {type}"
)
MEMORY_FORMAT_RANK = "required rank {rank} tensor to use {name} format"
KEYWORD_ONLY = "{name}() takes 0 positional arguments but {n} {verb} given"
CONTIGUOUS_PRESERVE = "preserve memory format is unsupported by the contiguous operator"
EMPTY_PRESERVE = "unsupported memory format Preserve"
MISSING_ARGUMENT = '{name}() missing 1 required positional arguments: "{arg}"'
ARGUMENT_TWICE = "{name}() got multiple values for argument '{arg}'"

# --- missing element-wise ops, scatter variants, in-place forms (apis3; PyTorch 2.13's words) ---
FIRST_TENSOR_ARGS = (
    "{name}() received an invalid combination of arguments - got ({a}, {b}), but expected one "
    "of:\n * ({first}, Tensor other, *, Tensor out = None)\n * ({first}, Number other, *, Tensor "
    "out = None)\n"
)
FLOAT_POWER_INPLACE = (
    "the base given to float_power_ has dtype {dtype} but the operation's result requires dtype "
    "Double"
)
VIEW_SCATTER_SIZE = (
    "expected src to have a size equal to the slice of self. src size = {src}, slice size = {view}"
)
VIEW_SCATTER_STEP = "slice step must be positive"
INDEX_REDUCE_NAME = (
    "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {reduce}."
)
INDEX_REDUCE_DTYPE = "index_reduce_(): Expected dtype int32/int64 for index but got: {dtype}"
INDEX_REDUCE_VECTOR = (
    "index_reduce_(): Index is supposed to be a vector, but got dim: {dim} with type: {type} and "
    "size: {size}"
)
INDEX_REDUCE_COUNT = (
    "index_reduce_(): Number of indices ({n}) should be equal to source.size(dim): ({size}), for "
    "dim: {dim}"
)
INDEX_REDUCE_SOURCE_DTYPE = (
    "index_reduce_(): self ({self}) and source ({source}) must have the same scalar type"
)
INDEX_REDUCE_BETA = "index_reduce() is in beta and the API may change at any time."
BROADCAST_SHAPES = (
    "Attempting to broadcast a dimension of length {n} at {at}! Mismatching argument at index "
    "{index} had {shape}; but expected shape should be broadcastable to {result}"
)
BROADCAST_SHAPES_NEGATIVE = "Attempting to broadcast a dimension with negative length!"
FILL_DIAGONAL_DIMS = "dimensions must larger than 1"
FILL_DIAGONAL_EQUAL = "all dimensions of input must be of equal length"
WINDOW_LENGTH = "{name} requires non-negative window_length, got window_length={n}"
WINDOW_DTYPE = (
    "{name} expects floating point dtypes, got: TensorOptions(dtype={ctype}, device=cpu, "
    "layout=Strided (default), requires_grad=false (default), pinned_memory=false, "
    "memory_format=(nullopt))"
)
ADDMM_INPLACE_SIZE = (
    "Bad in-place call: input tensor size {self} and output tensor size {out} should match"
)
RMS_NORM_INPUT = (
    "Given normalized_shape={shape}, expected input with shape [*{dims}], but got input of "
    "size{size}"
)
MULTI_DOT_COUNT = "multi_dot(): expected at least 2 tensors but got {n}"
MULTI_DOT_END = "multi_dot(): the {which} tensor must be 1D or 2D but got {dim}D"
MULTI_DOT_MIDDLE = "multi_dot(): tensor {i} must be 2D but got {dim}D"
MULTI_DOT_DTYPE = (
    "multi_dot(): all tensors must have be the same dtype but tensor 0 is {a} and tensor {i} {b}"
)
MULTI_DOT_SHAPES = "multi_dot(): tensors {i} and {j} with shapes {a} and {b} cannot be multiplied"
LINALG_VANDER_N = "N must be greater than 1."
PDIST_DIM = "pdist only supports 2D tensors, got: {dim}D"
PDIST_P = "pdist only supports non-negative p values"
DROPOUT3D_DIM = (
    "dropout3d: Received a {ndim}-D input to dropout3d, which is deprecated and will result in an "
    "error in a future release. To retain the behavior and silence this warning, please use "
    "dropout instead. Note that dropout3d exists to provide channel-wise dropout on inputs with 3 "
    "spatial dimensions, a channel dimension, and an optional batch dimension (i.e. 4D or 5D "
    "inputs)."
)
SOLVE_TRIANGULAR_DIMS = (
    "linalg.solve_triangular: The input tensor {arg} must have at least 2 dimensions."
)
QR_DEPRECATED = (
    "torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future PyTorch "
    "release.\nThe boolean parameter 'some' has been replaced with a string parameter 'mode'.\n"
    "Q, R = torch.qr(A, some)\nshould be replaced with\nQ, R = torch.linalg.qr(A, 'reduced' if "
    "some else 'complete')"
)
POLYNOMIAL_ARGS = (
    "special_{name}() received an invalid combination of arguments - got ({a}, {b}), but "
    "expected one of:\n * (Tensor x, Tensor n, *, Tensor out = None)\n * (Number x, Tensor n, "
    "*, Tensor out = None)\n * (Tensor x, Number n, *, Tensor out = None)\n"
)
OVERLOAD_HEAD = (
    "{name}() received an invalid combination of arguments - got ({got}), but expected one of:\n"
)
OVERLOAD_LINE = " * ({signature})\n"
OVERLOAD_MISMATCH = (
    " * ({signature})\n      didn't match because some of the arguments have invalid types: "
    "({marked})\n"
)

# --- wrong argument types (argtypes; PyTorch 2.13's argument parser) ---
ARGUMENT_TYPE = "{name}(): argument '{arg}'{where} must be {expected}, not {type}"
SEQUENCE_ELEMENT = "expected Tensor as element {i} in argument {position}, but got {type}"
TENSOR_STR_DIMENSIONS = "too many dimensions '{type}'"
# PyTorch's signatures in its "invalid combination of arguments" lists (ops/_helpers.py's
# invalid_combination): the method's, then the function's
_DTYPE = "torch.dtype dtype = None"
SUM_SIGNATURES = (
    (("*", _DTYPE), ("tuple of ints dim", "bool keepdim = False", "*", _DTYPE)),
    (
        ("Tensor input", "*", _DTYPE),
        (
            "Tensor input",
            "tuple of ints dim",
            "bool keepdim = False",
            "*",
            _DTYPE,
            "Tensor out = None",
        ),
    ),
)
MEAN_SIGNATURES = (
    SUM_SIGNATURES[0],
    (("Tensor input", "*", _DTYPE, "Tensor out = None"), SUM_SIGNATURES[1][1]),
)
CLAMP_SIGNATURES = (
    (("Tensor min = None", "Tensor max = None"), ("Number min = None", "Number max = None")),
    tuple(
        ("Tensor input", f"{kind} min = None", f"{kind} max = None", "*", "Tensor out = None")
        for kind in ("Tensor", "Number")
    ),
)
MASKED_FILL_SIGNATURES = (
    (("Tensor mask", "Tensor value"), ("Tensor mask", "Number value")),
    (
        ("Tensor input", "Tensor mask", "Tensor value"),
        ("Tensor input", "Tensor mask", "Number value"),
    ),
)
LERP_SIGNATURES = (
    (("Tensor end", "Tensor weight"), ("Tensor end", "Number weight")),
    tuple(
        ("Tensor input", "Tensor end", f"{kind} weight", "*", "Tensor out = None")
        for kind in ("Tensor", "Number")
    ),
)
WHERE_SIGNATURES = (
    ("Tensor condition",),
    ("Tensor condition", "Tensor input", "Tensor other", "*", "Tensor out = None"),
    ("Tensor condition", "Number self", "Tensor other"),
    ("Tensor condition", "Tensor input", "Number other"),
    ("Tensor condition", "Number self", "Number other"),
)
_VAR_METHOD = (
    ("tuple of ints dim", "bool unbiased = True", "bool keepdim = False"),
    ("tuple of ints dim = None", "*", "Number correction = None", "bool keepdim = False"),
    ("bool unbiased = True",),
)
VAR_SIGNATURES = (
    _VAR_METHOD,
    (
        ("Tensor input", *_VAR_METHOD[0], "*", "Tensor out = None"),
        ("Tensor input", *_VAR_METHOD[1], "Tensor out = None"),
        ("Tensor input", *_VAR_METHOD[2]),
    ),
)
PROD_SIGNATURES = (
    (("*", _DTYPE), ("int dim", "bool keepdim = False", "*", _DTYPE)),
    (
        ("Tensor input", "*", _DTYPE),
        ("Tensor input", "int dim", "bool keepdim = False", "*", _DTYPE, "Tensor out = None"),
    ),
)
MAX_SIGNATURES = (
    ((), ("Tensor other",), ("int dim", "bool keepdim = False")),
    (
        ("Tensor input", "*", "Tensor out = None"),
        ("Tensor input", "Tensor other", "*", "Tensor out = None"),
        ("Tensor input", "int dim", "bool keepdim = False", "*", "tuple of Tensors out = None"),
    ),
)
GRID_ALIGN_CORNERS_DEFAULT = (
    "Default grid_sample and affine_grid behavior has changed to align_corners=False since "
    "1.3.0. Please specify align_corners=True if the old behavior is desired. See the "
    "documentation of grid_sample for details."
)
AFFINE_GRID_DTYPE = "Expected theta to have floating point type, but got {dtype}"
AFFINE_GRID_SIZE = (
    "affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, respectively. "
    "Got size {size}."
)
AFFINE_GRID_THETA = (
    "Expected a batch of {nd}D affine matrices of shape Nx{rows}x{cols} for size {size}. "
    "Got {shape}."
)
AFFINE_GRID_UNIT_SIZE = (
    "Since version 1.3.0, affine_grid behavior has changed for unit-size grids when "
    "align_corners=True. This is not an intended use case of affine_grid. See the documentation "
    "of affine_grid for details."
)
AFFINE_GRID_EMPTY = "Expected non-zero, positive output size. Got {size}"
AFFINE_GRID_BATCH = (
    "Expected size for first two dimensions of batch2 tensor to be: [{n}, {rows}] but got: {got}."
)
GRID_SAMPLE_MODE = (
    "nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but "
    "got: '{mode}'"
)
GRID_SAMPLE_PADDING = (
    "nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
    "'reflection', but got: '{padding_mode}'"
)
GRID_SAMPLE_BATCH = (
    "grid_sampler(): expected grid and input to have same batch size, but got input with sizes "
    "{input} and grid with sizes {grid}"
)
GRID_SAMPLE_LAST_DIM = (
    "grid_sampler(): expected grid to have size {n} in last dimension, but got grid with sizes "
    "{grid}"
)
GRID_SAMPLE_EMPTY = (
    "grid_sampler(): expected input to have non-empty spatial dimensions, but input has sizes "
    "{input} with dimension {dim} being empty"
)
GRID_SAMPLE_RANK = (
    "grid_sampler(): expected {nd} input and grid with same number of dimensions, but got input "
    "with sizes {input} and grid with sizes {grid}"
)
GRID_SAMPLE_BICUBIC_RANK = "grid_sampler(): bicubic interpolation only supports 4D input"
GRID_SAMPLE_DTYPE = "expected scalar type {expected} but found {got}"
GRADIENT_SPACING_DIMS = (
    "torch.gradient expected each element of spacing to have one dimension, but got an element "
    "with {dim} dimensions!"
)
GRADIENT_SPACING_LENGTH = (
    "torch.gradient expected spacing to be unspecified, a scalar, or a list of length equal to "
    "'self.dim() = {ndim}', since dim argument was not given, but got a list of length {got}"
)
GRADIENT_SPACING_DIM_LENGTH = (
    "torch.gradient expected spacing to be unspecified, a scalar or it's spacing and dim "
    "arguments to have the same length, but got a spacing argument of length {got} and a dim "
    "argument of length {dims}."
)
GRADIENT_UINT8 = "torch.gradient does not support uint8 input."
GRADIENT_EDGE_ORDER = "torch.gradient only supports edge_order=1 and edge_order=2."
GRADIENT_SIZE = "torch.gradient expected each dimension size to be at least edge_order+1"
SET_SUBMODULE_EMPTY = "Cannot set the submodule without a target name!"
SET_SUBMODULE_TYPE = "`module` is not an nn.Module, found {type}"
SET_SUBMODULE_MISSING = "{parent} has no attribute `{name}`"
SET_SUBMODULE_NOT_MODULE = "`{name}` is not an nn.Module"
MODULE_NO_XPU = "Torch not compiled with XPU enabled"
MODULE_NO_IPU = "PyTorch is not linked with support for ipu devices"
MODULE_NO_MTIA = (
    "Torch not compiled with MTIA enabled. Ensure you have `import "
    "mtia.host_runtime.torch_mtia.dynamic_library` in your python src file and include "
    "`//mtia/host_runtime/torch_mtia:torch_mtia` as your target dependency!"
)
MODULE_EXTRA_STATE = (
    "Reached a code path in Module.{name}() that should never be called. Please file an issue "
    "at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml to report this bug."
)
OUT_COUNT = "{name}(): expected {expected} tensors in out, but got {got}"
