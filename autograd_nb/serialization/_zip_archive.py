"""PyTorch's zip container: uncompressed records under one folder, payloads aligned to 64 bytes.

`torch.save` (PyTorch's C++ `PyTorchStreamWriter`) writes `<name>/data.pkl`,
`<name>/.format_version`, `<name>/.storage_alignment`, `<name>/byteorder`, one `<name>/data/<key>`
record per storage, `<name>/version` and `<name>/.data/serialization_id`, where `<name>` is the
file's name up to its last dot ("archive" for a buffer). Every record is stored, not compressed,
and padded with an extra field ("FB") so its bytes start at a multiple of 64 (what `mmap=True`
loading relies on).

The reader checks each record it reads against the file before reading it: stored (a compressed
record could expand far beyond the file), no larger than the file, of the size the pickle
declares. Every failure is a RuntimeError in PyTorch's "PytorchStreamReader failed ..." words.
"""

from __future__ import annotations

import os
import secrets
import struct
import zipfile

from .. import _messages as msg

ALIGNMENT = 64
_PADDING_ID = b"FB"
# what goes wrong inside zipfile on a damaged archive (BadZipFile; struct.error, ValueError,
# EOFError or OSError on a bad offset; NotImplementedError on an unknown method; RuntimeError on
# an encrypted record)
ZIP_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    struct.error,
    ValueError,
    EOFError,
    OSError,
    NotImplementedError,
    RuntimeError,
    UnicodeDecodeError,
)


def archive_name(f) -> str:
    """The folder PyTorch writes records under: the file's name up to its last dot, or 'archive'."""
    if isinstance(f, (str, os.PathLike)):
        name = os.path.basename(os.fspath(f))
        dot = name.rfind(".")
        name = name[:dot] if dot != -1 else name
        if name:
            return name
    return "archive"


def serialization_id() -> str:
    """A random 40-digit id, as PyTorch writes in `.data/serialization_id`."""
    return f"{secrets.randbits(64):020d}{secrets.randbits(64):020d}"


class ArchiveWriter:
    """Writes records the way PyTorchStreamWriter does (stored, 64-byte aligned payloads)."""

    def __init__(self, fh, name: str):
        self.prefix = name + "/"
        self.zf = zipfile.ZipFile(fh, "w", compression=zipfile.ZIP_STORED, allowZip64=True)
        self.offset = fh.tell() if fh.seekable() else 0

    def write(self, name: str, data) -> None:
        """Add one record; `data` is bytes or any C-contiguous buffer (written without a copy)."""
        info = zipfile.ZipInfo(self.prefix + name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED
        view = memoryview(data).cast("B")
        # local header: 30 bytes + name + extra (+ 20 bytes of zip64 sizes for records >= 4 GiB)
        start = self.zf.fp.tell() - self.offset + 30 + len(info.filename.encode("utf-8"))
        start += 20 if view.nbytes >= 0xFFFFFFFF else 0
        pad = (-(start + 4)) % ALIGNMENT
        info.extra = _PADDING_ID + struct.pack("<H", pad) + b"Z" * pad
        with self.zf.open(info, "w", force_zip64=view.nbytes >= 0xFFFFFFFF) as out:
            out.write(view)

    def close(self) -> None:
        self.zf.close()


class ArchiveReader:
    """The records of a checkpoint, each checked against the file before it is read."""

    def __init__(self, fh):
        fh.seek(0, os.SEEK_END)
        self.file_size = fh.tell()
        fh.seek(0)
        try:
            self.zf = zipfile.ZipFile(fh)
        except zipfile.BadZipFile:
            raise RuntimeError(msg.LOAD_NOT_ZIP) from None
        except ZIP_ERRORS as error:
            raise RuntimeError(msg.LOAD_BAD_ZIP.format(why=error)) from None
        names = self.zf.namelist()
        if not names:
            raise RuntimeError(msg.LOAD_BAD_ZIP.format(why="the archive has no records"))
        self.prefix = names[0].split("/")[0] + "/"
        self.names = set(names)

    def has(self, name: str) -> bool:
        return self.prefix + name in self.names

    def size(self, name: str) -> int:
        """The declared size of a record, refused unless it is stored and fits in the file."""
        full = self.prefix + name
        if full not in self.names:
            raise RuntimeError(msg.LOAD_RECORD_MISSING.format(name=name))
        info = self.zf.getinfo(full)
        if info.compress_type != zipfile.ZIP_STORED:
            method = zipfile.compressor_names.get(info.compress_type, info.compress_type)
            raise RuntimeError(msg.LOAD_RECORD_COMPRESSED.format(name=name, method=method))
        if info.file_size > self.file_size or info.compress_size != info.file_size:
            raise RuntimeError(
                msg.LOAD_RECORD_TOO_BIG.format(
                    name=name, size=info.file_size, available=self.file_size
                )
            )
        return info.file_size

    def read(self, name: str) -> bytearray:
        """A record's bytes (checked by size() first; zipfile checks the CRC)."""
        size = self.size(name)
        buffer = bytearray(size)
        try:
            with self.zf.open(self.prefix + name) as member:
                got = member.readinto(buffer)
                if got != size or member.read(1):
                    raise zipfile.BadZipFile(msg.LOAD_RECORD_TRUNCATED.format(name=name))
        except ZIP_ERRORS as error:
            raise RuntimeError(msg.LOAD_BAD_ZIP.format(why=error)) from None
        return buffer

    def close(self) -> None:
        self.zf.close()
