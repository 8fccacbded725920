"""Fractured Atlas's battle panel: the attack being fought (the view's ``attack`` record),
with the attacker and the defenders, the tokens each brought in, the cards turned over and
the two numbers compared. One column: it reads the same at 38 columns as at 100."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from core.games.atlas import words as atlas_words
from tui.games.atlas.map import owner_style


def attack_panel(view: dict[str, Any], words: Any) -> RenderableType | None:
    """The attack being fought, if the view's seat fights in it (a spectator: any)."""
    record = view.get("attack")
    if record is None:
        return None
    fighters = [record["attacker"], *record["defenders"]]
    if view["seat"] >= 0 and view["seat"] not in fighters:
        return None
    lines: list[RenderableType] = [Text(atlas_words.attack_heading(view, record), style="bold")]
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for seat in fighters:
        role = "Attacker" if seat == record["attacker"] else "Defender"
        head = Text(atlas_words.symbol(view, seat), style=owner_style(view, seat))
        you = " (you)" if seat == view["seat"] else ""
        body = Text(f"{role}: {words.seat_name(view, seat)}{you}", style="bold")
        body.append(f"\n{atlas_words.attack_side(view, record, seat)}")
        table.add_row(head, body)
    lines.append(table)
    bonus = atlas_words.defense_bonus(view, record)
    if bonus:
        lines.append(Text(bonus, style="dim"))
    lines.append(Text(atlas_words.attack_numbers(view, record)))
    return Group(*lines)
