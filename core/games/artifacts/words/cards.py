"""Every component of Alien Artifacts as a person reads it, from the data: Resource cards
(number and sections), Ships, Technologies and Planets (both sides), Alien Artifacts,
Defense Plans and the Basic tile, Alien Systems (their attack tables) and factions (setup,
Faction Action, end scoring). ``catalogue`` lists them for `fractal cards`,
``catalogue_markdown`` as a Markdown document."""

from __future__ import annotations

from typing import Any

from core.games.artifacts.content.model import ABOVE, JOIN_ACTION, SETTLE_ACTION, Row, Table
from core.games.artifacts.faces import stand_in
from core.games.artifacts.words.effects import effect_text, scoring_lines
from core.games.artifacts.words.names import (
    TYPE_NAMES,
    action_name,
    card_kind,
    card_name,
    card_type,
    content,
    face_of,
    section_text,
)
from core.words import CardText, count

KINDS = ("resource", "ship", "technology", "planet", "artifact", "plan", "system", "faction")
KIND_TITLES = {"resource": "Resource cards", "ship": "Ships", "technology": "Technologies",
               "planet": "Planets", "artifact": "Alien Artifacts",
               "plan": "Defense Plans", "system": "Alien Systems", "faction": "Factions"}
MODE_NAMES = {"ongoing": "Always", "trigger": "Trigger", "additionally": "ADDITIONALLY",
              "action": "ACTION", "turn": "In your turn", "attack": "In your attack"}


def _ids(kind: str) -> list[str]:
    data = content()
    if kind == "plan":
        return [*data.plans, data.basic.id]
    table = {"resource": data.resources, "ship": data.ships, "technology": data.technologies,
             "planet": data.planets, "artifact": data.artifacts, "system": data.systems,
             "faction": data.factions}[kind]
    return list(table)


def row_values(table: Table, row: Row) -> str:
    """The attack values a row resolves: "4, 6+" for row 4 of a table of 5 rows, a value
    above the table resolving row 4 (R10)."""
    last = len(table.rows)
    if row.value != ABOVE:
        return str(row.value)
    return f"{ABOVE}+" if last == ABOVE else f"{ABOVE}, {last + 1}+"


def table_lines(table: Table) -> list[str]:
    """An attack table, row by row (R10: a value above it resolves row 4)."""
    return [f"{row_values(table, row)}: {effect_text(row.effect, 'the defender')}"
            for row in table.rows]


def _resource(card_id: str) -> CardText:
    card = content().resources[card_id]
    top, bottom = card.sections
    return CardText("resource", card_id, card_name(card_id),
                    (f"Number {card.number} (in combat).", f"Top: {section_text(top)}.",
                     f"Bottom: {section_text(bottom)}."),
                    {"number": card.number, "top": section_text(top),
                     "bottom": section_text(bottom)})


def _ship(card_id: str) -> CardText:
    data = content()
    ship = data.ships[card_id]
    skill = data.skills[ship.type]
    joined = (f"Logistics (joins the fleet): your Assembly Limit for "
              f"{action_name(JOIN_ACTION[ship.type])} is 1 card higher")
    if ship.type == "exploit":
        joined += "; draw a Defense Plan card as it joins"
    lines = (f"{TYPE_NAMES[ship.type]} Ship.", joined + ".",
             f"Operational (on a Mission): attack bonus +{ship.bonus}; {skill.name}: "
             f"{skill.text}")
    return CardText("ship", card_id, ship.name, lines,
                    {"type": TYPE_NAMES[ship.type], "bonus": ship.bonus, "skill": skill.name})


def _planet(card_id: str) -> CardText:
    planet = content().planets[card_id]
    action = SETTLE_ACTION[planet.type]
    unit = "credits" if action == "buy" else "symbols"
    lines = (f"{TYPE_NAMES[planet.type]} Planet.",
             f"Logistics (Settled): {action_name(action)} costs you 2 {unit} less.",
             "Operational (Exploited): 3 Resource cards are produced on it as it enters, and "
             "1 at each Mine the Planets; a card showing its Type scores 1 VP.")
    return CardText("planet", card_id, planet.name, lines, {"type": TYPE_NAMES[planet.type]})


def _technology(card_id: str) -> CardText:
    tech = content().technologies[card_id]
    ability = tech.logistics
    lines = (f"{TYPE_NAMES[tech.type]} Technology.",
             f"Logistics (Deployed), {MODE_NAMES[ability.mode]}: {ability.text}",
             "Operational (Sold to the Corporation): on a Type match, the highest row met "
             "scores.", *scoring_lines(tech.score))
    return CardText("technology", card_id, tech.name, lines,
                    {"type": TYPE_NAMES[tech.type], "mode": ability.mode})


def _artifact(card_id: str) -> CardText:
    artifact = content().artifacts[card_id]
    ability = artifact.ability
    return CardText("artifact", card_id, artifact.name,
                    (f"{MODE_NAMES[ability.mode]}: {ability.text}", "One use, then discarded."),
                    {"mode": ability.mode})


def _table(kind: str, card_id: str) -> CardText:
    data = content()
    table = data.systems.get(card_id) or data.plans.get(card_id) or data.basic
    if kind == "system":
        head = "Alien System: what the attacker gets at each attack value."
    elif card_id == data.basic.id:
        head = "The Basic Defense Plan tile, every defender's: what the attack value does."
    else:
        head = "Defense Plan card: what the attack value does against its holder."
    return CardText(kind, card_id, table.name, (head, *table_lines(table)),
                    {"rows": len(table.rows)})


def _faction(card_id: str) -> CardText:
    faction = content().factions[card_id]
    lines = (f"Setup: {effect_text(faction.setup)}",
             f"Faction Action, {faction.action_name}: {faction.action.text}",
             f"End scoring: {faction.end_text}")
    return CardText("faction", card_id, faction.name, lines,
                    {"action": faction.action_name})


def _face(kind: str, name: str) -> CardText:
    """A card known by its face only (core/games/artifacts/faces.py): its Logistics side,
    the side every card of that face shows alike."""
    lines = card(kind, stand_in(content(), name)).lines
    return CardText(kind, name, card_name(name),
                    (lines[0], lines[1], "Operational: not seen (its owner's secret)."),
                    {"type": card_type(name)})


def card(kind: str, card_id: str) -> CardText:
    """Any component by kind and id, or a card known by its face only (ValueError for one
    the game has not)."""
    if kind in ("ship", "technology", "planet") and face_of(card_id) and card_kind(
            card_id) == kind:
        return _face(kind, card_id)
    if kind not in KINDS or card_id not in _ids(kind):
        raise ValueError(f"Alien Artifacts has no {kind} {card_id!r}")
    if kind in ("plan", "system"):
        return _table(kind, card_id)
    builders = {"resource": _resource, "ship": _ship, "planet": _planet,
                "technology": _technology, "artifact": _artifact, "faction": _faction}
    return builders[kind](card_id)


def catalogue(kind: str | None = None) -> list[dict[str, Any]]:
    """Every component (of one kind): kind, id, name, its lines and facts."""
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown component kind {kind!r} (Alien Artifacts has: "
                         f"{', '.join(KINDS)})")
    found = []
    for k in (kind,) if kind else KINDS:
        for card_id in _ids(k):
            text = card(k, card_id)
            found.append({"kind": k, "id": card_id, "name": text.name,
                          "lines": list(text.lines), **text.facts})
    return found


def catalogue_markdown() -> str:
    """Every component as Markdown, in the words the game shows."""
    lines = ["# Alien Artifacts: the components", "",
             "Generated from the game's data by its words (`fractal cards artifacts "
             "--markdown`).", ""]
    for kind in KINDS:
        ids = _ids(kind)
        lines += [f"## {KIND_TITLES[kind]} ({count(len(ids), 'component')})", ""]
        for card_id in ids:
            text = card(kind, card_id)
            lines.append(f"- **{text.name}**: " + " ".join(text.lines))
        lines.append("")
    return "\n".join(lines)
