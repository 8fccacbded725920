"""Conversion between state dataclasses and plain data (dicts, lists, ints, strings).

Snapshots, saves and network frames hold plain data only; these two functions are the one
place that knows how a dataclass becomes plain and back, driven by its type hints.
"""

from __future__ import annotations

import ast
import dataclasses
import sys
import types
import typing
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, TypeVar, get_args, get_origin

T = TypeVar("T")


def to_plain(value: Any) -> Any:
    kind = type(value)
    if kind in _SCALARS:
        return value
    names = _FIELD_NAMES.get(kind, _UNKNOWN)
    if names is _UNKNOWN:
        names = _FIELD_NAMES[kind] = _field_names(kind)
    if names is not None:
        return {name: to_plain(getattr(value, name)) for name in names}
    if isinstance(value, list | tuple):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    return value


_SCALARS = frozenset({int, str, bool, float, type(None)})
# A dataclass's field names by its type (None: not a dataclass): views and snapshots turn
# thousands of records into plain data a second.
_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}
_UNKNOWN: Any = object()


def _field_names(kind: type) -> tuple[str, ...] | None:
    if dataclasses.is_dataclass(kind) and not issubclass(kind, type):
        return tuple(f.name for f in _plain_fields(kind))
    return None


def _plain_fields(kind: type) -> list[dataclasses.Field[Any]]:
    """A dataclass's fields that plain data holds: all but those marked ``NOT_PLAIN`` (facts
    a state keeps worked out from its other fields, never saved, compared or sent)."""
    return [f for f in dataclasses.fields(kind) if not f.metadata.get(NOT_PLAIN_KEY)]


NOT_PLAIN_KEY = "not_plain"
NOT_PLAIN = {NOT_PLAIN_KEY: True}  # a field's metadata: no part of its dataclass's plain data


@cache
def hints(cls: type) -> dict[str, Any]:
    """A class's annotated types. A class compiled by mypyc (core/native.py) keeps them
    without their arguments (``list[Unit]`` as ``list``), so for one the annotations are
    read again from its module's source, as the interpreter reads them."""
    module = sys.modules[cls.__module__]
    compiled = getattr(module, "__file__", None) or ""
    suffix = next((s for s in EXTENSION_SUFFIXES if compiled.endswith(s)), None)
    if suffix is None:
        return typing.get_type_hints(cls)
    written = _classes_in(compiled.removesuffix(suffix) + ".py")[cls.__name__]
    annotations = {node.target.id: ast.unparse(node.annotation) for node in written.body
                   if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    stand_in = type(cls.__name__, (), {"__annotations__": annotations,
                                       "__module__": cls.__module__})
    return typing.get_type_hints(stand_in, vars(module))


@cache
def _classes_in(source: str) -> dict[str, ast.ClassDef]:
    """The classes a module's source defines, parsed once for all of them (a save's state
    is a dozen classes of one module)."""
    tree = ast.parse(Path(source).read_text())
    return {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}


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
        typed = hints(kind)
        return kind(**{name: from_plain(typed[name], v) for name, v in data.items()})
    return data


def mismatch(kind: Any, data: Any, where: str = "it") -> str:
    """Where plain data made elsewhere (a save's snapshot) is not of the shape ``kind``
    says, as a few words ("" when it is): a dataclass's fields (none unknown, none of
    those without a default missing), lists, tuples, maps, optional values and the plain
    types, by the type hints :func:`from_plain` follows. Anything typed ``Any`` is the
    game's to check."""
    if kind is Any:
        return ""
    origin = get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = get_args(kind)
        if data is None and type(None) in options:
            return ""
        tried = [mismatch(option, data, where) for option in options if option is not type(None)]
        return "" if "" in tried else tried[0]
    if origin is list:
        (item,) = get_args(kind)
        return _items(item, data, where) if type(data) is list else f"{where} is not a list"
    if origin is tuple:
        args = get_args(kind)
        if type(data) is not list:
            return f"{where} is not a list"
        if len(args) == 2 and args[1] is Ellipsis:
            return _items(args[0], data, where)
        if len(data) != len(args):
            return f"{where} does not hold {len(args)} items"
        return next((found for found in (mismatch(a, v, f"{where}[{i}]")
                                         for i, (a, v) in enumerate(zip(args, data, strict=True)))
                     if found), "")
    if origin is dict:
        key, value = get_args(kind)
        if type(data) is not dict:
            return f"{where} is not a map"
        for k, v in data.items():
            found = mismatch(key, k, f"a key of {where}") or \
                mismatch(value, v, f"{where}[{k!r:.20}]")
            if found:
                return found
        return ""
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _fields(kind, data, where)
    if kind is float:
        return "" if type(data) in (int, float) else f"{where} is not a number"
    if kind in (int, str, bool):
        return "" if type(data) is kind else f"{where} is not {kind.__name__}"
    return ""


def _items(kind: Any, data: list[Any], where: str) -> str:
    return next((found for found in (mismatch(kind, item, f"{where}[{i}]")
                                     for i, item in enumerate(data)) if found), "")


def _fields(kind: type, data: Any, where: str) -> str:
    if type(data) is not dict:
        return f"{where} is not a map"
    typed = hints(kind)
    specs = _plain_fields(kind)
    names = {spec.name for spec in specs}
    unknown = [name for name in data if name not in names]
    if unknown:
        return f"{where} has no field {str(unknown[0])[:24]!r}"
    for spec in specs:
        if spec.name not in data:
            if spec.default is dataclasses.MISSING and \
                    spec.default_factory is dataclasses.MISSING:
                return f"{where} has no {spec.name}"
            continue
        found = mismatch(typed[spec.name], data[spec.name], f"{where}.{spec.name}")
        if found:
            return found
    return ""


def load(cls: type[T], data: Any) -> T:
    result: T = from_plain(cls, data)
    return result


def copy_plain(value: Any) -> Any:
    """An independent copy of plain data (dicts, lists, tuples of str, int, bool, None).

    Much faster than ``copy.deepcopy`` or a pickle round trip: plain data has no cycles and
    no objects to rebuild, so nothing needs a memo.
    """
    kind = type(value)
    # A leaf is kept without a call: game states copy thousands of them a second.
    if kind is dict:
        return {k: v if type(v) in _SCALARS else copy_plain(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _SCALARS else copy_plain(v) for v in value]
    if kind is tuple:
        return tuple(copy_plain(v) for v in value)
    return value
