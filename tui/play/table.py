"""One table per game being played: the game and everything that plays it.

A table owns the game, its undo ledger, its autosave (a sink its transport gives it), the
bots and their pace (stand-ins included), the questions answered for people
(:mod:`tui.play.lone`) and the frames it serves, with each decision's facts
(:mod:`tui.play.facts`) worked out once and shared by the frames, undo and the host. A
local session and a network host are transports over a table; ``fractal simulate`` plays
through one with nobody at it.

Everything here is synchronous and runs where its caller runs (the event loop of a screen
or a host), but :meth:`Table.think`, which a bot's decision runs through off the loop.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from core.bots.base import Bot, Model
from core.bots.levels import make_bot
from core.decisions import Prompt
from core.events import Event
from core.frames import decision, frame
from core.rng import derive
from core.rulesets import Ruleset
from saves.undo import UndoError, UndoLedger
from tui.play.autosave import Autosave
from tui.play.bots import BotTurn, think, turn_left
from tui.play.facts import Facts, Marks, marked
from tui.play.lone import Answered, LoneAnswers
from tui.play.seats import BOT, HUMAN, SeatSpec


class Table:
    """One game being played, by people here, bots and (through a host) guests.

    ``autosave`` is told after every change; ``undo`` keeps the ledger that takes decisions
    back (``revealed``: what each decision of the game's log revealed, when the caller
    knows it, saves.undo.resume); ``bot_seed`` seeds each seat's bot from the game's seed;
    ``marks`` is where the final options of a decision come from (the engine's).
    """

    def __init__(self, ruleset: Ruleset, game: Any, seats: Sequence[SeatSpec], *,
                 autosave: Autosave | None = None, undo: bool = True,
                 revealed: Sequence[bool] | None = None,
                 bot_seed: Callable[[int, int], int] = derive, marks: Marks = marked) -> None:
        if len(seats) != game.seats:
            raise ValueError(f"{len(seats)} seats for a game of {game.seats}")
        self.ruleset = ruleset
        self.seats = list(seats)
        self.autosave = autosave
        self.marks = marks
        self.pace = 0.0  # seconds a bot's move stays back at least, for people to follow
        self.lone = LoneAnswers()
        self._undo = undo
        self._bot_seed = bot_seed
        self._model: Model | None = None
        self.stand_ins: dict[int, tuple[str, Bot]] = {}  # seat -> (level, bot)
        self.bots = {i: self._make_bot(seat.level, i, game.options.seed)
                     for i, seat in enumerate(self.seats) if seat.kind == BOT}
        self.fresh: set[int] = set()  # the seats the last change put a new decision to
        # Bots' turns share their time over their decisions (tui.play.bots.turn_left);
        # False: each decision has its bot's own guard alone.
        self.turns_timed = True
        self._run = (-1, 0.0)  # the seat whose decisions came last in a row, and its seconds
        self._waited = 0.0  # the bots' seconds past the pace since a person last decided
        self._thought: dict[int, float] = {}  # a bot decision's seconds, by its number
        self._count = 0  # numbers given to decisions as they are put
        self._epoch = 0  # raised whenever the game is rebuilt (undo) or dealt again
        self._deal(game, revealed)

    def _deal(self, game: Any, revealed: Sequence[bool] | None) -> None:
        self.game = game
        self.ledger = UndoLedger(game, self.ruleset.engine(), revealed) if self._undo else None
        # Each seat's pending decision: the prompt it was sent, the decisions the game had
        # made when it came (what a host tells its guests) and a number of its own, which a
        # bot's answer must carry to be taken.
        self._prompts: dict[int, Prompt | None] = {}
        self.asked: dict[int, int] = {}
        self._turns: dict[int, int] = {}
        self._facts: dict[int, Facts] = {}
        self._facts_at = (-1, -1)
        self._epoch += 1
        self.fresh = self._ask(None)

    def redeal(self, game: Any, revealed: Sequence[bool] | None = None) -> None:
        """Play ``game`` instead: the same game dealt again with its players' names (the
        same seed, so the bots stay), or the same game rebuilt from its log
        (``revealed``, as for a new table)."""
        self._deal(game, revealed)

    # --- what the game is now -----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return bool(self.game.over)

    def waiting(self) -> list[int]:
        """The seats that must decide now, in the order they were asked."""
        return [prompt.seat for prompt in self.game.pending()]

    def turn(self, seat: int) -> int | None:
        """The number of ``seat``'s pending decision (None when it has none): new for every
        decision put to the seat, as a bot's answer and a person's key must match it."""
        return self._turns.get(seat) if self.game.prompt_for(seat) is not None else None

    def facts(self, seat: int) -> Facts | None:
        """The facts of ``seat``'s pending decision, worked out the first time they are
        asked for and kept until the game changes."""
        prompt = self.game.prompt_for(seat)
        if prompt is None:
            return None
        found = self._kept(seat)
        if found is None:
            found = self._facts[seat] = Facts(prompt.copy(), self.marks(self.game, prompt))
        return found

    def _kept(self, seat: int) -> Facts | None:
        """The facts of ``seat``'s decision if they were worked out for the game as it is."""
        now = (self._epoch, len(self.game.log))
        if now != self._facts_at:
            self._facts.clear()
            self._facts_at = now
        return self._facts.get(seat)

    def frame(self, seat: int, since: int = 0) -> dict[str, Any]:
        """What ``seat`` (or the spectator, -1) sees now: core.frames.frame."""
        facts = self.facts(seat)
        return frame(self.game, seat, since, None if facts is None else facts.final)

    # --- deciding -----------------------------------------------------------------------------

    def apply(self, seat: int, choice: str) -> list[Event]:
        """``seat`` decides (core.errors.GameError, one line, when refused); then the
        questions people want answered for them are, and the game is saved. The events
        are the decision's own."""
        events = self._decide(seat, choice)
        if self.bot(seat) is None:
            self._waited = 0.0
        self.fresh = self._ask(seat) | self._answer_lone()
        self._save()
        return events

    def _decide(self, seat: int, choice: str) -> list[Event]:
        if self.ledger is None:
            return list(self.game.apply(seat, choice))
        known = self._kept(seat)
        return self.ledger.apply(seat, choice, None if known is None else known.reveals(choice))

    def _ask(self, decider: int | None) -> set[int]:
        """Note the seats that face a new decision since the last change (all of them
        after a rebuild; ``decider`` always): they are the ones returned."""
        decisions = len(self.game.log)
        fresh = set()
        for seat in range(len(self.seats)):
            prompt = self.game.prompt_for(seat)
            if seat == decider or decider is None or not _same(prompt, self._prompts.get(seat)):
                self._prompts[seat] = None if prompt is None else prompt.copy()
                if prompt is not None:
                    self.asked[seat] = decisions
                    self._turns[seat] = self._count
                    self._count += 1
                    fresh.add(seat)
        return fresh

    def answer_alone(self, on: bool) -> bool:
        """Answer for the people here the questions with one legal answer that reveals
        nothing (on), or leave them to ask (off); True when a question due now was
        answered."""
        self.lone.on = on
        before = len(self.game.log)
        self.fresh = self._answer_lone()
        if len(self.game.log) == before:
            return False
        self._save()
        return True

    def _answer_lone(self) -> set[int]:
        fresh: set[int] = set()
        while self.lone.on and not self.game.over:
            due = [(p.seat, facts) for p in self.game.pending()
                   if len(p.options) == 1 and self.seats[p.seat].kind == HUMAN
                   and (facts := self.facts(p.seat)) is not None and facts.lone() is not None]
            if not due:
                break
            seat, facts = due[0]
            answer = facts.lone()
            assert answer is not None
            asked = Answered(seat, len(self.game.history), self.game.view(seat),
                             decision(facts.prompt, facts.final))
            self._decide(seat, answer)
            self.lone.answered.append(asked)
            fresh |= self._ask(seat)
        return fresh

    def _save(self) -> None:
        if self.autosave is not None:
            self.autosave.changed()

    # --- bots ---------------------------------------------------------------------------------

    def _make_bot(self, level: str, seat: int, seed: int) -> Bot:
        if self._model is None:
            self._model = self.ruleset.model()
        return make_bot(level, self._bot_seed(seed, seat), self._model)

    def bot(self, seat: int) -> Bot | None:
        """The bot that plays ``seat`` now: its own, or one standing in for its player."""
        if seat in self.stand_ins:
            return self.stand_ins[seat][1]
        return self.bots.get(seat)

    def stand_in(self, seat: int, level: str) -> None:
        """A bot of ``level`` plays ``seat`` until :meth:`release`."""
        self.stand_ins[seat] = (level, self._make_bot(level, seat, self.game.options.seed))

    def release(self, seat: int) -> None:
        """The seat's player is back: its stand-in, if any, leaves."""
        self.stand_ins.pop(seat, None)

    def bot_turn(self) -> BotTurn | None:
        """The first pending decision a bot plays, if any."""
        if self.game.over:
            return None
        for prompt in self.game.pending():
            bot = self.bot(prompt.seat)
            if bot is not None:
                seconds = turn_left(bot.level, self._spent(prompt.seat), self._wait()) \
                    if self.turns_timed else None
                return BotTurn(prompt.seat, bot, self.game.view(prompt.seat), prompt.copy(),
                               self._turns[prompt.seat], seconds)
        return None

    def _spent(self, seat: int) -> float:
        """The seconds ``seat``'s decisions in a row up to now took (0 when the last
        decision was another seat's)."""
        log = self.game.log
        last, seconds = self._run
        return seconds if last == seat and log and log[-1][0] == seat else 0.0

    def _wait(self) -> float | None:
        """The seconds the people at the table have waited for the bots since one of them
        last decided (None: no person plays here, nobody waits)."""
        people = any(self.bot(seat) is None for seat in range(len(self.seats)))
        return self._waited if people else None

    def think(self, turn: BotTurn, stop: threading.Event | None = None) -> str | None:
        """The bot's answer at the table's pace; run it off the event loop (None when
        ``stop`` was set meanwhile)."""
        return think(turn, self.pace, stop, self._note)

    def _note(self, turn: BotTurn, seconds: float) -> None:
        self._thought[turn.generation] = seconds  # one key, set on the thinking thread

    def answer_bot(self, turn: BotTurn, choice: str) -> bool:
        """Apply a bot's answer; False when it is stale: the game was rebuilt, the seat's
        decision changed or another bot plays the seat now."""
        if (self.bot(turn.seat) is not turn.bot or self.game.prompt_for(turn.seat) is None
                or self._turns.get(turn.seat) != turn.generation):
            self._thought.pop(turn.generation, None)
            return False
        seconds = self._thought.pop(turn.generation, 0.0)
        self._run = (turn.seat, self._spent(turn.seat) + seconds)
        # The pace is how long the player chose to watch each bot move: only thinking past
        # it keeps them waiting.
        self._waited += max(0.0, seconds - self.pace)
        self.apply(turn.seat, choice)
        return True

    # --- undo ---------------------------------------------------------------------------------

    def undoable(self, seat: int) -> int:
        """How many of its last decisions ``seat`` may take back now."""
        return 0 if self.ledger is None else self.ledger.undoable(seat)

    def undo(self, seat: int, steps: int = 1) -> None:
        """Take back ``seat``'s last ``steps`` decisions (saves.undo.UndoError if not
        allowed); the game is rebuilt, so every bot's answer under way is stale."""
        if self.ledger is None:
            raise UndoError("this game cannot be undone here")
        self.ledger.undo(seat, steps)
        self._epoch += 1
        self._waited = 0.0
        self.game = self.ledger.game
        self.fresh = self._ask(None) | self._answer_lone()
        self._save()


def _same(prompt: Prompt | None, before: Prompt | None) -> bool:
    if prompt is None or before is None:
        return prompt is before
    return (prompt.kind, prompt.options, prompt.context) == (
        before.kind, before.options, before.context)
