"""`%explain_error`: the common autograd errors in plain words, in English and 简体中文.

Each explanation is matched on the exact PyTorch message text kept in autograd_nb/_messages.py,
so what a learner sees under `import autograd_nb as torch` and under real PyTorch is explained the
same way.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from .. import _messages as msg


def _pattern(template: str) -> re.Pattern:
    """A regex matching a message template, with each `{field}` standing for any text."""
    parts = re.split(r"\{[a-z_0-9]*\}", template.replace("{{", "{").replace("}}", "}"))
    return re.compile(".*?".join(re.escape(part) for part in parts), re.S)


@dataclass(frozen=True)
class Explanation:
    """What went wrong, why, how to fix it and where the lessons cover it, in two languages."""

    key: str
    title_en: str
    title_zh: str
    why_en: str
    why_zh: str
    fix: str
    lesson: str
    message: str = ""

    def __repr__(self) -> str:
        lines = [f"{self.title_en} / {self.title_zh}", ""]
        if self.message:
            lines += [f"Error: {_first_line(self.message)}", ""]
        lines += [f"Why: {self.why_en}", f"原因：{self.why_zh}", "", "Fix / 解决方法:"]
        lines += ["    " + line for line in self.fix.splitlines()]
        lines += ["", f"Lesson / 课程: {self.lesson}"]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        error = f"<p><code>{e(_first_line(self.message))}</code></p>" if self.message else ""
        return (
            '<div class="autograd-nb-explain" style="border-left:4px solid #d9534f;'
            'padding:4px 10px">'
            f"<h4>{e(self.title_en)} / {e(self.title_zh)}</h4>{error}"
            f"<p><b>Why:</b> {e(self.why_en)}</p><p><b>原因：</b>{e(self.why_zh)}</p>"
            f"<p><b>Fix / 解决方法:</b></p><pre>{e(self.fix)}</pre>"
            f"<p><b>Lesson / 课程:</b> {e(self.lesson)}</p></div>"
        )


def error_text(exc: BaseException) -> str:
    """`str(exc)`, or what Python's own traceback prints when that raises."""
    try:
        return str(exc)
    except Exception:  # noqa: BLE001 - a broken __str__ must not give our traceback
        return "<exception str() failed>"


def _first_line(text: str, limit: int = 160) -> str:
    """The message's first line, cut after a whole word (and marked …) when over `limit`."""
    line = text.strip().splitlines()[0] if text.strip() else ""
    if len(line) <= limit:
        return line
    cut = line[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:  # text with spaces: end at a word; otherwise (Chinese) at a character
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"


def _lesson(number: str, section: str) -> str:
    """Where a lesson teaches the fix: "lesson 04, “`retain_graph`: backward twice”"."""
    return f"lesson {number}, “{section}”"


# The lessons and sections that teach each fix (tests check that each section exists).
_BACKWARD_TWICE = _lesson("04", "`retain_graph`: backward twice")
_GRADIENT_ARG = _lesson("04", "`gradient`: backward from a non-scalar")
_LEAF_INPLACE = _lesson("06", "Changing a leaf in place")
_DATA_DETACH = _lesson("06", "`.data` versus `.detach()` (post 001)")
_NO_GRAD = _lesson("06", "`with torch.no_grad():`")
_FREEZING = _lesson("09", "A mistake: freezing everything, head included")
_RETAIN_GRAD = _lesson("05", "`retain_grad()`: keep a non-leaf's gradient")
_LEAVES = _lesson("05", "What is a leaf? (post 004)")
_REQUIRES_GRAD = _lesson("03", "Switching `requires_grad` on")
_NUMPY_BRIDGE = _lesson("02", "Bridge with NumPy: shared memory")
_DEVICES = _lesson("02", "Devices: CPU and GPU")
_GPU = _lesson("10", "Part 2: a simulated GPU")
_AUTOGRAD_GRAD = _lesson("13", "`torch.autograd.grad`: a derivative as a tensor")
_ATTRIBUTES = _lesson("01", "Attributes")

_DEVICE = Explanation(
    "device_mismatch",
    "Tensors on different devices",
    "张量在不同的设备上",
    "An operation mixed a CPU tensor with a CUDA tensor; every operand must be on the same device.",
    "一个运算同时用到了 CPU 张量和 CUDA 张量；所有操作数必须在同一个设备上。",
    "device = 'cuda' if torch.cuda.is_available() else 'cpu'\n"
    "x = x.to(device); w = w.to(device)   # move every operand (and the model) once",
    f"{_DEVICES}; {_GPU}",
)

# (message template, Explanation) in the order they are tried: specific texts before general ones.
_CATALOGUE: list[tuple[str, Explanation]] = [
    (
        msg.BACKWARD_TWICE,
        Explanation(
            "backward_twice",
            "Backward through the same graph twice",
            "对同一个计算图第二次反向传播",
            "backward() frees the values the graph saved for the gradient computation, so a second "
            "backward() over the same graph finds them gone.",
            "backward() 结束后会释放计算图中保存的中间值，"
            "所以对同一个图再次 backward() 时这些值已经不在了。",
            "y.backward(retain_graph=True)   # keep the saved values for a second backward\n"
            "y.backward()\n"
            "# or recompute y (run the forward pass again) before each backward()",
            _BACKWARD_TWICE,
        ),
    ),
    (
        msg.LEAF_INPLACE,
        Explanation(
            "leaf_inplace",
            "In-place change of a leaf that requires grad",
            "对需要梯度的叶子张量做了原地操作",
            "Autograd must know a leaf's original value to compute gradients, so ops like x += 1 "
            "or x.add_(1) are refused on a leaf with requires_grad=True.",
            "自动求导需要叶子张量原来的值，所以不能对 requires_grad=True 的叶子张量做 x += 1、x.add_(1) "
            "这类原地操作。",
            "with torch.no_grad():      # e.g. a manual parameter update\n"
            "    x -= lr * x.grad\n"
            "# or work on a copy: x2 = x.clone(); x2 += 1",
            _LEAF_INPLACE,
        ),
    ),
    (
        msg.VIEW_OF_LEAF_INPLACE,
        Explanation(
            "view_of_leaf_inplace",
            "In-place change of a view of a leaf that requires grad",
            "对需要梯度的叶子张量的视图做了原地操作",
            "A slice or view (x[0], x.view(...)) shares memory with the leaf, so writing into it "
            "changes the leaf in place, which autograd refuses.",
            "切片或视图（x[0]、x.view(...)）与叶子张量共享内存，写入它就等于原地修改叶子张量，自动求导不允许。",
            "y = x.clone()      # a non-leaf copy that may be modified\n"
            "y[0] = 5\n"
            "# or, outside autograd: with torch.no_grad(): x[0] = 5",
            _LEAF_INPLACE,
        ),
    ),
    (
        msg.MODIFIED_INPLACE,
        Explanation(
            "modified_inplace",
            "A tensor needed for backward was modified in place",
            "反向传播需要的张量被原地修改了",
            "An op saved a tensor for its backward pass; an in-place op afterwards changed it "
            "(its version counter went up), so the gradient would be computed from wrong values.",
            "某个运算为反向传播保存了一个张量，之后的原地操作修改了它（版本号增加），用它计算梯度会得到错误结果。",
            "b = a.sigmoid()\n"
            "b = b * 2          # out-of-place instead of b *= 2\n"
            "# or clone before modifying: c = b.clone(); c.mul_(2)\n"
            "# %grad_inspect b  shows which node saved b and at which version",
            _DATA_DETACH,
        ),
    ),
    (
        msg.IMPLICIT_SCALAR,
        Explanation(
            "non_scalar_backward",
            "backward() on a non-scalar output without a gradient",
            "对非标量输出调用 backward() 却没有给 gradient",
            "backward() with no argument means d(y)/d(y) = 1, which only makes sense for a single "
            "number. For a tensor y, pass the vector v of backward(gradient=v): autograd then "
            "computes the vector-Jacobian product vᵀJ.",
            "不带参数的 backward() 默认 d(y)/d(y)=1，这只对标量成立。y 是张量时要传入 "
            "backward(gradient=v)，自动求导计算的是向量-雅可比积 vᵀJ。",
            "y.backward(gradient=torch.ones_like(y))   # same as y.sum().backward()\n"
            "# or reduce first: y.sum().backward() / y.mean().backward()",
            _GRADIENT_ARG,
        ),
    ),
    (
        msg.NO_GRAD_FN,
        Explanation(
            "no_grad_fn",
            "backward() on a tensor that does not require grad",
            "对不需要梯度的张量调用 backward()",
            "None of the tensors that produced this result had requires_grad=True (or the result "
            "was computed under torch.no_grad() / after .detach()), so there is no graph to go "
            "back through.",
            "生成这个结果的张量都没有 requires_grad=True（或者是在 torch.no_grad() 中、或 .detach() "
            "之后计算的），所以没有可以反向传播的计算图。",
            "x = torch.tensor([1., 2.], requires_grad=True)   # before computing y\n"
            "y = (x ** 2).sum()\n"
            "y.backward()",
            f"{_NO_GRAD}; {_FREEZING}",
        ),
    ),
    (
        msg.NUMPY_REQUIRES_GRAD,
        Explanation(
            "numpy_requires_grad",
            "numpy() on a tensor that requires grad",
            "对需要梯度的张量调用 numpy()",
            "A NumPy array cannot carry the autograd graph, so PyTorch refuses to hand out one that "
            "silently drops it.",
            "NumPy 数组不能保存自动求导的计算图，PyTorch 不允许悄悄丢掉它。",
            "a = x.detach().numpy()          # on the GPU: x.detach().cpu().numpy()",
            f"{_NUMPY_BRIDGE}; {_DATA_DETACH}",
        ),
    ),
    (
        msg.NUMPY_ON_DEVICE,
        Explanation(
            "numpy_on_device",
            "numpy() on a GPU tensor",
            "对 GPU 上的张量调用 numpy()",
            "NumPy arrays live in host (CPU) memory; a CUDA tensor has to be copied there first.",
            "NumPy 数组在主机（CPU）内存中，CUDA 张量要先复制到 CPU。",
            "a = x.detach().cpu().numpy()",
            _GPU,
        ),
    ),
    (msg.DEVICE_MIX, _DEVICE),
    (msg.DEVICE_MIX_ARG, _DEVICE),
    (
        msg.NON_LEAF_GRAD_WARNING,
        Explanation(
            "non_leaf_grad",
            ".grad of a non-leaf tensor",
            "访问非叶子张量的 .grad",
            "Only leaf tensors (created by you with requires_grad=True) keep .grad after backward(); "
            "intermediate results pass their gradient on and drop it, so their .grad is None.",
            "只有叶子张量（用户创建且 requires_grad=True）在 backward() 后保留 .grad；"
            "中间结果把梯度传下去后就丢弃了，所以它们的 .grad 是 None。",
            "y.retain_grad()    # before backward()\n"
            "loss.backward()\n"
            "y.grad             # now filled",
            f"{_RETAIN_GRAD}; {_LEAVES}",
        ),
    ),
    (
        msg.NON_LEAF_REQUIRES_GRAD,
        Explanation(
            "non_leaf_requires_grad",
            "requires_grad changed on a non-leaf",
            "修改了非叶子张量的 requires_grad",
            "A computed tensor's requires_grad follows from its inputs; only leaves can be switched.",
            "计算得到的张量的 requires_grad 由它的输入决定；只有叶子张量可以修改。",
            "y_const = y.detach()   # a new leaf that does not require grad",
            _LEAVES,
        ),
    ),
    (
        msg.GRAD_SHAPE_MISMATCH,
        Explanation(
            "gradient_shape",
            "The gradient passed to backward() has the wrong shape",
            "传给 backward() 的 gradient 形状不对",
            "backward(gradient=v) needs v with exactly the shape of the output: v holds dL/dy for "
            "each element of y.",
            "backward(gradient=v) 要求 v 与输出形状完全相同：v 是 y 每个元素的 dL/dy。",
            "y.backward(gradient=torch.ones_like(y))",
            _GRADIENT_ARG,
        ),
    ),
    (
        msg.FACTORY_REQUIRES_GRAD_DTYPE,
        Explanation(
            "integer_requires_grad",
            "requires_grad on an integer tensor",
            "整数张量不能 requires_grad",
            "Gradients are only defined for floating point (or complex) values; torch.tensor([1, 2]) "
            "is int64.",
            "梯度只对浮点（或复数）值有定义；torch.tensor([1, 2]) 是 int64。",
            "x = torch.tensor([1., 2.], requires_grad=True)   # note the dots\n"
            "# or dtype=torch.float32",
            _REQUIRES_GRAD,
        ),
    ),
    (
        msg.SETTER_REQUIRES_GRAD_DTYPE,
        Explanation(
            "integer_requires_grad",
            "requires_grad on an integer tensor",
            "整数张量不能 requires_grad",
            "Gradients are only defined for floating point (or complex) values.",
            "梯度只对浮点（或复数）值有定义。",
            "x = x.float(); x.requires_grad = True",
            _REQUIRES_GRAD,
        ),
    ),
    (
        msg.METHOD_REQUIRES_GRAD_DTYPE,
        Explanation(
            "integer_requires_grad",
            "requires_grad on an integer tensor",
            "整数张量不能 requires_grad",
            "Gradients are only defined for floating point values.",
            "梯度只对浮点值有定义。",
            "x = x.float().requires_grad_()",
            _REQUIRES_GRAD,
        ),
    ),
    (
        msg.UNUSED_INPUT,
        Explanation(
            "unused_input",
            "An input of autograd.grad is not in the graph",
            "autograd.grad 的输入不在计算图中",
            "The output was not computed from this input, so there is no gradient to return.",
            "输出并不是由这个输入计算得到的，所以没有梯度可返回。",
            "torch.autograd.grad(y, [x, z], allow_unused=True)   # None for unused inputs",
            _AUTOGRAD_GRAD,
        ),
    ),
    (
        msg.INPUT_NOT_REQUIRING_GRAD,
        Explanation(
            "input_no_grad",
            "An input of autograd.grad does not require grad",
            "autograd.grad 的输入不需要梯度",
            "autograd.grad can only differentiate with respect to tensors with requires_grad=True.",
            "autograd.grad 只能对 requires_grad=True 的张量求导。",
            "x.requires_grad_(True)   # before computing the output",
            _AUTOGRAD_GRAD,
        ),
    ),
    (
        msg.ITEM_NOT_SCALAR,
        Explanation(
            "item_not_scalar",
            "item() on a tensor with more than one element",
            "对多元素张量调用 item()",
            "item() turns a one-element tensor into a Python number.",
            "item() 只能把单元素张量转成 Python 数字。",
            "x.tolist()     # all values, or x[0].item() for one",
            _ATTRIBUTES,
        ),
    ),
]
_COMPILED = [(_pattern(template), explanation) for template, explanation in _CATALOGUE]


def explain(error: BaseException | str, statement: str = "") -> Explanation | None:
    """The explanation for an exception (or message text), or None when it is not one we know.

    `statement`, the line that failed (`b.backward()`), puts the learner's names into the fix."""
    text = error if isinstance(error, str) else error_text(error)
    for pattern, explanation in _COMPILED:
        if pattern.search(text):
            fix = in_learners_names(explanation.fix, statement)
            return Explanation(**{**explanation.__dict__, "message": text, "fix": fix})
    return None


_CALL = re.compile(r"([A-Za-z_][\w.]*?)(?:\[[^\]]*\])?\.(\w+)\(")
_AUGMENTED = re.compile(r"^\s*([A-Za-z_][\w.]*?)(?:\[[^\]]*\])?\s*(?:[-+*/@%&|^]|//|\*\*)=[^=]")


def in_learners_names(fix: str, statement: str) -> str:
    """The fix with its placeholder tensor (`y` in `y.backward()`) called as in `statement`.

    The placeholder is the receiver of the method the statement called (`b.backward()` makes
    `y.backward(...)` read `b.backward(...)`), or for an in-place update (`a += 1`) the fix's
    `x`. A learner's name the fix already uses swaps with the placeholder."""
    fix_receivers: dict = {}
    for receiver, method in _CALL.findall(fix):
        fix_receivers.setdefault(method, receiver)
    old = new = None
    for receiver, method in _CALL.findall(statement):
        if method in fix_receivers and receiver != "torch" and not receiver.startswith("torch."):
            old, new = fix_receivers[method], receiver
            break
    augmented = _AUGMENTED.match(statement)
    if old is None and augmented and re.search(r"(?<![\w.])x(?!\w)", fix):
        old, new = "x", augmented[1]
    if old is None or old == new:
        return fix
    swap = {old: new, new: old}
    names = "|".join(re.escape(name) for name in swap)
    return re.sub(rf"(?<![\w.])({names})(?![\w])", lambda m: swap[m[1]], fix)


def known_keys() -> list[str]:
    """The keys of every explanation, in matching order (for tests and docs)."""
    return list(dict.fromkeys(e.key for _, e in _CATALOGUE))
