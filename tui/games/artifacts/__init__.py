"""Alien Artifacts' panes for the client (tui/plugins.py): the card table as the main pane,
the empire board with each action's next cost, the hand, the status line, the scores and
the attack under way; its rules reference is rules.md beside this file."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tui.games.artifacts import battle, empire, hand, look
from tui.games.artifacts.table import CardTable
from tui.plugins import CardRow, RulesetUI

# The rules reference's section (rules.md) that explains each kind of decision.
GUIDES = {
    **dict.fromkeys(("faction", "setup_keep"), "Setup and factions"),
    **dict.fromkeys(("action", "after"), "Your turn"),
    **dict.fromkeys(("pay", "pay_colour"), "Paying with Resource cards"),
    "target": "Discover, Develop and Build",
    "side": "Logistics and Operational sides",
    "auto_order": "Automatic construction",
    **dict.fromkeys(("buy_deck", "buy_extra", "buy_keep"), "Buy"),
    **dict.fromkeys(("prepare_row", "prepare_attach"), "Prepare"),
    **dict.fromkeys(("remove_row", "remove_token", "bypass"), "Blockades"),
    **dict.fromkeys(("attack_target", "ship_order", "reveal_pick", "boost",
                     "blockade_place"), "Attacks"),
    "defense_plan": "Defense Plans",
    **dict.fromkeys(("produce_section", "produce_planet", "mine_next"),
                    "Production and Mining"),
    "revenue_next": "Gain Revenue and selling",
    **dict.fromkeys(("take_keep", "take_deck", "rival"), "Card effects"),
    "discard": "The draw step",
}
PHASES = {"setup": "Setup", "play": "Playing", "over": "Game over"}
SCORE_PARTS = (("play", "Play"), ("empire", "Cards"), ("technology", "Techs"),
               ("faction", "Faction"))


class ArtifactsUI:
    # The draw step ends every turn: keeping the rest draws, which cannot be taken back,
    # but shows the player nothing but their own new cards; asking each turn would cost a
    # key for nothing (the game screen asks before other final choices).
    unconfirmed = frozenset({"discard"})

    def main_pane(self) -> CardTable:
        return CardTable()

    def guide(self, kind: str) -> str:
        return GUIDES.get(kind, "")

    def mark(self, view: dict[str, Any], seat: int) -> Text:
        return look.mark(view, seat)

    def empire(self, view: dict[str, Any], seat: int, words: Any) -> RenderableType:
        return empire.empire(view, seat, words)

    def hand(self, view: dict[str, Any], words: Any) -> list[CardRow]:
        return hand.hand(view, words)

    def battle(self, view: dict[str, Any], words: Any) -> RenderableType | None:
        return battle.battle(view, words)

    def status(self, view: dict[str, Any], words: Any) -> list[str]:
        parts = [PHASES.get(view["phase"], view["phase"])]
        if view["phase"] != "setup":
            parts.append(f"Turn {view['turns']}")
        if view["turn"] >= 0:
            parts.append(f"{words.seat_name(view, view['turn'])}'s turn")
        parts.append(f"Round marker {view['marker']}")
        parts.append(f"{view['deck_count']} Resource cards left")
        if view["ending"]:
            parts.append("the end is triggered")
        return parts

    def scores(self, view: dict[str, Any], words: Any) -> RenderableType:
        """The final parts once scored; during the game, VP so far and Empire cards."""
        table = Table(title="Victory points", expand=False, padding=(0, 0, 0, 1),
                      box=box.SIMPLE_HEAD, show_edge=False)
        for title in ("Player", *(name for _, name in SCORE_PARTS), "VP", "cr", "Empire"):
            table.add_column(title, justify="left" if title == "Player" else "right",
                             style="bold" if title == "VP" else "")

        def rank(p: dict[str, Any]) -> tuple[int, int, int]:
            return total(p), p["credits"], len(p["empire"])

        def total(p: dict[str, Any]) -> int:
            return sum(p["end_vp"].values()) if p["end_vp"] else p["vp"] + len(p["empire"])

        for p in sorted(view["players"], key=rank, reverse=True):
            parts = p["end_vp"] or {"play": p["vp"], "empire": len(p["empire"])}
            player = look.mark(view, p["seat"]).append(f" {words.seat_name(view, p['seat'])}")
            if p["seat"] in view["winners"]:
                player.append(" (wins)", style="bold")
            table.add_row(player, *(str(parts.get(key, "-")) for key, _ in SCORE_PARTS),
                          str(total(p)), str(p["credits"]), str(len(p["empire"])))
        legend = Text("Play: VP scored during the game · Cards: 1 VP per Empire card · Techs: "
                      "operational Technologies' end values · Faction: its end scoring. Ties: "
                      "most credits, then most Empire cards, else a shared win.", style="dim")
        return Group(table, legend)


UI: RulesetUI = ArtifactsUI()
