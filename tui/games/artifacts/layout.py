"""What the card table shows, laid out for a width: the shared area (the Available Alien
System and its rows by attack value, the three card decks and their top cards, the
Resource deck and discard pile, the round marker, the Blockade supply, the Defense Plan
and Alien Artifact decks), then every player's board, its three rows with the Under
Construction cards and the Empire beside them when the pane is wide, in one column when it
is narrow.

A card reads at a glance: its name and Type, its Blockade tokens, what it does in a few
words (brief.py): in the Empire the side it lies on; Under Construction its Logistics side,
which lies face up, with what completing it costs and how much of that its prepared cards
already pay; then the sections tucked under it. A rival's card known by its face only
shows what its face shows.

Each card or deck is a piece of its own spot (core/games/artifacts/words/spots.py), opened
by a mark: ``▸`` a pick of the decision, ``*`` changed since the player's last decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from core.games.artifacts.board import KIND_ACTION
from core.games.artifacts.construct import terms
from core.games.artifacts.content.model import KINDS
from core.games.artifacts.payment import prepared, shortfall
from core.games.artifacts.words import spots
from core.games.artifacts.words.names import KIND_NAMES, face_of, seat_name
from tui.games.artifacts import brief, look
from tui.games.artifacts.flow import Line, Piece, Placed, beside, flow

WIDE = 90  # from this width, Under Construction and Empire stand side by side
LABEL = 9  # the row labels' column
ROW_LABELS = {"ship": "Ships", "technology": "Techs", "planet": "Planets"}
TARGET, CHANGED = "▸", "*"
INDENT = 3  # a card's lines after its first

Spotted = Callable[..., Piece]  # (text, spot, alone=False) -> a piece opened by its mark


def opener(spot: int, targets: set[int], changed: set[int] | frozenset[int]) -> Text:
    if spot in targets:
        return Text(TARGET, style="bold reverse")
    return Text(CHANGED if spot in changed else " ", style="bold")


def table_lines(view: dict[str, Any], width: int, targets: set[int],
                changed: set[int] | frozenset[int] = frozenset()) -> list[Line]:
    def spot_piece(text: Text, spot: int, alone: bool = False) -> Piece:
        return Piece(opener(spot, targets, changed) + text, spot, alone)

    def more(text: Text, spot: int) -> Piece:  # a card's further piece: no mark of its own
        return Piece(text, spot)

    lines = flow(shared(view, spot_piece, more), width, indent=INDENT)
    for p in view["players"]:
        lines.append([])
        lines += board(view, p, width, spot_piece, more)
    return lines


def board_top(lines: list[Line], seat: int) -> int | None:
    """The line where a seat's board begins (its heading), None if it is not there."""
    spot = spots.seat_spot(seat)
    return next((y for y, line in enumerate(lines) if any(p.spot == spot for p in line)),
                None)


def shared(view: dict[str, Any], piece: Spotted, more: Spotted) -> list[Piece]:
    pieces = system(view, piece, more)
    for kind in KINDS:
        deck = view["decks"][kind]
        top = deck["top"]  # its Logistics side lies up (R31)
        head = Text(f"{KIND_NAMES[kind]} deck {deck['count']}, top: ")
        head.append_text(_title(kind, top) if top else Text("none"))
        pieces.append(piece(head, spots.DECKS[kind], alone=True))
        if top:
            pieces.append(more(_effect(kind, top, "logistics"), spots.DECKS[kind]))
    pieces.append(piece(Text(f"Resources {view['deck_count']}"), spots.RESOURCE_DECK,
                        alone=True))
    pieces.append(piece(Text(f"discard {len(view['discard'])}"), spots.DISCARD))
    pieces.append(Piece(Text(f"Round marker {view['marker']}, pass {view['passes']}"
                             + (", the end is near" if view["ending"] else ""))))
    pieces.append(Piece(Text(f"Blockade tokens {view['tokens_left']} " + look.BLOCKADE)))
    pieces.append(piece(Text(f"Defense Plans {view['plan_count']}"), spots.PLAN_DECK))
    pieces.append(piece(Text(f"Artifacts {view['artifact_count']}"), spots.ARTIFACT_DECK))
    pieces.append(piece(Text(f"played {len(view['artifact_pile'])}"), spots.ARTIFACT_PILE))
    return pieces


def system(view: dict[str, Any], piece: Spotted, more: Spotted) -> list[Piece]:
    """The Available Alien System: its name, then each row of its table, the attack value
    it answers first."""
    if not view["system"]:
        return [piece(Text("Alien System: none", style="bold"), spots.SYSTEM, alone=True)]
    table = look.table_of(view["system"])
    head = Text("Alien System ", style="bold").append(table.name, style="bold")
    head.append(f" ({view['system_count']} under it), by attack value:")
    pieces = [piece(head, spots.SYSTEM, alone=True)]
    for _, values, what in look.table_rows(table):
        pieces.append(more(Text(f"{values}:", style="bold").append(f" {what}"), spots.SYSTEM))
    return pieces


def heading(view: dict[str, Any], p: dict[str, Any]) -> list[Text]:
    """A seat's heading as its parts: the player, then credits, VP, the hidden counts and
    whether they are to play (each after a ``·`` where it follows on the same line)."""
    seat = p["seat"]
    player = look.mark(view, seat)
    player.append(f" {seat_name(view, seat)}", style=look.mark(view, seat).style)
    parts = [player, *(Text(part) for part in (
        f"{p['credits']} cr", f"{p['vp']} VP", f"hand {p['hand_count']}",
        f"plans {p['plan_count']}", f"artifacts {p['artifact_count']}"))]
    if view["turn"] == seat:
        parts.append(Text("to play", style="bold"))
    return parts


def heading_lines(parts: list[Text], width: int, spot: int, indent: int = 2) -> list[Line]:
    """The heading's parts on as few lines as ``width`` allows, a line broken only between
    two parts (never inside "hand 3", nor after a ``·``), the later lines indented."""
    lines: list[Text] = []
    for part in parts:
        room = width - (indent if len(lines) > 1 else 0)  # the line being filled, indented
        if lines and lines[-1].cell_len + 3 + part.cell_len <= room:
            lines[-1].append(" · ").append_text(part)
        else:
            lines.append(part.copy())
    return [[Placed(indent if i else 0, line, spot)] for i, line in enumerate(lines)]


def _title(kind: str, cid: str) -> Text:
    """A card's name and Type ("Aurum Explt"); a card known by its face only is named by
    its Type and kind ("Explore Ship")."""
    text = Text(look.card_name(kind, cid), style="bold")
    if not face_of(cid):
        text.append(f" {look.TYPES[look.card_type(kind, cid)]}")
    return text


def _effect(kind: str, cid: str, side: str) -> Text:
    return Text(brief.side(kind, cid, side))


def progress(card: dict[str, Any], p: dict[str, Any]) -> Text:
    """What completing a card Under Construction costs its owner now and how much of it
    the sections prepared under it pay: "3/8 green" (gold is wild, R7)."""
    c = look.content()
    action = KIND_ACTION[card["kind"]]
    need, wild, _ = terms(c, look.player_of(p), action, 0, [])
    paid = prepared(c, list(card["under"]), need, wild)
    (colour, cost), = need.items()
    text = Text(f"{cost - shortfall(need, paid)}/{cost} ")
    return text.append_text(look.colour(colour))


def card_text(card: dict[str, Any], p: dict[str, Any], building_word: bool = False) -> Text:
    """A card's first line: its name and Type, Blockade tokens, whether it was used this
    turn, then its progress Under Construction or the side it lies on in the Empire."""
    kind, cid = card["kind"], card["id"]
    text = _title(kind, cid)
    if card["tokens"]:
        text.append(" " + look.BLOCKADE * card["tokens"], style="bold")
    if cid in p["used"] or cid in p["attacked"]:
        text.append(" (used)", style="dim")
    if card["side"]:
        text.append(f" {look.SIDE_NAMES[kind, card['side']]}", style="italic")
    else:
        text.append(" building " if building_word else " ", style="dim")
        text.append_text(progress(card, p))
    return text


def card_pieces(card: dict[str, Any], p: dict[str, Any], piece: Spotted, more: Spotted,
                building_word: bool = False) -> list[Piece]:
    """A card: its line, what it does, then each section tucked under it (``↳``, the spot
    of its Resource card)."""
    spot = spots.card_spot(card["id"])
    side = card["side"] or "logistics"  # Under Construction, the Logistics side lies up
    return [piece(card_text(card, p, building_word), spot, alone=True),
            more(_effect(card["kind"], card["id"], side), spot),
            *(piece(Text(look.TUCKED).append_text(look.tucked(entry)),
                    spots.card_spot(entry.split(":")[0])) for entry in card["under"])]


def board(view: dict[str, Any], p: dict[str, Any], width: int, piece: Spotted,
          more: Spotted) -> list[Line]:
    seat = p["seat"]
    first, *rest = heading(view, p)
    opened = piece(first, spots.seat_spot(seat)).text  # the player opened by the spot's mark
    lines = heading_lines([opened, *rest], width, spots.seat_spot(seat))
    wide = width >= WIDE
    column = (width - LABEL - 3) // 2
    if wide:
        lines.append(beside([(LABEL, [[_dim_placed("Under Construction")]]),
                             (LABEL + column + 1, [[_dim_placed("│ Empire")]])])[0])
    for kind in KINDS:
        label = flow([Piece(Text(ROW_LABELS[kind], style="bold"))], LABEL)
        building = [x for c in p["construction"] if c["kind"] == kind
                    for x in card_pieces(c, p, piece, more, building_word=not wide)]
        built = [x for c in p["empire"] if c["kind"] == kind
                 for x in card_pieces(c, p, piece, more)]
        if wide:
            left = flow(building or [_none()], column, indent=INDENT)
            right = flow(built or [_none()], column - 2, indent=INDENT)
            rule = [[_dim_placed("│")]] * max(len(left), len(right))
            lines += beside([(0, label), (LABEL, left), (LABEL + column + 1, rule),
                             (LABEL + column + 3, right)])
        else:
            lines += beside([(0, label), (LABEL, flow([*building, *built] or [_none()],
                                                      width - LABEL, indent=INDENT))])
    return lines


def _none() -> Piece:
    return Piece(Text("-", style="dim"))


def _dim_placed(text: str) -> Placed:
    return Placed(0, Text(text, style="dim"), None)
