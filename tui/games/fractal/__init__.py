"""Fractal's panes for the client: the map, the empire board, the hand, the battle panel
(``battle.py``) and the scores (tui/plugins.py); its rules reference is rules.md beside this
file."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from core.games.fractal.words import names
from core.words import count
from tui.games.fractal import cells
from tui.games.fractal.battle import battle_panel
from tui.games.fractal.map import HexMap
from tui.plugins import CardRow, RulesetUI
from tui.widgets.cellmap import MapPane

TRACKS = ("imperial", "productive", "scientific", "military")
CATEGORIES = ("imperial", "military", "scientific", "productive", "exploration")
BASIC = ("recruit", "advance", "colonize", "research")
TIE_BREAKERS = ("medals", "influence", "credits", "pieces")


# The rules reference's section (rules.md) that explains each kind of decision: the first
# time one comes up, and F1 during it, open there.
GUIDES = {
    **dict.fromkeys(("faction", "government"), "Setup"),
    "action": "Action phase: your turn", "action_card": "Action cards",
    **dict.fromkeys(("recruit_unit", "deploy"), "Recruit"),
    **dict.fromkeys(("advance_unit", "advance_step", "advance_swarm"),
                    "Advance: movement orders"),
    "advance_cargo": "Transport", "reveal_sector": "Revealing events on the move",
    "colonize": "Colonize",
    **dict.fromkeys(("research_science", "place_science", "develop"),
                    "Research and technologies"),
    **dict.fromkeys(("restore", "upkeep"), "Paying, depleting and restoring actions"),
    "government_times": "Government action",
    **dict.fromkeys(("insight", "insight_return"), "Insight"),
    **dict.fromkeys(("storm_choose", "storm_destination", "storm_orientation"),
                    "Moving living storms"),
    "watcher": "Passing and the watcher", "conflict_order": "Conflict phase: step by step",
    **dict.fromkeys(("tactic", "composition", "target_player", "upgrade_order",
                     "simultaneous_order"), "Battle turn: initiative and compositions"),
    **dict.fromkeys(("damage_sector", "damage_target"), "Damage types and their order"),
    "vanguard": "Unit abilities in battle", "retreat_destination": "Retreat",
    "siege": "Sieges: raze and invade", "battle_medal": "Battle medals and prestige",
    **dict.fromkeys(("resolve_event", "cost_unit", "cost_science", "cost_technology"),
                    "Obstacles and anomalies"),
    "elite_tactic": "Elite tactics", "first_player": "End of cycle phase",
    **dict.fromkeys(("wartime_innovation", "elite_training", "elite_pick", "diplomacy",
                     "diplomacy_answer", "fracture_ingress"), "Advanced modules"),
}


class FractalUI:
    def main_pane(self) -> MapPane:
        return MapPane(HexMap(), cells.sector_details)

    def mark(self, view: dict[str, Any], seat: int) -> Text:
        return cells.mark(view, seat)

    def guide(self, kind: str) -> str:
        return GUIDES.get(kind, "")

    def empire(self, view: dict[str, Any], seat: int, words: Any) -> RenderableType:
        p = view["players"][seat]
        head = cells.mark(view, seat)
        head.append(f" {words.seat_name(view, seat)}", style="bold")
        if p["government"]:
            head.append(f" · {words.card('government', p['government']).name}")
        if p["mastery_elite"]:
            head.append(" · elite mastery")
        money = Text(f"{count(p['credits'], 'credit')} · {p['influence']} influence · "
                     f"{count(p['medals'], 'medal')} · {p['science_tokens']}/8 science")
        if p["income"]:
            money.append(f" · next income {p['income']['credits']}")
        capacity = p["capacity"]
        units = names.symbols().units
        gives = {
            "imperial": f"{capacity['movement_orders']} orders",
            "productive": f"income {p['income']['credits'] if p['income'] else '-'}",
            "scientific": f"research {capacity['research_science']}, range "
                          + "/".join(str(v) for v in capacity["movement_range"].values()),
            "military": "recruit " + " ".join(
                f"{n}{units[k]}" for k, n in capacity["recruit"].items() if n),
        }
        tracks = Table.grid(padding=(0, 1))
        for track in TRACKS:
            taken = p["taken"][track]
            tracks.add_row(track[:4].title(), "●" * taken + "○" * (3 - taken), gives[track])
        markers = Text()
        for action in BASIC:
            m = p["markers"][action]
            state = (f"depleted {p['costs']['depletion']}" if m["depleted"]
                     else ("used" if m["used"] else ""))
            markers.append(action[:3].title(), style="dim" if state else "bold")
            markers.append(f"({state}) " if state else " ")
        gov = p["markers"]["government"]
        markers.append("Gov", style="dim" if gov["used"] else "bold")
        markers.append("(adopted) " if gov["used"] else " ")
        markers.append(f"· Cards {len(p['played_cards'])}/{p['costs']['action_cards']}")
        if p["passed"]:
            markers.append(" · passed", style="bold")
        vp = Text(" ".join(f"{c[:3].title()} {p['vp'][c]}" for c in CATEGORIES)
                  + f" +{p['vp_tokens']} = ")
        vp.append(f"{p['vp_total']} VP", style="bold")
        lines: list[RenderableType] = [head, money, tracks, markers, vp]
        owned = [words.card("technology", t).name for t in p["technologies"]]
        owned += [words.card("artifact", a).name for a in p["artifacts"]]
        if owned:
            lines.append(Text("Owns: " + ", ".join(owned)))
        return Group(*lines)

    def hand(self, view: dict[str, Any], words: Any) -> list[CardRow]:
        rows: list[CardRow] = []
        seat = view["seat"]
        if 0 <= seat < len(view["players"]):
            me = view["players"][seat]
            rows.append(CardRow(Text("Your tactics", style="bold underline")))
            for card in me["hand"]:
                name = words.card("tactic", card).name  # an elite card's name says so
                rows.append(CardRow(Text(f"  {name}"), ("tactic", card)))
            if me["government"]:
                rows.append(CardRow(Text("Government", style="bold underline")))
                rows.append(CardRow(Text("  " + words.card("government", me["government"]).name),
                                    ("government", me["government"])))
            for kind, title in (("technology", "Technologies"), ("artifact", "Artifacts")):
                owned = me["technologies" if kind == "technology" else "artifacts"]
                if owned:
                    rows.append(CardRow(Text(title, style="bold underline")))
                    rows += [CardRow(Text("  " + words.card(kind, c).name), (kind, c))
                             for c in owned]
        rows.append(CardRow(Text("Action pool", style="bold underline")))
        rows += [CardRow(Text(f"  {i + 1}. " + words.card("action", c).name), ("action", c))
                 for i, c in enumerate(view["action_pool"])]
        rows.append(CardRow(Text(f"  deck {view['action_deck']} · discard "
                                 f"{len(view['action_discard'])}", style="dim")))
        for kind, slots in view["tech"].items():
            rows.append(CardRow(Text(f"{kind.title()} technologies", style="bold underline")))
            for i, slot in enumerate(slots):
                science = " ".join(f"{cells.mark(view, int(s)).plain}{n}"
                                   for s, n in slot["science"].items() if n)
                label = (words.card("technology", slot["top"]).name if slot["top"]
                         else "(face down)" if slot["cards"] else "(empty)")
                text = Text(f"  {i + 1}. {label} [{slot['cards']}] {science}")
                card = ("technology", slot["top"]) if slot["top"] else None
                rows.append(CardRow(text, card))
        rows.append(CardRow(Text("Objectives", style="bold underline")))
        for age, objective in enumerate(view["objectives"], start=1):
            if objective:
                name = words.card("objective", objective).name
                rows.append(CardRow(Text(f"  Age {age}: {name}"), ("objective", objective)))
            else:
                rows.append(CardRow(Text(f"  Age {age}: face down", style="dim")))
        if view.get("dawn_objective"):  # Dawn of the Galaxy's second Age 1 card
            name = words.card("objective", view["dawn_objective"]).name
            rows.append(CardRow(Text(f"  Age 1: {name}"), ("objective", view["dawn_objective"])))
        return rows

    def status(self, view: dict[str, Any], words: Any) -> list[str]:
        parts = [f"Cycle {view['cycle']} (Age {view['age']})",
                 view["phase"].replace("_", " ").title()]
        if view["turn"] >= 0 and view["phase"] == "action":
            parts.append(f"{words.seat_name(view, view['turn'])}'s turn")
        return parts

    def battle(self, view: dict[str, Any], words: Any) -> RenderableType | None:
        return battle_panel(view, words)

    def scores(self, view: dict[str, Any], words: Any) -> RenderableType:
        standings = view["standings"]
        best = max((r["vp"] for r in standings), default=0) or 1
        bars = Table.grid(padding=(0, 1))
        for row in standings:
            bar = "█" * round(20 * row["vp"] / best)
            bars.add_row(cells.mark(view, row["seat"]), Text(bar, style=cells.colour_of(
                view, row["seat"]) or ""), str(row["vp"]))
        legend = Text("Imp Mil Sci Pro Exp: VP by category · Tok: victory tokens · then the "
                      "tie-breakers in order: Med medals, Inf influence, Cre credits, Pie "
                      "units and colonies on the map", style="dim")
        return Group(ScoreTable(view, words), legend, Text(_tie_note(view, standings)), bars)


class ScoreTable:
    """The places with VP by category and the tie-breakers: one table where it fits, else
    the tie-breakers in a table of their own below (Rich would cut columns)."""

    def __init__(self, view: dict[str, Any], words: Any) -> None:
        self.view, self.words = view, words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        whole = self._table(vp=True, ties=True)
        if Measurement.get(console, options.update_width(1000), whole).minimum \
                <= options.max_width:
            yield whole
            return
        yield self._table(vp=True, ties=False)
        yield self._table(vp=False, ties=True)

    def _table(self, vp: bool, ties: bool) -> Table:
        view = self.view
        table = Table(title="Victory points" if vp else "Tie-breakers", expand=False,
                      padding=(0, 0, 0, 1), box=box.SIMPLE_HEAD, show_edge=False)
        table.add_column("#", justify="right")
        table.add_column("Player", min_width=12)
        headings = [*(c[:3].title() for c in CATEGORIES), "Tok", "VP"] if vp else []
        for heading in headings:
            table.add_column(heading, justify="right", style="bold" if heading == "VP" else "")
        for name in TIE_BREAKERS if ties else ():
            table.add_column(name[:3].title(), justify="right")
        for row in view["standings"]:
            p = view["players"][row["seat"]]
            player = cells.mark(view, row["seat"])
            player.append(f" {self.words.seat_name(view, row['seat'])}")
            points = [*(str(p["vp"][c]) for c in CATEGORIES), str(p["vp_tokens"]),
                      str(row["vp"])] if vp else []
            table.add_row(str(row["place"]), player, *points,
                          *(str(row[t]) for t in TIE_BREAKERS if ties))
        return table


def _tie_note(view: dict[str, Any], standings: list[dict[str, int]]) -> str:
    """Which tie-breaker settled each pair of places VP alone did not, naming the pair."""
    notes = []
    for a, b in pairwise(standings):
        if a["vp"] != b["vp"]:
            continue
        pair = " and ".join(str(view["players"][row["seat"]]["name"]) for row in (a, b))
        decided = next((t for t in TIE_BREAKERS if a[t] != b[t]), None)
        shared = "the win" if a["place"] == 1 else "their place"
        notes.append(f"{pair} tied on VP, separated by {decided}" if decided
                     else f"{pair} tied on VP and every tie-breaker: they share {shared}")
    return "; ".join(notes) if notes else "VP alone decided the places."


UI: RulesetUI = FractalUI()
