"""Reading a ruleset's content: TOML tables in, frozen records out, one-line errors.

A ruleset describes each kind of record as a frozen dataclass whose fields are ints, strings,
bools and tuples of them (nested tuples too). :func:`record` builds one from a TOML table,
checking every field against its declared type, filling defaults the dataclass gives and
refusing unknown or missing keys; :func:`records` does a list of tables and checks ids are
unique. Whatever a ruleset checks beyond types (counts, cross references) it states with
:func:`require`. Every problem raises :class:`ContentError` naming the file and the record.
"""

from __future__ import annotations

import dataclasses
import tomllib
import types
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar, get_args, get_origin

T = TypeVar("T")


class ContentError(ValueError):
    """Content that breaks a rule of the data: one line naming the file and the record."""


def read_toml(directory: Path, name: str) -> dict[str, Any]:
    try:
        with (directory / name).open("rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ContentError(f"{name}: {error}") from None


def require(condition: bool, message: str) -> None:
    if not condition:
        raise ContentError(message)


def _convert(kind: Any, value: Any, where: str) -> Any:
    origin = get_origin(kind)
    if kind is bool:
        require(isinstance(value, bool), f"{where}: expected true or false")
        return value
    if kind is int:
        require(isinstance(value, int) and not isinstance(value, bool),
                f"{where}: expected a whole number")
        return value
    if kind is str:
        require(isinstance(value, str), f"{where}: expected a string")
        return value
    if origin is tuple:
        require(isinstance(value, list), f"{where}: expected a list")
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        require(len(value) == len(args), f"{where}: expected {len(args)} items")
        return tuple(_convert(a, v, f"{where}[{i}]")
                     for i, (a, v) in enumerate(zip(args, value, strict=True)))
    if origin in (typing.Union, types.UnionType):
        raise ContentError(f"{where}: optional fields are not supported; give a default")
    raise ContentError(f"{where}: no reader for {kind!r}")


def record(cls: type[T], raw: Any, where: str, built: Mapping[str, Any] | None = None) -> T:
    """One record of ``cls`` (a dataclass) from a TOML table. ``built`` holds the fields
    the caller read itself (nested parts no type here can read), taken as they are."""
    require(isinstance(raw, dict), f"{where}: expected a table")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(raw) - set(fields))
    require(not unknown, f"{where}: unknown fields {unknown}")
    values: dict[str, Any] = dict(built or {})
    for name, spec in fields.items():
        if name in values:
            continue
        if name in raw:
            values[name] = _convert(hints[name], raw[name], f"{where}: {name}")
        else:
            has_default = (spec.default is not dataclasses.MISSING
                           or spec.default_factory is not dataclasses.MISSING)
            require(has_default, f"{where}: missing field {name!r}")
    return cls(**values)


def records(cls: type[T], raw: Any, where: str) -> list[T]:
    """A list of records from an array of tables; an ``id`` field must be unique."""
    require(isinstance(raw, list), f"{where}: expected an array of tables")
    out: list[T] = []
    seen: set[Any] = set()
    for i, row in enumerate(raw):
        label = row.get("id", i) if isinstance(row, dict) else i
        item = record(cls, row, f"{where} {label!r}")
        key = getattr(item, "id", None)
        if key is not None:
            require(key not in seen, f"{where} {key!r}: listed twice")
            seen.add(key)
        out.append(item)
    return out


def one_of(value: str, allowed: Iterable[str], where: str) -> None:
    options = tuple(allowed)
    require(value in options, f"{where}: {value!r} is not one of {', '.join(options)}")
