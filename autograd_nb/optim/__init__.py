"""`torch.optim`: optimizers that update parameters from their `.grad`, and lr schedulers."""

from . import lr_scheduler
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adam import Adam, AdamW
from .adamax import Adamax
from .asgd import ASGD
from .lbfgs import LBFGS
from .nadam import NAdam
from .optimizer import Optimizer
from .radam import RAdam
from .rmsprop import RMSprop
from .rprop import Rprop
from .sgd import SGD

__all__ = [
    "Adagrad",
    "Adam",
    "AdamW",
    "Optimizer",
    "RMSprop",
    "SGD",
    "lr_scheduler",
    "ASGD",
    "Adadelta",
    "Adamax",
    "LBFGS",
    "NAdam",
    "RAdam",
    "Rprop",
]
