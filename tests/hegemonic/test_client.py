"""Hegemonic in the client (tui/games/hegemonic): the map pane drawn headless at the sizes the
game screen gives it, the empire, hand, status and score panes and the conflict's
arithmetic rendered as text, and the view's previews against the conflicts they foresee.

The panes take a game's words for players' names only; a stand-in here names them as the
view does, so these tests read the panes alone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from rich.console import Console
from textual.app import App, ComposeResult

from core.events import SPECTATOR
from core.games.hegemonic.content import load_content
from core.games.hegemonic.game import Game
from core.games.hegemonic.state import Options
from core.linework import HEAVY, LIGHT, glyphs
from core.rng import Rng
from core.words import SEAT_MARKS
from tests.hegemonic import hegemonic_fixtures as fx
from tui.games.hegemonic import UI, cells
from tui.games.hegemonic.map import (
    LOOKS,
    SMALL_LOOKS,
    STANDINGS_WIDTH,
    GalaxyMap,
    Look,
    _standings,
)
from tui.widgets.cellmap import MapPane

CONTENT = load_content()
# The map pane's room in the game screen (tui/styles/app.tcss): at 200x60 the left column
# is 120 wide and the pane 41 high under its title; at 80x24, 48 by 16.
LARGE, SMALL = (120, 41), (48, 16)
BACKINGS = ("agent_faction", "fleet_outpost")


class Names:
    """The words' one duty towards these panes: a player's name."""

    def seat_name(self, view: dict[str, Any], seat: int) -> str:
        return str(view["players"][seat]["name"])


WORDS = Names()


# Random choices, but taking every build, gate and attack offered, so that a few rounds fill
# the galaxy as players would.
EAGER = ("action:build", "build:", "agent:", "fleet:", "gate", "action:takeover",
         "action:destroy", "target:")


def eager(rng: Rng, options: list[str]) -> str:
    return rng.choice([o for o in options if o.startswith(EAGER)] or options)


def mid_game(players: int, seed: int, rounds: int = 4) -> Game:
    """A game of random choices, eager to build and attack, at the first turn of the first
    Action Phase of round ``rounds``."""
    game = Game.new(Options(players=players, seed=seed))
    rng = Rng(seed)
    while (game.state.round, game.state.phase) < (rounds, "action1") or game.state.turn < 0:
        prompt = rng.choice(game.pending())
        game.apply(prompt.seat, eager(rng, prompt.options))
    assert not game.over
    return game


MID_GAMES = [(6, seed) for seed in (1, 2, 3, 4, 5, 6)]


class Host(App[None]):
    def __init__(self, view: dict[str, Any], targets: set[int]) -> None:
        super().__init__()
        self.view, self.targets = view, targets

    def compose(self) -> ComposeResult:
        yield UI.main_pane()

    def on_mount(self) -> None:
        self.query_one(MapPane).show_view(self.view, self.targets)


async def drawn(view: dict[str, Any], size: tuple[int, int],
                targets: frozenset[int] = frozenset()) -> MapPane:
    """The map pane drawn headless in a screen of ``size`` (what it drew stays readable
    once the screen is gone)."""
    app = Host(view, set(targets))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        return app.query_one(MapPane)


def canvas_text(pane: MapPane) -> list[str]:
    return ["".join(segment.text for segment in line) for line in pane.cells.lines]


def inside_text(pane: MapPane, sector: int) -> str:
    """What a sector's box holds, its lines joined by spaces."""
    box = pane.cells.regions[sector]
    rows = canvas_text(pane)
    return " ".join(rows[y][box.x:box.x + box.width] for y in range(box.y, box.bottom))


def pieces_by_owner(view: dict[str, Any], sector: int) -> dict[str, int]:
    """Every Base and Unit in a sector, counted per owner's mark, from the view alone (a
    stack counts its height, a gate pair each end)."""
    found: dict[str, int] = {}
    for seat, n in (*bases_of(view, sector), *units_of(view, sector)):
        mark = SEAT_MARKS[view["players"][seat]["colour"]]
        found[mark] = found.get(mark, 0) + n
    return found


def bases_of(view: dict[str, Any], sector: int) -> Iterator[tuple[int, int]]:
    for loc_id in view["sectors"][sector]["locations"]:
        loc = view["locations"][loc_id]
        if loc["owner"] >= 0:
            yield loc["owner"], loc["height"]


def units_of(view: dict[str, Any], sector: int) -> Iterator[tuple[int, int]]:
    for p in view["players"]:
        here = p["agents"].count(sector) + p["fleets"].count(sector)
        here += sum(1 for ends in p["gates"] if sector in ends)
        if here:
            yield p["seat"], here


def power_by_owner(view: dict[str, Any], sector: int) -> dict[str, int]:
    """What scoring reads in a sector, per owner's mark: a Complex 1, an Embassy its
    Location's power (1 in a Home), a stack its height."""
    found: dict[str, int] = {}
    home = view["sectors"][sector]["home"] >= 0
    for loc_id in view["sectors"][sector]["locations"]:
        loc = view["locations"][loc_id]
        if loc["owner"] >= 0:
            mark = SEAT_MARKS[view["players"][loc["owner"]]["colour"]]
            value = loc["power"] if loc["kind"] == "political" and not home else loc["height"]
            found[mark] = found.get(mark, 0) + value
    return found


MARKS = "".join(SEAT_MARKS.values())
TOKENS = {  # the map's notation (tui/games/hegemonic/cells.py), one pattern per token
    "industrial": re.compile(rf"^I([{MARKS}-]+)$"),
    "political": re.compile(rf"^P\d[opg]?([{MARKS}-])$"),
    "martial": re.compile(rf"^M\d(?:([{MARKS}])(\d))?$"),
    "owner": re.compile(rf"^([{MARKS}])(\d*)((?:a|f|=\d?)*|\+\d+)$"),
}


@dataclass
class Read:
    """What a box's text says of each owner: their Bases (listed) or their power there
    (counted), and their Units."""

    bases: dict[str, int] = field(default_factory=dict)
    power: dict[str, int] = field(default_factory=dict)
    units: dict[str, int] = field(default_factory=dict)

    @property
    def counted(self) -> bool:
        return bool(self.power)

    def pieces(self) -> dict[str, int]:
        found = dict(self.bases)
        for mark, n in self.units.items():
            found[mark] = found.get(mark, 0) + n
        return found


def read_box(text: str) -> Read:
    found = Read()

    def add(table: dict[str, int], mark: str, n: int) -> None:
        if n:
            table[mark] = table.get(mark, 0) + n

    # Tokens that begin with a mark may run together: "●4■a" is two owners' tokens.
    tokens = [t for word in text.split()
              for t in (re.split(rf"(?=[{MARKS}])", word) if word[0] in MARKS else [word]) if t]
    for token in tokens:
        match = next(((name, m) for name, pattern in TOKENS.items()
                      if (m := pattern.match(token))), None)
        if match is None:
            continue
        name, m = match
        if name == "industrial":
            for mark in m[1].replace("-", ""):
                add(found.bases, mark, 1)
        elif name == "political" and m[1] != "-":
            add(found.bases, m[1], 1)
        elif name == "martial" and m[1]:
            add(found.bases, m[1], int(m[2]))
        elif name == "owner":
            add(found.power, m[1], int(m[2] or 0))
            units = m[3]
            add(found.units, m[1], int(units[1:]) if units.startswith("+")
                else len(re.findall(r"a|f|=", units)))
    return found


# --- the map --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), MID_GAMES)
async def test_every_base_and_unit_of_a_six_player_game_is_on_the_map_at_200x60(
        players: int, seed: int) -> None:
    view = mid_game(players, seed).view(0)
    pane = await drawn(view, LARGE)
    assert pane.cells.boxes == LOOKS[3]  # 11 columns by 3 lines a box, the whole map in view
    seen = 0
    for sector in view["sectors"]:
        found = read_box(inside_text(pane, sector["id"]))
        assert not found.counted, sector
        assert found.pieces() == pieces_by_owner(view, sector["id"]), sector
        seen += sum(found.pieces().values())
    assert seen > 40  # the six Homes alone hold 24


@pytest.mark.parametrize(("players", "seed"), MID_GAMES)
async def test_at_80x24_every_owner_s_pieces_are_counted_in_each_box(
        players: int, seed: int) -> None:
    view = mid_game(players, seed).view(0)
    pane = await drawn(view, SMALL)
    assert pane.cells.boxes.bare  # a line a row of hexes, each sector's pieces counted
    for sector in view["sectors"]:
        number, counts, cut = bare_read(inside_text(pane, sector["id"]))
        assert (number, counts, cut) == (sector["id"], pieces_by_owner(view, sector["id"]), False)


BARE = re.compile(rf"^(\d+) ?((?:[{MARKS}]\d+)*)(…?)")


def bare_read(text: str) -> tuple[int, dict[str, int], bool]:
    """A bare box's number, each owner's count of pieces, and whether it was cut."""
    found = BARE.match(text)
    assert found is not None, text
    counts = {token[0]: int(token[1:]) for token in re.findall(rf"[{MARKS}]\d+", found[2])}
    return int(found[1]), counts, bool(found[3])


def painted(look: Look, view: dict[str, Any]) -> tuple[GalaxyMap, list[str]]:
    """The map painted in ``look`` whatever its room, and its rows."""
    galaxy = GalaxyMap()
    galaxy._look = (view, (0, 0), False, look, False)
    canvas = galaxy.paint(view)
    return galaxy, ["".join(char for char, _ in row) for row in canvas]


def assert_read(view: dict[str, Any], sector: int, found: Read) -> None:
    """A box says every piece, or every owner's power and Units."""
    if found.counted:
        assert found.power == power_by_owner(view, sector), sector
        units = {SEAT_MARKS[view["players"][s]["colour"]]: n for s, n in units_of(view, sector)}
        assert found.units == units, sector
    else:
        assert found.pieces() == pieces_by_owner(view, sector), sector


def crowded() -> Game:
    """A sector with two Complexes, an Embassy, an Outpost stack, Agents and Fleets of five
    players and a gate end: more than a box of the smallest look can list or count."""
    game = fx.blank(players=6)
    sector = fx.at(game, 1, 1)
    fx.tile(game, "tawny_weave", sector)
    fx.base(game, 0, sector, "industrial", 0)
    fx.base(game, 1, sector, "industrial", 1)
    fx.base(game, 2, sector, "political")
    fx.base(game, 3, sector, "martial", height=2)
    for seat in (0, 4):
        fx.unit(game, seat, "agent", sector)
    fx.unit(game, 5, "fleet", sector)
    fx.gate(game, 0, sector, fx.at(game, 2, 0))
    return game


def test_three_players_in_a_box_of_the_smallest_look_are_all_counted() -> None:
    game = fx.blank(players=6)
    sector = fx.at(game, 1, 1)
    fx.tile(game, "spear_point", sector)  # a Martial Location with room for 2
    fx.base(game, 1, sector, "martial")
    fx.unit(game, 1, "fleet", sector)
    fx.unit(game, 0, "agent", sector)
    fx.unit(game, 5, "agent", sector)
    view = game.view(0)
    galaxy, rows = painted(LOOKS[-1], view)
    box = galaxy.regions[sector]
    found = read_box(" ".join(rows[y][box.x:box.right] for y in range(box.y, box.bottom)))
    assert found.counted and len(found.units) == 3
    assert_read(view, sector, found)


def test_a_name_takes_the_lines_its_box_s_pieces_leave() -> None:
    game = fx.blank(players=6)
    sector = fx.at(game, 1, 1)
    fx.tile(game, "slag_expanse", sector)  # "Slag Expanse": 12 letters, pieces on a line
    view = game.view(0)

    def lines(width: int, rows: int) -> list[str]:
        return ["".join(char for char, _ in line)
                for line in cells.boxed(view, sector, width, rows)[0]]

    pieces = lines(11, 2)[1]
    assert lines(11, 2) == ["Slag Expan…", pieces]  # one line for it: cut short
    assert lines(11, 3) == ["Slag", "Expanse", pieces]  # a line to spare: whole
    assert lines(13, 3) == ["Slag Expanse", pieces]
    game = fx.blank(players=6)
    fx.tile(game, "quiet_dark", sector)  # no Locations, no pieces: every line is the name's
    view = game.view(0)
    assert lines(7, 2) == ["Quiet", "Dark"]


async def test_a_box_too_small_even_for_the_counts_ends_in_an_ellipsis_and_details() -> None:
    game = crowded()
    view = game.view(0)
    sector = fx.at(game, 1, 1)
    pane = await drawn(view, SMALL)
    text = inside_text(pane, sector)
    assert text.rstrip().endswith("…")
    details = cells.sector_details(view, sector)
    for p in view["players"]:
        assert f"{SEAT_MARKS[p['colour']]} {p['name']}" in details
    assert "Gate pair 1 of" in details and f"to {fx.at(game, 2, 0)}" in details
    # The large look keeps the sector's name above the pieces, so here it counts them too.
    large = inside_text(await drawn(view, LARGE), sector)
    name, _ = cells.heading(view, sector)
    assert large.startswith(name[:LOOKS[0].inside - 1])
    found = read_box(large.removeprefix(name))
    assert found.counted and {*found.power, *found.units} == set(pieces_by_owner(view, sector))


async def test_the_decision_s_targets_are_highlighted_and_nothing_else() -> None:
    view = mid_game(6, 3).view(0)
    targets = frozenset({2, 17, 30})
    pane = await drawn(view, LARGE, targets)
    lines = pane.cells.lines
    for sector in view["sectors"]:
        box = pane.cells.regions[sector["id"]]
        _, label = _styled(lines[box.y - 1])[box.x]
        inside = _styled(lines[box.y])[box.x:box.right]
        target = sector["id"] in targets
        assert bool(label.reverse) == target, sector["id"]
        assert all(bool(style.underline) == target for _, style in inside), sector["id"]


def _styled(line: Any) -> list[Any]:
    return [(char, segment.style) for segment in line for char in segment.text]


async def test_the_cursor_s_sector_is_reversed_and_told_in_full_below() -> None:
    game = mid_game(6, 3)
    view = game.view(0)
    pane = await drawn(view, LARGE)
    start = pane.cells.cursor
    assert view["sectors"][start]["home"] == 0  # the viewer's Home first
    box = pane.cells.regions[start]
    assert all(s.reverse for _, s in _styled(pane.cells.lines[box.y])[box.x:box.right])
    details = cells.sector_details(view, start)
    assert details.startswith(f"{start} ⌂ ")
    assert "Industrial: ● Red." in details and "Board " in details


async def test_galaxy_boards_are_bordered_heavy_and_sectors_within_one_light() -> None:
    view = mid_game(6, 3).view(0)
    pane = await drawn(view, LARGE)
    rows = canvas_text(pane)
    heavy = {c for arms, c in glyphs().items() if HEAVY in arms and arms[0] and arms[2]}
    light = {c for arms, c in glyphs().items() if LIGHT in arms and HEAVY not in arms
             and arms[0] and arms[2]}
    where = {(s["q"], s["r"]): s for s in view["sectors"]}
    checked = set()
    for (q, r), sector in where.items():
        right = where.get((q + 1, r))
        if right is None:
            continue
        box = pane.cells.regions[right["id"]]
        border = rows[box.y][box.x - 1]  # the side they share, half-way down
        assert border in (heavy if right["board"] != sector["board"] else light)
        checked.add(right["board"] != sector["board"])
    assert checked == {True, False}


async def test_the_center_shows_the_round_and_phase_and_boards_are_named() -> None:
    view = mid_game(6, 3).view(0)
    pane = await drawn(view, LARGE)
    text = "\n".join(canvas_text(pane))
    assert f"Round {view['round']}" in text and cells.PHASES[view["phase"]][0] in text
    for name in ("Core", *(f"B{b}" for b in range(1, 10))):
        assert name in text


async def test_every_board_s_standing_is_beside_the_map_and_its_leader_underlined() -> None:
    view = mid_game(6, 1).view(0)
    pane = await drawn(view, LARGE)
    rows = canvas_text(pane)
    right = [row[-10:].strip() for row in rows]  # the column beside the map
    for row in view["board_standings"]:
        entry = next(line for line in right if line.split()[:1] == [cells.board_name(
            row["board"])])
        shown = " ".join(right[right.index(entry):right.index(entry) + 2])
        for seat, power in enumerate(row["power"]):
            mark = SEAT_MARKS[view["players"][seat]["colour"]]
            assert (f"{mark}{power}" in shown) == (power > 0), (row, shown)
    leads = [s for line in pane.cells.lines for s in _styled(line) if s[1].underline]
    assert leads  # a board with one strongest player underlines them
    small = canvas_text(await drawn(view, SMALL))
    assert "Core" in small[-2] + small[-1]  # under the map when the pane is narrow


@pytest.mark.parametrize("size", [(200, 60), (120, 41), (80, 30), (60, 20), (48, 16)])
async def test_the_map_takes_the_largest_look_its_room_allows(size: tuple[int, int]) -> None:
    view = mid_game(6, 3).view(0)
    app = Host(view, set())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        cells_map = app.query_one(GalaxyMap)
        room, look, rows = cells_map.size, cells_map.boxes, cells_map.lines
    fits = len(rows) <= room.height and canvas_width(rows) <= room.width
    looks = [*LOOKS, *SMALL_LOOKS]
    entries = cells.board_entries(view)

    def shows_all(look: Look) -> bool:  # every owner's pieces in every box of a small look
        return look in LOOKS or all(
            (cells.line(view, s["id"], look.inside) if look.bare else
             cells.boxed(view, s["id"], look.inside, look.rows))[1] for s in view["sectors"])

    if not fits:  # the smallest look that shows them all, and the map pans
        assert look == next(small for small in reversed(SMALL_LOOKS) if shows_all(small))
    for larger in looks[:looks.index(look)]:  # the six-player galaxy: 9 boxes by 9 rows
        columns = 9 * (larger.inside + 1) + 1
        lines = 9 * larger.rows if larger.bare else 9 * (larger.rows + 1) + 1
        beside = columns + 1 + STANDINGS_WIDTH <= room.width and \
            max(lines, len(_standings(entries, True, columns))) <= room.height
        under = columns <= room.width and \
            lines + len(_standings(entries, False, columns)) <= room.height
        assert not ((beside or under) and shows_all(larger)), larger


def canvas_width(rows: list[Any]) -> int:
    return max(sum(len(segment.text) for segment in row) for row in rows)


async def test_the_arrow_keys_move_the_cursor_to_a_neighbour() -> None:
    view = mid_game(6, 3).view(0)
    app = Host(view, set())
    async with app.run_test(size=LARGE) as pilot:
        pane = app.query_one(MapPane)
        pane.focus()
        start = pane.cells.cursor
        q, r = view["sectors"][start]["q"], view["sectors"][start]["r"]
        await pilot.press("left")
        moved = view["sectors"][pane.cells.cursor]
        assert (moved["q"], moved["r"]) == (q - 1, r)
        await pilot.press("right")
        assert pane.cells.cursor == start


# --- the panes ------------------------------------------------------------------------------


def rendered(renderable: Any, width: int) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("width", [32, 80])  # the right column at 80x24 and at 200x60
def test_the_empire_board_shows_the_three_tracks_units_slots_and_leader(width: int) -> None:
    game = Game.new(Options(players=6, seed=2, modules=["leaders"]))
    rng = Rng(2)
    for _ in range(400):
        prompt = rng.choice(game.pending())
        game.apply(prompt.seat, rng.choice(prompt.options))
    card = game.state.deck.pop()  # an Advanced Technology, to show in a slot
    game.state.players[1].advanced.append(card)
    view = game.view(1)
    text = rendered(UI.empire(view, 1, WORDS), width)
    assert "…" not in text  # nothing cut short
    me = view["players"][1]
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line.strip()}
    for kind, name in (("industrial", "Ind"), ("political", "Pol"), ("martial", "Mar")):
        track = me["tracks"][kind]
        total = CONTENT.tracks[kind].bases
        assert rows[name] == [f"{track['built']}/{total}", str(track["next_cost"]),
                              str(track["income"]), str(track["retention"]),
                              str(track["tier"])]
    assert f"{me['caps']} CAPs (keeps {me['keeps']}, +{me['income']})" in text
    assert rows["Agents"] == [f"{sum(1 for a in me['agents'] if a >= 0)}/3", "Fleets",
                              f"{sum(1 for f in me['fleets'] if f >= 0)}/3", "Gates",
                              f"{sum(1 for g in me['gates'] if g)}/3"]
    assert text.splitlines()[4].split()[0] == "Mar"  # the fifth line: in view at 80x24
    power = "/".join(map(str, CONTENT.cards[card].power))
    assert f"{CONTENT.tech_of(card).name} {power}" in text
    assert f"{3 - len(me['advanced'])} slot" in text
    leader = CONTENT.leaders[me["leader"]]
    assert f"Leader: {leader.name}, level {me['level']}" in " ".join(text.split())
    # The seventh line, in view at 100x30: the Leader's level changes every Collection.
    assert text.splitlines()[6].startswith("Leader: ")


def test_the_hand_shows_each_technology_s_powers_and_effect_and_the_action_cards() -> None:
    game = mid_game(6, 3)
    view = game.view(0)
    rows = UI.hand(view, WORDS)
    text = "\n".join(row.text.plain for row in rows)
    for card in view["players"][0]["hand"]:
        tech = CONTENT.tech_of(card)
        power = "/".join(map(str, CONTENT.cards[card].power))
        assert f"{tech.name} {power}" in text
        assert tech.text in text
        assert ("technology", card) in [row.card for row in rows]
    for card in CONTENT.action_cards.values():
        assert f"{card.order} {card.name}: {', '.join(card.actions)}" in text
    for tile in view["pool"]:
        assert ("tile", tile) in [row.card for row in rows]
    played = [p for p in view["players"] if p["card"]]
    assert played and all(f"{p['name']}: {CONTENT.action_cards[p['card']].name}" in text
                          for p in played)


def test_a_spectator_s_hand_pane_shows_only_what_everyone_sees() -> None:
    game = mid_game(6, 3)
    view = game.view(SPECTATOR)
    text = "\n".join(row.text.plain for row in UI.hand(view, WORDS))
    assert "Your" not in text
    # A hand card's name may be shown for another copy that is public (a discard pile's top).
    public = {CONTENT.tech_of(c).name for c in view["piles"][0][-1:]}
    for p in game.state.players:
        assert not any(CONTENT.tech_of(c).name in text for c in p.hand
                       if CONTENT.tech_of(c).name not in public)


def test_status_and_scores() -> None:
    game = mid_game(6, 3)
    view = game.view(0)
    assert UI.status(view, WORDS)[:3] == [f"Round {view['round']}", "Action 1",
                                          f"{view['players'][view['turn']]['name']}'s turn"]
    text = rendered(UI.scores(view, WORDS), 100)
    for row in view["standings"]:
        p = view["players"][row["seat"]]
        assert re.search(rf"{row['place']}\s+{SEAT_MARKS[p['colour']]} {p['name']}\s+"
                         rf"{p['vp'] - p['tech_vp']}\s+{p['tech_vp']}\s+{p['vp']}\s+"
                         rf"{p['income']}", text), p["name"]


def test_every_rules_section_has_a_title_and_text() -> None:
    from tui.plugins import rules_reference

    sections = dict(rules_reference("hegemonic"))
    assert {"Reading the map", "Conflict power", "Scoring and the end"} <= set(sections)
    assert all(sections.values())


def test_f1_opens_the_section_that_explains_the_decision() -> None:
    """Each step of Expansion opens where the reference explains that step."""
    from tui.plugins import rules_reference

    sections = dict(rules_reference("hegemonic"))
    assert "lays any Pool tile" in sections[UI.guide("tile_hex")]
    assert "draw always comes from" in sections[UI.guide("draw_source")]
    assert "Advancing a Technology" in sections[UI.guide("keep_or_advance")]


# --- the conflict's arithmetic ---------------------------------------------------------------


def foreseen_conflicts(players: int, seed: int) -> Iterator[tuple[dict[str, Any], Any]]:
    """Random games in which a conflict is previewed when it is declared or first backed:
    each (preview of the choice made, the conflict's power event), the backings still to be
    chosen taken as the preview took them."""
    game = Game.new(Options(players=players, seed=seed))
    rng = Rng(seed)
    expected: dict[str, Any] | None = None
    while not game.over:
        prompt = rng.choice(game.pending())
        choice = eager(rng, prompt.options)
        if prompt.kind in ("target", *BACKINGS) and expected is None:
            preview = game.view(prompt.seat)["preview"]
            previewed = [o for o in prompt.options
                         if prompt.kind in BACKINGS or o.startswith("target:")]
            assert sorted(preview) == sorted(previewed)
            expected = preview.get(choice)
        elif prompt.kind in BACKINGS and expected is not None:
            choice = backing_foreseen(game, prompt, expected)
        for event in game.apply(prompt.seat, choice):
            if event.kind == "conflict_power" and expected is not None:
                yield expected, event
                expected = None


def backing_foreseen(game: Game, prompt: Any, expected: dict[str, Any]) -> str:
    if prompt.context.get("defending"):
        task = next(t for t in reversed(game.state.stack) if t.kind == "conflict")
        return str(expected["def_backing"][len(task.data.get("def_backing", []))] or "none")
    return str(expected["atk_backing"] or "none")


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (4, 2), (6, 3), (5, 4), (3, 5)])
def test_the_preview_of_a_conflict_is_the_power_the_engine_then_counts(players: int,
                                                                       seed: int) -> None:
    seen = 0
    for expected, event in foreseen_conflicts(players, seed):
        assert expected["attack"] == event.data["attack"]
        assert expected["defence"] == event.data["defence"]
        seen += 1
    assert seen


def test_the_preview_names_the_cost_the_backing_and_what_bystanders_could_lend() -> None:
    game = fx.blank(players=4)
    a, b, c = fx.at(game, 1, 1), fx.at(game, 2, 0), fx.at(game, -1, 1)
    fx.tile(game, "tawny_weave", a)  # orange: 2 Industrial, Political 1, Martial 3
    fx.tile(game, "sunset_coil", b)  # orange: Political 3
    fx.tile(game, "verdant_array", c)  # green: Political 2
    embassy = fx.base(game, 1, a, "political")
    fx.base(game, 2, b, "political")  # a bystander with an orange Embassy
    fx.base(game, 0, c, "political")  # the attacker's green Embassy, to back the Agent
    agent = fx.unit(game, 0, "agent", a)
    game.state.players[0].caps = 10
    fx.run(game, "attack", 0, patterns=["infiltrate"], pattern="infiltrate",
           piece=f"agent:{agent}", moved=True)
    view = game.view(0)
    found = view["preview"][f"target:{a}:1"]
    power = game.state.locations[embassy].power
    assert found["cost"] == 2 * power
    assert found["defence"] == [["embassies", power], ["faction", 0], ["agents", 0]]
    assert found["support"] == {"2": {"defender": 1}}
    assert found["atk_backing"] == "faction:green"
    assert found["attack"] == [["agent", 1], ["faction", 2]]
    text = rendered(UI.battle(view, WORDS), 80)
    assert f"costs {2 * power} CAPs" in text and "may be supported" in text
    assert "green Embassies" in text and "other orange Embassies" in text


PATTERNS = sorted(CONTENT.patterns)


def one_target(pattern: str) -> tuple[Game, int]:
    """Blue's one Base of the pattern's target kind at A, and Red's one piece of the
    pattern's attacker in reach (a Complex at B next to it, an Agent or a Fleet at A): a
    lone target. The pattern and the piece, alone too, are answered by the engine; a move
    is declined. Red holds a card, which the odds count in."""
    game = fx.blank(players=4)
    a, b = fx.at(game, 0, 1), fx.at(game, 0, 2)
    fx.tile(game, "tawny_weave", a)  # every kind of Location
    fx.tile(game, "dusk_throng", b)
    attacker = CONTENT.patterns[pattern].attacker
    if attacker == "complexes":
        fx.base(game, 0, b, "industrial")
    else:
        fx.unit(game, 0, attacker, a)
    fx.base(game, 1, a, CONTENT.patterns[pattern].target)
    fx.give(game, 0, "nano_accelerants_1")  # 1 Industrial, 3 Political, 1 Martial
    game.state.players[0].caps = 10
    fx.run(game, "attack", 0, patterns=[pattern], pattern="", piece="", moved=False)
    if fx.prompt(game).kind == "move_to":
        fx.answer(game, "stay")
    return game, a


@pytest.mark.parametrize("pattern", PATTERNS)
def test_every_attack_pattern_shows_the_odds_and_asks_even_a_lone_target(pattern: str) -> None:
    game, a = one_target(pattern)
    target = f"target:{a}:1"
    asked = fx.prompt(game)
    assert (asked.seat, asked.kind, asked.options) == (0, "target", [target, "none"])
    view = game.view(0)
    found = view["preview"][target]
    assert found["attack"] and found["defence"]
    text = rendered(UI.battle(view, WORDS), 40)  # one side above the other
    flat = " ".join(text.split())
    assert "Before you attack" in flat and "a Technology Card: your best gives" in flat
    totals = [int(line.split()[-1]) for line in text.splitlines()
              if line.strip().startswith("total")]
    assert totals == [sum(p[1] for p in found["attack"]), sum(p[1] for p in found["defence"])]
    declined = game.clone()
    events = fx.answer(declined, "none")
    assert fx.kinds(events)[0] == "no_conflict" and declined.state.players[0].caps == 10
    events = fx.answer(game, target)
    declared = fx.of_kind(events, "conflict_declared")[0].data
    assert (declared["pattern"], game.state.players[0].caps) == (pattern, 10 - found["cost"])


def test_the_conflict_pane_shows_both_sides_by_source_and_fits_the_narrow_column() -> None:
    for players, seed in ((4, 1), (6, 3)):
        game = Game.new(Options(players=players, seed=seed))
        rng = Rng(seed)
        while not game.over:
            prompt = rng.choice(game.pending())
            events = game.apply(prompt.seat, eager(rng, prompt.options))
            power = next((e for e in events if e.kind == "conflict_power"), None)
            if power is None:
                continue
            view = game.view(SPECTATOR)
            attack = sum(p[1] for p in power.data["attack"])
            defence = sum(p[1] for p in power.data["defence"])
            narrow = rendered(UI.battle(view, WORDS), 32)
            assert max(len(line) for line in narrow.splitlines()) <= 32
            totals = [int(line.split()[-1]) for line in narrow.splitlines()
                      if line.strip().startswith("total")]
            assert totals == [attack, defence]
            wide = rendered(UI.battle(view, WORDS), 80)
            assert "attacks" in wide.splitlines()[1] and "defends" in wide.splitlines()[1]
            return
    raise AssertionError("no conflict in these games")


def test_no_conflict_no_pane() -> None:
    view = Game.new(Options(players=4, seed=1)).view(0)
    assert UI.battle(view, WORDS) is None
    assert not [row for row in UI.hand(view, WORDS) if row.text.plain == "Conflict"]


def test_the_galaxy_map_starts_on_a_core_sector_for_a_spectator() -> None:
    view = mid_game(6, 3).view(SPECTATOR)
    assert view["sectors"][GalaxyMap().start(view)]["board"] == 0


@pytest.mark.parametrize(("players", "layout", "modules"), [
    (3, "free", ("leaders", "draft", "discard_piles", "wild_homes", "longer")),
    (6, "suggested", ("learning",))])
def test_every_pane_draws_positions_of_every_module(players: int, layout: str,
                                                    modules: tuple[str, ...]) -> None:
    """Every twentieth position of a whole game: each box's lines within its look, and
    every pane drawn from the deciding seat's view and a spectator's."""
    game = Game.new(Options(players=players, seed=players, layout=layout,
                            homes="any" if layout == "free" else "recommended",
                            modules=list(modules)))
    rng = Rng(players)
    step = 0
    while not game.over:
        prompt = rng.choice(game.pending())
        if step % 20 == 0:
            for view in (game.view(prompt.seat), game.view(SPECTATOR)):
                for sector in view["sectors"]:
                    line, _ = cells.line(view, sector["id"], SMALL_LOOKS[-1].inside)
                    assert "".join(c for c, _ in line).startswith(str(sector["id"]))
                    assert len(line) <= SMALL_LOOKS[-1].inside
                for look in (LOOKS[0], LOOKS[-1], SMALL_LOOKS[0]):
                    for sector in view["sectors"]:
                        lines = cells.boxed(view, sector["id"], look.inside, look.rows)[0]
                        assert len(lines) <= look.rows
                        assert all(len(line) <= look.inside for line in lines)
                        if look.rows > 2:  # the name first, whatever the pieces
                            name, _ = cells.heading(view, sector["id"])
                            first = "".join(char for char, _ in lines[0])
                            assert name.startswith(first.removesuffix("…")), (name, first)
                            assert first.endswith("…") or name[len(first):][:1] in ("", " ")
                seat = max(view["seat"], 0)
                for pane in (UI.empire(view, seat, WORDS), UI.scores(view, WORDS),
                             UI.battle(view, WORDS)):
                    if pane is not None:
                        rendered(pane, 32)
                assert UI.hand(view, WORDS) and UI.status(view, WORDS)
        game.apply(prompt.seat, rng.choice(prompt.options))
        step += 1
