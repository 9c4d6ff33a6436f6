"""`torch.load(f, weights_only=False)`: Python's own unpickler, for files the user trusts.

This is PyTorch's explicit opt-in for a whole pickled object (`torch.save(model, PATH)`): any
class or function the file names is imported and may run code, so it is only ever used when the
caller passes `weights_only=False` (or a `pickle_module`, as in PyTorch). The names a checkpoint
uses for tensors (`torch._utils._rebuild_tensor_v2`, the storage types, `torch.Size`, the
dtypes) resolve to autograd_nb's rebuild functions, the ones the weights-only reader calls; every
other name is imported as Python's pickle imports it. A class of PyTorch itself
(`torch.nn.modules.linear.Linear` in a file PyTorch saved) has no autograd_nb counterpart to
import: it is refused by name.
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Callable
from typing import Any

from .. import _messages as msg
from ._storages import LoadedStorage
from ._weights_unpickler import _PY2_MODULES, ALLOWED_GLOBALS, FOREIGN_GLOBALS, storage_id


class FullUnpickler(pickle.Unpickler):
    """pickle.Unpickler whose `torch.*` tensor names are autograd_nb's and storages are records."""

    def __init__(
        self, data: bytes, persistent_load: Callable[[tuple], LoadedStorage], **kwargs: Any
    ):
        super().__init__(io.BytesIO(data), **kwargs)
        self._storage = persistent_load

    def find_class(self, module: str, name: str) -> Any:
        path = f"{_PY2_MODULES.get(module, module)}.{name}"
        if path in FOREIGN_GLOBALS:
            raise RuntimeError(
                msg.LOAD_UNSUPPORTED_DTYPE.format(
                    dtype=FOREIGN_GLOBALS[path], what=f"GLOBAL {path}"
                )
            )
        found = ALLOWED_GLOBALS.get(path)
        if found is not None:
            return found
        if module == "torch" or module.startswith("torch."):
            raise pickle.UnpicklingError(msg.UNPICKLE_PYTORCH_CLASS.format(path=path))
        return super().find_class(module, name)

    def persistent_load(self, pid) -> LoadedStorage:
        return self._storage(storage_id(pid))
