"""The attack under way (the view's ``attack``), when it concerns the reader (the
attacker or the defender; a spectator: any): who attacks what with which ship, the
Resource cards revealed and their number, the attack value and the row of the table that
applies, and the whole table with that row marked."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from tui.games.artifacts import look


def concerns(view: dict[str, Any]) -> bool:
    attack = view.get("attack")
    if attack is None:
        return False
    return view["seat"] < 0 or view["seat"] in (attack["attacker"], attack["defender"])


def battle(view: dict[str, Any], words: Any) -> RenderableType | None:
    if not concerns(view):
        return None
    attack = view["attack"]
    attacker = attack["attacker"]
    head = look.mark(view, attacker).append(f" {words.seat_name(view, attacker)} attacks ",
                                             style="bold")
    if attack["target"] == "system":
        head.append(f"the Alien System {look.table_of(attack['system']).name}", style="bold")
        table_id = attack["system"]
    else:
        defender = attack["defender"]
        head.append_text(look.mark(view, defender))
        head.append(f" {words.seat_name(view, defender)}", style="bold")
        plan = attack["plan"]
        table_id = None if plan is None else ("basic_defense" if plan == "basic"
                                              else plan.split(":")[-1])
    lines: list[RenderableType] = [head]
    if attack["target"] == "player":
        lines.append(Text("Defense: " + ("kept secret until the first result"
                                         if table_id is None
                                         else look.table_of(table_id).name)))
    strike, last = attack["strike"], attack["last"]
    if strike is not None:
        lines.append(_ship_line("Attacking", strike["ship"]))
        lines += _revealed(strike["cards"])
        if strike["number"]:
            lines.append(Text(f"Number {strike['number']}"
                              + (f", +{strike['boost']} from artifacts" if strike["boost"]
                                 else "")))
    row = None
    if last is not None:
        lines.append(_ship_line("Last strike", last["ship"]))
        lines += _revealed(last["cards"])
        lines.append(Text(f"Attack value {last['value']}: row {last['row']} of "
                          f"{look.table_of(last['table']).name}", style="bold"))
        row, table_id = last["row"], last["table"]
    if attack["ships"]:
        names = ", ".join(look.card_name("ship", s) for s in attack["ships"])
        lines.append(Text(f"Ships that attacked: {names}", style="dim"))
    if table_id is not None:
        table = look.table_of(table_id)
        lines.append(Text(f"{table.name}, by attack value:", style="underline"))
        for value, values, what in look.table_rows(table):
            marked = value == row
            lines.append(Text(f"{'▸' if marked else ' '} {values} {what}",
                              style="bold reverse" if marked else ""))
    return Group(*lines)


def _revealed(cards: list[str]) -> list[RenderableType]:
    """The Resource cards revealed, each with its number (its value in combat)."""
    return [Text("Revealed: ").append_text(look.resource(r, number=True)) for r in cards]


def _ship_line(label: str, ship: str) -> Text:
    if not ship:
        return Text(f"{label}: no ship (a card's attack)")
    found = look.content().ships[ship]
    return Text(f"{label}: {found.name} ({look.TYPES[found.type]}, +{found.bonus})")
