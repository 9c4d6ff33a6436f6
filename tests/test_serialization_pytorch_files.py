"""PyTorch's checkpoint format both ways, against files PyTorch 2.13 wrote (tests/data/torch_*.pt).

The files and tests/data/autograd_nb_*.pt come from one builder, tests/data/make_checkpoints.py,
run once with PyTorch and once with autograd_nb; PyTorch 2.13 was checked to load the autograd_nb
files (`make_checkpoints.py check`). Here, without torch: PyTorch's files load with the values the
builder set, and what autograd_nb.save writes for the same objects is PyTorch's archive record for
record (the same names in the same order, a byte-identical data.pkl and storages), so PyTorch
reads it as it reads its own.
"""

import importlib.util
import io
import pathlib
import pickletools
import struct
import zipfile
from collections import Counter, OrderedDict

import pytest

import autograd_nb as torch

DATA = pathlib.Path(__file__).resolve().parent / "data"


def _builders():
    spec = importlib.util.spec_from_file_location("make_checkpoints", DATA / "make_checkpoints.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _records(data: bytes) -> dict[str, bytes]:
    """An archive's records by name without the archive's folder, in the archive's order."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {name.split("/", 1)[1]: zf.read(name) for name in zf.namelist()}


def _saved(obj) -> bytes:
    buffer = io.BytesIO()
    torch.save(obj, buffer)
    return buffer.getvalue()


def test_pytorch_state_dict_loads_with_its_values_and_metadata():
    sd = torch.load(DATA / "torch_state_dict.pt")
    assert type(sd) is OrderedDict
    assert list(sd) == [
        "0.weight",
        "0.bias",
        "1.weight",
        "1.bias",
        "1.running_mean",
        "1.running_var",
        "1.num_batches_tracked",
    ]
    assert sd._metadata == OrderedDict(
        [("", {"version": 1}), ("0", {"version": 1}), ("1", {"version": 2})]
    )
    assert sd["0.weight"].tolist() == [[0.0, 0.25, 0.5], [0.75, 1.0, 1.25]]
    assert sd["0.bias"].tolist() == [-1.0, 0.5]
    assert sd["1.running_mean"].tolist() == [0.25, 0.25]
    steps = sd["1.num_batches_tracked"]
    assert steps.dtype is torch.int64 and steps.shape == () and steps.item() == 7
    assert all(type(v) is torch.Tensor and not v.requires_grad for v in sd.values())
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.BatchNorm1d(2))
    assert repr(model.load_state_dict(sd)) == "<All keys matched successfully>"
    assert model[0].weight.tolist() == sd["0.weight"].tolist()


def test_pytorch_mixed_file_loads_every_kind_of_value():
    m = torch.load(DATA / "torch_mixed.pt")
    assert type(m["param"]) is torch.nn.Parameter and m["param"].requires_grad
    assert type(m["frozen"]) is torch.nn.Parameter and not m["frozen"].requires_grad
    leaf = m["leaf"]
    assert leaf.dtype is torch.float64 and leaf.requires_grad and leaf.is_leaf
    assert m["base"].tolist() == [
        [0.0, 1.0, 2.0, 3.0],
        [4.0, 5.0, 6.0, 7.0],
        [8.0, 9.0, 10.0, 11.0],
    ]
    assert m["row"].tolist() == [4.0, 5.0, 6.0, 7.0]
    assert m["t"].stride() == (1, 4) and m["t"].tolist()[0] == [0.0, 4.0, 8.0]
    assert m["every_other"].stride() == (4, 2) and m["every_other"].tolist()[1] == [4.0, 6.0]
    assert m["expanded"].stride() == (0,) and m["expanded"].tolist() == [2.0, 2.0, 2.0]
    m["base"][1, 1] = 50.0  # the views share the base's storage, as in PyTorch
    assert m["row"][1].item() == 50.0 and m["t"][1, 1].item() == 50.0
    assert m["scalar"].shape == () and m["scalar"].dtype is torch.int64
    assert m["empty"].shape == (2, 0)
    expected = {
        "bool": (torch.bool, [True, False, True]),
        "uint8": (torch.uint8, [0, 255]),
        "int8": (torch.int8, [-128, 127]),
        "int16": (torch.int16, [-300, 300]),
        "int32": (torch.int32, [[1, -2], [3, 4]]),
        "int64": (torch.int64, [2**40, -1]),
        "half": (torch.float16, [0.5, -1.25, 65504.0]),
    }
    for key, (dtype, values) in expected.items():
        assert m[key].dtype is dtype and m[key].tolist() == values, key
    assert m["size"] == torch.Size([2, 3]) and type(m["size"]) is torch.Size
    assert m["dtype"] is torch.float16
    assert m["device"] == torch.device("cpu") and m["cuda_device"] == torch.device("cuda", 1)
    assert m["numbers"] == [
        1,
        -5,
        300,
        70000,
        2**40,
        -(2**70),
        1.5,
        float("inf"),
        None,
        True,
        False,
    ]
    assert m["tuple"] == (1, ("nested", [2.5]))
    assert m["set"] == {3, 4} and m["bytes"] == b"\x00\xffab" and m["complex"] == 1 + 2j
    assert type(m["counter"]) is Counter and m["counter"] == Counter(a=2, b=1)
    assert m[7] == "int key"


@pytest.mark.parametrize("name", ["state_dict", "mixed", "training"])
def test_save_writes_pytorchs_archive_record_for_record(name):
    """The same objects built with autograd_nb save to PyTorch's records, data.pkl included."""
    obj = getattr(_builders(), name)(torch)
    ours = _records(_saved(obj))
    theirs = _records((DATA / f"torch_{name}.pt").read_bytes())
    assert list(ours) == list(theirs)
    for record, data in theirs.items():
        if record != ".data/serialization_id":  # a random id in PyTorch too
            assert ours[record] == data, record
    assert len(ours[".data/serialization_id"]) == 40 and ours[".data/serialization_id"].isdigit()


@pytest.mark.parametrize("name", ["state_dict", "mixed", "training"])
def test_committed_autograd_nb_files_are_what_save_writes_now(name):
    """tests/data/autograd_nb_*.pt were checked with PyTorch 2.13; save still writes them."""
    obj = getattr(_builders(), name)(torch)
    ours = _records(_saved(obj))
    committed = _records((DATA / f"autograd_nb_{name}.pt").read_bytes())
    committed.pop(".data/serialization_id")
    ours.pop(".data/serialization_id")
    assert ours == committed


def test_archive_layout_names_globals_and_alignment(tmp_path):
    path = tmp_path / "model.v2.pt"
    torch.save({"w": torch.nn.Parameter(torch.ones(2)), "n": torch.tensor(3)}, path)
    data = path.read_bytes()
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        infos = zf.infolist()
        pkl = zf.read("model.v2/data.pkl")
        assert zf.read("model.v2/version") == b"3\n"
        assert zf.read("model.v2/byteorder") == b"little"
        assert zf.read("model.v2/.format_version") == b"1"
        assert zf.read("model.v2/.storage_alignment") == b"64"
    assert names == [
        "model.v2/data.pkl",
        "model.v2/.format_version",
        "model.v2/.storage_alignment",
        "model.v2/byteorder",
        "model.v2/data/0",
        "model.v2/data/1",
        "model.v2/version",
        "model.v2/.data/serialization_id",
    ]
    for info in infos:  # stored, payload at a multiple of 64 (what mmap=True loading needs)
        assert info.compress_type == zipfile.ZIP_STORED
        name_len, extra_len = struct.unpack(
            "<HH", data[info.header_offset + 26 : info.header_offset + 30]
        )
        assert (info.header_offset + 30 + name_len + extra_len) % 64 == 0
    ops = [(op.name, arg) for op, arg, _ in pickletools.genops(pkl)]
    assert ops[0] == ("PROTO", 2) and ops[-1] == ("STOP", None)
    assert [arg for name, arg in ops if name == "GLOBAL"] == [
        "torch._utils _rebuild_parameter",
        "torch._utils _rebuild_tensor_v2",
        "torch FloatStorage",
        "collections OrderedDict",
        "torch LongStorage",
    ]
    assert ("BINPERSID", None) in ops
    assert {name for name, _ in ops} <= {
        "PROTO", "EMPTY_DICT", "BINPUT", "MARK", "BINUNICODE", "GLOBAL", "BININT1", "TUPLE",
        "BINPERSID", "TUPLE1", "NEWFALSE", "EMPTY_TUPLE", "REDUCE", "BINGET", "NEWTRUE",
        "TUPLE3", "SETITEMS", "STOP",
    }  # fmt: skip


def test_pytorch_training_checkpoint_resumes_here():
    """Model, Adam after one step (lr 0.5, gradient 1 everywhere), StepLR, epoch: as PyTorch saved."""
    ck = torch.load(DATA / "torch_training.pt")
    assert list(ck) == ["epoch", "model", "optimizer", "scheduler"] and ck["epoch"] == 3
    model = torch.nn.Linear(3, 2)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.5)
    model.load_state_dict(ck["model"])
    optimizer.load_state_dict(ck["optimizer"])
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)
    scheduler.load_state_dict(ck["scheduler"])
    moved = torch.tensor([[-0.5, -0.25, 0.0], [0.25, 0.5, 0.75]])  # by -lr, less eps's share
    assert model.weight.allclose(moved, atol=1e-7) and model.weight[0, 2].item() == 2**-24
    assert model.bias.allclose(torch.tensor([-1.5, 0.0]), atol=1e-7)
    state = optimizer.state_dict()["state"][0]
    assert state["step"].item() == 1.0 and state["exp_avg"].equal(torch.full((2, 3), 0.1))
    assert state["exp_avg_sq"].allclose(torch.full((2, 3), 0.001))
    assert optimizer.param_groups[0]["betas"] == (0.9, 0.999)
    assert scheduler.state_dict()["_last_lr"] == [0.5] and scheduler.last_epoch == 0


def test_bfloat16_file_of_pytorch_loads():
    # saved by PyTorch 2.13 (make_checkpoints.py): {"w": tensor([1.0, 2.5], dtype=bfloat16)}
    w = torch.load(DATA / "torch_bfloat16.pt")["w"]
    assert w.dtype is torch.bfloat16 and w.tolist() == [1.0, 2.5]


def test_files_of_the_earlier_json_manifest_format_still_load():
    obj = torch.load(DATA / "autograd_nb_v1_manifest.pt")
    assert list(obj) == ["model", "step", "p", "t", "flags", "best", "shape", "dtype", "pair", 7]
    assert obj["model"]["weight"].tolist() == [[0.0, 0.25, 0.5], [0.75, 1.0, 1.25]]
    assert type(obj["model"]) is OrderedDict and obj["model"]._metadata == {"": {"version": 1}}
    assert obj["step"].item() == 3 and obj["step"].shape == ()
    assert type(obj["p"]) is torch.nn.Parameter and obj["p"].requires_grad
    assert obj["t"].tolist() == [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]
    assert obj["flags"].tolist() == [True, False] and obj["best"] == float("inf")
    assert obj["shape"] == torch.Size([2, 3]) and obj["dtype"] is torch.float16
    assert obj["pair"] == (1, "x") and obj[7] is None


def test_pytorch_file_maps_to_cuda():
    sd = torch.load(DATA / "torch_state_dict.pt", map_location="cuda")
    assert sd["0.weight"].device == torch.device("cuda:0") and sd["0.bias"].tolist() == [-1.0, 0.5]
    last = f"cuda:{torch.cuda.device_count() - 1}"  # cuda:1 on the simulated device
    sd = torch.load(DATA / "torch_state_dict.pt", map_location={"cpu": last})
    assert sd["1.num_batches_tracked"].device == torch.device(last)
