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


class FileWindow:
    """The bytes [start, end) of a seekable file, as a file: zipfile reads one archive through
    it and can never read past the sizes that archive declares."""

    def __init__(self, fh, start: int, end: int):
        self.fh, self.start, self.end, self.pos = fh, start, end, 0

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.pos

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        base = (0, self.pos, self.end - self.start)[whence]
        self.pos = max(0, min(base + offset, self.end - self.start))
        return self.pos

    def read(self, n: int = -1) -> bytes:
        left = self.end - self.start - self.pos
        n = left if n is None or n < 0 else min(n, left)
        self.fh.seek(self.start + self.pos)
        data = self.fh.read(n)
        self.pos += len(data)
        return data


def archive_end(fh, start: int, file_end: int) -> int:
    """Where the zip archive that begins at `start` ends: the end of the file, or (when more
    archives follow it, as after two torch.save calls into one file) the end of its first
    end-of-central-directory record whose central directory ends right before it."""
    window = FileWindow(fh, start, file_end)
    try:
        with zipfile.ZipFile(window) as zf:
            if _archive_offset(zf) == 0:
                return file_end
    except ZIP_ERRORS:
        pass
    position, chunk = start, 1 << 20
    while position < file_end:  # blocks overlap: an end record and its zip64 locator fit in one
        base = max(start, position - 20)
        fh.seek(base)
        block = fh.read(min(position + chunk + 21, file_end) - base)
        found = block.find(_EOCD_ID, position - base)
        while found != -1:
            end = _eocd_end(block, found, base - start, start)
            if end is not None:
                return start + end
            found = block.find(_EOCD_ID, found + 1)
        position += chunk
    return file_end


_EOCD_ID = b"PK\x05\x06"


def _archive_offset(zf: zipfile.ZipFile) -> int:
    """The bytes before the archive's first record that zipfile found (0 when none)."""
    return min((info.header_offset for info in zf.infolist()), default=0)


def _eocd_end(block: bytes, at: int, block_offset: int, start: int) -> int | None:
    """The archive's length if an end record at `at` closes a central directory ending there.
    Offsets count from the archive's start (PyTorch's writer) or from the file's (Python's
    zipfile writing into an open file after other bytes)."""
    record = block[at : at + 22]
    if len(record) < 22:
        return None
    size, offset, comment = struct.unpack("<IIH", record[12:22])
    here = block_offset + at
    closes = (here, here + start)
    if offset == 0xFFFFFFFF or size == 0xFFFFFFFF:  # zip64: the locator right before holds it
        locator = block[at - 20 : at]
        if at < 20 or locator[:4] != b"PK\x06\x07":
            return None
        (record64,) = struct.unpack("<Q", locator[8:16])
        return here + 22 + comment if record64 + 56 + 20 in closes else None
    return here + 22 + comment if offset + size in closes else None


class ArchiveReader:
    """The records of a checkpoint, each checked against the archive before it is read.

    `fh` is read from its current position to the end of the archive that starts there (a file
    holding several checkpoints is read one by one); a record named twice is read from its first
    copy, as PyTorch's reader does."""

    def __init__(self, fh):
        start = fh.tell()
        file_end = fh.seek(0, os.SEEK_END)
        if start >= file_end:
            raise EOFError(msg.LOAD_EMPTY)
        fh.seek(start)
        if fh.read(4) != b"PK\x03\x04":  # PyTorch's test: a zip's first record starts here
            raise RuntimeError(msg.LOAD_NOT_ZIP)
        self.end = archive_end(fh, start, file_end)
        self.file_size = self.end - start
        try:
            self.zf = zipfile.ZipFile(FileWindow(fh, start, self.end))
        except zipfile.BadZipFile:
            raise RuntimeError(msg.LOAD_NOT_ZIP) from None
        except ZIP_ERRORS as error:
            raise RuntimeError(msg.LOAD_BAD_ZIP.format(why=error)) from None
        self.infos: dict[str, zipfile.ZipInfo] = {}
        for info in self.zf.infolist():
            self.infos.setdefault(info.filename, info)
        if not self.infos:
            raise RuntimeError(msg.LOAD_BAD_ZIP.format(why="the archive has no records"))
        self.prefix = self.zf.infolist()[0].filename.split("/")[0] + "/"
        self.names = set(self.infos)
        self.read_names: set[str] = set()
        self.bytes_read = 0

    def check_layout(self) -> None:
        """PyTorch's checks: every record under the first record's folder, a version record."""
        for name in self.infos:
            if not name.startswith(self.prefix):
                raise RuntimeError(msg.LOAD_OUTSIDE_FOLDER.format(prefix=self.prefix, name=name))
        if not (self.has("version") or self.has(".data/version")):
            raise RuntimeError(msg.LOAD_NO_VERSION)

    def has(self, name: str) -> bool:
        return self.prefix + name in self.names

    def size(self, name: str) -> int:
        """The declared size of a record, refused unless it is stored and fits in the archive."""
        full = self.prefix + name
        if full not in self.names:
            raise RuntimeError(msg.LOAD_RECORD_MISSING.format(name=name))
        info = self.infos[full]
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
        """A record's bytes (checked by size() first; zipfile checks the CRC). Records never
        overlap in a real archive, so the records read together fit in it: a file whose
        directory names the same bytes many times cannot make loading take more memory."""
        size = self.size(name)
        if name not in self.read_names:
            self.read_names.add(name)
            self.bytes_read += size
            if self.bytes_read > self.file_size:
                raise RuntimeError(msg.LOAD_RECORDS_OVERLAP.format(size=self.file_size))
        buffer = bytearray(size)
        try:
            with self.zf.open(self.infos[self.prefix + name]) as member:
                got = member.readinto(buffer)
                if got != size or member.read(1):
                    raise zipfile.BadZipFile(msg.LOAD_RECORD_TRUNCATED.format(name=name))
        except ZIP_ERRORS as error:
            raise RuntimeError(msg.LOAD_BAD_ZIP.format(why=error)) from None
        return buffer

    def close(self) -> None:
        self.zf.close()
