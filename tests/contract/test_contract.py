"""One contract, every game: each game the entry points declare (tests/toy's Stakes too)
passes the same battery, as OpenSpiel runs one API test over all its games. A new game gets
these tests by declaring itself; nothing here names a game."""

from __future__ import annotations

import copy
import importlib
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest
from rich.console import Console

from core.bounds import check_frame
from core.errors import GameError
from core.events import SPECTATOR
from core.frames import frame
from core.header import header
from core.net import payloads
from core.plain import to_plain
from core.rng import Rng
from core.rulesets import GameSetup, Ruleset, declarations, ruleset
from core.simulate import RECORD_KEYS, SEAT_KEYS, SimConfig
from core.words import UNKNOWN_EVENT, UNKNOWN_OPTION, UNKNOWN_QUESTION, Words
from saves.format import SaveMeta, read_header, read_save
from saves.replay import restore, verify
from saves.store import SaveStore
from saves.undo import UndoLedger
from tui.play.simulate import play_game
from tui.plugins import rules_reference, stylesheet, ui_for

GAMES = list(declarations())
COUNTS = [(name, n) for name, game in declarations().items() for n in game.players]


def random_play(rules: Ruleset, players: int, seed: int,
                decisions: int = 10**6) -> Iterator[tuple[Any, Any]]:
    """A game of random legal choices: each (game, prompt) before its decision, then the
    game once more at its end with None."""
    game = rules.new_game(GameSetup(players=players, seed=seed))
    rng = Rng(seed)
    for _ in range(decisions):
        if game.over:
            break
        prompt = rng.choice(game.pending())
        yield game, prompt
        game.apply(prompt.seat, rng.choice(prompt.options))
    yield game, None


def played(rules: Ruleset, players: int, seed: int, decisions: int = 10**6) -> Any:
    *_, (game, _) = random_play(rules, players, seed, decisions)
    return game


def test_the_tests_own_game_is_declared_and_kept_out_of_menus() -> None:
    from core.rulesets import titles

    assert "toy" in GAMES and "toy" not in titles()
    assert stylesheet("toy") is not None  # it ships a stylesheet, so the client test reads it
    assert ui_for("toy").battle({"seat": 0}, ruleset("toy").words()) is None  # it has none


@pytest.mark.parametrize("name", GAMES)
def test_the_declaration_reaches_every_part(name: str) -> None:
    rules = ruleset(name)
    assert rules.engine().ruleset == name
    assert rules.players and all(1 <= n <= 6 for n in rules.players)
    words: Words = rules.words()
    for member in ("question", "waiting", "event", "card", "seat_name", "spot_name", "show",
                   "legend", "heading", "decision_line", "score_lines", "catalogue",
                   "catalogue_markdown"):
        assert callable(getattr(words, member)), member
    assert isinstance(words.paragraph_kinds, frozenset)
    assert rules.model().determinize is not None
    assert rules_reference(name) and all(title and text for title, text in rules_reference(name))
    assert callable(ui_for(name).main_pane)
    assert words.catalogue() and words.catalogue_markdown().startswith("# ")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_names_a_player_by_their_own_name(game: str) -> None:
    rules = ruleset(game)
    players = min(rules.players)
    named = rules.new_game(GameSetup(players=players, seed=3, names=["Ada"]))
    plain = rules.new_game(GameSetup(players=players, seed=3))
    words = rules.words()
    first = words.seat_name(named.view(0), 0)
    assert first.startswith("Ada (") and "Ada" not in words.seat_name(plain.view(0), 0)
    second = words.seat_name(named.view(0), 1)
    assert second == words.seat_name(plain.view(0), 1) and "(" not in second.split()[0]


def test_a_seat_waiting_reads_with_every_verb_agreeing() -> None:
    """"Blue discards or advances a card": a waiting phrase starts with one verb, which the
    words put in the third person; a second verb joined to it would stay in the base form
    ("Blue discards or advance a card"). The verbs are the first words of every game's
    phrases."""
    phrases = []
    for name in GAMES:
        try:
            questions = importlib.import_module(f"core.games.{name}.words.questions")
        except ImportError:
            continue  # a game whose words are one module (the Atlas's, the toy's)
        phrases += questions.WAITING.values()
    verbs = {phrase.split(" ", 1)[0] for phrase in phrases}
    assert len(phrases) > 60 and {"choose", "discard", "decide"} <= verbs
    joined = [phrase for phrase in phrases
              if phrase.split(" ")[1:2] in (["or"], ["and"]) and phrase.split(" ")[2] in verbs]
    assert joined == []


@pytest.mark.parametrize("name", GAMES)
def test_the_battle_panel_fits_38_columns_or_is_absent(name: str) -> None:
    """At every decision of a random game the plug-in's battle panel, for the seat deciding
    and for a spectator, is None or fits the narrowest pane (80x24's 38 columns)."""
    rules = ruleset(name)
    ui, words = ui_for(name), rules.words()
    for game, prompt in random_play(rules, min(rules.players), seed=6):  # a seed that fights
        for seat in ((prompt.seat, SPECTATOR) if prompt else (SPECTATOR,)):
            view = game.view(seat)
            panel = ui.battle(view, words)
            if panel is None:
                continue
            console = Console(width=38, record=True, color_system=None, file=io.StringIO())
            console.print(panel)
            text = console.export_text()
            assert text.strip() and max(len(line.rstrip()) for line in text.splitlines()) <= 38


@pytest.mark.parametrize(("name", "players"), COUNTS)
def test_random_games_end_with_winners_and_keep_every_invariant(name: str,
                                                                players: int) -> None:
    """Every decision's view and events checked, the game's end and its replay."""
    rules = ruleset(name)
    game = rules.new_game(GameSetup(players=players, seed=players))
    checker = rules.checker(game)
    rng = Rng(players)
    while not game.over and len(game.log) <= rules.bounds.decisions:
        prompt = rng.choice(game.pending())
        view = game.view(prompt.seat)
        assert checker.view(prompt.seat, view) == []
        facts = header(view)
        assert facts.players == players and facts.seat == prompt.seat
        assert prompt.seat in {w.seat for w in facts.waiting}
        if len(game.log) % 7 == 0:  # within the bounds the game declares (sampled)
            check_frame(rules.bounds, {"view": view, "prompt": to_plain(prompt),
                                       "events": []})
        assert checker.step(game.apply(prompt.seat, rng.choice(prompt.options))) == []
    assert game.over
    assert len(game.log) <= rules.bounds.decisions
    check_frame(rules.bounds, frame(game, SPECTATOR))  # every event of the game
    assert game.winners and set(game.winners) <= set(range(players))
    facts = header(game.view(SPECTATOR))
    assert facts.over and list(facts.winners) == game.winners
    assert sorted(s.seat for s in facts.standings) == list(range(players))
    # a save's line names every seat as the game's words do, the winners among them
    words, seen = rules.words(), game.view(SPECTATOR)
    line = rules.progress(game).summary
    won = line.split(" won (")[0]
    assert line.startswith("Over after ")
    assert all(f"{words.seat_name(seen, seat)} " in line for seat in range(players))
    assert all(words.seat_name(seen, seat) in won for seat in game.winners)
    assert checker.replay() == []
    outcome = rules.outcome(game)  # a random game lasts more than a round; its VP as declared
    assert outcome.cycles >= 2
    assert [list(vp) for vp in outcome.vp] == [list(rules.vp_keys)] * players


@pytest.mark.parametrize("name", GAMES)
def test_every_step_keeps_the_invariants_and_hides_what_it_must(name: str) -> None:
    rules = ruleset(name)
    players = max(rules.players)
    game = rules.new_game(GameSetup(players=players, seed=11))
    checker = rules.checker(game)
    rng = Rng(11)
    for _ in range(300):
        if game.over:
            break
        prompt = rng.choice(game.pending())
        for seat in (*range(players), SPECTATOR):
            assert checker.view(seat, game.view(seat)) == [], seat
        events = game.apply(prompt.seat, rng.choice(prompt.options))
        assert checker.step(events) == []


@pytest.mark.parametrize("name", GAMES)
def test_a_sampled_world_shares_nothing_with_the_view_it_came_from(name: str) -> None:
    """A bot samples many worlds from one view. A world sharing a task's data with the view
    changes it as it plays on, and every world sampled after it starts where no game can be
    (Fractal: a unit asked for a cost already paid)."""
    rules = ruleset(name)
    model = rules.model()
    rng = Rng(8)
    for game, prompt in random_play(rules, max(rules.players), 8, 400):
        if prompt is None:
            break
        view = game.view(prompt.seat)
        kept = copy.deepcopy(view)
        try:
            world = model.determinize(view, rng)
        except GameError:
            continue
        for _ in range(30):
            if world.over:
                break
            step = rng.choice(world.pending())
            world.apply(step.seat, rng.choice(step.options))
        assert view == kept


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_choices_give_the_same_bytes(name: str) -> None:
    rules = ruleset(name)
    players = min(rules.players)
    first, second = played(rules, players, 5, 200), played(rules, players, 5, 200)
    assert first.digest() == second.digest()
    for seat in (*range(players), SPECTATOR):
        assert msgpack.packb(frame(first, seat)) == msgpack.packb(frame(second, seat))
    assert played(rules, players, 6, 200).digest() != first.digest()


@pytest.mark.parametrize("name", GAMES)
def test_a_snapshot_and_a_replay_of_the_log_agree(name: str) -> None:
    rules = ruleset(name)
    engine = rules.engine()
    game = played(rules, max(rules.players), 7, 150)
    snapshot = msgpack.unpackb(msgpack.packb(game.snapshot()), strict_map_key=False)
    assert engine.from_snapshot(snapshot, list(game.log)).digest() == game.digest()
    assert engine.replay(game.options, list(game.log)).digest() == game.digest()
    options = rules.load_options(to_plain(game.options))
    assert engine.replay(options, list(game.log)).digest() == game.digest()


@pytest.mark.parametrize("name", GAMES)
def test_every_prompt_and_event_that_occurs_has_words_and_its_guide(name: str) -> None:
    rules = ruleset(name)
    words = rules.words()
    players = max(rules.players)
    since = dict.fromkeys((*range(players), SPECTATOR), 0)
    sections = {title for title, _ in rules_reference(name)}
    ui = ui_for(name)
    for game, prompt in random_play(rules, players, seed=3):
        for seat in since:  # every event each seat receives, once
            current = frame(game, seat, since[seat])
            for record in current["events"]:
                line = words.event(current["view"], record)
                assert line.text != UNKNOWN_EVENT + ".", record["kind"]
            since[seat] = current["seq"]
        if prompt is None:
            break
        current = frame(game, prompt.seat)
        asked = words.question(current["view"], current["prompt"])
        assert asked.text != UNKNOWN_QUESTION, prompt.kind
        assert all(o.text != UNKNOWN_OPTION for o in asked.options), prompt.kind
        other = (prompt.seat + 1) % players
        assert words.waiting(game.view(other), prompt.seat, prompt.kind)
        assert ui.guide(prompt.kind) in {"", *sections}, prompt.kind  # F1 opens there
    assert words.show(game.view(0), None)
    assert list(words.score_lines(game.view(SPECTATOR)))


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_left_unnamed_goes_by_its_default_name(name: str) -> None:
    """A hosted game names its people and leaves its bots "": those seats are called as in
    a game that names nobody, never by an empty name."""
    rules = ruleset(name)
    players = max(rules.players)
    unnamed = header(rules.new_game(GameSetup(players=players, seed=4)).view(0)).names
    given = ["Ada", *[""] * (players - 2), "  "]
    names = header(rules.new_game(GameSetup(players=players, seed=4, names=given)).view(0)).names
    assert names == ("Ada", *unnamed[1:])
    assert all(n.strip() for n in unnamed)


@pytest.mark.parametrize("name", GAMES)
def test_a_save_resumes_verifies_and_undoes(name: str, tmp_path: Path) -> None:
    rules = ruleset(name)
    players = min(rules.players)
    game = played(rules, players, 9, 120)
    store = SaveStore(tmp_path)
    store.save("game", game, SaveMeta.new(["human"] * players))
    found = read_header(tmp_path / "game.fractal")
    assert found.ruleset == name and found.rules_version == rules.rules_version
    assert [s.name for s in found.seats] == list(header(game.view(0)).names)
    resumed = restore(read_save(tmp_path / "game.fractal"))
    assert type(resumed) is type(game) and resumed.digest() == game.digest()
    # Its snapshot passes the checks of a game loaded from elsewhere, for the day its log
    # no longer replays.
    rules.check_loaded(rules.engine().from_snapshot(game.snapshot(), list(game.log)))
    assert verify(read_save(tmp_path / "game.fractal")).ok
    game, rng = rules.new_game(GameSetup(players=players, seed=9)), Rng(9)
    for _ in range(200):  # the first decision that reveals nothing is taken back
        if game.over:
            break
        prompt = game.pending()[0]
        before = game.digest()
        ledger = UndoLedger(game)
        ledger.apply(prompt.seat, rng.choice(prompt.options))
        if ledger.undoable(prompt.seat):
            assert ledger.undo(prompt.seat).digest() == before
            return
        game = ledger.game
    pytest.fail("no decision could be taken back in 200")


@pytest.mark.parametrize("name", GAMES)
def test_the_frames_of_a_game_dealt_for_real_are_within_its_bounds(name: str) -> None:
    """A game played for real has a 63-bit seed: no number of it may reach a frame beyond
    the game's bounds, or every guest would refuse that game's frames."""
    rules = ruleset(name)
    game = rules.new_game(GameSetup(players=max(rules.players), seed=2**63 - 25))
    rng = Rng(1)
    for _ in range(30):
        if game.over:
            break
        prompt = rng.choice(game.pending())
        for seat in (prompt.seat, SPECTATOR):
            check_frame(rules.bounds, frame(game, seat))
        game.apply(prompt.seat, rng.choice(prompt.options))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("decisions", [0, 100, 10**6])
def test_a_network_frame_round_trips_under_the_decoders_limits(name: str,
                                                               decisions: int) -> None:
    """At the start, in the middle and at the end of a game, every seat's frame and the
    spectator's: sent and read back whole, within the game's bounds, its view checked."""
    rules = ruleset(name)
    players = max(rules.players)
    game = played(rules, players, 4, decisions)
    checker = rules.checker(game)
    for seat in (*range(players), SPECTATOR):
        sent = payloads.Frame(frame(game, seat), asked=len(game.log))
        assert payloads.decode_from_host(payloads.encode(sent)) == sent
        check_frame(rules.bounds, sent.frame)
        assert checker.view(seat, sent.frame["view"]) == []


@pytest.mark.parametrize("name", GAMES)
def test_the_simulated_record_has_the_documented_keys(name: str) -> None:
    rules = ruleset(name)
    config = SimConfig(players=min(rules.players), bots=("random",), games=1, seed=2,
                       game=name)
    result = play_game(config, 0)
    assert result.problems == []
    record = json.loads(json.dumps(result.record))
    counts = [s.key for s in rules.stats if s.kind == "count"]
    whens = [s.key for s in rules.stats if s.kind != "count"]
    assert list(record) == [*RECORD_KEYS[:8], *counts, *RECORD_KEYS[8:], *whens]
    for seat in record["seats"]:
        assert list(seat) == SEAT_KEYS and list(seat["vp"]) == list(rules.vp_keys)


@pytest.mark.parametrize("name", GAMES)
async def test_the_client_opens_a_new_game_with_its_four_panes(name: str,
                                                               tmp_path: Path) -> None:
    from tests.client.test_client import game_screen, settle
    from tui.app import Launch, ShellApp
    from tui.screens.dialogs import LegendScreen
    from tui.screens.new_game import NewGame
    from tui.session import SeatSpec

    rules = ruleset(name)
    players = max(rules.players)
    seats = (SeatSpec("human"), *(SeatSpec("bot", "random"),) * (players - 1))
    launch = Launch(new=NewGame(name, GameSetup(players=players, seed=1), seats))
    app = ShellApp(launch, save_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.ruleset.name == name
        for pane in ("#main", "#log", "#empire-pane", "#hand", "#decision"):
            assert screen.query_one(pane).region.area > 0, pane
        assert screen.query_one("#main").border_title
        await pilot.press("g")  # the legend: every mark, the players' first
        await settle(pilot)
        legend = app.screen
        assert isinstance(legend, LegendScreen)
        marks = [mark for mark, _ in legend.pairs]
        for seat in range(players):
            assert screen.ui.mark(screen.frame["view"], seat).plain in marks
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        style = stylesheet(name)  # a game's own stylesheet is loaded with its screen
        assert style is None or app.stylesheet.has_source(str(style), "")


def near_the_end(rules: Ruleset, players: int, seed: int) -> tuple[Any, int]:
    """A random game taken back to its last decision, and the seat that makes it."""
    game = played(rules, players, seed)
    *before, (seat, _) = game.log
    return rules.engine().replay(game.options, before), seat


@pytest.mark.parametrize("name", GAMES)
def test_the_score_table_keeps_every_column_in_a_narrow_pane(name: str) -> None:
    """At the most players and 56 columns (well under the 76 the scores get at 80x24, as
    long names or a smaller pane would leave), no column is cut to an ellipsis and no line
    runs past the pane."""
    from core.bench import random_game

    rules = ruleset(name)
    game = random_game(max(rules.players), 3, game_name=name)[0]
    console = Console(width=56, file=io.StringIO(), record=True, color_system=None)
    console.print(ui_for(name).scores(game.view(0), rules.words()))
    text = console.export_text()
    assert "…" not in text
    assert max(map(len, text.splitlines())) <= 56


@pytest.mark.parametrize("name", GAMES)
async def test_the_last_decision_by_keyboard_opens_the_scores(name: str,
                                                              tmp_path: Path) -> None:
    from tests.client.test_client import game_screen, play_until
    from tui.app import ShellApp
    from tui.screens.scoring import ScoringScreen
    from tui.session import LocalSession, SeatSpec

    rules = ruleset(name)
    players = min(rules.players)
    game, seat = near_the_end(rules, players, 12)
    seats = [SeatSpec("human") if s == seat else SeatSpec("bot", "random")
             for s in range(players)]
    app = ShellApp(save_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.play(LocalSession(rules, game, seats, None))
        await play_until(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=50)
        assert game_screen(app).session.over
        assert app.screen.query_one("#scores").region.area > 0


@pytest.mark.parametrize("name", GAMES)
async def test_the_rules_help_in_a_game_is_that_game_s(name: str, tmp_path: Path) -> None:
    from tests.client.test_client import settle
    from tui.app import Launch, ShellApp
    from tui.screens.new_game import NewGame
    from tui.screens.rules import RulesScreen
    from tui.session import SeatSpec

    rules = ruleset(name)
    players = min(rules.players)
    seats = (SeatSpec("human"), *(SeatSpec("bot", "random"),) * (players - 1))
    app = ShellApp(Launch(new=NewGame(name, GameSetup(players=players, seed=2), seats)),
                   save_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.sections[1:] == rules_reference(name)


@pytest.mark.parametrize("name", GAMES)
def test_the_commands_replay_verify_and_show_a_save(name: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from tui.cli import main

    rules = ruleset(name)
    players = min(rules.players)
    SaveStore(tmp_path).save("mid", played(rules, players, 6, 60),
                             SaveMeta.new(["human"] * players))
    where = ["--save-dir", str(tmp_path)]
    assert main(["replay", "mid", "--verify", *where]) == 0
    assert "OK" in capsys.readouterr().out
    assert main(["replay", "mid", "--text", "--seat", "1", *where]) == 0
    told = capsys.readouterr().out.splitlines()
    assert told[0] == rules.words().heading(played(rules, players, 6, 0).view(1))
    assert any(line.startswith("> ") for line in told)
    assert main(["show", "mid", *where]) == 0
    assert capsys.readouterr().out.strip()
    assert main(["show", "mid", "--seat", str(players), *where]) == 2


@pytest.mark.parametrize("name", GAMES)
def test_the_play_command_starts_the_game_with_its_seats(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui import cli
    from tui.session import SeatSpec

    launched: list[Any] = []
    monkeypatch.setattr(cli, "_run_app", lambda args, launch: launched.append(launch) or 0)
    players = max(ruleset(name).players)
    assert cli.main(["play", "--game", name, "--players", str(players), "--seed", "4"]) == 0
    new = launched[0].new
    assert new.ruleset == name and new.setup.players == players and new.setup.seed == 4
    assert new.seats == (SeatSpec("human"), *(SeatSpec("bot", "normal"),) * (players - 1))
    assert cli.main(["play", "--game", name, "--players", "7"]) == 2
    assert cli.main(["play", "--game", name, "--set", "nothing=at_all"]) == 2


@pytest.mark.parametrize("name", GAMES)
def test_simulate_names_the_game_s_own_modules_when_one_is_wrong(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tui.cli import main

    rules = ruleset(name)
    assert main(["simulate", "--game", name, "--players", str(min(rules.players)),
                 "--modules", "x"]) == 2
    error = capsys.readouterr().err
    assert f"{rules.title} has no module x" in error
    assert all(m.key in error for m in rules.modules)


@pytest.mark.parametrize("name", GAMES)
async def test_the_lobby_and_the_new_game_form_offer_every_seat_the_game_allows(
        name: str, tmp_path: Path) -> None:
    from textual.widgets import Select

    from tests.client.test_client import settle
    from tui.app import Launch, ShellApp
    from tui.screens.lobby import LobbyRequest, LobbyScreen
    from tui.screens.new_game import NewGameScreen

    rules = ruleset(name)
    most = max(rules.players)
    request = LobbyRequest("host", "127.0.0.1:9", game=name, seats=("human",) * most)
    app = ShellApp(Launch(lobby=request), save_dir=str(tmp_path))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        counts = [value for _, value in lobby.query_one("#players", Select)._options]
        assert tuple(counts) == rules.players
        shown = [row for row in lobby.query(".field") if row.id and row.display
                 and row.id.startswith("seat-row-")]
        assert len(shown) == most
        app.push_screen(NewGameScreen(name, players=most))
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        rows = [row for row in form.query(".seat-row") if row.display]
        assert len(rows) == most
