"""New game: the game, the players and who plays each seat, the ruleset's settings and
modules, and the seed. Every field has a default, so Enter starts a game against bots."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, Input, Label, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from core.rng import fresh_seed
from core.rulesets import DEFAULT_GAME, GameSetup, Ruleset, ruleset, titles
from tui.play.seats import SeatSpec, seat_options
from tui.screens.base import ShellScreen

PEOPLE = (("Human", "human"),)
DEFAULT_BOT = "bot:normal"


@dataclass(frozen=True, slots=True)
class NewGame:
    """What the screen hands back: the ruleset, the setup and who plays each seat."""

    ruleset: str
    setup: GameSetup
    seats: tuple[SeatSpec, ...]


class NewGameScreen(ShellScreen[NewGame | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+s", "start", "Start", show=False),
    ]

    def __init__(self, game: str = DEFAULT_GAME, players: int = 0) -> None:
        super().__init__()
        self.game = game
        self.rules: Ruleset = ruleset(game)
        self.players = players or min(self.rules.players)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-game"):
            yield Static("New game", classes="screen-title")
            yield from self._row("Game", Select([(t, n) for n, t in titles(self.game).items()],
                                                value=self.game, allow_blank=False,
                                                compact=True, id="ruleset"))
            yield from self._row("Players", Select([(str(n), n) for n in self.rules.players],
                                                   value=self.players, allow_blank=False,
                                                   compact=True, id="players"))
            with Vertical(id="seats"):
                yield from self._seat_rows()
            for setting in self.rules.settings:
                yield from self._row(setting.title, Select(
                    [(v.title(), v) for v in setting.values], value=setting.default,
                    allow_blank=False, compact=True, id=f"setting-{setting.key}"))
            if self.rules.modules:
                modules = SelectionList[str](*(
                    Selection(m.title, m.key) for m in self.rules.modules),
                    compact=True, id="modules")
                yield from self._row("Modules", modules)
            yield from self._row("Seed", Input(placeholder="random", id="seed", compact=True,
                                               restrict=r"[0-9]*", max_length=18))
            with Horizontal(id="new-game-buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Back", id="back")
        yield Footer()
        yield from self.compose_too_small()

    def _row(self, title: str, field: Select[object] | Input | SelectionList[str]
             ) -> ComposeResult:
        with Horizontal(classes="field"):
            yield Label(title, classes="field-title")
            yield field

    def _seat_rows(self) -> ComposeResult:
        for seat in range(max(self.rules.players)):
            default = "human" if seat == 0 else DEFAULT_BOT
            select = Select(seat_options(PEOPLE), value=default, allow_blank=False, compact=True,
                            id=f"seat-{seat}")
            with Horizontal(classes="field seat-row", id=f"seat-row-{seat}"):
                yield Label(f"Seat {seat + 1}", classes="field-title")
                yield select

    def on_mount(self) -> None:
        super().on_mount()
        self._show_seats()
        self.query_one("#start", Button).focus()

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.players = event.value
            self._show_seats()

    @on(Select.Changed, "#ruleset")
    async def _ruleset_changed(self, event: Select.Changed) -> None:
        # The form is built again in place: the screen stays the one the app waits on.
        if isinstance(event.value, str) and event.value != self.game:
            self.game = event.value
            self.rules = ruleset(event.value)
            if self.players not in self.rules.players:
                self.players = min(self.rules.players)
            await self.recompose()
            self._show_seats()
            self.query_one("#ruleset", Select).focus()

    def _show_seats(self) -> None:
        for seat in range(max(self.rules.players)):
            self.query_one(f"#seat-row-{seat}").display = seat < self.players

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        seats = tuple(SeatSpec.parse(str(self.query_one(f"#seat-{i}", Select).value))
                      for i in range(self.players))
        settings = {s.key: str(self.query_one(f"#setting-{s.key}", Select).value)
                    for s in self.rules.settings}
        modules = (list(self.query_one("#modules", SelectionList).selected)
                   if self.rules.modules else [])
        typed = self.query_one("#seed", Input).value
        seed = int(typed) if typed else fresh_seed()
        setup = GameSetup(players=self.players, seed=seed, settings=settings, modules=modules)
        self.dismiss(NewGame(self.game, setup, seats))

    @on(Button.Pressed, "#back")
    def action_cancel(self) -> None:
        self.dismiss(None)
