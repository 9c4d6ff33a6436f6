"""`torch.distributions.Distribution`: shapes, argument/sample validation, `expand` and the
repr shared by all distributions."""

from __future__ import annotations

from .. import _messages as msg
from .._size import Size
from .._tensor import Tensor
from ..autograd.grad_mode import no_grad
from . import constraints
from .utils import lazy_property


class Distribution:
    """Base class: a batch of `batch_shape` distributions, each over events of `event_shape`."""

    has_rsample = False
    has_enumerate_support = False
    _validate_args = __debug__
    arg_constraints: dict = {}

    @staticmethod
    def set_default_validate_args(value: bool) -> None:
        """Turn argument validation on or off for distributions created from now on."""
        if value not in [True, False]:
            raise ValueError
        Distribution._validate_args = value

    def __init__(
        self,
        batch_shape: tuple = Size(),
        event_shape: tuple = Size(),
        validate_args: bool | None = None,
    ) -> None:
        self._batch_shape = Size(batch_shape)
        self._event_shape = Size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args
        if not self._validate_args:
            return
        for param, constraint in self.arg_constraints.items():
            if constraints.is_dependent(constraint):
                continue
            if param not in self.__dict__ and isinstance(
                getattr(type(self), param, None), lazy_property
            ):
                continue  # not given: computed from the other parametrisation
            value = getattr(self, param)
            if not bool(constraint.check(value).all()):
                raise ValueError(
                    msg.DIST_PARAM_INVALID.format(
                        param=param,
                        type=type(value).__name__,
                        shape=tuple(value.shape),
                        dist=repr(self),
                        constraint=repr(constraint),
                        value=value,
                    )
                )

    def _get_checked_instance(self, cls: type, _instance=None):
        """A blank instance for `expand`; subclasses with their own __init__ must override it."""
        if _instance is None and type(self).__init__ != cls.__init__:
            raise NotImplementedError(
                msg.DIST_CUSTOM_INIT_EXPAND.format(cls=type(self).__name__, base=cls.__name__)
            )
        return type(self).__new__(type(self)) if _instance is None else _instance

    def _expanded(self, cls: type, batch_shape, params: dict, _instance=None):
        """`expand`'s common part: a new instance whose `params` are expanded to their shapes."""
        new = self._get_checked_instance(cls, _instance)
        for name, shape in params.items():
            setattr(new, name, getattr(self, name).expand(shape))
        Distribution.__init__(new, batch_shape, self._event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def expand(self, batch_shape, _instance=None) -> Distribution:
        """This distribution with its parameters expanded (not copied) to `batch_shape`."""
        raise NotImplementedError

    @property
    def batch_shape(self) -> Size:
        return self._batch_shape

    @property
    def event_shape(self) -> Size:
        return self._event_shape

    @property
    def support(self):
        raise NotImplementedError

    @property
    def mean(self) -> Tensor:
        raise NotImplementedError

    @property
    def mode(self) -> Tensor:
        raise NotImplementedError(msg.DIST_NO_MODE.format(cls=type(self)))

    @property
    def variance(self) -> Tensor:
        raise NotImplementedError

    @property
    def stddev(self) -> Tensor:
        return self.variance.sqrt()

    def sample(self, sample_shape: tuple = ()) -> Tensor:
        """A sample of shape sample_shape + batch_shape + event_shape, cut from the graph."""
        with no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape: tuple = ()) -> Tensor:
        """A reparameterised sample: gradients flow back to the parameters."""
        raise NotImplementedError

    def log_prob(self, value: Tensor) -> Tensor:
        raise NotImplementedError

    def cdf(self, value: Tensor) -> Tensor:
        """The cumulative distribution function at `value`."""
        raise NotImplementedError

    def icdf(self, value: Tensor) -> Tensor:
        """The inverse of `cdf`: the value below which a fraction `value` of the mass lies."""
        raise NotImplementedError

    def entropy(self) -> Tensor:
        raise NotImplementedError

    def enumerate_support(self, expand: bool = True) -> Tensor:
        raise NotImplementedError

    def perplexity(self) -> Tensor:
        return self.entropy().exp()

    def _extended_shape(self, sample_shape: tuple = ()) -> Size:
        return Size(tuple(sample_shape)) + self._batch_shape + self._event_shape

    def _validate_sample(self, value) -> None:
        """PyTorch's checks of a value to score: a Tensor, shapes that fit, inside the support."""
        if not isinstance(value, Tensor):
            raise ValueError(msg.DIST_VALUE_NOT_TENSOR)
        start = value.dim() - len(self._event_shape)
        if value.size()[start:] != self._event_shape:
            raise ValueError(
                msg.DIST_EVENT_SHAPE.format(value=value.size(), event=self._event_shape)
            )
        actual, expected = value.size(), self._batch_shape + self._event_shape
        for i, j in zip(reversed(actual), reversed(expected)):
            if i != 1 and j != 1 and i != j:
                raise ValueError(
                    msg.DIST_NOT_BROADCASTABLE.format(actual=actual, expected=expected)
                )
        support = self.support
        if not bool(support.check(value).all()):
            raise ValueError(
                msg.DIST_VALUE_INVALID.format(
                    type=type(value).__name__,
                    shape=tuple(value.shape),
                    support=repr(support),
                    dist=repr(self),
                    value=value,
                )
            )

    def _enumerate(self, values: Tensor, expand: bool) -> Tensor:
        """The support `values` (one per row) viewed against the batch dims, expanded if asked."""
        batch = len(self._batch_shape)
        values = values.reshape((values.shape[0],) + (1,) * batch + tuple(values.shape[1:]))
        if expand:
            values = values.expand(
                (-1,) + tuple(self._batch_shape) + tuple(values.shape[1 + batch :])
            )
        return values

    def __repr__(self) -> str:
        names = [k for k in self.arg_constraints if k in self.__dict__]
        values = {p: self.__dict__[p] for p in names}
        args = ", ".join(f"{p}: {v if v.numel() == 1 else v.size()}" for p, v in values.items())
        return f"{type(self).__name__}({args})"
