"""Hosting a network game: the engine runs here, the remote players are guests of a room
on a relay (docs/protocol.md, "Game payloads").

The host offers the relay one seat per remote player (the game's own seat numbers) and
one per spectator (numbered after the players). Each guest gets only its own seat's
frames, a spectator the spectator's (core/frames.py filters them); every choice a guest
sends is checked against the decision it was made on and then by the engine. The game
itself is played at a :class:`tui.play.table.Table`, as a local game is: its bots, the
people at this terminal (through the same :class:`tui.session.Session` surface as in a
local game) and its autosave, written on a thread after every decision.

While a remote player is away the game pauses for everyone; the host may hand the seat
to a bot until the player is back.

Table talk passes through here too: a guest's line is stamped with the seat the relay
says it came from, cleaned, bounded and paced (core/net/chat.py), and goes to everyone or
to its one addressee (and back to its speaker), never to a bot and never into the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import Iterable
from dataclasses import replace
from functools import partial
from typing import Any

from core.errors import GameError, GameOver, NotYourDecision
from core.events import SPECTATOR
from core.header import header
from core.net import chat, payloads
from core.net.chat import BURST, MAX_CHAT, REFILL, ChatLine, Heard, Pacing, clean_line, refusal
from core.net.client import ClientOptions, Notice, RelayClient, Resumed
from core.net.errors import RelayError
from core.net.outbox import Outbox
from core.net.payloads import Code
from core.net.protocol import Presence
from core.rng import fresh_seed
from core.rulesets import GameSetup, Ruleset, ruleset
from saves.format import SaveError, SaveMeta
from saves.replay import load_game
from saves.store import SaveStore, find_save
from tui.netplay.autosave import Autosave
from tui.play.bots import BotTurn
from tui.play.seats import BOT, HUMAN, REMOTE, SeatSpec
from tui.play.table import Table
from tui.serve.players import player_name
from tui.session import NETWORK_NO_UNDO, SessionCommand, TableSession, named

SPECTATOR_KIND = "spectator"
SAVE_SECONDS = 30  # at most, to write the last autosave when the room closes
STAND_IN_LEVEL = "normal"  # the bot that plays an absent player's seat, when asked to


class TooFast(GameError):
    """A line said beyond its speaker's allowance."""


def refusal_code(error: GameError) -> Code:
    if isinstance(error, NotYourDecision):
        return Code.NOT_YOURS
    if isinstance(error, GameOver):
        return Code.OVER
    return Code.ILLEGAL


class HostSession(TableSession):
    """A game run here for players at this terminal, bots and guests on a relay."""

    leaving = ("The room closes for every guest. The game is saved after every move: "
               "host it again (fractal host --resume) to go on.")
    no_undo = NETWORK_NO_UNDO

    def __init__(self, ruleset: Ruleset, game: Any, seats: list[SeatSpec],
                 store: SaveStore | None, meta: SaveMeta | None = None,
                 spectators: int = 0, setup: GameSetup | None = None) -> None:
        self.ruleset = ruleset
        self.seats = seats
        self.setup = setup  # a new game's, to deal it again with its guests' names
        self.guest_names: dict[int, str] = {}
        self.store = store
        self.meta = meta or SaveMeta.new([seat.text for seat in seats])
        self.saver = None if store is None else Autosave(store, lambda: self.table.game,
                                                         self.meta, self.changed)
        self.table = Table(ruleset, game, seats, autosave=self.saver, undo=False)
        self.words = ruleset.words()
        self.remote = [i for i, seat in enumerate(seats) if seat.kind == REMOTE]
        self.spectators = list(range(len(seats), len(seats) + spectators))
        self.present: set[int] = set()  # guests connected, by relay seat
        self.ready: set[int] = set()
        self.started = False
        self.paused = False
        self.failure = ""  # why the room was lost, once it is
        self.client: RelayClient | None = None
        self.outbox: Outbox | None = None
        self._since: dict[int, int] = {}  # relay seat -> the seq of the frame it holds
        self._resync: set[int] = set()  # relay seats whose next frame answers a sync
        # Relay seats back from a lost connection: what they hold is unknown until they
        # say it in a sync, so they get no frame before.
        self._unsynced: set[int] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self.heard: Heard = Heard()  # what the people at this terminal may read
        self.pacing = Pacing()
        self._hushed: set[int] = set()  # guests told they talk too fast, until a line passes

    # --- the room -----------------------------------------------------------------------------

    @property
    def offered(self) -> list[int]:
        return [*self.remote, *self.spectators]

    @property
    def code(self) -> str:
        """The invite code, once the room is open."""
        if self.client is None or self.client.code is None:
            return ""
        return self.client.code

    async def open(self, address: str, options: ClientOptions | None = None) -> str:
        """Create the room on the relay at ``address``; returns its invite code."""
        if not self.offered:
            raise ValueError("no seat for anyone to join: make one remote (or add a "
                             "spectator)")
        self.client = await RelayClient.create_room(address, self.offered, options)
        self.outbox = Outbox(self.client, self._frame_payload)
        self._tasks = [asyncio.create_task(self._watch(self._receive())),
                       asyncio.create_task(self._watch(self.outbox.run()))]
        if self.saver is not None:
            self._tasks.append(asyncio.create_task(self.saver.run()))
        return self.code

    async def finish(self) -> None:
        """Let everything queued leave and the game be saved, then close the room."""
        if self.outbox is not None and not self.failure:
            await self.outbox.drained()
        await self._shut()

    def close(self) -> None:
        if self.client is not None:
            self._tasks.append(asyncio.create_task(self._shut()))

    async def _shut(self) -> None:
        client, self.client = self.client, None
        if self.saver is not None and self._tasks:
            with contextlib.suppress(TimeoutError):  # the saver says why it could not
                async with asyncio.timeout(SAVE_SECONDS):
                    await self.saver.saved()
        for task in self._tasks:
            if task is not asyncio.current_task():
                task.cancel()
        if client is not None:
            await client.leave()

    async def _watch(self, work: Any) -> None:
        try:
            await work
        except RelayError as error:
            self.failure = self.status = f"lost the room: {error}"
            self.changed(self.failure)

    def can_start(self) -> bool:
        """Every remote seat has its player, ready (or a bot standing in)."""
        return all(s in self.stand_ins or (s in self.present and s in self.ready)
                   for s in self.remote)

    def start(self) -> None:
        if self.started:
            return
        if not self.can_start():
            raise GameError("some remote seats are still empty or not ready")
        self.started = True
        self._name_guests()
        self.autosave()
        self._lobby()
        for seat in self.present:
            self._queue_frame(seat)
        self._update_pause()
        self.changed()

    # --- the Session surface ------------------------------------------------------------------

    @property
    def stand_ins(self) -> dict[int, tuple[str, Any]]:
        return self.table.stand_ins

    def choose(self, seat: int, choice: str) -> None:
        if self.seats[seat].kind != HUMAN:
            raise NotYourDecision("that seat is not played at this terminal")
        self._check_playing()
        self._apply(seat, choice)

    def bot_turn(self) -> BotTurn | None:
        if not self.started or self.paused or self.over or self.failure:
            return None
        return self.table.bot_turn()

    def answer_bot(self, turn: BotTurn, choice: str) -> bool:
        if self.paused or not self.table.answer_bot(turn, choice):
            return False
        self._tell()
        return True

    def answer_alone(self, on: bool) -> None:
        self.table.lone.on = on
        if self.started and not self.paused and self.table.answer_alone(on):
            self._tell()

    def commands(self) -> list[SessionCommand]:
        names = self._names()
        return [SessionCommand(f"Hand {names[seat]} to a bot",
                               "A bot plays the seat until its player is back",
                               partial(self.hand_to_bot, seat))
                for seat in self.remote if seat not in self.present
                and seat not in self.stand_ins]

    def hand_to_bot(self, seat: int, level: str = STAND_IN_LEVEL) -> None:
        """Let a bot play the absent player's seat until the player comes back."""
        if seat not in self.remote or seat in self.present:
            raise GameError("only the seat of an absent remote player goes to a bot")
        self.table.stand_in(seat, level)
        self._lobby()
        self._update_pause()
        self.changed()

    def autosave(self) -> None:
        if self.saver is not None:
            self.saver.changed()

    # --- playing ------------------------------------------------------------------------------

    def _check_playing(self) -> None:
        if not self.started:
            raise GameError("the game has not started")
        if self.paused:
            raise GameError(self.status)

    def _apply(self, seat: int, choice: str) -> None:
        self.table.apply(seat, choice)
        self._tell()

    def _tell(self) -> None:
        """After a change at the table: the seats that now face a new decision get their
        frame first, the others may wait; everyone hears the end."""
        urgent = self.table.fresh
        for seat in urgent & self.present:
            self._queue_frame(seat)
        if self.outbox is not None:
            self.outbox.changed(self.present - urgent)
        if self.over:
            for guest in self.present:
                self._queue_frame(guest)
            assert self.outbox is not None
            self.outbox.post(payloads.encode(self.outcome()))
        self.changed()

    def _queue_frame(self, seat: int) -> None:
        if self.outbox is not None:
            self.outbox.frame(seat)

    def _frame_payload(self, seat: int) -> bytes | None:
        """The frame of relay seat ``seat`` as it stands, from the events it lacks."""
        if (not self.started or seat not in self.present or seat in self._unsynced
                or self.client is None):
            return None
        viewer = seat if seat < len(self.seats) else SPECTATOR
        current = self.table.frame(viewer, self._since.get(seat, 0))
        asked = self.table.asked.get(viewer) if current["prompt"] is not None else None
        sync = seat in self._resync
        self._resync.discard(seat)
        payload = payloads.encode(payloads.Frame(current, asked, sync))
        while len(payload) > self.client.max_payload and current["events"]:
            # Too far behind for one payload: the newest events, and the view is whole.
            events = current["events"][len(current["events"]) // 2 + 1:]
            first = events[0]["seq"] if events else current["seq"]
            current = {**current, "events": events, "first": first}
            payload = payloads.encode(payloads.Frame(current, asked, sync))
        self._since[seat] = current["seq"]
        return payload

    def outcome(self) -> payloads.Over:
        """Who won, and every seat's place and score (meaningful once the game is over)."""
        view = self.game.view(SPECTATOR)
        facts = header(view)
        names = self._names(view)
        standings = [payloads.Standing(row.seat, names[row.seat][:payloads.MAX_NAME],
                                       row.place, row.vp) for row in facts.standings]
        return payloads.Over(list(facts.winners), standings)

    # --- what guests say ----------------------------------------------------------------------

    async def _receive(self) -> None:
        assert self.client is not None
        while True:
            event = await self.client.receive()
            if isinstance(event, Notice):
                if event.seat is not None:
                    self._presence(event.seat, event.state)
            elif isinstance(event, Resumed):
                # Guests here now sync once they see the host back; what they sent while it
                # was away is lost, what it sent them meanwhile was resent in order.
                self.present = set(event.seats) & set(self.offered)
                self._lobby()
                self._update_pause()
                self.changed()
            elif event.seat is not None:
                self._message(event.seat, event.payload)

    def _presence(self, seat: int, state: Presence) -> None:
        if seat not in self.offered:
            return
        if state in (Presence.JOINED, Presence.BACK):
            self.present.add(seat)
            self.table.release(seat)
            if state is Presence.BACK:
                self._unsynced.add(seat)
            else:
                self.ready.discard(seat)
                self._unsynced.discard(seat)
                self._since[seat] = 0
                if self.started:
                    self._queue_frame(seat)
        else:
            self.present.discard(seat)
            if state is Presence.LEFT:
                self.ready.discard(seat)
            if self.outbox is not None:
                self.outbox.forget(seat)
        self._lobby()
        self._update_pause()
        self.changed()

    def _message(self, seat: int, payload: bytes) -> None:
        try:
            message = payloads.decode_from_guest(payload)
        except payloads.BadPayload as error:
            self._refuse(seat, error.code, str(error))
            return
        if isinstance(message, payloads.Ready):
            if message.name and seat in self.remote and not self.started:
                self.guest_names[seat] = player_name(message.name)
            if message.ready:
                self.ready.add(seat)
            else:
                self.ready.discard(seat)
            self._lobby()
            self.changed()
        elif isinstance(message, payloads.Say):
            self._guest_says(seat, message)
        elif isinstance(message, payloads.Sync):
            self._since[seat] = message.since
            self._unsynced.discard(seat)
            self._resync.add(seat)
            self._queue_frame(seat)
        else:
            self._remote_choice(seat, message)

    def _remote_choice(self, seat: int, message: payloads.Choice) -> None:
        refusal = self._choice_refusal(seat, message)
        if refusal is None:
            try:
                self._apply(seat, message.choice)
                return
            except GameError as error:
                refusal = refusal_code(error), str(error)
        code, reason = refusal
        self._refuse(seat, code, reason, message.choice, message.asked)
        if code is Code.STALE:
            self._resync.add(seat)
            self._queue_frame(seat)

    def _choice_refusal(self, seat: int, message: payloads.Choice) -> tuple[Code, str] | None:
        """Why a guest's choice cannot be taken before the engine even sees it."""
        if seat not in self.remote:
            return Code.NOT_YOURS, "a spectator takes no decisions"
        if not self.started:
            return Code.NOT_STARTED, "the game has not started"
        if self.over:
            return Code.OVER, "the game is over"
        if self.paused:
            return Code.PAUSED, self.status
        if self.table.asked.get(seat) != message.asked or self.game.prompt_for(seat) is None:
            return Code.STALE, "the game moved on since that decision: here it is now"
        return None

    def _refuse(self, seat: int, code: Code, reason: str, choice: str = "",
                asked: int | None = None) -> None:
        if self.outbox is not None:
            error = payloads.Error(str(code), reason[:payloads.MAX_REASON], choice, asked)
            self.outbox.post(payloads.encode(error), seat)

    # --- table talk ---------------------------------------------------------------------------

    def say(self, seat: int, text: str, to: int | None = None) -> str:
        # A person here speaks as the seat on their screen; one who plays none, as the host.
        return self._talk(seat if seat in self.humans() else None, text, to)

    def _guest_says(self, seat: int, message: payloads.Say) -> None:
        """A guest's line: refused or cut with a line back to it, one line for a whole
        run of lines too fast."""
        try:
            notice = self._talk(seat, message.text, message.to)
        except TooFast as error:
            if seat not in self._hushed:
                self._hushed.add(seat)
                self._refuse(seat, Code.CHAT, str(error))
            return
        except GameError as error:
            self._refuse(seat, Code.CHAT, str(error))
            return
        self._hushed.discard(seat)
        if notice:
            self._refuse(seat, Code.CHAT, notice)

    def _talk(self, speaker: int | None, text: str, to: int | None) -> str:
        """Pass a line of ``speaker`` (a relay or a local seat; None: the host) on to
        everyone, or to ``to`` and back to its speaker; a line for the speaker, or
        GameError when it is refused."""
        line, cut = clean_line(text)
        if not line:
            raise GameError("Nothing to say: the line is empty.")
        if to is not None:
            problem = refusal(speaker, to, self._readers())
            if problem:
                raise GameError(problem)
        if not self.pacing.take(speaker):
            wait = math.ceil(self.pacing.wait(speaker))
            raise TooFast(f"Too fast: {BURST} lines at once, then one every {REFILL:g} s; "
                          f"that line was dropped (wait {wait} s).")
        said = ChatLine(speaker, to, line)
        if to is None or speaker in self.humans() or to in self.humans():
            self.heard.add(said)
        if self.outbox is not None:
            payload = payloads.encode(payloads.Chat(speaker, to, line))
            if to is None:
                self.outbox.post(payload)
            else:  # the addressee and the speaker, when they are guests here now
                for seat in sorted({s for s in (speaker, to) if s in self.present}):
                    self.outbox.post(payload, seat)
        self.changed()
        return f"Your line was cut to {MAX_CHAT} characters." if cut else ""

    def _readers(self) -> list[tuple[str, str]]:
        """Each player's seat by its name and who reads it (core.net.chat.refusal)."""
        names = self._names()
        return [(names[seat], chat.BOT if spec.kind == BOT or seat in self.stand_ins
                 else chat.AWAY if spec.kind == REMOTE and seat not in self.present
                 else chat.PERSON)
                for seat, spec in enumerate(self.seats)]

    # --- telling everyone ---------------------------------------------------------------------

    def _names(self, view: dict[str, Any] | None = None) -> dict[int, str]:
        view = view if view is not None else self.game.view(SPECTATOR)
        names = {seat: self.words.seat_name(view, seat) for seat in range(len(self.seats))}
        names.update({seat: f"Spectator {n + 1}" for n, seat in enumerate(self.spectators)})
        return names

    def _name_guests(self) -> None:
        """A new game takes its guests' names: dealt again from its setup, the same game
        but for the names, as nothing has happened in it yet."""
        if self.setup is None or not self.guest_names or self.game.log:
            return
        names = [self.guest_names.get(seat) or self._given_name(seat)
                 for seat in range(len(self.seats))]
        self.table.redeal(self.ruleset.new_game(replace(self.setup, names=names)))

    def _given_name(self, seat: int) -> str:
        """The name a new game's setup gives ``seat`` ("" for the ruleset's default)."""
        names = self.setup.names if self.setup is not None else []
        return names[seat] if seat < len(names) else ""

    def lobby(self) -> payloads.Lobby:
        names = self._names()
        rows = []
        for seat, spec in enumerate(self.seats):
            remote = spec.kind == REMOTE
            level = self.stand_ins[seat][0] if seat in self.stand_ins else spec.level
            here = seat in self.present or not remote
            person = "" if self.started else (self.guest_names.get(seat)
                                               or self._given_name(seat))
            # A guest's name is in the seat's own once the game is dealt again with it.
            name = (f"{names[seat]}, {person}" if person and person not in names[seat]
                    else names[seat])
            rows.append(payloads.LobbySeat(seat, spec.kind, level, name[:payloads.MAX_NAME], here,
                                           seat in self.ready or not remote))
        for seat in self.spectators:
            rows.append(payloads.LobbySeat(seat, SPECTATOR_KIND, "", names[seat],
                                           seat in self.present, seat in self.present))
        return payloads.Lobby(self.ruleset.name, len(self.seats), self.started, rows)

    def _lobby(self) -> None:
        if self.outbox is not None:
            self.outbox.post(payloads.encode(self.lobby()))

    def _update_pause(self) -> None:
        away = [s for s in self.remote if s not in self.present and s not in self.stand_ins]
        paused = self.started and not self.over and bool(away)
        names = self._names()
        status = f"Paused: {', '.join(names[s] for s in away)} away" if paused else ""
        if paused == self.paused and status == self.status:
            return
        resumed = self.paused and not paused
        self.paused, self.status = paused, status
        if self.outbox is None:
            return
        self.outbox.post(payloads.encode(payloads.Pause(away) if paused else payloads.Resume()))
        if resumed:  # choices refused while paused are made again on these frames
            for seat in self._deciding(self.present):
                self._queue_frame(seat)
        self.changed(status or ("The game goes on." if resumed else ""))

    def _deciding(self, seats: Iterable[int]) -> list[int]:
        return [s for s in seats if s < len(self.seats) and self.game.prompt_for(s)]


def parse_seats(text: str) -> list[SeatSpec]:
    """``remote,human,random...``: who plays each seat, in seat order."""
    return [SeatSpec.parse(part.strip()) for part in text.split(",") if part.strip()]


def new_host_session(game: str, seats: list[SeatSpec], seed: int | None,
                     store: SaveStore | None, spectators: int = 0,
                     player: str = "", modules: tuple[str, ...] = ()) -> HostSession:
    """A new game of ``game`` to host, one seat per entry of ``seats``, with the advanced
    ``modules`` given; ``player`` names the host's own seat."""
    rules = ruleset(game)
    if len(seats) not in rules.players:
        raise ValueError(f"{rules.title} is played by "
                         f"{', '.join(str(n) for n in rules.players)} players, not "
                         f"{len(seats)}")
    setup = named(GameSetup(players=len(seats), seed=fresh_seed() if seed is None else seed,
                            modules=list(modules)), seats, player)
    return HostSession(rules, rules.new_game(setup), seats, store, spectators=spectators,
                       setup=setup)


def saved_host_session(name: str, store: SaveStore, spectators: int = 0) -> HostSession:
    """A saved game to host again, with the seats it was saved with. It is saved once
    here, so that a game that cannot be saved is not played: saves.format.SaveError when
    it cannot be read or saved."""
    loaded, resumed = load_game(find_save(name, store.directory))
    header = loaded.save.header
    seats = [SeatSpec.parse(f"{s.kind}:{s.level}" if s.level else s.kind)
             for s in header.seats]
    session = HostSession(ruleset(header.ruleset), resumed.game, seats, store,
                          SaveMeta.of(header), spectators)
    try:
        store.autosave(session.game, session.meta)
    except OSError as error:
        raise SaveError(store.path_of(session.meta.autosave_name), "unwritable",
                        f"cannot save here: {error.strerror or error}") from None
    return session
