"""Fractured Atlas's panes for the client: the map of Places, the Advisor and supply (the
empire-board pane), the two action cards (the hand), the status line, the attack being
fought (``attack.py``) and the scores (tui/plugins.py); its rules reference is rules.md
beside this file."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from core.games.atlas.words import card_line, card_name, symbol
from core.words import capital, count
from tui.games.atlas.attack import attack_panel
from tui.games.atlas.map import PlaceGrid, details, owner_style
from tui.plugins import CardRow, RulesetUI
from tui.widgets.cellmap import MapPane

# The rules reference's section (rules.md) that explains each kind of decision: the first
# time one comes up, and F1 during it, open there.
GUIDES = {
    "advisor": "Setup", "card": "A round", "action": "The actions by suit",
    **dict.fromkeys(("explore", "migrate", "migrate_token"), "Explore and Migrate (Waves)"),
    **dict.fromkeys(("exploit", "trade", "trade_swap", "build"), "Exploit, Trade and Build"),
    **dict.fromkeys(("magic", "magic_target"), "Magic (Moons)"),
    **dict.fromkeys(("attack", "attack_gather", "attack_rivals", "defend", "attack_remove"),
                    "Attack (Wyrms)"),
    **dict.fromkeys(("advisor_action", "move", "hire"), "The Advisor phase"),
    "discard": "The Resolution phase",
}


class AtlasUI:
    def main_pane(self) -> MapPane:
        return MapPane(PlaceGrid(), details)

    def guide(self, kind: str) -> str:
        return GUIDES.get(kind, "")

    def mark(self, view: dict[str, Any], seat: int) -> Text:
        return Text(symbol(view, seat), style=owner_style(view, seat))

    def empire(self, view: dict[str, Any], seat: int, words: Any) -> RenderableType:
        p = view["players"][seat]
        head = self.mark(view, seat)
        head.append(f" {words.seat_name(view, seat)}", style="bold")
        if p["advisor"]:
            advisor = words.card("card", p["advisor"])
            lines: list[RenderableType] = [
                head, Text(f"Advisor: {advisor.name}, {count(p['advisor_tokens'], 'token')}"),
                Text("  " + advisor.lines[0], style="dim")]
        else:
            lines = [head, Text("Advisor: still to be chosen")]
        lines.append(Text(f"Supply {p['supply']} · on the map {p['on_map']} · "
                          f"{count(p['hand_size'], 'card')} in hand"))
        played = card_name(p["played"]) if p["played"] else "none yet"
        took = f", took {p['took'].title()}" if p["took"] else ""
        lines.append(Text(f"Played this round: {played}{took}"))
        vp = p["vp"]
        score = Text(f"Fiefs {vp['fiefs']} + disputed {vp['disputed']} + Tower {vp['tower']} = ")
        score.append(f"{p['vp_total']} VP", style="bold")
        lines.append(score)
        return Group(*lines)

    def hand(self, view: dict[str, Any], words: Any) -> list[CardRow]:
        rows: list[CardRow] = []
        seat = view["seat"]
        if 0 <= seat < len(view["players"]):
            me = view["players"][seat]
            if me["dealt"]:
                rows.append(CardRow(Text("Advisors offered", style="bold underline")))
                rows += [CardRow(Text("  " + card_line(c)), ("card", c))
                         for c in me["dealt"]]
            rows.append(CardRow(Text("Your action cards", style="bold underline")))
            for card in me["hand"]:
                chosen = " (chosen)" if card == me.get("choice") else ""
                rows.append(CardRow(Text(f"  {card_line(card)}{chosen}"), ("card", card)))
        played = [(p["seat"], p["played"]) for p in view["players"] if p["played"]]
        if played:
            rows.append(CardRow(Text("Played this round", style="bold underline")))
            rows += [CardRow(Text(f"  {symbol(view, s)} "
                                  f"{capital(card_name(c))}"), ("card", c))
                     for s, c in played]
        rows.append(CardRow(Text("Decks", style="bold underline")))
        rows.append(CardRow(Text(f"  Action Deck {view['deck']} · discards "
                                 f"{len(view['discard'])} · Atlas {view['atlas']}", style="dim")))
        rows += [CardRow(Text(f"  discarded: {card_name(c)}", style="dim"), ("card", c))
                 for c in reversed(view["discard"][-3:])]
        rows += [CardRow(Text(f"  Atlas bottom: {card_name(c)}", style="dim"), ("card", c))
                 for c in view["atlas_bottom"]]
        return rows

    def status(self, view: dict[str, Any], words: Any) -> list[str]:
        from core.games.atlas.words import PHASES

        parts = [f"Round {view['round']}" if view["round"] else "Setup",
                 PHASES.get(view["phase"], view["phase"]).capitalize()]
        if view["turn"] >= 0:
            parts.append(f"{words.seat_name(view, view['turn'])}'s turn")
        if view["ending"]:
            parts.append("last round" if view["last_round"] else "Atlas explored")
        return parts

    def battle(self, view: dict[str, Any], words: Any) -> RenderableType | None:
        return attack_panel(view, words)

    def scores(self, view: dict[str, Any], words: Any) -> RenderableType:
        table = Table(title="Victory points", expand=False, padding=(0, 0, 0, 1),
                      box=box.SIMPLE_HEAD, show_edge=False)
        for heading in ("#", "Player", "Fiefs", "Disputed", "Tower", "VP"):
            table.add_column(heading, justify="left" if heading == "Player" else "right",
                             style="bold" if heading == "VP" else "")
        for row in view["standings"]:
            player = self.mark(view, row["seat"])
            player.append(f" {words.seat_name(view, row['seat'])}")
            table.add_row(str(row["place"]), player, str(row["fiefs"]), str(row["disputed"]),
                          str(row["tower"]), str(row["vp"]))
        legend = Text("Fiefs: 1 VP a suit on each Place you rule · Disputed: shares of Places "
                      "no one rules, to the highest Tower there · Tower: 2 VP for the highest "
                      "Tower on the map. Equal totals share the win.", style="dim")
        return Group(table, legend)


UI: RulesetUI = AtlasUI()
