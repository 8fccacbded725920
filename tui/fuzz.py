"""Hostile saves and frames by the thousand: ``fractal bench --fuzz-saves N`` and
``--fuzz-frames N`` (docs/benchmarks.md, "Hostile saves and frames"), and the small runs
of the tests.

Saves: ``N`` changes to a real save of each game (a game some way in, with bots), each put
back together with its checksums right (saves.forge), as a forger would: a field of the
header, the options, the log or the snapshot pushed to an extreme (the snapshot's digest
forged to match), bytes of the file changed, its envelope's numbers, compressed and
msgpack bombs. Each file is then opened every way a player can: listed (``fractal saves``,
whose lines the title screen shows too), ``replay --verify``, ``replay --text``, ``show``,
resumed as the client and ``host --resume`` do (the session built, its bots and undo).

Frames: ``N`` changes to real frames of each game: every field (by the shape of its path)
pushed to each extreme in turn, then fields at random, lists grown, decisions and events
bent, the payload's bytes changed, a compressed bomb. Each is read as a guest reads it
(core.net.payloads, then tui.netplay.guest.unreadable); one it keeps is drawn (the words,
every event, the panes) and judged as a bot judges it (its view sampled into a whole
game, and valued), as ``fractal join --bot`` would.

Every case ends as one of: refused (with one line), opened, or a failure: a traceback (an
exception that would reach the player), a hang (longer than ``hang`` seconds), a leak (a
control character in what would reach the terminal). A case's memory is the peak of the
worker's resident size while it ran above its size just before (Linux: the peak is reset
before each case); ``peak_mb`` is the largest, ``base_mb`` a worker's size with the real
save or frames opened. Each worker is a fresh process for ``chunk`` cases.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import multiprocessing
import os
import random
import resource
import signal
import struct
import tempfile
import time
import unicodedata
import zlib
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import msgpack
from rich.console import Console

from core import PROGRAM
from core.frames import frame
from core.net import payloads
from core.plain import copy_plain
from core.rng import Rng
from core.rulesets import GameSetup, Ruleset, ruleset
from saves import commands as saves_commands
from saves.commands import print_listing
from saves.forge import Parts, digest_of, pack, put_together, take_apart
from saves.format import PREFIX_SIZE, SaveError, SaveMeta, encode, envelope, parse_prefix, save_of
from saves.store import SaveStore, list_saves
from tui.app import open_save
from tui.netplay.guest import unreadable
from tui.netplay.host import saved_host_session
from tui.oneline import run_command
from tui.play.seats import SeatSpec
from tui.plugins import ui_for
from tui.session import LocalSession

HOSTILE = "\x1b]0;X\x07\x1b]52;c;aGk=\x1b\\\x1b[2J\x9b31m\u202e\u0085"
HANG_SECONDS = 10.0
SAFETY_MB = 1024  # a worker's address space above its start: a runaway case fails, alone


def _deep(levels: int) -> Any:
    value: Any = []
    for _ in range(levels):
        value = [value]
    return value


# What a field becomes: the ends of each type, the wrong types, text that writes to a
# terminal, long and deep values.
EXTREMES: tuple[Any, ...] = (
    -1, 0, 25, 10**6, -10**6, 10**9, 2**62, -2**63, 2**64 - 1, 1.5, float("nan"),
    float("inf"), True, None, "", "x", HOSTILE, "x" * 5000, "\u202e" * 300, [], {}, [0] * 3000,
    [HOSTILE] * 50, {"": HOSTILE}, _deep(40), _deep(900))


@dataclass(slots=True)
class Figures:
    """What a run of one game found."""

    game: str
    kind: str  # "saves" or "frames"
    cases: int = 0
    refused: int = 0
    opened: int = 0
    tracebacks: int = 0
    hangs: int = 0
    leaks: int = 0
    bot_failures: int = 0  # a kept frame the bot could not answer (one line in join --bot)
    slowest: float = 0.0  # seconds, the slowest case
    peak_mb: float = 0.0  # the most resident memory one case took above what was before it
    base_mb: float = 0.0  # a worker's resident size with the real save or frames opened
    failures: list[str] = field(default_factory=list)  # the first few, one line each

    def fail(self, kind: str, label: str, detail: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.failures) < 10:
            self.failures.append(f"{kind[:-1]}: {label}: {' '.join(detail.split())[:300]}")

    def merge(self, other: Figures) -> None:
        for name in ("cases", "refused", "opened", "tracebacks", "hangs", "leaks",
                     "bot_failures"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.slowest = max(self.slowest, other.slowest)
        self.peak_mb = max(self.peak_mb, other.peak_mb)
        self.base_mb = max(self.base_mb, other.base_mb)
        self.failures += other.failures[:10 - len(self.failures)]


class Hang(Exception):
    pass


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    if not seconds:
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise Hang(f"more than {seconds:.0f} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def leaked(text: str) -> str:
    """The first character of ``text`` a terminal would obey rather than show ("" if
    none): a control (a line break is the one a print makes), a bidirectional mark."""
    for char in text:
        if char != "\n" and char not in "\u200c\u200d" and \
                unicodedata.category(char) in ("Cc", "Cf", "Cs"):
            return repr(char)
    return ""


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into plain data, the value itself first."""
    yield path
    if type(value) is dict:
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif type(value) is list:
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _put(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of ``value`` with ``new`` at ``path``."""
    if not path:
        return new
    value = copy_plain(value)
    here = value
    for step in path[:-1]:
        here = here[step]
    here[path[-1]] = new
    return value


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _resident_mb(field: str) -> float:
    """``VmRSS`` (now) or ``VmHWM`` (the peak) of this process, in MB (Linux)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise LookupError(field)


def _reset_peak() -> None:
    """Start the peak (``VmHWM``) again from the present size (Linux's clear_refs)."""
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")


def _cap_memory() -> None:
    """A safety net for long runs: a case that tries to take gigabytes fails alone."""
    with open("/proc/self/statm") as statm:
        size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    limit = size + SAFETY_MB * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def played(rules: Ruleset, decisions: int, seed: int) -> Any:
    """A game of ``rules`` played at random for that many decisions (or to its end)."""
    game = rules.new_game(GameSetup(players=min(rules.players), seed=seed))
    chooser = Rng(seed)
    while not game.over and len(game.log) < decisions:
        prompt = chooser.choice(game.pending())
        game.apply(prompt.seat, chooser.choice(prompt.options))
    return game


# --- saves ----------------------------------------------------------------------------------


class SaveCases:
    """The mutations of one real save."""

    KINDS = ("header", "options", "log", "snapshot", "body", "bytes", "envelope", "bomb")

    def __init__(self, rules: Ruleset, seed: int) -> None:
        game = played(rules, 60, seed)
        kinds = ["human"] + ["bot:easy"] * (game.seats - 1)
        self.base = encode(save_of(game, SaveMeta.new(kinds)))
        self.parts = take_apart(self.base)
        self.paths = {part: list(_paths(getattr(self.parts, part)))
                      for part in ("header", "body")}
        self.option_paths = [p for p in self.paths["body"] if p[:1] == ("options",)]
        self.snapshot_paths = [p for p in self.paths["body"] if p[:1] == ("snapshot",)]
        squeeze = zlib.compressobj(9)
        self.bomb = b"".join(squeeze.compress(bytes(2**20)) for _ in range(64)) + \
            squeeze.flush()

    def case(self, index: int, rng: random.Random) -> tuple[str, bytes]:
        """A label, and the bytes of the file."""
        kind = self.KINDS[index % len(self.KINDS)]
        parts = Parts(copy_plain(self.parts.header), copy_plain(self.parts.body),
                      self.parts.version, self.parts.flags)
        if kind == "header":
            path = rng.choice(self.paths["header"])
            parts.header = _put(parts.header, path, rng.choice(EXTREMES))
            return f"header {path}", put_together(parts)
        if kind in ("options", "body"):
            path = rng.choice(self.option_paths if kind == "options" else self.paths["body"])
            parts.body = _put(parts.body, path, rng.choice(EXTREMES))
            return f"body {path}", put_together(parts)
        if kind == "log":
            return self._log(parts, rng), put_together(parts)
        if kind == "snapshot":  # a forger's snapshot, its digest to match, its log refused
            path = rng.choice(self.snapshot_paths)
            parts.body = _put(parts.body, path, rng.choice(EXTREMES))
            parts.body["digest"] = digest_of(parts.body["snapshot"])
            if rng.random() < 0.7:
                parts.body["log"].append([0, "refused"])
            return f"snapshot {path}", put_together(parts)
        if kind == "bytes":
            return self._bytes(rng)
        if kind == "envelope":
            parts.version = rng.choice((0, 2, 65535, 1))
            parts.flags = rng.choice((0, 1, 2, 3, 0x8001, 65535))
            data = put_together(parts)
            if rng.random() < 0.5:  # lengths that lie, the prefix crc right
                return "envelope lengths", _relength(data, rng)
            return f"envelope v{parts.version} f{parts.flags}", data
        choice = rng.randrange(4)
        if choice == 0:
            return "bomb zlib", put_together(parts, self.bomb)
        bombs = (b"\xdd\xff\xff\xff\xff",  # an array of 4 billion items, then nothing
                 pack([{}] * 260_000),  # a quarter of a million maps in 260 kB
                 b"\x91" * 200_000 + b"\xc0")  # lists 200,000 deep
        parts.flags = 0
        return f"bomb msgpack {choice}", put_together(parts, bombs[choice - 1])

    @staticmethod
    def _log(parts: Parts, rng: random.Random) -> str:
        log = parts.body["log"]
        how = rng.randrange(6)
        at = rng.randrange(len(log)) if log else 0
        if how == 0 and log:
            log[at] = [log[at][0], rng.choice(("", "pass", HOSTILE, "x" * 200, "9" * 50))]
        elif how == 1 and log:
            log[at] = [rng.choice((-1, 1, 7, 255, 10**6)), log[at][1]]
        elif how == 2 and log:
            del log[at]
        elif how == 3 and log:
            log.insert(at, list(log[at]))
        elif how == 4:
            log.extend([[0, "pass"]] * rng.choice((1, 5000, 20_001)))
        else:
            log.append(rng.choice(EXTREMES))
        if rng.random() < 0.5:  # keep the snapshot a check, or make it the game's own
            parts.body["digest"] = "0" * 64
        return f"log edit {how} at {at}"

    def _bytes(self, rng: random.Random) -> tuple[str, bytes]:
        data = self.base
        prefix = parse_prefix(data, "")
        header = bytearray(data[PREFIX_SIZE:PREFIX_SIZE + prefix.header_len])
        body = bytearray(data[PREFIX_SIZE + prefix.header_len:-32])
        if prefix.flags & 1 and rng.random() < 0.7:  # inside the inflated body
            inner = bytearray(zlib.decompress(bytes(body)))
            _flip(inner, rng)
            body = bytearray(zlib.compress(bytes(inner), 1))
            where = "inflated body"
        else:
            where = rng.choice(("header", "body"))
            _flip(header if where == "header" else body, rng)
        return f"bytes of the {where}", envelope(bytes(header), bytes(body),
                                                 version=prefix.version, flags=prefix.flags)


def _flip(data: bytearray, rng: random.Random) -> None:
    if not data:
        return
    for _ in range(rng.choice((1, 1, 2, 8))):
        at = rng.randrange(len(data))
        how = rng.randrange(3)
        if how == 0:
            data[at] = rng.randrange(256)
        elif how == 1:
            del data[at:at + rng.randrange(1, 64)]
        else:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9)))


def _relength(data: bytes, rng: random.Random) -> bytes:
    head = bytearray(data[:24])
    struct.pack_into(">I", head, rng.choice((12, 16)), rng.choice((0, 1, 2**31, 2**32 - 1)))
    return bytes(head) + struct.pack(">I", zlib.crc32(bytes(head))) + data[28:]


def _save_command(words: list[str]) -> int:
    """``fractal WORDS`` for a command of saves (replay, show), as the program runs it."""
    parser = argparse.ArgumentParser(prog=PROGRAM)
    saves_commands.register(parser.add_subparsers())
    args = parser.parse_args(words)
    return run_command(args.run, args)


def open_every_way(path: Path, directory: Path, figures: Figures, label: str) -> None:
    """Open a save every way a player can; note what happened in ``figures``."""
    out = io.StringIO()
    opened = False
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        items = list_saves(directory)
        print_listing(items, out)
        for item in items:  # the title screen's Continue and its Load list
            if item.header is not None:
                print(f"{item.name}: {item.header.described}", file=out)
        codes = [_save_command([*command, str(path)]) for command in
                 (["replay", "--verify"], ["replay", "--text"], ["show"])]
        try:
            loaded, resumed = open_save(path)
            header = loaded.save.header
            seats = [SeatSpec.parse(f"{s.kind}:{s.level}" if s.level else s.kind)
                     for s in header.seats]
            LocalSession(ruleset(header.ruleset), resumed.game, seats, None,
                         SaveMeta.of(header), resumed.revealed)
            saved_host_session(str(path), SaveStore(directory / "host"))
            opened = True
        except SaveError as error:
            print(f"fractal: {error}", file=out)
    if any(code not in (0, 1, 2) for code in codes):
        figures.fail("tracebacks", label, f"exit codes {codes}")
    leak = leaked(out.getvalue())
    if leak:
        figures.fail("leaks", label, f"{leak} in {out.getvalue()[:200]!r}")
    if opened or 0 in codes:
        figures.opened += 1
    else:
        figures.refused += 1


def fuzz_saves(game: str, cases: int, seed: int = 0, start: int = 0,
               hang: float = HANG_SECONDS) -> Figures:
    """``cases`` hostile saves of ``game`` (from case number ``start``), each opened every
    way; the figures of what happened."""
    rules = ruleset(game)
    made = SaveCases(rules, seed)
    figures = Figures(game, "saves")
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        path = directory / "case.fractal"
        path.write_bytes(made.base)
        real = Figures(game, "saves")
        open_every_way(path, directory, real, "the real save")
        if real.opened != 1 or real.failures:  # else every refusal would prove nothing
            raise RuntimeError(f"the real save of {game} does not open: {real.failures}")
        figures.base_mb = _resident_mb("VmRSS")
        for index in range(start, start + cases):
            rng = random.Random(f"{seed}:{game}:save:{index}")
            label, data = made.case(index, rng)
            path.write_bytes(data)
            _run(figures, label, hang, partial(open_every_way, path, directory, figures, label))
            for stale in directory.glob("*.fractal*"):
                if stale != path:
                    stale.unlink()
    return figures


def _run(figures: Figures, label: str, hang: float, case: Callable[[], None]) -> None:
    figures.cases += 1
    _reset_peak()
    before = _resident_mb("VmRSS")
    began = time.monotonic()
    try:
        with _deadline(hang):
            case()
    except Hang as error:
        figures.fail("hangs", label, str(error))
    except BaseException as error:  # what would reach the player as a traceback
        if isinstance(error, KeyboardInterrupt):
            raise
        figures.fail("tracebacks", label, f"{type(error).__name__}: {error}")
    figures.slowest = max(figures.slowest, time.monotonic() - began)
    figures.peak_mb = max(figures.peak_mb, _resident_mb("VmHWM") - before)


# --- frames ---------------------------------------------------------------------------------


class FrameCases:
    """The mutations of real frames of one game."""

    KINDS = ("every", "field", "grow", "decision", "events", "bytes")

    def __init__(self, rules: Ruleset, seed: int) -> None:
        self.frames = []
        for decisions in (5, 40, 120):
            game = played(rules, decisions, seed)
            prompt = game.pending()[0] if game.pending() else None
            seat = prompt.seat if prompt is not None else -1
            self.frames.append((frame(game, seat, max(0, len(game.history) - 40)),
                                len(game.log)))
        sample, _ = self.frames[1]
        # Every field by the shape of its path (list positions alike), each extreme in turn.
        shapes: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        for path in _paths(sample):
            shapes.setdefault(tuple("#" if type(s) is int else s for s in path), path)
        self.every = [(path, value) for path in shapes.values() for value in EXTREMES]
        random.Random(seed).shuffle(self.every)
        squeeze = zlib.compressobj(9)
        self.bomb = bytes((payloads.ZLIB,)) + b"".join(
            squeeze.compress(bytes(2**20)) for _ in range(64)) + squeeze.flush()

    def case(self, index: int, rng: random.Random) -> tuple[str, int, bytes]:
        """A label, the seat of the guest it goes to, and the payload's bytes."""
        kind = self.KINDS[index % len(self.KINDS)]
        base, asked = self.frames[1] if kind == "every" else rng.choice(self.frames)
        sent = copy_plain(base)
        if kind == "every":
            path, value = self.every[(index // len(self.KINDS)) % len(self.every)]
            sent = _put(sent, path, value)
            label = f"every {path} = {value!r:.30}"
        elif kind == "field":
            path = rng.choice(list(_paths(sent))[1:])
            sent = _put(sent, path, rng.choice(EXTREMES))
            label = f"field {path}"
        elif kind == "grow":
            lists = [p for p in _paths(sent) if type(_get(sent, p)) in (list, dict)]
            path = rng.choice(lists)
            here = _get(sent, path)
            size = rng.choice((600, 5000, 50_000))
            if type(here) is list and here:
                grown: Any = (here * (size // len(here) + 1))[:size]
            else:
                grown = {f"k{i}": 0 for i in range(size)} if type(here) is dict else [0] * size
            sent = _put(sent, path, grown)
            label = f"grow {path} to {size}"
        elif kind == "decision":
            label = self._decision(sent, rng)
        elif kind == "events":
            label = self._events(sent, rng)
        else:
            data = frame_payload(sent, asked)
            if rng.random() < 0.2:
                return "bytes: a compressed bomb", base["seat"], self.bomb
            if rng.random() < 0.1:  # what no packer writes: lists 200,000 deep
                return "bytes: deep lists", base["seat"], bytes((payloads.PLAIN,)) + \
                    b"\x85\xa1v\x01\xa1t\xa5frame\xa5asked\xc0\xa4sync\xc2\xa5frame" + \
                    b"\x91" * 200_000 + b"\xc0"
            mutable = bytearray(data)
            _flip(mutable, rng)
            return "bytes of the payload", base["seat"], bytes(mutable)
        return label, base["seat"], frame_payload(sent, asked)

    @staticmethod
    def _decision(sent: dict[str, Any], rng: random.Random) -> str:
        prompt = sent.get("prompt") or {"seat": max(0, sent["seat"]), "kind": "x",
                                        "context": {}, "options": ["x"], "final": []}
        how = rng.randrange(5)
        if how == 0:
            prompt["options"] = []
        elif how == 1:
            prompt["options"] = [f"{HOSTILE}{i}" for i in range(rng.choice((2, 600, 20_000)))]
        elif how == 2:
            prompt["final"] = ["not an option"] * 3
        elif how == 3:
            prompt["kind"] = rng.choice(("", "unknown", HOSTILE, "x" * 64))
        else:
            prompt["context"] = {"q": 10**6, "options": [[0] * 50] * 50, "x": HOSTILE}
        sent["prompt"] = prompt
        return f"decision {how}"

    @staticmethod
    def _events(sent: dict[str, Any], rng: random.Random) -> str:
        how = rng.randrange(4)
        events = sent["events"]
        if how == 0:
            sent["events"] = [{"seq": sent["seq"] - 1, "kind": HOSTILE, "q": 10**6}]
        elif how == 1 and events:
            events[0]["seq"] = rng.choice((-1, sent["seq"], 2**62))
        elif how == 2:
            sent["seq"], sent["first"] = 10**9, 10**9 - len(events)
            for number, event in enumerate(events):
                event["seq"] = sent["first"] + number
        else:
            sent["events"] = (events * 3000)[:2001]
        return f"events {how}"


def frame_payload(sent: Any, asked: int | None) -> bytes:
    """A host's frame message as a hostile host sends it: packed as it is, whatever it
    holds (payloads.encode would first walk it as a message of its own)."""
    body: bytes = msgpack.packb({"v": payloads.VERSION, "t": "frame", "frame": sent,
                                 "asked": asked, "sync": False}, use_bin_type=True)
    if len(body) > payloads.COMPRESS_OVER:
        return bytes((payloads.ZLIB,)) + zlib.compress(body, 6)
    return bytes((payloads.PLAIN,)) + body


def read_frame(rules: Ruleset, model: Any, seat: int, data: bytes, figures: Figures,
               label: str) -> None:
    """Read a host's payload as a guest does; draw a frame it keeps, and judge it as a
    bot does."""
    try:
        message = payloads.decode_from_host(data)
    except payloads.BadPayload:
        figures.refused += 1
        return
    if not isinstance(message, payloads.Frame) or message.frame["seat"] != seat or \
            unreadable(rules, message.frame, panes=True):
        figures.refused += 1
        return
    figures.opened += 1
    sent, words, ui = message.frame, rules.words(), ui_for(rules.name)
    view, prompt = sent["view"], sent["prompt"]
    console = Console(width=100, record=True, color_system=None, file=io.StringIO())
    console.print(words.show(view, prompt))
    for record in sent["events"]:
        console.print(words.event(view, record).text)
    for number in range(len(view["players"])):
        console.print(ui.empire(view, number, words))
    for row in ui.hand(view, words):
        console.print(row.text)
    console.print(*ui.status(view, words))
    panel = ui.battle(view, words)
    if panel is not None:
        console.print(panel)
    shown = console.export_text()
    leak = leaked(shown)
    if leak:
        figures.fail("leaks", label, f"{leak} drawn")
    if prompt is not None:
        try:
            model.value(view)
            world = model.determinize(view, Rng(1))
            model.judge(world, prompt["seat"])
        except Exception:  # `fractal join --bot` ends with one line: the bot failed
            figures.bot_failures += 1


def fuzz_frames(game: str, cases: int, seed: int = 0, start: int = 0,
                hang: float = HANG_SECONDS) -> Figures:
    """``cases`` hostile frames of ``game`` (from case number ``start``), each read as a
    guest reads it; the figures of what happened."""
    rules = ruleset(game)
    model = rules.model()
    made = FrameCases(rules, seed)
    figures = Figures(game, "frames")
    real = Figures(game, "frames")
    for base, asked in made.frames:
        read_frame(rules, model, base["seat"], payloads.encode(payloads.Frame(base, asked)),
                   real, "a real frame")
    if real.opened != len(made.frames) or real.failures or real.bot_failures:
        raise RuntimeError(f"a real frame of {game} is not drawn: {real.failures}")
    figures.base_mb = _resident_mb("VmRSS")
    for index in range(start, start + cases):
        rng = random.Random(f"{seed}:{game}:frame:{index}")
        label, seat, data = made.case(index, rng)
        _run(figures, label, hang, partial(read_frame, rules, model, seat, data, figures,
                                           label))
    return figures


# --- the command ----------------------------------------------------------------------------


def _task(kind: str, game: str, cases: int, seed: int, start: int) -> Figures:
    _cap_memory()
    run = fuzz_saves if kind == "saves" else fuzz_frames
    return run(game, cases, seed, start)


def run(kind: str, games: list[str], cases: int, seed: int = 0, workers: int = 1,
        chunk: int = 500) -> list[Figures]:
    """The figures of ``cases`` hostile saves or frames of each game, run in worker
    processes of their own (``chunk`` cases each, so a peak is a chunk's)."""
    jobs = [(kind, game, min(chunk, cases - start), seed, start)
            for game in games for start in range(0, cases, chunk)]
    found = {game: Figures(game, kind) for game in games}
    context = multiprocessing.get_context("spawn")  # a fresh process for each chunk
    with ProcessPoolExecutor(workers, mp_context=context, max_tasks_per_child=1) as pool:
        for figures in pool.map(_task, *zip(*jobs, strict=True)):
            found[figures.game].merge(figures)
    return list(found.values())


def format_figures(kind: str, cases: int, results: list[Figures]) -> str:
    lines = [f"fractal bench --fuzz-{kind} {cases}: hostile {kind}, each game"]
    names = ("cases", "refused", "opened", "tracebacks", "hangs", "leaks", "bot_failures",
             "slowest", "base_mb", "peak_mb")
    lines.append(f"  {'game':<10}" + "".join(f"{n:>13}" for n in names))
    for figures in results:
        record = asdict(figures)
        cells = [f"{record[n]:.2f}" if isinstance(record[n], float) else str(record[n])
                 for n in names]
        lines.append(f"  {figures.game:<10}" + "".join(f"{c:>13}" for c in cells))
        lines += [f"    {failure}" for failure in figures.failures]
    return "\n".join(lines)
