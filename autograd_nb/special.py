"""torch.special: the special functions PyTorch also files under this name."""

from .ops.tensorops import logit, xlogy

__all__ = ["logit", "xlogy"]
