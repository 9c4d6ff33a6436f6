"""torch.autograd: the engine's entry points, grad mode, and the graph's node types."""

from . import functional, graph
from .anomaly_mode import detect_anomaly, set_detect_anomaly
from .function import Function, FunctionCtx, once_differentiable
from .grad_api import backward, grad
from .grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled
from .gradcheck import gradcheck, gradgradcheck
from .node import Node
from .variable import Variable

__all__ = [
    "backward",
    "grad",
    "functional",
    "graph",
    "no_grad",
    "enable_grad",
    "set_grad_enabled",
    "inference_mode",
    "Node",
    "Function",
    "FunctionCtx",
    "once_differentiable",
    "Variable",
    "gradcheck",
    "gradgradcheck",
    "detect_anomaly",
    "set_detect_anomaly",
]
