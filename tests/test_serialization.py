"""autograd_nb.save / load round trips: state_dicts, nested values, views sharing storage,
map_location, whole models with weights_only=False, and the refusals (objects pickle cannot
name, a missing directory). PyTorch's own files: test_serialization_pytorch_files.py; hostile and damaged files:
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


def _original():
    return 0


_renamed = _original
del _original


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
    with pytest.raises(AttributeError, match="^Can't pickle local object 'test_save_writes"):
        torch.save({"f": lambda x: x}, path)  # PyTorch 2.13: the same error (Python's pickle)
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


def test_weights_only_false_and_pickle_module_as_pytorch(tmp_path):
    path = tmp_path / "x.pt"
    torch.save(torch.ones(1), path)
    with pytest.raises(
        RuntimeError, match="^Can not safely load weights when explicit pickle_module"
    ):
        torch.load(path, pickle_module=pickle, weights_only=True)
    assert torch.load(path, weights_only=True).tolist() == [1.0]  # True and None are the same
    assert torch.load(path, weights_only=False).tolist() == [1.0]
    assert torch.load(path, pickle_module=pickle).tolist() == [1.0]  # PyTorch: weights_only=False
    with pytest.warns(UserWarning, match=r"^pickle_load_args only works if `weights_only=False`"):
        torch.load(path, encoding="latin1")  # PyTorch 2.13's warning


def test_a_whole_model_saves_and_loads_with_weights_only_false(tmp_path):
    model = Small()
    path = tmp_path / "model.pt"
    torch.save(model, path)  # PyTorch's "save/load the entire model"
    with pytest.raises(pickle.UnpicklingError) as info:
        torch.load(path)  # weights_only=True stays the default, and safe
    text = str(info.value)  # PyTorch 2.13's text, pointing to weights_only=False
    assert "This file can still be loaded, to do so you have two options" in text
    assert "Re-running `torch.load` with `weights_only` set to `False` will likely succeed" in text
    assert "GLOBAL test_serialization.Small was not an allowed global by default." in text
    loaded = torch.load(path, weights_only=False)
    assert type(loaded) is Small and loaded is not model
    assert loaded.state_dict().keys() == model.state_dict().keys()
    for key, value in model.state_dict().items():
        assert loaded.state_dict()[key].tolist() == value.tolist()
    assert type(loaded.w) is nn.Parameter and loaded.w.requires_grad
    x = torch.randn(4, 3)
    assert loaded(x).tolist() == model(x).tolist()
    loaded(x).sum().backward()
    assert loaded.w.grad.shape == (3, 2) and model.w.grad is None


def test_saving_objects_pickle_cannot_name_is_pythons_error():
    def make():
        class Inner(nn.Module):
            pass

        return Inner()

    with pytest.raises(AttributeError, match="^Can't pickle local object 'test_saving"):
        torch.save(make(), io.BytesIO())  # PyTorch 2.13: Python's AttributeError
    renamed = _renamed  # a function not found under its own name: PyTorch 2.13's PicklingError
    with pytest.raises(pickle.PicklingError, match="attribute lookup _original on test_serial"):
        torch.save([renamed], io.BytesIO())
    buffer = io.BytesIO()
    torch.save({"f": print, "s": frozenset({1})}, buffer)  # as PyTorch: plain pickled globals
    buffer.seek(0)
    assert torch.load(buffer, weights_only=False) == {"f": print, "s": frozenset({1})}


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


class Net(nn.Module):
    """A tutorial's model: convolution, batch norm, dropout, an LSTM and an embedding."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3)
        self.norm = nn.BatchNorm2d(2)
        self.drop = nn.Dropout(0.5)
        self.embed = nn.Embedding(5, 4)
        self.rnn = nn.LSTM(4, 3, batch_first=True)
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(8, 2), nn.ReLU())

    def forward(self, image, tokens):
        features = self.head(self.drop(self.norm(self.conv(image))))
        return features, self.rnn(self.embed(tokens))[0]


def test_a_tutorials_whole_model_round_trips_in_eval_mode(tmp_path):
    model = Net()
    model(torch.randn(3, 1, 4, 4), torch.tensor([[1, 2]]))  # running statistics move
    model.eval()
    path = tmp_path / "net.pt"
    torch.save(model, path)
    loaded = torch.load(path, weights_only=False)
    assert not loaded.training and not loaded.norm.training
    assert loaded.norm.running_mean.tolist() == model.norm.running_mean.tolist()
    image, tokens = torch.randn(2, 1, 4, 4), torch.tensor([[0, 4, 3]])
    for ours, theirs in zip(loaded(image, tokens), model(image, tokens)):
        assert ours.tolist() == theirs.tolist()


def test_a_whole_model_pytorch_saved_is_refused_by_its_class_name():
    from _checkpoint_craft import archive, p_global

    data = archive(b"\x80\x02" + p_global("torch.nn.modules.linear", "Linear") + b")\x81.")
    with pytest.raises(pickle.UnpicklingError, match="^torch.nn.modules.linear.Linear is a cla"):
        torch.load(io.BytesIO(data), weights_only=False)
