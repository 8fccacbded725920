"""Hegemonic as plain text: `fractal show` and `fractal replay --text` from saves, the
map, the legend, the heading, the decision lines and the scores."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from core.events import SPECTATOR
from core.games.hegemonic.game import Game
from core.games.hegemonic.state import Options
from core.games.hegemonic.words import WORDS, text
from core.plain import to_plain
from core.rng import Rng
from core.words import SEAT_MARKS
from saves.format import SaveMeta, save_of
from saves.store import SaveStore
from tui.cli import main

Capture = pytest.CaptureFixture[str]


def played(players: int, seed: int, decisions: int | None, modules: tuple[str, ...] = ()
           ) -> Game:
    """A game played at random for that many decisions (None: to its end)."""
    game = Game.new(Options(players=players, seed=seed, modules=list(modules)))
    rng = Rng(seed)
    while not game.over and (decisions is None or len(game.log) < decisions):
        prompt = rng.choice(game.pending())
        game.apply(prompt.seat, rng.choice(prompt.options))
    return game


def saved(directory: Path, name: str, game: Game) -> str:
    meta = SaveMeta("fixed", "2025-01-01T00:00:00.000Z", ["human"] * len(game.state.players))
    SaveStore(directory).write(name, save_of(game, meta, played="2025-01-01T00:00:00.000Z"))
    return name


def run(capsys: Capture, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_show_a_four_player_game_to_the_seat_deciding(tmp_path: Path, capsys: Capture) -> None:
    game = played(4, 8, 300)
    seat = game.pending()[0].seat
    code, out = run(capsys, "show", saved(tmp_path, "four", game), "--seat", str(seat),
                    "--save-dir", str(tmp_path))
    assert code == 0
    view = game.view(seat)
    lines = out.splitlines()
    assert lines[0] == WORDS.heading(view)
    assert lines[0].startswith("Hegemonic, 4 players: round ")
    assert f"seen by {WORDS.seat_name(view, seat)}" in lines[0]
    for sector in view["sectors"]:  # every sector on the map and, once laid, in the list
        assert re.search(rf"(^| ){sector['id']}[ *⌂]", out, re.M)
        if sector["tile"]:
            assert f"  {WORDS.spot_name(view, sector['id'])} (" in out
    for player in view["players"]:
        assert f"{SEAT_MARKS[player['colour']]} {WORDS.seat_name(view, player['seat'])}" in out
    assert "Boards as they would score now:" in out
    asked = WORDS.question(view, to_plain(game.pending()[0]))
    assert any(line.startswith("Your decision") and asked.text in line for line in lines)
    first = f"   1. {asked.options[0].label}: {asked.options[0].text}"
    assert any(line.startswith(first) for line in lines)  # a final option says so after


def test_show_to_a_spectator_in_ascii_hides_the_hands(tmp_path: Path, capsys: Capture) -> None:
    game = played(5, 3, 250, modules=("leaders", "draft", "wild_homes"))
    code, out = run(capsys, "show", saved(tmp_path, "five", game), "--ascii",
                    "--save-dir", str(tmp_path))
    assert code == 0 and out.isascii()
    assert "seen by a spectator" in out.splitlines()[0]
    assert "Waiting: " in out
    hands = re.findall(r"hand: (\d+ cards?|none)$", out, re.M)
    assert len(hands) == 5  # every hand by its size, none by its cards


def test_show_a_finished_game_ends_with_the_scores(tmp_path: Path, capsys: Capture) -> None:
    game = played(3, 11, None)
    code, out = run(capsys, "show", saved(tmp_path, "done", game), "--save-dir",
                    str(tmp_path))
    assert code == 0
    scores = out[out.index("Scores:"):].splitlines()
    view = game.view(SPECTATOR)
    assert scores == ["Scores:", *text.score_lines(view)[1:]]
    best = view["standings"][0]
    assert scores[1].startswith(f"  1. {WORDS.seat_name(view, best['seat'])}: {best['vp']} VP")
    assert all((", winner" in line) == (row["seat"] in game.winners)
               for line, row in zip(scores[1:], view["standings"], strict=True))


def test_replay_text_tells_the_game_as_a_seat_lived_it(tmp_path: Path, capsys: Capture) -> None:
    game = played(3, 5, None)
    code, out = run(capsys, "replay", saved(tmp_path, "told", game), "--text", "--seat", "1",
                    "--save-dir", str(tmp_path))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == WORDS.heading(Game.new(game.options).view(1))
    decisions = [line for line in lines if line.startswith("> ")]
    assert len(decisions) == len(game.log)
    # Another seat's Action Card is named only once revealed; one's own when chosen.
    assert any(line.startswith("> Red (Bushido) chooses an Action Card.") for line in lines)
    assert any(re.match(r"> You choose: \w+ \(\d\)\.$", line) for line in lines)
    assert any(line.startswith("    Action Cards revealed: ") for line in lines)
    assert "Round 1 begins." in out and "The game is over: " in out
    assert lines[-len(game.state.players) - 1] == "Scores:"


def test_the_legend_names_every_mark_the_map_draws() -> None:
    game = played(4, 8, 300)
    for ascii in (False, True):
        view = game.view(0)
        symbols = [symbol for symbol, _ in text.legend(view, ascii)]
        drawn = "".join(text.map_lines(view, ascii))
        marks = {p["seat"]: WORDS.card("home", p["house"]).name for p in view["players"]}
        assert len(marks) == 4
        assert all(text.mark(view, seat, ascii) in symbols for seat in marks)
        for symbol in (text.CORE, text.AGENT, text.FLEET, text.GATE,
                       text.ASCII_HOME if ascii else text.HOME,
                       text.ASCII_EMPTY if ascii else text.EMPTY):
            assert symbol in symbols
        assert text.CORE in drawn and (text.ASCII_HOME if ascii else text.HOME) in drawn
        assert all(symbol.isascii() for symbol in symbols) or not ascii
    assert WORDS.legend(game.view(0)) == text.legend(game.view(0))


def _own_and_other(game: Game, kind: str) -> tuple[Any, Any]:
    """A pending prompt of that kind, and the view of a seat that is not deciding it."""
    prompt = next(p for p in game.pending() if p.kind == kind)
    return prompt, game.view((prompt.seat + 1) % len(game.state.players))


def test_a_secret_choice_is_named_for_its_seat_alone() -> None:
    game = played(4, 2, 0)
    while not any(p.kind == "action_card" for p in game.pending()):
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
    prompt, other = _own_and_other(game, "action_card")
    plain = to_plain(prompt)
    mine = WORDS.decision_line(game.view(prompt.seat), plain, "card:assault")
    theirs = WORDS.decision_line(other, plain, "card:assault")
    assert mine.text == "You choose: Assault (1)." and mine.mine
    assert "Assault" not in theirs.text and theirs.text.endswith("chooses an Action Card.")
    assert not theirs.mine and theirs.seats == (prompt.seat,)


def test_a_player_line_says_how_many_caps_emergent_economics_keeps() -> None:
    game = played(2, 3, 0)
    view = game.view(0)
    me = view["players"][0]
    assert f"Retention Limit {me['retention']}" in text.player_lines(view, 0)[0]
    assert "keeps" not in text.player_lines(view, 0)[0]
    me["keeps"] = me["retention"] + 6
    assert f"(keeps {me['retention'] + 6} CAPs)" in text.player_lines(view, 0)[0]


def test_setup_heading_and_waiting_words() -> None:
    game = Game.new(Options(players=2, seed=1, modules=["leaders"]))
    view = game.view(SPECTATOR)
    assert WORDS.heading(view) == ("Hegemonic, 2 players with Leaders: setup; seen by a "
                                   "spectator")
    waiting = view["waiting"][0]
    assert WORDS.waiting(view, waiting["seat"], waiting["kind"]) == (
        f"{WORDS.seat_name(view, waiting['seat'])} chooses where their Home goes")
    own = game.view(waiting["seat"])
    assert WORDS.waiting(own, waiting["seat"], waiting["kind"]) == (
        "You choose where your Home goes")
