"""Fractal's frames: its view and battle record as docs/view.md documents them, the
options of its decisions that cannot be taken back, and a frame compressed on the wire.
(What a frame holds in any game is tests/kernel/test_frames.py's.)"""

from __future__ import annotations

import re
from pathlib import Path

import msgpack

from core import frames
from core.frames import frame
from core.games.fractal.game import Game
from core.games.fractal.state import Options
from core.games.fractal.view import VERSION as VIEW_VERSION
from core.games.fractal.view import view_of
from core.net import payloads
from tests.fractal.conflict_fixtures import BLUE, answer, content, fight, hand
from tests.fractal.rules_fixtures import RED, new_game, start
from tests.fractal.test_battle_view import two_sides
from tests.kernel.test_frames import played


def _documented(section: str) -> set[str]:
    """The field names in the first column of the table under a heading of docs/view.md."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "view.md").read_text()
    table = text.split(f"\n{section}\n", 1)[1].split("\n#", 1)[0]
    names: set[str] = set()
    for row in re.findall(r"^\| (`[^|]+)\|", table, flags=re.M):
        names.update(re.findall(r"`([a-z_]+)`", row))
    return names


def test_docs_describe_every_field_of_the_view_and_the_frame() -> None:
    game = played(120, name="fractal")
    view = game.view(0)
    assert _documented(f"## View (version {VIEW_VERSION})") == set(view)
    assert _documented("### Player") == set(view["players"][0])
    assert _documented("### Sector") == set(view["sectors"][0])
    assert _documented(f"## Frame (version {frames.VERSION})") == set(frame(game, 0))


def test_docs_describe_every_field_of_the_battle_record() -> None:
    state = two_sides(red={"infantry": 1}, blue={"infantry": 1})
    hand(state, RED, "retreat", "ground_assault")
    hand(state, BLUE, "retreat")
    ctx = fight(state, 1)
    answer(ctx, RED, "tactic:red:retreat")  # chosen, not yet revealed: the side's choice
    record = view_of(state, content(), RED)["battle"]
    assert _documented("### Battle") == set(record)
    assert _documented("### Battle side") == set(record["sides"][RED])


def test_the_frame_names_the_choices_that_cannot_be_taken_back() -> None:
    game = new_game()
    start(game, "insight", RED, count=1, here=-1)
    decision = frame(game, RED)["prompt"]
    looks = [o for o in decision["options"] if o.startswith(("deck:", "event:", "slot:"))]
    assert looks and set(looks) <= set(decision["final"])  # seeing a card is for good
    game = played(200, name="fractal")
    for _ in range(200):
        prompt = game.pending()[0]
        if prompt.kind == "advance_step":
            break
        game.apply(prompt.seat, prompt.options[0])
    decision = frame(game, prompt.seat)["prompt"]
    assert prompt.kind == "advance_step"
    for option in prompt.options:
        sector = game.state.sectors[int(option.split(":")[1])] if ":" in option else None
        turns_up = sector is not None and sector.event != "" and not sector.event_face_up
        assert (option in decision["final"]) == turns_up


def test_a_frame_travels_compressed_to_less_than_a_third() -> None:
    game = Game.new(Options(players=3, seed=5))
    for _ in range(30):
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
    sent = frame(game, 1, 0)
    payload = payloads.encode(payloads.Frame(sent, 30, True))
    assert payload[0] == payloads.ZLIB
    assert len(payload) < len(msgpack.packb(sent)) / 3
    assert payloads.decode_from_host(payload) == payloads.Frame(sent, 30, True)
