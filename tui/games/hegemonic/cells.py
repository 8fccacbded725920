"""What a sector's box on the map shows, and the sector in full under the map.

The tokens extend the notation of the game's words (``fractal show`` and its legend) with
who holds each Location; every owner's pieces carry the owner's mark
(core.words.SEAT_MARKS) and colour, so nothing depends on colour alone:

- ``I●●-`` Industrial Locations: a mark per Complex, ``-`` for an empty Location;
- ``P2o●`` a Political Location of power 2 of the orange faction (``p`` purple, ``g``
  green, none in a Home) and whose Embassy stands there (``-``: nobody's);
- ``M3●2`` a Martial Location with room for 3 and a stack of 2 of Red's Outposts (``M3``:
  an empty one);
- ``●aaf=2`` a player's Units: an ``a`` per Agent, an ``f`` per Fleet, ``=2`` an end of
  their second gate pair (the other end says the same).

A box shows the sector's name (its number is on the border), then every piece when its
tokens fit; when they do not, each player's power there (what scoring reads) and Units'
letters (``●4af``, or ``●4+5`` for five Units), and the line under the map gives the
sector in full.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from rich.style import Style
from rich.text import Text

from core.celltext import named, shortened
from core.games.hegemonic.content import Content, load_content
from core.games.hegemonic.words.text import sector_power
from core.words import SEAT_MARKS
from tui.widgets import marks as seat_marks
from tui.widgets.marks import seat_style

View = dict[str, Any]
Chars = list[tuple[str, Style]]

PLAIN = Style()
DIM = Style(dim=True)
BOLD = Style(bold=True)
LEAD = Style(underline=True)
NOBODY = "-"  # an empty Location
EMPTY_HEX = "·"
FACTION_LETTERS = {"orange": "o", "purple": "p", "green": "g", "": ""}
# The factions' own colours, off the seats' palette (tui.widgets.marks); where a terminal
# has only 16 colours they come near a seat's, so the letter is what tells them apart.
FACTION_STYLES = {"orange": Style(color="dark_orange", bold=True, italic=True),
                  "purple": Style(color="medium_purple1", bold=True, italic=True),
                  "green": Style(color="spring_green3", bold=True, italic=True), "": PLAIN}
PHASES = {"setup": ("Setup", "Setup"), "collection": ("Collection", "Coll."),
          "expansion": ("Expansion", "Exp."), "action1": ("Action 1", "Act 1"),
          "action2": ("Action 2", "Act 2"), "action3": ("Action 3", "Act 3"),
          "arbitration": ("Arbitration", "Arb."), "over": ("Game over", "Over")}


@cache
def content() -> Content:
    """Tile and technology names and numbers: the same data the engine reads."""
    return load_content()


def mark(view: View, seat: int) -> Text:
    """A player's mark in their colour."""
    symbol, style = marks(view)[seat]
    return Text(symbol, style=style)


def marks(view: View) -> tuple[tuple[str, Style], ...]:
    """Each seat's mark and style, by seat."""
    return _marks(tuple(p["colour"] for p in view["players"]), seat_marks.mode())


@cache  # the map asks for them for every box it draws (the shades depend on the mode)
def _marks(colours: tuple[str, ...], mode: tuple[bool, str]
           ) -> tuple[tuple[str, Style], ...]:
    return tuple((SEAT_MARKS[colour], seat_style(colour)) for colour in colours)


# --- tokens -------------------------------------------------------------------------------


def units(view: View, sector: int, pairs: bool) -> dict[int, str]:
    """Each seat's Units in a sector as letters: ``aaf=2`` (with ``pairs``, a gate end
    says which of its owner's pairs it is)."""
    found = {}
    for p in view["players"]:
        letters = "a" * p["agents"].count(sector) + "f" * p["fleets"].count(sector)
        for pair, ends in enumerate(p["gates"]):
            if sector in ends:
                letters += f"={pair + 1}" if pairs else "="
        if letters:
            found[p["seat"]] = letters
    return found


def _owner(view: View, seat: int) -> tuple[str, Style]:
    if seat < 0:
        return NOBODY, DIM
    return marks(view)[seat]


def detail_tokens(view: View, sector: int) -> list[Chars]:
    """Every Location and Unit of the sector as tokens (see the module's notes)."""
    record = view["sectors"][sector]
    faction = record["faction"] or ""
    tokens: list[Chars] = []
    industrial: Chars = [("I", PLAIN)]
    for loc_id in record["locations"]:
        loc = view["locations"][loc_id]
        owner = _owner(view, loc["owner"])
        if loc["kind"] == "industrial":
            industrial.append(owner)
        elif loc["kind"] == "political":
            tokens.append([("P", PLAIN), (str(loc["power"]), PLAIN),
                           *_plain(FACTION_LETTERS[faction], FACTION_STYLES[faction]), owner])
        else:
            stack = [owner, *_plain(str(loc["height"]))] if loc["owner"] >= 0 else []
            tokens.append([("M", PLAIN), (str(loc["power"]), PLAIN), *stack])
    if len(industrial) > 1:
        tokens.insert(0, industrial)
    for seat, letters in units(view, sector, pairs=True).items():
        tokens.append([marks(view)[seat], *_plain(letters)])
    return tokens


def count_tokens(view: View, sector: int, width: int) -> list[Chars]:
    """Each player's power in the sector and their Units' letters, ``●4af``; where that is
    too long for a box, the Units counted, ``●4+5``, else apart, ``●4`` ``●+5``."""
    powers, letters = sector_power(view, sector), units(view, sector, pairs=False)
    tokens = []
    for seat in sorted({*powers, *letters}):
        value, units_here = str(powers.get(seat, "")), letters.get(seat, "")
        parts = [value + units_here]
        if len(parts[0]) >= width:
            parts = [f"{value}+{len(units_here)}"]
        if len(parts[0]) >= width:
            parts = [value, f"+{len(units_here)}"]
        tokens += [[marks(view)[seat], *_plain(part)] for part in parts]
    return tokens


def _plain(text: str, style: Style = PLAIN) -> Chars:
    return [(char, style) for char in text]


# --- a box's inside ----------------------------------------------------------------------


def heading(view: View, sector: int) -> tuple[str, Style]:
    """The sector's name as its box shows it: a Home's House, a tile's name, or nothing
    yet."""
    record = view["sectors"][sector]
    if record["home"] >= 0:
        owner = view["players"][record["home"]]
        name = next(h.name for h in content().homes if h.id == owner["house"])
        return "⌂ " + name.removeprefix("House "), seat_style(owner["colour"])
    if record["tile"]:
        return content().tiles[record["tile"]].name, PLAIN
    return EMPTY_HEX, DIM


def boxed(view: View, sector: int, width: int, rows: int) -> tuple[list[Chars], bool]:
    """The lines inside a sector's box, and whether every owner's pieces found room: its
    name (on the lines the pieces leave it, cut with … on the last where it is longer),
    then every piece if they fit, else each player's power and Units run together (each
    begins with a mark), cut short with … in the rare sector where even they do not fit.
    The name always shows in a box of three lines or more; in the smaller looks it gives
    way only to pieces that need every line, the sector's number staying on the border."""
    tokens = detail_tokens(view, sector)
    name, style = heading(view, sector)
    title = _plain(shortened(name, "name", None, width).text, style)
    if not tokens:
        return _name(name, style, width, rows), True
    detail = _wrap(tokens, width)
    counted = count_tokens(view, sector, width)
    attempts = [[title, *detail], [title, *_wrap(counted, width, gap="")]]
    if rows < 3:
        attempts[1:1] = [detail]
        attempts.append(_wrap(counted, width, gap=""))
    for attempt in attempts:
        if len(attempt) <= rows and all(len(line) <= width for line in attempt):
            if attempt[0] is title:  # the lines the pieces leave are the name's
                return [*_name(name, style, width, rows - len(attempt) + 1), *attempt[1:]], True
            return attempt, True
    head, room = ([title], rows - 1) if rows > 2 else ([], rows)
    lines = _wrap(counted, width, gap="")
    while len(lines) > room:  # the last owners give way to a "…", whole tokens at a time
        counted = counted[:-1]
        lines = _wrap([*counted, [("…", PLAIN)]], width, gap="")
    return [*head, *lines], False


def line(view: View, sector: int, width: int) -> tuple[Chars, bool]:
    """A sector on one line of ``width``, for the bare looks, and whether every owner's
    pieces found room: its number (in its owner's colour), then each player's mark and
    count of pieces there, the strongest first (``12 ●5■1``: five of Red's pieces, one of
    Blue's); no space after the number where that does not fit, else the last owners cut
    off with …. A sector without pieces shows its name as far as it goes, an empty hex
    a ``·``."""
    number = _plain(str(sector), _leader_style(view, sector))
    found = pieces(view, sector)
    if not found:
        name, style = heading(view, sector)
        room = width - len(number) - 1  # a name cut shorter than two letters and … says nothing
        if room > 2 or (name == EMPTY_HEX and room > 0):
            return [*number, *_plain(" " + shortened(name, "name", None, room).text, style)], True
        return number, True
    strength = sector_power(view, sector)
    body: Chars = []
    for seat in sorted(found, key=lambda seat: (-strength.get(seat, 0), seat)):
        body += [marks(view)[seat], *_plain(str(found[seat]))]
    for gap in (" ", ""):
        if len(number) + len(gap) + len(body) <= width:
            return [*number, *_plain(gap), *body], True
    cut = [*number, *body]
    while len(cut) > width - 1 and len(cut) > len(number):  # the last owners give way
        cut = cut[:max(i for i, (char, _) in enumerate(cut) if char in SEAT_MARKS.values())]
    return [*cut, ("…", PLAIN)][:width], False


def pieces(view: View, sector: int) -> dict[int, int]:
    """Each seat's pieces in a sector: its Bases (a stack by its height), Agents, Fleets
    and gate ends."""
    found: dict[int, int] = {}
    for loc_id in view["sectors"][sector]["locations"]:
        loc = view["locations"][loc_id]
        if loc["owner"] >= 0:
            found[loc["owner"]] = found.get(loc["owner"], 0) + loc["height"]
    for seat, letters in units(view, sector, pairs=False).items():
        found[seat] = found.get(seat, 0) + len(letters)
    return found


def _leader_style(view: View, sector: int) -> Style:
    """A sector's number in its owner's colour (a Home's, else the player with the most
    power there, alone), bold; plain bold for nobody's or a tie; dim for an empty hex."""
    record = view["sectors"][sector]
    home = int(record["home"])
    if home >= 0:
        return marks(view)[home][1] + BOLD
    found = sorted(sector_power(view, sector).items(), key=lambda sp: -sp[1])
    if found and (len(found) == 1 or found[0][1] > found[1][1]):
        return marks(view)[found[0][0]][1] + BOLD
    return BOLD if record["tile"] else DIM


def _name(name: str, style: Style, width: int, most: int) -> list[Chars]:
    """A sector's name word by word on up to ``most`` lines, cut short (with …) only on
    the last."""
    lines = named((), name, "name", None, width, most, least=1)
    if lines is None:
        return [_plain(shortened(name, "name", None, width).text, style)]
    return [_plain("".join(piece.text for piece in line), style) for line in lines]


def _wrap(tokens: list[Chars], width: int, gap: str = " ") -> list[Chars]:
    """Tokens on lines of ``width``, ``gap`` between two tokens on a line."""
    lines: list[Chars] = []
    line: Chars = []
    for token in tokens:
        if line and len(line) + len(gap) + len(token) > width:
            lines.append(line)
            line = []
        line = [*line, *_plain(gap), *token] if line else list(token)
    if line:
        lines.append(line)
    return lines


def center(view: View, width: int, rows: int) -> list[Chars]:
    """The Center: the round and the phase, the track it holds in the game."""
    long, short = PHASES.get(view["phase"], (view["phase"], view["phase"]))
    phase = long if len(long) <= width else short
    lines = [_plain(f"Round {view['round']}" if width >= 7 else f"R{view['round']}", DIM),
             _plain(phase[:width], Style(bold=True))]
    return lines[-rows:]


# --- in full, under the map ---------------------------------------------------------------


def sector_details(view: View, sector: int) -> str:
    """The sector under the cursor in full: its name and board, each Location and its
    owner, the Units, the gates and where their other ends are, and its board's standing."""
    record = view["sectors"][sector]
    name, _ = heading(view, sector)
    board = "the Galactic Core" if record["board"] == 0 else f"board {record['board']}"
    faction = f", {record['faction']} faction" if record["faction"] else ""
    parts = [f"{sector} {name if record['tile'] else 'Empty hex'} ({board}{faction})."]
    parts += list(_location_words(view, sector))
    parts += list(_unit_words(view, sector))
    parts.append(board_standing(view, record["board"]))
    return " ".join(parts)


def _who(view: View, seat: int) -> str:
    return f"{SEAT_MARKS[view['players'][seat]['colour']]} {view['players'][seat]['name']}"


def _location_words(view: View, sector: int) -> Iterator[str]:
    locations = [view["locations"][i] for i in view["sectors"][sector]["locations"]]
    industrial = [_who(view, loc["owner"]) if loc["owner"] >= 0 else "empty"
                  for loc in locations if loc["kind"] == "industrial"]
    if industrial:
        yield f"Industrial: {', '.join(industrial)}."
    for loc in locations:
        owner = _who(view, loc["owner"]) if loc["owner"] >= 0 else "empty"
        if loc["kind"] == "political":
            yield f"Political {loc['power']}: {owner}."
        elif loc["kind"] == "martial" and loc["owner"] >= 0:
            yield f"Martial, {loc['height']} of {loc['power']}: {owner}."
        elif loc["kind"] == "martial":
            yield f"Martial, room for {loc['power']}: empty."


def _unit_words(view: View, sector: int) -> Iterator[str]:
    for key, noun in (("agents", "Agents"), ("fleets", "Fleets")):
        here = [_who(view, p["seat"]) for p in view["players"] for at in p[key] if at == sector]
        if here:
            yield f"{noun}: {', '.join(here)}."
    for p in view["players"]:
        for pair, ends in enumerate(p["gates"]):
            if sector in ends:
                other = ends[1] if ends[0] == sector else ends[0]
                yield f"Gate pair {pair + 1} of {_who(view, p['seat'])} to {other}."


# --- each board's standing ----------------------------------------------------------------


def standing(view: View, board: int) -> list[tuple[int, int]]:
    """(seat, power) of everyone with power on the board, the strongest first."""
    row = next(s for s in view["board_standings"] if s["board"] == board)
    found = [(seat, power) for seat, power in enumerate(row["power"]) if power > 0]
    return sorted(found, key=lambda sp: (-sp[1], sp[0]))


def board_name(board: int) -> str:
    return "Core" if board == 0 else f"B{board}"


def board_standing(view: View, board: int) -> str:
    """A board's power per player and who leads it, as scoring would read it now."""
    found = standing(view, board)
    name = "The Core" if board == 0 else f"Board {board}"
    if not found:
        return f"{name}: nobody has a Base there."
    row = next(s for s in view["board_standings"] if s["board"] == board)
    powers = ", ".join(f"{_who(view, s)} {p} ({row['vp'][s]} VP)" for s, p in found)
    return f"{name}: {powers}; {_leader_words(view, found)}."


def _leader_words(view: View, found: list[tuple[int, int]]) -> str:
    if len(found) > 1 and found[0][1] == found[1][1]:
        return "tied for the lead"
    return f"{view['players'][found[0][0]]['name']} leads"


def board_entries(view: View) -> list[Chars]:
    """Each board's standing as styled characters: its name, then each player's mark and
    power there, the strongest first and the leader's underlined (nobody's on a tie for
    the lead); ``-`` where nobody has a Base."""
    entries = []
    for row in view["board_standings"]:
        found = standing(view, row["board"])
        entry = _plain(board_name(row["board"]), BOLD)
        if not found:
            entry += _plain(" -", DIM)
        tied = len(found) > 1 and found[0][1] == found[1][1]
        for i, (seat, power) in enumerate(found):
            symbol, style = marks(view)[seat]
            lead = LEAD if i == 0 and not tied else PLAIN
            entry += [(" ", PLAIN), (symbol, style + lead), *_plain(str(power), lead)]
        entries.append(entry)
    return entries


def standings_strip(view: View) -> Text:
    """Every board's standing in a line."""
    strip = Text()
    for i, entry in enumerate(board_entries(view)):
        if i:
            strip.append(" │ ", style=DIM)
        for char, style in entry:
            strip.append(char, style=style)
    return strip
