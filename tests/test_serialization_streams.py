"""Checkpoint files as PyTorch 2.13 reads them: the stream's position, duplicate and misplaced
records, files that are not regular files, and saves that fail half-way (the old file survives).

Expected values and texts come from PyTorch 2.13 run on the same bytes (tests/_checkpoint_craft.py
builds them independently of autograd_nb's writer)."""

from __future__ import annotations

import io
import os
import pickle
import signal
import stat
import struct
import warnings
import zipfile
import zlib

import pytest
from _checkpoint_craft import archive, floats, tensor_pickle

import autograd_nb as torch
from autograd_nb.serialization import _zip_archive

PAIR = tensor_pickle((2,), (1,), numel=2)


def _zip(records: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w") as zf:
        warnings.simplefilter("ignore")  # zipfile warns about a duplicate name
        for name, data in records:
            zf.writestr(name, data)
    return buffer.getvalue()


def test_two_checkpoints_in_one_stream_load_one_at_a_time(tmp_path):
    path = tmp_path / "two.pt"
    with open(path, "wb") as fh:
        torch.save(torch.tensor([1.0]), fh)
        first_end = fh.tell()
        torch.save(torch.tensor([2.0]), fh)
    with open(path, "rb") as fh:
        assert torch.load(fh).tolist() == [1.0]  # PyTorch 2.13: the first checkpoint
        assert fh.tell() == first_end
        # PyTorch 2.13's reader leaves the stream inside the first archive and its second load
        # fails; here the stream stands after the first, so the second checkpoint follows
        assert torch.load(fh).tolist() == [2.0]
        with pytest.raises(EOFError):
            torch.load(fh)


def test_checkpoints_of_different_sizes_in_one_stream_load_in_order():
    buffer = io.BytesIO()
    objects = [torch.arange(600_000.0), torch.arange(3.0), {"x": torch.ones(2)}]  # > 1 MiB first
    ends = []
    for obj in objects:
        torch.save(obj, buffer)
        ends.append(buffer.tell())
    buffer.seek(0)
    assert torch.load(buffer).shape == (600_000,) and buffer.tell() == ends[0]
    assert torch.load(buffer).tolist() == [0.0, 1.0, 2.0] and buffer.tell() == ends[1]
    assert torch.load(buffer)["x"].tolist() == [1.0, 1.0] and buffer.tell() == ends[2]


def test_a_stream_at_its_end_is_pytorchs_eof_error():
    buffer = io.BytesIO()
    torch.save(torch.tensor([1.0]), buffer)  # left at its end, as PyTorch leaves it
    with pytest.raises(EOFError, match="<in-memory file>"):  # PyTorch 2.13: EOFError
        torch.load(buffer)
    buffer.seek(0)
    assert torch.load(buffer).tolist() == [1.0]


def test_a_checkpoint_after_other_bytes_loads_from_the_stream_position():
    buffer = io.BytesIO()
    buffer.write(b"header bytes of some other format")
    start = buffer.tell()
    torch.save({"w": torch.arange(3.0)}, buffer)
    buffer.write(b"trailing bytes")
    buffer.seek(start)
    assert torch.load(buffer)["w"].tolist() == [0.0, 1.0, 2.0]


def test_a_record_named_twice_is_read_from_its_first_copy():
    storage_twice = _zip(
        [
            ("archive/data.pkl", PAIR),
            ("archive/data/0", floats(1, 2)),
            ("archive/data/0", floats(3, 4)),
            ("archive/version", b"3\n"),
        ]
    )
    assert torch.load(io.BytesIO(storage_twice)).tolist() == [1.0, 2.0]  # PyTorch 2.13
    pickle_twice = _zip(
        [
            ("archive/data.pkl", PAIR),
            ("archive/data.pkl", b"\x80\x02K\x05."),
            ("archive/data/0", floats(1, 2)),
            ("archive/version", b"3\n"),
        ]
    )
    assert torch.load(io.BytesIO(pickle_twice)).tolist() == [1.0, 2.0]  # PyTorch 2.13


@pytest.mark.parametrize(
    "storage_name, expected",
    [
        ("other/data/0", "file in archive is not in a subdirectory archive/: other/data/0"),
        ("../data/0", "file in archive is not in a subdirectory archive/: ../data/0"),
        ("/archive/data/0", "file in archive is not in a subdirectory archive/: /archive/data/0"),
        ("archive/../data/0", "PytorchStreamReader failed locating file data/0: file not found"),
    ],
)
def test_records_outside_the_archives_folder_are_refused(storage_name, expected):
    data = _zip(
        [
            ("archive/data.pkl", PAIR),
            (storage_name, floats(1, 2)),
            ("archive/version", b"3\n"),
        ]
    )
    with pytest.raises(RuntimeError) as info:
        torch.load(io.BytesIO(data))
    assert str(info.value).startswith(expected)  # PyTorch 2.13's texts


def test_an_archive_without_a_version_record_is_refused():
    data = archive(PAIR, {"0": floats(1, 2)}, name="archive/sub")
    with pytest.raises(RuntimeError) as info:
        torch.load(io.BytesIO(data))
    assert str(info.value).startswith('Expected hasRecord("version") to be true, but got false.')


def test_a_path_that_is_not_a_regular_file_is_refused_at_once(tmp_path):
    link = tmp_path / "zero.pt"
    link.symlink_to("/dev/zero")

    def hung(*_):
        raise AssertionError("torch.load kept reading /dev/zero")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    try:
        with pytest.raises(pickle.UnpicklingError, match="is not a regular file"):
            torch.load(link)  # PyTorch 2.13: an UnpicklingError
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.pt"
    os.mkfifo(fifo)
    with pytest.raises(pickle.UnpicklingError, match="is not a regular file"):
        torch.load(fifo)  # open() would block until another process opened it for writing
    with pytest.raises(IsADirectoryError):  # PyTorch 2.13: the OS's error, as it is
        torch.load(tmp_path)


def test_records_are_read_only_up_to_the_sizes_the_archive_declares():
    buffer = io.BytesIO()
    torch.save(torch.ones(3), buffer)
    window = _zip_archive.FileWindow(io.BytesIO(buffer.getvalue() + b"x" * 100), 0, 50)
    assert len(window.read()) == 50 and window.read(10) == b""
    assert window.seek(0, os.SEEK_END) == 50


def _interrupt_on_record(monkeypatch, index: int) -> None:
    original, count = _zip_archive.ArchiveWriter.write, [0]

    def write(self, name, data):
        count[0] += 1
        if count[0] == index:
            raise KeyboardInterrupt
        original(self, name, data)

    monkeypatch.setattr(_zip_archive.ArchiveWriter, "write", write)


@pytest.mark.parametrize("record", [1, 4, 6])
def test_an_interrupted_save_leaves_the_old_checkpoint(tmp_path, monkeypatch, record):
    path = tmp_path / "model.pt"
    torch.save({"w": torch.ones(3)}, path)
    old = path.read_bytes()
    _interrupt_on_record(monkeypatch, record)
    with pytest.raises(KeyboardInterrupt):
        torch.save({"w": torch.zeros(3), "b": torch.zeros(2)}, path)
    assert path.read_bytes() == old
    assert torch.load(path)["w"].tolist() == [1.0, 1.0, 1.0]
    assert os.listdir(tmp_path) == ["model.pt"]  # no temporary file left behind


def test_a_save_replaces_the_file_with_the_modes_open_would_give(tmp_path):
    path = tmp_path / "model.pt"
    torch.save(torch.ones(1), path)
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    path.chmod(0o600)
    torch.save(torch.ones(1), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # kept, as writing in place keeps it
    link = tmp_path / "link.pt"
    link.symlink_to(path)
    torch.save(torch.zeros(2), link)  # written through the link, as open() writes
    assert link.is_symlink() and torch.load(path).tolist() == [0.0, 0.0]
    torch.save(torch.ones(1), os.devnull)  # a device is written as it is, never replaced
    assert not stat.S_ISREG(os.stat(os.devnull).st_mode)


def _local_header(name: str, data: bytes) -> bytes:
    crc = zlib.crc32(data)
    fields = (0x04034B50, 20, 0, 0, 0, 0, crc, len(data), len(data), len(name), 0)
    return struct.pack("<IHHHHHIIIHH", *fields) + name.encode()


def _nested_archive(n: int) -> bytes:
    """A zip whose storage record k holds record k + 1 whole (its header and bytes): n local
    headers, every record's bytes running over the ones after it, all CRCs right."""
    names = [f"archive/data/{k}" for k in range(n)]
    datas = [b"\x00" * 64] * n
    for k in range(n - 2, -1, -1):
        datas[k] = _local_header(names[k + 1], datas[k + 1]) + datas[k + 1]
    buffer = io.BytesIO()
    torch.save([torch.zeros(len(d) // 4) for d in datas], buffer)
    tail = [("archive/data.pkl", zipfile.ZipFile(buffer).read("archive/data.pkl"))]
    tail.append(("archive/version", b"3\n"))
    out, offsets = bytearray(_local_header(names[0], datas[0]) + datas[0]), {}
    position = 0
    for name, data in zip(names, datas):
        offsets[name] = position
        position += len(_local_header(name, data))
    for name, data in tail:
        offsets[name] = len(out)
        out += _local_header(name, data) + data
    directory = bytearray()
    for name, data in [*zip(names, datas), *tail]:
        crc = zlib.crc32(data)
        fields = (0x02014B50, 20, 20, 0, 0, 0, 0, crc, len(data), len(data), len(name))
        fields += (0, 0, 0, 0, 0, offsets[name])
        directory += struct.pack("<IHHHHHHIIIHHHHHII", *fields) + name.encode()
    count = n + len(tail)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(directory), len(out), 0)
    return bytes(out + directory + end)


def test_records_that_overlap_cannot_multiply_the_memory_a_load_takes():
    assert len(torch.load(io.BytesIO(_nested_archive(1)))) == 1  # the layout itself loads
    with pytest.raises(RuntimeError) as caught:
        torch.load(io.BytesIO(_nested_archive(8)))
    # our count of the bytes read, or the overlap check of newer CPython releases' zipfile,
    # whichever sees the overlap first: either way the load is refused as a damaged archive
    text = str(caught.value)
    assert text.startswith("PytorchStreamReader failed reading zip archive: ")
    assert "its records add up to more than the archive's" in text or "Overlapped entries" in text
