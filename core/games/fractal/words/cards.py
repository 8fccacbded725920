"""Every component in words: faction, government, mastery, tactic, action card, technology,
objective, obstacle, anomaly, artifact, singularity, living galaxy, living storm, sector.

:func:`card` gives a component's name, a few lines of what it does (in the effect
vocabulary's words, ``effects.py``) and its numbers as facts for a layout. docs/cards.md is
built from the same lines (``core/games/fractal/cardsdoc.py``), so the rules help, the client and
the document never say a card two ways.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from core.games.fractal.content import Composition, Content, TacticCard
from core.games.fractal.words import effects
from core.games.fractal.words.names import (
    EVENT_KINDS,
    SECTOR_KINDS,
    card_name,
    content,
    record,
    table,
    units,
)
from core.words import CardText, article, capital, count, listing

KINDS: tuple[str, ...] = ("sector", "faction", "government", "mastery", "tactic", "action",
                          "technology", "objective", "obstacle", "anomaly", "artifact",
                          "singularity", "living_galaxy", "living_storm")


@cache
def card(kind: str, card_id: str) -> CardText:
    """Any component by kind and content id (a tactic by its card id, "red:ambush+elite").
    Content never changes while a program runs, so each text is built once."""
    return _CARDS[kind](content(), card_id)


# --- sectors -------------------------------------------------------------------------------


def _spaces(colony: tuple[tuple[str, ...], ...]) -> str:
    """"One colony space: scientific or imperial.", "Colony spaces: one military, one
    productive or imperial."."""
    each = [listing(list(space), "or") for space in colony]
    if not each:
        return "No colony space."
    if len(each) == 1:
        return f"One colony space: {each[0]}."
    return f"Colony spaces: {listing([f'one {space}' for space in each])}."


def _sector(data: Content, card_id: str) -> CardText:
    s = data.sectors[card_id]
    lines = [f"{capital(SECTOR_KINDS[s.kind])} sector."]
    lines.append(_spaces(s.colony))
    if s.event != "none":
        lines.append(f"A face-down {EVENT_KINDS[s.event]} lies here at setup.")
    facts: dict[str, Any] = {"kind": s.kind, "spaces": [list(space) for space in s.colony],
                             "event": s.event}
    if s.kind == "fracture":
        lines.append("Beyond the map until the Fracture enters play (the Fracture module).")
        if s.egress:
            lines.append("Egress: adjacent to every ingress token of the map.")
        lines.append(f"Neutral units when it enters: {units(dict(s.neutral))}.")
        facts["egress"], facts["neutral"] = s.egress, dict(s.neutral)
    return CardText("sector", card_id, s.name, tuple(lines), facts)


# --- factions, governments, masteries ------------------------------------------------------


def _faction(data: Content, card_id: str) -> CardText:
    f = data.factions[card_id]
    first, second = (data.governments[g].name for g in f.governments)
    lines = [
        f"Complexity {f.complexity} of 3.",
        f"Starts in {data.sectors[f.starting_sector].name} with "
        f"{article(f.starting_colony + ' colony')}, {units(f.starting_units)}.",
        f"Governments: {first} (recommended) or {second}.",
        f"Mastery: {data.masteries[f.mastery].name}.",
    ]
    if f.tactic:
        lines.append(f"Faction tactic: {data.tactics[f.tactic].name}.")
    lines += effects.trigger_lines(f.abilities)
    return CardText("faction", card_id, f.name, tuple(lines),
                    {"complexity": f.complexity, "lore": f.lore,
                     "starting_sector": f.starting_sector, "governments": list(f.governments)})


def _government(data: Content, card_id: str) -> CardText:
    g = data.governments[card_id]
    need = count(g.requirement, "influence")
    lines = [f"Government of the {data.factions[g.faction].name}.",
             f"Action, once per {need} you have (at least once): {effects.effect(g.action)}",
             *effects.trigger_lines(g.secondary)]
    return CardText("government", card_id, g.name, tuple(lines),
                    {"faction": g.faction, "requirement": g.requirement})


def _mastery(data: Content, card_id: str) -> CardText:
    m = data.masteries[card_id]
    lines = (f"Mastery of the {data.factions[m.faction].name}.",
             f"Normal side: {effects.effect(m.normal)}",
             f"Elite side: {effects.effect(m.elite)}")
    return CardText("mastery", card_id, m.name, lines, {"faction": m.faction})


# --- tactics -------------------------------------------------------------------------------

DAMAGE_KINDS = ("massive", "direct", "indirect", "retreat")


def damage(comp: Composition) -> str:
    """"1 indirect and 3 retreat damage, block 1"."""
    dealt = [f"{getattr(comp.damage, kind)} {kind}" for kind in DAMAGE_KINDS
             if getattr(comp.damage, kind)]
    text = f"{listing(dealt)} damage" if dealt else "no damage"
    if comp.damage.block:
        text += ", block all damage" if comp.damage.block < 0 else (
            f", block {comp.damage.block} damage")
    return text


def composition(comp: Composition) -> str:
    """"3 infantry: 1 indirect and 3 retreat damage" (and what it costs)."""
    cost = f", removing {units(comp.remove)}" if comp.remove else ""
    return f"{units(comp.units)}{cost}: {damage(comp)}"


def tactic_lines(c: TacticCard) -> tuple[str, ...]:
    data = content()
    lines = [f"Initiative {c.initiative}."]
    if c.ignore_resist:
        lines.append("Its damage ignores Resist and Courage.")
    lines += [f"With {composition(comp)}." for comp in c.compositions]
    lines += [f"With {data.technologies[u.tech].name}: {'; '.join(effects.clauses(u.effect))}."
              for u in c.upgrades]
    return tuple(lines)


def _tactic(data: Content, card_id: str) -> CardText:
    c = data.tactic_cards[card_id]
    owner = data.factions[c.faction].name if c.faction else c.colour
    return CardText("tactic", card_id, card_name(card_id), tactic_lines(c),
                    {"initiative": c.initiative, "elite": c.elite, "owner": owner,
                     "design": c.design, "compositions": len(c.compositions)})


# --- cards of the shared decks -------------------------------------------------------------


def _action(data: Content, card_id: str) -> CardText:
    a = data.actions[card_id]
    lines = [effects.effect(a.effect)]
    if a.module:
        lines.append("Only in games with the Fracture module.")
    return CardText("action", card_id, a.name, tuple(lines),
                    {"copies": a.copies, **({"module": a.module} if a.module else {})})


@cache
def _upgraded_tactics() -> dict[str, tuple[str, ...]]:
    """Military technology id -> names of the tactics it upgrades."""
    found: dict[str, list[str]] = {}
    for design in content().tactics.values():
        for version in (design.normal, design.elite):
            for upgrade in version.upgrades:
                names = found.setdefault(upgrade.tech, [])
                if design.name not in names:
                    names.append(design.name)
    return {tech: tuple(names) for tech, names in found.items()}


def _technology(data: Content, card_id: str) -> CardText:
    t = data.technologies[card_id]
    lines = [f"{capital(t.type)} technology, cost {t.cost}."]
    lines += effects.trigger_lines(t.triggers)
    if t.stackable:
        lines.append("Stackable: every copy you own adds its effects again.")
    elif t.copies > 1:
        lines.append("Not stackable: a second copy may be developed but adds nothing.")
    if card_id in _upgraded_tactics():
        lines.append(f"Upgrades {listing(list(_upgraded_tactics()[card_id]))}.")
    return CardText("technology", card_id, t.name, tuple(lines),
                    {"type": t.type, "cost": t.cost, "stack": t.stack, "copies": t.copies})


def _objective(data: Content, card_id: str) -> CardText:
    o = data.objectives[card_id]
    lines = [f"Age {o.age} objective."]
    if o.instructions:
        lines.append(f"When it is revealed, every player: {effects.effect(o.instructions)}")
    for row in o.rows:
        if o.age == 1:
            need = effects.amount_of(row.counter, row.amount)
        else:
            also = [effects.amount_of(counter, n) for counter, n in row.also]
            need = listing([f"{row.amount} on the Age 1 card's count", *also])
        lines.append(f"{capital(row.category)}: {need}.")
    return CardText("objective", card_id, o.name, tuple(lines), {"age": o.age})


def _event(kind: str) -> Callable[[Content, str], CardText]:
    def text(data: Content, card_id: str) -> CardText:
        e = record(kind, card_id)
        options = e.options
        if len(options) == 1:
            lines = [effects.event_option(options[0].require, options[0].reward)]
        else:
            lines = [f"Option {i}: {effects.event_option(o.require, o.reward)}"
                     for i, o in enumerate(options, 1)]
        return CardText(kind, card_id, e.name, tuple(lines), {"options": len(options)})
    return text


def _artifact(data: Content, card_id: str) -> CardText:
    a = data.artifacts[card_id]
    nature = "One-time artifact." if a.kind == "one_time" else "Ongoing artifact."
    return CardText("artifact", card_id, a.name,
                    (nature, *effects.trigger_lines(a.triggers)), {"kind": a.kind})


def _singularity(data: Content, card_id: str) -> CardText:
    s = data.singularities[card_id]
    lines = [f"At each end of cycle, whoever controls the Utopian sector: "
             f"{effects.effect(s.reward)}"]
    if s.passive:
        lines.append(f"While you control the Utopian sector: {effects.effect(s.passive)}")
    return CardText("singularity", card_id, s.name, tuple(lines), {})


# What each living galaxy effect does, said once (the rules live in movement.py, battle.py,
# units.py and board.py).
GALAXY_EFFECTS: dict[str, str] = {
    "block_movement": "Block movement: a movement order that enters this sector ends there, "
                      "and one that starts here goes only 1 sector.",
    "hostile_conditions": "Hostile conditions: when a battle starts here, each player "
                          "discards 2 random tactic cards for that battle (an elite one "
                          "goes back to hand).",
    "radiation": "Radiation: units here keep only moving, carrying and colonizing; every "
                 "other ability is lost while they stay.",
    "interference": "Interference: lightships here pin down no enemy space unit.",
}


def wormhole(kind: str) -> str:
    targets = "non-habitable sector" if kind == "exploration" else (
        f"sector with {article(kind)} colony space")
    return f"Wormhole: adjacent to every {targets} once face up."


def _gain(gain: Mapping[str, int]) -> str:
    science = [count(gain["science"], "science")] if "science" in gain else []
    return listing([*([effects.resources(gain)] if set(gain) - {"science"} else []), *science])


def _living_galaxy(data: Content, card_id: str) -> CardText:
    g = data.living_galaxies[card_id]
    lines = [wormhole(g.wormhole) if e == "wormhole" else GALAXY_EFFECTS[e] for e in g.effects]
    areas = [f"{_gain(area.gain)} with {units(area.units)} there" for area in g.exploit]
    lines.append(f"Each income phase, if you control it: {'; '.join(areas)}.")
    return CardText("living_galaxy", card_id, g.name, tuple(lines),
                    {"effects": list(g.effects), "wormhole": g.wormhole})


def _living_storm(data: Content, card_id: str) -> CardText:
    storm = data.living_storms[card_id]
    line = ("A living storm stands on a corner between three sectors and cuts one of them "
            "off from the two others, which stay adjacent; moved, it goes to a nearby corner "
            "and is turned to cut off the sector its mover chooses.")
    return CardText("living_storm", card_id, storm.name, (line,), {})


_CARDS: dict[str, Callable[[Content, str], CardText]] = {
    "sector": _sector, "faction": _faction, "government": _government, "mastery": _mastery,
    "tactic": _tactic, "action": _action, "technology": _technology, "objective": _objective,
    "obstacle": _event("obstacle"), "anomaly": _event("anomaly"), "artifact": _artifact,
    "singularity": _singularity, "living_galaxy": _living_galaxy, "living_storm": _living_storm,
}


def ids_of(kind: str) -> tuple[str, ...]:
    """Every content id of a kind (every physical tactic card for "tactic")."""
    return tuple(table(kind))
