"""SummaryWriter writes real TensorBoard event files (through tensorboardX) that read back.

The folder layout of add_scalars (`<log_dir>/<main_tag>_<key>`, every value under the tag
main_tag) and the default `runs/<date>_<host><comment>` folder are PyTorch 2.13's
torch.utils.tensorboard behaviour. The reader is checked against the TFRecord framing by hand.
"""

import os
import struct
import sys

import pytest

import autograd_nb as torch
from autograd_nb import nn
from autograd_nb.utils.tensorboard import (
    SummaryWriter,
    event_files,
    plot_scalars,
    read_events,
    read_graph,
    read_scalars,
)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.fc2 = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def test_scalars_written_and_read_back(tmp_path):
    with SummaryWriter(log_dir=tmp_path) as writer:
        for step in range(3):
            writer.add_scalar("loss", 1.0 / (step + 1), step)
        writer.add_scalar("lr", torch.tensor(0.5), 7)
    files = event_files(tmp_path)
    assert len(files) == 1 and os.path.basename(files[0]).startswith("events.out.tfevents.")
    assert read_scalars(tmp_path) == {
        "loss": {".": [(0, 1.0), (1, 0.5), (2, pytest.approx(1 / 3))]},
        "lr": {".": [(7, 0.5)]},
    }


def test_event_file_is_tfrecord_of_events(tmp_path):
    with SummaryWriter(tmp_path) as writer:
        writer.add_scalar("x", 2.0, 1)
    data = open(event_files(tmp_path)[0], "rb").read()
    (length,) = struct.unpack("<Q", data[:8])
    events = read_events(event_files(tmp_path)[0])
    assert events[0].file_version == "brain.Event:2"  # TensorBoard's first record
    assert len(data) == sum(16 + len(e.SerializeToString()) for e in events)
    assert length == len(events[0].SerializeToString())
    assert events[1].step == 1 and events[1].summary.value[0].simple_value == 2.0


def test_add_scalars_layout(tmp_path):
    with SummaryWriter(tmp_path) as writer:
        for step in range(2):
            writer.add_scalars("run/loss", {"train": 1.0 + step, "test": 2.0 + step}, step)
    assert sorted(os.listdir(tmp_path)) == sorted(
        ["run_loss_train", "run_loss_test", os.path.basename(event_files(tmp_path)[0])]
    )
    assert read_scalars(tmp_path) == {
        "run/loss": {"run_loss_test": [(0, 2.0), (1, 3.0)], "run_loss_train": [(0, 1.0), (1, 2.0)]}
    }


def test_default_log_dir_has_comment(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    writer = SummaryWriter(comment="_lr0.1")
    writer.close()
    assert writer.log_dir.startswith("runs" + os.sep) and writer.log_dir.endswith("_lr0.1")
    assert len(event_files(tmp_path / "runs")) == 1


def test_add_graph_names_scopes_and_restores_model(tmp_path):
    net = Net()
    net.fc1.weight.requires_grad_(False)  # frozen parameters still appear in the graph
    net.train()
    x = torch.randn(5, 3)
    with SummaryWriter(tmp_path) as writer:
        writer.add_graph(net, x)
    nodes = {n.name: n for n in read_graph(tmp_path)}
    assert nodes["input/input.1"].op == "IO Node" and nodes["input/input.1"].shape == (5, 3)
    assert nodes["Net/Linear[fc1]/weight"].op == "Parameter"
    assert nodes["Net/Linear[fc1]/weight"].shape == (4, 3)
    relu = [n for n in nodes.values() if n.op == "Relu"]
    assert len(relu) == 1 and relu[0].name.startswith("Net/Relu.")  # made in Net.forward
    assert relu[0].attr == "{grad_fn: ReluBackward0}" and relu[0].shape == (5, 4)
    fc2 = [n for n in nodes.values() if n.name.startswith("Net/Linear[fc2]/Addmm")]
    assert len(fc2) == 1 and relu[0].name in fc2[0].inputs
    assert "Net/Linear[fc2]/bias" in fc2[0].inputs
    assert nodes["output/output.1"].inputs == [fc2[0].name]
    assert nodes["output/output.1"].shape == (5, 2)
    # the model and the input are as they were
    assert net.training and not net.fc1.weight.requires_grad and net.fc2.weight.requires_grad
    assert not x.requires_grad and x.grad_fn is None


def test_add_graph_nested_scope_and_verbose(tmp_path, capsys):
    model = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Tanh()))
    with SummaryWriter(tmp_path) as writer:
        writer.add_graph(model, [torch.ones(1, 2)], verbose=True)
    ops = {n.op: n.name for n in read_graph(tmp_path)}
    assert ops["Tanh"].startswith("Sequential/Sequential[1]/Tanh[0]/Tanh.")
    assert "Sequential/Sequential[1]/Tanh[0]/Tanh." in capsys.readouterr().out


def test_add_histogram(tmp_path):
    with SummaryWriter(tmp_path) as writer:
        writer.add_histogram("w", torch.tensor([1.0, 2.0, 2.0, 5.0]), 3)
    (event,) = [e for e in read_events(event_files(tmp_path)[0]) if e.HasField("summary")]
    histo = event.summary.value[0].histo
    assert event.step == 3 and event.summary.value[0].tag == "w"
    assert (histo.min, histo.max, histo.num, histo.sum, histo.sum_squares) == (1, 5, 4, 10, 34)


def test_write_after_close_opens_new_file(tmp_path):
    writer = SummaryWriter(tmp_path)
    writer.add_scalar("a", 1.0, 0)
    writer.close()
    writer.close()  # harmless
    writer.add_scalar("a", 2.0, 1)
    writer.flush()
    writer.close()
    assert read_scalars(tmp_path)["a"]["."] == [(0, 1.0), (1, 2.0)]


def test_plot_scalars(tmp_path):
    with SummaryWriter(tmp_path) as writer:
        for step in range(3):
            writer.add_scalar("loss", 3.0 - step, step)
            writer.add_scalars("acc", {"train": 0.5, "test": 0.4}, step)
    fig = plot_scalars(tmp_path)
    assert [ax.get_title() for ax in fig.axes] == ["acc", "loss"]
    assert fig.get_size_inches()[0] <= 7.2  # about 690 px: shown whole in an output area
    assert len(fig.axes[0].lines) == 2 and len(fig.axes[1].lines) == 1
    assert list(fig.axes[1].lines[0].get_ydata()) == [3.0, 2.0, 1.0]
    with pytest.raises(ValueError, match="no scalars"):
        plot_scalars(tmp_path, tags="nope")


def test_missing_library_says_how_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "tensorboardX", None)  # import tensorboardX fails
    with pytest.raises(ImportError, match=r'pip install "autograd-nb\[tensorboard\]"'):
        SummaryWriter(tmp_path)
    assert not os.listdir(tmp_path)


def test_tags_are_kept_as_given(tmp_path):
    # PyTorch 2.13 writes the tag unchanged (tensorboardX alone would write 'y_2x')
    with SummaryWriter(tmp_path) as writer:
        writer.add_scalar("y=2x", 2.0, 1)
        writer.add_histogram("w=1", torch.ones(3), 0)
    events = [e for e in read_events(event_files(tmp_path)[0]) if e.HasField("summary")]
    assert [e.summary.value[0].tag for e in events] == ["y=2x", "w=1"]


def test_tensorboard_is_reachable_as_torch_utils_tensorboard():
    import autograd_nb as torch
    from autograd_nb.utils.tensorboard import SummaryWriter

    assert torch.utils.tensorboard.SummaryWriter is SummaryWriter
