"""The hand pane: the viewer's Resource cards (their number and both sections), their
Defense Plans with the Basic tile (each a table by attack value), their Alien Artifacts
and their faction card, each a row that opens the card in full."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tui.games.artifacts import look
from tui.plugins import CardRow


def heading(text: str) -> CardRow:
    return CardRow(Text(text, style="bold underline"))


def none() -> CardRow:
    return CardRow(Text("  none", style="dim"))


def plan_row(plan_id: str) -> CardRow:
    table = look.table_of(plan_id)
    text = Text(f"  {table.name}", style="bold")
    for _, values, what in look.table_rows(table):
        text.append(f"\n    {values} ", style="bold").append(what)
    return CardRow(text, ("plan", plan_id))


def hand(view: dict[str, Any], words: Any) -> list[CardRow]:
    seat = view["seat"]
    if not 0 <= seat < len(view["players"]):
        return [heading("Spectating"), CardRow(Text("  Hands, Defense Plans and Alien "
                                                    "Artifacts are their owners' secrets.",
                                                    style="dim"))]
    me = view["players"][seat]
    c = look.content()
    rows = [heading(f"Your Resource cards ({me['hand_count']})")]
    rows += [CardRow(Text("  ").append_text(look.resource(rid)), ("resource", rid))
             for rid in me["hand"] or []] or [none()]
    rows.append(heading(f"Your Defense Plans ({me['plan_count']} + the Basic tile)"))
    rows.append(plan_row(c.basic.id))
    rows += [plan_row(plan) for plan in me["plans"] or []]
    rows.append(heading(f"Your Alien Artifacts ({me['artifact_count']})"))
    for artifact in me["artifacts"] or []:
        found = c.artifacts[artifact]
        when = "in an attack" if found.ability.mode == "attack" else "in your turn"
        text = Text(f"  {found.name}", style="bold").append(f" ({when})", style="dim")
        text.append(f"\n    {found.ability.text}")
        rows.append(CardRow(text, ("artifact", artifact)))
    if not me["artifacts"]:
        rows.append(none())
    faction = c.factions.get(me["faction"])
    if faction is not None:
        rows.append(heading(f"Your faction: {faction.name}"))
        text = Text(f"  {faction.action_name}: ", style="bold").append(faction.action.text)
        text.append("\n  At the end: ", style="bold").append(faction.end_text)
        rows.append(CardRow(text, ("faction", faction.id)))
    return rows
