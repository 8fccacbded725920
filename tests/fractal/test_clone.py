"""Game.clone: a hand-written deep copy of the state that must equal a pickle round trip and
share nothing mutable with the original, whatever field is added later."""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

from core.games.fractal.game import Game
from core.games.fractal.state import Options

SCALARS = (str, int, float, bool, type(None))


def positions(players: int, seed: int, every: int = 7) -> list[Game]:
    """Games paused every few decisions of a random game (battles and sieges included)."""
    game = Game.new(Options(players=players, seed=seed))
    rnd = random.Random(seed)
    found = []
    for step in range(2000):
        if game.over:
            break
        if step % every == 0:
            found.append(game.clone())
        prompt = game.pending()[0]
        game.apply(prompt.seat, rnd.choice(prompt.options))
    return found


def mutable_ids(value: Any, into: set[int]) -> set[int]:
    """The ids of every dataclass, list and dict reachable from ``value``."""
    if isinstance(value, SCALARS):
        return into
    into.add(id(value))
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            mutable_ids(getattr(value, f.name), into)
    elif isinstance(value, dict):
        for item in value.values():
            mutable_ids(item, into)
    elif isinstance(value, list | tuple):
        for item in value:
            mutable_ids(item, into)
    return into


def changed(value: Any, grow: bool = True) -> Any:
    """Change every field and item reachable from ``value`` in place (and add an item to each
    list and dict when ``grow``); return a different scalar."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return 0
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            setattr(value, f.name, changed(getattr(value, f.name), grow))
    elif isinstance(value, dict):
        for key in list(value):
            value[key] = changed(value[key], grow)
        if grow:
            value["mutated"] = 1
    elif isinstance(value, list):
        for i, item in enumerate(value):
            value[i] = changed(item, grow)
        if grow:
            value.append(1)
    return value


def test_a_clone_equals_the_original_and_a_pickle_round_trip() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for game in positions(players, seed, every=11):
            clone = game.clone()
            assert clone.digest() == game.digest()
            pickled = pickle.loads(pickle.dumps(game.state))
            assert Game(pickled, game.content, []).digest() == clone.digest()
            assert clone.log == game.log and clone.log is not game.log


def test_a_clone_copies_every_field() -> None:
    # Every scalar changed away from its default, so a field the copy forgets shows.
    for game in positions(4, 8, every=41):
        changed(game.state, grow=False)
        assert game.clone().digest() == game.digest()


def test_a_clone_shares_nothing_mutable() -> None:
    for players, seed in ((2, 4), (4, 5)):
        for game in positions(players, seed, every=11):
            clone = game.clone()
            assert not mutable_ids(clone.state, set()) & mutable_ids(game.state, set())


def test_mutating_every_field_of_a_clone_leaves_the_original_unchanged() -> None:
    for players, seed in ((2, 6), (4, 7)):
        for game in positions(players, seed, every=23):
            before = game.digest()
            clone = game.clone()
            changed(clone.state)
            assert clone.digest() != before
            assert game.digest() == before


def test_a_clone_plays_on_exactly_as_the_original() -> None:
    for players, seed in ((3, 9), (4, 10)):
        for game in positions(players, seed, every=61):
            clone = game.clone()
            rnd_a, rnd_b = random.Random(seed), random.Random(seed)
            for _ in range(60):
                if game.over:
                    break
                prompt = game.pending()[0]
                game.apply(prompt.seat, rnd_a.choice(prompt.options))
                twin = clone.pending()[0]
                clone.apply(twin.seat, rnd_b.choice(twin.options))
            assert clone.log == game.log
            assert clone.digest() == game.digest()
