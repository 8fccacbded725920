"""Conversion between state dataclasses and plain data (dicts, lists, ints, strings).

Snapshots, saves and network frames hold plain data only; these two functions are the one
place that knows how a dataclass becomes plain and back, driven by its type hints.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, TypeVar, get_args, get_origin

T = TypeVar("T")


def to_plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(kind: Any, data: Any) -> Any:
    """Rebuild a value of type ``kind`` from plain data made by :func:`to_plain`."""
    if kind is Any or data is None:
        return data
    origin = get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in get_args(kind) if a is not type(None)]
        return from_plain(options[0], data) if len(options) == 1 else data
    if origin is list:
        (item,) = get_args(kind)
        return [from_plain(item, v) for v in data]
    if origin is tuple:
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], v) for v in data)
        return tuple(from_plain(a, v) for a, v in zip(args, data, strict=True))
    if origin is dict:
        key, val = get_args(kind)
        return {from_plain(key, k): from_plain(val, v) for k, v in data.items()}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        return kind(**{name: from_plain(hints[name], v) for name, v in data.items()})
    return data


def load(cls: type[T], data: Any) -> T:
    result: T = from_plain(cls, data)
    return result


def copy_plain(value: Any) -> Any:
    """An independent copy of plain data (dicts, lists, tuples of str, int, bool, None).

    Much faster than ``copy.deepcopy`` or a pickle round trip: plain data has no cycles and
    no objects to rebuild, so nothing needs a memo.
    """
    kind = type(value)
    if kind is dict:
        return {k: copy_plain(v) for k, v in value.items()}
    if kind is list:
        return [copy_plain(v) for v in value]
    if kind is tuple:
        return tuple(copy_plain(v) for v in value)
    return value
