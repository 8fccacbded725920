"""Hegemonic as plain text: the map of hexes, every sector, every player's board, the
shared piles, each board's standing, the question (``fractal show``), and the heading,
decision lines and scores of a game told in words (``fractal replay --text``).

The map puts each sector on a cell of a character grid, pointy-top hexes in rows, every
other row shifted half a cell. A cell says the sector's number and tile, each player's
power there (what scoring reads), and their Agents, Fleets and gate ends, with the seats'
marks (``ascii=True``: plain letters), so nothing depends on colour. :func:`legend` names
every symbol and abbreviation the words use.
"""

from __future__ import annotations

import textwrap
from typing import Any

from core.games.hegemonic.words import facts, questions
from core.games.hegemonic.words.events import board_title
from core.games.hegemonic.words.names import (
    BASE_NAMES,
    FACTION_NAMES,
    KIND_NAMES,
    View,
    action_card_name,
    card_name,
    content,
    leader_name,
    location_code,
    location_twin,
    mark,
    phase_name,
    seat_name,
    sector_name,
    tile_code,
    tile_name,
)
from core.words import count, fit, listing

CELL_WIDTH = 12  # columns from one cell to the next in a row; a cell draws one less
CELL_LINES = 3  # lines a cell draws; rows are one line more apart
CORE, HOME, EMPTY = "*", "⌂", "·"
ASCII_HOME, ASCII_EMPTY = "H", "."
AGENT, FLEET, GATE = "a", "f", "="
LEGEND_WIDTH = 100
# What the words write beyond ASCII besides the marks, for terminals that take only ASCII.
PLAIN_ASCII = str.maketrans({"…": "~", "°": " deg", "“": '"', "”": '"', "’": "'"})


# --- the map -------------------------------------------------------------------------------


def sector_power(view: View, sector: int) -> dict[int, int]:
    """Each seat's power in a sector as scoring counts it: a Complex 1, an Embassy its
    Location's power (a Home's 1), an Outpost stack its height."""
    found: dict[int, int] = {}
    home = view["sectors"][sector]["home"] >= 0
    for i in view["sectors"][sector]["locations"]:
        loc = view["locations"][i]
        if loc["owner"] < 0:
            continue
        value = loc["height"] if loc["kind"] == "martial" else (
            loc["power"] if loc["kind"] == "political" and not home else 1)
        found[loc["owner"]] = found.get(loc["owner"], 0) + value
    return found


def _units_text(view: View, sector: int, ascii: bool) -> str:
    """"●af ■=": each seat's mark, then an a per Agent, an f per Fleet, an = per gate end."""
    marks: dict[int, str] = {}
    for seat, unit in facts.units_in(view, sector):
        marks[seat] = marks.get(seat, "") + (AGENT if unit == "agent" else FLEET)
    for seat, _ in facts.gate_ends(view, sector):
        marks[seat] = marks.get(seat, "") + GATE
    return " ".join(f"{mark(view, seat, ascii)}{text}" for seat, text in sorted(marks.items()))


def cell(view: View, sector: int, ascii: bool = False) -> list[str]:
    """A sector's cell: its number and tile, the players' power there, their units."""
    s = view["sectors"][sector]
    room = CELL_WIDTH - 1
    if s["home"] >= 0:
        flag, name = (ASCII_HOME if ascii else HOME), mark(view, s["home"], ascii)
    elif s["tile"]:
        flag, name = (CORE if s["board"] == 0 else " "), tile_name(s["tile"])
    else:
        flag, name = (CORE if s["board"] == 0 else " "), (ASCII_EMPTY if ascii else EMPTY)
    power = " ".join(f"{mark(view, seat, ascii)}{n}"
                     for seat, n in sorted(sector_power(view, sector).items()))
    lines = [f"{sector:>2}{flag}{name}", power, _units_text(view, sector, ascii)]
    return [fit(line, room) for line in lines]


def map_lines(view: View, ascii: bool = False) -> list[str]:
    """The galaxy drawn on its grid of cells, the Center marked."""
    sectors = view["sectors"]
    if not sectors:
        return ["(no galaxy yet)"]
    centre = (int(view["center"][0]), int(view["center"][1]))
    spots = [(s["q"], s["r"], s["id"]) for s in sectors] + [(*centre, -1)]
    xs = [2 * q + r for q, r, _ in spots]
    rows = [r for _, r, _ in spots]
    half = CELL_WIDTH // 2
    height = (max(rows) - min(rows)) * (CELL_LINES + 1) + CELL_LINES
    width = (max(xs) - min(xs)) * half + CELL_WIDTH
    canvas = [[" "] * width for _ in range(height)]
    for q, r, sector in spots:
        top = (r - min(rows)) * (CELL_LINES + 1)
        left = (2 * q + r - min(xs)) * half
        text = cell(view, sector, ascii) if sector >= 0 else ["", " Center", ""]
        for i, line in enumerate(text):
            canvas[top + i][left:left + len(line)] = list(line)
    return ["".join(line).rstrip() for line in canvas]


def legend(view: View, ascii: bool = False) -> list[tuple[str, str]]:
    """Every symbol and abbreviation the words use, with its meaning, for this view."""
    found = [(mark(view, p["seat"], ascii), seat_name(view, p["seat"]))
             for p in view["players"]]
    found += [
        (CORE, "a sector of the Galactic Core (round the Center, out of play)"),
        (ASCII_HOME if ascii else HOME, "a player's Home, with its owner's mark"),
        (ASCII_EMPTY if ascii else EMPTY, "an empty hex, waiting for a tile"),
        (f"{mark(view, 0, ascii)}3", "a player's power in a sector: 1 a Complex, an "
                                     "Embassy its Location's power, an Outpost stack its "
                                     "height"),
        (f"12 {mark(view, 0, ascii)}5", "on a map too small for boxes: sector 12, and 5 of "
                                         "the player's pieces there (Bases, Agents, Fleets, "
                                         "gate ends), the strongest player first"),
        (AGENT, "an Agent"), (FLEET, "a Fleet"), (GATE, "an end of a Quantum Gate pair"),
        ("I2", "a tile's Industrial Locations (2); I alone, one Industrial Location"),
        ("P2o", "a Political Location of power 2; o, p, g: its Orange, Purple or Green "
                "faction"),
        ("M3", "a Martial Location with room for a stack of 3 Outposts"),
        ("#2", "the second of two like Locations in a sector"),
        ("C E O", "Complex, Embassy, Outpost: the Bases of the Industrial, Political and "
                  "Martial tracks"),
        ("3/2/1", "a Technology Card's power in Industrial, Political and Martial "
                  "conflicts"),
        ("CAP", "the game's currency"), ("VP", "victory points"),
        ("Action Card (n)", "its order number: lower numbers act first"),
    ]
    return found


def legend_lines(view: View, ascii: bool = False) -> list[str]:
    text = "Legend: " + "; ".join(f"{symbol} {meaning}" for symbol, meaning in
                                  legend(view, ascii)) + "."
    return textwrap.wrap(text, LEGEND_WIDTH, break_long_words=False, break_on_hyphens=False)


# --- sectors -------------------------------------------------------------------------------


def _location_text(view: View, loc: int, ascii: bool) -> str:
    record = view["locations"][loc]
    twin = location_twin(view, loc)
    code = location_code(view, loc) + (f"#{twin}" if twin else "")
    if record["owner"] < 0:
        return f"{code} open"
    owner = mark(view, record["owner"], ascii)
    stack = f"x{record['height']}" if record["kind"] == "martial" else ""
    return f"{code} {owner}{stack}"


def sector_line(view: View, sector: int, ascii: bool = False) -> str:
    s = view["sectors"][sector]
    where = board_title(s["board"])
    faction = f", {FACTION_NAMES[s['faction']]} faction" if s["faction"] else ""
    parts = [f"{sector_name(view, sector)} ({where}{faction})"]
    if s["locations"]:
        parts.append(", ".join(_location_text(view, i, ascii) for i in s["locations"]))
    units = _units_text(view, sector, ascii)
    if units:
        parts.append(units)
    for seat, other in facts.gate_ends(view, sector):
        parts.append(f"{mark(view, seat, ascii)} gate to {other}")
    return ": ".join(parts[:2]) + "".join(f"; {p}" for p in parts[2:]) + "."


def sector_lines(view: View, ascii: bool = False) -> list[str]:
    """Every laid sector, board by board (empty hexes are in the map)."""
    lines = []
    for board in sorted({s["board"] for s in view["sectors"]}):
        laid = [s["id"] for s in view["sectors"] if s["board"] == board and s["tile"]]
        empty = [str(s["id"]) for s in view["sectors"] if s["board"] == board and not s["tile"]]
        head = f"{board_title(board)}:"
        if empty:
            head += f" empty hexes {', '.join(empty)}"
        lines.append(head)
        lines += [f"  {sector_line(view, s, ascii)}" for s in laid]
    return lines


# --- players -------------------------------------------------------------------------------


def _names(cards: list[str]) -> str:
    return ", ".join(card_name(c) for c in cards) or "none"


def _roles(view: View, seat: int) -> str:
    roles = []
    if view["arbiter"] == seat and view["phase"] != "setup":
        roles.append("Arbiter")
    if view["turn"] == seat:
        roles.append("to act")
    return f" ({', '.join(roles)})" if roles else ""


def _secret_choice(choice: str | None) -> str:
    """A choice made and not yet revealed: what it is for its own seat, else only that it
    was made."""
    if not choice:
        return "Has chosen, face down"
    data = content()
    head, _, rest = choice.partition(":")
    if choice in data.action_cards:
        return f"Action Card chosen: {action_card_name(choice)}, not yet revealed"
    if head == "support":
        return f"Support chosen: the {rest}, not yet revealed"
    if head == "none":
        return "Support chosen: nobody, not yet revealed"
    card = rest if head == "card" else choice
    return f"Card chosen: {card_name(card)}, not yet revealed"


def _kept(p: dict[str, Any]) -> str:
    """Emergent Economics lets a player keep more CAPs than the Retention Limit."""
    return "" if p["keeps"] == p["retention"] else f" (keeps {count(p['keeps'], 'CAP')})"


def player_lines(view: View, seat: int, ascii: bool = False) -> list[str]:
    p = view["players"][seat]
    boards = int(p["vp"]) - int(p["tech_vp"])
    lines = [f"{mark(view, seat, ascii)} {seat_name(view, seat)}{_roles(view, seat)}: "
             f"{p['vp']} VP (boards {boards}, technology {p['tech_vp']}); "
             f"{count(p['caps'], 'CAP')}, income {p['income']}, Retention Limit "
             f"{p['retention']}{_kept(p)}"]
    tracks = [f"{KIND_NAMES[kind]} {count(t['built'], BASE_NAMES[kind])} (next "
              f"{count(t['next_cost'], 'CAP')}, income {t['income']}, tier {t['tier']}, "
              f"{t['supply']} left)"
              for kind, t in p["tracks"].items()]
    lines.append("  " + "; ".join(tracks))
    on_map = {unit: sum(1 for at in p[unit] if at >= 0) for unit in ("agents", "fleets")}
    gates = sum(1 for g in p["gates"] if g)
    lines.append(f"  Agents {on_map['agents']} of {len(p['agents'])}, Fleets "
                 f"{on_map['fleets']} of {len(p['fleets'])}, gate pairs {gates} of "
                 f"{len(p['gates'])} on the map")
    hand = p.get("hand")
    held = _names(hand) if hand is not None else count(p["hand_size"], "card")
    lines.append(f"  Advanced: {_names(p['advanced'])}; Inactive: {_names(p['inactive'])}; "
                 f"hand: {held}")
    if p.get("card"):
        lines.append(f"  Action Card: {action_card_name(p['card'])}")
    if p.get("chosen"):
        lines.append(f"  {_secret_choice(p.get('choice'))}")
    if p.get("leader"):
        lines.append(f"  Leader: {leader_name(p['leader'])}, level {p['level']}")
    return lines


# --- what all share ------------------------------------------------------------------------


def shared_lines(view: View) -> list[str]:
    pool = ", ".join(f"{tile_name(t)} ({tile_code(t)})" for t in view["pool"]) or "empty"
    lines = [f"Sector Pool: {pool}; {count(view['stack_size'], 'tile')} in the stack",
             f"Draw pile: {count(view['deck_size'], 'card')}"]
    names = ["Discard pile"] if len(view["piles"]) == 1 else [
        f"{KIND_NAMES[k]} discard pile" for k in ("industrial", "political", "martial")]
    for name, pile in zip(names, view["piles"], strict=False):
        top = f"{card_name(pile[-1])} on top of {count(len(pile), 'card')}" if pile else "empty"
        lines.append(f"{name}: {top}")
    return lines


def standing_lines(view: View, ascii: bool = False) -> list[str]:
    """Each board's power per player and the VP it would score now."""
    lines = ["Boards as they would score now:"]
    for row in view.get("board_standings") or []:
        shown = [f"{mark(view, seat, ascii)} {power} ({vp} VP)"
                 for seat, (power, vp) in enumerate(zip(row["power"], row["vp"], strict=True))
                 if power or vp]
        lines.append(f"  {board_title(row['board'])}: {', '.join(shown) or 'nobody'}")
    return lines


# --- the decision --------------------------------------------------------------------------


def _sentence(text: str) -> str:
    return text if text.endswith(("?", ".", "!")) else f"{text}."


def question_lines(view: View, prompt: dict[str, Any] | None) -> list[str]:
    """The seat's pending question with its options, or who the game waits for."""
    if prompt is None:
        if view["phase"] == "over":
            return []
        waits = [questions.waiting(view, w["seat"], w["kind"]) for w in view["waiting"]]
        return [f"Waiting: {'; '.join(waits)}."] if waits else []
    asked = questions.question(view, prompt)
    action = f" ({asked.action})" if asked.action else ""
    lines = [f"Your decision{action}: {_sentence(asked.text)}"]
    if asked.hint:
        lines.append(f"  {_sentence(asked.hint)}")
    lines += [f"  {i:>2}. {o.label}: {o.text}" for i, o in enumerate(asked.options, 1)]
    return lines


# --- the whole position --------------------------------------------------------------------


def heading(view: View) -> str:
    who = seat_name(view, view["seat"]) if view["seat"] >= 0 else "a spectator"
    players = len(view["players"])
    stage = f"round {view['round']}, {phase_name(view['phase'])}" if view["round"] else "setup"
    if view["phase"] == "over":
        stage = f"over after round {view['round']}"
    turn = f"; {seat_name(view, view['turn'])} to act" if view["turn"] >= 0 else ""
    modules = (view.get("options") or {}).get("modules") or []
    title = {m.key: m.title for m in _modules()}
    with_ = f" with {listing([title.get(m, m) for m in modules])}" if modules else ""
    return f"Hegemonic, {players} players{with_}: {stage}{turn}; seen by {who}"


def _modules() -> tuple[Any, ...]:
    from core.games.hegemonic import GAME

    return GAME.modules


def show(view: View, prompt: dict[str, Any] | None, ascii: bool = False) -> str:
    """The map, the legend, every sector, every player, the piles, each board's standing
    and the question."""
    lines = [heading(view), "", *map_lines(view, ascii), "", *legend_lines(view, ascii), "",
             "Sectors:", *sector_lines(view, ascii)]
    for p in view["players"]:
        lines += ["", *player_lines(view, p["seat"], ascii)]
    lines += ["", *shared_lines(view), "", *standing_lines(view, ascii), ""]
    lines += score_lines(view) if view["phase"] == "over" else question_lines(view, prompt)
    text = "\n".join(lines).rstrip() + "\n"
    return text.translate(PLAIN_ASCII) if ascii else text


def score_lines(view: View) -> list[str]:
    """The scores (final, or as they stand), best first, the winners marked."""
    lines = ["Scores:"]
    for row in view["standings"]:
        p = view["players"][row["seat"]]
        won = ", winner" if row["seat"] in view["winners"] else ""
        lines.append(f"  {row['place']}. {seat_name(view, row['seat'])}: {p['vp']} VP "
                     f"(boards {int(p['vp']) - int(p['tech_vp'])}, technology "
                     f"{p['tech_vp']}); CAP gain {p['income']}{won}")
    return lines


# --- log lines -----------------------------------------------------------------------------

_CATEGORIES = {
    "setup": ("layout", "home", "first_tile", "draft_pick"),
    "movement": ("tile_hex", "move_to", "leader_unit", "stealth"),
    "battle": ("pattern", "attacker", "target", "agent_faction", "fleet_outpost", "support",
               "conflict_card", "leader", "gate_destroy", "gate_rescue", "takeover_fill",
               "hulls", "rebuild", "cleanup"),
    "cards": ("draw_source", "keep_or_advance", "action_card", "research_discard",
              "leader_advance", "tie_order"),
}


def category(kind: str) -> str:
    """A decision's log category, by its prompt kind."""
    for found, kinds in _CATEGORIES.items():
        if kind in kinds:
            return found
    return "economy"
