"""autograd_nb.save / load round trips: state_dicts, nested values, views sharing storage,
map_location, and the refusals (objects that are not weights, weights_only=False, a missing
directory). PyTorch's own files: test_serialization_pytorch_files.py; hostile and damaged files:
test_serialization_hostile.py."""

import io
import pickle
from collections import OrderedDict

import pytest

import autograd_nb as torch
from autograd_nb import nn


class Small(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3, 2))
        self.register_buffer("steps", torch.tensor(4))
        self.register_buffer("scratch", torch.zeros(1), persistent=False)
        self.inner = nn.ParameterList([torch.randn(2, dtype=torch.float64)])

    def forward(self, x):
        return x @ self.w


def _round_trip(obj, **load_kwargs):
    buffer = io.BytesIO()
    torch.save(obj, buffer)
    buffer.seek(0)
    return torch.load(buffer, **load_kwargs)


def test_state_dict_round_trip_into_a_new_model(tmp_path):
    a, b = Small(), Small()
    path = tmp_path / "model.pt"
    torch.save(a.state_dict(), path)
    sd = torch.load(path)
    assert type(sd) is OrderedDict and list(sd) == ["w", "steps", "inner.0"]
    assert sd._metadata == a.state_dict()._metadata
    assert repr(b.load_state_dict(sd)) == "<All keys matched successfully>"
    for key, value in a.state_dict().items():
        got = b.state_dict()[key]
        assert got.dtype is value.dtype and got.tolist() == value.tolist()
    assert b.inner[0].dtype is torch.float64 and b.steps.dtype is torch.int64
    x = torch.randn(5, 3)
    assert b(x).tolist() == a(x).tolist()


def test_nested_values_keep_their_types(device):
    obj = {
        "epoch": 3,
        "lr": 0.1,
        "best": float("inf"),
        "name": "run",
        "flag": True,
        "none": None,
        7: [1, (2, "x")],
        "dtype": torch.float16,
        "dev": torch.device(device),
        "size": torch.Size([2, 3]),
        "t": torch.tensor([[1, 2]], dtype=torch.int32, device=device),
        "h": torch.tensor([0.5, 1.5], dtype=torch.float16),
        "b": torch.tensor([True, False]),
    }
    out = _round_trip(obj)
    assert list(out) == list(obj) and type(out) is dict
    assert out[7] == [1, (2, "x")] and out["best"] == float("inf") and out["none"] is None
    assert out["dtype"] is torch.float16 and out["dev"] == torch.device(device)
    assert out["size"] == torch.Size([2, 3]) and type(out["size"]) is torch.Size
    for key in ("t", "h", "b"):
        assert out[key].dtype is obj[key].dtype and out[key].tolist() == obj[key].tolist()
    assert out["t"].device == obj["t"].device


def test_shapes_survive_including_0d_and_transposed(device):
    x = torch.arange(6.0, device=device).view(2, 3)
    obj = {
        "loss": torch.tensor(0.25, device=device),
        "step": torch.tensor(3),
        "t": x.t(),
        "empty": torch.ones(2, 0),
    }
    out = _round_trip(obj)
    for key, value in obj.items():
        assert out[key].shape == value.shape and out[key].tolist() == value.tolist()
    assert f"{out['loss']:.3f}" == "0.250"  # a checkpoint's loss formats as a number again
    bn = torch.nn.BatchNorm1d(2)
    assert _round_trip(bn.state_dict())["num_batches_tracked"].shape == ()


def test_parameters_requires_grad_and_identity_are_kept():
    p = nn.Parameter(torch.ones(2))
    q = torch.zeros(2, requires_grad=True)
    first, second, plain = _round_trip([p, p, q])
    assert first is second and type(first) is nn.Parameter and first.requires_grad
    assert type(plain) is torch.Tensor and plain.requires_grad and plain.is_leaf


def test_map_location():
    t = torch.arange(3.0, device="cuda")
    assert _round_trip(t, map_location="cpu").device.type == "cpu"
    assert _round_trip(t, map_location={"cuda:0": "cpu"}).device.type == "cpu"
    assert _round_trip(torch.ones(1), map_location=torch.device("cuda")).device.type == "cuda"
    assert _round_trip(t, map_location=lambda storage, loc: storage).device.type == "cpu"
    seen = []

    def to_cuda(storage, location):
        seen.append((storage.tolist(), location))
        return storage.cuda()

    assert _round_trip(torch.ones(2), map_location=to_cuda).device == torch.device("cuda:0")
    assert seen == [([1.0, 1.0], "cpu")]  # PyTorch passes the storage on the CPU and its location
    assert _round_trip(t, map_location=lambda storage, loc: None).device.type == "cuda"
    last = torch.device("cuda", torch.cuda.device_count() - 1)  # cuda:1 on the simulated device
    moved = _round_trip(t, map_location={"cuda:0": last})
    assert moved.device == last and moved.tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(TypeError, match="map_location must be"):
        _round_trip(t, map_location=3)


def test_views_share_storage_again_and_keep_their_strides(device):
    base = torch.arange(12.0, device=device).view(3, 4)
    obj = {
        "base": base,
        "row": base[1],
        "t": base.t(),
        "cols": base[:, ::2],
        "e": base[0:1].expand(2, 4),
    }
    out = _round_trip(obj)
    for key, value in obj.items():
        assert out[key].tolist() == value.tolist() and out[key].shape == value.shape
    if device == "cpu":  # one storage again: writing through one tensor shows in the others
        assert out["t"].stride() == (1, 4) and out["cols"].stride() == (4, 2)
        out["base"][1, 0] = -1.0
        assert out["row"][0].item() == -1.0 and out["t"][0, 1].item() == -1.0
        assert out["e"].stride() == (0, 1)


def test_save_writes_no_file_when_an_object_cannot_be_saved(tmp_path):
    path = tmp_path / "x.pt"
    with pytest.raises(TypeError, match="^autograd_nb.save cannot store an object of type Small"):
        torch.save({"model": Small()}, path)
    assert not path.exists()


def test_saving_into_a_missing_directory_is_pytorchs_runtime_error(tmp_path):
    missing = tmp_path / "nope"
    with pytest.raises(RuntimeError) as info:
        torch.save(torch.ones(1), missing / "x.pt")
    assert str(info.value) == f"Parent directory {missing} does not exist."  # PyTorch 2.13's text
    assert not missing.exists()


def test_save_refuses_other_pickle_protocols():
    with pytest.raises(ValueError, match="pickle protocol 2 only"):
        torch.save(torch.ones(1), io.BytesIO(), pickle_protocol=4)


def test_weights_only_false_and_pickle_module_are_refused(tmp_path):
    path = tmp_path / "x.pt"
    torch.save(torch.ones(1), path)
    with pytest.raises(ValueError, match="never supports it"):
        torch.load(path, weights_only=False)
    with pytest.raises(
        RuntimeError, match="^Can not safely load weights when explicit pickle_module"
    ):
        torch.load(path, pickle_module=pickle)
    assert torch.load(path, weights_only=True).tolist() == [1.0]  # True and None are the same


def test_refuses_objects_that_are_not_weights():
    with pytest.raises(TypeError, match="^autograd_nb.save cannot store an object of type Small"):
        torch.save(Small(), io.BytesIO())
    with pytest.raises(TypeError, match="type builtin_function_or_method"):
        torch.save({"f": print}, io.BytesIO())
    with pytest.raises(TypeError, match="type frozenset"):
        torch.save(frozenset(), io.BytesIO())


def test_loads_from_a_non_seekable_stream():
    buffer = io.BytesIO()
    torch.save({"w": torch.ones(2)}, buffer)

    class Stream(io.RawIOBase):
        def __init__(self, data):
            self.inner = io.BytesIO(data)

        def readable(self):
            return True

        def readinto(self, b):
            return self.inner.readinto(b)

    assert torch.load(io.BufferedReader(Stream(buffer.getvalue())))["w"].tolist() == [1.0, 1.0]
