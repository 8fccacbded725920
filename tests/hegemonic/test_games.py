"""Whole Hegemonic games: random games with every module and setting, each decision
checked against every invariant, replayed byte for byte; hidden information in views and
events; sampled worlds that agree with the view (its perft counts: perft.toml). Random
games at every player count, determinism, snapshots and frames on the wire are the
contract suite's (tests/contract)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import GameError
from core.events import SPECTATOR
from core.games.hegemonic import GAME, RULES_VERSION
from core.games.hegemonic.bots.determinize import determinize
from core.games.hegemonic.game import Game
from core.games.hegemonic.invariants import check_state
from core.games.hegemonic.state import Options
from core.rng import Rng
from core.rulesets import GameSetup, Ruleset
from saves.format import read_save
from saves.replay import resume, verify

RULES = Ruleset(GAME)  # not yet offered to the shell: its words and client come next


def played(players: int, seed: int, decisions: int = 10**6, **kwargs: Any) -> Game:
    """A random game stopped after some decisions (or at its end)."""
    game = Game.new(Options(players=players, seed=seed, **kwargs))
    rng = Rng(seed)
    for _ in range(decisions):
        if game.over:
            break
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(prompt.options))
    return game


@pytest.mark.parametrize(("modules", "settings_"), [
    (("learning",), {}), (("discard_piles",), {}), (("draft",), {}), (("longer",), {}),
    (("wild_homes",), {}), ((), {"layout": "free"}), ((), {"homes": "any"}),
    (("discard_piles", "draft", "wild_homes"), {"layout": "free"}), (("leaders",), {}),
])
def test_modules_and_settings_play_to_the_end_with_every_invariant(
        modules: tuple[str, ...], settings_: dict[str, str]) -> None:
    for players, seed in ((3, 1), (5, 2)):
        game = RULES.new_game(GameSetup(players=players, seed=seed, settings=settings_,
                                        modules=list(modules)))
        checker = RULES.checker(game)
        rng = Rng(seed)
        while not game.over:
            prompt = game.pending()[0]
            assert checker.view(prompt.seat, game.view(prompt.seat)) == []
            assert checker.step(game.apply(prompt.seat, rng.choice(prompt.options))) == []
        assert checker.replay() == []


MODULES = [m.key for m in GAME.modules]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_combination_of_modules_sets_up_with_every_invariant(players: int) -> None:
    """Modules meet in setup (the tile stack, the cards, the Homes): every one of the 64
    combinations, at every player count, through its first 30 decisions. The Learning Game
    with the Longer Game once lost tiles at 2 and 3 players."""
    for r in range(len(MODULES) + 1):
        for modules in itertools.combinations(MODULES, r):
            game = RULES.new_game(GameSetup(players=players, seed=r, modules=list(modules)))
            rng = Rng(r)
            for _ in range(30):
                assert check_state(game.state) == [], modules
                if game.over:  # a 2-player Learning Game may be
                    break
                prompt = game.pending()[0]
                game.apply(prompt.seat, rng.choice(prompt.options))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), n=st.sampled_from([2, 3, 4, 5, 6]))
def test_any_order_of_answers_keeps_every_invariant(seed: int, n: int) -> None:
    """Random legal play, answering simultaneous prompts in any order, with an illegal
    choice tried now and then: it is refused and changes nothing."""
    game = Game.new(Options(players=n, seed=seed))
    checker = RULES.checker(game)
    rnd = random.Random(seed)
    while not game.over:
        prompt = rnd.choice(game.pending())
        if rnd.random() < 0.05:
            before = game.digest()
            with pytest.raises(GameError):
                game.apply(prompt.seat, "sector:999")
            assert game.digest() == before
        assert checker.step(game.apply(prompt.seat, rnd.choice(prompt.options))) == []


def test_a_game_resumed_from_a_snapshot_plays_on_alike() -> None:
    game = played(5, 9, 300)
    copy = Game.from_snapshot(game.snapshot(), list(game.log))
    rng_a, rng_b = Rng(2), Rng(2)
    while not game.over:
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng_a.choice(prompt.options))
        twin = copy.pending()[0]
        copy.apply(twin.seat, rng_b.choice(twin.options))
    assert copy.digest() == game.digest()


@pytest.mark.parametrize(("players", "seed", "modules"), [(2, 3, []), (4, 5, ["leaders"])])
def test_a_clone_played_to_the_end_leaves_its_game_as_it_was(
        players: int, seed: int, modules: list[str]) -> None:
    """A copy shares the Sectors and Locations of the state it came from until it changes
    them (State.copy): tiles laid, Bases built, taken over and destroyed in the copy, and in
    copies of the copy, leave the game untouched."""
    game = played(players, seed, 40, modules=modules)
    before = game.digest()
    clone = game.clone()
    rng = Rng(seed)
    while not clone.over:
        prompt = clone.pending()[0]
        clone.apply(prompt.seat, rng.choice(prompt.options))
        if rng.below(20) == 0:
            clone = clone.clone()
    assert game.digest() == before
    assert game.digest() == Game.replay(game.options, list(game.log)).digest()


def test_the_spectator_sees_no_hand_no_dealt_tile_and_no_choice() -> None:
    game = played(4, 4, 3)
    view = game.view(SPECTATOR)
    for player in view["players"]:
        assert player["hand"] is None and player["dealt"] is None and "choice" not in player
    assert view["prompts"] == [] and "deck" not in view and "draw" not in view


def test_secret_action_cards_stay_hidden_until_everyone_has_chosen() -> None:
    game = Game.new(Options(players=3, seed=5))
    while game.pending()[0].kind != "action_card":
        prompt = game.pending()[0]
        game.apply(prompt.seat, prompt.options[0])
    chooser = game.pending()[0].seat
    events = game.apply(chooser, "card:subvert")
    for seat in (*range(3), SPECTATOR):
        if seat != chooser:
            view = game.view(seat)
            assert "choice" not in view["players"][chooser] and view["players"][chooser]["chosen"]
            assert "subvert" not in str(game.events_for(seat, events))
    assert game.view(chooser)["players"][chooser]["choice"] == "subvert"


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what a sampled world may ask again: the others' secret choices."""
    seat = view["seat"]
    kept = {k: v for k, v in view.items() if k not in ("prompts", "waiting")}
    kept["players"] = [{k: v for k, v in p.items() if not (k == "chosen" and p["seat"] != seat)}
                       for p in view["players"]]
    return kept


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 3), (6, 5)])
def test_a_sampled_world_agrees_with_the_view(players: int, seed: int) -> None:
    game = Game.new(Options(players=players, seed=seed))
    rng = Rng(seed)
    step = 0
    while not game.over:
        prompt = game.pending()[0]
        if step % 7 == 0:
            view = game.view(prompt.seat)
            world = determinize(view, rng)
            assert comparable(world.view(prompt.seat)) == comparable(view)
            mine = world.prompt_for(prompt.seat)
            assert mine is not None and mine.options == prompt.options
        game.apply(prompt.seat, rng.choice(prompt.options))
        step += 1


# Saves of older rules versions (fixtures/rules-vN.fractal), each with what the program
# now refuses in its log and, for the Leaders' games, a Leader its old rules dealt:
# - version 2, a 4-player game of 410 decisions, when the Inactive pile came back only to a
#   hand still empty after the clean-up: at its decision 405 a player plays their last card
#   with a card on the Inactive pile;
# - version 3, before every seat was asked before Arbitration: its decision 72 answers the
#   Arbiter's tie where version 4 asks first;
# - version 4, with the Leaders, before the Warlord and the Saboteur had a turn ability (at
#   its decision 224 version 5 asks the Warlord's owner before Arbitration); since version 6
#   it parts at its decision 25 already, where the Envoy's owner uses level 1;
# - version 5, with the Leaders, when the Envoy built an Embassy at level 1: at its
#   decision 11 the Envoy's owner uses level 1.
@pytest.mark.parametrize(("version", "refused", "leader"), [
    ("2", "", None),
    ("3", "for before_arbitration", None),
    ("4", "decision 25 (seat 2, 'leader:1') is refused", (3, "warlord")),
    ("5", "decision 11 (seat 2, 'leader:1') is refused", (2, "envoy")),
])
def test_a_save_of_an_older_version_says_why_its_log_no_longer_replays(
        version: str, refused: str, leader: tuple[int, str] | None) -> None:
    save = read_save(Path(__file__).with_name("fixtures") / f"rules-v{version}.fractal")
    assert (save.header.ruleset, save.header.rules_version) == ("hegemonic", version)
    checked = verify(save)
    assert not checked.ok and refused in checked.problem
    assert checked.problem.endswith(f"(saved under the rules' version {version}; this "
                                    f"program plays version {RULES_VERSION})")
    game = resume(save).game
    assert game.digest() == save.body.digest
    if leader is not None:
        seat, name = leader
        assert game.state.players[seat].leader == name
