"""Network games without a screen: ``fractal host --headless`` and ``fractal join --bot``.

:func:`play` is what the game screen does for a session, less the drawing: it runs the
bots' decisions on a thread (the session's ``think``, a host's at its table), one at a
time, and waits for the session to change when no bot is due. The host and the guest
commands are built on it.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, TextIO

from core.net import payloads
from core.net.errors import RelayError
from core.net.text import screen_text
from core.words import count
from tui.netplay.guest import GuestSession
from tui.netplay.host import HostSession


async def until(session: Any, done: Any) -> None:
    """Wait until ``done()`` holds, looking again whenever the session changes."""
    changed = asyncio.Event()
    previous = session.on_change

    def on_change(note: str) -> None:
        if previous is not None:
            previous(note)
        changed.set()

    session.on_change = on_change
    try:
        while not done():
            changed.clear()
            await changed.wait()
    finally:
        session.on_change = previous


async def play(session: HostSession | GuestSession) -> None:
    """Make the bots' decisions until the game ends or the session fails."""
    while not session.over and not session.failure:
        turn = session.bot_turn()
        if turn is None:
            await until(session, lambda: bool(session.over or session.failure
                                                or session.bot_turn()))
            continue
        try:
            choice = await asyncio.to_thread(session.think, turn)
        except Exception as error:  # a bot's failure ends this player, in one line
            session.failure = screen_text(f"the bot failed: {type(error).__name__}: {error}",
                                          200)
            return
        if choice is not None:
            session.answer_bot(turn, choice)


def result_lines(over: payloads.Over) -> list[str]:
    names = {row.seat: row.name for row in over.standings}
    winners = " and ".join(names.get(seat, f"seat {seat}") for seat in over.winners)
    return [f"Game over: {winners or 'nobody'} won.",
            *(f"{row.place}. {row.name}: {row.score} VP" for row in over.standings)]


def _notes(session: HostSession | GuestSession, err: TextIO) -> Any:
    """Print what the session says, but its failure: the command ends with that line."""
    def note(text: str) -> None:
        if text and text != session.failure:
            print(text, file=err, flush=True)
    return note


async def host(session: HostSession, address: str, out: TextIO | None = None,
               err: TextIO | None = None) -> int:
    """Host ``session`` on the relay at ``address``: the invite code alone on the first
    line of ``out`` (standard output), the game once every remote seat is in, the result
    at its end; notes and errors on ``err`` (standard error)."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        code = await session.open(address)
    except RelayError as error:
        print(f"fractal host: {error}", file=err)
        return 2
    print(code, file=out, flush=True)
    session.on_change = _notes(session, err)
    try:
        print(f"waiting for {count(len(session.remote), 'player')}: fractal join {code} "
              f"--relay {address}", file=err, flush=True)
        await until(session, lambda: session.can_start() or bool(session.failure))
        if not session.failure:
            session.start()
            await play(session)
        if session.failure:
            print(f"fractal host: {session.failure}", file=err)
            return 1
        await session.finish()
    finally:
        session.close()
    for line in result_lines(session.outcome()):
        print(line, file=out)
    if session.store is not None:
        print(f"saved: {session.store.path_of(session.meta.autosave_name)}", file=out)
    out.flush()
    return 0


async def join(address: str, code: str, level: str, seat: int | None, seed: int,
               out: TextIO | None = None, err: TextIO | None = None, name: str = "") -> int:
    """Play a seat of the game of invite ``code`` with a bot of ``level``."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        session = await GuestSession.join(address, code, seat, level=level, seed=seed)
    except RelayError as error:
        print(f"fractal join: {error}", file=err)
        return 2
    session.on_change = _notes(session, err)
    try:
        print(f"joined at seat {session.relay_seat + 1}", file=err, flush=True)
        session.set_ready(name=name)
        await play(session)
        if session.failure or session.result is None:
            print(f"fractal join: {session.failure or 'the game ended early'}", file=err)
            return 1
        for line in result_lines(session.result):
            print(line, file=out)
        out.flush()
        return 0
    finally:
        await session.leave()
