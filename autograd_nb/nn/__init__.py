"""`torch.nn`: Parameter, Module, containers, layers, losses, `init`, `functional` and `utils`."""

from . import functional, init, utils
from .modules import *  # noqa: F401,F403 - Module, containers, layers, losses
from .parameter import Buffer, Parameter, UninitializedBuffer, UninitializedParameter
