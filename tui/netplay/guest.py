"""Playing a seat of a game hosted elsewhere: the frames come from the host through the
relay, the choices go back to it (docs/protocol.md, "Game payloads").

The session keeps the newest frame and every event it received, so a screen asks it for
frames as it would ask a local game. A choice goes with the number of the decision it
answers; until the host answers, the decision is not offered again. The client library
reconnects by itself; after it did, or after the host came back, the session asks for a
fresh frame, and resends a choice the host shows it never got.

Table talk comes from the host too, each line with the seat that said it as the host
stamped it; the session keeps the lines its seat may read for the screen, and a bot
playing the seat never sees them.
"""

from __future__ import annotations

import asyncio
from typing import Any

from core.bounds import OutOfBounds, check_frame
from core.decisions import Prompt
from core.errors import GameError, IllegalChoice, NotYourDecision
from core.events import SPECTATOR
from core.net import chat, payloads
from core.net.chat import MAX_CHAT, ChatLine, Heard, clean_line, refusal
from core.net.client import ClientOptions, Notice, RelayClient, Resumed, Ticket
from core.net.errors import RelayError, RoomClosed
from core.net.payloads import Code
from core.net.protocol import Presence
from core.net.text import screen_text
from core.rulesets import Ruleset, ruleset
from tui.play.bots import BotTurn
from tui.play.lone import Answered, LoneAnswers
from tui.play.seats import BOT, HUMAN, REMOTE, SeatSpec
from tui.session import NETWORK_NO_UNDO, Session

# Events kept for the log pane: a game's whole history is some thousands; a host that
# sends more (or numbers them to run on for ever) costs the oldest, not memory.
MAX_KEPT_EVENTS = 20_000


class GuestSession(Session):
    """One seat of a network game (or a spectator's), played here by a person or a bot."""

    leaving = "You give your seat up; the host may hand it to a bot or to another player."
    no_undo = NETWORK_NO_UNDO

    def __init__(self, client: RelayClient, level: str = "", seed: int = 0) -> None:
        assert client.seat is not None
        self.client = client
        self.relay_seat = client.seat
        self.level = level  # a bot of this level plays the seat; "" for a person
        self.seed = seed  # the bot's
        self.bot: Any = None  # made once the host says which game this is
        self.seats: list[SeatSpec] = []
        self.lobby: payloads.Lobby | None = None
        self.latest: dict[str, Any] | None = None  # the newest frame
        self.log: dict[int, dict[str, Any]] = {}  # every event received, by its seq
        self.asked: int | None = None  # the number of the decision the newest frame puts
        self.sent: int | None = None  # the decision whose choice awaits the host's answer
        self.choice = ""  # that choice
        self.result: payloads.Over | None = None
        self.away: list[int] = []  # the seats the game waits for
        self.failure = ""  # why the session ended before the game did
        self.lone = LoneAnswers()  # the questions answered for the person playing here
        self.heard: Heard = Heard()  # table talk this seat may read
        self._rules: Ruleset | None = None
        self._outgoing: asyncio.Queue[bytes] = asyncio.Queue()
        self._tasks = [asyncio.create_task(self._watch(self._receive())),
                       asyncio.create_task(self._watch(self._send()))]

    @classmethod
    async def join(cls, address: str, code: str, seat: int | None = None,
                   options: ClientOptions | None = None, level: str = "",
                   seed: int = 0) -> GuestSession:
        """Take a seat (``seat``, or the first free one) in the room of invite ``code``."""
        return cls(await RelayClient.join_room(address, code, seat, options), level, seed)

    @classmethod
    async def rejoin(cls, ticket: Ticket, options: ClientOptions | None = None,
                     level: str = "", seed: int = 0) -> GuestSession:
        """Take a seat back with the ticket of an earlier session (its first event,
        :class:`Resumed`, asks the host for the whole frame)."""
        return cls(await RelayClient.rejoin(ticket, options), level, seed)

    # --- the Session surface ------------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:  # type: ignore[override]
        if self._rules is None:
            raise GameError("the host has not said which game this is yet")
        return self._rules

    @property
    def seat(self) -> int:
        """This session's seat in the game; SPECTATOR for a spectator."""
        players = self.lobby.players if self.lobby is not None else 0
        return self.relay_seat if self.relay_seat < players else SPECTATOR

    @property
    def started(self) -> bool:
        return self.latest is not None

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def paused(self) -> bool:
        return bool(self.away)

    def humans(self) -> list[int]:
        return [self.seat] if self.seat >= 0 and not self.level else []

    def frame(self, seat: int, since: int = 0) -> dict[str, Any]:
        if self.latest is None:
            raise GameError("no frame from the host yet")
        events = [self.log[seq] for seq in sorted(self.log) if seq >= since]
        first = events[0]["seq"] if events else self.latest["seq"]
        prompt = self.latest["prompt"] if self._deciding() else None
        return {**self.latest, "first": first, "events": events, "prompt": prompt}

    def waiting(self) -> list[int]:
        if self.latest is None:
            return []
        return [w["seat"] for w in self.latest["view"].get("waiting", ())
                if isinstance(w, dict) and isinstance(w.get("seat"), int)]

    def choose(self, seat: int, choice: str) -> None:
        if self.failure:
            raise GameError(self.failure)
        if seat != self.seat or not self._deciding():
            raise NotYourDecision("no decision of yours is pending")
        assert self.latest is not None and self.asked is not None
        if choice not in self.latest["prompt"]["options"]:
            raise IllegalChoice(f"{choice!r} is not one of the options")
        self.sent, self.choice = self.asked, choice
        self._post(payloads.Choice(choice, self.asked))

    def question(self, seat: int) -> int | None:
        return self.asked if seat == self.seat and self._deciding() else None

    def bot_turn(self) -> BotTurn | None:
        if self.bot is None or self.paused or not self._deciding():
            return None
        assert self.latest is not None and self.asked is not None
        raw = self.latest["prompt"]
        prompt = Prompt(raw["seat"], raw["kind"], list(raw["options"]), raw["context"])
        return BotTurn(self.seat, self.bot, self.latest["view"], prompt, self.asked)

    def answer_bot(self, turn: BotTurn, choice: str) -> bool:
        if turn.generation != self.asked or not self._deciding():
            return False
        self.choose(turn.seat, choice)
        return True

    def answer_alone(self, on: bool) -> None:
        self.lone.on = on
        self._answer_lone()

    def answered(self) -> list[Answered]:
        return self.lone.take()

    def _answer_lone(self) -> None:
        """The person's question with one legal answer that reveals nothing is answered
        for them, when they want it (the host's frame says which options are final)."""
        if not (self.lone.on and self.humans() and self._deciding()):
            return
        assert self.latest is not None
        decision = self.latest["prompt"]
        if len(decision["options"]) != 1 or decision["final"]:
            return
        self.lone.answered.append(Answered(self.seat, self.latest["seq"], self.latest["view"],
                                           decision))
        self.choose(self.seat, decision["options"][0])

    def close(self) -> None:
        self._tasks.append(asyncio.create_task(self.leave()))

    # --- talking to the host ------------------------------------------------------------------

    def set_ready(self, ready: bool = True, name: str = "") -> None:
        """Say whether this seat is ready, and the name its player goes by."""
        self._post(payloads.Ready(ready, name))

    def say(self, seat: int, text: str, to: int | None = None) -> str:
        # The host stamps the seat the relay says the line came from: ``seat`` goes nowhere.
        if self.failure:
            raise GameError(self.failure)
        line, cut = clean_line(text)  # as the host will: it takes nothing longer
        if not line:
            raise GameError("Nothing to say: the line is empty.")
        problem = "" if to is None else refusal(self.relay_seat, to, self._readers())
        if problem:  # the host would refuse it too, when the line is gone from the screen
            raise GameError(problem)
        self._post(payloads.Say(line, to))
        return f"Your line was cut to {MAX_CHAT} characters." if cut else ""

    def _readers(self) -> list[tuple[str, str]]:
        """Each player's seat by its name and who reads it, as the lobby says."""
        lobby = self.lobby
        if lobby is None:
            return []
        # A remote seat with a bot's level has a bot standing in for its absent player.
        return [(row.name, chat.BOT if row.kind == BOT or (row.kind == REMOTE and row.level)
                 else chat.AWAY if not row.connected else chat.PERSON)
                for row in sorted(lobby.seats, key=lambda row: row.seat)
                if row.seat < lobby.players]

    def sync(self) -> None:
        """Ask the host for the frame again, with the events after those held here."""
        self._post(payloads.Sync(self.latest["seq"] if self.latest is not None else 0))

    async def leave(self) -> None:
        """Give the seat up and stop."""
        for task in self._tasks:
            if task is not asyncio.current_task():
                task.cancel()
        await self.client.leave()

    def _deciding(self) -> bool:
        """A decision is put to this seat and no choice for it awaits an answer."""
        return (self.latest is not None and self.latest["prompt"] is not None
                and self.asked is not None and self.sent != self.asked and not self.over
                and not self.failure)

    def _post(self, message: payloads.GuestMessage) -> None:
        self._outgoing.put_nowait(payloads.encode(message))

    async def _send(self) -> None:
        while True:
            await self.client.send(await self._outgoing.get())

    async def _watch(self, work: Any) -> None:
        try:
            await work
        except RoomClosed as error:
            if not self.over:
                self._fail(f"the game ended early: {error}" if self.started else str(error))
        except RelayError as error:
            self._fail(str(error))

    def _fail(self, reason: str) -> None:
        self.failure = reason
        self.status = reason
        self.changed(reason)

    async def _receive(self) -> None:
        while True:
            event = await self.client.receive()
            if isinstance(event, Resumed):
                self.sync()
            elif isinstance(event, Notice):
                self._host_presence(event.state)
            elif event.seat is None or event.seat == self.relay_seat:
                self._message(event.payload)

    def _host_presence(self, state: Presence) -> None:
        if state is Presence.AWAY:
            self.status = "The host lost its connection: waiting for it to come back"
            self.changed(self.status)
        elif state is Presence.BACK:
            self.status = ""
            self.sync()  # what was sent to it while it was away never reached it
            self.changed("The host is back.")

    def _message(self, payload: bytes) -> None:
        try:
            message = payloads.decode_from_host(payload)
        except payloads.BadPayload as error:
            self.changed(f"An unreadable message from the host was dropped: {error}")
            return
        if isinstance(message, payloads.Frame):
            self._frame(message)
        elif isinstance(message, payloads.Error):
            self._refused(message)
        elif isinstance(message, payloads.Lobby):
            self._lobby(message)
        elif isinstance(message, payloads.Pause):
            names = [row.name for row in (self.lobby.seats if self.lobby else ())
                     if row.seat in message.away]
            self.away = message.away
            self.status = f"Paused: {', '.join(names) or 'a player'} away"
            self.changed(self.status)
        elif isinstance(message, payloads.Resume):
            self.away = []
            self.status = ""
            self.changed("The game goes on.")
        elif isinstance(message, payloads.Over):
            self.result = message
            self.changed()
        elif isinstance(message, payloads.Chat):
            self._heard(ChatLine(message.seat, message.to, message.text))

    def _heard(self, line: ChatLine) -> None:
        # The relay brings a private line to its two seats only; one for another seat
        # (a host that misaddressed it) is not shown.
        if line.seen_by(self.relay_seat):
            self.heard.add(line)
            self.changed()

    def _frame(self, message: payloads.Frame) -> None:
        current = message.frame
        if self.lobby is None or current["seat"] != self.seat:
            self.changed("A frame for another seat was dropped.")
            return
        problem = unreadable(self.ruleset, current, panes=not self.level)
        if problem:
            self.changed(f"A frame this program cannot show was dropped: {problem}")
            return
        self.log.update((record["seq"], record) for record in current["events"])
        if len(self.log) > MAX_KEPT_EVENTS:
            for seq in sorted(self.log)[:len(self.log) - MAX_KEPT_EVENTS]:
                del self.log[seq]
        self.latest = current
        lost = message.sync and self.sent is not None and self.sent == message.asked
        self.asked = message.asked
        if lost:  # the host never got the choice: send it again (twice does no harm)
            self._post(payloads.Choice(self.choice, self.sent or 0))
        self._answer_lone()
        self.changed()

    def _refused(self, error: payloads.Error) -> None:
        if error.code == Code.CHAT:  # about a line said: it says what became of it
            self.changed(error.reason)
            return
        # Only a refusal of the choice made on the frame held here changes anything: one
        # about an older decision crossed a newer frame on the way.
        if error.asked is not None and error.asked == self.sent == self.asked:
            self.sent = None  # the decision is open again
            if error.code == Code.STALE:
                self.asked = None  # and this frame is old: a fresh one follows
        self.changed(f"The host refused: {error.reason}")

    def _lobby(self, lobby: payloads.Lobby) -> None:
        if self._rules is None:
            try:
                self._rules = ruleset(lobby.game)
                if self.level:
                    self.bot = self._rules.make_bot(self.level, self.seed)
            except (LookupError, ValueError) as error:
                self._fail(f"cannot play this game: {error}")
                return
        self.lobby = lobby
        self.seats = [self._spec(row) for row in lobby.seats if row.seat < lobby.players]
        self.changed()

    def _spec(self, row: payloads.LobbySeat) -> SeatSpec:
        if row.seat == self.relay_seat:
            return SeatSpec(BOT, self.level) if self.level else SeatSpec(HUMAN)
        return SeatSpec(BOT, row.level) if row.kind == BOT else SeatSpec(REMOTE)


def unreadable(rules: Ruleset, frame: dict[str, Any], panes: bool) -> str:
    """Why this program cannot show a host's frame ("" if it can): the frame has the shape
    of a frame (payloads.check_frame), but only the game knows its content. First it must
    be within the game's bounds (core/bounds.py: a sector a million hexes out once drew a
    map of gigabytes), so that what follows costs what a real frame costs. Then the game's
    words and panes are made from it once (the panes only where a person plays the seat:
    a bot's seat has no screen), so that a view naming a card this program does not know
    (a host with other content, or a hostile one) is dropped with one line, rather than
    breaking the screen or the seat's bot."""
    try:
        check_frame(rules.bounds, frame)
    except OutOfBounds as error:
        return screen_text(str(error), 200)
    words = rules.words()
    view, prompt = frame["view"], frame["prompt"]
    try:
        words.show(view, prompt)
        for record in frame["events"]:
            words.event(view, record)
        if panes:
            from tui.plugins import ui_for  # a headless bot guest never loads Textual

            ui = ui_for(rules.name)
            for seat in range(len(view["players"])):
                ui.empire(view, seat, words)
            ui.hand(view, words)
            ui.status(view, words)
            ui.battle(view, words)
    except Exception as error:  # whatever in the host's data breaks them is refused
        return screen_text(f"{type(error).__name__}: {error}", 200)
    return ""
