"""Stakes in the client: its main pane is a table of cards, not a map (tui.plugins)."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from core.words import SEAT_MARKS
from tui.plugins import CardRow
from tui.widgets.marks import seat_style
from tui.widgets.messages import SpotPicked, SpotPointed


class CardTable(OptionList):
    """The cards on the table this round and the viewer's hand; a card of the hand is a
    spot (its value), so picking it plays it."""

    title = "Table"

    def show_view(self, view: dict[str, Any], targets: set[int],
                  changed: set[int] | frozenset[int] = frozenset()) -> None:
        """The table; a round's cards change every round, so ``changed`` adds nothing."""
        me = view["players"][view["seat"]] if view["seat"] >= 0 else None
        rows: list[Option] = [Option(Text(f"Round {view['round']}, stake {view['stake']}"),
                                     disabled=True)]
        for cards in view["revealed"][-1:]:
            rows.append(Option(Text("Last round: " + " ".join(map(str, cards))),
                               disabled=True))
        for card in (me or {}).get("hand") or []:
            mark = " ←" if card in targets else ""
            rows.append(Option(Text(f"Card {card}{mark}"), id=str(card)))
        self.clear_options()
        self.add_options(rows)

    def point(self, spot: int) -> None:
        for index in range(self.option_count):
            if self.get_option_at_index(index).id == str(spot):
                self.highlighted = index

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.post_message(SpotPointed(int(event.option.id)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(SpotPicked(int(event.option.id)))


class StakesUI:
    def main_pane(self) -> CardTable:
        return CardTable()

    def guide(self, kind: str) -> str:
        return "The game"

    def mark(self, view: dict[str, Any], seat: int) -> Text:
        colour = view["players"][seat]["colour"]
        return Text(SEAT_MARKS[colour], style=seat_style(colour))

    def empire(self, view: dict[str, Any], seat: int, words: Any) -> RenderableType:
        player = view["players"][seat]
        return Text(f"{player['name']}: {player['points']} points, "
                    f"{player['hand_size']} cards in hand")

    def hand(self, view: dict[str, Any], words: Any) -> list[CardRow]:
        seat = view["seat"]
        hand = view["players"][seat]["hand"] if seat >= 0 else []
        return [CardRow(Text("Your cards", style="bold underline")),
                *(CardRow(Text(f"  Card {c}"), ("card", str(c))) for c in hand or [])]

    def status(self, view: dict[str, Any], words: Any) -> list[str]:
        return [f"Round {view['round']}", f"stake {view['stake']}"]

    def scores(self, view: dict[str, Any], words: Any) -> RenderableType:
        return Text("\n".join(words.score_lines(view)))

    def battle(self, view: dict[str, Any], words: Any) -> RenderableType | None:
        return None  # Stakes has no battles


UI = StakesUI()
