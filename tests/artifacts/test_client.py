"""Alien Artifacts in the client (tui/games/artifacts): the card table drawn headless at
the sizes the game screen gives it, with every card of every board and the shared area;
its cursor and a pick through the pilot; the empire, hand, status, score and battle panes
as text; the view's attack under way and what it keeps secret; every decision's guide.

The panes take a game's words for players' names only; a stand-in here names them as the
view does, so these tests read the panes alone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType
from rich.style import Style
from textual.app import App, ComposeResult
from textual.color import Color
from textual.message import Message
from textual.theme import BUILTIN_THEMES

from core.events import SPECTATOR
from core.games.artifacts.content import load_content
from core.games.artifacts.game import Game
from core.games.artifacts.state import Options
from core.games.artifacts.words import spots
from core.games.artifacts.words.names import KIND_NAMES, seat_name
from core.games.artifacts.words.names import card_name as words_card_name
from core.rng import Rng
from tests.artifacts.artifacts_fixtures import blank, half, put, section_card
from tests.client.test_marks import contrast
from tui.games.artifacts import UI, brief, look
from tui.games.artifacts.flow import plain
from tui.games.artifacts.layout import board_top, table_lines
from tui.games.artifacts.table import CardTable
from tui.widgets import marks
from tui.widgets.messages import SpotPicked, SpotPointed

CONTENT = load_content()
# The main pane's room in the game screen (tui/styles/app.tcss: the right column takes 40%,
# 32 to 80 columns) inside its border: 80x24, 100x30 and 200x60.
SIZES = {"80x24": (46, 16), "100x30": (58, 22), "200x60": (118, 41)}
# Eager choices, so that a few turns fill the boards as players would.
EAGER = ("discover", "develop", "build", "prepare", "buy", "card:", "operational",
         "logistics", "attach:", "hand:", "planet:", "offensive", "seat:", "system", "ship:")


class Names:
    """The words' one duty towards these panes: a player's name."""

    def seat_name(self, view: dict[str, Any], seat: int) -> str:
        return str(view["players"][seat]["name"])


WORDS = Names()


def mid_game(players: int = 5, seed: int = 12, turns: int = 40) -> Game:
    # seed 12: at 5 players every rival's board starts below a 100x30 pane (RULES_VERSION
    # 6's setups left seed 8's first rival in sight)
    game = Game.new(Options(players=players, seed=seed))
    rng = Rng(seed)
    while game.state.turns < turns:
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice([o for o in prompt.options if o.startswith(EAGER)]
                                           or prompt.options))
    return game


def text_of(renderable: RenderableType, width: int = 38) -> str:
    console = Console(width=width, record=True, no_color=True)
    console.print(renderable)
    return console.export_text()


class Host(App[None]):
    def __init__(self, view: dict[str, Any], targets: set[int], size: tuple[int, int]) -> None:
        super().__init__()
        self.view, self.targets, self.pane_size = view, targets, size
        self.heard: list[Message] = []

    def compose(self) -> ComposeResult:
        table = CardTable()
        table.styles.width, table.styles.height = self.pane_size
        yield table

    def on_mount(self) -> None:
        table = self.query_one(CardTable)
        table.show_view(self.view, self.targets)
        table.focus()

    def on_spot_pointed(self, message: SpotPointed) -> None:
        self.heard.append(message)

    def on_spot_picked(self, message: SpotPicked) -> None:
        self.heard.append(message)


@pytest.fixture(scope="module")
def position() -> dict[str, Any]:
    game = mid_game()
    view = game.view(game.pending()[0].seat)
    boards = [c for p in view["players"] for c in (*p["construction"], *p["empire"])]
    assert len(boards) >= 15 and any(c["under"] for c in boards)  # a position worth reading
    return view


def spot_text(table: CardTable, spot: int | None) -> str:
    """Everything the table shows of one spot (a card's lines), as one string."""
    return " ".join(p.text.plain.strip() for line in table.lines for p in line
                    if p.spot == spot)


@pytest.mark.parametrize("size", SIZES)
async def test_the_table_shows_every_card_of_every_board_and_the_shared_area(
        position: dict[str, Any], size: str) -> None:
    width, height = SIZES[size]
    app = Host(position, set(), (width + 2, height))  # the scroll bar's room
    async with app.run_test(size=(width + 10, height + 4)) as pilot:
        await pilot.pause()
        table = app.query_one(CardTable)
        text = table.text()
        assert max(len(line) for line in text.splitlines()) <= width
        for p in position["players"]:
            name = seat_name(position, p["seat"])  # "Red (Star Union)"
            assert f"{name} · {p['credits']} cr" in " ".join(text.split())
            for card in (*p["construction"], *p["empire"]):
                shown = spot_text(table, spots.card_spot(card["id"]))
                assert look.card_name(card["kind"], card["id"]) in shown
                side = card["side"] or "logistics"  # Under Construction: its face-up side
                assert " ".join(brief.side(card["kind"], card["id"], side).split()) in shown
                if card["side"]:
                    assert look.SIDE_NAMES[card["kind"], card["side"]] in shown
                assert shown.count(look.BLOCKADE) == card["tokens"]
                for entry in card["under"]:
                    assert spots.card_spot(entry.split(":")[0]) in table.regions
        system = look.table_of(position["system"])
        assert system.name in text
        for _, values, what in look.table_rows(system):
            assert f"{values}: {what}" in spot_text(table, spots.SYSTEM)
        for kind, deck in position["decks"].items():
            assert f"{KIND_NAMES[kind]} deck {deck['count']}, top: " in text
            if deck["top"]:
                assert brief.side(kind, deck["top"], "logistics") in " ".join(
                    spot_text(table, spots.DECKS[kind]).split())
        assert f"Resources {position['deck_count']}" in text
        assert f"discard {len(position['discard'])}" in text
        assert f"Round marker {position['marker']}" in text
        assert f"Defense Plans {position['plan_count']}" in text
        assert f"Artifacts {position['artifact_count']}" in text


def test_a_card_under_construction_shows_its_cost_and_what_its_prepared_cards_pay() -> None:
    """Black Plague (a ship: Build costs 5 red, +1 per ship in the Empire) with a red 2
    and a gold 1 prepared under it: 3 of 6 red, gold being wild (R7); a green section
    pays nothing. Its Logistics side lies up: the Build Assembly bonus, not its attack."""
    game = blank()
    put(game, 0, "ship", "iron_verdict", "operational")
    red, gold = section_card("red", 2), section_card("gold", 1)
    green = section_card("green", 3, avoid=(red, gold))
    put(game, 0, "ship", "black_plague", under=(f"{red}:{half(red, 'red')}",
                                                 f"{gold}:{half(gold, 'gold')}",
                                                 f"{green}:{half(green, 'green')}"))
    view = game.view(0)
    lines = table_lines(view, 58, set())
    shown = " ".join(p.text.plain for line in lines for p in line
                     if p.spot == spots.card_spot("black_plague"))
    assert "Black Plague Extrm building 3/6 red" in shown
    assert "+1 card for Build" in shown and "attack" not in shown
    wide = " ".join(p.text.plain for line in table_lines(view, 118, set()) for p in line
                    if p.spot == spots.card_spot("black_plague"))
    assert "Black Plague Extrm 3/6 red" in wide  # under the Under Construction heading


@pytest.mark.parametrize("width", [58, 40, 30])
def test_a_seat_s_heading_breaks_only_between_its_parts(width: int) -> None:
    """At 100x30 the table is 58 columns: the heading once broke inside its parts, a
    line ending "hand 3 ·" and "artifacts 0" alone under it."""
    view = mid_game().view(0)
    for p in view["players"]:
        spot = spots.seat_spot(p["seat"])
        placed = table_lines(view, width, set())
        lines = [" ".join(x.text.plain for x in line if x.spot == spot) for line in placed]
        assert all(x.x + x.text.cell_len <= width for line in placed for x in line)
        heading = [line.strip() for line in lines if line.strip()]
        parts = [f"{p['credits']} cr", f"{p['vp']} VP", f"hand {p['hand_count']}",
                 f"plans {p['plan_count']}", f"artifacts {p['artifact_count']}"]
        assert all(len(line) <= width for line in lines)
        for line in heading:
            assert not line.endswith("·") and not line.startswith("·"), heading
        text = " · ".join(heading)
        assert all(f"· {part}" in text for part in parts), (parts, heading)
        assert seat_name(view, p["seat"]) in heading[0]


def test_a_rivals_hidden_ship_shows_only_what_its_face_tells() -> None:
    """A ship Under Construction or Joined is known to rivals by its face (its Type): the
    table names it "Explore Ship" and says its Logistics side only, the same for every
    ship of that Type; its owner reads its name."""
    game = blank()
    put(game, 1, "ship", "kestrel_nine")
    put(game, 1, "ship", "drift_finch", "logistics")
    rival = game.view(0)
    lines = table_lines(rival, 118, set())
    text = plain(lines)
    assert "Kestrel Nine" not in text and "Drift Finch" not in text
    for card in rival["players"][1]["construction"] + rival["players"][1]["empire"]:
        shown = " ".join(p.text.plain for line in lines for p in line
                         if p.spot == spots.card_spot(card["id"]))
        assert shown.split()[:2] == ["Explore", "Ship"]
        assert "+1 card for Discover" in shown and "attack" not in shown
    own = plain(table_lines(game.view(1), 118, set()))
    assert "Kestrel Nine" in own and "Drift Finch Explr Joined" in own


def test_every_side_of_every_card_has_short_words_from_its_effects() -> None:
    """Each side of each ship, technology and planet reads in a few words on the table,
    worked out from its effects (a card's full text stays one key away)."""
    for kind, cards in (("ship", CONTENT.ships), ("technology", CONTENT.technologies),
                        ("planet", CONTENT.planets)):
        for card_id in cards:
            for side in ("logistics", "operational"):
                words = brief.side(kind, card_id, side)
                assert 5 <= len(words) <= 64, (card_id, side, words)
    readings = {
        ("technology", "orbital_cartography", "logistics"): "Discover −1",
        ("technology", "orbital_cartography", "operational"):
            "Planets 4/6/8: 1/2/3 VP, end 2/4/6",
        ("technology", "pathfinder_doctrine", "logistics"):
            "ADD: pay 2 cr, look 2 of Planets, keep 1",
        ("technology", "vorsch_spectrum_mk2", "logistics"):
            "a card enters: +1 VP if the first of its kind and Type",
        ("planet", "aurum", "logistics"): "Buy −2 cr",
        ("planet", "calcine", "operational"): "produces 1 a Mine, Extrm shown: 1 VP",
        ("ship", "black_plague", "operational"):
            "attack +1, Bulwark: Destroyed only damages it",
        ("ship", "gold_leech", "logistics"): "+1 card for Trade, 1 Plan as it joins",
    }
    for (kind, card_id, side), words in readings.items():
        assert brief.side(kind, card_id, side) == words
    for ability in (*(a.ability for a in CONTENT.artifacts.values()),
                    *(f.action for f in CONTENT.factions.values())):
        assert brief.effect(ability.effect)  # every op of the content has short words


async def test_the_cursor_moves_from_card_to_card_and_enter_picks_the_card_under_it(
        position: dict[str, Any]) -> None:
    first = position["players"][0]
    cards = [spots.card_spot(c["id"]) for c in (*first["construction"], *first["empire"])]
    targets = set(cards[:2])
    width, height = SIZES["100x30"]
    app = Host(position, targets, (width + 2, height))
    async with app.run_test(size=(width + 10, height + 4)) as pilot:
        await pilot.pause()
        table = app.query_one(CardTable)
        assert table.cursor in targets  # it starts on a pick of the decision
        for spot in targets:  # legal picks are marked
            piece = next(p for line in table.lines for p in line if p.spot == spot)
            assert piece.text.plain.startswith("▸")
        start = table.cursor
        await pilot.press("right")
        await pilot.pause()
        assert table.cursor != start
        assert isinstance(app.heard[-1], SpotPointed) and app.heard[-1].spot == table.cursor
        await pilot.press("left", "up")
        await pilot.pause()
        above = table.cursor
        assert above is not None and table.regions[above][0].y < table.regions[start][0].y
        await pilot.press("down")
        await pilot.pause()
        assert table.cursor is not None
        assert table.regions[table.cursor][0].y > table.regions[above][0].y
        table.point(cards[-1])
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.heard[-1], SpotPicked) and app.heard[-1].spot == cards[-1]
        for _ in range(60):  # down to the last board: the pane scrolls to follow
            await pilot.press("down")
        await pilot.pause()
        assert table.scroll_offset.y > 0
        last = position["players"][-1]
        assert table.cursor in {spots.card_spot(c["id"]) for c in last["empire"]} | {
            spots.card_spot(u.split(":")[0]) for c in last["empire"] for u in c["under"]}


async def test_a_players_board_comes_to_the_top_of_the_table_at_once(
        position: dict[str, Any]) -> None:
    """At 100x30 the rivals' boards lie below the pane's edge: ``show_seat`` (the game
    screen's ``v`` and seat letters) scrolls each to the top, the cursor on its heading."""
    width, height = SIZES["100x30"]
    app = Host(position, set(), (width + 2, height))
    async with app.run_test(size=(width + 10, height + 4)) as pilot:
        await pilot.pause()
        table = app.query_one(CardTable)
        for p in reversed(position["players"][1:]):
            top = board_top(table.lines, p["seat"])
            assert top is not None and top > height  # out of sight
            table.show_seat(p["seat"])
            await pilot.pause()
            assert table.scroll_offset.y == min(top, len(table.lines) - height)
            assert table.cursor == spots.seat_spot(p["seat"])
            seen = [plain([line]) for line in table.lines[table.scroll_offset.y:][:height]]
            assert seat_name(position, p["seat"]) in "\n".join(seen)


@pytest.mark.parametrize("theme", [n for n in BUILTIN_THEMES if not n.startswith("ansi-")])
def test_resource_colours_are_words_that_read_in_colour_and_in_no_colour(theme: str) -> None:
    """Every Resource colour is written as its word, in a shade that reads (4.5:1) on the
    theme's background and surface, in colour and in NO_COLOR's greys."""
    found = BUILTIN_THEMES[theme]
    variables = found.to_color_system().generate()
    before = marks.mode()
    marks.set_dark(found.dark)
    marks.set_colours("truecolor")  # the shades these ratios are of: an app run by an
    # earlier test may have left the terminal's 16 colours set
    try:
        for colour in ("blue", "green", "red", "gold"):
            text = look.colour(colour)
            assert text.plain == colour
            shade = Color.from_rich_color(text.style.color if isinstance(text.style, Style)
                                          else Style.parse(text.style).color)
            for key in ("background", "surface"):
                ground = Color.parse(variables[key])
                assert contrast(shade, ground) >= 4.5, (colour, key)
                assert contrast(shade.monochrome, ground.monochrome) >= 4.5, (colour, key)
    finally:
        marks.set_dark(before[0])
        marks.set_colours(before[1])


def test_the_empire_pane_shows_the_board_the_next_costs_and_the_assembly_limits(
        position: dict[str, Any]) -> None:
    for p in position["players"]:
        text = text_of(UI.empire(position, p["seat"], WORDS))
        assert f"Bank {p['credits']} cr · {p['vp']} VP" in text
        for card in (*p["construction"], *p["empire"]):
            assert look.card_name(card["kind"], card["id"])[:20] in text
        planets = sum(c["kind"] == "planet" for c in p["empire"])
        settled = [c for c in p["empire"] if c["kind"] == "planet" and c["side"] == "logistics"
                   and c["tokens"] == 0]
        if not settled and not any(c["kind"] == "technology" and c["side"] == "logistics"
                                   for c in p["empire"]):
            assert re.search(rf"green +Discover {5 + planets} · Mine 5\n", text), text
        assert re.search(r"red +Build \d+( \(\d\))? · Offensive 5", text)
        assert "Next costs, paid with ≤2 cards:" in text


def test_the_empire_pane_counts_a_settled_planet_and_a_joined_ship() -> None:
    view = mid_game(2, 3, 2).view(0)
    me = view["players"][0]
    me["empire"] = [{"id": "calcine", "kind": "planet", "side": "logistics", "tokens": 0,
                     "under": []},
                    {"id": "iron_verdict", "kind": "ship", "side": "logistics", "tokens": 0,
                     "under": []}]
    text = text_of(UI.empire(view, 0, WORDS))
    # 5 + 1 ship - 2 (Calcine); the Joined Exterminate ship: 3 cards may pay
    assert "red   Build 4 (3) · Offensive 5" in text
    assert "green Discover 6 · Mine 5" in text
    assert "Remove" not in text  # no Blockade token to remove
    me["empire"][0]["tokens"] = 1
    text = text_of(UI.empire(view, 0, WORDS))
    assert "Buy 5 cr · Trade 1 cr/symbol · Remove 2/token" in " ".join(text.split())


def test_the_hand_shows_resource_cards_plans_and_artifacts_to_their_owner_only(
        position: dict[str, Any]) -> None:
    seat = position["seat"]
    me = position["players"][seat]
    rows = UI.hand(position, WORDS)
    text = "\n".join(r.text.plain for r in rows)
    for rid in me["hand"]:
        card = CONTENT.resources[rid]
        assert ("resource", rid) in [r.card for r in rows]
        top, bottom = (f"{c} {n} {look.TYPES[t]}" for c, n, t in (card.top, card.bottom))
        assert f"{words_card_name(rid)} {top} / {bottom}" in text  # its one name: R55
    assert "Basic Defense Plan" in text
    for plan in me["plans"]:
        assert CONTENT.plans[plan].name in text
    for artifact in me["artifacts"]:
        assert CONTENT.artifacts[artifact].name in text
    game = mid_game()
    spectator = "\n".join(r.text.plain for r in UI.hand(game.view(SPECTATOR), WORDS))
    assert not re.search(r"\bR\d+\b", spectator) and "secrets" in spectator


def test_the_status_line_and_the_scores(position: dict[str, Any]) -> None:
    status = UI.status(position, WORDS)
    assert f"Turn {position['turns']}" in status
    assert f"{position['players'][position['turn']]['name']}'s turn" in status
    assert f"Round marker {position['marker']}" in status
    game = Game.new(Options(players=3, seed=5))
    rng = Rng(5)
    while not game.over:
        prompt = game.pending()[0]
        game.apply(prompt.seat, rng.choice(prompt.options))
    view = game.view(0)
    text = text_of(UI.scores(view, WORDS), 80)
    best = max(view["players"], key=lambda p: sum(p["end_vp"].values()))
    assert f"{best['name']} (wins)" in text
    for p in view["players"]:
        parts = p["end_vp"]
        assert re.search(rf"{p['name']}.*{parts['play']} +{parts['empire']} +"
                         rf"{parts['technology']} +{parts['faction']} +{sum(parts.values())}",
                         text)


def attacks(players: int, seed: int) -> list[tuple[str, int, dict[str, Any], Game]]:
    """Every attack prompt of a random game: (kind, seat asked, that seat's view, game)."""
    game = Game.new(Options(players=players, seed=seed))
    rng = Rng(seed)
    found = []
    while not game.over and len(found) < 40:
        prompt = game.pending()[0]
        if prompt.kind in ("defense_plan", "reveal_pick", "boost", "blockade_place"):
            found.append((prompt.kind, prompt.seat, game.view(prompt.seat), game))
        game.apply(prompt.seat, rng.choice([o for o in prompt.options
                                            if o.startswith(("offensive", "seat:"))]
                                           or prompt.options))
    return found


def test_the_view_tells_the_attack_under_way_and_keeps_the_plan_secret_until_a_result(
        ) -> None:
    seen = attacks(3, 11)
    assert {kind for kind, *_ in seen} >= {"defense_plan", "blockade_place"}
    for kind, seat, view, _ in seen:
        attack = view["attack"]
        if kind == "blockade_place" and attack is None:
            continue  # an artifact's or a card's blockade, no attack
        assert attack is not None
        if kind == "defense_plan":
            assert attack["plan"] is None  # not chosen yet
        if kind in ("reveal_pick", "boost"):
            assert attack["attacker"] == seat and attack["strike"]["cards"]
            if attack["target"] == "player" and attack["last"] is None:
                assert attack["plan"] is None  # the attacker learns it with the first result
        if kind == "blockade_place":
            last = attack["last"]
            assert last is not None and attack["plan"] is not None
            assert last["row"] == look.table_of(last["table"]).row(last["value"]).value


def test_the_battle_pane_shows_the_attack_to_whom_it_concerns() -> None:
    _, _, view, _ = next(a for a in attacks(3, 11)
                         if a[0] == "blockade_place" and a[2]["attack"])
    attack = view["attack"]
    text = text_of(UI.battle(view, WORDS) or "", 60)
    assert f"{view['players'][attack['attacker']]['name']} attacks" in text
    assert f"Attack value {attack['last']['value']}: row {attack['last']['row']}" in text
    for rid in attack["last"]["cards"]:
        assert f"{words_card_name(rid)} ({CONTENT.resources[rid].number})" in text
    assert f"▸ {attack['last']['row']} " in text  # the row that applies, marked
    bystander = next(s for s in range(3) if s not in (attack["attacker"], attack["defender"]))
    view["seat"] = bystander
    assert UI.battle(view, WORDS) is None
    view["attack"] = None
    view["seat"] = attack["attacker"]
    assert UI.battle(view, WORDS) is None


DESIGN = (Path(__file__).parents[2] / "docs/alien-artifacts.md").read_text(encoding="utf-8")
PROMPT_TABLE = DESIGN.split("## Decisions (prompt kinds)")[1].split("Multi-step")[0]
PROMPT_KINDS = re.findall(r"^\| `([a-z_]+)`(?:, `([a-z_]+)`)?(?:, `([a-z_]+)`)? \|",
                          PROMPT_TABLE, re.M)


def test_every_decision_kind_has_a_guide_to_a_section_of_the_rules() -> None:
    sections = {title for title, _ in rules_reference_of()}
    kinds = {k for row in PROMPT_KINDS for k in row if k}
    assert len(kinds) >= 30
    for kind in kinds:
        assert UI.guide(kind) in sections, kind


def rules_reference_of() -> list[tuple[str, str]]:
    text = (Path(look.__file__).parent / "rules.md").read_text(encoding="utf-8")
    return [(block.partition("\n")[0].strip(), block) for block in text.split("\n## ")[1:]]
