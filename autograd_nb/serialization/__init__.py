"""`torch.save` / `torch.load` in PyTorch's own checkpoint format, weights-only by default.

`save` writes what `torch.save` writes: a zip archive (`_zip_archive.py`) holding `data.pkl`, a
protocol-2 pickle of the object (`_pickle_writer.py`), and one record per storage, so real
PyTorch's `torch.load(f, weights_only=True)` reads it: tensors of every dtype autograd_nb has,
Parameters, requires_grad, views sharing storage, non-contiguous tensors, state_dicts
(OrderedDicts with `_metadata`), nested lists/tuples/dicts/sets, numbers, strings, bytes,
torch.Size, dtypes and devices. Any other object (a whole model) is pickled as Python pickles
it, naming its autograd_nb classes; what Python cannot pickle (a lambda, a local class) raises
Python's error before the file is touched.

`load` reads files PyTorch wrote (and those earlier autograd_nb versions wrote, a JSON manifest
with .npy members, `_legacy_manifest.py`) through a restricted unpickler (`_weights_unpickler.py`)
that, like PyTorch's `weights_only=True` (the default), builds only tensors, storages, containers
and primitive types and never imports or calls anything a file names. `weights_only=False` (or a
`pickle_module`, as in PyTorch) is the explicit opt-in to Python's unpickler
(`_full_unpickler.py`), for whole models from a trusted source: it runs whatever the file names.
Every damaged or hostile file gets one error naming the file:
`pickle.UnpicklingError` for a pickle that is malformed or names anything outside the allowlist
(in PyTorch's words, pointing to weights_only=False),
RuntimeError for a damaged archive and where PyTorch raises RuntimeError (a tensor out of its
storage's bounds, an integer tensor requiring grad, a cuda tensor where CUDA is unavailable).
Sizes are checked against the file before memory is allocated: records must be stored
uncompressed, a storage record must hold exactly what the pickle declares, and a tensor must fit
its storage. A path that is not a regular file (a symlink to /dev/zero) is refused before a byte
is read. As PyTorch's reader: a record named twice is read from its first copy, every record must
lie in the first record's folder, and a stream at its end is an EOFError.

`load` reads the checkpoint that starts at the stream's position and leaves the stream after it,
so several checkpoints saved into one open file load one by one (PyTorch 2.13 loads the first,
then fails). `save` to a path writes a temporary file beside it and renames it over the old one:
a save that fails or is interrupted leaves the old checkpoint as it was.

Differences from PyTorch: complex and quantized tensors are refused by name (autograd_nb
has no such dtypes); tensors sharing a storage share memory again on the CPU but load as separate
copies on cuda (with contiguous strides); records must be stored uncompressed (PyTorch also reads
compressed ones, which it never writes); every weights-only error is an UnpicklingError, a
RuntimeError or (an empty stream) an EOFError (PyTorch lets a few ValueErrors and TypeErrors
through); `mmap` is accepted and ignored (the file is read into memory), unpickler keyword
arguments (`encoding=...`) only serve weights_only=False, as in PyTorch; a bare storage, backward
hooks and Python attributes on a tensor are refused; cuda tensors are saved each with its own
storage (on the CPU, tensors sharing memory share a storage record, as in PyTorch); a whole
PyTorch model (its classes are PyTorch's) is refused by its class name.
"""

from __future__ import annotations

import io
import os
import pickle
import secrets
import stat
import sys
import warnings
from typing import Any

from .. import _messages as msg
from .._tensor import Tensor, make_tensor
from ..backends import cpu_backend, cuda_status
from ..device import device as Device
from . import _legacy_manifest
from ._full_unpickler import FullUnpickler
from ._pickle_writer import PickleWriter
from ._storages import LoadedStorage, elements_from_bytes, storage_bytes
from ._weights_unpickler import WeightsUnpickler
from ._zip_archive import ArchiveReader, ArchiveWriter, archive_name, serialization_id

__all__ = ["save", "load"]

UnpicklingError = pickle.UnpicklingError


def save(
    obj: Any,
    f,
    pickle_module: Any = None,
    pickle_protocol: int = 2,
    _use_new_zipfile_serialization: bool = True,
    _disable_byteorder_record: bool = False,
) -> None:
    """Write obj (a state_dict, tensors, containers of them, or a whole model) in PyTorch's zip
    format; to a path, through a temporary file renamed over the old one."""
    if pickle_protocol != 2:
        raise ValueError(
            msg.SAVE_PROTOCOL.format(argument="pickle_protocol", value=pickle_protocol)
        )
    if not _use_new_zipfile_serialization:
        raise ValueError(
            msg.SAVE_PROTOCOL.format(argument="_use_new_zipfile_serialization", value=False)
        )
    if pickle_module not in (None, pickle):
        raise ValueError(msg.SAVE_PROTOCOL.format(argument="pickle_module", value=pickle_module))
    writer = PickleWriter()
    data = writer.dump(obj)  # an object that cannot be pickled leaves the file untouched
    no_byteorder = _disable_byteorder_record
    if isinstance(f, (str, os.PathLike)):
        parent = os.path.dirname(os.fspath(f))
        if parent and not os.path.isdir(parent):
            raise RuntimeError(msg.SAVE_PARENT_MISSING.format(parent=parent))
        _save_to_path(f, lambda fh: _write(fh, archive_name(f), data, writer, no_byteorder))
    else:
        _write(f, archive_name(f), data, writer, no_byteorder)


def _save_to_path(path, write) -> None:
    """Write a new file beside `path` and rename it over `path`: an interrupted or failed save
    leaves the old checkpoint as it was (a device or pipe, such as /dev/null, is written as is)."""
    target = os.path.realpath(path)  # through a symlink, as open() writes
    if os.path.exists(target) and not os.path.isfile(target):
        with open(target, "wb") as fh:
            write(fh)
        return
    folder, name = os.path.split(target)
    temporary = os.path.join(folder, f".{name}.{secrets.token_hex(6)}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except PermissionError:  # a folder we may not add to, holding a file we may write
        with open(target, "wb") as fh:
            write(fh)
        return
    if os.path.exists(target):  # the old file's permissions, as writing it in place keeps them
        os.chmod(descriptor, stat.S_IMODE(os.stat(target).st_mode))
    try:
        with open(descriptor, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


def _write(fh, name: str, data: bytes, writer: PickleWriter, no_byteorder: bool) -> None:
    """The records in PyTorch's order: data.pkl, format records, storages, version, id."""
    archive = ArchiveWriter(fh, name)
    try:
        archive.write("data.pkl", data)
        archive.write(".format_version", b"1")
        archive.write(".storage_alignment", b"64")
        if not no_byteorder:
            archive.write("byteorder", sys.byteorder.encode())
        for storage in writer.storages.storages:
            archive.write(f"data/{storage.key}", storage_bytes(storage))
        archive.write("version", b"3\n")
        archive.write(".data/serialization_id", serialization_id().encode())
    finally:
        archive.close()


def load(
    f,
    map_location=None,
    pickle_module: Any = None,
    *,
    weights_only: bool | None = None,
    mmap: bool | None = None,
    **pickle_load_args: Any,
) -> Any:
    """Read a checkpoint written by torch.save or autograd_nb.save: weights-only (never code)
    unless weights_only=False (or a pickle_module) opts into Python's unpickler.

    map_location: 'cpu', 'cuda:0', a device, a dict {saved location: new location}, or a
    callable(storage, location) returning a tensor on the wanted device (or None to keep it)."""
    if weights_only is None:
        weights_only = pickle_module is None  # PyTorch: a pickle_module means weights_only=False
    if weights_only:
        if pickle_module is not None:
            raise RuntimeError(msg.LOAD_PICKLE_MODULE)
        if pickle_load_args:
            warnings.warn(msg.LOAD_PICKLE_ARGS_IGNORED, stacklevel=2)
        pickle_load_args = None
    else:
        if pickle_module not in (None, pickle):
            raise ValueError(msg.LOAD_PICKLE_MODULE_OTHER.format(value=pickle_module))
        pickle_load_args.setdefault("encoding", "utf-8")  # PyTorch's default
    source = _source_name(f)
    if isinstance(f, (str, os.PathLike)):
        _refuse_irregular(os.stat, f, source)  # before open(): opening a FIFO would block
        with open(f, "rb") as fh:
            _refuse_irregular(os.fstat, fh.fileno(), source)
            return _load_reporting(fh, map_location, source, pickle_load_args)
    return _load_reporting(f, map_location, source, pickle_load_args)


def _refuse_irregular(stat_of, target, source: str) -> None:
    """A device, FIFO or socket is no checkpoint file: /dev/zero would be read forever."""
    try:
        mode = stat_of(target).st_mode
    except FileNotFoundError:
        return  # open() raises it, as PyTorch lets it through
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):  # a folder: open()'s IsADirectoryError
        raise UnpicklingError(msg.LOAD_NOT_REGULAR.format(source=source))


def _source_name(f) -> str:
    if isinstance(f, (str, os.PathLike)):
        return repr(os.fspath(f))
    name = getattr(f, "name", None)
    return repr(name) if isinstance(name, str) else "<in-memory file>"


def _load_reporting(fh, map_location, source: str, pickle_load_args: dict | None) -> Any:
    """Load, turning every failure into one error that names the file (weights-only loads; a
    full unpickling lets the errors of the code it runs through as they are)."""
    try:
        return _load(fh, map_location, pickle_load_args)
    except UnpicklingError as error:
        if pickle_load_args is not None:
            raise
        raise UnpicklingError(_weights_only_message(str(error), source)) from None
    except RuntimeError as error:
        raise RuntimeError(msg.LOAD_FAILED.format(error=error, source=source)) from None
    except EOFError as error:  # PyTorch's error for an empty stream, or one at its end
        raise EOFError(msg.LOAD_FAILED.format(error=error, source=source)) from None


def _weights_only_message(error: str, source: str) -> str:
    """PyTorch's texts for a failed weights-only load: a global outside the allowlist points to
    weights_only=False, for a file from a trusted source."""
    if "was not an allowed global by default" in error:
        return msg.LOAD_WEIGHTS_ONLY_GLOBAL.format(source=source, error=error)
    if "is blocked" in error:
        return msg.LOAD_WEIGHTS_ONLY_BLOCKED.format(source=source, error=error)
    return msg.LOAD_WEIGHTS_ONLY_FAILED.format(source=source, error=error)


def _load(fh, map_location, pickle_load_args: dict | None) -> Any:
    """The checkpoint that starts at the stream's position; the stream is left at its end."""
    if not fh.seekable():
        fh = io.BytesIO(fh.read())
    archive = ArchiveReader(fh)
    try:
        if "manifest.json" in archive.names:
            archive.prefix = ""
            result = _legacy_manifest.load(archive, _Restorer(map_location))
        else:
            archive.check_layout()
            loader = _CheckpointLoader(archive, _Restorer(map_location))
            result = loader.load(pickle_load_args)
    finally:
        archive.close()
    fh.seek(archive.end)
    return result


class _Restorer:
    """Where a storage saved at `location` goes: PyTorch's map_location rules, then a check."""

    def __init__(self, map_location):
        if isinstance(map_location, Device):
            map_location = str(map_location)
        if not (map_location is None or isinstance(map_location, (str, dict))):
            if not callable(map_location):
                raise TypeError(msg.LOAD_MAP_LOCATION.format(value=map_location))
        self.map_location = map_location

    def target(self, location: str, host_elements) -> str:
        """The device string for a storage (calling a callable map_location with it)."""
        where = self.map_location
        if where is None:
            return self.check(location)
        if isinstance(where, str):
            return self.check(where)
        if isinstance(where, dict):
            return self.check(str(where.get(location, location)))
        result = where(make_tensor(host_elements, cpu_backend), location)
        if result is None:
            return self.check(location)
        return self.check(str(result.device if isinstance(result, Tensor) else result))

    def needs_data(self) -> bool:
        """Whether the storage's bytes are needed to decide (a callable map_location)."""
        where = self.map_location
        return callable(where) and not isinstance(where, (str, dict))

    @staticmethod
    def check(location: str) -> str:
        """A location PyTorch can restore to, or its RuntimeError."""
        if location == "cpu":
            return "cpu"
        if location == "cuda" or location.startswith("cuda:"):
            index = Device(location).index
            count = cuda_status()[0]
            if count == 0:
                raise RuntimeError(msg.LOAD_CUDA_UNAVAILABLE)
            if index is not None and index >= count:
                raise RuntimeError(msg.LOAD_CUDA_INDEX.format(index=index, count=count))
            return location
        raise RuntimeError(msg.LOAD_UNKNOWN_LOCATION.format(location=location))


class _CheckpointLoader:
    """Reads PyTorch's zip format: data.pkl through the restricted unpickler, storages on demand."""

    def __init__(self, archive: ArchiveReader, restorer: _Restorer):
        self.archive = archive
        self.restorer = restorer
        self.storages: dict[str, LoadedStorage] = {}
        self.big_endian = False
        if archive.has("byteorder"):
            order = bytes(archive.read("byteorder"))
            if order not in (b"little", b"big"):
                raise RuntimeError(msg.LOAD_BYTEORDER.format(value=order.decode("latin1")[:20]))
            self.big_endian = order == b"big"

    def load(self, pickle_load_args: dict | None) -> Any:
        """data.pkl, weights-only, or (pickle_load_args given: weights_only=False) unpickled."""
        data = bytes(self.archive.read("data.pkl"))
        if pickle_load_args is not None:
            return FullUnpickler(data, self.storage, **pickle_load_args).load()
        result = WeightsUnpickler(data, self.storage).load()
        _refuse_bare_storages(result)
        return result

    def storage(self, pid: tuple) -> LoadedStorage:
        """persistent_load: the storage record `data/<key>`, read once, checked first."""
        storage_type, key, location, numel = pid
        found = self.storages.get(key)
        if found is not None:
            return found
        dtype = storage_type.dtype
        name = f"data/{key}"
        size = self.archive.size(name)
        if size != numel * dtype.itemsize:
            raise RuntimeError(
                msg.LOAD_STORAGE_SIZE.format(
                    size=size,
                    nbytes=numel * dtype.itemsize,
                    numel=numel,
                    itemsize=dtype.itemsize,
                    dtype=dtype,
                    name=name,
                )
            )
        device = None if self.restorer.needs_data() else self.restorer.target(location, None)
        elements = elements_from_bytes(self.archive.read(name), dtype, self.big_endian)
        if device is None:
            device = self.restorer.target(location, elements)
        found = self.storages[key] = LoadedStorage(elements, device, name)
        return found


def _refuse_bare_storages(result) -> None:
    """A storage outside a tensor has no autograd_nb type: refuse it rather than leak one."""
    seen, todo = set(), [result]
    while todo:
        item = todo.pop()
        if isinstance(item, LoadedStorage):
            raise UnpicklingError(msg.LOAD_BARE_STORAGE)
        if isinstance(item, (list, tuple, set, dict)) and id(item) not in seen:
            seen.add(id(item))
            todo.extend(item.values() if isinstance(item, dict) else item)
            if isinstance(item, dict):
                todo.extend(item.keys())
                todo.extend(vars(item).values() if hasattr(item, "__dict__") else ())
