"""A form for a game's own options, generated from its ``Options`` pydantic model.

Each field becomes one row: its title or description on the left, and a
control on the right chosen from its type:

- ``bool``: a checkbox that also says "yes"/"no";
- ``Literal[...]``, an ``Enum``, or an ``int`` with a small ``ge``/``le`` range:
  a select;
- other ``int``, ``float`` and ``str``: an input (integers checked against
  their bounds);
- ``X | None``: the same, with "Default" (``None``) offered first;
- anything else: an input taking JSON.

``values()`` turns the controls back into a dict for ``Game.options``, which
validates it and raises :class:`SetupError` with a player's sentence.
"""

from __future__ import annotations

import enum
import json
import types
from dataclasses import dataclass, field
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.validation import Number
from textual.widgets import Checkbox, Input, Label, Select, Static

from boardgames_tui.engine.game import SetupError

from .state_view import humanize

#: Integer ranges up to this many values are offered as a select.
MAX_SELECT_RANGE = 30

Kind = Literal["bool", "choice", "int", "float", "str", "json"]


@dataclass
class OptionSpec:
    """How one field of an Options model is shown and read back."""

    name: str
    label: str
    description: str
    kind: Kind
    default: Any
    optional: bool = False
    #: (label, value) pairs for a select; the default is one of the values.
    choices: list[tuple[str, Any]] = field(default_factory=list)
    minimum: float | None = None
    maximum: float | None = None

    @property
    def bounds(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"{_num(self.minimum)} to {_num(self.maximum)}"
        if self.minimum is not None:
            return f"at least {_num(self.minimum)}"
        if self.maximum is not None:
            return f"at most {_num(self.maximum)}"
        return ""


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _bounds(info: FieldInfo, integer: bool) -> tuple[float | None, float | None]:
    low: float | None = None
    high: float | None = None
    step = 1 if integer else 0
    for meta in info.metadata:
        if isinstance(meta, annotated_types.Interval):
            if meta.ge is not None:
                low = float(meta.ge)  # type: ignore[arg-type]
            if meta.gt is not None:
                low = float(meta.gt) + step  # type: ignore[arg-type]
            if meta.le is not None:
                high = float(meta.le)  # type: ignore[arg-type]
            if meta.lt is not None:
                high = float(meta.lt) - step  # type: ignore[arg-type]
        elif isinstance(meta, annotated_types.Ge):
            low = float(meta.ge)  # type: ignore[arg-type]
        elif isinstance(meta, annotated_types.Gt):
            low = float(meta.gt) + step  # type: ignore[arg-type]
        elif isinstance(meta, annotated_types.Le):
            high = float(meta.le)  # type: ignore[arg-type]
        elif isinstance(meta, annotated_types.Lt):
            high = float(meta.lt) - step  # type: ignore[arg-type]
    return low, high


def _unwrap_optional(annotation: Any) -> tuple[Any, bool]:
    origin = get_origin(annotation)
    if origin is Union or origin is types.UnionType:
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(args) < len(get_args(annotation)):
            return args[0], True
    return annotation, False


def option_spec(name: str, info: FieldInfo) -> OptionSpec:
    """The control for one Options field."""
    annotation, optional = _unwrap_optional(info.annotation)
    default = None if info.default is PydanticUndefined else info.default
    if info.default_factory is not None and info.default is PydanticUndefined:
        default = info.default_factory()  # type: ignore[call-arg]
    title = info.title or ""
    description = info.description or ""
    label = title or description or humanize(name)
    extra = description if title and description != title else ""
    spec = OptionSpec(name, label, extra, "json", default, optional)

    if annotation is bool:
        if optional:
            spec.kind = "choice"
            spec.choices = [("Yes", True), ("No", False)]
        else:
            spec.kind = "bool"
    elif get_origin(annotation) is Literal:
        spec.kind = "choice"
        spec.choices = [
            (humanize(str(v)) if isinstance(v, str) else str(v), v) for v in get_args(annotation)
        ]
    elif isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        spec.kind = "choice"
        spec.choices = [(humanize(str(m.value)), m.value) for m in annotation]
        if isinstance(default, enum.Enum):
            spec.default = default.value
    elif annotation is int:
        low, high = _bounds(info, integer=True)
        spec.minimum, spec.maximum = low, high
        if low is not None and high is not None and 0 <= high - low < MAX_SELECT_RANGE:
            spec.kind = "choice"
            spec.choices = [(str(n), n) for n in range(int(low), int(high) + 1)]
        else:
            spec.kind = "int"
    elif annotation is float:
        spec.kind = "float"
        spec.minimum, spec.maximum = _bounds(info, integer=False)
    elif annotation is str:
        spec.kind = "str"
    if spec.kind == "choice" and optional:
        spec.choices.insert(0, ("Default", None))
    return spec


def option_specs(model: type[BaseModel]) -> list[OptionSpec]:
    return [option_spec(name, info) for name, info in model.model_fields.items()]


class OptionsForm(Vertical):
    """One row per option of ``model``, with its default selected."""

    DEFAULT_CSS = """
    OptionsForm {
        height: auto;
    }
    OptionsForm .option-row {
        height: auto;
    }
    OptionsForm .option-label {
        width: 1fr;
        padding: 0 1 0 0;
    }
    OptionsForm .option-help {
        color: $text-muted;
        text-style: italic;
        padding: 0 0 0 2;
    }
    OptionsForm .option-control {
        width: 24;
    }
    OptionsForm .option-none {
        color: $text-muted;
        text-style: italic;
    }
    """

    def __init__(
        self, model: type[BaseModel], *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.model = model
        self.specs = option_specs(model)

    def compose(self) -> ComposeResult:
        if not self.specs:
            yield Static("This game has no options.", classes="option-none")
        for spec in self.specs:
            with Horizontal(classes="option-row"):
                yield Label(spec.label, classes="option-label")
                yield self._control(spec)
            if spec.description:
                yield Static(spec.description, classes="option-help")

    def _control(self, spec: OptionSpec) -> Checkbox | Select[int] | Input:
        wid = f"option-{spec.name}"
        tooltip = spec.description or spec.label
        if spec.kind == "bool":
            box = Checkbox(
                "yes" if spec.default else "no",
                bool(spec.default),
                id=wid,
                classes="option-control",
                compact=True,
            )
            box.tooltip = tooltip
            return box
        if spec.kind == "choice":
            values = [value for _, value in spec.choices]
            index = values.index(spec.default) if spec.default in values else 0
            select: Select[int] = Select(
                [(label, i) for i, (label, _) in enumerate(spec.choices)],
                value=index,
                allow_blank=False,
                id=wid,
                classes="option-control",
                compact=True,
            )
            select.tooltip = tooltip
            return select
        if spec.kind in ("int", "float"):
            text = "" if spec.default is None else str(spec.default)
            box_input = Input(
                text,
                placeholder="default" if spec.optional else spec.bounds,
                type="integer" if spec.kind == "int" else "number",
                validators=[Number(minimum=spec.minimum, maximum=spec.maximum)],
                id=wid,
                classes="option-control",
                compact=True,
            )
        elif spec.kind == "str":
            text = "" if spec.default is None else str(spec.default)
            box_input = Input(
                text,
                placeholder="default" if spec.optional else "",
                id=wid,
                classes="option-control",
                compact=True,
            )
        else:
            text = "" if spec.default is None and spec.optional else json.dumps(spec.default)
            box_input = Input(
                text,
                placeholder="default" if spec.optional else "JSON",
                id=wid,
                classes="option-control",
                compact=True,
            )
        box_input.tooltip = tooltip
        return box_input

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = "yes" if event.value else "no"

    def values(self) -> dict[str, Any]:
        """The chosen options, ready for ``Game.options``.  Raises SetupError
        when a typed value is not even of the right kind."""
        result: dict[str, Any] = {}
        for spec in self.specs:
            wid = f"#option-{spec.name}"
            if spec.kind == "bool":
                result[spec.name] = self.query_one(wid, Checkbox).value
            elif spec.kind == "choice":
                index = self.query_one(wid, Select).value
                assert isinstance(index, int)
                result[spec.name] = spec.choices[index][1]
            else:
                text = self.query_one(wid, Input).value.strip()
                if not text and spec.optional:
                    result[spec.name] = None
                else:
                    result[spec.name] = self._parse(spec, text)
        return result

    @staticmethod
    def _parse(spec: OptionSpec, text: str) -> Any:
        where = spec.label
        if spec.kind == "int":
            try:
                value: Any = int(text)
            except ValueError:
                bounds = f" ({spec.bounds})" if spec.bounds else ""
                raise SetupError(f"{where}: enter a whole number{bounds}.") from None
            return value
        if spec.kind == "float":
            try:
                return float(text)
            except ValueError:
                raise SetupError(f"{where}: enter a number.") from None
        if spec.kind == "str":
            return text
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            raise SetupError(
                f"{where}: this needs a JSON value, like {json.dumps(spec.default)}."
            ) from None
