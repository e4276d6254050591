"""A player's view of a game as JSON and back (docs/design.md#playing-at-a-table): what the class
service sends a phone at a table is the engine's own view (`Game.view`), written as plain JSON
by its dataclass's fields, and read back into the same view on the page, so that a page draws
it with the game's own widgets and never holds more than its player may see.

One rule for every game's view, by the types its fields declare: a dataclass is an object of
its fields, an enum its value, a tuple, a list or a set a list (a set sorted), a mapping an
object when its keys are text, else a list of [key, value] pairs (Unikat's board, by cell)."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from enum import Enum
from importlib import import_module
from typing import Any

VIEWS = {  # each table game's view, by package name: module and class
    "lama": ("mathcards.lama.view", "LamaView"),
    "lama_dice": ("mathcards.lama_dice.moves", "LamaDiceView"),
    "unikat": ("mathcards.unikat.view", "UnikatView"),
}


def view_json(value: Any) -> Any:
    """A view (or any part of one) as JSON: objects, lists, text, numbers, true, false, null."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return {field.name: view_json(getattr(value, field.name)) for field in fields}
    if isinstance(value, Enum):
        return view_json(value.value)
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, Mapping):
        if all(isinstance(key, str) for key in value):
            return {key: view_json(item) for key, item in value.items()}
        return [[view_json(key), view_json(item)] for key, item in value.items()]
    if isinstance(value, set | frozenset):
        return sorted(view_json(item) for item in value)
    if isinstance(value, tuple | list):
        return [view_json(item) for item in value]
    raise ValueError(f"a view holds no {type(value).__name__}")


def view_of(game: str, sent: object) -> Any:
    """The view of `game` (a package name) that `view_json` wrote, else a ValueError."""
    if game not in VIEWS:
        raise ValueError(f"no view of {game!r}")
    module, name = VIEWS[game]
    # each game's view, loaded when first asked for, as its replay is: the other games' rules wait
    return revived(getattr(import_module(module), name), sent)


def revived(kind: Any, sent: Any) -> Any:
    """`sent` (JSON) read back as the type `kind` declares."""
    origin, arguments = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        if sent is None and type(None) in arguments:
            return None
        return revived(next(a for a in arguments if a is not type(None)), sent)
    if kind is Any:
        return sent
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        fields = {field.name for field in dataclasses.fields(kind) if field.init}
        return kind(**{name: revived(hints[name], sent[name]) for name in fields if name in sent})
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(sent)
    if isinstance(kind, type) and issubclass(kind, tuple) and hasattr(kind, "_fields"):
        hints = typing.get_type_hints(kind)
        parts = zip(kind._fields, sent, strict=True)
        return kind(*(revived(hints[name], item) for name, item in parts))
    if origin is tuple:
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            return tuple(revived(arguments[0], item) for item in sent)
        return tuple(revived(part, item) for part, item in zip(arguments, sent, strict=True))
    if origin in (frozenset, set):
        return origin(revived(arguments[0], item) for item in sent)
    if origin is list:
        return [revived(arguments[0], item) for item in sent]
    if origin in (dict, Mapping, typing.Mapping):
        key, item = arguments
        pairs = sent.items() if isinstance(sent, dict) else sent
        return {revived(key, k): revived(item, v) for k, v in pairs}
    if kind in (int, float, str, bool):
        if not isinstance(sent, kind):
            raise ValueError(f"{sent!r} is not a {kind.__name__}")
        return sent
    raise ValueError(f"a view holds no {kind!r}")
