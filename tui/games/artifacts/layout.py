"""What the card table shows, laid out for a width: the shared area (the Available Alien
System and its table by attack value, the three card decks, the Resource deck and discard
pile, the round marker, the Defense Plan and Alien Artifact decks), then every player's
board, its three rows with the Under Construction cards and the Empire beside them when
the pane is wide, under them when it is narrow.

Each card or deck is a piece of its own spot (core/games/artifacts/words/spots.py), opened
by a mark: ``▸`` a pick of the decision, ``*`` changed since the player's last decision."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from core.games.artifacts.content.model import KINDS
from core.games.artifacts.words import spots
from core.games.artifacts.words.names import face_of, seat_name
from tui.games.artifacts import look
from tui.games.artifacts.flow import Line, Piece, Placed, beside, flow

WIDE = 90  # from this width, Under Construction and Empire stand side by side
LABEL = 9  # the row labels' column when wide
ROW_LABELS = {"ship": "Ships", "technology": "Techs", "planet": "Planets"}
TARGET, CHANGED = "▸", "*"


def opener(spot: int, targets: set[int], changed: set[int] | frozenset[int]) -> Text:
    if spot in targets:
        return Text(TARGET, style="bold reverse")
    return Text(CHANGED if spot in changed else " ", style="bold")


def table_lines(view: dict[str, Any], width: int, targets: set[int],
                changed: set[int] | frozenset[int] = frozenset()) -> list[Line]:
    def spot_piece(text: Text, spot: int, alone: bool = False) -> Piece:
        return Piece(opener(spot, targets, changed) + text, spot, alone)

    lines = flow(shared(view, spot_piece), width, indent=1)
    for p in view["players"]:
        lines.append([])
        lines += board(view, p, width, spot_piece)
    return lines


def shared(view: dict[str, Any], piece: Any) -> list[Piece]:
    system = Text("Alien System ", style="bold").append(
        look.table_of(view["system"]).name if view["system"] else "none", style="bold")
    system.append(f" ({view['system_count']} under it):")
    rows = look.table_rows(look.table_of(view["system"])) if view["system"] else []
    for i, (_, values, what) in enumerate(rows):
        system.append(f" {values}", style="bold").append(f" {what}" + (";" if i < len(rows) - 1
                                                                       else ""))
    pieces = [piece(system, spots.SYSTEM, alone=True)]
    for kind in KINDS:
        deck = view["decks"][kind]
        top = deck["top"]  # its Logistics side lies up (R31)
        shown = look.card_name(kind, top) if top else "-"
        if top and not face_of(top):  # a face's name is its Type and kind already
            shown += f" {look.TYPES[look.card_type(kind, top)]}"
        pieces.append(piece(Text(f"{look.KIND_NAMES[kind]} deck {deck['count']}, top {shown}"),
                            spots.DECKS[kind], alone=kind == "ship"))
    pieces.append(piece(Text(f"Resources {view['deck_count']}"), spots.RESOURCE_DECK,
                        alone=True))
    pieces.append(piece(Text(f"discard {len(view['discard'])}"), spots.DISCARD))
    pieces.append(Piece(Text(f" Round marker {view['marker']}, pass {view['passes']}"
                             + (", the end is near" if view["ending"] else ""))))
    pieces.append(Piece(Text(f" Blockade tokens {view['tokens_left']} " + look.BLOCKADE)))
    pieces.append(piece(Text(f"Defense Plans {view['plan_count']}"), spots.PLAN_DECK,
                        alone=True))
    pieces.append(piece(Text(f"Artifacts {view['artifact_count']}"), spots.ARTIFACT_DECK))
    pieces.append(piece(Text(f"played {len(view['artifact_pile'])}"), spots.ARTIFACT_PILE))
    return pieces


def heading(view: dict[str, Any], p: dict[str, Any]) -> Text:
    seat = p["seat"]
    text = look.mark(view, seat)
    text.append(f" {seat_name(view, seat)}", style=look.mark(view, seat).style)
    text.append(f" · {p['credits']} cr · {p['vp']} VP"
                f" · hand {p['hand_count']} · plans {p['plan_count']}"
                f" · artifacts {p['artifact_count']}")
    if view["turn"] == seat:
        text.append(" · to play", style="bold")
    return text


def card_text(card: dict[str, Any], p: dict[str, Any]) -> Text:
    """A card on a board: its name, Type (a ship's attack bonus), the side it is on, its
    Blockade tokens and the sections prepared or produced under it."""
    kind, cid = card["kind"], card["id"]
    text = Text(look.card_name(kind, cid), style="bold")
    if not face_of(cid):  # a card known by its face only shows its Type in its name
        text.append(f" {look.TYPES[look.card_type(kind, cid)]}")
    if kind == "ship" and not face_of(cid):
        text.append(f"+{look.content().ships[cid].bonus}")
    if card["side"]:
        text.append(f" {look.SIDE_NAMES[kind, card['side']]}", style="italic")
    if card["tokens"]:
        text.append(" " + look.BLOCKADE * card["tokens"], style="bold red")
    if cid in p["used"] or cid in p["attacked"]:
        text.append(" (used)", style="dim")
    return text


def card_pieces(card: dict[str, Any], p: dict[str, Any], piece: Any) -> list[Piece]:
    """A card, then each section tucked under it (``↳``), the spot of its Resource card."""
    return [piece(card_text(card, p), spots.card_spot(card["id"])),
            *(piece(Text(look.TUCKED).append_text(look.tucked(entry)),
                    spots.card_spot(entry.split(":")[0])) for entry in card["under"])]


def board(view: dict[str, Any], p: dict[str, Any], width: int, piece: Any) -> list[Line]:
    seat = p["seat"]
    lines = flow([piece(heading(view, p), spots.seat_spot(seat))], width, indent=2)
    wide = width >= WIDE
    column = (width - LABEL - 3) // 2
    if wide:
        lines.append(beside([(LABEL, [[_dim_placed("Under Construction")]]),
                             (LABEL + column + 1, [[_dim_placed("│ Empire")]])])[0])
    for kind in KINDS:
        label = Piece(Text(ROW_LABELS[kind], style="bold"))
        building = [x for c in p["construction"] if c["kind"] == kind
                    for x in card_pieces(c, p, piece)]
        built = [x for c in p["empire"] if c["kind"] == kind for x in card_pieces(c, p, piece)]
        if wide:
            rule = [[_dim_placed("│")]] * max(len(flow(building or [_none()], column)),
                                               len(flow(built or [_none()], column - 2)))
            lines += beside([(0, flow([label], LABEL)),
                             (LABEL, flow(building or [_none()], column)),
                             (LABEL + column + 1, rule),
                             (LABEL + column + 3, flow(built or [_none()], column - 2))])
        else:
            lines += flow([label, Piece(Text("building:", style="dim")),
                           *(building or [_none()])], width, indent=4)
            lines += flow([Piece(Text("    empire:", style="dim")), *(built or [_none()])],
                          width, indent=4)
    return lines


def _none() -> Piece:
    return Piece(Text("-", style="dim"))


def _dim_placed(text: str) -> Placed:
    return Placed(0, Text(text, style="dim"), None)
