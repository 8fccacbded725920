"""Hegemonic's content: the rulebook's counts, the designed numbers' shapes, the layouts,
and the loader's one-line errors."""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from core.content_schema import ContentError, record, records
from core.games.hegemonic import technology
from core.games.hegemonic.content import FACTIONS, KINDS, board_hexes, load_content
from core.games.hegemonic.content.loader import CONTENT_DIR, build
from core.hexgrid import Grid, distance, neighbours

CONTENT = load_content()


def test_tile_counts() -> None:
    """48 Sector Tiles, 24 of them with the 2/3-player icon; 8 of each faction, half of
    them in the small set; six Homes."""
    tiles = CONTENT.tiles.values()
    assert len(CONTENT.tiles) == 48
    assert sum(t.small for t in tiles) == 24
    for faction in FACTIONS:
        mine = [t for t in tiles if t.faction == faction]
        assert len(mine) == 8 and sum(t.small for t in mine) == 4
        assert sum(sum(t.political) for t in mine) == 14
    assert len(CONTENT.homes) == 6
    assert len({h.colour for h in CONTENT.homes}) == 6


def test_technology_counts() -> None:
    """24 technologies, 8 of each kind: two of tier 1 in 3 copies, three each of tiers 2
    and 3 in 2 copies; 18 cards a kind, 54 in all; 10 a kind in the 2/3-player set."""
    assert len(CONTENT.techs) == 24 and len(CONTENT.cards) == 54
    for kind in KINDS:
        techs = [t for t in CONTENT.techs.values() if t.kind == kind]
        assert sorted((t.tier, len(t.powers)) for t in techs) == [
            (1, 3), (1, 3), (2, 2), (2, 2), (2, 2), (3, 2), (3, 2), (3, 2)]
        cards = [c for c in CONTENT.cards.values() if CONTENT.techs[c.tech].kind == kind]
        assert len(cards) == 18 and sum(c.small for c in cards) == 10
    assert len(CONTENT.deck(small=True)) == 30


def test_every_kind_has_the_same_power_values() -> None:
    """No kind of conflict is better served by the deck: each kind's 18 cards carry the
    same triples, and a higher tier means a weaker card."""
    spreads = []
    for kind in KINDS:
        cards = [c for c in CONTENT.cards.values() if CONTENT.techs[c.tech].kind == kind]
        spreads.append(Counter(c.power for c in cards))
        for card in cards:
            assert sum(card.power) == 7 - CONTENT.techs[card.tech].tier
    assert spreads[0] == spreads[1] == spreads[2]
    totals = [sum(c.power[i] for c in CONTENT.cards.values()) for i in range(3)]
    assert totals[0] == totals[1] == totals[2]


def test_every_technology_effect_is_implemented() -> None:
    assert set(CONTENT.techs) == technology.EFFECTS


def test_tracks() -> None:
    """15 Complexes, 9 Embassies, 12 Outposts; tiers rise 1 to 3 and retention never
    falls along a track."""
    assert [CONTENT.tracks[k].bases for k in KINDS] == [15, 9, 12]
    for track in CONTENT.tracks.values():
        assert list(track.tier) == sorted(track.tier) and set(track.tier) == {1, 2, 3}
        assert list(track.retention) == sorted(track.retention)
        assert list(track.income) == sorted(track.income)


def test_action_cards_and_patterns() -> None:
    """Six cards with the rulebook's order numbers (Assault 1, Industrialize and Politicize
    2, Discover 4) and ours (Martialize and Subvert 3); each kind attacks its own kind on
    its build card, and Assault and Subvert hold the six cross-kind attacks once each."""
    cards = CONTENT.action_cards
    assert {c.id: c.order for c in cards.values()} == {
        "assault": 1, "industrialize": 2, "politicize": 2, "martialize": 3, "subvert": 3,
        "discover": 4}
    patterns = CONTENT.patterns
    cross = [(patterns[p].attacker, patterns[p].target, patterns[p].conflict)
             for card in ("assault", "subvert") for p in cards[card].patterns]
    pairs = {(a, t) for a, t, _ in cross}
    kind = {"complexes": "industrial", "agent": "political", "fleet": "martial"}
    assert len(pairs) == 6 and all(kind[a] != t for a, t in pairs)
    assert {c for _, _, c in cross[:3]} == {"takeover"}
    assert {c for _, _, c in cross[3:]} == {"destroy"}
    assert (patterns["annex"].attacker, patterns["invade"].attacker) == ("agent", "fleet")
    assert (patterns["sabotage"].attacker, patterns["raze"].attacker) == ("agent", "fleet")
    for card, pattern in (("industrialize", "consolidate"), ("politicize", "infiltrate"),
                          ("martialize", "strike")):
        assert cards[card].patterns == (pattern,)
        assert kind[patterns[pattern].attacker] == patterns[pattern].target


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_suggested_layouts(players: int) -> None:
    """The Core and 3, 5, 6, 8 or 9 boards: 21, 31, 36, 46 or 51 sectors; every board
    touches two others, the Core first of all; the map is connected; the recommended
    Homes lie on different Galaxy Boards, apart."""
    layout = CONTENT.layouts[players]
    boards = [set(CONTENT.galaxy.core[1:])] + [
        set(board_hexes(CONTENT.galaxy.shape, b)) for b in layout.boards]
    sectors = set().union(*boards)
    assert len(sectors) == {2: 21, 3: 31, 4: 36, 5: 46, 6: 51}[players]
    for board in boards[1:]:
        touched = [i for i, other in enumerate(boards)
                   if other is not board and any(n in other for h in board for n in neighbours(h))]
        assert len(touched) >= 2
    assert Grid(sectors).is_connected()
    homes = [tuple(h) for h in layout.homes]
    assert len(homes) == players
    assert all(distance(a, b) > 1 for a in homes for b in homes if a != b)
    owners = [next(i for i, b in enumerate(boards) if h in b) for h in homes]
    assert 0 not in owners and len(set(owners)) == players


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    text = (target / name).read_text()
    assert old in text
    (target / name).write_text(text.replace(old, new, 1))
    return target


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("galaxy.toml", 'name = "The Hollow"', 'name = "The Hollow"\nglow = 1', "unknown fields"),
    ("galaxy.toml", '[[tile]]\nid = "ore_veil"\nname = "Ore Veil"\nindustrial = 1\n', "",
     "48 Sector Tiles"),
    ("technology.toml", "tier = 1", 'tier = "one"', "expected a whole number"),
    ("empire.toml", "cost      = [2, 3, 4, 4, 5, 5, 6, 6, 7]", "cost = [2, 3]", "9 spaces"),
    ("actions.toml", 'target = "martial"', 'target = "cosmic"', "is not one of"),
    ("galaxy.toml", "homes = [[-2, 3], [-3, 0], [1, -3], [3, -1]]",
     "homes = [[-2, 3], [-3, 0], [-2, -1], [3, -1]]", "side by side"),
    ("leaders.toml", "values = [2, 5, 9]", 'values = [2, 5, 9]\nturn_effect = "fleets"',
     "a conflict Leader's second one"),
    ("leaders.toml", 'turn_effect = "fleets"', 'turn_effect = "power"',
     "a conflict Leader's second one"),
    ("leaders.toml", "turn_values = [1, 2, 3]", "turn_values = [2, 1, 3]", "must not fall"),
])
def test_broken_content_is_a_one_line_error(tmp_path: Path, name: str, old: str, new: str,
                                            message: str) -> None:
    with pytest.raises(ContentError) as error:
        build(_broken(tmp_path, name, old, new))
    assert message in str(error.value) and "\n" not in str(error.value)
    assert str(error.value).startswith(name)


@dataclass(frozen=True)
class Thing:
    id: str
    size: int
    tags: tuple[str, ...] = ()


def test_schema_reader() -> None:
    """core.content_schema: types checked, defaults filled, unknown and missing keys and
    repeated ids refused."""
    assert record(Thing, {"id": "a", "size": 2}, "x") == Thing("a", 2)
    assert records(Thing, [{"id": "a", "size": 1, "tags": ["t"]}], "x")[0].tags == ("t",)
    for raw, message in (({"id": "a"}, "missing field"), ({"id": "a", "size": True},
                         "whole number"), ({"id": "a", "size": 1, "extra": 0}, "unknown"),
                         ({"id": "a", "size": 1, "tags": "t"}, "expected a list")):
        with pytest.raises(ContentError, match=message):
            record(Thing, raw, "x")
    with pytest.raises(ContentError, match="listed twice"):
        records(Thing, [{"id": "a", "size": 1}, {"id": "a", "size": 2}], "x")


def test_twelve_leaders_of_three_rising_levels() -> None:
    leaders = CONTENT.leaders.values()
    assert len(CONTENT.leaders) == 12
    assert {leader.effect for leader in leaders} == {
        "caps", "vp", "complexes", "embassies", "outposts", "survey", "advance",
        "fleet_move", "agent_move", "gate", "power", "weaken"}
    for leader in leaders:
        assert list(leader.values) == sorted(leader.values) and len(leader.values) == 3
        assert (leader.window == "conflict") == (leader.effect in ("power", "weaken"))
        # Every conflict Leader has a turn ability too, and no turn Leader a second one.
        assert bool(leader.turn_effect) == (leader.window == "conflict")
    assert {(leader.id, leader.turn_effect, leader.turn_values) for leader in leaders
            if leader.turn_effect} == {("warlord", "fleets", (0, 1, 2)),
                                       ("saboteur", "agents", (1, 2, 3))}
