"""autograd_nb.save / load: state_dict round trips, nested values, map_location, sharing, and
refusals (no pickle: arbitrary objects cannot be saved, foreign files are rejected)."""

import io
import json
import zipfile
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


def test_format_is_documented_zip_with_json_manifest():
    buffer = io.BytesIO()
    torch.save({"w": torch.ones(2)}, buffer)
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as zf:
        assert sorted(zf.namelist()) == ["manifest.json", "tensors/0.npy"]
        manifest = json.loads(zf.read("manifest.json"))
    assert manifest == {
        "format": "autograd_nb",
        "version": 1,
        "root": {
            "__type__": "dict",
            "items": [
                [
                    "w",
                    {
                        "__type__": "tensor",
                        "id": 0,
                        "dtype": "float32",
                        "device": "cpu",
                        "requires_grad": False,
                        "parameter": False,
                    },
                ]
            ],
        },
    }


def test_refuses_code_and_foreign_files():
    with pytest.raises(TypeError, match="^autograd_nb.save cannot store an object of type Small"):
        torch.save(Small(), io.BytesIO())
    with pytest.raises(TypeError, match="type builtin_function_or_method"):
        torch.save({"f": print}, io.BytesIO())
    with pytest.raises(RuntimeError, match="not a file written by autograd_nb.save"):
        torch.load(io.BytesIO(b"\x80\x04pickled"))
    fake_torch_file = io.BytesIO()
    with zipfile.ZipFile(fake_torch_file, "w") as zf:
        zf.writestr("archive/data.pkl", b"\x80\x04")
    fake_torch_file.seek(0)
    with pytest.raises(RuntimeError, match="looks like a torch.save file"):
        torch.load(fake_torch_file)
