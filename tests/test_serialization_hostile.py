"""Hostile and damaged checkpoints: nothing a file names ever runs, and each bad file gets one
error that names the file and says what is wrong, before any large allocation.

Texts in quotes are PyTorch 2.13's for the same bytes (tests/_checkpoint_craft.py builds them;
PyTorch's interpreter loaded each once to record what it says). Only two error types ever come
out of a bad file: pickle.UnpicklingError and RuntimeError (the fuzz test at the end holds load to
that).
"""

import builtins
import importlib
import io
import os
import pickle
import random
import struct
import subprocess
import tracemalloc
import zipfile

import pytest
from _checkpoint_craft import archive, floats, p_global, p_str, p_tuple, tensor_pickle

import autograd_nb as torch
from autograd_nb import serialization

THREE = floats(1.0, 2.0, 3.0)


def _load(data: bytes, **kwargs):
    return torch.load(io.BytesIO(data), **kwargs)


def _error(data: bytes, kind=(pickle.UnpicklingError, RuntimeError), **kwargs) -> str:
    """The one error loading `data` raises (its type checked), as text."""
    with pytest.raises(Exception) as info:
        _load(data, **kwargs)
    assert type(info.value) in (kind if isinstance(kind, tuple) else (kind,)), info.value
    assert info.value.__cause__ is None and info.value.__suppress_context__  # one error
    assert "<in-memory file>" in str(info.value)
    return str(info.value)


class Reduce:
    """An object whose pickle calls `func(*args)` when unpickled (the classic attack)."""

    def __init__(self, func, *args):
        self.func, self.args = func, args

    def __reduce__(self):
        return self.func, self.args


@pytest.fixture
def marker(tmp_path):
    path = tmp_path / "ran"
    yield path
    assert not path.exists(), "code from the file ran"


def _attacks(marker):
    command = f"touch {marker}"
    return {
        "os.system": Reduce(os.system, command),
        "eval": Reduce(builtins.eval, f"open({str(marker)!r}, 'w')"),
        "exec": Reduce(builtins.exec, f"open({str(marker)!r}, 'w')"),
        "Popen": Reduce(subprocess.Popen, ["touch", str(marker)]),
        "import_module": Reduce(importlib.import_module, "this"),
        "getattr": Reduce(builtins.getattr, Reduce(importlib.import_module, "os"), "system"),
        "nested in a state_dict": {"w": [Reduce(os.system, command)]},
    }


@pytest.mark.parametrize("protocol", [2, 4])
def test_pickles_that_call_functions_never_run(marker, protocol):
    for label, attack in _attacks(marker).items():
        data = pickle.dumps(attack, protocol=protocol)
        text = _error(archive(data), pickle.UnpicklingError)
        assert text.startswith("Weights only load failed for <in-memory file>."), label
        assert "Do it only if you got the file from a trusted source." in text  # PyTorch 2.13
        # the raw pickle, not in a zip: refused before any byte is unpickled
        assert "not a zip archive" in _error(data, RuntimeError), label


def test_refusals_use_pytorchs_texts(tmp_path):
    system = _error(archive(pickle.dumps(Reduce(os.system, "true"), protocol=2)))
    assert "trusted source.\n\n\nTrying to load unsupported GLOBAL posix.system whose module posix is blocked.\n\nCheck the documentation" in system  # fmt: skip
    evil = _error(archive(pickle.dumps(Reduce(builtins.eval, "1"), protocol=2)))
    assert "Unsupported global: GLOBAL eval was not an allowed global by default." in evil
    popen = _error(archive(pickle.dumps(Reduce(subprocess.Popen, "x"), protocol=2)))
    assert "Unsupported global: GLOBAL commands.Popen was not an allowed global" in popen
    assert "Unsupported operand 149" in _error(archive(pickle.dumps({"a": 1}, protocol=4)))
    assert "Unsupported operand 105" in _error(archive(b"(i__main__\nX\n."))  # INST
    cases = {
        b"\x80\x02}K\x01a.": "Can only append to lists, but got <class 'dict'>",
        b"\x80\x02]K\x01K\x02s.": "Can only SETITEM for dict, collections.OrderedDict, collections.Counter, but got <class 'list'>",
        b"\x80\x02]}b.": "Can only build Tensor, Parameter or OrderedDict, but got <class 'list'>",
        b"\x80\x02X\x01\x00\x00\x00aQ.": "persistent_load id must be tuple or int, but got <class 'str'>",
        b"\x80\x02ctorch\nfloat32\n)R.": "Trying to call reduce for unrecognized function torch.float32",
        b"\x80\x02ccollections\nOrderedDict\n)\x81.": "Can only create new object for nn.Parameter",
    }  # fmt: skip
    for data, expected in cases.items():
        assert expected in _error(archive(data), pickle.UnpicklingError), data
    path = tmp_path / "evil.pt"
    path.write_bytes(archive(pickle.dumps(Reduce(os.system, "true"), protocol=2)))
    with pytest.raises(pickle.UnpicklingError, match=f"^Weights only load failed for '{path}'"):
        torch.load(path)
    with pytest.raises(pickle.UnpicklingError, match=f"^Weights only load failed for '{path}'"):
        torch.load(open(path, "rb"))  # a file object is named by its name  # noqa: SIM115


@pytest.mark.parametrize(
    "data, expected",
    [
        (b"", "malformed pickle at byte 0 (end of data): the pickle ends after 0 bytes"),
        (b"\x80\x02", "malformed pickle at byte 2 (end of data): the pickle ends after 2 bytes"),
        (b"\x80\x02h\x05.", "malformed pickle at byte 2 (BINGET): 5"),
        (b"\x80\x02.", "malformed pickle at byte 2 (STOP): pop from empty list"),
        (b"\x80\x02(t(.", "malformed pickle at byte 5 (STOP): pop from empty list"),
        (b"\x80\x02X\xff\xff\xff\xffab.", "(BINUNICODE): the pickle ends after 10 bytes"),
        (b"\x80\x02X\x02\x00\x00\x00\xff\xfe.", "(BINUNICODE): 'utf-8' codec can't decode"),
        (b"\x80\x02\x8a\x05ab.", "(LONG1): the pickle ends"),
        (b"\x80\x02ctorch\nSize\nX\x01\x00\x00\x00a\x85R.", "torch.Size got malformed arguments"),
        (b"\x80\x02cbuiltins\nbytearray\nJ\x00\xca\x9a;\x85R.", "builtins.bytearray got malformed arguments: bytearray takes bytes"),
        (b"\x80\x02ctorch\nSize", "malformed pickle at byte 2 (GLOBAL): a GLOBAL name is not terminated by a newline"),
        (b"\x80\x02}]K\x01s.", "(SETITEM): unhashable type: 'list'"),
    ],
)  # fmt: skip
def test_malformed_pickles_get_one_unpickling_error(data, expected):
    assert expected in _error(archive(data), pickle.UnpicklingError)


def test_tensor_arguments_are_checked_against_the_storage_before_memory_is_touched():
    def load(pkl, storage=THREE, **kwargs):
        return _error(archive(pkl, {"0": storage}), **kwargs)

    # PyTorch: "Trying to resize storage that is not resizable"; the rest says what is wrong
    assert (
        "Trying to resize storage that is not resizable: a tensor of size [4] and stride [1] at "
        "storage offset 0 needs 4 elements but its storage holds 3 (loading <in-memory file>)"
    ) == load(tensor_pickle((4,), (1,)), kind=RuntimeError)
    tracemalloc.start()
    huge = load(tensor_pickle((10**12,), (1,)), kind=RuntimeError)  # no MemoryError
    assert tracemalloc.get_traced_memory()[1] < 5_000_000
    tracemalloc.stop()
    assert "needs 1000000000000 elements but its storage holds 3" in huge
    assert "Storage size calculation overflowed with sizes=[3] and strides=[-1]" in load(
        tensor_pickle((3,), (-1,), offset=2), kind=RuntimeError
    )
    assert "Tensor: invalid storage offset -1" in load(tensor_pickle((1,), (1,), offset=-1))
    assert "record size (8 bytes) does not match expected size (12 bytes = 3 elements * 4 bytes/element) for dtype torch.float32 (record data/0)" in load(
        tensor_pickle((3,), (1,)), storage=THREE[:8], kind=RuntimeError
    )  # fmt: skip
    assert "PytorchStreamReader failed locating file data/0: file not found" in _error(
        archive(tensor_pickle((3,), (1,))), RuntimeError
    )
    assert "storage numel must be a non-negative int" in load(tensor_pickle((1,), (1,), numel=-3))
    bad_size = tensor_pickle((3,), (1,)).replace(b"(\x8a\x01\x03t", b"(X\x01\x00\x00\x00at", 1)
    assert "_rebuild_tensor_v2 got malformed arguments" in load(bad_size)


def test_an_expand_of_a_huge_declared_size_loads_as_a_view_like_pytorchs():
    t = _load(archive(tensor_pickle((10**12,), (0,)), {"0": THREE}))
    assert t.shape == (10**12,) and t.stride() == (0,) and t[123456789].item() == 1.0


def test_integer_tensor_cannot_load_requiring_grad():
    pkl = tensor_pickle((3,), (1,), storage="LongStorage", requires_grad=True)
    text = _error(archive(pkl, {"0": struct.pack("<3q", 1, 2, 3)}), RuntimeError)
    assert text == (
        "only Tensors of floating point and complex dtype can require gradients "
        "(loading <in-memory file>)"
    )
    param = (
        b"\x80\x02"
        + p_global("torch._utils", "_rebuild_parameter")
        + tensor_pickle((3,), (1,), storage="LongStorage")[2:-1]
        + b"\x88)\x87R."
    )
    text = _error(archive(param, {"0": struct.pack("<3q", 1, 2, 3)}), RuntimeError)
    assert text.startswith("Only Tensors of floating point and complex dtype can require gradients")


def test_cuda_tensor_without_cuda_is_pytorchs_runtime_error(monkeypatch):
    cuda_file = archive(tensor_pickle((3,), (1,), location="cuda:0"), {"0": THREE})
    assert _load(cuda_file).device == torch.device("cuda:0")
    count = torch.cuda.device_count()  # 2 on the simulated device
    assert f"on CUDA device 5 but torch.cuda.device_count() is {count}." in _error(
        archive(tensor_pickle((3,), (1,), location="cuda:5"), {"0": THREE}), RuntimeError
    )
    monkeypatch.setattr(serialization, "cuda_status", lambda: (0, "no GPU"))
    assert _error(cuda_file, RuntimeError) == (
        "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is "
        "False. If you are running on a CPU-only machine, please use torch.load with "
        "map_location=torch.device('cpu') to map your storages to the CPU. (loading "
        "<in-memory file>)"
    )
    assert _load(cuda_file, map_location="cpu").tolist() == [1.0, 2.0, 3.0]
    assert "(tagged with xyz)" in _error(
        archive(tensor_pickle((3,), (1,), location="xyz"), {"0": THREE}), RuntimeError
    )


def test_compressed_records_are_refused_before_they_expand():
    """A zip bomb: 8 MB of zeros deflate to 8 KB; nothing is inflated, nothing big allocated."""
    zeros = bytes(8_000_000)
    bomb = archive(
        tensor_pickle((2_000_000,), (1,), numel=2_000_000),
        {"0": zeros},
        compress=zipfile.ZIP_DEFLATED,
    )
    assert len(bomb) < 20_000
    tracemalloc.start()
    text = _error(bomb, RuntimeError)
    assert tracemalloc.get_traced_memory()[1] < 2_000_000
    tracemalloc.stop()
    assert "PytorchStreamReader failed reading record data/0: it is compressed (deflate)" in text
    legacy = io.BytesIO()
    with zipfile.ZipFile(legacy, "w") as zf:
        zf.writestr(
            "manifest.json",
            b'{"format": "autograd_nb", "version": 1, "root": {"__type__": "tensor", "id": 0, '
            b'"dtype": "float32", "device": "cpu", "requires_grad": false, "parameter": false}}',
        )
        zf.writestr("tensors/0.npy", zeros, compress_type=zipfile.ZIP_DEFLATED)
    assert len(legacy.getvalue()) < 20_000
    text = _error(legacy.getvalue(), RuntimeError)
    assert "failed reading record tensors/0.npy: it is compressed (deflate)" in text


def test_archive_level_damage_is_pytorchs_stream_reader_error(tmp_path):
    good = io.BytesIO()
    torch.save({"w": torch.ones(3)}, good)
    good = good.getvalue()
    for damaged in (b"hello world", good[: len(good) // 2], good[:-10]):
        assert "PytorchStreamReader failed reading zip archive" in _error(damaged, RuntimeError)
    assert "Ran out of input" in _error(b"", EOFError)  # PyTorch 2.13: EOFError
    empty = io.BytesIO()
    zipfile.ZipFile(empty, "w").close()
    # no first record where the stream stands: PyTorch's own test (_is_zipfile) fails too
    assert "PytorchStreamReader failed reading zip archive" in _error(
        empty.getvalue(), RuntimeError
    )
    assert "not a zip archive" in _error(b"junk" + good, RuntimeError)
    only_version = io.BytesIO()
    with zipfile.ZipFile(only_version, "w") as zf:
        zf.writestr("archive/version", b"3\n")
    assert "PytorchStreamReader failed locating file data.pkl: file not found" in _error(
        only_version.getvalue(), RuntimeError
    )
    bad_order = archive(tensor_pickle((3,), (1,)), {"0": THREE}, byteorder=b"middle")
    assert "Unknown endianness type: middle" in _error(bad_order, RuntimeError)
    crc = bytearray(good)
    start = crc.index(b"\x00\x00\x80?")  # the first 1.0f of the storage record
    crc[start + 3] ^= 0x01
    assert "Bad CRC-32" in _error(bytes(crc), RuntimeError)
    missing = tmp_path / "missing.pt"
    with pytest.raises(FileNotFoundError):  # as PyTorch: the OS's error, untouched
        torch.load(missing)


def test_big_endian_files_load_with_their_values():
    data = archive(tensor_pickle((3,), (1,)), {"0": struct.pack(">3f", 1, 2, 3)}, byteorder=b"big")
    assert _load(data).tolist() == [1.0, 2.0, 3.0]
    no_mark = archive(tensor_pickle((3,), (1,)), {"0": THREE}, byteorder=None)  # little, as PyTorch
    assert _load(no_mark).tolist() == [1.0, 2.0, 3.0]


def test_a_bare_storage_is_refused():
    pid = p_tuple(p_str("storage"), p_global("torch", "FloatStorage"), p_str("0"), p_str("cpu"))
    data = b"\x80\x02" + pid[:-1] + b"K\x03tQ."
    assert "a bare storage object" in _error(archive(data, {"0": THREE}), pickle.UnpicklingError)


@pytest.mark.parametrize(
    "manifest, expected",
    [
        (b"not json", "manifest.json is not JSON"),
        (b'{"format": "other", "version": 1, "root": 1}', "unsupported format 'other'"),
        (b'{"format": "autograd_nb", "version": 1}', "manifest.json has no root"),
        (b'{"format": "autograd_nb", "version": 1, "root": {"__type__": "tensor", "id": 0}}', "KeyError"),
        (b'{"format": "autograd_nb", "version": 1, "root": {"__type__": "evil"}}', "unknown entry 'evil'"),
        (b'{"format": "autograd_nb", "version": 1, "root": {"__type__": "tensor", "id": 0, "dtype": "float32", "device": "cpu", "requires_grad": false}}', "tensors/0.npy: file not found"),
    ],
)  # fmt: skip
def test_damaged_earlier_format_files_get_one_runtime_error(manifest, expected):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("manifest.json", manifest)
    assert expected in _error(buffer.getvalue(), RuntimeError)


def test_earlier_format_npy_header_is_checked_against_its_data():
    header = b"{'descr': '<f4', 'fortran_order': False, 'shape': (1000000000000,), }"
    header += b" " * (63 - (10 + len(header)) % 64) + b"\n"
    npy = b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header + THREE
    manifest = (
        b'{"format": "autograd_nb", "version": 1, "root": {"__type__": "tensor", "id": 0, '
        b'"dtype": "float32", "device": "cpu", "requires_grad": false, "parameter": false}}'
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("manifest.json", manifest)
        zf.writestr("tensors/0.npy", npy)
    text = _error(buffer.getvalue(), RuntimeError)
    assert (
        "tensors/0.npy declares shape (1000000000000,) (4000000000000 bytes) but holds 12 bytes"
        in text
    )


def _valid_archives() -> list[bytes]:
    base = torch.arange(6.0).view(2, 3)
    obj = {"w": torch.nn.Parameter(torch.ones(2)), "t": base.t(), "b": base, "n": [1, (2.5, "x")]}
    buffer = io.BytesIO()
    torch.save(obj, buffer)
    return [buffer.getvalue(), (DATA / "torch_state_dict.pt").read_bytes()]


DATA = __import__("pathlib").Path(__file__).resolve().parent / "data"


def _with_pickle(data: bytes, pkl: bytes) -> bytes:
    """The archive with data.pkl replaced (CRC and sizes right, so the unpickler sees it)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(
                info.filename, pkl if info.filename.endswith("/data.pkl") else src.read(info)
            )
    return out.getvalue()


def test_fuzzed_archives_only_ever_raise_the_documented_errors():
    """Random truncations and bit flips, of the file and of data.pkl alone: every outcome is a
    load or one UnpicklingError / RuntimeError naming the file."""
    rng = random.Random(19)
    outcomes = {"loaded": 0, "UnpicklingError": 0, "RuntimeError": 0}
    for data in _valid_archives():
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            pkl = zf.read(next(n for n in zf.namelist() if n.endswith("/data.pkl")))
        for trial in range(150):
            mutated = bytearray(pkl if trial % 2 else data)
            if trial % 3 == 0:
                del mutated[rng.randrange(len(mutated)) :]
            for _ in range(rng.randint(1, 4)):
                if mutated:
                    mutated[rng.randrange(len(mutated))] ^= 1 << rng.randrange(8)
            candidate = _with_pickle(data, bytes(mutated)) if trial % 2 else bytes(mutated)
            try:
                _load(candidate)
                outcomes["loaded"] += 1
            except (pickle.UnpicklingError, RuntimeError) as error:
                assert type(error) in (pickle.UnpicklingError, RuntimeError)
                assert "<in-memory file>" in str(error) and error.__cause__ is None
                outcomes[type(error).__name__] += 1
    assert outcomes["UnpicklingError"] > 50 and outcomes["RuntimeError"] > 50, outcomes


def test_the_other_tensor_rebuilders_pytorch_allows():
    args = tensor_pickle((3,), (1,))[2:-2]  # the _rebuild_tensor_v2 global and its arguments
    inner = args[args.index(b"((") :]  # MARK (arguments) ... TUPLE
    param = p_global("torch.nn.parameter", "Parameter")
    cases = {
        "Parameter(...) by REDUCE": b"\x80\x02" + param + b"(" + args + b"R\x88tR.",
        "Parameter(...) by NEWOBJ": b"\x80\x02" + param + b"(" + args + b"R\x89t\x81.",
        "_rebuild_from_type_v2": b"\x80\x02"
        + p_global("torch._tensor", "_rebuild_from_type_v2")
        + b"("
        + p_global("torch._utils", "_rebuild_tensor_v2")
        + p_global("torch", "Tensor")
        + inner
        + b"}tR.",
        "_rebuild_tensor_v3": b"\x80\x02"
        + p_global("torch._utils", "_rebuild_tensor_v3")
        + inner[:-1]
        + p_global("torch", "float32")
        + b"tR.",
    }
    loaded = {k: _load(archive(v, {"0": THREE})) for k, v in cases.items()}
    assert [type(t).__name__ for t in loaded.values()] == [
        "Parameter",
        "Parameter",
        "Tensor",
        "Tensor",
    ]
    assert [t.requires_grad for t in loaded.values()] == [True, False, False, False]
    assert all(t.tolist() == [1.0, 2.0, 3.0] for t in loaded.values())
    with_attributes = cases["_rebuild_from_type_v2"].replace(
        b"}tR.", b"}X\x03\x00\x00\x00fooK\x01stR."
    )
    assert (
        "a tensor with extra state (Python attributes) is not supported by autograd_nb"
        in _error(archive(with_attributes, {"0": THREE}), pickle.UnpicklingError)
    )
    wrong_dtype = cases["_rebuild_tensor_v3"].replace(b"float32", b"float64")
    assert "dtype torch.float64 does not match its storage's float32" in _error(
        archive(wrong_dtype, {"0": THREE}), pickle.UnpicklingError
    )
