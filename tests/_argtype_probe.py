"""Probe: learner-facing calls with one argument of a wrong type, in PyTorch and in autograd_nb.

`python tests/_argtype_probe.py torch > a.json` (in PyTorch's venv) and
`python tests/_argtype_probe.py ours > b.json`, then `python tests/_argtype_probe.py compare a.json
b.json` lists the cases whose exception type differs or whose text leaks NumPy/Python internals.
Each case is a call with `B` standing for the bad value; every bad value is tried in each.
"""

from __future__ import annotations

import json
import re
import sys

# A call per line; B is the bad value. x: float (2, 3); m: bool mask; i: long index; v: float (3,)
CALLS = """
torch.add(x, B)|x.add(B)|x.add(x, alpha=B)|x.sub(B)|x.mul(B)|x.div(B)|x.div(x, rounding_mode=B)
x.add_(B)|x.mul_(B)|torch.pow(x, B)|x.pow(B)|torch.pow(B, x)|x.lt(B)|x.eq(B)|torch.gt(x, B)
torch.maximum(x, B)|torch.minimum(x, B)|torch.atan2(x, B)|x.fmod(B)|x.remainder(B)
torch.where(m, x, B)|torch.where(m, B, x)|torch.where(B, x, x)|x.masked_fill(m, B)
x.masked_fill(B, 0.0)|x.masked_fill_(m, B)|torch.clamp(x, B)|x.clamp(B)|x.clamp(0.0, B)
x.clamp(min=B)|x.clamp_(B)|x.clip(B)|torch.lerp(x, B, 0.5)|x.lerp(x, B)|x.addcmul(B, x)
x.addcmul(x, x, value=B)|x.addcdiv(x, x, value=B)|torch.cat([x, B])|torch.cat(B)
torch.cat([x, x], dim=B)|torch.stack([x, B])|torch.stack([x, x], dim=B)|torch.stack(B)
x.sum(B)|x.sum(dim=B)|x.sum(0, keepdim=B)|x.mean(B)|x.mean(dim=B)|x.prod(B)|x.std(B)|x.var(B)
x.std(0, correction=B)|x.max(B)|x.min(B)|x.argmax(B)|x.argmin(B)|x.amax(B)|x.logsumexp(B)
x.cumsum(B)|x.cumprod(B)|x.softmax(B)|x.log_softmax(B)|x.norm(B)|x.norm(2, B)|x.all(B)
x.any(B)|torch.sum(x, B)|torch.mean(x, B)|torch.max(x, B)|torch.softmax(x, B)
x.expand(B)|x.expand(2, B)|x.view(B)|x.view(2, B)|x.reshape(B)|x.reshape(2, B)
torch.reshape(x, B)|x.permute(B)|x.permute(0, B)|x.transpose(0, B)|x.transpose(B, 1)
x.unsqueeze(B)|x.squeeze(B)|x.flatten(B)|x.flatten(0, B)|x.repeat(B)|x.repeat(2, B)
x.flip(B)|x.roll(B)|x.roll(1, B)|x.narrow(B, 0, 1)|x.narrow(0, B, 1)|x.select(0, B)
x.select(B, 0)|x.split(B)|x.chunk(B)|x.chunk(2, B)|x.unbind(B)|x.movedim(B, 0)|x.tile(B)
torch.index_select(x, 0, B)|x.index_select(B, i)|x.gather(B, i.view(1, 1))|x.gather(0, B)
x.scatter(0, B, 1.0)|x.scatter(0, i.view(1, 1), B)|x.index_add(0, i, B)|x.index_fill(0, i, B)
x.topk(B)|x.topk(1, B)|x.sort(B)|x.argsort(B)|x.kthvalue(B)|x.diagonal(B)|x.tril(B)|x.triu(B)
x.matmul(B)|torch.mm(x, B)|torch.bmm(x, B)|x.dot(B)|torch.outer(v, B)|torch.einsum(B, x)
torch.einsum('ij->i', B)|x.to(B)|x.type(B)|x.masked_select(B)|x.new_full((2,), B)
x.new_zeros(B)|x.fill_(B)|x.zero_(B)|x.copy_(B)|x.requires_grad_(B)|x.detach(B)
torch.zeros(B)|torch.zeros(2, B)|torch.ones(B)|torch.empty(B)|torch.full((2,), B)
torch.full(B, 1.0)|torch.rand(B)|torch.randn(2, B)|torch.randint(0, B, (2,))
torch.randint(B, (2,))|torch.arange(B)|torch.arange(0, B)|torch.arange(0, 5, B)
torch.linspace(0, 1, B)|torch.linspace(B, 1, 5)|torch.eye(B)|torch.tensor(B)
torch.zeros_like(B)|torch.ones_like(x, dtype=B)|torch.full_like(x, B)|torch.manual_seed(B)
torch.tensor([1.0], requires_grad=B)|torch.tensor([1.0], dtype=B)|torch.from_numpy(B)
torch.abs(B)|torch.exp(B)|torch.sin(B)|torch.relu(B)|torch.sigmoid(B)|torch.tanh(B)
torch.sqrt(B)|torch.log(B)|x.exp(B)|torch.round(x, decimals=B)|x.round(decimals=B)
torch.allclose(x, B)|torch.equal(x, B)|torch.isclose(x, B)|torch.broadcast_to(x, B)
torch.nn.functional.relu(B)|torch.nn.functional.softmax(x, B)|torch.nn.functional.linear(x, B)
torch.nn.functional.mse_loss(x, B)|torch.nn.functional.cross_entropy(x, B)
torch.nn.functional.dropout(x, B)|torch.nn.functional.dropout(x, 0.5, B)
torch.nn.functional.leaky_relu(x, B)|torch.nn.functional.pad(x, B)|torch.nn.functional.one_hot(B)
torch.nn.functional.gelu(x, approximate=B)|torch.nn.functional.log_softmax(x, dim=B)
torch.nn.functional.nll_loss(x, B)|torch.nn.functional.binary_cross_entropy(x, B)
torch.nn.functional.normalize(x, B)|torch.nn.functional.conv1d(x.view(1, 2, 3), B)
torch.nn.Linear(B, 2)|torch.nn.Linear(2, B)|torch.nn.Linear(2, 2, bias=B)|torch.nn.Linear(3, 2)(B)
torch.nn.Conv2d(B, 2, 3)|torch.nn.Conv2d(1, 2, B)|torch.nn.Conv2d(1, 2, 3, stride=B)
torch.nn.ReLU()(B)|torch.nn.Dropout(B)|torch.nn.Embedding(B, 3)|torch.nn.Embedding(3, 2)(B)
torch.nn.BatchNorm1d(B)|torch.nn.LayerNorm(B)|torch.nn.Sequential(B)|torch.nn.MSELoss()(x, B)
torch.nn.CrossEntropyLoss(reduction=B)|torch.nn.Softmax(B)(x)|torch.nn.Flatten(B)(x)
torch.nn.RNN(B, 2)|torch.nn.LSTM(2, B)|torch.nn.MaxPool2d(B)|torch.nn.Tanh()(B)
torch.optim.SGD(B, lr=0.1)|torch.optim.SGD([p], lr=B)|torch.optim.SGD([p], lr=0.1, momentum=B)
torch.optim.Adam(B)|torch.optim.Adam([p], lr=B)|torch.optim.Adam([p], betas=B)
torch.optim.Adam([p], weight_decay=B)|torch.optim.AdamW([p], lr=B)|torch.optim.RMSprop([p], lr=B)
torch.optim.SGD(p, lr=0.1)|torch.optim.SGD([B], lr=0.1)
"""

BAD = {
    "str": "'a'",
    "None": "None",
    "list_str": "['a']",
    "dict": "{}",
    "complex": "1j",
    "object": "object()",
    "float": "1.5",
    "bool": "True",
    "tuple_str": "(0, 'a')",
}


def cases() -> list[str]:
    """Every call of CALLS, in order."""
    return [c.strip() for line in CALLS.strip().splitlines() for c in line.split("|") if c.strip()]


def run(torch) -> dict:
    """{call with the bad value spelled out: [exception type or "OK", first line of its text]}."""
    import warnings

    warnings.simplefilter("ignore")
    results = {}
    for call in cases():
        for source in BAD.values():
            x = torch.ones(2, 3)
            env = {
                "torch": torch,
                "x": x,
                "m": x > 0,
                "i": torch.tensor([0, 1]),
                "v": torch.ones(3),
                "p": torch.nn.Parameter(torch.ones(2)),
            }
            src = re.sub(r"\bB\b", source.replace("\\", r"\\"), call)
            try:
                eval(src, env)
                results[src] = ["OK", ""]
            except Exception as e:  # noqa: BLE001 - the probe records whatever happens
                lines = str(e).splitlines() or [""]
                results[src] = [type(e).__name__, lines[0][:200]]
    return results


_LEAKS = (
    "numpy",
    "ufunc",
    "dtype('<u",
    "np.",
    "ndarray",
    "invalid literal for int",
    "convert string",
)


def leaks(kind: str, text: str) -> bool:
    """Whether an exception looks like an internal one reaching the user."""
    lowered = text.lower()
    return kind in {"AttributeError", "UFuncTypeError", "KeyError"} or any(
        s in lowered for s in _LEAKS
    )


def compare(torch_file: str, ours_file: str) -> None:
    """Print the cases where our exception type differs from PyTorch's, or leaks internals."""
    theirs, ours = (json.load(open(f)) for f in (torch_file, ours_file))
    same_type = exact = leaked = 0
    for src, (kind, text) in theirs.items():
        our_kind, our_text = ours.get(src, ["missing", ""])
        bad = leaks(our_kind, our_text) and not leaks(kind, text)
        leaked += bad
        same_type += our_kind == kind
        exact += (our_kind, our_text) == (kind, text)
        if our_kind != kind or bad:
            print(f"{src}\n   torch: {kind}: {text}\n   ours:  {our_kind}: {our_text}")
    total = len(theirs)
    print(f"{total} cases: {same_type} same type, {exact} same text, {leaked} leaks")


if __name__ == "__main__":
    if sys.argv[1] == "compare":
        compare(sys.argv[2], sys.argv[3])
    else:
        if sys.argv[1] == "torch":
            import torch as module
        else:
            sys.path.insert(0, sys.argv[2] if len(sys.argv) > 2 else ".")
            import autograd_nb as module
        json.dump(run(module), sys.stdout, indent=0)
