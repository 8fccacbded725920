"""A conflict's arithmetic, the part players of the printed game find hardest: each side's
Conflict Power and where every point comes from.

Two moments: before an attack is committed (the viewer's ``target`` decision, or a
backing to choose), each option's preview as the view works it out with the engine's own
arithmetic (``preview`` in the view: docs/hegemonic.md); and a conflict under way (the
``conflict`` task of the view's stack), step by step up to its result. Both sides side by
side when the pane is wide enough, one above the other when it is not.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from core.games.hegemonic.content import ATTACKER_KIND, KINDS
from tui.games.hegemonic.cells import content, heading, mark

View = dict[str, Any]
SIDE_BY_SIDE = 56  # columns from which the two sides stand side by side

SOURCES = {"complexes": "Complexes here", "complexes in range": "Complexes in range",
           "gates": "gates here", "embassies": "Embassies here",
           "faction": "faction's Embassies", "agents": "Agents here", "agent": "the Agent",
           "outposts": "Outposts here", "outposts in range": "Outposts in range",
           "fleets": "Fleets here", "fleet": "the Fleet", "outpost": "backing stack",
           "card": "Technology Card", "leader": "Leader"}
PIECES = {"industrial": "Complexes", "political": "Embassies", "martial": "Outposts"}
UNITS = {"industrial": "gates", "political": "Agents", "martial": "Fleets"}
STAGES = {"backing": "choosing what backs the Agents and Fleets",
          "support": "bystanders choose, in secret, whom to support",
          "cards": "both sides choose a Technology Card, in secret",
          "leaders": "Leaders may act before the outcome",
          "outcome": "the higher power wins", "aftermath": ""}
BEST_CARD = 3  # the highest power value a Technology Card has


@dataclass(frozen=True, slots=True)
class Side:
    seat: int
    role: str  # "attacks" or "defends"
    pieces: str  # what fights: "a Fleet", "Embassies"
    kind: str  # the kind of power it uses
    parts: list[tuple[str, int]]


def battle(view: View, words: Any) -> RenderableType | None:
    """The conflict under way, else the previews of the viewer's decision, else None."""
    running = next((t for t in reversed(view["stack"]) if t["kind"] == "conflict"), None)
    if running is not None and "atk_parts" in running["data"]:
        return _conflict(view, words, running["data"])
    if view.get("preview"):
        return _previews(view, words)
    if running is not None:
        data = running["data"]
        line = _title(view, words, data)
        return Group(line, Text(STAGES["backing"], style="dim"))
    return None


# --- a conflict under way -----------------------------------------------------------------


def _sides(view: View, data: dict[str, Any], record: dict[str, Any]) -> tuple[Side, Side]:
    """Both sides of the conflict ``data`` with the power and backings of ``record`` (the
    conflict's own, or a preview's)."""
    pattern = content().patterns[data["pattern"]]
    target = data["target"]
    head = data["piece"].partition(":")[0]
    what = {"group": "Complexes", "agent": "an Agent", "fleet": "a Fleet"}[head]
    targeted = PIECES[target["kind"]] if target["locations"] else UNITS[target["kind"]]
    faction = view["sectors"][target["sector"]]["faction"] or ""
    attack = _named(view, record["attack"], [record.get("atk_backing", "")], faction)
    defence = _named(view, record["defence"], record.get("def_backing", []), faction)
    return (Side(data["attacker"], "attacks", what, ATTACKER_KIND[pattern.attacker], attack),
            Side(target["defender"], "defends", targeted, target["kind"], defence))


def _named(view: View, parts: list[Any], backings: list[str], faction: str
           ) -> list[tuple[str, int]]:
    """Each source of power under a name that says which: a unit's backing (a faction's
    Embassies, an Outpost stack), in the order the backings were chosen, or the other
    Embassies of the defended sector's faction."""
    queue = [b for b in backings if b]
    named = []
    for label, value in parts:
        if label in ("faction", "outpost") and queue:
            head, _, rest = queue.pop(0).partition(":")
            label = (f"{rest} Embassies" if head == "faction"
                     else f"stack in {view['locations'][int(rest)]['sector']}")
        elif label == "faction":
            label = f"other {faction} Embassies"
        named.append((str(label), int(value)))
    return named


def _conflict(view: View, words: Any, data: dict[str, Any]) -> RenderableType:
    attack, defence = _sides(view, data, {**data, "attack": data["atk_parts"],
                                           "defence": data["def_parts"]})
    lines: list[RenderableType] = [_title(view, words, data), Duel(view, words, attack, defence)]
    cards = [f"{words.seat_name(view, seat)} played {content().tech_of(card).name}"
             for seat, card in ((attack.seat, data.get("atk_card")),
                                (defence.seat, data.get("def_card"))) if card]
    if cards:
        lines.append(Text("; ".join(cards) + "."))
    result = data.get("result")
    if result:
        winner = {"attacker": attack.seat, "defender": defence.seat}.get(result)
        said = "A draw." if winner is None else f"{words.seat_name(view, winner)} wins."
        lines.append(Text(said, style="bold"))
    elif STAGES.get(data["stage"]):
        lines.append(Text(STAGES[data["stage"]] + _cards_to_come(data), style="dim"))
    return Group(*lines)


def _cards_to_come(data: dict[str, Any]) -> str:
    if data["stage"] not in ("backing", "support"):
        return ""
    return f"; then each adds a card's value (up to {BEST_CARD})"


def _title(view: View, words: Any, data: dict[str, Any]) -> Text:
    pattern = content().patterns[data["pattern"]]
    sector = data["target"]["sector"]
    title = Text(f"{pattern.conflict.upper()} ({pattern.name}) at {sector} ", style="bold")
    title.append(heading(view, sector)[0], style="bold")
    return title


# --- before an attack ---------------------------------------------------------------------


def _previews(view: View, words: Any) -> RenderableType:
    prompt = view["prompts"][0]
    lines: list[RenderableType] = []
    if prompt["kind"] == "target":
        lines.append(Text("Before you attack: each target's power", style="bold"))
    else:
        lines.append(Text("Each backing's power", style="bold"))
    for option, found in view["preview"].items():
        data = _preview_record(view, prompt, option, found)
        attack, defence = _sides(view, data, found)
        lines.append(_option_title(view, words, prompt, option, data, found))
        lines.append(Duel(view, words, attack, defence, found["support"]))
    me = view["players"][view["seat"]]
    kind = _my_kind(view, prompt)
    if me["hand"] and kind:
        best = max(content().power(c, kind) for c in me["hand"])
        lines.append(Text(f"Then each side adds a Technology Card: your best gives {best} "
                          f"{kind}, theirs up to {BEST_CARD}.", style="dim"))
    return Group(*lines)


def _preview_record(view: View, prompt: dict[str, Any], option: str, found: dict[str, Any]
                    ) -> dict[str, Any]:
    """The conflict the option would make, in the shape of the stack's conflict record."""
    running = next((t for t in reversed(view["stack"]) if t["kind"] == "conflict"), None)
    if running is not None:
        return dict(running["data"])
    _, sector, defender = option.split(":")
    pattern = content().patterns[prompt["context"]["pattern"]]
    bases = [i for i in view["sectors"][int(sector)]["locations"]
             if view["locations"][i]["owner"] == int(defender)
             and view["locations"][i]["kind"] == pattern.target]
    return {"attacker": view["seat"], "pattern": pattern.id,
            "piece": prompt["context"]["piece"],
            "target": {"sector": int(sector), "defender": int(defender), "kind": pattern.target,
                       "locations": bases}}


def _option_title(view: View, words: Any, prompt: dict[str, Any], option: str,
                  data: dict[str, Any], found: dict[str, Any]) -> Text:
    if prompt["kind"] == "target":
        sector = data["target"]["sector"]
        title = Text(f"{sector} {heading(view, sector)[0]}: ")
        title.append_text(mark(view, data["target"]["defender"]))
        title.append(f" {words.seat_name(view, data['target']['defender'])}")
        if found["cost"]:
            title.append(f", costs {found['cost']} CAP{'s' if found['cost'] != 1 else ''}")
        return title
    return Text(_backing_words(option), style="underline")


def _backing_words(option: str) -> str:
    if option == "none":
        return "No backing"
    head, _, rest = option.partition(":")
    return f"The {rest} faction" if head == "faction" else f"The Outposts at Location {rest}"


def _my_kind(view: View, prompt: dict[str, Any]) -> str:
    """The kind of power the viewer fights with in the decision's conflict."""
    if prompt["kind"] == "target":
        return ATTACKER_KIND[content().patterns[prompt["context"]["pattern"]].attacker]
    running = next(t for t in reversed(view["stack"]) if t["kind"] == "conflict")
    data = running["data"]
    if data["attacker"] == view["seat"]:
        return ATTACKER_KIND[content().patterns[data["pattern"]].attacker]
    kind: str = data["target"]["kind"]
    return kind if kind in KINDS else ""


# --- the two sides ------------------------------------------------------------------------


class Duel:
    """Both sides' power by source, side by side or one above the other by the room."""

    def __init__(self, view: View, words: Any, attack: Side, defence: Side,
                 support: dict[str, dict[str, int]] | None = None) -> None:
        self.view, self.words = view, words
        self.sides = (attack, defence)
        self.support = support or {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        columns = [list(self._column(side)) for side in self.sides]
        if options.max_width >= SIDE_BY_SIDE:
            table = Table.grid(padding=(0, 2), expand=False)
            table.add_column()
            table.add_column()
            for left, right in zip(*(c + [Text()] * (max(map(len, columns)) - len(c))
                                     for c in columns), strict=True):
                table.add_row(left, right)
            yield table
        else:
            for column in columns:
                yield from column

    def _column(self, side: Side) -> Iterator[Text]:
        view, words = self.view, self.words
        head = mark(view, side.seat)
        head.append(f" {words.seat_name(view, side.seat)} {side.role}: {side.pieces}, "
                    f"{side.kind}")
        yield head
        for label, value in side.parts:
            yield Text(f"  {_source(view, words, label):<22}{value:>3}")
        role = "attacker" if side.role == "attacks" else "defender"
        lend = sum(o.get(role, 0) for o in self.support.values())
        if lend:
            who = ", ".join(words.seat_name(view, int(s)) for s, o in self.support.items()
                            if o.get(role))
            yield Text(f"  {'may be supported':<22}{'+' + str(lend):>3}", style="dim")
            yield Text(f"    by {who}", style="dim")
        total = sum(v for _, v in side.parts)
        yield Text(f"  {'total':<22}{total:>3}", style="bold")


def _source(view: View, words: Any, label: str) -> str:
    head, _, seat = label.partition(":")
    if head == "support":
        return f"support of {view['players'][int(seat)]['name']}"
    return SOURCES.get(label, label)


def battle_lines(view: View, words: Any, width: int) -> list[Text]:
    """The conflict (or the previews) as lines of ``width`` columns, for a pane that lists
    lines rather than drawing a renderable."""
    found = battle(view, words)
    if found is None:
        return []
    console = Console(width=width)
    lines = []
    for segments in console.render_lines(found, console.options, pad=False):
        line = Text()
        for segment in segments:
            line.append(segment.text, segment.style)
        line.rstrip()
        lines.append(line)
    return lines
