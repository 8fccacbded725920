"""Every component of Hegemonic as a person reads it, from the data: the Technology Cards
(the technology's kind, tier, cost and effect, the card's three powers), the Action Cards
(their actions, builds and attack patterns), the Sector Tiles and Homes (their Locations)
and the Leaders (their window and three levels). ``catalogue`` lists them for `fractal
cards`; ``catalogue_markdown`` is docs/hegemonic-cards.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.games.hegemonic.content import KINDS, Leader
from core.games.hegemonic.leaders import ANY, PIECES, turn_ability
from core.games.hegemonic.words.names import (
    ACTION_NAMES,
    BUILD_NAMES,
    FACTION_NAMES,
    KIND_NAMES,
    card_name,
    content,
    pattern_text,
    tile_locations,
)
from core.words import CardText, article, capital, count, listing

COMPONENT_KINDS = ("technology", "action", "tile", "home", "leader")

def _up_to(n: int, noun: str) -> str:
    return article(noun) if n == 1 else f"up to {count(n, noun)}"


# What a Leader's ability does at a level, by its effect (leaders.toml), from its value.
LEADER_EFFECTS: dict[str, Callable[[int], str]] = {
    "caps": lambda n: f"gain {count(n, 'CAP')}",
    "vp": lambda n: f"gain {n} VP",
    "complexes": lambda n: f"build {_up_to(n, 'Complex')} in range, free",
    "embassies": lambda n: f"build {_up_to(n, 'Embassy')} in range, free",
    "outposts": lambda n: f"build {_up_to(n, 'Outpost')} in range, free",
    "survey": lambda n: "take a SURVEY action" if n == 1 else f"take {n} SURVEY actions",
    "advance": lambda n: f"advance a card of your hand for {count(n, 'CAP')} less",
    "fleet_move": lambda n: f"move a Fleet up to {count(n, 'hex')}, free and without a "
                            "conflict",
    "agent_move": lambda n: f"move an Agent across up to {count(n, 'board border')}, free",
    "gate": lambda n: "place or move a gate pair free" + (
        f", its ends up to {count(n, 'hex')} further apart" if n else ""),
    "fleets": lambda n: f"build {_up_to(n, 'Fleet')} free with your Outposts",
    "agents": lambda n: f"build {_up_to(n, 'Agent')} free with your Embassies",
    "power": lambda n: f"add {n} to your Conflict Power",
    "weaken": lambda n: f"take {n} off your opponent's Conflict Power (not below 0)",
}
# A level whose value lifts the limit (leaders.ANY), in words by effect.
UNLIMITED = {"advance": "advance a card of your hand free, whatever its tier",
             "agent_move": "move an Agent across any number of board borders, free",
             "gate": "place or move a gate pair free, its ends any distance apart"}
WINDOWS = {"turn": "at your action prompt in an Action Phase (no action spent)",
           "conflict": "in a conflict you are in, once both cards are revealed"}


def leader_level(leader: Leader, level: int, turn: bool = False) -> str:
    """What a Leader does at one level: "gain 5 CAPs" (``turn``: its ability at the action
    prompt, a conflict Leader's second one)."""
    effect, values = (turn_ability(leader) if turn else None) or (leader.effect,
                                                                  leader.values)
    value = values[level - 1]
    if not value and effect in PIECES:
        return f"nothing yet (the card waits for level {level + 1})"
    if value >= ANY and effect in UNLIMITED:
        return UNLIMITED[effect]
    return LEADER_EFFECTS[effect](value)


def leader_window(leader: Leader) -> str:
    """When a Leader is used: "in a conflict you are in, ..., or at your action prompt"."""
    used = WINDOWS[leader.window]
    return f"{used}, or {WINDOWS['turn']}" if leader.turn_effect else used


def leader_ability(leader: Leader, level: int) -> str:
    """Everything a level does: "add 2 to your Conflict Power in a conflict; outside
    one, ..."."""
    if not leader.turn_values[level - 1]:  # no turn ability, or none at this level
        return leader_level(leader, level)
    return (f"{leader_level(leader, level)} in a conflict; outside one, "
            f"{leader_level(leader, level, turn=True)}")


def tech_lines(card: str) -> tuple[str, ...]:
    tech = content().tech_of(card)
    power = content().cards[card].power
    return (f"{KIND_NAMES[tech.kind]} technology, tier {tech.tier}; advancing it costs "
            f"{count(tech.cost, 'CAP')} and scores {2 * tech.tier} VP at the end.",
            f"Effect, once advanced: {tech.text}",
            "In a conflict it adds " + ", ".join(f"{n} to {KIND_NAMES[k]}" for k, n in
                                                 zip(KINDS, power, strict=True)) + " power.")


def tech_summary(card: str) -> str:
    """A Technology Card in one sentence or three, for an option's text."""
    return " ".join(tech_lines(card))


def action_lines(card_id: str) -> tuple[str, ...]:
    card = content().action_cards[card_id]
    actions = [ACTION_NAMES[a] for a in card.actions]
    lines = [f"Order {card.order}: lower numbers act first.",
             f"Up to two actions of: {listing(actions, 'or')} (the same one twice if you "
             "wish)."]
    if card.builds:
        lines.append(f"BUILD: {listing([BUILD_NAMES[b] for b in card.builds])}.")
    lines += [f"{pattern_text(p)}." for p in card.patterns]
    return tuple(lines)


def action_summary(card_id: str) -> str:
    return " ".join(action_lines(card_id))


def tile_lines(tile_id: str) -> tuple[str, ...]:
    tile = content().tiles[tile_id]
    lines = [f"{capital(tile_locations(tile_id))}."]
    if tile.faction:
        lines.append(f"Its Embassies belong to the {FACTION_NAMES[tile.faction]} faction.")
    if tile.small:
        lines.append("In the 2- and 3-player set.")
    return tuple(lines)


def home_lines() -> tuple[str, ...]:
    home = content().home_tile
    political = listing([str(p) for p in home.political])
    martial = listing([str(m) for m in home.martial])
    industrial = ("an Industrial Location" if home.industrial == 1
                  else f"{home.industrial} Industrial Locations")
    return (f"{capital(industrial)}, a Political Location of power {political} (no "
            f"faction) and a Martial Location with room for {martial}.",
            "Its owner's first Complex, Embassy and Outpost start here; nobody else may "
            "build or end a move here, and it is never a target.",
            "Its Embassy scores 1 but lends no power in conflicts, unless Homes are wild.")


def leader_lines(leader_id: str) -> tuple[str, ...]:
    leader = content().leaders[leader_id]
    return (f"Used {leader_window(leader)}; it shows one more level at every Collection, "
            "up to 3, and goes back to 0 once used.",
            *(f"Level {n}: {leader_ability(leader, n)}." for n in (1, 2, 3)))


def card(kind: str, card_id: str) -> CardText:
    """Any component by kind and id (a Technology Card by its card id, a Home by its
    House); a ValueError for one the game has not."""
    data = content()
    if kind == "technology" and card_id in data.cards:
        tech = data.tech_of(card_id)
        return CardText(kind, card_id, card_name(card_id), tech_lines(card_id),
                        {"technology": tech.id, "kind": tech.kind, "tier": tech.tier,
                         "cost": tech.cost, "powers": list(data.cards[card_id].power)})
    if kind == "action" and card_id in data.action_cards:
        a = data.action_cards[card_id]
        return CardText(kind, card_id, a.name, action_lines(card_id),
                        {"order": a.order, "actions": list(a.actions)})
    if kind == "tile" and card_id in data.tiles:
        return CardText(kind, card_id, data.tiles[card_id].name, tile_lines(card_id),
                        {"faction": data.tiles[card_id].faction})
    if kind == "home" and any(h.id == card_id for h in data.homes):
        home = next(h for h in data.homes if h.id == card_id)
        return CardText(kind, card_id, home.name, home_lines(), {"colour": home.colour})
    if kind == "leader" and card_id in data.leaders:
        leader = data.leaders[card_id]
        return CardText(kind, card_id, leader.name, leader_lines(card_id),
                        {"window": leader.window, "values": list(leader.values)})
    raise ValueError(f"Hegemonic has no {kind} {card_id!r}")


# --- the catalogue -------------------------------------------------------------------------


def _records(kind: str) -> list[dict[str, Any]]:
    data = content()
    if kind == "technology":
        found = []
        for card_id, c in data.cards.items():
            tech = data.techs[c.tech]
            found.append({"kind": kind, "id": card_id, "name": tech.name, "tier": tech.tier,
                          "technology": tech.id, "type": tech.kind, "cost": tech.cost,
                          "powers": list(c.power), "small": c.small, "effect": tech.text})
        return found
    if kind == "action":
        return [{"kind": kind, "id": a.id, "name": a.name, "order": a.order,
                 "actions": list(a.actions), "builds": list(a.builds),
                 "patterns": [{"id": p, "name": data.patterns[p].name,
                               "conflict": data.patterns[p].conflict,
                               "attacker": data.patterns[p].attacker,
                               "target": data.patterns[p].target} for p in a.patterns]}
                for a in data.action_cards.values()]
    if kind == "tile":
        return [{"kind": kind, "id": t.id, "name": t.name, "industrial": t.industrial,
                 "political": list(t.political), "martial": list(t.martial),
                 "faction": t.faction, "small": t.small} for t in data.tiles.values()]
    if kind == "home":
        home = data.home_tile
        return [{"kind": kind, "id": h.id, "name": h.name, "colour": h.colour,
                 "industrial": home.industrial, "political": list(home.political),
                 "martial": list(home.martial)} for h in data.homes]
    return [{"kind": kind, "id": leader.id, "name": leader.name, "window": leader.window,
             "effect": leader.effect, "values": list(leader.values),
             "turn_effect": leader.turn_effect, "turn_values": list(leader.turn_values)}
            for leader in data.leaders.values()]


def catalogue(kind: str | None = None) -> list[dict[str, Any]]:
    """Every physical component (of one kind), one plain record each."""
    if kind is not None and kind not in COMPONENT_KINDS:
        raise ValueError(f"unknown component kind {kind!r} (Hegemonic has: "
                         f"{', '.join(COMPONENT_KINDS)})")
    return [r for k in COMPONENT_KINDS if kind in (None, k) for r in _records(k)]


def catalogue_markdown() -> str:
    """docs/hegemonic-cards.md: every component, in the words the game shows."""
    data = content()
    out = ["# Hegemonic components", "",
           "Generated from `core/games/hegemonic/content/*.toml` in the words the game shows "
           "(`core/games/hegemonic/words/cards.py`); do not edit by hand (`fractal cards "
           "--game hegemonic --markdown > docs/hegemonic-cards.md`). docs/hegemonic.md gives "
           "the reasoning behind the numbers.", "",
           "## Technologies", "",
           "Each card adds one of its three powers in a conflict: the one of the kind of power "
           "its player fights with (Industrial/Political/Martial). Copies marked * are in the "
           "2- and 3-player set.", "",
           "| technology | kind, tier | cost | effect | cards (I/P/M) |",
           "|---|---|---|---|---|"]
    for tech in data.techs.values():
        cards = [c for c in data.cards.values() if c.tech == tech.id]
        copies = ", ".join("/".join(str(n) for n in c.power) + ("*" if c.small else "")
                           for c in cards)
        out.append(f"| {tech.name} | {KIND_NAMES[tech.kind]} {tech.tier} | {tech.cost} | "
                   f"{tech.text} | {copies} |")
    out += ["", "## Action Cards", "", "Every player holds all six.", ""]
    for a in data.action_cards.values():
        out += [f"### {a.name}", "", *(f"- {line}" for line in action_lines(a.id)), ""]
    out += ["## Sector Tiles", "",
            "Marked * : in the 2- and 3-player set.", "",
            "| tile | Locations | |", "|---|---|---|"]
    for t in data.tiles.values():
        out.append(f"| {t.name} | {capital(tile_locations(t.id))} | {'*' if t.small else ''} |")
    out += ["", "## Homes", "",
            listing([f"{h.name} ({h.colour})" for h in data.homes]) + ": every Home is alike.",
            "", *(f"- {line}" for line in home_lines()), "", "## Leaders", "",
            "The Leaders module deals one to each player.", "",
            "| Leader | used | level 1 | level 2 | level 3 |", "|---|---|---|---|---|"]
    for leader in data.leaders.values():
        levels = " | ".join(leader_ability(leader, n) for n in (1, 2, 3))
        out.append(f"| {leader.name} | {leader_window(leader)} | {levels} |")
    return "\n".join(out) + "\n"
