"""How Alien Artifacts' things look in every pane: players' marks, card names, Types,
Resource sections and the attack tables' rows, short enough for the narrow panes and
readable without colour: a colour is always also its word, drawn in the seat colours'
shades (tui/widgets/marks.py), which read on every theme in colour and in NO_COLOR's
greys. A Resource card is "R55" everywhere, as the words name it."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from core.games.artifacts.content import Content, load_content
from core.games.artifacts.content.model import (
    Artifact,
    Blockade,
    Damaged,
    Destroyed,
    Draw,
    Effect,
    Gain,
    Lose,
    Plan,
    Planet,
    Ship,
    Steal,
    Step,
    Table,
    Technology,
)
from core.games.artifacts.faces import stand_in
from core.games.artifacts.state import Card, Player
from core.games.artifacts.words.cards import row_values
from core.games.artifacts.words.names import card_name as words_card_name
from core.games.artifacts.words.names import face_of
from core.words import SEAT_COLOURS, SEAT_MARKS
from tui.widgets.marks import seat_style

View = dict[str, Any]

# The four Types all begin "Ex": their short forms keep the letters that tell them apart.
TYPES = {"explore": "Explr", "expand": "Expnd", "exterminate": "Extrm", "exploit": "Explt"}
KIND_NAMES = {"ship": "Ships", "technology": "Technologies", "planet": "Planets"}
# The seat colour whose shade a Resource colour is drawn in (its word is always written).
SHADES = {"blue": "blue", "green": "green", "red": "red", "gold": "yellow"}
SIDES = {"logistics": "Logistics", "operational": "Operational"}
# What each side is called for each kind (AA: Settled/Exploited planets, Joined/On a
# Mission ships, Deployed/Sold technologies).
SIDE_NAMES = {("planet", "logistics"): "Settled", ("planet", "operational"): "Exploited",
              ("ship", "logistics"): "Joined", ("ship", "operational"): "Mission",
              ("technology", "logistics"): "Deployed",
              ("technology", "operational"): "Sold"}
BLOCKADE = "⊘"  # a Blockade token, repeated per token
TUCKED = "↳"  # a section prepared or produced under the card before it


def content() -> Content:
    return load_content()


def seat_colour(seat: int) -> str:
    """Seats take the shell's seat colours in seat order."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def mark(view: View, seat: int) -> Text:
    colour = seat_colour(seat)
    return Text(SEAT_MARKS[colour], style=seat_style(colour))


def _card(kind: str, card_id: str) -> Ship | Technology | Planet:
    """The card, or for one known by its face only a card of that face (faces.py)."""
    c = content()
    card_id = stand_in(c, card_id)
    if kind == "ship":
        return c.ships[card_id]
    return c.technologies[card_id] if kind == "technology" else c.planets[card_id]


def card_name(kind: str, card_id: str) -> str:
    """A card's name; "Explore Ship" for one known by its face only."""
    return words_card_name(card_id) if face_of(card_id) else _card(kind, card_id).name


def card_type(kind: str, card_id: str) -> str:
    return _card(kind, card_id).type


def colour(name: str) -> Text:
    """A Resource colour's word in its shade."""
    return Text(name, style=seat_style(SHADES[name]))


def section(name: str, symbols: int, type_: str) -> Text:
    """A Resource section as the words write it: "red 2 Extrm"."""
    return colour(name).append(f" {symbols} {TYPES[type_]}")


def tucked(entry: str) -> Text:
    """A section tucked under a card (``<resource>:<top|bottom>``): "R12 red 2 Extrm"."""
    rid, half = entry.split(":")
    resource = content().resources[rid]
    text = Text(f"{words_card_name(rid)} ", style="bold")
    return text.append_text(section(*(resource.top if half == "top" else resource.bottom)))


def resource(rid: str, number: bool = False) -> Text:
    """A whole Resource card: its name, its combat number when it matters, both
    sections: "R83 (4) green 2 Extrm / red 1 Expnd"."""
    card = content().resources[rid]
    text = Text(words_card_name(rid), style="bold")
    if number:
        text.append(f" ({card.number})", style="bold")
    text.append(" ").append_text(section(*card.top)).append(" / ")
    return text.append_text(section(*card.bottom))


def player_of(p: View) -> Player:
    """A player of the view as the engine's record, so that costs and limits are worked
    out by the engine's own rules (core.games.artifacts.board); a card known by its face
    only stands as a card of its face, alike on that side."""
    def cards(key: str) -> list[Card]:
        return [Card(stand_in(content(), c["id"]), c["kind"], c["side"], c["tokens"],
                     list(c["under"])) for c in p[key]]
    return Player(p["seat"], p["name"], p["faction"], p["credits"], p["vp"],
                  construction=cards("construction"), empire=cards("empire"))


def step_text(step: Step) -> str:
    """One step of an attack table's row, in a few words."""
    args = step.args
    if isinstance(args, Destroyed | Damaged):
        words = step.op.capitalize()
    elif isinstance(args, Gain | Lose):
        parts = [f"{n} {unit}" for n, unit in ((args.vp, "VP"), (args.credits, "cr")) if n]
        sign = "-" if isinstance(args, Lose) else "+"
        words = " ".join(sign + part for part in parts)
    elif isinstance(args, Steal):
        words = f"steal {args.credits} cr"
    elif isinstance(args, Artifact | Plan | Draw | Blockade):
        noun = {"artifact": "Artifact", "plan": "Plan", "draw": "card",
                "blockade": "Blockade"}[step.op]
        words = f"{args.count} {noun}" + ("s" if args.count > 1 else "")
    else:
        words = step.op
    return f"{words} (def.)" if step.who == "defender" else words


def effect_text(effect: Effect) -> str:
    return ", ".join(step_text(s) for s in effect) or "nothing"


def table_rows(table: Table) -> list[tuple[int, str, str]]:
    """Each row: its value, the values it resolves ("4, 6+": R10), what it does."""
    return [(row.value, row_values(table, row), effect_text(row.effect)) for row in table.rows]


def table_of(table_id: str) -> Table:
    c = content()
    return c.systems.get(table_id) or c.plans.get(table_id) or c.basic
