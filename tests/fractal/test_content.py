"""Fractal's card data: component counts, cross-references, rulebook facts, validation, docs."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from core.games.fractal.cardsdoc import KINDS, components_as_json, render_cards_markdown
from core.games.fractal.content import (
    CONTENT_DIR,
    HOOKS,
    Content,
    ContentError,
    Step,
    combine_objectives,
    load_content,
    load_content_from,
)
from core.games.fractal.content.loader import (
    IMMEDIATE_OPS,
    KEYWORDS,
    PASSIVE_OPS,
    REQUIREMENTS,
    STATS,
    UPGRADE_OPS,
)
from core.games.fractal.content.model import COLOURS, UNIT_TYPES

ROOT = Path(__file__).resolve().parents[2]
EFFECTS_MD = ROOT / "docs" / "effects.md"
CARDS_MD = ROOT / "docs" / "cards.md"


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


# --------------------------------------------------------------------------- counts


def test_sector_counts(content: Content) -> None:
    kinds = Counter(s.kind for s in content.sectors.values())
    assert len(content.sectors) == 43
    assert kinds == {
        "utopian": 1,
        "starting": 7,
        "non_habitable": 6,
        "productive": 8,
        "mystery": 4,
        "biodiverse": 4,
        "arid": 8,
        "fracture": 5,
    }


def test_sector_events_follow_their_kind(content: Content) -> None:
    for sector in content.sectors.values():
        expected = {
            "utopian": {"singularity"},
            "non_habitable": {"living_galaxy"},
            "mystery": {"anomaly"},
            "biodiverse": {"obstacle", "none"},
            "arid": {"obstacle", "none"},
            "fracture": {"none"},
            "productive": {"none"},
            "starting": {"none"},
        }[sector.kind]
        assert sector.event in expected, sector.id
        if sector.kind == "non_habitable":
            assert sector.colony == ()
    events = Counter(s.event for s in content.sectors.values())
    assert events["obstacle"] >= 8
    assert events["obstacle"] <= len(content.obstacles)


def test_faction_and_card_counts(content: Content) -> None:
    assert sorted(f.name for f in content.factions.values()) == sorted(
        ["Delverar", "Borroka", "VAX117", "Exodians", "Saura", "Gorias", "Txingur"]
    )
    assert len(content.governments) == 14
    assert len(content.masteries) == 7
    assert len(content.tactic_cards) == 68
    assert len(content.action_deck()) == 54
    assert len(content.obstacles) == 20
    assert len(content.anomalies) == 20
    assert len(content.artifacts) == 20
    assert len(content.singularities) == 8
    assert len(content.living_galaxies) == 22
    assert len(content.living_storms) == 6


def test_tactic_instances(content: Content) -> None:
    assert len(content.tactics) == 10
    for colour in COLOURS:
        cards = content.tactics_for_colour(colour)
        assert len(cards) == 16
        assert len(content.tactics_for_colour(colour, elite=False)) == 8
        assert f"{colour}:ground_assault" in content.tactic_cards
        assert f"{colour}:ground_assault+elite" in content.tactic_cards
    for card_id in (
        "borroka:swarm_attack",
        "borroka:swarm_attack+elite",
        "saura:frenzied_assault",
        "saura:frenzied_assault+elite",
    ):
        assert card_id in content.tactic_cards
    assert content.tactic_cards["borroka:swarm_attack"].name == "Swarm Attack"
    assert content.tactic_cards["saura:frenzied_assault"].name == "Frenzied Assault"
    assert len(content.starting_tactics("red", "borroka")) == 9
    assert len(content.starting_tactics("blue", "delverar")) == 8


def test_technology_counts(content: Content) -> None:
    for tech_type in ("civil", "military"):
        assert len(content.technology_deck(tech_type)) == 27
        for stack in ("1-2", "3-5", "7"):
            assert len(content.technology_deck(tech_type, stack)) >= 5
    for tech in content.technologies.values():
        assert tech.cost in (1, 2, 3, 5, 7)
        assert tech.stack == {1: "1-2", 2: "1-2", 3: "3-5", 5: "3-5", 7: "7"}[tech.cost]


def test_objective_counts(content: Content) -> None:
    categories = ["exploration", "imperial", "military", "productive", "scientific"]
    for age in (1, 2):
        cards = content.objectives_of_age(age)
        assert len(cards) == 8
        for card in cards:
            assert sorted(r.category for r in card.rows) == categories
            assert bool(card.instructions) == (age == 2)
            assert all(bool(r.counter) == (age == 1) for r in card.rows)


def test_event_card_options(content: Content) -> None:
    assert all(len(o.options) == 2 for o in content.obstacles.values())
    assert all(len(a.options) == 1 for a in content.anomalies.values())


def test_tokens(content: Content) -> None:
    t = content.tokens
    assert t.counts["battle_medal"] == 15
    assert t.counts["blockade_medal"] == 10
    assert t.counts["science"] == 32 and t.per_colour["science"] == 8
    assert t.counts["colony"] == 48 and t.per_colour["colony"] == 12
    assert t.per_colour["colonies_per_track"] == 3
    assert t.counts["faction"] == 12
    assert t.counts["first_player"] == 1
    assert t.counts["victory"] == 12
    assert t.counts["action_marker"] == 24
    assert t.counts["victory_die"] == 20
    assert t.counts["living_galaxy"] == 22 and t.counts["living_storm"] == 6
    assert dict(t.units_per_colour) == {"infantry": 8, "mech": 4, "lightship": 8, "warship": 2}
    assert dict(t.black_units) == {"infantry": 6, "mech": 2}
    assert [t.units_total(u) for u in ("infantry", "lightship", "mech", "warship")] == [
        38,
        32,
        18,
        8,
    ]


# --------------------------------------------------------------------------- cross references


def test_faction_references(content: Content) -> None:
    starting = set()
    for faction in content.factions.values():
        sector = content.sector(faction.starting_sector)
        assert sector.kind == "starting"
        assert len(sector.colony) == 2
        assert any(faction.starting_colony in space for space in sector.colony)
        starting.add(sector.id)
        assert 1 <= faction.complexity <= 3
        assert faction.lore
        for government in content.governments_of(faction.id):
            assert government.faction == faction.id
        assert content.masteries[faction.mastery].faction == faction.id
        if faction.tactic:
            assert content.tactics[faction.tactic].owner == faction.id
        assert sum(faction.starting_units.values()) >= 3
    assert starting == {s.id for s in content.sectors_of_kind("starting")}
    assert content.factions["borroka"].tactic == "swarm_attack"
    assert content.factions["saura"].tactic == "frenzied_assault"


def test_governments(content: Content) -> None:
    overmind = content.governments["collective_overmind"]
    assert overmind.name == "Collective Overmind"
    assert overmind.faction == "txingur"
    assert overmind.requirement == 3
    assert overmind.times(7) == 2
    assert overmind.times(0) == 1
    assert [g.name for g in content.governments.values()].count("Collective Overmind") == 1
    assert all(1 <= g.requirement <= 4 for g in content.governments.values())


def test_tactic_upgrades_name_military_technologies(content: Content) -> None:
    for card in content.tactic_cards.values():
        for upgrade in card.upgrades:
            assert content.technology(upgrade.tech).type == "military"


def test_hooks_named_and_used(content: Content) -> None:
    used = {hook for f in content.factions.values() for hook in f.hooks}
    assert used == set(HOOKS)
    assert {
        "borroka_banish",
        "vax_exclusive_tech",
        "exodian_resettle",
        "saura_blood_pool",
        "gorias_bone_trade",
        "txingur_no_infantry",
        "txingur_swarm_growth",
        "delverar_ruin_paths",
    } <= used


# --------------------------------------------------------------------------- rulebook facts


def test_ground_assault_and_phase_weapon(content: Content) -> None:
    card = content.tactic_card("blue:ground_assault")
    assert card.name == "Ground Assault"
    assert card.initiative == 3
    three, one = card.compositions
    assert dict(three.units) == {"infantry": 3}
    assert (three.damage.indirect, three.damage.retreat) == (1, 3)
    assert (three.damage.massive, three.damage.direct, three.damage.block) == (0, 0, 0)
    assert dict(one.units) == {"infantry": 1}
    assert one.damage.retreat == 2 and one.damage.indirect == 0
    (upgrade,) = card.upgrades
    assert upgrade.tech == "phase_weapon"
    assert content.technology("phase_weapon").name == "Phase Weapon"
    assert content.technology("phase_weapon").type == "military"
    assert upgrade.effect == (Step("initiative", {"amount": -1}),)


def test_retreat_tactic(content: Content) -> None:
    retreat = content.tactics["retreat"]
    assert retreat.name == "Retreat"
    assert retreat.ignore_resist
    for version in (retreat.normal, retreat.elite):
        for composition in version.compositions:
            d = composition.damage
            assert d.retreat > 0 and d.massive == d.direct == d.indirect == 0
    assert all(c.ignore_resist for c in content.tactic_cards.values() if c.design == "retreat")


def test_tactics_cover_units_and_damage(content: Content) -> None:
    units = set()
    damage = set()
    for card in content.tactic_cards.values():
        for composition in card.compositions:
            units |= set(composition.units)
            damage |= {
                kind for kind, value in dataclasses.asdict(composition.damage).items() if value
            }
    assert units == set(UNIT_TYPES)
    assert damage == {"massive", "direct", "indirect", "retreat", "block"}
    blocks = {c.damage.block for card in content.tactic_cards.values() for c in card.compositions}
    assert -1 in blocks
    assert any(c.remove for card in content.tactic_cards.values() for c in card.compositions)


def test_action_cards_spread(content: Content) -> None:
    ops = Counter(step.op for card in content.actions.values() for step in card.effect)
    for op in ("storm", "insight", "gain", "science", "units", "advance", "colonize", "restore"):
        assert ops[op] > 0, op


def test_rulebook_obstacle_and_anomaly(content: Content) -> None:
    def has(option_require: tuple[object, ...], requirement: dict[str, object]) -> bool:
        return any(dict(r) == requirement for r in option_require)  # type: ignore[call-overload]

    assert any(
        has(card.options[0].require, {"remove_science": 2})
        and card.options[0].reward == (Step("gain", {"influence": 1}),)
        and len(card.options[1].require) == 1
        and dict(card.options[1].require[0]["remove_units"]) == {"infantry": 1}
        for card in content.obstacles.values()
    )
    wanted = {"federation_wreck"}
    wreck = content.anomalies[wanted.pop()]
    require = [json.loads(json.dumps(_plain(r))) for r in wreck.options[0].require]
    assert require == [
        {"have_units": {"lightship": 1}},
        {"remove_units": {"infantry": 1}},
        {"remove_science": 1},
    ]
    assert wreck.options[0].reward == (Step("artifact", {"draw": 2, "keep": 1}),)


def _plain(value: object) -> object:
    return json.loads(json.dumps(value, default=dict))


def test_objective_imperial_example(content: Content) -> None:
    age1 = next(
        o
        for o in content.objectives_of_age(1)
        if o.row("imperial").counter == "influence" and o.row("imperial").amount == 2
    )
    age2 = next(
        o
        for o in content.objectives_of_age(2)
        if o.row("imperial").amount == 4 and not o.row("imperial").also
    )
    (imperial, *_) = combine_objectives(age1, age2)
    assert imperial.category == "imperial"
    assert imperial.requirements == (("influence", 4),)
    assert combine_objectives(age1)[0].requirements == (("influence", 2),)


def test_singularity_names(content: Content) -> None:
    names = {s.name for s in content.singularities.values()}
    assert {
        "Resonant Monolith",
        "Opened Rift",
        "The Forbidden Pact",
        "Void Throne",
        "Tainted Civilization",
    } <= names


def test_living_galaxies(content: Content) -> None:
    for galaxy in content.living_galaxies.values():
        assert ("wormhole" in galaxy.effects) == bool(galaxy.wormhole)
        assert galaxy.exploit
    effects = {e for g in content.living_galaxies.values() for e in g.effects}
    assert effects == {
        "block_movement",
        "hostile_conditions",
        "wormhole",
        "radiation",
        "interference",
    }


def test_content_is_frozen(content: Content) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        content.sectors = {}  # type: ignore[misc]
    with pytest.raises(TypeError):
        content.factions["saura"].starting_units["infantry"] = 9  # type: ignore[index]
    assert load_content() is content


# --------------------------------------------------------------------------- docs agree


def _first_column(section: str) -> set[str]:
    """Backticked names in the first column of the tables of a docs/effects.md section."""
    text = EFFECTS_MD.read_text(encoding="utf-8")
    match = re.search(rf"^{re.escape(section)}\n(.*?)(?=^#|\Z)", text, re.S | re.M)
    assert match, section
    names = set()
    for line in match.group(1).splitlines():
        cell = re.match(r"\|\s*(.+?)\s*\|", line)
        if cell:
            names |= set(re.findall(r"`(?:\{ )?([a-z_]+)[` ]", cell.group(1)))
    return names


def test_vocabulary_matches_effects_md() -> None:
    text = EFFECTS_MD.read_text(encoding="utf-8")
    assert _first_column("## Steps") == set(IMMEDIATE_OPS)
    assert _first_column("## Obstacles and anomalies") == set(REQUIREMENTS)
    assert _first_column("## Hooks") == set(HOOKS)
    assert {"modify", "keyword", "hook"} == set(PASSIVE_OPS)
    assert set(UPGRADE_OPS) <= _first_column("### Tactic versions")
    for name in (*STATS, *KEYWORDS):
        assert re.search(rf"\b{name}\b", text), name


def test_cards_md_is_generated(content: Content) -> None:
    assert CARDS_MD.read_text(encoding="utf-8") == render_cards_markdown(content)


def test_components_as_json(content: Content) -> None:
    everything = components_as_json(content)
    json.dumps(everything)
    kinds = Counter(e["kind"] for e in everything)
    assert kinds == {
        "sector": 43,
        "faction": 7,
        "government": 14,
        "mastery": 7,
        "tactic": 68,
        "action": 55,
        "technology": 54,
        "objective": 16,
        "obstacle": 20,
        "anomaly": 20,
        "artifact": 20,
        "singularity": 8,
        "living_galaxy": 22,
        "living_storm": 6,
    }
    assert set(kinds) == set(KINDS)
    ids = [(e["kind"], e["id"]) for e in everything]
    assert len(ids) == len(set(ids))
    assert all(e["name"] for e in everything)
    tech = components_as_json(content, "technology")
    assert {e["design"] for e in tech} == set(content.technologies)
    (sector,) = [e for e in components_as_json(content, "sector") if e["id"] == "aurelian_crown"]
    assert sector["sector_kind"] == "utopian"
    with pytest.raises(ValueError):
        components_as_json(content, "spaceship")


# --------------------------------------------------------------------------- validation


@pytest.fixture()
def copy_dir(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    target.mkdir()
    for path in CONTENT_DIR.glob("*.toml"):
        shutil.copy(path, target / path.name)
    return target


def _edit(path: Path, old: str, new: str) -> int:
    """Replace the first `old` by `new`; return the 1-based line of the change."""
    text = path.read_text(encoding="utf-8")
    index = text.index(old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text.count("\n", 0, index) + 1


def test_copy_loads(copy_dir: Path) -> None:
    assert len(load_content_from(copy_dir).tactic_cards) == 68


def test_unknown_key(copy_dir: Path) -> None:
    line = _edit(copy_dir / "sectors.toml", 'name = "Amberfield"', 'name = "Amberfield"\nshiny = 1')
    with pytest.raises(ContentError) as error:
        load_content_from(copy_dir)
    assert error.value.file == "sectors.toml"
    assert error.value.line == line + 1
    assert "shiny" in str(error.value) and "amberfield" in str(error.value)
    assert str(error.value).startswith(f"sectors.toml:{line + 1}:")


def test_unknown_op(copy_dir: Path) -> None:
    old = 'effect = [{ op = "gain", influence = 2 }]'
    line = _edit(copy_dir / "actions.toml", old, 'effect = [{ op = "teleport", count = 2 }]')
    with pytest.raises(ContentError) as error:
        load_content_from(copy_dir)
    assert (error.value.file, error.value.line) == ("actions.toml", line)
    assert "teleport" in str(error.value)


def test_unknown_field(copy_dir: Path) -> None:
    old = 'effect = [{ op = "gain", influence = 2 }]'
    line = _edit(copy_dir / "actions.toml", old, 'effect = [{ op = "gain", glory = 2 }]')
    with pytest.raises(ContentError) as error:
        load_content_from(copy_dir)
    assert (error.value.file, error.value.line) == ("actions.toml", line)
    assert "glory" in str(error.value)


def test_unknown_counter(copy_dir: Path) -> None:
    old = 'counter = "medals"'
    line = _edit(copy_dir / "objectives.toml", old, 'counter = "medallions"')
    with pytest.raises(ContentError) as error:
        load_content_from(copy_dir)
    assert (error.value.file, error.value.line) == ("objectives.toml", line)


def test_broken_reference(copy_dir: Path) -> None:
    line = _edit(copy_dir / "factions.toml", 'mastery = "scale_fury"', 'mastery = "scaly_fury"')
    with pytest.raises(ContentError) as error:
        load_content_from(copy_dir)
    assert (error.value.file, error.value.line) == ("factions.toml", line)
    assert "scaly_fury" in str(error.value)


def test_upgrade_must_name_a_military_technology(copy_dir: Path) -> None:
    line = _edit(copy_dir / "tactics.toml", 'tech = "phase_weapon"', 'tech = "warp_lanes"')
    with pytest.raises(ContentError) as error:
        load_content_from(copy_dir)
    assert (error.value.file, error.value.line) == ("tactics.toml", line)


def test_duplicate_id(copy_dir: Path) -> None:
    path = copy_dir / "living_storms.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + '\n[[living_storm]]\nid = "grey_tempest"\nname = "Again"\n')
    with pytest.raises(ContentError) as error:
        load_content_from(copy_dir)
    assert error.value.file == "living_storms.toml"
    assert error.value.line == len(text.splitlines()) + 3
    assert "duplicate" in str(error.value)


def test_wrong_count(copy_dir: Path) -> None:
    _edit(
        copy_dir / "actions.toml",
        'id = "grand_oration"\nname = "Grand Oration"\ncopies = 2',
        'id = "grand_oration"\nname = "Grand Oration"\ncopies = 3',
    )
    with pytest.raises(ContentError, match="expected 54"):
        load_content_from(copy_dir)


def test_invalid_toml(copy_dir: Path) -> None:
    _edit(copy_dir / "artifacts.toml", 'name = "Chrono Lens"', 'name = "Chrono Lens')
    with pytest.raises(ContentError) as error:
        load_content_from(copy_dir)
    assert error.value.file == "artifacts.toml" and error.value.line > 0
