"""The events and prompt tables of docs/alien-artifacts.md against the engine: every event
kind and prompt kind the engine has is in its table; every event of whole random games has
exactly the table's public and secret fields (the secret ones reaching their seat alone),
and every option offered has a head the prompt's row lists."""

from __future__ import annotations

import re
from pathlib import Path

from core.games.artifacts.game import Game
from core.games.artifacts.state import Options
from core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]


def table() -> dict[str, tuple[set[str], set[str]]]:
    text = (ROOT / "docs" / "alien-artifacts.md").read_text()
    section = text.split("### Events", 1)[1].split("###", 1)[0]
    found: dict[str, tuple[set[str], set[str]]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not cells[0].startswith("`"):
            continue
        public, secret = ({f for f in re.findall(r"`(\w+)`", re.sub(r"\(.*?\)", "", c))}
                          for c in cells[2:])
        for kind in re.findall(r"`(\w+)`", cells[0]):
            found[kind] = (public, secret)
    return found


def prompt_table() -> dict[str, set[str]]:
    """Prompt kind -> the heads of its options (the part before the first colon)."""
    text = (ROOT / "docs" / "alien-artifacts.md").read_text()
    section = text.split("## Decisions (prompt kinds)", 1)[1].split("Multi-step", 1)[0]
    found: dict[str, set[str]] = {}
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.replace("\\|", "/").strip("| ").split("|")]
        heads = {o.split(":")[0] for o in re.findall(r"`([^`]+)`", cells[-1])}
        for kind in re.findall(r"`(\w+)`", cells[0]):
            found[kind] = heads
    return found


def source() -> str:
    return "".join(p.read_text() for p in (ROOT / "core/games/artifacts").glob("*.py"))


def engine_prompts() -> set[str]:
    text = source()
    kinds = set(re.findall(r"Prompt\([^,]+,\s*\"(\w+)\"", text))
    return kinds | set(re.findall(r"\"(\w+_keep)\"", text))


def engine_kinds() -> set[str]:
    source_text = source()
    kinds = set(re.findall(r"ctx\.(?:emit|reveal)\(\s*\"(\w+)\"", source_text))
    if "ctx.emit(op, seat, ship=ship)" in source_text:  # a ship's result names the event
        kinds |= {"destroyed", "damaged"}
    return kinds


def test_the_table_names_every_event_the_engine_records() -> None:
    assert set(table()) == engine_kinds()


def test_the_prompt_table_names_every_prompt_the_engine_asks() -> None:
    assert set(prompt_table()) == engine_prompts()


def test_random_games_keep_to_the_event_and_prompt_tables() -> None:
    rows, prompts = table(), prompt_table()
    seen = set()
    for players, seed in ((2, 11), (4, 12)):
        game = Game.new(Options(players=players, seed=seed, factions="chosen"))
        rng = Rng(seed)
        while not game.over:
            prompt = game.pending()[0]
            heads = {o.split(":")[0] for o in prompt.options}
            assert heads <= prompts[prompt.kind], (prompt.kind, prompt.options)
            game.apply(prompt.seat, rng.choice(prompt.options))
        for event in game.history:
            public, secret = rows[event.kind]
            named = set(event.secret) & set(event.data)  # a card's face, its id to some
            assert (set(event.data), set(event.secret) - named) == (public, secret), event.kind
            other = (event.seat + 1) % players
            assert not set(game.events_for(other, [event])[0]) & (secret - public)
            seen.add(event.kind)
    assert len(seen) >= 25  # the games reach most of the table
