"""Components in a line: a Technology Card with its three power values, an Action Card with
its order number and actions, a Sector Tile with its Locations, a Leader at a level. The
full texts are the words' (core.games.hegemonic.words, opened from the hand)."""

from __future__ import annotations

from rich.text import Text

from core.games.hegemonic.leaders import ANY, PIECES
from tui.games.hegemonic.cells import FACTION_LETTERS, content

KIND_LETTERS = {"industrial": "I", "political": "P", "martial": "M"}
# What a Leader's amount counts, by its effect (content/leaders.toml): one, and more.
LEADER_UNITS = {
    "caps": ("CAP", "CAPs"), "vp": ("VP", "VP"),
    "complexes": ("free Complex", "free Complexes"),
    "embassies": ("free Embassy", "free Embassies"),
    "outposts": ("free Outpost", "free Outposts"), "survey": ("SURVEY", "SURVEYs"),
    "advance": ("CAP off an advance", "CAPs off an advance"),
    "fleet_move": ("hex of free Fleet move", "hexes of free Fleet move"),
    "agent_move": ("border of free Agent move", "borders of free Agent move"),
    "gate": ("hex more gate reach", "hexes more gate reach"),
    "power": ("Conflict Power", "Conflict Power"),
    "weaken": ("off the opponent's power", "off the opponent's power")}


def powers(card: str) -> str:
    """A card's Industrial/Political/Martial power values: ``3/1/1``."""
    return "/".join(str(v) for v in content().cards[card].power)


def tech_line(card: str) -> Text:
    """``Dyson Sphere Assembly 3/1/1``."""
    return Text(content().tech_of(card).name).append(f" {powers(card)}", style="bold")


def tech_facts(card: str) -> str:
    """What advancing it takes and what it does: ``I2 · 4 CAPs · In conflicts, ...``."""
    tech = content().tech_of(card)
    return f"{KIND_LETTERS[tech.kind]}{tech.tier} · {tech.cost} CAPs · {tech.text}"


def action_line(card: str) -> str:
    """``2 Industrialize: build, takeover, basic``."""
    record = content().action_cards[card]
    return f"{record.order} {record.name}: {', '.join(record.actions)}"


def tile_line(tile: str) -> str:
    """``Tawny Weave: I2 P1o M3``, as the map writes its Locations: how many Industrial
    ones (``I`` alone: one), each Political one's power and faction, each Martial one's
    room."""
    record = content().tiles[tile]
    parts = [f"I{record.industrial if record.industrial > 1 else ''}"] * bool(record.industrial)
    parts += [f"P{p}{FACTION_LETTERS[record.faction]}" for p in record.political]
    parts += [f"M{c}" for c in record.martial]
    return f"{record.name}: {' '.join(parts) or 'nothing to build'}"


def leader_line(leader: str, level: int) -> str:
    """``The Treasurer, level 2: 5 CAPs (2/5/9)``."""
    record = content().leaders[leader]
    unlimited = "free" if record.effect == "advance" else "any"
    amounts = [unlimited if v == ANY else str(v) for v in record.values]
    if record.effect == "advance" and level == 3:
        now = "a free advance"
    elif not level or (record.effect in PIECES and not record.values[level - 1]):
        now = "nothing yet"
    else:
        one, more = LEADER_UNITS[record.effect]
        now = f"{amounts[level - 1]} {one if record.values[level - 1] == 1 else more}"
    return f"{record.name}, level {level}: {now} ({'/'.join(amounts)})"
