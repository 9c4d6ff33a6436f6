"""`torch.utils`: `utils.data` (datasets, samplers, the DataLoader) and `utils.tensorboard`."""

from importlib import import_module

from .. import _messages as msg
from . import data

__all__ = ["data", "tensorboard"]


def __getattr__(name: str):
    """`torch.utils.tensorboard` on first use, so `import autograd_nb` never loads its writer."""
    if name == "tensorboard":
        return import_module(f"{__name__}.tensorboard")
    raise AttributeError(msg.PACKAGE_NO_ATTRIBUTE.format(module=__name__, name=name))
