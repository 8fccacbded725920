"""A player's board as the empire pane shows it: the Bank and VP, what each action would
cost next, worked out by the engine's own rules, in the colour that pays it (its word,
never a colour alone), and how many Resource cards may pay it where that is not the
rules' Assembly Limit; then the Faction Action and the three rows, Under Construction and
Empire, one card a line. The costs take five lines, so that they fit the pane at 100x30
(7 lines) and 80x24 (32 columns)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from core.games.artifacts.board import action_colour, cost_and_limit
from core.games.artifacts.content.model import KIND_COLOUR, KINDS
from tui.games.artifacts import look
from tui.games.artifacts.brief import ACTIONS
from tui.games.artifacts.layout import card_text

# The construction and the operational action each colour pays (R4), in the Player Aid's
# order of the kinds: planets green, technologies blue, ships red.
PAIRS = (("discover", "mine"), ("develop", "revenue"), ("build", "offensive"))


def costs(p: dict[str, Any]) -> list[Text]:
    """Each action's next cost; "(3)" after it when 3 cards may pay it (2 unless said);
    Remove Blockades while the player's Empire has tokens. Gold pays the constructions,
    never the three operational actions (R7)."""
    player, c = look.player_of(p), look.content()
    usual = c.rules.assembly

    def price(action: str, unit: str = "") -> Text:
        cost, limit = cost_and_limit(c, player, action, [])
        text = Text(f"{ACTIONS[action]} ").append(f"{cost}{unit}", style="bold")
        return text.append(f" ({limit})" if limit != usual else "")

    lines = [Text(f"Next costs, paid with ≤{usual} cards:", style="dim")]
    for built, used in PAIRS:
        colour = action_colour(built)
        lines.append(look.colour(colour).append(" " * (6 - len(colour))).append_text(
            price(built)).append(" · ").append_text(price(used)))
    last = price("buy", " cr").append(" · Trade 1 cr/symbol")
    trade = cost_and_limit(c, player, "trade", [])[1]
    last.append(f" ({trade})" if trade != usual else "")
    if any(card["tokens"] for card in p["empire"]):  # Remove Blockades can be taken
        last.append(f" · Remove {c.rules.remove_rate}/token")
    return [*lines, last]


def rows(view: dict[str, Any], p: dict[str, Any]) -> list[Text]:
    lines = []
    for kind in KINDS:
        title = Text(look.KIND_NAMES[kind], style="bold underline")
        lines.append(title.append(f" ({KIND_COLOUR[kind]})", style="dim"))
        for where, key in (("building", "construction"), ("empire", "empire")):
            for card in (c for c in p[key] if c["kind"] == kind):
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
    head.append(f" · Bank {p['credits']} cr · {p['vp']} VP")
    parts: list[RenderableType] = [head, *costs(p)]
    faction = look.content().factions.get(p["faction"])
    if faction is not None:
        parts.append(Text(f"Faction Action: {faction.action_name}", style="italic"))
    parts += [Text("B building (Under Construction) · E Empire", style="dim"),
              *rows(view, p)]
    return Group(*parts)
