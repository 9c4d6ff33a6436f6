"""`torch.utils`: for now, `utils.data` (datasets, samplers and the DataLoader)."""

from . import data

__all__ = ["data"]
