"""Property tests: random legal play from random seeds always ends, and the rules' limits,
hidden information and determinism hold after every step."""

from __future__ import annotations

import random

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from core.events import Event
from core.games.fractal import invariants
from core.games.fractal.empire import science_tokens_used
from core.games.fractal.game import Game
from core.games.fractal.state import (
    BLOOD_POOL,
    BOX,
    COLONIES_PER_TRACK,
    MAX_CREDITS,
    MAX_INFLUENCE,
    MAX_VP,
    RESERVE,
    SCIENCE_TOKENS,
    Options,
    State,
)

MAX_DECISIONS = 5000  # a random game takes a few hundred
seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.sampled_from([2, 3, 4])


def _limits(state: State) -> list[str]:
    problems = []
    for p in state.players:
        if not (0 <= p.credits <= MAX_CREDITS and 0 <= p.influence <= MAX_INFLUENCE):
            problems.append(f"seat {p.seat}: {p.credits} credits, {p.influence} influence")
        if any(not 0 <= v <= MAX_VP for v in p.vp.values()):
            problems.append(f"seat {p.seat}: VP {p.vp}")
        if any(not 0 <= t <= COLONIES_PER_TRACK for t in p.taken.values()):
            problems.append(f"seat {p.seat}: colonies taken {p.taken}")
        if science_tokens_used(state, p.seat) > SCIENCE_TOKENS:
            problems.append(f"seat {p.seat}: more than {SCIENCE_TOKENS} science tokens")
    for slots in state.tech.values():
        for slot in slots:
            if any(v < 0 for v in slot.science.values()):
                problems.append(f"negative science {slot.science}")
    sectors = len(state.sectors)
    for unit in state.units:
        if unit.where not in (RESERVE, BOX, BLOOD_POOL) and not 0 <= unit.where < sectors:
            problems.append(f"unit {unit.id} is nowhere ({unit.where})")
    for sector in state.sectors:
        owners = [s.owner for s in sector.spaces if s.owner >= 0]
        if any(o >= len(state.players) for o in owners):
            problems.append(f"sector {sector.id} has a colony of an unknown seat")
    placed = [0] * len(state.players)
    for sector in state.sectors:
        for space in sector.spaces:
            if space.owner >= 0:
                placed[space.owner] += 1
    for p in state.players:
        # Every colony is on its track or on the board (none lost, none doubled).
        if placed[p.seat] != sum(p.taken.values()):
            problems.append(f"seat {p.seat}: {placed[p.seat]} colonies on the board, "
                            f"{sum(p.taken.values())} off the tracks")
    return problems


def _leaks(game: Game, seat: int, new_events: list[Event]) -> list[str]:
    """What the seat receives after a decision, checked against the hidden-information
    policy: its view and the events the decision caused."""
    state = game.state
    view = game.view(seat)
    problems = invariants.check_view(state, seat, view)
    problems += invariants.check_events(state, seat, game.events_for(seat, new_events))
    if not isinstance(view["action_deck"], int) or not isinstance(view["artifact_deck"], int):
        problems.append("a deck's order")
    return problems


def _play(seed: int, n: int, check: bool) -> Game:
    game = Game.new(Options(players=n, seed=seed))
    rnd = random.Random(seed)
    start = game.state.copy()
    for _ in range(MAX_DECISIONS):
        if game.over:
            break
        prompt = rnd.choice(game.pending())
        events = game.apply(prompt.seat, rnd.choice(prompt.options))
        if check:
            problems = _limits(game.state) + invariants.check_state(game.state, start=start)
            for seat in range(n):
                problems += _leaks(game, seat, events)
            assert not problems, (len(game.log), problems)
    return game


@settings(max_examples=5, deadline=None)
@given(seed=seeds, n=players)
def test_random_games_end_and_keep_every_invariant(seed: int, n: int) -> None:
    game = _play(seed, n, check=True)
    assert game.over, f"no end after {MAX_DECISIONS} decisions"
    assert game.state.cycle == 4 and game.state.winners


@settings(max_examples=10, deadline=None)
@given(seed=seeds, n=players)
def test_replaying_the_log_gives_the_same_digest(seed: int, n: int) -> None:
    game = _play(seed, n, check=False)
    again = Game.replay(game.state.options, list(game.log))
    assert again.digest() == game.digest()
    # Replaying a prefix rebuilds the position at that point, too.
    half = len(game.log) // 2
    first = Game.replay(game.state.options, game.log[:half])
    again = Game.new(game.state.options)
    for seat, choice in game.log[:half]:
        again.apply(seat, choice)
    assert first.digest() == again.digest()


@settings(max_examples=10, deadline=None)
@given(seed=seeds, n=players, steps=st.integers(min_value=0, max_value=400))
def test_a_snapshot_round_trip_continues_identically(seed: int, n: int, steps: int) -> None:
    game = Game.new(Options(players=n, seed=seed))
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        prompt = game.pending()[0]
        game.apply(prompt.seat, rnd.choice(prompt.options))
    packed = msgpack.packb(game.snapshot())
    loaded = Game.from_snapshot(msgpack.unpackb(packed, strict_map_key=False), game.log)
    assert loaded.digest() == game.digest()
    clone = game.clone()
    assert clone.digest() == game.digest()
    if not game.over:  # the loaded game goes on exactly as the original
        prompt = game.pending()[0]
        choice = rnd.choice(prompt.options)
        game.apply(prompt.seat, choice)
        loaded.apply(prompt.seat, choice)
        assert loaded.digest() == game.digest()
