"""Reads checkpoints that earlier autograd_nb versions wrote (a JSON manifest, no pickle).

Those files are zip archives with two kinds of members:

- `manifest.json`: `{"format": "autograd_nb", "version": 1, "root": <value>}`, where a value is
  JSON `null`, `true`/`false`, a number or a string, or an object tagged by `"__type__"`:
    - `{"__type__": "tensor", "id": k, "dtype": "float32", "device": "cpu",
       "requires_grad": false, "parameter": false}` -- the data is in `tensors/k.npy`;
    - `{"__type__": "list" | "tuple", "items": [value, ...]}`;
    - `{"__type__": "dict" | "OrderedDict", "items": [[key, value], ...]}` (an OrderedDict's
      `_metadata` under `"metadata"`);
    - `{"__type__": "float", "value": "nan" | "inf" | "-inf"}`;
    - `{"__type__": "dtype", "name": "float32"}`, `{"__type__": "device", "name": "cuda:0"}`,
      `{"__type__": "Size", "items": [2, 3]}`.
- `tensors/<k>.npy`: one NumPy `.npy` array per distinct tensor.

`save` now writes PyTorch's format; this module only reads, with the same checks as the new
format: every member stored and no larger than the file, a .npy header's shape matching its data
before an array is made, every manifest entry of the expected shape. A malformed file is one
RuntimeError saying what is wrong.
"""

from __future__ import annotations

import io
import json
import math
from collections import OrderedDict
from typing import Any

import numpy as np

from .. import _messages as msg
from .. import dtypes
from .._size import Size
from .._tensor import Tensor
from ..device import device as Device
from ._storages import LoadedStorage, contiguous_strides, tensor_from_storage

FORMAT = "autograd_nb"
VERSION = 1
MANIFEST = "manifest.json"


def _malformed(why: str) -> RuntimeError:
    return RuntimeError(msg.LOAD_LEGACY_MALFORMED.format(why=why))


def load(archive, restorer) -> Any:
    """The object tree a legacy archive holds."""
    try:
        manifest = json.loads(bytes(archive.read(MANIFEST)))
    except (ValueError, RecursionError) as error:
        raise _malformed(msg.LEGACY_NOT_JSON.format(manifest=MANIFEST, error=error)) from None
    if not isinstance(manifest, dict) or "root" not in manifest:
        raise _malformed(msg.LEGACY_NO_ROOT.format(manifest=MANIFEST))
    if manifest.get("format") != FORMAT or manifest.get("version") != VERSION:
        raise _malformed(
            msg.LEGACY_FORMAT.format(format=manifest.get("format"), version=manifest.get("version"))
        )
    try:
        return _Decoder(archive, restorer).decode(manifest["root"])
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        why = f"{type(error).__name__}: {error}"[:300]
        raise _malformed(msg.LEGACY_BAD_ENTRY.format(manifest=MANIFEST, why=why)) from None


class _Decoder:
    def __init__(self, archive, restorer):
        self.archive = archive
        self.restorer = restorer
        self.tensors: dict[int, Tensor] = {}

    def decode(self, value):
        if not isinstance(value, dict):
            if isinstance(value, list):
                raise TypeError(msg.LEGACY_BARE_LIST)
            return value
        kind = value["__type__"]
        if kind == "tensor":
            return self._tensor(value)
        if kind == "float":
            return float(value["value"])
        if kind == "dtype":
            return dtypes.BY_NAME[value["name"]]
        if kind == "device":
            return Device(value["name"])
        if kind == "Size":
            return Size([int(s) for s in value["items"]])
        if kind == "list":
            return [self.decode(v) for v in value["items"]]
        if kind == "tuple":
            return tuple(self.decode(v) for v in value["items"])
        if kind in ("dict", "OrderedDict"):
            items = [(self.decode(k), self.decode(v)) for k, v in value["items"]]
            out = OrderedDict(items) if kind == "OrderedDict" else dict(items)
            if "metadata" in value:
                out._metadata = self.decode(value["metadata"])
            return out
        raise ValueError(msg.LEGACY_UNKNOWN_ENTRY.format(kind=kind))

    def _tensor(self, value: dict) -> Tensor:
        k = value["id"]
        if type(k) is not int:
            raise TypeError(msg.LEGACY_TENSOR_ID.format(id=k))
        if k in self.tensors:
            return self.tensors[k]
        dtype = dtypes.BY_NAME[value["dtype"]]
        name = f"tensors/{k}.npy"
        shape, elements = _read_npy(self.archive.read(name), dtype, name)
        location = self.restorer.target(str(value["device"]), elements)
        storage = LoadedStorage(elements, location, name)
        out = tensor_from_storage(storage, 0, shape, contiguous_strides(shape))
        if value.get("parameter"):
            from ..nn.parameter import Parameter

            out = Parameter(out, requires_grad=bool(value["requires_grad"]))
        elif value["requires_grad"]:
            out.requires_grad = True  # PyTorch's error for an integer tensor
        self.tensors[k] = out
        return out


def _read_npy(data: bytearray, dtype: dtypes.dtype, name: str) -> tuple[tuple, np.ndarray]:
    """(shape, flat elements) of a .npy member, the header checked against the data first."""
    stream = io.BytesIO(data)
    try:
        version = np.lib.format.read_magic(stream)
        header = (
            np.lib.format.read_array_header_1_0
            if version == (1, 0)
            else np.lib.format.read_array_header_2_0
        )
        shape, fortran, stored = header(stream)
    except ValueError as error:
        raise _malformed(msg.LEGACY_NPY_HEADER.format(name=name, error=error)) from None
    if stored.hasobject or stored.kind not in "biuf" or stored.name != dtype.name:
        raise _malformed(msg.LEGACY_NPY_DTYPE.format(name=name, stored=stored, dtype=dtype.name))
    numel = math.prod(shape)
    start = stream.tell()
    if numel * stored.itemsize != len(data) - start:
        raise _malformed(
            msg.LEGACY_NPY_SIZE.format(
                name=name, shape=shape, declared=numel * stored.itemsize, held=len(data) - start
            )
        )
    elements = np.frombuffer(data, dtype=stored, offset=start)
    if fortran:
        elements = elements.reshape(shape[::-1]).T.reshape(-1)
    return tuple(shape), elements.astype(stored.newbyteorder("="), copy=False)
