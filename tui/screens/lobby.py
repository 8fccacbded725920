"""The lobby of a network game: host one or join one, see who is in, start.

Hosting: the game, the relay's address, the players and who plays each seat (here,
remote, a bot), then Open room: the invite code comes up large for the others to type,
with the game, the seats, who is connected and who is ready; Start once every remote seat
is in and ready. Joining: the relay's address and the invite code, then Ready; the game
screen opens when the host starts. Tab moves between the fields, Enter in a field or on a
button goes on; Ctrl+S does the next step (open, join, start or ready) from anywhere, Esc
leaves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, DataTable, Footer, Input, Label, Select, Static

from core.errors import GameError
from core.net import payloads
from core.net.errors import RelayError
from core.net.rooms import CODE_TYPED
from core.rulesets import DEFAULT_GAME, ruleset, titles
from tui.netplay import default_relay
from tui.play.seats import SeatSpec, seat_options
from tui.screens.base import ShellScreen
from tui.session import Session
from tui.widgets.invite import big_code

PEOPLE = (("You, here", "human"), ("Remote player", "remote"))


@dataclass(frozen=True, slots=True)
class LobbyRequest:
    """What the lobby opens with: hosting or joining, and the fields already known."""

    mode: str  # "host" or "join"
    address: str = field(default_factory=default_relay)
    seats: tuple[str, ...] = ()  # host: who plays each seat (SeatSpec texts)
    seed: int | None = None
    game: str = DEFAULT_GAME
    resume: str | None = None  # host: a save to host again
    spectators: int = 0
    code: str = ""  # join: the invite code
    seat: int | None = None  # join: the seat wanted
    connect: bool = False  # open the room (or join) at once, as the command line asks
    modules: tuple[str, ...] = ()  # host: the advanced modules of a new game


class LobbyScreen(ShellScreen[Session | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Leave"),
        Binding("ctrl+s", "next_step", "Open / Start / Ready"),
    ]

    def __init__(self, request: LobbyRequest) -> None:
        super().__init__()
        self.request = request
        self.hosting = request.mode == "host"
        self.session: Session | None = None
        self.ready = False
        self.game = request.game

    # --- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        title = "Host a network game" if self.hosting else "Join a network game"
        with VerticalScroll(id="lobby"):
            yield Static(title, classes="screen-title")
            with Vertical(id="lobby-form"):
                if self.hosting and self.request.resume is None:
                    yield from self._row("Game", Select(
                        [(title, name) for name, title in titles(self.game).items()],
                        value=self.game, allow_blank=False, id="game"))
                yield from self._row("Relay (host:port)",
                                     Input(self.request.address, id="relay"))
                if self.hosting:
                    yield from self._host_fields()
                else:
                    yield from self._row("Invite code", Input(
                        self.request.code, id="code", max_length=CODE_TYPED,
                        restrict=r"[A-Za-z0-9 -]*"))
                    yield Button("Join", variant="primary", id="open")
            with Vertical(id="lobby-room"):
                yield Static("", id="invite")
                yield DataTable(id="lobby-seats", cursor_type="row", zebra_stripes=True)
                with Horizontal(id="lobby-buttons"):
                    if self.hosting:
                        yield Button("Start", variant="primary", id="start", disabled=True)
                    else:
                        yield Button("Ready", variant="primary", id="ready")
                    yield Button("Leave", id="leave")
            yield Static("", id="lobby-status")
        yield Footer()
        yield from self.compose_too_small()

    def _row(self, title: str, field: Select[object] | Input) -> ComposeResult:
        with Horizontal(classes="field"):
            yield Label(title, classes="field-title")
            yield field

    def _host_fields(self) -> ComposeResult:
        if self.request.resume is not None:
            yield Static(f"Hosting the saved game {self.request.resume} again, with its "
                         "seats.", classes="dialog-text")
        else:
            counts = ruleset(self.game).players
            seats = tuple(SeatSpec.parse(seat).text
                          for seat in self.request.seats) or ("human", "remote")
            choices = seat_options(PEOPLE, *seats)
            players = len(seats) if len(seats) in counts else min(counts)
            yield from self._row("Players", Select(
                [(str(n), n) for n in counts], value=players, allow_blank=False,
                id="players"))
            for seat in range(max(counts)):
                value = seats[seat] if seat < len(seats) else "remote"
                with Horizontal(classes="field", id=f"seat-row-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="field-title")
                    yield Select(choices, value=value, allow_blank=False,
                                 id=f"seat-{seat}")
            seed = "" if self.request.seed is None else str(self.request.seed)
            yield from self._row("Seed", Input(seed, placeholder="random", id="seed",
                                               restrict=r"[0-9]*", max_length=18))
        yield Button("Open room", variant="primary", id="open")

    def on_mount(self) -> None:
        super().on_mount()
        self._prepare()
        if self.hosting or self.request.code:
            self.query_one("#open", Button).focus()
        else:
            self.query_one("#code", Input).focus()
        if self.request.connect:
            self.action_next_step()

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self._show_seats(event.value)

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        # The form is built again for the game's seats; the screen stays the one awaited.
        if isinstance(event.value, str) and event.value != self.game:
            self.game = event.value
            await self.recompose()
            self._prepare()
            self.query_one("#game", Select).focus()

    def _prepare(self) -> None:
        """The form as composed: the room's table, hidden until the room opens, and the
        seats of the game's player count."""
        table = self.query_one("#lobby-seats", DataTable)
        table.add_columns("Seat", "Player", "Played by", "Connected", "Ready")
        self.query_one("#lobby-room").display = False
        if self.hosting and self.request.resume is None:
            self._show_seats(self._players())

    def _players(self) -> int:
        players = self.query_one("#players", Select).value
        assert isinstance(players, int)
        return players

    def _show_seats(self, players: int) -> None:
        for seat in range(max(ruleset(self.game).players)):
            self.query_one(f"#seat-row-{seat}").display = seat < players

    # --- steps --------------------------------------------------------------------------------

    def action_next_step(self) -> None:
        if self.session is None:
            self.run_worker(self._connect(), exclusive=True, group="lobby")
        elif self.hosting:
            self._start()
        else:
            self._toggle_ready()

    @on(Button.Pressed, "#open")
    @on(Input.Submitted)
    def _open_pressed(self) -> None:
        if self.session is None:
            self.action_next_step()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self._start()

    @on(Button.Pressed, "#ready")
    def _ready_pressed(self) -> None:
        self._toggle_ready()

    def on_unmount(self) -> None:
        # Gone without handing the session on (the app quit): its news has no screen now.
        if self.session is not None and self.session.on_change == self._changed:
            self.session.on_change = None

    @on(Button.Pressed, "#leave")
    def action_leave(self) -> None:
        if self.session is not None:
            self.session.on_change = None
            self.session.close()
        self.dismiss(None)

    async def _connect(self) -> None:
        from saves.format import SaveError

        self._say("Connecting…")
        address = self.query_one("#relay", Input).value.strip()
        try:
            session = await (self._host(address) if self.hosting else self._join(address))
        except (RelayError, SaveError, GameError, ValueError, LookupError, OSError) as error:
            self._say(str(error), error=True)  # OSError: the game cannot be saved there
            return
        self.session = session
        session.on_change = self._changed
        self.query_one("#lobby-form").display = False
        self.query_one("#lobby-room").display = True
        self.query_one("#start" if self.hosting else "#ready", Button).focus()
        self._changed("")

    async def _host(self, address: str) -> Session:
        from tui.netplay.host import new_host_session, parse_seats, saved_host_session

        store = self.app.store  # type: ignore[attr-defined]
        if self.request.resume is not None:
            session = saved_host_session(self.request.resume, store, self.request.spectators)
        else:
            texts = [str(self.query_one(f"#seat-{i}", Select).value)
                     for i in range(self._players())]
            typed = self.query_one("#seed", Input).value
            game = str(self.query_one("#game", Select).value)
            session = new_host_session(game, parse_seats(",".join(texts)),
                                       int(typed) if typed else None, store,
                                       self.request.spectators,
                                       self.app.player,  # type: ignore[attr-defined]
                                       self.request.modules)
        await session.open(address)
        return session

    async def _join(self, address: str) -> Session:
        from tui.netplay.guest import GuestSession

        code = self.query_one("#code", Input).value.strip()
        if not code:
            raise ValueError("type the invite code the host gave you")
        return await GuestSession.join(address, code, self.request.seat)

    def _start(self) -> None:
        from tui.netplay.host import HostSession

        session = self.session
        assert isinstance(session, HostSession)
        try:
            session.start()
        except GameError as error:
            self._say(str(error), error=True)
            return
        session.on_change = None
        self.dismiss(session)

    def _toggle_ready(self) -> None:
        from tui.netplay.guest import GuestSession

        session = self.session
        assert isinstance(session, GuestSession)
        self.ready = not self.ready
        session.set_ready(self.ready, self.app.player)  # type: ignore[attr-defined]
        button = self.query_one("#ready", Button)
        button.label = "Not ready" if self.ready else "Ready"
        self._say("Ready: the game starts when the host starts it." if self.ready else
                  "Press Ready when you are.")

    # --- what the room says -------------------------------------------------------------------

    def _changed(self, note: str) -> None:
        from tui.netplay.guest import GuestSession
        from tui.netplay.host import HostSession

        session = self.session
        if isinstance(session, HostSession):
            lobby = session.lobby()
            code = session.code
            start = self.query_one("#start", Button)
            start.disabled = not session.can_start()
            waiting = "Every seat is in: Start when you like." if session.can_start() else \
                "Waiting for the remote players to join and be ready."
            self._say(session.failure or note or waiting, error=bool(session.failure))
        elif isinstance(session, GuestSession):
            if session.started and not session.failure:
                session.on_change = None
                self.dismiss(session)
                return
            lobby = session.lobby or payloads.Lobby("", 0, False)
            code = self.query_one("#code", Input).value.strip().upper()
            self._say(session.failure or note, error=bool(session.failure))
        else:
            return
        self._draw_invite(code, lobby.game)
        self._draw_seats(lobby, None if self.hosting else getattr(session, "relay_seat", None))

    def _draw_invite(self, code: str, game: str) -> None:
        address = self.query_one("#relay", Input).value.strip()
        text = big_code(code)
        title = titles().get(game, game)
        text.append(f"\n\nA game of {title}. " if title else "\n\n", style="")
        text.append(f"Invite code {code}: the others join with "
                    f"fractal join {code} --relay {address}", style="")
        self.query_one("#invite", Static).update(text)

    def _draw_seats(self, lobby: payloads.Lobby, mine: int | None) -> None:
        table = self.query_one("#lobby-seats", DataTable)
        table.clear()
        for row in lobby.seats:
            who = {"human": "you, here" if self.hosting else "a player at the host",
                   "remote": "a remote player", "bot": f"a bot ({row.level})",
                   "spectator": "a spectator"}.get(row.kind, row.kind)
            if row.kind == "remote" and row.level:
                who = f"a bot ({row.level}) until its player is back"
            if row.seat == mine:
                who = "you"
            # Text, not str: a table reads a str as markup, and these words are the host's.
            table.add_row(str(row.seat + 1), Text(row.name), Text(who), _yes(row.connected),
                          _yes(row.ready))

    def _say(self, text: str, error: bool = False) -> None:
        status = self.query_one("#lobby-status", Static)
        status.update(Text(text, style="bold red" if error else ""))


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"
