"""Write the checkpoints under tests/data/ with real PyTorch 2.13 (CPU) and with autograd_nb.

    /tmp/torchenv/bin/python tests/data/make_checkpoints.py torch      # torch_*.pt
    PYTHONPATH=$PWD python tests/data/make_checkpoints.py autograd_nb  # autograd_nb_*.pt

Both build the same objects with the same code (`torch` is the library given), so the files can
be compared record by record. The values are small and deterministic (no random numbers): tests
state them literally. The files are committed; the test suite never needs torch. Once written,
the autograd_nb files were checked with PyTorch: `/tmp/torchenv/bin/python
tests/data/make_checkpoints.py check` loads each with weights_only=True and compares it with the
torch file of the same name.
"""

import collections
import importlib
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
NAMES = ("state_dict", "mixed", "training")


def state_dict(torch) -> collections.OrderedDict:
    """A Linear(3, 2) + BatchNorm1d(2) model's state_dict (OrderedDict with _metadata)."""
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.BatchNorm1d(2))
    with torch.no_grad():
        model[0].weight.copy_(torch.arange(6.0).reshape(2, 3) / 4)
        model[0].bias.copy_(torch.tensor([-1.0, 0.5]))
        model[1].running_mean.fill_(0.25)
        model[1].num_batches_tracked.fill_(7)
    return model.state_dict()


def mixed(torch) -> dict:
    """Every kind of value weights_only loads: dtypes, views sharing storage, containers."""
    base = torch.arange(12.0).reshape(3, 4)
    return {
        "param": torch.nn.Parameter(torch.tensor([1.5, -2.0])),
        "frozen": torch.nn.Parameter(torch.tensor([3.0]), requires_grad=False),
        "leaf": torch.tensor([0.5, 0.25], dtype=torch.float64, requires_grad=True),
        "base": base,
        "row": base[1],  # a view: same storage, offset 4
        "t": base.t(),  # non-contiguous: strides (1, 4)
        "every_other": base[:, ::2],
        "expanded": torch.tensor([2.0]).expand(3),  # stride 0 on a 1-element storage
        "scalar": torch.tensor(3),
        "empty": torch.ones(2, 0),
        "bool": torch.tensor([True, False, True]),
        "uint8": torch.tensor([0, 255], dtype=torch.uint8),
        "int8": torch.tensor([-128, 127], dtype=torch.int8),
        "int16": torch.tensor([-300, 300], dtype=torch.int16),
        "int32": torch.tensor([[1, -2], [3, 4]], dtype=torch.int32),
        "int64": torch.tensor([2**40, -1]),
        "half": torch.tensor([0.5, -1.25, 65504.0], dtype=torch.float16),
        "size": torch.Size([2, 3]),
        "dtype": torch.float16,
        "device": torch.device("cpu"),
        "cuda_device": torch.device("cuda", 1),
        "numbers": [1, -5, 300, 70000, 2**40, -(2**70), 1.5, float("inf"), None, True, False],
        "tuple": (1, ("nested", [2.5])),
        "set": {3, 4},
        "bytes": b"\x00\xffab",
        "complex": 1 + 2j,
        "counter": collections.Counter(a=2, b=1),
        7: "int key",
    }


def training(torch) -> dict:
    """A training checkpoint: model, Adam after one step, a StepLR scheduler, the epoch."""
    model = torch.nn.Linear(3, 2)
    with torch.no_grad():
        model.weight.copy_(torch.arange(6.0).reshape(2, 3) / 4)
        model.bias.copy_(torch.tensor([-1.0, 0.5]))
    optimizer = torch.optim.Adam(model.parameters(), lr=0.5)
    model(torch.ones(1, 3)).sum().backward()
    optimizer.step()
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)
    return {
        "epoch": 3,
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "scheduler": scheduler.state_dict(),
    }


def _same(got, want, where: str) -> None:
    """Assert two loaded values are equal: tensors by dtype, layout, flags and values."""
    import torch

    assert type(got) is type(want), where
    if isinstance(want, torch.Tensor):
        layout = (got.dtype, got.shape, got.stride(), got.storage_offset(), got.requires_grad)
        assert layout == (
            want.dtype,
            want.shape,
            want.stride(),
            want.storage_offset(),
            want.requires_grad,
        ), where
        assert torch.equal(got, want), where
    elif isinstance(want, dict):
        assert list(got) == list(want), where
        assert getattr(got, "_metadata", None) == getattr(want, "_metadata", None), where
        for key in want:
            _same(got[key], want[key], f"{where}[{key!r}]")
    elif isinstance(want, (list, tuple)):
        assert len(got) == len(want), where
        for i, (a, b) in enumerate(zip(got, want)):
            _same(a, b, f"{where}[{i}]")
    else:
        assert got == want, where


def check() -> None:
    """Load each autograd_nb_*.pt with PyTorch and compare it with torch_*.pt."""
    import torch

    for name in NAMES:
        ours = torch.load(HERE / f"autograd_nb_{name}.pt", weights_only=True)
        theirs = torch.load(HERE / f"torch_{name}.pt", weights_only=True)
        _same(ours, theirs, name)
        print(f"PyTorch {torch.__version__} loads autograd_nb_{name}.pt: same as torch_{name}.pt")


def main(library: str) -> None:
    if library == "check":
        return check()
    torch = importlib.import_module(library)
    print(library, torch.__version__, file=sys.stderr)
    torch.save(state_dict(torch), HERE / f"{library}_state_dict.pt")
    torch.save(mixed(torch), HERE / f"{library}_mixed.pt")
    torch.save(training(torch), HERE / f"{library}_training.pt")
    if library == "torch":
        torch.save(
            {"w": torch.tensor([1.0, 2.5], dtype=torch.bfloat16)}, HERE / "torch_bfloat16.pt"
        )


if __name__ == "__main__":
    main(sys.argv[1])
