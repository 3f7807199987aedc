"""A form for a game's own options, generated from its ``Options`` pydantic model.

Each field becomes one row: its title or description on the left, and a
control on the right chosen from its type:

- ``bool``: a checkbox that also says "yes"/"no";
- ``Literal[...]``, an ``Enum``, or an ``int`` with a small ``ge``/``le`` range:
  a select;
- a fixed-length tuple of one ``Literal`` ("choose two of these"): a select
  of the sets of that many, in the ``Literal``'s order ("Drow + Dragons"),
  no member twice when the field is marked
  ``json_schema_extra={"distinct": True}``;
- other ``int``, ``float`` and ``str``: an input (integers checked against
  their bounds);
- ``X | None``: the same, with "Default" (``None``) offered first; the form
  shows what the default comes to for the chosen player count ("15 (default
  for 2 players)") when the game's setup says (see :func:`resolved_defaults`),
  or the words of ``json_schema_extra={"none": "At random"}``;
- a seat index (``int``, ``ge=0``, named ``first_player`` or ``..._player`` /
  ``..._seat``, or marked ``json_schema_extra={"seat": True}``): a select of
  the seats' names (and, for ``int | None``, its ``None`` first);
- anything else: an input taking JSON.

A ``str`` field whose values are known only when the program runs (Root's
factions, as they register) is a select when the model offers them: a
classmethod ``option_choices(name)`` giving (label, value) pairs, or None
for a field it does not choose for.

A field that matters only at some table sizes says which
(``json_schema_extra={"players": [3]}``); its row is hidden at the others.
A field a table never sets (``{"setup": False}``) has no row; words
for the command line only (``{"command_line": "a seat index from 0"}``) are
shown by ``games``, not here.

``values()`` turns the controls back into a dict for ``Game.options``, which
validates it and raises :class:`SetupError` with a player's sentence.
"""

from __future__ import annotations

import enum
import itertools
import json
import types
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.validation import Number
from textual.widgets import Checkbox, Input, Label, Select, Static

from boardgames_tui.engine.game import Seat, SetupError

from .state_view import humanize

if TYPE_CHECKING:
    from boardgames_tui.engine.game import Game

#: Integer ranges up to this many values are offered as a select.
MAX_SELECT_RANGE = 30

Kind = Literal["bool", "choice", "seat", "int", "float", "str", "json"]


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
    #: What ``None`` is called, for an optional field.
    none_label: str = "Default"
    #: The player counts at which the option matters (None: all).
    players: tuple[int, ...] | None = None

    def shown(self, value: Any) -> str:
        """``value`` in the words of this option's controls."""
        for label, choice in self.choices:
            if choice == value and choice is not None:
                return label
        if isinstance(value, bool):
            return "Yes" if value else "No"
        if isinstance(value, enum.Enum):
            value = value.value
        return humanize(value) if isinstance(value, str) else str(value)

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


def _extra(info: FieldInfo) -> dict[str, Any]:
    extra = info.json_schema_extra
    return extra if isinstance(extra, dict) else {}


def _sets(annotation: Any, distinct: bool) -> list[tuple[Any, ...]] | None:
    """The values of a fixed-length tuple of one ``Literal``, as sets in the
    ``Literal``'s order (None for any other type, or too many to list)."""
    if get_origin(annotation) is not tuple:
        return None
    args = get_args(annotation)
    if not args or Ellipsis in args or any(a != args[0] for a in args):
        return None
    if get_origin(args[0]) is not Literal:
        return None
    members = get_args(args[0])
    pick = itertools.combinations if distinct else itertools.combinations_with_replacement
    found = list(pick(members, len(args)))
    return found if 0 < len(found) <= MAX_SELECT_RANGE else None


def _same_set(choice: tuple[Any, ...], value: Any) -> bool:
    try:
        return sorted(map(repr, choice)) == sorted(map(repr, value))
    except TypeError:
        return False


def is_seat_index(name: str, info: FieldInfo) -> bool:
    """A field naming a seat by its index: marked ``{"seat": True}`` in its
    ``json_schema_extra``, or an ``int`` from 0 called ``first_player``,
    ``..._player`` or ``..._seat``."""
    extra = _extra(info)
    if "seat" in extra:
        return bool(extra["seat"])
    annotation, _ = _unwrap_optional(info.annotation)
    if annotation is not int or not name.endswith(("_player", "_seat")):
        return False
    low, _ = _bounds(info, integer=True)
    return low == 0


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
    marks = _extra(info)
    if optional and isinstance(marks.get("none"), str):
        spec.none_label = marks["none"]
    if isinstance(marks.get("players"), (list, tuple)):
        spec.players = tuple(int(n) for n in marks["players"])
    sets = _sets(annotation, bool(marks.get("distinct")))

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
    elif sets is not None:
        spec.kind = "choice"
        spec.choices = [
            (" + ".join(humanize(str(v)) if isinstance(v, str) else str(v) for v in c), c)
            for c in sets
        ]
        # "drow, dragons" and "dragons, drow" are the same two
        spec.default = next((c for c in sets if _same_set(c, default)), default)
    elif isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        spec.kind = "choice"
        spec.choices = [(humanize(str(m.value)), m.value) for m in annotation]
        if isinstance(default, enum.Enum):
            spec.default = default.value
    elif annotation is int and is_seat_index(name, info):
        spec.kind = "seat"
        spec.minimum, spec.maximum = _bounds(info, integer=True)
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
        spec.choices.insert(0, (spec.none_label, None))
    return spec


def option_specs(model: type[BaseModel]) -> list[OptionSpec]:
    """The form's rows: every field but those a table never sets
    (``json_schema_extra={"setup": False}``: Root's turn limit, for
    simulations; Tyrants' rules version, for older saves), which keep their
    defaults; a ``str`` field the model offers the choices of
    (``option_choices``) is a select of them."""
    offered = getattr(model, "option_choices", None)
    specs = []
    for name, info in model.model_fields.items():
        if not _extra(info).get("setup", True):
            continue
        spec = option_spec(name, info)
        choices = offered(name) if callable(offered) else None
        if spec.kind == "str" and choices is not None:
            spec.kind = "choice"
            spec.choices = [(str(label), value) for label, value in choices]
            if spec.optional:
                spec.choices.insert(0, (spec.none_label, None))
        specs.append(spec)
    return specs


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
    /* Room for "15 (default for 2 players)". */
    OptionsForm .option-control {
        width: 32;
    }
    OptionsForm .option-none {
        color: $text-muted;
        text-style: italic;
    }
    """

    def __init__(
        self,
        model: type[BaseModel],
        *,
        seats: Sequence[str] = (),
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.model = model
        self.specs = option_specs(model)
        #: The seats' names, for options that name a seat.
        self.seats: list[str] = list(seats)
        #: What each "Default" comes to, and for how many players.
        self.defaults: dict[str, Any] = {}
        self.players: int | None = None

    def compose(self) -> ComposeResult:
        if not self.specs:
            yield Static("This game has no options.", classes="option-none", markup=False)
        for spec in self.specs:
            with Horizontal(classes="option-row", id=f"option-row-{spec.name}"):
                yield Label(spec.label, classes="option-label", markup=False)
                yield self._control(spec)
            if spec.description:
                yield Static(
                    spec.description,
                    classes="option-help",
                    id=f"option-help-{spec.name}",
                    markup=False,
                )

    # ------------------------------------------------------ what the table says
    def _seat_choices(self, spec: OptionSpec) -> list[tuple[Text, int | None]]:
        """The seats an option naming a seat may name (within its bounds),
        by the names typed (as text: a select reads a string as markup);
        an optional one's ``None`` first."""
        names = self.seats or [f"Seat {n + 1}" for n in range(int(spec.maximum or 0) + 1)]
        high = len(names) - 1 if spec.maximum is None else min(len(names) - 1, int(spec.maximum))
        low = int(spec.minimum or 0)
        seats: list[tuple[Text, int | None]] = [
            (Text(names[i] or f"Seat {i + 1}"), i) for i in range(low, high + 1)
        ]
        if spec.optional:
            seats.insert(0, (Text(spec.none_label), None))
        return seats

    def _choice_labels(self, spec: OptionSpec) -> list[tuple[Text, int]]:
        """A select's (label, index) pairs, "Default" saying what it comes to
        (as text, as the seats' names are)."""
        labels = []
        for index, (label, value) in enumerate(spec.choices):
            if value is None and spec.optional:
                label = self._default_label(spec) or label
            labels.append((Text(label), index))
        return labels

    def _default_label(self, spec: OptionSpec) -> str | None:
        if spec.name not in self.defaults or self.players is None:
            return None
        count = self.players
        players = "player" if count == 1 else "players"
        return f"{spec.shown(self.defaults[spec.name])} (default for {count} {players})"

    def show_table(self, seats: Sequence[str], defaults: dict[str, Any] | None = None) -> None:
        """The seats' names (for options naming a seat) and what each
        "Default" comes to with that many players."""
        self.seats = list(seats)
        self.players = len(self.seats)
        if defaults is not None:
            self.defaults = dict(defaults)
        for spec in self.specs:
            wid = f"#option-{spec.name}"
            if spec.players is not None:
                shown = self.players in spec.players
                for part in self.query(f"#option-row-{spec.name}, #option-help-{spec.name}"):
                    part.display = shown
            if spec.kind == "seat":
                select = self.query_one(wid, Select)
                choices = self._seat_choices(spec)
                values = [value for _, value in choices]
                current = select.value if select.value in values else values[0] if values else None
                with select.prevent(Select.Changed):
                    select.set_options(choices)
                    if current is not None:
                        select.value = current
                    # The shown label follows only a change of value.
                    select.mutate_reactive(Select.value)  # type: ignore[misc]
            elif spec.kind == "choice" and spec.optional:
                select = self.query_one(wid, Select)
                current = select.value
                with select.prevent(Select.Changed):
                    select.set_options(self._choice_labels(spec))
                    select.value = current
                    select.mutate_reactive(Select.value)  # type: ignore[misc]
            elif spec.kind in ("int", "float", "str", "json") and spec.optional:
                self.query_one(wid, Input).placeholder = self._default_label(spec) or "default"

    def _control(self, spec: OptionSpec) -> Checkbox | Select[int] | Select[int | None] | Input:
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
        if spec.kind == "seat":
            choices = self._seat_choices(spec)
            values = [value for _, value in choices]
            seat: Select[int | None] = Select(
                choices,
                value=spec.default if spec.default in values else values[0],
                allow_blank=False,
                id=wid,
                classes="option-control",
                compact=True,
            )
            seat.tooltip = tooltip
            return seat
        if spec.kind == "choice":
            values = [value for _, value in spec.choices]
            index = values.index(spec.default) if spec.default in values else 0
            select: Select[int] = Select(
                self._choice_labels(spec),
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
                placeholder=(self._default_label(spec) or "default")
                if spec.optional
                else spec.bounds,
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
            elif spec.kind == "seat":
                result[spec.name] = self.query_one(wid, Select).value
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


def resolved_defaults(game: Game[Any, Any], players: int) -> dict[str, Any]:
    """What each option left at its ``None`` default comes to with
    ``players`` players, for the form to say so.

    Games settle such an option in ``setup`` and keep the result in a state
    field of the same name (Underwing's ``rounds``: 15 for two players), so
    a game set up with the default options tells.  An option the state does
    not name is left out (the form says "Default")."""
    return dict(_resolved(game, players))


@cache
def _resolved(game: Game[Any, Any], players: int) -> tuple[tuple[str, Any], ...]:
    optional = [name for name, info in game.Options.model_fields.items() if info.default is None]
    if not optional:
        return ()
    seats = [Seat(name=f"Player {n + 1}") for n in range(players)]
    try:
        state = game.setup(seats, game.options(None), 0)
    except Exception:  # a count the game refuses, or a game being written
        return ()
    found = []
    for name in optional:
        value = getattr(state, name, None)
        if value is not None:
            found.append((name, value))
    return tuple(found)
