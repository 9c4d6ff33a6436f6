"""torch.autograd: the engine's entry points, grad mode, and the graph's node types."""

from .functional import backward, grad
from .grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled
from .node import Node

__all__ = ["backward", "grad", "no_grad", "enable_grad", "set_grad_enabled", "inference_mode",
           "Node"]
