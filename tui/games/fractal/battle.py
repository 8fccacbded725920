"""Fractal's battle panel: the view's ``battle`` record drawn for the game screen.

Both sides with their forces, losses, tactics (the playable ones plain; the reader's others
dimmed with why, another side's named in one line) and where they would retreat; then the
order of play and every turn's cards. The words come from
``core.games.fractal.words.battles``. Wide enough, the sides stand side by side; in a
narrow pane (38 columns at 80x24) one above the other.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from core.games.fractal.words import battles
from core.games.fractal.words.names import card_name
from tui.games.fractal import cells

SIDE_BY_SIDE = 50  # columns from which the two sides stand side by side
LAST = "⚠"  # marks a tactic that would leave its side nothing to play


def battle_panel(view: dict[str, Any], words: Any) -> RenderableType | None:
    """The panel of the battle being fought, if it concerns the view's seat (a spectator:
    any battle); None otherwise."""
    record = battles.battle_of(view)
    if record is None or not battles.takes_part(view, record):
        return None
    return BattlePanel(view, record, words)


class BattlePanel:
    """A Rich renderable that lays itself out for the width it is given."""

    def __init__(self, view: dict[str, Any], record: dict[str, Any], words: Any) -> None:
        self.view, self.record, self.words = view, record, words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, record = self.view, self.record
        yield Text(battles.stage(view, record), style="bold")
        sides = [_side(view, record, side, self.words) for side in _sides_in_order(view, record)]
        if options.max_width >= SIDE_BY_SIDE:
            table = Table.grid(expand=True, padding=(0, 2))
            for _ in sides:
                table.add_column(ratio=1)
            table.add_row(*sides)
            yield table
        else:
            for index, side in enumerate(sides):
                if index:
                    yield Text("")
                yield side
        yield Rule(style="dim")
        yield from _turns(view, record)
        yield Text(battles.order(view, record), style="dim")


def _sides_in_order(view: dict[str, Any], record: dict[str, Any]) -> list[dict[str, Any]]:
    """The reader's side first, then the others in seat order."""
    return sorted(record["sides"], key=lambda side: (side["seat"] != view["seat"], side["seat"]))


def _side(view: dict[str, Any], record: dict[str, Any], side: dict[str, Any],
          words: Any) -> RenderableType:
    seat = side["seat"]
    head = cells.mark(view, seat)
    head.append(f" {words.seat_name(view, seat)}", style="bold")
    if seat == view["seat"]:
        head.append(" (you)")
    lines: list[RenderableType] = [head, Text(battles.forces(side))]
    for line, style in ((battles.started(side), "dim"), (battles.losses(side), ""),
                        (battles.choosing(view, side), "italic")):
        if line:
            lines.append(Text(line, style=style))
    lines.append(Text(battles.tactics_heading(side), style="underline"))
    lines.append(_tactics(view, record, side))
    shown = battles.retreat(view, record, side)
    if shown:
        lines.append(Text(shown))
    return Group(*lines)


def _tactics(view: dict[str, Any], record: dict[str, Any], side: dict[str, Any]) -> Table:
    """The playable tactics by initiative, then the others dimmed with why; a reason wraps
    under its tactic's name."""
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    playable = sorted((t for t in side["tactics"] if t["playable"]),
                      key=lambda t: t["initiative"])
    for tactic in playable:
        line = Text(battles.tactic_label(tactic["id"], tactic["initiative"]))
        if tactic["id"] == side.get("choice"):
            line.append(" ◀ chosen", style="bold")
        if tactic["last"]:
            line.append(f" {LAST} {battles.LAST_NOTES[tactic['last']]}", style="bold yellow")
        table.add_row(Text("✓"), line)
    if side["seat"] != view["seat"]:  # another's cards: which, not why at length
        rest = battles.unplayable_list(side)
        if rest:
            table.add_row(Text("✗", style="dim"), Text(rest, style="dim"))
        return table
    for tactic in side["tactics"]:
        if not tactic["playable"]:
            line = Text(battles.tactic_label(tactic["id"], tactic["initiative"]), style="dim")
            line.append("\n" + battles.reason(view, record, side["seat"], tactic["id"]),
                        style="dim italic")
            table.add_row(Text("✗", style="dim"), line)
    return table


def _turns(view: dict[str, Any], record: dict[str, Any]) -> Iterator[Text]:
    resolving = record["stage"] == "resolve"
    for index in range(len(record["turns"])):
        now = resolving and index == len(record["turns"]) - 1
        line = Text(f"Turn {index + 1}: ", style="bold" if now else "")
        line.append(" · ".join(battles.turn_cards(view, record, index)))
        yield line
    if resolving:
        for index, card in enumerate(record["cards"]):
            status = battles.card_status(record, index)
            yield Text(f"  {card_name(card['tactic'])}: {status}",
                       style="bold" if status == "resolving now" else "dim")
    if not record["turns"]:
        yield Text("No card revealed yet.", style="dim")
