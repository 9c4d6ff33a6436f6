"""Write the checkpoints under tests/data/torch_*.pt with real PyTorch (2.13, CPU).

Run with PyTorch's interpreter, not autograd_nb's: `/tmp/torchenv/bin/python
tests/data/make_torch_files.py`. The values are small and deterministic (no random numbers), so
tests/test_serialization_torch_files.py states them literally. The files are committed; the test
suite never needs torch.
"""

import collections
import pathlib
import sys

import torch

HERE = pathlib.Path(__file__).resolve().parent


def state_dict() -> collections.OrderedDict:
    """A Linear(3, 2) + BatchNorm1d(2) model's state_dict (OrderedDict with _metadata)."""
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.BatchNorm1d(2))
    with torch.no_grad():
        model[0].weight.copy_(torch.arange(6.0).reshape(2, 3) / 4)
        model[0].bias.copy_(torch.tensor([-1.0, 0.5]))
        model[1].running_mean.fill_(0.25)
        model[1].num_batches_tracked.fill_(7)
    return model.state_dict()


def mixed() -> dict:
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


def main() -> None:
    print("torch", torch.__version__, file=sys.stderr)
    torch.save(state_dict(), HERE / "torch_state_dict.pt")
    torch.save(mixed(), HERE / "torch_mixed.pt")
    torch.save({"w": torch.tensor([1.0, 2.5], dtype=torch.bfloat16)}, HERE / "torch_bfloat16.pt")


if __name__ == "__main__":
    main()
