"""The game screen: the map, the empire board, the hand and the log, and the decision bar;
while a battle concerns the seat on screen, the battle in the map's place (b: one or the other).

It renders what its session's frames hold for the seat on screen and sends that seat's
choices back; it never reads a game's state, so a local game, a hot-seat game and a
network game look the same. The playing is the session's (a table's, tui/play/): the
screen runs the bots' thinking on a worker thread, at the pace the player set, while it
keeps drawing and taking keys.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, replace
from time import monotonic
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from core.errors import GameError
from core.events import SPECTATOR
from core.header import Header, header
from core.net.chat import ChatLine
from core.rulesets import module_titles
from core.words import ASCII_SEAT_MARKS, SEAT_COLOURS, Line, OptionWords, count
from saves.format import SaveError
from saves.undo import UndoError
from tui.play.bots import BotTurn
from tui.play.lone import Answered
from tui.play.seats import BOT
from tui.plugins import CardRow, MainPane, stylesheet, ui_for
from tui.preferences import PACES, Preferences
from tui.screens.base import ShellScreen
from tui.screens.dialogs import (
    CardScreen,
    ConfirmScreen,
    CurtainScreen,
    LegendScreen,
    SaveNameScreen,
)
from tui.session import Session
from tui.widgets.chat import ChatInput, addressed
from tui.widgets.decision import NUMBERED, DecisionBar
from tui.widgets.log import LogPane
from tui.widgets.messages import CardOpened, SpotPicked, SpotPointed
from tui.widgets.news import NewsPane
from tui.widgets.statusline import StatusLine

SPINNER = "|/-\\"


def confirmation(option: OptionWords) -> str:
    """The question before a final or warned choice: what the option does (a warning says
    what it costs that may not show), named once, and whether to go ahead."""
    said = option.warning or option.text
    name = (option.wide or option.label).rstrip("…")  # a label cut short names it too
    head = said if said.startswith(name) else f"{option.label}: {said}"
    return f"{head}\n{'Choose it anyway?' if option.warning else 'Go ahead?'}"


@dataclass(frozen=True, slots=True)
class Made:
    """A decision made at this screen: the action it served, and whether it was answered
    for the player (the question had one legal answer) rather than by them."""

    action: str
    automatic: bool = False


PANES = ("main", "battle-pane", "log-box", "empire-pane", "hand", "decision")
# The right column's share of the screen (as tui/styles/app.tcss sizes it), and the fewest
# columns it keeps when it gives the main pane what its whole board needs (and a column
# between them, so that the board's edge does not touch the text beside it).
RIGHT_SHARE, RIGHT_MIN, RIGHT_MAX, RIGHT_LEAST = 0.4, 32, 80, 29


class GameScreen(ShellScreen[str | None]):
    AUTO_FOCUS = "#choices"
    ALLOW_IN_MAXIMIZED_VIEW = "#status, Footer"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, NUMBERED + 1)),
        Binding("u", "undo", "Undo"),
        Binding("escape", "back_out", "Back out"),
        Binding("m", "focus_pane('main')", "Map"),
        Binding("b", "battle", "Battle/map"),
        Binding("d", "focus_pane('decision')", "Decide"),
        Binding("v", "next_empire", "Empire of…"),
        # a seat's board at once, by the letter that marks it without colour: R, B, G...
        *(Binding(ASCII_SEAT_MARKS[colour], f"show_seat({seat})", show=False)
          for seat, colour in enumerate(SEAT_COLOURS)),
        Binding("f", "filter_log", "Filter log"),
        Binding("n", "fold_news", "News", show=False),
        # Network games only (check_action). Taken when pressed, before the keys after it
        # are sent on (priority): a line typed at once after t goes into the line.
        Binding("t", "chat", "Chat", priority=True),
        Binding("z", "zoom", "Zoom"),
        Binding("g", "legend", "Legend"),
        Binding("c", "open_card", "Card", show=False),
        Binding("plus,equals_sign", "pace(-1)", "Faster", show=False),
        Binding("minus", "pace(1)", "Slower", show=False),
        Binding("ctrl+s", "save", "Save"),
        Binding("q", "leave", "Quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.words = session.ruleset.words()
        self.ui = ui_for(session.ruleset.name)
        style = stylesheet(session.ruleset.name)
        if style is not None:  # the game's own, read after the shell's
            self.css_path.append(style)
        self.viewer: int | None = None  # the seat on screen; None until the first frame
        self.seq = 0  # events of the viewer's log shown so far
        self.talk_shown = 0  # lines of table talk the log has been given (Heard.count)
        self.frame: dict[str, Any] = {}
        self.header = Header(-1, "", (), (), (), (), ())  # the shell's facts of the frame's view
        self.empire_seat: int | None = None  # None: the viewer's own board
        self.pace = 0  # index into PACES: the player's preference, read on mount
        self.thinking: BotTurn | None = None
        self.made: list[Made] = []  # every decision made here, oldest first
        self.question_action = ""
        self.asked = ""  # the kind of the decision on screen, "" when none
        # Per seat at this terminal: the events it had seen when it last decided, and when
        # it was last told what happened since (seq numbers of the game's events).
        self.decided_at: dict[int, int] = {}
        self.told_at: dict[int, int] = {}
        self.changed: set[int] = set()  # spots the others changed since the viewer decided
        self.curtain_up = False
        self.scored = False
        self.shown_board: tuple[int, dict[str, Any]] | None = None
        self.hand_rows: list[CardRow] = []
        self.in_battle = False  # a battle concerns the seat on screen
        self.stop_bots = threading.Event()
        self.right_narrowed: int | None = None  # the right column's width, if narrowed

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                main = self.ui.main_pane()
                main.id = "main"
                main.border_title = getattr(main, "title", "Board")
                self._name_main_key(str(main.border_title))
                yield main
                with VerticalScroll(id="battle-pane") as battle_pane:
                    battle_pane.border_title = "Battle"
                    battle_pane.display = False
                    yield Static("", id="battle")
                with Vertical(id="log-box") as log_box:
                    log_box.border_title = "Log"
                    yield NewsPane(id="news")
                    yield LogPane(id="log")
                    yield ChatInput(self._say, self._after_chat, id="chat")
            with Vertical(id="right"):
                with VerticalScroll(id="empire-pane") as empire_pane:
                    empire_pane.border_title = "Empire"
                    yield Static("", id="empire")
                hand = OptionList(id="hand")
                hand.border_title = "Hand"
                yield hand
                decision = DecisionBar(id="decision")
                decision.border_title = "Decision"
                yield decision
        yield Footer()
        yield from self.compose_too_small()

    def _name_main_key(self, title: str) -> None:
        """The footer names the main pane as the game does ("Map", "Table")."""
        keys = self._bindings.key_to_bindings  # this screen's own copy of its bindings
        keys["m"] = [replace(b, description=title) for b in keys["m"]]

    @property
    def preferences(self) -> Preferences:
        found: Preferences = self.app.preferences  # type: ignore[attr-defined]
        return found

    def on_mount(self) -> None:
        super().on_mount()
        self.pace = self.preferences.pace
        self.session.pace = PACES[self.pace]
        self.set_interval(0.15, self._spin)
        self.session.on_change = self._session_changed
        if self.session.check is not None:  # the screen shows first, then the game
            self.call_after_refresh(self._start)
        else:
            self._start()

    def _start(self) -> None:
        try:
            note = self.session.settle()
        except SaveError as error:  # said at the title: this screen's news goes with it
            self.dismiss(f"Cannot resume: {error}")
            return
        if note:
            self.notify(note, severity="warning")
        self.session.answer_alone(self.preferences.answer_single)
        self.refresh_game()
        self.refresh_bindings()  # the keys that waited for the first frame

    def on_unmount(self) -> None:
        self.stop_bots.set()
        self.session.on_change = None

    def _session_changed(self, note: str) -> None:
        """The game changed by itself (a network game): say why if there is a line, and
        draw it again."""
        if note:
            self.notify(note)
        self.refresh_game()

    def show_notice(self, message: str, severity: str = "information", title: str = "") -> None:
        """A notice for the player, in the news above the log: never over the board, the
        decision, a dialog or help (the app sends its notices here while a game is open)."""
        self.query_one(NewsPane).tell(message, severity, title)

    def action_fold_news(self) -> None:
        self.query_one(NewsPane).toggle()

    # --- drawing the frame ------------------------------------------------------------------

    def refresh_game(self) -> None:
        if self.curtain_up:
            return
        viewer = self._next_viewer()
        if viewer != self.viewer:
            if self.viewer is not None and len(self.session.humans()) > 1:
                self._curtain(viewer)
                return
            self._switch_viewer(viewer)
        self._draw()
        self._next_bot()
        if self.session.over and not self.scored:
            self.scored = True
            self.app.push_screen(self._scoring())

    def _next_viewer(self) -> int:
        humans = self.session.humans()
        if not humans:
            return SPECTATOR
        due = [s for s in self.session.waiting() if s in humans]
        current = self.viewer
        if current is not None and (current in due or (not due and current in humans)):
            return current
        return due[0] if due else humans[0]

    def _switch_viewer(self, viewer: int) -> None:
        self.viewer = viewer
        self.seq = 0
        self.talk_shown = 0
        self.query_one(LogPane).reset()
        self.query_one(NewsPane).summary([])

    def _curtain(self, viewer: int) -> None:
        self.curtain_up = True
        self.query_one(DecisionBar).wait("")

        def lifted(_: None) -> None:
            self.curtain_up = False
            self._switch_viewer(viewer)
            self.refresh_game()

        name = self.words.seat_name(self.frame["view"], viewer)
        self.app.push_screen(CurtainScreen(name), lifted)

    def _draw(self) -> None:
        assert self.viewer is not None
        frame = self.session.frame(self.viewer, self.seq)
        self.frame = frame
        view = frame["view"]
        self.header = header(view)
        log = self.query_one(LogPane)
        log.marks = {seat: self.ui.mark(view, seat) for seat in range(self.header.players)}
        answers = self.session.answered()
        for record in frame["events"]:
            while answers and answers[0].seq <= record["seq"]:
                self._answered(answers.pop(0))
            log.add(record["seq"], self.words.event(view, record))
        for answer in answers:
            self._answered(answer)
        self._show_talk(view)
        self._title_log(view)
        self.seq = frame["seq"]
        self._draw_decision(view, frame["prompt"])
        self._draw_panes(view)
        self._draw_status()

    def _draw_decision(self, view: dict[str, Any], prompt: dict[str, Any] | None) -> None:
        bar = self.query_one(DecisionBar)
        if prompt is not None:
            question = self.words.question(view, prompt)
            self.question_action = question.action
            self.asked = str(prompt["kind"])
            viewer = self.viewer if self.viewer is not None else SPECTATOR
            bar.ask(question, frozenset(prompt["final"]), self.session.question(viewer),
                    self._first_time())
            self._since_last_decision()
            if not self._main().has_focus:
                bar.focus_choices()
            return
        self.question_action = ""
        self.asked = ""
        if self.session.over:
            bar.wait("The game is over.")
        else:
            bar.wait("; ".join(self.words.waiting(view, w.seat, w.kind)
                               for w in self.header.waiting))

    def _draw_panes(self, view: dict[str, Any]) -> None:
        bar = self.query_one(DecisionBar)
        targets = {o.spot for o in bar.options if o.spot is not None}
        self._main().show_view(view, targets, self.changed)
        seat = self.empire_seat if self.empire_seat is not None else max(self.viewer or 0, 0)
        board = (seat, view["players"][seat])
        if board != self.shown_board:  # redrawn only when it changed: every redraw costs
            self.shown_board = board
            self.query_one("#empire", Static).update(self.ui.empire(view, seat, self.words))
            pane = self.query_one("#empire-pane")
            pane.border_title = Text(f"Empire: {self.words.seat_name(view, seat)}")
        self._fill_hand(self.ui.hand(view, self.words))
        self._draw_battle(view)
        self._fit_board()

    def on_resize(self, event: events.Resize) -> None:
        # (ShellScreen's handler runs too: Textual calls each class's own)
        if self.frame:
            self._fit_board()

    def _fit_board(self) -> None:
        """The right column gives the main pane columns, down to ``RIGHT_LEAST`` of its
        own, when that shows the whole board (the main pane's ``least_width``, if it has
        one: the 4-player Fractal map with the Fracture at 100 x 30); else it keeps its
        share and the board pans with the cursor."""
        least = getattr(self._main(), "least_width", None)
        board = least() if least is not None else 0
        total = self.size.width
        usual = min(max(int(total * RIGHT_SHARE), RIGHT_MIN), RIGHT_MAX)
        spare = total - board - 1
        narrow = spare if board and RIGHT_LEAST <= spare < usual else None
        if narrow != self.right_narrowed:
            self.right_narrowed = narrow
            right = self.query_one("#right")
            right.styles.width = narrow
            right.styles.min_width = narrow

    def _draw_battle(self, view: dict[str, Any]) -> None:
        """The battle takes the main pane's place when one begins to concern the seat on
        screen, and gives it back when it ends; b shows the other meanwhile."""
        panel = self.ui.battle(view, self.words)
        if panel is not None:
            self.query_one("#battle", Static).update(panel)
        if (panel is not None) != self.in_battle:
            self.in_battle = panel is not None
            self._show_battle(self.in_battle)
            self.refresh_bindings()

    def _show_battle(self, battle: bool) -> None:
        pane, main = self.query_one("#battle-pane"), self.query_one("#main")
        had_focus = self._main().has_focus or pane.has_focus_within
        pane.display, main.display = battle, not battle
        if had_focus:
            (pane if battle else main).focus()

    def action_battle(self) -> None:
        self._show_battle(not self.query_one("#battle-pane").display)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.session.check is not None and action != "quit":
            return False  # nothing drawn yet: a resumed game's log is being checked
        if action == "battle" and not self.in_battle:
            return False  # offered only during a battle
        if action == "chat" and (self.session.heard is None
                                 or self.query_one(ChatInput).display):
            return False  # a local game's players share the screen; a t in a line is a t
        return super().check_action(action, parameters)

    def _fill_hand(self, rows: list[CardRow]) -> None:
        if [(r.text.plain, r.card) for r in rows] == [
                (r.text.plain, r.card) for r in self.hand_rows]:
            return
        hand = self.query_one("#hand", OptionList)
        keep = hand.highlighted
        hand.clear_options()
        self.hand_rows = rows
        hand.add_options([Option(row.text, id=str(i), disabled=row.card is None)
                          for i, row in enumerate(rows)])
        if keep is not None and keep < len(rows):
            hand.highlighted = keep

    def _draw_status(self) -> None:
        view = self.frame["view"]
        state = self.ui.status(view, self.words)
        if self.viewer is not None and self.viewer >= 0:
            state.append(f"you: {self.words.seat_name(view, self.viewer)}")
        if self.thinking is not None:
            spin = SPINNER[int(monotonic() * 8) % len(SPINNER)]
            name = self.words.seat_name(view, self.thinking.seat)
            state.append(f"{spin} {name} is thinking")
        if self.session.status:
            state.append(self.session.status)
        tail = ([f"bot pace {PACES[self.pace]:.1f}s (+/-)"]
                if any(seat.kind == BOT for seat in self.session.seats) else [])
        modules = module_titles(self.session.ruleset, list(self.header.modules))
        self.query_one(StatusLine).show(state, tail, self.session.ruleset.title, modules)

    def _spin(self) -> None:
        if self.thinking is not None and self.frame:
            self._draw_status()

    # --- bots --------------------------------------------------------------------------------

    def _next_bot(self) -> None:
        if self.thinking is not None or self.session.over:
            return
        turn = self.session.bot_turn()
        if turn is not None:
            self.thinking = turn
            self._think(turn)

    @work(thread=True, exclusive=False, group="bots")
    def _think(self, turn: BotTurn) -> None:
        choice = self.session.think(turn, self.stop_bots)
        if choice is not None:
            self.app.call_from_thread(self._bot_answered, turn, choice)

    def _bot_answered(self, turn: BotTurn, choice: str) -> None:
        self.thinking = None
        self.session.answer_bot(turn, choice)
        self.refresh_game()

    def action_pace(self, step: int) -> None:
        self.pace = min(max(self.pace + step, 0), len(PACES) - 1)
        self.session.pace = PACES[self.pace]
        self.preferences.pace = self.pace
        self.app.save_preferences()  # type: ignore[attr-defined]
        self._draw_status()

    # --- deciding ----------------------------------------------------------------------------

    def action_pick(self, index: int) -> None:
        bar = self.query_one(DecisionBar)
        if not bar.options:
            self.notify(self._not_yours())
        elif index >= len(bar.options):
            self.notify(f"There is no option {index + 1}: this question has "
                             f"{len(bar.options)}.")
        else:
            bar.action_pick(index)

    def _not_yours(self) -> str:
        """Why a key that chooses does nothing now, in the player's words."""
        if self.session.over:
            return "The game is over."
        if any(w.seat == self.header.seat for w in self.header.waiting):
            # The question is this player's, its answer sent and the next one not yet here
            # (a network game's round trip).
            return "Your choice is on its way: the next question comes in a moment."
        view = self.frame.get("view")
        waiting = [self.words.waiting(view, w.seat, w.kind)
                   for w in self.header.waiting] if view is not None else []
        return f"Not your turn: {'; '.join(waiting)}." if waiting else "Not your turn."

    def _current(self, question: int | None) -> bool:
        """Whether ``question`` is the number of the question the player faces now."""
        viewer = self.viewer if self.viewer is not None else SPECTATOR
        return question is not None and question == self.session.question(viewer)

    @on(DecisionBar.Chosen)
    def _chosen(self, event: DecisionBar.Chosen) -> None:
        option = event.option
        if not self._current(event.question):
            # A key pressed for a question that has gone since: it chooses nothing.
            idle = not self.query_one(DecisionBar).options
            self.notify("That key was for an earlier question: nothing was chosen."
                        + (f" {self._not_yours()}" if idle else ""))
            return
        final = option.choice in (self.frame.get("prompt") or {}).get("final", ())
        # a game may name decisions made every turn whose final options go unasked (its
        # plug-in's ``unconfirmed``: Alien Artifacts' draw step, which only draws)
        if final and self.asked in getattr(self.ui, "unconfirmed", frozenset()):
            final = False
        if final or option.warning:
            # the text says it is final; a warning says what it costs that may not show
            self.app.push_screen(
                ConfirmScreen(confirmation(option)),
                lambda yes: self._submit(option, event.question) if yes else None)
            return
        self._submit(option, event.question)

    def _submit(self, option: OptionWords, question: int | None) -> None:
        if self.viewer is None or self.viewer < 0:
            return
        if not self._current(question):  # the game moved on while the player confirmed
            self.notify("The question changed while you confirmed: nothing was chosen.")
            return
        try:
            self.session.choose(self.viewer, option.choice)
        except GameError as error:
            self.notify(str(error), severity="error")
            return
        self.made.append(Made(self.question_action))
        self.decided_at[self.viewer] = self.seq
        self.changed = set()
        self.query_one(NewsPane).summary([])
        self.refresh_game()

    def _since_last_decision(self) -> None:
        """On the player's turn, what the others did since the player last decided: a
        summary above the log, and the spots it changed marked on the main pane, both until
        the player's next decision."""
        viewer = self.viewer if self.viewer is not None else SPECTATOR
        since = max(self.decided_at.get(viewer, 0), self.told_at.get(viewer, 0))
        if viewer < 0 or self.seq <= since:
            return
        self.told_at[viewer] = self.seq
        log = self.query_one(LogPane)
        lines = [e.line for e in log.entries if e.seq >= since and not e.line.mine]
        self.changed = {line.spot for line in lines if line.spot is not None}
        if not lines or viewer not in self.decided_at:
            return  # nothing happened, or the player has not decided yet
        news = self.query_one(NewsPane)
        news.summary([*news.since, *(log.text_of(line) for line in lines)])

    def _first_time(self) -> str:
        """The first time a player meets a kind of decision, a line in the decision pane
        says where the rules explain it (a preference turns these off)."""
        preferences = self.preferences
        if not preferences.hints or self.asked in preferences.hinted:
            return ""
        preferences.hinted.append(self.asked)
        self.app.save_preferences()  # type: ignore[attr-defined]
        section = self.ui.guide(self.asked)
        return (f"New kind of decision: F1 opens the rules at \"{section}\"." if section
                else "New kind of decision: F1 opens the rules.")

    def _answered(self, answer: Answered) -> None:
        """A question the session answered for a player here: the log says so, and undo
        takes it back with the decision before it."""
        question = self.words.question(answer.view, answer.decision)
        self.made.append(Made(question.action, automatic=True))
        self.decided_at[answer.seat] = answer.seq
        if answer.seat == self.viewer:
            label = question.options[0].label
            self.query_one(LogPane).add(-1, Line(f"Answered for you: {label} (the only "
                                                 "choice).", "setup", (answer.seat,), True))

    @on(SpotPicked)
    def _spot_picked(self, event: SpotPicked) -> None:
        bar = self.query_one(DecisionBar)
        here = bar.options_at(event.spot)
        view = self.frame["view"]
        if not bar.options:
            self.notify(self._not_yours())
        elif not here:
            name = self.words.spot_name(view, event.spot)
            self.notify(f"Nothing to choose in {name} now.", severity="warning")
        elif len(here) == 1:
            self.post_message(DecisionBar.Chosen(here[0], bar.question))
        else:
            bar.point_at_spot(event.spot)
            bar.focus_choices()

    @on(SpotPointed)
    def _spot_pointed(self, event: SpotPointed) -> None:
        self.query_one(DecisionBar).point_at_spot(event.spot)

    @on(DecisionBar.Pointed)
    def _bar_pointed(self, event: DecisionBar.Pointed) -> None:
        if event.option.spot is not None:
            self._main().point(event.option.spot)

    # --- table talk ---------------------------------------------------------------------------

    def _show_talk(self, view: dict[str, Any]) -> None:
        """The lines said at the table since the log was last given some, those the seat on
        screen may read: after the events (a new seat on screen reads them again)."""
        heard = self.session.heard
        if heard is None:
            return
        viewer = self.viewer if self.viewer is not None else SPECTATOR
        log = self.query_one(LogPane)
        for line in heard.since(self.talk_shown):
            if line.seen_by(viewer):
                log.add(-1, self._talk_line(view, line, viewer))
        self.talk_shown = heard.count

    def _talk_line(self, view: dict[str, Any], line: ChatLine, viewer: int) -> Line:
        """A line of talk for the log, marked with its speaker's seat."""
        def who(seat: int | None) -> str:
            if seat is None:
                return "Host"
            if seat == viewer:
                return "you"
            if seat < self.header.players:
                return self.words.seat_name(view, seat)
            return f"Spectator {seat - self.header.players + 1}"

        speaker = "You" if line.seat == viewer else who(line.seat)
        to = f" to {who(line.to)}" if line.to is not None else ""
        seat = line.seat
        seats = (seat,) if seat is not None and seat < self.header.players else ()
        return Line(f"{speaker}{to}: {line.text}", "chat", seats, line.seat == viewer)

    def action_chat(self) -> None:
        self.query_one(ChatInput).open()

    def _say(self, text: str) -> bool:
        """Enter in the chat input: say the line, to the player it names if it does;
        whether it went."""
        view = self.frame.get("view")
        if view is None:
            return False
        # A player by their colour, a word of their seat's name, or the name they go by.
        names = {seat: [*re.findall(r"\w+", self.words.seat_name(view, seat)),
                        *(str(view["players"][seat].get(key) or "") for key in ("colour", "name"))]
                 for seat in range(self.header.players)}
        viewer = self.viewer if self.viewer is not None else SPECTATOR
        try:
            to, line = addressed(text, names)
            notice = self.session.say(viewer, line, to)
        except (ValueError, GameError) as error:  # the line stays, to be mended
            self.notify(str(error), severity="warning")
            return False
        if notice:
            self.notify(notice)
        return True

    def _after_chat(self) -> Widget:
        """Where the keys go when the chat closes: the choices, else the main pane (or the
        battle in its place)."""
        shown = [pane for pane in (self.query_one("#choices"), self.query_one("#main"))
                 if pane.display]
        return shown[0] if shown else self.query_one("#battle-pane")

    # --- undo, back out ----------------------------------------------------------------------

    def action_undo(self) -> None:
        """Take back the player's last decision, and the answers made for them since."""
        if self.session.no_undo:
            self.notify(self.session.no_undo, severity="warning")
            return
        automatic = 0
        for made in reversed(self.made):
            if not made.automatic:
                break
            automatic += 1
        self._take_back(1 + automatic)

    def action_back_out(self) -> None:
        """Take back the steps of the action in progress, and the choice that began it."""
        if self.session.no_undo:
            self.notify(self.session.no_undo, severity="warning")
            return
        action = self.question_action
        steps = 0
        for made in reversed(self.made):
            steps += 1
            if made.action != action:
                break
        if not action or not steps:
            self.notify("No action in progress to back out of.", severity="warning")
            return
        self._take_back(steps)

    def _take_back(self, steps: int) -> None:
        seat = self.viewer if self.viewer is not None else SPECTATOR
        allowed = self.session.undoable(seat) if seat >= 0 else 0
        if allowed < steps:
            reason = ("something came to light or another player decided since"
                      if allowed == 0 else f"only {count(allowed, 'step')} can be taken back")
            self.notify(f"Cannot take that back: {reason}.", severity="warning")
            return
        try:
            self.session.undo(seat, steps)
        except UndoError as error:
            self.notify(str(error), severity="error")
            return
        del self.made[len(self.made) - min(steps, len(self.made)):]
        self._switch_viewer(seat)
        self.refresh_game()

    # --- panes -------------------------------------------------------------------------------

    def _main(self) -> MainPane:
        """The game's main pane (a map, a table of cards)."""
        found: MainPane = self.query_one("#main")  # type: ignore[assignment]
        return found

    def _toggle(self, preference: str) -> None:
        value = not getattr(self.preferences, preference)
        setattr(self.preferences, preference, value)
        self.app.save_preferences()  # type: ignore[attr-defined]
        self.notify(f"{'On' if value else 'Off'} from now on (kept for your next games).")
        if preference == "answer_single":
            self.session.answer_alone(value)
            self.refresh_game()

    def action_legend(self) -> None:
        """What every mark on the screen means, from the game's words."""
        self.app.push_screen(LegendScreen(self.words.legend(self.frame["view"])))

    def action_zoom(self) -> None:
        """The pane the player is in fills the screen; again, and it goes back."""
        if self.maximized is not None:
            self.minimize()
            return
        node = self.focused
        while node is not None and node.id not in PANES:
            node = node.parent if isinstance(node.parent, Widget) else None
        if node is None:
            main = str(self.query_one("#main").border_title).lower()
            self.notify(f"Move to a pane first (m: {main}, d: decision, Tab: the others).")
            return
        self.maximized = node

    def action_focus_pane(self, pane: str) -> None:
        if pane == "main" and not self.query_one("#main").display:
            self._show_battle(False)  # the map, asked for during a battle
        if pane == "decision":
            self.query_one(DecisionBar).focus_choices()
        else:
            self.query_one(f"#{pane}").focus()

    def action_next_empire(self) -> None:
        current = self.empire_seat if self.empire_seat is not None else max(self.viewer or 0, 0)
        self.action_show_seat((current + 1) % self.header.players)

    def action_show_seat(self, seat: int) -> None:
        """A player's board: in the empire pane, and in the main pane if it shows boards
        (its ``show_seat``: a table of cards scrolls to it)."""
        if not 0 <= seat < self.header.players:
            return
        self.empire_seat = seat
        self._draw_panes(self.frame["view"])
        show = getattr(self._main(), "show_seat", None)
        if show is not None:
            show(seat)

    def action_filter_log(self) -> None:
        log = self.query_one(LogPane)
        players = self.header.players
        order: list[int | None] = [None, *range(players)]
        log.filter(order[(order.index(log.only) + 1) % len(order)])
        self._title_log(self.frame["view"])

    def _title_log(self, view: dict[str, Any]) -> None:
        """The log's title names the player it is filtered on as the game names them now
        (a name that changes, an Advisor hired, changes the title)."""
        log = self.query_one(LogPane)
        shown = "everyone" if log.only is None else self.words.seat_name(view, log.only)
        box = self.query_one("#log-box")
        box.border_title = Text(f"Log: {shown}") if log.only is not None else "Log"

    def action_open_card(self) -> None:
        hand = self.query_one("#hand", OptionList)
        if hand.has_focus and hand.highlighted is not None:
            row = self.hand_rows[hand.highlighted]
            if row.card is not None:
                self.post_message(CardOpened(*row.card))
                return
        bar = self.query_one(DecisionBar)
        highlighted = bar.query_one("#choices", OptionList).highlighted
        if highlighted is not None and highlighted < len(bar.options):
            card = bar.options[highlighted].card
            if card is not None:
                self.post_message(CardOpened(*card))
                return
        self.notify("Highlight a card in the hand or a choice about a card first.")

    @on(OptionList.OptionSelected, "#hand")
    def _hand_selected(self, event: OptionList.OptionSelected) -> None:
        row = self.hand_rows[int(event.option.id or 0)]
        if row.card is not None:
            self.post_message(CardOpened(*row.card))

    @on(CardOpened)
    def _card_opened(self, event: CardOpened) -> None:
        self.app.push_screen(CardScreen(self.words.card(event.kind, event.card_id)))

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The game screen's commands for the command palette."""
        yield SystemCommand("Undo", "Take back your last decision", self.action_undo)
        yield SystemCommand("Back out", "Take back the action in progress",
                            self.action_back_out)
        yield SystemCommand("Save as", "Save the game under a name", self.action_save)
        yield SystemCommand("Leave game", "Back to the title screen (the game stays saved)",
                            self.action_leave)
        yield SystemCommand("Bots faster", "Shorter pause after each bot move",
                            lambda: self.action_pace(-1))
        yield SystemCommand("Bots slower", "Longer pause after each bot move",
                            lambda: self.action_pace(1))
        yield SystemCommand("Next empire board", "Show another player's empire",
                            self.action_next_empire)
        yield SystemCommand("Filter the log", "Everyone, or one player at a time",
                            self.action_filter_log)
        yield SystemCommand("Legend", "What every mark on the screen means",
                            self.action_legend)
        preferences = self.preferences
        yield SystemCommand(
            f"Answer lone questions for me: {'on' if preferences.answer_single else 'off'}",
            "A question with one legal answer is answered for you (and logged)",
            lambda: self._toggle("answer_single"))
        yield SystemCommand(
            f"First-time hints: {'on' if preferences.hints else 'off'}",
            "The first time a kind of decision comes up, a hint says where the rules tell it",
            lambda: self._toggle("hints"))
        for command in self.session.commands():
            yield SystemCommand(command.title, command.help, command.run)

    # --- saving, leaving ---------------------------------------------------------------------

    def action_save(self) -> None:
        save_as = getattr(self.session, "save_as", None)
        if save_as is None:
            self.notify("This game is saved by its host.", severity="warning")
            return

        def named(name: str | None) -> None:
            if not name:
                return
            try:
                path = save_as(name)
            except (OSError, ValueError) as error:
                self.notify(str(error), severity="error")
                return
            self.notify(f"Saved as {name} ({path}).")

        self.app.push_screen(SaveNameScreen("my game"), named)

    def action_leave(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.stop_bots.set()
                self.session.close()
                self.dismiss(None)

        self.app.push_screen(ConfirmScreen(f"Leave this game? {self.session.leaving}",
                                           yes="Leave", no="Stay"), answered)

    def _scoring(self) -> Any:
        from tui.screens.scoring import ScoringScreen

        return ScoringScreen(self.frame["view"], self.words, self.ui)
