"""Plain data for the hot path: how game states and actions are declared,
copied, and turned into JSON and back.

A game state is a tree of slotted dataclasses (:func:`state_data`); an action is
a frozen slotted dataclass (:func:`action_data`).  Both are as cheap to build,
read, write and compare as Python objects get.  Pydantic stays at the
boundary: :func:`to_json` and :func:`from_json` dump and validate them through a
cached ``TypeAdapter`` (a save file, an action typed by hand), so what enters
the program is still checked field by field.

:func:`clone` copies a state.  It compiles, once per class, a function that
copies exactly what can change: lists, dicts and nested mutable dataclasses are
copied, while numbers, strings, tuples, frozen dataclasses (actions, card
effects) and frozen pydantic models are shared.  A field declared with
``field(metadata={"clone": False})`` is not copied but built again from its
default (the setup's opening events: a copy never carries the log).

:func:`shallow` makes a new object whose fields hold the very same values,
for code that replaces, before it changes anything, every part it is going
to change (a bot's look one action ahead).
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeVar, dataclass_transform, get_args, get_origin

from pydantic import BaseModel, TypeAdapter

T = TypeVar("T")

#: Field metadata that keeps a field out of copies (it gets its default).
NO_CLONE = {"clone": False}


@dataclass_transform(kw_only_default=True)
def state_data(cls: type[T]) -> type[T]:
    """Declare a (part of a) game state: a mutable, slotted, keyword-only dataclass."""
    return dataclasses.dataclass(slots=True, kw_only=True)(cls)


@dataclass_transform(kw_only_default=True, frozen_default=True)
def action_data(cls: type[T]) -> type[T]:
    """Declare an action (or any small value): a frozen, slotted, keyword-only
    dataclass, hashable and compared field by field."""
    return dataclasses.dataclass(frozen=True, slots=True, kw_only=True)(cls)


# ------------------------------------------------------------------- JSON
_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def adapter(tp: Any) -> TypeAdapter[Any]:
    """The cached pydantic ``TypeAdapter`` for a type (a class or an annotated union)."""
    found = _ADAPTERS.get(tp)
    if found is None:
        found = _ADAPTERS[tp] = TypeAdapter(tp)
    return found


def to_json(value: Any, tp: Any = None) -> Any:
    """``value`` as JSON-ready Python data (dicts, lists, strings, numbers)."""
    return adapter(type(value) if tp is None else tp).dump_python(value, mode="json")


def from_json(tp: Any, data: Any) -> Any:
    """Validate JSON-ready data into ``tp``; raises ``pydantic.ValidationError``."""
    return adapter(tp).validate_python(data)


# ------------------------------------------------------------------ clone
_CLONERS: dict[type, Callable[[Any], Any]] = {}
#: Classes whose copy function is being built (for types that contain themselves).
_COMPILING: set[type] = set()
_IMMUTABLE_ATOMS = (int, float, str, bool, bytes, type(None), frozenset, range)


def clone(value: T) -> T:
    """An independent, equal copy of a state (or any part of one)."""
    cls = type(value)
    cloner = _CLONERS.get(cls)
    if cloner is None:
        cloner = _compile(cls)
    result: T = cloner(value)
    return result


def _is_frozen(cls: type) -> bool:
    if dataclasses.is_dataclass(cls):
        return bool(cls.__dataclass_params__.frozen)  # type: ignore[attr-defined]
    if isinstance(cls, type) and issubclass(cls, BaseModel):
        return bool(cls.model_config.get("frozen"))
    return False


def _immutable(tp: Any) -> bool:
    """True when values of type ``tp`` never change in place, so copies may share them."""
    if tp is Any:
        return False
    origin = get_origin(tp)
    if origin is Literal:
        return True
    if origin is typing.Annotated:
        return _immutable(get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        return all(_immutable(arg) for arg in get_args(tp))
    if origin is tuple:
        return all(_immutable(arg) for arg in get_args(tp) if arg is not Ellipsis)
    if origin is frozenset:
        return True
    if origin is not None:
        return False
    if isinstance(tp, type):
        if issubclass(tp, _IMMUTABLE_ATOMS) or issubclass(tp, enum.Enum):
            return True
        return _is_frozen(tp)
    return False


class _Compiler:
    """Builds the source of one class's copy function, with helpers for its fields."""

    def __init__(self, cls: type) -> None:
        self.cls = cls
        self.env: dict[str, Any] = {
            "_clone": clone,
            "_deepcopy": copy.deepcopy,
            "_new": object.__new__,
        }
        #: Source of the helper functions the copy function calls.
        self.helpers: list[str] = []

    def name(self, obj: Any) -> str:
        key = f"_n{len(self.env)}"
        self.env[key] = obj
        return key

    def expr(self, tp: Any, src: str) -> str:
        """An expression copying ``src`` (a simple name or attribute) of type ``tp``."""
        if _immutable(tp):
            return src
        origin = get_origin(tp)
        args = get_args(tp)
        if origin is typing.Annotated:
            return self.expr(args[0], src)
        if origin is list:
            (item,) = args or (Any,)
            if _immutable(item):
                return f"{src}[:]"
            flat = _flat_fields(item)
            if flat is not None:
                return f"{self.flat_list(item, flat)}({src})"
            return f"[{self.expr(item, '_x')} for _x in {src}]"
        if origin is dict:
            _key, val = args or (Any, Any)
            if _immutable(val):
                return f"{src}.copy()"
            return f"{{_k: {self.expr(val, '_v')} for _k, _v in {src}.items()}}"
        if origin is set:
            (item,) = args or (Any,)
            if _immutable(item):
                return f"{src}.copy()"
        if origin in (typing.Union, types.UnionType):
            return f"_clone({src})"
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            if tp in _COMPILING:  # a type that contains itself: dispatch at run time
                return f"_clone({src})"
            cloner = _CLONERS.get(tp) or _compile(tp)
            # The declared class's own copy function, called directly; a value
            # of another class (a subclass) still finds its own.
            return (
                f"({self.name(cloner)}({src}) if {src}.__class__ is {self.name(tp)} "
                f"else _clone({src}))"
            )
        return f"_deepcopy({src})"

    def flat_list(self, item: type, fields: list[str]) -> str:
        """The name of a helper copying a list of ``item`` (a dataclass whose
        fields all hold values, :func:`_flat_fields`) with each copy made
        inline: no call per item, the hot case of a list of small parts (the
        slots of a board)."""
        helper = f"_l{len(self.helpers)}"
        cls = self.name(item)
        body = [
            f"def {helper}(_s):",
            "    _r = []",
            "    _a = _r.append",
            "    for _x in _s:",
            f"        if _x.__class__ is {cls}:",
            f"            _y = _new({cls})",
            *(f"            _y.{f} = _x.{f}" for f in fields),
            "            _a(_y)",
            "        else:",
            "            _a(_clone(_x))",
            "    return _r",
        ]
        self.helpers.append("\n".join(body) + "\n")
        return helper

    def source(self) -> str:
        cls = self.cls
        hints = typing.get_type_hints(cls, include_extras=True)
        body = [f"    _n = _new({self.name(cls)})"]
        for f in dataclasses.fields(cls):
            if f.metadata.get("clone", True):
                value = self.expr(hints[f.name], f"_o.{f.name}")
            elif f.default_factory is not dataclasses.MISSING:
                value = f"{self.name(f.default_factory)}()"
            else:
                value = self.name(f.default)
            body.append(f"    _n.{f.name} = {value}")
        body.append("    return _n")
        self.env["_new"] = object.__new__
        return "".join(self.helpers) + "def _copy(_o):\n" + "\n".join(body) + "\n"


def _flat_fields(tp: Any) -> list[str] | None:
    """The field names of ``tp`` when it is a mutable slotted dataclass whose
    every field holds a value that copies may share (numbers, strings,
    tuples ...) and is copied; None otherwise.  Such a part is copied by
    setting its fields on a new object, which can be done inline."""
    if not (isinstance(tp, type) and dataclasses.is_dataclass(tp)) or _is_frozen(tp):
        return None
    if "__slots__" not in tp.__dict__ or tp in _COMPILING:
        return None
    hints = typing.get_type_hints(tp, include_extras=True)
    names: list[str] = []
    for f in dataclasses.fields(tp):
        if not f.metadata.get("clone", True) or not _immutable(hints[f.name]):
            return None
        names.append(f.name)
    return names


def _compile(cls: type) -> Callable[[Any], Any]:
    if not dataclasses.is_dataclass(cls) or _is_frozen(cls):
        if _immutable(cls):
            cloner: Callable[[Any], Any] = _identity
        elif isinstance(cls, type) and issubclass(cls, BaseModel):
            cloner = _copy_model
        else:
            cloner = copy.deepcopy
        _CLONERS[cls] = cloner
        return cloner
    compiler = _Compiler(cls)
    _COMPILING.add(cls)
    try:
        source = compiler.source()
    finally:
        _COMPILING.discard(cls)
    exec(source, compiler.env)  # noqa: S102 - generated from the class's own fields
    cloner = compiler.env["_copy"]
    _CLONERS[cls] = cloner
    return cloner


# ---------------------------------------------------------------- shallow
_SHALLOW: dict[type, Callable[[Any], Any]] = {}


def shallow(value: T) -> T:
    """A new object of ``value``'s class (a state dataclass) whose fields hold
    the same objects as ``value``'s: nothing is copied, so a list or a part
    changed through the copy changes in ``value`` too.  A field kept out of
    copies (``NO_CLONE``) gets its default, as in :func:`clone`."""
    cls = type(value)
    copier = _SHALLOW.get(cls)
    if copier is None:
        copier = _SHALLOW[cls] = _compile_shallow(cls)
    result: T = copier(value)
    return result


def _compile_shallow(cls: type) -> Callable[[Any], Any]:
    if not dataclasses.is_dataclass(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"shallow() copies slotted dataclasses, not {cls.__name__}")
    if _is_frozen(cls):  # a value: the object itself will do
        return _identity
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body = ["def _shallow(_o):", "    _n = _new(_cls)"]
    for index, f in enumerate(dataclasses.fields(cls)):
        if f.metadata.get("clone", True):
            body.append(f"    _n.{f.name} = _o.{f.name}")
        else:
            key = f"_d{index}"
            if f.default_factory is not dataclasses.MISSING:
                env[key] = f.default_factory
                body.append(f"    _n.{f.name} = {key}()")
            else:
                env[key] = f.default
                body.append(f"    _n.{f.name} = {key}")
    body.append("    return _n")
    exec("\n".join(body) + "\n", env)  # noqa: S102 - generated from the class's own fields
    copier: Callable[[Any], Any] = env["_shallow"]
    return copier


def _identity(value: Any) -> Any:
    return value


def _copy_model(value: BaseModel) -> BaseModel:
    return value.model_copy(deep=True)
