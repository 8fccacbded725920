"""Read Hegemonic's TOML files, check them, and build a :class:`Content`.

Types, defaults and unknown keys are ``core.content_schema``'s; this module checks what a
type cannot say: the tracks' lengths and shapes, known kinds, factions, actions and
patterns, the rulebook's counts (48 tiles, 6 Homes, 24 technologies on 54 cards, six
action cards), and that every layout is a real galaxy of its player count.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from core.content_schema import ContentError, one_of, read_toml, record, records, require
from core.games.hegemonic.content.model import (
    ACTIONS,
    ATTACKERS,
    BUILDS,
    CONFLICT_EFFECTS,
    CONFLICTS,
    FACTIONS,
    KINDS,
    LEADER_EFFECTS,
    LEADER_WINDOWS,
    ActionCard,
    Content,
    Empire,
    Galaxy,
    Home,
    HomeTile,
    Layout,
    Leader,
    Pattern,
    Scoring,
    Tech,
    TechCard,
    Tile,
    Track,
    Units,
)
from core.hexgrid import Hex, add, distance, rotate

CONTENT_DIR = Path(__file__).parent
TRACK_LENGTHS = {"industrial": 15, "political": 9, "martial": 12}


def _tracks(data: dict[str, Any]) -> dict[str, Track]:
    raw = data.get("tracks", {})
    require(sorted(raw) == sorted(KINDS), f"empire.toml: [tracks] must be {', '.join(KINDS)}")
    tracks = {}
    for kind in KINDS:
        track = record(Track, {"kind": kind, **raw[kind]}, f"empire.toml: tracks.{kind}")
        n = TRACK_LENGTHS[kind]
        lengths = {len(track.cost), len(track.income), len(track.retention), len(track.tier)}
        require(lengths == {n}, f"empire.toml: tracks.{kind} needs {n} spaces in every row")
        require(list(track.tier) == sorted(track.tier) and set(track.tier) == {1, 2, 3},
                f"empire.toml: tracks.{kind} tiers must rise from 1 to 3")
        require(list(track.retention) == sorted(track.retention),
                f"empire.toml: tracks.{kind} retention must not fall to the right")
        require(min(track.cost) >= 0, f"empire.toml: tracks.{kind} has a negative cost")
        tracks[kind] = track
    return tracks


def _tiles(data: dict[str, Any]) -> dict[str, Tile]:
    tiles = records(Tile, data.get("tile"), "galaxy.toml: tile")
    for tile in tiles:
        where = f"galaxy.toml: tile {tile.id!r}"
        require(0 <= tile.industrial <= 3, f"{where}: 0 to 3 Industrial Locations")
        require(all(1 <= p <= 3 for p in tile.political), f"{where}: political power 1 to 3")
        require(all(1 <= c <= 3 for c in tile.martial), f"{where}: martial capacity 1 to 3")
        if tile.political:
            one_of(tile.faction, FACTIONS, f"{where}: faction")
        else:
            require(not tile.faction, f"{where}: a faction without Political Locations")
    require(len(tiles) == 48, "galaxy.toml: there are 48 Sector Tiles")
    return {t.id: t for t in tiles}


def _action_cards(data: dict[str, Any]) -> tuple[dict[str, ActionCard], dict[str, Pattern]]:
    patterns = records(Pattern, data.get("pattern"), "actions.toml: pattern")
    for p in patterns:
        where = f"actions.toml: pattern {p.id!r}"
        one_of(p.conflict, CONFLICTS, f"{where}: conflict")
        one_of(p.attacker, ATTACKERS, f"{where}: attacker")
        one_of(p.target, KINDS, f"{where}: target")
    by_id = {p.id: p for p in patterns}
    cards = records(ActionCard, data.get("card"), "actions.toml: card")
    require(len(cards) == 6, "actions.toml: every player holds six Action Cards")
    for card in cards:
        where = f"actions.toml: card {card.id!r}"
        for action in card.actions:
            one_of(action, ACTIONS, f"{where}: action")
        for build in card.builds:
            one_of(build, BUILDS, f"{where}: build")
        require(("build" in card.actions) == bool(card.builds), f"{where}: builds without BUILD")
        conflicts = {a for a in card.actions if a in CONFLICTS}
        for pattern in card.patterns:
            require(pattern in by_id, f"{where}: unknown pattern {pattern!r}")
            require(by_id[pattern].conflict in conflicts,
                    f"{where}: pattern {pattern!r} is not one of its conflict actions")
        require(bool(conflicts) == bool(card.patterns), f"{where}: a conflict needs patterns")
    return {c.id: c for c in cards}, by_id


def _techs(data: dict[str, Any]) -> tuple[dict[str, Tech], dict[str, TechCard]]:
    techs = records(Tech, data.get("tech"), "technology.toml: tech")
    cards: dict[str, TechCard] = {}
    for tech in techs:
        where = f"technology.toml: tech {tech.id!r}"
        one_of(tech.kind, KINDS, f"{where}: kind")
        require(1 <= tech.tier <= 3, f"{where}: tier 1 to 3")
        require(bool(tech.powers) and all(min(p) >= 0 for p in tech.powers), f"{where}: powers")
        require(all(1 <= s <= len(tech.powers) for s in tech.small), f"{where}: small copies")
        for copy, power in enumerate(tech.powers, 1):
            card = TechCard(f"{tech.id}_{copy}", tech.id, power, copy in tech.small)
            cards[card.id] = card
    require(len(techs) == 24 and len(cards) == 54,
            "technology.toml: 24 technologies on 54 cards")
    return {t.id: t for t in techs}, cards


def _leaders(data: dict[str, Any]) -> dict[str, Leader]:
    leaders = records(Leader, data.get("leader"), "leaders.toml: leader")
    for leader in leaders:
        where = f"leaders.toml: leader {leader.id!r}"
        one_of(leader.window, LEADER_WINDOWS, f"{where}: window")
        one_of(leader.effect, LEADER_EFFECTS, f"{where}: effect")
        conflict = leader.effect in CONFLICT_EFFECTS
        require(conflict == (leader.window == "conflict"), f"{where}: effect and window")
        if leader.turn_effect:
            one_of(leader.turn_effect, LEADER_EFFECTS, f"{where}: turn_effect")
            require(conflict and leader.turn_effect not in CONFLICT_EFFECTS,
                    f"{where}: a turn ability is a conflict Leader's second one")
        for values in (leader.values, leader.turn_values):
            require(list(values) == sorted(values) and min(values) >= 0,
                    f"{where}: values must not fall with the level")
    require(len(leaders) == 12, "leaders.toml: there are 12 Leaders")
    return {leader.id: leader for leader in leaders}


def board_hexes(shape: tuple[tuple[int, int], ...], placement: tuple[int, int, int]
                ) -> list[Hex]:
    """The hexes of a board placed at ``(rotation, q, r)``."""
    turn, q, r = placement
    return [add(rotate(h, turn), (q, r)) for h in shape]


def _layouts(data: dict[str, Any], galaxy: Galaxy) -> dict[int, Layout]:
    layouts = records(Layout, data.get("layout"), "galaxy.toml: layout")
    found = {}
    for layout in layouts:
        where = f"galaxy.toml: layout for {layout.players} players"
        require(2 <= layout.players <= 6 and layout.players not in found, f"{where}: players")
        require(len(layout.boards) == galaxy.boards_for[layout.players - 2],
                f"{where}: needs {galaxy.boards_for[layout.players - 2]} boards")
        taken: set[Hex] = set(galaxy.core)
        boards = []
        for placement in layout.boards:
            hexes = board_hexes(galaxy.shape, placement)
            require(not taken & set(hexes), f"{where}: board {list(placement)} overlaps")
            taken |= set(hexes)
            boards.append(hexes)
        require(len(layout.homes) == layout.players, f"{where}: one Home per player")
        homes = list(layout.homes)
        for home in homes:
            require(any(home in b for b in boards), f"{where}: Home {home} off the boards")
        require(len({next(i for i, b in enumerate(boards) if h in b) for h in homes})
                == len(homes), f"{where}: two Homes on one board")
        require(all(distance(a, b) > 1 for a in homes for b in homes if a != b),
                f"{where}: two Homes side by side")
        found[layout.players] = layout
    require(sorted(found) == [2, 3, 4, 5, 6], "galaxy.toml: a layout for each of 2 to 6 players")
    return found


def build(directory: Path = CONTENT_DIR) -> Content:
    empire = read_toml(directory, "empire.toml")
    galaxy_data = read_toml(directory, "galaxy.toml")
    actions = read_toml(directory, "actions.toml")
    technology = read_toml(directory, "technology.toml")
    galaxy = record(Galaxy, galaxy_data.get("galaxy"), "galaxy.toml: [galaxy]")
    require(len(galaxy.shape) == 5 and len(galaxy.core) == 7,
            "galaxy.toml: a Galaxy Board has 5 hexes, the Core 7")
    require(len(galaxy.boards_for) == 5 and max(galaxy.boards_for) <= galaxy.boards,
            "galaxy.toml: boards_for gives 2 to 6 players, within the boards in the box")
    homes = tuple(records(Home, galaxy_data.get("home"), "galaxy.toml: home"))
    require(len(homes) == 6, "galaxy.toml: six Home Sectors")
    cards, patterns = _action_cards(actions)
    techs, tech_cards = _techs(technology)
    units = record(Units, empire.get("units"), "empire.toml: [units]")
    return Content(
        tracks=MappingProxyType(_tracks(empire)),
        units=units,
        empire=record(Empire, empire.get("empire"), "empire.toml: [empire]"),
        tiles=MappingProxyType(_tiles(galaxy_data)),
        homes=homes,
        home_tile=record(HomeTile, galaxy_data.get("home_tile"), "galaxy.toml: [home_tile]"),
        galaxy=galaxy,
        layouts=MappingProxyType(_layouts(galaxy_data, galaxy)),
        scoring=record(Scoring, galaxy_data.get("scoring"), "galaxy.toml: [scoring]"),
        action_cards=MappingProxyType(cards),
        patterns=MappingProxyType(patterns),
        techs=MappingProxyType(techs),
        cards=MappingProxyType(tech_cards),
        leaders=MappingProxyType(_leaders(read_toml(directory, "leaders.toml"))),
    )


@cache
def load_content() -> Content:
    return build()


__all__ = ["ContentError", "board_hexes", "build", "load_content"]
