"""`torch.utils.tensorboard`: `SummaryWriter` writes TensorBoard event files (needs tensorboardX).

`plot_scalars(log_dir)` draws the logged scalars inline with matplotlib, for notebooks without a
TensorBoard server (Binder); `read_scalars` / `read_graph` read the files back.
Importing this package never imports tensorboardX; creating a SummaryWriter does.
"""

from .reader import event_files, plot_scalars, read_events, read_graph, read_scalars
from .writer import SummaryWriter, format_node

__all__ = [
    "SummaryWriter",
    "plot_scalars",
    "read_scalars",
    "read_graph",
    "read_events",
    "event_files",
    "format_node",
]
