"""A player's board as the empire pane shows it: the Bank and VP, what each action would
cost next and how many Resource cards may pay it (the Assembly Limit), worked out by the
engine's own rules, then the three rows, Under Construction and Empire, one card a line;
narrow enough for the pane at 80x24 (32 columns)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from core.games.artifacts.board import action_colour, cost_and_limit
from core.games.artifacts.content.model import KINDS
from tui.games.artifacts import look
from tui.games.artifacts.layout import card_text

# The actions a cost applies to, in the Player Aid's order, and their short names.
ACTIONS = (("discover", "Discover"), ("develop", "Develop"), ("build", "Build"),
           ("buy", "Buy"), ("trade", "Trade"), ("remove", "Remove"),
           ("offensive", "Offensive"), ("revenue", "Revenue"), ("mine", "Mine"))


def costs(p: dict[str, Any]) -> Table:
    """Each action's next cost (symbols of a colour, credits for Buy) and its Assembly
    Limit; gold pays the basic actions, never the three operational ones (R7)."""
    player, c = look.player_of(p), look.content()
    table = Table.grid(padding=(0, 1))
    for heading in ("action", "cost", "cards"):
        table.add_column(heading, justify="left" if heading == "action" else "right")
    table.add_row(Text("action", style="dim"), Text("next cost", style="dim"),
                  Text("cards", style="dim"))
    for action, name in ACTIONS:
        cost, limit = cost_and_limit(c, player, action, [])
        if action == "buy":
            price = Text(f"{cost} cr")
        elif action == "trade":
            price = Text("1 cr/symbol")
        elif action == "remove":
            price = Text(f"{c.rules.remove_rate}/token")
        else:
            colour = action_colour(action)
            price = Text(f"{cost} ").append(colour, style=look.COLOUR_STYLES[colour])
        table.add_row(name, price, str(limit))
    return table


def rows(view: dict[str, Any], p: dict[str, Any]) -> list[Text]:
    lines = []
    for kind in KINDS:
        lines.append(Text(look.KIND_NAMES[kind], style="bold underline"))
        for where, key in (("building", "construction"), ("empire", "empire")):
            cards = [c for c in p[key] if c["kind"] == kind]
            for card in cards:
                lines.append(Text(f" {where[0].upper()} ", style="dim").append_text(
                    card_text(card, p)))
                lines += [Text(f"   {look.TUCKED}").append_text(look.tucked(entry))
                          for entry in card["under"]]
        if not any(c["kind"] == kind for c in (*p["construction"], *p["empire"])):
            lines.append(Text("  none", style="dim"))
    return lines


def empire(view: dict[str, Any], seat: int, words: Any) -> RenderableType:
    p = view["players"][seat]
    head = look.mark(view, seat)
    head.append(f" {words.seat_name(view, seat)}", style="bold")
    faction = look.content().factions.get(p["faction"])
    money = Text(f"Bank {p['credits']} cr · {p['vp']} VP")
    parts: list[RenderableType] = [head, money]
    if faction is not None:
        parts.append(Text(f"Faction Action: {faction.action_name}", style="italic"))
    parts += [costs(p), Text("B building (Under Construction) · E Empire", style="dim"),
              *rows(view, p)]
    return Group(*parts)
