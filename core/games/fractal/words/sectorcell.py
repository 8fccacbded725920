"""What a sector's cell on the map says, at every size a cell is drawn.

A cell holds, most needed first: the sector's number, every army in it (each owner's units
after the owner's mark: "●4i1m1l", or "●6" when only the count has room), its kind and
event marks, its colony spaces, the links that are not borders ("↔12": a wormhole or the
Fracture), its medals and the tile's name. The richest arrangement that fits the cell wins:
the name gives way first (on the lines the rest leaves it, whole, then cut short on the
last of them, then left out), then the medals, then the units' kinds, then the links'
numbers (a bare link mark after the sector's number stays), then the colonies; the number
and every army always stay, so a contested sector shows
each of its owners at any size a map picks (``fits`` says when even that cannot be).

A cell is lines of ``core.celltext`` pieces: runs of text that know whose they are, so a
screen colours each owner's marks and figures, and ``fractal show`` joins them as plain
text. A piece's ``part`` is one of "number", "name", "marks", "colony", "medals", "links"
and "army"; its ``seat`` is -1 for the Fracture's neutral units.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.celltext import Line, Piece, Word, cut, flow, named, width
from core.games.fractal.words import cards, mapgrid
from core.games.fractal.words import facts as f
from core.games.fractal.words.names import Symbols, View, content, owner_symbol, seen, symbols

KIND_LETTERS = {"utopian": "U", "starting": "S", "non_habitable": "N", "productive": "P",
                "mystery": "M", "biodiverse": "B", "arid": "A", "fracture": "F"}
# One character for a sector's event: face down, or face up by kind.
EVENT_MARKS = {"face_down": "?", "obstacle": "!", "anomaly": "!", "living_galaxy": "~",
               "wormhole": "=", "singularity": "^"}
MIN_NAME = 6  # letters of a name worth showing cut short; fewer and the name is left out


def event_mark(view: View, sector: dict[str, Any], sym: Symbols | None = None) -> str:
    kind = sector["event_kind"]
    if not kind:
        return ""
    if not sector["event_face_up"]:
        looked = sym is not None and seen(view, f"event:{sector['id']}")
        return sym.seen if looked and sym is not None else EVENT_MARKS["face_down"]
    if kind == "living_galaxy" and sector["event"] and (
            "wormhole" in cards.card("living_galaxy", sector["event"]).facts["effects"]):
        return EVENT_MARKS["wormhole"]
    return EVENT_MARKS[kind]


def link_mark(view: View, sector: dict[str, Any], sym: Symbols) -> str:
    """The Fracture's links: an ingress token on the map, an egress on its own sectors."""
    if sector["id"] in view["fracture"]["ingress"]:
        return sym.ingress
    if sector["kind"] == "fracture" and content().sectors[sector["tile"]].egress:
        return sym.egress
    return ""


def army(view: View, sector: int, seat: int, ascii: bool, detailed: bool) -> str:
    """One player's units in a sector: "●3", or "●2i1l" with their kinds (seat -1: the
    Fracture's neutral units)."""
    return _army(view, seat, f.kinds(f.units_at(view, sector, seat)), ascii, detailed)


def _army(view: View, seat: int, kinds: dict[str, int], ascii: bool, detailed: bool) -> str:
    mark = owner_symbol(view, seat, ascii) if seat >= 0 else symbols(ascii).neutral
    if not detailed:
        return f"{mark}{sum(kinds.values())}"
    return mark + "".join(f"{n}{symbols(ascii).units[kind]}" for kind, n in kinds.items())


@dataclass(frozen=True, slots=True)
class _Facts:
    """Everything a cell may say, as words."""

    number: Word
    marked_number: Word  # the number with a bare link mark after it, if the sector has links
    links: tuple[Word, ...]  # the link mark with the linked sectors' numbers, if any
    name: str  # the tile's name ("" for an unlaid tile)
    info: tuple[Word, ...]  # marks, colonies, medals, and the links with their numbers
    unmedalled: tuple[Word, ...]  # the same without the medals
    short_info: tuple[Word, ...]  # marks, colonies, medals (the links go by the number)
    least_info: tuple[Word, ...]  # the marks only
    detailed: tuple[Word, ...]  # each army with its kinds
    counts: tuple[Word, ...]  # each army as a count


def _facts(view: View, sector: int, ascii: bool, linked: Sequence[int]) -> _Facts:
    sym = symbols(ascii)
    s = f.sector(view, sector)
    controller = s["controller"] if s["controller"] >= 0 else None
    tile = s["tile"]
    name = content().sectors[tile].name if tile else ""
    event, link = event_mark(view, s, sym), link_mark(view, s, sym)
    marks = (Piece(f"{KIND_LETTERS.get(s['kind'], '?')}{event}{link}", "marks"),)
    colonies = tuple(Piece(owner_symbol(view, sp["owner"], ascii), "colony", sp["owner"])
                     if sp["owner"] >= 0 else Piece(sym.none, "colony")
                     for sp in s["spaces"])
    medals = (sym.medal if s["battle_medal"] else "") + (
        sym.blockade if s["blockade_medal"] else "")
    spaces: list[Word] = [colonies] if colonies else []
    extras = [*spaces, (Piece(medals, "medals"),)] if medals else spaces
    number = (Piece(str(sector), "number", controller),)
    links: list[Word] = [(Piece(sym.link + ",".join(str(n) for n in linked), "links"),)
                         ] if linked else []
    here = f.units_at(view, sector)
    armies = {seat: f.kinds(u for u in here if u["owner"] == seat)
              for seat in sorted({u["owner"] for u in here})}
    return _Facts(
        number=number,
        marked_number=(*number, Piece(sym.link, "links")) if linked else number,
        links=tuple(links),
        name=name,
        info=(marks, *extras, *links),
        unmedalled=(marks, *spaces, *links),
        short_info=(marks, *extras),
        least_info=(marks,),
        detailed=tuple((Piece(_army(view, seat, kinds, ascii, True), "army", seat),)
                       for seat, kinds in armies.items()),
        counts=tuple((Piece(_army(view, seat, kinds, ascii, False), "army", seat),)
                     for seat, kinds in armies.items()))


def _title(facts: _Facts, number: Word, room: int, most: int, mode: str, ascii: bool
           ) -> list[Line] | None:
    """The number and name on at most ``most`` lines: whole ("full"), or with the name cut
    short on the last of them ("cut")."""
    if not facts.name:  # an unlaid tile: its number goes with its marks instead
        return None
    least = None if mode == "full" else MIN_NAME
    return named(number, facts.name, "name", number[0].seat, room, most, least,
                 ascii=ascii)


# (title, info, armies), richest first: see the module's docstring.
_PLANS = (("full", "info", "lines"), ("full", "info", "packed"),
          ("cut", "info", "lines"), ("cut", "info", "packed"),
          ("none", "info", "lines"), ("none", "info", "packed"),
          ("none", "unmedalled", "lines"), ("none", "unmedalled", "packed"),
          ("cut", "info", "counts"), ("none", "info", "counts"),
          ("none", "unmedalled", "counts"), ("none", "short_info", "counts"),
          ("none", "least_info", "counts"))


def _arrange(facts: _Facts, room: int, height: int, plan: tuple[str, str, str],
             ascii: bool) -> list[Line] | None:
    title_mode, info_mode, army_mode = plan
    info: tuple[Word, ...] = getattr(facts, info_mode)
    # Links too many for a line of the cell: the bare mark after the number stands for them
    # (the sector's line under the map names them).
    bare = info_mode in ("short_info", "least_info")
    if any(width(word) > room for word in facts.links):
        info, bare = tuple(word for word in info if word not in facts.links), True
    number = facts.marked_number if bare else facts.number
    # without a title the number leads the marks; with one, the title is laid last, on the
    # lines the rest leaves
    lines = flow((number, *info) if title_mode == "none" else info, room)
    if lines is None:
        return None
    if army_mode == "lines":
        armies = [list(word) if width(word) <= room else None for word in facts.detailed]
        if None in armies:
            return None
        lines += [line for line in armies if line is not None]
    else:
        packed = flow(facts.detailed if army_mode == "packed" else facts.counts, room)
        if packed is None:
            return None
        lines += packed
    if title_mode != "none":
        title = _title(facts, number, room, height - len(lines), title_mode, ascii)
        if title is None:
            return None
        lines = title + lines
    return lines if len(lines) <= height else None


def _tightest(facts: _Facts, room: int) -> list[Line] | None:
    """The last resort: the number, the marks and the counts run together."""
    words = (facts.marked_number, *facts.least_info, *facts.counts)
    return flow(words, room, gap=False)


def pieces(view: View, sector: int, size: mapgrid.CellSize, ascii: bool = False,
           linked: Sequence[int] = ()) -> tuple[list[Line], bool]:
    """A sector's cell in at most ``size.height`` lines of ``size.width - 1`` columns, and
    whether everything it must show (its number and every army) found room. ``linked``:
    the sectors it is linked to (``mapgrid.links``)."""
    room, height = size.width - 1, size.height
    facts = _facts(view, sector, ascii, linked)
    for plan in _PLANS:
        lines = _arrange(facts, room, height, plan, ascii)
        if lines is not None:
            return lines, True
    tight = _tightest(facts, room)
    if tight is not None and len(tight) <= height:
        return tight, True
    flat = [piece for word in (facts.number, *facts.counts) for piece in word]
    return cut((tight or [flat])[:height], room), False
