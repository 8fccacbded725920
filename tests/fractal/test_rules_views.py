"""Hidden information (core/games/fractal/hidden.py): what a seat's view and events may show."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from core.events import SPECTATOR, Event
from core.games.fractal import effects, hidden, modules, rules
from core.games.fractal.game import Game
from core.games.fractal.invariants import check_view
from core.games.fractal.state import Options, State
from core.games.fractal.view import spectator_view, view_of
from core.plain import load
from core.rng import fresh_seed
from tests.fractal import conflict_fixtures as cf
from tests.fractal.rules_fixtures import BLUE, RED, choose, content, ctx_of, new_game, start


def test_every_hand_is_public_and_an_upgrade_names_its_card() -> None:
    game = new_game()
    state = game.state
    ctx = ctx_of(game)
    card = state.players[BLUE].tactics[0]
    effects.upgrade_tactic(ctx, BLUE, card)
    # By rule a hand holds every tactic of its colour and faction, swapped in the open.
    assert game.view(RED)["players"][BLUE]["hand"] == state.players[BLUE].tactics
    assert card + "+elite" in game.view(RED)["players"][BLUE]["hand"]
    (upgraded,) = [e for e in ctx.events if e.kind == "tactic_upgraded"]
    assert upgraded.data == {"tactic": card} and not upgraded.secret


class PublicHands:
    """Every seat's tactic hand as anyone can tell it from public facts alone: the seat's
    colour (setup, step 9: every non-elite tactic of that colour), the faction it chose
    (the faction's tactic) and each upgrade as told to a spectator, who sees no secret."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.hands = [[c.id for c in content().tactics_for_colour(p["colour"], elite=False)]
                      for p in game.view(SPECTATOR)["players"]]
        self.seen = 0
        self.told = {"faction_chosen": 0, "tactic_upgraded": 0}

    def follow(self) -> list[str]:
        """Read the events since the last call; the seats whose hand differs from it."""
        for record in self.game.events_for(SPECTATOR, self.game.history[self.seen:]):
            kind, seat = record["kind"], record["seat"]
            if kind == "faction_chosen":
                self.hands[seat] += [c.id for c in content().tactics_for_faction(
                    record["faction"], elite=False)]
            elif kind == "tactic_upgraded":
                hand = self.hands[seat]
                hand[hand.index(record["tactic"])] += "+elite"
            if kind in self.told:
                self.told[kind] += 1
        self.seen = len(self.game.history)
        return [f"seat {p.seat}: {p.tactics} against {hand}"
                for p, hand in zip(self.game.state.players, self.hands, strict=True)
                if p.tactics != hand]


def test_every_tactic_hand_follows_from_public_events_with_every_module() -> None:
    # Public and private information, l. 473-475: the content of a hand is private. A
    # tactic hand has no content of its own to hide: it is dealt by colour and faction,
    # and changes only by upgrades that are told (Elite training, l. 1418, says so for its
    # draw; every other upgrade names its card too). Random games with every module, at
    # each player count: after every decision a spectator's events rebuild every hand. A
    # count plays games until one has swapped a card (about two random games in three do),
    # so the check is put to work at every count whatever the deal.
    for players in (2, 3, 4):
        upgrades = 0
        for seed in range(3, 13):
            game = Game.new(Options(players=players, seed=seed, modules=list(modules.NAMES)))
            public = PublicHands(game)
            rnd = random.Random(seed)
            while not game.over:
                prompt = rnd.choice(game.pending())
                game.apply(prompt.seat, rnd.choice(prompt.options))
                assert public.follow() == [], len(game.log)
                for seat in range(players):
                    assert game.view((seat + 1) % players)["players"][seat]["hand"] == (
                        public.hands[seat])
            assert public.told["faction_chosen"] == players
            upgrades = public.told["tactic_upgraded"]
            if upgrades:
                break
        assert upgrades > 0, players  # a game did swap cards at this count


def test_a_hand_changed_without_a_public_event_is_caught() -> None:
    # The check above can fail: a card swapped in secret no longer matches the hand the
    # public events give.
    game = new_game()
    public = PublicHands(game)
    assert public.follow() == []
    game.state.players[BLUE].tactics[0] += "+elite"
    assert public.follow() == [
        f"seat {BLUE}: {game.state.players[BLUE].tactics} against {public.hands[BLUE]}"]


def test_a_tactic_chosen_in_battle_stays_secret_until_every_seat_has_chosen() -> None:
    state = cf.board(cf.line(2))
    cf.units(state, cf.RED, "infantry", 0, 2)
    cf.units(state, cf.BLUE, "infantry", 0, 2)
    cf.hand(state, cf.RED, "ground_assault", "retreat")
    cf.hand(state, cf.BLUE, "ground_assault", "retreat")
    ctx = cf.fight(state, 0)
    cf.answer(ctx, cf.RED, "tactic:red:retreat")
    blue = view_of(state, cf.content(), cf.BLUE)
    (battle,) = [t for t in blue["stack"] if t["kind"] == "battle"]
    assert battle["data"]["chosen"] == {}
    assert check_view(state, cf.BLUE, blue) == []
    chosen = [e for e in ctx.events if e.kind == "tactic_chosen"][-1]
    assert chosen.secret == {"tactic": "red:retreat"} and chosen.to == [cf.RED]
    red = view_of(state, cf.content(), cf.RED)
    (battle,) = [t for t in red["stack"] if t["kind"] == "battle"]
    assert battle["data"]["chosen"] == {str(cf.RED): "red:retreat"}
    cf.answer(ctx, cf.BLUE, "tactic:blue:ground_assault")
    (revealed,) = [e for e in ctx.events if e.kind == "tactics_revealed"]
    assert revealed.reveals and revealed.data["tactics"][str(cf.RED)] == "red:retreat"


def test_face_down_components_and_deck_order_are_hidden() -> None:
    game = new_game()
    state = game.state
    text = str(game.view(RED))
    for sector in state.sectors:
        if sector.event and not sector.event_face_up:
            assert f"'{sector.event}'" not in text
    for slots in state.tech.values():
        for slot in slots:
            for card in slot.cards[:-1]:
                assert f"'{card}'" not in text
    assert f"'{state.objectives[1]}'" not in text  # the Age 2 card is face-down
    view = game.view(RED)
    assert view["action_deck"] == len(state.action_deck)
    assert view["artifact_deck"] == len(state.artifact_deck)


def test_face_up_events_and_the_revealed_age_two_card_are_public() -> None:
    game = new_game()
    state = game.state
    sector = next(s for s in state.sectors if s.event)
    sector.event_face_up = True
    state.age2_revealed = True
    view = game.view(BLUE)
    assert view["sectors"][sector.id]["event"] == sector.event
    assert view["objectives"][1] == state.objectives[1]


def test_insight_is_told_to_its_seat_only() -> None:
    game = new_game()
    state = game.state
    start(game, "insight", RED, count=1, here=-1)
    choose(game, "deck:artifact")
    drawn = state.players[RED].known[-1]
    while game.pending():
        choose(game, "top:0")
    cards = drawn.split("=", 1)[1].split(",")
    for card in cards:
        assert card in str(game.events_for(RED))
        assert card not in str(game.events_for(BLUE))
        assert card not in str(view_of(state, content(), BLUE))
        assert card not in str(spectator_view(state, content()))


def test_prompts_are_shown_to_their_seat_only() -> None:
    game = new_game()
    prompt = game.pending()[0]
    assert game.view(prompt.seat)["prompts"]
    other = game.view(1 - prompt.seat)
    assert not other["prompts"]
    assert other["waiting"] == [{"seat": prompt.seat, "kind": prompt.kind}]


def test_drawn_artifacts_are_told_to_their_seat_only_and_all_of_them() -> None:
    game = new_game()
    state = game.state
    top_two = state.artifact_deck[-2:]
    start(game, "draw_artifacts", RED, draw=2, keep=1, here=-1)
    choose(game, f"artifact:{top_two[-1]}")
    assert state.players[RED].artifacts == [top_two[-1]]  # kept; the other is discarded
    assert state.artifact_discard == [top_two[0]]
    drawn = [e for e in game.events_for(RED) if e["kind"] == "artifacts_drawn"][-1]
    assert sorted(drawn["cards"]) == sorted(top_two)  # both cards, not just the one left
    hidden = [e for e in game.events_for(BLUE) if e["kind"] == "artifacts_drawn"][-1]
    assert "cards" not in hidden and hidden["count"] == 2


def test_a_view_holds_neither_the_seed_nor_the_generator() -> None:
    game = Game.new(Options(players=3, seed=1234))
    view = game.view(1)
    assert "seed" not in view["options"]
    assert check_view(game.state, 1, view) == []


def _hidden_setup(game: Game) -> tuple[Any, ...]:
    state = game.state
    return (tuple(s.event for s in state.sectors), state.objectives[1],
            tuple(state.action_deck), tuple(state.artifact_deck))


def _public_setup(view: dict[str, Any]) -> tuple[Any, ...]:
    return (tuple(s["tile"] for s in view["sectors"]), tuple(view["faction_offer"]),
            view["objectives"][0], tuple(view["action_pool"]))


def test_the_options_of_a_view_rebuild_nothing_hidden() -> None:
    game = Game.new(Options(players=3, seed=1234))
    rebuilt = Game.new(load(Options, game.view(1)["options"]))
    mine, theirs = _hidden_setup(game), _hidden_setup(rebuilt)
    assert all(a != b for a, b in zip(mine, theirs, strict=True))


def test_guessing_the_seed_finds_a_small_one_but_not_a_fresh_one() -> None:
    def guess(view: dict[str, Any], tries: int) -> int | None:
        for seed in range(tries):
            candidate = Game.new(Options(players=3, seed=seed))
            if _public_setup(candidate.view(1)) == _public_setup(view):
                return seed
        return None

    # A seed a person types is found by trying them all: such seeds are for tests and
    # replays. A game started without one draws 63 bits (rng.fresh_seed).
    assert guess(Game.new(Options(players=3, seed=60)).view(1), 80) == 60
    seed = fresh_seed()
    assert 0 <= seed < 2**63
    assert guess(Game.new(Options(players=3, seed=seed)).view(1), 80) is None


def _random_decisions(count: int) -> Iterator[tuple[Game, State, list[Event]]]:
    """Random games decision by decision: (game after it, a copy of the state before it,
    the events it caused)."""
    for g in range(count):
        game = Game.new(Options(players=2 + g % 3, seed=70 + g,
                                map="compact" if g % 2 else "extended"))
        rnd = random.Random(g)
        while not game.over:
            prompt = rnd.choice(game.pending())
            before = game.state.copy()
            events = game.apply(prompt.seat, rnd.choice(prompt.options))
            yield game, before, events


def _face_up(state: State) -> tuple[int, int, bool]:
    events = sum(1 for s in state.sectors if s.event and s.event_face_up)
    tops = sum(1 for slots in state.tech.values() for s in slots if s.cards and s.top_face_up)
    return events, tops, state.age2_revealed


def test_every_draw_shuffle_and_turn_up_is_flagged_where_it_happens() -> None:
    for game, before, events in _random_decisions(12):
        after = game.state
        drew = (len(after.action_deck) < len(before.action_deck)
                or len(after.artifact_deck) < len(before.artifact_deck))
        turned = any(a > b for a, b in zip(_face_up(after), _face_up(before), strict=True))
        if drew or turned or after.rng != before.rng:
            assert any(e.reveals for e in events), [e.kind for e in events]


def test_every_task_field_is_public_or_named_private() -> None:
    """A new task kind or field must be placed in hidden.py: private until it says so."""
    seen: dict[str, set[str]] = {}
    for game, _, _ in _random_decisions(12):
        for task in game.state.stack:
            seen.setdefault(task.kind, set()).update(task.data)
    for kind, fields in seen.items():
        declared = hidden.PUBLIC_TASK_FIELDS.get(kind)
        assert declared is not None, f"task kind {kind!r} is not in hidden.py"
        private = hidden.PRIVATE_TASK_FIELDS.get(kind, frozenset())
        assert fields <= declared | private, (kind, sorted(fields - declared - private))
    assert set(hidden.PUBLIC_TASK_FIELDS) == set(rules.MACHINE.registered_kinds())
