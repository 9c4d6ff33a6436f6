"""`autograd_nb.save` / `autograd_nb.load`: checkpoints in a documented format that never runs code.

`torch.save` pickles, and unpickling a file can run any code it names. Here a file is a ZIP
archive with two kinds of members:

- `manifest.json`: `{"format": "autograd_nb", "version": 1, "root": <value>}`, where a value is
  JSON `null`, `true`/`false`, a number or a string, or an object tagged by `"__type__"`:
    - `{"__type__": "tensor", "id": k, "dtype": "float32", "device": "cpu",
       "requires_grad": false, "parameter": false}` -- the data is in `tensors/k.npy`;
    - `{"__type__": "list" | "tuple", "items": [value, ...]}`;
    - `{"__type__": "dict" | "OrderedDict", "items": [[key, value], ...]}` (keys are values too,
      so int keys stay ints; an OrderedDict's `_metadata`, kept by state_dict(), is stored under
      `"metadata"`);
    - `{"__type__": "float", "value": "nan" | "inf" | "-inf"}` for non-finite floats;
    - `{"__type__": "dtype", "name": "float32"}`, `{"__type__": "device", "name": "cuda:0"}`,
      `{"__type__": "Size", "items": [2, 3]}`.
- `tensors/<k>.npy`: one NumPy `.npy` array per distinct tensor object (a tensor saved twice in
  one call is stored once and loads as one object), written and read with `allow_pickle=False`.

Anything else (modules, functions, arbitrary objects) is refused at save time with a TypeError:
save a module's `state_dict()` instead, as PyTorch recommends. Gradients are not saved (PyTorch
does not save them either); storage shared between different tensors (views) is not preserved.
"""

from __future__ import annotations

import io
import json
import math
import os
import zipfile
from collections import OrderedDict
from typing import Any

import numpy as np

from . import dtypes
from ._size import Size
from ._tensor import Tensor, make_tensor
from .backends import backend_for
from .device import device as Device

__all__ = ["save", "load"]

FORMAT = "autograd_nb"
VERSION = 1
MANIFEST = "manifest.json"


class _Writer:
    """Encodes a value tree as JSON, collecting tensors to write as .npy members."""

    def __init__(self):
        self.arrays: list[np.ndarray] = []
        self.ids: dict[int, int] = {}

    def encode(self, obj: Any):
        if obj is None or isinstance(obj, (bool, str)):
            return obj
        if isinstance(obj, int):
            return int(obj)
        if isinstance(obj, float):
            return obj if math.isfinite(obj) else {"__type__": "float", "value": repr(obj)}
        if isinstance(obj, Tensor):
            return self._tensor(obj)
        if isinstance(obj, dtypes.dtype):
            return {"__type__": "dtype", "name": obj.name}
        if isinstance(obj, Device):
            return {"__type__": "device", "name": str(obj)}
        if isinstance(obj, Size):
            return {"__type__": "Size", "items": [int(s) for s in obj]}
        if isinstance(obj, (list, tuple)):
            kind = "list" if isinstance(obj, list) else "tuple"
            return {"__type__": kind, "items": [self.encode(v) for v in obj]}
        if isinstance(obj, dict):
            kind = "OrderedDict" if isinstance(obj, OrderedDict) else "dict"
            out = {
                "__type__": kind,
                "items": [[self.encode(k), self.encode(v)] for k, v in obj.items()],
            }
            metadata = getattr(obj, "_metadata", None)
            if metadata is not None:
                out["metadata"] = self.encode(metadata)
            return out
        raise TypeError(
            f"autograd_nb.save cannot store an object of type {type(obj).__name__}: only "
            "tensors, numbers, strings, None, dtypes, devices and lists/tuples/dicts of them "
            "(save a module's state_dict(), not the module)"
        )

    def _tensor(self, t: Tensor) -> dict:
        k = self.ids.get(id(t))
        if k is None:
            k = self.ids[id(t)] = len(self.arrays)
            # asarray, not ascontiguousarray: that one makes a 0-d tensor 1-d
            self.arrays.append(np.asarray(t._backend.to_host(t._data), order="C"))
        from .nn.parameter import Parameter

        return {
            "__type__": "tensor",
            "id": k,
            "dtype": t.dtype.name,
            "device": str(t.device),
            "requires_grad": bool(t._requires_grad),
            "parameter": isinstance(t, Parameter),
        }


def save(obj: Any, f) -> None:
    """Write obj (a state_dict or nested dicts/lists of tensors and plain values) to f."""
    writer = _Writer()
    manifest = {"format": FORMAT, "version": VERSION, "root": writer.encode(obj)}
    if isinstance(f, (str, os.PathLike)):
        with open(f, "wb") as fh:
            _write(fh, manifest, writer.arrays)
    else:
        _write(f, manifest, writer.arrays)


def _write(fh, manifest: dict, arrays: list) -> None:
    with zipfile.ZipFile(fh, "w", compression=zipfile.ZIP_STORED) as zf:
        zf.writestr(MANIFEST, json.dumps(manifest))
        for k, array in enumerate(arrays):
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, array, allow_pickle=False)
            zf.writestr(f"tensors/{k}.npy", buffer.getvalue())


class _Reader:
    """Decodes the manifest, reading each tensor's .npy member once."""

    def __init__(self, zf: zipfile.ZipFile, map_location):
        self.zf = zf
        self.map_location = map_location
        self.tensors: dict[int, Tensor] = {}

    def decode(self, value):
        if not isinstance(value, dict):
            return value
        kind = value.get("__type__")
        if kind == "tensor":
            return self._tensor(value)
        if kind == "float":
            return float(value["value"])
        if kind == "dtype":
            return dtypes.BY_NAME[value["name"]]
        if kind == "device":
            return Device(value["name"])
        if kind == "Size":
            return Size(value["items"])
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
        raise RuntimeError(f"autograd_nb.load: unknown entry {kind!r} in {MANIFEST}")

    def _device(self, saved: str):
        loc = self.map_location
        if loc is None:
            return saved
        if isinstance(loc, dict):
            return loc.get(saved, saved)
        if isinstance(loc, (str, Device)):
            return loc
        return None  # a callable: applied to the loaded tensor below

    def _tensor(self, value: dict) -> Tensor:
        k = value["id"]
        if k in self.tensors:
            return self.tensors[k]
        with self.zf.open(f"tensors/{k}.npy") as member:
            host = np.lib.format.read_array(io.BytesIO(member.read()), allow_pickle=False)
        dtype = dtypes.BY_NAME[value["dtype"]]
        device = self._device(value["device"])
        backend = backend_for(device if device is not None else "cpu")
        data = backend.from_host(host.astype(np.dtype(dtype.name), copy=False))
        out = make_tensor(data, backend)
        if callable(self.map_location) and not isinstance(self.map_location, dict):
            moved = self.map_location(out, value["device"])
            out = moved if isinstance(moved, Tensor) else out
        if value.get("parameter"):
            from .nn.parameter import Parameter

            out = Parameter(out, requires_grad=value["requires_grad"])
        else:
            out._requires_grad = bool(value["requires_grad"])
        self.tensors[k] = out
        return out


def load(f, map_location=None, weights_only: bool | None = True, **kwargs) -> Any:
    """Read what `save` wrote; map_location moves tensors ('cpu', a device, a dict or callable).

    The file is never unpickled, so loading an untrusted checkpoint cannot run code
    (`weights_only` is accepted for PyTorch compatibility: loading is always weights-only)."""
    if isinstance(f, (str, os.PathLike)):
        with open(f, "rb") as fh:
            return _load(fh, map_location)
    return _load(f, map_location)


def _load(fh, map_location) -> Any:
    try:
        zf = zipfile.ZipFile(fh)
    except zipfile.BadZipFile:
        raise RuntimeError(
            "autograd_nb.load: not a file written by autograd_nb.save "
            "(expected a ZIP archive with manifest.json)"
        ) from None
    with zf:
        names = set(zf.namelist())
        if MANIFEST not in names:
            hint = (
                " (it looks like a torch.save file: autograd_nb never unpickles)"
                if any(n.endswith("data.pkl") for n in names)
                else ""
            )
            raise RuntimeError(f"autograd_nb.load: no {MANIFEST} in the archive{hint}")
        manifest = json.loads(zf.read(MANIFEST))
        if manifest.get("format") != FORMAT or manifest.get("version") != VERSION:
            raise RuntimeError(
                f"autograd_nb.load: unsupported format {manifest.get('format')!r} "
                f"version {manifest.get('version')!r}"
            )
        return _Reader(zf, map_location).decode(manifest["root"])
