"""The words of a BUILD: each piece built, moved or placed, the Bases relocated, and the
gate pairs' ends (the Gatewright's too)."""

from __future__ import annotations

from typing import Any

from core.games.hegemonic.words import facts
from core.games.hegemonic.words.asking import asks, mine, offers, option_words, place_label
from core.games.hegemonic.words.choices import Choice
from core.games.hegemonic.words.names import (
    BASE_NAMES,
    BUILD_NAMES,
    content,
    location_label,
    location_name,
    sector_name,
)
from core.words import LABEL_WIDTH, Asked, OptionWords, article, count, listing

MOVES = {"track": "your track is empty, so a Base moves instead",
         "transcend": "Transcendency Routine", "brane": "Brane Manipulation",
         "takeover": "a takeover"}


def _free(asked: Asked) -> int | None:
    """Bases a Leader still builds at no cost in this BUILD, None in a BUILD of a card."""
    for task in reversed(asked.view.get("stack") or []):
        if task["kind"] == "build" and task["seat"] == asked.seat:
            free = task["data"].get("free")
            return None if free is None else int(free)
    return None


@asks("build")
def _build(asked: Asked) -> tuple[str, str]:
    builds = asked.get("builds") or []
    what = listing([BUILD_NAMES[b] for b in builds]) or "pieces"
    built = int(asked.get("count", 0))
    caps = count(int(mine(asked)["caps"]), "CAP")
    free = _free(asked)
    if free is not None:
        return (f"Build {what} free with your Leader ({free} left)",
                "Each Base gives range for the next; stop whenever you like.")
    return (f"BUILD {what}: choose the next piece ({built} built, {caps} left)",
            "Each piece gives range for the next; stop whenever you like.")


@offers("build")
def _base(asked: Asked, choice: Choice) -> OptionWords:
    loc = choice.number()
    record = facts.location(asked.view, loc)
    kind = record["kind"]
    base = BASE_NAMES[kind]
    free = _free(asked) is not None
    cost = 0 if free else facts.build_cost(asked.view, asked.seat, loc)
    price = "free (your Leader)" if free else f"for {count(cost, 'CAP')}"
    stack = ""
    if kind == "martial" and record["owner"] == asked.seat:
        stack = f", on your stack of {record['height']} (room for {record['power']})"
    return option_words(choice, location_label(asked.view, loc, LABEL_WIDTH, base),
                        f"Build {article(base)} on "
                        f"{location_name(asked.view, loc)}{stack}, {price}", record["sector"])


@offers("build fill")
def _fill(asked: Asked, choice: Choice) -> OptionWords:
    sector = choice.number()
    plan = (asked.get("fills") or {}).get(str(sector)) or []
    kind = facts.location(asked.view, int(plan[0][0]))["kind"] if plan else "industrial"
    bases = count(len(plan), BASE_NAMES[kind])
    total = sum(int(cost) for _, cost in plan)
    price = "free (your Leader)" if _free(asked) is not None else f"for {count(total, 'CAP')}"
    return option_words(choice, place_label(asked, sector, f"{bases} in "),
                        f"Build {bases} in {sector_name(asked.view, sector)} at once, "
                        f"{price}", sector)


def _move_words(asked: Asked, choice: Choice, mode: str) -> OptionWords:
    loc = choice.number()
    record = facts.location(asked.view, loc)
    base = BASE_NAMES[record["kind"]]
    cost = facts.relocation_cost(mode, record["kind"])
    return option_words(choice, location_label(asked.view, loc, LABEL_WIDTH, f"Move {base}"),
                        f"Move your {base} from {location_name(asked.view, loc)} to another "
                        f"Location, for {count(cost, 'CAP')} ({MOVES[mode]})",
                        record["sector"])


@offers("relocate")
def _relocate(asked: Asked, choice: Choice) -> OptionWords:
    return _move_words(asked, choice, "track")


@offers("transcend")
def _transcend(asked: Asked, choice: Choice) -> OptionWords:
    return _move_words(asked, choice, "transcend")


@offers("brane")
def _brane(asked: Asked, choice: Choice) -> OptionWords:
    return _move_words(asked, choice, "brane")


def _unit_words(asked: Asked, choice: Choice, unit: str) -> OptionWords:
    sector = choice.number()
    cost = content().units.agent if unit == "agent" else content().units.fleet
    units = mine(asked)["agents" if unit == "agent" else "fleets"]
    left = sum(1 for at in units if at < 0)
    name = unit.capitalize()
    return option_words(choice, place_label(asked, sector, f"{name} in "),
                        f"Build {article(name)} in "
                        f"{sector_name(asked.view, sector)} for {count(cost, 'CAP')} "
                        f"({left} in your supply)", sector)


@offers("build agent")
def _agent(asked: Asked, choice: Choice) -> OptionWords:
    return _unit_words(asked, choice, "agent")


@offers("build fleet")
def _fleet(asked: Asked, choice: Choice) -> OptionWords:
    return _unit_words(asked, choice, "fleet")


@offers("gate")
def _gate(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "New gate pair",
                        f"Place a Quantum Gate pair for {count(content().units.gate, 'CAP')}: "
                        "one end with one of your Complexes, the other in a sector with an "
                        "Industrial Location within reach")


def pair_ends(view: dict[str, Any], seat: int, pair: int) -> str:
    """"Cinder Belt 12 and Ore Veil 15", or "" for a pair off the map."""
    gates = view["players"][seat]["gates"]
    ends = gates[pair] if 0 <= pair < len(gates) else []
    return listing([sector_name(view, s) for s in ends]) if ends else ""


def _pair_label(asked: Asked, pair: int) -> str:
    gates = mine(asked)["gates"]
    ends = gates[pair] if 0 <= pair < len(gates) else []
    where = f" ({ends[0]}-{ends[1]})" if ends else ""
    return f"Move gate pair {pair + 1}{where}"


@offers("build regate")
def _regate(asked: Asked, choice: Choice) -> OptionWords:
    pair = choice.number()
    ends = pair_ends(asked.view, asked.seat, pair)
    return option_words(choice, _pair_label(asked, pair),
                        f"Move your gate pair between {ends or 'two sectors'} for "
                        f"{count(content().units.gate, 'CAP')}", None)


@offers("build done")
def _stop(asked: Asked, choice: Choice) -> OptionWords:
    return option_words(choice, "Stop building", "End this BUILD")


@asks("relocate_to")
def _relocate_to(asked: Asked) -> tuple[str, str]:
    src = asked.get("from")
    if src is None:
        return "Choose where the Base goes", ""
    record = facts.location(asked.view, int(src))
    mode = str(asked.get("mode", "track"))
    return (f"Choose where your {BASE_NAMES[record['kind']]} from "
            f"{sector_name(asked.view, record['sector'])} goes",
            f"Moved by {MOVES.get(mode, 'a BUILD')}.")


@offers("relocate_to loc")
def _relocate_site(asked: Asked, choice: Choice) -> OptionWords:
    loc = choice.number()
    record = facts.location(asked.view, loc)
    return option_words(choice, location_label(asked.view, loc, LABEL_WIDTH),
                        f"Move it to {location_name(asked.view, loc)}", record["sector"])


# --- gate pairs ----------------------------------------------------------------------------


@asks("gate_pair")
def _gate_pair(asked: Asked) -> tuple[str, str]:
    return ("Choose the gate pair your Leader moves", "It moves free.")


@offers("gate_pair regate")
def _leader_regate(asked: Asked, choice: Choice) -> OptionWords:
    pair = choice.number()
    ends = pair_ends(asked.view, asked.seat, pair)
    return option_words(choice, _pair_label(asked, pair),
                        f"Move your gate pair between {ends or 'two sectors'}, free")


@asks("gate_near")
def _gate_near(asked: Asked) -> tuple[str, str]:
    return ("Choose the sector of the gate pair's first end",
            "A sector with one of your Complexes.")


@offers("gate_near sector")
def _near(asked: Asked, choice: Choice) -> OptionWords:
    sector = choice.number()
    return option_words(choice, place_label(asked, sector),
                        f"The first end goes in {sector_name(asked.view, sector)}, with your "
                        "Complex", sector)


@asks("gate_far")
def _gate_far(asked: Asked) -> tuple[str, str]:
    near = asked.get("near")
    first = f" (the first is in {sector_name(asked.view, int(near))})" if near is not None else ""
    return (f"Choose the sector of the other end{first}",
            "A sector with an Industrial Location within reach, counted without gates.")


@offers("gate_far sector")
def _far(asked: Asked, choice: Choice) -> OptionWords:
    sector = choice.number()
    near = asked.get("near")
    joined = f", joined to {sector_name(asked.view, int(near))}" if near is not None else ""
    return option_words(choice, place_label(asked, sector),
                        f"The other end goes in {sector_name(asked.view, sector)}{joined}",
                        sector)
