"""Hegemonic's panes for the client (tui/plugins.py): the galaxy map with every board's
standing, the empire board, the hand, the status line, the scores and the conflict's
arithmetic; its rules reference is rules.md beside this file."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tui.games.hegemonic import battle, cells, empire, hand
from tui.games.hegemonic.map import GalaxyMap
from tui.plugins import CardRow, RulesetUI
from tui.widgets.cellmap import MapPane

# The rules reference's section (rules.md) that explains each kind of decision: the first
# time one comes up, and F1 during it, open there.
GUIDES = {
    **dict.fromkeys(("layout", "home", "first_tile"), "Setup"),
    **dict.fromkeys(("leader", "leader_unit", "leader_advance", "interrupt"), "Modules"),
    "tile_hex": "A round",  # Expansion lays a tile before the card is drawn
    **dict.fromkeys(("draw_source", "keep_or_advance", "research_discard", "draft_pick"),
                    "Drawing and advancing Technologies"),
    **dict.fromkeys(("action_card", "arbiter_tie", "tie_order", "action", "basic"),
                    "The Action Cards"),
    **dict.fromkeys(("build", "rebuild", "relocate_to"), "Building"),
    **dict.fromkeys(("gate_near", "gate_far", "gate_pair"), "Quantum Gates"),
    "move_to": "Moving Agents and Fleets",
    **dict.fromkeys(("attacker", "target", "pattern", "hulls", "stealth", "takeover_fill"),
                    "Declaring a conflict"),
    **dict.fromkeys(("support", "conflict_card"), "Conflict power"),
    **dict.fromkeys(("gate_destroy", "gate_rescue", "cleanup"), "Outcome and clean-up"),
    **dict.fromkeys(("gift_to", "gift_amount", "before_arbitration"),
                    "Giving CAPs and discarding"),
}


class HegemonicUI:
    # Choices made every phase whose finality is the table's routine, not the player's
    # stake: an Action Card (the last one chosen reveals them all, as the rules reveal
    # them at once), a draw (it shows the player only their own card), a tile laid and
    # the card kept (final only because the draw or the Pool's refill follows). Asking
    # before each cost a key for nothing; the screen still asks before other final choices.
    unconfirmed = frozenset({"action_card", "draw_source", "tile_hex", "keep_or_advance"})

    def main_pane(self) -> MapPane:
        return MapPane(GalaxyMap(), cells.sector_details)

    def guide(self, kind: str) -> str:
        return GUIDES.get(kind, "")

    def mark(self, view: dict[str, Any], seat: int) -> Text:
        return cells.mark(view, seat)

    def empire(self, view: dict[str, Any], seat: int, words: Any) -> RenderableType:
        return empire.empire(view, seat, words)

    def hand(self, view: dict[str, Any], words: Any) -> list[CardRow]:
        return hand.hand(view, words)

    def battle(self, view: dict[str, Any], words: Any) -> RenderableType | None:
        return battle.battle(view, words)

    def status(self, view: dict[str, Any], words: Any) -> list[str]:
        long, _ = cells.PHASES.get(view["phase"], (view["phase"], ""))
        parts = [f"Round {view['round']}", long] if view["round"] else [long]
        if view["turn"] >= 0:
            parts.append(f"{words.seat_name(view, view['turn'])}'s turn")
        parts.append(f"Arbiter {words.seat_name(view, view['arbiter'])}")
        parts.append(f"{view['stack_size']} tiles to draw")
        return parts

    def scores(self, view: dict[str, Any], words: Any) -> RenderableType:
        table = Table(title="Victory points", expand=False, padding=(0, 0, 0, 1),
                      box=box.SIMPLE_HEAD, show_edge=False)
        for title in ("#", "Player", "Boards", "Techs", "VP", "CAP gain"):
            table.add_column(title, justify="left" if title == "Player" else "right",
                             style="bold" if title == "VP" else "")
        for row in view["standings"]:
            p = view["players"][row["seat"]]
            player = cells.mark(view, row["seat"])
            player.append(f" {words.seat_name(view, row['seat'])}")
            table.add_row(str(row["place"]), player, str(p["vp"] - p["tech_vp"]),
                          str(p["tech_vp"]), str(p["vp"]), str(p["income"]))
        legend = Text("Boards: VP scored on the boards at every Arbitration · Techs: 2 VP a "
                      "tier of each Advanced Technology at the end · CAP gain: the three "
                      "tracks' income, which breaks a tie on VP; still tied, the win is "
                      "shared.", style="dim")
        return Group(table, legend, Text(), cells.standings_strip(view))


UI: RulesetUI = HegemonicUI()
