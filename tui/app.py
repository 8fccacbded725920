"""The client: a shell of screens that any ruleset plugs into (tui/plugins.py).

The title screen comes up first and fast: the engines, their content and the bots are
imported only when a game starts. Screens ask the app to open what the player picked:
a new game, the newest save, a save from the list, a network game's lobby, the rules.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen

from tui.screens.title import TitleScreen

if TYPE_CHECKING:
    from core.rulesets import Ruleset
    from saves.replay import Resumed
    from saves.store import Loaded, SaveStore
    from tui.play.seats import SeatSpec
    from tui.preferences import Preferences
    from tui.screens.lobby import LobbyRequest
    from tui.screens.new_game import NewGame
    from tui.screens.scoring import ScoringScreen
    from tui.session import Session


@dataclass(slots=True)
class Launch:
    """What the command line asked for before the title screen: a game to start or resume,
    or a network game's lobby."""

    new: NewGame | None = None
    resume: str | None = None  # a save name or path; "" for the newest
    opened: tuple[Loaded, Resumed] | None = None  # the save to resume, opened already
    lobby: LobbyRequest | None = None
    notes: list[str] = field(default_factory=list)


def open_save(path: Path, *, later: bool = False) -> tuple[Loaded, Resumed]:
    """A save opened to play on here (``fractal resume``, Continue, Load): read and
    rebuilt (saves.replay.load_game; ``later``: from its snapshot, the log checked when
    the screen shows), a game from a snapshot then drawn once (:func:`cannot_show`).
    saves.format.SaveError with one line if any of it fails."""
    from core.rulesets import ruleset
    from saves.format import SaveError
    from saves.replay import load_game, resume

    loaded, resumed = load_game(path, later=later)
    if resumed.check is not None and any(s.kind == "remote" for s in loaded.save.header.seats):
        resumed = resume(loaded.save)  # a question names its players first: the log now
    if resumed.revealed is not None or resumed.check is not None:
        return loaded, resumed  # rebuilt from its log, or checked before it is drawn
    problem = cannot_show(ruleset(loaded.save.header.ruleset), resumed.game)
    if problem:
        raise SaveError(loaded.path, "invalid", f"this program cannot show it: {problem}")
    return loaded, resumed


def cannot_show(rules: Ruleset, game: Any) -> str:
    """Why the client cannot show a game from a save ("" if it can): each seat's frame,
    drawn once by the game's words and panes as a guest draws a host's frame
    (tui.netplay.guest.unreadable). A game rebuilt from its log always shows; one from a
    snapshot someone wrote might not."""
    from core.events import SPECTATOR
    from core.frames import frame
    from tui.netplay.guest import unreadable

    for seat in (*range(game.seats), SPECTATOR):
        problem = unreadable(rules, frame(game, seat, len(game.history)), panes=True)
        if problem:
            return problem
    return ""


class ShellApp(App[None]):
    TITLE = "Fractal"
    CSS_PATH = "styles/app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "rules", "Help"),
        Binding("ctrl+q", "quit", "Quit", show=False),
    ]

    def __init__(self, launch: Launch | None = None, save_dir: str | None = None,
                 player: str = "") -> None:
        super().__init__()
        # Bots think on a thread: hand the interpreter back to the screen every millisecond
        # (5 by default), so a key press never waits long behind a bot's search.
        sys.setswitchinterval(0.001)
        self.launch = launch or Launch()
        self.save_dir = save_dir
        self.player = player  # the name of the person at this terminal, "" for the default
        self._store: SaveStore | None = None
        self._preferences: Preferences | None = None

    @property
    def store(self) -> SaveStore:
        if self._store is None:
            from saves.store import SaveStore

            self._store = SaveStore(self.save_dir)
        return self._store

    @property
    def preferences(self) -> Preferences:
        """The player's preferences, read from beside their saves on first use."""
        if self._preferences is None:
            from tui.preferences import Preferences

            self._preferences = Preferences.load(self.store.directory)
        return self._preferences

    def save_preferences(self) -> None:
        self.preferences.save(self.store.directory)

    def on_mount(self) -> None:
        from tui.widgets import marks

        marks.set_dark(self.current_theme.dark)
        marks.set_colours(self.console.color_system)
        self.theme_changed_signal.subscribe(self, lambda theme: marks.set_dark(theme.dark))
        self.push_screen(TitleScreen(None, known=False))
        self.call_after_refresh(self._after_title)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A notice goes to the news of the game being played when one is open (a toast
        would cover the board, the decision, a dialog or help); elsewhere, a toast."""
        for screen in reversed(self.screen_stack):
            show = getattr(screen, "show_notice", None)
            if show is not None:
                show(str(message), severity, title)
                return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def _after_title(self) -> None:
        for note in self.launch.notes:
            self.notify(note)
        if self.launch.new is not None:
            self.start_game(self.launch.new)
        elif self.launch.resume is not None:
            self.resume(self.launch.resume or None, self.launch.opened)
        elif self.launch.lobby is not None:
            self.lobby(self.launch.lobby)
        elif isinstance(title := self.screen_stack[1], TitleScreen):
            # Named in place: the player may have opened an item of the menu already.
            title.show_newest(self._newest())

    def show_title(self) -> None:
        """Back to the title screen, its Continue item naming the newest save."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(TitleScreen(self._newest()))
        else:
            self.push_screen(TitleScreen(self._newest()))

    def _newest(self) -> str | None:
        for item in self.store.list():
            if item.header is not None:
                return f"{item.name}: {item.header.described}"
        return None

    # --- the title screen's menu ---------------------------------------------------------

    @on(TitleScreen.Picked)
    def _picked(self, event: TitleScreen.Picked) -> None:
        if event.key == "new":
            self.new_game()
        elif event.key == "continue":
            self.resume(None)
        elif event.key == "load":
            from tui.screens.load import LoadScreen

            self.push_screen(LoadScreen(self.store.list()), self._loaded)
        elif event.key in ("host", "join"):
            from tui.screens.lobby import LobbyRequest

            self.lobby(LobbyRequest(event.key))
        elif event.key == "rules":
            self.action_rules()
        elif event.key == "quit":
            self.exit()

    def _loaded(self, path: Path | None) -> None:
        if path is not None:
            self.resume(str(path))

    def new_game(self) -> None:
        from tui.screens.new_game import NewGameScreen

        def chosen(new: NewGame | None) -> None:
            if new is not None:
                self.start_game(new)

        self.push_screen(NewGameScreen(), chosen)

    def lobby(self, request: LobbyRequest) -> None:
        """Host or join a network game; its game screen opens once it starts."""
        from tui.screens.lobby import LobbyScreen

        def started(session: Session | None) -> None:
            if session is not None:
                self.play(session)

        self.push_screen(LobbyScreen(request), started)

    # --- games ---------------------------------------------------------------------------

    def start_game(self, new: NewGame) -> None:
        from core.rulesets import ruleset
        from tui.session import LocalSession, named

        rules = ruleset(new.ruleset)
        try:
            game = rules.new_game(named(new.setup, list(new.seats), self.player))
        except ValueError as error:
            self.notify(f"Cannot start that game: {error}", severity="error")
            return
        self.play(LocalSession(rules, game, list(new.seats), self.store))

    def resume(self, name: str | None, opened: tuple[Loaded, Resumed] | None = None) -> None:
        """Play on the save ``name`` (the newest when None), unless the command line opened
        it already (``opened``)."""
        from core.rulesets import ruleset
        from saves.format import SaveError, SaveMeta
        from saves.store import find_save
        from tui.play.seats import REMOTE, SeatSpec
        from tui.session import LocalSession

        try:
            path = find_save(name, self.store.directory)
            loaded, resumed = opened or open_save(path, later=True)
        except SaveError as error:
            self.notify(f"Cannot resume: {error}", severity="error")
            self.show_title()
            return
        header = loaded.save.header
        seats = [SeatSpec.parse(f"{s.kind}:{s.level}" if s.level else s.kind)
                 for s in header.seats]

        def play_here(seats: list[SeatSpec]) -> None:
            rules = ruleset(header.ruleset)
            session = LocalSession(rules, resumed.game, seats, self.store,
                                   SaveMeta.of(header), resumed.revealed, resumed.check,
                                   lambda game: cannot_show(rules, game))
            if loaded.problem is not None:
                self.notify(f"The save was damaged; resumed from its backup "
                            f"({loaded.problem.reason}).", severity="warning")
            self.play(session)

        if any(seat.kind == REMOTE for seat in seats):
            self._resume_hosted(path, header.ruleset, resumed.game, seats, play_here)
        else:
            play_here(seats)

    def _resume_hosted(self, path: Path, game_name: str, game: Any, seats: list[SeatSpec],
                       play_here: Callable[[list[SeatSpec]], None]) -> None:
        """A game hosted over the network, opened here: its remote players are not at this
        terminal, so the player hosts it again for them or hands their seats to bots."""
        from core.events import SPECTATOR
        from core.rulesets import ruleset
        from tui.play.seats import BOT, REMOTE, SeatSpec
        from tui.screens.dialogs import ChoiceScreen
        from tui.screens.lobby import LobbyRequest

        words = ruleset(game_name).words()
        view = game.view(SPECTATOR)
        away = [words.seat_name(view, i) for i, seat in enumerate(seats) if seat.kind == REMOTE]
        question = (f"This game was hosted over the network: {' and '.join(away)} played "
                    f"from elsewhere. Host it again so they can join with a new invite code "
                    f"(as `fractal host --resume {path.stem}` does), or hand their "
                    f"{'seat' if len(away) == 1 else 'seats'} to normal bots and play on here?")

        def chosen(answer: str | None) -> None:
            if answer == "host":
                self.lobby(LobbyRequest("host", resume=str(path)))
            elif answer == "bots":
                play_here([SeatSpec(BOT, "normal") if seat.kind == REMOTE else seat
                           for seat in seats])
            else:
                self.show_title()

        self.push_screen(ChoiceScreen(question, [("h", "Host it again", "host"),
                                                 ("b", "Bots play them", "bots")]), chosen)

    def play(self, session: Session) -> None:
        from tui.screens.game import GameScreen

        # What is loaded by now (content, engine, words) lives as long as the program:
        # moved out of the collector's reach, it no longer lengthens the pauses a bot's
        # allocations cause while the screen is drawing.
        gc.freeze()
        self.push_screen(GameScreen(session), self._left_game)

    def _left_game(self, problem: str | None) -> None:
        """Back at the title from a game; ``problem``: why the game could not be played."""
        self.show_title()
        if problem:
            self.notify(problem, severity="error")

    def on_scoring_screen_next(self, event: ScoringScreen.Next) -> None:
        if event.key == "replay":
            self._replay()
        elif event.key == "new":
            self.show_title()
            self.new_game()
        else:
            self.show_title()

    def _replay(self) -> None:
        from tui.screens.game import GameScreen
        from tui.screens.replay import ReplayScreen
        from tui.session import ReplaySession, TableSession

        played = [s for s in self.screen_stack if isinstance(s, GameScreen)]
        session = played[-1].session if played else None
        if not isinstance(session, TableSession):  # a guest has no game
            self.notify("This game cannot be replayed here.", severity="warning")
            return
        replay = ReplaySession(session.ruleset, session.game, session.seats)
        self.push_screen(ReplayScreen(replay))

    # --- help and the command palette ----------------------------------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":  # Textual's writes to a Downloads folder
                yield command
        yield SystemCommand("Screenshot", "Save an SVG picture of the screen",
                            lambda: self.set_timer(0.1, self.screenshot))
        yield SystemCommand("Rules", "The keys and the rules reference", self.action_rules)
        yield SystemCommand("New game", "Set up a new game", self.new_game)
        commands = getattr(screen, "palette_commands", None)
        if commands is not None:
            yield from commands()

    def screenshot(self) -> None:
        """An SVG of the screen, beside the save folder (a folder that exists), and a toast
        that says where; in a browser, handed to the browser."""
        name = self.screenshot_name()
        if self.is_web:
            self.deliver_screenshot(filename=name)
            return
        for folder in (self.store.directory.parent, Path.cwd()):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                path = self.save_screenshot(filename=name, path=str(folder))
            except OSError:
                continue
            self.notify(f"Screenshot saved: {path}")
            return
        self.notify("The screenshot could not be written anywhere.", severity="error")

    def screenshot_name(self) -> str:
        """The game being played (else the program) and the time: "Alien_Artifacts_..."."""
        from tui.screens.game import GameScreen

        playing = [s for s in self.screen_stack if isinstance(s, GameScreen)]
        title = playing[-1].session.ruleset.title if playing else self.title
        return f"{title.replace(' ', '_')}_{datetime.now():%Y-%m-%d_%H-%M-%S}.svg"

    def action_rules(self) -> None:
        """The rules of the game being played, or of every game from elsewhere."""
        from tui.screens.game import GameScreen
        from tui.screens.rules import RulesScreen

        if any(isinstance(s, RulesScreen) for s in self.screen_stack):
            return  # help is open already: F1 there does not stack another (Esc leaves it)
        playing = [s for s in self.screen_stack if isinstance(s, GameScreen)]
        if not playing:
            self.push_screen(RulesScreen(None))
            return
        screen = playing[-1]  # open at the section about the decision being asked
        self.push_screen(RulesScreen(screen.session.ruleset.name, screen.ui.guide(screen.asked)))
