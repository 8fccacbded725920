"""Alien Artifacts' content: the box's counts, the distributions designed in
docs/alien-artifacts.md, the effect vocabulary of docs/alien-artifacts-effects.md, the
rulebook's names and examples the data must agree with, and the loader's one-line errors."""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from core.content_schema import ContentError, record
from core.games.artifacts.content import load_content
from core.games.artifacts.content.loader import CONTENT_DIR, build
from core.games.artifacts.content.model import (
    IMMEDIATE,
    MODIFIERS,
    OPS,
    TYPES,
    Ability,
    Effect,
    Step,
)

CONTENT = load_content()


def abilities() -> list[Ability]:
    return [*(t.logistics for t in CONTENT.technologies.values()),
            *(a.ability for a in CONTENT.artifacts.values()),
            *(f.action for f in CONTENT.factions.values())]


def effects() -> list[Effect]:
    tables = [*CONTENT.systems.values(), *CONTENT.plans.values(), CONTENT.basic]
    return [*(a.effect for a in abilities()),
            *(row.effect for table in tables for row in table.rows),
            *(f.setup for f in CONTENT.factions.values()),
            *(f.end for f in CONTENT.factions.values()),
            *(s.spoils for s in CONTENT.skills.values())]


def test_the_box() -> None:
    """AA:3-72: 83 Resource cards, 5 Alien Systems, 10 Defense Plans and the Basic tile,
    40 Ships, 40 Planets and 40 Technologies (ten of each Type), 16 Alien Artifacts,
    6 factions; one ship skill a Type (the Player Aid)."""
    assert len(CONTENT.resources) == 83
    assert len(CONTENT.systems) == 5 and len(CONTENT.plans) == 10
    assert CONTENT.basic.name == "Basic Defense Plan"
    for cards in (CONTENT.ships, CONTENT.planets, CONTENT.technologies):
        assert Counter(c.type for c in cards.values()) == dict.fromkeys(TYPES, 10)
    assert len(CONTENT.artifacts) == 16 and len(CONTENT.factions) == 6
    assert sorted(CONTENT.skills) == sorted(TYPES)


def test_resource_deck_distribution() -> None:
    """The die, the wallet and the Type match (docs/alien-artifacts.md, "The Resource
    deck")."""
    cards = list(CONTENT.resources.values())
    pairs = Counter(tuple(sorted(s.colour for s in c.sections)) for c in cards)
    assert pairs == {("blue", "green"): 20, ("blue", "red"): 20, ("green", "red"): 20,
                     ("blue", "gold"): 7, ("gold", "green"): 7, ("gold", "red"): 7,
                     ("gold", "gold"): 2}
    sections = [s for c in cards for s in c.sections]
    for colour in ("blue", "green", "red"):
        assert Counter(s.symbols for s in sections if s.colour == colour) == {1: 15, 2: 20, 3: 12}
    assert Counter(s.symbols for s in sections if s.colour == "gold") == {1: 15, 2: 10}
    assert Counter(c.number for c in cards) == {1: 22, 2: 25, 3: 22, 4: 14}
    assert Counter(s.type for s in sections) == {"explore": 41, "expand": 41,
                                                 "exterminate": 42, "exploit": 42}
    assert all(c.sections[0].type != c.sections[1].type for c in cards)


def test_a_strong_die_face_is_a_weak_payment() -> None:
    """The mean symbols of a card fall as its number rises: 5.0, 3.8, 3.1, 2.5."""
    means = []
    for number in (1, 2, 3, 4):
        cards = [c for c in CONTENT.resources.values() if c.number == number]
        means.append(round(sum(s.symbols for c in cards for s in c.sections) / len(cards), 1))
    assert means == [5.0, 3.8, 3.1, 2.5]


def test_every_effect_uses_the_vocabulary() -> None:
    """Every step is an op of the vocabulary with its own fields' record; ongoing
    abilities hold only modifiers, the others only immediate steps (and an attack
    artifact a power)."""
    for effect in effects():
        for step in effect:
            assert isinstance(step, Step) and isinstance(step.args, OPS[step.op])
    for ability in abilities():
        ops = {step.op for step in ability.effect}
        if ability.mode == "ongoing":
            assert ops <= set(MODIFIERS)
        elif ability.mode == "attack":
            assert ops <= {"power", *IMMEDIATE}
        else:
            assert ops <= set(IMMEDIATE) and ops.isdisjoint({"destroyed", "damaged"})
        assert (ability.on is not None) == (ability.mode == "trigger")


def test_technology_modes_and_tables() -> None:
    """16 ongoing, 8 trigger, 8 ADDITIONALLY, 8 ACTION; every table rises row by row."""
    modes = Counter(t.logistics.mode for t in CONTENT.technologies.values())
    assert modes == {"ongoing": 16, "trigger": 8, "additionally": 8, "action": 8}
    for tech in CONTENT.technologies.values():
        rows = tech.score.rows
        assert 2 <= len(rows) <= 4
        for column in zip(*rows, strict=True):
            assert list(column) == sorted(set(column))
        assert max(row[2] for row in rows) <= 6


def test_the_highest_row_met_scores() -> None:
    """R12: Orbital Cartography's table is the Sell example's (AA:624-628): 4 Planets
    meet the first row, 1 VP during the game."""
    score = CONTENT.technologies["orbital_cartography"].score
    assert (score.count.name, score.count.kind) == ("cards", "planet")
    assert score.best(3) is None
    assert score.best(4) == (4, 1, 2) and score.best(7) == (6, 2, 4)
    assert score.best(20) == (8, 3, 6)


def test_attack_tables() -> None:
    """Rows 1, 2, 3... at least four; above the last row row 4 (R10), below 1 row 1;
    an Alien System names no defender (R9)."""
    tables = [*CONTENT.systems.values(), *CONTENT.plans.values(), CONTENT.basic]
    for table in tables:
        assert [r.value for r in table.rows] == list(range(1, len(table.rows) + 1))
        assert len(table.rows) >= 4
        assert table.row(len(table.rows) + 3) is table.rows[3]
        assert table.row(0) is table.rows[0]
    for system in CONTENT.systems.values():
        steps = [s for row in system.rows for s in row.effect]
        assert all(s.who == "you" and s.op not in ("blockade", "steal") for s in steps)
        assert any(s.op == "artifact" for s in system.rows[3].effect)
    basic = [[s.op for s in row.effect] for row in CONTENT.basic.rows]
    assert basic == [["damaged"], [], ["blockade"], ["blockade", "steal"],
                     ["blockade", "steal", "gain"]]


def test_ships() -> None:
    """Each Type's bonuses are 0, 0, 0, 1, 1, 1, 1, 2, 2, 2; the four skills of the
    Player Aid; Black Plague is an Exterminate ship of bonus 1 (a revealed 2 makes the
    example's 3, AA:666)."""
    for kind in TYPES:
        bonuses = sorted(s.bonus for s in CONTENT.ships.values() if s.type == kind)
        assert bonuses == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2]
    skills = CONTENT.skills
    assert skills["explore"].reveal == 2 and skills["exterminate"].armour
    assert (skills["exploit"].versus, skills["exploit"].extra) == ("player", 1)
    assert [s.op for s in skills["expand"].spoils] == ["gain"]
    plague = CONTENT.ships["black_plague"]
    assert (plague.type, 2 + plague.bonus) == ("exterminate", 3)


def test_the_rulebooks_planets() -> None:
    """Calcine lowers Build a Ship (AA:508-515); Vitruvious and Mika 1 lower Gutenberg's
    Discover to 5 + 2 - 4 = 3 (AA:594-597)."""
    planets = CONTENT.planets
    assert planets["calcine"].type == "exterminate"
    assert planets["vitruvious"].type == planets["mika_1"].type == "explore"
    rules = CONTENT.rules
    assert rules.base_cost + 2 - 2 * rules.settle_discount == 3


def test_the_four_clarified_technologies() -> None:
    """AA:1001-1012, as docs/alien-artifacts.md reads them."""
    techs = CONTENT.technologies
    bank = techs["intersystem_investment_bank"].logistics
    assert bank.mode == "additionally"
    assert [(s.op, s.args) for s in bank.effect] == [
        ("pay", OPS["pay"](credits=3)), ("gain", OPS["gain"](vp=1))]
    vorsch = techs["vorsch_spectrum_mk2"].logistics
    assert vorsch.on is not None and vorsch.on.name == "complete"
    condition = vorsch.effect[0].only_if
    assert condition is not None and condition.counter.name == "twins"
    assert (condition.at_least, condition.value) == (False, 1)
    analytics = techs["deep_analytics_and_research_program"].logistics.effect
    assert analytics[0].args == OPS["spend"](colours=("blue", "green", "red"), amount=2,
                                             cards=3)
    assert analytics[1].args == OPS["gain"](vp=2)
    dominance = techs["general_capital_dominance"].logistics
    assert dominance.mode == "additionally"
    assert dominance.effect[0].args == OPS["act"](action="buy")


def test_star_union_setup() -> None:
    """AA:170-176: two Technologies seen and one kept Under Construction, one Planet Under
    Construction, one Ship in the Empire on its operational side."""
    setup = [(s.op, s.args) for s in CONTENT.factions["star_union"].setup]
    take = OPS["take"]
    assert setup == [("take", take(deck="technology", look=2, keep=1)),
                     ("take", take(deck="planet")),
                     ("take", take(deck="ship", to="empire", side="operational"))]


def _gained(effect: Effect, values: dict[str, int]) -> int:
    """The VP an end-scoring effect of `gain ... per` steps gives for these counters."""
    total = 0
    for step in effect:
        assert step.op == "gain" and step.per is not None
        counter = ".".join(p for p in (step.per.name, step.per.kind, step.per.type,
                                       step.per.side) if p != "any")
        amount = step.args.vp * (values[counter] // step.every)  # type: ignore[union-attr]
        total += min(amount, step.max) if step.max else amount
    return total


def test_the_scoring_example() -> None:
    """AA:890-901: 15 VP in play, 10 Empire cards, 4 from an operational Technology
    (Colonial Charter: 3 Types among operational Technologies), and Star Union's card: 2
    for 2 operational Ships and 4 for 4 Exterminate cards. 35 in all."""
    charter = CONTENT.technologies["colonial_charter"].score
    assert charter.count.name == "types" and charter.count.side == "operational"
    best = charter.best(3)
    assert best is not None
    faction = _gained(CONTENT.factions["star_union"].end,
                      {"cards.ship.operational": 2, "cards.exterminate": 4})
    assert (faction, 15 + 10 + best[2] + faction) == (6, 35)


def test_faction_end_scoring_and_actions() -> None:
    """Every faction scores through counters, and its action has a name and words."""
    values = {"cards.ship.operational": 1, "cards.exterminate": 1, "types.technology": 2,
              "credits": 9, "cards.planet": 5, "cards.ship": 3, "plans": 2,
              "cards.explore": 4, "artifacts": 1}
    scores = {f.id: _gained(f.end, values) for f in CONTENT.factions.values()}
    assert scores == {"star_union": 2, "velari_concord": 6, "dusk_syndicate": 4,
                      "verdant_accord": 5, "ashen_brood": 5, "ix_wanderers": 5}
    for faction in CONTENT.factions.values():
        assert faction.action.mode == "action" and faction.action_name
        assert faction.action.text and faction.end_text


def test_artifacts() -> None:
    """Fourteen are played in the turn, two in an attack (R24)."""
    windows = Counter(a.ability.mode for a in CONTENT.artifacts.values())
    assert windows == {"turn": 14, "attack": 2}


def test_rules_numbers() -> None:
    """R1 and R2: 2 to 5 players, the marker starting on the player count; the rulebook's
    Bank (8 of 15), hand (3), Assembly Limit (2) and costs (5)."""
    rules = CONTENT.rules
    assert [CONTENT.marker_start(n) for n in (2, 3, 4, 5)] == [2, 3, 4, 5]
    assert (rules.bank_start, rules.bank_max, rules.hand, rules.assembly) == (8, 15, 3, 2)
    assert rules.base_cost == rules.operational_cost == rules.buy_cost == 5


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    text = (target / name).read_text()
    assert old in text
    (target / name).write_text(text.replace(old, new, 1))
    return target


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("technologies.toml", 'action = "discover", amount = -1', 'action = "discover", amount = 0',
     "technology 'orbital_cartography' logistics effect[0] cost: a cost that changes nothing"),
    ("technologies.toml", '{ op = "guard", amount = 1 }', '{ op = "shield", amount = 1 }',
     "technology 'diplomatic_corps' logistics effect[0]: op: 'shield' is not one of"),
    ("technologies.toml", 'count = "cards.planet.explore"', 'count = "cards.moon"',
     "technology 'terraforming_corps' score: counter 'cards.moon'"),
    ("technologies.toml", 'rows = [[4, 1, 2], [6, 2, 4], [8, 3, 6]]',
     'rows = [[4, 1, 2], [6, 2, 4], [8, 2, 6]]', "must rise row by row"),
    ("technologies.toml", 'on = "defend", effect = [{ op = "gain", credits = 2 }]',
     'on = "defend", effect = [{ op = "gain", credits = 2, per = "twins" }]',
     "asset_recovery' logistics effect[0] gain: 'twins' is only known in a complete trigger"),
    ("technologies.toml", 'on = "defend", effect = [{ op = "gain", credits = 2 }]',
     'on = "defend", effect = [{ op = "gain", credits = 2, per = "rivals" }]',
     "asset_recovery' logistics effect[0] gain: 'rivals' is only known in a faction's setup"),
    ("factions.toml", 'end = [{ op = "gain", vp = 1, per = "cards.planet" }]',
     'end = [{ op = "gain", vp = 1, per = "rivals" }]',
     "verdant_accord' end[0] gain: 'rivals' is only known in a faction's setup and action"),
    ("technologies.toml", 'mode = "trigger", on = "defend"', 'mode = "trigger", on = "sleep"',
     "technology 'asset_recovery' logistics: on: 'sleep' is not one of"),
    ("factions.toml", '{ op = "draw", count = 3 }',
     '{ op = "take", deck = "ship", to = "empire", side = "logistics" }',
     "only a faction's setup places cards in the Empire"),
    ("factions.toml", 'name = "Ix Wanderers"', 'name = "Ix Wanderers"\nmotto = "onward"',
     "faction 'ix_wanderers': unknown fields ['motto']"),
    ("tables.toml", '{ value = 2, effect = [{ op = "gain", vp = 1 }] },',
     '{ value = 2, effect = [{ op = "steal", credits = 1 }] },',
     "system 'hollow_reach' row 2[0] steal: an Alien System has no defender"),
    ("tables.toml",
     '{ value = 1, effect = [] },\n  { value = 2, effect = [{ op = "gain", credits = 2 }] },',
     '{ value = 2, effect = [{ op = "gain", credits = 2 }] },', "glass_nebula': rows must be"),
    ("tables.toml", '{ op = "gain", vp = 1, who = "defender" }', '{ op = "gain", vp = 0 }',
     "gains or loses nothing"),
    ("resources.toml", 'id = "r83", number = 4', 'id = "r83", number = 5', "the number is 1 to 4"),
    ("resources.toml", '\n  { id = "r83"', '\n#  { id = "r83"', "there are 83 Resource cards"),
    ("planets.toml", 'id = "calcine", name = "Calcine", type = "exterminate"',
     'id = "calcine", name = "Calcine", type = "explore"', "10 of each Type"),
    ("ships.toml", 'id = "wayfarer"', 'id = "calcine"', "ids used by two components ['calcine']"),
    ("artifacts.toml", 'mode = "attack", effect = [{ op = "power", amount = 3 }]',
     'mode = "attack", effect = [{ op = "damaged" }]', "artifact 'phase_cannon'"),
])
def test_broken_content_is_a_one_line_error(tmp_path: Path, name: str, old: str, new: str,
                                            message: str) -> None:
    with pytest.raises(ContentError) as error:
        build(_broken(tmp_path, name, old, new))
    text = str(error.value)
    assert message in text and "\n" not in text
    assert text.startswith((f"{name}: ", "content: "))


@dataclass(frozen=True)
class Box:
    id: str
    parts: tuple[object, ...]


def test_the_schema_takes_parts_the_caller_read() -> None:
    """core.content_schema.record: fields given as built are taken as they are; the raw
    table may still name them, and other keys are checked as ever."""
    built = {"parts": (object(),)}
    box = record(Box, {"id": "a", "parts": [{"deep": 1}]}, "x", built=built)
    assert box.parts is built["parts"]
    with pytest.raises(ContentError, match="unknown fields"):
        record(Box, {"id": "a", "lid": 1}, "x", built=built)
