"""Alien Artifacts' bots: sampled worlds agree with the view and hold no secret (nor does
the view's stack of tasks); every level plays whole games, legally and without peeking;
the planner pays with the cheapest cards; the policy and the judgement behave as
documented. How strong each level is, is measured, not tested (docs/benchmarks.md)."""

from __future__ import annotations

from typing import Any

import pytest

import core.games.artifacts.bots.determinize as determinize_module
from core.bots.levels import make_bot
from core.bots.mcts import MctsBot
from core.decisions import DONE, Prompt, arg
from core.games.artifacts import GAME, faces
from core.games.artifacts.bots import SEARCHES, begins_turn, last_round, model, searched_facts
from core.games.artifacts.bots import value as artifacts_value
from core.games.artifacts.bots.determinize import determinize, sample
from core.games.artifacts.bots.policy import card_worth, plan, policy
from core.games.artifacts.cards import card_deck
from core.games.artifacts.content.model import KINDS
from core.games.artifacts.game import Game
from core.games.artifacts.hidden import HIDDEN_PLAN
from core.games.artifacts.state import Options
from core.rng import Rng
from core.rulesets import GameSetup, Ruleset
from tests.artifacts.artifacts_fixtures import CONTENT, blank, half, hand, put, run, section_card

RULES = Ruleset(GAME)  # not yet offered to the shell: its words and client come next
MODEL = model()
POSITIONS = ((2, 5, 40), (3, 6, 120), (5, 8, 200), (2, 9, 300))


def random_until(game: Game, rng: Rng, done: Any) -> Game:
    while not done(game):
        assert not game.over, "the game ended first"
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(prompt.options))
    return game


def at_a_choice(players: int, seed: int, decisions: int) -> Game:
    """A random game stopped after some decisions, at a prompt with a real choice."""
    game = Game.new(Options(players=players, seed=seed))
    steps = [0]

    def ready(g: Game) -> bool:
        steps[0] += 1
        return steps[0] > decisions and len(g.pending()[0].options) > 1

    return random_until(game, Rng(seed), ready)


def hidden_twin(game: Game, seat: int) -> Game:
    """The same game but for what ``seat`` cannot see: the others' hands, Defense Plans and
    Alien Artifacts and the cards their looks hold, the card decks' order (what the seat
    knows of them kept), the cards it knows by their face only, the generator."""
    twin = game.clone()
    state = twin.state
    rng = Rng(777)
    state.rng ^= 0x5DEECE66D
    others = [p for p in state.players if p.seat != seat]
    looks = [t for t in state.stack if t.kind == "take" and t.seat != seat and t.data["cards"]]
    resources = state.deck + [c for p in others for c in p.hand]
    plans = state.plans + [c for p in others for c in p.plans]
    artifacts = state.artifacts + [c for p in others for c in p.artifacts]
    for pile in (resources, plans, artifacts, state.systems):
        rng.shuffle(pile)
    for p in others:
        p.hand = [resources.pop() for _ in p.hand]
        p.plans = [plans.pop() for _ in p.plans]
        p.artifacts = [artifacts.pop() for _ in p.artifacts]
    state.deck, state.plans, state.artifacts = resources, plans, artifacts
    _swap_cards(twin, seat, looks)
    return twin


def _swap_cards(game: Game, seat: int, looks: list[Any]) -> None:
    """Every Ship, Technology and Planet card ``seat`` does not know swapped with another
    it does not know that shows the same (faces.py): in the decks (the places it saw a
    card go under kept; the top a card of the same face), in the others' looks, and on
    the boards a card it knows by its face only, for another of that face."""
    state, content = game.state, game.content
    rng = Rng(778)
    renamed: dict[str, str] = {}
    for kind in KINDS:
        slots: list[tuple[Any, Any, str]] = []  # (holder, index or None, face or "")
        deck = card_deck(state, kind)
        for i, card in enumerate(deck):
            if faces.knows(state, seat, card):
                continue
            if i == len(deck) - 1:  # the top shows its face; a face of one card is public
                if not faces.ambiguous(content, card):
                    continue
                slots.append((deck, i, faces.face(content, card)))
            else:
                slots.append((deck, i, ""))
        slots += [(t.data["cards"], i, "") for t in looks if t.data["deck"] == kind
                  for i in range(len(t.data["cards"]))]
        slots += [(card, None, faces.face(content, card.id)) for p in state.players
                  for card in (*p.construction, *p.empire)
                  if card.kind == kind and faces.hidden(content, state, seat, card.id)]
        pool = [h.id if i is None else h[i] for h, i, _ in slots]
        rng.shuffle(pool)
        for holder, i, face in sorted(slots, key=lambda s: s[2] == ""):
            card = next(c for c in pool if not face or faces.face(content, c) == face)
            pool.remove(card)
            if i is None:
                renamed[holder.id] = card
                holder.id = card
            else:
                holder[i] = card
    for t in state.stack:
        t.data = faces.disguise(t.data, renamed)


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("prompts", "waiting")}


# --- the view's stack (an engine change the bots need) -----------------------------------------


def test_the_views_stack_hides_what_a_look_turned_over_from_the_others() -> None:
    game = random_until(Game.new(Options(players=3, seed=2)), Rng(2),
                        lambda g: g.pending()[0].kind == "buy_keep")
    buyer = game.pending()[0].seat
    held = next(t for t in game.state.stack if t.kind == "take").data["cards"]
    assert len(held) >= 1
    mine = next(t for t in game.view(buyer)["stack"] if t["kind"] == "take")
    assert mine["data"]["cards"] == held
    for seat in (buyer + 1) % 3, -1:
        theirs = next(t for t in game.view(seat)["stack"] if t["kind"] == "take")
        assert "cards" not in theirs["data"] and theirs["data"]["hidden"] == len(held)
        assert not any(f"'{c}'" in repr(game.view(seat)) for c in held)


def test_the_views_stack_shows_a_chosen_defense_plan_to_its_defender_alone() -> None:
    def chosen(g: Game) -> bool:
        return any(t.kind == "strike" and t.data["target"] == "player" for t in g.state.stack)

    for seed in range(40):
        game = Game.new(Options(players=2, seed=seed))
        try:
            random_until(game, Rng(seed), chosen)
        except AssertionError:
            continue
        attack = next(t for t in game.state.stack if t.kind == "attack")
        defender, attacker = attack.data["defender"], attack.seat
        for t in game.view(defender)["stack"]:
            if t["kind"] in ("attack", "strike"):
                assert t["data"]["plan"] == attack.data["plan"]
        for seat in (attacker, -1):
            plans = [t["data"]["plan"] for t in game.view(seat)["stack"]
                     if t["kind"] in ("attack", "strike")]
            assert plans and set(plans) == {HIDDEN_PLAN}
        world = determinize(game.view(attacker), Rng(1))
        sampled = {t.data["plan"] for t in world.state.stack if t.kind in ("attack", "strike")}
        held = {f"plan:{p}" for p in world.state.players[defender].plans}
        assert len(sampled) == 1 and sampled <= {"basic"} | held
        return
    raise AssertionError("no seed reached an attack on a player")


# --- sampled worlds ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed", "decisions"), POSITIONS)
def test_sampled_worlds_hold_no_secret(players: int, seed: int, decisions: int) -> None:
    """Worlds sampled from a game and from its hidden twin are the same world: nothing the
    seat cannot see reaches them. They agree with the view; samples differ in the hidden
    parts."""
    game = at_a_choice(players, seed, decisions)
    seat = game.pending()[0].seat
    twin = hidden_twin(game, seat)
    assert twin.digest() != game.digest() and twin.view(seat) == game.view(seat)
    for k in range(3):
        world = determinize(game.view(seat), Rng(k))
        assert world.digest() == determinize(twin.view(seat), Rng(k)).digest()
        assert comparable(world.view(seat)) == comparable(game.view(seat))
        assert world.pending() == game.pending()
    first, second = (determinize(game.view(seat), Rng(k)).state for k in (1, 2))
    assert first.deck != second.deck


def test_sampled_worlds_agree_with_the_view_all_game_long() -> None:
    for players, seed in ((2, 21), (4, 22)):
        game = Game.new(Options(players=players, seed=seed, factions="chosen"))
        rng = Rng(seed)
        while not game.over:
            prompt = game.pending()[0]
            if rng.random() < 0.1:
                view = game.view(prompt.seat)
                world = determinize(view, rng)
                assert comparable(world.view(prompt.seat)) == comparable(view)
                assert world.pending() == game.pending()
            game.apply(prompt.seat, rng.choice(prompt.options))


def test_a_world_that_fits_the_view_is_kept_at_the_first_draw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Drawing again only when a world does not fit: a check that never passed cost every
    # decision twenty samples instead of one.
    drawn = []

    def counted(view: dict[str, Any], rng: Rng) -> Game:
        drawn.append(1)
        return sample(view, rng)

    monkeypatch.setattr(determinize_module, "sample", counted)
    game = at_a_choice(2, 23, 40)
    determinize(game.view(game.pending()[0].seat), Rng(3))
    assert len(drawn) == 1


# --- every level, whole games ------------------------------------------------------------------


def play(players: int, levels: list[str], seed: int) -> Game:
    """A whole game between bots of those levels, each decision checked: the view a bot is
    given holds nothing hidden from it, the choice is legal, a search keeps to its budget."""
    game = RULES.new_game(GameSetup(players=players, seed=seed))
    checker = RULES.checker(game)
    bots = [make_bot(level, seed + s, MODEL) for s, level in enumerate(levels)]
    while not game.over:
        prompt = game.pending()[0]
        view = game.view(prompt.seat)
        assert checker.view(prompt.seat, view) == []
        bot = bots[prompt.seat]
        choice = bot.choose(view, prompt)
        assert choice in prompt.options
        if isinstance(bot, MctsBot):
            assert bot.last_iterations <= bot.budget.iterations_for(len(prompt.options))
            assert bot.last_errors == 0
        assert checker.step(game.apply(prompt.seat, choice)) == []
    assert checker.replay() == []
    return game


def test_every_level_plays_a_whole_five_player_game() -> None:
    game = play(5, ["random", "easy", "heuristic", "mcts:2", "random"], 45)
    assert game.state.winners and game.state.passes >= 2


@pytest.mark.parametrize("level", ["random", "easy", "heuristic", "mcts:6"])
def test_bots_choose_legally_and_never_peek(level: str) -> None:
    for players, seed, decisions in POSITIONS:
        game = at_a_choice(players, seed, decisions)
        prompt = game.pending()[0]
        twin = hidden_twin(game, prompt.seat)
        first = make_bot(level, 7, MODEL).choose(game.view(prompt.seat), prompt)
        second = make_bot(level, 7, MODEL).choose(twin.view(prompt.seat), twin.pending()[0])
        assert first == second and first in prompt.options


# --- the model ---------------------------------------------------------------------------------


def test_the_searching_levels_use_the_artifacts_model_and_budgets() -> None:
    for level in ("normal", "hard"):
        bot: Any = make_bot(level, 1, MODEL)
        search = SEARCHES[level]
        assert bot.model.stop is begins_turn and bot.model.plan is plan
        assert bot.model.policy is policy
        assert bot.exploration == artifacts_value.EXPLORATION
        assert (bot.budget, bot.prior_visits, bot.prior_tries, bot.max_depth) == (
            search.budget, search.prior_visits, search.prior_tries, search.depth)
        assert bot.prior_worlds == bot.worlds == search.worlds  # the prior in every world
        assert bot.model.judged_view is search.judged_view is searched_facts
    heuristic: Any = make_bot("heuristic", 1, MODEL)
    assert heuristic.model.judged_view is MODEL.judged_view is not searched_facts
    assert SEARCHES["normal"].budget.seconds == 1.0 and SEARCHES["hard"].budget.seconds == 5.0
    assert MODEL.settle_stops == {"action"} and begins_turn(Prompt(0, "action", ["trade"]))
    assert not begins_turn(Prompt(0, "pay", ["planet:r01"]))


def test_the_searches_play_the_last_round_out_to_the_final_scoring() -> None:
    """Once the end is triggered (R3) every view says so, and the searches' play-outs run
    to the final scoring instead of stopping at the next turn."""
    game = blank()
    assert MODEL.end_in_reach is last_round
    assert not any(last_round(game.view(seat)) for seat in (0, 1))
    game.state.ending = True
    assert all(last_round(game.view(seat)) for seat in (0, 1))


def red(symbols: int) -> list[str]:
    """The Resource cards with a red section of that many symbols, cheapest first."""
    found = [rid for rid, res in CONTENT.resources.items()
             if any(s.colour == "red" and s.symbols == symbols for s in res.sections)]
    return sorted(found, key=lambda rid: card_worth(CONTENT, rid))


def test_the_planner_pays_with_the_cheapest_cards() -> None:
    """Of two cards that each pay a red 3, the one worth less goes; of a 3 alone and a 1
    and a 2 together, the single card when it is worth less than the pair."""
    game = blank()
    cheap, dear = red(3)[0], red(3)[-1]
    assert card_worth(CONTENT, cheap) < card_worth(CONTENT, dear)
    hand(game, 0, dear, cheap)
    run(game, "pay", 0, need={"red": 3}, wild=[], limit=2, used=0, paid={})
    prompt = game.pending()[0]
    chosen = plan(game, prompt)
    assert chosen is not None and chosen.startswith(f"hand:{cheap}:")
    game.apply(0, chosen)
    assert game.state.players[0].hand == [dear] and not game.pending()

    game = blank()
    one, two = red(1)[-1], red(2)[-1]
    three = red(3)[0]
    assert card_worth(CONTENT, three) < card_worth(CONTENT, one) + card_worth(CONTENT, two)
    hand(game, 0, one, two, three)
    run(game, "pay", 0, need={"red": 3}, wild=[], limit=2, used=0, paid={})
    chosen = plan(game, game.pending()[0])
    assert chosen is not None and chosen.startswith(f"hand:{three}:")


def test_the_planner_shows_the_section_that_scores_and_leaves_choices_alone() -> None:
    game = blank()
    planet_id, planet = next(iter(CONTENT.planets.items()))
    rid = next(r for r, res in CONTENT.resources.items()
               if res.sections[1].type == planet.type)
    prompt = Prompt(0, "produce_section", ["top", "bottom"], {"planet": planet_id, "card": rid})
    assert plan(game, prompt) == "bottom"
    assert plan(game, Prompt(0, "action", ["trade", "buy"])) is None
    assert plan(game, Prompt(0, "pay", ["hand:r01:top", DONE])) is None  # a Trade


def test_the_policy_completes_first_and_keeps_its_hand() -> None:
    game = blank()
    rng = Rng(1)
    action = Prompt(0, "action", ["buy", "discover", "prepare", "trade", "develop"])
    assert {policy(game, action, rng) for _ in range(20)} == {"discover", "develop"}
    assert policy(game, Prompt(0, "action", ["trade", "prepare", "buy"]), rng) == "prepare"
    assert policy(game, Prompt(0, "discard", ["resource:r01", DONE]), rng) == DONE
    assert policy(game, Prompt(0, "bypass", ["bypass", "skip"]), rng) == "bypass"
    buy = Prompt(0, "buy_deck", ["deck:ship:0", "deck:planet:0", "deck:ship:1"])
    assert {policy(game, buy, rng) for _ in range(20)} == {"deck:ship:0", "deck:planet:0"}
    cheap, dear = red(3)[0], red(3)[-1]
    hand(game, 0, dear, cheap)
    owed = Prompt(0, "discard", [f"resource:{dear}", f"resource:{cheap}"])
    assert policy(game, owed, rng) == f"resource:{cheap}"
    window = Prompt(0, "discard", ["artifact:deep_cache", f"resource:{dear}"])  # R24
    assert policy(game, window, rng) == f"resource:{dear}"


def test_the_policy_plays_the_steps_of_its_own_action_toward_completions() -> None:
    """The steps a search plays without judging them: the card whose completion adds
    most, the side that scores, the Prepare row the hand brings nearest to completion and
    its biggest sections while the card needs any, the Trade colour and cards worth most
    credits; a tie left to chance."""
    game = blank()
    state = game.state
    player = state.players[0]
    player.faction = "verdant_accord"  # 1 VP per planet
    ship, planet = card_deck(state, "ship")[0], card_deck(state, "planet")[0]
    red3, red2, green1 = "r43", "r42", "r63"  # green 2 | red 3, green 1 | red 2, green 1 | red 1
    put(game, 0, "ship", ship, under=(f"{red3}:{half(red3, 'red')}",))
    put(game, 0, "planet", planet)
    rng = Rng(1)
    target = Prompt(0, "target", [f"card:{ship}", f"card:{planet}"])
    assert policy(game, target, rng) == f"card:{planet}"
    player.faction = "star_union"  # 1 VP per operational Ship
    side = Prompt(0, "side", ["logistics", "operational"], {"card": ship})
    assert policy(game, side, rng) == "operational"
    player.faction = "verdant_accord"
    assert policy(game, side, rng) is None  # both sides score alike
    hand(game, 0, green1, red2)
    rows = Prompt(0, "prepare_row", ["row:ship", "row:planet"])  # 2 red short, 5 green
    assert policy(game, rows, rng) == "row:ship"
    small = f"attach:{green1}:{half(green1, 'green')}:{planet}"
    big = f"attach:{red2}:{half(red2, 'red')}:{ship}"
    attach = Prompt(0, "prepare_attach", [small, big, DONE])
    assert policy(game, attach, rng) == big
    colours = Prompt(0, "pay_colour", ["colour:blue", "colour:green", "colour:red", "gold"])
    assert policy(game, colours, rng) == "colour:red"
    cards = Prompt(0, "pay", [f"hand:{green1}:{half(green1, 'green')}",
                              f"hand:{red2}:{half(red2, 'red')}", DONE], {"trade": 0})
    assert policy(game, cards, rng) == f"hand:{red2}:{half(red2, 'red')}"
    player.hand.remove(red2)  # tucked under the ship: paid in full, nothing more goes there
    player.construction[0].under.append(f"{red2}:{half(red2, 'red')}")
    assert policy(game, Prompt(0, "prepare_attach", [big, DONE]), rng) == DONE


def test_the_light_view_judges_as_the_full_view() -> None:
    for players, seed in ((2, 11), (4, 13)):
        game = Game.new(Options(players=players, seed=seed))
        rng = Rng(seed)
        step = 0
        while not game.over:
            prompt = game.pending()[0]
            if step % 50 == 0:
                assert MODEL.judge(game, prompt.seat) == pytest.approx(
                    MODEL.value(game.view(prompt.seat)))
            game.apply(prompt.seat, rng.choice(prompt.options))
            step += 1
        assert MODEL.judge(game, 0) == MODEL.value(game.view(0))
        assert MODEL.judge(game, 0)[game.state.winners[0]] > 0


def test_the_searches_count_what_the_hand_can_pay_toward_a_card_under_construction() -> None:
    """A Technology Under Construction with 3 of its 5 blue prepared: to the searches a hand
    holding a blue 2 is worth more than one of as many cards holding none, by the progress
    of ``HAND_SHARE`` of its two symbols; the heuristic's judgement counts the cards by
    their number only. Once the cost is paid the hand adds nothing to the card."""
    game = blank()
    player = game.state.players[0]
    blue3 = section_card("blue", 3, "green")
    put(game, 0, "technology", "orbital_cartography", under=(f"{blue3}:{half(blue3, 'blue')}",))
    left = artifacts_value.turns_left(game.state, game.content)
    hand(game, 0, "r19", "r21")
    assert not any(s.colour in ("blue", "gold") for r in player.hand
                   for s in CONTENT.resources[r].sections)
    none = artifacts_value.prospects(CONTENT, player, left, read_hand=True)
    assert none == artifacts_value.prospects(CONTENT, player, left)
    blue2 = section_card("blue", 2, "red")
    game.state.deck += player.hand  # back to the deck: as many cards left to draw
    player.hand = []
    hand(game, 0, blue2, "r21")
    with_blue = artifacts_value.prospects(CONTENT, player, left, read_hand=True)
    assert artifacts_value.prospects(CONTENT, player, left) == pytest.approx(none)
    card = player.construction[0]
    whole = artifacts_value.completed(CONTENT, player, card, left)
    progress = artifacts_value.HAND_SHARE * 2 / 5
    share = (artifacts_value.PAID - artifacts_value.HELD) * progress
    assert with_blue - none == pytest.approx(whole * share)
    facts = searched_facts(game, 1)
    assert facts["scores"][0] == pytest.approx(with_blue)
    assert artifacts_value.judged_facts(game, 1)["scores"][0] == pytest.approx(none)
    card.under.append(f"{blue2}:{half(blue2, 'blue')}")  # the cost paid: the hand adds nothing
    paid = artifacts_value.prospects(CONTENT, player, left)
    assert artifacts_value.prospects(CONTENT, player, left, read_hand=True) == pytest.approx(paid)


def test_an_artifact_or_plan_the_faction_scores_is_worth_its_vp_or_its_use_not_both() -> None:
    """With turns left, one more Alien Artifact is worth its use (``ARTIFACT``) to every
    faction: to the Ix Wanderers, who score 1 VP an artifact held, that VP is part of it,
    as using it gives the VP up. Near the end only the VP is left. Defense Plans likewise
    for the Ashen Brood."""
    game = blank()
    player = game.state.players[0]
    left = artifacts_value.turns_left(game.state, game.content)
    assert left >= artifacts_value.ASSET_TURNS

    def gain(faction: str, held: str, thing: str, turns: float) -> float:
        player.faction = faction
        before = artifacts_value.prospects(CONTENT, player, turns)
        getattr(player, held).append(thing)
        try:
            return artifacts_value.prospects(CONTENT, player, turns) - before
        finally:
            getattr(player, held).pop()

    artifact, plan_card = next(iter(CONTENT.artifacts)), next(iter(CONTENT.plans))
    use = artifacts_value.ARTIFACT
    assert gain("star_union", "artifacts", artifact, left) == pytest.approx(use)
    assert gain("ix_wanderers", "artifacts", artifact, left) == pytest.approx(use)
    assert gain("ix_wanderers", "artifacts", artifact, 0.1) == pytest.approx(
        1 + (use - 1) * 0.1 / artifacts_value.ASSET_TURNS)
    assert gain("star_union", "plans", plan_card, left) == pytest.approx(artifacts_value.PLAN)
    assert gain("ashen_brood", "plans", plan_card, left) == pytest.approx(1.0)


def test_the_judgement_is_a_share_that_favours_vp_and_is_surer_near_the_end() -> None:
    game = at_a_choice(3, 4, 80)
    before = MODEL.judge(game, 0)
    assert sum(before) == pytest.approx(1.0)
    game.state.players[1].vp += 5
    after = MODEL.judge(game, 0)
    assert after[1] > before[1] and after[0] < before[0]
    left = artifacts_value.turns_left(game.state, game.content)
    assert left > 1
    assert artifacts_value.temperature(left) > artifacts_value.temperature(0.5)
    game.state.ending = True
    assert MODEL.judge(game, 0)[1] > after[1]


def test_the_heuristic_completes_a_card_one_payment_away() -> None:
    """A Technology Under Construction with 3 of its 5 blue prepared and a blue 2 in hand:
    the heuristic completes it (Develop, or Prepare and its automatic construction)
    rather than trade its two green 3s for 6 credits or use its Faction Action."""
    game = blank()
    state = game.state
    state.players[0].faction = "velari_concord"
    blue3 = section_card("blue", 3, "green")
    put(game, 0, "technology", "orbital_cartography", under=(f"{blue3}:{half(blue3, 'blue')}",))
    hand(game, 0, section_card("blue", 2, "red"), "r19", "r21")
    run(game, "turn", 0)
    bot = make_bot("heuristic", 5, MODEL)
    while (prompt := game.pending()[0]).kind != "discard" or DONE not in prompt.options:
        game.apply(0, bot.choose(game.view(0), prompt))  # to the draw step
    assert [c.id for c in state.players[0].empire] == ["orbital_cartography"]
    assert state.players[0].construction == []


def test_the_heuristic_prepares_toward_a_card_rather_than_take_another() -> None:
    """Star Union with a Ship Under Construction, two red 2s in hand (a Build needs 5)
    and 5 credits: the heuristic prepares the 4 red under its Ship rather than pay the 5
    credits for another card Under Construction (a Buy, or its Faction Action for a
    Ship). A judgement that counts a card held as much as a card on its way to completion
    hoards here."""
    game = blank()
    state = game.state
    state.players[0].faction, state.players[0].credits = "star_union", 5
    put(game, 0, "ship", state.ships[0])
    hand(game, 0, "r09", "r13", "r02")
    run(game, "turn", 0)
    prompt = game.pending()[0]
    assert prompt.options == ["buy", "prepare", "trade", "faction"]
    assert make_bot("heuristic", 5, MODEL).choose(game.view(0), prompt) == "prepare"


def test_a_bank_scored_for_its_credits_is_judged_as_full_as_the_turns_left_make_it() -> None:
    """A Dusk Syndicate (1 VP per 2 credits at the end) with 15 credits and turns to go
    loses nothing in the judgement by a Buy of 5 credits: the turns left fill its Bank
    again. At the end the credits count as they are. A judgement reading the Bank as it
    stands sees the Buy lose 2.5 VP and never spends a full Bank."""
    game = blank()
    player = game.state.players[0]
    player.faction, player.credits = "dusk_syndicate", 15
    left = artifacts_value.turns_left(game.state, game.content)
    assert left > 3
    full = artifacts_value.prospects(CONTENT, player, left)
    player.credits = 10
    put(game, 0, "technology", "orbital_cartography")
    assert artifacts_value.prospects(CONTENT, player, left) > full
    player.construction = []
    assert artifacts_value.prospects(CONTENT, player, 0) == pytest.approx(5 + 0.1)
    player.credits = 15  # 7 VP, and the tie-break's hundredths
    assert artifacts_value.prospects(CONTENT, player, 0) == pytest.approx(7 + 0.15)


def test_what_a_seat_holds_fades_as_the_last_turns_come_so_ending_the_game_pays_its_leader(
) -> None:
    """A seat holding 12 Alien Artifacts, 15 credits and a hand: a twentieth of a turn
    before the end its prospects are within one VP of what the end would score, two turns
    before it they count the artifacts in full. A judgement that counted what is held in
    full until the end made a leader who held much never draw the deck's last card: a
    heuristic game went on past 3,000 decisions, both seats taking actions that changed
    nothing."""
    game = blank()
    player = game.state.players[0]
    player.faction, player.credits = "star_union", 15
    player.artifacts = list(CONTENT.artifacts)[:12]
    hand(game, 0, "r09", "r13", "r02")
    at_end = artifacts_value.prospects(CONTENT, player, 0)
    assert artifacts_value.prospects(CONTENT, player, 0.05) - at_end < 1
    full = artifacts_value.prospects(CONTENT, player, artifacts_value.ASSET_TURNS)
    assert full - at_end > artifacts_value.ARTIFACT * 12


def test_a_seat_not_behind_draws_the_deck_out_at_the_last_pass() -> None:
    """Round marker on 1, two Resource cards left: at its draw step a seat that the end
    would not leave behind discards two of its three cards so that its draw of two ends the
    game; a seat behind keeps its cards (the judgement decides), and with seven cards left
    a seat not behind discards its whole hand, its draw of three taking as many as it can.
    Before, two seats at a full Bank that kept their hands and took actions that changed
    nothing never ended their game, nor a leader whose hand size fell short of the deck."""
    game = blank()
    state = game.state
    hand(game, 0, "r09", "r13", "r02")
    state.discard, state.deck = state.deck[2:], state.deck[:2]
    state.marker = 1
    prompt = Prompt(0, "discard", [DONE, "resource:r09", "resource:r13", "resource:r02"])
    state.players[0].vp = 5
    for _ in range(2):
        discarded = plan(game, prompt)
        assert discarded in prompt.options[1:]
        state.players[0].hand.remove(arg(discarded))
        prompt = Prompt(0, "discard", [DONE, *(f"resource:{r}" for r in state.players[0].hand)])
    assert plan(game, prompt) == DONE and len(state.players[0].hand) == 1
    state.players[1].vp = 6
    assert plan(game, prompt) is None
    state.players[1].vp, state.marker = 0, 2
    assert plan(game, prompt) is None
    state.marker = 1
    state.deck += state.discard[:5]
    assert plan(game, prompt) == prompt.options[1]
    state.players[0].hand = []
    assert plan(game, Prompt(0, "discard", [DONE])) == DONE
