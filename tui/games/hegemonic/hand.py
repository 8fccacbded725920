"""The hand pane: the viewer's Technology Cards with their three power values and what each
does, the cards they may draft or the tiles they were dealt, their Inactive pile, the six
Action Cards (their own choice marked, everyone's once revealed), then what everyone may
draw from: the Sector Pool, the discard piles' tops and the stacks."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tui.games.hegemonic import cards
from tui.games.hegemonic.battle import battle_lines
from tui.games.hegemonic.cells import content, mark
from tui.plugins import CardRow

CONFLICT_WIDTH = 30  # the hand is a narrow pane: the conflict's sides one above the other
PILE_NAMES = ("Industrial", "Political", "Martial")  # the Multiple Discard Piles module


def heading(text: str) -> CardRow:
    return CardRow(Text(text, style="bold underline"))


def tech_rows(cards_: list[str], facts: bool = True) -> list[CardRow]:
    """A Technology Card a row: its name and powers, and under it what it does."""
    rows = []
    for card in cards_:
        text = Text("  ").append_text(cards.tech_line(card))
        if facts:
            text.append(f"\n    {cards.tech_facts(card)}", style="dim")
        rows.append(CardRow(text, ("technology", card)))
    return rows


def hand(view: dict[str, Any], words: Any) -> list[CardRow]:
    rows = [CardRow(line) for line in battle_lines(view, words, CONFLICT_WIDTH)]
    if rows:
        rows.insert(0, heading("Conflict"))
    seat = view["seat"]
    if 0 <= seat < len(view["players"]):
        rows += own_rows(view, view["players"][seat])
    rows += played_rows(view)
    rows += shared_rows(view)
    return rows


def own_rows(view: dict[str, Any], me: dict[str, Any]) -> list[CardRow]:
    rows = [heading("Your technologies (power I/P/M)")]
    rows += tech_rows(me["hand"]) or [CardRow(Text("  none in hand", style="dim"))]
    if me["draft"]:
        rows.append(heading("To draft"))
        rows += tech_rows(me["draft"])
    if me["dealt"]:
        rows.append(heading("Sector Tiles dealt to you"))
        rows += [CardRow(Text("  " + cards.tile_line(t)), ("tile", t)) for t in me["dealt"]]
    if me["inactive"]:
        rows.append(heading("Your Inactive pile"))
        rows += tech_rows(me["inactive"], facts=False)
    rows.append(heading("Your Action Cards"))
    for card in content().action_cards:
        chosen = " (chosen)" if me.get("choice") == f"card:{card}" else ""
        rows.append(CardRow(Text(f"  {cards.action_line(card)}{chosen}"), ("action", card)))
    return rows


def played_rows(view: dict[str, Any]) -> list[CardRow]:
    """The Action Cards revealed this phase, in the order they resolve."""
    played = [p for p in view["players"] if p["card"]]
    if not played:
        return []
    order = [s for s in view["order"] if view["players"][s]["card"]] or [p["seat"] for p in played]
    rows = [heading("Played this phase")]
    for seat in order:
        card = content().action_cards[view["players"][seat]["card"]]
        text = Text("  ").append_text(mark(view, seat))
        text.append(f" {view['players'][seat]['name']}: {card.name} ({card.order})")
        rows.append(CardRow(text, ("action", card.id)))
    return rows


def shared_rows(view: dict[str, Any]) -> list[CardRow]:
    rows = [heading("Sector Pool")]
    rows += [CardRow(Text("  " + cards.tile_line(t)), ("tile", t)) for t in view["pool"]]
    if not view["pool"]:
        rows.append(CardRow(Text("  empty", style="dim")))
    rows.append(heading("Technology discards (top may be drawn)"))
    for i, pile in enumerate(view["piles"]):
        name = f"{PILE_NAMES[i]} pile" if len(view["piles"]) > 1 else "Discard pile"
        if pile:
            text = Text(f"  {name} ({len(pile)}): ").append_text(cards.tech_line(pile[-1]))
            rows.append(CardRow(text, ("technology", pile[-1])))
        else:
            rows.append(CardRow(Text(f"  {name}: empty", style="dim")))
    rows.append(CardRow(Text(f"  draw pile {view['deck_size']} · tile stack "
                             f"{view['stack_size']}", style="dim")))
    return rows
