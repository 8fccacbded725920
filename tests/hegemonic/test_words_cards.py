"""Every component of Hegemonic in words, from the data: the catalogue's counts and
records, each component's text (no raw data), and docs/hegemonic-cards.md as `fractal
cards --markdown` prints it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from core.games.hegemonic.words import WORDS
from core.games.hegemonic.words.cards import COMPONENT_KINDS, leader_level
from core.games.hegemonic.words.names import card_name, content, tech_name
from core.plain import to_plain
from tests.hegemonic.hegemonic_fixtures import advance, blank, give, prompt, run
from tests.hegemonic.words_fixtures import raw_in
from tui.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "hegemonic-cards.md"
COUNTS = {"technology": 54, "action": 6, "tile": 48, "home": 6, "leader": 12}


def test_the_catalogue_lists_every_physical_component() -> None:
    records = WORDS.catalogue()
    assert Counter(r["kind"] for r in records) == COUNTS
    assert all({"kind", "id", "name"} <= r.keys() for r in records)
    assert json.loads(json.dumps(records)) == records  # plain data, for --json
    assert [r["id"] for r in WORDS.catalogue("leader")] == list(content().leaders)
    with pytest.raises(ValueError, match="Hegemonic has: technology"):
        WORDS.catalogue("faction")


@pytest.mark.parametrize("kind", COMPONENT_KINDS)
def test_every_component_reads_without_raw_data(kind: str) -> None:
    for record in WORDS.catalogue(kind):
        text = WORDS.card(kind, record["id"])
        assert text.name and text.lines, record["id"]
        for line in (text.name, *text.lines):
            assert not raw_in(line), (record["id"], line)
    with pytest.raises(ValueError):
        WORDS.card(kind, "nothing_of_the_kind")


def test_a_technology_card_tells_its_effect_cost_tier_and_three_powers() -> None:
    text = WORDS.card("technology", "nano_fabricants_2")
    assert text.name == "Nano-Fabricants 2/1/2"
    assert text.lines[0].startswith("Industrial technology, tier 2; advancing it costs 3 CAPs")
    assert content().techs["nano_fabricants"].text in text.lines[1]
    assert text.lines[2] == ("In a conflict it adds 2 to Industrial, 1 to Political, 2 to "
                             "Martial power.")


def test_an_action_card_tells_its_order_actions_and_patterns() -> None:
    lines = WORDS.card("action", "subvert").lines
    assert lines[0].startswith("Order 3")
    assert "DESTROY or BASIC" in lines[1]
    assert lines[2:] == ("Embargo: a group of Complexes destroys Outposts and Fleets.",
                         "Sabotage: an Agent destroys Outposts and Fleets.",
                         "Raze: a Fleet destroys Complexes and gates.")


def test_a_tile_tells_its_locations_and_a_leader_its_three_levels() -> None:
    assert WORDS.card("tile", "war_crown").lines[0] == (
        "A Martial Location with room for 3 and a Martial Location with room for 2.")
    assert WORDS.card("tile", "amber_spiral").lines[:2] == (
        "2 Political Locations of power 1 (Orange faction).",
        "Its Embassies belong to the Orange faction.")
    inventor = content().leaders["inventor"]
    assert [leader_level(inventor, n) for n in (1, 2, 3)] == [
        "advance a card of your hand for 2 CAPs less",
        "advance a card of your hand for 4 CAPs less",
        "advance a card of your hand free, whatever its tier"]
    assert WORDS.card("leader", "marshal").lines[1:] == (
        "Level 1: build an Outpost in range, free.",
        "Level 2: build up to 3 Outposts in range, free.",
        "Level 3: build up to 5 Outposts in range, free.")
    assert WORDS.card("leader", "warlord").lines == (
        "Used in a conflict you are in, once both cards are revealed, or at your action "
        "prompt in an Action Phase (no action spent); it shows one more level at every "
        "Collection, up to 3, and goes back to 0 once used.",
        "Level 1: add 2 to your Conflict Power.",
        "Level 2: add 4 to your Conflict Power in a conflict; outside one, build a Fleet "
        "free with your Outposts.",
        "Level 3: add 7 to your Conflict Power in a conflict; outside one, build up to 2 "
        "Fleets free with your Outposts.")


def test_the_cards_document_is_the_one_the_command_prints(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--game", "hegemonic", "--markdown"]) == 0
    assert capsys.readouterr().out == DOC.read_text(encoding="utf-8")
    assert WORDS.catalogue_markdown().startswith("# ")


def test_a_card_to_discard_and_a_technology_to_drop_are_named_whole() -> None:
    longest = max(content().cards, key=lambda c: len(card_name(c)))
    game = blank()
    other = next(c for c in content().cards if c != longest)
    give(game, 0, longest, other)  # two cards: a choice to ask
    run(game, "draw", 0, keep=True, drawn=True)
    labels = {o.choice: o.label for o in
              WORDS.question(game.view(0), to_plain(prompt(game))).options}
    assert labels[f"discard:{longest}"] == card_name(longest)
    game = blank()
    kept = advance(game, 0, content().tech_of(longest).id)
    game.state.players[0].card = "discover"
    run(game, "turn", 0, taken=0)
    labels = {o.choice: o.label for o in
              WORDS.question(game.view(0), to_plain(prompt(game))).options}
    assert labels[f"scrap:{kept}"] == f"Drop {tech_name(kept)}"
