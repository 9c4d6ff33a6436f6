"""Hand-made checkpoints for the hostile-file tests: pickle opcodes and zip records, built
independently of autograd_nb's writer (and importable by PyTorch's interpreter, to check what
PyTorch says about the same bytes)."""

from __future__ import annotations

import io
import struct
import zipfile


def p_int(value: int) -> bytes:
    """LONG1: any int."""
    data = value.to_bytes((value.bit_length() >> 3) + 1, "little", signed=True)
    return b"\x8a" + bytes([len(data)]) + data


def p_str(value: str) -> bytes:
    data = value.encode()
    return b"X" + struct.pack("<I", len(data)) + data


def p_global(module: str, name: str) -> bytes:
    return b"c" + f"{module}\n{name}\n".encode()


def p_tuple(*parts: bytes) -> bytes:
    return b"(" + b"".join(parts) + b"t"


def tensor_pickle(
    size,
    stride,
    offset: int = 0,
    numel: int = 3,
    storage: str = "FloatStorage",
    location: str = "cpu",
    requires_grad: bool = False,
    key: str = "0",
) -> bytes:
    """data.pkl of one tensor: _rebuild_tensor_v2(storage, offset, size, stride, ...)."""
    pid = p_tuple(p_str("storage"), p_global("torch", storage), p_str(key), p_str(location))
    pid = pid[:-1] + p_int(numel) + b"t"
    args = p_tuple(
        pid + b"Q",
        p_int(offset),
        p_tuple(*map(p_int, size)),
        p_tuple(*map(p_int, stride)),
        b"\x88" if requires_grad else b"\x89",
        p_global("collections", "OrderedDict") + b")R",
    )
    return b"\x80\x02" + p_global("torch._utils", "_rebuild_tensor_v2") + args + b"R."


def archive(
    pickle_bytes: bytes,
    storages: dict[str, bytes] | None = None,
    byteorder: bytes | None = b"little",
    compress: int = zipfile.ZIP_STORED,
    name: str = "archive",
) -> bytes:
    """A zip in PyTorch's layout around `pickle_bytes` and storage records data/<key> (those
    compressed with `compress`)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr(f"{name}/data.pkl", pickle_bytes)
        if byteorder is not None:
            zf.writestr(f"{name}/byteorder", byteorder)
        for key, data in (storages or {}).items():
            zf.writestr(f"{name}/data/{key}", data, compress_type=compress)
        zf.writestr(f"{name}/version", b"3\n")
    return buffer.getvalue()


def floats(*values: float) -> bytes:
    return struct.pack(f"<{len(values)}f", *values)
