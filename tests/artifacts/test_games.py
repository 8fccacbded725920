"""Whole Alien Artifacts games: random games at 2 to 5 players, each decision checked
against every invariant, replayed byte for byte; hidden information in views and events
(its perft counts: perft.toml). Determinism, snapshots and frames on the wire are the
contract suite's (tests/contract)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.events import SPECTATOR
from core.games.artifacts import GAME, RULES_VERSION
from core.games.artifacts.game import Game
from core.games.artifacts.state import Options
from core.rng import Rng
from core.rulesets import GameSetup, Ruleset
from saves.format import SaveError, read_save
from saves.replay import restore, resume, verify

RULES = Ruleset(GAME)  # not yet offered to the shell: its words and client come next


def played(players: int, seed: int, decisions: int = 10**6, factions: str = "dealt") -> Game:
    game = Game.new(Options(players=players, seed=seed, factions=factions))
    rng = Rng(seed)
    for _ in range(decisions):
        if game.over:
            break
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(prompt.options))
    return game


@pytest.mark.parametrize(("players", "factions"), [(2, "dealt"), (3, "chosen"), (4, "dealt"),
                                                   (5, "chosen")])
def test_random_games_end_with_every_invariant_and_replay(players: int, factions: str) -> None:
    game = RULES.new_game(GameSetup(players=players, seed=40 + players,
                                    settings={"factions": factions}))
    checker = RULES.checker(game)
    rng = Rng(players)
    while not game.over:
        prompt = game.pending()[0]
        assert checker.view(prompt.seat, game.view(prompt.seat)) == []
        assert checker.step(game.apply(prompt.seat, rng.choice(prompt.options))) == []
    assert checker.replay() == []
    assert game.winners and game.state.passes >= players
    outcome = RULES.outcome(game)
    assert [sorted(vp) for vp in outcome.vp] == [sorted(GAME.vp_keys)] * players


def test_a_spectator_sees_no_hand_plan_artifact_or_option() -> None:
    game = played(4, 4, 120)
    view = game.view(SPECTATOR)
    for player in view["players"]:
        assert player["hand"] is None and player["plans"] is None
        assert player["artifacts"] is None
    assert view["prompts"] == [] and "deck" not in view


def test_drawn_cards_reach_their_drawer_only() -> None:
    game = played(3, 5, 60)
    drawn = [e for e in game.history if e.kind == "drawn"]
    assert drawn
    for event in drawn:
        for seat in (*range(3), SPECTATOR):
            record = game.events_for(seat, [event])[0]
            assert ("cards" in record) == (seat == event.seat)


# A game of 150 decisions saved by the program under the rules' version 1 (before the
# Blockade bypass for every ability, the artifacts' window, effect 4 and the cards' faces).
OLD_SAVE = Path(__file__).with_name("fixtures") / "rules-v1.fractal"


def test_a_save_of_older_rules_says_so_when_its_log_no_longer_replays() -> None:
    save = read_save(OLD_SAVE)
    assert (save.header.ruleset, save.header.rules_version) == ("artifacts", "1")
    with pytest.raises(SaveError) as caught:
        restore(save)
    assert str(caught.value).endswith(
        f"(saved under the rules' version 1; this program plays version {RULES_VERSION})")
    assert RULES_VERSION != "1"


# A game of 150 decisions saved under the rules' version 2, whose Buys chose a deck and then
# their extra cards (version 3 asks both at once) and whose draw steps offered `done` last.
V2_SAVE = Path(__file__).with_name("fixtures") / "rules-v2.fractal"


def test_a_save_of_version_2_resumes_from_its_snapshot_and_says_why_its_log_does_not_replay(
        ) -> None:
    save = read_save(V2_SAVE)
    assert save.header.rules_version == "2"
    checked = verify(save)
    assert not checked.ok and checked.problem.endswith(
        f"(saved under the rules' version 2; this program plays version {RULES_VERSION})")
    resumed = resume(save)
    assert resumed.revealed is None and resumed.game.digest() == save.body.digest


# A 3-player random game of 150 decisions saved under the rules' version 5, whose Ix
# Wanderers drew two Alien Artifacts at setup (version 6: one and one more per rival).
V5_SAVE = Path(__file__).with_name("fixtures") / "rules-v5.fractal"


def test_a_save_of_version_5_with_the_ix_wanderers_at_3_players_says_why_it_no_longer_replays(
        ) -> None:
    save = read_save(V5_SAVE)
    assert (save.header.ruleset, save.header.rules_version) == ("artifacts", "5")
    assert "ix_wanderers" in [seat.faction for seat in save.header.seats]
    checked = verify(save)
    assert not checked.ok and checked.problem.endswith(
        f"(saved under the rules' version 5; this program plays version {RULES_VERSION})")
    assert resume(save).game.digest() == save.body.digest


def test_a_series_takes_the_games_own_faction_words_and_random() -> None:
    """`fractal simulate --factions`: Alien Artifacts' own words (its setting: dealt,
    chosen) go to the game; random picks every seat's faction at random (here the game's
    own deal); any other word is refused, naming those accepted."""
    from core.simulate import SimConfig, setup_of
    from tui.play.simulate import play_game

    assert RULES.pick_words == ("chosen", "random", "dealt")

    def config(factions: str) -> SimConfig:
        return SimConfig(players=5, bots=("random",), games=1, seed=9, game="artifacts",
                         factions=factions, checks=False, replay_every=0)

    assert setup_of(config("dealt"), 0, 1).settings == {"factions": "dealt"}
    assert setup_of(config("chosen"), 0, 1).settings == {"factions": "chosen"}
    assert setup_of(config("random"), 0, 1).settings == {}
    with pytest.raises(ValueError, match="chosen, random, dealt, not 'auction'"):
        config("auction")
    for factions in ("random", "chosen"):
        seats = play_game(config(factions), 0).record["seats"]
        assert len({s["faction"] for s in seats}) == 5
