"""Alien Artifacts' words met directly: the kinds random games seldom reach, worded from
positions laid out by hand; the tricky wordings (why an action is missing, what a payment
still needs, secrets for their seat only, the seat's name); the spots; the card texts;
``show`` from a spectator; the engine records the words read."""

from __future__ import annotations

import re
from typing import Any

from core.events import SPECTATOR
from core.games.artifacts import GAME
from core.games.artifacts.game import Game
from core.games.artifacts.state import Options
from core.games.artifacts.words import WORDS, cards, spots
from core.games.artifacts.words.names import card_name
from core.plain import to_plain
from core.rng import Rng
from core.words import told
from tests.artifacts.artifacts_fixtures import (
    CONTENT,
    answer,
    blank,
    hand,
    put,
    run,
    section_card,
)
from tests.artifacts.words_fixtures import check_line, check_question, raw_in

DIRECT_PROMPTS = ("bypass", "auto_order", "remove_row", "rival", "ship_order", "mine_next",
                  "boost", "produce_planet")
DIRECT_EVENTS = ("destroyed", "first_player", "lost", "artifacts_reshuffled", "unblocked",
                 "tokens_out", "bypassed")


def _prompt(kind: str, options: list[str], seat: int = 0, **context: Any) -> dict[str, Any]:
    return {"kind": kind, "seat": seat, "options": options, "context": context}


def _played(players: int, seed: int, decisions: int) -> Game:
    game = Game.new(Options(players=players, seed=seed))
    rng = Rng(seed)
    for _ in range(decisions):
        if game.over:
            break
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(prompt.options))
    return game


# --- the kinds the random games miss -------------------------------------------------------


def test_a_blocked_helper_asks_for_its_bypass_in_credits() -> None:
    game = blank()
    put(game, 0, "technology", "orbital_cartography", "logistics").tokens = 2
    game.state.players[0].credits = 3
    prompt = _prompt("bypass", ["bypass", "skip"], card="orbital_cartography", tokens=2)
    asked = WORDS.question(game.view(0), prompt)
    assert check_question(asked, prompt, "bypass") == []
    assert asked.text == "Pay 2 credits to use the blocked Orbital Cartography?"
    assert "you have 3 credits" in asked.hint
    assert [o.label for o in asked.options] == ["Pay 2 credits", "Leave it blank"]


def test_a_bypass_says_what_the_blocked_card_is_used_for() -> None:
    game = blank()
    put(game, 0, "planet", "vitruvious", "logistics").tokens = 1
    put(game, 0, "technology", "logistics_network", "logistics").tokens = 1
    game.state.players[0].credits = 3
    for use, said in (("discover", "on this Discover a Planet"),
                      ("hand", "for a bigger hand at this draw step"),
                      ("guard", "against this attack")):
        card = "vitruvious" if use == "discover" else "logistics_network"
        prompt = _prompt("bypass", ["bypass", "skip"], card=card, tokens=1, use=use)
        asked = WORDS.question(game.view(0), prompt)
        assert check_question(asked, prompt, "bypass") == []
        assert asked.text.endswith(f"{said}?") and asked.options[0].text.endswith(f"{said}.")


def test_a_card_aimed_at_a_rival_names_each_rival_and_what_they_hold() -> None:
    game = blank(3)
    game.state.players[2].credits = 4
    prompt = _prompt("rival", ["seat:1", "seat:2"])
    asked = WORDS.question(game.view(0), prompt)
    assert check_question(asked, prompt, "rival") == []
    assert asked.options[1].text.startswith(
        f"Your card acts on {WORDS.seat_name(game.view(0), 2)}: 4 credits")
    assert asked.options[1].spot == spots.seat_spot(2)


def test_an_offensive_names_each_ship_its_bonus_skill_and_bypass() -> None:
    game = blank()
    put(game, 0, "ship", "hammerfall", "operational").tokens = 1
    put(game, 0, "ship", "covenant", "operational")
    prompt = _prompt("ship_order", ["ship:hammerfall", "ship:covenant", "done"])
    asked = WORDS.question(game.view(0), prompt)
    assert check_question(asked, prompt, "ship_order") == []
    assert asked.text == "Choose the next ship to attack"
    assert asked.options[0].label == "Hammerfall (+2)"
    assert asked.options[0].text.endswith("Blocked: it costs 1 credit to send it.")
    assert asked.options[2].label == "End the Offensive"


def test_mining_names_each_planet_and_what_a_blocked_one_costs() -> None:
    game = blank()
    put(game, 0, "planet", "keth", "operational").tokens = 1
    put(game, 0, "planet", "calcine", "operational")
    prompt = _prompt("mine_next", ["planet:keth", "planet:calcine", "done"])
    asked = WORDS.question(game.view(0), prompt)
    assert check_question(asked, prompt, "mine_next") == []
    assert asked.text == "Choose the next Planet to mine"
    assert asked.options[0].label == "Keth"
    assert asked.options[0].text.endswith("Blocked: it costs 1 credit to mine it.")
    assert asked.options[1].spot == spots.card_spot("calcine")
    assert asked.options[2].label == "Stop mining"


def test_automatic_construction_names_each_card_with_its_prepared_symbols() -> None:
    game = blank()
    put(game, 0, "ship", "wayfarer")
    put(game, 0, "planet", "calcine")
    prompt = _prompt("auto_order", ["card:wayfarer", "card:calcine"])
    asked = WORDS.question(game.view(0), prompt)
    assert check_question(asked, prompt, "auto_order") == []
    assert "Cost now 5 red, 0 prepared" in asked.options[0].text
    assert asked.options[1].spot == spots.card_spot("calcine")


def test_remove_blockades_counts_the_tokens_of_each_row() -> None:
    game = blank()
    put(game, 0, "ship", "wayfarer", "operational").tokens = 2
    put(game, 0, "planet", "calcine", "logistics").tokens = 1
    prompt = _prompt("remove_row", ["row:ship", "row:planet"])
    asked = WORDS.question(game.view(0), prompt)
    assert check_question(asked, prompt, "remove_row") == []
    assert [o.text for o in asked.options] == [
        "2 Blockade tokens on your Ships; 2 red each.",
        "1 Blockade token on your Planets; 2 green each."]


def test_the_events_random_games_miss_have_sentences() -> None:
    game = blank(3)
    put(game, 1, "ship", "wayfarer", "operational")
    view = game.view(0)
    records = [
        ({"kind": "destroyed", "seat": 1, "ship": "wayfarer"},
         f"{WORDS.seat_name(view, 1)}'s Wayfarer is Destroyed"),
        ({"kind": "first_player", "seat": 0}, "You play first."),
        ({"kind": "lost", "seat": 2, "vp": 1, "credits": 2}, "loses 1 VP and 2 credits."),
        ({"kind": "artifacts_reshuffled", "seat": -1, "cards": 5},
         "new deck of 5 cards."),
        ({"kind": "unblocked", "seat": 0, "card": "calcine"},
         "You remove a Blockade token from Calcine."),
        ({"kind": "tokens_out", "seat": 0, "missing": 2},
         "The Blockade token supply is empty: 2 Blockade tokens of your result are not"),
        ({"kind": "bypassed", "seat": 0, "card": "calcine", "credits": 1},
         "You pay 1 credit to use the blocked Calcine."),
    ]
    for record, expected in records:
        line = WORDS.event(view, record)
        assert check_line(line, record["kind"], record["kind"]) == []
        assert expected in line.text
    assert WORDS.event(view, records[1][0]).mine


# --- the tricky wordings -------------------------------------------------------------------


def test_the_action_hint_says_why_buy_and_a_construction_are_not_offered() -> None:
    game = blank()
    game.state.players[0].credits = 2
    put(game, 0, "planet", "calcine")
    asked = WORDS.question(game.view(0), _prompt("action", ["trade"]))
    assert asked.hint == ("Not now: Buy needs 5 credits (you have 2); Discover a Planet "
                          "needs 5 green in at most 2 cards.")
    offered = WORDS.question(game.view(0), _prompt("action", ["buy", "discover", "trade"]))
    assert "Not now" not in offered.hint


def test_an_operational_action_says_gold_does_not_pay_it() -> None:
    game = blank()
    put(game, 0, "ship", "wayfarer", "operational")
    asked = WORDS.question(game.view(0), _prompt("action", ["offensive", "trade"]))
    assert "Start an Offensive" in asked.options[0].label
    assert asked.options[0].text.startswith("Pay 5 red (gold does not count)")


def test_a_payment_says_what_is_still_to_pay() -> None:
    game = blank()
    green = section_card("green", 2)
    hand(game, 0, green)
    half = "top" if game.content.resources[green].sections[0].colour == "green" else "bottom"
    prompt = _prompt("pay", [f"hand:{green}:{half}"], need={"green": 5}, paid={"green": 2})
    asked = WORDS.question(game.view(0), prompt)
    assert asked.text == "Pay 3 green (3 still to pay)"
    assert asked.options[0].label.endswith(": 2 green")
    assert asked.options[0].spot == spots.card_spot(green)


def test_a_seat_is_its_colour_and_faction_after_its_player_s_own_name() -> None:
    game = Game.new(Options(players=3, seed=1))
    view = game.view(SPECTATOR)
    for seat in range(3):
        name = WORDS.seat_name(view, seat)
        faction = card_name(game.state.players[seat].faction)
        assert re.fullmatch(rf"(Red|Blue|Green) \({re.escape(faction)}\)", name)
    chosen = Game.new(Options(players=2, seed=1, factions="chosen"))
    assert WORDS.seat_name(chosen.view(SPECTATOR), 1) == "Blue"  # its default name
    named = Game.new(Options(players=2, seed=1, factions="chosen", names=["Ann", "Bo"]))
    assert WORDS.seat_name(named.view(SPECTATOR), 1) == "Bo (Blue)"  # their own name first


def test_a_faction_played_names_its_player_as_every_line_does() -> None:
    for names, expected in (((), "Blue plays "), (("Ann", "Bo"), "Bo (Blue) plays ")):
        game = Game.new(Options(players=2, seed=1, names=list(names)))
        view = game.view(0)
        faction = game.state.players[1].faction
        line = WORDS.event(view, {"kind": "faction", "seat": 1, "faction": faction})
        assert line.text == f"{expected}{card_name(faction)}."


def test_a_drawn_card_is_named_to_its_drawer_only() -> None:
    game = _played(3, 5, 20)
    drawn = next(e for e in reversed(game.history) if e.kind == "drawn")
    seat = drawn.seat
    other = (seat + 1) % 3
    own = WORDS.event(game.view(seat), next(r for r in game.events_for(seat, [drawn])))
    theirs = WORDS.event(game.view(other), next(r for r in game.events_for(other, [drawn])))
    names = [card_name(c) for c in drawn.secret["cards"]]
    assert all(n in own.text for n in names)
    assert not any(re.search(rf"\b{n}\b", theirs.text) for n in names)
    assert theirs.text.endswith(f"draws {drawn.data['count']} Resource card"
                                + ("s." if drawn.data["count"] > 1 else "."))


def test_a_defense_plan_stays_secret_until_it_is_shown() -> None:
    game = blank()
    game.state.players[1].plans = ["minefield"]
    game.state.plans.remove("minefield")
    prompt = _prompt("defense_plan", ["basic", "plan:minefield"], seat=1)
    view = game.view(0)
    theirs = WORDS.decision_line(view, prompt, "plan:minefield")
    assert theirs.text == f"{WORDS.seat_name(view, 1)} chooses their Defense Plan."
    own = WORDS.decision_line(game.view(1), prompt, "plan:minefield")
    assert "Minefield" in own.text
    chosen = {"kind": "plan_chosen", "seat": 1}
    assert WORDS.event(game.view(0), chosen).text.endswith("chooses a defence in secret.")
    shown = {"kind": "plan_revealed", "seat": 1, "plan": "plan:minefield"}
    assert "defended with Minefield" in WORDS.event(game.view(0), shown).text


def test_an_attack_line_says_the_value_the_table_and_what_the_row_does() -> None:
    game = blank()
    record = {"kind": "attack_resolved", "seat": 1, "ship": "wayfarer", "value": 4,
              "table": "glass_nebula", "row": 4}
    line = WORDS.event(game.view(0), record)
    assert line.text.endswith("Wayfarer reaches value 4 on Glass Nebula: Draw an Alien "
                              "Artifact.")
    assert line.spot == spots.card_spot("wayfarer")


# --- spots ---------------------------------------------------------------------------------


def test_every_card_has_its_own_spot_and_the_spot_names_it() -> None:
    view = blank().view(SPECTATOR)
    data = blank().content
    ids = [*data.ships, *data.technologies, *data.planets, *data.plans, *data.artifacts,
           *data.resources]
    found = [spots.card_spot(c) for c in ids]
    assert len(set(found)) == len(ids)
    fixed = [spots.SYSTEM, *spots.DECKS.values(), spots.RESOURCE_DECK, spots.DISCARD,
             spots.PLAN_DECK, spots.ARTIFACT_DECK, spots.ARTIFACT_PILE,
             *(spots.seat_spot(s) for s in range(5))]
    assert not set(found) & set(fixed) and len(set(fixed)) == len(fixed)
    for card in ids:
        spot = spots.card_spot(card)
        assert spot is not None and spots.spot_card(spot) == card
        assert WORDS.spot_name(view, spot) == card_name(card)
    assert WORDS.spot_name(view, spots.deck_spot("planet")) == "the Planet deck"
    assert WORDS.spot_name(view, spots.seat_spot(1)) == f"{WORDS.seat_name(view, 1)}'s board"
    assert WORDS.spot_name(view, 9999) == "nowhere"


# --- cards ---------------------------------------------------------------------------------


def test_every_component_has_a_text_without_raw_data() -> None:
    counts = {"resource": 83, "ship": 40, "technology": 40, "planet": 40, "artifact": 16,
              "plan": 11, "system": 5, "faction": 6}
    for kind, n in counts.items():
        found = WORDS.catalogue(kind)
        assert len(found) == n
        for record in found:
            text = " ".join([record["name"], *record["lines"]])
            assert not raw_in(text), (kind, record["id"], text)
    assert len(WORDS.catalogue()) == sum(counts.values())
    assert WORDS.catalogue_markdown().startswith("# Alien Artifacts")


def test_a_technology_shows_both_sides_and_its_scoring_table() -> None:
    text = cards.card("technology", "orbital_cartography")
    assert text.name == "Orbital Cartography"
    assert "Discover a Planet costs you 1 less." in " ".join(text.lines)
    assert "4 or more: 1 VP when sold or tested, 2 VP at the end." in text.lines


def test_an_attack_table_says_row_4_holds_above_it() -> None:
    """R10: a value above the table resolves row 4."""
    lines = cards.card("system", "crimson_maw").lines
    assert lines[1] == "1: The attacking ship is Destroyed (to the bottom of the Ship deck)."
    assert lines[4].startswith("4, 7+: ") and lines[-1] == "6: Draw 2 Alien Artifacts."
    assert cards.card("plan", "minefield").lines[4].startswith("4, 6+: ")


# --- show, the heading and the scores ------------------------------------------------------


def test_show_from_a_spectator_hides_the_hands_and_says_who_is_waited_for() -> None:
    game = _played(3, 8, 60)
    view = game.view(SPECTATOR)
    text = WORDS.show(view, None)
    assert text.startswith("Alien Artifacts, 3 players, factions dealt:")
    assert "seen by a spectator" in text.splitlines()[0]
    assert "The table:" in text and "Alien System: " in text
    for player in game.state.players:
        assert f"Hand: {len(player.hand)} card" in text
        assert not any(f"R{int(r[1:])} " in text for r in player.hand)
    assert "Waiting: " in text
    plain = WORDS.show(view, None, ascii=True)
    assert plain.isascii()


def test_show_for_a_seat_lists_its_hand_and_its_question() -> None:
    game = _played(2, 4, 30)
    prompt = game.pending()[0]
    text = WORDS.show(game.view(prompt.seat), to_plain(prompt))
    assert "Your decision: " in text
    own = game.state.players[prompt.seat].hand
    other = game.state.players[1 - prompt.seat].hand
    assert own and all(f"R{int(r[1:])} " in text for r in own)
    assert not any(f"R{int(r[1:])} " in text for r in other)


def test_a_game_told_in_words_ends_with_its_scores_best_first() -> None:
    game = _played(2, 3, 10**6)
    lines = list(told(Game, WORDS, game.state.options, list(game.log), SPECTATOR))
    assert lines[0].startswith("Alien Artifacts, 2 players")
    scores = lines[lines.index("Scores:"):]
    assert scores[1].startswith("  1. ") and "winner" in scores[1]
    assert not any(raw_in(line) for line in lines if line)


def test_the_declaration_names_these_words() -> None:
    assert GAME.words == "core.games.artifacts.words:WORDS"


# --- the engine records the words read -----------------------------------------------------


def test_kept_and_completed_records_keep_their_kind_and_looked_keeps_every_card() -> None:
    game = blank()
    run(game, "take", 0, deck="ship", look=3, keep=1, type="any", to="construction",
        side="any", cards=[], prompt="take_keep")
    looked = next(e for e in reversed(game.history) if e.kind == "looked")
    seen = list(looked.secret["cards"])
    answer(game, f"card:{seen[0]}")
    assert looked.secret["cards"] == seen  # the record keeps what was seen after a keep
    kept = game.events_for(SPECTATOR, [e for e in game.history if e.kind == "kept"])
    assert kept[-1]["kind"] == "kept" and kept[-1]["deck"] == "ship"
    view = game.view(0)
    assert all(set(w) == {"seat", "kind"} for w in view["waiting"])


def test_an_attack_artifact_is_offered_by_name_and_what_it_adds() -> None:
    game = blank()
    game.state.players[0].artifacts = ["phase_cannon", "targeting_core"]
    prompt = _prompt("boost", ["artifact:phase_cannon", "artifact:targeting_core", "go"])
    asked = WORDS.question(game.view(0), prompt)
    assert check_question(asked, prompt, "boost") == []
    assert asked.text == "Play an attack artifact before the result?"
    assert asked.options[0].label == "Play Phase Cannon"
    assert "+3 to this attack value" in asked.options[0].text
    assert asked.options[2].label == "Resolve the attack"


def test_a_production_names_each_planet_its_type_and_what_it_holds() -> None:
    game = blank()
    put(game, 0, "planet", "keth", "operational").under.append("r09:top")
    put(game, 0, "planet", "calcine", "operational")
    prompt = _prompt("produce_planet", ["planet:keth", "planet:calcine"])
    asked = WORDS.question(game.view(0), prompt)
    assert check_question(asked, prompt, "produce_planet") == []
    assert asked.text == "Choose the Planet to produce on"
    assert [o.text for o in asked.options] == [
        "Produce on Keth (Explore, 1 card on it now).",
        "Produce on Calcine (Exterminate, 0 cards on it now)."]
    assert asked.options[1].spot == spots.card_spot("calcine")


def test_per_names_one_of_what_it_counts_and_a_threshold_agrees_with_its_number() -> None:
    """"1 VP per rival", "per Ship", "per 2 rivals", "at least 3 rivals": every factions'
    text reads as English whatever the counter."""
    texts = {f.id: cards.effect_text(f.setup) + " " + cards.effect_text(f.end)
             for f in CONTENT.factions.values()}
    assert "1 VP per rival in the game, if you have at least 2 rivals" in texts["verdant_accord"]
    assert ("1 VP per 2 rivals in the game, if you have at least 3 rivals"
            in texts["dusk_syndicate"])
    assert "1 VP per operational Ship in your Empire" in texts["star_union"]
    assert "1 VP per Alien Artifact you hold" in texts["ix_wanderers"]
    for text in texts.values():
        assert not re.search(r"\bper [A-Z]?[a-z]+s\b", text.replace("per 2 ", "")), text
