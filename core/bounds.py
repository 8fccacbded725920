"""What a game's data can hold, and the checks that keep data from elsewhere within it.

A frame from another program (a host), a save file and what a replay draws are all plain
data that this program did not make. Its words and panes draw what they are given: a
sector a million hexes from the centre once made a guest draw a map of gigabytes. So each
game declares its :class:`Bounds` (core.declaration.Declaration.bounds): how far its map
reaches, and the largest numbers, lists, strings and nesting its views hold, with the
longest decision log it can make; and the kernel checks frames, saved games and snapshots
against them before anything draws them (:func:`check_frame`).

:func:`unpack` is msgpack decoding with a budget, for saves and payloads alike: besides
msgpack's own limits on one string or list, it counts every list and map it builds, so
that what a few bytes can make it allocate (an empty map is one byte of msgpack and some
sixty of Python) stays in proportion; and it refuses nesting deeper than asked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NoReturn

from core.net.text import screen_text


class OutOfBounds(ValueError):
    """Data beyond what the game can produce: the message is one line naming where."""


@dataclass(frozen=True, slots=True)
class Bounds:
    """The most a game's views, prompts and events hold, and its longest game.

    Each is what the game can produce with room to spare, so that no real game comes near
    them, and small enough that drawing anything within them is quick and cheap.
    """

    coordinates: tuple[str, ...] = ()  # keys whose integers (at any depth) place a spot on the map
    extent: int = 0  # the largest magnitude of those coordinates
    number: int = 100_000  # the largest magnitude of any other number
    items: int = 512  # entries of one list or map (a frame's list of events is the frame's)
    text: int = 200  # characters of one string, map keys included
    depth: int = 16  # lists and maps within each other
    decisions: int = 20_000  # the longest decision log a game of it can make


def _where(path: tuple[Any, ...]) -> str:
    """``sectors[3].q`` for the path ``("sectors", 3, "q")``."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else f".{step}" if text else str(step)
    return text


def _path(link: tuple[Any, ...] | None) -> tuple[Any, ...]:
    steps: list[Any] = []
    while link is not None:
        link, step = link
        steps.append(step)
    return tuple(reversed(steps))


def check_tree(value: Any, bounds: Bounds, what: str) -> None:
    """Raise :class:`OutOfBounds` if any part of ``value`` (plain data) exceeds ``bounds``.

    Walked without recursion, so that no nesting can exhaust the stack before it is
    refused. ``what`` names the value in the message ("the view").
    """
    coordinates = frozenset(bounds.coordinates)
    # (value, depth, key of the nearest map above it, path as a linked list)
    stack: list[tuple[Any, int, Any, tuple[Any, ...] | None]] = [(value, 1, None, None)]

    def refuse(link: tuple[Any, ...] | None, reason: str) -> NoReturn:
        where = _where(_path(link))
        raise OutOfBounds(f"{what}'s {where} {reason}"[:300] if where else
                          f"{what} {reason}"[:300])

    while stack:
        item, depth, key, link = stack.pop()
        kind = type(item)
        if kind is dict or kind is list:
            if depth > bounds.depth:
                refuse(link, f"is nested deeper than {bounds.depth}")
            if len(item) > bounds.items:
                refuse(link, f"holds {len(item)} entries, more than {bounds.items}")
            # Pushed last first, so that the first excess in reading order is the one named.
            if kind is dict:
                for name, inner in reversed(item.items()):
                    if type(name) is str and len(name) > bounds.text:
                        refuse(link, f"has a key of {len(name)} characters")
                    stack.append((inner, depth + 1, name, (link, name)))
            else:
                for index in range(len(item) - 1, -1, -1):
                    stack.append((item[index], depth + 1, key, (link, index)))
        elif kind is int:
            limit = bounds.extent if key in coordinates else bounds.number
            if not -limit <= item <= limit:
                refuse(link, f"is {_short(item)}, beyond {limit}")
        elif kind is float:
            if not math.isfinite(item) or abs(item) > bounds.number:
                refuse(link, f"is {_short(item)}, beyond {bounds.number}")
        elif kind is str:
            if len(item) > bounds.text:
                refuse(link, f"is a text of {len(item)} characters, more than {bounds.text}")
            if not item.isprintable() and screen_text(item) != item:
                refuse(link, "holds a control character")
        elif item is not None and kind is not bool:
            refuse(link, f"is a {kind.__name__}, which plain data never holds")


def _short(number: float) -> str:
    text = str(number)
    return text if len(text) <= 24 else f"{text[:12]}...({len(text)} digits)"


def check_frame(bounds: Bounds, frame: dict[str, Any]) -> None:
    """Raise :class:`OutOfBounds` (one line) unless a frame's view, decision and events are
    within the game's bounds and its decision offers at least one option.

    The frame's own numbers (``seq``, ``first``, each event's ``seq``) count events, not
    things on the board, and are the frame check's (core/net/payloads.py).
    """
    check_tree(frame["view"], bounds, "the view")
    prompt = frame.get("prompt")
    if prompt is not None:
        check_tree(prompt, bounds, "the decision")
        if not prompt.get("options"):
            raise OutOfBounds("the decision offers no option")
    for event in frame["events"]:
        check_tree({k: v for k, v in event.items() if k != "seq"}, bounds, "an event")


# --- bounded msgpack ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unpacking:
    """The limits of one msgpack decoding."""

    max_str: int  # characters (bytes) of one string
    max_items: int  # entries of one list or map
    budget: int  # lists and maps built, plus their entries, in all
    depth: int  # nesting of lists and maps
    strict_keys: bool = True  # map keys are strings (a save's snapshot has integer keys too)
    max_bin: int = 0  # bytes of one binary value (none by default)


def _refuse_ext(code: int, data: bytes) -> NoReturn:
    raise ValueError(f"extension type {code} refused")


def unpack(data: bytes, limits: Unpacking) -> Any:
    """The one msgpack value in ``data``, decoded within ``limits``; ValueError (one line)
    for anything else, msgpack's own errors included."""
    import msgpack  # here: a game's declaration imports this module, and stays light

    left = [limits.budget]

    def counted(container: Any) -> Any:
        left[0] -= 1 + len(container)
        if left[0] < 0:
            raise ValueError(f"more than {limits.budget} lists, maps and entries")
        return container

    try:
        value = msgpack.unpackb(
            data, raw=False, use_list=True, strict_map_key=limits.strict_keys,
            max_str_len=limits.max_str, max_bin_len=limits.max_bin,
            max_array_len=limits.max_items, max_map_len=limits.max_items, max_ext_len=0,
            ext_hook=_refuse_ext, list_hook=counted, object_hook=counted)
    except (ValueError, TypeError, msgpack.UnpackException) as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        raise ValueError(f"undecodable msgpack: {reason[:160]}") from None
    check_depth(value, limits.depth)
    return value


def check_depth(value: Any, depth: int) -> None:
    """ValueError if lists and maps nest deeper than ``depth`` in ``value``."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if type(item) is dict:
            inner: Any = item.values()
        elif type(item) is list:
            inner = item
        else:
            continue
        if level > depth:
            raise ValueError(f"lists and maps nested deeper than {depth}")
        stack.extend((x, level + 1) for x in inner if type(x) is dict or type(x) is list)

